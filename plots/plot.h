/* plot.h - `mrlab plot`: pictures of a run directory or of a validation
 * directory, drawn by gnuplot with the scripts of plots/ (plot.c). */
#ifndef MRLAB_PLOT_H
#define MRLAB_PLOT_H

#include <stddef.h>
#include <stdio.h>

/* Draws the pictures of DIR, a run directory (tasks.csv, jobs.csv), a run
 * over seeds (seeds.csv, summary.csv: `mrlab run --seeds`) or a validation
 * or comparison directory (runs/ and accuracy.csv, anchors.csv,
 * variants.csv or progress.csv), as FORMAT images ("png" or "svg") into the directory OUT
 * (NULL: DIR-plots beside DIR), written whole as outfile.h writes
 * directories, and prints each image's path to REPORT.  SELF is the running
 * mrlab program: plots/ is looked for beside it, then in the source tree.
 * Returns 0; 2 with ERR set on bad input (DIR of none of these kinds, a
 * CSV that cannot be read, nothing to draw, no gnuplot); 1 with ERR set
 * when gnuplot failed.  On failure nothing is written. */
int plot_dir(const char *dir, const char *out, const char *format, const char *self, FILE *report, char *err,
             size_t errlen);

/* Draws each comparison of DIR/variants.csv as variants-COMPARISON.FORMAT
 * into the existing directory OUT (`mrlab compare` draws its own this
 * way): each variant's mean with its 95% interval, and its paired
 * difference from the first with the difference's interval and verdict.
 * Returns 0; 2 with ERR when there is no gnuplot; 1 with ERR when a CSV
 * cannot be read or gnuplot failed. */
int plot_comparisons(const char *dir, const char *out, const char *format, const char *self, char *err, size_t errlen);

#endif
