"""guti serve's /api/position under rules no-repeat (issue 41), checked against the command
line: every move's value under the rule against guti query --rules R --history FILE of the
record that plays it, its standard value beside against the standard tables' answer, a
move that recreates a board of the window refused with the reason, the history's moves
replayed (a refused, illegal or late move a 400 naming its number), unknown values where
the budget runs out, and the other rules' answers untouched by the new arguments.
Standard library only.

usage: python3 tests/serve_norepeat.py GUTI TABLES URL WORKDIR
Prints one line per failed check ("FAIL: ...") and at the end "checks N failed M".
"""
import json
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

GUTI, TABLES, URL, WORK = sys.argv[1:5]
checks = failures = 0
FLIP = {"win": "loss", "loss": "win", "draw": "draw", "unknown": "unknown"}


def check(ok, what):
    global checks, failures
    checks += 1
    if not ok:
        failures += 1
        print("FAIL:", what)
    return ok


def position(fen, rules=None, moves=None, budget=None, raw=False):
    """(status, answer) of /api/position; the answer's bytes when raw."""
    args = {"fen": fen}
    if rules is not None:
        args["rules"] = rules
    if moves is not None:
        args["moves"] = "+".join(moves)
    if budget is not None:
        args["budget"] = str(budget)
    url = URL.rstrip("/") + "/api/position?" + urllib.parse.urlencode(args, safe="+")
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            status, body = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, body = e.code, e.read()
    return status, body if raw else json.loads(body)


def history_value(board, rules, fen, moves, budget):
    """guti query --rules RULES --history of a record playing moves from fen: the value of
    the position after them for its side to move."""
    path = WORK + "/nr-history.txt"
    with open(path, "w") as f:
        f.write(f'[Game "baghchal"]\n[Board "{board}"]\n[Rules "{rules}"]\n[FEN "{fen}"]\n\n'
                + " ".join(moves) + "\n")
    out = subprocess.run([GUTI, "query", "--dir", TABLES, "--history", path, "--budget",
                          str(budget), "--json"], capture_output=True, text=True)
    if out.returncode:
        return "error: " + out.stderr.strip()
    return json.loads(out.stdout)["value"]


def check_moves(board, rules, fen, moves, budget):
    """Every move of the answer for fen + moves under rules: not refused, its value is that
    of the record playing it, seen from its maker (where both decide); refused, it recreates
    a board and the record playing it is refused; its standard value is the standard
    tables'. Returns the answer and how many values were compared."""
    status, got = position(fen, rules, moves, budget)
    if not check(status == 200, f"{board} {rules} {fen} {moves}: status {status} {got}"):
        return None, 0
    check(got["moves_played"] == len(moves) and [p["move"] for p in got["played"]] == moves,
          f"{fen} {moves}: the history played back {got['played']}")
    status, std = position(got["fen"])
    standard = {m["move"]: m for m in std.get("moves", [])} if status == 200 else {}
    compared = 0
    for m in got["moves"]:
        s = standard.get(m["move"])
        check(s is not None and m["standard"] == {"value": s["value"], "dtm": s["dtm"]},
              f"{got['fen']} {m['move']}: standard {m['standard']}, the tables' {s}")
        line = moves + [m["move"]]
        if m["refused"]:
            later = history_value(board, rules, fen, line, budget)
            check(later.startswith("error: ") and "recreates a board" in later and
                  m["value"] == "unknown", f"{line}: refused here, by query: {later}")
            continue
        v = history_value(board, rules, fen, line, budget * 10)
        if m["value"] != "unknown" and v != "unknown":
            compared += 1
            check(m["value"] == FLIP.get(v), f"{rules} {fen} {line}: {m['value']}, query {v}")
    return got, compared


