/* report_test.c - `mrlab report`: the page as a browser shows it.
 *
 * The page is opened by a real browser, headless Chromium (Debian's
 * `chromium`, which scripts/setup installs; without it these tests fail,
 * they do not skip): it must load without a message on the browser's
 * console, render to a screenshot of the window's size in which the
 * pictures show (libpng reads it back), and its DOM, as
 * Chromium built it (--dump-dom) and libxml2's HTML parser reads it back
 * here, must hold the run's summary, the critical-path section before the
 * pictures, every picture embedded (no address outside the page), each
 * job by name and each job's critical path adding up to its time.  A
 * comparison's page holds its tables and its picture.  Then the refusals,
 * which write nothing. */
#include "test.h"

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char two_jobs[] =
    "jobs = ( { name = \"counting\"; generator = \"wordcount\"; input = \"1GB\"; reducers = 2; },\n"
    "         { name = \"sorting\"; generator = \"terasort\"; input = \"1GB\"; reducers = 2; } );\n";

/* Fails unless Chromium is installed: the path of its program (static buffer). */
static const char *chromium(void)
{
  static char path[4096];
  const char *env = getenv("PATH");
  char dirs[8192];
  snprintf(dirs, sizeof dirs, "%s", env ? env : "/usr/bin:/bin");
  for (char *d = strtok(dirs, ":"); d; d = strtok(NULL, ":")) {
    snprintf(path, sizeof path, "%s/chromium", d);
    if (access(path, X_OK) == 0)
      return path;
  }
  fail_msg("chromium not found: install it (Debian: apt-get install chromium), as scripts/setup does");
  return NULL;
}

/* Opens PAGE in headless Chromium with the window 1200x3000, its profile
 * in DIR, with MODE (--dump-dom or --screenshot=FILE); the browser's
 * stdout goes to DIR/stdout, stderr to DIR/stderr.  Fails unless it exits
 * with status 0 and logged no message of the page's console. */
static void browse(const char *page, const char *mode, const char *dir)
{
  char cmd[16384];
  snprintf(cmd, sizeof cmd,
           "timeout 120 '%s' --headless --no-sandbox --disable-gpu --user-data-dir='%s/profile' "
           "--window-size=1200,3000 --enable-logging=stderr --v=0 '%s' 'file://%s' >'%s/stdout' 2>'%s/stderr'",
           chromium(), dir, mode, page, dir, dir);
  int status = system(cmd);
  if (status != 0)
    fail_msg("chromium %s %s: status %d: %s", mode, page, status, test_read_file(dir, "stderr"));
  const char *err = test_read_file(dir, "stderr"), *console = strstr(err, ":CONSOLE");
  if (console)
    fail_msg("%s logged on the browser's console: %.300s", page, console);
}

/* PAGE's DOM as Chromium built it, parsed (free it with xmlFreeDoc). */
static xmlDocPtr dom(const char *page, const char *dir)
{
  browse(page, "--dump-dom", dir);
  const char *text = test_read_file(dir, "stdout");
  xmlDocPtr d = htmlReadMemory(text, (int)strlen(text), NULL, "utf-8",
                               HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  assert_non_null(d);
  return d;
}

/* The number of nodes of D that XPATH selects. */
static int count(xmlDocPtr d, const char *xpath)
{
  xmlXPathContextPtr c = xmlXPathNewContext(d);
  xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST xpath, c);
  int n = o && o->nodesetval ? o->nodesetval->nodeNr : 0;
  xmlXPathFreeObject(o);
  xmlXPathFreeContext(c);
  return n;
}

/* The string value of XPATH in D (XPath's string()), in a static buffer that the next call reuses. */
static const char *text(xmlDocPtr d, const char *xpath)
{
  static char buf[65536];
  char expr[1024];
  snprintf(expr, sizeof expr, "string(%s)", xpath);
  xmlXPathContextPtr c = xmlXPathNewContext(d);
  xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, c);
  snprintf(buf, sizeof buf, "%s", o && o->stringval ? (const char *)o->stringval : "");
  xmlXPathFreeObject(o);
  xmlXPathFreeContext(c);
  return buf;
}

/* Fails unless FILE is a PNG image of 1200 x 3000 pixels (read by
 * libpng) of which more than 1% are coloured (their channels more than 60
 * apart): the pictures' bars and heat maps.  The page's text, tables and
 * frames alone colour under 0.1%. */
