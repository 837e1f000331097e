# guti play: a game against the tables. Tables made here: the 4x4 whole game with DTM
# ($GP44) and Sixteen Soldiers up to 4 pieces ($GP16). What must hold:
# - the machine plays guti query's best move, every time, and a game between it and
#   itself (--side none) ends as the tables say of the start, in exactly the start's DTM
#   when it is a win;
# - bad input (an illegal move, an unknown command) is one line and the prompt again; a bad
#   option is a usage error; a missing table stops it before the game, naming guti solve;
# - undo takes back the person's move and the reply; moves writes a record guti game
#   --analyze reads; --json is one object per line;
# - and, as a person would play it, under tmux: the board drawn, a move and the machine's
#   reply, hint (the lines of guti query), undo, then the game to its end by the best moves,
#   the result what the tables say of the start; and the line edited (arrow keys, history,
#   Ctrl-L);
# - a move that throws a win or a draw away is said when played, and quit sums them up; a
#   move of the other side's says whose turn it is; hint gives guti query's counting-rule
#   line (the 4x4 tables have the counting rule's too, guti solve --dtc);
# - with no directory named and no ./tables it plays unvalued, at random, --seed repeating.
# python3 (a dependency of the tests already) reads the JSON; tmux (scripts/deps.sh) runs
# the terminal.
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

GP44="$T/play44"
GP16="$T/play16"
GP_START='T2T/4/4/T2T g 12'
check 0 '' solve baghchal --board 4x4 --dtm --dtc --dir "$GP44" --quiet
check 0 '' solve sixteen --pieces 4 --dir "$GP16" --quiet

# gp_py CHECK ARGS...: runs the Python CHECK (a program text) with ARGS after it; what it
# prints is a failure.
gp_py() {
    py=$1
    shift
    CMD="(play, python) $*"
    python3 -c "$py" "$@" >"$T/play-why" 2>&1 || echo "python3 failed" >>"$T/play-why"
    if [ -s "$T/play-why" ]; then
        fail "$(head -n 3 "$T/play-why" | tr '\n' ' ')"
    else
        passed=$((passed + 1))
    fi
}

# gp_best DIR FEN: guti query's best move for FEN (empty when it has none).
gp_best() {
    "$G" query --json --dir "$1" "$2" |
        python3 -c 'import json, sys; m = json.load(sys.stdin)["moves"]; print(m[0]["move"] if m else "")'
}

# gp_after FEN MOVE: the FEN after MOVE (Bagh-Chal on 4x4), as guti game replays it.
gp_after() {
    printf '[Game "baghchal"]\n[Board "4x4"]\n[Rules "standard"]\n[FEN "%s"]\n%s\n' "$1" "$2" |
        "$G" game - --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["final"])'
}

# GP_EXPECTED, run with GUTI DIR FEN: what the tables say a game of best moves from FEN
# ends in, the winner's side or draw (the value for the side to move, made a result), and
# the DTM (-1 for a draw).
GP_EXPECTED='
import json, subprocess, sys
q = json.loads(subprocess.run([sys.argv[1], "query", "--json", "--dir", sys.argv[2], sys.argv[3]],
                              capture_output=True, text=True).stdout)
sides = {"g": ("goats", "tigers"), "t": ("tigers", "goats"), "r": ("red", "blue"), "b": ("blue", "red")}
me, other = sides[sys.argv[3].split()[1]]
word = {"win": me, "loss": other, "draw": "draw"}[q["value"]]
print(word, q["dtm"] if q["dtm"] is not None else -1)
'

