/* alloc.c - checked allocation (see alloc.h). */
#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ends the program: SIZE bytes could not be had. */
static void alloc_die(size_t size)
{
  fprintf(stderr, "mrlab: out of memory (tried to allocate %zu bytes)\n", size);
  exit(1);
}

void *xmalloc(size_t size)
{
  void *p = malloc(size ? size : 1);
  if (!p)
    alloc_die(size);
  return p;
}

void *xcalloc(size_t n, size_t size)
{
  if (size && n > (size_t)-1 / size)
    alloc_die((size_t)-1);
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    alloc_die(n * size);
  return p;
}

void *xrealloc(void *p, size_t size)
{
  void *q = realloc(p, size ? size : 1);
  if (!q)
    alloc_die(size);
  return q;
}

char *xstrdup(const char *s)
{
  size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}
