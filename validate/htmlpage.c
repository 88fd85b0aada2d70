/* htmlpage.c - `mrlab report` (htmlpage.h): a run or a validation as one HTML
 * page that a student opens in a browser.
 *
 * The page says nothing the other commands do not: the critical paths are
 * explain_run's text, the pictures plot_dir's (drawn as PNG into a
 * temporary directory, then embedded as base64 data: URIs, so the page is
 * one file that needs no network and no other file), the tables the CSVs'
 * rows.  What this file adds is the page: the document is a libxml2 HTML
 * tree (libxml2 escapes every name and serialises it as HTML; its text
 * writer does the base64), styled by a few lines of plain CSS, without
 * JavaScript.  The explanation comes right after the short summary, then
 * the pictures, then the tables.
 *
 * A file of its own in validate/ beside explain.c, whose work it assembles
 * with plots/plot.c's; it knows neither SimGrid nor the models. */
#include "htmlpage.h"

#include "alloc.h"
#include "csv.h"
#include "explain.h"
#include "infile.h"
#include "outfile.h"
#include "plot.h"
#include "rundir.h"

#include <jansson.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlwriter.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The tables of a run over seeds or of a validation, in the page's order,
 * each shown where DIR holds it. */
static const char *const tables[] = {"seeds.csv",      "summary.csv",
                                     "accuracy.csv",   "predictions.csv",
                                     "provision.csv",  "tune.csv",
                                     "anchors.csv",    "variants.csv",
                                     RUNDIR_PROGRESS,  "leaderboard.csv",
                                     "workflows.csv",  "replays.csv",
                                     "roundtrips.csv", NULL};

/* A table longer than this shows its first rows and says how many more its CSV holds. */
#define REPORT_MAX_ROWS 200

/* The largest picture embedded (gnuplot's PNGs are a few hundred kB). */
#define REPORT_MAX_IMAGE (64L << 20)

/* What each picture shows, for its caption, in the page's order; pictures
 * not named here follow, with their file name as caption. */
static const struct {
  const char *prefix, *caption;
} pictures[] = {
    {"gantt.", "Every task attempt on its host's slot row, coloured by phase; each job's critical path is the line "
               "through the boxed stages, its end the dashed line."},
    {"phases.", "Left: each job's slot time by phase (summed over attempts). Right: its critical path's time by "
                "stage and wait, which adds up to the job's time."},
    {"utilisation.", "CPU, disk and network utilisation of each node class over time."},
    {"utilisation-hosts.", "The same for each host, as heat maps: a dark row is a host that was busy."},
    {"progress.", "Each progress indicator's estimate against the true progress of the reduce phase."},
    {"seeds.", "Each job's time and the makespan: every seed's (grey) and their mean with its 95% interval."},
    {"predictions.", "Each model's predicted against simulated job time."},
    {"accuracy.", "Each experiment's job-time accuracy per model, with its 95% interval."},
    {"leaderboard.", "Every model on every configuration, and each model's mean."},
    {"anchors.", "Published against simulated figures, with the simulated mean's 95% interval."},
    {"variants-", "Each variant's mean and its paired difference from the first, with 95% intervals and verdicts."},
    {"indicators.", "Each progress indicator's mean error per workload and variant."},
    {"replays.", "Each replayed job's simulated time against the one its history recorded, by phase, with the "
                 "simulated mean's 95% interval over the seeds."},
    {"roundtrips.", "Each round trip's replayed time against its recorded runs' (means over the seeds), by job and "
                    "phase, with the replayed mean's 95% interval."},
};

static const char style[] =
    "body{font-family:sans-serif;max-width:1200px;margin:1em auto;padding:0 1em;color:#222;line-height:1.4}"
    "h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ccc}"
    "dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:bold}dd{margin:0}"
    "pre{background:#f6f6f6;padding:.8em;font-size:12px;white-space:pre-wrap;border-left:3px solid #4a7}"
    "figure{margin:1.2em 0}img{max-width:100%;height:auto;border:1px solid #ddd}"
    "figcaption{font-size:.9em;color:#555}"
    "table{border-collapse:collapse;font-size:13px;margin:.6em 0;display:block;overflow-x:auto;max-width:100%}"
    "th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right;white-space:nowrap}th{background:#eee}"
    "td:first-child,th:first-child{text-align:left}p.note{font-size:.9em;color:#555}";

