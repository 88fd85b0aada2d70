/* hdfs.c - cutting files into blocks and placing their replicas.
 *
 * A policy chooses the datanodes of one block at a time.  The rack-aware
 * policy follows BlockPlacementPolicyDefault.chooseTarget in Hadoop: local
 * node, remote rack, the second's rack, then random nodes, each choice
 * falling back to any node when its rack has no free node, and every choice
 * subject to the per-rack cap.  The fractions policy keeps, per worker, how
 * many replicas it holds, and gives each replica to the worker with the
 * largest deficit against its share. */
#include "hdfs.h"

#include "alloc.h"

#include <xbt/asserts.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct hdfs_policy {
  /* Chooses REPLICATION distinct workers for one block into OUT; SCRATCH
   * has room for one int per worker. */
  void (*choose)(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                 int *scratch);
  /* fractions policy only */
  int n_workers;
  double *share;  /* normalised */
  int64_t *held;  /* replicas given to each worker so far */
  int64_t placed; /* replicas given in all */
};

/* A uniformly random worker that holds no replica in CHOSEN[0..N), lies in
 * rack IN_RACK (if >= 0) and not in rack NOT_RACK (if >= 0), and whose rack
 * holds fewer than MAX_PER_RACK of the chosen.  Returns -1 if there is none. */
static int choose_random(const platform *p, gsl_rng *rng, const int *chosen, int n, int in_rack, int not_rack,
                         int max_per_rack, int *scratch)
{
  int n_cand = 0;
  for (int w = 0; w < p->n_workers; w++) {
    int rack = p->workers[w].rack, taken = 0, same_rack = 0;
    if ((in_rack >= 0 && rack != in_rack) || rack == not_rack)
      continue;
    for (int k = 0; k < n; k++) {
      taken |= chosen[k] == w;
      same_rack += p->workers[chosen[k]].rack == rack;
    }
    if (!taken && same_rack < max_per_rack)
      scratch[n_cand++] = w;
  }
  return n_cand ? scratch[gsl_rng_uniform_int(rng, (unsigned long)n_cand)] : -1;
}

/* choose_random with the rack condition, else anywhere under the cap, else
 * anywhere at all (replication never exceeds the workers, so this ends). */
static int choose_with_fallback(const platform *p, gsl_rng *rng, const int *chosen, int n, int in_rack, int not_rack,
                                int max_per_rack, int *scratch)
{
  int w = choose_random(p, rng, chosen, n, in_rack, not_rack, max_per_rack, scratch);
  if (w < 0)
    w = choose_random(p, rng, chosen, n, -1, -1, max_per_rack, scratch);
  if (w < 0)
    w = choose_random(p, rng, chosen, n, -1, -1, n + 1, scratch);
  return w;
}

static void rack_aware_choose(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                              int *scratch)
{
  (void)self;
  int max_per_rack = replication;
  if (p->n_racks > 1 && replication > 1) {
    max_per_rack = (replication - 1) / p->n_racks + 2;
    if (max_per_rack == replication)
      max_per_rack--;
  }
  out[0] = writer >= 0 ? writer : choose_with_fallback(p, rng, out, 0, -1, -1, max_per_rack, scratch);
  for (int k = 1; k < replication; k++) {
    int in_rack = -1, not_rack = -1;
    int rack0 = p->workers[out[0]].rack;
    if (k == 1)
      not_rack = rack0;
    else if (k == 2 && p->workers[out[1]].rack == rack0)
      not_rack = rack0;
    else if (k == 2)
      in_rack = p->workers[out[1]].rack;
    out[k] = choose_with_fallback(p, rng, out, k, in_rack, not_rack, max_per_rack, scratch);
  }
}

hdfs_policy *hdfs_policy_rack_aware_alloc(void)
{
  hdfs_policy *policy = xcalloc(1, sizeof *policy);
  policy->choose = rack_aware_choose;
  return policy;
}

static void fractions_choose(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                             int *scratch)
{
  (void)p, (void)writer, (void)rng, (void)scratch;
  for (int k = 0; k < replication; k++) {
    int best = -1;
    double best_deficit = -INFINITY;
    for (int w = 0; w < self->n_workers; w++) {
      int taken = 0;
      for (int j = 0; j < k; j++)
        taken |= out[j] == w;
      double deficit = self->share[w] * (double)(self->placed + 1) - (double)self->held[w];
      if (!taken && deficit > best_deficit) {
        best = w;
        best_deficit = deficit;
      }
    }
    out[k] = best;
    self->held[best]++;
    self->placed++;
  }
}

