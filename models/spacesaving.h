/* spacesaving.h - the Space-Saving sketch of Metwally, Agrawal and El Abbadi
 * (ACM TODS 31(3), 2006), weighted: the heaviest keys of a stream of
 * (key, weight) pairs in a bounded number of counters.
 *
 * NearestFit's practical version (Coppa and Finocchi, §5) merges the
 * explicit key groups that every map task reports, (key, |V_k,j|) in bytes,
 * at the master through such a sketch, so that the master's memory does not
 * grow with the number of distinct keys.  With m counters and a total weight
 * N added so far, the sketch guarantees:
 *   - every key whose true weight exceeds N/m holds a counter;
 *   - a counter's count over-estimates its key's true weight by at most its
 *     error, and error <= spacesaving_min() <= N/m;
 *   - a key without a counter weighs at most spacesaving_min().
 * So count - error is a lower bound on the true weight (the paper's Eq. 11
 * is an under-estimate too) and count an upper bound. */
#ifndef MRLAB_SPACESAVING_H
#define MRLAB_SPACESAVING_H

#include <stddef.h>
#include <stdint.h>

/* One monitored key: its weight lies in [count - error, count]. */
typedef struct {
  uint64_t key;
  double count;
  double error;
} spacesaving_counter;

typedef struct spacesaving spacesaving;

/* A sketch of CAPACITY >= 1 counters (m), empty. */
spacesaving *spacesaving_alloc(size_t capacity);
void spacesaving_free(spacesaving *s);

/* Adds WEIGHT (finite, >= 0; e.g. a key group's records or bytes) to KEY, in
 * O(log capacity): a monitored key's count grows; a new key takes a free
 * counter with error 0 or, when none is free, replaces the key of the
 * smallest counter c_min, with count c_min + WEIGHT and error c_min.  A zero
 * weight changes nothing. */
void spacesaving_add(spacesaving *s, uint64_t key, double weight);

size_t spacesaving_capacity(const spacesaving *s);
/* The number of counters in use (at most the capacity). */
size_t spacesaving_size(const spacesaving *s);
/* N: the sum of all the weights added. */
double spacesaving_total(const spacesaving *s);
/* 0 while a counter is free, else the smallest count: the most an
 * unmonitored key can weigh, and a bound on every counter's error. */
double spacesaving_min(const spacesaving *s);

/* If KEY holds a counter, stores it in C (when C is not NULL) and returns 1;
 * else returns 0. */
int spacesaving_get(const spacesaving *s, uint64_t key, spacesaving_counter *c);

/* Stores the min(K, size) largest counters in OUT, by decreasing count (equal
 * counts by increasing key), and returns how many.  K = capacity gives every
 * counter, e.g. the (size, error) pairs of the explicit keys. */
size_t spacesaving_top(const spacesaving *s, size_t k, spacesaving_counter *out);

#endif
