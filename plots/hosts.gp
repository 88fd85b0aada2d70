# hosts.gp - a run's CPU, disk and network utilisation of each host over
# time, as heat maps: one row a host (or a band of hosts), one column a
# slice of time, its colour the host's mean utilisation then.  Reads
# hosts.dat (three matrices in percent: CPU, disk, network) and hosts.inc
# (the columns' width dt, the time range, the rows' labels), both written by `mrlab plot`
# from host-utilisation.csv.
load plots.'/common.gp'
load 'hosts.inc'
set multiplot layout 3, 1 title title_text noenhanced
set palette defined (0 '#ffffff', 25 '#c6dbef', 50 '#6baed6', 75 '#2171b5', 100 '#08306b')
set cbrange [0:100]
set cbtics 0, 25, 100
set grid noytics
set lmargin 14
set rmargin 12
set key off
array what[3] = ['CPU (% of cores)', 'disk (% of time busy)', 'network (% of NIC sending)']
do for [r=1:3] {
  set title what[r]
  if (r == 3) { set xlabel 'simulated time (s)' } else { unset xlabel }
  plot 'hosts.dat' index (r-1) matrix using (t0 + ($1 + 0.5) * dt):2:3 with image pixels notitle
}
unset multiplot
