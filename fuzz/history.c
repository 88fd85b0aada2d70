/* history.c - the fuzz harness of job histories: the input as one history
 * file, read as `mrlab import jhist` reads it (by its first line: a
 * .jhist's Avro-JSON, or Hadoop 1's records), and the jobs it gives written
 * as a workload file and read back by workload_read: each may refuse, with
 * a one-line message, but none may crash. */
#include "fuzz.h"
#include "history.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  const char *path = fuzz_write("h.jhist", data, size);
  history_skips skips = {0, 0};
  int n = 0, left_out = 0;
  history_job **jobs = history_read_all(&path, 1, &n, &skips, err, sizeof err);
  if (!jobs) {
    fuzz_check_error("history_read_all", err);
    return 0;
  }
  fuzz_import_check(history_trace(jobs, n, &left_out, err, sizeof err), "jhist", "history_trace", err);
  history_jobs_free(jobs, n);
  return 0;
}
