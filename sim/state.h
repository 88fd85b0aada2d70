/* state.h - the state of a simulated Hadoop cluster during one run.
 *
 * One run simulates one workload on one platform.  The JobTracker (on the
 * master) and a TaskTracker per worker are SimGrid actors; each task
 * attempt is an actor on its worker, and each streamed stage of an attempt
 * an actor of its own (pipe.h).  They all share this state: SimGrid runs
 * one actor at a time, so plain fields need no locks, and every change
 * happens at a definite simulated time.  What crosses the network in Hadoop
 * (heartbeats, map outputs) crosses SimGrid's network here too.
 *
 * This header includes no actor's: each actor has its own file and header
 * (jobtracker.h, tasktracker.h, maptask.h, reducetask.h, ...), what every
 * one reads of a job's tasks is in jobs.h, and an actor's module never
 * includes the header of one that includes its own.  Where a module must
 * call one above it (an attempt that ends calls its tracker, which launched
 * it; a lost worker's attempts are learnt of by the JobTracker, which
 * calls the faults at each heartbeat), it calls through engine.up, which
 * engine_alloc sets.  The functions on this state keep the prefix of its
 * type (engine_, tracker_) whichever file holds them. */
#ifndef MRLAB_STATE_H
#define MRLAB_STATE_H

#include "hdfs.h"
#include "pipe.h"
#include "platform.h"
#include "statusline.h"
#include "workload.h"

#include <gsl/gsl_rng.h>
#include <simgrid/forward.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_ATTEMPTS 8 /* a task's attempts beyond which neither a speculative twin nor a YARN preemption
                         * adds one (reruns of failed attempts are bounded by mapreduce.*.maxattempts) */

typedef enum { KIND_MAP, KIND_REDUCE } task_kind;
typedef enum { STATUS_RUNNING, STATUS_SUCCEEDED, STATUS_KILLED, STATUS_FAILED } attempt_status;
/* Why an attempt did not succeed (tasks.csv's cause, common/rundir.h): a
 * task-level fault (failures.h), or the reason it was killed. */
typedef enum {
  CAUSE_NONE,
  CAUSE_FAULT,
  CAUSE_TWIN,
  CAUSE_PREEMPTED,
  CAUSE_JOB_FAILED,
  CAUSE_LOST,           /* its worker was lost (lost.h): killed, or its output lost with it */
  CAUSE_FETCH_FAILURES, /* its map output was declared lost by reducers' failed fetches (lost.h) */
  CAUSE_MISSING_BLOCK,  /* every replica of its split was on lost workers */
  CAUSE_DISK_FAILED     /* the disk of its local directory failed (lost.h) */
} attempt_cause;
/* A job's end: its last task succeeded, a task failed mapreduce.*.maxattempts
 * times, or in a workflow a job it waited for failed and it never ran. */
typedef enum { JOB_SUCCEEDED, JOB_FAILED, JOB_DEPENDENT_FAILED } job_status;
typedef enum { LOCALITY_NODE, LOCALITY_RACK, LOCALITY_OFF_RACK, LOCALITY_NONE } locality;

/* The four phases of an attempt, in order, named per kind (the index into
 * phase_end, phase_bytes and phase_records is shared): a map reads its
 * split, runs the map function, spills and merges its spills; a reduce
 * shuffles, sorts (merges), runs the reduce function and writes its output.
 * tasks.csv names its columns after them (common/rundir.h). */
enum { PHASE_READ, PHASE_MAP, PHASE_SPILL, PHASE_MERGE };
enum { PHASE_SHUFFLE, PHASE_SORT, PHASE_REDUCE, PHASE_WRITE };
#define N_PHASES 4

typedef struct job job;
typedef struct task task;
typedef struct attempt attempt;
typedef struct job_view job_view;
typedef struct engine engine;

