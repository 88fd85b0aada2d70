# anchors.gp - a validation's published figures against the simulated ones,
# one panel per kind of figure (gains in %, times in s, ratios), each with
# the diagonal where they agree; a simulated figure is the mean over the
# seeds, its bar the 95% interval.  Reads anchors.dat from `mrlab plot`
# (anchors.csv's rows that have both figures as numbers): one block per
# kind (published, simulated, interval low, interval high), and the kinds'
# labels in the variable kinds.
load plots.'/common.gp'
set multiplot layout 1, words(kinds) title title_text noenhanced
set key off
set size ratio -1
do for [k=1:words(kinds)] {
  set title word(kinds, k) noenhanced
  set xlabel 'published'
  set ylabel 'simulated'
  set autoscale xy
  stats 'anchors.dat' index (k-1) using 1:3 nooutput
  lo = (STATS_min_x < STATS_min_y ? STATS_min_x : STATS_min_y)
  stats 'anchors.dat' index (k-1) using 1:4 nooutput
  hi = (STATS_max_x > STATS_max_y ? STATS_max_x : STATS_max_y)
  pad = (hi - lo) * 0.08 + 0.01
  set xrange [lo - pad:hi + pad]
  set yrange [lo - pad:hi + pad]
  plot x with lines dt 2 lc rgb '#000000', \
       'anchors.dat' index (k-1) using 1:2:3:4 with yerrorbars pt 7 ps 1 lc rgb colour[k + 2]
}
unset multiplot
