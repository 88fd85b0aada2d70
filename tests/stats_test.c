/* stats_test.c - the intervals and verdicts every comparison prints: a
 * t interval checked against Student's t by hand (t(0.975, 4) =
 * 2.7764451051977987, from the tables), a paired difference whose luck
 * cancels where the unpaired intervals overlap, and each verdict. */
#include "test.h"

#include "stats.h"

#include <string.h>

static void a_mean_has_students_t_interval(void **state)
{
  (void)state;
  const double x[] = {1, 2, 3, 4, 5};
  stats_summary s;
  stats_summarise(x, 5, &s);
  assert_int_equal(s.n, 5);
  assert_close(s.mean, 3, 1e-12);
  assert_close(s.sd, sqrt(2.5), 1e-12);
  assert_close(s.half, 2.7764451051977987 * sqrt(2.5) / sqrt(5), 1e-9);
  stats_summarise(x, 1, &s);
  assert_close(s.mean, 1, 0);
  assert_true(isnan(s.sd) && isnan(s.half));
}

static void pairs_cancel_the_draws_luck(void **state)
{
  (void)state;
  /* each seed's luck moves both variants alike: apart, their intervals
   * overlap; paired, the variant is 1 s faster, give or take 0.1 s */
  const double base[] = {40, 55, 47, 62, 51}, variant[] = {39.1, 54, 45.9, 61, 50};
  stats_summary b, v, d;
  stats_summarise(base, 5, &b);
  stats_summarise(variant, 5, &v);
  assert_true(v.mean + v.half > b.mean - b.half);
  stats_paired(base, variant, 5, &d);
  assert_close(d.mean, -1, 1e-9);
  assert_true(d.half < 0.15);
  assert_int_equal(stats_judge(&d), STATS_PAYS_OFF);
  stats_paired(variant, base, 5, &d);
  assert_int_equal(stats_judge(&d), STATS_HURTS);
}

static void a_verdict_needs_an_interval_clear_of_zero(void **state)
{
  (void)state;
  const double base[] = {10, 20, 30}, noisy[] = {9, 21, 28};
  stats_summary d;
  char buf[64];
  stats_paired(base, noisy, 3, &d);
  assert_int_equal(stats_judge(&d), STATS_NO_DIFFERENCE);
  assert_string_equal(stats_verdict_text(stats_judge(&d), d.n, buf, sizeof buf), "no difference at 3 seeds");
  stats_paired(base, noisy, 1, &d);
  assert_int_equal(stats_judge(&d), STATS_ONE_SEED);
  assert_string_equal(stats_verdict_text(STATS_PAYS_OFF, 5, buf, sizeof buf), "pays off");
}

/* a table's heading: its seeds, or where to find each row's */
static void a_table_says_its_seeds(void **state)
{
  (void)state;
  char buf[64];
  assert_string_equal(stats_seeds_text(5, "t.csv", buf, sizeof buf), "seeds 1 to 5");
  assert_string_equal(stats_seeds_text(0, "t.csv", buf, sizeof buf), "each row's seeds (t.csv's seeds)");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_mean_has_students_t_interval),
      cmocka_unit_test(pairs_cancel_the_draws_luck),
      cmocka_unit_test(a_verdict_needs_an_interval_clear_of_zero),
      cmocka_unit_test(a_table_says_its_seeds),
  };
  TEST_MAIN(tests);
}
