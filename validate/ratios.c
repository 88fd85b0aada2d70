/* ratios.c - measuring computing ratios by simulation (ratios.h).
 *
 * The job is cut out of its workload file with libconfig, so that its
 * generator, costs and settings stay as written: the other jobs are
 * dropped, its input set to the profiling size, and its placement and
 * ratios removed (one worker holds every block anyway).  Each class's run
 * is `mrlab run --workers WORKER` on that file, a child process of the
 * validation pool (pool/pool.c), since SimGrid's engine is one a process.  The
 * runs go into a temporary directory made and removed by outdir (outfile.h),
 * which removes a tree whole. */
#include "ratios.h"

#include "alloc.h"
#include "cfg.h"
#include "hdfs.h"
#include "outfile.h"
#include "platform.h"
#include "pool.h"
#include "units.h"
#include "workload.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Writes into DIR/job.cfg the job JOB (NULL: the first) of workload file
 * PATH alone, with input INPUT and neither placement nor ratios.  Returns
 * 0, 1 when the file cannot be written, or 2 with ERR. */
static int write_job(const char *path, const char *job, const char *input, const char *dir, char *err, size_t errlen)
{
  cfg_file f;
  int status = cfg_file_open(&f, path) ? 2 : 0;
  config_setting_t *jobs = status ? NULL : config_setting_get_member(config_root_setting(&f.cfg), "jobs");
  int keep = -1;
  for (int i = 0; jobs && i < config_setting_length(jobs) && keep < 0; i++) {
    const char *name = NULL;
    config_setting_lookup_string(config_setting_get_elem(jobs, (unsigned)i), "name", &name);
    if (!job || (name && strcmp(name, job) == 0))
      keep = i;
  }
  if (status) {
    snprintf(err, errlen, "%s", f.err);
  } else if (keep < 0) {
    snprintf(err, errlen, "--job: %s has no job named \"%s\"", path, job);
    status = 2;
  }
  if (!status) {
    for (int i = config_setting_length(jobs) - 1; i >= 0; i--)
      if (i != keep)
        config_setting_remove_elem(jobs, (unsigned)i);
    config_setting_t *g = config_setting_get_elem(jobs, 0);
    config_setting_remove(g, "placement");
    config_setting_remove(g, "ratios");
    config_setting_remove(g, "after"); /* measured alone, whatever it waits for in a workflow */
    config_setting_remove(g, "input");
    config_setting_set_string(config_setting_add(g, "input", CONFIG_TYPE_STRING), input);
    char out[8192];
    snprintf(out, sizeof out, "%s/job.cfg", dir);
    if (config_write_file(&f.cfg, out) != CONFIG_TRUE) {
      snprintf(err, errlen, "%s: cannot write", out);
      status = 1;
    }
  }
  cfg_file_close(&f);
  return status;
}

/* The text of the ratios: a comment per class, then the libconfig group. */
static void print_ratios(FILE *f, const platform *p, const char *job, const char *input, const int *cls,
                         const char *const *worker, const double *times, const double *ratios, int n)
{
  fprintf(f, "# computing ratios of job %s on %s (mrlab ratios, %s of input):\n", job, p->name, input);
  fprintf(f, "# each node class's time for the job on one of its workers alone, over the fastest's\n");
  for (int i = 0; i < n; i++)
    fprintf(f, "# %s: %.3f s on %s\n", p->classes[cls[i]].name, times[i], worker[i]);
  fprintf(f, "ratios = {");
  for (int i = 0; i < n; i++)
    fprintf(f, " %s = %.6f;", p->classes[cls[i]].name, ratios[i]);
  fprintf(f, " };\n");
}

