/* conf.c - the property table: names, value syntax, defaults and bounds.
 *
 * One row per property.  Values are parsed by their type: Hadoop's own
 * syntax for Hadoop properties (sizes with k/m/g/t suffixes, milliseconds,
 * true/false), SimGrid unit strings for mrlab's.  Defaults go through the
 * same parser, so a default is always a legal value.  The bounds are
 * Hadoop's where it has them, and otherwise mrlab's (docs/limits.md):
 * what fits the machine and simulates in reasonable time.  Each row names
 * its scope (conf.h).  Hadoop 1's names of the properties (`io.sort.mb`)
 * are a second table, so that they work wherever a property is set: in
 * `--set`, a job's `set`, a platform's `settings` and Hadoop's XML files. */
#include "conf.h"

#include "cfg.h"
#include "faults.h"
#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <xbt/asserts.h>

typedef enum {
  T_INT,       /* whole number */
  T_FLOAT,     /* real number */
  T_BOOL,      /* true or false */
  T_HSIZE,     /* bytes, Hadoop style: 134217728 or 128m */
  T_MS,        /* Hadoop milliseconds, kept in seconds */
  T_TIME,      /* SimGrid time string, seconds */
  T_SIZE,      /* SimGrid size string, bytes */
  T_ENUM,      /* one of the row's names, kept as its index */
  T_PLACEMENT, /* text: default, even, ratio or all-in:NAME */
  T_PATH,      /* text: a file's path */
  T_FAULTS     /* text: faults TARGET@WHEN[+DOWN] (faults.h) */
} value_type;

typedef struct {
  const char *name;
  value_type type;
  const char *def;
  double min, max; /* inclusive bounds of the value as stored */
  conf_scope scope;
  const char *const *names; /* T_ENUM: the values, NULL-terminated */
} property;

#define GiB 1073741824.0
#define JOB .scope = CONF_JOB
#define CLUSTER .scope = CONF_CLUSTER

static const char *const shuffle_modes[] = {"pull", "push", NULL}; /* CONF_SHUFFLE_PULL, CONF_SHUFFLE_PUSH */
static const char *const idle_heartbeats[] = {"skip", "send", NULL}; /* CONF_IDLE_SKIP, CONF_IDLE_SEND */
static const char *const schedulers[] = {"hadoop1", "yarn-fifo", "yarn-capacity", "yarn-fair", NULL}; /* CONF_SCHED_* */

