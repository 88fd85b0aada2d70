/* explain_test.c - each job's critical path (explain.csv) and `mrlab explain`.
 *
 * The path tiles the job's time: its segments follow each other without
 * gap or overlap from the job's submit time to its end, so they sum to
 * jobs.csv's end - submit; checked on every shipped workload (on the
 * platform its file names, else the demo's hetero16), on a multi-job run
 * and on a workflow.  Cases with a known answer check what the segments
 * are: slow-start's wait, a heartbeat interval that dominates a small job,
 * a job waiting behind another in FIFO.  Clusters with one slow resource
 * check what bounded the stages: one slow disk, one slow NIC, one slow
 * rack uplink.  A coarse timing precision, within which SimGrid ends
 * activities early, still tiles.  Then the command: its table and
 * sentences, and its refusals. */
#include "rundir.h"
#include "test.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>

/* Runs the shipped workload workloads/WORKLOAD on platforms/PLATFORM.cfg (seed 1); returns the run directory. */
static const char *run_shipped(const char *platform, const char *workload)
{
  static char out[4096];
  char plat[4096], work[4096];
  snprintf(plat, sizeof plat, "%s", test_source_path("platforms"));
  snprintf(plat + strlen(plat), sizeof plat - strlen(plat), "/%s.cfg", platform);
  snprintf(work, sizeof work, "%s", workload);
  snprintf(out, sizeof out, "%s/out", test_tmpdir());
  test_run r;
  test_run_mrlab(&r, NULL, (const char *const[]){"run", plat, work, "-o", out, NULL});
  if (r.status != 0)
    fail_msg("mrlab run %s %s failed with status %d: %s", plat, work, r.status, r.err);
  return out;
}

/* Checks that every job of the run DIR has a path in explain.csv that
 * tiles its time, and returns the number of jobs. */
static int check_tiles(const char *dir)
{
  test_csv *jobs = test_csv_in(dir, RUNDIR_JOBS), *ex = test_csv_in(dir, RUNDIR_EXPLAIN);
  for (int k = 0; k < EXPLAIN_N_COLUMNS; k++)
    assert_string_equal(ex->cells[k], rundir_explain_columns[k]);
  for (int j = 1; j < jobs->n_rows; j++) {
    const char *name = test_csv_cell(jobs, j, "job");
    double submit = test_csv_num(jobs, j, "submit"), end = test_csv_num(jobs, j, "end"), sum = 0, seconds = 0;
    int order = 0, last = -1;
    for (int r = 1; r < ex->n_rows; r++) {
      if (strcmp(test_csv_cell(ex, r, "job"), name) != 0)
        continue;
      assert_int_equal((int)test_csv_num(ex, r, "order"), ++order);
      /* each segment starts where the one before ended, the first at the submission */
      assert_string_equal(test_csv_cell(ex, r, "start"), last < 0 ? test_csv_cell(jobs, j, "submit")
                                                                   : test_csv_cell(ex, last, "end"));
      double d = test_csv_num(ex, r, "end") - test_csv_num(ex, r, "start");
      assert_true(d > 0);
      assert_close(test_csv_num(ex, r, "seconds"), d, 2e-9); /* three numbers, each printed to 1e-9 */
      const char *what = test_csv_cell(ex, r, "what"), *kind = test_csv_cell(ex, r, "kind");
      int w = 0;
      while (w < CRIT_N && strcmp(rundir_explain_what[w], what) != 0)
        w++;
      assert_true(w < CRIT_N);
      assert_string_equal(kind, w < CRIT_N_STAGES ? RUNDIR_EXPLAIN_STAGE : RUNDIR_EXPLAIN_WAIT);
      sum += d;
      seconds += test_csv_num(ex, r, "seconds");
      last = r;
    }
    if (order == 0)
      fail_msg("%s: job %s has no critical path", dir, name);
    assert_string_equal(test_csv_cell(ex, last, "end"), test_csv_cell(jobs, j, "end"));
    assert_close(sum, end - submit, 1e-9);
    assert_close(seconds, end - submit, 1e-9 * order); /* each printed to 1e-9 */
  }
  int n = jobs->n_rows - 1;
  test_csv_free(jobs);
  test_csv_free(ex);
  return n;
}

