# utilisation.gp - a run's CPU, disk and network utilisation over time, one
# line per node class, from utilisation.csv (each row the mean over the
# interval that ends at its time).  Reads utilisation.dat, one block per node
# class (time, cpu, disk, nic in percent), and the classes' names in the
# variable classes, both from `mrlab plot`.
load plots.'/common.gp'
set multiplot layout 3, 1 title title_text noenhanced
set yrange [0:105]
set ytics 0, 25, 100
set key outside right top title 'node class'
set lmargin 10
set rmargin 22
array what[3] = ['CPU (% of cores)', 'disk (% of time busy)', 'network (% of NIC sending)']
do for [r=1:3] {
  set ylabel what[r]
  if (r == 3) { set xlabel 'simulated time (s)' } else { unset xlabel }
  if (r > 1) { set key off }
  plot for [c=1:words(classes)] 'utilisation.dat' index (c-1) using 1:(column(r+1)) \
         with fsteps lw 2 lc rgb series(c) title word(classes, c) noenhanced
}
unset multiplot
