# phases.gp - each job's task time by phase, as stacked bars: the slot
# seconds its attempts spent in start-up and in each map and reduce phase,
# and those of killed attempts apart.  Reads phases.dat from `mrlab plot`:
# a header, then one row per job (its name, then one column per phase).
load plots.'/common.gp'
set title title_text noenhanced
set style data histograms
set style histogram rowstacked
set style fill solid 1.0 border lc rgb '#ffffff'
set boxwidth 0.6
set ylabel 'slot time (s)'
set xlabel 'job'
set yrange [0:*]
set xtics nomirror noenhanced
set key noenhanced
plot for [p=2:11] 'phases.dat' using p:xtic(1) title columnheader(p) lc rgb colour[p - 1 > 10 ? 10 : p - 1]
