/* vary.c - `mrlab compare` (vary.h): a comparison made from the command
 * line and run through compare.c's planner, measures and tables.
 *
 * A file of its own because what it adds is the command line's side: the
 * --vary lists parsed (a value's commas escaped as \,), their cross
 * product turned into variants (a property becomes a --set, memory, nic
 * and slots a derived platform, workers a --workers list), each checked
 * as `mrlab run` would read it before anything runs, and the output
 * directory written aside and swapped in whole.  The comparison's base is
 * the user's whole workload file, read where it lies (so its own relative
 * paths keep their meaning); everything else is compare.c's, as for the
 * comparisons of an experiment file. */
#include "vary.h"

#include "alloc.h"
#include "compare.h"
#include "entry.h"
#include "outfile.h"
#include "plot.h"
#include "pool.h"
#include "units.h"
#include "workload.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One --vary: its key and values. */
typedef struct {
  char key[128];
  char **values;
  int n;
} vary_list;

/* The keys that change the cluster rather than a property. */
static const char *const platform_keys[] = {"memory", "nic", "slots", "workers", NULL};

static int is_platform_key(const char *key)
{
  for (int i = 0; platform_keys[i]; i++)
    if (strcmp(key, platform_keys[i]) == 0)
      return 1;
  return 0;
}

/* Parses ARG, KEY=V1,V2,... with "\," a comma within a value, into L.  0,
 * or -1 with ERR. */
static int parse_list(const char *arg, vary_list *l, char *err, size_t errlen)
{
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof l->key)
    return snprintf(err, errlen, "--vary %s: expected KEY=VALUE,VALUE,... such as dfs.blocksize=128m,256m", arg), -1;
  snprintf(l->key, sizeof l->key, "%.*s", (int)(eq - arg), arg);
  size_t len = strlen(eq + 1);
  l->values = xcalloc(len + 1, sizeof *l->values);
  char *value = xcalloc(len + 1, 1);
  size_t k = 0;
  for (const char *c = eq + 1;; c++) {
    if (*c == '\\' && c[1] == ',') {
      value[k++] = *++c;
      continue;
    }
    if (*c && *c != ',') {
      value[k++] = *c;
      continue;
    }
    value[k] = '\0';
    if (k == 0) {
      free(value);
      return snprintf(err, errlen, "--vary %s: expected values separated by commas, got an empty one", arg), -1;
    }
    for (int i = 0; i < l->n; i++)
      if (strcmp(l->values[i], value) == 0) {
        free(value);
        return snprintf(err, errlen, "--vary %s: expected different values, got %s twice", arg, l->values[i]), -1;
      }
    l->values[l->n++] = xstrdup(value);
    k = 0;
    if (!*c)
      break;
  }
  free(value);
  return 0;
}

/* Checks the value V of the platform key KEY (ARG the --vary it came
 * from) and applies it to variant X.  0, or -1 with ERR. */
static int apply_platform(const char *key, const char *v, const char *arg, variant *x, char *err, size_t errlen)
{
  double q;
  if (strcmp(key, "memory") == 0 || strcmp(key, "nic") == 0) {
    units_kind kind = key[0] == 'm' ? UNITS_SIZE : UNITS_BANDWIDTH;
    if (units_parse(kind, v, &q) || !(q > 0) || strlen(v) >= sizeof x->memory)
      return snprintf(err, errlen, "--vary %s: %s=%s: expected %s", arg, key, v, units_expected(kind)), -1;
    snprintf(key[0] == 'm' ? x->memory : x->nic, sizeof x->memory, "%s", v);
  } else if (strcmp(key, "slots") == 0) {
    int map, reduce, used = 0;
    if (sscanf(v, "%d/%d%n", &map, &reduce, &used) != 2 || v[used] || map < 1 || map > 256 || reduce < 1 ||
        reduce > 256)
      return snprintf(err, errlen,
                      "--vary %s: slots=%s: expected every node's map and reduce slots as MAP/REDUCE, each 1 to 256, "
                      "such as 8/4",
                      arg, v),
             -1;
    x->map_slots = map, x->reduce_slots = reduce;
  } else if (strlen(v) >= sizeof x->workers) {
    return snprintf(err, errlen, "--vary %s: workers=%.64s...: expected a shorter list", arg, v), -1;
  } else {
    snprintf(x->workers, sizeof x->workers, "%s", v);
  }
  return 0;
}

/* S as a file name, into OUT of size N: a comma becomes '+' (as in the
 * tables), a space SPACE, and every other character but letters, digits
 * and . _ = + : - becomes '_'. */
