/* hadoop1_test.c - hadoop1_read, the reader of Hadoop 1's job history
 * files: the fixtures in tests/fixtures/hadoop1/, written by hand in the
 * format Hadoop 1.x's JobTracker writes, read back field by field (a
 * successful word count in Hadoop 1.2's shape, with LOCALITY and AVATAAR,
 * whose maps had a failed and a killed speculative attempt; a failed job
 * and a file that stops while its job runs, in 0.20's shape; a file of
 * unknown record types, keys and counters and of escaped names); and each
 * kind of bad input refused with one message "PATH:LINE: expected ...",
 * nothing returned (the sanitizer build checks that nothing leaks). */
#include "test.h"

#include "history.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FIXTURES "tests/fixtures/hadoop1/"
#define T0 1357041600000LL /* the word count's submit time, ms */

static history_job *read_fixture(const char *name, history_skips *skips)
{
  char err[1024] = "", path[4096];
  snprintf(path, sizeof path, "%s", test_source_path(FIXTURES));
  strncat(path, name, sizeof path - strlen(path) - 1);
  history_job *j = hadoop1_read(path, skips, err, sizeof err);
  if (!j)
    fail_msg("%s", err);
  assert_string_equal(j->path, path);
  return j;
}

/* The attempt of J of KIND, TASK and NUMBER, failing the test if J has none (history_job_attempt would add it). */
static const history_attempt *attempt_of(const history_job *j, history_kind kind, int task, int number)
{
  for (int k = 0; k < j->n_attempts; k++)
    if (j->attempts[k].kind == kind && j->attempts[k].task == task && j->attempts[k].number == number)
      return &j->attempts[k];
  fail_msg("no attempt %c %d %d", kind == HISTORY_MAP ? 'm' : 'r', task, number);
  return NULL;
}

/* What the tests expect of an attempt: its times from T0, -1 for "not recorded" (written as -1 here too). */
typedef struct {
  history_kind kind;
  int task, number;
  history_status status;
  const char *host, *rack;
  long long start, finish, shuffle, sort;
  const char *error; /* the start of its diagnostics */
  history_locality locality;
  int speculative;
} expected_attempt;

static long long at(long long t)
{
  return t < 0 ? -1 : T0 + t;
}

static void check_attempt(const history_job *j, const expected_attempt *e, long long t0)
{
  const history_attempt *a = attempt_of(j, e->kind, e->task, e->number);
  assert_int_equal(a->status, e->status);
  assert_int_equal(a->speculative, e->speculative);
  assert_int_equal(a->locality, e->locality);
  if (e->host)
    assert_string_equal(a->host, e->host);
  else
    assert_null(a->host);
  if (e->rack)
    assert_string_equal(a->rack, e->rack);
  else
    assert_null(a->rack);
  assert_int_equal(a->start, e->start < 0 ? -1 : t0 + e->start);
  assert_int_equal(a->finish, e->finish < 0 ? -1 : t0 + e->finish);
  assert_int_equal(a->map_finish, -1);
  assert_int_equal(a->shuffle_finish, e->shuffle < 0 ? -1 : t0 + e->shuffle);
  assert_int_equal(a->sort_finish, e->sort < 0 ? -1 : t0 + e->sort);
  if (e->error)
    assert_true(a->error && strncmp(a->error, e->error, strlen(e->error)) == 0);
  else
    assert_null(a->error);
}

/* Fails unless the counters of A are VALUES where given and -1 elsewhere (VALUES: HC_N of them, 0 = -1). */
static void check_counters(const history_attempt *a, const int64_t *values)
{
  for (int k = 0; k < HC_N; k++)
    if (a->counters[k] != (values[k] ? values[k] : -1))
      fail_msg("%s: %lld, expected %lld", history_counter_names[k], (long long)a->counters[k],
               (long long)(values[k] ? values[k] : -1));
}

