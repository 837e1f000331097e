#!/usr/bin/env python3
"""Writes the fuzz harnesses' seed corpus, fuzz/corpus/HARNESS/, from the test records,
positions along real games, the small tables of fuzz/tables.sh and requests to guti serve.
Run from the checkout after make, make build/libguti.so.0.4.0 and make fuzz-build (or sh
fuzz/tables.sh build/guti build/fuzz/tables); the corpus is committed, so this is only
for making it again:

    GUTI_LIBRARY=build/libguti.so.0 python3 fuzz/make_corpus.py build/guti build/fuzz/tables

Each seed is named after what it holds. The first byte of most seeds is the harness's
control byte (see the comment at the top of each fuzz/fuzz_*.c)."""

import json
import os
import re
import shutil
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import guti  # noqa: E402

GUTI, TABLES = sys.argv[1], sys.argv[2]
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
seeds = {}


def add(harness, name, data):
    if isinstance(data, str):
        data = data.encode()
    name = re.sub(r"[^A-Za-z0-9_.+-]", "_", name)[:80]
    seeds.setdefault(harness, {})[name] = data


def run(*args):
    return subprocess.run([GUTI] + list(args), capture_output=True, text=True).stdout


def legal_moves(fen, rules=None):
    args = ["show", fen, "--json"] + (["--rules", rules] if rules else [])
    out = run(*args)
    return json.loads(out)["moves"] if out else []


def convert(fen, to):
    return run("convert", "--to", to, fen).strip()


def record_moves(text):
    """The moves of a record in guti's notation: tags, comments, numbers and results out."""
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = "\n".join(l for l in text.splitlines() if not l.startswith("["))
    words = [re.sub(r"^\d+\.+", "", w) for w in text.split()]
    return [w for w in words if w and w not in ("tigers", "goats", "red", "blue", "draw", "*")]


def replay(start, moves, rules=None):
    fens = [start]
    for m in moves:
        try:
            fens.append(guti.play(fens[-1], m, rules))
        except guti.Error:
            break
    return fens


RECORDS = "tests/records"
STARTS = {"5x5": "T3T/5/5/5/T3T g 20", "4x4": "T2T/4/4/T2T g 12", "3x3": "T1T/3/T1T g 4",
          "sixteen": "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r"}

# ---- fuzz_position ----------------------------------------------------------------------
# control: notation (0 told, 1 guti, 2 baghchal, 3 obx) | hint << 2 | 0x80 binary
P = "fuzz_position"
for board, fen in STARTS.items():
    add(P, "start-" + board, b"\x00" + (fen + "\n" + "\n".join(legal_moves(fen))).encode())
for nt, to in ((2, "baghchal"), (3, "obx")):
    fen = convert(STARTS["5x5"], to)
    add(P, "start-" + to, bytes([nt]) + (fen + "\nc3\nG33\nmC3\n").encode())
    add(P, "start-told-" + to, b"\x00" + fen.encode())
# positions along real games, in each notation, with their moves and foreign move texts
games = []
for f in ("bc_notation.txt", "bc_goats_win.txt", "bc_tigers_win.txt", "bc_clock.txt",
          "bc_goatpass.txt"):
    text = open(os.path.join(RECORDS, f)).read()
    rules = "goat-pass" if "goat-pass" in text else None
    games.append((f, replay(STARTS["5x5"], record_moves(text), rules), rules))
games.append(("game-4x4", replay(STARTS["4x4"], record_moves(open("examples/game-4x4.txt").read())),
              None))
for f in ("ss_forced.txt", "ss_red_wins.txt"):
    text = open(os.path.join(RECORDS, f)).read()
    rules = "forced" if "forced" in text else None
    games.append((f, replay(STARTS["sixteen"], record_moves(text), rules), rules))
for name, fens, rules in games:
    hint = {None: 0, "goat-pass": 7, "forced": 5}[rules] << 2
    for i in range(3, len(fens), 9):
        fen = fens[i]
        moves = legal_moves(fen, rules)
        add(P, "%s-%d" % (name, i), bytes([1 | hint]) + "\n".join([fen] + moves).encode())
        if "/" in fen and fen.count("/") == 4 and not rules:
            for nt, to in ((2, "baghchal"), (3, "obx")):
                foreign = convert(fen, to)
                if foreign:
                    add(P, "%s-%d-%s" % (name, i, to), bytes([nt]) + foreign.encode() + b"\n" +
                        "\n".join(moves[:6]).encode())
