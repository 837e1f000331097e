#!/bin/sh
# Command-line tests: runs guti on bad input of every kind and on the game records in
# tests/records, and checks the exit status, that an error is exactly one line on stderr
# starting with "guti: ", and a fixed part of the message or of the output. No run may
# crash (exit status 128 or more). Prints one line "cli: N passed, N failed" at the end
# and exits non-zero if anything failed; the failures are described on stderr.
#
# usage: sh tests/cli.sh ./build/guti
# GUTI_CLI_PARTS="query play" sh tests/cli.sh ./build/guti runs only tests/cli.d/query.sh
# and play.sh after the core checks.

if [ $# -ne 1 ]; then
    echo "usage: sh tests/cli.sh GUTI" >&2
    exit 2
fi
G=$1
if [ ! -x "$G" ]; then
    echo "usage: sh tests/cli.sh GUTI ($G is not an executable file)" >&2
    exit 2
fi
R=$(dirname "$0")/records
T=${TMPDIR:-/tmp}/guti-cli.$$
rm -rf "$T"
mkdir "$T" || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 2' HUP INT TERM
passed=0
failed=0
IN=/dev/null

fail() {
    failed=$((failed + 1))
    echo "FAIL: guti $CMD: $1" >&2
    [ "$IN" = /dev/null ] || sed 's/^/    stdin: /' "$IN" | head -n 6 >&2
    sed 's/^/    stdout: /' "$T/out" | head -n 5 >&2
    sed 's/^/    stderr: /' "$T/err" | head -n 5 >&2
}

# same_tables A B: passes when directories A and B hold the same files, at least one, each
# the same byte for byte; fails naming how many differ.
same_tables() {
    same=0
    for f in "$1"/*; do
        cmp -s "$f" "$2/${f##*/}" && same=$((same + 1))
    done
    if [ "$same" -gt 0 ] && [ "$same" -eq "$(ls "$1" | wc -l)" ] && [ "$same" -eq "$(ls "$2" | wc -l)" ]; then
        passed=$((passed + 1))
    else
        fail "$same tables the same of $(ls "$1" | wc -l) in $1 and $(ls "$2" | wc -l) in $2"
    fi
}

# kill_once_made FILE SIGNAL PID: waits (at most about a minute) until FILE exists or the
# process PID ends, lets it go on a moment, then sends it SIGNAL and waits for it: a solve
# stopped midway, once its checkpoint is there (plan.sh, mpi.sh).
kill_once_made() {
    waited=0
    while [ ! -e "$1" ] && [ "$waited" -lt 600 ] && kill -0 "$3" 2>/dev/null; do
        sleep 0.1
        waited=$((waited + 1))
    done
    sleep 0.3
    kill "-$2" "$3" 2>/dev/null
    wait "$3" 2>/dev/null
}

# six_pieces: sets SIX to a directory of every Sixteen Soldiers table up to 6 pieces, made
# by guti solve once, the first time a part asks (mpi.sh and plan.sh compare against it).
six_pieces() {
    SIX="$T/six"
    if [ ! -e "$T/six.done" ]; then
        "$G" solve sixteen --pieces 6 --dir "$SIX" --quiet >/dev/null 2>"$T/six.err" &&
            [ ! -s "$T/six.err" ] && : >"$T/six.done"
    fi
}

# check STATUS TEXT ARGS...: runs guti ARGS (stdin from $IN). STATUS 0: stderr empty and
# stdout contains TEXT. STATUS 1 or 2: stderr is one line, starts with "guti: " and
# contains TEXT. TEXT is a fixed string; an empty TEXT matches anything.
check() {
    want=$1
    text=$2
    shift 2
    CMD=${*:-(no arguments)}
    "$G" "$@" <"$IN" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -ge 128 ]; then
        fail "crashed (exit status $got)"
        return
    fi
    if [ "$got" -ne "$want" ]; then
        fail "exit status $got, expected $want"
        return
    fi
    if [ "$want" -eq 0 ]; then
        if [ -s "$T/err" ]; then
            fail "stderr not empty"
            return
        fi
        if [ -n "$text" ] && ! grep -F -q -e "$text" "$T/out"; then
            fail "stdout lacks '$text'"
            return
        fi
    else
        # Exactly one line, newline-terminated: read leaves an unterminated rest in $line.
        n=0
        first=
        line=
        while IFS= read -r line; do
            n=$((n + 1))
            [ "$n" -eq 1 ] && first=$line
        done <"$T/err"
        if [ "$n" -ne 1 ] || [ -n "$line" ]; then
            fail "stderr is not exactly one line"
            return
        fi
        case $first in
        "guti: "*) ;;
        *)
            fail "stderr does not start with 'guti: '"
            return
            ;;
        esac
        case $first in
        *"$text"*) ;;
        *)
            fail "stderr lacks '$text'"
            return
            ;;
        esac
    fi
    passed=$((passed + 1))
}

