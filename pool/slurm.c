/* slurm.c - the Slurm back end of the pool (slurm.h).
 *
 * The simulations to run become one line each of a file of shell command
 * lines, every argument single-quoted: `cd BASE && exec mrlab run ... >LOG
 * 2>&1`, the same command and log the local back end spawns.  A job script
 * picks its task's line by SLURM_ARRAY_TASK_ID and evaluates it, so one
 * script serves every array and the command lines can be read by a person.
 * `sbatch --wait` blocks until the array ends (no polling, no accounting
 * database needed); its exit status is the highest of the tasks', so each
 * simulation is judged by what it left: its run directory, which mrlab run
 * swaps in whole only when it succeeded.  Slurm's own output for each task
 * (a task that could not start, a node that died) goes to
 * .resume/slurm/JOB_TASK.out, which is removed with .resume/ once the
 * validation succeeds.  Slurm does not cancel an array whose sbatch --wait
 * is interrupted, so SIGINT, SIGTERM or SIGHUP during the wait cancels it
 * (scancel) before mrlab dies of the signal: the tasks of a killed
 * validation do not run on beside the next one. */
#define _GNU_SOURCE
#include "slurm.h"

#include "outfile.h"
#include "stop.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Writes S to F single-quoted for the shell. */
static void quote(FILE *f, const char *s)
{
  fputc('\'', f);
  for (; *s; s++)
    if (*s == '\'')
      fputs("'\\''", f);
    else
      fputc(*s, f);
  fputc('\'', f);
}

/* Writes FOLDER/commands (one line a simulation SIMS[TODO[i]], run in WHERE) and FOLDER/job.sh.  0, or -1 with ERR. */
static int write_files(const sim *sims, const int *todo, int n, const char *where, const char *folder, const char *self,
                       char *err, size_t errlen)
{
  outfile o;
  if (outfile_make_dirs(folder, err, errlen) || outfile_open(&o, folder, "commands", err, errlen))
    return -1;
  for (int k = 0; k < n; k++) {
    pool_command c;
    pool_command_make(&c, &sims[todo[k]], self);
    fputs("cd ", o.f);
    quote(o.f, where);
    fputs(" && exec", o.f);
    for (char **a = c.argv; *a; a++) {
      fputc(' ', o.f);
      quote(o.f, *a);
    }
    fputs(" >", o.f);
    quote(o.f, sims[todo[k]].log);
    fputs(" 2>&1\n", o.f);
  }
  if (outfile_close(&o, err, errlen) || outfile_open(&o, folder, "job.sh", err, errlen))
    return -1;
  fputs("#!/bin/sh\n"
        "# mrlab validate --slurm: array task i runs line $1 + i + 1 of the file of command lines\n"
        "eval \"$(sed -n \"$(($1 + SLURM_ARRAY_TASK_ID + 1))p\" ",
        o.f);
  char commands[PATH_MAX + 64];
  snprintf(commands, sizeof commands, "%s/commands", folder);
  quote(o.f, commands);
  fputs(")\"\n", o.f);
  return outfile_close(&o, err, errlen);
}

/* Cancels the array that sbatch PID submits or waits for (its job id
 * is the first line of file OUT, once submitted) and ends PID. */
