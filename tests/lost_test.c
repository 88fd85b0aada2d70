/* lost_test.c - lost workers (sim/lost.h), seen as a user sees them in a
 * run directory: a job that survives the loss of a worker moves every byte
 * exactly once, in Hadoop 1 and YARN mode; nothing that ran on a lost
 * worker is rescheduled before the expiry interval, unless the worker
 * comes back first; a map output every reducer has already fetched is not
 * run again, and one a reducer still needs is, once reducers' failed
 * fetches reach Hadoop's rule; a block whose replicas were all lost fails
 * the maps that need it and so the job; and the same seed gives the same
 * faults and the same bytes.  The NameNode (sim/rereplicate.c) copies a
 * dead datanode's blocks back to their replication, as disk and network
 * traffic that slows the jobs running meanwhile, and a child job reads its
 * parent's copied output through a second loss; a datanode back before it
 * is declared dead is never dead, and one back later counts again.  A
 * failed disk fails the attempts writing there, takes its DataNode down
 * for good (its blocks copied back) while its tracker goes on, loses the
 * map outputs on it (Hadoop 1: all the tracker's, as it re-initialises at
 * its next disk check), and a worker's last disk takes the worker. */
#include "test.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One sort-like job "s" of INPUT with REDUCERS reducers and the settings SET (a libconfig list's items). */
static const char *workload(const char *input, int reducers, const char *set)
{
  static char text[2048];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"s\"; input = \"%s\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 20.0;"
           " reduce_selectivity = 0.5; reducers = %d; set = [\"dfs.blocksize=64m\"%s%s]; } );\n",
           input, reducers, set[0] ? ", " : "", set);
  return text;
}

static int is(const test_csv *t, int row, const char *col, const char *value)
{
  return strcmp(test_csv_cell(t, row, col), value) == 0;
}

/* The row of attempt NUMBER - 1 of the task of tasks.csv's row R, or 0. */
static int previous(const test_csv *t, int r)
{
  int number = (int)test_csv_num(t, r, "attempt");
  for (int q = 1; q < t->n_rows && number > 0; q++)
    if (is(t, q, "task", test_csv_cell(t, r, "task")) && (int)test_csv_num(t, q, "attempt") == number - 1)
      return q;
  return 0;
}

/* Checks run DIR's job "s" against the fault-free run CLEAN: it succeeded,
 * its bytes are the same at every stage, and each task has exactly one
 * successful attempt, which read (maps) or wrote (reduces) its share once. */
static void check_conserved(const char *dir, const char *clean)
{
  static const char *const cols[] = {"input_bytes", "map_output_bytes", "shuffle_bytes", "output_bytes"};
  test_csv *jf = test_csv_in(dir, "jobs.csv"), *jc = test_csv_in(clean, "jobs.csv"), *t = test_csv_in(dir, "tasks.csv");
  assert_true(is(jf, 1, "status", "SUCCEEDED"));
  for (size_t k = 0; k < sizeof cols / sizeof *cols; k++)
    assert_close(test_csv_num(jf, 1, cols[k]), test_csv_num(jc, 1, cols[k]), 0);
  int succeeded = 0;
  double read = 0, shuffled = 0, written = 0;
  for (int r = 1; r < t->n_rows; r++) {
    if (!is(t, r, "status", "SUCCEEDED"))
      continue;
    succeeded++;
    for (int q = 1; q < r; q++) /* one successful attempt a task */
      assert_false(is(t, q, "task", test_csv_cell(t, r, "task")) && is(t, q, "status", "SUCCEEDED"));
    if (is(t, r, "kind", "map")) {
      read += test_csv_num(t, r, "read_bytes");
    } else {
      shuffled += test_csv_num(t, r, "shuffle_bytes");
      written += test_csv_num(t, r, "reduce_bytes");
    }
  }
  assert_int_equal(succeeded, (int)(test_csv_num(jf, 1, "maps") + test_csv_num(jf, 1, "reduces")));
  assert_close(read, test_csv_num(jf, 1, "input_bytes"), 0);
  assert_close(shuffled, test_csv_num(jf, 1, "shuffle_bytes"), 0);
  assert_close(written, test_csv_num(jf, 1, "output_bytes"), 0);
  test_csv_free(t);
  test_csv_free(jc);
  test_csv_free(jf);
}

/* A worker lost midway through the maps, for good, in Hadoop 1 and YARN
 * mode: the job succeeds with every byte moved once, its attempts there
 * were killed (worker-lost) and its completed maps run again, and the
 * critical path tiles the job's time through the loss. */