# --- options, usage, missing tables ----------------------------------------------------
check 0 'usage: guti play [GAME]' play --help
check 0 '--side S' play --help
check 0 'play      a game against the tables' --help
check 2 "--side 'foo': expected goats, tigers, none or both" play --side foo --dir "$GP44"
check 2 "--side 'goats': expected red, blue, none or both" play sixteen --side goats --dir "$GP16"
check 2 "unknown game 'chess'" play chess
check 2 'expected at most one GAME, got 2 operands' play baghchal sixteen
check 2 "unknown rules 'foo'" play --rules foo
check 2 "board '4x4' is for baghchal" play sixteen --board 4x4
check 2 "option '--frob' is unknown" play --frob
check 1 "position: side 'x'" play --fen 'T2T/4/4/T2T x 12' --dir "$GP44"
# A missing table: before the game, naming the command that makes it.
# (an empty directory: one that is not there is "no such directory")
mkdir -p "$T/play-none"
check 1 'make it with: guti solve baghchal --rules standard --board 4x4' play --board 4x4 --dir "$T/play-none"
[ -s "$T/out" ] && fail "play printed a game though the tables are missing"
check 1 'make it with: guti solve baghchal --rules standard --board 5x5' play --dir "$GP44" --board 5x5
check 1 'make it with: guti solve baghchal --rules goat-pass --board 4x4' play --dir "$GP44" --board 4x4 --rules goat-pass
check 1 'make it with: guti solve sixteen --pieces 5' play --fen '3/3/5/1B1B1/5/2R2/1R1R1/3/3 r' --dir "$GP16"
check 1 'beyond guti' play sixteen --dir "$GP16"

# --- the machine against itself ----------------------------------------------------------
# 4x4 from the start: the result is the tables' value of the start, in its DTM.
read -r GP_WINNER GP_DTM <<EOF
$(python3 -c "$GP_EXPECTED" "$G" "$GP44" "$GP_START")
EOF
check 0 "result: $GP_WINNER win (" play --board 4x4 --dir "$GP44" --side none
# With no board named, the board of the tables there.
check 0 "result: $GP_WINNER win (" play --dir "$GP44" --side none
check 0 'tigers play a1xc1 (tigers: win in 25)' play --board 4x4 --dir "$GP44" --side none
[ "$(grep -c '^goats play \|^tigers play ' "$T/out")" -eq "$GP_DTM" ] ||
    fail "the game of best moves took $(grep -c ' play ' "$T/out") moves, the start's DTM is $GP_DTM"
# The same in JSON: every line an object; the machine's every move guti query's best; the
# end as the tables say; as many moves as the DTM.
check 0 '"event": "end"' play --board 4x4 --dir "$GP44" --side none --json
cp "$T/out" "$T/play-none.json"
GP_JSON_GAME='
import json, subprocess, sys
lines = open(sys.argv[1]).read().splitlines()
ev = [json.loads(l) for l in lines]
guti, tables, winner, dtm = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
pos = [e for e in ev if e["event"] == "position"]
moves = [e for e in ev if e["event"] == "move"]
if [e["event"] for e in ev] != ["position", "move"] * len(moves) + ["end"]:
    print("events", [e["event"] for e in ev][:6], "...")
out = subprocess.run([guti, "query", "--json", "--dir", tables], input="".join(p["fen"] + "\n" for p in pos),
                     capture_output=True, text=True).stdout.splitlines()
for i, (p, m, q) in enumerate(zip(pos, moves, map(json.loads, out))):
    if m["move"] != q["moves"][0]["move"]: print("move", i + 1, m["move"], "query best", q["moves"][0]["move"])
    if (p["value"], p["dtm"]) != (q["value"], q["dtm"]): print("position", i, p["value"], p["dtm"], "query", q["value"], q["dtm"])
    if p["turn"] != "machine" or m["by"] != "machine" or p["side"] != m["side"]: print("position", i, p["turn"], m["by"], m["side"])
    if p["moves"] != [x["move"] for x in moves[:i]]: print("position", i, "moves", p["moves"])
    if i + 1 < len(pos) and m["fen"] != pos[i + 1]["fen"]: print("move", i + 1, "fen", m["fen"])
end = ev[-1]
if end["result"] != winner or end["winner"] != (None if winner == "draw" else winner): print("end", end)
if end["moves"] != [m["move"] for m in moves]: print("end moves", end["moves"])
if dtm >= 0 and len(moves) != dtm: print(len(moves), "moves, the DTM is", dtm)
if end["mistakes"] != {"goats": 0, "tigers": 0} and end["mistakes"] != {"red": 0, "blue": 0}: print("mistakes", end["mistakes"])
'
gp_py "$GP_JSON_GAME" "$T/play-none.json" "$G" "$GP44" "$GP_WINNER" "$GP_DTM"
# Sixteen Soldiers endgames from a FEN: a win, and a draw (by the third repetition).
for GP_FEN in '3/3/5/2B2/5/2B2/2R2/3/3 r' '3/3/5/1B1B1/5/5/1R1R1/3/3 r'; do
    read -r GP_W GP_D <<EOF
