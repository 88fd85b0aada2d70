/* faults_test.c - the text of mrlab.faults: what parses, to which entries,
 * what is refused with a message naming the entry, and how `mrlab run`
 * refuses a bad value in --set or in a platform file's settings. */
#include "test.h"

#include "faults.h"

#include <string.h>

static void parses_each_kind(void **state)
{
  (void)state;
  fault_spec f[4];
  char err[256] = "";
  int n = faults_parse("fast-3@300s rack1@maps:50%+10m 5%@shuffle:12.5%+1h 100%@0s", f, 4, err, sizeof err);
  if (n != 4)
    fail_msg("parsed %d entries (%s), expected 4", n, err);

  assert_string_equal(f[0].target, "fast-3");
  assert_int_equal(f[0].when, FAULT_AT_TIME);
  assert_true(f[0].at == 300);
  assert_true(f[0].down == -1);

  assert_string_equal(f[1].target, "rack1");
  assert_int_equal(f[1].when, FAULT_AT_MAPS);
  assert_true(f[1].at == 0.5);
  assert_true(f[1].down == 600);

  assert_string_equal(f[2].target, "");
  assert_true(f[2].share == 0.05);
  assert_int_equal(f[2].when, FAULT_AT_SHUFFLE);
  assert_true(f[2].at == 0.125);
  assert_true(f[2].down == 3600);

  assert_string_equal(f[3].target, "");
  assert_true(f[3].share == 1);
  assert_int_equal(f[3].when, FAULT_AT_TIME);
  assert_true(f[3].at == 0);
  assert_true(f[3].down == -1);
}

static void times_take_units(void **state)
{
  (void)state;
  fault_spec f[1];
  char err[256] = "";
  assert_int_equal(faults_parse("b_2.x@5m+250ms", f, 1, err, sizeof err), 1);
  assert_string_equal(f[0].target, "b_2.x");
  assert_true(f[0].at == 300);
  assert_close(f[0].down, 0.25, 1e-15);
  assert_int_equal(faults_parse("7@1.5h+2d", f, 1, err, sizeof err), 1);
  assert_string_equal(f[0].target, "7"); /* a name, not a share */
  assert_true(f[0].at == 5400);
  assert_true(f[0].down == 172800);
}

static void disks_are_numbered_from_one(void **state)
{
  (void)state;
  fault_spec f[3];
  char err[256] = "";
  assert_int_equal(faults_parse("fast-3:disk2@10m rack1:disk1@maps:50% 5%:disk1000@0s", f, 3, err, sizeof err), 3);
  assert_string_equal(f[0].target, "fast-3");
  assert_int_equal(f[0].disk, 1);
  assert_true(f[0].at == 600);
  assert_true(f[0].down == -1);
  assert_string_equal(f[1].target, "rack1");
  assert_int_equal(f[1].disk, 0);
  assert_int_equal(f[1].when, FAULT_AT_MAPS);
  assert_string_equal(f[2].target, "");
  assert_true(f[2].share == 0.05);
  assert_int_equal(f[2].disk, 999);
  assert_int_equal(faults_parse("fast-3@1s", f, 1, err, sizeof err), 1);
  assert_int_equal(f[0].disk, -1); /* the whole worker */
}

static void spaces_separate_entries(void **state)
{
  (void)state;
  fault_spec f[3];
  char err[256] = "";
  assert_int_equal(faults_parse("", f, 3, err, sizeof err), 0);
  assert_int_equal(faults_parse("   ", f, 3, err, sizeof err), 0);
  assert_int_equal(faults_parse("  a@1s   b@maps:1%    c@2s+3s  ", f, 3, err, sizeof err), 3);
  assert_string_equal(f[0].target, "a");
  assert_string_equal(f[1].target, "b");
  assert_int_equal(f[1].when, FAULT_AT_MAPS);
  assert_close(f[1].at, 0.01, 1e-15);
  assert_string_equal(f[2].target, "c");
  assert_true(f[2].down == 3);
}

