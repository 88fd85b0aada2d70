/* plot_test.c - the utilisation time series of a run (utilisation.csv,
 * per node class, and host-utilisation.csv, per host) and `mrlab plot`:
 * the series' fractions lie in [0, 1] and add up to summary.json's
 * utilisation, sampling changes nothing else, each picture of a run, of a
 * validation, of a comparison (`mrlab compare`, and a validation of
 * comparisons alone) and of a run over seeds is written as PNG and SVG
 * (the Gantt chart draws every attempt's phases and each stage of the
 * critical path, names each job of a multi-job run in its key and counts
 * the hosts without a row; a comparison each variant and verdict), titles
 * name the job and the cluster, and a directory of none of these kinds,
 * one with nothing to draw, or a machine without gnuplot, gets one line
 * and exit status 2 with nothing written. */
#include "alloc.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* Two node classes of two workers each, the slow one with half the CPU and disk. */
static const char two_classes[] =
    "name = \"two\";\n"
    "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
    "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
    "node_classes = (\n"
    "  { name = \"fast\"; count = 2; racks = [\"r1\"]; cores = 4; speed = \"2.5Gf\"; memory = \"8GiB\";\n"
    "    disks = ( { read = \"120MBps\"; write = \"100MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; "
    "};\n"
    "    slots = { map = 4; reduce = 2; }; },\n"
    "  { name = \"slow\"; count = 2; racks = [\"r1\"]; cores = 4; speed = \"1.25Gf\"; memory = \"8GiB\";\n"
    "    disks = ( { read = \"60MBps\"; write = \"50MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; "
    "};\n"
    "    slots = { map = 4; reduce = 2; }; }\n"
    ");\n"
    "master = { class = \"fast\"; rack = \"r1\"; };\n";

static const char wordcount[] =
    "jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"2GB\"; reducers = 6; } );\n";

/* The run every picture test draws, simulated once; its reduce phase is under a second long. */
static const char *small_run(void)
{
  static char out[4096];
  if (!out[0])
    snprintf(out, sizeof out, "%s",
             test_simulate(two_classes, wordcount, (const char *const[]){"--set", "mrlab.progress.period=0.1s", NULL}));
  return out;
}

/* Each host's "cpu" in summary.json of DIR, times the makespan, summed over the hosts whose name starts with CLASS. */
static double summary_busy(const char *dir, const char *class)
{
  const char *s = test_read_file(dir, "summary.json");
  const char *m = strstr(s, "\"makespan\": ");
  assert_non_null(m);
  double makespan = atof(m + 12), busy = 0;
  for (const char *h = strstr(s, "{\"name\": \""); h; h = strstr(h + 1, "{\"name\": \"")) {
    const char *cpu = strstr(h, "\"cpu\": ");
    if (cpu && strncmp(h + 10, class, strlen(class)) == 0 && h[10 + strlen(class)] == '-')
      busy += atof(cpu + 7) * makespan;
  }
  return busy;
}

/* Each host's "cpu" in summary.json of DIR times the makespan, for the host NAME. */
static double summary_host_busy(const char *dir, const char *name)
{
  char prefix[300];
  snprintf(prefix, sizeof prefix, "{\"name\": \"%s\"", name);
  const char *s = test_read_file(dir, "summary.json"), *h = strstr(s, prefix), *m = strstr(s, "\"makespan\": ");
  assert_non_null(h);
  assert_non_null(m);
  return atof(strstr(h, "\"cpu\": ") + 7) * atof(m + 12);
}

/* host-utilisation.csv: each worker's row at each sample, in [0, 1], adding up to its CPU in summary.json. */
static void host_utilisation_adds_up_to_the_summary(void **state)
{
  (void)state;
  const char *out = small_run();
  test_csv *u = test_csv_in(out, "host-utilisation.csv");
  const char *hosts[4] = {"fast-1", "fast-2", "slow-1", "slow-2"};
  double busy[4] = {0}, last[4] = {0};
  for (int r = 1; r < u->n_rows; r++) {
    int h = 0;
    while (h < 4 && strcmp(test_csv_cell(u, r, "host"), hosts[h]) != 0)
      h++;
    assert_true(h < 4);
    double t = test_csv_num(u, r, "time");
    assert_true(t > last[h]);
    for (int k = 0; k < 3; k++) {
      double v = test_csv_num(u, r, (const char *[]){"cpu", "disk", "nic"}[k]);
      assert_true(v >= 0 && v <= 1);
    }
    busy[h] += test_csv_num(u, r, "cpu") * (t - last[h]);
    last[h] = t;
  }
  test_csv_free(u);
  for (int h = 0; h < 4; h++) {
    double want = summary_host_busy(out, hosts[h]);
    assert_true(want > 1);
    assert_close(busy[h], want, 0.005 * want);
  }
}

