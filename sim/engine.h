/* engine.h - a run's life: set up, run, torn down (engine.c).
 *
 * The state a run's actors share is in state.h; this is what starts them
 * and frees it all, the one module that includes every actor's header. */
#ifndef MRLAB_ENGINE_H
#define MRLAB_ENGINE_H

#include "platform.h"
#include "state.h"
#include "workload.h"

#include <stddef.h>

/* Starts SimGrid for a run: its own command-line options (--cfg=, --log=)
 * are taken out of ARGV, and the host load plugin is on for utilisation. */
void engine_init_simgrid(int *argc, char **argv);

/* Sets up a run of workload W on platform P (already loaded into SimGrid):
 * places the inputs in HDFS, creates the jobs' tasks and the actors.
 * Returns NULL with ERR set when the workload cannot run on the platform
 * (replication above the datanodes, a placement or a redistribution naming
 * no worker). */
engine *engine_alloc(const platform *p, const workload *w, unsigned long seed, char *err, size_t errlen);

/* Runs the simulation to its end: every job has then finished, or, in
 * YARN mode, E->stuck says why none can (a deadlock of containers). */
void engine_run(engine *e);
void engine_free(engine *e);

#endif
