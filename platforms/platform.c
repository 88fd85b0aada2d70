/* platform.c - reads a platform file into a platform, checking every setting.
 *
 * The file is read in one pass, top to bottom, so the first bad setting is
 * the one reported.  Node classes are then expanded into one platform_node
 * per worker: a class's nodes are split over its racks in consecutive
 * blocks, so hosts named fast-1..fast-8 sit together as they would on real
 * rack shelves.
 *
 * Every size, count and rate is bounded (the table below): to what a real
 * cluster holds, and to what mrlab simulates in reasonable time on a small
 * machine.  The project targets 1,000-node runs; a run's wall time grows
 * with its events, and those with the workers (heartbeats, fetches), so the
 * bounds leave a factor of ten above that and refuse the rest with a
 * message naming the bound. */
#include "platform.h"

#include "alloc.h"
#include "cfg.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* mrlab's bounds on a cluster (docs/limits.md). */
#define MAX_WORKERS 10000
static const cfg_bound class_count = {1, MAX_WORKERS, "the workers of a cluster"};
static const cfg_bound class_cores = {1, 256, "a node's cores"};
static const cfg_bound class_slots = {0, 256, "a node's slots of one kind"};
static const cfg_bound core_speed = {1e6, 1e12, "a core's speed: 1 Mf to 1 Tf"};
static const cfg_bound node_memory = {1048576, 64 * 1099511627776.0, "a node's memory"};
static const cfg_bound disk_rate = {1e6, 1e11, "a disk's rate: 1 MBps to 100 GBps"};
static const cfg_bound link_rate = {125000, 1.25e13, "a link's bandwidth: 1 Mbps to 100 Tbps"};
static const cfg_bound link_latency = {0, 1, "a link's latency"};
static const cfg_bound n_disks = {1, 64, "a node's disks"};
static const cfg_bound n_racks = {1, 1000, "the racks of a cluster"};
/* SimGrid's zones list a route per pair of a rack's hosts, and per pair of racks */
#define MAX_RACK_NODES 200
static const cfg_bound n_classes = {1, 1000, "the node classes of a cluster"};

static const char *const top_keys[] = {"name", "core", "racks", "node_classes", "master", "settings", "queues", NULL};
static const char *const queue_keys[] = {"name", "capacity", NULL};
static const cfg_bound n_queues = {1, 1000, "the queues of a cluster"};
static const char *const link_keys[] = {"bandwidth", "latency", NULL};
static const char *const rack_keys[] = {"name", "uplink", NULL};
static const char *const class_keys[] = {"name",   "count", "racks", "cores", "speed",
                                         "memory", "disks", "nic",   "slots", NULL};
static const char *const disk_keys[] = {"read", "write", NULL};
static const char *const slot_keys[] = {"map", "reduce", NULL};
static const char *const master_keys[] = {"class", "rack", NULL};

/* The member "name" of G: a short identifier, since it becomes part of host,
 * zone and link names in the SimGrid platform. */
static int get_name(cfg_file *f, const config_setting_t *g, const char **name)
{
  return cfg_get_name(f, g, 40, name);
}

static int read_link(cfg_file *f, const config_setting_t *parent, const char *name, platform_link *out)
{
  config_setting_t *g =
      cfg_get_group(f, parent, name, link_keys, "a link such as { bandwidth = \"1Gbps\"; latency = \"50us\"; }");
  if (!g || cfg_get_bounded_quantity(f, g, "bandwidth", 1, UNITS_BANDWIDTH, &link_rate, &out->bandwidth) ||
      cfg_get_bounded_quantity(f, g, "latency", 1, UNITS_TIME, &link_latency, &out->latency))
    return -1;
  return 0;
}

static int find_rack(const platform *p, const char *name)
{
  for (int r = 0; r < p->n_racks; r++)
    if (strcmp(p->racks[r].name, name) == 0)
      return r;
  return -1;
}

int platform_class_named(const platform *p, const char *name)
{
  for (int c = 0; c < p->n_classes; c++)
    if (strcmp(p->classes[c].name, name) == 0)
      return c;
  return -1;
}

