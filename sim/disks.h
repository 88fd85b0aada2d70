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
 * disk while it lasts, as the disk's sharing would not either.
 *
 * mrlab.disk.lazy (another speed approximation, orthogonal to the queues)
 * leaves S19 out: each disk is also a host of its own in the platform
 * (topology.h: "HOST/diskK", one core), and an operation of B bytes on it
 * is an execution there of B / bw seconds' worth of that host's speed, bw
 * the disk's read or write bandwidth.  SimGrid's CPU model is updated
 * lazily, so an event elsewhere no longer walks the disk's operations.  The
 * disk is time-shared: its operations in flight share its time equally
 * (max-min), and one alone takes B / bw as under S19.  They differ under
 * mixed reads and writes when the disk's read and write bandwidths R and W
 * differ.  S19 shares bytes/s: with r reads and w writes in flight (r, w >
 * 0) it bounds the reads' sum by R, the writes' by W and the sum of all by
 * max(R, W), so that each operation goes at max(R, W) / (r + w), unless
 * that would take the slower kind past its own bandwidth (say w max(R, W)
 * / (r + w) > W): then that kind shares its bandwidth (W / w each) and the
 * other the rest ((max(R, W) - W) / r each); the disk moves max(R, W)
 * bytes/s in all either way.  Time-sharing shares seconds: each operation
 * has 1 / (r + w) of the disk's time, so a read goes at R / (r + w), a
 * write at W / (r + w), and the disk moves (r R + w W) / (r + w) bytes/s,
 * less than max(R, W) when R differs from W.  A read and a write at once with R = 200 MB/s and W
 * = 180 MB/s: S19 100 MB/s each (200 in all), time-sharing 100 and 90 MB/s
 * (190).  With R = W, or operations of one kind only, the two agree; and
 * with mrlab.disk.ops=1, which never has two operations on a disk at once,
 * they agree but for rounding (which may order simultaneous events
 * otherwise), so that there the time-sharing only saves CPU. */
#ifndef MRLAB_DISKS_H
#define MRLAB_DISKS_H

#include <simgrid/forward.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Gives each of the N disks DISKS a queue of OPS places, an operation
 * taking at most PIECE bytes a turn (OPS 0 leaves them unqueued), and,
 * with LAZY, makes its operations executions on its host "HOST/diskK"
 * (which the platform must hold: topology.h).  Both kept in the disk's
 * data; disks_free frees them. */
void disks_setup(const sg_disk_t *disks, int n, int ops, int64_t piece, int lazy);
void disks_free(const sg_disk_t *disks, int n);

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
