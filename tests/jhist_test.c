/* jhist_test.c - Hadoop 2 and 3 job histories (.jhist, workloads/jhist.c)
 * and `mrlab import jhist`: every field mrlab keeps is read from the
 * fixtures in tests/fixtures/jhist (written by hand after Hadoop's
 * Events.avpr: a history server's done directory of four jobs, one failed
 * and one still running, a file in Hadoop 0.23's layout, and one with
 * events and counters mrlab does not read); the import writes the jobs
 * that succeeded, with their bytes, shares and recorded times, and counts
 * what it left out; a malformed history is refused in one line naming its
 * file and line, with no output file. */
#include "test.h"

#include "history.h"
#include "workload.h"

#include <stdlib.h>
#include <string.h>

#define B 1577836800000LL /* the fixtures' epoch: 2020-01-01 */
#define MiB (1LL << 20)
#define DONE "tests/fixtures/jhist/done/2020/01/01/000000/"

static history_job *read_fixture(const char *name, history_skips *skips)
{
  char err[512] = "";
  history_job *j = jhist_read(test_source_path(name), skips, err, sizeof err);
  if (!j)
    fail_msg("%s: %s", name, err);
  return j;
}

static const history_attempt *find(const history_job *j, history_kind kind, int task, int number)
{
  for (int k = 0; k < j->n_attempts; k++)
    if (j->attempts[k].kind == kind && j->attempts[k].task == task && j->attempts[k].number == number)
      return &j->attempts[k];
  fail_msg("no attempt %d of %s %d in %s", number, kind == HISTORY_MAP ? "map" : "reduce", task, j->id);
  return NULL;
}

/* A job of three maps (the first failing once on node9, out of memory)
 * and two reduces: the job's fields, each attempt's host, rack, times,
 * status, locality and counters. */
static void reads_every_field(void **state)
{
  (void)state;
  history_skips skips = {0, 0};
  history_job *j = read_fixture(DONE "job_1577836800000_0001-1577836800000-ana-wordcount-1577836830000-3-2-SUCCEEDED-"
                                     "default-1577836801000.jhist",
                                &skips);
  assert_string_equal(j->id, "job_1577836800000_0001");
  assert_string_equal(j->name, "wordcount");
  assert_string_equal(j->user, "ana");
  assert_string_equal(j->queue, "default");
  assert_int_equal(j->submit, B);
  assert_int_equal(j->launch, B + 1000);
  assert_int_equal(j->finish, B + 20000);
  assert_int_equal(j->status, HISTORY_SUCCEEDED);
  assert_int_equal(j->total_maps, 3);
  assert_int_equal(j->total_reduces, 2);
  assert_int_equal(j->n_attempts, 6);

  const history_attempt *failed = find(j, HISTORY_MAP, 0, 0), *m0 = find(j, HISTORY_MAP, 0, 1);
  assert_int_equal(failed->status, HISTORY_FAILED);
  assert_string_equal(failed->host, "node9");
  assert_string_equal(failed->rack, "/rack2");
  assert_string_equal(failed->error, "java.lang.OutOfMemoryError: Java heap space");
  assert_int_equal(failed->locality, HISTORY_OFF_SWITCH);
  assert_int_equal(failed->start, B + 2000);
  assert_int_equal(failed->finish, B + 5000);
  assert_int_equal(failed->counters[HC_HDFS_BYTES_READ], 1000);
  assert_int_equal(m0->status, HISTORY_SUCCEEDED);
  assert_string_equal(m0->host, "node1");
  assert_string_equal(m0->rack, "/rack1");
  assert_int_equal(m0->locality, HISTORY_NODE_LOCAL);
  assert_false(m0->speculative);
  assert_int_equal(m0->start, B + 5000);
  assert_int_equal(m0->map_finish, B + 9000);
  assert_int_equal(m0->finish, B + 10000);
  assert_int_equal(m0->counters[HC_HDFS_BYTES_READ], 128 * MiB);
  assert_int_equal(m0->counters[HC_MAP_OUTPUT_BYTES], 30 * MiB);
  assert_int_equal(m0->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES], 30 * MiB + 6);
  assert_int_equal(m0->counters[HC_CPU_MILLISECONDS], 4000);
  assert_int_equal(m0->counters[HC_GC_TIME_MILLIS], 50);
  assert_int_equal(m0->counters[HC_REDUCE_SHUFFLE_BYTES], -1); /* not recorded */
  assert_null(m0->error);

  const history_attempt *r1 = find(j, HISTORY_REDUCE, 1, 0);
  assert_int_equal(r1->status, HISTORY_SUCCEEDED);
  assert_string_equal(r1->host, "node1");
  assert_int_equal(r1->start, B + 13000);
  assert_int_equal(r1->shuffle_finish, B + 16000);
  assert_int_equal(r1->sort_finish, B + 16500);
  assert_int_equal(r1->finish, B + 19000);
  assert_int_equal(r1->counters[HC_REDUCE_SHUFFLE_BYTES], 26 * MiB);
  assert_int_equal(r1->counters[HC_HDFS_BYTES_WRITTEN], 5 * MiB);
  assert_int_equal(r1->counters[HC_CPU_MILLISECONDS], 9001);
  assert_int_equal(skips.unknown_events + skips.unknown_counters, 0);
  history_job_free(j);
}

