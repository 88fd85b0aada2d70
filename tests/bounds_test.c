/* bounds_test.c - inputs beyond mrlab's bounds, and settings in the wrong
 * scope, are refused the way every bad input is: exit status 2, one line
 * naming the file, the line and the bound, and no run directory.  Each case
 * is one class of the crashes and hangs of issue 10 (overflowing totals,
 * allocations sized by the input, runs that would never end); a setting
 * given where it belongs takes effect, one given elsewhere is an error. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* platforms/toy4.cfg read whole */
static char *toy4(void)
{
  FILE *in = fopen(test_source_path("platforms/toy4.cfg"), "r");
  assert_non_null(in);
  static char text[4096];
  size_t n = fread(text, 1, sizeof text - 1, in);
  text[n] = '\0';
  fclose(in);
  return text;
}

/* TEXT with FROM replaced by TO, in a new string. */
static char *replace(const char *text, const char *from, const char *to)
{
  const char *at = strstr(text, from);
  if (!at)
    fail_msg("\"%s\" is not in the text", from);
  size_t n = strlen(text) + strlen(to) + 1;
  char *out = malloc(n);
  snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  return out;
}

/* toy4 with FROM replaced by TO, written to DIR/p.cfg; returns its path. */
static const char *write_platform(const char *dir, const char *from, const char *to)
{
  char *text = replace(toy4(), from, to);
  static char path[4096];
  snprintf(path, sizeof path, "%s", test_write_file(dir, "p.cfg", text));
  free(text);
  return path;
}

#define SIZED "map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0;"
static const char small_job[] = "jobs = ( { name = \"a\"; input = \"1GB\"; " SIZED " } );\n";

/* Fails unless R is a refusal: status 2, one line on stderr starting with
 * "mrlab: PREFIX" and holding SAYS, nothing on stdout, and no DIR/out. */
static void assert_refused(const test_run *r, const char *what, const char *dir, const char *prefix, const char *says)
{
  char start[4200], out[4200];
  snprintf(start, sizeof start, "mrlab: %s", prefix);
  snprintf(out, sizeof out, "%s/out", dir);
  if (r->status != 2 || strncmp(r->err, start, strlen(start)) != 0 || !strstr(r->err, says) ||
      strchr(r->err, '\n') != r->err + strlen(r->err) - 1 || r->out[0] || access(out, F_OK) == 0)
    fail_msg("%s: status %d, stderr \"%s\", stdout \"%.80s\"; expected status 2, no %s and one line \"%s...%s...\"",
             what, r->status, r->err, r->out, out, start, says);
}

