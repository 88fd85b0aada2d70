/* disks_test.c - mrlab.disk.ops queues each disk's operations: at most
 * that many in flight on a disk, the others waiting their turn; the run
 * moves the same bytes, names the queue among its approximations, and
 * without it SimGrid shares a disk among every operation on it.  A read of
 * several disks (a coarse shuffle's carrier reads a whole rack's) waits in
 * each disk's queue on its own: it never holds a disk idle while it waits
 * for another, nor deadlocks with a read of the same disks; and an
 * operation takes turns of one chunk, so that one of gigabytes does not
 * hold the disk from every other while it lasts. */
#include "disks.h"
#include "test.h"

#include <jansson.h>
#include <math.h>
#include <simgrid/actor.h>
#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <xbt/log.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    sum += test_csv_num(t, row, name);
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

/* The scene's disk N: disk0 of hetero16's fast-N for N <= 4, else disk1 of fast-(N - 4). */
static sg_disk_t disk_of(int n)
{
  char name[32];
  snprintf(name, sizeof name, "fast-%d", n <= 4 ? n : n - 4);
  unsigned count;
  sg_disk_t *disks;
  sg_host_get_disks(sg_host_by_name(name), &count, &disks);
  sg_disk_t d = disks[n <= 4 ? 0 : 1];
  free(disks);
  return d;
}

static double ended[11]; /* when each operation of the scene returned */

/* Actor: operation ARGV[1] of the scene after sleeping ARGV[2] s: ARGV[3]
 * bytes written on (ARGV[0] "w"), read from ("r"), or read by disks_read
 * from ("m") each of the scene's disks ARGV[4..]. */
static void operation(int argc, char **argv)
{
  sg_disk_t disks[2];
  int64_t bytes[2];
  int n = argc - 4;
  for (int k = 0; k < n; k++)
    disks[k] = disk_of(atoi(argv[4 + k])), bytes[k] = atoll(argv[3]);
  sg_actor_sleep_for(atof(argv[2]));
  if (argv[0][0] == 'w')
    disks_write(disks[0], bytes[0]);
  else if (argv[0][0] == 'r')
    disks_read_one(disks[0], bytes[0]);
  else
    disks_read(disks, bytes, n);
  ended[atoi(argv[1])] = simgrid_get_clock();
}

/* The scene of main, one operation at once a disk, reads at 200 MB/s and
 * writes at 180 MB/s.  Whole operations on fast-1 to fast-4: a read of
 * fast-1's and fast-2's disks from 0.5 s, while fast-2's is written until
 * 10 s: its fast-1 read ends at 1.5 s, and another read of fast-1's from
 * 1 s follows it (1.5 to 2.5 s) rather than wait for the whole read (11
 * s).  Two reads of fast-3's and fast-4's disks, in opposite orders, while
 * both are written until 10 s: each disk serves one then the other, and
 * both end by 12 s.  Turns of 100 MB on the disk1 of fast-1 and fast-2
 * (disks 5 and 6): a 200 MB read
 * from 1 s takes turns with a 1.8 GB write begun at 0 s, and ends at 2.67
 * s (3 turns of writing, 2 of reading), the write at 11 s; an 18 MB write
 * from 0.2 s waits for the first turn of a 500 MB read begun at 0 s, not
 * for all of it (0.5 to 0.6 s), and the read ends at 2.6 s. */
static void test_queued_operations_take_turns(void **state)
{
  (void)state; /* to 1e-6 s: SimGrid rounds each end by up to its precision, 1e-9 s */
  assert_true(fabs(ended[0] - 11) < 1e-6);
  assert_true(fabs(ended[1] - 2.5) < 1e-6);
  assert_true(fmin(ended[2], ended[3]) > 11 - 1e-6);
  assert_true(fabs(fmax(ended[2], ended[3]) - 12) < 1e-6);
  assert_true(fabs(ended[8] - (3 / 1.8 + 1)) < 1e-6);
  assert_true(fabs(ended[7] - 11) < 1e-6);
  assert_true(fabs(ended[10] - 0.6) < 1e-6);
  assert_true(fabs(ended[9] - 2.6) < 1e-6);
}

int main(int argc, char **argv)
{
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"platform", test_source_path("platforms/hetero16.cfg"), "--xml", NULL});
  char xml[] = "/tmp/mrlab-test-XXXXXX.xml";
  FILE *f = fdopen(mkstemps(xml, 4), "w");
  fputs(r.out, f);
  fclose(f);
  simgrid_init(&argc, argv);
  xbt_log_control_set("root.thres:warning");
  simgrid_load_platform(xml);
  unlink(xml);
  for (int n = 1; n <= 6; n++) {
    sg_disk_t d = disk_of(n);
    disks_queue(&d, 1, 1, n <= 4 ? 1000000000000 : 100000000);
  }
  static char *const scene[][7] = {{"w", "4", "0", "1800000000", "2"},       {"w", "5", "0", "1800000000", "3"},
                                   {"w", "6", "0", "1800000000", "4"},       {"m", "0", "0.5", "200000000", "1", "2"},
                                   {"r", "1", "1", "200000000", "1"},        {"m", "2", "0.5", "200000000", "3", "4"},
                                   {"m", "3", "0.5", "200000000", "4", "3"}, {"w", "7", "0", "1800000000", "5"},
                                   {"r", "8", "1", "200000000", "5"},        {"m", "9", "0", "500000000", "6"},
                                   {"w", "10", "0.2", "18000000", "6"}};
  for (size_t k = 0; k < sizeof scene / sizeof *scene; k++) {
    int args = 0;
    while (args < 7 && scene[k][args])
      args++;
    sg_actor_create(scene[k][0], sg_host_by_name("fast-1"), operation, args, scene[k]);
  }
  simgrid_run();
  for (int n = 1; n <= 6; n++) {
    sg_disk_t d = disk_of(n);
    disks_unqueue(&d, 1);
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_queue_bounds_each_disk),
      cmocka_unit_test(test_queued_operations_take_turns),
  };
  TEST_MAIN(tests);
}
