/* compare.c - comparisons (compare.h): a job run under several
 * strategies, and the published claims about them set against the runs.
 *
 * The experiments of experiment.c fit models on grids of runs; a
 * comparison asks something else of the simulator: does a strategy beat
 * its baseline by what a paper says?  So it holds no grid but named
 * variants of one base job, and anchors that each turn the variants' job
 * times into one figure (a gain, a ratio, a time, the best or the worst)
 * to print beside the published one.
 *
 * A variant is the base job with the variant's `job` members over it, its
 * `set` settings, and optionally another platform, a subset of the workers
 * (`workers`), SimGrid options (`cfg`), or every node class's memory, NIC
 * bandwidth or task slots changed (`memory`, `nic`, `slots`: a sweep of
 * the degree of parallelism).  These last three write a platform
 * file derived from the comparison's beside the run rather than asking for
 * a near-copy of a platform file per setting: the cluster is stated once,
 * and a variant says only how it differs.  Each variant's job and derived
 * platform are written into a scratch folder and read as `mrlab run` reads
 * them when the file is read, so a bad variant is refused before anything
 * runs, in `mrlab run`'s words.  Anchors use only the runs' jobs.csv and
 * tasks.csv, after every run ended: job times and map phases, median task
 * times of a phase, and BOE's accuracy on them (the model fitted on some
 * variants' profiles, predicting others', as Shi and Lu test it). */
#include "compare.h"

#include "alloc.h"
#include "csv.h"
#include "experiment.h"
#include "outfile.h"
#include "predict.h"
#include "rundir.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const comparison_keys[] = {"name", "platform", "job", "variants", "anchors", NULL};
/* a progress entry (progval.h) has no anchors; its variants may hold the paper's figures */
static const char *const entry_keys[] = {"name", "platform", "job", "variants", NULL};
static const char *const variant_keys[] = {"name", "job",    "set", "platform", "workers",
                                           "cfg",  "memory", "nic", "slots",    NULL};
static const char *const entry_variant_keys[] = {"name",   "job", "set",   "platform", "workers", "cfg",
                                                 "memory", "nic", "slots", "paper",    NULL};
static const char *const slot_keys[] = {"map", "reduce", NULL};
static const cfg_bound variant_slots = {1, 256, "a node's slots of one kind"};
static const char *const anchor_keys[] = {"claim",    "source",    "published", "kind",      "variant", "variants",
                                          "baseline", "baselines", "quantity",  "tolerance", "history", NULL};
static const char *const kind_names[ANCHOR_N_KINDS] = {"gain", "mean_gain", "ratio", "time", "best", "worst", "boe"};
/* The keys each kind takes, past claim, source, published and kind. */
static const char *const kind_keys[ANCHOR_N_KINDS][5] = {{"variant", "baseline", "tolerance", NULL},
                                                         {"variant", "variants", "baselines", "tolerance", NULL},
                                                         {"variant", "baseline", "quantity", "tolerance", NULL},
                                                         {"variant", "quantity", "tolerance", NULL},
                                                         {"variant", NULL},
                                                         {"variant", NULL},
                                                         {"variants", "history", "quantity", "tolerance", NULL}};
static const char *const quantity_names[COMPARE_N_QUANTITIES] = {"job", "map_phase", "map_task", "shuffle_task",
                                                                 "reduce_task"};

