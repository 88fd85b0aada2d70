/* dag_test.c - Shi and Lu's workflow model (models/dag.c) on the worked
 * values of docs/models.md to 1e-9: DRF's degree of parallelism (T5), one
 * job across an artificial state boundary, corrected and as published
 * (T6), a diamond and a job that pauses tasks worked by hand, invariants
 * on fixed random DAGs (T7) and a CPU-bound map that slows while another
 * job maps and recovers when that job shuffles (T8). */
#include "dag.h"
#include "test.h"
#include "workflow.h"

#include <gsl/gsl_rng.h>
#include <string.h>
#include <sys/stat.h>

/* A job whose every task takes T seconds whatever the shares (all
 * throughputs infinite, only t_load counts), in 1-vcore 2 GB containers. */
static dag_job fixed_job(double t, int maps, int reduces)
{
  dag_job j = {.boe = {.t_load = t,
                       .split = 1,
                       .n_maps = maps,
                       .n_reduces = reduces,
                       .theta_dfsr = INFINITY,
                       .theta_map = INFINITY,
                       .theta_dw = INFINITY,
                       .theta_net = INFINITY,
                       .theta_sort = INFINITY,
                       .theta_reduce = INFINITY,
                       .theta_dfsw = INFINITY},
               .map = {.cores = 1, .mem = 2},
               .reduce = {.cores = 1, .mem = 2}};
  return j;
}

static double dominant(const dag_cluster *c, const dag_phase *k)
{
  return fmax(k->cores / c->vcores, k->mem / c->mem);
}

/* T5: three jobs of 1 vcore and 2 GB on 12 GB share it (2, 2, 2); with
 * the second at 4 GB they get (2, 1, 2), equal dominant shares of 1/3. */
static void drf_equalises_dominant_shares(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 100, .vcores = 100, .mem = 12};
  dag_phase need[3] = {{.cores = 1, .mem = 2}, {.cores = 1, .mem = 2}, {.cores = 1, .mem = 2}};
  int many[3] = {100, 100, 100}, delta[3];
  const int want[2][3] = {{2, 2, 2}, {2, 1, 2}};
  for (int k = 0; k < 2; k++) {
    need[1].mem = k ? 4 : 2;
    dag_drf(&c, 3, need, many, delta);
    double cores = 0, mem = 0;
    for (int i = 0; i < 3; i++) {
      assert_int_equal(delta[i], want[k][i]);
      assert_close(dominant(&c, &need[i]) * delta[i], 1.0 / 3, 1e-12);
      cores += need[i].cores * delta[i], mem += need[i].mem * delta[i];
    }
    assert_true(mem <= c.mem && cores <= c.vcores);
  }
}

/* A job capped at its remaining tasks leaves its share to the others;
 * shares that all round to no container still give containers to the
 * jobs of least dominant share while they fit. */
static void drf_caps_and_rounds_down(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 100, .vcores = 100, .mem = 12};
  dag_phase need[3] = {{.cores = 1, .mem = 2}, {.cores = 1, .mem = 2}, {.cores = 1, .mem = 2}};
  int left[3] = {1, 100, 100}, delta[3];
  c.mem = 14;
  dag_drf(&c, 3, need, left, delta);
  assert_int_equal(delta[0], 1);
  assert_int_equal(delta[1], 3);
  assert_int_equal(delta[2], 3);
  c.mem = 12;
  for (int i = 0; i < 3; i++)
    need[i].mem = 5, left[i] = 100;
  dag_drf(&c, 3, need, left, delta);
  assert_int_equal(delta[0], 1);
  assert_int_equal(delta[1], 1);
  assert_int_equal(delta[2], 0);
  /* 10 GB, a job of 3 GB containers, one of 1 GB, a 1 GB one capped at 1:
   * the others share 9 GB at x = 0.45 (1.5 and 4.5), rounded to 1 and 4;
   * the 2 GB left go to the 1 GB job, as the 3 GB container no longer fits. */
  c.mem = 10;
  need[0].mem = 3, need[1].mem = need[2].mem = 1, left[2] = 1;
  dag_drf(&c, 3, need, left, delta);
  assert_int_equal(delta[0], 1);
  assert_int_equal(delta[1], 6);
  assert_int_equal(delta[2], 1);
}

