/* platform.c - the fuzz harness of platform files: platform_read on the
 * input, and on success the summary `mrlab platform` prints from it. */
#include "fuzz.h"

#include "platform.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  platform *p = platform_read(fuzz_write("platform.cfg", data, size), err, sizeof err);
  if (!p) {
    fuzz_check_error("platform_read", err);
    return 0;
  }
  FILE *null = fopen("/dev/null", "w");
  platform_print_summary(p, null);
  fclose(null);
  platform_free(p);
  return 0;
}
