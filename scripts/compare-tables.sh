#!/bin/sh
# Whether two directories hold the same tables, byte for byte: what a change that must not
# change a single value (a faster solver, a new compiler) is checked with. Every table
# (*.wdl, *.dtm, *.dtc, *.reach) of either directory must be in the other and equal; other
# files (logs, statistics, temporaries) are not compared.
# usage: sh scripts/compare-tables.sh [--quiet] DIR1 DIR2
# Prints each difference, then a summary; exit status 0 when the same, 1 when not, 2 on a
# usage error.
quiet=false
if [ "$1" = "--quiet" ]; then quiet=true; shift; fi
if [ $# -ne 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
    echo "usage: sh scripts/compare-tables.sh [--quiet] DIR1 DIR2 (two directories of tables)" >&2
    exit 2
fi
tables() { (cd "$1" && ls | grep -E '\.(wdl|dtm|dtc|reach)$') || true; }
same=0 differ=0 missing=0 bytes=0
for name in $( (tables "$1"; tables "$2") | sort -u); do
    if [ ! -f "$1/$name" ] || [ ! -f "$2/$name" ]; then
        missing=$((missing + 1))
        echo "only in $([ -f "$1/$name" ] && echo "$1" || echo "$2"): $name"
    elif cmp -s "$1/$name" "$2/$name"; then
        same=$((same + 1))
        bytes=$((bytes + $(wc -c <"$1/$name")))
    else
        differ=$((differ + 1))
        echo "differ: $name"
    fi
done
total=$((same + differ + missing))
if [ "$quiet" = false ] || [ $((differ + missing)) -ne 0 ]; then
    echo "compare-tables: $total tables: $same identical ($bytes bytes), $differ differ, $missing in one directory only"
fi
[ "$total" -gt 0 ] && [ $((differ + missing)) -eq 0 ]
