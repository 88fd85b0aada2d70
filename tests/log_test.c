/* log_test.c - mrlab's log categories as a student meets them: the
 * JobTracker's category alone prints one assignment line per attempt of
 * tasks.csv, with its time, worker and locality, and nothing from SimGrid;
 * the parent category prints spills and fetches (the fetches adding up to
 * each reduce's shuffled bytes); logging changes no output file; an
 * unknown mrlab category is refused in one line. */
#define _GNU_SOURCE /* memrchr */
#include "test.h"

#include <stdlib.h>
#include <string.h>

/* 1 GB on toy4: 8 maps of one or two spills, compressed, and 4 reduces
 * whose shuffle buffer is too small to hold a map's output. */
static const char job[] = "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                          " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4;"
                          " set = [\"mapreduce.map.output.compress=true\","
                          " \"mapreduce.reduce.shuffle.input.buffer.percent=0.05\"]; } );\n";

/* Runs the job on toy4 into DIR/out with the extra argument LOG (or none
 * when NULL), into R; returns DIR (static buffer). */
static const char *run_job(test_run *r, const char *log)
{
  const char *args[] = {"run", test_source_path("platforms/toy4.cfg"), "job.cfg", "-o", "out", log, NULL};
  static char dir[64];
  snprintf(dir, sizeof dir, "%s", test_run_beside(r, "job.cfg", job, args));
  assert_int_equal(r->status, 0);
  return dir;
}

/* The category of log line LINE ("[host:actor:(pid) time] [CATEGORY/PRIORITY] text",
 * "[time] [...] text" outside actors) into CAT, its time into *TIME; returns
 * its text, or NULL when LINE has not that shape. */
static const char *log_line(const char *line, char *cat, size_t len, double *time)
{
  const char *close = strstr(line, "] [");
  const char *sp = close ? memrchr(line, ' ', (size_t)(close - line)) : NULL;
  const char *slash = close ? strchr(close, '/') : NULL;
  const char *text = slash ? strstr(slash, "] ") : NULL;
  if (line[0] != '[' || !text)
    return NULL;
  *time = atof(sp ? sp + 1 : line + 1);
  snprintf(cat, len, "%.*s", (int)(slash - close - 3), close + 3);
  return text + 2;
}

/* The word an assignment line gives for tasks.csv's locality WANT. */
static const char *locality_word(const char *want)
{
  return strcmp(want, "node") == 0 ? "node-local" : strcmp(want, "rack") == 0 ? "rack-local" : want;
}

static void jobtracker_logs_each_assignment_with_its_locality(void **state)
{
  (void)state;
  test_run r;
  const char *dir = run_job(&r, "--log=mrlab.jobtracker.thres:info");
  char out[128];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int *seen = calloc((size_t)t->n_rows, sizeof *seen), assignments = 0;
  char *text = strdup(r.err);
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    char cat[64], task[32], host[64], kind[16], loc[32] = "", job_name[32];
    double time;
    int attempt;
    const char *says = log_line(line, cat, sizeof cat, &time);
    if (!says)
      fail_msg("not a log line: %s", line);
    if (strcmp(cat, "mrlab_jobtracker") != 0)
      fail_msg("a line of another category than the JobTracker's: %s", line);
    if (strncmp(says, "assigns ", 8) != 0)
      continue;
    int n = sscanf(says, "assigns %31s %31s attempt %d to %63[^:]: %15[a-z], %31[a-z-]", job_name, task, &attempt,
                   host, kind, loc);
    if (n < 5)
      fail_msg("an assignment line of another shape: %s", line);
    assignments++;
    int found = 0;
    for (int row = 1; row < t->n_rows && !found; row++) {
      found = strcmp(test_csv_cell(t, row, "job"), job_name) == 0 && strcmp(test_csv_cell(t, row, "task"), task) == 0 &&
              (int)test_csv_num(t, row, "attempt") == attempt && strcmp(test_csv_cell(t, row, "host"), host) == 0 &&
              strcmp(test_csv_cell(t, row, "kind"), kind) == 0 &&
              strcmp(locality_word(test_csv_cell(t, row, "locality")), loc) == 0 &&
              fabs(test_csv_num(t, row, "start") - time) < 1e-6;
      if (found && seen[row]++)
        fail_msg("attempt assigned twice: %s", line);
    }
    if (!found)
      fail_msg("an assignment that tasks.csv does not hold (job, task, attempt, host, kind, locality, start): %s", line);
  }
  assert_int_equal(assignments, t->n_rows - 1); /* one line for each attempt */
  free(text);
  free(seen);
  test_csv_free(t);
}

/* The names the refusal of an unknown category lists, into NAMES (", " separated). */
static void known_categories(char *names, size_t len)
{
  test_run r;
  const char *args[] = {"run", test_source_path("platforms/toy4.cfg"), "job.cfg", "--log=mrlab.nosuch.thres:info",
                        NULL};
  test_run_beside(&r, "job.cfg", job, args);
  const char *from = strstr(r.err, "NAME one of ");
  const char *to = strstr(r.err, ", got ");
  assert_true(from && to && to > from);
  snprintf(names, len, ", %.*s,", (int)(to - from - 12), from + 12);
}

