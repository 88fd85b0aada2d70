/* redistribute_test.c - Xie's data redistribution: the planner alone on the
 * spec's cases (Grep ratios, data appended, a node added), then whole runs:
 * the bytes moved and the time they take, maps node-local afterwards, a
 * placement already in place, and bad input. */
#include "alloc.h"
#include "hdfs.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>

static const int64_t MiB = 1024 * 1024;

/* A file of N blocks of 64 MiB (the last LAST bytes) with replication R
 * whose replicas are HOLDERS (block-major). */
static hdfs_file *make_file(int64_t n, int r, const int *holders, int64_t last)
{
  hdfs_file *f = xcalloc(1, sizeof *f);
  f->block_size = 64 * MiB;
  f->size = (n - 1) * f->block_size + last;
  f->replication = r;
  f->n_blocks = n;
  f->replicas = xmalloc((size_t)(n * r) * sizeof *f->replicas);
  memcpy(f->replicas, holders, (size_t)(n * r) * sizeof *f->replicas);
  return f;
}

static int64_t total_bytes(const hdfs_file *f)
{
  int64_t sum = 0;
  for (int64_t b = 0; b < f->n_blocks; b++)
    sum += hdfs_block_bytes(f, b) * f->replication;
  return sum;
}

/* Plans F towards TARGET over N workers, checks what every plan must be
 * (only over-utilized sources, under-utilized destinations, a replica
 * never where its block is, Σ positive excess moved, blocks and bytes
 * conserved, TARGET reached, nothing left to move), applies it and returns
 * the moves (the caller frees them) and their number in *N_MOVES. */
static hdfs_move *plan_and_apply(hdfs_file *f, int n, const int64_t *target, int64_t *n_moves)
{
  int64_t before[16], after[16], excess = 0, bytes = total_bytes(f), n_blocks = f->n_blocks;
  hdfs_count_replicas(f, n, before);
  for (int w = 0; w < n; w++)
    excess += before[w] > target[w] ? before[w] - target[w] : 0;
  hdfs_move *moves;
  *n_moves = hdfs_plan_redistribution(f, n, target, NULL, &moves);
  assert_int_equal(*n_moves, excess);
  for (int64_t k = 0; k < *n_moves; k++) {
    assert_true(before[moves[k].from] > target[moves[k].from]);
    assert_true(before[moves[k].to] < target[moves[k].to]);
    for (int i = 0; i < f->replication; i++)
      assert_int_not_equal(hdfs_replica(f, moves[k].block, i), moves[k].to);
    hdfs_apply_move(f, &moves[k]);
  }
  hdfs_count_replicas(f, n, after);
  for (int w = 0; w < n; w++)
    assert_int_equal(after[w], target[w]);
  assert_int_equal(f->n_blocks, n_blocks);
  assert_int_equal(total_bytes(f), bytes);
  hdfs_move *again;
  assert_int_equal(hdfs_plan_redistribution(f, n, target, NULL, &again), 0); /* a second run moves nothing */
  free(again);
  return moves;
}

/* Spec section 8.5: 24 blocks placed evenly (5, 5, 5, 5, 4), Grep's ratios
 * 1, 2, 3.3, 3.3, 3.3 give 10, 5, 3, 3, 3: five blocks move, to node A. */
static void even_placement_reaches_grep_quotas(void **state)
{
  (void)state;
  int holders[24];
  for (int b = 0; b < 24; b++)
    holders[b] = b % 5;
  hdfs_file *f = make_file(24, 1, holders, 10 * MiB);
  const int64_t target[] = {10, 5, 3, 3, 3};
  int64_t n;
  hdfs_move *moves = plan_and_apply(f, 5, target, &n);
  assert_int_equal(n, 5); /* 5.34/24 of the data by the spec's fractional shares, 5 whole blocks here */
  for (int64_t k = 0; k < n; k++)
    assert_int_equal(moves[k].to, 0);
  free(moves);
  hdfs_file_free(f);
}

/* Spec section 8.6: 25% more data (6 blocks) appended, all on node A (the
 * writer's copy): only A's excess over the new quotas moves. */
