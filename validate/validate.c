/* validate.c - the predicted-versus-simulated loop of the job models.
 *
 * An experiment file lists experiments; each names a platform, a job (the
 * settings of a workload job, without its name, input and reducers), a
 * history grid and a target grid of input sizes and reducer counts, as
 * Khan et al. vary them, and optionally a deadline and `tune`.  The loop:
 *   1. simulates every history and target point, each run `mrlab run` in a
 *      process of its own (SimGrid's engine is one a process; processes
 *      also use every core), JOBS at a time;
 *   2. fits each model on the history and predicts each target from its
 *      configuration alone (models/predict.c);
 *   3. compares with the target's simulated profile: the absolute
 *      percentage error of the job time and of each task statistic, whose
 *      mean over the targets (MAPE) gives Khan et al.'s accuracy, 100 - MAPE;
 *   4. with a deadline, provisions each target's slots by Khan's closed
 *      form, simulates the target on the platform with those slots spread
 *      over the workers, and records whether it met the deadline;
 *   5. with `tune`, also simulates the last history point with map output
 *      compression the other way, fits MRTuner's PTC parts (models/tune.c),
 *      searches the plan grid for each target, simulates the best plan, and
 *      sets both beside the default plan's.
 * Paths in the experiment file are relative to the file's folder. */
#include "validate.h"

#include "alloc.h"
#include "cfg.h"
#include "outfile.h"
#include "platform.h"
#include "predict.h"
#include "tune.h"
#include "workload.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The points of a grid: every input with every reducer count. */
typedef struct {
  const char **inputs; /* size strings, as the file gives them */
  int n_inputs, *reduces, n_reduces;
} grid;

typedef struct {
  const char *name;
  char platform[4096];
  int n_workers;
  const config_setting_t *job;
  grid history, targets;
  double deadline;    /* s; 0: no provisioning */
  int tune;           /* search MRTuner's plans */
  tune_plan profiled; /* the job's own plan, but for its reducers */
  double startup;     /* s: mrlab.task.startup */
  double nic;         /* bytes/s: the slowest worker's NIC */
  double lrw_rate;    /* bytes/s: all workers' disks reading and writing */
} experiment;

/* One simulation to run. */
typedef struct {
  char dir[4096], workload[4096], platform[4096], log[4096];
  char sets[3][128]; /* --set arguments */
  int n_sets;
  pid_t pid;
  int status;
} sim;

/* snprintf into OUT of size N: 0, or -1 if it did not fit. */
static int path_format(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int path_format(char *out, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(out, n, fmt, ap);
  va_end(ap);
  return len < 0 || (size_t)len >= n ? -1 : 0;
}

static const char *const experiment_keys[] = {"name",    "platform", "job",  "history",
                                              "targets", "deadline", "tune", NULL};
static const char *const grid_keys[] = {"inputs", "reducers", NULL};

static void grid_free(grid *g)
{
  free(g->inputs);
  free(g->reduces);
}

/* Reads grid NAME of experiment group E into G. */
static int read_grid(cfg_file *f, const config_setting_t *e, const char *name, grid *g)
{
  config_setting_t *s =
      cfg_get_group(f, e, name, grid_keys, "a group { inputs = [\"1GB\", ...]; reducers = [4, ...]; }");
  if (!s)
    return -1;
  config_setting_t *in = cfg_member(f, s, "inputs", 1, "an array of sizes such as [\"1GB\", \"2GB\"]");
  config_setting_t *rd = cfg_member(f, s, "reducers", 1, "an array of whole numbers such as [4, 8]");
  if (!in || !rd)
    return -1;
  if (!config_setting_is_array(in) || config_setting_length(in) == 0)
    return cfg_fail(f, in, "expected a non-empty array of sizes such as [\"1GB\", \"2GB\"]");
  if (!config_setting_is_array(rd) || config_setting_length(rd) == 0)
    return cfg_fail(f, rd, "expected a non-empty array of whole numbers such as [4, 8]");
  g->n_inputs = config_setting_length(in);
  g->n_reduces = config_setting_length(rd);
  g->inputs = xcalloc((size_t)g->n_inputs, sizeof *g->inputs);
  g->reduces = xcalloc((size_t)g->n_reduces, sizeof *g->reduces);
  for (int i = 0; i < g->n_inputs; i++) {
    config_setting_t *v = config_setting_get_elem(in, (unsigned)i);
    double bytes;
    if (config_setting_type(v) != CONFIG_TYPE_STRING || units_parse(UNITS_SIZE, config_setting_get_string(v), &bytes) ||
        !(bytes > 0) ||
        strspn(config_setting_get_string(v), "0123456789.kKMGTPiB") != strlen(config_setting_get_string(v)))
      return cfg_fail(f, in, "expected sizes such as \"2500MB\" (%s), positive", units_expected(UNITS_SIZE));
    g->inputs[i] = config_setting_get_string(v);
  }
  for (int i = 0; i < g->n_reduces; i++) {
    config_setting_t *v = config_setting_get_elem(rd, (unsigned)i);
    if (config_setting_type(v) != CONFIG_TYPE_INT || config_setting_get_int(v) < 1)
      return cfg_fail(f, rd, "expected whole numbers of at least 1");
    g->reduces[i] = config_setting_get_int(v);
  }
  return 0;
}

/* Copies setting FROM into group or list TO (deeply). */
static void copy_setting(config_setting_t *to, const config_setting_t *from)
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
      copy_setting(s, config_setting_get_elem(from, (unsigned)i));
  }
}

