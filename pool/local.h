/* local.h - the pool's first back end: simulations as children of this
 * process, several at once (pool.h chooses it unless Slurm is asked for). */
#ifndef MRLAB_LOCAL_H
#define MRLAB_LOCAL_H

#include "child.h"

#include <stddef.h>

/* Runs the N simulations SIMS[TODO[i]] of directory BASE as children of
 * the program PC->self, PC->jobs at once, each with its output in its log.
 * The first failure stops new starts; SIGINT, SIGTERM or SIGHUP stops them
 * too and is passed on to the runs (stop.h).  0, or -1 with ERR naming the
 * first that failed and the last line of its log. */
int local_run(sim *sims, const int *todo, int n, const char *base, const pool_config *pc, char *err, size_t errlen);

#endif
