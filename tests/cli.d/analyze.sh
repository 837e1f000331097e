# guti game --analyze (issue 13, part 3): each move's value before and after it, the
# mistakes and the best move instead, the summary. Records written here, on tables made
# here: the whole 4x4 and 3x3 games with DTM and the counting rule's tables (limit 100),
# and Sixteen Soldiers up to 4 pieces with theirs (limit 80). What must hold:
# - the flagged moves and the summary, exactly, for a game where both sides throw a value
#   away (the tigers a win twice, the goats a draw), games played by the best moves on 4x4
#   and 3x3 (no mistake, no slower move), a win the clock makes a draw (a mistake by value_now though
#   the value without the rule is still a win), a third repetition (a draw whatever the
#   tables say), and a Sixteen Soldiers endgame from a FEN tag;
# - every "before" is what guti query says of the position, and every "after" what it says
#   of the move (the position it leads to, from the mover's side), field by field; and the
#   value of the position the move leads to is the after's, seen from the other side;
# - records in the baghchal package's PGN and OBX without tables: every value unknown,
#   each missing table named once, exit status 1 (the tables answer nothing); a table
#   missing among others: unknown there, named once, exit status 0.
# python3 (a dependency of the tests already) reads the JSON.

AD="$T/an44"
A16="$T/an16"
AE="$T/an-none"
check 0 'start under the 100 half-move rule: loss' solve baghchal --board 4x4 --dtm --dtc --dir "$AD" --quiet
check 0 '' solve sixteen --pieces 4 --dtc --dir "$A16" --quiet
mkdir -p "$AE"
BC44='[Game "baghchal"]\n[Board "4x4"]\n[Rules "standard"]\n'

# an_json CHECK FILE [ARGS...]: runs the Python CHECK (a program text) on the JSON in FILE
# with ARGS after it; what it prints is a failure.
an_json() {
    py=$1
    shift
    CMD="(analysis JSON) $*"
    python3 -c "$py" "$@" >"$T/an-why" 2>&1 || echo "python3 failed" >>"$T/an-why"
    if [ -s "$T/an-why" ]; then
        fail "$(head -n 3 "$T/an-why" | tr '\n' ' ')"
    else
        passed=$((passed + 1))
    fi
}

# The summary and the flagged moves: an_flags FILE MISTAKES SLOWER SUMMARY, the move numbers
# flagged mistake and slower (space-separated, "" for none) and the summary as JSON (the
# members given must be there with these values).
AN_FLAGS='
import json, sys
a = json.load(open(sys.argv[1]))
got = " ".join(str(m["number"]) for m in a["moves"] if m["mistake"])
if got != sys.argv[2]: print("mistakes at", repr(got), "expected", repr(sys.argv[2]))
got = " ".join(str(m["number"]) for m in a["moves"] if m["slower"])
if got != sys.argv[3]: print("slower at", repr(got), "expected", repr(sys.argv[3]))
for k, v in json.loads(sys.argv[4]).items():
    if a["summary"].get(k) != v: print("summary", k, a["summary"].get(k), "expected", v)
for m in a["moves"]:
    flagged = m["mistake"] or m["slower"] or m["faster_loss"]
    if flagged != (m["best"] is not None): print("move", m["number"], "best", m["best"])
    if m["mistake"] and m["best"]["value"] == m["after"]["value"] and m["best"]["value_now"] == m["after"]["value_now"]:
        print("move", m["number"], "a mistake no worse than the best move")
'
an_flags() {
    an_json "$AN_FLAGS" "$@"
}

# Every before and after against guti query: an_query FILE DIR RULES. Queries each move's
# position (its "fen"), then the position each move leads to (the next move's "fen", the
# last one's from guti game's "final"), in one run of guti query each.
AN_QUERY='
import json, subprocess, sys
a = json.load(open(sys.argv[1]))
guti, tables, rules = sys.argv[2], sys.argv[3], sys.argv[4]
def query(fens):
    out = subprocess.run([guti, "query", "--json", "--dir", tables, "--rules", rules],
                         input="".join(f + "\n" for f in fens), capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines()]
