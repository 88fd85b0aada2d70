/* jhist_export_test.c - `mrlab export jhist` (validate/jhist_export.c), as a
 * user runs it: a run with failed attempts, exported and read back line by
 * line with jansson, holds the two header lines, every attempt of tasks.csv
 * once with its host, rack, locality, status and times, counters that sum
 * to jobs.csv's bytes, and events in time order; a second export is
 * byte-identical; bad input gets one line, status 2, and nothing written. */
#include "test.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BASE_MS 1577836800000LL

static const char workload[] =
    "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 20.0;"
    " reduce_selectivity = 0.5; reducers = 3; set = [\"dfs.blocksize=64m\", \"mrlab.map.failure.probability=0.3\","
    " \"mrlab.reduce.failure.probability=0.3\"]; } );\n";

/* The run of WORKLOAD on a 4-worker lab, seed 3 (one simulation for the whole program). */
static const char *the_run(void)
{
  static char dir[4096];
  if (!dir[0]) {
    const char *args[] = {"--seed", "3", NULL};
    snprintf(dir, sizeof dir, "%s", test_simulate(test_lab(4), workload, args));
  }
  return dir;
}

/* Exports RUN into OUT (NULL: the default); fails unless it succeeds.  Returns the one file's path (static). */
static const char *export(const char *run, const char *out)
{
  test_run r;
  const char *args[] = {"export", "jhist", run, out ? "-o" : NULL, out, NULL};
  test_run_mrlab(&r, NULL, args);
  if (r.status != 0)
    fail_msg("export failed (%d): %s", r.status, r.err);
  static char path[8192];
  assert_int_equal(sscanf(r.out, "%8191s", path), 1);
  assert_non_null(strstr(path, ".jhist"));
  return path;
}

/* The time of event BODY of TYPE: its start for a start, else its finish. */
static long long event_time(const char *type, json_t *body)
{
  const char *key = strcmp(type, "JOB_SUBMITTED") == 0 ? "submitTime"
                    : strcmp(type, "JOB_INITED") == 0  ? "launchTime"
                    : strstr(type, "STARTED")          ? "startTime"
                                                       : "finishTime";
  json_t *v = json_object_get(body, key);
  assert_true(json_is_integer(v));
  return (long long)json_integer_value(v);
}

static long long ms(double s)
{
  return BASE_MS + llround(s * 1000);
}

/* The value of counter NAME in JhCounters C, or -1. */
static long long counter(json_t *c, const char *name)
{
  json_t *groups = json_object_get(c, "groups"), *g, *k;
  size_t i, j;
  json_array_foreach(groups, i, g) json_array_foreach(
      json_object_get(g, "counts"), j, k) if (strcmp(json_string_value(json_object_get(k, "name")), name) ==
                                              0) return (long long)json_integer_value(json_object_get(k, "value"));
  return -1;
}

/* The row of tasks.csv T of the attempt ID (attempt_<ts>_0001_m_000017_0). */
static int row_of(const test_csv *t, const char *id)
{
  char kind;
  int task, number;
  assert_int_equal(sscanf(id, "attempt_1577836800000_0001_%c_%d_%d", &kind, &task, &number), 3);
  char name[16], num[16];
  snprintf(name, sizeof name, "%c%06d", kind, task);
  snprintf(num, sizeof num, "%d", number);
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "task"), name) == 0 && strcmp(test_csv_cell(t, r, "attempt"), num) == 0)
      return r;
  fail_msg("no attempt %s in tasks.csv", id);
  return -1;
}

