/* test.c - helpers shared by the test programs (see test.h). */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include "test.h"

#include <dirent.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <fcntl.h>
#include <ftw.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TEST_RUN_LIMIT 600 /* seconds: beyond any run of the suite, under the sanitizers on a busy machine */

extern char **environ;

const char *test_source_path(const char *rel)
{
  static char path[4096];
  snprintf(path, sizeof path, "%s/%s", MRLAB_SOURCE_DIR, rel);
  return path;
}

platform *test_read_platform(const char *name)
{
  char rel[256], err[1024] = "";
  snprintf(rel, sizeof rel, "platforms/%s.cfg", name);
  platform *p = platform_read(test_source_path(rel), err, sizeof err);
  if (!p)
    fail_msg("%s", err);
  return p;
}

/* Reads all of FD into BUF (NUL-terminated, cut at LEN - 1). */
static void slurp(int fd, char *buf, size_t len)
{
  size_t n = 0;
  char sink[4096];
  for (;;) {
    ssize_t got = n + 1 < len ? read(fd, buf + n, len - 1 - n) : read(fd, sink, sizeof sink);
    if (got <= 0)
      break;
    if (n + 1 < len)
      n += (size_t)got;
  }
  buf[n] = '\0';
  close(fd);
}

/* ARGV (room for MAX): the mrlab program, then the NULL-terminated ARGS and NULL. */
static void mrlab_argv(const char **argv, int max, const char *const *args)
{
  int n = 0;
  argv[n++] = MRLAB_BIN;
  for (; n < max - 1 && args[n - 1]; n++)
    argv[n] = args[n - 1];
  assert_null(args[n - 1]); /* all of ARGS fit */
  argv[n] = NULL;
}

void test_run_mrlab(test_run *r, const char *cwd, const char *const *args)
{
  char out_path[] = "/tmp/mrlab-test-out-XXXXXX", err_path[] = "/tmp/mrlab-test-err-XXXXXX";
  int out = mkstemp(out_path), err = mkstemp(err_path);
  assert_true(out >= 0 && err >= 0);
  const char *argv[64];
  mrlab_argv(argv, 64, args);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, out, 1);
  posix_spawn_file_actions_adddup2(&fa, err, 2);
  if (cwd)
    posix_spawn_file_actions_addchdir_np(&fa, cwd);
  pid_t pid;
  assert_int_equal(posix_spawn(&pid, MRLAB_BIN, &fa, NULL, (char *const *)argv, environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  /* a run past TEST_RUN_LIMIT seconds is a hang: it fails the test, named,
   * instead of holding the suite until CI's own limit */
  int ws;
  pid_t done = 0;
  for (long ms = 0; (done = waitpid(pid, &ws, WNOHANG)) == 0 && ms < TEST_RUN_LIMIT * 1000L; ms += 10)
    nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &ws, 0);
    unlink(out_path);
    unlink(err_path);
    fail_msg("mrlab %s ran past %d s: a hang", args[0] ? args[0] : "", TEST_RUN_LIMIT);
  }
  assert_int_equal(done, pid);
  r->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
  lseek(out, 0, SEEK_SET);
  lseek(err, 0, SEEK_SET);
  slurp(out, r->out, sizeof r->out);
  slurp(err, r->err, sizeof r->err);
  unlink(out_path);
  unlink(err_path);
}

int test_run_mrlab_within(test_run *r, const char *cwd, const char *const *args, long bytes)
{
#if defined(__SANITIZE_ADDRESS__)
  (void)r, (void)cwd, (void)args, (void)bytes;
  /* cmocka 1.1's skip() prints "not ok", which prove counts failed: the caller passes with the reason */
  print_message("# skipped: AddressSanitizer reserves terabytes of address space, so no RLIMIT_AS holds mrlab\n");
  return -1;
#else
  struct rlimit before, limit;
  assert_int_equal(getrlimit(RLIMIT_AS, &before), 0);
  limit = before;
  limit.rlim_cur =
      before.rlim_max == RLIM_INFINITY || before.rlim_max > (rlim_t)bytes ? (rlim_t)bytes : before.rlim_max;
  assert_int_equal(setrlimit(RLIMIT_AS, &limit), 0);
  test_run_mrlab(r, cwd, args);
  assert_int_equal(setrlimit(RLIMIT_AS, &before), 0);
  return 0;
#endif
}

