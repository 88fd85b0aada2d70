/* models_test.c - the analytic job models on the worked values that
 * docs/models.md lists (Khan et al.'s HP model and LWLR, MRTuner's PTC)
 * to 1e-9, and the properties it names: bound ordering, the
 * deadline met with the fewest slots, conservation of shuffled data. */
#include "aria.h"
#include "boe.h"
#include "hp.h"
#include "lwlr.h"
#include "ptc.h"
#include "test.h"
#include "tune.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

/* docs/models.md, Khan et al.: 80 maps and 32 reduces on 16 + 16 slots */
static hp_profile khan_example(void)
{
  return (hp_profile){.n_maps = 80,
                      .n_reduces = 32,
                      .map_slots = 16,
                      .reduce_slots = 16,
                      .maps_w1 = 16,
                      .shuffles_w1 = 16,
                      .shuffles_w2 = 16,
                      .map_avg = 10,
                      .map_max = 12,
                      .sh1_avg = 50,
                      .sh1_max = 60,
                      .sh2_avg = 8,
                      .sh2_max = 10,
                      .reduce_avg = 5,
                      .reduce_max = 7};
}

static void hp_bounds_match_the_worked_example(void **state)
{
  (void)state;
  hp_profile p = khan_example();
  hp_bounds b;
  assert_int_equal(hp_bounds_compute(&p, &b), 0);
  assert_close(b.job_low, 78, 1e-9);
  assert_close(b.job_up, 96, 1e-9);
  assert_close(b.job_avg, 87, 1e-9);
  /* the same waves follow from the counts */
  hp_profile q = p;
  q.maps_w1 = q.shuffles_w1 = q.shuffles_w2 = -1;
  hp_profile_set_waves(&q);
  assert_close(q.maps_w1, 16, 0);
  assert_close(q.shuffles_w1, 16, 0);
  assert_close(q.shuffles_w2, 16, 0);
  /* one reduce wave: the later-wave terms vanish; max == avg: the bounds
   * meet.  12 reduces use 12 of the 16 slots: each runs whole, in one wave */
  q.n_reduces = 12;
  q.map_max = q.map_avg, q.sh1_max = q.sh1_avg, q.sh2_max = q.sh2_avg, q.reduce_max = q.reduce_avg;
  hp_profile_set_waves(&q);
  assert_int_equal(hp_bounds_compute(&q, &b), 0);
  assert_close(b.sh2_low, 0, 0);
  assert_close(b.job_low, b.job_up, 1e-12);
  assert_close(b.job_low, 10 + 50 + 5, 1e-9);
  /* read literally, the 16 slots charge them 12/16 of a wave */
  q.literal_slots = 1;
  assert_int_equal(hp_bounds_compute(&q, &b), 0);
  assert_close(b.job_low, 10 + 50 * 12.0 / 16 + 5 * 12.0 / 16, 1e-9);
  /* 8 maps on 16 slots: one map's time, or half of it read literally */
  q.n_maps = q.maps_w1 = 8;
  assert_int_equal(hp_bounds_compute(&q, &b), 0);
  assert_close(b.map_low, 5, 1e-12);
  q.literal_slots = 0;
  assert_int_equal(hp_bounds_compute(&q, &b), 0);
  assert_close(b.map_low, 10, 1e-12);
  q.map_slots = 0;
  assert_int_equal(hp_bounds_compute(&q, &b), -1);
}

/* a/m + b/(m+n) + c/n: the lower bound's time for M and N slots */
static double deadline_time(double a, double b, double c, double m, double n)
{
  return a / m + b / (m + n) + c / n;
}

/* the N that meets deadline T with M map slots, by bisection (the time falls as n grows) */
static double reduce_slots_for(double a, double b, double c, double t, double m)
{
  double lo = 1e-9, hi = 1e9;
  for (int i = 0; i < 200; i++) {
    double mid = sqrt(lo * hi);
    (deadline_time(a, b, c, m, mid) > t ? (lo = mid) : (hi = mid));
  }
  return hi;
}

