/* calibrate.c - a workload's costs fitted from a real cluster's job history (calibrate.h).
 *
 * A history records what a job's tasks read and wrote and the CPU time
 * each took (CPU_MILLISECONDS), not the work of its map and reduce
 * functions, which is what mrlab needs.  On a given platform each attempt's
 * CPU time is flops: its milliseconds times its host's per-core speed.
 * Part of them is the framework's, which mrlab models with its own
 * per-byte costs (mrlab.sort.cost on a map's output, mrlab.merge.cost on
 * the spills a map merges and on a reducer's input as its final merge
 * feeds the reduce function): those are taken off, for the bytes the
 * attempt recorded and the spills mrlab would make of them.  What is left
 * is the user's functions', fitted as flops a byte of the task's input
 * (HDFS_BYTES_READ, REDUCE_SHUFFLE_BYTES) by least squares through the
 * origin over the job's successful attempts, GSL's gsl_fit_mul; its fit is
 * stated beside the job as R^2 (against zero, as for any fit through the
 * origin) and the slope's standard error.  A job without CPU times keeps import's guess, and says so.
 *
 * A reducer's merges before its final merge are those its SPILLED_RECORDS
 * counted, or else mrlab's for equal map outputs fetched one at a time
 * (reduce_framework).  Left out: a combiner's and compression's work (a
 * calibrated job has neither, its maps' CPU counts as map_cost), and a
 * task's start-up, which a history does not record (an attempt's start is
 * its launch, and no first progress is kept): `calibrate --startup` fits it
 * by simulation (validate/startup.c).  A file of its own: the one place
 * where a history meets a platform. */
#include "calibrate.h"

#include "alloc.h"
#include "conf.h"
#include "workload.h"

#include <gsl/gsl_fit.h>

#define MAX_MAPS_PER_FETCH 20 /* the map outputs one fetch takes (sim/reducetask.c, Hadoop's ShuffleSchedulerImpl) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The per-core speed (flops/s) of worker HOST of P, or -1 when P has no such worker. */
static double host_speed(const platform *p, const char *host)
{
  for (int w = 0; host && w < p->n_workers; w++)
    if (strcmp(p->workers[w].name, host) == 0)
      return platform_node_class(p, &p->workers[w])->speed;
  return -1;
}

/* The flops mrlab's framework spends on map attempt A's output (conf C):
 * the sort of its map output, and the merge of its spills when it made
 * more than one. */
static double map_framework(const history_attempt *a, const conf *c)
{
  double out = a->counters[HC_MAP_OUTPUT_BYTES] > 0 ? (double)a->counters[HC_MAP_OUTPUT_BYTES] : 0;
  double stored =
      a->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES] >= 0 ? (double)a->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES] : out;
  double spill = (double)llround(conf_get(c, CONF_SORT_MB) * 1048576.0 * conf_get(c, CONF_SPILL_PERCENT));
  int64_t spills = out > spill ? (int64_t)ceil(out / spill) : 1;
  double flops = conf_get(c, CONF_SORT_COST) * out;
  if (spills > 1 && stored > 0)
    flops += conf_get(c, CONF_MERGE_COST) *
             (double)workload_merge_bytes((int64_t)stored, spills, (int)conf_get(c, CONF_SORT_FACTOR));
  return flops;
}

/* The flops mrlab's framework spends on reduce attempt A's IN bytes (conf
 * C), fetched from the map outputs of history job H: the final merge into
 * the reduce function, and the merges before it, to disk (memory to disk
 * at mapreduce.reduce.shuffle.merge.percent, disk files down to
 * io.sort.factor, what is left in memory before the final merge).  Their
 * bytes are A's SPILLED_RECORDS at its input's bytes a record, when it
 * recorded them; else mrlab's merges replayed as in sim/reducetask.c for
 * equal segments, fetched host by host in batches of at most 20 (one fetch
 * at a time, hosts in the order of their first map), which the order of a
 * reducer's parallel fetches can make wrong by a fifth. */
