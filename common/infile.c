/* infile.c - inputs that are regular files of bounded size (infile.h). */
#include "infile.h"

#include "alloc.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *infile_kind(const struct stat *st)
{
  return S_ISREG(st->st_mode)                           ? "a regular file"
         : S_ISDIR(st->st_mode)                         ? "a directory"
         : S_ISLNK(st->st_mode)                         ? "a symbolic link (name the file it points to)"
         : S_ISFIFO(st->st_mode)                        ? "a named pipe"
         : S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "a device"
         : S_ISSOCK(st->st_mode)                        ? "a socket"
                                                        : "something other than a regular file";
}

/* 0 if ST is a regular file of at most MAX bytes; -1 with ERR otherwise. */
static int check(const struct stat *st, const char *path, const char *expected, long max, char *err, size_t errlen)
{
  if (!S_ISREG(st->st_mode)) {
    snprintf(err, errlen, "%s: expected %s, got %s", path, expected, infile_kind(st));
    return -1;
  }
  if (st->st_size > max) {
    snprintf(err, errlen, "%s: expected at most %ld MiB (mrlab's bound on %s), got %.0f MiB", path, max >> 20,
             expected, (double)st->st_size / (1 << 20));
    return -1;
  }
  return 0;
}

int infile_open(const char *path, const char *expected, long max, char *err, size_t errlen)
{
  struct stat st;
  err[0] = '\0';
  if (stat(path, &st) != 0) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  if (check(&st, path, expected, max, err, errlen))
    return -1;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  if (fstat(fd, &st) != 0 || check(&st, path, expected, max, err, errlen) ||
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
    if (!err[0])
      snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  return fd;
}

FILE *infile_fopen(const char *path, const char *expected, long max, char *err, size_t errlen)
{
  int fd = infile_open(path, expected, max, err, errlen);
  FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
  if (fd >= 0 && !f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    close(fd);
  }
  return f;
}

char *infile_read(const char *path, const char *expected, long max, size_t *len, char *err, size_t errlen)
{
  FILE *f = infile_fopen(path, expected, max, err, errlen);
  if (!f)
    return NULL;
  /* reading stops past the bound, so a file grown since fstat costs no more than that */
  size_t cap = 1 << 16;
  char *text = xmalloc(cap);
  *len = 0;
  for (size_t got; *len <= (size_t)max && (got = fread(text + *len, 1, cap - *len - 1, f)) > 0;)
    if ((*len += got) == cap - 1)
      text = xrealloc(text, cap *= 2);
  int bad = ferror(f);
  fclose(f);
  if (bad || *len > (size_t)max) {
    if (bad)
      snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    else
      snprintf(err, errlen, "%s: expected at most %ld MiB (mrlab's bound on %s), got more", path, max >> 20, expected);
    free(text);
    return NULL;
  }
  text[*len] = '\0';
  return text;
}
