/* conf.h - a job's configuration: Hadoop properties and mrlab's own.
 *
 * Properties keep Hadoop's names and defaults (mapred-default.xml and
 * hdfs-default.xml of Hadoop 1 and 2), so a user sets them as on a real
 * cluster: `--set mapreduce.job.reduces=64`, `--set dfs.blocksize=256m`.
 * mrlab's own knobs, which no Hadoop property covers (task start-up, codec
 * ratios, CPU costs of sorting), are named mrlab.*.  Values are kept as
 * doubles in one array indexed by conf_key, so reading one is an index.
 *
 * Each property has one scope.  A job property (most of them) is set per
 * job, in the workload file's `set` list; a cluster property (heartbeats,
 * the slots' memory that sizes the page cache) holds for the whole run and
 * is set in the platform file's `settings` list.  `--set` reaches either,
 * by the property's scope.  A setting in the wrong scope is an error, so
 * no job's setting is silently ignored. */
#ifndef MRLAB_CONF_H
#define MRLAB_CONF_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
  CONF_BLOCKSIZE,              /* dfs.blocksize, bytes */
  CONF_REPLICATION,            /* dfs.replication */
  CONF_REDUCES,                /* mapreduce.job.reduces */
  CONF_SORT_MB,                /* mapreduce.task.io.sort.mb, MiB */
  CONF_SPILL_PERCENT,          /* mapreduce.map.sort.spill.percent */
  CONF_SORT_FACTOR,            /* mapreduce.task.io.sort.factor */
  CONF_COMPRESS,               /* mapreduce.map.output.compress */
  CONF_SLOWSTART,              /* mapreduce.job.reduce.slowstart.completedmaps */
  CONF_PARALLELCOPIES,         /* mapreduce.reduce.shuffle.parallelcopies */
  CONF_SHUFFLE_BUFFER_PERCENT, /* mapreduce.reduce.shuffle.input.buffer.percent */
  CONF_SHUFFLE_LIMIT_PERCENT,  /* mapreduce.reduce.shuffle.memory.limit.percent */
  CONF_SHUFFLE_MERGE_PERCENT,  /* mapreduce.reduce.shuffle.merge.percent */
  CONF_INMEM_THRESHOLD,        /* mapreduce.reduce.merge.inmem.threshold */
  CONF_MAP_MEMORY_MB,          /* mapreduce.map.memory.mb */
  CONF_REDUCE_MEMORY_MB,       /* mapreduce.reduce.memory.mb */
  CONF_HEAP_RATIO,             /* mapreduce.job.heap.memory-mb.ratio */
  CONF_MAP_SPECULATIVE,        /* mapreduce.map.speculative */
  CONF_REDUCE_SPECULATIVE,     /* mapreduce.reduce.speculative */
  CONF_SPEC_CAP_RUNNING,       /* mapreduce.job.speculative.speculative-cap-running-tasks */
  CONF_SPEC_CAP_TOTAL,         /* mapreduce.job.speculative.speculative-cap-total-tasks */
  CONF_SPEC_MINIMUM,           /* mapreduce.job.speculative.minimum-allowed-tasks */
  CONF_SPEC_RETRY_NONE,        /* mapreduce.job.speculative.retry-after-no-speculate, s */
  CONF_SPEC_RETRY,             /* mapreduce.job.speculative.retry-after-speculate, s */
  CONF_HEARTBEAT_MIN,          /* mapreduce.jobtracker.heartbeat.interval.min, s */
  CONF_HEARTBEATS_PER_SECOND,  /* mapreduce.jobtracker.heartbeats.in.second */
  CONF_HEARTBEAT_SCALING,      /* mapreduce.jobtracker.heartbeats.scaling.factor */
  CONF_OUTOFBAND_HEARTBEAT,    /* mapreduce.tasktracker.outofband.heartbeat */
  CONF_HEARTBEAT_IDLE,         /* mrlab.heartbeat.idle: CONF_IDLE_SKIP or CONF_IDLE_SEND */
  CONF_TASK_STARTUP,           /* mrlab.task.startup, s */
  CONF_CHUNK,                  /* mrlab.pipeline.chunk, bytes */
  CONF_PIPELINE_DEPTH,         /* mrlab.pipeline.depth, chunks */
  CONF_SORT_COST,              /* mrlab.sort.cost, flops per byte */
  CONF_MERGE_COST,             /* mrlab.merge.cost, flops per byte */
  CONF_COMPRESS_RATIO,         /* mrlab.compress.ratio */
  CONF_COMPRESS_COST,          /* mrlab.compress.cost, flops per byte */
  CONF_DECOMPRESS_COST,        /* mrlab.decompress.cost, flops per byte */
  CONF_EXPLICIT_GROUPS,        /* mrlab.reduce.explicit.groups */
  CONF_SHUFFLE_BY_RACK,        /* mrlab.shuffle.by.rack */
  CONF_SHUFFLE_COARSE,         /* mrlab.shuffle.coarse */
  CONF_COARSE_SOURCES,         /* mrlab.shuffle.coarse.sources: most transfers of a group at once; 0: any */
  CONF_COARSE_POLL,        /* mrlab.shuffle.coarse.poll: s between a group's takes from a source rack while maps run */
  CONF_SHUFFLE_FLOWS,      /* mrlab.shuffle.flows: most one-chunk fetches of a reduce on the wire; 0: all */
  CONF_MAP_SLOT_MB,        /* mapreduce.cluster.mapmemory.mb: a map slot's memory, MiB */
  CONF_REDUCE_SLOT_MB,     /* mapreduce.cluster.reducememory.mb */
  CONF_BALANCE_MOVES,      /* dfs.datanode.balance.max.concurrent.moves: block moves at once per datanode */
  CONF_BALANCE_BANDWIDTH,  /* dfs.datanode.balance.bandwidthPerSec, bytes/s per datanode; 0: unthrottled */
  CONF_SHUFFLE_MODE,       /* mrlab.shuffle.mode: CONF_SHUFFLE_PULL or CONF_SHUFFLE_PUSH */
  CONF_PUSH_THRESHOLD,     /* mrlab.shuffle.push.threshold, a fraction of the sort buffer */
  CONF_PREFETCH,           /* mrlab.prefetch: PSP predictive scheduling and prefetching (Xie 2011, ch. 4) */
  CONF_NAMENODE_RPC,       /* mrlab.namenode.rpc, s: the NameNode's time to serve one metadata RPC */
  CONF_DISK_SEEK,          /* mrlab.disk.seek, s: a disk's seek and rotation before it reads an opened file */
  CONF_DISK_OPS,           /* mrlab.disk.ops: operations in flight on a disk at once, 0 unbounded (disks.h) */
  CONF_DISK_LAZY,          /* mrlab.disk.lazy: each disk time-shared as a host of its own (disks.h) */
  CONF_HDFS_COARSE,        /* mrlab.hdfs.coarse: HDFS's transfers between workers by rack pair (coarsehdfs.h) */
  CONF_HDFS_CARRIERS,      /* mrlab.hdfs.coarse.carriers: most carriers a rack and kind at once; 0: any */
  CONF_PROGRESS_PERIOD,    /* mrlab.progress.period, s: how often the JobTracker samples progress; 0: never */
  CONF_PROGRESS_DELTA,     /* mrlab.progress.delta, bytes: NearestFit's neighbourhood half-width */
  CONF_PROGRESS_SKETCH,    /* mrlab.progress.sketch: Space-Saving counters for explicit keys; 0: one a key */
  CONF_UTILISATION_PERIOD, /* mrlab.utilisation.period, s: how often utilisation.csv samples; 0: never */
  CONF_SCHEDULER,          /* mrlab.scheduler: CONF_SCHED_HADOOP1 or a YARN scheduler (sim/yarn.c) */
  CONF_NM_HEARTBEAT,       /* yarn.resourcemanager.nodemanagers.heartbeat-interval-ms, s */
  CONF_NM_MEMORY_MB,       /* yarn.nodemanager.resource.memory-mb; -1: the node's memory */
  CONF_NM_VCORES,          /* yarn.nodemanager.resource.cpu-vcores; -1: the node's cores */
  CONF_MIN_ALLOCATION_MB,  /* yarn.scheduler.minimum-allocation-mb: requests round up to a multiple */
  CONF_MIN_ALLOCATION_VCORES, /* yarn.scheduler.minimum-allocation-vcores */
  CONF_MAP_VCORES,            /* mapreduce.map.cpu.vcores */
  CONF_REDUCE_VCORES,         /* mapreduce.reduce.cpu.vcores */
  CONF_AM_MEMORY_MB,          /* yarn.app.mapreduce.am.resource.mb */
  CONF_AM_VCORES,             /* yarn.app.mapreduce.am.resource.cpu-vcores */
  CONF_REDUCE_RAMPUP,         /* yarn.app.mapreduce.am.job.reduce.rampup.limit */
  CONF_AM_RESOURCE_PERCENT,   /* yarn.scheduler.capacity.maximum-am-resource-percent: a queue's AMs' share */
  CONF_FAIR_AM_SHARE,         /* mrlab.fair.maxAMShare: the Fair queue's AMs' share (its maxAMShare) */
  CONF_PREEMPT_DELAY,         /* mapreduce.job.reducer.preempt.delay.sec: maps wait so long without headroom */
  CONF_UNCONDITIONAL_PREEMPT, /* mapreduce.job.reducer.unconditional-preempt.delay.sec; < 0: never */
  CONF_PREEMPTION_LIMIT,      /* yarn.app.mapreduce.am.job.reduce.preemption.limit */
  CONF_MAP_FAILURE,           /* mrlab.map.failure.probability: that a map attempt fails (a task-level fault) */
  CONF_REDUCE_FAILURE,        /* mrlab.reduce.failure.probability */
  CONF_MAP_MAXATTEMPTS,       /* mapreduce.map.maxattempts: a map's failed attempts that fail its job */
  CONF_REDUCE_MAXATTEMPTS,    /* mapreduce.reduce.maxattempts */
  CONF_TRACKER_FAILURES,      /* mapreduce.job.maxtaskfailures.per.tracker: a job's failures that blacklist a tracker */
  CONF_NODE_MTBF,             /* mrlab.node.mtbf, s: a worker's mean time between failures; 0: none (sim/lost.c) */
  CONF_NODE_MTBF_SHAPE,       /* mrlab.node.mtbf.shape: the Weibull shape of its time to failure; 1: exponential */
  CONF_NODE_REPAIR,           /* mrlab.node.repair, s: how long a failed worker stays down; 0: for good */
  CONF_TRACKER_EXPIRY,        /* mapreduce.jobtracker.expire.trackers.interval, s: heartbeats missed for so long
                               * lose a TaskTracker */
  CONF_NM_EXPIRY,             /* yarn.nm.liveness-monitor.expiry-interval-ms, s: likewise a NodeManager */
  CONF_DISK_CHECK,            /* mapred.disk.healthChecker.interval, s: a TaskTracker checks its local directories so
                               * often, and re-initialises when one failed (Hadoop 1) */
  CONF_CONNECT_TIMEOUT,       /* mapreduce.reduce.shuffle.connect.timeout, s: a fetch from a dead host fails then */
  CONF_CLIENT_TIMEOUT,        /* dfs.client.socket-timeout, s: a read from a dead datanode moves to the next replica */
  CONF_FETCH_FAILURES_FRACTION,      /* mapreduce.reduce.shuffle.max-fetch-failures-fraction */
  CONF_FETCH_FAILURES_NOTIFICATIONS, /* mapreduce.reduce.shuffle.max-fetch-failures-notifications: a map output
                                      * whose fetches failed so often, from that share of the shuffling
                                      * reducers, is lost: its map runs again */
  CONF_DN_HEARTBEAT,                 /* dfs.heartbeat.interval, s: a DataNode's heartbeats to the NameNode */
  CONF_NN_RECHECK,                   /* dfs.namenode.heartbeat.recheck-interval, s: the NameNode checks its
                                      * DataNodes' heartbeats so often, and declares one dead after twice this
                                      * plus ten dfs.heartbeat.interval of silence (sim/rereplicate.c) */
  CONF_REPLICATION_INTERVAL,         /* dfs.namenode.replication.interval, s: the ReplicationMonitor's period */
  CONF_REPLICATION_MULTIPLIER,       /* dfs.namenode.replication.work.multiplier.per.iteration: blocks a period
                                      * per live DataNode */
  CONF_REPLICATION_STREAMS,          /* dfs.namenode.replication.max-streams: a DataNode's copies at once as source */
  /* text properties (conf_text), the last ones */
  CONF_PLACEMENT, /* mrlab.placement: over the job's `placement`: default, even, ratio or all-in:NAME; "" unset */
  CONF_RATIOS,    /* mrlab.ratios: over the job's `ratios`, a file written by `mrlab ratios`; "" unset */
  CONF_FAULTS,    /* mrlab.faults: the workers that fail, when, and for how long (faults.h); "" none */
  CONF_N_KEYS
} conf_key;

