/* usage_test.c - the command line's conventions (cli/options.c, cli/mrlab.c)
 * as a user meets them.  Every command answers --help (-h, and `mrlab help
 * COMMAND`) and --version on stdout with exit status 0; an option's value
 * after '=' or as the next word is the same option, SimGrid's --cfg and
 * --log included, and `mrlab run` passes them to its children in a form
 * they parse; '--' ends the options; a command line of the wrong shape gets
 * one line on stderr that says what is wrong and where the usage is, exit
 * status 2 and no output, not the whole usage text.  And what a run says:
 * its summary on stdout, the engine's counters only with --verbose, nothing
 * at all with --quiet (but an error), and no status line on a dumb terminal
 * or with --quiet. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* 1 GB in 128 MiB blocks: 8 maps, and 4 reduces; a third of a second. */
static const char small_job[] = "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                                " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4; } );\n";

static const char *const commands[] = {"run",  "platform", "predict", "provision", "compare", "validate",  "ratios",
                                       "plot", "explain",  "report",  "import",    "export",  "calibrate", "version"};
#define N_COMMANDS (sizeof commands / sizeof *commands)

/* Fails unless R ended with status 2 and one line on stderr ending with SAYS (ARGS named in the message). */
static void one_line_ending(const test_run *r, const char *const *args, const char *says)
{
  size_t n = strlen(r->err), m = strlen(says);
  int newlines = 0;
  for (const char *s = r->err; *s; s++)
    newlines += *s == '\n';
  if (r->status != 2 || newlines != 1 || n < m || strcmp(r->err + n - m, says))
    fail_msg("mrlab %s %s: status %d, stderr \"%s\": expected 2 and one line ending \"%s\"", args[0] ? args[0] : "",
             args[0] && args[1] ? args[1] : "", r->status, r->err, says);
}