static void platforms_beyond_bounds_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *what, *from, *to;
    int line;
    const char *says;
  } cases[] = {
      {"slots overflow", "map = 4;", "map = 2147483647;", 14, "slots.map: at most 256 (mrlab's bound on a node's"},
      {"cores overflow", "cores = 4;", "cores = 2147483647;", 11, "cores: at most 256 (mrlab's bound on a node's"},
      {"count overflow", "count = 4;", "count = 2147483647;", 10,
       "count: at most 10000 (mrlab's bound on the workers of a cluster), got 2147483647"},
      {"10^8 nodes", "count = 4;", "count = 100000000;", 10, "at most 10000 (mrlab's bound on the workers"},
      {"crowded rack", "count = 4;", "count = 201;", 7,
       "racks[0]: at most 200 nodes in rack \"rack1\" (mrlab's bound on a rack's nodes), got 202"},
      {"workers over classes", "reduce = 2; }; }",
       "reduce = 2; }; },\n  { name = \"more\"; racks = [\"rack1\"]; count = 9999;\n"
       "    cores = 4; speed = \"2.5Gf\"; memory = \"8GiB\"; disks = ( { read = \"120MBps\"; write = \"100MBps\"; } "
       ");\n"
       "    nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 4; reduce = 2; }; }",
       15, "count: at most 10000 workers in all (mrlab's bound on the workers of a cluster), got 10003"},
      {"count as int64", "count = 4;", "count = 3000000000L;", 10, "got 3000000000"},
      {"NIC under 1 B/s", "\"1Gbps\"; latency = \"50us\"", "\"2bps\"; latency = \"50us\"", 13,
       "nic.bandwidth: at least 125 kBps (mrlab's bound on a link's bandwidth"},
      {"slow core", "speed = \"2.5Gf\"", "speed = \"1e-300f\"", 11, "speed: at least 1 Mf (mrlab's bound on a core's"},
      {"slow disk", "read = \"120MBps\"", "read = \"1Bps\"", 12, "read: at least 1 MBps (mrlab's bound on a disk's"},
      {"long latency", "latency = \"50us\"", "latency = \"2s\"", 13, "latency: at most 1 s (mrlab's bound"},
      {"huge memory", "memory = \"8GiB\"", "memory = \"1EiB\"", 11, "memory: at most 64 TiB"},
      {"bits not whole bytes", "memory = \"8GiB\"", "memory = \"3b\"", 11, "expected a whole number of bytes"},
      {"job property in the platform", "master =", "settings = [\"mapreduce.job.reduces=4\"];\nmaster =", 16,
       "settings[0]: mapreduce.job.reduces: a job property (expected in a job's set list"},
      {"cluster property out of range",
       "master =", "settings = [\"mapreduce.jobtracker.heartbeat.interval.min=1\"];\nmaster =", 16,
       "expected a value from 100 to 3600000"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    write_platform(dir, cases[i].from, cases[i].to);
    char path[4096], where[4200];
    snprintf(path, sizeof path, "%s/p.cfg", dir);
    snprintf(where, sizeof where, "%s:%d: ", path, cases[i].line);
    const char *work = test_write_file(dir, "w.cfg", small_job);
    char wpath[4096];
    snprintf(wpath, sizeof wpath, "%s", work);
    test_run r;
    test_run_mrlab(&r, dir, (const char *[]){"platform", path, NULL});
    assert_refused(&r, cases[i].what, dir, where, cases[i].says);
    test_run_mrlab(&r, dir, (const char *[]){"run", path, wpath, "-o", "out", NULL});
    assert_refused(&r, cases[i].what, dir, where, cases[i].says);
  }
}

