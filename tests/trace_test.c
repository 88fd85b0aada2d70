/* trace_test.c - `mrlab run --trace` writes trace.paje, a valid Paje trace
 * of the run's attempts: pajeng's pj_dump reads it (when installed), and
 * the test reads it too: a header of event definitions, lines in time
 * order, every container created before use and destroyed at the end,
 * every pushed state popped in order on its lane, one state per attempt of
 * tasks.csv with its times, and its phases nested in it with the
 * durations tasks.csv gives.  A seed gives the same trace; without
 * --trace there is none. */
#include "test.h"
#include "units.h"

#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 8

/* A state as the trace gives it: pushed on a lane, popped later. */
typedef struct {
  char attempt[96], value[64]; /* the push's Attempt field, its value's name */
  int depth;                   /* 0: an attempt; 1: one of its phases */
  double start, end;
} trace_state;

typedef struct {
  trace_state *states;
  int n_states;
} trace;

/* An event definition of the header: its name and its fields' names. */
typedef struct {
  char name[64], fields[MAX_FIELDS][32];
  int n_fields;
} event_def;

typedef struct {
  char alias[64], parent[64];
  int alive, depth; /* created and not destroyed; states on its stack */
  trace_state stack[4];
} container;

/* Splits LINE into at most MAX fields at blanks, a double-quoted field
 * whole; returns how many. */
static int split(char *line, char **tok, int max)
{
  int n = 0;
  for (char *p = line; *p;) {
    while (*p == ' ' || *p == '\t' || *p == '\n')
      *p++ = '\0';
    if (!*p)
      break;
    if (n == max)
      return max + 1;
    if (*p == '"') {
      tok[n++] = ++p;
      while (*p && *p != '"')
        p++;
      if (*p)
        *p++ = '\0';
    } else {
      tok[n++] = p;
      while (*p && *p != ' ' && *p != '\t' && *p != '\n')
        p++;
    }
  }
  return n;
}

/* The value of field NAME of an event of definition D, or NULL. */
static const char *field(const event_def *d, char **tok, const char *name)
{
  for (int k = 0; k < d->n_fields; k++)
    if (strcmp(d->fields[k], name) == 0)
      return tok[k + 1];
  return NULL;
}

/* The value of field NAME, which an event of definition D must have. */
static const char *required(const event_def *d, char **tok, const char *name)
{
  const char *v = field(d, tok, name);
  if (!v)
    fail_msg("%s: no field %s", d->name, name);
  return v ? v : "";
}

static container *find(container *c, int n, const char *alias)
{
  for (int k = 0; k < n; k++)
    if (strcmp(c[k].alias, alias) == 0)
      return &c[k];
  return NULL;
}

