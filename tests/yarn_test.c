/* yarn_test.c - YARN mode as a user sees it: DRF shares on the DRF paper's
 * case and ranked by dominant share, not memory; Capacity queues on a
 * hand-checked case; FIFO against Fair; no node ever giving more than it
 * has; the same seed giving the same bytes; settings in the wrong place
 * refused with one line; the ApplicationMasters' share limits and the AM's
 * reduce preemption keeping runs from deadlock; and a deadlock that
 * remains ending in one line. */
#include "rundir.h"
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

/* N jobs of INPUT with REDUCERS reduces each, submitted at once, in a static buffer. */
static const char *same_jobs(int n, const char *input, int reducers)
{
  static char text[8192];
  int at = snprintf(text, sizeof text, "jobs = (");
  for (int k = 0; k < n; k++)
    at += snprintf(text + at, sizeof text - (size_t)at,
                   "%s { name = \"j%d\"; input = \"%s\"; map_cost = 10.0; map_selectivity = 1.0; reduce_cost = 1.0;"
                   " reduce_selectivity = 1.0; reducers = %d; set = [ \"mapreduce.reduce.speculative=false\" ]; }",
                   k ? "," : "", k, input, reducers);
  snprintf(text + at, sizeof text - (size_t)at, " );\n");
  return text;
}

/* The most jobs of jobs.csv in DIR running at once (between start, their
 * ApplicationMaster's container, and end). */
static int most_jobs_at_once(const char *dir)
{
  test_csv *t = test_csv_in(dir, "jobs.csv");
  int most = 0;
  for (int a = 1; a < t->n_rows; a++) {
    int n = 0;
    double at = test_csv_num(t, a, "start");
    for (int b = 1; b < t->n_rows; b++)
      n += test_csv_num(t, b, "start") <= at && at < test_csv_num(t, b, "end");
    most = n > most ? n : most;
  }
  test_csv_free(t);
  return most;
}

/* Runs mrlab on toy4 with WORKLOAD and the --set SETS (NULL-terminated, at
 * most 7), and checks that it ends with status 2, no output, and one line
 * that holds each of SAYS1 and SAYS2. */
static void assert_deadlock(const char *workload, const char *const *sets, const char *says1, const char *says2)
{
  const char *dir = test_tmpdir();
  char work[4096], out[4096];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", workload));
  snprintf(out, sizeof out, "%s/out", dir);
  const char *argv[20] = {"run", test_source_path("platforms/toy4.cfg"), work, "-o", out};
  int n = 5;
  for (int k = 0; sets[k]; k++) {
    argv[n++] = "--set";
    argv[n++] = sets[k];
  }
  /* a run that ends in a deadlock stops SimGrid's actors where they wait
   * (sg_actor_kill_all), and what a waiting reduce holds goes with the
   * process: no leak check for that run in the sanitizer build */
  const char *was = getenv("ASAN_OPTIONS");
  char *saved = was ? strdup(was) : NULL, options[4096];
  snprintf(options, sizeof options, "%s%sdetect_leaks=0", was ? was : "", was ? ":" : "");
  setenv("ASAN_OPTIONS", options, 1);
  test_run r;
  test_run_mrlab(&r, dir, argv);
  if (saved)
    setenv("ASAN_OPTIONS", saved, 1);
  else
    unsetenv("ASAN_OPTIONS");
  free(saved);
  if (r.status != 2 || !strstr(r.err, says1) || !strstr(r.err, says2))
    fail_msg("status %d, stderr: %s (expected %s and %s)", r.status, r.err, says1, says2);
  assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);
  assert_int_equal(test_count_files(dir), 1);
}

static void am_limits_keep_masters_from_filling_the_cluster(void **state)
{
  (void)state;
  /* eight jobs on four 2048 MB NodeManagers: each AM (1536 MB, 2048 once
   * rounded up) takes a node.  Capacity's 10% of 8192 MB is less than one
   * AM, so one job runs at a time (a queue always may start one); Fair's
   * maxAMShare of 0.5 lets two run; FIFO has no limit: four AMs take every
   * node and no task can start, which ends the run */
  const char *w = same_jobs(8, "100MB", 2);
  const char *capacity[] = {"--set", "mrlab.scheduler=yarn-capacity", "--set", "yarn.nodemanager.resource.memory-mb=2048",
                            NULL};
  assert_int_equal(most_jobs_at_once(test_simulate(test_source_path("platforms/toy4.cfg"), w, capacity)), 1);
  const char *fair[] = {"--set", "mrlab.scheduler=yarn-fair", "--set", "yarn.nodemanager.resource.memory-mb=2048", NULL};
  assert_int_equal(most_jobs_at_once(test_simulate(test_source_path("platforms/toy4.cfg"), w, fair)), 2);
  const char *fifo[] = {"mrlab.scheduler=yarn-fifo", "yarn.nodemanager.resource.memory-mb=2048", NULL};
  assert_deadlock(w, fifo, "deadlock at ", "ApplicationMasters hold 8192 MB and reduces waiting for maps 0 MB");
  /* limits of 1 let the AMs fill the cluster as FIFO does */
  const char *open_capacity[] = {"mrlab.scheduler=yarn-capacity", "yarn.nodemanager.resource.memory-mb=2048",
                                 "yarn.scheduler.capacity.maximum-am-resource-percent=1", NULL};
  assert_deadlock(w, open_capacity, "ApplicationMasters hold 8192 MB",
                  "yarn.scheduler.capacity.maximum-am-resource-percent is 1)");
  const char *open_fair[] = {"mrlab.scheduler=yarn-fair", "yarn.nodemanager.resource.memory-mb=2048",
                             "mrlab.fair.maxAMShare=1", NULL};
  assert_deadlock(w, open_fair, "ApplicationMasters hold 8192 MB", "mrlab.fair.maxAMShare is 1)");
}