/* The seconds of the segments of JOB in DIR that are WHAT, summed, and their number in *COUNT. */
static double total(const char *dir, const char *job, const char *what, int *count)
{
  test_csv *ex = test_csv_in(dir, RUNDIR_EXPLAIN);
  double s = 0;
  *count = 0;
  for (int r = 1; r < ex->n_rows; r++)
    if (strcmp(test_csv_cell(ex, r, "job"), job) == 0 && strcmp(test_csv_cell(ex, r, "what"), what) == 0) {
      s += test_csv_num(ex, r, "seconds");
      ++*count;
    }
  test_csv_free(ex);
  return s;
}

/* The row of tasks.csv in DIR of JOB's TASK (its first attempt), or 0. */
static int task_row(const test_csv *t, const char *job, const char *task)
{
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "job"), job) == 0 && strcmp(test_csv_cell(t, r, "task"), task) == 0)
      return r;
  return 0;
}

/* Every shipped workload on the platform its file names (else hetero16,
 * as the README's demo runs them): its paths tile its jobs' times, and
 * `mrlab explain` and `mrlab report` take the run. */
static void sums_on_shipped_workloads(void **state)
{
  (void)state;
  glob_t g;
  char pattern[4096];
  snprintf(pattern, sizeof pattern, "%s/*.cfg", test_source_path("workloads"));
  assert_int_equal(glob(pattern, 0, NULL, &g), 0);
  assert_true(g.gl_pathc >= 8);
  for (size_t i = 0; i < g.gl_pathc; i++) {
    const char *text = test_read_file("/", g.gl_pathv[i]), *at = strstr(text, "platforms/");
    char platform[256] = "hetero16";
    if (at)
      sscanf(at + strlen("platforms/"), "%255[^.]", platform);
    const char *dir = run_shipped(platform, g.gl_pathv[i]);
    check_tiles(dir);
    test_run r;
    test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, NULL});
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "By what set its pace: "));
    char page[4096];
    snprintf(page, sizeof page, "%s/page.html", test_tmpdir());
    test_run_mrlab(&r, NULL, (const char *const[]){"report", dir, "-o", page, NULL});
    if (r.status != 0)
      fail_msg("mrlab report on %s: status %d: %s", g.gl_pathv[i], r.status, r.err);
    assert_non_null(strstr(test_read_file("/", page), "By what set its pace: "));
  }
  globfree(&g);
}

/* With SimGrid's timing precision at 20 ms (--cfg=surf/precision:2e-2),
 * an activity may end up to that much early: this map's start-up ends
 * before its launch plus mrlab.task.startup, which the walk takes for the
 * read's start.  The path still tiles the job. */
static void coarse_timing_precision(void **state)
{
  (void)state;
  const char *dir = test_simulate(test_source_path("platforms/hetero16.cfg"),
                                  "jobs = ( { name = \"j\"; submit = \"4s\"; input = \"94736B\"; output = \"191B\";\n"
                                  "  reducers = 0; map_cost = 10.0; } );\n",
                                  (const char *const[]){"--seed", "3", "--cfg=surf/precision:2e-2", NULL});
  assert_int_equal(check_tiles(dir), 1);
}

/* mixed.cfg's four jobs run FIFO on toy4, and dag3.cfg's workflow in Hadoop 1 and YARN mode. */
static void sums_on_multi_job_and_workflow(void **state)
{
  (void)state;
  char work[4096];
  snprintf(work, sizeof work, "%s", test_source_path("workloads/mixed.cfg"));
  assert_int_equal(check_tiles(run_shipped("toy4", work)), 4);
  snprintf(work, sizeof work, "%s", test_source_path("workloads/dag3.cfg"));
  const char *dir = run_shipped("toy4", work);
  assert_int_equal(check_tiles(dir), 3);
  /* the Grep's path starts when the TeraSort ended, its submission */
  test_csv *jobs = test_csv_in(dir, RUNDIR_JOBS), *ex = test_csv_in(dir, RUNDIR_EXPLAIN);
  assert_string_equal(test_csv_cell(jobs, 3, "job"), "grep");
  assert_string_equal(test_csv_cell(jobs, 3, "submit"), test_csv_cell(jobs, 2, "end"));
  for (int r = 1; r < ex->n_rows; r++)
    if (strcmp(test_csv_cell(ex, r, "job"), "grep") == 0) {
      assert_string_equal(test_csv_cell(ex, r, "start"), test_csv_cell(jobs, 2, "end"));
      break;
    }
  test_csv_free(jobs);
  test_csv_free(ex);
  test_run r;
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, "--job", "grep", NULL});
  assert_int_equal(r.status, 0);
  assert_memory_equal(r.out, "job grep: ", 10); /* that job alone */
  assert_null(strstr(r.out, "job wordcount"));
  assert_non_null(strstr(r.out, "(after wordcount, terasort)"));
  check_tiles(run_shipped("shilu11-yarn", work));
}