/* Reads DIR/trace.paje, failing the test where it breaks Paje's rules. */
static trace *trace_read(const char *dir)
{
  char path[4200];
  snprintf(path, sizeof path, "%s/trace.paje", dir);
  FILE *f = fopen(path, "r");
  if (!f)
    fail_msg("%s: missing", path);
  event_def defs[16];
  int n_defs = 0, in_def = 0, body = 0, n_c = 0, line_no = 0;
  char values[32][2][64]; /* alias, name */
  int n_values = 0;
  container *c = calloc(4096, sizeof *c);
  trace *t = calloc(1, sizeof *t);
  t->states = calloc(65536, sizeof *t->states);
  double last = 0;
  char *line = NULL;
  size_t cap = 0;
  while (getline(&line, &cap, f) > 0) {
    line_no++;
    char *tok[MAX_FIELDS + 2];
    if (line[0] == '%') { /* the header: %EventDef NAME ID, %<tab>FIELD TYPE lines, %EndEventDef */
      if (body)
        fail_msg("%s:%d: an event definition after the first event", path, line_no);
      int n = split(line + 1, tok, MAX_FIELDS);
      if (n == 3 && strcmp(tok[0], "EventDef") == 0 && !in_def) {
        assert_int_equal(atoi(tok[2]), n_defs);
        snprintf(defs[n_defs].name, sizeof defs[0].name, "%s", tok[1]);
        defs[n_defs].n_fields = 0;
        in_def = 1;
      } else if (n == 1 && strcmp(tok[0], "EndEventDef") == 0 && in_def) {
        in_def = 0;
        n_defs++;
      } else if (n == 2 && in_def && defs[n_defs].n_fields < MAX_FIELDS) {
        snprintf(defs[n_defs].fields[defs[n_defs].n_fields++], sizeof defs[0].fields[0], "%s", tok[0]);
      } else
        fail_msg("%s:%d: not a header line: %s", path, line_no, line);
      continue;
    }
    if (in_def)
      fail_msg("%s:%d: an event inside an event definition", path, line_no);
    body = 1;
    int n = split(line, tok, MAX_FIELDS + 1);
    if (n == 0)
      continue;
    int id = atoi(tok[0]);
    if (id < 0 || id >= n_defs || n != defs[id].n_fields + 1)
      fail_msg("%s:%d: not an event of the header: %s", path, line_no, line);
    const event_def *d = &defs[id];
    const char *time = field(d, tok, "Time");
    if (time) {
      double now = strtod(time, NULL);
      if (now < last)
        fail_msg("%s:%d: time %s before %.9f: not in time order", path, line_no, time, last);
      last = now;
    }
    if (strcmp(d->name, "PajeDefineEntityValue") == 0 && n_values < 32) {
      snprintf(values[n_values][0], 64, "%s", required(d, tok, "Alias"));
      snprintf(values[n_values++][1], 64, "%s", required(d, tok, "Name"));
    } else if (strcmp(d->name, "PajeCreateContainer") == 0) {
      const char *alias = required(d, tok, "Alias"), *parent = required(d, tok, "Container");
      container *p = find(c, n_c, parent);
      if (strcmp(parent, "0") != 0 && !(p && p->alive))
        fail_msg("%s:%d: container %s created in %s, which does not exist", path, line_no, alias, parent);
      if (find(c, n_c, alias))
        fail_msg("%s:%d: container %s created twice", path, line_no, alias);
      assert_true(n_c < 4096);
      snprintf(c[n_c].alias, sizeof c[0].alias, "%s", alias);
      snprintf(c[n_c].parent, sizeof c[0].parent, "%s", parent);
      c[n_c++].alive = 1;
    } else if (strcmp(d->name, "PajeDestroyContainer") == 0) {
      container *k = find(c, n_c, required(d, tok, "Name"));
      if (!k || !k->alive || k->depth)
        fail_msg("%s:%d: destroys a container that does not exist or holds a pushed state", path, line_no);
      for (int i = 0; i < n_c; i++)
        if (c[i].alive && strcmp(c[i].parent, k->alias) == 0)
          fail_msg("%s:%d: destroys %s before its container %s", path, line_no, k->alias, c[i].alias);
      k->alive = 0;
    } else if (strcmp(d->name, "PajePushState") == 0) {
      container *k = find(c, n_c, required(d, tok, "Container"));
      if (!k || !k->alive || k->depth == 4)
        fail_msg("%s:%d: a push on a container that does not exist (or too deep)", path, line_no);
      trace_state *s = &k->stack[k->depth++];
      const char *value = required(d, tok, "Value"), *attempt = field(d, tok, "Attempt");
      snprintf(s->value, sizeof s->value, "?%s", value);
      for (int v = 0; v < n_values; v++)
        if (strcmp(values[v][0], value) == 0)
          snprintf(s->value, sizeof s->value, "%s", values[v][1]);
      snprintf(s->attempt, sizeof s->attempt, "%s", attempt ? attempt : "");
      s->start = last;
    } else if (strcmp(d->name, "PajePopState") == 0) {
      container *k = find(c, n_c, required(d, tok, "Container"));
      if (!k || !k->alive || !k->depth)
        fail_msg("%s:%d: a pop without a pushed state", path, line_no);
      assert_true(t->n_states < 65536);
      trace_state *s = &t->states[t->n_states++];
      *s = k->stack[--k->depth];
      s->depth = k->depth;
      s->end = last;
    }
  }
  free(line);
  fclose(f);
  if (!body || n_defs == 0)
    fail_msg("%s: no header or no events", path);
  for (int i = 0; i < n_c; i++)
    if (c[i].alive)
      fail_msg("%s: container %s never destroyed", path, c[i].alias);
  free(c);
  return t;
}