struct attempt {
  task *task;
  int number; /* 0, 1, ... within the task */
  int worker; /* index into platform workers */
  int speculative;
  attempt_status status;
  locality locality;
  double start, end;         /* start: when the scheduler assigned it, at a heartbeat; end: when its actor ended */
  double launched;           /* when its tracker launched it (the heartbeat's answer received; PSP: at start) */
  double reported;           /* when the JobTracker learnt that it ended (a heartbeat), 0 if it never did */
  double output_lost;        /* map: when the JobTracker learnt that its output was lost (lost.h), 0 if never */
  const attempt *needed;     /* reduce: of the map outputs it took, the one announced last */
  double asked;              /* speculative: when the speculator asked for it (job.wanted_at) */
  double phase_end[N_PHASES];
  double busy[N_PHASES][LIMIT_N]; /* seconds its pipes spent on cores, disks and the network (pipe.h), charged
                                  * to the phase they run in: a map's read-and-map pipe (and a map-only job's
                                  * HDFS write) to PHASE_READ, a reduce's reduce-and-write pipe to PHASE_REDUCE */
  int read_from;                 /* map: the worker whose replica of its split it read, -1 if none (PSP) */
  sg_disk_t disk;                /* the disk of its local directory (spills, merges, its map output), from launch */
  double flops;                  /* the work its pipes' CPU stages did: over its host's core speed, its CPU time */
  int64_t phase_bytes[N_PHASES], phase_records[N_PHASES];
  int64_t merged_bytes;     /* reduce: the bytes its merges wrote to its local disk (Hadoop's spilled records) */
  double progress;          /* 0 to 1, as Hadoop reports it */
  int cancel;               /* set when the attempt is killed or fails: its pipes stop */
  double fail_at;           /* the fraction of its input after which a task-level fault fails it, -1: none */
  attempt_cause cause;      /* why it was killed or failed */
  int preempted;            /* YARN mode: a reduce its AM killed for maps' room (yarn.c), rerun later */
  sg_cond_t wake;           /* reduce, while it shuffles: its idle fetchers wait here for map outputs */
  int64_t write_disk_bytes; /* reduce, or map of a map-only job: bytes the HDFS write pipeline put on disks, */
  double write_end;         /* when the last of them was written (map of a map-only job), */
  int *targets;             /* and the workers its output's replicas went to, or NULL without output */
  int64_t cache_start;      /* map: its tracker's cache_written when its output began */
  int n_groups;             /* reduce: explicitly simulated key groups, and when each ended */
  double *group_end;
  int64_t *group_bytes;
  /* reduce, from its first reduce function on: its input as the reduce
   * function takes it, chunk by chunk, and when each chunk's output was
   * written; a chunk is an explicit group (CHUNK_GROUP its index) or a
   * batch of the other groups (-1).  What progress indicators read. */
  int n_chunks, chunks_done;
  int64_t *chunk_bytes;
  int *chunk_group;
  double *chunk_end;
  attempt *next_done; /* in its tracker's list of attempts to report */
  /* preshuffle (mrlab.shuffle.mode=push, push.c) */
  struct reduce_state *inbox; /* reduce, while it shuffles in push mode: where maps push to it */
  int64_t pushed_bytes;       /* map: bytes it pushed; reduce: pushed bytes it counted (the rest it fetched) */
  int pushes;                 /* map: pieces it pushed; reduce: pieces it received */
  double first_byte;          /* reduce: when its first shuffled byte arrived, -1 before */
  struct prefetch *prefetch;  /* map: the prefetch (prefetch.h) its split was read from, or NULL */
  int used_at;                /* its entry in its tracker's slot_uses (critpath.c reads them) */
};

struct task {
  job *job;
  task_kind kind;
  int index;
  int done; /* an attempt succeeded */
  int n_attempts, running;
  attempt **attempts; /* n_attempts of them, in the order they were made */
  int failures;       /* its attempts that failed */
  int rerun;          /* a failed attempt's rerun waits in its job's reruns (failures.h) */
  const attempt *output; /* map: the successful attempt whose output reducers fetch, NULL while none (lost.h) */
  int fetch_failures;    /* map: reducers' reports that they failed to fetch that output */
  /* maps: the input block, and the output of the successful attempt */
  int64_t block;
  int out_worker;
  sg_disk_t out_disk;
  int64_t cache_start; /* of the successful attempt */
  int parts;     /* the job's table of parts this map uses (one a split size; engine_part_bytes) */
  int announced; /* map: 1 + the index of its first event in its job's finished_maps, 0 before */
  int reserved;              /* map, PSP: held by a tracker as its next map, so no heartbeat hands it out */
  struct prefetch *prefetch; /* map, PSP: the load of its block into its tracker's memory, or NULL */
};

