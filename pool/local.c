/* local.c - the pool's local back end (local.h).  posix_spawn starts each
 * simulation with its output in a log beside its run directory; waitpid
 * takes whichever ends first, so JOBS stay busy while simulations differ
 * in length.  The first failure stops new starts and is reported with the
 * last line of its log, which holds mrlab's one-line message.  SIGINT,
 * SIGTERM or SIGHUP stops new starts and is passed on to the runs
 * (stop.h); one that comes just before the wait is seen when the next run
 * ends. */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include "local.h"

#include "stop.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

int local_run(sim *sims, const int *todo, int n, const char *base, const pool_config *pc, char *err, size_t errlen)
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
