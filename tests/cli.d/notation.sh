# Other notations (docs/notation.md, "Other notations"): guti convert, and show, query and game
# reading and writing the baghchal package's notation and OBX. Sourced by tests/cli.sh;
# the unit tests (tests/test_notations.c) round-trip thousands of random positions, moves
# and games; here guti itself does, on the sample records' positions.

BCS='B3B/5/5/5/B3B G 0'
OBXS='TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #'
NOTAB="$T/no-tables"
mkdir -p "$NOTAB" # empty (one that is not there is "no such directory")

# same FILE1 FILE2 WHAT: the files are byte for byte the same.
same() {
    cmp -s "$1" "$2" || {
        CMD="(compare) $3"
        fail "$1 and $2 differ"
    }
}

# --- help ------------------------------------------------------------------------------------
check 0 'usage: guti convert' convert --help
check 0 '--to N' convert -h
check 0 'convert' --help
check 0 '--notation N' show --help
check 0 '--notation N' query --help
check 0 '--notation N' game --help

# --- positions, each way, told from their shape ------------------------------------------------
check 0 "$START" convert "$BCS"
check 0 "$START" convert "$OBXS"
check 0 "$START" convert 'TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g c0 - #'
check 0 "$BCS" convert --to baghchal "$START"
check 0 "$BCS" convert --to baghchal "$OBXS"
check 0 "$OBXS" convert --to obx "$START"
check 0 "$OBXS" convert --to obx "$BCS"
check 0 'T3T/5/2G2/5/T3T t 19' convert 'TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t c0 mC3 #g1'
check 0 'TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC3 #g1' convert --to obx 'TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t c0 mC3 #g1'
check 0 'BGG1B/GGGGG/GGGGG/GGGGG/B3B B 20' convert --to baghchal 'TGG1T/GGGGG/GGGGG/GGGGG/T3T t 0' --from guti
check 0 '{"kind": "position", "from": "baghchal", "to": "obx", "input": "B3B/5/5/5/B3B G 0", "output": "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #"}' convert --to obx --json "$BCS"
check 0 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r' convert "$SS"
# Every position of the two sample games, round the three notations and back.
sed 's/ [^ ]* [^ ]*$//' "$R/bc_notation.obx" "$R/bc_goats_win.obx" >"$T/positions.obx"
check 0 'T3T/5/5/5/T3T g 20' convert --from obx "$T/positions.obx"
cp "$T/out" "$T/positions.guti"
check 0 'B3B/5/5/5/B3B G 0' convert --to baghchal "$T/positions.guti"
cp "$T/out" "$T/positions.bc"
check 0 'TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #' convert --to obx "$T/positions.bc"
sed 's/ - #$//' "$T/out" >"$T/positions.back"
same "$T/positions.back" "$T/positions.obx" 'obx -> guti -> baghchal -> obx'
check 0 'T3T/5/5/5/T3T g 20' convert "$T/positions.bc"
same "$T/out" "$T/positions.guti" 'baghchal -> guti'
[ "$(wc -l <"$T/positions.guti")" -eq 121 ] || fail "expected 121 positions, one per line"
grep -q ' g 0$' "$T/positions.guti" && grep -q ' t 1[0-9]$' "$T/positions.guti" ||
    fail "the sample positions lack one phase"