/* Runs WORK (a file) on toy4 with 3072 MB NodeManagers under SCHEDULER,
 * reduces ramped up without limit from slow-start SLOWSTART, the AM's
 * preemption.limit PREEMPTION (NULL: its default, 0.5), and mrlab's yarn
 * log category on, into R; returns the run directory (the test's temporary
 * one's "out", run after run).  Fails unless the run succeeds. */
static const char *run_preempting(const char *work, const char *scheduler, const char *slowstart,
                                  const char *preemption, test_run *r)
{
  static char out[4200];
  char platform[4096], set_slowstart[128], set_limit[128];
  snprintf(out, sizeof out, "%s/out", test_tmpdir());
  snprintf(platform, sizeof platform, "%s", test_source_path("platforms/toy4.cfg"));
  snprintf(set_slowstart, sizeof set_slowstart, "mapreduce.job.reduce.slowstart.completedmaps=%s", slowstart);
  snprintf(set_limit, sizeof set_limit, "yarn.app.mapreduce.am.job.reduce.preemption.limit=%s",
           preemption ? preemption : "0.5");
  test_run_mrlab(r, NULL,
                 (const char *const[]){"run", platform, work, "--set", scheduler, "--set",
                                       "yarn.nodemanager.resource.memory-mb=3072", "--set", set_slowstart, "--set",
                                       "yarn.app.mapreduce.am.job.reduce.rampup.limit=1", "--set", set_limit,
                                       "--log=mrlab.yarn.thres:info", "-o", out, NULL});
  assert_int_equal(r->status, 0);
  return out;
}

static void reduces_yield_to_waiting_maps(void **state)
{
  (void)state;
  /* two jobs of 15 maps and 16 reduces on four 3072 MB NodeManagers, the
   * reduces asked for at once and unlimited by the ramp-up: they take every
   * container the AMs leave and wait for maps that cannot start, until the
   * AM preempts some (killed attempts, run again later) */
  const char *w = same_jobs(2, "2GB", 16);
  static const char *const schedulers[] = {"mrlab.scheduler=yarn-fifo", "mrlab.scheduler=yarn-capacity",
                                           "mrlab.scheduler=yarn-fair"};
  for (int k = 0; k < 3; k++) {
    const char *args[] = {"--set", schedulers[k], "--set", "yarn.nodemanager.resource.memory-mb=3072", "--set",
                          "mapreduce.job.reduce.slowstart.completedmaps=0", "--set",
                          "yarn.app.mapreduce.am.job.reduce.rampup.limit=1", NULL};
    test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), w, args), "tasks.csv");
    int killed = 0, succeeded = 0;
    for (int row = 1; row < t->n_rows; row++)
      if (strcmp(test_csv_cell(t, row, "kind"), "reduce") == 0) {
        killed += strcmp(test_csv_cell(t, row, "status"), RUNDIR_STATUS_KILLED) == 0;
        succeeded += strcmp(test_csv_cell(t, row, "status"), RUNDIR_STATUS_SUCCEEDED) == 0;
      }
    assert_int_equal(succeeded, 32);
    assert_true(killed > 0);
    test_csv_free(t);
  }
  /* with yarn.app.mapreduce.am.job.reduce.preemption.limit at 0.01 the AM
   * kills, each time, just enough reduces for one map (a 1024 MB map in
   * 1024 MB reduce containers: one), as RMContainerAllocator counts them;
   * its yarn log category says how many of how many */
  char work[4096];
  snprintf(work, sizeof work, "%s", test_write_file(test_tmpdir(), "two.cfg", w));
  test_run r;
  for (int k = 0; k < 3; k++) {
    run_preempting(work, schedulers[k], "0", "0.01", &r);
    int rounds = 0;
    for (const char *at = strstr(r.err, "ApplicationMaster preempts "); at;
         at = strstr(at + 1, "ApplicationMaster preempts ")) {
      int n, of;
      assert_int_equal(sscanf(at, "ApplicationMaster preempts %d of its %d running reduces", &n, &of), 2);
      assert_int_equal(n, 1);
      rounds++;
    }
    assert_true(rounds >= 2);
  }
  /* FIFO tells the AM it schedules by memory alone, and the AM counts
   * containers so: when j0's AM (1536 MB), its 8 reduces and j1's AM and
   * reduce hold the cluster's 12288 MB, j0's resource limit less its AM is
   * 8192 MB, and preemption.limit 0.5 of it is 4 reduces (its vcores, 13
   * of toy4's 16 less its AM, would make it 7) */
  run_preempting(work, "mrlab.scheduler=yarn-fifo", "0", NULL, &r);
  assert_non_null(strstr(r.err, "job j0's ApplicationMaster preempts 4 of its 8 running reduces"));
  /* and never more than the maps still waiting need (1024 MB each, as the
   * reduces): with slow-start at 0.3 under FIFO, maps have run when the
   * reduces take the containers, and the few left wait; the maps not yet
   * assigned at each preemption are counted from tasks.csv */
  const char *out = run_preempting(work, "mrlab.scheduler=yarn-fifo", "0.3", NULL, &r);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int capped = 0;
  for (const char *line = r.err; *line; line = strchr(line, '\n') + 1) {
    double when;
    char job[16];
    int n, of;
    if (sscanf(line, "[%*s %lf] [mrlab_yarn/INFO] job %15[^']'s ApplicationMaster preempts %d of its %d running reduces",
               &when, job, &n, &of) != 4)
      continue;
    int maps = 0, assigned = 0;
    for (int row = 1; row < t->n_rows; row++)
      if (strcmp(test_csv_cell(t, row, "job"), job) == 0 && strcmp(test_csv_cell(t, row, "kind"), "map") == 0 &&
          strcmp(test_csv_cell(t, row, "attempt"), "0") == 0) {
        maps++;
        assigned += test_csv_num(t, row, "start") <= when + 1e-9;
      }
    assert_true(n <= maps - assigned);
    capped += n == maps - assigned && n < of;
  }
  assert_true(capped >= 1);
  test_csv_free(t);
}

