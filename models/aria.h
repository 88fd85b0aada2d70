/* aria.h - ARIA's bounds on a MapReduce job's makespan (Verma, Cherkasova
 * and Campbell, ICAC 2011): from the mean and maximum task duration of each
 * phase, with no regression. */
#ifndef MRLAB_ARIA_H
#define MRLAB_ARIA_H

/* The makespan of N tasks with mean AVG and maximum MAX on K slots, under
 * any greedy assignment, lies in [N AVG / K, (N - 1) AVG / K + MAX]. */
double aria_makespan_low(double n, double avg, double k);
double aria_makespan_up(double n, double avg, double max, double k);

/* A job's profile: task counts, slots, and each phase's mean and maximum
 * task duration (s).  The first shuffle is the part of the first reduce
 * wave's shuffle left after the last map ends; typical shuffles are those
 * of later waves. */
typedef struct {
  double n_maps, n_reduces, map_slots, reduce_slots;
  double map_avg, map_max;
  double sh1_avg, sh1_max;       /* first shuffle, non-overlapping part */
  double shtyp_avg, shtyp_max;   /* typical shuffle */
  double reduce_avg, reduce_max; /* the reduce function and its write */
  int literal_slots;             /* 1: K = the slots as printed; 0 (default): min(tasks, slots) */
} aria_profile;

typedef struct {
  double map_low, map_up, shuffle_low, shuffle_up, reduce_low, reduce_up;
  double job_low, job_up, job_avg;
} aria_bounds;

/* Fills B from P: map stage by the makespan bounds, on the slots the maps
 * can use, min(N_m, S_m) (all S_m if P->literal_slots); shuffle as the first
 * shuffle plus the other waves' typical shuffles, (N_r/S_r - 1) of them
 * at the lower bound and ((N_r - 1)/S_r - 1) means plus a maximum at the
 * upper, S_r being min(N_r, S_r) (or S_r if literal); the reduce stage by
 * the makespan bounds on those slots.  Returns 0, or -1 if a slot count is
 * not positive. */
int aria_bounds_compute(const aria_profile *p, aria_bounds *b);

#endif