static double reduce_framework(const history_attempt *a, double in, const history_job *h, const conf *c)
{
  int64_t spilled = a->counters[HC_SPILLED_RECORDS], records = a->counters[HC_REDUCE_INPUT_RECORDS];
  if (spilled >= 0 && records > 0)
    return conf_get(c, CONF_MERGE_COST) * ((double)spilled * in / (double)records + in);
  double buffer = conf_get(c, CONF_REDUCE_MEMORY_MB) * 1048576.0 * conf_get(c, CONF_HEAP_RATIO) *
                  conf_get(c, CONF_SHUFFLE_BUFFER_PERCENT);
  double single = buffer * conf_get(c, CONF_SHUFFLE_LIMIT_PERCENT),
         merge_at = buffer * conf_get(c, CONF_SHUFFLE_MERGE_PERCENT);
  int factor = (int)conf_get(c, CONF_SORT_FACTOR), inmem = (int)conf_get(c, CONF_INMEM_THRESHOLD);
  /* the successful maps' hosts, and how many ran on each */
  const char **hosts = xmalloc((size_t)(h->n_attempts + 1) * sizeof *hosts);
  int *count = xcalloc((size_t)(h->n_attempts + 1), sizeof *count), n_hosts = 0, maps = 0;
  for (int k = 0; k < h->n_attempts; k++) {
    const history_attempt *a = &h->attempts[k];
    if (a->kind != HISTORY_MAP || a->status != HISTORY_SUCCEEDED)
      continue;
    const char *host = a->host ? a->host : "";
    int q = 0;
    while (q < n_hosts && strcmp(hosts[q], host) != 0)
      q++;
    if (q == n_hosts)
      hosts[n_hosts++] = host;
    count[q]++, maps++;
  }
  double segment = maps > 0 ? in / maps : in, mem = 0, disk_bytes = 0, merged = 0;
  int segments = 0, files = 0;
  for (int q = 0; q < (n_hosts ? n_hosts : 1); q++)
    for (int left = n_hosts ? count[q] : 1; left > 0; left -= MAX_MAPS_PER_FETCH) {
      double to_memory = 0, to_disk = 0;
      int batch = left < MAX_MAPS_PER_FETCH ? left : MAX_MAPS_PER_FETCH, in_memory = 0;
      for (int k = 0; k < batch; k++)
        if (segment <= single && mem + to_memory + segment <= buffer)
          to_memory += segment, in_memory++;
        else
          to_disk += segment;
      mem += to_memory, segments += in_memory;
      if (to_disk > 0)
        files++, disk_bytes += to_disk;
      if (mem >= merge_at || segments >= inmem)
        merged += mem, disk_bytes += mem, files++, mem = 0, segments = 0;
      if (files >= 2 * factor - 1) {
        merged += disk_bytes * factor / files;
        files -= factor - 1;
      }
    }
  if (mem > 0 && files > 0)
    merged += mem, disk_bytes += mem, files++;
  if (files > factor)
    merged += disk_bytes * (files - factor + 1) / files;
  free(hosts);
  free(count);
  return conf_get(c, CONF_MERGE_COST) * (merged + in);
}

/* Fits the cost of KIND for history job H on P into *COST and describes
 * the fit in NOTE.  Returns 0, or -1 with ERR naming a host P lacks. */
