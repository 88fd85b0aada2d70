/* activities.c - the counters of activities.h, as one static record.
 *
 * SimGrid's engine is one per process, and so is a run, so one record
 * serves the whole run without being passed through every module that
 * starts an activity (pipes do not know the engine).  The time-weighted
 * mean of the activities in flight is kept as an integral updated at each
 * change of the count: the area under the count over simulated time.
 * SimGrid re-solves the sharing of the network at each flow's start and
 * end, over every flow then in flight, so the count seen by those changes,
 * averaged over them, is what a run's solver time follows; it is kept
 * too, and can be far above the time-weighted mean when most flows start
 * and end while many are in flight.
 *
 * Where a run's time goes changes from phase to phase, so the log category
 * mrlab.activities (at info) also tells it second by second of simulated
 * time: the disk operations, executions and flows in flight, the instants
 * at which activities ended (each is a step of SimGrid's engine, at which
 * every model not updated lazily walks all its actions: the disk model
 * always, the network under mrlab's Full default), by the kinds that
 * ended there, and the actions so walked.  Each line carries the process's
 * monotonic clock, the one `perf record -k CLOCK_MONOTONIC` stamps its
 * samples with, so that a profile can be cut at a phase's seconds. */
#include "activities.h"

#include "summary.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <math.h>
#include <time.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_activities, mrlab,
                                "each simulated second: activities in flight, engine steps by what ended, actions walked");

static const char *const kind_names[ACT_N] = {
    "",        "hdfs_read",  "shuffle",     "hdfs_write", "balancer", "rereplication",
    "control", "disk_reads", "disk_writes", "executions", "sleeps"};

/* Whether flow kind K is listed: re-replication only in runs with FAULTS. */
static int listed(int k, int faults)
{
  return k != ACT_REREPLICATION || faults;
}

typedef struct {
  int64_t started, now, max; /* started so far; in flight now, and at most */
  double area, since;        /* integral of NOW over simulated time, up to SINCE */
  double seen;               /* sum of NOW over the changes, before each */
  int64_t changes;
} gauge;

/* What ends an engine step: a disk operation, an execution, a flow. */
typedef enum { ENDED_DISK, ENDED_EXEC, ENDED_FLOW, ENDED_N } ended_kind;

/* One simulated second, for the log (the file's head). */
typedef struct {
  long second;           /* floor of the simulated time it covers */
  double instant;        /* the last simulated time an activity began or ended at */
  int ended_here;        /* the ended_kinds seen at INSTANT, as bits */
  int64_t steps;         /* instants at which an activity ended */
  int64_t by[ENDED_N];   /* of them, those at which one of each kind ended */
  int64_t walked;        /* disk operations and flows in flight at those instants */
  int64_t now[ENDED_N];  /* in flight now */
} second_log;

typedef struct {
  int64_t started[ACT_N];
  int64_t heartbeats, pipes, pipe_actors;
  gauge flows, all; /* network flows; activities of every kind but sleeps */
  int64_t kind_now[ACT_N], kind_max[ACT_N]; /* flows of each kind in flight now, and at most */
  second_log log;
} activity_counts;

static activity_counts counts;

void activities_reset(void)
{
  counts = (activity_counts){0};
  counts.log.instant = -1;
}

static ended_kind ended_of(activity_kind k)
{
  return k == ACT_DISK_READ || k == ACT_DISK_WRITE ? ENDED_DISK : k == ACT_EXEC ? ENDED_EXEC : ENDED_FLOW;
}

/* Logs the second that ends before NOW, if any, and starts NOW's. */
static void log_second(double now)
{
  second_log *l = &counts.log;
  if ((long)floor(now) == l->second)
    return;
  if (XBT_LOG_ISENABLED(mrlab_activities, xbt_log_priority_info)) {
    struct timespec wall;
    clock_gettime(CLOCK_MONOTONIC, &wall);
    XBT_INFO("second %ld wall %.3f: in flight disk %lld exec %lld flows %lld; steps %lld, ended disk %lld exec %lld "
             "flow %lld; walked %lld",
             l->second, (double)wall.tv_sec + (double)wall.tv_nsec * 1e-9, (long long)l->now[ENDED_DISK],
             (long long)l->now[ENDED_EXEC], (long long)l->now[ENDED_FLOW], (long long)l->steps,
             (long long)l->by[ENDED_DISK], (long long)l->by[ENDED_EXEC], (long long)l->by[ENDED_FLOW],
             (long long)l->walked);
  }
  l->second = (long)floor(now);
  l->steps = l->walked = 0;
  for (int e = 0; e < ENDED_N; e++)
    l->by[e] = 0;
}

/* Activity K begins (DELTA 1) or ends (-1) now, for the log. */
static void log_change(activity_kind k, int delta)
{
  if (!XBT_LOG_ISENABLED(mrlab_activities, xbt_log_priority_info)) /* off the hot path unless logged */
    return;
  second_log *l = &counts.log;
  double now = simgrid_get_clock();
  log_second(now);
  if (now != l->instant) {
    l->instant = now;
    l->ended_here = 0;
  }
  ended_kind e = ended_of(k);
  if (delta < 0 && !(l->ended_here & (1 << e))) {
    if (!l->ended_here) {
      l->steps++;
      l->walked += l->now[ENDED_DISK] + l->now[ENDED_FLOW];
    }
    l->ended_here |= 1 << e;
    l->by[e]++;
  }
  l->now[e] += delta;
}

