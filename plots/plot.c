/* plot.c - `mrlab plot` (plot.h): mrlab's CSV outputs turned into pictures.
 *
 * The drawing is gnuplot's, in the scripts of plots/, one a picture; this
 * file finds what a directory holds, writes the small data files each
 * script reads (whitespace-separated blocks, one a series, which gnuplot
 * plots with `index`), and runs gnuplot on each in the output directory's
 * temporary sibling, where the data files are removed again before the
 * directory is swapped in whole (outfile.h).  The work done here is what
 * gnuplot cannot do from a CSV alone: giving each task attempt a slot row
 * (an attempt takes the lowest row of its host and kind that is free at
 * its start, so a host shows as many rows as it ran attempts at once),
 * cutting attempts into phases, summing slot time by phase, and regrouping
 * the rows of a CSV by model, class or indicator.
 *
 * In plots/, beside the scripts it runs: the last stage of the data flow,
 * reading both a run's files and a validation's (and from validate/ only
 * which models are published, leaderboard.h); it knows neither SimGrid nor
 * the models. */
#define _GNU_SOURCE /* strverscmp */
#include "plot.h"

#include "alloc.h"
#include "csv.h"
#include "leaderboard.h"
#include "outfile.h"
#include "rundir.h"
#include "stop.h"
#include "units.h"

#include <dirent.h>
#include <jansson.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Every image mrlab plot may write, in both formats (outdir_open's NAMES). */
static const char *const images[] = {"gantt.png",
                                     "gantt.svg",
                                     "utilisation.png",
                                     "utilisation.svg",
                                     "utilisation-hosts.png",
                                     "utilisation-hosts.svg",
                                     "phases.png",
                                     "phases.svg",
                                     "progress.png",
                                     "progress.svg",
                                     "predictions.png",
                                     "predictions.svg",
                                     "accuracy.png",
                                     "accuracy.svg",
                                     "leaderboard.png",
                                     "leaderboard.svg",
                                     "anchors.png",
                                     "anchors.svg",
                                     "indicators.png",
                                     "indicators.svg",
                                     "variants-*.png",
                                     "variants-*.svg",
                                     "seeds.png",
                                     "seeds.svg",
                                     "replays.png",
                                     "replays.svg",
                                     "roundtrips.png",
                                     "roundtrips.svg",
                                     NULL};

/* The phases of an attempt as the Gantt chart and the breakdown show them. */
enum { SEG_STARTUP, SEG_PHASES, SEG_KILLED = SEG_PHASES + 8, SEG_FAILED, SEG_N };
static const char *const seg_names[SEG_N] = {"startup", "read",   "map",   "spill",  "merge", "shuffle",
                                             "sort",    "reduce", "write", "killed", "failed"};

