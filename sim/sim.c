/* sim.c - the simulator's entry points (sim.h): SimGrid started with the
 * user's options, a run from the loaded topology to its run directory, and
 * the interruption of a run.
 *
 * SimGrid ends the process (abort, with a backtrace) on an option it does
 * not accept, from inside simgrid_init, and some refusals come from
 * xbt_die rather than an exception that C++ could catch.  So each option is
 * first tried alone in a forked child, whose stderr comes back through a
 * pipe; SimGrid's first error line there becomes mrlab's one-line message.
 *
 * SimGrid also installs its own SIGINT handler, which prints the state of
 * every actor.  A run replaces it, holding signals back from the moment
 * SimGrid has started until the handler knows the temporary run directory
 * and SimGrid holds the platform.  While the simulation runs, the temporary run
 * directory is still empty, so the handler needs only async-signal-safe
 * calls: write its line, rmdir, _exit.  Once the outputs are being written
 * it only raises a flag, read before the new directory is swapped in: an
 * interrupted run never replaces the old one, and a signal after the swap
 * is ignored (the run is then complete).
 *
 * mrlab's own log categories are SimGrid (XBT) categories under `mrlab`,
 * one per module that decides something: mrlab_jobtracker and so on
 * (log_categories).  XBT names cannot hold a dot and XBT cuts a setting at
 * its first dot, so a user's `--log=mrlab.jobtracker.thres:info` is
 * rewritten to `--log=mrlab_jobtracker.thres:info` before SimGrid sees it;
 * an unknown mrlab category is refused here, where SimGrid would take it
 * silently (it keeps settings for categories that may appear later). */
#include "sim.h"

#include "alloc.h"
#include "engine.h"
#include "outfile.h"
#include "report.h"
#include "retire.h"
#include "rundir.h"
#include "statusline.h"
#include "sweep.h"
#include "topology.h"
#include "verbosity.h"

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/log.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

XBT_LOG_NEW_CATEGORY(mrlab, "mrlab's simulator: what its daemons and tasks decide");

/* The subcategories of mrlab, each declared in its module as mrlab_NAME. */
static const char *const log_categories[] = {"jobtracker", "tasktracker", "map",        "reduce",    "coarse",
                                             "speculator", "yarn",        "hdfs",       "balancer",  "failures",
                                             "lost",       "rereplicate", "activities", "coarsehdfs"};
#define N_LOG_CATEGORIES (sizeof log_categories / sizeof *log_categories)

/* The --log= option OPT with each setting of a mrlab category spelt
 * mrlab.NAME.KEY:VALUE (as docs/outputs.md writes them) or mrlab_NAME.KEY:VALUE
 * (XBT's spelling) written as XBT takes it, into OUT (a copy of OPT for
 * any other option).  0, or -1 with ERR naming OPT and the known categories
 * when a setting names a mrlab category that does not exist.  XBT's
 * settings are separated by spaces; the word after `mrlab.` is a category
 * when a dot follows it, else the parent's own key (`mrlab.thres:info`). */
static int log_rewrite(const char *opt, char *out, size_t len, char *err, size_t errlen)
{
  size_t n = (size_t)snprintf(out, len, "%s", opt);
  if (strncmp(opt, "--log=", 6) != 0 || n >= len)
    return 0;
  for (char *s = out + 6; *s; s += strcspn(s, " ")) {
    s += strspn(s, " ");
    int dotted = strncmp(s, "mrlab.", 6) == 0;
    if (!dotted && strncmp(s, "mrlab_", 6) != 0)
      continue;
    char *name = s + 6;
    size_t k = strcspn(name, ".: ");
    if (dotted && name[k] != '.') /* mrlab.thres:LEVEL and friends: the parent itself */
      continue;
    size_t c = 0;
    while (c < N_LOG_CATEGORIES && (strlen(log_categories[c]) != k || strncmp(name, log_categories[c], k) != 0))
      c++;
    if (c == N_LOG_CATEGORIES) {
      size_t used = (size_t)snprintf(err, errlen, "%s: expected a log category mrlab or mrlab.NAME, NAME one of ", opt);
      for (size_t i = 0; i < N_LOG_CATEGORIES && used < errlen; i++)
        used += (size_t)snprintf(err + used, errlen - used, "%s%s", i ? ", " : "", log_categories[i]);
      if (used < errlen)
        snprintf(err + used, errlen - used, ", got %.*s%.*s", 6, s, (int)k, name);
      return -1;
    }
    s[5] = '_';
  }
  return 0;
}

