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
 * and end while many are in flight. */
#include "activities.h"

#include <simgrid/actor.h>
#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <xbt/asserts.h>

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

typedef struct {
  int64_t started[ACT_N];
  int64_t heartbeats, pipes, pipe_actors;
  gauge flows, all; /* network flows; activities of every kind but sleeps */
} activity_counts;

static activity_counts counts;

void activities_reset(void)
{
  counts = (activity_counts){0};
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
  if (is_flow(k))
    gauge_add(&counts.flows, 1);
}

void activities_end(activity_kind k)
{
  xbt_assert(k > ACT_NONE && k < ACT_SLEEP, "only activities in flight end");
  gauge_add(&counts.all, -1);
  if (is_flow(k))
    gauge_add(&counts.flows, -1);
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

void activities_disk_read(sg_disk_t d, int64_t bytes)
{
  activities_begin(ACT_DISK_READ);
  sg_disk_read(d, (sg_size_t)bytes);
  activities_end(ACT_DISK_READ);
}

void activities_disk_write(sg_disk_t d, int64_t bytes)
{
  activities_begin(ACT_DISK_WRITE);
  sg_disk_write(d, (sg_size_t)bytes);
  activities_end(ACT_DISK_WRITE);
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

void activities_write_json(FILE *f, double end, int faults)
{
  fprintf(f, "\"activities\": {\"flows\": {\"total\": %lld", (long long)flows_started());
  for (int k = ACT_FIRST_FLOW; k <= ACT_LAST_FLOW; k++)
    if (listed(k, faults))
      fprintf(f, ", \"%s\": %lld", kind_names[k], (long long)counts.started[k]);
  fprintf(f, "}");
  for (int k = ACT_LAST_FLOW + 1; k < ACT_N; k++)
    fprintf(f, ", \"%s\": %lld", kind_names[k], (long long)counts.started[k]);
  fprintf(f,
          ", \"heartbeats\": %lld, \"pipes\": %lld, \"pipe_actors\": %lld, \"flows_in_flight\": {\"max\": %lld, "
          "\"mean\": %.3f, \"mean_at_changes\": %.3f}, \"activities_in_flight\": {\"max\": %lld, \"mean\": %.3f}}",
          (long long)counts.heartbeats, (long long)counts.pipes, (long long)counts.pipe_actors,
          (long long)counts.flows.max, gauge_mean(&counts.flows, end), gauge_mean_seen(&counts.flows),
          (long long)counts.all.max, gauge_mean(&counts.all, end));
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
