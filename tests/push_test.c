/* push_test.c - preshuffle (mrlab.shuffle.mode=push), as a user sees it in
 * tasks.csv: every reducer gets its partition's bytes exactly once, pushed
 * or fetched, and the same output as in pull mode; with slots held early
 * its first byte arrives while maps still run; a reducer without a slot
 * during the maps fetches everything later; a smaller threshold makes more,
 * smaller pushes; push mode starts the reducers with the maps unless
 * slow-start is set; a bad mode or threshold is refused. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* WordCount of 1 GB in 64 MiB blocks (16 maps) with REDUCERS reducers. */
static const char *wordcount(int reducers)
{
  static char text[512];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"1GB\"; reducers = %d; combine = true;"
           " seed = 7; set = [\"dfs.blocksize=64m\", \"dfs.replication=1\"]; } );\n",
           reducers);
  return text;
}

/* Three fast workers and one ten times slower, whose map a speculative
 * attempt on a fast worker overtakes. */
static const char one_slow[] =
    "name = \"one-slow\";\n"
    "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
    "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
    "node_classes = (\n"
    "  { name = \"fast\"; count = 3; racks = [\"r1\"]; cores = 2; speed = \"2Gf\"; memory = \"4GiB\";\n"
    "    disks = ( { read = \"100MBps\"; write = \"100MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; "
    "};\n"
    "    slots = { map = 1; reduce = 1; }; },\n"
    "  { name = \"slow\"; count = 1; racks = [\"r1\"]; cores = 1; speed = \"0.2Gf\"; memory = \"4GiB\";\n"
    "    disks = ( { read = \"100MBps\"; write = \"100MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; "
    "};\n"
    "    slots = { map = 1; reduce = 0; }; } );\n"
    "master = { class = \"fast\"; rack = \"r1\"; };\n";

/* tasks.csv of a run of wordcount(REDUCERS) on PLATFORM (a shipped one's name, or a platform's text) in MODE
 * with slow-start SLOWSTART and push threshold THRESHOLD. */
static test_csv *run_on(const char *platform, int reducers, const char *mode, const char *slowstart,
                        const char *threshold)
{
  char path[256];
  snprintf(path, sizeof path, "platforms/%s.cfg", platform);
  const char *where = strchr(platform, '\n') ? platform : test_source_path(path);
  char m[64], s[96], t[64];
  snprintf(m, sizeof m, "mrlab.shuffle.mode=%s", mode);
  snprintf(s, sizeof s, "mapreduce.job.reduce.slowstart.completedmaps=%s", slowstart);
  snprintf(t, sizeof t, "mrlab.shuffle.push.threshold=%s", threshold);
  const char *args[] = {"--set", m, "--set", s, "--set", t, NULL};
  return test_csv_in(test_simulate(where, wordcount(reducers), args), "tasks.csv");
}

static test_csv *run(int reducers, const char *mode, const char *slowstart, const char *threshold)
{
  return run_on("toy4", reducers, mode, slowstart, threshold);
}

static int is(const test_csv *t, int row, const char *kind)
{
  return strcmp(test_csv_cell(t, row, "kind"), kind) == 0 && strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0;
}

/* The successful attempt of reduce task P (0-based), or fails. */
static int reduce_row(const test_csv *t, int p)
{
  char id[16];
  snprintf(id, sizeof id, "r%06d", p);
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "reduce") && strcmp(test_csv_cell(t, row, "task"), id) == 0)
      return row;
  fail_msg("no successful attempt of %s", id);
  return -1;
}

/* Sums COL over the successful attempts of KIND, or over all its attempts when ALL. */
static double sum(const test_csv *t, const char *kind, const char *col, int all)
{
  double sum = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (all ? strcmp(test_csv_cell(t, row, "kind"), kind) == 0 : is(t, row, kind))
      sum += test_csv_num(t, row, col);
  return sum;
}

static double total(const test_csv *t, const char *kind, const char *col)
{
  return sum(t, kind, col, 0);
}

/* Each reducer of PUSH got, pushed plus fetched, the bytes its partition
 * has in PULL, and wrote the same output; the pushed bytes successful
 * reducers counted are those successful maps pushed, and every piece a map
 * attempt pushed was received by a reduce attempt.  Returns the bytes
 * pushed. */
static double assert_delivered_once(const test_csv *pull, const test_csv *push, int reducers)
{
  double pushed = 0;
  for (int p = 0; p < reducers; p++) {
    int a = reduce_row(pull, p), b = reduce_row(push, p);
    double partition = test_csv_num(pull, a, "shuffle_bytes");
    assert_true(partition > 0);
    assert_close(test_csv_num(push, b, "pushed_bytes") + test_csv_num(push, b, "fetched_bytes"), partition, 0);
    assert_close(test_csv_num(push, b, "shuffle_bytes"), partition, 0);
    assert_close(test_csv_num(pull, a, "pushed_bytes"), 0, 0);
    assert_close(test_csv_num(push, b, "reduce_bytes"), test_csv_num(pull, a, "reduce_bytes"), 0);
    assert_close(test_csv_num(push, b, "reduce_records"), test_csv_num(pull, a, "reduce_records"), 0);
    assert_close(test_csv_num(push, b, "write_bytes"), test_csv_num(pull, a, "write_bytes"), 0);
    pushed += test_csv_num(push, b, "pushed_bytes");
  }
  assert_close(total(push, "map", "pushed_bytes"), pushed, 0);
  assert_close(sum(push, "map", "pushes", 1), sum(push, "reduce", "pushes", 1), 0);
  return pushed;
}

