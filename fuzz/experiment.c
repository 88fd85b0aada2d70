/* experiment.c - the fuzz harness of experiment files (mrlab validate).
 *
 * validate.c reads an experiment file in a static function,
 * read_experiments, and its one public function, validate_run, goes on to
 * run simulations in child processes.  So this harness includes validate.c
 * itself to reach read_experiments, which reads and checks every experiment
 * (its platform and its job, as `mrlab run` would) and runs nothing.  The
 * input is written as validate/experiments.cfg beside a link to the source
 * tree's platforms/, so the shipped experiments' "../platforms/toy4.cfg"
 * resolves as it does in the source tree. */
#include "fuzz.h"

#include "../validate/validate.c"

#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  char link[4096];
  snprintf(link, sizeof link, "%s/platforms", fuzz_dir());
  if (symlink(MRLAB_SOURCE_DIR "/platforms", link)) {
    perror(link);
    exit(2);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  cfg_file f;
  experiment *ex = NULL;
  int n_ex = 0;
  if (read_experiments(&f, fuzz_write("validate/experiments.cfg", data, size), &ex, &n_ex))
    fuzz_check_error("read_experiments", f.err);
  for (int e = 0; e < n_ex; e++) {
    grid_free(&ex[e].history);
    grid_free(&ex[e].targets);
  }
  free(ex);
  cfg_file_close(&f);
  return 0;
}
