/* disks.cpp - disks.h's operations: S4U's asynchronous reads, each disk's
 * queue as a SimGrid semaphore, and under mrlab.disk.lazy its operations
 * as executions on its host, both kept in the disk's data. */
#include "disks.h"

#include "activities.h"

#include <simgrid/disk.h>
#include <simgrid/host.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Io.hpp>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>

#include <string>
#include <vector>

namespace {
/* A disk's data: its queue, and its host under mrlab.disk.lazy. */
struct disk_data {
  sg_sem_t places;            /* the queue's places, or NULL: unqueued */
  int64_t piece;              /* the most bytes an operation takes in one turn */
  sg_host_t host;             /* mrlab.disk.lazy: the host whose executions are the disk's operations, or NULL: S19's */
  double per_read, per_write; /* that host's flops a byte read and written: its speed / the bandwidth */
};

disk_data *data_of(sg_disk_t disk)
{
  return static_cast<disk_data *>(sg_disk_get_data(disk));
}

/* An operation of BYTES on DISK, WRITE or a read, started: under
 * mrlab.disk.lazy an execution of BYTES / bw seconds of its host's time,
 * else S19's. */
simgrid::s4u::ActivityPtr start(sg_disk_t disk, int64_t bytes, int write)
{
  const disk_data *d = data_of(disk);
  if (d && d->host)
    return simgrid::s4u::this_actor::exec_init(static_cast<double>(bytes) * (write ? d->per_write : d->per_read))
        ->set_host(d->host)
        ->start();
  auto size = static_cast<sg_size_t>(bytes);
  return write ? disk->write_async(size) : disk->read_async(size);
}

/* Reads (WRITE: writes) BYTES on DISK, counted, and returns when it ended. */
void operate(sg_disk_t disk, int64_t bytes, int write)
{
  activity_kind k = write ? ACT_DISK_WRITE : ACT_DISK_READ;
  activities_begin(k);
  start(disk, bytes, write)->wait();
  activities_end(k);
}
} // namespace

extern "C" void disks_setup(const sg_disk_t *disks, int n, int ops, int64_t piece, int lazy)
{
  for (int k = 0; (ops > 0 || lazy) && k < n; k++) {
    auto *d = new disk_data{ops > 0 ? sg_sem_init(ops) : nullptr, piece, nullptr, 0, 0};
    if (lazy) {
      std::string name = disks[k]->get_host()->get_name() + "/" + disks[k]->get_name();
      d->host = sg_host_by_name(name.c_str());
      xbt_assert(d->host, "mrlab.disk.lazy: the platform has no host %s (topology.h)", name.c_str());
      d->per_read = sg_host_get_speed(d->host) / sg_disk_read_bandwidth(disks[k]);
      d->per_write = sg_host_get_speed(d->host) / sg_disk_write_bandwidth(disks[k]);
    }
    sg_disk_set_data(disks[k], d);
  }
}

extern "C" void disks_free(const sg_disk_t *disks, int n)
{
  for (int k = 0; k < n; k++)
    if (disk_data *d = data_of(disks[k])) {
      if (d->places)
        sg_sem_destroy(d->places);
      delete d;
      sg_disk_set_data(disks[k], nullptr);
    }
}

/* Runs a read (WRITE: a write) of BYTES on DISK; on a queued disk, in
 * turns of at most a piece, each after waiting for a place in the queue. */
static void queued(sg_disk_t disk, int64_t bytes, int write)
{
  disk_data *q = data_of(disk);
  if (!q || !q->places) {
    operate(disk, bytes, write);
    return;
  }
  int64_t left = bytes;
  do {
    int64_t turn = left < q->piece ? left : q->piece;
    sg_sem_acquire(q->places);
    operate(disk, turn, write);
    sg_sem_release(q->places);
    left -= turn;
  } while (left > 0);
}

extern "C" void disks_read_one(sg_disk_t disk, int64_t bytes)
{
  queued(disk, bytes, 0);
}

extern "C" void disks_write(sg_disk_t disk, int64_t bytes)
{
  queued(disk, bytes, 1);
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
   * while it waits for another.  A read is an Io, or an Exec under
   * mrlab.disk.lazy: both are waited for as activities. */
  std::vector<simgrid::s4u::ActivityPtr> reads;
  std::vector<disk_data *> held; /* the queue each read holds a place in, or NULL */
  sg_sem_t done = nullptr;
  int waiting = 0, queued = 0;
  for (int k = 0; k < n; k++) {
    if (bytes[k] <= 0)
      continue;
    disk_data *q = data_of(disks[k]);
    if (q && !q->places)
      q = nullptr; /* unqueued */
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
    reads.push_back(start(disks[k], bytes[k], 0));
    held.push_back(q);
  }
  if (!queued) /* unqueued disks: the reads end in any order, the caller waits for the last */
    for (const auto &read : reads) {
      read->wait();
      activities_end(ACT_DISK_READ);
    }
  else /* each read gives its disk's place back as it ends */
    while (!reads.empty()) {
      ssize_t i = simgrid::s4u::Activity::wait_any(reads);
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
