/* utilisation.h - the utilisation time series of a run (utilisation.c):
 * what utilisation.csv and host-utilisation.csv hold. */
#ifndef MRLAB_UTILISATION_H
#define MRLAB_UTILISATION_H

#include "state.h"

#include <simgrid/forward.h>
#include <stdio.h>

/* The resources of a worker the tables measure. */
enum { RES_CPU, RES_DISK, RES_NIC, RES_N };

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

/* The mean over [FROM, TO] of worker W's utilisation of RES (RES_*), as
 * host-utilisation.csv has it: each sampled interval weighted by its
 * overlap, so a stretch shorter than a period takes the one that covers
 * it; -1 if no sample covers any of it. */
double utilisation_host_mean(const engine *e, int w, int res, double from, double to);

/* The mean of LINK's samples in [FROM, TO] (what it carried over its
 * bandwidth), or with none there the sample nearest the middle; -1
 * without samples. */
double utilisation_link_mean(const engine *e, const_sg_link_t link, double from, double to);

/* Frees what the samples hold. */
void utilisation_free(engine *e);

#endif
