/* nameset.h - names seen so far, each with a number: how a reader of many
 * jobs (a workload file, an imported trace) finds a name given twice and
 * where it was first, in time that does not grow with the names before it.
 * On glibc's hash table (hsearch_r), grown by doubling. */
#ifndef MRLAB_NAMESET_H
#define MRLAB_NAMESET_H

typedef struct nameset nameset;

nameset *nameset_alloc(void);
void nameset_free(nameset *s);

/* Adds a copy of NAME with VALUE (>= 0) to S and returns -1; or, if S
 * holds NAME already, returns the value it was added with, changing
 * nothing. */
long nameset_add(nameset *s, const char *name, long value);

/* The value NAME was added to S with, or -1 if it was not. */
long nameset_find(nameset *s, const char *name);

#endif
