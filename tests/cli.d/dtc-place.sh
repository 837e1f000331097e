# guti stats --dtc over the whole 4x4 game: with the placement phase's DTC tables in the
# directory, a row per placement layer and side besides the movement's, in the order of
# the plain statistics. What must hold: a row for every table, each row's columns adding
# up, each row's classes summing to the plain statistics' value without the rule (win +
# cursed win = win, draw = draw, blessed loss + loss = loss), nothing changed under a
# limit above every DTM, the start's class as solve gives it; some placement tables
# missing is an error naming one; none there gives the movement phase's rows alone.
PD="$T/dtc-place"
rm -rf "$PD" && mkdir "$PD" && cp "$W"/baghchal-4x4-standard-*.wdl "$W"/baghchal-4x4-standard-*.dtm "$PD"/
check 0 'start under the 10 half-move rule: ' solve baghchal --board 4x4 --dtc --limit 10 --dir "$PD" --quiet
start_solve=$(sed -n 's/^start under the 10 half-move rule: //p' "$T/out")
check 0 '' solve baghchal --board 4x4 --dtc --limit 1000 --dir "$PD" --quiet
check 0 '' stats --dir "$PD" --format csv
cp "$T/out" "$T/place-plain.csv"
for L in 10 1000; do
    check 0 'inhand,captured,side,limit,classes,win,cursed_win,draw,blessed_loss,loss,positions,win_raw,cursed_win_raw,draw_raw,blessed_loss_raw,loss_raw,max_dtc_win,max_dtc_loss' stats --dir "$PD" --dtc --limit "$L" --format csv
    cp "$T/out" "$T/place$L.csv"
    # a row per placement DTC table in the directory, no more, no fewer
    ls "$PD" | sed -n "s/^baghchal-4x4-standard-h\([1-9][0-9]*\)-c\([0-9]*\)-\([gt]\)-L$L\.dtc\$/\1,\2,\3/p" |
        sed -e 's/,g$/,goat/' -e 's/,t$/,tiger/' | sort >"$T/place-tables"
    awk -F, 'NR > 1 && $1 != "all" && $1 > 0 { print $1 "," $2 "," $3 }' "$T/place$L.csv" | sort >"$T/place-rows"
    [ "$(wc -l <"$T/place-tables")" -gt 40 ] || fail "only $(wc -l <"$T/place-tables") placement DTC tables at limit $L"
    cmp -s "$T/place-tables" "$T/place-rows" ||
        fail "stats --dtc --limit $L: the placement rows are not the tables: $(diff "$T/place-tables" "$T/place-rows" | sed -n 2p)"
    # the rows of the plain statistics, in their order, and the total
    cut -d, -f1-3 "$T/place$L.csv" >"$T/place$L.keys"
    cut -d, -f1-3 "$T/place-plain.csv" | cmp -s - "$T/place$L.keys" ||
        fail "stats --dtc --limit $L: the rows are not the plain statistics' rows in their order"
    # each row adds up; the total is the sum of the rows
    awk -F, 'NR == 1 { next }
             $5 != $6 + $7 + $8 + $9 + $10 || $11 != $12 + $13 + $14 + $15 + $16 { print "row " $1 "," $2 "," $3 " does not add up"; bad = 1 }
             $1 != "all" { for (i = 5; i <= 16; i++) sum[i] += $i; n++ }
             $1 == "all" { t = 1; for (i = 5; i <= 16; i++) if (sum[i] != $i) { print "total column " i ": " $i ", rows " sum[i]; bad = 1 } }
             END { if (!t) print "no total"; exit bad || !t || !n }' "$T/place$L.csv" >"$T/place-why" ||
        fail "stats --dtc --limit $L: $(head -n 1 "$T/place-why")"
    # row by row, the plain statistics' win, draw, loss (classes, raw) from the classes
    awk -F, 'NR == FNR { if (FNR > 1) plain[$1 "," $2 "," $3] = $5 "," $6 "," $7 "," $9 "," $10 "," $11; next }
             FNR > 1 { k = $1 "," $2 "," $3
                 got = ($6 + $7) "," $8 "," ($9 + $10) "," ($12 + $13) "," $14 "," ($15 + $16)
                 if (!(k in plain) || plain[k] != got) { print "row " k ": " got " against " plain[k]; bad = 1 }
                 n += $1 != "all" && $1 > 0 }
             END { if (!n) print "no placement rows"; exit bad || !n }' "$T/place-plain.csv" "$T/place$L.csv" >"$T/place-why" ||
        fail "stats --dtc --limit $L does not sum to the plain statistics: $(head -n 1 "$T/place-why")"
    passed=$((passed + 4))
done
# a limit above every DTM: no cursed win and no blessed loss anywhere; at 10, some in the
# placement phase
awk -F, 'FNR > 1 && ($7 || $9 || $13 || $15) { bad = 1 } END { exit bad }' "$T/place1000.csv" ||
    fail "the rule changed a value at limit 1000"
