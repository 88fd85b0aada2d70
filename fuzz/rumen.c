/* rumen.c - the fuzz harness of Rumen traces: rumen_read on the input, and
 * what it accepts written as a workload file and read back by
 * workload_read, as `mrlab import rumen` then `mrlab run` do: both may
 * refuse, with a one-line message, but neither may crash. */
#include "fuzz.h"

#include "import.h"
#include "workload.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  import_trace *t = rumen_read(fuzz_write("trace.json", data, size), err, sizeof err);
  if (!t) {
    fuzz_check_error("rumen_read", err);
    return 0;
  }
  const char *path = fuzz_write("workload.cfg", (const uint8_t *)"", 0);
  FILE *f = fopen(path, "w");
  import_write(t, "rumen", "fuzz", f);
  fclose(f);
  import_trace_free(t);
  workload *w = workload_read(path, NULL, 0, err, sizeof err);
  if (!w)
    fuzz_check_error("workload_read", err);
  workload_free(w);
  return 0;
}