$(python3 -c "$GP_EXPECTED" "$G" "$GP16" "$GP_FEN")
EOF
    case $GP_W in
    draw) GP_LINE='result: draw (' ;;
    *) GP_LINE="result: $GP_W wins (" ;;
    esac
    check 0 "$GP_LINE" play --fen "$GP_FEN" --dir "$GP16" --side none
    check 0 '"event": "end"' play --fen "$GP_FEN" --dir "$GP16" --side none --json
    cp "$T/out" "$T/play-16.json"
    gp_py "$GP_JSON_GAME" "$T/play-16.json" "$G" "$GP16" "$GP_W" "$GP_D"
done
check 0 'result: draw (third repetition of the position)' play --fen '3/3/5/1B1B1/5/5/1R1R1/3/3 r' --dir "$GP16" --side none
# A finished game at the start: its result at once.
check 0 'result: tigers win (3 goats captured)' play --fen 'T1TG/GTGT/GGG1/GGG1 g 0' --dir "$GP44"

# --- a person, on stdin -----------------------------------------------------------------------
# Bad input: one line each, and the prompt again; the game goes on.
feed 'z9\nfoo\nb2-b3\n\nb1\nquit\n' 0 "illegal move 'z9': 'z9' is not a point of the board" play --board 4x4 --dir "$GP44"
grep -q "^unknown command 'foo' (type help for the commands)\$" "$T/out" || fail "no line for the unknown command"
grep -q "^illegal move 'b2-b3': goats cannot move while goats are in hand" "$T/out" ||
    fail "no line for the illegal step"
grep -q '^tigers play a1xc1 (tigers: win in 25)$' "$T/out" || fail "the game did not go on after bad input"
grep -q '^quit: the game unfinished after 2 moves$' "$T/out" || fail "quit does not say so"
[ "$(grep -c '^goats> ' "$T/out")" -eq 6 ] || fail "not one prompt for each line of input"
# The end of the input is quit.
feed 'b1\n' 0 'quit: the game unfinished after 2 moves' play --board 4x4 --dir "$GP44"
# A move in capitals is the move.
feed 'B1\nquit\n' 0 'tigers play a1xc1' play --board 4x4 --dir "$GP44"
# undo: back to the start, then nothing to undo; fen; moves is a record guti game reads.
feed 'b1\nundo\nfen\nundo\nd2\nmoves\nquit\n' 0 'taken back: b1 a1xc1' play --board 4x4 --dir "$GP44"
grep -A1 '^goats> fen$' "$T/out" | tail -n 1 | grep -q -x -F "$GP_START" || fail "fen after undo is not the start"
grep -q '^undo: no move of yours to take back$' "$T/out" || fail "undo at the start"
sed -n '/^\[Game/,/ \*$/p' "$T/out" >"$T/play-rec.txt"
check 0 'verdict: * (unfinished)' game "$T/play-rec.txt" --analyze --dir "$GP44"
check 0 'played: 2 of 2 moves' game "$T/play-rec.txt"
grep -q -x '1\. d2 [a-d][1-4][-x][a-d][1-4] \*' "$T/play-rec.txt" || fail "the record's moves: $(tail -n 1 "$T/play-rec.txt")"
# The person plays the tigers: the machine opens.
feed 'moves\nquit\n' 0 'goats play b1 (goats: loss in 26)' play --board 4x4 --dir "$GP44" --side tigers
grep -q '^tigers> ' "$T/out" || fail "no tigers' prompt"
# Both sides: undo takes back one move.
feed 'b1\na1xc1\nundo\nfen\nquit\n' 0 'taken back: a1xc1' play --board 4x4 --dir "$GP44" --side both
grep -A1 '^tigers> fen$' "$T/out" | tail -n 1 | grep -q -x -F 'T2T/4/4/TG1T t 11' || fail "fen after undo with both sides"
# hint: guti query's moves, line for line.
feed 'hint\nquit\n' 0 '12 moves, best first' play --board 4x4 --dir "$GP44"
sed -n '/^goats> hint$/,/^goats> quit$/p' "$T/out" | grep '^  ' >"$T/play-hint"
"$G" query --dir "$GP44" "$GP_START" | grep '^  ' >"$T/play-query"
cmp -s "$T/play-hint" "$T/play-query" || fail "hint is not guti query's list"
# hint: guti query's counting-rule line too, word for word (at the start, and at clock 7 of
# a movement-phase position), before the moves.
feed 'hint\nquit\n' 0 'under the 100 half-move rule: a loss if the clock is at most 99, else a draw (DTC 1); at clock 0: a loss' play --board 4x4 --dir "$GP44"
for GP_FEN in "$GP_START" 'T1TG/GGGG/GGGT/TG1G g 0 7'; do
    feed 'hint\nquit\n' 0 'moves, best first' play --fen "$GP_FEN" --dir "$GP44" --side goats
    sed -n '/^goats> hint$/,/^goats> quit$/p' "$T/out" | sed -n 2p >"$T/play-hint"
    "$G" query --dir "$GP44" "$GP_FEN" | sed -n 3p >"$T/play-query"
    grep -q '^under the 100 half-move rule: ' "$T/play-query" || fail "guti query has no counting-rule line: $(cat "$T/play-query")"
    cmp -s "$T/play-hint" "$T/play-query" ||
        fail "hint's counting-rule line '$(cat "$T/play-hint")' is not guti query's '$(cat "$T/play-query")'"
