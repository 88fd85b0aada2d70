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
 * Every variant runs with each of the seeds 1 to `seeds`, and seed k is
 * the same draw in every variant (common random numbers: the HDFS
 * placement, the heartbeat phases, the ties), so each figure is computed
 * seed by seed (a gain per pair of runs of one seed, a time per seed) and
 * reported as its mean with a 95% interval (stats.h); a variant is the
 * best only when its paired difference from every other variant excludes
 * zero.  The same planner, measures and tables serve `mrlab compare`
 * (vary.c), whose comparison is made from the command line with a whole
 * workload file for a base.
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
 * runs, in `mrlab run`'s words; a job's relative `ratios` file is read
 * from the experiment file's folder, like every path there.  Anchors use
 * only the runs' jobs.csv and
 * tasks.csv, after every run ended: job times and map phases, median task
 * times of a phase, and BOE's accuracy on them (the model fitted on some
 * variants' profiles, predicting others', as Shi and Lu test it). */
#include "compare.h"

#include "alloc.h"
#include "conf.h"
#include "csv.h"
#include "entry.h"
#include "outfile.h"
#include "predict.h"
#include "rundir.h"
#include "seeds.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const comparison_keys[] = {"name", "platform", "job", "seeds", "variants", "anchors", NULL};
/* a progress entry (progval.h) has no anchors; its variants may hold the paper's figures */
static const char *const entry_keys[] = {"name", "platform", "job", "seeds", "variants", NULL};
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
static const char *const quantity_names[COMPARE_N_QUANTITIES] = {"job",         "map_phase", "map_task", "shuffle_task",
                                                                 "reduce_task", "makespan",  "failed"};

/* The index of the variant named NAME of C, or -1. */
static int variant_find(const comparison *c, const char *name)
{
  for (int v = 0; v < c->n_variants; v++)
    if (strcmp(c->variants[v].name, name) == 0)
      return v;
  return -1;
}

/* Copies member M of a job into J; a relative `ratios` file, or one named
 * in its `set` list, in FOLDER's words (the experiment file's, whole), so
 * that the workload file, written elsewhere, reads the same file. */
static void copy_job_member(config_setting_t *j, const config_setting_t *m, const char *folder)
{
  const char *file = config_setting_type(m) == CONFIG_TYPE_STRING ? config_setting_get_string(m) : NULL;
  if (strcmp(config_setting_name(m), "set") == 0 && config_setting_is_array(m)) {
    config_setting_t *set = config_setting_add(j, "set", CONFIG_TYPE_ARRAY);
    for (int i = 0; i < config_setting_length(m); i++) {
      char whole[CONF_TEXT_MAX + 4096];
      if (entry_whole_path_setting(config_setting_get_string_elem(m, i), folder, whole, sizeof whole))
        snprintf(whole, sizeof whole, "%s", config_setting_get_string_elem(m, i)); /* refused when read */
      config_setting_set_string(config_setting_add(set, NULL, CONFIG_TYPE_STRING), whole);
    }
    return;
  }
  if (!file || strcmp(config_setting_name(m), "ratios") != 0 || file[0] == '/') {
    entry_copy_setting(j, m);
    return;
  }
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", folder, file);
  config_setting_set_string(config_setting_add(j, "ratios", CONFIG_TYPE_STRING), path);
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
      copy_job_member(j, m, c->folder);
  }
  for (int i = 0; v->job && i < config_setting_length(v->job); i++)
    copy_job_member(j, config_setting_get_elem(v->job, (unsigned)i), c->folder);
  int ok = config_write_file(&out, path) == CONFIG_TRUE;
  config_destroy(&out);
  return ok ? 0 : -1;
}

/* Whether V runs on a platform derived from its own (memory, nic, slots). */
static int variant_derives(const variant *v)
{
  return v->memory[0] || v->nic[0] || v->map_slots || v->reduce_slots;
}

/* Writes the platform file PATH: V's platform with every node class's
 * memory, NIC bandwidth and map and reduce slots replaced by V's, where V
 * gives them.  0, or -1. */
