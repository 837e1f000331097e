"""Tests of the Python module guti (python/guti) against `guti query --json`.

Run from the checkout after `make` (make test does): python3 -m unittest discover -s
tests/python. The module is imported from python/ and loads build/libguti.so.0 through
GUTI_LIBRARY; the tables are made here, in a temporary directory, with build/guti: the
4x4 Bagh-Chal whole game and Sixteen Soldiers up to 4 pieces, both with the counting
rule's tables (--dtc), and a copy of the 4x4 tables with the placement phase's DTM too.
Positions come from random games (a fixed seed; GUTI_TEST_SEED changes it), and every
field the module gives is compared with what guti query prints. GUTI_BUILD names another
build directory (make test SANITIZE=1 gives build-san).
"""
import ctypes
import ctypes.util
import glob
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, os.environ.get("GUTI_BUILD", "build"))
GUTI = os.path.join(BUILD, "guti")
LIBRARY = os.path.join(BUILD, "libguti.so.0")
SEED = int(os.environ.get("GUTI_TEST_SEED", "13"))

BC_START = "T2T/4/4/T2T g 12"
SS_ROWS = [3, 3, 5, 5, 5, 5, 5, 3, 3]  # Sixteen Soldiers' rows, top first, as a FEN has them

guti = None
TMP = BC = BCD = SS = None


