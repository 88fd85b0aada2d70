/* entry.h - what every reader of an experiment file's entries shares:
 * the bounds on an experiment file's simulations and a target's seeds,
 * a platform named by an entry read and checked, a job checked by reading
 * it as `mrlab run` would, settings copied into a workload file, members
 * that are lists of strings or table text, and paths made whole.
 *
 * The bottom of the experiment file's readers: the file (expfile.h) calls
 * one reader a list (experiment.h, compare.h, progval.h, dagval.h,
 * replayval.h), and those readers call these; nothing here calls back. */
#ifndef MRLAB_ENTRY_H
#define MRLAB_ENTRY_H

#include "cfg.h"
#include "platform.h"
#include "workload.h"

#include <stddef.h>

/* The most simulations an experiment file may ask for, history, targets,
 * provisioned and tuned runs together: each is a process of a second or
 * more, so this is hours of work on a small machine. */
#define EXPERIMENT_MAX_SIMS 10000

/* A target's runs when its grid does not say: enough for a 95% interval
 * of the models' accuracy (Student's t with 4 degrees of freedom). */
#define EXPERIMENT_SEEDS 5

/* snprintf into OUT of size N: 0, or -1 if it did not fit. */
int entry_path_format(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The platform file named by string setting S, relative to FOLDER unless
 * whole: read and checked, its whole path in OUT.  NULL with F->err set. */
platform *entry_read_platform(cfg_file *f, const config_setting_t *s, const char *folder, char out[4096]);

/* The workload file PATH (a scratch file, removed) read as `mrlab run`
 * would with the --set settings SETS; an error is set on setting AT, in
 * the words of workload_read.  NULL with F->err set. */
workload *entry_check_workload(cfg_file *f, const config_setting_t *at, const char *path, const char *const *sets,
                               int n_sets);

/* Copies setting FROM into group or list TO (deeply). */
void entry_copy_setting(config_setting_t *to, const config_setting_t *from);

/* Member NAME of G, if present: a non-empty array of at most MAX non-empty
 * strings shorter than LEN, in *OUT (NULL when absent).  0, or -1. */
int entry_read_strings(cfg_file *f, const config_setting_t *g, const char *name, int max, size_t len,
                       const config_setting_t **out);

/* Member NAME of G, required: text that becomes a CSV field and a Markdown
 * cell (no comma, quote, bar or line break).  0, or -1. */
int entry_read_text(cfg_file *f, const config_setting_t *g, const char *name, const char **out);

/* SET ("name=value") into OUT of LEN bytes, its value made a whole path
 * from FOLDER (a whole path) when it names a file (conf_setting_is_path)
 * relative to the folder it was written in: a run reads it elsewhere.
 * 0, or -1 when the result does not fit. */
int entry_whole_path_setting(const char *set, const char *folder, char *out, size_t len);

#endif
