/* hdfs.c - cutting files into blocks and placing their replicas.
 *
 * A policy chooses the datanodes of one block at a time.  The rack-aware
 * policy follows BlockPlacementPolicyDefault.chooseTarget in Hadoop: local
 * node, remote rack, the second's rack, then random nodes, each choice
 * falling back to any node when its rack has no free node, and every choice
 * subject to the per-rack cap.  The weighted policy (even, ratio, all-in,
 * explicit fractions) knows the file's blocks before it deals them, so its
 * counts are exact quotas: largest-remainder rounding of the weights, the
 * rule that reproduces Xie's worked examples, dealt to the worker with the
 * largest deficit against its quota's pace.  Where rounding or a deficit
 * ties, an order of the workers drawn from the seed decides, so no worker
 * gains by being listed first.  The
 * redistribution planner is a pure function of the replicas and the target
 * counts, so that it is tested on its own; balancer.c runs its moves as
 * traffic. */
#include "hdfs.h"

#include "alloc.h"

#include <gsl/gsl_randist.h>
#include <xbt/asserts.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The workers of a platform grouped by rack, so that a worker of Hadoop's
 * rule is drawn without listing the candidates: the draw is the K-th
 * candidate in worker order, K uniform below their number, as a list would
 * give it, but counted in O(log workers) (a day of FB-2010 places 10^7
 * blocks twice, at setup and at submission, on 3,000 workers). */
typedef struct {
  int n_workers;                 /* of the platform it was built for */
  const unsigned char *excluded; /* the workers left out (NULL: none) */
  int *by_rack;                  /* the workers in, rack after rack, each rack's in ascending order */
  int *rack_start;               /* rack r's: by_rack[rack_start[r] .. rack_start[r + 1]) */
  int *before;                   /* before[w]: the workers in among 0 .. w-1 */
} rack_index;

struct hdfs_policy {
  /* Chooses REPLICATION distinct workers for one block into OUT; SCRATCH
   * has room for 2 * (REPLICATION + 1) ints. */
  void (*choose)(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                 int *scratch);
  /* Prepares for N_BLOCKS blocks of REPLICATION replicas (a file, or all
   * the files of a directory); NULL for a policy that need not know. */
  void (*start)(hdfs_policy *self, int64_t n_blocks, int replication, gsl_rng *rng);
  /* the weighted policy */
  int n_workers;
  double *share;                 /* normalised weights */
  int64_t *quota;                /* replicas each worker gets of the blocks started */
  int64_t *held;                 /* replicas given to each worker so far */
  int64_t n_blocks, blocks;      /* the blocks started, and those dealt so far */
  int *rank;                     /* per worker: its place in an order drawn at start, which breaks ties */
  const unsigned char *excluded; /* per worker, if set: chosen only when no other is left (hdfs_policy_exclude) */
  rack_index live, all;          /* the workers not excluded, and all; built at the first choice that needs them */
};

/* X over P's workers but those EXCLUDED (if set), built on first use. */
static const rack_index *rack_index_get(rack_index *x, const platform *p, const unsigned char *excluded)
{
  if (x->by_rack) {
    xbt_assert(x->n_workers == p->n_workers, "a placement policy is used on one platform (%d workers), not %d",
               x->n_workers, p->n_workers);
    return x;
  }
  x->n_workers = p->n_workers;
  x->excluded = excluded;
  x->by_rack = xmalloc((size_t)p->n_workers * sizeof *x->by_rack);
  x->rack_start = xcalloc((size_t)p->n_racks + 1, sizeof *x->rack_start);
  x->before = xmalloc(((size_t)p->n_workers + 1) * sizeof *x->before);
  int n = 0;
  for (int w = 0; w < p->n_workers; w++) {
    x->before[w] = n;
    if (!excluded || !excluded[w]) {
      x->rack_start[p->workers[w].rack + 1]++;
      n++;
    }
  }
  x->before[p->n_workers] = n;
  for (int r = 0; r < p->n_racks; r++)
    x->rack_start[r + 1] += x->rack_start[r];
  int *fill = xmalloc((size_t)p->n_racks * sizeof *fill);
  memcpy(fill, x->rack_start, (size_t)p->n_racks * sizeof *fill);
  for (int w = 0; w < p->n_workers; w++)
    if (!excluded || !excluded[w])
      x->by_rack[fill[p->workers[w].rack]++] = w;
  free(fill);
  return x;
}

