/* disks_test.c - mrlab.disk.ops queues each disk's operations: at most
 * that many in flight on a disk, the others waiting their turn; the run
 * moves the same bytes, names the queue among its approximations, and
 * without it SimGrid shares a disk among every operation on it.  A read of
 * several disks (a coarse shuffle's carrier reads a whole rack's) waits in
 * each disk's queue on its own: it never holds a disk idle while it waits
 * for another, nor deadlocks with a read of the same disks; and an
 * operation takes turns of one chunk, so that one of gigabytes does not
 * hold the disk from every other while it lasts.  Under mrlab.disk.lazy a
 * disk is time-shared as a host of its own: its operations end where
 * time-sharing puts them, which differs from S19's under mixed reads and
 * writes; with queues too; and a whole run moves the same bytes. */
#include "disks.h"
#include "platform.h"
#include "test.h"
#include "topology.h"

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

/* Runs the sort job on hetero16 with the setting SET (none when NULL),
 * logging mrlab.activities, into a fresh directory; returns the most disk
 * operations in flight at the end of a simulated second, and sets *OUT to
 * the run directory. */
static long long run(const char *set, char *out, size_t len, test_run *r)
{
  const char *dir = test_tmpdir();
  const char *work = test_write_file(dir, "workload.cfg", sort_job);
  snprintf(out, len, "%s/out", dir);
  const char *args[] = {"run",
                        test_source_path("platforms/hetero16.cfg"),
                        work,
                        "-o",
                        out,
                        "--log=mrlab.activities.thres:info",
                        set ? "--set" : NULL,
                        set,
                        NULL};
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
  assert_true(run("mrlab.disk.ops=1", one_out, sizeof one_out, &r) <= HETERO16_DISKS);
  assert_true(approximation(one_out, "mrlab.disk.ops=1"));
  assert_true(run("mrlab.disk.ops=2", two_out, sizeof two_out, &r) <= 2 * HETERO16_DISKS);
  /* every attempt ends, with the same bytes */
  static const char *const columns[] = {"read_bytes", "spill_bytes", "merge_bytes", "shuffle_bytes", "write_bytes"};
  for (size_t k = 0; k < sizeof columns / sizeof *columns; k++) {
    assert_true(column_sum(one_out, columns[k]) == column_sum(free_out, columns[k]));
    assert_true(column_sum(two_out, columns[k]) == column_sum(free_out, columns[k]));
  }
  assert_null(strstr(test_read_file(one_out, "tasks.csv"), "FAILED"));
}

/* A run whose disks are time-shared (mrlab.disk.lazy) says so among its
 * approximations, counts its disks' operations as disk operations, and
 * ends every attempt with the bytes of the faithful run, in a tasks.csv of
 * the same columns and rows (its times differ: a read and a write at once
 * share a disk otherwise). */
static void test_time_shared_run_moves_the_same_bytes(void **state)
{
  (void)state;
  char free_out[4096], lazy_out[4096];
  test_run r;
  long long faithful = run(NULL, free_out, sizeof free_out, &r);
  assert_false(approximation(free_out, "mrlab.disk.lazy"));
  long long lazy = run("mrlab.disk.lazy=true", lazy_out, sizeof lazy_out, &r);
  assert_true(lazy > HETERO16_DISKS && faithful > HETERO16_DISKS); /* counted as disk operations, shared */
  assert_true(approximation(lazy_out, "mrlab.disk.lazy=true"));
  test_csv *a = test_csv_in(free_out, "tasks.csv"), *b = test_csv_in(lazy_out, "tasks.csv");
  assert_int_equal(a->n_rows, b->n_rows);
  assert_int_equal(a->n_cols, b->n_cols);
  for (int c = 0; c < a->n_cols; c++)
    assert_string_equal(a->cells[c], b->cells[c]);
  test_csv_free(a);
  test_csv_free(b);
  static const char *const columns[] = {"read_bytes", "spill_bytes", "merge_bytes", "shuffle_bytes", "write_bytes"};
  for (size_t k = 0; k < sizeof columns / sizeof *columns; k++)
    assert_true(column_sum(lazy_out, columns[k]) == column_sum(free_out, columns[k]));
  assert_null(strstr(test_read_file(lazy_out, "tasks.csv"), "FAILED"));
}

/* The scene's disk N: disk0 of hetero16's fast-N for N <= 4, disk1 of
 * fast-(N - 4) for N <= 8, the disk of medium-(N - 10) for N from 11 to
 * 16 and of slow-(N - 20) from 21 to 26. */
static sg_disk_t disk_of(int n)
{
  char name[32];
  if (n > 20)
    snprintf(name, sizeof name, "slow-%d", n - 20);
  else if (n > 10)
    snprintf(name, sizeof name, "medium-%d", n - 10);
  else
    snprintf(name, sizeof name, "fast-%d", n <= 4 ? n : n - 4);
  unsigned count;
  sg_disk_t *disks;
  sg_host_get_disks(sg_host_by_name(name), &count, &disks);
  sg_disk_t d = disks[n > 4 && n <= 8 ? 1 : 0];
  free(disks);
  return d;
}

static double ended[24]; /* when each operation of the scene returned */

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