static const property table[CONF_N_KEYS] = {
    [CONF_BLOCKSIZE] = {"dfs.blocksize", T_HSIZE, "128m", 1 << 20, 64 * GiB, JOB},
    [CONF_REPLICATION] = {"dfs.replication", T_INT, "3", 1, 512, JOB},
    [CONF_REDUCES] = {"mapreduce.job.reduces", T_INT, "1", 0, 1e5, JOB},
    [CONF_SORT_MB] = {"mapreduce.task.io.sort.mb", T_INT, "100", 1, 2047, JOB},
    [CONF_SPILL_PERCENT] = {"mapreduce.map.sort.spill.percent", T_FLOAT, "0.80", 0.01, 1, JOB},
    [CONF_SORT_FACTOR] = {"mapreduce.task.io.sort.factor", T_INT, "10", 2, 1e4, JOB},
    [CONF_COMPRESS] = {"mapreduce.map.output.compress", T_BOOL, "false", 0, 1, JOB},
    [CONF_SLOWSTART] = {"mapreduce.job.reduce.slowstart.completedmaps", T_FLOAT, "0.05", 0, 1, JOB},
    [CONF_PARALLELCOPIES] = {"mapreduce.reduce.shuffle.parallelcopies", T_INT, "5", 1, 1000, JOB},
    [CONF_SHUFFLE_BUFFER_PERCENT] = {"mapreduce.reduce.shuffle.input.buffer.percent", T_FLOAT, "0.70", 0, 1, JOB},
    [CONF_SHUFFLE_LIMIT_PERCENT] = {"mapreduce.reduce.shuffle.memory.limit.percent", T_FLOAT, "0.25", 0, 1, JOB},
    [CONF_SHUFFLE_MERGE_PERCENT] = {"mapreduce.reduce.shuffle.merge.percent", T_FLOAT, "0.66", 0.01, 1, JOB},
    [CONF_INMEM_THRESHOLD] = {"mapreduce.reduce.merge.inmem.threshold", T_INT, "1000", 1, 1e9, JOB},
    /* -1 is Hadoop 3's default (and Hadoop 1's "unset"): conf_settle makes it 1024 */
    [CONF_MAP_MEMORY_MB] = {"mapreduce.map.memory.mb", T_INT, "1024", -1, 1e7, JOB},
    [CONF_REDUCE_MEMORY_MB] = {"mapreduce.reduce.memory.mb", T_INT, "1024", -1, 1e7, JOB},
    [CONF_HEAP_RATIO] = {"mapreduce.job.heap.memory-mb.ratio", T_FLOAT, "0.8", 0.01, 1, JOB},
    [CONF_MAP_SPECULATIVE] = {"mapreduce.map.speculative", T_BOOL, "true", 0, 1, JOB},
    [CONF_REDUCE_SPECULATIVE] = {"mapreduce.reduce.speculative", T_BOOL, "true", 0, 1, JOB},
    [CONF_SPEC_CAP_RUNNING] = {"mapreduce.job.speculative.speculative-cap-running-tasks", T_FLOAT, "0.1", 0, 1, JOB},
    [CONF_SPEC_CAP_TOTAL] = {"mapreduce.job.speculative.speculative-cap-total-tasks", T_FLOAT, "0.01", 0, 1, JOB},
    [CONF_SPEC_MINIMUM] = {"mapreduce.job.speculative.minimum-allowed-tasks", T_INT, "10", 0, 1e6, JOB},
    [CONF_SPEC_RETRY_NONE] = {"mapreduce.job.speculative.retry-after-no-speculate", T_MS, "1000", 0.1, 3600, JOB},
    [CONF_SPEC_RETRY] = {"mapreduce.job.speculative.retry-after-speculate", T_MS, "15000", 0.1, 3600, JOB},
    [CONF_HEARTBEAT_MIN] = {"mapreduce.jobtracker.heartbeat.interval.min", T_MS, "300", 0.1, 3600, CLUSTER},
    [CONF_HEARTBEATS_PER_SECOND] = {"mapreduce.jobtracker.heartbeats.in.second", T_INT, "100", 1, 1e6, CLUSTER},
    [CONF_HEARTBEAT_SCALING] = {"mapreduce.jobtracker.heartbeats.scaling.factor", T_FLOAT, "1.0", 0.01, 1e3, CLUSTER},
    [CONF_OUTOFBAND_HEARTBEAT] = {"mapreduce.tasktracker.outofband.heartbeat", T_BOOL, "false", 0, 1, CLUSTER},
    [CONF_HEARTBEAT_IDLE] = {"mrlab.heartbeat.idle", T_ENUM, "skip", 0, 1, CLUSTER, idle_heartbeats},
    [CONF_TASK_STARTUP] = {"mrlab.task.startup", T_TIME, "1s", 0, 3600, JOB},
    [CONF_CHUNK] = {"mrlab.pipeline.chunk", T_SIZE, "16MiB", 65536, GiB, JOB},
    [CONF_PIPELINE_DEPTH] = {"mrlab.pipeline.depth", T_INT, "2", 1, 1000, JOB},
    [CONF_SORT_COST] = {"mrlab.sort.cost", T_FLOAT, "20", 0, 1e5, JOB},
    [CONF_MERGE_COST] = {"mrlab.merge.cost", T_FLOAT, "5", 0, 1e5, JOB},
    [CONF_COMPRESS_RATIO] = {"mrlab.compress.ratio", T_FLOAT, "0.4", 0.001, 1, JOB},
    [CONF_COMPRESS_COST] = {"mrlab.compress.cost", T_FLOAT, "40", 0, 1e5, JOB},
    [CONF_DECOMPRESS_COST] = {"mrlab.decompress.cost", T_FLOAT, "10", 0, 1e5, JOB},
    [CONF_EXPLICIT_GROUPS] = {"mrlab.reduce.explicit.groups", T_INT, "16", 0, 1e4, JOB},
    [CONF_SHUFFLE_BY_RACK] = {"mrlab.shuffle.by.rack", T_BOOL, "false", 0, 1, JOB},
    [CONF_SHUFFLE_COARSE] = {"mrlab.shuffle.coarse", T_BOOL, "false", 0, 1, JOB},
    [CONF_COARSE_SOURCES] = {"mrlab.shuffle.coarse.sources", T_INT, "0", 0, 1e4, JOB},
    /* a reducer learns of finished maps once a second: EventFetcher's SLEEP_TIME, 1000 ms, in Hadoop 2 and 1 */
    [CONF_COARSE_POLL] = {"mrlab.shuffle.coarse.poll", T_TIME, "1s", 0.001, 3600, JOB},
    [CONF_SHUFFLE_FLOWS] = {"mrlab.shuffle.flows", T_INT, "0", 0, 1e4, JOB},
    [CONF_MAP_SLOT_MB] = {"mapreduce.cluster.mapmemory.mb", T_INT, "1024", 1, 1e7, CLUSTER},
    [CONF_REDUCE_SLOT_MB] = {"mapreduce.cluster.reducememory.mb", T_INT, "1024", 1, 1e7, CLUSTER},
    /* redistribution (sim/balancer.c), as Hadoop 2.x's datanodes bound the Balancer's moves; Hadoop 2.x's
     * hdfs-default.xml has 5 moves and 1048576 bytes/s (Hortonworks HDP 2.6.5, "Configuring the Balancer").
     * Xie's redistribution is a tool of its own that moves data before the job runs, with no throttle in
     * the thesis, so mrlab's default bandwidth is 0: unthrottled; set 1m for the Balancer's. */
    [CONF_BALANCE_MOVES] = {"dfs.datanode.balance.max.concurrent.moves", T_INT, "5", 1, 1e4, CLUSTER},
    [CONF_BALANCE_BANDWIDTH] = {"dfs.datanode.balance.bandwidthPerSec", T_HSIZE, "0", 0, 1e12, CLUSTER},
    [CONF_SHUFFLE_MODE] = {"mrlab.shuffle.mode", T_ENUM, "pull", 0, 1, JOB, shuffle_modes},
    [CONF_PUSH_THRESHOLD] = {"mrlab.shuffle.push.threshold", T_FLOAT, "0.25", 0.01, 1, JOB},
    [CONF_PREFETCH] = {"mrlab.prefetch", T_BOOL, "false", 0, 1, JOB},
    /* an RPC of a few ms (Hadoop 0.20's NameNode under light load), and a
     * 7200 rpm SATA disk of 2008: 8.5 ms average seek plus half a turn */
    [CONF_NAMENODE_RPC] = {"mrlab.namenode.rpc", T_TIME, "2ms", 0, 10, CLUSTER},
    [CONF_DISK_SEEK] = {"mrlab.disk.seek", T_TIME, "12.7ms", 0, 10, CLUSTER},
    [CONF_DISK_OPS] = {"mrlab.disk.ops", T_INT, "0", 0, 1e4, CLUSTER},
    [CONF_DISK_LAZY] = {"mrlab.disk.lazy", T_BOOL, "false", 0, 1, CLUSTER},
    [CONF_HDFS_COARSE] = {"mrlab.hdfs.coarse", T_BOOL, "false", 0, 1, CLUSTER},
    [CONF_HDFS_CARRIERS] = {"mrlab.hdfs.coarse.carriers", T_INT, "0", 0, 1e4, CLUSTER},
    [CONF_PROGRESS_PERIOD] = {"mrlab.progress.period", T_TIME, "1s", 0, 1e6, CLUSTER},
    [CONF_PROGRESS_DELTA] = {"mrlab.progress.delta", T_SIZE, "1KiB", 0, GiB, CLUSTER},
    [CONF_PROGRESS_SKETCH] = {"mrlab.progress.sketch", T_INT, "0", 0, 1e8, CLUSTER},
    [CONF_UTILISATION_PERIOD] = {"mrlab.utilisation.period", T_TIME, "1s", 0, 1e6, CLUSTER},
    /* YARN mode (sim/yarn.c): Hadoop 2's yarn-default.xml and mapred-default.xml; a NodeManager's capacity
     * of -1 is the node's memory and cores, as Hadoop 3 detects them */
    [CONF_SCHEDULER] = {"mrlab.scheduler", T_ENUM, "hadoop1", 0, 3, CLUSTER, schedulers},
    [CONF_NM_HEARTBEAT] = {"yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", T_MS, "1000", 0.01, 3600,
                           CLUSTER},
    [CONF_NM_MEMORY_MB] = {"yarn.nodemanager.resource.memory-mb", T_INT, "-1", -1, 1e8, CLUSTER},
    [CONF_NM_VCORES] = {"yarn.nodemanager.resource.cpu-vcores", T_INT, "-1", -1, 1e5, CLUSTER},
    [CONF_MIN_ALLOCATION_MB] = {"yarn.scheduler.minimum-allocation-mb", T_INT, "1024", 1, 1e7, CLUSTER},
    [CONF_MIN_ALLOCATION_VCORES] = {"yarn.scheduler.minimum-allocation-vcores", T_INT, "1", 1, 1e4, CLUSTER},
    [CONF_MAP_VCORES] = {"mapreduce.map.cpu.vcores", T_INT, "1", 1, 1e4, JOB},
    [CONF_REDUCE_VCORES] = {"mapreduce.reduce.cpu.vcores", T_INT, "1", 1, 1e4, JOB},
    [CONF_AM_MEMORY_MB] = {"yarn.app.mapreduce.am.resource.mb", T_INT, "1536", 1, 1e7, JOB},
    [CONF_AM_VCORES] = {"yarn.app.mapreduce.am.resource.cpu-vcores", T_INT, "1", 1, 1e4, JOB},
    [CONF_REDUCE_RAMPUP] = {"yarn.app.mapreduce.am.job.reduce.rampup.limit", T_FLOAT, "0.5", 0, 1, JOB},
    /* the ApplicationMasters' share limits: CapacityScheduler's, and the FairScheduler's maxAMShare (an
     * allocation file's queueMaxAMShareDefault in Hadoop, a property here); the MapReduce AM's reduce preemption */
    [CONF_AM_RESOURCE_PERCENT] = {"yarn.scheduler.capacity.maximum-am-resource-percent", T_FLOAT, "0.1", 0, 1, CLUSTER},
    [CONF_FAIR_AM_SHARE] = {"mrlab.fair.maxAMShare", T_FLOAT, "0.5", 0, 1, CLUSTER},
    [CONF_PREEMPT_DELAY] = {"mapreduce.job.reducer.preempt.delay.sec", T_INT, "0", 0, 1e7, JOB},
    [CONF_UNCONDITIONAL_PREEMPT] = {"mapreduce.job.reducer.unconditional-preempt.delay.sec", T_INT, "300", -1, 1e7,
                                    JOB},
    [CONF_PREEMPTION_LIMIT] = {"yarn.app.mapreduce.am.job.reduce.preemption.limit", T_FLOAT, "0.5", 0, 1, JOB},
    /* task-level faults (sim/failures.c): mrlab's fault injection, and Hadoop's reactions to a failed attempt */
    [CONF_MAP_FAILURE] = {"mrlab.map.failure.probability", T_FLOAT, "0", 0, 1, JOB},
    [CONF_REDUCE_FAILURE] = {"mrlab.reduce.failure.probability", T_FLOAT, "0", 0, 1, JOB},
    [CONF_MAP_MAXATTEMPTS] = {"mapreduce.map.maxattempts", T_INT, "4", 1, 1e4, JOB},
    [CONF_REDUCE_MAXATTEMPTS] = {"mapreduce.reduce.maxattempts", T_INT, "4", 1, 1e4, JOB},
    [CONF_TRACKER_FAILURES] = {"mapreduce.job.maxtaskfailures.per.tracker", T_INT, "3", 1, 1e6, JOB},
    /* lost workers (sim/lost.c): mrlab's failure processes, and Hadoop's (1 and 2) timeouts and fetch-failure rule */
    [CONF_NODE_MTBF] = {"mrlab.node.mtbf", T_TIME, "0s", 0, 1e10, CLUSTER},
    [CONF_NODE_MTBF_SHAPE] = {"mrlab.node.mtbf.shape", T_FLOAT, "1", 0.1, 10, CLUSTER},
    [CONF_NODE_REPAIR] = {"mrlab.node.repair", T_TIME, "0s", 0, 1e10, CLUSTER},
    [CONF_TRACKER_EXPIRY] = {"mapreduce.jobtracker.expire.trackers.interval", T_MS, "600000", 1, 1e7, CLUSTER},
    [CONF_NM_EXPIRY] = {"yarn.nm.liveness-monitor.expiry-interval-ms", T_MS, "600000", 1, 1e7, CLUSTER},
    [CONF_DISK_CHECK] = {"mapred.disk.healthChecker.interval", T_MS, "60000", 1, 1e7, CLUSTER},
    [CONF_CONNECT_TIMEOUT] = {"mapreduce.reduce.shuffle.connect.timeout", T_MS, "180000", 0.001, 1e6, JOB},
    [CONF_CLIENT_TIMEOUT] = {"dfs.client.socket-timeout", T_MS, "60000", 0.001, 1e6, JOB},
    [CONF_FETCH_FAILURES_FRACTION] = {"mapreduce.reduce.shuffle.max-fetch-failures-fraction", T_FLOAT, "0.5", 0, 1,
                                      JOB},
    [CONF_FETCH_FAILURES_NOTIFICATIONS] = {"mapreduce.reduce.shuffle.max-fetch-failures-notifications", T_INT, "3", 1,
                                           1e6, JOB},
    /* the NameNode's re-replication of a dead DataNode's blocks (sim/rereplicate.c): Hadoop 2's
     * hdfs-default.xml, where dfs.heartbeat.interval and dfs.namenode.replication.interval are seconds */
    [CONF_DN_HEARTBEAT] = {"dfs.heartbeat.interval", T_INT, "3", 1, 1e6, CLUSTER},
    [CONF_NN_RECHECK] = {"dfs.namenode.heartbeat.recheck-interval", T_MS, "300000", 0.001, 1e7, CLUSTER},
    [CONF_REPLICATION_INTERVAL] = {"dfs.namenode.replication.interval", T_INT, "3", 1, 1e6, CLUSTER},
    [CONF_REPLICATION_MULTIPLIER] = {"dfs.namenode.replication.work.multiplier.per.iteration", T_INT, "2", 1, 1e6,
                                     CLUSTER},
    [CONF_REPLICATION_STREAMS] = {"dfs.namenode.replication.max-streams", T_INT, "2", 1, 1e6, CLUSTER},
    /* the job's placement and ratios as properties, so that a comparison varies them as any other setting */
    [CONF_PLACEMENT] = {"mrlab.placement", T_PLACEMENT, "", 0, 0, JOB},
    [CONF_RATIOS] = {"mrlab.ratios", T_PATH, "", 0, 0, JOB},
    [CONF_FAULTS] = {"mrlab.faults", T_FAULTS, "", 0, 0, CLUSTER},
};