static void utilisation_lies_in_0_1_and_adds_up_to_the_summary(void **state)
{
  (void)state;
  const char *out = small_run();
  test_csv *u = test_csv_in(out, "utilisation.csv");
  const char *classes[2] = {"fast", "slow"};
  double busy[2] = {0, 0}, last[2] = {0, 0};
  int rows[2] = {0, 0};
  for (int r = 1; r < u->n_rows; r++) {
    int c = strcmp(test_csv_cell(u, r, "class"), "slow") == 0;
    assert_string_equal(test_csv_cell(u, r, "class"), classes[c]);
    double t = test_csv_num(u, r, "time");
    assert_true(t > last[c]);
    for (int k = 0; k < 3; k++) {
      double v = test_csv_num(u, r, (const char *[]){"cpu", "disk", "nic"}[k]);
      assert_true(v >= 0 && v <= 1);
    }
    busy[c] += test_csv_num(u, r, "cpu") * (t - last[c]) * 2; /* two workers: host-seconds */
    last[c] = t;
    rows[c]++;
  }
  for (int c = 0; c < 2; c++) {
    assert_true(rows[c] > 10);
    double want = summary_busy(out, classes[c]);
    assert_true(want > 1);
    assert_close(busy[c], want, 0.005 * want); /* flops are counted exactly: only rounding */
  }
  test_csv_free(u);
}

/* Sampling adds events, and nothing else: tasks.csv is byte-identical without
 * it (the progress sampler off too, so that the utilisation sampler's wake-ups
 * are the only ones).  At 0.1 s its wake-ups fall within a few ns of the
 * heartbeats (every 0.3 s), and SimGrid's float arithmetic then moves ends by
 * some ns, never more than a microsecond. */
static void utilisation_sampling_changes_nothing_else(void **state)
{
  (void)state;
  char tasks[1 << 17];
  const char *on =
      test_simulate(two_classes, wordcount, (const char *const[]){"--set", "mrlab.progress.period=0s", NULL});
  snprintf(tasks, sizeof tasks, "%s", test_read_file(on, "tasks.csv"));
  const char *off = test_simulate(
      two_classes, wordcount,
      (const char *const[]){"--set", "mrlab.progress.period=0s", "--set", "mrlab.utilisation.period=0s", NULL});
  assert_string_equal(test_read_file(off, "tasks.csv"), tasks);
  assert_string_equal(test_read_file(off, "utilisation.csv"), "time,class,cpu,disk,nic\n");
  test_csv *a = test_csv_in(off, "tasks.csv");
  test_csv *b = test_csv_in(
      test_simulate(two_classes, wordcount, (const char *const[]){"--set", "mrlab.utilisation.period=0.1s", NULL}),
      "tasks.csv");
  assert_int_equal(a->n_rows, b->n_rows);
  for (int r = 1; r < a->n_rows; r++) {
    assert_string_equal(test_csv_cell(a, r, "host"), test_csv_cell(b, r, "host"));
    assert_close(test_csv_num(a, r, "end"), test_csv_num(b, r, "end"), 1e-6);
  }
  test_csv_free(a);
  test_csv_free(b);
}

/* Fails unless DIR/NAME is an image of FORMAT of over 1 KB: a PNG's signature, or an SVG document. */
static void assert_image(const char *dir, const char *name, const char *format)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s.%s", dir, name, format);
  struct stat st;
  if (stat(path, &st) != 0)
    fail_msg("%s: no such image", path);
  assert_true(st.st_size > 1024);
  FILE *f = fopen(path, "rb");
  char head[64] = "";
  assert_true(fread(head, 1, sizeof head - 1, f) > 8);
  fclose(f);
  if (strcmp(format, "png") == 0)
    assert_memory_equal(head, "\x89PNG\r\n\x1a\n", 8);
  else
    assert_non_null(strstr(head, "<?xml"));
}

