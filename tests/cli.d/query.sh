# guti query at the edges (issue 10): finished games, positions beyond the tables, batch
# input that keeps its place, the clock, and hints that work as printed.

# A finished game is answered as over, with its result, the same in show and query.
mkdir -p "$T/empty" # an empty directory of tables (one that is not there is an error)
OVER5='T3T/GGGGG/GGGGG/GGGGG/T3T g 0'
check 0 'game over: tigers win (5 goats captured)' query --dir "$T/empty" "$OVER5"
check 0 '"value": "loss", "dtm": 0, "value_now": "loss", "clock": 0, "limit": 100, "over": true, "result": "tigers", "reason": "5 goats captured", "reachable": true, "moves": []' query --dir "$T/empty" --json "$OVER5"
check 0 'game over: tigers win (5 goats captured)' show "$OVER5"
# The winner to move: no game reaches it, and both commands say so.
check 0 'no game reaches this position' query --dir "$T/empty" 'T3T/GGGGG/GGGGG/GGGGG/T3T t 0'
grep -q 'loss' "$T/out" && fail "query calls the winner's finished game a loss"
check 0 '"value": "win", "dtm": 0, "value_now": "win", "clock": 0, "limit": 100, "over": true, "result": "tigers", "reason": "5 goats captured", "reachable": false' query --dir "$T/empty" --json 'T3T/GGGGG/GGGGG/GGGGG/T3T t 0'
check 0 'no game reaches this position' show 'T3T/GGGGG/GGGGG/GGGGG/T3T t 0'
check 0 '"reachable": false' show --json 'T3T/GGGGG/GGGGG/GGGGG/T3T t 0'
check 0 '"reachable": true' show --json "$OVER5"
check 0 'game over: red wins (blue has no pieces left); no game reaches this position' query --dir "$S" '3/3/5/5/5/5/5/3/R2 r'
check 0 'game over: red wins (blue has no pieces left)' query --dir "$S" '3/3/5/5/5/5/5/3/R2 b'
grep -q 'no game reaches' "$T/out" && fail "blue to move with no pieces is a reachable end"
check 0 'no game reaches this position' show '3/3/5/5/5/5/5/3/R2 r'
# A capture that ends the game is a win in 1 for its maker (a finished successor is lost
# by the side to move there).
check 0 'a1xc1            win   1' query --dir "$W" 'TGGT/GGGG/G1GG/TG1T t 0'

# A position whose table is absent: at once, in little memory, naming the table and a
# command that makes it, or saying that no one machine can.
# The memory bound is 300 MB of address space (ulimit -v), for guti alone; a sanitized
# build reserves terabytes of shadow memory up front and cannot run under any such bound,
# so there the same checks run without it.
printf '#!/bin/sh\nulimit -v 300000\nexec "%s" "$@"\n' "$G" >"$T/small-guti"
chmod +x "$T/small-guti"
unbounded=$G
"$T/small-guti" --version >/dev/null 2>&1 && G=$T/small-guti
check 1 '32 pieces are beyond' query --dir "$S" 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r'
check 1 '12 pieces are beyond one machine' query --dir "$S" 'BBB/BBB/5/5/5/5/5/RRR/RRR r'
check 1 'no table' query --dir "$T/empty" 'GGGGG/GGGGG/TG1GG/TGGTG/GTG1G t 0'
G=$unbounded
check 1 "make it with: guti solve sixteen --pieces 5 --rules optional --dir $S" query --dir "$S" '3/3/5/2B2/5/2BB1/2RR1/3/3 r'

