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
 * launch, phase ends, end, report), so it runs once a job is over, as the
 * job is retired (retire.h), or at the end of the run for the jobs kept:
 * each segment is recorded with what its attempt tells of its bottleneck,
 * and the bottleneck is judged by the utilisation samples when explain.csv
 * is written, once they are all taken.  It is a file of its own because it
 * is one question, asked of the whole run. */
#include "critpath.h"

#include "alloc.h"
#include "bottleneck.h"
#include "retire.h"
#include "rundir.h"

#include <math.h>
#include <stdlib.h>
#include <xbt/asserts.h>
#include <xbt/config.h>

typedef struct {
  int what;          /* CRIT_* (rundir.h): a stage or a wait */
  const attempt *a;  /* the attempt of a stage, or the one a wait follows; NULL for the job's own */
  double start, end; /* start <= end; each segment's end is the next one's start */
} crit_segment;

/* s: how far a recorded time may stray from the order the walk expects:
 * rounding, and SimGrid's timing precision (--cfg=surf/precision), within
 * which it ends an activity early, so that a stage can end before mrlab's
 * own sum of the waits before it (a task's launch plus its start-up). */
static double slack(void)
{
  return 1e-6 + sg_cfg_get_double("surf/precision");
}

typedef struct {
  const engine *e;
  const job *j;
  crit_segment *s;       /* the segments found, latest first */
  int n, cap;
  double t, lo;          /* the cursor, and the job's submit time */
  double slack;          /* slack() */
} walk;

