# The README and docs/ (issue 38: the README the front door, at most 250 lines, the rest in
# docs/, one file a subject). Their figures about published results are checked against
# data/, wherever they now stand: each figure is computed from the CSV files where they
# have it (shares from counts, maxima from the rows), else read from the Markdown and start
# files (the comparison of the rule sets, the examples of the longest wins, the start's
# moves) and checked against the CSV where it can be; README.md or a file of docs/ must
# then state exactly that, in its own words. Then the README's length, the relative links
# of README.md and docs/, and the README's five-minute tour, run as printed
# (tests/readme_check.py). Sourced by tests/cli.sh.
#
# Not checked here:
# - measurements (wall and CPU time, positions per second, memory, the size of the tables
#   on disk, bits per position), which vary from run to run and are no property of the
#   data;
# - the perft counts and the 3x3 board's 8 extra raw states under goat-pass, which nothing
#   in data/ holds (tests/cli.sh and the unit tests check the small depths and the 3x3
#   search);
# - the rules themselves (board sizes, piece counts, draw rules).

# Everything runs in a subshell, so that none of the names here reaches the checks sourced
# after it ($S is cli.sh's Sixteen Soldiers tables, for one); the counts come back through
# a file, which says one failure more should the subshell die before writing them.
echo "$passed $((failed + 1))" >"$T/readme-counts"
# shellcheck disable=SC2016 # the single-quoted $... are awk's
(
    DATA=$(dirname "$0")/../data
    # The README and docs/ as one line, their wrapping undone, so that a phrase may span lines.
    cat "$(dirname "$0")/../README.md" "$(dirname "$0")"/../docs/*.md | tr '\n' ' ' | tr -s ' ' >"$T/readme"

    # rd_nope WHAT WHY: a failed check.
    rd_nope() {
        CMD="(README) $1"
        : >"$T/out"
        : >"$T/err"
        fail "$2"
    }

    # rd_says PHRASE: README.md or docs/ states PHRASE, which the caller built from the data.
    rd_says() {
        if grep -F -q -e "$1" "$T/readme"; then
            passed=$((passed + 1))
        else
            rd_nope "$1" "neither README.md nor docs/ says this, which the data do"
        fi
    }

    # rd_same WHAT GOT WANT: a figure of the data is what it must be.
    rd_same() {
        if [ "$2" = "$3" ]; then
            passed=$((passed + 1))
        else
            rd_nope "$1" "'$2', expected '$3'"
        fi
    }

    # The number formats of the README, for awk: commas(33481) is 33,481; pct(a, b, d) is
    # 100 a / b with d decimals and a '%'. Counts are beyond 32 bits: %.0f, never %d.
    AWKLIB='
    function commas(x,   s, out) {
        s = sprintf("%.0f", x)
        out = ""
        while (length(s) > 3) {
            out = "," substr(s, length(s) - 2) out
            s = substr(s, 1, length(s) - 3)
        }
        return s out
    }
    function pct(a, b, d) { return sprintf("%." d "f%%", 100 * a / b) }
    '

    # rd_q FILE PROGRAM: runs the awk PROGRAM over the rows of a data CSV but its "all" row, with
    # each row's fields in v[NAME], by the header's names. Numbers print whole (OFMT).
    rd_q() {
        awk -F, -v OFMT=%.0f "$AWKLIB"'
            NR == 1 { for (i = 1; i <= NF; i++) name[i] = $i; next }
            $1 == "all" { next }
            { for (i = 1; i <= NF; i++) v[name[i]] = $i }
            '"$2" "$1"
    }

    # rd_commas N
    rd_commas() {
        awk "$AWKLIB"' BEGIN { print commas(ARGV[1]) }' "$1"
    }

    # rd_shares FILE: "wins W%, draws D%, loses L%" over the classes of a CSV, one decimal.
    rd_shares() {
        rd_q "$1" '{ w += v["win"]; d += v["draw"]; l += v["loss"]; n += v["classes"] }
            END { print "wins " pct(w, n, 1) ", draws " pct(d, n, 1) ", loses " pct(l, n, 1) }'
    }

    # rd_mdtable FILE SECTION: the rows of the table under the heading "## SECTION" of a Markdown
    # file, as fields separated by '|', spaces trimmed (field 1 is empty, field 2 the first).
    rd_mdtable() {
        awk -v sec="## $2" '
            $0 == sec { on = 1; next }
            on && /^## / { exit }
            on && /^\| *([0-9]|\*\*)/ { gsub(/ *\| */, "|"); print }
        ' "$1"
    }

    # rd_longest MD CSV PHASE SIDE: sets plies and fen to the Markdown's longest win of a phase
    # ("Placement phase" or "Movement phase") and side ("tigers" or "goats"), and checks the
    # plies are the CSV's longest win of that phase and side and the longest win of the
    # example's own layer (its goats in hand, and its goats captured: 20 less those in hand and
    # those on the board). Sets placed and captured to the example's goats placed and captured.
    rd_longest() {
        line=$(grep -F -e "- $3: the $4' longest forced win, " "$1")
        plies=${line#*win, }
        plies=${plies%% plies*}
        fen=${line#*\`}
        fen=${fen%\`*}
        placed=$((20 - ${fen##* }))
        captured=$((placed - $(printf '%s' "${fen%% *}" | tr -cd G | wc -c)))
        side=goat
        [ "$4" = tigers ] && side=tiger
        phase='v["inhand"] > 0'
        [ "$3" = 'Movement phase' ] && phase='v["inhand"] == 0'
        best=$(rd_q "$2" "$phase"' && v["side"] == "'$side'" && v["max_dtm_win"] > m { m = v["max_dtm_win"] }
            END { print m }')
        at=$(rd_q "$2" 'v["inhand"] == '"$((20 - placed))"' && v["captured"] == '"$captured"' &&
            v["side"] == "'$side'" { print v["max_dtm_win"] }')
        rd_same "$1: $3, $4' longest win, in the CSV and in its example's layer" "$plies $plies" "$best $at"
    }

    # rd_word N: zero to ten in words, "none" for zero.
    rd_word() {
        echo none one two three four five six seven eight nine ten | cut -d' ' -f"$(($1 + 1))"
    }

    S=$DATA/baghchal-standard.csv
    GP=$DATA/baghchal-goat-pass.csv
    SR=$DATA/baghchal-standard-reachable.csv
    GPR=$DATA/baghchal-goat-pass-reachable.csv
    MS=$DATA/baghchal-movement-standard.csv
    MG=$DATA/baghchal-movement-goat-pass.csv
    OPT=$DATA/sixteen-optional.csv
    FOR=$DATA/sixteen-forced.csv

    # --- Bagh-Chal, the whole game ------------------------------------------------------------
    all=$(rd_q "$S" '{ s += v["classes"] } END { print commas(s) }')
    rd_same 'goat-pass classes' "$(rd_q "$GP" '{ s += v["classes"] } END { print commas(s) }')" "$all"
    rd_says "the exact value of every one of its $all positions up to symmetry"
    # DTM under standard: every layer with a win has its longest; under goat-pass, the
    # placement tables are WDL only.
    rd_same 'standard has DTM in every layer with a win' \
        "$(rd_q "$S" 'v["win"] > 0 && v["max_dtm_win"] < 1 { n++ } END { print n + 0 }')" 0
    rd_same 'goat-pass placement is WDL only' \
        "$(rd_q "$GP" 'v["inhand"] > 0 && v["max_dtm_win"] != "" { n++ } END { print n + 0 }')" 0
    rd_says "every one of its $all positions has its value under \`standard\` and under \`goat-pass\`, and its DTM under \`standard\`"
    rd_says "The goat-pass placement tables are WDL only"
    rd_says "Over all $all classes (standard rules): the side to move $(rd_shares "$S")"

    # The start and its first placements draw, under both rules.
    for f in "$DATA/baghchal-standard-start.txt" "$DATA/baghchal-goat-pass-start.txt"; do
        rd_same "$f: the start and its first placements" "$(awk '
            NR == 1 { ok = $0 == "T3T/5/5/5/T3T g 20" }
            NR == 2 { ok = ok && $0 == "goats to move: draw" }
            NR > 2 { n++; d += $2 == "draw" }
            END { print ok ? "draw, " d " of " n " draw" : "?" }' "$f")" 'draw, 21 of 21 draw'
    done
    rd_says "**The start \`$(head -n 1 "$DATA/baghchal-standard-start.txt")\` is a draw**"
    rd_says "**The start is a draw** under both, and so is each of the 21 first placements"
    rd_says "every one of the 21 first placements keeps the draw"
    rd_says "The start and its 21 first placements are draws under both"

    # The placement phase: its layers and classes.
    rd_same 'placement layers' "$(rd_q "$S" 'v["inhand"] > 0 { have[v["side"], 20 - v["inhand"], v["captured"]]; n++ }
        END {
            for (p = 0; p <= 19; p++)
                for (c = 0; c <= 4 && c <= p; c++) {
                    want += 1 + (p >= 1)
                    ok += (("goat", p, c) in have) + (p >= 1 && ("tiger", p, c) in have)
                }
            print n, ok, want
        }')" "179 179 179"
    rd_says "every position with goats in hand, $(rd_q "$S" 'v["inhand"] > 0 { s += v["classes"] } END { print commas(s) }') classes (goats to move with 0 to 19 placed, tigers to move with 1 to 19, 0 to 4 captured and never more than placed"
    # One byte a position: no placement DTM beyond the movement phase's longest plus two plies
    # a goat in hand.
    mlong=$(rd_q "$MS" 'v["max_dtm_win"] > m { m = v["max_dtm_win"] } v["max_dtm_loss"] > m { m = v["max_dtm_loss"] } END { print m }')
    rd_same 'placement DTM within the bound' "$(rd_q "$S" 'v["inhand"] > 0 {
            b = '"$mlong"' + 2 * v["inhand"]
            if (v["max_dtm_win"] > b || v["max_dtm_loss"] > b || v["max_dtm_win"] > 254) n++
        }
        END { print n + 0 }')" 0
    rd_says "for the $(rd_q "$S" 'v["inhand"] > 0 { s += v["classes"] } END { print commas(s) }') positions, " # the DTM pass's time
    rd_says "the longest placement DTM is at most the movement phase's longest, $mlong, plus two plies per goat in hand"

    # The longest forced wins of the placement phase, longer than the movement phase's.
    rd_longest "$DATA/baghchal-standard.md" "$S" 'Movement phase' tigers
    mt=$plies
    rd_longest "$DATA/baghchal-standard.md" "$S" 'Movement phase' goats
    mg=$plies
    rd_longest "$DATA/baghchal-standard.md" "$S" 'Placement phase' tigers
    rd_says "the tigers' is $plies plies, tigers to move in \`$fen\` ($(rd_word "$placed") goats placed, $(rd_word "$captured") captured)"
    pt=$plies
    rd_longest "$DATA/baghchal-standard.md" "$S" 'Placement phase' goats
    rd_says "the goats' is $plies plies, goats to move in \`$fen\` ($(rd_word "$placed") placed, $(rd_word "$captured") captured)"
    rd_same 'the placement wins are longer' "$([ "$pt" -gt "$mt" ] && [ "$plies" -gt "$mt" ] && echo yes)" yes
    rd_says "Both are longer than the movement phase's longest (tigers $mt, goats $mg)"

    # Draws by goats in hand, both sides to move, over classes.
    rd_says "$(rd_q "$S" '{ n[v["inhand"]] += v["classes"]; d[v["inhand"]] += v["draw"] }
        END {
            s = "100% with 18 to 20 in hand, then"
            for (h = 18; h <= 20; h++) if (pct(d[h], n[h], 1) != "100.0%") s = "?"
            for (h = 17; h >= 1; h--) s = s " " pct(d[h], n[h], 1) " (" h ")" (h > 1 ? "," : "")
            print s ", and " pct(d[0], n[0], 1) " in the movement phase"
        }')"

    # --- standard against goat-pass: only the Markdown (and JSON) compare the rule sets ------
    # Fields of the comparison's rows: 2 in hand, 3 captured, 4 to move, 5 changed, 6 changed
    # positions, 7 win->draw, 8 win->loss, 9 draw->win, 10 draw->loss, 11 loss->win,
    # 12 loss->draw, 13 example; values for the side to move, standard -> goat-pass.
    rd_mdtable "$DATA/baghchal-standard.md" 'standard against goat-pass' | grep -v '^|\*\*all' >"$T/cmp"
    rd_mdtable "$DATA/baghchal-standard.md" 'standard against goat-pass' | grep '^|\*\*all' >"$T/cmp-all"
    # rd_cmp PROGRAM: awk over the comparison's rows, with the README's number formats.
    rd_cmp() {
        awk -F'|' "$AWKLIB$1" "$T/cmp"
    }
    changed=$(rd_cmp '{ s += $5 } END { print s }')
    rd_same 'the comparison: its total row' \
        "$(rd_cmp '{ for (k = 5; k <= 12; k++) t[k] += $k } END { for (k = 5; k <= 12; k++) printf "%.0f|", t[k]; print "" }')" \
        "$(awk -F'|' '{ for (k = 5; k <= 12; k++) printf "%s|", $k; print "" }' "$T/cmp-all")"
    rd_says "The two rule sets give different values to $(rd_commas "$changed") classes, every change in the goats' favour under \`goat-pass\`"
    rd_says "changes the value of **$(rd_commas "$changed") of the $all classes** ($(rd_cmp '{ s += $6 } END { print commas(s) }') positions): $(rd_cmp '$2 == 0 { s += $5 } END { print commas(s) }') in the movement phase and $(rd_cmp '$2 > 0 { s += $5 } END { print commas(s) }') in the placement phase, the first with"
    # The first layer to change (the most goats in hand): its example is a goats' draw under
    # standard that goat-pass wins, for that is all that changes there.
    rd_same 'the first layer to change' "$(rd_cmp '$5 > 0 && $2 + 0 > h { h = $2 + 0; row = $4 " " ($9 == $5) } END { print row }')" 'goats 1'
    rd_says "the first with $(rd_cmp '$5 > 0 && $2 + 0 > h { h = $2 + 0; ex = $13 } END { print h " goats in hand (" ex }'), a goats' win under goat-pass and a draw under standard)"
    # Every change in the goats' favour: goats to move only gain under goat-pass, tigers to move
    # only lose; and none with more than 2 goats captured.
    rd_same 'every change in the goats favour' "$(rd_cmp '$4 == "goats" { n += $7 + $8 + $10 } $4 == "tigers" { n += $9 + $11 + $12 } END { print n + 0 }')" 0
    rd_says 'Every change is in the goats'"'"' favour.'
    rd_same 'no change with more than 2 captured' "$(rd_cmp '$5 > 0 && $3 > m { m = $3 } END { print m }')" 2
    rd_says 'None has more than 2 goats captured.'
    rd_says "$(rd_cmp '$4 == "goats" { dw += $9; lw += $11; ld += $12 } $4 == "tigers" { dl += $10; wl += $8; wd += $7 }
        END {
            printf "With goats to move, %s goat-pass wins are standard draws, %s are standard losses, and %s goat-pass draws are standard losses; ", commas(dw), commas(lw), commas(ld)
            printf "with tigers to move, %s goat-pass losses are standard draws, %s are standard wins, and %s goat-pass draws are standard wins.", commas(dl), commas(wl), commas(wd)
        }')"
    # The goat-pass Markdown compares the other way round: the same totals, every move reversed.
    rd_same 'the goat-pass comparison' "$(rd_mdtable "$DATA/baghchal-goat-pass.md" 'goat-pass against standard' | awk -F'|' '$2 == "**all**" { print $5, $6, $7, $8, $9, $10, $11, $12 }')" \
        "$(awk -F'|' '{ print $5, $6, $9, $11, $7, $12, $8, $10 }' "$T/cmp-all")"
    # The shares under goat-pass agree with standard's to two decimals.
    rd_shares2() {
        rd_q "$1" '{ w += v["win"]; d += v["draw"]; l += v["loss"]; n += v["classes"] }
            END { print "wins " pct(w, n, 2) ", draws " pct(d, n, 2) ", losses " pct(l, n, 2) }'
    }
    rd_same 'the shares of both rule sets, to two decimals' "$(rd_shares2 "$GP")" "$(rd_shares2 "$S")"
    rd_says "the shares agree to two decimals (goat-pass: $(rd_shares2 "$GP"))"

    # The goat-pass solve's output has every layer's values: the CSV's, layer by layer.
    SOLVE=$DATA/baghchal-goat-pass-solve.txt
    rd_same 'the goat-pass solve: its placement layers, as in the CSV' "$(awk '$1 ~ /^h[0-9]+$/ && $2 ~ /^c[0-4]$/ && ($3 == "goats" || $3 == "tigers") {
            printf "%s,%s,%s,%s,%s,%s,%s\n", substr($1, 2), substr($2, 2), $3 == "goats" ? "goat" : "tiger", $4, $5, $6, $7 }' "$SOLVE" | sort)" \
        "$(rd_q "$GP" 'v["inhand"] > 0 { print v["inhand"] "," v["captured"] "," v["side"] "," v["classes"] "," v["win"] "," v["draw"] "," v["loss"] }' | sort)"
    rd_same 'the goat-pass solve: its movement layers, as in the CSV' "$(awk '$1 ~ /^h0-c[0-4]$/ && NF == 10 { print substr($1, 5), $2, $3, $4, $5 }' "$SOLVE" | sort)" \
        "$(rd_q "$GP" 'v["inhand"] == 0 { n[v["captured"]] += v["classes"]; w[v["captured"]] += v["win"]; d[v["captured"]] += v["draw"]; l[v["captured"]] += v["loss"] }
            END { for (c = 0; c <= 4; c++) print c, n[c], w[c], d[c], l[c] }' | sort)"
    placement=$(rd_q "$GP" 'v["inhand"] > 0 { s += v["classes"] } END { print s }')
    rd_same 'the goat-pass solve: the placement total' "$(sed -n 's/^placement: \([0-9]*\) positions.*/\1/p' "$SOLVE")" "$placement"
    rd_same 'the goat-pass solve: the start' "$(grep '^start ' "$SOLVE")" 'start T3T/5/5/5/T3T g 20: draw for the goats to move'
    rd_says "the placement phase's $(rd_commas "$placement") positions"

    # --- reachable from the start ---------------------------------------------------------------
    reached=$(rd_q "$SR" '{ s += v["classes"] } END { print s }')
    total=$(rd_q "$S" '{ s += v["classes"] } END { print s }')
    share=$(awk -v r="$reached" -v a="$total" 'BEGIN { printf "%.2f%%", 100 * r / a }')
    rd_says "$share of the positions can be reached from the start"
    rd_says "$(rd_commas "$reached") of the $(rd_commas "$total") classes, $share; $(awk -v r="$(rd_q "$SR" 'v["inhand"] == 0 { s += v["classes"] } END { print s }')" \
        -v a="$(rd_q "$S" 'v["inhand"] == 0 { s += v["classes"] } END { print s }')" 'BEGIN { printf "%.2f%%", 100 * r / a }') of the movement phase"
    # rd_layer INHAND CAPTURED SIDE FILE: the classes of a layer.
    rd_layer() {
        rd_q "$4" 'v["inhand"] == '"$1"' && v["captured"] == '"$2"' && v["side"] == "'"$3"'" { print commas(v["classes"]) }'
    }
    rd_says "Few are reached early ($(rd_layer 19 0 tiger "$SR") of $(rd_layer 19 0 tiger "$S") tiger positions after the first placement; $(rd_layer 16 0 goat "$SR") of $(rd_layer 16 0 goat "$S") goat positions with 16 in hand and none captured)"
    # "from about 12 in hand on nearly all are": 95% of the classes or more at every stage
    # from 12 in hand down, and less before.
    rd_same 'nearly all reached from 12 in hand on' "$(paste -d, "$SR" "$S" | awk -F, 'NR > 1 && $1 != "all" { r[$1] += $4; a[$1] += $17 }
        END { for (h = 0; h <= 20; h++) s = s (r[h] >= 0.95 * a[h] ? "y" : "n"); print s }')" yyyyyyyyyyyyynnnnnnnn
    rd_says "but from about 12 in hand on nearly all are"
    rd_says "Over the reachable classes the side to move $(rd_shares "$SR"), much as over all"
    rd_longest "$DATA/baghchal-standard-reachable.md" "$SR" 'Placement phase' tigers
    tigers="$plies plies for the tigers (\`$fen\`)"
    rd_longest "$DATA/baghchal-standard-reachable.md" "$SR" 'Placement phase' goats
    rd_says "the longest reachable forced wins in the placement phase are $tigers and $plies for the goats (\`$fen\`)"
    rd_same 'goat-pass reaches as many classes in every layer' "$(cut -d, -f1-4 "$GPR")" "$(cut -d, -f1-4 "$SR")"
    rd_says "Under \`goat-pass\` exactly as many classes are reached in every layer"
    rd_mdtable "$DATA/baghchal-standard-reachable.md" 'standard against goat-pass' >"$T/cmpr"
    rd_says "$(awk -F'|' "$AWKLIB"'$2 != "**all**" { s += $5 } END { print commas(s) }' "$T/cmpr") of the $(rd_commas "$changed") classes whose value differs between the rule sets are reachable"
    rd_same 'the reachable comparison: its total row' "$(awk -F'|' '$2 != "**all**" { s += $5 } END { print s }' "$T/cmpr")" \
        "$(awk -F'|' '$2 == "**all**" { print $5 }' "$T/cmpr")"

    # --- the movement phase ---------------------------------------------------------------------
    # Its files agree with the whole game's rows with no goat in hand, under both rules.
    rd_same 'the movement phase in the whole game' "$(grep '^0,' "$S")" "$(grep '^0,' "$MS")"
    rd_same 'the movement phase in the whole game, goat-pass' "$(grep '^0,' "$GP" | cut -d, -f1-11)" \
        "$(grep '^0,' "$MG" | cut -d, -f1-11)"
    rd_same 'both sides to move have as many classes' \
        "$(rd_q "$MS" 'v["side"] == "goat" { g[v["captured"]] = v["classes"] } v["side"] == "tiger" { t[v["captured"]] = v["classes"] }
            END { for (c = 0; c <= 4; c++) n += g[c] != t[c]; print n + 0 }')" 0
    rd_says "All $(rd_q "$MS" '{ s += v["classes"] } END { print commas(s) }') symmetry classes of the movement phase (all 20 goats placed, 0 to 4 captured, either side to move), the published count: per side to move $(rd_q "$MS" 'v["side"] == "goat" { c[v["captured"]] = commas(v["classes"]) }
        END { printf "%s (0 captured), %s, %s, %s and %s (4 captured)", c[0], c[1], c[2], c[3], c[4] }'); $(rd_q "$MS" '{ s += v["positions"] } END { print commas(s) }') raw positions"
    rd_says "Over all classes, the side to move $(rd_shares "$MS") (standard)"
    # rd_raw CAPTURED SIDE FIELD: a movement layer's share of positions (raw) for FIELD (win_raw...).
    rd_raw() {
        rd_q "$MS" 'v["captured"] == '"$1"' && v["side"] == "'"$2"'" { print pct(v["'"$3"'"], v["positions"], 1) }'
    }
    rd_says "With 0 captured, goats to move win $(rd_raw 0 goat win_raw) of positions and tigers to move lose $(rd_raw 0 tiger loss_raw)"
    rd_says "With 4 captured the tigers to move win $(rd_raw 4 tiger win_raw)."
    rd_says "$(rd_q "$MS" '{ n[v["captured"]] += v["classes"]; d[v["captured"]] += v["draw"]; s[v["captured"], v["side"]] = pct(v["draw"], v["classes"], 1) }
        END {
            printf "Draws peak in the middle: of the classes with both sides to move, %s are draws with no goat captured, %s with 1, %s with 2, %s with 3 and %s with 4. ", pct(d[0], n[0], 1), pct(d[1], n[1], 1), pct(d[2], n[2], 1), pct(d[3], n[3], 1), pct(d[4], n[4], 1)
            printf "By side to move, the most drawn are goats to move with 3 captured (%s) and tigers to move with 2 (%s); tigers to move with 3 captured draw only %s.", s[3, "goat"], s[2, "tiger"], s[3, "tiger"]
        }')"
    # ... which are the peaks: of each side to move, and of both at 2 captured.
    rd_same 'where draws peak' "$(rd_q "$MS" '{ r = v["draw"] / v["classes"]; if (r > m[v["side"]]) { m[v["side"]] = r; at[v["side"]] = v["captured"] }
            n[v["captured"]] += v["classes"]; d[v["captured"]] += v["draw"] }
        END { for (c = 0; c <= 4; c++) if (d[c] / n[c] > best) { best = d[c] / n[c]; peak = c }; print at["goat"], at["tiger"], peak }')" '3 2 2'
    best=$(rd_q "$MS" 'v["max_dtm_win"] > m { m = v["max_dtm_win"] } END { print m }')
    rd_same 'where the longest win of the movement phase is' \
        "$(rd_q "$MS" 'v["max_dtm_win"] == '"$best"' { s = s sep v["side"] " " v["captured"]; sep = ", " } END { print s }')" 'tiger 1, tiger 2'
    ex=$(rd_mdtable "$DATA/baghchal-movement-standard.md" 'Longest wins' | awk -F'|' '$4 == "tigers" && $3 == 1 && $5 == '"$best"' { print $6 }')
    rd_says "The longest forced win is $best half-moves (tigers to move, 1 or 2 captured), e.g. $ex."
    rd_mdtable "$DATA/baghchal-movement-standard.md" 'standard against goat-pass' >"$T/cmpm"
    rd_same 'the movement phase changes, in the whole game' "$(awk -F'|' '$2 != "**all**" { s += $5 } END { print s }' "$T/cmpm")" \
        "$(rd_cmp '$2 == 0 { s += $5 } END { print s }')"
    rd_says "\`goat-pass\` changes the value of only $(awk -F'|' '$2 != "**all**" { s += $5 } $2 != "**all**" && $5 > 0 && $3 > m { m = $3 } END { print s " classes of the movement phase, all with at most " m " goats captured" }' "$T/cmpm")"
    # The layers of the table of times: positions of both sides to move.
    for c in 4 3 2 1 0; do
        rd_says "| $c | $(rd_q "$MS" 'v["captured"] == '$c' { s += v["classes"] } END { print commas(s) }') |"
    done
    rd_says "| all | $(rd_q "$MS" '{ s += v["classes"] } END { print commas(s) }') |"

    # --- Sixteen Soldiers -----------------------------------------------------------------------
    # rd_materials FILE: the most pieces of a CSV, or -1 if a material up to it is missing.
    rd_materials() {
        rd_q "$1" '{ k = v["pieces_to_move"] + v["pieces_other"]; have[v["pieces_to_move"], v["pieces_other"]]; if (k > m) m = k }
            END { for (k = 2; k <= m; k++) for (a = 1; a < k; a++) if (!((a, k - a) in have)) m = -1; print m }'
    }
    rd_same 'the optional rules: every material up to' "$(rd_materials "$OPT")" 9
    rd_same 'the forced rules: every material up to' "$(rd_materials "$FOR")" 7
    rd_says "Sixteen Soldiers' endgame tables are built for every material up to 7 pieces under both capture rules, and up to 9 under the optional rule"
    rd_same 'both rules count the same classes' "$(cut -d, -f1-3 "$FOR")" "$(head -n "$(wc -l <"$FOR")" "$OPT" | cut -d, -f1-3)"
    rd_says "$(rd_q "$FOR" '{ k = v["pieces_to_move"] + v["pieces_other"]; n[k] += v["classes"]; t += v["classes"] }
        END { printf "every material m + n <= 7 (m pieces for the side to move, n for the other): %s classes under the board'"'"'s 4 symmetries, as the issue counts them (2 pieces: %s, 3: %s, 4: %s, 5: %s, 6: %s, 7: %s)", commas(t), commas(n[2]), commas(n[3]), commas(n[4]), commas(n[5]), commas(n[6]), commas(n[7]) }')"
    rd_says "solved the $(rd_q "$OPT" 'v["pieces_to_move"] + v["pieces_other"] == 8 { s += v["classes"]; if (v["pieces_to_move"] >= v["pieces_other"]) m++ }
        END { print commas(s) " classes of the " (m == 4 ? "four" : m) }') 8-piece materials"
    # rd_share M N FILE DECIMALS: the share of positions (raw) won by the side to move, m against n.
    rd_share() {
        rd_q "$3" 'v["pieces_to_move"] == '"$1"' && v["pieces_other"] == '"$2"' { print pct(v["win_raw"], v["positions"], '"$4"') }'
    }
    # rd_sslongest FILE CONDITION: the longest win among materials, and which: "PLIES M N".
    rd_sslongest() {
        rd_q "$1" 'v["pieces_to_move"] + v["pieces_other"] '"$2"' && v["max_dtm_win"] > m { m = v["max_dtm_win"]; at = v["pieces_to_move"] " " v["pieces_other"] }
            END { print m, at }'
    }
    rd_same 'three against one under forced rules: all won' "$(rd_share 3 1 "$FOR" 2)" '100.00%'
    rd_same 'three against one: the longest win under either rules' \
        "$(rd_q "$OPT" '$1 == 3 && $2 == 1 { print $11 }') $(rd_q "$FOR" '$1 == 3 && $2 == 1 { print $11 }')" '35 35'
    rd_says "three against one wins $(rd_share 3 1 "$OPT" 1) of positions (optional) and 100% (forced), with wins of at most 35 half-moves"
    rd_says "two against one is a $(rd_share 2 1 "$OPT" 0) win under optional rules but $(rd_share 2 1 "$FOR" 1) under forced"
    rd_says "four against three is a near coin toss under optional rules ($(rd_share 4 3 "$OPT" 0) won by the side to move) and $(rd_share 4 3 "$FOR" 0) under forced"
    rd_same 'the longest win up to 7 pieces, optional' "$(rd_sslongest "$OPT" '<= 7')" '113 4 3'
    rd_same 'the longest win up to 7 pieces, forced' "$(rd_sslongest "$FOR" '<= 7')" '145 4 3'
    rd_same 'the longest win with 8 pieces' "$(rd_sslongest "$OPT" '== 8')" '215 5 3'
    rd_same 'the longest win with 9 pieces' "$(rd_sslongest "$OPT" '== 9')" '235 5 4'
    rd_same 'the longest win of all' "$(rd_sslongest "$OPT" '> 0')" '235 5 4'
    rd_says "the longest wins are 113 half-moves (four against three, optional) and 145 (four against three, forced) up to 7 pieces, 215 with 8 (five against three, optional) and 235 with 9 (five against four, optional)"
    # rd_ssexample M N PLIES: the example the Markdown file gives of m against n's longest win
    rd_ssexample() {
        awk -F'|' '$2 == '"$1"' && $3 == '"$2"' && $12 == '"$3"' { gsub(/^ +| +$/, "", $15); print $15 }' "$DATA/sixteen-optional.md"
    }
    rd_says "The longest win with 8 pieces is 215 half-moves, five against three ($(rd_ssexample 5 3 215))"
    rd_says "the longest of all, 235 half-moves, is five against four's ($(rd_ssexample 5 4 235))"
    rd_says "With 9 pieces five against four wins $(rd_share 5 4 "$OPT" 1) of positions for the side to move, four against five $(rd_share 4 5 "$OPT" 1), six against three $(rd_share 6 3 "$OPT" 1), seven against two and eight against one $(rd_share 7 2 "$OPT" 0)."
    rd_says "With 8 pieces the extra man decides: five against three wins $(rd_share 5 3 "$OPT" 1) of positions for the side to move, four against four $(rd_share 4 4 "$OPT" 1), six against two $(rd_share 6 2 "$OPT" 0)."

    # --- the front door -------------------------------------------------------------------
    ROOT=$(cd "$(dirname "$0")/.." && pwd)
    lines=$(wc -l <"$ROOT/README.md")
    rd_same "README.md is at most 250 lines ($lines)" "$([ "$lines" -le 250 ] && echo yes)" yes
    # rd_py WHAT ARGS...: tests/readme_check.py's checks, each line one passed or failed.
    rd_py() {
        what=$1
        shift
        "${GUTI_PYTHON:-python3}" "$ROOT/tests/readme_check.py" "$@" >"$T/readme-py" 2>&1 ||
            echo "FAIL: readme_check.py $1 stopped: $(tail -n 1 "$T/readme-py")" >>"$T/readme-py"
        n=0
        while IFS= read -r line; do
            n=$((n + 1))
            case $line in
            ok:*) passed=$((passed + 1)) ;;
            FAIL:*)
                CMD="($what)"
                # the indented lines after it: what was run, and what it printed
                awk -v n="$n" 'NR > n && /^    / { print; next } NR > n { exit }' "$T/readme-py" >"$T/out"
                : >"$T/err"
                fail "${line#FAIL: }"
                ;;
            esac
        done <"$T/readme-py"
    }
    rd_py 'links of README.md and docs/' links "$ROOT"
    rd_py 'the Adugo figures of README.md and docs/' adugo "$ROOT"
    rm -rf "$T/tour"
    rd_py "README's tour" tour "$ROOT" "$(cd "$(dirname "$G")" && pwd)" "$T/tour"
    rm -rf "$T/tour"

    echo "$passed $failed" >"$T/readme-counts"
)
read -r passed failed <"$T/readme-counts"
