/* condwait.cpp - condwait_for on S4U (see condwait.h). */
#include "condwait.h"

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <mutex>

extern "C" int condwait_for(sg_cond_t cond, sg_mutex_t mutex, double delay)
{
  std::unique_lock<simgrid::s4u::Mutex> lock(*mutex, std::adopt_lock);
  std::cv_status status = cond->wait_for(lock, delay);
  lock.release(); /* the caller keeps the mutex */
  return status == std::cv_status::timeout;
}
