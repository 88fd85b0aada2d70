/* trace.c - trace.paje: a run's timeline in the Paje trace format, for
 * ViTE, or pajeng's pj_dump to summarize it.
 *
 * The trace is written after the run from mrlab's own records of the
 * attempts, the ones tasks.csv holds, not through SimGrid's tracing
 * (--cfg=tracing:yes): that aborts on mrlab's platforms (an assertion
 * about a split-duplex link such as nic-master_DOWN), and it would show
 * SimGrid's hosts and links, not Hadoop's slots and phases.
 *
 * Containers: the cluster, its racks, their hosts, and in each host one
 * lane per attempt it ran at once, map lanes then reduce lanes.  An
 * attempt takes the lowest lane of its host and kind that is free at its
 * start (as the Gantt chart of `mrlab plot` gives it a row), so a lane's
 * states never overlap.  On its lane an attempt is one state, pushed at
 * its start and popped at its end, whose value says its kind or that it
 * was killed; its phases are states nested in it, one level down: the
 * start-up (mrlab.task.startup), then its kind's four phases as tasks.csv
 * cuts them (a map's read, map, spill, merge; a reduce's shuffle, sort,
 * reduce, write; a map of a map-only job also writes), each from the end
 * of the one before to its own end, cut at the attempt's end, and left out
 * when empty.  Each push carries the attempt's name (JOB/TASK_ATTEMPT) in
 * a field of its own, which `pj_dump -u` prints.
 *
 * Paje wants the lines in time order and every container created before
 * use and destroyed at the end: the containers are created at time 0, the
 * pushes and pops are sorted by time, then by the attempt's order of start
 * (so on one lane the attempt that ends at T pops before the one that
 * starts at T pushes), then by their order within the attempt; the
 * containers are destroyed, innermost first, when the last attempt or job
 * ended.  Times are simulated seconds printed with %.9f, so a seed gives
 * the same bytes. */
#include "trace.h"

#include "alloc.h"

#include <assert.h>
#include <stdlib.h>

/* The values of the state type: an attempt's, then its phases'. */
enum {
  VALUE_MAP_ATTEMPT,
  VALUE_REDUCE_ATTEMPT,
  VALUE_KILLED,
  VALUE_FAILED,
  VALUE_STARTUP,
  VALUE_PHASES,                                  /* a map's four phases, then a reduce's */
  VALUE_MAP_WRITE = VALUE_PHASES + 2 * N_PHASES, /* a map of a map-only job writing to HDFS */
  VALUE_N
};
static const struct {
  const char *alias, *name, *color; /* the colours of `mrlab plot`'s Gantt chart (plots/common.gp) */
} values[VALUE_N] = {
    {"am", "map attempt", "0.80 0.80 0.80"},     {"ar", "reduce attempt", "0.80 0.80 0.80"},
    {"ak", "killed attempt", "0.00 0.00 0.00"},  {"af", "failed attempt", "1.00 0.00 0.00"},
    {"pu", "start-up", "0.60 0.60 0.60"},
    {"pr", "map: read", "0.34 0.71 0.91"},       {"pm", "map: map", "0.00 0.45 0.70"},
    {"ps", "map: spill", "0.00 0.62 0.45"},      {"pg", "map: merge", "0.80 0.47 0.65"},
    {"rf", "reduce: shuffle", "0.90 0.62 0.00"}, {"rs", "reduce: sort", "0.94 0.89 0.26"},
    {"rr", "reduce: reduce", "0.84 0.37 0.00"},  {"rw", "reduce: write", "0.53 0.13 0.33"},
    {"pw", "map: write", "0.53 0.13 0.33"},
};

/* A push (VALUE >= 0) or a pop (-1) of attempt A's state stack on its lane. */
typedef struct {
  double time;
  int rank; /* A's place in the order of start */
  int step; /* the event's place among A's */
  int value;
  const attempt *a;
} trace_event;

static int by_start(const void *x, const void *y)
{
  const attempt *a = *(const attempt *const *)x, *b = *(const attempt *const *)y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  const task *s = a->task, *t = b->task; /* then as tasks.csv lists them */
  if (s->job->index != t->job->index)
    return s->job->index < t->job->index ? -1 : 1;
  if (s->kind != t->kind)
    return s->kind < t->kind ? -1 : 1;
  if (s->index != t->index)
    return s->index < t->index ? -1 : 1;
  return a->number < b->number ? -1 : a->number > b->number;
}

