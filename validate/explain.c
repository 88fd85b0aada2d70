/* explain.c - `mrlab explain`: a run's critical paths told to a person (explain.h).
 *
 * explain.csv already holds each job's path, segment by segment (rundir.h);
 * this file only regroups and words it: one table row for each attempt on
 * the path (its stages, and the waits that led to it), and sentences that
 * follow the path as a student reads a run: the maps until the last map
 * output the reducers needed, the last reducer's stages and what bounded
 * each, what the waits were for, and the path's time by the kind of
 * resource that set its pace. */
#include "explain.h"

#include "alloc.h"
#include "csv.h"
#include "rundir.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
  int what;  /* CRIT_* */
  int limit; /* LIMIT_*, -1 if none */
  const char *task, *attempt, *host, *resource;
  double start, end;
} segment;

/* What each wait was for, in words (CRIT_SUBMISSION on). */
static const char *const waited_for[CRIT_N - CRIT_N_STAGES] = {"the job client's calls to the NameNode",
                                                               "the redistribution of its input",
                                                               "heartbeats",
                                                               "a free slot or container",
                                                               "map outputs to be announced",
                                                               "slow-start",
                                                               "the speculator to start a twin",
                                                               "attempts preempted and rerun",
                                                               "attempts that failed and their reruns",
                                                               "attempts lost with their worker and their reruns"};

static int is_stage(const segment *s)
{
  return s->what < CRIT_N_STAGES;
}

static int same_attempt(const segment *a, const segment *b)
{
  return strcmp(a->task, b->task) == 0 && strcmp(a->attempt, b->attempt) == 0;
}

/* Reads job JOB's segments (rows of T in time order) into *SEGS; returns their number, or -1 with ERR set. */
static int read_segments(const csv_table *t, const char *job, segment **segs, char *err, size_t errlen)
{
  int c[EXPLAIN_N_COLUMNS], n = 0;
  for (int k = 0; k < EXPLAIN_N_COLUMNS; k++)
    c[k] = csv_column(t, rundir_explain_columns[k]);
  segment *s = xcalloc((size_t)t->n_rows, sizeof *s);
  for (int r = 1; r < t->n_rows; r++) {
    if (strcmp(csv_cell(t, r, c[EXPLAIN_JOB]), job) != 0)
      continue;
    segment *g = &s[n];
    const char *what = csv_cell(t, r, c[EXPLAIN_WHAT]);
    for (g->what = 0; g->what < CRIT_N && strcmp(rundir_explain_what[g->what], what) != 0; g->what++)
      ;
    if (g->what == CRIT_N) {
      free(s);
      return csv_fail(t, r, c[EXPLAIN_WHAT], err, errlen, "expected a stage or a wait, got \"%s\"", what);
    }
    const char *limit = csv_cell(t, r, c[EXPLAIN_LIMIT]);
    for (g->limit = 0; g->limit < LIMIT_N && strcmp(rundir_explain_limits[g->limit], limit) != 0; g->limit++)
      ;
    if (g->limit == LIMIT_N && *limit) {
      free(s);
      return csv_fail(t, r, c[EXPLAIN_LIMIT], err, errlen, "expected cpu, disk, network or nothing, got \"%s\"",
                      limit);
    }
    if (g->limit == LIMIT_N)
      g->limit = -1;
    g->resource = csv_cell(t, r, c[EXPLAIN_RESOURCE]);
    g->task = csv_cell(t, r, c[EXPLAIN_TASK]);
    g->attempt = csv_cell(t, r, c[EXPLAIN_ATTEMPT]);
    g->host = csv_cell(t, r, c[EXPLAIN_HOST]);
    if (csv_number(t, r, c[EXPLAIN_START], &g->start, err, errlen) ||
        csv_number(t, r, c[EXPLAIN_END], &g->end, err, errlen)) {
      free(s);
      return -1;
    }
    n++;
  }
  *segs = s;
  return n;
}

/* One table row for each stretch of S[0..N) on one attempt (or the job's own waits). */
static void print_table(const segment *s, int n, FILE *out)
{
  fprintf(out, "  %9s %9s %9s  %-8s %-12s %s\n", "from s", "to s", "seconds", "task", "host",
          "stages, and [waits], in s");
  for (int i = 0; i < n;) {
    int k = i;
    while (k < n && same_attempt(&s[k], &s[i]))
      k++;
    fprintf(out, "  %9.2f %9.2f %9.2f  %-8s %-12s", s[i].start, s[k - 1].end, s[k - 1].end - s[i].start,
            *s[i].task ? s[i].task : "(job)", s[i].host);
    const char *sep = " ";
    for (int j = i; j < k; j++) {
      double d = s[j].end - s[j].start;
      if (d < 0.005 && k - i > 1)
        continue; /* in explain.csv, too short to show here */
      fprintf(out, "%s%s%s %.2f%s", sep, is_stage(&s[j]) ? "" : "[", rundir_explain_what[s[j].what], d,
              is_stage(&s[j]) ? "" : "]");
      sep = ", ";
    }
    fputc('\n', out);
    i = k;
  }
}