int compare_read_strings(cfg_file *f, const config_setting_t *g, const char *name, int max, size_t len,
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

/* The index of the variant named NAME of C, or -1. */
static int variant_find(const comparison *c, const char *name)
{
  for (int v = 0; v < c->n_variants; v++)
    if (strcmp(c->variants[v].name, name) == 0)
      return v;
  return -1;
}

/* Writes the workload file PATH: the base job of C, named after C unless
 * it has a name, with the members of V's job over its own.  0, or -1. */
static int variant_write_workload(const comparison *c, const variant *v, const char *path)
{
  config_t out;
  config_init(&out);
  config_setting_t *jobs = config_setting_add(config_root_setting(&out), "jobs", CONFIG_TYPE_LIST);
  config_setting_t *j = config_setting_add(jobs, NULL, CONFIG_TYPE_GROUP);
  if (!config_setting_get_member(c->job, "name") && !(v->job && config_setting_get_member(v->job, "name")))
    config_setting_set_string(config_setting_add(j, "name", CONFIG_TYPE_STRING), c->name);
  for (int i = 0; i < config_setting_length(c->job); i++) {
    const config_setting_t *m = config_setting_get_elem(c->job, (unsigned)i);
    if (!v->job || !config_setting_get_member(v->job, config_setting_name(m)))
      experiment_copy_setting(j, m);
  }
  for (int i = 0; v->job && i < config_setting_length(v->job); i++)
    experiment_copy_setting(j, config_setting_get_elem(v->job, (unsigned)i));
  int ok = config_write_file(&out, path) == CONFIG_TRUE;
  config_destroy(&out);
  return ok ? 0 : -1;
}

/* Whether V runs on a platform derived from its own (memory, nic, slots). */
static int variant_derives(const variant *v)
{
  return v->memory || v->nic || v->map_slots || v->reduce_slots;
}

/* Writes the platform file PATH: V's platform with every node class's
 * memory, NIC bandwidth and map and reduce slots replaced by V's, where V
 * gives them.  0, or -1. */
static int variant_write_platform(const variant *v, const char *path)
{
  config_t p;
  config_init(&p);
  int ok = config_read_file(&p, v->platform) == CONFIG_TRUE;
  config_setting_t *classes = ok ? config_lookup(&p, "node_classes") : NULL;
  for (int i = 0; classes && i < config_setting_length(classes); i++) {
    config_setting_t *k = config_setting_get_elem(classes, (unsigned)i);
    config_setting_t *memory = config_setting_get_member(k, "memory"), *nic = config_setting_get_member(k, "nic");
    if (v->memory && memory)
      config_setting_set_string(memory, v->memory);
    if (v->nic && nic && config_setting_get_member(nic, "bandwidth"))
      config_setting_set_string(config_setting_get_member(nic, "bandwidth"), v->nic);
    config_setting_t *slots = config_setting_get_member(k, "slots");
    config_setting_t *map = slots ? config_setting_get_member(slots, "map") : NULL;
    config_setting_t *reduce = slots ? config_setting_get_member(slots, "reduce") : NULL;
    if (v->map_slots && map)
      config_setting_set_int(map, v->map_slots);
    if (v->reduce_slots && reduce)
      config_setting_set_int(reduce, v->reduce_slots);
  }
  ok = ok && config_write_file(&p, path) == CONFIG_TRUE;
  config_destroy(&p);
  return ok ? 0 : -1;
}

/* Whether NAME is a node class or a worker of P. */
static int platform_names(const platform *p, const char *name)
{
  for (int i = 0; i < p->n_classes; i++)
    if (strcmp(p->classes[i].name, name) == 0)
      return 1;
  for (int i = 0; i < p->n_workers; i++)
    if (strcmp(p->workers[i].name, name) == 0)
      return 1;
  return 0;
}

/* Reads variant group G of comparison C (its platform in PLATFORM) into V,
 * checking its platform, workers and job in SCRATCH; KEYS are its names. */
static int read_variant(cfg_file *f, const config_setting_t *g, const comparison *c, const char *platform_path,
                        const char *folder, const char *scratch, const char *const *keys, variant *v)
{
  double q;
  const config_setting_t *workers;
  if (cfg_check_keys(f, g, keys) || cfg_get_name(f, g, 0, &v->name) ||
      compare_read_strings(f, g, "set", POOL_MAX_SETS, sizeof((sim *)0)->sets[0], &v->set) ||
      compare_read_strings(f, g, "cfg", POOL_MAX_CFGS, sizeof((sim *)0)->cfgs[0], &v->cfg) ||
      compare_read_strings(f, g, "workers", 64, 64, &workers) ||
      cfg_get_quantity(f, g, "memory", 0, UNITS_SIZE, &q) < 0 ||
      cfg_get_quantity(f, g, "nic", 0, UNITS_BANDWIDTH, &q) < 0)
    return -1;
  for (int i = 0; v->cfg && i < config_setting_length(v->cfg); i++)
    if (!strchr(config_setting_get_string_elem(v->cfg, i), ':'))
      return cfg_fail(f, v->cfg,
                      "expected SimGrid options NAME:VALUE such as \"network/bandwidth-factor:0.1\", got \"%s\"",
                      config_setting_get_string_elem(v->cfg, i));
  cfg_get_string(f, g, "memory", 0, &v->memory);
  cfg_get_string(f, g, "nic", 0, &v->nic);
  config_setting_t *slots = config_setting_get_member(g, "slots");
  if (slots && (!config_setting_is_group(slots) || config_setting_length(slots) == 0))
    return cfg_fail(f, slots, "expected every node's slots such as { map = 4; reduce = 2; }");
  if (slots && (cfg_check_keys(f, slots, slot_keys) ||
                cfg_get_bounded_int(f, slots, "map", 0, &variant_slots, &v->map_slots) < 0 ||
                cfg_get_bounded_int(f, slots, "reduce", 0, &variant_slots, &v->reduce_slots) < 0))
    return -1;
  v->job = config_setting_get_member(g, "job");
  if (v->job && !config_setting_is_group(v->job))
    return cfg_fail(f, v->job, "expected a group of job settings such as { placement = \"even\"; }");
  platform *p;
  if (config_setting_get_member(g, "platform")) {
    const char *where;
    if (cfg_get_string(f, g, "platform", 1, &where) ||
        !(p = experiment_read_platform(f, config_setting_get_member(g, "platform"), folder, v->platform)))
      return -1;
  } else {
    snprintf(v->platform, sizeof v->platform, "%s", platform_path);
    char why[1024];
    if (!(p = platform_read(v->platform, why, sizeof why)))
      return cfg_fail(f, g, "%s", why);
  }
  for (int i = 0; workers && i < config_setting_length(workers); i++) {
    const char *w = config_setting_get_string_elem(workers, i);
    if (!platform_names(p, w)) {
      platform_free(p);
      return cfg_fail(f, workers, "expected node classes or workers of the platform, got \"%s\"", w);
    }
    size_t len = strlen(v->workers);
    if (len + strlen(w) + 2 > sizeof v->workers) {
      platform_free(p);
      return cfg_fail(f, workers, "expected names of fewer than %zu characters in all", sizeof v->workers - 1);
    }
    snprintf(v->workers + len, sizeof v->workers - len, "%s%s", i ? "," : "", w);
  }
  platform_free(p);
  char path[4096], why[1024];
  if (variant_derives(v)) {
    snprintf(path, sizeof path, "%s/platform.cfg", scratch);
    if (variant_write_platform(v, path))
      return cfg_fail(f, g, "cannot write %s", path);
    p = platform_read(path, why, sizeof why);
    remove(path);
    if (!p) {
      const char *at = strstr(why, "node_classes");
      return cfg_fail(f,
                      config_setting_get_member(g, v->memory ? "memory"
                                                   : v->nic  ? "nic"
                                                             : "slots"),
                      "%s", at ? at : why);
    }
    platform_free(p);
  }
  snprintf(path, sizeof path, "%s/check.cfg", scratch);
  if (variant_write_workload(c, v, path))
    return cfg_fail(f, g, "cannot write %s", path);
  int n_sets = v->set ? config_setting_length(v->set) : 0;
  const char *sets[POOL_MAX_SETS];
  for (int i = 0; i < n_sets; i++)
    sets[i] = config_setting_get_string_elem(v->set, i);
  workload *w = experiment_check_workload(f, v->job ? v->job : g, path, sets, n_sets);
  if (!w)
    return -1;
  workload_free(w);
  return 0;
}

/* The variant named by string member NAME of anchor group G in C, into *OUT. */
static int anchor_variant(cfg_file *f, const config_setting_t *g, const char *name, const comparison *c, int *out)
{
  const char *s;
  if (cfg_get_string(f, g, name, 1, &s))
    return -1;
  if ((*out = variant_find(c, s)) < 0)
    return cfg_fail(f, config_setting_get_member(g, name),
                    "expected the name of a variant of comparison %s, got \"%s\"", c->name, s);
  return 0;
}

int compare_read_text(cfg_file *f, const config_setting_t *g, const char *name, const char **out)
{
  if (cfg_get_string(f, g, name, 1, out))
    return -1;
  if (strpbrk(*out, ",\"|\n\r"))
    return cfg_fail(f, config_setting_get_member(g, name),
                    "expected text without commas, quotes, bars or line breaks (it becomes a CSV field), got \"%s\"",
                    *out);
  return 0;
}

/* The variants of C named by the strings of array S, into a new array *OUT. */
static int variant_list(cfg_file *f, const config_setting_t *s, const comparison *c, int **out)
{
  *out = xcalloc((size_t)config_setting_length(s), sizeof **out);
  for (int i = 0; i < config_setting_length(s); i++)
    if (((*out)[i] = variant_find(c, config_setting_get_string_elem(s, i))) < 0)
      return cfg_fail(f, s, "expected names of variants of comparison %s, got \"%s\"", c->name,
                      config_setting_get_string_elem(s, i));
  return 0;
}

/* The quantity of anchor group G into A: string member "quantity", from
 * FIRST on in quantity_names, QUANTITY_JOB when absent unless REQUIRED. */
static int read_quantity(cfg_file *f, const config_setting_t *g, compare_quantity first, int required, anchor *a)
{
  const char *q = quantity_names[QUANTITY_JOB];
  if (cfg_get_string(f, g, "quantity", required, &q) < 0)
    return -1;
  for (a->quantity = first; a->quantity < COMPARE_N_QUANTITIES && strcmp(quantity_names[a->quantity], q) != 0;
       a->quantity++)
    ;
  if (a->quantity < COMPARE_N_QUANTITIES)
    return 0;
  char expected[256] = "";
  for (int k = first; k < COMPARE_N_QUANTITIES; k++)
    snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s\"%s\"",
             k == (int)first                 ? ""
             : k == COMPARE_N_QUANTITIES - 1 ? " or "
                                             : ", ",
             quantity_names[k]);
  return cfg_fail(f, config_setting_get_member(g, "quantity"), "expected %s, got \"%s\"", expected, q);
}

