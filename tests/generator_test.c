/* generator_test.c - the workload generators draw data that follows their
 * laws, conserves its totals and repeats for a seed; each shipped workload
 * runs end to end, and a skewed join makes a straggler a uniform one does
 * not. */
#include "keys.h"
#include "test.h"
#include "workload.h"

#include <gsl/gsl_fit.h>
#include <gsl/gsl_sort.h>
#include <stdlib.h>
#include <string.h>

/* Reads a workload of one job from TEXT, failing the test if it is bad. */
static workload *read_job(const char *text)
{
  char err[1024];
  workload *w = workload_read(test_write_file(test_tmpdir(), "w.cfg", text), NULL, 0, err, sizeof err);
  if (!w)
    fail_msg("%s", err);
  return w;
}

/* Map records add up to each partition's groups, and each map emits what
 * its split holds (times PER_RECORD output records per input record, when
 * EXACT). */
static void assert_totals(const job_desc *d, int exact)
{
  const keys_data *k = d->keys;
  assert_non_null(k);
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE);
  for (int p = 0; p < k->reduces; p++) {
    int64_t sum = 0;
    for (int m = 0; m < k->n_maps; m++)
      sum += *keys_map_records(k, m, p);
    assert_int_equal(sum, keys_partition_records(k, p));
    int64_t hist = 0;
    for (int b = 0; b < KEYS_BINS; b++)
      hist += k->parts[p].hist[b];
    assert_int_equal(hist, k->parts[p].rest_groups);
  }
  for (int m = 0; exact && m < k->n_maps; m++) {
    int64_t sum = 0;
    for (int p = 0; p < k->reduces; p++)
      sum += *keys_map_records(k, m, p);
    assert_int_equal(sum, keys_split_records(d->input, block, m, k->n_maps, d->record_size));
  }
}