static void successful_job_reads_back_whole(void **state)
{
  (void)state;
  history_skips skips = {0, 0};
  history_job *j = read_fixture("job_201301011200_0001_1357041600000_hadoop_word+count", &skips);
  assert_string_equal(j->id, "job_201301011200_0001");
  assert_string_equal(j->name, "word count");
  assert_string_equal(j->user, "hadoop");
  assert_string_equal(j->queue, "default");
  assert_int_equal(j->submit, T0);
  assert_int_equal(j->launch, at(1000));
  assert_int_equal(j->finish, at(33000));
  assert_int_equal(j->status, HISTORY_SUCCEEDED);
  assert_int_equal(j->total_maps, 3);
  assert_int_equal(j->total_reduces, 1);
  assert_int_equal(skips.unknown_events, 0);
  assert_int_equal(skips.unknown_counters, 0);

  /* the setup (m_000004) and cleanup (m_000005) attempts are left out; attempts in order of their first record;
   * Hadoop 1.2's LOCALITY and AVATAAR (m_000002_1 is a speculative attempt, killed when m_000002_0 succeeded) */
  static const expected_attempt want[] = {
      {HISTORY_MAP, 0, 0, HISTORY_SUCCEEDED, "host1", "/default-rack", 3100, 20000, -1, -1, NULL, HISTORY_NODE_LOCAL,
       0},
      {HISTORY_MAP, 1, 0, HISTORY_FAILED, "host2", NULL, 3200, 10000, -1, -1,
       "java.io.IOException: Spill failed\n\tat ", HISTORY_NODE_LOCAL, 0},
      {HISTORY_MAP, 2, 0, HISTORY_SUCCEEDED, "host3", "/rack2", 3300, 25000, -1, -1, NULL, HISTORY_NODE_LOCAL, 0},
      {HISTORY_MAP, 1, 1, HISTORY_SUCCEEDED, "host1", "/default-rack", 10500, 22000, -1, -1, NULL, HISTORY_RACK_LOCAL,
       0},
      {HISTORY_MAP, 2, 1, HISTORY_KILLED, "host2", NULL, 21000, 25100, -1, -1, "Already completed TIP",
       HISTORY_OFF_SWITCH, 1},
      {HISTORY_REDUCE, 0, 0, HISTORY_SUCCEEDED, "host2", "/default-rack", 21500, 30000, 27000, 27500, NULL,
       HISTORY_OFF_SWITCH, 0},
  };
  int n = (int)(sizeof want / sizeof *want);
  assert_int_equal(j->n_attempts, n);
  for (int k = 0; k < n; k++) {
    assert_int_equal(j->attempts[k].kind, want[k].kind);
    assert_int_equal(j->attempts[k].task, want[k].task);
    assert_int_equal(j->attempts[k].number, want[k].number);
    check_attempt(j, &want[k], T0);
  }
  /* the failed attempt's diagnostics span three lines of the file, unescaped */
  assert_string_equal(attempt_of(j, HISTORY_MAP, 1, 0)->error,
                      "java.io.IOException: Spill failed\n"
                      "\tat org.apache.hadoop.mapred.MapTask$MapOutputBuffer.collect(MapTask.java:1029)\n"
                      "\tat org.apache.hadoop.mapred.MapTask.runOldMapper(MapTask.java:391)\n");

  int64_t m0[HC_N] = {
      [HC_HDFS_BYTES_READ] = 67108864,      [HC_FILE_BYTES_WRITTEN] = 1200000,    [HC_MAP_INPUT_RECORDS] = 1000000,
      [HC_MAP_OUTPUT_RECORDS] = 9000000,    [HC_MAP_OUTPUT_BYTES] = 90000000,     [HC_SPILLED_RECORDS] = 100000,
      [HC_COMBINE_INPUT_RECORDS] = 9000000, [HC_COMBINE_OUTPUT_RECORDS] = 100000, [HC_CPU_MILLISECONDS] = 15000};
  check_counters(attempt_of(j, HISTORY_MAP, 0, 0), m0);
  int64_t m1[HC_N] = {
      [HC_HDFS_BYTES_READ] = 50000000,   [HC_FILE_BYTES_WRITTEN] = 900000, [HC_MAP_INPUT_RECORDS] = 750000,
      [HC_MAP_OUTPUT_RECORDS] = 6000000, [HC_MAP_OUTPUT_BYTES] = 60000000, [HC_SPILLED_RECORDS] = 80000,
      [HC_CPU_MILLISECONDS] = 11000};
  check_counters(attempt_of(j, HISTORY_MAP, 1, 1), m1);
  int64_t m2[HC_N] = {
      [HC_HDFS_BYTES_READ] = 67108865,   [HC_FILE_BYTES_WRITTEN] = 1200001, [HC_MAP_INPUT_RECORDS] = 1000001,
      [HC_MAP_OUTPUT_RECORDS] = 9000001, [HC_MAP_OUTPUT_BYTES] = 90000001,  [HC_SPILLED_RECORDS] = 100001,
      [HC_CPU_MILLISECONDS] = 16000};
  check_counters(attempt_of(j, HISTORY_MAP, 2, 0), m2);
  int64_t r0[HC_N] = {
      [HC_FILE_BYTES_READ] = 3300000,      [HC_FILE_BYTES_WRITTEN] = 3300000, [HC_HDFS_BYTES_WRITTEN] = 2500000,
      [HC_REDUCE_SHUFFLE_BYTES] = 3300001, [HC_REDUCE_INPUT_GROUPS] = 250000, [HC_REDUCE_INPUT_RECORDS] = 280000,
      [HC_REDUCE_OUTPUT_RECORDS] = 250000, [HC_SPILLED_RECORDS] = 280000,     [HC_CPU_MILLISECONDS] = 7000};
  check_counters(attempt_of(j, HISTORY_REDUCE, 0, 0), r0);
  int64_t none[HC_N] = {0};
  check_counters(attempt_of(j, HISTORY_MAP, 1, 0), none);
  check_counters(attempt_of(j, HISTORY_MAP, 2, 1), none);
  history_job_free(j);
}

