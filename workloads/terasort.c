/* terasort.c - TeraSort: 100-byte records with uniform 10-byte keys, as
 * teragen writes them, sorted through a sampled total-order partitioner.
 *
 * TeraSort's TotalOrderPartitioner cuts the key space at split points read
 * from a sample of the input keys (mapreduce.terasort.partitions.sample,
 * 100,000 by default): the sample is sorted and every (sample/reduces)-th
 * key becomes a cut.  Keys are uniform, so partition p gets the key-space
 * width between its cuts: near 1/reduces, off by the sampling error.  Each
 * map sends its records to partitions by a multinomial over those widths.
 * Keys are unique, so every key group is one record.  Map and reduce are
 * identities; the output is written with one replica, as TeraSort does.
 * Sort (sort.c) differs only by its records and its hash partitioner,
 * hence the shared generator_unique_keys. */
#include "alloc.h"
#include "generator.h"
#include "keys.h"

#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdlib.h>

static const char *const params[] = {"sample", "map_cost", "reduce_cost", "output_replication", NULL};

int generator_unique_keys(job_desc *d, gsl_rng *r, const double *shares, double flops_per_record)
{
  int n_maps = generator_maps(d), reduces = d->reduces;
  int64_t record = llround(d->record_size), block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE);
  keys_data *k = keys_alloc(n_maps, reduces, (int)conf_get(&d->conf, CONF_EXPLICIT_GROUPS), record);
  for (int m = 0; m < n_maps; m++)
    keys_multinomial(r, keys_split_records(d->input, block, m, n_maps, (double)record), shares, (size_t)reduces,
                     keys_map_records(k, m, 0));
  for (int p = 0; p < reduces; p++) {
    int64_t total = 0;
    for (int m = 0; m < n_maps; m++)
      total += *keys_map_records(k, m, p);
    if (total > 0)
      keys_add_groups(k, p, total, 1, flops_per_record);
    k->parts[p].output_bytes = total * llround(d->output_record_size);
    d->groups[p] = total > 0 ? total : 1;
    d->share[p] = shares[p];
  }
  d->keys = k;
  return 0;
}

static int make(cfg_file *f, const config_setting_t *g, job_desc *d, gsl_rng *r)
{
  /* Shi and Lu (2023, section 3.1) publish TeraSort's bottlenecks on
   * platforms/shilu11.cfg, not its costs.  Maps are disk-bound at every
   * parallelism: any map cost below about 20 flops a byte gives that, and 10
   * stands for the identity map and the trie lookup of the partition.  The
   * reduce stage is CPU-bound up to 6 reduces a node and disk-bound above:
   * that holds for reduce costs from about 4,600 to 7,900 flops a record, and
   * 6,000 is inside.  bench/calibration measures both. */
  double sample = 100000, flops_per_record = 6000, replication = 1;
  d->map_cost = 10;
  if (cfg_get_number(f, g, "sample", 0, 1, 1e7, &sample) < 0 ||
      cfg_get_number(f, g, "map_cost", 0, 0, WORKLOAD_MAX_BYTE_COST, &d->map_cost) < 0 ||
      cfg_get_number(f, g, "reduce_cost", 0, 0, WORKLOAD_MAX_RECORD_COST, &flops_per_record) < 0 ||
      cfg_get_number(f, g, "output_replication", 0, 1, 512, &replication) < 0)
    return -1;
  int reduces = d->reduces;
  size_t n = (size_t)sample;
  double *keys = xmalloc(n * sizeof *keys), *shares = xmalloc((size_t)reduces * sizeof *shares);
  for (size_t i = 0; i < n; i++)
    keys[i] = gsl_rng_uniform(r);
  gsl_sort(keys, 1, n);
  double step = (double)n / reduces, below = 0;
  for (int p = 0; p < reduces; p++) {
    double cut =
        p == reduces - 1 ? 1 : keys[(size_t)llround(step * (p + 1)) < n ? (size_t)llround(step * (p + 1)) : n - 1];
    shares[p] = cut - below;
    below = cut;
  }
  d->record_size = d->map_record_size = d->output_record_size = 100;
  d->map_selectivity = d->reduce_selectivity = 1;
  d->reduce_cost = 0;
  d->output_replication = (int)replication;
  int status = generator_unique_keys(d, r, shares, flops_per_record);
  free(keys);
  free(shares);
  return status;
}

const generator generator_terasort = {"terasort", params, make};
