/* prefetch.h - PSP: predictive scheduling and prefetching (Xie 2011, ch. 4).
 *
 * With mrlab.prefetch on, a tracker holds two maps: the ones it runs, and
 * the next one, reserved when a map starts there; the reserved map starts
 * as soon as a map slot frees, without waiting for a heartbeat, and its
 * block is loaded into the node's memory beforehand, as late as the
 * prediction allows, by one prefetch at a time a node. */
#ifndef MRLAB_PREFETCH_H
#define MRLAB_PREFETCH_H

#include "state.h"

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

#endif
