/* spacesaving_test.c - the Space-Saving sketch against exact histograms:
 * the spec's weighted example, Metwally et al.'s guarantee on random and
 * Zipf streams (every key heavier than N/m monitored, each count within its
 * error of the truth, every error at most N/m), the top-k exact when the
 * heavy hitters stand clear of N/m, and the error measured on Zipf streams
 * for a few capacities, printed as TAP comments. */
#include "alloc.h"
#include "spacesaving.h"
#include "test.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>

/* Fails unless sketch S satisfies the guarantee against the exact weights
 * TRUTH[0..n) of the keys 0..n-1, and its counters are all found by key and
 * sum to the total (eviction hands the evicted count on, so none is lost). */
static void check_guarantee(const spacesaving *s, const double *truth, size_t n)
{
  size_t m = spacesaving_capacity(s);
  double total = spacesaving_total(s), bound = total / (double)m, min = spacesaving_min(s);
  assert_true(min <= bound);
  spacesaving_counter *c = xmalloc(m * sizeof *c);
  size_t used = spacesaving_top(s, m, c);
  assert_int_equal(used, spacesaving_size(s));
  double sum = 0;
  for (size_t i = 0; i < used; i++) {
    assert_true(c[i].key < n);
    assert_true(c[i].count - c[i].error <= truth[c[i].key]);
    assert_true(truth[c[i].key] <= c[i].count);
    assert_true(c[i].error <= min);
    spacesaving_counter g;
    assert_int_equal(spacesaving_get(s, c[i].key, &g), 1);
    assert_true(g.count == c[i].count && g.error == c[i].error);
    sum += c[i].count;
  }
  assert_close(sum, total, 0);
  size_t monitored = 0;
  for (size_t k = 0; k < n; k++) {
    int in = spacesaving_get(s, k, NULL);
    monitored += (size_t)in;
    if (truth[k] > bound)
      assert_int_equal(in, 1);
    if (!in)
      assert_true(truth[k] <= min);
  }
  assert_int_equal(monitored, used);
  free(c);
}

/* Spec §8 case 9: m = 2, (a,5) (b,3) (c,1) (a,2) gives a: 7 error 0 and
 * c: 4 error 3 (b, the smaller counter, evicted); N = 11, N/m = 5.5. */
static void weighted_example_of_the_spec(void **state)
{
  (void)state;
  enum { a = 1, b = 2, c = 3 };
  spacesaving *s = spacesaving_alloc(2);
  spacesaving_add(s, a, 5);
  spacesaving_add(s, b, 3);
  spacesaving_add(s, c, 1);
  spacesaving_add(s, a, 2);
  spacesaving_counter top[2];
  assert_int_equal(spacesaving_top(s, 2, top), 2);
  assert_true(top[0].key == a && top[0].count == 7 && top[0].error == 0);
  assert_true(top[1].key == c && top[1].count == 4 && top[1].error == 3);
  assert_int_equal(spacesaving_get(s, b, NULL), 0);
  assert_close(spacesaving_total(s), 11, 0);
  assert_close(spacesaving_min(s), 4, 0);
  assert_true(top[1].error <= spacesaving_total(s) / 2);
  spacesaving_free(s);
}

/* Until the counters run out the sketch is an exact histogram; a zero weight
 * changes nothing; an empty sketch has no counter. */
static void exact_until_full(void **state)
{
  (void)state;
  spacesaving *s = spacesaving_alloc(4);
  spacesaving_counter top[4];
  assert_int_equal(spacesaving_top(s, 4, top), 0);
  assert_close(spacesaving_min(s), 0, 0);
  spacesaving_add(s, 10, 2);
  spacesaving_add(s, 20, 7);
  spacesaving_add(s, 10, 3);
  spacesaving_add(s, 30, 0);
  assert_int_equal(spacesaving_size(s), 2);
  assert_int_equal(spacesaving_get(s, 30, NULL), 0);
  assert_int_equal(spacesaving_top(s, 1, top), 1);
  assert_true(top[0].key == 20 && top[0].count == 7 && top[0].error == 0);
  spacesaving_counter g;
  assert_int_equal(spacesaving_get(s, 10, &g), 1);
  assert_true(g.count == 5 && g.error == 0);
  assert_close(spacesaving_min(s), 0, 0); /* two counters still free */
  spacesaving_free(s);
}

/* Random weighted streams over more keys than counters, many evictions:
 * the guarantee holds after each of the first 100 updates and every 500th
 * after, for several capacities. */
static void guarantee_holds_on_random_streams(void **state)
{
  (void)state;
  enum { n = 2000, updates = 20000 };
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  double *truth = xmalloc(n * sizeof *truth);
  const size_t caps[] = {1, 7, 64, 300};
  for (size_t ci = 0; ci < sizeof caps / sizeof *caps; ci++) {
    gsl_rng_set(r, 12 + ci);
    for (size_t k = 0; k < n; k++)
      truth[k] = 0;
    spacesaving *s = spacesaving_alloc(caps[ci]);
    for (int u = 1; u <= updates; u++) {
      /* Half the updates on 20 keys, so there are heavy hitters to keep. */
      size_t key = gsl_rng_uniform_int(r, 2) ? gsl_rng_uniform_int(r, 20) : gsl_rng_uniform_int(r, n);
      double w = (double)(1 + gsl_rng_uniform_int(r, 100));
      truth[key] += w;
      spacesaving_add(s, key, w);
      if (u <= 100 || u % 500 == 0) /* each of the first evictions, then now and then */
        check_guarantee(s, truth, n);
    }
    spacesaving_free(s);
  }
  free(truth);
  gsl_rng_free(r);
}

