/* disks_test.c - mrlab.disk.ops queues each disk's operations: at most
 * that many in flight on a disk, the others waiting their turn; the run
 * moves the same bytes, names the queue among its approximations, and
 * without it SimGrid shares a disk among every operation on it. */
#include "test.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char sort_job[] = "jobs = ( { name = \"sort\"; input = \"4GiB\"; map_cost = 20.0; map_selectivity = 1.0;"
                               " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 8;"
                               " set = [\"mapreduce.map.speculative=false\", \"mapreduce.reduce.speculative=false\"];"
                               " } );\n";

/* hetero16's disks: 4 fast workers of 2, 12 others of 1. */
#define HETERO16_DISKS 20

/* Runs the sort job on hetero16 with mrlab.disk.ops=OPS (none when OPS is
 * NULL), logging mrlab.activities, into a fresh directory; returns the
 * most disk operations in flight at the end of a simulated second, and
 * sets *OUT to the run directory. */
static long long run(const char *ops, char *out, size_t len, test_run *r)
{
  const char *dir = test_tmpdir();
  const char *work = test_write_file(dir, "workload.cfg", sort_job);
  char set[64];
  snprintf(out, len, "%s/out", dir);
  snprintf(set, sizeof set, "mrlab.disk.ops=%s", ops ? ops : "");
  const char *args[] = {"run", test_source_path("platforms/hetero16.cfg"), work, "-o", out,
                        "--log=mrlab.activities.thres:info", ops ? "--set" : NULL, set, NULL};
  test_run_mrlab(r, dir, args);
  assert_int_equal(r->status, 0);
  long long most = 0, disk;
  int lines = 0;
  for (const char *line = strstr(r->err, ": in flight disk "); line; line = strstr(line + 1, ": in flight disk ")) {
    assert_int_equal(sscanf(line, ": in flight disk %lld", &disk), 1);
    most = disk > most ? disk : most;
    lines++;
  }
  assert_true(lines > 10);
  return most;
}

/* Whether the run directory OUT's summary.json lists WANTED among its approximations. */
static int approximation(const char *out, const char *wanted)
{
  json_error_t error;
  json_t *root = json_loads(test_read_file(out, "summary.json"), 0, &error);
  if (!root)
    fail_msg("%s/summary.json: %s", out, error.text);
  json_t *list = json_object_get(root, "approximations");
  assert_true(json_is_array(list));
  int found = 0;
  for (size_t i = 0; i < json_array_size(list); i++)
    found |= strncmp(json_string_value(json_array_get(list, i)), wanted, strlen(wanted)) == 0;
  json_decref(root);
  return found;
}

/* The sum of column NAME of tasks.csv in OUT. */
static double column_sum(const char *out, const char *name)
{
  test_csv *t = test_csv_in(out, "tasks.csv");
  double sum = 0;
  for (int row = 1; row < t->n_rows; row++)
    sum += strtod(test_csv_cell(t, row, name), NULL);
  test_csv_free(t);
  return sum;
}

static void test_queue_bounds_each_disk(void **state)
{
  (void)state;
  char free_out[4096], one_out[4096], two_out[4096];
  test_run r;
  long long unqueued = run(NULL, free_out, sizeof free_out, &r);
  assert_true(unqueued > HETERO16_DISKS); /* shared by several at once */
  assert_false(approximation(free_out, "mrlab.disk.ops"));
  assert_null(strstr(test_read_file(free_out, "tasks.csv"), "FAILED"));
  assert_true(run("1", one_out, sizeof one_out, &r) <= HETERO16_DISKS);
  assert_true(approximation(one_out, "mrlab.disk.ops=1"));
  assert_true(run("2", two_out, sizeof two_out, &r) <= 2 * HETERO16_DISKS);
  /* every attempt ends, with the same bytes */
  static const char *const columns[] = {"read_bytes", "spill_bytes", "merge_bytes", "shuffle_bytes", "write_bytes"};
  for (size_t k = 0; k < sizeof columns / sizeof *columns; k++) {
    assert_true(column_sum(one_out, columns[k]) == column_sum(free_out, columns[k]));
    assert_true(column_sum(two_out, columns[k]) == column_sum(free_out, columns[k]));
  }
  assert_null(strstr(test_read_file(one_out, "tasks.csv"), "FAILED"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_queue_bounds_each_disk),
  };
  TEST_MAIN(tests);
}
