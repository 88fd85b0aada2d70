/* statusline.h - one line of stderr, rewritten in place while a long
 * command works: `mrlab validate` counts its runs there, `mrlab run` its
 * jobs, tasks and simulated time.  It shows on a terminal only, so that
 * files, pipes, logs and tests never hold it, and not on TERM=dumb or with
 * --quiet (verbosity.h); it is erased at the end, or replaced by a last
 * line that stays (statusline_finish).
 *
 *     statusline s;
 *     statusline_start(&s, 3, 0.5);      (nothing before 3 s, then at most 2 a second)
 *     while (working)
 *       if (statusline_due(&s))
 *         statusline_print(&s, "%d of %d done, %.0f s", done, total, statusline_elapsed(&s));
 *     statusline_end(&s);
 *
 * A statusline that was never started (all zero) is off. */
#ifndef MRLAB_STATUSLINE_H
#define MRLAB_STATUSLINE_H

#include <stddef.h>
#include <time.h>

typedef struct {
  int on;              /* stderr is a terminal that moves its cursor, and not --quiet */
  int shown;           /* the line was written and not erased since */
  double after, every; /* wall seconds before the first update, and at least between two */
  double last;         /* wall seconds of the last update since the start */
  struct timespec start;
} statusline;

/* Whether a line would show: stderr is a terminal that moves its cursor
 * (not a file or pipe, not TERM=dumb) and the process is not quiet. */
int statusline_wanted(void);

/* Starts S now: on only when stderr is a terminal, TERM is not dumb and
 * the process is not quiet. */
void statusline_start(statusline *s, double after, double every);

/* Wall seconds since statusline_start. */
double statusline_elapsed(const statusline *s);

/* Whether the line is due for an update: on, AFTER seconds past the start
 * and EVERY past the last update.  One clock read, cheap enough for every
 * event of a loop. */
int statusline_due(const statusline *s);

/* Rewrites the line as "mrlab: " and FMT's text, if S is on. */
void statusline_print(statusline *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Erases the line if it was written; S is off from then on. */
void statusline_end(statusline *s);

/* Replaces the line, if it was written, with "mrlab: " and FMT's text, and
 * ends it: what a long run leaves behind; S is off from then on. */
void statusline_finish(statusline *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* T seconds of simulated time as a reader of a long run wants them, into
 * BUF: "612.3 s" under an hour, "5:12:33" under a day, "day 2 5:12:33"
 * beyond (days counted from 1). */
const char *statusline_clock(double t, char *buf, size_t len);

#endif
