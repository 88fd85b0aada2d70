/* keys.c - key groups per partition, and the multinomial draws that keep
 * record counts whole and their totals exact.
 *
 * A partition's top groups sit in an array sorted heaviest first; a group
 * heavier than the lightest of a full array takes its place and the one it
 * displaces joins the rest.  GSL's multinomial takes an unsigned total, so
 * bigger totals are drawn in parts: a sum of multinomials with the same
 * weights is multinomial again. */
#include "keys.h"

#include "alloc.h"

#include <gsl/gsl_randist.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <xbt/asserts.h>

keys_data *keys_alloc(int n_maps, int reduces, int top, int64_t record_bytes)
{
  keys_data *k = xcalloc(1, sizeof *k);
  k->n_maps = n_maps;
  k->reduces = reduces;
  k->top = top;
  k->record_bytes = record_bytes;
  k->records = xcalloc((size_t)n_maps * (size_t)reduces, sizeof *k->records);
  k->parts = xcalloc((size_t)reduces, sizeof *k->parts);
  for (int p = 0; p < reduces; p++) {
    k->parts[p].top_records = xcalloc((size_t)top, sizeof *k->parts[p].top_records);
    k->parts[p].top_flops = xcalloc((size_t)top, sizeof *k->parts[p].top_flops);
  }
  return k;
}

void keys_free(keys_data *k)
{
  if (!k)
    return;
  for (int p = 0; p < k->reduces; p++) {
    free(k->parts[p].top_records);
    free(k->parts[p].top_flops);
  }
  free(k->parts);
  free(k->records);
  free(k);
}

static void add_rest(keys_partition *kp, int64_t count, int64_t records, double flops)
{
  int b = 0;
  while (b < KEYS_BINS - 1 && records >> (b + 1))
    b++;
  kp->hist[b] += count;
  kp->rest_groups += count;
  kp->rest_records += count * records;
  kp->rest_flops += (double)count * flops;
}

/* Puts one group among the top groups of KP, or in the rest. */
static void add_one(keys_partition *kp, int top, int64_t records, double flops)
{
  if (kp->n_top == top) {
    if (top == 0 || records <= kp->top_records[top - 1]) {
      add_rest(kp, 1, records, flops);
      return;
    }
    kp->n_top--; /* the lightest makes room */
    add_rest(kp, 1, kp->top_records[kp->n_top], kp->top_flops[kp->n_top]);
  }
  int i = kp->n_top++;
  for (; i > 0 && kp->top_records[i - 1] < records; i--) {
    kp->top_records[i] = kp->top_records[i - 1];
    kp->top_flops[i] = kp->top_flops[i - 1];
  }
  kp->top_records[i] = records;
  kp->top_flops[i] = flops;
}

void keys_add_groups(keys_data *k, int p, int64_t count, int64_t records, double flops)
{
  xbt_assert(p >= 0 && p < k->reduces && records > 0 && count >= 0, "bad key groups for partition %d", p);
  keys_partition *kp = &k->parts[p];
  int64_t one_by_one = count < k->top ? count : k->top;
  for (int64_t i = 0; i < one_by_one; i++)
    add_one(kp, k->top, records, flops);
  if (count > one_by_one)
    add_rest(kp, count - one_by_one, records, flops);
}

int64_t keys_partition_records(const keys_data *k, int p)
{
  const keys_partition *kp = &k->parts[p];
  int64_t sum = kp->rest_records;
  for (int i = 0; i < kp->n_top; i++)
    sum += kp->top_records[i];
  return sum;
}

void keys_multinomial(gsl_rng *r, int64_t total, const double *w, size_t n, int64_t *out)
{
  unsigned int *draw = xmalloc(n * sizeof *draw);
  while (total > 0) {
    unsigned int part = total > INT_MAX ? INT_MAX : (unsigned int)total;
    gsl_ran_multinomial(r, n, part, w, draw);
    for (size_t i = 0; i < n; i++)
      out[i] += draw[i];
    total -= part;
  }
  free(draw);
}

size_t *keys_by_partition(const int *part, size_t n, int reduces, size_t **start)
{
  size_t *order = xmalloc(n * sizeof *order), *at = xcalloc((size_t)reduces + 1, sizeof *at);
  for (size_t i = 0; i < n; i++)
    at[part[i] + 1]++;
  for (int p = 0; p < reduces; p++)
    at[p + 1] += at[p];
  size_t *next = xmalloc((size_t)reduces * sizeof *next);
  for (int p = 0; p < reduces; p++)
    next[p] = at[p];
  for (size_t i = 0; i < n; i++)
    order[next[part[i]]++] = i;
  free(next);
  *start = at;
  return order;
}

void keys_zipf(double s, size_t n, double *w)
{
  double sum = 0;
  for (size_t k = 0; k < n; k++)
    sum += w[k] = pow((double)(k + 1), -s);
  for (size_t k = 0; k < n; k++)
    w[k] /= sum;
}

int64_t keys_split_records(int64_t input, int64_t split, int m, int n_maps, double record)
{
  int64_t start = (int64_t)m * split, end = m == n_maps - 1 ? input : start + split;
  return (int64_t)ceil((double)end / record) - (int64_t)ceil((double)start / record);
}