moves = a["moves"]
fields = ("value", "dtm", "value_now", "class", "dtc")
flip = {"win": "loss", "loss": "win", "draw": "draw", None: None}
for m, q in zip(moves, query([m["fen"] for m in moves])):
    b = m["before"]
    for f in fields + ("clock", "over"):
        if b[f] != q.get(f): print("move", m["number"], "before", f, b[f], "query", q.get(f))
    qm = [x for x in q["moves"] if x["move"] == m["move"]]
    if len(qm) != 1:
        print("move", m["number"], m["move"], "not among the moves of", m["fen"])
        continue
    if m["after"].get("reason") == "third repetition of the position":
        continue  # a draw by repetition, which no table (nor query) knows
    for f in fields:
        if m["after"][f] != qm[0].get(f): print("move", m["number"], "after", f, m["after"][f], "query", qm[0].get(f))
nexts = [m["fen"] for m in moves[1:]] + [a["final"]]
for m, q in zip(moves, query(nexts)):
    x = m["after"]
    if x["over"] or x.get("reason"):
        continue  # an ended game: query says the result, the after the move that ended it
    want = (flip[q["value"]], flip[q["value_now"]], None if q["dtm"] is None else q["dtm"] + 1)
    if (x["value"], x["value_now"], x["dtm"]) != want:
        print("move", m["number"], "after", (x["value"], x["value_now"], x["dtm"]), "the position it leads to", want)
'
an_query() {
    an_json "$AN_QUERY" "$1" "$G" "$2" "$3"
}

# A game in which both sides throw a value away: the tigers win from the start but let it go
# into a draw at move 2 (a1-a2 instead of the capture a1xc1), the goats lose the draw at
# move 3 (a1, where c1 holds it), the tigers throw the new win again at move 10 (a2-a3).
rec an-mistakes.txt "${BC44}"'\n1. b1 a1-a2 2. a1 d1-c1 3. d2 d4-d3 4. d1 d3-d4 5. d3 a2-a3\n6. a2 c1-c2 7. b2 c2-c1 8. b4 a4xc4 9. a4 c1-c2 10. c3 c4-b4\n'
check 0 'mistakes: goats 1 (the first: move 3, a1), tigers 2 (the first: move 2, a1-a2)' game "$T/an-mistakes.txt" --analyze --dir "$AD"
an_has() {
    grep -F -q -e "$1" "$T/out" || fail "stdout lacks '$1'"
}
an_has '   2. tigers a1-a2        win 25 dtc 1           -> draw                    mistake: a win thrown into a draw (by value_now); best a1xc1: win 25 dtc 1'
an_has '   3. goats  a1           draw                   -> loss 36 dtc 1           mistake: a draw thrown into a loss (by value_now); best c1: draw'
an_has 'slower moves (not errors): goats 0, tigers 0'
an_has 'faster losses (not errors): goats 0, tigers 0'
an_has 'judged: 20 of 20 moves'
an_has 'value at the start: loss 26 dtc 1 for the goats to move'
an_has 'verdict: * (unfinished)'
check 0 '"mistake": true' game "$T/an-mistakes.txt" --analyze --dir "$AD" --json
cp "$T/out" "$T/an-mistakes.json"
an_flags "$T/an-mistakes.json" '2 3 10' '' '{"mistakes": {"goats": 1, "tigers": 2}, "first_mistake": {"goats": 3, "tigers": 2}, "slower": {"goats": 0, "tigers": 0}, "judged": 20, "moves": 20, "unknown": 0, "result": "*", "winner": null, "reason": "unfinished", "missing": [], "more_missing": false, "start": {"fen": "T2T/4/4/T2T g 12", "side": "goats", "value": "loss", "dtm": 26, "value_now": "loss", "class": "loss", "dtc": 1, "clock": 0, "over": false}}'
an_query "$T/an-mistakes.json" "$AD" standard

