#!/usr/bin/env python3
"""Corruption sweep over real tables (issue 15, part 3).

usage: python3 tests/corrupt.py GUTI WORKDIR [--full] [--seed N] [--sample N]
                                [--proc-sample N] [--cuts N]

Makes small real tables of every kind with GUTI in WORKDIR (made if missing; tables already
there are used as they are):
  WDL    sixteen-optional-m3-n1.wdl, in a directory of Sixteen Soldiers' WDL tables alone
         (up to 4 pieces), so that query reads it (it reads a DTM table when there is one)
  DTM    sixteen-optional-m3-n1.dtm (3 blocks), Sixteen Soldiers up to 4 pieces (s4/)
  DTC    sixteen-optional-m3-n1-L80.dtc (3 blocks), the same directory (guti solve --dtc)
  REACH  baghchal-3x3-standard-h0-c0.reach, Bagh-Chal 3x3 (b3/, guti reach)
  REACH  baghchal-4x4-standard-h0-c2.reach, the 4x4 whole game (w4/)
  DTM    baghchal-3x3-standard-h0-c0.dtm, Bagh-Chal 3x3 (Bagh-Chal's prober)
and, with --full, WDL sixteen-optional-m4-n1.wdl (4 blocks; Sixteen Soldiers up to 5 pieces).

Then damages each table in every way below, one damage at a time:
  header    every byte of the 136-byte header, XORed with a random non-zero byte
  table     every byte of the block table, likewise
  block     a sample of --sample bytes (default 1000; 0, or --full: every one) spread
            over the blocks, likewise
  trailer   every byte of the 8-byte trailer (magic and file checksum), likewise
  truncate  the file cut at every boundary (magic, header, each block-table entry, each
            block's start and end, the trailer, the checksum, one byte short) and at --cuts
            random points (default 20)
  junk      bytes appended: one zero byte, one random byte, the trailer again, 4 KiB of
            random bytes, the whole file again

and requires, of every damaged table:
  verify    guti verify reports it damaged (its "files" entry not ok). Every damaged copy
            is verified in one run over a directory of them (verify checks each file on its
            own); the undamaged copy must be ok there.
  library   libguti (the Python module, in this process: guti_open, guti_probe_fen) fails
            with GUTI_EDAMAGED and a message naming the file, for a position whose entry
            lies in the damaged block (any position for damage outside the blocks).
  query     guti query --json on that position: exit status 1, one line on stderr
            ("guti: ..." naming the file), the answer an error with no value.
  stats     guti stats (--dtc for a DTC table, --reachable for a REACH table): exit
            status 1, one line on stderr naming the file, nothing on stdout.
No run may crash. query and stats run on every case but the block bytes, of which they take
--proc-sample (default 200, spread evenly; 0, or --full: all); on the 4x4 REACH table, whose
stats --reachable reads the whole game, on 40 cases spread over all (--full: all). Nothing
else reads a REACH table: for REACH, stats --reachable alone, no library or query.

The file checksum (the trailer's last 4 bytes) is the one field outside the header's and
the blocks' checksums: only verify reads the whole file to check it. A flip there damages
no block: query, stats and the library must answer exactly as from the undamaged table.

Which block a position's entry is in: every block of a copy is overwritten with 0xFF bytes
and guti query asked about random positions of the table's layer: its error names the block
(tb.h's "block N: checksum mismatch").

Prints one line per table (the counts), the failures (at most 30), and a last line
"corrupt: N checks passed, M failed"; exit status 1 when anything failed. Reproducible: a
fixed seed (--seed, default 15).
"""

import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import time

HEADER = 136
ENTRY = 16
TRAILER = 8
EXT_KIND = {1: "WDL", 2: "DTM", 3: "REACH", 4: "DTC"}


def usage(msg=None):
    if msg:
        sys.stderr.write("corrupt.py: %s\n" % msg)
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    sys.exit(2)


