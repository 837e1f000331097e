# The counting rule over the 4x4 movement phase (issue 12, in progress): guti solve --dtc
# makes a DTC table per layer beside the DTM tables, guti stats --dtc counts the five
# classes. The engine's values are checked position by position against a brute force in
# tests/test_bc_tables.c; here, what must hold between the tables: every class sums to the value
# without the rule (win + cursed win = win, draw = draw, blessed loss + loss = loss), and
# with a limit above every DTM the rule changes nothing.
DT="$T/dtc"
rm -rf "$DT" && mkdir "$DT" && cp "$D"/baghchal-4x4-standard-h0-* "$DT"/
check 0 'h0-c2           30342' solve baghchal --board 4x4 --phase movement --dtc --limit 10 --dir "$DT"
check 0 '(already made)' solve baghchal --board 4x4 --phase movement --dtc --limit 10 --dir "$DT"
check 0 '{"pass": "movement DTC", "limit": 10, "layers": [' solve baghchal --board 4x4 --phase movement --dtc --limit 10 --dir "$DT" --json
check 0 'inhand,captured,side,limit,classes,win,cursed_win,draw,blessed_loss,loss,positions,win_raw,cursed_win_raw,draw_raw,blessed_loss_raw,loss_raw,max_dtc_win,max_dtc_loss' stats --dir "$DT" --dtc --limit 10 --format csv
cp "$T/out" "$T/dtc10.csv"
check 0 '' solve baghchal --board 4x4 --phase movement --dtc --limit 1000 --dir "$DT" --quiet
check 0 '' stats --dir "$DT" --dtc --limit 1000 --format csv
cp "$T/out" "$T/dtc1000.csv"
check 0 '' stats --dir "$DT" --format csv
cp "$T/out" "$T/plain.csv"
# row by row: the plain statistics' win, draw, loss (classes, raw) from the classes
for L in 10 1000; do
    awk -F, 'NR == FNR { if (FNR > 1) plain[$1 "," $2 "," $3] = $5 "," $6 "," $7 "," $9 "," $10 "," $11; next }
             FNR > 1 { k = $1 "," $2 "," $3
                 got = ($6 + $7) "," $8 "," ($9 + $10) "," ($12 + $13) "," $14 "," ($15 + $16)
                 if (!(k in plain) || plain[k] != got) { print "row " k ": " got " against " plain[k]; bad = 1 }
                 n++ }
             END { if (!n) print "no rows"; exit bad || !n }' "$T/plain.csv" "$T/dtc$L.csv" >"$T/dtc-cmp" ||
        fail "stats --dtc --limit $L does not sum to the plain statistics: $(head -n 1 "$T/dtc-cmp")"
    passed=$((passed + 1))
done
# a limit above every DTM: no cursed win, no blessed loss
awk -F, 'FNR > 1 && ($7 || $9) { bad = 1 } END { exit bad }' "$T/dtc1000.csv" || fail "the rule changed a value at limit 1000"
# at 10 it does change some
awk -F, '$1 == "all" && $7 > 0 && $9 > 0 { ok = 1 } END { exit !ok }' "$T/dtc10.csv" || fail "no cursed win or blessed loss at limit 10"
passed=$((passed + 2))
# the tables are checked as tables; damage is found
check 0 'verify: 12 tables ok, 0 damaged' verify --dir "$DT"
cp "$DT/baghchal-4x4-standard-h0-c2-L10.dtc" "$T/dtc-copy"
printf '\125' | dd of="$DT/baghchal-4x4-standard-h0-c2-L10.dtc" bs=1 seek=300 conv=notrunc 2>/dev/null
check 1 'checksum mismatch' stats --dir "$DT" --dtc --limit 10
cp "$T/dtc-copy" "$DT/baghchal-4x4-standard-h0-c2-L10.dtc"
# a bad limit and a --limit alone are usage errors; a missing table names the command that makes it
check 2 '--limit 0, expected 1..30000' solve baghchal --board 4x4 --dtc --limit 0 --dir "$DT"
check 2 '--limit goes with --dtc' solve baghchal --board 4x4 --phase movement --limit 10 --dir "$DT"
check 2 '--limit goes with --dtc' stats --dir "$DT" --limit 10
check 1 "make it with: guti solve baghchal --phase movement --dtc --limit 20 --rules standard --board 4x4 --dir $DT" stats --dir "$DT" --dtc --limit 20

