/* keys.h - a job's data at key level, as a generator makes it.
 *
 * What the engine needs from the data is, for every map, how many output
 * records it sends to each partition, and for every partition, the key
 * groups its reducer meets and what each costs to reduce.  A 1 TB job has
 * billions of keys, so a partition keeps only its `top` heaviest groups one
 * by one (the reducer runs them one by one, and progress indicators see
 * them end) and sums up the rest, with a histogram of their sizes.  Counts
 * are whole records, drawn with GSL so that totals add up exactly: map
 * records per partition sum to the partition's records, which the top
 * groups and the rest share. */
#ifndef MRLAB_KEYS_H
#define MRLAB_KEYS_H

#include <gsl/gsl_rng.h>
#include <stddef.h>
#include <stdint.h>

#define KEYS_BINS 48 /* bin b: groups of 2^b to 2^(b+1) - 1 records */

typedef struct {
  int n_top;            /* the heaviest groups, heaviest first: */
  int64_t *top_records; /* their records */
  double *top_flops;    /* and the reduce function's work on each */
  int64_t rest_groups, rest_records;
  double rest_flops;
  int64_t hist[KEYS_BINS]; /* the other groups by size */
  int64_t output_bytes;    /* what the reducer writes */
} keys_partition;

typedef struct {
  int n_maps, reduces, top;
  int64_t record_bytes; /* of a map output record, as stored and merged */
  int64_t *records;     /* n_maps x reduces, map by map: output records per partition */
  keys_partition *parts;
} keys_data;

/* Data of N_MAPS maps into REDUCES partitions keeping TOP groups each, all
 * counts zero. */
keys_data *keys_alloc(int n_maps, int reduces, int top, int64_t record_bytes);
void keys_free(keys_data *k);

/* Adds COUNT key groups of RECORDS records (> 0), each costing FLOPS to
 * reduce, to partition P: the heaviest stay among its top groups. */
void keys_add_groups(keys_data *k, int p, int64_t count, int64_t records, double flops);

/* The records of partition P: its top groups and the rest. */
int64_t keys_partition_records(const keys_data *k, int p);

/* Map M's output records for partition P. */
static inline int64_t *keys_map_records(const keys_data *k, int m, int p)
{
  return &k->records[(size_t)m * (size_t)k->reduces + (size_t)p];
}

/* Draws a multinomial split of TOTAL records over N cells with weights W
 * (not necessarily normalised) into OUT, adding to what OUT holds.  Totals
 * above GSL's unsigned range are drawn in parts. */
void keys_multinomial(gsl_rng *r, int64_t total, const double *w, size_t n, int64_t *out);

/* Keys 0..N-1 grouped by their partition PART[key] (a counting sort):
 * returns the keys, those of partition p from (*START)[p] to
 * (*START)[p + 1] - 1.  The caller frees both. */
size_t *keys_by_partition(const int *part, size_t n, int reduces, size_t **start);

/* Zipf weights: W[k] = (k + 1)^-S / H over N ranks, summing to 1. */
void keys_zipf(double s, size_t n, double *w);

/* Records of each map: the records of a split of its bytes, the last split
 * shorter.  SPLIT is the block size; RECORD the input record size. */
int64_t keys_split_records(int64_t input, int64_t split, int m, int n_maps, double record);

#endif
