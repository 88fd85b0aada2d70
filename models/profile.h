/* profile.h - a job's profile read from a run directory: the task and phase
 * statistics that the analytic models take, drawn from tasks.csv and
 * jobs.csv.  The same fields could come from a real Hadoop job history. */
#ifndef MRLAB_PROFILE_H
#define MRLAB_PROFILE_H

#include "aria.h"
#include "hp.h"

#include <stddef.h>

/* The property in jobs.csv of a task's start-up (0 for a run without it). */
#define PROFILE_STARTUP "mrlab.task.startup"

/* One successful task attempt, as mrlab's own model (models/waves.c) reads
 * it: where and when it ran and how many bytes it took in. */
typedef struct {
  int host;          /* index into the profile's hosts */
  int map;           /* 1 for a map, 0 for a reduce */
  double start, end; /* s */
  double bytes;      /* a map's split, a reduce's shuffled input */
  /* s of its sub-stages that share the node's disks (a map's read, spill
   * and merge; a reduce's merge and output write) or the network (a
   * reduce's shuffle); the rest of end - start is start-up and computing */
  double disk, net;
} profile_task;

/* The mean and maximum of N durations (s); 0 and 0 for none. */
typedef struct {
  int n;
  double avg, max;
} profile_stat;

typedef struct {
  char job[128];
  double start, map_phase_end, end; /* s */
  double time;                      /* end - start: the job time the models predict */
  double startup;                   /* PROFILE_STARTUP: s a task waits before its first sub-stage */
  int n_maps, n_reduces, map_slots, reduce_slots;
  double input_bytes, map_output_bytes, shuffle_bytes, output_bytes;
  int maps_w1;                  /* maps that started before the first map ended */
  int shuffles_w1, shuffles_w2; /* reduces that started before the last map ended, and the others */
  profile_stat map;             /* start to end */
  profile_stat sh1, sh2;        /* shuffle and sort, start to sort end: the first wave, the others */
  profile_stat sh1_tail;        /* the first wave's shuffle after the last map: map phase end to sort end */
  profile_stat reduce;          /* the reduce function and the output write: sort end to end */
  /* what MRTuner's PTC model is fed (models/tune.c) */
  profile_stat copy;        /* later-wave reduces' copying: first byte in to shuffle end */
  profile_stat map_alone;   /* maps of a whole split that ended before the first shuffled byte arrived */
  profile_stat map_copying; /* and those that ended after it, while reducers copied */
  int reduce_hosts;         /* hosts that ran a reduce: the NICs the reducers share */
  double reduce_in_max;     /* the most bytes a reduce shuffled: the heaviest partition (mrlab's model) */
  int n_tasks, n_hosts;
  profile_task *tasks; /* every task's successful attempt, in tasks.csv's order; NULL when not read */
  char **hosts;        /* the names of the hosts that ran them, in order of first appearance */
} job_profile;

/* Reads job JOB (NULL: the run's first job) of run directory DIR into P,
 * from the successful attempt of each task.  Returns 0, or -1 with
 * "DIR/FILE: ..." in ERR if a file is missing or malformed, or there is no
 * such job.  Either way P's tasks and hosts are freed by profile_free. */
int profile_read(const char *dir, const char *job, job_profile *p, char *err, size_t errlen);

/* Frees the tasks and hosts of the N profiles at P (not P itself). */
void profile_free(job_profile *p, int n);

/* The inputs of Khan's HP model and of ARIA from profile P. */
void profile_hp(const job_profile *p, hp_profile *h);
void profile_aria(const job_profile *p, aria_profile *a);

#endif
