/* summary_test.c - summary.json as a reader meets it: what it records of
 * where a result came from (mrlab's version and commit, SimGrid's and
 * GSL's versions, the SHA-256 of every input file, the same as
 * sha256sum's), names that are not UTF-8 still read by a JSON reader (each
 * stray byte as U+FFFD), and numbers rounded as the columns were. */
#include "summary.h"
#include "test.h"

#include <gsl/gsl_version.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <xbt/base.h>
#include <simgrid/version.h> /* after xbt/base.h, which it needs */

static const char small_job[] = "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                                " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 2; } );\n";

/* DIR/summary.json as jansson reads it (the caller decrefs it); fails the test if jansson refuses it. */
static json_t *summary(const char *dir)
{
  char path[8192]; /* DIR (up to 4096 bytes) and the name */
  snprintf(path, sizeof path, "%s/summary.json", dir);
  json_error_t error;
  json_t *root = json_load_file(path, 0, &error);
  if (!root)
    fail_msg("%s: %s (line %d)", path, error.text, error.line);
  return root;
}

/* The first word of COMMAND's output, in a static buffer ("" if none). */
static const char *first_word(const char *command)
{
  static char word[256];
  word[0] = '\0';
  FILE *p = popen(command, "r");
  assert_non_null(p);
  if (fscanf(p, "%255s", word) != 1)
    word[0] = '\0';
  pclose(p);
  return word;
}

/* The version, the commit and the libraries' versions: a commit the source's git knows, SimGrid's and GSL's
 * versions those the program was built with; and each input file's SHA-256 as sha256sum prints it. */
static void it_records_the_versions_and_the_inputs_checksums(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char platform[4096], workload[4096], xml[4096], out[4096];
  snprintf(platform, sizeof platform, "%s", test_source_path("platforms/toy4.cfg"));
  snprintf(workload, sizeof workload, "%s", test_write_file(dir, "w.cfg", small_job));
  snprintf(xml, sizeof xml, "%s",
           test_write_file(dir, "mapred-site.xml",
                           "<configuration><property><name>mapreduce.job.reduces</name><value>3</value></property>"
                           "</configuration>\n"));
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"run", platform, workload, "--conf", xml, "-o", out, NULL});
  assert_int_equal(r.status, 0);
  json_t *root = summary(out);
  const char *version, *commit, *simgrid, *gsl;
  json_t *checksums;
  assert_int_equal(json_unpack(root, "{s:s, s:s, s:{s:s, s:s}, s:o}", "mrlab_version", &version, "commit", &commit,
                               "versions", "simgrid", &simgrid, "gsl", &gsl, "checksums", &checksums),
                   0);
  assert_true(strlen(version) > 0);
  char want[64];
  snprintf(want, sizeof want, "%d.%d.%d", SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR, SIMGRID_VERSION_PATCH);
  assert_string_equal(simgrid, want);
  assert_string_equal(gsl, GSL_VERSION);
  char command[8192];
  if (strcmp(commit, "unknown") != 0) { /* git describe's: a commit of the source, "-dirty" after edits */
    char hash[256];
    snprintf(hash, sizeof hash, "%s", commit);
    char *dirty = strstr(hash, "-dirty");
    if (dirty)
      *dirty = '\0';
    snprintf(command, sizeof command, "git -C %s rev-parse --verify -q '%s^{commit}'", test_source_path(""), hash);
    assert_true(strlen(first_word(command)) == 40);
  }
  const char *files[] = {platform, workload, xml};
  assert_int_equal(json_array_size(checksums), 3);
  for (int i = 0; i < 3; i++) {
    json_t *c = json_array_get(checksums, (size_t)i);
    assert_string_equal(json_string_value(json_object_get(c, "file")), files[i]);
    snprintf(command, sizeof command, "sha256sum '%s'", files[i]);
    assert_string_equal(json_string_value(json_object_get(c, "sha256")), first_word(command));
  }
  json_decref(root);
}

/* Input and output paths holding 0xff (and a cut UTF-8 sequence, 0xc3 before an ASCII byte): summary.json is
 * still JSON, each stray byte written as U+FFFD; a name in valid UTF-8 stays as it is. */
