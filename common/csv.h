/* csv.h - reading the CSV files mrlab writes (tasks.csv, jobs.csv, ...):
 * a header row, then rows of plain fields.  mrlab's fields never hold a
 * comma, a quote or a newline (job names are checked for it), so there is
 * no quoting to undo.
 *
 * Any file may be given, so the reader takes any byte string: a directory,
 * an empty file, NUL bytes, a row cut short or ragged rows are refused with
 * one message naming the file and its line (line 1 is the header, line R+1
 * the row R), never read past. */
#ifndef MRLAB_CSV_H
#define MRLAB_CSV_H

#include <stddef.h>

/* The largest file csv_read takes: a task attempt is a row of about 220
 * bytes in tasks.csv, so this holds a run of a million attempts, and the
 * table (a pointer a field) stays within a few GiB whatever the file. */
#define CSV_MAX_BYTES (256L << 20)

typedef struct {
  int n_rows, n_cols; /* n_rows counts the header, so it is at least 1 */
  char **cells;       /* n_rows x n_cols, row-major, into text */
  char *text;
  char *path; /* as given, for messages */
} csv_table;

/* Reads PATH whole.  Returns the table, or NULL with "PATH: ..." or
 * "PATH:LINE: ..." in ERR if it cannot be read, is not a regular file, is
 * empty or larger than CSV_MAX_BYTES, holds a NUL byte, does not end its
 * last row with a newline, or a row has other than the header's number of
 * fields. */
csv_table *csv_read(const char *path, char *err, size_t errlen);
void csv_free(csv_table *t);

/* Reads DIR/NAME as csv_read does, and refuses it with "PATH:1: expected a
 * column C" unless it has each of the NCOLS columns COLS. */
csv_table *csv_read_in(const char *dir, const char *name, const char *const *cols, int ncols, char *err,
                       size_t errlen);

/* The index of column NAME, or -1. */
int csv_column(const csv_table *t, const char *name);

/* The field of ROW (1 = the first row after the header, < n_rows) in
 * column COL (< n_cols). */
const char *csv_cell(const csv_table *t, int row, int col);

/* The field of ROW in column COL as a finite number, in *OUT.  Returns 0,
 * or -1 with "PATH:LINE: COLUMN: expected a number, got "FIELD"" in ERR. */
int csv_number(const csv_table *t, int row, int col, double *out, char *err, size_t errlen);

/* Writes "PATH:LINE: COLUMN: " and the message FMT into ERR for the field
 * of ROW in column COL; returns -1. */
int csv_fail(const csv_table *t, int row, int col, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* V with DECIMALS decimals into BUF, or the empty field where V is NaN (a
 * figure that does not exist); returns BUF. */
const char *csv_format(double v, int decimals, char *buf, size_t n);

#endif