# The counting-rule figures of the README and docs/, from the published CSVs.
DATA=$(dirname "$0")/../data
cat "$(dirname "$0")/../README.md" "$(dirname "$0")"/../docs/*.md | tr '\n' ' ' | tr -s ' ' >"$T/readme-dtc"
dtc_says() {
    if grep -F -q -e "$1" "$T/readme-dtc"; then passed=$((passed + 1)); else CMD="(README)"; : >"$T/out"; : >"$T/err"; fail "neither README.md nor docs/ says: $1"; fi
}
commas() { echo "$1" | sed -e :a -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'; }
for rules in standard goat-pass; do
    awk -F, '$1 == "all" && ($7 || $9) { exit 1 }' "$DATA/baghchal-movement-$rules-dtc100.csv" ||
        fail "docs/results.md says no movement position changes under 100 half-moves ($rules)"
done
set -- $(awk -F, '$1 == "all" { printf "%d %d %d %d %.2f %.2f", $7, $6 + $7, $9, $9 + $10, 100 * $7 / ($6 + $7), 100 * $9 / ($9 + $10) }' "$DATA/baghchal-movement-standard-dtc20.csv")
dtc_says "$(commas "$1") of the $(commas "$2") won classes become cursed wins ($5%) and $(commas "$3") of the $(commas "$4") lost classes blessed losses ($6%)"
set -- $(awk -F, '$1 == "all" { print $17, $18 }' "$DATA/baghchal-movement-standard-dtc100.csv")
dtc_says "the longest DTC is $1 half-moves"
dtc_says "a loss can be drawn out for $2"
ex=$(sed -n 's/^| \*\*all\*\* .*| `\([^`]*\)` |$/\1/p' "$DATA/baghchal-movement-standard-dtc100.md")
dtc_says "$ex"

# query reads the tables at the game's limit: each position's class and DTC, and each
# move's; the position's DTC is the quickest rule-win among its moves (a win) or the
# slowest of its losses (a loss), all read from other positions' entries.
check 0 '' solve baghchal --board 4x4 --phase movement --dtc --dir "$DT" --quiet
dtc_positions='TGGT/GGGG/G1GG/TG1T g 0
TGGT/GGGG/GGGG/T2T t 0
GGGG/GG1G/TGGT/TG1T t 0
GGGG/1GGG/TGT1/TGTG g 0
TG1T/GGGG/GGGG/TGGT g 0'
echo "$dtc_positions" | "$G" query --dir "$DT" --json >"$T/dtc-q" 2>"$T/dtc-err" || fail "query on the DTC tables failed: $(head -n 1 "$T/dtc-err")"
n=0
while IFS= read -r line; do
    n=$((n + 1))
    # the position's class is the last in its line, the moves' come before it
    echo "$line" | grep -o '"class": "[a-z_]*", "dtc": [0-9a-z]*' | sed 's/"class": "\([a-z_]*\)", "dtc": \([0-9a-z]*\)/\1 \2/' >"$T/dtc-all"
    { tail -n 1 "$T/dtc-all"; sed '$d' "$T/dtc-all"; } >"$T/dtc-cls"
    [ -s "$T/dtc-cls" ] || { fail "query line $n has no class"; continue; }
    awk 'NR == 1 { c = $1; d = $2; next }
         $1 == "win" && (best == "" || $2 < best) { best = $2 }
         $1 == "loss" && (worst == "" || $2 > worst) { worst = $2 }
         END { if (c == "win" && d != best) { print "win: dtc " d ", quickest move " best; exit 1 }
               if (c == "loss" && d != worst) { print "loss: dtc " d ", slowest move " worst; exit 1 } }' \
        "$T/dtc-cls" >"$T/dtc-why" || fail "query line $n: $(cat "$T/dtc-why")"
    passed=$((passed + 1))
done <"$T/dtc-q"
[ "$n" -eq 5 ] || fail "query answered $n of 5 positions"
check 0 'under the 100 half-move rule: a win' query --dir "$DT" 'TGGT/GGGG/G1GG/TG1T g 0'

# verify --full re-derives every DTC entry from its successors (tests/test_bc_tables.c shows a
# changed entry is caught) and checks each class against the DTM table's value.
check 0 'ok   baghchal 4x4 standard h0-c1 L10: 5526 positions re-derived, 0 inconsistent' verify --dir "$DT" --full
grep -q 'ok   baghchal 4x4 standard h0-c2 L1000: 30342 positions re-derived, 0 inconsistent' "$T/out" || fail "verify --full did not re-derive the L1000 tables"
rm -rf "$T/dtc-gap" && cp -r "$DT" "$T/dtc-gap" && rm "$T/dtc-gap"/baghchal-4x4-standard-h0-c1-L10.dtc
check 1 'verify: 1 error' verify --dir "$T/dtc-gap" --full
grep -q 'missing: baghchal-4x4-standard-h0-c1-L10.dtc; make it with: guti solve baghchal --phase movement --dtc --limit 10 ' "$T/out" ||
    fail "verify does not name the missing DTC table and the command that makes it"
grep -q 'SKIP baghchal 4x4 standard h0-c0 L10: not re-derived' "$T/out" || fail "verify --full re-derived a layer below a missing DTC table"
grep -q 'not checked: DTC table missing' "$T/out" || fail "verify --full does not name the missing DTC table"
passed=$((passed + 4))
# ... and Sixteen Soldiers' (tests/cli.d/dtc-sixteen.sh checks the statistics themselves).
for rules in optional forced; do
    set -- $(awk -F, '$1 == "all" { printf "%d %d %.4f %d", $6, $5 + $6, 100 * $6 / ($5 + $6), $8 }' "$DATA/sixteen-$rules-dtc80.csv")
    if [ "$rules" = optional ]; then
        dtc_says "$(commas "$1") of the $(commas "$2") won classes are cursed wins ($3%)"
        dtc_says "and $(commas "$4") losses are blessed"
        dtc_says "4 against 2 ($(awk -F, '$1 == 4 && $2 == 2 { print $6 }' "$DATA/sixteen-$rules-dtc80.csv")) or 4 against 3 ($(commas "$(awk -F, '$1 == 4 && $2 == 3 { print $6 }' "$DATA/sixteen-$rules-dtc80.csv")"))"
    else
        dtc_says "under \`forced\`, $(commas "$1") cursed wins, all 4 against 3, and $(commas "$4") blessed losses"
    fi
    [ "$(awk -F, '$1 != "all" && NR > 1 && $6 > 0 && !($1 == 4 && ($2 == 2 || $2 == 3)) { n++ } END { print n + 0 }' "$DATA/sixteen-$rules-dtc80.csv")" -eq 0 ] ||
        fail "sixteen $rules: cursed wins beyond 4 against 2 or 3"
    share=$(awk -F, '$1 == "all" { printf "%.2f", 100 * $6 / ($5 + $6) }' "$DATA/sixteen-$rules-dtc20.csv")
    dtc_says "$share%"
done

# verify --full re-derives Sixteen Soldiers' DTC tables too, material by material.
SD="$T/dtc-ss"
rm -rf "$SD" && mkdir "$SD" && cp "$S"/sixteen-optional-* "$SD"/
check 0 '' solve sixteen --pieces 4 --dtc --limit 6 --dir "$SD" --quiet
check 0 'ok   sixteen optional 2+2 L6: 99778 positions re-derived, 0 inconsistent' verify --dir "$SD" --full
rm "$SD"/sixteen-optional-m2-n1-L6.dtc
check 1 'verify: 1 error' verify --dir "$SD" --full
grep -q 'missing: sixteen-optional-m2-n1-L6.dtc; make it with: guti solve sixteen --pieces 4 --dtc --limit 6 --rules optional --dir ' "$T/out" ||
    fail "verify does not name the missing Sixteen Soldiers DTC table and the command that makes it"
grep -q 'SKIP sixteen optional 2+2 L6: not re-derived' "$T/out" || fail "verify --full re-derived a material above a missing DTC table"
grep -q 'not checked: DTC table missing (sixteen-optional-m2-n1-L6.dtc)' "$T/out" || fail "verify --full does not name the missing Sixteen Soldiers DTC table"
passed=$((passed + 3))
