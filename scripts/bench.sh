#!/bin/sh
# make bench: the rows of issue 16's performance table that fit in about a minute each,
# from scratch in a temporary directory, on this machine's cores unless a row says one
# thread: wall time, CPU time and peak memory of each, then the table of them all. The
# full-size rows (the 5x5 whole game, its DTM, reach and stats, 8-piece Sixteen Soldiers,
# GamesmanClassic, 5x5 placement queries) are scripts/bench-full.sh's.
# BENCH_RULES and BENCH_PIECES change what is solved (standard, 6).
set -e
guti=${1:-./build/guti}
rules=${BENCH_RULES:-standard}
pieces=${BENCH_PIECES:-6}
here=$(dirname "$0")
. "$here/timed.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
table=$dir/table.md

# measure LABEL COMMAND...: runs it under /usr/bin/time with its output shown, and adds
# its row to the table; a failure stops the benchmark (set -e).
measure() {
    label=$1
    shift
    timed "$dir/time" "$@"
    printf '| %s | %s | %s | %s |\n' "$label" "$wall" "$cpu" "$rss_mb" >>"$table"
}

echo "== perft: Bagh-Chal depth 6, Sixteen Soldiers (optional) depth 7"
measure "perft: Bagh-Chal depth 6" "$guti" perft baghchal 6 --json
measure "perft: Sixteen Soldiers depth 7" "$guti" perft sixteen 7 --json

echo
echo "== Bagh-Chal movement phase (5x5), rules $rules: WDL and DTM, $(nproc) cores"
measure "5x5 movement phase, WDL + DTM (target 20 s)" \
    "$guti" solve baghchal --phase movement --rules "$rules" --dir "$dir/5x5" --quiet
measure "stats: 5x5 movement phase, md + csv + json" \
    "$guti" stats --dir "$dir/5x5" --rules "$rules" --out "$dir/stats/movement" --quiet
echo
echo "== The counting rule over the movement phase (limit 100): the DTC pass, from the DTM tables"
measure "5x5 movement phase, counting rule L = 100" \
    "$guti" solve baghchal --phase movement --dtc --rules "$rules" --dir "$dir/5x5" --quiet

echo
echo "== Bagh-Chal whole game on the 4x4 board, rules $rules: WDL alone on one thread (the"
echo "   row GamesmanClassic's mbaghchal is compared with: scripts/bench-gamesman.sh), then"
echo "   WDL, DTM and the counting rule on every core, reach and stats"
measure "4x4 whole game, WDL, one thread" \
    env OMP_NUM_THREADS=1 "$guti" solve baghchal --rules "$rules" --board 4x4 --dir "$dir/4x4-1" --quiet
# the outputs go to files first: a pipe would hide guti's exit status from set -e
measure "4x4 whole game: WDL, DTM, counting rule" \
    "$guti" solve baghchal --dtm --dtc --rules "$rules" --board 4x4 --dir "$dir/4x4" >"$dir/solve.out"
grep -E '^(total|placement|peak|start|counting)' "$dir/solve.out"
measure "4x4 reach" "$guti" reach baghchal --rules "$rules" --board 4x4 --dir "$dir/4x4" >"$dir/reach.out"
tail -n 1 "$dir/reach.out"
measure "4x4 stats over the whole game, md + csv + json" \
    "$guti" stats --dir "$dir/4x4" --rules "$rules" --out "$dir/stats/4x4" --quiet

echo
echo "== Queries from stdin, 100,000 random positions each, the block cache's figures on stderr"
python3 "$here/random-positions.py" 100000 2 movement >"$dir/move.txt"
python3 "$here/random-positions.py" 100000 1 placement 4x4 >"$dir/place4.txt"
python3 "$here/random-positions.py" 100000 3 movement 4x4 >"$dir/move4.txt"
measure "query: 100,000 5x5 movement positions" \
    sh -c "'$guti' query --dir '$dir/5x5' --cache-stats <'$dir/move.txt' >/dev/null"
measure "query: 100,000 4x4 placement positions (WDL, DTM, DTC tables)" \
    sh -c "'$guti' query --dir '$dir/4x4' --cache-stats <'$dir/place4.txt' >/dev/null"
measure "query: 100,000 4x4 movement positions" \
    sh -c "'$guti' query --dir '$dir/4x4' --cache-stats <'$dir/move4.txt' >/dev/null"

echo
echo "== Sixteen Soldiers endgames up to $pieces pieces, rules optional then forced"
measure "Sixteen Soldiers up to $pieces pieces, optional" \
    "$guti" solve sixteen --pieces "$pieces" --dir "$dir/sixteen" --quiet
measure "Sixteen Soldiers up to $pieces pieces, forced" \
    "$guti" solve sixteen --pieces "$pieces" --rules forced --dir "$dir/sixteen" --quiet

echo
echo "== Summary: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1)"
echo "| row | wall s | CPU s | peak RSS MB |"
echo "| --- | ---: | ---: | ---: |"
cat "$table"
