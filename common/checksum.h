/* checksum.h - the SHA-256 of a file, as `sha256sum` prints it.
 *
 * summary.json records the checksum of every file a run read (platform,
 * workload, Hadoop XML, traces), and a validation's resume stamps (resume.h)
 * tell inputs apart by the same checksum, so both go through here.  The
 * digest is nettle's (a small, well-kept library; GnuTLS's own), not code
 * of mrlab's. */
#ifndef MRLAB_CHECKSUM_H
#define MRLAB_CHECKSUM_H

#include <stddef.h>

#define CHECKSUM_HEX 65 /* 64 lowercase hexadecimal digits and the NUL */

/* Writes the SHA-256 of the bytes of file PATH, in lowercase hexadecimal,
 * into HEX.  Returns 0, or -1 with ERR set when PATH cannot be opened (as
 * infile.h opens a user's file: a regular file) or read. */
int checksum_file(const char *path, char hex[CHECKSUM_HEX], char *err, size_t errlen);

#endif
