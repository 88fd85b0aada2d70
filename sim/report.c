/* report.c - CSV and JSON outputs of a run, and its human summary.
 *
 * Numbers are printed with %.9f (times) or as whole numbers (bytes), so the
 * same run gives the same bytes.  Each attempt has four phases; their names
 * depend on its kind (map: read, map, spill, merge; reduce: shuffle, sort,
 * reduce, write), and tasks.csv has a column group for each of the eight,
 * left empty where they do not apply (a map of a map-only job fills the
 * write phase's), then the preshuffle columns (rundir.h).
 *
 * What a file holds of a job's tasks (tasks.csv's, groups.csv's rows, the
 * lines report_print prints, jobs.csv's and summary.json's sums) is
 * recorded as the job is retired (report_record, retire.h), its tasks
 * freed then; the files copy those pieces in job order at the end. */
#include "report.h"

#include "activities.h"
#include "alloc.h"
#include "coarse.h"
#include "critpath.h"
#include "indicators.h"
#include "lost.h"
#include "outfile.h"
#include "progress.h"
#include "rereplicate.h"
#include "retire.h"
#include "rundir.h"
#include "summary.h"
#include "trace.h"
#include "utilisation.h"
#include "verbosity.h"

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/plugins/load.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[] = {RUNDIR_STATUS_RUNNING, RUNDIR_STATUS_SUCCEEDED, RUNDIR_STATUS_KILLED,
                                           RUNDIR_STATUS_FAILED};
static const char *const cause_names[] = {"",
                                          RUNDIR_CAUSE_FAULT,
                                          RUNDIR_CAUSE_TWIN,
                                          RUNDIR_CAUSE_PREEMPTED,
                                          RUNDIR_CAUSE_JOB_FAILED,
                                          RUNDIR_CAUSE_LOST,
                                          RUNDIR_CAUSE_FETCH_FAILURES,
                                          RUNDIR_CAUSE_MISSING_BLOCK,
                                          RUNDIR_CAUSE_DISK_FAILED}; /* attempt_cause */
static const char *const job_status_names[] = {RUNDIR_STATUS_SUCCEEDED, RUNDIR_STATUS_FAILED,
                                               RUNDIR_STATUS_DEPENDENT_FAILED}; /* job_status */
static const char *const locality_names[] = {RUNDIR_LOCALITY_NODE, RUNDIR_LOCALITY_RACK, RUNDIR_LOCALITY_OFF_RACK, ""};

/* Attempts of J that were killed: twins that lost, including those that
 * ended only after the job (their trackers never reported them). */
static int killed_attempts(const job *j)
{
  int n = 0;
  for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
    const task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
    for (int k = 0; k < tk->n_attempts; k++)
      n += tk->attempts[k]->status == STATUS_KILLED;
  }
  return n;
}

/* One CSV header line: the N column names COLS, then, when EXTRA, the name of every property and jobs.csv's last. */
static void write_header(FILE *f, const char *const *cols, int n, int extra)
{
  for (int k = 0; k < n; k++)
    fprintf(f, "%s%s", k ? "," : "", cols[k]);
  for (int k = 0; extra && k < CONF_N_KEYS; k++)
    fprintf(f, ",%s", conf_name(k));
  if (extra)
    fprintf(f, ",%s", RUNDIR_JOBS_AFTER);
  fputc('\n', f);
}

