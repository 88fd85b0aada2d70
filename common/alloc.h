/* alloc.h - the one allocator of mrlab: checked, so no caller tests for NULL.
 *
 * As in Git (xmalloc) and Redis (zmalloc's out-of-memory handler), a failed
 * allocation ends the program with one message naming the size it asked
 * for, instead of a NULL that some later line dereferences.  Input readers
 * bound every size and count (see the limits in their messages), so a
 * failure here means the machine itself ran out, not that a user's file
 * asked for too much.  The exit status is 1: an internal limit, not bad
 * input. */
#ifndef MRLAB_ALLOC_H
#define MRLAB_ALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
/* N elements of SIZE bytes, zeroed; an N * SIZE that overflows fails too. */
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

#endif
