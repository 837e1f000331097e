#!/usr/bin/env python3
"""Writes data/baghchal-no-repeat.md (issue 17) from data/no-repeat/*.json, which
scripts/publish-no-repeat.sh makes. usage: no-repeat-report.py DATA_DIR >report.md"""
import glob
import json
import os
import sys

data = sys.argv[1] if len(sys.argv) > 1 else "data"
nr = os.path.join(data, "no-repeat")
WINDOWS = [("no-repeat", "unlimited"), ("no-repeat-2", "2"), ("no-repeat-4", "4"),
           ("no-repeat-12", "12")]


def load(name):
    path = os.path.join(nr, name)
    return json.load(open(path)) if os.path.exists(path) else None


def n(x):
    return f"{x:,}"


print("# Bagh-Chal under the no-repeat rule (issue 17)\n")
print("Made by `sh scripts/publish-no-repeat.sh` (the method: docs/results.md, "
      "\"The no-repeat rule\"). "
      "Under rules `no-repeat`, once every goat is placed a move may not recreate a board seen "
      "since (window unlimited) or among the last N boards (window N). Values are for the side "
      "to move, each position with only its own board behind it (as right after the last "
      "placement or a capture). A class is a position up to the board's symmetries. "
      "\"unknown\": the search ran out of its node budget for that class.\n")

print("## The start\n")
print("| board | window | start (goats to move) | nodes | standard tables as bounds |")
print("|---|---|---|---:|---|")
for board in ("3x3", "4x4"):
    for key, label in WINDOWS:
        d = load(f"{board}-{key}-start.json")
        if d:
            print(f"| {board} | {label} | {d['value']} | {n(d['nodes'])} | "
                  f"{'yes' if d['bounded'] else 'no'} |")
print()


def table(rows, title):
    print(title + "\n")
    print("| board | window | captured | classes | standard | → loss | → draw | → win | → unknown "
          "| changed | budget (nodes per class) | nodes | seconds |")
    print("|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for board, label, d in rows:
        for std in ("loss", "draw", "win"):
            c = d["counts"][std]
            total = sum(c.values())
            if not total:
                continue
            changed = sum(v for k, v in c.items() if k not in (std, "unknown"))
            print(f"| {board} | {label} | {d['captured']} | {n(total)} | {std} | {n(c['loss'])} | "
                  f"{n(c['draw'])} | {n(c['win'])} | {n(c['unknown'])} | {n(changed)} | "
                  f"{n(d['budget'])} | {n(d['nodes'])} | {d['seconds']:.1f} |")
    print()


def load_layer(board, key, c):
    """A layer's survey: one file, or the two shards' merged (counts and nodes summed;
    seconds the slower shard's, the two having run side by side)."""
    return load_base(f"{board}-{key}-c{c}")


def load_base(base):
    """The survey of base.json, or of its two shards' files merged."""
    whole = load(f"{base}.json")
    if whole:
        return whole
    shards = [load(f"{base}-shard{k}.json") for k in (0, 1)]
    if not all(shards):
        return None
    merged = dict(shards[0])
    merged["counts"] = {s: {v: sum(x["counts"][s][v] for x in shards)
                            for v in ("loss", "draw", "win", "unknown")}
                        for s in ("loss", "draw", "win")}
    merged["nodes"] = sum(x["nodes"] for x in shards)
    merged["seconds"] = max(x["seconds"] for x in shards)
    merged["shard"] = "2 shards"
    return merged


SHARDS = ("Where a layer was shared by two processes (`--shard 0/2`, `1/2`, one per core), "
          "nodes are the two's sum and seconds the slower one's; each process has its own "
          "cache, so what a budget decides can differ a little from one process. The classes "
          "and values of those layers are listed in `data/no-repeat/*-shard*.tsv`.")

rows = []
for board, layers in (("3x3", [0]), ("4x4", [1, 2])):
    for key, label in WINDOWS:
        for c in layers:
            d = load_layer(board, key, c)
            if d:
                rows.append((board, label, d))
table(rows, "## Small boards: movement positions that change\n\n3x3: every class of its one "
      "movement layer (4 goats, 1 capture wins). 4x4: the standard draws of the layers with one "
      "and two holes (its full layer, no capture, has no move at all); its standard wins and "
      "losses stay so under every window (proven, docs/results.md), so only draws can "
      "change. " + SHARDS)

rows = []
for key, label in (("no-repeat", "unlimited"), ("no-repeat-12", "12")):
    d = load_layer("5x5", key, 0)
    if d:
        rows.append(("5x5", label, d))
table(rows, "## 5x5: the one-hole endgame\n\n20 goats placed, none captured, one empty point: "
      "each class that is a draw under the standard rules, searched under no-repeat. The standard "
      "tables give no bounds on 5x5 (its diagonal steps break the proof), so a capture, which "
      "leads to the two-hole layer, is searched there too. " + SHARDS)



def listed(base):
    """A layer's classes from its shards' lists: FEN -> value under the rule."""
    values = {}
    for path in sorted(glob.glob(os.path.join(nr, base + "-shard*.tsv"))):
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3:
                values[f[0]] = f[2]
    return values


SECOND = [("4x4", "unlimited", "4x4-no-repeat-c2", "4x4-no-repeat-c2-depth-first",
           "depth first (`--depth-first`) rather than by proof numbers"),
          ("4x4", "12", "4x4-no-repeat-12-c2", "4x4-no-repeat-12-c2-tenth",
           "the same graph search within a tenth of the budget")]
rows = [(b, w, listed(m), listed(s), how, s) for b, w, m, s, how in SECOND]
rows = [r for r in rows if r[2] and r[3]]
if rows:
    print("## Second opinions\n")
    print("Each class of 4x4's two-hole layer (its standard draws) searched again another way, "
          "and the two values compared where both are decided. The brute forces of "
          "`tests/test_norepeat.c` check the search on 3x3 and on 4x4's one-hole layer under "
          "every window.\n")
    print("| board | window | second search | classes | both decided | agree | differ "
          "| decided by the first only | by the second only | budget, nodes, seconds |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    for board, label, first, second, how, base in rows:
        both = [f for f in first if f in second and first[f] != "unknown"
                and second[f] != "unknown"]
        agree = sum(first[f] == second[f] for f in both)
        only1 = sum(first[f] != "unknown" and second.get(f, "unknown") == "unknown"
                    for f in first)
        only2 = sum(second[f] != "unknown" and first.get(f, "unknown") == "unknown"
                    for f in second)
        d = load_base(base) or {}
        cost = (f"{n(d['budget'])}, {n(d['nodes'])}, {d['seconds']:.1f}" if d else "")
        print(f"| {board} | {label} | {how} | {n(len(first))} | {n(len(both))} | {n(agree)} | "
              f"{n(len(both) - agree)} | {n(only1)} | {n(only2)} | {cost} |")
    print()

times = os.path.join(nr, "times.tsv")
if os.path.exists(times):
    print("## What it took\n")
    print("Wall and CPU seconds and peak memory of each step (`data/no-repeat/times.tsv`; "
          "2 cores, other work beside some steps: see docs/results.md).\n")
    print("| step | wall s | CPU s | peak MB |")
    print("|---|---:|---:|---:|")
    for line in open(times):
        f = line.rstrip("\n").split("\t")
        if len(f) == 4:
            print(f"| {f[0]} | {f[1]} | {f[2]} | {f[3]} |")
