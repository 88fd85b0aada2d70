/* critpath.c - each job's critical path, and explain.csv (critpath.h).
 *
 * The walk keeps a cursor, a time before which nothing is accounted for
 * yet; it starts at the job's end and each segment found moves it back to
 * the segment's start, down to the job's submit time.  So the segments
 * tile the job's time by construction, and what the walk decides is only
 * what each stretch is called and where to look next:
 *
 * - the job ended when the JobTracker learnt of its last task: a
 *   heartbeat's wait after that task's attempt ended;
 * - an attempt is its stages, backwards from its end (tasks.csv's phase
 *   ends; its start-up is mrlab.task.startup from its launch); a reduce's
 *   shuffle cannot end before the last map output it took was announced
 *   (with lost workers, lost.h, the last output a reduce took need not be
 *   the last announced), so when the shuffle began before that, the walk
 *   goes on from the shuffle's tail to that map (a wait for the map output
 *   between the map's end and its report, then the map itself);
 * - an attempt was assigned at a heartbeat: before that, the answer's way
 *   to its tracker; why not earlier: the slot (a Hadoop 1 slot of its kind
 *   on its worker, or in YARN mode the node's capacity) that another
 *   attempt held until later than the attempt could run (then that
 *   attempt, if it was its own job's and succeeded, else a wait for the
 *   slot), or else what it waited for: slow-start (the map that completed
 *   the fraction), the speculator (the slow attempt it copies), its
 *   preempted or failed predecessor (its life from launch to report, then
 *   the wait for its rerun's assignment), or the job's own start (its
 *   ApplicationMaster, the redistribution of its input, the job client's
 *   NameNode calls);
 * - a job that failed ended when the JobTracker learnt of the failure
 *   that failed it: the path runs through that failed attempt; a job that
 *   never ran (one it waited for failed) has no path.
 *
 * It reads only what the engine recorded of each attempt (assignment,
 * launch, phase ends, end, report), so it runs after the simulation, as
 * the reports do; it is a file of its own because it is one question,
 * asked of the whole run. */
#include "critpath.h"

#include "alloc.h"
#include "bottleneck.h"
#include "rundir.h"

#include <math.h>
#include <stdlib.h>
#include <xbt/asserts.h>

#define SLACK 1e-6 /* s: how far a recorded time may stray from the order the walk expects (rounding) */

typedef struct {
  const engine *e;
  const job *j;
  const attempt ***on;   /* per worker, every attempt of the run that ran there, */
  int *n_on;             /* and how many */
  crit_segment *s;       /* the segments found, latest first */
  int n, cap;
  double t, lo;          /* the cursor, and the job's submit time */
} walk;

/* Accounts for [START, cursor) as WHAT of attempt A, and moves the cursor to START. */
static void push(walk *w, int what, const attempt *a, double start)
{
  xbt_assert(start <= w->t + SLACK, "critical path of %s: %s at %.9f after the cursor %.9f", w->j->desc->name,
             rundir_explain_what[what], start, w->t);
  start = fmax(fmin(start, w->t), w->lo);
  if (start < w->t) {
    if (w->n == w->cap) {
      w->cap = w->cap ? 2 * w->cap : 32;
      w->s = xrealloc(w->s, (size_t)w->cap * sizeof *w->s);
    }
    w->s[w->n++] = (crit_segment){.what = what, .a = a, .start = start, .end = w->t};
  }
  w->t = start;
}

/* The attempt of task T that succeeded, or NULL. */
static const attempt *winner(const task *t)
{
  for (int k = 0; k < t->n_attempts; k++)
    if (t->attempts[k]->status == STATUS_SUCCEEDED)
      return t->attempts[k];
  return NULL;
}

/* The successful attempt of J's tasks of KIND that the JobTracker learnt of
 * at WHEN (the latest to end if several were reported then). */