static void every_attempt_once_in_time_order(void **state)
{
  (void)state;
  const char *run = the_run();
  test_csv *t = test_csv_in(run, "tasks.csv"), *j = test_csv_in(run, "jobs.csv");
  FILE *f = fopen(export(run, NULL), "r");
  assert_non_null(f);
  static char line[1 << 20];
  assert_non_null(fgets(line, sizeof line, f));
  assert_string_equal(line, "Avro-Json\n");
  assert_non_null(fgets(line, sizeof line, f));
  json_error_t jerr;
  json_t *schema = json_loads(line, 0, &jerr);
  assert_non_null(schema);
  assert_string_equal(json_string_value(json_object_get(schema, "name")), "Event");
  json_decref(schema);
  int *started = calloc((size_t)t->n_rows, sizeof *started), *ended = calloc((size_t)t->n_rows, sizeof *ended);
  long long last = 0;
  int failed = 0, finished = 0;
  while (fgets(line, sizeof line, f)) {
    json_t *e = json_loads(line, 0, &jerr);
    if (!e)
      fail_msg("not JSON: %s (%s)", line, jerr.text);
    const char *type = json_string_value(json_object_get(e, "type"));
    json_t *u = json_object_get(e, "event");
    assert_int_equal(json_object_size(u), 1);
    json_t *body = json_object_iter_value(json_object_iter(u));
    long long when = event_time(type, body);
    assert_true(when >= last);
    last = when;
    const char *id = json_string_value(json_object_get(body, "attemptId"));
    if (id && strstr(type, "ATTEMPT_STARTED")) {
      int r = row_of(t, id);
      started[r]++;
      assert_true(when == ms(test_csv_num(t, r, "start")));
      assert_string_equal(json_string_value(json_object_get(body, "trackerName")), test_csv_cell(t, r, "host"));
      const char *avataar = json_string_value(json_object_get(json_object_get(body, "avataar"), "string"));
      assert_string_equal(avataar, strcmp(test_csv_cell(t, r, "speculative"), "1") ? "VIRGIN" : "SPECULATIVE");
      const char *loc = test_csv_cell(t, r, "locality");
      json_t *l = json_object_get(json_object_get(body, "locality"), "string");
      assert_string_equal(l ? json_string_value(l) : "", strcmp(loc, "node") == 0   ? "NODE_LOCAL"
                                                         : strcmp(loc, "rack") == 0 ? "RACK_LOCAL"
                                                         : *loc                     ? "OFF_SWITCH"
                                                                                    : "");
    } else if (id) {
      int r = row_of(t, id);
      ended[r]++;
      assert_true(when == ms(test_csv_num(t, r, "end")));
      assert_string_equal(json_string_value(json_object_get(body, "hostname")), test_csv_cell(t, r, "host"));
      char rack[256];
      snprintf(rack, sizeof rack, "/%s", test_csv_cell(t, r, "rack"));
      assert_string_equal(json_string_value(json_object_get(body, "rackname")), rack);
      const char *st = test_csv_cell(t, r, "status");
      char want[64];
      snprintf(want, sizeof want, "%s_ATTEMPT_%s", strcmp(test_csv_cell(t, r, "kind"), "map") ? "REDUCE" : "MAP",
               strcmp(st, "SUCCEEDED") == 0 ? "FINISHED" : st);
      assert_string_equal(type, want);
      if (strcmp(st, "FAILED") == 0) {
        failed++;
        assert_string_equal(json_string_value(json_object_get(body, "error")), test_csv_cell(t, r, "cause"));
      } else if (strcmp(st, "SUCCEEDED") == 0 && *want == 'M') {
        assert_true(json_integer_value(json_object_get(body, "mapFinishTime")) == ms(test_csv_num(t, r, "map_end")));
      } else if (strcmp(st, "SUCCEEDED") == 0) {
        assert_true(json_integer_value(json_object_get(body, "shuffleFinishTime")) ==
                    ms(test_csv_num(t, r, "shuffle_end")));
        assert_true(json_integer_value(json_object_get(body, "sortFinishTime")) == ms(test_csv_num(t, r, "sort_end")));
      }
    }
    if (strcmp(type, "JOB_FINISHED") == 0) {
      finished++;
      assert_true(when == ms(test_csv_num(j, 1, "end")));
      json_t *c = json_object_get(body, "totalCounters");
      assert_true(counter(c, "HDFS_BYTES_READ") == (long long)test_csv_num(j, 1, "input_bytes"));
      assert_true(counter(c, "MAP_OUTPUT_BYTES") == (long long)test_csv_num(j, 1, "map_output_bytes"));
      assert_true(counter(c, "REDUCE_SHUFFLE_BYTES") == (long long)test_csv_num(j, 1, "shuffle_bytes"));
      assert_true(counter(c, "HDFS_BYTES_WRITTEN") == (long long)test_csv_num(j, 1, "output_bytes"));
      long long cpu = 0; /* the successful attempts' cpu_seconds, in ms */
      for (int r = 1; r < t->n_rows; r++)
        if (strcmp(test_csv_cell(t, r, "status"), "SUCCEEDED") == 0)
          cpu += llround(test_csv_num(t, r, "cpu_seconds") * 1000);
      assert_true(cpu > 0);
      assert_int_equal(counter(c, "CPU_MILLISECONDS"), cpu);
      assert_int_equal(counter(c, "GC_TIME_MILLIS"), -1); /* not simulated: left out */
      assert_int_equal(json_integer_value(json_object_get(body, "finishedMaps")), (int)test_csv_num(j, 1, "maps"));
    }
    json_decref(e);
  }
  fclose(f);
  assert_int_equal(finished, 1);
  assert_true(failed >= 1);
  assert_int_equal(failed, (int)test_csv_num(j, 1, "failed_attempts"));
  for (int r = 1; r < t->n_rows; r++) {
    assert_int_equal(started[r], 1);
    assert_int_equal(ended[r], 1);
  }
  free(started);
  free(ended);
  test_csv_free(t);
  test_csv_free(j);
}