static int variant_write_platform(const variant *v, const char *path)
{
  cfg_file f;
  config_t *p = &f.cfg;
  int ok = cfg_file_open(&f, v->platform) == 0;
  config_setting_t *classes = ok ? config_lookup(p, "node_classes") : NULL;
  for (int i = 0; classes && i < config_setting_length(classes); i++) {
    config_setting_t *k = config_setting_get_elem(classes, (unsigned)i);
    config_setting_t *memory = config_setting_get_member(k, "memory"), *nic = config_setting_get_member(k, "nic");
    if (v->memory[0] && memory)
      config_setting_set_string(memory, v->memory);
    if (v->nic[0] && nic && config_setting_get_member(nic, "bandwidth"))
      config_setting_set_string(config_setting_get_member(nic, "bandwidth"), v->nic);
    config_setting_t *slots = config_setting_get_member(k, "slots");
    config_setting_t *map = slots ? config_setting_get_member(slots, "map") : NULL;
    config_setting_t *reduce = slots ? config_setting_get_member(slots, "reduce") : NULL;
    if (v->map_slots && map)
      config_setting_set_int(map, v->map_slots);
    if (v->reduce_slots && reduce)
      config_setting_set_int(reduce, v->reduce_slots);
  }
  ok = ok && config_write_file(p, path) == CONFIG_TRUE;
  cfg_file_close(&f);
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

int compare_check_variant(const comparison *c, const variant *v, const char *scratch, char *err, size_t errlen,
                          char *what)
{
  char path[4096], why[1024];
  snprintf(path, sizeof path, "%.4000s/platform.cfg", scratch);
  *what = 'p';
  if (variant_derives(v) && variant_write_platform(v, path))
    return snprintf(err, errlen, "cannot write %s", path), -1;
  platform *p = platform_read(variant_derives(v) ? path : v->platform, why, sizeof why);
  if (variant_derives(v))
    remove(path);
  if (!p)
    return snprintf(err, errlen, "%s", why), -1;
  *what = 'w';
  int bad = v->workers[0] && platform_restrict(p, v->workers, err, errlen);
  platform_free(p);
  if (bad)
    return -1;
  *what = 'j';
  snprintf(path, sizeof path, "%.4000s/check.cfg", scratch);
  if (!c->job)
    snprintf(path, sizeof path, "%s", c->workload);
  else if (variant_write_workload(c, v, path))
    return snprintf(err, errlen, "cannot write %s", path), -1;
  const char *sets[POOL_MAX_SETS];
  for (int i = 0; i < v->n_sets; i++)
    sets[i] = v->sets[i];
  workload *w = workload_read(path, sets, v->n_sets, why, sizeof why);
  if (c->job)
    remove(path);
  if (!w)
    return snprintf(err, errlen, "%s", why), -1;
  workload_free(w);
  return 0;
}

/* The strings of array S (NULL: none), each shorter than LEN, into OUT; their number. */
static int copy_strings(const config_setting_t *s, char *out, size_t len)
{
  for (int i = 0; s && i < config_setting_length(s); i++)
    snprintf(out + (size_t)i * len, len, "%s", config_setting_get_string_elem(s, i));
  return s ? config_setting_length(s) : 0;
}

/* Reads variant group G of comparison C (its platform in PLATFORM) into V,
 * checking its platform, workers and job in SCRATCH; KEYS are its names. */
static int read_variant(cfg_file *f, const config_setting_t *g, const comparison *c, const char *platform_path,
                        const char *folder, const char *scratch, const char *const *keys, variant *v)
{
  double q;
  const char *name, *memory = NULL, *nic = NULL;
  const config_setting_t *workers, *set, *cfg;
  if (cfg_check_keys(f, g, keys) || cfg_get_name(f, g, sizeof v->name - 1, &name) ||
      entry_read_strings(f, g, "set", POOL_MAX_SETS, sizeof v->sets[0], &set) ||
      entry_read_strings(f, g, "cfg", POOL_MAX_CFGS, sizeof v->cfgs[0], &cfg) ||
      entry_read_strings(f, g, "workers", 64, 64, &workers) ||
      cfg_get_quantity(f, g, "memory", 0, UNITS_SIZE, &q) < 0 ||
      cfg_get_quantity(f, g, "nic", 0, UNITS_BANDWIDTH, &q) < 0)
    return -1;
  for (int i = 0; cfg && i < config_setting_length(cfg); i++)
    if (!strchr(config_setting_get_string_elem(cfg, i), ':'))
      return cfg_fail(f, cfg,
                      "expected SimGrid options NAME:VALUE such as \"network/bandwidth-factor:0.1\", got \"%s\"",
                      config_setting_get_string_elem(cfg, i));
  snprintf(v->name, sizeof v->name, "%s", name);
  snprintf(v->dir, sizeof v->dir, "%s", name);
  v->n_sets = copy_strings(set, v->sets[0], sizeof v->sets[0]);
  for (int i = 0; i < v->n_sets; i++) /* a file a setting names, as the experiment file names it */
    if (entry_whole_path_setting(config_setting_get_string_elem(set, i), c->folder, v->sets[i], sizeof v->sets[i]))
      return cfg_fail(f, set, "expected a shorter path in \"%s\" once made whole from %s",
                      config_setting_get_string_elem(set, i), c->folder);
  v->n_cfgs = copy_strings(cfg, v->cfgs[0], sizeof v->cfgs[0]);
  cfg_get_string(f, g, "memory", 0, &memory);
  cfg_get_string(f, g, "nic", 0, &nic);
  if ((memory && strlen(memory) >= sizeof v->memory) || (nic && strlen(nic) >= sizeof v->nic))
    return cfg_fail(f, config_setting_get_member(g, memory ? "memory" : "nic"), "expected a shorter value");
  snprintf(v->memory, sizeof v->memory, "%s", memory ? memory : "");
  snprintf(v->nic, sizeof v->nic, "%s", nic ? nic : "");
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
        !(p = entry_read_platform(f, config_setting_get_member(g, "platform"), folder, v->platform)))
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
  char why[1024], what;
  if (!compare_check_variant(c, v, scratch, why, sizeof why, &what))
    return 0;
  if (what == 'p') {
    const char *at = strstr(why, "node_classes");
    return cfg_fail(f,
                    config_setting_get_member(g, v->memory[0] ? "memory"
                                                 : v->nic[0]  ? "nic"
                                                              : "slots"),
                    "%s", at ? at : why);
  }
  if (what == 'w')
    return cfg_fail(f, workers, "%s", why);
  /* the job as `mrlab run` reads it: its errors, without the scratch file's name */
  const char *job = strstr(why, "jobs[0].");
  return cfg_fail(f, v->job ? v->job : g, "%s", job ? job + strlen("jobs[0].") : why);
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
  for (a->quantity = first; a->quantity < QUANTITY_MAKESPAN && strcmp(quantity_names[a->quantity], q) != 0;
       a->quantity++)
    ;
  if (a->quantity < QUANTITY_MAKESPAN) /* an anchor's quantities: those of a job */
    return 0;
  char expected[256] = "";
  for (int k = first; k < QUANTITY_MAKESPAN; k++)
    snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s\"%s\"",
             k == (int)first              ? ""
             : k == QUANTITY_MAKESPAN - 1 ? " or "
                                          : ", ",
             quantity_names[k]);
  return cfg_fail(f, config_setting_get_member(g, "quantity"), "expected %s, got \"%s\"", expected, q);
}

