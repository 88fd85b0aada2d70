/* mrlab.c - the mrlab command: one program, one subcommand per stage.
 *
 * Each subcommand parses its own arguments and returns an exit status:
 * 0 on success, 2 on bad input or usage (after one message on stderr that
 * names the file, the line and what was expected), 1 on an internal error.
 * The work lives in the stage folders: a subcommand reads its input files,
 * calls its stage (sim/, models/, validate/) and prints.  Nothing here
 * knows SimGrid; its own options (--cfg=, --log=) pass through to sim/. */
#include "alloc.h"
#include "cfg.h"
#include "compare.h"
#include "hadoopconf.h"
#include "calibrate.h"
#include "history.h"
#include "import.h"
#include "platform.h"
#include "explain.h"
#include "jhist_export.h"
#include "plot.h"
#include "report.h"
#include "predict.h"
#include "ratios.h"
#include "seeds.h"
#include "startup.h"
#include "sim.h"
#include "units.h"
#include "validate.h"
#include "vary.h"
#include "workflow.h"
#include "workload.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MRLAB_VERSION "0.1.0"
#define STR_(x) #x
#define STR(x) STR_(x) /* a macro's value as a string literal */

static const char usage_main[] =
    "usage: mrlab COMMAND [ARGS]\n"
    "\n"
    "mrlab simulates Hadoop MapReduce clusters on SimGrid.\n"
    "\n"
    "commands:\n"
    "  run PLATFORM.cfg WORKLOAD.cfg   simulate the workload's jobs on the cluster\n"
    "  platform PLATFORM.cfg [--xml]   summary of a cluster, or the SimGrid XML it becomes\n"
    "  predict TARGET HISTORY...       a run's job time as the models predict it from earlier runs\n"
    "  provision TARGET HISTORY...     the slots that meet a deadline, by Khan et al.'s model\n"
    "  compare PLATFORM WORKLOAD       does a setting pay off? variants over seeds, with intervals\n"
    "  validate EXPERIMENT.cfg         the models' predictions against simulated runs\n"
    "  ratios PLATFORM WORKLOAD        each node class's computing ratio for a job\n"
    "  plot DIR                        pictures of a run, a comparison or a validation (gnuplot)\n"
    "  explain RUN [--job NAME]        where each job's time went: its critical path\n"
    "  report DIR [-o PAGE.html]       a run or a validation as one HTML page to read in a browser\n"
    "  import swim|rumen|jhist TRACE   a workload file from a SWIM or Rumen job trace or job histories\n"
    "  export jhist RUN [-o DIR]       a run as Hadoop 2/3 job history files (.jhist)\n"
    "  calibrate PLATFORM HISTORY...   a workload whose costs are fitted from job histories\n"
    "  version                         print the version\n"
    "\n"
    "Every command takes --help.\n";

static const char usage_platform[] = "usage: mrlab platform PLATFORM.cfg [--xml] [--cfg=NAME:VALUE ...]\n"
                                     "\n"
                                     "Reads a platform file, loads the cluster it describes into SimGrid, and\n"
                                     "prints a summary: node classes, then per rack the nodes, cores, aggregate\n"
                                     "flops, disk and network bandwidth.  With --xml, prints the SimGrid platform\n"
                                     "the file becomes instead.  A bad file gets one message naming its line, and\n"
                                     "exit status 2.  SimGrid's own --cfg= and --log= options pass through.\n";

static const char usage_run[] =
    "usage: mrlab run PLATFORM.cfg WORKLOAD.cfg [-o DIR] [--seed N] [--set NAME=VALUE ...] [--workers NAME,...]\n"
    "                 [--conf FILE.xml ...] [--cfg=NAME:VALUE ...] [--trace] [--seeds N [-j J]]\n"
    "\n"
    "Simulates the jobs of WORKLOAD.cfg on the cluster of PLATFORM.cfg, Hadoop 1\n"
    "style, and writes tasks.csv, jobs.csv, groups.csv, summary.json, progress.csv,\n"
    "utilisation.csv (per node class), host-utilisation.csv (per host) and\n"
    "explain.csv (each job's critical path) into DIR\n"
    "(default: run).  The same inputs and seed give the same bytes.  DIR is\n"
    "replaced whole when the run ends; until then, and if the run fails or is\n"
    "interrupted, it stays as it was.  progress.csv and the utilisation tables sample\n"
    "every mrlab.progress.period and mrlab.utilisation.period (1 s; 0s for none,\n"
    "else at least 10 ms), up to a million rows each (then a warning); at\n"
    "the default period, a utilisation table that would pass a million rows\n"
    "samples half as often instead, its rows so far merged in pairs.\n"
    "\n"
    "  -o DIR          the run directory (created, with its parents, if missing;\n"
    "                  an existing one must hold nothing but a run's files)\n"
    "  --seed N        the draw of HDFS placement, the trackers' heartbeat\n"
    "                  phases and every tie (default 1)\n"
    "  --set N=V       a Hadoop or mrlab property: a job property for every job,\n"
    "                  a cluster property for the run; wins over the workload's\n"
    "                  and the platform's own settings\n"
    "  --conf F.xml    a Hadoop configuration file (mapred-site.xml, job.xml,\n"
    "                  ...): its job and cluster properties under the\n"
    "                  workload's and the platform's own settings; later\n"
    "                  files win, except over a property an earlier one marks\n"
    "                  final; properties mrlab does not model are counted in\n"
    "                  one note, unless one is none of Hadoop's own and looks\n"
    "                  like a typo of one mrlab models; Hadoop 1 names work\n"
    "                  (io.sort.mb)\n"
    "  --workers L     only the workers in L, worker or node class names\n"
    "                  separated by commas (\"A-1,C\"), and the master\n"
    "  --cfg=N:V       a SimGrid option, as SimGrid takes it; --log= too\n"
    "  --log=mrlab.thres:info  the run's decisions on stderr (docs/outputs.md: mrlab.NAME)\n"
    "  --trace         also write trace.paje, the run's timeline in the Paje\n"
    "                  format (ViTE: vite DIR/trace.paje; pajeng: pj_dump)\n"
    "  --seeds N       one run a seed, seeds S to S+N-1 (S: --seed, default 1;\n"
    "                  N from 1 to 1000), each a run directory DIR/seed-K and\n"
    "                  its printed summary DIR/seed-K.log; then each job's time and\n"
    "                  the makespan over the seeds, their mean, standard\n"
    "                  deviation and 95% confidence interval (Student's t),\n"
    "                  printed and written to DIR/summary.csv and summary.md,\n"
    "                  and every seed's times to DIR/seeds.csv\n"
    "  -j J            with --seeds: runs at once, 1 to 256 (default: the\n"
    "                  processors online)\n"
    "\n"
    "When stderr is a terminal and the run lasts more than MRLAB_PROGRESS_AFTER\n"
    "seconds of wall time (environment; default 3), one line there counts the\n"
    "jobs and tasks done and the simulated time, rewritten in place, and at the\n"
    "end says what the run cost: its CPU, a simulated hour's, and its memory.\n"
    "\n"
    "Properties, their defaults and their scopes (job: a job's set list in the\n"
    "workload file; cluster: the platform file's settings list):\n";

