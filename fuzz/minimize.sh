#!/bin/sh
# Makes a crash or hang that make fuzz found into a regression input: minimizes it with
# libFuzzer (with the harness as built, before the fix) into fuzz/regressions/HARNESS/NAME,
# which make test (make fuzz-replay) then runs through the harness on every test run.
# Commit it with the fix.
#
# usage: sh fuzz/minimize.sh HARNESS ARTIFACT NAME [SECONDS]
set -eu
if [ $# -lt 3 ]; then
    echo "usage: sh fuzz/minimize.sh HARNESS ARTIFACT NAME [SECONDS]" >&2
    exit 2
fi
bin=build/fuzz/bin/$1
out=fuzz/regressions/$1/$3
mkdir -p "fuzz/regressions/$1" build/fuzz/logs build/fuzz/tmp
# the harness's temporary directories (each crash leaves one) in build/
TMPDIR=$(pwd)/build/fuzz/tmp
export TMPDIR
[ -x "$bin" ] || { echo "fuzz: $bin is not built (make fuzz-build)" >&2; exit 2; }
GUTI_FUZZ_TABLES=${GUTI_FUZZ_TABLES:-build/fuzz/tables} ${FUZZ_NICE:-nice -n 10} "$bin" \
    -minimize_crash=1 -timeout=10 -max_total_time="${4:-60}" -exact_artifact_path="$out" "$2" \
    >"build/fuzz/logs/minimize-$1-$3.log" 2>&1 || true
[ -f "$out" ] || cp "$2" "$out"
echo "fuzz: $out ($(wc -c <"$out") bytes, from $(wc -c <"$2"))"