static void rack_index_free(rack_index *x)
{
  free(x->by_rack);
  free(x->rack_start);
  free(x->before);
}

/* Of rack R's workers in X, those numbered below W. */
static int rack_count_below(const rack_index *x, int r, int w)
{
  int lo = x->rack_start[r], hi = x->rack_start[r + 1];
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (x->by_rack[mid] < w)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo - x->rack_start[r];
}

/* The candidates numbered below W: X's workers in rack IN_RACK (if >= 0)
 * or in none of the N_OFF racks OFF, less the N_TAKEN workers TAKEN (all
 * of them such workers). */
static int candidates_below(const rack_index *x, int w, int in_rack, const int *off, int n_off, const int *taken,
                            int n_taken)
{
  int c = in_rack >= 0 ? rack_count_below(x, in_rack, w) : x->before[w];
  for (int i = 0; i < n_off && in_rack < 0; i++)
    c -= rack_count_below(x, off[i], w);
  for (int i = 0; i < n_taken; i++)
    c -= taken[i] < w;
  return c;
}

/* A uniformly random worker of X that holds no replica in CHOSEN[0..N),
 * lies in rack IN_RACK (if >= 0) and not in rack NOT_RACK (if >= 0), and
 * whose rack holds fewer than MAX_PER_RACK of the chosen: the K-th such
 * worker in worker order, K drawn below their number.  Returns -1 if there
 * is none.  SCRATCH has room for 2 * (N + 1) ints. */
