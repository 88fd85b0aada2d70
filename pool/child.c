/* child.c - one simulation as a child `mrlab run` process (child.h): its
 * command line, which both back ends run and each resume stamp records;
 * the last line of its log; and, on a terminal, a line of stderr that
 * counts the runs done of the validation's total as they end (the count
 * outlives one pool_run: provisioning and tuning start pools of their own
 * after step 1). */
#include "child.h"

#include "statusline.h"

#include <stdio.h>
#include <string.h>

/* The progress line (statusline.h), and the runs it counts. */
static statusline line;
static int runs_done, runs_total;

void pool_progress_start(int total)
{
  statusline_start(&line, 0, 0);
  runs_done = 0;
  runs_total = total;
}

void pool_progress_end(void)
{
  statusline_end(&line);
}

void pool_progress_step(void)
{
  runs_done++;
  if (runs_total > 0 && statusline_due(&line))
    statusline_print(&line, "%d of %d runs done, %.0f s", runs_done, runs_total, statusline_elapsed(&line));
}

void pool_command_make(pool_command *c, const sim *s, const char *self)
{
  char **argv = c->argv;
  int n = 0;
  argv[n++] = (char *)self;
  argv[n++] = "run";
  argv[n++] = "-o";
  argv[n++] = (char *)s->dir;
  if (s->seed > 0) {
    snprintf(c->seed, sizeof c->seed, "%d", s->seed);
    argv[n++] = "--seed";
    argv[n++] = c->seed;
  }
  for (int i = 0; i < s->n_sets; i++) {
    argv[n++] = "--set";
    argv[n++] = (char *)s->sets[i];
  }
  if (s->workers[0]) {
    argv[n++] = "--workers";
    argv[n++] = (char *)s->workers;
  }
  for (int i = 0; i < s->n_cfgs; i++) {
    snprintf(c->cfgs[i], sizeof c->cfgs[i], "--cfg=%s", s->cfgs[i]);
    argv[n++] = c->cfgs[i];
  }
  for (int i = 0; i < s->n_args; i++)
    argv[n++] = (char *)s->args[i];
  argv[n++] = "--"; /* the files after the options, whatever their names */
  argv[n++] = (char *)s->platform;
  argv[n++] = (char *)s->workload;
  argv[n] = NULL;
}

void pool_file_last_line(const char *path, char *last, size_t size)
{
  char line[1024];
  last[0] = '\0';
  FILE *f = fopen(path, "r");
  while (f && fgets(line, sizeof line, f))
    snprintf(last, size, "%s", line);
  if (f)
    fclose(f);
  last[strcspn(last, "\n")] = '\0';
}

void pool_last_line(const sim *s, const char *base, char *last, size_t size)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", base, s->log);
  pool_file_last_line(path, last, size);
  if (!last[0])
    snprintf(last, size, "(no output)");
}
