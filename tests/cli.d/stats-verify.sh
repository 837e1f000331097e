# guti stats and guti verify (issue 10, items 2, 7, 8, 9, 12, 13 and 15): missing tables
# are named with a command that makes them, the rule set comes from the tables, the
# outputs say "none" as null or "-", and verify ends with a summary.

# warn TEXT ARGS...: as check 0, but stderr must be exactly one line, starting with
# "guti: " and containing TEXT (a warning beside a result).
warn() {
    text=$1
    shift
    CMD=$*
    "$G" "$@" <"$IN" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -ne 0 ]; then
        fail "exit status $got, expected 0"
        return
    fi
    if [ "$(wc -l <"$T/err")" -ne 1 ] || ! grep -q '^guti: ' "$T/err" ||
        ! grep -F -q -e "$text" "$T/err"; then
        fail "stderr is not one line 'guti: ...' with '$text'"
        return
    fi
    passed=$((passed + 1))
}

# has TEXT: the last command's stdout contains TEXT (a fixed string).
has() {
    grep -F -q -e "$1" "$T/out" || fail "stdout lacks '$1'"
}

# lacks TEXT: the last command's stdout does not contain TEXT.
lacks() {
    grep -F -q -e "$1" "$T/out" && fail "stdout has '$1'"
}

# remake: runs the command the last error or warning printed after "make it with: " or
# "make them with: " (it must work as printed), checking that it succeeds.
remake() {
    made=$(sed -n 's/.*make \(it\|them\) with: //p' "$T/err")
    [ -n "$made" ] || {
        fail "no 'make ... with:' command in stderr"
        return
    }
    case $made in guti\ *) ;; *) fail "the command '$made' is not a guti command" ;; esac
    # "guti" in the command is the guti under test
    (guti() { "$G" "$@"; } && eval "$made") >"$T/made.out" 2>"$T/made.err" ||
        fail "the printed command '$made' failed: $(head -n 2 "$T/made.err")"
}

# same_csv DIR REF: stats of DIR and of REF agree, in CSV.
same_csv() {
    "$G" stats --dir "$1" --format csv >"$T/a.csv" 2>/dev/null
    "$G" stats --dir "$2" --format csv >"$T/b.csv" 2>/dev/null
    cmp -s "$T/a.csv" "$T/b.csv" || fail "stats of $1 differ from those of $2"
}

