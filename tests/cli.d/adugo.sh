# Adugo (issue 40), a third game through every command with no code of its own outside its
# module: perft and show on the whole game; solve, query, verify, stats, play and serve on
# small variants (the jaguar against 3 or 4 dogs, a capture goal of 1 or 2), with real
# values: the start's value the solve prints is guti query's, the solve's counts per layer
# are the statistics' rows summed, the principal variation ends where the variant's rules
# end the game, the machine playing itself ends as the tables say, verify re-derives every
# position and names a damaged or a missing table, the server offers the variant and opens
# on its start with guti query's value.
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

AD="$T/adugo"
AD_START='3/3/5/5/DDJDD/DDDDD/DDDDD j'

# the whole game without tables
check 0 '3 148' perft adugo 3
check 0 '"perft": [{"depth": 1, "count": 3}, {"depth": 2, "count": 29}]' perft adugo 2 --json
check 0 'legal moves (3): c3-b4 c3-c4 c3-d4' show "$AD_START"
check 0 'jaguar to move; dogs on the board 14, captured 0 of 5' show "$AD_START"
check 0 '  7  .-------.-------.' show "$AD_START"
check 0 '"game": "adugo", "rules": "optional", "board": "adugo"' show "$AD_START" --json
check 0 'adugo (rules forced, board adugo)' show --rules forced "$AD_START"
check 0 'legal moves (6): c1-b1 c1-d1 c1-b2 c1-d2 c1xc3 c1xc3xe5' show --rules optional-d4-k2 '3/3/5/3D1/5/2D2/D1J1D j'
check 0 'legal moves (1): c1xc3xe5' show --rules forced-d4-k2 '3/3/5/3D1/5/2D2/D1J1D j'
check 0 'adugo' --help

# solve and query agree on the start, under both capture rules and a goal of 1 and 2
for rules in optional-d4-k2 forced-d4-k2 optional-d3-k1; do
    check 0 'start 3/3/5/5/' solve adugo --rules $rules --dir "$AD"
    cp "$T/out" "$T/ad-solve-$rules"
    fen=$(sed -n 's/^start \(.*\): [a-z]* for the jaguar to move$/\1/p' "$T/ad-solve-$rules")
    value=$(sed -n 's/^start .*: \([a-z]*\) for the jaguar to move$/\1/p' "$T/ad-solve-$rules")
    CMD="solve adugo --rules $rules"
    if [ -z "$value" ]; then
        fail "no start's value"
        continue
    fi
    passed=$((passed + 1))
    check 0 "jaguar to move: $value" query --dir "$AD" --rules $rules "$fen"
    check 0 "\"value\": \"$value\"" query --dir "$AD" --rules $rules --json "$fen"
    # the solve's wins, draws and losses per layer are the sums of the statistics' rows of
    # the layer (a row per side to move: the jaguar's, 1 against n dogs; the dogs', n against 1)
    check 0 'side,pieces_to_move,pieces_other,classes,win,draw,loss' stats --dir "$AD" --rules $rules --format csv
    awk -F, 'NR > 1 { d = "d" ($1 == "jaguar" ? $3 : $2); n[d] += $4; w[d] += $5; dr[d] += $6; l[d] += $7 }
             END { for (d in n) print d, n[d], w[d], dr[d], l[d] }' "$T/out" | sort >"$T/ad-stats"
    awk '$1 ~ /^d[0-9]+$/ && $2 ~ /^[0-9]+$/ { print $1, $2, $3, $4, $5 }' "$T/ad-solve-$rules" | sort >"$T/ad-layers"
    CMD="solve adugo --rules $rules against stats"
    if [ -s "$T/ad-layers" ] && cmp -s "$T/ad-layers" "$T/ad-stats"; then
        passed=$((passed + 1))
    else
        fail "the layers' counts $(tr '\n' ';' <"$T/ad-layers") against the statistics' $(tr '\n' ';' <"$T/ad-stats")"
    fi