/* Reads anchor group G of comparison C into A. */
static int read_anchor(cfg_file *f, const config_setting_t *g, const comparison *c, anchor *a)
{
  const char *kind;
  if (cfg_check_keys(f, g, anchor_keys) || compare_read_text(f, g, "claim", &a->claim) ||
      compare_read_text(f, g, "source", &a->source) || cfg_get_string(f, g, "kind", 1, &kind))
    return -1;
  for (a->kind = 0; a->kind < ANCHOR_N_KINDS && strcmp(kind_names[a->kind], kind) != 0; a->kind++)
    ;
  if (a->kind == ANCHOR_N_KINDS)
    return cfg_fail(f, config_setting_get_member(g, "kind"),
                    "expected one of gain, mean_gain, ratio, time, best, worst, boe, got \"%s\"", kind);
  const char *keys[10] = {"claim", "source", "published", "kind"};
  for (int i = 0; kind_keys[a->kind][i]; i++)
    keys[4 + i] = kind_keys[a->kind][i];
  int paired = a->kind == ANCHOR_MEAN_GAIN && config_setting_get_member(g, "variants");
  if (paired && config_setting_get_member(g, "variant"))
    return cfg_fail(f, config_setting_get_member(g, "variant"), "expected variant or variants, not both");
  if (cfg_check_keys(f, g, keys) ||
      (!paired && a->kind != ANCHOR_BOE && anchor_variant(f, g, "variant", c, &a->variant)))
    return -1;
  config_setting_t *pub = config_setting_get_member(g, "published");
  int boolean = a->kind == ANCHOR_BEST || a->kind == ANCHOR_WORST;
  if (boolean && (!pub || config_setting_type(pub) != CONFIG_TYPE_BOOL || !config_setting_get_bool(pub)))
    return cfg_fail(f, pub ? pub : g, "expected published = true (the claim that the variant is the %s)", kind);
  if (!boolean && pub &&
      cfg_get_number(f, g, "published", 0, a->kind == ANCHOR_RATIO || a->kind == ANCHOR_TIME ? 1e-9 : -1e6,
                     a->kind == ANCHOR_BOE ? 100 : 1e6, &a->published) < 0)
    return -1;
  a->published_given = pub != NULL;
  if (a->kind == ANCHOR_GAIN || a->kind == ANCHOR_RATIO) {
    if (anchor_variant(f, g, "baseline", c, &a->baseline) ||
        (a->kind == ANCHOR_RATIO && read_quantity(f, g, QUANTITY_JOB, 0, a)))
      return -1;
  } else if (a->kind == ANCHOR_BOE) {
    const config_setting_t *v, *h;
    if (compare_read_strings(f, g, "variants", c->n_variants, 4096, &v) ||
        compare_read_strings(f, g, "history", c->n_variants, 4096, &h))
      return -1;
    if (!v || !h)
      return cfg_fail(f, g, "expected %s = [\"variant\", ...]", v ? "history" : "variants");
    a->n_variants = config_setting_length(v), a->n_history = config_setting_length(h);
    if (variant_list(f, v, c, &a->variants) || variant_list(f, h, c, &a->history) ||
        read_quantity(f, g, QUANTITY_MAP_TASK, 1, a))
      return -1;
  } else if (a->kind == ANCHOR_MEAN_GAIN) {
    const config_setting_t *b;
    if (compare_read_strings(f, g, "baselines", c->n_variants, 4096, &b))
      return -1;
    if (!b)
      return cfg_fail(f, g, "expected baselines = [\"variant\", ...]");
    a->n_baselines = config_setting_length(b);
    if (variant_list(f, b, c, &a->baselines))
      return -1;
    if (paired) {
      const config_setting_t *v;
      if (compare_read_strings(f, g, "variants", c->n_variants, 4096, &v) || variant_list(f, v, c, &a->variants))
        return -1;
      if (config_setting_length(v) != a->n_baselines)
        return cfg_fail(f, v, "expected as many variants as baselines (%d), each set against its own, got %d",
                        a->n_baselines, config_setting_length(v));
      a->variant = a->variants[0];
      a->n_variants = a->n_baselines;
    }
  } else if (a->kind == ANCHOR_TIME && read_quantity(f, g, QUANTITY_JOB, 0, a)) {
    return -1;
  }
  a->tolerance = a->kind == ANCHOR_GAIN || a->kind == ANCHOR_MEAN_GAIN || a->kind == ANCHOR_BOE
                     ? COMPARE_GAIN_TOLERANCE
                     : COMPARE_TIME_TOLERANCE;
  return boolean ? 0 : cfg_get_number(f, g, "tolerance", 0, 0, 1e6, &a->tolerance) < 0 ? -1 : 0;
}

