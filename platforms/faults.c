/* faults.c - reads the text of mrlab.faults (faults.h) into fault_specs.
 *
 * The text alone: an entry's names are not looked up here (sim/lost.c does
 * that against the platform), so conf.c can check a setting's syntax where
 * it is read and report it at its file and line.  Times go through
 * units_parse, as every other mrlab time does; shares are written P% with
 * P a plain decimal number.  Each entry's error names the entry and the
 * part of TARGET@WHEN[+DOWN] that is wrong. */
#include "faults.h"

#include "units.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"
#define TIME_EXAMPLE "300s, 5m"

/* An entry's text, its number (from 1) and its length, for messages. */
typedef struct {
  const char *text;
  size_t len;
  int number;
} entry;

/* Writes `entry N "TEXT": expected ...` into ERR; returns -1. */
static int fail(const entry *e, char *err, size_t errlen, const char *fmt, ...)
{
  if (!err || !errlen)
    return -1;
  char what[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  int shown = e->len > 40 ? 37 : (int)e->len;
  snprintf(err, errlen, "entry %d \"%.*s%s\": expected %s", e->number, shown, e->text, e->len > 40 ? "..." : "", what);
  return -1;
}

/* The share P% written in the LEN bytes of TEXT, as a fraction in (0, 1],
 * into *OUT; returns 0, or -1 if it is not one. */
static int parse_share(const char *text, size_t len, double *out)
{
  char buf[32];
  if (len < 2 || len >= sizeof buf || text[len - 1] != '%' || strspn(text, "0123456789.") != len - 1 || text[0] == '.')
    return -1;
  memcpy(buf, text, len - 1);
  buf[len - 1] = 0;
  char *end;
  double p = strtod(buf, &end);
  if (*end || !(p > 0 && p <= 100))
    return -1;
  *out = p / 100;
  return 0;
}

/* The time written in the LEN bytes of TEXT into *OUT; returns 0, or -1. */
static int parse_time(const char *text, size_t len, double *out)
{
  char buf[64];
  if (len >= sizeof buf)
    return -1;
  memcpy(buf, text, len);
  buf[len] = 0;
  return units_parse(UNITS_TIME, buf, out);
}

/* Reads entry E into *F; returns 0, or -1 with ERR. */
static int parse_entry(const entry *e, fault_spec *f, char *err, size_t errlen)
{
  const char *at = memchr(e->text, '@', e->len), *end = e->text + e->len;
  if (!at)
    return fail(e, err, errlen, "TARGET@WHEN[+DOWN]");

  size_t n = (size_t)(at - e->text);
  memset(f, 0, sizeof *f);
  f->disk = -1;
  const char *colon = memchr(e->text, ':', n);
  if (colon) { /* TARGET:diskN */
    const char *num = colon + 5, *stop = at;
    char *last;
    long d = strtol(num, &last, 10);
    if ((size_t)(at - colon) < 6 || strncmp(colon, ":disk", 5) || !(*num >= '1' && *num <= '9') || last != stop ||
        d > 1000)
      return fail(e, err, errlen, "TARGET:diskN with N a disk's number from 1 to 1000");
    f->disk = (int)d - 1;
    n = (size_t)(colon - e->text);
  }
  if (n && e->text[n - 1] == '%') {
    if (parse_share(e->text, n, &f->share))
      return fail(e, err, errlen, "TARGET P%% with 0 < P <= 100");
  } else if (n == 0 || n >= FAULTS_NAME_MAX || strspn(e->text, NAME_CHARS) < n) {
    return fail(e, err, errlen, "TARGET a name of at most %d letters, digits, '.', '_' or '-', or P%%",
                FAULTS_NAME_MAX - 1);
  } else {
    memcpy(f->target, e->text, n);
  }

  const char *when = at + 1, *plus = memchr(when, '+', (size_t)(end - when));
  const char *when_end = plus ? plus : end;
  size_t wn = (size_t)(when_end - when);
  static const struct {
    const char *prefix;
    fault_when when;
  } phases[] = {{"maps:", FAULT_AT_MAPS}, {"shuffle:", FAULT_AT_SHUFFLE}};
  f->when = FAULT_AT_TIME;
  for (size_t k = 0; k < sizeof phases / sizeof *phases; k++) {
    size_t pn = strlen(phases[k].prefix);
    if (wn >= pn && strncmp(when, phases[k].prefix, pn) == 0) {
      if (parse_share(when + pn, wn - pn, &f->at))
        return fail(e, err, errlen, "WHEN %sP%% with 0 < P <= 100", phases[k].prefix);
      f->when = phases[k].when;
    }
  }
  if (f->when == FAULT_AT_TIME && (parse_time(when, wn, &f->at) || !(f->at >= 0)))
    return fail(e, err, errlen, "WHEN a time of 0s or later (%s), maps:P%% or shuffle:P%%", TIME_EXAMPLE);

  f->down = -1;
  if (plus && f->disk >= 0)
    return fail(e, err, errlen, "no +DOWN for a disk: a failed disk does not return (its replacement is empty)");
  if (plus && (parse_time(plus + 1, (size_t)(end - plus - 1), &f->down) || !(f->down > 0)))
    return fail(e, err, errlen, "DOWN after + a time above 0s (%s)", TIME_EXAMPLE);
  return 0;
}

int faults_parse(const char *text, fault_spec *out, int max, char *err, size_t errlen)
{
  int count = 0;
  for (const char *p = text + strspn(text, " "); *p; p += strspn(p, " ")) {
    entry e = {p, strcspn(p, " "), count + 1};
    fault_spec f;
    if (parse_entry(&e, &f, err, errlen))
      return -1;
    if (out) {
      if (count >= max)
        return fail(&e, err, errlen, "at most %d faults", max);
      out[count] = f;
    }
    count++;
    p += e.len;
  }
  return count;
}