static const char usage_predict[] = "usage: mrlab predict [--model NAME] [--job NAME] TARGET HISTORY...\n"
                                    "       mrlab predict --workflow PLATFORM.cfg TARGET HISTORY...\n"
                                    "\n"
                                    "Fits the analytic models on the runs in the HISTORY directories (earlier\n"
                                    "`mrlab run` outputs of one application on one cluster, at several input\n"
                                    "sizes and reducer counts) and predicts the job time of the run in TARGET\n"
                                    "from its configuration alone: input size, task counts, slots.  Prints CSV:\n"
                                    "model, quantity, predicted, and the value TARGET measured.  Quantities:\n"
                                    "job_time (end - start; also job_low, job_up, job_time_literal) and the\n"
                                    "mean task times map_avg, shuffle1_avg (first reduce wave, launch to sort\n"
                                    "end), shuffle1_tail_avg (the same from the last map's end), shuffle2_avg\n"
                                    "(later waves) and reduce_avg (sort end to end); a quantity is measured\n"
                                    "one way whatever the model, and each model prints those it predicts.\n"
                                    "\n"
                                    "  --model NAME    khan (improved HP bounds with LWLR), aria (ARIA's\n"
                                    "                  bounds), boe (Shi and Lu's BOE) or mrlab (mrlab's own\n"
                                    "                  wave model); all by default\n"
                                    "  --job NAME      the job to read in every directory (default: the first)\n"
                                    "\n"
                                    "With --workflow, TARGET is a workflow run in YARN mode on the cluster of\n"
                                    "PLATFORM.cfg and each HISTORY directory a run of one of its jobs alone,\n"
                                    "by the same name (every job at least once; at two or more degrees of\n"
                                    "parallelism to fit a task's fixed time).  Shi and Lu's models predict the\n"
                                    "makespan and each job's end: dag (Algorithm 1, the state-based estimator\n"
                                    "with Eqs. 7-8 corrected, on the tasks' medians), dag-mean (on their\n"
                                    "means), dag-normal (Algorithm 2, task by task, with normal task times)\n"
                                    "and dag-literal (Algorithm 1 with Eqs. 7-8 as printed).\n";

static const char usage_provision[] = "usage: mrlab provision --deadline TIME [--job NAME] TARGET HISTORY...\n"
                                      "\n"
                                      "The map and reduce slots, in all, with which the job of TARGET's\n"
                                      "configuration ends by TIME (\"90s\"; at most 30 days, mrlab's bound on\n"
                                      "a run) by Khan et al.'s model fitted on the HISTORY runs: the fewest\n"
                                      "slots whose predicted lower-bound time is the deadline (Lagrange\n"
                                      "multipliers).  Prints CSV: the whole slots, fewest in all, that meet it,\n"
                                      "then the real optimum they are searched around.\n";

static const char usage_validate[] = "usage: mrlab validate EXPERIMENT.cfg [-o DIR] [-j N | --slurm [--partition P]\n"
                                     "                      [--array-size N]]\n"
                                     "\n"
                                     "For each experiment of the file: simulates its history runs once and each\n"
                                     "target (input sizes times reducer counts) once a seed, seeds 1 to the\n"
                                     "targets' `seeds`, 5 by default (a seed draws the HDFS placement, the\n"
                                     "trackers' heartbeat phases and every tie; the job's data stays the same),\n"
                                     "fits the models on the history, predicts each target once from its\n"
                                     "configuration, and scores that prediction against each seed's run.\n"
                                     "Writes into DIR (default: validation) the runs, predictions.csv,\n"
                                     "accuracy.csv and accuracy.md (printed too): per model and experiment, the\n"
                                     "mean and maximum absolute percentage error of the job time and of each\n"
                                     "task statistic, and the accuracy, 100 - MAPE.  Each MAPE and accuracy is\n"
                                     "a mean over the seeds with its 95% confidence interval, from Student's t\n"
                                     "over the seeds (\"91.70 ± 1.20\"; in CSV a column NAME_ci95_half; one seed\n"
                                     "has no interval); it covers the seeds' draws, not the history's.\n"
                                     "leaderboard.csv and leaderboard.md (printed last): each model's job-time\n"
                                     "accuracy on each experiment, in bold where the seeds cannot tell it from\n"
                                     "the best (their paired difference over the same seeds); mrlab's own model\n"
                                     "is marked unpublished.  An experiment with a deadline also provisions each\n"
                                     "target's slots, simulates it with them once a seed, and writes\n"
                                     "provision.csv (the seeds that met the deadline); one that tunes simulates\n"
                                     "MRTuner's best plan once a seed and writes tune.csv (its gain over the\n"
                                     "default plan, seed k against seed k, with its interval and verdict).\n"
                                     "\n"
                                     "For each comparison: runs every variant of its job with each of the seeds\n"
                                     "1 to its `seeds` (5 by default; seed k the same draw in every variant)\n"
                                     "and writes anchors.csv and\n"
                                     "anchors.md (printed too): each published claim beside the simulated\n"
                                     "figure's mean over the seeds and its 95% interval, their difference, and\n"
                                     "whether the published figure lies within the interval widened by the\n"
                                     "anchor's tolerance; and variants.csv and variants.md: each variant's mean\n"
                                     "job time, its paired difference from the first variant, their intervals\n"
                                     "and the verdict (pays off, hurts, no difference).\n"
                                     "\n"
                                     "For each progress entry: runs every variant with each of the seeds 1 to\n"
                                     "its `seeds` (5 by default) and writes progress.csv and progress.md\n"
                                     "(printed too): each progress indicator's mean and max error against the\n"
                                     "true progress, each a mean over the seeds with its 95% interval, beside\n"
                                     "the paper's figures (in bold where they lie outside the interval).  For\n"
                                     "each workflow entry: runs the workflow whole with each of the seeds 1 to\n"
                                     "its `seeds` (5 by default) and each of its jobs alone once a history\n"
                                     "variant (seed 1), predicts the workflow once from the jobs alone, and\n"
                                     "writes workflows.csv and workflows.md (printed too): the simulated\n"
                                     "makespan and each estimate's accuracy against each seed's run, means over\n"
                                     "the seeds with their 95% intervals, beside the paper's figures.\n"
                                     "\n"
                                     "For each replay entry (name, platform, histories: job history files or\n"
                                     "directories, as mrlab calibrate takes them; seeds, 5 by default; set):\n"
                                     "calibrates the histories on the platform as mrlab calibrate does, runs the\n"
                                     "workload with each of the seeds 1 to its `seeds`, and writes replays.csv and\n"
                                     "replays.md (printed too): for each job and phase (job: submit to end; map:\n"
                                     "to the last map's end; reduce: from there to the end), the recorded time,\n"
                                     "the simulated mean with its 95% interval, its error in %, and whether the\n"
                                     "recorded time lies within the seeds' range and the interval; for each\n"
                                     "entry and phase, the jobs' mean |error| and the worst.  A replay entry\n"
                                     "with a workload file instead of histories is a round trip: its jobs run\n"
                                     "with each seed, each run is exported as job history, calibrated and\n"
                                     "replayed with its own seed, and roundtrips.csv and roundtrips.md give each\n"
                                     "job and phase's recorded and replayed means, the replay's error paired seed\n"
                                     "by seed, and the costs calibrated against those the jobs ran with.\n"
                                     "\n"
                                     "The work goes into DIR.partial, swapped in as DIR at the end.  A validation\n"
                                     "killed or failed leaves DIR.partial: the same command again runs only the\n"
                                     "simulations it lacks (a changed experiment file starts afresh).\n"
                                     "\n"
                                     "  -o DIR            the output directory, replaced whole at the end\n"
                                     "  -j N              simulations at once on this machine, 1 to 256 (default:\n"
                                     "                    the processors online)\n"
                                     "  --slurm           run the simulations as a Slurm job array instead (sbatch\n"
                                     "                    --wait; DIR's folder must be shared with the nodes;\n"
                                     "                    Ctrl-C cancels the array)\n"
                                     "  --partition P     the Slurm partition (default: the cluster's)\n"
                                     "  --array-size N    array tasks running at once (default: no limit)\n"
                                     "\n"
                                     "A `slurm = { partition = ...; array_size = ...; }` group in the file also\n"
                                     "selects Slurm; the command line wins (-j N runs here).\n";

