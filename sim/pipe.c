/* pipe.c - one actor per stage, chained by counting semaphores.
 *
 * Every stage but the last is an actor of its own; the caller, which would
 * only wait, runs the last one itself, which saves an actor per pipe.
 * Between stage i and i+1, `full[i]` counts chunks ready for i+1 and
 * `empty[i]` the free buffer places.  A cancelled pipe drains without
 * deadlock: a stage that stops wakes its neighbours on both sides, and each
 * of them then sees the flag and stops too.  A stage reading several disks
 * reads its share of each chunk from all of them at once (disks.h), so one
 * stage, not an actor per disk, keeps them busy. */
#include "pipe.h"

#include "activities.h"
#include "alloc.h"
#include "disks.h"

#include <simgrid/actor.h>
#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>

typedef struct {
  stage *stages;
  int n;
  const pipe_spec *spec;
  int n_chunks;
  int64_t *cum; /* cum[c]: bytes entering the pipe before chunk c */
  sg_sem_t *full, *empty, done;
  int completed;
} pipe_state;

typedef struct {
  pipe_state *ps;
  int index;
} stage_arg;

static int cancelled(const pipe_state *ps)
{
  return (ps->spec->cancel && *ps->spec->cancel) || (ps->spec->gone && *ps->spec->gone);
}

/* The bytes of chunks C to C + N - 1 at SCALE bytes a byte entering the pipe. */
static int64_t scaled_bytes(const pipe_state *ps, double scale, int c, int n)
{
  return llround(scale * (double)ps->cum[c + n]) - llround(scale * (double)ps->cum[c]);
}

/* Stage S's reads of chunk C from each of its disks, all at once. */
static void read_disks(const pipe_state *ps, const stage *s, int c)
{
  int64_t *bytes = xmalloc((size_t)s->n_disks * sizeof *bytes);
  for (int k = 0; k < s->n_disks; k++)
    bytes[k] = scaled_bytes(ps, s->disk_scale[k], c, 1);
  disks_read(s->disks, bytes, s->n_disks);
  for (int k = 0; k < s->n_disks; k++)
    if (s->disk_count && s->disk_count[k])
      *s->disk_count[k] += bytes[k];
  free(bytes);
}

/* Stage S's work on chunk C of BYTES bytes. */
static void work(const pipe_state *ps, const stage *s, int c, int64_t bytes)
{
  double flops = s->kind == STAGE_CPU && s->flops ? s->flops[c] : 0;
  if (s->kind == STAGE_READ && s->n_disks > 0) {
    read_disks(ps, s, c);
    return;
  }
  if (bytes <= 0 && flops <= 0)
    return;
  switch (s->kind) {
  case STAGE_CPU:
    activities_execute((double)bytes * s->flops_per_byte + flops);
    if (ps->spec->flops)
      *ps->spec->flops += (double)bytes * s->flops_per_byte + flops;
    break;
  case STAGE_READ: disks_read_one(s->disk, bytes); break;
  case STAGE_WRITE: disks_write(s->disk, bytes); break;
  case STAGE_NET:
    if (s->host != s->dst)
      (s->send ? s->send : activities_sendto)(s->flow, s->host, s->dst, (double)bytes);
    break;
  }
}

/* Runs stage I of PS: takes chunks from upstream, a batch of them at a
 * time (one unless s->batch), and passes them on one by one. */
static void run_stage(pipe_state *ps, int i)
{
  stage *s = &ps->stages[i];
  int batch = s->batch > 1 ? s->batch : 1;
  for (int c = 0; c < ps->n_chunks; c += batch) {
    int n = ps->n_chunks - c < batch ? ps->n_chunks - c : batch;
    for (int k = 0; i > 0 && k < n && (k == 0 || !cancelled(ps)); k++) /* a cancelled pipe wakes us once */
      sg_sem_acquire(ps->full[i - 1]);
    if (cancelled(ps))
      break;
    int64_t bytes = scaled_bytes(ps, s->scale, c, n);
    double began = simgrid_get_clock();
    if ((s->gone[0] && *s->gone[0]) || (s->gone[1] && *s->gone[1]))
      bytes = 0; /* the stage's worker is lost: nothing done, nothing counted */
    else
      work(ps, s, c, bytes);
    if (ps->spec->busy)
      ps->spec->busy[s->kind == STAGE_CPU ? LIMIT_CPU : s->kind == STAGE_NET ? LIMIT_NETWORK : LIMIT_DISK] +=
          simgrid_get_clock() - began;
    for (int k = 0; k < n && ps->spec->on_chunk && s == (ps->spec->timed ? ps->spec->timed : &ps->stages[ps->n - 1]);
         k++)
      ps->spec->on_chunk(ps->spec->arg, c + k);
    if (s->count)
      *s->count += bytes;
    if (s->count2)
      *s->count2 += bytes;
    for (int k = 0; i > 0 && k < n; k++)
      sg_sem_release(ps->empty[i - 1]);
    if (i == ps->n - 1)
      ps->completed += n;
    for (int k = 0; i < ps->n - 1 && k < n && (k == 0 || !cancelled(ps)); k++) {
      sg_sem_acquire(ps->empty[i]);
      sg_sem_release(ps->full[i]);
    }
  }
  s->end = simgrid_get_clock();
  if (cancelled(ps)) { /* wake both neighbours so that they see the flag */
    if (i < ps->n - 1)
      sg_sem_release(ps->full[i]);
    for (int k = 0; i > 0 && k < ps->spec->depth; k++)
      sg_sem_release(ps->empty[i - 1]);
  }
  sg_sem_release(ps->done);
}