struct job {
  int index;
  const job_desc *desc;
  hdfs_file *input;
  int *splits;       /* each map's split hosts when its job was released (input->replication a map): where the
                        JobTracker saw its block, as Hadoop's history records it, before any re-replication */
  int foreign_hosts; /* names of its `split_hosts` that are no workers of the platform, passed over */
  int n_maps, n_reduces;
  task *maps, *reduces;
  int maps_done, reduces_done;
  double ready;       /* when its splits are known: submit, then one NameNode RPC a file (`files`) */
  double *block_time; /* PSP, per node class: the summed durations of its successful maps, */
  int *block_count;   /* and how many, as heartbeats reported them */
  int maps_taken;     /* maps that have an attempt or a tracker holding them (PSP) */
  int prefetches_issued, prefetches_used;
  int started, finished;
  job_status status;
  int failed_attempts;      /* of its tasks, as the JobTracker learnt of them */
  int *tracker_failures;    /* per worker: its failed attempts there (mapreduce.job.maxtaskfailures.per.tracker);
                               NULL until one failed */
  int flaky;                /* workers that reached that count: blacklisted for it (failures.h) */
  task **reruns;            /* tasks whose failed attempt waits to be rerun, oldest first */
  int n_reruns;
  const attempt *fatal;     /* the failed attempt that failed it, if it failed */
  double submit; /* its submit time; in a workflow, when its last parent ended if that was later */
  int waiting;   /* in a workflow: parents not yet ended; held until then */
  job **children; /* in a workflow: the jobs that wait for it (`after`), in index order, n_children of them */
  int n_children;
  double start, map_phase_end, end;
  double am_ready; /* YARN mode: when its ApplicationMaster had started (its tasks wait until then); 0 in Hadoop 1 */
  const attempt **finished_maps; /* the successful map attempts in the order the JobTracker learnt of them
                                  * (a map run again, lost.h, is there twice): Hadoop's map completion events */
  int n_finished_maps, cap_finished_maps;
  int *next_event; /* per event: the next one whose output is on the same source (engine_fetch_source), -1 */
  int *last_event; /* per source, while the job runs: its latest event, -1 if none; NULL before the first */
  int reexecuted_maps; /* completed maps run again because their output was lost (lost.h) */
  int64_t lost_bytes;  /* and the bytes of map output lost with them, as stored */
  sg_mutex_t mutex; /* with each shuffling reduce attempt's wake */
  /* scheduler cursors: maps not yet started are found through these: by
   * worker, for the N_HOLDERS workers that hold a block of its input
   * (HOLDER, ascending), so that a job costs its blocks, not the cluster's
   * size; and by rack (a list is NULL when empty) */
  int n_holders, *holder;
  int **maps_on_holder, *n_on_holder, *cur_holder;
  int **maps_in_rack, *n_in_rack, *cur_rack;
  int cur_any, cur_reduce;
  task *wanted[2];      /* per kind: the task the speculator chose for a speculative attempt, until a slot (YARN: a
                           container) takes it */
  double wanted_at[2];  /* and when it chose it */
  int64_t *(*parts)[2]; /* a map's bytes and wire per partition for each split size (jobs.c); none with key
                           data, whose records give them */
  int64_t *split_sizes; /* n_parts of them, ascending: the split size of each parts[k] */
  int n_parts;
  int64_t *part_input; /* per partition: the bytes its reducer merges, every map's part summed */
  /* redistribution (balancer.c): the block moves planned at setup, run from
   * the job's submission; while HELD, the scheduler gives it no task */
  hdfs_move *moves;
  int64_t n_moves;
  int held;
  int64_t redistributed_bytes;
  double redistribution_time;
  /* progress indicators (indicators.c): what the JobTracker learnt, and how
   * well the sketch kept the explicit keys: how many, how many it lost, and
   * the sum of its size errors over the sum of their sizes */
  job_view *view;
  int sketch_keys, sketch_missed;
  double sketch_error;
  /* retirement (retire.h): attempts made and not yet learnt of by the
   * JobTracker, prefetch actors (prefetch.c) still running for its maps;
   * once its outputs' pieces are written (RECORDED), what the end-of-run
   * outputs read of its tasks, kept here; RETIRED once its tasks are freed */
  int unreported, loading;
  int made; /* its tasks are there: from its submission (engine_job_make) until it is retired */
  int recorded, retired;
  int killed;                                  /* its attempts that were killed */
  int64_t map_output, shuffled, output;        /* of its successful attempts, as jobs.csv sums them */
  double reduce_phase_start, reduce_phase_end; /* indicators_phase's, taken while its tasks were there */
};

