#!/bin/sh
# The full-size benchmarks of issue 16: the rows of docs/performance.md's table that
# take more than a minute, on the real boards. Each row runs from scratch (or on tables
# already made, where it only reads them), under /usr/bin/time, and its figures go into
# WORK/results.tsv, one line per run; data/bench.md is then written from every line there,
# with the machine described. Rows can be run a few at a time, over several sessions, into
# one WORK directory: a row run again replaces its line.
#
# usage: sh scripts/bench-full.sh [--guti G] [--work DIR] [--tables DIR] [--gamesman DIR]
#                                 [--out FILE] [ROW...]
#   ROW      movement, game, dtm, reach, stats, sixteen7, sixteen8, gamesman, query,
#            encodings (bits per position of five tables under other block sizes and
#            encodings, scripts/tb-encodings.c), report (only rewrite FILE from
#            WORK/results.tsv); default: all of them, about four hours on 2 cores.
#            The stats and query rows over tables with the placement phase's DTM are
#            named stats-dtm, query-place-dtm-warm and so on.
#   --guti G         the binary (default ./build/guti)
#   --work DIR       where tables are made and results kept (default ./bench-work; the
#                    whole game takes about 12 GB with its DTM)
#   --tables DIR     a directory that holds the whole 5x5 standard game's WDL tables
#                    already: reach, stats and query read it (reach writes its REACH
#                    tables into a copy of links) rather than WORK/game
#   --gamesman DIR   a GamesmanClassic checkout, for the gamesman row
#                    (scripts/bench-gamesman.sh); without it that row is skipped
#   --out FILE       the report (default data/bench.md)
set -eu
guti=./build/guti work=./bench-work tables="" gamesman="" out=data/bench.md rows=""
while [ $# -gt 0 ]; do
    case $1 in
    --guti) guti=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --tables) tables=$2; shift 2 ;;
    --gamesman) gamesman=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench-full: unknown option $1" >&2; exit 2 ;;
    *) rows="$rows $1"; shift ;;
    esac
done
[ -n "$rows" ] || rows="movement game dtm reach stats sixteen7 sixteen8 gamesman query encodings"
[ -x "$guti" ] || { echo "bench-full: no guti binary at $guti (make first, or --guti)" >&2; exit 2; }
sh "$(dirname "$0")/deps.sh" time || exit 2 # /usr/bin/time
. "$(dirname "$0")/timed.sh"
mkdir -p "$work"
work=$(cd "$work" && pwd)
guti=$(cd "$(dirname "$guti")" && pwd)/$(basename "$guti")
results=$work/results.tsv
touch "$results"
game=${tables:-$work/game}