/* Actor: one stage of a pipe (all but the last, which the caller runs). */
static void stage_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  stage_arg *arg = sg_actor_self_get_data();
  run_stage(arg->ps, arg->index);
  free(arg);
}

int64_t pipe_chunk(int64_t chunk, int64_t in, int64_t out)
{
  return out > in ? (int64_t)fmax(1, floor((double)chunk * (double)in / (double)out)) : chunk;
}

int pipe_run(stage *stages, int n, const pipe_spec *spec)
{
  xbt_assert(n >= 1 && spec->depth >= 1, "a pipe needs a stage and a buffer");
  pipe_state ps = {.stages = stages, .n = n, .spec = spec};
  if (spec->chunks) {
    ps.n_chunks = spec->n_chunks;
  } else {
    xbt_assert(spec->chunk > 0 && spec->total >= 0, "bad pipe chunking");
    ps.n_chunks = (int)((spec->total + spec->chunk - 1) / spec->chunk);
  }
  ps.cum = xmalloc((size_t)(ps.n_chunks + 1) * sizeof *ps.cum);
  ps.cum[0] = 0;
  for (int c = 0; c < ps.n_chunks; c++) {
    int64_t size = spec->chunks ? spec->chunks[c] : (c + 1 < ps.n_chunks ? spec->chunk : spec->total - ps.cum[c]);
    ps.cum[c + 1] = ps.cum[c] + size;
  }
  ps.full = xmalloc((size_t)n * sizeof *ps.full);
  ps.empty = xmalloc((size_t)n * sizeof *ps.empty);
  for (int i = 0; i + 1 < n; i++) { /* the buffer before a stage holds `depth` of what it takes at once */
    ps.full[i] = sg_sem_init(0);
    int64_t batch = stages[i + 1].batch > 1 ? stages[i + 1].batch : 1;
    int64_t places = (int64_t)spec->depth * (batch < ps.n_chunks ? batch : ps.n_chunks);
    ps.empty[i] = sg_sem_init(places > spec->depth ? (int)fmin((double)places, INT_MAX) : spec->depth);
  }
  for (int i = 0; i < n; i++)
    xbt_assert(stages[i].batch <= 1 || (stages[i].kind == STAGE_READ && stages[i].n_disks == 0) ||
                   stages[i].kind == STAGE_NET,
               "only a read of one disk or a transfer takes several chunks at once");
  ps.done = sg_sem_init(0);
  xbt_assert(stages[n - 1].kind != STAGE_CPU || stages[n - 1].host == sg_host_self(),
             "the last stage of a pipe runs in its caller, so a computing one must be on the caller's host");
  for (int i = 0; i + 1 < n; i++) {
    stage_arg *arg = xmalloc(sizeof *arg);
    arg->ps = &ps;
    arg->index = i;
    sg_actor_t a = sg_actor_init("stage", stages[i].host);
    sg_actor_set_data(a, arg);
    sg_actor_start(a, stage_actor, 0, NULL);
  }
  activities_pipe(n - 1);
  run_stage(&ps, n - 1);
  for (int i = 0; i < n; i++)
    sg_sem_acquire(ps.done);
  for (int i = 0; i + 1 < n; i++) {
    sg_sem_destroy(ps.full[i]);
    sg_sem_destroy(ps.empty[i]);
  }
  sg_sem_destroy(ps.done);
  free(ps.full);
  free(ps.empty);
  free(ps.cum);
  return ps.completed;
}
