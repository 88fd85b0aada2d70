# accuracy.gp - a validation's accuracy table as grouped bars: for each
# experiment, each model's job-time accuracy (100 - MAPE, %).  Reads
# accuracy.dat from `mrlab plot` (accuracy.csv's job_time rows): a header,
# then one row per experiment, one column per model.  leaderboard.gp sets
# `data` to draw the leaderboard with the same bars.
load plots.'/common.gp'
data = exists('data') ? data : 'accuracy.dat'
set title title_text noenhanced
set style data histograms
set datafile missing '-'
set style histogram clustered gap 1
set style fill solid 1.0 border lc rgb '#ffffff'
set ylabel 'job-time accuracy, 100 - MAPE (%)'
set yrange [0:105]
set xtics nomirror rotate by -30 noenhanced
set key noenhanced
plot for [m=2:columns + 1] data using m:xtic(1) title columnheader(m) lc rgb colour[m > 10 ? 10 : m]