/* A child element NAME of PARENT holding TEXT (escaped when written; NULL: none). */
static xmlNodePtr element(xmlNodePtr parent, const char *name, const char *text)
{
  return xmlNewTextChild(parent, NULL, BAD_CAST name, BAD_CAST text);
}

/* A section of BODY with the id ID and the heading TITLE. */
static xmlNodePtr section(xmlNodePtr body, const char *id, const char *title)
{
  xmlNodePtr s = element(body, "section", NULL);
  xmlNewProp(s, BAD_CAST "id", BAD_CAST id);
  element(s, "h2", title);
  return s;
}

/* Adds to PARENT a table of T's rows (at most REPORT_MAX_ROWS, then a note). */
static void csv_html(xmlNodePtr parent, const csv_table *t, const char *name)
{
  xmlNodePtr table = element(parent, "table", NULL), tr = element(table, "tr", NULL);
  for (int c = 0; c < t->n_cols; c++)
    element(tr, "th", csv_cell(t, 0, c));
  for (int r = 1; r < t->n_rows && r <= REPORT_MAX_ROWS; r++) {
    tr = element(table, "tr", NULL);
    for (int c = 0; c < t->n_cols; c++)
      element(tr, "td", csv_cell(t, r, c));
  }
  if (t->n_rows - 1 > REPORT_MAX_ROWS) {
    char note[512];
    snprintf(note, sizeof note, "The first %d of %d rows; %s holds them all.", REPORT_MAX_ROWS, t->n_rows - 1, name);
    xmlNewProp(element(parent, "p", note), BAD_CAST "class", BAD_CAST "note");
  }
}

/* Adds to ROW a cell of V with DECIMALS decimals. */
static void number_cell(xmlNodePtr row, double v, int decimals)
{
  char buf[64];
  element(row, "td", csv_format(v, decimals, buf, sizeof buf));
}

/* The file at PATH as a data: URI of TYPE (base64, by libxml2's text
 * writer); NULL with ERR set if it cannot be read.  Free it with free(). */
static char *data_uri(const char *path, const char *type, char *err, size_t errlen)
{
  size_t n;
  char *data = infile_read(path, "an image", REPORT_MAX_IMAGE, &n, err, errlen);
  if (!data)
    return NULL;
  xmlBufferPtr buf = xmlBufferCreate();
  xmlTextWriterPtr w = xmlNewTextWriterMemory(buf, 0);
  /* libxml2 breaks base64 lines at 72 characters within one call; 54 bytes a call stays on one line */
  for (size_t at = 0; at < n; at += 54)
    xmlTextWriterWriteBase64(w, data, (int)at, (int)(n - at < 54 ? n - at : 54));
  xmlFreeTextWriter(w);
  size_t len = (size_t)xmlBufferLength(buf);
  char *uri = xmalloc(strlen(type) + len + 16);
  sprintf(uri, "data:%s;base64,%s", type, (const char *)xmlBufferContent(buf));
  xmlBufferFree(buf);
  free(data);
  return uri;
}

/* The caption of the picture NAME, and its place in the page's order in *RANK. */
static const char *caption(const char *name, int *rank)
{
  int n = (int)(sizeof pictures / sizeof *pictures);
  for (*rank = 0; *rank < n; ++*rank)
    if (strncmp(name, pictures[*rank].prefix, strlen(pictures[*rank].prefix)) == 0)
      return pictures[*rank].caption;
  return name;
}

static int by_rank(const void *a, const void *b)
{
  const char *x = strrchr(*(char *const *)a, '/') + 1, *y = strrchr(*(char *const *)b, '/') + 1;
  int rx, ry;
  caption(x, &rx);
  caption(y, &ry);
  return rx != ry ? rx - ry : strcmp(x, y);
}

/* Adds a section of the pictures whose paths, one a line, PATHS lists
 * (plot_dir's report), each embedded.  0, or 1 with ERR set. */