typedef enum { CONF_JOB, CONF_CLUSTER } conf_scope;

/* The values of CONF_SHUFFLE_MODE: Hadoop's pull, or Xie's preshuffle push. */
enum { CONF_SHUFFLE_PULL, CONF_SHUFFLE_PUSH };
/* The values of CONF_HEARTBEAT_IDLE: an idle tracker skips the heartbeats that
 * would find nothing (sim/tasktracker.c), or sends every one. */
enum { CONF_IDLE_SKIP, CONF_IDLE_SEND };

/* The values of CONF_SCHEDULER: Hadoop 1's JobTracker and slots, or a YARN
 * ResourceManager with YARN's FifoScheduler, CapacityScheduler or
 * FairScheduler under its DRF policy. */
enum { CONF_SCHED_HADOOP1, CONF_SCHED_FIFO, CONF_SCHED_CAPACITY, CONF_SCHED_FAIR };

#define CONF_FIRST_TEXT CONF_PLACEMENT
/* mrlab's bounds on sampling (a period of 1 ns once filled memory at
 * 30 MB a second): mrlab.progress.period and mrlab.utilisation.period are
 * 0 (none) or at least CONF_SAMPLING_MIN seconds, and a run stops adding
 * rows to progress.csv or utilisation.csv at CONF_SAMPLED_ROWS (some 60
 * MB of CSV, which mrlab plot still reads), saying so. */
