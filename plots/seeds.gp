# seeds.gp - a run over seeds (`mrlab run --seeds`): each job's time and
# the makespan, every seed's as a grey dot and their mean as a blue point
# with its 95% interval.  Reads seeds.dat from `mrlab plot`: a first block
# of rows (row, mean, low, high, "label"), a second of every seed's figure
# (row, seconds); and the variables n (rows) and margin (the labels'
# share of the width).
load plots.'/common.gp'
set title title_text noenhanced
set key top right
set yrange [n + 0.6:0.4]
set ytics 1 scale 0 noenhanced
set grid xtics noytics
set tmargin 3
set lmargin at screen margin
set xlabel 'time (s)'
set offsets graph 0.08, graph 0.08, 0, 0
plot 'seeds.dat' index 1 using 2:1 with points pt 7 ps 0.8 lc rgb '#999999' title 'a seed', \
     'seeds.dat' index 0 using 2:1:3:4:ytic(5) with xerrorbars pt 7 ps 1.4 lw 2 lc rgb '#0072b2' title 'mean, 95% interval'