static int pictures_html(xmlNodePtr body, char *paths, char *err, size_t errlen)
{
  char *list[256];
  int n = 0;
  for (char *line = strtok(paths, "\n"); line && n < 256; line = strtok(NULL, "\n"))
    list[n++] = line;
  qsort(list, (size_t)n, sizeof *list, by_rank);
  xmlNodePtr s = section(body, "pictures", "Pictures");
  for (int k = 0; k < n; k++) {
    char *uri = data_uri(list[k], "image/png", err, errlen);
    if (!uri)
      return 1;
    const char *name = strrchr(list[k], '/') + 1;
    int rank;
    xmlNodePtr fig = element(s, "figure", NULL), img = element(fig, "img", NULL);
    xmlNewProp(img, BAD_CAST "src", BAD_CAST uri);
    xmlNewProp(img, BAD_CAST "alt", BAD_CAST name);
    xmlNodePtr cap = element(fig, "figcaption", NULL);
    element(cap, "b", name);
    xmlAddChild(cap, xmlNewText(BAD_CAST ": "));
    xmlAddChild(cap, xmlNewText(BAD_CAST caption(name, &rank)));
    free(uri);
  }
  return 0;
}

/* Adds the run's summary from DIR's summary.json (S) and jobs.csv (JOBS). */
static void summary_html(xmlNodePtr body, json_t *s, const csv_table *jobs)
{
  xmlNodePtr sec = section(body, "summary", "Summary"), dl = element(sec, "dl", NULL);
  char buf[1024];
  static const char *const files[][2] = {{"platform", "Platform"}, {"workload", "Workload"}};
  for (int k = 0; k < 2; k++) {
    element(dl, "dt", files[k][1]);
    element(dl, "dd", json_string_value(json_object_get(s, files[k][0])));
  }
  element(dl, "dt", "Seed");
  snprintf(buf, sizeof buf, "%" JSON_INTEGER_FORMAT, json_integer_value(json_object_get(s, "seed")));
  element(dl, "dd", buf);
  json_t *set = json_object_get(s, "set");
  if (json_array_size(set) > 0) {
    element(dl, "dt", "Settings (--set)");
    xmlNodePtr dd = element(dl, "dd", NULL);
    for (size_t k = 0; k < json_array_size(set); k++)
      element(dd, "code", json_string_value(json_array_get(set, k))), xmlAddChild(dd, xmlNewText(BAD_CAST " "));
  }
  element(dl, "dt", "Makespan");
  snprintf(buf, sizeof buf, "%.2f s", json_number_value(json_object_get(s, "makespan")));
  element(dl, "dd", buf);
  element(dl, "dt", jobs->n_rows > 2 ? "Jobs" : "Job");
  xmlNodePtr dd = element(dl, "dd", NULL);
  for (int r = 1; r < jobs->n_rows; r++) {
    double submit = strtod(csv_cell(jobs, r, JOBS_SUBMIT), NULL), end = strtod(csv_cell(jobs, r, JOBS_END), NULL);
    snprintf(buf, sizeof buf, "%s%s %.2f s", r > 1 ? ", " : "", csv_cell(jobs, r, JOBS_JOB), end - submit);
    xmlAddChild(dd, xmlNewText(BAD_CAST buf));
  }
}

/* Adds the table of the jobs (JOBS, jobs.csv) and of each one's critical
 * path's time by stage and wait (EX, explain.csv). */
