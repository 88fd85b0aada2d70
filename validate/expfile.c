/* expfile.c - an experiment file read whole (expfile.h).  The file's
 * top-level lists are each handed to their own reader (experiment.c,
 * compare.c, progval.c, dagval.c, replayval.c) with what is left of the
 * file's bound on simulations, in this order; each reader checks its
 * entries by writing their jobs in one scratch folder and reading them as
 * `mrlab run` would.  Then the names: every entry's runs go to
 * runs/NAME, so a name is its own among all the lists. */
#include "expfile.h"

#include "alloc.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Fails on the first entry of LIST (groups named as the NAMES of A) whose
 * name is one of the N names of B, each WHAT_B; runs/ holds them all. */
static int names_clash(cfg_file *f, const config_setting_t *list, const char *const *a, int n_a, const char *const *b,
                       int n_b, const char *what_b)
{
  for (int i = 0; i < n_a; i++)
    for (int k = 0; k < n_b; k++)
      if (strcmp(a[i], b[k]) == 0)
        return cfg_fail(f, config_setting_get_member(config_setting_get_elem(list, (unsigned)i), "name"),
                        "expected a name of its own; %s %d has it", what_b, k + 1);
  return 0;
}

int expfile_read(cfg_file *f, const char *path, experiment **ex, int *n_ex, comparison **cmp, int *n_cmp, progval *ind,
                 dagval *dv, replayval *rv)
{
  char copy[4096], folder[4096], scratch[] = "/tmp/mrlab-validate-XXXXXX";
  snprintf(copy, sizeof copy, "%s", path);
  snprintf(folder, sizeof folder, "%s", dirname(copy));
  if (cfg_file_open(f, path))
    return -1;
  const config_setting_t *root = config_root_setting(&f->cfg);
  if (cfg_check_keys(
          f, root,
          (const char *const[]){"experiments", "comparisons", "progress", "workflows", "replays", "slurm", NULL}))
    return -1;
  int has_ex = config_setting_get_member(root, "experiments") != NULL;
  int has_cmp = config_setting_get_member(root, "comparisons") != NULL;
  int has_progress = config_setting_get_member(root, "progress") != NULL;
  int has_workflows = config_setting_get_member(root, "workflows") != NULL;
  int has_replays = config_setting_get_member(root, "replays") != NULL;
  config_setting_t *list = NULL, *cmps = NULL, *entries = NULL, *workflows = NULL, *replays = NULL;
  if ((has_ex || (!has_cmp && !has_progress && !has_workflows && !has_replays)) &&
      !(list = cfg_get_list(f, root, "experiments",
                            "a non-empty list of experiments ( { name = ...; platform = ...; ... } )")))
    return -1;
  if (has_cmp && !(cmps = cfg_get_list(f, root, "comparisons",
                                       "a non-empty list of comparisons ( { name = ...; platform = ...; ... } )")))
    return -1;
  if (has_progress && !(entries = cfg_get_list(f, root, "progress",
                                               "a non-empty list of progress entries ( { name = ...; platform = ...; "
                                               "... } )")))
    return -1;
  if (has_workflows &&
      !(workflows = cfg_get_list(f, root, "workflows",
                                 "a non-empty list of workflow entries ( { name = ...; platform = ...; "
                                 "workload = ...; ... } )")))
    return -1;
  if (has_replays && !(replays = cfg_get_list(f, root, "replays",
                                              "a non-empty list of replay entries ( { name = ...; platform = ...; "
                                              "histories = [...]; } )")))
    return -1;
  if (!mkdtemp(scratch)) {
    snprintf(f->err, sizeof f->err, "%s: cannot create: %s", scratch, strerror(errno));
    return -1;
  }
  int status = experiment_read(f, list, folder, scratch, ex, n_ex);
  long long total = 0;
  for (int i = 0; i < *n_ex; i++)
    total += experiment_n_sims(&(*ex)[i]);
  if (!status && cmps)
    status = compare_read(f, cmps, folder, scratch, EXPERIMENT_MAX_SIMS - total, 0, cmp, n_cmp);
  if (!status && entries)
    status = progval_read(f, entries, folder, scratch, EXPERIMENT_MAX_SIMS - total - compare_n_runs(*cmp, *n_cmp), ind);
  if (!status && workflows)
    status =
        dagval_read(f, workflows, folder, EXPERIMENT_MAX_SIMS - total - compare_n_runs(*cmp, *n_cmp) - ind->n_runs, dv);
  if (!status && replays)
    status = replayval_read(
        f, replays, folder, scratch,
        EXPERIMENT_MAX_SIMS - total - compare_n_runs(*cmp, *n_cmp) - ind->n_runs - dv->n_targets - dv->n_alone, rv);
  /* experiments, comparisons, progress, workflow and replay entries share
   * runs/: each entry's name is its own among them all */
  enum { KINDS = 5 };
  const config_setting_t *lists[KINDS] = {list, cmps, entries, workflows, replays};
  const int counts[KINDS] = {*n_ex, *n_cmp, ind->n_entries, dv->n_entries, rv->n_entries};
  static const char *const what[KINDS] = {"experiment", "comparison", "progress entry", "workflow entry",
                                          "replay entry"};
  const char **names[KINDS];
  for (int k = 0; k < KINDS; k++)
    names[k] = xcalloc((size_t)counts[k] + 1, sizeof *names[k]);
  for (int i = 0; i < *n_ex; i++)
    names[0][i] = (*ex)[i].name;
  for (int i = 0; i < *n_cmp; i++)
    names[1][i] = (*cmp)[i].name;
  for (int i = 0; i < ind->n_entries; i++)
    names[2][i] = ind->entries[i].name;
  for (int i = 0; i < dv->n_entries; i++)
    names[3][i] = dv->entries[i].name;
  for (int i = 0; i < rv->n_entries; i++)
    names[4][i] = rv->entries[i].name;
  for (int k = 1; k < KINDS && !status; k++)
    for (int before = 0; before < k && !status; before++)
      status = names_clash(f, lists[k], names[k], counts[k], names[before], counts[before], what[before]);
  for (int k = 0; k < KINDS; k++)
    free(names[k]);
  rmdir(scratch);
  return status;
}
