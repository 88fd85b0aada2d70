/* sort.c - Sort: Hadoop's sort example over RandomWriter's output.
 *
 * RandomWriter writes records with keys of 10 to 1,000 random bytes and
 * values of 0 to 20,000 (its defaults), so a record holds 10,505 bytes on
 * average.  Map and reduce are identities and the partitioner hashes the
 * random keys: each partition's share is 1/reduces, and each map's records
 * are spread by a multinomial over those shares.  Keys are unique.  The
 * drawing is TeraSort's (generator_unique_keys). */
#include "generator.h"

#include "alloc.h"

#include <stdlib.h>

static const char *const params[] = {"map_cost", "reduce_cost", NULL};

static int make(cfg_file *f, const config_setting_t *g, job_desc *d, gsl_rng *r)
{
  /* No published figure: Sort's map and reduce are identities as
   * TeraSort's are, so they cost what TeraSort's do a byte (terasort.c). */
  double flops_per_record = 60 * 10505.0;
  d->map_cost = 10;
  if (cfg_get_number(f, g, "map_cost", 0, 0, WORKLOAD_MAX_BYTE_COST, &d->map_cost) < 0 ||
      cfg_get_number(f, g, "reduce_cost", 0, 0, WORKLOAD_MAX_RECORD_COST, &flops_per_record) < 0)
    return -1;
  double *shares = xmalloc((size_t)d->reduces * sizeof *shares);
  for (int p = 0; p < d->reduces; p++)
    shares[p] = 1.0 / d->reduces;
  d->record_size = d->map_record_size = d->output_record_size = 10505;
  d->map_selectivity = d->reduce_selectivity = 1;
  d->reduce_cost = 0;
  int status = generator_unique_keys(d, r, shares, flops_per_record);
  free(shares);
  return status;
}

const generator generator_sort = {"sort", params, make};