/* Job J's rows of tasks.csv. */
static void task_rows(const engine *e, const job *j, FILE *f)
{
  for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
    const task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
    for (int k = 0; k < tk->n_attempts; k++) {
      const attempt *a = tk->attempts[k];
      const platform_node *n = &e->platform->workers[a->worker];
      fprintf(f, "%s,%c%06d,%s,%d,%s,%s,%s,%d,%s,%.9f,%.9f", j->desc->name, tk->kind == KIND_MAP ? 'm' : 'r', tk->index,
              tk->kind == KIND_MAP ? RUNDIR_KIND_MAP : RUNDIR_KIND_REDUCE, a->number, n->name,
              e->platform->racks[n->rack].name, locality_names[a->locality], a->speculative, status_names[a->status],
              a->start, a->end);
      for (int kind = 0; kind < 2; kind++)
        for (int ph = 0; ph < N_PHASES; ph++) {
          if (kind == KIND_REDUCE && ph == PHASE_WRITE && !j->n_reduces) /* a map-only job's map writes to HDFS */
            fprintf(f, ",%.9f,%lld,%lld", a->write_end, (long long)a->write_disk_bytes,
                    (long long)a->phase_records[PHASE_MAP]);
          else if ((int)tk->kind != kind)
            fprintf(f, ",,,");
          else
            fprintf(f, ",%.9f,%lld,%lld", a->phase_end[ph], (long long)a->phase_bytes[ph],
                    (long long)a->phase_records[ph]);
        }
      fprintf(f, ",%lld", (long long)a->pushed_bytes);
      if (tk->kind == KIND_MAP)
        fprintf(f, ",,%d,", a->pushes);
      else if (a->first_byte < 0)
        fprintf(f, ",%lld,%d,", (long long)(a->phase_bytes[PHASE_SHUFFLE] - a->pushed_bytes), a->pushes);
      else
        fprintf(f, ",%lld,%d,%.9f", (long long)(a->phase_bytes[PHASE_SHUFFLE] - a->pushed_bytes), a->pushes,
                a->first_byte);
      const prefetch *p = a->prefetch;
      if (p)
        fprintf(f, ",%.9f,%.9f,%.9f,%.9f", p->issued, p->due, p->start, p->end);
      else
        fprintf(f, ",,,,");
      fprintf(f, ",%s,%.9f,", a->status == STATUS_SUCCEEDED ? "" : cause_names[a->cause],
              a->flops / platform_node_class(e->platform, n)->speed);
      for (int r = 0; tk->kind == KIND_MAP && r < j->input->replication; r++)
        fprintf(f, "%s%s", r ? " " : "",
                e->platform->workers[j->splits[(size_t)tk->block * (size_t)j->input->replication + (size_t)r]].name);
      if (tk->kind == KIND_REDUCE)
        fprintf(f, ",%lld", (long long)a->merged_bytes);
      else
        fputc(',', f);
      fputc('\n', f);
    }
  }
}

/* J's sums over its successful attempts, into J (jobs.csv's): map output, shuffled bytes, output. */
static void job_sums(job *j)
{
  int64_t map_out = 0, shuffled = 0, output = 0;
  for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
    const task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
    for (int k = 0; k < tk->n_attempts; k++)
      if (tk->attempts[k]->status == STATUS_SUCCEEDED) {
        map_out += tk->kind == KIND_MAP ? tk->attempts[k]->phase_bytes[PHASE_MAP] : 0;
        shuffled += tk->kind == KIND_REDUCE ? tk->attempts[k]->phase_bytes[PHASE_SHUFFLE] : 0;
        /* a map-only job's output is its maps' */
        output += tk->kind == KIND_REDUCE || !j->n_reduces
                      ? tk->attempts[k]->phase_bytes[tk->kind == KIND_REDUCE ? PHASE_REDUCE : PHASE_MAP]
                      : 0;
      }
  }
  j->map_output = map_out;
  j->shuffled = shuffled;
  j->output = output;
}