static void names_and_entries_are_bounded(void **state)
{
  (void)state;
  fault_spec f[2];
  char err[256] = "", text[256];
  /* a name of FAULTS_NAME_MAX - 1 bytes, then one more */
  snprintf(text, sizeof text, "%0*d@1s", FAULTS_NAME_MAX - 1, 0);
  assert_int_equal(faults_parse(text, f, 2, err, sizeof err), 1);
  assert_int_equal(strlen(f[0].target), FAULTS_NAME_MAX - 1);
  snprintf(text, sizeof text, "a@1s %0*d@1s", FAULTS_NAME_MAX, 0);
  assert_int_equal(faults_parse(text, f, 2, err, sizeof err), -1);
  assert_non_null(strstr(err, "entry 2 \"0000"));
  assert_non_null(strstr(err, "at most 63 letters"));

  /* MAX entries fit OUT; one more is refused; checking alone has no bound */
  assert_int_equal(faults_parse("a@1s b@2s", f, 2, err, sizeof err), 2);
  assert_int_equal(faults_parse("a@1s b@2s c@3s", f, 2, err, sizeof err), -1);
  assert_string_equal(err, "entry 3 \"c@3s\": expected at most 2 faults");
  assert_int_equal(faults_parse("a@1s b@2s c@3s", NULL, 0, err, sizeof err), 3);
}