static int by_time(const void *x, const void *y)
{
  const trace_event *a = x, *b = y;
  if (a->time != b->time)
    return a->time < b->time ? -1 : 1;
  if (a->rank != b->rank)
    return a->rank < b->rank ? -1 : 1;
  return a->step < b->step ? -1 : a->step > b->step;
}

/* Appends to EV (N events so far) attempt A's pushes and pops, A ranked RANK. */
static void attempt_events(const attempt *a, int rank, trace_event *ev, size_t *n)
{
  const job *j = a->task->job;
  int step = 0, map = a->task->kind == KIND_MAP;
  int value = a->status == STATUS_KILLED   ? VALUE_KILLED
              : a->status == STATUS_FAILED ? VALUE_FAILED
              : map                        ? VALUE_MAP_ATTEMPT
                                           : VALUE_REDUCE_ATTEMPT;
  ev[(*n)++] = (trace_event){a->start, rank, step++, value, a};
  /* the phases' ends: start-up, the kind's four, and a map-only job's write */
  double ends[N_PHASES + 2];
  int phase_values[N_PHASES + 2], n_phases = 0;
  ends[n_phases] = a->start + conf_get(&j->desc->conf, CONF_TASK_STARTUP);
  phase_values[n_phases++] = VALUE_STARTUP;
  for (int p = 0; p < N_PHASES; p++) {
    ends[n_phases] = a->phase_end[p];
    phase_values[n_phases++] = VALUE_PHASES + (map ? 0 : N_PHASES) + p;
  }
  if (map && !j->n_reduces) {
    ends[n_phases] = a->write_end;
    phase_values[n_phases++] = VALUE_MAP_WRITE;
  }
  double from = a->start;
  for (int p = 0; p < n_phases; p++) {
    double to = ends[p] < a->end ? ends[p] : a->end; /* a killed attempt stopped in one */
    if (to > from) {
      ev[(*n)++] = (trace_event){from, rank, step++, phase_values[p], a};
      ev[(*n)++] = (trace_event){to, rank, step++, -1, a};
      from = to;
    }
  }
  ev[(*n)++] = (trace_event){a->end, rank, step++, -1, a};
}

/* Gives each attempt of BY (N, in order of start) its lane into LANE, per
 * host and kind the lowest one free at its start, and counts the lanes of
 * each worker's kinds into N_LANES (2 per worker: maps, reduces). */
static void lanes_assign(const attempt *const *by, size_t n, int n_workers, int *lane, int *n_lanes)
{
  double **free_at = xcalloc(2 * (size_t)n_workers, sizeof *free_at); /* per host and kind: when each lane frees */
  for (size_t k = 0; k < n; k++) {
    int h = 2 * by[k]->worker + (by[k]->task->kind == KIND_REDUCE), l = 0;
    while (l < n_lanes[h] && free_at[h][l] > by[k]->start)
      l++;
    if (l == n_lanes[h])
      free_at[h] = xrealloc(free_at[h], (size_t)++n_lanes[h] * sizeof *free_at[h]);
    free_at[h][l] = by[k]->end;
    lane[k] = l;
  }
  for (int h = 0; h < 2 * n_workers; h++)
    free(free_at[h]);
  free(free_at);
}

/* The Paje header: the events this file uses, with their fields. */
static void write_header(FILE *f)
{
  static const char *const defs[] = {
      "PajeDefineContainerType 0\n%\tAlias string\n%\tType string\n%\tName string",
      "PajeDefineStateType 1\n%\tAlias string\n%\tType string\n%\tName string",
      "PajeDefineEntityValue 2\n%\tAlias string\n%\tType string\n%\tName string\n%\tColor color",
      "PajeCreateContainer 3\n%\tTime date\n%\tAlias string\n%\tType string\n%\tContainer string\n%\tName string",
      "PajeDestroyContainer 4\n%\tTime date\n%\tType string\n%\tName string",
      "PajePushState 5\n%\tTime date\n%\tType string\n%\tContainer string\n%\tValue string\n%\tAttempt string",
      "PajePopState 6\n%\tTime date\n%\tType string\n%\tContainer string",
  };
  for (size_t k = 0; k < sizeof defs / sizeof *defs; k++)
    fprintf(f, "%%EventDef %s\n%%EndEventDef\n", defs[k]);
  fprintf(f, "0 C 0 Cluster\n0 R C Rack\n0 H R Host\n0 L H Lane\n1 S L Attempt\n");
  for (int v = 0; v < VALUE_N; v++)
    fprintf(f, "2 %s S \"%s\" \"%s\"\n", values[v].alias, values[v].name, values[v].color);
}

