/* disks.cpp - disks.h's operations: S4U's asynchronous reads, and each
 * disk's queue as a SimGrid semaphore kept in the disk's data. */
#include "disks.h"

#include "activities.h"

#include <simgrid/disk.h>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Io.hpp>
#include <simgrid/semaphore.h>

#include <algorithm>
#include <vector>

namespace {
struct disk_queue {
  sg_sem_t places;
  int rank; /* the disk's place among its host's disks */
};

disk_queue *queue_of(sg_disk_t disk)
{
  return static_cast<disk_queue *>(sg_disk_get_data(disk));
}
} // namespace

extern "C" void disks_queue(const sg_disk_t *disks, int n, int ops)
{
  for (int k = 0; ops > 0 && k < n; k++) {
    sg_disk_set_data(disks[k], new disk_queue{sg_sem_init(ops), k});
  }
}

extern "C" void disks_unqueue(const sg_disk_t *disks, int n)
{
  for (int k = 0; k < n; k++)
    if (disk_queue *q = queue_of(disks[k])) {
      sg_sem_destroy(q->places);
      delete q;
      sg_disk_set_data(disks[k], nullptr);
    }
}

/* Runs OP (a read or a write of BYTES on DISK) after waiting for a place in DISK's queue, if it has one. */
static void queued(sg_disk_t disk, int64_t bytes, void (*op)(sg_disk_t, int64_t))
{
  disk_queue *q = queue_of(disk);
  if (q)
    sg_sem_acquire(q->places);
  op(disk, bytes);
  if (q)
    sg_sem_release(q->places);
}

extern "C" void disks_read_one(sg_disk_t disk, int64_t bytes)
{
  queued(disk, bytes, activities_disk_read);
}

extern "C" void disks_write(sg_disk_t disk, int64_t bytes)
{
  queued(disk, bytes, activities_disk_write);
}

extern "C" void disks_read(const sg_disk_t *disks, const int64_t *bytes, int n)
{
  std::vector<int> order;
  for (int k = 0; k < n; k++)
    if (bytes[k] > 0)
      order.push_back(k);
  std::stable_sort(order.begin(), order.end(), [disks](int a, int b) {
    const disk_queue *qa = queue_of(disks[a]), *qb = queue_of(disks[b]);
    return qa && qb && qa->rank < qb->rank;
  });
  std::vector<simgrid::s4u::IoPtr> reads;
  for (int k : order) {
    if (disk_queue *q = queue_of(disks[k]))
      sg_sem_acquire(q->places);
    activities_begin(ACT_DISK_READ);
    reads.push_back(disks[k]->read_async(static_cast<sg_size_t>(bytes[k])));
  }
  for (size_t i = 0; i < reads.size(); i++) {
    reads[i]->wait();
    activities_end(ACT_DISK_READ);
    if (disk_queue *q = queue_of(disks[order[i]]))
      sg_sem_release(q->places);
  }
}
