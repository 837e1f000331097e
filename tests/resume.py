#!/usr/bin/env python3
"""Kill and resume (issue 15, part 4): guti solve killed with SIGKILL at random moments and
run again must end with the tables an uninterrupted run makes, byte for byte.

usage: python3 tests/resume.py GUTI WORKDIR [--kills N] [--chain K] [--seed S]
                               [--no-dtc] [--games bc,ss]

For each game:
  bc  guti solve baghchal --board 4x4 --dtm --dtc: the 4x4 whole game, movement and
      placement, WDL, DTM and the counting rule's DTC tables (272 files)
  ss  guti solve sixteen --pieces 5 --dtc: Sixteen Soldiers up to 5 pieces, WDL, DTM and
      DTC (18 files)
an uninterrupted run first, into WORKDIR/ref-GAME: its tables are the reference, its wall
time T. They must pass guti verify --full.

Then chains of runs into an empty directory: K random moments are drawn in (0, T) and
sorted; each run is started and sent SIGKILL when the next moment comes (the moments are
laid on the run's own clock: a run that resumes reaches the same point later, having to
check the tables already there and redo the layer it lost), then a last run is left to
finish. A run that finishes before its kill ends the chain's kills early. Chains go on
until N runs were killed (default 20 per game; K default 10).

Before the second run of each chain, garbage is planted under temporary names (tb_write
writes path.tmp and renames it): under the name of a table not made yet (half of the
reference table, then junk), which the run must write over; and beside a table already
there, which nothing must read: verify must count the same tables and query answer the
same. After the last run: the same files as the reference, each equal to it (cmp), no
.tmp file left but the one planted beside a finished table, guti verify --full passing.

Prints a line per chain and per game (kills tried, kills survived), the failures, and a
last line "resume: N kills survived of M, F failures"; exit status 1 on any failure.
The moments are drawn with a fixed seed (--seed, default 15); where a kill lands in the
work depends on the machine's speed.
"""

import filecmp
import os
import random
import shutil
import signal
import subprocess
import sys
import time

GAMES = {
    "bc": ("Bagh-Chal 4x4, the whole game with DTM", ["solve", "baghchal", "--board", "4x4", "--dtm"],
           "T2T/4/4/T2T g 12"),
    "ss": ("Sixteen Soldiers up to 5 pieces", ["solve", "sixteen", "--pieces", "5"],
           "3/3/5/2B2/5/2BR1/2RR1/3/3 r"),
}


def usage(msg=None):
    if msg:
        sys.stderr.write("resume.py: %s\n" % msg)
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    sys.exit(2)