/* Hadoop 0.23's layout (records named without their namespace, no
 * locality, no failed attempt's rack); a failed job; a job still running
 * (its last event cut short); events and counters mrlab does not read,
 * counted. */
static void reads_every_variant(void **state)
{
  (void)state;
  history_skips skips = {0, 0};
  history_job *old = read_fixture("tests/fixtures/jhist/v023.jhist", &skips);
  assert_string_equal(old->id, "job_1322000000000_0007");
  assert_int_equal(old->status, HISTORY_SUCCEEDED);
  const history_attempt *m = find(old, HISTORY_MAP, 0, 0);
  assert_int_equal(m->locality, HISTORY_LOCALITY_UNKNOWN);
  assert_string_equal(m->rack, "/default-rack");
  assert_int_equal(m->counters[HC_HDFS_BYTES_READ], 100);
  history_job_free(old);

  history_job *failed =
      read_fixture(DONE "job_1577836800000_0003-1577836890000-ana-sort-1577836920000-1-2-FAILED-default-"
                        "1577836891000.jhist",
                   &skips);
  assert_int_equal(failed->status, HISTORY_FAILED);
  assert_int_equal(find(failed, HISTORY_REDUCE, 0, 0)->status, HISTORY_KILLED);
  assert_int_equal(find(failed, HISTORY_REDUCE, 1, 0)->status, HISTORY_SUCCEEDED);
  history_job_free(failed);

  history_job *running =
      read_fixture(DONE "job_1577836800000_0004-1577836900000-ana-running-1577836930000-1-1-SUCCEEDED-default-"
                        "1577836901000.jhist",
                   &skips);
  assert_int_equal(running->status, HISTORY_RUNNING);
  assert_int_equal(running->finish, -1);
  assert_int_equal(find(running, HISTORY_REDUCE, 0, 0)->status, HISTORY_SUCCEEDED);
  history_job_free(running);
  assert_int_equal(skips.unknown_events + skips.unknown_counters, 0);

  history_job *extra = read_fixture("tests/fixtures/jhist/extra.jhist", &skips);
  assert_int_equal(extra->status, HISTORY_SUCCEEDED);
  assert_int_equal(skips.unknown_events, 1);   /* JOB_QUEUE_MOVED; TASK_UPDATED is known, and not used */
  assert_int_equal(skips.unknown_counters, 1); /* PHYSICAL_MEMORY_BYTES, in the attempt's (a task's are not read) */
  history_job_free(extra);
}

