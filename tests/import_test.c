/* import_test.c - `mrlab import swim|rumen`: a trace becomes a workload
 * that reads back with the trace's jobs, bytes, task counts, submit times
 * and recorded durations; a malformed trace is refused in one line naming
 * its file and line, with no output file; and a replay of an imported trace
 * prints recorded beside simulated durations and gives the same bytes for
 * a seed.
 *
 * The traces shipped in workloads/traces/ are the ones this file makes
 * (make_swim, make_rumen); a test checks that they still are.  After a
 * change here, MRLAB_WRITE_TRACES=1 build/tests/import writes them anew. */
#include "test.h"

#include "workload.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The SWIM trace: job id, submit s, gap s, map input, shuffle, reduce output bytes. */
static const struct {
  const char *id;
  int submit;
  long long input, shuffle, output;
} swim_jobs[] = {
    {"job0", 0, 268435456, 536870912, 134217728},     /* 256 MiB in, 512 MiB shuffled */
    {"job1", 12, 1073741824, 0, 536870912},           /* map-only */
    {"job2", 20, 62, 0, 10000000},                    /* map-only, a tiny input writing 10 MB, as SWIM's have */
    {"job3", 31, 0, 0, 127},                          /* no input at all */
    {"job4", 45, 2147483648, 1610612736, 805306368},  /* 2 GiB in: 2 reducers */
    {"job5", 60, 52428800, 104857600, 1048576},
};
#define N_SWIM (int)(sizeof swim_jobs / sizeof *swim_jobs)

static void make_swim(FILE *f)
{
  for (int i = 0; i < N_SWIM; i++)
    fprintf(f, "%s\t%d\t%d\t%lld\t%lld\t%lld\n", swim_jobs[i].id, swim_jobs[i].submit,
            swim_jobs[i].submit - (i ? swim_jobs[i - 1].submit : 0), swim_jobs[i].input, swim_jobs[i].shuffle,
            swim_jobs[i].output);
}

/* The Rumen trace: jobs of MAPS successful maps (map k reads map_in + k * 4096 bytes), plus one failed map task
 * that must not count, and REDUCES reduces whose shuffle shares fall as 1 / (p + 1); a map-only job's maps write
 * hdfs bytes each (its tasks' outputBytes are local spill bytes, as Rumen records for TeraGen). */
static const struct {
  const char *id;
  long long submit, finish; /* ms */
  int maps, reduces;
  long long map_in, map_out, red_out, hdfs;
} rumen_jobs[] = {
    {"job_1369942127770_1205", 1371222054499, 1371222153874, 6, 0, 82, 72234, 0, 41666670},
    {"job_1369942127770_1206", 1371222060000, 1371222100500, 8, 3, 33554432, 16777216, 8388608, 0},
    {"job_1369942127770_1207", 1371222090000, 1371222130250, 4, 2, 1048576, 2097152, 4096, 0},
};
#define N_RUMEN (int)(sizeof rumen_jobs / sizeof *rumen_jobs)

static long long rumen_map_in(int i, int k)
{
  return rumen_jobs[i].map_in + k * 4096LL;
}

/* Reducer p's shuffle bytes: the maps' output split by 1 / (p + 1), the remainder to reducer 0. */
static long long rumen_red_in(int i, int p)
{
  double sum = 0;
  for (int q = 0; q < rumen_jobs[i].reduces; q++)
    sum += 1.0 / (q + 1);
  long long total = rumen_jobs[i].maps * rumen_jobs[i].map_out, mine = (long long)(total / (p + 1) / sum), rest = total;
  for (int q = 1; q < rumen_jobs[i].reduces; q++)
    rest -= (long long)(total / (q + 1) / sum);
  return p ? mine : rest;
}

