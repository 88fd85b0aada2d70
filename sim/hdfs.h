/* hdfs.h - HDFS files: blocks, replicas, and the policies that place them.
 *
 * A file of SIZE bytes is cut into blocks of dfs.blocksize (the last one
 * shorter), and each block gets dfs.replication replicas on distinct
 * datanodes (the workers of the platform; the master holds none).  Where the
 * replicas go is a placement policy's decision, behind one interface, so the
 * data-placement strategies of later work plug in beside Hadoop's own.
 * Placement is a pure function of the platform, the policy and the random
 * generator: the same seed places every block the same way.  Xie's
 * redistribution plans here which replicas move, from any placement to
 * another's replica counts. */
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

/* A placement by weight, every replica of every block: worker i holds
 * quota[i] of the replicas, the largest-remainder quotas in proportion to
 * WEIGHTS[i] (n_workers of them, none negative, some positive; 0: none),
 * but never more than one replica of a block, so a worker whose share
 * would pass that holds one of every block and the others share the rest.
 * Replicas are dealt in weighted round-robin, each to the worker furthest
 * below its quota's pace, so every prefix of the file is spread as the
 * whole is (a cycle of Xie's portions); a block's replicas go to distinct
 * workers.  Replicas that the weighted workers cannot hold (fewer of them
 * than a block has replicas) go where Hadoop's default policy would put
 * them, from the block's first replica.  Ties go to an order of the
 * workers drawn from the generator, never to the one listed first.  Xie's
 * placement keeps one replica (dfs.replication = 1: the dissertation
 * disables replicas); with more, each worker still holds its weight's
 * share of the replicas, which is what a placement by computing ratio is
 * for.  Even placement is weights all 1; ratio placement 1/ratio; all-in
 * 1 on the chosen workers; explicit placement the given fractions.
 * Returns NULL with ERR set when the weights cannot be a placement. */
hdfs_policy *hdfs_policy_weighted_alloc(const platform *p, const double *weights, char *err, size_t errlen);

/* Makes POLICY's rack-aware choices (of the rack-aware policy, and of the
 * weighted one beyond its weights) pass over the workers whose EXCLUDED[w]
 * is set, as the NameNode never chooses a dead datanode, unless no other
 * worker is left for a replica; NULL: none.  EXCLUDED must live, and
 * keep its values, as long as the policy is used. */
void hdfs_policy_exclude(hdfs_policy *policy, const unsigned char *excluded);

void hdfs_policy_free(hdfs_policy *policy);

/* Computing ratios (Xie 2011, section 3.2.2): RATIOS[i] = TIMES[i] / the
 * shortest of the N times, so the fastest node has ratio 1 and scaling
 * every time leaves the ratios unchanged.  Returns 0, or -1 when a time is
 * not a positive number. */
int hdfs_ratios(const double *times, int n, double *ratios);

/* The blocks each of N nodes gets of BLOCKS by ratio placement: in
 * proportion to 1/RATIOS[i], rounded by largest remainder (ties to the
 * lower index: this is the pure function of Xie's worked examples; a
 * placement breaks ties by the seed) so that the quotas sum to BLOCKS.  With whole ratios and
 * BLOCKS their cycle (the sum of LCM/ratio), these are Xie's LCM portions.
 * Returns 0, or -1 when a ratio is not a positive number. */
int hdfs_quotas(const double *ratios, int n, int64_t blocks, int64_t *out);

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
 * not positive).  RNG draws every random choice and every tie. */
hdfs_file *hdfs_file_place(const platform *p, int64_t size, int64_t block_size, int replication, int writer,
                           hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen);
void hdfs_file_free(hdfs_file *f);

/* Places N_FILES files of BYTES[k] bytes each (at least 1), each cut into
 * its own blocks, one after the other by POLICY, as one hdfs_file listing
 * their blocks file by file (a job's input directory: FileInputFormat gives
 * each block a map); a weighted policy's quotas are those of all the
 * files' blocks together.  Fails as hdfs_file_place does, and when a file is
 * empty. */
hdfs_file *hdfs_files_place(const platform *p, const int64_t *bytes, int64_t n_files, int64_t block_size,
                            int replication, int writer, hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen);

/* A job's output directory read as one input: N files written one after
 * the other, file k of BYTES[k] bytes written as one block whose
 * REPLICATION replicas are on the workers REPLICAS[k * replication ...],
 * cut into blocks of BLOCK_SIZE, each with the replicas of the file that
 * holds its first byte (a file of 0 bytes holds none).  REPLICAS NULL:
 * the sizes alone, every replica on worker 0. */
hdfs_file *hdfs_file_concat(int n, const int64_t *bytes, const int *replicas, int replication, int64_t block_size);

/* The bytes of block B (of one file, every block is block_size but the last). */
int64_t hdfs_block_bytes(const hdfs_file *f, int64_t b);

/* One replica moved by a redistribution: block BLOCK's replica on worker
 * FROM goes to worker TO. */
typedef struct {
  int64_t block;
  int from, to;
} hdfs_move;

/* Counts into COUNTS[w] the replicas of F that each of N_WORKERS workers holds. */
void hdfs_count_replicas(const hdfs_file *f, int n_workers, int64_t *counts);

/* Plans Xie's data redistribution (2011, Table 3.1) of file F over
 * N_WORKERS workers towards TARGET[w] replicas on worker w (summing to F's
 * replicas): workers above their target form the over-utilized list, those
 * below the under-utilized list, each sorted by its excess (largest first,
 * then lowest RANK[w]: Xie leaves that tie open, and mrlab draws it from
 * the seed; NULL: lowest index); the head of the first gives whole blocks to the head
 * of the second, as many as the smaller excess, and a worker leaves its
 * list when it reaches its target, until a list is empty.  A replica goes
 * only to a worker that holds none of its block; a source whose remaining
 * blocks the first under-utilized worker all holds already gives to the
 * next one.  Blocks leave a source in block order.  Returns the number of
 * moves, in order, in *MOVES (the caller frees it); F is left as it is
 * (hdfs_apply_move changes it). */
int64_t hdfs_plan_redistribution(const hdfs_file *f, int n_workers, const int64_t *target, const uint64_t *rank,
                                 hdfs_move **moves);

/* Makes move M's destination hold its replica instead of its source. */
void hdfs_apply_move(hdfs_file *f, const hdfs_move *m);

/* The worker holding replica R of block B. */
static inline int hdfs_replica(const hdfs_file *f, int64_t b, int r)
{
  return f->replicas[b * f->replication + r];
}

#endif
