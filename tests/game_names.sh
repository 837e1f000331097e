#!/bin/sh
# Games are plug-ins (docs/games.md): outside a game's own folder and the registry
# (solver/games/registry.c), no code names a game through its struct game_ops, its rules'
# enums or its folder's headers; the check fails naming every file that does. (The build
# keeps the games' include paths from every folder above solver/games/ but the tests', so
# a header of a game's folder cannot even be included there; this check also catches a
# game's ops or enums declared by hand.)
# usage: sh tests/game_names.sh   (from the checkout's top folder)
headers=$(ls solver/games/*/*.h | sed 's|.*/||; s|\.|\\.|g' | paste -sd'|' -)
ops=$(grep -ho 'const struct game_ops [a-z_0-9]*' solver/games/*/*.h | awk '{ print $4 }' | paste -sd'|' -)
pattern="$ops"'|BC_STANDARD|BC_GOAT_PASS|BC_NO_REPEAT|SS_OPTIONAL|SS_FORCED|enum bc_rules|enum ss_rules|#include "('"$headers"')"'
found=$(grep -rlE "$pattern" solver tablebase tools mpi fuzz python --include='*.c' --include='*.h' |
    grep -vE '^solver/games/' | sort)
status=0
for f in $found; do
    echo "game_names: $f names a game ($(grep -nE "$pattern" "$f" | head -n 1 | cut -c1-80)); a game is named in its own folder and the registry only" >&2
    status=1
done
[ $status -eq 0 ] && echo "game_names: no game named outside its folder and the registry ($(echo "$ops" | tr '|' ' '))"
exit $status
