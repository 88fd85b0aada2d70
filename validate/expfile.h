/* expfile.h - an experiment file (`mrlab validate`'s input) read whole:
 * its experiments (experiment.h), comparisons (compare.h), progress
 * entries (progval.h), workflow entries (dagval.h) and replay entries
 * (replayval.h), each list read by its own reader.  The top of the
 * readers: it includes them, and none of them includes it. */
#ifndef MRLAB_EXPFILE_H
#define MRLAB_EXPFILE_H

#include "cfg.h"
#include "compare.h"
#include "dagval.h"
#include "experiment.h"
#include "progval.h"
#include "replayval.h"

/* Reads the experiment file PATH, opened in F, into *EX (*N_EX of them),
 * its comparisons into *CMP (*N_CMP; compare.h), its progress entries
 * into *IND (progval.h), its workflow entries into *DV (dagval.h) and its
 * replay entries into *RV (replayval.h; the last three zeroed by the
 * caller), checking each platform and job by reading them as `mrlab run`
 * would; paths in the file are relative to its folder.  0, or -1 with
 * F->err set.  What it reads points into F: close F after freeing it. */
int expfile_read(cfg_file *f, const char *path, experiment **ex, int *n_ex, comparison **cmp, int *n_cmp, progval *ind,
                 dagval *dv, replayval *rv);

#endif