# A game played by the best moves, guti query's first each time, to the tigers' win: no
# mistake and no slower move.
rec an-perfect.txt "${BC44}"'[Result "tigers"]\n\nb1 a1xc1 a1 c1-b1 c1 b1-b2 b1 b2-a2 c2 a2-b2 a2 b2-b3 b2 b3-a3 c3 a3-b3\nd2 d1xd3 a3 d3-d2 d3 d2-d1 d2 d4-c4 d3-d4 d1xd3 tigers\n'
check 0 'mistakes: goats 0, tigers 0' game "$T/an-perfect.txt" --analyze --dir "$AD"
an_has 'slower moves (not errors): goats 0, tigers 0'
an_has 'verdict: tigers (3 goats captured)'
an_has '  26. tigers d1xd3        win 1 dtc 1            -> win 1 dtc 1             (3 goats captured)'
check 0 '' game "$T/an-perfect.txt" --analyze --dir "$AD" --json
cp "$T/out" "$T/an-perfect.json"
an_flags "$T/an-perfect.json" '' '' '{"mistakes": {"goats": 0, "tigers": 0}, "first_mistake": {"goats": null, "tigers": null}, "slower": {"goats": 0, "tigers": 0}, "faster_loss": {"goats": 0, "tigers": 0}, "judged": 26, "moves": 26, "unknown": 0, "result": "tigers", "winner": "tigers", "reason": "3 goats captured"}'
an_query "$T/an-perfect.json" "$AD" standard
an_json '
import json, subprocess, sys
a = json.load(open(sys.argv[1]))
for m in a["moves"]:
    q = json.loads(subprocess.run([sys.argv[2], "query", "--json", "--dir", sys.argv[3], m["fen"]], capture_output=True, text=True).stdout)
    if q["moves"][0]["move"] != m["move"]: print("move", m["number"], m["move"], "is not query'"'"'s first,", q["moves"][0]["move"])
' "$T/an-perfect.json" "$G" "$AD"

# A faster loss: the goats, lost from the start, shorten the loss at move 3 (b1, lost in 8,
# where a1 resists for 24): flagged as a slower win is, not an error, with the best move.
rec an-faster.txt "${BC44}"'\nb1 a1xc1 b1\n'
check 0 '   3. goats  b1           loss 24 dtc 1          -> loss 8 dtc 1            faster loss (not an error); best a1: loss 24 dtc 1' game "$T/an-faster.txt" --analyze --dir "$AD"
an_has 'mistakes: goats 0, tigers 0'
an_has 'faster losses (not errors): goats 1, tigers 0'
check 0 '' game "$T/an-faster.txt" --analyze --dir "$AD" --json
cp "$T/out" "$T/an-faster.json"
an_flags "$T/an-faster.json" '' '' '{"mistakes": {"goats": 0, "tigers": 0}, "slower": {"goats": 0, "tigers": 0}, "faster_loss": {"goats": 1, "tigers": 0}, "judged": 3}'
an_json '
import json, sys
ms = json.load(open(sys.argv[1]))["moves"]
got = [m["number"] for m in ms if m["faster_loss"]]
if got != [3] or ms[2]["best"]["move"] != "a1" or (ms[2]["after"]["dtm"], ms[2]["best"]["dtm"]) != (8, 24):
    print("faster losses at", got, ms[2])
' "$T/an-faster.json"
an_query "$T/an-faster.json" "$AD" standard

# The clock: from a FEN at clock 97 the tigers win in 3 (DTC 3, decided while the clock is
# at most 97); d1-d2 still wins without the counting rule (in 7) but needs DTC 7, which
# the clock no longer has: a win thrown into a draw by value_now, the only value that
# counts for a player. The game is then drawn by the clock at the third half-move.
rec an-clock.txt "${BC44}"'[FEN "TT1G/GTGG/GGG1/GGGT t 0 97"]\n\nd1-d2 c1-d1 b4-c4\n'
check 0 '   1. tigers d1-d2        win 3 dtc 3            -> win 7 dtc 7 now draw    mistake: a win thrown into a draw (by value_now); best b4-c4: win 3 dtc 3' game "$T/an-clock.txt" --analyze --dir "$AD"
# (move 3 reaches the clock's limit: its class and DTC are those it has at any clock)
an_has '   3. tigers b4-c4        win 5 dtc 5 now draw   -> win 5 dtc 5 now draw    (100 half-moves without capture or placement)'
an_has 'verdict: draw (100 half-moves without capture or placement)'
check 0 '' game "$T/an-clock.txt" --analyze --dir "$AD" --json
cp "$T/out" "$T/an-clock.json"
an_flags "$T/an-clock.json" '1' '' '{"mistakes": {"goats": 0, "tigers": 1}, "first_mistake": {"goats": null, "tigers": 1}, "judged": 3, "result": "draw", "winner": null, "reason": "100 half-moves without capture or placement"}'
an_query "$T/an-clock.json" "$AD" standard
an_json '
import json, sys
m = json.load(open(sys.argv[1]))["moves"][0]
if (m["judged"], m["after"]["value"], m["after"]["value_now"], m["after"]["dtc"]) != ("value_now", "win", "draw", 7):
    print("the clock case:", m["judged"], m["after"])
' "$T/an-clock.json"

# A third repetition: the tigers, winning, make the position occur a third time with their
# move 8; the game is drawn, whatever the tables say of the position (a win), so that move
# throws the win away. Move 4 keeps the win, but in 9 where the capture wins in 1: slower.
rec an-repeat.txt "${BC44}"'[FEN "TT1G/GTGG/GG1G/GGGT g 0"]\n\nc1-c2 b4-c4 c2-c1 c4-b4 c1-c2 b4-c4 c2-c1 c4-b4\n'
check 0 '   8. tigers c4-b4        win 1 dtc 1            -> draw                    mistake: a win thrown into a draw (by value_now); best c4xc2: win 1 dtc 1  (third repetition of the position)' game "$T/an-repeat.txt" --analyze --dir "$AD"
an_has '   4. tigers c4-b4        win 1 dtc 1            -> win 9 dtc 9             slower (not an error); best c4xc2: win 1 dtc 1'
check 0 '' game "$T/an-repeat.txt" --analyze --dir "$AD" --json
cp "$T/out" "$T/an-repeat.json"
an_flags "$T/an-repeat.json" '8' '4' '{"mistakes": {"goats": 0, "tigers": 1}, "first_mistake": {"goats": null, "tigers": 8}, "slower": {"goats": 0, "tigers": 1}, "result": "draw", "reason": "third repetition of the position"}'
an_query "$T/an-repeat.json" "$AD" standard

# The 3x3 board, by the best moves: the tigers shut the goats in.
A33="$T/an33"
check 0 '' solve baghchal --board 3x3 --dtm --dtc --dir "$A33" --quiet
rec an-3x3.txt '[Game "baghchal"]\n[Board "3x3"]\n[Rules "standard"]\n\nb1 a1-a2 a1 c1-c2 c1 a3-b2 a3 c3-b3\n'
check 0 'mistakes: goats 0, tigers 0' game "$T/an-3x3.txt" --analyze --dir "$A33"
an_has 'verdict: tigers (the goats have no legal move)'
check 0 '' game "$T/an-3x3.txt" --analyze --dir "$A33" --json
cp "$T/out" "$T/an-3x3.json"
an_flags "$T/an-3x3.json" '' '' '{"judged": 8, "moves": 8, "unknown": 0, "result": "tigers"}'
an_query "$T/an-3x3.json" "$A33" standard

# Sixteen Soldiers from a FEN tag, 3 against 1: Red throws the win away at move 1 (e3-d4,
# where c1-c2 wins), Blue the draw at move 2 (e5-d6, where the capture e5xc3 holds it);
# then Red wins by the best moves.
rec an-sixteen.txt "${SIX}"'[FEN "3/3/5/5/1R2B/5/4R/3/1R1 r"]\n\ne3-d4 e5-d6 c1-c2 d6-c6 d4-c4 c6-d6 b5-b6 d6-e5 c2-c3 e5-e4 c3-d3 e4-e3\nb6-c5 e3-e4 c5-d6 e4-e5 d6-d7 e5-e4 d3-e3 e4-e5 d7-e7 e5-d5 e7-e6 d5-d4 e3xc5 red\n'
check 0 'mistakes: red 1 (the first: move 1, e3-d4), blue 1 (the first: move 2, e5-d6)' game "$T/an-sixteen.txt" --analyze --dir "$A16"
an_has 'verdict: red (blue has no pieces left)'
check 0 '' game "$T/an-sixteen.txt" --analyze --dir "$A16" --json
cp "$T/out" "$T/an-sixteen.json"
an_flags "$T/an-sixteen.json" '1 2' '' '{"mistakes": {"red": 1, "blue": 1}, "first_mistake": {"red": 1, "blue": 2}, "judged": 25, "moves": 25, "unknown": 0, "result": "red", "winner": "red", "reason": "blue has no pieces left"}'
an_query "$T/an-sixteen.json" "$A16" optional

# 5x5 records in the other programs' notations, without tables: every position unknown but
# the last (a finished game needs no table), each missing table named once, and exit
# status 1, since nothing could be analysed; the moves in the notation asked for.
for rec in bc_goats_win.pgn bc_goats_win.obx; do
    check 1 "game: --analyze: the tables answer none of the game's positions: no table $AE/baghchal-5x5-standard-h20-c0-g.wdl; make it with: guti solve baghchal --rules standard --board 5x5 --dir $AE" game "$R/$rec" --analyze --dir "$AE" --json
    an_json '
import json, sys
a = json.load(open(sys.argv[1]))
s, ms, none = a["summary"], a["moves"], sys.argv[2]
if len(ms) != 43 or a["result"] != "goats": print("moves", len(ms), "result", a["result"])
for m in ms:
    for side in ("before", "after"):
        x = m[side]
        if m["number"] == 43 and side == "after":
            if (x["value"], x["over"]) != ("win", True): print("the last move", x)
        elif x["value"] != "unknown" or not s["missing"][x["missing"]].startswith("no table " + none + "/baghchal-5x5-standard-h"):
            print("move", m["number"], side, x)
    if m["judged"] is not None or m["mistake"] or m["best"] is not None: print("move", m["number"], "judged")
if len(set(s["missing"])) != len(s["missing"]) or len(s["missing"]) != 40: print(len(s["missing"]), "missing tables named:", s["missing"][:3])
if s["unknown"] != 43 or s["judged"] != 0 or s["start"]["value"] != "unknown": print("summary", s["unknown"], s["judged"], s["start"])
' "$T/out" "$AE"
done
check 1 'the tables answer none' game "$R/bc_goats_win.pgn" --analyze --dir "$AE" --notation baghchal
an_has '   1. goats  G34          unknown                -> unknown'
an_has '  43. goats  G3242        unknown                -> win 1 dtc 1             (the tigers have no legal move)'
an_has 'unknown: 43 positions, for want of 40 tables:'
[ "$(grep -c "^  no table $AE/baghchal-5x5-standard-h20-c0-g.wdl" "$T/out")" -eq 1 ] || fail "the first missing table is not named once"
passed=$((passed + 1))

# A table missing among others: its positions unknown, named once, the rest analysed.
rm -rf "$T/an-part" && cp -r "$AD" "$T/an-part"
rm "$T/an-part"/baghchal-4x4-standard-h10-c1-g.*
check 0 'unknown: 1 position, for want of 1 table:' game "$T/an-perfect.txt" --analyze --dir "$T/an-part"
an_has "  no table $T/an-part/baghchal-4x4-standard-h10-c1-g.wdl; make it with:"
an_has '   4. tigers c1-b1        win 23 dtc 2           -> unknown'
an_has '   5. goats  c1           unknown                -> loss 22 dtc 1'
an_has 'judged: 24 of 26 moves'

# Errors and usage: a record with an illegal move is analysed up to it, and fails as guti
# game does; rules no-repeat have no tables, and are searched instead
# (tests/cli.d/norepeat-analyze.sh); --dir belongs to --analyze.
rec an-bad.txt "${BC44}"'\nb1 a1xc1 a1 c1-c3\n'
check 1 "move 4 (c1-c3)" game "$T/an-bad.txt" --analyze --dir "$AD"
an_has 'judged: 3 of 3 moves'
rec an-norepeat.txt '[Game "baghchal"]\n[Board "4x4"]\n[Rules "no-repeat"]\n\nb1\n'
check 0 '   1. goats  b1           loss                   -> loss (std loss ' game "$T/an-norepeat.txt" --analyze --dir "$AD"
check 2 '--dir is for --analyze' game "$T/an-perfect.txt" --dir "$AD"
check 0 '  --analyze     judge every move from the tables' game --help
