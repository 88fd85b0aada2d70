/* outfile.h - outputs that appear whole or not at all.
 *
 * Two levels.  An output file is written to a hidden temporary name in its
 * directory and renamed when complete, so an interrupted program never
 * leaves a file that looks finished.  An output directory (a run's, a
 * validation's) is written whole into a temporary sibling and swapped in
 * for the old one at the end, so it holds either all the old files or all
 * the new ones, never a mix:
 *
 *     outdir d;
 *     if (outdir_open(&d, "run", names, err, errlen)) ...    (creates run.tmp-XXXXXX)
 *     outfile_open(&o, d.tmp, "tasks.csv", ...) ... outfile_close(&o, ...)
 *     if (failed) outdir_discard(&d);                        (run/ untouched)
 *     else outdir_commit(&d, err, errlen);                   (run/ replaced whole)
 *
 * The swap is one renameat2(RENAME_EXCHANGE) where the file system has it
 * (Linux 3.15 on ext4, xfs, btrfs, tmpfs): DIR never stops existing.  Where
 * it does not, the old DIR is renamed aside, the new one renamed in, and on
 * a failure between the two the old one is put back.  Either way the old
 * directory is then removed with everything in it. */
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

/* Opens FILE, an output file the user named (-o), as outfile_open does,
 * once it is known that FILE may be written: it must be missing or a
 * regular file (not a directory, a device, a pipe or a symbolic link), and
 * none of INPUTS (a NULL-terminated list of the command's input files, or
 * NULL), so that -o never replaces what is not an output.  Returns 0, or
 * -1 with ERR naming FILE as given (a refusal: exit status 2). */
int outfile_open_named(outfile *o, const char *file, const char *const *inputs, char *err, size_t errlen);

/* Closes O and renames it to its final name.  Returns 0, or -1 with ERR set
 * (the temporary file removed) if any write failed. */
int outfile_close(outfile *o, char *err, size_t errlen);

/* Closes O and removes it: for an output left incomplete by an error. */
void outfile_discard(outfile *o);

/* The directory for temporary files: $TMPDIR when set and not empty, else /tmp. */
const char *outfile_tmpdir(void);

/* A temporary file in outfile_tmpdir() (tmpfile(3) ignores TMPDIR), open
 * for reading and writing and already unlinked, so that it goes when it is
 * closed.  Returns NULL with errno set on failure. */
FILE *outfile_scratch(void);

/* mkdir -p DIR.  Returns 0, or -1 with "DIR: cannot create ...: reason" in ERR. */
int outfile_make_dirs(const char *dir, char *err, size_t errlen);

typedef struct {
  char final[4096];    /* the directory as it will be named, trailing slashes removed */
  char tmp[4096 + 16]; /* FINAL.tmp-XXXXXX beside it, where the outputs are written */
} outdir;

/* Starts a new version of directory DIR: creates DIR's parents if missing
 * and an empty temporary directory D->tmp beside DIR.  An existing DIR must
 * be a directory holding nothing but entries named in NAMES (a NULL-
 * terminated list: the files and folders the caller writes, each a name or
 * an fnmatch pattern such as "seed-*") or their hidden temporaries
 * (".NAME.tmp"), so that a mistyped -o never replaces a folder
 * of the user's.  Returns 0, or -1 with ERR set and nothing created. */
int outdir_open(outdir *d, const char *dir, const char *const *names, char *err, size_t errlen);

/* Swaps D->tmp in as DIR and removes the old DIR.  Returns 0, or -1 with
 * ERR set, the old DIR as it was and the temporary removed. */
int outdir_commit(outdir *d, char *err, size_t errlen);

/* Removes D->tmp and everything in it; DIR is left as it was. */
void outdir_discard(outdir *d);

/* Removes every D->tmp that outdir_open made and neither outdir_commit nor
 * outdir_discard has ended, each with a line "mrlab: interrupted; DIR left
 * as it was" on stderr: for a program that stops on a signal (stop.h). */
void outdir_discard_open(void);

/* As outdir_open, but D->tmp is DIR.partial, a name that outlives a
 * program killed midway, so that the next one can go on with what it
 * wrote: an existing DIR.partial holding nothing but entries named in
 * NAMES (or their temporaries) is kept as it is and *KEPT set to 1; it is
 * created otherwise (*KEPT 0).  Returns 0, or -1 with ERR set. */
int outdir_resume(outdir *d, const char *dir, const char *const *names, int *kept, char *err, size_t errlen);

/* rm -r PATH; nothing if there is no PATH. */
void outfile_remove_tree(const char *path);

#endif
