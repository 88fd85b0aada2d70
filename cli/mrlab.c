/* mrlab.c - the mrlab command: one program, one subcommand per stage.
 *
 * Each subcommand parses its own arguments and returns an exit status:
 * 0 on success, 2 on bad input or usage (after one message on stderr that
 * names the file, the line and what was expected), 1 on an internal error.
 * The work lives in the stage folders: a subcommand reads its input files,
 * calls its stage (sim/, models/, validate/) and prints.  Nothing here
 * knows SimGrid; its own options (--cfg, --log) pass through to sim/ as
 * SimGrid takes them, --cfg=NAME:VALUE.  The command line's conventions
 * (getopt_long, --help, --version, --verbose, --quiet, one-line usage
 * errors) are options.c's. */
#include "alloc.h"
#include "cfg.h"
#include "compare.h"
#include "hadoopconf.h"
#include "calibrate.h"
#include "history.h"
#include "htmlpage.h"
#include "import.h"
#include "platform.h"
#include "explain.h"
#include "jhist_export.h"
#include "options.h"
#include "plot.h"
#include "predict.h"
#include "ratios.h"
#include "seeds.h"
#include "startup.h"
#include "summary.h"
#include "sim.h"
#include "units.h"
#include "validate.h"
#include "verbosity.h"
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

#define STR_(x) #x
#define STR(x) STR_(x) /* a macro's value as a string literal */

static const char usage_main[] =
    "usage: mrlab COMMAND [OPTION]... [ARG]...\n"
    "       mrlab help COMMAND | --help | --version\n"
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
    "Every command takes -h or --help (its options), --version, --verbose (the\n"
    "engine's counters too) and --quiet (nothing but errors), the last two also\n"
    "before the command (mrlab --quiet run ...).  An option's value\n"
    "follows it as the next word or after '=' (--seed 3, --seed=3); '--' ends the\n"
    "options.  Exit status: 0 done, 1 an internal error, 2 bad input or usage.\n";

static const char usage_platform[] = "usage: mrlab platform PLATFORM.cfg [--xml] [--cfg=NAME:VALUE ...]\n"
                                     "\n"
                                     "Reads a platform file, loads the cluster it describes into SimGrid, and\n"
                                     "prints a summary: node classes, then per rack the nodes, cores, aggregate\n"
                                     "flops, disk and network bandwidth.  With --xml, prints the SimGrid platform\n"
                                     "the file becomes instead.  A bad file gets one message naming its line, and\n"
                                     "exit status 2.  SimGrid's own --cfg and --log options pass through\n"
                                     "(--cfg=NAME:VALUE or --cfg NAME:VALUE).\n";

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
    "  --cfg N:V       a SimGrid option, as SimGrid takes it (--cfg=N:V too);\n"
    "                  --log too\n"
    "  --log mrlab.thres:info  the run's decisions on stderr (docs/outputs.md:\n"
    "                  mrlab.NAME)\n"
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
    "end says what the run cost: its CPU, a simulated hour's, and its memory\n"
    "(not with TERM=dumb or --quiet).  Prints each job's phases and the\n"
    "makespan; --verbose adds the engine's counters (summary.json's activities).\n";

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

static const char usage_explain[] = "usage: mrlab explain RUN [--job NAME]\n"
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
    return options_value_error("MRLAB_PROGRESS_AFTER: expected a number of seconds >= 0, got %s", v);
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

/* Checks that the operands, argv[optind] on, number from MIN to MAX: 0, or
 * 2 after a usage message (WANTED when they are too few). */
static int operands(int argc, char **argv, int min, int max, const char *usage, const char *wanted)
{
  if (argc - optind > max)
    return options_usage_error(usage, "unexpected argument %s", argv[optind + max]);
  if (argc - optind < min)
    return options_usage_error(usage, "%s", wanted);
  return 0;
}