# Every hint is a command that works as printed: run it, then the query answers.
H="$T/hint"
mkdir -p "$H" # empty: the tables missing from it are named (an absent one is an error)
check 1 "make it with: guti solve baghchal --rules goat-pass --board 4x4 --dir $H" query --dir "$H" --rules goat-pass 'T2T/4/4/T2T g 12'
hint=$(sed -n 's/.*make it with: guti //p' "$T/err")
# shellcheck disable=SC2086
"$G" $hint --quiet >/dev/null 2>&1 || fail "the hint 'guti $hint' failed"
check 0 'goats to move: loss' query --dir "$H" --rules goat-pass 'T2T/4/4/T2T g 12'
check 1 "make it with: guti solve baghchal --phase movement --rules standard --board 4x4 --dir $H" query --dir "$H" --rules standard 'TGGT/GGGG/G1GG/TG1T g 0'
hint=$(sed -n 's/.*make it with: guti //p' "$T/err")
# shellcheck disable=SC2086
"$G" $hint --quiet >/dev/null 2>&1 || fail "the hint 'guti $hint' failed"
check 0 'goats to move: win in 1' query --dir "$H" --rules standard 'TGGT/GGGG/G1GG/TG1T g 0'
check 2 'have no meaning under rules no-repeat' query --dir "$W" --rules no-repeat --pv 'T2T/4/4/T2T g 12'

# Batch input keeps its place: one answer per input line, in order, errors included.
printf '%s\n' 'T2T/4/4/T2T g 12' 'T2T/4/4/T2T x 12' '' 'TGGT/GGGG/G1GG/TG1T g 0' >"$T/batch"
"$G" query --dir "$W" --json <"$T/batch" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || fail "a batch with bad lines did not exit 1"
[ "$(wc -l <"$T/out")" -eq 4 ] || fail "a batch of 4 lines got $(wc -l <"$T/out") answers"
sed -n 2p "$T/out" | grep -q '^{"fen": "T2T/4/4/T2T x 12", "line": 2, "error": "position: side' || fail "line 2's answer is not its error"
sed -n 3p "$T/out" | grep -q '^{"fen": "", "line": 3, "error": ' || fail "the blank line 3 got no answer"
sed -n 4p "$T/out" | grep -q '^{"fen": "TGGT/GGGG/G1GG/TG1T g 0", "value": "win"' || fail "line 4's answer is not its position's"
[ "$(grep -c '^guti: query: line [23]: ' "$T/err")" -eq 2 ] || fail "stderr does not name lines 2 and 3"
"$G" query --dir "$W" <"$T/batch" >"$T/out" 2>/dev/null
grep -q '^error: line 2: position: side' "$T/out" || fail "text output lacks line 2's error"
passed=$((passed + 5))
# A line longer than any buffer is one input, not several.
awk 'BEGIN { s = "T2T/4/4/T2T g 12"; for (i = 0; i < 3000; i++) s = s " "; print s; print "T2T/4/4/T2T g 12" }' >"$T/long"
[ "$("$G" query --dir "$W" --json <"$T/long" 2>/dev/null | wc -l)" -eq 2 ] || fail "a long line was not one answer"
# Bytes that are not UTF-8 come back as valid JSON.
printf 'T2T/4/4/T2T \377 12\n' | "$G" query --dir "$W" --json 2>/dev/null | grep -q '"fen": "T2T/4/4/T2T \\ufffd 12"' || fail "invalid UTF-8 echoed raw in JSON"