static void provisioning_meets_the_deadline_with_the_fewest_slots(void **state)
{
  (void)state;
  hp_profile p = khan_example();
  double a, b, c, m, n, t = 120;
  hp_provision_terms(&p, &a, &b, &c);
  assert_close(a, 160, 1e-12);
  assert_close(b, 800, 1e-12);
  assert_close(c, 8 * 16 + 5 * 32, 1e-12);
  assert_int_equal(hp_provision(a, b, c, t, &m, &n), 0);
  assert_close(deadline_time(a, b, c, m, n), t, 1e-9);
  assert_close(m + n, (pow(sqrt(a) + sqrt(c), 2) + b) / t, 1e-9);
  /* any other split that meets the deadline takes more slots */
  for (double f = 0.5; f <= 1.5; f += 0.01)
    if (fabs(f - 1) > 1e-6)
      assert_true(f * m + reduce_slots_for(a, b, c, t, f * m) > m + n);
  /* without the overlapping shuffle, ARIA's form */
  assert_int_equal(hp_provision(a, 0, c, t, &m, &n), 0);
  assert_close(m, sqrt(a) * (sqrt(a) + sqrt(c)) / t, 1e-12);
  assert_close(n, sqrt(c) * (sqrt(a) + sqrt(c)) / t, 1e-12);
  assert_int_equal(hp_provision(a, b, c, 0, &m, &n), -1);
}

/* The fewest whole slots in all that meet T, by trying every pair up to 400. */
static int fewest_by_brute_force(double a, double b, double c, double t)
{
  int least = 0;
  for (int m = 1; m < 400; m++)
    for (int n = 1; n < 400; n++)
      if (deadline_time(a, b, c, m, n) <= t && (!least || m + n < least))
        least = m + n;
  return least;
}

/* The spec's four examples (../shared/specs/000, test 7): the real optimum
 * to its six decimals, and the whole slots: fewer than rounding each up. */
static void provisioning_takes_the_fewest_whole_slots(void **state)
{
  (void)state;
  static const struct {
    double a, b, c, t, m, n;
  } ex[] = {{100, 50, 200, 10, 26.213203, 37.071068},
            {100, 0, 100, 10, 20, 20},
            {400, 100, 100, 20, 33.333333, 16.666667},
            {3600, 1200, 4800, 300, 27.712813, 32.000000}};
  for (size_t k = 0; k < sizeof ex / sizeof *ex; k++) {
    double m, n;
    int mw, nw;
    assert_int_equal(hp_provision(ex[k].a, ex[k].b, ex[k].c, ex[k].t, &m, &n), 0);
    assert_close(m, ex[k].m, 5e-7);
    assert_close(n, ex[k].n, 5e-7);
    assert_close(deadline_time(ex[k].a, ex[k].b, ex[k].c, m, n), ex[k].t, 1e-9);
    assert_int_equal(hp_provision_whole(ex[k].a, ex[k].b, ex[k].c, ex[k].t, &mw, &nw), 0);
    assert_true(deadline_time(ex[k].a, ex[k].b, ex[k].c, mw, nw) <= ex[k].t * (1 + 1e-12));
    assert_int_equal(mw + nw, fewest_by_brute_force(ex[k].a, ex[k].b, ex[k].c, ex[k].t));
  }
  /* the spec's first example: 63.284271 slots, 64 whole, where rounding each up gives 27 + 38 = 65 */
  double m, n;
  int mw, nw;
  hp_provision(100, 50, 200, 10, &m, &n);
  assert_close(m + n, 63.284271, 5e-7);
  assert_close(ceil(m) + ceil(n), 65, 0);
  hp_provision_whole(100, 50, 200, 10, &mw, &nw);
  assert_int_equal(mw, 27); /* of the pairs of 64, (27, 37) is the fastest: 9.8904 s against (26, 38)'s 9.8906 */
  assert_int_equal(nw, 37);
  /* a = c: the equal split when it meets the deadline */
  hp_provision_whole(100, 0, 100, 10, &mw, &nw);
  assert_int_equal(mw, 20);
  assert_int_equal(nw, 20);
  assert_int_equal(hp_provision_whole(100, 50, 200, 0, &mw, &nw), -1);
}

