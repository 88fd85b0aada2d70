/* jobtracker.h - the master (jobtracker.c): heartbeats in, completions
 * recorded, tasks out; in YARN mode the ResourceManager. */
#ifndef MRLAB_JOBTRACKER_H
#define MRLAB_JOBTRACKER_H

#include "state.h"

/* Actor: the JobTracker, on the master. */
void jobtracker_actor(int argc, char **argv);

/* The JobTracker's record that attempt A ended, learnt at NOW (from a
 * heartbeat, or from the loss of its worker): its task's and job's state,
 * the rerun of its task if A failed or was lost, and its slot or container
 * back to the scheduler.  lost.c calls it through engine.up.learn. */
void jobtracker_learn(engine *e, attempt *a, double now);

/* The JobTracker learnt at NOW that completed map T's output is lost
 * (CAUSE_LOST: its worker was; CAUSE_FETCH_FAILURES: reducers' reports,
 * its attempt FAILED): T runs again (lost.h, which calls it through
 * engine.up.lose_output). */
void jobtracker_lose_output(engine *e, task *t, attempt_cause cause, double now);

#endif