static int has(const char *dir, const char *name, int want_dir)
{
  char path[8192];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return stat(path, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/* Opens DIR/NAME for writing as F; 0, or -1 with ERR set. */
static int open_data(const char *dir, const char *name, FILE **f, char *err, size_t errlen)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (!(*f = fopen(path, "w")))
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
  return *f ? 0 : -1;
}

static int close_data(FILE *f, const char *name, char *err, size_t errlen)
{
  int bad = ferror(f) | (fclose(f) != 0);
  if (bad)
    snprintf(err, errlen, "%s: cannot write", name);
  return bad ? -1 : 0;
}

/* TEXT made safe inside a gnuplot string in single quotes (no quote, no backslash). */
static const char *gp_text(const char *text, char *buf, size_t n)
{
  size_t k = 0;
  for (; *text && k + 1 < n; text++)
    buf[k++] = *text == '\'' || *text == '\\' ? '`' : *text;
  buf[k] = '\0';
  return buf;
}

/* The index of NAME in the N strings LIST, appended (a pointer kept, not a copy) if missing. */
static int intern(const char **list, int *n, const char *name)
{
  for (int k = 0; k < *n; k++)
    if (strcmp(list[k], name) == 0)
      return k;
  list[*n] = name;
  return (*n)++;
}

/* The cell of ROW in column NAME as a number: NAN when the column is missing or the cell is not one. */
static double num(const csv_table *t, int row, const char *name)
{
  int col = csv_column(t, name);
  char e[8];
  double v;
  return col >= 0 && csv_number(t, row, col, &v, e, sizeof e) == 0 ? v : NAN;
}

static const char *cell(const csv_table *t, int row, const char *name)
{
  int col = csv_column(t, name);
  return col >= 0 ? csv_cell(t, row, col) : "";
}

/* Reads DIR/NAME, or NULL with ERR set; a missing column of the NCOLS COLS is an error too. */
typedef struct {
  int host, job, kind, killed, failed, row;
  double start, end, phase_end[4], y; /* y: its slot row */
} span;

/* An attempt of tasks.csv by its job, task and attempt, for the critical path's stages to find. */
typedef struct {
  const char *job, *task, *attempt;
  int k; /* its span */
} attempt_key;

static int by_attempt(const void *a, const void *b)
{
  const attempt_key *x = a, *y = b;
  int c = strcmp(x->job, y->job);
  c = c ? c : strcmp(x->task, y->task);
  return c ? c : strcmp(x->attempt, y->attempt);
}

static const char *const *sort_names; /* for by_name */
static int by_name(const void *a, const void *b)
{
  return strverscmp(sort_names[*(const int *)a], sort_names[*(const int *)b]);
}
static int by_start(const void *a, const void *b)
{
  const span *x = *(span *const *)a, *y = *(span *const *)b;
  return x->start < y->start ? -1 : x->start > y->start ? 1 : x->row - y->row;
}

/* The segments of attempt S, phase by phase: start-up, then its kind's four
 * phases, each cut at the attempt's end (a killed attempt stopped in one).
 * Calls EMIT for each segment of positive length. */
static void segments(const span *s, double startup, void (*emit)(void *, int, double, double), void *arg)
{
  double from = s->start + startup < s->end ? s->start + startup : s->end;
  if (from > s->start)
    emit(arg, SEG_STARTUP, s->start, from);
  for (int p = 0; p < 4; p++) {
    double to = isnan(s->phase_end[p]) || s->phase_end[p] > s->end ? s->end : s->phase_end[p];
    if (to > from)
      emit(arg, SEG_PHASES + 4 * s->kind + p, from, to);
    from = to > from ? to : from;
  }
}

/* A Gantt chart draws each attempt while the picture can show it: up to
 * GANTT_ROWS slot rows (at 14 pixels each, in at most 4000) and
 * GANTT_ATTEMPTS attempts (gnuplot draws some 30,000 boxes a second).
 * Beyond either, it is binned: BAND slot rows make one row of the picture
 * and the run's time is cut into GANTT_BINS columns (about a pixel each);
 * each cell shows the phase its slots spent the most time in, or nothing
 * when they were busy under a quarter of the time, and equal neighbours
 * along a row are one box. */
#define GANTT_ROWS 270
#define GANTT_ATTEMPTS 20000
#define GANTT_BINS 1000

typedef struct {
  FILE *blocks[SEG_N]; /* gantt: one temporary stream a block */
  double y;
  double (*slot_time)[SEG_N]; /* phases: per job */
  int job;
  int band;       /* binned: slot rows a picture row; 0 draws each attempt */
  double t0, bin; /* binned: the first column's start, a column's width in s */
  double *cells;  /* binned: slot seconds of [picture row][column][segment] */
} seg_sink;

static void emit_gantt(void *arg, int seg, double from, double to)
{
  seg_sink *k = arg;
  if (!k->band) {
    fprintf(k->blocks[seg], "%.9f %.9f %g\n", from, to, k->y);
    return;
  }
  double *row = k->cells + (size_t)((int)k->y / k->band) * GANTT_BINS * SEG_KILLED;
  for (int b = (int)((from - k->t0) / k->bin); b < GANTT_BINS && k->t0 + b * k->bin < to; b++) {
    double lo = k->t0 + b * k->bin, hi = lo + k->bin;
    row[b * SEG_KILLED + seg] += (to < hi ? to : hi) - (from > lo ? from : lo);
  }
}

/* Writes the binned chart of K's cells, N_ROWS picture rows of slot rows
 * ROWS in all, as boxes into K's blocks. */
static void gantt_binned(seg_sink *k, int n_rows, int rows)
{
  for (int r = 0; r < n_rows; r++) {
    int slots = r < n_rows - 1 ? k->band : rows - r * k->band;
    const double *row = k->cells + (size_t)r * GANTT_BINS * SEG_KILLED;
    for (int b = 0, run_start = 0, last = -1; b <= GANTT_BINS; b++) {
      int best = -1; /* idle, and past the last column */
      double busy = 0;
      for (int g = 0; b < GANTT_BINS && g < SEG_KILLED; g++) {
        busy += row[b * SEG_KILLED + g];
        if (row[b * SEG_KILLED + g] > 0 && (best < 0 || row[b * SEG_KILLED + g] > row[b * SEG_KILLED + best]))
          best = g;
      }
      if (busy < slots * k->bin / 4)
        best = -1; /* mostly idle */
      if (best != last || b == GANTT_BINS) {
        if (last >= 0)
          fprintf(k->blocks[last], "%.9f %.9f %d\n", k->t0 + run_start * k->bin, k->t0 + b * k->bin, r);
        last = best, run_start = b;
      }
    }
  }
}

static void emit_phases(void *arg, int seg, double from, double to)
{
  seg_sink *k = arg;
  k->slot_time[k->job][seg] += to - from;
}

/* What a run's pictures say besides their data: the title, and what the
 * Gantt chart needs to know of its jobs. */
typedef struct {
  char title[1024];                  /* its jobs on its cluster */
  int height;                        /* the Gantt chart's, in pixels; 0: no attempt is whole, nothing to draw */
  int binned;                        /* slot rows a picture row, 0: not binned */
  int n_jobs;                        /* of jobs.csv */
  int patterned;                     /* jobs told apart by a pattern on their attempts */
  int hosts, idle;                   /* hosts of the cluster (summary.json), and of them those with no attempt */
  char jobs[4096];                   /* the legends of the jobs' paths and ends, quoted, space-separated */
  char hatches[4096];                /* the legends of the jobs' attempts, the same way */
  char crit_columns[CRIT_N * 8 + 1]; /* the colours of critical-phases.dat's columns; "": none */
} run_info;

/* The critical path's time of each job by explain.csv's what (CRIT_N
 * columns), for the phase picture. */
typedef double crit_time[CRIT_N];

/* Writes into TMP/critical.dat, for each of the N_JOBS jobs JOBS, two
 * blocks from DIR's explain.csv (none: empty blocks): the path as a line
 * through the slot rows of the attempts it runs through (a segment without
 * an attempt on the row of the one before or after), and the boxes of its
 * stages (from, to, row); BAND slot rows make a picture row.  Sums each
 * job's path by what into CRIT.  0, or -1 with ERR set. */
static int critical_data(const char *dir, const char *tmp, const csv_table *tasks, span *s, int m, const char **jobs,
                         int n_jobs, int band, crit_time *crit, char *err, size_t errlen)
{
  static const char *const ecols[] = {"job", "kind", "what", "task", "attempt", "start", "end"};
  csv_table *e = has(dir, RUNDIR_EXPLAIN, 0) ? csv_read_in(dir, RUNDIR_EXPLAIN, ecols, 7, err, errlen) : NULL;
  if (!e && has(dir, RUNDIR_EXPLAIN, 0))
    return -1;
  attempt_key *keys = xmalloc((size_t)m * sizeof *keys + 1);
  for (int k = 0; k < m; k++)
    keys[k] = (attempt_key){jobs[s[k].job < 0 ? 0 : s[k].job], cell(tasks, s[k].row, "task"),
                            cell(tasks, s[k].row, "attempt"), k};
  qsort(keys, (size_t)m, sizeof *keys, by_attempt);
  int rows = e ? e->n_rows : 1;
  double *y = xmalloc((size_t)rows * sizeof *y);
  FILE *f;
  int status = open_data(tmp, "critical.dat", &f, err, errlen);
  for (int j = 0; j < n_jobs && !status; j++) {
    int first = 0;
    double known = NAN;
    for (int r = 1; r < rows; r++) { /* the rows of job j, their attempts' slot rows, gaps after the row before */
      if (strcmp(cell(e, r, "job"), jobs[j]) != 0)
        continue;
      attempt_key want = {jobs[j], cell(e, r, "task"), cell(e, r, "attempt"), 0}, *hit = NULL;
      if (want.attempt[0])
        hit = bsearch(&want, keys, (size_t)m, sizeof *keys, by_attempt);
      y[r] = hit ? (double)((int)s[hit->k].y / band) : known;
      if (hit && isnan(known))
        first = r;
      known = isnan(y[r]) ? known : y[r];
      int what = 0;
      while (what < CRIT_N && strcmp(rundir_explain_what[what], cell(e, r, "what")) != 0)
        what++;
      if (what < CRIT_N)
        crit[j][what] += num(e, r, "end") - num(e, r, "start");
    }
    for (int pass = 0; pass < 2; pass++) {
      int drawn = 0;
      for (int r = 1; r < rows; r++) {
        if (strcmp(cell(e, r, "job"), jobs[j]) != 0)
          continue;
        double at = isnan(y[r]) ? (first ? y[first] : NAN) : y[r];
        int stage = strcmp(cell(e, r, "kind"), RUNDIR_EXPLAIN_STAGE) == 0 && !isnan(y[r]);
        if (isnan(at) || (pass == 1 && !stage))
          continue;
        if (pass == 0)
          fprintf(f, "%.9f %g\n%.9f %g\n", num(e, r, "start"), at, num(e, r, "end"), at);
        else
          fprintf(f, "%.9f %.9f %g\n", num(e, r, "start"), num(e, r, "end"), at);
        drawn++;
      }
      fprintf(f, "%s\n\n", drawn ? "" : "NaN NaN NaN\n"); /* an empty block still counts as one */
    }
  }
  free(y);
  free(keys);
  csv_free(e);
  if (f && close_data(f, "critical.dat", err, errlen))
    status = -1;
  return status ? -1 : 0;
}

/* Up to 7 jobs' attempts are told apart by gnuplot's fill patterns
 * (plots/gantt.gp's hatch: none, then 6 hatchings). */
#define PATTERNED_JOBS 7
#define KEYED_JOBS 8 /* beyond, the key names the jobs' paths together */

/* The colours of explain.csv's what, in its order, on the phase picture:
 * stages as the Gantt chart's phases (the ApplicationMaster's start-up
 * dark grey), waits in greys and pale tints. */
static const char *const crit_colours[CRIT_N] = {
    "#999999", "#56b4e9", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#f0e442", "#d55e00", "#882255", "#444444",
    "#e8e8e8", "#c8c8c8", "#a8a8a8", "#787878", "#d9c6e6", "#b9dcef", "#fdd9a8", "#f7b6b5", "#ff6666"};

/* From DIR's summary.json (an older or a hand-made run may lack it): the
 * cluster's name (its platform file's, without folder and .cfg) into
 * PLATFORM, and how many of its hosts are not among the N HOSTS that ran
 * attempts into INFO. */
static void summary_hosts(const char *dir, const char **hosts, int n, char *platform, size_t len, run_info *info)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", dir, RUNDIR_SUMMARY);
  json_error_t jerr;
  json_t *root = has(dir, RUNDIR_SUMMARY, 0) ? json_load_file(path, 0, &jerr) : NULL;
  const char *file = json_string_value(json_object_get(root, "platform"));
  if (file) {
    const char *slash = strrchr(file, '/');
    snprintf(platform, len, "%s", slash ? slash + 1 : file);
    size_t l = strlen(platform);
    if (l > 4 && strcmp(platform + l - 4, ".cfg") == 0)
      platform[l - 4] = '\0';
  }
  json_t *list = json_object_get(root, "hosts");
  info->hosts = (int)json_array_size(list);
  for (size_t i = 0; i < json_array_size(list); i++) {
    const char *name = json_string_value(json_object_get(json_array_get(list, i), "name"));
    int k = 0;
    while (name && k < n && strcmp(hosts[k], name) != 0)
      k++;
    info->idle += k == n;
  }
  json_decref(root);
}

/* The title of a run's pictures into INFO: its N jobs JOBS (by name up to
 * three, else their number) on the cluster PLATFORM (none: "" ). */
static void run_title(const char **jobs, int n, const char *platform, run_info *info)
{
  char names[900] = "", safe[1024];
  for (int j = 0; j < n && n <= 3; j++)
    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
             j == 0       ? ""
             : j == n - 1 ? " and "
                          : ", ",
             jobs[j]);
  if (n > 3)
    snprintf(names, sizeof names, "%d jobs", n);
  if (platform[0])
    snprintf(names + strlen(names), sizeof names - strlen(names), " on %s", platform);
  snprintf(info->title, sizeof info->title, "%s", gp_text(names, safe, sizeof safe));
}

/* Writes TMP/jobs.dat for the Gantt chart: per job of the N_JOBS JOBS of
 * table T (jobs.csv), a block of its end; then per job a block of its
 * attempts of S (M of them) as boxes (from, to, row) when INFO says
 * they are patterned; and the jobs' legends into INFO.  0, or -1 with ERR. */
