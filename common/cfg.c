/* cfg.c - libconfig helpers that report FILE:LINE: SETTING: expected ...
 * See cfg.h for the reading pattern they support.  Bounds (cfg_bound) are
 * checked here so that every reader words them the same way: "at most
 * 10000 (mrlab's bound on ...), got ...". */
#include "cfg.h"

#include "alloc.h"
#include "infile.h"
#include "verbosity.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cfg_one_line(char *buf, size_t len)
{
  char *copy = xstrdup(buf);
  size_t n = 0;
  for (const unsigned char *c = (const unsigned char *)copy; *c && n + 5 < len; c++) {
    if (*c >= 0x20 && *c != 0x7f)
      buf[n++] = (char)*c;
    else if (*c == '\n' || *c == '\t' || *c == '\r')
      n += (size_t)snprintf(buf + n, len - n, "\\%c", *c == '\n' ? 'n' : *c == '\t' ? 't' : 'r');
    else
      n += (size_t)snprintf(buf + n, len - n, "\\x%02x", *c);
  }
  buf[n] = '\0';
  free(copy);
}

/* cfg_file_open's own refusals, on one line. */
static int open_fail(cfg_file *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int open_fail(cfg_file *f, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->err, sizeof f->err, fmt, ap);
  va_end(ap);
  cfg_one_line(f->err, sizeof f->err);
  return -1;
}

int cfg_file_open(cfg_file *f, const char *path)
{
  f->path = path;
  f->err[0] = '\0';
  config_init(&f->cfg);
  size_t len;
  char *text = infile_read(path, "a libconfig file", CFG_MAX_BYTES, &len, f->err, sizeof f->err);
  if (!text) {
    cfg_one_line(f->err, sizeof f->err);
    return -1;
  }
  if (strlen(text) != len) { /* where libconfig's string would end */
    free(text);
    return open_fail(f, "%s: expected a libconfig file, got a NUL byte", path);
  }
  /* libconfig opens an @include'd file itself, past infile's checks */
  int line = 1;
  for (const char *c = text; *c; line++) {
    c += strspn(c, " \t");
    if (strncmp(c, "@include", 8) == 0) {
      free(text);
      return open_fail(f, "%s:%d: expected no @include (mrlab reads each input file on its own)", path, line);
    }
    c = strchr(c, '\n');
    c = c ? c + 1 : text + len;
  }
  int ok = config_read_string(&f->cfg, text) == CONFIG_TRUE;
  free(text);
  if (ok)
    return 0;
  return open_fail(f, "%s:%d: %s (expected libconfig settings such as name = \"value\";)", path,
                   config_error_line(&f->cfg), config_error_text(&f->cfg));
}

void cfg_file_close(cfg_file *f)
{
  config_destroy(&f->cfg);
}

/* Writes the dotted path of S ("node_classes[1].disks[0].read") into BUF. */
static void setting_path(const config_setting_t *s, char *buf, size_t len)
{
  if (!s || config_setting_is_root(s)) {
    snprintf(buf, len, "%s", "top level");
    return;
  }
  char parent[512] = "";
  const config_setting_t *up = config_setting_parent(s);
  if (up && !config_setting_is_root(up))
    setting_path(up, parent, sizeof parent);
  if (config_setting_name(s))
    snprintf(buf, len, "%s%s%s", parent, parent[0] ? "." : "", config_setting_name(s));
  else
    snprintf(buf, len, "%s[%d]", parent, config_setting_index(s));
}

/* The source line of S, or of its nearest parent that has one. */
static int setting_line(const config_setting_t *s)
{
  for (; s; s = config_setting_parent(s))
    if (config_setting_source_line(s) > 0)
      return config_setting_source_line(s);
  return 1;
}

static void format_message(cfg_file *f, const config_setting_t *s, char *buf, size_t len, const char *fmt, va_list ap)
{
  char where[600], what[400];
  setting_path(s, where, sizeof where);
  vsnprintf(what, sizeof what, fmt, ap);
  snprintf(buf, len, "%s:%d: %s: %s", f->path, setting_line(s), where, what);
  cfg_one_line(buf, len);
}

int cfg_fail(cfg_file *f, const config_setting_t *s, const char *fmt, ...)
{
  if (f->err[0])
    return -1; /* keep the first error */
  va_list ap;
  va_start(ap, fmt);
  format_message(f, s, f->err, sizeof f->err, fmt, ap);
  va_end(ap);
  return -1;
}

void cfg_warn(cfg_file *f, const config_setting_t *s, const char *fmt, ...)
{
  char msg[CFG_ERRLEN];
  va_list ap;
  va_start(ap, fmt);
  format_message(f, s, msg, sizeof msg, fmt, ap);
  va_end(ap);
  cfg_print(stderr, "warning: ", msg);
}