# feed TEXT STATUS SUBSTRING ARGS...: as check, with TEXT (printf %b) on stdin.
feed() {
    printf '%b' "$1" >"$T/stdin"
    shift
    IN=$T/stdin
    check "$@"
    IN=/dev/null
}

# py_checks FILE: counts the report of a Python checker (tests/serve_api.py,
# tests/serve_load.py) in FILE: each "FAIL: ..." line a failure, its last line "checks N
# failed M" the N - M checks passed; a report without that line is a failure.
py_checks() {
    report=$1
    while IFS= read -r line; do
        case $line in
        FAIL:*) fail "${line#FAIL: }" ;;
        "checks "*)
            set -- $line
            passed=$((passed + $2 - $4))
            ;;
        esac
    done <"$report"
    grep -q '^checks ' "$report" || fail "$(tail -n 3 "$report" | tr '\n' ' ')"
}

# rec NAME TEXT: writes TEXT (printf %b) as the record $T/NAME.
rec() {
    printf '%b' "$2" >"$T/$1"
}

START='T3T/5/5/5/T3T g 20'
SS='BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r'
BC='[Game "baghchal"]\n[Rules "standard"]\n'
SIX='[Game "sixteen"]\n[Rules "optional"]\n'
FORCED='[Game "sixteen"]\n[Rules "forced"]\n'

# --- help, version, usage --------------------------------------------------------------
check 0 'usage: guti COMMAND' --help
check 0 'usage: guti COMMAND' -h
check 0 'usage: guti COMMAND' help
check 0 'guti 0.8.0' --version
check 0 'usage: guti show FEN' show --help
check 0 'usage: guti show FEN' show -h
check 0 'usage: guti game FILE' game --help
check 0 'usage: guti perft GAME DEPTH' perft --help
check 0 '80 half-moves' game --help
check 0 'usage: guti show FEN' show --help --json
check 2 "unknown command 'foo'" foo
# No command at all: a usage error, which by the rules of this script is one line.
# (guti prints its whole usage on stderr: see the report.)
check 2 ''
check 2 "unknown command ''" ''

# --- options and operands ----------------------------------------------------------------
check 2 "option '--frob' is unknown" show "$START" --frob
check 2 "option '-x' is unknown" show "$START" -x
check 2 "option '--fen' is unknown" show "$START" --fen x
check 2 "option '--rules' needs a value" show "$START" --rules
check 2 "option '--frob' is unknown" game --frob "$R/bc_clock.txt"
check 2 "option '--fen' needs a value" perft baghchal 1 --fen
check 2 '--threads 0' perft baghchal 1 --threads 0
check 2 "--threads 'x'" perft baghchal 1 --threads x
check 2 'expected one FEN' show
check 2 'got 2 operands' show "$START" "$START"
check 2 'expected one FILE' game
check 2 'got 2 operands' game "$R/bc_clock.txt" "$R/bc_clock.txt"
check 2 'expected GAME DEPTH' perft
check 2 'expected GAME DEPTH' perft baghchal
check 2 'expected GAME DEPTH' perft baghchal 1 2
check 2 'depth 0, expected 1..64' perft baghchal 0
check 2 "depth 'x' is not a whole number" perft baghchal x
check 2 "depth '3x'" perft sixteen 3x
check 2 'depth 65' perft baghchal 65
check 2 'depth is missing' perft baghchal ''
check 2 "unknown rules 'foo'" show "$START" --rules foo
check 2 "unknown rules 'foo'" perft baghchal 1 --rules foo
check 2 "unknown rules 'standard' for sixteen" show "$SS" --rules standard
check 2 "unknown rules 'forced' for baghchal" show "$START" --rules forced
check 2 'no-repeat: window 0' show "$START" --rules no-repeat:0
check 2 "window 'abc'" show "$START" --rules no-repeat:abc
check 2 "unknown game 'foo'" show "$START" --game foo
check 2 "unknown game 'foo'" perft foo 1
check 2 "unknown board '6x6'" show "$START" --board 6x6
check 2 "unknown board '6x6'" perft baghchal 1 --board 6x6
check 2 'Sixteen Soldiers has one board' perft sixteen 1 --board 5x5
check 1 'cannot open' game "$T/no-such-record.txt"
check 1 'is a directory' game "$T"