awk -F, 'FNR > 1 && $1 != "all" && $1 > 0 && ($7 > 0 || $9 > 0) { ok = 1 } END { exit !ok }' "$T/place10.csv" ||
    fail "no placement cursed win or blessed loss at limit 10"
passed=$((passed + 2))
# the start's class, as solve reads it
[ -n "$start_solve" ] || fail "solve --dtc does not give the start's class"
check 0 "\"phase\": \"all\", \"start\": \"T2T/4/4/T2T g 12\", \"start_class\": \"$(echo "$start_solve" | tr ' ' _)\"" stats --dir "$PD" --dtc --limit 10 --json
check 0 "The start, \`T2T/4/4/T2T g 12\` (goats to move), is under the 10 half-move rule a $start_solve" stats --dir "$PD" --dtc --limit 10
check 0 'Over all classes of the whole game (placement and movement) the rule turns' stats --dir "$PD" --dtc --limit 10
check 0 '| 12 | 0 | goats | 252 |' stats --dir "$PD" --dtc --limit 10
# two rows as the solver's classes give them (tests/test_bc_tables.c checks those against a brute
# force): the columns in their places, the longest win's example with its goats in hand
check 0 '11,0,tiger,10,2763,1265,84,93,0,1321,21840,10000,652,728,0,10460,2,2' stats --dir "$PD" --dtc --limit 10 --format csv
check 0 '{"inhand": 12, "captured": 0, "side": "goat", "classes": 252, "win": 235, "cursed_win": 0, "draw": 8, "blessed_loss": 8, "loss": 1, "positions": 1820, "win_raw": 1729, "cursed_win_raw": 0, "draw_raw": 50, "blessed_loss_raw": 40, "loss_raw": 1, "max_dtc_win": 1, "max_dtc_loss": 1, "longest_win": "4/4/4/TTTT g 12"}' stats --dir "$PD" --dtc --limit 10 --json
# --out writes what --format does
check 0 '' stats --dir "$PD" --dtc --limit 10 --out "$T/place-out"
cmp -s "$T/place-out.csv" "$T/place10.csv" || fail "stats --dtc --out's CSV is not --format csv's"
passed=$((passed + 1))

# some placement tables missing: none made, the first missing in the order of the game named
cp "$PD/baghchal-4x4-standard-h5-c1-t-L10.dtc" "$PD/baghchal-4x4-standard-h3-c0-g-L10.dtc" "$T"/
rm "$PD/baghchal-4x4-standard-h5-c1-t-L10.dtc" "$PD/baghchal-4x4-standard-h3-c0-g-L10.dtc"
check 1 "no table $PD/baghchal-4x4-standard-h5-c1-t-L10.dtc, though 63 other placement DTC tables of limit 10 are there; make it with: guti solve baghchal --dtc --limit 10 --rules standard --board 4x4 --dir $PD" stats --dir "$PD" --dtc --limit 10 --format csv
check 1 'no table' stats --dir "$PD" --dtc --limit 10 --out "$T/place-gap"
[ ! -e "$T/place-gap.csv" ] || fail "stats --dtc wrote $T/place-gap.csv with a table missing"
passed=$((passed + 1))
mv "$T/baghchal-4x4-standard-h5-c1-t-L10.dtc" "$T/baghchal-4x4-standard-h3-c0-g-L10.dtc" "$PD"/
check 0 '' stats --dir "$PD" --dtc --limit 10 --format csv
cmp -s "$T/out" "$T/place10.csv" || fail "stats --dtc changed with the tables put back"
passed=$((passed + 1))

# no placement table: the movement phase's rows alone, as before, the same as in the
# whole game
MD="$T/dtc-place-movement"
rm -rf "$MD" && mkdir "$MD" && cp "$PD"/baghchal-4x4-standard-h0-* "$MD"/
check 0 '' stats --dir "$MD" --dtc --limit 10 --format csv
awk -F, 'NR > 1 && $1 != "all" && $1 != 0 { bad = 1 } NR > 1 && $1 == 0 { n++ } END { exit bad || n != 6 }' "$T/out" ||
    fail "stats --dtc without placement tables: not the 6 movement rows alone"
grep '^0,' "$T/out" >"$T/place-movement-rows"
grep '^0,' "$T/place10.csv" | cmp -s - "$T/place-movement-rows" ||
    fail "the movement rows differ between the whole game and the movement phase alone"
passed=$((passed + 2))
check 0 '' stats --dir "$MD" --dtc --limit 10 --json
grep -q '"phase"\|"start' "$T/out" && fail "stats --dtc over the movement phase alone names a phase or the start"
check 0 '' stats --dir "$MD" --dtc --limit 10
grep -q 'whole game\|The start' "$T/out" && fail "stats --dtc over the movement phase alone speaks of the whole game"
passed=$((passed + 2))
# the help says so
check 0 "the whole game's when" stats --help
check 0 '"start_class"' stats --help
