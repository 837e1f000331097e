#!/bin/sh
# Makes the small tables the probing fuzz harnesses (fuzz_probe, fuzz_serve) read, in DIR:
# Bagh-Chal on 3x3 under standard rules (WDL, DTM and DTC of every layer, and the
# reachable positions), under goat-pass (WDL, the movement phase's DTM) with one block of
# its movement DTM table damaged on purpose (its probes must fail cleanly as damaged), and
# Sixteen Soldiers up to 3 pieces under optional rules with their DTC. A second or two.
# usage: sh fuzz/tables.sh GUTI DIR
set -eu
if [ $# -ne 2 ]; then
    echo "usage: sh fuzz/tables.sh GUTI DIR" >&2
    exit 2
fi
G=$1
D=$2
rm -rf "$D.tmp"
mkdir -p "$D.tmp"
"$G" solve baghchal --board 3x3 --dtm --dir "$D.tmp" --quiet --threads 1 >/dev/null
"$G" solve baghchal --board 3x3 --dtc --dir "$D.tmp" --quiet --threads 1 >/dev/null
"$G" reach baghchal --board 3x3 --dir "$D.tmp" --quiet --threads 1 >/dev/null
"$G" solve baghchal --board 3x3 --rules goat-pass --dir "$D.tmp" --quiet --threads 1 >/dev/null
"$G" solve sixteen --pieces 3 --dtc --dir "$D.tmp" --quiet --threads 1 >/dev/null
# The damage: one byte of the first block of goat-pass's h0-c0 DTM table (the block table
# ends at 136 + 16 = 152 bytes), its checksums left as they were.
f="$D.tmp/baghchal-3x3-goat-pass-h0-c0.dtm"
[ -f "$f" ] || { echo "fuzz/tables.sh: $f was not made" >&2; exit 1; }
printf '\377' | dd of="$f" bs=1 seek=160 conv=notrunc 2>/dev/null
rm -rf "$D"
mv "$D.tmp" "$D"
