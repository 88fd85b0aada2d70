/* validate.c - the predicted-versus-simulated loop of the job models.
 *
 * An experiment file lists experiments; each names a platform, a job (the
 * settings of a workload job, without its name, input and reducers), a
 * history grid and a target grid of input sizes and reducer counts, as
 * Khan et al. vary them, and optionally a deadline and `tune`.  The loop:
 *   1. simulates every history point once, and every target point once
 *      with each of the seeds 1 to `seeds` (5 by default; the seed draws
 *      the HDFS placement, the heartbeats' phases and every tie, which no
 *      model sees), each run `mrlab run` in a process of its own (SimGrid's
 *      engine is one a process; processes also use every core), JOBS at a
 *      time, or as the tasks of a Slurm job array (pool/slurm.c);
 *   2. fits each model on the history and predicts each target from its
 *      configuration alone (models/predict.c);
 *   3. scores that one prediction against each seed's run of the target:
 *      the absolute percentage error of the job time and of each task
 *      statistic, whose mean over the targets (MAPE) gives Khan et al.'s
 *      accuracy, 100 - MAPE, one a seed, reported as their mean with its
 *      95% interval (stats.h);
 *   4. with a deadline, provisions each target's slots by Khan's closed
 *      form, simulates the target on the platform with those slots spread
 *      over the workers, with each seed, and counts the seeds that met the
 *      deadline;
 *   5. with `tune`, also simulates the last history point with map output
 *      compression the other way, fits MRTuner's PTC parts (models/tune.c),
 *      searches the plan grid for each target, simulates the best plan
 *      with each seed, and sets it against the default plan's run of the
 *      same seed (a paired gain with its interval and verdict);
 *   6. the leaderboard: every model's job-time accuracy on every
 *      experiment, PTC's from step 5's default-plan cost, beside the
 *      accuracy of the targets' own means over their seeds, and which
 *      models the seeds cannot tell from the best (leaderboard.c).
 * Comparisons (compare.c) and progress entries (progval.c) run their
 * variants over seeds in the same pool, after the experiments' points, and
 * so do the workflows of workflow entries (dagval.c), whose jobs then run
 * alone in a second round, as they read what the workflow runs left; the
 * round trips' recorded runs (replayval.c) run in the first round too, and
 * every replay entry's replays in a last one, once those runs are
 * exported and calibrated.  Paths in the
 * experiment file are relative to the file's folder.  Each step is a file
 * of its own: expfile.c reads the file (experiment.c its experiments)
 * and experiment.c plans runs, pool/pool.c runs them, assess.c and
 * tables.c (steps 2 and 3), provision.c (4), tuning.c (5); this file puts
 * them in order.  Everything is written into
 * DIR.partial, where a validation killed midway leaves its complete runs
 * for the next one of the same experiment to skip (pool/resume.c). */
#include "validate.h"

#include "alloc.h"
#include "assess.h"
#include "expfile.h"
#include "leaderboard.h"
#include "outfile.h"
#include "provision.h"
#include "resume.h"
#include "slurm.h"
#include "tables.h"
#include "tuning.h"

#include <stdio.h>
#include <stdlib.h>

/* What a validation directory holds: the names outdir_open may replace. */
static const char *const outputs[] = {"runs",           "predictions.csv", "provision.csv",
                                      "tune.csv",       "accuracy.csv",    "accuracy.md",
                                      "anchors.csv",    "anchors.md",      "progress.csv",
                                      "progress.md",    "leaderboard.csv", "leaderboard.md",
                                      "workflows.csv",  "workflows.md",    "variants.csv",
                                      "variants.md",    "replays.csv",     "replays.md",
                                      "roundtrips.csv", "roundtrips.md",   NULL};

/* Opens NAME.csv and NAME.md in DIR as PAIR[0] and PAIR[1], a table's
 * two files: both, or neither.  0, or -1 with ERR. */
static int pair_open(outfile pair[2], const char *dir, const char *name, char *err, size_t errlen)
{
  char csv[256], md[256];
  snprintf(csv, sizeof csv, "%s.csv", name);
  snprintf(md, sizeof md, "%s.md", name);
  if (outfile_open(&pair[0], dir, csv, err, errlen))
    return -1;
  if (outfile_open(&pair[1], dir, md, err, errlen)) {
    outfile_discard(&pair[0]);
    return -1;
  }
  return 0;
}

/* Closes the files pair_open opened, each written whole.  0, or -1 with ERR. */
static int pair_close(outfile pair[2], char *err, size_t errlen)
{
  int status = outfile_close(&pair[1], err, errlen);
  return outfile_close(&pair[0], err, errlen) || status ? -1 : 0;
}

