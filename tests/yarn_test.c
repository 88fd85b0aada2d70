/* yarn_test.c - YARN mode as a user sees it: DRF shares on the DRF paper's
 * case and ranked by dominant share, not memory; Capacity queues on a
 * hand-checked case; FIFO against Fair; no node ever giving more than it
 * has; the same seed giving the same bytes; and settings in the wrong
 * place refused with one line. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

/* One worker of CORES cores and MEMORY, in rack r1, with SETTINGS (a
 * libconfig list body) and QUEUES (a `queues` line, or ""). */
static const char *cluster(int cores, const char *memory, const char *settings, const char *queues)
{
  static char text[4096];
  snprintf(text, sizeof text,
           "name = \"lab\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
           "node_classes = ( { name = \"n\"; count = 1; racks = [\"r1\"]; cores = %d; speed = \"1Gf\";"
           " memory = \"%s\"; disks = ( { read = \"1GBps\"; write = \"1GBps\"; } );"
           " nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 2; reduce = 1; }; } );\n"
           "master = { class = \"n\"; rack = \"r1\"; };\n"
           "%s\n"
           "settings = [ %s ];\n",
           cores, memory, queues, settings);
  return text;
}

/* A CPU-bound job of 40 maps of 128 MiB and one reduce after every map,
 * named NAME, submitted at SUBMIT, with EXTRA job keys and SETS (libconfig
 * strings, comma-separated) added to its set list. */
static const char *job(const char *name, const char *submit, const char *extra, const char *sets)
{
  static char text[8][1024];
  static int turn;
  char *t = text[turn++ % 8];
  snprintf(t, 1024,
           "{ name = \"%s\"; submit = \"%s\"; input = \"5GiB\"; map_cost = 10.0; map_selectivity = 0.01;"
           " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1; %s"
           " set = [ \"dfs.replication=1\", \"mapreduce.job.reduce.slowstart.completedmaps=1.0\","
           " \"yarn.app.mapreduce.am.resource.mb=1024\" %s %s ]; }",
           name, submit, extra, *sets ? "," : "", sets);
  return t;
}

static const char *jobs(const char *a, const char *b)
{
  static char text[4096];
  snprintf(text, sizeof text, "jobs = ( %s%s%s );\n", a, b ? ", " : "", b ? b : "");
  return text;
}

/* The attempts of KIND (of job JOB, or of any when JOB is NULL) running
 * just before the first map of the run ends: the first wave, as the
 * scheduler packed it. */
static int first_wave(const test_csv *t, const char *kind, const char *job)
{
  double first_end = INFINITY;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0)
      first_end = fmin(first_end, test_csv_num(t, row, "end"));
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    n += strcmp(test_csv_cell(t, row, "kind"), kind) == 0 && (!job || strcmp(test_csv_cell(t, row, "job"), job) == 0) &&
         test_csv_num(t, row, "start") < first_end - 1e-6;
  return n;
}

/* The first start (FIRST) or the last start of a map of JOB. */
static double map_start(const test_csv *t, const char *job, int first)
{
  double best = first ? INFINITY : -INFINITY;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0 && strcmp(test_csv_cell(t, row, "job"), job) == 0)
      best = first ? fmin(best, test_csv_num(t, row, "start")) : fmax(best, test_csv_num(t, row, "start"));
  return best;
}

static void drf_shares_follow_the_drf_paper(void **state)
{
  (void)state;
  /* Ghodsi et al. (NSDI 2011), section 4: <9 CPUs, 18 GB>, job A's tasks
   * <1 CPU, 4 GB>, B's <3 CPUs, 1 GB>; DRF runs 3 tasks of A and 2 of B,
   * equalising their dominant shares at 2/3.  Here each job's AM container
   * of <1 vcore, 1 GB> comes on top, so the node has <11, 20 GB>:
   * A <4, 13 GB> (share 13/20) and B <7, 3 GB> (share 7/11), and no task of
   * either fits what is left. */
  const char *a = job("a", "0s", "", "\"mapreduce.map.memory.mb=4096\"");
  const char *b = job("b", "0s", "", "\"mapreduce.map.memory.mb=1024\", \"mapreduce.map.cpu.vcores=3\"");
  test_csv *t = test_csv_in(test_simulate(cluster(11, "20GiB", "\"mrlab.scheduler=yarn-fair\"", ""), jobs(a, b), NULL),
                            "tasks.csv");
  assert_int_equal(first_wave(t, "map", "a"), 3);
  assert_int_equal(first_wave(t, "map", "b"), 2);
  test_csv_free(t);
}

