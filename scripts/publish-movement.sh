#!/bin/sh
# Regenerates data/baghchal-movement-*.{csv,md}: solves Bagh-Chal's movement phase under
# both rule sets (tables in $GUTI_TABLES, default ./tables; finished layers are reused),
# verifies every table, and writes the statistics.
set -e
guti=${1:-./build/guti}
dir=${GUTI_TABLES:-tables}
for rules in standard goat-pass; do
    "$guti" solve baghchal --phase movement --rules "$rules" --dir "$dir" --quiet
done
"$guti" verify --dir "$dir" --full --quiet >/dev/null
mkdir -p data
for rules in standard goat-pass; do
    "$guti" stats --dir "$dir" --rules "$rules" --format csv >"data/baghchal-movement-$rules.csv"
    "$guti" stats --dir "$dir" --rules "$rules" --format md >"data/baghchal-movement-$rules.md"
done
echo "wrote data/baghchal-movement-standard.{csv,md} and data/baghchal-movement-goat-pass.{csv,md}"