static void bad_entries_are_named(void **state)
{
  (void)state;
  static const struct {
    const char *text, *says; /* the message's start: the entry, and what it expected */
  } cases[] = {
      {"0%@1s", "entry 1 \"0%@1s\": expected TARGET P% with 0 < P <= 100"},
      {"a@1s 101%@1s", "entry 2 \"101%@1s\": expected TARGET P% with 0 < P <= 100"},
      {"-5%@1s", "entry 1 \"-5%@1s\": expected TARGET P%"},
      {"nan%@1s", "entry 1 \"nan%@1s\": expected TARGET P%"},
      {"%@1s", "entry 1 \"%@1s\": expected TARGET P%"},
      {"a@maps:0%", "entry 1 \"a@maps:0%\": expected WHEN maps:P% with 0 < P <= 100"},
      {"a@maps:50", "entry 1 \"a@maps:50\": expected WHEN maps:P%"},
      {"a@shuffle:101%", "entry 1 \"a@shuffle:101%\": expected WHEN shuffle:P% with 0 < P <= 100"},
      {"a@shuffle:", "entry 1 \"a@shuffle:\": expected WHEN shuffle:P%"},
      {"a@1s b@-5s", "entry 2 \"b@-5s\": expected WHEN a time of 0s or later (300s, 5m), maps:P% or shuffle:P%"},
      {"fast-3@300s fast-3@soon", "entry 2 \"fast-3@soon\": expected WHEN a time"},
      {"a@300", "entry 1 \"a@300\": expected WHEN a time"}, /* a bare number */
      {"a@", "entry 1 \"a@\": expected WHEN a time"},
      {"a@infs", "entry 1 \"a@infs\": expected WHEN a time"},
      {"a@1s@2s", "entry 1 \"a@1s@2s\": expected WHEN a time"},
      {"a@1s fast-3", "entry 2 \"fast-3\": expected TARGET@WHEN[+DOWN]"},
      {"@1s", "entry 1 \"@1s\": expected TARGET a name of at most 63 letters, digits, '.', '_' or '-', or P%"},
      {"a*b@1s", "entry 1 \"a*b@1s\": expected TARGET a name"},
      {"a/b@1s", "entry 1 \"a/b@1s\": expected TARGET a name"},
      {"a@1s+0s", "entry 1 \"a@1s+0s\": expected DOWN after + a time above 0s"},
      {"a@1s+", "entry 1 \"a@1s+\": expected DOWN after + a time above 0s"},
      {"a@1s+-1s", "entry 1 \"a@1s+-1s\": expected DOWN after + a time above 0s"},
      {"a@1s+10", "entry 1 \"a@1s+10\": expected DOWN after + a time above 0s"},
      {"a@maps:50%+", "entry 1 \"a@maps:50%+\": expected DOWN"},
      {"a:disk0@1s", "entry 1 \"a:disk0@1s\": expected TARGET:diskN with N a disk's number from 1 to 1000"},
      {"a:disk1001@1s", "entry 1 \"a:disk1001@1s\": expected TARGET:diskN"},
      {"a:disk@1s", "entry 1 \"a:disk@1s\": expected TARGET:diskN"},
      {"a:disk2x@1s", "entry 1 \"a:disk2x@1s\": expected TARGET:diskN"},
      {"a:disk-2@1s", "entry 1 \"a:disk-2@1s\": expected TARGET:diskN"},
      {"a:disc2@1s", "entry 1 \"a:disc2@1s\": expected TARGET:diskN"},
      {"a:disk1:disk2@1s", "entry 1 \"a:disk1:disk2@1s\": expected TARGET:diskN"},
      {":disk1@1s", "entry 1 \":disk1@1s\": expected TARGET a name"},
      {"a:disk1@1s+5m", "entry 1 \"a:disk1@1s+5m\": expected no +DOWN for a disk"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char err[256] = "";
    fault_spec f[4];
    int n = faults_parse(cases[i].text, f, 4, err, sizeof err);
    if (n != -1 || strncmp(err, cases[i].says, strlen(cases[i].says)) != 0 || strchr(err, '\n'))
      fail_msg("\"%s\": returned %d and \"%s\", expected -1 and \"%s...\"", cases[i].text, n, err, cases[i].says);
    /* checking alone refuses it the same way */
    assert_int_equal(faults_parse(cases[i].text, NULL, 0, err, sizeof err), -1);
  }
}

/* A platform whose line 14 sets mrlab.faults to the %s. */
static const char platform_text[] = "name = \"p\";\n"
                                    "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
                                    "racks = (\n"
                                    "  { name = \"rack1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; }\n"
                                    ");\n"
                                    "node_classes = (\n"
                                    "  { name = \"worker\"; count = 4; racks = [\"rack1\"];\n"
                                    "    cores = 4; speed = \"2Gf\"; memory = \"8GiB\";\n"
                                    "    disks = ( { read = \"100MBps\"; write = \"90MBps\"; } );\n"
                                    "    nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };\n"
                                    "    slots = { map = 2; reduce = 1; }; }\n"
                                    ");\n"
                                    "master = { class = \"worker\"; rack = \"rack1\"; };\n"
                                    "settings = [ \"mrlab.scheduler=hadoop1\", \"mrlab.faults=%s\" ];\n";

static void good_setting_is_taken(void **state)
{
  (void)state;
  char text[2048];
  snprintf(text, sizeof text, platform_text, "worker-2@30s+5m rack1@maps:50% 25%@shuffle:10%");
  test_run r;
  test_run_beside(&r, "p.cfg", text, (const char *[]){"platform", "p.cfg", NULL});
  if (r.status != 0)
    fail_msg("mrlab platform: status %d, stderr \"%s\"", r.status, r.err);
}

static void bad_setting_is_refused(void **state)
{
  (void)state;
  char text[2048];
  snprintf(text, sizeof text, platform_text, "worker-2@30s worker-3@soon");
  const char *const run[] = {"run", "p.cfg", test_source_path("workloads/simple.cfg"), "-o", "out", NULL};
  static const test_refusal in_file[] = {
      {{NULL},
       "mrlab: p.cfg:14: settings[1]: mrlab.faults: expected TARGET@WHEN[+DOWN] separated by spaces; "
       "entry 2 \"worker-3@soon\": expected WHEN a time"},
  };
  test_refusals("p.cfg", text, run, in_file, sizeof in_file / sizeof *in_file);

  snprintf(text, sizeof text, platform_text, "");
  static const test_refusal in_set[] = {
      {{"--set", "mrlab.faults=worker-1@1s 0%@maps:5%"},
       "mrlab: --set mrlab.faults=worker-1@1s 0%@maps:5%: mrlab.faults: expected TARGET@WHEN[+DOWN] separated by "
       "spaces; entry 2 \"0%@maps:5%\": expected TARGET P% with 0 < P <= 100"},
      {{"--set", "mrlab.faults=worker-1@1s+0s"}, "entry 1 \"worker-1@1s+0s\": expected DOWN after + a time above 0s"},
      {{"--set", "mrlab.faults=worker-1@1s,worker-2@2s"},
       "mrlab.faults: expected TARGET@WHEN[+DOWN] separated by spaces, got \"worker-1@1s,worker-2@2s\""},
  };
  test_refusals("p.cfg", text, run, in_set, sizeof in_set / sizeof *in_set);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parses_each_kind),
      cmocka_unit_test(times_take_units),
      cmocka_unit_test(disks_are_numbered_from_one),
      cmocka_unit_test(spaces_separate_entries),
      cmocka_unit_test(names_and_entries_are_bounded),
      cmocka_unit_test(bad_entries_are_named),
      cmocka_unit_test(good_setting_is_taken),
      cmocka_unit_test(bad_setting_is_refused),
  };
  TEST_MAIN(tests);
}