static void one_line_and_where_to_look(void **state)
{
  (void)state;
  static const struct {
    const char *args[8], *says;
  } cases[] = {
      {{"run", "--no-such", NULL}, "mrlab: unknown option --no-such; try 'mrlab run --help'\n"},
      {{"run", "a.cfg", NULL}, "mrlab: expected PLATFORM.cfg and WORKLOAD.cfg; try 'mrlab run --help'\n"},
      {{"run", "a.cfg", "b.cfg", "c.cfg", NULL}, "mrlab: unexpected argument c.cfg; try 'mrlab run --help'\n"},
      {{"run", "a.cfg", "b.cfg", "-o", NULL}, "mrlab: -o needs a value; try 'mrlab run --help'\n"},
      {{"run", "a.cfg", "b.cfg", "--seed", NULL}, "mrlab: --seed needs a value; try 'mrlab run --help'\n"},
      {{"run", "--trace=yes", NULL}, "mrlab: --trace takes no value; try 'mrlab run --help'\n"},
      {{"run", "--se", "3", NULL}, "mrlab: ambiguous option --se (--seed, --seeds, --set); try 'mrlab run --help'\n"},
      {{"run", "-x", NULL}, "mrlab: unknown option -x; try 'mrlab run --help'\n"},
      {{"platform", "--no-such", NULL}, "try 'mrlab platform --help'\n"},
      {{"platform", "--cfg", NULL}, "mrlab: --cfg needs a value; try 'mrlab platform --help'\n"},
      {{"predict", "--no-such", NULL}, "try 'mrlab predict --help'\n"},
      {{"predict", "--workflow", "p.cfg", "--job", "j", "t", "h", NULL}, "try 'mrlab predict --help'\n"},
      {{"provision", "--no-such", NULL}, "try 'mrlab provision --help'\n"},
      {{"validate", "--no-such", NULL}, "try 'mrlab validate --help'\n"},
      {{"compare", "--no-such", NULL}, "try 'mrlab compare --help'\n"},
      {{"ratios", "--no-such", NULL}, "try 'mrlab ratios --help'\n"},
      {{"plot", "--no-such", NULL}, "try 'mrlab plot --help'\n"},
      {{"explain", "--no-such", NULL}, "try 'mrlab explain --help'\n"},
      {{"report", "--no-such", NULL}, "try 'mrlab report --help'\n"},
      {{"import", "--no-such", NULL}, "try 'mrlab import --help'\n"},
      {{"export", "--no-such", NULL}, "try 'mrlab export --help'\n"},
      {{"calibrate", "--no-such", NULL}, "try 'mrlab calibrate --help'\n"},
      {{"version", "extra", NULL}, "mrlab: unexpected argument extra; try 'mrlab version --help'\n"},
      {{"no-such-command", NULL}, "mrlab: unknown command no-such-command; try 'mrlab --help'\n"},
      {{"--no-such", NULL}, "mrlab: unknown option --no-such; try 'mrlab --help'\n"},
      {{NULL}, "try 'mrlab --help'\n"},
      {{"help", "no-such-command", NULL}, "mrlab: help: unknown command no-such-command; try 'mrlab --help'\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    test_run r;
    test_run_mrlab(&r, test_tmpdir(), cases[i].args);
    one_line_ending(&r, cases[i].args, cases[i].says);
  }
}

/* Each command's --help, -h and `mrlab help COMMAND`: the same text on
 * stdout, starting with its usage line and naming the common options,
 * nothing on stderr, status 0, wherever --help stands; --version: mrlab's
 * one line, as `mrlab --version` prints it, naming the commit and the
 * libraries. */
static void every_command_answers_help_and_version(void **state)
{
  (void)state;
  test_run main_version, r;
  test_run_mrlab(&main_version, NULL, (const char *[]){"--version", NULL});
  assert_int_equal(main_version.status, 0);
  assert_int_equal(strncmp(main_version.out, "mrlab ", 6), 0);
  assert_non_null(strstr(main_version.out, " (commit "));
  assert_non_null(strstr(main_version.out, "; SimGrid 3."));
  assert_non_null(strstr(main_version.out, ", GSL 2."));
  assert_ptr_equal(strchr(main_version.out, '\n'), main_version.out + strlen(main_version.out) - 1);
  test_run_mrlab(&r, NULL, (const char *[]){"--help", NULL});
  assert_int_equal(r.status, 0);
  assert_int_equal(strncmp(r.out, "usage: mrlab COMMAND", 20), 0);
  for (size_t i = 0; i < N_COMMANDS; i++) {
    char head[64], line[64];
    snprintf(head, sizeof head, "usage: mrlab %s", commands[i]);
    snprintf(line, sizeof line, "\n  %s ", commands[i]);
    if (!strstr(r.out, line))
      fail_msg("mrlab --help does not list %s", commands[i]);
    static test_run help, other;
    test_run_mrlab(&help, NULL, (const char *[]){commands[i], "--help", NULL});
    if (help.status != 0 || help.err[0] || strncmp(help.out, head, strlen(head)) || !strstr(help.out, "--version") ||
        !strstr(help.out, "--verbose") || !strstr(help.out, "--quiet"))
      fail_msg("mrlab %s --help: status %d, stderr \"%s\", stdout \"%.100s\"", commands[i], help.status, help.err,
               help.out);
    const char *const forms[][5] = {
        {commands[i], "-h", NULL}, {"help", commands[i], NULL}, {commands[i], "a", "--quiet", "--help", NULL}};
    for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
      test_run_mrlab(&other, NULL, forms[f]);
      if (other.status != 0 || strcmp(other.out, help.out) != 0)
        fail_msg("mrlab %s %s: status %d, not the text of --help", forms[f][0], forms[f][1], other.status);
    }
    test_run_mrlab(&other, NULL, (const char *[]){commands[i], "--version", NULL});
    if (other.status != 0 || strcmp(other.out, main_version.out) != 0 || other.err[0])
      fail_msg("mrlab %s --version: status %d, \"%s\": expected \"%s\"", commands[i], other.status, other.out,
               main_version.out);
  }
}

/* --seed=3 and --seed 3, --set=N=V and --set N=V, --cfg=K:V and --cfg K:V
 * (SimGrid's, passed on as it takes them: summary.json records what it got),
 * --log=... and --log ...: the same run, byte for byte. */
