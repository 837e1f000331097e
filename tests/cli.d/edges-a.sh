# Edge cases of issue 10 (part a): damaged table headers, and the wording of messages.
# Sourced by tests/cli.sh, with its helpers and tables ($G, $T, $R, $D, check, feed, fail).

# --- a table's header, each byte flipped ---------------------------------------------------
# Every byte after the magic is covered by the header checksum, so whatever a flip does to
# a field (the version, the sizes), the table is reported damaged, never as a newer version
# to upgrade for. The magic's own bytes say "bad magic".
EA_F=baghchal-4x4-standard-h0-c2.dtm
rm -rf "$T/hdr" && mkdir "$T/hdr"
k=0
while [ "$k" -lt 136 ]; do
    cp "$D/$EA_F" "$T/hdr/$EA_F"
    v=$(od -An -tu1 -j "$k" -N 1 "$D/$EA_F" | tr -d ' ')
    # shellcheck disable=SC2059 # the format is the octal escape of the flipped byte
    printf "\\$(printf %03o $((255 - v)))" | dd of="$T/hdr/$EA_F" bs=1 seek="$k" conv=notrunc 2>/dev/null
    "$G" verify --dir "$T/hdr" >"$T/out" 2>"$T/err"
    got=$?
    CMD="verify, byte $k of the header flipped"
    if [ "$got" -ne 1 ]; then
        fail "exit status $got, expected 1"
    elif grep -q 'this guti reads version' "$T/out"; then
        fail "a damaged header reported as another version"
    elif [ "$k" -lt 8 ] && ! grep -q "$EA_F: not a guti table (bad magic)" "$T/out"; then
        fail "no 'bad magic'"
    elif [ "$k" -ge 8 ] && ! grep -q -e "$EA_F: header checksum mismatch" -e "$EA_F: damaged header" "$T/out"; then
        fail "neither 'header checksum mismatch' nor 'damaged header'"
    else
        passed=$((passed + 1))
    fi
    k=$((k + 1))
done

# --- messages -------------------------------------------------------------------------------
# No board, or rows that make none: every board's row count is named, on one line.
check 1 "position: 0 rows, which is no game's board (3, 4 or 5 rows for Bagh-Chal, 9 for Sixteen Soldiers" show ''
check 1 "position: 1 row, which is no game's board (3, 4 or 5 rows for Bagh-Chal" show 'T3T g 20'
check 1 '6 rows, which is no game' show 'T3T/5/5/5/5/T3T g 20'
# Four rows are the 4x4 board: a 5x5 position one row short is told so.
check 1 'row 4 has 5 points, expected 4 (the 4x4 board has 4 rows of 4 points)' show 'T3T/5/5/5 g 20'
check 1 'row 3 has 4 points, expected 3 (the 3x3 board has 3 rows of 3 points)' show 'T2T/4/T2T g 4'
# Records that cannot be read say why.
check 1 "game: $T/no-such-record.txt: cannot open: No such file or directory" game "$T/no-such-record.txt"
check 1 "game: $T: is a directory, not a record" game "$T"
# No word said twice: the command names itself once, a move is quoted once.
feed '[Game "zz"]\n[Rules "standard"]\n' 1 "guti: game: unknown game 'zz' (baghchal" game -
feed '[Game "baghchal"]\n[Rules "zz"]\n' 1 "guti: game: unknown rules 'zz' for baghchal" game -
feed '[Game "baghchal"]\n[Rules "standard"]\n[Board "zz"]\n' 1 "guti: game: unknown board 'zz'" game -
feed "${BC}"'zz\n' 1 "guti: game: move 1 (zz): 'zz' is not a point of the board" game -
feed "${BC}"'c3 a1-\n' 1 "guti: game: move 2 (a1-): a point is missing" game -
feed "${BC}"'c3 a1-b1-c1\n' 1 "guti: game: move 2 (a1-b1-c1): a step has one '-' and two points" game -
check 2 "guti: show: unknown rules 'zz' (baghchal" show "$START" --rules zz
check 2 "guti: unknown game 'zz'" show "$START" --game zz
check 2 "guti: show: unknown board 'zz'" show "$START" --board zz