# measure ROW TARGET COMMAND...: runs the command under /usr/bin/time, its output in
# WORK/ROW.log, and records wall seconds, CPU seconds and peak RSS (MB) against the
# row's target, with the output of the shell command in $note (run afterwards) as its
# note. A failed command stops the script with its log named.
# dtm_tag: "-dtm" when the tables read have the placement phase's DTM, which the reading
# rows (stats, query) read too, so that their figures with and without it are rows of
# their own.
dtm_tag() {
    for f in "$game"/*-h1-c0-t.dtm; do
        [ -e "$f" ] && echo -dtm
        return 0
    done
}

note=""
measure() {
    row=$1 target=$2
    shift 2
    echo "bench-full: $row: $*" >&2
    if ! timed "$work/$row.time" "$@" >"$work/$row.log" 2>&1; then
        echo "bench-full: $row failed; see $work/$row.log" >&2
        exit 1
    fi
    said=""
    [ -z "$note" ] || said=$(sh -c "$note")
    note=""
    # the command as a reader would type it: guti and WORK rather than this run's paths
    cmd=$(echo "$*" | sed "s|$guti|guti|g; s|$work|WORK|g; s|^sh -c ||; s|'||g")
    record "$row" "$target" "$wall" "$cpu" "$rss_mb" "$cmd" "$said"
}

# record ROW TARGET WALL CPU RSS_MB COMMAND [EXTRA]: one line of results.tsv, replacing
# the row's earlier one.
record() {
    grep -v "^$1	" "$results" >"$results.tmp" || true
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "${7:-}" \
        "$(date -u +%Y-%m-%d)" >>"$results.tmp"
    mv "$results.tmp" "$results"
}

for row in $rows; do
    case $row in
    movement)
        rm -rf "$work/movement"
        measure movement "20 s" "$guti" solve baghchal --phase movement --dir "$work/movement" --quiet
        ;;
    game)
        [ -z "$tables" ] || { echo "bench-full: game: --tables given, not solving" >&2; continue; }
        rm -rf "$work/game"
        measure game "30 min, 8 GB" "$guti" solve baghchal --dir "$work/game" --quiet
        ;;
    dtm)
        # the placement DTM pass alone, the WDL tables of the game row already there
        [ -d "$work/game" ] || { echo "bench-full: dtm needs the game row first" >&2; exit 1; }
        rm -f "$work/game"/*-h[1-9]*-c*.dtm
        note="echo placement DTM tables: \$(du -cm $work/game/*-h[1-9]*-c*.dtm | tail -1 | cut -f1) MB"
        measure dtm "45 min, 6 GB, 4 GB on disk" "$guti" solve baghchal --phase placement --dtm \
            --dir "$work/game" --quiet
        ;;
    reach)
        rm -rf "$work/reach" && mkdir -p "$work/reach"
        for f in "$game"/*.wdl "$game"/*.dtm; do ln -s "$f" "$work/reach/"; done
        measure reach "10 min" "$guti" reach baghchal --dir "$work/reach" --quiet
        ;;
    stats)
        rm -rf "$work/stats" && mkdir -p "$work/stats"
        measure "stats$(dtm_tag)" "3 min" "$guti" stats --dir "$game" --rules standard --out "$work/stats/s" --quiet
        ;;
    sixteen7)
        rm -rf "$work/sixteen7"
        measure sixteen7 "90 s" "$guti" solve sixteen --pieces 7 --dir "$work/sixteen7" --quiet
        ;;
    sixteen8)
        rm -rf "$work/sixteen8"
        measure sixteen8 "30 min, 6 GB" "$guti" solve sixteen --pieces 8 --dir "$work/sixteen8" --quiet
        ;;
    gamesman)
        if [ -z "$gamesman" ]; then
            echo "bench-full: gamesman: no --gamesman DIR, skipped" >&2
            continue
        fi
        sh "$(dirname "$0")/bench-gamesman.sh" "$gamesman" "$guti" >"$work/gamesman.md"
        cat "$work/gamesman.md"
        ;;
    query)
        # 100,000 random positions of each phase (a fixed seed), answered from stdin:
        # warm (the files in the page cache) and, when this runs as root, cold too
        python3 "$(dirname "$0")/random-positions.py" 100000 1 placement >"$work/place.txt"
        python3 "$(dirname "$0")/random-positions.py" 100000 2 movement >"$work/move.txt"
        for phase in place move; do
            "$guti" query --dir "$game" <"$work/$phase.txt" >/dev/null 2>&1 || true # warms
            for temp in warm cold; do
                if [ $temp = cold ]; then
                    [ -w /proc/sys/vm/drop_caches ] || continue
                    sync && echo 3 >/proc/sys/vm/drop_caches
                fi
                note="tail -n 1 $work/query-$phase-$temp.log | sed 's/^guti: query: //'"
                target="measured"
                [ $phase = move ] || target="100,000 placement positions in 10 s"
                measure "query-$phase$(dtm_tag)-$temp" "$target" \
                    sh -c "'$guti' query --dir '$game' --cache-stats <'$work/$phase.txt' >/dev/null"
            done
        done
        ;;
    encodings)
        # the encoding study (scripts/tb-encodings.c): five tables of the game under other
        # block sizes and encodings, at guti's zstd level
        cc -std=c11 -O2 -I"$(dirname "$0")/../tablebase" -o "$work/tb-encodings" \
            "$(dirname "$0")/tb-encodings.c" "$(dirname "$guti")/libguti.a" -lzstd -fopenmp
        (cd "$game" && "$work/tb-encodings" 9 baghchal-5x5-standard-h0-c2.dtm \
            baghchal-5x5-standard-h0-c2.wdl baghchal-5x5-standard-h9-c1-g.wdl \
            baghchal-5x5-standard-h10-c0-t.wdl baghchal-5x5-standard-h8-c3-t.wdl) \
            >"$work/encodings.md"
        cat "$work/encodings.md"
        ;;
    report) ;;
    *) echo "bench-full: unknown row '$row'" >&2; exit 2 ;;
    esac
done

# The report: the machine, then every row measured so far.
{
    echo "# guti benchmarks (full size)"
    echo
    echo "Made by \`sh scripts/bench-full.sh$rows\` (rows run separately accumulate in"
    echo "the work directory's results.tsv; \`report\` rewrites this file from it)."
    echo
    echo "Machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores,"
    echo "$(free -g | awk '/^Mem:/ {print $2}') GB of memory, Linux $(uname -r), $(gcc --version | head -1);"
    echo "guti $("$guti" --version | awk '{print $2}') at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo "| row | target | wall s | CPU s | peak RSS MB | measured | command | note |"
    echo "| --- | --- | ---: | ---: | ---: | --- | --- | --- |"
    awk -F '\t' '{printf "| %s | %s | %s | %s | %s | %s | `%s` | %s |\n", $1, $2, $3, $4, $5, $8, $6, $7}' "$results"
    if [ -s "$work/gamesman.md" ]; then
        echo
        echo "## Against GamesmanClassic (\`sh scripts/bench-gamesman.sh DIR\`, one thread)"
        echo
        cat "$work/gamesman.md"
    fi
    if [ -s "$work/encodings.md" ]; then
        echo
        echo "## Encodings (row encodings: bits per position on disk, zstd level 9)"
        echo
        cat "$work/encodings.md"
    fi
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "bench-full: wrote $out" >&2