static void workloads_beyond_bounds_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *what, *job, *set; /* the job's settings after its name, and a --set */
    const char *says;             /* on line 1, or after "--set " when the --set is at fault */
  } cases[] = {
      {"reducers over the --set cap", "input = \"10GB\"; reducers = 3000000; " SIZED, NULL,
       "jobs[0].reducers: mapreduce.job.reduces: expected a value from 0 to 100000, got \"3000000\""},
      {"2e9 reducers", "generator = \"sort\"; input = \"1GB\"; reducers = 2000000000;", NULL,
       "expected a value from 0 to 100000"},
      {"--set over the cap", "input = \"10GB\"; " SIZED, "mapreduce.job.reduces=3000000",
       "mapreduce.job.reduces=3000000: mapreduce.job.reduces: expected a value from 0 to 100000"},
      {"sort of 256 PB", "generator = \"sort\"; input = \"256PB\";", NULL,
       "jobs[0].input: at most 100 TiB (mrlab's bound on a job's input), got 227.4 PiB"},
      {"1 EB", "generator = \"sort\"; input = \"1EB\";", NULL, "jobs[0].input: at most 100 TiB"},
      {"WordCount of 256 PB", "generator = \"wordcount\"; input = \"256PB\";", NULL, "jobs[0].input: at most 100 TiB"},
      {"maps", "input = \"100TiB\"; " SIZED, NULL, "jobs[0].input: at most 100000 maps (mrlab's bound on a job's maps"},
      {"a generator's maps times reducers", "generator = \"sort\"; input = \"2TiB\"; reducers = 10000;", NULL,
       "jobs[0].input: at most 150000000 maps times reducers with generator \"sort\""},
      {"chunks", "input = \"1TiB\"; " SIZED, "mrlab.pipeline.chunk=64KiB", "jobs[0].input: at most 10000000 pipeline"},
      {"explicit groups", "input = \"1GB\"; reducers = 5000; set = [\"mrlab.reduce.explicit.groups=10000\"]; " SIZED,
       NULL, "jobs[0].input: at most 10000000 key groups simulated one by one"},
      {"key groups", "input = \"1GB\"; keys = 1e13; " SIZED, NULL, "jobs[0].keys: expected a number from 1 to 1e+12"},
      {"costly map",
       "input = \"1GB\"; map_cost = 1e12; map_selectivity = 1.0; reduce_cost = 1.0; "
       "reduce_selectivity = 1.0;",
       NULL, "jobs[0].map_cost: expected a number from 0 to 100000"},
      {"map output",
       "input = \"1TB\"; map_cost = 1.0; map_selectivity = 1e6; reduce_cost = 1.0; "
       "reduce_selectivity = 1.0;",
       NULL, "jobs[0].map_selectivity: at most 100 TiB (mrlab's bound on the bytes a job's map or reduce stage"},
      {"record", "input = \"1GB\"; record_size = \"2GB\"; " SIZED, NULL, "jobs[0].record_size: at most 953.7 MiB"},
      {"far submit", "submit = \"1e300s\"; input = \"1GB\"; " SIZED, NULL,
       "jobs[0].submit: at most 2.592e+06 s (mrlab's bound on a job's submit time)"},
      {"heartbeats before the submit", "submit = \"29d\"; input = \"1GB\"; " SIZED, NULL,
       "job a: at most 30 days of simulated time and 10000000 heartbeats (mrlab's bound on a run)"},
      {"100 TiB on four nodes", "generator = \"sort\"; input = \"100TiB\";", "dfs.blocksize=64g",
       "job a: at most 30 days of simulated time"},
      /* a SWIM line of 1 byte in and 100 TB shuffled, as `mrlab import swim` writes it: one map spills it all */
      {"100 TB shuffled by one map",
       "input = \"1B\"; shuffle = \"100000000000000B\"; output = \"1B\"; reducers = 1000; map_cost = 1.0; reduce_cost "
       "= 1.0;",
       NULL,
       "job a: at most 30 days of simulated time and 10000000 heartbeats (mrlab's bound on a run), got at least 36 "
       "days (its heaviest map's spills and merges on the fastest node's disks of toy4)"},
      {"spills in small chunks",
       "input = \"1B\"; shuffle = \"1000000000000B\"; output = \"1B\"; map_cost = 1.0; reduce_cost = 1.0;",
       "mrlab.pipeline.chunk=64KiB",
       "job a: at most 10000000 pipeline chunks (mrlab's bound on a run's events; a larger mrlab.pipeline.chunk than "
       "64 KiB moves more bytes a chunk, a larger mapreduce.task.io.sort.mb spills less often), got at least 4.75e+07 "
       "(3.11e+12 bytes read, spilled, merged and written)"},
      /* 10,486-byte spills of 1 TB: 95,365,249 of them, each a chunk at least however large the chunks */
      {"a spill a chunk",
       "input = \"1B\"; shuffle = \"1000000000000B\"; output = \"1B\"; map_cost = 1.0; reduce_cost = 1.0; "
       "set = [\"mapreduce.task.io.sort.mb=1\", \"mapreduce.map.sort.spill.percent=0.01\"];",
       "mrlab.pipeline.chunk=1GiB", "job a: at most 10000000 pipeline chunks (mrlab's bound on a run's events; a larger "
       "mrlab.pipeline.chunk than 1 GiB moves more bytes a chunk, a larger mapreduce.task.io.sort.mb spills less often), "
       "got at least 9.54e+07"},
      {"cluster property in a job",
       "input = \"1GB\"; set = [\"mapreduce.tasktracker.outofband.heartbeat=true\"]; " SIZED, NULL,
       "jobs[0].set[0]: mapreduce.tasktracker.outofband.heartbeat: a cluster-wide property (expected in the "
       "platform file's settings list or in --set"},
      {"bad cluster --set", "input = \"1GB\"; " SIZED, "mapreduce.tasktracker.outofband.heartbeat=maybe",
       "mapreduce.tasktracker.outofband.heartbeat=maybe: mapreduce.tasktracker.outofband.heartbeat: expected true or "
       "false"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char text[1024], path[4096], where[4200];
    snprintf(text, sizeof text, "jobs = ( { name = \"a\"; %s } );\n", cases[i].job);
    snprintf(path, sizeof path, "%s", test_write_file(dir, "w.cfg", text));
    if (cases[i].set && strstr(cases[i].says, cases[i].set) == cases[i].says)
      snprintf(where, sizeof where, "--set ");
    else
      snprintf(where, sizeof where, "%s:1: ", path);
    test_run r;
    test_run_mrlab(&r, dir,
                   (const char *[]){"run", test_source_path("platforms/toy4.cfg"), path, "-o", "out",
                                    cases[i].set ? "--set" : NULL, cases[i].set, NULL});
    assert_refused(&r, cases[i].what, dir, where, cases[i].says);
  }
}