static void failed_job_keeps_its_failures(void **state)
{
  (void)state;
  history_skips skips = {5, 7}; /* a reader adds to what SKIPS holds */
  history_job *j = read_fixture("job_201301011200_0002_1357045200000_alice_grep", &skips);
  const long long t0 = 1357045200000LL;
  assert_string_equal(j->id, "job_201301011200_0002");
  assert_string_equal(j->name, "grep-search");
  assert_string_equal(j->user, "alice");
  assert_string_equal(j->queue, "research");
  assert_int_equal(j->submit, t0);
  assert_int_equal(j->launch, t0 + 800);
  assert_int_equal(j->finish, t0 + 8000);
  assert_int_equal(j->status, HISTORY_FAILED);
  assert_int_equal(j->total_maps, 2);
  assert_int_equal(j->total_reduces, 1);
  assert_int_equal(skips.unknown_events, 5);
  assert_int_equal(skips.unknown_counters, 7);
  /* a file of Hadoop 0.20's shape: no LOCALITY, no AVATAAR */
  static const expected_attempt want[] = {
      {HISTORY_MAP, 0, 0, HISTORY_SUCCEEDED, "host1", "/default-rack", 2100, 6000, -1, -1, NULL,
       HISTORY_LOCALITY_UNKNOWN, 0},
      {HISTORY_MAP, 1, 0, HISTORY_FAILED, "host2", NULL, 2200, 4000, -1, -1, "java.lang.RuntimeException: bad record",
       HISTORY_LOCALITY_UNKNOWN, 0},
      {HISTORY_REDUCE, 0, 0, HISTORY_KILLED, "host1", NULL, 4200, 7500, -1, -1, NULL, HISTORY_LOCALITY_UNKNOWN,
       0}, /* ERROR="": none */
      {HISTORY_MAP, 1, 1, HISTORY_FAILED, "host1", NULL, 4500, 7000, -1, -1, "java.lang.RuntimeException: bad record",
       HISTORY_LOCALITY_UNKNOWN, 0},
  };
  assert_int_equal(j->n_attempts, 4);
  for (int k = 0; k < 4; k++) {
    assert_int_equal(j->attempts[k].task, want[k].task);
    check_attempt(j, &want[k], t0);
  }
  int64_t m0[HC_N] = {[HC_HDFS_BYTES_READ] = 1000};
  check_counters(attempt_of(j, HISTORY_MAP, 0, 0), m0);
  history_job_free(j);
}

