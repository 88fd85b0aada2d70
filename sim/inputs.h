/* inputs.h - a run's inputs, as summary.json records them: what sim_run
 * (sim.h) is given and report_write (report.h) writes down, apart so that
 * the report, below sim.c, need not include sim.h. */
#ifndef MRLAB_INPUTS_H
#define MRLAB_INPUTS_H

typedef struct {
  const char *platform_path, *workload_path;
  const char *const *sets; /* --set NAME=VALUE, already applied to the workload */
  int n_sets;
  const char *const *options; /* SimGrid's options as given: "--cfg=network/crosstraffic:0" */
  int n_options;
  unsigned long seed;
  const char *workers; /* --workers NAME,...: the platform already cut down to them (platform_restrict); or NULL */
  const char *const *confs; /* --conf FILE.xml, in the order given: Hadoop configuration files */
  int n_confs;
  int trace; /* --trace: also write trace.paje, the run's timeline */
  double progress_after; /* wall seconds before the progress line shows on a terminal (statusline.h) */
} sim_inputs;

#endif