/* Writes the workload file PATH: experiment E's job with INPUT and REDUCES. */
static int write_workload(const experiment *e, const char *input, int reduces, const char *path)
{
  config_t c;
  config_init(&c);
  config_setting_t *jobs = config_setting_add(config_root_setting(&c), "jobs", CONFIG_TYPE_LIST);
  config_setting_t *j = config_setting_add(jobs, NULL, CONFIG_TYPE_GROUP);
  config_setting_set_string(config_setting_add(j, "name", CONFIG_TYPE_STRING), e->name);
  config_setting_set_string(config_setting_add(j, "input", CONFIG_TYPE_STRING), input);
  config_setting_set_int(config_setting_add(j, "reducers", CONFIG_TYPE_INT), reduces);
  for (int i = 0; i < config_setting_length(e->job); i++)
    copy_setting(j, config_setting_get_elem(e->job, (unsigned)i));
  int ok = config_write_file(&c, path) == CONFIG_TRUE;
  config_destroy(&c);
  return ok ? 0 : -1;
}

/* Reads experiment group G of file F into E, checking its platform and job
 * by reading them as `mrlab run` would. */
static int read_experiment(cfg_file *f, const config_setting_t *g, const char *folder, const char *scratch,
                           experiment *e)
{
  const char *where, *deadline = NULL;
  if (cfg_check_keys(f, g, experiment_keys) || cfg_get_name(f, g, 0, &e->name) ||
      cfg_get_string(f, g, "platform", 1, &where) < 0 || cfg_get_string(f, g, "deadline", 0, &deadline) < 0 ||
      read_grid(f, g, "history", &e->history) || read_grid(f, g, "targets", &e->targets))
    return -1;
  if (deadline && (units_parse(UNITS_TIME, deadline, &e->deadline) || !(e->deadline > 0)))
    return cfg_fail(f, config_setting_get_member(g, "deadline"), "expected a positive time such as \"60s\", got \"%s\"",
                    deadline);
  if (path_format(e->platform, sizeof e->platform, "%s%s%s", where[0] == '/' ? "" : folder, where[0] == '/' ? "" : "/",
                  where))
    return cfg_fail(f, config_setting_get_member(g, "platform"), "expected a shorter path");
  char why[1024];
  platform *p = platform_read(e->platform, why, sizeof why);
  if (!p)
    return cfg_fail(f, config_setting_get_member(g, "platform"), "%s", why);
  e->n_workers = p->n_workers;
  e->nic = INFINITY;
  for (int i = 0; i < p->n_classes; i++) {
    const platform_class *c = &p->classes[i];
    e->nic = fmin(e->nic, c->nic.bandwidth);
    for (int d = 0; d < c->n_disks; d++)
      e->lrw_rate += c->count / (1 / c->disks[d].read_bw + 1 / c->disks[d].write_bw);
  }
  platform_free(p);
  config_setting_t *tune = config_setting_get_member(g, "tune");
  if (tune && config_setting_type(tune) != CONFIG_TYPE_BOOL)
    return cfg_fail(f, tune, "expected true or false");
  e->tune = tune && config_setting_get_bool(tune);
  e->job = cfg_member(f, g, "job", 1, "a group of job settings such as { generator = \"terasort\"; }");
  if (!e->job)
    return -1;
  if (!config_setting_is_group(e->job))
    return cfg_fail(f, e->job, "expected a group of job settings such as { generator = \"terasort\"; }");
  for (const char *const *k = (const char *const[]){"name", "input", "reducers", NULL}; *k; k++)
    if (config_setting_get_member(e->job, *k))
      return cfg_fail(f, config_setting_get_member(e->job, *k), "expected it in history and targets, not in the job");
  /* the job as `mrlab run` reads it: its errors, without the scratch file's name */
  char path[4096];
  snprintf(path, sizeof path, "%s/check.cfg", scratch);
  if (write_workload(e, e->history.inputs[0], e->history.reduces[0], path))
    return cfg_fail(f, e->job, "cannot write %s", path);
  workload *w = workload_read(path, NULL, 0, why, sizeof why);
  remove(path);
  if (!w) {
    const char *at = strstr(why, "jobs[0].");
    return cfg_fail(f, e->job, "%s", at ? at + strlen("jobs[0].") : why);
  }
  const conf *jc = &w->jobs[0].conf;
  e->profiled = (tune_plan){conf_get(jc, CONF_BLOCKSIZE), 0, (int)conf_get(jc, CONF_PARALLELCOPIES),
                            conf_get(jc, CONF_COMPRESS) != 0};
  e->startup = conf_get(jc, CONF_TASK_STARTUP);
  workload_free(w);
  return 0;
}

