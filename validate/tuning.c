/* tuning.c - MRTuner's plans simulated (tuning.h).  The plan grid sits
 * around the job's own plan: splits of 1/2 to 4 blocks, 1/2 to 3 waves of
 * reducers, 1 to 20 copiers, compression off and on.  Whether the best
 * plan pays off is a paired comparison: each seed's run of it against the
 * same seed's run of the default plan, their relative difference
 * summarised over the seeds (stats.h). */
#include "tuning.h"

#include "alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tuning_targets(const experiment *e, const sim *sims, const char *base, const pool_config *pc, FILE *out,
                   error_acc *ptc, char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets), n = experiment_n_runs(e), seeds = e->seeds;
  job_profile *p = xcalloc((size_t)n, sizeof *p);
  sim *runs = xcalloc((size_t)nt * (size_t)seeds, sizeof *runs);
  tune_plan *best = xmalloc((size_t)nt * sizeof *best);
  double *cost = xmalloc((size_t)nt * 2 * sizeof *cost);
  tune_catalog c;
  int status = pool_read_profiles(sims, n, base, p, err, errlen) || /* the toggled run last */
               tune_catalog_fit(p, nh, &p[n - 1], &e->profiled, e->nic, e->lrw_rate, e->startup, &c, err, errlen);
  /* the grid: splits around the block, reducers around a wave of slots, copiers around Hadoop's 5 */
  double b = e->profiled.split, splits[] = {b / 2, b, 2 * b, 4 * b};
  int rs = c.reduce_slots, reduces[] = {rs / 2 > 0 ? rs / 2 : 1, rs, rs + rs / 2, 2 * rs, 3 * rs};
  int copiers[] = {1, 2, 5, 10, 20};
  tune_grid g = {splits, 4, reduces, 5, copiers, 5};
  for (int t = 0; t < nt && !status; t++) {
    const job_profile *target = &p[experiment_target_run(e, t, 1)];
    tune_plan mine = e->profiled;
    mine.reduces = target->n_reduces;
    cost[2 * t] = tune_cost(&c, target->input_bytes, &mine, NULL);
    cost[2 * t + 1] = tune_search(&c, target->input_bytes, &g, &best[t]);
    const char *input = e->targets.inputs[t / e->targets.n_reduces];
    for (int k = 0; k < seeds && !status; k++) {
      sim *r = &runs[t * seeds + k];
      char path[8192]; /* named after the target's reducers, run with the plan's */
      if (experiment_plan(r, e, base, "tuned", input, target->n_reduces, k + 1, e->platform) ||
          snprintf(path, sizeof path, "%s/%s", base, r->workload) < 0 ||
          experiment_write_workload(e, input, best[t].reduces, path)) {
        snprintf(err, errlen, "%s: cannot write", path);
        status = -1;
      }
      snprintf(r->sets[0], sizeof r->sets[0], "dfs.blocksize=%.0f", best[t].split);
      snprintf(r->sets[1], sizeof r->sets[1], "mapreduce.reduce.shuffle.parallelcopies=%d", best[t].copiers);
      snprintf(r->sets[2], sizeof r->sets[2], "mapreduce.map.output.compress=%s", best[t].compress ? "true" : "false");
      r->n_sets = 3;
    }
  }
  int n_runs = nt * seeds;
  job_profile *got = xcalloc((size_t)n_runs, sizeof *got);
  if (!status)
    status = pool_run(runs, n_runs, base, pc, err, errlen) || pool_read_profiles(runs, n_runs, base, got, err, errlen);
  double *mine = xmalloc((size_t)seeds * sizeof *mine), *tuned = xmalloc((size_t)seeds * sizeof *tuned),
         *ape = xmalloc((size_t)seeds * sizeof *ape), *gain = xmalloc((size_t)seeds * sizeof *gain);
  for (int t = 0; t < nt && !status; t++) {
    int first = experiment_target_run(e, t, 1);
    for (int k = 0; k < seeds; k++) { /* the default plan's run of seed k is the target's own */
      mine[k] = p[first + k].time;
      tuned[k] = got[t * seeds + k].time;
      ape[k] = 100 * fabs(cost[2 * t] - mine[k]) / mine[k];
      gain[k] = 100 * (mine[k] - tuned[k]) / mine[k];
    }
    assess_acc_add(ptc, ape);
    stats_summary s_mine, s_tuned, s_gain, slower;
    stats_summarise(mine, seeds, &s_mine);
    stats_summarise(tuned, seeds, &s_tuned);
    stats_summarise(gain, seeds, &s_gain);
    slower = s_gain; /* the best plan's time over the default's, less is better */
    slower.mean = -s_gain.mean;
    char verdict[64];
    fprintf(out, "%s,%s,%d,%.0f,%d,%d,%s,%.3f,%.3f,", e->name, strrchr(sims[first].dir, '/') + 1, seeds,
            best[t].split / 1048576, best[t].reduces, best[t].copiers, best[t].compress ? "true" : "false", cost[2 * t],
            cost[2 * t + 1]);
    stats_csv(out, &s_mine, 3);
    fputc(',', out);
    stats_csv(out, &s_tuned, 3);
    fputc(',', out);
    stats_csv(out, &s_gain, 3);
    fprintf(out, ",%s\n", stats_verdict_text(stats_judge(&slower), seeds, verdict, sizeof verdict));
  }
  free(gain);
  free(ape);
  free(tuned);
  free(mine);
  profile_free(got, n_runs);
  free(got);
  free(cost);
  free(best);
  free(runs);
  profile_free(p, n);
  free(p);
  return status;
}