/* Reads comparison group G into C; a progress entry's if ENTRY. */
static int read_comparison(cfg_file *f, const config_setting_t *g, const char *folder, const char *scratch, int entry,
                           comparison *c)
{
  const char *where;
  char platform_path[4096];
  if (cfg_check_keys(f, g, entry ? entry_keys : comparison_keys) || cfg_get_name(f, g, 0, &c->name) ||
      cfg_get_string(f, g, "platform", 1, &where))
    return -1;
  platform *p = experiment_read_platform(f, config_setting_get_member(g, "platform"), folder, platform_path);
  if (!p)
    return -1;
  platform_free(p);
  c->job = cfg_member(f, g, "job", 1, "a group of workload job settings such as { generator = \"grep\"; ... }");
  if (!c->job)
    return -1;
  if (!config_setting_is_group(c->job))
    return cfg_fail(f, c->job, "expected a group of workload job settings such as { generator = \"grep\"; ... }");
  config_setting_t *vs = cfg_get_list(f, g, "variants", "a non-empty list of variants ( { name = ...; ... } )");
  if (!vs)
    return -1;
  c->variants = xcalloc((size_t)config_setting_length(vs), sizeof *c->variants);
  for (int i = 0; i < config_setting_length(vs); i++) {
    config_setting_t *vg = config_setting_get_elem(vs, (unsigned)i);
    if (read_variant(f, vg, c, platform_path, folder, scratch, entry ? entry_variant_keys : variant_keys,
                     &c->variants[i]))
      return -1;
    if (variant_find(c, c->variants[i].name) >= 0)
      return cfg_fail(f, config_setting_get_member(vg, "name"), "expected a name of its own; variant %d has it",
                      variant_find(c, c->variants[i].name) + 1);
    c->n_variants++;
  }
  if (entry)
    return 0;
  config_setting_t *as = cfg_get_list(f, g, "anchors", "a non-empty list of anchors ( { claim = ...; kind = ...; } )");
  if (!as)
    return -1;
  c->anchors = xcalloc((size_t)config_setting_length(as), sizeof *c->anchors);
  for (int i = 0; i < config_setting_length(as); i++) {
    c->n_anchors++;
    if (read_anchor(f, config_setting_get_elem(as, (unsigned)i), c, &c->anchors[i]))
      return -1;
  }
  return 0;
}