/* The runs of experiments EX, comparisons CMP, progress entries IND,
 * workflow entries DV and replay entries RV into the new validation
 * directory D: simulations,
 * predictions, tables; D swapped in whole if all went well, kept as
 * DIR.partial for a validation to go on with otherwise.  0, or -1 with ERR. */
static int run_experiments(const experiment *ex, int n_ex, const comparison *cmp, int n_cmp, const progval *ind,
                           const dagval *dv, replayval *rv, outdir *d, const pool_config *pc, char *err, size_t errlen)
{
  const char *dir = d->tmp;
  /* step 1: every history and target point of every experiment */
  int n_sims = 0, k = 0, status = 0, any_deadline = 0;
  for (int e = 0; e < n_ex; e++) {
    n_sims += experiment_n_runs(&ex[e]);
    any_deadline |= ex[e].deadline > 0;
  }
  int n_cmp_runs = compare_n_runs(cmp, n_cmp);
  long long total = n_cmp_runs + ind->n_runs + dv->n_targets + dv->n_alone + rv->n_recorded + rv->n_runs;
  for (int e = 0; e < n_ex; e++)
    total += experiment_n_sims(&ex[e]);
  pool_progress_start((int)total); /* at most EXPERIMENT_MAX_SIMS */
  /* the first round of runs: all but the workflows' jobs alone and the replays */
  int n_first = n_sims + n_cmp_runs + ind->n_runs + dv->n_targets + rv->n_recorded;
  sim *sims = xcalloc((size_t)(n_first + dv->n_alone + rv->n_runs) + 1, sizeof *sims);
  for (int e = 0; e < n_ex && !status; e++) {
    char folder[8192];
    snprintf(folder, sizeof folder, "%s/runs/%s", dir, ex[e].name);
    status = outfile_make_dirs(folder, err, errlen);
    for (int g = 0; g < 2 && !status; g++) { /* history runs take mrlab run's seed; targets run once a seed */
      const grid *gr = g ? &ex[e].targets : &ex[e].history;
      for (int i = 0; i < gr->n_inputs && !status; i++)
        for (int r = 0; r < gr->n_reduces && !status; r++)
          for (int seed = 1; seed <= (g ? ex[e].seeds : 1) && !status; seed++, k++)
            if ((status = experiment_plan(&sims[k], &ex[e], dir, g ? "target" : "history", gr->inputs[i],
                                          gr->reduces[r], g ? seed : 0, ex[e].platform)))
              snprintf(err, errlen, "%s: cannot write", sims[k].workload);
    }
    if (ex[e].tune && !status) { /* the last history point, compression the other way */
      const grid *h = &ex[e].history;
      if ((status = experiment_plan(&sims[k], &ex[e], dir, "toggled", h->inputs[h->n_inputs - 1],
                                    h->reduces[h->n_reduces - 1], 0, ex[e].platform)))
        snprintf(err, errlen, "%s: cannot write", sims[k].workload);
      snprintf(sims[k].sets[0], sizeof sims[k].sets[0], "mapreduce.map.output.compress=%s",
               ex[e].profiled.compress ? "false" : "true");
      sims[k++].n_sets = 1;
    }
  }
  /* and every variant of every comparison and progress entry, every workflow and every round trip's
   * recorded run, after them */
  sim *ind_sims = sims + n_sims + n_cmp_runs, *dag_sims = ind_sims + ind->n_runs, *alone_sims = sims + n_first;
  sim *recorded_sims = dag_sims + dv->n_targets, *replay_sims = alone_sims + dv->n_alone;
  if (!status)
    status = compare_plan(cmp, n_cmp, dir, sims + n_sims, err, errlen);
  if (!status)
    status = compare_plan(ind->entries, ind->n_entries, dir, ind_sims, err, errlen);
  if (!status)
    status = dagval_plan_targets(dv, dir, dag_sims, err, errlen);
  if (!status)
    status = replayval_plan_recorded(rv, dir, recorded_sims, err, errlen);
  if (!status)
    status = pool_run(sims, n_first, dir, pc, err, errlen);
  /* then each job of each workflow alone, reading what it read in the workflow */
  if (!status && dv->n_alone > 0)
    status =
        dagval_plan_alone(dv, dir, alone_sims, err, errlen) || pool_run(alone_sims, dv->n_alone, dir, pc, err, errlen)
            ? -1
            : 0;
  /* then the replays, once the round trips' recorded runs are calibrated */
  if (!status && rv->n_runs > 0)
    status = replayval_calibrate(rv, recorded_sims, dir, err, errlen) ||
                     replayval_plan(rv, dir, replay_sims, err, errlen) ||
                     pool_run(replay_sims, rv->n_runs, dir, pc, err, errlen)
                 ? -1
                 : 0;
  double *q = xcalloc(((size_t)n_cmp_runs + 1) * COMPARE_N_QUANTITIES, sizeof *q);
  compare_figure *fig = xcalloc((size_t)compare_n_anchors(cmp, n_cmp) + 1, sizeof *fig);
  if (!status)
    status = compare_measure(cmp, n_cmp, sims + n_sims, dir, q, fig, err, errlen);
  progval_result *progress = xcalloc((size_t)ind->n_runs + 1, sizeof *progress);
  if (!status)
    status = progval_measure(ind, ind_sims, dir, progress, err, errlen);
  workflow_prediction *flows = xcalloc((size_t)dv->n_entries + 1, sizeof *flows);
  double *makespans = xcalloc((size_t)dv->n_targets + 1, sizeof *makespans);
  if (!status)
    status = dagval_predict(dv, dag_sims, alone_sims, dir, flows, makespans, err, errlen);
  double *replayed = xcalloc((size_t)rv->n_values + 1, sizeof *replayed);
  if (!status)
    status = replayval_measure(rv, replay_sims, dir, replayed, err, errlen);
  /* steps 2 to 4, each experiment's runs a slice of sims */
  error_acc(*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES] = xcalloc(n_ex > 0 ? (size_t)n_ex : 1, sizeof *acc);
  error_acc *ptc = xcalloc(n_ex > 0 ? (size_t)n_ex : 1, sizeof *ptc);
  error_acc *ceiling = xcalloc(n_ex > 0 ? (size_t)n_ex : 1, sizeof *ceiling);
  for (int e = 0; e < n_ex; e++) {
    for (int m = 0; m < PREDICT_N_MODELS; m++)
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++)
        assess_acc_init(&acc[e][m][q], ex[e].seeds);
    assess_acc_init(&ptc[e], ex[e].seeds);
    assess_acc_init(&ceiling[e], ex[e].seeds);
  }
  outfile out, pair[2];
  if (!status && n_ex > 0 && !(status = outfile_open(&out, dir, "predictions.csv", err, errlen))) {
    fprintf(out.f, "experiment,target,model,quantity,predicted,actual,actual_ci95_half,ape,ape_ci95_half\n");
    for (int e = 0, first = 0; e < n_ex && !status; first += experiment_n_runs(&ex[e]), e++)
      status = assess_targets(&ex[e], sims + first, dir, out.f, acc[e], &ceiling[e], err, errlen);
    status = status ? (outfile_discard(&out), status) : outfile_close(&out, err, errlen);
  }
  if (!status && any_deadline && !(status = outfile_open(&out, dir, "provision.csv", err, errlen))) {
    fprintf(out.f, "experiment,target,deadline,map_slots_exact,reduce_slots_exact,map_slots_fewest,"
                   "reduce_slots_fewest,map_slots,reduce_slots,seeds,job_time,job_time_ci95_half,seeds_met\n");
    for (int e = 0, first = 0; e < n_ex && !status; first += experiment_n_runs(&ex[e]), e++)
      if (ex[e].deadline > 0)
        status = provision_targets(&ex[e], sims + first, dir, pc, out.f, err, errlen);
    status = status ? (outfile_discard(&out), status) : outfile_close(&out, err, errlen);
  }
  int any_tune = 0;
  for (int e = 0; e < n_ex; e++)
    any_tune |= ex[e].tune;
  if (!status && any_tune && !(status = outfile_open(&out, dir, "tune.csv", err, errlen))) {
    fprintf(out.f, "experiment,target,seeds,split_mib,reducers,copiers,compress,ptc_default,ptc_best,"
                   "simulated_default,simulated_default_ci95_half,simulated_best,simulated_best_ci95_half,"
                   "simulated_gain,simulated_gain_ci95_half,verdict\n");
    for (int e = 0, first = 0; e < n_ex && !status; first += experiment_n_runs(&ex[e]), e++)
      if (ex[e].tune)
        status = tuning_targets(&ex[e], sims + first, dir, pc, out.f, &ptc[e], err, errlen);
    status = status ? (outfile_discard(&out), status) : outfile_close(&out, err, errlen);
  }
  if (!status && n_ex > 0 && !(status = pair_open(pair, dir, "accuracy", err, errlen))) {
    tables_write(ex, n_ex, acc, pair[0].f, pair[1].f);
    status = pair_close(pair, err, errlen);
  }
  if (!status && n_ex > 0 && !(status = pair_open(pair, dir, "leaderboard", err, errlen))) {
    leaderboard_write(ex, n_ex, acc, ptc, ceiling, pair[0].f, pair[1].f);
    status = pair_close(pair, err, errlen);
  }
  if (!status && n_cmp > 0)
    status = compare_write_files(cmp, n_cmp, fig, q, dir, err, errlen);
  if (!status && ind->n_entries > 0 && !(status = pair_open(pair, dir, "progress", err, errlen))) {
    progval_write(ind, progress, pair[0].f, pair[1].f);
    status = pair_close(pair, err, errlen);
  }
  if (!status && dv->n_entries > 0 && !(status = pair_open(pair, dir, "workflows", err, errlen))) {
    dagval_write(dv, flows, makespans, pair[0].f, pair[1].f);
    status = pair_close(pair, err, errlen);
  }
  int n_replays = replayval_count(rv, 0), n_roundtrips = replayval_count(rv, 1);
  if (!status && n_replays > 0 && !(status = pair_open(pair, dir, "replays", err, errlen))) {
    replayval_write(rv, replayed, pair[0].f, pair[1].f);
    status = pair_close(pair, err, errlen);
  }
  if (!status && n_roundtrips > 0 && !(status = pair_open(pair, dir, "roundtrips", err, errlen))) {
    replayval_write_roundtrips(rv, replayed, pair[0].f, pair[1].f);
    status = pair_close(pair, err, errlen);
  }
  pool_progress_end();
  /* on a failure DIR.partial stays, for the same command to go on with once the cause is fixed */
  if (!status && !(status = resume_commit(d, err, errlen))) {
    if (n_ex > 0) {
      tables_write(ex, n_ex, acc, NULL, stdout);
      printf("\n## Leaderboard: job-time accuracy\n\n");
      leaderboard_write(ex, n_ex, acc, ptc, ceiling, NULL, stdout);
    }
    if (n_cmp > 0) {
      if (n_ex > 0)
        printf("\n");
      compare_write(cmp, n_cmp, fig, NULL, stdout);
    }
    if (ind->n_entries > 0) {
      if (n_ex > 0 || n_cmp > 0)
        printf("\n");
      progval_write(ind, progress, NULL, stdout);
    }
    if (dv->n_entries > 0) {
      if (n_ex > 0 || n_cmp > 0 || ind->n_entries > 0)
        printf("\n");
      dagval_write(dv, flows, makespans, NULL, stdout);
    }
    if (n_replays > 0) {
      if (n_ex > 0 || n_cmp > 0 || ind->n_entries > 0 || dv->n_entries > 0)
        printf("\n");
      replayval_write(rv, replayed, NULL, stdout);
    }
    if (n_roundtrips > 0) {
      if (n_ex > 0 || n_cmp > 0 || ind->n_entries > 0 || dv->n_entries > 0 || n_replays > 0)
        printf("\n");
      replayval_write_roundtrips(rv, replayed, NULL, stdout);
    }
  }
  for (int i = 0; i < dv->n_entries; i++)
    workflow_prediction_free(&flows[i]);
  free(flows);
  free(makespans);
  free(replayed);
  free(progress);
  free(q);
  free(fig);
  for (int e = 0; e < n_ex; e++) {
    for (int m = 0; m < PREDICT_N_MODELS; m++)
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++)
        assess_acc_free(&acc[e][m][q]);
    assess_acc_free(&ptc[e]);
    assess_acc_free(&ceiling[e]);
  }
  free(acc);
  free(ptc);
  free(ceiling);
  free(sims);
  return status;
}

int validate_run(const char *path, const char *dir, const pool_config *options, char *err, size_t errlen)
{
  pool_config pc = *options;
  pc.resume = 1;
  cfg_file f;
  experiment *ex = NULL;
  comparison *cmp = NULL;
  progval ind = {0};
  dagval dv = {0};
  replayval rv = {0};
  outdir d;
  int n_ex = 0, n_cmp = 0, status = 2;
  if (expfile_read(&f, path, &ex, &n_ex, &cmp, &n_cmp, &ind, &dv, &rv) || slurm_read(&f, &pc)) {
    snprintf(err, errlen, "%s", f.err);
  } else if (resume_open(&d, dir, outputs, path, err, errlen)) {
    status = 2; /* -o names a file, or a folder of the user's */
  } else {
    status = run_experiments(ex, n_ex, cmp, n_cmp, &ind, &dv, &rv, &d, &pc, err, errlen) ? 1 : 0;
  }
  experiment_free_all(ex, n_ex);
  compare_free_all(cmp, n_cmp);
  progval_free(&ind);
  dagval_free(&dv);
  replayval_free(&rv);
  cfg_file_close(&f);
  return status;
}
