/* hdfs.h - HDFS files: blocks, replicas, and the policies that place them.
 *
 * A file of SIZE bytes is cut into blocks of dfs.blocksize (the last one
 * shorter), and each block gets dfs.replication replicas on distinct
 * datanodes (the workers of the platform; the master holds none).  Where the
 * replicas go is a placement policy's decision, behind one interface, so the
 * data-placement strategies of later work plug in beside Hadoop's own.
 * Placement is a pure function of the platform, the policy and the random
 * generator: the same seed places every block the same way. */
#ifndef MRLAB_HDFS_H
#define MRLAB_HDFS_H

#include "platform.h"

#include <gsl/gsl_rng.h>
#include <stdint.h>

/* mrlab's bound on a file's blocks: a job's input holds at most 100,000
 * (workload.c); a reducer's output, in blocks of at least 1 MiB, fewer. */
#define HDFS_MAX_BLOCKS 10000000

typedef struct hdfs_policy hdfs_policy;

/* Hadoop's BlockPlacementPolicyDefault: the first replica on the writer (or
 * on a random node when the writer is no datanode), the second on a node of
 * another rack, the third on another node of the second's rack, the rest on
 * random nodes with at most (replicas-1)/racks+2 per rack; never two
 * replicas of a block on one node. */
hdfs_policy *hdfs_policy_rack_aware_alloc(void);

/* An explicit placement: worker i holds a FRACTIONS[i] share of all
 * replicas (fractions are normalised; n_workers of them, none negative).
 * Blocks are dealt in weighted round-robin, each replica to the worker
 * furthest below its share, so counts stay within one block of the share
 * (Xie's data placement, 2011, chapter 3).  Returns NULL with ERR set
 * when the fractions cannot be a placement. */
hdfs_policy *hdfs_policy_fractions_alloc(const platform *p, const double *fractions, char *err, size_t errlen);

void hdfs_policy_free(hdfs_policy *policy);

typedef struct {
  int64_t size, block_size;
  int replication;
  int64_t n_blocks;
  int *replicas;        /* n_blocks x replication worker indices, block-major */
  int64_t n_files;      /* 1, or the files of hdfs_files_place */
  int64_t *block_bytes; /* with several files: each block's bytes; NULL for one file */
} hdfs_file;

/* Places a file of SIZE bytes written from worker WRITER (-1: a client
 * outside the cluster).  Returns the file, or NULL with ERR set when the
 * request is impossible (replication above the number of datanodes, sizes
 * not positive).  RNG may be NULL for a policy that draws no random numbers
 * (the fractions policy). */
hdfs_file *hdfs_file_place(const platform *p, int64_t size, int64_t block_size, int replication, int writer,
                           hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen);
void hdfs_file_free(hdfs_file *f);

/* Places N_FILES files that hold SIZE bytes together (the first SIZE mod
 * N_FILES of them one byte more than the others), each cut into its own
 * blocks, one after the other by POLICY, as one hdfs_file listing their
 * blocks file by file (a job's input directory: FileInputFormat gives each
 * block a map).  Fails as hdfs_file_place does, and when there are more
 * files than bytes. */
hdfs_file *hdfs_files_place(const platform *p, int64_t size, int64_t n_files, int64_t block_size, int replication,
                            int writer, hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen);

/* The bytes of block B (all blocks are block_size but the last). */
int64_t hdfs_block_bytes(const hdfs_file *f, int64_t b);

/* The worker holding replica R of block B. */
static inline int hdfs_replica(const hdfs_file *f, int64_t b, int r)
{
  return f->replicas[b * f->replication + r];
}

#endif
