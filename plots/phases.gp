# phases.gp - where each job's time went, as stacked bars: on the left the
# slot time its attempts spent in start-up and in each map and reduce phase
# (summed over its attempts, which run side by side), and that of killed
# and of failed attempts apart; on the right, when the run has
# explain.csv, the time of its critical path in each stage and wait,
# which sums to the job's time.
# Reads phases.dat and critical-phases.dat from `mrlab plot`: a header,
# then one row per job (its name, then one column per phase, stage or
# wait); crit_colours holds the colours of critical-phases.dat's columns
# ('' when there is none).
load plots.'/common.gp'
set style data histograms
set style histogram rowstacked
set style fill solid 1.0 border lc rgb '#ffffff'
set boxwidth 0.6
set xlabel 'job'
set yrange [0:*]
set xtics nomirror noenhanced
set key noenhanced font ',9'
panels = strlen(crit_colours) > 0 ? 2 : 1
if (panels == 2) { set multiplot layout 1, 2 title title_text noenhanced } else { set title title_text noenhanced }
if (panels == 2) { set title 'slot time, summed over the attempts' }
set ylabel 'slot time, summed over attempts (s)'
plot for [p=2:12] 'phases.dat' using p:xtic(1) title columnheader(p) \
       lc rgb (p == 12 ? '#ff0000' : colour[p - 1 > 10 ? 10 : p - 1])
if (panels == 2) {
  set title 'time on the critical path (sums to the job''s time)'
  set ylabel 'critical path (s)'
  plot for [p=2:words(crit_colours) + 1] 'critical-phases.dat' using p:xtic(1) title columnheader(p) \
         lc rgb word(crit_colours, p - 1)
  unset multiplot
}
