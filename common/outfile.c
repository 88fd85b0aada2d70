/* outfile.c - outputs written whole: files by rename, directories by swap (outfile.h). */
#define _GNU_SOURCE /* renameat2, nftw */
#include "outfile.h"

#include "infile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int outfile_open(outfile *o, const char *dir, const char *name, char *err, size_t errlen)
{
  int n = snprintf(o->final, sizeof o->final, "%s/%s", dir, name);
  int m = snprintf(o->tmp, sizeof o->tmp, "%s/.%s.tmp", dir, name);
  if (n < 0 || m < 0 || (size_t)n >= sizeof o->final || (size_t)m >= sizeof o->tmp) {
    o->f = NULL;
    snprintf(err, errlen, "%s/%s: cannot write: the path is longer than %zu bytes", dir, name, sizeof o->tmp - 1);
    return -1;
  }
  o->f = fopen(o->tmp, "w");
  if (!o->f) {
    int e = errno;
    snprintf(err, errlen, "%s: cannot write: %s", o->final, strerror(e));
    errno = e;
  }
  return o->f ? 0 : -1;
}

int outfile_open_named(outfile *o, const char *file, const char *const *inputs, char *err, size_t errlen)
{
  o->f = NULL;
  size_t n = strlen(file);
  const char *slash = strrchr(file, '/');
  struct stat st, in;
  if (n == 0 || file[n - 1] == '/') {
    snprintf(err, errlen, "%s: expected the name of a file to write, got a directory's", file);
    return -1;
  }
  if (lstat(file, &st) == 0 && !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "%s: expected a new file or a regular file to replace, got %s", file, infile_kind(&st));
    return -1;
  }
  for (int i = 0; inputs && inputs[i]; i++)
    if (lstat(file, &st) == 0 && stat(inputs[i], &in) == 0 && st.st_dev == in.st_dev && st.st_ino == in.st_ino) {
      snprintf(err, errlen, "%s: expected an output file, got the input %s", file, inputs[i]);
      return -1;
    }
  char dir[4096];
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - file) + (slash == file) : 1, slash ? file : ".");
  if (outfile_open(o, dir, slash ? slash + 1 : file, err, errlen)) {
    snprintf(err, errlen, "%s: cannot write: %s", file, strerror(errno));
    return -1;
  }
  snprintf(o->final, sizeof o->final, "%s", file); /* the name messages give */
  return 0;
}

int outfile_close(outfile *o, char *err, size_t errlen)
{
  int bad = ferror(o->f);
  bad |= fclose(o->f) != 0;
  if (bad || rename(o->tmp, o->final) != 0) {
    snprintf(err, errlen, "%s: cannot write: %s", o->final, strerror(errno));
    remove(o->tmp);
    return -1;
  }
  return 0;
}

void outfile_discard(outfile *o)
{
  fclose(o->f);
  remove(o->tmp);
}

const char *outfile_tmpdir(void)
{
  const char *dir = getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

FILE *outfile_scratch(void)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/mrlab-scratch-XXXXXX", outfile_tmpdir());
  int fd = mkstemp(path);
  if (fd < 0)
    return NULL;
  unlink(path);
  FILE *f = fdopen(fd, "w+");
  if (!f) {
    int saved = errno;
    close(fd);
    errno = saved;
  }
  return f;
}

int outfile_make_dirs(const char *dir, char *err, size_t errlen)
{
  char path[4096];
  snprintf(path, sizeof path, "%s", dir);
  for (char *c = path + 1;; c++)
    if (*c == '/' || !*c) {
      char end = *c;
      *c = '\0';
      if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot create the directory: %s", path, strerror(errno));
        return -1;
      }
      if (!(*c = end))
        return 0;
    }
}

/* Whether ENTRY of an old output directory is one of NAMES (each a name or
 * an fnmatch pattern such as "seed-*") or the hidden temporary of one. */
static int is_ours(const char *entry, const char *const *names)
{
  size_t n = strlen(entry);
  char inner[1024];
  int hidden = n > 5 && n - 5 < sizeof inner && entry[0] == '.' && strcmp(entry + n - 4, ".tmp") == 0;
  if (hidden)
    snprintf(inner, sizeof inner, "%.*s", (int)(n - 5), entry + 1);
  for (; *names; names++)
    if (fnmatch(*names, entry, FNM_PERIOD) == 0 || (hidden && fnmatch(*names, inner, FNM_PERIOD) == 0))
      return 1;
  return 0;
}

/* Checks that DIR, if it exists, may be replaced by a new output directory.  0, or -1 with ERR. */
static int check_replaceable(const char *dir, const char *const *names, char *err, size_t errlen)
{
  struct stat st;
  if (lstat(dir, &st) != 0) {
    if (errno == ENOENT)
      return 0;
    snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "%s: expected a directory to write outputs into, got %s", dir,
             S_ISLNK(st.st_mode) ? "a symbolic link (name the directory it points to)" : infile_kind(&st));
    return -1;
  }
  DIR *d = opendir(dir);
  if (!d) {
    snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
    return -1;
  }
  int status = 0;
  for (struct dirent *e; !status && (e = readdir(d));)
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && !is_ours(e->d_name, names)) {
      snprintf(err, errlen,
               "%s: expected a new directory or an earlier output of mrlab to replace, got one holding \"%s\"", dir,
               e->d_name);
      status = -1;
    }
  closedir(d);
  return status;
}