static int choose_random(const platform *p, const rack_index *x, gsl_rng *rng, const int *chosen, int n, int in_rack,
                         int not_rack, int max_per_rack, int *scratch)
{
  xbt_assert(max_per_rack >= 1, "at most %d replicas a rack: expected 1 or more", max_per_rack);
  int *off = scratch, n_off = 0, *taken = scratch + n + 1, n_taken = 0;
  if (not_rack >= 0)
    off[n_off++] = not_rack;
  for (int k = 0; k < n; k++) {
    int rack = p->workers[chosen[k]].rack, same_rack = 0, listed = 0;
    for (int j = 0; j < n; j++)
      same_rack += p->workers[chosen[j]].rack == rack;
    for (int i = 0; i < n_off; i++)
      listed |= off[i] == rack;
    if (same_rack >= max_per_rack && !listed)
      off[n_off++] = rack;
  }
  for (int i = 0; i < n_off && in_rack >= 0; i++)
    if (off[i] == in_rack)
      return -1;
  for (int k = 0; k < n; k++) {
    int w = chosen[k], rack = p->workers[w].rack, listed = 0;
    for (int i = 0; i < n_off; i++)
      listed |= off[i] == rack;
    if ((!x->excluded || !x->excluded[w]) && (in_rack >= 0 ? rack == in_rack : !listed))
      taken[n_taken++] = w;
  }
  int n_cand = candidates_below(x, p->n_workers, in_rack, off, n_off, taken, n_taken);
  if (!n_cand)
    return -1;
  int k = (int)gsl_rng_uniform_int(rng, (unsigned long)n_cand);
  int lo = 0, hi = p->n_workers - 1; /* the least w with k + 1 candidates up to it, which is one */
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (candidates_below(x, mid + 1, in_rack, off, n_off, taken, n_taken) > k)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/* choose_random with the rack condition, else anywhere under the cap, else
 * anywhere at all, else (with SELF's excluded workers) an excluded worker
 * too (replication never exceeds the workers, so this ends). */
static int choose_with_fallback(hdfs_policy *self, const platform *p, gsl_rng *rng, const int *chosen, int n,
                                int in_rack, int not_rack, int max_per_rack, int *scratch)
{
  const rack_index *live = rack_index_get(&self->live, p, self->excluded);
  int w = choose_random(p, live, rng, chosen, n, in_rack, not_rack, max_per_rack, scratch);
  if (w < 0)
    w = choose_random(p, live, rng, chosen, n, -1, -1, max_per_rack, scratch);
  if (w < 0)
    w = choose_random(p, live, rng, chosen, n, -1, -1, n + 1, scratch);
  if (w < 0)
    w = choose_random(p, rack_index_get(&self->all, p, NULL), rng, chosen, n, -1, -1, n + 1, scratch);
  return w;
}

/* Hadoop's rule for replicas FROM to REPLICATION - 1 of a block whose
 * replicas 0 to FROM - 1 are in OUT already, passing over SELF's excluded
 * workers. */
static void rack_aware_fill(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                            int from, int *scratch)
{
  int max_per_rack = replication;
  if (p->n_racks > 1 && replication > 1) {
    max_per_rack = (replication - 1) / p->n_racks + 2;
    if (max_per_rack == replication)
      max_per_rack--;
  }
  if (from == 0)
    out[from++] = writer >= 0 ? writer : choose_with_fallback(self, p, rng, out, 0, -1, -1, max_per_rack, scratch);
  for (int k = from; k < replication; k++) {
    int in_rack = -1, not_rack = -1;
    int rack0 = p->workers[out[0]].rack;
    if (k == 1)
      not_rack = rack0;
    else if (k == 2 && p->workers[out[1]].rack == rack0)
      not_rack = rack0;
    else if (k == 2)
      in_rack = p->workers[out[1]].rack;
    out[k] = choose_with_fallback(self, p, rng, out, k, in_rack, not_rack, max_per_rack, scratch);
  }
}

static void rack_aware_choose(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                              int *scratch)
{
  rack_aware_fill(self, p, writer, replication, rng, out, 0, scratch);
}

hdfs_policy *hdfs_policy_rack_aware_alloc(void)
{
  hdfs_policy *policy = xcalloc(1, sizeof *policy);
  policy->choose = rack_aware_choose;
  return policy;
}

/* OUT[i]: TOTAL shared in proportion to the N weights W (some positive),
 * each share's whole part, then one more to the largest remainders until
 * they sum to TOTAL; ties go to the lower RANK (NULL: the lower index). */
static void largest_remainder(const double *w, int n, int64_t total, const int *rank, int64_t *out)
{
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += w[i];
  int64_t given = 0;
  for (int i = 0; i < n; i++) {
    out[i] = (int64_t)floor((double)total * (w[i] / sum));
    given += out[i];
  }
  for (; given < total; given++) {
    int best = -1;
    double best_rest = -1;
    for (int i = 0; i < n; i++) {
      double rest = (double)total * (w[i] / sum) - (double)out[i];
      if (w[i] > 0 && (rest > best_rest || (rest == best_rest && rank && rank[i] < rank[best]))) {
        best = i;
        best_rest = rest;
      }
    }
    out[best]++;
  }
}

int hdfs_ratios(const double *times, int n, double *ratios)
{
  double least = INFINITY;
  for (int i = 0; i < n; i++) {
    if (!(times[i] > 0) || !isfinite(times[i]))
      return -1;
    least = times[i] < least ? times[i] : least;
  }
  for (int i = 0; i < n; i++)
    ratios[i] = times[i] / least;
  return 0;
}

int hdfs_quotas(const double *ratios, int n, int64_t blocks, int64_t *out)
{
  double *w = xmalloc((size_t)n * sizeof *w);
  int bad = n < 1 || blocks < 0;
  for (int i = 0; i < n && !bad; i++) {
    bad = !(ratios[i] > 0) || !isfinite(ratios[i]);
    w[i] = 1 / ratios[i];
  }
  if (!bad)
    largest_remainder(w, n, blocks, NULL, out);
  free(w);
  return bad ? -1 : 0;
}

/* The quotas of N_BLOCKS blocks of REPLICATION replicas: all replicas
 * shared by largest remainder in proportion to the shares, but no worker
 * above N_BLOCKS (one replica of each block): a worker whose share would
 * pass it gets N_BLOCKS, and the others share the rest, again, until none
 * does.  When fewer workers have a weight than a block has replicas, the
 * quotas sum to less than the replicas; the rest go by Hadoop's rule. */
static void weighted_start(hdfs_policy *self, int64_t n_blocks, int replication, gsl_rng *rng)
{
  int n = self->n_workers;
  double *w = xmalloc((size_t)n * sizeof *w);
  for (int i = 0; i < n; i++) {
    w[i] = self->share[i];
    self->rank[i] = i;
    self->quota[i] = 0;
  }
  gsl_ran_shuffle(rng, self->rank, (size_t)n, sizeof *self->rank);
  int64_t rest = n_blocks * replication;
  for (int capped = 1; capped;) {
    double sum = 0;
    for (int i = 0; i < n; i++)
      sum += w[i];
    if (!(sum > 0))
      break;
    capped = 0;
    for (int i = 0; i < n; i++)
      if (w[i] > 0 && (double)rest * (w[i] / sum) > (double)n_blocks) {
        self->quota[i] = n_blocks;
        rest -= n_blocks;
        w[i] = 0;
        capped = 1;
      }
    if (!capped) {
      int64_t *q = xmalloc((size_t)n * sizeof *q);
      largest_remainder(w, n, rest, self->rank, q);
      for (int i = 0; i < n; i++)
        self->quota[i] += w[i] > 0 ? q[i] : 0;
      free(q);
    }
  }
  free(w);
  memset(self->held, 0, (size_t)n * sizeof *self->held);
  self->n_blocks = n_blocks;
  self->blocks = 0;
}

/* The block's replicas to the workers furthest behind their quota's pace
 * (its quota times the share of the blocks dealt with this one), among
 * those under their quota, one each, ties to the lower rank; a replica no
 * such worker can take goes by Hadoop's rule from the block's first
 * replica (or the writer). */
static void weighted_choose(hdfs_policy *self, const platform *p, int writer, int replication, gsl_rng *rng, int *out,
                            int *scratch)
{
  for (int k = 0; k < replication; k++) {
    int best = -1;
    double best_deficit = -INFINITY, done = (double)(self->blocks + 1) / (double)self->n_blocks;
    for (int w = 0; w < self->n_workers; w++) {
      int taken = 0;
      for (int j = 0; j < k; j++)
        taken |= out[j] == w;
      double deficit = (double)self->quota[w] * done - (double)self->held[w];
      if (!taken && self->held[w] < self->quota[w] &&
          (deficit > best_deficit || (deficit == best_deficit && self->rank[w] < self->rank[best]))) {
        best = w;
        best_deficit = deficit;
      }
    }
    if (best < 0) {
      rack_aware_fill(self, p, writer, replication, rng, out, k, scratch);
      break;
    }
    out[k] = best;
    self->held[best]++;
  }
  self->blocks++;
}

hdfs_policy *hdfs_policy_weighted_alloc(const platform *p, const double *weights, char *err, size_t errlen)
{
  double sum = 0;
  for (int w = 0; w < p->n_workers; w++) {
    if (!(weights[w] >= 0) || !isfinite(weights[w])) {
      snprintf(err, errlen, "placement weight of %s: expected a number >= 0, got %g", p->workers[w].name, weights[w]);
      return NULL;
    }
    sum += weights[w];
  }
  if (!(sum > 0)) {
    snprintf(err, errlen, "placement weights: expected some worker with a positive weight, all are 0");
    return NULL;
  }
  hdfs_policy *policy = xcalloc(1, sizeof *policy);
  policy->choose = weighted_choose;
  policy->start = weighted_start;
  policy->n_workers = p->n_workers;
  policy->share = xmalloc((size_t)p->n_workers * sizeof *policy->share);
  policy->quota = xcalloc((size_t)p->n_workers, sizeof *policy->quota);
  policy->held = xcalloc((size_t)p->n_workers, sizeof *policy->held);
  policy->rank = xcalloc((size_t)p->n_workers, sizeof *policy->rank);
  for (int w = 0; w < p->n_workers; w++)
    policy->share[w] = weights[w] / sum;
  return policy;
}

void hdfs_policy_exclude(hdfs_policy *policy, const unsigned char *excluded)
{
  policy->excluded = excluded;
  rack_index_free(&policy->live); /* built again, without them, at the next choice */
  policy->live = (rack_index){0};
}

void hdfs_policy_free(hdfs_policy *policy)
{
  if (!policy)
    return;
  free(policy->share);
  free(policy->held);
  free(policy->quota);
  free(policy->rank);
  rack_index_free(&policy->live);
  rack_index_free(&policy->all);
  free(policy);
}

/* hdfs_file_place, which starts POLICY for the file's blocks when START
 * is set (hdfs_files_place starts it once for all its files). */
static hdfs_file *file_place(const platform *p, int64_t size, int64_t block_size, int replication, int writer,
                             hdfs_policy *policy, gsl_rng *rng, int start, char *err, size_t errlen)
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
  int *scratch = xmalloc(2 * ((size_t)replication + 1) * sizeof *scratch);
  if (start && policy->start)
    policy->start(policy, n_blocks, replication, rng);
  for (int64_t b = 0; b < f->n_blocks; b++)
    policy->choose(policy, p, writer, replication, rng, f->replicas + b * replication, scratch);
  free(scratch);
  return f;
}

