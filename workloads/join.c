/* join.c - a reduce-side equi-join of R and S with Zipf join keys.
 *
 * The input holds R, then S, in records of `record_size` bytes.  Join key
 * k (ranked 1..keys) occurs in R with frequency Zipf(s_r) and in S with
 * Zipf(s_s), the same key heaviest in both: the worst case of skew, and
 * the one skew-handling papers study.  A map tags each record with its
 * relation and emits it under its key, which the hash partitioner sends to
 * one reducer; the key group of k holds n_R(k) + n_S(k) records, and
 * joining them costs `pair_cost` per pair, so a group costs in proportion
 * to n_R(k) n_S(k): the reducer that gets the heaviest key straggles.
 * Each map's records of a relation go to partitions by a multinomial over
 * the partitions' Zipf mass, and each partition's records of a relation
 * to its keys by a multinomial over their weights, so all totals are
 * exact.  A group writes `group_output` bytes (an aggregate per key) plus
 * `pair_output` bytes per joined pair. */
#include "alloc.h"
#include "generator.h"
#include "keys.h"

#include <math.h>
#include <stdlib.h>

static const char *const params[] = {"keys",         "s_r",         "s_s",         "r_share",
                                     "record_size",  "map_cost",    "reduce_cost", "pair_cost",
                                     "group_output", "pair_output", NULL};

/* Records of relation REL (0: R, the first R_BYTES of the input; 1: S) that start in split M. */
static int64_t relation_records(const job_desc *d, int64_t r_bytes, int rel, int m, int n_maps)
{
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE), rec = llround(d->record_size);
  int64_t start = (int64_t)m * block, end = m == n_maps - 1 ? d->input : start + block;
  int64_t lo = rel ? r_bytes : 0, hi = rel ? d->input : r_bytes;
  start = start < lo ? lo : start;
  end = end > hi ? hi : end;
  if (end <= start)
    return 0;
  return (end - lo + rec - 1) / rec - (start - lo + rec - 1) / rec;
}

