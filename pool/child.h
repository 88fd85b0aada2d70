/* child.h - one simulation as a child `mrlab run` process: what it runs,
 * how a pool runs such children, the command line that starts one, the
 * last line of its log (where mrlab's one-line message lands), and the
 * count of those that ended, on the terminal.
 *
 * The bottom of pool/: the pool (pool.h) and each part below it, the local
 * back end (local.h), Slurm's (slurm.h) and the resume stamps (resume.h),
 * share these and nothing else, so none of them includes another. */
#ifndef MRLAB_CHILD_H
#define MRLAB_CHILD_H

#include <stddef.h>
#include <sys/types.h>

/* The most --set and --cfg= arguments of one simulation, and of the
 * arguments it passes on as they are (sim.args). */
#define POOL_MAX_SETS 8
#define POOL_MAX_CFGS 4
/* The longest --set argument, its NUL included: room for a whole path. */
#define POOL_SET_LEN 512
#define POOL_MAX_ARGS 64

/* One simulation to run.  Its paths are relative to the directory it runs
 * in (a validation directory), or whole. */
typedef struct {
  char dir[4096], workload[4096], platform[4096], log[4096];
  char sets[POOL_MAX_SETS][POOL_SET_LEN]; /* --set arguments */
  int n_sets;
  char workers[1024];            /* --workers, "" for all */
  char cfgs[POOL_MAX_CFGS][256]; /* --cfg= SimGrid options, NAME:VALUE */
  int n_cfgs;
  int seed;                /* --seed, 0 for none (mrlab run's default) */
  const char *const *args; /* further arguments of mrlab run as they are (`mrlab run --seeds`: the user's own), */
  int n_args;              /* at most POOL_MAX_ARGS; the caller keeps them */
  pid_t pid;
  int status;
} sim;

/* How a pool runs its simulations. */
typedef struct {
  const char *self;      /* the mrlab program */
  int jobs;              /* local back end: simulations at once */
  int slurm;             /* 1: the tasks of a Slurm job array instead of children */
  const char *partition; /* Slurm: the partition, NULL for the cluster's default */
  int array_size;        /* Slurm: array tasks at once (--array=...%N), 0 for no limit */
  int resume;            /* keep the stamps of BASE's runs in BASE/.resume, skip the complete ones */
} pool_config;

/* The command line `SELF run ...` of simulation S, in C->argv (NULL-
 * terminated; it points into S and C). */
typedef struct {
  char *argv[12 + 2 * POOL_MAX_SETS + POOL_MAX_CFGS + POOL_MAX_ARGS];
  char cfgs[POOL_MAX_CFGS][256 + 8], seed[16];
} pool_command;
void pool_command_make(pool_command *c, const sim *s, const char *self);

/* The last line of file PATH, without its newline, into LINE ("" if the
 * file is empty or cannot be read). */
void pool_file_last_line(const char *path, char *line, size_t size);

/* The last line of the log of simulation S run in BASE, without its
 * newline, into LINE ("(no output)" if there is none). */
void pool_last_line(const sim *s, const char *base, char *line, size_t size);

/* One simulation more ended, for the progress line. */
void pool_progress_step(void);

/* Progress of a validation whose pool_run calls start TOTAL simulations in
 * all: while stderr is a terminal, each run that ends rewrites one line
 * there, runs done of TOTAL and the wall time since this call; nothing
 * otherwise.  pool_progress_end erases the line. */
void pool_progress_start(int total);
void pool_progress_end(void);

#endif