hdfs_file *hdfs_file_place(const platform *p, int64_t size, int64_t block_size, int replication, int writer,
                           hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen)
{
  return file_place(p, size, block_size, replication, writer, policy, rng, 1, err, errlen);
}

hdfs_file *hdfs_files_place(const platform *p, const int64_t *bytes, int64_t n_files, int64_t block_size,
                            int replication, int writer, hdfs_policy *policy, gsl_rng *rng, char *err, size_t errlen)
{
  int64_t size = 0, blocks = 0;
  for (int64_t k = 0; k < n_files; k++) {
    if (bytes[k] < 1) {
      snprintf(err, errlen, "files: expected files of 1 byte at least, got file %lld of %lld bytes", (long long)k + 1,
               (long long)bytes[k]);
      return NULL;
    }
    size += bytes[k];
    blocks += block_size > 0 ? (bytes[k] + block_size - 1) / block_size : 0;
  }
  if (policy->start && replication >= 1 && replication <= p->n_workers) /* one quota for the whole directory */
    policy->start(policy, blocks, replication, rng);
  hdfs_file *all = xcalloc(1, sizeof *all);
  *all = (hdfs_file){.size = size, .block_size = block_size, .replication = replication, .n_files = n_files};
  all->replicas = xmalloc((size_t)blocks * (size_t)replication * sizeof *all->replicas);
  all->block_bytes = xmalloc((size_t)blocks * sizeof *all->block_bytes);
  for (int64_t k = 0; k < n_files; k++) {
    hdfs_file *f = file_place(p, bytes[k], block_size, replication, writer, policy, rng, 0, err, errlen);
    if (!f) {
      hdfs_file_free(all);
      return NULL;
    }
    memcpy(all->replicas + all->n_blocks * replication, f->replicas,
           (size_t)f->n_blocks * (size_t)replication * sizeof *f->replicas);
    for (int64_t b = 0; b < f->n_blocks; b++)
      all->block_bytes[all->n_blocks++] = hdfs_block_bytes(f, b);
    hdfs_file_free(f);
  }
  return all;
}