static void a_fit_recovers_the_zipf_exponent(void **state)
{
  (void)state;
  for (double s = 0.8; s < 1.5; s += 0.6) {
    char text[1024];
    snprintf(text, sizeof text,
             "jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"4GB\"; reducers = 8;"
             " vocabulary = 100000; exponent = %g; combine = false;"
             " set = [\"mrlab.reduce.explicit.groups=64\"]; } );\n",
             s);
    workload *w = read_job(text);
    const keys_data *k = w->jobs[0].keys;
    assert_totals(&w->jobs[0], 0);
    /* the heaviest words of all partitions, ranked */
    double counts[8 * 64];
    int n = 0;
    for (int p = 0; p < k->reduces; p++)
      for (int i = 0; i < k->parts[p].n_top; i++)
        counts[n++] = (double)k->parts[p].top_records[i];
    gsl_sort(counts, 1, (size_t)n);
    double x[100], y[100], c0, c1, cov00, cov01, cov11, sumsq;
    for (int r = 0; r < 100; r++) {
      x[r] = log(r + 1.0);
      y[r] = log(counts[n - 1 - r]);
    }
    gsl_fit_linear(x, 1, y, 1, 100, &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    assert_close(-c1, s, 0.02);
    workload_free(w);
  }
}

static void the_combiner_leaves_distinct_words_per_split(void **state)
{
  (void)state;
  workload *w = read_job("jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"2GB\"; reducers = 4;"
                         " vocabulary = 1000; } );\n");
  const job_desc *d = &w->jobs[0];
  assert_totals(d, 0);
  /* 128 MiB of 5.7-byte words hold every one of 1,000 words: one record
   * per word per split, and each group has one record per split */
  for (int p = 0; p < d->reduces; p++) {
    assert_int_equal(keys_partition_records(d->keys, p), d->groups[p] * d->keys->n_maps);
    assert_int_equal(d->keys->parts[p].top_records[0], d->keys->n_maps);
  }
  int64_t groups = 0;
  for (int p = 0; p < d->reduces; p++)
    groups += d->groups[p];
  assert_int_equal(groups, 1000);
  workload_free(w);
}

static void terasort_partitions_are_near_equal(void **state)
{
  (void)state;
  workload *w = read_job("jobs = ( { name = \"ts\"; generator = \"terasort\"; input = \"10GB\"; reducers = 16; } );\n");
  const job_desc *d = &w->jobs[0];
  assert_totals(d, 1);
  double fair = 1e10 / 100 / 16;
  int unequal = 0;
  for (int p = 0; p < 16; p++) {
    double records = (double)keys_partition_records(d->keys, p);
    assert_close(records / fair, 1, 0.05);
    unequal += records != fair;
    assert_int_equal(d->keys->parts[p].top_records[0], 1); /* unique keys */
  }
  assert_true(unequal > 0); /* sampled cuts are not exact */
  assert_int_equal(d->output_replication, 1);
  workload_free(w);
}

static void join_groups_follow_both_marginals(void **state)
{
  (void)state;
  /* 10^8 records, half in R, 1,000 keys; the heaviest key has rank 1 in both */
  workload *w = read_job("jobs = ( { name = \"j\"; generator = \"join\"; input = \"10GB\"; reducers = 4;"
                         " keys = 1000; s_r = 1.2; s_s = 0.6; reduce_cost = 0.0; pair_cost = 1.0; } );\n");
  const job_desc *d = &w->jobs[0];
  assert_totals(d, 1);
  double h_r = 0, h_s = 0;
  for (int k = 1; k <= 1000; k++) {
    h_r += pow(k, -1.2);
    h_s += pow(k, -0.6);
  }
  double n_r = 5e7 / h_r, n_s = 5e7 / h_s; /* expected records of key 1 in R and in S */
  double heaviest = 0, flops = 0;
  for (int p = 0; p < 4; p++)
    if (d->keys->parts[p].top_records[0] > heaviest) {
      heaviest = (double)d->keys->parts[p].top_records[0];
      flops = d->keys->parts[p].top_flops[0];
    }
  assert_close(heaviest / (n_r + n_s), 1, 0.01);
  assert_close(flops / (n_r * n_s), 1, 0.01); /* one flop a pair */
  workload_free(w);
}

static void every_generator_conserves_and_repeats(void **state)
{
  (void)state;
  const char *jobs[] = {"generator = \"wordcount\"; combine = false;",
                        "generator = \"wordcount\";",
                        "generator = \"grep\";",
                        "generator = \"terasort\";",
                        "generator = \"sort\";",
                        "generator = \"join\";"};
  for (size_t i = 0; i < sizeof jobs / sizeof *jobs; i++) {
    char text[3][512];
    for (int v = 0; v < 3; v++)
      snprintf(text[v], sizeof text[v], "jobs = ( { name = \"x\"; input = \"1GB\"; reducers = 5; seed = %d; %s } );\n",
               v < 2 ? 7 : 8, jobs[i]);
    workload *a = read_job(text[0]), *b = read_job(text[1]), *c = read_job(text[2]);
    const keys_data *ka = a->jobs[0].keys, *kb = b->jobs[0].keys, *kc = c->jobs[0].keys;
    assert_totals(&a->jobs[0], i >= 3);
    size_t n = (size_t)ka->n_maps * (size_t)ka->reduces;
    assert_memory_equal(ka->records, kb->records, n * sizeof *ka->records);
    for (int p = 0; p < ka->reduces; p++) {
      assert_int_equal(ka->parts[p].rest_records, kb->parts[p].rest_records);
      assert_memory_equal(ka->parts[p].top_records, kb->parts[p].top_records,
                          (size_t)ka->top * sizeof *ka->parts[p].top_records);
    }
    if (i != 4) /* Sort's shares are exact; its draws still differ by seed */
      assert_true(memcmp(ka->records, kc->records, n * sizeof *ka->records) != 0);
    workload_free(a);
    workload_free(b);
    workload_free(c);
  }
}

static void shipped_workloads_run_on_hetero16(void **state)
{
  (void)state;
  const char *names[] = {"wordcount", "terasort", "zipf-join", "grep", "sort", "mixed"};
  for (int i = 0; i < 6; i++) {
    char rel[64], platform[4096], workload[4096], dir[4096];
    snprintf(rel, sizeof rel, "workloads/%s.cfg", names[i]);
    snprintf(platform, sizeof platform, "%s", test_source_path("platforms/hetero16.cfg"));
    snprintf(workload, sizeof workload, "%s", test_source_path(rel));
    snprintf(dir, sizeof dir, "%s/out", test_tmpdir());
    test_run r;
    test_run_mrlab(&r, NULL, (const char *[]){"run", platform, workload, "-o", dir, NULL});
    if (r.status != 0)
      fail_msg("%s: status %d: %s", names[i], r.status, r.err);
    test_csv *t = test_csv_in(dir, "tasks.csv");
    double map_output = 0, fetched = 0;
    for (int row = 1; row < t->n_rows; row++) {
      if (strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED"))
        continue;
      if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0)
        map_output += test_csv_num(t, row, "merge_bytes");
      else
        fetched += test_csv_num(t, row, "shuffle_bytes");
    }
    assert_true(map_output > 0);
    assert_true(fetched == map_output);
    test_csv_free(t);
  }
}

/* The slowest reduce function of an 8-reducer join over 2 GB on four
 * identical workers, against the median one, with Zipf exponents S_R in R
 * and S_S in S. */
static double straggling(double s_r, double s_s)
{
  char text[1024];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"j\"; generator = \"join\"; input = \"2GB\"; reducers = 8; keys = 100000;"
           " s_r = %g; s_s = %g; set = [\"mapreduce.reduce.speculative=false\"]; } );\n",
           s_r, s_s);
  test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), text, NULL), "tasks.csv");
  double times[8];
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "reduce") == 0)
      times[n++] = test_csv_num(t, row, "reduce_end") - test_csv_num(t, row, "sort_end");
  test_csv_free(t);
  assert_int_equal(n, 8);
  gsl_sort(times, 1, 8);
  return times[7] / times[4];
}

static void a_skewed_join_straggles_and_a_uniform_one_does_not(void **state)
{
  (void)state;
  double skewed = straggling(1.0, 0.5), uniform = straggling(0.0, 0.0);
  if (!(skewed > 3 && uniform < 1.5))
    fail_msg("slowest over median reduce: %g skewed, %g uniform", skewed, uniform);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_fit_recovers_the_zipf_exponent),
      cmocka_unit_test(the_combiner_leaves_distinct_words_per_split),
      cmocka_unit_test(terasort_partitions_are_near_equal),
      cmocka_unit_test(join_groups_follow_both_marginals),
      cmocka_unit_test(every_generator_conserves_and_repeats),
      cmocka_unit_test(shipped_workloads_run_on_hetero16),
      cmocka_unit_test(a_skewed_join_straggles_and_a_uniform_one_does_not),
  };
  TEST_MAIN(tests);
}
