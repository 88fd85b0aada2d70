/* fixed.h - numbers in fixed notation as printf's "%.*f" writes them, byte
 * for byte, at a fraction of printf's cost.
 *
 * A trace replay writes millions of rows of utilisation, and glibc's printf
 * spends most of its time there in its arbitrary-precision path (a third of
 * the CPU of FB-2009's first hour).  That path is not needed for the
 * numbers mrlab writes: a finite double is M * 2^-S with M below 2^53, so
 * V * 10^D for D up to 9 is M * 10^D (below 2^83) shifted right by S, and
 * its rounding to the nearest integer (ties to even, as printf rounds in
 * the default rounding mode) is exact in one 128-bit integer.  Other
 * values (not finite, 2^53 or more in magnitude, more than 9 decimals) go
 * to snprintf, so the output never differs from printf's. */
#ifndef MRLAB_FIXED_H
#define MRLAB_FIXED_H

#include <stddef.h>

/* Writes V with DECIMALS decimals into BUF (N bytes, NUL-terminated), as
 * snprintf(BUF, N, "%.*f", DECIMALS, V) does; returns the length written
 * (less than N). */
size_t fixed_format(double v, int decimals, char *buf, size_t n);

#endif