static int make(cfg_file *f, const config_setting_t *g, job_desc *d, gsl_rng *r)
{
  /* No published time: the map, which parses the key and tags the record,
   * and the reduce, which buffers the group's records, cost a byte what
   * TeraSort's identity map and reduce do (terasort.c).  The cost of a pair
   * is an assumption: a comparison and an emit, 20 flops. */
  double n_keys = 100000, s[2] = {1.0, 0.0}, r_share = 0.5, record = 100, per_record = NAN, per_pair = 20;
  double group_output = 100, pair_output = 0;
  d->map_cost = 10;
  if (cfg_get_number(f, g, "keys", 0, 1, 1e7, &n_keys) < 0 || cfg_get_number(f, g, "s_r", 0, 0, 2, &s[0]) < 0 ||
      cfg_get_number(f, g, "s_s", 0, 0, 2, &s[1]) < 0 || cfg_get_number(f, g, "r_share", 0, 0, 1, &r_share) < 0 ||
      cfg_get_number(f, g, "record_size", 0, 1, WORKLOAD_MAX_RECORD, &record) < 0 ||
      cfg_get_number(f, g, "map_cost", 0, 0, WORKLOAD_MAX_BYTE_COST, &d->map_cost) < 0 ||
      cfg_get_number(f, g, "reduce_cost", 0, 0, WORKLOAD_MAX_RECORD_COST, &per_record) < 0 ||
      cfg_get_number(f, g, "pair_cost", 0, 0, WORKLOAD_MAX_RECORD_COST, &per_pair) < 0 ||
      cfg_get_number(f, g, "group_output", 0, 0, WORKLOAD_MAX_RECORD, &group_output) < 0 ||
      cfg_get_number(f, g, "pair_output", 0, 0, WORKLOAD_MAX_RECORD, &pair_output) < 0)
    return -1;
  int n_maps = generator_maps(d), reduces = d->reduces;
  size_t n = (size_t)n_keys;
  d->record_size = llround(record);
  if (isnan(per_record))
    per_record = 60 * d->record_size;
  /* the key drawn out of the record and the relation's tag: Coppa and
   * Finocchi's NaturalJoin shuffled 1.36 bytes an input byte (2015, Table 4) */
  d->map_record_size = llround(1.36 * d->record_size);
  d->output_record_size = d->record_size;
  d->map_selectivity = d->map_record_size / d->record_size;
  d->reduce_cost = 0;
  int64_t r_bytes = llround(r_share * (double)d->input);
  keys_data *k =
      keys_alloc(n_maps, reduces, (int)conf_get(&d->conf, CONF_EXPLICIT_GROUPS), llround(d->map_record_size));
  double *w[2], *mass[2], *sub = xmalloc(n * sizeof *sub);
  int64_t *count[2], *total[2], *row = xmalloc((size_t)reduces * sizeof *row);
  int *part = xmalloc(n * sizeof *part);
  for (size_t t = 0; t < n; t++)
    part[t] = (int)gsl_rng_uniform_int(r, (unsigned long)reduces);
  for (int rel = 0; rel < 2; rel++) {
    w[rel] = xmalloc(n * sizeof *w[rel]);
    keys_zipf(s[rel], n, w[rel]);
    mass[rel] = xcalloc((size_t)reduces, sizeof *mass[rel]);
    for (size_t t = 0; t < n; t++)
      mass[rel][part[t]] += w[rel][t];
    total[rel] = xcalloc((size_t)reduces, sizeof *total[rel]);
    count[rel] = xcalloc(n, sizeof *count[rel]);
    for (int m = 0; m < n_maps; m++) {
      for (int p = 0; p < reduces; p++)
        row[p] = 0;
      keys_multinomial(r, relation_records(d, r_bytes, rel, m, n_maps), mass[rel], (size_t)reduces, row);
      for (int p = 0; p < reduces; p++) {
        *keys_map_records(k, m, p) += row[p];
        total[rel][p] += row[p];
      }
    }
  }
  size_t *start, *order = keys_by_partition(part, n, reduces, &start);
  double all_output = 0;
  for (int p = 0; p < reduces; p++) {
    size_t first = start[p], in_p = start[p + 1] - first;
    for (int rel = 0; rel < 2 && in_p > 0; rel++) {
      for (size_t i = 0; i < in_p; i++)
        sub[i] = w[rel][order[first + i]];
      keys_multinomial(r, total[rel][p], sub, in_p, count[rel] + first);
    }
    double output = 0;
    int64_t groups = 0;
    for (size_t i = first; i < first + in_p; i++) {
      int64_t nr = count[0][i], ns = count[1][i]; /* counts follow ORDER */
      if (nr + ns == 0)
        continue;
      double pairs = (double)nr * (double)ns;
      keys_add_groups(k, p, 1, nr + ns, per_pair * pairs + per_record * (double)(nr + ns));
      output += group_output + pair_output * pairs;
      groups++;
    }
    all_output += output;
    k->parts[p].output_bytes = llround(fmin(output, WORKLOAD_MAX_OUTPUT));
    d->groups[p] = groups > 0 ? groups : 1;
    d->share[p] = mass[0][p] * r_share + mass[1][p] * (1 - r_share);
  }
  d->keys = k;
  for (int rel = 0; rel < 2; rel++) {
    free(w[rel]);
    free(mass[rel]);
    free(total[rel]);
    free(count[rel]);
  }
  free(sub);
  free(row);
  free(part);
  free(order);
  free(start);
  if (!(all_output <= WORKLOAD_MAX_OUTPUT))
    return cfg_fail(f, g,
                    "at most %.0f bytes of output (mrlab's bound on the bytes a job's reduce stage writes), got %.3g "
                    "(group_output and pair_output over the join's pairs)",
                    WORKLOAD_MAX_OUTPUT, all_output);
  return 0;
}

const generator generator_join = {"join", params, make};
