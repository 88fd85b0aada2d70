/* mrlab.c - the mrlab command: one program, one subcommand per stage.
 *
 * Each subcommand parses its own arguments and returns an exit status:
 * 0 on success, 2 on bad input or usage (after one message on stderr that
 * names the file, the line and what was expected), 1 on an internal error.
 * Work itself lives in the stage folders; this file only dispatches. */
#include "platform.h"
#include "topology.h"

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MRLAB_VERSION "0.1.0"

static const char usage_main[] =
    "usage: mrlab COMMAND [ARGS]\n"
    "\n"
    "mrlab simulates Hadoop MapReduce clusters on SimGrid.\n"
    "\n"
    "commands:\n"
    "  platform PLATFORM.cfg [--xml]   summary of a cluster, or the SimGrid XML it becomes\n"
    "  version                         print the version\n"
    "\n"
    "Every command takes --help.\n";

static const char usage_platform[] = "usage: mrlab platform PLATFORM.cfg [--xml]\n"
                                     "\n"
                                     "Reads a platform file, loads the cluster it describes into SimGrid, and\n"
                                     "prints a summary: node classes, then per rack the nodes, cores, aggregate\n"
                                     "flops, disk and network bandwidth.  With --xml, prints the SimGrid platform\n"
                                     "the file becomes instead.  A bad file gets one message naming its line, and\n"
                                     "exit status 2.\n";

static int wants_help(int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
      return 1;
  return 0;
}

static int usage_error(const char *usage, const char *fmt, const char *arg)
{
  fprintf(stderr, "mrlab: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage);
  return 2;
}

/* Prints what SimGrid itself holds once the platform is loaded. */
static void print_loaded(FILE *out)
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
  fprintf(out, "\nSimGrid loaded it: %zu hosts, %zu disks, %zu links, %.6g Gf in all (master included).\n", n_hosts,
          n_disks, sg_link_count(), flops / 1e9);
}

/* mrlab platform FILE [--xml] */
static int cmd_platform(int argc, char **argv)
{
  if (wants_help(argc, argv)) {
    fputs(usage_platform, stdout);
    return 0;
  }
  simgrid_init(&argc, argv); /* takes SimGrid's own --cfg= and --log= */
  const char *file = NULL;
  int xml = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--xml") == 0)
      xml = 1;
    else if (argv[i][0] == '-')
      return usage_error(usage_platform, "unknown option %s", argv[i]);
    else if (!file)
      file = argv[i];
    else
      return usage_error(usage_platform, "unexpected argument %s", argv[i]);
  }
  if (!file)
    return usage_error(usage_platform, "%s", "missing PLATFORM.cfg");
  char err[1024];
  platform *p = platform_read(file, err, sizeof err);
  if (!p) {
    fprintf(stderr, "mrlab: %s\n", err);
    return 2;
  }
  int status = 0;
  if (xml) {
    topology_write_xml(p, stdout);
  } else if (topology_load(p, err, sizeof err) != 0) {
    fprintf(stderr, "mrlab: %s\n", err);
    status = 1;
  } else {
    platform_print_summary(p, stdout);
    print_loaded(stdout);
  }
  platform_free(p);
  return status;
}

int main(int argc, char **argv)
{
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
    fputs(usage_main, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0) {
    printf("mrlab %s\n", MRLAB_VERSION);
    return 0;
  }
  if (strcmp(argv[1], "platform") == 0)
    return cmd_platform(argc - 1, argv + 1);
  return usage_error(usage_main, "unknown command %s", argv[1]);
}
