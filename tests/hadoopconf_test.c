/* hadoopconf_test.c - Hadoop's XML configuration files (`mrlab run --conf`):
 * Hadoop's value syntax and Hadoop 1 names, final properties, ignored and
 * misspelt properties, a whole job.xml of every property Hadoop has,
 * malformed files refused with their file and line, and the precedence of
 * XML files, input files and --set, as jobs.csv shows it after a run. */
#include "test.h"

#include "conf.h"
#include "hadoopconf.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* "<configuration>" BODY "</configuration>" as NAME in a fresh directory; the path, in one of 4 buffers. */
static const char *xml(const char *name, const char *body)
{
  static char paths[4][4096];
  static int k;
  char *p = paths[k++ % 4], text[16384];
  snprintf(text, sizeof text, "<?xml version=\"1.0\"?>\n<configuration>\n%s</configuration>\n", body);
  snprintf(p, 4096, "%s", test_write_file(test_tmpdir(), name, text));
  return p;
}

/* What hadoopconf_read made of files PATHS over the defaults: its status, the conf, and what it printed. */
typedef struct {
  int status;
  conf c;
  char err[1024], msgs[4096];
} reading;

static void read_xml(reading *r, const char *const *paths, int n)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *msgs = open_memstream(&buf, &len);
  assert_non_null(msgs);
  conf_init(&r->c);
  r->err[0] = 0;
  r->status = hadoopconf_read(paths, n, &r->c, msgs, r->err, sizeof r->err);
  fclose(msgs);
  snprintf(r->msgs, sizeof r->msgs, "%s", buf);
  free(buf);
}

/* The lines of TEXT. */
static int lines(const char *text)
{
  int n = 0;
  for (; *text; text++)
    n += *text == '\n';
  return n;
}

#define PROPERTY(name, value) "  <property><name>" name "</name><value>" value "</value></property>\n"
#define FINAL(name, value) "  <property><name>" name "</name><value>" value "</value><final>true</final></property>\n"