/* Starts simulation S of the mrlab program SELF: 0, or -1 with errno set. */
static int sim_start(sim *s, const char *self)
{
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, s->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
  char *argv[16] = {(char *)self, "run", s->platform, s->workload, "-o", s->dir};
  for (int i = 0; i < s->n_sets; i++) {
    argv[6 + 2 * i] = "--set";
    argv[7 + 2 * i] = s->sets[i];
  }
  argv[6 + 2 * s->n_sets] = NULL;
  extern char **environ;
  int rc = posix_spawn(&s->pid, self, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  errno = rc;
  return rc ? -1 : 0;
}

/* Runs the N simulations of SIMS, JOBS at once.  0, or -1 with ERR naming
 * the first that failed and the last line of its log. */
static int sims_run(sim *sims, int n, int jobs, const char *self, char *err, size_t errlen)
{
  int next = 0, running = 0, failed = -1;
  while (next < n || running > 0) {
    while (running < jobs && next < n && failed < 0) {
      if (sim_start(&sims[next], self)) {
        snprintf(err, errlen, "%s: cannot run: %s", self, strerror(errno));
        failed = next;
        break;
      }
      next++, running++;
    }
    if (running == 0)
      break;
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid < 0)
      break;
    running--;
    for (int i = 0; i < next; i++)
      if (sims[i].pid == pid) {
        sims[i].status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (sims[i].status && failed < 0) {
          failed = i;
          char line[1024] = "", last[1024] = "(no output)";
          FILE *log = fopen(sims[i].log, "r");
          while (log && fgets(line, sizeof line, log))
            snprintf(last, sizeof last, "%s", line);
          if (log)
            fclose(log);
          last[strcspn(last, "\n")] = '\0';
          snprintf(err, errlen, "simulation %s failed (status %d): %s", sims[i].dir, sims[i].status, last);
        }
      }
  }
  return failed < 0 ? 0 : -1;
}

/* Fills S to run experiment E at INPUT, REDUCES into DIR/runs/E/KIND-INPUT-REDUCES,
 * and writes its workload file.  0, or -1 if a path is too long or the file
 * cannot be written. */
static int sim_plan(sim *s, const experiment *e, const char *dir, const char *kind, const char *input, int reduces,
                    const char *platform)
{
  if (path_format(s->dir, sizeof s->dir, "%s/runs/%s/%s-%s-%d", dir, e->name, kind, input, reduces) ||
      path_format(s->workload, sizeof s->workload, "%s.cfg", s->dir) ||
      path_format(s->log, sizeof s->log, "%s.log", s->dir) ||
      path_format(s->platform, sizeof s->platform, "%s", platform))
    return -1;
  return write_workload(e, input, reduces, s->workload);
}

