/* inputs_test.c - every input a user names is a regular file, of bounded
 * size, or is refused at once (common/infile.c).
 *
 * A named pipe given as any input (platform, workload, experiment, a
 * job's ratios file, --conf, both importers' traces, a run directory's
 * CSV) is refused at once with one line naming the file and "got a named
 * pipe", status 2 and no output: before the fix, open() blocked for ever.
 * So that a regression fails instead of hanging, a helper process opens
 * the pipes for writing after twenty seconds, which unblocks a reader that
 * waits on one; "at once" is before that, within 15 s (well under a
 * second on an idle machine, as the closing notes measure; a test does
 * not time a machine that other work may load).  A device, an @include (which
 * libconfig would open itself) and a Hadoop XML file over its bound are
 * refused the same way. */
#include "test.h"

#include "hadoopconf.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char job[] = "jobs = ( { name = \"a\"; input = \"256MB\"; map_cost = 1.0; map_selectivity = 1.0;"
                          " reduce_cost = 1.0; reduce_selectivity = 1.0; } );\n";

/* Starts a process that, after twenty seconds, opens the pipe PATH for
 * writing over and over, so that mrlab blocked in opening it for reading
 * goes on (and the test fails instead of hanging).  Its pid. */
static pid_t unblocker(const char *path)
{
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) { /* for a minute at most, holding no output of the test's, should the test fail before killing it */
    close(STDOUT_FILENO);
    close(STDERR_FILENO);
    sleep(20);
    for (int i = 0; i < 4000; i++) {
      int fd = open(path, O_WRONLY | O_NONBLOCK);
      if (fd >= 0)
        close(fd);
      usleep(10000);
    }
    _exit(0);
  }
  return pid;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* Runs mrlab with ARGS in DIR and fails unless it exits 2 at once (within
 * 15 s, before unblocker's pipes open) with one line holding SAYS, and DIR
 * holds no "out". */
static void assert_refused_at_once(const char *dir, const char *const *args, const char *says)
{
  test_run r;
  double start = now();
  test_run_mrlab(&r, dir, args);
  double took = now() - start;
  if (r.status != 2 || !strstr(r.err, says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1 || took > 15)
    fail_msg("mrlab %s %s: status %d after %.1f s, stderr \"%s\": expected status 2 at once and one line "
             "saying \"%s\"",
             args[0], args[1], r.status, took, r.err, says);
  char out[4200];
  struct stat st;
  snprintf(out, sizeof out, "%s/out", dir);
  assert_int_not_equal(stat(out, &st), 0);
}

static void named_pipes_are_refused_on_every_input(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char fifo[4200], work[4200], ratios[4200], runs[4200];
  snprintf(fifo, sizeof fifo, "%s/f", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", job));
  snprintf(ratios, sizeof ratios, "%s",
           test_write_file(dir, "r.cfg",
                           "jobs = ( { name = \"a\"; input = \"256MB\"; map_cost = 1.0; map_selectivity = 1.0;"
                           " reduce_cost = 1.0; reduce_selectivity = 1.0; placement = \"ratio\"; ratios = \"f\"; } );\n"));
  test_write_file(dir, "e.cfg", test_small_experiment("f"));
  snprintf(runs, sizeof runs, "%s/run", dir);
  assert_int_equal(mkdir(runs, 0700), 0);
  char tasks[4300];
  snprintf(tasks, sizeof tasks, "%s/jobs.csv", runs);
  assert_int_equal(mkfifo(tasks, 0600), 0);
  pid_t helper = unblocker(fifo), helper2 = unblocker(tasks);
  const char *toy = test_source_path("platforms/toy4.cfg");
  static const char libconfig[] = "f: expected a libconfig file, got a named pipe";
  assert_refused_at_once(dir, (const char *[]){"run", "f", work, "-o", "out", NULL}, libconfig);
  assert_refused_at_once(dir, (const char *[]){"run", toy, "f", "-o", "out", NULL}, libconfig);
  assert_refused_at_once(dir, (const char *[]){"run", toy, work, "--conf", "f", "-o", "out", NULL},
                         "f: expected a Hadoop configuration file (XML), got a named pipe");
  assert_refused_at_once(dir, (const char *[]){"run", toy, ratios, "-o", "out", NULL}, "got a named pipe");
  assert_refused_at_once(dir, (const char *[]){"platform", "f", NULL}, libconfig);
  assert_refused_at_once(dir, (const char *[]){"validate", "f", "-o", "out", NULL}, libconfig);
  assert_refused_at_once(dir, (const char *[]){"validate", "e.cfg", "-o", "out", NULL}, "got a named pipe");
  assert_refused_at_once(dir, (const char *[]){"ratios", toy, "f", "-o", "out", NULL}, libconfig);
  assert_refused_at_once(dir, (const char *[]){"import", "swim", "f", "-o", "out", NULL},
                         "f: expected a SWIM trace, got a named pipe");
  assert_refused_at_once(dir, (const char *[]){"import", "rumen", "f", "-o", "out", NULL},
                         "f: expected a Rumen trace (JSON), got a named pipe");
  assert_refused_at_once(dir, (const char *[]){"predict", "run", "run", NULL},
                         "jobs.csv: expected a CSV file, got a named pipe");
  kill(helper, SIGKILL);
  kill(helper2, SIGKILL);
  waitpid(helper, NULL, 0);
  waitpid(helper2, NULL, 0);
}

static void devices_includes_and_oversized_files_are_refused(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char work[4200];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", job));
  const char *toy = test_source_path("platforms/toy4.cfg");
  assert_refused_at_once(dir, (const char *[]){"run", toy, work, "--conf", "/dev/zero", "-o", "out", NULL},
                         "/dev/zero: expected a Hadoop configuration file (XML), got a device");
  assert_refused_at_once(dir, (const char *[]){"import", "swim", "/dev/zero", "-o", "out", NULL},
                         "/dev/zero: expected a SWIM trace, got a device");
  /* libconfig would open an @include'd file itself, unchecked */
  test_write_file(dir, "i.cfg", "# a platform\n  @include \"/dev/zero\"\n");
  assert_refused_at_once(dir, (const char *[]){"platform", "i.cfg", NULL}, "i.cfg:2: expected no @include");
  /* 40 MiB of XML, refused by its size before a byte is parsed */
  char big[4200];
  snprintf(big, sizeof big, "%s/big.xml", dir);
  int fd = open(big, O_WRONLY | O_CREAT, 0600);
  assert_true(fd >= 0);
  assert_int_equal(ftruncate(fd, 40L << 20), 0);
  close(fd);
  char says[256];
  snprintf(says, sizeof says, "big.xml: expected at most %ld MiB (mrlab's bound on a Hadoop configuration file (XML)), got 40 MiB",
           HADOOPCONF_MAX_BYTES >> 20);
  assert_refused_at_once(dir, (const char *[]){"run", toy, work, "--conf", "big.xml", "-o", "out", NULL}, says);
}

/* Writes DIR/NAME: a Hadoop XML file of about BYTES, one property with a
 * name of that length (LONG_NAME) or as many short properties as fit. */
static void write_xml(const char *dir, const char *name, long bytes, int long_name)
{
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("<configuration>\n", f);
  if (long_name) {
    fputs("<property><name>", f);
    for (long i = 0; i < bytes - 200; i++)
      fputc('a', f);
    fputs("</name><value>1</value></property>\n", f);
  } else {
    for (long i = 0; ftell(f) < bytes - 200; i++)
      fprintf(f, "<property><name>x.p%ld</name><value>1</value></property>\n", i);
  }
  fputs("</configuration>\n", f);
  fclose(f);
}

/* XML files at the size bound, of one long name or of many properties,
 * are read (how fast: bench/inputs). */
static void xml_files_at_the_bound_are_read(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char work[4200];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", job));
  write_xml(dir, "name.xml", HADOOPCONF_MAX_BYTES, 1);
  write_xml(dir, "many.xml", HADOOPCONF_MAX_BYTES, 0);
  const char *files[] = {"name.xml", "many.xml"};
  for (int i = 0; i < 2; i++) {
    test_run r;
    test_run_mrlab(&r, dir,
                   (const char *[]){"run", test_source_path("platforms/toy4.cfg"), work, "--conf", files[i], "-o",
                                    "out", NULL});
    if (r.status != 0)
      fail_msg("%s: status %d: expected 0, stderr \"%.300s\"", files[i], r.status, r.err);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(named_pipes_are_refused_on_every_input),
      cmocka_unit_test(devices_includes_and_oversized_files_are_refused),
      cmocka_unit_test(xml_files_at_the_bound_are_read),
  };
  TEST_MAIN(tests);
}