/* Fails unless S names a rack of P; stores its index in *RACK. */
static int rack_named(cfg_file *f, const platform *p, const config_setting_t *s, int *rack)
{
  const char *name = config_setting_type(s) == CONFIG_TYPE_STRING ? config_setting_get_string(s) : NULL;
  if (!name)
    return cfg_fail(f, s, "expected the name of a rack in double quotes");
  *rack = find_rack(p, name);
  if (*rack < 0)
    return cfg_fail(f, s, "no rack is named \"%s\" (expected a name from \"racks\")", name);
  return 0;
}

static int read_racks(cfg_file *f, platform *p)
{
  config_setting_t *l = cfg_get_list(f, config_root_setting(&f->cfg), "racks",
                                     "a list of racks such as ( { name = \"rack1\"; uplink = { ... }; } )");
  if (!l || cfg_check_bound(f, l, UNITS_NUMBER, &n_racks, config_setting_length(l)))
    return -1;
  p->racks = xcalloc((size_t)config_setting_length(l), sizeof *p->racks);
  for (int r = 0; r < config_setting_length(l); r++) {
    config_setting_t *g = config_setting_get_elem(l, (unsigned)r);
    const char *name;
    if (cfg_check_keys(f, g, rack_keys) || get_name(f, g, &name))
      return -1;
    if (find_rack(p, name) >= 0 || strcmp(name, p->name) == 0)
      return cfg_fail(f, config_setting_get_member(g, "name"),
                      "a rack or the cluster is already named \"%s\" (expected a new name)", name);
    p->racks[r].name = xstrdup(name);
    p->n_racks++;
    if (read_link(f, g, "uplink", &p->racks[r].uplink))
      return -1;
  }
  return 0;
}

static int read_disks(cfg_file *f, const config_setting_t *cls, platform_class *c)
{
  config_setting_t *l =
      cfg_get_list(f, cls, "disks", "a list of disks such as ( { read = \"150MBps\"; write = \"120MBps\"; } )");
  if (!l || cfg_check_bound(f, l, UNITS_NUMBER, &n_disks, config_setting_length(l)))
    return -1;
  c->n_disks = config_setting_length(l);
  c->disks = xcalloc((size_t)c->n_disks, sizeof *c->disks);
  for (int d = 0; d < c->n_disks; d++) {
    config_setting_t *g = config_setting_get_elem(l, (unsigned)d);
    if (cfg_check_keys(f, g, disk_keys) ||
        cfg_get_bounded_quantity(f, g, "read", 1, UNITS_BANDWIDTH, &disk_rate, &c->disks[d].read_bw) ||
        cfg_get_bounded_quantity(f, g, "write", 1, UNITS_BANDWIDTH, &disk_rate, &c->disks[d].write_bw))
      return -1;
  }
  return 0;
}