static void trace_free(trace *t)
{
  free(t->states);
  free(t);
}

/* Checks T against the run's tasks.csv and jobs.csv in DIR: one state a
 * row with its start, end and status, holding its phases (start-up, then
 * its kind's, each cut at the attempt's end, the empty ones left out). */
static void check_against_tasks(const trace *t, const char *dir)
{
  test_csv *tasks = test_csv_in(dir, "tasks.csv"), *jobs = test_csv_in(dir, "jobs.csv");
  int attempts = 0;
  for (int k = 0; k < t->n_states; k++)
    attempts += t->states[k].depth == 0;
  assert_int_equal(attempts, tasks->n_rows - 1);
  for (int row = 1; row < tasks->n_rows; row++) {
    char id[96];
    const char *job = test_csv_cell(tasks, row, "job");
    snprintf(id, sizeof id, "%s/%s_%s", job, test_csv_cell(tasks, row, "task"), test_csv_cell(tasks, row, "attempt"));
    int map = strcmp(test_csv_cell(tasks, row, "kind"), "map") == 0, found = 0, n_phases = 0;
    double start = test_csv_num(tasks, row, "start"), end = test_csv_num(tasks, row, "end"), startup = 0;
    const trace_state *phases[8];
    for (int k = 0; k < t->n_states; k++) {
      const trace_state *s = &t->states[k];
      if (strcmp(s->attempt, id) != 0)
        continue;
      if (s->depth == 0) {
        found++;
        assert_close(s->start, start, 1e-9);
        assert_close(s->end, end, 1e-9);
        assert_string_equal(s->value, strcmp(test_csv_cell(tasks, row, "status"), "KILLED") == 0 ? "killed attempt"
                                      : map                                                      ? "map attempt"
                                                                                                 : "reduce attempt");
      } else {
        assert_int_equal(s->depth, 1);
        assert_true(n_phases < 8);
        phases[n_phases++] = s;
      }
    }
    if (found != 1)
      fail_msg("%s: %d states in the trace, expected 1", id, found);
    int reducers = 0;
    for (int j = 1; j < jobs->n_rows; j++)
      if (strcmp(test_csv_cell(jobs, j, "job"), job) == 0) {
        assert_int_equal(units_parse(UNITS_TIME, test_csv_cell(jobs, j, "mrlab.task.startup"), &startup), 0);
        reducers = (int)test_csv_num(jobs, j, "reduces");
      }
    /* the phases tasks.csv gives: start-up, the kind's four, a map-only job's map's write */
    static const char *const names[2][5] = {{"map: read", "map: map", "map: spill", "map: merge", "map: write"},
                                            {"reduce: shuffle", "reduce: sort", "reduce: reduce", "reduce: write"}};
    static const char *const columns[2][5] = {{"read_end", "map_end", "spill_end", "merge_end", "write_end"},
                                              {"shuffle_end", "sort_end", "reduce_end", "write_end"}};
    int m = 0;
    double from = start;
    for (int p = -1; p < (map && !reducers ? 5 : 4); p++) {
      double to = p < 0 ? start + startup : test_csv_num(tasks, row, columns[!map][p]);
      to = to < end ? to : end;
      if (!(to > from))
        continue;
      if (m >= n_phases)
        fail_msg("%s: %d phases in the trace, tasks.csv has more", id, n_phases);
      assert_string_equal(phases[m]->value, p < 0 ? "start-up" : names[!map][p]);
      assert_close(phases[m]->start, from, 1e-9);
      assert_close(phases[m]->end - phases[m]->start, to - from, 1e-9);
      m++;
      from = to;
    }
    if (m != n_phases)
      fail_msg("%s: %d phases in the trace, expected %d", id, n_phases, m);
  }
  test_csv_free(tasks);
  test_csv_free(jobs);
}