static void both_forms_are_one_option(void **state)
{
  (void)state;
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  char joined[4096], apart[4096];
  snprintf(joined, sizeof joined, "%s",
           test_simulate(toy4, small_job,
                         (const char *[]){"--seed=3", "--set=dfs.replication=2", "--cfg=network/crosstraffic:0",
                                          "--log=mrlab.thres:critical", "--work=worker-1,worker-2", NULL}));
  snprintf(
      apart, sizeof apart, "%s",
      test_simulate(toy4, small_job,
                    (const char *[]){"--seed", "3", "--set", "dfs.replication=2", "--cfg", "network/crosstraffic:0",
                                     "--log", "mrlab.thres:critical", "--workers", "worker-1,worker-2", NULL}));
  static const char *const files[] = {"tasks.csv", "jobs.csv", "progress.csv", "explain.csv"};
  for (size_t f = 0; f < sizeof files / sizeof *files; f++)
    if (!test_same_file(joined, apart, files[f]))
      fail_msg("%s differs between --NAME=VALUE and --NAME VALUE", files[f]);
  const char *dirs[] = {joined, apart};
  for (int d = 0; d < 2; d++) {
    const char *json = test_read_file(dirs[d], "summary.json");
    assert_non_null(strstr(json, "\"seed\": 3,"));
    assert_non_null(strstr(json, "\"set\": [\"dfs.replication=2\"]"));
    assert_non_null(strstr(json, "\"--cfg=network/crosstraffic:0\""));
    assert_non_null(strstr(json, "\"workers\": [\"worker-1,worker-2\"]"));
  }
  test_csv *t = test_csv_in(joined, "tasks.csv"); /* --workers was heard: no task elsewhere */
  for (int i = 1; i < t->n_rows; i++) {
    const char *host = test_csv_cell(t, i, "host");
    if (strcmp(host, "worker-1") && strcmp(host, "worker-2"))
      fail_msg("a task ran on %s, outside --workers", host);
  }
  test_csv_free(t);
  /* the value after '=' or after a space is the same value, whatever the command */
  const char *const joined_args[][5] = {{"plot", joined, "--format=jpeg", NULL},
                                        {"explain", joined, "--job=s", NULL},
                                        {"ratios", "p.cfg", "w.cfg", "--input=-1", NULL}};
  const char *const apart_args[][6] = {{"plot", joined, "--format", "jpeg", NULL},
                                       {"explain", joined, "--job", "s", NULL},
                                       {"ratios", "p.cfg", "w.cfg", "--input", "-1", NULL}};
  for (size_t i = 0; i < sizeof joined_args / sizeof *joined_args; i++) {
    static test_run a, b;
    test_run_mrlab(&a, NULL, joined_args[i]);
    test_run_mrlab(&b, NULL, apart_args[i]);
    if (a.status != b.status || strcmp(a.out, b.out) || strcmp(a.err, b.err))
      fail_msg("mrlab %s %s: status %d and \"%s\" as one word, %d and \"%s\" as two", joined_args[i][0],
               joined_args[i][2], a.status, a.err, b.status, b.err);
  }
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"plot", joined, "--format", "jpeg", NULL});
  assert_string_equal(r.err, "mrlab: --format: expected png or svg, got jpeg\n");
  test_run_mrlab(&r, NULL, (const char *[]){"explain", joined, "--job", "s", NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "s"));
}

/* After '--', a word that starts with '-' is a file: a workload named
 * "-w.cfg" runs, alone and as each seed's run of --seeds (whose children
 * get it after their own '--'); without '--' it is an unknown option. */