/* The done directory becomes a workload of its two jobs that succeeded:
 * submit times from the first, each map's input, each reducer's share of
 * the shuffle, the output and the recorded time; the failed and the
 * running job are left out and counted, the _conf.xml file passed over. */
static void the_done_directory_imports(void **state)
{
  (void)state;
  test_run r;
  const char *dir = test_tmpdir();
  char out[4096];
  snprintf(out, sizeof out, "%s/w.cfg", dir);
  test_run_mrlab(&r, NULL,
                 (const char *[]){"import", "jhist", test_source_path("tests/fixtures/jhist/done"), "-o", out, NULL});
  if (r.status != 0)
    fail_msg("mrlab import jhist: status %d, stderr \"%s\"", r.status, r.err);
  assert_non_null(strstr(r.err, "read 4 job histories: 2 imported, 2 left out"));
  const char *w = test_read_file(dir, "w.cfg");
  assert_non_null(strstr(w, "shuffle = \"79691776B\"; output = \"15728640B\"; reducers = 2;"));
  /* its maps read 128, 128 and 64 MiB: one file's splits */
  assert_non_null(strstr(w, "{ name = \"job_1577836800000_0001\"; submit = \"0.000s\"; input = \"335544320B\";"));
  assert_non_null(strstr(w, "    split_hosts = ([\"node1\"], [\"node2\"], [\"node3\"]); recorded = \"20.000s\";"));
  assert_non_null(strstr(w, "skew = [0.657894737, 0.342105263];")); /* 50 and 26 MiB of 76 */
  assert_non_null(strstr(w, "{ name = \"job_1577836800000_0002\"; submit = \"60.000s\";"));
  assert_null(strstr(w, "job_1577836800000_0003"));
  assert_null(strstr(w, "job_1577836800000_0004"));
  /* and it replays, on a cluster whose workers are not the history's hosts too */
  test_run_mrlab(&r, dir, (const char *[]){"run", test_source_path("platforms/toy4.cfg"), out, "-o", "run", NULL});
  if (r.status != 0)
    fail_msg("mrlab run on the import: status %d, stderr \"%s\"", r.status, r.err);
  assert_non_null(strstr(r.out, "  split_hosts: 3 of the hosts named are not workers of toy4; HDFS's policy placed "
                                "those replicas\n"));
}

/* A directory of Hadoop 1 histories (tests/fixtures/hadoop1, named as the
 * JobTracker names them, without an extension) imports the same way: each
 * file is read by the reader its first line calls for. */
static void hadoop1_histories_import(void **state)
{
  (void)state;
  test_run r;
  const char *dir = test_tmpdir();
  test_run_mrlab(&r, dir,
                 (const char *[]){"import", "jhist", test_source_path("tests/fixtures/hadoop1"), "-o", "w.cfg", NULL});
  if (r.status != 0)
    fail_msg("mrlab import jhist: status %d, stderr \"%s\"", r.status, r.err);
  assert_non_null(strstr(r.err, "read 4 job histories: 2 imported, 2 left out"));
  const char *w = test_read_file(dir, "w.cfg");
  assert_non_null(strstr(w, "{ name = \"job_201301011200_0001\"; submit = \"0.000s\";"));
  assert_non_null(strstr(w, "file_sizes = (\"67108864B\", \"50000000B\", \"67108865B\");\n"
                            "    split_hosts = ([\"host1\", \"host2\", \"host3\"], [\"host2\", \"host3\"], "
                            "[\"host3\"]); recorded = \"33.000s\";")); /* SPLITS, racks left out */
}

/* With --history, the three jobs that ended become a run directory that
 * reads as a simulated run's: jobs.csv's times from the first submit,
 * counts, slots (the most attempts at once), bytes and statuses; a row of
 * tasks.csv for each attempt that ended; summary.json marked recorded; and
 * `mrlab predict` takes it. */