static void write_jobs(const engine *e, FILE *f)
{
  write_header(f, rundir_jobs_columns, JOBS_N_COLUMNS, 1);
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    fprintf(f, "%s,%.9f,%.9f,%.9f,%.9f,%d,%d,%d,%d,%d,%lld,%lld,%lld,%lld,%lld,%.9f", j->desc->name, j->submit,
            j->start, j->map_phase_end, j->end, j->n_maps, j->n_reduces, e->map_slots, e->reduce_slots, j->killed,
            (long long)j->desc->input, (long long)j->map_output, (long long)j->shuffled, (long long)j->output,
            (long long)j->redistributed_bytes, j->redistribution_time);
    double start, end;
    indicators_phase(j, &start, &end);
    if (isfinite(start) && isfinite(end))
      fprintf(f, ",%.9f,%.9f", start, end);
    else
      fprintf(f, ",,");
    fprintf(f, ",%d,%d,%.9f,%d,%d,%lld,%s", j->sketch_keys, j->sketch_missed, j->sketch_error, j->failed_attempts,
            j->reexecuted_maps, (long long)j->lost_bytes, job_status_names[j->status]);
    for (int k = 0; k < CONF_N_KEYS; k++) { /* a cluster property's value is the run's */
      char v[CONF_TEXT_MAX];
      conf_format(conf_key_scope(k) == CONF_CLUSTER ? &e->cluster : &j->desc->conf, k, v, sizeof v);
      fprintf(f, ",%s", v);
    }
    fputc(',', f);
    for (int k = 0; k < j->desc->n_after; k++)
      fprintf(f, "%s%s", k ? ";" : "", e->jobs[j->desc->after[k]].desc->name);
    fputc('\n', f);
  }
}

/* Job J's rows of groups.csv. */
static void group_rows(const job *j, FILE *f)
{
  for (int r = 0; r < j->n_reduces; r++)
    for (int k = 0; k < j->reduces[r].n_attempts; k++) {
      const attempt *a = j->reduces[r].attempts[k];
      for (int g = 0; g < a->n_groups; g++)
        fprintf(f, "%s,r%06d,%d,%d,%lld,%.9f\n", j->desc->name, r, a->number, g, (long long)a->group_bytes[g],
                a->group_end[g]);
    }
}

static void write_progress(const engine *e, FILE *f)
{
  write_header(f, rundir_progress_columns, PROGRESSCSV_N_COLUMNS, 0);
  for (size_t k = 0; k < e->n_samples; k++) {
    const progress_sample *s = &e->samples[k];
    const job *j = &e->jobs[s->job];
    double start, end;
    indicators_phase(j, &start, &end);
    fprintf(f, "%s,%.9f,%s,%.9f,", j->desc->name, s->time, rundir_indicators[s->indicator], s->progress);
    if (!isnan(s->end))
      fprintf(f, "%.9f", s->end);
    fprintf(f, ",%.9f,%.9f\n", 100 * (s->time - start) / (end - start), end);
  }
}

static double makespan(const engine *e)
{
  double end = 0;
  for (int i = 0; i < e->n_jobs; i++)
    end = end > e->jobs[i].end ? end : e->jobs[i].end;
  return end;
}

/* summary.json's "approximations", a new array: each of the speed
 * approximations (docs/scale.md) the run used,
 * once: as NAME=VALUE idle heartbeats skipped (the default, unless the run
 * watches for lost workers), each disk's queue and its time-sharing
 * (disks.h), HDFS's transfers by rack pair and their carriers' cap
 * (coarsehdfs.h), the fetch by rack, the coarse shuffle (coarse.h), a bound on
 * a reducer's fetches on the wire below its fetchers, a pipeline chunk
 * other than the default, and a cap on a coarse group's carriers and their
 * poll when a job set them, and the SimGrid options of
 * IN that change the resource models' accuracy (the ACK traffic, the
 * solver's precision, the timing precision within which SimGrid ends
 * activities together), as given. */