/* The values of the commands' own long options (options.h). */
enum {
  OPT_SEED = OPTIONS_OWN,
  OPT_SEEDS,
  OPT_SET,
  OPT_CONF,
  OPT_WORKERS,
  OPT_TRACE,
  OPT_CFG,
  OPT_LOG,
  OPT_XML,
  OPT_MODEL,
  OPT_JOB,
  OPT_WORKFLOW,
  OPT_DEADLINE,
  OPT_SLURM,
  OPT_PARTITION,
  OPT_ARRAY_SIZE,
  OPT_VARY,
  OPT_INPUT,
  OPT_FORMAT,
  OPT_HISTORY,
  OPT_SCALE,
  OPT_STARTUP
};

/* run --help's table after the options: every property, its default and its scope. */
static void print_properties(FILE *out)
{
  fputs("\nProperties, their defaults and their scopes (job: a job's set list in the\n"
        "workload file; cluster: the platform file's settings list):\n",
        out);
  conf defaults;
  conf_init(&defaults);
  for (int k = 0; k < CONF_N_KEYS; k++) {
    char v[CONF_TEXT_MAX];
    conf_format(&defaults, k, v, sizeof v);
    fprintf(out, "  %-48s %-10s %s\n", conf_name(k), v, conf_scope_name(k));
  }
}

/* run's options; --cfg and --log are SimGrid's, passed on as --cfg=NAME:VALUE */
static const struct option run_longs[] = {{"seed", required_argument, NULL, OPT_SEED},
                                          {"seeds", required_argument, NULL, OPT_SEEDS},
                                          {"set", required_argument, NULL, OPT_SET},
                                          {"conf", required_argument, NULL, OPT_CONF},
                                          {"workers", required_argument, NULL, OPT_WORKERS},
                                          {"trace", no_argument, NULL, OPT_TRACE},
                                          {"cfg", required_argument, NULL, OPT_CFG},
                                          {"log", required_argument, NULL, OPT_LOG},
                                          {NULL, 0, NULL, 0}};
static const options_command run_command = {usage_run, ":ho:j:", run_longs, print_properties};