int ratios_measure(const char *platform_path, const char *workload_path, const char *job, const char *input,
                   const char *file, int jobs, const char *self, FILE *out, char *err, size_t errlen)
{
  double bytes;
  if (units_parse(UNITS_SIZE, input, &bytes) || !(bytes > 0)) {
    snprintf(err, errlen, "--input: expected %s, got %s", units_expected(UNITS_SIZE), input);
    return 2;
  }
  char platform_abs[PATH_MAX];
  platform *p = platform_read(platform_path, err, errlen);
  workload *w = p ? workload_read(workload_path, NULL, 0, err, errlen) : NULL;
  int status = w ? 0 : 2;
  outfile o = {.f = NULL};
  if (!status && file &&
      outfile_open_named(&o, file, (const char *const[]){platform_path, workload_path, NULL}, err, errlen))
    status = 2;
  if (!status && !realpath(platform_path, platform_abs)) {
    snprintf(err, errlen, "%s: cannot find its full path", platform_path);
    status = 2;
  }
  /* a folder in TMPDIR, made and removed whole by outdir */
  outdir tmp;
  char tmp_name[4096];
  snprintf(tmp_name, sizeof tmp_name, "%s/mrlab-ratios-%ld", outfile_tmpdir(), (long)getpid());
  static const char *const none[] = {NULL};
  if (!status && outdir_open(&tmp, tmp_name, none, err, errlen))
    status = 1;
  int opened = !status;
  if (!status)
    status = write_job(workload_path, job, input, tmp.tmp, err, errlen);
  sim *sims = xcalloc(p ? (size_t)p->n_classes : 1, sizeof *sims);
  int *cls = xcalloc(p ? (size_t)p->n_classes : 1, sizeof *cls), n = 0;
  const char **worker = xcalloc(p ? (size_t)p->n_classes : 1, sizeof *worker);
  for (int c = 0; !status && c < p->n_classes; c++) {
    int k = 0;
    while (p->workers[k].cls != c)
      k++;
    sim *s = &sims[n];
    cls[n] = c;
    worker[n++] = p->workers[k].name;
    snprintf(s->dir, sizeof s->dir, "class-%s", p->classes[c].name);
    snprintf(s->log, sizeof s->log, "class-%s.log", p->classes[c].name);
    snprintf(s->workload, sizeof s->workload, "job.cfg");
    snprintf(s->platform, sizeof s->platform, "%s", platform_abs);
    snprintf(s->workers, sizeof s->workers, "%s", p->workers[k].name);
    snprintf(s->sets[s->n_sets++], sizeof s->sets[0], "dfs.replication=1");
  }
  if (!status && pool_run(sims, n, tmp.tmp, &(pool_config){.self = self, .jobs = jobs}, err, errlen)) {
    status = 1;
    for (int i = 0; i < n; i++)
      status = sims[i].status == 2 ? 2 : status; /* a job that one node cannot run */
  }
  job_profile *prof = xcalloc((size_t)(n ? n : 1), sizeof *prof);
  double *times = xcalloc((size_t)(n ? n : 1), sizeof *times), *ratios = xcalloc((size_t)(n ? n : 1), sizeof *ratios);
  if (!status && pool_read_profiles(sims, n, tmp.tmp, prof, err, errlen))
    status = 1;
  for (int i = 0; !status && i < n; i++)
    times[i] = prof[i].time;
  if (!status && hdfs_ratios(times, n, ratios)) {
    snprintf(err, errlen, "a simulated job time is not positive");
    status = 1;
  }
  if (!status) {
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    const job_desc *first = &w->jobs[0]; /* in the file: jobs are in submit order */
    for (int i = 1; i < w->n_jobs; i++)
      first = w->jobs[i].line < first->line ? &w->jobs[i] : first;
    print_ratios(mem, p, job ? job : first->name, input, cls, worker, times, ratios, n);
    fclose(mem);
    if (o.f)
      fputs(text, o.f);
    if (o.f && outfile_close(&o, err, errlen))
      status = 1;
    else
      fputs(text, out);
    o.f = NULL;
    free(text);
  }
  if (o.f)
    outfile_discard(&o);
  if (opened)
    outdir_discard(&tmp);
  profile_free(prof, n);
  free(prof);
  free(times);
  free(ratios);
  free(sims);
  free(cls);
  free(worker);
  workload_free(w);
  platform_free(p);
  return status;
}