/* D's final name from DIR, after checking that DIR, if it exists, may be replaced.  0, or -1 with ERR. */
static int outdir_name(outdir *d, const char *dir, const char *const *names, char *err, size_t errlen)
{
  size_t n = strlen(dir);
  if (n >= sizeof d->final) {
    snprintf(err, errlen, "%.64s...: expected a directory name of under %zu bytes", dir, sizeof d->final);
    return -1;
  }
  while (n > 1 && dir[n - 1] == '/')
    n--;
  snprintf(d->final, sizeof d->final, "%.*s", (int)n, dir);
  const char *base = strrchr(d->final, '/');
  base = base ? base + 1 : d->final;
  if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
    snprintf(err, errlen, "%s: expected the name of a directory to write outputs into", dir);
    return -1;
  }
  if (base > d->final + 1) { /* its parents */
    char parent[4096];
    snprintf(parent, sizeof parent, "%.*s", (int)(base - 1 - d->final), d->final);
    if (outfile_make_dirs(parent, err, errlen))
      return -1;
  }
  return check_replaceable(d->final, names, err, errlen);
}

/* The directories outdir_open made that are not yet committed or discarded:
 * a command has one or two open at once. */
#define MAX_OPEN 8
static outdir open_dirs[MAX_OPEN];
static int n_open;

static void forget(const outdir *d)
{
  for (int i = 0; i < n_open; i++)
    if (strcmp(open_dirs[i].tmp, d->tmp) == 0) {
      open_dirs[i] = open_dirs[--n_open];
      return;
    }
}

void outdir_discard_open(void)
{
  while (n_open > 0) {
    outdir *d = &open_dirs[--n_open];
    outfile_remove_tree(d->tmp);
    fprintf(stderr, "mrlab: interrupted; %s left as it was\n", d->final);
  }
}

int outdir_open(outdir *d, const char *dir, const char *const *names, char *err, size_t errlen)
{
  if (outdir_name(d, dir, names, err, errlen))
    return -1;
  snprintf(d->tmp, sizeof d->tmp, "%s.tmp-XXXXXX", d->final);
  mode_t mask = umask(0);
  umask(mask);
  if (!mkdtemp(d->tmp) || chmod(d->tmp, 0777 & ~mask) != 0) { /* mkdtemp's 0700 is no output's */
    snprintf(err, errlen, "%s: cannot create the directory: %s", d->final, strerror(errno));
    return -1;
  }
  if (n_open < MAX_OPEN)
    open_dirs[n_open++] = *d;
  return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

void outfile_remove_tree(const char *path)
{
  nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int outdir_resume(outdir *d, const char *dir, const char *const *names, int *kept, char *err, size_t errlen)
{
  if (outdir_name(d, dir, names, err, errlen))
    return -1;
  snprintf(d->tmp, sizeof d->tmp, "%s.partial", d->final);
  struct stat st;
  *kept = lstat(d->tmp, &st) == 0;
  if (*kept)
    return check_replaceable(d->tmp, names, err, errlen);
  if (mkdir(d->tmp, 0777) != 0) {
    snprintf(err, errlen, "%s: cannot create the directory: %s", d->tmp, strerror(errno));
    return -1;
  }
  return 0;
}

/* Puts D->tmp in DIR's place when the file system cannot exchange the two:
 * the old DIR aside first, back again if the new one cannot go in.  Leaves
 * the old directory in D->tmp.  0, or -1 with errno set. */
static int swap_by_renames(outdir *d)
{
  char aside[sizeof d->tmp];
  snprintf(aside, sizeof aside, "%s.old-XXXXXX", d->final);
  if (!mkdtemp(aside))
    return -1;
  if (rename(d->final, aside) != 0) { /* onto an empty directory */
    int e = errno;
    rmdir(aside);
    return errno = e, -1;
  }
  if (rename(d->tmp, d->final) != 0) {
    int e = errno;
    rename(aside, d->final);
    return errno = e, -1;
  }
  rename(aside, d->tmp);
  return 0;
}

int outdir_commit(outdir *d, char *err, size_t errlen)
{
  struct stat st;
  int status;
  if (lstat(d->final, &st) != 0 && errno == ENOENT) {
    status = rename(d->tmp, d->final);
  } else {
    status = renameat2(AT_FDCWD, d->tmp, AT_FDCWD, d->final, RENAME_EXCHANGE);
    if (status != 0 && (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP))
      status = swap_by_renames(d);
  }
  if (status != 0)
    snprintf(err, errlen, "%s: cannot replace it with %s: %s", d->final, d->tmp, strerror(errno));
  outfile_remove_tree(d->tmp); /* the old directory, or the new one that could not go in */
  forget(d);
  return status ? -1 : 0;
}

void outdir_discard(outdir *d)
{
  outfile_remove_tree(d->tmp);
  forget(d);
}
