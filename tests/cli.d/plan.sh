# guti solve sixteen --plan (issue 18): each material's positions by Burnside's lemma, in
# solving order, with what its captures read. Checked against a real solve: the plan for
# 6 pieces lists the materials the solve does, in its order, with the positions it
# counted by enumerating its indexes; each material reads exactly the smaller materials a
# capture can reach. python3 (a dependency of the tests already) reads the JSON.

PL="$T/plan6"
check 0 '"game": "sixteen"' solve sixteen --pieces 6 --dir "$PL" --quiet --json
cp "$T/out" "$T/plan-solve.json"
check 0 '"materials": [{"m": 1, "n": 1, "classes": [356, 0]' solve sixteen --pieces 6 --plan --json
cp "$T/out" "$T/plan.json"
CMD="solve sixteen --pieces 6 --plan --json, against the solve"
python3 - "$T/plan-solve.json" "$T/plan.json" >"$T/plan-why" 2>&1 <<'PY' || fail "$(cat "$T/plan-why")"
import json, sys
solve, plan = (json.load(open(f)) for f in sys.argv[1:])
got = [(l["m"], l["n"], l["positions"]) for l in plan["materials"]]
want = [(l["m"], l["n"], l["positions"]) for l in solve["layers"]]
assert got == want, (got, want)
assert plan["positions"] == solve["positions"], (plan["positions"], solve["positions"])
for l in plan["materials"]:
    m, n = l["m"], l["n"]
    reach = {(max(a, b), min(a, b)) for a, b in
             [(m, n - j) for j in range(1, n)] + [(n, m - j) for j in range(1, m)]}
    assert {tuple(map(int, r.split("+"))) for r in l["reads"]} == reach, l
    assert l["exit_bytes"] == 2 * sum(x["positions"] for x in plan["materials"]
                                      if (x["m"], x["n"]) in reach), l
PY
[ -s "$T/plan-why" ] || passed=$((passed + 1))

# past what is solved here: sized all the same
check 0 '5+4         7837873416      3918936708      3918936708' solve sixteen --pieces 9 --plan
check 0 'total: 25 materials, 107679926100 positions' solve sixteen --pieces 10 --plan
check 2 '--plan solves nothing' solve sixteen --pieces 9 --plan --dir "$PL"
check 2 '--plan is for sixteen' solve baghchal --plan
check 2 '--pieces 33' solve sixteen --pieces 33 --plan
