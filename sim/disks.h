/* disks.h - mrlab's disk operations: one disk, several at once, and each
 * disk's queue.
 *
 * A fetch that takes map outputs written to several disks reads each from
 * its own disk, all at the same time.  SimGrid's C API reads a disk only
 * synchronously, and an actor per disk would cost a stack per disk per
 * fetch (tens of thousands at 1,000 nodes); S4U's asynchronous reads let one
 * actor keep every disk busy, so this is written in C++.  Only a read that
 * must wait in a queued disk's queue (below) waits in an actor of its own.
 *
 * By default SimGrid shares a disk among every operation on it.  Its disk
 * model (S19, SimGrid 3.32 and later alike) has no lazy update: at each
 * event of the run, whatever ended, it walks every disk operation in
 * flight on every disk, and with 8,192 maps at once that walk is nearly all
 * of a run's time.  mrlab.disk.ops=N (a speed approximation) queues each
 * disk's operations: at most N in flight on it, the others waiting their
 * turn in the order they came (a SimGrid semaphore a disk), so that SimGrid
 * shares the disk among N operations at a time, as a disk's I/O scheduler
 * takes requests in turn.  A turn is at most one pipeline chunk
 * (mrlab.pipeline.chunk): a larger operation gives its place back after
 * each chunk and waits its turn again, so that an operation of gigabytes
 * (a pipe's chunk is counted on the bytes entering it: a map of selectivity
 * 300 writes 300 chunks' worth at once) does not keep every other from the
 * disk while it lasts, as the disk's sharing would not either. */
#ifndef MRLAB_DISKS_H
#define MRLAB_DISKS_H

#include <simgrid/forward.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Gives each of the N disks DISKS a queue of OPS places, an operation
 * taking at most PIECE bytes a turn; OPS 0 leaves them unqueued.
 * disks_unqueue frees them. */
void disks_queue(const sg_disk_t *disks, int n, int ops, int64_t piece);
void disks_unqueue(const sg_disk_t *disks, int n);

/* Reads (writes) BYTES on DISK, after waiting for a place in its queue if
 * it has one (a turn at a time), and returns when the operation has ended. */
void disks_read_one(sg_disk_t disk, int64_t bytes);
void disks_write(sg_disk_t disk, int64_t bytes);

/* Reads BYTES[k] from DISKS[k] for k < N, all at once (SimGrid shares each
 * disk with whatever else uses it), and returns when every read has ended.
 * The disks may be any hosts'.  Each read enters its own disk's queue at
 * once and gives its place back when it ends: a read of several disks
 * never holds one while it waits for another (which would leave that disk
 * idle, and could deadlock two reads that take the same disks in turn). */
void disks_read(const sg_disk_t *disks, const int64_t *bytes, int n);

#ifdef __cplusplus
}
#endif

#endif