static void gauge_add(gauge *g, int delta)
{
  double now = simgrid_get_clock();
  g->area += (double)g->now * (now - g->since);
  g->since = now;
  g->seen += (double)g->now;
  g->changes++;
  g->now += delta;
  if (g->now > g->max)
    g->max = g->now;
}

static int is_flow(activity_kind k)
{
  return k >= ACT_FIRST_FLOW && k <= ACT_LAST_FLOW;
}

void activities_begin(activity_kind k)
{
  xbt_assert(k > ACT_NONE && k < ACT_N, "an activity of no kind");
  counts.started[k]++;
  if (k == ACT_SLEEP)
    return;
  gauge_add(&counts.all, 1);
  if (is_flow(k)) {
    gauge_add(&counts.flows, 1);
    if (++counts.kind_now[k] > counts.kind_max[k])
      counts.kind_max[k] = counts.kind_now[k];
  }
  log_change(k, 1);
}

void activities_end(activity_kind k)
{
  xbt_assert(k > ACT_NONE && k < ACT_SLEEP, "only activities in flight end");
  gauge_add(&counts.all, -1);
  if (is_flow(k)) {
    gauge_add(&counts.flows, -1);
    counts.kind_now[k]--;
  }
  log_change(k, -1);
}

void activities_sendto(activity_kind k, sg_host_t from, sg_host_t to, double bytes)
{
  xbt_assert(is_flow(k), "a transfer without its purpose");
  activities_begin(k);
  sg_host_sendto(from, to, bytes);
  activities_end(k);
}

void activities_execute(double flops)
{
  activities_begin(ACT_EXEC);
  sg_actor_execute(flops);
  activities_end(ACT_EXEC);
}

void activities_sleep_for(double duration)
{
  activities_begin(ACT_SLEEP);
  sg_actor_sleep_for(duration);
}

void activities_sleep_until(double time)
{
  activities_begin(ACT_SLEEP);
  sg_actor_sleep_until(time);
}

void activities_heartbeat(void)
{
  counts.heartbeats++;
}

void activities_pipe(int actors)
{
  counts.pipes++;
  counts.pipe_actors += actors;
}

static int64_t flows_started(void)
{
  int64_t n = 0;
  for (int k = ACT_FIRST_FLOW; k <= ACT_LAST_FLOW; k++)
    n += counts.started[k];
  return n;
}

/* The mean of G at its changes. */
static double gauge_mean_seen(const gauge *g)
{
  return g->changes > 0 ? g->seen / (double)g->changes : 0;
}

/* The mean of G over [0, END]. */
static double gauge_mean(const gauge *g, double end)
{
  double area = g->area + (double)g->now * (end - g->since);
  return end > 0 ? area / end : 0;
}

json_t *activities_json(double end, int faults)
{
  log_second(floor(end) + 1); /* the run's last second */
  json_t *flows = json_pack("{s:I}", "total", (json_int_t)flows_started());
  for (int k = ACT_FIRST_FLOW; k <= ACT_LAST_FLOW; k++)
    if (listed(k, faults))
      json_object_set_new(flows, kind_names[k], json_integer(counts.started[k]));
  json_t *a = json_pack("{s:o}", "flows", flows), *most = json_object();
  for (int k = ACT_FIRST_FLOW; k <= ACT_LAST_FLOW; k++)
    if (listed(k, faults))
      json_object_set_new(most, kind_names[k], json_integer(counts.kind_max[k]));
  for (int k = ACT_LAST_FLOW + 1; k < ACT_N; k++)
    json_object_set_new(a, kind_names[k], json_integer(counts.started[k]));
  json_object_update_new(
      a, json_pack("{s:I, s:I, s:I, s:{s:I, s:o, s:o, s:o}, s:{s:I, s:o}}", "heartbeats", (json_int_t)counts.heartbeats,
                   "pipes", (json_int_t)counts.pipes, "pipe_actors", (json_int_t)counts.pipe_actors, "flows_in_flight",
                   "max", (json_int_t)counts.flows.max, "mean", summary_real(gauge_mean(&counts.flows, end), 3),
                   "mean_at_changes", summary_real(gauge_mean_seen(&counts.flows), 3), "max_by_kind", most,
                   "activities_in_flight", "max", (json_int_t)counts.all.max, "mean",
                   summary_real(gauge_mean(&counts.all, end), 3)));
  return a;
}

void activities_print(FILE *out, double end, int faults)
{
  fprintf(out, "activities: flows %lld (", (long long)flows_started());
  for (int k = ACT_FIRST_FLOW; k <= ACT_LAST_FLOW; k++)
    if (listed(k, faults))
      fprintf(out, "%s%s %lld", k > ACT_FIRST_FLOW ? ", " : "", kind_names[k], (long long)counts.started[k]);
  fprintf(out, "), in flight max %lld mean %.1f (at a start or end %.1f);", (long long)counts.flows.max,
          gauge_mean(&counts.flows, end), gauge_mean_seen(&counts.flows));
  for (int k = ACT_LAST_FLOW + 1; k < ACT_N; k++)
    fprintf(out, " %s %lld", kind_names[k], (long long)counts.started[k]);
  fprintf(out, "; all in flight max %lld mean %.1f; heartbeats %lld, pipes %lld, pipe actors %lld\n",
          (long long)counts.all.max, gauge_mean(&counts.all, end), (long long)counts.heartbeats,
          (long long)counts.pipes, (long long)counts.pipe_actors);
}
