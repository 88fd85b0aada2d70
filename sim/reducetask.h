/* reducetask.h - a reduce attempt (reducetask.c): shuffle, merge, reduce,
 * write; in push mode it also takes the pieces maps push to it (push.h). */
#ifndef MRLAB_REDUCETASK_H
#define MRLAB_REDUCETASK_H

#include "state.h"

#include <simgrid/forward.h>

/* Actor: a reduce attempt on its worker (its data: the attempt), launched
 * by its tracker; it ends through engine.up.attempt_ended. */
void reduce_attempt_actor(int argc, char **argv);

/* The explicit key groups of partition P of job J, whose reducer takes
 * INPUT bytes: the key data's heaviest groups, or without key data
 * mrlab.reduce.explicit.groups equal groups.  Returns their count and,
 * when BYTES is not NULL, stores their sizes there, heaviest first. */
int reduce_explicit_groups(const job *j, int p, int64_t input, int64_t *bytes);

/* Whether reduce attempt R takes a push from map attempt MAP now; if so, R
 * holds one more push in flight until reduce_receive ends. */
int reduce_accept(attempt *r, const attempt *map);

/* Receives WIRE bytes (as stored) of MAP's output for R's partition, pushed
 * from the map's host; runs on R's host.  Once the bytes are in, adds them
 * to MAP's pushes if R counted them and releases SENT; then merges, as
 * R's memory and disk thresholds say, while the map goes on. */
void reduce_receive(attempt *r, attempt *map, int64_t wire, sg_sem_t sent);

#endif
