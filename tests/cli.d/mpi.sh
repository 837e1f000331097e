# guti-mpi (issue 18): a game's cyclic layers solved by the ranks of an MPI job (issue 39:
# any game whose layers say what a solve needs; here Sixteen Soldiers').
# With 2 ranks (a manager and one worker) and 3 (two workers, more ranks than cores, the
# materials of a million positions or more each shared by both), every table up to 6
# pieces is byte for byte the single process's, and verify --full re-derives every
# position; a run resumes from its finished tables, a material too large for one rank's
# --memory shared by two, a killed run's slices removed, a shared material killed midway
# taken up from its slices' checkpoints; bad input is one line. make
# test builds guti-mpi (scripts/deps.sh installs Open MPI), so it must be here.

MPI="$(dirname "$G")/guti-mpi"
# Open MPI refuses root unless told (a CI container's user); -q keeps mpirun's own
# paragraphs about a rank's non-zero exit off stderr, where the rank said why already
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Under make test SANITIZE=1 LeakSanitizer is off for guti-mpi alone: Open MPI leaves
# what its plugins allocated at start unfreed, in modules it has unloaded by the exit, so
# no suppression can name them; the unit tests run share.h's solves, all guti-mpi adds
# to the library, with leak checks on, and AddressSanitizer stays on here.
MPI_RUN="$T/mpirun"
printf '#!/bin/sh\nASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" exec mpirun -q -np "$NP" --oversubscribe "%s" "$@"\n' "$MPI" >"$MPI_RUN"
chmod +x "$MPI_RUN"

if [ ! -x "$MPI" ]; then
    CMD="guti-mpi"
    fail "$MPI was not built (is Open MPI's mpicc installed?)"
