/* lost.c - workers that fail, and the JobTracker's expiry monitor (lost.h).
 *
 * The faults are resolved once, at setup, into one event per worker:
 * what sets it off (a time, or a share of the run's maps or shuffle), how
 * long the worker then stays down.  Timed events wait in one actor, in
 * time order; shares are checked as the run moves on (lost_progress);
 * each worker with an MTBF has an actor of its own that draws its times
 * to failure.  All of them are daemons: they end with the run. */
#include "lost.h"

#include "alloc.h"
#include "failures.h"
#include "faults.h"
#include "jobs.h"
#include "summary.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>
#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/mailbox.h>
#include <simgrid/mutex.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_lost, mrlab,
                                "lost workers: faults striking, expiry, fetch failures, map outputs lost");

#define MAX_FAULTS (CONF_TEXT_MAX / 2) /* entries of mrlab.faults: each takes at least 2 bytes of its text */

typedef struct {
  int worker;
  int disk; /* the disk of the worker that fails, -1: the worker */
  fault_when when;
  double at;   /* s, or a share */
  double down; /* s; -1: for good */
  int fired;
} lost_event;

/* One failure of a worker or of one of its disks, for summary.json. */
typedef struct {
  int worker, disk;              /* disk: -1 for the worker */
  double failed, back, declared; /* back: -1 if it never came back; declared: -1 if the JobTracker never knew */
} loss;

typedef struct lost_state {
  lost_event *events; /* timed ones first, by time; then the shares */
  int n_events, n_timed;
  int unfired;                  /* share events not struck yet: while none is left, the run's progress is not watched */
  int64_t map_output, shuffled; /* the run's map output as stored, and what reducers have fetched of it */
  int maps_total;
  int gone;       /* workers down for good */
  tracker nobody; /* what wakes the JobTracker when the last job ends with no worker left to heartbeat */
  sg_sem_t kick;  /* the run moved on: shares to check (lost_progress) */
  gsl_rng **rng;  /* per worker under mrlab.node.mtbf: its times to failure */
  loss *losses;   /* every failure so far, in time order */
  int n_losses, cap_losses;
} lost_state;

/* Orders timed events by time, then by the worker's draw (never by file order). */
static int event_cmp(const void *pa, const void *pb)
{
  const lost_event *a = pa, *b = pb;
  if (a->when != b->when)
    return a->when == FAULT_AT_TIME ? -1 : b->when == FAULT_AT_TIME ? 1 : 0;
  if (a->at != b->at)
    return a->at < b->at ? -1 : 1;
  uint64_t ka = the_engine->trackers[a->worker].key, kb = the_engine->trackers[b->worker].key;
  return ka < kb ? -1 : ka > kb;
}

/* Adds an event for each worker that entry K (SPEC) names to S; returns
 * the count, or 0 for a name of nothing and -1 for a disk a worker lacks,
 * with ERR saying so. */
static int resolve(engine *e, lost_state *s, const fault_spec *spec, int k, char *err, size_t errlen)
{
  const platform *p = e->platform;
  int n = p->n_workers, added = 0;
  int *take = xcalloc((size_t)n, sizeof *take);
  if (!spec->target[0]) { /* P% of the workers: those whose draw for this entry is lowest */
    int want = (int)fmax(1, round(spec->share * n));
    uint64_t *draw = xmalloc((size_t)n * sizeof *draw);
    for (int w = 0; w < n; w++)
      draw[w] = engine_hash((const uint64_t[]){DRAW_LOSS, (uint64_t)k, e->trackers[w].key}, 3);
    for (int w = 0; w < n; w++) {
      int below = 0;
      for (int v = 0; v < n; v++)
        below += draw[v] < draw[w];
      take[w] = below < want;
    }
    free(draw);
  } else {
    int cls = platform_class_named(p, spec->target);
    for (int w = 0; w < n; w++)
      take[w] = strcmp(p->workers[w].name, spec->target) == 0 ||
                strcmp(p->racks[p->workers[w].rack].name, spec->target) == 0 || p->workers[w].cls == cls;
  }
  for (int w = 0; w < n; w++)
    if (take[w]) {
      int disks = platform_node_class(p, &p->workers[w])->n_disks;
      if (spec->disk >= disks) {
        snprintf(err, errlen, "mrlab.faults: entry %d names disk %d of %s, which has %d disk%s", k + 1, spec->disk + 1,
                 p->workers[w].name, disks, disks > 1 ? "s" : "");
        added = -1;
        break;
      }
      s->events = xrealloc(s->events, (size_t)(s->n_events + 1) * sizeof *s->events);
      s->events[s->n_events++] =
          (lost_event){.worker = w, .disk = spec->disk, .when = spec->when, .at = spec->at, .down = spec->down};
      added++;
    }
  free(take);
  if (!added)
    snprintf(err, errlen, "mrlab.faults: entry %d names %s, no worker, rack or node class of %s", k + 1, spec->target,
             p->name);
  return added;
}

