/* platform_errors_test.c - every bad platform file gets one message naming
 * the file, the line and what was expected, exit status 2, and no output. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

/* A good file; each case below breaks one thing in it. */
static const char good[] = "name = \"bad\";\n"                                                                  /* 1 */
                           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"                           /* 2 */
                           "racks = (\n"                                                                        /* 3 */
                           "  { name = \"rack1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; }\n" /* 4 */
                           ");\n"                                                                               /* 5 */
                           "node_classes = (\n"                                                                 /* 6 */
                           "  { name = \"worker\"; count = 2; racks = [\"rack1\"];\n"                           /* 7 */
                           "    cores = 4; speed = \"2Gf\"; memory = \"8GiB\";\n"                               /* 8 */
                           "    disks = ( { read = \"100MBps\"; write = \"90MBps\"; } );\n"                     /* 9 */
                           "    nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };\n"                        /* 10 */
                           "    slots = { map = 2; reduce = 1; }; }\n"                                          /* 11 */
                           ");\n"                                                                               /* 12 */
                           "master = { class = \"worker\"; rack = \"rack1\"; };\n";                             /* 13 */

typedef struct {
  const char *what, *from, *to; /* the case, and the replacement that makes it */
  int line;                     /* where the message must point */
  const char *says;             /* a phrase the message must hold */
} bad_case;

static const bad_case cases[] = {
    {"syntax error", "speed = \"2Gf\";", "speed \"2Gf\";", 8, "syntax error"},
    {"unknown key", "cores = 4;", "corez = 4;", 8, "did you mean \"cores\""},
    {"unknown top-level key", "name = \"bad\";", "name = \"bad\"; seed = 3;", 1, "unknown setting"},
    {"missing key", " speed = \"2Gf\";", "", 7, "missing \"speed\""},
    {"missing group", "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };", "", 1, "missing \"core\""},
    {"unparsable quantity", "\"2Gf\"", "\"fast\"", 8, "expected a speed such as"},
    {"wrong unit", "memory = \"8GiB\"", "memory = \"8Gbps\"", 8, "expected a size such as"},
    {"bare number", "read = \"100MBps\"", "read = \"100\"", 9, "expected a bandwidth such as"},
    {"number without quotes", "read = \"100MBps\"", "read = 100", 9, "in double quotes"},
    {"zero quantity", "\"2Gf\"", "\"0Gf\"", 8, "expected a positive value"},
    {"negative size", "\"8GiB\"", "\"-8GiB\"", 8, "expected a positive value"},
    {"fractional count", "count = 2;", "count = 2.5;", 7, "expected a whole number from 1 to 10000, got 2.5"},
    {"name unfit for a host", "name = \"worker\"", "name = \"big <worker>\"", 7, "expected at most 40 letters"},
    {"negative count", "count = 2;", "count = -2;", 7, "expected a whole number from 1 to 10000, got -2"},
    {"unknown rack", "racks = [\"rack1\"]", "racks = [\"rack9\"]", 7, "no rack is named \"rack9\""},
    {"unknown master class", "class = \"worker\"", "class = \"big\"", 13, "no node class is named \"big\""},
    {"no map slot", "map = 2;", "map = 0;", 6, "no worker has a map slot"},
    {"duplicate rack", "  { name = \"rack1\"; uplink",
     "  { name = \"rack1\"; uplink = { bandwidth = \"1Gbps\"; "
     "latency = \"5us\"; }; },\n  { name = \"rack1\"; uplink",
     5, "a rack or the cluster is already named"},
    {"no worker", "  { name = \"worker\"; count = 2;", "", 6, "expected a non-empty list of node classes"},
};

/* GOOD with FROM replaced by TO; for "no worker", the class list emptied. */
static char *make_text(const bad_case *c)
{
  const char *at = strstr(good, c->from);
  assert_non_null(at);
  const char *rest = at + strlen(c->from);
  if (strcmp(c->what, "no worker") == 0)
    rest = strstr(good, ");\nmaster");
  size_t n = (size_t)(at - good) + strlen(c->to) + strlen(rest) + 1;
  char *text = malloc(n);
  snprintf(text, n, "%.*s%s%s", (int)(at - good), good, c->to, rest);
  return text;
}

static void good_file_passes(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  const char *path = test_write_file(dir, "good.cfg", good);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"platform", path, NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "2 workers"));
}

static void each_bad_file_is_refused(void **state)
{
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const bad_case *c = &cases[i];
    const char *dir = test_tmpdir();
    char *text = make_text(c);
    char path[4096];
    snprintf(path, sizeof path, "%s", test_write_file(dir, "bad.cfg", text));
    free(text);
    for (int xml = 0; xml < 2; xml++) {
      test_run r;
      test_run_mrlab(&r, dir, (const char *[]){"platform", path, xml ? "--xml" : NULL, NULL});
      char where[4200];
      snprintf(where, sizeof where, "mrlab: %s:%d: ", path, c->line);
      if (r.status != 2 || strncmp(r.err, where, strlen(where)) != 0 || !strstr(r.err, c->says) ||
          strchr(r.err, '\n') != r.err + strlen(r.err) - 1 || r.out[0])
        fail_msg("%s: status %d, stderr \"%s\", stdout \"%.80s\"; expected status 2 and one line \"%s...%s...\"",
                 c->what, r.status, r.err, r.out, where, c->says);
    }
    assert_int_equal(test_count_files(dir), 1); /* no output files */
  }
}

static void missing_file_is_refused(void **state)
{
  (void)state;
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"platform", "/nonexistent/p.cfg", NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.err, "mrlab: /nonexistent/p.cfg: cannot open: No such file or directory\n");
}

static void bad_usage_is_refused(void **state)
{
  (void)state;
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"platform", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "missing PLATFORM.cfg"));
  test_run_mrlab(&r, NULL, (const char *[]){"platfrom", NULL});
  assert_int_equal(r.status, 2);
  test_run_mrlab(&r, NULL, (const char *[]){"platform", "--help", NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "usage: mrlab platform"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(good_file_passes),
      cmocka_unit_test(each_bad_file_is_refused),
      cmocka_unit_test(missing_file_is_refused),
      cmocka_unit_test(bad_usage_is_refused),
  };
  TEST_MAIN(tests);
}
