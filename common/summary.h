/* summary.h - what every summary.json shares, built with jansson.
 *
 * A run's summary.json (report.h) and a converted history's (history.h)
 * open with the same provenance: mrlab's version and the commit it was
 * built from, the versions of the libraries that compute (SimGrid, GSL),
 * and the SHA-256 of every input file (checksum.h), so that a result can be
 * traced to what made it.
 *
 * JSON holds UTF-8 text only, and jansson refuses anything else; a file or
 * host name is bytes, though.  So every string from outside goes through
 * summary_text, which keeps valid UTF-8 as it is and writes each byte that
 * is not part of a valid sequence as U+FFFD, the replacement character: the
 * file stays readable by every JSON reader, and the name stays recognisable.
 *
 * Numbers are written as they were printed before jansson wrote the file:
 * a number of DECIMALS decimals (summary_real) is rounded to them and
 * written with 15 significant digits, so that the same run gives the same
 * bytes, and every value below 10^6 reads back as the rounded decimal
 * exactly; only the trailing zeros are gone (12.5, not 12.500000000, and
 * 0.0).  Counts are jansson's integers. */
#ifndef MRLAB_SUMMARY_H
#define MRLAB_SUMMARY_H

#include <jansson.h>
#include <stdio.h>

/* S as a new JSON string, each byte of S outside a valid UTF-8 sequence
 * replaced by U+FFFD. */
json_t *summary_text(const char *s);

/* A new JSON array of the N strings S (summary_text). */
json_t *summary_texts(const char *const *s, int n);

/* V rounded to DECIMALS decimals (at most 9), as a new JSON real: null
 * when V is not finite (JSON has no NaN). */
json_t *summary_real(double v, int decimals);

/* Adds to ROOT "mrlab_version", "commit" (`git describe --always --dirty`
 * of the source the program was built from, "unknown" outside a git
 * checkout) and "versions" ({"simgrid": "3.32.0", "gsl": "2.7.1"}: the
 * libraries the program runs with). */
void summary_versions(json_t *root);

/* The line `mrlab --version` prints: mrlab's version, the commit it was
 * built from and the libraries it runs with ("mrlab 0.1.0 (commit 9b70b50;
 * SimGrid 3.32.0, GSL 2.7.1)"), without a newline. */
const char *summary_version_line(void);

/* A new JSON array with one {"file": PATH, "sha256": HEX} for each of the
 * N files PATHS, in their order: NULL with ERR set when one cannot be read. */
json_t *summary_checksums(const char *const *paths, int n, char *err, size_t errlen);

/* Writes ROOT (an object) to F, one key a line, an array of objects (jobs,
 * hosts) one object a line, keys in the order they were added.  Returns 0,
 * or -1 when jansson cannot write it. */
int summary_dump(const json_t *root, FILE *f);

#endif