/* Hadoop 1's names of the properties above, as Hadoop 2 maps them (its
 * DeprecatedProperties table): each still sets the property it became,
 * wherever a property is set. */
static const struct {
  const char *name;
  conf_key key;
} deprecated[] = {
    {"dfs.block.size", CONF_BLOCKSIZE},
    {"mapred.reduce.tasks", CONF_REDUCES},
    {"io.sort.mb", CONF_SORT_MB},
    {"io.sort.spill.percent", CONF_SPILL_PERCENT},
    {"io.sort.factor", CONF_SORT_FACTOR},
    {"mapred.compress.map.output", CONF_COMPRESS},
    {"mapred.reduce.slowstart.completed.maps", CONF_SLOWSTART},
    {"mapred.reduce.parallel.copies", CONF_PARALLELCOPIES},
    {"mapred.job.shuffle.input.buffer.percent", CONF_SHUFFLE_BUFFER_PERCENT},
    {"mapred.job.shuffle.merge.percent", CONF_SHUFFLE_MERGE_PERCENT},
    {"mapred.inmem.merge.threshold", CONF_INMEM_THRESHOLD},
    {"mapred.job.map.memory.mb", CONF_MAP_MEMORY_MB},
    {"mapred.job.reduce.memory.mb", CONF_REDUCE_MEMORY_MB},
    {"mapred.map.tasks.speculative.execution", CONF_MAP_SPECULATIVE},
    {"mapred.reduce.tasks.speculative.execution", CONF_REDUCE_SPECULATIVE},
    {"mapred.heartbeats.in.second", CONF_HEARTBEATS_PER_SECOND},
    {"mapred.cluster.map.memory.mb", CONF_MAP_SLOT_MB},
    {"mapred.cluster.reduce.memory.mb", CONF_REDUCE_SLOT_MB},
    {"dfs.balance.bandwidthPerSec", CONF_BALANCE_BANDWIDTH},
    {"mapred.map.max.attempts", CONF_MAP_MAXATTEMPTS},
    {"mapred.reduce.max.attempts", CONF_REDUCE_MAXATTEMPTS},
    {"mapred.max.tracker.failures", CONF_TRACKER_FAILURES},
};
#define N_DEPRECATED (int)(sizeof deprecated / sizeof deprecated[0])

