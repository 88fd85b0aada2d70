/* units.c - the fuzz harness of unit strings: the input, cut at its first
 * NUL, parsed as each kind of quantity, and every value parsed formatted
 * back as the platform summary does. */
#include "fuzz.h"

#include "alloc.h"
#include "units.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *text = xmalloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  for (units_kind k = UNITS_SIZE; k <= UNITS_TIME; k++) {
    double v;
    char buf[64];
    if (units_parse(k, text, &v) == 0)
      units_format(k, v, buf, sizeof buf);
  }
  free(text);
  return 0;
}
