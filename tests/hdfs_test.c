/* hdfs_test.c - blocks and replica placement: counts, the rack rule,
 * balance, determinism for a seed, placement by weight (every replica, ties
 * drawn from the seed, one quota for a directory of files), impossible
 * requests, and the rule's draws against the rule's candidates listed. */
#include "hdfs.h"
#include "platform.h"
#include "test.h"

#include <gsl/gsl_cdf.h>
#include <string.h>

static const int64_t MiB = 1024 * 1024;

/* Places SIZE bytes in 128 MiB blocks with the rack-aware policy. */
static hdfs_file *place_default(const platform *p, int64_t size, int replication, int writer, unsigned long seed)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(rng, seed);
  hdfs_policy *policy = hdfs_policy_rack_aware_alloc();
  char err[256];
  hdfs_file *f = hdfs_file_place(p, size, 128 * MiB, replication, writer, policy, rng, err, sizeof err);
  if (!f)
    fail_msg("%s", err);
  hdfs_policy_free(policy);
  gsl_rng_free(rng);
  return f;
}

static void blocks_cover_the_file(void **state)
{
  (void)state;
  platform *p = test_read_platform("hetero16");
  hdfs_file *f = place_default(p, 10000000000, 3, -1, 1);
  assert_int_equal(f->n_blocks, 75); /* 10 GB / 128 MiB = 74.5 */
  int64_t sum = 0;
  for (int64_t b = 0; b < f->n_blocks; b++)
    sum += hdfs_block_bytes(f, b);
  assert_int_equal(sum, 10000000000);
  assert_int_equal(hdfs_block_bytes(f, 0), 128 * MiB);
  assert_int_equal(hdfs_block_bytes(f, 74), 10000000000 - 74 * 128 * MiB);
  hdfs_file_free(f);
  platform_free(p);
}

/* Every block has REPLICATION replicas on distinct workers. */
static void assert_distinct_replicas(const platform *p, const hdfs_file *f)
{
  for (int64_t b = 0; b < f->n_blocks; b++)
    for (int i = 0; i < f->replication; i++) {
      int w = hdfs_replica(f, b, i);
      assert_in_range(w, 0, p->n_workers - 1);
      for (int j = 0; j < i; j++)
        assert_int_not_equal(w, hdfs_replica(f, b, j));
    }
}

static void replicas_are_counted_and_distinct(void **state)
{
  (void)state;
  const char *names[] = {"toy4", "hetero16", "xie5", "scale1000"};
  for (int i = 0; i < 4; i++) {
    platform *p = test_read_platform(names[i]);
    for (int rep = 1; rep <= 4; rep++) {
      hdfs_file *f = place_default(p, 100 * 128 * MiB, rep, -1, 7);
      assert_int_equal(f->replication, rep);
      assert_distinct_replicas(p, f);
      hdfs_file_free(f);
    }
    platform_free(p);
  }
}

static void replicas_follow_the_rack_rule(void **state)
{
  (void)state;
  platform *p = test_read_platform("hetero16");
  for (int writer = -1; writer < 2; writer++) {
    hdfs_file *f = place_default(p, 1000 * 128 * MiB, 3, writer, 11);
    for (int64_t b = 0; b < f->n_blocks; b++) {
      int r0 = p->workers[hdfs_replica(f, b, 0)].rack;
      int r1 = p->workers[hdfs_replica(f, b, 1)].rack;
      int r2 = p->workers[hdfs_replica(f, b, 2)].rack;
      if (writer >= 0)
        assert_int_equal(hdfs_replica(f, b, 0), writer); /* first on the writer */
      assert_int_not_equal(r1, r0);                      /* second on another rack */
      assert_int_equal(r2, r1);                          /* third on the second's rack */
    }
    hdfs_file_free(f);
  }
  platform_free(p);

  /* more replicas than the rule names: at most (replicas-1)/racks+2 per rack */
  p = test_read_platform("scale1000");
  hdfs_file *f = place_default(p, 500 * 128 * MiB, 6, -1, 3);
  for (int64_t b = 0; b < f->n_blocks; b++)
    for (int i = 0; i < 6; i++) {
      int same = 0;
      for (int j = 0; j < 6; j++)
        same += p->workers[hdfs_replica(f, b, j)].rack == p->workers[hdfs_replica(f, b, i)].rack;
      assert_true(same <= (6 - 1) / 25 + 2);
    }
  assert_distinct_replicas(p, f);
  hdfs_file_free(f);
  platform_free(p);
}

