# guti game --analyze under rules no-repeat (issue 41, item 1): each position searched with
# the game's history, the move played and the best one valued under the rule, the standard
# value beside. Records written here, on the standard tables of 3x3 and 4x4 made here (the
# unit tests, tests/test_norepeat_analyze.c, check the library's values against
# guti_norepeat_moves). What must hold:
# - a game on 3x3 under no-repeat and under no-repeat:8 where the tigers throw a win into
#   a loss: that move alone is the mistake, the winning move beside it; played the good way,
#   no mistake; under no-repeat:8 a move the standard tables call a win is the mistake;
# - on 4x4 both sides' mistakes, one where the standard tables see a draw;
# - every "before" is what guti query --rules R --history says of the position (a search of
#   its own), and every "after" the opposite of what it says of the position after the move;
# - a budget too small: values "unknown under the rule", never judged; --budget's errors;
# - a move the rule refuses is the record's fault, the moves before it analysed.

NA="$T/nr-analyze"
check 0 '' solve baghchal --board 3x3 --dir "$NA" --quiet
check 0 '' solve baghchal --board 4x4 --dir "$NA" --quiet
NR3='[Game "baghchal"]\n[Board "3x3"]\n[Rules "no-repeat"]\n\n'
NR3W='[Game "baghchal"]\n[Board "3x3"]\n[Rules "no-repeat:8"]\n\n'
NR4='[Game "baghchal"]\n[Board "4x4"]\n[Rules "no-repeat"]\n\n'
CHOICE='1. c2 a3-b2 2. a2 b2-b3 3. a3 a1-b2 4. a1'

rec nra-mistake.txt "$NR3$CHOICE b2-b1\n"
check 0 '   8. tigers b2-b1        win                    -> loss (std loss in 2)            mistake: a win thrown into a loss; best c1-b1: win (std win in 3)' game --analyze --dir "$NA" "$T/nra-mistake.txt"
check 0 'mistakes: goats 0, tigers 1 (the first: move 8, b2-b1)' game --analyze --dir "$NA" "$T/nra-mistake.txt"
check 0 'judged: 8 of 8 moves' game --analyze --dir "$NA" "$T/nra-mistake.txt"
check 0 'value at the start: loss for the goats to move' game --analyze --dir "$NA" "$T/nra-mistake.txt"
check 0 '   1. goats  c2           loss                   -> loss (std loss)' game --analyze --dir "$NA" "$T/nra-mistake.txt"
rec nra-good.txt "$NR3$CHOICE c1-b1\n"
check 0 'mistakes: goats 0, tigers 0' game --analyze --dir "$NA" "$T/nra-good.txt"
check 0 '   8. tigers c1-b1        win                    -> win (std win in 3)' game --analyze --dir "$NA" "$T/nra-good.txt"
rec nra-window.txt "$NR3W$CHOICE b2-b1\n"
check 0 'analysis under rules no-repeat:8:' game --analyze --dir "$NA" "$T/nra-window.txt"
check 0 'mistakes: goats 0, tigers 1 (the first: move 8, b2-b1)' game --analyze --dir "$NA" "$T/nra-window.txt"
# under the window c1-b2 loses, which the standard tables call a win
rec nra-window2.txt "${NR3W}1. b1 c3-b3 2. a2 b3-c3 3. b2 c3-c2 4. c3 a3-b3 5. a2-a3 a1-a2 6. b2-a1 c1-b2 7. b1-c1 b2-b1 8. c1-b2 c2-c1 9. b2-c2 c1-b2\n"
check 0 '  18. tigers c1-b2        win                    -> loss (std win' game --analyze --dir "$NA" "$T/nra-window2.txt"
check 0 'mistakes: goats 0, tigers 1 (the first: move 18, c1-b2)' game --analyze --dir "$NA" "$T/nra-window2.txt"
rec nra-4x4.txt "${NR4}1. b3 a4-b4 2. c1 a1-a2 3. c3 a2-a1 4. c4 d1-d2 5. d1 a1-b1 6. a2\n"
check 0 '  11. goats  a2           win                    -> loss (std draw)                 mistake: a win thrown into a loss; best b2: win (std win)' game --analyze --dir "$NA" "$T/nra-4x4.txt"
check 0 'mistakes: goats 1 (the first: move 11, a2), tigers 1 (the first: move 10, a1-b1)' game --analyze --dir "$NA" "$T/nra-4x4.txt"

# The JSON: the flagged moves and summary, and every value against guti query's search.
# nra_json FILE RULES MISTAKES SUMMARY: FILE the JSON of the record beside it (X.json of
# X.txt); the move numbers flagged mistake and the summary's
# members given; each position's value (before) as guti query --history finds it (with the
# same tables), each move's (after) the opposite of the next position's.
NRA_JSON='
import json, subprocess, sys
g, tables, path, rules, want, summary = sys.argv[1:7]
a = json.load(open(path))
got = " ".join(str(m["number"]) for m in a["moves"] if m["mistake"])
if got != want: print("mistakes at", repr(got), "expected", repr(want))
for k, v in json.loads(summary).items():
    if a["summary"].get(k) != v: print("summary", k, a["summary"].get(k), "expected", v)