# User text in messages is printable ASCII, other bytes escaped (\xff), whichever field
# it came from.
ea_ascii() {
    check "$@"
    LC_ALL=C grep -q '[^ -~]' "$T/err" && fail "stderr has bytes that are not printable ASCII"
}
ea_ascii 1 "side '\\xff', expected g or t" show "$(printf 'T3T/5/5/5/T3T \377 20')"
ea_ascii 1 "unknown letter '\\xc3', expected G, T (upper case)" show "$(printf 'T3T/5/5/5/T3\303\251 g 20')"
ea_ascii 1 "goats in hand '2\\x1b[0m' is not a whole number" show "$(printf 'T3T/5/5/5/T3T g 2\033[0m')"
ea_ascii 1 "clock '\\xff'" show "$(printf 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r \377')"
ea_ascii 2 "unknown rules 'st\\xffd' (baghchal" show "$START" --rules "$(printf 'st\377d')"
ea_ascii 2 "unknown board '\\xff'" perft baghchal 1 --board "$(printf '\377')"
IN=$T/stdin
# ea_tagged TAG TEXT: a record with the tag line [TAG] (printf %b), whose error has TEXT.
ea_tagged() {
    printf '[Game "baghchal"]\n[Rules "standard"]\n[%b]\nc3\n' "$1" >"$T/stdin"
    ea_ascii 1 "$2" game -
}
ea_tagged 'Game "\377"' "unknown game '\\xff'"
ea_tagged 'Rules "\377"' "unknown rules '\\xff'"
ea_tagged 'Board "\377"' "unknown board '\\xff'"
ea_tagged 'FEN "T3T/5/5/5/T3T \377 20"' "FEN tag: position: side '\\xff'"
ea_tagged 'Result "\377"' "result '\\xff' is not a result"
printf '%b' "${BC}"'c3 a1-\377\n' >"$T/stdin"
ea_ascii 1 "move 2 (a1-\\xff): '\\xff' is not a point of the board" game -
printf '%b' "${BC}"'c3 \033]0;T\007\n' >"$T/stdin"
ea_ascii 1 "move 2 (\\x1b]0;T\\x07): '\\x1b]0;T\\x07' is not a point of the board" game -
printf '%b' "${BC}"'c3 draw a\377\n' >"$T/stdin"
ea_ascii 1 "line 3: 'a\\xff' after the result 'draw'" game -
printf '%b' "${BC}"'[Result "draw"]\nc3 goats\n' >"$T/stdin"
ea_ascii 1 'the Result tag says draw but the moves end with goats' game -
IN=/dev/null
ea_ascii 1 "game: $T/no\\xffsuch: cannot open: No such file or directory" game "$(printf '%s/no\377such' "$T")"

# One case rule for a position's letters: pieces upper case, the side lower case.
check 1 "side 'G', expected g or t (lower case)" show 'T3T/5/5/5/T3T G 20'
check 1 "side 'T', expected g or t (lower case)" show 'T3T/5/5/1G3/T3T T 19'
check 1 "side 'R', expected r or b (lower case)" show "${SS% r} R"
check 1 "row 5: unknown letter 't', expected G, T (upper case) or a digit" show 't3T/5/5/5/T3T g 20'
check 1 "row 1: unknown letter 'b', expected R, B (upper case) or a digit" show 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRb r'
feed "${BC}"'[FEN "T3T/5/5/5/T3T G 20"]\nc3\n' 1 "FEN tag: position: side 'G', expected g or t (lower case)" game -
# Point names stay either case.
feed "${BC}"'1. C3 A1-B1\n' 0 'played: 2 of 2 moves' game -

unset -f ea_ascii ea_tagged
unset EA_F k v got
