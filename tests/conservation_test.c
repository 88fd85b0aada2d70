/* conservation_test.c - bytes are conserved from map input to reduce output.
 *
 * Runs one simulation in this process (SimGrid allows one per process) of a
 * job with a combiner, compressed map output, skewed partitions and three
 * output replicas on the two-rack cluster, then follows the bytes that the
 * pipes measured: split bytes are the map input, each partition's map
 * outputs are what its reducer fetched and then merged, and the reduce
 * output times the replication is what the write pipeline put on disks.
 * A map-only job beside it writes its maps' output, input times the map
 * selectivity, straight down the write pipeline.  Built a second time as
 * conservation_lazy, the same run under mrlab.disk.lazy (disks.h). */
#include "engine.h"
#include "jobs.h"
#include "test.h"
#include "topology.h"

#include <stdlib.h>
#include <string.h>

static engine *e;

static void splits_are_the_map_input(void **state)
{
  (void)state;
  const job *j = &e->jobs[0];
  int64_t splits = 0, read = 0;
  for (int m = 0; m < j->n_maps; m++) {
    splits += hdfs_block_bytes(j->input, j->maps[m].block);
    for (int k = 0; k < j->maps[m].n_attempts; k++)
      if (j->maps[m].attempts[k]->status == STATUS_SUCCEEDED) {
        assert_int_equal(j->maps[m].attempts[k]->phase_bytes[PHASE_READ], hdfs_block_bytes(j->input, m));
        read += j->maps[m].attempts[k]->phase_bytes[PHASE_READ];
      }
  }
  assert_int_equal(splits, j->desc->input);
  assert_int_equal(read, j->desc->input);
}

static void partitions_are_fetched_and_merged_whole(void **state)
{
  (void)state;
  const job *j = &e->jobs[0];
  int64_t all = 0;
  for (int p = 0; p < j->n_reduces; p++) {
    int64_t wire = 0, bytes = 0;
    for (int m = 0; m < j->n_maps; m++) {
      wire += engine_part_wire(&j->maps[m], p);
      bytes += engine_part_bytes(&j->maps[m], p);
    }
    all += bytes;
    const task *r = &j->reduces[p];
    int succeeded = 0;
    for (int k = 0; k < r->n_attempts; k++)
      if (r->attempts[k]->status == STATUS_SUCCEEDED) {
        succeeded++;
        assert_int_equal(r->attempts[k]->phase_bytes[PHASE_SHUFFLE], wire); /* fetched */
        assert_int_equal(r->attempts[k]->phase_bytes[PHASE_SORT], bytes);   /* reduce input */
      }
    assert_int_equal(succeeded, 1);
  }
  /* the combiner keeps 30% of the map output */
  assert_int_equal(all, llround((double)llround(0.5 * 128 * 1048576.0) * 0.3) * (j->n_maps - 1) +
                            llround((double)llround(0.5 * (double)hdfs_block_bytes(j->input, j->n_maps - 1)) * 0.3));
}

static void output_times_replication_reaches_disks(void **state)
{
  (void)state;
  const job *j = &e->jobs[0];
  for (int p = 0; p < j->n_reduces; p++)
    for (int k = 0; k < j->reduces[p].n_attempts; k++) {
      const attempt *a = j->reduces[p].attempts[k];
      if (a->status != STATUS_SUCCEEDED)
        continue;
      assert_int_equal(a->phase_bytes[PHASE_REDUCE], llround(0.8 * (double)a->phase_bytes[PHASE_SORT]));
      assert_int_equal(a->write_disk_bytes, 3 * a->phase_bytes[PHASE_REDUCE]);
    }
}

static void map_only_output_times_replication_reaches_disks(void **state)
{
  (void)state;
  const job *j = &e->jobs[1];
  assert_int_equal(j->n_reduces, 0);
  int64_t output = 0;
  for (int m = 0; m < j->n_maps; m++)
    for (int k = 0; k < j->maps[m].n_attempts; k++) {
      const attempt *a = j->maps[m].attempts[k];
      if (a->status != STATUS_SUCCEEDED)
        continue;
      assert_int_equal(a->phase_bytes[PHASE_MAP], llround(0.25 * (double)hdfs_block_bytes(j->input, m)));
      assert_int_equal(a->write_disk_bytes, 2 * a->phase_bytes[PHASE_MAP]);
      assert_int_equal(a->phase_bytes[PHASE_SPILL], 0);
      output += a->phase_bytes[PHASE_MAP];
    }
  assert_true(llabs(output - llround(0.25 * (double)j->desc->input)) <= j->n_maps); /* a byte a map of rounding */
  assert_true(j->finished);
}

int main(int argc, char **argv)
{
  char err[1024];
  const char *dir = test_tmpdir();
  const char *path = test_write_file(dir, "w.cfg",
                                     "jobs = ( { name = \"join\"; input = \"3GB\"; map_cost = 10.0; "
                                     "map_selectivity = 0.5; combiner = 0.3; combiner_cost = 5.0; "
                                     "reduce_cost = 10.0; reduce_selectivity = 0.8; reducers = 7; "
                                     "skew = [5.0, 1.0, 1.0, 0.5, 2.0, 1.0, 3.0]; "
                                     "set = [\"mapreduce.map.output.compress=true\", \"dfs.replication=3\"]; },\n"
                                     "  { name = \"filter\"; input = \"1GB\"; map_cost = 2.0; map_selectivity = 0.25; "
                                     "reducers = 0; set = [\"dfs.replication=2\"]; } );\n");
  platform *p = platform_read(test_source_path("platforms/hetero16.cfg"), err, sizeof err);
#ifdef CONSERVATION_LAZY /* conservation_lazy: the same with each disk time-shared as a host (disks.h) */
  const char *sets[] = {"mrlab.disk.lazy=true"};
  workload *w = workload_read(path, sets, 1, err, sizeof err);
  int lazy = 1;
#else
  workload *w = workload_read(path, NULL, 0, err, sizeof err);
  int lazy = 0;
#endif
  if (!p || !w) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  engine_init_simgrid(&argc, argv);
  if (topology_load(p, 0, lazy, err, sizeof err) || !(e = engine_alloc(p, w, 3, err, sizeof err))) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  if ((conf_get(&e->cluster, CONF_DISK_LAZY) != 0) != lazy) {
    fprintf(stderr, "mrlab.disk.lazy is not %d in the run\n", lazy);
    return 1;
  }
  engine_run(e);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(splits_are_the_map_input),
      cmocka_unit_test(partitions_are_fetched_and_merged_whole),
      cmocka_unit_test(output_times_replication_reaches_disks),
      cmocka_unit_test(map_only_output_times_replication_reaches_disks),
  };
  cmocka_set_message_output(CM_OUTPUT_TAP);
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  engine_free(e);
  workload_free(w);
  platform_free(p);
  return failed;
}