done

# A move of the other side's says whose turn it is: a tiger's step on the goats' turn (a1
# holds a tiger), a placement on the tigers' (--side both), on either board.
feed 'a1-b1\nA1XC1\nquit\n' 0 "it is the goats' turn: the piece on a1 is the tigers'" play --board 4x4 --dir "$GP44"
[ "$(grep -c "^it is the goats' turn: the piece on a1 is the tigers'\$" "$T/out")" -eq 2 ] ||
    fail "a tiger's capture on the goats' turn does not say whose turn it is"
feed 'd2\nc3\nquit\n' 0 "it is the tigers' turn: c3 is a move for the goats" play --board 4x4 --dir "$GP44" --side both
feed 'c3-b3\nc3-c4\nquit\n' 0 "it is blue's turn: c3-b3 is a move for red" play --fen '3/3/5/2B2/5/2B2/2R2/3/3 b' --dir "$GP16" --side blue
grep -q -x "it is blue's turn: the piece on c3 is red's" "$T/out" || fail "red's illegal move on blue's turn"
# an illegal move of the right side is still that
feed 'a1-a3\nquit\n' 0 "illegal move 'a1-a3': a3 is not adjacent to a1" play --board 4x4 --dir "$GP44" --side tigers

# A mistake is said when played, before the machine's reply: the tigers win in 25 after b1,
# and a1-a2 draws (guti query). The best move is no mistake; quit sums them up.
"$G" query --dir "$GP44" 'T2T/4/4/TG1T t 11' >"$T/play-query"
grep -q -x '  a1xc1            win   25' "$T/play-query" && grep -q -x '  a1-a2            draw  -' "$T/play-query" ||
    fail "guti query's values after b1 are not those the mistake test expects"
feed 'a1-a2\nquit\n' 0 "mistake: a1-a2 threw the tigers' win into a draw (best a1xc1, win in 25)" play --board 4x4 --dir "$GP44" --side tigers
grep -A1 '^tigers> a1-a2$' "$T/out" | grep -q '^mistake: ' || fail "the mistake is not said at once"
grep -q '^goats play ' "$T/out" && [ "$(sed -n '/^mistake: /,$p' "$T/out" | grep -c '^goats play ')" -eq 1 ] ||
    fail "the machine's reply does not follow the mistake"
grep -q -x 'mistakes by the tables: goats 0, tigers 1 (move 2 a1-a2: a win thrown into a draw)' "$T/out" ||
    fail "quit does not sum up the mistake: $(tail -n 1 "$T/out")"