static void hadoop_value_syntax(void **state)
{
  (void)state;
  reading r;
  const char *path = xml("mapred-site.xml", PROPERTY("dfs.blocksize", "256m")    /* sizes */
                         PROPERTY("dfs.datanode.balance.bandwidthPerSec", "10M") /* upper case */
                         PROPERTY("mapreduce.map.output.compress", "TRUE")       /* booleans */
                         PROPERTY("mapreduce.map.speculative", "False")          /* any case */
                         PROPERTY("mapreduce.job.reduces", "\n   12  \n")        /* trimmed */
                         PROPERTY("mapreduce.job.reduce.slowstart.completedmaps", "0.5")
                             PROPERTY("mapreduce.jobtracker.heartbeat.interval.min", "500") /* ms */
                         PROPERTY("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "250")
                             PROPERTY("mrlab.task.startup", "2s")); /* mrlab's own: SimGrid units */
  read_xml(&r, &path, 1);
  assert_int_equal(r.status, 0);
  assert_close(conf_get(&r.c, CONF_BLOCKSIZE), 256.0 * 1048576, 0);
  assert_close(conf_get(&r.c, CONF_BALANCE_BANDWIDTH), 10.0 * 1048576, 0);
  assert_close(conf_get(&r.c, CONF_COMPRESS), 1, 0);
  assert_close(conf_get(&r.c, CONF_MAP_SPECULATIVE), 0, 0);
  assert_close(conf_get(&r.c, CONF_REDUCES), 12, 0);
  assert_close(conf_get(&r.c, CONF_SLOWSTART), 0.5, 0);
  assert_close(conf_get(&r.c, CONF_HEARTBEAT_MIN), 0.5, 1e-12);
  assert_close(conf_get(&r.c, CONF_NM_HEARTBEAT), 0.25, 1e-12);
  assert_close(conf_get(&r.c, CONF_TASK_STARTUP), 2, 1e-12);
  assert_string_equal(r.msgs, ""); /* nothing ignored, nothing to say */

  /* Hadoop 3's attributes, and an empty value, which leaves the default */
  path = xml("a.xml", "  <property name=\"dfs.blocksize\" value=\"1g\"/>\n" PROPERTY("mapreduce.task.io.sort.mb", ""));
  read_xml(&r, &path, 1);
  assert_int_equal(r.status, 0);
  assert_close(conf_get(&r.c, CONF_BLOCKSIZE), 1073741824.0, 0);
  assert_close(conf_get(&r.c, CONF_SORT_MB), 100, 0);

  /* a bad value names the file, the <value>'s line and what was expected */
  static const struct {
    const char *name, *value, *says;
  } bad[] = {
      {"dfs.blocksize", "128q", "expected a size in bytes"},
      {"mapreduce.map.output.compress", "yes", "expected true or false"},
      {"mapreduce.job.reduces", "8.5", "expected a whole number"},
      {"mapreduce.job.reduces", "-3", "expected a value from 0"},
      {"mapreduce.jobtracker.heartbeat.interval.min", "0.3s", "milliseconds"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char body[512];
    snprintf(body, sizeof body, "  <property>\n    <name>%s</name>\n    <value>%s</value>\n  </property>\n",
             bad[i].name, bad[i].value);
    path = xml("bad.xml", body);
    read_xml(&r, &path, 1);
    char where[4200];
    snprintf(where, sizeof where, "%s:5: %s: ", path, bad[i].name);
    if (r.status != -1 || strncmp(r.err, where, strlen(where)) || !strstr(r.err, bad[i].says))
      fail_msg("%s=%s: status %d, \"%s\": expected \"%s...%s\"", bad[i].name, bad[i].value, r.status, r.err, where,
               bad[i].says);
  }
}

static void hadoop1_names(void **state)
{
  (void)state;
  static const struct {
    const char *old;
    conf_key key;
    const char *value;
    double expect;
  } names[] = {
      {"mapred.reduce.tasks", CONF_REDUCES, "7", 7},
      {"io.sort.mb", CONF_SORT_MB, "300", 300},
      {"io.sort.factor", CONF_SORT_FACTOR, "64", 64},
      {"dfs.block.size", CONF_BLOCKSIZE, "64m", 67108864},
      {"mapred.job.shuffle.input.buffer.percent", CONF_SHUFFLE_BUFFER_PERCENT, "0.5", 0.5},
      {"mapred.reduce.slowstart.completed.maps", CONF_SLOWSTART, "0.9", 0.9},
      {"mapred.map.tasks.speculative.execution", CONF_MAP_SPECULATIVE, "false", 0},
      {"mapred.reduce.tasks.speculative.execution", CONF_REDUCE_SPECULATIVE, "false", 0},
      {"mapred.compress.map.output", CONF_COMPRESS, "true", 1},
      {"mapred.reduce.parallel.copies", CONF_PARALLELCOPIES, "20", 20},
      {"mapred.heartbeats.in.second", CONF_HEARTBEATS_PER_SECOND, "50", 50},  /* a cluster property */
      {"dfs.balance.bandwidthPerSec", CONF_BALANCE_BANDWIDTH, "1m", 1048576}, /* hdfs-site.xml's */
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char body[512], setting[256], err[512];
    snprintf(body, sizeof body, "  <property><name>%s</name><value>%s</value></property>\n", names[i].old,
             names[i].value);
    const char *path = xml("old.xml", body);
    reading r;
    read_xml(&r, &path, 1);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.msgs, ""); /* a Hadoop 1 name is known, not ignored */
    if (conf_get(&r.c, names[i].key) != names[i].expect)
      fail_msg("%s in XML set %s to %g, expected %g", names[i].old, conf_name(names[i].key),
               conf_get(&r.c, names[i].key), names[i].expect);
    /* the same name works in --set, a job's set and a platform's settings */
    conf c;
    conf_init(&c);
    snprintf(setting, sizeof setting, "%s=%s", names[i].old, names[i].value);
    assert_int_equal(conf_set(&c, conf_key_scope(names[i].key), setting, err, sizeof err), 0);
    assert_close(conf_get(&c, names[i].key), names[i].expect, 0);
    assert_int_equal(conf_setting_scope(setting), (int)conf_key_scope(names[i].key));
  }
  /* a later file's new name wins over an earlier file's old one, and the other way round */
  const char *paths[] = {xml("1.xml", PROPERTY("io.sort.mb", "300")),
                         xml("2.xml", PROPERTY("mapreduce.task.io.sort.mb", "400"))};
  reading r;
  read_xml(&r, paths, 2);
  assert_close(conf_get(&r.c, CONF_SORT_MB), 400, 0);
  const char *reverse[] = {paths[1], paths[0]};
  read_xml(&r, reverse, 2);
  assert_close(conf_get(&r.c, CONF_SORT_MB), 300, 0);
}

static void final_properties(void **state)
{
  (void)state;
  reading r;
  /* without final, a later file wins */
  const char *plain[] = {xml("1.xml", PROPERTY("mapreduce.job.reduces", "4")),
                         xml("2.xml", PROPERTY("mapreduce.job.reduces", "8"))};
  read_xml(&r, plain, 2);
  assert_int_equal(r.status, 0);
  assert_close(conf_get(&r.c, CONF_REDUCES), 8, 0);
  assert_string_equal(r.msgs, "");

  /* final in the first file: the second's value is ignored with one warning naming both places */
  const char *locked[] = {xml("1.xml", "\n" FINAL("mapreduce.job.reduces", "4")),
                          xml("2.xml", PROPERTY("mapred.reduce.tasks", "8"))};
  read_xml(&r, locked, 2);
  assert_int_equal(r.status, 0);
  assert_close(conf_get(&r.c, CONF_REDUCES), 4, 0);
  assert_int_equal(lines(r.msgs), 1);
  char where[8300];
  snprintf(where, sizeof where, "mrlab: warning: %s:3: mapred.reduce.tasks is final in %s:4;", locked[1], locked[0]);
  if (strncmp(r.msgs, where, strlen(where)))
    fail_msg("warning \"%s\", expected it to start \"%s\"", r.msgs, where);

  /* the same value again is no override: no warning, as in Hadoop */
  const char *same[] = {locked[0], xml("3.xml", PROPERTY("mapreduce.job.reduces", "4"))};
  read_xml(&r, same, 2);
  assert_close(conf_get(&r.c, CONF_REDUCES), 4, 0);
  assert_string_equal(r.msgs, "");

  /* final holds within its own file too, and only for its property */
  const char *one[] = {xml("1.xml", FINAL("dfs.blocksize", "64m") PROPERTY("dfs.blocksize", "256m")
                                        PROPERTY("mapreduce.job.reduces", "3") PROPERTY("mapreduce.job.reduces", "5"))};
  read_xml(&r, one, 1);
  assert_close(conf_get(&r.c, CONF_BLOCKSIZE), 67108864, 0);
  assert_close(conf_get(&r.c, CONF_REDUCES), 5, 0);
  assert_int_equal(lines(r.msgs), 1);

  /* <final>false</final> locks nothing */
  const char *unlocked[] = {
      xml("1.xml", "  <property><name>mapreduce.job.reduces</name><value>4</value><final>false</final></property>\n"),
      xml("2.xml", PROPERTY("mapreduce.job.reduces", "8"))};
  read_xml(&r, unlocked, 2);
  assert_close(conf_get(&r.c, CONF_REDUCES), 8, 0);
}

static void unmodelled_and_misspelt(void **state)
{
  (void)state;
  reading r;
  /* what a real site file holds beside the modelled properties: ignored, one note */
  const char *real[] = {xml("core-site.xml", PROPERTY("my.odd\nname", "1") /* named in the note, which stays one line */
                            PROPERTY("fs.defaultFS", "hdfs://master:8020") PROPERTY("hadoop.tmp.dir", "/tmp/hadoop")
                                /* Hadoop's, though two edits from dfs.replication */
                                PROPERTY("kfs.replication", "1") PROPERTY("s3.replication", "2")
                                    PROPERTY("ftp.replication", "3")),
                        xml("yarn-site.xml",
                            PROPERTY("yarn.resourcemanager.hostname", "master")
                                PROPERTY("yarn.scheduler.maximum-allocation-mb", "8192") /* two edits from minimum */
                            PROPERTY("mapreduce.framework.name", "yarn") PROPERTY("mapred.child.java.opts", "-Xmx1g")
                                PROPERTY("mapreduce.job.reduces", "6"))};
  read_xml(&r, real, 2);
  assert_int_equal(r.status, 0);
  assert_close(conf_get(&r.c, CONF_REDUCES), 6, 0);
  assert_int_equal(lines(r.msgs), 1);
  assert_close(conf_get(&r.c, CONF_REPLICATION), 3, 0);
  assert_non_null(strstr(r.msgs, "mrlab: note: ignored 10 Hadoop properties"));
  assert_non_null(strstr(r.msgs, "my.odd\\nname")); /* escaped */
  assert_non_null(strstr(r.msgs, "fs.defaultFS"));

  /* a name a typo away from a modelled one is refused with a suggestion and the <name>'s line */
  static const struct {
    const char *name, *suggest;
  } typos[] = {
      {"mapreduce.job.reduce", "mapreduce.job.reduces"}, {"dfs.block-size", "dfs.blocksize"},
      {"mapred.reduce.task", "mapred.reduce.tasks"},     {"io.sort.mbb", "io.sort.mb"},
      {"mrlab.task.start", "mrlab.task.startup"}, /* mrlab's own, even far from a known one */
      {"kfs.replicaton", "dfs.replication"},      /* in no list of Hadoop's: a typo */
  };
  for (size_t i = 0; i < sizeof typos / sizeof typos[0]; i++) {
    char body[512], expect[4300];
    snprintf(body, sizeof body, "%s  <property>\n    <name>%s</name>\n    <value>8</value>\n  </property>\n",
             PROPERTY("fs.defaultFS", "hdfs://m:8020"), typos[i].name);
    const char *path = xml("mapred-site.xml", body);
    read_xml(&r, &path, 1);
    snprintf(expect, sizeof expect, "%s:5: unknown property %s; did you mean %s?", path, typos[i].name,
             typos[i].suggest);
    assert_int_equal(r.status, -1);
    assert_string_equal(r.err, expect);
    assert_string_equal(r.msgs, ""); /* no note when the files are refused */
  }
  const char *path = xml("m.xml", PROPERTY("mrlab.no.such.knob", "1"));
  read_xml(&r, &path, 1);
  assert_int_equal(r.status, -1);
  assert_non_null(strstr(r.err, "unknown property mrlab.no.such.knob"));
}

/* Runs mrlab run on toy4 with WORKLOAD_TEXT and ARGS, expecting status 2, one line on stderr starting with
 * START and holding SAYS, and no run directory. */
static void run_refused(const char *const *args, const char *start, const char *says)
{
  const char *dir = test_tmpdir();
  char work[4096], out[4096];
  snprintf(work, sizeof work, "%s",
           test_write_file(dir, "w.cfg",
                           "jobs = ( { name = \"j\"; input = \"256MB\"; map_cost = 1.0; map_selectivity = 1.0;"
                           " reduce_cost = 1.0; reduce_selectivity = 1.0; } );\n"));
  snprintf(out, sizeof out, "%s/out", dir);
  const char *argv[32] = {"run", test_source_path("platforms/toy4.cfg"), work, "-o", out};
  int n = 5;
  for (; args[n - 5]; n++)
    argv[n] = args[n - 5];
  argv[n] = NULL;
  test_run r;
  test_run_mrlab(&r, dir, argv);
  char prefix[4200];
  snprintf(prefix, sizeof prefix, "mrlab: %s", start);
  if (r.status != 2 || strncmp(r.err, prefix, strlen(prefix)) || !strstr(r.err, says) || lines(r.err) != 1)
    fail_msg("status %d, stderr \"%s\": expected status 2 and one line \"%s...%s...\"", r.status, r.err, prefix, says);
  struct stat st;
  assert_int_not_equal(stat(out, &st), 0);
}

static void malformed_files_refused(void **state)
{
  (void)state;
  static const struct {
    const char *text;
    int line;
    const char *says;
  } bad[] = {
      {"<configuration>\n  <property><name>dfs.blocksize</name><value>64m</value>\n</configuration>\n", 3,
       "malformed XML"},
      {"<configuration>\n  <property><name>a</name><value>1 & 2</value></property>\n</configuration>\n", 2,
       "malformed XML"},
      {"<?xml version=\"1.0\"?>\n<configuration>\n<property><name>x</name></property>\n</configuration>\n<more/>\n", 5,
       "malformed XML"},
      {"", 1, "malformed XML"},
      {"<?xml version=\"1.0\"?>\n\n<conf>\n</conf>\n", 3, "expected <configuration> as the root element, got <conf>"},
      {"<configuration>\n  <propery><name>a</name></propery>\n</configuration>\n", 2,
       "expected <property> in <configuration>, got <propery>"},
      {"<configuration>\n  <property>\n    <value>3</value>\n  </property>\n</configuration>\n", 2,
       "expected a <name> in <property>"},
      {"<!DOCTYPE configuration [ <!ENTITY x \"1\"> ]>\n<configuration/>\n", 1, "expected no <!DOCTYPE>"},
      /* what Hadoop's parser reads one of two ways (the last <value>, the inner <property>) */
      {"<configuration>\n  <property>\n    <name>a</name>\n    <value>1</value>\n    <value>2</value>\n  </property>\n"
       "</configuration>\n",
       5, "expected one <value> in <property> (line 2), got a second"},
      {"<configuration>\n  <property>\n    <name>mapreduce.job.reduces</name>\n    <name>dfs.blocksize</name>\n"
       "    <value>2</value>\n  </property>\n</configuration>\n",
       4, "expected one <name> in <property> (line 2), got a second"},
      {"<configuration>\n  <property name=\"a\">\n    <name>b</name>\n  </property>\n</configuration>\n", 3,
       "expected one <name> in <property> (line 2), got a second"},
      {"<configuration>\n  <property><name>a</name><value>1</value>\n    <final>true</final><final>false</final>"
       "</property>\n</configuration>\n",
       3, "expected one <final> in <property> (line 2), got a second"},
      {"<configuration>\n  <property>\n    <name>a</name>\n    <property><name>b</name><value>1</value></property>\n"
       "  </property>\n</configuration>\n",
       4, "got a nested <property>"},
      {"<configuration>\n  <property><name>a</name><value>1</value>\n    <description>see <property>b</property>"
       "</description></property>\n</configuration>\n",
       3, "got a nested <property>"},
      {"<configuration>\n  <property><name>a</name>\n    <value><b>1</b></value></property>\n</configuration>\n", 3,
       "expected text in <value>, got <b>"},
      /* a value quoted in the message keeps it one line */
      {"<configuration>\n  <property><name>mapreduce.job.reduces</name><value>1\n2</value></property>\n"
       "</configuration>\n",
       2, "mapreduce.job.reduces: expected a whole number, got \"1\\n2\""},
      /* Hadoop takes only "true" as final: "yes" would silently not be */
      {"<configuration>\n  <property><name>dfs.blocksize</name><value>64m</value>\n    <final>yes</final></property>\n"
       "</configuration>\n",
       3, "<final>: expected true or false (Hadoop takes only \"true\" as final), got \"yes\""},
      {"<configuration>\n  <property><name>a</name><value>1</value><final> true </final></property>\n"
       "</configuration>\n",
       2, "<final>: expected true or false"},
      {"<configuration>\n  <property name=\"dfs.blocksize\" value=\"64m\" final=\"TRUE\"/>\n</configuration>\n", 2,
       "<final>: expected true or false"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char path[4096], start[4200];
    snprintf(path, sizeof path, "%s", test_write_file(test_tmpdir(), "site.xml", bad[i].text));
    snprintf(start, sizeof start, "%s:%d: ", path, bad[i].line);
    run_refused((const char *[]){"--conf", path, NULL}, start, bad[i].says);
  }
  run_refused((const char *[]){"--conf", "/nonexistent/mapred-site.xml", NULL},
              "/nonexistent/mapred-site.xml: ", "cannot open");
  run_refused((const char *[]){"--conf", "/tmp", NULL}, "/tmp: ", "expected a Hadoop configuration file");
  char typo[4096], start[4200];
  snprintf(typo, sizeof typo, "%s", xml("mapred-site.xml", "\n" PROPERTY("mapreduce.job.reduce", "8")));
  snprintf(start, sizeof start, "%s:4: ", typo);
  run_refused((const char *[]){"--conf", typo, NULL}, start,
              "unknown property mapreduce.job.reduce; did you mean mapreduce.job.reduces?");
}

/* A job of 256 MB on toy4 with the workload's LINES among its members. */
static char *job(const char *lines_)
{
  static char text[2048];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"j\"; input = \"256MB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;\n"
           "           reduce_selectivity = 1.0; %s } );\n",
           lines_);
  return text;
}

/* A job.xml as Hadoop 3 writes one (Configuration.writeXml: name, value,
 * final and source of each property), with every name of
 * workloads/hadoop-properties.txt: all the properties of Hadoop 3.0.0's
 * core-default.xml, hdfs-default.xml, mapred-default.xml and
 * yarn-default.xml, Hadoop 2's that 3.0 dropped, Hadoop 1's deprecated names
 * and those a submitted job gains.  Modelled properties hold their default,
 * the task memories Hadoop 3's -1; *UNMODELLED receives the others' count. */
static const char *full_job_xml(int *unmodelled)
{
  FILE *list = fopen(test_source_path("workloads/hadoop-properties.txt"), "r");
  assert_non_null(list);
  char *body = NULL, line[512];
  size_t len = 0;
  FILE *out = open_memstream(&body, &len);
  conf defaults;
  conf_init(&defaults);
  *unmodelled = 0;
  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<configuration>\n");
  while (fgets(line, sizeof line, list)) {
    line[strcspn(line, "\n")] = 0;
    if (!line[0] || line[0] == '#')
      continue;
    int k = conf_lookup(line);
    char value[CONF_TEXT_MAX] = "/tmp/hadoop-${user.name}";
    if (k == CONF_MAP_MEMORY_MB || k == CONF_REDUCE_MEMORY_MB)
      snprintf(value, sizeof value, "-1");
    else if (k >= 0)
      conf_format(&defaults, (conf_key)k, value, sizeof value);
    else
      ++*unmodelled;
    fprintf(out,
            "<property><name>%s</name><value>%s</value><final>false</final><source>%s-default.xml</source>"
            "</property>\n",
            line, value, k >= 0 ? "mapred" : "core");
  }
  fprintf(out, "</configuration>\n");
  fclose(out);
  fclose(list);
  static char path[4096];
  snprintf(path, sizeof path, "%s", test_write_file(test_tmpdir(), "job.xml", body));
  free(body);
  return path;
}

static void real_job_xml(void **state)
{
  (void)state;
  int unmodelled;
  const char *path = full_job_xml(&unmodelled);
  assert_true(unmodelled > 1500);
  const char *dir = test_tmpdir();
  char work[4096], out[4096];
  snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", job("")));
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"run", test_source_path("platforms/toy4.cfg"), work, "--conf", path, "-o", out, NULL});
  char note[128];
  snprintf(note, sizeof note, "mrlab: note: ignored %d Hadoop properties that mrlab does not model (", unmodelled);
  if (r.status != 0 || lines(r.err) != 1 || strncmp(r.err, note, strlen(note)))
    fail_msg("status %d, stderr \"%.300s\": expected 0 and one line \"%s...\"", r.status, r.err, note);
  test_csv *t = test_csv_in(out, "jobs.csv");
  assert_close(test_csv_num(t, 1, "dfs.replication"), 3, 0);
  assert_close(test_csv_num(t, 1, "mapreduce.map.memory.mb"), 1024, 0); /* Hadoop 3's -1, without a heap */
  assert_close(test_csv_num(t, 1, "mapreduce.reduce.memory.mb"), 1024, 0);
  test_csv_free(t);

  /* a name the user types is checked as typed, even a real Hadoop property's */
  run_refused((const char *[]){"--set", "kfs.replicaton=3", NULL}, "",
              "unknown property kfs.replicaton; did you mean dfs.replication?");
  run_refused((const char *[]){"--set", "kfs.replication=3", NULL}, "",
              "unknown property kfs.replication; did you mean dfs.replication?");
}

