/* shuffle_test.c - a fetch reads each map output from the disk it was
 * written to: with no page cache, map outputs on two disks, of one node or
 * of two nodes fetched rack by rack, are read at the speed of both disks;
 * and mrlab.shuffle.flows bounds a reducer's fetches of one chunk under way
 * at once: with one, the outputs of two nodes are fetched one after the
 * other, unless each is a stream of several chunks. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#define MiB 1048576.0

/* A rack of N_MAPPERS mappers (2 GiB of memory, all of it their two 1 GiB
 * map heaps, so no page cache) with DISKS (a libconfig list of disks), and
 * one reducer with a fast disk and plenty of memory. */
static const char *cluster(int n_mappers, const char *disks)
{
  static char text[4096];
  snprintf(text, sizeof text,
           "name = \"two-disks\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; },\n"
           "          { name = \"r2\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
           "node_classes = (\n"
           "  { name = \"m\"; count = %d; racks = [\"r1\"]; cores = 2; speed = \"100Gf\"; memory = \"2GiB\";\n"
           "    disks = %s; nic = { bandwidth = \"10Gbps\"; latency = \"50us\"; };\n"
           "    slots = { map = 2; reduce = 0; }; },\n"
           "  { name = \"r\"; count = 1; racks = [\"r2\"]; cores = 2; speed = \"100Gf\"; memory = \"8GiB\";\n"
           "    disks = ( { read = \"10GBps\"; write = \"10GBps\"; } ); nic = { bandwidth = \"10Gbps\"; latency = "
           "\"50us\"; };\n"
           "    slots = { map = 0; reduce = 1; }; } );\n"
           "master = { class = \"r\"; rack = \"r2\"; };\n",
           n_mappers, disks);
  return text;
}

static const char two_disks[] =
    "( { read = \"32MiBps\"; write = \"1GBps\"; }, { read = \"32MiBps\"; write = \"1GBps\"; } )";
static const char one_disk[] = "( { read = \"32MiBps\"; write = \"1GBps\"; } )";

/* Two 64 MiB maps, one on each disk of a mapper or on each of two mappers,
 * and one reducer that starts once both have ended, so that one fetch takes
 * both outputs.  One spill a map: no merge reads. */
static const char job[] =
    "jobs = ( { name = \"fetch\"; input = \"128MiB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;"
    " reduce_selectivity = 0.001; reducers = 1; placement = { %s };"
    " set = [\"dfs.blocksize=64m\", \"dfs.replication=1\", \"mapreduce.task.io.sort.mb=200\","
    " \"mapreduce.job.reduce.slowstart.completedmaps=1.0\"]; } );\n";

/* The reducer's shuffle time, from the end of its 1 s start-up, of a run of
 * the job on PLATFORM with its input on PLACEMENT, fetched host by host or
 * rack by rack, at most FLOWS fetches of one chunk at once (0: one per
 * fetcher), in chunks of CHUNK MiB. */
static double shuffle_time_flows(const char *platform, const char *placement, int by_rack, int flows, int chunk)
{
  char work[2048], bound[64], size[64];
  snprintf(work, sizeof work, job, placement);
  snprintf(bound, sizeof bound, "mrlab.shuffle.flows=%d", flows);
  snprintf(size, sizeof size, "mrlab.pipeline.chunk=%dMiB", chunk);
  const char *args[] = {
      "--set", by_rack ? "mrlab.shuffle.by.rack=true" : "mrlab.shuffle.by.rack=false", "--set", bound, "--set", size,
      NULL};
  test_csv *t = test_csv_in(test_simulate(platform, work, args), "tasks.csv");
  double time = -1;
  int maps = 0;
  for (int row = 1; row < t->n_rows; row++) {
    if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0)
      maps++;
    else
      time = test_csv_num(t, row, "shuffle_end") - test_csv_num(t, row, "start") - 1.0;
  }
  assert_int_equal(maps, 2);
  assert_int_equal(test_csv_num(t, t->n_rows - 1, "shuffle_bytes"), 128 * MiB);
  test_csv_free(t);
  return time;
}

static double shuffle_time(const char *platform, const char *placement, int by_rack)
{
  return shuffle_time_flows(platform, placement, by_rack, 0, 16);
}

/* 128 MiB read at 32 MiB/s from each of DISKS disks, in 16 MiB chunks, the
 * last of which then crosses the network (LV08: 0.97 of 10 Gbps). */
static double expected(int disks)
{
  return 128 / 32.0 / disks + 16 * MiB / (0.97 * 1.25e9);
}

static void a_fetch_reads_each_output_from_its_own_disk(void **state)
{
  (void)state;
  double two = shuffle_time(cluster(1, two_disks), "m-1 = 1.0;", 0);
  double one = shuffle_time(cluster(1, one_disk), "m-1 = 1.0;", 0);
  assert_close(two, expected(2), 0.02);
  assert_close(one, expected(1), 0.02);
}

static void a_fetch_by_rack_reads_each_hosts_disk(void **state)
{
  (void)state;
  /* two mappers of one disk each, one map on each: the rack's fetch reads both disks at once */
  double two = shuffle_time(cluster(2, one_disk), "m-1 = 1.0; m-2 = 1.0;", 1);
  assert_close(two, expected(2), 0.02);
}

/* Two mappers of one disk each, one map on each, fetched host by host: two
 * fetches of 64 MiB.  In chunks of 64 MiB each is one chunk, and one flow
 * fetches them one after the other; in chunks of 16 MiB each is a stream
 * of four, which the bound leaves alone. */
static void one_flow_fetches_the_hosts_one_after_the_other(void **state)
{
  (void)state;
  const char *platform = cluster(2, one_disk), *placement = "m-1 = 1.0; m-2 = 1.0;";
  double whole = 64 / 32.0 + 64 * MiB / (0.97 * 1.25e9); /* one fetch: read, then its one chunk crosses */
  double five = shuffle_time_flows(platform, placement, 0, 0, 64),
         two = shuffle_time_flows(platform, placement, 0, 2, 64),
         one = shuffle_time_flows(platform, placement, 0, 1, 64);
  assert_close(five, whole + 64 * MiB / (0.97 * 1.25e9), 0.02); /* both chunks cross the reducer's NIC at once */
  assert_close(two, five, 1e-9);
  assert_close(one, 2 * whole, 0.02);
  double streams = shuffle_time_flows(platform, placement, 0, 1, 16);
  assert_close(streams, expected(2), 0.02);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_fetch_reads_each_output_from_its_own_disk),
      cmocka_unit_test(a_fetch_by_rack_reads_each_hosts_disk),
      cmocka_unit_test(one_flow_fetches_the_hosts_one_after_the_other),
  };
  TEST_MAIN(tests);
}
