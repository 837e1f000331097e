# Edge cases of issue 10 (part a): damaged table headers, and the wording of messages.
# Sourced by tests/cli.sh, with its helpers and tables ($G, $T, $R, $D, check, feed, fail).

# --- a table's header, each byte flipped ---------------------------------------------------
# Every byte after the magic is covered by the header checksum, so whatever a flip does to
# a field (the version, the sizes), the table is reported damaged, never as a newer version
# to upgrade for. The magic's own bytes say "bad magic".
F=baghchal-4x4-standard-h0-c2.dtm
rm -rf "$T/hdr" && mkdir "$T/hdr"
k=0
while [ "$k" -lt 136 ]; do
    cp "$D/$F" "$T/hdr/$F"
    v=$(od -An -tu1 -j "$k" -N 1 "$D/$F" | tr -d ' ')
    # shellcheck disable=SC2059 # the format is the octal escape of the flipped byte
    printf "\\$(printf %03o $((255 - v)))" | dd of="$T/hdr/$F" bs=1 seek="$k" conv=notrunc 2>/dev/null
    "$G" verify --dir "$T/hdr" >"$T/out" 2>"$T/err"
    got=$?
    CMD="verify, byte $k of the header flipped"
    if [ "$got" -ne 1 ]; then
        fail "exit status $got, expected 1"
    elif grep -q 'this guti reads version' "$T/out"; then
        fail "a damaged header reported as another version"
    elif [ "$k" -lt 8 ] && ! grep -q "$F: not a guti table (bad magic)" "$T/out"; then
        fail "no 'bad magic'"
    elif [ "$k" -ge 8 ] && ! grep -q -e "$F: header checksum mismatch" -e "$F: damaged header" "$T/out"; then
        fail "neither 'header checksum mismatch' nor 'damaged header'"
    else
        passed=$((passed + 1))
    fi
    k=$((k + 1))
done
