/* verbosity.c - the process's level of speech (verbosity.h): one static. */
#include "verbosity.h"

static verbosity level = VERBOSITY_NORMAL;

void verbosity_set(verbosity v)
{
  level = v;
}

verbosity verbosity_get(void)
{
  return level;
}
