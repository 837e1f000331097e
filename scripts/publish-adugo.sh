#!/bin/sh
# Regenerates data/adugo-*: solves Adugo (WDL and DTM: its layers are all cyclic) under
# each rule set given (default "optional forced", the whole game; "optional-d8 forced-d8"
# the 8-dog variant; make adugo-stats DOGS=8), verifies every position of its tables
# again (--full), finds the reachable positions (guti reach), and writes per rule
# set R, into $GUTI_DATA (default data):
#   adugo-R.{md,csv,json}         guti stats: per layer (dogs on the board) and side to
#                                 move, wins, draws, losses, the longest win and loss;
#                                 the first rule set's also compares it with the others
#                                 when their tables are in the folder (optional against
#                                 forced: adugo's compare_rules);
#   adugo-R-reachable.{md,csv,json}  the same over reachable positions (when there);
#   adugo-R-start.txt             the start's value, its moves, a principal variation;
#   adugo-solve-R.txt             the solve's, verify's and reach's output, each with its
#                                 wall time and peak memory (/usr/bin/time -v).
# Each file's first line (the CSV and JSON aside, for their readers: the Markdown says it
# for them) says the command that remade it. The tables of rule set R go to
# $GUTI_TABLES/adugo/R (default ./tables/adugo/R), each verified alone, so that each
# verify is timed for its own; $GUTI_TABLES/adugo/all links them all, for guti stats to
# compare. Finished layers are reused, so that a stopped run resumes.
# $GUTI_MEMORY=GB solves under guti solve's memory bound (--memory GB).
#
# usage: sh scripts/publish-adugo.sh GUTI [RULES...]
set -e
guti=${1:-./build/guti}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- optional forced
base=${GUTI_TABLES:-tables}/adugo
out=${GUTI_DATA:-data}
if [ ! -x /usr/bin/time ]; then
    echo "publish-adugo: /usr/bin/time is missing; run: sh scripts/deps.sh time" >&2
    exit 1
fi
mkdir -p "$base/all" "$out"
made="sh scripts/publish-adugo.sh GUTI $*"

# timed_step LOG WHAT COMMAND...: runs COMMAND, its output and the summary of
# /usr/bin/time -v (wall time, CPU, peak memory) appended to LOG under a header naming it.
timed_step() {
    log=$1
    what=$2
    shift 2
    echo "## $what: $*" | sed "s|$guti|guti|; s|$dir|D|" >>"$log"
    /usr/bin/time -v -o "$log.time" "$@" >>"$log" 2>&1 || {
        status=$?
        rm -f "$log.time"
        printf 'exit status %s\n\n' "$status" >>"$log"
        echo "publish-adugo: '$*' failed (status $status); see $log" >&2
        return $status
    }
    grep -E 'Elapsed \(wall|User time|System time|Maximum resident' "$log.time" |
        sed 's/^[[:space:]]*/time: /' >>"$log"
    rm -f "$log.time"
    echo >>"$log"
}