# --- positions -----------------------------------------------------------------------------
check 1 'row 4 has 6 points, expected 5' show 'T3T/6/5/5/T3T g 20'
check 1 'row 1 has 4 points, expected 5' show 'T3T/5/5/5/T2T g 20'
check 1 'row 1 has 4 points, expected 3' show 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRRR r'
check 1 "row 5: unknown letter 'X'" show 'T3X/5/5/5/T3T g 20'
check 1 "unknown letter 'R'" show 'T3T/5/5/5/T3R g 20'
check 1 "unknown letter 'G', expected R, B" show 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRG/RRR/RRR r'
check 1 "unknown letter '0'" show 'T0T/5/5/5/T3T g 20'
check 1 'two digits in a row' show 'T3T/5/5/5/T33 g 20'
check 1 '4 rows, expected 5' show 'T3T/5/5/5 g 20' --board 5x5
check 1 '6 rows' show 'T3T/5/5/5/T3T/5 g 20'
check 1 '5 tigers, expected 4' show 'T3T/5/5/5/TTT2 g 20'
check 1 '3 tigers, expected 4' show 'T3T/5/5/5/T4 g 20'
check 1 '21 goats on board and in hand, at most 20' show 'T3T/GGGGG/GGGGG/GGGGG/T3T g 6'
check 1 '21 goats on board and in hand, at most 20' show 'TGGGT/GGGGG/GGGGG/GGGGG/TGGGT g 0'
check 1 '6 goats captured, at most 5' show 'T3T/GGGGG/GGGGG/GGGG1/T3T g 0'
check 1 '20 goats captured, at most 5' show 'T3T/5/5/5/T3T g 0'
check 1 "side 'x', expected g or t" show 'T3T/5/5/5/T3T x 20'
check 1 "side 'x', expected r or b" show 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR x'
check 1 'goats in hand 21, expected 0..20' show 'T3T/5/5/5/T3T g 21'
check 1 "goats in hand 'abc' is not a whole number" show 'T3T/5/5/5/T3T g abc'
check 1 "goats in hand '-1'" show 'T3T/5/5/5/T3T g -1'
check 1 "clock 'x' is not a whole number" show 'T3T/5/5/5/T3T g 20 x'
check 1 "clock '-3'" show 'TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 -3'
check 1 "clock 'x'" show "$SS x"
check 1 'clock 5 in the placement phase' show 'T3T/5/5/5/T3T g 20 5'
check 1 'tigers to move before any goat is placed' show 'T3T/5/5/5/T3T t 20'
check 1 '17 red pieces, at most 16' show 'BBB/BBB/BBBBB/BBBBB/R4/RRRRR/RRRRR/RRR/RRR r'
check 1 '17 blue pieces, at most 16' show 'BBB/BBB/BBBBB/BBBBB/B4/RRRRR/RRRRR/RRR/RRR r'
check 1 '5 fields, expected BOARD SIDE INHAND [CLOCK]' show 'T3T/5/5/5/T3T g 20 0 9'
check 1 '1 fields' show 'T3T/5/5/5/T3T'
check 1 '4 fields, expected BOARD SIDE [CLOCK]' show "$SS 1 2"
check 1 'a tab inside the position; fields are separated by spaces' show 'T3T/5/5/5/T3T	g 20'
check 1 'a tab inside the position' show 'T3T/5/5/5/T3T  	g 20'
check 0 'legal moves (21): b1 c1 d1 a2' show 'T3T/5/5/5/T3T   g  20'
check 1 'position' show ''
check 1 'too long' show "$START 000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001"
check 1 'row 5 has 4 points, expected 5' show 'T2T/4/4/T2T g 12' --board 5x5
check 1 'row 4 has 5 points, expected 4' perft baghchal 1 --board 4x4 --fen "$START"
check 1 "side 'q'" perft baghchal 1 --fen 'T3T/5/5/5/T3T q 20'

# Good positions, and what show says of them.
check 0 'legal moves (21): b1 c1 d1 a2' show "$START"
check 0 '"moves": ["b1", "c1", ' show "$START" --json
check 0 'goats in hand 20, on the board 0, captured 0 of 5' show "$START"
check 0 'legal moves (9)' show "$SS"
check 0 '"side": "red"' show "$SS" --json
check 0 '"a1-a2", "a1xc3", ' show 'T3T/5/5/1G3/T3T t 19' --json
check 0 'board 4x4' show 'T2T/4/4/T2T g 12'
check 0 'board 3x3' show 'T1T/3/T1T g 4'
check 0 'game over: draw (100 half-moves without capture or placement)' show 'TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 100'
check 0 '"over": false' show 'TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 100' --rules no-repeat --json
check 0 'game over: draw (80 half-moves without capture)' show "$SS 80"
# Goats blocked: a loss under standard, a pass under goat-pass.
check 0 'game over: tigers win (the goats have no legal move)' show 'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0'
check 0 '"moves": ["pass"]' show 'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0' --rules goat-pass --json
# Tigers shut in; five goats captured.
check 0 'game over: goats win (the tigers have no legal move)' show 'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT t 0'
check 0 'game over: tigers win (5 goats captured)' show 'T3T/GGGGG/GGGGG/GGGGG/T3T g 0'
check 0 '"over": true, "result": "red", "reason": "blue has no pieces left"' show '3/3/5/5/5/5/5/3/R2 b' --json
check 0 'game over: red wins (blue has no legal move)' show 'BRR/R2/2R2/5/5/5/5/3/3 b'
# Forced captures: only the maximal chain.
check 0 '"moves": ["c4xc6xe6"]' show '3/3/5/3B1/2B2/2R2/5/3/3 r' --rules forced --json
check 0 '"moves": ["c4-c3", "c4-b4", "c4-d4", "c4xc6", "c4xc6xe6"]' show '3/3/5/3B1/2B2/2R2/5/3/3 r' --json