/* mrlab run PLATFORM WORKLOAD [-o DIR] [--seed N] [--set K=V ...] [--workers L] [--cfg K:V ...] [--seeds N [-j J]] */
static int cmd_run(int argc, char **argv)
{
  const char *dir = "run", *workers = NULL, *jobs_arg = NULL;
  const char **sets = xmalloc((size_t)argc * sizeof *sets), **options = xmalloc((size_t)argc * sizeof *options);
  const char **confs = xmalloc((size_t)argc * sizeof *confs);
  const char **pass = xmalloc((size_t)(2 * argc + 1) * sizeof *pass); /* what --seeds passes on to each seed's run */
  int n_sets = 0, n_options = 0, n_confs = 0, n_pass = 0, trace = 0, status = 0, opt;
  unsigned long seed = 1;
  long seeds = 0, jobs = 0;
  const char *seed_arg = "1";
  char *end;
  while (!status && (opt = options_next(&run_command, argc, argv)) != -1)
    switch (opt) {
    case 'o': dir = optarg; break;
    case OPT_WORKERS:
      workers = optarg;
      pass[n_pass++] = "--workers", pass[n_pass++] = optarg;
      break;
    case OPT_SEED:
      seed = strtoul(seed_arg = optarg, &end, 10);
      if (!*optarg || *end || optarg[0] == '-')
        status = options_usage_error(usage_run, "--seed: expected a whole number >= 0, got %s", optarg);
      break;
    case OPT_SEEDS:
      if (whole_number(optarg, 1, SEEDS_MAX, &seeds))
        status = options_value_error("--seeds: expected a whole number of seeds from 1 to " STR(SEEDS_MAX) ", got %s",
                                     optarg);
      break;
    case 'j':
      jobs_arg = optarg;
      if (whole_number(jobs_arg, 1, VALIDATE_MAX_JOBS, &jobs))
        status =
            options_value_error("-j: expected a whole number from 1 to " STR(VALIDATE_MAX_JOBS) ", got %s", optarg);
      break;
    case OPT_SET:
      sets[n_sets++] = optarg;
      pass[n_pass++] = "--set", pass[n_pass++] = optarg;
      break;
    case OPT_CONF:
      confs[n_confs++] = optarg;
      pass[n_pass++] = "--conf", pass[n_pass++] = optarg;
      break;
    case OPT_TRACE:
      trace = 1;
      pass[n_pass++] = "--trace";
      break;
    default: /* OPT_CFG, OPT_LOG */
      options[n_options] = options_simgrid(opt == OPT_CFG ? "cfg" : "log", optarg);
      pass[n_pass++] = options[n_options++];
      break;
    }
  const char *const *files = (const char *const *)argv + optind;
  if (!status)
    status = operands(argc, argv, 2, 2, usage_run, "expected PLATFORM.cfg and WORKLOAD.cfg");
  if (!status && jobs_arg && !seeds)
    status = options_value_error("%s", "-j: expected it with --seeds N (the runs at once of N seeds)");
  if (!status && seeds && (seed < 1 || seed > (unsigned long)(INT_MAX - seeds + 1)))
    status = options_value_error(
        "--seed: with --seeds, expected a first seed of at least 1 whose last is at most 2147483647, got %s", seed_arg);
  if (verbosity_get() == VERBOSITY_VERBOSE) /* each seed's log then holds its counters */
    pass[n_pass++] = "--verbose";
  if (!status && seeds && n_pass > POOL_MAX_ARGS)
    status = options_value_error("--seeds: expected at most " STR(POOL_MAX_ARGS) " further arguments to pass on%s", "");
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
  for (int i = 0; i < n_options; i++)
    free((char *)options[i]);
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

/* mrlab predict --workflow PLATFORM TARGET HISTORY...: DIRS the N directories, TARGET first. */
static int cmd_predict_workflow(const char *platform_file, char **dirs, int n)
{
  char err[4096];
  platform *p = platform_read(platform_file, err, sizeof err);
  if (!p)
    return cfg_print(stderr, "", err), 2;
  int *cores = xcalloc((size_t)p->n_workers, sizeof *cores);
  double *memory = xcalloc((size_t)p->n_workers, sizeof *memory);
  platform_worker_capacity(p, cores, memory);
  workflow_prediction w;
  int status =
      workflow_predict(cores, memory, p->n_workers, dirs[0], (const char *const *)dirs + 1, n - 1, &w, err, sizeof err)
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

/* The operands of predict and provision: the TARGET and HISTORY run directories from argv[optind] on, their
 * number N (at least 2), or -1 after a usage message. */
static int run_dirs(int argc, const char *usage)
{
  int n = argc - optind;
  if (n < 2)
    return options_usage_error(usage, "%s", "expected a TARGET run directory and HISTORY run directories"), -1;
  return n;
}

static const struct option predict_longs[] = {{"model", required_argument, NULL, OPT_MODEL},
                                              {"job", required_argument, NULL, OPT_JOB},
                                              {"workflow", required_argument, NULL, OPT_WORKFLOW},
                                              {NULL, 0, NULL, 0}};
static const options_command predict_command = {usage_predict, ":h", predict_longs, NULL};

/* mrlab predict [--model NAME] [--job NAME] TARGET HISTORY...; mrlab predict --workflow PLATFORM TARGET HISTORY... */
static int cmd_predict(int argc, char **argv)
{
  const char *model = NULL, *job = NULL, *workflow = NULL;
  int opt;
  while ((opt = options_next(&predict_command, argc, argv)) != -1)
    *(opt == OPT_MODEL ? &model : opt == OPT_JOB ? &job : &workflow) = optarg;
  char **dirs = argv + optind, err[4096];
  if (workflow && (model || job))
    return options_usage_error(usage_predict, "%s: not with --workflow (a workflow's jobs are its HISTORY runs')",
                               model ? "--model" : "--job");
  if (workflow && argc - optind < 2)
    return options_usage_error(
        usage_predict, "%s", "--workflow: expected a PLATFORM.cfg, a TARGET run directory and HISTORY run directories");
  if (workflow)
    return cmd_predict_workflow(workflow, dirs, argc - optind);
  int n = run_dirs(argc, usage_predict), status = 2;
  predict_model only = PREDICT_KHAN;
  if (n > 0 && model && predict_model_find(model, &only)) {
    options_value_error("--model: expected khan, aria, boe or mrlab, got %s", model);
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
  return status;
}

static const struct option provision_longs[] = {
    {"deadline", required_argument, NULL, OPT_DEADLINE}, {"job", required_argument, NULL, OPT_JOB}, {NULL, 0, NULL, 0}};
static const options_command provision_command = {usage_provision, ":h", provision_longs, NULL};

/* mrlab provision --deadline TIME [--job NAME] TARGET HISTORY... */
static int cmd_provision(int argc, char **argv)
{
  const char *deadline = NULL, *job = NULL;
  int opt;
  while ((opt = options_next(&provision_command, argc, argv)) != -1)
    *(opt == OPT_DEADLINE ? &deadline : &job) = optarg;
  char **dirs = argv + optind, err[4096];
  int n = run_dirs(argc, usage_provision), status = 2;
  double t = 0, m, r;
  int mw, rw;
  if (n > 0 && (!deadline || units_parse(UNITS_TIME, deadline, &t) || !(t > 0) || !(t <= WORKLOAD_MAX_RUN))) {
    options_value_error(
        "--deadline: expected a positive time such as \"90s\", at most 30 days (mrlab's bound on a run), got %s",
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
  return status;
}

static const struct option validate_longs[] = {{"slurm", no_argument, NULL, OPT_SLURM},
                                               {"partition", required_argument, NULL, OPT_PARTITION},
                                               {"array-size", required_argument, NULL, OPT_ARRAY_SIZE},
                                               {NULL, 0, NULL, 0}};
static const options_command validate_command = {usage_validate, ":ho:j:", validate_longs, NULL};

/* mrlab validate EXPERIMENT.cfg [-o DIR] [-j N | --slurm [--partition P] [--array-size N]] */
static int cmd_validate(int argc, char **argv)
{
  const char *dir = "validation", *local = NULL, *slurm = NULL;
  long jobs = 0, n;
  pool_config pc = {.slurm = -1}; /* -1: as the experiment file says */
  int opt;
  while ((opt = options_next(&validate_command, argc, argv)) != -1)
    switch (opt) {
    case 'o': dir = optarg; break;
    case 'j':
      if (whole_number(optarg, 1, VALIDATE_MAX_JOBS, &jobs))
        return options_value_error("-j: expected a whole number from 1 to " STR(VALIDATE_MAX_JOBS) ", got %s", optarg);
      local = "-j";
      break;
    case OPT_SLURM: slurm = "--slurm"; break;
    case OPT_PARTITION:
      slurm = "--partition";
      if (!*(pc.partition = optarg))
        return options_value_error("--partition: expected the name of a Slurm partition, got %s", "\"\"");
      break;
    default: /* OPT_ARRAY_SIZE */
      slurm = "--array-size";
      if (whole_number(optarg, 1, 1000000, &n))
        return options_value_error("--array-size: expected a whole number from 1 to 1000000, got %s", optarg);
      pc.array_size = (int)n;
      break;
    }
  if (operands(argc, argv, 1, 1, usage_validate, "missing EXPERIMENT.cfg"))
    return 2;
  if (local && slurm)
    return options_usage_error(usage_validate, "%s runs on Slurm: -j is for runs on this machine", slurm);
  pc.slurm = slurm ? 1 : local ? 0 : -1;
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  pc.self = self;
  pc.jobs = jobs_online(jobs);
  int status = validate_run(argv[optind], dir, &pc, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

static const struct option compare_longs[] = {
    {"vary", required_argument, NULL, OPT_VARY}, {"seeds", required_argument, NULL, OPT_SEEDS}, {NULL, 0, NULL, 0}};
static const options_command compare_command = {usage_compare, ":ho:j:", compare_longs, NULL};

/* mrlab compare PLATFORM WORKLOAD --vary KEY=V,... [--vary ...] [--seeds N] [-j J] [-o DIR] */
static int cmd_compare(int argc, char **argv)
{
  const char **vary = xmalloc((size_t)argc * sizeof *vary);
  vary_request r = {.dir = "compare", .vary = vary, .seeds = COMPARE_SEEDS};
  long seeds = COMPARE_SEEDS, jobs = 0;
  int status = 0, opt;
  while (!status && (opt = options_next(&compare_command, argc, argv)) != -1)
    if (opt == OPT_VARY)
      vary[r.n_vary++] = optarg;
    else if (opt == 'o')
      r.dir = optarg;
    else if (opt == OPT_SEEDS && whole_number(optarg, 1, SEEDS_MAX, &seeds))
      status =
          options_value_error("--seeds: expected a whole number of seeds from 1 to " STR(SEEDS_MAX) ", got %s", optarg);
    else if (opt == 'j' && whole_number(optarg, 1, VALIDATE_MAX_JOBS, &jobs))
      status = options_value_error("-j: expected a whole number from 1 to " STR(VALIDATE_MAX_JOBS) ", got %s", optarg);
  if (!status)
    status = operands(argc, argv, 2, 2, usage_compare, "expected PLATFORM.cfg and WORKLOAD.cfg");
  if (!status && r.n_vary == 0)
    status = options_usage_error(usage_compare, "%s", "expected --vary KEY=VALUE,VALUE,... (what to compare)");
  char self[4096], err[4096];
  if (!status && own_program(self, sizeof self))
    status = 1;
  if (!status) {
    r.self = self, r.platform = argv[optind], r.workload = argv[optind + 1];
    r.seeds = (int)seeds, r.jobs = jobs_online(jobs);
    if ((status = vary_run(&r, stdout, err, sizeof err)))
      cfg_print(stderr, "", err);
  }
  free(vary);
  return status;
}

static const struct option ratios_longs[] = {
    {"job", required_argument, NULL, OPT_JOB}, {"input", required_argument, NULL, OPT_INPUT}, {NULL, 0, NULL, 0}};
static const options_command ratios_command = {usage_ratios, ":ho:", ratios_longs, NULL};

/* mrlab ratios PLATFORM WORKLOAD [-o FILE] [--job NAME] [--input SIZE] */
static int cmd_ratios(int argc, char **argv)
{
  const char *file = NULL, *job = NULL, *input = "1GB";
  int opt;
  while ((opt = options_next(&ratios_command, argc, argv)) != -1)
    *(opt == 'o' ? &file : opt == OPT_JOB ? &job : &input) = optarg;
  if (operands(argc, argv, 2, 2, usage_ratios, "expected PLATFORM.cfg and WORKLOAD.cfg"))
    return 2;
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  int status =
      ratios_measure(argv[optind], argv[optind + 1], job, input, file, jobs_online(0), self, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

static const struct option plot_longs[] = {{"format", required_argument, NULL, OPT_FORMAT}, {NULL, 0, NULL, 0}};
static const options_command plot_command = {usage_plot, ":ho:", plot_longs, NULL};

/* mrlab plot DIR [-o OUT] [--format png|svg] */
static int cmd_plot(int argc, char **argv)
{
  const char *out = NULL, *format = "png";
  int opt;
  while ((opt = options_next(&plot_command, argc, argv)) != -1)
    *(opt == 'o' ? &out : &format) = optarg;
  if (operands(argc, argv, 1, 1, usage_plot, "missing DIR"))
    return 2;
  if (strcmp(format, "png") != 0 && strcmp(format, "svg") != 0)
    return options_value_error("--format: expected png or svg, got %s", format);
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  int status = plot_dir(argv[optind], out, format, self, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

static const struct option explain_longs[] = {{"job", required_argument, NULL, OPT_JOB}, {NULL, 0, NULL, 0}};
static const options_command explain_command = {usage_explain, ":h", explain_longs, NULL};

/* mrlab explain RUN [--job NAME] */
static int cmd_explain(int argc, char **argv)
{
  const char *job = NULL;
  while (options_next(&explain_command, argc, argv) != -1)
    job = optarg;
  if (operands(argc, argv, 1, 1, usage_explain, "missing RUN (a run directory)"))
    return 2;
  char err[4096];
  int status = explain_run(argv[optind], job, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

static const struct option report_longs[] = {{NULL, 0, NULL, 0}};
static const options_command report_command = {usage_report, ":ho:", report_longs, NULL};

/* mrlab report DIR [-o PAGE.html] */
static int cmd_report(int argc, char **argv)
{
  const char *out = NULL;
  while (options_next(&report_command, argc, argv) != -1)
    out = optarg;
  if (operands(argc, argv, 1, 1, usage_report, "missing DIR (a run or a validation directory)"))
    return 2;
  char self[4096], err[4096];
  if (own_program(self, sizeof self))
    return 1;
  int status = htmlpage_write(argv[optind], out, self, stdout, err, sizeof err);
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
  if (t && verbosity_get() != VERBOSITY_QUIET) /* what was read; with --verbose, what was passed over too */
    fprintf(stderr, "mrlab: read %d job histor%s: %d imported, %d left out (failed, killed or still running)", n_jobs,
            n_jobs == 1 ? "y" : "ies", t->n_jobs, left_out);
  if (t && verbosity_get() == VERBOSITY_VERBOSE)
    fprintf(stderr, "; passed over %lld events of types mrlab does not read and %lld counters it does not read",
            (long long)skips.unknown_events, (long long)skips.unknown_counters);
  if (t && verbosity_get() != VERBOSITY_QUIET)
    fputc('\n', stderr);
  if (t) {
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
  if (!status && run && verbosity_get() != VERBOSITY_QUIET)
    fprintf(stderr, "mrlab: wrote %d recorded jobs as the run directory %s\n", written, run);
  if (status && err[0])
    cfg_print(stderr, "", err);
  import_trace_free(t);
  history_jobs_free(jobs, n_jobs);
  platform_free(p);
  return status;
}

static const struct option calibrate_longs[] = {{"startup", no_argument, NULL, OPT_STARTUP}, {NULL, 0, NULL, 0}};
static const options_command calibrate_command = {usage_calibrate, ":ho:", calibrate_longs, NULL};

/* mrlab calibrate PLATFORM HISTORY... [-o FILE] [--startup] */
static int cmd_calibrate(int argc, char **argv)
{
  const char *file = NULL;
  int startup = 0, opt;
  while ((opt = options_next(&calibrate_command, argc, argv)) != -1)
    if (opt == 'o')
      file = optarg;
    else
      startup = 1;
  if (operands(argc, argv, 2, argc, usage_calibrate, "expected a platform, then job histories"))
    return 2;
  return import_histories((const char *const *)argv + optind + 1, argc - optind - 1, file, NULL, argv[optind], startup);
}

static const struct option import_longs[] = {{"scale", required_argument, NULL, OPT_SCALE},
                                             {"history", required_argument, NULL, OPT_HISTORY},
                                             {NULL, 0, NULL, 0}};
static const options_command import_command = {usage_import, ":ho:n:", import_longs, NULL};

/* mrlab import swim|rumen TRACE [-n JOBS] [--scale F] [-o FILE]; mrlab import jhist HISTORY... [-o FILE] [--history
 * DIR] */
static int cmd_import(int argc, char **argv)
{
  const char *file = NULL, *run = NULL;
  long jobs = 0;
  double scale = 1;
  char *end;
  int opt;
  while ((opt = options_next(&import_command, argc, argv)) != -1)
    if (opt == 'o') {
      file = optarg;
    } else if (opt == OPT_HISTORY) {
      run = optarg;
    } else if (opt == 'n') {
      errno = 0;
      jobs = strtol(optarg, &end, 10);
      _Static_assert(WORKLOAD_MAX_JOBS == 100000, "-n's message names the bound");
      if (!*optarg || *end || errno || jobs < 1 || jobs > WORKLOAD_MAX_JOBS)
        return options_value_error(
            "-n: expected a whole number of jobs from 1 to 100000 (mrlab's bound on a workload), got %s", optarg);
    } else { /* OPT_SCALE */
      errno = 0;
      scale = strtod(optarg, &end);
      if (!*optarg || *end || errno || !(scale > 0 && scale <= 1e6))
        return options_value_error("--scale: expected a factor above 0, at most 1e6, got %s", optarg);
    }
  const char *format = argc - optind >= 1 ? argv[optind] : "";
  int jhist = strcmp(format, "jhist") == 0;
  if (operands(argc, argv, 2, jhist ? argc : 2, usage_import, "expected swim, rumen or jhist, then the trace"))
    return 2;
  if (jhist) {
    if (jobs || scale != 1)
      return options_usage_error(usage_import, "%s", "-n and --scale are for SWIM traces");
    return import_histories((const char *const *)argv + optind + 1, argc - optind - 1, file, run, NULL, 0);
  }
  const char *trace = argv[optind + 1];
  int swim = strcmp(format, "swim") == 0;
  if (!swim && strcmp(format, "rumen") != 0)
    return options_usage_error(usage_import, "unknown trace format %s (expected swim, rumen or jhist)", format);
  if (!swim && (jobs || scale != 1))
    return options_usage_error(usage_import, "%s", "-n and --scale are for SWIM traces");
  if (run)
    return options_usage_error(usage_import, "%s", "--history is for job histories (jhist)");
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

static const struct option export_longs[] = {{NULL, 0, NULL, 0}};
static const options_command export_command = {usage_export, ":ho:", export_longs, NULL};

/* mrlab export jhist RUN [-o DIR] */
static int cmd_export(int argc, char **argv)
{
  const char *out = NULL;
  while (options_next(&export_command, argc, argv) != -1)
    out = optarg;
  if (operands(argc, argv, 2, 2, usage_export, "expected jhist, then RUN (a run directory)"))
    return 2;
  if (strcmp(argv[optind], "jhist") != 0)
    return options_usage_error(usage_export, "unknown format %s (expected jhist)", argv[optind]);
  char err[4096];
  int status = jhist_export(argv[optind + 1], out, stdout, err, sizeof err);
  if (status)
    cfg_print(stderr, "", err);
  return status;
}

static const struct option platform_longs[] = {{"xml", no_argument, NULL, OPT_XML},
                                               {"cfg", required_argument, NULL, OPT_CFG}, /* SimGrid's, passed on */
                                               {"log", required_argument, NULL, OPT_LOG},
                                               {NULL, 0, NULL, 0}};
static const options_command platform_command = {usage_platform, ":h", platform_longs, NULL};

/* mrlab platform FILE [--xml] [--cfg K:V ...] */
static int cmd_platform(int argc, char **argv)
{
  const char **options = xmalloc((size_t)argc * sizeof *options);
  int xml = 0, n_options = 0, status = 0, opt;
  while ((opt = options_next(&platform_command, argc, argv)) != -1)
    if (opt == OPT_XML)
      xml = 1;
    else /* OPT_CFG, OPT_LOG */
      options[n_options++] = options_simgrid(opt == OPT_CFG ? "cfg" : "log", optarg);
  status = operands(argc, argv, 1, 1, usage_platform, "missing PLATFORM.cfg");
  if (!status) {
    char err[1024];
    platform *p = platform_read(argv[optind], err, sizeof err);
    status = p ? sim_platform(p, options, n_options, xml, stdout, err, sizeof err) : 2;
    if (status)
      cfg_print(stderr, "", err);
    platform_free(p);
  }
  for (int i = 0; i < n_options; i++)
    free((char *)options[i]);
  free(options);
  return status;
}

static const char usage_version[] = "usage: mrlab version\n"
                                    "\n"
                                    "Prints mrlab's version, as mrlab --version does.\n";
static const struct option version_longs[] = {{NULL, 0, NULL, 0}};
static const options_command version_command = {usage_version, ":h", version_longs, NULL};

/* mrlab version */
static int cmd_version(int argc, char **argv)
{
  while (options_next(&version_command, argc, argv) != -1)
    ;
  if (operands(argc, argv, 0, 0, usage_version, ""))
    return 2;
  puts(summary_version_line());
  return 0;
}

/* The commands, in the order of mrlab --help. */
static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const options_command *options;
} commands[] = {{"run", cmd_run, &run_command},
                {"platform", cmd_platform, &platform_command},
                {"predict", cmd_predict, &predict_command},
                {"provision", cmd_provision, &provision_command},
                {"compare", cmd_compare, &compare_command},
                {"validate", cmd_validate, &validate_command},
                {"ratios", cmd_ratios, &ratios_command},
                {"plot", cmd_plot, &plot_command},
                {"explain", cmd_explain, &explain_command},
                {"report", cmd_report, &report_command},
                {"import", cmd_import, &import_command},
                {"export", cmd_export, &export_command},
                {"calibrate", cmd_calibrate, &calibrate_command},
                {"version", cmd_version, &version_command}};
#define N_COMMANDS (int)(sizeof commands / sizeof *commands)

/* The command named NAME's index, or -1. */
static int command_find(const char *name)
{
  for (int k = 0; k < N_COMMANDS; k++)
    if (strcmp(commands[k].name, name) == 0)
      return k;
  return -1;
}

/* mrlab COMMAND ...; mrlab help [COMMAND]; mrlab --help; mrlab --version */
int main(int argc, char **argv)
{
  /* --verbose and --quiet may also come before the command, as in git */
  for (; argc > 1 && (strcmp(argv[1], "--verbose") == 0 || strcmp(argv[1], "--quiet") == 0); argc--, argv++)
    verbosity_set(strcmp(argv[1], "--verbose") == 0 ? VERBOSITY_VERBOSE : VERBOSITY_QUIET);
  const char *name = argc > 1 ? argv[1] : "";
  int k = command_find(name);
  if (k >= 0)
    return commands[k].run(argc - 1, argv + 1);
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || (strcmp(name, "help") == 0 && argc == 2))
    return fputs(usage_main, stdout), 0;
  if (strcmp(name, "--version") == 0)
    return puts(summary_version_line()), 0;
  if (strcmp(name, "help") == 0 && argc == 3 && (k = command_find(argv[2])) >= 0)
    return options_help(commands[k].options, stdout), 0;
  if (strcmp(name, "help") == 0)
    return options_usage_error(usage_main, argc > 3 ? "help: expected one command%s" : "help: unknown command %s",
                               argc > 3 ? "" : argv[2]);
  if (argc < 2)
    return options_usage_error(
        usage_main, "%s",
        "expected a command (run, platform, predict, provision, compare, validate, ratios, plot, "
        "explain, report, import, export, calibrate, version)");
  return options_usage_error(usage_main, name[0] == '-' ? "unknown option %s" : "unknown command %s", name);
}
