/* outdir_test.c - output directories appear whole (outfile.h): a commit
 * replaces every old file, a discard or a refusal leaves the old directory
 * as it was, and no temporary directory is ever left beside it.  An output
 * file a user names with -o (import, ratios) is a new or a regular file,
 * never a device, a directory or the command's own input: anything else
 * is refused in one line naming the path as given, status 2. */
#include "outfile.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static const char *const names[] = {"a.csv", "b.csv", "sub", NULL};

/* Writes TEXT as NAME into the temporary directory of D. */
static void put(const outdir *d, const char *name, const char *text)
{
  outfile o;
  char err[256];
  assert_int_equal(outfile_open(&o, d->tmp, name, err, sizeof err), 0);
  fputs(text, o.f);
  assert_int_equal(outfile_close(&o, err, sizeof err), 0);
}

/* A directory PARENT/out holding an old a.csv and b.csv and a folder sub/ with a file; returns PARENT. */
static const char *old_output(char *out, size_t len)
{
  const char *parent = test_tmpdir();
  snprintf(out, len, "%s/out", parent);
  mkdir(out, 0777);
  test_write_file(out, "a.csv", "old a\n");
  test_write_file(out, "b.csv", "old b\n");
  char sub[4200];
  snprintf(sub, sizeof sub, "%s/sub", out);
  mkdir(sub, 0777);
  test_write_file(sub, "x", "old x\n");
  return parent;
}

static void a_commit_creates_missing_parents(void **state)
{
  (void)state;
  char dir[4096], err[256];
  const char *parent = test_tmpdir();
  snprintf(dir, sizeof dir, "%s/deep/er/out/", parent); /* a trailing slash too */
  outdir d;
  assert_int_equal(outdir_open(&d, dir, names, err, sizeof err), 0);
  put(&d, "a.csv", "new a\n");
  assert_int_equal(outdir_commit(&d, err, sizeof err), 0);
  snprintf(dir, sizeof dir, "%s/deep/er", parent);
  assert_int_equal(test_count_files(dir), 1); /* out, and no temporary beside it */
  snprintf(dir, sizeof dir, "%s/deep/er/out", parent);
  assert_string_equal(test_read_file(dir, "a.csv"), "new a\n");
}

static void a_commit_replaces_every_old_file(void **state)
{
  (void)state;
  char out[4096], err[256];
  const char *parent = old_output(out, sizeof out);
  outdir d;
  assert_int_equal(outdir_open(&d, out, names, err, sizeof err), 0);
  put(&d, "a.csv", "new a\n");
  assert_string_equal(test_read_file(out, "a.csv"), "old a\n"); /* nothing changes before the commit */
  assert_int_equal(outdir_commit(&d, err, sizeof err), 0);
  assert_string_equal(test_read_file(out, "a.csv"), "new a\n");
  assert_int_equal(test_count_files(out), 1); /* the old b.csv and sub/ went with the old directory */
  assert_int_equal(test_count_files(parent), 1);
}

static void a_discard_leaves_the_old_directory(void **state)
{
  (void)state;
  char out[4096], err[256];
  const char *parent = old_output(out, sizeof out);
  outdir d;
  assert_int_equal(outdir_open(&d, out, names, err, sizeof err), 0);
  assert_int_equal(test_count_files(parent), 2); /* out and its temporary */
  put(&d, "a.csv", "new a\n");
  outdir_discard(&d);
  assert_int_equal(test_count_files(parent), 1);
  assert_int_equal(test_count_files(out), 3);
  assert_string_equal(test_read_file(out, "a.csv"), "old a\n");
  assert_string_equal(test_read_file(out, "b.csv"), "old b\n");
}

static void a_folder_of_the_users_is_never_replaced(void **state)
{
  (void)state;
  char out[4096], err[256] = "";
  const char *parent = old_output(out, sizeof out);
  test_write_file(out, "thesis.tex", "precious\n");
  test_write_file(out, ".b.csv.tmp", "an interrupted write of an older mrlab\n");
  outdir d;
  assert_int_equal(outdir_open(&d, out, names, err, sizeof err), -1);
  assert_non_null(strstr(err, "thesis.tex"));
  assert_int_equal(test_count_files(parent), 1);
  assert_int_equal(test_count_files(out), 5);
  unlink(test_write_file(out, "thesis.tex", "")); /* a hidden temporary alone is ours */
  assert_int_equal(outdir_open(&d, out, names, err, sizeof err), 0);
  outdir_discard(&d);
}

