/* generator.c - the table of workload generators, and what they share. */
#include "generator.h"

#include <string.h>

const generator *const generators[] = {&generator_wordcount, &generator_terasort, &generator_join,
                                       &generator_grep,      &generator_sort,     NULL};

const generator *generator_find(const char *name)
{
  for (const generator *const *g = generators; *g; g++)
    if (strcmp((*g)->name, name) == 0)
      return *g;
  return NULL;
}

int generator_maps(const job_desc *d)
{
  return (int)workload_maps(d);
}
