/* generator.h - the workload generators.
 *
 * A job in a workload file may name a generator instead of describing its
 * sizes directly: `generator = "wordcount"`.  The generator reads its own
 * parameters from the job's group, draws the job's data at key level
 * (keys.h) from the job's `seed` with GSL, and fills the job_desc: record
 * sizes, CPU costs, selectivities and the key data the engine runs.  One
 * file per generator; this table lists them. */
#ifndef MRLAB_GENERATOR_H
#define MRLAB_GENERATOR_H

#include "cfg.h"
#include "job.h"

#include <gsl/gsl_rng.h>

typedef struct {
  const char *name;
  const char *const *params; /* its parameters, NULL-terminated */
  /* Reads the parameters of job group G (its Hadoop settings already in
   * D->conf, D->input and D->reduces set) and fills D, drawing from R.
   * Returns 0, or -1 with F->err set. */
  int (*make)(cfg_file *f, const config_setting_t *g, job_desc *d, gsl_rng *r);
} generator;

extern const generator generator_wordcount, generator_grep, generator_terasort, generator_sort, generator_join;

/* The generator named NAME, or NULL. */
const generator *generator_find(const char *name);

/* All generators, NULL-terminated. */
extern const generator *const generators[];

/* Counting Zipf-distributed tokens (WordCount, Grep): each map's split
 * holds TOKENS_PER_BYTE tokens per byte, drawn from a vocabulary of VOCAB
 * tokens with Zipf exponent S; the map emits a record per token, which the
 * combiner, if COMBINE, reduces to one per distinct token of the split.
 * Key groups are tokens, hash-partitioned; a group costs FLOPS_PER_RECORD
 * per record to reduce and yields one output record of OUT_BYTES. */
int generator_count_tokens(job_desc *d, gsl_rng *r, double tokens_per_byte, size_t vocab, double s, int combine,
                           double flops_per_record, int64_t out_bytes);

/* Unique keys (TeraSort, Sort): each map's records go to partitions by a
 * multinomial over SHARES; every key group is one record costing
 * FLOPS_PER_RECORD, and the reducer writes what it reads. */
int generator_unique_keys(job_desc *d, gsl_rng *r, const double *shares, double flops_per_record);

/* The number of maps D gets: one per block of its input. */
int generator_maps(const job_desc *d);

#endif
