/* swim.c - reads SWIM traces (Chen, Ganapathi, Griffith and Katz's
 * Statistical Workload Injector for MapReduce) for `mrlab import swim`.
 *
 * A SWIM trace is one job a line, six tab-separated fields: the job's id,
 * its submit time and the gap since the job before (whole seconds in the
 * published Facebook samples), then the bytes of map input, of shuffle and
 * of reduce output.  The format is that small, so it is parsed by hand, and
 * strictly: a line of any other shape is an error naming its line, never
 * skipped, as a skipped job would silently change the replayed load.
 *
 * SWIM records no task counts.  A job that shuffles nothing is map-only,
 * its maps writing the output; any other gets one reducer a
 * SWIM_BYTES_PER_REDUCE of shuffle and output, as SWIM's own replay script
 * sizes its reduces from a bytes-per-reduce setting. */
#include "import.h"

#include "alloc.h"
#include "infile.h"
#include "workload.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SWIM_FIELDS 6
#define SWIM_BYTES_PER_REDUCE 1073741824.0 /* 1 GiB */
#define SWIM_MAX_REDUCERS 1000
#define SWIM_MAX_SUBMIT (30 * 86400.0) /* mrlab's bound on a submit time: 30 days */
#define SWIM_MAX_FILE (1L << 30)

static const char *const field_names[SWIM_FIELDS] = {"job id",        "submit time",   "inter-job gap",
                                                     "map input bytes", "shuffle bytes", "reduce output bytes"};

/* Field K of a line as seconds: a plain decimal number from 0 to SWIM_MAX_SUBMIT. */
static int read_seconds(const char *s, double *out)
{
  char *end;
  if (!isdigit((unsigned char)s[0]))
    return -1;
  errno = 0;
  *out = strtod(s, &end);
  return *end || errno || !(*out <= SWIM_MAX_SUBMIT) ? -1 : 0;
}

/* A field of bytes: decimal digits, times SCALE, rounded, at most WORKLOAD_MAX_OUTPUT. */
static int read_bytes(const char *s, double scale, int64_t *out)
{
  size_t n = strlen(s);
  if (n == 0 || n > 18 || strspn(s, "0123456789") != n)
    return -1;
  double v = round((double)strtoll(s, NULL, 10) * scale);
  if (!(v <= WORKLOAD_MAX_OUTPUT))
    return -1;
  *out = (int64_t)v;
  return 0;
}

/* Splits LINE at tabs into at most SWIM_FIELDS + 1 fields; returns their count. */
static int split(char *line, char **fields)
{
  int n = 0;
  for (char *p = line; n <= SWIM_FIELDS;) {
    fields[n++] = p;
    p = strchr(p, '\t');
    if (!p)
      break;
    *p++ = '\0';
  }
  return n;
}

/* Fills job J from the fields of line LINE of PATH.  Returns 0, or -1 with ERR set. */
static int read_job(import_trace *t, import_job *j, char **fields, double scale, const char *path, int line,
                    char *err, size_t errlen)
{
  double gap;
  int64_t bytes[3];
  if (import_check_name(t, fields[0], path, line, err, errlen))
    return -1;
  j->name = xstrdup(fields[0]);
  j->line = line;
  for (int k = 1; k < SWIM_FIELDS; k++) {
    int bad = k == 1 ? read_seconds(fields[k], &j->submit)
              : k == 2 ? read_seconds(fields[k], &gap)
                       : read_bytes(fields[k], scale, &bytes[k - 3]);
    if (bad) {
      if (k < 3)
        snprintf(err, errlen, "%s:%d: %s: expected a number of seconds from 0 to %.0f, got \"%.40s\"", path, line,
                 field_names[k], SWIM_MAX_SUBMIT, fields[k]);
      else
        snprintf(err, errlen, "%s:%d: %s: expected a whole number of bytes, at most 100 TiB once scaled, got \"%.40s\"",
                 path, line, field_names[k], fields[k]);
      return -1;
    }
  }
  j->input = bytes[0] > 0 ? bytes[0] : 1;
  j->shuffle = bytes[1];
  j->output = bytes[2];
  if (j->shuffle > 0) {
    double r = round((double)(j->shuffle + j->output) / SWIM_BYTES_PER_REDUCE);
    j->reducers = r < 1 ? 1 : r > SWIM_MAX_REDUCERS ? SWIM_MAX_REDUCERS : (int)r;
  }
  return 0;
}

import_trace *swim_read(const char *path, int max_jobs, double scale, char *err, size_t errlen)
{
  FILE *in = infile_fopen(path, "a SWIM trace", SWIM_MAX_FILE, err, errlen);
  if (!in)
    return NULL;
  import_trace *t = import_trace_alloc();
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  int n = 0, bad = 0;
  while (!bad && (max_jobs == 0 || t->n_jobs < max_jobs) && (len = getline(&line, &cap, in)) >= 0) {
    n++;
    if (len > 0 && line[len - 1] == '\n')
      line[--len] = '\0';
    if (len > 0 && line[len - 1] == '\r')
      line[--len] = '\0';
    char *fields[SWIM_FIELDS + 1];
    int k = (size_t)len == strlen(line) ? split(line, fields) : 0;
    if (t->n_jobs == WORKLOAD_MAX_JOBS) {
      snprintf(err, errlen, "%s:%d: expected at most %d jobs (mrlab's bound on a workload): keep the first with -n",
               path, n, WORKLOAD_MAX_JOBS);
      bad = -1;
    } else if (k != SWIM_FIELDS) {
      snprintf(err, errlen,
               "%s:%d: expected %d tab-separated fields (job id, submit time s, gap s, map input, shuffle and reduce "
               "output bytes), got %s",
               path, n, SWIM_FIELDS, k ? (k > SWIM_FIELDS ? "more" : "fewer") : "a NUL byte");
      bad = -1;
    } else {
      bad = read_job(t, import_trace_add(t), fields, scale, path, n, err, errlen);
    }
  }
  if (!bad && ferror(in))
    bad = -1, snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
  if (!bad && t->n_jobs == 0)
    bad = -1, snprintf(err, errlen, "%s:1: expected at least one job line, got none", path);
  free(line);
  fclose(in);
  if (bad) {
    import_trace_free(t);
    return NULL;
  }
  return t;
}