static void appended_data_moves_only_the_excess(void **state)
{
  (void)state;
  int holders[30];
  const int balanced[] = {10, 5, 3, 3, 3};
  for (int w = 0, b = 0; w < 5; w++)
    for (int k = 0; k < balanced[w]; k++)
      holders[b++] = w;
  for (int b = 24; b < 30; b++)
    holders[b] = 0;
  hdfs_file *f = make_file(30, 1, holders, 64 * MiB);
  const int64_t target[] = {12, 6, 4, 4, 4}; /* 30 blocks at Grep's ratios, largest remainders */
  int64_t n;
  hdfs_move *moves = plan_and_apply(f, 5, target, &n);
  assert_int_equal(n, 4);
  for (int64_t k = 0; k < n; k++)
    assert_int_equal(moves[k].from, 0);
  free(moves);
  hdfs_file_free(f);
}

/* Spec section 8.6: a node of ratio 1 added to the balanced Grep cluster is
 * the only under-utilized node: every move goes to it. */
static void added_node_only_receives(void **state)
{
  (void)state;
  int holders[24];
  const int balanced[] = {10, 5, 3, 3, 3};
  for (int w = 0, b = 0; w < 5; w++)
    for (int k = 0; k < balanced[w]; k++)
      holders[b++] = w;
  hdfs_file *f = make_file(24, 1, holders, 64 * MiB);
  const int64_t target[] = {7, 4, 2, 2, 2, 7}; /* ratios 1, 2, 3.3, 3.3, 3.3, 1 */
  int64_t n;
  hdfs_move *moves = plan_and_apply(f, 6, target, &n);
  assert_int_equal(n, 7);
  for (int64_t k = 0; k < n; k++)
    assert_int_equal(moves[k].to, 5);
  free(moves);
  hdfs_file_free(f);
}

/* The over-utilized list is sorted by excess, largest first (Xie's
 * balancer): workers 0, 1 and 2 hold 1, 2 and 3 blocks beyond their
 * targets, in index order, and workers 3 and 4 lack 4 and 2: worker 2
 * gives its three first, then worker 1 its two, then worker 0 its one. */
static void the_most_over_utilized_give_first(void **state)
{
  (void)state;
  const int holders[] = {0, 0, 1, 1, 1, 2, 2, 2, 2};
  hdfs_file *f = make_file(9, 1, holders, 64 * MiB);
  const int64_t target[] = {1, 1, 1, 4, 2};
  int64_t n;
  hdfs_move *moves = plan_and_apply(f, 5, target, &n);
  assert_int_equal(n, 6);
  const int from[] = {2, 2, 2, 1, 1, 0};
  for (int k = 0; k < 6; k++)
    assert_int_equal(moves[k].from, from[k]);
  free(moves);
  hdfs_file_free(f);
}

/* With two replicas a block, a replica never joins its twin: ten blocks on
 * workers 0 and 1 spread over four workers; and four blocks on workers 0
 * and 1 of which worker 2 is to hold all four, so that worker 1 must give
 * it the blocks worker 0 did not. */
static void replicas_stay_distinct(void **state)
{
  (void)state;
  int holders[20];
  for (int b = 0; b < 10; b++) {
    holders[2 * b] = 0;
    holders[2 * b + 1] = 1;
  }
  hdfs_file *f = make_file(10, 2, holders, 64 * MiB);
  const int64_t target[] = {5, 5, 5, 5};
  int64_t n;
  free(plan_and_apply(f, 4, target, &n));
  assert_int_equal(n, 10);
  for (int64_t b = 0; b < 10; b++)
    assert_int_not_equal(hdfs_replica(f, b, 0), hdfs_replica(f, b, 1));
  hdfs_file_free(f);
  f = make_file(4, 2, holders, 64 * MiB);
  const int64_t all_on_2[] = {2, 2, 4};
  free(plan_and_apply(f, 3, all_on_2, &n));
  assert_int_equal(n, 4);
  hdfs_file_free(f);
}

