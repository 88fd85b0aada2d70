/* push.h - preshuffle (Xie 2011, ch. 5): maps push their output to running reducers.
 *
 * In push mode (mrlab.shuffle.mode=push) a map spills each time its sort
 * buffer holds mrlab.shuffle.push.threshold of io.sort.mb, and a second
 * actor of the map, its stage 2 (push.c), offers each spill, once on disk,
 * to the reducers: each partition's piece goes over the network to every
 * running attempt of its reducer, which merges it as a fetched segment
 * (reducetask.c).  A piece no running attempt takes stays in the spill on
 * disk; at its end the map merges those pieces into its output file, and a
 * reducer that starts later, or runs again, fetches what it did not get
 * (pieces a reducer took stay in their spill files: mrlab fetches them
 * from the same disk as the output file).
 *
 * Exactly once: a reduce attempt takes the pushes of one attempt of each
 * map (the first to push to it, or the next if that one is killed), and
 * counts them only if that attempt succeeded by the time the map's output
 * is announced; then it fetches the partition's bytes less those.  Pieces
 * of other attempts are dropped. */
#ifndef MRLAB_PUSH_H
#define MRLAB_PUSH_H

#include "state.h"

#include <simgrid/forward.h>

/* What a map attempt hands its stage 2 (the data of push_actor). */
typedef struct {
  attempt *a;
  int n_spills;
  int64_t output, spill_size; /* map output bytes, and per full spill */
  sg_sem_t written;           /* released as each spill is on disk (or skipped when cancelled) */
  sg_sem_t done;              /* released when every spill has been offered and sent */
  int64_t unpushed;           /* out: bytes (as stored) of pieces no reduce attempt took */
} push_feed;

/* Actor: a map attempt's stage 2, on its host. */
void push_actor(int argc, char **argv);

#endif
