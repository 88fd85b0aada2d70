/* nameset.c - names seen so far (nameset.h).  glibc's hsearch_r tables do
 * not grow and cannot be walked, so the set keeps its names and values in
 * arrays of its own and builds a table twice as large from them when the
 * one it has is half full. */
#define _GNU_SOURCE
#include "nameset.h"

#include "alloc.h"

#include <assert.h>
#include <search.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct nameset {
  struct hsearch_data table;
  size_t n, cap; /* names held, and the table's room (twice what it may hold) */
  char **names;
  long *values;
};

/* Enters name K of S in its table. */
static void enter(nameset *s, size_t k)
{
  ENTRY e = {.key = s->names[k], .data = (void *)(intptr_t)s->values[k]}, *found;
  int entered = hsearch_r(e, ENTER, &found, &s->table);
  assert(entered); /* the table has room for twice its names */
  (void)entered;
}

/* Makes S's table room for CAP entries (twice what it will hold), from its names. */
static void build(nameset *s, size_t cap)
{
  hdestroy_r(&s->table);
  memset(&s->table, 0, sizeof s->table);
  if (!hcreate_r(cap, &s->table)) { /* as alloc.h's allocator ends */
    fprintf(stderr, "mrlab: out of memory (tried to allocate a table of %zu names)\n", cap);
    exit(1);
  }
  s->cap = cap;
  s->names = xrealloc(s->names, cap / 2 * sizeof *s->names);
  s->values = xrealloc(s->values, cap / 2 * sizeof *s->values);
  for (size_t k = 0; k < s->n; k++)
    enter(s, k);
}

nameset *nameset_alloc(void)
{
  nameset *s = xcalloc(1, sizeof *s);
  build(s, 64);
  return s;
}

void nameset_free(nameset *s)
{
  if (!s)
    return;
  hdestroy_r(&s->table);
  for (size_t k = 0; k < s->n; k++)
    free(s->names[k]);
  free(s->names);
  free(s->values);
  free(s);
}

long nameset_find(nameset *s, const char *name)
{
  ENTRY e = {.key = (char *)name}, *found;
  return hsearch_r(e, FIND, &found, &s->table) ? (long)(intptr_t)found->data : -1;
}

long nameset_add(nameset *s, const char *name, long value)
{
  long old = nameset_find(s, name);
  if (old >= 0)
    return old;
  if (s->n == s->cap / 2)
    build(s, 2 * s->cap);
  s->names[s->n] = xstrdup(name);
  s->values[s->n] = value;
  enter(s, s->n++);
  return -1;
}
