/* yarn.h - YARN mode: a ResourceManager that places containers.
 *
 * With mrlab.scheduler set to yarn-fifo, yarn-capacity or yarn-fair, the
 * master is Hadoop 2's ResourceManager and each worker's tracker its
 * NodeManager: a node's heartbeat offers its free memory and vcores, and
 * the scheduler places containers there, an ApplicationMaster's first for
 * each job, then its maps and reduces.  The three schedulers sit behind
 * the JobTracker's interface (scheduler.h); slots are not used. */
#ifndef MRLAB_YARN_H
#define MRLAB_YARN_H

#include "scheduler.h"

#include <stddef.h>

/* YARN's FifoScheduler, CapacityScheduler and FairScheduler (DRF policy). */
extern const scheduler scheduler_yarn_fifo, scheduler_yarn_capacity, scheduler_yarn_fair;

/* Sets up YARN mode for E, whose jobs are built, when its cluster
 * properties choose a YARN scheduler: each node's capacity, each job's
 * queue and container sizes.  Every mode checks that each job names a
 * queue of the platform.  Returns 0, or -1 with "FILE:LINE: ..." in ERR
 * for a queue the platform lacks, a container that fits no node, or a job
 * that asks for what YARN mode does not model (PSP prefetching). */
int yarn_alloc(engine *e, char *err, size_t errlen);

/* Asserts, once E's run has ended, that every container went back to its
 * node exactly once: each node has all its memory and vcores free again,
 * counting those of attempts that ended after their node's last heartbeat
 * (never reported, so never released).  Nothing in Hadoop 1 mode. */
void yarn_check_returned(const engine *e);
void yarn_free(engine *e);

#endif
