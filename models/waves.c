/* waves.c - mrlab's own job-time model, "mrlab" among the models.
 *
 * The published models describe a job by phase means over a homogeneous
 * cluster; mrlab's clusters are mixed, partly used and skewed.  This model
 * places the target's maps on the history's slots one by one, as a
 * JobTracker hands pending tasks to the slots that free first
 * (models/slots.h), each task's time from laws fitted on the history's
 * task rows (tasks.csv: host, times and bytes of every attempt that
 * succeeded, what a Hadoop job history also holds):
 *  - The slot mix.  A host offers as many map (reduce) slots as the most
 *    maps (reduces) the history ran on it at once, in the order the
 *    history's hosts got their first task (the heartbeat order).  The
 *    first wave of maps is spread a slot of every host at a time (maps go
 *    where their blocks are); later, a host that reports free slots fills
 *    them all, and its maps start the history's mean launch gap after the
 *    slots freed (the next heartbeat).
 *  - Heterogeneity.  Hosts named CLASS-N, as mrlab names them, form a node
 *    class.  A class that ran enough maps gets its own map law (its cores
 *    and disks set how contention slows it); another takes the cluster's
 *    law times the ratio of its maps' summed times to the law's.  For
 *    reduces, a class's factor is that ratio against power laws in a
 *    reduce's bytes, fitted by backfitting.
 *  - Contention and partial waves.  A map's time is c0 + split x (c1 x the
 *    maps running on its host + c2 x the reduces running a host), fitted
 *    on each history map's mean counts over its life: maps that share a
 *    disk and cores, and the shuffle beside them once the history's share
 *    of the maps has ended (slow start).  A partial last wave runs fewer
 *    maps a host, faster.
 *  - The shuffle overlaps the maps, so only the time after the last map is
 *    modelled: a power law in the busiest reduce slot's work, fitted in
 *    logarithms on the history's runs.  A slot's work is the bytes of the
 *    partitions list-scheduled on it times its class's reduce factor.
 *  - Reduce skew: the heaviest partition holds a + b/N of the reduce input
 *    for N reducers, fitted on the history's heaviest reduce input; the
 *    others share the rest evenly; the heaviest is placed first.
 * What the schedule leaves out (job set-up, the heartbeats before the
 * first wave) is the history's mean residual, added back. */
#include "waves.h"

#include "alloc.h"
#include "slots.h"

#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_sort.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fewest maps a class ran for a map law of its own. */
#define PER_CLASS_MAPS 30

/* A host of the history. */
typedef struct {
  const char *name;
  int cls;                  /* its node class */
  int slots[2];             /* reduce and map slots: the most seen running at once */
  double order[2], runs[2]; /* the mean delay of its first reduce (map) after the run's first, over RUNS runs */
} host;

/* What the model learns from the history. */
typedef struct {
  int n_hosts, n_classes;
  host *hosts;
  char **classes;         /* class names */
  double *factor[2];      /* a class's reduce (map) time over the law's */
  double (*map_c)[3];     /* a class's map time: c0 + split (c1 maps on its host + c2 reduces a host) */
  double post_t0, post_p; /* the time after the last map: exp(post_t0) * (busiest slot's work)^post_p */
  double gap;             /* the mean launch gap of a map taking a freed slot */
  double slowstart;       /* the mean share of the maps that had ended when the first reduce started */
  double skew_t0, skew_b; /* the heaviest partition's share: skew_t0 + skew_b / reducers */
  double selectivity;     /* shuffled over input bytes */
  double offset;          /* the history's mean time the schedule leaves out */
} waves_fit;

/* The class of host NAME: the name without a trailing "-N". */
static int class_of(waves_fit *f, const char *name)
{
  const char *dash = strrchr(name, '-');
  size_t len =
      dash && dash[1] && strspn(dash + 1, "0123456789") == strlen(dash + 1) ? (size_t)(dash - name) : strlen(name);
  for (int c = 0; c < f->n_classes; c++)
    if (strlen(f->classes[c]) == len && strncmp(f->classes[c], name, len) == 0)
      return c;
  f->classes = xrealloc(f->classes, ((size_t)f->n_classes + 1) * sizeof *f->classes);
  f->classes[f->n_classes] = xmalloc(len + 1);
  memcpy(f->classes[f->n_classes], name, len);
  f->classes[f->n_classes][len] = '\0';
  return f->n_classes++;
}

