#!/bin/sh
# Draws the plots of data/plots/ (SVG) from the published CSV files of data/ alone, no
# tables needed. For each plot, awk reshapes the CSVs into the columns its gnuplot script
# (scripts/plots/NAME.gp) reads, plus a small file of gnuplot variables (the figures its
# titles quote), and gnuplot writes OUTDIR/NAME.svg. Nothing in a plot depends on the
# date or on where it is drawn, so the same CSVs give the same bytes:
# tests/cli.d/plots.sh redraws every plot and compares it with data/plots/.
#
# The whole game's counting-rule plot (counting-baghchal.svg) is drawn only when some of
# data/baghchal-{standard,goat-pass}-dtc{100,20}.csv are there (scripts/publish-dtc-game.sh
# makes them), from those there.
#
# usage: sh scripts/plots.sh [OUTDIR]     (default data/plots; make plots PLOTS_DIR=...)
# $GUTI_PLOT_DATA reads the CSVs from another folder than data/ (the tests use it).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
data=${GUTI_PLOT_DATA:-$top/data}
gp=$top/scripts/plots
out=${1:-$top/data/plots}
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "guti: plots: gnuplot is missing; run: sh scripts/deps.sh gnuplot-nox" >&2
    exit 1
fi
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/guti-plots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

# need FILE...: every input must be there.
need() {
    for f in "$@"; do
        if [ ! -f "$data/$f" ]; then
            echo "guti: plots: ${GUTI_PLOT_DATA:-data}/$f is missing (docs/results.md and docs/sixteen.md name the command that makes it)" >&2
            exit 1
        fi
    done
}

# draw NAME [SCRIPT]: runs scripts/plots/SCRIPT.gp (default NAME.gp) on $tmp/NAME.* into
# $out/NAME.svg.
draw() {
    gnuplot -e "dir = '$tmp'; name = '$1'; out = '$out/$1.svg'" "$gp/common.gp" "$gp/${2:-$1}.gp"
    echo "wrote $out/$1.svg"
}

# awk's number formats: commas(1234567) is 1,234,567 (counts pass 32 bits: %.0f, never %d);
# pct(a, b) is 100 a / b as text, exact at the ends ("0%" and "100%" only when exactly so,
# else "<0.1%" and ">99.9%"), one decimal between.
AWKLIB='
function commas(x,   s, out, neg) {
    s = sprintf("%.0f", x); neg = ""
    if (s ~ /^-/) { neg = "-"; s = substr(s, 2) }
    out = ""
    while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
    return neg s out
}
function pct(a, b) {
    if (a == 0) return "0%"
    if (a == b) return "100%"
    if (100 * a / b < 0.1) return "<0.1%"
    if (100 * a / b > 99.9) return ">99.9%"
    return sprintf("%.1f%%", 100 * a / b)
}'

# --- Bagh-Chal: the draw share by goats in hand, both rule sets -------------------------
# Columns: goats in hand, draw share under standard and under goat-pass (% of the classes
# of that stage, both sides to move), standard's draws less goat-pass's (classes).
need baghchal-standard.csv baghchal-goat-pass.csv
awk -F, "$AWKLIB"'
    FNR == 1 { r++; next }
    $1 == "all" { next }
    { c[r, $1] += $4; d[r, $1] += $6; p[r, $1] += $8; dp[r, $1] += $10 }
    END {
        gap = 0; rawgap = 0
        for (h = 20; h >= 0; h--) {
            s1 = 100 * d[1, h] / c[1, h]; s2 = 100 * d[2, h] / c[2, h]
            printf "%d %.6f %.6f %.0f\n", h, s1, s2, d[1, h] - d[2, h] >"'"$tmp"'/draw-share.dat"
            if (s1 - s2 > gap) gap = s1 - s2
            if (s2 - s1 > gap) gap = s2 - s1
            for (k = 1; k <= 2; k++) {
                x = 100 * d[k, h] / c[k, h] - 100 * dp[k, h] / p[k, h]
                if (x < 0) x = -x
                if (x > rawgap) rawgap = x
            }
        }
        printf "gap = \"%.4f\"\nrawgap = \"%.2f\"\n", gap, rawgap >"'"$tmp"'/draw-share.vars"
    }' "$data/baghchal-standard.csv" "$data/baghchal-goat-pass.csv"
