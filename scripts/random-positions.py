#!/usr/bin/env python3
"""Random Bagh-Chal positions, one FEN per line, for benchmarking guti query.

usage: random-positions.py COUNT SEED placement|movement [5x5|4x4]

placement: goats in hand (1 to all but one); movement: none. Up to one capture short of
the tigers' win, either side to move, the pieces on random points: every such position
is in the tables, which hold every class, reachable or not. The same arguments give the
same positions.
"""
import random
import sys

# side, goats, captures that win: as solver/game/game.c's boards
BOARDS = {"5x5": (5, 20, 5), "4x4": (4, 12, 3)}


def fen(cells, size, side, inhand):
    rows = []
    for r in range(size):
        row, empty = "", 0
        for c in cells[size * r:size * r + size]:
            if c == ".":
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += c
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " %s %d" % (side, inhand)


def main():
    args = sys.argv[1:]
    if len(args) not in (3, 4) or args[2] not in ("placement", "movement") or (
            len(args) == 4 and args[3] not in BOARDS):
        sys.exit("usage: random-positions.py COUNT SEED placement|movement [5x5|4x4]")
    count, seed, phase = int(args[0]), int(args[1]), args[2]
    size, ngoats, wins = BOARDS[args[3] if len(args) == 4 else "5x5"]
    rng = random.Random(seed)
    for _ in range(count):
        inhand = rng.randint(1, ngoats - 1) if phase == "placement" else 0
        captured = rng.randint(0, min(wins - 1, ngoats - inhand))
        goats = ngoats - inhand - captured
        cells = ["."] * (size * size)
        points = rng.sample(range(size * size), 4 + goats)
        for p in points[:4]:
            cells[p] = "T"
        for p in points[4:]:
            cells[p] = "G"
        print(fen(cells, size, rng.choice("gt"), inhand))


main()
