# progress.gp - each progress indicator's estimate against the true progress
# over a job's reduce phase, from a run's progress.csv: a line per indicator
# and the diagonal, which a perfect indicator follows.  Reads progress.dat
# from `mrlab plot`: one block per indicator (true progress, estimate; a blank
# line between jobs), and the indicators' names in the variable indicators.
load plots.'/common.gp'
set title title_text noenhanced
set size ratio -1
set xrange [0:100]
set yrange [0:100]
set xlabel 'true progress of the reduce phase (%)'
set ylabel 'estimated progress (%)'
plot x with lines dt 2 lw 1.5 lc rgb '#000000' title 'truth', \
     for [i=1:words(indicators)] 'progress.dat' index (i-1) using 1:2 with linespoints pt 7 ps 0.4 lw 1.5 \
       lc rgb series(i) title word(indicators, i) noenhanced
