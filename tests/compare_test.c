/* compare_test.c - comparisons in `mrlab validate`: each variant runs as
 * its settings say, anchors.csv holds the gains, ratios, times and
 * best/worst flags that the runs' own jobs.csv imply, and a bad
 * comparison gets one line naming file and line, exit 2, no directory. */
#include "test.h"

#include <string.h>

static const char comparisons[] =
    "comparisons = (\n"
    "  { name = \"toy\"; platform = \"%s\";\n"
    "    job = { generator = \"terasort\"; input = \"1GB\"; reducers = 4; seed = 1; set = [\"dfs.replication=1\"]; };\n"
    "    variants = (\n"
    "      { name = \"spread\"; },\n"
    "      { name = \"one\"; job = { placement = { worker-1 = 1.0; }; }; },\n"
    "      { name = \"big\"; set = [\"dfs.blocksize=256m\"]; },\n"
    "      { name = \"slow\"; nic = \"100Mbps\"; }\n"
    "    );\n"
    "    anchors = (\n"
    "      { claim = \"spread against one node\"; source = \"t\"; kind = \"gain\"; variant = \"spread\"; baseline = "
    "\"one\"; published = 30; },\n"
    "      { claim = \"spread on average\"; source = \"t\"; kind = \"mean_gain\"; variant = \"spread\"; baselines = "
    "[\"one\", \"big\"]; },\n"
    "      { claim = \"one over spread\"; source = \"t\"; kind = \"ratio\"; variant = \"one\"; baseline = \"spread\"; "
    "published = 2.0; tolerance = 60; },\n"
    "      { claim = \"map phase\"; source = \"t\"; kind = \"time\"; variant = \"spread\"; quantity = \"map_phase\"; "
    "published = 10; },\n"
    "      { claim = \"job\"; source = \"t\"; kind = \"time\"; variant = \"big\"; published = 20; },\n"
    "      { claim = \"spread is best\"; source = \"t\"; kind = \"best\"; variant = \"spread\"; published = true; },\n"
    "      { claim = \"slow is worst\"; source = \"t\"; kind = \"worst\"; variant = \"slow\"; published = true; },\n"
    "      { claim = \"one is worst\"; source = \"t\"; kind = \"worst\"; variant = \"one\"; published = true; },\n"
    "      { claim = \"pairs\"; source = \"t\"; kind = \"mean_gain\"; variants = [\"spread\", \"big\"]; baselines = "
    "[\"one\", \"slow\"]; published = 12; }\n"
    "    );\n"
    "  }\n"
    ");\n";

enum { N_VARIANTS = 4 };
static const char *const variants[N_VARIANTS] = {"spread", "one", "big", "slow"};

/* Job time (end - submit) and map phase (map_phase_end - start) of variant V's run in OUT. */
static void run_times(const char *out, const char *v, double *t, double *map, double *maps)
{
  char dir[8192];
  snprintf(dir, sizeof dir, "%s/runs/toy/%s", out, v);
  test_csv *jobs = test_csv_in(dir, "jobs.csv");
  *t = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "submit");
  *map = test_csv_num(jobs, 1, "map_phase_end") - test_csv_num(jobs, 1, "start");
  *maps = test_csv_num(jobs, 1, "maps");
  test_csv_free(jobs);
}