int lost_configured(const engine *e)
{
  return conf_text(&e->cluster, CONF_FAULTS)[0] || conf_get(&e->cluster, CONF_NODE_MTBF) > 0;
}

int lost_alloc(engine *e, char *err, size_t errlen)
{
  const char *text = conf_text(&e->cluster, CONF_FAULTS);
  if (!lost_configured(e))
    return 0;
  fault_spec *specs = xmalloc(MAX_FAULTS * sizeof *specs);
  char why[256];
  int n = faults_parse(text, specs, MAX_FAULTS, why, sizeof why);
  xbt_assert(n >= 0, "mrlab.faults was checked as it was read: %s", why);
  lost_state *s = xcalloc(1, sizeof *s);
  e->lost = s;
  for (int k = 0; k < n; k++)
    if (resolve(e, s, &specs[k], k, err, errlen) <= 0) {
      free(specs);
      free(s->events);
      free(s);
      e->lost = NULL;
      return -1;
    }
  free(specs);
  qsort(s->events, (size_t)s->n_events, sizeof *s->events, event_cmp);
  while (s->n_timed < s->n_events && s->events[s->n_timed].when == FAULT_AT_TIME)
    s->n_timed++;
  s->unfired = s->n_events - s->n_timed;
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    s->maps_total += j->n_maps;
    for (int m = 0; m < j->n_maps; m++)
      for (int p = 0; p < j->n_reduces; p++)
        s->map_output += engine_part_wire(&j->maps[m], p);
  }
  s->nobody.worker = -1;
  s->rng = xcalloc((size_t)e->platform->n_workers, sizeof *s->rng);
  for (int w = 0; w < e->platform->n_workers; w++) {
    e->trackers[w].revive = sg_sem_init(0);
    e->trackers[w].disk_bad = xcalloc(e->trackers[w].n_disks, 1);
    if (conf_get(&e->cluster, CONF_NODE_MTBF) > 0)
      s->rng[w] = engine_rng_alloc((const uint64_t[]){DRAW_LOSS, e->trackers[w].key}, 2);
  }
  return 0;
}

void lost_free(engine *e)
{
  if (!e->lost)
    return;
  for (int w = 0; w < e->platform->n_workers; w++) {
    sg_sem_destroy(e->trackers[w].revive);
    free(e->trackers[w].disk_bad);
    e->trackers[w].disk_bad = NULL;
    if (e->lost->rng[w])
      gsl_rng_free(e->lost->rng[w]);
  }
  if (e->lost->kick)
    sg_sem_destroy(e->lost->kick);
  free(e->lost->rng);
  free(e->lost->losses);
  free(e->lost->events);
  free(e->lost);
  e->lost = NULL;
}

/* Actor: brings its worker back up at its back_at (its data: the tracker). */
static void repair_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  tracker *tr = sg_actor_self_get_data();
  sg_actor_daemonize(sg_actor_self());
  activities_sleep_until(tr->back_at);
  XBT_INFO("%s is back up after %.3f s down: its tracker heartbeats again", e->platform->workers[tr->worker].name,
           tr->back_at - tr->lost_at);
  tr->lost = 0;
  tr->dn_down = tr->dn_failed; /* its DataNode comes back with it, unless a disk failed */
  sg_sem_release(tr->revive);
}