head = open(path[:-len(".json")] + ".txt").read().split("\n\n")[0] + "\n\n"
other = {"win": "loss", "loss": "win", "draw": "draw"}
def query(k):
    rec = path + ".prefix"
    open(rec, "w").write(head + " ".join(m["move"] for m in a["moves"][:k]) + "\n")
    out = subprocess.run([g, "query", "--dir", tables, "--rules", rules, "--history", rec, "--json"],
                         capture_output=True, text=True)
    return json.loads(out.stdout)["value"]
for m in a["moves"]:
    k = m["number"] - 1
    if m["best"] is None: print("move", k + 1, "no best move")
    if m["judged"] != (m["before"]["value"] != "unknown" and m["after"]["value"] != "unknown"):
        print("move", k + 1, "judged", m["judged"])
    q = query(k)
    if m["before"]["value"] != q: print("move", k + 1, "before", m["before"]["value"], "query", q)
    q = query(k + 1)
    if m["after"]["value"] != other.get(q): print("move", k + 1, "after", m["after"]["value"], "query", q)
'
nra_json() {
    CMD="(no-repeat analysis JSON) $*"
    python3 -c "$NRA_JSON" "$G" "$NA" "$@" >"$T/nra-why" 2>&1 || echo "python3 failed" >>"$T/nra-why"
    if [ -s "$T/nra-why" ]; then
        fail "$(head -n 3 "$T/nra-why" | tr '\n' ' ')"
    else
        passed=$((passed + 1))
    fi
}
for f in nra-mistake nra-window nra-window2 nra-4x4; do
    check 0 '"summary": {"rules": "no-repeat' game --analyze --json --dir "$NA" "$T/$f.txt"
    cp "$T/out" "$T/$f.json"
done
nra_json "$T/nra-mistake.json" no-repeat 8 '{"judged": 8, "unknown": 0, "mistakes": {"goats": 0, "tigers": 1}, "first_mistake": {"goats": null, "tigers": 8}, "budget": 1000000, "result": "*"}'
nra_json "$T/nra-window.json" no-repeat:8 8 '{"rules": "no-repeat:8", "judged": 8}'
nra_json "$T/nra-window2.json" no-repeat:8 18 '{"judged": 18, "start": {"fen": "T1T/3/T1T g 4", "side": "goats", "value": "loss"}}'
nra_json "$T/nra-4x4.json" no-repeat '10 11' '{"judged": 11, "mistakes": {"goats": 1, "tigers": 1}}'
check 0 '"move": "b2-b1", "side": "tigers", "fen": "GTT/GTG/G1T t 0", "before": {"value": "win", ' game --analyze --json --dir "$NA" "$T/nra-mistake.txt"
check 0 '"after": {"value": "loss", "standard": "loss", "standard_dtm": 2}, "judged": true, "mistake": true, "best": {"move": "c1-b1", "value": "win", "standard": "win", "standard_dtm": 3}}' game --analyze --json --dir "$NA" "$T/nra-mistake.txt"

# a budget too small to decide (4 search nodes a position: the proof-number search decides
# one of the eight): unknown, not judged, and said so
check 0 '   1. goats  c2           unknown under the rule -> unknown under the rule (std loss)' game --analyze --budget 4 --dir "$NA" "$T/nra-mistake.txt"
check 0 'judged: 1 of 8 moves (7 unknown under the rule: the search ran out of its budget; raise --budget)' game --analyze --budget 4 --dir "$NA" "$T/nra-mistake.txt"
check 0 '"judged": 1, "moves": 8, "unknown": 7' game --analyze --budget 4 --json --dir "$NA" "$T/nra-mistake.txt"
check 0 '"budget": 4,' game --analyze --budget 4 --json --dir "$NA" "$T/nra-mistake.txt"
# without the standard tables: the values under the rule all the same, the standard unknown
mkdir -p "$T/nr-analyze-none"
check 0 '   8. tigers b2-b1        win                    -> loss (std unknown)' game --analyze --dir "$T/nr-analyze-none" "$T/nra-mistake.txt"
check 2 '--budget is for --analyze' game --budget 3 "$T/nra-mistake.txt"
check 2 "--budget '0' is not a whole number from 1 to 10^18" game --analyze --budget 0 "$T/nra-mistake.txt"
rec nra-standard.txt '[Game "baghchal"]\n[Board "3x3"]\n[Rules "standard"]\n\n1. c2 a3-b2\n'
check 1 '--budget is for rules no-repeat, and the record'"'"'s are standard' game --analyze --budget 3 --dir "$NA" "$T/nra-standard.txt"
# a refused move: the record's fault, the moves before it analysed
rec nra-refused.txt "${NR3}1. b3 c3-c2 2. c3 a3-b2 3. a3 a1-b1 4. a2 b2-a1 5. c3-b2 c2-c3 6. b2-c2 c3-b2 7. c2-c3 b2-c2\n"
check 1 'move 14 (b2-c2): ' game --analyze --dir "$NA" "$T/nra-refused.txt"
"$G" game --analyze --dir "$NA" "$T/nra-refused.txt" >"$T/out" 2>/dev/null
CMD="game --analyze (a refused move 14)"
if grep -q '^  13\. ' "$T/out" && ! grep -q '^  14\. ' "$T/out"; then
    passed=$((passed + 1))
else
    fail "moves 1 to 13 analysed, not 14"
fi
