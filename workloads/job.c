/* job.c - the bytes of a job (job.h), map by map and partition by
 * partition: its maps and their splits, file by file; a map's output and
 * its partitions, in whole bytes that add up exactly; a reducer's output
 * and the job's; a spill and the merges of spills.  The reader, the
 * generators and the engine all take these numbers from here, so that
 * what a job is said to write is what its tasks write. */
#include "job.h"

#include "alloc.h"

#include <math.h>
#include <stdlib.h>

int64_t workload_file_blocks(const job_desc *d, int64_t k)
{
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE);
  return (d->file_bytes[k] + block - 1) / block;
}

int64_t workload_maps(const job_desc *d)
{
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE);
  return d->files ? d->file_maps[d->files] : (d->input + block - 1) / block;
}

int64_t workload_split_bytes(const job_desc *d, int64_t m)
{
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE), n = workload_maps(d);
  if (!d->files)
    return m < n - 1 ? block : d->input - (n - 1) * block;
  int64_t lo = 0, hi = d->files - 1; /* the last file whose first map is at most M */
  while (lo < hi) {
    int64_t mid = (lo + hi + 1) / 2;
    if (d->file_maps[mid] <= m)
      lo = mid;
    else
      hi = mid - 1;
  }
  int64_t b = m - d->file_maps[lo], per = workload_file_blocks(d, lo);
  return b < per - 1 ? block : d->file_bytes[lo] - (per - 1) * block;
}

/* Splits TOTAL bytes by SHARES (summing to 1) into whole bytes: floors,
 * then one more byte to the largest remainders (lowest index on ties). */
static void apportion(int64_t total, const double *shares, int n, int64_t *out)
{
  int64_t left = total;
  double *rem = xmalloc((size_t)n * sizeof *rem);
  for (int p = 0; p < n; p++) {
    double exact = (double)total * shares[p];
    out[p] = (int64_t)floor(exact);
    rem[p] = exact - (double)out[p];
    left -= out[p];
  }
  for (; left > 0; left--) {
    int best = 0;
    for (int p = 1; p < n; p++)
      if (rem[p] > rem[best])
        best = p;
    out[best]++;
    rem[best] = -1;
  }
  free(rem);
}

int64_t workload_map_output(const job_desc *d, int64_t split)
{
  return llround(d->map_selectivity * (double)split);
}

void workload_partitions(const job_desc *d, int64_t split, int64_t *out)
{
  apportion(llround((double)workload_map_output(d, split) * d->combiner), d->share, d->reduces, out);
}

int64_t workload_reduce_output(const job_desc *d, int p, int64_t input)
{
  return d->keys ? d->keys->parts[p].output_bytes : llround(d->reduce_selectivity * (double)input);
}

int64_t workload_output(const job_desc *d)
{
  int64_t n = workload_maps(d), out = 0, last = -1;
  if (!d->reduces) {
    for (int64_t m = 0; m < n; m++)
      out += workload_map_output(d, workload_split_bytes(d, m));
    return out;
  }
  int64_t *input = xcalloc((size_t)d->reduces, sizeof *input), *part = xmalloc((size_t)d->reduces * sizeof *part);
  for (int64_t m = 0; !d->keys && m < n; m++) { /* key data fixes its reducers' outputs whatever their input */
    int64_t split = workload_split_bytes(d, m);
    if (split != last)
      workload_partitions(d, split, part);
    last = split;
    for (int p = 0; p < d->reduces; p++)
      input[p] += part[p];
  }
  for (int p = 0; p < d->reduces; p++)
    out += workload_reduce_output(d, p, input[p]);
  free(input);
  free(part);
  return out;
}

int64_t workload_spill_buffer(const job_desc *d)
{
  int push = conf_get(&d->conf, CONF_SHUFFLE_MODE) == CONF_SHUFFLE_PUSH;
  return llround(conf_get(&d->conf, CONF_SORT_MB) * 1048576.0 *
                 conf_get(&d->conf, push ? CONF_PUSH_THRESHOLD : CONF_SPILL_PERCENT));
}

int64_t workload_merge_bytes(int64_t spilled, int64_t n_spills, int factor)
{
  /* equal segments: intermediate passes read and write the segments they merge */
  int64_t moved = spilled, segments = n_spills;
  double segment = (double)spilled / (double)n_spills;
  while (segments > factor) {
    int64_t merged = segments - factor + 1 < factor ? segments - factor + 1 : factor;
    moved += llround(segment * (double)merged);
    segments -= merged - 1;
  }
  return moved;
}