/* A job on toy4 (4 identical workers, 4 map slots each; disks read 120 MB/s
 * and write 100 MB/s, NICs 1 Gb/s) of BLOCKS blocks of 64 MiB, placed by
 * PLACEMENT, redistributed with REDIST (a `redistribute` group, or ""). */
static const char *run_toy4(int blocks, const char *placement, const char *redist, const char *const *args)
{
  char text[2048];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"j\"; input = \"%dMiB\"; map_cost = 1.0; map_selectivity = 0.01;\n"
           "  reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;\n"
           "  set = [\"dfs.blocksize=64m\", \"dfs.replication=1\", \"mapreduce.map.speculative=false\"];\n"
           "  placement = %s;\n"
           "  %s } );\n",
           blocks * 64, placement, redist);
  return test_simulate(test_source_path("platforms/toy4.cfg"), text, args);
}

static const char even4[] = "{ worker-1 = 1.0; worker-2 = 1.0; worker-3 = 1.0; worker-4 = 1.0; }";

/* 16 blocks all on worker-1, to be spread 4 a worker: 12 move; then every
 * map finds its block on its node, and none starts before the moves end. */
static void run_moves_the_planned_bytes(void **state)
{
  (void)state;
  const char *out = run_toy4(16, even4, "redistribute = { from = { worker-1 = 1.0; }; };", NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  assert_int_equal((int64_t)test_csv_num(jobs, 1, "redistributed_bytes"), 12 * 64 * MiB);
  double ready = test_csv_num(jobs, 1, "submit") + test_csv_num(jobs, 1, "redistribution_time");
  /* worker-1's disk reads the 12 blocks */
  assert_true(test_csv_num(jobs, 1, "redistribution_time") >= 12 * 64 * MiB / 120e6);
  test_csv *tasks = test_csv_in(out, "tasks.csv");
  int maps = 0;
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "kind"), "map") == 0) {
      maps++;
      assert_string_equal(test_csv_cell(tasks, row, "locality"), "node");
      assert_true(test_csv_num(tasks, row, "start") >= ready);
    }
  assert_int_equal(maps, 16);
  test_csv_free(tasks);
  test_csv_free(jobs);
}

/* One block of B = 64 MiB from worker-1 to worker-2: at least B over the
 * slowest resource it crosses (worker-2's disk writes 100 MB/s), and at
 * most that plus the two chunks (16 MiB) that fill the pipe from disk to
 * network to disk.  Throttled to 10 MiB/s, at least B / 10 MiB/s. */