draw draw-share

# --- Bagh-Chal: win, draw, loss by goats in hand and side to move (standard) ------------
# Columns: goats in hand; with goats to move, goats' wins, draws, tigers' wins (% of the
# classes); the same with tigers to move (NaN where no position has that side to move).
need baghchal-standard.csv
awk -F, '
    NR == 1 || $1 == "all" { next }
    { c[$1, $3] += $4; w[$1, $3] += $5; d[$1, $3] += $6; l[$1, $3] += $7 }
    END {
        for (h = 20; h >= 0; h--) {
            printf "%d", h
            if (c[h, "goat"]) printf " %.4f %.4f %.4f", 100 * w[h, "goat"] / c[h, "goat"],
                100 * d[h, "goat"] / c[h, "goat"], 100 * l[h, "goat"] / c[h, "goat"]
            else printf " NaN NaN NaN"
            if (c[h, "tiger"]) printf " %.4f %.4f %.4f", 100 * l[h, "tiger"] / c[h, "tiger"],
                100 * d[h, "tiger"] / c[h, "tiger"], 100 * w[h, "tiger"] / c[h, "tiger"]
            else printf " NaN NaN NaN"
            printf "\n"
        }
    }' "$data/baghchal-standard.csv" >"$tmp/wdl-by-layer.dat"
draw wdl-by-layer

# --- Bagh-Chal: the longest wins and losses (DTM) ----------------------------------------
# dtm-longest.move: goats captured; the longest win and loss with goats to move, the
# same with tigers to move (half-moves; NaN for none), movement phase, standard.
# dtm-longest.game: goats in hand; the same, the longest over the layers of that stage.
need baghchal-movement-standard.csv baghchal-movement-goat-pass.csv baghchal-standard.csv
awk -F, '
    function v(x) { return (x == "" || x < 0) ? "NaN" : x }
    NR == 1 || $1 == "all" { next }
    { m[$2, $3, "w"] = $12; m[$2, $3, "l"] = $13 }
    END {
        for (c = 0; c <= 4; c++)
            print c, v(m[c, "goat", "w"]), v(m[c, "goat", "l"]), v(m[c, "tiger", "w"]), v(m[c, "tiger", "l"])
    }' "$data/baghchal-movement-standard.csv" >"$tmp/dtm-longest.move"
awk -F, '
    function v(x) { return (x == "" || x < 0) ? "NaN" : x }
    NR == 1 || $1 == "all" { next }
    { k = $1 SUBSEP $3
      if (!((k, "w") in m) || $12 > m[k, "w"]) m[k, "w"] = $12
      if (!((k, "l") in m) || $13 > m[k, "l"]) m[k, "l"] = $13 }
    END {
        for (h = 20; h >= 0; h--)
            print h, v(m[h, "goat", "w"]), v(m[h, "goat", "l"]), v(m[h, "tiger", "w"]), v(m[h, "tiger", "l"])
    }' "$data/baghchal-standard.csv" >"$tmp/dtm-longest.game"