static json_t *approximations(const engine *e, const sim_inputs *in)
{
  static const conf_key keys[] = {CONF_SHUFFLE_BY_RACK, CONF_SHUFFLE_COARSE, CONF_SHUFFLE_FLOWS,
                                  CONF_CHUNK,           CONF_COARSE_SOURCES, CONF_COARSE_POLL};
  static const char *const models[] = {
      "--cfg=network/crosstraffic", "--cfg=maxmin/",        "--cfg=surf/precision", "--cfg=precision/",
      "--cfg=network/model",        "--cfg=network/solver", "--cfg=cpu/model",      "--cfg=host/model"};
  conf faithful;
  conf_init(&faithful);
  json_t *a = json_array();
  char item[256], value[64];
  if (conf_get(&e->cluster, CONF_HEARTBEAT_IDLE) == CONF_IDLE_SKIP && !e->lost) { /* tasktracker.c */
    snprintf(item, sizeof item, "%s=skip", conf_name(CONF_HEARTBEAT_IDLE));
    json_array_append_new(a, json_string(item));
  }
  if (conf_get(&e->cluster, CONF_DISK_OPS) > 0) { /* disks.h */
    conf_format(&e->cluster, CONF_DISK_OPS, value, sizeof value);
    snprintf(item, sizeof item, "%s=%s", conf_name(CONF_DISK_OPS), value);
    json_array_append_new(a, json_string(item));
  }
  if (conf_get(&e->cluster, CONF_DISK_LAZY) != 0) { /* disks.h */
    snprintf(item, sizeof item, "%s=true", conf_name(CONF_DISK_LAZY));
    json_array_append_new(a, json_string(item));
  }
  if (e->coarse_hdfs) { /* coarsehdfs.h, and its carriers' cap when set */
    snprintf(item, sizeof item, "%s=true", conf_name(CONF_HDFS_COARSE));
    json_array_append_new(a, json_string(item));
    if (conf_get(&e->cluster, CONF_HDFS_CARRIERS) > 0) {
      conf_format(&e->cluster, CONF_HDFS_CARRIERS, value, sizeof value);
      snprintf(item, sizeof item, "%s=%s", conf_name(CONF_HDFS_CARRIERS), value);
      json_array_append_new(a, json_string(item));
    }
  }
  for (int i = 0; i < in->n_options; i++)
    for (size_t k = 0; k < sizeof models / sizeof *models; k++)
      if (strncmp(in->options[i], models[k], strlen(models[k])) == 0) {
        json_array_append_new(a, summary_text(in->options[i]));
        break;
      }
  for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
    for (int i = 0; i < e->n_jobs; i++) {
      const conf *c = &e->jobs[i].desc->conf;
      if (conf_get(c, keys[k]) == conf_get(&faithful, keys[k]) ||
          (keys[k] == CONF_SHUFFLE_FLOWS && conf_get(c, keys[k]) >= conf_get(c, CONF_PARALLELCOPIES)) ||
          ((keys[k] == CONF_COARSE_SOURCES || keys[k] == CONF_COARSE_POLL) && !coarse_job(&e->jobs[i])))
        continue; /* as many places on the wire as fetchers bound nothing, nor carriers' cap and poll without them */
      conf_format(c, keys[k], value, sizeof value);
      snprintf(item, sizeof item, "%s=%s", conf_name(keys[k]), value);
      json_array_append_new(a, json_string(item));
      break;
    }
  return a;
}

json_t *report_inputs(const sim_inputs *in, char *err, size_t errlen)
{
  int n = 0;
  const char **files = xcalloc((size_t)in->n_confs + 2, sizeof *files);
  files[n++] = in->platform_path;
  files[n++] = in->workload_path;
  for (int i = 0; i < in->n_confs; i++)
    files[n++] = in->confs[i];
  json_t *checksums = summary_checksums(files, n, err, errlen);
  free(files);
  if (!checksums)
    return NULL;
  json_t *root = json_object();
  summary_versions(root);
  json_object_set_new(root, "platform", summary_text(in->platform_path));
  json_object_set_new(root, "workload", summary_text(in->workload_path));
  json_object_set_new(root, "set", summary_texts(in->sets, in->n_sets));
  json_object_set_new(root, "confs", summary_texts(in->confs, in->n_confs));
  json_object_set_new(root, "simgrid_options", summary_texts(in->options, in->n_options));
  json_object_set_new(root, "workers", summary_texts(&in->workers, in->workers != NULL));
  json_object_set_new(root, "checksums", checksums);
  return root;
}