static void the_history_becomes_a_run(void **state)
{
  (void)state;
  test_run r;
  const char *dir = test_tmpdir();
  char run[4096];
  snprintf(run, sizeof run, "%s/hist", dir);
  test_run_mrlab(&r, dir,
                 (const char *[]){"import", "jhist", test_source_path("tests/fixtures/jhist/done"), "-o", "w.cfg",
                                  "--history", run, NULL});
  if (r.status != 0)
    fail_msg("mrlab import jhist --history: status %d, stderr \"%s\"", r.status, r.err);
  assert_non_null(strstr(r.err, "wrote 3 recorded jobs as the run directory"));
  test_csv *j = test_csv_in(run, "jobs.csv"), *t = test_csv_in(run, "tasks.csv");
  assert_int_equal(j->n_rows, 4);
  assert_string_equal(test_csv_cell(j, 1, "job"), "job_1577836800000_0001");
  assert_close(test_csv_num(j, 1, "submit"), 0, 0);
  assert_close(test_csv_num(j, 1, "start"), 1, 0);
  assert_close(test_csv_num(j, 1, "map_phase_end"), 12, 0);
  assert_close(test_csv_num(j, 1, "end"), 20, 0);
  assert_close(test_csv_num(j, 1, "maps"), 3, 0);
  assert_close(test_csv_num(j, 1, "reduces"), 2, 0);
  assert_close(test_csv_num(j, 1, "map_slots"), 3, 0);
  assert_close(test_csv_num(j, 1, "failed_attempts"), 1, 0);
  assert_close(test_csv_num(j, 1, "input_bytes"), 320 * MiB, 0);
  assert_close(test_csv_num(j, 1, "shuffle_bytes"), 76 * MiB, 0);
  assert_close(test_csv_num(j, 1, "output_bytes"), 15 * MiB, 0);
  assert_string_equal(test_csv_cell(j, 1, "status"), "SUCCEEDED");
  assert_close(test_csv_num(j, 2, "submit"), 60, 0);
  assert_close(test_csv_num(j, 2, "reduces"), 0, 0);
  assert_string_equal(test_csv_cell(j, 3, "status"), "FAILED");
  assert_close(test_csv_num(j, 3, "killed_attempts"), 1, 0);
  assert_int_equal(t->n_rows, 1 + 6 + 2 + 3);
  int failed = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "status"), "FAILED") == 0) {
      failed++;
      assert_string_equal(test_csv_cell(t, row, "host"), "node9");
      assert_string_equal(test_csv_cell(t, row, "rack"), "rack2");
      assert_string_equal(test_csv_cell(t, row, "cause"), "task-fault");
    }
  assert_int_equal(failed, 1);
  assert_non_null(strstr(test_read_file(run, "summary.json"), "\"recorded\": true"));
  test_csv_free(t);
  test_csv_free(j);
  test_run_mrlab(&r, dir,
                 (const char *[]){"predict", "--model", "aria", "--job", "job_1577836800000_0001", run, run, NULL});
  if (r.status != 0)
    fail_msg("mrlab predict on the history: status %d, stderr \"%s\"", r.status, r.err);
  assert_non_null(strstr(r.out, "aria,map_avg,5.000,5.000"));
}

/* A simulated run goes round: exported as .jhist files and imported with
 * --history, it gives back its jobs' times, counts, bytes and statuses,
 * and every attempt's task, number, host, rack, locality, status, times,
 * bytes and CPU time, to the millisecond Hadoop writes. */