/* Stops the running attempts on worker W (those whose local directory is
 * on DISK, unless it is NULL), for CAUSE. */
static void stop_attempts(engine *e, int w, sg_disk_t disk, attempt_cause cause)
{
  for (int i = 0; i < e->n_jobs; i++) {
    job *j = &e->jobs[i];
    sg_mutex_lock(j->mutex);
    for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
      task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
      for (int k = 0; k < tk->n_attempts; k++) {
        attempt *a = tk->attempts[k];
        if (a->worker == w && a->status == STATUS_RUNNING && !a->cancel && (!disk || a->disk == disk)) {
          a->cause = cause;
          engine_attempt_cancel(a);
        }
      }
    }
    sg_mutex_unlock(j->mutex);
  }
}

/* PSP: the map TR held for its next slot is let go. */
static void drop_reserved(tracker *tr)
{
  if (tr->next) {
    if (tr->next->prefetch)
      tr->next->prefetch->dropped = 1;
    tr->next->reserved = 0;
    tr->next = NULL;
  }
}

/* Adds L to S's failures. */
static void record(lost_state *s, loss l)
{
  if (s->n_losses == s->cap_losses)
    s->losses = xrealloc(s->losses, (size_t)(s->cap_losses = 2 * s->cap_losses + 8) * sizeof *s->losses);
  s->losses[s->n_losses++] = l;
}

/* Worker W fails now, for DOWN seconds (-1: for good): everything on it
 * stops.  Returns 1 when that leaves no worker that is up or will be: the
 * run is stuck (E->stuck says why), and its trackers and JobTracker stop. */
static int strike(engine *e, int w, double down, const char *why)
{
  tracker *tr = &e->trackers[w];
  if (tr->lost || e->jobs_finished == e->n_jobs)
    return 0;
  double now = simgrid_get_clock();
  tr->lost = 1;
  tr->lost_at = now;
  tr->back_at = down < 0 ? -1 : now + down;
  if (!tr->dn_down)
    tr->dn_down = 1, tr->dn_down_at = now;
  record(e->lost, (loss){.worker = w, .disk = -1, .failed = now, .back = tr->back_at, .declared = -1});
  XBT_INFO("%s fails at %.3f s (%s), %s", e->platform->workers[w].name, now, why,
           down < 0 ? "for good" : "for a while");
  stop_attempts(e, w, NULL, CAUSE_LOST);
  drop_reserved(tr);
  if (down >= 0) {
    sg_actor_t a = sg_actor_init("repair", e->master);
    sg_actor_set_data(a, tr);
    sg_actor_start(a, repair_actor, 0, NULL);
  } else if (++e->lost->gone == e->platform->n_workers) {
    snprintf(e->stuck, sizeof e->stuck,
             "every worker of %s was lost for good by %.3f s (mrlab.faults, or mrlab.node.mtbf with "
             "mrlab.node.repair=0s): no job can end",
             e->platform->name, now);
    /* the run ends here: the trackers and the JobTracker stop, as the attempts they ran did */
    for (int v = 0; v < e->platform->n_workers; v++) {
      e->trackers[v].shutdown = 1;
      sg_sem_release(e->trackers[v].revive);
    }
    e->untold = 0;
    sg_comm_detach(sg_mailbox_put_init(e->jobtracker, &e->lost->nobody, 0), NULL);
    return 1;
  }
  return 0;
}

/* Disk D of worker W fails now (WHY says what struck it): its DataNode
 * shuts down for good (dfs.datanode.failed.volumes.tolerated is 0 by
 * default, in Hadoop 1 and 2), the attempts whose local directory is on
 * it fail, and the map outputs on it can no longer be served; the
 * tracker's later attempts pass over it (engine_disk).  W's last disk
 * takes W with it, for good.  Returns as strike does. */
