/* platform.h - a cluster as a platform file describes it.
 *
 * A platform file (libconfig; see the .cfg files in platforms/) declares node classes,
 * racks with their uplinks, the core switch and the master.  platform_read
 * checks it whole and expands it into one record per node, so the rest of
 * mrlab (HDFS placement, the scheduler, the SimGrid platform in sim/) never
 * sees the file, only this structure.  It knows nothing of SimGrid; all
 * quantities are in bytes, bytes per second, flops per second and seconds.
 * The file's optional `settings` list holds the cluster-wide properties
 * (conf.h): heartbeats, the slots' memory; they hold for every job. */
#ifndef MRLAB_PLATFORM_H
#define MRLAB_PLATFORM_H

#include "conf.h"

#include <stdio.h>

typedef struct {
  double bandwidth; /* bytes/s, each direction (links are full duplex) */
  double latency;   /* s */
} platform_link;

typedef struct {
  double read_bw, write_bw; /* bytes/s; reads and writes share one disk */
} platform_disk;

typedef struct {
  char *name;
  int count; /* workers of this class; the master is extra */
  int cores;
  double speed;  /* flops/s of one core */
  double memory; /* bytes */
  int n_disks;
  platform_disk *disks;
  platform_link nic;
  int map_slots, reduce_slots;
} platform_class;

typedef struct {
  char *name;
  platform_link uplink; /* from the rack switch to the core switch */
  int n_nodes;          /* workers and master in this rack */
} platform_rack;

typedef struct {
  char name[64]; /* host name: class name and index ("fast-3"), or "master" */
  int cls;       /* index into classes */
  int rack;      /* index into racks */
} platform_node;

/* A queue of YARN's CapacityScheduler, under root (sim/yarn.c). */
typedef struct {
  char *name;
  double capacity; /* percent of the cluster's resources it is guaranteed; the queues' sum to 100 */
} platform_queue;

typedef struct {
  char *name;
  platform_link core; /* the core switch: all traffic between racks */
  int n_classes;
  platform_class *classes;
  int n_racks;
  platform_rack *racks;
  int n_workers;
  platform_node *workers; /* in file order: class by class, racks dealt round-robin */
  platform_node master;
  int n_queues;
  platform_queue *queues; /* the file's `queues`, or one queue "default" of 100% */
  conf settings;          /* its cluster properties: its settings list over the defaults or a base; others unused */
} platform;

/* Reads and checks the platform file PATH.  Returns the platform, or NULL
 * with a "PATH:LINE: SETTING: expected ..." message in ERR. */
platform *platform_read(const char *path, char *err, size_t errlen);
/* The same, with the settings list over BASE (the defaults with Hadoop's
 * XML files over them, hadoopconf.h) instead of the defaults; NULL: them. */
platform *platform_read_with(const char *path, const conf *base, char *err, size_t errlen);
void platform_free(platform *p);

/* Cuts P down to the workers NAMES lists (comma-separated worker or node
 * class names; a class stands for all its workers), plus the master, as if
 * the file had declared only those: the other workers are dropped, the
 * classes counted again (a class may be left with no worker) and the racks
 * left empty removed.  Returns 0, or -1 with "--workers: ..." in ERR for a
 * name that is no worker or class of P, or workers without a map or a
 * reduce slot among them; P is unchanged then. */
int platform_restrict(platform *p, const char *names, char *err, size_t errlen);

/* The index of P's node class named NAME, or -1. */
int platform_class_named(const platform *p, const char *name);

/* The index of P's queue named NAME, or -1. */
int platform_queue_named(const platform *p, const char *name);

/* The class and rack of a node, for brevity at call sites. */
const platform_class *platform_node_class(const platform *p, const platform_node *n);

/* Each worker's cores and memory (bytes), into CORES and MEMORY, which
 * hold P->n_workers each: what a model of the cluster is given. */
void platform_worker_capacity(const platform *p, int *cores, double *memory);

/* Prints the human summary of `mrlab platform`: node classes, then per rack
 * the nodes, cores, aggregate flops, disk and network bandwidth. */
void platform_print_summary(const platform *p, FILE *out);

#endif