/* Reducers that hold their slots from the start take pushes while maps
 * run: their first byte arrives before the first map ends (in pull mode,
 * only after it). */
static void pushed_bytes_arrive_once_and_early(void **state)
{
  (void)state;
  test_csv *pull = run(4, "pull", "0", "0.25"), *push = run(4, "push", "0", "0.25");
  double pushed = assert_delivered_once(pull, push, 4);
  assert_true(pushed > 0.5 * total(pull, "reduce", "shuffle_bytes"));
  double first_map = 1e300;
  for (int row = 1; row < push->n_rows; row++)
    if (is(push, row, "map") && test_csv_num(push, row, "end") < first_map)
      first_map = test_csv_num(push, row, "end");
  for (int p = 0; p < 4; p++) {
    double first = test_csv_num(push, reduce_row(push, p), "first_byte");
    if (!(first < first_map))
      fail_msg("reducer %d's first byte at %g s, the first map ended at %g s", p, first, first_map);
  }
  test_csv_free(pull);
  test_csv_free(push);
}

/* With slow-start 1.0 no reducer holds a slot during the maps: nothing is
 * pushed, and every byte is fetched later.  With more reducers (12) than
 * toy4's 8 reduce slots, the last reducers start after the maps ended and
 * fetch all, the others take pushes.  On hetero16 with the default
 * slow-start, reducers start once the fast nodes' maps end, and take the
 * rest of the slower maps' spills (and a speculative map runs twice): those
 * maps' first spills are fetched later.  Nothing is lost in any case. */
static void reducers_without_a_slot_fetch_later(void **state)
{
  (void)state;
  test_csv *pull = run(4, "pull", "1.0", "0.25"), *push = run(4, "push", "1.0", "0.25");
  assert_close(assert_delivered_once(pull, push, 4), 0, 0);
  test_csv_free(pull);
  test_csv_free(push);
  pull = run(12, "pull", "0", "0.25");
  push = run(12, "push", "0", "0.25");
  assert_delivered_once(pull, push, 12);
  int pushed_to = 0, fetched_all = 0;
  for (int p = 0; p < 12; p++) {
    int row = reduce_row(push, p);
    pushed_to += test_csv_num(push, row, "pushed_bytes") > 0;
    fetched_all += test_csv_num(push, row, "pushed_bytes") == 0;
  }
  assert_true(pushed_to >= 1);
  assert_true(fetched_all >= 1);
  test_csv_free(pull);
  test_csv_free(push);
  pull = run_on("hetero16", 4, "pull", "0.05", "0.25");
  push = run_on("hetero16", 4, "push", "0.05", "0.25");
  assert_delivered_once(pull, push, 4);
  int partly = 0;
  for (int row = 1; row < push->n_rows; row++)
    partly += is(push, row, "map") && test_csv_num(push, row, "pushed_bytes") > 0 &&
              test_csv_num(push, row, "pushed_bytes") < test_csv_num(push, row, "spill_bytes");
  assert_true(partly >= 1);
  test_csv_free(pull);
  test_csv_free(push);
}

/* A map attempt that pushed to a reducer and lost to its speculative twin:
 * the reducer takes no pushes of the twin while the first attempt runs,
 * does not count the first attempt's pushes (it did not succeed), and
 * fetches the whole partition from the twin's output. */
static void a_killed_map_attempts_pushes_do_not_count(void **state)
{
  (void)state;
  test_csv *pull = run_on(one_slow, 2, "pull", "0", "0.25"), *push = run_on(one_slow, 2, "push", "0", "0.25");
  assert_delivered_once(pull, push, 2);
  int killed_pushed = 0;
  for (int row = 1; row < push->n_rows; row++)
    killed_pushed += strcmp(test_csv_cell(push, row, "kind"), "map") == 0 &&
                     strcmp(test_csv_cell(push, row, "status"), "KILLED") == 0 && test_csv_num(push, row, "pushes") > 0;
  assert_true(killed_pushed >= 1);
  test_csv_free(pull);
  test_csv_free(push);
}

/* The slow node's map loses to its twin and is still reading when the job
 * ends, so no heartbeat reports it: jobs.csv counts it killed all the
 * same, as tasks.csv shows it (pull mode; nothing here is about pushes). */
static void twins_killed_after_the_job_are_counted(void **state)
{
  (void)state;
  const char *dir = test_simulate(one_slow, wordcount(2),
                                  (const char *[]){"--set", "mapreduce.job.reduce.slowstart.completedmaps=0", NULL});
  test_csv *tasks = test_csv_in(dir, "tasks.csv"), *jobs = test_csv_in(dir, "jobs.csv");
  int killed = 0, after = 0;
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "status"), "KILLED") == 0) {
      killed++;
      after += test_csv_num(tasks, row, "end") > test_csv_num(jobs, 1, "end");
    }
  assert_true(after >= 1);
  assert_int_equal((int)test_csv_num(jobs, 1, "killed_attempts"), killed);
  test_csv_free(tasks);
  test_csv_free(jobs);
}