static void one_move_takes_its_disks_and_network_time(void **state)
{
  (void)state;
  const char *redist = "redistribute = { from = { worker-1 = 1.0; }; };";
  const char *placement = "{ worker-1 = 1.0; worker-2 = 1.0; }";
  const char *out = run_toy4(2, placement, redist, NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  double b = 64.0 * MiB, chunk = 16.0 * MiB, t = test_csv_num(jobs, 1, "redistribution_time");
  assert_int_equal((int64_t)test_csv_num(jobs, 1, "redistributed_bytes"), 64 * MiB);
  if (!(t >= b / 100e6 && t <= (b + 2 * chunk) / 100e6))
    fail_msg("one move took %.3f s, expected %.3f to %.3f", t, b / 100e6, (b + 2 * chunk) / 100e6);
  test_csv_free(jobs);
  out = run_toy4(2, placement, redist, (const char *[]){"--set", "dfs.datanode.balance.bandwidthPerSec=10m", NULL});
  jobs = test_csv_in(out, "jobs.csv");
  t = test_csv_num(jobs, 1, "redistribution_time");
  if (!(t >= b / (10.0 * MiB) && t <= (b + chunk) / (10.0 * MiB)))
    fail_msg("a move throttled to 10 MiB/s took %.3f s, expected %.3f to %.3f", t, b / (10.0 * MiB),
             (b + chunk) / (10.0 * MiB));
  test_csv_free(jobs);
}

/* The 12 moves of worker-1's blocks, one at a time at each datanode, take
 * twelve moves' time end to end (each at least B over the 100 MB/s disk it
 * writes); Hadoop's 5 at a time overlap and end sooner. */
static void moves_at_once_are_bounded_per_datanode(void **state)
{
  (void)state;
  const char *redist = "redistribute = { from = { worker-1 = 1.0; }; };";
  test_csv *one = test_csv_in(
      run_toy4(16, even4, redist, (const char *[]){"--set", "dfs.datanode.balance.max.concurrent.moves=1", NULL}),
      "jobs.csv");
  test_csv *five = test_csv_in(run_toy4(16, even4, redist, NULL), "jobs.csv");
  double serial = test_csv_num(one, 1, "redistribution_time"), parallel = test_csv_num(five, 1, "redistribution_time");
  if (!(serial >= 12 * 64 * MiB / 100e6 && parallel < serial))
    fail_msg("12 moves took %.3f s one at a time (expected at least %.3f) and %.3f s five at a time (expected less)",
             serial, 12 * 64 * MiB / 100e6, parallel);
  test_csv_free(one);
  test_csv_free(five);
  /* two sources for one destination taking one move at a time: the second
   * source's moves start as the destination frees, and all 8 blocks move */
  test_csv *two =
      test_csv_in(run_toy4(8, "{ worker-3 = 1.0; }", "redistribute = { from = { worker-1 = 1.0; worker-2 = 1.0; }; };",
                           (const char *[]){"--set", "dfs.datanode.balance.max.concurrent.moves=1", NULL}),
                  "jobs.csv");
  assert_int_equal((int64_t)test_csv_num(two, 1, "redistributed_bytes"), 8 * 64 * MiB);
  assert_true(test_csv_num(two, 1, "redistribution_time") >= 8 * 64 * MiB / 100e6);
  test_csv_free(two);
}

/* Data already where the job's placement puts it moves 0 bytes in 0 s, and
 * the job runs as if there were no redistribution. */
static void balanced_placement_moves_nothing(void **state)
{
  (void)state;
  char redist[256];
  snprintf(redist, sizeof redist, "redistribute = { from = %s; };", even4);
  test_csv *with = test_csv_in(run_toy4(8, even4, redist, NULL), "jobs.csv");
  test_csv *without = test_csv_in(run_toy4(8, even4, "", NULL), "jobs.csv");
  assert_int_equal((int64_t)test_csv_num(with, 1, "redistributed_bytes"), 0);
  assert_close(test_csv_num(with, 1, "redistribution_time"), 0, 0);
  assert_close(test_csv_num(with, 1, "end"), test_csv_num(without, 1, "end"), 1e-9);
  assert_int_equal((int64_t)test_csv_num(without, 1, "redistributed_bytes"), 0);
  test_csv_free(with);
  test_csv_free(without);
}

/* A throttle that would make the moves outlast mrlab's bound on a run (768
 * MiB out of worker-1 at 1 byte a second: 9,300 days) is refused before the
 * run, with one line naming what sets that pace, as a job too big for the
 * cluster is. */
static void a_throttle_beyond_the_bound_is_refused(void **state)
{
  (void)state;
  char text[2048];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"j\"; input = \"1GiB\"; map_cost = 1.0; map_selectivity = 0.01;\n"
           "  reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;\n"
           "  set = [\"dfs.blocksize=64m\", \"dfs.replication=1\"]; placement = %s;\n"
           "  redistribute = { from = { worker-1 = 1.0; }; }; } );\n",
           even4);
  const char *dir = test_tmpdir();
  char path[4096];
  snprintf(path, sizeof path, "%s", test_write_file(dir, "w.cfg", text));
  test_run r;
  test_run_mrlab(&r, dir,
                 (const char *[]){"run", test_source_path("platforms/toy4.cfg"), path, "-o", "out", "--set",
                                  "dfs.datanode.balance.bandwidthPerSec=1", NULL});
  if (r.status != 2 || !strstr(r.err, "job j: at most 30 days of simulated time") ||
      !strstr(r.err, "its busiest datanode's redistribution at dfs.datanode.balance.bandwidthPerSec") ||
      strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("status %d, stderr \"%s\"", r.status, r.err);
  assert_int_equal(test_count_files(dir), 1); /* no run directory */
  /* two sources: worker-1 sends 6 blocks, worker-2 then 2, and the sinks
   * take 4 each; the busiest is worker-1, whose moves are not the last
   * (6 x 64 MiB at 1 B/s: 4,660 days) */
  snprintf(text, sizeof text,
           "jobs = ( { name = \"j\"; input = \"1GiB\"; map_cost = 1.0; map_selectivity = 0.01;\n"
           "  reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;\n"
           "  set = [\"dfs.blocksize=64m\", \"dfs.replication=1\"]; placement = %s;\n"
           "  redistribute = { from = { worker-1 = 5.0; worker-2 = 3.0; }; }; } );\n",
           even4);
  snprintf(path, sizeof path, "%s", test_write_file(dir, "w.cfg", text));
  test_run_mrlab(&r, dir,
                 (const char *[]){"run", test_source_path("platforms/toy4.cfg"), path, "-o", "out", "--set",
                                  "dfs.datanode.balance.bandwidthPerSec=1", NULL});
  if (r.status != 2 || !strstr(r.err, "got at least 4.66e+03 days (its busiest datanode's redistribution"))
    fail_msg("status %d, stderr \"%s\"", r.status, r.err);
}

/* Bad `redistribute` input: one line naming the file, the line and what was
 * expected, exit status 2, no run directory. */
static void bad_redistribute_is_refused(void **state)
{
  (void)state;
  static const struct {
    const char *redist, *says;
  } cases[] = {
      {"redistribute = { form = { worker-1 = 1.0; }; };", "did you mean \"from\""},
      {"redistribute = { appended = \"-64MiB\"; };", "expected a positive value"},
      {"redistribute = { appended = \"512MiB\"; };", "less than the job's input (536870912 bytes), got 536870912"},
      {"redistribute = { added = [\"worker-9\"]; };", "no worker of toy4 is named \"worker-9\""},
      {"redistribute = { added = [\"worker-1\", \"worker-2\", \"worker-3\", \"worker-4\"]; };",
       "expected some worker of toy4 not added"},
      {"redistribute = { from = { worker-7 = 1.0; }; };", "no worker of toy4 is named \"worker-7\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[2048];
    snprintf(text, sizeof text,
             "jobs = ( { name = \"j\"; input = \"512MiB\"; map_cost = 1.0; map_selectivity = 0.01;\n"
             "  reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;\n"
             "  %s } );\n",
             cases[i].redist);
    const char *dir = test_tmpdir();
    char path[4096], where[4200];
    snprintf(path, sizeof path, "%s", test_write_file(dir, "w.cfg", text));
    test_run r;
    test_run_mrlab(&r, dir, (const char *[]){"run", test_source_path("platforms/toy4.cfg"), path, "-o", "out", NULL});
    snprintf(where, sizeof where, "mrlab: %s:3: ", path);
    if (r.status != 2 || strncmp(r.err, where, strlen(where)) != 0 || !strstr(r.err, cases[i].says) ||
        strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
      fail_msg("case %zu: status %d, stderr \"%s\"; expected status 2 and one line \"%s...%s...\"", i, r.status, r.err,
               where, cases[i].says);
    assert_int_equal(test_count_files(dir), 1); /* no run directory */
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(even_placement_reaches_grep_quotas),
      cmocka_unit_test(appended_data_moves_only_the_excess),
      cmocka_unit_test(added_node_only_receives),
      cmocka_unit_test(replicas_stay_distinct),
      cmocka_unit_test(the_most_over_utilized_give_first),
      cmocka_unit_test(run_moves_the_planned_bytes),
      cmocka_unit_test(one_move_takes_its_disks_and_network_time),
      cmocka_unit_test(moves_at_once_are_bounded_per_datanode),
      cmocka_unit_test(balanced_placement_moves_nothing),
      cmocka_unit_test(bad_redistribute_is_refused),
      cmocka_unit_test(a_throttle_beyond_the_bound_is_refused),
  };
  TEST_MAIN(tests);
}
