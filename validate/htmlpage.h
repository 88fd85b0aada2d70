/* htmlpage.h - `mrlab report`: one self-contained HTML page of a run or a
 * validation, for a person to read in a browser (report.c). */
#ifndef MRLAB_HTMLPAGE_H
#define MRLAB_HTMLPAGE_H

#include <stddef.h>
#include <stdio.h>

/* Writes the page of DIR into the file OUT (NULL: DIR-report.html beside
 * DIR), whole (outfile_open_named: not a directory, a device or one of
 * DIR's files), and prints its path to REPORT.  For a run directory: its
 * summary (platform, workload, seed, makespan, each job's time), each
 * job's critical path as `mrlab explain` tells it, the pictures of `mrlab
 * plot` (drawn into a temporary directory, embedded as data: URIs) and
 * the tables of its jobs and of their critical paths' time by stage and
 * wait.  For a run over seeds, a validation or a comparison directory:
 * its pictures and its tables.  SELF is the running mrlab program (for
 * plots/, as plot_dir finds it).  Returns 0; 2 with ERR set on bad input
 * (what plot_dir or explain_run refuse, a run without summary.json, a
 * refused OUT); 1 with ERR set when gnuplot or a write failed.  On failure
 * nothing is written. */
int htmlpage_write(const char *dir, const char *out, const char *self, FILE *report, char *err, size_t errlen);

#endif
