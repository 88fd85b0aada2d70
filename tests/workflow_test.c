/* workflow_test.c - workflows and map-only jobs, as `mrlab run` shows them:
 * a job waits for the jobs in its `after` list and reads a parent's output
 * from the blocks the parent wrote; bytes are conserved from job to job; a
 * map-only job writes its maps' output to HDFS; the same seed gives the same
 * bytes; and a broken workflow is refused with one line. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIZED "map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0;"

/* The row of job NAME in jobs.csv T. */
static int job_row(const test_csv *t, const char *name)
{
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "job"), name) == 0)
      return row;
  fail_msg("no job %s in jobs.csv", name);
  return -1;
}

/* The sum of column COL over the successful attempts of KIND of job NAME in tasks.csv T. */
static double task_sum(const test_csv *t, const char *name, const char *kind, const char *col)
{
  double sum = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "job"), name) == 0 && strcmp(test_csv_cell(t, row, "kind"), kind) == 0 &&
        strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0)
      sum += test_csv_num(t, row, col);
  return sum;
}

/* The shipped three-job workflow on the toy cluster, with ARGS. */
static const char *run_dag3(const char *const *args)
{
  char text[4096];
  snprintf(text, sizeof text, "%s", test_read_file(test_source_path("workloads"), "dag3.cfg"));
  return test_simulate(test_source_path("platforms/toy4.cfg"), text, args);
}

static void a_child_starts_only_after_its_parents_end(void **state)
{
  (void)state;
  const char *out = run_dag3(NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
  int wc = job_row(jobs, "wordcount"), ts = job_row(jobs, "terasort"), grep = job_row(jobs, "grep");
  double parents_end = fmax(test_csv_num(jobs, wc, "end"), test_csv_num(jobs, ts, "end"));
  assert_close(test_csv_num(jobs, grep, "submit"), parents_end, 1e-9);
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "job"), "grep") == 0 && test_csv_num(tasks, row, "start") < parents_end)
      fail_msg("grep's %s started at %s s, before its parents ended at %.9f s", test_csv_cell(tasks, row, "task"),
               test_csv_cell(tasks, row, "start"), parents_end);
  assert_string_equal(test_csv_cell(jobs, grep, "after"), "wordcount;terasort");
  assert_string_equal(test_csv_cell(jobs, wc, "after"), "");
  test_csv_free(jobs);
  test_csv_free(tasks);
  /* a submit time later than the parents' end still holds */
  out = test_simulate(test_source_path("platforms/toy4.cfg"),
                      "jobs = ( { name = \"a\"; input = \"256MiB\"; " SIZED " },\n"
                      "         { name = \"b\"; submit = \"1000s\"; after = [\"a\"]; input = \"256MiB\"; " SIZED
                      " } );\n",
                      NULL);
  jobs = test_csv_in(out, "jobs.csv");
  assert_true(test_csv_num(jobs, 1, "end") < 1000);
  assert_close(test_csv_num(jobs, 2, "submit"), 1000, 1e-9);
  assert_true(test_csv_num(jobs, 2, "start") >= 1000);
  test_csv_free(jobs);
}

/* A parent whose output has one replica, on its reducers' hosts, and a child reading it. */
static const char one_replica[] =
    "jobs = ( { name = \"p\"; input = \"1GB\"; " SIZED " reducers = 2; set = [\"dfs.replication=1\"]; },\n"
    "         { name = \"c\"; after = [\"p\"]; input = \"parent:p\"; " SIZED " reducers = 1; } );\n";

