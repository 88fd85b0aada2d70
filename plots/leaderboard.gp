# leaderboard.gp - the accuracy leaderboard as grouped bars: for each
# configuration, each model's job-time accuracy (100 - MAPE, %, the mean
# over the seeds, its 95% interval an error bar), and last each model's
# mean over the configurations; mrlab's own model is labelled unpublished.
# Reads leaderboard.dat from `mrlab plot` (leaderboard.csv's rows with a
# figure; a cell that says why a model cannot predict is a gap).  The bars
# are accuracy.gp's.
data = 'leaderboard.dat'
load plots.'/accuracy.gp'
