/* condwait.h - a timed wait on a condition variable that keeps its contract.
 *
 * SimGrid 3.32's sg_cond_wait_for locks the mutex it is given once more
 * (it builds a std::unique_lock on it) instead of adopting the caller's
 * lock: the caller's mutex stays held for the whole wait, and every other
 * actor that takes it blocks until the timeout.  This is the same wait on
 * S4U's ConditionVariable, adopting the lock, so the mutex is released
 * while the caller waits and held again when it returns, as for
 * sg_cond_wait. */
#ifndef MRLAB_CONDWAIT_H
#define MRLAB_CONDWAIT_H

#include <simgrid/forward.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Waits on COND (MUTEX held by the caller) until notified or for DELAY
 * seconds; returns 1 when the delay ran out, else 0. */
int condwait_for(sg_cond_t cond, sg_mutex_t mutex, double delay);

#ifdef __cplusplus
}
#endif

#endif
