/* sim.h - what the rest of mrlab asks of the simulator: one call per command.
 *
 * Everything that touches SimGrid sits behind these two calls, so the
 * command line parses arguments, reads the input files, calls here and
 * prints; it never sees the engine, the topology or SimGrid.  SimGrid's own
 * options (--cfg=NAME:VALUE, --log=...) are passed through as the user
 * wrote them: each is first tried in a child process, because SimGrid
 * aborts the process on a bad one, so that a refusal is one line and exit
 * status 2 instead of a backtrace. */
#ifndef MRLAB_SIM_H
#define MRLAB_SIM_H

#include "inputs.h"
#include "platform.h"
#include "workload.h"

#include <stdio.h>

/* Simulates workload W on platform P and writes the run directory DIR
 * (tasks.csv, jobs.csv, groups.csv, summary.json) whole: into a temporary
 * sibling, swapped in for the old DIR at the end (outfile.h), so DIR holds
 * all of one run or all of the previous one.  Prints a person's summary of
 * the run to OUT.  When stderr is a terminal and the run has lasted
 * IN->progress_after seconds, a line there, rewritten up to twice a second
 * and erased at the end, counts tasks done and the simulated time.  SIGINT,
 * SIGTERM or SIGHUP during the run prints one line,
 * "mrlab: interrupted; DIR left as it was", removes the temporary and ends
 * the process with status 128 + the signal (130 for Ctrl-C).  Returns the
 * exit status: 0, or with ERR set, 2 for bad input (a SimGrid option that
 * SimGrid refuses, a workload the platform cannot run, a DIR that is not
 * mrlab's to replace) or 1 when the outputs cannot be written. */
int sim_run(const platform *p, const workload *w, const sim_inputs *in, const char *dir, FILE *out, char *err,
            size_t errlen);

/* mrlab platform: prints to OUT the SimGrid platform XML that P becomes
 * (XML), or else P's summary and what SimGrid holds once it is loaded.
 * OPTIONS are SimGrid's, as for sim_run.  Returns the exit status as
 * sim_run does. */
int sim_platform(const platform *p, const char *const *options, int n_options, int xml, FILE *out, char *err,
                 size_t errlen);

#endif