/* summary.json, INPUTS (report_inputs) followed by what the run did. */
static int write_summary(const engine *e, const sim_inputs *in, const json_t *inputs, FILE *f)
{
  double span = makespan(e);
  json_t *root = json_copy((json_t *)inputs), *jobs = json_array(), *hosts = json_array();
  json_object_set_new(root, "approximations", approximations(e, in));
  /* a seed beyond jansson's integers (2^63 - 1) as a real, not a wrapped negative */
  json_object_set_new(root, "seed",
                      in->seed <= (unsigned long)LLONG_MAX ? json_integer((json_int_t)in->seed)
                                                           : json_real((double)in->seed));
  json_object_set_new(root, "makespan", summary_real(span, 9));
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    json_array_append_new(
        jobs, json_pack("{s:o, s:o, s:o, s:o, s:o, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:I, s:s}", "name",
                        summary_text(j->desc->name), "submit", summary_real(j->submit, 9), "start",
                        summary_real(j->start, 9), "map_phase_end", summary_real(j->map_phase_end, 9), "end",
                        summary_real(j->end, 9), "maps", j->n_maps, "reduces", j->n_reduces, "prefetches_issued",
                        j->prefetches_issued, "prefetches_used", j->prefetches_used, "killed_attempts", j->killed,
                        "failed_attempts", j->failed_attempts, "reexecuted_maps", j->reexecuted_maps, "lost_bytes",
                        (json_int_t)j->lost_bytes, "status", job_status_names[j->status]));
  }
  json_object_set_new(root, "jobs", jobs);
  const int64_t *blocks = e->input_blocks; /* input replicas placed on each, counted as each job was recorded */
  for (int i = 0; i < e->platform->n_workers; i++) {
    const tracker *tr = &e->trackers[i];
    const platform_class *c = platform_node_class(e->platform, &e->platform->workers[i]);
    double disk_time, nic_time;
    engine_tracker_busy(e, i, &disk_time, &nic_time);
    double cpu = sg_host_get_computed_flops(tr->host) / (c->speed * c->cores);
    json_array_append_new(
        hosts,
        json_pack("{s:o, s:o, s:o, s:o, s:I, s:I, s:I, s:I}", "name", summary_text(e->platform->workers[i].name), "cpu",
                  summary_real(span > 0 ? cpu / span : 0, 6), "disk", summary_real(span > 0 ? disk_time / span : 0, 6),
                  "nic", summary_real(span > 0 ? nic_time / span : 0, 6), "disk_read_bytes", (json_int_t)tr->disk_read,
                  "disk_written_bytes", (json_int_t)tr->disk_written, "net_sent_bytes", (json_int_t)tr->net_sent,
                  "input_blocks", (json_int_t)blocks[i]));
  }
  json_object_set_new(root, "hosts", hosts);
  if (e->lost)
    json_object_set_new(root, "losses", lost_json(e));
  json_t *rereplication = rereplicate_json(e);
  if (rereplication)
    json_object_set_new(root, "rereplication", rereplication);
  json_object_set_new(root, "activities", activities_json(simgrid_get_clock(), e->lost != NULL));
  int status = summary_dump(root, f);
  json_decref(root);
  return status;
}