static const char *expected(const property *p)
{
  static char names[128];
  switch (p->type) {
  case T_ENUM:
    names[0] = 0;
    for (int k = 0; p->names[k]; k++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? (p->names[k + 1] ? ", " : " or ") : "",
               p->names[k]);
    return names;
  case T_INT: return "a whole number";
  case T_FLOAT: return "a number";
  case T_BOOL: return "true or false";
  case T_HSIZE: return "a size in bytes, with an optional k, m, g or t suffix (128m)";
  case T_MS: return "a whole number of milliseconds";
  case T_TIME: return units_expected(UNITS_TIME);
  case T_SIZE: return units_expected(UNITS_SIZE);
  case T_PLACEMENT: return "default, even, ratio or all-in:NAME (a worker or node class)";
  case T_PATH: return "a file's path without commas or quotes";
  case T_FAULTS: return "TARGET@WHEN[+DOWN] separated by spaces";
  }
  return "a value";
}

/* Whether TEXT is a value of a text property of type T: short enough, and
 * of nothing that would break a CSV cell or a command line.  A bad list of
 * faults also says which entry is wrong in WHY. */
static int text_ok(value_type t, const char *text, char *why, size_t whylen)
{
  if (strlen(text) >= CONF_TEXT_MAX || strpbrk(text, ",\"';\t\r\n"))
    return 0;
  if (t == T_PATH)
    return text[0] != 0;
  if (t == T_FAULTS)
    return faults_parse(text, NULL, 0, why, whylen) >= 0;
  static const char *const policies[] = {"default", "even", "ratio", NULL};
  for (int k = 0; policies[k]; k++)
    if (strcmp(text, policies[k]) == 0)
      return 1;
  return strncmp(text, "all-in:", 7) == 0 && text[7];
}

