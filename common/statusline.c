/* statusline.c - the in-place progress line on stderr (statusline.h).
 * Each update returns the cursor to the start of the line and clears it
 * ("\r\033[K") before the new text, so a shorter text leaves no tail, and
 * no newline is written but by statusline_finish: the erase at the end
 * leaves the terminal as it was.  The clock is CLOCK_MONOTONIC (a vDSO call, no system call). */
#include "statusline.h"

#include "verbosity.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* TERM=dumb (Emacs' shell, some CI logs) prints "\r\033[K" as it comes. */
int statusline_wanted(void)
{
  const char *term = getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && strcmp(term, "dumb") == 0) && verbosity_get() != VERBOSITY_QUIET;
}

void statusline_start(statusline *s, double after, double every)
{
  *s = (statusline){.on = statusline_wanted(), .after = after, .every = every};
  clock_gettime(CLOCK_MONOTONIC, &s->start);
}

double statusline_elapsed(const statusline *s)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - s->start.tv_sec) + (double)(now.tv_nsec - s->start.tv_nsec) / 1e9;
}

int statusline_due(const statusline *s)
{
  if (!s->on)
    return 0;
  double t = statusline_elapsed(s);
  return t >= s->after && (!s->shown || t - s->last >= s->every);
}

/* Rewrites the line as "mrlab: " and FMT's text with AP, then END ("" or a newline). */
static void rewrite(const char *fmt, va_list ap, const char *end)
{
  fputs("\r\033[Kmrlab: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs(end, stderr);
  fflush(stderr);
}

void statusline_print(statusline *s, const char *fmt, ...)
{
  if (!s->on)
    return;
  va_list ap;
  va_start(ap, fmt);
  rewrite(fmt, ap, "");
  va_end(ap);
  s->shown = 1;
  s->last = statusline_elapsed(s);
}

void statusline_end(statusline *s)
{
  if (s->shown) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
  }
  s->on = s->shown = 0;
}

void statusline_finish(statusline *s, const char *fmt, ...)
{
  if (s->shown) {
    va_list ap;
    va_start(ap, fmt);
    rewrite(fmt, ap, "\n");
    va_end(ap);
  }
  s->on = s->shown = 0;
}

const char *statusline_clock(double t, char *buf, size_t len)
{
  long s = (long)t;
  if (t < 3600)
    snprintf(buf, len, "%.1f s", t);
  else if (t < 86400)
    snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    snprintf(buf, len, "day %ld %ld:%02ld:%02ld", s / 86400 + 1, s / 3600 % 24, s / 60 % 60, s % 60);
  return buf;
}