def setUpModule():
    global guti, TMP, BC, BCD, SS
    for f in (GUTI, LIBRARY):
        if not os.path.exists(f):
            raise unittest.SkipTest("%s is not built: run make first" % f)
    os.environ["GUTI_LIBRARY"] = LIBRARY
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import guti as module
    guti = module
    assert os.path.dirname(guti.__file__) == os.path.join(ROOT, "python", "guti"), guti.__file__
    TMP = tempfile.mkdtemp(prefix="guti-python.")
    BC, BCD, SS = (os.path.join(TMP, d) for d in ("bc", "bc-dtm", "ss"))
    solve = ["baghchal", "--board", "4x4", "--dtc", "--dir", BC], \
        ["sixteen", "--pieces", "4", "--dtc", "--limit", "80", "--dir", SS], \
        ["baghchal", "--board", "4x4", "--phase", "placement", "--dtm", "--dir", BCD]
    for args in solve:
        if args[-1] == BCD:
            shutil.copytree(BC, BCD)
        subprocess.run([GUTI, "solve"] + args + ["--quiet"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def tearDownModule():
    if TMP:
        shutil.rmtree(TMP, ignore_errors=True)


def query(directory, fens, rules=None, limit=None):
    """guti query --json's answers to fens (one per line on stdin), as dicts."""
    cmd = [GUTI, "query", "--dir", directory, "--json"] + (["--rules", rules] if rules else []) \
        + (["--limit", str(limit)] if limit is not None else [])
    out = subprocess.run(cmd, input="".join(f + "\n" for f in fens), capture_output=True,
                         text=True).stdout.splitlines()
    assert len(out) == len(fens), "guti query gave %d answers to %d inputs" % (len(out), len(fens))
    return [json.loads(line) for line in out]


def query_error(directory, fen, rules=None):
    """The message guti query prints on stderr for one position given as an operand, less
    its "guti: query: operand 1: " prefix."""
    cmd = [GUTI, "query", "--dir", directory] + (["--rules", rules] if rules else []) + [fen]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 1, (cmd, p.returncode, p.stderr)
    line = p.stderr.rstrip("\n")
    prefix = "guti: query: operand 1: "
    assert line.startswith(prefix) and "\n" not in line, line
    return line[len(prefix):]


def with_clock(fen, clock):
    """fen with its clock field set (the last field of a movement-phase FEN)."""
    f = fen.split(" ")
    game_fields = 3 if len(f[0].split("/")) != 9 else 2  # board side [inhand]
    return " ".join(f[:game_fields] + [str(clock)])


def random_walks(tb, starts, games, plies, rng):
    """The positions of `games` random games (moves chosen by the module's moves()) of at
    most `plies` half-moves each from positions drawn from starts, in order of play."""
    seen = []
    for _ in range(games):
        fen = rng.choice(starts)
        for _ in range(plies):
            seen.append(fen)
            ms = tb.moves(fen)
            if not ms:
                break
            fen = rng.choice(ms)["after"]
        else:
            seen.append(fen)
    return seen


def random_sixteen(rng):
    """A random Sixteen Soldiers position with 2 to 4 pieces (each side 1 to 3), either side
    to move, any clock below the limit."""
    red = rng.randint(1, 3)
    blue = rng.randint(1, 4 - red)
    cells = [None] * sum(SS_ROWS)
    for i, p in enumerate(rng.sample(range(len(cells)), red + blue)):
        cells[p] = "R" if i < red else "B"
    rows, k = [], 0
    for width in SS_ROWS:
        row, empty = "", 0
        for c in cells[k:k + width]:
            if c:
                row += (str(empty) if empty else "") + c
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
        k += width
    return "%s %s %d" % ("/".join(rows), rng.choice("rb"), rng.randrange(80))


class Comparing(unittest.TestCase):
    """Compares the module with guti query, position by position."""

    def compare(self, directory, fens, rules=None, limit=None):
        """Every field of probe() and moves() equals guti query --json's, moves in the same
        order; an input query cannot answer raises guti.Error with query's message. Returns
        query's answers. limit: guti query --limit's, probe's limit=."""
        answers = query(directory, fens, rules, limit)
        with guti.open(directory) as tb:
            for fen, want in zip(fens, answers):
                with self.subTest(fen=fen, rules=rules):
                    if "error" in want:
                        with self.assertRaises(guti.Error) as cm:
                            tb.probe(fen, rules=rules, limit=limit)
                        self.assertEqual(str(cm.exception), want["error"])
                        continue
                    want = dict(want)
                    want_moves = want.pop("moves")
                    self.assertEqual(tb.probe(fen, rules=rules, limit=limit), want)
                    got_moves = tb.moves(fen, rules=rules, limit=limit)
                    self.assertEqual([m["move"] for m in got_moves],
                                     [m["move"] for m in want_moves])
                    for g, w in zip(got_moves, want_moves):
                        self.assertEqual({k: g.get(k, "(absent)") for k in w}, w)
                        # query leaves out a move's class and dtc when the position has
                        # none; the module gives them, None there with complete tables.
                        extra = {k: v for k, v in g.items() if k not in w}
                        self.assertIsInstance(extra.pop("after"), str)
                        self.assertEqual(extra, {k: None for k in extra})
                        self.assertLessEqual(set(extra), {"class", "dtc"})
        return answers

    def check_afters(self, directory, fens, rng, rules=None):
        """A move's "after" is the position guti game reaches by playing it (a record of one
        move from the FEN), for one random move of each of fens."""
        with guti.open(directory) as tb:
            for fen in fens:
                ms = tb.moves(fen, rules=rules)
                if not ms:
                    continue
                m = rng.choice(ms)
                name = "sixteen" if fen.count("/") == 8 else "baghchal"
                record = '[Game "%s"]\n[Rules "%s"]\n[Board "%s"]\n[FEN "%s"]\n\n%s\n' % (
                    name, rules or ("standard" if name == "baghchal" else "optional"),
                    "sixteen" if name == "sixteen" else "%dx%d" % ((fen.count("/") + 1,) * 2),
                    fen, m["move"])
                p = subprocess.run([GUTI, "game", "-", "--json"], input=record,
                                   capture_output=True, text=True)
                with self.subTest(fen=fen, move=m["move"]):
                    self.assertEqual(json.loads(p.stdout)["final"], m["after"])
                    self.assertEqual(guti.play(fen, m["move"], rules=rules), m["after"])


class TestBaghChal4x4(Comparing):
    """The 4x4 whole game: both phases, clocks through the movement phase up to the limit."""

    @classmethod
    def setUpClass(cls):
        rng = random.Random(SEED)
        with guti.open(BC) as tb:
            walked = random_walks(tb, [BC_START], 60, 80, rng)
        movement = [f for f in walked if f.split(" ")[2] == "0"]
        # the same boards at other clocks, up to the limit (100: a draw by the clock)
        clocks = [with_clock(f, rng.choice([rng.randrange(100), 98, 99, 100]))
                  for f in rng.sample(movement, min(400, len(movement)))]
        cls.fens = list(dict.fromkeys(walked + clocks))
        cls.rng = rng

    def test_positions_cover_the_game(self):
        """The sample has both phases, both sides to move, clocks above 0 and at the
        limit, and many positions."""
        fields = [f.split(" ") for f in self.fens]
        self.assertGreater(len(self.fens), 1000)
        self.assertGreater(sum(1 for f in fields if f[2] != "0"), 200)       # placement
        self.assertGreater(sum(1 for f in fields if f[2] == "0" and len(f) > 3 and
                               0 < int(f[3]) < 100), 150)                    # clock > 0
        self.assertGreater(sum(1 for f in fields if len(f) > 3 and f[3] == "100"), 10)
        self.assertEqual({f[1] for f in fields}, {"g", "t"})

    def test_probe_and_moves_equal_query(self):
        answers = self.compare(BC, self.fens)
        # the module's FENs are guti's own: query writes each back unchanged
        self.assertEqual([a["fen"] for a in answers], self.fens)
        values = {a.get("value") for a in answers}
        self.assertEqual(values, {"win", "draw", "loss"})
        # no placement DTM there: the placement phase's wins and losses have dtm None
        self.assertTrue(any(a["dtm"] is None and a["value"] != "draw" for a in answers))
        self.assertTrue(any(a["over"] and a["reason"].startswith("100 half-moves")
                            for a in answers))
        self.assertTrue(any(a["over"] and "captured" in a["reason"] for a in answers))
        self.assertFalse([a for a in answers if not a["over"] and a["class"] is None])

    def test_with_placement_dtm(self):
        """The same positions where the placement phase has its DTM tables too."""
        answers = self.compare(BCD, self.fens)
        self.assertFalse([a for a in answers if a["dtm"] is None and a["value"] != "draw"])

    def test_rules_given(self):
        """rules="standard" names the tables there; rules="goat-pass" a missing table,
        named as guti query --rules goat-pass names it."""
        self.compare(BC, self.fens[:200], rules="standard")
        with guti.open(BC) as tb:
            with self.assertRaises(guti.Error) as cm:
                tb.probe(BC_START, rules="goat-pass")
        self.assertEqual(cm.exception.status, guti.ENOTABLE)
        self.assertIn("baghchal-4x4-goat-pass-", str(cm.exception))
        self.assertEqual(str(cm.exception), query_error(BC, BC_START, rules="goat-pass"))

    def test_after_is_the_move_played(self):
        self.check_afters(BC, self.rng.sample(self.fens, 40), self.rng)

    def test_finished_games(self):
        with guti.open(BC) as tb:
            r = tb.probe("TGGT/GGGG/GGGG/T2T t 0 100")
            self.assertTrue(r["over"])
            self.assertEqual((r["result"], r["value"], r["dtm"]), ("draw", "draw", None))
            self.assertEqual(tb.moves("TGGT/GGGG/GGGG/T2T t 0 100"), [])
            # 3 goats captured: on 4x4, the tigers have won
            r = tb.probe("TGGT/GGGG/GGG1/T2T g 0")
            self.assertTrue(r["over"])
            self.assertEqual(r["result"], "tigers")
            self.assertEqual(r["value"], "loss")
            self.assertEqual(r["dtm"], 0)
            self.assertTrue(r["reachable"])
            self.assertIn("captured", r["reason"])


class TestSixteen(Comparing):
    """Sixteen Soldiers up to 4 pieces, from random positions and the games that follow."""

    @classmethod
    def setUpClass(cls):
        rng = random.Random(SEED + 1)
        starts = [random_sixteen(rng) for _ in range(300)]
        with guti.open(SS) as tb:
            walked = random_walks(tb, starts, 120, 40, rng)
        cls.fens = list(dict.fromkeys(starts + walked + [
            "3/3/5/5/5/5/5/3/R2 b",          # blue has no pieces: over
            "BRR/R2/2R2/5/5/5/5/3/3 b",      # over, but 5 pieces: no table needed
            "3/3/5/2B2/5/2B2/2R2/3/3 r 79",  # one half-move from the limit
            "3/3/5/2B2/5/2B2/2R2/3/3 r 80"]))
        cls.rng = rng

    def test_probe_and_moves_equal_query(self):
        self.assertGreater(len(self.fens), 1000)
        answers = self.compare(SS, self.fens)
        self.assertEqual({a.get("value") for a in answers}, {"win", "draw", "loss"})
        self.assertGreater(sum(1 for a in answers if a.get("over")), 5)
        self.assertFalse([a for a in answers if "error" in a])

    def test_forced_rules_have_no_tables(self):
        with guti.open(SS) as tb:
            with self.assertRaises(guti.Error) as cm:
                tb.moves(self.fens[0], rules="forced")
        self.assertEqual(cm.exception.status, guti.ENOTABLE)
        self.assertEqual(str(cm.exception), query_error(SS, self.fens[0], rules="forced"))

    def test_after_is_the_move_played(self):
        self.check_afters(SS, self.rng.sample(self.fens, 40), self.rng)

    def test_finished_game(self):
        with guti.open(SS) as tb:
            r = tb.probe("3/3/5/5/5/5/5/3/R2 b")
            self.assertEqual((r["over"], r["result"], r["reason"]),
                             (True, "red", "blue has no pieces left"))
            self.assertEqual(tb.moves("3/3/5/5/5/5/5/3/R2 b"), [])


def query_norepeat(directory, rules, start, moves, budget=None, with_moves=False):
    """guti query --rules RULES --history RECORD --json's answer (a dict) for the game of
    moves from start, or its error message (a str) less "guti: query: --history FILE: "."""
    record = os.path.join(TMP, "norepeat.txt")
    with open(record, "w") as f:
        n = start.split(" ")[0].count("/") + 1
        f.write('[Game "baghchal"]\n[Rules "%s"]\n[Board "%dx%d"]\n[FEN "%s"]\n\n%s\n'
                % (rules, n, n, start, " ".join(moves)))
    p = subprocess.run([GUTI, "query", "--dir", directory, "--rules", rules, "--history", record,
                        "--json"] + (["--budget", str(budget)] if budget else [])
                       + (["--moves"] if with_moves else []),
                       capture_output=True, text=True)
    if p.returncode:
        prefix = "guti: query: --history %s: " % record
        line = p.stderr.rstrip("\n")
        assert p.returncode == 1 and line.startswith(prefix), (p.returncode, p.stderr)
        return line[len(prefix):]
    return json.loads(p.stdout)


class TestNorepeat(unittest.TestCase):
    """Tables.norepeat and guti.norepeat (rules no-repeat, by search) answer as guti query
    --rules no-repeat --json does, field for field: games with their history on 4x4 under
    the unlimited window and a window of 2, with the standard tables; 3x3 without
    tables; and errors (a refused move, other rules, a bad budget) with query's message."""

    def games(self, rng, n, plies):
        """n random games of at most plies moves from 4x4 positions after the placement
        phase (so that the rule bites), each (start, moves), moves chosen among the
        standard rules' moves, so some are refused under no-repeat."""
        with guti.open(BC) as tb:
            walked = random_walks(tb, [BC_START], 20, 60, rng)
            starts = [f for f in walked if f.split(" ")[2] == "0"
                      and not tb.probe(f)["over"]]
            out = []
            for _ in range(n):
                start = fen = rng.choice(starts)
                moves = []
                for _ in range(rng.randrange(plies + 1)):
                    ms = tb.moves(fen)
                    if not ms:
                        break
                    m = rng.choice(ms)
                    moves.append(m["move"])
                    fen = m["after"]
                out.append((start, moves))
        return out

    def test_histories_equal_query(self):
        rng = random.Random(SEED + 17)
        kinds = set()
        with guti.open(BC) as tb:
            for i, (start, moves) in enumerate(self.games(rng, 40, 12)):
                rules = ["no-repeat", "no-repeat:2"][i % 2]
                want = query_norepeat(BC, rules, start, moves, budget=10 ** 5)
                with self.subTest(start=start, moves=moves, rules=rules):
                    if isinstance(want, str):
                        with self.assertRaises(guti.Error) as cm:
                            tb.norepeat(start, moves, rules=rules, budget=10 ** 5)
                        self.assertEqual(cm.exception.status, guti.EINPUT)
                        self.assertEqual(str(cm.exception), want)
                        continue
                    self.assertEqual(tb.norepeat(start, moves, rules=rules, budget=10 ** 5), want)
                    kinds.add(want["value"] if not want["over"] else "over")
        # the sample saw both sides win (a refused move: test_errors)
        self.assertLessEqual({"win", "loss"}, kinds)

    def test_without_tables_equal_query(self):
        """3x3, no tables (an empty directory for query): the same answers, nodes too."""
        empty = os.path.join(TMP, "empty")
        os.makedirs(empty, exist_ok=True)
        fens = ["T1T/3/T1T g 4", "TGT/GGG/T1T t 0", "TGT/G1G/TGT g 0", "T1T/1G1/T1T t 3"]
        for rules in ("no-repeat", "no-repeat:2", "no-repeat:4"):
            for fen in fens:
                want = query_norepeat(empty, rules, fen, [])
                with self.subTest(fen=fen, rules=rules):
                    self.assertIsInstance(want, dict)
                    self.assertEqual(guti.norepeat(fen, rules=rules), want)
        # out of budget: unknown, as query says it
        want = query_norepeat(empty, "no-repeat:12", "T1T/3/T1T g 4", [])
        got = guti.norepeat("T1T/3/T1T g 4", rules="no-repeat:12", budget=100)
        self.assertEqual((got["value"], got["budget"], got["best"]), ("unknown", 100, None))
        self.assertNotEqual(want["value"], "unknown")

    def test_errors(self):
        with guti.open(BC) as tb:
            for rules in ("standard", "goat-pass", "no-such-rules"):
                with self.assertRaises(guti.Error) as cm:
                    tb.norepeat(BC_START, rules=rules)
                self.assertEqual(cm.exception.status, guti.EINPUT)
            for budget in (-1, 1 << 64):
                with self.assertRaises(guti.Error) as cm:
                    tb.norepeat(BC_START, budget=budget)
                self.assertIn("budget", str(cm.exception))
            with self.assertRaises(guti.Error) as cm:
                tb.norepeat(BC_START, ["a1-a2\0"])
            self.assertIn("move 1: contains a NUL character", str(cm.exception))
        # the record the CLI's tests use: its fourth move recreates the start's board
        start, moves = "TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0", ["c5-d5", "a1-b1", "d5-c5", "b1-a1"]
        want = query_norepeat(BC, "no-repeat", start, moves)
        self.assertIsInstance(want, str)
        self.assertIn("move 4 'b1-a1': recreates a board seen", want)
        with self.assertRaises(guti.Error) as cm:
            guti.norepeat(start, moves)
        self.assertEqual(str(cm.exception), want)


NR_CHOICE = ["c2", "a3-b2", "a2", "b2-b3", "a3", "a1-b2", "a1"]  # 3x3: then c1-b1 wins, b2-b1 loses
NR_GAMES = [  # (board, rules, moves, the moves flagged mistake)
    ("3x3", "no-repeat", NR_CHOICE + ["b2-b1"], [8]),
    ("3x3", "no-repeat", NR_CHOICE + ["c1-b1"], []),
    ("3x3", "no-repeat:8", NR_CHOICE + ["b2-b1"], [8]),
    ("3x3", "no-repeat:8", ["b1", "c3-b3", "a2", "b3-c3", "b2", "c3-c2", "c3", "a3-b3", "a2-a3",
                            "a1-a2", "b2-a1", "c1-b2", "b1-c1", "b2-b1", "c1-b2", "c2-c1",
                            "b2-c2", "c1-b2"], [18]),
    ("4x4", "no-repeat", ["b3", "a4-b4", "c1", "a1-a2", "c3", "a2-a1", "c4", "d1-d2", "d1",
                          "a1-b1", "a2"], [10, 11]),
]


class TestNorepeatAnalyze(unittest.TestCase):
    """Tables.norepeat_analyze gives guti game --analyze --json's moves and summary for
    records under rules no-repeat (3x3 and 4x4, with the standard tables), from the record
    or from a start and moves; Tables.norepeat_moves lists each position's moves with the
    values the analysis gives the move played and the best move; errors as norepeat's."""

    @classmethod
    def setUpClass(cls):
        cls.dir = os.path.join(TMP, "nr-analyze")
        for board in ("3x3", "4x4"):
            subprocess.run([GUTI, "solve", "baghchal", "--board", board, "--dir", cls.dir,
                            "--quiet"], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)

    def record(self, board, rules, moves):
        return '[Game "baghchal"]\n[Board "%s"]\n[Rules "%s"]\n\n%s\n' % (
            board, rules, " ".join(moves))

    def test_analysis_equals_game_analyze(self):
        with guti.open(self.dir) as tb:
            for board, rules, moves, mistakes in NR_GAMES:
                record = self.record(board, rules, moves)
                want = guti_json("game", "-", "--json", "--analyze", "--dir", self.dir,
                                 stdin=record)
                start = want["start"]
                with self.subTest(board=board, rules=rules, moves=moves):
                    for got in (tb.norepeat_analyze(record),
                                tb.norepeat_analyze(start, moves, rules=rules)):
                        self.assertEqual(got["moves"], want["moves"])
                        s = dict(got["summary"])
                        self.assertEqual(s.pop("final"), want["final"])
                        self.assertFalse(s.pop("over"))
                        self.assertEqual(s, want["summary"])
                        self.assertEqual([m["number"] for m in got["moves"] if m["mistake"]],
                                         mistakes)

    def test_moves_equal_the_analysis(self):
        with guti.open(self.dir) as tb:
            for board, rules, moves, _ in NR_GAMES[::2]:
                a = tb.norepeat_analyze(self.record(board, rules, moves))
                start = a["summary"]["start"]["fen"]
                for k, m in enumerate(a["moves"]):
                    got = tb.norepeat_moves(start, moves[:k], rules=rules)
                    with self.subTest(board=board, rules=rules, ply=k):
                        self.assertEqual((got["fen"], got["moves_played"], got["rules"]),
                                         (m["fen"], k, rules))
                        self.assertEqual(got["value"], m["before"]["value"])
                        self.assertEqual(got["nodes"], m["before"]["nodes"])
                        self.assertEqual(got, query_norepeat(self.dir, rules, start, moves[:k],
                                                             with_moves=True))
                        keys = ("value", "standard", "standard_dtm")
                        first = got["moves"][0]
                        self.assertEqual(dict({k2: first[k2] for k2 in keys}, move=first["move"]),
                                         m["best"])
                        played = [x for x in got["moves"] if x["move"] == m["move"]]
                        self.assertEqual(len(played), 1)
                        self.assertEqual({k2: played[0][k2] for k2 in keys}, m["after"])
                        self.assertEqual(played[0]["fen"], guti.play(m["fen"], m["move"],
                                                                     rules=rules))
                        # ranked: decided wins, then neither, then losses, then refused
                        rank = [3 if x["refused"] else {"win": 0, "loss": 2}.get(x["value"], 1)
                                for x in got["moves"]]
                        self.assertEqual(rank, sorted(rank))
            # a position with a refused move: listed last, unknown, never the best
            refused = ["b3", "c3-c2", "c3", "a3-b2", "a3", "a1-b1", "a2", "b2-a1", "c3-b2",
                       "c2-c3", "b2-c2", "c3-b2", "c2-c3"]
            got = tb.norepeat_moves("T1T/3/T1T g 4", refused)
            self.assertEqual([(x["move"], x["refused"], x["value"]) for x in got["moves"]],
                             [("c1-c2", False, "win"), ("b2-c2", True, None)])
            with self.assertRaises(guti.Error) as cm:
                tb.norepeat_analyze("T1T/3/T1T g 4", refused + ["b2-c2"])
            self.assertEqual(cm.exception.status, guti.EINPUT)
            self.assertIn("move 14 'b2-c2': recreates a board", str(cm.exception))

    def test_budget_and_errors(self):
        with guti.open(self.dir) as tb:
            # 4 search nodes a position: the proof-number search decides one of the eight
            a = tb.norepeat_analyze(self.record(*NR_GAMES[0][:3]), budget=4)
            want = guti_json("game", "-", "--json", "--analyze", "--budget", "4", "--dir",
                             self.dir, stdin=self.record(*NR_GAMES[0][:3]))
            self.assertEqual(a["moves"], want["moves"])
            self.assertEqual((a["summary"]["unknown"], a["summary"]["budget"]), (7, 4))
            with self.assertRaises(TypeError):
                tb.norepeat_analyze(b"record")
            with self.assertRaises(TypeError):
                tb.norepeat_moves("T1T/3/T1T g 4", "c2")
            for args in (("T1T/3/T1T g 4", ["c2"], "standard"), ("T1T/3/T1T g 4", ["c2", "c2"]),
                         ('[Game "baghchal"]\n\nc2\n',)):
                with self.assertRaises(guti.Error) as cm:
                    tb.norepeat_analyze(*args)
                self.assertEqual(cm.exception.status, guti.EINPUT)
            with self.assertRaises(guti.Error):
                tb.norepeat_moves("T1T/3/T1T g 4", budget=-1)


class TestErrors(unittest.TestCase):
    """guti.Error carries the library's message (guti query's, less its prefix) and status."""

    BAD = ["xx", "", "T3T/6/5/5/T3T g 20", "T2T/4/4/T2T x 12", "T2T/4/4/T2T g 12 5",
           "TGGT/GGGG/GGGG/T2T t 0 120", "T2T/4/4/T2T \tg 12", "TGGT/GGGG/GGGG/GGGT g 0 100",
           "BBB/BBB/BBBBB/BBBBB/R4/RRRRR/RRRRR/RRR/RRR r", "3/3/5/2B2/5/2B2/2R2/3/3 r 81",
           "T2T/4/4/T2T g 12 0 9", "T2T/4/4/T2T g 1é"]

    def test_bad_fens(self):
        with guti.open(BC) as tb:
            for fen in self.BAD:
                with self.subTest(fen=fen):
                    for call in (tb.probe, tb.moves):
                        with self.assertRaises(guti.Error) as cm:
                            call(fen)
                        self.assertEqual(cm.exception.status, guti.EINPUT)
                        self.assertEqual(str(cm.exception), cm.exception.message)
                        self.assertEqual(str(cm.exception), query_error(BC, fen))
                        self.assertNotIn("guti:", str(cm.exception))

    def test_nul_in_text(self):
        """A NUL inside a FEN, rules or move would cut the C string short: an error."""
        with guti.open(BC) as tb:
            for call in (lambda: tb.probe(BC_START + "\0 junk"),
                         lambda: tb.moves(BC_START, rules="standard\0"),
                         lambda: guti.play(BC_START, "b2\0")):
                with self.assertRaises(guti.Error) as cm:
                    call()
                self.assertEqual(cm.exception.status, guti.EINPUT)
                self.assertIn("contains a NUL character", str(cm.exception))

    def test_missing_tables(self):
        # an empty directory (one that is not there is "no such directory", libguti 0.7.0)
        os.makedirs(os.path.join(TMP, "empty"), exist_ok=True)
        for directory, fen, table in (
                (BC, "T3T/5/5/5/T3T g 20", "baghchal-5x5-standard-h20-c0-g.wdl"),
                (SS, "3/3/5/2B2/5/2BB1/2RR1/3/3 r", "sixteen-optional-m3-n2.wdl"),
                (os.path.join(TMP, "empty-dir"), BC_START,
                 "baghchal-4x4-standard-h12-c0-g.wdl")):
            os.makedirs(directory, exist_ok=True)
            with self.subTest(fen=fen), guti.open(directory) as tb:
                for call in (tb.probe, tb.moves):
                    with self.assertRaises(guti.Error) as cm:
                        call(fen)
                    self.assertEqual(cm.exception.status, guti.ENOTABLE)
                    self.assertIn(os.path.join(directory, table), str(cm.exception))
                    self.assertIn("make it with: guti solve", str(cm.exception))
                    self.assertEqual(str(cm.exception), query_error(directory, fen))

    def test_no_such_directory(self):
        """A directory that does not exist, or is a file, is no directory: guti.open says
        so (EIO), as guti query does, rather than open and say "no table" at each probe."""
        path = os.path.join(TMP, "a-file")
        with open(path, "w"):
            pass
        for d in (path, os.path.join(TMP, "no-such-dir"), os.path.join(path, "below"),
                  pathlib.Path(TMP, "no-such-dir")):
            with self.subTest(directory=d):
                with self.assertRaises(guti.Error) as cm:
                    guti.open(d)
                self.assertEqual(cm.exception.status, guti.EIO)
                self.assertEqual(str(cm.exception), "%s: no such directory" % d)
                p = subprocess.run([GUTI, "query", "--dir", str(d), BC_START],
                                   capture_output=True, text=True)
                self.assertEqual(p.stderr, "guti: query: %s\n" % cm.exception)

    def test_closed_handle(self):
        with guti.open(BC) as tb:
            self.assertEqual(tb.probe(BC_START)["value"], "loss")
        with self.assertRaises(guti.Error) as cm:
            tb.probe(BC_START)
        self.assertEqual(cm.exception.status, guti.EINPUT)
        tb.close()  # again: harmless

    def test_play_errors(self):
        for fen, move, rules, text in (
                (BC_START, "a1", None, "move 'a1': a1 is occupied"),
                ("3/3/5/3B1/2B2/2R2/5/3/3 r", "c4-c3", "forced",
                 "move 'c4-c3': a capture is available and rules forced make it compulsory"),
                ("3/3/5/5/5/5/5/3/R2 b", "a1-a2", None, "move: the game is over"),
                (BC_START, "b2", "forced", "unknown rules 'forced' for baghchal")):
            with self.subTest(fen=fen, move=move):
                with self.assertRaises(guti.Error) as cm:
                    guti.play(fen, move, rules=rules)
                self.assertEqual(cm.exception.status, guti.EINPUT)
                self.assertIn(text, str(cm.exception))

    def run_outside(self, code, env):
        """Runs code in a fresh python3 with the module from python/ and env's variables."""
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=dict(env, PYTHONPATH=os.path.join(ROOT, "python")))

    def test_library_not_found(self):
        env = dict(os.environ, GUTI_LIBRARY=os.path.join(TMP, "no-such-libguti.so"))
        p = self.run_outside("import guti\ntry:\n    guti.open('.')\nexcept guti.Error as e:\n"
                             "    print(e.status, e)\n", env)
        self.assertIn("-5 GUTI_LIBRARY is %s, which does not exist; set it to the path of "
                      "libguti.so.0" % env["GUTI_LIBRARY"], p.stdout)
        # no GUTI_LIBRARY, and the module somewhere with no libguti beside it
        if ctypes.util.find_library("guti"):
            self.skipTest("the linker's search path has a libguti")
        lone = os.path.join(TMP, "lone", "a", "b", "c")
        shutil.copytree(os.path.join(ROOT, "python", "guti"), os.path.join(lone, "guti"))
        env = {k: v for k, v in os.environ.items() if k != "GUTI_LIBRARY"}
        p = subprocess.run([sys.executable, "-c", "import guti\ntry:\n    guti.open('.')\n"
                            "except guti.Error as e:\n    print(e)\n"],
                           capture_output=True, text=True, env=dict(env, PYTHONPATH=lone))
        self.assertIn("libguti not found", p.stdout)
        self.assertIn("set GUTI_LIBRARY to the path of libguti.so.0", p.stdout)


class TestLayout(unittest.TestCase):
    """The module's ctypes structures have guti.h's sizes and offsets, as the C compiler
    lays them out."""

    def test_structures(self):
        fields = {"guti_variant": ("_Variant", ["game", "rules", "board"]),
                  "guti_position": ("_Position", ["variant", "pieces", "side", "inhand",
                                                  "clock", "limit"]),
                  "guti_error": ("_ErrorBuf", ["message"]),
                  "guti_move": ("_Move", ["text", "after"]),
                  "guti_result": ("_Result", ["variant", "value", "dtm", "value_now", "clock",
                                              "limit", "over", "winner", "reachable", "reason",
                                              "dtc_class", "dtc", "reserved"]),
                  "guti_scored_move": ("_ScoredMove", ["move", "result"]),
                  "guti_norepeat_result": ("_NorepeatResult", ["position", "value", "nodes",
                                                               "budget", "has_best", "best",
                                                               "over", "winner", "reason",
                                                               "bounded"]),
                  "guti_norepeat_move": ("_NorepeatMove", ["move", "refused", "value",
                                                           "nodes", "standard"]),
                  "guti_norepeat_move_analysis": ("_NorepeatMoveAnalysis",
                                                  ["position", "value", "nodes", "played",
                                                   "has_best", "best", "judged", "mistake"]),
                  "guti_norepeat_analysis": ("_NorepeatAnalysis",
                                             ["nmoves", "start", "final", "budget", "nodes",
                                              "over", "winner", "reason", "mistakes",
                                              "first_mistake", "judged", "unknown"]),
                  "guti_board": ("_Board", ["name", "npoints", "ncols", "nrows", "col", "row",
                                            "degree", "adjacent"]),
                  "guti_cache_stats": ("_CacheStats", ["hits", "misses", "evictions",
                                                       "bytes_read", "bytes_decompressed",
                                                       "bytes_held", "blocks_held"]),
                  "guti_move_analysis": ("_MoveAnalysis", ["position", "before", "played",
                                                           "judged", "mistake", "slower",
                                                           "has_best", "best", "before_missing",
                                                           "played_missing", "best_missing"]),
                  "guti_analysis": ("_Analysis", ["nmoves", "start", "start_result",
                                                  "start_missing", "final", "over", "winner",
                                                  "reason", "mistakes", "first_mistake",
                                                  "slower", "judged", "answered", "unanswered",
                                                  "nmissing", "missing", "more_missing"])}
        src = ["#include <stdio.h>", "#include <stddef.h>", "#include <guti.h>",
               "int main(void) {"]
        want = []
        for struct, (cls, names) in fields.items():
            src.append('printf("%%zu\\n", sizeof(struct %s));' % struct)
            want.append(ctypes.sizeof(getattr(guti, cls)))
            for n in names:
                src.append('printf("%%zu\\n", offsetof(struct %s, %s));' % (struct, n))
                want.append(getattr(getattr(guti, cls), n).offset)
        src.append("return 0; }")
        c, exe = os.path.join(TMP, "layout.c"), os.path.join(TMP, "layout")
        with open(c, "w") as f:
            f.write("\n".join(src) + "\n")
        cc = os.environ.get("CC", "cc")
        subprocess.run([cc, "-std=c11", "-I", os.path.join(ROOT, "solver"), c, "-o", exe],
                       check=True)
        got = [int(x) for x in subprocess.run([exe], capture_output=True, text=True,
                                              check=True).stdout.split()]
        self.assertEqual(want, got)
        self.assertEqual(getattr(guti, "_MOVE_MAX"), 80)


def readme_and_docs():
    """README.md and docs/*.md, one after the other: the examples moved to docs/python.md."""
    paths = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    text = ""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text += f.read()
    return text


class TestReadmeExample(unittest.TestCase):
    """examples/label.py is the Python example of docs/python.md, and it labels every
    position of a game record as guti query values it (or, beyond the tables, says which
    table)."""

    EXAMPLE = os.path.join(ROOT, "examples", "label.py")

    def test_readme_shows_the_example(self):
        readme = readme_and_docs()
        blocks = re.findall(r"^```python\n(.*?)^```\n", readme, re.M | re.S)
        with open(self.EXAMPLE, encoding="utf-8") as f:
            self.assertIn(f.read(), blocks)

    def test_readme_snippet(self):
        """The README's first Python lines run against tables made as they say, and give
        what their comments say."""
        readme = readme_and_docs()
        code = re.search(r"^```python\n(import guti .*?)^```\n", readme, re.M | re.S).group(1)
        self.assertIn("solve baghchal --board 4x4 --dtc --dir tables-4x4", code)
        names = {}
        exec(code.replace('"tables-4x4"', repr(BC)), names)
        self.assertEqual((names["r"]["value"], names["r"]["dtm"]), ("loss", None))
        self.assertEqual((names["ms"][0]["move"], names["ms"][0]["value"]), ("b1", "loss"))

    def test_readme_output(self):
        """The output the README shows for examples/game-4x4.txt is the example's: each line
        shown, its parts between the "..."s, is in a line of the output."""
        readme = readme_and_docs()
        block = re.search(r"^\$ PYTHONPATH=python python3 examples/label.py tables-4x4 "
                          r"examples/game-4x4.txt\n(.*?)^```", readme, re.M | re.S).group(1)
        shown = [line for line in block.splitlines() if line.startswith("{")]
        self.assertEqual(len(shown), 3)
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
        out = subprocess.run([sys.executable, self.EXAMPLE, BC,
                              os.path.join(ROOT, "examples", "game-4x4.txt")],
                             capture_output=True, text=True, env=env, check=True).stdout
        for line in shown:
            parts = [p for p in line.split("...") if p.strip(", ")]
            with self.subTest(line=line):
                self.assertTrue(any(all(p.rstrip(" ") in o for p in parts)
                                    for o in out.splitlines()))

    def label(self, directory, record_text):
        record = os.path.join(TMP, "record.txt")
        with open(record, "w", encoding="utf-8") as f:
            f.write(record_text)
        game = json.loads(subprocess.run([GUTI, "game", record, "--json"], capture_output=True,
                                         text=True).stdout)
        self.assertIsNone(game["error"])
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
        p = subprocess.run([sys.executable, self.EXAMPLE, directory, record],
                           capture_output=True, text=True, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        labels = [json.loads(line) for line in p.stdout.splitlines()]
        self.assertEqual(len(labels), game["played"] + 1)
        self.assertEqual((labels[0]["fen"], labels[-1]["fen"]), (game["start"], game["final"]))
        rules = re.search(r'\[Rules "([^"]*)"\]', record_text).group(1)
        answers = query(directory, [lab["fen"] for lab in labels], rules)
        for lab, want in zip(labels, answers):
            want.pop("moves", None)
            want.pop("line", None)
            self.assertEqual(lab, want)
        return labels

    def random_record(self, directory, header, start, rng):
        """A record of a random game from start (stopping before a board comes back, so
        that no repetition ends it early), with a move number before every other move."""
        moves, seen, fen = [], {start.split(" ")[0]}, start
        with guti.open(directory) as tb:
            while len(moves) < 70:
                ms = tb.moves(fen)
                ms = [m for m in ms if m["after"].split(" ")[0] not in seen]
                if not ms:
                    break
                m = rng.choice(ms)
                moves.append(("%d. " % (len(moves) // 2 + 1) if len(moves) % 2 == 0 else "")
                             + m["move"])
                fen = m["after"]
                seen.add(fen.split(" ")[0])
        return header + "\n" + " ".join(moves) + " {the end}\n"

    def test_labels_equal_query(self):
        rng = random.Random(SEED + 2)
        labels = self.label(BC, self.random_record(
            BC, '[Game "baghchal"]\n[Rules "standard"]\n[Board "4x4"]\n', BC_START, rng))
        self.assertGreater(len(labels), 10)
        self.assertFalse([lab for lab in labels if "error" in lab])
        start = "3/3/5/2B2/5/2B2/2R2/3/3 r"
        labels = self.label(SS, self.random_record(
            SS, '[Game "sixteen"]\n[Rules "optional"]\n[FEN "%s"]\n' % start, start, rng))
        self.assertFalse([lab for lab in labels if "error" in lab])
        with open(os.path.join(ROOT, "examples", "game-4x4.txt")) as f:
            labels = self.label(BC, f.read())
        self.assertEqual(len(labels), 37)
        self.assertEqual(labels[-1]["result"], "tigers")
        # a whole game: the tables (4 pieces) label only its end
        with open(os.path.join(ROOT, "tests", "records", "ss_red_wins.txt")) as f:
            labels = self.label(SS, f.read())
        self.assertIn("sixteen-optional-m16-n16.wdl", labels[0]["error"])
        self.assertTrue(labels[-1]["over"])



def random_game(fen, plies, rng, rules=None):
    """The positions of a random game of at most plies moves from fen, chosen among
    guti.legal_moves (no tables): a list of (fen, move) pairs, move None at the end."""
    out = []
    for _ in range(plies):
        ms = guti.legal_moves(fen, rules)
        if not ms:
            break
        m = rng.choice(ms)
        out.append((fen, m["move"]))
        fen = m["after"]
    out.append((fen, None))
    return out


def guti_json(*args, stdin=None):
    """build/guti's JSON answer to args (one object)."""
    p = subprocess.run([GUTI] + list(args), input=stdin, capture_output=True, text=True)
    assert p.stdout, (args, p.stderr)
    return json.loads(p.stdout)


class TestWithoutTables(unittest.TestCase):
    """start, legal_moves, play, game_over, material and board need no tables: they agree
    with the tables' moves, with guti show and with the games' geometry."""

    def test_start(self):
        self.assertEqual(guti.start(), "T3T/5/5/5/T3T g 20")
        self.assertEqual(guti.start("baghchal", board="4x4"), BC_START)
        self.assertEqual(guti.start("Bagh-Chal", rules="goat-pass", board="3x3"), "T1T/3/T1T g 4")
        ss = guti.start("sixteen")
        self.assertEqual(ss, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r")
        self.assertEqual(guti.game_over(ss), {"over": False})
        for game, rules, board, text in (("chess", None, None, "game 'chess'"),
                                         ("sixteen", "goat-pass", None, "goat-pass"),
                                         ("baghchal", None, "6x6", "6x6")):
            with self.subTest(game=game, rules=rules, board=board):
                with self.assertRaises(guti.Error) as cm:
                    guti.start(game, rules=rules, board=board)
                self.assertEqual(cm.exception.status, guti.EINPUT)
                self.assertIn(text, str(cm.exception))

    def test_legal_moves_are_the_tables_moves(self):
        """legal_moves gives the moves (and the positions after them) that the tables'
        moves() ranks, on 4x4 and Sixteen Soldiers; play reaches each after."""
        rng = random.Random(SEED + 30)
        games = [(BC, f) for f, _ in random_game(BC_START, 60, rng)]
        games += [(SS, f) for f, _ in random_game("3/3/5/2B2/5/2BB1/2R2/3/3 r", 40, rng)]
        for directory, fen in games:
            with self.subTest(fen=fen), guti.open(directory) as tb:
                legal = guti.legal_moves(fen)
                ranked = tb.moves(fen)
                self.assertEqual(sorted((m["move"], m["after"]) for m in legal),
                                 sorted((m["move"], m["after"]) for m in ranked))
                for m in legal:
                    self.assertEqual(guti.play(fen, m["move"]), m["after"])
                over = guti.game_over(fen)
                r = tb.probe(fen)
                self.assertEqual(over, {k: r[k] for k in over})
                self.assertEqual(over["over"], not legal)
        self.assertEqual(len(guti.legal_moves("T3T/5/5/5/T3T g 20")), 21)

    def test_game_over(self):
        self.assertEqual(guti.game_over("TGGT/GGGG/GGG1/T2T g 0"),
                         {"over": True, "result": "tigers", "reason": "3 goats captured",
                          "reachable": True})
        self.assertEqual(guti.game_over("TGGT/GGGG/GGGG/T2T t 0 100")["result"], "draw")
        self.assertEqual(guti.game_over("3/3/5/5/5/5/5/3/R2 b")["reason"],
                         "blue has no pieces left")
        self.assertEqual(guti.legal_moves("3/3/5/5/5/5/5/3/R2 b"), [])

    def test_material(self):
        for fen in ("T3T/5/5/5/T3T g 20", "3/3/5/2B2/5/2BB1/2R2/3/3 r", BC_START):
            show = subprocess.run([GUTI, "show", fen], capture_output=True, text=True,
                                  check=True).stdout
            with self.subTest(fen=fen):
                self.assertIn("; %s\n" % guti.material(fen), show)

    def test_board(self):
        b = guti.board()
        self.assertEqual((b["name"], b["columns"], b["rows"], len(b["points"])),
                         ("5x5", 5, 5, 25))
        self.assertEqual(b["points"][:6], ["a1", "b1", "c1", "d1", "e1", "a2"])
        self.assertEqual(b["coordinates"]["e5"], (4, 4))
        self.assertEqual(sorted(b["adjacent"]["a1"]), ["a2", "b1", "b2"])
        self.assertEqual(sorted(b["adjacent"]["b1"]), ["a1", "b2", "c1"])  # no diagonal there
        self.assertEqual(len(b["adjacent"]["c3"]), 8)
        s = guti.board("sixteen")
        self.assertEqual((s["name"], len(s["points"])), ("sixteen", 37))
        self.assertEqual(s["points"][:4] + s["points"][-1:], ["a1", "c1", "e1", "b2", "e9"])
        # every line goes both ways
        for g in (b, s, guti.board(board="4x4")):
            for p, qs in g["adjacent"].items():
                for q in qs:
                    self.assertIn(p, g["adjacent"][q])


class TestNotations(unittest.TestCase):
    """parse_position, format_position, convert_position, format_move and parse_move
    convert as guti convert does, both ways, along random 5x5 games."""

    @classmethod
    def setUpClass(cls):
        rng = random.Random(SEED + 31)
        cls.game = random_game("T3T/5/5/5/T3T g 20", 60, rng)

    def convert(self, to, text):
        return guti_json("convert", "--json", "--to", to, text)["output"]

    def test_positions(self):
        fens = [f for f, _ in self.game if f.count(" ") == 2]  # no clock: foreign ones have none
        self.assertGreater(len(fens), 15)
        for fen in fens:
            for n in ("baghchal", "obx"):
                with self.subTest(fen=fen, notation=n):
                    text = guti.format_position(fen, n)
                    self.assertEqual(text, self.convert(n, fen))
                    self.assertEqual(guti.parse_position(text), (fen, n))
                    self.assertEqual(guti.parse_position(text, n), (fen, n))
                    self.assertEqual(guti.convert_position(text, "guti"), fen)
                    other = "obx" if n == "baghchal" else "baghchal"
                    self.assertEqual(guti.convert_position(text, other),
                                     guti.format_position(fen, other))
            self.assertEqual(guti.parse_position(fen), (fen, "guti"))

    def test_moves(self):
        moves = [m for _, m in self.game if m]
        for n in ("baghchal", "obx"):
            out = self.convert(n, " ".join(moves))
            if n == "baghchal":  # a PGN: 1. G33 B5152 2. ...
                want = [w.rstrip("#") for w in out.split() if not w.endswith(".")]
            else:  # one position per line, each with the move that led to it
                want = [line.split(" ")[4] for line in out.splitlines()[1:]]
            got = [guti.format_move(f, m, n) for f, m in self.game if m]
            self.assertEqual(got[:len(want)], want[:len(got)])
            self.assertEqual(len(got), len(moves))
            for (f, m), text in zip(self.game, got):
                self.assertEqual(guti.parse_move(f, text, n), m)
        f, m = self.game[0]
        self.assertEqual(guti.parse_move(f, m.upper(), "guti"), m)

    def test_errors(self):
        for call, text in ((lambda: guti.format_position(BC_START, "obx"), "5x5"),
                           (lambda: guti.format_position("T3T/5/5/5/T3T g 20", "fen"),
                            "notation 'fen': expected one of guti, baghchal, obx"),
                           (lambda: guti.parse_position("B3B/5/5/5/B3B G 0", "obx"), ""),
                           (lambda: guti.parse_move("T3T/5/5/5/T3T g 20", "G99", "baghchal"),
                            "move 'G99': no legal move"),
                           (lambda: guti.format_move("T3T/5/5/5/T3T g 20", "a1", "obx"),
                            "move 'a1': a1 is occupied")):
            with self.assertRaises(guti.Error) as cm:
                call()
            self.assertEqual(cm.exception.status, guti.EINPUT)
            self.assertIn(text, str(cm.exception))


class TestTablesMore(unittest.TestCase):
    """probe_move, best_move, principal_variation, analyze, variants and cache_stats agree
    with moves() and with guti query --pv and guti game --analyze --json."""

    @classmethod
    def setUpClass(cls):
        rng = random.Random(SEED + 32)
        cls.rng = rng
        with guti.open(BC) as tb:
            cls.fens = list(dict.fromkeys(random_walks(tb, [BC_START], 20, 60, rng)))

    def test_probe_move_and_best_move(self):
        with guti.open(BC) as tb:
            for fen in self.rng.sample(self.fens, 60):
                ms = tb.moves(fen)
                with self.subTest(fen=fen):
                    if not ms:
                        with self.assertRaises(guti.Error) as cm:
                            tb.best_move(fen)
                        self.assertEqual(cm.exception.status, guti.EINPUT)
                        continue
                    self.assertEqual(tb.best_move(fen), ms[0])
                    for m in ms:
                        self.assertEqual(tb.probe_move(fen, m["move"].upper()), m)
            with self.assertRaises(guti.Error) as cm:
                tb.probe_move(BC_START, "a1")
            self.assertIn("move 'a1'", str(cm.exception))

    def test_principal_variation_equals_query(self):
        fens = [f for f in self.rng.sample(self.fens, 40)]
        answers = [guti_json("query", "--dir", BC, "--json", "--pv", f) for f in fens]
        kinds = set()
        with guti.open(BC) as tb:
            for fen, want in zip(fens, answers):
                with self.subTest(fen=fen):
                    n = 40 if want["value"] == "draw" else 200
                    self.assertEqual(tb.principal_variation(fen, n), want["pv"])
                    kinds.add(want["value"])
            self.assertEqual(tb.principal_variation(BC_START, 3), want_pv(BC, BC_START)[:3])
            self.assertEqual(tb.principal_variation(BC_START, 0), [])
        self.assertLessEqual({"win", "loss"}, kinds)

    def test_analyze_equals_game_analyze(self):
        rng = random.Random(SEED + 33)
        five = "3/3/5/2B2/5/2BB1/2RR1/3/3 r"  # 5 pieces: no table until a capture
        for directory, start, rules, plies in ((BC, BC_START, "standard", 70),
                                               (SS, "3/3/5/2B2/5/2BB1/2R2/3/3 r", "optional", 40),
                                               (SS, five, "optional", 8)):
            with guti.open(directory) as tb:
                for _ in range(4):
                    first = []
                    if start == five:
                        first = [rng.choice([m["move"] for m in guti.legal_moves(start)
                                             if "x" in m["move"]])]
                    game = random_game(guti.play(start, first[0]) if first else start, plies, rng)
                    moves = first + [m for _, m in game if m]
                    name = "sixteen" if start.count("/") == 8 else "baghchal"
                    board = '[Board "4x4"]\n' if name == "baghchal" else ""
                    record = '[Game "%s"]\n[Rules "%s"]\n%s[FEN "%s"]\n\n%s\n' % (
                        name, rules, board, start, " ".join(moves))
                    want = guti_json("game", "-", "--json", "--analyze", "--dir", directory,
                                     stdin=record)
                    got = tb.analyze(start, moves)
                    with self.subTest(start=start, moves=moves):
                        self.assertEqual(len(got["moves"]), len(want["moves"]))
                        for g, w in zip(got["moves"], want["moves"]):
                            if not (w["mistake"] or w["slower"] or w["faster_loss"]):
                                self.assertTrue(w["best"] is None)
                                w = dict(w, best=g["best"])  # the module gives it always
                            self.assertEqual(g, w)
                        s = dict(got["summary"])
                        for k in ("final", "over", "result", "reason"):
                            s.pop(k, None)
                        w = {k: v for k, v in want["summary"].items()
                             if k not in ("result", "winner", "reason")}
                        self.assertEqual(s, w)
                        self.assertEqual(got["summary"]["final"], want["final"])
                        self.assertEqual(got["summary"]["over"],
                                         not guti.legal_moves(want["final"]))
        # the last games: 5 pieces, no table: unknown, the table named
        self.assertEqual(got["summary"]["missing"],
                         [query_error(SS, five).replace("operand 1: ", "")])
        self.assertEqual(got["summary"]["start"]["value"], "unknown")
        self.assertEqual(got["summary"]["start"]["missing"], 0)
        self.assertEqual(got["summary"]["unknown"], 1)
        with guti.open(SS) as tb:  # no position answered: ENOTABLE, naming the table
            with self.assertRaises(guti.Error) as cm:
                tb.analyze(five, [])
            self.assertEqual(cm.exception.status, guti.ENOTABLE)
            self.assertEqual(str(cm.exception), query_error(SS, five))
        with guti.open(BC) as tb:
            with self.assertRaises(guti.Error) as cm:
                tb.analyze(BC_START, ["b1", "a1"])
            self.assertIn("move 2", str(cm.exception))
            a = tb.analyze("TGGT/GGGG/GGGG/T2T t 0 99", ["a1-b1"])
            self.assertEqual((a["summary"]["over"], a["summary"]["result"]), (True, "draw"))

    def test_variants_and_cache_stats(self):
        with guti.open(BC) as tb:
            self.assertEqual(tb.variants(), [{"game": "baghchal", "rules": "standard",
                                              "board": "4x4"}])
            before = tb.cache_stats()
            tb.probe(BC_START)
            after = tb.cache_stats()
            self.assertGreater(after["hits"] + after["misses"], before["hits"] + before["misses"])
            self.assertEqual(set(after), {"hits", "misses", "evictions", "bytes_read",
                                          "bytes_decompressed", "bytes_held", "blocks_held"})
        empty = os.path.join(TMP, "empty-variants")
        os.makedirs(empty, exist_ok=True)
        with guti.open(empty, 1 << 20) as tb:
            self.assertEqual(tb.variants(), [])


def want_pv(directory, fen):
    """guti query --pv's principal variation of fen."""
    return guti_json("query", "--dir", directory, "--json", "--pv", fen)["pv"]


class TestTypes(unittest.TestCase):
    """An argument of the wrong type raises TypeError naming the function and the argument,
    before the library sees it."""

    def test_type_errors(self):
        os.makedirs(os.path.join(TMP, "empty"), exist_ok=True)
        tb = guti.open(BC)
        self.addCleanup(tb.close)
        calls = [
            ("probe", "fen", lambda: tb.probe(None)),
            ("probe", "fen", lambda: tb.probe(b"T2T/4/4/T2T g 12")),
            ("probe", "rules", lambda: tb.probe(BC_START, rules=1)),
            ("probe", "limit", lambda: tb.probe(BC_START, limit="20")),
            ("probe", "limit", lambda: tb.probe(BC_START, limit=20.0)),
            ("probe", "limit", lambda: tb.probe(BC_START, limit=True)),
            ("moves", "fen", lambda: tb.moves(12)),
            ("moves", "limit", lambda: tb.moves(BC_START, limit=[20])),
            ("probe_move", "move", lambda: tb.probe_move(BC_START, 3)),
            ("best_move", "fen", lambda: tb.best_move(["x"])),
            ("principal_variation", "max_moves", lambda: tb.principal_variation(BC_START, "9")),
            ("analyze", "moves", lambda: tb.analyze(BC_START, "b1 a1")),
            ("analyze", "moves", lambda: tb.analyze(BC_START, ["b1", 2])),
            ("analyze", "moves", lambda: tb.analyze(BC_START, 5)),
            ("analyze", "start", lambda: tb.analyze(None, [])),
            ("norepeat", "budget", lambda: tb.norepeat(BC_START, budget=2.5)),
            ("norepeat", "budget", lambda: tb.norepeat(BC_START, budget="10")),
            ("norepeat", "moves", lambda: tb.norepeat(BC_START, "b1")),
            ("norepeat", "start", lambda: guti.norepeat(1)),
            ("open", "directory", lambda: guti.open(None)),
            ("open", "directory", lambda: guti.open(3)),
            ("open", "cache_bytes", lambda: guti.open(BC, "64")),
            ("play", "move", lambda: guti.play(BC_START, None)),
            ("play", "fen", lambda: guti.play(None, "b1")),
            ("play", "rules", lambda: guti.play(BC_START, "b1", rules=b"standard")),
            ("start", "game", lambda: guti.start(1)),
            ("start", "board", lambda: guti.start("baghchal", board=4)),
            ("legal_moves", "fen", lambda: guti.legal_moves(None)),
            ("game_over", "fen", lambda: guti.game_over(1.5)),
            ("material", "fen", lambda: guti.material(None)),
            ("board", "game", lambda: guti.board(None)),
            ("parse_position", "text", lambda: guti.parse_position(None)),
            ("parse_position", "notation", lambda: guti.parse_position(BC_START, 1)),
            ("format_position", "notation", lambda: guti.format_position(BC_START, None)),
            ("convert_position", "to", lambda: guti.convert_position(BC_START, 2)),
            ("format_move", "move", lambda: guti.format_move(BC_START, 1, "obx")),
            ("parse_move", "text", lambda: guti.parse_move(BC_START, None, "obx")),
        ]
        for func, arg, call in calls:
            with self.subTest(func=func, arg=arg):
                with self.assertRaises(TypeError) as cm:
                    call()
                self.assertRegex(str(cm.exception),
                                 r"^%s\(\) argument '%s'(: item \d+)? must be " % (func, arg))
        # a path-like directory is a directory
        with guti.open(pathlib.Path(BC)) as t2:
            self.assertEqual(t2.probe(BC_START)["value"], "loss")
        with self.assertRaises(guti.Error):
            guti.open(BC, -1)


# A C program that probes through libguti with guti_position.limit set, as the module must:
# each input line "LIMIT FEN"; for it one line "value dtm value_now clock limit over class
# dtc" (names, -1 for none) and one line per move "move value_now class dtc" (or "error
# STATUS MESSAGE"). The FEN is read as guti_probe_fen reads it (rules from the tables).
LIMIT_PROBE_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <guti.h>
static void result(const struct guti_result *r) {
    printf("%s %d %s %d %d %d %s %d", guti_value_name(r->value), r->dtm,
           guti_value_name(r->value_now), r->clock, r->limit, r->over,
           guti_class_name(r->dtc_class), r->dtc);
}
int main(int argc, char **argv) {
    guti_tables *t;
    struct guti_error e;
    if (argc < 2 || guti_open(argv[1], 0, &t, &e)) return 2;
    static struct guti_scored_move ms[256];
    char line[300];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *fen = strchr(line, ' ');
        if (!fen) return 2;
        *fen++ = 0;
        struct guti_position p;
        struct guti_result r;
        int n = 0, rc = guti_parse_fen(fen, NULL, &p, &e);
        p.variant.rules[0] = 0;
        p.limit = atoi(line);
        if (!rc) rc = guti_probe(t, &p, &r, &e);
        if (!rc && !r.over) rc = guti_probe_moves(t, &p, ms, 256, &n, &e);
        if (rc) { printf("error %d %s\n", rc, e.message); continue; }
        result(&r);
        printf(" %d\n", n);
        for (int k = 0; k < n; k++) {
            printf("  %s ", ms[k].move.text);
            result(&ms[k].result);
            printf("\n");
        }
    }
    guti_close(t);
    return 0;
}
"""


class TestLimit(Comparing):
    """limit=L reads the counting-rule tables made with guti solve --dtc --limit L: the
    module gives what libguti gives with guti_position.limit set (a C program probes the
    same positions), value and DTM stay the game's, and the rule at 20 half-moves is not
    the rule at 100."""

    @classmethod
    def setUpClass(cls):
        cls.dirs = {}
        for name, src, args in (("bc-L20", BC, ["baghchal", "--board", "4x4"]),
                                ("ss-L20", SS, ["sixteen", "--pieces", "3"])):
            d = cls.dirs[name] = os.path.join(TMP, name)
            shutil.copytree(src, d, dirs_exist_ok=True)
            subprocess.run([GUTI, "solve"] + args + ["--dtc", "--limit", "20", "--dir", d,
                                                     "--quiet"],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        exe = os.path.join(TMP, "limit_probe")
        c = exe + ".c"
        with open(c, "w") as f:
            f.write(LIMIT_PROBE_C)
        subprocess.run([os.environ.get("CC", "cc"), "-std=c11", "-I",
                        os.path.join(ROOT, "solver"), c, "-o", exe, "-L", BUILD, "-lguti",
                        "-Wl,-rpath," + BUILD], check=True)
        cls.exe = exe
        rng = random.Random(SEED + 40)
        with guti.open(cls.dirs["bc-L20"]) as tb:
            walked = random_walks(tb, [BC_START], 30, 80, rng)
        movement = [f for f in walked if f.split(" ")[2] == "0"]
        late = [with_clock(f, rng.randrange(21))
                for f in rng.sample(movement, min(150, len(movement)))]
        cls.bc = list(dict.fromkeys(walked + late))
        starts = [random_sixteen(rng) for _ in range(300)]
        starts = [s for s in starts if s.count("R") + s.count("B") <= 3]
        cls.ss = [with_clock(f, rng.randrange(21)) for f in starts]

    def c_probe(self, directory, limit, fens):
        """The C program's lines for fens at limit, split per position."""
        out = subprocess.run([self.exe, directory], input="".join(
            "%d %s\n" % (limit, f) for f in fens), capture_output=True, text=True,
            check=True).stdout
        blocks = []
        for line in out.splitlines():
            if line.startswith("  "):
                blocks[-1].append(line.split())
            else:
                blocks.append([line.split(" ", 2) if line.startswith("error") else line.split()])
        self.assertEqual(len(blocks), len(fens))
        return blocks

    @staticmethod
    def as_c(d):
        """A module result's fields as the C program prints them."""
        none = {None: "unknown"}
        return [d["value"], str(-1 if d["dtm"] is None else d["dtm"]),
                none.get(d["value_now"], d["value_now"])] + \
            ([str(d["clock"]), str(d["limit"]), str(int(d["over"]))] if "clock" in d else []) + \
            [none.get(d["class"], d["class"]), str(-1 if d["dtc"] is None else d["dtc"])]

    def test_equals_query(self):
        """probe(limit=L) and moves(limit=L) are guti query --limit L --json, field for
        field (a clock beyond the limit: the same error)."""
        answers = []
        for name, fens in (("bc-L20", self.bc), ("ss-L20", self.ss)):
            answers += self.compare(self.dirs[name], fens, limit=20)
        self.assertTrue(all(a["limit"] == 20 for a in answers if "error" not in a))
        self.assertGreater(len([a for a in answers if "error" not in a]), 800)
        self.assertTrue(any("past the counting rule's limit" in a.get("error", "")
                            for a in answers))
        self.compare(self.dirs["bc-L20"], self.bc[:100], limit=100)

    def test_equals_the_library(self):
        for name, fens in (("bc-L20", self.bc), ("ss-L20", self.ss)):
            directory = self.dirs[name]
            with guti.open(directory) as tb:
                for limit in (20, 0, 100 if name == "bc-L20" else 80):
                    for fen, block in zip(fens, self.c_probe(directory, limit, fens)):
                        with self.subTest(fen=fen, limit=limit):
                            head = block[0]
                            if head[0] == "error":
                                with self.assertRaises(guti.Error) as cm:
                                    tb.probe(fen, limit=limit)
                                self.assertEqual((cm.exception.status, str(cm.exception)),
                                                 (int(head[1]), head[2]))
                                continue
                            r = tb.probe(fen, limit=limit)
                            self.assertEqual(self.as_c(r) + [str(len(block) - 1)], head)
                            ms = tb.moves(fen, limit=limit)
                            self.assertEqual([[m["move"]] + self.as_c(m) for m in ms],
                                             [[b[0]] + b[1:4] + b[7:] for b in block[1:]])

    def test_the_rule_at_20(self):
        """At 20 half-moves: the limit given back, value and DTM unchanged, classes and
        value_now not always the game's; a clock of 20 is a draw, beyond it an error; limit
        None, 0 and 100 are the same tables."""
        differ = 0
        with guti.open(self.dirs["bc-L20"]) as tb:
            for fen in self.bc:
                own = tb.probe(fen)
                if own["clock"] >= 20:
                    continue
                with self.subTest(fen=fen):
                    at20 = tb.probe(fen, limit=20)
                    self.assertEqual(tb.probe(fen, limit=100), own)
                    self.assertEqual(tb.probe(fen, limit=0), own)
                    self.assertEqual((at20["limit"], own["limit"]), (20, 100))
                    self.assertEqual((at20["value"], at20["dtm"]), (own["value"], own["dtm"]))
                    if at20["class"] in ("win", "cursed_win") and at20["dtc"] is not None:
                        self.assertEqual(at20["value_now"] == "win",
                                         at20["dtc"] + at20["clock"] <= 20)
                    # a win the rule lets stand at 100 but not at 20: its clock moved on
                    # to 21 - DTC (a movement position; its DTC at 20 is no shorter)
                    if own["class"] == "win" and own["dtc"] and own["dtc"] <= 20 and \
                            fen.split(" ")[2] == "0" and at20["class"] == "win":
                        late = with_clock(fen, 21 - at20["dtc"])
                        self.assertEqual(tb.probe(late)["value_now"], "win")
                        self.assertNotEqual(tb.probe(late, limit=20)["value_now"], "win")
                        differ += 1
            self.assertGreater(differ, 20)
            fen = "TGGT/GGGG/GGGG/T2T t 0 20"
            r = tb.probe(fen, limit=20)
            self.assertEqual((r["over"], r["result"], r["reason"]),
                             (True, "draw", "20 half-moves without capture or placement"))
            self.assertEqual(tb.moves(fen, limit=20), [])
            self.assertFalse(tb.probe(fen)["over"])
            with self.assertRaises(guti.Error) as cm:
                tb.probe("TGGT/GGGG/GGGG/T2T t 0 21", limit=20)
            self.assertEqual(cm.exception.status, guti.EINPUT)
            self.assertIn("clock 21 is past the counting rule's limit, 20", str(cm.exception))
            for bad in (-1, 30001, 1 << 40):
                with self.assertRaises(guti.Error) as cm:
                    tb.probe(BC_START, limit=bad)
                self.assertEqual(str(cm.exception), "position: limit %d: expected 0 (the "
                                 "game's own) or 1 to 30000 half-moves" % bad)
            # no tables of limit 30: no class, value_now only where the plain tables tell
            r = tb.probe(BC_START, limit=30)
            self.assertEqual((r["limit"], r["class"], r["dtc"]), (30, None, None))

    def test_everywhere_a_probe_happens(self):
        """probe_move, best_move, principal_variation and analyze read the same tables;
        game_over, legal_moves and play end the game at the limit."""
        with guti.open(self.dirs["bc-L20"]) as tb:
            checked = 0
            for fen in self.bc[::7]:
                ms = tb.moves(fen, limit=20)
                if not ms:
                    continue
                checked += 1
                with self.subTest(fen=fen):
                    self.assertEqual(tb.best_move(fen, limit=20), ms[0])
                    for m in ms:
                        self.assertEqual(tb.probe_move(fen, m["move"], limit=20), m)
                    pv = tb.principal_variation(fen, 40, limit=20)
                    cur = fen
                    for k, move in enumerate(pv):
                        self.assertEqual(move, tb.best_move(cur, limit=20)["move"])
                        cur = guti.play(cur, move, limit=20)
                    self.assertTrue(len(pv) == 40 or guti.game_over(cur, limit=20)["over"])
                    a = tb.analyze(fen, pv[:6], limit=20)
                    self.assertEqual(a["summary"]["start"]["class"],
                                     tb.probe(fen, limit=20)["class"])
                    for mv in a["moves"]:
                        r = tb.probe(mv["fen"], limit=20)
                        self.assertEqual({k: mv["before"][k] for k in
                                          ("value", "dtm", "value_now", "class", "dtc")},
                                         {k: r[k] for k in
                                          ("value", "dtm", "value_now", "class", "dtc")})
            self.assertGreater(checked, 20)
        fen = "TGGT/GGGG/GGGG/T2T t 0 19"
        after = guti.play(fen, "a1-b1", limit=20)
        self.assertEqual(after, "TGGT/GGGG/GGGG/1T1T g 0 20")
        self.assertTrue(guti.game_over(after, limit=20)["over"])
        self.assertFalse(guti.game_over(after)["over"])
        self.assertEqual(guti.legal_moves(after, limit=20), [])
        self.assertTrue(guti.legal_moves(after))

class TestSearchPath(unittest.TestCase):
    """The library's search path: $GUTI_LIBRARY, the checkout's build/, the prefix's lib,
    the linker's path; every path absolute, none made from the current directory."""

    def run_in(self, cwd, code, pythonpath, library=None):
        env = {k: v for k, v in os.environ.items() if k != "GUTI_LIBRARY"}
        if library:
            env["GUTI_LIBRARY"] = library
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=cwd, env=dict(env, PYTHONPATH=pythonpath))
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    CODE = ("import json, os, guti\nos.chdir(%r)\n"
            "print(json.dumps([guti.library_search_path(), guti.library_path()]))\n")

    def test_checkout_from_a_relative_path(self):
        """The module imported by a relative path from the checkout's parent folder, the
        process then elsewhere: the checkout's build/ all the same, nothing relative, no
        libguti.so.0 of the checkout's parent folder."""
        parent = os.path.dirname(ROOT)
        rel = os.path.join(os.path.basename(ROOT), "python")
        candidates, found = self.run_in(parent, self.CODE % TMP, rel)
        self.assertEqual(candidates, [os.path.join(os.path.realpath(ROOT), "build",
                                                   "libguti.so.0")])
        self.assertEqual(found, candidates[0])
        self.assertNotIn(os.path.join(parent, "libguti.so.0"), candidates)

    def test_installed_prefix(self):
        """The module where make install puts it finds PREFIX/lib/libguti.so.0; a module
        copied anywhere else has no candidate but the linker's path."""
        prefix = os.path.join(TMP, "prefix")
        site = os.path.join(prefix, "lib", "python3", "dist-packages")
        shutil.copytree(os.path.join(ROOT, "python", "guti"), os.path.join(site, "guti"),
                        dirs_exist_ok=True)
        shutil.copy(LIBRARY, os.path.join(prefix, "lib", "libguti.so.0"))
        candidates, found = self.run_in(TMP, self.CODE % "/", os.path.relpath(site, TMP))
        self.assertEqual(candidates, [os.path.join(os.path.realpath(prefix), "lib",
                                                   "libguti.so.0")])
        self.assertEqual(found, candidates[0])
        lone = os.path.join(TMP, "lone2", "python", "guti")
        shutil.copytree(os.path.join(ROOT, "python", "guti"), lone, dirs_exist_ok=True)
        p = subprocess.run([sys.executable, "-c", "import guti; print(guti.library_search_path())"],
                           capture_output=True, text=True, cwd=TMP,
                           env=dict({k: v for k, v in os.environ.items() if k != "GUTI_LIBRARY"},
                                    PYTHONPATH=os.path.dirname(lone)))
        self.assertEqual(p.stdout, "[]\n", p.stderr)

    def test_guti_library_relative(self):
        """A relative $GUTI_LIBRARY is made absolute (dlopen would search the linker's path
        for a name without a slash, whatever the current directory holds)."""
        candidates, found = self.run_in(BUILD, self.CODE % "/", os.path.join(ROOT, "python"),
                                        library="libguti.so.0")
        self.assertEqual(candidates, [LIBRARY])
        self.assertEqual(found, LIBRARY)
        d = os.path.join(TMP, "a-directory")
        os.makedirs(d, exist_ok=True)
        env = dict(os.environ, GUTI_LIBRARY=d, PYTHONPATH=os.path.join(ROOT, "python"))
        p = subprocess.run([sys.executable, "-c", "import guti\ntry:\n    guti.open('.')\n"
                            "except guti.Error as e:\n    print(e.status, e)\n"],
                           capture_output=True, text=True, env=env)
        self.assertIn("-5 GUTI_LIBRARY is %s, which is not a file" % d, p.stdout)

    def test_module_docstring_gives_the_order(self):
        doc = guti.__doc__
        steps = [doc.index(s) for s in ("``$GUTI_LIBRARY``", "``build/libguti.so.0`` of the guti "
                                        "checkout", "in the ``lib`` directory of the prefix",
                                        "system's linker path")]
        self.assertEqual(steps, sorted(steps))

AD_ROWS = [3, 3, 5, 5, 5, 5, 5]  # Adugo's rows, top first, as a FEN has them
AD_VARIANTS = ("optional-d4-k2", "forced-d4-k2")  # the jaguar against 4 dogs, 2 captures win
AD_LIMIT = 20  # the counting rule's tables made for them (Adugo has no rule of its own)


def random_adugo(rng):
    """A random Adugo position of the small variants: the jaguar and 2 to 4 dogs (2: the
    game is over), either side to move."""
    dogs = rng.choice([2, 3, 3, 4, 4, 4])
    cells = [None] * sum(AD_ROWS)
    for i, p in enumerate(rng.sample(range(len(cells)), dogs + 1)):
        cells[p] = "J" if i == 0 else "D"
    rows, k = [], 0
    for width in AD_ROWS:
        row, empty = "", 0
        for c in cells[k:k + width]:
            if c:
                row += (str(empty) if empty else "") + c
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
        k += width
    return "%s %s" % ("/".join(rows), rng.choice("jd"))


class TestAdugo(Comparing):
    """A third game through the module with nothing of its own there: Adugo's small variants
    solved here under both capture rules (with the counting rule's tables of a limit of
    AD_LIMIT, read with limit=), random positions and the games that follow compared with
    guti query; the games' list, its start, board and moves without tables."""

    @classmethod
    def setUpClass(cls):
        if "adugo" not in guti.games():  # a checkout from before the game's module
            raise unittest.SkipTest("libguti has no game adugo")
        cls.dir = os.path.join(TMP, "adugo")
        for rules in AD_VARIANTS:
            subprocess.run([GUTI, "solve", "adugo", "--rules", rules, "--dtc", "--limit",
                            str(AD_LIMIT), "--dir", cls.dir, "--quiet"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rng = random.Random(SEED + 3)
        cls.start = guti.start("adugo", rules=AD_VARIANTS[0])
        cls.fens = {}
        for rules in AD_VARIANTS:
            starts = [random_adugo(rng) for _ in range(200)] + [cls.start]
            with guti.open(cls.dir) as tb:
                walked = []
                for _ in range(100):  # random_walks under these rules, within the limit
                    fen = rng.choice(starts)
                    for _ in range(AD_LIMIT - 1):
                        walked.append(fen)
                        ms = tb.moves(fen, rules=rules)
                        if not ms:
                            break
                        fen = rng.choice(ms)["after"]
            cls.fens[rules] = list(dict.fromkeys(starts + walked))
        cls.rng = rng

    def test_games_list_it(self):
        self.assertEqual(guti.games()[:2], ["baghchal", "sixteen"])
        self.assertIn("adugo", guti.games())
        self.assertEqual(guti.start("adugo"), "3/3/5/5/DDJDD/DDDDD/DDDDD j")
        self.assertEqual(self.start, "3/3/5/5/DDJDD/5/5 j")
        with guti.open(self.dir) as tb:
            self.assertEqual(tb.variants(), [{"game": "adugo", "rules": r, "board": "adugo"}
                                             for r in sorted(AD_VARIANTS)])

    def test_probe_and_moves_equal_query(self):
        for rules in AD_VARIANTS:
            answers = self.compare(self.dir, self.fens[rules], rules=rules, limit=AD_LIMIT)
            self.assertGreater(len(answers), 500)
            self.assertEqual({a.get("value") for a in answers}, {"win", "draw", "loss"})
            self.assertGreater(sum(1 for a in answers if a.get("over")), 5)
            self.assertFalse([a for a in answers if "error" in a])

    def test_afters_are_the_moves_played(self):
        for rules in AD_VARIANTS:
            with guti.open(self.dir) as tb:
                for fen in self.rng.sample(self.fens[rules], 60):
                    for m in tb.moves(fen, rules=rules):
                        self.assertEqual(guti.play(fen, m["move"], rules=rules), m["after"])

    def test_principal_variation_equals_query(self):
        with guti.open(self.dir) as tb:
            for fen in self.rng.sample(self.fens["optional-d4-k2"], 30):
                if tb.probe(fen, rules="optional-d4-k2")["over"]:
                    continue
                self.assertEqual(tb.principal_variation(fen, max_moves=40), want_pv(self.dir, fen))

    def test_without_tables(self):
        b = guti.board("adugo")
        self.assertEqual((b["name"], b["columns"], b["rows"], len(b["points"])), ("adugo", 5, 7, 31))
        self.assertEqual(sum(len(v) for v in b["adjacent"].values()), 2 * 66)
        self.assertEqual(len(b["adjacent"]["c5"]), 8)
        self.assertEqual(sorted(b["adjacent"]["a7"]), ["b6", "c7"])
        moves = [m["move"] for m in guti.legal_moves("3/3/5/3D1/5/2D2/D1J1D j", "optional-d4-k2")]
        self.assertIn("c1xc3xe5", moves)
        self.assertIn("c1xc3", moves)
        forced = [m["move"] for m in guti.legal_moves("3/3/5/3D1/5/2D2/D1J1D j", "forced-d4-k2")]
        self.assertEqual(forced, ["c1xc3xe5"])
        after = guti.play("3/3/5/3D1/5/2D2/D1J1D j", "c1xc3xe5", rules="optional-d4-k2")
        self.assertEqual(guti.game_over(after, rules="optional-d4-k2"),
                         {"over": True, "result": "jaguar", "reason": "2 dogs captured",
                          "reachable": True})
        self.assertIn("dogs on the board 4", guti.material(self.start, rules="optional-d4-k2"))


if __name__ == "__main__":
    unittest.main()