/* The index of host NAME among F's hosts, added if new. */
static int host_of(waves_fit *f, const char *name)
{
  for (int h = 0; h < f->n_hosts; h++)
    if (strcmp(f->hosts[h].name, name) == 0)
      return h;
  f->hosts = xrealloc(f->hosts, ((size_t)f->n_hosts + 1) * sizeof *f->hosts);
  f->hosts[f->n_hosts] = (host){.name = name, .cls = class_of(f, name)};
  return f->n_hosts++;
}

/* The mean number of tasks of kind MAP running on T's host (ANYWHERE: in
 * the cluster) over T's life, T included if of that kind, in run P. */
static double running(const job_profile *p, const profile_task *t, int map, int anywhere)
{
  double life = t->end - t->start, shared = 0;
  if (!(life > 0))
    return t->map == map;
  for (int i = 0; i < p->n_tasks; i++) {
    const profile_task *o = &p->tasks[i];
    if ((o->host == t->host || anywhere) && o->map == map)
      shared += fmax(0, fmin(o->end, t->end) - fmax(o->start, t->start));
  }
  return shared / life;
}

/* The tasks of T's kind running on T's host just after T started, T included. */
static int running_at_start(const job_profile *p, const profile_task *t)
{
  int n = 0;
  for (int i = 0; i < p->n_tasks; i++) {
    const profile_task *o = &p->tasks[i];
    n += o->host == t->host && o->map == t->map && o->start <= t->start && o->end > t->start;
  }
  return n;
}

/* The time from the latest end of a task of T's kind on T's host before
 * T started to T's start, or -1 if none ended before it. */
static double launch_gap(const job_profile *p, const profile_task *t)
{
  double last = -INFINITY;
  for (int i = 0; i < p->n_tasks; i++) {
    const profile_task *o = &p->tasks[i];
    if (o->host == t->host && o->map == t->map && o->end <= t->start)
      last = fmax(last, o->end);
  }
  return isfinite(last) ? t->start - last : -1;
}

/* The slots, the hosts, when hosts are first offered tasks, and the launch
 * gaps, from the N runs of H. */
static void learn_hosts(waves_fit *f, const job_profile *h, int n)
{
  double gaps = 0, n_gaps = 0;
  for (int i = 0; i < n; i++) {
    const job_profile *p = &h[i];
    int *g = xmalloc(((size_t)p->n_hosts + 1) * sizeof *g);
    double first[2] = {INFINITY, INFINITY}, *mine = xmalloc(((size_t)p->n_hosts + 1) * 2 * sizeof *mine);
    for (int k = 0; k < p->n_hosts; k++)
      g[k] = host_of(f, p->hosts[k]), mine[2 * k] = mine[2 * k + 1] = INFINITY;
    for (int k = 0; k < p->n_tasks; k++) {
      const profile_task *t = &p->tasks[k];
      host *o = &f->hosts[g[t->host]];
      int most = running_at_start(p, t);
      o->slots[t->map] = most > o->slots[t->map] ? most : o->slots[t->map];
      first[t->map] = fmin(first[t->map], t->start);
      mine[2 * t->host + t->map] = fmin(mine[2 * t->host + t->map], t->start);
      double gap = t->map ? launch_gap(p, t) : -1;
      if (gap >= 0)
        gaps += gap, n_gaps++;
    }
    int ended = 0;
    for (int k = 0; k < p->n_tasks; k++)
      ended += p->tasks[k].map && p->tasks[k].end <= first[0];
    f->slowstart += (double)ended / p->n_maps / n;
    for (int k = 0; k < p->n_hosts; k++)
      for (int m = 0; m < 2; m++)
        if (isfinite(mine[2 * k + m])) {
          host *o = &f->hosts[g[k]];
          o->order[m] += (mine[2 * k + m] - first[m] - o->order[m]) / ++o->runs[m];
        }
    free(mine);
    free(g);
  }
  f->gap = n_gaps > 0 ? gaps / n_gaps : 0;
}

