/* swim.c - the fuzz harness of SWIM traces: swim_read on the input (every
 * job, scaled by 1), and what it accepts written as a workload file and
 * read back by workload_read, as `mrlab import swim` then `mrlab run` do:
 * both may refuse, with a one-line message, but neither may crash. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  fuzz_import_check(swim_read(fuzz_write("trace.tsv", data, size), 0, 1, err, sizeof err), "swim", "swim_read", err);
  return 0;
}
