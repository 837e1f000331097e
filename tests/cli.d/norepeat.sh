# The no-repeat rule by search (issue 17): guti query --rules no-repeat (a FEN with only
# its own board behind it, or --history FILE, a record) and guti norepeat (a layer against
# the standard tables). The values are checked against brute forces on 3x3 in
# tests/test_norepeat.c; here, what a user meets:
# - the 3x3 start is a goats' loss under every window, and the JSON says how it was found;
# - a record's history is replayed with the rule: a refused move is a one-line error
#   naming its number; the position after the moves is answered, unknown past --budget;
# - guti norepeat on 4x4 (the standard tables as bounds there, proven in docs/results.md) sorts
#   every standard draw of a layer, and with --no-bounds the search itself agrees with the
#   standard value of every win and loss it decides (the proof, checked);
# - wrong rules, layers and budgets are one-line errors.

NR="$T/norepeat"
mkdir -p "$NR"
START3='T1T/3/T1T g 4'
for w in no-repeat no-repeat:2 no-repeat:4 no-repeat:12; do
    check 0 "goats to move: loss under $w" query --dir "$NR" --rules "$w" "$START3"
done
check 0 '"value": "loss", "best": null' query --dir "$NR" --rules no-repeat --json "$START3"
check 0 '"bounded": false' query --dir "$NR" --rules no-repeat --json "$START3"

# a record: its moves replayed with the rule, the last position answered
rec nr-ok.txt '[Game "baghchal"]\n[Rules "no-repeat"]\n[FEN "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0"]\n\n1. c5-d5 a1-b1 2. d5-c5\n'
check 0 'tigers to move: unknown under no-repeat' query --dir "$NR" --history "$T/nr-ok.txt" --budget 1000
check 0 '(after 3 moves)' query --dir "$NR" --history "$T/nr-ok.txt" --budget 1000
check 0 '"moves_played": 3, "value": "unknown"' query --dir "$NR" --history "$T/nr-ok.txt" --budget 1000 --json
check 1 "move 4 'b1-a1': recreates a board seen since the last placement or capture" query --dir "$NR" --history "$R/bc_norepeat.txt"
# the same record asked under a window that has forgotten nothing yet: still refused
check 1 "move 4 'b1-a1': recreates a board" query --dir "$NR" --history "$R/bc_norepeat.txt" --rules no-repeat:12
# a window of 2 boards remembers only the current one and the one before it: allowed
check 0 'goats to move:' query --dir "$NR" --history "$R/bc_norepeat.txt" --rules no-repeat:2 --budget 1000
check 1 "the record's rules are 'standard': give --rules no-repeat" query --dir "$NR" --history "$R/bc_tigers_win.txt"
check 2 '--pv, --notation and --captures have no meaning under rules no-repeat' query --rules no-repeat --pv "$START3"
check 2 "--budget 'x' is not a whole number from 1 to 10^18" query --rules no-repeat --budget x "$START3"
check 2 "--budget '0' is not a whole number from 1 to 10^18" norepeat baghchal --budget 0
check 2 "--budget '1000000000000000001' is not a whole number" norepeat baghchal --budget 1000000000000000001
check 2 '--budget is for rules no-repeat' query --budget 5 "$START3"
check 2 'give FEN operands or --history FILE' query --rules no-repeat
check 1 'operand 1' query --rules no-repeat 'T2T/3/T1T g 4'

# 4x4: the standard tables, then the one-hole layer's draws sorted
check 0 'h0-c1' solve baghchal --board 4x4 --phase movement --dir "$NR"
check 0 '"counts": {"loss": {"loss": 0, "draw": 0, "win": 0, "unknown": 0}, "draw": {' norepeat baghchal --board 4x4 --captured 1 --dir "$NR" --budget 100000 --json --quiet
CMD="norepeat --board 4x4 --captured 1 (every draw sorted, none a draw)"
python3 - "$T/out" <<'PY' && passed=$((passed + 1)) || fail "counts wrong"
import json, sys
d = json.load(open(sys.argv[1]))
draw = d["counts"]["draw"]
assert d["bounds"] and d["draws_only"], d
assert d["classes"] == sum(draw.values()) == 650, d  # the 4x4 layer's standard draws
assert draw["draw"] == 0, d  # the unlimited window leaves no draws
assert draw["win"] > 100 and draw["loss"] > 100, d
PY
check 0 'standard wins as bounds' norepeat baghchal --board 4x4 --captured 1 --dir "$NR" --budget 1000 --quiet
# the proof's claim, by search, on the two-hole layer (whose captures end the game, so the
# search needs no other layer): standard wins and losses the search decides stay so
check 0 '"bounds": false' norepeat baghchal --board 4x4 --captured 2 --dir "$NR" --all --no-bounds --budget 1000 --json --quiet
CMD="norepeat --all --no-bounds (standard wins stay wins)"
python3 - "$T/out" <<'PY' && passed=$((passed + 1)) || fail "a standard win or loss changed"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["counts"]
assert c["win"]["loss"] == c["win"]["draw"] == c["loss"]["win"] == c["loss"]["draw"] == 0, c
assert c["win"]["win"] > 10000 and c["loss"]["loss"] > 5000, c
PY
check 1 'captured: 3 is no movement layer of this game (0 to 2)' norepeat baghchal --board 4x4 --captured 3 --dir "$NR"
check 2 'only baghchal under no-repeat or no-repeat:N' norepeat baghchal --rules standard --dir "$NR"
check 1 'make it with: guti solve baghchal' norepeat baghchal --board 3x3 --dir "$NR"