/* Runs mrlab plot with ARGS, failing unless it succeeds. */
static void plot(const char *const *args)
{
  test_run r;
  test_run_mrlab(&r, NULL, args);
  if (r.status != 0)
    fail_msg("mrlab plot failed with status %d: %s", r.status, r.err);
}

/* The polygons the SVG draws for the series titled TITLE (its first group: the plot, not the key). */
static int svg_boxes(const char *svg, const char *title)
{
  char tag[256];
  snprintf(tag, sizeof tag, "<title>%s</title>", title);
  const char *from = strstr(svg, tag);
  if (!from)
    fail_msg("no series %s in the SVG", title);
  const char *to = strstr(from, "<g id=\"gnuplot_plot_");
  int n = 0;
  for (const char *p = strstr(from, "<polygon"); p && (!to || p < to); p = strstr(p + 1, "<polygon"))
    n++;
  return n;
}

/* The paths the SVG draws for the series titled TITLE (its first group: the plot, not the key), or -1 without it. */
static int svg_paths(const char *svg, const char *title)
{
  char tag[256];
  snprintf(tag, sizeof tag, "<title>%s</title>", title);
  const char *from = strstr(svg, tag);
  if (!from)
    return -1;
  const char *to = strstr(from, "<g id=\"gnuplot_plot_");
  int n = 0;
  for (const char *p = strstr(from, "<path"); p && (!to || p < to); p = strstr(p + 1, "<path"))
    n++;
  return n;
}

static void a_run_is_plotted(void **state)
{
  (void)state;
  const char *run = small_run();
  char png[4200], svg[4200];
  snprintf(png, sizeof png, "%s-plots", run);
  snprintf(svg, sizeof svg, "%s-svg", run);
  plot((const char *const[]){"plot", run, NULL});
  plot((const char *const[]){"plot", run, "-o", svg, "--format", "svg", NULL});
  const char *names[] = {"gantt", "phases", "utilisation", "utilisation-hosts", "progress"};
  for (int k = 0; k < 5; k++) {
    assert_image(png, names[k], "png");
    assert_image(svg, names[k], "svg");
  }
  assert_int_equal(test_count_files(png), 5);
  assert_int_equal(test_count_files(run), 8); /* the run directory holds one run's files still */
  /* every successful attempt's main phases are boxes of the Gantt chart */
  test_csv *t = test_csv_in(run, "tasks.csv");
  int maps = 0, reduces = 0;
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "status"), "SUCCEEDED") == 0)
      *(strcmp(test_csv_cell(t, r, "kind"), "map") == 0 ? &maps : &reduces) += 1;
  test_csv_free(t);
  const char *gantt = test_read_file(svg, "gantt.svg");
  assert_true(svg_boxes(gantt, "map: read") >= maps && svg_boxes(gantt, "map: map") >= maps);
  assert_true(svg_boxes(gantt, "reduce: shuffle") >= reduces && svg_boxes(gantt, "reduce: reduce") >= reduces);
  assert_true(reduces == 6 && maps >= 15);
  /* the title names the job and the cluster (its platform file), not the directory */
  assert_non_null(strstr(gantt, "wc on platform: task attempts"));
  assert_null(strstr(gantt, "out: task attempts"));
  /* every stage of the critical path that an attempt ran is a box (the key's sample one more) */
  test_csv *e = test_csv_in(run, "explain.csv");
  int stages = 0;
  for (int r = 1; r < e->n_rows; r++)
    stages += strcmp(test_csv_cell(e, r, "kind"), "stage") == 0 && test_csv_cell(e, r, "attempt")[0];
  test_csv_free(e);
  int boxes = svg_paths(gantt, "critical path: its stages boxed");
  if (!(stages >= 5 && boxes >= stages && boxes <= stages + 1))
    fail_msg("%d boxes on the critical path for its %d stages", boxes, stages);
  const char *phases = test_read_file(svg, "phases.svg");
  assert_non_null(strstr(phases, "time on the critical path"));
  assert_non_null(strstr(phases, "slot time, summed over the attempts"));
}

/* Two jobs on the four workers, and a job of one map and one reduce that
 * leaves hosts without an attempt: the Gantt chart's key names each job of
 * the first, its title both, and the second says how many hosts have no row. */