static void what_is_not_a_directory_name_is_refused(void **state)
{
  (void)state;
  char err[256] = "";
  outdir d;
  const char *file = test_write_file(test_tmpdir(), "f", "a file\n");
  assert_int_equal(outdir_open(&d, file, names, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected a directory"));
  char link[4200];
  snprintf(link, sizeof link, "%s.link", file);
  assert_int_equal(symlink(test_tmpdir(), link), 0); /* replacing it would turn the link into a directory */
  assert_int_equal(outdir_open(&d, link, names, err, sizeof err), -1);
  assert_non_null(strstr(err, "symbolic link"));
  assert_int_equal(outdir_open(&d, ".", names, err, sizeof err), -1);
  assert_int_equal(outdir_open(&d, "..", names, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected the name of a directory"));
}

/* Runs mrlab with ARGS in DIR and fails unless it exits 2 with one line holding SAYS. */
static void assert_refused(const char *dir, const char *const *args, const char *says)
{
  test_run r;
  test_run_mrlab(&r, dir, args);
  if (r.status != 2 || !strstr(r.err, says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("mrlab %s ... -o: status %d, stderr \"%s\": expected 2 and one line saying \"%s\"", args[0], r.status,
             r.err, says);
}

static void output_files_never_replace_what_is_not_an_output(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char swim[4200], rumen[4200], work[4200], sub[4200], null[4200];
  /* copies: a failure of the test must not overwrite the shipped traces */
  snprintf(swim, sizeof swim, "%s",
           test_write_file(dir, "s.tsv", test_read_file(test_source_path("workloads/traces"), "small-swim.tsv")));
  snprintf(rumen, sizeof rumen, "%s",
           test_write_file(dir, "r.json", test_read_file(test_source_path("workloads/traces"), "small-rumen.json")));
  snprintf(work, sizeof work, "%s",
           test_write_file(dir, "w.cfg",
                           "jobs = ( { name = \"a\"; input = \"256MB\"; map_cost = 1.0; map_selectivity = 1.0;"
                           " reduce_cost = 1.0; reduce_selectivity = 1.0; } );\n"));
  snprintf(sub, sizeof sub, "%s/sub", dir);
  assert_int_equal(mkdir(sub, 0700), 0);
  /* a device node of our own (the null device's numbers): never /dev/null itself */
  snprintf(null, sizeof null, "%s/null", dir);
  int device = mknod(null, S_IFCHR | 0600, makedev(1, 3)) == 0;
  if (!device)
    assert_int_equal(mkfifo(null, 0600), 0); /* not allowed to make a device: a pipe stands in */
  const char *kind = device ? "got a device" : "got a named pipe";
  const char *toy = test_source_path("platforms/toy4.cfg");
  const char *const commands[][6] = {
      {"import", "swim", swim, NULL}, {"import", "rumen", rumen, NULL}, {"ratios", toy, work, NULL}};
  for (int c = 0; c < 3; c++) {
    const struct {
      const char *out, *says;
    } cases[] = {
        {"null", kind},
        {"sub", "sub: expected a new file or a regular file to replace, got a directory"},
        {"//", "//: expected the name of a file to write"},
        {"nodir/sub/out.cfg", "mrlab: nodir/sub/out.cfg: cannot write: No such file or directory"},
        {c < 2 ? commands[c][2] : work, "expected an output file, got the input"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
      const char *args[8];
      int n = 0;
      for (; commands[c][n]; n++)
        args[n] = commands[c][n];
      args[n++] = "-o";
      args[n++] = cases[i].out;
      args[n] = NULL;
      assert_refused(dir, args, cases[i].says);
    }
  }
  struct stat st;
  assert_int_equal(lstat(null, &st), 0);
  assert_true(device ? S_ISCHR(st.st_mode) : S_ISFIFO(st.st_mode)); /* still what it was */
  assert_int_equal(test_count_files(dir), 5); /* the traces, w.cfg, sub, null: no temporary left */
  assert_int_equal(test_count_files(sub), 0);
}

/* Scratch files go to TMPDIR (tmpfile(3) would put them in /tmp), and are
 * gone from it as soon as they are open. */
static void scratch_files_go_to_tmpdir(void **state)
{
  (void)state;
  const char *dir = test_tmpdir(), *was = getenv("TMPDIR");
  char *saved = was ? strdup(was) : NULL;
  setenv("TMPDIR", dir, 1);
  FILE *f = outfile_scratch();
  assert_non_null(f);
  char fd[64], path[4096];
  snprintf(fd, sizeof fd, "/proc/self/fd/%d", fileno(f));
  ssize_t n = readlink(fd, path, sizeof path - 1);
  assert_true(n > 0);
  path[n] = 0;
  assert_int_equal(strncmp(path, dir, strlen(dir)), 0);
  assert_int_equal(test_count_files(dir), 0);
  assert_int_equal(fputs("kept while open\n", f) >= 0, 1);
  rewind(f);
  char line[64];
  assert_non_null(fgets(line, sizeof line, f));
  assert_string_equal(line, "kept while open\n");
  fclose(f);
  if (saved)
    setenv("TMPDIR", saved, 1);
  else
    unsetenv("TMPDIR");
  free(saved);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_commit_creates_missing_parents),
      cmocka_unit_test(a_commit_replaces_every_old_file),
      cmocka_unit_test(a_discard_leaves_the_old_directory),
      cmocka_unit_test(a_folder_of_the_users_is_never_replaced),
      cmocka_unit_test(what_is_not_a_directory_name_is_refused),
      cmocka_unit_test(output_files_never_replace_what_is_not_an_output),
      cmocka_unit_test(scratch_files_go_to_tmpdir),
  };
  TEST_MAIN(tests);
}