# --- a placement layer missing from a whole game: verify fails, stats refuses -----------
X=$T/sv-layer
rm -rf "$X" && cp -r "$W" "$X" && rm "$X"/baghchal-4x4-standard-h5-c1-g.*
# (a goats' placement layer has no DTM table: its DTM comes from the tigers' layer below)
check 1 'verify: 2 errors' verify --dir "$X"
has 'FAIL baghchal 4x4 standard: 169 of 171 tables; missing: baghchal-4x4-standard-h5-c1-g.wdl, baghchal-4x4-standard-h5-c1-g.reach; make them with: guti solve baghchal --phase placement --dtm --rules standard --board 4x4'
has 'verify: 169 tables ok, 0 damaged, 2 missing'
# --full: the positions whose successor table is missing are not checked, not inconsistent.
check 1 'verify: 2 errors' verify --dir "$X" --full --sample 0 --quiet
has 'SKIP baghchal 4x4 standard h5-c0-t: 41430 of 180510 positions re-derived, 0 inconsistent, 139080 not checked'
has 'SKIP baghchal 4x4 standard h5-c1-t: 220 of 210770 positions re-derived, 0 inconsistent, 210550 not checked'
has '     not checked: successor table missing (baghchal-4x4-standard-h5-c1-g.wdl)'
has '67 layers re-derived, 0 positions inconsistent, 349630 not checked'
lacks 'ok   '
grep -q 'FAIL.*[1-9][0-9]* inconsistent' "$T/out" && fail "verify --full calls unchecked positions inconsistent"
check 1 "stats: 1 table of baghchal 4x4 standard missing from $X: baghchal-4x4-standard-h5-c1-g.wdl; make it with: guti solve baghchal --phase placement --dtm --rules standard --board 4x4 --dir $X" stats --dir "$X"
remake
same_csv "$X" "$W"
# The whole set of REACH tables missing: stats --reachable says how to make them.
rm "$X"/*.reach
check 1 "stats: --reachable: 68 REACH tables of baghchal 4x4 standard missing from $X: baghchal-4x4-standard-h12-c0-g.reach, baghchal-4x4-standard-h11-c0-g.reach, baghchal-4x4-standard-h11-c0-t.reach and 65 more; make them with: guti reach baghchal --rules standard --board 4x4 --dir $X" stats --dir "$X" --reachable
remake
check 0 '12,0,goat,1,0,0,1,1,0,0,1,-1,26' stats --dir "$X" --format csv --reachable
check 0 'verify: 171 tables ok, 0 damaged, 0 missing' verify --dir "$X"
# The sound tables are one line, unless --verbose lists them, in natural order (h2 before h10).
has "ok   171 tables in $X: headers, checksums and values sound (--verbose lists them)"
lacks "ok   $X/"
[ "$(grep -c '^ok   ' "$T/out")" -eq 2 ] || fail "verify printed more than the summary and the set's line"
check 0 "ok   $X/baghchal-4x4-standard-h2-c0-g.wdl" verify --dir "$X" --verbose
[ "$(grep -c "^ok   $X/" "$T/out")" -eq 171 ] || fail "verify --verbose did not list the 171 tables"
grep "^ok   $X/" "$T/out" | sed 's/^ok   //' >"$T/order"
# (every h9 table before every h10 one, and the whole list as GNU sort -V orders it)
awk '/-h9-/ { last9 = NR } /-h10-/ && !first10 { first10 = NR }
     END { exit !(last9 && first10 && last9 < first10) }' "$T/order" &&
    sort -V "$T/order" | cmp -s - "$T/order" ||
    fail "verify --verbose lists the tables out of natural order: $(tr '\n' ' ' <"$T/order" | head -c 400)"
check 2 '--quiet and --verbose: one or the other' verify --dir "$X" --quiet --verbose
check 2 "--verbose is for the tables' check, not --moves" verify --dir "$X" --moves --verbose

# --- a movement layer missing too: the command solves both phases ---------------------
rm -rf "$X" && cp -r "$W" "$X" && rm "$X"/baghchal-4x4-standard-h5-c1-g.* "$X"/baghchal-4x4-standard-h0-c1.*
check 1 "make them with: guti solve baghchal --dtm --rules standard --board 4x4 --dir $X" stats --dir "$X"
remake
same_csv "$X" "$W"
# Only the movement phase: --phase movement, and verify --full skips the layers below.
X=$T/sv-move
rm -rf "$X" && cp -r "$D" "$X" && rm "$X"/baghchal-4x4-goat-pass-h0-c1.*
check 1 'verify: 2 errors' verify --dir "$X" --full
has 'SKIP baghchal 4x4 goat-pass h0-c1: not re-derived'
has '     not checked: table missing (baghchal-4x4-goat-pass-h0-c1.dtm)'
has 'SKIP baghchal 4x4 goat-pass h0-c0: not re-derived'
has '     not checked: successor table missing (baghchal-4x4-goat-pass-h0-c1.dtm)'
has '; 4 layers re-derived, 0 positions inconsistent, 6030 not checked'
check 1 "stats: 2 tables of baghchal 4x4 goat-pass missing from $X: baghchal-4x4-goat-pass-h0-c1.wdl, baghchal-4x4-goat-pass-h0-c1.dtm; make them with: guti solve baghchal --phase movement --rules goat-pass --board 4x4 --dir $X" stats --dir "$X" --rules goat-pass
remake
check 0 'verify: 12 tables ok, 0 damaged, 0 missing; 6 layers re-derived, 0 positions inconsistent, 0 not checked' verify --dir "$X" --full

# --- a DTM table missing: the statistics, a warning, and the output says so ----------------
X=$T/sv-dtm
rm -rf "$X" && cp -r "$W" "$X" && rm "$X"/baghchal-4x4-standard-h5-c1-t.dtm
warn "stats: warning: 1 DTM table of baghchal 4x4 standard missing from $X (baghchal-4x4-standard-h5-c1-t.dtm)" stats --dir "$X" --format csv
has '5,1,tiger,210770,197828,6141,6801,1681680,1579240,48608,53832,,'
has '5,1,goat,210770,36270,27566,146934,1681680,289444,220094,1172142,19,28'
has 'all,all,all,5601102,3225449,386208,1989445,44675540,25737438,3080122,15857980,,'
warn 'make it with: guti solve baghchal --phase placement --dtm' stats --dir "$X"
has '| 5 | 1 | tigers | 210770 | 93.86% | 2.91% | 3.23% | 1681680 | 93.91% | 2.89% | 3.20% | - | - |'
# the goats' layer above it (h6-c1-g), whose DTM comes from it, is not known either
has '**DTM missing**: the DTM of 2 layers is not known, its tables not in the directory (for a goats'"'"' placement layer, the tigers'"'"' table of the layer below), so their longest wins and losses, and those of all, are not known: h6-c1-g, h5-c1-t.'
warn 'warning' stats --dir "$X" --json
has '"max_dtm_win": null, "max_dtm_loss": null, "longest_win": null}, "dtm_missing": ["h6-c1-g", "h5-c1-t"]'
remake
same_csv "$X" "$W"

# --- Sixteen Soldiers: a material missing -------------------------------------------------
X=$T/sv-ss
rm -rf "$X" && cp -r "$S" "$X" && rm "$X"/sixteen-optional-m2-n1.*
check 1 'verify: 2 errors' verify --dir "$X" --full
has 'FAIL sixteen optional: 6 of 8 tables; missing: sixteen-optional-m2-n1.wdl, sixteen-optional-m2-n1.dtm'
has 'SKIP sixteen optional 3+1: not re-derived'
has '     not checked: successor table missing (sixteen-optional-m2-n1.dtm)'
has 'ok   sixteen forced 2+2: 99778 positions re-derived, 0 inconsistent'
check 1 "stats: 2 tables of sixteen optional missing from $X: sixteen-optional-m2-n1.wdl, sixteen-optional-m2-n1.dtm; make them with: guti solve sixteen --pieces 4 --rules optional --dir $X" stats --dir "$X"
remake
same_csv "$X" "$S"

# --- the rule set and board come from the tables ----------------------------------------
X=$T/sv-rules
rm -rf "$X" && mkdir "$X" && cp "$S"/sixteen-forced-* "$X"
check 0 '3,1,66508,66508,0,0,264180,264180,0,0,35,-1' stats --dir "$X" --format csv
check 1 "stats: no optional tables in $X; there are: sixteen forced" stats --dir "$X" --rules optional
rm -rf "$X" && mkdir "$X" && cp "$D"/*goat-pass* "$X"
check 1 "stats: no standard tables in $X; there are: baghchal 4x4 goat-pass" stats --dir "$X" --rules standard
check 0 '# baghchal 4x4, rules goat-pass' stats --dir "$X"
check 1 "stats: no 5x5 tables in $X; there are: baghchal 4x4 goat-pass" stats --dir "$X" --board 5x5
check 0 '0,2,tiger,15171,13117,1435,619,120120,104054,11314,4752,23,10' stats --dir "$D" --board 4x4 --format csv
# Two boards: --board chooses; without it, an error that says so.
"$G" solve baghchal --board 3x3 --phase movement --dir "$X" --rules goat-pass --quiet >/dev/null
check 1 "stats: tables of several games in $X: baghchal 3x3 goat-pass, baghchal 4x4 goat-pass; choose with --board" stats --dir "$X"
check 0 '# baghchal 3x3, rules goat-pass' stats --dir "$X" --board 3x3
check 2 '--reachable is for baghchal' stats --dir "$S" --reachable

# --- outputs: null and '-' for none, a total in the JSON, headers that differ -----------
check 0 '"max_dtm_win": null, "max_dtm_loss": 26, "longest_win": null}' stats --dir "$W" --json --reachable
lacks '": -1'
lacks '"all"'
check 0 '], "total": {"classes": 5601102, "win": 3225449, "draw": 386208, "loss": 1989445, "positions": 44675540, "win_raw": 25737438, "draw_raw": 3080122, "loss_raw": 15857980, "max_dtm_win": 39, "max_dtm_loss": 38, "longest_win": "4/T1G1/G3/TT1T t 10"}, "dtm_missing": []' stats --dir "$W" --json
check 0 '| 12 | 0 | goats | 1 | 0.00% | 0.00% | 100.00% | 1 | 0.00% | 0.00% | 100.00% | - | 26 |' stats --dir "$W" --reachable
has '| in hand | captured | to move | classes | win (classes) | draw (classes) | loss (classes) | positions | win (positions) | draw (positions) | loss (positions) | longest win | longest loss |'
lacks '| -1 |'
check 0 '"pieces_to_move": 3, "pieces_other": 1, "classes": 66508, "win": 66360, "draw": 148, "loss": 0, "positions": 264180, "win_raw": 263644, "draw_raw": 536, "loss_raw": 0, "max_dtm_win": 35, "max_dtm_loss": null, "mean_dtm_win": 13.66' stats --dir "$S" --json
has '"total": {"classes": 245058,'
lacks '": -1'
check 0 '| 3 | 1 | 66508 | 99.78% | 0.22% | 0.00% | 264180 | 99.80% | 0.20% | 0.00% | 35 | 13.7 | - |' stats --dir "$S"
has '| to move | other | classes | win (classes) | draw (classes) | loss (classes) | positions | win (positions) |'
# --out makes the directory it writes into.
check 0 '' stats --dir "$S" --out "$T/sv-out/a/b/st"
[ -s "$T/sv-out/a/b/st.md" ] && [ -s "$T/sv-out/a/b/st.csv" ] && [ -s "$T/sv-out/a/b/st.json" ] ||
    fail "stats --out did not make its directory and files"
mkdir -p "$T/sv-out" && : >"$T/sv-out/file"
check 1 "stats: cannot make directory $T/sv-out/file/x" stats --dir "$S" --out "$T/sv-out/file/x/st"

# --- verify: --quiet prints what fails and the summary; the summary always ends it -------
check 0 'verify: 16 tables ok, 0 damaged, 0 missing' verify --dir "$S" --quiet
[ "$(wc -l <"$T/out")" -eq 1 ] || fail "verify --quiet printed more than its summary"
check 0 'verify: 16 tables ok, 0 damaged, 0 missing; 8 layers re-derived, 0 positions inconsistent, 0 not checked' verify --dir "$S" --full --quiet
[ "$(wc -l <"$T/out")" -eq 1 ] || fail "verify --full --quiet printed more than its summary"
check 0 'ok   sixteen optional: 8 of 8 tables' verify --dir "$S"
[ "$(tail -n 1 "$T/out")" = 'verify: 16 tables ok, 0 damaged, 0 missing' ] || fail "verify's last line is not its summary"
check 0 '"tables_ok": 16, "tables_damaged": 0, "tables_missing": 0, "layers_rederived": 8, "inconsistent": 0, "not_checked": 0, "ok": true}' verify --dir "$S" --full --json
check 0 '"sets": [{"game": "sixteen", "rules": "forced", "board": "sixteen", "tables": 8, "present": 8, "missing": [], "make": null}' verify --dir "$S" --json
# --full --sample N re-derives N positions of each Sixteen Soldiers material, spread evenly
# over its index (k * size / N), and every position of a smaller one; a DTM entry changed at
# a sampled position (to a longer win or loss, so that the WDL table still agrees, every
# checksum right: tests/tools/tb_set.c) is found there.
check 0 'ok   sixteen optional 3+1: 1000 of 133016 positions re-derived, 0 inconsistent' verify --dir "$S" --full --sample 1000
has 'ok   sixteen optional 1+1: 356 positions re-derived, 0 inconsistent'
check 0 '"m": 3, "n": 1, "positions": 1000, "layer_positions": 133016, "inconsistent": 0' verify --dir "$S" --full --sample 1000 --json
has '"m": 1, "n": 1, "positions": 356, "layer_positions": 356, "inconsistent": 0'
X=$T/sv-sample
rm -rf "$X" && mkdir "$X" && cp "$S"/sixteen-optional-* "$X"
[ -x "$T/tb_set" ] || cc -std=c11 -Wall -Wextra -Werror -I"$(dirname "$0")/../tablebase" -o "$T/tb_set" \
    "$(dirname "$0")/tools/tb_set.c" "$(dirname "$G")/libguti.a" -lzstd -fopenmp ||
    fail "tests/tools/tb_set.c does not build"
# the 901st of 1000 positions of 3+1, 900 * 133016 / 1000, or the first sampled one after
# it that is decided (tb_set sets an entry and prints what it was: a draw, 0, set to 0 again)
k=900
while i=$((k * 133016 / 1000)) && old=$("$T/tb_set" "$X/sixteen-optional-m3-n1.dtm" $i 0) &&
    [ "$old" = 0 ] && [ $k -lt 999 ]; do
    k=$((k + 1))
done
"$T/tb_set" "$X/sixteen-optional-m3-n1.dtm" $i $((old + 2)) >/dev/null
check 1 'verify: 1 error' verify --dir "$X" --full --sample 1000 --quiet
has 'FAIL sixteen optional 3+1: 1000 of 133016 positions re-derived, '
# a sample of one re-derives position 0 alone, which does not see it; all of them do
check 0 'ok   sixteen optional 3+1: 1 of 133016 positions re-derived, 0 inconsistent' verify --dir "$X" --full --sample 1
check 1 'verify: 1 error' verify --dir "$X" --full --sample 0 --quiet
has 'FAIL sixteen optional 3+1: 133016 positions re-derived, '
check 0 'verify: 8 tables ok' verify --dir "$X" --quiet
# verify checks the REACH tables' checksums too.
X=$T/sv-reach
rm -rf "$X" && cp -r "$W" "$X"
printf '\125' | dd of="$X/baghchal-4x4-standard-h0-c2.reach" bs=1 seek=200 conv=notrunc 2>/dev/null
check 1 'verify: 1 error' verify --dir "$X" --quiet
has 'FAIL '
has 'baghchal-4x4-standard-h0-c2.reach'

# --- the help texts describe every option and what missing tables do ---------------------
check 0 'Missing tables.' stats --help
for opt in --dir --rules --board --reachable --dtc --limit --format --json --out --threads --quiet; do
    grep -q -e "^  $opt " "$T/out" || fail "stats --help does not describe $opt"
done
check 0 'A missing table is named' verify --help
for opt in --dir --full --sample --threads --quiet --json; do
    grep -q -e "^  $opt " "$T/out" || fail "verify --help does not describe $opt"
done
