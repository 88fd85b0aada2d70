/* stop.c - signals while mrlab waits for its children (stop.h).  The
 * handler only notes the signal: the waiting loop sees it (its wait returns
 * EINTR, as the handler is installed without SA_RESTART), forwards it to the
 * children and waits for them, and stop_release then does what is not safe
 * in a handler: removing directories. */
#include "stop.h"

#include "outfile.h"

#include <string.h>

static const int signals[3] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t caught;

static void note(int sig)
{
  caught = sig;
}

void stop_catch(stop_guard *g)
{
  struct sigaction on;
  memset(&on, 0, sizeof on);
  on.sa_handler = note;
  sigemptyset(&on.sa_mask);
  caught = 0;
  for (int i = 0; i < 3; i++)
    if (sigaction(signals[i], NULL, &g->old[i]) == 0 && g->old[i].sa_handler != SIG_IGN)
      sigaction(signals[i], &on, NULL);
}

int stop_caught(void)
{
  return caught;
}

void stop_release(stop_guard *g)
{
  for (int i = 0; i < 3; i++)
    sigaction(signals[i], &g->old[i], NULL);
  if (!caught)
    return;
  outdir_discard_open();
  raise(caught); /* die of it, as without the wait */
}
