#!/bin/sh
# Runs each fuzz harness (built by make fuzz into build/fuzz/bin/) for SECONDS seconds, one
# after the other, from its seed corpus and regression inputs, and prints what each did.
# The committed corpus is only read: new inputs go to build/fuzz/work/HARNESS/, crashes
# and hangs to build/fuzz/artifacts/HARNESS/, libFuzzer's output to build/fuzz/logs/.
# Exits 1 if any harness crashed or hung. $FUZZ_NICE prefixes each run (make fuzz: nice).
#
# usage: sh fuzz/run.sh SECONDS HARNESS...
set -u
if [ $# -lt 2 ]; then
    echo "usage: sh fuzz/run.sh SECONDS HARNESS..." >&2
    exit 2
fi
secs=$1
shift
failed=0
# the harnesses' temporary directories: where a crash leaves its own
mkdir -p build/fuzz/logs build/fuzz/tmp
TMPDIR=$(pwd)/build/fuzz/tmp
export TMPDIR
for h in "$@"; do
    bin=build/fuzz/bin/$h
    work=build/fuzz/work/$h
    art=build/fuzz/artifacts/$h
    log=build/fuzz/logs/$h.log
    [ -x "$bin" ] || { echo "fuzz: $bin is not built (make fuzz builds it)" >&2; exit 2; }
    rm -rf "$work" "$art"
    mkdir -p "$work" "$art" "fuzz/regressions/$h"
    set -- -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$art/"
    [ -f "fuzz/dict/$h.dict" ] && set -- "$@" -dict="fuzz/dict/$h.dict"
    [ -f "fuzz/options/$h" ] && set -- "$@" $(cat "fuzz/options/$h")
    # shellcheck disable=SC2086
    ${FUZZ_NICE:-} "$bin" "$@" "$work" "fuzz/corpus/$h" "fuzz/regressions/$h" >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    seeds=$(find "fuzz/corpus/$h" "fuzz/regressions/$h" -type f ! -name '.*' | wc -l)
    new=$(find "$work" -type f | wc -l)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    found=$(find "$art" -type f | wc -l)
    printf '%s: %s executions in %s s, coverage %s, corpus %s seeds + %s new, %s crashes or hangs\n' \
        "$h" "${execs:-?}" "$secs" "${cov:-?}" "$seeds" "$new" "$found"
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        failed=1
        echo "  $h failed (status $status): see $log; inputs in $art/" >&2
        grep -m 3 -E 'ERROR|fuzz check failed|runtime error' "$log" | sed 's/^/  /' >&2
    fi
done
exit $failed
