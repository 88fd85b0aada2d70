/* outfile.c - write to a temporary name, rename when whole (outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

int outfile_open(outfile *o, const char *dir, const char *name, char *err, size_t errlen)
{
  snprintf(o->final, sizeof o->final, "%s/%s", dir, name);
  snprintf(o->tmp, sizeof o->tmp, "%s/.%s.tmp", dir, name);
  o->f = fopen(o->tmp, "w");
  if (!o->f)
    snprintf(err, errlen, "%s: cannot write: %s", o->tmp, strerror(errno));
  return o->f ? 0 : -1;
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
