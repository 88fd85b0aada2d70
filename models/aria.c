/* aria.c - ARIA's makespan bounds (Verma, Cherkasova, Campbell, ICAC 2011).
 *
 * The bounds rest on one theorem: n tasks on k slots, handed out greedily,
 * end no sooner than n·avg/k (perfect balance) and no later than
 * (n-1)·avg/k + max (the longest task starts last, once the others have
 * filled the slots).  A job is its map stage, the non-overlapping part of
 * its first shuffle, the typical shuffles of later reduce waves, and its
 * reduce stage, each bounded this way; the estimate is the bounds' mean.
 * The team had no copy of this paper (docs/models.md, ARIA): the
 * composition follows ARIA's published form as recalled, to be checked
 * against the paper.  Where the typical-shuffle term of a single reduce
 * wave would go negative it is held at zero.  k is the slots a stage can
 * use, min(tasks, slots), as in hp.c: the theorem is about the slots the
 * tasks run on, and a job with fewer tasks than slots leaves the rest idle
 * (aria_profile.literal_slots keeps the slots as given). */
#include "aria.h"

#include "hp.h"

#include <math.h>

double aria_makespan_low(double n, double avg, double k)
{
  return n * avg / k;
}

double aria_makespan_up(double n, double avg, double max, double k)
{
  return n > 0 ? (n - 1) * avg / k + max : 0;
}

int aria_bounds_compute(const aria_profile *p, aria_bounds *b)
{
  if (!(p->map_slots > 0) || !(p->reduce_slots > 0))
    return -1;
  double nr = p->n_reduces, rs = hp_usable_slots(nr, p->reduce_slots, p->literal_slots);
  double ms = hp_usable_slots(p->n_maps, p->map_slots, p->literal_slots);
  b->map_low = aria_makespan_low(p->n_maps, p->map_avg, ms);
  b->map_up = aria_makespan_up(p->n_maps, p->map_avg, p->map_max, ms);
  b->shuffle_low = p->sh1_avg + fmax(nr / rs - 1, 0) * p->shtyp_avg;
  b->shuffle_up = p->sh1_max + (nr > rs ? ((nr - 1) / rs - 1) * p->shtyp_avg + p->shtyp_max : 0);
  b->reduce_low = aria_makespan_low(nr, p->reduce_avg, rs);
  b->reduce_up = aria_makespan_up(nr, p->reduce_avg, p->reduce_max, rs);
  b->job_low = b->map_low + b->shuffle_low + b->reduce_low;
  b->job_up = b->map_up + b->shuffle_up + b->reduce_up;
  b->job_avg = (b->job_low + b->job_up) / 2;
  return 0;
}