static void tables_html(xmlNodePtr body, const csv_table *jobs, const csv_table *ex)
{
  static const int times[] = {JOBS_SUBMIT, JOBS_START, JOBS_MAP_PHASE_END, JOBS_END},
                   counts[] = {JOBS_MAPS, JOBS_REDUCES, JOBS_KILLED_ATTEMPTS},
                   bytes[] = {JOBS_INPUT_BYTES, JOBS_SHUFFLE_BYTES, JOBS_OUTPUT_BYTES};
  xmlNodePtr s = section(body, "jobs", "Jobs (jobs.csv)");
  xmlNodePtr table = element(s, "table", NULL), tr = element(table, "tr", NULL);
  element(tr, "th", "job");
  element(tr, "th", "time s");
  for (int k = 0; k < 4; k++)
    element(tr, "th", rundir_jobs_columns[times[k]]);
  for (int k = 0; k < 3; k++)
    element(tr, "th", rundir_jobs_columns[counts[k]]);
  for (int k = 0; k < 3; k++)
    element(tr, "th", rundir_jobs_columns[bytes[k]]);
  for (int r = 1; r < jobs->n_rows; r++) {
    tr = element(table, "tr", NULL);
    element(tr, "td", csv_cell(jobs, r, JOBS_JOB));
    number_cell(tr, strtod(csv_cell(jobs, r, JOBS_END), NULL) - strtod(csv_cell(jobs, r, JOBS_SUBMIT), NULL), 2);
    for (int k = 0; k < 4; k++)
      number_cell(tr, strtod(csv_cell(jobs, r, times[k]), NULL), 2);
    for (int k = 0; k < 3; k++)
      element(tr, "td", csv_cell(jobs, r, counts[k]));
    for (int k = 0; k < 3; k++)
      element(tr, "td", csv_cell(jobs, r, bytes[k]));
  }

  /* the critical path's seconds by what, a row a job, a column each what that any job's path holds */
  int n_jobs = jobs->n_rows - 1, c_job = csv_column(ex, "job"), c_what = csv_column(ex, "what"),
      c_sec = csv_column(ex, "seconds");
  double(*by)[CRIT_N] = xcalloc((size_t)n_jobs, sizeof *by);
  int used[CRIT_N] = {0};
  for (int r = 1; r < ex->n_rows; r++)
    for (int j = 0; j < n_jobs; j++)
      if (strcmp(csv_cell(ex, r, c_job), csv_cell(jobs, j + 1, JOBS_JOB)) == 0)
        for (int w = 0; w < CRIT_N; w++)
          if (strcmp(csv_cell(ex, r, c_what), rundir_explain_what[w]) == 0) {
            by[j][w] += strtod(csv_cell(ex, r, c_sec), NULL);
            used[w] = 1;
          }
  s = section(body, "phases", "Each job's critical path by stage and [wait], in s (explain.csv)");
  table = element(s, "table", NULL);
  tr = element(table, "tr", NULL);
  element(tr, "th", "job");
  char head[64];
  for (int w = 0; w < CRIT_N; w++)
    if (used[w]) {
      snprintf(head, sizeof head, w < CRIT_N_STAGES ? "%s" : "[%s]", rundir_explain_what[w]);
      element(tr, "th", head);
    }
  element(tr, "th", "total");
  for (int j = 0; j < n_jobs; j++) {
    tr = element(table, "tr", NULL);
    element(tr, "td", csv_cell(jobs, j + 1, JOBS_JOB));
    double total = 0;
    for (int w = 0; w < CRIT_N; w++)
      if (used[w]) {
        number_cell(tr, by[j][w], 2);
        total += by[j][w];
      }
    number_cell(tr, total, 2);
  }
  free(by);
}

/* The run directory DIR's parts of the page before and after the pictures
 * (into BODY and *AFTER, a detached node).  0, or 2 with ERR set. */
static int run_html(const char *dir, xmlNodePtr body, xmlNodePtr *after, char *err, size_t errlen)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", dir, RUNDIR_SUMMARY);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  int status = explain_run(dir, NULL, f, err, errlen);
  fclose(f);
  json_error_t jerr;
  size_t n;
  char *json = status ? NULL : infile_read(path, "a run's summary (JSON)", CSV_MAX_BYTES, &n, err, errlen);
  json_t *s = json ? json_loadb(json, n, 0, &jerr) : NULL;
  if (!status && !json)
    status = 2;
  else if (!status && !s)
    status = (snprintf(err, errlen, "%s:%d: %s", path, jerr.line, jerr.text), 2);
  free(json);
  csv_table *jobs = status ? NULL : csv_read_in(dir, RUNDIR_JOBS, rundir_jobs_columns, JOBS_N_COLUMNS, err, errlen);
  csv_table *ex =
      jobs ? csv_read_in(dir, RUNDIR_EXPLAIN, rundir_explain_columns, EXPLAIN_N_COLUMNS, err, errlen) : NULL;
  if (!status && !ex)
    status = 2;
  if (!status) {
    summary_html(body, s, jobs);
    xmlNodePtr sec = section(body, "critical-path", "Where the time went: each job's critical path");
    element(sec, "p",
            "The chain of stages and [waits] that made each job's time, from its submission to its end, as mrlab "
            "explain tells it:");
    element(sec, "pre", text);
    *after = xmlNewNode(NULL, BAD_CAST "div");
    tables_html(*after, jobs, ex);
  }
  csv_free(ex);
  csv_free(jobs);
  json_decref(s);
  free(text);
  return status;
}