/* SimGrid's reason for refusing an option, from the LOG its child wrote:
 * the text of the first critical or error line, without the exception's
 * type; when that line ends in a colon, the first word of each indented
 * error line after it (the choices SimGrid lists).  Written into WHY. */
static void refusal_reason(const char *log, char *why, size_t len)
{
  const char *s = strstr(log, "/CRITICAL] ");
  const char *e = strstr(log, "/ERROR] ");
  if (!s || (e && e < s))
    s = e;
  if (!s) {
    snprintf(why, len, "SimGrid stopped on it");
    return;
  }
  s = strstr(s, "] ") + 2;
  if (strncmp(s, "Uncaught exception ", 19) == 0 && strstr(s, ": ")) /* "Uncaught exception std::range_error: " */
    s = strstr(s, ": ") + 2;
  size_t n = strcspn(s, "\n");
  int listed = n > 0 && s[n - 1] == ':';
  while (n > 0 && (s[n - 1] == ':' || s[n - 1] == ' ' || s[n - 1] == '.'))
    n--;
  size_t used = (size_t)snprintf(why, len, "%.*s", (int)n, s);
  for (const char *l = strchr(s, '\n'); listed && l && (l = strstr(l, "/ERROR]   ")) && used < len;
       l = strchr(l, '\n')) {
    l += 10;
    used += (size_t)snprintf(why + used, len - used, "%s%.*s", used > n + 1 ? ", " : ": ", (int)strcspn(l, ":\n"), l);
  }
}

/* Tries SimGrid option OPT (--cfg=... or --log=...) in a child process.
 * Returns 0 if SimGrid takes it, or -1 with ERR naming it as the user
 * GAVE it and SimGrid's reason. */
static int option_check(const char *opt, const char *gave, char *err, size_t errlen)
{
  int fds[2];
  if (pipe(fds) != 0) {
    snprintf(err, errlen, "%s: cannot try it: %s", gave, strerror(errno));
    return -1;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    char *argv[] = {"mrlab", (char *)opt, NULL};
    int argc = 2;
    engine_init_simgrid(&argc, argv);
    _exit(argc == 1 ? 0 : 3); /* 3: SimGrid left the option, it is none of its own */
  }
  close(fds[1]);
  char log[16384];
  size_t n = 0;
  for (ssize_t got = 1; got > 0;) { /* all of it, so the child never blocks; the start is kept */
    char sink[4096];
    got = n + 1 < sizeof log ? read(fds[0], log + n, sizeof log - 1 - n) : read(fds[0], sink, sizeof sink);
    if (got > 0 && n + 1 < sizeof log)
      n += (size_t)got;
  }
  log[n] = '\0';
  close(fds[0]);
  int ws = 0;
  if (pid < 0 || waitpid(pid, &ws, 0) != pid) {
    snprintf(err, errlen, "%s: cannot try it: %s", gave, strerror(errno));
    return -1;
  }
  if (WIFEXITED(ws) && WEXITSTATUS(ws) == 0)
    return 0;
  char why[1024];
  refusal_reason(log, why, sizeof why);
  snprintf(err, errlen, "%s: SimGrid refuses it: %s", gave, why);
  return -1;
}

/* Starts SimGrid with the N OPTIONS, mrlab's log categories written as XBT
 * takes them (log_rewrite) and each tried first.  0, or -1 with ERR set. */
