# Adugo: who wins, by dogs on the board and side to move, under both capture rule sets
# (scripts/plots.sh writes dir/adugo-wdl.RULES: dogs; jaguar to move: the jaguar's wins,
# draws, the dogs' wins in % of classes; dogs to move: the same; and dir/NAME.vars: the
# variant drawn, the most and fewest dogs, the classes of a rule set).
load dir . "/" . name . ".vars"
eval svg(960, 820)
set output out
set multiplot title "Adugo, " . variant . ": who wins, by dogs on the board and side to move\nshare of symmetry classes (" . classes . " a rule set); the jaguar wins by its captures, the dogs by blocking it" font ",15"

set xrange [maxdogs + 0.6:mindogs - 0.6]
set xtics 1
set yrange [0:100]
set ytics 0, 25, 100 format "%g%%"
set style fill solid 1.0 border rgb "white"
set boxwidth 0.8
set grid noytics

set key at screen 0.5, 0.85 center center vertical samplen 1.5 font ",13"
set tmargin at screen 0.76
set bmargin at screen 0.49
set lmargin at screen 0.09
set rmargin at screen 0.48
set title "optional captures: the jaguar to move" font ",13"
set ylabel "share of classes"
set format x ""
unset xlabel
plot keyentry with boxes lc rgb tiger title "the jaguar wins", \
     keyentry with boxes lc rgb drawc title "draw", \
     keyentry with boxes lc rgb goat title "the dogs win", \
     dir . "/adugo-wdl.optional" using 1:($2 + $3 + $4) with boxes lc rgb goat, \
     ""                          using 1:($2 + $3)      with boxes lc rgb drawc, \
     ""                          using 1:2              with boxes lc rgb tiger
unset key
set lmargin at screen 0.57
set rmargin at screen 0.96
unset ylabel
set title "forced captures: the jaguar to move" font ",13"
plot dir . "/adugo-wdl.forced" using 1:($2 + $3 + $4) with boxes lc rgb goat, \
     ""                        using 1:($2 + $3)      with boxes lc rgb drawc, \
     ""                        using 1:2              with boxes lc rgb tiger

set tmargin at screen 0.41
set bmargin at screen 0.10
set format x "%g"
set xlabel "dogs on the board"
set lmargin at screen 0.09
set rmargin at screen 0.48
set ylabel "share of classes"
set title "optional captures: the dogs to move" font ",13"
plot dir . "/adugo-wdl.optional" using 1:($5 + $6 + $7) with boxes lc rgb goat, \
     ""                          using 1:($5 + $6)      with boxes lc rgb drawc, \
     ""                          using 1:5              with boxes lc rgb tiger
set lmargin at screen 0.57
set rmargin at screen 0.96
unset ylabel
set title "forced captures: the dogs to move" font ",13"
plot dir . "/adugo-wdl.forced" using 1:($5 + $6 + $7) with boxes lc rgb goat, \
     ""                        using 1:($5 + $6)      with boxes lc rgb drawc, \
     ""                        using 1:5              with boxes lc rgb tiger
unset multiplot
