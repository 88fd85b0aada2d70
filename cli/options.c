/* options.c - the command line's conventions (options.h): glibc's
 * getopt_long does the parsing, with its own messages off (opterr = 0), so
 * that a refusal is mrlab's one line with where to look; the word getopt
 * refused is argv[optind - 1] when it returns. */
#include "options.h"

#include "alloc.h"
#include "cfg.h"
#include "summary.h"
#include "verbosity.h"

#include <stdlib.h>
#include <string.h>

enum { VERSION = 256, VERBOSE, QUIET }; /* the common long options without a short letter */

/* The options every command takes, after its own. */
static const struct option common[] = {{"help", no_argument, NULL, 'h'},
                                       {"version", no_argument, NULL, VERSION},
                                       {"verbose", no_argument, NULL, VERBOSE},
                                       {"quiet", no_argument, NULL, QUIET}};
#define N_COMMON (sizeof common / sizeof *common)
#define MAX_OWN 32 /* a command's own long options, at most */

/* C's long options then the common ones, ending with a zero entry, into ALL. */
static void options_table(const options_command *c, struct option all[MAX_OWN + N_COMMON + 1])
{
  size_t n = 0;
  while (n < MAX_OWN && c->longs[n].name)
    all[n] = c->longs[n], n++;
  memcpy(all + n, common, sizeof common);
  all[n + N_COMMON] = (struct option){NULL, 0, NULL, 0};
}

static const char common_help[] = "\n"
                                  "Options of every command:\n"
                                  "  -h, --help      print this help and exit\n"
                                  "  --version       print mrlab's version and commit and exit\n"
                                  "  --verbose       also print diagnostics: a run's engine counters (its\n"
                                  "                  activities), what an import passed over\n"
                                  "  --quiet         print nothing but errors\n";

void options_help(const options_command *c, FILE *out)
{
  fputs(c->usage, out);
  fputs(common_help, out);
  if (c->help_more)
    c->help_more(out);
}

int options_value_error(const char *fmt, const char *arg)
{
  char msg[4096];
  snprintf(msg, sizeof msg, fmt, arg);
  cfg_print(stderr, "", msg);
  return 2;
}

int options_usage_error(const char *usage, const char *fmt, const char *arg)
{
  const char *command = usage + strlen("usage: mrlab ");
  int n = strncmp(command, "COMMAND", 7) ? (int)strcspn(command, " \n") : 0;
  char msg[4096];
  int len = snprintf(msg, sizeof msg, fmt, arg);
  snprintf(msg + (len < 3000 ? len : 3000), 1000, "; try 'mrlab %.*s%s--help'", n, command, n ? " " : "");
  cfg_print(stderr, "", msg);
  return 2;
}

char *options_simgrid(const char *name, const char *value)
{
  size_t len = strlen(name) + strlen(value) + 4;
  char *s = xmalloc(len);
  snprintf(s, len, "--%s=%s", name, value);
  return s;
}

/* The line for the word ARG that getopt refused with OPTOPT (0: an
 * unknown or ambiguous long option of ALL; a long option's value: one
 * given a value it does not take; else an unknown short letter), then
 * exit 2. */
static void refuse(const options_command *c, const struct option *all, const char *arg, int opt)
{
  char msg[1024];
  int len = (int)strcspn(arg, "=");
  if (opt && strncmp(arg, "--", 2) == 0) {
    snprintf(msg, sizeof msg, "%.*s takes no value", len, arg);
  } else if (opt) {
    snprintf(msg, sizeof msg, "unknown option -%c", opt);
  } else {
    int n = 0, used = snprintf(msg, sizeof msg, "ambiguous option %.*s (", len, arg);
    for (const struct option *o = all; o->name && used < (int)sizeof msg; o++)
      if (len > 2 && strncmp(o->name, arg + 2, (size_t)len - 2) == 0)
        used += snprintf(msg + used, sizeof msg - (size_t)used, "%s--%s", n++ ? ", " : "", o->name);
    if (n > 1 && used < (int)sizeof msg)
      snprintf(msg + used, sizeof msg - (size_t)used, ")");
    else
      snprintf(msg, sizeof msg, "unknown option %s", arg);
  }
  exit(options_usage_error(c->usage, "%s", msg));
}

int options_next(const options_command *c, int argc, char **argv)
{
  struct option all[MAX_OWN + N_COMMON + 1];
  options_table(c, all);
  opterr = 0;
  for (;;) {
    int opt = getopt_long(argc, argv, c->shorts, all, NULL);
    switch (opt) {
    case 'h': options_help(c, stdout); exit(0);
    case VERSION: puts(summary_version_line()); exit(0);
    case VERBOSE: verbosity_set(VERBOSITY_VERBOSE); break;
    case QUIET: verbosity_set(VERBOSITY_QUIET); break;
    case ':': exit(options_usage_error(c->usage, "%s needs a value", argv[optind - 1]));
    case '?': refuse(c, all, argv[optind - 1], optopt); break;
    case -1:
      if (verbosity_get() == VERBOSITY_QUIET && !freopen("/dev/null", "w", stdout))
        exit(options_value_error("--quiet: cannot open /dev/null%s", ""));
      return -1;
    default: return opt;
    }
  }
}