static void drf_ranks_by_the_dominant_share_not_by_memory(void **state)
{
  (void)state;
  /* <64 vcores, 64 GiB>: A's maps are <4 vcores, 1 GiB>, B's <1 vcore,
   * 1 GiB>.  Ranked by memory alone the two would alternate, about 12
   * maps each, until the vcores ran out; by dominant share (A's is its
   * vcores) B runs four maps for each of A's. */
  const char *a = job("a", "0s", "", "\"mapreduce.map.memory.mb=1024\", \"mapreduce.map.cpu.vcores=4\"");
  const char *b = job("b", "0s", "", "\"mapreduce.map.memory.mb=1024\"");
  test_csv *t = test_csv_in(test_simulate(cluster(64, "64GiB", "\"mrlab.scheduler=yarn-fair\"", ""), jobs(a, b), NULL),
                            "tasks.csv");
  int in_a = first_wave(t, "map", "a"), in_b = first_wave(t, "map", "b");
  if (!(in_b >= 3 * in_a && 4 * in_a + in_b >= 60))
    fail_msg("first wave: %d maps of a <4 vcores, 1 GiB>, %d of b <1 vcore, 1 GiB>: expected b about 4 x a, filling the vcores",
             in_a, in_b);
  test_csv_free(t);
}

static void capacity_queues_share_by_their_capacity(void **state)
{
  (void)state;
  /* 8 GiB and 8 vcores; queues big (75%) and small (25%); two AMs of 1 GiB
   * leave six 1 GiB maps.  The CapacityScheduler serves the queue least used
   * against its guarantee, ties to the earlier job: big at 1/6, 2/6, 3/6
   * (tie with small's 1/2), 4/6, small to 2/2, then big to 5/6 and 6/6:
   * five maps of big, one of small. */
  const char *queues = "queues = ( { name = \"big\"; capacity = 75.0; }, { name = \"small\"; capacity = 25.0; } );";
  const char *platform = cluster(8, "8GiB", "\"mrlab.scheduler=yarn-capacity\"", queues);
  test_csv *t = test_csv_in(
      test_simulate(platform, jobs(job("a", "0s", "queue = \"big\";", ""), job("b", "0s", "queue = \"small\";", "")),
                    NULL),
      "tasks.csv");
  assert_int_equal(first_wave(t, "map", "a"), 5);
  assert_int_equal(first_wave(t, "map", "b"), 1);
  test_csv_free(t);
  /* alone, the small queue takes the idle capacity beyond its 25%: seven maps */
  t = test_csv_in(test_simulate(platform, jobs(job("b", "0s", "queue = \"small\";", ""), NULL), NULL), "tasks.csv");
  assert_int_equal(first_wave(t, "map", "b"), 7);
  test_csv_free(t);
}

static void fifo_serves_in_submit_order_and_fair_shares(void **state)
{
  (void)state;
  /* two jobs of 40 maps on a node that runs 7 at once, the second submitted
   * a second later: FIFO starts no map of the second before every map of
   * the first has started; Fair starts the second's while the first still
   * has maps waiting */
  const char *w = jobs(job("first", "0s", "", ""), job("second", "1s", "", ""));
  test_csv *t =
      test_csv_in(test_simulate(cluster(8, "9GiB", "\"mrlab.scheduler=yarn-fifo\"", ""), w, NULL), "tasks.csv");
  assert_true(map_start(t, "second", 1) >= map_start(t, "first", 0));
  test_csv_free(t);
  t = test_csv_in(test_simulate(cluster(8, "9GiB", "\"mrlab.scheduler=yarn-fair\"", ""), w, NULL), "tasks.csv");
  assert_true(map_start(t, "second", 1) < map_start(t, "first", 0));
  test_csv_free(t);
}