/* A threshold of 0.1 of the sort buffer spills and pushes more often, in
 * smaller pieces, than one of 0.5; the bytes pushed are the same. */
static void a_smaller_threshold_pushes_more_smaller_pieces(void **state)
{
  (void)state;
  test_csv *small = run(4, "push", "0", "0.1"), *large = run(4, "push", "0", "0.5");
  double n_small = total(small, "map", "pushes"), n_large = total(large, "map", "pushes");
  double b_small = total(small, "map", "pushed_bytes"), b_large = total(large, "map", "pushed_bytes");
  if (!(n_small > n_large && b_small / n_small < b_large / n_large))
    fail_msg("threshold 0.1: %g pushes of %g bytes; 0.5: %g pushes of %g bytes", n_small, b_small / n_small, n_large,
             b_large / n_large);
  test_csv_free(small);
  test_csv_free(large);
}

/* A mode other than pull or push, or a threshold outside 0.01 to 1, in a
 * job's set list: one line naming the file, line and setting, status 2, no
 * run directory. */
/* The first reduce attempt's start and the pieces pushed, in a run of
 * wordcount(4) on toy4 with the settings ARGS. */
static void first_reduce(const char *const *args, double *start, long *pushes)
{
  test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), wordcount(4), args), "tasks.csv");
  *start = INFINITY;
  *pushes = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "reduce") == 0) {
      *start = fmin(*start, test_csv_num(t, row, "start"));
      *pushes += atol(test_csv_cell(t, row, "pushes"));
    }
  test_csv_free(t);
}

/* Xie's preshuffle pushes to reducers that run beside the maps: chosen
 * alone, push mode starts them at once (slow-start 0), where Hadoop's 0.05
 * would start them after this job's single wave of maps, with nothing to
 * push to; a slow-start that is set is kept. */
static void push_starts_the_reducers_with_the_maps(void **state)
{
  (void)state;
  double alone, kept;
  long pushed_alone, pushed_kept;
  first_reduce((const char *[]){"--set", "mrlab.shuffle.mode=push", NULL}, &alone, &pushed_alone);
  first_reduce((const char *[]){"--set", "mrlab.shuffle.mode=push", "--set",
                                "mapreduce.job.reduce.slowstart.completedmaps=0.05", NULL},
               &kept, &pushed_kept);
  assert_true(alone < 1);        /* the reducers' first heartbeat */
  assert_true(kept > alone + 2); /* after a map ended */
  assert_true(pushed_alone > pushed_kept);
}

static void a_bad_mode_or_threshold_is_refused(void **state)
{
  (void)state;
  static const struct {
    const char *setting, *says;
  } cases[] = {
      {"mrlab.shuffle.mode=pushy", "mrlab.shuffle.mode: expected pull or push, got \"pushy\""},
      {"mrlab.shuffle.push.threshold=0", "mrlab.shuffle.push.threshold: expected a value from 0.01 to 1, got \"0\""},
      {"mrlab.shuffle.push.threshold=1.5", "expected a value from 0.01 to 1, got \"1.5\""},
      {"mrlab.shuffle.push.threshold=half", "mrlab.shuffle.push.threshold: expected a number, got \"half\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char text[512], says[256];
    snprintf(text, sizeof text,
             "jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"1GB\";\n"
             "  set = [\"dfs.blocksize=64m\",\n"
             "         \"%s\"]; } );\n",
             cases[i].setting);
    test_write_file(dir, "w.cfg", text);
    test_run r;
    test_run_mrlab(&r, dir,
                   (const char *[]){"run", test_source_path("platforms/toy4.cfg"), "w.cfg", "-o", "out", NULL});
    snprintf(says, sizeof says, "mrlab: w.cfg:3: jobs[0].set[1]: ");
    char out[4200];
    snprintf(out, sizeof out, "%s/out", dir);
    if (r.status != 2 || strncmp(r.err, says, strlen(says)) != 0 || !strstr(r.err, cases[i].says) ||
        strchr(r.err, '\n') != r.err + strlen(r.err) - 1 || r.out[0] || access(out, F_OK) == 0)
      fail_msg("%s: status %d, stderr \"%s\"; expected status 2 and one line \"%s...%s\"", cases[i].setting, r.status,
               r.err, says, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(pushed_bytes_arrive_once_and_early),
      cmocka_unit_test(reducers_without_a_slot_fetch_later),
      cmocka_unit_test(a_killed_map_attempts_pushes_do_not_count),
      cmocka_unit_test(twins_killed_after_the_job_are_counted),
      cmocka_unit_test(a_smaller_threshold_pushes_more_smaller_pieces),
      cmocka_unit_test(push_starts_the_reducers_with_the_maps),
      cmocka_unit_test(a_bad_mode_or_threshold_is_refused),
  };
  TEST_MAIN(tests);
}
