/* hadoopconf.c - the fuzz harness of Hadoop XML configuration files:
 * hadoopconf_read on the input, as `mrlab run --conf` reads it, over the
 * defaults; its warnings and note go to /dev/null, its error must be one
 * line, and every property it set must still be one conf_format prints. */
#include "fuzz.h"

#include "conf.h"
#include "hadoopconf.h"

#include <stdio.h>
#include <stdlib.h>

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  if (!(devnull = fopen("/dev/null", "w"))) {
    perror("fuzz: /dev/null");
    exit(2);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *path = fuzz_write("site.xml", data, size);
  char err[1024] = "";
  conf c;
  conf_init(&c);
  if (hadoopconf_read(&path, 1, &c, devnull, err, sizeof err)) {
    fuzz_check_error("hadoopconf_read", err);
    return 0;
  }
  for (int k = 0; k < CONF_N_KEYS; k++) {
    char v[CONF_TEXT_MAX];
    conf_format(&c, k, v, sizeof v);
  }
  return 0;
}