static void make_task(FILE *f, int i, const char *type, int k, const char *status, long long in, long long out,
                      long long hdfs, int last)
{
  fprintf(f,
          "{\n    \"taskID\" : \"task_%s_%c_%06d\",\n    \"taskType\" : \"%s\",\n    \"startTime\" : %lld,\n"
          "    \"finishTime\" : %lld,\n    \"attempts\" : [ {\n      \"attemptID\" : \"attempt_%s_%c_%06d_0\",\n"
          "      \"result\" : \"%s\",\n      \"hdfsBytesWritten\" : %lld,\n      \"shuffleFinished\" : -1\n"
          "    } ],\n    \"taskStatus\" : \"%s\",\n    \"inputBytes\" : %lld,\n    \"outputBytes\" : %lld\n  }%s",
          rumen_jobs[i].id + 4, type[0] == 'M' ? 'm' : 'r', k, type, rumen_jobs[i].submit + 1000,
          rumen_jobs[i].finish - 1000, rumen_jobs[i].id + 4, type[0] == 'M' ? 'm' : 'r', k, status, hdfs, status, in,
          out, last ? " ]" : ", ");
}

static void make_rumen(FILE *f)
{
  for (int i = 0; i < N_RUMEN; i++) {
    fprintf(f,
            "{\n  \"priority\" : \"NORMAL\",\n  \"jobID\" : \"%s\",\n  \"user\" : \"mrlab\",\n"
            "  \"submitTime\" : %lld,\n  \"launchTime\" : %lld,\n  \"finishTime\" : %lld,\n"
            "  \"queue\" : \"default\",\n  \"totalMaps\" : %d,\n  \"totalReduces\" : %d,\n  \"mapTasks\" : [ ",
            rumen_jobs[i].id, rumen_jobs[i].submit, rumen_jobs[i].submit + 500, rumen_jobs[i].finish,
            rumen_jobs[i].maps, rumen_jobs[i].reduces);
    for (int k = 0; k < rumen_jobs[i].maps; k++)
      make_task(f, i, "MAP", k, "SUCCESS", rumen_map_in(i, k), rumen_jobs[i].map_out, rumen_jobs[i].hdfs, 0);
    make_task(f, i, "MAP", rumen_jobs[i].maps, "FAILED", 999999999, 999999999, 999999999, 1);
    fprintf(f, ",\n  \"reduceTasks\" : [ ");
    for (int p = 0; p < rumen_jobs[i].reduces; p++)
      make_task(f, i, "REDUCE", p, "SUCCESS", rumen_red_in(i, p), rumen_jobs[i].red_out / rumen_jobs[i].reduces,
                rumen_jobs[i].red_out / rumen_jobs[i].reduces, p + 1 == rumen_jobs[i].reduces);
    fprintf(f, "%s,\n  \"outcome\" : \"SUCCESS\"\n}\n", rumen_jobs[i].reduces ? "" : "]");
  }
}

/* Writes the trace MAKE makes as DIR/NAME; returns its path (static buffer). */
static const char *write_trace(const char *dir, const char *name, void (*make)(FILE *))
{
  static char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  make(f);
  assert_int_equal(fclose(f), 0);
  return path;
}

static void shipped_traces_are_the_tests_own(void **state)
{
  (void)state;
  const char *dir = test_tmpdir(), *shipped = test_source_path("workloads/traces");
  if (getenv("MRLAB_WRITE_TRACES")) {
    write_trace(shipped, "small-swim.tsv", make_swim);
    write_trace(shipped, "small-rumen.json", make_rumen);
  }
  write_trace(dir, "small-swim.tsv", make_swim);
  write_trace(dir, "small-rumen.json", make_rumen);
  if (!test_same_file(dir, shipped, "small-swim.tsv") || !test_same_file(dir, shipped, "small-rumen.json"))
    fail_msg("workloads/traces/ differ from what import_test makes: MRLAB_WRITE_TRACES=1 build/tests/import");
}

