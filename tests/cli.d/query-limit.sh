# guti query and the counting rule (issue 38, items 6 to 8): --limit L reads the
# counting-rule tables made with solve --dtc --limit L; the class and DTC of a finished
# game and of the moves that reach the clock's limit; the counting-rule line in plain
# words; an error once on a terminal; an unquoted position told to be quoted.
# Tables: the 4x4 movement phase with its counting-rule tables at 100 and at 20.
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

QL="$T/qlimit"
check 0 '' solve baghchal --board 4x4 --phase movement --dtc --dir "$QL" --quiet
check 0 '' solve baghchal --board 4x4 --phase movement --dtc --limit 20 --dir "$QL" --quiet

# A tigers' win in 23, DTC 23: a win under the 100 half-move rule, a cursed win under the
# 20 (its class at clock 0: a draw).
CW='GGG1/TGGG/GGG1/TGTT t 0'
check 0 'under the 100 half-move rule: a win if the clock is at most 77, else a draw (DTC 23); at clock 0: a win' query --dir "$QL" "$CW"
check 0 'under the 20 half-move rule: a draw at any clock, a cursed win (a win in 23 without the rule)' query --dir "$QL" --limit 20 "$CW"
check 0 '"value": "win", "dtm": 23, "value_now": "draw", "clock": 0, "limit": 20, "over": false' query --dir "$QL" --limit 20 --json "$CW"
grep -q '"class": "cursed_win", "dtc": null}$' "$T/out" || fail "--limit 20: the position's class is not cursed_win"
grep -q '"class": "win", "dtc": 23}$' "$T/out" && fail "--limit 20 answered with the 100 half-move rule's class"
grep -q '"class": "win", "dtc": 23}$' "$T/out" || passed=$((passed + 1))
# A win in DTC 13 at clock 8: a win under the 100 half-move rule, a draw under the 20
# (13 + 8 > 20); at clock 7 a win under both.
check 0 '"value_now": "win", "clock": 8, "limit": 100' query --dir "$QL" --json 'GGGG/G1GG/GTGG/TTT1 t 0 8'
check 0 '"value_now": "draw", "clock": 8, "limit": 20' query --dir "$QL" --limit 20 --json 'GGGG/G1GG/GTGG/TTT1 t 0 8'
check 0 'a win if the clock is at most 7, else a draw (DTC 13); at clock 8: a draw' query --dir "$QL" --limit 20 'GGGG/G1GG/GTGG/TTT1 t 0 8'
check 0 '"value_now": "win", "clock": 7, "limit": 20' query --dir "$QL" --limit 20 --json 'GGGG/G1GG/GTGG/TTT1 t 0 7'
# The clock at that limit: a draw by it; past it, an error.
check 0 'game over: draw (20 half-moves without capture or placement)' query --dir "$QL" --limit 20 'GGGG/G1GG/GTGG/TTT1 t 0 20'
check 1 "clock 21 is past the counting rule's limit, 20 half-moves" query --dir "$QL" --limit 20 'GGGG/G1GG/GTGG/TTT1 t 0 21'
# A limit with no tables there: the class unknown, and the command that makes them.
check 0 'no counting-rule table here for this position; guti solve --dtc --limit 50 makes them' query --dir "$QL" --limit 50 'GGGG/G1GG/GTGG/TTT1 t 0 45'
check 2 'limit' query --dir "$QL" --limit 0 "$CW"
check 2 '--limit has no meaning under rules no-repeat' query --dir "$QL" --rules no-repeat --limit 20 "$CW"
# The principal variation follows the limit's values: best moves that keep the draw.
check 0 'pv: ' query --dir "$QL" --limit 20 --pv "$CW"

# Item 6: a finished game has its class and DTC as its value and DTM: a loss, 0.
check 0 '"value": "loss", "dtm": 0, "value_now": "loss", "clock": 0, "limit": 100, "over": true' query --dir "$QL" --json 'TGGT/GGGG/GGGG/TGGT t 0'
grep -q '"class": "loss", "dtc": 0}$' "$T/out" || fail "a finished game has no class and DTC"
check 0 'under the 100 half-move rule: a loss, DTC 0 (the game is over)' query --dir "$QL" 'TGGT/GGGG/GGGG/TGGT t 0'
# ... and at clock 99 the moves that reach the limit keep the class and DTC they have at
# clock 98 (the class is clock 0's): every move, the same.
moves_at() {
    "$G" query --dir "$QL" --json "GGGG/G1GG/GTGG/TTT1 t 0 $1" |
        python3 -c 'import json, sys; a = json.load(sys.stdin); print("\n".join("%s %s %s" % (m["move"], m["class"], m["dtc"]) for m in a["moves"]))'
}
moves_at 98 >"$T/ql98"
moves_at 99 >"$T/ql99"
CMD="query at clock 99"
if [ -s "$T/ql98" ] && ! grep -q ' None None$' "$T/ql98" && cmp -s "$T/ql98" "$T/ql99"; then
    passed=$((passed + 1))
else
    fail "the moves at clock 99 differ in class or DTC from those at 98: $(diff "$T/ql98" "$T/ql99" | tr '\n' ' ')"
fi

# Item 8: an unquoted position is told to be quoted, as guti show tells it.
check 2 'quote it' query --dir "$QL" T2T/4/4/T2T g 12
# An error once on a terminal (stdout and stderr both on it): text on stderr, --json as
# its JSON answer; once each elsewhere (the answers in step with the inputs, stderr the
# reason), as the checks above.
CMD="query on a terminal"
script -qec "$G query --dir $QL 'T2T/4/4/T2T x 12'" /dev/null >"$T/tty" 2>&1
[ "$(grep -c "side 'x'" "$T/tty")" -eq 1 ] && grep -q "^guti: query: operand 1: position: side 'x'" "$T/tty" ||
    fail "an error shown $(grep -c "side 'x'" "$T/tty") times on a terminal: $(tr '\r\n' '  ' <"$T/tty")"
script -qec "$G query --dir $QL --json 'T2T/4/4/T2T x 12'" /dev/null >"$T/tty" 2>&1
[ "$(grep -c "side 'x'" "$T/tty")" -eq 1 ] && grep -q '^{"fen": "T2T/4/4/T2T x 12", "operand": 1, "error": ' "$T/tty" ||
    fail "a --json error shown $(grep -c "side 'x'" "$T/tty") times on a terminal: $(tr '\r\n' '  ' <"$T/tty")"
passed=$((passed + 2))
