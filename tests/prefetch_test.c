/* prefetch_test.c - PSP prefetching (mrlab.prefetch) and small-file inputs
 * (`files = N`), as a user sees them in tasks.csv, jobs.csv and
 * summary.json: at most one prefetch a node at a time, none started before
 * it is due, a prefetched map's read hidden, native runs unchanged, files
 * cut into their own blocks with their costs, and bad `files` refused. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB 1048576.0
#define STARTUP 1.0 /* mrlab.task.startup's default */

/* job("2GB", 40, "", 0) on `cluster`, the default seed, as mrlab ran it
 * before PSP and `files` existed (commit 161683b), then again once the
 * trackers' heartbeat phases and every tie came from the seed */
#define NATIVE_END 19.446958467
#define NATIVE_MAP_PHASE_END 18.986010676
#define NATIVE_SHUFFLE_BYTES 20000010
#define NATIVE_SUM_ENDS 351.664754705 /* the end of every attempt, summed */

/* Four workers of two cores, two map slots, a 70 MBps disk; small task
 * heaps, and out-of-band heartbeats as Hadoop 0.20 sends them. */
static const char cluster[] =
    "name = \"psp\";\n"
    "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
    "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
    "node_classes = ( { name = \"n\"; count = 4; racks = [\"r1\"]; cores = 2; speed = \"1Gf\"; memory = \"2GiB\";\n"
    "  disks = ( { read = \"70MBps\"; write = \"60MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"100us\"; };\n"
    "  slots = { map = 2; reduce = 1; }; } );\n"
    "master = { class = \"n\"; rack = \"r1\"; };\n"
    "settings = [ \"mapreduce.cluster.mapmemory.mb=200\", \"mapreduce.cluster.reducememory.mb=200\",\n"
    "             \"mapreduce.tasktracker.outofband.heartbeat=true\" ];\n";

/* A job of INPUT bytes costing MAP_COST flops a byte, with the extra keys EXTRA, and PREFETCH on or off. */
static const char *job(const char *input, double map_cost, const char *extra, int prefetch)
{
  static char text[1024];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"j\"; input = \"%s\"; map_cost = %g; map_selectivity = 0.01; reduce_cost = 1.0;\n"
           "  reduce_selectivity = 1.0; reducers = 1; %s\n"
           "  set = [ \"dfs.blocksize=64m\", \"dfs.replication=1\", \"mrlab.prefetch=%s\" ]; } );\n",
           input, map_cost, extra, prefetch ? "true" : "false");
  return text;
}

/* Whether ROW of tasks.csv is a map attempt whose split was prefetched. */
static int prefetched(const test_csv *t, int row)
{
  return strcmp(test_csv_cell(t, row, "kind"), "map") == 0 && test_csv_cell(t, row, "prefetch_start")[0];
}

/* FIELD of the first job in summary.json, a whole number. */
static long summary_count(const char *out, const char *field)
{
  const char *text = test_read_file(out, "summary.json");
  char key[128];
  snprintf(key, sizeof key, "\"%s\": ", field);
  const char *at = strstr(text, key);
  if (!at)
    fail_msg("no %s in summary.json", field);
  return strtol(at + strlen(key), NULL, 10);
}

/* At most one prefetch a node: a tracker holds one reserved map (issued
 * until its map starts) and loads one block at a time; every prefetch
 * issued is counted, and every one used shows in tasks.csv. */