/* Runs `mrlab import FORMAT TRACE -o DIR/NAME ARGS...`, failing unless it succeeds, and reads the workload back. */
static workload *import(const char *format, const char *trace, const char *dir, const char *const *args)
{
  char out[4200];
  snprintf(out, sizeof out, "%s/imported.cfg", dir);
  const char *argv[16] = {"import", format, trace, "-o", out};
  int n = 5;
  for (; args && *args; args++)
    argv[n++] = *args;
  argv[n] = NULL;
  test_run r;
  test_run_mrlab(&r, NULL, argv);
  if (r.status)
    fail_msg("mrlab import %s %s: status %d: %s", format, trace, r.status, r.err);
  assert_string_equal(r.out, ""); /* -o: nothing on stdout */
  char err[1024] = "";
  workload *w = workload_read(out, NULL, 0, err, sizeof err);
  if (!w)
    fail_msg("the imported workload does not read back: %s", err);
  return w;
}

static const job_desc *job_named(const workload *w, const char *name)
{
  for (int i = 0; i < w->n_jobs; i++)
    if (strcmp(w->jobs[i].name, name) == 0)
      return &w->jobs[i];
  fail_msg("no job %s", name);
  return NULL;
}

/* The bytes job D's maps write before the combiner: what a reduce job shuffles. */
static double shuffled(const job_desc *d)
{
  double sum = 0;
  for (int64_t m = 0; m < workload_maps(d); m++)
    sum += (double)workload_map_output(d, workload_split_bytes(d, m));
  return sum * d->combiner;
}

static void swim_jobs_read_back_with_their_bytes(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  workload *w = import("swim", write_trace(dir, "t.tsv", make_swim), dir, NULL);
  assert_int_equal(w->n_jobs, N_SWIM);
  int map_only = 0;
  for (int i = 0; i < N_SWIM; i++) {
    const job_desc *d = job_named(w, swim_jobs[i].id);
    double maps = (double)workload_maps(d);
    assert_close(d->submit, swim_jobs[i].submit, 1e-9);
    assert_int_equal(d->input, swim_jobs[i].input ? swim_jobs[i].input : 1);
    map_only += d->reduces == 0;
    assert_int_equal(d->reduces == 0, swim_jobs[i].shuffle == 0);
    if (d->reduces)
      assert_close(shuffled(d), (double)swim_jobs[i].shuffle, maps); /* a byte a map of rounding */
    assert_close((double)workload_output(d), (double)swim_jobs[i].output, maps + d->reduces);
    assert_close(d->recorded, 0, 0); /* SWIM records no durations */
  }
  assert_int_equal(map_only, 3);
  assert_int_equal(job_named(w, "job4")->reduces, 2); /* 3.75 GiB of shuffle and output, a reducer a GiB */
  workload_free(w);
}

static void swim_keeps_the_first_jobs_and_scales_bytes(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  workload *w = import("swim", write_trace(dir, "t.tsv", make_swim), dir,
                       (const char *const[]){"-n", "3", "--scale", "0.5", NULL});
  assert_int_equal(w->n_jobs, 3);
  const job_desc *d = job_named(w, "job0");
  assert_int_equal(d->input, swim_jobs[0].input / 2);
  assert_close(shuffled(d), (double)swim_jobs[0].shuffle / 2, (double)workload_maps(d));
  assert_int_equal(job_named(w, "job2")->input, 31);
  workload_free(w);
}

/* Writes TEXT as DIR/NAME in a fresh directory DIR and fails unless `mrlab import FORMAT NAME -o out.cfg`, run
 * there, exits with status 2 and one line on stderr holding SAYS, and writes no file. */
static void refused(const char *format, const char *name, const char *text, const char *says)
{
  const char *dir = test_tmpdir();
  test_write_file(dir, name, text);
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"import", format, name, "-o", "out.cfg", NULL});
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("expected one line saying \"%s\", got \"%s\"", says, r.err);
  assert_int_equal(test_count_files(dir), 1);
}