/* Job 0 (16 maps of 10 s) shares 8 containers 6 to 2 with job 1 (2 of
 * 5 s); at 5 s job 1's child (8 of 10 s) takes 4 of them, so 2 of job 0's
 * half-done tasks pause.  They resume first at 10 s and end at 15 s; the
 * child runs two waves, 5-15 and 15-25 s; job 0 takes all 8 containers
 * for its last 6 tasks (2 half done) and ends at 35 s. */
static void a_job_that_loses_containers_pauses_its_tasks(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 8, .vcores = 8, .mem = 16};
  size_t p1[] = {1};
  dag_job j[3] = {fixed_job(10, 16, 0), fixed_job(5, 2, 0), fixed_job(10, 8, 0)};
  j[2].parents = p1, j[2].n_parents = 1;
  dag_result r;
  char err[256];
  assert_int_equal(dag_estimate(&c, j, 3, NULL, &r, err, sizeof err), 0);
  assert_int_equal(r.n_states, 3);
  assert_int_equal(r.states[0].delta[0], 6);
  assert_int_equal(r.states[1].delta[0], 4);
  assert_int_equal(r.states[1].delta[2], 4);
  assert_close(r.states[1].pending[0], 2, 0);
  assert_close(r.jobs[1].end, 5, 1e-9);
  assert_close(r.jobs[2].end, 25, 1e-9);
  assert_close(r.jobs[0].end, 35, 1e-9);
  dag_result_free(&r);
}

/* T6: 20 tasks of 10 s on 8 containers take ceil(20/8) 10 = 30 s, with or
 * without a state boundary at 5 s.  As published (p = t_stage(s) /
 * t_stage(i,s) = 5/30, N_rm = 12 - 8 5/10 = 8 by Eq. 8), the boundary
 * gives 5 + 10 (1 - 1/6 + ceil(8/8)) = 70/3 s; 2 tasks on one container
 * give 5 + 10 (1 - 1/4 + ceil(0.5)) = 22.5 s. */
static void one_job_takes_its_waves_across_a_split(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 8, .vcores = 8, .mem = 16};
  dag_job j = fixed_job(10, 20, 0);
  const double five = 5;
  dag_options split = {.splits = &five, .n_splits = 1};
  dag_result r;
  char err[256];
  assert_int_equal(dag_estimate(&c, &j, 1, NULL, &r, err, sizeof err), 0);
  assert_int_equal(r.n_states, 1);
  assert_int_equal(r.states[0].delta[0], 8);
  assert_close(r.makespan, 30, 1e-9);
  dag_result_free(&r);
  assert_int_equal(dag_estimate(&c, &j, 1, &split, &r, err, sizeof err), 0);
  assert_int_equal(r.n_states, 2);
  assert_close(r.states[0].progress[0], 0.5, 1e-12);
  assert_close(r.states[0].pending[0], 12, 0);
  assert_close(r.makespan, 30, 1e-9);
  assert_close(r.jobs[0].end, 30, 1e-9);
  dag_result_free(&r);
  split.literal = 1;
  assert_int_equal(dag_estimate(&c, &j, 1, &split, &r, err, sizeof err), 0);
  assert_close(r.states[0].progress[0], 1.0 / 6, 1e-12);
  assert_close(r.states[0].pending[0], 8, 1e-12);
  assert_close(r.makespan, 70.0 / 3, 1e-9);
  dag_result_free(&r);
  /* on one container the same rules hold: 2 tasks, p = 5/20, N_rm = 2 - 1 - 5/10 */
  dag_cluster one = {.cores = 1, .vcores = 1, .mem = 16};
  dag_job two = fixed_job(10, 2, 0);
  assert_int_equal(dag_estimate(&one, &two, 1, &split, &r, err, sizeof err), 0);
  assert_close(r.states[0].progress[0], 0.25, 1e-12);
  assert_close(r.states[0].pending[0], 0.5, 1e-12);
  assert_close(r.makespan, 22.5, 1e-9);
  dag_result_free(&r);
  split.n_splits = 0;
  assert_int_equal(dag_estimate(&c, &j, 1, &split, &r, err, sizeof err), 0);
  assert_close(r.makespan, 30, 1e-9);
  dag_result_free(&r);
}

/* A diamond of 10 s tasks on 8 containers: j0 (8 maps) 0-10; j1 (4 maps)
 * and j2 (12 maps) share the cluster 4 and 4 until j1 ends at 20, then j2
 * runs its last 8 at once until 30; j3 (4 maps, 4 reduces) 30-50. */