# The clock: at the limit a draw by rule, above it an error; below it the value ignores
# the rule, and says when the clock cannot change it.
check 0 'game over: draw (80 half-moves without capture)' query --dir "$S" '3/1B1/5/5/2R2/2B2/5/1B1/3 b 80'
check 0 'game over: draw (80 half-moves without capture)' show '3/1B1/5/5/2R2/2B2/5/1B1/3 b 80'
check 1 'clock 81 is past the counting rule' query --dir "$S" '3/1B1/5/5/2R2/2B2/5/1B1/3 b 81'
check 1 'clock 1000 is past the counting rule' query --dir "$S" '3/1B1/5/5/2R2/2B2/5/1B1/3 b 1000'
check 0 'clock 79 of 80: the clock does not change this value' query --dir "$S" '3/1B1/5/5/2R2/2B2/5/1B1/3 b 79'
check 0 '"clock": 79, "limit": 80' query --dir "$S" --json '3/1B1/5/5/2R2/2B2/5/1B1/3 b 79'
# Blue wins in 1 with a capture, which resets the clock; its steps now reach the limit:
# their values are the tables', and draws by rule now.
grep -q '"value_now": "draw"}' "$T/out" || fail "a step to the clock's limit is not a draw now"
grep -q '{"move": "c2-c3", "value": "win", "dtm": 19, "value_now": "draw"}' "$T/out" || fail "a step to the clock's limit lost its value"
check 0 'this value ignores the counting rule' query --dir "$W" 'TGGT/GGGG/GGGG/T2T t 0 99'
check 0 'b1-b2            win   5  (a draw by the clock)' query --dir "$W" 'TGGT/GGGG/G1GG/TG1T g 0 99'
check 0 '"value": "win", "dtm": 1, "value_now": "win", "clock": 99, "limit": 100, "over": false, "moves": [{"move": "c2-c1", "value": "win", "dtm": 1, "value_now": "win"}, {"move": "b1-b2", "value": "win", "dtm": 5, "value_now": "draw"}, {"move": "b1-c1", "value": "loss", "dtm": 2, "value_now": "draw"}' query --dir "$W" --json 'TGGT/GGGG/G1GG/TG1T g 0 99'
check 0 '{"move": "b1-b2", "value": "win", "dtm": 5, "value_now": null}' query --dir "$W" --json 'TGGT/GGGG/G1GG/TG1T g 0 98'

# The rule set is read from the tables: a directory of goat-pass (or forced) tables alone
# answers without --rules; --rules still chooses.
RG="$T/rules-only"
mkdir -p "$RG" && cp "$D"/baghchal-4x4-goat-pass-* "$RG"/ && cp "$S"/sixteen-forced-* "$RG"/
check 0 'goats to move: win in 1 (DTM)' query --dir "$RG" 'TGGT/GGGG/G1GG/TG1T g 0'
check 0 'red to move: win in 1 (DTM)' query --dir "$RG" '3/3/5/2B2/5/2B2/2R2/3/3 r'
check 1 'no table' query --dir "$RG" --rules standard 'TGGT/GGGG/G1GG/TG1T g 0'

# A clock past the limit is no position of a game, for every command; no-repeat has no
# clock rule and takes any clock.
check 1 'clock 101 is past the counting rule' show 'GGGGG/GGGGG/TG1GG/TGGTG/GTG1G t 0 101'
check 0 'legal moves (4)' show 'GGGGG/GGGGG/TG1GG/TGGTG/GTG1G t 0 101' --rules no-repeat
# game: a record that starts from a finished game no game reaches is not sound.
feed '[Game "baghchal"]\n[Rules "standard"]\n[FEN "T3T/GGGGG/GGGGG/GGGGG/T3T t 0"]\n' 1 'no game reaches it' game -
feed '[Game "baghchal"]\n[Rules "standard"]\n[FEN "T3T/GGGGG/GGGGG/GGGGG/T3T g 0"]\n' 0 'result: tigers (5 goats captured)' game -

# Review fixes: output that cannot be written fails; a hint's directory is quoted for the
# shell; an empty --dir is refused; a principal variation cut short says so and fails.
"$G" show "$START" >/dev/full 2>"$T/err" && fail "show to a full disk exited 0"
grep -q 'guti: show: cannot write the output' "$T/err" || fail "show to a full disk did not say so"
"$G" query --dir "$W" 'T2T/4/4/T2T g 12' >/dev/full 2>"$T/err" && fail "query to a full disk exited 0"
passed=$((passed + 3))
SP="$T/a dir"
mkdir -p "$SP"
check 1 "--dir '$SP'" query --dir "$SP" --rules standard 'TGGT/GGGG/G1GG/TG1T g 0'
sh -c "'$G' $(sed -n 's/.*make it with: guti //p' "$T/err") --quiet" >/dev/null 2>&1 || fail "the quoted hint did not work"
check 0 'goats to move: win in 1' query --dir "$SP" --rules standard 'TGGT/GGGG/G1GG/TG1T g 0'
check 2 "option '--dir' needs a value, not an empty one" query --dir= "$START"
rm -rf "$T/pvcut" && cp -r "$W" "$T/pvcut" && rm "$T/pvcut"/baghchal-4x4-standard-h0-c2.*
check 1 'pv cut short: no table' query --dir "$T/pvcut" --pv --json 'T2T/4/4/T2T g 12'
grep -q '"pv_error": "no table' "$T/out" || fail "the JSON does not say the pv was cut short"
passed=$((passed + 1))

