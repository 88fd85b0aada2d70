/* pipe.h - streaming a byte stream through a chain of resources in chunks.
 *
 * Hadoop streams: a map reads its split while the map function consumes
 * it (OS read-ahead), a fetch reads a map output from disk while sending
 * the previous part, a reducer writes its output down the HDFS replica
 * pipeline as it produces it.  A pipe models any such chain: each stage
 * (a disk read, a network transfer, a computation, a disk write) is an actor
 * of its own, and chunks flow from stage to stage through bounded buffers
 * of `depth` chunks.  SimGrid shares every resource among all stages of all
 * pipes, so a pipe takes about as long as its slowest stage, not the sum.
 *
 * Bytes stay whole: stage s handles llround(scale_s * bytes so far), so
 * each stage's total is exactly llround(scale_s * total). */
#ifndef MRLAB_PIPE_H
#define MRLAB_PIPE_H

#include "activities.h"
#include "rundir.h"

#include <simgrid/forward.h>
#include <stdint.h>

typedef enum { STAGE_CPU, STAGE_READ, STAGE_WRITE, STAGE_NET } stage_kind;


typedef struct {
  stage_kind kind;
  sg_host_t host;        /* where the stage runs: the CPU, the disk's host, or the sender */
  sg_host_t dst;         /* STAGE_NET: the receiver */
  activity_kind flow;    /* STAGE_NET: what the transfer is for (activities.h) */
  sg_disk_t disk;        /* STAGE_READ, STAGE_WRITE */
  double flops_per_byte; /* STAGE_CPU */
  const double *flops;   /* STAGE_CPU: if set, flops of each chunk on top of flops_per_byte */
  double scale;          /* bytes at this stage per byte entering the pipe */
  int64_t *count;        /* if set, gets the bytes this stage handled */
  int64_t *count2;       /* likewise, a second counter (per-host totals) */
  double end;            /* out: when the stage finished its last chunk */
  const int *gone[2];    /* if either is set and nonzero, the stage passes its chunks on without its work: the
                          * worker it writes on or sends from or to was lost, and HDFS's write pipeline
                          * recovery dropped it (lost.h) */
  /* STAGE_READ from several disks at once: when n_disks > 0, the stage reads
   * disk_scale[k] bytes per byte entering the pipe from disks[k] (whole
   * bytes, as for scale), all disks at the same time, and adds them to
   * *disk_count[k] when that is set.  DISK is then unused, and SCALE, their
   * sum, counts the stage's bytes. */
  int n_disks;
  const sg_disk_t *disks;
  const double *disk_scale;
  int64_t *const *disk_count;
  /* If above 1, a STAGE_READ of one disk or a STAGE_NET takes this many
   * chunks at once, in one operation, and the buffer before it holds
   * `depth` such batches: a map that writes far more than it reads cuts
   * its pipe in chunks of output, and reads its input in batches of them
   * (maptask.c), as a client reads ahead whole packets of input. */
  int batch;
  /* STAGE_NET: if set, sends the stage's transfers instead of
   * activities_sendto, with its arguments (HDFS's by rack pair: coarsehdfs.h) */
  void (*send)(activity_kind k, sg_host_t from, sg_host_t to, double bytes);
} stage;

typedef struct {
  int n_chunks;
  const int64_t *chunks; /* sizes entering the pipe; NULL: cut TOTAL into CHUNK-sized pieces */
  int64_t total, chunk;
  int depth;                              /* chunks buffered between two stages */
  const int *cancel;                      /* if set and nonzero, stages stop at the next chunk */
  const int *gone;                        /* likewise: a worker it reads from was lost (lost.h) */
  void (*on_chunk)(void *arg, int chunk); /* called when stage TIMED ends a chunk's work */
  void *arg;
  const stage *timed; /* one of the stages; NULL: the last (when the chunk is through) */
  double *busy;       /* if set, busy[LIMIT_*] gets the seconds the stages spent in their SimGrid activities,
                       * by the kind of resource each uses: a STAGE_CPU cores, a read or a write a disk, a
                       * transfer the network (rundir.h; sim/bottleneck.c reads them) */
  double *flops;      /* if set, gets the flops its STAGE_CPU stages executed (an attempt's CPU time) */
} pipe_spec;

/* The chunk, in bytes entering a pipe, of a stream whose IN bytes become
 * OUT at its largest stage: CHUNK, or less when OUT > IN, so that that
 * stage too takes at most about CHUNK at once and its chunks stream down
 * the stages after it one behind the other (HDFS's replica pipeline), not
 * each whole before the next (a map of 47 KB writing 214 GB). */
int64_t pipe_chunk(int64_t chunk, int64_t in, int64_t out);

/* Runs N stages over the chunks of SPEC and returns when all stages have
 * ended; returns how many chunks went all the way through.  The caller runs
 * the last stage, so a last STAGE_CPU must be on the caller's host. */
int pipe_run(stage *stages, int n, const pipe_spec *spec);

#endif