/* The value of column COL of the one job of the run ARGS over WORKLOAD on PLATFORM. */
static double run_value(const char *platform, const char *workload, const char *const *args, const char *col)
{
  test_csv *t = test_csv_in(test_simulate(platform, workload, args), "jobs.csv");
  double v = test_csv_num(t, 1, col);
  test_csv_free(t);
  return v;
}

static void precedence(void **state)
{
  (void)state;
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  char toy4_path[4096];
  snprintf(toy4_path, sizeof toy4_path, "%s", toy4);
  const char *conf5 =
      xml("mapred-site.xml", PROPERTY("mapreduce.job.reduces", "5") PROPERTY("mapreduce.task.io.sort.mb", "200")
                                 PROPERTY("mapreduce.jobtracker.heartbeats.in.second", "200"));
  char confs[4096];
  snprintf(confs, sizeof confs, "%s", conf5);
  const char *with_conf[] = {"--conf", confs, NULL};

  /* XML over the defaults: the reducers, in jobs.csv and summary.json */
  const char *out = test_simulate(toy4_path, job(""), with_conf);
  test_csv *t = test_csv_in(out, "jobs.csv");
  assert_close(test_csv_num(t, 1, "reduces"), 5, 0);
  assert_close(test_csv_num(t, 1, "mapreduce.job.reduces"), 5, 0);
  assert_close(test_csv_num(t, 1, "mapreduce.task.io.sort.mb"), 200, 0);
  assert_close(test_csv_num(t, 1, "mapreduce.jobtracker.heartbeats.in.second"), 200, 0);
  test_csv_free(t);
  char listed[4200];
  snprintf(listed, sizeof listed, "\"confs\": [\"%s\"]", confs);
  assert_non_null(strstr(test_read_file(out, "summary.json"), listed));
  assert_close(run_value(toy4_path, job(""), NULL, "reduces"), 1, 0); /* and without it, Hadoop's default */

  /* the workload's set and reducers over XML */
  assert_close(run_value(toy4_path, job("reducers = 3;"), with_conf, "reduces"), 3, 0);
  assert_close(
      run_value(toy4_path, job("set = [\"mapreduce.task.io.sort.mb=150\"];"), with_conf, "mapreduce.task.io.sort.mb"),
      150, 0);
  /* --set over XML, and over the workload */
  assert_close(run_value(toy4_path, job(""), (const char *[]){"--conf", confs, "--set", "mapred.reduce.tasks=7", NULL},
                         "reduces"),
               7, 0);
  assert_close(run_value(toy4_path, job("set = [\"mapreduce.task.io.sort.mb=150\"];"),
                         (const char *[]){"--conf", confs, "--set", "io.sort.mb=120", NULL},
                         "mapreduce.task.io.sort.mb"),
               120, 0);

  /* cluster properties: the platform's settings over XML, --set over both */
  char platform[8192];
  snprintf(platform, sizeof platform, "%s\nsettings = [\"mapred.heartbeats.in.second=50\"];\n",
           test_read_file(test_source_path("platforms"), "toy4.cfg"));
  assert_close(run_value(platform, job(""), with_conf, "mapreduce.jobtracker.heartbeats.in.second"), 50, 0);
  assert_close(
      run_value(platform, job(""),
                (const char *[]){"--conf", confs, "--set", "mapreduce.jobtracker.heartbeats.in.second=70", NULL},
                "mapreduce.jobtracker.heartbeats.in.second"),
      70, 0);
}