class Sweep:
    def __init__(self, guti, work, opts):
        self.guti = os.path.abspath(guti)
        self.work = os.path.abspath(work)
        self.o = opts
        self.rng = random.Random(opts["seed"])
        self.passed = 0
        self.failures = []
        self.env = dict(os.environ, OMP_NUM_THREADS="1")
        self.lib = None
        self.lib_error = None
        self.report = []

    # -- running guti ----------------------------------------------------------------
    def run(self, args, stdin=None):
        p = subprocess.run([self.guti] + args, input=stdin, capture_output=True, env=self.env)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")

    def must(self, args):
        rc, out, err = self.run(args)
        if rc != 0:
            raise SystemExit("corrupt.py: guti %s failed (%d): %s" % (" ".join(args), rc, err.strip()))
        return out

    def fail(self, what):
        self.failures.append(what)

    def ok(self):
        self.passed += 1

    # -- the tables --------------------------------------------------------------------
    def make_tables(self):
        w = self.work
        os.makedirs(w, exist_ok=True)
        s4 = os.path.join(w, "s4")
        if not os.path.exists(os.path.join(s4, "sixteen-optional-m3-n1-L80.dtc")):
            self.must(["solve", "sixteen", "--pieces", "4", "--dtc", "--dir", s4, "--quiet"])
        s4w = os.path.join(w, "s4w")
        os.makedirs(s4w, exist_ok=True)
        for f in os.listdir(s4):
            if f.endswith(".wdl"):
                shutil.copy(os.path.join(s4, f), s4w)
        b3 = os.path.join(w, "b3")
        if not os.path.exists(os.path.join(b3, "baghchal-3x3-standard-h0-c0.reach")):
            self.must(["solve", "baghchal", "--board", "3x3", "--dir", b3, "--quiet"])
            self.must(["reach", "baghchal", "--board", "3x3", "--dir", b3, "--quiet"])
        # The 4x4 whole game's REACH tables: stats --reachable reads them all (some 0.15 s a
        # run), so only a spread sample of the damaged copies goes through it (--full: all).
        w4 = os.path.join(w, "w4")
        if not os.path.exists(os.path.join(w4, "baghchal-4x4-standard-h0-c2.reach")):
            self.must(["solve", "baghchal", "--board", "4x4", "--dir", w4, "--quiet"])
            self.must(["reach", "baghchal", "--board", "4x4", "--dir", w4, "--quiet"])
        targets = [
            ("WDL", s4w, "sixteen-optional-m3-n1.wdl", "sixteen", (3, 1), [], None),
            ("DTM", s4, "sixteen-optional-m3-n1.dtm", "sixteen", (3, 1), [], None),
            ("DTC", s4, "sixteen-optional-m3-n1-L80.dtc", "sixteen", (3, 1), ["--dtc"], None),
            ("REACH", b3, "baghchal-3x3-standard-h0-c0.reach", None, None, ["--reachable"], None),
            ("REACH", w4, "baghchal-4x4-standard-h0-c2.reach", None, None, ["--reachable"], 40),
            ("DTM", b3, "baghchal-3x3-standard-h0-c0.dtm", "baghchal3", (0,), [], None),
        ]
        if self.o["full"]:
            s5 = os.path.join(w, "s5")
            if not os.path.exists(os.path.join(s5, "sixteen-optional-m4-n1.wdl")):
                self.must(["solve", "sixteen", "--pieces", "5", "--dir", s5, "--quiet"])
            s5w = os.path.join(w, "s5w")
            os.makedirs(s5w, exist_ok=True)
            for f in os.listdir(s5):
                if f.endswith(".wdl"):
                    shutil.copy(os.path.join(s5, f), s5w)
            targets.append(("WDL", s5w, "sixteen-optional-m4-n1.wdl", "sixteen", (4, 1), [], None))
        return targets

    # -- positions ---------------------------------------------------------------------
    def random_fen(self, game, material):
        r = self.rng
        if game == "sixteen":
            rows = [3, 3, 5, 5, 5, 5, 5, 3, 3]
            m, n = material
            if r.random() < 0.5:
                m, n = n, m
            cells = ["."] * sum(rows)
            spots = r.sample(range(len(cells)), m + n)
            for k, s in enumerate(spots):
                cells[s] = "R" if k < m else "B"
            side = r.choice("rb")
        else:  # Bagh-Chal 3x3, the movement phase: 4 tigers, 4 goats, nothing in hand
            rows = [3, 3, 3]
            cells = ["."] * 9
            spots = r.sample(range(9), 8)
            for k, s in enumerate(spots):
                cells[s] = "T" if k < 4 else "G"
            side = r.choice("gt")
        out, k = [], 0
        for length in rows:
            row, empty = "", 0
            for c in cells[k:k + length]:
                if c == ".":
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                row += c
            if empty:
                row += str(empty)
            out.append(row)
            k += length
        return "/".join(out) + " " + side + (" 0" if game == "baghchal3" else "")

    def map_blocks(self, t, data, blocks):
        """Positions of the table's layer by the block their entry is in."""
        kind, d, name, game, material = t[:5]
        tmp = os.path.join(self.work, "map")
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(d, tmp)
        bad = bytearray(data)
        for off, size in blocks:
            bad[off:off + size] = b"\xff" * size
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(bad)
        found = {b: [] for b in range(len(blocks))}
        seen = set()
        for _ in range(20):
            fens = []
            while len(fens) < 400:
                fen = self.random_fen(game, material)
                if fen not in seen:
                    seen.add(fen)
                    fens.append(fen)
            rc, out, err = self.run(["query", "--dir", tmp, "--json"], "\n".join(fens).encode() + b"\n")
            for line in out.splitlines():
                try:
                    a = json.loads(line)
                except ValueError:
                    continue
                m = re.search(re.escape(name) + r": block (\d+): ", a.get("error") or "")
                if m:
                    found[int(m.group(1))].append(a["fen"])
            if all(len(v) >= 3 for v in found.values()):
                break
        shutil.rmtree(tmp)
        found = {b: v[:5] for b, v in found.items()}
        for b, v in found.items():
            if not v:
                raise SystemExit("corrupt.py: %s: found no position whose entry is in block %d" % (name, b))
        return found

    # -- the damage --------------------------------------------------------------------
    def cases(self, data, blocks):
        """(category, label, damage, block or None, covered): damage as damaged() takes it;
        covered is False for the file checksum, which only verify reads."""
        r = self.rng
        size = len(data)
        nb = len(blocks)
        out = []

        def flip(cat, off, block=None, covered=True):
            x = r.randrange(1, 256)
            out.append((cat, "byte %d ^ 0x%02x" % (off, x), ("xor", off, x), block, covered))

        for off in range(HEADER):
            flip("header", off)
        for off in range(HEADER, HEADER + ENTRY * nb):
            flip("table", off)
        spots = [(off, b) for b, (start, n) in enumerate(blocks) for off in range(start, start + n)]
        if 0 < self.o["sample"] < len(spots):
            spots = sorted(r.sample(spots, self.o["sample"]))
        for off, b in spots:
            flip("block", off, b)
        for off in range(size - TRAILER, size):
            flip("trailer", off, None, off < size - 4)
        cuts = {0, 1, 7, 8, 12, HEADER - 1, HEADER, size - TRAILER, size - 4, size - 1}
        cuts |= {HEADER + ENTRY * k for k in range(1, nb + 1)}
        for start, n in blocks:
            cuts |= {start, start + 1, start + n - 1, start + n}
        want = len(cuts) + self.o["cuts"]
        while len(cuts) < min(want, size + 8):
            cuts.add(r.randrange(1, size))
        for c in sorted(c for c in cuts if 0 <= c < size):
            out.append(("truncate", "cut at %d of %d" % (c, size), ("cut", c), None, True))
        junk = [b"\0", bytes([r.randrange(256)]), data[-TRAILER:],
                bytes(r.randrange(256) for _ in range(4096)), data]
        for j in junk:
            out.append(("junk", "%d bytes appended" % len(j), ("append", j), None, True))
        return out

    @staticmethod
    def damaged(data, op):
        """The table's bytes with one case's damage (cases() keeps only how)."""
        if op[0] == "xor":
            b = bytearray(data)
            b[op[1]] ^= op[2]
            return bytes(b)
        if op[0] == "cut":
            return data[:op[1]]
        return data + op[1]

    # -- the library ---------------------------------------------------------------------
    def load_library(self):
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        lib = os.path.join(os.path.dirname(self.guti), "libguti.so.0")
        os.environ["GUTI_LIBRARY"] = lib
        sys.path.insert(0, os.path.join(root, "python"))
        try:
            import guti
            guti.library_path()
            self.lib = guti
        except Exception as e:  # noqa: BLE001 (any failure to load is reported)
            self.lib_error = str(e)

    def lib_probe(self, d, fen):
        g = self.lib
        try:
            with g.open(d) as t:
                return ("ok", json.dumps(t.probe(fen), sort_keys=True))
        except g.Error as e:
            return ("error", "%s %s" % (e.status, e))

    # -- one table ---------------------------------------------------------------------
    def sweep(self, t):
        kind, d, name, game, material, stats_opts, spread = t
        path = os.path.join(d, name)
        with open(path, "rb") as f:
            data = f.read()
        nblocks = struct.unpack_from("<Q", data, 112)[0]
        blocks = [struct.unpack_from("<QI", data, HEADER + ENTRY * b) for b in range(nblocks)]
        ext = os.path.splitext(name)[1]
        label = "%s %s (%d bytes, %d block%s)" % (kind, name, len(data), nblocks, "s" if nblocks > 1 else "")
        t0 = time.time()
        stats_args = ["stats", "--dir", d, "--threads", "1", "--format", "csv"] + stats_opts
        base_stats = self.run(stats_args)
        if base_stats[0] != 0:
            self.fail("%s: stats on the undamaged tables: exit %d: %s" % (name, base_stats[0], base_stats[2].strip()))
        bymap = self.map_blocks(t, data, blocks) if game else None
        cases = self.cases(data, blocks)
        counts = {}
        for c in cases:
            counts[c[0]] = counts.get(c[0], 0) + 1

        # verify: the damaged copies in one directory, with the undamaged one, 1000 at a
        # time (verify checks each file on its own)
        verified = 0
        vdir = os.path.join(self.work, "verify")
        for first in range(0, len(cases), 1000):
            shutil.rmtree(vdir, ignore_errors=True)
            os.makedirs(vdir)
            shutil.copy(path, os.path.join(vdir, "good" + ext))
            batch = range(first, min(first + 1000, len(cases)))
            for k in batch:
                with open(os.path.join(vdir, "c%05d%s" % (k, ext)), "wb") as f:
                    f.write(self.damaged(data, cases[k][2]))
            rc, out, err = self.run(["verify", "--dir", vdir, "--json", "--threads", "1", "--quiet"])
            try:
                files = {os.path.basename(x["path"]): x for x in json.loads(out)["files"]}
            except (ValueError, KeyError):
                files = {}
                self.fail("%s: verify over the damaged copies: exit %d, no JSON: %s" % (name, rc, err.strip()[:200]))
            if rc >= 128 or rc < 0:
                self.fail("%s: verify crashed (exit %d)" % (name, rc))
            good = files.get("good" + ext)
            if files and (not good or not good["ok"]):
                self.fail("%s: verify finds the undamaged copy bad: %s" % (name, good))
            for k in batch:
                x = files.get("c%05d%s" % (k, ext))
                if x is not None and not x["ok"] and x["error"]:
                    verified += 1
                    self.ok()
                elif files:
                    self.fail("%s: %s %s: verify does not see it: %s" % (name, cases[k][0], cases[k][1], x))
        shutil.rmtree(vdir)

        # the library, query and stats, on the table in place; what they answer undamaged
        base_q, base_lib = {}, {}
        for pool in (bymap or {}).values():
            for fen in pool:
                base_q[fen] = self.run(["query", "--dir", d, "--json", fen])
                if base_q[fen][0] != 0:
                    self.fail("%s: query %s on the undamaged table: %s" % (name, fen, base_q[fen][2].strip()))
                if self.lib:
                    base_lib[fen] = self.lib_probe(d, fen)
        # which cases query and stats run on: every one but the block bytes, and a spread
        # sample of those; for a table whose stats are slow, a spread sample of all (with
        # every byte of the file checksum)
        if self.o["full"]:
            proc = set(range(len(cases)))
        elif spread and self.o["proc_sample"]:
            proc = set(range(0, len(cases), max(1, len(cases) // spread)))
            proc |= {k for k, c in enumerate(cases) if not c[4]}
        elif self.o["proc_sample"]:
            proc_blocks = [k for k, c in enumerate(cases) if c[0] == "block"]
            every = max(1, -(-len(proc_blocks) // self.o["proc_sample"]))
            proc = {k for k, c in enumerate(cases) if c[0] != "block"} | set(proc_blocks[::every])
        else:
            proc = set(range(len(cases)))
        # [refused, of the covered cases; answered as undamaged, of the others]
        tally = {"library": [0, 0, 0, 0], "query": [0, 0, 0, 0], "stats": [0, 0, 0, 0]}
        try:
            for k, (cat, what, op, block, covered) in enumerate(cases):
                with open(path, "wb") as f:
                    f.write(self.damaged(data, op))
                fen = None
                if bymap:
                    pool = bymap[block if block is not None else 0]
                    fen = pool[k % len(pool)]
                tag = "%s: %s %s" % (name, cat, what)
                if fen and self.lib:
                    got = self.lib_probe(d, fen)
                    tally["library"][1 if covered else 3] += 1
                    if not covered:
                        if got == base_lib[fen]:
                            tally["library"][2] += 1
                            self.ok()
                        else:
                            self.fail("%s: the library answers otherwise than undamaged: %s" % (tag, got))
                    elif got[0] == "error" and got[1].startswith("%d " % self.lib.EDAMAGED) and name in got[1]:
                        tally["library"][0] += 1
                        self.ok()
                    else:
                        self.fail("%s: the library at %s: %s" % (tag, fen, got))
                if k not in proc:
                    continue
                if fen:
                    rc, out, err = self.run(["query", "--dir", d, "--json", fen])
                    tally["query"][1 if covered else 3] += 1
                    if not covered:
                        if (rc, out, err) == base_q[fen]:
                            tally["query"][2] += 1
                            self.ok()
                        else:
                            self.fail("%s: query answers otherwise than undamaged: exit %d %s" % (tag, rc, out[:200]))
                    else:
                        why = self.refused(rc, out, err, name)
                        if why is None and ('"value"' in out or '"error"' not in out):
                            why = "stdout holds a value or no error: " + out[:200]
                        if why:
                            self.fail("%s: query %s: %s" % (tag, fen, why))
                        else:
                            tally["query"][0] += 1
                            self.ok()
                rc, out, err = self.run(stats_args)
                tally["stats"][1 if covered else 3] += 1
                if not covered:
                    if (rc, out, err) == base_stats:
                        tally["stats"][2] += 1
                        self.ok()
                    else:
                        self.fail("%s: stats answers otherwise than undamaged: exit %d %s" % (tag, rc, err[:200]))
                else:
                    why = self.refused(rc, out, err, name)
                    if why is None and out:
                        why = "stdout not empty: " + out[:200]
                    if why:
                        self.fail("%s: stats: %s" % (tag, why))
                    else:
                        tally["stats"][0] += 1
                        self.ok()
        finally:
            with open(path, "wb") as f:
                f.write(data)
        n = len(cases)
        parts = ", ".join("%d %s" % (counts[c], c) for c in
                          ("header", "table", "block", "trailer", "truncate", "junk") if c in counts)
        line = "%s: %d damaged copies (%s); verify detected %d of %d" % (label, n, parts, verified, n)
        sound = []
        for what in ("library", "query", "stats"):
            got, of, same, of_same = tally[what]
            if of:
                line += "; %s refused %d of %d" % (what, got, of)
            if of_same:
                sound.append("%s %d of %d" % (what, same, of_same))
        if kind == "REACH":
            line += " (the library and query read no REACH table)"
        if sound:
            line += "; damage to the file checksum alone answered as undamaged by " + ", ".join(sound)
        line += "; %.1f s" % (time.time() - t0)
        self.report.append(line)

    @staticmethod
    def refused(rc, out, err, name):
        """Why a run is not a clean refusal naming the file, or None."""
        if rc < 0 or rc >= 128:
            return "crashed (exit %d)" % rc
        if rc != 1:
            return "exit status %d, expected 1" % rc
        lines = err.split("\n")
        if len(lines) != 2 or lines[1] != "":
            return "stderr is not one line: %r" % err[:300]
        if not lines[0].startswith("guti: "):
            return "stderr does not start with 'guti: ': " + lines[0]
        if name not in lines[0]:
            return "the error does not name %s: %s" % (name, lines[0])
        return None


def main(argv):
    opts = {"full": False, "seed": 15, "sample": 1000, "proc_sample": 200, "cuts": 20}
    pos = []
    k = 0
    while k < len(argv):
        a = argv[k]
        if a == "--full":
            opts["full"] = True
        elif a in ("--seed", "--sample", "--proc-sample", "--cuts"):
            if k + 1 >= len(argv) or not argv[k + 1].isdigit():
                usage("%s needs a number" % a)
            opts[a[2:].replace("-", "_")] = int(argv[k + 1])
            k += 1
        elif a.startswith("-"):
            usage("unknown option " + a)
        else:
            pos.append(a)
        k += 1
    if len(pos) != 2:
        usage()
    if opts["full"]:
        opts["sample"] = opts["proc_sample"] = 0
    s = Sweep(pos[0], pos[1], opts)
    s.load_library()
    if s.lib_error:
        s.fail("the library cannot be loaded (%s): its checks were not run" % s.lib_error)
    t0 = time.time()
    for t in s.make_tables():
        s.sweep(t)
    for line in s.report:
        print("corrupt: " + line)
    for f in s.failures[:30]:
        print("FAIL: " + f)
    if len(s.failures) > 30:
        print("FAIL: ... and %d more" % (len(s.failures) - 30))
    print("corrupt: %d checks passed, %d failed, %.0f s" % (s.passed, len(s.failures), time.time() - t0))
    return 1 if s.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
