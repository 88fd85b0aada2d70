/* experiment.c - the fuzz harness of experiment files (mrlab validate).
 *
 * expfile_read (validate/expfile.h) reads and checks every experiment of
 * a file (its platform and its job, as `mrlab run` would), slurm_read
 * (pool/slurm.h) its `slurm` group, and neither runs anything: the
 * simulations start later, in validate_run.  The input is written as
 * validate/experiments.cfg beside links to the source tree's platforms/
 * and tests/, so the shipped experiments' "../platforms/toy4.cfg"
 * resolves as it does in the source tree, and a replay entry's
 * "../tests/fixtures/jhist/hetero16" reads the shipped history. */
#include "fuzz.h"

#include "expfile.h"
#include "slurm.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  static const char *const folders[] = {"platforms", "tests"};
  for (int k = 0; k < 2; k++) {
    char link[4096], target[4096];
    snprintf(link, sizeof link, "%s/%s", fuzz_dir(), folders[k]);
    snprintf(target, sizeof target, "%s/%s", MRLAB_SOURCE_DIR, folders[k]);
    if (symlink(target, link)) {
      perror(link);
      exit(2);
    }
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  cfg_file f;
  experiment *ex = NULL;
  comparison *cmp = NULL;
  progval ind = {0};
  dagval dv = {0};
  replayval rv = {0};
  int n_ex = 0, n_cmp = 0;
  pool_config pc = {.slurm = -1};
  if (expfile_read(&f, fuzz_write("validate/experiments.cfg", data, size), &ex, &n_ex, &cmp, &n_cmp, &ind, &dv, &rv))
    fuzz_check_error("expfile_read", f.err);
  else if (slurm_read(&f, &pc))
    fuzz_check_error("slurm_read", f.err);
  experiment_free_all(ex, n_ex);
  compare_free_all(cmp, n_cmp);
  progval_free(&ind);
  dagval_free(&dv);
  replayval_free(&rv);
  cfg_file_close(&f);
  return 0;
}
