/* slots.c - list scheduling over slots (slots.h): a binary min-heap of slot
 * indices keyed by when each slot frees, ties broken by the lower index so
 * that a schedule is the same on every machine.  Thousands of tasks on
 * thousands of slots cost N log S. */
#include "slots.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

/* Whether slot A frees before slot B in Q's order. */
static int before(const slots_queue *q, size_t a, size_t b)
{
  return q->free_at[a] < q->free_at[b] || (q->free_at[a] == q->free_at[b] && a < b);
}

/* Swaps the slots at heap positions I and J. */
static void swap(slots_queue *q, size_t i, size_t j)
{
  size_t t = q->heap[i];
  q->heap[i] = q->heap[j], q->heap[j] = t;
  q->pos[q->heap[i]] = i, q->pos[q->heap[j]] = j;
}

/* Restores the heap order of Q below position K. */
static void sift_down(slots_queue *q, size_t k)
{
  for (;;) {
    size_t least = k, l = 2 * k + 1, r = l + 1;
    if (l < q->n && before(q, q->heap[l], q->heap[least]))
      least = l;
    if (r < q->n && before(q, q->heap[r], q->heap[least]))
      least = r;
    if (least == k)
      return;
    swap(q, k, least);
    k = least;
  }
}

/* Restores the heap order of Q above position K. */
static void sift_up(slots_queue *q, size_t k)
{
  while (k > 0 && before(q, q->heap[k], q->heap[(k - 1) / 2])) {
    swap(q, k, (k - 1) / 2);
    k = (k - 1) / 2;
  }
}

slots_queue *slots_alloc(const double *free_at, size_t n)
{
  slots_queue *q = xmalloc(sizeof *q);
  q->n = n;
  q->free_at = xmalloc(n * sizeof *q->free_at);
  memcpy(q->free_at, free_at, n * sizeof *q->free_at);
  q->heap = xmalloc(n * sizeof *q->heap);
  q->pos = xmalloc(n * sizeof *q->pos);
  for (size_t k = 0; k < n; k++)
    q->heap[k] = q->pos[k] = k;
  for (size_t k = n / 2; k-- > 0;)
    sift_down(q, k);
  return q;
}

void slots_free(slots_queue *q)
{
  if (!q)
    return;
  free(q->pos);
  free(q->heap);
  free(q->free_at);
  free(q);
}

size_t slots_first(const slots_queue *q)
{
  return q->heap[0];
}

void slots_take(slots_queue *q, double until)
{
  slots_set(q, q->heap[0], until);
}

void slots_set(slots_queue *q, size_t k, double until)
{
  q->free_at[k] = until;
  sift_up(q, q->pos[k]);
  sift_down(q, q->pos[k]);
}