static void the_anchors_are_what_the_runs_imply(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[8192], out[4096];
  snprintf(text, sizeof text, comparisons, test_source_path("platforms/toy4.cfg"));
  const char *file = test_write_file(dir, "c.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_non_null(strstr(r.out, "| toy | spread against one node | t | 30.0% |"));
  assert_string_equal(r.out, test_read_file(out, "anchors.md"));
  double t[N_VARIANTS], map[N_VARIANTS], maps[N_VARIANTS];
  for (int v = 0; v < N_VARIANTS; v++)
    run_times(out, variants[v], &t[v], &map[v], &maps[v]);
  /* each variant ran as it says: 256 MB blocks give 4 maps of 1 GB, a 100 Mbps NIC slows the job */
  assert_close(maps[2], 4, 0);
  assert_true(maps[0] > 4);
  assert_true(t[3] > t[0]);
  int best = 0, worst = 0, n_best = 0, n_worst = 0; /* strictly: -1 when two variants tie */
  for (int v = 1; v < N_VARIANTS; v++) {
    best = t[v] < t[best] ? v : best;
    worst = t[v] > t[worst] ? v : worst;
  }
  for (int v = 0; v < N_VARIANTS; v++) {
    n_best += t[v] == t[best];
    n_worst += t[v] == t[worst];
  }
  best = n_best > 1 ? -1 : best;
  worst = n_worst > 1 ? -1 : worst;
  double gain_one = 100 * (t[1] - t[0]) / t[1], gain_big = 100 * (t[2] - t[0]) / t[2];
  const struct {
    double simulated, published, difference;
    const char *agrees;
  } want[] = {
      {gain_one, 30, gain_one - 30, fabs(gain_one - 30) <= 5 ? "yes" : "no"},
      {(gain_one + gain_big) / 2, NAN, NAN, ""},
      {t[1] / t[0], 2, 100 * (t[1] / t[0] - 2) / 2, fabs(100 * (t[1] / t[0] - 2) / 2) <= 60 ? "yes" : "no"},
      {map[0], 10, 100 * (map[0] - 10) / 10, fabs(100 * (map[0] - 10) / 10) <= 15 ? "yes" : "no"},
      {t[2], 20, 100 * (t[2] - 20) / 20, fabs(100 * (t[2] - 20) / 20) <= 15 ? "yes" : "no"},
  };
  test_csv *a = test_csv_in(out, "anchors.csv");
  assert_int_equal(a->n_rows, 10);
  for (int i = 0; i < 5; i++) {
    assert_string_equal(test_csv_cell(a, i + 1, "comparison"), "toy");
    assert_close(test_csv_num(a, i + 1, "simulated"), want[i].simulated, 2e-3);
    if (isnan(want[i].published)) {
      assert_string_equal(test_csv_cell(a, i + 1, "published"), "");
      assert_string_equal(test_csv_cell(a, i + 1, "difference"), "");
    } else {
      assert_close(test_csv_num(a, i + 1, "published"), want[i].published, 1e-9);
      assert_close(test_csv_num(a, i + 1, "difference"), want[i].difference, 2e-3);
    }
    assert_string_equal(test_csv_cell(a, i + 1, "agrees"), want[i].agrees);
  }
  assert_string_equal(test_csv_cell(a, 6, "kind"), "best");
  assert_string_equal(test_csv_cell(a, 6, "simulated"), best == 0 ? "true" : "false");
  assert_string_equal(test_csv_cell(a, 7, "simulated"), worst == 3 ? "true" : "false");
  assert_string_equal(test_csv_cell(a, 8, "simulated"), worst == 1 ? "true" : "false");
  /* the two worst anchors cannot both hold */
  assert_string_not_equal(test_csv_cell(a, 7, "simulated"), test_csv_cell(a, 8, "simulated"));
  assert_string_equal(test_csv_cell(a, 8, "agrees"), worst == 1 ? "yes" : "no");
  /* a sweep's average: each variant against its own baseline */
  double pairs = (gain_one + 100 * (t[3] - t[2]) / t[3]) / 2;
  assert_close(test_csv_num(a, 9, "simulated"), pairs, 2e-3);
  assert_close(test_csv_num(a, 9, "difference"), pairs - 12, 2e-3);
  test_csv_free(a);
}

static void bad_comparisons_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *from, *to, *says;
  } cases[] = {
      {"{ name = \"big\"; set", "{ name = \"big\"; sett",
       "c.cfg:7: comparisons[0].variants[2].sett: unknown setting; did you mean \"set\"?"},
      {"variants = (", "variantz = (", "c.cfg:4: comparisons[0].variantz: unknown setting; did you mean \"variants\"?"},
      {"baseline = \"one\"; published = 30", "baseline = \"none\"; published = 30",
       "c.cfg:11: comparisons[0].anchors[0].baseline: expected the name of a variant of comparison toy, got \"none\""},
      {"variant = \"big\"; published = 20", "variant = \"bog\"; published = 20",
       "c.cfg:15: comparisons[0].anchors[4].variant: expected the name of a variant of comparison toy, got \"bog\""},
      {"kind = \"ratio\"", "kind = \"speedup\"",
       "c.cfg:13: comparisons[0].anchors[2].kind: expected one of gain, mean_gain, ratio, time, best, worst, boe, got "
       "\"speedup\""},
      {"{ name = \"slow\";", "{ name = \"one\";",
       "c.cfg:8: comparisons[0].variants[3].name: expected a name of its own; variant 2 has it"},
      {"variants = [\"spread\", \"big\"]", "variants = [\"spread\"]",
       "c.cfg:19: comparisons[0].anchors[8].variants: expected as many variants as baselines (2), each set against its "
       "own, got 1"},
      {"  }\n);\n",
       "  }\n);\nexperiments = ( { name = \"toy\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/toy4.cfg\";\n"
       "  job = { generator = \"terasort\"; }; history = { inputs = [\"1GB\"]; reducers = [2]; };\n"
       "  targets = { inputs = [\"1GB\"]; reducers = [2]; }; } );\n",
       "c.cfg:2: comparisons[0].name: expected a name of its own; experiment 1 has it"},
      {"quantity = \"map_phase\"", "quantity = \"reduce_phase\"",
       "c.cfg:14: comparisons[0].anchors[3].quantity: expected \"job\", \"map_phase\", \"map_task\", \"shuffle_task\" "
       "or \"reduce_task\", got \"reduce_phase\""},
      {"kind = \"gain\"; variant = \"spread\"; baseline", "kind = \"time\"; variant = \"spread\"; baseline",
       "c.cfg:11: comparisons[0].anchors[0].baseline: unknown setting"},
      {"{ name = \"spread\"; }", "{ name = \"spread\"; workers = [\"worker\", \"worker-9\"]; }",
       "c.cfg:5: comparisons[0].variants[0].workers: expected node classes or workers of the platform, got "
       "\"worker-9\""},
      {"nic = \"100Mbps\"", "nic = \"100MB\"", "c.cfg:8: comparisons[0].variants[3].nic: expected"},
      {"published = true; },\n      { claim = \"slow", "published = 1; },\n      { claim = \"slow",
       "c.cfg:16: comparisons[0].anchors[5].published: expected published = true"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[8192];
    snprintf(text, sizeof text, comparisons, test_source_path("platforms/toy4.cfg"));
    test_validate_refuses(text, "c.cfg", cases[i].from, cases[i].to, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_anchors_are_what_the_runs_imply),
      cmocka_unit_test(bad_comparisons_are_refused),
  };
  TEST_MAIN(tests);
}
