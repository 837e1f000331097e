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
import json
import os
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


def query(directory, fens, rules=None):
    """guti query --json's answers to fens (one per line on stdin), as dicts."""
    cmd = [GUTI, "query", "--dir", directory, "--json"] + (["--rules", rules] if rules else [])
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

    def compare(self, directory, fens, rules=None):
        """Every field of probe() and moves() equals guti query --json's, moves in the same
        order; an input query cannot answer raises guti.Error with query's message. Returns
        query's answers."""
        answers = query(directory, fens, rules)
        with guti.open(directory) as tb:
            for fen, want in zip(fens, answers):
                with self.subTest(fen=fen, rules=rules):
                    if "error" in want:
                        with self.assertRaises(guti.Error) as cm:
                            tb.probe(fen, rules=rules)
                        self.assertEqual(str(cm.exception), want["error"])
                        continue
                    want = dict(want)
                    want_moves = want.pop("moves")
                    self.assertEqual(tb.probe(fen, rules=rules), want)
                    got_moves = tb.moves(fen, rules=rules)
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


def query_norepeat(directory, rules, start, moves, budget=None):
    """guti query --rules RULES --history RECORD --json's answer (a dict) for the game of
    moves from start, or its error message (a str) less "guti: query: --history FILE: "."""
    record = os.path.join(TMP, "norepeat.txt")
    with open(record, "w") as f:
        n = start.split(" ")[0].count("/") + 1
        f.write('[Game "baghchal"]\n[Rules "%s"]\n[Board "%dx%d"]\n[FEN "%s"]\n\n%s\n'
                % (rules, n, n, start, " ".join(moves)))
    p = subprocess.run([GUTI, "query", "--dir", directory, "--rules", rules, "--history", record,
                        "--json"] + (["--budget", str(budget)] if budget else []),
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
            for budget in (-1, 1 << 64, 2.5, "10"):
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


class TestErrors(unittest.TestCase):
    """guti.Error carries the library's message (guti query's, less its prefix) and status."""

    BAD = ["xx", "", "T3T/6/5/5/T3T g 20", "T2T/4/4/T2T x 12", "T2T/4/4/T2T g 12 5",
           "TGGT/GGGG/GGGG/T2T t 0 120", "T2T/4/4/T2T  g 12", "TGGT/GGGG/GGGG/GGGT g 0 100",
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
                (os.path.join(TMP, "empty"), BC_START, "baghchal-4x4-standard-h12-c0-g.wdl")):
            with self.subTest(fen=fen), guti.open(directory) as tb:
                for call in (tb.probe, tb.moves):
                    with self.assertRaises(guti.Error) as cm:
                        call(fen)
                    self.assertEqual(cm.exception.status, guti.ENOTABLE)
                    self.assertIn(os.path.join(directory, table), str(cm.exception))
                    self.assertIn("make it with: guti solve", str(cm.exception))
                    self.assertEqual(str(cm.exception), query_error(directory, fen))

    def test_unreadable_directory(self):
        path = os.path.join(TMP, "a-file")
        with open(path, "w"):
            pass
        with self.assertRaises(guti.Error) as cm:
            guti.open(path)
        self.assertEqual(cm.exception.status, guti.EIO)
        p = subprocess.run([GUTI, "query", "--dir", path, BC_START], capture_output=True,
                           text=True)
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
                                                  "clock"]),
                  "guti_error": ("_ErrorBuf", ["message"]),
                  "guti_move": ("_Move", ["text", "after"]),
                  "guti_result": ("_Result", ["variant", "value", "dtm", "value_now", "clock",
                                              "limit", "over", "winner", "reachable", "reason",
                                              "dtc_class", "dtc", "reserved"]),
                  "guti_scored_move": ("_ScoredMove", ["move", "result"]),
                  "guti_norepeat_result": ("_NorepeatResult", ["position", "value", "nodes",
                                                               "budget", "has_best", "best",
                                                               "over", "winner", "reason",
                                                               "bounded"])}
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


class TestReadmeExample(unittest.TestCase):
    """examples/label.py is the README's Python example, and it labels every position of a
    game record as guti query values it (or, beyond the tables, says which table)."""

    EXAMPLE = os.path.join(ROOT, "examples", "label.py")

    def test_readme_shows_the_example(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        blocks = re.findall(r"^```python\n(.*?)^```\n", readme, re.M | re.S)
        with open(self.EXAMPLE, encoding="utf-8") as f:
            self.assertIn(f.read(), blocks)

    def test_readme_snippet(self):
        """The README's first Python lines run against tables made as they say, and give
        what their comments say."""
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        code = re.search(r"^```python\n(import guti .*?)^```\n", readme, re.M | re.S).group(1)
        self.assertIn("solve baghchal --board 4x4 --dtc --dir tables-4x4", code)
        names = {}
        exec(code.replace('"tables-4x4"', repr(BC)), names)
        self.assertEqual((names["r"]["value"], names["r"]["dtm"]), ("loss", None))
        self.assertEqual((names["ms"][0]["move"], names["ms"][0]["value"]), ("b1", "loss"))

    def test_readme_output(self):
        """The output the README shows for examples/game-4x4.txt is the example's: each line
        shown, its parts between the "..."s, is in a line of the output."""
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            readme = f.read()
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


if __name__ == "__main__":
    unittest.main()