/* PSP (prefetch.h): the load of a reserved map's block into its
 * tracker's memory, which the map then reads instead of a disk. */
typedef struct prefetch {
  task *task;    /* the reserved map whose block it loads */
  int worker;    /* where it runs, and where the block goes */
  int src;       /* the worker whose replica it reads */
  double issued; /* when a map started on the tracker and the scheduler reserved the task */
  double due;    /* the first predicted finish of the tracker's running maps, less the predicted load time */
  double start, end;
  int started, done, used;
  int dropped;     /* its map started before it did: the map reads from disk, and the load never starts */
  sg_sem_t loaded; /* released once the block is in memory */
} prefetch;

/* An attempt's use of a slot (YARN: a container) on its worker, as the
 * critical path (critpath.c) asks of the attempts of every job: while its
 * job keeps its tasks, the attempt itself (A); once the job is retired, a
 * copy of what critpath.c reads (A NULL). */
typedef struct {
  const attempt *a;
  double start, end, reported;
  int job, kind, index, number;
} slot_use;

/* How long a heartbeat may take to reach the JobTracker, as far as idle
 * trackers that skip heartbeats assume (tasktracker.c): far above what one
 * takes on the platforms shipped (under a millisecond), and checked: a run
 * whose heartbeats took longer says so (sim.c). */
#define ENGINE_HEARTBEAT_REACH 0.1

typedef struct {
  int worker;
  sg_host_t host;
  sg_mailbox_t mailbox;
  int map_slots, reduce_slots;
  int running_maps, running_reduces;
  attempt **maps;   /* its running map attempts, running_maps of them (in no order) */
  attempt *done;    /* finished attempts not yet reported to the JobTracker */
  attempt **launch; /* attempts the JobTracker gave it, to launch on its answer */
  int n_launch;
  int shutdown;   /* the JobTracker's answer: all jobs are done */
  task *next;     /* PSP: the map reserved for the next map slot that frees here, or NULL */
  sg_sem_t loads; /* PSP: one block loads at a time here (prefetch.c) */
  sg_sem_t wake;  /* released to send a heartbeat early (out-of-band) */
  /* idle heartbeats (tasktracker.c) */
  double sent;    /* when it sent its last heartbeat */
  double uplink;  /* how long that heartbeat took to reach the JobTracker */
  int quiet;      /* it waits on rouse, skipping heartbeats, until work may be there for it */
  sg_sem_t rouse; /* released once (quiet cleared) by engine_work_appeared */
  /* The OS page cache, for map spills and outputs: memory less the slots'
   * heaps.  What a map writes stays cached until `cache` more bytes have
   * been written after it (first in, first out); later reads of it (the
   * spill merge, the shuffle) go to disk only after that. */
  double cache;
  int64_t cache_written; /* map bytes written through it so far */
  unsigned n_disks;
  sg_disk_t *disks;
  int64_t disk_read, disk_written, net_sent; /* bytes, for utilisation */
  /* A number drawn from the run's seed and the worker's name (engine_hash):
   * where in the heartbeat interval its first heartbeat falls, and its rank
   * when a choice among workers would otherwise go to the one listed first */
  uint64_t key;
  /* lost workers (lost.h) */
  int lost;              /* the worker is down now */
  int expired;           /* the JobTracker has declared it lost and not heard from it since */
  double lost_at;        /* when it went down last */
  double back_at;        /* when it comes back up; -1: never */
  double last_heartbeat; /* when the JobTracker last heard from it */
  sg_sem_t revive;       /* its tracker waits here while it is down */
  /* its DataNode: down while the worker is, and for good once a disk failed
   * (dfs.datanode.failed.volumes.tolerated = 0); the NameNode and the HDFS
   * clients look at these, the JobTracker at the tracker's */
  int dn_down;             /* the DataNode is down now */
  int dn_failed;           /* it shut down for good: a disk failed */
  double dn_down_at;       /* when it went down last */
  unsigned char *disk_bad; /* per disk: it failed (NULL in runs without faults) */
  int disks_bad;           /* how many did */
  int disks_checked;       /* Hadoop 1: of them, those its TaskTracker's last disk check found */
  double disk_check;       /* Hadoop 1: when it last checked its local directories */
  int reinit;              /* Hadoop 1: it re-initialised itself, and has not heartbeated since */
  slot_use *uses;          /* the attempts that ran here and may yet be on a critical path (retire.h) */
  int n_uses, cap_uses;
} tracker;