hdfs_policy *hdfs_policy_fractions_alloc(const platform *p, const double *fractions, char *err, size_t errlen)
{
  double sum = 0;
  for (int w = 0; w < p->n_workers; w++) {
    if (!(fractions[w] >= 0) || !isfinite(fractions[w])) {
      snprintf(err, errlen, "placement fraction of %s: expected a number >= 0, got %g", p->workers[w].name,
               fractions[w]);
      return NULL;
    }
    sum += fractions[w];
  }
  if (!(sum > 0)) {
    snprintf(err, errlen, "placement fractions: expected some worker with a positive fraction, all are 0");
    return NULL;
  }
  hdfs_policy *policy = xcalloc(1, sizeof *policy);
  policy->choose = fractions_choose;
  policy->n_workers = p->n_workers;
  policy->share = xmalloc((size_t)p->n_workers * sizeof *policy->share);
  policy->held = xcalloc((size_t)p->n_workers, sizeof *policy->held);
  for (int w = 0; w < p->n_workers; w++)
    policy->share[w] = fractions[w] / sum;
  return policy;
}

void hdfs_policy_free(hdfs_policy *policy)
{
  if (!policy)
    return;
  free(policy->share);
  free(policy->held);
  free(policy);
}

hdfs_file *hdfs_file_place(const platform *p, int64_t size, int64_t block_size, int replication, int writer,
                           hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen)
{
  if (size <= 0 || block_size <= 0) {
    snprintf(err, errlen, "%s: expected a positive size, got %lld", size <= 0 ? "file size" : "dfs.blocksize",
             (long long)(size <= 0 ? size : block_size));
    return NULL;
  }
  if (replication < 1 || replication > p->n_workers) {
    snprintf(err, errlen, "dfs.replication: expected 1 to %d (the datanodes of cluster %s), got %d", p->n_workers,
             p->name, replication);
    return NULL;
  }
  int64_t n_blocks = size / block_size + (size % block_size != 0);
  if (n_blocks > HDFS_MAX_BLOCKS) {
    snprintf(err, errlen, "at most %d blocks (mrlab's bound on a file's blocks), got %lld of %lld bytes",
             HDFS_MAX_BLOCKS, (long long)n_blocks, (long long)block_size);
    return NULL;
  }
  xbt_assert(writer >= -1 && writer < p->n_workers, "writer %d is no worker of %s (it has %d)", writer, p->name,
             p->n_workers);
  hdfs_file *f = xcalloc(1, sizeof *f);
  f->size = size;
  f->block_size = block_size;
  f->replication = replication;
  f->n_blocks = n_blocks;
  f->n_files = 1;
  f->replicas = xcalloc((size_t)n_blocks * (size_t)replication, sizeof *f->replicas);
  int *scratch = xmalloc((size_t)p->n_workers * sizeof *scratch);
  for (int64_t b = 0; b < f->n_blocks; b++)
    policy->choose(policy, p, writer, replication, rng, f->replicas + b * replication, scratch);
  free(scratch);
  return f;
}

hdfs_file *hdfs_files_place(const platform *p, int64_t size, int64_t n_files, int64_t block_size, int replication,
                            int writer, hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen)
{
  if (n_files < 1 || n_files > size) {
    snprintf(err, errlen, "files: expected 1 to %lld (one a byte at most), got %lld", (long long)size,
             (long long)n_files);
    return NULL;
  }
  hdfs_file *all = NULL;
  for (int64_t k = 0; k < n_files; k++) {
    hdfs_file *f = hdfs_file_place(p, size / n_files + (k < size % n_files), block_size, replication, writer, policy,
                                   rng, err, errlen);
    if (!f) {
      hdfs_file_free(all);
      return NULL;
    }
    if (!all) { /* room for every file's blocks: the first file has the most */
      all = xcalloc(1, sizeof *all);
      *all = (hdfs_file){.size = size, .block_size = block_size, .replication = replication, .n_files = n_files};
      all->replicas = xmalloc((size_t)(f->n_blocks * n_files) * (size_t)replication * sizeof *all->replicas);
      all->block_bytes = xmalloc((size_t)(f->n_blocks * n_files) * sizeof *all->block_bytes);
    }
    memcpy(all->replicas + all->n_blocks * replication, f->replicas,
           (size_t)f->n_blocks * (size_t)replication * sizeof *f->replicas);
    for (int64_t b = 0; b < f->n_blocks; b++)
      all->block_bytes[all->n_blocks++] = hdfs_block_bytes(f, b);
    hdfs_file_free(f);
  }
  return all;
}

void hdfs_file_free(hdfs_file *f)
{
  if (!f)
    return;
  free(f->block_bytes);
  free(f->replicas);
  free(f);
}

int64_t hdfs_block_bytes(const hdfs_file *f, int64_t b)
{
  if (f->block_bytes)
    return f->block_bytes[b];
  return b < f->n_blocks - 1 ? f->block_size : f->size - (f->n_blocks - 1) * f->block_size;
}