static void double_dash_ends_the_options(void **state)
{
  (void)state;
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  test_run r;
  const char *dir =
      test_run_beside(&r, "-w.cfg", small_job, (const char *[]){"run", toy4, "-w.cfg", "-o", "out", NULL});
  one_line_ending(&r, (const char *[]){"run", "-w.cfg", NULL}, "mrlab: unknown option -w; try 'mrlab run --help'\n");
  assert_int_equal(test_count_files(dir), 1);
  test_run_mrlab(&r, dir, (const char *[]){"run", "-o", "out", "--", toy4, "-w.cfg", NULL});
  if (r.status != 0)
    fail_msg("mrlab run -o out -- toy4.cfg -w.cfg: status %d, %s", r.status, r.err);
  test_read_file(dir, "out/summary.json");
  test_run_mrlab(&r, dir,
                 (const char *[]){"run", "--seeds", "2", "-j", "2", "--set=dfs.replication=2", "--cfg",
                                  "network/crosstraffic:0", "-o", "seeds", "--", toy4, "-w.cfg", NULL});
  if (r.status != 0)
    fail_msg("mrlab run --seeds 2 ... -- toy4.cfg -w.cfg: status %d, %s", r.status, r.err);
  for (int k = 1; k <= 2; k++) {
    char run[64];
    snprintf(run, sizeof run, "seeds/seed-%d", k);
    const char *json = test_read_file(dir, strcat(run, "/summary.json"));
    assert_non_null(strstr(json, "\"set\": [\"dfs.replication=2\"]"));
    assert_non_null(strstr(json, "\"--cfg=network/crosstraffic:0\""));
  }
}

/* A command line of the wrong shape, or a bad value, writes nothing: not
 * the run directory, not a comparison's. */
static void a_refusal_writes_nothing(void **state)
{
  (void)state;
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  static const test_refusal run_cases[] = {
      {{"--no-such", NULL}, "unknown option --no-such; try 'mrlab run --help'"},
      {{"--trace=yes", NULL}, "--trace takes no value"},
      {{"--se", "3", NULL}, "ambiguous option --se"},
      {{"--seed=x", NULL}, "--seed: expected a whole number >= 0, got x"},
      {{"--seed", NULL}, "--seed needs a value"},
      {{"extra.cfg", NULL}, "unexpected argument extra.cfg"},
      {{"--cfg", "no/such:1", NULL}, "no/such"},
  };
  test_refusals("w.cfg", small_job, (const char *[]){"run", toy4, "w.cfg", "-o", "out", NULL}, run_cases,
                sizeof run_cases / sizeof *run_cases);
  static const test_refusal compare_cases[] = {
      {{"--seeds", NULL}, "--seeds needs a value; try 'mrlab compare --help'"},
      {{"--seeds=0", NULL}, "--seeds: expected a whole number of seeds from 1 to"},
      {{"--no-such", NULL}, "unknown option --no-such; try 'mrlab compare --help'"},
  };
  test_refusals("w.cfg", small_job,
                (const char *[]){"compare", toy4, "w.cfg", "--vary=dfs.blocksize=64m,128m", "-o", "out", NULL},
                compare_cases, sizeof compare_cases / sizeof *compare_cases);
}

/* --quiet, after the command or before it: nothing on stdout or stderr, a
 * run's directory written all the same, no note (a Hadoop property mrlab does not model); an error still
 * says its line. */