static const char usage_compare[] =
    "usage: mrlab compare PLATFORM.cfg WORKLOAD.cfg --vary KEY=V1,V2,... [--vary ...] [--seeds N] [-j J]\n"
    "                     [-o DIR]\n"
    "\n"
    "Does a setting pay off on this cluster?  Runs the workload under every\n"
    "combination of the --vary values (their cross product; the first value of\n"
    "each --vary is the baseline, so the first combination is the baseline),\n"
    "each with the seeds 1 to N.  Seed k draws the same HDFS placement,\n"
    "heartbeat phases and ties in every variant, so the variants are compared\n"
    "seed by seed, and the luck of the draw cancels.  Prints, and writes into\n"
    "DIR as variants.csv and variants.md, each variant's mean job time (the\n"
    "makespan, when the workload has several jobs) with its 95% confidence\n"
    "interval, its difference from the baseline paired by seed with that\n"
    "difference's interval, and the verdict: \"pays off\" or \"hurts\" when the\n"
    "interval excludes zero, \"no difference at N seeds\" otherwise.  Draws\n"
    "the table as DIR/variants-NAME.png (NAME: the workload file's), and keeps\n"
    "every run in DIR/runs/NAME/VARIANT/seed-K.  Every variant is checked as\n"
    "`mrlab run` would read it before anything runs.  DIR is written aside and\n"
    "replaced whole at the end.\n"
    "\n"
    "  --vary KEY=V,...  KEY: any property `mrlab run --set` takes (see\n"
    "                    `mrlab run --help`: dfs.blocksize, mrlab.prefetch, ...),\n"
    "                    or memory, nic (every node class's memory or NIC\n"
    "                    bandwidth: 4GiB, 100Mbps), slots (every node's map and\n"
    "                    reduce slots, MAP/REDUCE such as 8/4) or workers (the\n"
    "                    workers or node classes to run on, as run --workers);\n"
    "                    a comma within a value is written \\, (in single\n"
    "                    quotes for the shell: 'workers=fast\\,medium,fast');\n"
    "                    a --vary of one value sets it in every variant, such\n"
    "                    as mrlab.ratios=FILE beside mrlab.placement=...\n"
    "  --seeds N         seeds 1 to N in every variant, 1 to 1000 (default 5)\n"
    "  -j J              runs at once, 1 to 256 (default: the processors online)\n"
    "  -o DIR            the output directory (default: compare)\n";

static const char usage_ratios[] =
    "usage: mrlab ratios PLATFORM.cfg WORKLOAD.cfg [-o FILE] [--job NAME] [--input SIZE]\n"
    "\n"
    "Measures each node class's computing ratio for a job, as Xie profiles a\n"
    "cluster: the job simulated on one worker of the class alone (run --workers,\n"
    "dfs.replication=1), each class in a process of its own; the ratio is the\n"
    "class's time over the fastest class's.  Prints libconfig text, a comment\n"
    "with each class's time and then ratios = { CLASS = RATIO; ... };, that a\n"
    "workload job reads with ratios = \"FILE\".\n"
    "\n"
    "  -o FILE        also write the text to FILE, whole\n"
    "  --job NAME     the workload's job to measure (default: its first)\n"
    "  --input SIZE   the job's input on each node (default: 1GB, as Xie's)\n";

static const char usage_plot[] = "usage: mrlab plot DIR [-o OUT] [--format png|svg]\n"
                                 "\n"
                                 "Draws the pictures of DIR with gnuplot (Debian's gnuplot-nox) and the scripts\n"
                                 "of mrlab's plots/ folder, into OUT (default: DIR-plots beside DIR), replaced\n"
                                 "whole.  A run directory gives gantt (each task attempt by host and slot,\n"
                                 "coloured by phase, with each job's critical path and end), phases (each\n"
                                 "job's slot time by phase, beside its critical path's time by stage and\n"
                                 "wait), utilisation (CPU, disk and network of each node class over time),\n"
                                 "utilisation-hosts (the same for each host, as heat maps) and progress (each\n"
                                 "progress indicator against the true progress); a run over seeds (run\n"
                                 "--seeds) gives seeds (each job's time and the makespan, every seed's and\n"
                                 "their mean with its 95% interval); a validation or comparison directory\n"
                                 "gives predictions (predicted against simulated job time), accuracy (each\n"
                                 "model's job-time accuracy), anchors (published against simulated figures,\n"
                                 "with their intervals), variants-COMPARISON (each variant's mean and its\n"
                                 "paired difference from the first, with their intervals and verdicts),\n"
                                 "indicators (the progress indicators' mean errors), replays (each replayed\n"
                                 "job's simulated against recorded time, by phase, with its interval) and\n"
                                 "roundtrips (each round trip's replayed against recorded mean), each\n"
                                 "where DIR holds its CSV; nothing to draw is an error.  Prints the path of\n"
                                 "each image written.\n"
                                 "\n"
                                 "  -o OUT           the output directory (an existing one must hold nothing\n"
                                 "                   but these images)\n"
                                 "  --format F       png (default) or svg\n";

static const char usage_explain[] =
    "usage: mrlab explain RUN [--job NAME]\n"
    "\n"
    "Tells where the time of each job of the run directory RUN went (of the job\n"
    "NAME alone with --job): its critical path, the chain of stages and waits that\n"
    "made its time, from its submission to its end.  Walking back from the job's\n"
    "end: the heartbeat that reported its last task, that task's stages (start-up,\n"
    "read, map, spill, merge; shuffle, sort, reduce, write), the last map output\n"
    "its shuffle needed, the slot it waited for and the attempt that held it\n"
    "before, slow-start, the speculator, the job's start.  The stages and waits\n"
    "add up to the job's time (jobs.csv's end - submit) exactly.\n"
    "\n"
    "Prints, for each job, a table of the path (one row for each task attempt on\n"
    "it: when, where, and the seconds of each stage and [wait]) and a few\n"
    "sentences: until when maps held the path, what the last reducer spent its\n"
    "time on, and what the waits were for.  RUN's explain.csv has the path\n"
    "segment by segment (see docs/outputs.md).\n"
    "\n"
    "  --job NAME   only the job NAME (a name in RUN's jobs.csv)\n"
    "\n"
    "A directory that holds no run, or a job it does not hold, gets one line\n"
    "and exit status 2.\n";

static const char usage_import[] = "usage: mrlab import swim TRACE.tsv [-n JOBS] [--scale F] [-o WORKLOAD.cfg]\n"
                                   "       mrlab import rumen TRACE.json [-o WORKLOAD.cfg]\n"
                                   "       mrlab import jhist HISTORY... [-o WORKLOAD.cfg] [--history DIR]\n"
                                   "\n"
                                   "Turns a job trace recorded on a real cluster into a workload file that\n"
                                   "`mrlab run` replays: each job with its submit time, input, shuffle and\n"
                                   "output bytes (map-only when it shuffles nothing) and reducers.  A SWIM\n"
                                   "trace (tab-separated: job id, submit s, gap s, map input, shuffle and\n"
                                   "reduce output bytes) gets one reducer a GiB of shuffle and output.  A\n"
                                   "Rumen trace (Hadoop's JSON job digest, as YARN's SLS reads it) also gives\n"
                                   "the recorded map and reduce counts, each map's input bytes (file_sizes),\n"
                                   "each reducer's share of the shuffle and the recorded duration\n"
                                   "(finishTime - submitTime), which `mrlab run` prints beside the simulated\n"
                                   "one.  A job history (HISTORY: Hadoop 2 or 3's .jhist files, the event\n"
                                   "logs a history server keeps in its done directory; Hadoop 1's history\n"
                                   "files; or a directory of them, read with its subdirectories) gives the\n"
                                   "same from each job that succeeded: its submit time, its maps'\n"
                                   "HDFS_BYTES_READ (the maps grouped into the files they were cut from: a run\n"
                                   "of splits of the largest split's size and the one after it) and split\n"
                                   "locations (split_hosts), its reducers' REDUCE_SHUFFLE_BYTES and\n"
                                   "HDFS_BYTES_WRITTEN, and its recorded time; the jobs that failed, were\n"
                                   "killed or were still running are left out, and stderr counts them and the\n"
                                   "events and counters mrlab does not read.\n"
                                   "With --history DIR, the jobs that ended are also written as a run\n"
                                   "directory in mrlab's own format (tasks.csv, jobs.csv, summary.json\n"
                                   "marked \"recorded\"), which `mrlab predict` takes as a simulated run.\n"
                                   "Prints the workload on stdout.\n"
                                   "\n"
                                   "  -o FILE      write it to FILE instead, whole\n"
                                   "  -n JOBS      SWIM: only the first JOBS jobs\n"
                                   "  --scale F    SWIM: multiply every byte count by F (> 0)\n";

