/* units.h - SimGrid unit strings ("128MiB", "1Gbps", "2.4Gf", "50us").
 *
 * Every quantity in an mrlab input file is a SimGrid unit string, so mrlab
 * parses them with SimGrid's own parser (xbt_parse_get_*): a value means the
 * same to mrlab as to the platform SimGrid loads, with no second table of
 * prefixes to drift.  A bare number is refused: SimGrid only warns about it,
 * and "10" could be bits or bytes. */
#ifndef MRLAB_UNITS_H
#define MRLAB_UNITS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  UNITS_SIZE,      /* bytes: "128MiB", "10GB" */
  UNITS_BANDWIDTH, /* bytes per second: "125MBps", "1Gbps" */
  UNITS_SPEED,     /* flops per second: "2.4Gf" */
  UNITS_TIME,      /* seconds: "50us", "3s" */
  UNITS_NUMBER     /* a plain number, for bounds on counts; never parsed */
} units_kind;

/* Parses TEXT as a quantity of KIND into *VALUE.  Returns 0, or -1 when TEXT
 * is not such a quantity (a bare number, an unknown unit, no number). */
int units_parse(units_kind kind, const char *text, double *value);

/* Whether TEXT, a size, is written in bits ("8Gib", "256Mb") rather than
 * bytes ("8GiB", "256MB"). */
int units_size_in_bits(const char *text);

/* An example of KIND for error messages: "a size such as \"128MiB\"". */
const char *units_expected(units_kind kind);

/* Writes VALUE of KIND with a prefix ("1.25 GBps", "96 Gf", "32 GiB") into
 * BUF; a number without unit as it is ("10000", "0.5"). */
void units_format(units_kind kind, double value, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
