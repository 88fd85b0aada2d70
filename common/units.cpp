/* units.cpp - the C face of SimGrid's unit-string parser.
 *
 * SimGrid exposes xbt_parse_get_* only in C++ and reports errors by throwing,
 * so this one file is C++: it catches every exception and hands C callers a
 * status code.  See units.h for why mrlab does not keep a parser of its own. */
#include "units.h"

#include <xbt/parse_units.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>

/* SimGrid accepts a bare number with a deprecation warning; mrlab wants the
 * unit written, so the text must end in a letter. */
static bool has_unit(const char *text)
{
  size_t n = std::strlen(text);
  return n > 0 && std::isalpha(static_cast<unsigned char>(text[n - 1]));
}

extern "C" int units_parse(units_kind kind, const char *text, double *value)
{
  if (!has_unit(text))
    return -1;
  try {
    switch (kind) {
    case UNITS_SIZE: *value = xbt_parse_get_size("", 0, text, ""); break;
    case UNITS_BANDWIDTH: *value = xbt_parse_get_bandwidth("", 0, text, ""); break;
    case UNITS_SPEED: *value = xbt_parse_get_speed("", 0, text, ""); break;
    case UNITS_TIME: *value = xbt_parse_get_time("", 0, text, ""); break;
    case UNITS_NUMBER: return -1;
    }
  } catch (const std::exception &) {
    return -1;
  }
  return std::isfinite(*value) ? 0 : -1;
}

extern "C" int units_size_in_bits(const char *text)
{
  /* SimGrid's units: a size in bits ends in "b" ("8Gib"), in bytes in "B" */
  size_t n = std::strlen(text);
  return n > 0 && text[n - 1] == 'b';
}

extern "C" const char *units_expected(units_kind kind)
{
  switch (kind) {
  case UNITS_SIZE: return "a size such as \"128MiB\" or \"10GB\"";
  case UNITS_BANDWIDTH: return "a bandwidth such as \"125MBps\" or \"1Gbps\"";
  case UNITS_SPEED: return "a speed such as \"2.4Gf\"";
  case UNITS_TIME: return "a time such as \"50us\" or \"3s\"";
  case UNITS_NUMBER: return "a number";
  }
  return "a quantity with a unit";
}

extern "C" void units_format(units_kind kind, double value, char *buf, size_t len)
{
  if (kind == UNITS_TIME) {
    std::snprintf(buf, len, "%.4g s", value);
    return;
  }
  if (kind == UNITS_NUMBER) {
    std::snprintf(buf, len, "%.15g", value);
    return;
  }
  /* sizes in binary prefixes, as memory and HDFS blocks are quoted; rates in decimal ones */
  static const char *const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
  const char *unit = kind == UNITS_SIZE ? "iB" : kind == UNITS_BANDWIDTH ? "Bps" : "f";
  double base = kind == UNITS_SIZE ? 1024 : 1000;
  size_t p = 0;
  while (std::fabs(value) >= base && p + 1 < sizeof prefixes / sizeof *prefixes) {
    value /= base;
    p++;
  }
  if (p == 0 && kind == UNITS_SIZE)
    unit = "B";
  std::snprintf(buf, len, "%.4g %s%s", value, p == 1 && kind == UNITS_SIZE ? "K" : prefixes[p], unit);
}
