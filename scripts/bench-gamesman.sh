#!/bin/sh
# guti against GamesmanClassic's Bagh-Chal (src/mbaghchal.c), the one other program that
# solves the game's whole tree, on the board both can finish in seconds: 4x4 without
# diagonals (GamesmanClassic's option 2, guti's --board 4x4: 12 goats, 3 captures win),
# both from nothing to every position's value, on one thread, wall and CPU time by
# /usr/bin/time. Prints a Markdown table, with guti's value of the start.
#
# usage: sh scripts/bench-gamesman.sh GAMESMAN_DIR [GUTI]
#   GAMESMAN_DIR  a GamesmanClassic checkout; built there first (autoconf, ./configure
#                 --disable-graphics, make) unless bin/mbaghchal exists, with autoconf
#                 and zlib1g-dev (scripts/deps.sh installs them)
#   GUTI          the guti binary (default ./build/guti)
set -eu
[ $# -ge 1 ] || { sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
gm=$(cd "$1" && pwd)
guti=${2:-./build/guti}
[ -x "$guti" ] || { echo "bench-gamesman: no guti binary at $guti" >&2; exit 2; }
sh "$(dirname "$0")/deps.sh" time
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$gm/bin/mbaghchal" ]; then
    echo "bench-gamesman: building GamesmanClassic in $gm" >&2
    sh "$(dirname "$0")/deps.sh" autoconf zlib1g-dev
    (cd "$gm" && autoconf && ./configure --disable-graphics && make) >"$work/build.log" 2>&1 ||
        { tail -n 20 "$work/build.log" >&2; echo "bench-gamesman: build failed" >&2; exit 1; }
fi

# measure NAME COMMAND...: wall and CPU seconds of one run, its output in $work/NAME.out
measure() {
    name=$1
    shift
    /usr/bin/time -f '%e %U %S %M' -o "$work/$name.time" "$@" >"$work/$name.out" 2>&1 </dev/null
    read -r wall user sys rss <"$work/$name.time"
    cpu=$(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}')
    eval "${name}_wall=$wall ${name}_cpu=$cpu ${name}_rss=$((rss / 1024))"
}

# GamesmanClassic: solve option 2 from nothing (its tier solver writes each tier's
# database under bin/data even with --nodb: the one of an earlier run is removed first, so
# that nothing is loaded); it prints no value of the start
rm -rf "$gm/bin/data/mbaghchal_2_tierdb"
measure gamesman sh -c "cd '$gm/bin' && exec ./mbaghchal --nodb --option 2 --solve"
grep -q 'is now fully solved' "$work/gamesman.out" ||
    { tail -n 5 "$work/gamesman.out" >&2; echo "bench-gamesman: mbaghchal did not finish" >&2; exit 1; }
measure guti env OMP_NUM_THREADS=1 "$guti" solve baghchal --board 4x4 --dir "$work/tables" --quiet
guti_value=$(grep '^start' "$work/guti.out" | head -1)
# GamesmanClassic finds each position's remoteness too, guti's DTM: so guti with --dtm
measure gutidtm env OMP_NUM_THREADS=1 "$guti" solve baghchal --board 4x4 --dtm --dir "$work/dtm" --quiet

echo "| program | command | wall s | CPU s | peak RSS MB |"
echo "| --- | --- | ---: | ---: | ---: |"
echo "| GamesmanClassic mbaghchal | \`mbaghchal --nodb --option 2 --solve\` | $gamesman_wall | $gamesman_cpu | $gamesman_rss |"
echo "| guti, values | \`OMP_NUM_THREADS=1 guti solve baghchal --board 4x4\` | $guti_wall | $guti_cpu | $guti_rss |"
echo "| guti, values and DTM | \`OMP_NUM_THREADS=1 guti solve baghchal --board 4x4 --dtm\` | $gutidtm_wall | $gutidtm_cpu | $gutidtm_rss |"
echo
echo "guti: $guti_value"
awk -v a="$gamesman_wall" -v b="$guti_wall" -v c="$gutidtm_wall" 'BEGIN {
    if (b > 0 && c > 0) printf "\nguti is %.0f times faster (wall), %.0f times with DTM.\n", a / b, a / c }'