/* RESOURCE (explain.csv's resource column) in words, into BUF: a SimGrid
 * link's name told as the part of the network it is (sim/topology.c names
 * them); "cores of HOST" and "disk of HOST" are words already. */
static const char *in_words(const char *resource, char *buf, size_t len)
{
  size_t n = strlen(resource);
  int up = n > 3 && strcmp(resource + n - 3, "_UP") == 0, down = n > 5 && strcmp(resource + n - 5, "_DOWN") == 0;
  int name = (int)n - (up ? 3 : down ? 5 : 0);
  if ((up || down) && strncmp(resource, "nic-", 4) == 0 && name > 12 &&
      strncmp(resource + name - 8, "-shuffle", 8) == 0)
    snprintf(buf, len, "the shuffle gateway of %.*s", name - 12, resource + 4);
  else if ((up || down) && strncmp(resource, "nic-", 4) == 0)
    snprintf(buf, len, "%.*s's NIC, %s", name - 4, resource + 4, up ? "sending" : "receiving");
  else if ((up || down) && strncmp(resource, "uplink-", 7) == 0)
    snprintf(buf, len, "the uplink of %.*s, %s the rack", name - 7, resource + 7, up ? "out of" : "into");
  else if (strcmp(resource, "core") == 0)
    snprintf(buf, len, "the core switch");
  else /* "cores of HOST", "disk of HOST" */
    snprintf(buf, len, "the %s", resource);
  return buf;
}

/* The resource that bounded most of the time of the stages of S[0..N)
 * that belong to a task whose name starts with KIND (any if 0), and that
 * time in *SECONDS; NULL if none was measured. */
static const char *top_resource(const segment *s, int n, char kind, double *seconds)
{
  const char *top = NULL;
  *seconds = 0;
  for (int i = 0; i < n; i++) {
    if (!is_stage(&s[i]) || !*s[i].resource || (kind && s[i].task[0] != kind))
      continue;
    double sum = 0;
    for (int k = 0; k < n; k++)
      if (is_stage(&s[k]) && (!kind || s[k].task[0] == kind) && strcmp(s[k].resource, s[i].resource) == 0)
        sum += s[k].end - s[k].start;
    if (sum > *seconds)
      top = s[i].resource, *seconds = sum;
  }
  return top;
}

/* The stages of S[0..N) that belong to a task whose name starts with KIND
 * ('m' or 'r'): their summed time, and in *TOP the stage that took most
 * and its time in *TOP_S. */
static double stage_time(const segment *s, int n, char kind, int *top, double *top_s)
{
  double by[CRIT_N_STAGES] = {0}, sum = 0;
  for (int i = 0; i < n; i++)
    if (is_stage(&s[i]) && s[i].task[0] == kind) {
      by[s[i].what] += s[i].end - s[i].start;
      sum += s[i].end - s[i].start;
    }
  *top = 0;
  for (int k = 1; k < CRIT_N_STAGES; k++)
    if (by[k] > by[*top])
      *top = k;
  *top_s = by[*top];
  return sum;
}

/* The tasks of S[0..N) whose name starts with KIND, counted (a task's attempts one after another count once). */
static int count_tasks(const segment *s, int n, char kind)
{
  int count = 0;
  for (int i = 0; i < n; i++)
    if (s[i].task[0] == kind && (i == 0 || strcmp(s[i].task, s[i - 1].task) != 0))
      count++;
  return count;
}

/* The path's time by the kind of resource that set its pace: each stage's
 * limit, the waits and task start-ups together (and stages with no limit
 * measured, if any); then the one resource that bounded most of it. */
