/* stop.h - SIGINT, SIGTERM and SIGHUP while mrlab waits for its children.
 *
 * A command that runs other programs (a pool of `mrlab run`s, sbatch,
 * gnuplot) catches the three signals for as long as it waits: the children
 * are stopped, not orphaned to write into a directory nobody will read, the
 * output directories it has open (outdir_open, not yet committed) are
 * removed, and mrlab then dies of the signal as it would have.  A signal
 * the caller ignores (nohup) stays ignored. */
#ifndef MRLAB_STOP_H
#define MRLAB_STOP_H

#include <signal.h>

typedef struct {
  struct sigaction old[3];
} stop_guard;

/* From here to stop_release, the three signals are noted, not acted on;
 * a blocking wait they interrupt returns EINTR. */
void stop_catch(stop_guard *g);

/* The signal noted since stop_catch, or 0. */
int stop_caught(void);

/* Puts back the handlers stop_catch found.  When a signal was noted:
 * removes every output directory still open, says so on stderr, and dies
 * of the signal (the caller has stopped and waited for its children). */
void stop_release(stop_guard *g);

#endif