static const char one_job[] = "jobs = ( { name = \"j\"; input = \"4GB\"; map_cost = 20.0; map_selectivity = 1.0;\n"
                              "  reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 1; } );\n";

/* 32 maps in two waves on toy4's 16 map slots, one reducer.  With
 * slow-start at 1, the reducer waits for the last map: the path goes from
 * that map's end to the reducer's assignment as slow-start's wait, and the
 * reducer's whole shuffle is on it; at the default 0.05 the reducer starts
 * in the first wave and is shuffling when the last map ends, and the path
 * waits for that map's output to be announced instead. */
static void slowstart_wait(void **state)
{
  (void)state;
  const char *dir =
      test_simulate(test_source_path("platforms/toy4.cfg"), one_job,
                    (const char *const[]){"--set", "mapreduce.job.reduce.slowstart.completedmaps=1", NULL});
  check_tiles(dir);
  test_csv *ex = test_csv_in(dir, RUNDIR_EXPLAIN), *tasks = test_csv_in(dir, RUNDIR_TASKS),
           *jobs = test_csv_in(dir, RUNDIR_JOBS);
  int found = 0;
  for (int r = 1; r < ex->n_rows; r++) {
    if (strcmp(test_csv_cell(ex, r, "what"), "slowstart") != 0)
      continue;
    found++;
    /* from the end of the map on the path just before, to the reducer's assignment */
    assert_int_equal(test_csv_cell(ex, r - 1, "task")[0], 'm');
    int m = task_row(tasks, "j", test_csv_cell(ex, r - 1, "task")), red = task_row(tasks, "j", "r000000");
    assert_string_equal(test_csv_cell(ex, r, "start"), test_csv_cell(tasks, m, "end"));
    assert_string_equal(test_csv_cell(ex, r, "end"), test_csv_cell(tasks, red, "start"));
    assert_string_equal(test_csv_cell(ex, r, "task"), "r000000");
    /* the map ended last of the maps reported, and the reducer was assigned after the map phase's end */
    assert_true(test_csv_num(ex, r, "end") >= test_csv_num(jobs, 1, "map_phase_end"));
  }
  assert_int_equal(found, 1);
  int n;
  assert_close(total(dir, "j", "map-output", &n), 0, 0);
  assert_int_equal(n, 0);
  double shuffle = total(dir, "j", "shuffle", &n);
  int red = task_row(tasks, "j", "r000000");
  assert_close(shuffle, test_csv_num(tasks, red, "shuffle_end") - test_csv_num(tasks, red, "start") - 1.0, 0.01);
  test_csv_free(ex);
  test_csv_free(tasks);
  test_csv_free(jobs);

  dir = test_simulate(test_source_path("platforms/toy4.cfg"), one_job, NULL);
  check_tiles(dir);
  assert_close(total(dir, "j", "slowstart", &n), 0, 0);
  assert_true(total(dir, "j", "map-output", &n) > 0);
  jobs = test_csv_in(dir, RUNDIR_JOBS);
  ex = test_csv_in(dir, RUNDIR_EXPLAIN);
  for (int r = 1; r < ex->n_rows; r++)
    if (strcmp(test_csv_cell(ex, r, "what"), "map-output") == 0)
      assert_string_equal(test_csv_cell(ex, r, "end"), test_csv_cell(jobs, 1, "map_phase_end"));
  test_csv_free(ex);
  test_csv_free(jobs);
}

/* A heartbeat every 20 s and a job of one map and one reducer: the job
 * waits for a heartbeat to get its map, for one to report the map and one
 * to assign the reducer (slow-start's wait: the reducer needs one map
 * reported), and for one to report the reducer; the waits hold most of the
 * job's time, none longer than the interval. */
