/* options.h - the command line's conventions, the same for every mrlab
 * command.  Each command names its options in a getopt_long table, so
 * that `--seed=3` and `--seed 3` are one option, a unique prefix of a
 * long name is that name, the options and the operands may come in any
 * order, and `--` ends the options.  Every command also takes --help (-h)
 * and --version, which print to stdout and exit 0, and --verbose and
 * --quiet set the process's verbosity (verbosity.h), and --quiet then
 * sends stdout to /dev/null once the options are read.  A usage error
 * (an unknown, ambiguous or misused option, operands of the wrong number)
 * is one line on stderr ending "try 'mrlab COMMAND --help'", and exit
 * status 2, before anything is written.
 *
 *     while ((opt = options_next(&run_command, argc, argv)) != -1)
 *       switch (opt) {
 *       case 'o': dir = optarg; break;
 *       ...
 *       }
 *     operands: argv[optind] to argv[argc - 1] */
#ifndef MRLAB_OPTIONS_H
#define MRLAB_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

/* The values of a command's own long options without a short letter start
 * here, above the common ones'. */
#define OPTIONS_OWN 300

/* A command's options and its help. */
typedef struct {
  const char *usage;          /* --help's text; its first line, "usage: mrlab NAME ...", names the command */
  const char *shorts;         /* getopt's short options, ":" first and "h" among them */
  const struct option *longs; /* its own, ending with a zero entry; the common ones come after */
  void (*help_more)(FILE *);  /* what --help prints after the common options (NULL: nothing) */
} options_command;

/* The next option of the command line ARGV (ARGC words, ARGV[0] the
 * command's name) for command C: its short letter or long value, with its
 * value in optarg; -1 when the options end, the operands then from
 * argv[optind] on.  Handles the common options itself; exits after --help
 * or --version (status 0) and after a usage error's line (status 2). */
int options_next(const options_command *c, int argc, char **argv);

/* Prints C's help on OUT: its usage, the common options, and its more. */
void options_help(const options_command *c, FILE *out);

/* A command line of the wrong shape: prints FMT with ARG as one line,
 * ending with where USAGE's command's help is ("try 'mrlab run --help'";
 * "try 'mrlab --help'" for mrlab's own usage), and returns 2. */
int options_usage_error(const char *usage, const char *fmt, const char *arg);

/* A bad value of an option: prints FMT with ARG as one line (the command's
 * shape was right) and returns 2. */
int options_value_error(const char *fmt, const char *arg);

/* SimGrid's option NAME (cfg or log) with VALUE, "--NAME=VALUE" as
 * SimGrid takes it, in a new string for the caller to free. */
char *options_simgrid(const char *name, const char *value);

#endif
