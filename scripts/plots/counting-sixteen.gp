# Sixteen Soldiers endgames under the counting rule: by material (m pieces to move against
# n), the share of the side to move's wins that a 20 half-move clock turns into draws
# (cursed wins) and of its losses it saves (blessed losses), both capture rules; the few
# at the game's own limit, 80, as counts. scripts/plots.sh writes
# dir/counting-sixteen.RULES (m, n; cursed wins %, text, dark; blessed losses %, text,
# dark; cursed wins and blessed losses at 80) and dir/counting-sixteen.vars (the totals
# at 80 per rule set).
load dir . "/counting-sixteen.vars"
eval svg(1000, 960)
set output out
set multiplot title "Sixteen Soldiers endgames under a counting rule of 20 half-moves without a capture (symmetry classes, clock 0)\ncursed wins: wins it turns into draws, in % of the side to move's wins; blessed losses: losses it saves, in % of its losses\ngrey, none: the side to move has no wins (losses) there; \"80: N\": N classes change under the game's own limit, 80\nat 80 in all, " . tot80optional . "; " . tot80forced font ",13"

set size ratio -1
set xrange [0.5:6.5]
set yrange [0.5:6.5]
set xtics 1 scale 0
set ytics 1 scale 0
unset grid
set border 0
set cbrange [0:100]
set cbtics 0, 20, 100 format "%g%%"
set style fill solid 1.0 border rgb "white"
unset colorbox

# panel(rules, col): the plot command of one heat map: every cell grey, then coloured by
# column col (the share) where there is one (there are wins, or losses), labelled with the
# share's text and the count at 80 where it is not 0.
panel(r, c) = sprintf("plot '%s/counting-sixteen.%s' using 2:1:(0.5):(0.5) with boxxyerror fc rgb '#E0E0E0', '' using (column(%d) == column(%d) ? $2 : NaN):1:(0.5):(0.5):%d with boxxyerror fc palette, '' using 2:1:(strcol(%d) . (strcol(%d) eq '0' ? '' : sprintf(\"\\n80: %%s\", strcol(%d)))):(column(%d) > 0 ? 0xFFFFFF : 0x000000) with labels tc rgb variable font ',11'", \
    dir, r, c, c, c, c + 1, c == 3 ? 9 : 10, c == 3 ? 9 : 10, c + 2)

unset xlabel
set ylabel "m: pieces of the side to move"
set tmargin at screen 0.83
set bmargin at screen 0.50
set lmargin at screen 0.07
set rmargin at screen 0.43
set title "optional captures: cursed wins" font ",13"
eval panel("optional", 3)
set lmargin at screen 0.50
set rmargin at screen 0.86
set title "optional captures: blessed losses" font ",13"
eval panel("optional", 6)

set xlabel "n: pieces of the other side"
set tmargin at screen 0.42
set bmargin at screen 0.09
set lmargin at screen 0.07
set rmargin at screen 0.43
set title "forced captures: cursed wins" font ",13"
eval panel("forced", 3)
set lmargin at screen 0.50
set rmargin at screen 0.86
set colorbox user origin screen 0.90, 0.25 size screen 0.02, 0.40
set cblabel "share of the wins (losses) without the rule"
set title "forced captures: blessed losses" font ",13"
eval panel("forced", 6)
unset multiplot
