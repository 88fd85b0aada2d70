/* import.c - the traced jobs of `mrlab import`, and the workload file they
 * become (see import.h).
 *
 * Both trace formats end in the same kind of workload job: described by its
 * bytes (input, shuffle, output), with the trace's reducers, map count,
 * per-map input bytes and reducer shares where it records them, so this file writes the jobs of
 * every format and the readers only parse.  Traces record bytes and times,
 * not the work a job's functions do, so every job gets the same small cost
 * a byte (IMPORT_COST flops), which leaves the replayed jobs bound by disks
 * and network as SWIM's own replay jobs are; the written file says so, and
 * a user edits map_cost and reduce_cost where they know better. */
#include "import.h"

#include "alloc.h"
#include "nameset.h"
#include "outfile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define IMPORT_COST 10.0           /* flops a byte, map and reduce */
#define IMPORT_BLOCK 134217728.0   /* dfs.blocksize's default, 128 MiB */
#define IMPORT_MAX_BLOCK 68719476736.0 /* 64 GiB, conf.c's bounds on dfs.blocksize */
#define IMPORT_MIN_BLOCK 1048576.0

import_trace *import_trace_alloc(void)
{
  return xcalloc(1, sizeof(import_trace));
}

import_job *import_trace_add(import_trace *t)
{
  if (t->n_jobs == t->cap)
    t->jobs = xrealloc(t->jobs, (size_t)(t->cap = t->cap ? 2 * t->cap : 16) * sizeof *t->jobs);
  import_job *j = &t->jobs[t->n_jobs++];
  memset(j, 0, sizeof *j);
  return j;
}

void import_trace_free(import_trace *t)
{
  if (!t)
    return;
  for (int i = 0; i < t->n_jobs; i++) {
    free(t->jobs[i].name);
    free(t->jobs[i].shares);
    free(t->jobs[i].map_bytes);
    for (int m = 0; t->jobs[i].map_hosts && m < t->jobs[i].maps; m++)
      free(t->jobs[i].map_hosts[m]);
    free(t->jobs[i].map_hosts);
    free(t->jobs[i].note);
  }
  free(t->jobs);
  free(t->startup_note);
  nameset_free(t->names);
  free(t);
}

int import_check_name(import_trace *t, const char *name, const char *path, int line, char *err, size_t errlen)
{
  size_t n = strlen(name);
  if (n == 0 || n > 200 || name[0] == '.' || strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                          "0123456789._-") != n) {
    snprintf(err, errlen,
             "%s:%d: expected a job id of at most 200 letters, digits, '.', '_' and '-', not starting with '.', "
             "got \"%.60s\"",
             path, line, name);
    return -1;
  }
  if (!t->names)
    t->names = nameset_alloc();
  long i = nameset_add(t->names, name, t->n_jobs - 1);
  if (i >= 0) {
    snprintf(err, errlen, "%s:%d: expected a job id of its own, got \"%s\" as on line %d", path, line, name,
             t->jobs[i].line);
    return -1;
  }
  return 0;
}

/* Whether every share of J is the same (or there are none). */
static int even_shares(const import_job *j)
{
  for (int p = 1; j->shares && p < j->reducers; p++)
    if (j->shares[p] != j->shares[0])
      return 0;
  return 1;
}

/* The files J's maps read, as FileInputFormat cut them: a file's splits
 * are whole blocks and a last one no larger, so a run of maps of BLOCK
 * bytes (the largest split) and the map after it are one file's.  Into
 * FILES (J->maps at most) each file's bytes; returns their number. */
static int split_files(const import_job *j, int64_t block, int64_t *files)
{
  int n = 0;
  for (int m = 0; m < j->maps; m++) {
    int64_t bytes = j->map_bytes[m];
    while (j->map_bytes[m] == block && m + 1 < j->maps)
      bytes += j->map_bytes[++m];
    files[n++] = bytes;
  }
  return n;
}

/* J's maps' hosts as split_hosts, one array a map. */
static void write_split_hosts(const import_job *j, FILE *out)
{
  for (int m = 0; m < j->maps; m++) {
    fprintf(out, "%s[", m == 0 ? "\n    split_hosts = (" : m % 3 ? ", " : ",\n      ");
    for (const char *h = j->map_hosts[m]; h && *h;) {
      size_t n = strcspn(h, ",");
      fprintf(out, "%s\"%.*s\"", h == j->map_hosts[m] ? "" : ", ", (int)n, h);
      h += n + (h[n] == ',');
    }
    fprintf(out, "]%s", m + 1 == j->maps ? ");" : "");
  }
}

