/* install_test.c - `cmake --install` gives a copy of mrlab that stands on
 * its own: the demo runs and is plotted from it (the gnuplot scripts found
 * relative to the installed program), its man pages render, its bash
 * completion offers commands, options and property names, and a C program
 * links its models through pkg-config without SimGrid.
 *
 * The source tree is made unreachable by construction rather than by
 * moving it (the suite runs in parallel from it, and a rebuild per run
 * costs minutes): mrlab finds its plots only relative to its own program
 * (plots/plot.c: build/plots is a link CMake makes beside build/mrlab),
 * so the installed program holds no path into the tree, and this test
 * proves it: it installs stripped (no debug information naming the
 * tree), scans the installed program for any string naming a folder of
 * the source or build tree (a compiled-in fallback such as the former
 * MRLAB_PLOTS_DIR would be one; the names of source files that SimGrid's
 * assertions print are not folders), then copies the prefix elsewhere
 * and removes the original, so that nothing may point back to where it
 * was installed either, and runs everything from a working directory
 * outside both trees.  Mutations tried: plot.c without its installed
 * lookup (MRLAB_INSTALLED_PLOTS), and `mrlab plot` from the installed copy
 * fails; with a source-tree fallback back in, the scan fails; without the
 * man pages' install rule, man_pages fails; a completion that misses the
 * job properties fails on --set dfs.bl. */
#define _GNU_SOURCE /* memmem */
#include "test.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char prefix[512], work[512]; /* the installed copy (moved), and the working directory */
static char said[1 << 16];          /* what the last sh() printed, stdout and stderr */