# whether goat-pass has the same longest wins and losses in the movement phase
if cmp -s "$tmp/dtm-longest.move" - <<EOF
$(awk -F, 'function v(x) { return (x == "" || x < 0) ? "NaN" : x }
    NR == 1 || $1 == "all" { next } { m[$2, $3, "w"] = $12; m[$2, $3, "l"] = $13 }
    END { for (c = 0; c <= 4; c++) print c, v(m[c, "goat", "w"]), v(m[c, "goat", "l"]), v(m[c, "tiger", "w"]), v(m[c, "tiger", "l"]) }' \
    "$data/baghchal-movement-goat-pass.csv")
EOF
then
    echo 'samegp = "the same under goat-pass"' >"$tmp/dtm-longest.vars"
else
    echo 'samegp = "goat-pass differs: data/baghchal-movement-goat-pass.csv"' >"$tmp/dtm-longest.vars"
fi
draw dtm-longest

# --- Bagh-Chal: the DTM histogram of the movement phase (standard) -----------------------
# dtm-histogram.data: DTM, then the classes won or lost in exactly that many half-moves
# with goats to move and with tigers to move (odd DTM: the side to move wins; even: it
# loses), from guti stats --histogram; dtm-histogram.vars: the draws, for the title.
need baghchal-movement-standard-dtm.csv
awk -F, 'NR > 1 && $1 != "draw" { print $1, $3, $4 }' \
    "$data/baghchal-movement-standard-dtm.csv" >"$tmp/dtm-histogram.data"
awk -F, "$AWKLIB"'
    NR > 1 && $1 != "draw" { decided += $3 + $4 }
    $1 == "draw" { draws = $3 + $4 }
    END { printf "counts = \"%s decided classes, %s draws\"\n", commas(decided), commas(draws) }
    ' "$data/baghchal-movement-standard-dtm.csv" >"$tmp/dtm-histogram.vars"
draw dtm-histogram

# --- Sixteen Soldiers: who wins, m against n ---------------------------------------------
# sixteen-who-wins.RULES: m (pieces to move), n (the other's), the side to move's win
# share (% of classes), its text, and 1 where the cell is dark (white text).
need sixteen-optional.csv sixteen-forced.csv
for rules in optional forced; do
    awk -F, "$AWKLIB"'
        NR == 1 || $1 == "all" { next }
        { s = 100 * $4 / $3; print $1, $2, s, pct($4, $3), (s < 60) }' \
        "$data/sixteen-$rules.csv" >"$tmp/sixteen-who-wins.$rules"
done
awk -F, 'FNR == 1 { r++; next } $1 != "all" && $1 + $2 > max[r] { max[r] = $1 + $2 }
    END { printf "maxopt = %d\nmaxforced = %d\n", max[1], max[2] }' \
    "$data/sixteen-optional.csv" "$data/sixteen-forced.csv" >"$tmp/sixteen-who-wins.vars"
draw sixteen-who-wins

# --- The counting rule: cursed wins and blessed losses -----------------------------------
# bc_dtc FILE OUT: the rows of a Bagh-Chal --dtc CSV, with goats to move into OUT.goat and
# with tigers to move into OUT.tiger, one line per layer (BYCAP=1: the movement phase) or
# per stage, its layers summed (goats in hand): goats in hand, goats captured (-1 when
# summed), the cursed wins (% of the side to move's wins without the rule) and the
# blessed losses (% of its losses); NaN where there are no wins (losses).
bc_dtc() {
    : >"$2.goat"
    : >"$2.tiger"
    awk -F, -v bycap="${BYCAP:-0}" -v out="$2" '
        NR == 1 || $1 == "all" { next }
        { k = $1 SUBSEP (bycap ? $2 : -1) SUBSEP $3
          if (!(k in seen)) { seen[k] = 1; order[++n] = k }
          w[k] += $6; cw[k] += $7; bl[k] += $9; l[k] += $10 }
        END {
            for (i = 1; i <= n; i++) {
                k = order[i]; split(k, f, SUBSEP)
                printf "%s %s %s %s\n", f[1], f[2],
                    (w[k] + cw[k]) ? sprintf("%.6f", 100 * cw[k] / (w[k] + cw[k])) : "NaN",
                    (l[k] + bl[k]) ? sprintf("%.6f", 100 * bl[k] / (l[k] + bl[k])) : "NaN" >(out "." f[3])
            }
        }' "$1"
}
# bc_total FILE: the text of its totals, for a key: "N cursed wins, M blessed losses".
bc_total() {
    awk -F, "$AWKLIB"'$1 == "all" { printf "%s cursed wins, %s blessed losses", commas($7), commas($9) }' "$1"
}
# bc_counting NAME PREFIX: the series of counting-baghchal.gp from the files
# data/PREFIX-RULES-dtcLIMIT.csv that are there; NAME.vars names them (files, titles) in the order standard 20, goat-pass 20,
# standard 100, goat-pass 100.
bc_counting() {
    i=0
    echo "movement = ${BYCAP:-0}" >"$tmp/$1.vars"
    for s in standard:20 goat-pass:20 standard:100 goat-pass:100; do
        rules=${s%:*}
        limit=${s#*:}
        i=$((i + 1))
        f=$data/$2-$rules-dtc$limit.csv
        if [ -f "$f" ]; then
            bc_dtc "$f" "$tmp/$1.$i"
            echo "have$i = 1; title$i = '$rules, limit $limit: $(bc_total "$f")'" >>"$tmp/$1.vars"
        else
            echo "have$i = 0; title$i = ''" >>"$tmp/$1.vars"
        fi
    done
}
need baghchal-movement-standard-dtc20.csv baghchal-movement-goat-pass-dtc20.csv \
    baghchal-movement-standard-dtc100.csv baghchal-movement-goat-pass-dtc100.csv
BYCAP=1 bc_counting counting-baghchal-movement baghchal-movement
draw counting-baghchal-movement counting-baghchal

# The whole game, when its counting-rule statistics are published.
game=no
for f in "$data"/baghchal-standard-dtc100.csv "$data"/baghchal-standard-dtc20.csv \
    "$data"/baghchal-goat-pass-dtc100.csv "$data"/baghchal-goat-pass-dtc20.csv; do
    [ -f "$f" ] && game=yes
done
if [ "$game" = yes ]; then
    BYCAP=0 bc_counting counting-baghchal baghchal
    draw counting-baghchal
fi

# Sixteen Soldiers: counting-sixteen.RULES: m, n, the cursed wins at limit 20 (% of the
# side to move's wins without the rule, NaN for no wins), its text, dark (1: white text),
# the blessed losses the same; then the cursed wins and blessed losses at the game's
# limit, 80, as counts (text).
need sixteen-optional-dtc20.csv sixteen-forced-dtc20.csv sixteen-optional-dtc80.csv \
    sixteen-forced-dtc80.csv
for rules in optional forced; do
    awk -F, "$AWKLIB"'
        FNR == 1 { r++; next }
        $1 == "all" { next }
        r == 1 { cw80[$1, $2] = $6; bl80[$1, $2] = $8; next }
        { w = $5 + $6; l = $8 + $9
          cs = w ? 100 * $6 / w : "NaN"; bs = l ? 100 * $8 / l : "NaN"
          print $1, $2, cs, w ? pct($6, w) : "none", (w && cs < 60),
                bs, l ? pct($8, l) : "none", (l && bs < 60), commas(cw80[$1, $2]), commas(bl80[$1, $2]) }' \
        "$data/sixteen-$rules-dtc80.csv" "$data/sixteen-$rules-dtc20.csv" >"$tmp/counting-sixteen.$rules"
    awk -F, "$AWKLIB"'$1 == "all" {
        printf "tot80%s = \"%s: %s cursed wins, %s blessed losses\"\n", rules, rules, commas($6), commas($8) }' \
        rules="$rules" "$data/sixteen-$rules-dtc80.csv" >>"$tmp/counting-sixteen.vars"
done
draw counting-sixteen

# --- Adugo: who wins by dogs on the board, both rule sets; the longest wins -------------
# The whole game's data/adugo-{optional,forced}.csv, else the variant with the most dogs
# published (data/adugo-{optional,forced}-dN.csv, scripts/publish-adugo.sh); none: no plot.
# Rows of guti stats' CSV by material: the jaguar to move is 1 piece against the dogs,
# the dogs to move the dogs against 1 (the first of a layer's two rows when 1 dog).
# adugo-wdl.RULES: dogs; jaguar to move: the jaguar's wins, draws, the dogs' wins (% of
# classes); dogs to move: the same. adugo-longest.RULES: dogs; the longest win and loss
# with the jaguar to move, the same with the dogs to move (half-moves; NaN for none).
adugo=
if [ -f "$data/adugo-optional.csv" ] && [ -f "$data/adugo-forced.csv" ]; then
    adugo=" "
else
    for f in "$data"/adugo-optional-d*.csv; do
        v=${f##*/adugo-optional}
        v=${v%.csv}
        case $v in -d[0-9] | -d[0-9][0-9]) ;; *) continue ;; esac
        [ -f "$data/adugo-forced$v.csv" ] || continue
        if [ -z "$adugo" ] || [ "${v#-d}" -gt "${adugo#-d}" ]; then adugo=$v; fi
    done
