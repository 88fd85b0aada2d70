# variants.gp - one comparison's variants over seeds: on the left each
# variant's mean job time (or makespan) with its 95% interval, on the right
# its difference from the first variant (the baseline), paired seed by
# seed, with the interval of that difference, coloured by the verdict it
# allows, which is written beside each row (pays off, hurts, no
# difference).  Reads variants.dat from `mrlab plot` (a comparison's rows
# of variants.csv): row, mean, low, high, difference, low, high, verdict
# code (0 baseline, 1 pays off, 2 hurts, 3 no difference), "variant",
# "verdict"; and the variables what (job time or makespan), n (rows),
# left and right (the shares of the width that the variants' names and
# the verdicts take).
load plots.'/common.gp'
set multiplot title title_text noenhanced
set key off
set yrange [n + 0.6:0.4]
set ytics 1 scale 0 noenhanced
set grid xtics noytics
set tmargin 4
set bmargin 4
half = (1 - left - right - 0.04) / 2
verdict_rgb(v) = v == 1 ? 0x009e73 : v == 2 ? 0xd55e00 : 0x999999
# left: the means
set lmargin at screen left
set rmargin at screen left + half
set title sprintf('mean %s, 95%% interval', what) noenhanced
set xlabel sprintf('%s (s)', what) noenhanced
set offsets graph 0.08, graph 0.08, 0, 0
plot 'variants.dat' using 2:1:3:4:ytic(9) with xerrorbars pt 7 ps 0.9 lw 2 lc rgb '#0072b2'
# right: the paired differences from the baseline, and the verdicts beside them
set lmargin at screen left + half + 0.04
set rmargin at screen 1 - right
set format y ''
unset ytics
set y2range [n + 0.6:0.4]
set y2tics 1 scale 0 noenhanced
set title 'difference from the baseline (first row), paired by seed, 95% interval' noenhanced
set xlabel 'difference (s): below 0 is faster' noenhanced
set arrow 1 from 0, graph 0 to 0, graph 1 nohead dt 2 lc rgb '#000000'
plot 'variants.dat' using ($8 == 0 ? NaN : $5):1:6:7:(verdict_rgb($8)) with xerrorbars pt 7 ps 0.9 lw 2 lc rgb variable, \
     '' using 5:1:y2tic(10) axes x1y2 with points ps 0
unset multiplot
