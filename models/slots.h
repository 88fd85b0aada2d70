/* slots.h - list scheduling: tasks taken in order, each by the slot that
 * frees first, as a JobTracker hands a free slot the next pending task.
 * Both NearestFit's end estimate (models/progress.c) and mrlab's own job
 * model (models/waves.c) place tasks this way. */
#ifndef MRLAB_SLOTS_H
#define MRLAB_SLOTS_H

#include <stddef.h>

typedef struct {
  size_t n;
  double *free_at; /* when each slot frees, s */
  size_t *heap;    /* the slots, the one that frees first on top (the lowest index on ties) */
  size_t *pos;     /* each slot's place in the heap */
} slots_queue;

/* A queue of N slots (N >= 1) that free at FREE_AT[k] (copied). */
slots_queue *slots_alloc(const double *free_at, size_t n);
void slots_free(slots_queue *q);

/* The slot that frees first. */
size_t slots_first(const slots_queue *q);

/* Makes the slot that frees first busy until UNTIL. */
void slots_take(slots_queue *q, double until);

/* Makes slot K busy until UNTIL (a later or an earlier time). */
void slots_set(slots_queue *q, size_t k, double until);

#endif
