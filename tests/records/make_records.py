#!/usr/bin/env python3
"""Regenerates the game records in tests/records from scripted play.

usage: python3 tests/records/make_records.py [GUTI]   (default ./build/guti)

The games are driven by a small independent rules engine written here from docs/rules.md;
at every ply its legal moves are checked against `guti show FEN --json`, and every
record written is replayed with `guti game FILE --json` to check its result. The play is
deliberately simple (greedy or seeded random), the seeds fixed, so the output is stable.
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GUTI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "build", "guti")


# ---------------------------------------------------------------------------------------
# Boards, as lists of lines (docs/rules.md)

BC_LINES = [
    "a1 b1 c1 d1 e1", "a2 b2 c2 d2 e2", "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5",
    "a1 a2 a3 a4 a5", "b1 b2 b3 b4 b5", "c1 c2 c3 c4 c5", "d1 d2 d3 d4 d5", "e1 e2 e3 e4 e5",
    "a1 b2 c3 d4 e5", "e1 d2 c3 b4 a5", "a3 b4 c5", "c5 d4 e3", "e3 d2 c1", "c1 b2 a3",
]
SS_LINES = [
    "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5", "a6 b6 c6 d6 e6", "a7 b7 c7 d7 e7",
    "a3 a4 a5 a6 a7", "b3 b4 b5 b6 b7", "d3 d4 d5 d6 d7", "e3 e4 e5 e6 e7",
    "c1 c2 c3 c4 c5 c6 c7 c8 c9",
    "a3 b4 c5 d6 e7", "e3 d4 c5 b6 a7",
    "a5 b6 c7 d8 e9", "e5 d6 c7 b8 a9", "a5 b4 c3 d2 e1", "e5 d4 c3 b2 a1",
    "b8 c8 d8", "a9 c9 e9", "b2 c2 d2", "a1 c1 e1",
]


class Board:
    def __init__(self, lines):
        self.points = sorted({p for l in lines for p in l.split()}, key=lambda p: (int(p[1:]), p[0]))
        self.adj = {p: set() for p in self.points}
        self.jumps = {p: set() for p in self.points}  # (over, to)
        for l in lines:
            ps = l.split()
            for a, b in zip(ps, ps[1:]):
                self.adj[a].add(b)
                self.adj[b].add(a)
            for a, b, c in zip(ps, ps[1:], ps[2:]):
                self.jumps[a].add((b, c))
                self.jumps[c].add((b, a))
        self.nrows = max(int(p[1:]) for p in self.points)
        self.row_points = {r: sorted(p for p in self.points if int(p[1:]) == r) for r in
                           range(1, self.nrows + 1)}

    def fen_board(self, men):
        """men: dict point -> letter."""
        rows = []
        for r in range(self.nrows, 0, -1):
            s, empty = "", 0
            for p in self.row_points[r]:
                if p in men:
                    if empty:
                        s += str(empty)
                    empty = 0
                    s += men[p]
                else:
                    empty += 1
            if empty:
                s += str(empty)
            rows.append(s)
        return "/".join(rows)


BC = Board(BC_LINES)
SS = Board(SS_LINES)
assert sum(len(a) for a in BC.adj.values()) == 2 * 56
assert sum(len(j) for j in BC.jumps.values()) == 80
assert len(SS.points) == 37 and sum(len(a) for a in SS.adj.values()) == 2 * 76
assert sum(len(j) for j in SS.jumps.values()) == 112


# ---------------------------------------------------------------------------------------
# Bagh-Chal

class BCPos:
    def __init__(self, goats, tigers, inhand, side, clock=0):
        self.goats, self.tigers = frozenset(goats), frozenset(tigers)
        self.inhand, self.side, self.clock = inhand, side, clock

    def key(self):
        return (self.goats, self.tigers, self.inhand, self.side)

    def captured(self):
        return 20 - self.inhand - len(self.goats)

    def fen(self):
        men = {p: "G" for p in self.goats}
        men.update({p: "T" for p in self.tigers})
        s = "%s %s %d" % (BC.fen_board(men), self.side, self.inhand)
        return s + (" %d" % self.clock if self.clock else "")


BC_START = BCPos([], ["a1", "e1", "a5", "e5"], 20, "g")


def bc_moves(pos, rules="standard"):
    """Move text -> successor."""
    out = {}
    if pos.captured() >= 5:
        return out
    occ = pos.goats | pos.tigers
    empty = [p for p in BC.points if p not in occ]
    if pos.side == "g" and pos.inhand:
        for p in empty:
            out[p] = BCPos(pos.goats | {p}, pos.tigers, pos.inhand - 1, "t", 0)
    elif pos.side == "g":
        for g in pos.goats:
            for q in BC.adj[g]:
                if q not in occ:
                    out[g + "-" + q] = BCPos(pos.goats - {g} | {q}, pos.tigers, 0, "t", pos.clock + 1)
        if not out and rules == "goat-pass":
            out["pass"] = BCPos(pos.goats, pos.tigers, 0, "t", pos.clock + 1)
    else:
        for t in pos.tigers:
            for q in BC.adj[t]:
                if q not in occ:
                    out[t + "-" + q] = BCPos(pos.goats, pos.tigers - {t} | {q}, pos.inhand, "g",
                                             pos.clock + 1)
            for over, to in BC.jumps[t]:
                if over in pos.goats and to not in occ:
                    out[t + "x" + to] = BCPos(pos.goats - {over}, pos.tigers - {t} | {to},
                                              pos.inhand, "g", 0)
    return out


def bc_result(history, rules="standard"):
    """None, or (result word, reason) for the last position of history."""
    pos = history[-1]
    if pos.captured() >= 5:
        return ("tigers", "5 goats captured")
    if not bc_moves(pos, rules):
        return ("goats" if pos.side == "t" else "tigers", "no legal move")
    if rules.startswith("no-repeat"):
        return None
    if sum(1 for p in history if p.key() == pos.key()) >= 3:
        return ("draw", "repetition")
    if pos.clock >= 100:
        return ("draw", "clock")
    return None


# ---------------------------------------------------------------------------------------
# Sixteen Soldiers

class SSPos:
    def __init__(self, red, blue, side, clock=0):
        self.red, self.blue, self.side, self.clock = frozenset(red), frozenset(blue), side, clock

    def key(self):
        return (self.red, self.blue, self.side)

    def own(self):
        return self.red if self.side == "r" else self.blue

    def enemy(self):
        return self.blue if self.side == "r" else self.red

    def fen(self):
        men = {p: "R" for p in self.red}
        men.update({p: "B" for p in self.blue})
        s = "%s %s" % (SS.fen_board(men), self.side)
        return s + (" %d" % self.clock if self.clock else "")


SS_START = SSPos([p for p in SS.points if int(p[1:]) <= 4],
                 [p for p in SS.points if int(p[1:]) >= 6], "r")


def ss_make(pos, own, enemy, clock):
    side = "b" if pos.side == "r" else "r"
    if pos.side == "r":
        return SSPos(own, enemy, side, clock)
    return SSPos(enemy, own, side, clock)


def ss_moves(pos, rules="optional"):
    """Move text -> successor, one text per distinct successor (the first found)."""
    own, enemy = pos.own(), pos.enemy()
    if not own or not enemy:
        return {}
    chains = []  # (text, own, enemy, maximal)

    def search(start, cur, own_rest, en, path):
        more = False
        for over, to in sorted(SS.jumps[cur]):
            if over in en and to not in own_rest and to not in en:
                more = True
                search(start, to, own_rest, en - {over}, path + [to])
        if path:
            chains.append((start + "".join("x" + p for p in path), own_rest | {cur}, en, not more))

    for p in sorted(own):
        search(p, p, own - {p}, enemy, [])
    out = {}
    if rules == "forced" and chains:
        for text, o, e, maximal in chains:
            if maximal:
                out.setdefault(ss_make(pos, o, e, 0).key(), (text, ss_make(pos, o, e, 0)))
        return dict(out.values())
    for text, o, e, _ in chains:
        out.setdefault(ss_make(pos, o, e, 0).key(), (text, ss_make(pos, o, e, 0)))
    occ = own | enemy
    for p in sorted(own):
        for q in sorted(SS.adj[p]):
            if q not in occ:
                s = ss_make(pos, own - {p} | {q}, enemy, pos.clock + 1)
                out.setdefault(s.key(), (p + "-" + q, s))
    return dict(out.values())


def ss_result(history, rules="optional"):
    pos = history[-1]
    if not pos.red:
        return ("blue", "no pieces")
    if not pos.blue:
        return ("red", "no pieces")
    if not ss_moves(pos, rules):
        return ("blue" if pos.side == "r" else "red", "no legal move")
    if sum(1 for p in history if p.key() == pos.key()) >= 3:
        return ("draw", "repetition")
    if pos.clock >= 80:
        return ("draw", "clock")
    return None


# ---------------------------------------------------------------------------------------
# Talking to guti

def run(args, stdin=None):
    p = subprocess.run([GUTI] + args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def guti_moves(fen, rules, game):
    rc, out, err = run(["show", fen, "--json", "--rules", rules, "--game", game])
    if rc != 0:
        raise SystemExit("guti show %r failed: %s" % (fen, err))
    return json.loads(out)


def check_moves(pos, rules, game, mine):
    """Compares guti's legal moves with ours, by successor position."""
    j = guti_moves(pos.fen(), rules, game)
    if j["fen"] != pos.fen():
        raise SystemExit("FEN differs: guti %r, ours %r" % (j["fen"], pos.fen()))
    ours = {s.key() for s in mine.values()}
    if game == "baghchal":
        theirs = {s.key() for t, s in bc_moves(pos, rules).items() if t in j["moves"]}
        if len(j["moves"]) != len(mine) or theirs != ours:
            raise SystemExit("moves differ at %s: guti %s, ours %s" % (pos.fen(), sorted(j["moves"]),
                                                                      sorted(mine)))
    else:
        theirs = set()
        for t in j["moves"]:
            s = ss_play_text(pos, t)
            theirs.add(s.key() if s else ("illegal", t))
        if len(j["moves"]) != len(mine) or theirs != ours:
            raise SystemExit("moves differ at %s: guti %s, ours %s" % (pos.fen(), sorted(j["moves"]),
                                                                      sorted(mine)))


