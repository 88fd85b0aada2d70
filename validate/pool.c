/* pool.c - a pool of `mrlab run` processes (pool.h).  posix_spawn starts
 * each with its output in a log beside its run directory; waitpid takes
 * whichever ends first, so JOBS stay busy while simulations differ in
 * length.  The first failure stops new starts and is reported with the
 * last line of its log, which holds mrlab's one-line message.  On a
 * terminal, a line of stderr counts the runs done of the validation's
 * total as they end (the count outlives one pool_run: provisioning and
 * tuning start pools of their own after step 1). */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include "pool.h"

#include "statusline.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
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

/* One more run ended: the line rewritten in place. */
static void progress_step(void)
{
  runs_done++;
  if (runs_total > 0 && statusline_due(&line))
    statusline_print(&line, "%d of %d runs done, %.0f s", runs_done, runs_total, statusline_elapsed(&line));
}

/* Starts simulation S of the mrlab program SELF in directory BASE: 0, or -1 with errno set. */
static int sim_start(sim *s, const char *base, const char *self)
{
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addchdir_np(&fa, base);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, s->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
  char *argv[11 + 2 * POOL_MAX_SETS + POOL_MAX_CFGS] = {(char *)self, "run", s->platform, s->workload, "-o", s->dir};
  char cfgs[POOL_MAX_CFGS][sizeof s->cfgs[0] + 8], seed[16];
  int n = 6;
  if (s->seed > 0) {
    snprintf(seed, sizeof seed, "%d", s->seed);
    argv[n++] = "--seed";
    argv[n++] = seed;
  }
  for (int i = 0; i < s->n_sets; i++) {
    argv[n++] = "--set";
    argv[n++] = s->sets[i];
  }
  if (s->workers[0]) {
    argv[n++] = "--workers";
    argv[n++] = s->workers;
  }
  for (int i = 0; i < s->n_cfgs; i++) {
    snprintf(cfgs[i], sizeof cfgs[i], "--cfg=%s", s->cfgs[i]);
    argv[n++] = cfgs[i];
  }
  argv[n] = NULL;
  extern char **environ;
  int rc = posix_spawn(&s->pid, self, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  errno = rc;
  return rc ? -1 : 0;
}

int pool_run(sim *sims, int n, const char *base, int jobs, const char *self, char *err, size_t errlen)
{
  int next = 0, running = 0, failed = -1;
  while (next < n || running > 0) {
    while (running < jobs && next < n && failed < 0) {
      if (sim_start(&sims[next], base, self)) {
        snprintf(err, errlen, "%s: cannot run: %s", self, strerror(errno));
        failed = next;
        break;
      }
      next++, running++;
    }
    if (running == 0)
      break;
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid < 0)
      break;
    running--;
    progress_step();
    for (int i = 0; i < next; i++)
      if (sims[i].pid == pid) {
        sims[i].status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (sims[i].status && failed < 0) {
          failed = i;
          char line[1024] = "", last[1024] = "(no output)", path[8192];
          snprintf(path, sizeof path, "%s/%s", base, sims[i].log);
          FILE *log = fopen(path, "r");
          while (log && fgets(line, sizeof line, log))
            snprintf(last, sizeof last, "%s", line);
          if (log)
            fclose(log);
          last[strcspn(last, "\n")] = '\0';
          snprintf(err, errlen, "simulation %s failed (status %d): %s", sims[i].dir, sims[i].status, last);
        }
      }
  }
  return failed < 0 ? 0 : -1;
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