static void one_prefetch_a_node(void **state)
{
  (void)state;
  const char *out = test_simulate(cluster, job("2GB", 40, "", 1), NULL);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int used = 0;
  for (int a = 1; a < t->n_rows; a++) {
    if (!prefetched(t, a))
      continue;
    used++;
    for (int b = 1; b < t->n_rows; b++) {
      if (b == a || !prefetched(t, b) || strcmp(test_csv_cell(t, a, "host"), test_csv_cell(t, b, "host")) != 0)
        continue;
      /* reservations [issued, map start) and loads [start, end) of one node never overlap */
      double ia = test_csv_num(t, a, "prefetch_issued"), sa = test_csv_num(t, a, "start");
      double ib = test_csv_num(t, b, "prefetch_issued"), sb = test_csv_num(t, b, "start");
      if (ia < sb - 1e-9 && ib < sa - 1e-9)
        fail_msg("%s: maps %s and %s reserved at once ([%g, %g) and [%g, %g))", test_csv_cell(t, a, "host"),
                 test_csv_cell(t, a, "task"), test_csv_cell(t, b, "task"), ia, sa, ib, sb);
      double la = test_csv_num(t, a, "prefetch_start"), ea = test_csv_num(t, a, "prefetch_end");
      double lb = test_csv_num(t, b, "prefetch_start"), eb = test_csv_num(t, b, "prefetch_end");
      if (la < eb - 1e-9 && lb < ea - 1e-9)
        fail_msg("%s: blocks of %s and %s loaded at once", test_csv_cell(t, a, "host"), test_csv_cell(t, a, "task"),
                 test_csv_cell(t, b, "task"));
    }
  }
  if (used < 10)
    fail_msg("only %d of 30 maps were prefetched", used);
  assert_int_equal(summary_count(out, "prefetches_used"), used);
  assert_true(summary_count(out, "prefetches_issued") >= used);
  test_csv_free(t);
}

/* A load starts no earlier than it is due (the predicted finish of the
 * map before it less the predicted load time) and no earlier than issued;
 * when due later than issued, it waits until then: as late as possible. */
static void prefetch_starts_when_due(void **state)
{
  (void)state;
  const char *out = test_simulate(cluster, job("2GB", 40, "", 1), NULL);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int waited = 0;
  for (int row = 1; row < t->n_rows; row++) {
    if (!prefetched(t, row))
      continue;
    double issued = test_csv_num(t, row, "prefetch_issued"), due = test_csv_num(t, row, "prefetch_due");
    double start = test_csv_num(t, row, "prefetch_start");
    if (start < fmax(issued, due) - 1e-9)
      fail_msg("map %s: load started at %.9f, before max(issued %.9f, due %.9f)", test_csv_cell(t, row, "task"), start,
               issued, due);
    waited += due > issued + 0.1 && fabs(start - due) < 1e-6;
  }
  if (waited == 0)
    fail_msg("no load waited until it was due");
  test_csv_free(t);
}

/* With a block that loads faster than it is mapped, a prefetched map
 * reads nothing from disk once started: its read phase ends with its
 * start-up, where a native map's takes the disk's time. */
static void prefetched_read_is_hidden(void **state)
{
  (void)state;
  const char *out = test_simulate(cluster, job("2GB", 40, "", 1), NULL);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int hidden = 0;
  for (int row = 1; row < t->n_rows; row++) {
    if (!prefetched(t, row) || test_csv_num(t, row, "prefetch_end") > test_csv_num(t, row, "start") + STARTUP)
      continue;
    assert_close(test_csv_num(t, row, "read_end") - test_csv_num(t, row, "start") - STARTUP, 0, 1e-6);
    hidden++;
  }
  if (hidden < 5) /* 7 to 12 of the 30 over seeds 1 to 6 */
    fail_msg("only %d maps found their block loaded as they started", hidden);
  test_csv_free(t);
  out = test_simulate(cluster, job("2GB", 40, "", 0), NULL);
  t = test_csv_in(out, "tasks.csv");
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0 && test_csv_num(t, row, "read_bytes") == 64 * MIB)
      assert_true(test_csv_num(t, row, "read_end") - test_csv_num(t, row, "start") - STARTUP > 0.5);
  test_csv_free(t);
}

/* Without prefetching, a run is what mrlab gave without PSP and `files`
 * (NATIVE_*): the same times and bytes, with every heartbeat sent as then
 * (idle trackers' skipped heartbeats take a little less bandwidth). */
