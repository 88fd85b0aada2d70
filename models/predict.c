/* predict.c - the models put to work on a history of runs.
 *
 * A history is the profiles of earlier runs of one application on one
 * cluster, at several input sizes and reducer counts, as Khan et al. train
 * on.  The target is a run of the same application with another size or
 * reducer count: only its configuration goes into the prediction, so that
 * its own measured times stay ground truth.  The features are (map output
 * bytes, reducers), each divided by its standard deviation over the history
 * (raw bytes would swamp the distance); the LWLR bandwidth is chosen by
 * leave-one-out error among a fixed grid of multiples of that scale. */
#include "predict.h"

#include "alloc.h"
#include "boe.h"
#include "lwlr.h"
#include "waves.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[PREDICT_N_MODELS] = {"khan", "aria", "boe", "mrlab"};

const char *predict_model_name(predict_model m)
{
  return names[m];
}

int predict_model_find(const char *name, predict_model *m)
{
  for (int k = 0; k < PREDICT_N_MODELS; k++)
    if (strcmp(name, names[k]) == 0) {
      *m = (predict_model)k;
      return 0;
    }
  return -1;
}

/* The history's mean map selectivity, and the target's expected map output. */
static double target_map_output(const job_profile *history, int n, const job_profile *target)
{
  double sel = 0;
  for (int i = 0; i < n; i++)
    sel += history[i].map_output_bytes / history[i].input_bytes / n;
  return target->input_bytes * sel;
}

/* Whether history run H measured later shuffle waves. */
static int has_wave2(const job_profile *h)
{
  return h->sh2.n > 0;
}

/* The features of the history's runs (only those with a second shuffle wave
 * if WAVE2), their scales over those runs, and the target's features (its
 * map output from the whole history's selectivity). */
static void features(const job_profile *history, int n, int wave2, const job_profile *target, gsl_matrix *x,
                     gsl_vector *scale, gsl_vector *q)
{
  for (int i = 0, row = 0; i < n; i++)
    if (!wave2 || has_wave2(&history[i])) {
      gsl_matrix_set(x, (size_t)row, 0, history[i].map_output_bytes);
      gsl_matrix_set(x, (size_t)row++, 1, history[i].n_reduces);
    }
  lwlr_scale_sd(x, scale);
  gsl_vector_set(q, 0, target_map_output(history, n, target));
  gsl_vector_set(q, 1, target->n_reduces);
}

/* The statistics LWLR predicts, as offsets into a job_profile, and whether
 * each is one of the later shuffle waves, which only some runs have. */
static const struct {
  size_t offset;
  int wave2;
} fitted[] = {{offsetof(job_profile, sh1.avg), 0},    {offsetof(job_profile, sh1.max), 0},
              {offsetof(job_profile, sh2.avg), 1},    {offsetof(job_profile, sh2.max), 1},
              {offsetof(job_profile, reduce.avg), 0}, {offsetof(job_profile, reduce.max), 0}};
#define N_FITTED (sizeof fitted / sizeof *fitted)

/* LWLR's prediction of the statistic at OFFSET for TARGET, trained on the
 * runs of HISTORY that measured it: every run, or if WAVE2 only those with
 * a second shuffle wave (a run without one measured nothing there, not a
 * zero).  The features are scaled over the runs trained on; the target's
 * map output comes from the whole history.  Writes the prediction to *OUT
 * and the bandwidth to *BW.  Returns 0, or -1 with ERR. */
static int khan_fit(const job_profile *history, int n, const job_profile *target, size_t offset, int wave2, double *out,
                    double *bw, char *err, size_t errlen)
{
  int k = 0;
  for (int i = 0; i < n; i++)
    k += !wave2 || has_wave2(&history[i]);
  if (k < 3) {
    snprintf(err, errlen,
             "khan: expected 3 or more history runs with a second shuffle wave (more reducers than reduce slots) to "
             "predict the target's, got %d of %d",
             k, n);
    return -1;
  }
  static const double grid[] = {0.125, 0.25, 0.5, 1, 2, 4, 8, 1e3};
  gsl_matrix *x = gsl_matrix_alloc((size_t)k, 2);
  gsl_vector *scale = gsl_vector_alloc(2), *q = gsl_vector_alloc(2), *y = gsl_vector_alloc((size_t)k);
  features(history, n, wave2, target, x, scale, q);
  for (int i = 0, row = 0; i < n; i++)
    if (!wave2 || has_wave2(&history[i]))
      gsl_vector_set(y, (size_t)row++, *(const double *)((const char *)&history[i] + offset));
  double mse;
  int status = lwlr_choose_bandwidth(x, y, scale, grid, sizeof grid / sizeof *grid, bw, &mse) ||
               lwlr_predict(x, y, scale, *bw, q, out, NULL);
  if (status)
    snprintf(err, errlen, "khan: LWLR found no fit: the history needs runs that vary both input size and reducers");
  gsl_vector_free(y);
  gsl_vector_free(q);
  gsl_vector_free(scale);
  gsl_matrix_free(x);
  return status ? -1 : 0;
}