# perft, counted independently (tests/records/make_records.py's engine).
check 0 '3 5052' perft baghchal 3
check 0 '2 21' perft sixteen 2 --rules forced
check 0 '3 783' perft sixteen 3
check 0 '5 36' perft baghchal 5 --rules goat-pass --fen 'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0'
check 0 '6 56789' perft baghchal 6 --rules no-repeat --fen 'TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0'
check 0 '6 58542' perft baghchal 6 --fen 'TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0'
check 0 '"perft": [{"depth": 1, "count": 21}' perft baghchal 1 --json --threads 1

# --- the records ---------------------------------------------------------------------------
check 0 'result: tigers (5 goats captured)' game "$R/bc_tigers_win.txt"
check 0 'result: goats (the tigers have no legal move)' game "$R/bc_goats_win.txt"
check 0 'result: draw (third repetition of the position)' game "$R/bc_repetition.txt"
check 0 'result: draw (100 half-moves without capture or placement)' game "$R/bc_clock.txt"
check 0 'result: tigers (5 goats captured)' game "$R/bc_goatpass.txt"
check 0 'rules goat-pass' game "$R/bc_goatpass.txt"
check 0 'result: red (blue has no pieces left)' game "$R/ss_red_wins.txt"
check 0 'result: red (blue has no pieces left)' game "$R/ss_forced.txt"
check 0 'rules forced' game "$R/ss_forced.txt"
check 0 '"result": "tigers", "winner": "tigers", "reason": "5 goats captured", "recorded": "tigers", "error": null}' game "$R/bc_tigers_win.txt" --json
check 0 '"result": "goats", "winner": "goats"' game "$R/bc_goats_win.txt" --json
check 0 '"result": "draw", "winner": null' game "$R/bc_repetition.txt" --json
check 0 '"final": "TG1GT/GGGGG/GGGGG/GGGGG/1T2T g 0 100"' game "$R/bc_clock.txt" --json
check 0 '"error": null' game "$R/ss_red_wins.txt" --json
check 0 '"error": null' game "$R/ss_forced.txt" --json
check 1 'move 4 (b1-a1): recreates a board seen since the last placement' game "$R/bc_norepeat.txt"
check 1 'move 4 (b1-a1)' game "$R/bc_norepeat.txt" --json
check 1 'move 6 (b2-d4): d4 is not adjacent to b2' game "$R/bad_illegal_move.txt"
check 1 "line 4: comment '{' is never closed" game "$R/bad_truncated.txt"
check 1 'line 2: tag value has no closing quote' game "$R/bad_truncated_tag.txt"
check 1 'missing tag [Rules' game "$R/bad_no_rules.txt"
check 1 'move 51 (c3): the game is already over' game "$R/bad_after_end.txt"
# The same through stdin.
cat "$R/bc_repetition.txt" >"$T/stdin.txt"
IN=$T/stdin.txt
check 0 'result: draw (third repetition' game -
IN=/dev/null

