/* disks.h - reading from several disks at once.
 *
 * A fetch that takes map outputs written to several disks reads each from
 * its own disk, all at the same time.  SimGrid's C API reads a disk only
 * synchronously, and an actor per disk would cost a stack per disk per
 * fetch (tens of thousands at 1,000 nodes); S4U's asynchronous reads let one
 * actor keep every disk busy, so this one call is written in C++. */
#ifndef MRLAB_DISKS_H
#define MRLAB_DISKS_H

#include <simgrid/forward.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads BYTES[k] from DISKS[k] for k < N, all at once (SimGrid shares each
 * disk with whatever else uses it), and returns when every read has ended. */
void disks_read(const sg_disk_t *disks, const int64_t *bytes, int n);

#ifdef __cplusplus
}
#endif

#endif