static void plain(const char *s, char space, char *out, size_t n)
{
  static const char keep[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._=+:-";
  size_t k = 0;
  for (; *s && k + 1 < n; s++)
    out[k++] = *s == ' ' ? space : *s == ',' ? '+' : strchr(keep, *s) ? *s : '_';
  out[k] = '\0';
}

/* S as a CSV field and a Markdown cell, into OUT of size N: a comma
 * becomes '+', a quote, a bar or a line break '_'. */
static void cell_text(const char *s, char *out, size_t n)
{
  size_t k = 0;
  for (; *s && k + 1 < n; s++)
    out[k++] = *s == ',' ? '+' : strchr("\"|\r\n", *s) ? '_' : *s;
  out[k] = '\0';
}

/* The variants of C, the cross product of the N lists L (the first list
 * varies slowest; ARGS the --vary they came from), on the platform file
 * PLATFORM_PATH, each named by the values of the lists that hold more than
 * one (a list of one value is a setting of every variant; a product of
 * such lists only is named by them all).  0, or -1 with ERR. */
static int make_variants(comparison *c, const vary_list *l, int n, const char *platform_path, const char *const *args,
                         char *err, size_t errlen)
{
  int *at = xcalloc((size_t)n, sizeof *at), status = 0, named = 0;
  for (int i = 0; i < n; i++)
    named += l[i].n > 1;
  for (int v = 0; v < c->n_variants && !status; v++) {
    variant *x = &c->variants[v];
    snprintf(x->platform, sizeof x->platform, "%s", platform_path);
    char name[1024] = "";
    for (int i = 0; i < n && !status; i++) {
      const char *value = l[i].values[at[i]];
      if (l[i].n > 1 || !named)
        snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s=%s", name[0] ? " " : "", l[i].key, value);
      if (is_platform_key(l[i].key)) {
        status = apply_platform(l[i].key, value, args[i], x, err, errlen);
      } else if (x->n_sets == POOL_MAX_SETS || strlen(l[i].key) + strlen(value) + 1 >= sizeof x->sets[0]) {
        snprintf(err, errlen, "--vary %s: expected at most %d properties of fewer than %zu characters with their value",
                 args[i], POOL_MAX_SETS, sizeof x->sets[0] - 1);
        status = -1;
      } else {
        char set[2 * POOL_SET_LEN], here[PATH_MAX]; /* a file named from here: the runs run elsewhere */
        snprintf(set, sizeof set, "%s=%s", l[i].key, value);
        if (!getcwd(here, sizeof here) ||
            entry_whole_path_setting(set, here, x->sets[x->n_sets++], sizeof x->sets[0])) {
          snprintf(err, errlen, "--vary %s: expected a shorter path once made whole from the current directory",
                   args[i]);
          status = -1;
        }
      }
    }
    if (strlen(name) >= sizeof x->name) {
      snprintf(err, errlen, "--vary: expected shorter keys and values, got the variant \"%.64s...\"", name);
      status = -1;
    }
    cell_text(name, x->name, sizeof x->name);
    plain(name, ',', x->dir, sizeof x->dir);
    for (int w = 0; w < v && !status; w++)
      if (strcmp(c->variants[w].dir, x->dir) == 0) {
        snprintf(err, errlen,
                 "--vary: the variants \"%s\" and \"%s\" would share the folder %s: expected values that "
                 "differ in letters, digits or . _ = + : -",
                 c->variants[w].name, x->name, x->dir);
        status = -1;
      }
    for (int i = n - 1; i >= 0 && (++at[i]) == l[i].n; i--) /* the next of the product */
      at[i] = 0;
  }
  free(at);
  return status;
}

/* The comparison's name: the workload file's, without folder and .cfg. */
static void comparison_name(const char *workload, char *out, size_t n)
{
  const char *base = strrchr(workload, '/') ? strrchr(workload, '/') + 1 : workload;
  char stem[256];
  snprintf(stem, sizeof stem, "%s", base);
  size_t len = strlen(stem);
  if (len > 4 && strcmp(stem + len - 4, ".cfg") == 0)
    stem[len - 4] = '\0';
  plain(stem, '_', out, n);
  if (!out[0] || out[0] == '.')
    snprintf(out, n, "compare");
}

/* Builds C from R, checking every variant in a scratch folder.  0, or -1 with ERR. */
static int vary_build(const vary_request *r, comparison *c, char *err, size_t errlen)
{
  char platform_path[PATH_MAX], why[1024];
  platform *p = platform_read(r->platform, why, sizeof why);
  workload *w = p ? workload_read(r->workload, NULL, 0, why, sizeof why) : NULL;
  int status = w ? 0 : (snprintf(err, errlen, "%s", why), -1);
  if (!status && !realpath(r->platform, platform_path))
    status = (snprintf(err, errlen, "%s: cannot resolve: %s", r->platform, strerror(errno)), -1);
  if (!status && !realpath(r->workload, c->workload))
    status = (snprintf(err, errlen, "%s: cannot resolve: %s", r->workload, strerror(errno)), -1);
  c->measure = w && w->n_jobs > 1 ? QUANTITY_MAKESPAN : QUANTITY_JOB;
  workload_free(w);
  platform_free(p);
  comparison_name(r->workload, c->name, sizeof c->name);
  c->seeds = r->seeds;
  vary_list *l = xcalloc((size_t)r->n_vary + 1, sizeof *l);
  long long variants = 1;
  for (int i = 0; i < r->n_vary && !status; i++) {
    status = parse_list(r->vary[i], &l[i], err, errlen);
    for (int k = 0; k < i && !status; k++)
      if (strcmp(l[k].key, l[i].key) == 0)
        status = (snprintf(err, errlen, "--vary %s: expected each key once, got %s twice", r->vary[i], l[i].key), -1);
    if (!status && (variants *= l[i].n) * r->seeds > EXPERIMENT_MAX_SIMS)
      status =
          (snprintf(err, errlen, "--vary: expected at most %d runs in all (variants times seeds), got %lld or more",
                    EXPERIMENT_MAX_SIMS, variants * r->seeds),
           -1);
  }
  if (!status && variants < 2)
    status = (snprintf(err, errlen, "--vary: expected at least two variants to compare, got one"), -1);
  if (!status) {
    c->n_variants = (int)variants;
    c->variants = xcalloc((size_t)variants, sizeof *c->variants);
    status = make_variants(c, l, r->n_vary, platform_path, r->vary, err, errlen);
  }
  char scratch[4096];
  snprintf(scratch, sizeof scratch, "%s/mrlab-compare-XXXXXX", outfile_tmpdir());
  if (!status && !mkdtemp(scratch))
    status = (snprintf(err, errlen, "%s: cannot create: %s", scratch, strerror(errno)), -1);
  else if (!status) {
    for (int v = 0; v < c->n_variants && !status; v++) {
      char what;
      if (!compare_check_variant(c, &c->variants[v], scratch, why, sizeof why, &what))
        continue;
      /* a derived platform's scratch file is no help; a setting names itself */
      const char *at = what == 'p' && strstr(why, "node_classes") ? strstr(why, "node_classes") : why;
      if (strncmp(at, "--set ", 6) == 0)
        snprintf(err, errlen, "%s", at);
      else
        snprintf(err, errlen, "variant %s: %s", c->variants[v].name, at);
      status = -1;
    }
    rmdir(scratch);
  }
  for (int i = 0; i < r->n_vary; i++) {
    for (int k = 0; k < l[i].n; k++)
      free(l[i].values[k]);
    free(l[i].values);
  }
  free(l);
  return status;
}

/* What `mrlab compare` writes: outdir_open's names. */
static const char *const outputs[] = {"runs", "variants.csv", "variants.md", "variants-*.png", NULL};

/* Runs C's simulations in D and writes its tables and picture there, and
 * C's quantities into Q (compare_measure's).  0, or 1 or 2 with ERR. */
static int vary_execute(const vary_request *r, const comparison *c, const outdir *d, double *q, char *err,
                        size_t errlen)
{
  int n = compare_n_runs(c, 1), status = 0;
  sim *sims = xcalloc((size_t)n, sizeof *sims);
  pool_progress_start(n);
  if (compare_plan(c, 1, d->tmp, sims, err, errlen))
    status = 1;
  else if (pool_run(sims, n, d->tmp, &(pool_config){.self = r->self, .jobs = r->jobs}, err, errlen)) {
    char why[1024];
    int k = pool_refusal(sims, n, d->tmp, why, sizeof why); /* what only a run checks, such as a replication */
    if (k >= 0)
      snprintf(err, errlen, "variant %s: %s", c->variants[k / c->seeds].name, why);
    status = k >= 0 ? 2 : 1;
  }
  pool_progress_end();
  if (!status && (compare_measure(c, 1, sims, d->tmp, q, NULL, err, errlen) ||
                  compare_write_files(c, 1, NULL, q, d->tmp, err, errlen)))
    status = 1;
  if (!status) {
    int drawn = plot_comparisons(d->tmp, d->tmp, "png", r->self, err, errlen);
    if (drawn == 2) { /* no gnuplot: the tables stand alone */
      char msg[1100];
      snprintf(msg, sizeof msg, "no picture: %.1000s", err);
      cfg_print(stderr, "warning: ", msg);
    }
    status = drawn == 1;
  }
  free(sims);
  return status;
}

int vary_run(const vary_request *r, FILE *out, char *err, size_t errlen)
{
  comparison *c = xcalloc(1, sizeof *c);
  outdir d;
  double *q = NULL;
  int status = vary_build(r, c, err, errlen) || outdir_open(&d, r->dir, outputs, err, errlen) ? 2 : 0;
  if (!status)
    q = xcalloc((size_t)compare_n_runs(c, 1) * COMPARE_N_QUANTITIES, sizeof *q);
  if (!status && (status = vary_execute(r, c, &d, q, err, errlen)))
    outdir_discard(&d);
  else if (!status && outdir_commit(&d, err, errlen))
    status = 1;
  else if (!status)
    compare_write_variants(c, 1, q, NULL, out);
  free(q);
  compare_free_all(c, 1);
  return status;
}