static const attempt *reported_at(const job *j, task_kind kind, double when)
{
  const task *tasks = kind == KIND_MAP ? j->maps : j->reduces;
  const attempt *best = NULL;
  for (int i = 0; i < (kind == KIND_MAP ? j->n_maps : j->n_reduces); i++) {
    const attempt *a = winner(&tasks[i]);
    if (a && a->reported == when && (!best || a->end > best->end))
      best = a;
  }
  xbt_assert(best, "critical path of %s: no %s reported at %.9f", j->desc->name, kind == KIND_MAP ? "map" : "reduce",
             when);
  return best;
}

/* The wait of an attempt that became free to run at FROM and was assigned
 * at TO: a heartbeat's, unless longer than one heartbeat interval. */
static int assignment_wait(const walk *w, double from, double to)
{
  return to - from > w->e->heartbeat + SLACK ? CRIT_SLOT : CRIT_HEARTBEAT;
}

/* The attempt whose slot (YARN: container) on A's worker freed last in
 * (FROM, A's assignment], or NULL: a Hadoop 1 slot of A's kind frees when
 * the attempt ends, a container when the ResourceManager learns of it. */
static const attempt *slot_holder(const walk *w, const attempt *a, double from)
{
  int yarn = w->e->rm != NULL;
  const attempt *best = NULL;
  double best_freed = from;
  for (int i = 0; i < w->n_on[a->worker]; i++) {
    const attempt *x = w->on[a->worker][i];
    double freed = yarn ? x->reported : x->end;
    if (x == a || (!yarn && x->task->kind != a->task->kind) || x->start >= a->start || freed > a->start ||
        freed <= from)
      continue;
    if (!best || freed > best_freed || (freed == best_freed && x->task->job == w->j && best->task->job != w->j)) {
      best = x;
      best_freed = freed;
    }
  }
  return best;
}

/* Walks back from A's assignment (the cursor there): returns the attempt
 * whose end the walk goes on from, or NULL once the job's own start is
 * reached (the cursor then at the time its tasks could first run). */
static const attempt *assigned(walk *w, const attempt *a)
{
  const job *j = w->j;
  const task *t = a->task;
  enum { JOB, SLOWSTART, SPECULATION, RERUN } why = JOB;
  const attempt *via = NULL;
  double ready = fmax(fmax(j->ready, j->submit + j->redistribution_time), j->am_ready), free_at = ready;
  if (a->speculative) { /* it copies the task's latest attempt that was not a twin */
    why = SPECULATION, via = t->attempts[0];
    for (int k = 1; k < a->number; k++)
      via = t->attempts[k]->speculative ? via : t->attempts[k];
    free_at = fmax(free_at, a->asked);
  } else if (a->number > 0) { /* the rerun of its latest preempted, failed or lost attempt */
    for (int k = a->number - 1; k >= 0 && !via; k--)
      if (t->attempts[k]->preempted || t->attempts[k]->status == STATUS_FAILED || t->attempts[k]->cause == CAUSE_LOST)
        via = t->attempts[k];
    xbt_assert(via, "critical path of %s: attempt %d of a task rerun for no reason", j->desc->name, a->number);
    why = RERUN;
    free_at = fmax(free_at, via->output_lost > 0 ? via->output_lost : via->reported);
  } else if (t->kind == KIND_REDUCE) {
    int k = (int)ceil(conf_get(&j->desc->conf, CONF_SLOWSTART) * j->n_maps);
    const attempt *m = k > 0 ? j->finished_maps[k - 1] : NULL;
    if (m && m->reported > free_at)
      why = SLOWSTART, via = m, free_at = m->reported;
  }
  const attempt *b = slot_holder(w, a, free_at);
  if (b) { /* the slot freed as B ended, and was filled at a heartbeat */
    int walk_on = b->task->job == j && b->status == STATUS_SUCCEEDED;
    /* (in YARN mode B's container freed when it was reported, which may be after A could first run) */
    push(w, CRIT_HEARTBEAT, walk_on ? b : a, walk_on ? b->end : fmax(b->end, free_at));
    if (walk_on)
      return b;
    push(w, CRIT_SLOT, a, free_at);
  } else if (why != SLOWSTART) {
    push(w, assignment_wait(w, free_at, a->start), a, free_at);
  }
  switch (why) {
  case SLOWSTART: push(w, CRIT_SLOWSTART, a, via->end); return via;
  case SPECULATION: push(w, CRIT_SPECULATION, via, via->launched); break;
  case RERUN:
    push(w,
         via->status == STATUS_FAILED ? CRIT_FAILED
         : via->cause == CAUSE_LOST   ? CRIT_LOST
                                      : CRIT_PREEMPTED,
         via, via->launched);
    break;
  case JOB: return NULL;
  }
  push(w, CRIT_HEARTBEAT, via, via->start);
  return assigned(w, via);
}