fi
if [ -n "$adugo" ]; then
    adugo=${adugo# }
    for rules in optional forced; do
        awk -F, -v out="$tmp/adugo" -v rules="$rules" '
            function v(x) { return (x == "" || x < 0) ? "NaN" : x }
            # columns by the header'"'"'s names (a "side" column first when guti stats wrote
            # one; older files: the first of the two rows with 1 dog is the jaguar'"'"'s)
            NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            $col["pieces_to_move"] == "all" { next }
            { m = $col["pieces_to_move"]; o = $col["pieces_other"]
              jag = ("side" in col) ? $col["side"] == "jaguar" : (m == 1 && !((o, "j") in seen))
              dogs = jag ? o : m; side = jag ? "j" : "d"
              seen[dogs, side] = 1
              if (!(dogs in have)) { have[dogs] = 1; order[++n] = dogs }
              c[dogs, side] = $col["classes"]; w[dogs, side] = $col["win"]
              d[dogs, side] = $col["draw"]; l[dogs, side] = $col["loss"]
              lw[dogs, side] = v($col["max_dtm_win"]); ll[dogs, side] = v($col["max_dtm_loss"]) }
            END {
                for (i = 1; i <= n; i++) {
                    k = order[i]
                    printf "%d %.4f %.4f %.4f %.4f %.4f %.4f\n", k,
                        100 * w[k, "j"] / c[k, "j"], 100 * d[k, "j"] / c[k, "j"], 100 * l[k, "j"] / c[k, "j"],
                        100 * l[k, "d"] / c[k, "d"], 100 * d[k, "d"] / c[k, "d"], 100 * w[k, "d"] / c[k, "d"] >(out "-wdl." rules)
                    print k, lw[k, "j"], ll[k, "j"], lw[k, "d"], ll[k, "d"] >(out "-longest." rules)
                }
            }' "$data/adugo-$rules$adugo.csv"
    done
    awk -F, "$AWKLIB"'
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["pieces_to_move"] == "all" { next }
        { n += $col["classes"]; a = $col["pieces_to_move"]; b = $col["pieces_other"]; d = (a > b) ? a : b
          if (d > k) k = d
          if (m == "" || d < m) m = d }
        END {
            printf "variant = \"%s\"\nmaxdogs = %d\nmindogs = %d\nclasses = \"%s\"\n",
                v == "" ? "the whole game" : "the " k "-dog variant (rules optional" v ", forced" v ")", k, m, commas(n)
        }' v="$adugo" "$data/adugo-optional$adugo.csv" >"$tmp/adugo.vars"
    cp "$tmp/adugo.vars" "$tmp/adugo-wdl.vars"
    cp "$tmp/adugo.vars" "$tmp/adugo-longest.vars"
    draw adugo-wdl
    draw adugo-longest
fi
