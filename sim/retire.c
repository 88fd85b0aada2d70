/* retire.c - what the run keeps of its finished jobs (retire.h).
 *
 * Each output's pieces go to a temporary file of their own (outfile_scratch: in TMPDIR), and
 * each job keeps where its piece of each starts and how long it is; the
 * reports copy them in job order (report.c, critpath.c).  The jobs ended
 * wait in a list until sweep.c records and retires them, and each
 * tracker lists every attempt that ran there (slot_use), for critical
 * paths.  Nothing here calls the reports: they are above, and read back
 * what sweep.c had them write. */
#include "retire.h"

#include "alloc.h"
#include "outfile.h"

#include <xbt/asserts.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int retire_alloc(engine *e, int keep, char *err, size_t errlen)
{
  struct retire_state *s = xcalloc(1, sizeof *s);
  e->retire = s;
  s->keep = keep;
  for (int k = 0; k < RETIRE_N; k++)
    if (!(s->stream[k] = outfile_scratch())) {
      snprintf(err, errlen, "cannot make a temporary file for the outputs: %s", strerror(errno));
      return -1;
    }
  s->piece = xcalloc((size_t)e->n_jobs + 1, sizeof *s->piece);
  s->ended = xmalloc(((size_t)e->n_jobs + 1) * sizeof *s->ended);
  return 0;
}

void retire_free(engine *e)
{
  struct retire_state *s = e->retire;
  if (!s)
    return;
  for (int k = 0; k < RETIRE_N; k++)
    if (s->stream[k])
      fclose(s->stream[k]);
  free(s->piece);
  free(s->ended);
  free(s);
  e->retire = NULL;
}

void retire_slot_use(engine *e, attempt *a)
{
  tracker *tr = &e->trackers[a->worker];
  if (tr->n_uses == tr->cap_uses) {
    tr->cap_uses = tr->cap_uses ? 2 * tr->cap_uses : 8;
    tr->uses = xrealloc(tr->uses, (size_t)tr->cap_uses * sizeof *tr->uses);
  }
  a->used_at = tr->n_uses;
  tr->uses[tr->n_uses++] = (slot_use){.a = a};
  if (e->retire)
    e->retire->uses++;
}

void retire_finished(engine *e, job *j)
{
  struct retire_state *s = e->retire;
  if (s && !s->keep)
    s->ended[s->n_ended++] = j;
}

FILE *retire_piece(const engine *e, int stream, const job *j, long *len)
{
  const struct retire_state *s = e->retire;
  FILE *f = s->stream[stream];
  xbt_assert(j->recorded && fseek(f, s->piece[j->index][stream][0], SEEK_SET) == 0,
             "job %s: its outputs were not recorded", j->desc->name);
  *len = s->piece[j->index][stream][1];
  return f;
}

void retire_copy(const engine *e, int stream, const job *j, FILE *out)
{
  long len;
  FILE *f = retire_piece(e, stream, j, &len);
  char buf[65536];
  while (len > 0) {
    size_t n = fread(buf, 1, len < (long)sizeof buf ? (size_t)len : sizeof buf, f);
    xbt_assert(n > 0, "job %s: a temporary output file cannot be read", j->desc->name);
    fwrite(buf, 1, n, out);
    len -= (long)n;
  }
}