/* Job J of T as a workload entry, into OUT. */
static void write_job(const import_trace *t, const import_job *j, FILE *out)
{
  if (j->note)
    fprintf(out, "  # %s: %s\n", j->name, j->note);
  fprintf(out, "  { name = \"%s\"; submit = \"%.3fs\";", j->name, j->submit);
  /* each map's bytes known: the files they make, cut at the largest split; outside dfs.blocksize's bounds, a
   * file a map (cut at the largest block beyond it) */
  int64_t block = 0, *files = j->map_bytes ? xmalloc((size_t)j->maps * sizeof *files) : NULL;
  double blocksize = 0; /* dfs.blocksize to set, 0: the default */
  for (int m = 0; j->map_bytes && m < j->maps; m++)
    block = j->map_bytes[m] > block ? j->map_bytes[m] : block;
  int whole = (double)block <= IMPORT_MAX_BLOCK, n_files = 0;
  if (j->map_bytes && whole && (double)block >= IMPORT_MIN_BLOCK)
    n_files = split_files(j, block, files);
  for (int m = 0; j->map_bytes && !n_files && m < j->maps; m++)
    files[m] = j->map_bytes[m];
  n_files = j->map_bytes && !n_files ? j->maps : n_files;
  if (n_files <= 1) /* else the sum of its file_sizes */
    fprintf(out, " input = \"%lldB\";", (long long)(n_files ? files[0] : j->input));
  if (j->reducers)
    fprintf(out, " shuffle = \"%lldB\";", (long long)j->shuffle);
  fprintf(out, " output = \"%lldB\"; reducers = %d;\n    map_cost = %.*f;", (long long)j->output, j->reducers,
          j->map_cost > 0 ? 4 : 1, j->map_cost > 0 ? j->map_cost : IMPORT_COST);
  if (j->reducers)
    fprintf(out, " reduce_cost = %.*f;", j->reduce_cost > 0 ? 4 : 1, j->reduce_cost > 0 ? j->reduce_cost : IMPORT_COST);
  if (j->map_bytes) {
    for (int k = 0; n_files > 1 && k < n_files; k++)
      fprintf(out, "%s\"%lldB\"%s",
              k == 0  ? "\n    file_sizes = ("
              : k % 8 ? ", "
                      : ",\n      ",
              (long long)files[k], k + 1 == n_files ? ");" : "");
    if (j->map_hosts && whole) /* each map's hosts, as its split's were */
      write_split_hosts(j, out);
    if (!whole || (double)block > IMPORT_BLOCK || (n_files < j->maps && (double)block != IMPORT_BLOCK))
      blocksize = fmin((double)block, IMPORT_MAX_BLOCK);
  } else if (j->maps > 0) {
    /* one map a file: files of at most a block each */
    int64_t n = j->maps < j->input ? j->maps : j->input;
    double per_file = ceil((double)j->input / (double)n);
    fprintf(out, " files = %lld;", (long long)n);
    if (per_file > IMPORT_BLOCK)
      blocksize = fmin(per_file, IMPORT_MAX_BLOCK);
  }
  free(files);
  if (t->startup_note || blocksize > 0) { /* the properties it ran with that its bytes alone do not say */
    fprintf(out, " set = [");
    if (t->startup_note)
      fprintf(out, "\"mrlab.task.startup=%.3fs\"%s", t->startup, blocksize > 0 ? ", " : "");
    if (blocksize > 0)
      fprintf(out, "\"dfs.blocksize=%.0f\"", blocksize);
    fprintf(out, "];");
  }
  if (j->recorded > 0)
    fprintf(out, " recorded = \"%.3fs\";", j->recorded);
  if (j->reducers && !even_shares(j)) {
    fprintf(out, "\n    skew = [");
    for (int p = 0; p < j->reducers; p++)
      fprintf(out, "%s%.9g", p ? ", " : "", j->shares[p]);
    fprintf(out, "];");
  }
  fprintf(out, " }");
}

void import_write(const import_trace *t, const char *format, const char *source, FILE *out)
{
  if (t->calibrated_on)
    fprintf(out,
            "# Calibrated by `mrlab calibrate` from %s on %s: %d job%s.\n"
            "# Bytes and times are the history's (an input of 0 bytes reads 1); each job's\n"
            "# map_cost and reduce_cost (flops a byte of input) are fitted from its attempts'\n"
            "# CPU times on the core speeds of %s, less mrlab's sort and merge costs; the\n"
            "# line above each job gives the fit (where none could be made: %.0f, a guess).\n",
            source, t->calibrated_on, t->n_jobs, t->n_jobs == 1 ? "" : "s", t->calibrated_on, IMPORT_COST);
  if (t->calibrated_on && t->startup_note)
    fprintf(out, "# Every job's %s.\n", t->startup_note);
  if (t->calibrated_on)
    fprintf(out, "jobs = (\n");
  else
    fprintf(out,
            "# Imported by `mrlab import %s` from %s: %d job%s.\n"
            "# Bytes and times are the trace's (an input of 0 bytes reads 1); the costs\n"
            "# (%.0f flops a byte) are mrlab's guess, as traces do not record them.\n"
            "jobs = (\n",
            format, source, t->n_jobs, t->n_jobs == 1 ? "" : "s", IMPORT_COST);
  for (int i = 0; i < t->n_jobs; i++) {
    write_job(t, &t->jobs[i], out);
    fprintf(out, "%s\n", i + 1 < t->n_jobs ? "," : "");
  }
  fprintf(out, ");\n");
}

int import_save(const import_trace *t, const char *format, const char *source, const char *file, char *err,
                size_t errlen)
{
  if (!file) {
    import_write(t, format, source, stdout);
    if (fflush(stdout) || ferror(stdout)) {
      snprintf(err, errlen, "cannot write to the standard output");
      return 1;
    }
    return 0;
  }
  outfile o;
  if (outfile_open_named(&o, file, (const char *const[]){source, NULL}, err, errlen))
    return 2;
  import_write(t, format, source, o.f);
  return outfile_close(&o, err, errlen) ? 1 : 0;
}