static void truncated_file_is_a_running_job(void **state)
{
  (void)state;
  history_skips skips = {0, 0};
  history_job *j = read_fixture("job_201301011200_0003_1357048800000_bob_terasort", &skips);
  const long long t0 = 1357048800000LL;
  assert_string_equal(j->id, "job_201301011200_0003");
  assert_int_equal(j->status, HISTORY_RUNNING);
  assert_int_equal(j->launch, t0 + 1000);
  assert_int_equal(j->finish, -1);
  assert_int_equal(j->total_maps, 40);
  assert_int_equal(j->total_reduces, 8);
  /* the running attempt's host is its tracker's; no rack is known until it ends */
  static const expected_attempt want[] = {
      {HISTORY_MAP, 0, 0, HISTORY_SUCCEEDED, "host1", "/default-rack", 2100, 10000, -1, -1, NULL,
       HISTORY_LOCALITY_UNKNOWN, 0},
      {HISTORY_MAP, 1, 0, HISTORY_RUNNING, "host2", NULL, 2200, -1, -1, -1, NULL, HISTORY_LOCALITY_UNKNOWN, 0},
  };
  assert_int_equal(j->n_attempts, 2);
  for (int k = 0; k < 2; k++)
    check_attempt(j, &want[k], t0);
  int64_t none[HC_N] = {0};
  check_counters(attempt_of(j, HISTORY_MAP, 1, 0), none);
  history_job_free(j);
}

static void unknown_records_and_counters_are_counted_and_escapes_undone(void **state)
{
  (void)state;
  history_skips skips = {0, 0};
  history_job *j = read_fixture("job_201301011200_0004_1357052400000_carol_sort", &skips);
  /* Jobtracker and FutureRecord (whose value spans two lines); a second Meta is known */
  assert_int_equal(skips.unknown_events, 2);
  /* BYTES_READ, "Bytes (in)" and MAP_INPUT_BYTES */
  assert_int_equal(skips.unknown_counters, 3);
  assert_string_equal(j->name, "sort \"big\" v1.0 a=b c\\d");
  assert_int_equal(j->status, HISTORY_SUCCEEDED);
  assert_int_equal(j->total_reduces, 0);
  assert_int_equal(j->n_attempts, 1);
  const history_attempt *a = attempt_of(j, HISTORY_MAP, 0, 0);
  assert_string_equal(a->host, "host9.example.com");
  assert_string_equal(a->rack, "/rack.a");
  assert_int_equal(a->locality, HISTORY_RACK_LOCAL); /* GROUP_LOCAL: another node of its node group */
  assert_int_equal(a->speculative, 0);
  /* HDFS_BYTES_WRITTEN is read in a group of another name, "My{odd} group. v2" */
  int64_t want[HC_N] = {[HC_HDFS_BYTES_WRITTEN] = 4096, [HC_MAP_INPUT_RECORDS] = 20};
  check_counters(a, want);
  history_job_free(j);
}

/* A running attempt's host is its tracker's name ("tracker_HOST:..."); a name of no host gives none. */
static void tracker_names_give_running_hosts(void **state)
{
  (void)state;
  const char *path = test_write_file(
      test_tmpdir(), "job",
      "Meta VERSION=\"1\" .\nJob JOBID=\"job_201301011200_0001\" .\n"
      "MapAttempt TASK_TYPE=\"MAP\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_m_000000_0\" "
      "TRACKER_NAME=\"tracker_:x\" .\n"
      "MapAttempt TASK_TYPE=\"MAP\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_m_000001_0\" TRACKER_NAME=\"node7\" .\n"
      "MapAttempt TASK_TYPE=\"MAP\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_m_000002_0\" "
      "TRACKER_NAME=\"tracker_node8:localhost/127\\.0\\.0\\.1:40001\" .\n");
  char err[1024];
  history_skips skips = {0, 0};
  history_job *j = hadoop1_read(path, &skips, err, sizeof err);
  assert_non_null(j);
  assert_null(attempt_of(j, HISTORY_MAP, 0, 0)->host);
  assert_null(attempt_of(j, HISTORY_MAP, 1, 0)->host);
  assert_string_equal(attempt_of(j, HISTORY_MAP, 2, 0)->host, "node8");
  assert_null(attempt_of(j, HISTORY_MAP, 2, 0)->rack);
  assert_int_equal(j->submit, -1);
  assert_int_equal(j->total_maps, -1);
  history_job_free(j);
}

/* A bad file: its text (LEN bytes; 0: strlen), the line its message names and what the message says after
 * "PATH:LINE: expected ". */
