/* fuzz.c - the scratch files of the fuzz harnesses (see fuzz.h). */
#define _GNU_SOURCE /* nftw */
#include "fuzz.h"

#include "workload.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[1024];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void remove_dir(void)
{
  nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *fuzz_dir(void)
{
  if (!dir[0]) {
    const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/mrlab-fuzz-XXXXXX", base);
    if (!mkdtemp(dir)) {
      perror(dir);
      abort();
    }
    atexit(remove_dir);
  }
  return dir;
}

const char *fuzz_write(const char *name, const uint8_t *data, size_t size)
{
  static char paths[4][4096];
  static int next;
  char *path = paths[next++ % 4];
  snprintf(path, sizeof paths[0], "%s/%s", fuzz_dir(), name);
  char *slash = strrchr(path, '/');
  *slash = '\0';
  if (mkdir(path, 0700) && errno != EEXIST) {
    perror(path);
    abort();
  }
  *slash = '/';
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
    perror(path);
    abort();
  }
  return path;
}

void fuzz_check_error(const char *reader, const char *err)
{
  if (!err[0] || strchr(err, '\n')) {
    fprintf(stderr, "fuzz: %s failed with %s message: \"%s\"\n", reader, err[0] ? "a multi-line" : "an empty", err);
    abort();
  }
}

void fuzz_import_check(import_trace *t, const char *format, const char *reader, const char *err)
{
  if (!t) {
    fuzz_check_error(reader, err);
    return;
  }
  const char *path = fuzz_write("workload.cfg", (const uint8_t *)"", 0);
  FILE *f = fopen(path, "w");
  import_write(t, format, "fuzz", f);
  fclose(f);
  import_trace_free(t);
  char read_err[1024] = "";
  workload *w = workload_read(path, NULL, 0, read_err, sizeof read_err);
  if (!w)
    fuzz_check_error("workload_read", read_err);
  workload_free(w);
}