/* The host of F that ran task T of run P. */
static const host *host_ran(const waves_fit *f, const job_profile *p, const profile_task *t)
{
  for (int h = 0; h < f->n_hosts; h++)
    if (strcmp(f->hosts[h].name, p->hosts[t->host]) == 0)
      return &f->hosts[h];
  return NULL; /* not reached: learn_hosts saw every host */
}

/* A map's time on a host of class CLS running MAPS maps while the cluster
 * runs REDUCES reduces a host: F's law. */
static double map_law(const waves_fit *f, int cls, double split, double maps, double reduces)
{
  const double *c = f->map_c[cls];
  return f->factor[1][cls] * (c[0] + split * (c[1] * maps + c[2] * reduces));
}

/* The law C (3 coefficients) fitted by least squares on the rows of X and T
 * whose class CLS[row] is WANT (every row if WANT < 0); GSL's truncated
 * SVD drops a column that never varies.  Returns the rows used. */
static int fit_map_law(const gsl_matrix *x, const gsl_vector *t, const int *cls, int want, double *c)
{
  int rows = 0;
  for (size_t r = 0; r < x->size1; r++)
    rows += want < 0 || cls[r] == want;
  c[0] = c[1] = c[2] = 0;
  if (rows < 3)
    return rows;
  gsl_matrix *sx = gsl_matrix_alloc((size_t)rows, 3), *cov = gsl_matrix_alloc(3, 3);
  gsl_vector *st = gsl_vector_alloc((size_t)rows), *sc = gsl_vector_alloc(3);
  for (size_t r = 0, k = 0; r < x->size1; r++)
    if (want < 0 || cls[r] == want) {
      for (size_t j = 0; j < 3; j++)
        gsl_matrix_set(sx, k, j, gsl_matrix_get(x, r, j));
      gsl_vector_set(st, k++, gsl_vector_get(t, r));
    }
  double chisq;
  size_t rank;
  gsl_multifit_linear_workspace *work = gsl_multifit_linear_alloc((size_t)rows, 3);
  gsl_multifit_linear_tsvd(sx, st, 1e-12, sc, cov, &chisq, &rank, work);
  for (size_t j = 0; j < 3; j++)
    c[j] = gsl_vector_get(sc, j);
  gsl_multifit_linear_free(work);
  gsl_vector_free(sc);
  gsl_vector_free(st);
  gsl_matrix_free(cov);
  gsl_matrix_free(sx);
  return rows;
}

/* The map laws: each class's own where it ran enough maps to fit one (a
 * class differs in its cores and disks, so in how contention slows it);
 * otherwise the cluster's, times the class's ratio of summed times. */
static void learn_maps(waves_fit *f, const job_profile *h, int n)
{
  int total = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < h[i].n_tasks; k++)
      total += h[i].tasks[k].map;
  gsl_matrix *x = gsl_matrix_alloc((size_t)total, 3);
  gsl_vector *t = gsl_vector_alloc((size_t)total);
  int *cls = xmalloc((size_t)total * sizeof *cls), m = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < h[i].n_tasks; k++) {
      const profile_task *a = &h[i].tasks[k];
      if (!a->map)
        continue;
      cls[m] = host_ran(f, &h[i], a)->cls;
      gsl_matrix_set(x, (size_t)m, 0, 1);
      gsl_matrix_set(x, (size_t)m, 1, a->bytes * running(&h[i], a, 1, 0));
      gsl_matrix_set(x, (size_t)m, 2, a->bytes * running(&h[i], a, 0, 1) / h[i].n_hosts);
      gsl_vector_set(t, (size_t)m++, a->end - a->start);
    }
  double pooled[3];
  fit_map_law(x, t, cls, -1, pooled);
  f->map_c = xcalloc((size_t)f->n_classes, sizeof *f->map_c);
  for (int c = 0; c < f->n_classes; c++) {
    f->factor[1][c] = 1;
    if (fit_map_law(x, t, cls, c, f->map_c[c]) >= PER_CLASS_MAPS)
      continue;
    double sum = 0, law = 0;
    for (int r = 0; r < total; r++)
      if (cls[r] == c) {
        sum += gsl_vector_get(t, (size_t)r);
        law += pooled[0] + pooled[1] * gsl_matrix_get(x, (size_t)r, 1) + pooled[2] * gsl_matrix_get(x, (size_t)r, 2);
      }
    memcpy(f->map_c[c], pooled, sizeof pooled);
    f->factor[1][c] = law > 0 ? sum / law : 1;
  }
  free(cls);
  gsl_vector_free(t);
  gsl_matrix_free(x);
}

