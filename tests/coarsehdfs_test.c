/* coarsehdfs_test.c - HDFS's transfers by rack pair (mrlab.hdfs.coarse,
 * sim/coarsehdfs.c).
 *
 * Runs mrlab as a user would, on the two-rack hetero16 cluster and on
 * racks of four workers written here: with the approximation every attempt
 * ends and every replica of every output gets all its bytes, the run says
 * in summary.json that it used it (and its cap), a seed gives the same
 * bytes twice, the flows of each kind in flight stay within a flow a rack
 * pair (a cap's number a rack with one), a carrier's flow takes the time
 * its bytes need where the uplinks bound the writes (as long as the
 * faithful run), and the order in which a capped carrier goes round the
 * source racks is drawn from the seed, not the platform file's. */
#include "test.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* A map-only job that writes three times what it reads and a sort-like job
 * with reducers, both writing three replicas. */
static const char *const writers = "jobs = ( { name = \"writes\"; input = \"2GB\"; reducers = 0; output = \"6GB\";"
                                   " map_cost = 10.0; },"
                                   " { name = \"sorts\"; input = \"2GB\"; map_cost = 10.0; map_selectivity = 1.0;"
                                   " reduce_cost = 10.0; reduce_selectivity = 1.0; reducers = 4; } );\n";

static const char *const coarse[] = {"--set", "mrlab.hdfs.coarse=true", NULL};
static const char *const capped[] = {"--set", "mrlab.hdfs.coarse=true", "--set", "mrlab.hdfs.coarse.carriers=1", NULL};

static const char *hetero16(void)
{
  return test_source_path("platforms/hetero16.cfg");
}

/* Every attempt of run DIR ended, and each successful task wrote three
 * replicas of its output: a map of the map-only job what its map function
 * made, a reducer what its reduce function made. */
static void check_replicas(const char *dir)
{
  test_csv *t = test_csv_in(dir, "tasks.csv");
  int maps = 0, reduces = 0;
  for (int row = 1; row < t->n_rows; row++) {
    const char *status = test_csv_cell(t, row, "status"), *kind = test_csv_cell(t, row, "kind");
    if (strcmp(status, "SUCCEEDED") && strcmp(status, "KILLED"))
      fail_msg("attempt %s ended %s", test_csv_cell(t, row, "task"), status);
    if (strcmp(status, "SUCCEEDED"))
      continue;
    if (strcmp(test_csv_cell(t, row, "job"), "writes") == 0) {
      maps++;
      assert_true(test_csv_num(t, row, "write_bytes") == 3 * test_csv_num(t, row, "map_bytes"));
    } else if (strcmp(kind, "reduce") == 0) {
      reduces++;
      assert_true(test_csv_num(t, row, "write_bytes") == 3 * test_csv_num(t, row, "reduce_bytes"));
    }
  }
  assert_int_equal(maps, 15); /* 2 GB / 128 MiB */
  assert_int_equal(reduces, 4);
  test_csv_free(t);
}

static void every_replica_gets_every_byte(void **state)
{
  (void)state;
  check_replicas(test_simulate(hetero16(), writers, coarse));
  check_replicas(test_simulate(hetero16(), writers, capped));
}

static void the_run_says_it_moved_hdfs_by_rack_pair(void **state)
{
  (void)state;
  const char *summary = test_read_file(test_simulate(hetero16(), writers, coarse), "summary.json");
  assert_true(test_lists_approximation(summary, "\"mrlab.hdfs.coarse=true\""));
  assert_false(test_lists_approximation(summary, "mrlab.hdfs.coarse.carriers"));
  summary = test_read_file(test_simulate(hetero16(), writers, capped), "summary.json");
  assert_true(test_lists_approximation(summary, "\"mrlab.hdfs.coarse.carriers=1\""));
  summary = test_read_file(test_simulate(hetero16(), writers, capped + 2), "summary.json"); /* the cap alone */
  assert_false(test_lists_approximation(summary, "mrlab.hdfs.coarse"));
}

static void a_seed_gives_the_same_run(void **state)
{
  (void)state;
  char first[4096];
  const char *args[] = {"--set", "mrlab.hdfs.coarse=true", "--set", "mrlab.hdfs.coarse.carriers=1", "--seed", "3",
                        NULL};
  snprintf(first, sizeof first, "%s", test_simulate(hetero16(), writers, args));
  const char *second = test_simulate(hetero16(), writers, args);
  const char *files[] = {"tasks.csv", "jobs.csv"}; /* summary.json names the workload's path */
  for (int f = 0; f < 2; f++)
    if (!test_same_file(first, second, files[f]))
      fail_msg("%s differs between two runs with seed 3", files[f]);
}

/* The most flows of purpose KIND in flight at once in run DIR. */
static long most_in_flight(const char *dir, const char *kind)
{
  char path[4200];
  snprintf(path, sizeof path, "%s/summary.json", dir);
  json_t *root = json_load_file(path, 0, NULL);
  assert_non_null(root);
  json_t *most = json_object_get(
      json_object_get(json_object_get(json_object_get(root, "activities"), "flows_in_flight"), "max_by_kind"), kind);
  assert_non_null(most);
  long n = (long)json_integer_value(most);
  json_decref(root);
  return n;
}

/* On two racks, a kind has at most a flow a rack pair in flight (4), and
 * with one carrier a rack, one a destination rack (2); the faithful model,
 * a flow a transfer, has more. */