static void heartbeat_dominates(void **state)
{
  (void)state;
  static const char small[] = "jobs = ( { name = \"j\"; input = \"64MB\"; map_cost = 20.0; map_selectivity = 1.0;\n"
                              "  reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 1; } );\n";
  const char *dir =
      test_simulate(test_source_path("platforms/toy4.cfg"), small,
                    (const char *const[]){"--set", "mapreduce.jobtracker.heartbeat.interval.min=20000", NULL});
  check_tiles(dir);
  test_csv *jobs = test_csv_in(dir, RUNDIR_JOBS), *ex = test_csv_in(dir, RUNDIR_EXPLAIN),
           *tasks = test_csv_in(dir, RUNDIR_TASKS);
  double time = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "submit"), stages = 0;
  for (int r = 1; r < ex->n_rows; r++) {
    double d = test_csv_num(ex, r, "seconds");
    if (strcmp(test_csv_cell(ex, r, "kind"), RUNDIR_EXPLAIN_STAGE) == 0)
      stages += d;
    else
      assert_true(d <= 20 + 1e-6);
  }
  int n;
  double hb = total(dir, "j", "heartbeat", &n), slowstart = total(dir, "j", "slowstart", &n);
  assert_int_equal(n, 1);
  assert_true(time > 20);
  assert_true(hb > 0);
  assert_close(hb + slowstart, time - stages, 1e-6); /* nothing else waited */
  assert_true(hb + slowstart > 0.8 * time);
  test_run r; /* and in explain's shares */
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, NULL});
  assert_int_equal(r.status, 0);
  const char *share = strstr(r.out, "scheduling waits and task start-up ");
  double waited, percent;
  assert_non_null(share);
  assert_int_equal(sscanf(share, "scheduling waits and task start-up %lf s (%lf%%)", &waited, &percent), 2);
  assert_true(percent >= 80);
  /* the first wait runs from the submission to the map's assignment at its tracker's heartbeat */
  assert_string_equal(test_csv_cell(ex, 1, "what"), "heartbeat");
  assert_string_equal(test_csv_cell(ex, 1, "task"), "m000000");
  assert_true(test_csv_num(ex, 1, "end") >= test_csv_num(tasks, task_row(tasks, "j", "m000000"), "start"));
  test_csv_free(jobs);
  test_csv_free(ex);
  test_csv_free(tasks);
}

/* Two jobs submitted at once, FIFO: the first's 64 maps fill toy4's 16 map
 * slots for four waves, so the second job's path starts with a wait for a
 * slot, from its submission to the end of one of the first job's maps on
 * the worker where its own map then ran. */
static void fifo_waits_for_slot(void **state)
{
  (void)state;
  static const char two[] = "jobs = (\n"
                            "  { name = \"big\"; input = \"8GB\"; map_cost = 20.0; map_selectivity = 0.1;\n"
                            "    reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 2; },\n"
                            "  { name = \"small\"; input = \"256MB\"; map_cost = 20.0; map_selectivity = 1.0;\n"
                            "    reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 1; } );\n";
  const char *dir = test_simulate(test_source_path("platforms/toy4.cfg"), two, NULL);
  assert_int_equal(check_tiles(dir), 2);
  test_csv *ex = test_csv_in(dir, RUNDIR_EXPLAIN), *tasks = test_csv_in(dir, RUNDIR_TASKS);
  int first = 1;
  while (strcmp(test_csv_cell(ex, first, "job"), "small") != 0)
    first++;
  assert_string_equal(test_csv_cell(ex, first, "what"), "slot");
  assert_string_equal(test_csv_cell(ex, first, "start"), "0.000000000");
  assert_true(test_csv_num(ex, first, "seconds") > 10);
  const char *host = test_csv_cell(ex, first, "host"), *until = test_csv_cell(ex, first, "end");
  int held = 0;
  for (int r = 1; r < tasks->n_rows; r++)
    held += strcmp(test_csv_cell(tasks, r, "job"), "big") == 0 && strcmp(test_csv_cell(tasks, r, "kind"), "map") == 0 &&
            strcmp(test_csv_cell(tasks, r, "host"), host) == 0 && strcmp(test_csv_cell(tasks, r, "end"), until) == 0;
  assert_true(held >= 1); /* the first job's maps on one worker end together */
  test_csv_free(ex);
  test_csv_free(tasks);
}

/* A platform of four workers in two racks of two, "fast-1", "fast-2" on
 * rack "a" and "fast-3" and one of class ODD (its disk, NIC and rack b's
 * uplink given by DISK, NIC and UPLINK) on rack "b", written to the test's
 * directory; returns its path. */