static void a_child_reads_its_parent_output_where_it_was_written(void **state)
{
  (void)state;
  const char *out = test_simulate(test_source_path("platforms/toy4.cfg"), one_replica, NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
  int p = job_row(jobs, "p"), c = job_row(jobs, "c");
  double output = test_csv_num(jobs, p, "output_bytes");
  assert_close(test_csv_num(jobs, c, "input_bytes"), output, 0);
  assert_close(task_sum(tasks, "c", "map", "read_bytes"), output, 0);
  assert_close(test_csv_num(jobs, c, "maps"), ceil(output / (128 * 1048576.0)), 0);
  /* the only replica of each output block is on the host of the reduce that wrote it: reduce k's output follows
   * reduce k-1's, and a map of c is node-local exactly when it ran where its split's first byte was written */
  char hosts[2][256];
  double ends[2] = {0, 0};
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "job"), "p") == 0 &&
        strcmp(test_csv_cell(tasks, row, "kind"), "reduce") == 0 &&
        strcmp(test_csv_cell(tasks, row, "status"), "SUCCEEDED") == 0) {
      int k = atoi(test_csv_cell(tasks, row, "task") + 1);
      snprintf(hosts[k], sizeof hosts[k], "%s", test_csv_cell(tasks, row, "host"));
      ends[k] = test_csv_num(tasks, row, "reduce_bytes");
    }
  ends[1] += ends[0];
  int local = 0;
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "job"), "c") == 0 && strcmp(test_csv_cell(tasks, row, "kind"), "map") == 0) {
      double first = atoi(test_csv_cell(tasks, row, "task") + 1) * 128 * 1048576.0;
      const char *writer = hosts[first >= ends[0]];
      int node = strcmp(test_csv_cell(tasks, row, "locality"), "node") == 0;
      if (node != (strcmp(test_csv_cell(tasks, row, "host"), writer) == 0))
        fail_msg("c's %s ran on %s, %s, but its split was written on %s", test_csv_cell(tasks, row, "task"),
                 test_csv_cell(tasks, row, "host"), test_csv_cell(tasks, row, "locality"), writer);
      local += node;
    }
  assert_true(local > 0);
  test_csv_free(jobs);
  test_csv_free(tasks);
}