int compare_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, long long max_sims,
                 int entries, comparison **cmp, int *n_cmp)
{
  *cmp = xcalloc((size_t)config_setting_length(list), sizeof **cmp);
  long long total = 0;
  for (int i = 0; i < config_setting_length(list); i++) {
    config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    comparison *c = &(*cmp)[i];
    (*n_cmp)++;
    if (read_comparison(f, g, folder, scratch, entries, c))
      return -1;
    for (int k = 0; k < i; k++)
      if (strcmp((*cmp)[k].name, c->name) == 0)
        return cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; %s %d has it",
                        entries ? "entry" : "comparison", k + 1);
    if ((total += c->n_variants) > max_sims)
      return cfg_fail(f, g, "expected at most %lld simulations in all (mrlab's bound on an experiment file)", max_sims);
  }
  return 0;
}

void compare_free_all(comparison *c, int n)
{
  for (int i = 0; i < n; i++) {
    for (int a = 0; a < c[i].n_anchors; a++)
      free(c[i].anchors[a].baselines), free(c[i].anchors[a].variants), free(c[i].anchors[a].history);
    free(c[i].anchors);
    free(c[i].variants);
  }
  free(c);
}

int compare_n_runs(const comparison *c, int n)
{
  int runs = 0;
  for (int i = 0; i < n; i++)
    runs += c[i].n_variants;
  return runs;
}

