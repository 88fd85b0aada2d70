/* hp.c - Khan et al.'s improved HP model (docs/models.md, Khan et al.).
 *
 * The model charges each phase its tasks' total work spread over the slots:
 * the lower bound from mean task durations, the upper from maxima, so that
 * T_phase = T_task * N_tasks / N_slots with fractional waves, as the paper
 * writes it (not ceil(N/slots)).  The paper models jobs of several waves;
 * read literally, a job with fewer tasks than slots would be charged a
 * fraction of one task's time, so N_slots is the slots the job can use,
 * min(N_tasks, N^slot), unless the profile asks for the literal reading
 * (docs/models.md compares both).  The
 * map phase counts only its first wave: the later map waves overlap the
 * first shuffle wave and hide inside its duration.  The job's estimate is
 * the mean of the two bounds.
 *
 * Provisioning follows Sec. IV as docs/models.md rebuilds it: the deadline
 * is put on the lower bound, whose first-wave shuffle term is divided by all
 * slots (m + n).  Stationarity of the Lagrangian gives a/m^2 = c/n^2, hence
 * n = m sqrt(c/a), and the constraint then gives m and n in closed form.
 * Slots are whole: the fewest whole slots lie between ceil(m + n) and
 * ceil(m) + ceil(n), which always meets the deadline (the time falls as m
 * or n grows), so each sum in that range is tried with every split. */
#include "hp.h"

#include <limits.h>
#include <math.h>

double hp_usable_slots(double tasks, double slots, int literal)
{
  return literal || !(tasks >= 1) ? slots : fmin(tasks, slots);
}

int hp_bounds_compute(const hp_profile *p, hp_bounds *b)
{
  if (!(p->map_slots > 0) || !(p->reduce_slots > 0))
    return -1;
  double ms = hp_usable_slots(p->n_maps, p->map_slots, p->literal_slots);
  double rs = hp_usable_slots(p->n_reduces, p->reduce_slots, p->literal_slots);
  b->map_low = p->map_avg * p->maps_w1 / ms;                         /* eq. 8 */
  b->map_up = p->map_max * p->maps_w1 / ms;                          /* eq. 9 */
  b->sh1_low = p->sh1_avg * p->shuffles_w1 / rs;                     /* eq. 10 */
  b->sh1_up = p->sh1_max * p->shuffles_w1 / rs;                      /* eq. 11 */
  b->sh2_low = p->sh2_avg * p->shuffles_w2 / rs;                     /* eq. 12 */
  b->sh2_up = p->sh2_max * p->shuffles_w2 / rs;                      /* eq. 13 */
  b->reduce_low = p->reduce_avg * p->n_reduces / rs;                 /* eq. 14 */
  b->reduce_up = p->reduce_max * p->n_reduces / rs;                  /* eq. 15 */
  b->job_low = b->map_low + b->sh1_low + b->sh2_low + b->reduce_low; /* eq. 16 */
  b->job_up = b->map_up + b->sh1_up + b->sh2_up + b->reduce_up;      /* eq. 17 */
  b->job_avg = (b->job_low + b->job_up) / 2;                         /* eq. 20 */
  return 0;
}

void hp_profile_set_waves(hp_profile *p)
{
  p->maps_w1 = fmin(p->n_maps, p->map_slots);
  p->shuffles_w1 = fmin(p->n_reduces, p->reduce_slots);
  p->shuffles_w2 = p->n_reduces - p->shuffles_w1;
}

void hp_provision_terms(const hp_profile *p, double *a, double *b, double *c)
{
  *a = p->map_avg * p->maps_w1;
  *b = p->sh1_avg * p->shuffles_w1;
  *c = p->sh2_avg * p->shuffles_w2 + p->reduce_avg * p->n_reduces;
}

/* The lower bound's time with M map and N reduce slots (eq. 24's left side). */
static double provision_time(double a, double b, double c, double m, double n)
{
  return a / m + b / (m + n) + c / n;
}

int hp_provision_whole(double a, double b, double c, double t, int *m, int *n)
{
  double rm, rn;
  if (hp_provision(a, b, c, t, &rm, &rn) || !(ceil(rm) + ceil(rn) <= INT_MAX))
    return -1;
  /* the pair (ceil(rm), ceil(rn)) meets t but for rounding: a relative 1e-12 spares it */
  double meets = t * (1 + 1e-12);
  int hi = (int)(ceil(rm) + ceil(rn));
  for (int s = (int)fmax(2, ceil(rm + rn)); s <= hi; s++) {
    double least = INFINITY;
    for (int i = 1; i < s; i++) {
      double time = provision_time(a, b, c, i, s - i);
      if (time <= meets && time < least) {
        least = time;
        *m = i, *n = s - i;
      }
    }
    if (least <= meets)
      return 0;
  }
  return -1;
}

int hp_provision(double a, double b, double c, double t, double *m, double *n)
{
  if (!(t > 0) || !(a > 0) || !(c > 0) || b < 0)
    return -1;
  double sa = sqrt(a), sc = sqrt(c), s = (sa + sc) + b / (sa + sc);
  *m = sa * s / t;
  *n = sc * s / t;
  return 0;
}
