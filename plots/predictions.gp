# predictions.gp - a validation's predicted against simulated job time, one
# colour per model, on log-log axes with the diagonal (a perfect prediction).
# Reads predictions.dat from `mrlab plot` (predictions.csv's job_time rows):
# one block per model (simulated s, predicted s), the models' names in the
# variable models.
load plots.'/common.gp'
set title title_text noenhanced
set logscale xy
# ticks at every doubling from 1/8 s, so that a range shorter than a decade is labelled too
set xtics 0.125, 2 format '%g'
set ytics 0.125, 2 format '%g'
set size ratio -1
set xrange [lo:hi]
set yrange [lo:hi]
set xlabel 'simulated job time (s)'
set ylabel 'predicted job time (s)'
plot x with lines dt 2 lw 1.5 lc rgb '#000000' title 'predicted = simulated', \
     for [m=1:words(models)] 'predictions.dat' index (m-1) using 1:2 with points pt (m % 5) + 5 ps 1.2 \
       lc rgb series(m) title word(models, m) noenhanced
