/* bottleneck.h - what limited each stage of a critical path: the kind of
 * resource that set its pace and the one resource of that kind that
 * bounded it, from the run's own accounting (bottleneck.c), for explain.csv. */
#ifndef MRLAB_BOTTLENECK_H
#define MRLAB_BOTTLENECK_H

#include "state.h"
#include "rundir.h"

typedef struct {
  int kind;           /* LIMIT_* (rundir.h); -1 if none (start-up, or nothing used) */
  char resource[160]; /* "cores of HOST", "disk of HOST" ("disks" if it has several), or a SimGrid link's name */
  double used;        /* that resource's mean utilisation while the stage ran, 0 to 1; -1 if not sampled */
} bottleneck;

/* What stage WHAT (CRIT_*) of attempt A used, as far as its attempt tells:
 * the kind of resource that set its pace (-1: none), its worker, and the
 * flows of its phase as pairs of workers (sender, receiver); the sender is
 * its rack's gateway when BY_RACK.  The rest of the question, which
 * resource of that kind was most used, the utilisation samples answer
 * (bottleneck_resolve): once the run is over, as they may be coarsened
 * until then (utilisation.c). */
typedef struct {
  int kind, worker, by_rack, n;
  int (*flows)[2]; /* n of them, NULL if none; the caller frees it */
} bottleneck_plan;

void bottleneck_plan_stage(const engine *e, const attempt *a, int what, bottleneck_plan *plan);

/* What limited a stage of plan PLAN over [START, END]: into *OUT. */
void bottleneck_resolve(const engine *e, const bottleneck_plan *plan, double start, double end, bottleneck *out);

#endif
