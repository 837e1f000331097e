#!/bin/sh
# Games are plug-ins (docs/games.md): outside a game's own folder and the registry
# (solver/games/registry.c), no code names a game through its struct game_ops or its rules'
# enums. The files that still do are listed below, each with what it is waiting for (issue
# 39: the one driver and the game's solving hooks); the list may only shrink: the check
# fails on a file that names a game and is not listed, and on a listed file that no longer
# does (take it off the list).
# usage: sh tests/game_names.sh   (from the checkout's top folder)
pattern='baghchal_ops|sixteen_ops|BC_STANDARD|BC_GOAT_PASS|BC_NO_REPEAT|SS_OPTIONAL|SS_FORCED|enum bc_rules|enum ss_rules'
games='^solver/games/'
pending='
solver/game/game.h            the rules enums and the ops, until every user below has moved
solver/library/tables.c       the complete set of tables (tables_expected), until the games declare their layers
solver/library/stats.c        statistics per game, by layer or by material, until the games declare their layers
solver/library/selftest.c     the self-test walks each game'"'"'s layers, until the games declare them
tools/cmd_reach.c             reachability is Bagh-Chal'"'"'s driver, until the one driver
tools/cmd_solve.c             a driver per game, until the one driver
tools/cmd_verify.c            which re-derivations a game'"'"'s tables take, until the one driver walks any game'"'"'s layers
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