/* Five heavy keys of 1000, 800, 600, 400 and 200 among 2000 light keys of
 * weight 1, in a shuffled order: N = 5000 and with m = 50 counters N/m =
 * 100, so a light key's counter never passes 101, and the heavy ones, 200
 * apart, more than the error bound, come out first, in their true order. */
static void top_k_is_exact_above_the_guarantee(void **state)
{
  (void)state;
  enum { heavy = 5, light = 2000, unit = 200 };
  size_t n = 0, cap = heavy * (heavy + 1) / 2 + light;
  uint64_t *stream = xmalloc(cap * sizeof *stream);
  for (uint64_t h = 0; h < heavy; h++) /* key h weighs (heavy - h) * unit, in chunks of unit */
    for (uint64_t j = 0; j < heavy - h; j++)
      stream[n++] = h;
  for (uint64_t l = 0; l < light; l++)
    stream[n++] = 1000 + l;
  assert_int_equal(n, cap);
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  for (unsigned long seed = 1; seed <= 20; seed++) {
    gsl_rng_set(r, seed);
    gsl_ran_shuffle(r, stream, n, sizeof *stream);
    spacesaving *s = spacesaving_alloc(50);
    for (size_t i = 0; i < n; i++)
      spacesaving_add(s, stream[i], stream[i] < heavy ? unit : 1);
    assert_close(spacesaving_total(s), 5000, 0);
    spacesaving_counter top[heavy];
    assert_int_equal(spacesaving_top(s, heavy, top), heavy);
    for (uint64_t h = 0; h < heavy; h++) {
      assert_true(top[h].key == h);
      double truth = (double)((heavy - h) * unit);
      assert_true(top[h].count - top[h].error <= truth && truth <= top[h].count);
    }
    spacesaving_free(s);
  }
  gsl_rng_free(r);
  free(stream);
}

/* Key groups drawn from a Zipf law (P(k) proportional to 1/(k+1)^1.2 over
 * 5000 keys, by gsl_ran_discrete), each record weighing 1 to 100 bytes; the
 * sketch with m counters against the exact histogram: the largest
 * over-estimate and the mean over the 10 heaviest keys, the top-10 exact or
 * not, printed per capacity; the guarantee asserted. */
static void error_on_zipf_streams(void **state)
{
  (void)state;
  enum { n = 5000, records = 200000, top_k = 10 };
  double *p = xmalloc(n * sizeof *p), *truth = xmalloc(n * sizeof *truth);
  for (size_t k = 0; k < n; k++)
    p[k] = pow((double)(k + 1), -1.2);
  gsl_ran_discrete_t *zipf = gsl_ran_discrete_preproc(n, p);
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  const size_t caps[] = {20, 100, 500, 2000};
  for (size_t ci = 0; ci < sizeof caps / sizeof *caps; ci++) {
    gsl_rng_set(r, 2006);
    for (size_t k = 0; k < n; k++)
      truth[k] = 0;
    spacesaving *s = spacesaving_alloc(caps[ci]);
    for (int i = 0; i < records; i++) {
      size_t key = gsl_ran_discrete(r, zipf);
      double w = (double)(1 + gsl_rng_uniform_int(r, 100));
      truth[key] += w;
      spacesaving_add(s, key, w);
    }
    check_guarantee(s, truth, n);
    spacesaving_counter *c = xmalloc(caps[ci] * sizeof *c);
    size_t used = spacesaving_top(s, caps[ci], c);
    double max_over = 0, top_over = 0;
    int exact = 1;
    for (size_t i = 0; i < used; i++) {
      double over = c[i].count - truth[c[i].key];
      max_over = over > max_over ? over : max_over;
      if (i < top_k) {
        top_over += over / top_k;
        exact &= c[i].key == i; /* the Zipf law's ranks are the keys */
      }
    }
    double bound = spacesaving_total(s) / (double)caps[ci];
    printf("# m=%zu N=%.0f N/m=%.1f min=%.1f max over-estimate=%.1f (%.3f%% of N) top-%d mean over-estimate=%.1f "
           "top-%d exact=%s\n",
           caps[ci], spacesaving_total(s), bound, spacesaving_min(s), max_over, 100 * max_over / spacesaving_total(s),
           top_k, top_over, top_k, exact ? "yes" : "no");
    assert_true(max_over <= bound);
    free(c);
    spacesaving_free(s);
  }
  gsl_rng_free(r);
  gsl_ran_discrete_free(zipf);
  free(p);
  free(truth);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(weighted_example_of_the_spec),
      cmocka_unit_test(exact_until_full),
      cmocka_unit_test(guarantee_holds_on_random_streams),
      cmocka_unit_test(top_k_is_exact_above_the_guarantee),
      cmocka_unit_test(error_on_zipf_streams),
  };
  TEST_MAIN(tests);
}