/* Parses TEXT as a value of property P into *OUT (a text property's, 1);
 * returns 0, or -1 and, where a type has more to say than what it
 * expects, why in WHY (left as it was otherwise). */
static int parse_value(const property *p, const char *text, double *out, char *why, size_t whylen)
{
  char *end;
  value_type t = p->type;
  switch (t) {
  case T_PLACEMENT:
  case T_PATH:
  case T_FAULTS: *out = 1; return text_ok(t, text, why, whylen) ? 0 : -1;
  case T_ENUM:
    for (int k = 0; p->names[k]; k++)
      if (strcmp(text, p->names[k]) == 0) {
        *out = k;
        return 0;
      }
    return -1;
  case T_BOOL:
    if (strcasecmp(text, "true") && strcasecmp(text, "false"))
      return -1;
    *out = strcasecmp(text, "true") == 0;
    return 0;
  case T_TIME: return units_parse(UNITS_TIME, text, out);
  case T_SIZE: /* a size in bits ("64Kib") must come to whole bytes */
    return units_parse(UNITS_SIZE, text, out) || (units_size_in_bits(text) && *out != floor(*out)) ? -1 : 0;
  case T_FLOAT: *out = strtod(text, &end); return end != text && !*end && isfinite(*out) ? 0 : -1;
  case T_INT:
  case T_MS:
  case T_HSIZE: {
    long long v = strtoll(text, &end, 10);
    double scale = 1;
    if (t == T_HSIZE && *end) {
      const char *suffixes = "kmgtpe", *s = strchr(suffixes, end[0] | 0x20);
      if (!s || end[1])
        return -1;
      scale = pow(1024, (double)(s - suffixes + 1));
      end++;
    }
    if (end == text || *end)
      return -1;
    *out = (double)v * scale / (t == T_MS ? 1000.0 : 1.0);
    return 0;
  }
  }
  return -1;
}

