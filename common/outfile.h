/* outfile.h - output files that appear whole or not at all.
 *
 * Every output (a run's CSVs and JSON, a validation's tables) is written to
 * a hidden temporary name in its directory and renamed when complete, so an
 * interrupted program never leaves a file that looks finished. */
#ifndef MRLAB_OUTFILE_H
#define MRLAB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
  char tmp[4096], final[4096];
  FILE *f; /* write here between open and close */
} outfile;

/* Opens DIR/.NAME.tmp for DIR/NAME.  Returns 0, or -1 with ERR set. */
int outfile_open(outfile *o, const char *dir, const char *name, char *err, size_t errlen);

/* Closes O and renames it to its final name.  Returns 0, or -1 with ERR set
 * (the temporary file removed) if any write failed. */
int outfile_close(outfile *o, char *err, size_t errlen);

/* Closes O and removes it: for an output left incomplete by an error. */
void outfile_discard(outfile *o);

/* mkdir -p DIR.  Returns 0, or -1 with "DIR: cannot create ...: reason" in ERR. */
int outfile_make_dirs(const char *dir, char *err, size_t errlen);

#endif