static void a_name_that_is_not_utf8_still_reads_as_json(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char platform[4096], workload[4096], out[4096], command[8192];
  snprintf(platform, sizeof platform, "%s/p\xff\xc3.cfg", dir);
  snprintf(command, sizeof command, "cp '%s' '%s'", test_source_path("platforms/toy4.cfg"), platform);
  assert_int_equal(system(command), 0);
  snprintf(workload, sizeof workload, "%s", test_write_file(dir, "w-\xc3\xa9t\xc3\xa9.cfg", small_job));
  snprintf(out, sizeof out, "%s/out\xff", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"run", platform, workload, "-o", out, NULL});
  assert_int_equal(r.status, 0);
  json_t *root = summary(out);
  char want[4096];
  snprintf(want, sizeof want, "%s/p\xef\xbf\xbd\xef\xbf\xbd.cfg", dir);
  assert_string_equal(json_string_value(json_object_get(root, "platform")), want);
  assert_string_equal(json_string_value(json_object_get(root, "workload")), workload);
  json_t *c = json_array_get(json_object_get(root, "checksums"), 0);
  assert_string_equal(json_string_value(json_object_get(c, "file")), want);
  snprintf(command, sizeof command, "sha256sum < '%s'", platform);
  assert_string_equal(json_string_value(json_object_get(c, "sha256")), first_word(command));
  json_decref(root);
}

/* summary_text byte by byte: valid UTF-8 (2, 3 and 4 bytes) kept; a stray continuation byte, 0xff, a cut
 * sequence, an overlong encoding and a UTF-16 surrogate each become one U+FFFD a byte. */
static void stray_bytes_become_replacement_characters(void **state)
{
  (void)state;
  static const char *const cases[][2] = {
      {"plain", "plain"},
      {"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"},
      {"a\x80z", "a\xef\xbf\xbdz"},
      {"\xff", "\xef\xbf\xbd"},
      {"x\xe2\x82", "x\xef\xbf\xbd\xef\xbf\xbd"},
      {"\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd"},
      {"\xed\xa0\x80!", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd!"},
      {"\xe2\x82\xac\xff\xc3\xa9", "\xe2\x82\xac\xef\xbf\xbd\xc3\xa9"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    json_t *t = summary_text(cases[i][0]);
    assert_non_null(t);
    assert_string_equal(json_string_value(t), cases[i][1]);
    json_decref(t);
  }
}

/* summary_real: rounded to its decimals and written without trailing zeros, as the same bytes each time;
 * a value that rounds to -0 as 0, and one that is not finite as null. */
static void numbers_are_rounded_as_the_columns_were(void **state)
{
  (void)state;
  static const struct {
    double v;
    int decimals;
    const char *written;
  } cases[] = {{12.5, 9, "12.5"},
               {0, 9, "0.0"},
               {-1e-12, 9, "0.0"},
               {1.0 / 3, 9, "0.333333333"},
               {86399.123456789, 9, "86399.123456789"},
               {0.1160604, 6, "0.11606"},
               {2.0 / 3, 3, "0.667"},
               {1e-5, 9, "1e-5"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    json_t *v = summary_real(cases[i].v, cases[i].decimals);
    json_t *root = json_pack("{s:o}", "v", v);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_int_equal(summary_dump(root, f), 0);
    fclose(f);
    char want[256];
    snprintf(want, sizeof want, "{\n  \"v\": %s\n}\n", cases[i].written);
    assert_string_equal(text, want);
    free(text);
    json_decref(root);
  }
  json_t *nan = summary_real(NAN, 9);
  assert_true(json_is_null(nan));
  json_decref(nan);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(it_records_the_versions_and_the_inputs_checksums),
      cmocka_unit_test(a_name_that_is_not_utf8_still_reads_as_json),
      cmocka_unit_test(stray_bytes_become_replacement_characters),
      cmocka_unit_test(numbers_are_rounded_as_the_columns_were),
  };
  TEST_MAIN(tests);
}