static void a_diamond_runs_state_by_state(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 8, .vcores = 8, .mem = 16};
  size_t p0[] = {0}, p12[] = {1, 2};
  dag_job j[4] = {fixed_job(10, 8, 0), fixed_job(10, 4, 0), fixed_job(10, 12, 0), fixed_job(10, 4, 4)};
  j[1].parents = j[2].parents = p0, j[1].n_parents = j[2].n_parents = 1;
  j[3].parents = p12, j[3].n_parents = 2;
  dag_result r;
  char err[256];
  assert_int_equal(dag_estimate(&c, j, 4, NULL, &r, err, sizeof err), 0);
  assert_close(r.makespan, 50, 1e-9);
  assert_int_equal(r.n_states, 5);
  const double start[] = {0, 10, 10, 30}, end[] = {10, 20, 30, 50};
  for (int i = 0; i < 4; i++) {
    assert_close(r.jobs[i].start, start[i], 1e-9);
    assert_close(r.jobs[i].end, end[i], 1e-9);
  }
  assert_close(r.jobs[3].map_end, 40, 1e-9);
  assert_int_equal(r.states[1].delta[1], 4);
  assert_int_equal(r.states[1].delta[2], 4);
  assert_int_equal(r.states[2].delta[2], 8);
  assert_int_equal(r.states[3].phase[3], DAG_MAP);
  assert_int_equal(r.states[4].phase[3], DAG_REDUCE);
  dag_result_free(&r);
}

/* A random job of TEST's seeded stream: finite throughputs, 1 to 40 maps,
 * 0 (map-only) to 12 reduces, containers of 1-2 vcores and 1-4 GB. */
static dag_job random_job(gsl_rng *g)
{
  dag_job j = {.boe = {.t_load = gsl_rng_uniform(g) * 3,
                       .split = 16 + gsl_rng_uniform_int(g, 240),
                       .n_maps = 1 + (int)gsl_rng_uniform_int(g, 40),
                       .n_reduces = gsl_rng_uniform(g) < 0.3 ? 0 : 1 + (int)gsl_rng_uniform_int(g, 12),
                       .theta_dfsr = 50 + gsl_rng_uniform(g) * 500,
                       .theta_map = 5 + gsl_rng_uniform(g) * 100,
                       .theta_dw = 50 + gsl_rng_uniform(g) * 500,
                       .theta_net = 50 + gsl_rng_uniform(g) * 200,
                       .theta_sort = 20 + gsl_rng_uniform(g) * 100,
                       .theta_reduce = 5 + gsl_rng_uniform(g) * 100,
                       .theta_dfsw = 50 + gsl_rng_uniform(g) * 300,
                       .alpha_m = gsl_rng_uniform(g) * 2,
                       .alpha_s = gsl_rng_uniform(g),
                       .alpha_r = gsl_rng_uniform(g)},
               .map = {.cores = 1 + (double)gsl_rng_uniform_int(g, 2),
                       .mem = 1 + (double)gsl_rng_uniform_int(g, 4),
                       .uses = (unsigned)gsl_rng_uniform_int(g, 8)},
               .reduce = {.cores = 1 + (double)gsl_rng_uniform_int(g, 2),
                          .mem = 1 + (double)gsl_rng_uniform_int(g, 4),
                          .uses = (unsigned)gsl_rng_uniform_int(g, 8)}};
  return j;
}

/* T7 on 40 fixed random DAGs of 1 to 10 jobs, corrected variant: at most
 * two states a job, states back to back summing to the makespan, no
 * negative pending count, progress within [0, 1], DRF within the cluster,
 * children after all their parents; the printed rules too end a phase a
 * state and keep children after parents. */