typedef struct {
  const char *text;
  size_t len;
  int line;
  const char *says;
} bad_case;

#define META "Meta VERSION=\"1\" .\n"
#define JOB "Job JOBID=\"job_201301011200_0001\" SUBMIT_TIME=\"1357041600000\" .\n"
#define ATTEMPT(id, rest)                                                                                              \
  "MapAttempt TASK_TYPE=\"MAP\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_" id "\" " rest " .\n"

static const bad_case bad_cases[] = {
    {"", 0, 1, "a Hadoop 1 job history, its first line Meta VERSION=\"1\" ., got an empty file"},
    {JOB, 0, 1, "a Hadoop 1 job history, its first line Meta VERSION=\"1\" ."},
    {"Meta VERSION=\"2\" .\n" JOB, 0, 1, "a Hadoop 1 job history, its first line Meta VERSION=\"1\" ."},
    {META, 0, 1, "a Job record (Job JOBID=\"job_...\" ...), got none"},
    {META "Jobtracker START_TIME=\"1\" .\n", 0, 1, "a Job record (Job JOBID=\"job_...\" ...), got none"},
    {META JOB "Task TASKID=\"task_201301011200_0001_m_000000\" TASK_TYPE=\"MAP\"\n", 0, 3,
     "the record to end in \" .\", got the end of the file"},
    {META JOB "Task TASKID=\"task_201301011200_0001_m_000000\" ERROR=\"a\nb\nc\" START_TIME=\"x\" .\n", 0, 3,
     "START_TIME as a whole number of ms, got \"x\""},
    {META "Job JOBID=\"job_201301011200_0001\" JOBNAME=\"wc .\n", 0, 2, "a closing quote after JOBNAME=\"wc"},
    {META "Job JOBID=\"job_201301011200_0001\"JOBNAME=\"wc\" .\n", 0, 2, "a space after JOBID=\"...\""},
    {META "Job JOBID=job_201301011200_0001 .\n", 0, 2, "KEY=\"value\" in a Job record"},
    {META "Job JOBID=\"job_201301011200_0001\" SUBMIT_TIME=\"1357041600000\"\n" JOB, 0, 2,
     "a space after SUBMIT_TIME=\"...\""},
    {META "garbage\n" JOB, 0, 2, "a record such as Job KEY=\"value\" ... ., got \"garbage"},
    {META "Job JOBID=\"job_201301011200_0001\" SUBMIT_TIME=\"1357041600000\\.5\" .\n", 0, 2,
     "SUBMIT_TIME as a whole number of ms, got \"1357041600000.5\""},
    {META "Job JOBID=\"job_201301011200_0001\" LAUNCH_TIME=\"-1\" .\n", 0, 2,
     "LAUNCH_TIME as a whole number of ms, got \"-1\""},
    {META "Job JOBID=\"job_201301011200_0001\" FINISH_TIME=\"\" .\n", 0, 2, "FINISH_TIME as a whole number of ms"},
    {META "Job JOBID=\"job_201301011200_0001\" TOTAL_MAPS=\"many\" .\n", 0, 2,
     "TOTAL_MAPS as a whole number of tasks, got \"many\""},
    {META "Job JOBID=\"job_201301011200_0001\" JOB_STATUS=\"DONE\" .\n", 0, 2,
     "JOB_STATUS as PREP, RUNNING, SUCCESS, FAILED or KILLED, got \"DONE\""},
    {META "Job JOBNAME=\"wc\" .\n", 0, 2, "JOBID=\"job_...\" (such as job_201301011200_0001), got none"},
    {META "Job JOBID=\"job_2013_x\" .\n", 0, 2,
     "JOBID=\"job_...\" (such as job_201301011200_0001), got \"job_2013_x\""},
    {META JOB "Job JOBID=\"job_201301011200_0002\" .\n", 0, 3,
     "JOBID of the file's job job_201301011200_0001, got \"job_201301011200_0002\""},
    {META ATTEMPT("m_000000_0", "START_TIME=\"1\"") JOB, 0, 2,
     "a Job record (Job JOBID=\"job_...\") before the first task, got TASK_ATTEMPT_ID"},
    {META JOB "Task TASKID=\"task_201301011200_0001_x_000000\" .\n", 0, 3,
     "TASKID=\"task_...\" (such as task_201301011200_0001_m_000003), got \"task_201301011200_0001_x_000000\""},
    {META JOB "Task TASKID=\"task_201301011200_0001_m_\" .\n", 0, 3, "TASKID=\"task_...\""},
    {META JOB "Task TASKID=\"task_201301011200_0009_m_000001\" .\n", 0, 3,
     "TASKID of the file's job job_201301011200_0001, got \"task_201301011200_0009_m_000001\""},
    {META JOB ATTEMPT("m_000001", "START_TIME=\"1\""), 0, 3,
     "TASK_ATTEMPT_ID=\"attempt_...\" (such as attempt_201301011200_0001_m_000003_0), got "
     "\"attempt_201301011200_0001_m_000001\""},
    {META JOB ATTEMPT("m_000001_0x", "START_TIME=\"1\""), 0, 3, "TASK_ATTEMPT_ID=\"attempt_...\""},
    {META JOB "MapAttempt TASK_TYPE=\"MAP\" START_TIME=\"1\" .\n", 0, 3, "TASK_ATTEMPT_ID=\"attempt_...\""},
    {META JOB "MapAttempt TASK_TYPE=\"MAP\" TASK_ATTEMPT_ID=\"attempt_201301011200_0002_m_000001_0\" .\n", 0, 3,
     "TASK_ATTEMPT_ID of the file's job job_201301011200_0001, got \"attempt_201301011200_0002_m_000001_0\""},
    {META JOB ATTEMPT("m_000001_0", "TASKID=\"task_201301011200_0001_m_000002\""), 0, 3,
     "TASKID \"task_201301011200_0001_m_000001\" (the attempt's task), got \"task_201301011200_0001_m_000002\""},
    {META JOB "MapAttempt TASK_ATTEMPT_ID=\"attempt_201301011200_0001_m_000001_0\" START_TIME=\"1\" .\n", 0, 3,
     "TASK_TYPE as MAP, REDUCE, SETUP or CLEANUP, got none"},
    {META JOB "MapAttempt TASK_TYPE=\"JOB_SETUP\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_m_000001_0\" .\n", 0, 3,
     "TASK_TYPE as MAP, REDUCE, SETUP or CLEANUP, got \"JOB_SETUP\""},
    {META JOB "ReduceAttempt TASK_TYPE=\"REDUCE\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_m_000001_0\" .\n", 0, 3,
     "a reduce attempt's id (attempt_..._r_...) with TASK_TYPE=\"REDUCE\", got "
     "\"attempt_201301011200_0001_m_000001_0\""},
    {META JOB ATTEMPT("m_000001_0", "START_TIME=\"1\"") ATTEMPT("m_000001_0", "FINISH_TIME=\"2\\.0\""), 0, 4,
     "FINISH_TIME as a whole number of ms, got \"2.0\""},
    {META JOB ATTEMPT("m_000001_0", "TASK_STATUS=\"SUCCEEDED\""), 0, 3,
     "TASK_STATUS as PREP, RUNNING, SUCCESS, FAILED or KILLED, got \"SUCCEEDED\""},
    {META JOB ATTEMPT("m_000001_0", "LOCALITY=\"NEAR\""), 0, 3,
     "LOCALITY as NODE_LOCAL, GROUP_LOCAL, RACK_LOCAL or OFF_SWITCH, got \"NEAR\""},
    {META JOB ATTEMPT("m_000001_0", "AVATAAR=\"CLONE\""), 0, 3, "AVATAAR as VIRGIN or SPECULATIVE, got \"CLONE\""},
    {META JOB "ReduceAttempt TASK_TYPE=\"REDUCE\" TASK_ATTEMPT_ID=\"attempt_201301011200_0001_r_000001_0\" "
              "SHUFFLE_FINISHED=\"soon\" .\n",
     0, 3, "SHUFFLE_FINISHED as a whole number of ms, got \"soon\""},
    {META JOB ATTEMPT("m_000001_0", "COUNTERS=\"{(G)(G)[(HDFS_BYTES_READ)(HDFS_BYTES_READ)(12)}\""), 0, 3,
     "COUNTERS as {(GROUP)(GROUP NAME)[(COUNTER)(COUNTER NAME)(VALUE)]...}..."},
    {META JOB ATTEMPT("m_000001_0", "COUNTERS=\"{(G)(G)[(HDFS_BYTES_READ)(HDFS_BYTES_READ)(12)]\""), 0, 3,
     "COUNTERS as {(GROUP)(GROUP NAME)[(COUNTER)(COUNTER NAME)(VALUE)]...}..."},
    {META JOB ATTEMPT("m_000001_0", "COUNTERS=\"{(G)[(HDFS_BYTES_READ)(HDFS_BYTES_READ)(12)]}\""), 0, 3,
     "COUNTERS as {(GROUP)(GROUP NAME)[(COUNTER)(COUNTER NAME)(VALUE)]...}..."},
    {META JOB ATTEMPT("m_000001_0", "COUNTERS=\"(G)\""), 0, 3,
     "COUNTERS as {(GROUP)(GROUP NAME)[(COUNTER)(COUNTER NAME)(VALUE)]...}..."},
    {META JOB ATTEMPT("m_000001_0", "COUNTERS=\"{(G)(G)[(HDFS_BYTES_READ)(HDFS_BYTES_READ)(1\\.5)]}\""), 0, 3,
     "counter HDFS_BYTES_READ as a whole number, got \"1.5\""},
    {META JOB "Task TASKID=\"task_201301011200_0001_m_000000\"\0 .\n",
     sizeof META JOB "Task TASKID=\"task_201301011200_0001_m_000000\"\0 .\n" - 1, 3, "text, got a NUL byte"},
};