static void the_same_run_gives_the_same_bytes(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char a[4096], b[4096], name[4096];
  snprintf(a, sizeof a, "%s/a", dir);
  snprintf(b, sizeof b, "%s/b", dir);
  snprintf(name, sizeof name, "%s", strrchr(export(the_run(), a), '/') + 1);
  export(the_run(), b);
  assert_true(test_same_file(a, b, name));
  export(the_run(), a); /* a second export over the first replaces it whole */
  assert_int_equal(test_count_files(a), 1);
  assert_true(test_same_file(a, b, name));
}

/* mrlab export ARGS must exit 2 with one line holding SAYS. */
static void refused(const char *const *args, const char *says)
{
  test_run r;
  test_run_mrlab(&r, NULL, args);
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("expected one line holding \"%s\", got \"%s\"", says, r.err);
}

static void bad_input_is_refused_and_nothing_written(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char empty[4096], out[4096], mine[4096], bad[4096];
  snprintf(empty, sizeof empty, "%s/empty", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(mine, sizeof mine, "%s/mine", dir);
  snprintf(bad, sizeof bad, "%s/bad", dir);
  mkdir(empty, 0777);
  const char *a1[] = {"export", "jhist", empty, "-o", out, NULL};
  refused(a1, "not a run directory");
  const char *a2[] = {"export", "json", the_run(), "-o", out, NULL};
  refused(a2, "unknown format json");
  mkdir(mine, 0777);
  test_write_file(mine, "notes.txt", "mine\n");
  const char *a3[] = {"export", "jhist", the_run(), "-o", mine, NULL};
  refused(a3, mine);
  assert_int_equal(test_count_files(mine), 1);
  /* a run whose jobs.csv holds a status mrlab never writes */
  mkdir(bad, 0777);
  test_write_file(bad, "tasks.csv", test_read_file(the_run(), "tasks.csv"));
  char *jobs = strdup(test_read_file(the_run(), "jobs.csv"));
  char *st = strstr(jobs, ",SUCCEEDED,");
  assert_non_null(st);
  memcpy(st + 1, "SUCCEDED,", 9);
  memmove(st + 9, st + 10, strlen(st + 10) + 1);
  test_write_file(bad, "jobs.csv", jobs);
  free(jobs);
  const char *a4[] = {"export", "jhist", bad, "-o", out, NULL};
  refused(a4, "jobs.csv:2: status");
  assert_int_equal(test_count_files(dir), 3); /* empty, mine and bad: no out */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_attempt_once_in_time_order),
      cmocka_unit_test(the_same_run_gives_the_same_bytes),
      cmocka_unit_test(bad_input_is_refused_and_nothing_written),
  };
  TEST_MAIN(tests);
}