static const char usage_calibrate[] = "usage: mrlab calibrate PLATFORM.cfg HISTORY... [-o WORKLOAD.cfg] [--startup]\n"
                                      "\n"
                                      "Turns job histories (Hadoop 2 or 3 .jhist files, Hadoop 1's history files,\n"
                                      "or directories of them, as `mrlab import jhist` reads them) into a\n"
                                      "workload whose costs are fitted, not guessed.  Each attempt's\n"
                                      "CPU_MILLISECONDS times the per-core speed of its host in PLATFORM, less\n"
                                      "the flops mrlab's own sort and merge costs (mrlab.sort.cost,\n"
                                      "mrlab.merge.cost) give the bytes it recorded (a reducer's merges before\n"
                                      "its final merge from its SPILLED_RECORDS, or else replayed for equal map\n"
                                      "outputs), is the work of its map or reduce function; each job's map_cost\n"
                                      "and reduce_cost (flops a byte of a task's input: HDFS_BYTES_READ,\n"
                                      "REDUCE_SHUFFLE_BYTES) are the least squares fit of that work over its\n"
                                      "successful attempts.  The written file states each fit above its job\n"
                                      "(the attempts, R^2, the standard error).  Replaying it, on PLATFORM or\n"
                                      "another cluster, is then a prediction.  A combiner's and compression's\n"
                                      "work counts in the costs.  Prints the workload on stdout, or writes it\n"
                                      "whole to -o's file.\n"
                                      "\n"
                                      "  --startup    also fit a task's start-up (mrlab.task.startup, set on every\n"
                                      "               job), which a history does not record: the start-up for\n"
                                      "               which a replay of the workload on PLATFORM (seed 1) gives\n"
                                      "               the recorded mean map attempt, by GSL's Brent solver, each\n"
                                      "               step a simulation; the file's head says how it was met.\n"
                                      "               Without it, every job keeps mrlab's 1 s.\n"
                                      "\n"
                                      "An attempt on a host that is no worker of PLATFORM, or a malformed history,\n"
                                      "gets one line and exit status 2, and nothing is written.\n";

static const char usage_export[] = "usage: mrlab export jhist RUN [-o DIR]\n"
                                   "\n"
                                   "Writes each job of the run directory RUN as a Hadoop 2/3 JobHistory file, as\n"
                                   "a YARN cluster's history server keeps them, for tools that read Hadoop's job\n"
                                   "history (and mrlab import jhist).  One file a job, named as Hadoop names them\n"
                                   "(JOBID-SUBMIT-mrlab-NAME-FINISH-MAPS-REDUCES-STATUS-default-START.jhist):\n"
                                   "a line Avro-Json, the Avro schema of its events, then one event a line in\n"
                                   "time order: the job's submission and start, each task's start and end, each\n"
                                   "attempt's start (host, locality, speculative or not) and end (its phases'\n"
                                   "ends and counters, or FAILED or KILLED with tasks.csv's cause as its error),\n"
                                   "and the job's end with its counters summed.  Times are milliseconds since\n"
                                   "2020-01-01T00:00:00Z (1577836800000) plus the run's seconds; jobs are\n"
                                   "job_1577836800000_0001 on, in jobs.csv's order.  Counters: HDFS bytes read\n"
                                   "and written, map input and output records and bytes, spilled records,\n"
                                   "materialized bytes, reduce shuffle bytes, input and output records,\n"
                                   "CPU_MILLISECONDS (tasks.csv's cpu_seconds), and the job's launched,\n"
                                   "failed and killed attempts, their locality and milliseconds.  mrlab does\n"
                                   "not simulate garbage collection, memory or local file bytes: GC_TIME_MILLIS\n"
                                   "and the like are left out.  A job that never ran (DEPENDENT_FAILED) has no\n"
                                   "file.  Prints the path of each file.\n"
                                   "\n"
                                   "  -o DIR    the output directory (default: RUN-jhist beside RUN), replaced\n"
                                   "            whole; an existing one must hold nothing but .jhist files\n"
                                   "\n"
                                   "A directory that holds no run, or a malformed one, gets one line and exit\n"
                                   "status 2, and nothing is written.\n";

static int wants_help(int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
      return 1;
  return 0;
}

static const char usage_report[] =
    "usage: mrlab report DIR [-o PAGE.html]\n"
    "\n"
    "Writes one HTML page of DIR to read in any browser: a single file, its\n"
    "pictures inside it, that needs no network and runs no script.  For a run\n"
    "directory: the summary (platform, workload, seed, makespan, each job's time),\n"
    "each job's critical path as mrlab explain tells it, the pictures of mrlab\n"
    "plot, and two tables: the jobs (times, tasks, bytes) and each job's critical\n"
    "path by stage and wait.  For a run over seeds (run --seeds), a comparison or\n"
    "a validation directory: its pictures and its tables.  The pictures are drawn\n"
    "by gnuplot (Debian's gnuplot-nox) into a temporary directory, removed after.\n"
    "Prints the page's path.\n"
    "\n"
    "  -o PAGE.html   the page (default: DIR-report.html beside DIR), replaced\n"
    "                 whole; not a directory, a device or one of DIR's files\n"
    "\n"
    "What mrlab plot or mrlab explain refuses (a directory of none of these\n"
    "kinds, nothing to draw, no gnuplot) gets one line and exit status 2, and no\n"
    "page is written.\n";

/* A bad value of an option: one line, since the command's shape was right. */
static int value_error(const char *fmt, const char *arg)
{
  char msg[4096];
  snprintf(msg, sizeof msg, fmt, arg);
  cfg_print(stderr, "", msg);
  return 2;
}

/* A command line of the wrong shape: one line, ending with where the
 * command's usage is (USAGE's "usage: mrlab COMMAND ..." names it). */
static int usage_error(const char *usage, const char *fmt, const char *arg)
{
  const char *command = usage + strlen("usage: mrlab ");
  int n = strncmp(command, "COMMAND", 7) ? (int)strcspn(command, " \n") : 0;
  char msg[4096];
  int len = snprintf(msg, sizeof msg, fmt, arg);
  snprintf(msg + (len < 3000 ? len : 3000), 1000, "; try 'mrlab %.*s%s--help'", n, command, n ? " " : "");
  cfg_print(stderr, "", msg);
  return 2;
}

/* Whether ARG is one of SimGrid's own options, which pass through to sim/. */
static int is_simgrid_option(const char *arg)
{
  return strncmp(arg, "--cfg=", 6) == 0 || strncmp(arg, "--log=", 6) == 0;
}

/* The path of the running mrlab program into SELF (for child runs): 0, or 1 after a message. */
static int own_program(char *self, size_t size)
{
  ssize_t n = readlink("/proc/self/exe", self, size - 1);
  if (n < 0)
    return fprintf(stderr, "mrlab: cannot find its own program: /proc/self/exe\n"), 1;
  self[n] = '\0';
  return 0;
}

/* The wall seconds a run lasts before its progress line shows, from the
 * environment's MRLAB_PROGRESS_AFTER (default 3) into AFTER: 0, or 2 after a message. */
static int progress_after(double *after)
{
  const char *v = getenv("MRLAB_PROGRESS_AFTER");
  *after = 3;
  if (!v)
    return 0;
  char *end;
  *after = strtod(v, &end);
  if (!*v || *end || !(*after >= 0))
    return value_error("MRLAB_PROGRESS_AFTER: expected a number of seconds >= 0, got %s", v);
  return 0;
}

/* ARG as a whole number from MIN to MAX into *OUT: 0, or -1. */
static int whole_number(const char *arg, long min, long max, long *out)
{
  char *end;
  errno = 0;
  *out = strtol(arg, &end, 10);
  return !*arg || *end || errno || *out < min || *out > max ? -1 : 0;
}

/* The jobs at once of -j (the processors online unless given), within VALIDATE_MAX_JOBS. */
static int jobs_online(long given)
{
  long jobs = given ? given : sysconf(_SC_NPROCESSORS_ONLN);
  return (int)(jobs < 1 ? 1 : jobs > VALIDATE_MAX_JOBS ? VALIDATE_MAX_JOBS : jobs);
}

