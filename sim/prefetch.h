/* prefetch.h - PSP: predictive scheduling and prefetching (Xie 2011, ch. 4).
 *
 * With mrlab.prefetch on, a tracker holds two maps: the ones it runs, and
 * the next one, reserved when a map starts there; the reserved map starts
 * as soon as a map slot frees, without waiting for a heartbeat, and its
 * block is loaded into the node's memory beforehand, as late as the
 * prediction allows, by one prefetch at a time a node. */
#ifndef MRLAB_PREFETCH_H
#define MRLAB_PREFETCH_H

#include "engine.h"

typedef struct prefetch {
  task *task;    /* the reserved map whose block it loads */
  int worker;    /* where it runs, and where the block goes */
  int src;       /* the worker whose replica it reads */
  double issued; /* when a map started on the tracker and the scheduler reserved the task */
  double due;    /* the first predicted finish of the tracker's running maps, less the predicted load time */
  double start, end;
  int started, done, used;
  int dropped;     /* its map started before it did: the map reads from disk, and the load never starts */
  sg_sem_t loaded; /* released once the block is in memory */
} prefetch;

/* Called as map attempt A starts: when its job prefetches and A's tracker
 * holds no reserved map, predicts A's finish, reserves the map the
 * locality-aware scheduler would give the tracker next, and starts loading
 * its block at max(now, predicted finish - load time). */
void prefetch_plan(attempt *a);

/* Called by map attempt A before it reads its split: if its block is
 * being or has been prefetched to its worker, waits until it is loaded,
 * marks it used and returns it; else returns NULL and A reads from disk
 * (a prefetch not started yet is dropped). */
prefetch *prefetch_take(attempt *a);

/* Frees P (a task's prefetch, once the run is over). */
void prefetch_free(prefetch *p);

#endif
