# indicators.gp - a validation's progress indicators: each indicator's mean
# error over the reduce phase per workload, as grouped bars, the mean over
# the seeds with its 95% interval as an error bar, the paper's figure as a
# paler bar right of mrlab's where the paper gives one.  Reads
# indicators.dat from `mrlab plot` (the validation's progress.csv): a
# header, then one row per workload and variant, for each indicator its
# mean error and the paper's (NaN where none), each followed by the
# half-width of its interval (0 for the paper's, and with one seed), the
# indicators' names in indicators.
load plots.'/common.gp'
set title title_text noenhanced
set style data histograms
set datafile missing '-'
set style histogram errorbars gap 1 lw 1.5
set ylabel 'mean |estimated - true progress| (points)'
set yrange [0:*]
set xtics nomirror rotate by -30 noenhanced
set key noenhanced autotitle columnheader
plot for [c=2:4 * words(indicators):2] 'indicators.dat' using c:c + 1:xtic(1) \
       fs solid (c % 4 == 2 ? 1.0 : 0.35) noborder lc rgb colour[(c - 2) / 4 + 2] \
       title word(indicators, (c - 2) / 4 + 1).(c % 4 == 2 ? '' : ' (paper)')