class Resume:
    def __init__(self, guti, work, opts):
        self.guti = os.path.abspath(guti)
        self.work = os.path.abspath(work)
        self.o = opts
        self.rng = random.Random(opts["seed"])
        self.failures = []
        self.lines = []
        self.kills = self.survived = 0

    def args(self, game, d):
        a = GAMES[game][1] + ["--dir", d, "--quiet"]
        return a + (["--dtc"] if self.o["dtc"] else [])

    def run(self, args):
        p = subprocess.run([self.guti] + args, capture_output=True)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")

    def fail(self, what):
        self.failures.append(what)

    def verify_full(self, d, label):
        rc, out, err = self.run(["verify", "--dir", d, "--full", "--quiet"])
        last = out.strip().split("\n")[-1] if out.strip() else ""
        if rc != 0 or " 0 damaged, 0 missing" not in last or " 0 positions inconsistent" not in last:
            self.fail("%s: verify --full: exit %d: %s %s" % (label, rc, last, err.strip()[:300]))
            return None
        return last

    def game(self, game):
        title, _, fen = GAMES[game]
        ref = os.path.join(self.work, "ref-" + game)
        shutil.rmtree(ref, ignore_errors=True)
        t0 = time.time()
        rc, out, err = self.run(self.args(game, ref))
        T = time.time() - t0
        if rc != 0:
            self.fail("%s: the uninterrupted run failed (%d): %s" % (title, rc, err.strip()))
            return
        ref_files = sorted(os.listdir(ref))
        if any(f.endswith(".tmp") for f in ref_files):
            self.fail("%s: the uninterrupted run left %s" % (title, [f for f in ref_files if f.endswith(".tmp")]))
        ref_verify = self.verify_full(ref, title + ", the uninterrupted run")
        ref_query = self.run(["query", "--dir", ref, "--json", fen])
        self.lines.append("%s: uninterrupted %.1f s, %d tables, %s" % (title, T, len(ref_files), ref_verify))
        kills = survived = chains = 0
        while kills < self.o["kills"]:
            chains += 1
            d = os.path.join(self.work, "%s-chain%d" % (game, chains))
            shutil.rmtree(d, ignore_errors=True)
            moments = sorted(self.rng.uniform(0, T) for _ in range(self.o["chain"]))
            killed, prev, planted = [], 0.0, None
            label = "%s, chain %d" % (title, chains)
            for k, m in enumerate(moments):
                if k == 1:
                    planted = self.plant(d, ref, ref_files)
                p = subprocess.Popen([self.guti] + self.args(game, d), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
                try:
                    p.wait(timeout=m - prev)
                except subprocess.TimeoutExpired:
                    p.send_signal(signal.SIGKILL)
                    p.wait()
                    killed.append("%.2f" % (m - prev))
                    prev = m
                    continue
                if p.returncode != 0:
                    self.fail("%s: run %d failed (%d) before its kill" % (label, k + 1, p.returncode))
                break  # it finished before its kill: the chain's kills end here
            if planted is None:
                planted = self.plant(d, ref, ref_files)
            rc, out, err = self.run(self.args(game, d))
            ok = True
            if rc != 0:
                self.fail("%s: the last run failed (%d): %s" % (label, rc, err.strip()[:300]))
                ok = False
            beside, fresh = planted
            files = sorted(os.listdir(d)) if os.path.isdir(d) else []
            tmps = [f for f in files if f.endswith(".tmp") and f != beside]
            if tmps:
                self.fail("%s: .tmp files left: %s" % (label, tmps))
                ok = False
            if beside and beside not in files:
                self.fail("%s: the planted %s is gone (guti removed or renamed it)" % (label, beside))
                ok = False
            # nothing reads the planted file: verify counts the reference's tables, query
            # answers as from the reference
            if ok:
                last = self.verify_full(d, label)
                if last is None or last != ref_verify:
                    self.fail("%s: verify --full says '%s', of the reference '%s'" % (label, last, ref_verify))
                    ok = False
                if self.run(["query", "--dir", d, "--json", fen]) != (ref_query[0], ref_query[1].replace(ref, d), ref_query[2]):
                    self.fail("%s: query answers otherwise than from the reference" % label)
                    ok = False
            if beside and beside in files:
                os.remove(os.path.join(d, beside))
                files.remove(beside)
            if ok and files != ref_files:
                self.fail("%s: files %s missing, %s extra" % (
                    label, sorted(set(ref_files) - set(files)), sorted(set(files) - set(ref_files))))
                ok = False
            if ok:
                differ = [f for f in ref_files if not filecmp.cmp(os.path.join(ref, f), os.path.join(d, f), shallow=False)]
                if differ:
                    self.fail("%s: %d tables differ from the uninterrupted run's: %s" % (label, len(differ), differ[:5]))
                    ok = False
            kills += len(killed)
            survived += len(killed) if ok else 0
            self.lines.append("%s: killed after %s s, planted %s; %s" % (
                label, ", ".join(killed) or "(no kill: it finished first)", fresh,
                "the same tables, verify --full ok" if ok else "FAILED"))
            if ok:
                shutil.rmtree(d)
            if chains >= 4 * self.o["kills"]:
                break
        self.lines.append("%s: %d kills in %d chains, %d survived" % (title, kills, chains, survived))
        self.kills += kills
        self.survived += survived
        shutil.rmtree(ref)

    def plant(self, d, ref, ref_files):
        """Garbage under a table's temporary name: beside a table already made (nothing
        must read it), and for one not made yet (half of it, then junk: the run must write
        over it). Returns (the first's name or None, what was planted)."""
        os.makedirs(d, exist_ok=True)
        have = set(os.listdir(d))
        # a table beside which nothing may be written: one whose layer is whole (a layer's
        # WDL and DTM tables are made together, so a WDL table without its DTM table is
        # made again, over its temporary name, as it should be)
        def whole(f):
            stem = f.rsplit(".", 1)[0]
            return all(g in have for g in ref_files if g.rsplit(".", 1)[0] == stem)
        done = [f for f in ref_files if f in have and whole(f)]
        todo = [f for f in ref_files if f not in have]
        beside = None
        said = []
        if done:
            f = self.rng.choice(done)
            beside = f + ".tmp"
            with open(os.path.join(d, beside), "wb") as out:
                out.write(b"not a table\n" * 100)
            said.append(beside + " beside its table")
        if todo:
            f = self.rng.choice(todo)
            with open(os.path.join(ref, f), "rb") as src:
                data = src.read()
            with open(os.path.join(d, f + ".tmp"), "wb") as out:
                out.write(data[:len(data) // 2] + b"junk" * 64)
            said.append(f + ".tmp, not made yet")
        return beside, " and ".join(said) or "nothing"


def main(argv):
    opts = {"kills": 20, "chain": 10, "seed": 15, "dtc": True, "games": ["bc", "ss"]}
    pos = []
    k = 0
    while k < len(argv):
        a = argv[k]
        if a == "--no-dtc":
            opts["dtc"] = False
        elif a in ("--kills", "--chain", "--seed"):
            if k + 1 >= len(argv) or not argv[k + 1].isdigit():
                usage("%s needs a number" % a)
            opts[a[2:]] = int(argv[k + 1])
            k += 1
        elif a == "--games":
            if k + 1 >= len(argv):
                usage("--games needs a list")
            opts["games"] = argv[k + 1].split(",")
            if not opts["games"] or any(g not in GAMES for g in opts["games"]):
                usage("--games: bc, ss or bc,ss")
            k += 1
        elif a.startswith("-"):
            usage("unknown option " + a)
        else:
            pos.append(a)
        k += 1
    if len(pos) != 2 or opts["chain"] < 1:
        usage()
    r = Resume(pos[0], pos[1], opts)
    os.makedirs(r.work, exist_ok=True)
    t0 = time.time()
    for g in opts["games"]:
        r.game(g)
    for line in r.lines:
        print("resume: " + line)
    for f in r.failures[:30]:
        print("FAIL: " + f)
    print("resume: %d kills survived of %d, %d failures, %.0f s" % (r.survived, r.kills, len(r.failures), time.time() - t0))
    return 1 if r.failures or r.survived < r.kills else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