int report_write(const engine *e, const sim_inputs *in, const json_t *inputs, const char *dir, char *err, size_t errlen)
{
  static const char *const names[] = {RUNDIR_TASKS,    RUNDIR_JOBS,        RUNDIR_GROUPS,   RUNDIR_SUMMARY,
                                      RUNDIR_PROGRESS, RUNDIR_UTILISATION, RUNDIR_EXPLAIN, RUNDIR_HOST_UTILISATION,
                                      RUNDIR_TRACE};
  for (int i = 0; i < 8 + (in->trace != 0); i++) {
    outfile o;
    if (outfile_open(&o, dir, names[i], err, errlen))
      return -1;
    switch (i) {
    case 0:
      write_header(o.f, rundir_tasks_columns, TASKS_N_COLUMNS, 0);
      for (int k = 0; k < e->n_jobs; k++)
        retire_copy(e, RETIRE_TASKS, &e->jobs[k], o.f);
      break;
    case 1: write_jobs(e, o.f); break;
    case 2:
      write_header(o.f, rundir_groups_columns, GROUPS_N_COLUMNS, 0);
      for (int k = 0; k < e->n_jobs; k++)
        retire_copy(e, RETIRE_GROUPS, &e->jobs[k], o.f);
      break;
    case 3:
      if (write_summary(e, in, inputs, o.f)) {
        snprintf(err, errlen, "%s/%s: cannot write it", dir, names[i]);
        outfile_discard(&o);
        return -1;
      }
      break;
    case 4: write_progress(e, o.f); break;
    case 5:
      write_header(o.f, rundir_utilisation_columns, UTIL_N_COLUMNS, 0);
      utilisation_write(e, o.f, 0);
      break;
    case 6:
      write_header(o.f, rundir_explain_columns, EXPLAIN_N_COLUMNS, 0);
      critpath_write(e, o.f);
      break;
    case 7:
      write_header(o.f, rundir_host_utilisation_columns, UTIL_N_COLUMNS, 0);
      utilisation_write(e, o.f, 1);
      break;
    case 8: trace_write(e, o.f); break;
    }
    if (outfile_close(&o, err, errlen))
      return -1;
  }
  return 0;
}

/* Mean time of each phase of the successful attempts of TASKS, start-up first. */
static void mean_phases(const task *tasks, int n, double startup, double mean[N_PHASES + 1], int loc[3])
{
  int count = 0;
  for (int k = 0; k <= N_PHASES; k++)
    mean[k] = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < tasks[i].n_attempts; k++) {
      const attempt *a = tasks[i].attempts[k];
      if (a->status != STATUS_SUCCEEDED)
        continue;
      count++;
      double from = a->start + startup;
      mean[0] += startup;
      for (int ph = 0; ph < N_PHASES; ph++) {
        mean[ph + 1] += a->phase_end[ph] - from;
        from = a->phase_end[ph];
      }
      if (a->locality < LOCALITY_NONE)
        loc[a->locality]++;
    }
  for (int k = 0; count && k <= N_PHASES; k++)
    mean[k] /= count;
}

/* Each indicator's error over job J's reduce phase (docs/models.md): the
 * mean and max of |estimated - true progress| over the samples. */
static void print_progress(const engine *e, const job *j, FILE *out)
{
  double start, end;
  indicators_phase(j, &start, &end);
  size_t n = 0;
  for (size_t k = 0; k < e->n_samples; k++)
    n += e->samples[k].job == j->index && e->samples[k].indicator == 0;
  if (!n || !(end > start))
    return;
  double *t = xmalloc(n * sizeof *t), *p = xmalloc(n * sizeof *p);
  fprintf(out, "  progress error over the reduce phase, mean/max points (%zu samples):", n);
  for (int i = 0; i < INDICATOR_N; i++) {
    size_t m = 0;
    for (size_t k = 0; k < e->n_samples; k++)
      if (e->samples[k].job == j->index && e->samples[k].indicator == i)
        t[m] = e->samples[k].time, p[m++] = e->samples[k].progress;
    double avg, max;
    if (progress_error(t, p, m, start, end, &avg, &max) == 0)
      fprintf(out, " %s %.1f/%.1f", rundir_indicators[i], avg, max);
  }
  fputc('\n', out);
  free(t);
  free(p);
}

