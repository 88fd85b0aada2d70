/* csv.h - reading the CSV files mrlab writes (tasks.csv, jobs.csv, ...):
 * a header row, then rows of plain fields.  mrlab's fields never hold a
 * comma, a quote or a newline (job names are checked for it), so there is
 * no quoting to undo. */
#ifndef MRLAB_CSV_H
#define MRLAB_CSV_H

#include <stddef.h>

typedef struct {
  int n_rows, n_cols; /* n_rows counts the header */
  char **cells;       /* n_rows x n_cols, row-major, into text */
  char *text;
} csv_table;

/* Reads PATH whole.  Returns the table, or NULL with "PATH: ..." or
 * "PATH:LINE: ..." in ERR if it cannot be read or a row has other than the
 * header's number of fields. */
csv_table *csv_read(const char *path, char *err, size_t errlen);
void csv_free(csv_table *t);

/* The index of column NAME, or -1. */
int csv_column(const csv_table *t, const char *name);

/* The field of ROW (1 = the first row after the header) in column COL. */
const char *csv_cell(const csv_table *t, int row, int col);

#endif
