/* solver.c - what one network event costs SimGrid's max-min solver, as a
 * function of the flows in flight, on an mrlab platform; no mrlab code runs.
 *
 * A big mrlab run spends nearly all its time in SimGrid's lmm::MaxMin::
 * do_solve (bench/engine, perf), which shares the links among the flows in
 * flight again whenever one starts or ends.  This program measures that
 * price alone, to explain a run's cost from its counts (summary.json's
 * "activities") and to bound what any model with as many flows can reach:
 * FLOWS actors each send one message after another, from a host of their
 * own to a host drawn at random, sizes drawn from an exponential law (so that
 * flows end one at a time, as a shuffle's fetches do), until TOTAL messages
 * have gone; FLOWS stay in flight the whole time.  With --per-rack the
 * hosts are only the first of each rack (each child zone of the root), as a
 * model that lumped each rack's traffic into one flow per rack pair would
 * have them: as many flows over far fewer links.  With --disk each actor
 * writes to its host's first disk instead (a map's spills and merges), and
 * with --exec computes on its host's cores (the map function), sizes drawn
 * the same way: SimGrid 3.32's disk model has only the full update, which
 * walks every operation in flight at every event, where the CPU model's
 * lazy update touches only the activities whose share changed.
 *
 *   build/bench/solver PLATFORM.xml FLOWS TOTAL [--per-rack | --disk | --exec] [--cfg=...]
 *
 * prints one line: flows (activities in flight), messages (activities in
 * all), the hosts they run on, simulated seconds, CPU seconds, CPU
 * microseconds per activity and CPU nanoseconds per activity and activity
 * in flight. */
#include <simgrid/actor.h>
#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/zone.h>
#include <xbt/asserts.h>
#include <xbt/dict.h>
#include <xbt/dynar.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MEAN_BYTES (4.0 * 1024 * 1024) /* about a by-rack shuffle fetch of bench/terasort1t.cfg */

static sg_host_t *hosts;
static size_t n_hosts;
static long per_actor;
static gsl_rng *rng;
static enum { LANE_NET, LANE_DISK, LANE_EXEC } lane_kind = LANE_NET;

/* One lane: sends per_actor messages from its host, hosts[argv[1]], one
 * after another, each to another host. */
static void lane_actor(int argc, char **argv)
{
  xbt_assert(argc == 2, "a lane is told its host's index");
  size_t self = strtoul(argv[1], NULL, 10);
  unsigned n_disks = 0;
  sg_disk_t *disks = NULL;
  if (lane_kind == LANE_DISK) {
    sg_host_get_disks(hosts[self], &n_disks, &disks);
    xbt_assert(n_disks > 0, "host %s has no disk", sg_host_get_name(hosts[self]));
  }
  for (long i = 0; i < per_actor; i++) {
    double size = 1.0 + gsl_ran_exponential(rng, MEAN_BYTES);
    if (lane_kind == LANE_DISK) {
      sg_disk_write(disks[0], (sg_size_t)size);
    } else if (lane_kind == LANE_EXEC) {
      sg_actor_execute(10 * size); /* 10 flops a byte: an imported trace job's map_cost */
    } else {
      size_t to = gsl_rng_uniform_int(rng, n_hosts - 1);
      sg_host_sendto(hosts[self], hosts[to >= self ? to + 1 : to], size);
    }
  }
  free(disks);
}

/* The first host of each child zone of the root: one a rack. */
static void hosts_per_rack(void)
{
  xbt_dict_t sons = xbt_dict_new_homogeneous(NULL);
  sg_zone_get_sons(sg_zone_get_root(), sons);
  hosts = malloc(xbt_dict_length(sons) * sizeof *hosts);
  n_hosts = 0;
  xbt_dict_cursor_t cursor = NULL;
  char *key;
  sg_netzone_t zone;
  xbt_dict_foreach (sons, cursor, key, zone) {
    xbt_dynar_t in = xbt_dynar_new(sizeof(sg_host_t), NULL);
    sg_zone_get_hosts(zone, in);
    if (!xbt_dynar_is_empty(in))
      hosts[n_hosts++] = xbt_dynar_get_as(in, 0, sg_host_t);
    xbt_dynar_free(&in);
  }
  xbt_dict_free(&sons);
}

int main(int argc, char **argv)
{
  simgrid_init(&argc, argv);
  const char *mode = argc == 5 ? argv[4] : "";
  xbt_assert(argc >= 4 && argc <= 5 &&
                 (argc == 4 || !strcmp(mode, "--per-rack") || !strcmp(mode, "--disk") || !strcmp(mode, "--exec")),
             "usage: %s PLATFORM.xml FLOWS TOTAL [--per-rack | --disk | --exec] [--cfg=NAME:VALUE ...]", argv[0]);
  lane_kind = !strcmp(mode, "--disk") ? LANE_DISK : !strcmp(mode, "--exec") ? LANE_EXEC : LANE_NET;
  long flows = atol(argv[2]), total = atol(argv[3]);
  xbt_assert(flows > 0 && total >= flows, "FLOWS must be positive and TOTAL at least FLOWS");
  simgrid_load_platform(argv[1]);
  if (!strcmp(mode, "--per-rack")) {
    hosts_per_rack();
  } else {
    n_hosts = sg_host_count();
    hosts = sg_host_list();
  }
  size_t kept = 0; /* with --disk, the hosts that have one (the workers) */
  for (size_t h = 0; h < n_hosts; h++) {
    unsigned n_disks = 1;
    sg_disk_t *disks = NULL;
    if (lane_kind == LANE_DISK)
      sg_host_get_disks(hosts[h], &n_disks, &disks);
    free(disks);
    if (n_disks > 0)
      hosts[kept++] = hosts[h];
  }
  n_hosts = kept;
  xbt_assert(n_hosts >= 2, "%s: fewer than two hosts to send between", argv[1]);
  per_actor = total / flows;
  rng = gsl_rng_alloc(gsl_rng_mt19937);
  for (long i = 0; i < flows; i++) {
    char index[32];
    snprintf(index, sizeof index, "%zu", (size_t)i % n_hosts);
    char *args[] = {"lane", index, NULL};
    sg_actor_create("lane", hosts[(size_t)i % n_hosts], lane_actor, 2, args);
  }
  clock_t start = clock();
  simgrid_run();
  double cpu = (double)(clock() - start) / CLOCKS_PER_SEC, messages = (double)(per_actor * flows);
  printf("flows %ld messages %.0f hosts %zu simulated %.2f s cpu %.2f s per message %.1f us per message and flow %.1f ns\n",
         flows, messages, n_hosts, simgrid_get_clock(), cpu, cpu / messages * 1e6, cpu / messages / (double)flows * 1e9);
  gsl_rng_free(rng);
  free(hosts);
  return 0;
}
