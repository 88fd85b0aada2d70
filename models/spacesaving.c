/* spacesaving.c - weighted Space-Saving on a min-heap and a hash table.
 *
 * The m counters live in one fixed array and never move.  A binary min-heap
 * of counter indices, ordered by count, finds the counter to evict in O(1),
 * and an open-addressing hash table (linear probing, deletion by backward
 * shift, no tombstones) maps a key to its counter in O(1) expected.  Weights
 * are non-negative, so an update only ever raises a count: the counter sinks
 * in the heap, O(log m).  Metwally et al.'s Stream-Summary list achieves O(1)
 * only for unit weights; with arbitrary weights (bytes) a count jumps past
 * many others, which the heap handles in the same O(log m).
 *
 * Memory is fixed at allocation: m counters, m heap entries and positions,
 * and a table of the power of two >= 2m, so the table is at most half full. */
#include "spacesaving.h"

#include "alloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

struct spacesaving {
  size_t capacity, size;
  double total;
  spacesaving_counter *counters; /* [capacity], the first SIZE in use */
  size_t *heap;                  /* [capacity] counter indices, a min-heap by count */
  size_t *pos;                   /* [capacity] a counter's index in HEAP */
  size_t *slots;                 /* [mask + 1] counter index + 1, or 0 for an empty slot */
  size_t mask;
};

/* The slot a key would take in an empty table: splitmix64's finalizer, so
 * that small or regular keys spread over the table too. */
static size_t spacesaving_home(const spacesaving *s, uint64_t key)
{
  key ^= key >> 30;
  key *= 0xbf58476d1ce4e5b9ULL;
  key ^= key >> 27;
  key *= 0x94d049bb133111ebULL;
  key ^= key >> 31;
  return (size_t)key & s->mask;
}

/* The slot holding KEY, or the empty slot where it would go. */
static size_t spacesaving_find(const spacesaving *s, uint64_t key)
{
  size_t i = spacesaving_home(s, key);
  while (s->slots[i] && s->counters[s->slots[i] - 1].key != key)
    i = (i + 1) & s->mask;
  return i;
}

/* Empties slot I, moving back the later entries of its probe run that could
 * no longer be found across the gap. */
static void spacesaving_unlink(spacesaving *s, size_t i)
{
  for (size_t j = (i + 1) & s->mask; s->slots[j]; j = (j + 1) & s->mask) {
    size_t home = spacesaving_home(s, s->counters[s->slots[j] - 1].key);
    /* The entry at J stays if its home lies cyclically in (I, J]. */
    if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
      continue;
    s->slots[i] = s->slots[j];
    i = j;
  }
  s->slots[i] = 0;
}

static void spacesaving_swap(spacesaving *s, size_t a, size_t b)
{
  size_t t = s->heap[a];
  s->heap[a] = s->heap[b];
  s->heap[b] = t;
  s->pos[s->heap[a]] = a;
  s->pos[s->heap[b]] = b;
}

static double spacesaving_count_at(const spacesaving *s, size_t h)
{
  return s->counters[s->heap[h]].count;
}

static void spacesaving_sift_up(spacesaving *s, size_t h)
{
  while (h > 0 && spacesaving_count_at(s, (h - 1) / 2) > spacesaving_count_at(s, h)) {
    spacesaving_swap(s, h, (h - 1) / 2);
    h = (h - 1) / 2;
  }
}

static void spacesaving_sift_down(spacesaving *s, size_t h)
{
  for (;;) {
    size_t l = 2 * h + 1, r = l + 1, min = h;
    if (l < s->size && spacesaving_count_at(s, l) < spacesaving_count_at(s, min))
      min = l;
    if (r < s->size && spacesaving_count_at(s, r) < spacesaving_count_at(s, min))
      min = r;
    if (min == h)
      return;
    spacesaving_swap(s, h, min);
    h = min;
  }
}

spacesaving *spacesaving_alloc(size_t capacity)
{
  assert(capacity >= 1);
  spacesaving *s = xcalloc(1, sizeof *s);
  s->capacity = capacity;
  s->counters = xcalloc(capacity, sizeof *s->counters);
  s->heap = xcalloc(capacity, sizeof *s->heap);
  s->pos = xcalloc(capacity, sizeof *s->pos);
  size_t n = 2;
  while (n < 2 * capacity)
    n *= 2;
  s->slots = xcalloc(n, sizeof *s->slots);
  s->mask = n - 1;
  return s;
}

void spacesaving_free(spacesaving *s)
{
  if (!s)
    return;
  free(s->counters);
  free(s->heap);
  free(s->pos);
  free(s->slots);
  free(s);
}

void spacesaving_add(spacesaving *s, uint64_t key, double weight)
{
  assert(isfinite(weight) && weight >= 0);
  if (weight == 0)
    return;
  s->total += weight;
  size_t slot = spacesaving_find(s, key);
  if (s->slots[slot]) {
    size_t c = s->slots[slot] - 1;
    s->counters[c].count += weight;
    spacesaving_sift_down(s, s->pos[c]);
    return;
  }
  if (s->size < s->capacity) {
    size_t c = s->size++;
    s->counters[c] = (spacesaving_counter){key, weight, 0};
    s->heap[c] = c;
    s->pos[c] = c;
    s->slots[slot] = c + 1;
    spacesaving_sift_up(s, c);
    return;
  }
  /* Evict the smallest counter: the new key inherits its count as error. */
  size_t c = s->heap[0];
  spacesaving_unlink(s, spacesaving_find(s, s->counters[c].key));
  double min = s->counters[c].count;
  s->counters[c] = (spacesaving_counter){key, min + weight, min};
  s->slots[spacesaving_find(s, key)] = c + 1;
  spacesaving_sift_down(s, 0);
}

size_t spacesaving_capacity(const spacesaving *s)
{
  return s->capacity;
}

size_t spacesaving_size(const spacesaving *s)
{
  return s->size;
}

double spacesaving_total(const spacesaving *s)
{
  return s->total;
}

double spacesaving_min(const spacesaving *s)
{
  return s->size < s->capacity ? 0 : spacesaving_count_at(s, 0);
}

int spacesaving_get(const spacesaving *s, uint64_t key, spacesaving_counter *c)
{
  size_t slot = spacesaving_find(s, key);
  if (!s->slots[slot])
    return 0;
  if (c)
    *c = s->counters[s->slots[slot] - 1];
  return 1;
}

static int spacesaving_by_count(const void *pa, const void *pb)
{
  const spacesaving_counter *a = pa, *b = pb;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return (a->key > b->key) - (a->key < b->key);
}

size_t spacesaving_top(const spacesaving *s, size_t k, spacesaving_counter *out)
{
  spacesaving_counter *all = xmalloc(s->capacity * sizeof *all);
  for (size_t i = 0; i < s->size; i++)
    all[i] = s->counters[i];
  qsort(all, s->size, sizeof *all, spacesaving_by_count);
  size_t n = k < s->size ? k : s->size;
  for (size_t i = 0; i < n; i++)
    out[i] = all[i];
  free(all);
  return n;
}
