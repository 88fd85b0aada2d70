/* cfg.h - reading libconfig input files with errors that name file and line.
 *
 * Every mrlab input file (platforms, workloads, experiments) is a libconfig
 * file, and every bad one must get the same kind of message:
 *   FILE:LINE: SETTING: what was expected, and what was found
 * so the readers share these helpers instead of formatting their own.  A
 * reader walks its groups, calls cfg_check_keys on each (unknown keys are
 * errors, with the nearest known key suggested), and takes values with the
 * typed getters.  The first error is kept in cfg_file.err and every helper
 * then returns -1, so a reader can stop at the first failed call. */
#ifndef MRLAB_CFG_H
#define MRLAB_CFG_H

#include "units.h"

#include <libconfig.h>
#include <stdio.h>

#define CFG_ERRLEN 1024

typedef struct {
  const char *path; /* as the user gave it, for messages */
  config_t cfg;
  char err[CFG_ERRLEN]; /* the first error, "" while there is none */
} cfg_file;

/* The largest input file cfg_file_open reads (a workload imported from
 * a day's trace of 25,000 jobs stays well within). */
#define CFG_MAX_BYTES (256L << 20)

/* Reads PATH.  Returns 0, or -1 with F->err set (anything but a regular
 * file of at most CFG_MAX_BYTES, an unreadable file, an @include, a syntax
 * error).  cfg_file_close must be called either way. */
int cfg_file_open(cfg_file *f, const char *path);
void cfg_file_close(cfg_file *f);

/* Records "PATH:LINE: SETTING: message" for setting S in F->err; returns -1. */
int cfg_fail(cfg_file *f, const config_setting_t *s, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Fails on the first member of GROUP whose name is not in KNOWN (a NULL-
 * terminated list), suggesting the nearest known name. */
int cfg_check_keys(cfg_file *f, const config_setting_t *group, const char *const *known);

/* The member NAME of GROUP.  Returns NULL when it is absent, and also records
 * an error if REQUIRED, in which case EXPECTED says what should be there. */
config_setting_t *cfg_member(cfg_file *f, const config_setting_t *group, const char *name, int required,
                             const char *expected);

/* The member NAME of PARENT as a group whose keys are all in KEYS, or as a
 * non-empty list of groups; NULL with an error naming EXPECTED otherwise. */
config_setting_t *cfg_get_group(cfg_file *f, const config_setting_t *parent, const char *name, const char *const *keys,
                                const char *expected);
config_setting_t *cfg_get_list(cfg_file *f, const config_setting_t *parent, const char *name, const char *expected);

/* Prints "mrlab: warning: PATH:LINE: SETTING: message" on stderr: for a
 * setting that is legal but most likely not what was meant. */
void cfg_warn(cfg_file *f, const config_setting_t *s, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Rewrites the message in BUF (LEN bytes) on one line: a user's string may
 * hold a newline or another control character, and each message is one
 * line.  Each such byte becomes an escape as C writes it ("\n", "\x01");
 * what no longer fits is cut. */
void cfg_one_line(char *buf, size_t len);

/* Prints "mrlab: " KIND MSG and a newline on OUT (KIND: "", "warning: " or
 * "note: "), each control character of MSG written as \n, \r, \t or \xNN:
 * a message quotes names and values from files, traces and command lines,
 * and stays one line whatever they hold.  Every message mrlab prints goes
 * through here.  A warning or a note is not printed with --quiet
 * (verbosity.h): an error is. */
void cfg_print(FILE *out, const char *kind, const char *msg);

/* A bound mrlab puts on a setting, so that any accepted input fits the
 * machine and simulates in reasonable time.  WHAT names it in messages:
 * "at most 100 TiB (mrlab's bound on a job's input), got ...". */
typedef struct {
  double min, max; /* inclusive */
  const char *what;
} cfg_bound;

/* Typed getters.  Each returns 0 and stores the value, 1 when an optional
 * member is absent (the value is untouched), or -1 with F->err set. */
int cfg_get_string(cfg_file *f, const config_setting_t *group, const char *name, int required, const char **out);
int cfg_get_int(cfg_file *f, const config_setting_t *group, const char *name, int required, int min, int *out);
/* A whole number within B. */
int cfg_get_bounded_int(cfg_file *f, const config_setting_t *group, const char *name, int required, const cfg_bound *b,
                        int *out);
/* A number (whole or not) from MIN to MAX. */
int cfg_get_number(cfg_file *f, const config_setting_t *group, const char *name, int required, double min, double max,
                   double *out);
/* A unit string of KIND whose value must be positive.  A size written in
 * bits ("8Gib") is accepted with a warning when it is a whole number of
 * bytes, and refused when it is not. */
int cfg_get_quantity(cfg_file *f, const config_setting_t *group, const char *name, int required, units_kind kind,
                     double *out);
/* The same, within B. */
int cfg_get_bounded_quantity(cfg_file *f, const config_setting_t *group, const char *name, int required,
                             units_kind kind, const cfg_bound *b, double *out);
/* Fails on S, a quantity of KIND, unless V is within B. */
int cfg_check_bound(cfg_file *f, const config_setting_t *s, units_kind kind, const cfg_bound *b, double v);

/* The member "name" of GROUP, required: a plain name of letters, digits,
 * '.', '_' and '-', not starting with '.' (it becomes part of host names,
 * file names and CSV rows), of at most MAX characters unless MAX is 0. */
int cfg_get_name(cfg_file *f, const config_setting_t *group, size_t max, const char **out);

/* The name in KNOWN (NULL-terminated) closest to NAME by edit distance, or
 * NULL when none is close enough to be a likely typo. */
const char *cfg_nearest(const char *name, const char *const *known);

/* The same, among the names at most MOST edits (insertions, deletions,
 * substitutions) from NAME. */
const char *cfg_nearest_within(const char *name, const char *const *known, size_t most);

#endif