/* With equal racks, every node is equally likely to hold a replica: the
 * per-node counts of 60,000 replicas must pass a chi-square test. */
static void replicas_spread_evenly(void **state)
{
  (void)state;
  platform *p = test_read_platform("hetero16");
  hdfs_file *f = place_default(p, 20000 * 128 * MiB, 3, -1, 2024);
  double count[16] = {0};
  for (int64_t i = 0; i < f->n_blocks * 3; i++)
    count[f->replicas[i]]++;
  double expected = f->n_blocks * 3.0 / p->n_workers, chi2 = 0;
  for (int w = 0; w < p->n_workers; w++)
    chi2 += (count[w] - expected) * (count[w] - expected) / expected;
  double pvalue = gsl_cdf_chisq_Q(chi2, p->n_workers - 1);
  if (pvalue < 0.001)
    fail_msg("chi-square %g on %d degrees of freedom, p = %g: replicas are not spread evenly", chi2, p->n_workers - 1,
             pvalue);
  /* and the test has teeth: the same counts with one node at +15% fail it */
  count[0] *= 1.15;
  chi2 = 0;
  for (int w = 0; w < p->n_workers; w++)
    chi2 += (count[w] - expected) * (count[w] - expected) / expected;
  assert_true(gsl_cdf_chisq_Q(chi2, p->n_workers - 1) < 0.001);
  hdfs_file_free(f);
  platform_free(p);
}

static void same_seed_same_placement(void **state)
{
  (void)state;
  platform *p = test_read_platform("hetero16");
  hdfs_file *a = place_default(p, 300 * 128 * MiB, 3, -1, 42);
  hdfs_file *b = place_default(p, 300 * 128 * MiB, 3, -1, 42);
  hdfs_file *c = place_default(p, 300 * 128 * MiB, 3, -1, 43);
  size_t bytes = (size_t)(a->n_blocks * 3) * sizeof *a->replicas;
  assert_memory_equal(a->replicas, b->replicas, bytes);
  assert_memory_not_equal(a->replicas, c->replicas, bytes);
  hdfs_file_free(a);
  hdfs_file_free(b);
  hdfs_file_free(c);
  platform_free(p);
}

/* Hadoop's rule as its words say it, every candidate listed and one drawn
 * uniformly: the oracle that hdfs.c's drawing by counting must equal, draw
 * for draw.  A worker with EXCLUDED[w] (if set) is a candidate only in the
 * last fallback. */
static int oracle_draw(const platform *p, gsl_rng *rng, const int *chosen, int n, int in_rack, int not_rack, int cap,
                       const unsigned char *excluded)
{
  int *cand = malloc((size_t)p->n_workers * sizeof *cand), n_cand = 0;
  for (int w = 0; w < p->n_workers; w++) {
    int rack = p->workers[w].rack, taken = 0, same = 0;
    for (int k = 0; k < n; k++) {
      taken |= chosen[k] == w;
      same += p->workers[chosen[k]].rack == rack;
    }
    if ((in_rack < 0 || rack == in_rack) && rack != not_rack && !(excluded && excluded[w]) && !taken && same < cap)
      cand[n_cand++] = w;
  }
  int w = n_cand ? cand[gsl_rng_uniform_int(rng, (unsigned long)n_cand)] : -1;
  free(cand);
  return w;
}

static void oracle_place(const platform *p, int writer, int replication, gsl_rng *rng, const unsigned char *excluded,
                         int *out)
{
  int cap = replication;
  if (p->n_racks > 1 && replication > 1) {
    cap = (replication - 1) / p->n_racks + 2;
    cap -= cap == replication;
  }
  for (int k = 0; k < replication; k++) {
    int in_rack = -1, not_rack = -1, rack0 = k ? p->workers[out[0]].rack : -1;
    if (k == 0 && writer >= 0) {
      out[0] = writer;
      continue;
    }
    if (k == 1 || (k == 2 && p->workers[out[1]].rack == rack0))
      not_rack = rack0;
    else if (k == 2)
      in_rack = p->workers[out[1]].rack;
    int w = oracle_draw(p, rng, out, k, in_rack, not_rack, cap, excluded);
    if (w < 0)
      w = oracle_draw(p, rng, out, k, -1, -1, cap, excluded);
    if (w < 0)
      w = oracle_draw(p, rng, out, k, -1, -1, k + 1, excluded);
    if (w < 0)
      w = oracle_draw(p, rng, out, k, -1, -1, k + 1, NULL);
    out[k] = w;
  }
}

