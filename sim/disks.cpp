/* disks.cpp - disks.h's operations: S4U's asynchronous reads, and each
 * disk's queue as a SimGrid semaphore kept in the disk's data. */
#include "disks.h"

#include "activities.h"

#include <simgrid/disk.h>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Io.hpp>
#include <simgrid/semaphore.h>

#include <vector>

namespace {
struct disk_queue {
  sg_sem_t places;
  int64_t piece; /* the most bytes an operation takes in one turn */
};

disk_queue *queue_of(sg_disk_t disk)
{
  return static_cast<disk_queue *>(sg_disk_get_data(disk));
}
} // namespace

extern "C" void disks_queue(const sg_disk_t *disks, int n, int ops, int64_t piece)
{
  for (int k = 0; ops > 0 && k < n; k++) {
    sg_disk_set_data(disks[k], new disk_queue{sg_sem_init(ops), piece});
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

/* Runs OP (a read or a write of BYTES on DISK); on a queued disk, in turns
 * of at most a piece, each after waiting for a place in the queue. */
static void queued(sg_disk_t disk, int64_t bytes, void (*op)(sg_disk_t, int64_t))
{
  disk_queue *q = queue_of(disk);
  if (!q) {
    op(disk, bytes);
    return;
  }
  int64_t left = bytes;
  do {
    int64_t turn = left < q->piece ? left : q->piece;
    sg_sem_acquire(q->places);
    op(disk, turn);
    sg_sem_release(q->places);
    left -= turn;
  } while (left > 0);
}

extern "C" void disks_read_one(sg_disk_t disk, int64_t bytes)
{
  queued(disk, bytes, activities_disk_read);
}

extern "C" void disks_write(sg_disk_t disk, int64_t bytes)
{
  queued(disk, bytes, activities_disk_write);
}

/* Reads BYTES from DISK in its turns, on DISK's host, then counts DONE up:
 * a read of disks_read that waits in its disk's queue. */
static void queued_read(sg_disk_t disk, int64_t bytes, sg_sem_t done)
{
  simgrid::s4u::Actor::create("disk-read", disk->get_host(), [disk, bytes, done] {
    disks_read_one(disk, bytes);
    sg_sem_release(done);
  });
}

extern "C" void disks_read(const sg_disk_t *disks, const int64_t *bytes, int n)
{
  /* Each read starts at once unless its disk's queue is full or it takes
   * more than one turn there; such a read waits in its own disk's queue, in
   * an actor of its own, so that a read of many disks never holds one disk
   * while it waits for another. */
  std::vector<simgrid::s4u::IoPtr> reads;
  std::vector<disk_queue *> held; /* the queue place each read holds, or NULL */
  sg_sem_t done = nullptr;
  int waiting = 0, queued = 0;
  for (int k = 0; k < n; k++) {
    if (bytes[k] <= 0)
      continue;
    disk_queue *q = queue_of(disks[k]);
    if (q && (sg_sem_would_block(q->places) || bytes[k] > q->piece)) {
      if (!done)
        done = sg_sem_init(0);
      queued_read(disks[k], bytes[k], done);
      waiting++;
      continue;
    }
    if (q)
      sg_sem_acquire(q->places), queued++;
    activities_begin(ACT_DISK_READ);
    reads.push_back(disks[k]->read_async(static_cast<sg_size_t>(bytes[k])));
    held.push_back(q);
  }
  if (!queued) /* unqueued disks: the reads end in any order, the caller waits for the last */
    for (const auto &read : reads) {
      read->wait();
      activities_end(ACT_DISK_READ);
    }
  else /* each read gives its disk's place back as it ends */
    while (!reads.empty()) {
      ssize_t i = simgrid::s4u::Io::wait_any(reads);
      activities_end(ACT_DISK_READ);
      if (held[i])
        sg_sem_release(held[i]->places);
      reads.erase(reads.begin() + i);
      held.erase(held.begin() + i);
    }
  for (int k = 0; k < waiting; k++)
    sg_sem_acquire(done);
  if (done)
    sg_sem_destroy(done);
}
