/* activities.h - counts of the SimGrid activities a run starts, by kind.
 *
 * A run's wall time is the cost of its SimGrid activities: every flow,
 * disk operation and execution in flight is a variable of the max-min
 * system that SimGrid re-solves at each event, and every chunk of a pipe
 * is an event.  These counters say how many of each a run started, what
 * each network flow was for, and how many flows (and activities of any
 * kind) were in flight at once, at most and on average over simulated
 * time, so that a run's cost can be explained from summary.json.  Each
 * counter is bumped where the activity starts (through the wrappers
 * below); counting is a few integer additions, so it is always on.  A
 * message counts as in flight from its send, so while it waits for its
 * receiver too. */
#ifndef MRLAB_ACTIVITIES_H
#define MRLAB_ACTIVITIES_H

#include <jansson.h>
#include <simgrid/forward.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What SimGrid is asked to do.  The flows come first, by purpose; a pipe's
 * network stage names its purpose (pipe.h), and ACT_NONE there is a bug. */
typedef enum {
  ACT_NONE,
  ACT_HDFS_READ,     /* a map's (or PSP prefetch's) split from a remote replica */
  ACT_SHUFFLE,       /* a reduce's fetch of map outputs, or a map's push */
  ACT_HDFS_WRITE,    /* a hop of an HDFS write pipeline */
  ACT_BALANCER,      /* a block moved by the redistribution */
  ACT_REREPLICATION, /* a block copied by the NameNode's re-replication of a dead datanode's replicas */
  ACT_CONTROL,       /* heartbeats, their answers, NameNode RPCs */
  ACT_DISK_READ,
  ACT_DISK_WRITE,
  ACT_EXEC,
  ACT_SLEEP, /* a timed wait: start-up, RPC latency, samplers, heartbeat intervals */
  ACT_N
} activity_kind;
#define ACT_FIRST_FLOW ACT_HDFS_READ
#define ACT_LAST_FLOW ACT_CONTROL

/* Clears every counter; the clock starts at 0. */
void activities_reset(void);

/* An activity of kind K starts now; activities_end(K) when it ends.  A
 * sleep is only counted (activities_end is not called for it). */
void activities_begin(activity_kind k);
void activities_end(activity_kind k);

/* SimGrid's blocking calls, counted: sg_host_sendto for a flow of kind K,
 * sg_actor_execute, sg_actor_sleep_for and sg_actor_sleep_until (disk
 * operations: disks.h). */
void activities_sendto(activity_kind k, sg_host_t from, sg_host_t to, double bytes);
void activities_execute(double flops);
void activities_sleep_for(double duration);
void activities_sleep_until(double time);

/* A heartbeat sent, a pipe run and the actors it started. */
void activities_heartbeat(void);
void activities_pipe(int actors);

/* summary.json's "activities", a new object, as of END, the run's last
 * simulated time.  The re-replication flows are listed only when FAULTS (a
 * run with lost workers, the only ones that copy), so that a run without
 * faults keeps its summary. */
json_t *activities_json(double end, int faults);

/* Prints one line of the counts, for a person: "activities: ...", the
 * re-replication flows only when FAULTS. */
void activities_print(FILE *out, double end, int faults);

#ifdef __cplusplus
}
#endif

#endif