static void reduces_ramp_up_beside_maps(void **state)
{
  (void)state;
  /* six 1 GiB containers beside the AM, four reduces wanted from the start
   * (slow-start 0) and ranked before maps: under the ramp-up limit of 0.5
   * the reduces hold no more containers than running maps, 3 and 3, where
   * unlimited they would take 4 and leave the maps 2 */
  const char *w = "jobs = ( { name = \"a\"; input = \"5GiB\"; map_cost = 10.0; map_selectivity = 0.01;"
                  " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 4;"
                  " set = [ \"dfs.replication=1\", \"mapreduce.job.reduce.slowstart.completedmaps=0\","
                  " \"yarn.app.mapreduce.am.resource.mb=1024\" ]; } );\n";
  test_csv *t =
      test_csv_in(test_simulate(cluster(8, "7GiB", "\"mrlab.scheduler=yarn-fifo\"", ""), w, NULL), "tasks.csv");
  assert_int_equal(first_wave(t, "map", NULL), 3);
  assert_int_equal(first_wave(t, "reduce", NULL), 3);
  test_csv_free(t);
}

/* The container of a task of the shipped two-tenants workload, by job and kind. */
static void container(const char *job, const char *kind, int *mb, int *vcores)
{
  int wordcount = strcmp(job, "wordcount") == 0, map = strcmp(kind, "map") == 0;
  *mb = wordcount ? 1024 : 4096;
  *vcores = wordcount && map ? 2 : 1;
}

static void no_node_gives_more_than_it_has(void **state)
{
  (void)state;
  /* the shipped two-tenant run under each scheduler: at every task's start,
   * the containers running on its host (tasks only: an AM adds to them)
   * stay within the NodeManager's 24576 MB and 6 vcores; and the vcores
   * get full somewhere, or the check would prove nothing */
  const char *schedulers[] = {"mrlab.scheduler=yarn-fair", "mrlab.scheduler=yarn-capacity",
                              "mrlab.scheduler=yarn-fifo"};
  for (int s = 0; s < 3; s++) {
    const char *args[] = {"--set", schedulers[s], NULL};
    const char *dir = test_simulate(test_source_path("platforms/shilu11-yarn.cfg"),
                                    test_read_file(test_source_path("workloads"), "two-tenants.cfg"), args);
    test_csv *t = test_csv_in(dir, "tasks.csv");
    int most_vcores = 0;
    for (int row = 1; row < t->n_rows; row++) {
      double at = test_csv_num(t, row, "start");
      int mb = 0, vcores = 0;
      for (int k = 1; k < t->n_rows; k++)
        if (strcmp(test_csv_cell(t, k, "host"), test_csv_cell(t, row, "host")) == 0 &&
            test_csv_num(t, k, "start") <= at && test_csv_num(t, k, "end") > at) {
          int m, v;
          container(test_csv_cell(t, k, "job"), test_csv_cell(t, k, "kind"), &m, &v);
          mb += m;
          vcores += v;
        }
      assert_true(mb <= 24576);
      assert_true(vcores <= 6);
      most_vcores = vcores > most_vcores ? vcores : most_vcores;
    }
    assert_true(most_vcores >= 5);
    test_csv_free(t);
  }
}

static void the_same_seed_gives_the_same_bytes(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char work[4096];
  snprintf(work, sizeof work, "%s",
           test_write_file(dir, "w.cfg", test_read_file(test_source_path("workloads"), "two-tenants.cfg")));
  const char *outs[] = {"out1", "out2"};
  for (int k = 0; k < 2; k++) {
    const char *argv[] = {"run", test_source_path("platforms/shilu11-yarn.cfg"), work, "-o", outs[k], "--seed", "3",
                          NULL};
    test_run r;
    test_run_mrlab(&r, dir, argv);
    assert_int_equal(r.status, 0);
  }
  char first[4096], second[4096];
  snprintf(first, sizeof first, "%s/out1", dir);
  snprintf(second, sizeof second, "%s/out2", dir);
  const char *files[] = {"tasks.csv", "jobs.csv", "summary.json", "utilisation.csv"};
  for (int k = 0; k < 4; k++)
    assert_string_equal(test_read_file(first, files[k]), test_read_file(second, files[k]));
}

