#!/bin/sh
# Regenerates data/sixteen-{optional,forced}-dtc{80,20}.{md,csv,json}: Sixteen Soldiers'
# endgames up to PIECES pieces (default 7) under both capture rules (tables in
# $GUTI_TABLES/sixteen, default ./tables/sixteen; finished materials are reused), then the
# counting rule's tables at the game's limit (80 half-moves) and at 20, and the statistics
# of the five classes per material.
set -e
guti=${1:-./build/guti}
pieces=${2:-7}
dir=${GUTI_TABLES:-tables}/sixteen
mkdir -p "$dir"
for rules in optional forced; do
    for limit in 80 20; do
        "$guti" solve sixteen --pieces "$pieces" --rules "$rules" --dtc --limit "$limit" --dir "$dir" --quiet
        "$guti" stats --dir "$dir" --rules "$rules" --dtc --limit "$limit" --quiet \
            --out "data/sixteen-$rules-dtc$limit"
    done
done
echo "wrote data/sixteen-{optional,forced}-dtc{80,20}.{md,csv,json}"