static void input_files_that_are_not_files_are_refused(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char work[4096], expected[4200];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", small_job));
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"run", dir, work, "-o", "out", NULL});
  snprintf(expected, sizeof expected, "mrlab: %s: expected a libconfig file, got a directory\n", dir);
  assert_string_equal(r.err, expected);
  assert_int_equal(r.status, 2);
  test_run_mrlab(&r, dir, (const char *[]){"run", test_source_path("platforms/toy4.cfg"), dir, "-o", "out", NULL});
  assert_string_equal(r.err, expected);
  test_run_mrlab(&r, dir, (const char *[]){"platform", "/dev/zero", NULL});
  assert_string_equal(r.err, "mrlab: /dev/zero: expected a libconfig file, got a device\n");
  assert_int_equal(r.status, 2);
}

static void sizes_in_bits_are_accepted_with_a_warning(void **state)
{
  (void)state;
  const char *dir = test_tmpdir(), *path = write_platform(dir, "memory = \"8GiB\"", "memory = \"8Gib\"");
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"platform", path, NULL});
  assert_int_equal(r.status, 0);
  char expected[4200];
  snprintf(expected, sizeof expected,
           "mrlab: warning: %s:11: node_classes[0].memory: \"8Gib\" is in bits, 1 GiB; write B for bytes (\"b\" means "
           "bits in SimGrid's units)\n",
           path);
  assert_string_equal(r.err, expected);
  assert_non_null(strstr(r.out, "1 GiB"));
}

/* The start of every map of a two-wave job on toy4 with 3 s heartbeats,
 * summed, with PLATFORM_TEXT and ARGS (a --set or NULL); and its tasks.csv
 * into CSV.  jobs.csv must record the out-of-band heartbeat as OOB, the
 * value the run had, whichever scope set it. */
static double map_starts(const char *platform_text, const char *set, const char *oob, test_csv **csv)
{
  const char *work =
      "jobs = ( { name = \"a\"; input = \"4GB\"; reducers = 1; " SIZED " set = [\"dfs.blocksize=128m\"]; } );\n";
  const char *args[] = {"--set", "mapreduce.jobtracker.heartbeat.interval.min=3000", set ? "--set" : NULL, set, NULL};
  const char *run = test_simulate(platform_text, work, args);
  test_csv *jobs = test_csv_in(run, "jobs.csv");
  assert_string_equal(test_csv_cell(jobs, 1, "mapreduce.tasktracker.outofband.heartbeat"), oob);
  test_csv_free(jobs);
  *csv = test_csv_in(run, "tasks.csv");
  double sum = 0;
  for (int row = 1; row < (*csv)->n_rows; row++)
    if (strcmp(test_csv_cell(*csv, row, "kind"), "map") == 0)
      sum += test_csv_num(*csv, row, "start");
  return sum;
}

static void cluster_settings_come_from_the_platform_or_the_command_line(void **state)
{
  (void)state;
  /* out-of-band heartbeats: a tracker whose map ends asks for the next at
   * once, instead of at its next heartbeat, so the second wave starts sooner */
  char with[8192];
  snprintf(with, sizeof with, "%s%s", toy4(), "settings = [\"mapreduce.tasktracker.outofband.heartbeat=true\"];\n");
  test_csv *plain, *in_file, *on_line;
  double base = map_starts(toy4(), NULL, "false", &plain);
  double file = map_starts(with, NULL, "true", &in_file);
  double line = map_starts(toy4(), "mapreduce.tasktracker.outofband.heartbeat=true", "true", &on_line);
  if (!(file < base - 1))
    fail_msg("maps started at %g s in all with out-of-band heartbeats in the platform file, %g s without", file, base);
  assert_close(line, file, 1e-9);
  test_csv_free(plain);
  test_csv_free(in_file);
  test_csv_free(on_line);
}

static void help_shows_each_property_scope(void **state)
{
  (void)state;
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"run", "--help", NULL});
  assert_int_equal(r.status, 0);
  const char *oob = strstr(r.out, "mapreduce.tasktracker.outofband.heartbeat"), *eol = oob ? strchr(oob, '\n') : NULL;
  assert_non_null(eol);
  assert_true(eol - oob > 8 && strncmp(eol - 7, "cluster", 7) == 0);
  const char *reduces = strstr(r.out, "mapreduce.job.reduces ");
  assert_non_null(reduces);
  assert_true(strncmp(strchr(reduces, '\n') - 3, "job", 3) == 0);
}

