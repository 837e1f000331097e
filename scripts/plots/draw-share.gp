# Bagh-Chal: the share of draws by goats in hand, under both rule sets (scripts/plots.sh
# writes dir/draw-share.dat: in hand, standard %, goat-pass %, standard's draws less
# goat-pass's; and dir/draw-share.vars). Over symmetry classes, both sides to move.
load dir . "/draw-share.vars"
eval svg(900, 680)
set output out
set multiplot title "Bagh-Chal: draws by goats in hand, standard and goat-pass rules" font ",16"

set xrange [20.6:-0.6]
set xtics 1
set lmargin 12
set rmargin 4

# the shares
set tmargin at screen 0.91
set bmargin at screen 0.52
set yrange [0:105]
set ytics 0, 20, 100 format "%g%%"
set ylabel "draws (% of classes)"
set xlabel "goats in hand"
set key top right box opaque samplen 3 spacing 1.3
set label 1 "share of symmetry classes, both sides to move\n(over raw positions: within " . rawgap . " points)" \
    at graph 0.03, 0.12 left front textcolor rgb ink
plot dir . "/draw-share.dat" using 1:2 with linespoints lw 3 pt 7 ps 1.1 lc rgb goat title "standard", \
     ""                       using 1:3 with linespoints lw 2 dt 2 pt 6 ps 1.8 lc rgb tiger2 \
        title "goat-pass (at most " . gap . " points apart)"
unset label 1

# where they differ
set tmargin at screen 0.31
set bmargin at screen 0.10
set autoscale y
set ytics auto format "%g"
set ylabel "classes"
set xlabel "goats in hand (20: the start; 0: the movement phase)"
set title "draws under standard less draws under goat-pass (net change, in classes)" \
    font ",13"
set key off
set style fill solid 1.0 noborder
set boxwidth 0.7
set xzeroaxis lt -1 lc rgb ink
plot dir . "/draw-share.dat" using 1:4 with boxes lc rgb tiger2
unset multiplot
