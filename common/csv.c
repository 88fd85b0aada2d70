/* csv.c - the one reader of mrlab's CSV outputs, for the models (which read
 * earlier runs as profiles) and the tests.  The file is read whole and cut
 * in place: a table costs its text and one pointer a field.  Every check
 * is made on the whole text before a cell is allocated or cut, so the
 * cutting itself cannot meet a malformed row, and a table always has its
 * header. */
#include "csv.h"

#include "alloc.h"
#include "infile.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Checks TEXT (N bytes) as a table: a header, no NUL byte, every row ended
 * by a newline and as many fields as the header.  Sets *ROWS and *COLS;
 * returns 0, or -1 with "PATH:LINE: ..." in ERR. */
static int check_shape(const char *path, const char *text, size_t n, int *rows, int *cols, char *err, size_t errlen)
{
  if (n == 0) {
    snprintf(err, errlen, "%s:1: expected a header row, got an empty file", path);
    return -1;
  }
  *rows = *cols = 0;
  for (size_t at = 0; at < n; (*rows)++) {
    int line = *rows + 1;
    const char *end = memchr(text + at, '\n', n - at);
    const char *nul = memchr(text + at, '\0', end ? (size_t)(end - text) - at : n - at); /* in this row only */
    if (nul && (!end || nul < end)) {
      snprintf(err, errlen, "%s:%d: expected text, got a NUL byte", path, line);
      return -1;
    }
    if (!end) {
      snprintf(err, errlen, "%s:%d: expected the row to end with a newline, as mrlab writes it (a truncated file?)",
               path, line);
      return -1;
    }
    int fields = 1;
    for (const char *c = text + at; c < end; c++)
      fields += *c == ',';
    if (line == 1)
      *cols = fields;
    else if (fields != *cols) {
      snprintf(err, errlen, "%s:%d: expected %d fields, as in the header, got %d", path, line, *cols, fields);
      return -1;
    }
    at = (size_t)(end - text) + 1;
  }
  return 0;
}

csv_table *csv_read(const char *path, char *err, size_t errlen)
{
  size_t n;
  char *text = infile_read(path, "a CSV file", CSV_MAX_BYTES, &n, err, errlen);
  int rows, cols;
  if (!text || check_shape(path, text, n, &rows, &cols, err, errlen)) {
    free(text);
    return NULL;
  }
  csv_table *t = xcalloc(1, sizeof *t);
  t->text = text;
  t->path = xstrdup(path);
  t->n_rows = rows;
  t->n_cols = cols;
  t->cells = xcalloc((size_t)rows * (size_t)cols, sizeof *t->cells);
  char *c = text;
  for (size_t k = 0; k < (size_t)rows * (size_t)cols; k++) {
    t->cells[k] = c;
    c += strcspn(c, ",\n");
    *c++ = '\0';
  }
  return t;
}

csv_table *csv_read_in(const char *dir, const char *name, const char *const *cols, int ncols, char *err,
                       size_t errlen)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  csv_table *t = csv_read(path, err, errlen);
  for (int k = 0; t && k < ncols; k++)
    if (csv_column(t, cols[k]) < 0) {
      snprintf(err, errlen, "%s:1: expected a column %s", path, cols[k]);
      csv_free(t);
      t = NULL;
    }
  return t;
}

void csv_free(csv_table *t)
{
  if (!t)
    return;
  free(t->cells);
  free(t->text);
  free(t->path);
  free(t);
}

int csv_column(const csv_table *t, const char *name)
{
  for (int k = 0; k < t->n_cols; k++)
    if (strcmp(t->cells[k], name) == 0)
      return k;
  return -1;
}

const char *csv_cell(const csv_table *t, int row, int col)
{
  assert(row >= 0 && row < t->n_rows && col >= 0 && col < t->n_cols);
  return t->cells[(size_t)row * (size_t)t->n_cols + (size_t)col];
}

int csv_fail(const csv_table *t, int row, int col, char *err, size_t errlen, const char *fmt, ...)
{
  int len = snprintf(err, errlen, "%s:%d: %s: ", t->path, row + 1, csv_cell(t, 0, col));
  if (len >= 0 && (size_t)len < errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + len, errlen - (size_t)len, fmt, ap);
    va_end(ap);
  }
  return -1;
}

int csv_number(const csv_table *t, int row, int col, double *out, char *err, size_t errlen)
{
  const char *s = csv_cell(t, row, col);
  char *end;
  double v = strtod(s, &end);
  if (!*s || *end || !isfinite(v))
    return csv_fail(t, row, col, err, errlen, "expected a number, got \"%.40s\"%s", s, strlen(s) > 40 ? "..." : "");
  *out = v;
  return 0;
}

const char *csv_format(double v, int decimals, char *buf, size_t n)
{
  if (isnan(v))
    buf[0] = 0;
  else
    snprintf(buf, n, "%.*f", decimals, v);
  return buf;
}