static void jobs_and_idle_hosts_are_told(void **state)
{
  (void)state;
  const char *two = test_simulate(
      two_classes,
      "jobs = ( { name = \"wc\"; generator = \"wordcount\"; input = \"512MB\"; reducers = 2; },\n"
      "         { name = \"ts\"; generator = \"terasort\"; input = \"512MB\"; reducers = 2; } );\n",
      (const char *const[]){NULL});
  char out[4200];
  snprintf(out, sizeof out, "%s-svg", two);
  plot((const char *const[]){"plot", two, "-o", out, "--format", "svg", NULL});
  const char *gantt = test_read_file(out, "gantt.svg");
  const char *jobs[] = {"wc", "ts"};
  for (int j = 0; j < 2; j++) {
    char tag[256];
    snprintf(tag, sizeof tag, "<title>%s: critical path, end ", jobs[j]);
    if (!strstr(gantt, tag))
      fail_msg("the key does not name job %s's critical path", jobs[j]);
    snprintf(tag, sizeof tag, "<title>%s: attempts", jobs[j]);
    if (!strstr(gantt, tag))
      fail_msg("the key does not tell job %s's attempts", jobs[j]);
  }
  assert_non_null(strstr(gantt, "wc and ts on platform: task attempts"));
  assert_null(strstr(gantt, "hosts ran no task attempt"));
  const char *one = test_simulate(
      two_classes, "jobs = ( { name = \"tiny\"; generator = \"wordcount\"; input = \"64MB\"; reducers = 1; } );\n",
      (const char *const[]){NULL});
  test_csv *t = test_csv_in(one, "tasks.csv");
  const char *seen[4];
  int n_seen = 0;
  for (int r = 1; r < t->n_rows; r++) {
    int k = 0;
    while (k < n_seen && strcmp(seen[k], test_csv_cell(t, r, "host")) != 0)
      k++;
    if (k == n_seen)
      seen[n_seen++] = test_csv_cell(t, r, "host");
  }
  assert_true(n_seen < 4);
  char note[256];
  snprintf(note, sizeof note, "%d of the 4 hosts ran no task attempt", 4 - n_seen);
  snprintf(out, sizeof out, "%s-svg", one);
  plot((const char *const[]){"plot", one, "-o", out, "--format", "svg", NULL});
  test_csv_free(t);
  if (!strstr(test_read_file(out, "gantt.svg"), note))
    fail_msg("the Gantt chart does not say \"%s\"", note);
}

static const char experiment[] = "experiments = (\n"
                                 "  { name = \"small\"; platform = \"%s\";\n"
                                 "    job = { generator = \"terasort\"; };\n"
                                 "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
                                 "    targets = { inputs = [\"1500MB\"]; reducers = [3]; }; }\n"
                                 ");\n";

/* A comparison's anchors and a progress validation's errors, as mrlab validate writes them. */
static const char anchors[] =
    "comparison,claim,source,kind,seeds,published,simulated,ci95_low,ci95_high,difference,tolerance,agrees\n"
    "placement,Ratio placement against the other five,Table 3.5,mean_gain,5,17.300,28.400,25.100,31.700,11.100,5,no\n"
    "psp,PSP on Grep: one large file,Fig. 4.5,gain,5,9.100,22.800,20.000,25.600,13.700,5,no\n"
    "preshuffle,WordCount 1 GB in native Hadoop,Fig. 5.1,time,5,450.000,11.500,11.000,12.000,-97.444,15,no\n"
    "ratios,Grep ratio of node C,Table 3.4,ratio,1,3.300,2.790,,,-15.455,15,no\n"
    "threshold,Fast Ethernet: a small threshold is best,5.3,best,5,true,true,,,,,yes\n";
static const char progress[] =
    "workload,variant,indicator,seeds,samples,mean_error,mean_error_ci95_half,max_error,max_error_ci95_half,"
    "paper_mean,paper_max,paper_mean_within,paper_max_within,sketch_error,source\n"
    "join,uniform,hadoop,5,40.0,30.100,1.200,60.000,3.000,,,,,0.0000,\n"
    "join,uniform,nearestfit,5,40.0,0.800,0.100,2.000,0.500,0.600,2.000,no,yes,0.0000,Table 5\n"
    "join,skewed,hadoop,5,40.2,35.100,2.000,70.000,4.000,,,,,0.0100,\n"
    "join,skewed,nearestfit,5,40.2,1.800,0.900,4.000,1.500,2.600,5.000,yes,yes,0.0100,Table 5\n";