static void print_shares(const segment *s, int n, double time, FILE *out)
{
  double by[LIMIT_N] = {0}, waits = 0, other = 0;
  for (int i = 0; i < n; i++) {
    double d = s[i].end - s[i].start;
    if (!is_stage(&s[i]) || s[i].what == CRIT_STARTUP || s[i].what == CRIT_AM_STARTUP)
      waits += d;
    else if (s[i].limit >= 0)
      by[s[i].limit] += d;
    else
      other += d;
  }
  double pc = time > 0 ? 100 / time : 0;
  fprintf(out, "  By what set its pace: cpu %.2f s (%.0f%%), disk %.2f s (%.0f%%), network %.2f s (%.0f%%), "
          "scheduling waits and task start-up %.2f s (%.0f%%)",
          by[LIMIT_CPU], by[LIMIT_CPU] * pc, by[LIMIT_DISK], by[LIMIT_DISK] * pc, by[LIMIT_NETWORK],
          by[LIMIT_NETWORK] * pc, waits, waits * pc);
  if (other >= 0.005)
    fprintf(out, ", stages with no resource measured %.2f s (%.0f%%)", other, other * pc);
  double top_s;
  const char *top = top_resource(s, n, 0, &top_s);
  char words[256];
  if (top)
    fprintf(out, ".  Most of it on one resource: %s, %.2f s (%.0f%%)", in_words(top, words, sizeof words), top_s,
            top_s * pc);
  fprintf(out, ".\n");
}

/* A failed job's path in a sentence: the attempts on it that failed, and
 * the time they and the waits for their reruns took. */
static void print_failures(const segment *s, int n, double time, FILE *out)
{
  int failed = 0;
  double took = 0;
  for (int i = 0; i < n; i++)
    if (s[i].what == CRIT_FAILED) {
      failed += i == 0 || s[i - 1].what != CRIT_FAILED || !same_attempt(&s[i - 1], &s[i]);
      took += s[i].end - s[i].start;
    }
  fprintf(out,
          "  %d failed attempt%s on its path, one after another: %.2f s of its %.2f s (%.0f%%) in them and in waits "
          "for their reruns.\n",
          failed, failed == 1 ? "" : "s", took, time, time > 0 ? 100 * took / time : 0.0);
}

/* Sentences: the maps' part of the path, the last reducer's, and the waits. */
static void print_story(const segment *s, int n, double submit, double end, FILE *out)
{
  int last_map = -1, last_reduce = -1, top;
  double top_s;
  char words[256];
  for (int i = 0; i < n; i++) {
    if (s[i].task[0] == 'm')
      last_map = i;
    if (s[i].task[0] == 'r')
      last_reduce = i;
  }
  if (last_map >= 0) {
    double busy = stage_time(s, last_reduce >= 0 ? last_map + 1 : n, 'm', &top, &top_s);
    int maps = count_tasks(s, last_reduce >= 0 ? last_map + 1 : n, 'm');
    fprintf(out, "  Maps held the path until %.2f s: %d map%s on it%s, %.2f s in stages, most in %s (%.2f s)",
            s[last_map].end, maps, maps == 1 ? "" : "s", maps > 1 ? ", one after another" : "", busy,
            rundir_explain_what[top], top_s);
    double bound_s;
    const char *bound = top_resource(s, last_reduce >= 0 ? last_map + 1 : n, 'm', &bound_s);
    if (bound)
      fprintf(out, "; %.2f s of them bounded by %s", bound_s, in_words(bound, words, sizeof words));
    if (last_reduce < 0)
      fprintf(out, "; the last, %s on %s, ended the job.\n", s[last_map].task, s[last_map].host);
    else
      fprintf(out, ".\n");
  }
  if (last_reduce >= 0) {
    int first = last_reduce;
    while (first > 0 && same_attempt(&s[first - 1], &s[last_reduce]))
      first--;
    int reduces = count_tasks(s + last_map + 1, last_reduce - last_map, 'r');
    if (reduces > 1)
      fprintf(out, "  Then %d reducers, one after another; the last, %s on %s, spent %.2f s:", reduces,
              s[last_reduce].task, s[last_reduce].host, s[last_reduce].end - s[first].start);
    else
      fprintf(out, "  Then the last reducer, %s on %s, spent %.2f s:", s[last_reduce].task, s[last_reduce].host,
              s[last_reduce].end - s[first].start);
    const char *sep = " ";
    for (int i = first; i <= last_reduce; i++)
      if (is_stage(&s[i]) && s[i].end - s[i].start >= 0.005) {
        fprintf(out, "%s%.2f s in %s", sep, s[i].end - s[i].start, rundir_explain_what[s[i].what]);
        if (*s[i].resource)
          fprintf(out, " (bounded by %s)", in_words(s[i].resource, words, sizeof words));
        sep = ", ";
      }
    fprintf(out, ".\n");
  }
  double waits[CRIT_N - CRIT_N_STAGES] = {0}, waited = 0;
  for (int i = 0; i < n; i++)
    if (!is_stage(&s[i])) {
      waits[s[i].what - CRIT_N_STAGES] += s[i].end - s[i].start;
      waited += s[i].end - s[i].start;
    }
  double time = end - submit;
  fprintf(out, "  Waiting took %.2f s of the job's %.2f s (%.0f%%)", waited, time,
          time > 0 ? 100 * waited / time : 0.0);
  const char *sep = ": for ";
  for (;;) { /* largest first */
    int k = -1;
    for (int w = 0; w < CRIT_N - CRIT_N_STAGES; w++)
      if (waits[w] >= 0.005 && (k < 0 || waits[w] > waits[k]))
        k = w;
    if (k < 0)
      break;
    fprintf(out, "%s%s %.2f s", sep, waited_for[k], waits[k]);
    waits[k] = 0;
    sep = ", for ";
  }
  fprintf(out, ".\n");
  print_shares(s, n, time, out);
}

