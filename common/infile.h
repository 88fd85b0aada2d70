/* infile.h - opening a user's input file: a regular file, of bounded size.
 *
 * open() on a named pipe blocks until a writer comes, which may be never;
 * a device may never end; a directory reads as nothing.  So every reader
 * of a file a user names (libconfig files, Hadoop XML, traces, a run
 * directory's CSVs) opens it here: the file must be a regular one, checked
 * by stat() before open() and again by fstat() on what was opened (with
 * O_NONBLOCK, so that a file swapped for a pipe in between cannot block),
 * and no larger than the reader's bound.  A refusal is one line naming the
 * file and what was expected:
 *     f.xml: expected a Hadoop configuration file (XML), got a named pipe
 *     big.xml: expected at most 8 MiB (mrlab's bound on a Hadoop
 *       configuration file (XML)), got 40 MiB
 * No mrlab command reads standard input. */
#ifndef MRLAB_INFILE_H
#define MRLAB_INFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

/* Opens PATH for reading: a file descriptor, or -1 with ERR set when PATH
 * cannot be opened, is not a regular file or holds more than MAX bytes.
 * EXPECTED names what the file should be ("a libconfig file"). */
int infile_open(const char *path, const char *expected, long max, char *err, size_t errlen);

/* The same as a stream: NULL with ERR set. */
FILE *infile_fopen(const char *path, const char *expected, long max, char *err, size_t errlen);

/* PATH read whole, NUL-terminated, its length (the NUL excluded) in *LEN:
 * NULL with ERR set on a refusal or a read error.  Free it with free(). */
char *infile_read(const char *path, const char *expected, long max, size_t *len, char *err, size_t errlen);

/* What ST is, in words for a message: "a named pipe", "a directory"... */
const char *infile_kind(const struct stat *st);

#endif