/* Reads class C and appends its workers, split over its racks in blocks. */
static int read_class(cfg_file *f, platform *p, const config_setting_t *g, platform_class *c)
{
  const char *name;
  if (cfg_check_keys(f, g, class_keys) || get_name(f, g, &name))
    return -1;
  if (platform_class_named(p, name) >= 0)
    return cfg_fail(f, config_setting_get_member(g, "name"),
                    "a node class is already named \"%s\" (expected a new name)", name);
  c->name = xstrdup(name);
  p->n_classes++;
  if (cfg_get_bounded_int(f, g, "count", 1, &class_count, &c->count))
    return -1;
  if (p->n_workers + c->count > MAX_WORKERS)
    return cfg_fail(f, config_setting_get_member(g, "count"),
                    "at most %d workers in all (mrlab's bound on the workers of a cluster), got %d with this class",
                    MAX_WORKERS, p->n_workers + c->count);
  if (cfg_get_bounded_int(f, g, "cores", 1, &class_cores, &c->cores) ||
      cfg_get_bounded_quantity(f, g, "speed", 1, UNITS_SPEED, &core_speed, &c->speed) ||
      cfg_get_bounded_quantity(f, g, "memory", 1, UNITS_SIZE, &node_memory, &c->memory) || read_disks(f, g, c) ||
      read_link(f, g, "nic", &c->nic))
    return -1;
  config_setting_t *slots = cfg_get_group(f, g, "slots", slot_keys, "task slots such as { map = 4; reduce = 2; }");
  if (!slots || cfg_get_bounded_int(f, slots, "map", 1, &class_slots, &c->map_slots) ||
      cfg_get_bounded_int(f, slots, "reduce", 1, &class_slots, &c->reduce_slots))
    return -1;

  config_setting_t *racks = cfg_member(f, g, "racks", 1, "a list of rack names such as [\"rack1\", \"rack2\"]");
  if (!racks)
    return -1;
  if (!config_setting_is_array(racks) || config_setting_length(racks) == 0)
    return cfg_fail(f, racks, "expected a list of rack names such as [\"rack1\", \"rack2\"]");
  int n_racks = config_setting_length(racks);
  if (n_racks > c->count)
    return cfg_fail(f, racks, "expected at most %d racks for %d nodes, got %d", c->count, c->count, n_racks);
  p->workers = xrealloc(p->workers, (size_t)(p->n_workers + c->count) * sizeof *p->workers);
  int k = 0;
  for (int i = 0; i < n_racks; i++) {
    int rack;
    if (rack_named(f, p, config_setting_get_elem(racks, (unsigned)i), &rack))
      return -1;
    int in_rack = c->count / n_racks + (i < c->count % n_racks);
    for (int j = 0; j < in_rack; j++, k++) {
      platform_node *n = &p->workers[p->n_workers++];
      snprintf(n->name, sizeof n->name, "%s-%d", c->name, k + 1);
      n->cls = (int)(c - p->classes);
      n->rack = rack;
      p->racks[rack].n_nodes++;
    }
  }
  return 0;
}

static int read_classes(cfg_file *f, platform *p)
{
  config_setting_t *l =
      cfg_get_list(f, config_root_setting(&f->cfg), "node_classes",
                   "a non-empty list of node classes such as ( { name = \"worker\"; count = 4; ... } )");
  if (!l || cfg_check_bound(f, l, UNITS_NUMBER, &n_classes, config_setting_length(l)))
    return -1;
  p->classes = xcalloc((size_t)config_setting_length(l), sizeof *p->classes);
  for (int i = 0; i < config_setting_length(l); i++)
    if (read_class(f, p, config_setting_get_elem(l, (unsigned)i), &p->classes[i]))
      return -1;
  return 0;
}

static int read_master(cfg_file *f, platform *p)
{
  config_setting_t *g = cfg_get_group(f, config_root_setting(&f->cfg), "master", master_keys,
                                      "the master node such as { class = \"worker\"; rack = \"rack1\"; }");
  const char *cls;
  if (!g || cfg_get_string(f, g, "class", 1, &cls))
    return -1;
  p->master.cls = platform_class_named(p, cls);
  if (p->master.cls < 0)
    return cfg_fail(f, config_setting_get_member(g, "class"),
                    "no node class is named \"%s\" (expected a name from \"node_classes\")", cls);
  config_setting_t *rack = cfg_member(f, g, "rack", 1, "the name of a rack in double quotes");
  if (!rack || rack_named(f, p, rack, &p->master.rack))
    return -1;
  snprintf(p->master.name, sizeof p->master.name, "master");
  p->racks[p->master.rack].n_nodes++;
  return 0;
}

/* The cluster properties of the optional list "settings" (conf.h), over
 * BASE or else the defaults. */
static int read_settings(cfg_file *f, platform *p, const conf *base)
{
  if (base)
    p->settings = *base;
  else
    conf_init(&p->settings);
  config_setting_t *l = config_setting_get_member(config_root_setting(&f->cfg), "settings");
  if (!l)
    return 0;
  if (!config_setting_is_array(l) && !config_setting_is_list(l))
    return cfg_fail(f, l, "expected a list of settings such as [\"mapreduce.tasktracker.outofband.heartbeat=true\"]");
  for (int i = 0; i < config_setting_length(l); i++) {
    config_setting_t *s = config_setting_get_elem(l, (unsigned)i);
    char err[512];
    if (config_setting_type(s) != CONFIG_TYPE_STRING)
      return cfg_fail(f, s,
                      "expected a setting in double quotes such as \"mapreduce.tasktracker.outofband.heartbeat=true\"");
    if (conf_set(&p->settings, CONF_CLUSTER, config_setting_get_string(s), err, sizeof err))
      return cfg_fail(f, s, "%s", err);
  }
  return 0;
}