/* One estimate of a job's reduce phase by one indicator (indicators.h). */
typedef struct {
  int job, indicator;
  double time, progress, end; /* progress in percent; without an estimate 0 and NAN */
} progress_sample;

/* The calls up the tree: what a module calls in one above it, whose header
 * it may not include (that module includes its own); engine_alloc sets
 * each to the function named. */
typedef struct {
  void (*attempt_ended)(attempt *a); /* tasktracker_attempt_ended: map and reduce attempts' actors as they end */
  void (*learn)(engine *e, attempt *a, double now); /* jobtracker_learn: lost.c, for a lost worker's attempts */
  void (*lose_output)(engine *e, task *t, attempt_cause cause, double now); /* jobtracker_lose_output: lost.c */
} engine_hooks;

struct engine {
  const platform *platform;
  unsigned long seed;
  int n_jobs;
  job *jobs;
  /* The jobs submitted (their workload submit time is past) and not
   * finished, in index order, n_queue of them: what the schedulers and the
   * progress sampler walk (engine_queue), so that a day's trace costs a
   * heartbeat the jobs in flight, not all of them.  BY_SUBMIT holds every
   * job by submit time, then index; the first N_SUBMITTED have joined. */
  job **queue, **by_submit;
  int n_queue, n_submitted;
  tracker *trackers;   /* one per worker */
  tracker **by_key;    /* the trackers by key: the order in which engine_work_appeared wakes them */
  sg_host_t *gateways; /* per rack: its shuffle gateway (topology.h), NULL when not loaded */
  struct coarsehdfs *coarse_hdfs; /* mrlab.hdfs.coarse's queues and carriers (coarsehdfs.h), or NULL */
  sg_host_t master;
  sg_mailbox_t jobtracker;
  conf cluster;     /* the cluster properties: the platform's settings, then the command line's (workload.h) */
  double heartbeat; /* the interval the JobTracker asks for, s */
  double uplink_max; /* the longest a heartbeat took to reach the JobTracker */
  const struct scheduler *scheduler;
  int map_slots, reduce_slots; /* of the whole cluster */
  int jobs_finished;
  progress_sample *samples; /* the progress indicators' estimates, in time order (indicators.c) */
  size_t n_samples, cap_samples;
  double stopped[3]; /* when progress, class and host utilisation sampling stopped at CONF_SAMPLED_ROWS; 0: not */
  struct utilisation_state *util; /* the utilisation samples so far (utilisation.c), NULL before the first */
  struct yarn_rm *rm;             /* YARN mode's ResourceManager (yarn.h); NULL in Hadoop 1 mode */
  struct lost_state *lost;        /* the faults and the expiry monitor (lost.h); NULL without faults */
  struct rereplicate_state *rereplicate; /* the NameNode's dead datanodes, its copies (rereplicate.h); NULL
                                         * without faults */
  int tasks_total, tasks_done;    /* of every job; done: as the JobTracker learns it */
  int untold;                     /* trackers the JobTracker has yet to tell that the run is over */
  statusline line;                /* the progress line on stderr, updated at heartbeats (jobtracker.c) */
  char stuck[1024];               /* YARN mode: why the run can never end (yarn.h), "" while it can */
  struct retire_state *retire;    /* the finished jobs' outputs so far, and the jobs to retire (retire.h) */
  int64_t *input_blocks;          /* per worker: input replicas of the recorded jobs placed there (summary.json) */
  engine_hooks up;                /* calls up the tree (above) */
};