int compare_plan(const comparison *c, int n, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < n; i++) {
    char folder[8192], path[8192];
    snprintf(folder, sizeof folder, "%s/runs/%s", base, c[i].name);
    if (outfile_make_dirs(folder, err, errlen))
      return -1;
    for (int j = 0; j < c[i].n_variants; j++, k++) {
      const variant *v = &c[i].variants[j];
      sim *s = &sims[k];
      snprintf(s->dir, sizeof s->dir, "runs/%s/%s", c[i].name, v->name);
      snprintf(s->workload, sizeof s->workload, "%.4000s.cfg", s->dir);
      snprintf(s->log, sizeof s->log, "%.4000s.log", s->dir);
      /* '+' is in no name: the derived platform never meets another variant's files */
      if (variant_derives(v))
        snprintf(s->platform, sizeof s->platform, "%.4000s+platform.cfg", s->dir);
      else
        snprintf(s->platform, sizeof s->platform, "%s", v->platform);
      for (int m = 0; v->set && m < config_setting_length(v->set); m++)
        snprintf(s->sets[s->n_sets++], sizeof s->sets[0], "%s", config_setting_get_string_elem(v->set, m));
      for (int m = 0; v->cfg && m < config_setting_length(v->cfg); m++)
        snprintf(s->cfgs[s->n_cfgs++], sizeof s->cfgs[0], "%s", config_setting_get_string_elem(v->cfg, m));
      snprintf(s->workers, sizeof s->workers, "%s", v->workers);
      snprintf(path, sizeof path, "%s/%s", base, s->platform);
      if (variant_derives(v) && variant_write_platform(v, path)) {
        snprintf(err, errlen, "%s: cannot write", path);
        return -1;
      }
      snprintf(path, sizeof path, "%s/%s", base, s->workload);
      if (variant_write_workload(&c[i], v, path)) {
        snprintf(err, errlen, "%s: cannot write", path);
        return -1;
      }
    }
  }
  return 0;
}

int compare_n_anchors(const comparison *c, int n)
{
  int anchors = 0;
  for (int i = 0; i < n; i++)
    anchors += c[i].n_anchors;
  return anchors;
}

/* The job time and map phase of the run directory DIR into Q. */
static int measure_job(const char *dir, double *q, char *err, size_t errlen)
{
  char path[8192];
  snprintf(path, sizeof path, "%.8000s/%s", dir, RUNDIR_JOBS);
  csv_table *jobs = csv_read(path, err, errlen);
  if (!jobs)
    return -1;
  double v[4];
  const int cols[4] = {JOBS_SUBMIT, JOBS_START, JOBS_MAP_PHASE_END, JOBS_END};
  int status = jobs->n_rows < 2 ? (snprintf(err, errlen, "%s: no job", path), -1) : 0;
  for (int i = 0; i < 4 && !status; i++) {
    int col = csv_column(jobs, rundir_jobs_columns[cols[i]]);
    status = col < 0 ? (snprintf(err, errlen, "%s: no column %s", path, rundir_jobs_columns[cols[i]]), -1)
                     : csv_number(jobs, 1, col, &v[i], err, errlen);
  }
  csv_free(jobs);
  if (status)
    return -1;
  q[QUANTITY_JOB] = v[3] - v[0];
  q[QUANTITY_MAP_PHASE] = v[2] - v[1];
  return 0;
}

/* The median of the N durations at X (sorted in place); NAN for none. */
static double median(double *x, size_t n)
{
  if (n == 0)
    return NAN;
  gsl_sort(x, 1, n);
  return gsl_stats_median_from_sorted_data(x, 1, n);
}

/* The median map, shuffle and reduce times of the successful attempts in
 * the run directory DIR into Q (NAN for a phase without tasks). */