static const char *one_slow(const char *odd, const char *disk, const char *nic, const char *uplink)
{
  char text[2048];
  snprintf(text, sizeof text,
           "name = \"two-racks\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"a\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; },\n"
           "          { name = \"b\"; uplink = { bandwidth = \"%s\"; latency = \"5us\"; }; } );\n"
           "node_classes = (\n"
           "  { name = \"fast\"; count = 3; racks = [\"a\", \"a\", \"b\"]; cores = 4; speed = \"2.5Gf\"; memory = \"8GiB\";\n"
           "    disks = ( { read = \"120MBps\"; write = \"100MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };\n"
           "    slots = { map = 2; reduce = 1; }; },\n"
           "  { name = \"%s\"; count = 1; racks = [\"b\"]; cores = 4; speed = \"2.5Gf\"; memory = \"8GiB\";\n"
           "    disks = ( { read = \"%s\"; write = \"%s\"; } ); nic = { bandwidth = \"%s\"; latency = \"50us\"; };\n"
           "    slots = { map = 2; reduce = 1; }; } );\n"
           "master = { class = \"fast\"; rack = \"a\"; };\n",
           uplink, odd, disk, disk, nic);
  return test_write_file(test_tmpdir(), "two-racks.cfg", text);
}

/* The resource that bounded most of job J's critical path in run DIR (its
 * stages' seconds summed by explain.csv's resource), its kind in KIND. */
static const char *top_resource(const char *dir, char *kind, size_t len)
{
  static char top[256];
  test_csv *ex = test_csv_in(dir, RUNDIR_EXPLAIN);
  double best = 0;
  top[0] = kind[0] = '\0';
  for (int r = 1; r < ex->n_rows; r++) {
    const char *res = test_csv_cell(ex, r, "resource");
    double sum = 0;
    for (int k = 1; *res && k < ex->n_rows; k++)
      if (strcmp(test_csv_cell(ex, k, "resource"), res) == 0)
        sum += test_csv_num(ex, k, "seconds");
    if (sum > best) {
      best = sum;
      snprintf(top, sizeof top, "%s", res);
      snprintf(kind, len, "%s", test_csv_cell(ex, r, "limit"));
      assert_true(test_csv_num(ex, r, "utilisation") >= 0 && test_csv_num(ex, r, "utilisation") <= 1);
    }
  }
  test_csv_free(ex);
  return top;
}

/* One resource far slower than the rest bounds the path: a disk at
 * 10 MB/s, a NIC at 20 Mb/s, a rack uplink at 20 Mb/s, each on a cluster
 * otherwise alike; whichever stages the path takes through it (the maps
 * that spill on the slow disk, the fetches through the slow NIC or across
 * the slow uplink, the output's replicas written through them), the one
 * resource that bounded most of its time is the slow one, of its kind. */
static void one_slow_resource_bounds_the_path(void **state)
{
  (void)state;
  static const char job[] = "jobs = ( { name = \"j\"; input = \"1GB\"; map_cost = 1.0; map_selectivity = 1.0;\n"
                            "  reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1; } );\n";
  char kind[32];
  const char *dir = test_simulate(one_slow("slow", "10MBps", "1Gbps", "10Gbps"), job, NULL);
  check_tiles(dir);
  assert_string_equal(top_resource(dir, kind, sizeof kind), "disk of slow-1");
  assert_string_equal(kind, "disk");

  dir = test_simulate(one_slow("slow", "120MBps", "20Mbps", "10Gbps"), job, NULL);
  check_tiles(dir);
  const char *top = top_resource(dir, kind, sizeof kind);
  assert_true(strcmp(top, "nic-slow-1_UP") == 0 || strcmp(top, "nic-slow-1_DOWN") == 0);
  assert_string_equal(kind, "network");

  dir = test_simulate(one_slow("plain", "120MBps", "1Gbps", "20Mbps"), job, NULL);
  check_tiles(dir);
  top = top_resource(dir, kind, sizeof kind);
  assert_true(strcmp(top, "uplink-b_UP") == 0 || strcmp(top, "uplink-b_DOWN") == 0);
  assert_string_equal(kind, "network");

  test_run r; /* and in words */
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "Most of it on one resource: the uplink of b, "));
}