/* Creates (DESTROY 0, at time 0) or destroys (DESTROY 1, at END, in the
 * reverse order) the cluster, its racks, hosts and lanes: lane L of kind
 * K on worker W is hWkL (k: m or r). */
static void write_containers(const engine *e, const int *n_lanes, int destroy, double end, FILE *f)
{
  const platform *p = e->platform;
  static const char kinds[2] = {'m', 'r'};
  static const char *const kind_names[2] = {"map", "reduce"};
  if (!destroy)
    fprintf(f, "3 0.000000000 c C 0 %s\n", p->name);
  for (int ri = 0; ri < p->n_racks; ri++) {
    int r = destroy ? p->n_racks - 1 - ri : ri;
    if (!destroy)
      fprintf(f, "3 0.000000000 r%d R c %s\n", r, p->racks[r].name);
    for (int wi = 0; wi < p->n_workers; wi++) {
      int w = destroy ? p->n_workers - 1 - wi : wi;
      if (p->workers[w].rack != r)
        continue;
      if (!destroy)
        fprintf(f, "3 0.000000000 h%d H r%d %s\n", w, r, p->workers[w].name);
      for (int ki = 0; ki < 2; ki++) {
        int k = destroy ? 1 - ki : ki;
        for (int li = 0; li < n_lanes[2 * w + k]; li++) {
          int l = destroy ? n_lanes[2 * w + k] - 1 - li : li;
          if (destroy)
            fprintf(f, "4 %.9f L h%d%c%d\n", end, w, kinds[k], l);
          else
            fprintf(f, "3 0.000000000 h%d%c%d L h%d \"%s %s %d\"\n", w, kinds[k], l, w, p->workers[w].name,
                    kind_names[k], l + 1);
        }
      }
      if (destroy)
        fprintf(f, "4 %.9f H h%d\n", end, w);
    }
    if (destroy)
      fprintf(f, "4 %.9f R r%d\n", end, r);
  }
  if (destroy)
    fprintf(f, "4 %.9f C c\n", end);
}

/* Every attempt of E, in order of start, their number into *N, and when
 * the last attempt or job ended into *END. */
static const attempt **attempts_by_start(const engine *e, size_t *n, double *end)
{
  size_t cap = 64;
  const attempt **by = xmalloc(cap * sizeof *by);
  *n = 0;
  *end = 0;
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    *end = j->end > *end ? j->end : *end;
    for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
      const task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
      for (int k = 0; k < tk->n_attempts; k++) {
        const attempt *a = tk->attempts[k];
        assert(a->end >= a->start); /* every attempt ends before the run does */
        *end = a->end > *end ? a->end : *end;
        if (*n == cap)
          by = xrealloc(by, (cap *= 2) * sizeof *by);
        by[(*n)++] = a;
      }
    }
  }
  qsort(by, *n, sizeof *by, by_start);
  return by;
}

void trace_write(const engine *e, FILE *f)
{
  size_t n;
  double end;
  const attempt **by = attempts_by_start(e, &n, &end);
  int *lane = xmalloc((n + 1) * sizeof *lane), *n_lanes = xcalloc(2 * (size_t)e->platform->n_workers, sizeof *n_lanes);
  lanes_assign(by, n, e->platform->n_workers, lane, n_lanes);
  trace_event *ev = xmalloc((2 * (N_PHASES + 3) * n + 1) * sizeof *ev);
  size_t n_ev = 0;
  for (size_t k = 0; k < n; k++)
    attempt_events(by[k], (int)k, ev, &n_ev);
  qsort(ev, n_ev, sizeof *ev, by_time);
  write_header(f);
  write_containers(e, n_lanes, 0, end, f);
  for (size_t k = 0; k < n_ev; k++) {
    const attempt *a = ev[k].a;
    int l = lane[ev[k].rank];
    char kind = a->task->kind == KIND_MAP ? 'm' : 'r';
    if (ev[k].value < 0)
      fprintf(f, "6 %.9f S h%d%c%d\n", ev[k].time, a->worker, kind, l);
    else
      fprintf(f, "5 %.9f S h%d%c%d %s %s/%c%06d_%d\n", ev[k].time, a->worker, kind, l, values[ev[k].value].alias,
              a->task->job->desc->name, kind, a->task->index, a->number);
  }
  write_containers(e, n_lanes, 1, end, f);
  free(ev);
  free(lane);
  free(n_lanes);
  free(by);
}