def ss_play_text(pos, text):
    """Plays a move text by the board geometry alone (no rule checks beyond legality)."""
    own, enemy = set(pos.own()), set(pos.enemy())
    if "-" in text:
        a, b = text.split("-")
        return ss_make(pos, own - {a} | {b}, enemy, pos.clock + 1)
    pts = text.split("x")
    cur = pts[0]
    own.discard(cur)
    for to in pts[1:]:
        over = [o for o, t in SS.jumps[cur] if t == to]
        if len(over) != 1 or over[0] not in enemy:
            return None
        enemy.discard(over[0])
        cur = to
    return ss_make(pos, own | {cur}, enemy, 0)


# ---------------------------------------------------------------------------------------
# Records

def write_record(name, tags, moves, comments=None, per_number=2, result=None, check=None):
    """Writes tests/records/NAME. comments: {move index: text} placed before that move.
    Move numbers every per_number half-moves (a full move) start each line."""
    comments = comments or {}
    lines = ['[%s "%s"]' % kv for kv in tags]
    lines.append("")
    cur = []
    for i, m in enumerate(moves):
        if i % per_number == 0:
            if cur and i % (per_number * 6) == 0:
                lines.append(" ".join(cur))
                cur = []
            cur.append("%d." % (i // per_number + 1))
        if i in comments:
            cur.append("{%s}" % comments[i])
        cur.append(m)
    if len(moves) in comments:
        cur.append("{%s}" % comments[len(moves)])
    if result:
        cur.append(result)
    if cur:
        lines.append(" ".join(cur))
    text = "\n".join(lines) + "\n"
    path = os.path.join(HERE, name)
    with open(path, "w") as f:
        f.write(text)
    rc, out, err = run(["game", path, "--json"])
    rc2, out2, _ = run(["game", path])
    j = json.loads(out)
    print("%-22s exit %d  %s" % (name, rc, [l for l in out2.splitlines() if l.startswith("result:")]))
    if check:
        check(rc, j, err)
    return j


def expect(rc_want, result=None, error=None):
    def check(rc, j, err):
        ok = rc == rc_want and (result is None or j["result"] == result) and \
            (error is None or (j["error"] or "").find(error) >= 0 or err.find(error) >= 0)
        if not ok:
            raise SystemExit("unexpected: exit %d, %r, stderr %r" % (rc, j, err))
    return check


def play_bc(start, choose, rules="standard", limit=400, check=True):
    """Plays from start, choose(pos, moves, history) -> text. Returns (moves, history, result)."""
    hist, moves = [start], []
    while len(moves) < limit:
        res = bc_result(hist, rules)
        if res:
            return moves, hist, res
        mv = bc_moves(hist[-1], rules)
        if check:
            check_moves(hist[-1], rules, "baghchal", mv)
        t = choose(hist[-1], mv, hist)
        moves.append(t)
        hist.append(mv[t])
    return moves, hist, bc_result(hist, rules)


def play_ss(start, choose, rules="optional", limit=400, check=True):
    hist, moves = [start], []
    while len(moves) < limit:
        res = ss_result(hist, rules)
        if res:
            return moves, hist, res
        mv = ss_moves(hist[-1], rules)
        if check:
            check_moves(hist[-1], rules, "sixteen", mv)
        t = choose(hist[-1], mv, hist)
        moves.append(t)
        hist.append(mv[t])
    return moves, hist, ss_result(hist, rules)


# --- Bagh-Chal strategies ---------------------------------------------------------------

def tiger_captures(pos):
    return [t for t in bc_moves(pos) if "x" in t] if pos.side == "t" else []


def tigers_capture_first(rng):
    def choose(pos, mv, hist):
        if pos.side == "t":
            caps = sorted(t for t in mv if "x" in t)
            if caps:
                return caps[0]
            return rng.choice(sorted(mv))
        # goats: mostly safe moves at random, and now and then they feed the tigers
        bad = sorted(t for t, s in mv.items() if tiger_captures(s))
        safe = sorted(t for t in mv if t not in bad)
        if bad and (rng.random() < 0.08 or not safe):
            return rng.choice(bad)
        return rng.choice(safe)
    return choose


def goats_trap(rng):
    """Goats: never allow a capture, minimise the tigers' mobility. Tigers: poor play,
    minimise their own mobility (they like corners)."""
    def choose(pos, mv, hist):
        if pos.side == "t":
            best = min(len(bc_moves(s)) for s in mv.values())
            cands = sorted(t for t, s in mv.items() if len(bc_moves(s)) == best)
            return rng.choice(cands)
        scored = []
        seen = {p.key() for p in hist}
        for t, s in mv.items():
            tm = bc_moves(s)
            caps = sum(1 for x in tm if "x" in x)
            rep = s.key() in seen
            scored.append((caps, rep, len(tm), rng.random(), t))
        return min(scored)[-1]
    return choose


def bc_records():
    # Tigers win: goats feed the tigers.
    for seed in range(100):
        moves, hist, res = play_bc(BC_START, tigers_capture_first(random.Random(seed)))
        if res and res[0] == "tigers" and res[1] == "5 goats captured" and \
                hist[-1].inhand == 0 and len(moves) < 120:
            break
    else:
        raise SystemExit("no tigers win found")
    caps = [i for i, m in enumerate(moves) if "x" in m]
    comments = {caps[k]: "capture %d" % (k + 1) for k in range(len(caps))}
    write_record("bc_tigers_win.txt", [("Event", "guti test: tigers capture five goats"),
                                       ("Game", "baghchal"), ("Rules", "standard"),
                                       ("Result", "tigers")],
                 moves, comments, result="tigers", check=expect(0, "tigers"))

    # Goats win: the tigers walk into corners and get shut in.
    for seed in range(500):
        moves, hist, res = play_bc(BC_START, goats_trap(random.Random(seed)), limit=300,
                                   check=False)
        if res and res[0] == "goats" and hist[-1].inhand == 0:
            break
    else:
        raise SystemExit("no goats win found")
    play_bc(BC_START, lambda pos, mv, h: moves[len(h) - 1])  # replay with the move checks
    comments = {40: "all twenty goats placed"} if len(moves) > 40 else {}
    comments[len(moves)] = "the tigers have no step and no jump"
    write_record("bc_goats_win.txt", [("Event", "guti test: the tigers are shut in"),
                                      ("Game", "baghchal"), ("Rules", "standard"),
                                      ("Result", "goats")],
                 moves, comments, check=expect(0, "goats"))

    # Third repetition, from a movement-phase position.
    start = BCPos(["a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
                   "a4", "b4", "c4", "d4", "e4", "b5", "c5"], ["a1", "e1", "a5", "e5"], 0, "g")
    loop = ["c5-d5", "a1-b1", "d5-c5", "b1-a1"]
    moves, hist, res = play_bc(start, lambda pos, mv, h: loop[(len(h) - 1) % 4])
    assert res == ("draw", "repetition"), res
    write_record("bc_repetition.txt", [("Game", "baghchal"), ("Rules", "standard"),
                                       ("FEN", start.fen()), ("Result", "draw")],
                 moves, {0: "a goat and a tiger shuffle", 4: "the start again",
                         8: "and a third time"}, check=expect(0, "draw"))

    # Clock: 90 half-moves without capture or placement already, 10 more.
    start = BCPos(["a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
                   "a4", "b4", "c4", "d4", "e4", "b5", "c5"], ["a1", "e1", "a5", "e5"], 0, "g", 90)
    def clock_choose(pos, mv, h):
        # the goat shuffles c5-d5-c5, the tigers tour the bottom row so nothing repeats 3 times
        i = len(h) - 1
        tour = ["a1-b1", "b1-c1", "e1-d1", "c1-b1", "d1-e1"]
        if pos.side == "g":
            return "c5-d5" if "c5" in pos.goats else "d5-c5"
        return tour[i // 2]
    moves, hist, res = play_bc(start, clock_choose)
    assert res == ("draw", "clock"), (res, moves)
    write_record("bc_clock.txt", [("Game", "baghchal"), ("Rules", "standard"),
                                  ("FEN", start.fen()), ("Result", "draw")],
                 moves, {0: "clock 90", len(moves) - 1: "the 100th half-move"},
                 check=expect(0, "draw"))

    # No-repeat: the fourth move would recreate the board after the last placement.
    start = BCPos(["a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3",
                   "a4", "b4", "c4", "d4", "e4", "b5", "c5"], ["a1", "e1", "a5", "e5"], 0, "g")
    moves = ["c5-d5", "a1-b1", "d5-c5", "b1-a1"]
    write_record("bc_norepeat.txt", [("Game", "baghchal"), ("Rules", "no-repeat"),
                                     ("FEN", start.fen()), ("Result", "*")],
                 moves, {3: "back to the starting board: illegal under no-repeat"},
                 check=expect(1, error="move 4 (b1-a1)"))

    # Goat pass: every goat is blocked; a1 is empty and only tigers touch it.
    goats = [p for p in BC.points if p not in ("a1", "a2", "b1", "b2", "e5")]
    start = BCPos(goats, ["a2", "b1", "b2", "e5"], 0, "g")
    assert not bc_moves(start, "standard") and list(bc_moves(start, "goat-pass")) == ["pass"]

    def pass_choose(pos, mv, h):
        script = ["pass", "b2-a1", "c3-b2"]
        i = len(h) - 1
        if i < len(script):
            return script[i]
        caps = sorted(t for t in mv if "x" in t)
        if pos.side == "t" and caps:
            return caps[0]
        return sorted(mv)[0]
    moves, hist, res = play_bc(start, pass_choose, rules="goat-pass", limit=12)
    write_record("bc_goatpass.txt", [("Game", "baghchal"), ("Rules", "goat-pass"),
                                     ("FEN", start.fen()), ("Result", res[0] if res else "*")],
                 moves, {0: "the goats cannot move and pass"},
                 check=expect(0, res[0] if res else "*"))


def ss_greedy(rng, side_greedy, rules):
    """The greedy side takes the longest capture, else a step that gives no capture away;
    the other side plays at random, capturing only when it must."""
    def choose(pos, mv, hist):
        seen = {p.key() for p in hist}
        if pos.side == side_greedy:
            caps = [t for t in mv if "x" in t]
            if caps:
                n = max(t.count("x") for t in caps)
                return rng.choice(sorted(t for t in caps if t.count("x") == n))
            safe = []
            for t, s in mv.items():
                reply = ss_moves(s, rules)
                if not any("x" in r for r in reply) and s.key() not in seen:
                    safe.append(t)
            return rng.choice(sorted(safe or mv))
        steps = [t for t in mv if "x" not in t and mv[t].key() not in seen]
        return rng.choice(sorted(steps or mv))
    return choose


def ss_records():
    for seed in range(200):
        moves, hist, res = play_ss(SS_START, ss_greedy(random.Random(seed), "r", "optional"),
                                   check=False)
        if res and res[0] == "red":
            break
    else:
        raise SystemExit("no red win")
    play_ss(SS_START, lambda pos, mv, h: moves[len(h) - 1])
    chains = [i for i, m in enumerate(moves) if m.count("x") > 1]
    comments = {i: "a chain" for i in chains[:3]}
    comments[len(moves)] = "blue " + ("has no pieces left" if res[1] == "no pieces" else
                                      "has no legal move")
    write_record("ss_red_wins.txt", [("Event", "guti test: red wins"), ("Game", "sixteen"),
                                     ("Rules", "optional"), ("Result", "red")],
                 moves, comments, check=expect(0, "red"))

    for seed in range(500):
        greedy = "r" if seed % 2 == 0 else "b"
        moves, hist, res = play_ss(SS_START, ss_greedy(random.Random(seed), greedy, "forced"),
                                   rules="forced", check=False)
        if res and res[0] != "draw" and any(m.count("x") >= 2 for m in moves):
            break
    else:
        raise SystemExit("no forced win")
    play_ss(SS_START, lambda pos, mv, h: moves[len(h) - 1], rules="forced")
    chains = [i for i, m in enumerate(moves) if m.count("x") > 1]
    comments = {i: "a forced chain" for i in chains[:3]}
    write_record("ss_forced.txt", [("Event", "guti test: forced captures"), ("Game", "sixteen"),
                                   ("Rules", "forced"), ("Result", res[0])],
                 moves, comments, check=expect(0, res[0]))


def broken_records():
    def raw(name, text, error):
        path = os.path.join(HERE, name)
        with open(path, "w") as f:
            f.write(text)
        rc, out, err = run(["game", path])
        print("%-22s exit %d  %s" % (name, rc, err.strip()))
        if rc != 1 or error not in err:
            raise SystemExit("%s: expected exit 1 and %r, got %d %r" % (name, error, rc, err))

    raw("bad_illegal_move.txt",
        '[Game "baghchal"]\n[Rules "standard"]\n\n'
        '1. c3 a1-b1 2. c2 b1-b2 3. d3 {the tiger on b2 cannot reach d4 in one move}\n'
        'b2-d4 4. e3 e1-d1 *\n',
        "move 6 (b2-d4): d4 is not adjacent to b2")
    raw("bad_truncated.txt",
        '[Game "baghchal"]\n[Rules "standard"]\n\n'
        '1. c3 a1-b1 2. c2 {this comment is never closed\nb1-b2 3. d3\n',
        "comment '{' is never closed")
    raw("bad_truncated_tag.txt",
        '[Game "baghchal"]\n[Rules "stand',
        "tag value has no closing quote")
    raw("bad_no_rules.txt",
        '[Game "baghchal"]\n[Result "*"]\n\n1. c3 a1-b1 2. c2 *\n',
        "missing tag [Rules")
    tw = open(os.path.join(HERE, "bc_tigers_win.txt")).read().rstrip("\n")
    assert tw.endswith("tigers")
    tw = tw[:-len("tigers")] + "c3 {one move too many}\n"
    j = json.loads(run(["game", os.path.join(HERE, "bc_tigers_win.txt"), "--json"])[1])
    raw("bad_after_end.txt", tw, "move %d (c3): the game is already over" % (j["played"] + 1))


if __name__ == "__main__":
    bc_records()
    ss_records()
    broken_records()