/* A reduce of the history: its wave (0 first, 1 later), class, bytes times
 * the reduces running beside it, time. */
typedef struct {
  int wave, cls;
  double bytes, time;
} reduce_row;

/* A power law y = exp(*LC) x^*P fitted on the N logarithms LX, LY, weighted
 * by W: by least squares; time proportional to x (p = 1) when x never
 * varies, and constant (p = 0) when the fit would have it shrink as x
 * grows (the tail of a job whose reduces do little). */
static void fit_power(const double *lx, const double *ly, const double *w, int n, double *lc, double *p)
{
  double cov00, cov01, cov11, chisq, sw = 0, sx = 0, sy = 0, sxx = 0;
  for (int j = 0; j < n; j++)
    sw += w[j], sx += w[j] * lx[j], sy += w[j] * ly[j], sxx += w[j] * lx[j] * lx[j];
  *lc = 0, *p = 1;
  if (!(sw > 0))
    return;
  if (sxx / sw - (sx / sw) * (sx / sw) <= 1e-12 * fmax(1, fabs(sxx / sw))) {
    *lc = (sy - sx) / sw;
    return;
  }
  gsl_fit_wlinear(lx, 1, w, 1, ly, 1, (size_t)n, lc, p, &cov00, &cov01, &cov11, &chisq);
  if (!(*p > 0))
    *lc = sy / sw, *p = 0;
}

/* The classes' reduce factors, by backfitting: two power laws in a reduce's
 * bytes (a first-wave reduce's time after the last map, a later one's
 * whole time), fitted in logarithms weighted by the times (the long tasks
 * make the job time) on the times over the factors, then the factors as
 * the ratio of each class's times to the laws'. */
static void learn_reduces(waves_fit *f, const job_profile *h, int n)
{
  int total = 0;
  for (int i = 0; i < n; i++)
    total += h[i].n_tasks;
  reduce_row *r = xcalloc((size_t)total + 1, sizeof *r);
  int m = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < h[i].n_tasks; k++) {
      const profile_task *t = &h[i].tasks[k];
      if (t->map || !(t->bytes > 0))
        continue;
      int later = t->start >= h[i].map_phase_end;
      r[m++] = (reduce_row){later, host_ran(f, &h[i], t)->cls, t->bytes,
                            fmax(1e-3, t->end - (later ? t->start : h[i].map_phase_end))};
    }
  double *x = xcalloc((size_t)m + 1, sizeof *x), *y = xcalloc((size_t)m + 1, sizeof *y),
         *w = xcalloc((size_t)m + 1, sizeof *w), *num = xcalloc((size_t)f->n_classes, sizeof *num),
         *den = xcalloc((size_t)f->n_classes, sizeof *den);
  double law_c[2], law_p[2]; /* a first-wave reduce's time after the last map [0], a later one's [1]: e^c bytes^p */
  for (int c = 0; c < f->n_classes; c++)
    f->factor[0][c] = 1;
  for (int round = 0; round < 4; round++) {
    for (int wave = 0; wave < 2; wave++) {
      int k = 0;
      for (int j = 0; j < m; j++)
        if (r[j].wave == wave) {
          x[k] = log(r[j].bytes);
          y[k] = log(r[j].time / f->factor[0][r[j].cls]);
          w[k++] = r[j].time;
        }
      fit_power(x, y, w, k, &law_c[wave], &law_p[wave]);
    }
    memset(num, 0, (size_t)f->n_classes * sizeof *num);
    memset(den, 0, (size_t)f->n_classes * sizeof *den);
    for (int j = 0; j < m; j++) {
      num[r[j].cls] += r[j].time;
      den[r[j].cls] += exp(law_c[r[j].wave]) * pow(r[j].bytes, law_p[r[j].wave]);
    }
    for (int c = 0; c < f->n_classes; c++)
      f->factor[0][c] = den[c] > 0 ? num[c] / den[c] : 1;
  }
  free(den);
  free(num);
  free(w);
  free(y);
  free(x);
  free(r);
}