else
    six_pieces
    MPI_ONE=$SIX
    GUTI_SAVED=$G
    G=$MPI_RUN
    for NP in 2 3; do
        export NP
        MPI_DIR="$T/mpi-$NP"
        # -np 2: its one worker with both cores; -np 3: two workers, one thread each
        MPI_SHARE="--threads 2"
        [ "$NP" = 3 ] && MPI_SHARE="--threads 1 --share-from 1000000"
        check 0 "on $NP ranks" solve sixteen --pieces 6 --dir "$MPI_DIR" $MPI_SHARE
        CMD="mpirun -np $NP guti-mpi solve sixteen --pieces 6 $MPI_SHARE: the single process's tables"
        same_tables "$MPI_ONE" "$MPI_DIR"
    done
    # -np 3: both workers had a small material of their own, and the five of a million
    # positions or more were shared by both
    CMD="mpirun -np 3 guti-mpi --share-from 1000000: the ranks of each material"
    if grep -q ' 1$' "$T/out" && grep -q ' 2$' "$T/out" && [ "$(grep -c '1  (compact engine, shared by 2 ranks)$' "$T/out")" = 5 ]; then
        passed=$((passed + 1))
    else
        fail "not both workers solved a material alone, or not the five large ones together: $(cat "$T/out")"
    fi
    # a killed run's finished tables are kept: made again, only what is missing, here
    # under a bound one rank cannot solve 4+2 in (0.04 GB) but two can (0.025 each); the
    # slices a killed shared solve left behind are removed
    export NP=3
    rm "$T/mpi-3"/*m4-n2*
    : >"$T/mpi-3/sixteen-optional-m4-n2.dtm.part-5"
    : >"$T/mpi-3/sixteen-optional-m4-n2.dtm.part-1.tmp"
    check 0 '"resumed": true' solve sixteen --pieces 6 --memory 0.03 --dir "$T/mpi-3" --threads 1 --json
    CMD="mpirun -np 3 guti-mpi --memory 0.03, resumed"
    python3 - "$T/out" >"$T/mpi-why" 2>&1 <<'PY' || fail "$(cat "$T/mpi-why")"
import json, sys
run = json.load(open(sys.argv[1]))
made = [(l["layer"], l["ranks"], l["engine"]) for l in run["layers"] if not l["resumed"]]
assert made == [("m4-n2", [1, 2], "compact")], made
assert run["ok"] and run["ranks"] == 3 and len(run["peak_rss_mb"]) == 3, run
PY
    [ -s "$T/mpi-why" ] || passed=$((passed + 1))
    if cmp -s "$MPI_ONE/sixteen-optional-m4-n2.dtm" "$T/mpi-3/sixteen-optional-m4-n2.dtm"; then
        passed=$((passed + 1))
    else
        fail "material 4+2 made again differs"
    fi
    CMD="mpirun -np 3 guti-mpi: no slice left"
    if ls "$T/mpi-3" | grep -q part; then fail "left: $(ls "$T/mpi-3" | grep part)"; else passed=$((passed + 1)); fi
    # a shared material killed midway (--checkpoint 0: saved after every level) is taken
    # up from its slices' checkpoints, the same tables made, and none left
    rm "$T/mpi-3"/*m4-n2*
    MPI_CK="$T/mpi-3/sixteen-optional-m4-n2.dtm.ckpt"
    "$MPI_RUN" solve sixteen --pieces 6 --memory 0.03 --checkpoint 0 --dir "$T/mpi-3" --threads 1 --quiet >/dev/null 2>&1 &
    kill_once_made "$MPI_CK.1-of-2.b" TERM $! # mpirun passes it on to the ranks
    CMD="mpirun -np 3 guti-mpi --memory 0.03 --checkpoint 0, killed"
    if [ -e "$MPI_CK.0-of-2.a" ] && [ -e "$MPI_CK.1-of-2.a" ] && [ ! -e "$T/mpi-3/sixteen-optional-m4-n2.dtm" ]; then
        passed=$((passed + 1))
        CMD="mpirun -np 3 guti-mpi --memory 0.03, taken up"
        "$MPI_RUN" solve sixteen --pieces 6 --memory 0.03 --dir "$T/mpi-3" --threads 1 --quiet >"$T/out" 2>"$T/err" ||
            fail "exit status $?: $(cat "$T/err")"
        grep -q "^guti: solve: rank 1: material 4+2 taken up at level [1-9][0-9]* from .*m4-n2.dtm.ckpt.\*-of-2.\*$" "$T/err" ||
            fail "no notice of the checkpoints taken up: $(cat "$T/err")"
        same_tables "$MPI_ONE" "$T/mpi-3"
        CMD="mpirun -np 3 guti-mpi --checkpoint: no checkpoint left"
        if ls "$T/mpi-3" | grep -q ckpt; then fail "left: $(ls "$T/mpi-3" | grep ckpt)"; else passed=$((passed + 1)); fi
    else
        fail "no checkpoints of 4+2's slices to resume from (or the solve ended before it was killed): $(ls "$T/mpi-3" | grep m4-n2)"
    fi
    # bad input: one line from rank 0, and no table made
    check 1 'material 4+2 needs 0.02 GB on each of the 2 workers sharing it (0.04 GB alone)' solve sixteen --pieces 6 --memory 0.02 --dir "$T/mpi-none"
    export NP=2
    check 1 'material 4+2 needs 0.04 GB on one rank (run more ranks to share it)' solve sixteen --pieces 6 --memory 0.03 --dir "$T/mpi-none"
    export NP=3
    check 2 "--share-from: expected a number of positions above 0, got '-5'" solve sixteen --pieces 6 --share-from -5
    CMD="guti-mpi --memory 0.01: nothing made"
    if [ -e "$T/mpi-none" ]; then fail "$T/mpi-none was made"; else passed=$((passed + 1)); fi
    check 2 '--checkpoint goes with --memory or --share-from' solve sixteen --pieces 6 --checkpoint 10
    # a game whose layers cannot say what a solve needs (no plan, no bound) is refused
    check 2 "baghchal's layers do not say what solving one needs" solve baghchal
    check 2 'sixteen needs --pieces N' solve sixteen
    check 2 "option '--plan' is unknown; see 'guti-mpi solve --help'" solve sixteen --pieces 6 --plan
    check 0 'usage: mpirun -np P guti-mpi solve GAME' --help
    # the Slurm script it comes with: bash reads it; 10 pieces verify only the checksums
    CMD="scripts/slurm-sixteen.sh"
    ROOT=$(cd "$(dirname "$0")/.." && pwd)
    if sh "$ROOT/scripts/slurm-sixteen.sh" 10 4 60 /shared/t >"$T/slurm10" &&
        sh "$ROOT/scripts/slurm-sixteen.sh" 9 4 20 /shared/t >"$T/slurm9" &&
        bash -n "$T/slurm10" && grep -q "^srun --ntasks=5 .*guti-mpi solve sixteen --pieces 10 " "$T/slurm10" &&
        grep -q -- "--memory 60 --dir '/shared/t'" "$T/slurm10" &&
        grep -q "^guti verify --dir '/shared/t'" "$T/slurm10" && grep -q "^guti verify --full " "$T/slurm9"; then
        passed=$((passed + 1))
    else
        fail "the batch script is not as expected: $(cat "$T/slurm10")"
    fi
    if sh "$ROOT/scripts/slurm-sixteen.sh" 10 4 60 relative/dir >/dev/null 2>"$T/err"; then
        fail "a relative DIR was taken"
    else
        grep -q "DIR must be an absolute path" "$T/err" && passed=$((passed + 1)) || fail "$(cat "$T/err")"
    fi
    G=$GUTI_SAVED
    unset NP
    # and every position of the 3-rank tables re-derives from its successors
    check 0 '0 positions inconsistent' verify --full --dir "$T/mpi-3" --quiet
    # a WDL entry that disagrees with its DTM entry, every checksum right, is found (verify
    # reads the WDL table a block at a time beside the DTM codes)
    ROOT=$(cd "$(dirname "$0")/.." && pwd)
    cc -std=c11 -Wall -Wextra -Werror -I"$ROOT/tablebase" -o "$T/tb_set" "$ROOT/tests/tools/tb_set.c" \
        "$(dirname "$G")/libguti.a" -lzstd -fopenmp || fail "tests/tools/tb_set.c does not build"
    # (on the tables up to 5 pieces: verify --full of 6 again would take longer than the rest)
    MPI_FIVE="$T/mpi-five"
    mkdir -p "$MPI_FIVE"
    cp "$T/mpi-3"/*m[1-4]-n1.* "$T/mpi-3"/*m[23]-n2.* "$MPI_FIVE"
    mpi_old=$("$T/tb_set" "$MPI_FIVE/sixteen-optional-m3-n2.wdl" 5 0)
    [ "$mpi_old" = 0 ] && "$T/tb_set" "$MPI_FIVE/sixteen-optional-m3-n2.wdl" 5 2 >/dev/null
    check 1 'verify: 1 error' verify --full --dir "$MPI_FIVE"
    CMD="verify --full, a WDL entry changed"
    grep -q 'FAIL sixteen optional 3+2: 2184364 positions re-derived, 1 inconsistent' "$T/out" &&
        grep -q 'the WDL table disagrees with the DTM table' "$T/out" ||
        fail "the changed WDL entry was not found"
fi
