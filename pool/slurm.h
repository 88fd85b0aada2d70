/* slurm.h - the pool's second back end: simulations as the tasks of a
 * Slurm job array, for sweeps larger than one machine.  `mrlab validate
 * --slurm`, or a `slurm` group in the experiment file, selects it. */
#ifndef MRLAB_SLURM_H
#define MRLAB_SLURM_H

#include "cfg.h"
#include "child.h"

#include <stddef.h>

/* Slurm's default MaxArraySize is 1001: arrays of at most this many tasks. */
#define SLURM_MAX_ARRAY 1000

/* Runs the N simulations SIMS[TODO[i]] of directory BASE as one Slurm job
 * array a SLURM_MAX_ARRAY of them (sbatch --wait --array=0-(N-1)%ARRAY_SIZE
 * in PC's partition), each task one `mrlab run` whose command line it reads
 * from BASE/.resume/slurm/commands; BASE must be on a file system the
 * nodes share.  A simulation succeeded when its run directory is there
 * afterwards (pool_run removes the old one first).  0, or -1 with ERR
 * naming the first that failed, the Slurm job and task, its log and the
 * log's last line, or why sbatch could not submit. */
int slurm_run(sim *sims, const int *todo, int n, const char *base, const pool_config *pc, char *err, size_t errlen);

/* Reads the group `slurm = { partition = "P"; array_size = N; };` of the
 * experiment file F, whose presence selects the Slurm back end, into PC
 * where the command line left it unset: PC->slurm -1 (neither --slurm nor
 * -j given), PC->partition NULL, PC->array_size 0.  PC->slurm -1 becomes
 * 0 without the group.  0, or -1 with F->err set. */
int slurm_read(cfg_file *f, pool_config *pc);

#endif
