# Corruption sweep (issue 15, part 3): tests/corrupt.py damages a small real table of each
# kind (WDL, DTM and DTC of Sixteen Soldiers, REACH and DTM of Bagh-Chal) in every way:
# every byte of the header, the block table and the trailer flipped, 1,000 bytes of the
# blocks, the file cut at every block boundary and at random points, junk appended. guti
# verify must find every damaged copy; the library, guti query (on a position whose entry
# is in the damaged block) and guti stats must refuse the table with one line naming it,
# never crash nor answer (the file checksum, which only verify reads, damages no block:
# they must answer as from the undamaged table). A fixed seed; one pass here per table,
# each failure one fail. About a minute; python3 tests/corrupt.py --full for every byte.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CW=$T/corrupt
mkdir -p "$CW/w4"
# the 4x4 whole game made above (its WDL, REACH and movement DTM tables)
cp "$W"/*.wdl "$W"/*.reach "$W"/*-h0-c[0-9].dtm "$CW/w4"/
# the library the sweep loads (make test builds it; a bare cli.sh run may not have)
if [ ! -e "$(dirname "$G")/libguti.so.0" ] && [ "$(cd "$(dirname "$G")" && pwd)" = "$ROOT/build" ]; then
    make -s -C "$ROOT" programs >/dev/null 2>&1
fi
"${GUTI_PYTHON:-python3}" "$ROOT/tests/corrupt.py" "$G" "$CW" >"$T/corrupt.out" 2>&1
corrupt_rc=$?
CMD="(tests/corrupt.py)"
: >"$T/err"
n=0
while IFS= read -r line; do
    case $line in
    "corrupt: "*" checks passed, "*) ;;
    "corrupt: "*) n=$((n + 1)) passed=$((passed + 1)) ;;
    "FAIL: "*)
        printf '%s\n' "$line" >"$T/out"
        fail "${line#FAIL: }"
        ;;
    esac
done <"$T/corrupt.out"
if [ "$corrupt_rc" -ne 0 ] && ! grep -q '^FAIL: ' "$T/corrupt.out"; then
    cp "$T/corrupt.out" "$T/out"
    fail "exit status $corrupt_rc"
elif [ "$n" -lt 6 ]; then
    cp "$T/corrupt.out" "$T/out"
    fail "reported $n tables, expected 6"
fi