/* Whether pajeng's pj_dump is installed. */
static int have_pj_dump(void)
{
  return system("command -v pj_dump >/dev/null 2>&1") == 0;
}

/* Runs pj_dump on DIR/trace.paje, failing the test if it refuses it;
 * returns the states it found at the attempts' level (imbrication 0). */
static int pj_dump_attempts(const char *dir)
{
  char cmd[8600], err[4200];
  snprintf(err, sizeof err, "%s/pj_dump.err", dir);
  snprintf(cmd, sizeof cmd, "pj_dump '%s/trace.paje' 2>'%s'", dir, err);
  FILE *p = popen(cmd, "r");
  assert_non_null(p);
  char line[1024];
  int states = 0;
  while (fgets(line, sizeof line, p)) {
    char *tok[9];
    if (strncmp(line, "State,", 6) != 0)
      continue;
    int n = 0;
    for (char *s = strtok(line, ","); s && n < 9; s = strtok(NULL, ","))
      tok[n++] = s;
    states += n == 8 && strtod(tok[6], NULL) == 0;
  }
  int status = pclose(p);
  if (status != 0)
    fail_msg("pj_dump refused the trace (status %d): %s", status, test_read_file(dir, "pj_dump.err"));
  remove(err);
  return states;
}

/* Runs WORKLOAD on PLATFORM with --trace and checks the trace; returns the run's directory. */
static const char *run_and_check(const char *platform, const char *workload, const char *const *more)
{
  static char out[4096];
  const char *args[16] = {"--trace"};
  for (int k = 0; more && more[k]; k++)
    args[k + 1] = more[k];
  snprintf(out, sizeof out, "%s", test_simulate(platform, workload, args));
  trace *t = trace_read(out);
  check_against_tasks(t, out);
  trace_free(t);
  return out;
}

static const char sort_job[] = "jobs = ( { name = \"sort\"; input = \"10GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                               " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 16; skew = 0.2; } );\n";

static void a_run_on_hetero16_traces_each_attempt_and_its_phases(void **state)
{
  (void)state;
  run_and_check(test_source_path("platforms/hetero16.cfg"), sort_job, NULL);
}

static void killed_attempts_and_map_only_jobs_are_traced(void **state)
{
  (void)state;
  /* a CPU-bound map on a slow 1 Gf node gets a twin elsewhere, which wins (speculation_test.c) */
  static const char cluster[] =
      "name = \"lab\";\n"
      "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
      "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
      "node_classes = ( { name = \"f\"; count = 4; racks = [\"r1\"]; cores = 4; speed = \"10Gf\"; memory = \"16GiB\";"
      " disks = ( { read = \"1GBps\"; write = \"1GBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };"
      " slots = { map = 4; reduce = 1; }; },"
      " { name = \"s\"; count = 1; racks = [\"r1\"]; cores = 1; speed = \"1Gf\"; memory = \"16GiB\";"
      " disks = ( { read = \"1GBps\"; write = \"1GBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };"
      " slots = { map = 1; reduce = 1; }; } );\n"
      "master = { class = \"f\"; rack = \"r1\"; };\n"
      "settings = [ \"mrlab.scheduler=yarn-fair\" ];\n";
  static const char spec[] = "jobs = ( { name = \"spec\"; input = \"2GiB\"; map_cost = 500.0; map_selectivity = 0.01;"
                             " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;"
                             " set = [ \"dfs.replication=1\", \"mapreduce.job.reduce.slowstart.completedmaps=1.0\" ]; "
                             "} );\n";
  const char *dir = run_and_check(cluster, spec, NULL);
  test_csv *tasks = test_csv_in(dir, "tasks.csv");
  int killed = 0;
  for (int row = 1; row < tasks->n_rows; row++)
    killed += strcmp(test_csv_cell(tasks, row, "status"), "KILLED") == 0;
  assert_true(killed > 0);
  test_csv_free(tasks);
  /* a map-only job: its maps write to HDFS */
  static const char grep[] = "jobs = ( { name = \"grep\"; input = \"2GB\"; map_cost = 5.0; map_selectivity = 0.01;"
                             " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 0; } );\n";
  run_and_check(test_source_path("platforms/hetero16.cfg"), grep, NULL);
}

