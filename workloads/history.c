/* history.c - the record of a job's history that jhist.c and hadoop1.c
 * fill (history.h): its allocation, the attempts' lookup, the counters'
 * names.  A file of its own so that the two readers share one record and
 * one set of names. */
#include "history.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

const char *const history_counter_names[HC_N] = {
    [HC_HDFS_BYTES_READ] = "HDFS_BYTES_READ",
    [HC_HDFS_BYTES_WRITTEN] = "HDFS_BYTES_WRITTEN",
    [HC_FILE_BYTES_READ] = "FILE_BYTES_READ",
    [HC_FILE_BYTES_WRITTEN] = "FILE_BYTES_WRITTEN",
    [HC_MAP_INPUT_RECORDS] = "MAP_INPUT_RECORDS",
    [HC_MAP_OUTPUT_RECORDS] = "MAP_OUTPUT_RECORDS",
    [HC_MAP_OUTPUT_BYTES] = "MAP_OUTPUT_BYTES",
    [HC_MAP_OUTPUT_MATERIALIZED_BYTES] = "MAP_OUTPUT_MATERIALIZED_BYTES",
    [HC_SPILLED_RECORDS] = "SPILLED_RECORDS",
    [HC_COMBINE_INPUT_RECORDS] = "COMBINE_INPUT_RECORDS",
    [HC_COMBINE_OUTPUT_RECORDS] = "COMBINE_OUTPUT_RECORDS",
    [HC_REDUCE_SHUFFLE_BYTES] = "REDUCE_SHUFFLE_BYTES",
    [HC_REDUCE_INPUT_GROUPS] = "REDUCE_INPUT_GROUPS",
    [HC_REDUCE_INPUT_RECORDS] = "REDUCE_INPUT_RECORDS",
    [HC_REDUCE_OUTPUT_RECORDS] = "REDUCE_OUTPUT_RECORDS",
    [HC_CPU_MILLISECONDS] = "CPU_MILLISECONDS",
    [HC_GC_TIME_MILLIS] = "GC_TIME_MILLIS",
};

int history_counter_index(const char *name)
{
  for (int k = 0; k < HC_N; k++)
    if (strcmp(history_counter_names[k], name) == 0)
      return k;
  return -1;
}

history_job *history_job_alloc(const char *path)
{
  history_job *j = xcalloc(1, sizeof *j);
  j->path = xstrdup(path);
  j->submit = j->launch = j->finish = -1;
  j->total_maps = j->total_reduces = -1;
  return j;
}

/* The next attempt of J, zeroed, its times and counters -1 (history_job_attempt hashes it). */
static history_attempt *history_job_add(history_job *j)
{
  if (j->n_attempts == j->cap_attempts)
    j->attempts = xrealloc(j->attempts, (size_t)(j->cap_attempts = 2 * j->cap_attempts + 16) * sizeof *j->attempts);
  history_attempt *a = &j->attempts[j->n_attempts++];
  memset(a, 0, sizeof *a);
  a->start = a->finish = a->map_finish = a->shuffle_finish = a->sort_finish = -1;
  for (int k = 0; k < HC_N; k++)
    a->counters[k] = -1;
  return a;
}

/* The hash of an attempt's KIND, TASK and NUMBER. */
static size_t slot_of(history_kind kind, int task, int number)
{
  uint64_t h = ((uint64_t)kind << 62) ^ ((uint64_t)(unsigned)task << 24) ^ (uint64_t)(unsigned)number;
  h ^= h >> 33, h *= 0xff51afd7ed558ccdULL, h ^= h >> 33; /* MurmurHash3's finaliser */
  return (size_t)h;
}

/* Puts attempt K of J in J's hash, which has room. */
static void slot_put(history_job *j, int k)
{
  const history_attempt *a = &j->attempts[k];
  size_t s = slot_of(a->kind, a->task, a->number) & (j->n_slots - 1);
  while (j->slots[s])
    s = (s + 1) & (j->n_slots - 1);
  j->slots[s] = k + 1;
}

history_attempt *history_job_attempt(history_job *j, history_kind kind, int task, int number)
{
  for (size_t s = j->n_slots ? slot_of(kind, task, number) & (j->n_slots - 1) : 0; j->n_slots && j->slots[s];
       s = (s + 1) & (j->n_slots - 1)) {
    history_attempt *a = &j->attempts[j->slots[s] - 1];
    if (a->kind == kind && a->task == task && a->number == number)
      return a;
  }
  history_attempt *a = history_job_add(j);
  a->kind = kind, a->task = task, a->number = number;
  if (2 * (size_t)j->n_attempts > j->n_slots) { /* at most half full: grow, and put every attempt back */
    free(j->slots);
    j->n_slots = j->n_slots ? 2 * j->n_slots : 64;
    while (2 * (size_t)j->n_attempts > j->n_slots)
      j->n_slots *= 2;
    j->slots = xcalloc(j->n_slots, sizeof *j->slots);
    for (int k = 0; k < j->n_attempts; k++)
      slot_put(j, k);
  } else {
    slot_put(j, j->n_attempts - 1);
  }
  return a;
}

void history_job_free(history_job *j)
{
  if (!j)
    return;
  for (int k = 0; k < j->n_attempts; k++) {
    free(j->attempts[k].host);
    free(j->attempts[k].rack);
    free(j->attempts[k].error);
  }
  free(j->attempts);
  free(j->slots);
  free(j->path);
  free(j->id);
  free(j->name);
  free(j->user);
  free(j->queue);
  free(j);
}
