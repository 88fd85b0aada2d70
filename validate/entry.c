/* entry.c - what every reader of an experiment file's entries shares
 * (entry.h).  A platform is read and checked where the file names it, and
 * kept as a whole path, since the runs start in the validation directory;
 * a job is checked by writing it as a workload file and reading that with
 * workload_read, so an entry accepts exactly what `mrlab run` accepts and
 * says so in the same words. */
#include "entry.h"

#include "conf.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int entry_path_format(char *out, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(out, n, fmt, ap);
  va_end(ap);
  return len < 0 || (size_t)len >= n ? -1 : 0;
}

void entry_copy_setting(config_setting_t *to, const config_setting_t *from)
{
  int type = config_setting_type(from);
  config_setting_t *s = config_setting_add(to, config_setting_is_group(to) ? config_setting_name(from) : NULL, type);
  switch (type) {
  case CONFIG_TYPE_INT: config_setting_set_int(s, config_setting_get_int(from)); break;
  case CONFIG_TYPE_INT64: config_setting_set_int64(s, config_setting_get_int64(from)); break;
  case CONFIG_TYPE_FLOAT: config_setting_set_float(s, config_setting_get_float(from)); break;
  case CONFIG_TYPE_BOOL: config_setting_set_bool(s, config_setting_get_bool(from)); break;
  case CONFIG_TYPE_STRING: config_setting_set_string(s, config_setting_get_string(from)); break;
  default:
    for (int i = 0; i < config_setting_length(from); i++)
      entry_copy_setting(s, config_setting_get_elem(from, (unsigned)i));
  }
}

platform *entry_read_platform(cfg_file *f, const config_setting_t *s, const char *folder, char out[4096])
{
  const char *where = config_setting_get_string(s);
  if (entry_path_format(out, 4096, "%s%s%s", where[0] == '/' ? "" : folder, where[0] == '/' ? "" : "/", where)) {
    cfg_fail(f, s, "expected a shorter path");
    return NULL;
  }
  char why[1024], whole[PATH_MAX];
  platform *p = platform_read(out, why, sizeof why);
  if (!p) {
    cfg_fail(f, s, "%s", why);
    return NULL;
  }
  /* the runs start in the validation directory: they need the whole path */
  const char *why_not = !realpath(out, whole)                       ? strerror(errno)
                        : entry_path_format(out, 4096, "%s", whole) ? "too long"
                                                                    : NULL;
  if (why_not) {
    platform_free(p);
    cfg_fail(f, s, "%s: cannot resolve: %s", out, why_not);
    return NULL;
  }
  return p;
}

workload *entry_check_workload(cfg_file *f, const config_setting_t *at, const char *path, const char *const *sets,
                               int n_sets)
{
  char why[1024];
  workload *w = workload_read(path, sets, n_sets, why, sizeof why);
  remove(path);
  if (!w) {
    /* the job as `mrlab run` reads it: its errors, without the scratch file's name */
    const char *job = strstr(why, "jobs[0].");
    cfg_fail(f, at, "%s", job ? job + strlen("jobs[0].") : why);
  }
  return w;
}

int entry_read_strings(cfg_file *f, const config_setting_t *g, const char *name, int max, size_t len,
                       const config_setting_t **out)
{
  config_setting_t *s = config_setting_get_member(g, name);
  *out = s;
  if (!s)
    return 0;
  if (!config_setting_is_array(s) || config_setting_length(s) == 0 || config_setting_length(s) > max)
    return cfg_fail(f, s, "expected an array of 1 to %d strings such as [\"a\", \"b\"]", max);
  for (int i = 0; i < config_setting_length(s); i++) {
    const char *v = config_setting_get_string_elem(s, i);
    if (!v || !v[0] || strlen(v) >= len)
      return cfg_fail(f, s, "expected non-empty strings of fewer than %zu characters", len);
  }
  return 0;
}

int entry_read_text(cfg_file *f, const config_setting_t *g, const char *name, const char **out)
{
  if (cfg_get_string(f, g, name, 1, out))
    return -1;
  if (strpbrk(*out, ",\"|\n\r"))
    return cfg_fail(f, config_setting_get_member(g, name),
                    "expected text without commas, quotes, bars or line breaks (it becomes a CSV field), got \"%s\"",
                    *out);
  return 0;
}

int entry_whole_path_setting(const char *set, const char *folder, char *out, size_t len)
{
  const char *eq = strchr(set, '=');
  int n = !conf_setting_is_path(set) || !eq || eq[1] == '/'
              ? snprintf(out, len, "%s", set)
              : snprintf(out, len, "%.*s%s/%s", (int)(eq + 1 - set), set, folder, eq + 1);
  return n < 0 || (size_t)n >= len ? -1 : 0;
}
