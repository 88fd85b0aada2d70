/* summary.c - summary.json's provenance and layout (summary.h).  What it
 * writes is jansson's encoding; the layout alone (a line per key, per job,
 * per host) is laid here, keeping the file as readable as it was when it
 * was printed by hand. */
#include "summary.h"

#include "alloc.h"
#include "checksum.h"
#include "commit.h" /* MRLAB_COMMIT, written at each build by scripts/commit.cmake */
#include "fixed.h"

#include <gsl/gsl_version.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xbt/base.h>
#include <simgrid/version.h> /* after xbt/base.h, which it needs */

/* 15 significant digits: a decimal of at most 15 reads back from a double exactly */
#define SUMMARY_FLAGS (JSON_PRESERVE_ORDER | JSON_ENCODE_ANY | JSON_REAL_PRECISION(15))

json_t *summary_text(const char *s)
{
  json_t *t = json_string(s);
  if (t)
    return t;
  size_t n = strlen(s), m = 0;
  char *clean = xmalloc(3 * n + 1);
  for (size_t i = 0; i < n;) {
    /* the length of the character at I: jansson judges each candidate, so what is kept, it accepts */
    size_t len = (unsigned char)s[i] < 0x80;
    for (size_t k = 2; !len && k <= 4 && i + k <= n; k++) {
      json_t *c = json_stringn(s + i, k);
      len = c ? k : 0;
      json_decref(c);
    }
    memcpy(clean + m, len ? s + i : "\xef\xbf\xbd", len ? len : 3);
    m += len ? len : 3;
    i += len ? len : 1;
  }
  t = json_stringn(clean, m);
  free(clean);
  return t;
}

json_t *summary_texts(const char *const *s, int n)
{
  json_t *a = json_array();
  for (int i = 0; i < n; i++)
    json_array_append_new(a, summary_text(s[i]));
  return a;
}

json_t *summary_real(double v, int decimals)
{
  if (!isfinite(v))
    return json_null();
  char buf[400];
  fixed_format(v, decimals, buf, sizeof buf);
  return json_real(strtod(buf, NULL) + 0.0); /* + 0.0: a value that rounds to -0 is 0 */
}

/* SimGrid's version as "3.32.0" (static buffer). */
static const char *simgrid_version(void)
{
  static char v[64];
  int major, minor, patch;
  sg_version_get(&major, &minor, &patch);
  snprintf(v, sizeof v, "%d.%d.%d", major, minor, patch);
  return v;
}

const char *summary_version_line(void)
{
  static char line[256];
  snprintf(line, sizeof line, "mrlab %s (commit %s; SimGrid %s, GSL %s)", MRLAB_VERSION, MRLAB_COMMIT,
           simgrid_version(), gsl_version);
  return line;
}

void summary_versions(json_t *root)
{
  const char *simgrid = simgrid_version();
  json_object_set_new(root, "mrlab_version", json_string(MRLAB_VERSION));
  json_object_set_new(root, "commit", summary_text(MRLAB_COMMIT));
  json_object_set_new(root, "versions", json_pack("{s:s, s:s}", "simgrid", simgrid, "gsl", gsl_version));
}

json_t *summary_checksums(const char *const *paths, int n, char *err, size_t errlen)
{
  json_t *a = json_array();
  for (int i = 0; i < n; i++) {
    char hex[CHECKSUM_HEX];
    if (checksum_file(paths[i], hex, err, errlen)) {
      json_decref(a);
      return NULL;
    }
    json_array_append_new(a, json_pack("{s:o, s:s}", "file", summary_text(paths[i]), "sha256", hex));
  }
  return a;
}

/* Whether V is a non-empty array of objects only: one a line. */
static int rows(const json_t *v)
{
  size_t i;
  json_t *x;
  json_array_foreach(v, i, x) if (!json_is_object(x)) return 0;
  return json_array_size(v) > 0;
}

int summary_dump(const json_t *root, FILE *f)
{
  const char *key;
  json_t *v;
  int status = 0, n = 0;
  fputc('{', f);
  json_object_foreach((json_t *)root, key, v)
  {
    fprintf(f, "%s\n  \"%s\": ", n++ ? "," : "", key); /* the keys are mrlab's: ASCII names */
    if (!rows(v)) {
      status |= json_dumpf(v, f, SUMMARY_FLAGS);
      continue;
    }
    size_t i;
    json_t *x;
    json_array_foreach(v, i, x)
    {
      fputs(i ? ",\n    " : "[\n    ", f);
      status |= json_dumpf(x, f, SUMMARY_FLAGS);
    }
    fputs("\n  ]", f);
  }
  fputs("\n}\n", f);
  return status ? -1 : 0;
}