/* Khan's model: fills the target's HP profile with predicted statistics.
 * A target with one shuffle wave needs no later-wave statistics: they stay
 * 0 and multiply N_sh^w2 = 0. */
static int khan_profile(const job_profile *history, int n, const job_profile *target, hp_profile *h, double *bandwidth,
                        char *err, size_t errlen)
{
  if (n < 3) {
    snprintf(err, errlen, "khan: expected 3 or more history runs, got %d", n);
    return -1;
  }
  profile_hp(target, h);
  hp_profile_set_waves(h);
  h->map_avg = h->map_max = 0;
  for (int i = 0; i < n; i++) {
    h->map_avg += history[i].map.avg / n;
    h->map_max += history[i].map.max / n;
  }
  double *out[N_FITTED] = {&h->sh1_avg, &h->sh1_max, &h->sh2_avg, &h->sh2_max, &h->reduce_avg, &h->reduce_max};
  *bandwidth = 0;
  for (size_t f = 0; f < N_FITTED; f++) {
    double bw = 0;
    *out[f] = 0;
    if (fitted[f].wave2 && !(h->shuffles_w2 > 0))
      continue;
    if (khan_fit(history, n, target, fitted[f].offset, fitted[f].wave2, out[f], &bw, err, errlen))
      return -1;
    *bandwidth = fmax(*bandwidth, bw);
  }
  return 0;
}

/* The history run nearest the query Q in scaled features (X, SCALE), among
 * those with a second reduce wave if WAVES; -1 if there is none. */
static int nearest(const job_profile *history, int n, const gsl_matrix *x, const gsl_vector *scale, const gsl_vector *q,
                   int waves)
{
  int near = -1;
  double best = INFINITY;
  for (int i = 0; i < n; i++) {
    double d0 = (gsl_matrix_get(x, (size_t)i, 0) - gsl_vector_get(q, 0)) / gsl_vector_get(scale, 0);
    double d1 = (gsl_matrix_get(x, (size_t)i, 1) - gsl_vector_get(q, 1)) / gsl_vector_get(scale, 1);
    if ((!waves || has_wave2(&history[i])) && d0 * d0 + d1 * d1 < best) {
      best = d0 * d0 + d1 * d1;
      near = i;
    }
  }
  return near;
}

/* ARIA's proportionality: the target's map output a reducer over run H's. */
static double per_reducer_ratio(const job_profile *h, const gsl_vector *q, const job_profile *target)
{
  return gsl_vector_get(q, 0) / target->n_reduces / (h->map_output_bytes / h->n_reduces);
}

/* ARIA: the nearest history run, its shuffle and reduce durations scaled.
 * A run with one reduce wave has no typical shuffle: that comes from the
 * nearest run that has one, scaled by its own data a reducer. */
static void aria_profile_of(const job_profile *history, int n, const job_profile *target, aria_profile *a)
{
  gsl_matrix *x = gsl_matrix_alloc((size_t)n, 2);
  gsl_vector *scale = gsl_vector_alloc(2), *q = gsl_vector_alloc(2);
  features(history, n, 0, target, x, scale, q);
  const job_profile *h = &history[nearest(history, n, x, scale, q, 0)];
  double k = per_reducer_ratio(h, q, target);
  profile_aria(h, a);
  a->n_maps = target->n_maps;
  a->n_reduces = target->n_reduces;
  a->map_slots = target->map_slots;
  a->reduce_slots = target->reduce_slots;
  a->sh1_avg *= k, a->sh1_max *= k, a->shtyp_avg *= k, a->shtyp_max *= k;
  a->reduce_avg *= k, a->reduce_max *= k;
  int typ = has_wave2(h) ? -1 : nearest(history, n, x, scale, q, 1);
  if (typ >= 0) {
    double kt = per_reducer_ratio(&history[typ], q, target);
    a->shtyp_avg = history[typ].sh2.avg * kt, a->shtyp_max = history[typ].sh2.max * kt;
  }
  gsl_vector_free(q);
  gsl_vector_free(scale);
  gsl_matrix_free(x);
}