static int is_text(conf_key k)
{
  return k >= CONF_FIRST_TEXT;
}

void conf_init(conf *c)
{
  memset(c, 0, sizeof *c);
  for (int k = 0; k < CONF_N_KEYS; k++)
    xbt_assert(is_text(k) || parse_value(&table[k], table[k].def, &c->v[k], NULL, 0) == 0, "bad default for %s",
               table[k].name);
}

int conf_equal(const conf *a, const conf *b, conf_key k)
{
  return is_text(k) ? strcmp(conf_text(a, k), conf_text(b, k)) == 0 : a->v[k] == b->v[k];
}

void conf_settle(conf *c)
{
  /* Hadoop 3 infers a non-positive task memory from mapreduce.*.java.opts'
   * heap, which mrlab does not model, and without one takes 1024 MB */
  for (int k = CONF_MAP_MEMORY_MB; k <= CONF_REDUCE_MEMORY_MB; k++)
    if (c->v[k] <= 0)
      c->v[k] = 1024;
  if (c->v[CONF_SHUFFLE_MODE] == CONF_SHUFFLE_PUSH && !c->given[CONF_SLOWSTART])
    c->v[CONF_SLOWSTART] = 0;
}

int conf_lookup(const char *name)
{
  for (int k = 0; k < CONF_N_KEYS; k++)
    if (strcmp(name, table[k].name) == 0)
      return k;
  for (int i = 0; i < N_DEPRECATED; i++)
    if (strcmp(name, deprecated[i].name) == 0)
      return (int)deprecated[i].key;
  return -1;
}