# --- broken records, made here -------------------------------------------------------------
feed '' 1 'game: record: empty' game -
feed '\n  {nothing here}\n' 1 'game: record: empty' game -
feed '[Rules "standard"]\nc3\n' 1 'missing tag [Game' game -
feed '[Game "chess"]\n[Rules "standard"]\nc3\n' 1 "unknown game 'chess'" game -
feed '[Game "baghchal"]\n[Rules "foo"]\nc3\n' 1 "unknown rules 'foo'" game -
feed '[Game "sixteen"]\n[Rules "standard"]\n' 1 "unknown rules 'standard' for sixteen" game -
feed "${BC}"'[Board "9x9"]\nc3\n' 1 "unknown board '9x9'" game -
feed "${SIX}"'[Board "5x5"]\n' 1 'Sixteen Soldiers has one board' game -
feed "${BC}"'[FEN "T3T/6/5/5/T3T g 20"]\nc3\n' 1 'row 4 has 6 points, expected 5' game -
feed "${BC}"'[FEN "T3T/5/5/5/T3T g 20 5"]\n' 1 'clock 5 in the placement phase' game -
feed '[Game baghchal]\n[Rules "standard"]\n' 1 'line 1: malformed tag' game -
feed '[Game "baghchal"\n[Rules "standard"]\n' 1 "line 1: tag has no closing ']'" game -
feed "${BC}"'c3\n[Result "*"]\n' 1 'line 4: a tag after the moves' game -
feed "${BC}"'c3 tigers a1-b1\n' 1 "'a1-b1' after the result 'tigers'" game -
feed "${BC}"'\000c3\n' 1 'not a text file' game -
feed "${BC}"'{ a comment\nc3\n' 1 "line 3: comment '{' is never closed" game -
# Malformed moves.
feed "${BC}"'z9\n' 1 "move 1 (z9): 'z9' is not a point of the board" game -
feed "${BC}"'f1\n' 1 "move 1 (f1)" game -
feed "${BC}"'a0\n' 1 "move 1 (a0)" game -
feed "${BC}"'a10\n' 1 "move 1 (a10)" game -
feed "${BC}"'c3 a1-\n' 1 "move 2 (a1-)" game -
feed "${BC}"'c3 -b1\n' 1 "move 2 (-b1)" game -
feed "${BC}"'c3 a1-b2-c3\n' 1 "a step has one '-' and two points" game -
feed "${BC}"'c3 a1xx\n' 1 "move 2 (a1xx)" game -
feed "${BC}"'c3 a1*b2\n' 1 "move 2 (a1*b2)" game -
feed "${BC}"'c3 } a1-b1\n' 1 "move 2 (})" game -
feed "${BC}"'12 c3\n' 1 "move 1 (12)" game -
feed "${BC}"'1. c3 1... a1-b1 2.c2 b1xb3\n' 1 "move 4 (b1xb3): no goat on b2 to capture" game -
feed "${SIX}"'c3\n' 1 "move 1 (c3): a move is a step from-to or a capture fromxto" game -
feed "${SIX}"'c4xc6xe6\n' 1 "move 1 (c4xc6xe6)" game -
# Illegal moves.
feed "${BC}"'pass\n' 1 'move 1 (pass): passing is allowed only under rules goat-pass' game -
feed "${SIX}"'pass\n' 1 'move 1 (pass): there is no passing in Sixteen Soldiers' game -
feed "${BC}"'a1-b1\n' 1 'move 1 (a1-b1): goats cannot move while goats are in hand' game -
feed "${BC}"'a1\n' 1 'move 1 (a1): a1 is occupied' game -
feed "${BC}"'c3 c2\n' 1 'move 2 (c2): tigers do not place' game -
feed "${BC}"'c3 a1-c1\n' 1 'move 2 (a1-c1): c1 is not adjacent to a1' game -
feed "${BC}"'c3 b1-c1\n' 1 'move 2 (b1-c1): no tiger on b1' game -
feed "${BC}"'c3 a1xa3\n' 1 'move 2 (a1xa3): no goat on a2 to capture' game -
feed "${BC}"'b2 a1xc3xa1\n' 1 'move 2 (a1xc3xa1): a tiger captures one goat per move, no chains' game -
feed "${BC}"'[FEN "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0"]\nb4xb5\n' 1 'move 1 (b4xb5): goats never capture' game -
feed "${BC}"'[FEN "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0"]\nc5\n' 1 'move 1 (c5): no goats in hand' game -
feed "${FORCED}"'[FEN "3/3/5/3B1/2B2/2R2/5/3/3 r"]\nc4-c3\n' 1 'move 1 (c4-c3): a capture is available and rules forced make it compulsory' game -
feed "${FORCED}"'[FEN "3/3/5/3B1/2B2/2R2/5/3/3 r"]\nc4xc6\n' 1 'the chain must go on: the piece on c6 can still capture' game -
feed "${SIX}"'[FEN "3/3/5/3B1/2B2/2R2/5/3/3 r"]\nc4xc6xe7\n' 1 'jump 2: no line leads from c6 over one point to e7' game -
feed "${SIX}"'[FEN "3/3/5/3B1/2B2/2R2/5/3/3 r"]\nc4xc6xc8\n' 1 'jump 2: no blue piece on c7 to capture' game -
feed "${SIX}"'d6-d5\n' 1 'move 1 (d6-d5): no red piece on d6' game -
# Results that disagree.
sed 's/\[Result "tigers"\]/[Result "goats"]/' "$R/bc_tigers_win.txt" >"$T/wrong_result.txt"
check 1 'the Result tag says goats but the moves end with tigers' game "$T/wrong_result.txt"
sed -e 's/\[Result "tigers"\]/[Result "goats"]/' -e 's/ tigers$/ goats/' "$R/bc_tigers_win.txt" >"$T/wrong_result.txt"
check 1 'the record says goats, but by the rules the result is tigers (5 goats captured)' game "$T/wrong_result.txt"
feed "${BC}"'[Result "draw"]\nc3 *\n' 1 'the Result tag says draw but the moves end with *' game -
feed "${SIX}"'[FEN "BRR/R2/2R2/5/5/5/5/3/3 b"]\n[Result "draw"]\n' 1 'by the rules the result is red (blue has no legal move)' game -
# Good little records.
feed "${BC}"'[Board "3x3"]\n[Result "tigers"]\n1. b1 a1-a2 2. c2 c1xa1 tigers\n' 0 'result: tigers (1 goat captured)' game -
feed "${BC}"'1. c3 a1-b1 {unfinished}\n' 0 'result: * (unfinished by the rules)' game -
feed "${BC}"'[Result "goats"]\n1.C3 1...A1-B1\n' 0 'result: goats (unfinished by the rules); as recorded' game -
feed "${BC}"'[FEN "TGGGT/GGG1G/G1G1G/GG1GG/TGGGT g 0 99"]\nc4-d4 goats\n' 0 'result: goats (the tigers have no legal move)' game -
feed '[Game "baghchal"]\n[Rules "no-repeat:12"]\n[FEN "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0"]\nc5-d5 a1-b1 d5-c5\n' 0 'rules no-repeat:12' game -
# Results that are not results of the game (fail until guti checks them; see the report).
feed "${BC}"'[Result "foo"]\nc3\n' 1 'foo' game -
feed "${BC}"'c3 red\n' 1 'red' game -