static int fit_kind(const history_job *h, history_kind kind, const platform *p, const conf *c, double *cost, char *note,
                    size_t len, char *err, size_t errlen)
{
  double *x = xmalloc((size_t)(h->n_attempts + 1) * sizeof *x), *y = xmalloc((size_t)(h->n_attempts + 1) * sizeof *y);
  int n = 0, without = 0;
  for (int k = 0; k < h->n_attempts; k++) {
    const history_attempt *a = &h->attempts[k];
    if (a->kind != kind || a->status != HISTORY_SUCCEEDED)
      continue;
    int64_t in = a->counters[kind == HISTORY_MAP ? HC_HDFS_BYTES_READ : HC_REDUCE_SHUFFLE_BYTES];
    if (a->counters[HC_CPU_MILLISECONDS] < 0 || in <= 0) {
      without++;
      continue;
    }
    double speed = host_speed(p, a->host);
    if (speed < 0) {
      snprintf(err, errlen, "%s: %s: expected the attempts' hosts among the workers of %s, got %s", h->path, h->id,
               p->name, a->host ? a->host : "none");
      free(x), free(y);
      return -1;
    }
    double flops = (double)a->counters[HC_CPU_MILLISECONDS] / 1000 * speed;
    flops -= kind == HISTORY_MAP ? map_framework(a, c) : reduce_framework(a, (double)in, h, c);
    x[n] = (double)in, y[n] = flops;
    n++;
  }
  const char *what = kind == HISTORY_MAP ? "map_cost" : "reduce_cost";
  if (n == 0) {
    snprintf(note, len, "%s: no attempt recorded its CPU time and input, mrlab's guess", what);
    *cost = 0;
  } else {
    double c1, cov11, sumsq, yy = 0;
    gsl_fit_mul(x, 1, y, 1, (size_t)n, &c1, &cov11, &sumsq);
    for (int k = 0; k < n; k++)
      yy += y[k] * y[k];
    *cost = c1 > 0 ? c1 : 0;
    /* R^2 of a fit through the origin: against 0, not the mean (the inputs of a job's tasks may all be equal) */
    snprintf(note, len, "%s %.4g flops a byte from %d attempts (R^2 %.4f, standard error %.2g)%s", what, *cost, n,
             yy > 0 ? 1 - sumsq / yy : 1.0, n > 1 ? sqrt(cov11) : 0.0, without ? " (others recorded no CPU time)" : "");
  }
  free(x), free(y);
  return 0;
}

int calibrate_trace(import_trace *t, history_job *const *jobs, int n, const platform *p, char *err, size_t errlen)
{
  conf c;
  conf_init(&c);
  int i = 0;
  for (int k = 0; k < n; k++) {
    const history_job *h = jobs[k];
    if (h->status != HISTORY_SUCCEEDED || h->submit < 0)
      continue; /* as history_trace leaves it out */
    import_job *j = &t->jobs[i++];
    char maps[256], reduces[256] = "";
    if (fit_kind(h, HISTORY_MAP, p, &c, &j->map_cost, maps, sizeof maps, err, errlen) ||
        (j->reducers && fit_kind(h, HISTORY_REDUCE, p, &c, &j->reduce_cost, reduces, sizeof reduces, err, errlen)))
      return -1;
    size_t len = strlen(maps) + strlen(reduces) + 64;
    j->note = xmalloc(len);
    snprintf(j->note, len, "%s%s%s", maps, reduces[0] ? "; " : "", reduces);
  }
  return 0;
}

import_trace *calibrate_histories(const char *const *paths, int n_paths, const platform *p, history_job ***jobs,
                                  int *n_jobs, int *left_out, history_skips *skips, char *err, size_t errlen)
{
  *n_jobs = *left_out = 0;
  *jobs = history_read_all(paths, n_paths, n_jobs, skips, err, errlen);
  import_trace *t = *jobs ? history_trace(*jobs, *n_jobs, left_out, err, errlen) : NULL;
  if (t && p && calibrate_trace(t, *jobs, *n_jobs, p, err, errlen)) {
    import_trace_free(t);
    t = NULL;
  }
  if (!t) {
    if (*jobs)
      history_jobs_free(*jobs, *n_jobs);
    *jobs = NULL;
    *n_jobs = 0;
    return NULL;
  }
  t->calibrated_on = p ? p->name : NULL;
  return t;
}