# --moves: every move with its value under the rule and the standard one beside, best first
# as the machine plays, refused moves last and said so. On 4x4 the goats' blocking move wins
# under any window (the standard win is a bound there), the moves that let a tiger out lose.
check 0 'b2-c2      win      (standard: win in 1)' query --dir "$NR" --rules no-repeat:12 --moves 'TGGT/GGGG/GG1G/TGGT g 0'
check 0 'c1-c2      loss     (standard: loss in 4)' query --dir "$NR" --rules no-repeat:12 --moves 'TGGT/GGGG/GG1G/TGGT g 0'
check 0 'goats to move: win under no-repeat:12' query --dir "$NR" --rules no-repeat:12 --moves 'TGGT/GGGG/GG1G/TGGT g 0'
check 0 '"best": "b2-c2"' query --dir "$NR" --rules no-repeat --moves --json 'TGGT/GGGG/GG1G/TGGT g 0'
CMD="query --moves --json (ranked: wins, then the rest, then losses, refused last)"
python3 - "$T/out" <<'PY' && passed=$((passed + 1)) || fail "moves not ranked or valued"
import json, sys
d = json.load(open(sys.argv[1]))
rank = {"win": 0, "draw": 1, "unknown": 1, "loss": 2, None: 3}
r = [rank[m["value"]] for m in d["moves"]]
assert r == sorted(r) and len(r) == 4, d
assert [m["value"] for m in d["moves"]] == ["win", "win", "loss", "loss"], d
assert all(m["standard"] == m["value"] and not m["refused"] for m in d["moves"]), d
PY
# the 5x5 record: after c5-d5 a1-b1 d5-c5, b1-a1 would bring the first board back
check 0 'b1-a1      refused: recreates a board seen since the last placement or capture' query --history "$T/nr-ok.txt" --moves --budget 100
check 0 'b1-a1      refused: recreates a board among the last 4' query --history "$T/nr-ok.txt" --rules no-repeat:4 --moves --budget 100
check 0 '"move": "b1-a1", "fen": "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 4", "refused": true, "value": null' query --history "$T/nr-ok.txt" --moves --budget 100 --json
# a window of 2 remembers the current board and the one before: b1-a1 is a move like any
check 0 'b1-a1      unknown  (standard: unknown)' query --history "$T/nr-ok.txt" --rules no-repeat:2 --moves --budget 100
check 2 '--moves is for rules no-repeat' query --moves "$START3"

# guti play under the rule: each turn's moves searched, a refused move refused with the
# prompt again, a mistake judged between decided values, the machine's moves the list's
# first. The 4x4 one-hole position: b2-c2 blocks the last tiger (win), c1-c2 lets a1xc1 in.
P44='TGGT/GGGG/GG1G/TGGT g 0'
feed 'hint\nb2-c2\n' 0 'result: goats win (the tigers have no legal move)' play --board 4x4 --rules no-repeat:12 --dir "$NR" --fen "$P44" --side goats
feed 'hint\nquit\n' 0 'c1-c2      loss     (standard: loss in 4)' play --board 4x4 --rules no-repeat:12 --dir "$NR" --fen "$P44" --side goats
feed 'c1-c2\n' 0 "mistake: c1-c2 threw the goats' win into a loss (best b2-c2, win)" play --board 4x4 --rules no-repeat:12 --dir "$NR" --fen "$P44" --side goats
feed 'c1-c2\n' 0 'tigers play a1xc1 (tigers: win under no-repeat:12; standard: win in 3)' play --board 4x4 --rules no-repeat:12 --dir "$NR" --fen "$P44" --side goats
feed 'c1-c2\n' 0 '"event": "mistake", "side": "goats", "move": "c1-c2", "number": 1, "before": "win", "after": "loss", "best": "b2-c2"' play --board 4x4 --rules no-repeat:12 --dir "$NR" --fen "$P44" --side goats --json
# the 5x5 record's moves by hand, and then the one the rule refuses; without tables the
# values are unknown, and said so
P55='TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0'
feed 'c5-d5\na1-b1\nd5-c5\nb1-a1\nquit\n' 0 "refused under no-repeat:12: 'b1-a1' recreates a board among the last 12" play --rules no-repeat:12 --fen "$P55" --side both --budget 100
feed 'c5-d5\na1-b1\nd5-c5\nb1-a1\nquit\n' 0 "refused under no-repeat: 'b1-a1' recreates a board seen since the last placement or capture" play --rules no-repeat --fen "$P55" --side both --budget 100
feed 'quit\n' 0 'goats to move: unknown under no-repeat:12 (undecided within 100 search nodes a move' play --rules no-repeat:12 --fen "$P55" --side both --budget 100
feed 'c5-d5\na1-b1\nd5-c5\nhint\nquit\n' 0 '"move": "b1-a1", "fen": "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 4", "refused": true, "value": null' play --rules no-repeat --fen "$P55" --side both --budget 100 --json
# the machine against itself on 4x4 from the start: the goats lose under the rule as under
# the standard rules (the proven bound), and the tigers' moves are decided wins. The
# placement phase's standard tables too, or its positions would be searched unbounded.
check 0 '' solve baghchal --board 4x4 --dir "$NR" --quiet
check 0 'result: tigers win' play --board 4x4 --rules no-repeat:12 --dir "$NR" --side none
check 0 'tigers play a1xc1 (tigers: win under no-repeat:12' play --board 4x4 --rules no-repeat:12 --dir "$NR" --side none
check 2 '--budget is for rules no-repeat' play --board 4x4 --budget 5 --dir "$NR"
