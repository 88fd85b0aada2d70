# common.gp - what every mrlab plot shares: the terminal and its size, the
# palette of phases and series.  `mrlab plot` runs each script with
#   plots = this folder, fmt = 'png' or 'svg', out = the image's file name,
# and, where a script needs them, width and height in pixels (defaults here).
if (!exists("width")) width = 1000
if (!exists("height")) height = 600
if (fmt eq 'svg') {
  set terminal svg size width, height dynamic font 'Sans,12' background '#ffffff'
} else {
  if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
    set terminal pngcairo size width, height font 'Sans,10' background '#ffffff'
  } else {
    set terminal png size width, height background '#ffffff'
  }
}
set output out
set datafile separator whitespace
set key outside right top box opaque
set grid back lc rgb '#dddddd'
set border lc rgb '#444444'
# a qualitative palette that stays apart for colour-blind readers (Okabe and Ito), then greys
array colour[10] = ['#999999', '#56b4e9', '#0072b2', '#009e73', '#cc79a7', '#e69f00', '#f0e442', '#d55e00', '#882255', '#000000']
# lines and points of several series (classes, indicators, models): the same colours in the order that keeps
# neighbours furthest apart; series(k) for k = 1, 2, ...
array line[6] = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9']
series(k) = line[(k - 1) % 6 + 1]
