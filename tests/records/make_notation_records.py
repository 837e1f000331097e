#!/usr/bin/env python3
"""Regenerates the records in other notations in tests/records (docs/notation.md, "Other
notations").

usage: python3 tests/records/make_notation_records.py [GUTI]   (default ./build/guti)

bc_notation.txt is a game played here by make_records.py's independent rules engine (its
legal moves checked against `guti show` at every ply, the tigers capturing when they can,
the goats mostly safe), seeded so that it goes past the placement phase; it is written as
a bare list of moves and made a record by `guti convert`. Then that game and
bc_goats_win.txt are converted into the baghchal package's PGN (.pgn) and OBX's lines
(.obx), and every file is replayed with `guti game`, which must give the same result.
tests/cli.d/notation.sh checks that guti converts them to the same bytes again.
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_records as mr  # noqa: E402  (after the path is set)

GUTI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "build", "guti")
mr.GUTI = GUTI


def guti(*args, stdin=None):
    p = subprocess.run([GUTI] + list(args), input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("guti %s: %s" % (" ".join(args), p.stderr.strip()))
    return p.stdout


def result(path, notation=None):
    args = ["game", path, "--json"] + (["--notation", notation] if notation else [])
    j = json.loads(guti(*args))
    if j["error"]:
        raise SystemExit("%s: %s" % (path, j["error"]))
    return j["result"], j["reason"], j["played"]


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def main():
    for seed in range(100):
        moves, hist, res = mr.play_bc(mr.BC_START, mr.tigers_capture_first(random.Random(seed)))
        if len(moves) > 60 and res[0] == "tigers":
            break
    record = guti("convert", "--game", "baghchal", "-", stdin=" ".join(moves) + "\n")
    write("bc_notation.txt", record)
    for base in ("bc_notation", "bc_goats_win"):
        src = os.path.join(HERE, base + ".txt")
        want = result(src)
        for ext, notation in (("pgn", "baghchal"), ("obx", "obx")):
            write(base + "." + ext, guti("convert", "--to", notation, src))
            got = result(os.path.join(HERE, base + "." + ext), notation)
            print("%-18s %s" % (base + "." + ext, got))
            if got != want:
                raise SystemExit("%s.%s replays to %s, not %s" % (base, ext, got, want))


if __name__ == "__main__":
    main()