static void assert_screenshot(const char *file)
{
  png_image im;
  memset(&im, 0, sizeof im);
  im.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&im, file))
    fail_msg("%s: not a PNG image: %s", file, im.message);
  im.format = PNG_FORMAT_RGB;
  unsigned char *px = malloc(PNG_IMAGE_SIZE(im));
  assert_non_null(px);
  if (!png_image_finish_read(&im, NULL, px, 0, NULL))
    fail_msg("%s: %s", file, im.message);
  assert_int_equal(im.width, 1200);
  assert_int_equal(im.height, 3000);
  long coloured = 0, n = (long)im.width * im.height;
  for (long i = 0; i < n; i++) {
    const unsigned char *p = px + 3 * i;
    int hi = p[0] > p[1] ? p[0] : p[1], lo = p[0] < p[1] ? p[0] : p[1];
    hi = p[2] > hi ? p[2] : hi;
    lo = p[2] < lo ? p[2] : lo;
    coloured += hi - lo > 60;
  }
  free(px);
  if (coloured <= n / 100)
    fail_msg("%s: %ld of %ld pixels coloured, expected more than 1%% (the pictures)", file, coloured, n);
}

static void a_run_page_shows_its_critical_paths_and_pictures(void **state)
{
  (void)state;
  const char *run = test_simulate(test_source_path("platforms/toy4.cfg"), two_jobs, (const char *const[]){NULL});
  char dir[4096], tmp[4096], page[8192];
  snprintf(dir, sizeof dir, "%s", run);
  snprintf(tmp, sizeof tmp, "%s", test_tmpdir());
  setenv("TMPDIR", tmp, 1); /* the pictures' temporary directory, which must be gone after */
  test_run r;
  test_run_mrlab(&r, NULL, (const char *const[]){"report", dir, NULL});
  unsetenv("TMPDIR");
  if (r.status != 0)
    fail_msg("mrlab report %s: status %d: %s", dir, r.status, r.err);
  snprintf(page, sizeof page, "%s-report.html", dir); /* the default: beside the run */
  assert_int_equal(strlen(r.out), strlen(page) + 1);
  assert_memory_equal(r.out, page, strlen(page));
  assert_int_equal(test_count_files(tmp), 0);

  const char *look = test_tmpdir();
  char shot[8192];
  snprintf(shot, sizeof shot, "--screenshot=%s/page.png", look);
  browse(page, shot, look);
  snprintf(shot, sizeof shot, "%s/page.png", look);
  assert_screenshot(shot);

  xmlDocPtr d = dom(page, look);
  /* the summary, then the explanation, then the pictures and tables */
  assert_int_equal(count(d, "//section"), 5);
  assert_string_equal(text(d, "(//section)[1]/@id"), "summary");
  assert_string_equal(text(d, "(//section)[2]/@id"), "critical-path");
  assert_string_equal(text(d, "(//section)[3]/@id"), "pictures");
  assert_string_equal(text(d, "//dt[.='Seed']/following-sibling::dd[1]"), "1");
  char summary[65536], path[65536];
  snprintf(summary, sizeof summary, "%s", text(d, "//section[@id='summary']"));
  assert_non_null(strstr(summary, "toy4.cfg"));
  snprintf(path, sizeof path, "%s", text(d, "//section[@id='critical-path']/pre"));
  test_csv *jobs = test_csv_in(dir, "jobs.csv");
  assert_int_equal(jobs->n_rows, 3);
  for (int j = 1; j < jobs->n_rows; j++) {
    const char *name = test_csv_cell(jobs, j, "job");
    char want[256], xp[512];
    double time = test_csv_num(jobs, j, "end") - test_csv_num(jobs, j, "submit");
    snprintf(want, sizeof want, "job %s: %.2f s", name, time);
    if (!strstr(path, want))
      fail_msg("the critical-path section lacks \"%s\": %s", want, path);
    snprintf(want, sizeof want, "%s %.2f s", name, time);
    assert_non_null(strstr(summary, want));
    snprintf(xp, sizeof xp, "//section[@id='jobs']//tr[td[1]='%s']", name);
    assert_int_equal(count(d, xp), 1);
    /* the critical path's stages and waits add up to the job's time */
    snprintf(xp, sizeof xp, "//section[@id='phases']//tr[td[1]='%s']/td[last()]", name);
    assert_close(atof(text(d, xp)), time, 0.005 + 1e-9);
  }
  assert_non_null(strstr(path, "Waiting took"));
  test_csv_free(jobs);
  /* every picture of mrlab plot, embedded: nothing the page loads lives outside it */
  assert_int_equal(count(d, "//img"), 5);
  assert_int_equal(count(d, "//img[starts-with(@src, 'data:image/png;base64,')]"), 5);
  assert_int_equal(count(d, "//*[@src and not(starts-with(@src, 'data:'))] | //link | //script"), 0);
  assert_int_equal(count(d, "//img[@alt='gantt.png']"), 1);
  xmlFreeDoc(d);
}