# OBX records list a position on every line, with the move that led there
for line in open(os.path.join(RECORDS, "bc_notation.obx")).read().splitlines()[5:60:11]:
    parts = line.split()
    add(P, "obx-line-" + parts[2][1:] + parts[3], b"\x03" + (line + "\n" + parts[4]).encode())
for i, line in enumerate(open(os.path.join(RECORDS, "bc_notation.pgn")).read().split()[1:40:7]):
    add(P, "pgn-move-%d" % i, b"\x00" + ("B3B/5/5/5/B3B G 0\n" + line).encode())
# odd corners: clocks, rules, boards, malformed text
for name, text in (("clock", "\x00T3T/5/G4/5/T3T t 19 37"), ("clock-limit", "\x00T3T/5/G4/5/T3T t 19 100"),
                   ("goatpass-hint", "\x1c" + "TGGGT/GGGGG/GGGGG/GGGGG/TGGG1 g 0\npass"),
                   ("norepeat-hint", "\x10" + "T1T/3/T1T g 4\nb2"),
                   ("sixteen-chain", "\x14" + "3/3/5/5/2R2/2B2/5/2B2/3 r\nc5xc7xc9\nc5xc7"),
                   ("over-tigers", "\x00" + "T3T/5/5/5/T3T t 0"),
                   ("empty", "\x00"), ("spaces", "\x00T3T/5/5/5/T3T  g 20"),
                   ("utf8", "\x00T3T/5/5/5/T3T g 20 \u00e9\n\u00e9"),
                   ("bad-rows", "\x00T3T/5/5/5 g 20"), ("obx-many", "\x00TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #g99 x"),
                   ("baghchal-fen", "\x02B3B/5/5/5/B3B B 12")):
    add(P, name, text.encode("utf-8"))


def binary(variant, goats, tigers, side, inhand, clock, flags=0x40):
    b = bytes([variant | flags])
    b += struct.pack("<Q", goats)[:5] + struct.pack("<Q", tigers)[:5] + bytes([0])
    b += bytes([side & 0xff, inhand & 0xff]) + struct.pack("<i", clock) + bytes(4)
    return b"\x80" + b


add(P, "binary-start-5x5", binary(0, 0, 1 | 16 | 1 << 20 | 1 << 24, 0, 20, 0) + b"c3\na1-b2")
add(P, "binary-start-3x3", binary(5, 0, 1 | 4 | 64 | 256, 0, 4, 0) + b"b2")
add(P, "binary-sixteen", binary(8, 1 << 18, 1 << 20 | 1 << 30, 0, 0, 3))
add(P, "binary-bad", binary(0, 3, 3, 2, -1, -5, 0))

# ---- fuzz_record ------------------------------------------------------------------------
# control: notation (0 told, 1 guti, 2 baghchal, 3 obx) | bare game << 2 | 0x10 analysed
R = "fuzz_record"
for f in sorted(os.listdir(RECORDS)):
    if f.endswith(".py"):
        continue
    text = open(os.path.join(RECORDS, f), "rb").read()
    add(R, f, b"\x00" + text)
    nt = 3 if f.endswith(".obx") else 2 if f.endswith(".pgn") else 1
    add(R, f + "-named", bytes([nt | 0x10]) + text)
add(R, "game-4x4.txt", b"\x10" + open("examples/game-4x4.txt", "rb").read())
add(R, "bare-baghchal", b"\x04" + b"1. c3 a1-b2 2. b1 b2-a2 3. a1 a2-b3")
add(R, "bare-sixteen", b"\x08" + b"d4-e5 d6-d5 e5xc5 b6xd4")
add(R, "bare-goat-pass", b"\x0c" + b"c3 a1-b2")
add(R, "bare-pgn", b"\x06" + b"1. G33 B1122 2. G11")
add(R, "fen-tag", b"\x00" + b'[Game "baghchal"]\n[Rules "standard"]\n[Board "3x3"]\n'
    b'[FEN "T1T/3/T1T g 4"]\n\n1. b1 a1-a2 2. a1 *\n')
add(R, "fen-tag-baghchal", b"\x00" + b'[FEN "B3B/5/5/5/B3B G 0"]\n\n1. G33 B1122\n')
add(R, "no-repeat", b"\x00" + b'[Game "baghchal"]\n[Rules "no-repeat:4"]\n\n' +
    " ".join(record_moves(open(os.path.join(RECORDS, "bc_repetition.txt")).read())).encode())

