/* placement_test.c - Xie's data placement: computing ratios and quotas on
 * the dissertation's worked values (spec section 8, cases 1-4), where the
 * even, ratio and all-in policies put a job's blocks (summary.json's
 * input_blocks per host), runs cut down with --workers, `mrlab ratios` on a
 * cluster of known speeds and its file read back, and each bad input
 * refused with one line, exit status 2 and no output. */
#include "hdfs.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void assert_quotas(const double *ratios, int n, int64_t blocks, const int64_t *expected)
{
  int64_t got[8];
  assert_int_equal(hdfs_quotas(ratios, n, blocks, got), 0);
  for (int i = 0; i < n; i++)
    if (got[i] != expected[i])
      fail_msg("%lld blocks, node %d: %lld, expected %lld", (long long)blocks, i, (long long)got[i],
               (long long)expected[i]);
}

/* Spec 8.1-8.3: Table 3.2's LCM portions, its prose's 110 fragments, and
 * the Grep and WordCount examples of largest-remainder rounding. */
static void quotas_follow_xies_worked_examples(void **state)
{
  (void)state;
  double ratios[3];
  assert_int_equal(hdfs_ratios((const double[]){10, 20, 30}, 3, ratios), 0);
  assert_true(ratios[0] == 1 && ratios[1] == 2 && ratios[2] == 3);
  assert_quotas(ratios, 3, 11, (const int64_t[]){6, 3, 2}); /* one cycle: LCM 6 over each ratio */
  assert_quotas(ratios, 3, 110, (const int64_t[]){60, 30, 20});
  const double grep[] = {1, 2, 3.3, 3.3, 3.3}, wordcount[] = {1, 2, 5, 5, 5};
  assert_quotas(grep, 5, 24, (const int64_t[]){10, 5, 3, 3, 3});
  assert_quotas(wordcount, 5, 21, (const int64_t[]){10, 5, 2, 2, 2});
  assert_quotas(wordcount, 5, 24, (const int64_t[]){12, 6, 2, 2, 2});
}

/* Spec 8.4: times twice as long (2.6 GB instead of 1.3 GB) give the same
 * ratios; a time or a ratio of zero or below is refused. */
static void ratios_are_invariant_and_positive(void **state)
{
  (void)state;
  const double t[] = {13.7, 27.1, 45.2}, t2[] = {27.4, 54.2, 90.4};
  double r[3], r2[3];
  int64_t q[3];
  assert_int_equal(hdfs_ratios(t, 3, r), 0);
  assert_int_equal(hdfs_ratios(t2, 3, r2), 0);
  for (int i = 0; i < 3; i++)
    assert_true(r[i] == r2[i]);
  assert_int_equal(hdfs_ratios((const double[]){10, 0, 30}, 3, r), -1);
  assert_int_equal(hdfs_ratios((const double[]){10, -20, 30}, 3, r), -1);
  assert_int_equal(hdfs_quotas((const double[]){1, 0, 3}, 3, 10, q), -1);
  assert_int_equal(hdfs_quotas((const double[]){1, -2, 3}, 3, 10, q), -1);
}

/* Weighted round-robin: every replica by weight, on distinct workers,
 * and every prefix of the file spread as the whole is, within one block of
 * each worker's quota pace.  With three replicas A's share (0.415 of 72)
 * passes one of every block, so it holds 24 and the others share the
 * rest: B 48 x 0.355 = 17.03, each C 10.32 (one of them 11, by the seed). */
