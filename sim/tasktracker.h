/* tasktracker.h - a worker's TaskTracker (YARN: NodeManager) (tasktracker.c):
 * its heartbeats, and the map and reduce attempts it launches. */
#ifndef MRLAB_TASKTRACKER_H
#define MRLAB_TASKTRACKER_H

#include "state.h"

/* Actor: the TaskTracker of one worker (its data: the tracker). */
void tasktracker_actor(int argc, char **argv);

/* Called by an attempt's actor when it ends, whatever its status (through
 * engine.up.attempt_ended: the attempts' files cannot include this one,
 * which launches them): the tracker reports it at its next heartbeat, and
 * with PSP launches the map it holds in reserve. */
void tasktracker_attempt_ended(attempt *a);

#endif
