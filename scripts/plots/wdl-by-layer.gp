# Bagh-Chal, standard rules: who wins, by goats in hand and side to move (scripts/plots.sh
# writes dir/wdl-by-layer.dat: in hand; goats to move: goats' wins, draws, tigers' wins
# in % of classes; tigers to move: the same). Every layer of a stage (goats captured)
# counted together.
eval svg(900, 700)
set output out
set multiplot title "Bagh-Chal (standard rules): who wins, by goats in hand and side to move\nshare of symmetry classes; the layers of each stage (0 to 4 goats captured) added up" font ",15"

set xrange [20.6:-0.6]
set xtics 1
set yrange [0:100]
set ytics 0, 25, 100 format "%g%%"
set lmargin 12
set rmargin 4
set style fill solid 1.0 border rgb "white"
set boxwidth 0.8
set grid noytics

# goats to move
set tmargin at screen 0.80
set bmargin at screen 0.51
set title "goats to move" font ",13"
set ylabel "share of classes"
unset xlabel
set format x ""
set key at screen 0.5, 0.88 center center horizontal samplen 1.5 width 2 font ",13"
plot keyentry with boxes lc rgb goat title "goats win", \
     keyentry with boxes lc rgb drawc title "draw", \
     keyentry with boxes lc rgb tiger title "tigers win", \
     dir . "/wdl-by-layer.dat" using 1:($2 + $3 + $4) with boxes lc rgb tiger, \
     ""                         using 1:($2 + $3)      with boxes lc rgb drawc, \
     ""                         using 1:2              with boxes lc rgb goat

# tigers to move
set tmargin at screen 0.43
set bmargin at screen 0.14
set title "tigers to move (none with 20 in hand: the goats place first)" font ",13"
set format x "%g"
set xlabel "goats in hand (20: the start; 0: the movement phase)"
unset key
plot dir . "/wdl-by-layer.dat" using 1:($5 + $6 + $7) with boxes lc rgb tiger, \
     ""                         using 1:($5 + $6)      with boxes lc rgb drawc, \
     ""                         using 1:5              with boxes lc rgb goat
unset multiplot
