/* provision.c - provisioned slots put to the test (provision.h).  The
 * model gives whole slots for the whole cluster (the fewest in all that
 * meet the deadline); a platform file has slots a node, so they are
 * rounded up to a multiple of the workers, written into a copy of the
 * platform, and the target simulated on it with each of its seeds: a
 * deadline is met run by run, so the table says in how many. */
#include "provision.h"

#include "alloc.h"
#include "predict.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

/* Writes platform E's copy with MAP and REDUCE slots a worker into PATH. */
static int write_platform(const experiment *e, int map, int reduce, const char *path)
{
  cfg_file f;
  config_t *c = &f.cfg;
  int ok = cfg_file_open(&f, e->platform) == 0;
  config_setting_t *classes = ok ? config_lookup(c, "node_classes") : NULL;
  for (int i = 0; classes && i < config_setting_length(classes); i++) {
    config_setting_t *slots = config_setting_get_member(config_setting_get_elem(classes, (unsigned)i), "slots");
    config_setting_t *m = slots ? config_setting_get_member(slots, "map") : NULL;
    config_setting_t *r = slots ? config_setting_get_member(slots, "reduce") : NULL;
    if (m && r) {
      config_setting_set_int(m, map);
      config_setting_set_int(r, reduce);
    }
  }
  ok = ok && config_write_file(c, path) == CONFIG_TRUE;
  cfg_file_close(&f);
  return ok ? 0 : -1;
}

int provision_targets(const experiment *e, const sim *sims, const char *base, const pool_config *pc, FILE *prov,
                      char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets), n_runs = experiment_n_runs(e), seeds = e->seeds;
  job_profile *p = xcalloc((size_t)n_runs, sizeof *p);
  sim *runs = xcalloc((size_t)nt * (size_t)seeds, sizeof *runs);
  double *m = xmalloc((size_t)nt * sizeof *m), *n = xmalloc((size_t)nt * sizeof *n);
  int *mw = xmalloc((size_t)nt * sizeof *mw), *nw = xmalloc((size_t)nt * sizeof *nw);
  int status = pool_read_profiles(sims, n_runs, base, p, err, errlen);
  for (int t = 0; t < nt && !status; t++) {
    status = predict_provision(p, nh, &p[experiment_target_run(e, t, 1)], e->deadline, &m[t], &n[t], &mw[t], &nw[t],
                               err, errlen);
    int per_map = (mw[t] + e->n_workers - 1) / e->n_workers, per_reduce = (nw[t] + e->n_workers - 1) / e->n_workers;
    char platform[4096], path[8192]; /* relative to BASE, where the run starts, and from here */
    snprintf(platform, sizeof platform, "runs/%s/provisioned-%d-%d.cfg", e->name, per_map, per_reduce);
    snprintf(path, sizeof path, "%s/%s", base, platform);
    int bad = status ? 0 : write_platform(e, per_map, per_reduce, path);
    for (int k = 0; k < seeds && !status && !bad; k++) /* one run a seed, as the target's */
      bad = experiment_plan(&runs[t * seeds + k], e, base, "provisioned", e->targets.inputs[t / e->targets.n_reduces],
                            e->targets.reduces[t % e->targets.n_reduces], k + 1, platform);
    if (bad) {
      snprintf(err, errlen, "%s: cannot write the provisioned run's files", path);
      status = -1;
    }
  }
  int n_prov = nt * seeds;
  job_profile *got = xcalloc((size_t)n_prov, sizeof *got);
  if (!status)
    status = pool_run(runs, n_prov, base, pc, err, errlen) || pool_read_profiles(runs, n_prov, base, got, err, errlen);
  double *time = xmalloc((size_t)seeds * sizeof *time);
  for (int t = 0; t < nt && !status; t++) {
    const job_profile *run = &got[t * seeds];
    int met = 0;
    for (int k = 0; k < seeds; k++)
      met += (time[k] = run[k].time) <= e->deadline;
    stats_summary s;
    stats_summarise(time, seeds, &s);
    fprintf(prov, "%s,%s,%.3f,%.3f,%.3f,%d,%d,%d,%d,%d,", e->name,
            strrchr(sims[experiment_target_run(e, t, 1)].dir, '/') + 1, e->deadline, m[t], n[t], mw[t], nw[t],
            run[0].map_slots, run[0].reduce_slots, seeds);
    stats_csv(prov, &s, 3);
    fprintf(prov, ",%d\n", met);
  }
  free(time);
  profile_free(got, n_prov);
  free(got);
  free(nw);
  free(mw);
  free(n);
  free(m);
  free(runs);
  profile_free(p, n_runs);
  free(p);
  return status;
}
