/* units_test.c - SimGrid unit strings: what parses, to what, and what not. */
#include "test.h"
#include "units.h"

#include <string.h>

static void parses_each_kind(void **state)
{
  (void)state;
  double v;
  assert_int_equal(units_parse(UNITS_SIZE, "128MiB", &v), 0);
  assert_true(v == 134217728.0);
  assert_int_equal(units_parse(UNITS_SIZE, "10GB", &v), 0);
  assert_true(v == 1e10);
  assert_int_equal(units_parse(UNITS_BANDWIDTH, "1Gbps", &v), 0);
  assert_true(v == 125e6);
  assert_int_equal(units_parse(UNITS_BANDWIDTH, "125MBps", &v), 0);
  assert_true(v == 125e6);
  assert_int_equal(units_parse(UNITS_SPEED, "2.4Gf", &v), 0);
  assert_true(v == 2.4e9);
  assert_int_equal(units_parse(UNITS_TIME, "50us", &v), 0);
  assert_close(v, 50e-6, 1e-18);
}

static void refuses_what_is_not_a_quantity(void **state)
{
  (void)state;
  double v = 42;
  assert_int_equal(units_parse(UNITS_SIZE, "1024", &v), -1);     /* no unit */
  assert_int_equal(units_parse(UNITS_SIZE, "1Gbps", &v), -1);    /* a bandwidth */
  assert_int_equal(units_parse(UNITS_BANDWIDTH, "1GB", &v), -1); /* a size */
  assert_int_equal(units_parse(UNITS_SPEED, "fast", &v), -1);
  assert_int_equal(units_parse(UNITS_TIME, "", &v), -1);
  assert_true(v == 42);
}

static void formats_with_prefixes(void **state)
{
  (void)state;
  char buf[32];
  units_format(UNITS_BANDWIDTH, 1.25e9, buf, sizeof buf);
  assert_string_equal(buf, "1.25 GBps");
  units_format(UNITS_SPEED, 96e9, buf, sizeof buf);
  assert_string_equal(buf, "96 Gf");
  units_format(UNITS_SIZE, 32.0 * 1024 * 1024 * 1024, buf, sizeof buf);
  assert_string_equal(buf, "32 GiB");
  units_format(UNITS_SIZE, 512, buf, sizeof buf);
  assert_string_equal(buf, "512 B");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parses_each_kind),
      cmocka_unit_test(refuses_what_is_not_a_quantity),
      cmocka_unit_test(formats_with_prefixes),
  };
  TEST_MAIN(tests);
}