/* The degree of parallelism of a phase: its tasks that run at once. */
static double boe_delta(int tasks, int slots)
{
  return tasks < slots ? tasks : slots;
}

/* BOE fed from profiles.  Measured per history run: the split B (input
 * over maps), Δ (min(tasks, slots) of each phase, cluster-wide, so each
 * throughput is the cluster's), the selectivity, the mean map, shuffle
 * (the later waves', or for a run with one wave the part after the last
 * map: BOE has no slow start) and reduce times.  Each sub-stage is
 * assumed bound by one shared resource, whose throughput and t_load
 * predict_fit_line finds; the unmeasured resources never bind (INFINITY), the
 * merge is folded into the reduce (α_s = 0) and the reduce writes its
 * input (α_r = α_m).  The job time is Eq. 7 for one job: ⌈N/Δ⌉ task
 * times a phase. */
static void boe_predict(const job_profile *history, int n, const job_profile *target, prediction *out)
{
  double *x = xcalloc((size_t)n, sizeof *x), *t = xcalloc((size_t)n, sizeof *t);
  boe_params m = {.theta_map = INFINITY,
                  .theta_net = INFINITY,
                  .theta_sort = INFINITY,
                  .theta_reduce = INFINITY,
                  .theta_dw = INFINITY,
                  .n_cores = 1};
  double load_sh, load_red, theta_sh, theta_red;
  for (int i = 0; i < n; i++) {
    x[i] = history[i].input_bytes / history[i].n_maps * boe_delta(history[i].n_maps, history[i].map_slots);
    t[i] = history[i].map.avg;
  }
  predict_fit_line(x, t, n, &m.t_load, &m.theta_dfsr);
  for (int i = 0; i < n; i++) {
    x[i] =
        history[i].map_output_bytes / history[i].n_reduces * boe_delta(history[i].n_reduces, history[i].reduce_slots);
    t[i] = history[i].sh2.n > 0 ? history[i].sh2.avg : history[i].sh1_tail.avg;
  }
  predict_fit_line(x, t, n, &load_sh, &theta_sh);
  for (int i = 0; i < n; i++)
    t[i] = history[i].reduce.avg;
  predict_fit_line(x, t, n, &load_red, &theta_red);
  free(t);
  free(x);
  m.split = target->input_bytes / target->n_maps;
  m.n_maps = target->n_maps, m.n_reduces = target->n_reduces;
  m.alpha_m = m.alpha_r = target_map_output(history, n, target) / target->input_bytes;
  m.delta = boe_delta(target->n_maps, target->map_slots);
  double t_map = boe_map(&m), map_waves = ceil(target->n_maps / m.delta);
  boe_params r = m;
  r.delta = boe_delta(target->n_reduces, target->reduce_slots);
  r.t_load = load_sh, r.theta_net = theta_sh;
  double t_sh = boe_shuffle(&r);
  r.theta_dfsr = INFINITY, r.theta_dfsw = theta_red;
  double t_red = load_red + boe_reduce(&r), reduce_waves = ceil(target->n_reduces / r.delta);
  double job = map_waves * t_map + reduce_waves * (t_sh + t_red);
  *out = (prediction){.low = job,
                      .up = job,
                      .estimate = job,
                      .map_avg = t_map,
                      .sh1_avg = NAN, /* the first wave's shuffle starts after the maps: its tail */
                      .sh1_tail_avg = t_sh,
                      .sh2_avg = reduce_waves > 1 ? t_sh : 0,
                      .reduce_avg = t_red,
                      .literal = job};
}

/* Fails unless every time in OUT is finite: a history whose runs give no
 * scale (no map output, say) must not print inf or nan as a prediction.
 * The shuffle and reduce statistics may be NAN: the model does not predict
 * them one by one. */