/* docs/teaching.md's first and third exercises, as the shipped files
 * give them: TeraSort on one rack of racks16 is bound by disks, on its
 * four racks by an uplink; WordCount on 1 GB waits for the speculator to
 * start a twin of the straggling map on coppa8-slow, and without
 * speculation takes more than twice as long.  (The second, slow-start,
 * is slowstart_wait's.) */
static void teaching_exercises_hold(void **state)
{
  (void)state;
  char kind[32], racks16[4096], coppa[4096], terasort[4096], wc[4096];
  snprintf(racks16, sizeof racks16, "%s", test_source_path("platforms/racks16.cfg"));
  snprintf(coppa, sizeof coppa, "%s", test_source_path("platforms/coppa8-slow.cfg"));
  snprintf(terasort, sizeof terasort, "%s", test_source_path("workloads/terasort.cfg"));
  snprintf(wc, sizeof wc, "%s", test_source_path("workloads/wordcount-1g.cfg"));
  char out[4096];
  snprintf(out, sizeof out, "%s/grow", test_tmpdir());
  test_run r;
  test_run_mrlab(&r, NULL,
                 (const char *const[]){"run", racks16, terasort, "--workers", "node-1,node-2,node-3,node-4", "-o", out,
                                       NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(top_resource(out, kind, sizeof kind), "disk of node-"));
  test_run_mrlab(&r, NULL, (const char *const[]){"run", racks16, terasort, "-o", out, NULL});
  assert_int_equal(r.status, 0);
  assert_memory_equal(top_resource(out, kind, sizeof kind), "uplink-rack", 11);
  assert_string_equal(kind, "network");

  test_run_mrlab(&r, NULL, (const char *const[]){"run", coppa, wc, "-o", out, NULL});
  assert_int_equal(r.status, 0);
  int n;
  assert_true(total(out, "wordcount", "speculation", &n) > 0);
  test_csv *jobs = test_csv_in(out, RUNDIR_JOBS);
  double with = test_csv_num(jobs, 1, "end");
  test_csv_free(jobs);
  test_run_mrlab(&r, NULL,
                 (const char *const[]){"run", coppa, wc, "--set", "mapreduce.map.speculative=false", "-o", out, NULL});
  assert_int_equal(r.status, 0);
  assert_close(total(out, "wordcount", "speculation", &n), 0, 0);
  jobs = test_csv_in(out, RUNDIR_JOBS);
  assert_true(test_csv_num(jobs, 1, "end") > 2 * with);
  test_csv_free(jobs);
}

/* The command: a table and sentences for each job, --job, its refusals. */
static void explain_command(void **state)
{
  (void)state;
  const char *dir = test_simulate(test_source_path("platforms/toy4.cfg"), one_job, NULL);
  test_run r;
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, NULL});
  assert_int_equal(r.status, 0);
  test_csv *jobs = test_csv_in(dir, RUNDIR_JOBS);
  char head[256];
  snprintf(head, sizeof head, "job j: %.2f s, from its submission at 0.00 s to its end at %.2f s\n",
           test_csv_num(jobs, 1, "end"), test_csv_num(jobs, 1, "end"));
  test_csv_free(jobs);
  assert_memory_equal(r.out, head, strlen(head));
  assert_non_null(strstr(r.out, "Maps held the path until"));
  assert_non_null(strstr(r.out, "Then the last reducer, r000000 on worker-"));
  assert_non_null(strstr(r.out, "Waiting took"));
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, "--job", "j", NULL});
  assert_int_equal(r.status, 0);

  test_run_mrlab(&r, NULL, (const char *const[]){"explain", dir, "--job", "nope", NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  assert_non_null(strstr(r.err, "no job nope; its jobs: j\n"));
  assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
  const char *empty = test_tmpdir();
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", empty, NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "not a run directory"));
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", NULL});
  assert_int_equal(r.status, 2);
  test_run_mrlab(&r, NULL, (const char *const[]){"explain", "--help", NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "usage: mrlab explain RUN [--job NAME]"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(sums_on_shipped_workloads),
      cmocka_unit_test(sums_on_multi_job_and_workflow),
      cmocka_unit_test(slowstart_wait),
      cmocka_unit_test(heartbeat_dominates),
      cmocka_unit_test(fifo_waits_for_slot),
      cmocka_unit_test(one_slow_resource_bounds_the_path),
      cmocka_unit_test(teaching_exercises_hold),
      cmocka_unit_test(explain_command),
      cmocka_unit_test(coarse_timing_precision),
  };
  TEST_MAIN(tests);
}
