/* balancer.c - a job's input redistribution, run as HDFS block moves.
 *
 * Xie's redistribution (2011, section 3.2.3) decides which blocks move
 * (hdfs_plan_redistribution, at setup); here they move as Hadoop's Balancer
 * moves them: at the job's submission, each move copies one replica from
 * its source datanode's disk, over the network, to its destination's disk
 * (a pipe, so the three overlap chunk by chunk and SimGrid shares every
 * resource with whatever else runs), and the destination then holds it.
 * Moves run in parallel, in plan order, each started as soon as neither of
 * its datanodes runs dfs.datanode.balance.max.concurrent.moves of them, as
 * the Balancer schedules them.  With dfs.datanode.balance.bandwidthPerSec
 * set, each datanode's moves share that many bytes a second, throttled as
 * Hadoop's DataTransferThrottler does: bytes are reserved period by period
 * (500 ms), and a transfer that overdraws its datanode's reserve waits for
 * the next period.  When the last move has ended, the scheduler's lists are
 * built from the final placement and the job is released. */
#include "engine.h"
#include "pipe.h"

#include "alloc.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>

#include <stdlib.h>

#define THROTTLE_PERIOD 0.5 /* s: DataTransferThrottler's default period */

typedef struct {
  double period_end; /* of the current period */
  double reserve;    /* bytes still allowed in it */
} throttle;

typedef struct {
  job *j;
  int *busy;           /* per worker: moves under way */
  throttle *throttles; /* per worker, when throttled */
  double bandwidth;    /* bytes/s per datanode; 0: unthrottled */
  sg_sem_t done;       /* released as each move ends */
} balancer;

typedef struct {
  balancer *b;
  const hdfs_move *move;
  int64_t bytes, chunk;
} move_state;

/* Charges BYTES to datanode T's throttle at BANDWIDTH at time NOW and
 * returns when its reserve is no longer overdrawn: the periods that the
 * bytes use up are reserved at once, so that the moves of one datanode
 * share its bandwidth (DataTransferThrottler.throttle). */
static double throttle_charge(throttle *t, double bandwidth, int64_t bytes, double now)
{
  if (now >= t->period_end) { /* a new period starts with its full reserve */
    t->period_end = now + THROTTLE_PERIOD;
    t->reserve = bandwidth * THROTTLE_PERIOD;
  }
  t->reserve -= (double)bytes;
  double until = now;
  for (; t->reserve <= 0; t->period_end += THROTTLE_PERIOD) {
    until = t->period_end;
    t->reserve += bandwidth * THROTTLE_PERIOD;
  }
  return until;
}

/* Called as a move's pipe writes each chunk: it waits for both ends'
 * throttles, which Hadoop applies at once (the source sends, the
 * destination receives). */
static void move_chunk_done(void *arg, int c)
{
  move_state *m = arg;
  double now = simgrid_get_clock();
  int64_t bytes = (int64_t)(c + 1) * m->chunk <= m->bytes ? m->chunk : m->bytes - (int64_t)c * m->chunk;
  double src = throttle_charge(&m->b->throttles[m->move->from], m->b->bandwidth, bytes, now);
  double dst = throttle_charge(&m->b->throttles[m->move->to], m->b->bandwidth, bytes, now);
  sg_actor_sleep_until(src > dst ? src : dst);
}

/* Actor: one block move, on its destination (as Hadoop's replaceBlock, which
 * the destination serves by copying from the source). */
static void move_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  move_state *m = sg_actor_self_get_data();
  balancer *b = m->b;
  job *j = b->j;
  const conf *c = &j->desc->conf;
  tracker *from = &the_engine->trackers[m->move->from], *to = &the_engine->trackers[m->move->to];
  stage st[3] = {{.kind = STAGE_READ,
                  .host = from->host,
                  .disk = engine_disk(from->host, m->move->block),
                  .scale = 1,
                  .count2 = &from->disk_read},
                 {.kind = STAGE_NET, .host = from->host, .dst = to->host, .scale = 1, .count2 = &from->net_sent},
                 {.kind = STAGE_WRITE,
                  .host = to->host,
                  .disk = engine_disk(to->host, m->move->block),
                  .scale = 1,
                  .count2 = &to->disk_written}};
  pipe_spec spec = {.total = m->bytes,
                    .chunk = m->chunk,
                    .depth = (int)conf_get(c, CONF_PIPELINE_DEPTH),
                    .on_chunk = b->bandwidth > 0 ? move_chunk_done : NULL,
                    .arg = m};
  pipe_run(st, 3, &spec);
  hdfs_apply_move(j->input, m->move);
  j->redistributed_bytes += m->bytes;
  b->busy[m->move->from]--;
  b->busy[m->move->to]--;
  sg_sem_release(b->done);
  free(m);
}

/* Actor: the redistribution of one job's input (its data), from its submission until its moves have ended. */
void balancer_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  balancer b = {.j = sg_actor_self_get_data()};
  job *j = b.j;
  int n_workers = e->platform->n_workers, max = (int)conf_get(&e->cluster, CONF_BALANCE_MOVES);
  b.bandwidth = conf_get(&e->cluster, CONF_BALANCE_BANDWIDTH);
  b.busy = xcalloc((size_t)n_workers, sizeof *b.busy);
  b.throttles = xcalloc((size_t)n_workers, sizeof *b.throttles);
  b.done = sg_sem_init(0);
  char *started = xcalloc((size_t)j->n_moves, 1);
  sg_actor_sleep_until(j->desc->submit);
  int64_t first = 0, ended = 0; /* first: no move before it waits to start */
  while (ended < j->n_moves) {
    for (int64_t k = first; k < j->n_moves; k++) {
      const hdfs_move *mv = &j->moves[k];
      if (started[k] || b.busy[mv->from] >= max || b.busy[mv->to] >= max)
        continue;
      started[k] = 1;
      b.busy[mv->from]++;
      b.busy[mv->to]++;
      move_state *m = xmalloc(sizeof *m);
      *m = (move_state){.b = &b,
                        .move = mv,
                        .bytes = hdfs_block_bytes(j->input, mv->block),
                        .chunk = (int64_t)conf_get(&j->desc->conf, CONF_CHUNK)};
      sg_actor_t a = sg_actor_init("move", e->trackers[mv->to].host);
      sg_actor_set_data(a, m);
      sg_actor_start(a, move_actor, 0, NULL);
    }
    while (first < j->n_moves && started[first])
      first++;
    sg_sem_acquire(b.done);
    ended++;
  }
  j->redistribution_time = simgrid_get_clock() - j->desc->submit;
  engine_index_maps(e, j);
  j->held = 0;
  free(started);
  sg_sem_destroy(b.done);
  free(b.throttles);
  free(b.busy);
}
