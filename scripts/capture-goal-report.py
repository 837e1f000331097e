"""Writes data/baghchal-capture-goal.md (on stdout) from what
scripts/publish-capture-goal.sh leaves in DATA/capture-goal/: for each rules and capture
goal K, the statistics over all and over reachable positions (guti stats --json) and the
start's answer with its line of play (guti query --pv --json). Goal 5, the board's own,
comes from DATA/baghchal-RULES{,-reachable}.json, and its start from its own query when
the script could ask one, else from DATA/baghchal-RULES-start.txt (no line then).

usage: python3 scripts/capture-goal-report.py DATA
"""
import json
import os
import sys

RULES = ["standard", "goat-pass"]
GOALS = [1, 2, 3, 4, 5]
START = "T3T/5/5/5/T3T g 20"


def load(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def stats(data, rules, k, reachable):
    suffix = "-reachable" if reachable else ""
    if k == 5:
        return load(f"{data}/baghchal-{rules}{suffix}.json")
    return load(f"{data}/capture-goal/baghchal-{rules}-k{k}{suffix}.json")


def start(data, rules, k):
    """(value for the goats to move, DTM or None, line or None, why the line is short)"""
    q = load(f"{data}/capture-goal/baghchal-{rules}-k{k}-start.json")
    if q:
        return q["value"], q.get("dtm"), q.get("pv"), q.get("pv_error")
    if k == 5 and os.path.exists(f"{data}/baghchal-{rules}-start.txt"):
        with open(f"{data}/baghchal-{rules}-start.txt") as f:
            lines = f.read().splitlines()
        # "goats to move: draw"
        return lines[1].split(": ", 1)[1].split(" ")[0], None, None, None
    return None


def pct(part, whole):
    return f"{100.0 * part / whole:.2f}%" if whole else "-"


def tigers_force(data, rules):
    """The largest goal the tigers win from the start, when every goal up to it was solved."""
    best = 0
    for k in GOALS:
        s = start(data, rules, k)
        if s is None:
            return None
        if s[0] != "loss":
            break
        best = k
    return best


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python3 scripts/capture-goal-report.py DATA")
    data = sys.argv[1]
    out = []
    w = out.append
    w("# Bagh-Chal: how many goats can the tigers force?")
    w("")
    w("The tigers win by capturing five goats, and the start is a draw. Here the whole game is")
    w("solved again for each capture goal K = 1 to 4, the tigers winning as soon as K goats are")
    w("captured, under the standard rules and under goat-pass: the start's value for goal K says")
    w("whether the tigers can force K captures against any defence. Remade by")
    w("`sh scripts/publish-capture-goal.sh` (`make capture-goal`); each goal's tables are")
    w("`guti solve baghchal --captures K --dtm`, named `standard-kK`. Values are for the side")
    w("to move; at the start the goats are to move, so a loss there is a win for the tigers.")
    w("")
    w("## The start, for each goal")
    w("")
    w("| goal K | " + " | ".join(RULES) + " |")
    w("|---:|" + "---|" * len(RULES))
    for k in GOALS:
        cells = []
        for rules in RULES:
            s = start(data, rules, k)
            if s is None:
                cells.append("not solved yet")
                continue
            value, dtm, _, _ = s
            if value == "loss":
                cells.append(f"tigers win (goats lose in {dtm} plies)" if dtm else "tigers win")
            elif value == "win":
                cells.append(f"goats win in {dtm}" if dtm else "goats win")
            else:
                cells.append(value)
        w(f"| {k}{' (the game)' if k == 5 else ''} | " + " | ".join(cells) + " |")
    w("")
    for rules in RULES:
        n = tigers_force(data, rules)
        if n is None:
            w(f"- **{rules}**: not every goal is solved yet.")
        elif n == 0:
            w(f"- **{rules}**: the tigers cannot force even one capture.")
        else:
            nxt = (f", and not {n + 1}" if n < 5 else "")
            w(f"- **{rules}**: the tigers can force **{n} capture{'s' if n > 1 else ''}**{nxt}.")
    w("")
    w("## Lines of play")
    w("")
    w("The principal variation from the start (`guti query --pv`): for a win, the winner's")
    w("quickest moves and the loser's slowest (DTM), so the goats delay the K-th capture as")
    w("long as they can; for a draw, 40 plies of drawing moves (where guti query cuts a")
    w("drawn line).")
    w("Moves are in guti's notation, goats' placements first.")
    w("")
    for rules in RULES:
        for k in GOALS:
            s = start(data, rules, k)
            if s is None or s[2] is None:
                continue
            value, dtm, pv, why = s
            w(f"- {rules}, K = {k} ({value} for the goats, {len(pv)} plies): "
              + " ".join(pv) + (f" (cut short: {why})" if why else ""))
    w("")
    w("## Wins, draws and losses, by goal")
    w("")
    w("Over all legal positions (symmetry classes, both sides to move, every layer short of K")
    w("captures) and over those some game from the start reaches (`guti reach`, draw rules")
    w("aside); shares for the side to move.")
    w("")
    w("| rules | K | classes | win | draw | loss | reachable classes | win | draw | loss |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rules in RULES:
        for k in GOALS:
            a, r = stats(data, rules, k, False), stats(data, rules, k, True)
            if not a:
                continue
            t = a["total"]
            row = [rules, str(k), f"{t['classes']:,}", pct(t["win"], t["classes"]),
                   pct(t["draw"], t["classes"]), pct(t["loss"], t["classes"])]
            if r:
                u = r["total"]
                row += [f"{u['classes']:,}", pct(u["win"], u["classes"]),
                        pct(u["draw"], u["classes"]), pct(u["loss"], u["classes"])]
            else:
                row += ["-"] * 4
            w("| " + " | ".join(row) + " |")
    times = f"{data}/capture-goal/times.tsv"
    if os.path.exists(times):
        w("")
        w("## What it took")
        w("")
        w("Each step on this 2-core machine (`/usr/bin/time`): wall and CPU seconds, peak memory;")
        w("one run each, which may have shared the cores with other work.")
        w("")
        w("| rules | K | step | wall s | CPU s | peak MB |")
        w("|---|---:|---|---:|---:|---:|")
        with open(times) as f:
            for line in f:
                w("| " + " | ".join(line.rstrip("\n").split("\t")) + " |")
    print("\n".join(out))


if __name__ == "__main__":
    main()