/* Push mode: the successful reduces' pushed share of their shuffle, and their first shuffled byte. */
static void print_pushed(const job *j, FILE *out)
{
  long long pushed = 0, shuffled = 0;
  double first = -1;
  for (int r = 0; r < j->n_reduces; r++)
    for (int k = 0; k < j->reduces[r].n_attempts; k++) {
      const attempt *a = j->reduces[r].attempts[k];
      if (a->status != STATUS_SUCCEEDED)
        continue;
      pushed += a->pushed_bytes;
      shuffled += a->phase_bytes[PHASE_SHUFFLE];
      if (a->first_byte >= 0 && (first < 0 || a->first_byte < first))
        first = a->first_byte;
    }
  fprintf(out, "  push: %lld of %lld shuffle bytes pushed (%.1f%%), first byte at a reduce %.2f s\n", pushed, shuffled,
          shuffled ? 100.0 * (double)pushed / (double)shuffled : 0.0, first);
}

/* Job J's lines of report_print. */
static void print_job(const engine *e, const job *j, FILE *out)
{
  double startup = conf_get(&j->desc->conf, CONF_TASK_STARTUP), m[N_PHASES + 1], r[N_PHASES + 1];
  int loc[3] = {0, 0, 0}, none[3];
  mean_phases(j->maps, j->n_maps, startup, m, loc);
  mean_phases(j->reduces, j->n_reduces, startup, r, none);
  fprintf(out, "job %s: submitted at %.2f s, maps done at %.2f s, ended at %.2f s (%.2f s)\n", j->desc->name, j->submit,
          j->map_phase_end, j->end, j->end - j->submit);
  if (j->desc->recorded > 0)
    fprintf(out, "  replay: recorded %.2f s, simulated %.2f s (simulated/recorded %.3f)\n", j->desc->recorded,
            j->end - j->submit, (j->end - j->submit) / j->desc->recorded);
  if (j->foreign_hosts > 0)
    fprintf(out, "  split_hosts: %d of the hosts named %s of %s; HDFS's policy placed those replicas\n",
            j->foreign_hosts, j->foreign_hosts > 1 ? "are not workers" : "is not a worker", e->platform->name);
  if (j->desc->from)
    fprintf(out, "  redistribution: %lld bytes moved in %.2f s before the maps\n", (long long)j->redistributed_bytes,
            j->redistribution_time);
  fprintf(out, "  %5d maps, mean s:    start-up %6.2f  read %6.2f  map %6.2f  spill %6.2f  merge %6.2f\n", j->n_maps,
          m[0], m[1], m[2], m[3], m[4]);
  if (j->n_reduces)
    fprintf(out, "  %5d reduces, mean s: start-up %6.2f  shuffle %6.2f  sort %6.2f  reduce %6.2f  write %6.2f\n",
            j->n_reduces, r[0], r[1], r[2], r[3], r[4]);
  else
    fprintf(out, "  no reduces: the maps wrote the output to HDFS\n");
  fprintf(out, "  maps node-local %d, rack-local %d, off-rack %d; killed attempts %d, failed attempts %d\n", loc[0],
          loc[1], loc[2], j->killed, j->failed_attempts);
  if (j->status != JOB_SUCCEEDED)
    fprintf(out, "  %s\n", job_status_names[j->status]);
  if (conf_get(&j->desc->conf, CONF_SHUFFLE_MODE) == CONF_SHUFFLE_PUSH)
    print_pushed(j, out);
  print_progress(e, j, out);
}

void report_record(const engine *e, job *j, FILE *tasks, FILE *groups, FILE *print)
{
  j->killed = killed_attempts(j);
  job_sums(j);
  indicators_phase(j, &j->reduce_phase_start, &j->reduce_phase_end);
  task_rows(e, j, tasks);
  group_rows(j, groups);
  print_job(e, j, print);
}

void report_print(const engine *e, FILE *out)
{
  for (int i = 0; i < e->n_jobs; i++)
    retire_copy(e, RETIRE_PRINT, &e->jobs[i], out);
  rereplicate_print(e, out);
  if (verbosity_get() == VERBOSITY_VERBOSE) /* the engine's counters: summary.json has them */
    activities_print(out, simgrid_get_clock(), e->lost != NULL);
  fprintf(out, "makespan %.2f s\n", makespan(e));
}
