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
#include "balancer.h"

#include "alloc.h"
#include "jobs.h"
#include "pipe.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>
#include <xbt/log.h>

#include <stdlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_balancer, mrlab, "the Balancer's block moves of a redistributed input");

#define THROTTLE_PERIOD 0.5 /* s: DataTransferThrottler's default period */

typedef struct {
  double period_end; /* of the current period */
  double reserve;    /* bytes still allowed in it */
} throttle;

typedef struct {
  job *j;
  int max;                          /* moves at once per datanode */
  int *busy;                        /* per worker: moves under way */
  throttle *throttles;              /* per worker, when throttled */
  double bandwidth;                 /* bytes/s per datanode; 0: unthrottled */
  char *started;                    /* per move */
  int64_t **list, *n_list, *cursor; /* per worker: its moves in plan order (a worker is a source or a
                                       destination, never both), and the first not started */
  int64_t *ended, n_ended;          /* moves in the order they ended */
  sg_sem_t done;                    /* released as each move ends */
} balancer;

typedef struct {
  balancer *b;
  int64_t index;
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
  activities_sleep_until(src > dst ? src : dst);
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
                 {.kind = STAGE_NET,
                  .host = from->host,
                  .dst = to->host,
                  .flow = ACT_BALANCER,
                  .scale = 1,
                  .count2 = &from->net_sent},
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
  XBT_INFO("job %s: moved block %lld (%lld bytes) from %s to %s", j->desc->name, (long long)m->move->block,
           (long long)m->bytes, the_engine->platform->workers[m->move->from].name,
           the_engine->platform->workers[m->move->to].name);
  hdfs_apply_move(j->input, m->move);
  j->redistributed_bytes += m->bytes;
  b->busy[m->move->from]--;
  b->busy[m->move->to]--;
  b->ended[b->n_ended++] = m->index;
  sg_sem_release(b->done);
  free(m);
}

/* Starts move I of B's job if neither of its datanodes runs B->max moves. */
static void try_move(balancer *b, int64_t i)
{
  const hdfs_move *mv = &b->j->moves[i];
  if (b->started[i] || b->busy[mv->from] >= b->max || b->busy[mv->to] >= b->max)
    return;
  b->started[i] = 1;
  XBT_INFO("job %s: moves block %lld from %s to %s (move %lld of %lld)", b->j->desc->name, (long long)mv->block,
           the_engine->platform->workers[mv->from].name, the_engine->platform->workers[mv->to].name, (long long)i + 1,
           (long long)b->j->n_moves);
  b->busy[mv->from]++;
  b->busy[mv->to]++;
  move_state *m = xmalloc(sizeof *m);
  *m = (move_state){.b = b,
                    .index = i,
                    .move = mv,
                    .bytes = hdfs_block_bytes(b->j->input, mv->block),
                    .chunk = (int64_t)conf_get(&b->j->desc->conf, CONF_CHUNK)};
  sg_actor_t a = sg_actor_init("move", the_engine->trackers[mv->to].host);
  sg_actor_set_data(a, m);
  sg_actor_start(a, move_actor, 0, NULL);
}

/* Starts what worker W's moves allow, in plan order, once one of its own
 * has ended: only its moves can use the room that freed. */
static void start_moves(balancer *b, int w)
{
  while (b->cursor[w] < b->n_list[w] && b->started[b->list[w][b->cursor[w]]])
    b->cursor[w]++;
  for (int64_t k = b->cursor[w]; k < b->n_list[w] && b->busy[w] < b->max; k++)
    try_move(b, b->list[w][k]);
}

/* Actor: the redistribution of one job's input (its data), from its submission until its moves have ended. */
void balancer_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  job *j = sg_actor_self_get_data();
  int n_workers = e->platform->n_workers;
  balancer b = {.j = j,
                .max = (int)conf_get(&e->cluster, CONF_BALANCE_MOVES),
                .bandwidth = conf_get(&e->cluster, CONF_BALANCE_BANDWIDTH),
                .busy = xcalloc((size_t)n_workers, sizeof *b.busy),
                .throttles = xcalloc((size_t)n_workers, sizeof *b.throttles),
                .started = xcalloc((size_t)j->n_moves, 1),
                .list = xcalloc((size_t)n_workers, sizeof *b.list),
                .n_list = xcalloc((size_t)n_workers, sizeof *b.n_list),
                .cursor = xcalloc((size_t)n_workers, sizeof *b.cursor),
                .ended = xmalloc((size_t)j->n_moves * sizeof *b.ended),
                .done = sg_sem_init(0)};
  for (int64_t i = 0; i < j->n_moves; i++)
    b.n_list[j->moves[i].from]++, b.n_list[j->moves[i].to]++;
  for (int w = 0; w < n_workers; w++) {
    b.list[w] = xmalloc((size_t)b.n_list[w] * sizeof **b.list);
    b.n_list[w] = 0;
  }
  for (int64_t i = 0; i < j->n_moves; i++) {
    b.list[j->moves[i].from][b.n_list[j->moves[i].from]++] = i;
    b.list[j->moves[i].to][b.n_list[j->moves[i].to]++] = i;
  }
  activities_sleep_until(j->desc->submit);
  for (int64_t i = 0; i < j->n_moves; i++)
    try_move(&b, i);
  for (int64_t k = 0; k < j->n_moves; k++) {
    sg_sem_acquire(b.done);
    const hdfs_move *mv = &j->moves[b.ended[k]];
    start_moves(&b, mv->from);
    start_moves(&b, mv->to);
  }
  j->redistribution_time = simgrid_get_clock() - j->desc->submit;
  engine_index_maps(e, j);
  j->held = 0;
  engine_work_appeared(e);
  for (int w = 0; w < n_workers; w++)
    free(b.list[w]);
  free(b.list);
  free(b.n_list);
  free(b.cursor);
  free(b.ended);
  free(b.started);
  sg_sem_destroy(b.done);
  free(b.throttles);
  free(b.busy);
}