/* The tables of a run over seeds or a validation DIR into BODY.  0, or 2 with ERR set. */
static int validation_html(const char *dir, xmlNodePtr body, char *err, size_t errlen)
{
  xmlNodePtr s = section(body, "tables", "Tables");
  for (int k = 0; tables[k]; k++) {
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, tables[k]);
    if (stat(path, &st) != 0)
      continue;
    csv_table *t = csv_read(path, err, errlen);
    if (!t)
      return 2;
    element(s, "h3", tables[k]);
    csv_html(s, t, tables[k]);
    csv_free(t);
  }
  return 0;
}

int htmlpage_write(const char *dir, const char *out, const char *self, FILE *report, char *err, size_t errlen)
{
  char name[4096], def[4096 + 16], path[8192], title[4200];
  snprintf(name, sizeof name, "%s", dir);
  for (size_t k = strlen(name); k > 1 && name[k - 1] == '/';)
    name[--k] = '\0';
  snprintf(def, sizeof def, "%s-report.html", name);
  const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, RUNDIR_TASKS);
  int run = stat(path, &st) == 0;

  htmlDocPtr doc = htmlNewDocNoDtD(NULL, NULL);
  xmlCreateIntSubset(doc, BAD_CAST "html", NULL, NULL);
  xmlNodePtr html = xmlNewDocNode(doc, NULL, BAD_CAST "html", NULL);
  xmlDocSetRootElement(doc, html);
  xmlNewProp(html, BAD_CAST "lang", BAD_CAST "en");
  xmlNodePtr head = element(html, "head", NULL), body = element(html, "body", NULL), after = NULL;
  xmlNewProp(element(head, "meta", NULL), BAD_CAST "charset", BAD_CAST "utf-8");
  snprintf(title, sizeof title, "mrlab report: %s", base);
  element(head, "title", title);
  element(head, "style", style);
  element(body, "h1", title);
  element(body, "p",
          run ? "A simulated run of mrlab, a Hadoop MapReduce simulator: what ran, where each job's "
                "time went, and its pictures and tables."
              : "Runs of mrlab over seeds, a comparison or a validation: its pictures, then its tables.");

  int status = run ? run_html(dir, body, &after, err, errlen) : 0;
  char tmp[4096], *paths = NULL;
  size_t len = 0;
  snprintf(tmp, sizeof tmp, "%s/mrlab-report-XXXXXX", outfile_tmpdir());
  int made = !status && mkdtemp(tmp) != NULL;
  if (!status && !made)
    status = (snprintf(err, errlen, "%s: cannot create a temporary directory", tmp), 1);
  if (!status) {
    FILE *f = open_memstream(&paths, &len);
    status = plot_dir(dir, tmp, "png", self, f, err, errlen);
    fclose(f);
  }
  if (!status)
    status = pictures_html(body, paths, err, errlen);
  if (!status && after) {
    for (xmlNodePtr c = after->children, next; c; c = next) {
      next = c->next;
      xmlUnlinkNode(c);
      xmlAddChild(body, c);
    }
  }
  if (!status && !run)
    status = validation_html(dir, body, err, errlen);
  if (made)
    outfile_remove_tree(tmp);
  free(paths);
  xmlFreeNode(after);

  /* the run's or validation's files are inputs: -o must not name one */
  const char *inputs[32];
  char in[32][4200];
  int n = 0;
  for (int k = 0; rundir_files[k] && n < 15; k++, n++)
    snprintf(in[n], sizeof in[n], "%s/%s", dir, rundir_files[k]);
  for (int k = 0; tables[k] && n < 31; k++, n++)
    snprintf(in[n], sizeof in[n], "%s/%s", dir, tables[k]);
  for (int k = 0; k < n; k++)
    inputs[k] = in[k];
  inputs[n] = NULL;
  outfile o;
  if (!status && outfile_open_named(&o, out ? out : def, inputs, err, errlen))
    status = 2;
  if (!status) {
    if (htmlDocDump(o.f, doc) < 0) {
      snprintf(err, errlen, "%s: cannot write the page", o.final);
      outfile_discard(&o);
      status = 1;
    } else if (outfile_close(&o, err, errlen)) {
      status = 1;
    }
    if (!status)
      fprintf(report, "%s\n", o.final);
  }
  xmlFreeDoc(doc);
  return status;
}