static void cancel(pid_t pid, const char *out)
{
  char job[64] = "";
  int ended = 0;
  for (int i = 0; i < 50; i++) { /* the id, unless sbatch ends without one */
    pool_file_last_line(out, job, sizeof job);
    job[strcspn(job, ";")] = '\0';
    if (job[0] || (ended = waitpid(pid, NULL, WNOHANG) != 0))
      break;
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  if (job[0]) {
    char *argv[] = {"scancel", job, NULL};
    extern char **environ;
    pid_t s;
    if (posix_spawnp(&s, "scancel", NULL, NULL, argv, environ) == 0)
      waitpid(s, NULL, 0);
  }
  if (!ended) {
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
  }
}

/* Submits the array of M tasks, lines FIRST + 1 to FIRST + M of FOLDER/commands, and waits for it to end.
 * Its job id into JOB.  0, or -1 with ERR if it could not be submitted. */
static int submit(const char *folder, int first, int m, const pool_config *pc, char *job, size_t n_job, char *err,
                  size_t errlen)
{
  char array[64], output[PATH_MAX + 64], partition[1024], script[PATH_MAX + 64], offset[16], out[PATH_MAX + 64],
      errs[PATH_MAX + 64];
  snprintf(array, sizeof array, "--array=0-%d", m - 1);
  if (pc->array_size > 0)
    snprintf(array + strlen(array), sizeof array - strlen(array), "%%%d", pc->array_size);
  snprintf(output, sizeof output, "--output=%s/%%A_%%a.out", folder);
  snprintf(partition, sizeof partition, "--partition=%s", pc->partition ? pc->partition : "");
  snprintf(script, sizeof script, "%s/job.sh", folder);
  snprintf(offset, sizeof offset, "%d", first);
  snprintf(out, sizeof out, "%s/sbatch.out", folder);
  snprintf(errs, sizeof errs, "%s/sbatch.err", folder);
  char *argv[] = {"sbatch", "--parsable", "--wait", "--job-name=mrlab", array, output, partition, script, offset, NULL};
  if (!pc->partition) /* the cluster's default partition */
    memmove(&argv[6], &argv[7], 3 * sizeof *argv);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, errs, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  stop_guard guard;
  stop_catch(&guard);
  extern char **environ;
  pid_t pid;
  int rc = posix_spawnp(&pid, "sbatch", &fa, NULL, argv, environ), st = 0;
  posix_spawn_file_actions_destroy(&fa);
  while (!rc && waitpid(pid, &st, WNOHANG) == 0) /* a signal cannot slip in before a blocking wait */
    if (stop_caught())
      cancel(pid, out);
    else
      nanosleep(&(struct timespec){0, 100000000}, NULL);
  stop_release(&guard); /* dies of a signal caught */
  if (rc) {
    snprintf(err, errlen, "sbatch: cannot run: %s (--slurm needs Slurm's commands on the PATH)", strerror(rc));
    return -1;
  }
  pool_file_last_line(out, job, n_job); /* "JOBID" or "JOBID;CLUSTER" */
  job[strcspn(job, ";")] = '\0';
  if (job[0] && strspn(job, "0123456789") == strlen(job))
    return 0;
  char why[1024];
  pool_file_last_line(errs, why, sizeof why);
  snprintf(err, errlen, "sbatch: cannot submit the simulations: %s", why[0] ? why : "no job id and no message");
  return -1;
}

int slurm_run(sim *sims, const int *todo, int n, const char *base, const pool_config *pc, char *err, size_t errlen)
{
  char where[PATH_MAX], folder[PATH_MAX + 16];
  if (!realpath(base, where)) {
    snprintf(err, errlen, "%s: cannot resolve: %s", base, strerror(errno));
    return -1;
  }
  snprintf(folder, sizeof folder, "%s/.resume/slurm", where);
  if (write_files(sims, todo, n, where, folder, pc->self, err, errlen))
    return -1;
  int failed = 0;
  for (int first = 0; first < n && !failed; first += SLURM_MAX_ARRAY) {
    int m = n - first < SLURM_MAX_ARRAY ? n - first : SLURM_MAX_ARRAY;
    char job[64];
    if (submit(folder, first, m, pc, job, sizeof job, err, errlen))
      return -1;
    for (int k = first; k < first + m; k++) {
      sim *s = &sims[todo[k]];
      char path[PATH_MAX + 4096];
      snprintf(path, sizeof path, "%s/%s", where, s->dir);
      struct stat st;
      s->status = stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : 1;
      pool_progress_step();
      if (s->status && !failed++) {
        char last[1024];
        pool_last_line(s, where, last, sizeof last);
        snprintf(err, errlen, "simulation %s failed on Slurm (job %s, array task %d); its output is in %s/%s: %s",
                 s->dir, job, k - first, where, s->log, last);
      }
    }
  }
  return failed ? -1 : 0;
}

int slurm_read(cfg_file *f, pool_config *pc)
{
  const config_setting_t *root = config_root_setting(&f->cfg);
  if (!config_setting_get_member(root, "slurm")) {
    pc->slurm = pc->slurm < 0 ? 0 : pc->slurm;
    return 0;
  }
  config_setting_t *g = cfg_get_group(f, root, "slurm", (const char *const[]){"partition", "array_size", NULL},
                                      "a group { partition = \"debug\"; array_size = 16; } (both optional)");
  if (!g)
    return -1;
  if (!config_setting_is_group(g))
    return cfg_fail(f, g, "expected a group { partition = \"debug\"; array_size = 16; } (both optional)");
  const char *partition = NULL;
  int size = 0;
  const cfg_bound tasks = {1, 1000000, "array tasks running at once"};
  if (cfg_get_string(f, g, "partition", 0, &partition) < 0 ||
      cfg_get_bounded_int(f, g, "array_size", 0, &tasks, &size) < 0)
    return -1;
  if (partition && (!partition[0] || strcspn(partition, " \t\n'\"\\") != strlen(partition)))
    return cfg_fail(f, config_setting_get_member(g, "partition"),
                    "expected the name of a Slurm partition, without spaces or quotes, got \"%s\"", partition);
  if (pc->slurm < 0)
    pc->slurm = 1;
  if (!pc->partition)
    pc->partition = partition;
  if (pc->array_size == 0)
    pc->array_size = size;
  return 0;
}