/* The rack-aware policy draws exactly what the listed rule draws, on
 * platforms of one rack to 25, for 1 to 7 replicas, with and without a
 * writer, and with none, a few or all but one worker excluded (the
 * fallbacks: another rack, over the cap, an excluded worker). */
static void rack_rule_draws_as_listed(void **state)
{
  (void)state;
  const char *names[] = {"toy4", "hetero16", "racks16", "scale1000"};
  for (int i = 0; i < 4; i++) {
    platform *p = test_read_platform(names[i]);
    unsigned char *excluded = calloc((size_t)p->n_workers, 1);
    for (int rep = 1; rep <= 7 && rep <= p->n_workers; rep++)
      for (int ex = 0; ex < 3; ex++) {
        for (int w = 0; w < p->n_workers; w++) /* none; every third; all but the last */
          excluded[w] = (unsigned char)(ex == 1 ? w % 3 == 1 : ex == 2 && w < p->n_workers - 1);
        for (int writer = -1; writer < 1; writer++) {
          unsigned long seed = (unsigned long)(100 * i + 10 * rep + 3 * ex + writer + 2);
          gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
          gsl_rng_set(rng, seed);
          hdfs_policy *policy = hdfs_policy_rack_aware_alloc();
          if (ex)
            hdfs_policy_exclude(policy, excluded);
          char err[256];
          hdfs_file *f = hdfs_file_place(p, 40 * 128 * MiB, 128 * MiB, rep, writer, policy, rng, err, sizeof err);
          assert_non_null(f);
          gsl_rng_set(rng, seed);
          int out[7];
          for (int64_t b = 0; b < f->n_blocks; b++) {
            oracle_place(p, writer, rep, rng, ex ? excluded : NULL, out);
            assert_memory_equal(f->replicas + b * rep, out, (size_t)rep * sizeof *out);
          }
          hdfs_file_free(f);
          hdfs_policy_free(policy);
          gsl_rng_free(rng);
        }
      }
    free(excluded);
    platform_free(p);
  }
}

static void replication_above_the_nodes_is_refused(void **state)
{
  (void)state;
  platform *p = test_read_platform("toy4");
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  hdfs_policy *policy = hdfs_policy_rack_aware_alloc();
  char err[256];
  assert_null(hdfs_file_place(p, 128 * MiB, 128 * MiB, 5, -1, policy, rng, err, sizeof err));
  assert_string_equal(err, "dfs.replication: expected 1 to 4 (the datanodes of cluster toy4), got 5");
  assert_null(hdfs_file_place(p, -1, 128 * MiB, 3, -1, policy, rng, err, sizeof err));
  assert_string_equal(err, "file size: expected a positive size, got -1");
  hdfs_policy_free(policy);
  gsl_rng_free(rng);
  platform_free(p);
}

/* Xie's example (2011, Table 3.4; docs/models.md): Grep computing ratios
 * 1, 2, 3.3, 3.3, 3.3 place 24 fragments as 10, 5, 3, 3, 3. */
static void weights_place_by_share(void **state)
{
  (void)state;
  platform *p = test_read_platform("xie5");
  const double speed[5] = {1, 1 / 2.0, 1 / 3.3, 1 / 3.3, 1 / 3.3};
  char err[256];
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  hdfs_policy *policy = hdfs_policy_weighted_alloc(p, speed, err, sizeof err);
  assert_non_null(policy);
  hdfs_file *f = hdfs_file_place(p, 24 * 64 * MiB, 64 * MiB, 1, -1, policy, rng, err, sizeof err);
  int count[5] = {0};
  for (int64_t b = 0; b < f->n_blocks; b++)
    count[hdfs_replica(f, b, 0)]++;
  assert_int_equal(count[0], 10);
  assert_int_equal(count[1], 5);
  assert_int_equal(count[2], 3);
  assert_int_equal(count[3], 3);
  assert_int_equal(count[4], 3);
  hdfs_file_free(f);
  hdfs_policy_free(policy);

  /* with replication, every replica by share, on distinct nodes */
  const double share[5] = {0.4, 0.3, 0.1, 0.1, 0.1};
  policy = hdfs_policy_weighted_alloc(p, share, err, sizeof err);
  f = hdfs_file_place(p, 1000 * 64 * MiB, 64 * MiB, 2, -1, policy, rng, err, sizeof err);
  assert_distinct_replicas(p, f);
  double held[5] = {0};
  for (int64_t i = 0; i < f->n_blocks * 2; i++)
    held[f->replicas[i]]++;
  for (int w = 0; w < 5; w++)
    assert_true(fabs(held[w] - share[w] * 2000) <= 1);
  hdfs_file_free(f);
  hdfs_policy_free(policy);
  gsl_rng_free(rng);
  platform_free(p);
}