static int jobs_data(const char *tmp, const csv_table *t, const char **jobs, int n_jobs, const span *s, int m,
                     run_info *info, char *err, size_t errlen)
{
  FILE *f;
  if (open_data(tmp, "jobs.dat", &f, err, errlen))
    return -1;
  info->jobs[0] = info->hatches[0] = '\0';
  for (int j = 0; j < n_jobs; j++) {
    double end = num(t, j + 1, "end");
    fprintf(f, "%.9f\n\n\n", end);
    char legend[600], safe[600];
    if (n_jobs > KEYED_JOBS && j > 0)
      legend[0] = '\0'; /* one key line names them all */
    else if (n_jobs > KEYED_JOBS)
      snprintf(legend, sizeof legend, "critical paths and ends of the %d jobs (a colour a job)", n_jobs);
    else
      snprintf(legend, sizeof legend, "%s: critical path, end %.1f s", jobs[j], end);
    snprintf(info->jobs + strlen(info->jobs), sizeof info->jobs - strlen(info->jobs), "%s\"%s\"", j ? " " : "",
             gp_text(legend, safe, sizeof safe));
    snprintf(legend, sizeof legend, "%s: attempts%s", jobs[j], j ? "" : " (not hatched)");
    snprintf(info->hatches + strlen(info->hatches), sizeof info->hatches - strlen(info->hatches), "%s\"%s\"",
             j ? " " : "", gp_text(legend, safe, sizeof safe));
  }
  for (int j = 0; j < n_jobs; j++) {
    int drawn = 0;
    for (int k = 0; k < m && info->patterned; k++)
      if (s[k].job == j)
        drawn++, fprintf(f, "%.9f %.9f %g\n", s[k].start, s[k].end, s[k].y);
    fprintf(f, "%s\n\n", drawn ? "" : "NaN NaN NaN\n");
  }
  return close_data(f, "jobs.dat", err, errlen);
}

/* The Gantt chart's and the phase breakdown's data from tasks.csv,
 * jobs.csv, explain.csv and summary.json of DIR: gantt.dat, gantt.inc,
 * critical.dat, jobs.dat, phases.dat and critical-phases.dat in TMP; what
 * else the pictures say into INFO. */
static int run_tasks(const char *dir, const char *tmp, run_info *info, char *err, size_t errlen)
{
  static const char *const tcols[] = {"job", "kind", "host", "status", "start", "end"};
  csv_table *tasks = csv_read_in(dir, RUNDIR_TASKS, tcols, 6, err, errlen);
  csv_table *jobs = tasks ? csv_read_in(dir, RUNDIR_JOBS, tcols, 1, err, errlen) : NULL;
  if (!jobs) {
    csv_free(tasks);
    return 2;
  }
  int n = tasks->n_rows - 1, n_hosts = 0, n_jobs = 0;
  char platform[256] = "";
  const char **hosts = xcalloc((size_t)n + 1, sizeof *hosts),
             **job_names = xcalloc((size_t)jobs->n_rows, sizeof *job_names);
  double *startup = xcalloc((size_t)jobs->n_rows, sizeof *startup);
  for (int r = 1; r < jobs->n_rows; r++) {
    intern(job_names, &n_jobs, cell(jobs, r, "job"));
    if (units_parse(UNITS_TIME, cell(jobs, r, "mrlab.task.startup"), &startup[r - 1]))
      startup[r - 1] = 0; /* a run of an older mrlab: start-up counts as the first phase */
  }
  span *s = xcalloc((size_t)n + 1, sizeof *s);
  int m = 0;
  for (int r = 1; r <= n; r++) {
    span *a = &s[m];
    a->row = r;
    a->start = num(tasks, r, "start");
    a->end = num(tasks, r, "end");
    if (!(a->end >= a->start))
      continue; /* not a whole attempt: nothing to draw */
    a->kind = strcmp(cell(tasks, r, "kind"), RUNDIR_KIND_REDUCE) == 0;
    a->killed = strcmp(cell(tasks, r, "status"), RUNDIR_STATUS_KILLED) == 0;
    a->failed = strcmp(cell(tasks, r, "status"), RUNDIR_STATUS_FAILED) == 0;
    a->host = intern(hosts, &n_hosts, cell(tasks, r, "host"));
    int before = n_jobs;
    a->job = intern(job_names, &n_jobs, cell(tasks, r, "job"));
    if (n_jobs > before) /* a job jobs.csv does not list */
      n_jobs = before, a->job = -1;
    for (int p = 0; p < 4; p++)
      a->phase_end[p] = num(tasks, r, rundir_tasks_columns[TASKS_READ_END + 3 * (4 * a->kind + p)]);
    m++;
  }
  /* rows: hosts in name order, each its map rows then its reduce rows */
  int *order = xmalloc((size_t)n_hosts * sizeof *order), *base = xcalloc((size_t)n_hosts + 1, sizeof *base);
  for (int h = 0; h < n_hosts; h++)
    order[h] = h;
  sort_names = hosts;
  qsort(order, (size_t)n_hosts, sizeof *order, by_name);
  span **by = xmalloc((size_t)m * sizeof *by + 1);
  for (int k = 0; k < m; k++)
    by[k] = &s[k];
  qsort(by, (size_t)m, sizeof *by, by_start);
  /* each host and kind's attempts in start order (a counting sort of BY), then their lanes */
  int *first = xcalloc(2 * (size_t)n_hosts + 1, sizeof *first), *in_group = xmalloc((size_t)m * sizeof *in_group + 1);
  for (int k = 0; k < m; k++)
    first[2 * by[k]->host + by[k]->kind + 1]++;
  for (int g = 0; g < 2 * n_hosts; g++)
    first[g + 1] += first[g];
  int *fill = xmalloc(2 * (size_t)n_hosts * sizeof *fill + 1);
  memcpy(fill, first, 2 * (size_t)n_hosts * sizeof *fill);
  for (int k = 0; k < m; k++)
    in_group[fill[2 * by[k]->host + by[k]->kind]++] = (int)(by[k] - s);
  double *lane_end = xmalloc((size_t)m * sizeof *lane_end + 1);
  int *lane = xmalloc((size_t)m * sizeof *lane + 1), *lanes = xcalloc(2 * (size_t)n_hosts + 1, sizeof *lanes);
  for (int g = 0; g < 2 * n_hosts; g++) {
    int used = 0;
    for (int i = first[g]; i < first[g + 1]; i++) {
      const span *a = &s[in_group[i]];
      int l = 0;
      while (l < used && lane_end[l] > a->start)
        l++;
      if (l == used)
        used++;
      lane_end[l] = a->end;
      lane[in_group[i]] = l;
    }
    lanes[g] = used;
  }
  free(first);
  free(fill);
  free(in_group);
  int rows = 0;
  for (int k = 0; k < n_hosts; k++) {
    base[order[k]] = rows;
    rows += lanes[2 * order[k]] + lanes[2 * order[k] + 1];
  }
  /* gantt.dat: the blocks, one temporary stream each, then appended in order */
  seg_sink sink = {0};
  double t1 = 0;
  sink.t0 = m ? by[0]->start : 0;
  for (int k = 0; k < m; k++)
    t1 = s[k].end > t1 ? s[k].end : t1;
  if (rows > GANTT_ROWS || m > GANTT_ATTEMPTS) {
    sink.band = (rows + GANTT_ROWS - 1) / GANTT_ROWS;
    sink.bin = t1 > sink.t0 ? (t1 - sink.t0) / GANTT_BINS : 1;
    sink.cells = xcalloc((size_t)((rows + sink.band - 1) / sink.band) * GANTT_BINS * SEG_KILLED, sizeof *sink.cells);
  }
  int band = sink.band ? sink.band : 1, shown = (rows + band - 1) / band; /* rows of the picture */
  FILE *f = NULL, *inc = NULL;
  int status = open_data(tmp, "gantt.dat", &f, err, errlen) || open_data(tmp, "gantt.inc", &inc, err, errlen) ? 1 : 0;
  for (int g = 0; g < SEG_N && !status; g++)
    if (!(sink.blocks[g] = outfile_scratch()))
      status = (snprintf(err, errlen, "cannot create a temporary file: %s", strerror(errno)), 1);
  for (int k = 0; k < m && !status; k++) {
    span *a = &s[k];
    sink.y = s[k].y = base[a->host] + (a->kind ? lanes[2 * a->host] : 0) + lane[k];
    segments(a, a->job >= 0 ? startup[a->job] : 0, emit_gantt, &sink);
    if (a->killed || a->failed)
      fprintf(sink.blocks[a->killed ? SEG_KILLED : SEG_FAILED], "%.9f %g\n", a->end,
              sink.band ? (int)sink.y / band : sink.y);
  }
  if (!status && sink.band)
    gantt_binned(&sink, shown, rows);
  free(sink.cells);
  for (int g = 0; g < SEG_N && !status; g++) {
    fprintf(f, "# %s\n", seg_names[g]);
    long size = ftell(sink.blocks[g]);
    rewind(sink.blocks[g]);
    for (int c; (c = getc(sink.blocks[g])) != EOF;)
      putc(c, f);
    fprintf(f, "%s\n\n", size > 0 ? "" : "NaN NaN NaN\n"); /* an empty block still counts as one */
  }
  int failed = 0;
  for (int g = 0; g < SEG_N; g++)
    if (sink.blocks[g]) {
      failed |= g == SEG_FAILED && ftell(sink.blocks[g]) > 0;
      fclose(sink.blocks[g]);
    }
  if (!status) {
    fprintf(inc, "failed = %d\n", failed); /* whether the key names failed attempts */
    /* host labels at the middle of their rows, at most about 40 of them; a line between hosts */
    int stride = (n_hosts + 39) / 40;
    fprintf(inc, "ylo = -0.6; yhi = %g\nset yrange [ylo:yhi]\nset ytics (", shown - 0.4);
    for (int k = 0; k < n_hosts; k += stride) {
      int h = order[k];
      fprintf(inc, "%s\"%s\" %g", k ? ", " : "", hosts[h],
              (base[h] + (lanes[2 * h] + lanes[2 * h + 1] - 1) / 2.0) / band);
    }
    fprintf(inc, ") noenhanced\n");
    for (int k = 1; k < n_hosts && n_hosts <= 200 && band == 1; k++)
      fprintf(inc, "set arrow from graph 0, first %g to graph 1, first %g nohead lc rgb '#aaaaaa' back\n",
              base[order[k]] - 0.5, base[order[k]] - 0.5);
    summary_hosts(dir, hosts, n_hosts, platform, sizeof platform, info);
    if (info->idle)
      fprintf(inc,
              "set label 1 '%d of the %d hosts ran no task attempt: they have no row' at screen 0.01, screen 0.015 "
              "left font ',9' tc rgb '#444444'\n",
              info->idle, info->hosts);
  }
  if (f)
    status = close_data(f, "gantt.dat", err, errlen) ? 1 : status;
  if (inc)
    status = close_data(inc, "gantt.inc", err, errlen) ? 1 : status;
  info->height = !m ? 0 : shown * 14 + 160 < 420 ? 420 : shown * 14 + 160 > 4000 ? 4000 : shown * 14 + 160;
  info->binned = sink.band;
  info->n_jobs = n_jobs;
  info->patterned = n_jobs > 1 && n_jobs <= PATTERNED_JOBS && !sink.band;
  crit_time *crit = xcalloc((size_t)n_jobs + 1, sizeof *crit);
  if (!status && (critical_data(dir, tmp, tasks, s, m, job_names, n_jobs, band, crit, err, errlen) ||
                  jobs_data(tmp, jobs, job_names, n_jobs, s, m, info, err, errlen)))
    status = 1;
  if (!status)
    run_title(job_names, n_jobs, platform, info);
  /* phases.dat: each job's slot time by phase, killed and failed attempts apart */
  sink.slot_time = xcalloc((size_t)n_jobs + 1, sizeof *sink.slot_time);
  for (int k = 0; k < m; k++) {
    if (s[k].job < 0)
      continue;
    sink.job = s[k].job;
    if (s[k].killed || s[k].failed)
      sink.slot_time[sink.job][s[k].killed ? SEG_KILLED : SEG_FAILED] += s[k].end - s[k].start;
    else
      segments(&s[k], startup[s[k].job], emit_phases, &sink);
  }
  if (!status && !(status = open_data(tmp, "phases.dat", &f, err, errlen) ? 1 : 0)) {
    fprintf(f, "job");
    for (int g = 0; g < SEG_N; g++)
      fprintf(f, " %s", seg_names[g]);
    for (int j = 0; j < n_jobs; j++) {
      fprintf(f, "\n\"%s\"", job_names[j]);
      for (int g = 0; g < SEG_N; g++)
        fprintf(f, " %.6f", sink.slot_time[j][g]);
    }
    fputc('\n', f);
    status = close_data(f, "phases.dat", err, errlen) ? 1 : 0;
  }
  /* critical-phases.dat: each job's critical path by what, the columns with time on some path alone */
  int shown_what[CRIT_N], n_what = 0;
  for (int w = 0; w < CRIT_N; w++) {
    double any = 0;
    for (int j = 0; j < n_jobs; j++)
      any += crit[j][w];
    if (any > 0)
      shown_what[n_what++] = w;
  }
  info->crit_columns[0] = '\0';
  if (!status && n_what && !(status = open_data(tmp, "critical-phases.dat", &f, err, errlen) ? 1 : 0)) {
    fprintf(f, "job");
    for (int w = 0; w < n_what; w++) {
      fprintf(f, " \"%s%s\"", shown_what[w] >= CRIT_N_STAGES ? "wait: " : "", rundir_explain_what[shown_what[w]]);
      snprintf(info->crit_columns + strlen(info->crit_columns), sizeof info->crit_columns - strlen(info->crit_columns),
               "%s%s", w ? " " : "", crit_colours[shown_what[w]]);
    }
    for (int j = 0; j < n_jobs; j++) {
      fprintf(f, "\n\"%s\"", job_names[j]);
      for (int w = 0; w < n_what; w++)
        fprintf(f, " %.6f", crit[j][shown_what[w]]);
    }
    fputc('\n', f);
    status = close_data(f, "critical-phases.dat", err, errlen) ? 1 : 0;
  }
  free(crit);
  free(sink.slot_time);
  free(lane_end);
  free(lane);
  free(lanes);
  free(by);
  free(order);
  free(base);
  free(s);
  free(startup);
  free(hosts);
  free(job_names);
  csv_free(tasks);
  csv_free(jobs);
  return status;
}

