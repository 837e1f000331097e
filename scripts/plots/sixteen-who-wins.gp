# Sixteen Soldiers: the side to move's share of won positions, m pieces against n, under
# both capture rules (scripts/plots.sh writes dir/sixteen-who-wins.RULES: m, n, share %,
# its text, dark; and dir/sixteen-who-wins.vars: the most pieces solved per rule set).
load dir . "/sixteen-who-wins.vars"
eval svg(1000, 560)
set output out
set multiplot title "Sixteen Soldiers endgames: how often the side to move wins, m pieces against n\nshare of symmetry classes won by the side to move (draws and losses make up the rest)" font ",15"

set size ratio -1
# one scale for both panels: the larger side of the most pieces solved (either rules)
side = (maxopt > maxforced ? maxopt : maxforced) - 1
set xrange [0.5:side + 0.5]
set yrange [0.5:side + 0.5]
set xtics 1 scale 0
set ytics 1 scale 0
set grid noytics
unset grid
set border 0
set cbrange [0:100]
set cbtics 0, 20, 100 format "%g%%"
set style fill solid 1.0 border rgb "white"
set xlabel "n: pieces of the other side"
set ylabel "m: pieces of the side to move"
unset colorbox


set tmargin at screen 0.84
set bmargin at screen 0.12
set lmargin at screen 0.07
set rmargin at screen 0.43
set title sprintf("optional captures (up to %d pieces)", maxopt) font ",13"
plot dir . "/sixteen-who-wins.optional" using 2:1:(0.5):(0.5):3 with boxxyerror fc palette, \
     ""               using 2:1:4:($5 > 0 ? 0xFFFFFF : 0x000000) with labels tc rgb variable font ",11"

set lmargin at screen 0.51
set rmargin at screen 0.87
set colorbox user origin screen 0.895, 0.2 size screen 0.02, 0.56
set cblabel "won by the side to move (% of classes)"
set title sprintf("forced captures (up to %d pieces)", maxforced) font ",13"
plot dir . "/sixteen-who-wins.forced" using 2:1:(0.5):(0.5):3 with boxxyerror fc palette, \
     ""             using 2:1:4:($5 > 0 ? 0xFFFFFF : 0x000000) with labels tc rgb variable font ",11"
unset multiplot
