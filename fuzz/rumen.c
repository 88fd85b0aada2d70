/* rumen.c - the fuzz harness of Rumen traces: rumen_read on the input, and
 * what it accepts written as a workload file and read back by
 * workload_read, as `mrlab import rumen` then `mrlab run` do: both may
 * refuse, with a one-line message, but neither may crash. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  fuzz_import_check(rumen_read(fuzz_write("trace.json", data, size), err, sizeof err), "rumen", "rumen_read", err);
  return 0;
}