/* MODEL as a picture names it, into BUF of N bytes: with "(unpublished)"
 * after a model no paper published (mrlab's own). */
static const char *model_label(const char *model, char *buf, size_t n)
{
  snprintf(buf, n, "%s%s", model, leaderboard_model_published(model) ? "" : " (unpublished)");
  return buf;
}

/* Writes into TMP/NAME the rows of T regrouped as blocks: one block per
 * distinct value of column GROUP (in order of appearance, their names
 * space-separated into NAMES), within it one blank line between distinct
 * values of column SPLIT (NULL: none), each row the NCOLS columns COLS
 * (scaled by SCALE), and the rows where column WHERE (NULL: all) is WANT.
 * FIRST, when not NULL, also writes each block's first row at x = 0.
 * Returns the number of rows written, or -1 with ERR set. */
static int blocks(const csv_table *t, const char *tmp, const char *name, const char *group, const char *split,
                  const char *const *cols, int ncols, double scale, const char *where, const char *want, int first,
                  char *names, size_t nameslen, char *err, size_t errlen)
{
  const char **groups = xcalloc((size_t)t->n_rows, sizeof *groups);
  int n_groups = 0, written = 0;
  for (int r = 1; r < t->n_rows; r++)
    if (!where || strcmp(cell(t, r, where), want) == 0)
      intern(groups, &n_groups, cell(t, r, group));
  FILE *f;
  if (open_data(tmp, name, &f, err, errlen)) {
    free(groups);
    return -1;
  }
  names[0] = '\0';
  for (int g = 0; g < n_groups; g++) {
    char label[256];
    snprintf(names + strlen(names), nameslen - strlen(names), "%s\"%s\"", g ? " " : "",
             strcmp(group, "model") == 0 ? model_label(groups[g], label, sizeof label) : groups[g]);
    const char *last = NULL;
    int any = 0;
    for (int r = 1; r < t->n_rows; r++) {
      if ((where && strcmp(cell(t, r, where), want) != 0) || strcmp(cell(t, r, group), groups[g]) != 0)
        continue;
      if (split && last && strcmp(last, cell(t, r, split)) != 0)
        fputc('\n', f);
      last = split ? cell(t, r, split) : NULL;
      for (int pass = first && !any ? 0 : 1; pass < 2; pass++) {
        for (int c = 0; c < ncols; c++)
          fprintf(f, "%s%.9g", c ? " " : "", pass == 0 && c == 0 ? 0 : num(t, r, cols[c]) * (c ? scale : 1));
        fputc('\n', f);
      }
      any = 1;
      written++;
    }
    fprintf(f, "\n\n");
  }
  free(groups);
  return close_data(f, name, err, errlen) ? -1 : written;
}

/* A grouped bar chart's values: ROWS x COLS, NAN where none (names are
 * copies), and the half-widths of their 95% intervals when the chart has
 * error bars (HALVES). */
typedef struct {
  char *rows[1024], *cols[64];
  int n_rows, n_cols, halves;
  double v[1024][64], h[1024][64];
} bars;

/* The index of NAME among the N names of LIST, a copy appended if missing and there is room (else -1). */
static int bars_index(char **list, int *n, int cap, const char *name)
{
  for (int k = 0; k < *n; k++)
    if (strcmp(list[k], name) == 0)
      return k;
  if (*n == cap)
    return -1; /* beyond what a picture can show */
  list[*n] = xstrdup(name);
  return (*n)++;
}

/* V and the half-width HALF of its interval (NAN: none) at ROW, COL. */
static void bars_put(bars *b, const char *row, const char *col, double v, double half)
{
  int n = b->n_rows, r = bars_index(b->rows, &b->n_rows, 1024, row), c = bars_index(b->cols, &b->n_cols, 64, col);
  for (int k = 0; r >= 0 && r == n && k < 64; k++)
    b->v[r][k] = NAN;
  if (r >= 0 && c >= 0)
    b->v[r][c] = v, b->h[r][c] = isnan(half) ? 0 : half;
}

static void bars_clear(bars *b)
{
  for (int r = 0; r < b->n_rows; r++)
    free(b->rows[r]);
  for (int c = 0; c < b->n_cols; c++)
    free(b->cols[c]);
  b->n_rows = b->n_cols = b->halves = 0;
}

/* Writes B as TMP/NAME: a header (LABEL, then the columns), a row each, "-"
 * where no value; with halves, each column a value and its half-width. */