/* Errors of one model on one quantity over an experiment's targets. */
typedef struct {
  int n;
  double sum, max; /* of absolute percentage errors */
} error_acc;

/* Writes platform E's copy with MAP and REDUCE slots a worker into PATH. */
static int write_platform(const experiment *e, int map, int reduce, const char *path)
{
  config_t c;
  config_init(&c);
  int ok = config_read_file(&c, e->platform) == CONFIG_TRUE;
  config_setting_t *classes = ok ? config_lookup(&c, "node_classes") : NULL;
  for (int i = 0; classes && i < config_setting_length(classes); i++) {
    config_setting_t *slots = config_setting_get_member(config_setting_get_elem(classes, (unsigned)i), "slots");
    config_setting_t *m = slots ? config_setting_get_member(slots, "map") : NULL;
    config_setting_t *r = slots ? config_setting_get_member(slots, "reduce") : NULL;
    if (m && r) {
      config_setting_set_int(m, map);
      config_setting_set_int(r, reduce);
    }
  }
  ok = ok && config_write_file(&c, path) == CONFIG_TRUE;
  config_destroy(&c);
  return ok ? 0 : -1;
}

/* Profiles of the N simulations SIMS into P.  0, or -1 with ERR. */
static int read_sims(const sim *sims, int n, job_profile *p, char *err, size_t errlen)
{
  for (int i = 0; i < n; i++)
    if (profile_read(sims[i].dir, NULL, &p[i], err, errlen))
      return -1;
  return 0;
}

static int grid_size(const grid *g)
{
  return g->n_inputs * g->n_reduces;
}

/* The simulations of step 1 for experiment E: history, targets, and the
 * toggled twin of the last history point when it tunes. */
static int n_runs(const experiment *e)
{
  return grid_size(&e->history) + grid_size(&e->targets) + e->tune;
}

/* Steps 2 and 3 for experiment E, whose history and targets ran as SIMS;
 * adds rows to PRED and errors to ACC[model][quantity]. */
static int assess(const experiment *e, const sim *sims, FILE *pred, error_acc acc[][PREDICT_N_QUANTITIES], char *err,
                  size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets);
  job_profile *p = xmalloc((size_t)(nh + nt) * sizeof *p);
  int status = read_sims(sims, nh + nt, p, err, errlen);
  for (int t = 0; t < nt && !status; t++)
    for (int m = 0; m < PREDICT_N_MODELS && !status; m++) {
      prediction r, was;
      if ((status = predict_job((predict_model)m, p, nh, &p[nh + t], &r, err, errlen)))
        break;
      predict_measured((predict_model)m, &p[nh + t], &was);
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        double v = *(double *)((char *)&r + predict_quantities[q].offset);
        double a = *(double *)((char *)&was + predict_quantities[q].offset);
        if (!(a > 0)) /* e.g. no second shuffle wave in the target: nothing to compare */
          continue;
        double ape = 100 * fabs(v - a) / a;
        fprintf(pred, "%s,%s,%s,%s,%.6f,%.6f,%.3f\n", e->name, strrchr(sims[nh + t].dir, '/') + 1,
                predict_model_name((predict_model)m), predict_quantities[q].name, v, a, ape);
        acc[m][q].n++;
        acc[m][q].sum += ape;
        acc[m][q].max = fmax(acc[m][q].max, ape);
      }
    }
  free(p);
  return status;
}

/* Step 4 for experiment E: provisions its targets from the history SIMS,
 * simulates them on the provisioned platform, and writes rows to PROV. */
