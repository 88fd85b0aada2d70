/* pool.c - a pool of `mrlab run` processes (pool.h).  pool_run first sets
 * aside the simulations a killed validation left complete (resume.c) and
 * clears the others' old outputs, then hands the rest to a back end: the
 * local one (local.c) or Slurm's (slurm.c), which take the same
 * simulations and report a failure in the same words. */
#include "pool.h"

#include "alloc.h"
#include "local.h"
#include "resume.h"
#include "slurm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