/* The heaviest partition's share against 1/reducers, and the selectivity. */
static void learn_partitions(waves_fit *f, const job_profile *h, int n)
{
  double *x = xcalloc((size_t)n, sizeof *x), *y = xcalloc((size_t)n, sizeof *y), theta;
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 / h[i].n_reduces;
    y[i] = h[i].shuffle_bytes > 0 ? h[i].reduce_in_max / h[i].shuffle_bytes : x[i];
    f->selectivity += h[i].shuffle_bytes / h[i].input_bytes / n;
  }
  predict_fit_line(x, y, n, &f->skew_t0, &theta);
  f->skew_b = 1 / theta;
  free(y);
  free(x);
}

/* The slots of kind MAP of F's hosts, one of every host before a second of
 * any, hosts in the order they were first offered tasks: their hosts into
 * *OF (allocated).  Returns how many. */
static size_t slot_hosts(const waves_fit *f, int map, int **of)
{
  int *order = xmalloc(((size_t)f->n_hosts + 1) * sizeof *order), most = 0;
  size_t n = 0;
  for (int h = 0; h < f->n_hosts; h++) { /* insertion sort by first offer: a few hundred hosts */
    int k = h;
    for (; k > 0 && f->hosts[order[k - 1]].order[map] > f->hosts[h].order[map]; k--)
      order[k] = order[k - 1];
    order[k] = h;
    most = f->hosts[h].slots[map] > most ? f->hosts[h].slots[map] : most;
    n += (size_t)f->hosts[h].slots[map];
  }
  *of = xmalloc((n + 1) * sizeof **of);
  size_t s = 0;
  for (int level = 0; level < most; level++)
    for (int k = 0; k < f->n_hosts; k++)
      if (f->hosts[order[k]].slots[map] > level)
        (*of)[s++] = order[k];
  free(order);
  return n;
}

/* The map phase of N_MAPS maps of SPLIT bytes on F's slots, beside
 * REDUCES first-wave reduces a host once F's share of the maps has ended
 * (slow start): its end, and the maps' mean time into *AVG. */