static void an_attempt_may_start_as_the_one_before_it_on_its_lane_ends(void **state)
{
  (void)state;
  /* PSP (mrlab.prefetch): a tracker starts its reserved map the moment its map before ends (prefetch_test.c) */
  static const char cluster[] =
      "name = \"psp\";\n"
      "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
      "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
      "node_classes = ( { name = \"n\"; count = 4; racks = [\"r1\"]; cores = 2; speed = \"1Gf\"; memory = \"2GiB\";"
      " disks = ( { read = \"70MBps\"; write = \"60MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"100us\"; };"
      " slots = { map = 2; reduce = 1; }; } );\n"
      "master = { class = \"n\"; rack = \"r1\"; };\n"
      "settings = [ \"mapreduce.cluster.mapmemory.mb=200\", \"mapreduce.cluster.reducememory.mb=200\","
      " \"mapreduce.tasktracker.outofband.heartbeat=true\" ];\n";
  static const char job[] = "jobs = ( { name = \"j\"; input = \"2GB\"; map_cost = 40.0; map_selectivity = 0.01;"
                            " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;"
                            " set = [ \"dfs.blocksize=64m\", \"dfs.replication=1\", \"mrlab.prefetch=true\" ]; } );\n";
  const char *dir = run_and_check(cluster, job, NULL);
  test_csv *t = test_csv_in(dir, "tasks.csv");
  int back_to_back = 0; /* attempts that start when another of their host and kind ends */
  for (int a = 1; a < t->n_rows; a++)
    for (int b = 1; b < t->n_rows; b++)
      back_to_back += strcmp(test_csv_cell(t, a, "host"), test_csv_cell(t, b, "host")) == 0 &&
                      strcmp(test_csv_cell(t, a, "kind"), test_csv_cell(t, b, "kind")) == 0 &&
                      strcmp(test_csv_cell(t, a, "end"), test_csv_cell(t, b, "start")) == 0;
  assert_true(back_to_back > 0);
  test_csv_free(t);
}

static void pj_dump_reads_the_trace(void **state)
{
  (void)state;
  if (!have_pj_dump()) { /* passes with the reason: cmocka 1.1's skip() prints "not ok", which prove counts failed */
    print_message("# skipped: pj_dump not found (Debian package pajeng), so pajeng did not read trace.paje\n");
    return;
  }
  const char *dir = run_and_check(test_source_path("platforms/hetero16.cfg"), sort_job, NULL);
  test_csv *tasks = test_csv_in(dir, "tasks.csv");
  assert_int_equal(pj_dump_attempts(dir), tasks->n_rows - 1);
  test_csv_free(tasks);
}

static void a_seed_gives_the_same_trace(void **state)
{
  (void)state;
  const char *seed[] = {"--seed", "7", NULL};
  char a[4096];
  snprintf(a, sizeof a, "%s", run_and_check(test_source_path("platforms/hetero16.cfg"), sort_job, seed));
  const char *b = run_and_check(test_source_path("platforms/hetero16.cfg"), sort_job, seed);
  assert_true(test_same_file(a, b, "trace.paje"));
}

static void without_trace_there_is_no_trace_file(void **state)
{
  (void)state;
  const char *dir = test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, NULL);
  char path[4200];
  snprintf(path, sizeof path, "%s/trace.paje", dir);
  FILE *f = fopen(path, "r");
  assert_null(f);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_run_on_hetero16_traces_each_attempt_and_its_phases),
      cmocka_unit_test(killed_attempts_and_map_only_jobs_are_traced),
      cmocka_unit_test(an_attempt_may_start_as_the_one_before_it_on_its_lane_ends),
      cmocka_unit_test(pj_dump_reads_the_trace),
      cmocka_unit_test(a_seed_gives_the_same_trace),
      cmocka_unit_test(without_trace_there_is_no_trace_file),
  };
  TEST_MAIN(tests);
}
