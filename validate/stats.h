/* stats.h - what runs over several seeds say, and how sure it is.
 *
 * Every answer mrlab gives from simulations is a sample: seed k draws the
 * HDFS placement, the trackers' heartbeat phases and every tie, so one run
 * is one draw.  A quantity measured over n seeds is reported as its mean
 * with a 95% confidence interval from Student's t (GSL's quantile), and
 * two variants run with common random numbers (seed k the same draw in
 * both) are compared pair by pair: the interval of the paired difference
 * is far narrower than the two intervals side by side, because the draw's
 * luck cancels.  A verdict is given only when that interval excludes
 * zero. */
#ifndef MRLAB_STATS_H
#define MRLAB_STATS_H

#include <stddef.h>
#include <stdio.h>

/* The confidence level of every interval mrlab prints. */
#define STATS_LEVEL 0.95

/* A sample's summary: its size, mean, standard deviation (n - 1 in the
 * denominator) and the half-width of the 95% confidence interval of its
 * mean, t(0.975, n - 1) sd / sqrt(n).  With one value, sd and half are
 * NAN: one draw has no interval. */
typedef struct {
  int n;
  double mean, sd, half;
} stats_summary;

/* Summarises the N values X (N >= 1) into S. */
void stats_summarise(const double *x, int n, stats_summary *s);

/* Summarises the N paired differences VARIANT[k] - BASE[k] into D. */
void stats_paired(const double *base, const double *variant, int n, stats_summary *d);

/* What a paired difference of a quantity where less is better (a job time)
 * says: the variant pays off when the whole interval is below zero, hurts
 * when it is above, and otherwise no difference shows at this many seeds
 * (with one seed there is no interval, so no verdict either). */
typedef enum { STATS_PAYS_OFF, STATS_HURTS, STATS_NO_DIFFERENCE, STATS_ONE_SEED } stats_verdict;
stats_verdict stats_judge(const stats_summary *d);

/* S as a table cell: "MEAN ± HALF" with DECIMALS digits, or "MEAN (one
 * seed)" when there is no interval; written into BUF. */
const char *stats_text(const stats_summary *s, int decimals, char *buf, size_t len);

/* S as two CSV fields, "MEAN,HALF" with DECIMALS digits, the second empty
 * when there is no interval: the columns X and X_ci95_half of every CSV
 * file that carries an interval. */
void stats_csv(FILE *f, const stats_summary *s, int decimals);

/* The verdict as a table shows it: "pays off", "hurts", "no difference
 * at N seeds", "one seed: no interval", written into BUF. */
const char *stats_verdict_text(stats_verdict v, int n, char *buf, size_t len);

/* The 95% interval of S's mean as a table shows it, "LOW to HIGH" with
 * DECIMALS decimals, or "-" for one value, written into BUF. */
const char *stats_interval_text(const stats_summary *s, int decimals, char *buf, size_t len);

/* Which seeds a table's means are over, for its heading: "seeds 1 to
 * SEEDS", or with SEEDS 0 (its rows ran different seeds) "each row's
 * seeds (TABLE's seeds)", written into BUF. */
const char *stats_seeds_text(int seeds, const char *table, char *buf, size_t len);

#endif