static void every_category_shows_spills_and_fetches(void **state)
{
  (void)state;
  test_run r;
  const char *dir = run_job(&r, "--log=mrlab.thres:info");
  char out[128], names[1024];
  snprintf(out, sizeof out, "%s/out", dir);
  known_categories(names, sizeof names);
  test_csv *t = test_csv_in(out, "tasks.csv");
  double *fetched = calloc((size_t)t->n_rows, sizeof *fetched), *written = calloc((size_t)t->n_rows, sizeof *written);
  int *spills = calloc((size_t)t->n_rows, sizeof *spills), *of = calloc((size_t)t->n_rows, sizeof *of);
  char *text = strdup(r.err);
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    char cat[64], job_name[32], task[32], name[70];
    double time;
    const char *says = log_line(line, cat, sizeof cat, &time);
    if (!says || strncmp(cat, "mrlab_", 6) != 0)
      fail_msg("a line of no mrlab category: %s", line);
    snprintf(name, sizeof name, ", %s,", cat + 6);
    if (!strstr(names, name)) /* declared in its module as mrlab_NAME, listed for mrlab.NAME */
      fail_msg("category %s is not one --log=mrlab.NAME can name (%s)", cat, names);
    int attempt, n, k;
    long long bytes, sorted;
    int spill = strcmp(cat, "mrlab_map") == 0 &&
                sscanf(says, "%31s %31s attempt %d: spill %d of %d: %lld bytes of map output sorted, %lld bytes written",
                       job_name, task, &attempt, &k, &n, &sorted, &bytes) == 7;
    int fetch = strcmp(cat, "mrlab_reduce") == 0 &&
                sscanf(says, "%31s %31s attempt %d fetches %d map %*s from %*[^:]: %lld bytes", job_name, task,
                       &attempt, &n, &bytes) == 5;
    for (int row = 1; (spill || fetch) && row < t->n_rows; row++)
      if (strcmp(test_csv_cell(t, row, "task"), task) == 0 && (int)test_csv_num(t, row, "attempt") == attempt) {
        if (fetch)
          fetched[row] += (double)bytes;
        if (spill && k == spills[row]++) { /* spills in order */
          written[row] += (double)bytes;
          of[row] = n;
        }
      }
  }
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "kind"), "reduce") == 0) {
      assert_close(fetched[row], test_csv_num(t, row, "shuffle_bytes"), 0); /* every byte it shuffled, fetched once */
    } else { /* every spill; the spills' bytes and tasks.csv's (whole bytes per partition) are rounded apart */
      assert_true(spills[row] >= 1 && spills[row] == of[row]);
      assert_close(written[row], test_csv_num(t, row, "spill_bytes"), 1e-6 * written[row]);
    }
  free(text);
  free(fetched);
  free(written);
  free(spills);
  free(of);
  test_csv_free(t);
}

static void logging_changes_no_output(void **state)
{
  (void)state;
  test_run quiet, loud, xbt;
  char a[128], b[128], c[128];
  snprintf(a, sizeof a, "%s/out", run_job(&quiet, NULL));
  snprintf(b, sizeof b, "%s/out", run_job(&loud, "--log=mrlab.thres:info"));
  snprintf(c, sizeof c, "%s/out", run_job(&xbt, "--log=mrlab_jobtracker.thres:info"));
  assert_string_equal(quiet.err, ""); /* nothing new by default */
  assert_true(strlen(loud.err) > 0);
  assert_true(strstr(xbt.err, "[mrlab_jobtracker/INFO] assigns ") != NULL); /* XBT's own spelling too */
  assert_string_equal(quiet.out, loud.out);
  static const char *const files[] = {"tasks.csv", "jobs.csv", "groups.csv", "progress.csv", "utilisation.csv",
                                      "host-utilisation.csv", "explain.csv"};
  for (size_t k = 0; k < sizeof files / sizeof *files; k++)
    if (!test_same_file(a, b, files[k]))
      fail_msg("%s differs with --log=mrlab.thres:info", files[k]);
  assert_int_equal(test_count_files(a), (int)(sizeof files / sizeof *files) + 1);
  assert_int_equal(test_count_files(b), test_count_files(a));
  /* summary.json records the option given, and nothing else differs */
  char x[65536], y[65536];
  snprintf(x, sizeof x, "%s", test_read_file(a, "summary.json"));
  snprintf(y, sizeof y, "%s", test_read_file(b, "summary.json"));
  char *opt = strstr(y, "\"--log=mrlab.thres:info\"");
  assert_non_null(opt);
  memmove(opt, opt + strlen("\"--log=mrlab.thres:info\""), strlen(opt + strlen("\"--log=mrlab.thres:info\"")) + 1);
  assert_string_equal(x, y);
}

static void unknown_mrlab_category_refused(void **state)
{
  (void)state;
  const char *head[] = {"run", test_source_path("platforms/toy4.cfg"), "job.cfg", "-o", "out", NULL};
  static const test_refusal cases[] = {
      {{"--log=mrlab.nosuch.thres:info"}, "--log=mrlab.nosuch.thres:info: expected a log category mrlab or mrlab.NAME, "
                                          "NAME one of jobtracker, "},
      {{"--log=mrlab_nosuch.thres:info"}, "got mrlab_nosuch"},
      {{"--log=mrlab.map.thres:info mrlab.nope.thres:info"}, "got mrlab.nope"},
      {{"--log=mrlab.map.thres:loud"}, "--log=mrlab.map.thres:loud: SimGrid refuses it: Unknown priority name: loud"},
  };
  test_refusals("job.cfg", job, head, cases, sizeof cases / sizeof *cases);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(jobtracker_logs_each_assignment_with_its_locality),
      cmocka_unit_test(every_category_shows_spills_and_fetches),
      cmocka_unit_test(logging_changes_no_output),
      cmocka_unit_test(unknown_mrlab_category_refused),
  };
  TEST_MAIN(tests);
}