static void swim_malformed_lines_are_refused(void **state)
{
  (void)state;
  refused("swim", "t.tsv", "job0\t1\t1\t10\t10\n", "t.tsv:1: expected 6 tab-separated fields");
  refused("swim", "t.tsv", "job0\t1\t1\t10\t10\t10\t10\n", "t.tsv:1: expected 6 tab-separated fields");
  refused("swim", "t.tsv", "job0\t1\t1\t10\t10\t10\njob1 2 1 10 10 10\n", "t.tsv:2: expected 6 tab-separated");
  refused("swim", "t.tsv", "job0\t1\t1\t10\t10\t10\n\n", "t.tsv:2: expected 6 tab-separated fields");
  refused("swim", "t.tsv", "job0\t1\t1\t-10\t10\t10\n", "t.tsv:1: map input bytes: expected a whole number");
  refused("swim", "t.tsv", "job0\t1\t1\t10\t1e3\t10\n", "t.tsv:1: shuffle bytes: expected a whole number");
  refused("swim", "t.tsv", "job0\t1\t1\t10\t10\t999999999999999999\n", "t.tsv:1: reduce output bytes: expected");
  refused("swim", "t.tsv", "job0\t-1\t1\t10\t10\t10\n", "t.tsv:1: submit time: expected a number of seconds");
  refused("swim", "t.tsv", "job0\t1\tnan\t10\t10\t10\n", "t.tsv:1: inter-job gap: expected a number of seconds");
  refused("swim", "t.tsv", "job 0\t1\t1\t10\t10\t10\n", "t.tsv:1: expected a job id of at most 200 letters");
  refused("swim", "t.tsv", "a\t1\t1\t10\t10\t10\nb\t1\t1\t1\t1\t1\na\t1\t1\t1\t1\t1\n", "t.tsv:3: expected a job id of "
                                                                                          "its own, got \"a\" as on line 1");
  refused("swim", "t.tsv", "", "t.tsv:1: expected at least one job line");
  /* a trace beyond mrlab's bound on jobs: day_test.c */
}

static void rumen_jobs_read_back_with_tasks_and_durations(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  workload *w = import("rumen", write_trace(dir, "t.json", make_rumen), dir, NULL);
  assert_int_equal(w->n_jobs, N_RUMEN);
  for (int i = 0; i < N_RUMEN; i++) {
    const job_desc *d = job_named(w, rumen_jobs[i].id);
    long long input = 0, shuffle = 0;
    for (int k = 0; k < rumen_jobs[i].maps; k++)
      input += rumen_map_in(i, k); /* the failed task left out */
    for (int p = 0; p < rumen_jobs[i].reduces; p++)
      shuffle += rumen_red_in(i, p);
    assert_int_equal(d->input, input);
    assert_int_equal(workload_maps(d), rumen_jobs[i].maps);
    for (int k = 0; k < rumen_jobs[i].maps; k++) /* each map reads its own file: the trace's bytes */
      assert_int_equal(workload_split_bytes(d, k), rumen_map_in(i, k));
    assert_int_equal(d->reduces, rumen_jobs[i].reduces);
    assert_close(d->submit, (double)(rumen_jobs[i].submit - rumen_jobs[0].submit) / 1000, 1e-9);
    assert_close(d->recorded, (double)(rumen_jobs[i].finish - rumen_jobs[i].submit) / 1000, 1e-9);
    double maps = (double)rumen_jobs[i].maps;
    if (d->reduces) {
      assert_close(shuffled(d), (double)shuffle, maps);
      assert_close((double)workload_output(d), (double)rumen_jobs[i].red_out, maps + d->reduces);
      for (int p = 0; p < d->reduces; p++)
        assert_close(d->share[p], (double)rumen_red_in(i, p) / (double)shuffle, 1e-9);
    } else {
      assert_close((double)workload_output(d), (double)(rumen_jobs[i].maps * rumen_jobs[i].hdfs), maps);
    }
  }
  workload_free(w);
}