const char *conf_nearest(const char *name, size_t most)
{
  const char *names[CONF_N_KEYS + N_DEPRECATED + 1];
  for (int k = 0; k < CONF_N_KEYS; k++)
    names[k] = table[k].name;
  for (int i = 0; i < N_DEPRECATED; i++)
    names[CONF_N_KEYS + i] = deprecated[i].name;
  names[CONF_N_KEYS + N_DEPRECATED] = NULL;
  return most ? cfg_nearest_within(name, names, most) : cfg_nearest(name, names);
}

/* The property SETTING names, or -1; NAME receives the name. */
static int find(const char *setting, char *name, size_t len)
{
  const char *eq = strchr(setting, '=');
  snprintf(name, len, "%.*s", eq ? (int)(eq - setting) : (int)strlen(setting), setting);
  return conf_lookup(name);
}

int conf_setting_scope(const char *setting)
{
  char name[128];
  int k = find(setting, name, sizeof name);
  return k < 0 ? -1 : (int)table[k].scope;
}

int conf_setting_is_path(const char *setting)
{
  char name[128];
  int k = find(setting, name, sizeof name);
  return k >= 0 && table[k].type == T_PATH;
}

conf_scope conf_key_scope(conf_key k)
{
  return table[k].scope;
}

const char *conf_scope_name(conf_key k)
{
  return table[k].scope == CONF_CLUSTER ? "cluster" : "job";
}