static double map_phase(const waves_fit *f, int n_maps, double split, double reduces, double *avg)
{
  int *of;
  size_t n = slot_hosts(f, 1, &of);
  double *zero = xcalloc(n, sizeof *zero), end = 0, sum = 0;
  int *batch = xmalloc(n * sizeof *batch), *busy = xcalloc((size_t)f->n_hosts, sizeof *busy);
  slots_queue *q = slots_alloc(zero, n);
  int *rank = xmalloc(((size_t)f->n_hosts + 1) * sizeof *rank);
  for (size_t k = n; k-- > 0;)
    rank[of[k]] = (int)k; /* a host's place in the heartbeat order: its first slot */
  double *dur = xmalloc(n * sizeof *dur), *ends = xmalloc((size_t)n_maps * sizeof *ends), launch = INFINITY;
  int done = 0, wanted = (int)ceil(f->slowstart * n_maps);
  wanted = wanted < 1 ? 1 : wanted > n_maps ? n_maps : wanted;
  for (int left = n_maps; left > 0;) {
    /* the slots that free at the same time take maps together: each map
     * shares its host with those and with the maps still running there.
     * The first wave is spread a slot of every host at a time (maps go
     * where their blocks are); later, a host that reports free slots
     * fills them all before the next host reports. */
    double at = q->free_at[slots_first(q)];
    size_t b = 0;
    while (b < n && q->free_at[slots_first(q)] == at) {
      batch[b++] = (int)slots_first(q);
      slots_take(q, INFINITY);
    }
    if (at > 0)
      for (size_t k = 1; k < b; k++) /* insertion sort by host, then slot: a wave's worth */
        for (size_t j = k; j > 0 && (rank[of[batch[j - 1]]] > rank[of[batch[j]]] ||
                                     (of[batch[j - 1]] == of[batch[j]] && batch[j - 1] > batch[j]));
             j--) {
          int t = batch[j];
          batch[j] = batch[j - 1], batch[j - 1] = t;
        }
    for (size_t k = (size_t)left; k < b; k++) /* more free slots than maps: these stay free */
      slots_set(q, (size_t)batch[k], at);
    b = b < (size_t)left ? b : (size_t)left;
    left -= (int)b;
    memset(busy, 0, (size_t)f->n_hosts * sizeof *busy);
    for (size_t k = 0; k < b; k++)
      busy[of[batch[k]]]++;
    for (size_t k = 0; k < n; k++)
      busy[of[k]] += q->free_at[k] > at && isfinite(q->free_at[k]);
    double start = at > 0 ? at + f->gap : at;
    for (size_t k = 0; k < b; k++) /* first without the shuffle beside them */
      dur[k] = map_law(f, f->hosts[of[batch[k]]].cls, split, busy[of[batch[k]]], 0);
    if (isinf(launch)) { /* the reduces launch once enough maps have ended (slow start) */
      for (size_t k = 0; k < b; k++)
        ends[done + (int)k] = start + dur[k];
      if (done + (int)b >= wanted) {
        double *sorted = xmalloc(((size_t)done + b) * sizeof *sorted);
        memcpy(sorted, ends, ((size_t)done + b) * sizeof *sorted);
        gsl_sort(sorted, 1, (size_t)done + b);
        launch = sorted[wanted - 1];
        free(sorted);
      }
    }
    for (size_t k = 0; k < b; k++) {
      int h = of[batch[k]];
      double beside = dur[k] > 0 ? fmin(1, fmax(0, (start + dur[k] - launch) / dur[k])) : 0;
      double t = map_law(f, f->hosts[h].cls, split, busy[h], reduces * beside);
      slots_set(q, (size_t)batch[k], start + t);
      ends[done++] = start + t;
      end = fmax(end, start + t);
      sum += t;
    }
  }
  free(ends);
  free(dur);
  free(rank);
  *avg = sum / n_maps;
  slots_free(q);
  free(busy);
  free(batch);
  free(zero);
  free(of);
  return end;
}

/* The busiest reduce slot's work: N_REDUCES partitions of SHUFFLE bytes,
 * the heaviest SHARE of them first, placed on the N slots of F whose hosts
 * are OF, a partition's work its bytes times its class's factor. */
static double busiest_slot(const waves_fit *f, int n_reduces, double shuffle, double share, const int *of, size_t n)
{
  double *zero = xcalloc(n, sizeof *zero), most = 0;
  slots_queue *q = slots_alloc(zero, n);
  for (int j = 0; j < n_reduces; j++) {
    double bytes = j == 0 ? share * shuffle : (1 - share) * shuffle / (n_reduces - 1);
    size_t k = slots_first(q);
    double until = q->free_at[k] + f->factor[0][f->hosts[of[k]].cls] * bytes;
    slots_take(q, until);
    most = fmax(most, until);
  }
  slots_free(q);
  free(zero);
  return most;
}

/* The busiest reduce slot's work in run P of the history (its own
 * heaviest partition and bytes) or in a target of INPUT bytes (SHARE < 0:
 * F's skew and selectivity). */
