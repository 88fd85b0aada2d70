/* replay.c - main() for the fuzz harnesses without libFuzzer: runs each
 * file named on the command line through the harness once, as libFuzzer
 * does when given files, so that gcc builds (the normal and sanitizer
 * builds of the test suite) can replay the kept regression inputs.  A
 * crash ends the process as it would under libFuzzer; an input that takes
 * longer than REPLAY_TIMEOUT seconds is a hang, ended by SIGALRM. */
#include "fuzz.h"

#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { REPLAY_TIMEOUT = 10 };

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  return 0;
}

int main(int argc, char **argv)
{
  LLVMFuzzerInitialize(&argc, &argv);
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) {
      perror(argv[i]);
      return 2;
    }
    size_t cap = 4096, n = 0;
    unsigned char *data = xmalloc(cap);
    for (size_t got; (got = fread(data + n, 1, cap - n, f)) > 0;)
      if ((n += got) == cap)
        data = xrealloc(data, cap *= 2);
    fclose(f);
    fprintf(stderr, "replay: %s\n", argv[i]);
    alarm(REPLAY_TIMEOUT);
    LLVMFuzzerTestOneInput(data, n);
    alarm(0);
    free(data);
  }
  return 0;
}
