#!/bin/sh
# Regenerates data/baghchal-*: solves the whole game of Bagh-Chal, with DTM in the
# placement phase unless GUTI_DTM=no, under the given rules (default standard; tables in
# $GUTI_TABLES, default ./tables; finished layers are reused), finds the reachable
# positions, verifies the tables, and writes the statistics over all legal positions and
# over reachable ones, and the start's value and first moves. The statistics compare the
# rule set with the other one over every layer whose tables of both are in the directory.
set -e
guti=${1:-./build/guti}
rules=${2:-standard}
dir=${GUTI_TABLES:-tables}
case ${GUTI_DTM:-yes} in
yes) dtm=--dtm ;;
no) dtm= ;;
*) echo "publish-baghchal: GUTI_DTM must be yes or no, not '$GUTI_DTM'" >&2; exit 2 ;;
esac
"$guti" solve baghchal $dtm --rules "$rules" --dir "$dir" --quiet
"$guti" reach baghchal --rules "$rules" --dir "$dir" --quiet
"$guti" verify --dir "$dir" --full --quiet >/dev/null
mkdir -p data
"$guti" stats --dir "$dir" --rules "$rules" --out "data/baghchal-$rules"
"$guti" stats --dir "$dir" --rules "$rules" --reachable --out "data/baghchal-$rules-reachable"
"$guti" query --dir "$dir" --rules "$rules" 'T3T/5/5/5/T3T g 20' >"data/baghchal-$rules-start.txt"
echo "wrote data/baghchal-$rules{,-reachable}.{csv,md,json} and data/baghchal-$rules-start.txt"