static void carriers_bound_the_flows_in_flight(void **state)
{
  (void)state;
  const char *kinds[] = {"hdfs_write", "hdfs_read"};
  for (int k = 0; k < 2; k++) {
    assert_in_range(most_in_flight(test_simulate(hetero16(), writers, coarse), kinds[k]), 1, 4);
    assert_in_range(most_in_flight(test_simulate(hetero16(), writers, capped), kinds[k]), 1, 2);
  }
  assert_true(most_in_flight(test_simulate(hetero16(), writers, NULL), "hdfs_write") > 4);
}

/* RACKS racks of four workers each, named rack1 to rackRACKS and listed in
 * that order or, if REVERSED, the other way round (the workers are dealt to
 * them alike either way), their uplinks of UPLINK. */
static const char *racks_of_four(int racks, int reversed, const char *uplink)
{
  static char text[4096];
  char list[1024] = "", names[256] = "";
  for (int k = 0; k < racks; k++) {
    char rack[160], name[32];
    snprintf(rack, sizeof rack, "%s{ name = \"rack%d\"; uplink = { bandwidth = \"%s\"; latency = \"10us\"; }; }",
             k ? ", " : "", reversed ? racks - k : k + 1, uplink);
    strcat(list, rack);
    snprintf(name, sizeof name, "%s\"rack%d\"", k ? ", " : "", k + 1);
    strcat(names, name);
  }
  snprintf(text, sizeof text,
           "name = \"racks\";\ncore = { bandwidth = \"40Gbps\"; latency = \"5us\"; };\nracks = ( %s );\n"
           "node_classes = ( { name = \"node\"; count = %d; racks = [%s];"
           " cores = 8; speed = \"3Gf\"; memory = \"32GiB\"; disks = ( { read = \"120MBps\"; write = \"100MBps\"; } );"
           " nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 4; reduce = 2; }; } );\n"
           "master = { class = \"node\"; rack = \"rack1\"; };\n",
           list, 4 * racks, names);
  return text;
}

/* Two racks whose 100 Mbps uplinks bound the writes: a map-only job's 2 GB
 * of output sends each block's second replica to the other rack, so each
 * uplink carries about 1 GB each way, 80 s at 12.5 MB/s.  The carriers'
 * flows take that long, and the run ends within 5% of the faithful one. */
static void carriers_take_the_time_their_bytes_need(void **state)
{
  (void)state;
  const char *job = "jobs = ( { name = \"w\"; input = \"2GB\"; reducers = 0; output = \"2GB\"; map_cost = 10.0; } );\n";
  double faithful = test_makespan(test_simulate(racks_of_four(2, 0, "100Mbps"), job, NULL));
  assert_true(faithful >= 80);
  double by_pair = test_makespan(test_simulate(racks_of_four(2, 0, "100Mbps"), job, coarse));
  assert_true(by_pair >= 80);
  assert_close(by_pair / faithful, 1.0, 0.05);
  assert_close(test_makespan(test_simulate(racks_of_four(2, 0, "100Mbps"), job, capped)) / faithful, 1.0, 0.05);
}

/* The source racks, by number, of the flows of writes into rack1 in a run of
 * a map-only job on four racks, listed in order or REVERSED, with one
 * carrier a rack and SEED; a number a flow, up to 9. */
static long rounds_into_rack1(int reversed, int seed)
{
  test_run r;
  char dir[4096], platform[4160], workload[4160], out[4160], s[16];
  snprintf(dir, sizeof dir, "%s", test_tmpdir());
  snprintf(platform, sizeof platform, "%s", test_write_file(dir, "four.cfg", racks_of_four(4, reversed, "1Gbps")));
  snprintf(workload, sizeof workload, "%s",
           test_write_file(dir, "w.cfg",
                           "jobs = ( { name = \"w\"; input = \"4GB\"; reducers = 0; output = \"4GB\";"
                           " map_cost = 10.0; } );\n"));
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(s, sizeof s, "%d", seed);
  test_run_mrlab(&r, NULL,
                 (const char *const[]){"run", platform, workload, "--seed", s, "--set", "mrlab.hdfs.coarse=true",
                                       "--set", "mrlab.hdfs.coarse.carriers=1", "--log=mrlab.coarsehdfs.thres:info",
                                       "-o", out, NULL});
  if (r.status)
    fail_msg("status %d: %s", r.status, r.err);
  long round = 0;
  int n = 0;
  for (const char *line = strstr(r.err, "writes into rack1 from rack"); line && n < 9;
       line = strstr(line + 1, "writes into rack1 from rack"), n++)
    round = 10 * round + atoi(line + strlen("writes into rack1 from rack"));
  assert_int_equal(n, 9);
  return round;
}

/* Which source rack a capped carrier serves next is drawn from the seed for
 * the racks' names, not taken from the platform file's order: listed the
 * other way round, the racks send in the same order, and that order
 * changes with the seed. */
static void a_carriers_round_is_drawn_not_listed(void **state)
{
  (void)state;
  long rounds[3];
  for (int seed = 1; seed <= 3; seed++) {
    rounds[seed - 1] = rounds_into_rack1(0, seed);
    assert_int_equal(rounds_into_rack1(1, seed), rounds[seed - 1]);
  }
  assert_true(rounds[0] != rounds[1] || rounds[1] != rounds[2]);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_replica_gets_every_byte),
      cmocka_unit_test(the_run_says_it_moved_hdfs_by_rack_pair),
      cmocka_unit_test(a_seed_gives_the_same_run),
      cmocka_unit_test(carriers_bound_the_flows_in_flight),
      cmocka_unit_test(carriers_take_the_time_their_bytes_need),
      cmocka_unit_test(a_carriers_round_is_drawn_not_listed),
  };
  TEST_MAIN(tests);
}
