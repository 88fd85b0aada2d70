/* bottleneck.h - what limited each stage of a critical path: the kind of
 * resource that set its pace and the one resource of that kind that
 * bounded it, from the run's own accounting (bottleneck.c), for explain.csv. */
#ifndef MRLAB_BOTTLENECK_H
#define MRLAB_BOTTLENECK_H

#include "engine.h"
#include "rundir.h"

typedef struct {
  int kind;           /* LIMIT_* (rundir.h); -1 if none (start-up, or nothing used) */
  char resource[160]; /* "cores of HOST", "disk of HOST" ("disks" if it has several), or a SimGrid link's name */
  double used;        /* that resource's mean utilisation while the stage ran, 0 to 1; -1 if not sampled */
} bottleneck;

/* What limited stage WHAT (CRIT_*) of attempt A over [START, END]: into *OUT. */
void bottleneck_stage(const engine *e, const attempt *a, int what, double start, double end, bottleneck *out);

#endif
