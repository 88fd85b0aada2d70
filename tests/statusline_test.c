/* statusline_test.c - the progress line of `mrlab run` as a user meets it:
 * on a terminal (a pseudo-terminal here) it counts the jobs and tasks done
 * of the run's totals and the simulated time, no more than twice a
 * second, and at the end gives way to one line that stays: the simulated
 * time, the CPU it took, a simulated hour's, and the memory at most;
 * before MRLAB_PROGRESS_AFTER seconds, or when stderr is a pipe, nothing
 * is written; and the run directory is byte for byte the same with the
 * line as without it.  A bad MRLAB_PROGRESS_AFTER is refused in one line. */
#include "rundir.h"
#include "statusline.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* 1 GB in 128 MiB blocks: 8 maps, and 4 reduces. */
static const char small_job[] = "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                                " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4; } );\n";
/* About 1.5 s of wall time on toy4 (longer sanitized): long enough for several updates. */
static const char longer_job[] = "jobs = ( { name = \"l\"; input = \"100GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                                 " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 16; } );\n";

/* What a terminal saw of one run. */
typedef struct {
  char err[65536]; /* everything written to the terminal: stderr, stdout going to a file */
  double wall;     /* seconds */
  char work[4096]; /* the workload file */
  char out[4096];  /* the run directory */
} tty_run;

/* Writes JOB as DIR/job.cfg and runs `mrlab run toy4 DIR/job.cfg -o
 * DIR/out` with stderr on a pseudo-terminal and MRLAB_PROGRESS_AFTER=AFTER;
 * fails unless the run succeeds.  Returns what the terminal saw, for the
 * caller to free. */
static tty_run *run_on_tty(const char *dir, const char *job, const char *after)
{
  tty_run *r = malloc(sizeof *r);
  assert_non_null(r);
  snprintf(r->work, sizeof r->work, "%s", test_write_file(dir, "job.cfg", job));
  snprintf(r->out, sizeof r->out, "%s/out", dir);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  const char *args[] = {"run", test_source_path("platforms/toy4.cfg"), r->work, "-o", r->out, NULL};
  /* TERM: a terminal that moves its cursor, whatever the suite's (TERM=dumb shows no line) */
  int status = test_run_on_tty(args, "xterm", after, r->err, sizeof r->err);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  r->wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (status != 0)
    fail_msg("mrlab run on a terminal failed (status %d), the terminal saw: %.300s", status, r->err);
  return r;
}

/* The run's tasks in all, from its jobs.csv (one job). */
static int tasks_of(const char *dir)
{
  test_csv *t = test_csv_in(dir, "jobs.csv");
  int n = (int)test_csv_num(t, 1, "maps") + (int)test_csv_num(t, 1, "reduces");
  test_csv_free(t);
  return n;
}

/* Each update of the line in SEEN, checked against the run's TOTAL tasks:
 * tasks done and simulated time never go back.  Returns their number, and
 * the last update's tasks done and simulated time in *DONE and *AT. */
static int check_updates(const char *seen, int total, int *last_done, double *last_time)
{
  static const char head[] = "\r\033[Kmrlab: ";
  int updates = 0;
  *last_done = -1, *last_time = -1;
  for (const char *at = strstr(seen, head); at; at = strstr(at + 1, head)) {
    int jobs, of_jobs, done, of;
    double simulated, wall;
    if (strncmp(at + strlen(head), "simulated ", 10) == 0) /* the last line */
      continue;
    if (sscanf(at + strlen(head), "%d of %d jobs done, %d of %d tasks done, simulated %lf s in %lf s", &jobs, &of_jobs,
               &done, &of, &simulated, &wall) != 6)
      fail_msg("an update that does not read \"J of 1 jobs done, D of N tasks done, simulated T s in W s\": %.80s",
               at + strlen(head));
    assert_int_equal(of_jobs, 1);
    assert_in_range(jobs, 0, 1);
    assert_int_equal(of, total);
    assert_true(done >= *last_done && done <= total);
    assert_true(simulated >= *last_time);
    *last_done = done, *last_time = simulated;
    updates++;
  }
  return updates;
}

/* With MRLAB_PROGRESS_AFTER=0 a terminal sees the line at once, every
 * update counting the run's tasks, and at the end one line that stays, the
 * only one ended: the simulated time (the run's end, summary.json's
 * makespan), the CPU, a simulated hour's (their ratio) and the memory. */