# --- show, query and game read any notation, and write the one --notation names -----------------
check 0 'legal moves (21): b1 c1 d1' show "$BCS"
check 0 '"fen": "B3B/5/5/5/B3B G 0"' show "$BCS" --notation baghchal --json
check 0 '"moves": ["G52", "G53", "G54", "G41"' show "$BCS" --notation baghchal --json
check 0 '"moves": ["mA5B5", "mA5A4", "mA5B4"' show 'TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC3 #g1' --notation obx --json
check 0 '"a1-a2", "a1xc3", ' show 'TXXXT/XXXXX/XXXXX/XGXXX/TXXXT t @19 c0 mB4 #g1' --json
check 0 '"B5141", "Bx5133", ' show 'B3B/5/5/1G3/B3B B 1' --notation baghchal --json
check 0 '"mA5A4", "mA5C3(B4)", ' show 'TXXXT/XXXXX/XXXXX/XGXXX/TXXXT t @19 c0 mB4 #g1' --notation obx --json
check 0 '"moves": ["pass"]' show 'GGGGB/GGGGG/GGGGG/BBGGG/1BGGG G 20' --notation baghchal --rules goat-pass --json
check 0 'game over: goats win (the tigers have no legal move)' query --dir "$NOTAB" 'BGGGB/GG1GG/G1G1G/GG1GG/BGGGB B 20'
check 0 '{"fen": "TGGGT/GGXGG/GXGXG/GGXGG/TGGGT t @0 c3 - #", "value": "loss"' query --dir "$NOTAB" --notation obx --json 'TGGGT/GGXGG/GXGXG/GGXGG/TGGGT t c3'
check 1 'make it with: guti solve baghchal --rules standard --board 5x5' query --dir "$NOTAB" "$BCS"
check 1 "operand 1: position (obx): row 1 (from the top): unknown letter '3'" query --dir "$NOTAB" --notation obx "$START"
check 1 "position (baghchal): row 1 (from the top): unknown letter 'T'" show "$START" --notation baghchal
check 1 'position: ambiguous' show 'GGGGG/GGGGG/GGGGG/GGGGG/GGGGG'
check 2 "the obx notation is Bagh-Chal's on the 5x5 board, not Sixteen Soldiers" show "$OBXS" --game sixteen
check 2 "--notation 'pgn': expected guti, baghchal or obx" show "$START" --notation pgn

