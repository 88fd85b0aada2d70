/* csv.c - the one reader of mrlab's CSV outputs, for the models (which read
 * earlier runs as profiles) and the tests.  The file is read whole and cut
 * in place: a table costs its text and one pointer a field. */
#include "csv.h"

#include "alloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

csv_table *csv_read(const char *path, char *err, size_t errlen)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return NULL;
  }
  csv_table *t = xcalloc(1, sizeof *t);
  size_t cap = 1 << 16, n = 0;
  t->text = xmalloc(cap);
  for (size_t got; (got = fread(t->text + n, 1, cap - n - 1, f)) > 0;)
    if ((n += got) == cap - 1)
      t->text = xrealloc(t->text, cap *= 2);
  fclose(f);
  t->text[n] = '\0';
  if (n > 0 && t->text[n - 1] != '\n') {
    snprintf(err, errlen, "%s: expected a newline at the end, as mrlab writes it", path);
    csv_free(t);
    return NULL;
  }
  t->n_cols = 1;
  for (char *c = t->text; *c && *c != '\n'; c++)
    t->n_cols += *c == ',';
  for (char *c = t->text; *c; c++)
    t->n_rows += *c == '\n';
  t->cells = xmalloc((size_t)t->n_rows * (size_t)t->n_cols * sizeof *t->cells + 1);
  char *c = t->text;
  for (int r = 0; r < t->n_rows; r++)
    for (int k = 0; k < t->n_cols; k++) {
      t->cells[r * t->n_cols + k] = c;
      c += strcspn(c, ",\n");
      if ((*c == '\n') != (k == t->n_cols - 1)) {
        snprintf(err, errlen, "%s:%d: expected %d fields, as in the header", path, r + 1, t->n_cols);
        csv_free(t);
        return NULL;
      }
      *c++ = '\0';
    }
  return t;
}

void csv_free(csv_table *t)
{
  if (!t)
    return;
  free(t->cells);
  free(t->text);
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
  return t->cells[row * t->n_cols + col];
}