done
check 0 'start 3/3/5/5/DDJD1/5/5 j: win for the jaguar to move' solve adugo --rules optional-d3-k1 --dir "$AD"
check 0 'jaguar to move: win in 1 (DTM)' query --dir "$AD" --rules optional-d3-k1 '3/3/5/5/DDJD1/5/5 j'
# the principal variation ends with the capture that reaches the variant's goal, whose
# tables are read with no rules named
check 0 'pv: c3xe3' query --dir "$AD" --pv '3/3/5/5/DDJD1/5/5 j'
check 0 'pv: c1xc3xe5' query --dir "$AD" --rules optional-d4-k2 --pv '3/3/5/3D1/5/2D2/D1J1D j'
check 0 'result: jaguar wins (1 dog captured)' play adugo --dir "$AD" --rules optional-d3-k1 --side none
check 0 '| jaguar | 1 | 3 | 63252 |' stats --dir "$AD" --rules optional-d4-k2
check 0 '## Who wins: by the men of each side' stats --dir "$AD" --rules optional-d4-k2
check 0 '{"side": "dogs", "pieces_to_move": 4, "pieces_other": 1, ' stats --dir "$AD" --rules forced-d4-k2 --format json

# reach, then the statistics over the positions reached: their rows, summed by layer, are
# the classes reach counts reached in each layer
check 0 'reached (' reach adugo --rules optional-d4-k2 --dir "$AD" --quiet
awk '$1 ~ /^d[0-9]+$/ && $3 == "of" { print $1, $2 }' "$T/out" | sort >"$T/ad-reached"
# some positions are not reached (else the counts below would not tell reached from all)
CMD="reach adugo --rules optional-d4-k2: some classes left out"
awk '$1 ~ /^d[0-9]+$/ && $3 == "of" && $2 < $4 { n++ } END { exit n ? 0 : 1 }' "$T/out" &&
    passed=$((passed + 1)) || fail "every class reached: $(tr '\n' ';' <"$T/out")"
check 0 'positions reached from the start' stats --dir "$AD" --rules optional-d4-k2 --reachable
check 0 'side,pieces_to_move,pieces_other,classes' stats --dir "$AD" --rules optional-d4-k2 --reachable --format csv
awk -F, 'NR > 1 { d = "d" ($1 == "jaguar" ? $3 : $2); n[d] += $4 } END { for (d in n) print d, n[d] }' \
    "$T/out" | sort >"$T/ad-reached-stats"
CMD="reach adugo --rules optional-d4-k2 against stats --reachable"
if [ -s "$T/ad-reached" ] && cmp -s "$T/ad-reached" "$T/ad-reached-stats"; then
    passed=$((passed + 1))
else
    fail "reach's counts $(tr '\n' ';' <"$T/ad-reached") against the statistics' $(tr '\n' ';' <"$T/ad-reached-stats")"
fi

# the counting rule's tables at a limit of its own (the game has none)
check 0 'dtc         positions' solve adugo --rules optional-d4-k2 --dtc --limit 20 --dir "$AD"
check 0 '| **all** | | | 977886 |' stats --dir "$AD" --rules optional-d4-k2 --dtc --limit 20
check 0 'under the 20 half-move rule' query --dir "$AD" --rules optional-d4-k2 --limit 20 '3/3/5/3D1/5/2D2/D1J1D j'

# verify: the move graph (no tables) of every layer under both rules; every table sound,
# every position re-derived; damage and a missing table named
for rules in optional-d5-k3 forced-d5-k3; do
    check 0 'verify --moves: 3 layers, 6000 of 5400066 positions checked' verify --moves --game adugo --rules $rules --sample 2000