/* Accounts for [START, cursor) as WHAT of attempt A, and moves the cursor to START. */
static void push(walk *w, int what, const attempt *a, double start)
{
  xbt_assert(start <= w->t + w->slack, "critical path of %s: %s at %.9f after the cursor %.9f", w->j->desc->name,
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
  return to - from > w->e->heartbeat + w->slack ? CRIT_SLOT : CRIT_HEARTBEAT;
}

/* Use U of a slot with what the walk reads of it (its attempt's, while its job is kept). */
static slot_use slot_use_of(const slot_use *u)
{
  const attempt *x = u->a;
  if (!x)
    return *u;
  return (slot_use){.a = x,
                    .start = x->start,
                    .end = x->end,
                    .reported = x->reported,
                    .job = x->task->job->index,
                    .kind = x->task->kind,
                    .index = x->task->index,
                    .number = x->number};
}

/* Whether use X comes before Y in the order of the run's attempts: by job, maps first, task, attempt. */
static int listed_before(const slot_use *x, const slot_use *y)
{
  if (x->job != y->job)
    return x->job < y->job;
  if (x->kind != y->kind)
    return x->kind < y->kind;
  if (x->index != y->index)
    return x->index < y->index;
  return x->number < y->number;
}

/* The use of the slot (YARN: container) on A's worker that freed last in
 * (FROM, A's assignment], into *BEST; 0 if none: a Hadoop 1 slot of A's
 * kind frees when the attempt ends, a container when the ResourceManager
 * learns of it.  Of those that freed at once, one of A's job, else the
 * first in the order of the run's attempts.  Retired jobs' attempts are
 * among the tracker's uses as copies (retire.c), so the walk does not
 * depend on which jobs were retired. */
static int slot_holder(const walk *w, const attempt *a, double from, slot_use *best)
{
  int yarn = w->e->rm != NULL, found = 0, best_own = 0;
  double best_freed = from;
  const tracker *tr = &w->e->trackers[a->worker];
  for (int i = 0; i < tr->n_uses; i++) {
    slot_use x = slot_use_of(&tr->uses[i]);
    double freed = yarn ? x.reported : x.end;
    if (x.a == a || (!yarn && x.kind != (int)a->task->kind) || x.start >= a->start || freed > a->start || freed <= from)
      continue;
    int own = x.job == w->j->index;
    if (!found || freed > best_freed ||
        (freed == best_freed && (own > best_own || (own == best_own && listed_before(&x, best))))) {
      *best = x;
      best_freed = freed;
      best_own = own;
      found = 1;
    }
  }
  return found;
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
  slot_use b = {0};
  if (slot_holder(w, a, free_at, &b)) { /* the slot freed as B ended, and was filled at a heartbeat */
    int walk_on = b.job == j->index && b.a->status == STATUS_SUCCEEDED;
    /* (in YARN mode B's container freed when it was reported, which may be after A could first run) */
    push(w, CRIT_HEARTBEAT, walk_on ? b.a : a, walk_on ? b.end : fmax(b.end, free_at));
    if (walk_on)
      return b.a;
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

/* Job J's critical path in time order into *SEGS (the caller frees it);
 * returns the number of segments.  Segments of no length are left out. */
static int walk_job(const engine *e, const job *j, crit_segment **segs)
{
  walk w = {.e = e, .j = j, .t = j->end, .lo = j->submit, .slack = slack()};
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

/* One row of explain.csv as recorded (critpath_record), followed by its
 * plan's flows, N_FLOWS pairs of ints. */
typedef struct { /* without padding, so that no uninitialised byte is written */
  double start, end;
  int what, kind, index, number, worker; /* its attempt's identity; index -1 without one */
  int limit, by_rack, n_flows;           /* its bottleneck_plan */
} explain_record;

void critpath_record(const engine *e, const job *j, FILE *f)
{
  crit_segment *s;
  int n = walk_job(e, j, &s);
  for (int k = 0; k < n; k++) {
    const attempt *a = s[k].a;
    bottleneck_plan plan = {.kind = -1};
    if (a && s[k].what < CRIT_N_STAGES)
      bottleneck_plan_stage(e, a, s[k].what, &plan);
    explain_record r = {.what = s[k].what,
                        .kind = a ? (int)a->task->kind : 0,
                        .index = a ? a->task->index : -1,
                        .number = a ? a->number : 0,
                        .worker = a ? a->worker : 0,
                        .start = s[k].start,
                        .end = s[k].end,
                        .limit = plan.kind,
                        .by_rack = plan.by_rack,
                        .n_flows = plan.n};
    fwrite(&r, sizeof r, 1, f);
    if (plan.n)
      fwrite(plan.flows, sizeof *plan.flows, (size_t)plan.n, f);
    free(plan.flows);
  }
  free(s);
}

void critpath_write(const engine *e, FILE *f)
{
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    long len;
    FILE *in = retire_piece(e, RETIRE_EXPLAIN, j, &len);
    for (int k = 0; len > 0; k++) {
      explain_record r;
      xbt_assert(fread(&r, sizeof r, 1, in) == 1, "explain.csv: a temporary file cannot be read");
      bottleneck_plan plan = {.kind = r.limit, .worker = r.worker, .by_rack = r.by_rack, .n = r.n_flows};
      if (plan.n) {
        plan.flows = xmalloc((size_t)plan.n * sizeof *plan.flows);
        xbt_assert(fread(plan.flows, sizeof *plan.flows, (size_t)plan.n, in) == (size_t)plan.n,
                   "explain.csv: a temporary file cannot be read");
      }
      len -= (long)(sizeof r + (size_t)plan.n * sizeof *plan.flows);
      fprintf(f, "%s,%d,%s,%s,", j->desc->name, k + 1,
              r.what < CRIT_N_STAGES ? RUNDIR_EXPLAIN_STAGE : RUNDIR_EXPLAIN_WAIT, rundir_explain_what[r.what]);
      if (r.index >= 0)
        fprintf(f, "%c%06d,%d,%s", r.kind == KIND_MAP ? 'm' : 'r', r.index, r.number,
                e->platform->workers[r.worker].name);
      else
        fprintf(f, "%s,,", r.what == CRIT_AM_STARTUP ? "am" : "");
      fprintf(f, ",%.9f,%.9f,%.9f,", r.start, r.end, r.end - r.start);
      bottleneck l;
      bottleneck_resolve(e, &plan, r.start, r.end, &l);
      if (l.kind >= 0 && l.used >= 0)
        fprintf(f, "%s,%s,%.3f\n", rundir_explain_limits[l.kind], l.resource, l.used);
      else if (l.kind >= 0)
        fprintf(f, "%s,%s,\n", rundir_explain_limits[l.kind], l.resource);
      else
        fprintf(f, ",,\n");
      free(plan.flows);
    }
  }
}