static void rumen_malformed_jobs_are_refused(void **state)
{
  (void)state;
  static const char job[] = "{ \"jobID\": \"job_1\", \"submitTime\": 1000, \"finishTime\": 2000, \"mapTasks\": [] }\n";
  char two[512];
  snprintf(two, sizeof two, "%s\n%s", job, "{ \"jobID\": \"job_2\",\n  \"submitTime\": 10,, }\n");
  refused("rumen", "t.json", two, "t.json:4: expected a JSON job object"); /* lines counted from the file's top */
  refused("rumen", "t.json", "[1, 2]\n", "t.json:1: job 1: expected a job object");
  refused("rumen", "t.json", "{ \"submitTime\": 1 }", "t.json:1: job 1: jobID: expected the job's id as a string");
  snprintf(two, sizeof two, "%s%s", job, "{ \"jobID\": \"job_2\", \"submitTime\": \"1\" }\n");
  refused("rumen", "t.json", two, "t.json:2: job 2: submitTime: expected a whole number");
  refused("rumen", "t.json", "{ \"jobID\": \"job_2\" }\n", "t.json:1: job 1: expected a member \"submitTime\"");
  refused("rumen", "t.json", "{ \"jobID\": \"j\", \"submitTime\": 5, \"finishTime\": 4 }",
          "t.json:1: job 1: finishTime: expected a time after submitTime");
  refused("rumen", "t.json", "{ \"jobID\": \"j\", \"submitTime\": 5, \"mapTasks\": [ { \"inputBytes\": -2 } ] }",
          "t.json:1: job 1: inputBytes: expected a whole number from -1");
  refused("rumen", "t.json", "{ \"jobID\": \"j\", \"submitTime\": 5, \"reduceTasks\": 3 }",
          "t.json:1: job 1: reduceTasks: expected an array");
  snprintf(two, sizeof two, "%s%s", job, job);
  refused("rumen", "t.json", two, "t.json:2: expected a job id of its own");
  refused("rumen", "t.json", "\n\n", "t.json:1: expected JSON job objects");
  /* a name quoted in a message keeps it one line: control characters escaped */
  refused("rumen", "t.json", "{ \"jobID\": \"job_1\\nsecond\\tline\\u001b[31m\", \"submitTime\": 5 }",
          "got \"job_1\\nsecond\\tline\\x1b[31m\"");
  refused("swim", "t.tsv", "job\r1\t1\t1\t10\t10\t10\n", "got \"job\\r1\"");
}

