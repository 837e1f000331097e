# Adugo: the longest forced wins and losses (DTM, half-moves), by dogs on the board, for
# each side to move, under both capture rule sets (scripts/plots.sh writes
# dir/adugo-longest.RULES: dogs; the longest win and loss with the jaguar to move; the
# same with the dogs to move; NaN for none; and dir/NAME.vars, as adugo-wdl.gp's).
load dir . "/" . name . ".vars"
eval svg(960, 640)
set output out
set multiplot title "Adugo, " . variant . ": the longest forced wins and losses, layer by layer\nDTM: half-moves to the end, the winner hurrying, the loser delaying" font ",15"

set xrange [maxdogs + 0.6:mindogs - 0.6]
set xtics 1
set yrange [0:*]
set xlabel "dogs on the board"
set style fill solid 1.0 noborder
set boxwidth 0.18
set tmargin at screen 0.66
set bmargin at screen 0.12

# panel(rules, keys): four bars a layer, labelled with their DTM
keys = "keyentry with boxes lc rgb tiger title 'jaguar to move: its longest win', keyentry with boxes lc rgb tiger2 title 'dogs to move: their longest loss', keyentry with boxes lc rgb goat title 'dogs to move: their longest win', keyentry with boxes lc rgb goat2 title 'jaguar to move: its longest loss', "
panel(r, k) = sprintf("plot %s'%s/adugo-longest.%s' using ($1 + 0.3):2 with boxes lc rgb tiger, '' using ($1 + 0.1):5 with boxes lc rgb tiger2, '' using ($1 - 0.1):4 with boxes lc rgb goat, '' using ($1 - 0.3):3 with boxes lc rgb goat2, '' using ($1 + 0.3):2:2 with labels offset 0, 0.6 font ',10', '' using ($1 + 0.1):5:5 with labels offset 0, 0.6 font ',10', '' using ($1 - 0.1):4:4 with labels offset 0, 0.6 font ',10', '' using ($1 - 0.3):3:3 with labels offset 0, 0.6 font ',10'", k ? keys : "", dir, r)

set key at screen 0.5, 0.80 center center vertical samplen 1.5 font ",12"
set lmargin at screen 0.08
set rmargin at screen 0.48
set ylabel "longest DTM (half-moves)"
set title "optional captures" font ",13"
eval panel("optional", 1)
unset key
set lmargin at screen 0.57
set rmargin at screen 0.97
unset ylabel
set title "forced captures" font ",13"
eval panel("forced", 0)
unset multiplot