static void every_prefix_is_spread(void **state)
{
  (void)state;
  platform *p = test_read_platform("xie5");
  const double weights[] = {1, 1 / 2.0, 1 / 3.3, 1 / 3.3, 1 / 3.3};
  const int64_t quotas[3][5] = {{10, 5, 3, 3, 3}, {20, 10, 6, 6, 6}, {24, 17, 10, 10, 10}};
  for (int rep = 1; rep <= 3; rep++) {
    const int64_t *quota = quotas[rep - 1];
    char err[256];
    hdfs_policy *policy = hdfs_policy_weighted_alloc(p, weights, err, sizeof err);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    hdfs_file *f = hdfs_file_place(p, 24 * 128 * 1048576LL, 128 * 1048576LL, rep, -1, policy, rng, err, sizeof err);
    assert_non_null(f);
    int64_t total[5] = {0}, extra = 0;
    for (int64_t i = 0; i < 24 * rep; i++)
      total[f->replicas[i]]++;
    for (int w = 0; w < 5; w++) {
      assert_true(total[w] == quota[w] || (w >= 2 && total[w] == quota[w] + 1));
      extra += total[w] - quota[w];
    }
    assert_int_equal(extra, rep == 3); /* the one C with 11 */
    int64_t held[5] = {0};
    for (int64_t b = 0; b < 24; b++) {
      for (int r = 0; r < rep; r++) {
        held[hdfs_replica(f, b, r)]++;
        for (int k = 0; k < r; k++)
          assert_int_not_equal(hdfs_replica(f, b, r), hdfs_replica(f, b, k));
      }
      for (int w = 0; w < 5; w++)
        if (!(fabs((double)held[w] - (double)total[w] * (double)(b + 1) / 24) < 1))
          fail_msg("%d replicas, block %lld: worker %d holds %lld, its pace is %g", rep, (long long)b, w,
                   (long long)held[w], (double)total[w] * (double)(b + 1) / 24);
    }
    hdfs_file_free(f);
    gsl_rng_free(rng);
    hdfs_policy_free(policy);
  }
  platform_free(p);
}

/* The input_blocks of worker NAME in the run directory DIR's summary.json. */
static long input_blocks(const char *dir, const char *name)
{
  char key[128];
  snprintf(key, sizeof key, "\"name\": \"%s\"", name);
  const char *at = strstr(test_read_file(dir, "summary.json"), key);
  if (!at)
    fail_msg("%s/summary.json has no host %s", dir, name);
  at = strstr(at, "\"input_blocks\": ");
  assert_non_null(at);
  return strtol(at + strlen("\"input_blocks\": "), NULL, 10);
}

/* The node-local maps that ran on HOST in DIR's tasks.csv. */
static int local_maps(const char *dir, const char *host)
{
  test_csv *t = test_csv_in(dir, "tasks.csv");
  int n = 0;
  for (int r = 1; r < t->n_rows; r++)
    n += strcmp(test_csv_cell(t, r, "kind"), "map") == 0 && strcmp(test_csv_cell(t, r, "host"), host) == 0 &&
         strcmp(test_csv_cell(t, r, "locality"), "node") == 0 &&
         strcmp(test_csv_cell(t, r, "status"), "SUCCEEDED") == 0;
  test_csv_free(t);
  return n;
}

static const char *const xie5_workers[] = {"A-1", "B-1", "C-1", "C-2", "C-3"};