static void a_simulated_run_goes_round(void **state)
{
  (void)state;
  const char *work = "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                     " reduce_cost = 20.0; reduce_selectivity = 0.5; reducers = 3;"
                     " set = [\"dfs.blocksize=64m\", \"mrlab.map.failure.probability=0.2\"]; },"
                     " { name = \"m\"; input = \"500MB\"; map_cost = 5.0; map_selectivity = 0.3; reducers = 0;"
                     " submit = \"3s\"; set = [\"dfs.blocksize=64m\"]; } );\n";
  const char *args[] = {"--seed", "3", NULL};
  char run[4096], dir[4096];
  snprintf(run, sizeof run, "%s", test_simulate(test_lab(4), work, args));
  snprintf(dir, sizeof dir, "%s", test_tmpdir());
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"export", "jhist", run, "-o", "jhist", NULL});
  if (r.status != 0)
    fail_msg("mrlab export jhist: status %d, stderr \"%s\"", r.status, r.err);
  test_run_mrlab(&r, dir, (const char *[]){"import", "jhist", "jhist", "-o", "w.cfg", "--history", "hist", NULL});
  if (r.status != 0)
    fail_msg("mrlab import jhist: status %d, stderr \"%s\"", r.status, r.err);
  char hist[4200];
  snprintf(hist, sizeof hist, "%s/hist", dir);
  test_csv *js = test_csv_in(run, "jobs.csv"), *jh = test_csv_in(hist, "jobs.csv");
  test_csv *ts = test_csv_in(run, "tasks.csv"), *th = test_csv_in(hist, "tasks.csv");
  static const char *const job_cols[] = {"maps",          "reduces",      "input_bytes",     "map_output_bytes",
                                         "shuffle_bytes", "output_bytes", "failed_attempts", "killed_attempts"};
  assert_int_equal(jh->n_rows, js->n_rows);
  for (int j = 1; j < js->n_rows; j++) {
    for (size_t k = 0; k < sizeof job_cols / sizeof *job_cols; k++)
      if (test_csv_num(jh, j, job_cols[k]) != test_csv_num(js, j, job_cols[k]))
        fail_msg("job %d: %s %s, simulated %s", j, job_cols[k], test_csv_cell(jh, j, job_cols[k]),
                 test_csv_cell(js, j, job_cols[k]));
    assert_close(test_csv_num(jh, j, "submit"), test_csv_num(js, j, "submit"), 5e-4);
    assert_close(test_csv_num(jh, j, "end"), test_csv_num(js, j, "end"), 5e-4);
    assert_string_equal(test_csv_cell(jh, j, "status"), test_csv_cell(js, j, "status"));
  }
  assert_true(test_csv_num(js, 1, "failed_attempts") > 0);
  assert_int_equal(th->n_rows, ts->n_rows);
  static const char *const same[] = {"task",     "kind",        "attempt", "host",       "rack",
                                     "locality", "speculative", "status",  "split_hosts"};
  static const char *const near[] = {"start", "end", "cpu_seconds"};
  static const char *const bytes[] = {"read_bytes", "shuffle_bytes"};
  for (int a = 1; a < ts->n_rows; a++) { /* the same attempt: rows follow each job's tasks in the same order? find it */
    int b = 0;
    for (int q = 1; q < th->n_rows && !b; q++)
      if (strcmp(test_csv_cell(th, q, "task"), test_csv_cell(ts, a, "task")) == 0 &&
          strcmp(test_csv_cell(th, q, "attempt"), test_csv_cell(ts, a, "attempt")) == 0 &&
          (strcmp(test_csv_cell(th, q, "job"), "job_1577836800000_0001") == 0) ==
              (strcmp(test_csv_cell(ts, a, "job"), "s") == 0))
        b = q;
    if (!b)
      fail_msg("attempt %s %s of job %s is not in the history", test_csv_cell(ts, a, "task"),
               test_csv_cell(ts, a, "attempt"), test_csv_cell(ts, a, "job"));
    for (size_t k = 0; k < sizeof same / sizeof *same; k++)
      assert_string_equal(test_csv_cell(th, b, same[k]), test_csv_cell(ts, a, same[k]));
    for (size_t k = 0; k < sizeof near / sizeof *near; k++)
      assert_close(test_csv_num(th, b, near[k]), test_csv_num(ts, a, near[k]), 5e-4);
    for (size_t k = 0; k < sizeof bytes / sizeof *bytes; k++)
      if (strcmp(test_csv_cell(ts, a, "status"), "SUCCEEDED") == 0 && *test_csv_cell(ts, a, bytes[k]))
        assert_close(test_csv_num(th, b, bytes[k]), test_csv_num(ts, a, bytes[k]), 0);
  }
  /* the workload cuts each job's input where the run did: s's 1 GB at 64 MiB blocks is one file's 15 splits */
  const char *w = test_read_file(dir, "w.cfg");
  assert_non_null(strstr(w, "input = \"1000000000B\";"));
  assert_non_null(strstr(w, "set = [\"dfs.blocksize=67108864\"];"));
  char path[4200], err[1024];
  snprintf(path, sizeof path, "%s/w.cfg", dir);
  workload *wl = workload_read(path, NULL, 0, err, sizeof err);
  if (!wl)
    fail_msg("the imported workload does not read back: %s", err);
  for (int j = 0; j < wl->n_jobs; j++) {
    int64_t maps = workload_maps(&wl->jobs[j]);
    assert_int_equal(maps, test_csv_num(js, j + 1, "maps"));
    for (int a = 1; a < ts->n_rows; a++)
      if (strcmp(test_csv_cell(ts, a, "job"), test_csv_cell(js, j + 1, "job")) == 0 &&
          strcmp(test_csv_cell(ts, a, "kind"), "map") == 0) {
        int m = atoi(test_csv_cell(ts, a, "task") + 1);
        assert_int_equal(workload_split_bytes(&wl->jobs[j], m), test_csv_num(ts, a, "read_bytes"));
      }
  }
  workload_free(wl);
  test_csv_free(th);
  test_csv_free(ts);
  test_csv_free(jh);
  test_csv_free(js);
}