feed 'a1xc1\nquit\n' 0 'mistakes by the tables: goats 0, tigers 0' play --board 4x4 --dir "$GP44" --side tigers
grep -q '^mistake:' "$T/out" && fail "the best move was called a mistake"
# undo and the same mistake again: said again, counted once
feed 'a1-a2\nundo\na1-a2\nquit\n' 0 'tigers 1 (move 2 a1-a2' play --board 4x4 --dir "$GP44" --side tigers
[ "$(grep -c '^mistake: a1-a2' "$T/out")" -eq 2 ] || fail "the mistake replayed after undo is not said again"
feed 'a1-a2\nquit\n' 0 '"event": "mistake"' play --board 4x4 --dir "$GP44" --side tigers --json
cp "$T/out" "$T/play-mistake.json"
gp_py '
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
m = [e for e in ev if e["event"] == "mistake"]
want = {"event": "mistake", "side": "tigers", "move": "a1-a2", "number": 2, "before": "win", "after": "draw", "best": "a1xc1"}
if m != [want]: print("mistake events", m)
kinds = [e["event"] for e in ev]
if kinds[kinds.index("mistake") - 1] != "move": print("the mistake does not follow its move", kinds)
q = ev[-1]
if q["event"] != "quit" or q["mistakes"] != {"goats": 0, "tigers": 1} or q["mistake_moves"] != [{"number": 2, "side": "tigers", "move": "a1-a2"}]:
    print("quit", q)
' "$T/play-mistake.json"

# --- without tables ---------------------------------------------------------------------------
# No --dir, no $GUTI_TABLES, no ./tables: unvalued, the machine at random, --seed repeating a
# game; an empty ./tables (no table of the start) the same, naming the table; a directory
# named is still needed.
GP_ABS=$(cd "$(dirname "$G")" && pwd)/$(basename "$G")
mkdir -p "$T/play-cwd"
printf '#!/bin/sh\ncd "%s" && unset GUTI_TABLES && exec "%s" "$@"\n' "$T/play-cwd" "$GP_ABS" >"$T/play-nodir"
chmod +x "$T/play-nodir"
GP_G=$G
G=$T/play-nodir
feed 'b1\nhint\nquit\n' 0 'unvalued: no directory tables here, and no --dir or GUTI_TABLES' play --board 4x4 --seed 5
grep -q '^the machine plays a random legal move (--seed 5 plays the same moves again)$' "$T/out" || fail "no word of the random moves"
grep -q '^goats to move: unknown (no tables)$' "$T/out" || fail "the position's value is not unknown"
grep -q '^tigers play [a-d][1-4][-x][a-d][1-4] (at random: no tables)$' "$T/out" || fail "the machine did not play"
grep -q '^11 legal moves (no tables to value them):$' "$T/out" || fail "hint does not list the 11 legal moves"
grep -q '^mistakes by the tables: none judged (no tables)$' "$T/out" || fail "quit without tables"
check 0 'result: ' play --board 4x4 --seed 5 --side none
cp "$T/out" "$T/play-seed5"
check 0 'result: ' play --board 4x4 --seed 5 --side none
cmp -s "$T/out" "$T/play-seed5" || fail "--seed 5 played another game the second time"
check 0 '"event": "end"' play sixteen --seed 11 --side none --json
cp "$T/out" "$T/play-random.json"
check 0 'unvalued' play --seed 2 --side none
check 2 "--seed" play --seed -1
mkdir -p "$T/play-cwd/tables"
check 0 'unvalued: no table tables/baghchal-5x5-standard-h20-c0-g.wdl; make it with: guti solve' play --seed 2 --side none
rmdir "$T/play-cwd/tables"
check 1 "$T/play-nowhere" play --board 4x4 --dir "$T/play-nowhere"
G=$GP_G
# The random games are legal and end as guti game says: their moves replayed by guti game.
gp_py '
import json, subprocess, sys
ev = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
if ev[0]["event"] != "unvalued" or ev[0]["seed"] != 11: print("first", ev[0])
end = ev[-1]
rec = "[Game \"sixteen\"]\n[Rules \"optional\"]\n" + " ".join(end["moves"]) + "\n"
g = json.loads(subprocess.run([sys.argv[2], "game", "-", "--json"], input=rec, capture_output=True, text=True).stdout)
if g["final"] != end["fen"]: print("guti game ends at", g["final"], "play at", end["fen"])
if g["winner"] != end["winner"] or g["reason"] != end["reason"]: print("guti game:", g["winner"], g["reason"], "play:", end["winner"], end["reason"])
if any(e["event"] == "position" and e["value"] != "unknown" for e in ev): print("a position valued")
' "$T/play-random.json" "$G"

