/* checksum.c - the SHA-256 of a file (checksum.h), through nettle.  The file
 * is read in blocks of 64 KiB, so a trace of gigabytes costs no memory. */
#include "checksum.h"

#include "infile.h"

#include <errno.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>

int checksum_file(const char *path, char hex[CHECKSUM_HEX], char *err, size_t errlen)
{
  FILE *f = infile_fopen(path, "an input file", LONG_MAX, err, errlen);
  if (!f)
    return -1;
  struct sha256_ctx ctx;
  sha256_init(&ctx);
  unsigned char buf[65536];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0)
    sha256_update(&ctx, got, buf);
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    snprintf(err, errlen, "%s: cannot read: %s", path, strerror(EIO));
    return -1;
  }
  unsigned char digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, sizeof digest, digest);
  for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
    snprintf(hex + 2 * i, 3, "%02x", digest[i]);
  return 0;
}
