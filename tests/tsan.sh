#!/bin/sh
# ThreadSanitizer run (make tsan): the engine on the small boards with 2 OpenMP threads,
# some of the unit tests, and the library from 8 threads on one handle, built with clang
# -fsanitize=thread.
#
# gcc's OpenMP runtime (libgomp) is not instrumented: TSan does not see its barriers and
# reports races on every parallel loop. So this build is clang's, with LLVM's OpenMP
# runtime (libomp) and its tool Archer (libarcher, loaded through OMP_TOOL_LIBRARIES),
# which tells TSan of OpenMP's synchronization: barriers, reductions, critical sections,
# atomics, the end of a parallel region. The runtime's own code is not instrumented, and
# TSan ignores what it does (ignore_noninstrumented_modules=1), as Archer asks.
#
# Each step must exit 0 with no report from TSan on stderr. Prints one line per step and
# "tsan: N passed, N failed" at the end; exits non-zero if anything failed.
#
# usage: sh tests/tsan.sh BUILD_DIR (make tsan gives build-tsan)

if [ $# -ne 1 ] || [ ! -x "$1/guti" ] || [ ! -x "$1/check_guti" ] || [ ! -f "$1/libguti.a" ]; then
    echo "usage: sh tests/tsan.sh BUILD_DIR (with its guti, check_guti and libguti.a)" >&2
    exit 2
fi
G=$1/guti
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=${TMPDIR:-/tmp}/guti-tsan.$$
rm -rf "$T"
mkdir "$T" || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 2' HUP INT TERM
CC=${CC:-clang}
archer=$(realpath "$($CC -print-resource-dir)/../../libarcher.so" 2>/dev/null)
if [ ! -f "$archer" ]; then
    echo "tsan: no libarcher.so next to $CC's OpenMP runtime (Debian: libomp-dev)" >&2
    exit 2
fi
export OMP_TOOL_LIBRARIES="$archer" OMP_NUM_THREADS=2
export TSAN_OPTIONS="ignore_noninstrumented_modules=1:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
passed=0
failed=0

# step NAME COMMAND...: runs COMMAND, which must exit 0 with no ThreadSanitizer report.
step() {
    name=$1
    shift
    start=$(date +%s)
    "$@" >"$T/out" 2>"$T/err"
    status=$?
    secs=$(($(date +%s) - start))
    if [ "$status" -eq 0 ] && ! grep -q 'ThreadSanitizer' "$T/err"; then
        passed=$((passed + 1))
        echo "ok   $name (${secs} s)"
    else
        failed=$((failed + 1))
        echo "FAIL $name: exit status $status" >&2
        sed 's/^/    /' "$T/err" | head -n 60 >&2
    fi
}

# Archer is there and speaking (it says so on stdout when asked).
ARCHER_OPTIONS=verbose=1 "$G" perft baghchal 5 --threads 2 >"$T/archer" 2>&1
if grep -q 'Archer detected OpenMP application with TSan' "$T/archer"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL Archer did not start: $(head -n 3 "$T/archer")" >&2
fi

# The engine: Bagh-Chal's whole game on 3x3 and 4x4 (movement by retrograde analysis,
# placement, DTM, the counting rule's DTC), both rule sets; the reachable positions; every
# table re-derived; Sixteen Soldiers up to 4 pieces under both rules; perft; the tables read.
step "solve baghchal 3x3" "$G" solve baghchal --board 3x3 --dtm --dtc --dir "$T/b3" --threads 2
step "solve baghchal 4x4" "$G" solve baghchal --board 4x4 --dtm --dtc --dir "$T/b4" --threads 2
step "solve baghchal 4x4 goat-pass" "$G" solve baghchal --board 4x4 --rules goat-pass --dir "$T/b4" --threads 2
step "reach baghchal 4x4" "$G" reach baghchal --board 4x4 --dir "$T/b4" --threads 2
step "verify 4x4" "$G" verify --full --sample 0 --dir "$T/b4"
step "solve sixteen 4" "$G" solve sixteen --pieces 4 --dtc --dir "$T/s4" --threads 2
step "solve sixteen 4 forced" "$G" solve sixteen --pieces 4 --rules forced --dir "$T/s4" --threads 2
step "verify sixteen 4" "$G" verify --full --dir "$T/s4"
step "perft baghchal 5" "$G" perft baghchal 5 --threads 2
step "perft sixteen 4" "$G" perft sixteen 4 --threads 2
step "stats 4x4" "$G" stats --dir "$T/b4" --reachable
step "query 4x4" "$G" query --dir "$T/b4" --pv 'T2T/4/4/T2T g 12'
# a batch answered by 3 threads at once on one handle, through a cache that misses often
{
    python3 "$ROOT/scripts/random-positions.py" 200 5 placement 4x4
    python3 "$ROOT/scripts/random-positions.py" 200 6 movement 4x4
} >"$T/batch"
step "query 4x4 batch, 3 threads" "$G" query --dir "$T/b4" --threads 3 --cache 1 --json <"$T/batch"

# The unit tests of the index, the engine and Bagh-Chal's drivers (against brute forces on
# the small boards), of the tables' parallel writing and reading, and of the library. (Not
# the whole of check_guti: record's out_of_memory cannot run under TSan, which needs memory
# of its own as the program runs and dies without it.)
for suite in index retro bc_layers bc_reach reach selftest bc_solve tablebase guti analyze; do
    step "check_guti $suite" env CK_RUN_SUITE=$suite CK_TIMEOUT_MULTIPLIER=10 "$1/check_guti"
done

# The library from several threads on one handle (tests/outside/api_threads.c): 8 threads
# probing at once through a small block cache, and 8 handles opened at once.
if $CC -g -O1 -fsanitize=thread -fopenmp -I"$ROOT/solver" -o "$T/api_threads" \
    "$ROOT/tests/outside/api_threads.c" "$1/libguti.a" -lzstd -lpthread 2>"$T/cc.err"; then
    step "library threads 4x4" "$T/api_threads" "$T/b4" 'T2T/4/4/T2T g 12' 30 7
    step "library threads sixteen" "$T/api_threads" "$T/s4" '3/3/5/2B2/5/2BB1/2R2/3/3 r' 30 7
else
    failed=$((failed + 1))
    echo "FAIL tests/outside/api_threads.c does not build: $(head -n 3 "$T/cc.err")" >&2
fi

echo "tsan: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
