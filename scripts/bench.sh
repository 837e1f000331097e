#!/bin/sh
# The benchmarks: each solver's wall time, positions per second and peak memory, from
# scratch in a temporary directory. BENCH_RULES and BENCH_BOARD choose what to solve.
set -e
guti=${1:-./build/guti}
rules=${BENCH_RULES:-standard}
board=${BENCH_BOARD:-5x5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "== perft: Bagh-Chal depth 6, Sixteen Soldiers (optional) depth 7"
"$guti" perft baghchal 6 --json
"$guti" perft sixteen 7 --json
echo
echo "== Bagh-Chal movement phase, rules $rules, board $board: WDL and DTM, $(nproc) cores"
"$guti" solve baghchal --phase movement --rules "$rules" --board "$board" --dir "$dir" --quiet
# stats over those tables: every format from one pass (it once built every placement
# layer's index first and took longer than the solve)
t0=$(date +%s.%N)
"$guti" stats --dir "$dir" --rules "$rules" --board "$board" --out "$dir/stats/movement" --quiet
t1=$(date +%s.%N)
echo "stats: movement phase, md, csv and json in $(echo "$t0 $t1" | awk '{printf "%.2f", $2 - $1}') s wall"

echo
echo "== The counting rule over the movement phase (limit 100): the DTC pass, from the DTM tables"
"$guti" solve baghchal --phase movement --dtc --rules "$rules" --board "$board" --dir "$dir" --quiet | tail -n 7
echo
echo "== Bagh-Chal whole game on the 4x4 board, rules $rules: movement, placement WDL and DTM,"
echo "   the counting rule's classes of both phases, reachable positions (the 5x5 whole game"
echo "   is 42 minutes: guti solve baghchal)"
# the outputs go to files first: a pipe would hide guti's exit status from set -e
"$guti" solve baghchal --dtm --dtc --rules "$rules" --board 4x4 --dir "$dir/4x4" >"$dir/solve.out"
grep -E '^(total|placement|peak|start|counting)' "$dir/solve.out"
"$guti" reach baghchal --rules "$rules" --board 4x4 --dir "$dir/4x4" >"$dir/reach.out"
tail -n 1 "$dir/reach.out"
echo
echo "== Sixteen Soldiers endgames up to ${BENCH_PIECES:-6} pieces, rules optional then forced"
"$guti" solve sixteen --pieces "${BENCH_PIECES:-6}" --dir "$dir/sixteen" --quiet
"$guti" solve sixteen --pieces "${BENCH_PIECES:-6}" --rules forced --dir "$dir/sixteen" --quiet