static double busiest_of(const waves_fit *f, const job_profile *p, double input, double share)
{
  int *of;
  size_t n = slot_hosts(f, 0, &of);
  double shuffle = share < 0 ? input * f->selectivity : p->shuffle_bytes;
  if (share < 0)
    share = fmin(1, fmax(1.0 / p->n_reduces, f->skew_t0 + f->skew_b / p->n_reduces));
  double b = busiest_slot(f, p->n_reduces, shuffle, share, of, n);
  free(of);
  return b;
}

/* The map phase's end of P's configuration with INPUT bytes; the maps'
 * mean time into *AVG. */
static double maps_end(const waves_fit *f, const job_profile *p, double input, double *avg)
{
  int slots = 0;
  for (int h = 0; h < f->n_hosts; h++)
    slots += f->hosts[h].slots[0];
  double reduces = (double)(p->n_reduces < slots ? p->n_reduces : slots) / f->n_hosts;
  return map_phase(f, p->n_maps, input / p->n_maps, reduces, avg);
}

/* The time after the last map against the busiest slot's work: a power law
 * fitted in logarithms on the N runs of H. */
static void learn_post(waves_fit *f, const job_profile *h, int n)
{
  double *x = xcalloc((size_t)n, sizeof *x), *y = xcalloc((size_t)n, sizeof *y), *w = xcalloc((size_t)n, sizeof *w);
  for (int i = 0; i < n; i++) {
    double share = h[i].shuffle_bytes > 0 ? h[i].reduce_in_max / h[i].shuffle_bytes : 1;
    x[i] = log(fmax(1, busiest_of(f, &h[i], h[i].input_bytes, share)));
    y[i] = log(fmax(1e-3, h[i].end - h[i].map_phase_end));
    w[i] = 1;
  }
  fit_power(x, y, w, n, &f->post_t0, &f->post_p);
  free(w);
  free(y);
  free(x);
}

/* The model's job time of P's configuration with INPUT bytes; the maps'
 * mean time into *AVG. */
static double waves_time(const waves_fit *f, const job_profile *p, double input, double *avg)
{
  return maps_end(f, p, input, avg) + exp(f->post_t0) * pow(fmax(1, busiest_of(f, p, input, -1)), f->post_p);
}

static void waves_fit_free(waves_fit *f)
{
  for (int c = 0; c < f->n_classes; c++)
    free(f->classes[c]);
  free(f->classes);
  free(f->factor[0]);
  free(f->factor[1]);
  free(f->hosts);
  free(f->map_c);
}

int waves_predict(const job_profile *history, int n, const job_profile *target, prediction *out, char *err,
                  size_t errlen)
{
  for (int i = 0; i < n; i++)
    if (history[i].n_tasks == 0) {
      snprintf(err, errlen, "mrlab: expected the history's task rows (tasks.csv), got none in run %d", i + 1);
      return -1;
    }
  waves_fit f = {0};
  learn_hosts(&f, history, n);
  f.factor[0] = xcalloc((size_t)f.n_classes, sizeof *f.factor[0]);
  f.factor[1] = xcalloc((size_t)f.n_classes, sizeof *f.factor[1]);
  learn_maps(&f, history, n);
  learn_reduces(&f, history, n);
  learn_partitions(&f, history, n);
  learn_post(&f, history, n);
  double avg;
  for (int i = 0; i < n; i++)
    f.offset += (history[i].time - waves_time(&f, &history[i], history[i].input_bytes, &avg)) / n;
  double job = f.offset + waves_time(&f, target, target->input_bytes, &avg);
  /* the shuffle and reduce statistics are not modelled one by one: not predicted (NAN) */
  *out = (prediction){.low = job,
                      .up = job,
                      .estimate = job,
                      .map_avg = avg,
                      .sh1_avg = NAN,
                      .sh1_tail_avg = NAN,
                      .sh2_avg = NAN,
                      .reduce_avg = NAN,
                      .literal = job};
  waves_fit_free(&f);
  return 0;
}
