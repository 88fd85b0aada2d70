/* ptc.c - MRTuner's PTC cost model (docs/models.md, MRTuner).
 *
 * Maps produce their output wave by wave; the transporter may start copying
 * for the first reduce wave once the first map wave is done, so at most
 * (m-1)/(m r) of the shuffled data moves while later map waves run, in the
 * window t_ov left after the local disk work of that data.  What does not
 * fit in the window (t_s1), the last map wave's output and the later reduce
 * waves' data (t_s2), and all local disk reads and writes (t_srw: disks are
 * shared, never hidden) add to the running time.  The consumer saves one
 * buffer's disk round trip per reduce wave.
 *
 * Two corrections (docs/models.md), each behind a flag that restores the
 * printed equation: t_s1 = max(.., 0), not min (a large window would make
 * the transport time negative), and t_s2 = D_s (mr - m + 1) / (m r v), the
 * sum of the amounts the proof names (the printed (2mr - m - r + 1) breaks
 * the conservation D_o_max + D_n = D_s). */
#include "ptc.h"

#include <math.h>

int ptc_waves(int tasks, int slots)
{
  return tasks <= 0 ? 0 : (tasks + slots - 1) / slots;
}

int ptc_cost_compute(const ptc_plan *p, ptc_cost *c)
{
  if (p->m < 1 || p->r < 1 || !(p->v > 0) || !(p->lrw_rate > 0))
    return -1;
  double m = p->m, r = p->r, v = p->v, ds = p->ds;
  c->producer = p->t_map + p->t_schedule_m + p->t_cs;                        /* eq. 1 */
  c->consumer = p->t_reduce + p->t_schedule_r - p->buffer / p->lrw_rate * r; /* eq. 3 */
  c->d_overlap_max = ds * (m - 1) / (m * r);
  c->t_ov = (m - 1) / m * c->producer - c->d_overlap_max / p->lrw_rate;
  double late = c->d_overlap_max / v - c->t_ov;
  c->ts1 = p->printed_min ? fmin(late, 0) : fmax(late, 0);
  c->ts2 = (p->printed_ts2 ? 2 * m * r - m - r + 1 : m * r - m + 1) * ds / (m * r * v);
  c->tsrw = ds / p->lrw_rate;
  c->transporter = c->ts1 + c->ts2 + c->tsrw;            /* eq. 2 */
  c->total = c->producer + c->transporter + c->consumer; /* eq. 4 */
  return 0;
}