static int strike_disk(engine *e, int w, int d, const char *why)
{
  tracker *tr = &e->trackers[w];
  if (tr->lost || tr->disk_bad[d] || e->jobs_finished == e->n_jobs)
    return 0;
  double now = simgrid_get_clock();
  tr->disk_bad[d] = 1;
  record(e->lost, (loss){.worker = w, .disk = d, .failed = now, .back = -1, .declared = -1});
  if (++tr->disks_bad == (int)tr->n_disks) {
    XBT_INFO("disk %d of %s fails at %.3f s (%s): it was its last", d + 1, e->platform->workers[w].name, now, why);
    return strike(e, w, -1, "its last disk failed");
  }
  XBT_INFO("disk %d of %s fails at %.3f s (%s): its DataNode shuts down (dfs.datanode.failed.volumes.tolerated 0), "
           "the attempts writing there fail, the map outputs there are lost",
           d + 1, e->platform->workers[w].name, now, why);
  tr->dn_failed = 1;
  if (!tr->dn_down)
    tr->dn_down = 1, tr->dn_down_at = now;
  stop_attempts(e, w, tr->disks[d], CAUSE_DISK_FAILED);
  return 0;
}

/* Strikes event V now, WHY being what set it off. */
static int fire(engine *e, const lost_event *v, const char *why)
{
  return v->disk >= 0 ? strike_disk(e, v->worker, v->disk, why) : strike(e, v->worker, v->down, why);
}

/* Whether event V's share is reached. */
static int share_reached(const engine *e, const lost_event *v)
{
  const lost_state *s = e->lost;
  if (v->when == FAULT_AT_SHUFFLE)
    return s->map_output > 0 && (double)s->shuffled >= v->at * (double)s->map_output;
  int done = 0;
  for (int i = 0; i < e->n_jobs; i++)
    done += e->jobs[i].maps_done;
  return s->maps_total > 0 && done >= v->at * s->maps_total;
}

/* Actor: strikes mrlab.faults' events as their time or share comes. */
static void faults_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  lost_state *s = e->lost;
  sg_actor_daemonize(sg_actor_self());
  int next = 0; /* the next timed event */
  for (;;) {
    double now = simgrid_get_clock();
    for (; next < s->n_timed && s->events[next].at <= now; next++)
      if (fire(e, &s->events[next], "mrlab.faults"))
        return;
    for (int k = s->n_timed; k < s->n_events; k++) {
      lost_event *v = &s->events[k];
      if (!v->fired && share_reached(e, v)) {
        v->fired = 1;
        s->unfired--;
        char why[96];
        snprintf(why, sizeof why, "mrlab.faults: %.0f%% of the run's %s", 100 * v->at,
                 v->when == FAULT_AT_MAPS ? "maps done" : "map output shuffled");
        if (fire(e, v, why))
          return;
      }
    }
    if (next < s->n_timed) {
      activities_begin(ACT_SLEEP);
      sg_sem_acquire_timeout(s->kick, s->events[next].at - now);
    } else if (s->unfired > 0) {
      sg_sem_acquire(s->kick);
    } else {
      return;
    }
  }
}

/* Actor: the failures of one worker (its data: the tracker) under mrlab.node.mtbf. */
static void mtbf_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  tracker *tr = sg_actor_self_get_data();
  sg_actor_daemonize(sg_actor_self());
  double mtbf = conf_get(&e->cluster, CONF_NODE_MTBF), shape = conf_get(&e->cluster, CONF_NODE_MTBF_SHAPE),
         repair = conf_get(&e->cluster, CONF_NODE_REPAIR);
  double scale = mtbf / gsl_sf_gamma(1 + 1 / shape); /* a Weibull of this scale and shape has mean MTBF */
  gsl_rng *r = e->lost->rng[tr->worker];
  for (;;) {
    activities_sleep_for(gsl_ran_weibull(r, scale, shape));
    if (tr->lost && tr->back_at < 0)
      return;
    if (tr->lost) /* down already (mrlab.faults): its next life starts when it is back */
      continue;
    if (strike(e, tr->worker, repair > 0 ? repair : -1, "mrlab.node.mtbf") || repair <= 0)
      return;
    activities_sleep_until(tr->back_at);
  }
}