int test_run_on_tty(const char *const *args, const char *term, const char *after, char *seen, size_t size)
{
  const char *argv[64];
  mrlab_argv(argv, 64, args);
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  assert_true(pid >= 0);
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY); /* stdout off the terminal: what a run prints is not the point */
    dup2(null, STDOUT_FILENO);
    setenv("TERM", term, 1);
    if (after)
      setenv("MRLAB_PROGRESS_AFTER", after, 1);
    execv(MRLAB_BIN, (char *const *)argv);
    _exit(127);
  }
  size_t got = 0;
  ssize_t k;
  while (got < size - 1 && (k = read(master, seen + got, size - 1 - got)) > 0) /* EIO at the child's end */
    got += (size_t)k;
  seen[got] = '\0';
  close(master);
  int ws;
  assert_int_equal(waitpid(pid, &ws, 0), pid);
  return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

const char *test_run_beside(test_run *r, const char *name, const char *text, const char *const *args)
{
  static char dir[64];
  snprintf(dir, sizeof dir, "%s", test_tmpdir());
  test_write_file(dir, name, text);
  test_run_mrlab(r, dir, args);
  return dir;
}

void test_refusals(const char *name, const char *text, const char *const *head, const test_refusal *cases, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    const char *args[64];
    char line[4096] = "";
    int k = 0;
    for (; head[k]; k++)
      args[k] = head[k];
    for (int a = 0; a < 8 && cases[i].args[a]; a++)
      args[k++] = cases[i].args[a];
    args[k] = NULL;
    for (int a = 0; args[a]; a++)
      snprintf(line + strlen(line), sizeof line - strlen(line), " %s", args[a]);
    test_run r;
    const char *dir = test_run_beside(&r, name, text, args);
    if (r.status != 2 || !strstr(r.err, cases[i].says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
      fail_msg("mrlab%s: status %d, stderr \"%s\": expected status 2 and one line saying \"%s\"", line, r.status, r.err,
               cases[i].says);
    assert_int_equal(test_count_files(dir), 1); /* nothing written beside NAME */
  }
}

static char made[256][64]; /* directories test_tmpdir made, removed at exit */
static int n_made;

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void remove_made(void)
{
  for (int i = 0; i < n_made; i++)
    nftw(made[i], remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *test_tmpdir(void)
{
  static char dir[64];
  snprintf(dir, sizeof dir, "/tmp/mrlab-test-XXXXXX");
  assert_non_null(mkdtemp(dir));
  if (n_made == 0)
    atexit(remove_made);
  if (n_made < 256)
    snprintf(made[n_made++], sizeof made[0], "%s", dir);
  return dir;
}

const char *test_write_file(const char *dir, const char *name, const char *text)
{
  static char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  assert_int_equal(fclose(f), 0);
  return path;
}

const char *test_read_file(const char *dir, const char *name)
{
  static char buf[8][1 << 20];
  static int k;
  char *b = buf[k++ % 8], path[4096];
  if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
    fail_msg("%s/%s: path too long", dir, name);
  FILE *f = fopen(path, "r");
  if (!f)
    fail_msg("%s: missing", path);
  b[fread(b, 1, sizeof buf[0] - 1, f)] = '\0';
  fclose(f);
  return b;
}

int test_same_file(const char *a, const char *b, const char *name)
{
  char cmd[9000];
  if (snprintf(cmd, sizeof cmd, "cmp -s %s/%s %s/%s", a, name, b, name) >= (int)sizeof cmd)
    fail_msg("%s/%s: path too long", a, name);
  return system(cmd) == 0;
}

int test_count_files(const char *dir)
{
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
  closedir(d);
  return n;
}

int test_complete_runs(const char *runs, char (*names)[256], int max)
{
  int n = 0;
  DIR *d = opendir(runs);
  for (struct dirent *e; d && (e = readdir(d));) {
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", runs, e->d_name);
    if (e->d_name[0] == '.' || strstr(e->d_name, ".tmp-") || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
      continue;
    if (names && n < max)
      snprintf(names[n], 256, "%s", e->d_name);
    n++;
  }
  if (d)
    closedir(d);
  return n;
}

const char *test_small_comparison(void)
{
  static const char terasort[] =
      "jobs = ( { name = \"ts\"; generator = \"terasort\"; input = \"512MB\"; reducers = 2; } );\n";
  static char dir[4096];
  test_run r;
  snprintf(dir, sizeof dir, "%s",
           test_run_beside(&r, "ts.cfg", terasort,
                           (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "ts.cfg", "--vary",
                                            "dfs.blocksize=128m,256m", "--seeds", "2", "-o", "cmp", NULL}));
  if (r.status != 0)
    fail_msg("mrlab compare failed with status %d: %s", r.status, r.err);
  return dir;
}

const char *test_small_experiment(const char *platform)
{
  static char text[8192];
  snprintf(text, sizeof text,
           "experiments = (\n"
           "  { name = \"small\"; platform = \"%s\";\n"
           "    job = { generator = \"terasort\"; };\n"
           "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
           "    targets = { inputs = [\"1500MB\"]; reducers = [3]; };\n"
           "    deadline = \"60s\"; tune = true; }\n"
           ");\n",
           platform);
  return text;
}

test_csv *test_csv_read(const char *path)
{
  char err[4096];
  test_csv *t = csv_read(path, err, sizeof err);
  if (!t)
    fail_msg("%s", err);
  return t;
}

void test_csv_free(test_csv *t)
{
  csv_free(t);
}

const char *test_csv_cell(const test_csv *t, int row, const char *col)
{
  int k = csv_column(t, col);
  if (k < 0)
    fail_msg("no column %s", col);
  return csv_cell(t, row, k);
}

double test_csv_num(const test_csv *t, int row, const char *col)
{
  return strtod(test_csv_cell(t, row, col), NULL);
}

test_csv *test_csv_in(const char *dir, const char *name)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return test_csv_read(path);
}

void test_interval(const double *x, int n, double *mean, double *half)
{
  assert_true(n >= 2);
  *mean = gsl_stats_mean(x, 1, (size_t)n);
  *half = gsl_cdf_tdist_Pinv(0.975, n - 1) * gsl_stats_sd_m(x, 1, (size_t)n, *mean) / sqrt(n);
}

const char *test_lab(int n)
{
  static char text[2048];
  snprintf(text, sizeof text,
           "name = \"lab\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
           "node_classes = ( { name = \"w\"; count = %d; racks = [\"r1\"]; cores = 4; speed = \"2.5Gf\";"
           " memory = \"8GiB\"; disks = ( { read = \"120MBps\"; write = \"100MBps\"; } );"
           " nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 4; reduce = 2; }; } );\n"
           "master = { class = \"w\"; rack = \"r1\"; };\n",
           n);
  return text;
}

const char *test_simulate(const char *platform, const char *workload_text, const char *const *args)
{
  static char out[4096];
  char plat[4096], work[4096];
  const char *dir = test_tmpdir();
  if (strstr(platform, ".cfg") && !strchr(platform, '\n'))
    snprintf(plat, sizeof plat, "%s", platform);
  else
    snprintf(plat, sizeof plat, "%s", test_write_file(dir, "platform.cfg", platform));
  snprintf(work, sizeof work, "%s", test_write_file(dir, "workload.cfg", workload_text));
  snprintf(out, sizeof out, "%s/out", dir);
  const char *argv[64] = {"run", plat, work, "-o", out};
  int n = 5;
  for (; args && args[n - 5]; n++)
    argv[n] = args[n - 5];
  argv[n] = NULL;
  test_run r;
  test_run_mrlab(&r, dir, argv);
  if (r.status != 0)
    fail_msg("mrlab run failed with status %d: %s", r.status, r.err);
  return out;
}

double test_makespan(const char *dir)
{
  const char *at = strstr(test_read_file(dir, "summary.json"), "\"makespan\": ");
  assert_non_null(at);
  return atof(at + strlen("\"makespan\": "));
}

int test_lists_approximation(const char *summary, const char *item)
{
  const char *at = strstr(summary, "\"approximations\": [");
  assert_non_null(at);
  const char *says = strstr(at, item);
  return says && says < strchr(at, ']');
}

void test_validate_refuses(const char *text, const char *name, const char *from, const char *to, const char *says)
{
  const char *dir = test_tmpdir();
  char bad[16384], out[4096];
  const char *at = strstr(text, from);
  assert_non_null(at);
  assert_true(strlen(text) - strlen(from) + strlen(to) < sizeof bad);
  snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  const char *file = test_write_file(dir, name, bad);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, NULL});
  if (r.status != 2 || !strstr(r.err, says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
    fail_msg("%s with \"%s\" for \"%s\": status %d, stderr \"%s\": expected status 2 and one line saying \"%s\"", name,
             to, from, r.status, r.err, says);
  struct stat st;
  assert_int_not_equal(stat(out, &st), 0); /* no output directory */
}