static void random_dags_keep_the_invariants(void **state)
{
  (void)state;
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(g, 14);
  for (int dag = 0; dag < 40; dag++) {
    size_t n = 1 + gsl_rng_uniform_int(g, 10);
    dag_job jobs[10];
    size_t parents[10][10];
    for (size_t i = 0; i < n; i++) {
      jobs[i] = random_job(g);
      jobs[i].parents = parents[i];
      for (size_t q = 0; q < i; q++)
        if (gsl_rng_uniform(g) < 0.3)
          parents[i][jobs[i].n_parents++] = q;
    }
    dag_cluster c = {.cores = 4 + (double)gsl_rng_uniform_int(g, 30),
                     .vcores = 8 + (double)gsl_rng_uniform_int(g, 40),
                     .mem = 8 + (double)gsl_rng_uniform_int(g, 80)};
    dag_result r;
    char err[256];
    assert_int_equal(dag_estimate(&c, jobs, n, NULL, &r, err, sizeof err), 0);
    assert_true(r.n_states <= 2 * n);
    double sum = 0;
    for (size_t s = 0; s < r.n_states; s++) {
      const dag_state *st = &r.states[s];
      assert_close(st->start, sum, 1e-9 * r.makespan);
      assert_true(st->duration > 0);
      sum += st->duration;
      double cores = 0, mem = 0;
      for (size_t i = 0; i < n; i++) {
        assert_true(st->pending[i] >= 0);
        assert_true(st->progress[i] >= 0 && st->progress[i] <= 1);
        const dag_phase *k = st->phase[i] == DAG_MAP ? &jobs[i].map : &jobs[i].reduce;
        cores += k->cores * st->delta[i], mem += k->mem * st->delta[i];
        if (st->phase[i] == DAG_MAP || st->phase[i] == DAG_REDUCE)
          assert_true(st->delta[i] > 0 || st->t_task[i] == 0);
      }
      assert_true(cores <= c.vcores && mem <= c.mem);
    }
    assert_close(sum, r.makespan, 1e-9 * r.makespan);
    double last = 0;
    for (size_t i = 0; i < n; i++) {
      for (size_t q = 0; q < jobs[i].n_parents; q++)
        assert_true(r.jobs[i].start >= r.jobs[jobs[i].parents[q]].end);
      assert_true(r.jobs[i].start <= r.jobs[i].map_end && r.jobs[i].map_end <= r.jobs[i].end);
      last = fmax(last, r.jobs[i].end);
    }
    assert_close(last, r.makespan, 1e-9 * r.makespan);
    dag_result_free(&r);
    /* the printed rules end a phase every state too */
    dag_options literal = {.literal = 1};
    assert_int_equal(dag_estimate(&c, jobs, n, &literal, &r, err, sizeof err), 0);
    assert_true(r.n_states <= 2 * n);
    sum = 0;
    for (size_t s = 0; s < r.n_states; s++)
      sum += r.states[s].duration;
    assert_close(sum, r.makespan, 1e-9 * r.makespan);
    for (size_t i = 0; i < n; i++)
      for (size_t q = 0; q < jobs[i].n_parents; q++)
        assert_true(r.jobs[i].start >= r.jobs[jobs[i].parents[q]].end);
    dag_result_free(&r);
  }
  gsl_rng_free(g);
}

/* T7, one job: each phase takes ceil(N/Δ) task times, Δ = min(N, the
 * containers that fit) and the task time Props. 1-3's at that Δ. */
static void one_job_takes_whole_waves(void **state)
{
  (void)state;
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(g, 7);
  for (int k = 0; k < 40; k++) {
    dag_job j = random_job(g);
    j.map.uses = j.reduce.uses = 0;
    dag_cluster c = {.cores = 4 + (double)gsl_rng_uniform_int(g, 30),
                     .vcores = 8 + (double)gsl_rng_uniform_int(g, 40),
                     .mem = 8 + (double)gsl_rng_uniform_int(g, 80)};
    dag_result r;
    char err[256];
    assert_int_equal(dag_estimate(&c, &j, 1, NULL, &r, err, sizeof err), 0);
    boe_params p = j.boe;
    p.n_cores = c.cores;
    int n = j.boe.n_maps, fit = (int)fmin(c.vcores / j.map.cores, c.mem / j.map.mem);
    p.delta = n < fit ? n : fit;
    double want = ceil(n / p.delta) * boe_map(&p);
    int full = n % (int)p.delta == 0; /* every wave full */
    if (j.boe.n_reduces) {
      n = j.boe.n_reduces, fit = (int)fmin(c.vcores / j.reduce.cores, c.mem / j.reduce.mem);
      p.delta = n < fit ? n : fit;
      want += ceil(n / p.delta) * (boe_shuffle(&p) + boe_reduce(&p));
      full = full && n % (int)p.delta == 0;
    }
    assert_close(r.makespan, want, 1e-9 * want);
    assert_int_equal(r.n_states, j.boe.n_reduces ? 2 : 1);
    dag_result_free(&r);
    /* Algorithm 2 without spread: the same waves, task by task, but a
     * last wave that is not full shares among its own tasks only */
    assert_int_equal(dag_estimate_tasks(&c, &j, 1, 3, 1, &r, err, sizeof err), 0);
    if (full)
      assert_close(r.makespan, want, 1e-9 * want);
    else
      assert_true(r.makespan <= want * (1 + 1e-9));
    dag_result_free(&r);
  }
  gsl_rng_free(g);
}