/* Even placement of 24 blocks on five workers: one of them holds 4, and
 * which one the seed decides, not the platform file's order. */
static void ties_are_drawn_from_the_seed(void **state)
{
  (void)state;
  platform *p = test_read_platform("xie5");
  char err[256];
  int short_one[5] = {0};
  for (unsigned long seed = 1; seed <= 10; seed++) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, seed);
    hdfs_policy *policy = hdfs_policy_weighted_alloc(p, (const double[]){1, 1, 1, 1, 1}, err, sizeof err);
    hdfs_file *f = hdfs_file_place(p, 24 * 64 * MiB, 64 * MiB, 1, -1, policy, rng, err, sizeof err);
    int64_t count[5];
    hdfs_count_replicas(f, 5, count);
    for (int w = 0; w < 5; w++) {
      assert_true(count[w] == 4 || count[w] == 5);
      short_one[w] += count[w] == 4;
    }
    hdfs_file_free(f);
    hdfs_policy_free(policy);
    gsl_rng_free(rng);
  }
  int workers = 0;
  for (int w = 0; w < 5; w++)
    workers += short_one[w] > 0;
  assert_true(workers >= 3);
  platform_free(p);
}

/* 100 files of one block each, placed evenly: the quotas are the
 * directory's, 20 blocks a worker, not one file's (whose one block would
 * go to the same worker 100 times). */
static void a_directory_shares_one_quota(void **state)
{
  (void)state;
  platform *p = test_read_platform("xie5");
  char err[256];
  int64_t bytes[100];
  for (int k = 0; k < 100; k++)
    bytes[k] = 2 * MiB;
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  hdfs_policy *policy = hdfs_policy_weighted_alloc(p, (const double[]){1, 1, 1, 1, 1}, err, sizeof err);
  hdfs_file *f = hdfs_files_place(p, bytes, 100, 64 * MiB, 1, -1, policy, rng, err, sizeof err);
  assert_non_null(f);
  int64_t count[5];
  hdfs_count_replicas(f, 5, count);
  for (int w = 0; w < 5; w++)
    assert_int_equal(count[w], 20);
  hdfs_file_free(f);
  hdfs_policy_free(policy);
  gsl_rng_free(rng);
  platform_free(p);
}

static void impossible_weights_are_refused(void **state)
{
  (void)state;
  platform *p = test_read_platform("xie5");
  char err[256];
  assert_null(hdfs_policy_weighted_alloc(p, (double[]){1, -1, 0, 0, 0}, err, sizeof err));
  assert_string_equal(err, "placement weight of B-1: expected a number >= 0, got -1");
  assert_null(hdfs_policy_weighted_alloc(p, (double[]){0, 0, 0, 0, 0}, err, sizeof err));
  platform_free(p);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(blocks_cover_the_file),         cmocka_unit_test(replicas_are_counted_and_distinct),
      cmocka_unit_test(replicas_follow_the_rack_rule), cmocka_unit_test(replicas_spread_evenly),
      cmocka_unit_test(same_seed_same_placement),      cmocka_unit_test(replication_above_the_nodes_is_refused),
      cmocka_unit_test(weights_place_by_share),        cmocka_unit_test(ties_are_drawn_from_the_seed),
      cmocka_unit_test(a_directory_shares_one_quota),  cmocka_unit_test(impossible_weights_are_refused),
      cmocka_unit_test(rack_rule_draws_as_listed),
  };
  TEST_MAIN(tests);
}
