# gantt.gp - a run's task attempts over time, one row per host and slot,
# coloured by phase, with each job's critical path and end.  Reads, all
# written by `mrlab plot`: gantt.dat (blocks: start-up, the map's read,
# map, spill, merge, the reduce's shuffle, sort, reduce, write; then the
# killed attempts' ends, then the failed attempts' ends; a row: the
# segment's start and end in s, and its slot row), gantt.inc (the rows'
# labels and range, a note of the hosts without a row, and `failed`:
# whether any attempt failed), critical.dat (per job two blocks: its
# critical path as a line through the rows of its attempts, and the boxes
# of its stages) and jobs.dat (per job a block of its end; then, when patterned, per job a
# block of its attempts, hatched to tell the jobs apart).  Variables: n_jobs,
# jobs (the legends of their paths and ends), hatches (of their attempts),
# patterned, keyed.
load plots.'/common.gp'
load 'gantt.inc'
set title title_text noenhanced
set xlabel 'simulated time (s)'
set ylabel 'host (map slots below, reduce slots above)'
set grid noytics
set mytics 1
set style fill solid 1.0 noborder
set bmargin 5
set key noenhanced font ',9' spacing 1.1
array phase[9] = ['start-up', 'map: read', 'map: map', 'map: spill', 'map: merge', 'reduce: shuffle', 'reduce: sort', 'reduce: reduce', 'reduce: write']
# each job's colour for its critical path and end: black first, then dark tints apart from the phases' colours
array jobcolour[8] = ['#000000', '#c51b7d', '#542788', '#1b7837', '#8c510a', '#2166ac', '#b2182b', '#4d4d4d']
jc(j) = jobcolour[(j - 1) % 8 + 1]
array hatch[7] = [0, 4, 5, 1, 6, 7, 2]
plot for [p=1:9] 'gantt.dat' index (p-1) using (($1+$2)/2):3:(($2-$1)/2):(0.4) \
       with boxxyerror lc rgb colour[p] title phase[p], \
     'gantt.dat' index 9 using 1:2 with points pt 2 ps 1.6 lw 2 lc rgb '#000000' title 'killed attempt (its end)', \
     'gantt.dat' index 10 using 1:2 with points pt 1 ps 1.6 lw 2 lc rgb '#ff0000' title (failed ? 'failed attempt (its end)' : ''), \
     for [j=1:n_jobs] 'jobs.dat' index (n_jobs + j - 1) using (($1+$2)/2):3:(($2-$1)/2):(0.4) \
       with boxxyerror fs transparent pattern hatch[(j - 1) % 7 + 1] noborder lc rgb '#000000' \
       title (patterned ? word(hatches, j) : ''), \
     for [j=1:n_jobs] 'critical.dat' index (2*j-1) using (($1+$2)/2):3:(($2-$1)/2):(0.45) \
       with boxxyerror fs empty lw 2 lc rgb jc(j) title (j == 1 ? 'critical path: its stages boxed' : ''), \
     for [j=1:n_jobs] 'critical.dat' index (2*j-2) using 1:2 with lines lw 2 lc rgb jc(j) \
       title (keyed || j == 1 ? word(jobs, j) : ''), \
     for [j=1:n_jobs] 'jobs.dat' index (j-1) using 1:(ylo):(0):(yhi-ylo) with vectors nohead dt 2 lw 2 lc rgb jc(j) notitle
