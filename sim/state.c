/* state.c - what every actor does to the run's shared state (state.h).
 *
 * The draws that keep configurations of one seed comparable (engine_hash,
 * the generators seeded by it and orders of racks drawn by it), the disk a task or a datanode uses, a
 * tracker's busy time, and the two signals every actor may send: an
 * attempt killed, and work that appeared for idle trackers.  Nothing here
 * calls an actor: this is the bottom of the engine's tree. */
#include "state.h"

#include "alloc.h"

#include <simgrid/cond.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>

#include <stdlib.h>
#include <string.h>

engine *the_engine;

uint64_t engine_hash(const uint64_t *parts, size_t n)
{
  uint64_t x = the_engine->seed;
  for (size_t i = 0; i < n; i++) {
    x += 0x9e3779b97f4a7c15ULL + parts[i];
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

uint64_t engine_name_hash(const char *name)
{
  uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
  for (; *name; name++)
    h = (h ^ (unsigned char)*name) * 0x100000001b3ULL;
  return h;
}

typedef struct {
  uint64_t key;
  const char *name;
  int rack;
} drawn_rack;

/* Orders racks by their draw, then (two equal draws) by name. */
static int by_draw(const void *pa, const void *pb)
{
  const drawn_rack *a = pa, *b = pb;
  return a->key != b->key ? (a->key > b->key) - (a->key < b->key) : strcmp(a->name, b->name);
}

void engine_racks_drawn(const uint64_t *parts, size_t n, int *order, int *place)
{
  const platform *p = the_engine->platform;
  uint64_t key[8];
  xbt_assert(n < 8, "a draw of racks takes at most 7 numbers");
  memcpy(key, parts, n * sizeof *key);
  drawn_rack *d = xmalloc((size_t)p->n_racks * sizeof *d);
  for (int r = 0; r < p->n_racks; r++) {
    key[n] = engine_name_hash(p->racks[r].name);
    d[r] = (drawn_rack){engine_hash(key, n + 1), p->racks[r].name, r};
  }
  qsort(d, (size_t)p->n_racks, sizeof *d, by_draw);
  for (int k = 0; k < p->n_racks; k++) {
    order[k] = d[k].rack;
    place[d[k].rack] = k;
  }
  free(d);
}

gsl_rng *engine_rng_alloc(const uint64_t *parts, size_t n)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(rng, (unsigned long)engine_hash(parts, n));
  return rng;
}

gsl_rng *engine_attempt_rng(const attempt *a)
{
  const uint64_t parts[] = {(uint64_t)a->task->job->index, (uint64_t)a->task->kind, (uint64_t)a->task->index,
                            (uint64_t)a->number};
  return engine_rng_alloc(parts, 4);
}

gsl_rng *engine_task_rng(const task *t)
{
  const uint64_t parts[] = {(uint64_t)t->job->index, (uint64_t)t->kind, (uint64_t)t->index, UINT64_MAX};
  return engine_rng_alloc(parts, 4);
}

void engine_tracker_busy(const engine *e, int w, double *disk, double *nic)
{
  const tracker *tr = &e->trackers[w];
  const platform_class *c = platform_node_class(e->platform, &e->platform->workers[w]);
  double read_bw = 0, write_bw = 0; /* the host's disks together */
  for (int d = 0; d < c->n_disks; d++) {
    read_bw += c->disks[d].read_bw;
    write_bw += c->disks[d].write_bw;
  }
  *disk = (double)tr->disk_read / read_bw + (double)tr->disk_written / write_bw;
  *nic = (double)tr->net_sent / c->nic.bandwidth;
}

sg_disk_t engine_disk(sg_host_t h, int64_t k)
{
  const tracker *tr = sg_host_get_data(h);
  unsigned d = (unsigned)(k % tr->n_disks);
  for (unsigned tries = 0; tr->disk_bad && tr->disk_bad[d] && tries < tr->n_disks; tries++)
    d = (d + 1) % tr->n_disks;
  return tr->disks[d];
}

void tracker_rouse(tracker *tr)
{
  if (tr->quiet) {
    tr->quiet = 0;
    sg_sem_release(tr->rouse);
  }
}

void engine_attempt_cancel(attempt *a)
{
  a->cancel = 1;
  if (a->wake)
    sg_cond_notify_all(a->wake);
}

void engine_work_appeared(engine *e)
{
  for (int w = 0; w < e->platform->n_workers; w++) /* by key: trackers roused at once act in no file order */
    tracker_rouse(e->by_key[w]);
}