/* The JobTracker declares worker W lost at NOW: what ran there is killed,
 * its map outputs lost (see lost.h). */
static void expire(engine *e, int w, double now, const char *why)
{
  tracker *tr = &e->trackers[w];
  tr->expired = 1;
  XBT_INFO("declares %s lost at %.3f s: %s", e->platform->workers[w].name, now, why);
  for (int k = e->lost->n_losses - 1; k >= 0; k--)
    if (e->lost->losses[k].worker == w) {
      e->lost->losses[k].declared = now;
      break;
    }
  attempt *in_order = NULL; /* what ended there and was never reported, oldest first */
  for (attempt *a = tr->done, *next; a; a = next) {
    next = a->next_done;
    a->next_done = in_order;
    in_order = a;
  }
  tr->done = NULL;
  for (attempt *a = in_order, *next; a; a = next) {
    next = a->next_done;
    a->status = STATUS_KILLED;
    a->cause = CAUSE_LOST;
    e->up.learn(e, a, now);
  }
  /* attempts still ending there are learnt of as they end (tasktracker_attempt_ended) */
  for (int i = 0; i < e->n_jobs; i++) {
    job *j = &e->jobs[i];
    if (j->finished || !j->n_reduces || j->reduces_done == j->n_reduces)
      continue;
    for (int m = 0; m < j->n_maps; m++)
      if (j->maps[m].output && j->maps[m].output->worker == w)
        e->up.lose_output(e, &j->maps[m], CAUSE_LOST, now);
  }
}

/* Actor: the JobTracker's ExpireTrackers thread (YARN: the NodeManager
 * liveness monitor): every third of the expiry interval, the trackers
 * not heard from for the interval are lost. */
static void expiry_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  sg_actor_daemonize(sg_actor_self());
  double interval = conf_get(&e->cluster, e->rm ? CONF_NM_EXPIRY : CONF_TRACKER_EXPIRY);
  for (;;) {
    activities_sleep_for(interval / 3);
    double now = simgrid_get_clock();
    for (int w = 0; w < e->platform->n_workers; w++) {
      tracker *tr = &e->trackers[w];
      if (!tr->expired && !tr->shutdown && now - tr->last_heartbeat > interval) {
        char why[128];
        snprintf(why, sizeof why, "no heartbeat since %.3f s (%s %.0f ms)", tr->last_heartbeat,
                 conf_name(e->rm ? CONF_NM_EXPIRY : CONF_TRACKER_EXPIRY), interval * 1000);
        expire(e, w, now, why);
      }
    }
  }
}

void lost_start(engine *e)
{
  lost_state *s = e->lost;
  if (!s)
    return;
  s->kick = sg_sem_init(0);
  if (s->n_events)
    sg_actor_create("faults", e->master, faults_actor, 0, NULL);
  if (conf_get(&e->cluster, CONF_NODE_MTBF) > 0)
    for (int w = 0; w < e->platform->n_workers; w++) {
      sg_actor_t a = sg_actor_init("mtbf", e->master);
      sg_actor_set_data(a, &e->trackers[w]);
      sg_actor_start(a, mtbf_actor, 0, NULL);
    }
  sg_actor_create("expiry", e->master, expiry_actor, 0, NULL);
}

void lost_progress(engine *e, int64_t shuffled)
{
  lost_state *s = e->lost;
  if (!s || s->unfired == 0)
    return;
  s->shuffled += shuffled;
  sg_sem_release(s->kick);
}

void lost_heartbeat(engine *e, int w, double now)
{
  tracker *tr = &e->trackers[w];
  /* it went down, or re-initialised, since it was last heard: a new tracker */
  if (e->lost && (tr->lost_at > tr->last_heartbeat || tr->reinit)) {
    if (!tr->expired)
      expire(e, w, now, tr->reinit ? "its TaskTracker re-initialised (a local directory failed)" : "it restarted");
    tr->expired = 0;
    tr->reinit = 0;
  }
  tr->last_heartbeat = now;
}