/* Algorithm 2 with spread: 20 tasks of 10 s on 8 containers take 30 s
 * without it; with normal task times of cv 0.3 the waves' slowest tracks
 * end later on average (Theorem 1's gain), the same draws give the same
 * estimate and other draws another. */
static void algorithm2_draws_each_task_time(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 8, .vcores = 8, .mem = 16};
  dag_job j = fixed_job(10, 20, 0);
  dag_result r, again, other;
  char err[256];
  assert_int_equal(dag_estimate_tasks(&c, &j, 1, 5, 1, &r, err, sizeof err), 0);
  assert_close(r.makespan, 30, 1e-9);
  dag_result_free(&r);
  j.map.cv = 0.3;
  assert_int_equal(dag_estimate_tasks(&c, &j, 1, 50, 1, &r, err, sizeof err), 0);
  assert_int_equal(dag_estimate_tasks(&c, &j, 1, 50, 1, &again, err, sizeof err), 0);
  assert_int_equal(dag_estimate_tasks(&c, &j, 1, 50, 2, &other, err, sizeof err), 0);
  assert_true(r.makespan > 30 && r.makespan < 40);
  assert_true(r.makespan == again.makespan && r.makespan != other.makespan);
  assert_close(r.jobs[0].end, r.makespan, 1e-9);
  dag_result_free(&r), dag_result_free(&again), dag_result_free(&other);
  /* a cycle never starts */
  size_t p0[] = {0}, p1[] = {1};
  dag_job two[2] = {fixed_job(10, 4, 0), fixed_job(10, 4, 0)};
  two[0].parents = p1, two[0].n_parents = 1, two[1].parents = p0, two[1].n_parents = 1;
  assert_int_equal(dag_estimate_tasks(&c, two, 2, 1, 1, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "cycle"));
}

/* T8: a CPU-bound WordCount-like map and a disk-bound TeraSort-like job,
 * 8 containers each on 8 cores.  While both map, the CPU is split among
 * 16 tasks: WC's map takes 1 + 128/(0.5 10) + 0.1 128 16/1000 = 26.8048 s.
 * Once TS shuffles (its reduce competes for disk and network only), WC has
 * the CPU to itself again: 1 + 12.8 + 0.2048 = 14.0048 s, still above the
 * 13.9024 s it takes alone at Δ = 8, as the disk is still shared. */
static void a_map_slows_while_another_maps(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 8, .vcores = 16, .mem = 32};
  dag_job wc = {.boe = {.t_load = 1,
                        .split = 128,
                        .n_maps = 80,
                        .theta_map = 10,
                        .theta_dfsr = 1000,
                        .theta_dw = 1000,
                        .alpha_m = 0.1},
                .map = {.cores = 1, .mem = 2},
                .reduce = {.cores = 1, .mem = 2}};
  dag_job ts = {.boe = {.t_load = 1,
                        .split = 128,
                        .n_maps = 8,
                        .n_reduces = 16,
                        .theta_map = 100,
                        .theta_dfsr = 60,
                        .theta_dw = 60,
                        .theta_net = 117,
                        .theta_sort = 50,
                        .theta_reduce = 5,
                        .theta_dfsw = 100,
                        .alpha_m = 1,
                        .alpha_s = 0.5,
                        .alpha_r = 1},
                .map = {.cores = 1, .mem = 2},
                .reduce = {.cores = 1, .mem = 2, .uses = DAG_DISK | DAG_NET}};
  dag_job both[2] = {wc, ts};
  dag_result r;
  char err[256];
  assert_int_equal(dag_estimate(&c, both, 2, NULL, &r, err, sizeof err), 0);
  assert_true(r.n_states >= 2);
  assert_int_equal(r.states[0].phase[1], DAG_MAP);
  assert_int_equal(r.states[1].phase[0], DAG_MAP);
  assert_int_equal(r.states[1].phase[1], DAG_REDUCE);
  assert_int_equal(r.states[0].delta[0], 8);
  assert_int_equal(r.states[1].delta[0], 8);
  assert_close(r.states[0].t_task[0], 26.8048, 1e-9);
  assert_close(r.states[1].t_task[0], 14.0048, 1e-9);
  /* TS's reduce still counts itself on the CPU: 64 MB a reduce, shuffled
   * on 1/16 of the disk, a half merged there, then reduced at 5 MB/s on
   * half a core: 1 + 17.0667 + 8.5333 + 25.6. */
  assert_close(r.states[1].t_task[1], 52.2, 1e-9);
  boe_params alone = wc.boe;
  alone.delta = 8, alone.n_cores = 8;
  assert_close(boe_map(&alone), 13.9024, 1e-9);
  dag_result_free(&r);
  both[1].reduce.uses = 0; /* a reduce that competes for the CPU too */
  assert_int_equal(dag_estimate(&c, both, 2, NULL, &r, err, sizeof err), 0);
  assert_close(r.states[1].t_task[0], 26.8048, 1e-9);
  dag_result_free(&r);
}

