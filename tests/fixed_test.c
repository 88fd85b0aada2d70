/* fixed_test.c - fixed_format writes what printf's "%.*f" writes, byte for
 * byte: on the ties that printf rounds to even, on numbers either side of
 * them, on values of every magnitude the rows hold (fractions, seconds,
 * bytes), on signs and zeros, and on what it hands to printf. */
#include "fixed.h"
#include "test.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* How many of V's formats with 0 to 9 decimals differ from printf's. */
static int differences(double v)
{
  int bad = 0;
  for (int d = 0; d <= 9; d++) {
    char want[400], got[400];
    snprintf(want, sizeof want, "%.*f", d, v);
    size_t len = fixed_format(v, d, got, sizeof got);
    if (strcmp(want, got) || len != strlen(want)) {
      if (bad++ < 3)
        print_message("# %.17g with %d decimals: printf %s, fixed_format %s\n", v, d, want, got);
    }
  }
  return bad;
}

static void rounds_ties_to_even_as_printf(void **state)
{
  (void)state;
  int bad = 0;
  /* (2k+1) / 2^(d+1) lies exactly halfway between two numbers of d decimals */
  for (int d = 0; d <= 9; d++)
    for (int k = 0; k < 2000; k++) {
      double tie = ldexp(2.0 * k + 1, -(d + 1));
      bad += differences(tie) + differences(nextafter(tie, 0)) + differences(nextafter(tie, 1e300)) + differences(-tie);
    }
  assert_int_equal(bad, 0);
}

static void matches_printf_on_every_magnitude(void **state)
{
  (void)state;
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(r, 1);
  int bad = 0;
  for (int i = 0; i < 100000; i++) {
    bad += differences(gsl_rng_uniform(r));                                               /* utilisation */
    bad += differences(gsl_rng_uniform(r) * 86400);                                       /* seconds of a day */
    bad += differences(ldexp(gsl_rng_uniform(r), (int)gsl_rng_uniform_int(r, 120) - 60)); /* any scale */
    bad += differences(round(gsl_rng_uniform(r) * 1e6) / 1e6);                            /* already round */
  }
  gsl_rng_free(r);
  assert_int_equal(bad, 0);
}

static void hands_the_rest_to_printf(void **state)
{
  (void)state;
  const double odd[] = {0.0, -0.0, 1e-300, 5e-324, -1e-10, 0x1p53 - 1, 0x1p53, 1e22, -3e300, INFINITY, -INFINITY, NAN};
  int bad = 0;
  for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
    bad += differences(odd[i]);
  assert_int_equal(bad, 0);
  char small[8];
  assert_int_equal(fixed_format(123456.789, 3, small, sizeof small), 7); /* cut as snprintf cuts */
  assert_string_equal(small, "123456.");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(rounds_ties_to_even_as_printf),
      cmocka_unit_test(matches_printf_on_every_magnitude),
      cmocka_unit_test(hands_the_rest_to_printf),
  };
  TEST_MAIN(tests);
}