# --json, driven: each line an object, the events in order.
feed 'hint\nb1\nfoo\nundo\nfen\nmoves\nhelp\nquit\n' 0 '"event": "quit"' play --board 4x4 --dir "$GP44" --json
cp "$T/out" "$T/play-driven.json"
GP_DRIVEN='
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
kinds = [e["event"] for e in ev]
want = ["position", "hint", "move", "position", "move", "position", "error", "undo", "position",
        "fen", "record", "help", "quit"]
if kinds != want: print("events", kinds)
else:
    if ev[0]["turn"] != "person" or ev[0]["fen"] != sys.argv[2] or ev[0]["moves"] != []: print(ev[0])
    q = json.load(open(sys.argv[3]))
    if ev[1]["fen"] != sys.argv[2] or ev[1]["moves"] != q["moves"] or (ev[1]["class"], ev[1]["dtc"]) != (q["class"], q["dtc"]):
        print("hint", ev[1], "query", q)
    if q["class"] != "loss" or not q["moves"] or "class" not in q["moves"][0]: print("query without the counting rule", q)
    if (ev[2]["by"], ev[2]["move"], ev[4]["by"], ev[4]["move"]) != ("person", "b1", "machine", "a1xc1"): print(ev[2], ev[4])
    if ev[3]["turn"] != "machine" or ev[5]["moves"] != ["b1", "a1xc1"]: print(ev[3], ev[5])
    if ev[6]["input"] != "foo": print(ev[6])
    if ev[7]["undone"] != ["b1", "a1xc1"] or ev[9]["fen"] != sys.argv[2]: print(ev[7], ev[9])
    if "[Board \"4x4\"]" not in ev[10]["record"]: print(ev[10])
'
"$G" query --json --dir "$GP44" "$GP_START" >"$T/play-query.json"
gp_py "$GP_DRIVEN" "$T/play-driven.json" "$GP_START" "$T/play-query.json"

# --- under tmux, as a person plays it ---------------------------------------------------------
GP_SOCK="$T/tmux.sock"
GP_S=guti-play
# gp_tmux ARGS...: tmux on a server of its own.
gp_tmux() {
    tmux -S "$GP_SOCK" "$@"
}
# gp_screen: the pane's text, its history included, into $T/play-screen.
gp_screen() {
    gp_tmux capture-pane -p -J -S - -t "$GP_S" >"$T/play-screen" 2>/dev/null
}
# gp_wait N: waits (at most about 30 s) until the pane shows N prompts, or the game's end;
# false on a timeout.
gp_wait() {
    k=0
    while [ "$k" -lt 600 ]; do
        gp_screen
        [ "$(grep -c '^goats>' "$T/play-screen")" -ge "$1" ] && return 0
        grep -q '^play exited' "$T/play-screen" && return 0
        sleep 0.05
        k=$((k + 1))
    done
    return 1
}
# gp_send TEXT: types TEXT and Enter.
gp_send() {
    gp_tmux send-keys -t "$GP_S" -l "$1" && gp_tmux send-keys -t "$GP_S" Enter
}
# gp_after_prompt COMMAND: the line after the last prompt that shows COMMAND typed.
gp_after_prompt() {
    awk -v c="goats> $1" '$0 == c || $0 == c " " { getline; line = $0 } END { print line }' "$T/play-screen"
}
# gp_fail WHY: a failure, the pane's last lines shown.
gp_fail() {
    CMD="play (tmux)"
    tail -n 5 "$T/play-screen" >"$T/out" 2>/dev/null
    : >"$T/err"
    fail "$1"
}

if ! command -v tmux >/dev/null 2>&1; then
    gp_fail "tmux is not installed (scripts/deps.sh installs it)"