void cfg_print(FILE *out, const char *kind, const char *msg)
{
  if (*kind && verbosity_get() == VERBOSITY_QUIET)
    return;
  size_t len = 4 * strlen(msg) + 6; /* each byte an escape at most, and room for cfg_one_line's margin */
  char *line = xmalloc(len);
  snprintf(line, len, "%s", msg);
  cfg_one_line(line, len);
  fprintf(out, "mrlab: %s%s\n", kind, line);
  free(line);
}

int cfg_check_bound(cfg_file *f, const config_setting_t *s, units_kind kind, const cfg_bound *b, double v)
{
  if (v >= b->min && v <= b->max)
    return 0;
  char bound[48], got[48];
  units_format(kind, v < b->min ? b->min : b->max, bound, sizeof bound);
  units_format(kind, v, got, sizeof got);
  return cfg_fail(f, s, "at %s %s (mrlab's bound on %s), got %s", v < b->min ? "least" : "most", bound, b->what, got);
}

static size_t edit_distance(const char *a, const char *b)
{
  size_t n = strlen(b), row[64];
  if (n >= 64)
    return (size_t)-1;
  for (size_t j = 0; j <= n; j++)
    row[j] = j;
  for (size_t i = 1; a[i - 1]; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= n; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (row[j] + 1 < best)
        best = row[j] + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[n];
}

const char *cfg_nearest(const char *name, const char *const *known)
{
  return cfg_nearest_within(name, known, strlen(name) / 3 + 1); /* farther than this is not a typo */
}

const char *cfg_nearest_within(const char *name, const char *const *known, size_t most)
{
  const char *best = NULL;
  size_t best_d = most + 1, n = strlen(name);
  for (; *known; known++) {
    size_t k = strlen(*known);
    if ((n > k ? n - k : k - n) > most) /* as many edits at least: skip the cost of counting them */
      continue;
    size_t d = edit_distance(name, *known);
    if (d < best_d) {
      best_d = d;
      best = *known;
    }
  }
  return best;
}

int cfg_check_keys(cfg_file *f, const config_setting_t *group, const char *const *known)
{
  for (int i = 0; i < config_setting_length(group); i++) {
    const config_setting_t *m = config_setting_get_elem(group, (unsigned)i);
    const char *name = config_setting_name(m);
    int found = 0;
    for (const char *const *k = known; *k && !found; k++)
      found = strcmp(*k, name) == 0;
    if (found)
      continue;
    const char *near = cfg_nearest(name, known);
    char list[400] = "";
    for (const char *const *k = known; *k; k++)
      snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "", *k);
    if (near)
      return cfg_fail(f, m, "unknown setting; did you mean \"%s\"? (expected one of: %s)", near, list);
    return cfg_fail(f, m, "unknown setting (expected one of: %s)", list);
  }
  return 0;
}

config_setting_t *cfg_member(cfg_file *f, const config_setting_t *group, const char *name, int required,
                             const char *expected)
{
  config_setting_t *m = config_setting_get_member(group, name);
  if (!m && required)
    cfg_fail(f, group, "missing \"%s\" (expected %s)", name, expected);
  return m;
}

config_setting_t *cfg_get_group(cfg_file *f, const config_setting_t *parent, const char *name, const char *const *keys,
                                const char *expected)
{
  config_setting_t *g = cfg_member(f, parent, name, 1, expected);
  if (!g)
    return NULL;
  if (!config_setting_is_group(g)) {
    cfg_fail(f, g, "expected %s", expected);
    return NULL;
  }
  return cfg_check_keys(f, g, keys) == 0 ? g : NULL;
}

config_setting_t *cfg_get_list(cfg_file *f, const config_setting_t *parent, const char *name, const char *expected)
{
  config_setting_t *l = cfg_member(f, parent, name, 1, expected);
  if (!l)
    return NULL;
  if (!config_setting_is_list(l) || config_setting_length(l) == 0) {
    cfg_fail(f, l, "expected %s", expected);
    return NULL;
  }
  for (int i = 0; i < config_setting_length(l); i++)
    if (!config_setting_is_group(config_setting_get_elem(l, (unsigned)i))) {
      cfg_fail(f, config_setting_get_elem(l, (unsigned)i), "expected a group in braces { ... }");
      return NULL;
    }
  return l;
}

int cfg_get_string(cfg_file *f, const config_setting_t *group, const char *name, int required, const char **out)
{
  config_setting_t *m = cfg_member(f, group, name, required, "a string in double quotes");
  if (!m)
    return required ? -1 : 1;
  if (config_setting_type(m) != CONFIG_TYPE_STRING || !config_setting_get_string(m)[0])
    return cfg_fail(f, m, "expected a non-empty string in double quotes");
  *out = config_setting_get_string(m);
  return 0;
}

