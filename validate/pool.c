/* pool.c - a pool of `mrlab run` processes (pool.h), and its local back
 * end.  pool_run first sets aside the simulations a killed validation left
 * complete (resume.c) and clears the others' old outputs, then hands the
 * rest to a back end: this file's, or Slurm's (slurm.c), which take the
 * same simulations and report a failure in the same words.  Locally,
 * posix_spawn starts each with its output in a log beside its run
 * directory; waitpid takes whichever ends first, so JOBS stay busy while
 * simulations differ in length.  The first failure stops new starts and is
 * reported with the last line of its log, which holds mrlab's one-line
 * message.  SIGINT, SIGTERM or SIGHUP stops new starts and is passed on
 * to the runs (stop.h); one that comes just before the wait is seen when
 * the next run ends.  On a terminal, a line of stderr counts the runs done
 * of the validation's total as they end (the count outlives one pool_run:
 * provisioning and tuning start pools of their own after step 1). */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include "pool.h"

#include "alloc.h"
#include "resume.h"
#include "slurm.h"
#include "statusline.h"
#include "stop.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The progress line (statusline.h), and the runs it counts. */
static statusline line;
static int runs_done, runs_total;

void pool_progress_start(int total)
{
  statusline_start(&line, 0, 0);
  runs_done = 0;
  runs_total = total;
}

void pool_progress_end(void)
{
  statusline_end(&line);
}

void pool_progress_step(void)
{
  runs_done++;
  if (runs_total > 0 && statusline_due(&line))
    statusline_print(&line, "%d of %d runs done, %.0f s", runs_done, runs_total, statusline_elapsed(&line));
}

void pool_command_make(pool_command *c, const sim *s, const char *self)
{
  char **argv = c->argv;
  int n = 0;
  argv[n++] = (char *)self;
  argv[n++] = "run";
  argv[n++] = "-o";
  argv[n++] = (char *)s->dir;
  if (s->seed > 0) {
    snprintf(c->seed, sizeof c->seed, "%d", s->seed);
    argv[n++] = "--seed";
    argv[n++] = c->seed;
  }
  for (int i = 0; i < s->n_sets; i++) {
    argv[n++] = "--set";
    argv[n++] = (char *)s->sets[i];
  }
  if (s->workers[0]) {
    argv[n++] = "--workers";
    argv[n++] = (char *)s->workers;
  }
  for (int i = 0; i < s->n_cfgs; i++) {
    snprintf(c->cfgs[i], sizeof c->cfgs[i], "--cfg=%s", s->cfgs[i]);
    argv[n++] = c->cfgs[i];
  }
  for (int i = 0; i < s->n_args; i++)
    argv[n++] = (char *)s->args[i];
  argv[n++] = "--"; /* the files after the options, whatever their names */
  argv[n++] = (char *)s->platform;
  argv[n++] = (char *)s->workload;
  argv[n] = NULL;
}

void pool_file_last_line(const char *path, char *last, size_t size)
{
  char line[1024];
  last[0] = '\0';
  FILE *f = fopen(path, "r");
  while (f && fgets(line, sizeof line, f))
    snprintf(last, size, "%s", line);
  if (f)
    fclose(f);
  last[strcspn(last, "\n")] = '\0';
}

void pool_last_line(const sim *s, const char *base, char *last, size_t size)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", base, s->log);
  pool_file_last_line(path, last, size);
  if (!last[0])
    snprintf(last, size, "(no output)");
}

int pool_refusal(const sim *sims, int n, const char *base, char *err, size_t errlen)
{
  for (int k = 0; k < n; k++)
    if (sims[k].status == 2) {
      char last[1024];
      pool_last_line(&sims[k], base, last, sizeof last);
      snprintf(err, errlen, "%s", strncmp(last, "mrlab: ", 7) == 0 ? last + 7 : last);
      return k;
    }
  return -1;
}

/* Starts simulation S of the mrlab program SELF in directory BASE: 0, or -1 with errno set. */
static int sim_start(sim *s, const char *base, const char *self)
{
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addchdir_np(&fa, base);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, s->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
  pool_command c;
  pool_command_make(&c, s, self);
  extern char **environ;
  int rc = posix_spawn(&s->pid, self, &fa, NULL, c.argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  errno = rc;
  return rc ? -1 : 0;
}

/* The local back end: the N simulations SIMS[TODO[i]] as children, PC->jobs at once. */
static int local_run(sim *sims, const int *todo, int n, const char *base, const pool_config *pc, char *err,
                     size_t errlen)
{
  int next = 0, running = 0, failed = -1, forwarded = 0;
  stop_guard guard;
  stop_catch(&guard);
  while (next < n || running > 0) {
    while (running < pc->jobs && next < n && failed < 0 && !stop_caught()) {
      if (sim_start(&sims[todo[next]], base, pc->self)) {
        snprintf(err, errlen, "%s: cannot run: %s", pc->self, strerror(errno));
        failed = next;
        break;
      }
      next++, running++;
    }
    if (running == 0)
      break;
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    int why = errno;
    if (stop_caught() && !forwarded) { /* the runs stop too, each removing its directory */
      for (int k = 0; k < next; k++)
        if (sims[todo[k]].pid > 0)
          kill(sims[todo[k]].pid, stop_caught());
      forwarded = 1;
    }
    if (pid < 0 && why == EINTR)
      continue;
    if (pid < 0)
      break;
    running--;
    pool_progress_step();
    for (int k = 0; k < next; k++) {
      sim *s = &sims[todo[k]];
      if (s->pid == pid) {
        s->pid = 0; /* ended: no signal for it */
        s->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (s->status && failed < 0) {
          failed = k;
          char last[1024];
          pool_last_line(s, base, last, sizeof last);
          snprintf(err, errlen, "simulation %s failed (status %d): %s", s->dir, s->status, last);
        }
      }
    }
  }
  stop_release(&guard);
  return failed < 0 ? 0 : -1;
}

int pool_run(sim *sims, int n, const char *base, const pool_config *pc, char *err, size_t errlen)
{
  int *todo = xcalloc((size_t)n + 1, sizeof *todo), n_todo = 0, status = 0;
  resume_program program = {0};
  if (pc->resume)
    status = resume_program_read(&program, pc->self, err, errlen);
  for (int i = 0; i < n && !status; i++) {
    sims[i].status = 0;
    if (pc->resume && resume_done(&sims[i], base, &program)) {
      pool_progress_step();
      continue;
    }
    /* an older run of it, or one a kill cut short, must not pass for this one's */
    status = resume_start(&sims[i], base, pc->resume ? &program : NULL, err, errlen);
    todo[n_todo++] = i;
  }
  if (!status && n_todo > 0)
    status = pc->slurm ? slurm_run(sims, todo, n_todo, base, pc, err, errlen)
                       : local_run(sims, todo, n_todo, base, pc, err, errlen);
  free(todo);
  return status ? -1 : 0;
}

int pool_read_profiles(const sim *sims, int n, const char *base, job_profile *p, char *err, size_t errlen)
{
  for (int i = 0; i < n; i++) {
    char dir[8192];
    snprintf(dir, sizeof dir, "%s/%s", base, sims[i].dir);
    if (profile_read(dir, NULL, &p[i], err, errlen))
      return -1;
  }
  return 0;
}