static int compare_longs(const void *a, const void *b)
{
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Runs Grep over 24 blocks on xie5 with placement PLACEMENT (and the Grep
 * ratios), and checks each worker's blocks against EXPECTED, or with
 * TIES the blocks of the workers together (an even placement's extra
 * blocks go where the seed says); no worker runs more node-local maps than
 * it holds blocks. */
static void check_placement(const char *placement, const long expected[5], int ties)
{
  char work[1024];
  snprintf(work, sizeof work,
           "jobs = ( { name = \"g\"; generator = \"grep\"; input = \"3GiB\"; reducers = 1; placement = %s;\n"
           "           ratios = { A = 1.0; B = 2.0; C = 3.3; }; set = [\"dfs.replication=1\"]; } );\n",
           placement);
  const char *out = test_simulate(test_source_path("platforms/xie5.cfg"), work, NULL);
  long got[5], want[5];
  for (int w = 0; w < 5; w++) {
    got[w] = input_blocks(out, xie5_workers[w]);
    want[w] = expected[w];
    assert_true(local_maps(out, xie5_workers[w]) <= got[w]);
  }
  if (ties) {
    qsort(got, 5, sizeof *got, compare_longs);
    qsort(want, 5, sizeof *want, compare_longs);
  }
  for (int w = 0; w < 5; w++)
    if (got[w] != want[w])
      fail_msg("placement %s: %s holds %ld blocks, expected %ld", placement, ties ? "a worker" : xie5_workers[w],
               got[w], want[w]);
}

static void policies_place_the_blocks_they_promise(void **state)
{
  (void)state;
  check_placement("\"ratio\"", (const long[]){10, 5, 3, 3, 3}, 0);
  check_placement("\"even\"", (const long[]){5, 5, 5, 5, 4}, 1);
  check_placement("\"all-in:C\"", (const long[]){0, 0, 8, 8, 8}, 0);
  check_placement("\"all-in:B-1\"", (const long[]){0, 24, 0, 0, 0}, 0);
}

/* mrlab.placement and mrlab.ratios place a job's input as its own
 * `placement` and `ratios` do, over them: from --set, with the ratios file
 * named from the current directory, and from the job's `set` list, with
 * the file named from the workload file's folder. */
static void placement_is_a_property(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  test_write_file(dir, "grep.cfg", "ratios = { A = 1.0; B = 2.0; C = 2.0; };\n"); /* 8, 4, 4, 4, 4 */
  char sub[4096], out[4096];
  snprintf(sub, sizeof sub, "%s/w", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  assert_int_equal(mkdir(sub, 0777), 0);
  test_write_file(sub, "grep.cfg", "ratios = { A = 1.0; B = 2.0; C = 3.3; };\n"); /* 10, 5, 3, 3, 3 */
  test_write_file(sub, "w.cfg",
                  "jobs = ( { name = \"g\"; generator = \"grep\"; input = \"3GiB\"; reducers = 1; placement = \"even\";"
                  " set = [\"dfs.replication=1\", \"mrlab.ratios=grep.cfg\"]; } );\n");
  static const struct {
    const char *placement, *ratios;
    long blocks[5];
  } cases[] = {{"mrlab.placement=ratio", NULL, {10, 5, 3, 3, 3}},
               {"mrlab.placement=ratio", "mrlab.ratios=grep.cfg", {8, 4, 4, 4, 4}},
               {"mrlab.placement=all-in:B-1", NULL, {0, 24, 0, 0, 0}}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    test_run r;
    test_run_mrlab(&r, dir,
                   (const char *[]){"run", test_source_path("platforms/xie5.cfg"), "w/w.cfg", "-o", out, "--set",
                                    cases[i].placement, cases[i].ratios ? "--set" : NULL, cases[i].ratios, NULL});
    if (r.status != 0)
      fail_msg("case %zu: %s", i, r.err);
    for (int w = 0; w < 5; w++)
      if (input_blocks(out, xie5_workers[w]) != cases[i].blocks[w])
        fail_msg("case %zu: %s holds %ld blocks, expected %ld", i, xie5_workers[w], input_blocks(out, xie5_workers[w]),
                 cases[i].blocks[w]);
  }
}

/* The job time in DIR's jobs.csv, and how many maps ran off the node that
 * holds their block on worker HOST and succeeded there (a speculative twin
 * killed when its original ends does not steal a block). */
static double job_time(const char *dir)
{
  test_csv *t = test_csv_in(dir, "jobs.csv");
  double time = test_csv_num(t, 1, "end") - test_csv_num(t, 1, "submit");
  test_csv_free(t);
  return time;
}

static int remote_maps(const char *dir, const char *host)
{
  test_csv *t = test_csv_in(dir, "tasks.csv");
  int n = 0;
  for (int r = 1; r < t->n_rows; r++)
    n += strcmp(test_csv_cell(t, r, "kind"), "map") == 0 && strcmp(test_csv_cell(t, r, "host"), host) == 0 &&
         strcmp(test_csv_cell(t, r, "locality"), "node") != 0 &&
         strcmp(test_csv_cell(t, r, "status"), "SUCCEEDED") == 0;
  test_csv_free(t);
  return n;
}

/* Xie's ordering for Grep (the spec of the thesis, case 7): placement by
 * Grep's ratios is no slower than even placement, and all on one slow node
 * is the slowest, yet not by the factor it would be if only that node
 * worked: idle nodes steal its blocks over the network, as Hadoop's
 * scheduler lets them, so the benefit of a placement comes out of the
 * simulation. */
static void placements_order_as_xie_found(void **state)
{
  (void)state;
  const char *const placements[] = {"\"ratio\"", "\"even\"", "\"all-in:C-1\""};
  double t[3];
  char out[3][1024];
  for (int k = 0; k < 3; k++) {
    char work[1024];
    snprintf(work, sizeof work,
             "jobs = ( { name = \"g\"; generator = \"grep\"; input = \"1536MiB\"; reducers = 1; placement = %s;\n"
             "           ratios = { A = 1.0; B = 2.0; C = 3.3; };\n"
             "           set = [\"dfs.replication=1\", \"dfs.blocksize=64m\"]; } );\n",
             placements[k]);
    snprintf(out[k], sizeof out[k], "%s", test_simulate(test_source_path("platforms/xie5.cfg"), work, NULL));
    t[k] = job_time(out[k]);
  }
  assert_true(t[0] <= t[1]);
  assert_true(t[1] < t[2]);
  assert_true(remote_maps(out[2], "A-1") > 0);
  assert_int_equal(remote_maps(out[0], "C-1") + remote_maps(out[0], "C-2") + remote_maps(out[0], "C-3"), 0);
}

/* --workers: the run holds those workers only (summary.json's hosts, the
 * slots in jobs.csv), and an even placement spreads over them alone. */
static void workers_cut_the_cluster_down(void **state)
{
  (void)state;
  const char *out = test_simulate(test_source_path("platforms/xie5.cfg"),
                                  "jobs = ( { name = \"g\"; generator = \"grep\"; input = \"3GiB\"; reducers = 1;"
                                  " placement = \"even\"; set = [\"dfs.replication=1\"]; } );\n",
                                  (const char *const[]){"--workers", "A,C-2", NULL});
  assert_int_equal(input_blocks(out, "A-1"), 12);
  assert_int_equal(input_blocks(out, "C-2"), 12);
  const char *summary = test_read_file(out, "summary.json");
  assert_null(strstr(summary, "\"B-1\""));
  assert_null(strstr(summary, "\"C-1\""));
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  assert_close(test_csv_num(jobs, 1, "map_slots"), 3, 0); /* A's 2 and C's 1 */
  test_csv_free(jobs);
}

/* A platform of two classes whose cores differ in speed 4 times, with
 * everything else equal and ample, for a CPU-bound job. */
static const char *two_speeds(void)
{
  return "name = \"two\";\n"
         "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
         "racks = ( { name = \"r\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
         "node_classes = (\n"
         "  { name = \"fast\"; count = 2; racks = [\"r\"]; cores = 1; speed = \"4Gf\"; memory = \"4GiB\";\n"
         "    disks = ( { read = \"1GBps\"; write = \"1GBps\"; } ); nic = { bandwidth = \"10Gbps\"; latency = "
         "\"50us\"; };\n"
         "    slots = { map = 1; reduce = 1; }; },\n"
         "  { name = \"slow\"; count = 2; racks = [\"r\"]; cores = 1; speed = \"1Gf\"; memory = \"4GiB\";\n"
         "    disks = ( { read = \"1GBps\"; write = \"1GBps\"; } ); nic = { bandwidth = \"10Gbps\"; latency = "
         "\"50us\"; };\n"
         "    slots = { map = 1; reduce = 1; }; } );\n"
         "master = { class = \"fast\"; rack = \"r\"; };\n";
}

static const char cpu_job[] = "jobs = ( { name = \"cpu\"; input = \"2GB\"; map_cost = 500.0; map_selectivity = 0.001;"
                              " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1; } );\n";

/* mrlab ratios on classes 4 times apart in core speed gives the slow class
 * a ratio near 4 (start-up and I/O shorten it a little), and the file it
 * writes, read back by a workload, places blocks as the same ratios
 * written inline. */
static void measured_ratios_follow_speeds_and_read_back(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char plat[4096], work[4096], file[4096];
  snprintf(plat, sizeof plat, "%s", test_write_file(dir, "two.cfg", two_speeds()));
  snprintf(work, sizeof work, "%s", test_write_file(dir, "cpu.cfg", cpu_job));
  snprintf(file, sizeof file, "%s/measured.cfg", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"ratios", plat, work, "--input", "640MiB", "-o", file, NULL});
  if (r.status != 0)
    fail_msg("mrlab ratios: status %d: %s", r.status, r.err);
  const char *text = test_read_file(dir, "measured.cfg");
  assert_string_equal(text, r.out);
  const char *fast = strstr(text, "fast = "), *slow = strstr(text, "slow = ");
  assert_non_null(fast);
  assert_non_null(slow);
  assert_close(strtod(fast + 7, NULL), 1, 0);
  double ratio = strtod(slow + 7, NULL);
  if (!(ratio > 3.5 && ratio <= 4.0))
    fail_msg("slow class ratio %g, expected near 4 (its cores are 4 times slower)", ratio);

  /* the file read back, against the same ratios inline: the same blocks */
  char inline_ratios[256], from_file[1024], written[1024];
  const char *group = strstr(text, "ratios = {");
  snprintf(inline_ratios, sizeof inline_ratios, "%.*s", (int)strcspn(group, "\n"), group);
  const char *job = "jobs = ( { name = \"cpu\"; input = \"2GB\"; map_cost = 500.0; map_selectivity = 0.001;"
                    " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1; placement = \"ratio\"; %s"
                    " set = [\"dfs.replication=1\"]; } );\n";
  char ref[300];
  snprintf(ref, sizeof ref, "ratios = \"measured.cfg\";");
  snprintf(from_file, sizeof from_file, job, ref);
  snprintf(written, sizeof written, job, inline_ratios);
  test_write_file(dir, "from-file.cfg", from_file);
  test_write_file(dir, "inline.cfg", written);
  char a[4096], b[4096];
  snprintf(a, sizeof a, "%s/a", dir);
  snprintf(b, sizeof b, "%s/b", dir);
  test_run_mrlab(&r, dir, (const char *[]){"run", plat, "from-file.cfg", "-o", a, NULL});
  assert_int_equal(r.status, 0);
  test_run_mrlab(&r, dir, (const char *[]){"run", plat, "inline.cfg", "-o", b, NULL});
  assert_int_equal(r.status, 0);
  const char *hosts[] = {"fast-1", "fast-2", "slow-1", "slow-2"};
  long total = 0;
  for (int h = 0; h < 4; h++) {
    assert_int_equal(input_blocks(a, hosts[h]), input_blocks(b, hosts[h]));
    total += input_blocks(a, hosts[h]);
  }
  assert_int_equal(total, 15);                                             /* 2 GB in 128 MiB blocks */
  assert_true(input_blocks(a, "fast-1") >= 3 * input_blocks(a, "slow-1")); /* about 4 to 1 */
}

/* Each bad input: one line naming what was expected, exit status 2, and
 * no output directory (or file). */
/* The split hosts of the maps of OUT's tasks.csv (attempt 0), into HOSTS[m]. */
static void split_hosts(const char *out, char hosts[][64], int n)
{
  test_csv *t = test_csv_in(out, "tasks.csv");
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0 && strcmp(test_csv_cell(t, row, "attempt"), "0") == 0) {
      int m = atoi(test_csv_cell(t, row, "task") + 1);
      assert_in_range(m, 0, n - 1);
      snprintf(hosts[m], 64, "%s", test_csv_cell(t, row, "split_hosts"));
    }
  test_csv_free(t);
}