/* mrlab run PLATFORM WORKLOAD [-o DIR] [--seed N] [--set K=V ...] [--workers L] [--cfg=K:V ...] [--seeds N [-j J]] */
static int cmd_run(int argc, char **argv)
{
  if (wants_help(argc, argv)) {
    fputs(usage_run, stdout);
    conf defaults;
    conf_init(&defaults);
    for (int k = 0; k < CONF_N_KEYS; k++) {
      char v[CONF_TEXT_MAX];
      conf_format(&defaults, k, v, sizeof v);
      printf("  %-48s %-10s %s\n", conf_name(k), v, conf_scope_name(k));
    }
    return 0;
  }
  const char *files[2] = {NULL, NULL}, *dir = "run", *workers = NULL, *jobs_arg = NULL;
  const char **sets = xmalloc((size_t)argc * sizeof *sets), **options = xmalloc((size_t)argc * sizeof *options);
  const char **confs = xmalloc((size_t)argc * sizeof *confs);
  const char **pass = xmalloc((size_t)argc * sizeof *pass); /* what --seeds passes on to each seed's run */
  int n_files = 0, n_sets = 0, n_options = 0, n_confs = 0, n_pass = 0, trace = 0, status = 0;
  unsigned long seed = 1;
  long seeds = 0, jobs = 0;
  const char *seed_arg = "1";
  for (int i = 1; i < argc && !status; i++) {
    const char *arg = argv[i];
    int passed = strcmp(arg, "--set") == 0 || strcmp(arg, "--workers") == 0 || strcmp(arg, "--conf") == 0;
    if ((strcmp(arg, "-o") == 0 || strcmp(arg, "--seed") == 0 || passed || strcmp(arg, "--seeds") == 0 ||
         strcmp(arg, "-j") == 0) &&
        i + 1 == argc) {
      status = usage_error(usage_run, "%s needs a value", arg);
      break;
    }
    if (passed || strcmp(arg, "--trace") == 0 || is_simgrid_option(arg)) {
      pass[n_pass++] = arg;
      if (passed)
        pass[n_pass++] = argv[i + 1];
    }
    if (strcmp(arg, "-o") == 0) {
      dir = argv[++i];
    } else if (strcmp(arg, "--workers") == 0) {
      workers = argv[++i];
    } else if (strcmp(arg, "--seed") == 0) {
      char *end;
      seed = strtoul(seed_arg = argv[++i], &end, 10);
      if (!*argv[i] || *end || argv[i][0] == '-')
        status = usage_error(usage_run, "--seed: expected a whole number >= 0, got %s", argv[i]);
    } else if (strcmp(arg, "--seeds") == 0) {
      if (whole_number(argv[++i], 1, SEEDS_MAX, &seeds))
        status = value_error("--seeds: expected a whole number of seeds from 1 to " STR(SEEDS_MAX) ", got %s", argv[i]);
    } else if (strcmp(arg, "-j") == 0) {
      jobs_arg = argv[++i];
      if (whole_number(jobs_arg, 1, VALIDATE_MAX_JOBS, &jobs))
        status = value_error("-j: expected a whole number from 1 to " STR(VALIDATE_MAX_JOBS) ", got %s", jobs_arg);
    } else if (strcmp(arg, "--set") == 0) {
      sets[n_sets++] = argv[++i];
    } else if (strcmp(arg, "--conf") == 0) {
      confs[n_confs++] = argv[++i];
    } else if (strcmp(arg, "--trace") == 0) {
      trace = 1;
    } else if (is_simgrid_option(arg)) {
      options[n_options++] = arg;
    } else if (arg[0] == '-') {
      status = usage_error(usage_run, "unknown option %s", arg);
    } else if (n_files < 2) {
      files[n_files++] = arg;
    } else {
      status = usage_error(usage_run, "unexpected argument %s", arg);
    }
  }
  if (!status && n_files < 2)
    status = usage_error(usage_run, "%s", "expected PLATFORM.cfg and WORKLOAD.cfg");
  if (!status && jobs_arg && !seeds)
    status = value_error("%s", "-j: expected it with --seeds N (the runs at once of N seeds)");
  if (!status && seeds && (seed < 1 || seed > (unsigned long)(INT_MAX - seeds + 1)))
    status = value_error("--seed: with --seeds, expected a first seed of at least 1 whose last is at most 2147483647, "
                         "got %s",
                         seed_arg);
  if (!status && seeds && n_pass > POOL_MAX_ARGS)
    status = value_error("--seeds: expected at most " STR(POOL_MAX_ARGS) " further arguments to pass on%s", "");
  double after = 0;
  if (!status)
    status = progress_after(&after);
  platform *p = NULL;
  workload *w = NULL;
  if (!status) {
    char err[1024];
    conf base; /* the defaults with Hadoop's XML files over them */
    conf_init(&base);
    if (hadoopconf_read(confs, n_confs, &base, stderr, err, sizeof err) == 0)
      p = platform_read_with(files[0], &base, err, sizeof err);
    if (p && workers && platform_restrict(p, workers, err, sizeof err)) {
      platform_free(p);
      p = NULL;
    }
    w = p ? workload_read_with(files[1], &base, sets, n_sets, err, sizeof err) : NULL;
    sim_inputs in = {.platform_path = files[0],
                     .workload_path = files[1],
                     .sets = sets,
                     .n_sets = n_sets,
                     .options = options,
                     .n_options = n_options,
                     .seed = seed,
                     .workers = workers,
                     .confs = confs,
                     .n_confs = n_confs,
                     .trace = trace,
                     .progress_after = after};
    seeds_request r = {.platform = files[0],
                       .workload = files[1],
                       .dir = dir,
                       .args = pass,
                       .n_args = n_pass,
                       .first = (int)seed,
                       .n = (int)seeds,
                       .jobs = jobs_online(jobs)};
    char self[4096];
    if (!w)
      status = 2;
    else if (!seeds)
      status = sim_run(p, w, &in, dir, stdout, err, sizeof err);
    else if (own_program(self, sizeof self))
      status = 1, err[0] = '\0'; /* after its message */
    else
      status = (r.self = self, seeds_run(&r, stdout, err, sizeof err));
    if (status && err[0])
      cfg_print(stderr, "", err);
  }
  workload_free(w);
  platform_free(p);
  free(sets);
  free(options);
  free(confs);
  free(pass);
  return status;
}

/* Reads the profiles of job JOB in the N directories DIRS.  NULL with ERR set on failure. */
static job_profile *read_profiles(char **dirs, int n, const char *job, char *err, size_t errlen)
{
  job_profile *p = xcalloc((size_t)n, sizeof *p);
  for (int i = 0; i < n; i++)
    if (profile_read(dirs[i], job, &p[i], err, errlen)) {
      profile_free(p, i + 1);
      free(p);
      return NULL;
    }
  return p;
}

/* Parses the options of predict and provision: --job, and OPTION with its
 * value in *VALUE; leaves the directories in DIRS.  Returns their number,
 * or -1 after a usage message. */
static int model_args(int argc, char **argv, const char *usage, const char *option, const char **value,
                      const char **job, char **dirs)
{
  int n = 0;
  for (int i = 1; i < argc; i++) {
    int is_option = strcmp(argv[i], "--job") == 0 || (option && strcmp(argv[i], option) == 0);
    if (is_option && i + 1 == argc)
      return usage_error(usage, "%s needs a value", argv[i]), -1;
    if (strcmp(argv[i], "--job") == 0)
      *job = argv[++i];
    else if (is_option)
      *value = argv[++i];
    else if (argv[i][0] == '-')
      return usage_error(usage, "unknown option %s", argv[i]), -1;
    else
      dirs[n++] = argv[i];
  }
  if (n < 2)
    return usage_error(usage, "%s", "expected a TARGET run directory and HISTORY run directories"), -1;
  return n;
}

