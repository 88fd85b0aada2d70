/* utilisation.h - the utilisation time series of a run (utilisation.c):
 * what utilisation.csv holds. */
#ifndef MRLAB_UTILISATION_H
#define MRLAB_UTILISATION_H

#include "engine.h"

#include <stdio.h>

/* Takes the interval from the previous sample (0 at first) to now: one row
 * per node class.  The actor calls it every mrlab.utilisation.period, and
 * the run once more when the simulation has ended, so that the rows cover
 * the whole run. */
void utilisation_sample(engine *e, double now);

/* Actor: samples the workers' utilisation every mrlab.utilisation.period, on the master. */
void utilisation_actor(int argc, char **argv);

/* Writes utilisation.csv's rows (not its header) to F. */
void utilisation_write(const engine *e, FILE *f);

/* Frees what the samples hold. */
void utilisation_free(engine *e);

#endif