static int simgrid_start(const char *const *options, int n, char *err, size_t errlen)
{
  char **argv = xcalloc((size_t)(n + 2), sizeof *argv);
  int status = 0;
  for (int i = 0; i < n && !status; i++) {
    size_t len = strlen(options[i]) + 1;
    argv[i + 1] = xmalloc(len);
    status = log_rewrite(options[i], argv[i + 1], len, err, errlen) ||
             option_check(argv[i + 1], options[i], err, errlen);
  }
  if (!status) {
    int argc = n + 1;
    char **args = xmalloc((size_t)(n + 2) * sizeof *args); /* SimGrid takes its options out of it */
    memcpy(args, argv, (size_t)(n + 2) * sizeof *args);
    args[0] = "mrlab";
    engine_init_simgrid(&argc, args);
    free(args);
  }
  for (int i = 1; i <= n; i++)
    free(argv[i]);
  free(argv);
  return status ? -1 : 0;
}

static volatile sig_atomic_t writing, interrupted;
static char stop_line[4200], stop_dir[4200]; /* for the handler: its message, the temporary directory */

static void on_interrupt(int sig)
{
  if (writing) {
    interrupted = sig;
    return;
  }
  ssize_t n = write(STDERR_FILENO, stop_line, strlen(stop_line));
  (void)n;
  rmdir(stop_dir);
  _exit(128 + sig);
}

/* Replaces SimGrid's SIGINT handler, and the default SIGTERM and SIGHUP (a closed terminal) ones, with on_interrupt
 * for the run writing into D. */
static void interrupts_catch(const outdir *d)
{
  snprintf(stop_line, sizeof stop_line, "%smrlab: interrupted; %s left as it was\n",
           statusline_wanted() ? "\r\033[K" : "", d->final); /* over the progress line, if any */
  snprintf(stop_dir, sizeof stop_dir, "%s", d->tmp);
  struct sigaction act = {.sa_handler = on_interrupt};
  sigemptyset(&act.sa_mask);
  sigaction(SIGINT, &act, NULL);
  sigaction(SIGTERM, &act, NULL);
  sigaction(SIGHUP, &act, NULL);
}

int sim_run(const platform *p, const workload *w, const sim_inputs *in, const char *dir, FILE *out, char *err,
            size_t errlen)
{
  json_t *inputs = report_inputs(in, err, errlen); /* the checksums of the files as read */
  if (!inputs || simgrid_start(in->options, in->n_options, err, errlen)) {
    json_decref(inputs);
    return 2;
  }
  /* Signals wait until the handler knows the temporary directory and the platform is built. */
  sigset_t held, was;
  sigemptyset(&held);
  sigaddset(&held, SIGINT);
  sigaddset(&held, SIGTERM);
  sigaddset(&held, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &held, &was);
  outdir d;
  int opened = outdir_open(&d, dir, rundir_files, err, errlen) == 0;
  if (opened)
    interrupts_catch(&d);
  conf cluster = workload_cluster(w, &p->settings); /* mrlab.disk.lazy: a host a disk (topology.h) */
  /* rack gateways only when a job shuffles by rack or coarsely, or HDFS's transfers go by rack pair */
  int gateways = conf_get(&cluster, CONF_HDFS_COARSE) != 0;
  for (int i = 0; i < w->n_jobs; i++)
    gateways |=
        conf_get(&w->jobs[i].conf, CONF_SHUFFLE_BY_RACK) != 0 || conf_get(&w->jobs[i].conf, CONF_SHUFFLE_COARSE) != 0;
  int loaded = opened && topology_load(p, gateways, conf_get(&cluster, CONF_DISK_LAZY) != 0, err, errlen) == 0;
  pthread_sigmask(SIG_SETMASK, &was, NULL);
  if (!opened) {
    json_decref(inputs);
    return 2;
  }
  engine *e = NULL;
  int status = 2;
  if (loaded && (e = engine_alloc(p, w, in->seed, err, errlen)) &&
      retire_alloc(e, in->trace || e->lost, err, errlen) == 0) { /* what keeps every job's tasks: retire.h */
    statusline_start(&e->line, in->progress_after, 0.5);
    engine_run(e);
    if (!e->stuck[0])
      sweep_rest(e);
    /* a run long enough to show the line leaves what it cost: CPU, a simulated hour's, and memory at most */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6,
           simulated = 0; /* the last job's end, as summary.json's makespan */
    for (int i = 0; i < e->n_jobs; i++)
      simulated = e->jobs[i].end > simulated ? e->jobs[i].end : simulated;
    char clock[64];
    statusline_finish(&e->line, "simulated %s in %.2f s of CPU (%.2f s a simulated hour), %.0f MiB of memory at most",
                      statusline_clock(simulated, clock, sizeof clock), cpu, simulated > 0 ? cpu * 3600 / simulated : 0,
                      (double)ru.ru_maxrss / 1024);
    writing = 1;
    if (e->stuck[0]) /* an impossible run, as a container that fits no node is refused */
      snprintf(err, errlen, "%s", e->stuck);
    else
      status = report_write(e, in, inputs, d.tmp, err, errlen) ? 1 : 0;
  }
  if (status == 0 && interrupted) {
    snprintf(err, errlen, "interrupted; %s left as it was", d.final);
    status = 128 + interrupted;
  }
  if (status == 0)
    status = outdir_commit(&d, err, errlen) ? 1 : 0;
  else
    outdir_discard(&d);
  if (status == 0)
    report_print(e, out);
  static const char *const sampled[][2] = {{RUNDIR_PROGRESS, "mrlab.progress.period"},
                                           {RUNDIR_UTILISATION, "mrlab.utilisation.period"},
                                           {RUNDIR_HOST_UTILISATION, "mrlab.utilisation.period"}};
  int warn = status == 0 && verbosity_get() != VERBOSITY_QUIET;
  for (int k = 0; warn && k < 3; k++)
    if (e->stopped[k] > 0)
      fprintf(stderr,
              "mrlab: warning: %s: sampling stopped at %.6g s of simulated time, at %d rows (mrlab's bound on a "
              "sampled table); a longer %s samples the whole run\n",
              sampled[k][0], e->stopped[k], CONF_SAMPLED_ROWS, sampled[k][1]);
  if (warn && e->uplink_max > ENGINE_HEARTBEAT_REACH && conf_get(&e->cluster, CONF_HEARTBEAT_IDLE) == CONF_IDLE_SKIP)
    fprintf(stderr,
            "mrlab: warning: a heartbeat took %.3f s to reach the JobTracker, more than the %g s within which idle "
            "trackers keep the heartbeats that may meet work; mrlab.heartbeat.idle=send sends every one\n",
            e->uplink_max, ENGINE_HEARTBEAT_REACH);
  engine_free(e);
  json_decref(inputs);
  return status;
}

