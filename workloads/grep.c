/* grep.c - Grep: a map-heavy scan with a tiny output.
 *
 * Hadoop's Grep example runs a regular expression over every line and
 * counts each distinct match.  The map's work is the scan, so it is costly
 * per input byte; matches are rare and few distinct strings make them
 * (a Zipf law over `patterns` strings), so the combiner leaves almost
 * nothing to shuffle.  The default match rate is that of the grep in Dean
 * and Ghemawat's MapReduce paper (OSDI 2004, section 5.2): 92,337 matching
 * records among 10^10 records of 100 bytes.  The counting itself is
 * WordCount's (generator_count_tokens). */
#include "generator.h"

#include <math.h>

static const char *const params[] = {"matches_per_record", "patterns", "exponent", "map_cost", "reduce_cost", NULL};

static int make(cfg_file *f, const config_setting_t *g, job_desc *d, gsl_rng *r)
{
  double per_record = 92337 / 1e10, patterns = 100, s = 1.0, flops_per_record = 100;
  /* The scan: calibrated on Xie's computing ratios (2011, Table 3.4),
   * where Grep ran 3.3 times slower on node C alone than on node A alone;
   * on platforms/xie5.cfg that takes 39 flops a byte (bench/calibration).
   * The combiner and reduce costs have no published figure: they count a few
   * matches and cost next to nothing at any value near these. */
  d->map_cost = 39;
  if (cfg_get_number(f, g, "matches_per_record", 0, 0, 1e3, &per_record) < 0 ||
      cfg_get_number(f, g, "patterns", 0, 1, 1e7, &patterns) < 0 || cfg_get_number(f, g, "exponent", 0, 0, 2, &s) < 0 ||
      cfg_get_number(f, g, "map_cost", 0, 0, WORKLOAD_MAX_BYTE_COST, &d->map_cost) < 0 ||
      cfg_get_number(f, g, "reduce_cost", 0, 0, WORKLOAD_MAX_RECORD_COST, &flops_per_record) < 0)
    return -1;
  d->record_size = 100;
  d->map_record_size = 20;    /* (match, 1L) serialised */
  d->output_record_size = 16; /* "match<TAB>count\n" */
  d->map_selectivity = d->map_record_size * per_record / d->record_size;
  d->combiner_cost = 20;
  d->reduce_cost = 0;
  return generator_count_tokens(d, r, per_record / d->record_size, (size_t)patterns, s, 1, flops_per_record,
                                llround(d->output_record_size));
}

const generator generator_grep = {"grep", params, make};