/* Imports both shipped traces and runs each twice on hetero16 with one seed. */
static void replays_print_recorded_and_simulated_and_repeat(void **state)
{
  (void)state;
  const char *formats[] = {"swim", "rumen"}, *traces[] = {"small-swim.tsv", "small-rumen.json"};
  for (int f = 0; f < 2; f++) {
    const char *dir = test_tmpdir();
    char trace[4200], cfg[4200], out[2][4200];
    snprintf(trace, sizeof trace, "%s/%s", test_source_path("workloads/traces"), traces[f]);
    snprintf(cfg, sizeof cfg, "%s/w.cfg", dir);
    test_run r;
    test_run_mrlab(&r, NULL, (const char *const[]){"import", formats[f], trace, "-o", cfg, NULL});
    assert_int_equal(r.status, 0);
    char printed[2][65536];
    for (int k = 0; k < 2; k++) {
      snprintf(out[k], sizeof out[k], "%s/run%d", dir, k);
      test_run_mrlab(&r, NULL,
                     (const char *const[]){"run", test_source_path("platforms/hetero16.cfg"), cfg, "-o", out[k],
                                           "--seed", "7", NULL});
      if (r.status)
        fail_msg("mrlab run: %s", r.err);
      snprintf(printed[k], sizeof printed[k], "%s", r.out);
    }
    assert_string_equal(printed[0], printed[1]);
    static const char *const files[] = {"tasks.csv", "jobs.csv", "groups.csv", "progress.csv", "utilisation.csv"};
    for (int k = 0; k < 5; k++)
      assert_true(test_same_file(out[0], out[1], files[k]));
    /* each Rumen job's line: recorded, then simulated, from jobs.csv, and their ratio */
    int replayed = 0;
    test_csv *jobs = test_csv_in(out[0], "jobs.csv");
    for (const char *p = printed[0]; (p = strstr(p, "  replay: recorded ")); p++, replayed++) {
      const char *name = p;
      while (name > printed[0] && strncmp(name, "job ", 4) != 0)
        name--;
      char job[128];
      double recorded, simulated, ratio;
      assert_int_equal(sscanf(name, "job %127[^:]", job), 1);
      assert_int_equal(sscanf(p, "  replay: recorded %lf s, simulated %lf s (simulated/recorded %lf)", &recorded,
                              &simulated, &ratio),
                       3);
      int row = 1;
      while (strcmp(test_csv_cell(jobs, row, "job"), job) != 0)
        row++;
      int i = 0;
      while (strcmp(rumen_jobs[i].id, job) != 0)
        i++;
      assert_close(recorded, (double)(rumen_jobs[i].finish - rumen_jobs[i].submit) / 1000, 0.005);
      assert_close(simulated, test_csv_num(jobs, row, "end") - test_csv_num(jobs, row, "submit"), 0.005);
      assert_close(ratio, simulated / recorded, 0.002);
    }
    test_csv_free(jobs);
    assert_int_equal(replayed, f ? N_RUMEN : 0);
    /* each Rumen map reads the bytes the trace records it read */
    test_csv *tasks = test_csv_in(out[0], "tasks.csv");
    int maps = 0;
    for (int row = 1; f && row < tasks->n_rows; row++) {
      if (strcmp(test_csv_cell(tasks, row, "kind"), "map") != 0 ||
          strcmp(test_csv_cell(tasks, row, "status"), "SUCCEEDED") != 0)
        continue;
      int i = 0, k = atoi(test_csv_cell(tasks, row, "task") + 1);
      while (strcmp(rumen_jobs[i].id, test_csv_cell(tasks, row, "job")) != 0)
        i++;
      assert_int_equal((long long)test_csv_num(tasks, row, "read_bytes"), rumen_map_in(i, k));
      maps++;
    }
    test_csv_free(tasks);
    assert_true(!f || maps >= 6 + 8 + 4);
  }
}

