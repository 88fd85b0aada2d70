/* fixed.c - printf's "%.*f" by integer arithmetic (see fixed.h). */
#include "fixed.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef unsigned __int128 u128;

static const uint64_t powers[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};

/* Q's decimal digits, at least MIN of them (zeros in front), at the end of
 * the buffer before END; returns where they begin. */
static char *digits(uint64_t q, int min, char *end)
{
  char *p = end;
  for (int k = 0; k < min || q; k++) {
    *--p = (char)('0' + q % 10);
    q /= 10;
  }
  return p;
}

size_t fixed_format(double v, int decimals, char *buf, size_t n)
{
  if (!isfinite(v) || fabs(v) >= 0x1p53 || decimals < 0 || decimals > 9 || n < 40) {
    int k = snprintf(buf, n, "%.*f", decimals, v);
    return k < 0 ? 0 : (size_t)k < n ? (size_t)k : n - 1;
  }
  int e;
  double f = frexp(fabs(v), &e); /* |v| = f * 2^e, f in [0.5, 1) or 0 */
  uint64_t m = (uint64_t)ldexp(f, 53);
  int s = 53 - e; /* |v| = m * 2^-s, s >= 0 */
  u128 q = 0;
  if (s < 100) { /* else |v| * 10^decimals < 2^83 / 2^99: below a half */
    u128 p = (u128)m * powers[decimals];
    q = p >> s;
    if (s > 0) {
      u128 rest = p - (q << s), half = (u128)1 << (s - 1);
      if (rest > half || (rest == half && (q & 1)))
        q++;
    }
  }
  char tmp[48], *end = tmp + sizeof tmp;
  char *p = end;
  if (decimals > 0) {
    p = digits((uint64_t)(q % powers[decimals]), decimals, end);
    *--p = '.';
  }
  p = digits((uint64_t)(q / powers[decimals]), 1, p);
  if (signbit(v))
    *--p = '-';
  size_t len = (size_t)(end - p);
  memcpy(buf, p, len);
  buf[len] = 0;
  return len;
}
