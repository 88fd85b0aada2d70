/* workload.h - the jobs a run simulates, as the engine needs them.
 *
 * A workload file (libconfig) lists jobs, each with its submit time, its
 * input size and its Hadoop settings, and either the costs and
 * selectivities of its map and reduce functions and its partition skew, or
 * a generator (generator.h) that draws the job's data at key level.
 * workload_read checks it and turns each job into a job_desc (job.h):
 * everything the engine needs to know about the job, and nothing about
 * how the engine will run it. */
#ifndef MRLAB_WORKLOAD_H
#define MRLAB_WORKLOAD_H

#include "conf.h"
#include "job.h"
#include "platform.h"

#include <stdint.h>

#define WORKLOAD_MAX_JOBS 100000 /* jobs of a workload (a workload file, an imported trace or histories): a day of
                                 * SWIM's FB-2010 trace is 24,442 */

typedef struct {
  int n_jobs;
  job_desc *jobs; /* in submit order (file order among equal submit times); in a workflow, a job after its parents,
                     in the order of its earliest submit time had its parents taken no time */
  int n_cluster_sets;
  char **cluster_sets; /* the command line's settings of cluster properties (conf.h), checked, for the engine to
                          apply over the platform's settings */
} workload;

/* The cluster properties of a run of W on a platform whose settings are
 * SETTINGS: those, with W's cluster_sets over them. */
conf workload_cluster(const workload *w, const conf *settings);

/* Reads the workload file PATH, then applies the N_SETS "name=value"
 * settings SETS (from the command line) to every job, or, for cluster
 * properties, keeps them in cluster_sets.  Returns the workload, or NULL
 * with "PATH:LINE: SETTING: expected ..." in ERR. */
workload *workload_read(const char *path, const char *const *sets, int n_sets, char *err, size_t errlen);
/* The same, with every job's properties over BASE (the defaults with
 * Hadoop's XML files over them, hadoopconf.h) instead of the defaults;
 * NULL: them. */
workload *workload_read_with(const char *path, const conf *base, const char *const *sets, int n_sets, char *err,
                             size_t errlen);
void workload_free(workload *w);

/* mrlab's bound on a run's simulated time, in seconds: 30 days.  A deadline
 * (`mrlab provision`, an experiment's) beyond it is one no run could check. */
#define WORKLOAD_MAX_DAYS 30
#define WORKLOAD_MAX_RUN (WORKLOAD_MAX_DAYS * 86400.0)

/* Fails with "PATH:LINE: job NAME: ..." in ERR when job D could not end in
 * mrlab's bounds on a run even if every core and disk of P worked on it
 * alone (its input read from the disks, its map and reduce work on the
 * cores, its heaviest task on the fastest node, its maps' spills and merges
 * on the disks): 30 days of simulated time, and 10^7 heartbeats from its
 * trackers, every HEARTBEAT seconds, until then; or when the bytes its pipes
 * move at the least (its input, its maps' spills and merges, its heaviest
 * reducer's output) make more than 10^7 chunks of mrlab.pipeline.chunk. */
int workload_check_fits(const job_desc *d, const platform *p, double heartbeat, char *err, size_t errlen);

/* Fails as workload_check_fits does when job D, submitted at its submit
 * time, would still run SPAN seconds (a lower bound: WHAT, "of" P's name,
 * sets that pace) on P, whose trackers heartbeat every HEARTBEAT seconds. */
int workload_check_span(const job_desc *d, const platform *p, double heartbeat, double span, const char *what,
                        char *err, size_t errlen);

#endif
