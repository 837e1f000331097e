#!/bin/sh
# Regenerates data/baghchal-{standard,goat-pass}-dtc{100,20}.{md,csv,json}: the counting
# rule over the whole 5x5 game. Solves the whole game's values under each rule set
# (tables in $GUTI_TABLES, default ./tables; finished layers are reused: about 45 minutes a
# rule set on 2 cores from nothing), then the counting rule's tables of both phases at the
# game's limit (100 half-moves) and at 20, verifies every table's checksums, and writes the
# statistics of the five classes per layer and side, the start's class among them.
set -e
guti=${1:-./build/guti}
dir=${GUTI_TABLES:-tables}
for rules in standard goat-pass; do
    "$guti" solve baghchal --rules "$rules" --dir "$dir" --quiet >/dev/null
    for limit in 100 20; do
        "$guti" solve baghchal --dtc --limit "$limit" --rules "$rules" --dir "$dir" --quiet
        "$guti" stats --dir "$dir" --rules "$rules" --dtc --limit "$limit" --quiet \
            --out "data/baghchal-$rules-dtc$limit"
    done
done
"$guti" verify --dir "$dir" --quiet >/dev/null
echo "wrote data/baghchal-{standard,goat-pass}-dtc{100,20}.{md,csv,json}"