/* docs/models.md, LWLR: X = (d, r) rows, query (3.5, 2) */
static const double lwlr_x[6][2] = {{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {6, 3}};

static void lwlr_data(gsl_matrix *x, gsl_vector *y, int squares)
{
  for (size_t k = 0; k < 6; k++) {
    double d = lwlr_x[k][0], r = lwlr_x[k][1];
    gsl_matrix_set(x, k, 0, d);
    gsl_matrix_set(x, k, 1, r);
    gsl_vector_set(y, k, squares ? d * d / r : 2 * d + 3 * r);
  }
}

static void lwlr_matches_the_worked_example(void **state)
{
  (void)state;
  gsl_matrix *x = gsl_matrix_alloc(6, 2);
  gsl_vector *y = gsl_vector_alloc(6), *q = gsl_vector_alloc(2), *beta = gsl_vector_alloc(2);
  gsl_vector_set(q, 0, 3.5);
  gsl_vector_set(q, 1, 2);
  double yq;
  lwlr_data(x, y, 0); /* y = 2d + 3r: exact at any bandwidth */
  for (double h = 0.5; h < 100; h *= 10) {
    assert_int_equal(lwlr_predict(x, y, NULL, h, q, &yq, beta), 0);
    assert_close(gsl_vector_get(beta, 0), 2, 1e-9);
    assert_close(gsl_vector_get(beta, 1), 3, 1e-9);
    assert_close(yq, 13, 1e-9);
  }
  lwlr_data(x, y, 1); /* y = d^2 / r */
  assert_int_equal(lwlr_predict(x, y, NULL, 1.5, q, &yq, beta), 0);
  assert_close(yq, 6.2307280062, 1e-9);
  assert_close(gsl_vector_get(beta, 0), 3.4286675525, 1e-9);
  assert_close(gsl_vector_get(beta, 1), -2.8848042138, 1e-9);
  assert_int_equal(lwlr_predict(x, y, NULL, 1e6, q, &yq, NULL), 0);
  assert_close(yq, 6.2638888889, 1e-9); /* unweighted least squares */
  /* scaling moves the weights, not the form: a huge bandwidth is still OLS */
  gsl_vector *scale = gsl_vector_alloc(2);
  lwlr_scale_sd(x, scale);
  assert_close(gsl_vector_get(scale, 1), sqrt(0.8), 1e-12);
  assert_int_equal(lwlr_predict(x, y, scale, 1e6, q, &yq, NULL), 0);
  assert_close(yq, 6.2638888889, 1e-9);
  /* a bandwidth so small that one run carries all the weight: singular */
  gsl_vector_set(q, 0, 1);
  gsl_vector_set(q, 1, 1);
  assert_int_equal(lwlr_predict(x, y, NULL, 0.01, q, &yq, NULL), GSL_ESING);
  /* the order of the runs does not matter */
  gsl_vector_set(q, 0, 3.5);
  gsl_vector_set(q, 1, 2);
  gsl_matrix_swap_rows(x, 0, 5);
  gsl_vector_swap_elements(y, 0, 5);
  assert_int_equal(lwlr_predict(x, y, NULL, 1.5, q, &yq, NULL), 0);
  assert_close(yq, 6.2307280062, 1e-9);
  /* collinear features: singular at any bandwidth */
  for (size_t k = 0; k < 6; k++)
    gsl_matrix_set(x, k, 1, 2 * gsl_matrix_get(x, k, 0));
  assert_int_equal(lwlr_predict(x, y, NULL, 5, q, &yq, NULL), GSL_ESING);
  /* sizes that differ, each alone, and no bandwidth: GSL_EINVAL, as lwlr.h says */
  gsl_vector *five = gsl_vector_calloc(5), *three = gsl_vector_calloc(3);
  assert_int_equal(lwlr_predict(x, five, NULL, 1.5, q, &yq, NULL), GSL_EINVAL);
  assert_int_equal(lwlr_predict(x, y, NULL, 1.5, three, &yq, NULL), GSL_EINVAL);
  assert_int_equal(lwlr_predict(x, y, three, 1.5, q, &yq, NULL), GSL_EINVAL);
  assert_int_equal(lwlr_predict(x, y, NULL, 1.5, q, &yq, three), GSL_EINVAL);
  assert_int_equal(lwlr_predict(x, y, NULL, 0, q, &yq, NULL), GSL_EINVAL);
  gsl_vector_free(five);
  gsl_vector_free(three);
  gsl_vector_free(scale);
  gsl_vector_free(beta);
  gsl_vector_free(q);
  gsl_vector_free(y);
  gsl_matrix_free(x);
}

static void lwlr_bandwidth_has_the_least_leave_one_out_error(void **state)
{
  (void)state;
  gsl_matrix *x = gsl_matrix_alloc(6, 2);
  gsl_vector *y = gsl_vector_alloc(6);
  lwlr_data(x, y, 1);
  const double grid[] = {0.01, 0.7, 1, 1.5, 3, 1e6};
  double h, mse, best = INFINITY;
  assert_int_equal(lwlr_choose_bandwidth(x, y, NULL, grid, 6, &h, &mse), 0);
  assert_true(h != 0.01); /* singular fits are passed over */
  for (size_t i = 0; i < 6; i++) {
    double hi, ei;
    if (lwlr_choose_bandwidth(x, y, NULL, grid + i, 1, &hi, &ei) == 0)
      best = fmin(best, ei);
  }
  assert_close(mse, best, 0);
  assert_true(h < 1e6); /* local beats global on a curved response */
  assert_int_equal(lwlr_choose_bandwidth(x, y, NULL, grid, 1, &h, &mse), GSL_ESING);
  gsl_vector_free(y);
  gsl_matrix_free(x);
}

/* docs/models.md, MRTuner: TV1 and eqs. 1-4 on Figure 4's inputs,
 * given as map waves, reduce waves, t_map and t_cs per wave, t_lrw and
 * network copy time per map wave, and the consumer's time */
static ptc_cost figure4(int m, int r, double tmap, double tcs, double tlrw, double ts, double consumer)
{
  ptc_plan p = {.m = m, .r = r, .v = 1, .ds = m * ts, .t_map = m * tmap, .t_cs = (m - 1) * tcs, .t_reduce = consumer};
  p.lrw_rate = p.ds / (m * tlrw);
  ptc_cost c;
  assert_int_equal(ptc_cost_compute(&p, &c), 0);
  return c;
}

static void ptc_matches_the_worked_examples(void **state)
{
  (void)state;
  ptc_plan tv1 = {.m = 3, .r = 1, .v = 2, .ds = 90, .lrw_rate = 3, .t_map = 70, .t_reduce = 35};
  ptc_cost c;
  assert_int_equal(ptc_cost_compute(&tv1, &c), 0);
  assert_close(c.d_overlap_max, 60, 1e-9);
  assert_close(c.t_ov, 80.0 / 3, 1e-9);
  assert_close(c.ts1, 10.0 / 3, 1e-9);
  assert_close(c.ts2, 15, 1e-9);
  assert_close(c.tsrw, 30, 1e-9);
  assert_close(c.total, 460.0 / 3, 1e-9);
  tv1.printed_ts2 = 1;
  assert_int_equal(ptc_cost_compute(&tv1, &c), 0);
  assert_close(c.ts2, 45, 1e-9);
  assert_close(c.total, 550.0 / 3, 1e-9);
  /* TV4: a window wider than the overlapped copy: t_s1 is 0, not negative */
  ptc_plan tv4 = {.m = 4, .r = 1, .v = 10, .ds = 90, .lrw_rate = 3, .t_map = 400, .t_reduce = 35};
  assert_int_equal(ptc_cost_compute(&tv4, &c), 0);
  assert_close(c.ts1, 0, 0);
  tv4.printed_min = 1;
  assert_int_equal(ptc_cost_compute(&tv4, &c), 0);
  assert_close(c.ts1, -270.75, 1e-9);
  /* Figure 4 (a), (b), (d), (e) under eqs. 1-4; (e) saves 2.5 a reduce wave */
  assert_close(figure4(3, 1, 20, 5, 10, 15, 35).total, 460.0 / 3, 1e-9);
  assert_close(figure4(1, 1, 60, 0, 30, 45, 35).total, 170, 1e-9);
  assert_close(figure4(3, 1, 20, 10, 10, 10, 35).total, 155, 1e-9);
  ptc_plan e = {
      .m = 3, .r = 2, .v = 1, .ds = 45, .lrw_rate = 1.5, .t_map = 60, .t_cs = 5, .t_reduce = 35, .buffer = 2.5 * 1.5};
  assert_int_equal(ptc_cost_compute(&e, &c), 0);
  assert_close(c.producer, 65, 1e-9);
  assert_close(c.consumer, 30, 1e-9);
  assert_close(c.total, 155, 1e-9);
  assert_int_equal(ptc_waves(11, 4), 3);
  assert_int_equal(ptc_waves(6, 3), 2);
  assert_int_equal(ptc_waves(0, 4), 0);
  assert_int_equal(ptc_waves(4, 4), 1);
  e.m = 0;
  assert_int_equal(ptc_cost_compute(&e, &c), -1);
}

static void ptc_moves_every_shuffled_byte_once(void **state)
{
  (void)state;
  /* docs/models.md, MRTuner: monotone where it should be */
  for (int r = 1; r < 4; r++) {
    ptc_plan a = {.m = 3, .r = r, .v = 2, .ds = 90, .lrw_rate = 3, .t_map = 70, .t_reduce = 35, .t_schedule_r = r};
    ptc_plan b = a;
    b.r = r + 1;
    ptc_cost ca, cb;
    ptc_cost_compute(&a, &ca);
    ptc_cost_compute(&b, &cb);
    assert_true(cb.d_overlap_max <= ca.d_overlap_max);
    assert_close(ca.consumer, 35 + r, 1e-12); /* no buffer: t_reduce + t_schedule(r) */
    b = a;
    b.ds = 120;
    ptc_cost_compute(&b, &cb);
    assert_true(cb.transporter >= ca.transporter);
  }
  for (int m = 1; m <= 5; m++)
    for (int r = 1; r <= 4; r++) {
      ptc_plan p = {.m = m, .r = r, .v = 2, .ds = 1, .lrw_rate = 1, .t_map = 10};
      ptc_cost c;
      assert_int_equal(ptc_cost_compute(&p, &c), 0);
      assert_close(c.d_overlap_max + c.ts2 * p.v, 1, 1e-12); /* D_o_max + D_n = D_s */
    }
}

static void aria_bounds_follow_the_makespan_theorem(void **state)
{
  (void)state;
  assert_close(aria_makespan_low(10, 5, 4), 12.5, 1e-12);
  assert_close(aria_makespan_up(10, 5, 8, 4), 9 * 5 / 4.0 + 8, 1e-12);
  aria_profile p = {.n_maps = 80,
                    .n_reduces = 32,
                    .map_slots = 16,
                    .reduce_slots = 16,
                    .map_avg = 10,
                    .map_max = 12,
                    .sh1_avg = 20,
                    .sh1_max = 25,
                    .shtyp_avg = 8,
                    .shtyp_max = 10,
                    .reduce_avg = 5,
                    .reduce_max = 7};
  aria_bounds b;
  assert_int_equal(aria_bounds_compute(&p, &b), 0);
  assert_close(b.job_low, 50 + (20 + 8) + 10, 1e-12);
  assert_close(b.job_up, (79 * 10 / 16.0 + 12) + (25 + (31 / 16.0 - 1) * 8 + 10) + (31 * 5 / 16.0 + 7), 1e-12);
  assert_true(b.job_low <= b.job_avg && b.job_avg <= b.job_up);
  p.n_reduces = 16; /* one reduce wave: the first shuffle alone */
  assert_int_equal(aria_bounds_compute(&p, &b), 0);
  assert_close(b.shuffle_low, 20, 1e-12);
  assert_close(b.shuffle_up, 25, 1e-12);
  /* 12 reduces on 16 slots run on 12: one whole reduce at the lower bound,
   * not the 12/16 of the literal reading */
  p.n_reduces = 12;
  assert_int_equal(aria_bounds_compute(&p, &b), 0);
  assert_close(b.reduce_low, 5, 1e-12);
  assert_close(b.reduce_up, 11 * 5 / 12.0 + 7, 1e-12);
  p.literal_slots = 1;
  assert_int_equal(aria_bounds_compute(&p, &b), 0);
  assert_close(b.reduce_low, 12 * 5 / 16.0, 1e-12);
  assert_close(b.reduce_up, 11 * 5 / 16.0 + 7, 1e-12);
}

/* a catalog whose parts are easy to follow by hand */
static tune_catalog small_catalog(void)
{
  return (tune_catalog){.map_slots = 4,
                        .reduce_slots = 2,
                        .startup = 1,
                        .map_rate = 1e-7,
                        .selectivity = 1,
                        .reduce_rate = 2e-8,
                        .copier_rate = 1e7,
                        .nic = 1e8,
                        .reduce_hosts = 2,
                        .lrw_rate = 1e8,
                        .c_bytes = 0.5,
                        .c_map = 1.2,
                        .c_reduce = 1.1};
}

static void tune_costs_a_plan_as_ptc_does(void **state)
{
  (void)state;
  tune_catalog c = small_catalog();
  tune_plan p = {.split = 1e8, .reduces = 3, .copiers = 5, .compress = 1};
  ptc_cost got;
  double t = tune_cost(&c, 1e9, &p, &got);
  /* 10 maps on 4 slots: 3 waves; 3 reduces on 2 slots: 2 waves */
  ptc_plan want = {.m = 3,
                   .r = 2,
                   .v = 2 * fmin(5 * 1e7, 1e8),
                   .ds = 1e9 * 0.5,
                   .lrw_rate = 1e8,
                   .t_map = 3 * 1e-7 * 1e8 * 1.2,
                   .t_schedule_m = 3,
                   .t_schedule_r = 2,
                   .t_reduce = 2 * 2e-8 * 1e9 / 3 * 1.1};
  ptc_cost ref;
  assert_int_equal(ptc_cost_compute(&want, &ref), 0);
  assert_close(t, ref.total, 1e-9);
  assert_close(got.transporter, ref.transporter, 1e-9);
  assert_close(got.producer, 3 * 12 + 3, 1e-9);
  /* the wave's two reducers on one host share its NIC: 1e8 in all, where
   * each on a NIC of its own would take 2 x min(5 x 2e7, 1e8) = 2e8 */
  c.reduce_hosts = 1;
  c.copier_rate = 2e7;
  tune_cost(&c, 1e9, &p, &got);
  want.v = 1e8;
  assert_int_equal(ptc_cost_compute(&want, &ref), 0);
  assert_close(got.transporter, ref.transporter, 1e-9);
  /* maps lose cs_rate a byte the first reduce wave copies while they run:
   * D_s (m-1)/(m r) = 5e8 * 2/3 / 2 bytes */
  c.cs_rate = 1e-8;
  tune_cost(&c, 1e9, &p, &got);
  assert_close(got.producer, 3 * 12 + 3 + 1e-8 * 5e8 * 2 / 3 / 2, 1e-9);
}

static void tune_finds_the_cheapest_plan_and_breaks_ties_in_order(void **state)
{
  (void)state;
  tune_catalog c = small_catalog();
  const double splits[] = {5e7, 1e8, 2e8};
  const int reduces[] = {1, 2, 4}, copiers[] = {1, 5, 20};
  tune_grid g = {splits, 3, reduces, 3, copiers, 3};
  tune_plan best;
  double least = tune_search(&c, 1e9, &g, &best);
  assert_close(tune_cost(&c, 1e9, &best, NULL), least, 0);
  for (int z = 0; z < 2; z++)
    for (int s = 0; s < 3; s++)
      for (int r = 0; r < 3; r++)
        for (int k = 0; k < 3; k++)
          assert_true(tune_cost(&c, 1e9, &(tune_plan){splits[s], reduces[r], copiers[k], z}, NULL) >= least);
  /* compression that changes nothing ties with none: no compression wins;
   * copiers beyond the NIC tie: the fewest that reach it win */
  c.c_bytes = c.c_map = c.c_reduce = 1;
  c.nic = 5e7; /* five copiers fill it */
  tune_search(&c, 1e9, &g, &best);
  assert_int_equal(best.compress, 0);
  assert_int_equal(best.copiers, 5);
}

static void tune_fits_its_parts_on_profiles(void **state)
{
  (void)state;
  job_profile h[2] = {
      {.n_maps = 8, .n_reduces = 4, .map_slots = 4, .reduce_slots = 2, .input_bytes = 1e9, .shuffle_bytes = 1e9},
      {.n_maps = 16, .n_reduces = 8, .map_slots = 4, .reduce_slots = 2, .input_bytes = 2e9, .shuffle_bytes = 2e9}};
  for (int i = 0; i < 2; i++) {
    h[i].map = (profile_stat){8, 11, 12};  /* 1 s start-up and 10 s over 1e8 bytes */
    h[i].reduce = (profile_stat){4, 5, 6}; /* 5 s over 2.5e8 bytes */
    h[i].sh2 = (profile_stat){2, 2.5, 3};  /* launch to sort end: start-up and merges too */
    h[i].copy = (profile_stat){2, 2, 2.5}; /* 2.5e8 bytes copied in 2 s over 5 copiers */
    h[i].reduce_hosts = 2 + i;
    h[i].map_alone = (profile_stat){4, 10, 10};
  }
  /* maps that ran while reducers copied: h[0] 2 waves of maps and 2 of
   * reduces, 2 s more for 4 maps on 4 slots over 1e9/2/2 bytes copied
   * early; h[1] 4 and 4, 1 s more for 12 maps on 4 slots over 2e9*3/4/4 */
  h[0].map_copying = (profile_stat){4, 12, 12};
  h[1].map_copying = (profile_stat){12, 11, 11};
  job_profile on = h[1];
  on.shuffle_bytes = 0.8e9;
  on.map = (profile_stat){16, 13, 14};
  on.reduce = (profile_stat){8, 5.5, 6};
  tune_plan profiled = {.split = 1e8, .copiers = 5, .compress = 0};
  tune_catalog c;
  char err[256];
  assert_int_equal(tune_catalog_fit(h, 2, &on, &profiled, 1e8, 2e8, 1, &c, err, sizeof err), 0);
  assert_close(c.map_rate, 1e-7, 1e-18);
  assert_close(c.selectivity, 1, 1e-12);
  assert_close(c.reduce_rate, 2e-8, 1e-18);
  assert_close(c.copier_rate, 2.5e7, 1e-3);
  assert_close(c.reduce_hosts, 3, 0);
  assert_close(c.cs_rate, 8e-9, 1e-20);
  assert_close(c.c_bytes, 0.4, 1e-12);
  assert_close(c.c_map, 1.2, 1e-12);
  assert_close(c.c_reduce, 1.1, 1e-12);
  /* one history run is enough: the catalog is that run's figures; none is
   * refused as tune.h says, -1 and a message */
  assert_int_equal(tune_catalog_fit(h, 1, &on, &profiled, 1e8, 2e8, 1, &c, err, sizeof err), 0);
  assert_close(c.map_rate, 1e-7, 1e-18);
  assert_close(c.reduce_hosts, 2, 0);
  assert_int_equal(tune_catalog_fit(h, 0, &on, &profiled, 1e8, 2e8, 1, &c, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected history runs"));
}

/* Shi and Lu's BOE, Props. 1-3, on the spec's worked values (T1-T4):
 * the map bends at Δ = N_cores, the disk-bound map and the shuffle grow
 * as Δ, the reduce's bottleneck moves from CPU to disk. */
static void boe_matches_the_worked_values(void **state)
{
  (void)state;
  boe_params p = {
      .t_load = 1, .split = 128, .theta_map = 10, .theta_dfsr = 200, .theta_dw = 100, .alpha_m = 0.1, .n_cores = 6};
  const double delta[] = {1, 2, 4, 6, 8, 12}, t1[] = {13.928, 14.056, 14.312, 14.568, 19.0906666666666667, 28.136};
  for (int k = 0; k < 6; k++) {
    p.delta = delta[k];
    assert_close(boe_map(&p), t1[k], 1e-9);
  }
  p.theta_map = 100, p.theta_dfsr = p.theta_dw = 60, p.alpha_m = 1;
  for (int k = 0; k < 6; k++) {
    p.delta = delta[k];
    assert_close(boe_map(&p) - 1, 256.0 / 60 * delta[k], 1e-9);
  }
  p = (boe_params){.t_load = 1,
                   .split = 128,
                   .n_maps = 800,
                   .n_reduces = 80,
                   .theta_dw = 100,
                   .theta_net = 117,
                   .alpha_m = 1,
                   .alpha_s = 0.5,
                   .alpha_r = 1,
                   .theta_sort = 50,
                   .theta_reduce = 20,
                   .theta_dfsw = 100,
                   .n_cores = 6,
                   .delta = 8};
  assert_close(boe_shuffle(&p), 103.4, 1e-9);
  p.delta = 4;
  assert_close(boe_shuffle(&p), 52.2, 1e-9);
  const double d4[] = {1, 6, 12}, t4[] = {76.8, 115.2, 230.4};
  for (int k = 0; k < 3; k++) {
    p.delta = d4[k];
    assert_close(boe_reduce(&p), t4[k], 1e-9);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(boe_matches_the_worked_values),
      cmocka_unit_test(hp_bounds_match_the_worked_example),
      cmocka_unit_test(provisioning_meets_the_deadline_with_the_fewest_slots),
      cmocka_unit_test(provisioning_takes_the_fewest_whole_slots),
      cmocka_unit_test(lwlr_matches_the_worked_example),
      cmocka_unit_test(lwlr_bandwidth_has_the_least_leave_one_out_error),
      cmocka_unit_test(ptc_matches_the_worked_examples),
      cmocka_unit_test(ptc_moves_every_shuffled_byte_once),
      cmocka_unit_test(aria_bounds_follow_the_makespan_theorem),
      cmocka_unit_test(tune_costs_a_plan_as_ptc_does),
      cmocka_unit_test(tune_finds_the_cheapest_plan_and_breaks_ties_in_order),
      cmocka_unit_test(tune_fits_its_parts_on_profiles),
  };
  TEST_MAIN(tests);
}