static int check_finite(predict_model m, const prediction *out, char *err, size_t errlen)
{
  const double v[] = {out->low,          out->up,      out->estimate,   out->map_avg, out->sh1_avg,
                      out->sh1_tail_avg, out->sh2_avg, out->reduce_avg, out->literal};
  for (size_t k = 0; k < sizeof v / sizeof *v; k++)
    if (!isfinite(v[k]) && !(k >= 4 && k <= 7 && isnan(v[k]))) {
      snprintf(err, errlen, "%s: expected a history that gives finite times (runs with map output), got %g", names[m],
               v[k]);
      return -1;
    }
  return 0;
}

/* Fails unless TARGET and the N runs of HISTORY have reduces: the models
 * of one job predict its shuffle, which a map-only job has not. */
static int check_reduces(const char *model, const job_profile *history, int n, const job_profile *target, char *err,
                         size_t errlen)
{
  for (int i = -1; i < n; i++)
    if ((i < 0 ? target : &history[i])->n_reduces < 1) {
      snprintf(err, errlen, "%s: expected runs of a job with reduces, got the map-only job %s", model,
               (i < 0 ? target : &history[i])->job);
      return -1;
    }
  return 0;
}

int predict_job(predict_model m, const job_profile *history, int n, const job_profile *target, prediction *out,
                char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  if (check_reduces(names[m], history, n, target, err, errlen))
    return -1;
  if (n < 1) {
    snprintf(err, errlen, "%s: expected history runs, got none", names[m]);
    return -1;
  }
  if (target->map_slots < 1 || target->reduce_slots < 1) {
    snprintf(err, errlen, "%s: expected a target on a cluster with map and reduce slots", names[m]);
    return -1;
  }
  if (m == PREDICT_BOE) {
    boe_predict(history, n, target, out);
    return check_finite(m, out, err, errlen);
  }
  if (m == PREDICT_MRLAB)
    return waves_predict(history, n, target, out, err, errlen) || check_finite(m, out, err, errlen) ? -1 : 0;
  if (m == PREDICT_KHAN) {
    hp_profile h;
    hp_bounds b, lit;
    if (khan_profile(history, n, target, &h, &out->bandwidth, err, errlen) || hp_bounds_compute(&h, &b))
      return -1;
    h.literal_slots = 1;
    hp_bounds_compute(&h, &lit);
    *out = (prediction){.low = b.job_low,
                        .up = b.job_up,
                        .estimate = b.job_avg,
                        .map_avg = h.map_avg,
                        .sh1_avg = h.sh1_avg,
                        .sh1_tail_avg = NAN,
                        .sh2_avg = h.sh2_avg,
                        .reduce_avg = h.reduce_avg,
                        .bandwidth = out->bandwidth,
                        .literal = lit.job_avg};
    return check_finite(m, out, err, errlen);
  }
  aria_profile a;
  aria_bounds b, lit;
  aria_profile_of(history, n, target, &a);
  if (aria_bounds_compute(&a, &b))
    return -1;
  a.literal_slots = 1;
  aria_bounds_compute(&a, &lit);
  *out = (prediction){.low = b.job_low,
                      .up = b.job_up,
                      .estimate = b.job_avg,
                      .map_avg = a.map_avg,
                      .sh1_avg = NAN,
                      .sh1_tail_avg = a.sh1_avg, /* ARIA's first shuffle: the part after the last map */
                      .sh2_avg = a.shtyp_avg,
                      .reduce_avg = a.reduce_avg,
                      .literal = lit.job_avg};
  return check_finite(m, out, err, errlen);
}

int predict_provision(const job_profile *history, int n, const job_profile *target, double deadline, double *map_slots,
                      double *reduce_slots, int *map_whole, int *reduce_whole, char *err, size_t errlen)
{
  hp_profile h;
  double bw, a, b, c;
  if (check_reduces("provision", history, n, target, err, errlen) ||
      khan_profile(history, n, target, &h, &bw, err, errlen))
    return -1;
  hp_provision_terms(&h, &a, &b, &c);
  if (hp_provision(a, b, c, deadline, map_slots, reduce_slots) ||
      hp_provision_whole(a, b, c, deadline, map_whole, reduce_whole)) {
    snprintf(err, errlen, "provision: expected a positive deadline and work in both phases");
    return -1;
  }
  return 0;
}