/* The job_time each model predicts in the CSV of `mrlab predict` (OUT), by model: khan, aria, boe, mrlab. */
static void job_times(const char *out, double *t)
{
  static const char *const models[] = {"khan", "aria", "boe", "mrlab"};
  for (int k = 0; k < 4; k++) {
    char key[64];
    snprintf(key, sizeof key, "%s,job_time,", models[k]);
    const char *at = strstr(out, key);
    if (!at)
      fail_msg("no %s in:\n%s", key, out);
    t[k] = atof(at + strlen(key));
  }
}

/* The models predict from imported histories as from the simulated runs
 * they were exported from: four runs of a sort-like job (1 to 4 GB) go
 * round through export and import --history, and `mrlab predict`'s job
 * times from the histories are those from the runs to within 1% (a
 * history records when the last map ended, where a run's map_phase_end is
 * when the JobTracker learnt it, and the slots a job used, not the
 * cluster's). */
static void the_models_take_imported_histories(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char sims[4][4200], hists[4][4200];
  const char *args[] = {"--seed", "1", NULL};
  test_run r;
  for (int k = 0; k < 4; k++) {
    char work[512], jh[4200];
    snprintf(work, sizeof work,
             "jobs = ( { name = \"s\"; input = \"%dGB\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 30.0;"
             " reduce_selectivity = 0.5; reducers = 4; } );\n",
             k + 1);
    snprintf(sims[k], sizeof sims[k], "%s", test_simulate(test_source_path("platforms/hetero16.cfg"), work, args));
    snprintf(jh, sizeof jh, "%s/jh%d", dir, k);
    snprintf(hists[k], sizeof hists[k], "%s/hist%d", dir, k);
    test_run_mrlab(&r, dir, (const char *[]){"export", "jhist", sims[k], "-o", jh, NULL});
    assert_int_equal(r.status, 0);
    test_run_mrlab(&r, dir, (const char *[]){"import", "jhist", jh, "-o", "w.cfg", "--history", hists[k], NULL});
    assert_int_equal(r.status, 0);
  }
  double from_runs[4], from_histories[4];
  test_run_mrlab(&r, dir, (const char *[]){"predict", sims[3], sims[0], sims[1], sims[2], NULL});
  assert_int_equal(r.status, 0);
  job_times(r.out, from_runs);
  test_run_mrlab(&r, dir, (const char *[]){"predict", hists[3], hists[0], hists[1], hists[2], NULL});
  assert_int_equal(r.status, 0);
  job_times(r.out, from_histories);
  for (int k = 0; k < 4; k++)
    assert_close(from_histories[k], from_runs[k], 0.01 * from_runs[k]);
}