/* The workload keys the importers write: bytes instead of selectivities, not beside them. */
static void byte_keys_exclude_the_selectivities_they_replace(void **state)
{
  (void)state;
  static const struct {
    const char *job, *says;
  } bad[] = {
      {"input = \"1GB\"; shuffle = \"1GB\"; map_selectivity = 1.0; output = \"1GB\"; reducers = 2; map_cost = 1.0; "
       "reduce_cost = 1.0;",
       "w.cfg:1: jobs[0].map_selectivity: expected either shuffle or map_selectivity"},
      {"input = \"1GB\"; shuffle = \"1GB\"; output = \"1GB\"; reduce_selectivity = 1.0; reducers = 2; map_cost = 1.0; "
       "reduce_cost = 1.0;",
       "expected either output or reduce_selectivity"},
      {"input = \"1GB\"; shuffle = \"1GB\"; output = \"1GB\"; reducers = 0; map_cost = 1.0;",
       "expected no shuffle in a map-only job"},
      /* what only a shuffle uses, meaningless without reducers */
      {"input = \"1GB\"; output = \"1GB\"; reducers = 0; map_cost = 1.0;\n combiner = 0.5;",
       "w.cfg:2: jobs[0].combiner: expected no combiner in a map-only job (reducers = 0), whose maps write their output "
       "to HDFS with no combiner, partitions or key groups"},
      {"input = \"1GB\"; output = \"1GB\"; reducers = 0; map_cost = 1.0;\n combiner_cost = 2.0;",
       "w.cfg:2: jobs[0].combiner_cost: expected no combiner_cost in a map-only job"},
      {"input = \"1GB\"; map_selectivity = 1.0; reducers = 0; map_cost = 1.0;\n skew = 1.2;",
       "w.cfg:2: jobs[0].skew: expected no skew in a map-only job"},
      {"input = \"1GB\"; map_selectivity = 1.0; reducers = 0; map_cost = 1.0;\n keys = 5000;",
       "w.cfg:2: jobs[0].keys: expected no keys in a map-only job"},
      /* values quoted from a workload file stay on the message's one line */
      {"input = \"1GB\"; map_selectivity = 1.0; reducers = 0; map_cost = 1.0; set = [\"dfs.blocksize=1\\n2\"];",
       "expected a size in bytes, with an optional k, m, g or t suffix (128m), got \"1\\n2\""},
      {"input = \"1GB\"; output = \"-1B\"; reducers = 0; map_cost = 1.0;", "output: at least"},
      {"input = \"1GB\"; output = \"1.5B\"; reducers = 0; map_cost = 1.0;", "expected a whole number of bytes"},
      {"input = \"1GB\"; output = \"1GB\"; reducers = 0; map_cost = 1.0; recorded = \"-3s\";", "recorded: expected"},
      {"input = \"1GB\"; shuffle = \"0B\"; output = \"1GB\"; reducers = 1; map_cost = 1.0; reduce_cost = 1.0;",
       "expected \"0B\" of output from a job whose maps output nothing"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
    const char *dir = test_tmpdir();
    char text[1024], err[1024] = "";
    snprintf(text, sizeof text, "jobs = ( { name = \"j\"; %s } );\n", bad[k].job);
    workload *w = workload_read(test_write_file(dir, "w.cfg", text), NULL, 0, err, sizeof err);
    if (w || !strstr(err, bad[k].says))
      fail_msg("%s: expected \"%s\", got \"%s\"", bad[k].job, bad[k].says, err);
  }
}

/* Rumen maps of 0 bytes read 1 byte each; a job with a map that records no
 * inputBytes gets equal files, one a map. */
static void rumen_maps_without_bytes(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  workload *w = import("rumen",
                       test_write_file(dir, "t.json",
                                       "{ \"jobID\": \"a\", \"submitTime\": 1000, \"totalReduces\": 0, \"mapTasks\": [\n"
                                       "  { \"inputBytes\": 100 }, { \"inputBytes\": 0 }, { \"inputBytes\": 50 } ] }\n"
                                       "{ \"jobID\": \"b\", \"submitTime\": 1000, \"totalReduces\": 0, \"mapTasks\": [\n"
                                       "  { \"inputBytes\": 100 }, { }, { \"inputBytes\": 50 } ] }\n"),
                       dir, NULL);
  static const long long a[] = {100, 1, 50};
  const job_desc *d = job_named(w, "a");
  assert_int_equal(d->input, 151);
  assert_int_equal(workload_maps(d), 3);
  for (int m = 0; m < 3; m++)
    assert_int_equal(workload_split_bytes(d, m), a[m]);
  d = job_named(w, "b");
  assert_int_equal(d->input, 150);
  assert_int_equal(workload_maps(d), 3);
  for (int m = 0; m < 3; m++)
    assert_int_equal(workload_split_bytes(d, m), 50);
  workload_free(w);
}

/* Per-file sizes in a workload (`file_sizes`, which the Rumen importer
 * writes): a map a block of each file, the input their sum. */
static void file_sizes_cut_each_file_into_its_blocks(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char err[1024] = "";
  static const char text[] = "jobs = ( { name = \"j\"; input = \"3146753B\"; output = \"1kB\"; reducers = 0; map_cost = "
                             "1.0;\n  file_sizes = (\"1B\", \"3MiB\", \"1024B\"); set = [\"dfs.blocksize=1m\"]; } );\n";
  workload *w = workload_read(test_write_file(dir, "w.cfg", text), NULL, 0, err, sizeof err);
  if (!w)
    fail_msg("%s", err);
  const job_desc *d = &w->jobs[0];
  static const long long splits[] = {1, 1048576, 1048576, 1048576, 1024};
  assert_int_equal(d->files, 3);
  assert_int_equal(workload_maps(d), 5);
  for (int m = 0; m < 5; m++)
    assert_int_equal(workload_split_bytes(d, m), splits[m]);
  workload_free(w);
  /* and they run: HDFS places a file of one byte as any other */
  test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), text, NULL), "tasks.csv");
  double read = 0;
  for (int row = 1; row < t->n_rows; row++)
    read += test_csv_num(t, row, "read_bytes");
  assert_int_equal(t->n_rows - 1, 5);
  assert_close(read, 3146753, 0);
  test_csv_free(t);
}