/* Jobs that can never start, a container no node could hold and a
 * parent that is not a job are refused with a reason. */
static void impossible_workflows_are_refused(void **state)
{
  (void)state;
  dag_cluster c = {.cores = 8, .vcores = 8, .mem = 16};
  size_t p0[] = {0}, p1[] = {1}, p9[] = {9};
  dag_job j[2] = {fixed_job(10, 4, 0), fixed_job(10, 4, 0)};
  j[0].parents = p1, j[0].n_parents = 1;
  j[1].parents = p0, j[1].n_parents = 1;
  dag_result r;
  char err[256];
  assert_int_equal(dag_estimate(&c, j, 2, NULL, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "cycle"));
  j[0].n_parents = 0, j[1].parents = p9;
  assert_int_equal(dag_estimate(&c, j, 2, NULL, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "parent"));
  j[1].n_parents = 0, j[1].map.mem = 17;
  assert_int_equal(dag_estimate(&c, j, 2, NULL, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "job 1: a map container"));
}

/* The jobs.csv of a history run of one job alone: NAME with MAPS maps of
 * INPUT bytes in all, REDUCES reduces, map output MAP_OUT (as much
 * written), tasks starting up in 1 s. */
static const char *alone_jobs(const char *name, int maps, int reduces, double input, double map_out)
{
  static char text[1024];
  snprintf(text, sizeof text,
           "job,start,map_phase_end,end,maps,reduces,map_slots,reduce_slots,input_bytes,map_output_bytes,"
           "shuffle_bytes,output_bytes,mrlab.task.startup\n"
           "%s,0,0,100,%d,%d,0,0,%.0f,%.0f,%.0f,%.0f,1s\n",
           name, maps, reduces, input, map_out, map_out, map_out);
  return text;
}

static const char alone_tasks_header[] = "job,kind,host,status,start,end,read_end,read_bytes,map_end,shuffle_end,"
                                         "shuffle_bytes,sort_end,reduce_end,first_byte\n";

/* Shi and Lu's model fed from runs, worked by hand (docs/models.md).  One
 * node of 4 cores and 8 GiB: four 1-vcore containers.  Alone, job a's 4
 * maps of 100 B ran at once, each 1 s start-up, 2 s reading, 2 s mapping,
 * 1 s spilling: fixed 3 s, disk 3 s at Δ = 4, θ_dfsr = 400/3 B/s; its
 * reduce 1 s start-up, 2 s shuffling 400 B, 1 s merging, 2 s reducing,
 * 1 s writing: fixed 3 s, θ_net = θ_dfsw = 200 B/s.  Job b's 4 maps only
 * computed, 5 s.  Side by side DRF gives each 2 containers; a's map takes
 * 3 + 100·4/(400/3) = 6 s among 4 disk users, so b ends at 10 s with a
 * 2/3 into its second wave; alone its last maps take 3 + 1.5 = 4.5 s, a
 * third of it 1.5 s; its reduce 3 + 2 + 2 s: 18.5 s. */
