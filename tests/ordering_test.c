/* ordering_test.c - a cluster's answer does not depend on the order of its
 * platform file.  The same cluster written twice, its node classes and its
 * racks listed one way and then the other, runs a job over 20 seeds: the
 * mean job times agree within their 95% interval (Welch's, from the two
 * samples), and so do the shares of the tasks that each class runs, none
 * of them zero.  When trackers heartbeated in the order of the file, the
 * class listed first took every task of a job smaller than the cluster,
 * and the answer was the file's order, not the strategy's.  Checked in
 * Hadoop 1 mode and in YARN mode, whose NodeManagers heartbeat alike.
 * And a map that reads from afar reads from one of its equally close
 * replicas drawn at random, not always the first one listed. */
#include "test.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <string.h>

#define SEEDS 20

/* Twelve workers in two racks: six old ones (4 slow cores, one slow disk)
 * and six new ones twice as fast, listed old first unless SWAPPED (then
 * the classes and the racks the other way round). */
static const char *cluster(int swapped)
{
  static char text[4096];
  const char *old = "{ name = \"old\"; count = 6; racks = [\"r1\", \"r2\"]; cores = 4; speed = \"1Gf\";"
                    " memory = \"8GiB\"; disks = ( { read = \"100MBps\"; write = \"90MBps\"; } );"
                    " nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 4; reduce = 2; }; }";
  const char *new = "{ name = \"new\"; count = 6; racks = [\"r1\", \"r2\"]; cores = 8; speed = \"2Gf\";"
                    " memory = \"16GiB\"; disks = ( { read = \"200MBps\"; write = \"180MBps\"; } );"
                    " nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 8; reduce = 4; }; }";
  const char *r1 = "{ name = \"r1\"; uplink = { bandwidth = \"4Gbps\"; latency = \"10us\"; }; }";
  const char *r2 = "{ name = \"r2\"; uplink = { bandwidth = \"4Gbps\"; latency = \"10us\"; }; }";
  snprintf(text, sizeof text,
           "name = \"order\";\n"
           "core = { bandwidth = \"20Gbps\"; latency = \"5us\"; };\n"
           "racks = ( %s, %s );\n"
           "node_classes = ( %s, %s );\n"
           "master = { class = \"new\"; rack = \"r1\"; };\n",
           swapped ? r2 : r1, swapped ? r1 : r2, swapped ? new : old, swapped ? old : new);
  return text;
}

/* A WordCount of 2 GB: 16 maps, far fewer than the cluster's 72 map slots. */
static const char workload[] =
    "jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"2GB\"; reducers = 4; } );\n";

/* Runs the job with seeds 1 to SEEDS on the cluster listed as SWAPPED says,
 * with the extra arguments ARGS (two at most): each run's job time into
 * TIMES, and the share of its attempts that ran on the old class into OLD. */
static void run_seeds(int swapped, const char *const *args, double *times, double *old)
{
  for (int s = 0; s < SEEDS; s++) {
    char seed[16];
    snprintf(seed, sizeof seed, "%d", s + 1);
    const char *argv[] = {"--seed", seed, args[0], args[1], NULL};
    const char *out = test_simulate(cluster(swapped), workload, argv);
    test_csv *jobs = test_csv_in(out, "jobs.csv");
    times[s] = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "submit");
    test_csv_free(jobs);
    test_csv *t = test_csv_in(out, "tasks.csv");
    int on_old = 0;
    for (int row = 1; row < t->n_rows; row++)
      on_old += strncmp(test_csv_cell(t, row, "host"), "old-", 4) == 0;
    old[s] = (double)on_old / (t->n_rows - 1);
    test_csv_free(t);
  }
}

/* Whether the two samples' means agree: their difference within Welch's
 * 95% interval of it. */
static double welch_half(const double *a, const double *b)
{
  double va = gsl_stats_variance(a, 1, SEEDS) / SEEDS, vb = gsl_stats_variance(b, 1, SEEDS) / SEEDS;
  double df = va + vb > 0 ? (va + vb) * (va + vb) / (va * va / (SEEDS - 1) + vb * vb / (SEEDS - 1)) : 1;
  return gsl_cdf_tdist_Pinv(0.975, df) * sqrt(va + vb);
}