for rules in "$@"; do
    dir=$base/$rules
    mkdir -p "$dir"
    log=$out/adugo-solve-$rules.txt
    echo "# made by: $made (guti solve adugo --rules $rules; $(nproc) cores; $(date -u +%Y-%m-%d))" >"$log"
    timed_step "$log" solve "$guti" solve adugo --rules "$rules" --dir "$dir" ${GUTI_MEMORY:+--memory "$GUTI_MEMORY"} --quiet
    timed_step "$log" verify "$guti" verify --dir "$dir" --full --quiet
    # a rule set whose layers cannot say what is reachable (guti reach's exit status 2) is
    # logged and goes on, the statistics over reachable positions left out (no REACH
    # tables); any other failure stops the script, said
    timed_step "$log" reach "$guti" reach adugo --rules "$rules" --dir "$dir" --quiet || [ $? -eq 2 ]
    for table in "$dir"/*; do
        ln -sf "../$rules/${table##*/}" "$base/all/${table##*/}"
    done
done

# The statistics once every rule set is solved, so that the first compares with the others.
dir=$base/all
for rules in "$@"; do
    "$guti" stats --dir "$dir" --rules "$rules" --quiet --out "$out/adugo-$rules"
    # shellcheck disable=SC2016 # the backquotes are Markdown's
    printf '\nMade by `%s` (scripts/publish-adugo.sh; `guti stats --dir D --rules %s --out data/adugo-%s`).\n' \
        "$made" "$rules" "$rules" >>"$out/adugo-$rules.md"
    # over the positions reached, where this rule set's reach ran
    if ls "$base/$rules"/*.reach >/dev/null 2>&1 && ! "$guti" stats --dir "$dir" --rules "$rules" --reachable --quiet \
        --out "$out/adugo-$rules-reachable" 2>>"$out/adugo-solve-$rules.txt"; then
        echo "publish-adugo: no statistics over reachable positions (see $out/adugo-solve-$rules.txt)" >&2
    fi
    # Adugo has no counting rule (docs/rules.md): query gives the values without one.
    start=$(sed -n 's/^start \(.*\): .* to move$/\1/p' "$out/adugo-solve-$rules.txt")
    {
        echo "# made by: $made (guti query --dir D --rules $rules --pv '$start')"
        "$guti" query --dir "$dir" --rules "$rules" --pv "$start"
    } >"$out/adugo-$rules-start.txt"
done
# What changes between the rule sets: each optional-X given with its forced-X, layer by layer
# and side to move, the classes won, drawn and lost under each and the net change (guti
# stats' comparison of position by position is for the games with a placement phase).
for rules in "$@"; do
    case $rules in optional*) ;; *) continue ;; esac
    v=${rules#optional}
    case " $* " in *" forced$v "*) ;; *) continue ;; esac
    awk -F, -v v="$v" -v made="$made" '
        # columns by the header'"'"'s names: guti stats writes a "side" column first when a
        # game'"'"'s rows have both sides to move (older files: none, the jaguar to move is 1
        # piece against the dogs, the first of the two rows with 1 dog)
        FNR == 1 { r++; delete col; for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["pieces_to_move"] == "all" { next }
        { m = $col["pieces_to_move"]; o = $col["pieces_other"]
          jag = ("side" in col) ? $col["side"] == "jaguar" : (m == 1 && !((r, o, "j") in seen))
          dogs = jag ? o : m; side = jag ? "j" : "d"
          seen[r, dogs, side] = 1
          if (r == 1) order[++n] = dogs SUBSEP side
          c[dogs, side] = $col["classes"]; w[r, dogs, side] = $col["win"]
          d[r, dogs, side] = $col["draw"]; l[r, dogs, side] = $col["loss"] }
        function row(name, k, cl, w1, d1, l1, w2, d2, l2) {
            printf "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %+.0f | %+.0f | %+.0f |\n",
                name, cl, w1, d1, l1, w2, d2, l2, w2 - w1, d2 - d1, l2 - l1
        }
        END {
            printf "# Adugo, optional%s against forced%s: values for the side to move, layer by layer\n\n", v, v
            print "Classes won, drawn and lost by the side to move under each rule set, and the net change"
            print "from optional to forced (forced less optional). A net change of 0 may still hide"
            print "positions whose values trade places.\n"
            print "| dogs | to move | classes | win (optional) | draw (optional) | loss (optional) | win (forced) | draw (forced) | loss (forced) | win change | draw change | loss change |"
            print "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
            for (i = 1; i <= n; i++) {
                split(order[i], k, SUBSEP)
                row(k[1] " | " (k[2] == "j" ? "jaguar" : "dogs"), 0, c[k[1], k[2]], w[1, k[1], k[2]], d[1, k[1], k[2]], l[1, k[1], k[2]],
                    w[2, k[1], k[2]], d[2, k[1], k[2]], l[2, k[1], k[2]])
                tc += c[k[1], k[2]]
                for (r = 1; r <= 2; r++) { tw[r] += w[r, k[1], k[2]]; td[r] += d[r, k[1], k[2]]; tl[r] += l[r, k[1], k[2]] }
            }
            row("**all** | ", 0, tc, tw[1], td[1], tl[1], tw[2], td[2], tl[2])
            printf "\nMade by `%s` (scripts/publish-adugo.sh, from data/adugo-optional%s.csv and data/adugo-forced%s.csv).\n", made, v, v
        }' "$out/adugo-optional$v.csv" "$out/adugo-forced$v.csv" >"$out/adugo-optional-vs-forced$v.md"
done
echo "wrote $out/adugo-{$(echo "$@" | tr ' ' ,)}{,-start}.* and $out/adugo-solve-*.txt"