#define CONF_SAMPLING_MIN 0.01
#define CONF_SAMPLED_ROWS 1000000
#define CONF_TEXT_MAX 1024 /* bytes of a text property's value, its NUL included; and of any value formatted */

typedef struct {
  double v[CONF_N_KEYS]; /* a job's conf holds its cluster properties' defaults, unused */
  char text[CONF_N_KEYS - CONF_FIRST_TEXT][CONF_TEXT_MAX]; /* the text properties' values */
  unsigned char given[CONF_N_KEYS];                        /* set by a setting, not left at its default */
} conf;

/* Hadoop's and mrlab's defaults. */
void conf_init(conf *c);

/* Applies one "name=value" setting of a property of SCOPE.  Returns 0, or
 * -1 with ERR holding what was expected (an unknown name suggests the
 * nearest known one; a property of the other scope says where it belongs). */
int conf_set(conf *c, conf_scope scope, const char *setting, char *err, size_t errlen);

/* The scope of the property SETTING ("name=value") names, or -1 when it
 * names none: where `--set SETTING` goes. */
int conf_setting_scope(const char *setting);

/* Whether SETTING ("name=value") sets a property whose value is a file's
 * path (mrlab.ratios), which a relative value names from where it is read. */
int conf_setting_is_path(const char *setting);

