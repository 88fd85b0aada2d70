/* resume.c - stamps of runs and the partial validation directory
 * (resume.h).  A stamp is the text of what makes a run what it is: the
 * program's hash, the command line, and the hashes of the platform and
 * workload files it reads (a variant's derived platform, a provisioned
 * run's platform, each written again by this validation).  It is written
 * before the run starts, once the run's old directory has gone; a run
 * directory found later beside a matching stamp can therefore only have
 * been written by a run of those inputs.  Hashes are SHA-256 (checksum.h),
 * the checksums summary.json records. */
#define _GNU_SOURCE /* open_memstream */
#include "resume.h"

#include "alloc.h"
#include "checksum.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int resume_program_read(resume_program *p, const char *self, char *err, size_t errlen)
{
  return checksum_file(self, p->hash, err, errlen);
}

/* Whether file PATH holds TEXT exactly. */
static int holds(const char *path, const char *text)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return 0;
  size_t n = strlen(text), got = 0;
  char *buf = malloc(n + 1);
  if (buf)
    got = fread(buf, 1, n + 1, f);
  int same = buf && got == n && memcmp(buf, text, n) == 0;
  free(buf);
  fclose(f);
  return same;
}

/* Writes TEXT whole as file NAME of DIR.  0, or -1 with ERR. */
static int write_text(const char *dir, const char *name, const char *text, char *err, size_t errlen)
{
  outfile o;
  if (outfile_make_dirs(dir, err, errlen) || outfile_open(&o, dir, name, err, errlen))
    return -1;
  fputs(text, o.f);
  return outfile_close(&o, err, errlen);
}

/* resume_open with NAMES holding .resume, KEY the experiment's key line. */
static int open_partial(outdir *d, const char *dir, const char *const *names, const char *key, char *err, size_t errlen)
{
  int kept;
  if (outdir_resume(d, dir, names, &kept, err, errlen))
    return -1;
  char folder[sizeof d->tmp + 16], path[sizeof folder + 8];
  snprintf(folder, sizeof folder, "%s/.resume", d->tmp);
  snprintf(path, sizeof path, "%s/key", folder);
  if (kept && !holds(path, key)) { /* another experiment's, or cut before its key: start afresh */
    outdir_discard(d);
    if (outdir_resume(d, dir, names, &kept, err, errlen))
      return -1;
  }
  if (write_text(folder, "key", key, err, errlen)) {
    outdir_discard(d);
    return -1;
  }
  return 0;
}

int resume_open(outdir *d, const char *dir, const char *const *names, const char *experiment, char *err, size_t errlen)
{
  char key[32 + CHECKSUM_HEX] = "experiment ";
  if (checksum_file(experiment, key + strlen(key), err, errlen))
    return -1;
  strcat(key, "\n");
  /* the outputs, and .resume while DIR.partial holds it */
  size_t n = 0;
  while (names[n])
    n++;
  const char **ours = xcalloc(n + 2, sizeof *ours);
  memcpy(ours, names, n * sizeof *names);
  ours[n] = ".resume";
  int status = open_partial(d, dir, ours, key, err, errlen);
  free(ours);
  return status;
}

int resume_commit(outdir *d, char *err, size_t errlen)
{
  char folder[sizeof d->tmp + 16];
  snprintf(folder, sizeof folder, "%s/.resume", d->tmp);
  outfile_remove_tree(folder);
  return outdir_commit(d, err, errlen);
}

/* The stamp of simulation S of BASE with program P, in a new string. */
static char *stamp_text(const sim *s, const char *base, const resume_program *p)
{
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  fprintf(f, "program %s\n", p->hash);
  pool_command c;
  pool_command_make(&c, s, "mrlab");
  for (char **a = c.argv + 1; *a; a++)
    fprintf(f, "arg %s\n", *a);
  const char *files[] = {s->platform, s->workload};
  for (int i = 0; i < 2; i++) {
    char path[8192], hex[CHECKSUM_HEX] = "unreadable", why[1024];
    snprintf(path, sizeof path, "%s%s%s", files[i][0] == '/' ? "" : base, files[i][0] == '/' ? "" : "/", files[i]);
    checksum_file(path, hex, why, sizeof why);
    fprintf(f, "file %s %s\n", hex, files[i]);
  }
  fclose(f);
  return text;
}

/* The stamp file of simulation S of BASE: BASE/.resume/ and its run's path with '+' for '/' (in no name). */
static void stamp_path(const sim *s, const char *base, char *folder, size_t n_folder, char *name, size_t n_name)
{
  snprintf(folder, n_folder, "%s/.resume", base);
  snprintf(name, n_name, "%s", s->dir);
  for (char *c = name; *c; c++)
    *c = *c == '/' ? '+' : *c;
}

int resume_done(const sim *s, const char *base, const resume_program *p)
{
  char folder[8192], name[4096], path[16384];
  snprintf(path, sizeof path, "%s/%s", base, s->dir);
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
    return 0;
  stamp_path(s, base, folder, sizeof folder, name, sizeof name);
  snprintf(path, sizeof path, "%s/%s", folder, name);
  char *text = stamp_text(s, base, p);
  int same = holds(path, text);
  free(text);
  return same;
}

/* Removes what a run killed midway left beside directory RUN of BASE:
 * mrlab run's RUN.tmp-XXXXXX. */
static void remove_leftovers(const char *base, const char *run)
{
  char parent[8192], prefix[4096 + 8];
  const char *slash = strrchr(run, '/');
  snprintf(parent, sizeof parent, "%s/%.*s", base, slash ? (int)(slash - run) : 0, run);
  snprintf(prefix, sizeof prefix, "%s.tmp-", slash ? slash + 1 : run);
  DIR *d = opendir(parent);
  for (struct dirent *e; d && (e = readdir(d));)
    if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
      char path[16384];
      snprintf(path, sizeof path, "%s/%s", parent, e->d_name);
      outfile_remove_tree(path);
    }
  if (d)
    closedir(d);
}

int resume_start(const sim *s, const char *base, const resume_program *p, char *err, size_t errlen)
{
  char folder[8192], name[4096], path[16384];
  stamp_path(s, base, folder, sizeof folder, name, sizeof name);
  snprintf(path, sizeof path, "%s/%s", folder, name);
  remove(path);
  snprintf(path, sizeof path, "%s/%s", base, s->dir);
  outfile_remove_tree(path);
  remove_leftovers(base, s->dir);
  if (!p)
    return 0;
  char *text = stamp_text(s, base, p);
  int status = write_text(folder, name, text, err, errlen);
  free(text);
  return status;
}