int platform_queue_named(const platform *p, const char *name)
{
  for (int q = 0; q < p->n_queues; q++)
    if (strcmp(p->queues[q].name, name) == 0)
      return q;
  return -1;
}

/* The CapacityScheduler's queues of the optional list "queues": each a
 * name and a capacity in percent, summing to 100 as YARN requires of a
 * parent queue's children; without the list, YARN's one queue "default". */
static int read_queues(cfg_file *f, platform *p)
{
  config_setting_t *l = config_setting_get_member(config_root_setting(&f->cfg), "queues");
  if (!l) {
    p->queues = xcalloc(1, sizeof *p->queues);
    p->queues[0] = (platform_queue){xstrdup("default"), 100};
    p->n_queues = 1;
    return 0;
  }
  if (!config_setting_is_list(l))
    return cfg_fail(f, l, "expected a list of queues such as ( { name = \"default\"; capacity = 100.0; } )");
  if (cfg_check_bound(f, l, UNITS_NUMBER, &n_queues, config_setting_length(l)))
    return -1;
  p->queues = xcalloc((size_t)config_setting_length(l), sizeof *p->queues);
  double sum = 0;
  for (int q = 0; q < config_setting_length(l); q++) {
    config_setting_t *g = config_setting_get_elem(l, (unsigned)q);
    const char *name;
    if (cfg_check_keys(f, g, queue_keys) || get_name(f, g, &name))
      return -1;
    if (platform_queue_named(p, name) >= 0)
      return cfg_fail(f, config_setting_get_member(g, "name"), "a queue is already named \"%s\" (expected a new name)",
                      name);
    p->queues[q].name = xstrdup(name);
    p->n_queues++;
    if (cfg_get_number(f, g, "capacity", 1, 1e-3, 100, &p->queues[q].capacity))
      return -1;
    sum += p->queues[q].capacity;
  }
  if (fabs(sum - 100) > 1e-6)
    return cfg_fail(f, l, "expected queue capacities summing to 100 (percent), got %g", sum);
  return 0;
}

/* Whole-cluster checks: a cluster that parses but cannot run a job. */
static int check_cluster(cfg_file *f, const platform *p)
{
  const config_setting_t *root = config_root_setting(&f->cfg);
  int64_t map_slots = 0, reduce_slots = 0;
  for (int i = 0; i < p->n_workers; i++) {
    map_slots += platform_node_class(p, &p->workers[i])->map_slots;
    reduce_slots += platform_node_class(p, &p->workers[i])->reduce_slots;
  }
  if (map_slots == 0 || reduce_slots == 0)
    return cfg_fail(f, config_setting_get_member(root, "node_classes"),
                    "no worker has a %s slot (expected slots.%s >= 1 in at least one class)",
                    map_slots == 0 ? "map" : "reduce", map_slots == 0 ? "map" : "reduce");
  for (int r = 0; r < p->n_racks; r++)
    if (p->racks[r].n_nodes > MAX_RACK_NODES)
      return cfg_fail(f, config_setting_get_elem(config_setting_get_member(root, "racks"), (unsigned)r),
                      "at most %d nodes in rack \"%s\" (mrlab's bound on a rack's nodes), got %d", MAX_RACK_NODES,
                      p->racks[r].name, p->racks[r].n_nodes);
  for (int r = 0; r < p->n_racks; r++)
    if (p->racks[r].n_nodes == 0)
      return cfg_fail(f, config_setting_get_elem(config_setting_get_member(root, "racks"), (unsigned)r),
                      "rack \"%s\" holds no node (expected it in some class's \"racks\", or removed)",
                      p->racks[r].name);
  return 0;
}

platform *platform_read(const char *path, char *err, size_t errlen)
{
  return platform_read_with(path, NULL, err, errlen);
}