static void native_runs_unchanged(void **state)
{
  (void)state;
  const char *out =
      test_simulate(cluster, job("2GB", 40, "", 0), (const char *const[]){"--set", "mrlab.heartbeat.idle=send", NULL});
  test_csv *t = test_csv_in(out, "jobs.csv");
  assert_close(test_csv_num(t, 1, "end"), NATIVE_END, 1e-9);
  assert_close(test_csv_num(t, 1, "map_phase_end"), NATIVE_MAP_PHASE_END, 1e-9);
  assert_close(test_csv_num(t, 1, "shuffle_bytes"), NATIVE_SHUFFLE_BYTES, 0);
  test_csv_free(t);
  t = test_csv_in(out, "tasks.csv");
  double ends = 0;
  for (int row = 1; row < t->n_rows; row++)
    ends += test_csv_num(t, row, "end");
  assert_close(ends, NATIVE_SUM_ENDS, 1e-6);
  assert_int_equal(summary_count(out, "prefetches_issued"), 0);
  test_csv_free(t);
}

/* `files = 2` of 200 MB: each file cut into its own blocks (64 MiB and the
 * rest of 100 MB), one map each, every byte read once. */
/* WordCount with PSP on Xie's five nodes (one fast, one medium, three
 * slow): near the map phase's end the fast node falls idle while slow ones
 * hold reserved maps whose loads are not due yet, and it takes one of
 * them (reclaim_reserved): a map the JobTracker reserved for one tracker
 * (its log says so) runs on another, with no prefetch of its own.  Any
 * map so taken was reserved before it started elsewhere. */
static void an_idle_tracker_takes_a_map_reserved_elsewhere(void **state)
{
  (void)state;
  char out[4096], platform[4096];
  snprintf(out, sizeof out, "%s/psp", test_tmpdir());
  snprintf(platform, sizeof platform, "%s", test_source_path("platforms/xie5.cfg"));
  test_run r;
  test_run_mrlab(&r, NULL,
                 (const char *const[]){"run", platform, test_source_path("workloads/wordcount.cfg"), "--set",
                                       "mrlab.prefetch=true", "--log=mrlab.jobtracker.thres:info", "-o", out, NULL});
  assert_int_equal(r.status, 0);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int taken = 0;
  for (const char *line = r.err; *line; line = strchr(line, '\n') + 1) { /* [HOST:ACTOR:(PID) TIME] [CATEGORY] ... */
    char task[32], holder[64];
    double when;
    if (sscanf(line, "[%*s %lf] [mrlab_jobtracker/INFO] reserves wordcount %31s for the next map slot that frees on %63s",
               &when, task, holder) != 3)
      continue;
    for (int row = 1; row < t->n_rows; row++)
      if (strcmp(test_csv_cell(t, row, "task"), task) == 0 && strcmp(test_csv_cell(t, row, "attempt"), "0") == 0 &&
          strcmp(test_csv_cell(t, row, "host"), holder) != 0) {
        taken++;
        assert_string_equal(test_csv_cell(t, row, "prefetch_start"), "");
        assert_true(test_csv_num(t, row, "start") >= when);
      }
  }
  assert_true(taken >= 1);
  test_csv_free(t);
}

static void files_have_their_own_blocks(void **state)
{
  (void)state;
  const char *out = test_simulate(cluster, job("200MB", 1, "files = 2;", 0), NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  assert_close(test_csv_num(jobs, 1, "maps"), 4, 0);
  test_csv_free(jobs);
  test_csv *t = test_csv_in(out, "tasks.csv");
  double read = 0;
  int full = 0, rest = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0 &&
        strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0) {
      double bytes = test_csv_num(t, row, "read_bytes");
      read += bytes;
      full += bytes == 64 * MIB;
      rest += bytes == 100e6 - 64 * MIB;
    }
  assert_close(read, 200e6, 0);
  assert_int_equal(full, 2);
  assert_int_equal(rest, 2);
  test_csv_free(t);
}

/* 1000 files: 1000 maps, all bytes read; the client's NameNode RPCs (2 ms
 * a file) come before the first map, and each map opens its file (an RPC
 * and a 12.7 ms seek) before its read; the same bytes in one file run
 * faster.  With PSP the opening is part of the load. */
