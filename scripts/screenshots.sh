#!/bin/sh
# Remakes the explorer's screenshots in data/screenshots/ (the README and docs/explorer.md show
# them):
# explorer-baghchal.png, a 5x5 movement-phase position with a tiger lifted,
# explorer-sixteen.png, a Sixteen Soldiers endgame in the middle of a capture chain, and
# explorer-adugo.png, the jaguar in the middle of a chain against 4 dogs. Each is
# the page as headless Chromium draws it at 1280x860, taken by tests/web/explorer.py's
# screenshot mode from a guti serve started here on a free loopback port.
#
# The tables: Bagh-Chal's movement phase with the counting rule's (about a minute on 2
# cores, 0.8 GB of memory, the first time), Sixteen Soldiers up to 5 pieces (a second) and
# Adugo's small variant optional-d4-k2 (a second), made in DIR unless there already.
#
# usage: sh scripts/screenshots.sh [DIR]   (default $GUTI_TABLES, else ./tables)
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-${GUTI_TABLES:-tables}}
OUT=data/screenshots
G=build/guti

make -s build/guti
[ -x /usr/bin/chromium ] || {
    echo "screenshots.sh: /usr/bin/chromium is missing (sh scripts/deps.sh installs it)" >&2
    exit 1
}
echo "tables in $DIR: Bagh-Chal's movement phase (with --dtc), Sixteen Soldiers up to 5 pieces, Adugo optional-d4-k2" >&2
$G solve baghchal --phase movement --dtc --dir "$DIR" --quiet >/dev/null
$G solve sixteen --pieces 5 --dtc --dir "$DIR" --quiet >/dev/null
$G solve adugo --rules optional-d4-k2 --dir "$DIR" --quiet >/dev/null

tmp=$(mktemp -d)
$G serve --dir "$DIR" --port 0 --quiet >"$tmp/serve.out" &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM
url=
for _ in $(seq 100); do
    url=$(sed -n 's/^guti serve: \(http:.*\)$/\1/p' "$tmp/serve.out")
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$url" ] || {
    echo "screenshots.sh: guti serve did not start" >&2
    exit 1
}
mkdir -p "$OUT"

# A goat has just stepped e4-d4 (ringed); the tiger on e3 is lifted: its two captures
# and its step are marked with their values, the move list dims the other tigers' moves.
python3 tests/web/explorer.py --url "$url" --shot "$OUT/explorer-baghchal.png" \
    --fen 'GGGGG/T1G1G/GG1GT/GGTGG/TG1GG g 0' --rules standard --moves e4-d4 --lift e3
# Red has jumped b4xd6 (the blue piece on c5 is marked captured) and may go on to b8 or
# stop there.
python3 tests/web/explorer.py --url "$url" --shot "$OUT/explorer-sixteen.png" \
    --fen '3/3/2BBR/5/2B2/1R3/5/3/3 r' --rules optional --chain b4xd6
python3 tests/web/explorer.py --url "$url" --shot "$OUT/explorer-adugo.png" \
    --fen '3/3/5/3D1/5/2D2/D1J1D j' --rules optional-d4-k2 --chain c1xc3
echo "wrote $OUT/explorer-baghchal.png, $OUT/explorer-sixteen.png and $OUT/explorer-adugo.png" >&2
