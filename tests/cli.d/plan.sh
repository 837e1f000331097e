# guti solve sixteen --plan (issue 18): each material's positions by Burnside's lemma, in
# solving order, with what its captures read. Checked against a real solve: the plan for
# 6 pieces lists the materials the solve does, in its order, with the positions it
# counted by enumerating its indexes; each material reads exactly the smaller materials a
# capture can reach. python3 (a dependency of the tests already) reads the JSON.

six_pieces
PL=$SIX # made by guti solve once; here read back, its figures the same
check 0 '"game": "sixteen"' solve sixteen --pieces 6 --dir "$PL" --quiet --json
cp "$T/out" "$T/plan-solve.json"
check 0 '"layers": [{"layer": "m1-n1", "positions": 356, ' solve sixteen --pieces 6 --plan --json
cp "$T/out" "$T/plan.json"
CMD="solve sixteen --pieces 6 --plan --json, against the solve"
python3 - "$T/plan-solve.json" "$T/plan.json" >"$T/plan-why" 2>&1 <<'PY' || fail "$(cat "$T/plan-why")"
import json, sys
solve, plan = (json.load(open(f)) for f in sys.argv[1:])
def material(name):  # "m3-n2": (3, 2)
    m, n = name.split("-")
    return int(m[1:]), int(n[1:])
solved = solve["passes"][0]
got = [(material(l["layer"]), l["positions"]) for l in plan["layers"]]
want = [(material(l["layer"]), l["positions"]) for l in solved["layers"]]
assert got == want, (got, want)
assert plan["positions"] == solved["positions"], (plan["positions"], solved["positions"])
for l in plan["layers"]:
    m, n = material(l["layer"])
    reach = {(max(a, b), min(a, b)) for a, b in
             [(m, n - j) for j in range(1, n)] + [(n, m - j) for j in range(1, m)]}
    assert {material(r) for r in l["reads"]} == reach, l
    assert l["exit_bytes"] == 2 * sum(x["positions"] for x in plan["layers"]
                                      if material(x["layer"]) in reach), l
PY
[ -s "$T/plan-why" ] || passed=$((passed + 1))

# past what is solved here: sized all the same
check 0 '5+4           7837873416 ' solve sixteen --pieces 9 --plan
check 0 'total: 25 layers, 107679926100 positions' solve sixteen --pieces 10 --plan
check 2 '--plan solves nothing' solve sixteen --pieces 9 --plan --dir "$PL"
check 1 'baghchal has no plan' solve baghchal --plan
check 1 '--pieces 33 out of range (up to 32)' solve sixteen --pieces 33 --plan

# --memory (issue 18): the solve holding only each material and what its captures read,
# read back from the tables, makes the same tables byte for byte; a bound too small is an
# error before anything is made, naming the material and what it needs.
# a bound the default engine does not fit for 4+2 and 3+3 (0.13 and 0.09 GB at their
# fullest) but fits for 5+1 (0.05): those two by the compact engine, the same tables
PC="$T/memory-compact"
check 0 '(compact engine)' solve sixteen --pieces 6 --memory 0.06 --dir "$PC"
CMD="solve sixteen --pieces 6 --memory 0.06: the engine of each material"
engines=$(grep -c '(compact engine)' "$T/out")
if [ "$engines" -eq 2 ] && grep -q '^4+2 .*(compact engine)' "$T/out" && grep -q '^3+3 .*(compact engine)' "$T/out"; then
    passed=$((passed + 1))
else
    fail "$engines materials by the compact engine, expected 4+2 and 3+3: $(cat "$T/out")"
fi
CMD="solve sixteen --pieces 6 --memory 0.06: the tables of the solve without it"
same_tables "$PL" "$PC"
# resumed with a 5-piece material's tables gone: made again (by the default engine within
# the bound, reading back what its captures lead to), the same
rm "$PC"/*m3-n2*
check 0 'peak memory' solve sixteen --pieces 6 --memory 0.06 --dir "$PC" --quiet
CMD="solve sixteen --pieces 6 --memory 0.06, resumed"
same_tables "$PL" "$PC"
check 1 'material 4+2 needs 0.04 GB at the least (0.04 to solve it by the compact engine, 0.01 for the layers its moves lead to)' solve sixteen --pieces 6 --memory 0.01 --dir "$T/memory-none"
CMD="solve sixteen --memory 0.01: nothing made"
if [ -e "$T/memory-none" ]; then fail "$T/memory-none was made"; else passed=$((passed + 1)); fi
check 2 "--memory: expected gigabytes above 0, got 'lots'" solve sixteen --pieces 6 --memory lots
check 2 "--memory: expected gigabytes above 0, got '0'" solve sixteen --pieces 6 --memory 0
check 2 '--memory bounds the solve' solve sixteen --pieces 6 --memory 1 --dtc
check 2 '--plan solves nothing' solve sixteen --pieces 6 --plan --memory 1
check 2 "--memory: baghchal's solve takes no memory bound" solve baghchal --board 3x3 --memory 1

# --checkpoint: a compact solve killed midway takes its material up from the level it
# saved (0: after every level), and makes the same tables; a damaged checkpoint is never
# read as codes: said in one notice, and the material solved from its start.
PK="$T/memory-checkpoint"
mkdir -p "$PK"
cp "$PL"/* "$PK" # all but 4+2, which is solved, killed and taken up
rm "$PK"/*m4-n2*
"$G" solve sixteen --pieces 6 --memory 0.06 --checkpoint 0 --dir "$PK" --quiet >/dev/null 2>&1 &
kill_once_made "$PK/sixteen-optional-m4-n2.dtm.ckpt" KILL $!
CMD="solve sixteen --memory 0.06 --checkpoint 0, killed"
if [ -e "$PK/sixteen-optional-m4-n2.dtm.ckpt" ] && [ ! -e "$PK/sixteen-optional-m4-n2.dtm" ]; then
    passed=$((passed + 1))
    cp "$PK/sixteen-optional-m4-n2.dtm.ckpt" "$T/good.ckpt"
    # one byte of the codes changed
    printf 'x' | dd of="$PK/sixteen-optional-m4-n2.dtm.ckpt" bs=1 seek=1000 conv=notrunc 2>/dev/null
    "$G" solve sixteen --pieces 6 --memory 0.06 --dir "$PK" --quiet >"$T/out" 2>"$T/err"
    CMD="solve sixteen --checkpoint: a damaged checkpoint"
    grep -q "sixteen-optional-m4-n2.dtm.ckpt: checksum mismatch; solving material 4+2 from its start" "$T/err" ||
        fail "the damaged checkpoint was not set aside"
    same_tables "$PL" "$PK"
    # the good one, with the material's tables gone: taken up at its level
    rm "$PK"/*m4-n2*
    cp "$T/good.ckpt" "$PK/sixteen-optional-m4-n2.dtm.ckpt"
    "$G" solve sixteen --pieces 6 --memory 0.06 --dir "$PK" --quiet >"$T/out" 2>"$T/err"
    CMD="solve sixteen --checkpoint: resumed"
    if grep -q "^guti: solve: material 4+2 taken up at level [1-9][0-9]* from .*m4-n2.dtm.ckpt$" "$T/err"; then
        passed=$((passed + 1))
    else
        fail "not taken up from the checkpoint"
    fi
    same_tables "$PL" "$PK"
else
    fail "no checkpoint of 4+2 to resume from (or the solve ended before it was killed)"
fi
check 2 '--checkpoint goes with --memory' solve sixteen --pieces 6 --checkpoint 10
check 2 '--checkpoint goes with --memory' solve baghchal --board 3x3 --checkpoint 10
