# replays.gp - a replay validation's simulated times against the recorded
# ones: each job's whole time, map phase and reduce phase (a colour each),
# on log-log axes with the diagonal (a perfect replay); a simulated time is
# the mean over the seeds, its bar the 95% interval.  Reads replays.dat
# from `mrlab plot` (replays.csv): one block per phase (recorded s,
# simulated s, interval low, interval high), the phases' names in the
# variable phases; round trips (roundtrips.csv) draw the same way, their
# recorded time a mean over the seeds too.
load plots.'/common.gp'
set title title_text noenhanced
set logscale xy
# ticks at every doubling from 1/8 s, so that a range shorter than a decade is labelled too
set xtics 0.125, 2 format '%g'
set ytics 0.125, 2 format '%g'
set size ratio -1
set xrange [lo:hi]
set yrange [lo:hi]
set xlabel xlabel_text
set ylabel ylabel_text
plot x with lines dt 2 lw 1.5 lc rgb '#000000' title diagonal_text, \
     for [m=1:words(phases)] 'replays.dat' index (m-1) using 1:2:3:4 with yerrorbars pt (m % 5) + 5 ps 1.2 \
       lc rgb series(m) title word(phases, m) noenhanced