platform *platform_read_with(const char *path, const conf *base, char *err, size_t errlen)
{
  cfg_file f;
  platform *p = xcalloc(1, sizeof *p);
  const char *name;
  int bad = cfg_file_open(&f, path) || cfg_check_keys(&f, config_root_setting(&f.cfg), top_keys) ||
            get_name(&f, config_root_setting(&f.cfg), &name);
  if (!bad) {
    p->name = xstrdup(name);
    bad = read_link(&f, config_root_setting(&f.cfg), "core", &p->core) || read_racks(&f, p) || read_classes(&f, p) ||
          read_master(&f, p) || check_cluster(&f, p) || read_queues(&f, p) || read_settings(&f, p, base);
  }
  if (bad) {
    snprintf(err, errlen, "%s", f.err);
    platform_free(p);
    p = NULL;
  }
  cfg_file_close(&f);
  return p;
}

int platform_restrict(platform *p, const char *names, char *err, size_t errlen)
{
  char *list = xstrdup(names), *save = NULL;
  int *keep = xcalloc((size_t)p->n_workers, sizeof *keep), bad = !*names;
  if (bad)
    snprintf(err, errlen, "--workers: expected worker or node class names separated by commas, got nothing");
  for (char *name = strtok_r(list, ",", &save); name && !bad; name = strtok_r(NULL, ",", &save)) {
    int cls = platform_class_named(p, name), found = cls >= 0;
    for (int w = 0; w < p->n_workers; w++)
      if (p->workers[w].cls == cls || strcmp(p->workers[w].name, name) == 0)
        keep[w] = found = 1;
    bad = !found;
    if (bad)
      snprintf(err, errlen,
               "--workers: no worker or node class of %s is named \"%s\" (expected one like \"%s\" or \"%s\")", p->name,
               name, p->workers[0].name, p->classes[p->workers[0].cls].name);
  }
  int map_slots = 0, reduce_slots = 0;
  for (int w = 0; w < p->n_workers && !bad; w++)
    if (keep[w]) {
      map_slots += platform_node_class(p, &p->workers[w])->map_slots;
      reduce_slots += platform_node_class(p, &p->workers[w])->reduce_slots;
    }
  if (!bad && (map_slots == 0 || reduce_slots == 0)) {
    bad = 1;
    snprintf(err, errlen, "--workers: %s have no %s slot (expected at least one worker with slots.%s >= 1)", names,
             map_slots ? "reduce" : "map", map_slots ? "reduce" : "map");
  }
  if (!bad) {
    int n = 0, *rack_to = xcalloc((size_t)p->n_racks, sizeof *rack_to), n_racks = 0;
    for (int c = 0; c < p->n_classes; c++)
      p->classes[c].count = 0;
    for (int r = 0; r < p->n_racks; r++)
      p->racks[r].n_nodes = r == p->master.rack;
    for (int w = 0; w < p->n_workers; w++)
      if (keep[w]) {
        p->workers[n] = p->workers[w];
        p->classes[p->workers[n].cls].count++;
        p->racks[p->workers[n++].rack].n_nodes++;
      }
    p->n_workers = n;
    for (int r = 0; r < p->n_racks; r++) {
      rack_to[r] = n_racks;
      if (p->racks[r].n_nodes)
        p->racks[n_racks++] = p->racks[r];
      else
        free(p->racks[r].name);
    }
    p->n_racks = n_racks;
    for (int w = 0; w < n; w++)
      p->workers[w].rack = rack_to[p->workers[w].rack];
    p->master.rack = rack_to[p->master.rack];
    free(rack_to);
  }
  free(keep);
  free(list);
  return bad ? -1 : 0;
}

void platform_free(platform *p)
{
  if (!p)
    return;
  for (int c = 0; c < p->n_classes; c++) {
    free(p->classes[c].name);
    free(p->classes[c].disks);
  }
  for (int r = 0; r < p->n_racks; r++)
    free(p->racks[r].name);
  for (int q = 0; q < p->n_queues; q++)
    free(p->queues[q].name);
  free(p->queues);
  free(p->classes);
  free(p->racks);
  free(p->workers);
  free(p->name);
  free(p);
}