static void bytes_are_conserved_through_a_workflow(void **state)
{
  (void)state;
  const char *out = run_dag3(NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
  const char *names[] = {"wordcount", "terasort", "grep"};
  for (int k = 0; k < 3; k++) {
    int row = job_row(jobs, names[k]);
    /* each job's input is its maps' reads, its map output its maps', its output its reduces' */
    assert_close(task_sum(tasks, names[k], "map", "read_bytes"), test_csv_num(jobs, row, "input_bytes"), 0);
    assert_close(task_sum(tasks, names[k], "map", "map_bytes"), test_csv_num(jobs, row, "map_output_bytes"), 0);
    assert_close(task_sum(tasks, names[k], "reduce", "reduce_bytes"), test_csv_num(jobs, row, "output_bytes"), 0);
  }
  /* TeraSort writes what it reads, and Grep reads what TeraSort wrote */
  assert_close(test_csv_num(jobs, job_row(jobs, "terasort"), "output_bytes"), 2e9, 0);
  assert_close(test_csv_num(jobs, job_row(jobs, "grep"), "input_bytes"), 2e9, 0);
  test_csv_free(jobs);
  test_csv_free(tasks);
}

static void a_seed_gives_the_same_bytes(void **state)
{
  (void)state;
  char dirs[3][4096];
  for (int i = 0; i < 3; i++)
    snprintf(dirs[i], sizeof dirs[i], "%s", run_dag3((const char *[]){"--seed", i < 2 ? "7" : "8", NULL}));
  const char *files[] = {"tasks.csv", "jobs.csv", "groups.csv", "progress.csv", "utilisation.csv"};
  for (int f = 0; f < 5; f++) {
    if (!test_same_file(dirs[0], dirs[1], files[f]))
      fail_msg("%s differs between two runs with seed 7", files[f]);
  }
  assert_false(test_same_file(dirs[0], dirs[2], "tasks.csv")); /* another seed places blocks elsewhere */
}

static void a_map_only_job_writes_its_maps_output_to_hdfs(void **state)
{
  (void)state;
  const char *out = test_simulate(test_source_path("platforms/toy4.cfg"),
                                  "jobs = ( { name = \"filter\"; input = \"1GB\"; map_cost = 5.0; "
                                  "map_selectivity = 0.3; reducers = 0; set = [\"dfs.replication=2\"]; } );\n",
                                  NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
  double expected = 0, last_map = 0;
  int maps = 0;
  for (int row = 1; row < tasks->n_rows; row++) {
    assert_string_equal(test_csv_cell(tasks, row, "kind"), "map");
    if (strcmp(test_csv_cell(tasks, row, "status"), "SUCCEEDED"))
      continue;
    maps++;
    double split = test_csv_num(tasks, row, "read_bytes"), written = test_csv_num(tasks, row, "map_bytes");
    expected += round(0.3 * split);
    assert_close(written, round(0.3 * split), 0);
    assert_close(test_csv_num(tasks, row, "write_bytes"), 2 * written, 0); /* both replicas on disks */
    assert_close(test_csv_num(tasks, row, "spill_bytes"), 0, 0);           /* no sort buffer */
    assert_true(test_csv_num(tasks, row, "write_end") >= test_csv_num(tasks, row, "map_end"));
    last_map = fmax(last_map, test_csv_num(tasks, row, "end"));
  }
  assert_int_equal(maps, 8);
  assert_close(test_csv_num(jobs, 1, "input_bytes"), 1e9, 0);
  assert_close(test_csv_num(jobs, 1, "output_bytes"), expected, 0);
  assert_close(test_csv_num(jobs, 1, "output_bytes"), 0.3e9, 8); /* a byte of rounding a map at most */
  assert_close(test_csv_num(jobs, 1, "shuffle_bytes"), 0, 0);
  assert_close(test_csv_num(jobs, 1, "reduces"), 0, 0);
  assert_string_equal(test_csv_cell(jobs, 1, "reduce_start"), "");
  /* it ends with its last map, at the heartbeat that reports it */
  assert_true(test_csv_num(jobs, 1, "end") >= last_map);
  assert_close(test_csv_num(jobs, 1, "end"), test_csv_num(jobs, 1, "map_phase_end"), 0);
  test_csv_free(jobs);
  test_csv_free(tasks);
}

static void broken_workflows_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *a, *b, *says; /* job a's and job b's settings after their names */
  } cases[] = {
      {"after = [\"nobody\"];", "", "jobs[0].after[0]: expected the name of another job of this file, got \"nobody\""},
      {"after = [\"a\"];", "", "jobs[0].after[0]: expected another job than \"a\" itself"},
      {"after = [\"b\"];", "after = [\"a\"];",
       "jobs[0].after: expected jobs that do not wait for each other, got \"a\" after \"b\" after \"a\""},
      {"", "input = \"parent:a\";",
       "jobs[1].input: expected the output of a job it waits for (one in its `after` list), got \"a\""},
      {"", "after = [\"a\"]; input = \"parent:c\";",
       "jobs[1].input: expected the name of another job of this file, got \"c\""},
      {"after = 3;", "", "jobs[0].after: expected a list of the names of the jobs it waits for"},
      {"", "after = [\"a\", \"a\"];", "jobs[1].after[1]: expected each job once, got \"a\" twice"},
      {"generator = \"grep\"; reducers = 0;", "", "jobs[0].reducers: expected reducers >= 1 with generator \"grep\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char text[4096], out[4200], want[4400];
    snprintf(text, sizeof text, "jobs = ( { name = \"a\"; %s %s },\n { name = \"b\"; %s %s } );\n", cases[i].a,
             strstr(cases[i].a, "generator") ? "input = \"1GB\";" : "input = \"1GB\"; " SIZED, cases[i].b,
             strstr(cases[i].b, "input") ? SIZED : "input = \"1GB\"; " SIZED);
    const char *path = test_write_file(dir, "w.cfg", text);
    snprintf(out, sizeof out, "%s/out", dir);
    test_run r;
    test_run_mrlab(&r, dir, (const char *[]){"run", test_source_path("platforms/toy4.cfg"), path, "-o", out, NULL});
    snprintf(want, sizeof want, "mrlab: %s:", path);
    if (r.status != 2 || strncmp(r.err, want, strlen(want)) || !strstr(r.err, cases[i].says) ||
        strchr(r.err, '\n') != r.err + strlen(r.err) - 1 || access(out, F_OK) == 0)
      fail_msg("case %zu: status %d, stderr \"%s\"; expected status 2, no output and one line holding \"%s\"", i,
               r.status, r.err, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_child_starts_only_after_its_parents_end),
      cmocka_unit_test(a_child_reads_its_parent_output_where_it_was_written),
      cmocka_unit_test(bytes_are_conserved_through_a_workflow),
      cmocka_unit_test(a_seed_gives_the_same_bytes),
      cmocka_unit_test(a_map_only_job_writes_its_maps_output_to_hdfs),
      cmocka_unit_test(broken_workflows_are_refused),
  };
  TEST_MAIN(tests);
}