static void bad_files_are_refused_in_one_line(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char path[1024], err[1024], want[2048];
  snprintf(path, sizeof path, "%s/job_201301011200_0001_1357041600000_hadoop_wc", dir);
  for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
    const bad_case *c = &bad_cases[i];
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(c->text, 1, c->len ? c->len : strlen(c->text), f);
    fclose(f);
    history_skips skips = {0, 0};
    strcpy(err, "");
    history_job *j = hadoop1_read(path, &skips, err, sizeof err);
    if (j)
      fail_msg("case %zu: accepted", i);
    snprintf(want, sizeof want, "%s:%d: expected %s", path, c->line, c->says);
    if (strncmp(err, want, strlen(want)) != 0)
      fail_msg("case %zu:\n  got  %s\n  want %s", i, err, want);
    assert_null(strchr(err, '\n'));
    assert_int_equal(skips.unknown_events, 0);
  }
}

/* A record of more than 1 MiB (a value that never closes its line) is refused at its first line. */
static void records_are_bounded(void **state)
{
  (void)state;
  char path[1024], err[1024], want[1200];
  snprintf(path, sizeof path, "%s/long", test_tmpdir());
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(META JOB "Job JOBID=\"job_201301011200_0001\" JOBNAME=\"", f);
  for (int i = 0; i < 26000; i++)
    fputs("a line of a job name that goes on and on\n", f); /* 41 bytes a line: 1066000 bytes */
  fputs("\" .\n", f);
  fclose(f);
  history_skips skips = {0, 0};
  assert_null(hadoop1_read(path, &skips, err, sizeof err));
  snprintf(want, sizeof want, "%s:3: expected a record of at most 1 MiB (mrlab's bound), got more", path);
  assert_string_equal(err, want);

  /* a FIFO is refused without blocking (infile.h) */
  snprintf(path, sizeof path, "%s/fifo", test_tmpdir());
  assert_int_equal(mkfifo(path, 0600), 0);
  assert_null(hadoop1_read(path, &skips, err, sizeof err));
  snprintf(want, sizeof want, "%s: expected a Hadoop 1 job history, got a named pipe", path);
  assert_string_equal(err, want);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(successful_job_reads_back_whole),
      cmocka_unit_test(failed_job_keeps_its_failures),
      cmocka_unit_test(truncated_file_is_a_running_job),
      cmocka_unit_test(unknown_records_and_counters_are_counted_and_escapes_undone),
      cmocka_unit_test(tracker_names_give_running_hosts),
      cmocka_unit_test(bad_files_are_refused_in_one_line),
      cmocka_unit_test(records_are_bounded),
  };
  TEST_MAIN(tests);
}
