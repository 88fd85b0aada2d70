/* utilisation.h - the utilisation time series of a run (utilisation.c):
 * what utilisation.csv and host-utilisation.csv hold. */
#ifndef MRLAB_UTILISATION_H
#define MRLAB_UTILISATION_H

#include "engine.h"

#include <stdio.h>

/* Takes the interval from the previous sample (0 at first) to now: one row
 * per node class and one per worker.  The actor calls it every
 * mrlab.utilisation.period, and the run once more when the simulation has
 * ended (LAST), so that the rows cover the whole run: the last sample
 * takes its rows in a table that stopped at CONF_SAMPLED_ROWS too. */
void utilisation_sample(engine *e, double now, int last);

/* Actor: samples the workers' utilisation every mrlab.utilisation.period, on the master. */
void utilisation_actor(int argc, char **argv);

/* Writes utilisation.csv's rows (not its header) to F, or with PER_HOST
 * host-utilisation.csv's. */
void utilisation_write(const engine *e, FILE *f, int per_host);

/* Frees what the samples hold. */
void utilisation_free(engine *e);

#endif
