#!/bin/sh
# A short tour of the engines: both start positions, perft, and a game record replayed.
set -e
guti=${1:-./build/guti}
echo "== Bagh-Chal: the start position"
"$guti" show 'T3T/5/5/5/T3T g 20'
echo
echo "== Bagh-Chal perft, rules standard (the moves of a node are its distinct successors)"
"$guti" perft baghchal 5
echo
echo "== Sixteen Soldiers: the start position"
"$guti" show 'BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r'
echo
echo "== Sixteen Soldiers perft, rules optional, then forced"
"$guti" perft sixteen 4
"$guti" perft sixteen 4 --rules forced
echo
echo "== A game record replayed and adjudicated"
printf '%s\n' '[Game "baghchal"]' '[Rules "standard"]' '[FEN "TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0"]' \
    '1. c4-c3 e1-d1 2. c3-c4 d1-e1 3. c4-c3 e1-d1 4. c3-c4 d1-e1' | "$guti" game -
