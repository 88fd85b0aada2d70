/* workload.c - the fuzz harness of workload files: workload_read on the
 * input, then engine_alloc on a fixed small platform (platforms/toy4.cfg,
 * loaded into SimGrid once), which places the inputs in HDFS and builds the
 * tasks as `mrlab run` does before the clock starts.  The simulation itself
 * is not run: one SimGrid run a process, and a fuzzer needs thousands. */
#include "fuzz.h"

#include "engine.h"
#include "platform.h"
#include "topology.h"
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>

static platform *toy4;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  char name[] = "fuzz", *args[] = {name, NULL}, err[1024];
  int n = 1;
  engine_init_simgrid(&n, args);
  if (!(toy4 = platform_read(MRLAB_SOURCE_DIR "/platforms/toy4.cfg", err, sizeof err)) ||
      topology_load(toy4, 1, 0, err, sizeof err)) {
    fprintf(stderr, "fuzz: %s\n", err);
    exit(2);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  workload *w = workload_read(fuzz_write("workload.cfg", data, size), NULL, 0, err, sizeof err);
  if (!w) {
    fuzz_check_error("workload_read", err);
    return 0;
  }
  engine *e = engine_alloc(toy4, w, 1, err, sizeof err);
  if (!e)
    fuzz_check_error("engine_alloc", err);
  engine_free(e);
  workload_free(w);
  return 0;
}