# Tablebases on the 4x4 board: solve, resume, query, verify, stats; damage is detected.
D="$T/tables"
P='TGGT/GGGG/G1GG/TG1T g 0'
check 0 'h0-c2' solve baghchal --phase movement --board 4x4 --dir "$D" --quiet
check 0 '(already solved)' solve baghchal --phase movement --board 4x4 --dir "$D" --quiet
check 0 '{"layer": "h0-c2", "positions": 30342, ' solve baghchal --phase movement --board 4x4 --dir "$D" --json
check 0 'goats to move: win in 1 (DTM)' query --dir "$D" "$P"
check 0 'b1-b2            win   5' query --dir "$D" "$P"
check 0 '"value": "win", "dtm": 1, "value_now": "win", "clock": 0, "limit": 100, "over": false, "moves": [{"move": "c2-c1", "value": "win", "dtm": 1, "value_now": "win"}' query --dir "$D" --json "$P"
check 0 'pv: c2-c1' query --dir "$D" --pv "$P"
check 0 '0 inconsistent' verify --dir "$D" --full
check 0 'inhand,captured,side,classes,win,draw,loss,positions,win_raw,draw_raw,loss_raw,max_dtm_win,max_dtm_loss' stats --dir "$D" --format csv
check 0 '0,2,tiger,15171,13117,1435,619,120120,104054,11314,4752,23,10' stats --dir "$D" --format csv
check 0 '| 0 | 2 | tigers | 15171 |' stats --dir "$D"
check 1 'make it with: guti solve baghchal --phase movement --rules goat-pass --board 4x4' query --dir "$D" --rules goat-pass "$P"
check 1 "make it with: guti solve baghchal --rules standard --board 4x4 --dir $D" query --dir "$D" 'T2T/4/4/T2T g 12'
check 2 "--phase 'middle', expected all, movement or placement" solve baghchal --phase middle --board 4x4 --dir "$D"
check 2 "rules no-repeat depend on the history" solve baghchal --phase movement --rules no-repeat --dir "$D"
check 1 'verify: no tables in' verify --dir "$T"
check 1 'stats: no tables in' stats --dir "$T"
check 2 "--format 'xml', expected md, csv or json" stats --dir "$D" --format xml
# damage_blocks FILE: one byte flipped in the middle of every block, so that any probe of
# the table reads a damaged block, whatever the block size (the block table, FORMAT.md,
# gives each block's offset and size).
damage_blocks() {
    "${GUTI_PYTHON:-python3}" - "$1" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
(nblocks,) = struct.unpack_from("<Q", b, 112)
for k in range(nblocks):
    off, size, _ = struct.unpack_from("<QII", b, 136 + 16 * k)
    b[off + size // 2] ^= 0x55
open(sys.argv[1], "wb").write(b)
PY
}
F=baghchal-4x4-standard-h0-c2.dtm
for damage in flip truncate version; do
    rm -rf "$T/bad" && cp -r "$D" "$T/bad"
    case $damage in
    flip) damage_blocks "$T/bad/$F"; why=': checksum mismatch' ;;
    truncate) head -c 5000 "$D/$F" >"$T/bad/$F"; why='truncated' ;;
    version) printf '\011' | dd of="$T/bad/$F" bs=1 seek=8 conv=notrunc 2>/dev/null; why='header checksum mismatch' ;;
    esac
    check 1 'verify: 1 error' verify --dir "$T/bad"
    grep -F -q "$why" "$T/out" || fail "verify's report lacks '$why'"
    check 1 "$why" query --dir "$T/bad" "$P"
    check 1 "$why" stats --dir "$T/bad"