# ---- fuzz_table -------------------------------------------------------------------------
# control: 1 fix CRCs | 2 fix size and trailer | 4 named (name << 4) | 8 build
T = "fuzz_table"
NAMED = ["baghchal-3x3-standard-h0-c0.wdl", "baghchal-3x3-standard-h0-c0.dtm",
         "baghchal-3x3-standard-h0-c0-L100.dtc", "baghchal-3x3-standard-h3-c0-t.wdl",
         "baghchal-3x3-standard-h1-c0-g.wdl", "baghchal-3x3-standard-h1-c0-t.dtm",
         "baghchal-3x3-standard-h2-c0-g-L100.dtc", "baghchal-3x3-standard-h1-c0-t-L100.dtc",
         "baghchal-3x3-standard-h4-c0-g.wdl", "baghchal-3x3-standard-h4-c0-g.dtm",
         "baghchal-3x3-standard-h4-c0-g-L100.dtc", "baghchal-3x3-standard-h3-c0-g.wdl",
         "sixteen-optional-m1-n1.wdl", "sixteen-optional-m2-n1.wdl",
         "sixteen-optional-m2-n1.dtm", "sixteen-optional-m2-n1-L80.dtc"]
for f in sorted(os.listdir(TABLES)):
    if f.startswith("."):
        continue
    data = open(os.path.join(TABLES, f), "rb").read()
    if "goat-pass" in f and not f.endswith("h0-c0.dtm"):
        continue
    add(T, f, b"\x00" + data)
    add(T, f + "-fixed", b"\x03" + data)
    if f in NAMED:
        add(T, f + "-named", bytes([7 | NAMED.index(f) << 4]) + data)


def build(kind, enc, n, ppb, maxd, limit, raw):
    return b"\x08" + bytes([(kind - 1) | (enc - 1) << 2]) + struct.pack("<HHhh", n, ppb, maxd, limit) + raw


add(T, "build-wdl", build(1, 1, 23, 10, 0, 0, bytes([5, 242, 0, 80, 1])))
add(T, "build-reach", build(3, 1, 12, 5, 0, 0, bytes([1, 3, 0])))
add(T, "build-dtm8", build(2, 2, 9, 4, 6, 0, bytes([0, 1, 2, 7, 3, 0, 4, 5, 1])))
add(T, "build-dtm16", build(2, 3, 5, 2, 300, 0, struct.pack("<5H", 0, 301, 2, 3, 1)))
add(T, "build-dtc", build(4, 2, 6, 3, 4, 100, bytes([0, 1, 2, 11, 12, 3])))
add(T, "build-dtc16", build(4, 3, 4, 4, 200, 300, struct.pack("<4H", 0, 404, 2, 403)))
add(T, "build-empty", build(1, 1, 0, 5, -1, 0, b""))
add(T, "build-bad-wdl", build(1, 1, 7, 5, 0, 0, bytes([243, 9])))

# ---- fuzz_probe -------------------------------------------------------------------------
# control: rules (0 NULL, 1 "", 2 standard, 3 goat-pass, 4 optional, 5 forced, 6 no-repeat,
# 7 the second line) | 8 binary
Q = "fuzz_probe"
pv = json.loads(run("query", "--dir", TABLES, "--pv", "--json", STARTS["3x3"]))["pv"]
fens3 = replay(STARTS["3x3"], pv)
for i, fen in enumerate(fens3):
    add(Q, "3x3-pv-%d" % i, bytes([i % 3]) + "\n".join([fen] + legal_moves(fen)[:4]).encode())
    add(Q, "3x3-pv-%d-goat-pass" % i, b"\x03" + fen.encode())
for i, fen in enumerate(("3/3/5/5/2R2/5/1B1B1/3/3 r", "3/3/5/5/2R2/5/1B1B1/3/3 b 7",
                         "3/3/5/2B2/2R2/5/5/3/3 r", "3/3/5/5/2R2/2B2/5/3/3 b 79",
                         "3/3/5/5/2R2/2B2/2R2/3/3 b")):
    add(Q, "sixteen-%d" % i, bytes([4 if i % 2 else 0]) + "\n".join([fen] + legal_moves(fen)).encode())