/* Prints what SimGrid itself holds once the platform is loaded; with
 * DISK_HOSTS (mrlab.disk.lazy), a host a disk too, counted apart. */
static void print_loaded(FILE *out, int disk_hosts)
{
  size_t n_hosts = sg_host_count(), n_disks = 0;
  sg_host_t *hosts = sg_host_list();
  double flops = 0;
  for (size_t i = 0; i < n_hosts; i++) {
    unsigned int d;
    sg_disk_t *disks;
    sg_host_get_disks(hosts[i], &d, &disks);
    free(disks);
    n_disks += d;
    flops += sg_host_get_speed(hosts[i]) * sg_host_core_count(hosts[i]);
  }
  free(hosts);
  if (disk_hosts) {
    n_hosts -= n_disks;
    flops -= (double)n_disks * TOPOLOGY_DISK_SPEED;
  }
  fprintf(out, "\nSimGrid loaded it: %zu hosts, %zu disks, %zu links, %.6g Gf in all (master included)", n_hosts,
          n_disks, sg_link_count(), flops / 1e9);
  fprintf(out, disk_hosts ? "; and a host for each disk (mrlab.disk.lazy).\n" : ".\n");
}

int sim_platform(const platform *p, const char *const *options, int n_options, int xml, FILE *out, char *err,
                 size_t errlen)
{
  if (simgrid_start(options, n_options, err, errlen))
    return 2;
  int lazy = conf_get(&p->settings, CONF_DISK_LAZY) != 0; /* a disk a host, as the platform's runs load it */
  if (xml) {
    topology_write_xml(p, 0, lazy, out);
    return 0;
  }
  if (topology_load(p, 0, lazy, err, errlen) != 0)
    return 1;
  platform_print_summary(p, out);
  print_loaded(out, lazy);
  return 0;
}