static void quiet_says_nothing_but_errors(void **state)
{
  (void)state;
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  const char *dir = test_tmpdir();
  test_write_file(dir, "w.cfg", small_job);
  test_write_file(dir, "site.xml",
                  "<configuration><property><name>yarn.nodemanager.vmem-check-enabled</name><value>false</value>"
                  "</property></configuration>\n");
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"run", toy4, "w.cfg", "--conf", "site.xml", "-o", "loud", NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "makespan "));
  assert_non_null(strstr(r.err, "mrlab: note: ")); /* what --quiet must silence */
  test_run_mrlab(&r, dir, (const char *[]){"run", "--quiet", toy4, "w.cfg", "--conf", "site.xml", "-o", "quiet", NULL});
  assert_int_equal(r.status, 0);
  assert_string_equal(r.out, "");
  assert_string_equal(r.err, "");
  assert_string_equal(test_read_file(dir, "quiet/tasks.csv"), test_read_file(dir, "loud/tasks.csv"));
  test_run_mrlab(&r, dir, (const char *[]){"platform", toy4, "--quiet", NULL});
  assert_int_equal(r.status, 0);
  assert_string_equal(r.out, "");
  test_run_mrlab(&r, dir,
                 (const char *[]){"--quiet", "run", toy4, "w.cfg", "--conf", "site.xml", "-o", "before", NULL});
  assert_int_equal(r.status, 0); /* before the command, as in git */
  assert_string_equal(r.out, "");
  assert_string_equal(r.err, "");
  assert_string_equal(test_read_file(dir, "before/tasks.csv"), test_read_file(dir, "loud/tasks.csv"));
  test_run_mrlab(&r, dir, (const char *[]){"run", "--quiet", toy4, "no-such.cfg", NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  assert_non_null(strstr(r.err, "no-such.cfg"));
}

/* The engine's counters (the activities line) only with --verbose, the
 * same numbers summary.json holds; the summary is the same either way. */
static void verbose_adds_the_counters(void **state)
{
  (void)state;
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  const char *dir = test_tmpdir();
  test_write_file(dir, "w.cfg", small_job);
  static test_run plain, verbose;
  test_run_mrlab(&plain, dir, (const char *[]){"run", toy4, "w.cfg", "-o", "plain", NULL});
  test_run_mrlab(&verbose, dir, (const char *[]){"run", toy4, "w.cfg", "-o", "verbose", "--verbose", NULL});
  assert_int_equal(plain.status, 0);
  assert_int_equal(verbose.status, 0);
  assert_null(strstr(plain.out, "activities"));
  const char *line = strstr(verbose.out, "\nactivities: flows ");
  assert_non_null(line);
  long long flows = atoll(line + strlen("\nactivities: flows "));
  const char *json = strstr(test_read_file(dir, "verbose/summary.json"), "\"flows\": {\"total\": ");
  assert_non_null(json);
  assert_true(flows > 0);
  assert_int_equal(flows, atoll(json + strlen("\"flows\": {\"total\": ")));
  /* the verbose summary is the plain one with the line added */
  size_t before = (size_t)(line + 1 - verbose.out), len = strcspn(line + 1, "\n") + 1;
  char without[sizeof verbose.out];
  snprintf(without, sizeof without, "%.*s%s", (int)before, verbose.out, line + 1 + len);
  assert_string_equal(without, plain.out);
}

/* What a terminal sees of `mrlab run` with MRLAB_PROGRESS_AFTER=0, TERM
 * set to TERM and the extra argument EXTRA (or none), into SEEN. */
static void seen_on_tty(const char *term, const char *extra, char *seen, size_t size)
{
  const char *dir = test_tmpdir(), *work = test_write_file(dir, "w.cfg", small_job);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  const char *args[] = {"run", test_source_path("platforms/toy4.cfg"), work, "-o", out, extra, NULL};
  int status = test_run_on_tty(args, term, "0", seen, size);
  if (status != 0)
    fail_msg("mrlab run on a terminal (TERM=%s) failed (status %d): %.300s", term, status, seen);
  test_read_file(dir, "out/summary.json");
}

/* The status line shows on a terminal that moves its cursor, not on
 * TERM=dumb (which would print its escapes), and not with --quiet. */
static void no_status_line_on_a_dumb_terminal(void **state)
{
  (void)state;
  static char seen[65536];
  seen_on_tty("xterm", NULL, seen, sizeof seen);
  assert_non_null(strstr(seen, "\r\033[Kmrlab: "));
  seen_on_tty("dumb", NULL, seen, sizeof seen);
  assert_string_equal(seen, "");
  seen_on_tty("xterm", "--quiet", seen, sizeof seen);
  assert_string_equal(seen, "");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_line_and_where_to_look), cmocka_unit_test(every_command_answers_help_and_version),
      cmocka_unit_test(both_forms_are_one_option),  cmocka_unit_test(double_dash_ends_the_options),
      cmocka_unit_test(a_refusal_writes_nothing),   cmocka_unit_test(quiet_says_nothing_but_errors),
      cmocka_unit_test(verbose_adds_the_counters),  cmocka_unit_test(no_status_line_on_a_dumb_terminal),
  };
  TEST_MAIN(tests);
}