/* `split_hosts` (a history's split locations) puts each map's block's
 * first replicas on the workers named, in order, and leaves the others
 * where the seed's placement drew them; a map without names, and a name
 * the cluster lacks, leave the draw (jhist_test checks that the run counts
 * such names). */
static void split_hosts_hold_the_first_replicas(void **state)
{
  (void)state;
  static const char job[] = "jobs = ( { name = \"j\"; file_sizes = (\"100MiB\", \"10MiB\", \"10MiB\"); map_cost = 1.0;"
                            " map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;"
                            " set = [\"dfs.blocksize=64m\"]; %s } );\n";
  char text[512], with[5][64], without[5][64];
  snprintf(text, sizeof text, job, "split_hosts = ([\"C-2\", \"B-1\"], [\"C-2\", \"B-1\"], [], [\"Q-9\", \"C-3\"]);");
  const char *args[] = {"--seed", "4", NULL};
  const char *out = test_simulate(test_source_path("platforms/xie5.cfg"), text, args);
  split_hosts(out, with, 4);
  snprintf(text, sizeof text, job, "");
  split_hosts(test_simulate(test_source_path("platforms/xie5.cfg"), text, args), without, 4);
  for (int m = 0; m < 4; m++) {
    const char *first = m < 2 ? "C-2 B-1 " : m == 3 ? "C-3 " : "";
    if (strncmp(with[m], first, strlen(first)) != 0)
      fail_msg("map %d: split hosts \"%s\", expected them to begin with \"%s\"", m, with[m], first);
    /* three distinct workers, the one not named among those drawn without split_hosts */
    char *a = with[m], *b = strchr(a, ' '), *c = b ? strchr(b + 1, ' ') : NULL;
    assert_non_null(c);
    assert_true(strncmp(a, b + 1, (size_t)(b - a)) && strncmp(a, c + 1, (size_t)(b - a)) &&
                strncmp(b + 1, c + 1, (size_t)(c - b - 1)));
    if (m == 2)
      assert_string_equal(with[m], without[m]);
    else
      assert_non_null(strstr(without[m], m < 2 ? c + 1 : b + 1));
  }
}