static void a_comparison_page_shows_its_tables_and_pictures(void **state)
{
  (void)state;
  test_run r;
  const char *dir = test_small_comparison();
  char cmp[4096], page[4096];
  snprintf(cmp, sizeof cmp, "%s/cmp", dir);
  snprintf(page, sizeof page, "%s/page.html", dir);
  test_run_mrlab(&r, NULL, (const char *const[]){"report", cmp, "-o", page, NULL});
  if (r.status != 0)
    fail_msg("mrlab report %s: status %d: %s", cmp, r.status, r.err);
  xmlDocPtr d = dom(page, test_tmpdir());
  assert_int_equal(count(d, "//section[@id='critical-path']"), 0);
  assert_int_equal(count(d, "//img[@alt='variants-ts.png' and starts-with(@src, 'data:image/png;base64,')]"), 1);
  test_csv *v = test_csv_in(cmp, "variants.csv");
  assert_int_equal(count(d, "//h3[.='variants.csv']/following-sibling::table[1]//tr"), v->n_rows);
  assert_string_equal(text(d, "//h3[.='variants.csv']/following-sibling::table[1]//tr[3]/td[2]"),
                      test_csv_cell(v, 2, v->cells[1]));
  test_csv_free(v);
  xmlFreeDoc(d);
}

static void bad_input_gets_one_line_and_no_page(void **state)
{
  (void)state;
  static const test_refusal cases[] = {
      {{"nowhere"}, "nowhere: expected a run directory"},
      {{"notes.txt"}, "notes.txt: expected a run directory"},
      {{"."}, "expected a run directory"},
      {{NULL}, "missing DIR"},
      {{".", "-o"}, "-o needs a value"},
      {{".", "--page"}, "unknown option --page"},
  };
  test_refusals("notes.txt", "not a run\n", (const char *const[]){"report", NULL}, cases,
                sizeof cases / sizeof *cases);

  /* -o naming one of the run's files, or a directory, is refused and changes nothing */
  const char *run = test_simulate(test_source_path("platforms/toy4.cfg"), two_jobs, (const char *const[]){NULL});
  char dir[4096], parent[4096], jobs_csv[8192], before[65536];
  snprintf(dir, sizeof dir, "%s", run);
  snprintf(parent, sizeof parent, "%.*s", (int)(strrchr(dir, '/') - dir), dir);
  snprintf(jobs_csv, sizeof jobs_csv, "%s/jobs.csv", dir);
  snprintf(before, sizeof before, "%s", test_read_file(dir, "jobs.csv"));
  const char *const outs[][2] = {{jobs_csv, "expected an output file, got the input"},
                                 {parent, "expected a new file or a regular file"}};
  for (int k = 0; k < 2; k++) {
    test_run r;
    test_run_mrlab(&r, NULL, (const char *const[]){"report", dir, "-o", outs[k][0], NULL});
    if (r.status != 2 || !strstr(r.err, outs[k][1]) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
      fail_msg("mrlab report -o %s: status %d, stderr \"%s\": expected 2 and one line saying \"%s\"", outs[k][0],
               r.status, r.err, outs[k][1]);
    assert_string_equal(test_read_file(dir, "jobs.csv"), before);
    assert_int_equal(test_count_files(parent), 2); /* the workload and the run, no page */
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_run_page_shows_its_critical_paths_and_pictures),
      cmocka_unit_test(a_comparison_page_shows_its_tables_and_pictures),
      cmocka_unit_test(bad_input_gets_one_line_and_no_page),
  };
  TEST_MAIN(tests);
}
