#!/bin/sh
# Regenerates data/baghchal-no-repeat.md (issue 17): Bagh-Chal under the no-repeat rule, by
# search (docs/results.md, "The no-repeat rule"). For each board it makes the standard tables
# (3x3 and 4x4 whole, 5x5's movement phase), then:
#
#   guti query --rules W START --json                  the start's value, window W
#   guti norepeat baghchal --board B --captured C --rules W [--all] --budget N --json
#
# 3x3 and 4x4 under the unlimited window and windows of 2, 4 and 12 boards (3x3: every
# class of its one movement layer; 4x4: the standard draws of the layers with holes, the
# standard wins and losses being bounds there); 5x5's one-hole layer (20 goats placed,
# none captured), its standard draws, under the unlimited window and a window of 12. Each
# layer is shared by two processes (--shard 0/2, 1/2), one per core. Second opinions on
# 4x4's two-hole layer: the unlimited window searched depth first (--depth-first) rather
# than by proof numbers, and the window of 12 within a tenth of the budget. The JSON goes to
# data/no-repeat/, each step's time to data/no-repeat/times.tsv;
# scripts/no-repeat-report.py writes the report. A step whose JSON is there already (one
# file, from a run before layers were sharded, or both shards') is skipped.
#
# usage: sh scripts/publish-no-repeat.sh [GUTI [BUDGET_SMALL [BUDGET_5X5 [BUDGET_12]]]]
#   GUTI          the binary (default ./build/guti)
#   BUDGET_SMALL  nodes per class on 3x3 and 4x4 (default 1000000)
#   BUDGET_5X5    nodes per class on 5x5 (default 10000)
#   BUDGET_12     nodes per class on 4x4's layers under a window of 12 (default 10^7):
#                 their graphs run to millions of states a root, listed in rounds that
#                 stop once the root is proven
# Tables go to $GUTI_TABLES/no-repeat-BOARD (default ./tables/...).
set -eu
guti=${1:-./build/guti}
small=${2:-1000000}
big=${3:-10000}
wide=${4:-10000000}
dir=${GUTI_TABLES:-tables}
here=$(dirname "$0")
sh "$here/deps.sh" time || exit 2 # /usr/bin/time
. "$here/timed.sh"
out=data/no-repeat
mkdir -p "$out"

# step NAME OUTPUT COMMAND...: runs the command timed, its stdout to OUTPUT (skipped when
# OUTPUT is there), its figures a line of times.tsv.
step() {
    step_name=$1
    step_dest=$2
    shift 2
    [ -s "$step_dest" ] && return 0
    echo "publish-no-repeat: $step_name" >&2
    timed "$step_dest.time" sh -c '"$@" >"$0.tmp"' "$step_dest" "$@"
    mv "$step_dest.tmp" "$step_dest"
    rm -f "$step_dest.time"
    printf '%s\t%s\t%s\t%s\n' "$step_name" "$wall" "$cpu" "$rss_mb" >>"$out/times.tsv"
}

# tables BOARD DIR [OPTIONS]: the standard tables, made once
tables() {
    mkdir -p "$2"
    [ -f "$2/.done" ] && return 0
    "$guti" solve baghchal --board "$1" --dir "$2" --quiet "$3" >/dev/null
    touch "$2/.done"
}

# layer NAME BASE COMMAND...: a layer survey in two processes, one per core, each with
# --shard K/2 and its classes listed in BASE-shardK.tsv; skipped when BASE.json (an
# unsharded run) or both shards' JSON are there.
layer() {
    layer_name=$1
    layer_base=$2
    shift 2
    [ -s "$layer_base.json" ] && return 0
    for k in 0 1; do
        step "$layer_name shard $k/2" "$layer_base-shard$k.json" "$@" --shard "$k/2" \
            --list "$layer_base-shard$k.tsv" &
    done
    wait
    for k in 0 1; do [ -s "$layer_base-shard$k.json" ] || exit 1; done
}

windows='no-repeat no-repeat:2 no-repeat:4 no-repeat:12'
for board in 3x3 4x4; do
    t=$dir/no-repeat-$board
    tables "$board" "$t" --dtm
    case $board in
    3x3) start='T1T/3/T1T g 4' layers=0 all=--all ;;
    4x4) start='T2T/4/4/T2T g 12' layers='1 2' all= ;;
    esac
    for w in $windows; do
        name=$(echo "$w" | tr ':' '-')
        budget=$small
        [ "$board $w" = "4x4 no-repeat:12" ] && budget=$wide
        step "$board $w start" "$out/$board-$name-start.json" \
            "$guti" query --dir "$t" --rules "$w" --budget "$budget" --json "$start"
        for c in $layers; do
            # shellcheck disable=SC2086
            layer "$board $w c$c" "$out/$board-$name-c$c" "$guti" norepeat baghchal \
                --board "$board" --captured "$c" --rules "$w" $all --budget "$budget" \
                --dir "$t" --json --quiet
        done
    done
done

# second opinions on 4x4's two-hole layer (the report compares their lists class by class)
t=$dir/no-repeat-4x4
layer "4x4 no-repeat c2 depth-first" "$out/4x4-no-repeat-c2-depth-first" "$guti" norepeat \
    baghchal --board 4x4 --captured 2 --rules no-repeat --depth-first --budget "$small" \
    --dir "$t" --json --quiet
layer "4x4 no-repeat:12 c2 budget/10" "$out/4x4-no-repeat-12-c2-tenth" "$guti" norepeat \
    baghchal --board 4x4 --captured 2 --rules no-repeat:12 --budget $((wide / 10)) \
    --dir "$t" --json --quiet

t=$dir/no-repeat-5x5
tables 5x5 "$t" --phase=movement
for w in no-repeat no-repeat:12; do
    name=$(echo "$w" | tr ':' '-')
    layer "5x5 $w c0" "$out/5x5-$name-c0" "$guti" norepeat baghchal --captured 0 \
        --rules "$w" --budget "$big" --dir "$t" --json --quiet
done
python3 "$here/no-repeat-report.py" data >data/baghchal-no-repeat.md.tmp
mv data/baghchal-no-repeat.md.tmp data/baghchal-no-repeat.md
echo "wrote data/baghchal-no-repeat.md and data/no-repeat/" >&2
