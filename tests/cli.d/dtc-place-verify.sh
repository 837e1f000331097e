# The counting rule over the 4x4 placement phase (issue 12): guti solve --dtc (phase all)
# makes a DTC table per placement layer, query reads them, and verify --full re-derives
# their entries from the rules' moves and the successors' tables, independently of the
# driver that made them; a table rewritten with one wrong entry and every checksum right
# (tests/tools/tb_set.c) is found inconsistent. The values themselves are checked against
# a brute force in tests/test_bc_tables.c.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PD="$T/dtc-place"
cc -std=c11 -Wall -Wextra -Werror -I"$ROOT/tablebase" -o "$T/tb_set" "$ROOT/tests/tools/tb_set.c" \
    "$(dirname "$G")/libguti.a" -lzstd -fopenmp || fail "tests/tools/tb_set.c does not build"
check 0 'start under the 6 half-move rule: loss' solve baghchal --board 4x4 --dtc --limit 6 --dir "$PD" --quiet
check 0 'start under the 100 half-move rule: loss' solve baghchal --board 4x4 --dtc --dir "$PD"
grep -q '^h1-c0-t ' "$T/out" || fail "solve --dtc printed no line for the placement layer h1-c0-t"
check 0 'placement: every layer'"'"'s DTC table is already there' solve baghchal --board 4x4 --dtc --dir "$PD"
# every placement layer has its table, at both limits
n6=$(ls "$PD" | grep -c -- '-[gt]-L6\.dtc$')
n100=$(ls "$PD" | grep -c -- '-[gt]-L100\.dtc$')
[ "$n6" -eq 65 ] && [ "$n100" -eq 65 ] || fail "placement DTC tables: $n6 at L6, $n100 at L100, expected 65 each"

# query: a tigers' win in the placement phase that needs a step before its capture is
# DTC 2 (the position's fields end the object), one with a capture DTC 1
check 0 '"class": "win", "dtc": 2}' query --dir "$PD" --json 'T2T/1G2/4/T2T t 11 0'
grep -q '"class": "win", "dtc": 2}$' "$T/out" || fail "the position's class and DTC are not win, 2"
check 0 'under the 100 half-move rule: a win if the clock is at most 98, else a draw (DTC 2)' query --dir "$PD" 'T2T/1G2/4/T2T t 11 0'
check 0 'under the 100 half-move rule: a win if the clock is at most 99, else a draw (DTC 1)' query --dir "$PD" 'TG1T/4/4/T2T t 11 0'

# verify --full re-derives every placement DTC entry (--sample 0: all of them)
check 0 'ok   baghchal 4x4 standard h1-c0-t L6: 2763 of 2763 positions re-derived, 0 inconsistent' \
    verify --dir "$PD" --full --sample 0
grep -q 'ok   baghchal 4x4 standard h12-c0-g L100: 252 of 252 positions re-derived, 0 inconsistent' "$T/out" ||
    fail "verify --full did not re-derive the start layer's DTC table"
# one entry changed, checksums right: inconsistent, named with its position
old=$("$T/tb_set" "$PD/baghchal-4x4-standard-h1-c0-t-L6.dtc" 0 0)
if [ "$old" = 0 ]; then "$T/tb_set" "$PD/baghchal-4x4-standard-h1-c0-t-L6.dtc" 0 2 >/dev/null; fi
check 1 'verify: 1 error' verify --dir "$PD" --full --sample 10
grep -q 'FAIL baghchal 4x4 standard h1-c0-t L6: 10 of 2763 positions re-derived, 1 inconsistent' "$T/out" ||
    fail "verify --full did not find the changed DTC entry"
grep -q 'stored .* (class code [0-9]*), its moves give .* (class code '"$old"')' "$T/out" ||
    fail "verify --full does not show the entry its moves give ($old)"
"$T/tb_set" "$PD/baghchal-4x4-standard-h1-c0-t-L6.dtc" 0 "$old" >/dev/null
# a missing DTC table: the set is incomplete, named with the command that makes it; the
# positions whose successors it holds are not checked, and say which
rm "$PD/baghchal-4x4-standard-h1-c0-g-L6.dtc"
check 1 'verify: 1 error' verify --dir "$PD" --full --sample 10
grep -q 'FAIL baghchal 4x4 standard: 206 of 207 tables; missing: baghchal-4x4-standard-h1-c0-g-L6.dtc; make it with: guti solve baghchal --dtc --limit 6 --rules standard --board 4x4 --dir ' "$T/out" ||
    fail "verify does not name the missing DTC table and the command that makes it"
grep -q 'SKIP baghchal 4x4 standard h1-c0-t L6: ' "$T/out" &&
    grep -q 'not checked: successor table missing (baghchal-4x4-standard-h1-c0-g-L6.dtc)' "$T/out" ||
    fail "verify --full does not name the missing successor DTC table"
check 0 '' solve baghchal --board 4x4 --dtc --limit 6 --dir "$PD" --quiet
check 0 'verify: 207 tables ok, 0 damaged, 0 missing' verify --dir "$PD"
passed=$((passed + 7)) # the greps above