/* The run under way (SimGrid's engine is a per-process singleton, and so is this). */
extern engine *the_engine;

/* A number drawn from the run's seed and the N numbers PARTS alone
 * (splitmix64): the same parts give the same number whatever else the run
 * drew, so a choice made with it is a common random number of every
 * configuration run with that seed.  Where Hadoop breaks a tie at random,
 * or where real daemons start at unrelated times, mrlab draws with this,
 * never from an index or the order of a file. */
uint64_t engine_hash(const uint64_t *parts, size_t n);

/* A hash of NAME (a worker's or a rack's): its identity in a draw, which its
 * place in the platform file does not change. */
uint64_t engine_name_hash(const char *name);

/* The racks of the_engine's platform in an order drawn from the seed: by
 * engine_hash of the N (at most 7) numbers PARTS followed by the rack's
 * engine_name_hash, then (two equal draws) by name, so that no order
 * follows the platform file's (docs/design.md).  ORDER[k] gets the k-th
 * rack and PLACE[r] rack r's k; both have room for every rack. */
void engine_racks_drawn(const uint64_t *parts, size_t n, int *order, int *place);

/* X, a number of engine_hash, as a uniform number in [0, 1). */
static inline double engine_uniform(uint64_t x)
{
  return (double)(x >> 11) * 0x1p-53;
}

/* A generator seeded by engine_hash of the N numbers PARTS (the caller frees it). */
gsl_rng *engine_rng_alloc(const uint64_t *parts, size_t n);

/* The tags that keep engine_hash's draws for different purposes apart. */
enum {
  DRAW_PHASE = 1,
  DRAW_PLACEMENT,
  DRAW_REPLICA,
  DRAW_RECLAIM,
  DRAW_SPECULATE,
  DRAW_REDISTRIBUTION,
  DRAW_FETCH,
  DRAW_PREEMPT,
  DRAW_FAULT,
  DRAW_LOSS,
  DRAW_REREPLICATION,
  DRAW_CARRIER,
  DRAW_HDFS_CARRIER
};

/* A random generator for attempt A alone, seeded from the run's seed and
 * the attempt's identity, so that what A draws does not depend on the order
 * in which other actors drew: two configurations of one run then differ by
 * their effect, not by reshuffled random numbers (common random numbers).
 * The caller frees it. */
gsl_rng *engine_attempt_rng(const attempt *a);
/* Likewise for what every attempt of task T shares (the order of its
 * reducer's keys), whatever attempt draws it. */
gsl_rng *engine_task_rng(const task *t);

/* The seconds worker W's disks and NIC have been busy so far: the bytes
 * its tracker counted over their rates (its disks' summed), into *DISK and
 * *NIC.  What summary.json's and utilisation.csv's utilisation divide. */
void engine_tracker_busy(const engine *e, int w, double *disk, double *nic);

/* Disk K modulo the disks of host H: how a task picks among mapred.local.dir
 * and how a datanode spreads blocks over its volumes; past a disk that
 * failed (lost.h) to the next, as Hadoop's LocalDirAllocator passes over a
 * directory it cannot write (a datanode with a failed disk is down). */
sg_disk_t engine_disk(sg_host_t h, int64_t k);

/* Kills running attempt A (its job's mutex held): its pipes stop and its
 * idle fetchers wake to see it; it ends KILLED. */
void engine_attempt_cancel(attempt *a);

/* Tells the idle trackers that skip heartbeats (tasktracker.c) that work
 * may wait for them now: called wherever a scheduler may find a task it
 * could not find before, other than at a job's ready time, which they
 * foresee (scheduler_next_work): a job released (its parents ended, its
 * input moved), reduces past slow-start, a task to rerun, a speculative
 * attempt wanted, a preempted reduce asked for again, every job over. */
void engine_work_appeared(engine *e);

/* Ends tracker TR's wait for work without heartbeats (tasktracker.c), if it waits. */
void tracker_rouse(tracker *tr);

#endif