/* Reads anchor group G of comparison C into A. */
static int read_anchor(cfg_file *f, const config_setting_t *g, const comparison *c, anchor *a)
{
  const char *kind;
  if (cfg_check_keys(f, g, anchor_keys) || entry_read_text(f, g, "claim", &a->claim) ||
      entry_read_text(f, g, "source", &a->source) || cfg_get_string(f, g, "kind", 1, &kind))
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
    if (entry_read_strings(f, g, "variants", c->n_variants, 4096, &v) ||
        entry_read_strings(f, g, "history", c->n_variants, 4096, &h))
      return -1;
    if (!v || !h)
      return cfg_fail(f, g, "expected %s = [\"variant\", ...]", v ? "history" : "variants");
    a->n_variants = config_setting_length(v), a->n_history = config_setting_length(h);
    if (variant_list(f, v, c, &a->variants) || variant_list(f, h, c, &a->history) ||
        read_quantity(f, g, QUANTITY_MAP_TASK, 1, a))
      return -1;
  } else if (a->kind == ANCHOR_MEAN_GAIN) {
    const config_setting_t *b;
    if (entry_read_strings(f, g, "baselines", c->n_variants, 4096, &b))
      return -1;
    if (!b)
      return cfg_fail(f, g, "expected baselines = [\"variant\", ...]");
    a->n_baselines = config_setting_length(b);
    if (variant_list(f, b, c, &a->baselines))
      return -1;
    if (paired) {
      const config_setting_t *v;
      if (entry_read_strings(f, g, "variants", c->n_variants, 4096, &v) || variant_list(f, v, c, &a->variants))
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

/* Reads comparison group G into C; a progress entry's if ENTRY.  FOLDER is
 * the experiment file's, and WHOLE the same as a whole path. */
static int read_comparison(cfg_file *f, const config_setting_t *g, const char *folder, const char *whole,
                           const char *scratch, int entry, comparison *c)
{
  const char *where, *name;
  char platform_path[4096];
  static const cfg_bound seeds = {1, EXPERIMENT_MAX_SIMS, "the simulations of an experiment file"};
  if (cfg_check_keys(f, g, entry ? entry_keys : comparison_keys) || cfg_get_name(f, g, sizeof c->name - 1, &name) ||
      cfg_get_string(f, g, "platform", 1, &where))
    return -1;
  snprintf(c->name, sizeof c->name, "%s", name);
  snprintf(c->folder, sizeof c->folder, "%s", whole);
  c->measure = QUANTITY_JOB;
  c->seeds = COMPARE_SEEDS;
  if (cfg_get_bounded_int(f, g, "seeds", 0, &seeds, &c->seeds) < 0)
    return -1;
  platform *p = entry_read_platform(f, config_setting_get_member(g, "platform"), folder, platform_path);
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
    int same = variant_find(c, c->variants[i].name);
    if (same >= 0)
      return cfg_fail(f, config_setting_get_member(vg, "name"), "expected a name of its own; variant %d has it",
                      same + 1);
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
  char whole[PATH_MAX];
  if (!realpath(folder, whole))
    return cfg_fail(f, list, "%s: cannot resolve the experiment file's folder", folder);
  long long total = 0;
  for (int i = 0; i < config_setting_length(list); i++) {
    config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    comparison *c = &(*cmp)[i];
    (*n_cmp)++;
    if (read_comparison(f, g, folder, whole, scratch, entries, c))
      return -1;
    for (int k = 0; k < i; k++)
      if (strcmp((*cmp)[k].name, c->name) == 0)
        return cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; %s %d has it",
                        entries ? "entry" : "comparison", k + 1);
    if ((total += (long long)c->n_variants * c->seeds) > max_sims)
      return cfg_fail(f, g,
                      "expected at most %lld simulations in all (mrlab's bound on an experiment file), got %lld "
                      "(variants times seeds) up to this %s",
                      max_sims, total, entries ? "entry" : "comparison");
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
    runs += c[i].n_variants * c[i].seeds;
  return runs;
}

int compare_plan(const comparison *c, int n, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < n; i++)
    for (int j = 0; j < c[i].n_variants; j++) {
      const variant *v = &c[i].variants[j];
      char folder[4096], path[8192];
      snprintf(folder, sizeof folder, "runs/%.1000s/%.1000s", c[i].name, v->dir);
      snprintf(path, sizeof path, "%s/%s", base, folder);
      if (outfile_make_dirs(path, err, errlen))
        return -1;
      for (int seed = 1; seed <= c[i].seeds; seed++, k++) {
        sim *s = &sims[k];
        s->seed = seed;
        snprintf(s->dir, sizeof s->dir, "%.4000s/seed-%d", folder, seed);
        snprintf(s->log, sizeof s->log, "%.4000s.log", s->dir);
        if (c[i].job)
          snprintf(s->workload, sizeof s->workload, "%.4000s/workload.cfg", folder);
        else
          snprintf(s->workload, sizeof s->workload, "%s", c[i].workload);
        if (variant_derives(v))
          snprintf(s->platform, sizeof s->platform, "%.4000s/platform.cfg", folder);
        else
          snprintf(s->platform, sizeof s->platform, "%s", v->platform);
        for (int m = 0; m < v->n_sets; m++)
          snprintf(s->sets[s->n_sets++], sizeof s->sets[0], "%s", v->sets[m]);
        for (int m = 0; m < v->n_cfgs; m++)
          snprintf(s->cfgs[s->n_cfgs++], sizeof s->cfgs[0], "%s", v->cfgs[m]);
        snprintf(s->workers, sizeof s->workers, "%s", v->workers);
      }
      snprintf(path, sizeof path, "%s/%s/platform.cfg", base, folder);
      if (variant_derives(v) && variant_write_platform(v, path))
        return snprintf(err, errlen, "%s: cannot write", path), -1;
      snprintf(path, sizeof path, "%s/%s/workload.cfg", base, folder);
      if (c[i].job && variant_write_workload(&c[i], v, path))
        return snprintf(err, errlen, "%s: cannot write", path), -1;
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

/* The job time and map phase of the first job of the run directory DIR,
 * and its makespan, into Q. */
static int measure_job(const char *dir, double *q, char *err, size_t errlen)
{
  seeds_jobs j;
  int status = seeds_read_jobs(dir, &j, err, errlen);
  if (!status) {
    q[QUANTITY_JOB] = j.end[0] - j.submit[0];
    q[QUANTITY_MAP_PHASE] = j.map_phase_end[0] - j.start[0];
    q[QUANTITY_MAKESPAN] = j.makespan;
    q[QUANTITY_FAILED] = j.failed[0];
  }
  seeds_jobs_free(&j);
  return status;
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

/* Q's quantity of variant V of C in seed K (0 to C->seeds - 1), Q holding C's runs. */
static double run_q(const comparison *c, const double *q, int v, int k, compare_quantity quantity)
{
  return q[(v * c->seeds + k) * COMPARE_N_QUANTITIES + quantity];
}

/* BOE's accuracy on anchor A of C in seed K: fitted on the profiles P (of
 * C's runs) of A's history variants, 100 - the mean absolute percentage
 * error of its mean task time of A's quantity for each of A's variants
 * against the variant's median in Q.  0, or -1 with ERR. */
static int boe_accuracy(const comparison *c, const anchor *a, const job_profile *p, const double *q, int k, double *out,
                        char *err, size_t errlen)
{
  job_profile *history = xcalloc((size_t)a->n_history, sizeof *history);
  for (int h = 0; h < a->n_history; h++)
    history[h] = p[a->history[h] * c->seeds + k];
  double ape = 0;
  int status = 0;
  for (int i = 0; i < a->n_variants && !status; i++) {
    prediction r;
    if ((status = predict_job(PREDICT_BOE, history, a->n_history, &p[a->variants[i] * c->seeds + k], &r, err, errlen)))
      break;
    double predicted = a->quantity == QUANTITY_MAP_TASK       ? r.map_avg
                       : a->quantity == QUANTITY_SHUFFLE_TASK ? r.sh1_tail_avg
                                                              : r.reduce_avg;
    double actual = run_q(c, q, a->variants[i], k, a->quantity);
    ape += 100 * fabs(predicted - actual) / actual;
  }
  free(history);
  *out = 100 - ape / a->n_variants;
  return status;
}

/* The figure anchor A of comparison C gives in seed K from the quantities
 * Q of C's runs; not for best, worst and boe. */
static double anchor_value(const comparison *c, const anchor *a, const double *q, int k)
{
#define T(v) run_q(c, q, (v), k, QUANTITY_JOB)
  switch (a->kind) {
  case ANCHOR_GAIN: return 100 * (T(a->baseline) - T(a->variant)) / T(a->baseline);
  case ANCHOR_MEAN_GAIN: {
    double sum = 0;
    for (int i = 0; i < a->n_baselines; i++)
      sum += 100 * (T(a->baselines[i]) - T(a->variants ? a->variants[i] : a->variant)) / T(a->baselines[i]);
    return sum / a->n_baselines;
  }
  case ANCHOR_RATIO: return run_q(c, q, a->variant, k, a->quantity) / run_q(c, q, a->baseline, k, a->quantity);
  default: return run_q(c, q, a->variant, k, a->quantity);
  }
#undef T
}

/* Each variant's measure of C over the seeds into X (C->seeds a variant). */
static void variant_series(const comparison *c, const double *q, int v, compare_quantity quantity, double *x)
{
  for (int k = 0; k < c->seeds; k++)
    x[k] = run_q(c, q, v, k, quantity);
}

/* Whether anchor A's variant of C is the best (worst): its job time's
 * paired difference from every other variant's is below (above) zero with
 * its whole interval; refuted when one of them is clearly the other way;
 * otherwise it cannot be told apart.  With one seed there is no interval:
 * the single draws are compared, strictly (a tie is no best). */
static compare_claim anchor_extreme(const comparison *c, const anchor *a, const double *q)
{
  double *mine = xcalloc((size_t)c->seeds, sizeof *mine), *other = xcalloc((size_t)c->seeds, sizeof *other);
  variant_series(c, q, a->variant, QUANTITY_JOB, mine);
  stats_verdict want = a->kind == ANCHOR_BEST ? STATS_PAYS_OFF : STATS_HURTS;
  stats_verdict against = a->kind == ANCHOR_BEST ? STATS_HURTS : STATS_PAYS_OFF;
  int all = 1, refuted = 0;
  for (int i = 0; i < c->n_variants; i++) {
    if (i == a->variant)
      continue;
    variant_series(c, q, i, QUANTITY_JOB, other);
    stats_summary d;
    stats_paired(other, mine, c->seeds, &d);
    stats_verdict v = stats_judge(&d);
    if (v == STATS_ONE_SEED) /* one draw: strictly better (worse) or not */
      v = d.mean < 0 ? STATS_PAYS_OFF : d.mean > 0 ? STATS_HURTS : STATS_NO_DIFFERENCE;
    all &= v == want;
    refuted |= v == against || (c->seeds == 1 && v != want);
  }
  free(mine);
  free(other);
  return all ? COMPARE_HOLDS : refuted ? COMPARE_FAILS : COMPARE_UNCLEAR;
}

int compare_measure(const comparison *c, int n, const sim *sims, const char *base, double *q, compare_figure *fig,
                    char *err, size_t errlen)
{
  for (int i = 0, k = 0, first = 0, f = 0; i < n; first += c[i].n_variants * c[i].seeds, i++) {
    int runs = c[i].n_variants * c[i].seeds;
    for (; k < first + runs; k++) {
      char dir[8192];
      snprintf(dir, sizeof dir, "%s/%s", base, sims[k].dir);
      if (measure_job(dir, q + k * COMPARE_N_QUANTITIES, err, errlen) ||
          measure_tasks(dir, q + k * COMPARE_N_QUANTITIES, err, errlen))
        return -1;
    }
    const double *qc = q + first * COMPARE_N_QUANTITIES;
    int any_boe = 0;
    for (int j = 0; j < c[i].n_anchors; j++)
      any_boe |= c[i].anchors[j].kind == ANCHOR_BOE;
    job_profile *p = xcalloc((size_t)runs, sizeof *p);
    double *x = xcalloc((size_t)c[i].seeds, sizeof *x);
    int status = any_boe ? pool_read_profiles(sims + first, runs, base, p, err, errlen) : 0;
    for (int j = 0; j < c[i].n_anchors && !status; j++, f++) {
      const anchor *a = &c[i].anchors[j];
      fig[f].holds = COMPARE_UNCLEAR;
      if (a->kind == ANCHOR_BEST || a->kind == ANCHOR_WORST)
        fig[f].holds = anchor_extreme(&c[i], a, qc);
      for (int s = 0; s < c[i].seeds && !status; s++)
        if (a->kind == ANCHOR_BOE)
          status = boe_accuracy(&c[i], a, p, qc, s, &x[s], err, errlen);
        else if (a->kind != ANCHOR_BEST && a->kind != ANCHOR_WORST)
          x[s] = anchor_value(&c[i], a, qc, s);
      stats_summarise(x, c[i].seeds, &fig[f].s);
    }
    profile_free(p, runs);
    free(p);
    free(x);
    if (status)
      return -1;
  }
  return 0;
}

/* A figure of kind K as the table shows it, into BUF: with its unit, or
 * without it (for the bounds of an interval) if BARE. */
static const char *figure(anchor_kind k, double v, int bare, char *buf, size_t n)
{
  int gain = k == ANCHOR_GAIN || k == ANCHOR_MEAN_GAIN || k == ANCHOR_BOE;
  snprintf(buf, n, "%.*f%s", k == ANCHOR_RATIO ? 2 : 1, v, bare ? "" : gain ? "%" : k == ANCHOR_RATIO ? "" : " s");
  return buf;
}

/* The simulated figure FIG of an anchor of kind K as the table shows it,
 * its 95% interval in brackets, into BUF. */
static const char *simulated(anchor_kind k, const compare_figure *fig, char *buf, size_t n)
{
  char a[40], lo[40], hi[40];
  if (k == ANCHOR_BEST || k == ANCHOR_WORST) {
    if (fig->holds == COMPARE_UNCLEAR)
      snprintf(buf, n, "cannot be told apart at %d seeds", fig->s.n);
    else
      snprintf(buf, n, "%s", fig->holds == COMPARE_HOLDS ? "yes" : "no");
  } else if (fig->s.n < 2) {
    figure(k, fig->s.mean, 0, buf, n);
  } else {
    snprintf(buf, n, "%s (%s to %s)", figure(k, fig->s.mean, 0, a, sizeof a),
             figure(k, fig->s.mean - fig->s.half, 1, lo, sizeof lo),
             figure(k, fig->s.mean + fig->s.half, 1, hi, sizeof hi));
  }
  return buf;
}

void compare_write(const comparison *c, int n, const compare_figure *fig, FILE *csv, FILE *md)
{
  if (csv)
    fprintf(csv, "comparison,claim,source,kind,seeds,published,simulated,ci95_low,ci95_high,difference,tolerance,"
                 "agrees\n");
  fprintf(md, "## anchors\n\n| comparison | claim | source | published | simulated (95%% interval) | difference | "
              "agrees |\n|---|---|---|---:|---:|---:|---|\n");
  for (int i = 0, f = 0; i < n; i++)
    for (int j = 0; j < c[i].n_anchors; j++, f++) {
      const anchor *a = &c[i].anchors[j];
      const stats_summary *sim = &fig[f].s;
      int boolean = a->kind == ANCHOR_BEST || a->kind == ANCHOR_WORST;
      int gain = a->kind == ANCHOR_GAIN || a->kind == ANCHOR_MEAN_GAIN || a->kind == ANCHOR_BOE,
          numeric = a->published_given && !boolean;
      /* points for gains, % of the published figure for times and ratios */
      double diff = !numeric ? 0 : gain ? sim->mean - a->published : 100 * (sim->mean - a->published) / a->published;
      /* agrees: the published figure within the interval widened by the tolerance */
      double half = sim->n > 1 ? sim->half : 0,
             margin = half + (gain ? a->tolerance : a->tolerance / 100 * fabs(a->published));
      int agrees = boolean ? fig[f].holds == COMPARE_HOLDS : fabs(sim->mean - a->published) <= margin;
      const char *unit = gain ? "pts" : "%";
      char p[64] = "", s[128], d[64] = "", tol[64] = "", flag[64] = "", lo[64], hi[64];
      if (csv) {
        if (numeric) {
          snprintf(p, sizeof p, "%.3f", a->published);
          snprintf(d, sizeof d, "%.3f", diff);
        }
        if (boolean)
          snprintf(s, sizeof s, "%s",
                   fig[f].holds == COMPARE_HOLDS   ? "true"
                   : fig[f].holds == COMPARE_FAILS ? "false"
                                                   : "unclear");
        else
          snprintf(s, sizeof s, "%.3f", sim->mean);
        if (!boolean)
          snprintf(tol, sizeof tol, "%g", a->tolerance);
        fprintf(csv, "%s,%s,%s,%s,%d,%s,%s,%s,%s,%s,%s,%s\n", c[i].name, a->claim, a->source, kind_names[a->kind],
                c[i].seeds, boolean ? "true" : p, s, boolean ? "" : csv_format(sim->mean - sim->half, 3, lo, sizeof lo),
                boolean ? "" : csv_format(sim->mean + sim->half, 3, hi, sizeof hi), d, tol,
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
      else if (numeric && sim->n > 1)
        snprintf(flag, sizeof flag, "**no** (beyond the interval and %g %s)", a->tolerance, unit);
      else if (numeric)
        snprintf(flag, sizeof flag, "**no** (beyond %g %s)", a->tolerance, unit);
      fprintf(md, "| %s | %s | %s | %s | %s | %s | %s |\n", c[i].name, a->claim, a->source,
              boolean   ? "yes"
              : numeric ? figure(a->kind, a->published, 0, p, sizeof p)
                        : "-",
              simulated(a->kind, &fig[f], s, sizeof s), d, flag);
    }
}

void compare_write_variants(const comparison *c, int n, const double *q, FILE *csv, FILE *md)
{
  if (csv)
    fprintf(csv, "comparison,variant,seeds,quantity,mean,ci95_low,ci95_high,difference,difference_ci95_low,"
                 "difference_ci95_high,verdict,failed_runs\n");
  for (int i = 0, first = 0; i < n; first += c[i].n_variants * c[i].seeds, i++) {
    const comparison *ci = &c[i];
    const double *qc = q + first * COMPARE_N_QUANTITIES;
    const char *what = ci->measure == QUANTITY_MAKESPAN ? "makespan" : "job time";
    double *base = xcalloc((size_t)ci->seeds, sizeof *base), *x = xcalloc((size_t)ci->seeds, sizeof *x);
    variant_series(ci, qc, 0, ci->measure, base);
    double base_mean = gsl_stats_mean(base, 1, (size_t)ci->seeds);
    fprintf(md,
            "%s## %s: %s over seeds 1 to %d, against %s\n\n"
            "| variant | mean %s s | 95%% interval s | difference s | 95%% interval s | verdict |\n"
            "|---|---:|---:|---:|---:|---|\n",
            i ? "\n" : "", ci->name, what, ci->seeds, ci->variants[0].name, what);
    char failures[1024] = "";
    for (int v = 0; v < ci->n_variants; v++) {
      stats_summary m, d;
      int failed = 0;
      variant_series(ci, qc, v, QUANTITY_FAILED, x);
      for (int k = 0; k < ci->seeds; k++)
        failed += x[k] != 0;
      if (failed && strlen(failures) < sizeof failures - 300)
        snprintf(failures + strlen(failures), sizeof failures - strlen(failures), "%s%s in %d of %d",
                 failures[0] ? ", " : "", ci->variants[v].name, failed, ci->seeds);
      variant_series(ci, qc, v, ci->measure, x);
      stats_summarise(x, ci->seeds, &m);
      stats_paired(base, x, ci->seeds, &d);
      char verdict[64], cells[5][64];
      stats_verdict_text(stats_judge(&d), d.n, verdict, sizeof verdict);
      if (csv && v == 0)
        fprintf(csv, "%s,%s,%d,%s,%.6f,%s,%s,,,,baseline,%d\n", ci->name, ci->variants[v].name, ci->seeds,
                quantity_names[ci->measure], m.mean, csv_format(m.mean - m.half, 6, cells[0], 64),
                csv_format(m.mean + m.half, 6, cells[1], 64), failed);
      else if (csv)
        fprintf(csv, "%s,%s,%d,%s,%.6f,%s,%s,%.6f,%s,%s,%s,%d\n", ci->name, ci->variants[v].name, ci->seeds,
                quantity_names[ci->measure], m.mean, csv_format(m.mean - m.half, 6, cells[0], 64),
                csv_format(m.mean + m.half, 6, cells[1], 64), d.mean, csv_format(d.mean - d.half, 6, cells[2], 64),
                csv_format(d.mean + d.half, 6, cells[3], 64), verdict, failed);
      fprintf(md, "| %s | %.2f | %s |", ci->variants[v].name, m.mean, stats_interval_text(&m, 2, cells[0], 64));
      if (v)
        fprintf(md, " %+.2f (%+.1f%%) | %s | %s |\n", d.mean, 100 * d.mean / base_mean,
                stats_interval_text(&d, 2, cells[1], 64), verdict);
      else
        fprintf(md, " | | baseline |\n");
    }
    if (failures[0]) /* a failed job's time is when it failed: say so beside the table */
      fprintf(md, "\nThe job failed (jobs.csv status) in some runs, whose times are its failure's: %s.\n", failures);
    free(base);
    free(x);
  }
}

int compare_write_files(const comparison *c, int n, const compare_figure *fig, const double *q, const char *dir,
                        char *err, size_t errlen)
{
  static const char *const names[2][2] = {{"anchors.csv", "anchors.md"}, {"variants.csv", "variants.md"}};
  for (int t = compare_n_anchors(c, n) > 0 ? 0 : 1; t < 2; t++) {
    outfile csv, md;
    if (outfile_open(&csv, dir, names[t][0], err, errlen))
      return -1;
    if (outfile_open(&md, dir, names[t][1], err, errlen))
      return outfile_discard(&csv), -1;
    if (t)
      compare_write_variants(c, n, q, csv.f, md.f);
    else
      compare_write(c, n, fig, csv.f, md.f);
    int status = outfile_close(&md, err, errlen);
    if (outfile_close(&csv, err, errlen) || status)
      return -1;
  }
  return 0;
}