void lost_disk_check(engine *e, tracker *tr, double now)
{
  if (!e->lost || e->rm || now <= tr->disk_check + conf_get(&e->cluster, CONF_DISK_CHECK))
    return;
  tr->disk_check = now;
  if (tr->disks_checked == tr->disks_bad)
    return;
  tr->disks_checked = tr->disks_bad;
  XBT_INFO("%s's TaskTracker finds a failed local directory (%s): it re-initialises, its attempts killed",
           e->platform->workers[tr->worker].name, conf_name(CONF_DISK_CHECK));
  stop_attempts(e, tr->worker, NULL, CAUSE_LOST);
  drop_reserved(tr);
  tr->reinit = 1;
}

int lost_output_gone(const engine *e, const task *t)
{
  const tracker *tr = &e->trackers[t->out_worker];
  for (unsigned d = 0; tr->disk_bad && d < tr->n_disks; d++)
    if (tr->disk_bad[d] && tr->disks[d] == t->out_disk)
      return 1;
  return tr->lost;
}

/* The reduce attempts of job J still shuffling. */
static int shuffling(const job *j)
{
  int n = 0;
  for (int p = 0; p < j->n_reduces; p++)
    for (int k = 0; k < j->reduces[p].n_attempts; k++) {
      const attempt *a = j->reduces[p].attempts[k];
      n += a->status == STATUS_RUNNING && !a->cancel && a->launched > 0 && a->phase_end[PHASE_SHUFFLE] == 0;
    }
  return n;
}

void lost_fetch_failed(engine *e, attempt *ra, int m, double now)
{
  job *j = ra->task->job;
  task *t = &j->maps[m];
  if (!t->output || !lost_output_gone(e, t) || j->finished)
    return; /* declared lost already (and maybe run again since) */
  const conf *c = &j->desc->conf;
  int reports = ++t->fetch_failures, running = shuffling(j);
  double share = running ? (double)reports / running : 1;
  XBT_INFO("%s r%06d attempt %d reports that it failed to fetch m%06d's output from %s (%d reports, %d reducers "
           "shuffling)",
           j->desc->name, ra->task->index, ra->number, m, e->platform->workers[t->output->worker].name, reports,
           running);
  if (reports >= conf_get(c, CONF_FETCH_FAILURES_NOTIFICATIONS) && share >= conf_get(c, CONF_FETCH_FAILURES_FRACTION))
    e->up.lose_output(e, t, CAUSE_FETCH_FAILURES, now);
}

void lost_shutdown(engine *e)
{
  if (!e->lost)
    return;
  for (int w = 0; w < e->platform->n_workers; w++) {
    tracker *tr = &e->trackers[w];
    if (tr->lost && !tr->shutdown) {
      tr->shutdown = 1;
      e->untold--;
      sg_sem_release(tr->revive);
    }
  }
  if (e->untold == 0) /* every tracker up was told: the JobTracker waits for no one */
    sg_comm_detach(sg_mailbox_put_init(e->jobtracker, &e->lost->nobody, 0), NULL);
}

int lost_is_nobody(const engine *e, const tracker *tr)
{
  return e->lost && tr == &e->lost->nobody;
}

json_t *lost_json(const engine *e)
{
  json_t *a = json_array();
  for (int k = 0; e->lost && k < e->lost->n_losses; k++) {
    const loss *l = &e->lost->losses[k];
    json_array_append_new(
        a, json_pack("{s:o, s:o, s:o, s:o, s:o}", "host", summary_text(e->platform->workers[l->worker].name), "disk",
                     l->disk >= 0 ? json_integer(l->disk + 1) : json_null(), "failed", summary_real(l->failed, 9),
                     "back", l->back >= 0 && l->back <= simgrid_get_clock() ? summary_real(l->back, 9) : json_null(),
                     "declared", l->declared >= 0 ? summary_real(l->declared, 9) : json_null()));
  }
  return a;
}