static int measure_tasks(const char *dir, double *q, char *err, size_t errlen)
{
  char path[8192];
  snprintf(path, sizeof path, "%.8000s/%s", dir, RUNDIR_TASKS);
  csv_table *tasks = csv_read(path, err, errlen);
  if (!tasks)
    return -1;
  enum { KIND, STATUS, START, SORT_END, END, N_COLS };
  const int names[N_COLS] = {TASKS_KIND, TASKS_STATUS, TASKS_START, TASKS_SORT_END, TASKS_END};
  int col[N_COLS], status = 0;
  for (int i = 0; i < N_COLS && !status; i++)
    if ((col[i] = csv_column(tasks, rundir_tasks_columns[names[i]])) < 0)
      status = (snprintf(err, errlen, "%s: no column %s", path, rundir_tasks_columns[names[i]]), -1);
  size_t rows = tasks->n_rows > 0 ? (size_t)tasks->n_rows : 1, n_map = 0, n_red = 0;
  double *map = xcalloc(rows, sizeof *map), *sh = xcalloc(rows, sizeof *sh), *red = xcalloc(rows, sizeof *red);
  for (int r = 1; r < tasks->n_rows && !status; r++) {
    if (strcmp(csv_cell(tasks, r, col[STATUS]), RUNDIR_STATUS_SUCCEEDED) != 0)
      continue;
    double start, end, sort_end = 0;
    int is_map = strcmp(csv_cell(tasks, r, col[KIND]), "map") == 0;
    if (csv_number(tasks, r, col[START], &start, err, errlen) || csv_number(tasks, r, col[END], &end, err, errlen) ||
        (!is_map && csv_number(tasks, r, col[SORT_END], &sort_end, err, errlen))) {
      status = -1;
    } else if (is_map) {
      map[n_map++] = end - start;
    } else {
      sh[n_red] = sort_end - start;
      red[n_red++] = end - sort_end;
    }
  }
  csv_free(tasks);
  q[QUANTITY_MAP_TASK] = median(map, n_map);
  q[QUANTITY_SHUFFLE_TASK] = median(sh, n_red);
  q[QUANTITY_REDUCE_TASK] = median(red, n_red);
  free(map), free(sh), free(red);
  return status;
}

/* BOE's accuracy on anchor A: fitted on the profiles P of A's history
 * variants, 100 - the mean absolute percentage error of its mean task time
 * of A's quantity for each of A's variants against the variant's median in
 * Q.  0, or -1 with ERR. */
static int boe_accuracy(const anchor *a, const job_profile *p, const double *q, double *out, char *err, size_t errlen)
{
  job_profile *history = xcalloc((size_t)a->n_history, sizeof *history);
  for (int h = 0; h < a->n_history; h++)
    history[h] = p[a->history[h]];
  double ape = 0;
  int status = 0;
  for (int i = 0; i < a->n_variants && !status; i++) {
    prediction r;
    if ((status = predict_job(PREDICT_BOE, history, a->n_history, &p[a->variants[i]], &r, err, errlen)))
      break;
    double predicted = a->quantity == QUANTITY_MAP_TASK       ? r.map_avg
                       : a->quantity == QUANTITY_SHUFFLE_TASK ? r.sh1_tail_avg
                                                              : r.reduce_avg;
    double actual = q[a->variants[i] * COMPARE_N_QUANTITIES + a->quantity];
    ape += 100 * fabs(predicted - actual) / actual;
  }
  free(history);
  *out = 100 - ape / a->n_variants;
  return status;
}

/* The figure anchor A of comparison C gives from the quantities Q of C's
 * variants (1 or 0 for best and worst); not for boe. */
static double anchor_value(const comparison *c, const anchor *a, const double *q)
{
#define T(v) q[(v)*COMPARE_N_QUANTITIES + QUANTITY_JOB]
  double tv = T(a->variant);
  switch (a->kind) {
  case ANCHOR_GAIN: return 100 * (T(a->baseline) - tv) / T(a->baseline);
  case ANCHOR_MEAN_GAIN: {
    double sum = 0;
    for (int i = 0; i < a->n_baselines; i++)
      sum += 100 * (T(a->baselines[i]) - T(a->variants ? a->variants[i] : a->variant)) / T(a->baselines[i]);
    return sum / a->n_baselines;
  }
  case ANCHOR_RATIO:
    return q[a->variant * COMPARE_N_QUANTITIES + a->quantity] / q[a->baseline * COMPARE_N_QUANTITIES + a->quantity];
  case ANCHOR_TIME: return q[a->variant * COMPARE_N_QUANTITIES + a->quantity];
  default: {
    int extreme = 1; /* strictly: a variant tied with another is not the best (worst) */
    for (int i = 0; i < c->n_variants; i++)
      extreme &= i == a->variant || (a->kind == ANCHOR_BEST ? tv < T(i) : tv > T(i));
    return extreme;
  }
  }
#undef T
}