def main():
    # a cycle on 4x4: the tigers' c4-b4 would bring back the first board (tests/cli.d/
    # analyze.sh's record); under a window of 2 it is forgotten already
    fen = "TT1G/GTGG/GG1G/GGGT g 0"
    cycle = ["c1-c2", "b4-c4", "c2-c1"]
    reasons = {"no-repeat": "recreates a board seen since the last placement or capture",
               "no-repeat:12": "recreates a board among the last 12 boards",
               "no-repeat:4": "recreates a board among the last 4 boards"}
    compared = 0
    for rules in ("no-repeat", "no-repeat:12", "no-repeat:4", "no-repeat:2"):
        got, n = check_moves("4x4", rules, fen, cycle, 100000)
        compared += n
        if not got:
            continue
        by = {m["move"]: m for m in got["moves"]}
        back = by.get("c4-b4", {})
        if rules in reasons:
            check(back.get("refused") is True and back.get("reason") == reasons[rules] and
                  got["moves"][-1]["move"] == "c4-b4",
                  f"{rules}: c4-b4 not refused last: {back}, {[m['move'] for m in got['moves']]}")
        else:
            check(back.get("refused") is False and back.get("value") == "win",
                  f"{rules}: c4-b4 refused, or not a win: {back}")
        # the position: the tigers capture at once (standard win in 1), whatever the rule
        check(got["value"] == "win" and got["best"] == "c4xc2" and got["moves"][0]["move"] == "c4xc2"
              and got["side"] == "tigers" and got["rules"] == rules and got["clock"] == 3,
              f"{rules}: the position after the cycle: {str(got)[:300]}")
        # under the unlimited window a4-b4 loses for the tigers: the goats then hold by the rule
        if rules == "no-repeat":
            check(by["a4-b4"]["value"] == "loss" and by["a4-b4"]["standard"] == {"value": "win", "dtm": 5},
                  f"no-repeat: a4-b4 {by['a4-b4']}")
    # the moves of a 4x4 game from the start and of the 3x3 movement phase, each valued
    start4 = "T2T/4/4/T2T g 12"
    for rules in ("no-repeat:12", "no-repeat"):
        compared += check_moves("4x4", rules, start4, ["b1", "a1-a2", "c1"], 100000)[1]
        compared += check_moves("4x4", rules, "TG1T/GGGG/GGGG/TGGT g 0", ["b4-c4", "a4-b4"], 100000)[1]
        compared += check_moves("3x3", rules, "TGT/G1G/TGT t 0", [], 100000)[1]
        compared += check_moves("3x3", rules, "TGT/G1G/TGT t 0", ["a1-b2", "a2-a1"], 100000)[1]
    check(compared >= 20, f"only {compared} values compared with guti query --history")

    # the budget: 1 node a move decides little; what it cannot decide is unknown, with the
    # standard value beside; the same history with the default budget decides
    status, low = position(fen, "no-repeat:12", cycle, budget=1)
    unknown = [m for m in low.get("moves", []) if m["value"] == "unknown" and not m["refused"]]
    check(status == 200 and low["budget"] == 1 and unknown and
          all(m["standard"]["value"] in ("win", "loss", "draw") for m in unknown),
          f"budget 1: no unknown move with its standard value: {str(low)[:400]}")
    status, dflt = position(fen, "no-repeat:12", cycle[:2])
    check(status == 200 and dflt["budget"] == 10000, f"the default budget: {str(dflt)[:200]}")

    # the end of the game: c3-c4 leaves the tigers no move
    status, over = position("TG1T/GGGG/GGGG/TGGT g 0", "no-repeat:12", ["c3-c4"])
    check(status == 200 and over["over"] is True and over["result"] == "goats" and
          over["value"] == "loss" and over["moves"] == [] and "no legal move" in over["reason"],
          f"a game over: {str(over)[:300]}")

    # every move refused: the goats, to move after a 3x3 cycle, have lost; one half-move
    # earlier the tigers' listed first move is not refused
    walk = ["c3-b2", "c2-c3", "b2-c2", "c3-b2", "c2-c3"]
    status, stuck = position("TGT/G1G/TGT t 0", "no-repeat", walk)
    check(status == 200 and stuck["over"] is True and stuck["result"] == "tigers" and
          stuck["value"] == "loss" and stuck["moves"] == [] and stuck["side"] == "goats" and
          "recreates an earlier board" in stuck["reason"], f"every move refused: {str(stuck)[:300]}")
    status, before = position("TGT/G1G/TGT t 0", "no-repeat", walk[:4])
    check(status == 200 and before["moves"] and not before["moves"][0]["refused"] and
          any(m["move"] == "c2-c3" for m in before["moves"]), f"before the end: {str(before)[:300]}")

    # bad histories and arguments: a 400 naming the move's number
    bad = [(fen, "no-repeat:12", cycle + ["c4-b4"], None, "move 4 'c4-b4': recreates a board"),
           (fen, "no-repeat", ["c1-c2", "zz"], None, "move 2 'zz'"),
           (fen, "no-repeat", ["c1-c2", "c1-c2"], None, "move 2 'c1-c2'"),
           ("TG1T/GGGG/GGGG/TGGT g 0", "no-repeat", ["c3-c4", "a1-b1"], None, "move 2: the game is over"),
           (fen, "no-repeat", [], 0, "budget: not a number of search nodes from 1 to 100000000"),
           (fen, "no-repeat", [], "x", "budget: not a number"),
           (fen, "no-repeat:0", [], None, "window"),
           ("T2T/4/4/T2X g 12", "no-repeat", [], None, "")]
    for f, rules, moves, budget, want in bad:
        status, got = position(f, rules, moves, budget)
        check(status == 400 and want in got.get("error", "") and "\n" not in got["error"],
              f"{f} {rules} {moves} budget {budget}: {status} {got}")

    # the other rules: moves and budget change nothing, byte for byte
    for rules in (None, "standard"):
        _, plain = position(start4, rules, raw=True)
        _, more = position(start4, rules, ["b1"], 5, raw=True)
        check(plain == more and plain.startswith(b'{"fen": "T2T/4/4/T2T g 12", "value": "loss", "dtm": '),
              f"rules {rules}: moves= and budget= changed the answer: {more[:200]}")
    print(f"checks {checks} failed {failures} ({compared} values compared with guti query --history)")
    sys.exit(1 if failures else 0)


main()