/* The scene's operations on time-shared disks (mrlab.disk.lazy), all
 * from 0 s unless said.  medium-1's disk (150 MB/s read): reads of 150 MB
 * and 75 MB go at 75 MB/s each; the shorter ends at 1 s, the longer alone
 * at 150 MB/s then, at 1.5 s (as S19 has it).  medium-2's disk (150 MB/s
 * read, 130 MB/s write): a read of 150 MB (1 s of the disk's time) and a
 * write of 65 MB (0.5 s) each have half the disk's time: the write ends at
 * 1 s, the read, with 0.5 s of its time left alone, at 1.5 s.  The same
 * pair on medium-3's disk under S19: both at 75 MB/s (max(150, 130) / 2,
 * neither above its bandwidth), the write ends at 65 / 75 = 0.8667 s and
 * the read, with 85 MB left at 150 MB/s, at 0.8667 + 0.5667 = 1.4333 s.
 * slow-1's and slow-2's disks (100 MB/s read) read by disks_read, 100 MB
 * each, while slow-1's also reads 50 MB: the 50 MB read ends at 1 s, the
 * disks_read at 1.5 s.  Queued (one at a time, whole operations) and
 * time-shared, slow-3's disk (90 MB/s write) writes 45 MB until 0.5 s,
 * then reads 100 MB asked at 0.1 s, until 1.5 s.  disks_read of 100 MB
 * from slow-4's disk (queued) and slow-5's (not), while slow-5's reads
 * 100 MB too: slow-4's part ends at 1 s and gives the queue's place back
 * to a 9 MB write asked at 0.2 s, which ends at 1.1 s; slow-5's two reads
 * end at 2 s, and with them the disks_read. */
static void test_time_shared_disks(void **state)
{
  (void)state;
  assert_true(fabs(ended[11] - 1.5) < 1e-6);
  assert_true(fabs(ended[12] - 1) < 1e-6);
  assert_true(fabs(ended[13] - 1.5) < 1e-6);
  assert_true(fabs(ended[14] - 1) < 1e-6);
  assert_true(fabs(ended[15] - (65.0 / 75 + 85.0 / 150)) < 1e-6); /* S19 */
  assert_true(fabs(ended[16] - 65.0 / 75) < 1e-6);
  assert_true(fabs(ended[17] - 1.5) < 1e-6);
  assert_true(fabs(ended[18] - 1) < 1e-6);
  assert_true(fabs(ended[19] - 0.5) < 1e-6);
  assert_true(fabs(ended[20] - 1.5) < 1e-6);
  assert_true(fabs(ended[21] - 2) < 1e-6);
  assert_true(fabs(ended[22] - 2) < 1e-6);
  assert_true(fabs(ended[23] - 1.1) < 1e-6);
}

int main(int argc, char **argv)
{
  char err[1024], xml[] = "/tmp/mrlab-test-XXXXXX.xml";
  platform *p = platform_read(test_source_path("platforms/hetero16.cfg"), err, sizeof err);
  if (!p) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  FILE *f = fdopen(mkstemps(xml, 4), "w");
  topology_write_xml(p, 0, 1, f); /* with a host a disk, for mrlab.disk.lazy */
  fclose(f);
  platform_free(p);
  simgrid_init(&argc, argv);
  xbt_log_control_set("root.thres:warning");
  simgrid_load_platform(xml);
  unlink(xml);
  for (int n = 1; n <= 6; n++) {
    sg_disk_t d = disk_of(n);
    disks_setup(&d, 1, 1, n <= 4 ? 1000000000000 : 100000000, 0);
  }
  static const int lazy[][2] = {{11, 0}, {12, 0}, {21, 0}, {22, 0}, {23, 1}, {24, 1}, {25, 0}}; /* disk, queued */
  for (size_t k = 0; k < sizeof lazy / sizeof *lazy; k++) {
    sg_disk_t d = disk_of(lazy[k][0]);
    disks_setup(&d, 1, lazy[k][1], 1000000000000, 1);
  }
  static char *const scene[][7] = {{"w", "4", "0", "1800000000", "2"},       {"w", "5", "0", "1800000000", "3"},
                                   {"w", "6", "0", "1800000000", "4"},       {"m", "0", "0.5", "200000000", "1", "2"},
                                   {"r", "1", "1", "200000000", "1"},        {"m", "2", "0.5", "200000000", "3", "4"},
                                   {"m", "3", "0.5", "200000000", "4", "3"}, {"w", "7", "0", "1800000000", "5"},
                                   {"r", "8", "1", "200000000", "5"},        {"m", "9", "0", "500000000", "6"},
                                   {"w", "10", "0.2", "18000000", "6"},      {"r", "11", "0", "150000000", "11"},
                                   {"r", "12", "0", "75000000", "11"},       {"r", "13", "0", "150000000", "12"},
                                   {"w", "14", "0", "65000000", "12"},       {"r", "15", "0", "150000000", "13"},
                                   {"w", "16", "0", "65000000", "13"},       {"m", "17", "0", "100000000", "21", "22"},
                                   {"r", "18", "0", "50000000", "21"},       {"w", "19", "0", "45000000", "23"},
                                   {"r", "20", "0.1", "100000000", "23"},    {"m", "21", "0", "100000000", "24", "25"},
                                   {"r", "22", "0", "100000000", "25"},      {"w", "23", "0.2", "9000000", "24"}};
  for (size_t k = 0; k < sizeof scene / sizeof *scene; k++) {
    int args = 0;
    while (args < 7 && scene[k][args])
      args++;
    sg_actor_create(scene[k][0], sg_host_by_name("fast-1"), operation, args, scene[k]);
  }
  simgrid_run();
  for (int n = 1; n <= 25; n++) {
    sg_disk_t d = n <= 6 || (n >= 11 && n <= 13) || n >= 21 ? disk_of(n) : NULL;
    if (d)
      disks_free(&d, 1);
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_queue_bounds_each_disk),
      cmocka_unit_test(test_time_shared_run_moves_the_same_bytes),
      cmocka_unit_test(test_queued_operations_take_turns),
      cmocka_unit_test(test_time_shared_disks),
  };
  TEST_MAIN(tests);
}