/* mrlab predict --workflow PLATFORM TARGET HISTORY... (ARGV[1] is --workflow) */
static int cmd_predict_workflow(int argc, char **argv)
{
  if (argc < 5)
    return usage_error(usage_predict, "%s",
                       "--workflow: expected a PLATFORM.cfg, a TARGET run directory and HISTORY run directories");
  for (int i = 2; i < argc; i++)
    if (argv[i][0] == '-')
      return usage_error(usage_predict, "unknown option %s", argv[i]);
  char err[4096];
  platform *p = platform_read(argv[2], err, sizeof err);
  if (!p)
    return cfg_print(stderr, "", err), 2;
  int *cores = xcalloc((size_t)p->n_workers, sizeof *cores);
  double *memory = xcalloc((size_t)p->n_workers, sizeof *memory);
  platform_worker_capacity(p, cores, memory);
  workflow_prediction w;
  int status = workflow_predict(cores, memory, p->n_workers, argv[3], (const char *const *)argv + 4, argc - 4, &w, err,
                                sizeof err)
                   ? 2
                   : 0;
  if (status) {
    cfg_print(stderr, "", err);
  } else {
    static const char *const names[] = {"dag", "dag-mean", "dag-normal", "dag-literal"};
    static const size_t at[] = {offsetof(workflow_job, end), offsetof(workflow_job, mean),
                                offsetof(workflow_job, normal), offsetof(workflow_job, literal)};
    const double whole[] = {w.makespan, w.mean, w.normal, w.literal};
    printf("model,quantity,predicted,actual\n");
    for (int m = 0; m < 4; m++) {
      printf("%s,makespan,%.3f,%.3f\n", names[m], whole[m], w.measured);
      for (int j = 0; j < w.n_jobs; j++)
        printf("%s,end:%s,%.3f,%.3f\n", names[m], w.jobs[j].job, *(const double *)((const char *)&w.jobs[j] + at[m]),
               w.jobs[j].measured);
    }
  }
  workflow_prediction_free(&w);
  free(cores);
  free(memory);
  platform_free(p);
  return status;
}

/* mrlab predict [--model NAME] [--job NAME] TARGET HISTORY... */
static int cmd_predict(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_predict, stdout), 0;
  if (argc > 1 && strcmp(argv[1], "--workflow") == 0)
    return cmd_predict_workflow(argc, argv);
  const char *model = NULL, *job = NULL;
  char **dirs = xmalloc((size_t)argc * sizeof *dirs), err[4096];
  int n = model_args(argc, argv, usage_predict, "--model", &model, &job, dirs), status = 2;
  predict_model only = PREDICT_KHAN;
  if (n > 0 && model && predict_model_find(model, &only)) {
    value_error("--model: expected khan, aria, boe or mrlab, got %s", model);
    n = -1;
  }
  job_profile *p = n > 0 ? read_profiles(dirs, n, job, err, sizeof err) : NULL;
  /* every model predicts before a line is printed: a failure prints nothing */
  prediction r[PREDICT_N_MODELS], was[PREDICT_N_MODELS];
  int wanted[PREDICT_N_MODELS];
  status = p ? 0 : 2;
  for (int m = 0; m < PREDICT_N_MODELS && !status; m++)
    if ((wanted[m] = !model || (predict_model)m == only)) {
      status = predict_job((predict_model)m, p + 1, n - 1, &p[0], &r[m], err, sizeof err) ? 2 : 0;
      predict_measured(&p[0], &was[m]);
    }
  if (!status)
    printf("model,quantity,predicted,actual\n");
  for (int m = 0; m < PREDICT_N_MODELS && !status; m++) {
    const char *name = predict_model_name((predict_model)m);
    if (!wanted[m])
      continue;
    printf("%s,job_low,%.3f,\n%s,job_up,%.3f,\n", name, r[m].low, name, r[m].up);
    for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
      double v = *(double *)((char *)&r[m] + predict_quantities[q].offset);
      if (!isnan(v)) /* a statistic the model does not predict has no line */
        printf("%s,%s,%.3f,%.3f\n", name, predict_quantities[q].name, v,
               *(double *)((char *)&was[m] + predict_quantities[q].offset));
    }
  }
  if (status && n > 0)
    cfg_print(stderr, "", err);
  if (p)
    profile_free(p, n);
  free(p);
  free(dirs);
  return status;
}

/* mrlab provision --deadline TIME [--job NAME] TARGET HISTORY... */
static int cmd_provision(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_provision, stdout), 0;
  const char *deadline = NULL, *job = NULL;
  char **dirs = xmalloc((size_t)argc * sizeof *dirs), err[4096];
  int n = model_args(argc, argv, usage_provision, "--deadline", &deadline, &job, dirs), status = 2;
  double t = 0, m, r;
  int mw, rw;
  if (n > 0 && (!deadline || units_parse(UNITS_TIME, deadline, &t) || !(t > 0) || !(t <= WORKLOAD_MAX_RUN))) {
    value_error("--deadline: expected a positive time such as \"90s\", at most 30 days (mrlab's bound on a run), got %s",
                deadline ? deadline : "none");
    n = -1;
  }
  job_profile *p = n > 0 ? read_profiles(dirs, n, job, err, sizeof err) : NULL;
  if (p && predict_provision(p + 1, n - 1, &p[0], t, &m, &r, &mw, &rw, err, sizeof err) == 0) {
    printf("map_slots,reduce_slots,map_slots_exact,reduce_slots_exact\n%d,%d,%.6f,%.6f\n", mw, rw, m, r);
    status = 0;
  }
  if (status && n > 0)
    cfg_print(stderr, "", err);
  if (p)
    profile_free(p, n);
  free(p);
  free(dirs);
  return status;
}

/* mrlab validate EXPERIMENT.cfg [-o DIR] [-j N | --slurm [--partition P] [--array-size N]] */
static int cmd_validate(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_validate, stdout), 0;
  const char *file = NULL, *dir = "validation", *local = NULL, *slurm = NULL;
  long jobs = 0;
  pool_config pc = {.slurm = -1}; /* -1: as the experiment file says */
  for (int i = 1; i < argc; i++) {
    int takes_value = strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "-j") == 0 || strcmp(argv[i], "--partition") == 0 ||
                      strcmp(argv[i], "--array-size") == 0;
    if (takes_value && i + 1 == argc)
      return usage_error(usage_validate, "%s needs a value", argv[i]);
    if (strcmp(argv[i], "-o") == 0) {
      dir = argv[++i];
    } else if (strcmp(argv[i], "-j") == 0) {
      if (whole_number(argv[++i], 1, VALIDATE_MAX_JOBS, &jobs))
        return value_error("-j: expected a whole number from 1 to " STR(VALIDATE_MAX_JOBS) ", got %s", argv[i]);
      local = argv[i - 1];
    } else if (strcmp(argv[i], "--slurm") == 0) {
      slurm = argv[i];
    } else if (strcmp(argv[i], "--partition") == 0) {
      slurm = argv[i];
      pc.partition = argv[++i];
      if (!*pc.partition)
        return value_error("--partition: expected the name of a Slurm partition, got %s", "\"\"");
    } else if (strcmp(argv[i], "--array-size") == 0) {
      slurm = argv[i];
      long n;
      if (whole_number(argv[++i], 1, 1000000, &n))
        return value_error("--array-size: expected a whole number from 1 to 1000000, got %s", argv[i]);
      pc.array_size = (int)n;
    } else if (argv[i][0] == '-') {
      return usage_error(usage_validate, "unknown option %s", argv[i]);
    } else if (!file) {
      file = argv[i];
    } else {
      return usage_error(usage_validate, "unexpected argument %s", argv[i]);
    }
  }
  if (!file)
    return usage_error(usage_validate, "%s", "missing EXPERIMENT.cfg");
  if (local && slurm)
    return usage_error(usage_validate, "%s runs on Slurm: -j is for runs on this machine", slurm);
  pc.slurm = slurm ? 1 : local ? 0 : -1;
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  pc.self = self;
  pc.jobs = jobs_online(jobs);
  int status = validate_run(file, dir, &pc, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

/* mrlab compare PLATFORM WORKLOAD --vary KEY=V,... [--vary ...] [--seeds N] [-j J] [-o DIR] */
static int cmd_compare(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_compare, stdout), 0;
  const char *files[2] = {NULL, NULL};
  const char **vary = xmalloc((size_t)argc * sizeof *vary);
  vary_request r = {.dir = "compare", .vary = vary, .seeds = COMPARE_SEEDS};
  long seeds = COMPARE_SEEDS, jobs = 0;
  int n_files = 0, status = 0;
  for (int i = 1; i < argc && !status; i++) {
    const char *arg = argv[i];
    int takes_value =
        strcmp(arg, "--vary") == 0 || strcmp(arg, "--seeds") == 0 || strcmp(arg, "-j") == 0 || strcmp(arg, "-o") == 0;
    if (takes_value && i + 1 == argc)
      status = usage_error(usage_compare, "%s needs a value", arg);
    else if (strcmp(arg, "--vary") == 0)
      vary[r.n_vary++] = argv[++i];
    else if (strcmp(arg, "-o") == 0)
      r.dir = argv[++i];
    else if (strcmp(arg, "--seeds") == 0 && whole_number(argv[++i], 1, SEEDS_MAX, &seeds))
      status = value_error("--seeds: expected a whole number of seeds from 1 to " STR(SEEDS_MAX) ", got %s", argv[i]);
    else if (strcmp(arg, "-j") == 0 && whole_number(argv[++i], 1, VALIDATE_MAX_JOBS, &jobs))
      status = value_error("-j: expected a whole number from 1 to " STR(VALIDATE_MAX_JOBS) ", got %s", argv[i]);
    else if (strcmp(arg, "--seeds") == 0 || strcmp(arg, "-j") == 0)
      continue;
    else if (arg[0] == '-')
      status = usage_error(usage_compare, "unknown option %s", arg);
    else if (n_files < 2)
      files[n_files++] = arg;
    else
      status = usage_error(usage_compare, "unexpected argument %s", arg);
  }
  if (!status && n_files < 2)
    status = usage_error(usage_compare, "%s", "expected PLATFORM.cfg and WORKLOAD.cfg");
  if (!status && r.n_vary == 0)
    status = usage_error(usage_compare, "%s", "expected --vary KEY=VALUE,VALUE,... (what to compare)");
  char self[4096], err[4096];
  if (!status && own_program(self, sizeof self))
    status = 1;
  if (!status) {
    r.self = self, r.platform = files[0], r.workload = files[1];
    r.seeds = (int)seeds, r.jobs = jobs_online(jobs);
    if ((status = vary_run(&r, stdout, err, sizeof err)))
      cfg_print(stderr, "", err);
  }
  free(vary);
  return status;
}

