/* rundir_test.c - a run directory as a user meets it: replaced whole or
 * left as it was (after an interrupt, a refused option, a folder that is
 * not a run's), Ctrl-C, SIGTERM and SIGHUP as one line, the user's umask, SimGrid's options refused
 * in one line and recorded in summary.json, and the column names that
 * every reader shares. */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include "rundir.h"
#include "test.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char small_job[] = "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                                " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4; } );\n";
/* About 5 s of wall time on toy4, where the small one takes a tenth of a second. */
static const char big_job[] = "jobs = ( { name = \"big\"; input = \"100GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                              " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 16; } );\n";

/* Whether DIR holds an entry whose name starts with PREFIX. */
static int has_entry(const char *dir, const char *prefix)
{
  DIR *d = opendir(dir);
  assert_non_null(d);
  int found = 0;
  for (struct dirent *e; !found && (e = readdir(d));)
    found = strncmp(e->d_name, prefix, strlen(prefix)) == 0;
  closedir(d);
  return found;
}

/* An earlier run of the small job in a fresh directory; its path is DIR/out (static buffer). */
static const char *earlier_run(void)
{
  return test_simulate(test_source_path("platforms/toy4.cfg"), small_job, NULL);
}

/* Starts `mrlab run toy4 big.cfg -o OUT` in DIR, its stderr into DIR/stderr; sends SIG once the run
 * has begun (its temporary directory is there); returns the exit status. */
static int interrupt_run(const char *dir, const char *out, int sig)
{
  char work[4096], err_path[4096];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "big.cfg", big_job));
  snprintf(err_path, sizeof err_path, "%s/stderr", dir);
  const char *argv[] = {MRLAB_BIN, "run", test_source_path("platforms/toy4.cfg"), work, "-o", out, NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  pid_t pid;
  assert_int_equal(posix_spawn(&pid, MRLAB_BIN, &fa, NULL, (char *const *)argv, environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  const char *base = strrchr(out, '/') + 1;
  char prefix[256];
  snprintf(prefix, sizeof prefix, "%s.tmp-", base);
  struct timespec tick = {0, 10000000};
  for (int i = 0; i < 3000 && !has_entry(dir, prefix); i++) /* up to 30 s on a loaded machine */
    nanosleep(&tick, NULL);
  assert_true(has_entry(dir, prefix));
  struct timespec settle = {0, 300000000}; /* well inside the simulation */
  nanosleep(&settle, NULL);
  kill(pid, sig);
  int ws;
  assert_int_equal(waitpid(pid, &ws, 0), pid);
  return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

static void an_interrupted_run_leaves_the_old_directory(void **state)
{
  (void)state;
  char out[4096], dir[4096], old_tasks[1 << 16], line[4200];
  snprintf(out, sizeof out, "%s", earlier_run());
  snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(out, '/') - out), out);
  snprintf(old_tasks, sizeof old_tasks, "%s", test_read_file(out, "tasks.csv"));
  assert_true(strlen(old_tasks) > 100);
  int files = test_count_files(dir);
  assert_int_equal(interrupt_run(dir, out, SIGINT), 130);
  snprintf(line, sizeof line, "mrlab: interrupted; %s left as it was\n", out);
  assert_string_equal(test_read_file(dir, "stderr"), line); /* one line, not SimGrid's state */
  assert_string_equal(test_read_file(out, "tasks.csv"), old_tasks);
  assert_int_equal(test_count_files(out), 8);
  assert_false(has_entry(dir, "out.tmp-"));
  assert_int_equal(test_count_files(dir), files + 2); /* big.cfg and stderr, nothing else */
}

static void sigterm_and_sighup_are_interruptions_too(void **state)
{
  (void)state;
  const int sigs[] = {SIGTERM, SIGHUP}; /* SIGHUP: the terminal closed */
  for (int i = 0; i < 2; i++) {
    const char *dir = test_tmpdir();
    char out[4096];
    snprintf(out, sizeof out, "%s/new", dir);
    assert_int_equal(interrupt_run(dir, out, sigs[i]), 128 + sigs[i]);
    assert_non_null(strstr(test_read_file(dir, "stderr"), "mrlab: interrupted; "));
    assert_int_equal(test_count_files(dir), 2); /* no run directory, no temporary */
  }
}

/* A run directory's mode is the user's umask's, as mkdir's would be (not mkdtemp's 0700). */
static void a_run_directory_follows_the_umask(void **state)
{
  (void)state;
  const mode_t masks[] = {022, 027};
  for (int i = 0; i < 2; i++) {
    mode_t was = umask(masks[i]);
    const char *out = earlier_run();
    umask(was);
    struct stat st;
    assert_int_equal(stat(out, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0777 & ~masks[i]);
  }
}

static void a_new_run_replaces_every_file_of_the_old(void **state)
{
  (void)state;
  const char *out = earlier_run();
  test_write_file(out, ".jobs.csv.tmp", "half a file from an interrupted older mrlab\n");
  test_write_file(out, "groups.csv", "stale\n");
  char dir[4096], work[4096];
  snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(out, '/') - out), out);
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w2.cfg", small_job));
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"run", test_source_path("platforms/toy4.cfg"), work, "-o", out, NULL});
  assert_int_equal(r.status, 0);
  assert_int_equal(test_count_files(out), 8);
  assert_false(has_entry(out, ".jobs.csv.tmp"));
  assert_true(strncmp(test_read_file(out, "groups.csv"), "job,", 4) == 0);
}

