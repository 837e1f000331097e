# guti verify --moves (issue 11, item 5): the solvers' move graph against itself and the
# rules, with no tables. Every layer of the small games, most of them in full; a graph
# made faulty on purpose is the unit tests' (tests/test_selftest.c), since a shell script
# cannot break the code.

# out_has TEXT / out_lacks TEXT: the last command's stdout has (lacks) TEXT, a fixed string.
out_has() {
    grep -F -q -e "$1" "$T/out" || fail "stdout lacks '$1'"
}
out_lacks() {
    grep -F -q -e "$1" "$T/out" && fail "stdout has '$1'"
}

# 3x3 Bagh-Chal, every position of every layer, both rule sets.
for rules in standard goat-pass; do
    check 0 'verify --moves: 8 layers, 1075 of 1075 positions checked' verify --moves --game baghchal --board 3x3 --rules "$rules" --sample 0
    out_has "ok   baghchal 3x3 $rules h0-c0 (movement): 178 of 178 positions"
    out_has "ok   baghchal 3x3 $rules h1-c0-t (placement): 174 of 174 positions"
    out_lacks 'FAIL'
done
# 4x4: every position of the layers up to 20000 positions, 20000 of the others.
for rules in standard goat-pass; do
    check 0 'verify --moves: 68 layers, 1041104 of 5601102 positions checked' verify --moves --game baghchal --board 4x4 --rules "$rules" --sample 20000 --quiet
    out_has ', 0 faulty'
    out_lacks 'ok   '
done
# Sixteen Soldiers up to 4 pieces, every position, both rule sets.
for rules in optional forced; do
    check 0 'verify --moves: 4 layers, 245058 of 245058 positions checked' verify --moves --game sixteen --rules "$rules" --pieces 4 --sample 0
    out_has "ok   sixteen $rules 2+2 (material): 99778 of 99778 positions"
done
check 0 '"layer": "h0-c0", "kind": "movement", "positions": 178, "checked": 178,' verify --moves --game baghchal --board 3x3 --json
out_has '"faults": 0, "ok": true}'
check 0 '"layer": "3+1", "kind": "material", "positions": 133016, "checked": 1000,' verify --moves --game sixteen --pieces 4 --json

# Without --game: the games that have tables in --dir, Sixteen Soldiers up to their pieces.
check 0 'ok   baghchal 4x4 standard h12-c0-g (placement)' verify --moves --dir "$W"
out_lacks 'goat-pass'
check 0 'ok   sixteen forced 2+2 (material)' verify --moves --dir "$S"
out_has 'ok   sixteen optional 3+1 (material)'
out_lacks '3+2'
check 0 'ok   sixteen optional 3+2 (material)' verify --moves --dir "$S" --pieces 5 --sample 100

# What --moves refuses, and what goes with it only.
check 2 "--moves: $T has no tables to choose the games from; name one with --game" verify --moves --dir "$T"
check 2 'rules no-repeat depend on the history' verify --moves --game baghchal --rules no-repeat
check 2 '--full checks the tables, --moves the move graph: one at a time' verify --moves --full --dir "$W"
check 2 '--game goes with --moves' verify --game baghchal --dir "$W"
check 2 '--pieces goes with --moves' verify --pieces 4 --dir "$S"
check 2 '--rules goes with --game' verify --moves --rules forced --dir "$S"
check 2 '--board goes with --game' verify --moves --board 4x4 --dir "$W"
check 2 "unknown game 'chess'" verify --moves --game chess
check 2 'Sixteen Soldiers has one board' verify --moves --game sixteen --board 4x4
check 2 '--pieces 13, expected 2..12' verify --moves --game sixteen --pieces 13
check 2 '--sample goes with --full or --moves' verify --dir "$W" --sample 5
