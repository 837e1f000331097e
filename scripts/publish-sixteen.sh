#!/bin/sh
# Regenerates data/sixteen-{optional,forced}.{csv,md}: solves Sixteen Soldiers' endgames
# up to PIECES pieces (default 7) under both capture rules (tables in
# $GUTI_TABLES/sixteen, default ./tables/sixteen; finished materials are reused), verifies
# every table, and writes the statistics of every material whose tables are there.
set -e
guti=${1:-./build/guti}
pieces=${2:-7}
dir=${GUTI_TABLES:-tables}/sixteen
mkdir -p "$dir"
for rules in optional forced; do
    "$guti" solve sixteen --pieces "$pieces" --rules "$rules" --dir "$dir" --quiet
done
"$guti" verify --dir "$dir" --full --quiet >/dev/null
mkdir -p data
for rules in optional forced; do
    "$guti" stats --dir "$dir" --rules "$rules" --format csv >"data/sixteen-$rules.csv"
    "$guti" stats --dir "$dir" --rules "$rules" --format md >"data/sixteen-$rules.md"
done
echo "wrote data/sixteen-optional.{csv,md} and data/sixteen-forced.{csv,md}"