/* One history line after the two header lines, in a file NAME. */
#define HEAD "Avro-Json\n{\"type\":\"record\",\"name\":\"Event\",\"fields\":[]}\n"
#define NS "org.apache.hadoop.mapreduce.jobhistory."
#define SUBMITTED                                                                                                      \
  "{\"type\":\"JOB_SUBMITTED\",\"event\":{\"" NS "JobSubmitted\":{\"jobid\":\"job_1_0001\",\"jobName\":\"x\","         \
  "\"submitTime\":5}}}\n"

static void bad_histories_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *text, *says;
  } cases[] = {
      {"", "h.jhist:0: expected \"Avro-Json\" and the schema of Event"},
      {"Avro-Binary\n", "h.jhist:1: expected \"Avro-Json\", the first line of a Hadoop 2 or 3 job history file"},
      {"Avro-Json\n{\"name\":\"Job\"}\n", "h.jhist:2: expected the schema of the record Event"},
      {HEAD, "h.jhist:2: expected a JOB_SUBMITTED event, got none"},
      {HEAD SUBMITTED "{\"type\":\"JOB_INITED\",\n" SUBMITTED, "h.jhist:4: expected an event"},
      {HEAD "{\"type\":\"MAP_ATTEMPT_STARTED\",\"event\":{\"" NS "TaskAttemptStarted\":{\"attemptId\":"
            "\"attempt_1_0001_m_000000_0\",\"startTime\":7}}}\n",
       "h.jhist:3: MAP_ATTEMPT_STARTED: expected JOB_SUBMITTED, the first event of a job's history"},
      {HEAD SUBMITTED "{\"type\":\"MAP_ATTEMPT_STARTED\",\"event\":{\"" NS "TaskAttemptStarted\":{\"attemptId\":"
                      "\"attempt_1_0002_m_000000_0\",\"startTime\":7}}}\n",
       "h.jhist:4: MAP_ATTEMPT_STARTED: attemptId: attempt_1_0002_m_000000_0 is not an attempt of job_1_0001"},
      {HEAD SUBMITTED "{\"type\":\"MAP_ATTEMPT_STARTED\",\"event\":{\"" NS "TaskAttemptStarted\":{\"attemptId\":"
                      "\"attempt_1_0001_x_000000_0\",\"startTime\":7}}}\n",
       "h.jhist:4: MAP_ATTEMPT_STARTED: attemptId: expected an attempt's id"},
      {HEAD SUBMITTED "{\"type\":\"REDUCE_ATTEMPT_STARTED\",\"event\":{\"" NS "TaskAttemptStarted\":{\"attemptId\":"
                      "\"attempt_1_0001_m_000000_0\",\"startTime\":7}}}\n",
       "h.jhist:4: REDUCE_ATTEMPT_STARTED: attemptId: attempt_1_0001_m_000000_0 is not a reduce attempt"},
      {HEAD SUBMITTED "{\"type\":\"MAP_ATTEMPT_STARTED\",\"event\":{\"" NS "TaskAttemptStarted\":{\"attemptId\":"
                      "\"attempt_1_0001_m_000000_0\",\"startTime\":-7}}}\n",
       "h.jhist:4: MAP_ATTEMPT_STARTED: startTime: expected a whole number of at least 0"},
      {HEAD SUBMITTED "{\"type\":\"JOB_FINISHED\",\"event\":{\"" NS "JobFinished\":{\"jobid\":\"job_1_0001\"}}}\n",
       "h.jhist:4: JOB_FINISHED: finishTime: expected a whole number"},
      {HEAD "{\"type\":\"JOB_SUBMITTED\",\"event\":{\"" NS "JobSubmitted\":{\"jobid\":\"j1\",\"submitTime\":5}}}\n",
       "h.jhist:3: JOB_SUBMITTED: jobid: expected a job's id such as job_1369942127770_1205"},
      {HEAD SUBMITTED "{\"type\":\"JOB_INITED\",\"event\":{}}\n", "h.jhist:4: expected an event {\"type\": ..., "},
      {HEAD SUBMITTED "{\"type\":\"MAP_ATTEMPT_FINISHED\",\"event\":{\"" NS "MapAttemptFinished\":{\"attemptId\":"
                      "\"attempt_1_0001_m_000000_0\",\"finishTime\":9,\"counters\":{\"groups\":7}}}}\n",
       "h.jhist:4: MAP_ATTEMPT_FINISHED: counters: expected {\"name\": ..., \"groups\": [...]}"},
      {HEAD SUBMITTED "{\"type\":\"MAP_ATTEMPT_FINISHED\",\"event\":{\"" NS "MapAttemptFinished\":{\"attemptId\":"
                      "\"attempt_1_0001_m_000000_0\",\"finishTime\":9,\"counters\":{\"groups\":[{\"counts\":["
                      "{\"name\":\"HDFS_BYTES_READ\",\"value\":-4}]}]}}}}\n",
       "h.jhist:4: MAP_ATTEMPT_FINISHED: counters: HDFS_BYTES_READ: expected a whole number of at least 0, got -4"},
      /* counters that contradict: the reducer fetched five times what the map wrote */
      {HEAD SUBMITTED "{\"type\":\"MAP_ATTEMPT_FINISHED\",\"event\":{\"" NS "MapAttemptFinished\":{\"attemptId\":"
                      "\"attempt_1_0001_m_000000_0\",\"finishTime\":9,\"counters\":{\"groups\":[{\"counts\":["
                      "{\"name\":\"MAP_OUTPUT_MATERIALIZED_BYTES\",\"value\":100}]}]}}}}\n"
                      "{\"type\":\"REDUCE_ATTEMPT_FINISHED\",\"event\":{\"" NS "ReduceAttemptFinished\":{\"attemptId\":"
                      "\"attempt_1_0001_r_000000_0\",\"finishTime\":19,\"counters\":{\"groups\":[{\"counts\":["
                      "{\"name\":\"REDUCE_SHUFFLE_BYTES\",\"value\":500}]}]}}}}\n"
                      "{\"type\":\"JOB_FINISHED\",\"event\":{\"" NS "JobFinished\":{\"finishTime\":20}}}\n",
       "h.jhist: job_1_0001: expected its reducers to fetch at most what its maps wrote (MAP_OUTPUT_MATERIALIZED_BYTES "
       "100), got REDUCE_SHUFFLE_BYTES 500"},
  };
  const char *const head[] = {"import", "jhist", "h.jhist", "-o", "w.cfg", NULL};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const test_refusal one[] = {{{NULL}, cases[k].says}};
    test_refusals("h.jhist", cases[k].text, head, one, 1);
  }
  /* a directory without a history */
  test_run r;
  const char *dir = test_tmpdir();
  test_write_file(dir, "notes.txt", "none\n");
  test_run_mrlab(&r, dir, (const char *[]){"import", "jhist", ".", "-o", "w.cfg", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, ".: expected job histories (.jhist, or Hadoop 1's job_...), got none"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reads_every_field),          cmocka_unit_test(reads_every_variant),
      cmocka_unit_test(the_done_directory_imports), cmocka_unit_test(hadoop1_histories_import),
      cmocka_unit_test(the_history_becomes_a_run),  cmocka_unit_test(the_models_take_imported_histories),
      cmocka_unit_test(a_simulated_run_goes_round), cmocka_unit_test(bad_histories_are_refused),
  };
  TEST_MAIN(tests);
}