static void a_lost_worker_costs_no_byte(void **state)
{
  (void)state;
  static const char *const modes[] = {"mrlab.scheduler=hadoop1", "mrlab.scheduler=yarn-fifo"};
  for (int m = 0; m < 2; m++) {
    char clean[4096];
    const char *clean_args[] = {"--seed", "2", "--set", modes[m], NULL};
    snprintf(clean, sizeof clean, "%s", test_simulate(test_lab(4), workload("2GB", 4, ""), clean_args));
    const char *args[] = {"--seed", "2", "--set", modes[m], "--set", "mrlab.faults=w-2@maps:50%", NULL};
    const char *dir = test_simulate(test_lab(4), workload("2GB", 4, ""), args);
    check_conserved(dir, clean);
    test_csv *j = test_csv_in(dir, "jobs.csv"), *t = test_csv_in(dir, "tasks.csv"),
             *x = test_csv_in(dir, "explain.csv");
    int lost = 0;
    for (int r = 1; r < t->n_rows; r++)
      if (is(t, r, "cause", "worker-lost")) {
        lost++;
        assert_true(is(t, r, "host", "w-2"));
        assert_true(is(t, r, "status", "KILLED"));
      }
    assert_true(lost > 0);
    assert_true(test_csv_num(j, 1, "reexecuted_maps") > 0);
    assert_true(test_csv_num(j, 1, "lost_bytes") > 0);
    double path = 0;
    int through_loss = 0;
    for (int r = 1; r < x->n_rows; r++) {
      path += test_csv_num(x, r, "seconds");
      through_loss |= is(x, r, "what", "lost");
    }
    assert_true(through_loss);
    assert_close(path, test_csv_num(j, 1, "end") - test_csv_num(j, 1, "submit"), 1e-6);
    test_csv_free(x);
    test_csv_free(t);
    test_csv_free(j);
  }
}

/* The interval the JobTracker (ResourceManager) waits for: nothing that
 * ran on w-2, lost at 20 s, is rerun before 20 s + the interval, in either
 * mode, though in Hadoop 1 mode the speculator, which sees the lost
 * attempts as running without progress, starts a twin before; and when w-2 comes back
 * before that, its first heartbeat tells the JobTracker at once, and it is
 * given tasks again.  Either way, the maps it had completed run again. */
static void nothing_is_rescheduled_before_the_expiry(void **state)
{
  (void)state;
  static const char *const modes[][2] = {
      {"mrlab.scheduler=hadoop1", "mapreduce.jobtracker.expire.trackers.interval=120000"},
      {"mrlab.scheduler=yarn-fifo", "yarn.nm.liveness-monitor.expiry-interval-ms=120000"}};
  for (int m = 0; m < 2; m++)
    for (int back = 0; back < 2; back++) {
      const char *args[] = {"--seed", "1",         "--set", modes[m][0],
                            "--set",  modes[m][1], "--set", back ? "mrlab.faults=w-2@20s+30s" : "mrlab.faults=w-2@20s",
                            NULL};
      const char *dir = test_simulate(test_lab(4), workload("2GB", 4, ""), args);
      test_csv *t = test_csv_in(dir, "tasks.csv");
      int reruns = 0, there_after = 0, twins = 0, outputs_lost = 0;
      double first = INFINITY;
      for (int r = 1; r < t->n_rows; r++) {
        int p = previous(t, r);
        if (p && is(t, p, "cause", "worker-lost") && is(t, r, "speculative", "1")) {
          twins += test_csv_num(t, r, "start") < 140;
        } else if (p && is(t, p, "cause", "worker-lost")) {
          reruns++;
          first = fmin(first, test_csv_num(t, r, "start"));
        }
        there_after |= is(t, r, "host", "w-2") && test_csv_num(t, r, "start") > 50;
        outputs_lost += is(t, r, "kind", "map") && is(t, r, "cause", "worker-lost") && test_csv_num(t, r, "end") < 20;
      }
      assert_true(reruns > 0);
      assert_true(outputs_lost > 0); /* maps done before the loss run again: their outputs were on w-2 */
      if (back) {                    /* learnt at its first heartbeat after 50 s, well before 140 s */
        assert_true(first >= 50 && first < 60);
        assert_true(there_after);
      } else {
        assert_true(first >= 140);
        assert_false(there_after);
        assert_true(m == 1 || twins > 0); /* (YARN's twin here finds no container before the expiry) */
      }
      test_csv_free(t);
      /* summary.json's record of the loss: when, back when, declared lost when */
      json_error_t error;
      json_t *root = json_loads(test_read_file(dir, "summary.json"), 0, &error), *loss = NULL;
      assert_non_null(root);
      assert_int_equal(json_unpack(root, "{s:[o]}", "losses", &loss), 0); /* the first loss: w-2 */
      double failed, declared;
      json_t *disk, *was_back;
      assert_int_equal(json_unpack(loss, "{s:s, s:o, s:F, s:o, s:F}", "host", &(const char *){NULL}, "disk", &disk,
                                   "failed", &failed, "back", &was_back, "declared", &declared),
                       0);
      assert_string_equal(json_string_value(json_object_get(loss, "host")), "w-2");
      assert_true(json_is_null(disk) && failed == 20);
      if (back)
        assert_true(json_number_value(was_back) == 50 && declared >= 50 && declared < 60);
      else
        assert_true(json_is_null(was_back) && declared >= 140 && declared <= 140 + 120 / 3.0);
      json_decref(root);
    }
}

/* The worker of the reduce of the fault-free run CLEAN (its one reduce), and another, into OTHER. */
static const char *reduce_host(const char *clean, char *other)
{
  static char host[64];
  test_csv *t = test_csv_in(clean, "tasks.csv");
  for (int r = 1; r < t->n_rows; r++)
    if (is(t, r, "kind", "reduce"))
      snprintf(host, sizeof host, "%s", test_csv_cell(t, r, "host"));
  test_csv_free(t);
  strcpy(other, strcmp(host, "w-3") ? "w-3" : "w-4");
  return host;
}