static void small_files_cost(void **state)
{
  (void)state;
  const char *many = test_simulate(cluster, job("100MB", 1, "files = 1000;", 0), NULL);
  test_csv *jobs = test_csv_in(many, "jobs.csv");
  assert_close(test_csv_num(jobs, 1, "maps"), 1000, 0);
  assert_true(test_csv_num(jobs, 1, "start") >= 1000 * 0.002 - 1e-9);
  double many_end = test_csv_num(jobs, 1, "end");
  test_csv_free(jobs);
  test_csv *t = test_csv_in(many, "tasks.csv");
  double read = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0 &&
        strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0) {
      read += test_csv_num(t, row, "read_bytes");
      assert_true(test_csv_num(t, row, "read_end") - test_csv_num(t, row, "start") - STARTUP >= 0.0127 + 0.002);
    }
  assert_close(read, 100e6, 0);
  test_csv_free(t);
  const char *one = test_simulate(cluster, job("100MB", 1, "files = 1;", 0), NULL);
  jobs = test_csv_in(one, "jobs.csv");
  assert_true(test_csv_num(jobs, 1, "end") * 5 < many_end);
  test_csv_free(jobs);
}

/* Bad `files`: one line naming the file, the line and what was expected,
 * exit status 2, no run directory. */
static void bad_files_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *input, *files, *says;
  } cases[] = {
      {"1GB", "files = 0;", "files: expected a whole number from 1 to 100000, got 0"},
      {"1GB", "files = -3;", "files: expected a whole number from 1 to 100000, got -3"},
      {"1GB", "files = 1.5;", "files: expected a whole number from 1 to 100000, got 1.5"},
      {"1GB", "files = \"many\";", "files: expected a whole number from 1 to 100000"},
      {"1kB", "files = 2000;", "files: expected at most one file a byte of the input (1000), got 2000 files"},
      {"1GB", "files = 200000;",
       "files: at most 100000 (mrlab's bound on a job's input files, each a map at least), got 200000"},
      {"10TB", "files = 99999;", "at most 100000 maps"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char plat[4096], work[4096], out[4096], where[4200];
    snprintf(plat, sizeof plat, "%s", test_write_file(dir, "p.cfg", cluster));
    snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", job(cases[i].input, 1, cases[i].files, 0)));
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(where, sizeof where, "mrlab: %s:%d: jobs[0].", work, strstr(cases[i].says, "maps") ? 1 : 2);
    test_run r;
    test_run_mrlab(&r, dir, (const char *[]){"run", plat, work, "-o", out, NULL});
    if (r.status != 2 || strncmp(r.err, where, strlen(where)) != 0 || !strstr(r.err, cases[i].says) ||
        strchr(r.err, '\n') != r.err + strlen(r.err) - 1 || r.out[0] || access(out, F_OK) == 0)
      fail_msg("%s: status %d, stderr \"%s\"; expected status 2, no output and one line \"%s...%s\"", cases[i].files,
               r.status, r.err, where, cases[i].says);
  }
  /* a generator whose data is drawn block by block of one file */
  const char *dir = test_tmpdir();
  char plat[4096], work[4096], out[4096];
  snprintf(plat, sizeof plat, "%s", test_write_file(dir, "p.cfg", cluster));
  snprintf(work, sizeof work, "%s",
           test_write_file(dir, "w.cfg",
                           "jobs = ( { name = \"t\"; generator = \"terasort\"; input = \"1GB\";\n  files = 4; } );\n"));
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"run", plat, work, "-o", out, NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "w.cfg:2: jobs[0].files: expected no files with generator \"terasort\""));
  assert_true(strchr(r.err, '\n') == r.err + strlen(r.err) - 1 && access(out, F_OK) != 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_prefetch_a_node),         cmocka_unit_test(prefetch_starts_when_due),
      cmocka_unit_test(an_idle_tracker_takes_a_map_reserved_elsewhere),
      cmocka_unit_test(prefetched_read_is_hidden),   cmocka_unit_test(native_runs_unchanged),
      cmocka_unit_test(files_have_their_own_blocks), cmocka_unit_test(small_files_cost),
      cmocka_unit_test(bad_files_are_refused),
  };
  TEST_MAIN(tests);
}