else
    trap 'tmux -S "$GP_SOCK" kill-server 2>/dev/null; rm -rf "$T"' EXIT
    : >"$T/play-screen"
    # the pane runs a script of sh's, whatever the user's shell, and stays after the game
    printf '"%s" play --board 4x4 --dir "%s" --side goats\necho play exited $?\nexec sleep 600\n' \
        "$G" "$GP44" >"$T/play-run.sh"
    gp_tmux new-session -d -s "$GP_S" -x 100 -y 50 "sh '$T/play-run.sh'"
    gp_n=1
    if ! gp_wait 1; then
        gp_fail "no prompt"
    else
        # The board as guti show draws it, the FEN, the value.
        "$G" show "$GP_START" | sed -n 1,8p >"$T/play-board"
        while IFS= read -r l; do
            grep -q -x -F -e "$l" "$T/play-screen" || gp_fail "the board lacks '$l'"
        done <"$T/play-board"
        grep -q -x -F "$GP_START" "$T/play-screen" || gp_fail "no FEN on the screen"
        grep -q '^goats to move: loss in 26 (DTM); clock 0 of 100$' "$T/play-screen" || gp_fail "no value"
        # A move, and the machine's reply: guti query's best.
        gp_m1=$(gp_best "$GP44" "$GP_START")
        gp_send "$gp_m1"
        gp_n=2
        gp_wait 2 || gp_fail "no prompt after $gp_m1"
        gp_f1=$(gp_after "$GP_START" "$gp_m1")
        gp_m2=$(gp_best "$GP44" "$gp_f1")
        if [ -z "$gp_m1" ] || [ -z "$gp_m2" ]; then gp_fail "guti query gives no best move"; fi
        grep -q "^tigers play $gp_m2 (tigers: " "$T/play-screen" || gp_fail "the machine did not answer $gp_m2"
        gp_f2=$(gp_after "$gp_f1" "$gp_m2")
        grep -q -x -F "$gp_f2" "$T/play-screen" || gp_fail "the position after the reply is not shown"
        # hint: guti query's lines.
        gp_send hint
        gp_n=3
        gp_wait 3 || gp_fail "no prompt after hint"
        sed -n '/^goats> hint *$/,$p' "$T/play-screen" | grep '^  ' >"$T/play-hint"
        "$G" query --dir "$GP44" "$gp_f2" | grep '^  ' >"$T/play-query"
        if [ ! -s "$T/play-hint" ] || ! cmp -s "$T/play-hint" "$T/play-query"; then
            gp_fail "hint is not guti query's list"
        fi
        # undo, and the FEN is the start's again. Each command waits for its prompt: the
        # terminal echoes what is typed at once, so "fen" typed while a slow guti (under
        # the sanitizers) still prints undo's board would land above the prompt.
        gp_send undo
        gp_wait 4 || gp_fail "no prompt after undo"
        gp_send fen
        gp_n=5
        gp_wait 5 || gp_fail "no prompt after fen"
        [ "$(gp_after_prompt fen)" = "$GP_START" ] || gp_fail "after undo, fen says '$(gp_after_prompt fen)'"
        # To the end, each turn the best move for the FEN that fen prints; the machine's
        # every reply is guti query's best.
        gp_turns=0
        while [ "$gp_turns" -lt 40 ] && ! grep -q '^play exited' "$T/play-screen"; do
            gp_fen=$(gp_after_prompt fen)
            gp_m=$(gp_best "$GP44" "$gp_fen")
            gp_send "$gp_m"
            gp_n=$((gp_n + 1))
            gp_wait "$gp_n" || {
                gp_fail "no prompt after $gp_m"
                break
            }
            grep -q '^play exited' "$T/play-screen" && break
            gp_a=$(gp_after "$gp_fen" "$gp_m")
            gp_r=$(gp_best "$GP44" "$gp_a")
            [ -n "$gp_r" ] || gp_fail "guti query gives no best move after $gp_m"
            tail -n 30 "$T/play-screen" | grep -q "^tigers play $gp_r (tigers: " ||
                gp_fail "the machine did not answer $gp_r after $gp_m"
            gp_send fen
            gp_n=$((gp_n + 1))
            gp_wait "$gp_n" || {
                gp_fail "no prompt after fen"
                break
            }
            gp_turns=$((gp_turns + 1))
        done
        gp_k=0
        while [ "$gp_k" -lt 100 ] && ! grep -q '^play exited' "$T/play-screen"; do
            sleep 0.05
            gp_screen
            gp_k=$((gp_k + 1))
        done
        if grep -q "^result: $GP_WINNER win (" "$T/play-screen" && grep -q '^play exited 0$' "$T/play-screen"; then
            passed=$((passed + 1))
        else
            gp_fail "the game did not end with '$GP_WINNER win' and exit status 0"
        fi
        [ -n "${GUTI_PLAY_SCREEN:-}" ] && cp "$T/play-screen" "$GUTI_PLAY_SCREEN"
    fi
    # Line editing (libedit), key by key: "1", Left, "b" is b1; Up twice recalls b1 over
    # fen, Down fen again, which Enter runs; Ctrl-L clears the screen, leaving the prompt at
    # the top with the line being typed.
    GP_S=guti-edit
    printf '"%s" play --board 4x4 --dir "%s"\necho play exited $?\nexec sleep 600\n' \
        "$G" "$GP44" >"$T/play-edit.sh"
    gp_tmux new-session -d -s "$GP_S" -x 100 -y 50 "sh '$T/play-edit.sh'"
    # gp_line TEXT: waits (at most about 10 s) until the pane's last line is TEXT (its
    # trailing blanks aside); false on a timeout.
    gp_line() {
        k=0
        while [ "$k" -lt 200 ]; do
            gp_tmux capture-pane -p -t "$GP_S" | sed 's/ *$//' | grep -v '^$' | tail -n 1 >"$T/play-line"
            [ "$(cat "$T/play-line")" = "$1" ] && return 0
            sleep 0.05
            k=$((k + 1))
        done
        return 1
    }
    gp_keys() {
        gp_tmux send-keys -t "$GP_S" "$@"
    }
    if ! gp_wait 1; then
        gp_fail "line editing: no prompt"
    else
        gp_keys -l 1 && gp_keys Left && gp_keys -l b && gp_line 'goats> b1' ||
            gp_fail "line editing: 1, Left, b shows '$(cat "$T/play-line")'"
        gp_keys Enter
        gp_wait 2 || gp_fail "line editing: no prompt after b1"
        grep -q '^tigers play a1xc1 (tigers: win in 25)$' "$T/play-screen" ||
            gp_fail "line editing: 1, Left, b was not the move b1"
        gp_send fen
        gp_wait 3 || gp_fail "line editing: no prompt after fen"
        gp_keys Up
        gp_line 'goats> fen' || gp_fail "line editing: Up shows '$(cat "$T/play-line")', not fen"
        gp_keys Up
        gp_line 'goats> b1' || gp_fail "line editing: Up twice shows '$(cat "$T/play-line")', not b1"
        gp_keys Down
        gp_line 'goats> fen' || gp_fail "line editing: Down shows '$(cat "$T/play-line")', not fen"
        gp_keys Enter
        gp_wait 4 || gp_fail "line editing: no prompt after the fen recalled"
        [ "$(grep -c -x -F 'T2T/4/4/2TT g 11' "$T/play-screen")" -eq 3 ] ||
            gp_fail "line editing: the fen recalled did not run (the FEN not shown a third time)"
        gp_keys -l c3 && gp_keys C-l
        k=0
        while [ "$k" -lt 200 ]; do
            gp_tmux capture-pane -p -t "$GP_S" | sed 's/ *$//' | grep -v '^$' >"$T/play-cleared"
            [ "$(cat "$T/play-cleared")" = 'goats> c3' ] && break
            sleep 0.05
            k=$((k + 1))
        done
        [ "$(cat "$T/play-cleared")" = 'goats> c3' ] ||
            gp_fail "line editing: after Ctrl-L the screen shows $(head -n 3 "$T/play-cleared" | tr '\n' '|')"
        gp_keys Enter
        gp_line 'goats>' || gp_fail "line editing: no prompt after c3"
        gp_send quit
        gp_line 'play exited 0' || gp_fail "line editing: quit shows '$(cat "$T/play-line")'"
        [ -n "${GUTI_PLAY_SCREEN:-}" ] && gp_tmux capture-pane -p -J -S - -t "$GP_S" >"$GUTI_PLAY_SCREEN.edit"
        passed=$((passed + 1))
    fi
    gp_tmux kill-server 2>/dev/null
    trap 'rm -rf "$T"' EXIT
fi
