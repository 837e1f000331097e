#!/bin/sh
# Regenerates data/baghchal-capture-goal.md (issue 17): for each capture goal K, the
# whole 5x5 game solved with the tigers winning at K captures rather than 5, so that the
# start's value tells how many goats the tigers can force. For each rules R and goal K:
#
#   guti solve baghchal --rules R --captures K
#   guti solve baghchal --rules R --captures K --dtm   (GUTI_DTM: yes, no, or auto, the
#          default: only when the start is won or lost, as a draw has no distance to show)
#   guti reach baghchal --rules R --captures K
#   guti stats ... --out data/capture-goal/baghchal-R-kK            (all positions)
#   guti stats ... --reachable --out data/capture-goal/baghchal-R-kK-reachable
#   guti query --pv --json START  >data/capture-goal/baghchal-R-kK-start.json
#
# then scripts/capture-goal-report.py writes the report from those files and, for the
# board's own goal (5), from data/baghchal-R{,-reachable}.json. Goal 5's start line is
# asked of its tables when they are in the directory. Each step whose output is there
# already is skipped, and solve and reach resume, so the script can be stopped and run
# again. The time, CPU and peak memory of every step go to data/capture-goal/times.tsv.
#
# usage: sh scripts/publish-capture-goal.sh [GUTI [RULES [GOALS]]]
#   GUTI   the binary (default ./build/guti)
#   RULES  standard or goat-pass, or several in one word with spaces (default both)
#   GOALS  the goals, as "1 2 3 4 5" (the default)
# Tables go to $GUTI_TABLES (default ./tables), named by their goal (standard-k3), so
# they never mix with the board's own goal's.
set -eu
guti=${1:-./build/guti}
rules_list=${2:-standard goat-pass}
goals=${3:-1 2 3 4 5}
dir=${GUTI_TABLES:-tables}
dtm=${GUTI_DTM:-auto}
case $dtm in
yes | no | auto) ;;
*) echo "publish-capture-goal: GUTI_DTM must be yes, no or auto, not '$dtm'" >&2; exit 2 ;;
esac
here=$(dirname "$0")
sh "$here/deps.sh" time || exit 2 # /usr/bin/time
. "$here/timed.sh"
out=data/capture-goal
mkdir -p "$out"
start='T3T/5/5/5/T3T g 20'

# step NAME COMMAND...: runs the command timed, its figures a line of times.tsv.
step() {
    name=$1
    shift
    echo "publish-capture-goal: $rules k$k: $name" >&2
    timed "$out/.time" "$@"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$rules" "$k" "$name" "$wall" "$cpu" "$rss_mb" \
        >>"$out/times.tsv"
}

for rules in $rules_list; do
    for k in $goals; do
        base=$out/baghchal-$rules-k$k
        if [ "$k" != 5 ]; then
            if [ ! -f "$base-reachable.json" ]; then
                step solve "$guti" solve baghchal --rules "$rules" --captures "$k" \
                    --dir "$dir" --quiet
                want_dtm=$dtm
                if [ "$dtm" = auto ]; then
                    "$guti" query --dir "$dir" --rules "$rules" --captures "$k" "$start" \
                        >"$out/.start"
                    want_dtm=yes
                    grep -q '^goats to move: draw' "$out/.start" && want_dtm=no
                fi
                if [ "$want_dtm" = yes ]; then
                    step solve-dtm "$guti" solve baghchal --dtm --phase placement \
                        --rules "$rules" --captures "$k" --dir "$dir" --quiet
                fi
                step reach "$guti" reach baghchal --rules "$rules" --captures "$k" \
                    --dir "$dir" --quiet
                step stats "$guti" stats --dir "$dir" --rules "$rules" --captures "$k" \
                    --out "$base" --quiet
                step stats-reachable "$guti" stats --dir "$dir" --rules "$rules" \
                    --captures "$k" --reachable --out "$base-reachable" --quiet
            fi
        fi
        [ -f "$base-start.json" ] && continue
        # goal 5's tables are the board's own; without them its line is left out
        if [ "$k" = 5 ] && [ ! -f "$dir/baghchal-5x5-$rules-h20-c0-g.wdl" ]; then
            echo "publish-capture-goal: no $rules tables in $dir: goal 5's line left out" >&2
            continue
        fi
        # a query that cannot finish its line says why in the JSON and exits 1
        "$guti" query --dir "$dir" --rules "$rules" --captures "$k" --pv --json "$start" \
            >"$base-start.json.tmp" || true
        mv "$base-start.json.tmp" "$base-start.json"
    done
done
rm -f "$out/.time" "$out/.start"
python3 "$here/capture-goal-report.py" data >data/baghchal-capture-goal.md.tmp
mv data/baghchal-capture-goal.md.tmp data/baghchal-capture-goal.md
echo "wrote data/baghchal-capture-goal.md and data/capture-goal/" >&2