static void a_deadlock_no_preemption_breaks_ends_the_run(void **state)
{
  (void)state;
  /* one job of 16 maps of 2048 MB and 10 reduces of 1024 MB on four 3072 MB
   * NodeManagers, its AM 1024 MB, the reduces asked for at once: seven
   * reduces take a container beside the AM and leave 1024 MB on each node,
   * 4096 MB in all.  That headroom holds a map, so the AM preempts nothing
   * until the unconditional delay; with none, nothing ever ends */
  const char *w = same_jobs(1, "2GB", 10);
  const char *fragmented[] = {"mrlab.scheduler=yarn-fifo",
                              "yarn.nodemanager.resource.memory-mb=3072",
                              "mapreduce.map.memory.mb=2048",
                              "yarn.app.mapreduce.am.resource.mb=1024",
                              "mapreduce.job.reduce.slowstart.completedmaps=0",
                              "yarn.app.mapreduce.am.job.reduce.rampup.limit=1",
                              "mapreduce.job.reducer.unconditional-preempt.delay.sec=-1",
                              NULL};
  assert_deadlock(w, fragmented, "reduces waiting for maps 7168 MB of the NodeManagers' 12288 MB",
                  "(no AM preempts a reduce: the cluster's free 4096 MB and 8 vcores would hold a map, though no one "
                  "NodeManager can, and mapreduce.job.reducer.unconditional-preempt.delay.sec is -1)");
  /* after 300 s the AM kills reduces, but with a ramp-up limit of 1 they
   * may retake what they freed, and do so first, until no attempt is left */
  fragmented[6] = NULL;
  assert_deadlock(w, fragmented, "deadlock at 3",
                  "job j0's reduces were preempted until mrlab's 8 attempts of a task, each time retaking the "
                  "containers they freed before a map could");
  /* Hadoop's ramp-up limit of 0.5 leaves the maps their room */
  const char *args[] = {"--set", "mrlab.scheduler=yarn-fifo", "--set", "yarn.nodemanager.resource.memory-mb=3072",
                        "--set", "mapreduce.map.memory.mb=2048", "--set", "yarn.app.mapreduce.am.resource.mb=1024",
                        "--set", "mapreduce.job.reduce.slowstart.completedmaps=0", NULL};
  test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), w, args), "jobs.csv");
  assert_int_equal(t->n_rows, 2);
  test_csv_free(t);
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
      cmocka_unit_test(am_limits_keep_masters_from_filling_the_cluster),
      cmocka_unit_test(reduces_yield_to_waiting_maps),
      cmocka_unit_test(a_deadlock_no_preemption_breaks_ends_the_run),
  };
  TEST_MAIN(tests);
}