int compare_measure(const comparison *c, int n, const sim *sims, const char *base, double *q, double *fig, char *err,
                    size_t errlen)
{
  for (int i = 0, k = 0, first = 0, f = 0; i < n; first += c[i].n_variants, i++) {
    for (; k < first + c[i].n_variants; k++) {
      char dir[8192];
      snprintf(dir, sizeof dir, "%s/%s", base, sims[k].dir);
      if (measure_job(dir, q + k * COMPARE_N_QUANTITIES, err, errlen) ||
          measure_tasks(dir, q + k * COMPARE_N_QUANTITIES, err, errlen))
        return -1;
    }
    int any_boe = 0;
    for (int j = 0; j < c[i].n_anchors; j++)
      any_boe |= c[i].anchors[j].kind == ANCHOR_BOE;
    job_profile *p = xcalloc((size_t)c[i].n_variants, sizeof *p);
    int status = any_boe ? pool_read_profiles(sims + first, c[i].n_variants, base, p, err, errlen) : 0;
    for (int j = 0; j < c[i].n_anchors && !status; j++, f++) {
      const anchor *a = &c[i].anchors[j];
      if (a->kind == ANCHOR_BOE)
        status = boe_accuracy(a, p, q + first * COMPARE_N_QUANTITIES, &fig[f], err, errlen);
      else
        fig[f] = anchor_value(&c[i], a, q + first * COMPARE_N_QUANTITIES);
    }
    profile_free(p, c[i].n_variants);
    free(p);
    if (status)
      return -1;
  }
  return 0;
}

/* A figure of kind K as the table shows it, into BUF. */
static const char *figure(anchor_kind k, double v, char *buf, size_t n)
{
  switch (k) {
  case ANCHOR_GAIN:
  case ANCHOR_MEAN_GAIN:
  case ANCHOR_BOE: snprintf(buf, n, "%.1f%%", v); break;
  case ANCHOR_RATIO: snprintf(buf, n, "%.2f", v); break;
  case ANCHOR_TIME: snprintf(buf, n, "%.1f s", v); break;
  default: snprintf(buf, n, "%s", v ? "yes" : "no");
  }
  return buf;
}

void compare_write(const comparison *c, int n, const double *fig, FILE *csv, FILE *md)
{
  if (csv)
    fprintf(csv, "comparison,claim,source,kind,published,simulated,difference,tolerance,agrees\n");
  fprintf(md, "## anchors\n\n| comparison | claim | source | published | simulated | difference | agrees |\n"
              "|---|---|---|---:|---:|---:|---|\n");
  for (int i = 0, f = 0; i < n; i++)
    for (int j = 0; j < c[i].n_anchors; j++, f++) {
      const anchor *a = &c[i].anchors[j];
      double sim = fig[f];
      int boolean = a->kind == ANCHOR_BEST || a->kind == ANCHOR_WORST;
      int gain = a->kind == ANCHOR_GAIN || a->kind == ANCHOR_MEAN_GAIN || a->kind == ANCHOR_BOE,
          numeric = a->published_given && !boolean;
      /* points for gains, % of the published figure for times and ratios */
      double diff = !numeric ? 0 : gain ? sim - a->published : 100 * (sim - a->published) / a->published;
      int agrees = boolean ? sim == 1 : fabs(diff) <= a->tolerance;
      const char *unit = gain ? "pts" : "%";
      char p[64] = "", s[64], d[64] = "", tol[64] = "", flag[64] = "";
      if (csv) {
        if (numeric) {
          snprintf(p, sizeof p, "%.3f", a->published);
          snprintf(d, sizeof d, "%.3f", diff);
        }
        if (boolean)
          snprintf(s, sizeof s, "%s", sim == 1 ? "true" : "false");
        else
          snprintf(s, sizeof s, "%.3f", sim);
        if (!boolean)
          snprintf(tol, sizeof tol, "%g", a->tolerance);
        fprintf(csv, "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", c[i].name, a->claim, a->source, kind_names[a->kind],
                boolean ? "true" : p, s, d, tol,
                !numeric && !boolean ? ""
                : agrees             ? "yes"
                                     : "no");
      }
      if (numeric)
        snprintf(d, sizeof d, "%+.1f %s", diff, unit);
      if ((numeric || boolean) && agrees)
        snprintf(flag, sizeof flag, "yes");
      else if (boolean)
        snprintf(flag, sizeof flag, "**no**");
      else if (numeric)
        snprintf(flag, sizeof flag, "**no** (beyond %g %s)", a->tolerance, unit);
      fprintf(md, "| %s | %s | %s | %s | %s | %s | %s |\n", c[i].name, a->claim, a->source,
              numeric || boolean ? figure(a->kind, boolean ? 1 : a->published, p, sizeof p) : "-",
              figure(a->kind, sim, s, sizeof s), d, flag);
    }
}
