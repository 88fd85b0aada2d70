/* job.h - one job of a workload, as the engine needs it: the job_desc
 * that workload_read (workload.h) fills from a job's group, or a generator
 * (generator.h) from its parameters, and the bytes that follow from it,
 * map by map and partition by partition, which the reader, the generators
 * and the engine all compute the same way.  Below both workload.h and
 * generator.h, so that the reader calls the generators without the
 * generators including the reader back. */
#ifndef MRLAB_JOB_H
#define MRLAB_JOB_H

#include "conf.h"
#include "keys.h"

#include <stdint.h>

/* mrlab's bounds on a job (docs/limits.md), shared with the generators. */
#define WORKLOAD_MAX_BYTE_COST 1e5                  /* flops a byte, for map, combiner and per-byte reduce costs */
#define WORKLOAD_MAX_RECORD_COST 1e9                /* flops a record, or a pair of records */
#define WORKLOAD_MAX_RECORD 1e9                     /* bytes of a record */
#define WORKLOAD_MAX_SPLIT_HOSTS 64                 /* workers named for one map's block (`split_hosts`) */
#define WORKLOAD_MAX_OUTPUT (100 * 1099511627776.0) /* bytes a job's map or reduce stage writes: 100 TiB */
/* How a job's input is placed in HDFS (sim/hdfs.h has the policies). */
typedef enum {
  PLACEMENT_DEFAULT,  /* Hadoop's rack-aware policy */
  PLACEMENT_EVEN,     /* equal block counts over all workers, round-robin */
  PLACEMENT_RATIO,    /* in proportion to 1/ratio (the job's ratios) */
  PLACEMENT_ALL_IN,   /* every block on one worker, or evenly over one node class */
  PLACEMENT_EXPLICIT, /* by weight per worker */
} placement_kind;

typedef struct {
  placement_kind kind;
  char *all_in;          /* ALL_IN: the worker's or the class's name */
  int n_placed;          /* EXPLICIT: */
  char **placed_on;      /* worker names, */
  double *placed_weight; /* and the share of the input blocks each holds */
  int line;              /* of the setting in the workload file, for errors; 0 without one */
  int property;          /* set by mrlab.placement (line: the job's) */
} placement_desc;

/* A job's computing ratios (Xie): a node class's or a worker's time for
 * the job over the fastest node's; a worker's own entry wins over its
 * class's. */
typedef struct {
  int n;
  char **names;
  double *values; /* > 0 */
  int line;       /* of the `ratios` setting in the workload file */
  int property;   /* read from mrlab.ratios (line: the job's) */
} ratio_table;

typedef struct {
  char *name;
  double submit;      /* s */
  int64_t input;      /* bytes */
  double record_size; /* bytes of an input record; map_record_size, output_record_size likewise */
  double map_record_size, output_record_size;
  double map_cost;        /* flops per input byte */
  double map_selectivity; /* map output bytes per input byte */
  double combiner;        /* combiner output bytes per input byte; 1 without a combiner */
  double combiner_cost;   /* flops per combiner input byte */
  double reduce_cost;     /* flops per reduce input byte */
  double reduce_selectivity;
  int reduces;     /* = conf mapreduce.job.reduces */
  double *share;   /* reduces of them: each partition's share of map output, summing to 1 */
  int64_t *groups; /* reduces of them: key groups in each partition */
  placement_desc placement;
  ratio_table ratios;      /* n = 0 without `ratios` */
  keys_data *keys;         /* from a generator (generator.h): the data at key level; NULL for a job described by
                              its sizes, whose map outputs split by `share` and whose groups are equal */
  int output_replication;  /* of the job's output; 0: dfs.replication */
  int files;               /* 0: the input is one file (no per-file costs); else this many files, each cut into
                              its own blocks and opened by its maps (`files = N`, equal, or `file_sizes`) */
  int64_t *file_bytes;     /* files of them: each file's bytes, summing to input; NULL with one file */
  int64_t *file_maps;      /* files + 1 of them: each file's first map, then the job's maps; NULL with one file */
  char **split_host_names; /* `split_hosts`: the workers that hold each map's block's first replicas, map by */
  int *split_host_first;   /* map, map m's from split_host_first[m] (maps + 1 of them); NULL without */
  char *queue;             /* mapreduce.job.queuename: the platform's queue it is submitted to (`queue`) */
  int queue_line;          /* of `queue`, or the job's line */
  const char *path;        /* the workload file, and the job's line, for errors */
  int line;
  conf conf;
  /* `redistribute` (Xie 2011, section 3.2.3), if set: the input was first
   * placed by FROM (with the job's ratios, if it names "ratio") over the
   * workers not named in ADDED, with input - APPENDED bytes; APPENDED bytes
   * were then appended by Hadoop's policy; HDFS moves blocks to the job's
   * own placement before its maps run. */
  placement_desc *from;
  int64_t appended;
  int n_added;
  char **added;
  int redistribute_line;
  /* A workflow (docs/workloads.md): the jobs it waits for (`after`), as indices into the workload's jobs,
   * every one of them before it; and the one of them whose output is its input (`input = "parent:NAME"`), or -1. */
  int n_after;
  int *after;
  int input_from;
  double recorded; /* s: the job's duration on the cluster a trace recorded it on (`recorded`); 0 without one */
} job_desc;

/* The maps of job D: one per block of each of its input files (a block
 * never spans two files, as FileInputFormat cuts them).  With `files = N`
 * of an input of I bytes, the first I mod N files hold one byte more than
 * the others; with `file_sizes`, each file has its own; maps are numbered
 * file by file. */
int64_t workload_maps(const job_desc *d);

/* The blocks of D's file K (0 <= K < D->files). */
int64_t workload_file_blocks(const job_desc *d, int64_t k);

/* The bytes of map M's split (0 <= M < workload_maps(D)). */
int64_t workload_split_bytes(const job_desc *d, int64_t m);

/* The bytes of map output of a map whose split is SPLIT bytes, before any
 * combiner: in a map-only job (reducers = 0), what it writes to HDFS. */
int64_t workload_map_output(const job_desc *d, int64_t split);

/* The bytes of each of D's partitions, after the combiner, that a map whose
 * split is SPLIT bytes writes (D described by sizes): whole bytes, split by
 * D's shares by largest remainders, so that they add up exactly. */
void workload_partitions(const job_desc *d, int64_t split, int64_t *out);

/* The bytes reducer P of D writes to HDFS when it takes INPUT bytes. */
int64_t workload_reduce_output(const job_desc *d, int p, int64_t input);

/* The bytes job D writes to HDFS, as its tasks write them: its reducers'
 * outputs, or a map-only job's map outputs.  A workflow's child reads this. */
int64_t workload_output(const job_desc *d);

/* The bytes of a map's sort buffer that fill one spill of job D: io.sort.mb
 * times the spill percentage, or the push threshold of a push shuffle. */
int64_t workload_spill_buffer(const job_desc *d);

/* The bytes a merge of SPILLED bytes in N_SPILLS equal segments writes (and
 * reads), in passes of FACTOR segments: each intermediate pass the segments it
 * merges, and the last pass all of them. */
int64_t workload_merge_bytes(int64_t spilled, int64_t n_spills, int factor);

#endif