/* Bad `file_sizes`: one line naming the file, the line and what was
 * expected, exit status 2, no run directory. */
static void bad_file_sizes_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *keys, *says;
  } cases[] = {
      {"input = \"2kB\";\n  file_sizes = (\"1kB\", \"-1kB\");", "w.cfg:2: jobs[0].file_sizes[1]: expected a file size"},
      {"file_sizes = (\"1kB\",\n  \"1e300B\");", "w.cfg:2: jobs[0].file_sizes[1]: at most"},
      {"input = \"2kB\";\n  file_sizes = ();", "w.cfg:2: jobs[0].file_sizes: expected a list of 1 to 100000 file"},
      {"input = \"2kB\";\n  file_sizes = \"1kB\";", "w.cfg:2: jobs[0].file_sizes: expected a list of 1 to 100000"},
      {"input = \"2kB\";\n  file_sizes = (\"1kB\", 7);", "w.cfg:2: jobs[0].file_sizes[1]: expected a file size"},
      {"input = \"3kB\";\n  file_sizes = (\"1kB\", \"1kB\");",
       "w.cfg:1: jobs[0].input: expected the sum of file_sizes (2000 bytes) or no input, got 3000 bytes"},
      {"input = \"2kB\";\n  file_sizes = (\"1kB\", \"1kB\"); files = 2;",
       "w.cfg:2: jobs[0].file_sizes: expected files or file_sizes, not both"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char text[1024], work[4200], out[4200];
    snprintf(text, sizeof text,
             "jobs = ( { name = \"j\"; output = \"1kB\"; reducers = 0; map_cost = 1.0; %s } );\n", cases[i].keys);
    snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", text));
    snprintf(out, sizeof out, "%s/out", dir);
    test_run r;
    test_run_mrlab(&r, dir, (const char *[]){"run", test_source_path("platforms/hetero16.cfg"), work, "-o", out, NULL});
    if (r.status != 2 || !strstr(r.err, cases[i].says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1 ||
        r.out[0] || access(out, F_OK) == 0)
      fail_msg("%s: status %d, stderr \"%s\"; expected status 2, no output and one line \"%s\"", cases[i].keys,
               r.status, r.err, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(shipped_traces_are_the_tests_own),
      cmocka_unit_test(swim_jobs_read_back_with_their_bytes),
      cmocka_unit_test(swim_keeps_the_first_jobs_and_scales_bytes),
      cmocka_unit_test(swim_malformed_lines_are_refused),
      cmocka_unit_test(rumen_jobs_read_back_with_tasks_and_durations),
      cmocka_unit_test(rumen_malformed_jobs_are_refused),
      cmocka_unit_test(replays_print_recorded_and_simulated_and_repeat),
      cmocka_unit_test(byte_keys_exclude_the_selectivities_they_replace),
      cmocka_unit_test(rumen_maps_without_bytes),
      cmocka_unit_test(file_sizes_cut_each_file_into_its_blocks),
      cmocka_unit_test(bad_file_sizes_are_refused),
  };
  TEST_MAIN(tests);
}