static void assert_same_mean(const double *a, const double *b, const char *what)
{
  double ma = gsl_stats_mean(a, 1, SEEDS), mb = gsl_stats_mean(b, 1, SEEDS), half = welch_half(a, b);
  if (!(fabs(ma - mb) <= half))
    fail_msg("%s: mean %.3f with old listed first, %.3f with new first (difference beyond +-%.3f)", what, ma, mb, half);
}

/* Fails unless both classes run a share of the tasks whose 95% interval
 * excludes zero, when the shares of the old class are OLD. */
static void assert_both_classes_work(const double *old, const char *what)
{
  double m = gsl_stats_mean(old, 1, SEEDS), sd = gsl_stats_sd(old, 1, SEEDS);
  double half = gsl_cdf_tdist_Pinv(0.975, SEEDS - 1) * sd / sqrt(SEEDS);
  if (!(m - half > 0 && m + half < 1))
    fail_msg("%s: the old class ran %.3f +- %.3f of the attempts: a class is left idle", what, m, half);
}

/* Runs the job both ways with ARGS and checks the properties, as WHAT. */
static void check_orders(const char *const *args, const char *what)
{
  double first[SEEDS], second[SEEDS], old_first[SEEDS], old_second[SEEDS];
  char name[64];
  run_seeds(0, args, first, old_first);
  run_seeds(1, args, second, old_second);
  snprintf(name, sizeof name, "%s, job time", what);
  assert_same_mean(first, second, name);
  snprintf(name, sizeof name, "%s, share of attempts on old", what);
  assert_same_mean(old_first, old_second, name);
  assert_both_classes_work(old_first, what);
  assert_both_classes_work(old_second, what);
}

static void the_order_of_classes_and_racks_decides_nothing(void **state)
{
  (void)state;
  check_orders((const char *const[]){NULL, NULL}, "Hadoop 1");
  check_orders((const char *const[]){"--set", "mrlab.scheduler=yarn-fifo"}, "YARN");
}

/* The bytes DIR's summary.json says host NAME's disks read. */
static double disk_read(const char *dir, const char *name)
{
  char key[64];
  snprintf(key, sizeof key, "\"name\": \"%s\"", name);
  const char *at = strstr(test_read_file(dir, "summary.json"), key);
  assert_non_null(at);
  at = strstr(at, "\"disk_read_bytes\": ");
  assert_non_null(at);
  return atof(at + strlen("\"disk_read_bytes\": "));
}

static void equally_close_replicas_share_the_reads(void **state)
{
  (void)state;
  /* one worker computes, in a rack of its own; three others in another
   * rack hold every block's three replicas and run no map, so every map
   * reads off its rack, each block equally far from all three */
  const char *cls = "{ name = \"%s\"; count = %d; racks = [\"%s\"]; cores = 4; speed = \"2Gf\"; memory = \"8GiB\";"
                    " disks = ( { read = \"200MBps\"; write = \"180MBps\"; } );"
                    " nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = %d; reduce = 1; }; }";
  char compute[512], data[512], platform[2048];
  snprintf(compute, sizeof compute, cls, "compute", 1, "r1", 4);
  snprintf(data, sizeof data, cls, "data", 3, "r2", 0);
  snprintf(platform, sizeof platform,
           "name = \"far\";\ncore = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; },"
           " { name = \"r2\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
           "node_classes = ( %s, %s );\nmaster = { class = \"compute\"; rack = \"r1\"; };\n",
           compute, data);
  const char *work = "jobs = ( { name = \"scan\"; input = \"3GiB\"; map_cost = 1.0; map_selectivity = 0.001;"
                     " reducers = 0; placement = { data-1 = 1.0; data-2 = 1.0; data-3 = 1.0; }; } );\n";
  const char *out = test_simulate(platform, work, NULL);
  double read[3], all = 0;
  for (int k = 0; k < 3; k++) {
    char name[16];
    snprintf(name, sizeof name, "data-%d", k + 1);
    all += read[k] = disk_read(out, name);
  }
  assert_true(all >= 3 * 1073741824.0); /* every split read once at least */
  for (int k = 0; k < 3; k++)
    if (!(read[k] > all / 6)) /* a third each, give or take */
      fail_msg("data-%d read %.0f of %.0f bytes", k + 1, read[k], all);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_order_of_classes_and_racks_decides_nothing),
      cmocka_unit_test(equally_close_replicas_share_the_reads),
  };
  TEST_MAIN(tests);
}