/* mrlab ratios PLATFORM WORKLOAD [-o FILE] [--job NAME] [--input SIZE] */
static int cmd_ratios(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_ratios, stdout), 0;
  const char *files[2] = {NULL, NULL}, *file = NULL, *job = NULL, *input = "1GB";
  int n_files = 0;
  for (int i = 1; i < argc; i++) {
    int takes_value = strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--job") == 0 || strcmp(argv[i], "--input") == 0;
    if (takes_value && i + 1 == argc)
      return usage_error(usage_ratios, "%s needs a value", argv[i]);
    if (strcmp(argv[i], "-o") == 0)
      file = argv[++i];
    else if (strcmp(argv[i], "--job") == 0)
      job = argv[++i];
    else if (strcmp(argv[i], "--input") == 0)
      input = argv[++i];
    else if (argv[i][0] == '-')
      return usage_error(usage_ratios, "unknown option %s", argv[i]);
    else if (n_files < 2)
      files[n_files++] = argv[i];
    else
      return usage_error(usage_ratios, "unexpected argument %s", argv[i]);
  }
  if (n_files < 2)
    return usage_error(usage_ratios, "%s", "expected PLATFORM.cfg and WORKLOAD.cfg");
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  int status = ratios_measure(files[0], files[1], job, input, file, jobs_online(0), self, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

/* mrlab plot DIR [-o OUT] [--format png|svg] */
static int cmd_plot(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_plot, stdout), 0;
  const char *dir = NULL, *out = NULL, *format = "png";
  for (int i = 1; i < argc; i++) {
    if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--format") == 0) && i + 1 == argc)
      return usage_error(usage_plot, "%s needs a value", argv[i]);
    if (strcmp(argv[i], "-o") == 0)
      out = argv[++i];
    else if (strcmp(argv[i], "--format") == 0)
      format = argv[++i];
    else if (argv[i][0] == '-')
      return usage_error(usage_plot, "unknown option %s", argv[i]);
    else if (!dir)
      dir = argv[i];
    else
      return usage_error(usage_plot, "unexpected argument %s", argv[i]);
  }
  if (!dir)
    return usage_error(usage_plot, "%s", "missing DIR");
  if (strcmp(format, "png") != 0 && strcmp(format, "svg") != 0)
    return value_error("--format: expected png or svg, got %s", format);
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  int status = plot_dir(dir, out, format, self, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

/* mrlab explain RUN [--job NAME] */
static int cmd_explain(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_explain, stdout), 0;
  const char *dir = NULL, *job = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--job") == 0 && i + 1 == argc)
      return usage_error(usage_explain, "%s needs a value", argv[i]);
    if (strcmp(argv[i], "--job") == 0)
      job = argv[++i];
    else if (argv[i][0] == '-')
      return usage_error(usage_explain, "unknown option %s", argv[i]);
    else if (!dir)
      dir = argv[i];
    else
      return usage_error(usage_explain, "unexpected argument %s", argv[i]);
  }
  if (!dir)
    return usage_error(usage_explain, "%s", "missing RUN (a run directory)");
  char err[4096];
  int status = explain_run(dir, job, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

/* mrlab report DIR [-o PAGE.html] */
static int cmd_report(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_report, stdout), 0;
  const char *dir = NULL, *out = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 == argc)
      return usage_error(usage_report, "%s needs a value", argv[i]);
    if (strcmp(argv[i], "-o") == 0)
      out = argv[++i];
    else if (argv[i][0] == '-')
      return usage_error(usage_report, "unknown option %s", argv[i]);
    else if (!dir)
      dir = argv[i];
    else
      return usage_error(usage_report, "unexpected argument %s", argv[i]);
  }
  if (!dir)
    return usage_error(usage_report, "%s", "missing DIR (a run or a validation directory)");
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  int status = report_dir(dir, out, self, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

/* mrlab import jhist HISTORY... [-o FILE] [--history DIR], and mrlab
 * calibrate PLATFORM HISTORY... [-o FILE] [--startup]: PATHS (N of them)
 * read as histories, with the costs fitted on the platform in
 * PLATFORM_FILE (NULL: an import, mrlab's guess), and with STARTUP the
 * start-up time by simulation. */
static int import_histories(const char *const *paths, int n, const char *file, const char *run,
                            const char *platform_file, int startup)
{
  char err[1024], self[4096];
  history_skips skips = {0, 0};
  int n_jobs = 0, left_out = 0, status = 2;
  platform *p = platform_file ? platform_read(platform_file, err, sizeof err) : NULL;
  history_job **jobs = NULL;
  import_trace *t = !platform_file || p ? calibrate_histories(paths, n, p, &jobs, &n_jobs, &left_out, &skips, err,
                                                              sizeof err)
                                        : NULL;
  if (t) {
    fprintf(stderr,
            "mrlab: read %d job histor%s: %d imported, %d left out (failed, killed or still running); "
            "passed over %lld events of types mrlab does not read and %lld counters it does not read\n",
            n_jobs, n_jobs == 1 ? "y" : "ies", t->n_jobs, left_out, (long long)skips.unknown_events,
            (long long)skips.unknown_counters);
    status = 0;
    if (startup && own_program(self, sizeof self)) /* which says so */
      status = 1, err[0] = '\0';
    else if (startup)
      status = startup_fit(t, jobs, n_jobs, platform_file, self, err, sizeof err);
    if (!status)
      status = import_save(t, "jhist", paths[0], file, err, sizeof err);
  }
  int written = 0;
  if (!status && run && history_write_run(jobs, n_jobs, run, &written, err, sizeof err))
    status = 2;
  if (!status && run)
    fprintf(stderr, "mrlab: wrote %d recorded jobs as the run directory %s\n", written, run);
  if (status && err[0])
    cfg_print(stderr, "", err);
  import_trace_free(t);
  history_jobs_free(jobs, n_jobs);
  platform_free(p);
  return status;
}

/* mrlab calibrate PLATFORM HISTORY... [-o FILE] */
static int cmd_calibrate(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_calibrate, stdout), 0;
  const char *platform_file = NULL, *file = NULL;
  const char **paths = xmalloc((size_t)argc * sizeof *paths);
  int n_paths = 0, startup = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      file = argv[++i];
    } else if (strcmp(argv[i], "--startup") == 0) {
      startup = 1;
    } else if (argv[i][0] == '-') {
      free(paths);
      return usage_error(usage_calibrate, "%s", strcmp(argv[i], "-o") ? "unknown option" : "-o needs a value");
    } else if (!platform_file) {
      platform_file = argv[i];
    } else {
      paths[n_paths++] = argv[i];
    }
  }
  if (!n_paths) {
    free(paths);
    return usage_error(usage_calibrate, "%s", "expected a platform, then job histories");
  }
  int status = import_histories(paths, n_paths, file, NULL, platform_file, startup);
  free(paths);
  return status;
}