/* One reducer, and a worker that runs no reduce lost for good: once the
 * reducer has fetched every map output (shuffle:100%), nothing runs again;
 * before that (maps:100%), the outputs it still needs are declared lost
 * after mapreduce.reduce.shuffle.max-fetch-failures-notifications (3)
 * failed fetches, each after the connect timeout, run again elsewhere
 * (their attempts FAILED, fetch-failures), long before the expiry, and the
 * job's bytes are conserved. */
static void only_outputs_still_needed_run_again(void **state)
{
  (void)state;
  char clean[4096], other[64], fault[128];
  const char *clean_args[] = {"--seed", "4", NULL};
  snprintf(clean, sizeof clean, "%s", test_simulate(test_lab(4), workload("1GB", 1, ""), clean_args));
  reduce_host(clean, other);
  for (int needed = 0; needed < 2; needed++) {
    snprintf(fault, sizeof fault, "mrlab.faults=%s@%s", other, needed ? "maps:100%" : "shuffle:100%");
    const char *args[] = {"--seed", "4",
                          "--set",  fault,
                          "--set",  "mapreduce.jobtracker.expire.trackers.interval=10000000",
                          "--set",  "mapreduce.reduce.shuffle.connect.timeout=10000",
                          NULL};
    const char *dir = test_simulate(test_lab(4), workload("1GB", 1, ""), args);
    check_conserved(dir, clean);
    test_csv *j = test_csv_in(dir, "jobs.csv"), *t = test_csv_in(dir, "tasks.csv");
    int declared = 0;
    for (int r = 1; r < t->n_rows; r++)
      if (is(t, r, "cause", "fetch-failures")) {
        declared++;
        assert_true(is(t, r, "status", "FAILED") && is(t, r, "host", other));
      }
    if (needed) {
      assert_true(declared > 0);
      assert_int_equal(declared, (int)test_csv_num(j, 1, "reexecuted_maps"));
      for (int r = 1; r < t->n_rows; r++) { /* reruns after three failed fetches of 10 s, before any expiry */
        int p = previous(t, r);
        if (p && is(t, p, "cause", "fetch-failures"))
          assert_true(test_csv_num(t, r, "start") > 30 && !is(t, r, "host", other));
      }
    } else {
      assert_int_equal(declared, 0);
      assert_int_equal((int)test_csv_num(j, 1, "reexecuted_maps"), 0);
    }
    test_csv_free(t);
    test_csv_free(j);
  }
}

/* With one replica a block and w-2 lost at the start for good, the maps of
 * its blocks fail (missing-block) mapreduce.map.maxattempts times, and the
 * job fails with them. */
static void a_block_lost_with_its_replicas_fails_the_job(void **state)
{
  (void)state;
  const char *args[] = {"--seed", "1", "--set", "mrlab.faults=w-2@0s", NULL};
  const char *dir = test_simulate(test_lab(4), workload("1GB", 2, "\"dfs.replication=1\""), args);
  test_csv *j = test_csv_in(dir, "jobs.csv"), *t = test_csv_in(dir, "tasks.csv");
  assert_true(is(j, 1, "status", "FAILED"));
  int missing = 0, most = 0;
  for (int r = 1; r < t->n_rows; r++)
    if (is(t, r, "cause", "missing-block")) {
      missing++;
      assert_true(is(t, r, "status", "FAILED") && is(t, r, "kind", "map"));
      most = (int)fmax(most, test_csv_num(t, r, "attempt") + 1);
    }
  assert_true(missing >= 4);
  assert_int_equal(most, 4);
  test_csv_free(t);
  test_csv_free(j);
}

/* The bytes the successful reduces of run DIR put on disks down their
 * output pipelines (write_bytes), and the job's output (before replicas). */
static double written(const char *dir, double *output)
{
  test_csv *t = test_csv_in(dir, "tasks.csv"), *j = test_csv_in(dir, "jobs.csv");
  double sum = 0;
  for (int r = 1; r < t->n_rows; r++)
    if (is(t, r, "kind", "reduce") && is(t, r, "status", "SUCCEEDED"))
      sum += test_csv_num(t, r, "write_bytes");
  *output = test_csv_num(j, 1, "output_bytes");
  assert_true(is(j, 1, "status", "SUCCEEDED"));
  test_csv_free(j);
  test_csv_free(t);
  return sum;
}

/* A worker that runs no reduce, lost once the shuffle is done, while the
 * reduces write their output at 3 replicas: the pipelines through it drop
 * it and carry on (HDFS's pipeline recovery), so the job succeeds with the
 * same output, fewer bytes reach disks than without the fault, and at
 * least two replicas' worth do. */
static void write_pipelines_drop_a_lost_datanode(void **state)
{
  (void)state;
  const char *w = workload("2GiB", 4, "");
  char clean[4096], idle[64] = "";
  const char *clean_args[] = {"--seed", "1", NULL};
  snprintf(clean, sizeof clean, "%s", test_simulate(test_lab(6), w, clean_args));
  test_csv *t = test_csv_in(clean, "tasks.csv");
  for (int k = 6; k >= 1 && !idle[0]; k--) { /* a worker without a reduce */
    snprintf(idle, sizeof idle, "w-%d", k);
    for (int r = 1; r < t->n_rows; r++)
      if (is(t, r, "kind", "reduce") && is(t, r, "host", idle))
        idle[0] = 0;
  }
  test_csv_free(t);
  assert_true(idle[0]);
  double out_clean, out_lost;
  double all = written(clean, &out_clean);
  char fault[128];
  snprintf(fault, sizeof fault, "mrlab.faults=%s@shuffle:100%%", idle);
  const char *args[] = {"--seed", "1", "--set", fault, NULL};
  double some = written(test_simulate(test_lab(6), w, args), &out_lost);
  assert_close(out_lost, out_clean, 0);
  assert_true(some < all && some >= all * 2 / 3);
}