# --cache-stats (issue 16): what a batch cost, counted by the block cache. Three positions
# of one layer (4x4, 12 goats in hand): each probe is a hit or a miss, the first probe of a
# block a miss; a miss reads fewer bytes than it decompresses (the blocks compress); a
# second pass over the same positions with the cache still holding them misses no more.
printf 'T2T/4/4/T2T g 12\nT2T/4/4/T2T g 12\nT2T/4/4/T2T g 12\n' >"$T/three"
# (one thread: two threads answering the same position at once may both miss its block)
"$G" query --dir "$W" --cache 1 --cache-stats --json --threads 1 <"$T/three" >"$T/out" 2>"$T/err" ||
    fail "query --cache-stats failed"
"${GUTI_PYTHON:-python3}" - "$T/err" <<'PY' || fail "query --cache-stats: $(cat "$T/err")"
import json, sys
s = json.loads(open(sys.argv[1]).read())
assert s["positions"] == 3, s
assert s["probes"] == s["hits"] + s["misses"] and s["misses"] >= 1, s
assert s["probes"] % 3 == 0 and s["hits"] >= 2 * s["probes"] // 3, s  # passes 2 and 3 hit
assert 0 < s["bytes_read"] < s["bytes_decompressed"], s
assert s["bytes_held"] == s["bytes_decompressed"], s  # 1 MB holds them all
PY
"$G" query --dir "$W" --cache-stats 'T2T/4/4/T2T g 12' >"$T/out" 2>"$T/err" &&
    grep -q '^guti: query: 1 positions in .* block cache: [0-9]* probes' "$T/err" ||
    fail "query --cache-stats wrote no summary line: $(cat "$T/err")"
passed=$((passed + 1))
check 2 "--cache 0" query --dir "$W" --cache 0 'T2T/4/4/T2T g 12'
passed=$((passed + 1))

# --threads (issue 16): the threads answer a batch at once and the answers keep the
# inputs' order, errors included: the same bytes as one thread, on stdout and stderr.
# 300 random 4x4 positions of both phases, with bad lines among them.
{
    "${GUTI_PYTHON:-python3}" scripts/random-positions.py 150 3 placement 4x4
    "${GUTI_PYTHON:-python3}" scripts/random-positions.py 150 4 movement 4x4
} | awk '{ print } NR % 7 == 0 { print "T2T/4/4/T2T x 12" } NR % 11 == 0 { print "" }' >"$T/many"
"$G" query --dir "$W" --json --threads 1 <"$T/many" >"$T/one" 2>"$T/one.err"
"$G" query --dir "$W" --json --threads 3 <"$T/many" >"$T/three-out" 2>"$T/three.err"
cmp -s "$T/one" "$T/three-out" || fail "query --threads 3 answered otherwise than one thread"
cmp -s "$T/one.err" "$T/three.err" || fail "query --threads 3 wrote another stderr than one thread"
[ "$(wc -l <"$T/one")" -eq "$(wc -l <"$T/many")" ] || fail "query --threads: not one answer per line"
passed=$((passed + 3))
# A program that writes a position and waits gets its answer while stdin stays open.
rm -f "$T/fifo" && mkfifo "$T/fifo"
"$G" query --dir "$W" <"$T/fifo" >"$T/coproc" 2>&1 &
qpid=$!
exec 9>"$T/fifo"
echo 'T2T/4/4/T2T g 12' >&9
n=0
while [ $n -lt 100 ] && ! grep -q 'goats to move' "$T/coproc"; do sleep 0.1; n=$((n + 1)); done
grep -q 'goats to move' "$T/coproc" || fail "query waited for more input before answering the first line"
exec 9>&-
wait $qpid || fail "query from a pipe closed after one line did not exit 0"
passed=$((passed + 1))