static void a_terminal_sees_tasks_done_then_what_the_run_cost(void **state)
{
  (void)state;
  tty_run *r = run_on_tty(test_tmpdir(), small_job, "0");
  assert_int_equal(tasks_of(r->out), 12);
  int done;
  double at;
  assert_true(check_updates(r->err, 12, &done, &at) >= 1);
  const char *last = strstr(r->err, "\r\033[Kmrlab: simulated ");
  assert_non_null(last);
  double simulated, cpu, hourly, mib;
  if (sscanf(last, "\r\033[Kmrlab: simulated %lf s in %lf s of CPU (%lf s a simulated hour), %lf MiB of memory at most",
             &simulated, &cpu, &hourly, &mib) != 4)
    fail_msg("a last line that does not read as expected: %.200s", last);
  const char *json = test_read_file(r->out, "summary.json"), *span = strstr(json, "\"makespan\": ");
  assert_non_null(span);
  assert_close(simulated, atof(span + 12), 0.05);
  assert_true(cpu >= 0 && mib > 1);
  /* the line rounds the CPU to the hundredth, the simulated time to the
   * tenth and the hourly figure to the hundredth: each moves the ratio */
  double hour = cpu * 3600 / simulated;
  assert_close(hourly, hour, 0.005 * 3600 / simulated + hour * 0.05 / simulated + 0.01);
  assert_ptr_equal(strchr(r->err, '\n'), r->err + strlen(r->err) - 1);           /* one line ended, last */
  free(r);
}

/* A run of about a second and a half: several updates, at most two a
 * second, the later ones with tasks done and simulated time gone on. */
static void updates_come_at_most_twice_a_second(void **state)
{
  (void)state;
  tty_run *r = run_on_tty(test_tmpdir(), longer_job, "0");
  int done;
  double at;
  int updates = check_updates(r->err, tasks_of(r->out), &done, &at);
  if (updates < 2 || updates > 2 * r->wall + 1)
    fail_msg("%d updates in %.2f s of wall time: expected 2 or more, at most 2 a second", updates, r->wall);
  assert_true(done > 0);
  assert_true(at > 0);
  free(r);
}

/* A run shorter than MRLAB_PROGRESS_AFTER writes nothing, on a terminal too. */
static void a_short_run_writes_nothing(void **state)
{
  (void)state;
  tty_run *r = run_on_tty(test_tmpdir(), small_job, "1000");
  assert_string_equal(r->err, "");
  free(r);
}

/* Stderr on a pipe sees nothing even at MRLAB_PROGRESS_AFTER=0, and the
 * run directory is the same, byte for byte, as the one of a terminal run. */
static void a_pipe_sees_nothing_and_the_outputs_do_not_change(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char on_pipe[4096];
  snprintf(on_pipe, sizeof on_pipe, "%s/pipe", dir);
  tty_run *r = run_on_tty(dir, small_job, "0");
  const char *on_tty = r->out;
  assert_non_null(strstr(r->err, "tasks done"));
  setenv("MRLAB_PROGRESS_AFTER", "0", 1);
  test_run p;
  test_run_mrlab(&p, dir,
                 (const char *const[]){"run", test_source_path("platforms/toy4.cfg"), r->work, "-o", "pipe", NULL});
  unsetenv("MRLAB_PROGRESS_AFTER");
  assert_int_equal(p.status, 0);
  assert_string_equal(p.err, "");
  for (const char *const *f = rundir_files; *f; f++) {
    char a[4200];
    snprintf(a, sizeof a, "%s/%s", on_tty, *f);
    struct stat st;
    if (stat(a, &st) == 0 && !test_same_file(on_tty, on_pipe, *f))
      fail_msg("%s differs between the run on a terminal and the run on a pipe", *f);
  }
  free(r);
}

/* Simulated time as the line writes it: seconds under an hour, then a clock, then days counted from 1. */
static void simulated_time_reads_as_a_clock(void **state)
{
  (void)state;
  char buf[64];
  assert_string_equal(statusline_clock(612.34, buf, sizeof buf), "612.3 s");
  assert_string_equal(statusline_clock(3600, buf, sizeof buf), "1:00:00");
  assert_string_equal(statusline_clock(18753.9, buf, sizeof buf), "5:12:33");
  assert_string_equal(statusline_clock(86400 + 18753, buf, sizeof buf), "day 2 5:12:33");
}

/* MRLAB_PROGRESS_AFTER must be a number of seconds >= 0: else one line, status 2, no run directory. */
static void a_bad_threshold_is_refused(void **state)
{
  (void)state;
  const char *bad[] = {"soon", "-1", "", "3s"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const char *dir = test_tmpdir();
    const char *work = test_write_file(dir, "small.cfg", small_job);
    setenv("MRLAB_PROGRESS_AFTER", bad[i], 1);
    test_run r;
    test_run_mrlab(&r, dir, (const char *const[]){"run", test_source_path("platforms/toy4.cfg"), work, "-o", "out", NULL});
    unsetenv("MRLAB_PROGRESS_AFTER");
    char says[128];
    snprintf(says, sizeof says, "mrlab: MRLAB_PROGRESS_AFTER: expected a number of seconds >= 0, got %s\n", bad[i]);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, says);
    assert_int_equal(test_count_files(dir), 1); /* small.cfg alone: no out/ */
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_terminal_sees_tasks_done_then_what_the_run_cost),
      cmocka_unit_test(updates_come_at_most_twice_a_second),
      cmocka_unit_test(a_short_run_writes_nothing),
      cmocka_unit_test(a_pipe_sees_nothing_and_the_outputs_do_not_change),
      cmocka_unit_test(simulated_time_reads_as_a_clock),
      cmocka_unit_test(a_bad_threshold_is_refused),
  };
  TEST_MAIN(tests);
}
