/* sweep.c - finished jobs recorded and retired while the run goes on (sweep.h).
 *
 * A job waits in the list of ended jobs (retire.h)
 * until nothing can reach its tasks any more: an attempt of it not yet
 * learnt of (a killed twin may end after its job, and its tracker still
 * reports it), a prefetch actor or a reserved map (prefetch.c), a coarse
 * shuffle group (coarse.c), a workflow's job that will read its output
 * (engine_submit).  The schedulers, the speculators, the progress sampler
 * and the YARN ApplicationMasters look only at jobs not yet ended, and
 * those keep their tasks.  Then its pieces are written (report_record,
 * critpath_record) and its tasks freed (engine_retire_job), with its
 * progress view (indicators.h).
 *
 * The critical path of a job (critpath.c) also asks of other jobs'
 * attempts on the same workers: which one freed the slot it waited for.
 * So each tracker lists every attempt that ran there (slot_use); a retired
 * job's entries become copies of the few times the walk reads, and those
 * that freed their slot before the submission of every job not retired
 * yet (no walk can reach back beyond it) are dropped. */
#include "sweep.h"

#include "coarse.h"
#include "critpath.h"
#include "indicators.h"
#include "jobs.h"
#include "report.h"
#include "retire.h"

#include <simgrid/engine.h>
#include <xbt/asserts.h>

#include <math.h>
#include <stdio.h>

/* Writes J's pieces and sums (its tasks stay). */
static void record(engine *e, job *j)
{
  struct retire_state *s = e->retire;
  engine_job_make(e, j); /* a job that never ran: a job it waited for failed */
  long *at[RETIRE_N];
  for (int k = 0; k < RETIRE_N; k++) {
    at[k] = s->piece[j->index][k];
    at[k][0] = ftell(s->stream[k]);
  }
  for (int64_t b = 0; b < j->input->n_blocks; b++)
    for (int r = 0; r < j->input->replication; r++)
      e->input_blocks[hdfs_replica(j->input, b, r)]++;
  report_record(e, j, s->stream[RETIRE_TASKS], s->stream[RETIRE_GROUPS], s->stream[RETIRE_PRINT]);
  critpath_record(e, j, s->stream[RETIRE_EXPLAIN]);
  for (int k = 0; k < RETIRE_N; k++) {
    long end = ftell(s->stream[k]);
    xbt_assert(at[k][0] >= 0 && end >= at[k][0], "a temporary output file cannot be written");
    at[k][1] = end - at[k][0];
  }
  j->recorded = 1;
}

/* Whether anything the run still does may reach J's tasks (above). */
static int reachable(const engine *e, const job *j)
{
  if (j->unreported > 0 || j->loading > 0 || coarse_holds(e, j))
    return 1;
  for (int c = 0; c < j->n_children; c++)
    if (j->children[c]->desc->input_from == j->index && j->children[c]->waiting > 0 && !j->children[c]->finished)
      return 1;
  if (conf_get(&j->desc->conf, CONF_PREFETCH) != 0 && j->made) /* a job that never ran was never made */
    for (int m = 0; m < j->n_maps; m++)
      if (j->maps[m].reserved)
        return 1;
  return 0;
}

/* Turns J's slot uses into copies (its attempts are about to be freed). */
static void copy_uses(engine *e, job *j)
{
  for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
    const task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
    for (int k = 0; k < tk->n_attempts; k++) {
      const attempt *a = tk->attempts[k];
      e->trackers[a->worker].uses[a->used_at] = (slot_use){.start = a->start,
                                                           .end = a->end,
                                                           .reported = a->reported,
                                                           .job = j->index,
                                                           .kind = tk->kind,
                                                           .index = tk->index,
                                                           .number = a->number};
    }
  }
}

/* Drops the copies of slot uses that freed their slot before every job
 * not retired was submitted: a critical path looks for a slot freed after
 * its job could run (critpath.c), never before its submission. */
static void prune(engine *e)
{
  struct retire_state *s = e->retire;
  double before = simgrid_get_clock();
  for (int k = 0; k < e->n_queue; k++)
    before = fmin(before, e->queue[k]->submit);
  for (int k = 0; k < s->n_ended; k++)
    before = fmin(before, s->ended[k]->submit);
  if (e->n_submitted < e->n_jobs)
    before = fmin(before, e->by_submit[e->n_submitted]->desc->submit);
  int yarn = e->rm != NULL;
  s->uses = 0;
  for (int w = 0; w < e->platform->n_workers; w++) {
    tracker *tr = &e->trackers[w];
    int kept = 0;
    for (int i = 0; i < tr->n_uses; i++) {
      slot_use *u = &tr->uses[i];
      if (!u->a && (yarn ? u->reported : u->end) <= before)
        continue;
      if (u->a)
        ((attempt *)u->a)->used_at = kept;
      tr->uses[kept++] = *u;
    }
    tr->n_uses = kept;
    s->uses += kept;
  }
  s->pruned = s->uses;
}

void sweep_ended(engine *e)
{
  struct retire_state *s = e->retire;
  if (!s || s->keep || !s->n_ended)
    return;
  int kept = 0, retired = 0;
  for (int k = 0; k < s->n_ended; k++) {
    job *j = s->ended[k];
    if (reachable(e, j)) {
      s->ended[kept++] = j;
      continue;
    }
    record(e, j);
    copy_uses(e, j);
    indicators_view_free(j->view, j->n_reduces);
    j->view = NULL;
    engine_retire_job(e, j);
    retired++;
  }
  s->n_ended = kept;
  if (retired && s->uses > 2 * s->pruned + 4096)
    prune(e);
}

void sweep_rest(engine *e)
{
  for (int i = 0; i < e->n_jobs; i++)
    if (!e->jobs[i].recorded)
      record(e, &e->jobs[i]);
}