/* The scope of K, and its name for `mrlab run --help`: "job" or "cluster". */
conf_scope conf_key_scope(conf_key k);
const char *conf_scope_name(conf_key k);

static inline double conf_get(const conf *c, conf_key k)
{
  return c->v[k];
}

/* The value of text property K ("" when unset). */
static inline const char *conf_text(const conf *c, conf_key k)
{
  return c->text[k - CONF_FIRST_TEXT];
}

/* Whether property K has one value in A and B. */
int conf_equal(const conf *a, const conf *b, conf_key k);

/* The defaults that follow from other settings, applied once a job's
 * settings are all in: a preshuffle (mrlab.shuffle.mode=push) starts its
 * reducers with its maps (slow-start 0, as Xie's push design needs, since
 * with Hadoop's 0.05 a job of one map wave has its reducers start after its
 * maps and nothing is pushed), unless slow-start was set. */
void conf_settle(conf *c);

/* The property NAME names: its own name or its Hadoop 1 name, which Hadoop
 * 2 deprecated ("io.sort.mb" is CONF_SORT_MB); -1 for none. */
int conf_lookup(const char *name);

/* The known name (a property's, or its Hadoop 1 name) nearest to NAME:
 * within MOST edits, or with MOST = 0 within what a typo could be; NULL for
 * none. */
const char *conf_nearest(const char *name, size_t most);

/* The property name of K ("dfs.blocksize"). */
const char *conf_name(conf_key k);

/* Writes the value of K as it would be set ("134217728", "true", "0.05");
 * LEN of CONF_TEXT_MAX holds any. */
void conf_format(const conf *c, conf_key k, char *buf, size_t len);

#endif