/* Walks back over attempt A's stages from its end (the cursor there) to
 * its launch; or, for a reduce whose shuffle began before the last map
 * output was announced, to that announcement: returns the map attempt to
 * go on from then, else NULL. */
static const attempt *stages(walk *w, const attempt *a)
{
  const job *j = w->j;
  double up = a->launched + conf_get(&j->desc->conf, CONF_TASK_STARTUP);
  if (a->task->kind == KIND_REDUCE) {
    push(w, CRIT_WRITE, a, a->phase_end[PHASE_REDUCE]);
    push(w, CRIT_REDUCE, a, a->phase_end[PHASE_SORT]);
    push(w, CRIT_SORT, a, a->phase_end[PHASE_SHUFFLE]);
    const attempt *m = a->needed;
    if (m && up < m->reported) {
      push(w, CRIT_SHUFFLE, a, m->reported);
      push(w, CRIT_MAP_OUTPUT, m, m->end);
      return m;
    }
    push(w, CRIT_SHUFFLE, a, up);
  } else {
    if (!j->n_reduces) { /* a map-only job's map streams its output to HDFS as it maps */
      push(w, CRIT_WRITE, a, a->phase_end[PHASE_MAP]);
    } else {
      push(w, CRIT_MERGE, a, a->phase_end[PHASE_SPILL]);
      push(w, CRIT_SPILL, a, a->phase_end[PHASE_MAP]);
    }
    push(w, CRIT_MAP, a, a->phase_end[PHASE_READ]);
    push(w, CRIT_READ, a, up);
  }
  push(w, CRIT_STARTUP, a, a->launched);
  return NULL;
}

/* The waits before job J's first task could run: its ApplicationMaster
 * (YARN), then the redistribution of its input or the client's calls. */
static void job_start(walk *w)
{
  const job *j = w->j;
  double redistributed = j->submit + j->redistribution_time;
  if (j->am_ready > 0) {
    push(w, CRIT_AM_STARTUP, NULL, j->start);
    double could = fmax(j->ready, redistributed);
    push(w, assignment_wait(w, could, j->start), NULL, could);
  }
  push(w, redistributed > j->ready ? CRIT_REDISTRIBUTION : CRIT_SUBMISSION, NULL, j->submit);
}

/* The walk over job J, with the attempts of each worker listed in ON and N_ON. */
static int walk_job(const engine *e, const job *j, const attempt ***on, int *n_on, crit_segment **segs)
{
  walk w = {.e = e, .j = j, .on = on, .n_on = n_on, .t = j->end, .lo = j->submit};
  if (j->status == JOB_DEPENDENT_FAILED) { /* it never ran: no time to account for */
    *segs = xmalloc(sizeof **segs);
    return 0;
  }
  const attempt *a = j->fatal ? j->fatal : reported_at(j, j->n_reduces ? KIND_REDUCE : KIND_MAP, j->end);
  push(&w, CRIT_HEARTBEAT, a, a->end);
  if (j->fatal) { /* the failure that failed it: the attempt's life, then how it was assigned */
    push(&w, CRIT_FAILED, a, a->launched);
    push(&w, CRIT_HEARTBEAT, a, a->start);
    a = assigned(&w, a);
  }
  int guard = 0;
  for (int i = 0; i < j->n_maps + j->n_reduces; i++)
    guard += (i < j->n_maps ? j->maps[i] : j->reduces[i - j->n_maps]).n_attempts;
  for (int steps = 0; a; steps++) {
    xbt_assert(steps <= 2 * guard, "critical path of %s: the walk does not end", j->desc->name);
    const attempt *m = stages(&w, a);
    if (m) {
      a = m;
      continue;
    }
    push(&w, CRIT_HEARTBEAT, a, a->start); /* the heartbeat's answer on its way to the tracker */
    a = assigned(&w, a);
  }
  job_start(&w);
  xbt_assert(w.t == w.lo, "critical path of %s: %.9f s left", j->desc->name, w.t - w.lo);
  /* latest first to time order, a stretch of one kind of one attempt in one segment */
  crit_segment *s = xmalloc((size_t)(w.n ? w.n : 1) * sizeof *s);
  int n = 0;
  for (int i = w.n - 1; i >= 0; i--)
    if (n && s[n - 1].what == w.s[i].what && s[n - 1].a == w.s[i].a)
      s[n - 1].end = w.s[i].end;
    else
      s[n++] = w.s[i];
  free(w.s);
  *segs = s;
  return n;
}