static int bars_write(const bars *b, const char *tmp, const char *name, const char *label, char *err, size_t errlen)
{
  FILE *f;
  if (open_data(tmp, name, &f, err, errlen))
    return -1;
  fprintf(f, "%s", label);
  for (int c = 0; c < b->n_cols; c++)
    fprintf(f, b->halves ? " \"%s\" \"\"" : " \"%s\"", b->cols[c]);
  for (int r = 0; r < b->n_rows; r++) {
    fprintf(f, "\n\"%s\"", b->rows[r]);
    for (int c = 0; c < b->n_cols; c++) {
      isnan(b->v[r][c]) ? fprintf(f, " -") : fprintf(f, " %.6g", b->v[r][c]);
      if (b->halves)
        isnan(b->v[r][c]) ? fprintf(f, " -") : fprintf(f, " %.6g", b->h[r][c]);
    }
  }
  fputc('\n', f);
  return close_data(f, name, err, errlen);
}

/* Runs gnuplot on plots/SCRIPT.gp in TMP with the variables VARS, drawing
 * IMAGE.FORMAT there (IMAGE NULL: SCRIPT.FORMAT).  0, or 1 with gnuplot's
 * last line of error in ERR. */
static int gnuplot(const char *tmp, const char *plots, const char *script, const char *image_name, const char *format,
                   const char *vars, char *err, size_t errlen)
{
  char path[8192], var[16384], log[8192];
  if (!image_name)
    image_name = script;
  snprintf(path, sizeof path, "%s/%s.gp", plots, script);
  snprintf(var, sizeof var, "plots='%s'; fmt='%s'; out='%s.%s'; %s", plots, format, image_name, format, vars);
  snprintf(log, sizeof log, "%s/gnuplot.log", tmp);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0 || chdir(tmp) != 0)
      _exit(127);
    dup2(fd, 1);
    dup2(fd, 2);
    execlp("gnuplot", "gnuplot", "-e", var, path, (char *)NULL);
    _exit(127);
  }
  int st = 0, got = -1, e = errno; /* fork's, if it failed */
  stop_guard guard;
  stop_catch(&guard);
  while (pid > 0 && (got = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
    if (stop_caught()) /* gnuplot stops too, then the pictures' directory goes */
      kill(pid, stop_caught());
  if (pid > 0 && got < 0)
    e = errno;
  stop_release(&guard);
  if (pid < 0 || got < 0)
    return snprintf(err, errlen, "cannot run gnuplot: %s", strerror(e)), 1;
  char image[8192];
  struct stat sb;
  snprintf(image, sizeof image, "%s/%s.%s", tmp, image_name, format);
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && stat(image, &sb) == 0 && sb.st_size > 0) {
    unlink(log);
    return 0;
  }
  char line[1024] = "", text[1024];
  FILE *f = fopen(log, "r");
  while (f && fgets(text, sizeof text, f))
    if (text[0] != '\n' && !strstr(text, "warning"))
      snprintf(line, sizeof line, "%s", text);
  if (f)
    fclose(f);
  line[strcspn(line, "\n")] = '\0';
  snprintf(err, errlen, "gnuplot failed on %s: %s", path, line[0] ? line : "no image written");
  return 1;
}

/* Removes the data files NAMES (NULL-terminated) from TMP. */
static void remove_data(const char *tmp, const char *const *names)
{
  char path[8192];
  for (int k = 0; names[k]; k++) {
    snprintf(path, sizeof path, "%s/%s", tmp, names[k]);
    unlink(path);
  }
}

/* The heat map of each host's utilisation over time draws at most
 * HEAT_ROWS rows of hosts (more make bands of hosts, their mean) and
 * HEAT_COLUMNS columns of time, each the time-weighted mean of the samples
 * it overlaps. */
#define HEAT_ROWS 250
#define HEAT_COLUMNS 500

/* The picture of DIR's host-utilisation.csv, drawn in TMP as
 * utilisation-hosts.FORMAT: hosts by time, CPU, disk and network in three
 * panels.  0 (also when the table holds no row: sampling was off); 2 with
 * ERR for a bad CSV; 1 when a file cannot be written or gnuplot failed. */
static int plot_hosts(const char *dir, const char *tmp, const char *plots, const char *format, const char *title,
                      char *err, size_t errlen)
{
  static const char *const need[] = {"time", "host", "cpu", "disk", "nic"};
  csv_table *t = csv_read_in(dir, RUNDIR_HOST_UTILISATION, need, 5, err, errlen);
  if (!t)
    return 2;
  int n = t->n_rows - 1, n_hosts = 0, status = 0;
  const char **hosts = xcalloc((size_t)n + 1, sizeof *hosts);
  int *host = xmalloc((size_t)n * sizeof *host + 1);
  double t1 = 0;
  for (int r = 1; r <= n; r++) {
    host[r - 1] = intern(hosts, &n_hosts, cell(t, r, "host"));
    t1 = num(t, r, "time") > t1 ? num(t, r, "time") : t1;
  }
  int *order = xmalloc((size_t)n_hosts * sizeof *order + 1), *row = xmalloc((size_t)n_hosts * sizeof *row + 1);
  for (int h = 0; h < n_hosts; h++)
    order[h] = h;
  sort_names = hosts;
  qsort(order, (size_t)n_hosts, sizeof *order, by_name);
  int band = (n_hosts + HEAT_ROWS - 1) / HEAT_ROWS, rows = band ? (n_hosts + band - 1) / band : 0;
  for (int k = 0; k < n_hosts; k++)
    row[order[k]] = k / band;
  int cols = n / (n_hosts ? n_hosts : 1) < HEAT_COLUMNS ? n / (n_hosts ? n_hosts : 1) : HEAT_COLUMNS;
  double width = cols ? t1 / cols : 1, *prev = xcalloc((size_t)n_hosts + 1, sizeof *prev);
  double *cells = xcalloc((size_t)rows * cols * 3 + 1, sizeof *cells);
  for (int r = 1; r <= n && cols; r++) { /* each sample spread over the columns it overlaps */
    int h = host[r - 1];
    double from = prev[h], to = num(t, r, "time");
    prev[h] = to;
    for (int c = (int)(from / width); c < cols && c * width < to; c++) {
      double part = ((to < (c + 1) * width ? to : (c + 1) * width) - (from > c * width ? from : c * width)) / width;
      for (int k = 0; k < 3 && part > 0; k++)
        cells[((size_t)row[h] * cols + c) * 3 + k] += part * num(t, r, need[2 + k]);
    }
  }
  int panel = rows * 14 < 160 ? 160 : rows * 14 > 700 ? 700 : rows * 14; /* a panel's height in pixels */
  FILE *f = NULL, *inc = NULL;
  if (cols &&
      !(status =
            open_data(tmp, "hosts.dat", &f, err, errlen) || open_data(tmp, "hosts.inc", &inc, err, errlen) ? 1 : 0)) {
    for (int k = 0; k < 3; k++) {
      for (int r = 0; r < rows; r++) {
        int in_band = r < rows - 1 ? band : n_hosts - r * band;
        for (int c = 0; c < cols; c++)
          fprintf(f, "%s%.2f", c ? " " : "", 100 * cells[((size_t)r * cols + c) * 3 + k] / in_band);
        fputc('\n', f);
      }
      fprintf(f, "\n\n");
    }
    int stride = (rows * 13 + panel - 1) / panel; /* a label every 13 pixels at most */
    fprintf(inc, "t0 = 0; dt = %.9g; set xrange [0:%.9g]; set yrange [-0.5:%g]\nset ytics (", width, t1, rows - 0.5);
    for (int r = 0; r < rows; r += stride) /* a band by its first host */
      fprintf(inc, "%s\"%s\" %d", r ? ", " : "", hosts[order[r * band]], r);
    fprintf(inc, ") noenhanced\n");
  }
  if (f)
    status = close_data(f, "hosts.dat", err, errlen) ? 1 : status;
  if (inc)
    status = close_data(inc, "hosts.inc", err, errlen) ? 1 : status;
  if (!status && cols) {
    char vars[4096], banded[128] = "";
    if (band > 1)
      snprintf(banded, sizeof banded, " (%d hosts a row, their mean, labelled by the first)", band);
    snprintf(vars, sizeof vars, "title_text='%s: utilisation of each host%s'; height=%d; width=1200", title, banded,
             3 * (panel + 60) + 100);
    status = gnuplot(tmp, plots, "hosts", "utilisation-hosts", format, vars, err, errlen);
  }
  free(cells);
  free(prev);
  free(row);
  free(order);
  free(host);
  free(hosts);
  csv_free(t);
  return status;
}