int cfg_get_name(cfg_file *f, const config_setting_t *group, size_t max, const char **out)
{
  if (cfg_get_string(f, group, "name", 1, out))
    return -1;
  size_t n = strlen(*out);
  /* a leading '.' would allow "." and "..", which name other folders */
  if ((max && n > max) || **out == '.' ||
      strspn(*out, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") != n)
    return max ? cfg_fail(f, config_setting_get_member(group, "name"),
                          "expected at most %zu letters, digits, '.', '_' or '-', not starting with '.', got \"%s\"",
                          max, *out)
               : cfg_fail(f, config_setting_get_member(group, "name"),
                          "expected a name of letters, digits, '.', '_' and '-', not starting with '.', got \"%s\"",
                          *out);
  return 0;
}

int cfg_get_bounded_int(cfg_file *f, const config_setting_t *group, const char *name, int required, const cfg_bound *b,
                        int *out)
{
  char expected[160];
  if (b->max >= INT_MAX)
    snprintf(expected, sizeof expected, "a whole number of at least %.0f", b->min);
  else
    snprintf(expected, sizeof expected, "a whole number from %.0f to %.0f", b->min, b->max);
  config_setting_t *m = cfg_member(f, group, name, required, expected);
  if (!m)
    return required ? -1 : 1;
  if (config_setting_type(m) == CONFIG_TYPE_FLOAT)
    return cfg_fail(f, m, "expected %s, got %g", expected, config_setting_get_float(m));
  if (config_setting_type(m) != CONFIG_TYPE_INT && config_setting_type(m) != CONFIG_TYPE_INT64)
    return cfg_fail(f, m, "expected %s", expected);
  long long v = config_setting_get_int64(m);
  if (v < b->min || v > INT_MAX)
    return cfg_fail(f, m, "expected %s, got %lld", expected, v);
  if (cfg_check_bound(f, m, UNITS_NUMBER, b, (double)v))
    return -1;
  *out = (int)v;
  return 0;
}

int cfg_get_int(cfg_file *f, const config_setting_t *group, const char *name, int required, int min, int *out)
{
  const cfg_bound any = {min, INT_MAX, "a whole number"};
  return cfg_get_bounded_int(f, group, name, required, &any, out);
}

int cfg_get_number(cfg_file *f, const config_setting_t *group, const char *name, int required, double min, double max,
                   double *out)
{
  char expected[96];
  snprintf(expected, sizeof expected, "a number from %g to %g", min, max);
  config_setting_t *m = cfg_member(f, group, name, required, expected);
  if (!m)
    return required ? -1 : 1;
  if (config_setting_type(m) != CONFIG_TYPE_INT && config_setting_type(m) != CONFIG_TYPE_INT64 &&
      config_setting_type(m) != CONFIG_TYPE_FLOAT)
    return cfg_fail(f, m, "expected %s", expected);
  double v = config_setting_get_float(m);
  if (config_setting_type(m) != CONFIG_TYPE_FLOAT)
    v = (double)config_setting_get_int64(m);
  if (!(v >= min && v <= max))
    return cfg_fail(f, m, "expected %s, got %g", expected, v);
  *out = v;
  return 0;
}

/* Setting S read as a positive quantity of KIND. */
static int quantity_of(cfg_file *f, const config_setting_t *s, units_kind kind, double *out)
{
  if (config_setting_type(s) != CONFIG_TYPE_STRING)
    return cfg_fail(f, s, "expected %s, in double quotes", units_expected(kind));
  const char *text = config_setting_get_string(s);
  double v;
  if (units_parse(kind, text, &v) != 0)
    return cfg_fail(f, s, "expected %s, got \"%s\"", units_expected(kind), text);
  if (!(v > 0))
    return cfg_fail(f, s, "expected a positive value, got \"%s\"", text);
  if (kind == UNITS_SIZE && units_size_in_bits(text)) {
    /* every size mrlab reads holds bytes: bits are legal in SimGrid's units, but most likely a slip */
    char bytes[48];
    units_format(UNITS_SIZE, v, bytes, sizeof bytes);
    if (v != floor(v))
      return cfg_fail(f, s, "expected a whole number of bytes, got \"%s\" (bits: %.15g bytes; write B for bytes)", text,
                      v);
    cfg_warn(f, s, "\"%s\" is in bits, %s; write B for bytes (\"b\" means bits in SimGrid's units)", text, bytes);
  }
  *out = v;
  return 0;
}

int cfg_get_quantity(cfg_file *f, const config_setting_t *group, const char *name, int required, units_kind kind,
                     double *out)
{
  config_setting_t *m = cfg_member(f, group, name, required, units_expected(kind));
  if (!m)
    return required ? -1 : 1;
  return quantity_of(f, m, kind, out);
}

int cfg_get_bounded_quantity(cfg_file *f, const config_setting_t *group, const char *name, int required,
                             units_kind kind, const cfg_bound *b, double *out)
{
  double v = 0;
  int status = cfg_get_quantity(f, group, name, required, kind, &v);
  if (status)
    return status;
  if (cfg_check_bound(f, config_setting_get_member(group, name), kind, b, v))
    return -1;
  *out = v;
  return 0;
}
