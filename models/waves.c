/* waves.c - mrlab's own job-time model, "mrlab" among the models.
 *
 * It is built where the published models miss on mrlab's clusters:
 *  - Heterogeneity.  Free slots pull tasks, so a fast node class takes
 *    more tasks than a slow one; the mean of a history's task times is
 *    then the mean of each class's time weighted by the tasks it took,
 *    which is the time the whole slot mix needs a wave (S slots complete
 *    S tasks in it).  No host classes are needed for that: tasks.csv's
 *    task times hold the weighting.  A wave ends when its slowest slots
 *    end, so the last wave lasts the history's maximum task time.
 *  - Partial waves: a phase has ceil(N/S) waves, min(N, S) tasks in a
 *    single one, and its last partial wave still lasts a whole task.
 *  - The shuffle overlaps the map waves (Hadoop's slow start), so only
 *    the time after the last map is modelled: the job ends with its
 *    busiest reduce slot.
 *  - Reduce skew: a partition holds the heaviest keys' share plus an even
 *    share of the rest, h(N) = a + b/N of the reduce input for N
 *    reducers, fitted on the history's heaviest reduce input (tasks.csv's
 *    shuffle bytes).  The busiest slot holds that partition or a mean one
 *    a reduce wave, whichever is more.
 * A map's times are lines in its split times the maps running (BOE's
 * bytes times Δ); the time after the last map is a power law in the
 * busiest slot's bytes, its exponent fitted in logarithms (about 1 for a
 * sort, more for a join's cross products).  What the waves leave out (job
 * set-up, a straggler) is the history's mean residual, added back. */
#include "waves.h"

#include "alloc.h"

#include <math.h>
#include <stdlib.h>

/* A fitted line's value at X. */
typedef struct {
  double t0, theta;
} line;

static double line_at(line l, double x)
{
  return l.t0 + x / l.theta;
}

/* A power law c·x^p fitted as a line in logarithms: t0 = log c, 1/theta = p. */
static double power_at(line l, double x)
{
  return exp(l.t0) * pow(x, 1 / l.theta);
}

/* The line of Y against X (each a function of a run) through the runs of
 * the N of H that have maps and reduces. */
static line fit(const job_profile *h, int n, double (*x)(const job_profile *), double (*y)(const job_profile *))
{
  double *xs = xcalloc((size_t)n + 1, sizeof *xs), *ys = xcalloc((size_t)n + 1, sizeof *ys);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (h[i].n_maps > 0 && h[i].n_reduces > 0)
      xs[k] = x(&h[i]), ys[k++] = y(&h[i]);
  line l = {0, INFINITY};
  if (k > 0)
    predict_fit_line(xs, ys, k, &l.t0, &l.theta);
  free(ys);
  free(xs);
  return l;
}

/* A map's split times the maps that share the cluster with it (BOE's Δ). */
static double map_load(double input, int maps, int slots)
{
  return input / maps * (maps < slots ? maps : slots);
}
static double split(const job_profile *p)
{
  return map_load(p->input_bytes, p->n_maps, p->map_slots);
}
static double map_avg(const job_profile *p)
{
  return p->map.avg;
}
static double map_max(const job_profile *p)
{
  return p->map.max;
}
static double per_reducer(const job_profile *p)
{
  return p->shuffle_bytes / p->n_reduces;
}
/* The later reduce waves of P's counts and slots. */
static int later(int reduces, int slots)
{
  return (int)ceil((double)reduces / slots) - 1;
}
/* The bytes behind the busiest reduce slot: the heaviest partition, or a
 * mean partition in each wave, whichever is more (the other slots take
 * the later waves while the heaviest runs). */
static double busiest(double top, double even, int reduces, int slots)
{
  return fmax(top, (later(reduces, slots) + 1) * even);
}
static double log_busiest(const job_profile *p)
{
  return log(busiest(p->reduce_in_max, per_reducer(p), p->n_reduces, p->reduce_slots));
}
static double log_post(const job_profile *p)
{
  return log(p->end - p->map_phase_end);
}
static double inv_reducers(const job_profile *p)
{
  return 1.0 / p->n_reduces;
}
static double heaviest(const job_profile *p)
{
  return p->reduce_in_max / p->shuffle_bytes;
}

/* What the model learns from the history. */
typedef struct {
  line map_avg, map_max; /* a map's mean and slowest time against its split times the maps running */
  line post;             /* the time after the last map, against the busiest slot's bytes: a power law */
  line skew;             /* the heaviest partition's share against 1/reducers: t0 + x/theta */
  double selectivity;    /* shuffled over input bytes */
  double offset;         /* the history's mean time the waves leave out */
} waves_fit;

/* The waves' job time of a job of INPUT bytes with P's counts and slots;
 * a map's mean time into *AVG. */
static double waves_time(const waves_fit *f, const job_profile *p, double input, double *avg)
{
  double b = map_load(input, p->n_maps, p->map_slots), a = line_at(f->map_avg, b), x = fmax(a, line_at(f->map_max, b));
  double t_map = (ceil((double)p->n_maps / p->map_slots) - 1) * a + x;
  double bytes = input * f->selectivity, even = bytes / p->n_reduces;
  double share = fmin(1, fmax(1.0 / p->n_reduces, line_at(f->skew, 1.0 / p->n_reduces)));
  double top = share * bytes;
  double t_post = power_at(f->post, busiest(top, even, p->n_reduces, p->reduce_slots));
  *avg = a;
  return t_map + t_post;
}

void waves_predict(const job_profile *history, int n, const job_profile *target, prediction *out)
{
  waves_fit f = {.map_avg = fit(history, n, split, map_avg),
                 .map_max = fit(history, n, split, map_max),
                 .post = fit(history, n, log_busiest, log_post),
                 .skew = fit(history, n, inv_reducers, heaviest)};
  for (int i = 0; i < n; i++)
    f.selectivity += history[i].shuffle_bytes / history[i].input_bytes / n;
  double avg;
  for (int i = 0; i < n; i++)
    f.offset += (history[i].time - waves_time(&f, &history[i], history[i].input_bytes, &avg)) / n;
  double job = f.offset + waves_time(&f, target, target->input_bytes, &avg);
  /* the shuffle and reduce statistics are not modelled one by one: not predicted (NAN) */
  *out = (prediction){job, job, job, avg, NAN, NAN, NAN, 0, job};
}
