/* resume.h - a validation killed midway goes on where it stopped.
 *
 * A validation writes into DIR.partial (outfile.h), a name that survives a
 * kill, and keeps there, in .resume/, the experiment file's key and one
 * stamp a run: the program, the command line and the bytes of the files
 * the run reads.  Started again on the same experiment, it skips every run
 * whose directory is there (mrlab run writes it whole, so there means
 * complete) and whose stamp says it ran from the same inputs; a changed
 * experiment file starts DIR.partial afresh.  At the end .resume/ goes and
 * DIR.partial is swapped in as DIR whole. */
#ifndef MRLAB_RESUME_H
#define MRLAB_RESUME_H

#include "checksum.h"
#include "outfile.h"
#include "child.h"

#include <stddef.h>

/* The program that runs simulations, as a stamp names it: its bytes' SHA-256. */
typedef struct {
  char hash[CHECKSUM_HEX];
} resume_program;

/* Hashes the program SELF into P.  0, or -1 with ERR. */
int resume_program_read(resume_program *p, const char *self, char *err, size_t errlen);

/* Opens the validation directory DIR (outdir_open's NAMES) to be written
 * in DIR.partial: the one a validation of the same EXPERIMENT file left,
 * or a new one.  0, or -1 with ERR. */
int resume_open(outdir *d, const char *dir, const char *const *names, const char *experiment, char *err, size_t errlen);

/* Removes D->tmp/.resume and swaps D->tmp in as DIR (outdir_commit). */
int resume_commit(outdir *d, char *err, size_t errlen);

/* Whether simulation S of BASE ran whole from the inputs it has now with
 * program P: its run directory is there and its stamp matches. */
int resume_done(const sim *s, const char *base, const resume_program *p);

/* Before simulation S of BASE runs: removes its stamp, its run directory
 * and what a killed run left beside it (DIR.tmp-XXXXXX), then, unless P is
 * NULL, writes the stamp of its inputs now with program P.  0, or -1 with
 * ERR. */
int resume_start(const sim *s, const char *base, const resume_program *p, char *err, size_t errlen);

#endif