/* The pictures of run directory DIR, drawn in TMP; TITLE names DIR, for a run without summary.json. */
static int plot_run(const char *dir, const char *tmp, const char *plots, const char *format, const char *dirname,
                    char *err, size_t errlen)
{
  char vars[16384], names[4096];
  run_info *info = xcalloc(1, sizeof *info);
  int status = run_tasks(dir, tmp, info, err, errlen);
  const char *title = info->title[0] ? info->title : dirname;
  char binned[256] = "";
  if (info->binned)
    snprintf(binned, sizeof binned, " (binned: %d slots a row, each cell the phase of most of their busy time)",
             info->binned);
  if (!status && info->height) {
    snprintf(vars, sizeof vars,
             "title_text='%s: task attempts by host and slot%s'; width=1200; height=%d; n_jobs=%d; jobs='%s'; "
             "hatches='%s'; patterned=%d; keyed=%d",
             title, binned, info->height, info->n_jobs, info->jobs, info->hatches, info->patterned,
             info->n_jobs <= KEYED_JOBS);
    status = gnuplot(tmp, plots, "gantt", NULL, format, vars, err, errlen);
  }
  if (!status && info->height) {
    snprintf(vars, sizeof vars, "title_text='%s: where the time of each job went'; crit_colours='%s'; width=%d", title,
             info->crit_columns, info->crit_columns[0] ? 1400 : 1000);
    status = gnuplot(tmp, plots, "phases", NULL, format, vars, err, errlen);
  }
  if (!status && has(dir, RUNDIR_HOST_UTILISATION, 0))
    status = plot_hosts(dir, tmp, plots, format, title, err, errlen);
  static const char *const ucols[] = {"time", "cpu", "disk", "nic"};
  static const char *const pcols[] = {"true_progress", "progress"};
  const char *const csvs[] = {RUNDIR_UTILISATION, RUNDIR_PROGRESS};
  const char *const scripts[] = {"utilisation", "progress"};
  for (int k = 0; k < 2 && !status; k++) {
    if (!has(dir, csvs[k], 0))
      continue; /* a run of an older mrlab */
    static const char *const need[2][3] = {{"time", "class", "cpu"}, {"job", "indicator", "true_progress"}};
    csv_table *t = csv_read_in(dir, csvs[k], need[k], 3, err, errlen);
    if (!t) {
      status = 2;
      break;
    }
    char data[64];
    snprintf(data, sizeof data, "%s.dat", scripts[k]);
    int rows =
        k == 0 ? blocks(t, tmp, data, "class", NULL, ucols, 4, 100, NULL, NULL, 1, names, sizeof names, err, errlen)
               : blocks(t, tmp, data, "indicator", "job", pcols, 2, 1, NULL, NULL, 0, names, sizeof names, err, errlen);
    csv_free(t);
    if (rows < 0) {
      status = 1;
      break;
    }
    if (rows == 0)
      continue; /* sampling was off, or no reduce phase */
    snprintf(vars, sizeof vars, "title_text='%s: %s'; %s='%s'; height=%d", title,
             k == 0 ? "utilisation of each node class" : "progress indicators over the reduce phase",
             k == 0 ? "classes" : "indicators", names, k == 0 ? 720 : 700);
    status = gnuplot(tmp, plots, scripts[k], NULL, format, vars, err, errlen);
  }
  remove_data(tmp, (const char *const[]){"gantt.dat", "gantt.inc", "critical.dat", "jobs.dat", "phases.dat",
                                         "critical-phases.dat", "utilisation.dat", "progress.dat", "hosts.dat",
                                         "hosts.inc", NULL});
  free(info);
  return status;
}

/* The pixels that labels of LEN characters take beside a plot. */
static int label_pixels(size_t len)
{
  return 30 + 8 * (int)(len < 8 ? 8 : len);
}

/* The picture of each comparison of DIR/variants.csv, drawn in TMP as
 * variants-COMPARISON.FORMAT: each variant's mean with its 95% interval,
 * and its paired difference from the first variant with its interval,
 * coloured by verdict.  0; 2 with ERR for a bad CSV; 1 when gnuplot failed. */
static int draw_variants(const char *dir, const char *tmp, const char *plots, const char *format, char *err,
                         size_t errlen)
{
  static const char *const need[] = {"comparison",
                                     "variant",
                                     "seeds",
                                     "quantity",
                                     "mean",
                                     "ci95_low",
                                     "ci95_high",
                                     "difference",
                                     "difference_ci95_low",
                                     "difference_ci95_high",
                                     "verdict"};
  csv_table *t = csv_read_in(dir, "variants.csv", need, 11, err, errlen);
  if (!t)
    return 2;
  int status = 0;
  for (int first = 1, end; first < t->n_rows && !status; first = end) {
    const char *name = cell(t, first, "comparison");
    size_t longest = 0;
    for (end = first; end < t->n_rows && strcmp(cell(t, end, "comparison"), name) == 0; end++)
      longest = strlen(cell(t, end, "variant")) > longest ? strlen(cell(t, end, "variant")) : longest;
    FILE *f;
    if (open_data(tmp, "variants.dat", &f, err, errlen))
      return csv_free(t), 1;
    for (int r = first; r < end; r++) {
      const char *verdict = r == first ? "baseline" : cell(t, r, "verdict");
      int code = r == first ? 0 : strcmp(verdict, "pays off") == 0 ? 1 : strcmp(verdict, "hurts") == 0 ? 2 : 3;
      double m = num(t, r, "mean"), lo = num(t, r, "ci95_low"), hi = num(t, r, "ci95_high");
      double d = r == first ? 0 : num(t, r, "difference"), dlo = num(t, r, "difference_ci95_low"),
             dhi = num(t, r, "difference_ci95_high");
      char label[512];
      gp_text(cell(t, r, "variant"), label, sizeof label);
      fprintf(f, "%d %g %g %g %g %g %g %d \"%s\" \"%s\"\n", r - first + 1, m, isnan(lo) ? m : lo, isnan(hi) ? m : hi, d,
              isnan(dlo) ? d : dlo, isnan(dhi) ? d : dhi, code, label, verdict);
    }
    if ((status = close_data(f, "variants.dat", err, errlen) ? 1 : 0))
      break;
    /* the names on the left, two panels of at least 380 pixels, the verdicts on the right */
    int n = end - first, height = 200 + 34 * n, names = label_pixels(longest), verdicts = label_pixels(26);
    int width = names + verdicts + 2 * 380 + 60 < 1100 ? 1100 : names + verdicts + 2 * 380 + 60;
    char vars[4096], title[512], base[512], image[600];
    gp_text(name, title, sizeof title);
    gp_text(cell(t, first, "variant"), base, sizeof base);
    const char *what = strcmp(cell(t, first, "quantity"), "makespan") == 0 ? "makespan" : "job time";
    snprintf(vars, sizeof vars,
             "title_text='%s: %s over seeds 1 to %s, against %s'; what='%s'; n=%d; left=%g; right=%g; width=%d; "
             "height=%d",
             title, what, cell(t, first, "seeds"), base, what, n, (double)names / width, (double)verdicts / width,
             width, height);
    snprintf(image, sizeof image, "variants-%s", title);
    status = gnuplot(tmp, plots, "variants", image, format, vars, err, errlen);
  }
  csv_free(t);
  remove_data(tmp, (const char *const[]){"variants.dat", NULL});
  return status;
}

/* The picture of the run over seeds DIR (summary.csv, seeds.csv), drawn in
 * TMP as seeds.FORMAT: each job's time and the makespan, every seed's and
 * their mean with its 95% interval.  0; 2 with ERR for a bad CSV; 1 when
 * gnuplot failed. */
static int plot_seeds(const char *dir, const char *tmp, const char *plots, const char *format, const char *title,
                      char *err, size_t errlen)
{
  static const char *const sum_cols[] = {"quantity", "job", "seeds", "mean", "ci95_low", "ci95_high"};
  static const char *const seed_cols[] = {"seed", "job", "job_time", "makespan"};
  csv_table *sum = csv_read_in(dir, "summary.csv", sum_cols, 6, err, errlen);
  csv_table *per = sum ? csv_read_in(dir, "seeds.csv", seed_cols, 4, err, errlen) : NULL;
  FILE *f = NULL;
  int status = !per ? 2 : open_data(tmp, "seeds.dat", &f, err, errlen) ? 1 : 0;
  size_t longest = 8;
  for (int r = 1; !status && r < sum->n_rows; r++) {
    int makespan = strcmp(cell(sum, r, "quantity"), "makespan") == 0;
    double m = num(sum, r, "mean"), lo = num(sum, r, "ci95_low"), hi = num(sum, r, "ci95_high");
    char label[512];
    snprintf(label, sizeof label, "%s", makespan ? "makespan" : cell(sum, r, "job"));
    longest = strlen(label) > longest ? strlen(label) : longest;
    fprintf(f, "%d %g %g %g \"%s\"\n", r, m, isnan(lo) ? m : lo, isnan(hi) ? m : hi,
            gp_text(label, label, sizeof label));
  }
  if (f)
    fprintf(f, "\n\n");
  for (int r = 1; !status && r < sum->n_rows; r++) { /* every seed's figure, on the row of its job */
    int makespan = strcmp(cell(sum, r, "quantity"), "makespan") == 0;
    const char *job = makespan ? cell(per, 1, "job") : cell(sum, r, "job");
    for (int k = 1; k < per->n_rows; k++)
      if (strcmp(cell(per, k, "job"), job) == 0)
        fprintf(f, "%d %g\n", r, num(per, k, makespan ? "makespan" : "job_time"));
  }
  if (f)
    status = close_data(f, "seeds.dat", err, errlen) ? 1 : status;
  if (!status) {
    char vars[4096];
    int n = sum->n_rows - 1, width = 1000;
    snprintf(vars, sizeof vars,
             "title_text='%s: each job and the makespan over %s seeds, mean and 95%% interval'; n=%d; margin=%g; "
             "width=%d; height=%d",
             title, cell(sum, 1, "seeds"), n, (double)label_pixels(longest) / width, width, 200 + 40 * n);
    status = gnuplot(tmp, plots, "seeds", NULL, format, vars, err, errlen);
  }
  csv_free(sum);
  csv_free(per);
  remove_data(tmp, (const char *const[]){"seeds.dat", NULL});
  return status;
}