const platform_class *platform_node_class(const platform *p, const platform_node *n)
{
  return &p->classes[n->cls];
}

void platform_worker_capacity(const platform *p, int *cores, double *memory)
{
  for (int w = 0; w < p->n_workers; w++) {
    const platform_class *c = platform_node_class(p, &p->workers[w]);
    cores[w] = c->cores;
    memory[w] = c->memory;
  }
}

/* Per-rack totals for the summary. */
typedef struct {
  long long nodes, cores;
  double flops, disk_read, disk_write, nic;
} rack_totals;

static void add_node(rack_totals *t, const platform_class *c)
{
  t->nodes++;
  t->cores += c->cores;
  t->flops += (double)c->cores * c->speed;
  for (int d = 0; d < c->n_disks; d++) {
    t->disk_read += c->disks[d].read_bw;
    t->disk_write += c->disks[d].write_bw;
  }
  t->nic += c->nic.bandwidth;
}

static void print_totals(FILE *out, const char *name, const rack_totals *t, const char *uplink)
{
  char flops[32], rd[32], wr[32], nic[32];
  units_format(UNITS_SPEED, t->flops, flops, sizeof flops);
  units_format(UNITS_BANDWIDTH, t->disk_read, rd, sizeof rd);
  units_format(UNITS_BANDWIDTH, t->disk_write, wr, sizeof wr);
  units_format(UNITS_BANDWIDTH, t->nic, nic, sizeof nic);
  fprintf(out, "%-12s %6lld %6lld %12s %12s %12s %12s %12s\n", name, t->nodes, t->cores, flops, rd, wr, nic, uplink);
}

void platform_print_summary(const platform *p, FILE *out)
{
  char buf[5][32];
  fprintf(out, "cluster %s: %d workers and a master (%s) in %d rack%s\n\n", p->name, p->n_workers,
          p->classes[p->master.cls].name, p->n_racks, p->n_racks == 1 ? "" : "s");
  fprintf(out, "%-12s %6s %6s %12s %12s %6s %12s %10s\n", "class", "nodes", "cores", "core speed", "memory", "disks",
          "NIC", "slots m/r");
  for (int c = 0; c < p->n_classes; c++) {
    const platform_class *k = &p->classes[c];
    char slots[24];
    units_format(UNITS_SPEED, k->speed, buf[0], sizeof buf[0]);
    units_format(UNITS_SIZE, k->memory, buf[1], sizeof buf[1]);
    units_format(UNITS_BANDWIDTH, k->nic.bandwidth, buf[2], sizeof buf[2]);
    snprintf(slots, sizeof slots, "%d/%d", k->map_slots, k->reduce_slots);
    fprintf(out, "%-12s %6d %6d %12s %12s %6d %12s %10s\n", k->name, k->count, k->cores, buf[0], buf[1], k->n_disks,
            buf[2], slots);
  }
  fprintf(out, "\n%-12s %6s %6s %12s %12s %12s %12s %12s\n", "rack", "nodes", "cores", "flops", "disk read",
          "disk write", "NIC total", "uplink");
  rack_totals all = {0};
  for (int r = 0; r < p->n_racks; r++) {
    rack_totals t = {0};
    for (int i = 0; i < p->n_workers; i++)
      if (p->workers[i].rack == r) {
        add_node(&t, platform_node_class(p, &p->workers[i]));
        add_node(&all, platform_node_class(p, &p->workers[i]));
      }
    units_format(UNITS_BANDWIDTH, p->racks[r].uplink.bandwidth, buf[3], sizeof buf[3]);
    print_totals(out, p->racks[r].name, &t, buf[3]);
  }
  units_format(UNITS_BANDWIDTH, p->core.bandwidth, buf[4], sizeof buf[4]);
  print_totals(out, "all workers", &all, buf[4]);
  fprintf(out,
          "\nThe last column is each rack's uplink, and the core switch for all workers.\n"
          "The master sits in %s and is counted in no row.\n",
          p->racks[p->master.rack].name);
}