/* Runs mrlab on PLATFORM and WORKLOAD texts and checks that it is refused
 * with status 2, no output, and one line that names FILE:LINE and holds SAYS. */
static void assert_refused(const char *platform, const char *workload, const char *where, const char *says)
{
  const char *dir = test_tmpdir();
  char plat[4096], work[4096], out[4096];
  snprintf(plat, sizeof plat, "%s", test_write_file(dir, "platform.cfg", platform));
  snprintf(work, sizeof work, "%s", test_write_file(dir, "workload.cfg", workload));
  snprintf(out, sizeof out, "%s/out", dir);
  const char *argv[] = {"run", plat, work, "-o", out, NULL};
  test_run r;
  test_run_mrlab(&r, dir, argv);
  if (r.status != 2 || !strstr(r.err, where) || !strstr(r.err, says))
    fail_msg("status %d, stderr: %s (expected %s and %s)", r.status, r.err, where, says);
  assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);
  assert_int_equal(test_count_files(dir), 2);
}

static void settings_in_the_wrong_place_are_refused(void **state)
{
  (void)state;
  char fair[4096]; /* cluster() reuses its buffer */
  snprintf(fair, sizeof fair, "%s", cluster(8, "8GiB", "\"mrlab.scheduler=yarn-fair\"", ""));
  /* the scheduler, a NodeManager's capacity and heartbeats are the cluster's */
  assert_refused(fair, jobs(job("a", "0s", "", "\"mrlab.scheduler=yarn-fifo\""), NULL),
                 "workload.cfg:1:", "mrlab.scheduler: a cluster-wide property");
  assert_refused(fair, jobs(job("a", "0s", "", "\"yarn.nodemanager.resource.memory-mb=4096\""), NULL),
                 "workload.cfg:1:", "yarn.nodemanager.resource.memory-mb: a cluster-wide property");
  /* container sizes are a job's */
  assert_refused(cluster(8, "8GiB", "\"mapreduce.map.cpu.vcores=2\"", ""), jobs(job("a", "0s", "", ""), NULL),
                 "platform.cfg:7:", "mapreduce.map.cpu.vcores: a job property");
  /* a container that fits no node, and a queue that does not exist */
  assert_refused(fair, jobs(job("a", "0s", "", "\"mapreduce.map.cpu.vcores=9\""), NULL), "workload.cfg:1:",
                 "expected a map container that fits some NodeManager of lab (at most 8192 MB and 8 vcores there), "
                 "got 1024 MB and 9 vcores");
  /* the CapacityScheduler refuses a queue it was not given; the
   * FairScheduler creates it */
  const char *nightly = jobs(job("a", "0s", "queue = \"nightly\";", ""), NULL);
  assert_refused(cluster(8, "8GiB", "\"mrlab.scheduler=yarn-capacity\"", ""), nightly,
                 "workload.cfg:1:", "jobs.a.queue: no queue of lab is named \"nightly\"");
  assert_non_null(test_simulate(fair, nightly, NULL));
  assert_refused(
      cluster(8, "8GiB", "", "queues = ( { name = \"a\"; capacity = 60.0; }, { name = \"b\"; capacity = 30.0; } );"),
      jobs(job("a", "0s", "", ""), NULL), "platform.cfg:6:", "expected queue capacities summing to 100");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(drf_shares_follow_the_drf_paper),
      cmocka_unit_test(drf_ranks_by_the_dominant_share_not_by_memory),
      cmocka_unit_test(capacity_queues_share_by_their_capacity),
      cmocka_unit_test(fifo_serves_in_submit_order_and_fair_shares),
      cmocka_unit_test(reduces_ramp_up_beside_maps),
      cmocka_unit_test(no_node_gives_more_than_it_has),
      cmocka_unit_test(the_same_seed_gives_the_same_bytes),
      cmocka_unit_test(settings_in_the_wrong_place_are_refused),
  };
  TEST_MAIN(tests);
}