/* The longest read (read_end - start) of a successful map of run DIR. */
static double longest_read(const char *dir)
{
  test_csv *t = test_csv_in(dir, "tasks.csv");
  double most = 0;
  for (int r = 1; r < t->n_rows; r++)
    if (is(t, r, "kind", "map") && is(t, r, "status", "SUCCEEDED"))
      most = fmax(most, test_csv_num(t, r, "read_end") - test_csv_num(t, r, "start"));
  test_csv_free(t);
  return most;
}

/* w-2 down from the start, and not yet held dead by the NameNode: a map
 * whose closest replica is on it (seed 3: one rack-local map, with two
 * replicas a block) waits dfs.client.socket-timeout for it (60 s, or 5 s
 * when set so), then reads the other replica; every other map reads as
 * fast as without the fault. */
static void a_replica_that_does_not_answer_costs_the_client_timeout(void **state)
{
  (void)state;
  const char *w = workload("2GiB", 4, "\"dfs.replication=2\"");
  const char *fault[] = {"--seed", "3", "--set", "mrlab.faults=w-2@0s", NULL};
  double hadoop = longest_read(test_simulate(test_lab(4), w, fault));
  const char *shorter[] = {"--seed", "3", "--set", "mrlab.faults=w-2@0s", "--set", "dfs.client.socket-timeout=5000",
                           NULL};
  double cut = longest_read(test_simulate(test_lab(4), w, shorter));
  assert_true(hadoop > 60 && hadoop < 70);
  assert_true(cut > 5 && cut < 15);
}

/* A rack's name strikes every worker of it: all four of r1, back after
 * 30 s, and the job succeeds; lost for good, no job can end, and mrlab
 * says so (status 2, no run directory), as it does for a name of nothing. */