int conf_set(conf *c, conf_scope scope, const char *setting, char *err, size_t errlen)
{
  const char *eq = strchr(setting, '=');
  if (!eq) {
    snprintf(err, errlen, "expected NAME=VALUE such as mapreduce.job.reduces=8, got \"%s\"", setting);
    return -1;
  }
  char name[128];
  int k = find(setting, name, sizeof name);
  const char *value = eq + 1;
  if (k >= 0) {
    if (table[k].scope != scope) {
      snprintf(err, errlen,
               table[k].scope == CONF_CLUSTER
                   ? "%s: a cluster-wide property (expected in the platform file's settings list or in --set, not "
                     "in a job's set)"
                   : "%s: a job property (expected in a job's set list in the workload file or in --set, not in "
                     "the platform file)",
               name);
      return -1;
    }
    double v;
    char why[256] = "";
    if (parse_value(&table[k], value, &v, why, sizeof why) != 0) {
      if (why[0])
        snprintf(err, errlen, "%s: expected %s; %s", name, expected(&table[k]), why);
      else
        snprintf(err, errlen, "%s: expected %s, got \"%s\"", name, expected(&table[k]), value);
      return -1;
    }
    if (!is_text(k) && (v < table[k].min || v > table[k].max)) {
      snprintf(err, errlen, "%s: expected a value from %.15g to %.15g, got \"%s\"", name,
               table[k].min * (table[k].type == T_MS ? 1000 : 1), table[k].max * (table[k].type == T_MS ? 1000 : 1),
               value);
      return -1;
    }
    if ((k == CONF_PROGRESS_PERIOD || k == CONF_UTILISATION_PERIOD) && v > 0 && v < CONF_SAMPLING_MIN) {
      snprintf(err, errlen, "%s: expected 0s (no sampling) or at least %gms (mrlab's bound on a sampling period), got "
               "\"%s\"", name, CONF_SAMPLING_MIN * 1000, value);
      return -1;
    }
    c->v[k] = v;
    if (is_text(k))
      snprintf(c->text[k - CONF_FIRST_TEXT], CONF_TEXT_MAX, "%s", value);
    c->given[k] = 1;
    return 0;
  }
  const char *near = conf_nearest(name, 0);
  if (near)
    snprintf(err, errlen, "unknown property %s; did you mean %s?", name, near);
  else
    snprintf(err, errlen, "unknown property %s (see `mrlab run --help` for the known ones)", name);
  return -1;
}

const char *conf_name(conf_key k)
{
  return table[k].name;
}

void conf_format(const conf *c, conf_key k, char *buf, size_t len)
{
  double v = c->v[k];
  switch (table[k].type) {
  case T_BOOL: snprintf(buf, len, "%s", v != 0 ? "true" : "false"); break;
  case T_ENUM: snprintf(buf, len, "%s", table[k].names[(int)v]); break;
  case T_MS: snprintf(buf, len, "%.0f", v * 1000); break;
  case T_TIME: snprintf(buf, len, "%.15gs", v); break;
  case T_SIZE: snprintf(buf, len, "%.0fB", v); break;
  case T_FLOAT: snprintf(buf, len, "%.15g", v); break;
  case T_INT:
  case T_HSIZE: snprintf(buf, len, "%.0f", v); break;
  case T_PLACEMENT:
  case T_PATH:
  case T_FAULTS: snprintf(buf, len, "%s", conf_text(c, k)); break;
  }
}