done

# The whole game on 4x4: placement tables, reachability, queries and statistics.
W="$T/whole"
check 0 'start T2T/4/4/T2T g 12: loss for the goats to move' solve baghchal --board 4x4 --dir "$W" --quiet
check 0 "placement: every layer's WDL table is already there" solve baghchal --phase placement --board 4x4 --dir "$W"
rm "$W"/baghchal-4x4-standard-h1-c0-g.wdl
check 0 '(already solved)' solve baghchal --phase placement --board 4x4 --dir "$W"
grep -q '^h1-c0-g .*[0-9]$' "$T/out" || fail "the removed layer h1-c0-g was not solved again"
check 0 'goats to move: loss' query --dir "$W" 'T2T/4/4/T2T g 12'
check 0 '"value": "loss", "dtm": null, "value_now": null, "clock": 0, "limit": 100, "over": false, "moves": [' query --dir "$W" --json 'T2T/4/4/T2T g 12'
check 0 '0 inconsistent' verify --dir "$W" --full --sample 0
check 0 'h12-c0-g              1 of            252 reached' reach baghchal --board 4x4 --dir "$W"
grep reached "$T/out" | sort >"$T/reach-all"
rm "$W"/*-h[1-5]-*.reach "$W"/*-h0-c[12].reach
check 0 'h6-c0-g           85651 of         210770 reached (40.64%)  (already there)' reach baghchal --board 4x4 --dir "$W"
sed 's/  (already there)//' "$T/out" | grep reached | sort >"$T/reach-resumed"
[ "$(wc -l <"$T/reach-resumed")" -eq 36 ] && [ -z "$(comm -23 "$T/reach-resumed" "$T/reach-all")" ] ||
    fail "reach resumed from h6 found other counts"
check 0 "reach: every layer's REACH table is already there" reach baghchal --board 4x4 --dir "$W"
check 0 "reach: every layer's REACH table is already there" reach baghchal --board 4x4 --dir "$W" --quiet
check 0 '12,0,goat,252,235,8,9,1820,1729,50,41,,' stats --dir "$W" --format csv
check 0 '12,0,goat,1,0,0,1,1,0,0,1,,' stats --dir "$W" --format csv --reachable
check 0 '| 11 | 1 | tigers | 0 | - | - | - | 0 | - | - | - |' stats --dir "$W" --reachable
check 1 "make them with: guti reach baghchal --rules standard --board 4x4 --dir $D" stats --dir "$D" --reachable
check 2 'Sixteen Soldiers has no reachability' reach sixteen --dir "$W"
check 2 'only baghchal under standard or goat-pass' reach baghchal --rules no-repeat --dir "$W"
# DTM for the placement phase, from its WDL tables; query and stats use it, verify checks it.
check 0 'h12-c0-g          252          235            8            9      25      38' solve baghchal --phase placement --dtm --board 4x4 --dir "$W"
check 0 "every layer's DTM table is already there" solve baghchal --phase placement --dtm --board 4x4 --dir "$W"
rm "$W"/baghchal-4x4-standard-h5-c2-t.dtm
check 0 '(already made)' solve baghchal --phase placement --dtm --board 4x4 --dir "$W"
check 0 'goats to move: loss in 26 (DTM)' query --dir "$W" 'T2T/4/4/T2T g 12'
check 0 '12,0,goat,252,235,8,9,1820,1729,50,41,25,38' stats --dir "$W" --format csv
check 0 "the tigers' longest forced win, 39 plies: \`4/T1G1/G3/TT1T t 10\`" stats --dir "$W" --format md
check 0 '0 inconsistent' verify --dir "$W" --full --sample 5000
check 2 '--dtm is for the placement phase' solve baghchal --phase movement --dtm --board 4x4 --dir "$W"
# stats --out: every format from one pass, each renamed into place when complete.
check 0 '' stats --dir "$W" --out "$T/st"
for f in md csv json; do
    [ -s "$T/st.$f" ] && [ ! -e "$T/st.$f.tmp" ] || fail "stats --out left no $T/st.$f, or its .tmp"
done
"$G" stats --dir "$W" --format csv | cmp -s - "$T/st.csv" || fail "stats --out's CSV is not --format csv's"
"$G" stats --dir "$W" --json | cmp -s - "$T/st.json" || fail "stats --out's JSON is not --json's"
"$G" stats --dir "$W" --format md | cmp -s - "$T/st.md" || fail "stats --out's Markdown is not --format md's"
check 2 '--out: the name is too long' stats --dir "$W" --out "$T/$(printf '%01100d' 0)"
check 2 '--out writes every format; drop --format and --json' stats --dir "$W" --out "$T/st" --format md
check 1 "stats: cannot write $T/st.csv/st.md.tmp" stats --dir "$W" --out "$T/st.csv/st"
# Both rule sets: the comparison names the classes that change, with an example of each.
check 0 'h0-c2' solve baghchal --phase movement --rules goat-pass --board 4x4 --dir "$D" --quiet
check 0 '| 0 | 0 | goats | 252 | 1820 | 0 | 0 | 0 | 0 | 252 | 0 | `GGGG/GGGG/GGGG/TTTT g 0` |' stats --dir "$D"
check 0 '| **all** | | | 252 | 1820 | 0 | 0 | 0 | 0 | 252 | 0 | |' stats --dir "$D"
check 0 'Listed: the 1 of the 6 layers (by side to move) compared that have one' stats --dir "$D"
grep -q '^| 0 | 1 | goats | 0 |' "$T/out" && fail "stats lists a layer with no change"
check 0 '"changed": 252, "changed_raw": 1820, "matrix": [[0, 0, 0], [0, 0, 0], [252, 0, 0]], "example": "GGGG/GGGG/GGGG/TTTT g 0"' stats --dir "$D" --json
# A layer the other rule set lacks is left out of the comparison, not an error.
rm -rf "$T/part" && cp -r "$D" "$T/part" && rm "$T/part"/baghchal-4x4-goat-pass-h0-c1.*
check 0 '| **all** | | | 252 | 1820 |' stats --dir "$T/part"
check 2 '--dtm: every layer of sixteen has a DTM table already' solve sixteen --pieces 3 --dtm --dir "$W"

# Sixteen Soldiers endgames up to 4 pieces, both rules.
S="$T/sixteen"
check 0 '2+2             99778         8199        91536           43      32' solve sixteen --pieces 4 --dir "$S"
check 0 '(already solved)' solve sixteen --pieces 4 --dir "$S"
check 0 '2+2             99778' solve sixteen --pieces 4 --rules forced --dir "$S"
check 0 'red to move: win in 1 (DTM)' query --dir "$S" '3/3/5/2B2/5/2B2/2R2/3/3 r'
check 0 'c3xc5xc7         win   1' query --dir "$S" '3/3/5/2B2/5/2B2/2R2/3/3 r'
check 0 '"moves": [{"move": "c3xc5xc7", "value": "win", "dtm": 1, "value_now": "win"}]' query --dir "$S" --rules forced --json '3/3/5/2B2/5/2B2/2R2/3/3 r'
check 0 'ok   sixteen forced 2+2: 99778 positions re-derived, 0 inconsistent' verify --dir "$S" --full
check 0 'pieces_to_move,pieces_other,classes,win,draw,loss,positions,win_raw,draw_raw,loss_raw,max_dtm_win,max_dtm_loss' stats --dir "$S" --format csv
check 0 '3,1,66508,66360,148,0,264180,263644,536,0,35,-1' stats --dir "$S" --format csv
check 0 '| 3 | 99.8% | | |' stats --dir "$S"
check 1 'make it with: guti solve sixteen --pieces 5 --rules optional' query --dir "$S" '3/3/5/2B2/5/2BB1/2RR1/3/3 r'
check 2 'sixteen needs --pieces N' solve sixteen --dir "$S"
check 2 "--pieces 13: at most 12 are solved here" solve sixteen --pieces 13 --dir "$S"
check 2 '--pieces: baghchal is solved whole' solve baghchal --pieces 4 --dir "$S"
rm -rf "$T/bad" && cp -r "$S" "$T/bad"
damage_blocks "$T/bad/sixteen-optional-m3-n1.dtm"
check 1 'verify: 2 errors' verify --dir "$T/bad" --full
check 1 'sixteen-optional-m3-n1.dtm: block ' query --dir "$T/bad" '3/3/5/2R2/5/2B2/2R2/3/R2 r'
grep -q ': checksum mismatch' "$T/err" || fail "a damaged block was not called one"

# More checks, one file per topic, sharing the tables made above: $D (4x4 movement phase,
# standard and goat-pass), $W (the 4x4 whole game with placement DTM and REACH tables) and
# $S (Sixteen Soldiers up to 4 pieces, both rules). Each may make its own copies in $T.
# GUTI_CLI_PARTS="query play" runs only those parts (after the checks above), to try one
# change quickly; make test and make check run them all.
for part in "$(dirname "$0")"/cli.d/*.sh; do
    name=${part##*/}
    if [ -n "${GUTI_CLI_PARTS:-}" ]; then
        case " $GUTI_CLI_PARTS " in
        *" ${name%.sh} "*) ;;
        *) continue ;;
        esac
    fi
    [ -f "$part" ] && . "$part"
done

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
