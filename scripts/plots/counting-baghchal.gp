# Bagh-Chal under the counting rule: the share of wins that the draw clock turns into
# draws (cursed wins) and of losses it saves (blessed losses), layer by layer, with each
# side to move, for each rule set and limit published. scripts/plots.sh writes
# dir/NAME.vars (movement: 1 for the movement phase's layers by goats captured, 0
# for the whole game's stages by goats in hand; have1..4 and title1..4: which series are
# there, in the order standard 20, goat-pass 20, standard 100, goat-pass 100) and
# dir/NAME.I.goat and .tiger (in hand, captured, cursed wins %, blessed losses %).
load dir . "/" . name . ".vars"
eval svg(960, 840)
set output out
if (movement) {
    set multiplot title "Bagh-Chal's movement phase under the counting rule (a draw after L half-moves without a capture)\ncursed wins: wins it turns into draws; blessed losses: losses it saves; in % of the layer's wins or losses\nwithout the rule, over symmetry classes, at clock 0" font ",14"
    xcol = 2
    set xrange [-0.3:4.3]
    set xtics 0, 1, 4
    xname = "goats captured"
} else {
    set multiplot title "Bagh-Chal under the counting rule (a draw after L half-moves without a capture or a placement)\ncursed wins: wins it turns into draws; blessed losses: losses it saves; in % of the wins or losses without\nthe rule, by goats in hand (the layers of each stage added up), over symmetry classes, at clock 0" font ",14"
    xcol = 1
    set xrange [20.5:-0.5]
    set xtics 2
    set mxtics 2
    xname = "goats in hand (20: the start; 0: the movement phase)"
}
colour(i) = (i == 1) ? goat : (i == 2) ? tiger2 : (i == 3) ? green : purple
dash(i) = (i % 2) ? 1 : 2
ptype(i) = (i == 1) ? 7 : (i == 2) ? 6 : (i == 3) ? 5 : 4
psize(i) = (i % 2) ? 1.0 : 1.8
have(i) = (i == 1) ? have1 : (i == 2) ? have2 : (i == 3) ? have3 : have4
title(i) = (i == 1) ? title1 : (i == 2) ? title2 : (i == 3) ? title3 : title4
style(i) = sprintf("with linespoints lw 2.5 dt %d pt %d ps %.1f lc rgb '%s'", dash(i), ptype(i), psize(i), colour(i))
# the plot command of a panel, built from the series there
panel(side, col, keys) = "plot " . \
    "NaN notitle" . \
    (have1 ? sprintf(", '%s/%s.1.%s' using %d:%d %s %s", dir, name, side, xcol, col, style(1), keys ? "title title1" : "notitle") : "") . \
    (have2 ? sprintf(", '%s/%s.2.%s' using %d:%d %s %s", dir, name, side, xcol, col, style(2), keys ? "title title2" : "notitle") : "") . \
    (have3 ? sprintf(", '%s/%s.3.%s' using %d:%d %s %s", dir, name, side, xcol, col, style(3), keys ? "title title3" : "notitle") : "") . \
    (have4 ? sprintf(", '%s/%s.4.%s' using %d:%d %s %s", dir, name, side, xcol, col, style(4), keys ? "title title4" : "notitle") : "")

set yrange [0:*]
set ytics format "%g%%"
set lmargin at screen 0.09
set key at screen 0.5, 0.85 center center vertical Left reverse samplen 3 spacing 1.15 font ",12"

# cursed wins
set ylabel "cursed wins (% of wins)"
set tmargin at screen 0.735
set bmargin at screen 0.465
set lmargin at screen 0.09
set rmargin at screen 0.49
set title "goats to move" font ",13"
unset xlabel
eval panel("goat", 3, 1)
unset key
set lmargin at screen 0.57
set rmargin at screen 0.97
set title "tigers to move" font ",13"
eval panel("tiger", 3, 0)

# blessed losses
set ylabel "blessed losses (% of losses)"
set tmargin at screen 0.38
set bmargin at screen 0.09
set xlabel xname
set lmargin at screen 0.09
set rmargin at screen 0.49
unset title
eval panel("goat", 4, 0)
set lmargin at screen 0.57
set rmargin at screen 0.97
eval panel("tiger", 4, 0)
unset multiplot
