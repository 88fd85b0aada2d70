/* push.c - a map attempt's stage 2 in preshuffle: push each spill's pieces to the reducers.
 *
 * Xie's map runs two threads: stage 1 maps into the sort buffer and, at
 * the threshold, sorts, combines and writes it (maptask.c's spill thread);
 * stage 2 takes each spill once it is on disk and sends every partition's
 * piece to the reducer's running attempts, one receiving actor per piece on
 * the reducer's host, all at once, so the pieces share the map's NIC as
 * SimGrid decides.  Stage 2 waits for a spill's pieces before the next
 * spill, while stage 1 goes on.  The protocol that makes every byte count
 * once is in push.h. */
#include "push.h"

#include "alloc.h"
#include "jobs.h"
#include "reducetask.h"

#include <simgrid/actor.h>
#include <simgrid/semaphore.h>

#include <math.h>

typedef struct {
  attempt *r, *map;
  int64_t wire;
  sg_sem_t sent;
} piece;

/* Actor: receives one piece on its reducer's host. */
static void receive_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  piece *pc = sg_actor_self_get_data();
  reduce_receive(pc->r, pc->map, pc->wire, pc->sent);
  free(pc);
}

/* The bytes of partition P's WIRE bytes that spill K of F holds: its share
 * of the map output, rounded so that the pieces of all spills sum to WIRE. */
static int64_t piece_bytes(const push_feed *f, int64_t wire, int k)
{
  if (f->output == 0)
    return k == 0 ? wire : 0;
  double from = (double)k * (double)f->spill_size / (double)f->output;
  double to = k == f->n_spills - 1 ? 1 : (double)(k + 1) * (double)f->spill_size / (double)f->output;
  return llround((double)wire * to) - llround((double)wire * from);
}

void push_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  push_feed *f = sg_actor_self_get_data();
  attempt *a = f->a;
  job *j = a->task->job;
  sg_sem_t sent = sg_sem_init(0);
  for (int k = 0; k < f->n_spills; k++) {
    sg_sem_acquire(f->written);
    int n = 0;
    for (int p = 0; p < j->n_reduces && !a->cancel; p++) {
      task *t = &j->reduces[p];
      int64_t wire = piece_bytes(f, engine_part_wire(a->task, p), k);
      int taken = 0;
      for (int i = 0; wire > 0 && i < t->n_attempts; i++) {
        attempt *r = t->attempts[i];
        if (r->status != STATUS_RUNNING || !reduce_accept(r, a))
          continue;
        piece *pc = xmalloc(sizeof *pc);
        *pc = (piece){.r = r, .map = a, .wire = wire, .sent = sent};
        sg_actor_t actor = sg_actor_init("push", the_engine->trackers[r->worker].host);
        sg_actor_set_data(actor, pc);
        sg_actor_start(actor, receive_actor, 0, NULL);
        n++;
        taken = 1;
      }
      if (!taken)
        f->unpushed += wire;
    }
    for (int i = 0; i < n; i++)
      sg_sem_acquire(sent);
  }
  sg_sem_destroy(sent);
  sg_sem_release(f->done);
}