/* mrlab import swim|rumen TRACE [-n JOBS] [--scale F] [-o FILE]; mrlab import jhist HISTORY... [-o FILE] */
static int cmd_import(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_import, stdout), 0;
  const char *format = NULL, *trace = NULL, *file = NULL, *run = NULL;
  long jobs = 0;
  double scale = 1;
  for (int i = 1; i < argc; i++) {
    int takes_value = strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "-n") == 0 || strcmp(argv[i], "--scale") == 0 ||
                      strcmp(argv[i], "--history") == 0;
    if (takes_value && i + 1 == argc)
      return usage_error(usage_import, "%s needs a value", argv[i]);
    char *end;
    if (strcmp(argv[i], "-o") == 0) {
      file = argv[++i];
    } else if (strcmp(argv[i], "--history") == 0) {
      run = argv[++i];
    } else if (strcmp(argv[i], "-n") == 0) {
      errno = 0;
      jobs = strtol(argv[++i], &end, 10);
      _Static_assert(WORKLOAD_MAX_JOBS == 100000, "-n's message names the bound");
      if (!*argv[i] || *end || errno || jobs < 1 || jobs > WORKLOAD_MAX_JOBS)
        return value_error("-n: expected a whole number of jobs from 1 to 100000 (mrlab's bound on a workload), got "
                           "%s",
                           argv[i]);
    } else if (strcmp(argv[i], "--scale") == 0) {
      errno = 0;
      scale = strtod(argv[++i], &end);
      if (!*argv[i] || *end || errno || !(scale > 0 && scale <= 1e6))
        return value_error("--scale: expected a factor above 0, at most 1e6, got %s", argv[i]);
    } else if (argv[i][0] == '-') {
      return usage_error(usage_import, "unknown option %s", argv[i]);
    } else if (!format) {
      format = argv[i];
    } else if (!trace || strcmp(format, "jhist") == 0) {
      trace = trace ? trace : argv[i];
    } else {
      return usage_error(usage_import, "unexpected argument %s", argv[i]);
    }
  }
  if (!format || !trace)
    return usage_error(usage_import, "%s", "expected swim, rumen or jhist, then the trace");
  if (strcmp(format, "jhist") == 0) {
    if (jobs || scale != 1)
      return usage_error(usage_import, "%s", "-n and --scale are for SWIM traces");
    const char **paths = xmalloc((size_t)argc * sizeof *paths);
    int n_paths = 0;
    for (int i = 1; i < argc; i++) /* the arguments after the format that are no option or option's value */
      if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--history") == 0)
        i++;
      else if (argv[i] != format)
        paths[n_paths++] = argv[i];
    int status = import_histories(paths, n_paths, file, run, NULL, 0);
    free(paths);
    return status;
  }
  int swim = strcmp(format, "swim") == 0;
  if (!swim && strcmp(format, "rumen") != 0)
    return usage_error(usage_import, "unknown trace format %s (expected swim, rumen or jhist)", format);
  if (!swim && (jobs || scale != 1))
    return usage_error(usage_import, "%s", "-n and --scale are for SWIM traces");
  if (run)
    return usage_error(usage_import, "%s", "--history is for job histories (jhist)");
  char err[1024];
  import_trace *t = swim ? swim_read(trace, (int)jobs, scale, err, sizeof err) : rumen_read(trace, err, sizeof err);
  int status = t ? 0 : 2;
  if (t)
    status = import_save(t, format, trace, file, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  import_trace_free(t);
  return status;
}

/* mrlab export jhist RUN [-o DIR] */
static int cmd_export(int argc, char **argv)
{
  if (wants_help(argc, argv))
    return fputs(usage_export, stdout), 0;
  const char *format = NULL, *dir = NULL, *out = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 == argc)
      return usage_error(usage_export, "%s needs a value", argv[i]);
    if (strcmp(argv[i], "-o") == 0)
      out = argv[++i];
    else if (argv[i][0] == '-')
      return usage_error(usage_export, "unknown option %s", argv[i]);
    else if (!format)
      format = argv[i];
    else if (!dir)
      dir = argv[i];
    else
      return usage_error(usage_export, "unexpected argument %s", argv[i]);
  }
  if (!format || !dir)
    return usage_error(usage_export, "%s", "expected jhist, then RUN (a run directory)");
  if (strcmp(format, "jhist") != 0)
    return usage_error(usage_export, "unknown format %s (expected jhist)", format);
  char err[4096];
  int status = jhist_export(dir, out, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

/* mrlab platform FILE [--xml] [--cfg=K:V ...] */
static int cmd_platform(int argc, char **argv)
{
  if (wants_help(argc, argv)) {
    fputs(usage_platform, stdout);
    return 0;
  }
  const char *file = NULL;
  const char **options = xmalloc((size_t)argc * sizeof *options);
  int xml = 0, n_options = 0, status = 0;
  for (int i = 1; i < argc && !status; i++)
    if (strcmp(argv[i], "--xml") == 0)
      xml = 1;
    else if (is_simgrid_option(argv[i]))
      options[n_options++] = argv[i];
    else if (argv[i][0] == '-')
      status = usage_error(usage_platform, "unknown option %s", argv[i]);
    else if (!file)
      file = argv[i];
    else
      status = usage_error(usage_platform, "unexpected argument %s", argv[i]);
  if (!status && !file)
    status = usage_error(usage_platform, "%s", "missing PLATFORM.cfg");
  if (!status) {
    char err[1024];
    platform *p = platform_read(file, err, sizeof err);
    status = p ? sim_platform(p, options, n_options, xml, stdout, err, sizeof err) : 2;
    if (status)
      cfg_print(stderr, "", err);
    platform_free(p);
  }
  free(options);
  return status;
}

int main(int argc, char **argv)
{
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
    fputs(usage_main, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0) {
    printf("mrlab %s\n", MRLAB_VERSION);
    return 0;
  }
  if (strcmp(argv[1], "run") == 0)
    return cmd_run(argc - 1, argv + 1);
  if (strcmp(argv[1], "platform") == 0)
    return cmd_platform(argc - 1, argv + 1);
  if (strcmp(argv[1], "predict") == 0)
    return cmd_predict(argc - 1, argv + 1);
  if (strcmp(argv[1], "provision") == 0)
    return cmd_provision(argc - 1, argv + 1);
  if (strcmp(argv[1], "validate") == 0)
    return cmd_validate(argc - 1, argv + 1);
  if (strcmp(argv[1], "compare") == 0)
    return cmd_compare(argc - 1, argv + 1);
  if (strcmp(argv[1], "ratios") == 0)
    return cmd_ratios(argc - 1, argv + 1);
  if (strcmp(argv[1], "plot") == 0)
    return cmd_plot(argc - 1, argv + 1);
  if (strcmp(argv[1], "explain") == 0)
    return cmd_explain(argc - 1, argv + 1);
  if (strcmp(argv[1], "report") == 0)
    return cmd_report(argc - 1, argv + 1);
  if (strcmp(argv[1], "import") == 0)
    return cmd_import(argc - 1, argv + 1);
  if (strcmp(argv[1], "export") == 0)
    return cmd_export(argc - 1, argv + 1);
  if (strcmp(argv[1], "calibrate") == 0)
    return cmd_calibrate(argc - 1, argv + 1);
  return usage_error(usage_main, "unknown command %s", argv[1]);
}
