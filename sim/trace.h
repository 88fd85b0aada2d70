/* trace.h - a run's timeline as a Paje trace (trace.c): what trace.paje,
 * written with `mrlab run --trace`, holds. */
#ifndef MRLAB_TRACE_H
#define MRLAB_TRACE_H

#include "state.h"

#include <stdio.h>

/* Writes E's task attempts, once the run has ended, to F as a Paje trace:
 * the containers cluster, rack, host and slot lane, and on each lane a
 * state for each attempt with its phases nested in it. */
void trace_write(const engine *e, FILE *f);

#endif
