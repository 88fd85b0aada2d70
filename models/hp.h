/* hp.h - Khan et al.'s improved HP model: bounds on a Hadoop job's time from
 * its phases' task statistics, and the slots that meet a deadline
 * (docs/models.md, Khan et al. eqs. 8-20 and 24). */
#ifndef MRLAB_HP_H
#define MRLAB_HP_H

/* One job's profile, the statistics the model reads: task counts and slots,
 * how many map and shuffle tasks complete in the first wave, and the mean and
 * maximum duration (s) of maps, of first-wave and later-wave shuffles
 * (launch to end of the sort), and of reduce functions (sort end to end). */
typedef struct {
  double n_maps, n_reduces;        /* N_m, N_r */
  double map_slots, reduce_slots;  /* N_m^slot, N_r^slot */
  double maps_w1;                  /* N_m^w1 */
  double shuffles_w1, shuffles_w2; /* N_sh^w1, N_sh^w2 */
  double map_avg, map_max;         /* T_m */
  double sh1_avg, sh1_max;         /* T_sh-w1 */
  double sh2_avg, sh2_max;         /* T_sh-w2 */
  double reduce_avg, reduce_max;   /* T_r */
  int literal_slots;               /* 1: divide by N^slot as printed; 0 (default): by min(tasks, N^slot) */
} hp_profile;

/* The bounds of eqs. 8-20: each phase's lower (from means) and upper (from
 * maxima) duration, and the job's. */
typedef struct {
  double map_low, map_up; /* the first, non-overlapping map wave */
  double sh1_low, sh1_up; /* the first shuffle wave, over the other map waves */
  double sh2_low, sh2_up; /* the other shuffle waves */
  double reduce_low, reduce_up;
  double job_low, job_up, job_avg;
} hp_bounds;

/* Fills B from profile P.  A phase's tasks are spread over the slots they
 * can use, min(N, N^slot) (the map phase's N_m, the others' N_r), unless
 * P->literal_slots asks for the printed N^slot, which charges a job with
 * fewer tasks than slots a fraction of a wave.  Returns 0, or -1 if a slot
 * count is not positive. */
int hp_bounds_compute(const hp_profile *p, hp_bounds *b);

/* The slots TASKS tasks can use of SLOTS: min(TASKS, SLOTS), or SLOTS if
 * LITERAL (or if there is no task). */
double hp_usable_slots(double tasks, double slots, int literal);

/* The waves of profile P as the paper reads them when every phase has at
 * least a wave's worth of tasks: N_m^w1 = min(N_m, slots), N_sh^w1 =
 * min(N_r, slots), N_sh^w2 = the rest. */
void hp_profile_set_waves(hp_profile *p);

/* The map and reduce slots that meet deadline T (s) with the fewest slots
 * in all (Sec. IV, Lagrange multipliers; closed form in docs/models.md):
 * minimise m + n subject to a/m + b/(m + n) + c/n = T, where
 * a = T_m^avg N_m^w1, b = T_sh-w1^avg N_sh^w1, c = T_sh-w2^avg N_sh^w2 +
 * T_r^avg N_r.  Writes the real optimum to *M and *N (hp_provision_whole
 * finds the whole slots).
 * Returns 0, or -1 if T is not positive or a, c are not positive. */
int hp_provision(double a, double b, double c, double t, double *m, double *n);

/* The whole slots M and N with the fewest in all, M + N, whose time
 * a/M + b/(M + N) + c/N meets deadline T; among pairs of that sum, the one
 * of least time, then the fewer map slots.  Rounding hp_provision's optimum
 * up in each coordinate meets T too but can take a slot more than needed.
 * Returns 0, or -1 as hp_provision (or if the sum would pass INT_MAX). */
int hp_provision_whole(double a, double b, double c, double t, int *m, int *n);

/* a, b and c of hp_provision from profile P. */
void hp_provision_terms(const hp_profile *p, double *a, double *b, double *c);

#endif