/* A sampling period under 10 ms is refused, from --set or a Hadoop XML
 * file (1 ns once filled memory at 30 MB a second); a run that would
 * sample more than a million rows stops sampling there with one warning,
 * its last row covering the rest of the run. */
static void sampling_is_bounded(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char work[4096];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", small_job));
  const char *toy = test_source_path("platforms/toy4.cfg");
  test_run r;
  test_run_mrlab(&r, dir,
                 (const char *[]){"run", toy, work, "--set", "mrlab.utilisation.period=1ns", "-o", "out", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab.utilisation.period: expected 0s (no sampling) or at least 10ms (mrlab's bound "
                                "on a sampling period), got \"1ns\""));
  test_write_file(dir, "p.xml",
                  "<configuration><property><name>mrlab.progress.period</name><value>1us</value></property>"
                  "</configuration>\n");
  test_run_mrlab(&r, dir, (const char *[]){"run", toy, work, "--conf", "p.xml", "-o", "out", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab.progress.period: expected 0s (no sampling) or at least 10ms"));
  assert_int_equal(test_count_files(dir), 2);
  /* 199 node classes of one worker (and the master): 199 utilisation rows an instant, a million in 50 s */
  char platform[1 << 17] = "name = \"wide\";\ncore = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
                           "racks = ( { name = \"r\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
                           "node_classes = (\n";
  for (int c = 0; c < 199; c++)
    snprintf(platform + strlen(platform), sizeof platform - strlen(platform),
             "%s{ name = \"c%d\"; count = 1; racks = [\"r\"]; cores = 4; speed = \"2.5Gf\"; memory = \"8GiB\";"
             " disks = ( { read = \"120MBps\"; write = \"100MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = "
             "\"50us\"; }; slots = { map = 4; reduce = 2; }; }\n",
             c ? "," : "", c);
  snprintf(platform + strlen(platform), sizeof platform - strlen(platform),
           ");\nmaster = { class = \"c0\"; rack = \"r\"; };\n");
  char wide[4096];
  snprintf(wide, sizeof wide, "%s", test_write_file(dir, "wide.cfg", platform));
  test_write_file(dir, "late.cfg",
                  "jobs = ( { name = \"late\"; submit = \"60s\"; input = \"64MB\"; map_cost = 1.0; "
                  "map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0; } );\n");
  test_run_mrlab(
      &r, dir, (const char *[]){"run", wide, "late.cfg", "--set", "mrlab.utilisation.period=10ms", "-o", "out", NULL});
  if (r.status != 0)
    fail_msg("status %d: %s", r.status, r.err);
  assert_non_null(strstr(r.err, "mrlab: warning: utilisation.csv: sampling stopped at "));
  assert_non_null(strstr(r.err, "at 1000000 rows (mrlab's bound on a sampled table); a longer "
                                "mrlab.utilisation.period samples the whole run\n"));
  char out[4200];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *u = test_csv_in(out, "utilisation.csv");
  assert_true(u->n_rows - 1 <= 1000000 + 199);              /* the bound, and the last sample's rows */
  assert_true(test_csv_num(u, u->n_rows - 1, "time") > 60); /* the last row reaches the end of the run */
  test_csv_free(u);
}

int main(void)
{
  /* an input wrongly accepted would simulate for hours: every mrlab this
   * test starts inherits a minute of CPU time, and is killed after it */
  const struct rlimit minute = {60, 60};
  setrlimit(RLIMIT_CPU, &minute);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(platforms_beyond_bounds_are_refused),
      cmocka_unit_test(workloads_beyond_bounds_are_refused),
      cmocka_unit_test(input_files_that_are_not_files_are_refused),
      cmocka_unit_test(sizes_in_bits_are_accepted_with_a_warning),
      cmocka_unit_test(cluster_settings_come_from_the_platform_or_the_command_line),
      cmocka_unit_test(help_shows_each_property_scope),
      cmocka_unit_test(sampling_is_bounded),
  };
  TEST_MAIN(tests);
}
