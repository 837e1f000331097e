# Bagh-Chal, standard rules, the movement phase: how many classes are decided in exactly
# d half-moves (DTM d), with goats to move and with tigers to move, on a log scale (the
# counts span seven orders of magnitude). Odd d: the side to move wins; even d: it loses.
# scripts/plots.sh writes dir/dtm-histogram.data (d, goats to move, tigers to move) from
# guti stats --histogram, and dtm-histogram.vars (the totals, for the title).
load dir . "/dtm-histogram.vars"
eval svg(960, 560)
set output out
set title "Bagh-Chal's movement phase (standard rules): classes by distance to mate\n" . counts . " (symmetry classes, log scale)" font ",15"
set xlabel "DTM: half-moves to the end, the winner hurrying, the loser delaying (odd: the side to move wins; even: it loses)"
set ylabel "classes with that DTM"
set logscale y
set format y "%.0e"
set yrange [0.8:*]
set xrange [-1:140]
set xtics 0, 10, 140
set key inside right top vertical Left reverse samplen 2.5 spacing 1.1 box opaque font ",12"
set style fill solid 1.0 noborder
set boxwidth 0.45
plot dir . "/dtm-histogram.data" using ($1 - 0.22):($2 > 0 ? $2 : NaN) with boxes lc rgb goat title "goats to move", \
     ""                           using ($1 + 0.22):($3 > 0 ? $3 : NaN) with boxes lc rgb tiger title "tigers to move"