# --- games: the sample records, converted and replayed --------------------------------------
for base in bc_notation bc_goats_win; do
    case $base in
    bc_notation) res='result: tigers (5 goats captured)' ;;
    *) res='result: goats (the tigers have no legal move)' ;;
    esac
    check 0 '[Game "baghchal"]' convert "$R/$base.txt"
    cp "$T/out" "$T/$base.guti"
    check 0 "$res" game "$T/$base.guti"
    for pair in pgn:baghchal obx:obx; do
        ext=${pair%%:*}
        n=${pair#*:}
        check 0 '' convert --to "$n" "$R/$base.txt"
        same "$T/out" "$R/$base.$ext" "guti convert --to $n $base.txt"
        check 0 '[Game "baghchal"]' convert "$R/$base.$ext"
        [ "$ext" = obx ] && grep -v '^\[Event' "$T/$base.guti" >"$T/want" || cp "$T/$base.guti" "$T/want"
        same "$T/out" "$T/want" "guti convert $base.$ext"
        check 0 "$res" game "$R/$base.$ext"
        check 0 "notation $n" game "$R/$base.$ext"
        check 0 "$res" game --notation "$n" "$R/$base.$ext"
    done
    check 0 '' convert --to obx "$R/$base.pgn"
    same "$T/out" "$R/$base.obx" "baghchal -> obx"
done
check 0 '' convert --to baghchal "$R/bc_notation.obx"
same "$T/out" "$R/bc_notation.pgn" "obx -> baghchal"
check 0 'final: 1GGGG/GGGGG/G1BG1/2BGB/1BGGG G 38' game --notation baghchal "$R/bc_notation.pgn"
check 0 'final: XGGGG/GGGGG/GXTGX/XXTGT/XTGGG g @0 c5 mB3B5(B4) #t38' game --notation obx "$R/bc_notation.obx"
check 0 '"notation": "obx", "start": "T3T/5/5/5/T3T g 20", "played": 76' game --json "$R/bc_notation.obx"
check 0 '"kind": "game", "from": "guti", "to": "baghchal", "game": "baghchal", "rules": "standard", "moves": 76, "result": "tigers"' convert --json --to baghchal "$R/bc_notation.txt"
# Bare lists of moves, in each notation, are games from the start.
check 0 '1. G33 B5142 2. G23' convert --to baghchal 'c3 a1-b2 c4'
check 0 '1. c3 a1-b2 2. c4 *' convert 'G33 B5142 G23'
check 0 'TXXXT/XXXXX/XXGXX/XTXXX/XXXXT g @19 c0 mA5B4 #t1' convert --to obx 'mC3 mA5B4 mC2'
check 0 '1. c3 a1-b2 2. c4 *' convert 'mC3 mA5B4 mC2'
check 0 '[Game "sixteen"]' convert --game sixteen 'c4-c5'
feed 'mC3 mA5B4\nmC2\n' 0 'result: * (unfinished' game -
# guti's bare lists too, as convert reads them: of --game (baghchal) under --rules.
feed 'c3 a1-b2\nc4\n' 0 'final: T3T/2G2/2G2/1T3/4T t 18' game -
feed 'c3 a1-b2 c4\n' 0 '"game": "baghchal", "rules": "standard", "board": "5x5", "notation": "guti", "start": "T3T/5/5/5/T3T g 20", "played": 3' game --json -
feed 'c3\n' 0 'game: baghchal (rules goat-pass, board 5x5)' game --rules goat-pass -
feed 'c4-c5 {red steps up}\n' 0 'final: BBB/BBB/BBBBB/BBBBB/2R2/RR1RR/RRRRR/RRR/RRR b 1' game --game sixteen -
feed 'c4-c5\n' 0 'game: sixteen (rules forced' game --game sixteen --rules forced -
feed 'c3 a1-b2 q9\n' 1 "move 3 (q9): 'q9' is not a point of the board" game -
check 1 'game: --game sixteen, but the record is a game of baghchal' game --game sixteen "$R/bc_clock.txt"
check 1 "game: --rules goat-pass, but the record's rules are standard" game --rules goat-pass "$R/bc_clock.txt"
check 0 'result: draw (100 half-moves' game --game baghchal --rules standard "$R/bc_clock.txt"
feed 'c3\n' 2 "unknown game 'chess'" game --game chess -
feed 'c3\n' 2 "unknown rules 'forced' for baghchal" game --rules forced -
feed '1. G33 B5142 2. G23 B4243# 1-0\n' 0 'result: goats (unfinished by the rules); as recorded' game -

# --- what a notation cannot hold, and broken input ------------------------------------------
check 1 'the obx notation has no clock: this position' convert --to obx 'TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 90'
check 1 "the obx notation has no clock: the start's, 90" convert --to obx "$R/bc_clock.txt"
check 1 'OBX has no rules: a reader takes them as standard, and these are goat-pass' convert --to obx "$R/bc_goatpass.txt"
check 1 'move 1 (pass): the baghchal notation has no pass' convert --to baghchal "$R/bc_goatpass.txt"
check 1 "Bagh-Chal's on the 5x5 board, not Sixteen Soldiers" convert --to obx "$R/ss_red_wins.txt"
check 1 "Bagh-Chal's on the 5x5 board, not the 3x3 board" convert --to baghchal 'T1T/3/T1T g 4'
check 1 'move 4 (b1-a1): recreates a board seen since the last placement' convert --to baghchal "$R/bc_norepeat.txt"
feed '[Game "baghchal"]\n[Rules "standard"]\n[Result "goats"]\nc3\n' 1 "OBX has no result: the record's, goats, is not what the rules give its moves (*)" convert --to obx -
check 1 'position: ambiguous: it could be in guti'"'"'s, baghchal'"'"'s or obx'"'"'s notation' convert 'GGGGG/GGGGG/GGGGG/GGGGG/GGGGG'
check 1 'position: mixes notations: the board'"'"'s letter X is obx'"'"'s, a digit on the board' convert 'XXXXX/5/5/5/5 G c0'
check 1 "position: row 5: unknown letter 'X'" convert 'TXXXT/5/5/5/TXXXT g 0'
check 1 "position (baghchal): side 'g', expected G or B" convert 'B3B/5/5/5/B3B g 20'
check 1 "position: side 'G', expected g or t (lower case)" convert 'T3T/5/5/5/T3T G 20'
check 1 'position (baghchal): 4 rows, expected 5' convert --from baghchal 'B3B/5/5/5 G 0'
check 1 'position (baghchal): 2 fields' convert 'B3B/5/5/5/B3B G'
check 1 "position (baghchal): side 'X', expected G or B" convert 'B3B/5/5/5/B3B X 0'
check 1 "position (baghchal): goat moves made '-1'" convert 'B3B/5/5/5/B3B G -1'
check 1 'position (baghchal): 5 goats on the board but 3 goat moves made' convert 'B3B/GGGGG/5/5/B3B B 3'
check 1 'position (obx): row 2 (from the top) has 4 points, expected 5' convert 'TXXXT/XXXX/XXXXX/XXXXX/TXXXT g c0'
check 1 "position (obx): row 1 (from the top): unknown letter 'x'" convert 'TxXXT/XXXXX/XXXXX/XXXXX/TXXXT g c0'
check 1 'position (obx): 19 in hand (@19), 0 on the board and 0 captured (c0) make 19 goats, not 20' convert "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @19 c0 - #"
check 1 'make 21 goats, not 20' convert 'XXTXT/XXXXX/XXGXX/XXXXX/TXXXX g @19 c1 mA1C3(B1) #t1'
check 1 'B1 is not the point between A1 and C3, B2 is' convert 'TXXXT/XGXXX/XXXXX/XXXXX/TXXXT t @19 c0 mA1C3(B1) #g1'
check 1 'position (obx): 6 tigers, expected 4' convert 'TXTXT/TXXXX/XXXXX/XXXXX/TXXXT g c0 mA1B2 #t1'
feed "$OBXS"'\nT3T/5/5/5/T3T g 20\n' 0 'T3T/5/5/5/T3T g 20' convert -
feed "$OBXS"'\nT3T/5/5/5/T3T g 20\n' 1 "line 2: position (obx): row 1 (from the top): unknown letter '3'" game -
feed "$OBXS"'\nmC3 mA1C3(B1)\n' 1 'line 2: move 2 (mA1C3(B1)): B1 is not the point between A1 and C3' game -
feed "$OBXS"'\nTXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC3 #g1\nTXXXT/XXXXX/XXXXX/XXGXX/XTXXT g @19 c0 mA5B5 #t1\n' 1 "line 3: move 2 (mA5B5) leads to TXXXT/XXXXX/XXGXX/XXXXX/XTXXT g @19 c0 mA5B5 #t1, not to this line's position" game -
feed "$OBXS"'\nTXXXT/XXXXX/XX\n' 1 'line 2: position (obx): 1 field, expected BOARD SIDE' game -
feed '1. G33 G1122\n' 1 "line 1: move 2 (G1122) is the goats', but the tigers are to move" game -
feed '1. G33 B1122 2. G66\n' 1 "line 1: move 3 (G66): '66' is not a point of the board" convert -
feed '1. G33 B11\n' 1 'move 2 (B11): B with one point: tigers are never placed' game -
feed '1. c3 B1122\n' 1 'the moves mix notations: move 1 (c3) is guti'"'"'s, move 2 (B1122) baghchal'"'"'s' game -
feed '[FEN "B3B/5/5/5/B3B G 0]\n1. G33\n' 1 'tag value has no closing quote' game -
feed '[Board "4x4"]\n1. G33\n' 1 "tag Board \"4x4\": the baghchal notation has the 5x5 board only" game -
feed '1. G33 B3344\n' 1 'move 2 (B3344): no tiger on c3' game --notation baghchal -
check 1 "move 1 (G35): 'G35' is not a point of the board" game --notation guti "$R/bc_notation.pgn"
feed '' 1 'game: record: empty' game --notation baghchal -
check 1 'not a move of OBX' game --notation obx "$R/bc_notation.pgn"
feed '' 1 'convert: the input is empty' convert -
feed '\n \n' 1 'convert: the input is empty' convert -
check 1 'is a directory' convert "$T"
check 2 "--to 'pgn': expected guti, baghchal or obx" convert --to pgn "$START"
check 2 "--from 'x': expected guti, baghchal or obx" convert --from x "$START"
check 2 'expected one FILE, - or TEXT, got 2 operands' convert "$START" "$START"
check 2 "unknown game 'chess'" convert --game chess 'c3'