static int provision(const experiment *e, const sim *sims, const char *dir, int jobs, const char *self, FILE *prov,
                     char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets);
  job_profile *p = xmalloc((size_t)(nh + nt) * sizeof *p);
  sim *runs = xcalloc((size_t)nt, sizeof *runs);
  double *m = xmalloc((size_t)nt * sizeof *m), *n = xmalloc((size_t)nt * sizeof *n);
  int status = read_sims(sims, nh + nt, p, err, errlen);
  for (int t = 0; t < nt && !status; t++) {
    status = predict_provision(p, nh, &p[nh + t], e->deadline, &m[t], &n[t], err, errlen);
    int per_map = (int)ceil(m[t] / e->n_workers), per_reduce = (int)ceil(n[t] / e->n_workers);
    char platform[4096];
    snprintf(platform, sizeof platform, "%s/runs/%s/provisioned-%d-%d.cfg", dir, e->name, per_map, per_reduce);
    if (!status && (write_platform(e, per_map, per_reduce, platform) ||
                    sim_plan(&runs[t], e, dir, "provisioned", e->targets.inputs[t / e->targets.n_reduces],
                             e->targets.reduces[t % e->targets.n_reduces], platform))) {
      snprintf(err, errlen, "%s: cannot write the provisioned run's files", platform);
      status = -1;
    }
  }
  job_profile *got = xmalloc((size_t)nt * sizeof *got);
  if (!status)
    status = sims_run(runs, nt, jobs, self, err, errlen) || read_sims(runs, nt, got, err, errlen);
  for (int t = 0; t < nt && !status; t++)
    fprintf(prov, "%s,%s,%.3f,%.3f,%.3f,%d,%d,%.3f,%s\n", e->name, strrchr(sims[nh + t].dir, '/') + 1, e->deadline,
            m[t], n[t], got[t].map_slots, got[t].reduce_slots, got[t].time, got[t].time <= e->deadline ? "yes" : "no");
  free(got);
  free(n);
  free(m);
  free(runs);
  free(p);
  return status;
}

/* Step 5 for experiment E: fits the PTC parts on its history and toggled
 * twin (the runs SIMS), searches each target's best plan, simulates it, and
 * writes a row a target to OUT beside the default plan's cost and time. */
static int tune_targets(const experiment *e, const sim *sims, const char *dir, int jobs, const char *self, FILE *out,
                        char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets);
  job_profile *p = xmalloc((size_t)(nh + nt + 1) * sizeof *p);
  sim *runs = xcalloc((size_t)nt, sizeof *runs);
  tune_plan *best = xmalloc((size_t)nt * sizeof *best);
  double *cost = xmalloc((size_t)nt * 2 * sizeof *cost);
  tune_catalog c;
  int status = read_sims(sims, nh + nt + 1, p, err, errlen) ||
               tune_catalog_fit(p, nh, &p[nh + nt], &e->profiled, e->nic, e->lrw_rate, e->startup, &c, err, errlen);
  /* the grid: splits around the block, reducers around a wave of slots, copiers around Hadoop's 5 */
  double b = e->profiled.split, splits[] = {b / 2, b, 2 * b, 4 * b};
  int rs = c.reduce_slots, reduces[] = {rs / 2 > 0 ? rs / 2 : 1, rs, rs + rs / 2, 2 * rs, 3 * rs};
  int copiers[] = {1, 2, 5, 10, 20};
  tune_grid g = {splits, 4, reduces, 5, copiers, 5};
  for (int t = 0; t < nt && !status; t++) {
    const job_profile *target = &p[nh + t];
    tune_plan mine = e->profiled;
    mine.reduces = target->n_reduces;
    cost[2 * t] = tune_cost(&c, target->input_bytes, &mine, NULL);
    cost[2 * t + 1] = tune_search(&c, target->input_bytes, &g, &best[t]);
    const char *input = e->targets.inputs[t / e->targets.n_reduces];
    sim *r = &runs[t];
    if (sim_plan(r, e, dir, "tuned", input, target->n_reduces, e->platform) ||
        write_workload(e, input, best[t].reduces, r->workload)) {
      snprintf(err, errlen, "%s: cannot write", r->workload);
      status = -1;
    }
    snprintf(r->sets[0], sizeof r->sets[0], "dfs.blocksize=%.0f", best[t].split);
    snprintf(r->sets[1], sizeof r->sets[1], "mapreduce.reduce.shuffle.parallelcopies=%d", best[t].copiers);
    snprintf(r->sets[2], sizeof r->sets[2], "mapreduce.map.output.compress=%s", best[t].compress ? "true" : "false");
    r->n_sets = 3;
  }
  job_profile *got = xmalloc((size_t)nt * sizeof *got);
  if (!status)
    status = sims_run(runs, nt, jobs, self, err, errlen) || read_sims(runs, nt, got, err, errlen);
  for (int t = 0; t < nt && !status; t++)
    fprintf(out, "%s,%s,%.0f,%d,%d,%s,%.3f,%.3f,%.3f,%.3f\n", e->name, strrchr(sims[nh + t].dir, '/') + 1,
            best[t].split / 1048576, best[t].reduces, best[t].copiers, best[t].compress ? "true" : "false", cost[2 * t],
            cost[2 * t + 1], p[nh + t].time, got[t].time);
  free(got);
  free(cost);
  free(best);
  free(runs);
  free(p);
  return status;
}

