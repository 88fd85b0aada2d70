/* verbosity.h - how much mrlab says beside a command's result, for the
 * whole process: --quiet says nothing but errors (no notes, warnings or
 * progress line, and the command line sends stdout to /dev/null), the
 * default says the result and what a user should know about it, and
 * --verbose adds the engine's counters (the `activities:` line; they are
 * in summary.json either way).  The command line sets it once, before any
 * work; the modules that speak read it.  One process-wide level, as
 * SimGrid's log thresholds are, rather than a flag threaded through every
 * stage for the few lines it governs. */
#ifndef MRLAB_VERBOSITY_H
#define MRLAB_VERBOSITY_H

typedef enum { VERBOSITY_QUIET = -1, VERBOSITY_NORMAL = 0, VERBOSITY_VERBOSE = 1 } verbosity;

/* Sets the process's level (VERBOSITY_NORMAL until then). */
void verbosity_set(verbosity v);

/* The process's level. */
verbosity verbosity_get(void);

#endif