static void a_folder_that_is_not_a_run_is_not_replaced(void **state)
{
  (void)state;
  char work[4096];
  snprintf(work, sizeof work, "%s", test_write_file(test_tmpdir(), "w.cfg", small_job));
  const char *dir = test_tmpdir();
  test_write_file(dir, "notes.txt", "mine\n");
  test_run r;
  test_run_mrlab(&r, NULL, (const char *const[]){"run", test_source_path("platforms/toy4.cfg"), work, "-o", dir, NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "notes.txt"));
  assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
  assert_int_equal(test_count_files(dir), 1);
  assert_string_equal(test_read_file(dir, "notes.txt"), "mine\n");
}

/* Runs `mrlab ARGS...` on the small job (ARGS[0] the command) with OPTION, and checks the refusal. */
static void check_refused(const char *command, const char *option, const char *reason)
{
  const char *dir = test_tmpdir();
  const char *work = test_write_file(dir, "w.cfg", small_job);
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  test_run r;
  if (strcmp(command, "run") == 0)
    test_run_mrlab(&r, dir, (const char *const[]){"run", toy4, work, "-o", "out", option, NULL});
  else
    test_run_mrlab(&r, dir, (const char *const[]){"platform", toy4, option, NULL});
  assert_int_equal(r.status, 2);
  char start[256];
  snprintf(start, sizeof start, "mrlab: %s: ", option);
  if (strncmp(r.err, start, strlen(start)) != 0 || !strstr(r.err, reason) ||
      strchr(r.err, '\n') != strrchr(r.err, '\n'))
    fail_msg("expected one line naming %s and saying \"%s\", got: %s", option, reason, r.err);
  assert_string_equal(r.out, "");
  assert_int_equal(test_count_files(dir), 1); /* w.cfg alone: no run directory, no temporary */
}

static void a_bad_simgrid_option_is_one_line(void **state)
{
  (void)state;
  check_refused("run", "--cfg=network/optim:Bogus", "Valid models are: Lazy, TI, Full");
  check_refused("run", "--cfg=no/such-key:1", "Bad config key: no/such-key");
  check_refused("run", "--cfg=network/crosstraffic:maybe", "not a boolean");
  check_refused("run", "--log=root.thres:loud", "Unknown priority name: loud");
  check_refused("run", "--log=nonsense", "Invalid control string");
  check_refused("run", "--cfg=contexts/factory:foo", "Valid factories on this machine: raw, ");
  check_refused("platform", "--cfg=network/model:Foo", "Valid models are: LV08");
}

static void summary_records_simgrid_options(void **state)
{
  (void)state;
  const char *out =
      test_simulate(test_source_path("platforms/toy4.cfg"), small_job,
                    (const char *const[]){"--cfg=network/crosstraffic:0", "--log=root.thres:error", NULL});
  assert_non_null(strstr(test_read_file(out, "summary.json"),
                         "\"simgrid_options\": [\"--cfg=network/crosstraffic:0\", \"--log=root.thres:error\"]"));
}

static void every_file_has_the_shared_column_names(void **state)
{
  (void)state;
  const char *out = earlier_run();
  const char *const *cols[] = {rundir_tasks_columns, rundir_jobs_columns, rundir_groups_columns,
                               rundir_utilisation_columns};
  const int n[] = {TASKS_N_COLUMNS, JOBS_N_COLUMNS, GROUPS_N_COLUMNS, UTIL_N_COLUMNS};
  const char *files[] = {RUNDIR_TASKS, RUNDIR_JOBS, RUNDIR_GROUPS, RUNDIR_UTILISATION};
  for (int f = 0; f < 4; f++) {
    char expected[4096] = "";
    for (int k = 0; k < n[f]; k++)
      snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s%s", k ? "," : "", cols[f][k]);
    const char *text = test_read_file(out, files[f]);
    if (strncmp(text, expected, strlen(expected)) != 0 || !strchr(",\n", text[strlen(expected)]))
      fail_msg("%s: expected its header to start %s, got %.200s", files[f], expected, text);
  }
  assert_string_equal(rundir_tasks_columns[TASKS_SORT_END], "sort_end");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(an_interrupted_run_leaves_the_old_directory),
      cmocka_unit_test(sigterm_and_sighup_are_interruptions_too),
      cmocka_unit_test(a_run_directory_follows_the_umask),
      cmocka_unit_test(a_new_run_replaces_every_file_of_the_old),
      cmocka_unit_test(a_folder_that_is_not_a_run_is_not_replaced),
      cmocka_unit_test(a_bad_simgrid_option_is_one_line),
      cmocka_unit_test(summary_records_simgrid_options),
      cmocka_unit_test(every_file_has_the_shared_column_names),
  };
  TEST_MAIN(tests);
}