/* The tables of ACC, one row set per experiment: CSV into CSV if not
 * NULL, and a Markdown table per model into MD. */
static void write_tables(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                         FILE *csv, FILE *md)
{
  if (csv)
    fprintf(csv, "experiment,model,quantity,targets,mape,max_ape,accuracy\n");
  for (int m = 0; m < PREDICT_N_MODELS; m++) {
    fprintf(md,
            "%s## %s\n\n| experiment | quantity | targets | MAPE %% | max APE %% | accuracy %% |\n"
            "|---|---|---:|---:|---:|---:|\n",
            m ? "\n" : "", predict_model_name((predict_model)m));
    for (int e = 0; e < n_ex; e++)
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        const error_acc *a = &acc[e][m][q];
        if (a->n == 0)
          continue;
        double mape = a->sum / a->n;
        if (csv)
          fprintf(csv, "%s,%s,%s,%d,%.3f,%.3f,%.3f\n", ex[e].name, predict_model_name((predict_model)m),
                  predict_quantities[q].name, a->n, mape, a->max, 100 - mape);
        fprintf(md, "| %s | %s | %d | %.2f | %.2f | %.2f |\n", ex[e].name, predict_quantities[q].name, a->n, mape,
                a->max, 100 - mape);
      }
  }
}

/* Reads the experiment file F into *EX (*N_EX of them).  0, or -1 with F->err set. */
static int read_experiments(cfg_file *f, const char *path, experiment **ex, int *n_ex)
{
  char copy[4096], folder[4096], scratch[] = "/tmp/mrlab-validate-XXXXXX";
  snprintf(copy, sizeof copy, "%s", path);
  snprintf(folder, sizeof folder, "%s", dirname(copy));
  config_setting_t *list;
  if (cfg_file_open(f, path) ||
      cfg_check_keys(f, config_root_setting(&f->cfg), (const char *const[]){"experiments", NULL}) ||
      !(list = cfg_get_list(f, config_root_setting(&f->cfg), "experiments",
                            "a non-empty list of experiments ( { name = ...; platform = ...; ... } )")))
    return -1;
  if (!mkdtemp(scratch)) {
    snprintf(f->err, sizeof f->err, "%s: cannot create: %s", scratch, strerror(errno));
    return -1;
  }
  *ex = xcalloc((size_t)config_setting_length(list), sizeof **ex);
  int status = 0;
  for (int i = 0; i < config_setting_length(list) && !status; i++) {
    config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    (*n_ex)++;
    status = read_experiment(f, g, folder, scratch, &(*ex)[i]);
    for (int k = 0; k < i && !status; k++)
      if (strcmp((*ex)[k].name, (*ex)[i].name) == 0)
        status = cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; experiment %d has it",
                          k + 1);
  }
  rmdir(scratch);
  return status;
}

