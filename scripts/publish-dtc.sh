#!/bin/sh
# Regenerates data/baghchal-movement-{standard,goat-pass}-dtc{100,20}.{md,csv,json}: solves
# Bagh-Chal's movement phase under both rule sets (tables in $GUTI_TABLES, default ./tables;
# finished layers are reused), then the counting rule's tables at the game's limit (100
# half-moves) and at 20, verifies every table's checksums, and writes the statistics of the
# five classes. About a minute and a half per rule set on 2 cores.
set -e
guti=${1:-./build/guti}
dir=${GUTI_TABLES:-tables}
for rules in standard goat-pass; do
    "$guti" solve baghchal --phase movement --rules "$rules" --dir "$dir" --quiet >/dev/null
    for limit in 100 20; do
        "$guti" solve baghchal --phase movement --dtc --limit "$limit" --rules "$rules" --dir "$dir" --quiet
        "$guti" stats --dir "$dir" --rules "$rules" --dtc --limit "$limit" --quiet \
            --out "data/baghchal-movement-$rules-dtc$limit"
    done
done
"$guti" verify --dir "$dir" --quiet >/dev/null
echo "wrote data/baghchal-movement-{standard,goat-pass}-dtc{100,20}.{md,csv,json}"