/* Runs the shell command FMT in the working directory; its exit status, and its output in SAID. */
static int sh(const char *fmt, ...)
{
  char cmd[8192];
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(cmd, sizeof cmd - 64, fmt, ap);
  va_end(ap);
  snprintf(cmd + len, sizeof cmd - (size_t)len, " 2>&1");
  FILE *p = popen(cmd, "r");
  assert_non_null(p);
  size_t n = fread(said, 1, sizeof said - 1, p);
  said[n] = '\0';
  int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Fails with what the command said unless STATUS is 0. */
static void must(int status)
{
  if (status)
    fail_msg("exit status %d: %s", status, said);
}

static int exists(const char *rel)
{
  char path[1024];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", prefix, rel);
  return stat(path, &st) == 0;
}

/* Installs the build stripped into a fresh prefix, copies it into another
 * and removes the first; the working directory is a third. */
static int install(void **state)
{
  (void)state;
  char first[512];
  snprintf(first, sizeof first, "%s/p", test_tmpdir());
  snprintf(prefix, sizeof prefix, "%s/moved", test_tmpdir());
  snprintf(work, sizeof work, "%s", test_tmpdir());
  if (sh("'%s' --install '%s' --prefix '%s' --strip >/dev/null", MRLAB_CMAKE, MRLAB_BUILD_DIR, first) ||
      sh("cp -a '%s' '%s' && rm -rf '%s'", first, prefix, first))
    return fprintf(stderr, "# %s", said), -1;
  return chdir(work);
}

/* No string of the installed program names a folder of the source or build tree. */
static void nothing_points_back(void **state)
{
  (void)state;
  char path[1024];
  snprintf(path, sizeof path, "%s/bin/mrlab", prefix);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char bin[64 << 20];
  size_t n = fread(bin, 1, sizeof bin, f);
  fclose(f);
  assert_true(n > 0 && n < sizeof bin);
  const char *const trees[] = {MRLAB_SOURCE_DIR, MRLAB_BUILD_DIR};
  for (int t = 0; t < 2; t++)
    for (const char *p = bin; (p = memmem(p, n - (size_t)(p - bin), trees[t], strlen(trees[t]))); p++) {
      const char *end = memchr(p, '\0', n - (size_t)(p - bin));
      size_t len = end ? (size_t)(end - p) : 0;
      int source_file = (len > 2 && memcmp(end - 2, ".c", 2) == 0) || (len > 2 && memcmp(end - 2, ".h", 2) == 0) ||
                        (len > 4 && memcmp(end - 4, ".cpp", 4) == 0);
      if (!source_file)
        fail_msg("the installed mrlab names %.*s", (int)(len ? len : strlen(trees[t])), p);
    }
}

/* The README's demo and its pictures, from the installed copy alone. */
static void demo_runs_and_plots(void **state)
{
  (void)state;
  must(sh("'%s/bin/mrlab' run '%s/share/mrlab/platforms/hetero16.cfg' "
          "'%s/share/mrlab/workloads/simple.cfg' -o demo",
          prefix, prefix, prefix));
  assert_non_null(strstr(said, "sort"));
  must(sh("'%s/bin/mrlab' plot demo", prefix));
  assert_non_null(strstr(said, "demo-plots/gantt.png"));
  must(sh("test -s demo-plots/gantt.png && test -s demo-plots/utilisation.png"));
  /* the examples a newcomer reads with it */
  const char *const shipped[] = {"share/mrlab/plots/common.gp", "share/mrlab/workloads/traces/small-swim.tsv",
                                 "share/mrlab/platforms/conf/mapred-site.xml", "include/mrlab/predict.h",
                                 "include/mrlab/alloc.h"};
  for (size_t k = 0; k < sizeof shipped / sizeof shipped[0]; k++)
    if (!exists(shipped[k]))
      fail_msg("%s/%s is not installed", prefix, shipped[k]);
}

/* A modeller's program: the models on the demo's run, through pkg-config, with no SimGrid. */
static void models_link_without_simgrid(void **state)
{
  (void)state;
  if (sh("test -d demo")) /* run alone */
    demo_runs_and_plots(state);
  test_write_file(work, "fit.c",
                  "#include <mrlab/profile.h>\n"
                  "#include <mrlab/predict.h>\n"
                  "#include <stdio.h>\n"
                  "int main(int argc, char **argv)\n"
                  "{\n"
                  "  job_profile p;\n"
                  "  char err[1024];\n"
                  "  int bad = argc < 2 || profile_read(argv[1], NULL, &p, err, sizeof err);\n"
                  "  if (!bad)\n"
                  "    printf(\"%s: %d maps, %d reduces, %.1f s\\n\", p.job, p.n_maps, p.n_reduces, p.time);\n"
                  "  else\n"
                  "    fprintf(stderr, \"%s\\n\", err);\n"
                  "  profile_free(&p, 1);\n"
                  "  double x[] = {1, 2, 3}, t[] = {12, 22, 32}, t0, theta;\n"
                  "  predict_fit_line(x, t, 3, &t0, &theta);\n"
                  "  printf(\"%.1f %.2f\\n\", t0, theta);\n"
                  "  return bad;\n"
                  "}\n");
  const char *env = "PKG_CONFIG_PATH='%s/" MRLAB_LIBDIR "/pkgconfig'";
  char pc[1024];
  snprintf(pc, sizeof pc, env, prefix);
  must(sh("%s pkg-config --cflags --libs mrlab-models", pc));
  if (strstr(said, "simgrid"))
    fail_msg("mrlab-models asks for SimGrid: %s", said);
  must(sh("export %s; '%s' fit.c -o fit $(pkg-config --cflags --libs mrlab-models)", pc, MRLAB_CC));
  must(sh("./fit demo"));
  assert_non_null(strstr(said, "sort: "));
  assert_non_null(strstr(said, "2.0 0.10\n"));
  assert_int_equal(sh("ldd ./fit | grep simgrid"), 1); /* grep finds none */
  /* every installed header compiles alone, in strict C11 */
  must(
      sh("export %s; for h in '%s'/include/mrlab/*.h; do printf '#include <mrlab/%%s>\\n' \"${h##*/}\" | "
         "'%s' -std=c11 -Wall -Wextra -Werror -fsyntax-only -x c - $(pkg-config --cflags mrlab-models) || exit 1; done",
         pc, prefix, MRLAB_CC));
}

/* man mrlab-run from the installed pages; the command pages and formats in place. */
static void man_pages(void **state)
{
  (void)state;
  const char *const pages[] = {"man1/mrlab.1",          "man1/mrlab-run.1",       "man1/mrlab-compare.1",
                               "man1/mrlab-platform.1", "man1/mrlab-predict.1",   "man1/mrlab-provision.1",
                               "man1/mrlab-validate.1", "man1/mrlab-plot.1",      "man1/mrlab-explain.1",
                               "man1/mrlab-report.1",   "man1/mrlab-import.1",    "man1/mrlab-calibrate.1",
                               "man1/mrlab-export.1",   "man1/mrlab-ratios.1",    "man5/mrlab-platform.5",
                               "man5/mrlab-workload.5", "man5/mrlab-experiment.5"};
  if (!MRLAB_MAN) { /* passes with the reason: cmocka 1.1's skip() prints "not ok", which prove counts failed */
    print_message("# skipped: scdoc not found (Debian package scdoc), so the build has no man pages\n");
    return;
  }
  for (size_t k = 0; k < sizeof pages / sizeof pages[0]; k++) {
    char rel[256];
    snprintf(rel, sizeof rel, "share/man/%s", pages[k]);
    if (!exists(rel))
      fail_msg("%s/%s is not installed", prefix, rel);
  }
  if (sh("command -v man >/dev/null")) {
    print_message("# skipped: man not found (Debian package man-db); the pages are in place\n");
    return;
  }
  must(sh("MANPATH='%s/share/man' MANWIDTH=80 man -P cat mrlab-run", prefix));
  assert_non_null(strstr(said, "mrlab run PLATFORM.cfg WORKLOAD.cfg"));
  assert_non_null(strstr(said, "EXIT STATUS"));
  must(sh("MANPATH='%s/share/man' MANWIDTH=80 man -P cat 5 mrlab-workload", prefix));
  assert_non_null(strstr(said, "map_cost"));
}

/* What the installed completion offers for the words WORDS (the last one being completed), in SAID. */
static int complete(const char *words)
{
  return sh("bash -c 'source \"%s/share/bash-completion/completions/mrlab\"; "
            "COMP_WORDS=(\"%s/bin/mrlab\" %s); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
            "_mrlab; printf \"%%s\\n\" \"${COMPREPLY[@]}\"'",
            prefix, prefix, words);
}

/* Commands (also after --verbose or --quiet), a command's options, property names after --set, an option's values. */
static void bash_completion(void **state)
{
  (void)state;
  assert_int_equal(complete("r"), 0);
  assert_string_equal(said, "run\nratios\nreport\n");
  assert_int_equal(complete("run --se"), 0);
  assert_string_equal(said, "--seed\n--set\n--seeds\n");
  assert_int_equal(complete("run a.cfg b.cfg --set dfs.bl"), 0);
  assert_string_equal(said, "dfs.blocksize=\n");
  assert_int_equal(complete("run --set = mrlab.shuffle.m"), 0); /* --set=, split at = by bash */
  assert_string_equal(said, "mrlab.shuffle.mode=\n");
  assert_int_equal(complete("plot --format \"\""), 0);
  assert_string_equal(said, "png\nsvg\n");
  assert_int_equal(complete("--quiet import s"), 0); /* a common option before the command */
  assert_string_equal(said, "swim\n");
  assert_int_equal(complete("--verbose re"), 0);
  assert_string_equal(said, "report\n");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(nothing_points_back),
      cmocka_unit_test(demo_runs_and_plots),
      cmocka_unit_test(models_link_without_simgrid),
      cmocka_unit_test(man_pages),
      cmocka_unit_test(bash_completion),
  };
  cmocka_set_message_output(CM_OUTPUT_TAP);
  return cmocka_run_group_tests(tests, install, NULL);
}
