# Bagh-Chal, standard rules: the longest forced wins and losses, in half-moves (DTM), by
# goats in hand over the whole game and by goats captured in the movement phase
# (scripts/plots.sh writes dir/dtm-longest.game and .move: the stage; the longest win and
# loss with goats to move; the same with tigers to move; NaN for none). The statistics
# publish the longest of each layer here; dtm-histogram.gp has every DTM of the movement phase.
load dir . "/dtm-longest.vars"
eval svg(960, 800)
set output out
set multiplot title "Bagh-Chal (standard rules): the longest forced wins and losses, layer by layer\nDTM: half-moves to the end, the winner hurrying, the loser delaying" font ",15"

set lmargin 12
set rmargin 4
set ylabel "longest DTM (half-moves)"
set yrange [0:180]
set ytics 0, 20, 180
set key inside right bottom vertical Left reverse samplen 2.5 spacing 1.1 box opaque font ",12"

# the whole game, by goats in hand
set tmargin at screen 0.86
set bmargin at screen 0.55
set title "the whole game: the longest in any layer with that many goats in hand" font ",13"
set xrange [20.6:-0.6]
set xtics 1
set xlabel "goats in hand (20: the start; 0: the movement phase)"
plot dir . "/dtm-longest.game" using 1:2 with linespoints lw 2.5 pt 7 ps 1.0 lc rgb goat \
        title "goats to move: longest win (the goats win)", \
     ""                          using 1:5 with linespoints lw 2.5 dt 2 pt 5 ps 0.9 lc rgb goat2 \
        title "tigers to move: longest loss (the goats win)", \
     ""                          using 1:4 with linespoints lw 2.5 pt 9 ps 1.2 lc rgb tiger \
        title "tigers to move: longest win (the tigers win)", \
     ""                          using 1:3 with linespoints lw 2.5 dt 2 pt 13 ps 1.2 lc rgb tiger2 \
        title "goats to move: longest loss (the tigers win)"

# the movement phase, by goats captured
unset key
set tmargin at screen 0.38
set bmargin at screen 0.09
set title "the movement phase (all goats placed), layer by layer (colours as above); " . samegp font ",13"
set xrange [-0.5:4.5]
set xtics 0, 1, 4
set xlabel "goats captured"
set style fill solid 1.0 noborder
set boxwidth 0.18
plot dir . "/dtm-longest.move" using ($1 - 0.3):2 with boxes lc rgb goat, \
     ""                          using ($1 - 0.1):5 with boxes lc rgb goat2, \
     ""                          using ($1 + 0.1):4 with boxes lc rgb tiger, \
     ""                          using ($1 + 0.3):3 with boxes lc rgb tiger2, \
     ""                          using ($1 - 0.3):2:2 with labels offset 0, 0.6 font ",10", \
     ""                          using ($1 - 0.1):5:5 with labels offset 0, 0.6 font ",10", \
     ""                          using ($1 + 0.1):4:4 with labels offset 0, 0.6 font ",10", \
     ""                          using ($1 + 0.3):3:3 with labels offset 0, 0.6 font ",10"
unset multiplot
