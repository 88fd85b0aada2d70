/* speculator.h - speculative execution (speculator.c): which running task
 * gets a speculative attempt. */
#ifndef MRLAB_SPECULATOR_H
#define MRLAB_SPECULATOR_H

/* Actor: starts each job's speculator at its submit time, on the master
 * (the JobTracker starts it). */
void speculators_actor(int argc, char **argv);

#endif