int explain_run(const char *dir, const char *job, FILE *out, char *err, size_t errlen)
{
  static const char *const jcols[] = {"job", "submit", "end", "status", RUNDIR_JOBS_AFTER};
  char path[8192];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, RUNDIR_JOBS);
  if (stat(path, &st) != 0)
    return snprintf(err, errlen, "%s: not a run directory (no %s)", dir, RUNDIR_JOBS), 2;
  snprintf(path, sizeof path, "%s/%s", dir, RUNDIR_EXPLAIN);
  if (stat(path, &st) != 0)
    return snprintf(err, errlen, "%s: no %s (a run of an older mrlab? run it again)", dir, RUNDIR_EXPLAIN), 2;
  csv_table *jobs = csv_read_in(dir, RUNDIR_JOBS, jcols, 5, err, errlen);
  csv_table *t = jobs ? csv_read_in(dir, RUNDIR_EXPLAIN, rundir_explain_columns, EXPLAIN_N_COLUMNS, err, errlen) : NULL;
  int status = t ? 0 : 2, found = 0;
  for (int r = 1; t && r < jobs->n_rows && !status; r++) {
    const char *name = csv_cell(jobs, r, 0);
    if (job && strcmp(job, name) != 0)
      continue;
    found = 1;
    double submit, end;
    segment *s = NULL;
    int n = -1;
    if (csv_number(jobs, r, csv_column(jobs, "submit"), &submit, err, errlen) == 0 &&
        csv_number(jobs, r, csv_column(jobs, "end"), &end, err, errlen) == 0)
      n = read_segments(t, name, &s, err, errlen);
    if (n < 0) {
      status = 2;
      break;
    }
    const char *after = csv_cell(jobs, r, csv_column(jobs, RUNDIR_JOBS_AFTER));
    fprintf(out, "%sjob %s: %.2f s, from its submission at %.2f s", r > 1 && !job ? "\n" : "", name, end - submit,
            submit);
    if (*after) { /* jobs.csv joins the parents with ';' */
      fputs(" (after ", out);
      for (const char *c = after; *c; c++)
        if (*c == ';')
          fputs(", ", out);
        else
          fputc(*c, out);
      fputc(')', out);
    }
    const char *status = csv_cell(jobs, r, csv_column(jobs, "status"));
    if (strcmp(status, RUNDIR_STATUS_SUCCEEDED) == 0)
      fprintf(out, " to its end at %.2f s\n", end);
    else if (strcmp(status, RUNDIR_STATUS_FAILED) == 0)
      fprintf(out, " to its failure at %.2f s: a task failed mapreduce.*.maxattempts times\n", end);
    else
      fprintf(out, ": %s, it never ran\n", status);
    if (n == 0) {
      fprintf(out, "  %s holds no critical path of it\n", RUNDIR_EXPLAIN);
    } else if (strcmp(status, RUNDIR_STATUS_SUCCEEDED) != 0) {
      print_table(s, n, out);
      print_failures(s, n, end - submit, out);
    } else {
      print_table(s, n, out);
      print_story(s, n, submit, end, out);
    }
    free(s);
  }
  if (!status && !found) {
    int len = snprintf(err, errlen, "%s/%s: no job %s; its jobs:", dir, RUNDIR_JOBS, job);
    for (int r = 1; r < jobs->n_rows && len > 0 && (size_t)len < errlen; r++)
      len += snprintf(err + len, errlen - (size_t)len, " %s", csv_cell(jobs, r, 0));
    status = 2;
  }
  csv_free(t);
  csv_free(jobs);
  return status;
}