static void a_workflow_is_fed_from_runs_alone(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char a[4096], b[4096], target[4096], tasks[4096];
  snprintf(a, sizeof a, "%s/a", dir);
  snprintf(b, sizeof b, "%s/b", dir);
  snprintf(target, sizeof target, "%s/target", dir);
  assert_int_equal(mkdir(a, 0777) | mkdir(b, 0777) | mkdir(target, 0777), 0);
  test_write_file(a, "jobs.csv", alone_jobs("a", 4, 1, 400, 400));
  snprintf(tasks, sizeof tasks, "%s", alone_tasks_header);
  for (int k = 0; k < 4; k++)
    strcat(tasks, "a,map,n-1,SUCCEEDED,0,6,3,100,5,,,,,\n");
  strcat(tasks, "a,reduce,n-1,SUCCEEDED,6,13,,,,9,400,10,12,\n");
  test_write_file(a, "tasks.csv", tasks);
  test_write_file(b, "jobs.csv", alone_jobs("b", 4, 0, 400, 0));
  snprintf(tasks, sizeof tasks, "%s", alone_tasks_header);
  for (int k = 0; k < 4; k++)
    strcat(tasks, "b,map,n-1,SUCCEEDED,0,5,1,100,5,,,,,\n");
  test_write_file(b, "tasks.csv", tasks);
  const char *cols = "job,submit,end,maps,reduces,input_bytes,mrlab.scheduler,yarn.nodemanager.resource.memory-mb,"
                     "yarn.nodemanager.resource.cpu-vcores,yarn.scheduler.minimum-allocation-mb,"
                     "yarn.scheduler.minimum-allocation-vcores,mapreduce.map.memory.mb,mapreduce.map.cpu.vcores,"
                     "mapreduce.reduce.memory.mb,mapreduce.reduce.cpu.vcores,after\n";
  char jobs[2048];
  snprintf(jobs, sizeof jobs,
           "%sa,0,20,4,1,400,yarn-fair,-1,-1,1024,1,1024,1,1024,1,\n"
           "b,0,11,4,0,400,yarn-fair,-1,-1,1024,1,1024,1,1024,1,\n",
           cols);
  test_write_file(target, "jobs.csv", jobs);
  int cores[] = {4};
  double memory[] = {8.0 * 1024 * 1024 * 1024};
  const char *history[] = {a, b};
  workflow_prediction w;
  char err[512];
  if (workflow_predict(cores, memory, 1, target, history, 2, &w, err, sizeof err))
    fail_msg("%s", err);
  assert_int_equal(w.n_jobs, 2);
  assert_close(w.makespan, 18.5, 1e-9);
  assert_close(w.mean, 18.5, 1e-9);   /* identical tasks: means are medians, */
  assert_close(w.normal, 18.5, 1e-9); /* and task by task without spread the same */
  assert_close(w.jobs[0].end, 18.5, 1e-9);
  assert_close(w.jobs[1].end, 10, 1e-9);
  assert_close(w.measured, 20, 1e-9);
  assert_close(w.jobs[1].measured, 11, 1e-9);
  workflow_prediction_free(&w);
  /* a job with no run alone, and a history run of two jobs, are refused */
  assert_int_equal(workflow_predict(cores, memory, 1, target, history, 1, &w, err, sizeof err), -1);
  assert_non_null(strstr(err, "job b: expected a run of it alone"));
  workflow_prediction_free(&w);
  snprintf(jobs, sizeof jobs, "%s%s", alone_jobs("a", 4, 1, 400, 400), "b,0,0,100,4,0,0,0,400,0,0,0,1s\n");
  test_write_file(a, "jobs.csv", jobs);
  assert_int_equal(workflow_predict(cores, memory, 1, target, history, 2, &w, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected a run of job a alone, got 2 jobs"));
  workflow_prediction_free(&w);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(drf_equalises_dominant_shares),
      cmocka_unit_test(drf_caps_and_rounds_down),
      cmocka_unit_test(one_job_takes_its_waves_across_a_split),
      cmocka_unit_test(a_diamond_runs_state_by_state),
      cmocka_unit_test(a_job_that_loses_containers_pauses_its_tasks),
      cmocka_unit_test(random_dags_keep_the_invariants),
      cmocka_unit_test(one_job_takes_whole_waves),
      cmocka_unit_test(a_map_slows_while_another_maps),
      cmocka_unit_test(impossible_workflows_are_refused),
      cmocka_unit_test(algorithm2_draws_each_task_time),
      cmocka_unit_test(a_workflow_is_fed_from_runs_alone),
  };
  TEST_MAIN(tests);
}
