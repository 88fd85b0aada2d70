# accuracy.gp - a validation's accuracy table as grouped bars: for each
# experiment, each model's job-time accuracy (100 - MAPE, %), the mean over
# the seeds, with the 95% interval as an error bar.  Reads accuracy.dat
# from `mrlab plot` (accuracy.csv's job_time rows): a header, then one row
# per experiment, two columns per model (the accuracy and the half-width
# of its interval, 0 with one seed).  leaderboard.gp sets `data` to draw
# the leaderboard with the same bars.
load plots.'/common.gp'
data = exists('data') ? data : 'accuracy.dat'
set title title_text noenhanced
set style data histograms
set datafile missing '-'
set style histogram errorbars gap 1 lw 1.5
set style fill solid 1.0 border lc rgb '#222222'  # the bars' edges and error bars
set ylabel 'job-time accuracy, 100 - MAPE (%)'
set yrange [0:105]
set xtics nomirror rotate by -30 noenhanced
set key noenhanced
plot for [m=2:2 * columns:2] data using m:m + 1:xtic(1) title columnheader(m) \
  lc rgb colour[m / 2 + 1 > 10 ? 10 : m / 2 + 1]
