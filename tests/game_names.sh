#!/bin/sh
# Games are plug-ins (docs/games.md): outside a game's own folder and the registry
# (solver/games/registry.c), no code names a game through its struct game_ops, its rules'
# enums or its folder's headers. The files that still do are listed below, each with what
# it is waiting for (issue 39: the one driver and the game's solving hooks); the list may
# only shrink: the check fails on a file that names a game and is not listed, and on a
# listed file that no longer does (take it off the list).
# usage: sh tests/game_names.sh   (from the checkout's top folder)
# a game's ops, its rules' enums, or any header of a game's folder
headers=$(ls solver/games/*/*.h | sed 's|.*/||; s|\.|\\.|g' | paste -sd'|' -)
pattern='baghchal_ops|sixteen_ops|BC_STANDARD|BC_GOAT_PASS|BC_NO_REPEAT|SS_OPTIONAL|SS_FORCED|enum bc_rules|enum ss_rules|#include "('"$headers"')"'
games='^solver/games/'
pending='
solver/solve/bc_solve.c     Bagh-Chal'"'"'s passes as requests to the one driver, and bc_goats_dtm (stats'"'"' fold of the goats'"'"' DTM), until the command line asks the driver for a game'"'"'s passes itself
solver/solve/ss_solve.c     Sixteen Soldiers'"'"' plan and its solve shared among processes (ss_layer_for_share), until the driver plans and shares any game'"'"'s layers
solver/solve/ss_solve.h     the same
'
found=$(grep -rlE "$pattern" solver tablebase tools mpi fuzz --include='*.c' --include='*.h' |
    grep -vE "$games" | sort)
listed=$(printf '%s\n' "$pending" | awk 'NF { print $1 }' | sort)
status=0
for f in $found; do
    printf '%s\n' "$listed" | grep -qx "$f" && continue
    echo "game_names: $f names a game ($(grep -nE "$pattern" "$f" | head -n 1 | cut -c1-80)); a game is named in its own folder and the registry only" >&2
    status=1
done
for f in $listed; do
    printf '%s\n' "$found" | grep -qx "$f" && continue
    echo "game_names: $f names no game any more: take it off the list in tests/game_names.sh" >&2
    status=1
done
[ $status -eq 0 ] && echo "game_names: no game named outside its folder but in the $(printf '%s\n' "$listed" | wc -l) files listed"
exit $status
