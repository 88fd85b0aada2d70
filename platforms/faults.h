/* faults.h - the text of mrlab.faults: which workers or disks fail, when, for how long.
 *
 * A cluster setting (the platform file's `settings`, or `--set`) lists the
 * faults of a run, separated by spaces, each TARGET@WHEN[+DOWN]:
 *   TARGET  a worker's name ("fast-3"), a rack's or a node class's (all its
 *           workers), or P% (that share of the workers, drawn from the seed);
 *           with :diskN after it ("fast-3:disk2"), not the workers but disk
 *           N of each (numbered from 1 in its node class's `disks`), which
 *           never returns (no DOWN: its replacement is empty);
 *   WHEN    a simulated time ("300s", "5m"), or maps:P% (when the
 *           JobTracker has learnt that P% of the run's maps ended), or
 *           shuffle:P% (when the reducers have shuffled P% of the run's
 *           map output);
 *   DOWN    how long the workers stay down before they return ("10m");
 *           without it they never return.
 * For example `--set 'mrlab.faults=fast-3@300s rack1@maps:50%+10m 5%@shuffle:50% slow-1:disk1@10m'`.
 * This module reads the text alone; sim/lost.c resolves the names
 * against the platform and strikes.  It is a file of its own because
 * conf.c checks the syntax where the setting is read (so a bad entry is
 * reported at its file and line) and the engine expands it. */
#ifndef MRLAB_FAULTS_H
#define MRLAB_FAULTS_H

#include <stddef.h>

#define FAULTS_NAME_MAX 64 /* bytes of a TARGET name, its NUL included */

typedef enum { FAULT_AT_TIME, FAULT_AT_MAPS, FAULT_AT_SHUFFLE } fault_when;

typedef struct {
  char target[FAULTS_NAME_MAX]; /* a worker, rack or node class name; "" for a share */
  double share;                 /* with target "": the fraction of the workers, in (0, 1] */
  int disk;                     /* :diskN: N - 1, the disk of each that fails; -1: the whole worker */
  fault_when when;
  double at;   /* FAULT_AT_TIME: seconds, >= 0; else a fraction in (0, 1] */
  double down; /* seconds until the workers return, > 0; -1: never */
} fault_spec;

/* Parses TEXT (the value of mrlab.faults) into at most MAX entries of OUT
 * (OUT may be NULL to check only).  Returns the number of entries (0 for
 * an empty or all-blank text), or -1 with ERR saying what was expected
 * and which entry is wrong. */
int faults_parse(const char *text, fault_spec *out, int max, char *err, size_t errlen);

#endif