static void a_rack_names_all_its_workers(void **state)
{
  (void)state;
  const char *args[] = {"--seed", "1", "--set", "mrlab.faults=r1@maps:50%+30s", NULL};
  const char *dir = test_simulate(test_lab(4), workload("1GB", 2, ""), args);
  const char *json = test_read_file(dir, "summary.json");
  int losses = 0;
  for (const char *p = json; (p = strstr(p, "{\"host\": \"w-")); p++)
    losses++;
  assert_int_equal(losses, 4);
  test_csv *j = test_csv_in(dir, "jobs.csv");
  assert_true(is(j, 1, "status", "SUCCEEDED"));
  test_csv_free(j);

  const char *tmp = test_tmpdir();
  char plat[4096], work[4096], out[4200];
  snprintf(plat, sizeof plat, "%s", test_write_file(tmp, "p.cfg", test_lab(4)));
  snprintf(work, sizeof work, "%s", test_write_file(tmp, "w.cfg", workload("1GB", 2, "")));
  snprintf(out, sizeof out, "%s/out", tmp);
  test_run r;
  test_run_mrlab(&r, tmp, (const char *[]){"run", plat, work, "-o", out, "--set", "mrlab.faults=r1@maps:50%", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "every worker of lab was lost for good"));
  assert_int_equal(test_count_files(tmp), 2);
  /* and a name that is no worker, rack or class is refused before anything runs */
  test_run_mrlab(&r, tmp, (const char *[]){"run", plat, work, "-o", out, "--set", "mrlab.faults=w-9@10s", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab.faults: entry 1 names w-9, no worker, rack or node class of lab"));
  assert_int_equal(test_count_files(tmp), 2);
}

/* Faults of every kind (a share at a point of the maps, a worker that
 * returns, an MTBF process) are the same for the same seed, byte for byte,
 * and the MTBF draws differ for another seed. */
static void the_same_seed_gives_the_same_losses(void **state)
{
  (void)state;
  char first[4096], second[4096];
  const char *sets[] = {"--set", "mrlab.faults=25%@maps:30% w-3@40s+60s",
                        "--set", "mrlab.node.mtbf=600s",
                        "--set", "mrlab.node.repair=60s",
                        "--set", "mapreduce.jobtracker.expire.trackers.interval=60000"};
  const char *a[] = {"--seed", "5", sets[0], sets[1], sets[2], sets[3], sets[4], sets[5], sets[6], sets[7], NULL};
  snprintf(first, sizeof first, "%s", test_simulate(test_lab(6), workload("2GB", 4, ""), a));
  snprintf(second, sizeof second, "%s", test_simulate(test_lab(6), workload("2GB", 4, ""), a));
  static const char *const files[] = {"tasks.csv", "jobs.csv", "explain.csv", "utilisation.csv"};
  for (size_t k = 0; k < sizeof files / sizeof *files; k++)
    assert_true(test_same_file(first, second, files[k]));
  a[1] = "6";
  snprintf(second, sizeof second, "%s", test_simulate(test_lab(6), workload("2GB", 4, ""), a));
  assert_false(test_same_file(first, second, "tasks.csv"));
  test_csv *t = test_csv_in(first, "tasks.csv");
  int lost = 0;
  for (int r = 1; r < t->n_rows; r++)
    lost += is(t, r, "cause", "worker-lost");
  assert_true(lost > 0);
  test_csv_free(t);
}

/* The settings that make the NameNode quick: a tracker lost after 10 s, a
 * datanode dead after 2 x 1 s + 10 x 1 s = 12 s of silence, checked every second. */
#define QUICK_NAMENODE                                                                                                 \
  "--set", "mapreduce.jobtracker.expire.trackers.interval=10000", "--set", "dfs.heartbeat.interval=1", "--set",        \
      "dfs.namenode.heartbeat.recheck-interval=1000"
/* And a ReplicationMonitor that never runs after its first period (at 0 s), when nothing is lost yet. */
#define NO_COPIES "dfs.namenode.replication.interval=100000"

#define MiB64 67108864.0

/* summary.json of run DIR (the caller decrefs it). */
static json_t *summary(const char *dir)
{
  json_error_t error;
  json_t *root = json_loads(test_read_file(dir, "summary.json"), 0, &error);
  if (!root)
    fail_msg("%s/summary.json: %s", dir, error.text);
  return root;
}

/* Number KEY of summary.json's "rereplication" object in ROOT (NAN for null). */
static double copied(json_t *root, const char *key)
{
  json_t *v = json_object_get(json_object_get(root, "rereplication"), key);
  if (!json_is_number(v) && !json_is_null(v))
    fail_msg("no number rereplication.%s in summary.json", key);
  return json_is_null(v) ? NAN : json_number_value(v);
}

/* Number KEY of host HOST in summary.json's ROOT. */
static double host_figure(json_t *root, const char *host, const char *key)
{
  json_t *hosts = json_object_get(root, "hosts"), *h;
  size_t i;
  json_array_foreach(hosts, i, h) if (strcmp(json_string_value(json_object_get(h, "name")), host) ==
                                      0) return json_number_value(json_object_get(h, key));
  fail_msg("no host %s in summary.json", host);
  return 0;
}

/* Job "a" (2 GiB, 32 blocks of 64 MiB a replica, 3 replicas) from 0 s, and
 * job "b" (1 GiB) from 300 s, neither writing output: the cluster is idle between. */
static const char *const two_jobs =
    "jobs = ( { name = \"a\"; input = \"2GiB\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 20.0;"
    " reduce_selectivity = 0.0; reducers = 4; set = [\"dfs.blocksize=64m\"]; },\n"
    " { name = \"b\"; submit = \"300s\"; input = \"1GiB\"; map_cost = 20.0; map_selectivity = 1.0;"
    " reduce_cost = 20.0; reduce_selectivity = 0.0; reducers = 4; set = [\"dfs.blocksize=64m\"]; } );\n";

/* The sums over host-utilisation.csv of run DIR's rows after FROM s and up
 * to TO s: each host's disk seconds into *DISK, and its NIC's bytes (1 Gbps) into *NIC. */
static void traffic(const char *dir, double from, double to, double *disk, double *nic)
{
  test_csv *u = test_csv_in(dir, "host-utilisation.csv");
  double sample = 0, before = 0; /* the row's sample time, and the one before it */
  *disk = *nic = 0;
  for (int r = 1; r < u->n_rows; r++) {
    double t = test_csv_num(u, r, "time");
    if (t != sample)
      before = sample, sample = t;
    if (t > from && t <= to) {
      *disk += test_csv_num(u, r, "disk") * (sample - before);
      *nic += test_csv_num(u, r, "nic") * (sample - before) * 125e6;
    }
  }
  test_csv_free(u);
}

/* w-2 lost for good at 80 s, between two jobs: the NameNode declares it
 * dead 12 s later and copies each block it held, one copy a block, from a
 * live replica to the one live worker without it (three live workers, three
 * replicas): as many blocks and bytes as w-2 held, and every block back at
 * three live replicas.  The copies are the cluster's only disk and network
 * traffic until b starts: host-utilisation.csv's disks and NICs carry
 * exactly their bytes (each read at 120 MBps, written at 100 MBps, sent
 * once).  With no ReplicationMonitor period after 0 s, nothing moves and
 * w-2's blocks stay under-replicated. */
static void a_dead_datanodes_blocks_are_copied_back(void **state)
{
  (void)state;
  const char *clean_args[] = {"--seed", "1", NULL};
  char clean[4096], with[4096];
  snprintf(clean, sizeof clean, "%s", test_simulate(test_lab(4), two_jobs, clean_args));
  json_t *c = summary(clean);
  double held = host_figure(c, "w-2", "input_blocks");
  assert_true(held > 0);
  const char *args[] = {"--seed", "1", "--set", "mrlab.faults=w-2@80s", QUICK_NAMENODE, NULL, NULL, NULL};
  const char **more = &args[10]; /* room for one more setting */
  snprintf(with, sizeof with, "%s", test_simulate(test_lab(4), two_jobs, args));
  json_t *w = summary(with);
  assert_close(copied(w, "dead_datanodes"), 1, 0);
  assert_close(copied(w, "blocks_copied"), held, 0);
  assert_close(copied(w, "bytes_copied"), held * MiB64, 0);
  assert_close(copied(w, "copies_failed"), 0, 0);
  assert_close(copied(w, "under_replicated_blocks"), 0, 0);
  assert_close(copied(w, "missing_blocks"), 0, 0);
  assert_true(copied(w, "first_copy_end") > 92 && copied(w, "last_copy_end") < 300);
  assert_true(json_integer_value(json_object_get(json_object_get(json_object_get(w, "activities"), "flows"),
                                                 "rereplication")) >= held);
  assert_close(host_figure(w, "w-2", "input_blocks"), 0, 0); /* its replicas are elsewhere now */
  for (int k = 1; k <= 4; k++) {
    char name[8];
    snprintf(name, sizeof name, "w-%d", k);
    assert_close(host_figure(w, name, "input_blocks"), k == 2 ? 0 : 48, 0);
  }
  double disk, nic;
  traffic(with, 80, 300, &disk, &nic);
  assert_close(nic, held * MiB64, 1e-4 * held * MiB64);
  assert_close(disk, held * MiB64 / 120e6 + held * MiB64 / 100e6, 1e-4 * disk);
  more[0] = "--set";
  more[1] = NO_COPIES;
  const char *without = test_simulate(test_lab(4), two_jobs, args);
  json_t *o = summary(without);
  assert_close(copied(o, "blocks_copied"), 0, 0);
  assert_true(isnan(copied(o, "first_copy_end")));
  assert_close(copied(o, "under_replicated_blocks"), held, 0);
  traffic(without, 80, 300, &disk, &nic);
  assert_close(disk + nic, 0, 0);
  json_decref(o);
  json_decref(w);
  json_decref(c);
}

/* One job of 2 GiB writing little output (1%): its maps and shuffle use
 * the disks and the network the NameNode's copies use. */
static const char *const busy_job =
    "jobs = ( { name = \"s\"; input = \"2GiB\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 20.0;"
    " reduce_selectivity = 0.01; reducers = 4; set = [\"dfs.blocksize=64m\"]; } );\n";

/* w-2 lost for good at 5 s, dead at 18 s: the job running meanwhile ends
 * later when the NameNode copies w-2's blocks while it runs than when no
 * ReplicationMonitor period comes after 0 s (the same loss otherwise, the
 * same seed), by seconds, at two seeds.  The HDFS client's timeout on a
 * datanode that does not answer is cut to 1 s, so that maps that tried a
 * replica on w-2 do not set the job's time. */
static void a_job_running_meanwhile_is_slowed_by_the_copies(void **state)
{
  (void)state;
  static const char *const seeds[] = {"1", "2"};
  for (size_t k = 0; k < sizeof seeds / sizeof *seeds; k++) {
    const char *args[] = {
        "--seed", seeds[k], "--set", "mrlab.faults=w-2@5s", QUICK_NAMENODE, "--set", "dfs.client.socket-timeout=1000",
        NULL,     NULL,     NULL};
    const char **more = &args[12];
    const char *with = test_simulate(test_lab(4), busy_job, args);
    json_t *w = summary(with);
    test_csv *jw = test_csv_in(with, "jobs.csv");
    double end_with = test_csv_num(jw, 1, "end");
    assert_true(copied(w, "blocks_copied") > 10 && copied(w, "last_copy_end") < end_with);
    more[0] = "--set";
    more[1] = NO_COPIES;
    test_csv *jo = test_csv_in(test_simulate(test_lab(4), busy_job, args), "jobs.csv");
    assert_true(end_with > test_csv_num(jo, 1, "end") + 3);
    test_csv_free(jo);
    test_csv_free(jw);
    json_decref(w);
  }
}

/* Job "a" writes 8 outputs of 128 MiB at 2 replicas; its child "c" reads
 * them (input = "parent:a") with slow maps.  w-2 is lost for good at 25 s
 * and w-3 at 70 s, while c runs: each is declared dead 12 s later, and the
 * NameNode copies its blocks (a's input and outputs) before the next loss
 * or reads need them, so c, whose maps rerun after w-3's loss, finds every
 * block and succeeds, with every block back at two live replicas.  Without
 * copies, some outputs had both replicas on w-2 and w-3: c's maps fail
 * (missing-block) and so does c. */
static void a_child_reads_its_parents_copied_output_through_two_losses(void **state)
{
  (void)state;
  static const char *const dag =
      "jobs = ( { name = \"a\"; input = \"1GiB\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 20.0;"
      " reduce_selectivity = 1.0; reducers = 8; set = [\"dfs.blocksize=64m\", \"dfs.replication=2\"]; },\n"
      " { name = \"c\"; after = [\"a\"]; input = \"parent:a\"; map_cost = 3000.0; map_selectivity = 0.01;"
      " reduce_cost = 20.0; reduce_selectivity = 0.01; reducers = 1;"
      " set = [\"dfs.blocksize=64m\", \"dfs.replication=2\"]; } );\n";
  const char *args[] = {"--seed", "1", "--set", "mrlab.faults=w-2@25s w-3@70s", QUICK_NAMENODE, NULL, NULL, NULL};
  const char **more = &args[10];
  for (int copies = 1; copies >= 0; copies--) {
    if (!copies)
      more[0] = "--set", more[1] = NO_COPIES;
    const char *dir = test_simulate(test_lab(4), dag, args);
    json_t *root = summary(dir);
    test_csv *j = test_csv_in(dir, "jobs.csv"), *t = test_csv_in(dir, "tasks.csv");
    int missing = 0;
    for (int r = 1; r < t->n_rows; r++)
      missing += is(t, r, "job", "c") && is(t, r, "cause", "missing-block");
    assert_true(is(j, 2, "job", "c"));
    assert_close(copied(root, "dead_datanodes"), 2, 0);
    if (copies) {
      assert_true(is(j, 2, "status", "SUCCEEDED"));
      assert_int_equal(missing, 0);
      assert_true(copied(root, "blocks_copied") > 0);
      assert_close(copied(root, "under_replicated_blocks") + copied(root, "missing_blocks"), 0, 0);
    } else {
      assert_true(is(j, 2, "status", "FAILED"));
      assert_true(missing > 0);
      assert_true(copied(root, "missing_blocks") > 0);
    }
    test_csv_free(t);
    test_csv_free(j);
    json_decref(root);
  }
}

/* A datanode back (w-2@5s+5s) before the 12 s that make it dead is never
 * dead: nothing is copied.  One back later (w-2@5s+25s, dead at 18 s)
 * rejoins with its replicas, which count again: the NameNode stops copying
 * with fewer blocks copied than w-2 held, yet none is under-replicated. */
static void a_datanode_back_keeps_its_replicas(void **state)
{
  (void)state;
  const char *clean_args[] = {"--seed", "1", NULL};
  json_t *c = summary(test_simulate(test_lab(4), busy_job, clean_args));
  double held = host_figure(c, "w-2", "input_blocks");
  for (int late = 0; late < 2; late++) {
    const char *args[] = {"--seed",       "1", "--set", late ? "mrlab.faults=w-2@5s+25s" : "mrlab.faults=w-2@5s+5s",
                          QUICK_NAMENODE, NULL};
    json_t *root = summary(test_simulate(test_lab(4), busy_job, args));
    assert_close(copied(root, "dead_datanodes"), 0, 0);
    assert_close(copied(root, "under_replicated_blocks") + copied(root, "missing_blocks"), 0, 0);
    if (late)
      assert_true(copied(root, "blocks_copied") > 0 && copied(root, "blocks_copied") < held);
    else
      assert_close(copied(root, "blocks_copied"), 0, 0);
    json_decref(root);
  }
  json_decref(c);
}

/* test_lab(N) with two disks a worker. */
static const char *lab_of_two_disks(int n)
{
  static char text[2048];
  const char *one = "disks = ( { read = \"120MBps\"; write = \"100MBps\"; } );";
  const char *lab = test_lab(n), *at = strstr(lab, one);
  assert_non_null(at);
  snprintf(text, sizeof text,
           "%.*sdisks = ( { read = \"120MBps\"; write = \"100MBps\"; }, { read = \"120MBps\"; "
           "write = \"100MBps\"; } );%s",
           (int)(at - lab), lab, at + strlen(one));
  return text;
}

/* summary.json's record of the failure of disk DISK (from 1; 0: the worker) of w-2: its "declared" into *DECLARED. */
static void disk_loss(json_t *root, int disk, double failed, double *declared)
{
  json_t *losses = json_object_get(root, "losses"), *l;
  size_t i;
  json_array_foreach(losses, i, l)
  {
    json_t *d = json_object_get(l, "disk");
    if (strcmp(json_string_value(json_object_get(l, "host")), "w-2") == 0 &&
        (disk ? json_is_integer(d) && json_integer_value(d) == disk : json_is_null(d))) {
      assert_close(json_number_value(json_object_get(l, "failed")), failed, 1e-9);
      assert_true(json_is_null(json_object_get(l, "back")));
      json_t *v = json_object_get(l, "declared");
      *declared = json_is_null(v) ? -1 : json_number_value(v);
      return;
    }
  }
  fail_msg("no loss of disk %d of w-2 in summary.json", disk);
}

/* Disk 1 of w-2 fails at 10 s, in Hadoop 1 and YARN mode.  The job
 * succeeds with every byte moved once.  The attempts on w-2 whose local
 * directory was on it fail at once (disk-failed: they stop at the end of
 * the chunk they are moving), those on its other disk go on.  Its DataNode is down for good: the NameNode declares it
 * dead and copies its blocks back, while its tracker still runs tasks.  Map outputs on the disk that a reducer still
 * needs run again.  In YARN mode that is all (the NodeManager marks the directory bad); in Hadoop 1 the TaskTracker
 * re-initialises at its first heartbeat past mapred.disk.healthChecker.interval (60 s): the JobTracker kills what ran
 * there and runs again every map whose output was there. */
static void a_failed_disk_fails_what_was_on_it(void **state)
{
  (void)state;
  static const char *const modes[] = {"mrlab.scheduler=hadoop1", "mrlab.scheduler=yarn-fifo"};
  for (int m = 0; m < 2; m++) {
    char clean[4096];
    const char *clean_args[] = {"--seed", "2", "--set", modes[m], NULL};
    snprintf(clean, sizeof clean, "%s", test_simulate(lab_of_two_disks(4), workload("12GB", 4, ""), clean_args));
    const char *args[] = {"--seed", "2",
                          "--set",  modes[m],
                          "--set",  "mrlab.faults=w-2:disk1@10s",
                          "--set",  "dfs.namenode.heartbeat.recheck-interval=10000",
                          NULL};
    const char *dir = test_simulate(lab_of_two_disks(4), workload("12GB", 4, ""), args);
    check_conserved(dir, clean);
    test_csv *t = test_csv_in(dir, "tasks.csv"), *j = test_csv_in(dir, "jobs.csv");
    int disk_failed = 0, went_on = 0, after = 0, killed = 0, maps_there = 0, fetch_failures = 0;
    for (int r = 1; r < t->n_rows; r++) {
      double start = test_csv_num(t, r, "start"), end = test_csv_num(t, r, "end");
      int there = is(t, r, "host", "w-2"), ok = is(t, r, "status", "SUCCEEDED");
      if (is(t, r, "cause", "disk-failed")) {
        disk_failed++;
        assert_true(there && is(t, r, "status", "FAILED") && start < 10 && end >= 10 &&
                    end < 15); /* at a chunk's end */
      }
      went_on += there && start < 10 && end > 15 && ok;
      after += there && start > 10 && end > 70 && ok; /* past the DataNode's death, at 60 s */
      killed += is(t, r, "cause", "worker-lost");
      maps_there += there && ok && is(t, r, "kind", "map") && end < 60;
      fetch_failures += is(t, r, "cause", "fetch-failures");
      if (ok && is(t, r, "kind", "map")) /* a DataNode that is down on a host that is up refuses at once */
        assert_true(test_csv_num(t, r, "read_end") - start < 30);
    }
    assert_true(disk_failed > 0);
    assert_true(after > 0);
    test_csv *x = test_csv_in(dir, "explain.csv"); /* the critical path tiles the job's time through the failure */
    double path = 0;
    for (int r = 1; r < x->n_rows; r++)
      path += test_csv_num(x, r, "seconds");
    assert_close(path, test_csv_num(j, 1, "end") - test_csv_num(j, 1, "submit"), 1e-6);
    test_csv_free(x);
    json_t *root = summary(dir);
    assert_close(copied(root, "dead_datanodes"), 1, 0);
    assert_true(copied(root, "blocks_copied") > 0);
    double declared;
    disk_loss(root, 1, 10, &declared);
    if (m == 0) { /* Hadoop 1: the re-initialisation at the first heartbeat after 60 s */
      assert_true(declared > 60 && declared < 60 + 3.01);
      assert_true(killed > 0);
      assert_true(test_csv_num(j, 1, "reexecuted_maps") >= maps_there - fetch_failures);
    } else {
      assert_true(went_on > 0);
      assert_true(declared == -1);
      assert_int_equal(killed, 0);
      assert_true(fetch_failures > 0 && test_csv_num(j, 1, "reexecuted_maps") == fetch_failures);
    }
    json_decref(root);
    test_csv_free(j);
    test_csv_free(t);
  }
}

/* A worker whose last disk fails is lost for good, as one that fails: the
 * JobTracker declares it lost at the expiry interval and the job succeeds
 * without it.  A disk the worker lacks is refused, with status 2 and no
 * output. */
static void a_workers_last_disk_takes_the_worker(void **state)
{
  (void)state;
  const char *args[] = {"--seed", "2",
                        "--set",  "mrlab.faults=w-2:disk1@3s w-2:disk2@5s",
                        "--set",  "mapreduce.jobtracker.expire.trackers.interval=30000",
                        NULL};
  const char *dir = test_simulate(lab_of_two_disks(4), workload("2GB", 4, ""), args);
  test_csv *j = test_csv_in(dir, "jobs.csv"), *t = test_csv_in(dir, "tasks.csv");
  assert_true(is(j, 1, "status", "SUCCEEDED"));
  for (int r = 1; r < t->n_rows; r++)
    assert_false(is(t, r, "host", "w-2") && test_csv_num(t, r, "start") > 5);
  json_t *root = summary(dir);
  double declared;
  disk_loss(root, 2, 5, &declared);
  disk_loss(root, 0, 5, &declared);
  assert_true(declared >= 35 && declared <= 35 + 10.01);
  json_decref(root);
  test_csv_free(t);
  test_csv_free(j);

  const char *const run[] = {"run", "platform.cfg", test_source_path("workloads/simple.cfg"), "-o", "out", NULL};
  static const test_refusal lacks[] = {
      {{"--set", "mrlab.faults=w-2:disk2@3s"}, "mrlab: mrlab.faults: entry 1 names disk 2 of w-2, which has 1 disk"}};
  test_refusals("platform.cfg", test_lab(4), run, lacks, 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_lost_worker_costs_no_byte),
      cmocka_unit_test(nothing_is_rescheduled_before_the_expiry),
      cmocka_unit_test(only_outputs_still_needed_run_again),
      cmocka_unit_test(a_block_lost_with_its_replicas_fails_the_job),
      cmocka_unit_test(a_replica_that_does_not_answer_costs_the_client_timeout),
      cmocka_unit_test(write_pipelines_drop_a_lost_datanode),
      cmocka_unit_test(a_rack_names_all_its_workers),
      cmocka_unit_test(the_same_seed_gives_the_same_losses),
      cmocka_unit_test(a_dead_datanodes_blocks_are_copied_back),
      cmocka_unit_test(a_job_running_meanwhile_is_slowed_by_the_copies),
      cmocka_unit_test(a_child_reads_its_parents_copied_output_through_two_losses),
      cmocka_unit_test(a_datanode_back_keeps_its_replicas),
      cmocka_unit_test(a_failed_disk_fails_what_was_on_it),
      cmocka_unit_test(a_workers_last_disk_takes_the_worker),
  };
  TEST_MAIN(tests);
}