static void a_validation_is_plotted(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[4096], out[4096], plots[4096];
  snprintf(text, sizeof text, experiment, test_source_path("platforms/toy4.cfg"));
  const char *file = test_write_file(dir, "e.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  assert_int_equal(r.status, 0);
  for (int f = 0; f < 2; f++) {
    const char *format = f ? "svg" : "png";
    snprintf(plots, sizeof plots, "%s/plots-%s", dir, format);
    plot((const char *const[]){"plot", out, "-o", plots, "--format", format, NULL});
    assert_image(plots, "predictions", format);
    assert_image(plots, "accuracy", format);
    assert_image(plots, "leaderboard", format); /* grouped bars from leaderboard.csv */
    assert_int_equal(test_count_files(plots), 3);
  }
  /* the bars say what they are, and mrlab's own model is no paper's, in every picture that names it */
  const char *svg = test_read_file(plots, "leaderboard.svg");
  assert_non_null(strstr(svg, "mean over the seeds with its 95% interval"));
  static const char *const named[] = {"leaderboard.svg", "accuracy.svg", "predictions.svg"};
  for (int k = 0; k < 3; k++) {
    svg = test_read_file(plots, named[k]);
    if (!strstr(svg, "mrlab (unpublished)") || strstr(svg, "khan (unpublished)"))
      fail_msg("%s does not mark mrlab, and mrlab alone, unpublished", named[k]);
  }
  /* anchors and progress indicators */
  const char *other = test_tmpdir();
  char runs[4096];
  snprintf(runs, sizeof runs, "%s/runs", other);
  assert_int_equal(mkdir(runs, 0777), 0);
  test_write_file(other, "anchors.csv", anchors);
  test_write_file(other, "progress.csv", progress);
  for (int f = 0; f < 2; f++) {
    const char *format = f ? "svg" : "png";
    snprintf(plots, sizeof plots, "%s/plots-%s", dir, format);
    plot((const char *const[]){"plot", other, "-o", plots, "--format", format, NULL});
    assert_image(plots, "anchors", format);
    assert_image(plots, "indicators", format);
    assert_int_equal(test_count_files(plots), 2); /* the old pictures went with the old directory */
  }
  assert_non_null(strstr(test_read_file(plots, "indicators.svg"), "mean over the seeds with its 95% interval"));
}

/* mrlab plot DIR in a fresh directory PARENT fails with status 2 and the one line LINE, and writes nothing. */
static void assert_refused(const char *parent, const char *dir, const char *line)
{
  int before = test_count_files(parent);
  test_run r;
  test_run_mrlab(&r, parent, (const char *const[]){"plot", dir, NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.err, line);
  assert_int_equal(test_count_files(parent), before);
}

static void what_is_not_a_run_is_refused_in_one_line(void **state)
{
  (void)state;
  const char *parent = test_tmpdir();
  char dir[4096], line[8192];
  const char *cases[] = {"empty", "missing", "file", "tasks-only"};
  for (int k = 0; k < 4; k++) {
    snprintf(dir, sizeof dir, "%s/%s", parent, cases[k]);
    if (k == 0 || k == 3)
      assert_int_equal(mkdir(dir, 0777), 0);
    if (k == 2)
      test_write_file(parent, "file", "not a directory\n");
    if (k == 3)
      test_write_file(dir, "tasks.csv", test_read_file(small_run(), "tasks.csv"));
    snprintf(line, sizeof line,
             "mrlab: %s: expected a run directory (tasks.csv, jobs.csv), a run over seeds (seeds.csv, summary.csv) "
             "or a validation or comparison directory (runs/ and accuracy.csv, anchors.csv, variants.csv, "
             "progress.csv, replays.csv or roundtrips.csv)\n",
             dir);
    assert_refused(parent, dir, line);
  }
  /* a validation of one comparison whose claims are all yes or no: nothing to draw */
  snprintf(dir, sizeof dir, "%s/claims", parent);
  char runs[8192];
  snprintf(runs, sizeof runs, "%s/runs", dir);
  assert_int_equal(mkdir(dir, 0777) || mkdir(runs, 0777), 0);
  test_write_file(dir, "anchors.csv",
                  "comparison,claim,source,kind,seeds,published,simulated,ci95_low,ci95_high,difference,tolerance,"
                  "agrees\nthreshold,A small threshold is best,5.3,best,5,true,unclear,,,,,no\n");
  snprintf(line, sizeof line, "mrlab: %s: nothing to draw: its tables hold no figure that mrlab plot draws\n", dir);
  assert_refused(parent, dir, line);
  /* a run whose tables hold their header rows only: nothing to draw (not gnuplot's "x range is invalid") */
  snprintf(dir, sizeof dir, "%s/headers", parent);
  assert_int_equal(mkdir(dir, 0777), 0);
  const char *tables[] = {"tasks.csv", "jobs.csv", "utilisation.csv", "progress.csv"};
  for (int k = 0; k < 4; k++) {
    char header[65536];
    snprintf(header, sizeof header, "%s", test_read_file(small_run(), tables[k]));
    *(strchr(header, '\n') + 1) = '\0';
    test_write_file(dir, tables[k], header);
  }
  snprintf(line, sizeof line, "mrlab: %s: nothing to draw: its tables hold no figure that mrlab plot draws\n", dir);
  assert_refused(parent, dir, line);
  /* a run directory, without gnuplot on the PATH */
  snprintf(dir, sizeof dir, "%s/run", parent);
  assert_int_equal(mkdir(dir, 0777), 0);
  test_write_file(dir, "tasks.csv", test_read_file(small_run(), "tasks.csv"));
  test_write_file(dir, "jobs.csv", test_read_file(small_run(), "jobs.csv"));
  char *path = xstrdup(getenv("PATH"));
  setenv("PATH", parent, 1);
  assert_refused(parent, dir, "mrlab: gnuplot not found: install it (Debian: apt-get install gnuplot-nox)\n");
  setenv("PATH", path, 1);
  free(path);
}

/* A run of 300,000 attempts (1,000 hosts of 4 map lanes of 74 maps and 3
 * reduces each, written here from a small run's columns) is plotted with
 * its Gantt chart binned, as its title says, drawing far fewer boxes than
 * attempts (what keeps it to seconds; the suite times nothing, as a busy
 * machine would fail a timed test). */
static void a_large_run_is_binned(void **state)
{
  (void)state;
  const char *small = small_run();
  char dir[4096], path[4400], header[65536];
  snprintf(dir, sizeof dir, "%s/big", test_tmpdir());
  assert_int_equal(mkdir(dir, 0777), 0);
  test_write_file(dir, "jobs.csv", test_read_file(small, "jobs.csv"));
  test_csv *jobs = test_csv_in(small, "jobs.csv");
  char job[256];
  snprintf(job, sizeof job, "%s", test_csv_cell(jobs, 1, "job"));
  test_csv_free(jobs);
  snprintf(header, sizeof header, "%s", test_read_file(small, "tasks.csv"));
  *strchr(header, '\n') = '\0';
  const char *cols[64];
  int n_cols = 0;
  for (char *c = strtok(header, ","); c && n_cols < 64; c = strtok(NULL, ","))
    cols[n_cols++] = c;
  snprintf(path, sizeof path, "%s/tasks.csv", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  for (int c = 0; c < n_cols; c++)
    fprintf(f, "%s%s", c ? "," : "", cols[c]);
  fputc('\n', f);
  int rows = 0;
  for (int h = 0; h < 1000; h++)
    for (int lane = 0; lane < 7; lane++)
      for (int k = 0; k < (lane < 4 ? 74 : 1); k++, rows++) {
        int reduce = lane >= 4;
        double start = reduce ? 1500 : 20.0 * k + lane, d = reduce ? 300 : 19;
        const char *ends[2][4] = {{"read_end", "map_end", "spill_end", "merge_end"},
                                  {"shuffle_end", "sort_end", "reduce_end", "write_end"}};
        for (int c = 0; c < n_cols; c++) {
          char v[300] = "";
          if (strcmp(cols[c], "job") == 0)
            snprintf(v, sizeof v, "%s", job);
          else if (strcmp(cols[c], "kind") == 0)
            snprintf(v, sizeof v, "%s", reduce ? "reduce" : "map");
          else if (strcmp(cols[c], "host") == 0)
            snprintf(v, sizeof v, "worker-%d", h);
          else if (strcmp(cols[c], "status") == 0)
            snprintf(v, sizeof v, "SUCCEEDED");
          else if (strcmp(cols[c], "start") == 0)
            snprintf(v, sizeof v, "%.3f", start);
          else if (strcmp(cols[c], "end") == 0)
            snprintf(v, sizeof v, "%.3f", start + d);
          for (int p = 0; p < 4; p++)
            if (strcmp(cols[c], ends[reduce][p]) == 0)
              snprintf(v, sizeof v, "%.3f", start + d * (p + 1) / 4);
          fprintf(f, "%s%s", c ? "," : "", v);
        }
        fputc('\n', f);
      }
  assert_int_equal(fclose(f), 0);
  assert_int_equal(rows, 299000);
  char out[4200];
  snprintf(out, sizeof out, "%s-pictures", dir);
  plot((const char *const[]){"plot", dir, "-o", out, "--format", "svg", NULL});
  snprintf(path, sizeof path, "%s/gantt.svg", out);
  f = fopen(path, "r");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  char *svg = xmalloc((size_t)size + 1);
  svg[fread(svg, 1, (size_t)size, f)] = '\0';
  fclose(f);
  assert_non_null(strstr(svg, "(binned: "));
  int boxes = svg_boxes(svg, "map: read") + svg_boxes(svg, "reduce: shuffle");
  free(svg);
  if (!(boxes > 270 && boxes < 60000)) /* something in every picture row, far fewer than the attempts */
    fail_msg("%d boxes of map: read and reduce: shuffle for %d attempts", boxes, rows);
}

static void a_comparison_and_a_run_over_seeds_are_plotted(void **state)
{
  (void)state;
  test_run r;
  const char *dir = test_small_comparison();
  char cmp[4096], plots[4096], seeds[4096];
  snprintf(cmp, sizeof cmp, "%s/cmp", dir);
  assert_image(cmp, "variants-ts", "png"); /* mrlab compare draws its own */
  snprintf(plots, sizeof plots, "%s/cmp-svg", dir);
  plot((const char *const[]){"plot", cmp, "-o", plots, "--format", "svg", NULL});
  assert_image(plots, "variants-ts", "svg");
  assert_int_equal(test_count_files(plots), 1);
  /* every variant, and the verdict beside the difference, with its error bar */
  test_csv *v = test_csv_in(cmp, "variants.csv");
  const char *svg = test_read_file(plots, "variants-ts.svg");
  for (int row = 1; row < v->n_rows; row++)
    assert_non_null(strstr(svg, test_csv_cell(v, row, "variant")));
  assert_non_null(strstr(svg, ">baseline<"));
  char verdict[128];
  snprintf(verdict, sizeof verdict, ">%s<", test_csv_cell(v, 2, "verdict"));
  assert_non_null(strstr(svg, verdict));
  test_csv_free(v);
  /* a run over seeds: each job's time and the makespan, seed by seed */
  test_run_mrlab(
      &r, dir,
      (const char *[]){"run", test_source_path("platforms/toy4.cfg"), "ts.cfg", "--seeds", "3", "-o", "seeds", NULL});
  assert_int_equal(r.status, 0);
  snprintf(seeds, sizeof seeds, "%s/seeds", dir);
  snprintf(plots, sizeof plots, "%s/seeds-plots", dir);
  for (int f = 0; f < 2; f++) {
    const char *format = f ? "svg" : "png";
    plot((const char *const[]){"plot", seeds, "--format", format, NULL});
    assert_image(plots, "seeds", format);
    assert_int_equal(test_count_files(plots), 1);
  }
  assert_non_null(strstr(test_read_file(plots, "seeds.svg"), ">makespan<"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(utilisation_lies_in_0_1_and_adds_up_to_the_summary),
      cmocka_unit_test(utilisation_sampling_changes_nothing_else),
      cmocka_unit_test(host_utilisation_adds_up_to_the_summary),
      cmocka_unit_test(a_run_is_plotted),
      cmocka_unit_test(jobs_and_idle_hosts_are_told),
      cmocka_unit_test(a_validation_is_plotted),
      cmocka_unit_test(a_comparison_and_a_run_over_seeds_are_plotted),
      cmocka_unit_test(what_is_not_a_run_is_refused_in_one_line),
      cmocka_unit_test(a_large_run_is_binned),
  };
  TEST_MAIN(tests);
}