done
check 0 'ok   adugo optional-d4-k2 dogs (4): 2000 of 851382 positions' verify --moves --dir "$AD" --sample 2000
check 0 ', 0 damaged, 0 missing' verify --dir "$AD"
check 0 '0 positions inconsistent, 0 not checked' verify --dir "$AD" --full
check 0 'ok   adugo optional-d4-k2 d4 L20: 851382 positions re-derived, 0 inconsistent' verify --dir "$AD" --full
# --json names each layer by the game's own name
check 0 '"layer": "d4 L20", "m": 4, "n": 0, "limit": 20, "positions": 851382' verify --dir "$AD" --full --json
check 0 '"layer": "d3", "m": 3, "n": 0, "positions": ' verify --dir "$AD" --full --json
cp "$AD/adugo-optional-d4-k2-d4.dtm" "$T/ad-copy"
printf '\125' | dd of="$AD/adugo-optional-d4-k2-d4.dtm" bs=1 seek=300 conv=notrunc 2>/dev/null
check 1 '1 error' verify --dir "$AD"
grep -q "^FAIL $AD/adugo-optional-d4-k2-d4.dtm: .*checksum mismatch" "$T/out" || fail "the damaged table is not named"
cp "$T/ad-copy" "$AD/adugo-optional-d4-k2-d4.dtm"
mv "$AD/adugo-forced-d4-k2-d3.wdl" "$T/ad-copy"
check 1 '1 error' verify --dir "$AD"
grep -q "missing: adugo-forced-d4-k2-d3.wdl; make it with: guti solve adugo --rules forced-d4-k2 --dir $AD" "$T/out" ||
    fail "the missing table is not named with the command that makes it"
mv "$AD/adugo-forced-d4-k2-d3.dtm" "$T/ad-copy2"
check 1 'guti solve adugo --rules forced-d4-k2' query --dir "$AD" --rules forced-d4-k2 '3/3/5/5/1DJD1/2D2/5 j'
mv "$T/ad-copy" "$AD/adugo-forced-d4-k2-d3.wdl"
mv "$T/ad-copy2" "$AD/adugo-forced-d4-k2-d3.dtm"
check 0 ', 0 damaged, 0 missing' verify --dir "$AD"

# serve: the variant in the page's list of games, opening on its start, valued as query does
"$G" serve --dir "$AD" --port 0 --quiet >"$T/ad-serve.out" 2>"$T/ad-serve.err" &
ad_pid=$!
ad_url=
for _ in $(seq 100); do
    ad_url=$(sed -n "s/^guti serve: \\(http:.*\\)$/\\1/p" "$T/ad-serve.out")
    [ -n "$ad_url" ] && break
    kill -0 "$ad_pid" 2>/dev/null || break
    sleep 0.1
done
CMD="serve --dir $AD"
if [ -z "$ad_url" ]; then
    fail "did not print its address"
else
    python3 - "$ad_url" "$G" "$AD" >"$T/ad-api.out" 2>&1 <<'EOF'
import json, subprocess, sys, urllib.parse, urllib.request
url, guti, tables = sys.argv[1:4]
get = lambda path: json.load(urllib.request.urlopen(url + path, timeout=30))
info = get("api/info")
games = [g for g in info["games"] if g["game"] == "adugo" and g["rules"] == "optional-d4-k2"]
if len(games) != 1 or games[0]["first"] != games[0]["start"] or games[0]["letters"] != "JD":
    print("/api/info's games lack the variant opening on its start: %s" % games)
else:
    start = games[0]["start"]
    pos = get("api/position?" + urllib.parse.urlencode({"fen": start, "rules": "optional-d4-k2"}))
    want = json.loads(subprocess.run([guti, "query", "--dir", tables, "--rules", "optional-d4-k2",
                                      "--json", start], capture_output=True, text=True).stdout)
    if pos.get("value") != want["value"] or len(pos.get("moves", [])) != len(want["moves"]):
        print("/api/position's value %s and %d moves, guti query's %s and %d" % (
            pos.get("value"), len(pos.get("moves", [])), want["value"], len(want["moves"])))
    elif len(pos["geometry"]["points"]) != 31:
        print("/api/position's board has %d points" % len(pos["geometry"]["points"]))
EOF
    if [ -s "$T/ad-api.out" ]; then
        fail "$(head -n 3 "$T/ad-api.out" | tr '\n' ' ')"
    else
        passed=$((passed + 1))
    fi
    kill -TERM "$ad_pid"
    wait "$ad_pid"
fi
