/* generator.c - the table of workload generators, and what they share. */
#include "generator.h"

#include <string.h>

static const generator *const all[] = {&generator_wordcount, &generator_terasort, &generator_join, &generator_grep,
                                       &generator_sort};

const char *const generator_names[] = {"wordcount", "terasort", "join", "grep", "sort", NULL};

const generator *generator_find(const char *name)
{
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (strcmp(all[i]->name, name) == 0)
      return all[i];
  return NULL;
}

int generator_maps(const job_desc *d)
{
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE);
  return (int)((d->input + block - 1) / block);
}