/* The runs of experiments EX: simulations, predictions, tables.  0, or -1 with ERR. */
static int run_experiments(const experiment *ex, int n_ex, const char *dir, int jobs, const char *self, char *err,
                           size_t errlen)
{
  if (outfile_make_dirs(dir, err, errlen))
    return -1;
  /* step 1: every history and target point of every experiment */
  int n_sims = 0, k = 0, status = 0, any_deadline = 0;
  for (int e = 0; e < n_ex; e++) {
    n_sims += n_runs(&ex[e]);
    any_deadline |= ex[e].deadline > 0;
  }
  sim *sims = xcalloc((size_t)n_sims, sizeof *sims);
  for (int e = 0; e < n_ex && !status; e++) {
    char folder[4096];
    snprintf(folder, sizeof folder, "%s/runs/%s", dir, ex[e].name);
    status = outfile_make_dirs(folder, err, errlen);
    for (int g = 0; g < 2 && !status; g++) {
      const grid *gr = g ? &ex[e].targets : &ex[e].history;
      for (int i = 0; i < gr->n_inputs && !status; i++)
        for (int r = 0; r < gr->n_reduces && !status; r++, k++)
          if ((status = sim_plan(&sims[k], &ex[e], dir, g ? "target" : "history", gr->inputs[i], gr->reduces[r],
                                 ex[e].platform)))
            snprintf(err, errlen, "%s: cannot write", sims[k].workload);
    }
    if (ex[e].tune && !status) { /* the last history point, compression the other way */
      const grid *h = &ex[e].history;
      if ((status = sim_plan(&sims[k], &ex[e], dir, "toggled", h->inputs[h->n_inputs - 1], h->reduces[h->n_reduces - 1],
                             ex[e].platform)))
        snprintf(err, errlen, "%s: cannot write", sims[k].workload);
      snprintf(sims[k].sets[0], sizeof sims[k].sets[0], "mapreduce.map.output.compress=%s",
               ex[e].profiled.compress ? "false" : "true");
      sims[k++].n_sets = 1;
    }
  }
  if (!status)
    status = sims_run(sims, n_sims, jobs, self, err, errlen);
  /* steps 2 to 4, each experiment's runs a slice of sims */
  error_acc(*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES] = xcalloc(n_ex > 0 ? (size_t)n_ex : 1, sizeof *acc);
  outfile out;
  if (!status && !(status = outfile_open(&out, dir, "predictions.csv", err, errlen))) {
    fprintf(out.f, "experiment,target,model,quantity,predicted,actual,ape\n");
    for (int e = 0, first = 0; e < n_ex && !status; first += n_runs(&ex[e]), e++)
      status = assess(&ex[e], sims + first, out.f, acc[e], err, errlen);
    status = status ? (outfile_discard(&out), status) : outfile_close(&out, err, errlen);
  }
  if (!status && any_deadline && !(status = outfile_open(&out, dir, "provision.csv", err, errlen))) {
    fprintf(out.f, "experiment,target,deadline,map_slots_exact,reduce_slots_exact,map_slots,reduce_slots,job_time,"
                   "met\n");
    for (int e = 0, first = 0; e < n_ex && !status; first += n_runs(&ex[e]), e++)
      if (ex[e].deadline > 0)
        status = provision(&ex[e], sims + first, dir, jobs, self, out.f, err, errlen);
    status = status ? (outfile_discard(&out), status) : outfile_close(&out, err, errlen);
  }
  int any_tune = 0;
  for (int e = 0; e < n_ex; e++)
    any_tune |= ex[e].tune;
  if (!status && any_tune && !(status = outfile_open(&out, dir, "tune.csv", err, errlen))) {
    fprintf(out.f, "experiment,target,split_mib,reducers,copiers,compress,ptc_default,ptc_best,simulated_default,"
                   "simulated_best\n");
    for (int e = 0, first = 0; e < n_ex && !status; first += n_runs(&ex[e]), e++)
      if (ex[e].tune)
        status = tune_targets(&ex[e], sims + first, dir, jobs, self, out.f, err, errlen);
    status = status ? (outfile_discard(&out), status) : outfile_close(&out, err, errlen);
  }
  if (!status && !(status = outfile_open(&out, dir, "accuracy.csv", err, errlen))) {
    outfile md;
    if (!(status = outfile_open(&md, dir, "accuracy.md", err, errlen))) {
      write_tables(ex, n_ex, acc, out.f, md.f);
      status = outfile_close(&md, err, errlen);
    }
    status |= outfile_close(&out, err, errlen);
    if (!status)
      write_tables(ex, n_ex, acc, NULL, stdout);
  }
  free(acc);
  free(sims);
  return status;
}

int validate_run(const char *path, const char *dir, int jobs, const char *self, char *err, size_t errlen)
{
  cfg_file f;
  experiment *ex = NULL;
  int n_ex = 0, status = 2;
  if (read_experiments(&f, path, &ex, &n_ex))
    snprintf(err, errlen, "%s", f.err);
  else
    status = run_experiments(ex, n_ex, dir, jobs, self, err, errlen) ? 1 : 0;
  for (int e = 0; e < n_ex; e++) {
    grid_free(&ex[e].history);
    grid_free(&ex[e].targets);
  }
  free(ex);
  cfg_file_close(&f);
  return status;
}