/* A replay validation's simulated times against the recorded ones: the
 * table TABLE.csv of DIR (replays.csv: each history's job; roundtrips.csv:
 * each round trip's job, its recorded runs' mean) into TMP as replays.dat,
 * one block a phase of (recorded, simulated mean, its interval's ends,
 * from the columns SIM and SIM_ci95_half), drawn by replays.gp as
 * TABLE.FORMAT under TITLE, the y axis saying YLABEL.  0, or 1 or 2 with
 * ERR set. */
static int draw_replays(const char *dir, const char *tmp, const char *plots, const char *format, const char *title,
                        const char *table, const char *sim, const char *ylabel, char *err, size_t errlen)
{
  char csv_name[64], half_col[64];
  snprintf(csv_name, sizeof csv_name, "%s.csv", table);
  snprintf(half_col, sizeof half_col, "%s_ci95_half", sim);
  const char *const need[] = {"phase", "recorded", sim, half_col};
  csv_table *t = csv_read_in(dir, csv_name, need, 4, err, errlen);
  if (!t)
    return 2;
  const char *phases[8];
  int n_phases = 0;
  double lo = INFINITY, hi = 0;
  for (int r = 1; r < t->n_rows; r++) {
    double half = num(t, r, half_col), rec = num(t, r, "recorded"), y = num(t, r, sim);
    half = isnan(half) ? 0 : half; /* one seed: no interval */
    if (n_phases < 8)
      intern(phases, &n_phases, cell(t, r, "phase"));
    lo = fmin(lo, fmin(rec, y - half > 0 ? y - half : y));
    hi = fmax(hi, fmax(rec, y + half));
  }
  lo /= 1.5, hi *= 1.5;
  FILE *f;
  if (open_data(tmp, "replays.dat", &f, err, errlen)) {
    csv_free(t);
    return 1;
  }
  char names[1024] = "", vars[4096];
  for (int p = 0; p < n_phases; p++) {
    for (int r = 1; r < t->n_rows; r++)
      if (strcmp(cell(t, r, "phase"), phases[p]) == 0) {
        double half = num(t, r, half_col), y = num(t, r, sim);
        half = isnan(half) ? 0 : half;
        fprintf(f, "%.9g %.9g %.9g %.9g\n", num(t, r, "recorded"), y, fmax(y - half, lo), y + half);
      }
    fprintf(f, "\n\n");
    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", p ? " " : "", phases[p]);
  }
  int status = close_data(f, "replays.dat", err, errlen) ? 1 : 0;
  if (!status && n_phases > 0) {
    snprintf(vars, sizeof vars,
             "title_text='%s: %s against recorded times, each job and phase (mean over the seeds with its "
             "95%% interval)'; phases='%s'; lo=%g; hi=%g; ylabel_text='%s'; xlabel_text='%s'; "
             "diagonal_text='%s = recorded'; width=900; height=800",
             title, sim, names, lo, hi, ylabel,
             strcmp(table, "roundtrips") ? "recorded time (s)" : "recorded time, mean over the seeds (s)", sim);
    status = gnuplot(tmp, plots, "replays", table, format, vars, err, errlen);
  }
  csv_free(t);
  return status;
}

static int plot_validation(const char *dir, const char *tmp, const char *plots, const char *format, const char *title,
                           char *err, size_t errlen)
{
  char vars[16384], names[4096];
  int status = 0;
  bars *b = xcalloc(1, sizeof *b);
  if (has(dir, "predictions.csv", 0)) {
    static const char *const need[] = {"model", "quantity", "predicted", "actual"};
    csv_table *t = csv_read_in(dir, "predictions.csv", need, 4, err, errlen);
    if (!t)
      status = 2;
    double lo = INFINITY, hi = 0;
    for (int r = 1; t && r < t->n_rows; r++)
      if (strcmp(cell(t, r, "quantity"), "job_time") == 0)
        for (int c = 2; c < 4; c++) {
          double v = num(t, r, need[c]);
          lo = v > 0 && v < lo ? v : lo;
          hi = v > hi ? v : hi;
        }
    int rows = t ? blocks(t, tmp, "predictions.dat", "model", NULL, (const char *const[]){"actual", "predicted"}, 2, 1,
                          "quantity", "job_time", 0, names, sizeof names, err, errlen)
                 : 0;
    csv_free(t);
    status = rows < 0 ? 1 : status;
    if (!status && rows > 0) {
      snprintf(vars, sizeof vars,
               "title_text='%s: predicted against simulated job time'; models='%s'; lo=%g; hi=%g; "
               "width=900; height=800",
               title, names, lo / 1.5, hi * 1.5);
      status = gnuplot(tmp, plots, "predictions", NULL, format, vars, err, errlen);
    }
  }
  if (!status && has(dir, "accuracy.csv", 0)) {
    static const char *const need[] = {"experiment", "model", "quantity", "accuracy"};
    csv_table *t = csv_read_in(dir, "accuracy.csv", need, 4, err, errlen);
    status = t ? 0 : 2;
    b->halves = 1; /* the intervals as error bars (none in an older mrlab's table) */
    char model[256];
    for (int r = 1; t && r < t->n_rows; r++)
      if (strcmp(cell(t, r, "quantity"), "job_time") == 0)
        bars_put(b, cell(t, r, "experiment"), model_label(cell(t, r, "model"), model, sizeof model),
                 num(t, r, "accuracy"), num(t, r, "accuracy_ci95_half"));
    if (!status && b->n_rows > 0 && !(status = bars_write(b, tmp, "accuracy.dat", "experiment", err, errlen) ? 1 : 0)) {
      snprintf(vars, sizeof vars,
               "title_text='%s: job-time accuracy of each model, mean over the seeds with its 95%% interval'; "
               "columns=%d; width=%d",
               title, b->n_cols, 500 + 60 * b->n_rows * b->n_cols > 2400 ? 2400 : 500 + 60 * b->n_rows * b->n_cols);
      status = gnuplot(tmp, plots, "accuracy", NULL, format, vars, err, errlen);
    }
    bars_clear(b);
    csv_free(t);
  }
  if (!status && has(dir, "leaderboard.csv", 0)) {
    static const char *const need[] = {"configuration", "model", "accuracy"};
    csv_table *t = csv_read_in(dir, "leaderboard.csv", need, 3, err, errlen);
    status = t ? 0 : 2;
    b->halves = 1;
    for (int r = 1; t && r < t->n_rows; r++) /* "all" last: each model's mean */
      if (cell(t, r, "accuracy")[0]) {
        char model[256];
        bars_put(b, strcmp(cell(t, r, "configuration"), "all") ? cell(t, r, "configuration") : "mean of all",
                 model_label(cell(t, r, "model"), model, sizeof model), num(t, r, "accuracy"),
                 num(t, r, "accuracy_ci95_half"));
      }
    if (!status && b->n_rows > 0 &&
        !(status = bars_write(b, tmp, "leaderboard.dat", "configuration", err, errlen) ? 1 : 0)) {
      snprintf(vars, sizeof vars,
               "title_text='%s: job-time accuracy of each model, mean over the seeds with its 95%% interval'; "
               "columns=%d; width=%d",
               title, b->n_cols, 500 + 40 * b->n_rows * b->n_cols > 2400 ? 2400 : 500 + 40 * b->n_rows * b->n_cols);
      status = gnuplot(tmp, plots, "leaderboard", NULL, format, vars, err, errlen);
    }
    bars_clear(b);
    csv_free(t);
  }
  if (!status && has(dir, "anchors.csv", 0)) {
    static const char *const need[] = {"kind", "published", "simulated"};
    csv_table *t = csv_read_in(dir, "anchors.csv", need, 3, err, errlen);
    status = t ? 0 : 2;
    static const char *const kinds[3][3] = {
        {"gain", "mean_gain", "\"gains (%)\""}, {"time", "time", "\"times (s)\""}, {"ratio", "ratio", "\"ratios\""}};
    FILE *f = NULL;
    status = status ? status : open_data(tmp, "anchors.dat", &f, err, errlen) ? 1 : 0;
    char labels[256] = "";
    int n_kinds = 0;
    for (int k = 0; k < 3 && !status; k++) {
      int n = 0;
      for (int r = 1; r < t->n_rows; r++) {
        double p = num(t, r, "published"), s = num(t, r, "simulated");
        double lo = num(t, r, "ci95_low"), hi = num(t, r, "ci95_high"); /* NAN for one seed, or an older table */
        const char *kind = cell(t, r, "kind");
        if ((strcmp(kind, kinds[k][0]) == 0 || strcmp(kind, kinds[k][1]) == 0) && !isnan(p) && !isnan(s))
          n++, fprintf(f, "%g %g %g %g\n", p, s, isnan(lo) ? s : lo, isnan(hi) ? s : hi);
      }
      if (n) {
        fprintf(f, "\n\n");
        snprintf(labels + strlen(labels), sizeof labels - strlen(labels), "%s%s", n_kinds++ ? " " : "", kinds[k][2]);
      }
    }
    if (f)
      status = close_data(f, "anchors.dat", err, errlen) ? 1 : status;
    if (!status && n_kinds > 0) {
      snprintf(vars, sizeof vars,
               "title_text='%s: published against simulated figures (mean and 95%% interval)'; kinds='%s'; width=%d; "
               "height=520",
               title, labels, 150 + 450 * n_kinds);
      status = gnuplot(tmp, plots, "anchors", NULL, format, vars, err, errlen);
    }
    csv_free(t);
  }
  if (!status && has(dir, RUNDIR_PROGRESS, 0)) {
    static const char *const need[] = {"workload", "variant", "indicator", "mean_error", "paper_mean"};
    csv_table *t = csv_read_in(dir, RUNDIR_PROGRESS, need, 5, err, errlen);
    status = t ? 0 : 2;
    const char *ind[32];
    int n_ind = 0;
    b->halves = 1; /* the intervals over the seeds as error bars (none in an older mrlab's table) */
    for (int r = 1; t && r < t->n_rows && n_ind < 31; r++) {
      char row[512], col[256];
      snprintf(row, sizeof row, "%s/%s", cell(t, r, "workload"), cell(t, r, "variant"));
      intern(ind, &n_ind, cell(t, r, "indicator"));
      snprintf(col, sizeof col, "%s", cell(t, r, "indicator"));
      bars_put(b, row, col, num(t, r, "mean_error"), num(t, r, "mean_error_ci95_half"));
      snprintf(col, sizeof col, "%s-paper", cell(t, r, "indicator"));
      bars_put(b, row, col, num(t, r, "paper_mean"), NAN);
    }
    names[0] = '\0';
    for (int k = 0; k < n_ind; k++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? " " : "", ind[k]);
    if (!status && b->n_rows > 0 && !(status = bars_write(b, tmp, "indicators.dat", "workload", err, errlen) ? 1 : 0)) {
      snprintf(vars, sizeof vars,
               "title_text='%s: progress indicators, mean error per workload (mean over the seeds with its 95%% "
               "interval)'; indicators='%s'; "
               "width=%d",
               title, names, 600 + 70 * b->n_rows * n_ind > 2400 ? 2400 : 600 + 70 * b->n_rows * n_ind);
      status = gnuplot(tmp, plots, "indicators", NULL, format, vars, err, errlen);
    }
    bars_clear(b);
    csv_free(t);
  }
  free(b);
  if (!status && has(dir, "variants.csv", 0))
    status = draw_variants(dir, tmp, plots, format, err, errlen);
  if (!status && has(dir, "replays.csv", 0))
    status = draw_replays(dir, tmp, plots, format, title, "replays", "simulated",
                          "simulated time, mean over the seeds (s)", err, errlen);
  if (!status && has(dir, "roundtrips.csv", 0))
    status = draw_replays(dir, tmp, plots, format, title, "roundtrips", "replayed",
                          "replayed time, mean over the seeds (s)", err, errlen);
  remove_data(tmp, (const char *const[]){"predictions.dat", "accuracy.dat", "leaderboard.dat", "anchors.dat",
                                         "indicators.dat", "replays.dat", NULL});
  return status;
}