add(Q, "sixteen-4-pieces", b"\x00" + b"3/3/5/2B2/2R2/2B2/2R2/3/3 r")
add(Q, "sixteen-forced", b"\x05" + b"3/3/5/5/2R2/5/1B1B1/3/3 r")
add(Q, "5x5-start", b"\x00" + STARTS["5x5"].encode())
add(Q, "norepeat", b"\x06" + STARTS["3x3"].encode())
add(Q, "rules-line", b"\x07" + (STARTS["3x3"] + "\nno-repeat:3\nb1").encode())
add(Q, "obx-notation", b"\x00" + convert(STARTS["5x5"], "obx").encode())
add(Q, "clock", b"\x02" + (fens3[-3].rsplit(" ", 1)[0] + " 0 99").encode())
add(Q, "binary-3x3", b"\x08" + bytes([0]) + struct.pack("<Q", 0)[:6] + struct.pack("<Q", 1 | 4 | 64 | 256)[:6]
    + bytes([0, 4, 0, 0, 0, 0]) + b"b2\na1-b2")
add(Q, "binary-sixteen", b"\x08" + bytes([4]) + struct.pack("<Q", 1 << 18)[:6]
    + struct.pack("<Q", 1 << 20 | 1 << 30)[:6] + bytes([1, 0, 3, 0, 0, 0]))

# ---- fuzz_serve -------------------------------------------------------------------------
S = "fuzz_serve"
record3 = '[Game "baghchal"]\n[Rules "standard"]\n[Board "3x3"]\n\n' + " ".join(pv) + "\n"
for name, text in (
        ("page", "GET\n/\n\n"), ("index", "HEAD\n/index.html\n\n"), ("app", "GET\n/app.js\n\n"),
        ("style-post", "POST\n/style.css\n\n"), ("info", "GET\n/api/info\n\n"),
        ("position-3x3", "GET\n/api/position\nfen=T1T/3/T1T+g+4\n\n"),
        ("position-rules", "GET\n/api/position\nfen=%s\nrules=standard\n\n" % fens3[3]),
        ("position-goat-pass", "GET\n/api/position\nfen=%s\nrules=goat-pass\n\n" % fens3[-2]),
        ("position-missing", "GET\n/api/position\nfen=T3T/5/5/5/T3T g 20\n\n"),
        ("position-sixteen", "GET\n/api/position\nfen=3/3/5/5/2R2/5/1B1B1/3/3 r\n\n"),
        ("position-obx", "GET\n/api/position\nfen=%s\n\n" % convert(STARTS["5x5"], "obx")),
        ("position-over", "GET\n/api/position\nfen=T1T/GGG/T1T t 0\n\n"),
        ("position-bad", "GET\n/api/position\nfen=T1T%0A/3\nrules=%FF\n\n"),
        ("position-nofen", "GET\n/api/position\n\n"),
        ("position-long-rules", "GET\n/api/position\nfen=T1T/3/T1T g 4\nrules=" + "x" * 40 + "\n\n"),
        ("pv-3x3", "GET\n/api/pv\nfen=T1T/3/T1T g 4\n\n"),
        ("pv-sixteen", "GET\n/api/pv\nfen=3/3/5/5/2R2/5/1B1B1/3/3 r\n\n"),
        ("pv-draw", "GET\n/api/pv\nfen=%s\n\n" % fens3[1]),
        ("analyze-3x3", "POST\n/api/analyze\n\n" + record3),
        ("analyze-get", "GET\n/api/analyze\n\n"),
        ("analyze-nul", "POST\n/api/analyze\n\n[Game \"baghchal\"]\x00"),
        ("traversal", "GET\n/../../etc/passwd\n\n"), ("unknown", "DELETE\n/api/info\n\n"),
        ("utf8-path", "GET\n/\xc3\xa9\xff\n\n")):
    add(S, name, text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text)
for f in ("bc_goats_win.txt", "bc_notation.obx", "bc_notation.pgn", "ss_forced.txt",
          "bad_illegal_move.txt"):
    add(S, "analyze-" + f, b"POST\n/api/analyze\n\n" + open(os.path.join(RECORDS, f), "rb").read())

for harness, files in seeds.items():
    d = os.path.join(OUT, harness)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
    print("%s: %d seeds, %d bytes" % (harness, len(files), sum(len(x) for x in files.values())))
