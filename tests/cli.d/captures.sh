# The capture goal (issue 17): guti solve baghchal --captures K, the tigers winning with K
# captures rather than the board's own number. The values themselves are checked against
# the brute force in tests/test_bc_tables.c (capture_goals); here, the plumbing a user meets:
# - the tables are named and labelled with the rules "standard-k2", beside the board's own
#   goal's in one directory, and verify finds both sets whole;
# - query --captures 2 and query --rules standard-k2 read them and agree, byte for byte,
#   and differ from the board's own goal's answer (so the option is not lost on the way);
#   stats names the rules;
# - a goal out of range, on Sixteen Soldiers, or named twice is a one-line usage error.

KD="$T/goal"
START3='T1T/3/T1T g 4'
check 0 'h0-c1' solve baghchal --board 3x3 --captures 2 --dtm --dir "$KD"
check 0 'h0-c0' solve baghchal --board 3x3 --dtm --dir "$KD"
CMD="solve --captures 2 (table names)"
if [ -f "$KD/baghchal-3x3-standard-k2-h0-c1.wdl" ] && [ -f "$KD/baghchal-3x3-standard-h0-c0.wdl" ] &&
    [ ! -f "$KD/baghchal-3x3-standard-h0-c1.wdl" ]; then
    passed=$((passed + 1))
else
    fail "expected baghchal-3x3-standard-k2-h0-c1.wdl beside the 1-capture game's tables"
fi
check 0 'baghchal 3x3 standard-k2: 23 of 23 tables' verify --dir "$KD"
check 0 'baghchal 3x3 standard: 12 of 12 tables' verify --dir "$KD"

check 0 '"dtm"' query --dir "$KD" --captures 2 --json "$START3"
cp "$T/out" "$T/goal-by-option"
check 0 '"dtm"' query --dir "$KD" --rules standard-k2 --json "$START3"
CMD="query --captures 2 and --rules standard-k2"
if cmp -s "$T/out" "$T/goal-by-option"; then passed=$((passed + 1)); else fail "answers differ"; fi
check 0 '"dtm"' query --dir "$KD" --json "$START3"
CMD="query --captures 2 and the board's own goal"
if cmp -s "$T/out" "$T/goal-by-option"; then fail "the same answer"; else passed=$((passed + 1)); fi
check 0 'rules standard-k2' stats --dir "$KD" --captures 2
check 0 '"rules": "goat-pass-k3"' show --rules goat-pass-k3 --json "$START3"

check 2 "rules 'standard-k5': capture goal 5, expected 1..4 on 3x3" \
    solve baghchal --board 3x3 --captures 5 --dir "$KD"
check 2 "--captures 9, expected 1..8" solve baghchal --captures 9 --dir "$KD"
check 2 "rules 'standard-k0': capture goal 0, expected 1..8 on 5x5" stats --rules standard-k0 --dir "$KD"
check 2 "--captures is for baghchal" solve sixteen --pieces 3 --captures 2 --dir "$KD"
check 2 "--captures: rules 'goat-pass-k2' name a capture goal already" \
    query --dir "$KD" --rules goat-pass-k2 --captures 3 "$START3"