hdfs_file *hdfs_file_concat(int n, const int64_t *bytes, const int *replicas, int replication, int64_t block_size)
{
  hdfs_file *f = xcalloc(1, sizeof *f);
  for (int k = 0; k < n; k++)
    f->size += bytes[k];
  f->block_size = block_size;
  f->replication = replication;
  f->n_blocks = (f->size + block_size - 1) / block_size;
  f->n_files = 1;
  f->replicas = xcalloc((size_t)f->n_blocks * (size_t)replication, sizeof *f->replicas);
  int k = 0;
  for (int64_t b = 0, end = bytes[0]; replicas && b < f->n_blocks; b++) {
    while (b * block_size >= end) /* the file holding the block's first byte */
      end += bytes[++k];
    memcpy(f->replicas + b * replication, replicas + (size_t)k * (size_t)replication,
           (size_t)replication * sizeof *f->replicas);
  }
  return f;
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

void hdfs_count_replicas(const hdfs_file *f, int n_workers, int64_t *counts)
{
  memset(counts, 0, (size_t)n_workers * sizeof *counts);
  for (int64_t k = 0; k < f->n_blocks * f->replication; k++)
    counts[f->replicas[k]]++;
}

/* Whether worker W holds a replica of block B among REPLICAS (block-major, R a block). */
static int holds(const int *replicas, int r, int64_t b, int w)
{
  for (int k = 0; k < r; k++)
    if (replicas[b * r + k] == w)
      return 1;
  return 0;
}

/* Whether worker A goes before worker B in a list sorted by |EXCESS|
 * descending, then by RANK (NULL: by index). */
static int before(int a, int b, const int64_t *excess, const uint64_t *rank)
{
  if (llabs(excess[a]) != llabs(excess[b]))
    return llabs(excess[a]) > llabs(excess[b]);
  return rank ? rank[a] < rank[b] : a < b;
}

/* Sorts the N workers LIST as `before` says (an insertion sort: the lists
 * are a cluster's workers at most). */
static void sort_by_excess(int *list, int n, const int64_t *excess, const uint64_t *rank)
{
  for (int i = 1; i < n; i++)
    for (int k = i; k > 0 && before(list[k], list[k - 1], excess, rank); k--) {
      int t = list[k];
      list[k] = list[k - 1];
      list[k - 1] = t;
    }
}

int64_t hdfs_plan_redistribution(const hdfs_file *f, int n_workers, const int64_t *target, const uint64_t *rank,
                                 hdfs_move **moves)
{
  int r = f->replication;
  int64_t n_replicas = f->n_blocks * r, n_moves = 0;
  int64_t *excess = xmalloc((size_t)n_workers * sizeof *excess);
  int *over = xmalloc((size_t)n_workers * sizeof *over), *under = xmalloc((size_t)n_workers * sizeof *under);
  int n_over = 0, n_under = 0;
  hdfs_count_replicas(f, n_workers, excess);
  for (int w = 0; w < n_workers; w++) {
    excess[w] -= target[w];
    if (excess[w] > 0)
      over[n_over++] = w;
    else if (excess[w] < 0)
      under[n_under++] = w;
  }
  sort_by_excess(over, n_over, excess, rank);
  sort_by_excess(under, n_under, excess, rank);
  /* the replicas as they will be, and each source's blocks not yet moved (slots into it) */
  int *now = xmalloc((size_t)n_replicas * sizeof *now);
  memcpy(now, f->replicas, (size_t)n_replicas * sizeof *now);
  int64_t *mine = xmalloc((size_t)n_replicas * sizeof *mine);
  *moves = NULL;
  int64_t cap = 0;
  for (int i = 0, head = 0; i < n_over && head < n_under; i++) {
    int s = over[i];
    int64_t n_mine = 0;
    for (int64_t k = 0; k < n_replicas; k++)
      if (now[k] == s)
        mine[n_mine++] = k;
    for (int u = head; u < n_under && excess[s] > 0; u++) {
      int d = under[u];
      for (int64_t m = 0; m < n_mine && excess[d] < 0 && excess[s] > 0; m++) {
        int64_t b = mine[m] / r;
        if (mine[m] < 0 || holds(now, r, b, d))
          continue; /* moved already, or D has this block */
        if (n_moves == cap)
          *moves = xrealloc(*moves, (size_t)(cap = cap ? 2 * cap : 64) * sizeof **moves);
        (*moves)[n_moves++] = (hdfs_move){.block = b, .from = s, .to = d};
        now[mine[m]] = d;
        mine[m] = -1;
        excess[s]--;
        excess[d]++;
      }
      while (head < n_under && excess[under[head]] == 0) /* the under list's head reached its target */
        head++;
    }
  }
  free(mine);
  free(now);
  free(over);
  free(under);
  free(excess);
  return n_moves;
}

void hdfs_apply_move(hdfs_file *f, const hdfs_move *m)
{
  for (int k = 0; k < f->replication; k++)
    if (f->replicas[m->block * f->replication + k] == m->from) {
      f->replicas[m->block * f->replication + k] = m->to;
      return;
    }
  xbt_assert(0, "block %lld has no replica on worker %d to move", (long long)m->block, m->from);
}