static void shipped_site_files(void **state)
{
  (void)state;
  char mapred[4096], hdfs[4096];
  snprintf(mapred, sizeof mapred, "%s", test_source_path("platforms/conf/mapred-site.xml"));
  snprintf(hdfs, sizeof hdfs, "%s", test_source_path("platforms/conf/hdfs-site.xml"));
  const char *paths[] = {hdfs, mapred};
  reading r;
  read_xml(&r, paths, 2);
  assert_int_equal(r.status, 0);
  assert_int_equal(lines(r.msgs), 1); /* the note: addresses, directories, JVM options */
  assert_close(conf_get(&r.c, CONF_BLOCKSIZE), 268435456, 0);
  assert_close(conf_get(&r.c, CONF_COMPRESS), 1, 0); /* under its Hadoop 1 name */
  assert_close(conf_get(&r.c, CONF_SLOWSTART), 0.8, 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hadoop_value_syntax),     cmocka_unit_test(hadoop1_names),
      cmocka_unit_test(final_properties),        cmocka_unit_test(unmodelled_and_misspelt),
      cmocka_unit_test(malformed_files_refused), cmocka_unit_test(precedence),
      cmocka_unit_test(shipped_site_files),      cmocka_unit_test(real_job_xml),
  };
  TEST_MAIN(tests);
}