static void bad_input_is_refused(void **state)
{
  (void)state;
  static const char job[] = "jobs = ( { name = \"g\"; generator = \"grep\"; input = \"1GB\"; reducers = 1; %s } );\n";
  static const struct {
    const char *keys, *arg, *value, *says;
  } cases[] = {
      {"placement = \"evn\";", NULL, NULL, "w.cfg:1: jobs[0].placement: expected \"default\", \"even\""},
      {"placement = \"evn\";", NULL, NULL, "did you mean \"even\"?"},
      {"placement = \"all-in:Z\";", NULL, NULL,
       "w.cfg:1: jobs.g.placement: all-in: no worker or node class of xie5 is named \"Z\""},
      {"placement = \"all-in:\";", NULL, NULL, "w.cfg:1: jobs[0].placement: expected"},
      {"placement = \"ratio\";", NULL, NULL, "placement \"ratio\" needs the job's computing ratios"},
      {"placement = \"ratio\"; ratios = { A = 1.0; B = 0.0; C = 3.3; };", NULL, NULL,
       "w.cfg:1: jobs[0].ratios.B: expected a computing ratio above 0"},
      {"placement = \"ratio\"; ratios = { A = 1.0; B = -2.0; C = 3.3; };", NULL, NULL,
       "jobs[0].ratios.B: expected a computing ratio above 0"},
      {"placement = \"ratio\"; ratios = { A = 1.0; B = \"fast\"; C = 3.3; };", NULL, NULL,
       "jobs[0].ratios.B: expected"},
      {"placement = \"ratio\"; ratios = { A = 1.0; C = 3.3; };", NULL, NULL,
       "w.cfg:1: jobs.g.ratios: no ratio for worker B-1 (expected an entry for it or its class B)"},
      {"placement = \"ratio\"; ratios = { A = 1.0; B = 2.0; C = 3.3; D = 4.0; };", NULL, NULL,
       "jobs.g.ratios: no worker or node class of xie5 is named \"D\""},
      {"placement = \"ratio\"; ratios = \"missing.cfg\";", NULL, NULL,
       "w.cfg:1: jobs[0].ratios: expected a ratios file written by `mrlab ratios`: "},
      {"", "--set", "mrlab.placement=evn", "--set mrlab.placement=evn: mrlab.placement: expected default, even"},
      {"", "--set", "mrlab.placement=ratio", "w.cfg:1: job g: mrlab.placement=ratio needs the job's computing ratios"},
      {"", "--set", "mrlab.placement=all-in:Z",
       "w.cfg:1: jobs.g.mrlab.placement: all-in: no worker or node class of xie5 is named \"Z\""},
      {"placement = \"ratio\";", "--set", "mrlab.ratios=missing.cfg",
       "w.cfg:1: job g: mrlab.ratios=missing.cfg: expected a ratios file written by `mrlab ratios`: "},
      {"set = [\"mrlab.ratios=a,b\"];", NULL, NULL, "w.cfg:1: jobs[0].set[0]: mrlab.ratios: expected a file's path"},
      {"", "--workers", "A,Q", "--workers: no worker or node class of xie5 is named \"Q\""},
      {"", "--workers", "", "--workers: expected worker or node class names"},
      {"split_hosts = ([\"A-1\"]);", NULL, NULL,
       "w.cfg:1: jobs[0].split_hosts: expected a list of 8 arrays of worker names, one a map (a block of the input"},
      {"split_hosts = ([\"A-1\", \"A-1\"], [], [], [], [], [], [], []);", NULL, NULL,
       "w.cfg:1: jobs[0].split_hosts[0]: expected each worker once in a map's hosts, got \"A-1\" twice"},
      {"split_hosts = ([], [1], [], [], [], [], [], []);", NULL, NULL,
       "w.cfg:1: jobs[0].split_hosts[1]: expected worker names"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char text[1024], work[4096], out[4096];
    snprintf(text, sizeof text, job, cases[i].keys);
    snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", text));
    snprintf(out, sizeof out, "%s/out", dir);
    test_run r;
    test_run_mrlab(&r, dir,
                   (const char *[]){"run", test_source_path("platforms/xie5.cfg"), "w.cfg", "-o", out, cases[i].arg,
                                    cases[i].value, NULL});
    if (r.status != 2 || !strstr(r.err, cases[i].says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
      fail_msg("case %zu: status %d, stderr \"%s\": expected status 2 and one line saying \"%s\"", i, r.status, r.err,
               cases[i].says);
    assert_int_equal(test_count_files(dir), 1); /* no run directory */
  }
  static const struct {
    const char *option, *value, *says;
  } ratios_cases[] = {
      {"--input", "lots", "--input: expected"},
      {"--job", "nope", "--job: "},
  };
  for (size_t i = 0; i < sizeof ratios_cases / sizeof *ratios_cases; i++) {
    const char *dir = test_tmpdir();
    char text[1024], out[4096];
    snprintf(text, sizeof text, job, "");
    test_write_file(dir, "w.cfg", text);
    snprintf(out, sizeof out, "%s/r.cfg", dir);
    test_run r;
    test_run_mrlab(&r, dir,
                   (const char *[]){"ratios", test_source_path("platforms/xie5.cfg"), "w.cfg", ratios_cases[i].option,
                                    ratios_cases[i].value, "-o", out, NULL});
    if (r.status != 2 || !strstr(r.err, ratios_cases[i].says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
      fail_msg("ratios case %zu: status %d, stderr \"%s\": expected status 2 and one line saying \"%s\"", i, r.status,
               r.err, ratios_cases[i].says);
    assert_int_equal(test_count_files(dir), 1); /* no ratios file */
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(quotas_follow_xies_worked_examples),
      cmocka_unit_test(ratios_are_invariant_and_positive),
      cmocka_unit_test(every_prefix_is_spread),
      cmocka_unit_test(policies_place_the_blocks_they_promise),
      cmocka_unit_test(placement_is_a_property),
      cmocka_unit_test(placements_order_as_xie_found),
      cmocka_unit_test(workers_cut_the_cluster_down),
      cmocka_unit_test(measured_ratios_follow_speeds_and_read_back),
      cmocka_unit_test(split_hosts_hold_the_first_replicas),
      cmocka_unit_test(bad_input_is_refused),
  };
  TEST_MAIN(tests);
}
