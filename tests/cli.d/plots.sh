# The plots of data/plots/ (make plots, scripts/plots.sh): drawn into a temporary
# directory from the published CSVs, every one is there, is well-formed SVG, and is byte
# for byte the committed one, so that a CSV changed without its plots being redrawn, or a
# plot script changed without its output being committed, fails here; the fix is
# `make plots` and committing data/plots/. The whole game's counting-rule plot is drawn
# when its CSVs are there and only then. The images of the README and docs/ are plots that exist.
# guti is not run.
PL_ROOT=$(cd "$(dirname "$0")/.." && pwd)
PL_OUT=$T/plots

# pl_nope WHAT WHY: a failed check, with what make printed.
pl_nope() {
    # shellcheck disable=SC2034 # fail (tests/cli.sh) reads CMD
    CMD="(plots) $1"
    fail "$2"
}

# pl_wellformed FILE: xmllint parses it (deps.sh installs libxml2-utils), else it at
# least ends its root element.
pl_wellformed() {
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$1" 2>"$T/err"
    else
        grep -q '</svg>' "$1"
    fi
}

if ! command -v gnuplot >/dev/null 2>&1; then
    : >"$T/out"
    : >"$T/err"
    pl_nope "gnuplot" "gnuplot is missing: make test-deps installs it (gnuplot-nox)"
elif ! make --no-print-directory -s -C "$PL_ROOT" plots PLOTS_DIR="$PL_OUT" >"$T/out" 2>"$T/err"; then
    pl_nope "make plots PLOTS_DIR=$PL_OUT" "failed"
else
    passed=$((passed + 1))
    # every plot drawn is committed, well-formed and up to date
    n=0
    for f in "$PL_OUT"/*.svg; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        b=$(basename "$f")
        if ! pl_wellformed "$f"; then
            pl_nope "$b" "not well-formed SVG"
        elif [ ! -f "$PL_ROOT/data/plots/$b" ]; then
            pl_nope "$b" "drawn but not in data/plots/: run make plots and commit it"
        elif ! cmp -s "$f" "$PL_ROOT/data/plots/$b"; then
            pl_nope "$b" "data/plots/$b is not what the CSVs and scripts/plots/ draw now: run make plots and commit it"
        else
            passed=$((passed + 1))
        fi
    done
    # and every committed plot is drawn
    for f in "$PL_ROOT"/data/plots/*.svg; do
        [ -f "$f" ] || continue
        b=$(basename "$f")
        if [ -f "$PL_OUT/$b" ]; then
            passed=$((passed + 1))
        else
            pl_nope "$b" "in data/plots/ but make plots no longer draws it"
        fi
    done
    if [ "$n" -ge 6 ]; then passed=$((passed + 1)); else pl_nope "count" "only $n plots drawn, expected 6 or more"; fi
fi

# The whole game's counting-rule plot follows its CSVs: none without them, drawn from
# whichever are there (here one, made of the movement phase's rows, which have the same
# columns), ignoring the missing ones.
PL_DATA=$T/plot-data
rm -rf "$PL_DATA" && mkdir "$PL_DATA" && cp "$PL_ROOT"/data/*.csv "$PL_DATA"/
rm -f "$PL_DATA"/baghchal-standard-dtc*.csv "$PL_DATA"/baghchal-goat-pass-dtc*.csv
if GUTI_PLOT_DATA=$PL_DATA sh "$PL_ROOT/scripts/plots.sh" "$T/plots-none" >"$T/out" 2>"$T/err" &&
    [ ! -f "$T/plots-none/counting-baghchal.svg" ] && [ -f "$T/plots-none/counting-sixteen.svg" ]; then
    passed=$((passed + 1))
else
    pl_nope "no whole-game counting CSVs" "failed, or drew counting-baghchal.svg"
fi
cp "$PL_DATA/baghchal-movement-standard-dtc20.csv" "$PL_DATA/baghchal-standard-dtc20.csv"
if GUTI_PLOT_DATA=$PL_DATA sh "$PL_ROOT/scripts/plots.sh" "$T/plots-one" >"$T/out" 2>"$T/err" &&
    [ -f "$T/plots-one/counting-baghchal.svg" ] && pl_wellformed "$T/plots-one/counting-baghchal.svg" &&
    grep -q 'standard, limit 20: ' "$T/plots-one/counting-baghchal.svg" &&
    ! grep -q 'goat-pass, limit' "$T/plots-one/counting-baghchal.svg"; then
    passed=$((passed + 1))
else
    pl_nope "one whole-game counting CSV" "failed, or did not draw counting-baghchal.svg from it alone"
fi
# a missing input is named
rm "$PL_DATA/sixteen-forced.csv"
if GUTI_PLOT_DATA=$PL_DATA sh "$PL_ROOT/scripts/plots.sh" "$T/plots-bad" >"$T/out" 2>"$T/err"; then
    pl_nope "a missing CSV" "exit status 0"
elif ! grep -q -F "guti: plots: $PL_DATA/sixteen-forced.csv is missing" "$T/err"; then
    pl_nope "a missing CSV" "the error does not name it"
else
    passed=$((passed + 1))
fi

# The README and docs/ show plots that exist.
cat "$PL_ROOT/README.md" "$PL_ROOT"/docs/*.md | grep -o 'data/plots/[A-Za-z0-9_.-]*\.svg' | sort -u >"$T/readme-plots"
if [ ! -s "$T/readme-plots" ]; then
    : >"$T/out"
    : >"$T/err"
    pl_nope "README" "shows no plot"
fi
while IFS= read -r p; do
    if [ -f "$PL_ROOT/$p" ]; then
        passed=$((passed + 1))
    else
        : >"$T/out"
        : >"$T/err"
        pl_nope "README" "shows $p, which is not there"
    fi
done <"$T/readme-plots"