/* The gnuplot scripts' folder into PLOTS, found from the program SELF
 * alone, never from a path of the tree it was built from: plots/ beside
 * it (build/mrlab's, a link CMake makes to the source's plots/), else
 * MRLAB_INSTALLED_PLOTS from its folder (bin/../share/mrlab/plots, where
 * cmake --install puts them).  0, or -1 with ERR set. */
static int find_plots(const char *self, char *plots, size_t n, char *err, size_t errlen)
{
  char here[4096];
  snprintf(here, sizeof here, "%s", self);
  char *slash = strrchr(here, '/');
  if (slash)
    *slash = '\0';
  const char *const tries[] = {"plots", MRLAB_INSTALLED_PLOTS};
  for (int k = 0; k < 2; k++) {
    char path[4200], real[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", here, tries[k]);
    if (has(path, "common.gp", 0) && realpath(path, real) && !strchr(real, '\'') && strlen(real) < n)
      return snprintf(plots, n, "%s", real), 0;
  }
  snprintf(err, errlen, "cannot find mrlab's gnuplot scripts in %s/plots or %s/%s", here, here, MRLAB_INSTALLED_PLOTS);
  return -1;
}

/* Whether gnuplot is a program on the PATH. */
static int have_gnuplot(void)
{
  const char *path = getenv("PATH");
  char dir[4096], file[8192];
  while (path && *path) {
    size_t len = strcspn(path, ":");
    snprintf(dir, sizeof dir, "%.*s", (int)len, path);
    snprintf(file, sizeof file, "%s/gnuplot", len ? dir : ".");
    if (access(file, X_OK) == 0)
      return 1;
    path += len + (path[len] == ':');
  }
  return 0;
}

int plot_comparisons(const char *dir, const char *out, const char *format, const char *self, char *err, size_t errlen)
{
  char plots[4096];
  if (!have_gnuplot())
    return snprintf(err, errlen, "gnuplot not found: install it (Debian: apt-get install gnuplot-nox)"), 2;
  if (find_plots(self, plots, sizeof plots, err, errlen))
    return 1;
  return draw_variants(dir, out, plots, format, err, errlen) ? 1 : 0;
}

/* The images of FORMAT in directory DIR, in name order, into NAMES (at
 * most MAX, each freed by the caller); their number. */
static int images_in(const char *dir, const char *format, char **names, int max)
{
  struct dirent **e;
  int n = scandir(dir, &e, NULL, alphasort), k = 0;
  for (int i = 0; i < n; i++) {
    const char *dot = strrchr(e[i]->d_name, '.');
    if (e[i]->d_name[0] != '.' && dot && strcmp(dot + 1, format) == 0 && k < max)
      names[k++] = xstrdup(e[i]->d_name);
    free(e[i]);
  }
  if (n >= 0)
    free(e);
  return k;
}

int plot_dir(const char *dir, const char *out, const char *format, const char *self, FILE *report, char *err,
             size_t errlen)
{
  int run = has(dir, RUNDIR_TASKS, 0) && has(dir, RUNDIR_JOBS, 0);
  int seeds = !run && has(dir, "seeds.csv", 0) && has(dir, "summary.csv", 0);
  int validation = !run && !seeds && has(dir, "runs", 1);
  static const char *const tables[] = {"accuracy.csv",  "anchors.csv",     "variants.csv",
                                       RUNDIR_PROGRESS, "leaderboard.csv", "workflows.csv",
                                       "replays.csv",   "roundtrips.csv",  NULL};
  int tabled = 0;
  for (int k = 0; tables[k]; k++)
    tabled |= has(dir, tables[k], 0);
  if (!run && !seeds && !(validation && tabled))
    return snprintf(err, errlen,
                    "%s: expected a run directory (tasks.csv, jobs.csv), a run over seeds (seeds.csv, summary.csv) "
                    "or a validation or comparison directory (runs/ and accuracy.csv, anchors.csv, variants.csv, "
                    "progress.csv, replays.csv or roundtrips.csv)",
                    dir),
           2;
  if (!have_gnuplot())
    return snprintf(err, errlen, "gnuplot not found: install it (Debian: apt-get install gnuplot-nox)"), 2;
  char plots[4096], name[4096], title[1024];
  if (find_plots(self, plots, sizeof plots, err, errlen))
    return 1;
  snprintf(name, sizeof name, "%s", dir);
  for (size_t k = strlen(name); k > 1 && name[k - 1] == '/';)
    name[--k] = '\0';
  const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
  gp_text(base, title, sizeof title);
  char def[4096 + 8];
  snprintf(def, sizeof def, "%s-plots", name);
  outdir d;
  if (outdir_open(&d, out ? out : def, images, err, errlen))
    return 2;
  int status = run     ? plot_run(dir, d.tmp, plots, format, title, err, errlen)
               : seeds ? plot_seeds(dir, d.tmp, plots, format, title, err, errlen)
                       : plot_validation(dir, d.tmp, plots, format, title, err, errlen);
  char *names[256];
  int n = status ? 0 : images_in(d.tmp, format, names, 256);
  if (!status && n == 0)
    status = (snprintf(err, errlen, "%s: nothing to draw: its tables hold no figure that mrlab plot draws", dir), 2);
  if (status)
    outdir_discard(&d);
  else if (outdir_commit(&d, err, errlen))
    status = 1;
  for (int k = 0; k < n; k++) {
    if (!status)
      fprintf(report, "%s/%s\n", d.final, names[k]);
    free(names[k]);
  }
  return status;
}
