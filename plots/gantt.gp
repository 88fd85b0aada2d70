# gantt.gp - a run's task attempts over time, one row per host and slot,
# coloured by phase.  Reads gantt.dat (blocks: start-up, the map's read, map,
# spill, merge, the reduce's shuffle, sort, reduce, write; then the killed
# attempts' ends) and gantt.inc (the rows' labels and range), both written by
# `mrlab plot` from tasks.csv.  A row of gantt.dat: the segment's start and end
# in s, and its slot row.
load plots.'/common.gp'
load 'gantt.inc'
set title title_text noenhanced
set xlabel 'simulated time (s)'
set ylabel 'host (map slots below, reduce slots above)'
set grid noytics
set mytics 1
set style fill solid 1.0 noborder
array phase[9] = ['start-up', 'map: read', 'map: map', 'map: spill', 'map: merge', 'reduce: shuffle', 'reduce: sort', 'reduce: reduce', 'reduce: write']
plot for [p=1:9] 'gantt.dat' index (p-1) using (($1+$2)/2):3:(($2-$1)/2):(0.4) \
       with boxxyerror lc rgb colour[p] title phase[p], \
     'gantt.dat' index 9 using 1:2 with points pt 2 ps 1.6 lw 2 lc rgb '#000000' title 'killed attempt (its end)'