/* Lists every attempt of E by its worker into *ON and *N_ON (the caller frees both and each list). */
static void attempts_by_worker(const engine *e, const attempt ****on, int **n_on)
{
  int n_workers = e->platform->n_workers;
  const attempt ***lists = xcalloc((size_t)n_workers, sizeof *lists);
  int *n = xcalloc((size_t)n_workers, sizeof *n), *cap = xcalloc((size_t)n_workers, sizeof *cap);
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    for (int k = 0; k < j->n_maps + j->n_reduces; k++) {
      const task *t = k < j->n_maps ? &j->maps[k] : &j->reduces[k - j->n_maps];
      for (int x = 0; x < t->n_attempts; x++) {
        int wk = t->attempts[x]->worker;
        if (n[wk] == cap[wk]) {
          cap[wk] = cap[wk] ? 2 * cap[wk] : 8;
          lists[wk] = xrealloc(lists[wk], (size_t)cap[wk] * sizeof *lists[wk]);
        }
        lists[wk][n[wk]++] = t->attempts[x];
      }
    }
  }
  free(cap);
  *on = lists;
  *n_on = n;
}

static void free_lists(const engine *e, const attempt ***on, int *n_on)
{
  for (int i = 0; i < e->platform->n_workers; i++)
    free(on[i]);
  free(on);
  free(n_on);
}

int critpath_job(const engine *e, const job *j, crit_segment **segs)
{
  const attempt ***on;
  int *n_on;
  attempts_by_worker(e, &on, &n_on);
  int n = walk_job(e, j, on, n_on, segs);
  free_lists(e, on, n_on);
  return n;
}

void critpath_write(const engine *e, FILE *f)
{
  const attempt ***on;
  int *n_on;
  attempts_by_worker(e, &on, &n_on);
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    crit_segment *s;
    int n = walk_job(e, j, on, n_on, &s);
    for (int k = 0; k < n; k++) {
      fprintf(f, "%s,%d,%s,%s,", j->desc->name, k + 1,
              s[k].what < CRIT_N_STAGES ? RUNDIR_EXPLAIN_STAGE : RUNDIR_EXPLAIN_WAIT, rundir_explain_what[s[k].what]);
      const attempt *a = s[k].a;
      if (a)
        fprintf(f, "%c%06d,%d,%s", a->task->kind == KIND_MAP ? 'm' : 'r', a->task->index, a->number,
                e->platform->workers[a->worker].name);
      else
        fprintf(f, "%s,,", s[k].what == CRIT_AM_STARTUP ? "am" : "");
      fprintf(f, ",%.9f,%.9f,%.9f,", s[k].start, s[k].end, s[k].end - s[k].start);
      bottleneck l = {.kind = -1};
      if (a && s[k].what < CRIT_N_STAGES)
        bottleneck_stage(e, a, s[k].what, s[k].start, s[k].end, &l);
      if (l.kind >= 0 && l.used >= 0)
        fprintf(f, "%s,%s,%.3f\n", rundir_explain_limits[l.kind], l.resource, l.used);
      else if (l.kind >= 0)
        fprintf(f, "%s,%s,\n", rundir_explain_limits[l.kind], l.resource);
      else
        fprintf(f, ",,\n");
    }
    free(s);
  }
  free_lists(e, on, n_on);
}
