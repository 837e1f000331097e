#!/usr/bin/env python3
"""The explorer page (guti serve's /) in a headless Chromium, clicked through real games.

usage: explorer.py --guti G --dir TABLES --url URL --shots DIR [--url2 URL2 --dir2 DIR2]
                                                                    (the test)
       explorer.py --url URL --shot FILE --fen FEN [--rules R] [--moves M,M...]
                   [--lift P | --chain PREFIX] [--play SIDE] [--width W] [--height H]

The test needs the server at URL to read TABLES, which must hold Bagh-Chal's 4x4 tables
(standard rules, with DTM and the counting rule's) and Sixteen Soldiers' up to 4 pieces
under both capture rules (with the counting rule's), up to 5 under the optional rule, and
Adugo's optional-d4-k2 (the jaguar against 4 dogs, 2 captures win); it plays, by mouse
clicks and drags at the board's points:

- a 4x4 Bagh-Chal game from the start: placements, steps, a tiger's capture, a drag,
  undo and redo, the best-move button, a row of the move list, then the goats against
  the machine to the end of the game (the machine must play the best move each time);
- Sixteen Soldiers endgames: a two-capture chain continued under the optional rule, one
  stopped after its first capture (the stop button, and tapping the piece), a piece whose
  first landing point starts a winning chain though stopping there draws, a game under
  the forced rule whose single captures play themselves, and a forced chain whose only
  continuation is taken by itself;
- Adugo, a game the page knows only from /api/info, chosen from the menu: its board drawn
  from its lines (31 points, the triangle on top), the jaguar and the dogs as discs of two
  colours with their letters, a two-capture chain played by the board;
- positions loaded from the address and from the FEN field (the game menu following
  them), a position without tables (the message must name guti solve), a malformed FEN,
  an empty one; the help, the move list's headers and the icon;
- with --url2, a server on DIR2 holding only the 3x3 movement phase: its first screen a
  position of it, then the start answered once its tables are made (by this test);
- a 4x4 Bagh-Chal game under rules no-repeat:12 (issue 41), loaded from the address and
  played by the board and the move list into a cycle: the move that would close it is
  marked and listed refused, with the reason, and a tap on it plays nothing; every move's
  value under the rule and its standard value beside are the server's, which are checked
  against guti query --history; with a budget of 1 node (&budget=1 in the address) an
  undecided move reads "unknown under the rule" with its standard value beside; undo,
  the history kept in the address, the machine's move (the first of the list), the
  menu's rule sets and a window only the address gives (no-repeat:7).

At every position it compares what the page shows with `guti query --json` (the value,
and every move's value, DTM, class, DTC and value under the counting rule, in the move
list and on the board's markers), and checks each lifted piece's marked destinations
against the server's move list. Screenshots of each game go into --shots. Prints one line
per failed check, then a summary; exit status 1 if anything failed, 2 if the browser or
the server could not be driven.

The second form only takes a screenshot of a position (scripts/screenshots.sh).
"""

import argparse
import json
import os
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CDPError  # noqa: E402

# What the page shows, read in one evaluation.
STATE_JS = r"""(() => {
  const q = (s) => [...document.querySelectorAll(s)];
  const svg = document.getElementById("board");
  const msg = document.getElementById("message");
  const val = document.getElementById("value");
  const pos = window.guti && guti.pos;
  return {
    fen: pos ? pos.fen : null,
    side: pos ? pos.side : null,
    over: pos ? pos.over : null,
    busy: document.body.dataset.busy,
    value: val.dataset.value, dtm: val.dataset.dtm,
    now: document.getElementById("clock").dataset.valueNow || "",
    rows: q("#moves tbody tr").map((tr) => ({move: tr.dataset.move, value: tr.dataset.value,
      dtm: tr.dataset.dtm, cls: tr.dataset.class, dtc: tr.dataset.dtc, now: tr.dataset.valueNow})),
    dests: q("#board [data-dest]").map((g) => ({dest: g.dataset.dest, value: g.dataset.value,
      dtm: g.dataset.dtm, move: g.dataset.move || null, best: g.dataset.best || null,
      more: g.dataset.more === "1", text: g.textContent})),
    points: q("#board [data-point]").length,
    lines: q("#board .lines line").length,
    pieces: q("#board [data-piece]").map((g) => g.dataset.piece),
    lifted: svg.dataset.lifted || "", chain: svg.dataset.chain || "",
    last: q("#board [data-last]").map((e) => e.dataset.last),
    captured: q("#board [data-captured]").map((e) => e.dataset.captured),
    turn: document.getElementById("turn-text").textContent,
    chainBar: !document.getElementById("chain-bar").hidden,
    stop: !document.getElementById("chain-bar").hidden && !document.getElementById("stop-chain").hidden,
    stopValue: document.getElementById("stop-chain").dataset.value || "",
    stopDtm: document.getElementById("stop-chain").dataset.dtm || "",
    stopText: document.getElementById("stop-chain").textContent,
    counts: q("#count [data-count]").map((e) => Object.assign({}, e.dataset)),
    message: msg.hidden ? "" : msg.textContent,
    status: document.getElementById("status").textContent,
    hist: guti.hist.map((e) => ({fen: e.fen, move: e.move})), hpos: guti.hpos,
    hash: location.hash, play: guti.play,
    game: document.getElementById("game").value,
    heads: q("#moves thead th").map((th) => th.textContent),
    legend: document.querySelector(".legend").innerText,
  };
})()"""


def dtm_text(d):
    return "" if d is None else str(d)


class Test:
    def __init__(self, args):
        self.args = args
        self.base = args.url.rstrip("/") + "/"
        self.failed = 0
        self.passed = 0
        self.where = ""
        self.cache = {}

    # -- reporting ------------------------------------------------------------------------
    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: web: {self.where}: {what}", flush=True)
        return ok

    # -- the truth: guti query and the server's API ------------------------------------------
    def query(self, fen, rules, limit=None):
        key = (fen, rules, limit)
        if key not in self.cache:
            out = subprocess.run([self.args.guti, "query", "--json", "--dir", self.args.dir,
                                  "--rules", rules, *(["--limit", limit] if limit else []), fen],
                                 capture_output=True, text=True)
            self.cache[key] = json.loads(out.stdout.splitlines()[0])
        return self.cache[key]

    def query_pv(self, fen, rules):
        out = subprocess.run([self.args.guti, "query", "--json", "--pv", "--dir", self.args.dir,
                              "--rules", rules, fen], capture_output=True, text=True)
        return json.loads(out.stdout.splitlines()[0])

    def api(self, path, **params):
        url = self.base + path.lstrip("/") + "?" + urllib.parse.urlencode(params)
        try:
            with urllib.request.urlopen(url, timeout=20) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    # -- the page -------------------------------------------------------------------------
    def state(self):
        return self.b.evaluate(STATE_JS)

    def idle(self, fen=None, timeout=10):
        """Waits until the page has nothing pending (and shows fen, when given)."""
        time.sleep(0.02)
        cond = "document.body && document.body.dataset.busy === '0' && window.guti && guti.pos"
        if fen is not None:
            cond += " && guti.pos.fen === " + json.dumps(fen)
        self.b.wait(cond, timeout, what=f"the page to settle{' on ' + fen if fen else ''}")
        return self.state()

    def center(self, selector):
        js = ("(() => { const e = document.querySelector(%s); if (!e) return null;"
              " e.scrollIntoView({block: 'nearest'});"
              " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
              % json.dumps(selector))
        xy = self.b.evaluate(js)
        if xy is None:
            raise CDPError(f"no element {selector} on the page")
        return xy

    def click(self, selector):
        x, y = self.center(selector)
        self.b.click(x, y)

    def click_point(self, p):
        self.click(f'#board [data-point="{p}"]')

    def drag_points(self, p, q):
        x0, y0 = self.center(f'#board [data-point="{p}"]')
        x1, y1 = self.center(f'#board [data-point="{q}"]')
        self.b.drag(x0, y0, x1, y1)

    def select(self, sel_id, value):
        self.b.evaluate("(() => { const s = document.getElementById(%s); s.value = %s;"
                        " s.dispatchEvent(new Event('change')); return 1; })()"
                        % (json.dumps(sel_id), json.dumps(value)))

    def goto_address(self, fen, rules=None, play=None, limit=None, more=""):
        """Loads a position by changing the page's address, as a person editing it does
        (more: further members, "&moves=...")."""
        a = "#fen=" + urllib.parse.quote(fen, safe="/")
        if rules:
            a += "&rules=" + rules
        if play:
            a += "&play=" + play
        if limit:
            a += "&limit=" + limit
        a += more
        loads = self.b.evaluate("guti.loads")
        self.b.evaluate("if (location.hash === %s) location.hash = '#'; 1" % json.dumps(a))
        self.b.wait("guti.loads === %d || location.hash !== %s" % (loads, json.dumps(a)), 5)
        self.b.evaluate("location.hash = %s; 1" % json.dumps(a))
        self.b.wait("guti.loads > %d" % loads, 10, what="the address to load " + fen)

    def shot(self, name):
        path = os.path.join(self.args.shots, name)
        self.b.screenshot(path)
        with open(path, "rb") as f:
            head = f.read(24)
        ok = head[:8] == b"\x89PNG\r\n\x1a\n" and os.path.getsize(path) > 20000
        w, h = struct.unpack(">II", head[16:24]) if len(head) == 24 else (0, 0)
        self.check(ok and (w, h) == (self.args.width, self.args.height),
                   f"screenshot {path}: {w}x{h}, {os.path.getsize(path)} bytes")

    # -- comparing the page with guti query --------------------------------------------------
    def compare(self, s, rules, limit=None):
        """The page's position, value and move labels against guti query --json."""
        q = self.query(s["fen"], rules, limit)
        if not self.check("error" not in q, f"guti query failed on {s['fen']}: {q.get('error')}"):
            return q
        where = s["fen"]
        self.check(s["value"] == q["value"] and s["dtm"] == dtm_text(q["dtm"]),
                   f"{where}: the page says {s['value']} {s['dtm']}, query {q['value']} {q['dtm']}")
        self.check(s["now"] == (q["value_now"] or "") or q["over"],
                   f"{where}: value under the counting rule {s['now']!r}, query {q['value_now']!r}")
        self.check(len(s["rows"]) == len(q["moves"]),
                   f"{where}: {len(s['rows'])} rows in the move list, query {len(q['moves'])} moves")
        for row, m in zip(s["rows"], q["moves"]):
            # class and DTC where the counting rule's tables are there (not at 5 pieces)
            got = (row["move"], row["value"], row["dtm"], row.get("cls"), row.get("dtc", ""), row["now"])
            want = (m["move"], m["value"], dtm_text(m["dtm"]), m.get("class"),
                    dtm_text(m.get("dtc")), m["value_now"] or "")
            if not self.check(got == want, f"{where}: move list row {got}, query {want}"):
                break
        by_move = {m["move"]: m for m in q["moves"]}
        for d in s["dests"]:
            m = by_move.get(d["best"])
            if not self.check(m is not None, f"{where}: marker {d} names no legal move"):
                continue
            want = (m["value"], dtm_text(m["dtm"]))
            self.check((d["value"], d["dtm"]) == want,
                       f"{where}: marker at {d['dest']} says {d['value']} {d['dtm']}, query {want}")
            text = "=" if m["value"] == "draw" else dtm_text(m["dtm"])
            self.check(d["text"].startswith(text), f"{where}: marker at {d['dest']} reads {d['text']!r}")
        return q

    def expected_dests(self, moves, lifted=None, chain=None):
        """From the server's move list: where the lifted piece (or a chain) may go, and the
        move each marker should be labelled with: the best one through it, stopping there
        or going on (moves come best first); the one stopping there; whether a chain goes
        on from there."""
        out = {}
        for m in moves:
            t = m["move"]
            if chain:
                pre = chain + "x"
                if not t.startswith(pre):
                    continue
                q = t[len(pre):].split("x")[0]
                text = pre + q
            elif t.startswith(lifted + "-"):
                q = t[len(lifted) + 1:]
                text = t
            elif t.startswith(lifted + "x"):
                q = t[len(lifted) + 1:].split("x")[0]
                text = lifted + "x" + q
            else:
                continue
            d = out.setdefault(q, {"exact": None, "best": t, "more": False})
            if t == text:
                d["exact"] = t
            else:
                d["more"] = True
        return out

    def check_dests(self, s, rules):
        """The markers of a lifted piece or a chain against the server's move list."""
        status, pos = self.api("/api/position", fen=s["fen"], rules=rules)
        want = self.expected_dests(pos["moves"], lifted=s["lifted"] or None,
                                   chain=s["chain"] or None)
        got = {d["dest"]: d for d in s["dests"]}
        what = f"{s['fen']}: {'chain ' + s['chain'] if s['chain'] else 'lifted ' + s['lifted']}"
        self.check(sorted(got) == sorted(want), f"{what}: marked {sorted(got)}, the API's moves give {sorted(want)}")
        for q, d in want.items():
            g = got.get(q)
            if g:
                got_d = (g["move"], g["best"], g["more"])
                want_d = (d["exact"], d["best"], d["more"])
                self.check(got_d == want_d, f"{what}: marker {q} has (stop, best, goes on) {got_d}, expected {want_d}")
        self.compare(s, rules)

    # -- playing --------------------------------------------------------------------------
    def play_by_board(self, move, rules, drag=False, stop_by_tap=False):
        """Plays a move as a person does, point by point; checks each step's markers."""
        s = self.state()
        if move == "pass":
            self.click("#pass")
            return
        t = move.replace("x", "-").split("-")
        if len(t) == 1:
            self.click_point(move)
            return
        if drag:
            self.drag_points(t[0], t[1])
        else:
            self.click_point(t[0])
            s = self.state()
            self.check(s["lifted"] == t[0], f"{s['fen']}: tapping {t[0]} lifted {s['lifted']!r}")
            self.check_dests(s, rules)
            self.click_point(t[1])
        sep = "x" if "x" in move else "-"
        prefix = t[0] + sep + t[1]
        k = 2
        while True:
            s = self.idle()
            if s["chain"] != prefix or not s["chain"]:
                break  # played (or the chain went on by itself: checked by the caller)
            self.check(s["lifted"] == "" and s["chainBar"], f"{s['fen']}: chain {prefix}: no chain bar")
            self.check_dests(s, rules)
            listed = any(m["move"] == prefix for m in self.api("/api/position", fen=s["fen"], rules=rules)[1]["moves"])
            self.check(s["stop"] == listed, f"{s['fen']}: chain {prefix}: stop button shown {s['stop']}, "
                       f"the prefix {'is' if listed else 'is not'} a legal move")
            if k == len(t):
                if stop_by_tap:
                    self.click_point(t[-1])
                else:
                    self.click("#stop-chain")
                break
            self.click_point(t[k])
            prefix += "x" + t[k]
            k += 1

    def play_game(self, rules, choose, person, max_plies=80, on_turn=None, start=None):
        """Plays on from the page's position to the end: choose(state, query) gives the
        person's move and how to play it; the machine (when person is a side) and forced
        single moves play themselves. Checks every move against guti query."""
        s = self.idle()
        seen = len(s["hist"]) if start is None else start
        for _ in range(max_plies):
            hist = s["hist"]
            for i in range(max(seen, 1), len(hist)):
                self.check_arrival(hist[i - 1]["fen"], hist[i], rules, person)
            seen = len(hist)
            self.compare(s, rules)
            if s["over"]:
                if self.args.verbose:
                    print(f"{self.where}: {s['hist'][0]['fen']}:", " ".join(e["move"] for e in s["hist"][1:]),
                          "|", s["turn"], "|", s["status"], flush=True)
                return s
            q = self.query(s["fen"], rules)
            if on_turn:
                on_turn(s, q)
            move, how = choose(s, q)
            self.played.add((s["fen"], move))
            if how == "row":
                self.click(f'#moves tr[data-move="{move}"]')
            elif how == "best":
                self.click("#best")
            else:
                self.play_by_board(move, rules, drag=how == "drag", stop_by_tap=how == "tap")
            s = self.idle()
        self.check(False, f"the game did not end in {max_plies} plies")
        return s

    def check_arrival(self, before, entry, rules, person):
        """A move of the page's history: legal, leading where the API says; the machine's
        the best; one that played itself the only legal move under forced."""
        q = self.query(before, rules)
        moves = {m["move"]: m for m in q["moves"]}
        status, pos = self.api("/api/position", fen=before, rules=rules)
        fens = {m["move"]: m["fen"] for m in pos["moves"]}
        m = entry["move"]
        if not self.check(m in moves, f"{before}: the page played {m}, not a legal move"):
            return
        self.check(fens[m] == entry["fen"], f"{before}: {m} led to {entry['fen']}, the API says {fens[m]}")
        mover = pos["side"]
        if (before, m) in self.played:
            return
        if person and mover != person:
            self.check(m == q["moves"][0]["move"],
                       f"{before}: the machine played {m}, the best move is {q['moves'][0]['move']}")
        else:
            self.check(rules == "forced" and len(q["moves"]) == 1,
                       f"{before}: {m} played by itself, though it is not a forced single move")
            self.forced_seen += 1

    # -- the games ------------------------------------------------------------------------
    def baghchal(self):
        self.where = "4x4 Bagh-Chal"
        rules = "standard"
        start = "T2T/4/4/T2T g 12"
        self.b.navigate(self.base + "#fen=" + urllib.parse.quote(start, safe="/") + "&rules=standard")
        s = self.idle(start)
        geometry = self.api("/api/position", fen=start)[1]["geometry"]
        self.check(s["points"] == 16 and s["lines"] == len(geometry["lines"]),
                   f"{s['points']} points and {s['lines']} lines drawn on the 4x4 board")
        q = self.compare(s, rules)
        self.check(sorted(d["dest"] for d in s["dests"]) == sorted(m["move"] for m in q["moves"]),
                   "the placements are not labelled on the empty points")
        self.check("Goats to move" in s["turn"], f"the turn bar says {s['turn']!r}")
        goats = next(c for c in s["counts"] if c["count"] == "goats")
        self.check(goats["inhand"] == "12" and goats["captured"] == "0", f"goats counted {goats}")
        # issue 38: the headers in a player's words, the help of this game, an icon of its own
        self.check(s["heads"] == ["Move", "Value", "DTM", "Under the 100 half-move rule", "DTC", "At this clock"],
                   f"the move list's headers: {s['heads']}")
        self.check("place a goat" in s["legend"] and "capture or placement" in s["legend"],
                   f"Bagh-Chal's help: {s['legend']!r}")
        icon = self.b.evaluate("""new Promise((done) => {
          const l = document.querySelector('link[rel=icon]');
          if (!l || !l.href.startsWith('data:image/svg+xml,')) return done('no embedded SVG icon: ' + (l && l.href));
          const img = new Image();
          img.onload = () => done(img.naturalWidth > 0 ? 'ok' : 'an empty icon');
          img.onerror = () => done('the icon does not load');
          img.src = l.href;
        })""")
        self.check(icon == "ok", f"the page's icon: {icon}")

        # a placement, then a tiger lifted, put down, lifted again and capturing
        self.play_by_board("b1", rules)
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "b1" and s["last"] == ["b1"], f"after b1: last {s['last']}, history {s['hist'][-1]}")
        goats = next(c for c in s["counts"] if c["count"] == "goats")
        self.check(goats["inhand"] == "11" and goats["onboard"] == "1", f"after b1, goats counted {goats}")
        self.compare(s, rules)
        after_b1 = s["fen"]
        self.click_point("a1")
        s = self.state()
        self.check(s["lifted"] == "a1", "tapping a1 did not lift the tiger")
        self.check_dests(s, rules)
        self.check("c1" in [d["dest"] for d in s["dests"]], "the capture a1xc1 is not marked")
        self.shot("explorer-baghchal.png")
        self.click_point("a1")
        s = self.state()
        self.check(s["lifted"] == "" and not s["dests"], "tapping the lifted tiger again did not put it down")
        self.click_point("a1")
        self.click_point("c1")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "a1xc1", f"the capture was not played: {s['hist'][-1]}")
        self.check(s["captured"] == ["b1"] and s["last"] == ["c1"],
                   f"after a1xc1: captured marked {s['captured']}, last {s['last']}")
        goats = next(c for c in s["counts"] if c["count"] == "goats")
        self.check(goats["captured"] == "1" and goats["onboard"] == "0", f"after a1xc1, goats counted {goats}")
        self.compare(s, rules)
        # issue 38: the capture's origin and the captured point, both labelled with a
        # placement now, are drawn above the labels (after them in the SVG)
        above = self.b.evaluate("""(() => {
          const labels = document.querySelector('#board .labels');
          return [...document.querySelectorAll('#board [data-from], #board [data-captured]')].map((m) =>
            [m.dataset.from ? 'from ' + m.dataset.from : 'captured ' + m.dataset.captured,
             !labels.contains(m) && !!(labels.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING)]);
        })()""")
        self.check(sorted(above) == [["captured b1", True], ["from a1", True]],
                   f"after a1xc1, the marks [mark, above the labels]: {above}")
        self.check({"a1", "b1"} <= {d["dest"] for d in s["dests"]}, "a1 and b1 are not labelled as placements")
        self.shot("explorer-marks-above.png")
        capture_fen = s["fen"]

        # undo and redo
        self.click("#undo")
        s = self.idle(after_b1)
        self.check(s["hpos"] == 1 and s["last"] == ["b1"], "undo did not go back to the placement")
        self.check("fen=" + urllib.parse.quote(after_b1, safe="/").replace("%20", "+") in s["hash"],
                   f"the address {s['hash']} does not hold the position")
        self.compare(s, rules)
        self.click("#redo")
        s = self.idle(capture_fen)
        self.check(s["captured"] == ["b1"], "redo did not come back to the capture")
        self.b.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); 1")
        s = self.idle(after_b1)

        # a drag, then the principal variation against guti query --pv
        self.drag_points("d4", "c4")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "d4-c4", f"dragging d4 to c4 played {s['hist'][-1]['move']}")
        self.check(s["hpos"] == 2 and len(s["hist"]) == 3, "a new move did not drop the redo history")
        self.compare(s, rules)
        self.click("#pv-button")
        self.b.wait("!document.getElementById('pv').hidden", 10, "the principal variation")
        got = self.b.evaluate("[...document.querySelectorAll('#pv [data-pv]')].map((b) => b.textContent)")
        want = self.query_pv(s["fen"], rules)["pv"]
        self.check(got == want, f"principal variation {got}, guti query --pv {want}")

        # the best-move button, then the goats against the machine to the end
        q = self.query(s["fen"], rules)
        self.click("#best")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == q["moves"][0]["move"], "the best-move button did not play the best move")
        start = len(s["hist"])
        self.select("play", "goats")
        s = self.idle()
        self.check("play=goats" in s["hash"], f"the address {s['hash']} lacks the side played")
        plies = [0]

        def goats_choose(s, q):
            # the quickest loss mostly (a short game with captures), played every way
            plies[0] += 1
            m = q["moves"][-1]["move"]
            how = ["board", "row", "board", "drag", "best"][plies[0] % 5]
            if how == "best":
                m = q["moves"][0]["move"]
            if how == "drag" and len(m) == 2:
                how = "board"
            return m, how

        self.machine_captures = 0

        def watch(s, q):
            last = s["hist"][-1]["move"] if len(s["hist"]) > 1 else None
            if last and "x" in last and s["side"] == "goats":
                self.machine_captures += 1
                t = last.split("x")
                self.check(s["last"] == [t[1]] and len(s["captured"]) == 1,
                           f"{s['fen']}: after the machine's {last}: last {s['last']}, captured {s['captured']}")

        s = self.play_game(rules, goats_choose, "goats", on_turn=watch, start=start)
        self.check(s["over"] and "Tigers win" in s["turn"], f"the game ended with {s['turn']!r}")
        self.check(self.machine_captures > 0 or "x" in s["hist"][-1]["move"], "the machine never captured")
        undo_to = self.b.evaluate("guti.hist.length")
        self.click("#undo")
        s = self.idle()
        self.check(s["side"] == "goats" and s["hpos"] < undo_to - 1, "undo against the machine did not go back to the goats' turn")
        self.select("play", "")

        # a position from the address, another from the FEN field
        fen = "TGGT/GG1G/GGGG/TG1T t 0"
        self.goto_address(fen)
        s = self.idle(fen)
        self.check(len(s["hist"]) == 1 and s["hpos"] == 0, "a position from the address did not start a new history")
        self.compare(s, rules)
        self.click_point("a1")
        s = self.state()
        self.check_dests(s, rules)
        fen2 = "TGGT/GGGG/G1GG/TG1T g 0"
        self.b.evaluate("document.getElementById('fen').value = %s; 1" % json.dumps(fen2))
        self.click("#fen-form button")
        s = self.idle(fen2)
        self.compare(s, rules)
        self.check(fen2.replace(" ", "+") in s["hash"], f"the address {s['hash']} is not the FEN typed")
        # a goat's step in the movement phase
        q = self.query(fen2, rules)
        step = next(m["move"] for m in q["moves"] if "-" in m["move"])
        self.played.add((fen2, step))
        self.play_by_board(step, rules)
        s = self.idle()
        self.check(s["hist"][-1]["move"] == step and s["last"] == [step.split("-")[1]],
                   f"the goat's step {step}: played {s['hist'][-1]['move']}, ringed {s['last']}")
        self.compare(s, rules)
        cur = s["fen"]
        self.b.evaluate("document.getElementById('fen').value = 'T2T/4/4/T2X g 12'; 1")
        self.click("#fen-form button")
        time.sleep(0.2)
        s = self.idle(cur)
        self.check("unknown letter" in s["message"], f"a malformed FEN gave the message {s['message']!r}")
        # issue 38: an empty FEN box is refused with a message
        self.b.evaluate("document.getElementById('fen').value = '  '; 1")
        self.click("#fen-form button")
        time.sleep(0.2)
        s = self.idle(cur)
        self.check("Type a position" in s["message"], f"an empty FEN gave the message {s['message']!r}")
        # issue 38: the counting rule of another limit from the address (#limit=20): at
        # clock 18, b1-b2 (DTC 5) wins under the 100 half-move rule, draws under 20
        fen20 = "TGGT/GGGG/G1GG/TG1T g 0 18"
        self.goto_address(fen20, rules="standard", limit="20")
        s = self.idle(fen20)
        self.compare(s, rules, "20")
        row = next((r for r in s["rows"] if r["move"] == "b1-b2"), {})
        self.check(s["heads"][3] == "Under the 20 half-move rule" and row.get("now") == "draw" and "limit=20" in s["hash"],
                   f"limit 20: headers {s['heads']}, b1-b2 at this clock {row.get('now')!r}, address {s['hash']}")
        clock = self.b.evaluate("document.getElementById('clock').textContent")
        self.check("of 20 half-moves" in clock, f"limit 20: the clock says {clock!r}")
        self.click('#moves tr[data-move="b1-b2"]')
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "b1-b2" and "limit=20" in s["hash"], f"limit 20 after b1-b2: {s['hash']}")
        self.compare(s, rules, "20")
        self.shot("explorer-limit20.png")
        self.goto_address(fen20, rules="standard")
        s = self.idle(fen20)
        row = next((r for r in s["rows"] if r["move"] == "b1-b2"), {})
        self.check(row.get("now") == "win" and "limit" not in s["hash"], f"limit 100 again: b1-b2 {row}, {s['hash']}")
        self.compare(s, rules)

        # the other game's position typed in: its own rules
        fen3 = "3/3/5/2BB1/5/2R2/5/3/2R r"
        self.b.evaluate("document.getElementById('fen').value = %s; 1" % json.dumps(fen3))
        self.click("#fen-form button")
        s = self.idle(fen3)
        self.check(s["message"] == "" and "rules=optional" in s["hash"],
                   f"a Sixteen Soldiers FEN typed on Bagh-Chal's page: {s['message']!r}, {s['hash']}")
        self.compare(s, "optional")

    def sixteen(self):
        self.where = "Sixteen Soldiers, optional"
        rules = "optional"
        # an endgame played through by hand: a step, a drag, a two-capture chain continued
        fen = "3/3/5/2BB1/5/2R2/5/3/2R r"
        self.goto_address(fen, rules="optional")
        s = self.idle(fen)
        self.check(s["points"] == 37 and s["lines"] == 76, f"{s['points']} points and {s['lines']} lines on the board")
        self.check(sorted(s["pieces"]) == ["c4", "c6", "d6", "e1"], f"pieces drawn on {s['pieces']}")
        script = iter([("e1-d2", "board"), ("c6-c5", "drag"), ("c4xc6xe6", "board")])
        shot = [False]

        def on_turn(s, q):
            if s["fen"].startswith("3/3/5/3B1/2B2/2R2") and not shot[0]:
                # in the middle of the chain: the screenshot
                self.click_point("c4")
                self.click_point("c6")
                s2 = self.idle()
                self.check(s2["chain"] == "c4xc6" and s2["stop"] and s2["captured"] == ["c5"],
                           f"after c4xc6 the chain bar {s2['chain']!r} stop {s2['stop']} captured {s2['captured']}")
                self.shot("explorer-sixteen.png")
                self.click("#undo")  # undo in a chain takes the chain back
                s2 = self.idle()
                self.check(s2["chain"] == "" and s2["fen"] == s["fen"], "undo did not take the chain back")
                shot[0] = True

        s = self.play_game(rules, lambda s, q: next(script), None, on_turn=on_turn)
        self.check(s["over"] and "Red wins" in s["turn"], f"the game ended with {s['turn']!r}")
        self.check(s["hist"][-1]["move"] == "c4xc6xe6" and sorted(s["captured"]) == ["c5", "d6"],
                   f"the chain: {s['hist'][-1]['move']}, captured marked {s['captured']}")
        self.click("#undo")
        s = self.idle()
        self.compare(s, rules)
        self.click("#redo")
        s = self.idle()
        self.check(s["over"], "redo did not come back to the end")

        # a chain stopped after its first capture, against the machine
        fen = "3/3/5/3B1/2B2/2R2/5/3/3 r"
        self.goto_address(fen, rules="optional", play="red")
        s = self.idle(fen)
        self.click_point("c4")
        self.click_point("c4")
        s = self.state()
        self.check(s["lifted"] == "", "tapping the lifted piece again did not put it down")
        script = iter([("c4xc6", "board")])
        s = self.play_game(rules, lambda s, q: next(script), "red")
        self.check(s["hist"][1]["move"] == "c4xc6", f"the stopped chain was played as {s['hist'][1]['move']}")
        self.check(s["over"] and "Blue wins" in s["turn"], f"the game ended with {s['turn']!r}")
        # the same, stopped by tapping the piece in the middle of its chain
        self.goto_address(fen, rules="optional", play="")
        s = self.idle(fen)
        script = iter([("c4xc6", "tap"), ("d6xb6", "row")])
        s = self.play_game(rules, lambda s, q: next(script), None)
        self.check([e["move"] for e in s["hist"][1:]] == ["c4xc6", "d6xb6"], "tapping the piece did not stop the chain")

        self.chain_start()

        self.where = "Sixteen Soldiers, forced"
        rules = "forced"
        self.forced_seen = 0
        # single captures play themselves; the person plays red against the machine
        fen = "3/1R1/2B1B/5/4R/5/5/3/3 r"
        self.goto_address(fen, rules="forced", play="red")
        s = self.play_game(rules, lambda s, q: (q["moves"][0]["move"], "board"), "red", start=1)
        self.check(self.forced_seen >= 1, "no single capture played itself")
        self.check(s["over"] and "Red wins" in s["turn"], f"the game ended with {s['turn']!r}")
        self.check("played by itself" in s["status"] or self.forced_seen >= 1, f"status {s['status']!r}")
        # a chain whose only continuation is taken by itself
        fen = "3/3/5/3R1/3B1/2B2/2R2/3/3 r"
        self.goto_address(fen, rules="forced", play="")
        s = self.idle(fen)
        self.compare(s, rules)
        self.click_point("c3")
        s = self.state()
        self.check_dests(s, rules)
        self.check([(d["best"], d["move"], d["more"]) for d in s["dests"]] == [("c3xc5xe5", None, True)],
                   f"the chain's marker: {s['dests']}")
        self.click_point("c5")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "c3xc5xe5" and s["over"],
                   f"the forced chain did not go on by itself: {s['hist'][-1]}")
        self.check("taken by itself" in s["status"] or "Red wins" in s["turn"], f"status {s['status']!r}")
        self.compare(s, rules)

    def chain_start(self):
        """Issue 38: the point where chains start shows the best of stopping there and of
        going on (b4xd6xb6 wins in 27 though b4xd6 draws), ringed dashed; Stop here shows
        what stopping is worth. Needs the 5-piece tables."""
        rules = "optional"
        fen = "B2/3/5/2B2/2B2/1R3/5/3/2R r"
        self.goto_address(fen, rules="optional", play="")
        s = self.idle(fen)
        self.compare(s, rules)
        self.click_point("b4")
        s = self.state()
        self.check_dests(s, rules)
        d6 = next((d for d in s["dests"] if d["dest"] == "d6"), {})
        got = tuple(d6.get(k) for k in ("value", "dtm", "best", "move", "more")) + (d6.get("text", "")[:3],)
        self.check(got == ("win", "27", "b4xd6xb6", "b4xd6", True, "27s"),
                   f"b4 lifted: the marker on d6 (value, dtm, text, best, stop, goes on) is {got}")
        ring = self.b.evaluate("!!document.querySelector('#board [data-dest=\"d6\"] circle.more-ring')")
        self.check(ring, "b4 lifted: no dashed ring on d6, where the chain goes on")
        self.check(not any(d["more"] for d in s["dests"] if d["dest"] != "d6"),
                   f"b4 lifted: a point other than d6 is marked as going on: {s['dests']}")
        self.shot("explorer-chain-start.png")
        self.click_point("d6")
        s = self.idle()
        stop = next(m for m in self.query(fen, rules)["moves"] if m["move"] == "b4xd6")
        self.check(s["chain"] == "b4xd6" and s["stop"] and (s["stopValue"], s["stopDtm"]) == (stop["value"], dtm_text(stop["dtm"]))
                   and s["stopText"] == "Stop here: draw",
                   f"in the chain b4xd6: chain {s['chain']!r}, stop button {s['stop']} {s['stopText']!r} "
                   f"({s['stopValue']} {s['stopDtm']}), query: stopping is {stop['value']}")
        self.check_dests(s, rules)
        self.shot("explorer-chain-stop.png")
        self.click_point("b6")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "b4xd6xb6", f"the chain was played as {s['hist'][-1]['move']}")
        self.compare(s, rules)

        # issue 38: the headers, the help of this game; the menu follows the FEN box and the
        # address, even to a position no table answers
        self.check(s["heads"][3:] == ["Under the 80 half-move rule", "DTC", "At this clock"],
                   f"Sixteen Soldiers' headers: {s['heads']}")
        self.check("goat" not in s["legend"] and "placement" not in s["legend"] and "ringed dashed" in s["legend"],
                   f"Sixteen Soldiers' help: {s['legend']!r}")
        fen5 = "T3T/5/5/5/T3T g 20"
        self.b.evaluate("document.getElementById('fen').value = %s; 1" % json.dumps(fen5))
        self.click("#fen-form button")
        s = self.idle(fen5)
        self.check(s["game"] == "baghchal/5x5/standard", f"a 5x5 FEN loaded from the box: the menu says {s['game']}")
        fen4 = "3/3/5/2BB1/5/2R2/5/3/2R r"
        self.goto_address(fen4, rules="forced")
        s = self.idle(fen4)
        self.check(s["game"] == "sixteen/sixteen/forced", f"a forced position from the address: the menu says {s['game']}")

    def adugo(self):
        """Issue 40: a third game, which the page knows only from /api/info's words."""
        self.where = "Adugo, optional-d4-k2"
        rules = "optional-d4-k2"
        games = self.api("/api/info")[1]["games"]
        g = next((g for g in games if g["game"] == "adugo" and g["rules"] == rules), None)
        if not self.check(g is not None and g["first"] == g["start"], f"/api/info offers no {rules} opening on its start: {g}"):
            return
        loads = self.b.evaluate("guti.loads")
        self.select("game", f"adugo/adugo/{rules}")
        self.b.wait("guti.loads > %d" % loads, 10, "the new game")
        s = self.idle(g["start"])
        self.check(s["points"] == 31 and s["lines"] == 66, f"{s['points']} points and {s['lines']} lines on the board")
        self.check(sorted(s["pieces"]) == ["a3", "b3", "c3", "d3", "e3"], f"pieces drawn on {s['pieces']}")
        self.compare(s, rules)
        # no drawing of their own: a disc each side's colour, two colours, with the letter
        discs = self.b.evaluate(
            "[...document.querySelectorAll('#board [data-piece]')].map((g) => {"
            " const c = g.querySelector('circle'); return [g.dataset.piece, g.textContent,"
            " getComputedStyle(c).fill, getComputedStyle(c).stroke]; })")
        jaguar = {tuple(d[1:]) for d in discs if d[0] == "c3"}
        dogs = {tuple(d[1:]) for d in discs if d[0] != "c3"}
        self.check(len(jaguar) == 1 and len(dogs) == 1 and next(iter(jaguar))[0] == "J"
                   and next(iter(dogs))[0] == "D" and jaguar != dogs and
                   next(iter(jaguar))[2] != next(iter(dogs))[2],
                   f"the discs (letter, fill, stroke): the jaguar's {jaguar}, the dogs' {dogs}")
        dots = self.b.evaluate("[...document.querySelectorAll('#turn .dot, #count .dot')]"
                               ".map((d) => getComputedStyle(d).backgroundColor)")
        self.check(len(dots) == 3 and dots[0] == dots[1] and dots[1] != dots[2],
                   f"the turn's and the counts' dots: {dots}")
        self.shot("explorer-adugo.png")
        # a chain played by the board, in the middle of it the stop button
        fen = "3/3/5/3D1/5/2D2/D1J1D j"
        self.goto_address(fen, rules=rules, play="")
        s = self.idle(fen)
        self.compare(s, rules)
        self.click_point("c1")
        s = self.state()
        self.check_dests(s, rules)
        self.click_point("c3")
        s = self.idle()
        self.check(s["chain"] == "c1xc3" and s["stop"] and s["captured"] == ["c2"],
                   f"after c1xc3 the chain bar {s['chain']!r} stop {s['stop']} captured {s['captured']}")
        self.shot("explorer-adugo-chain.png")
        self.click_point("e5")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "c1xc3xe5" and s["over"] and "Jaguar win" in s["turn"],
                   f"the chain: {s['hist'][-1]['move']}, over {s['over']}, {s['turn']!r}")

    def missing(self):
        self.where = "a 5x5 position (no tables)"
        fen = "T3T/5/5/5/T3T g 20"
        self.goto_address(fen, rules="standard", play="")
        s = self.idle(fen)
        self.check("Make it with:guti solve baghchal --rules standard --board 5x5 --dir " in s["message"],
                   f"the message {s['message']!r} names no guti solve")
        self.check(s["points"] == 25 and len(s["rows"]) == 21, f"{s['points']} points, {len(s['rows'])} moves shown")
        self.check(all(r["value"] == "" for r in s["rows"]), "moves labelled without tables")
        self.shot("explorer-missing.png")
        self.click_point("c3")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == "c3" and s["side"] == "tigers", "a placement without tables was not played")
        self.check("guti solve baghchal" in s["message"], "the next position lost the missing table's message")
        # a new game from the chooser
        games = self.api("/api/info")[1]["games"]
        g = next(g for g in games if g["game"] == "sixteen" and g["rules"] == "forced")
        loads = self.b.evaluate("guti.loads")
        self.select("game", "sixteen/sixteen/forced")
        self.b.wait("guti.loads > %d" % loads, 10, "the new game")
        s = self.idle(g["start"])
        self.check("rules=forced" in s["hash"] and s["points"] == 37 and len(s["pieces"]) == 32,
                   f"the new game: {s['hash']}, {len(s['pieces'])} pieces drawn")
        self.check("guti solve sixteen" in s["message"],
                   f"the start of Sixteen Soldiers without tables: {s['message']!r}")

    def first_screen(self):
        """Issue 38: a server whose tables hold only the 3x3 movement phase opens on a
        position of it, not on a missing table; the placement's tables made while it runs
        answer the start (New game)."""
        self.where = "only the 3x3 movement phase"
        self.b.navigate(self.args.url2)
        s = self.idle()
        self.check(s["game"] == "baghchal/3x3/standard" and s["message"] == "" and s["value"] in ("win", "draw", "loss")
                   and " 0" in s["fen"] and "movement phase" in s["status"],
                   f"the first screen: {s['game']}, {s['fen']}, value {s['value']!r}, message {s['message']!r}, "
                   f"status {s['status']!r}")
        name = self.b.evaluate("document.getElementById('game').selectedOptions[0].textContent")
        self.check(name.endswith("(movement phase only)"), f"the menu's name of the game: {name!r}")
        self.shot("explorer-first-screen.png")
        out = subprocess.run([self.args.guti, "solve", "baghchal", "--board", "3x3", "--dir", self.args.dir2,
                              "--quiet"], capture_output=True, text=True)
        self.check(out.returncode == 0, f"guti solve 3x3: {out.stderr.strip()}")
        self.click("#new")
        s = self.idle("T1T/3/T1T g 4")
        self.check(s["message"] == "" and s["value"] == "loss",
                   f"the 3x3 start after its tables were made: message {s['message']!r}, value {s['value']!r}")

    # -- rules no-repeat (issue 41) -------------------------------------------------------
    NR_ROWS_JS = r"""[...document.querySelectorAll("#moves tbody tr")].map((tr) => ({move: tr.dataset.move,
        value: tr.dataset.value, refused: tr.dataset.refused === "1", standard: tr.dataset.standard,
        sdtm: tr.dataset.standardDtm, text: tr.children[1].textContent, playable: tr.classList.contains("playable")}))"""
    NR_DESTS_JS = r"""[...document.querySelectorAll("#board [data-dest]")].map((g) => ({dest: g.dataset.dest,
        best: g.dataset.best, value: g.dataset.value, refused: g.dataset.refused === "1",
        cls: g.getAttribute("class"), text: g.querySelector("text").textContent}))"""

    def history_query(self, rules, fen, moves, budget):
        """guti query --history of a record playing moves from fen under rules: the value of
        the position after them for its side to move, or the error."""
        path = os.path.join(self.args.shots, "nr-history.txt")
        with open(path, "w") as f:
            f.write(f'[Game "baghchal"]\n[Board "4x4"]\n[Rules "{rules}"]\n[FEN "{fen}"]\n\n'
                    + " ".join(moves) + "\n")
        out = subprocess.run([self.args.guti, "query", "--dir", self.args.dir, "--history", path,
                              "--budget", str(budget), "--json"], capture_output=True, text=True)
        return json.loads(out.stdout)["value"] if out.returncode == 0 else "error: " + out.stderr.strip()

    def nr_compare(self, start, moves, rules, budget=None):
        """The page's position under rules no-repeat against the server's answer for start and
        moves: the value, every row (value under the rule, refused and why, standard value and
        DTM) and every marker; returns the server's answer."""
        s = self.idle()
        params = {"fen": start, "rules": rules, "moves": "+".join(moves)}
        if budget:
            params["budget"] = budget
        status, want = self.api("/api/position", **params)
        where = f"{rules} {start} {moves}"
        if not self.check(status == 200 and s["fen"] == want["fen"], f"{where}: page {s['fen']}, server {status} {str(want)[:200]}"):
            return want
        self.check(s["value"] == want["value"], f"{where}: value {s['value']!r}, server {want['value']!r}")
        self.check([h["move"] for h in s["hist"][1:s["hpos"] + 1]] == moves, f"{where}: the page's history {s['hist']}")
        rows = self.b.evaluate(self.NR_ROWS_JS)
        self.check(len(rows) == len(want["moves"]), f"{where}: {len(rows)} rows, server {len(want['moves'])}")
        for row, m in zip(rows, want["moves"]):
            sd = m["standard"]
            got = (row["move"], row["value"], row["refused"], row["standard"], row["sdtm"])
            exp = (m["move"], m["value"], m["refused"], sd["value"], dtm_text(sd["dtm"]))
            self.check(got == exp, f"{where}: row {got}, server {exp}")
            text = ("refused: " + m["reason"]) if m["refused"] else \
                ("unknown under the rule" if m["value"] == "unknown" else m["value"])
            self.check(row["text"] == text and row["playable"] == (not m["refused"] and (not s["play"] or s["play"] == s["side"])),
                       f"{where}: row {m['move']} reads {row['text']!r} (playable {row['playable']}), want {text!r}")
        return want

    def nr_dests(self, want, lifted):
        """The markers of the lifted piece: the server's moves from it, refused ones marked x."""
        dests = self.b.evaluate(self.NR_DESTS_JS)
        mine = {m["move"].replace("x", "-").split("-")[1]: m for m in want["moves"]
                if m["move"].startswith(lifted + "-") or m["move"].startswith(lifted + "x")}
        self.check(sorted(d["dest"] for d in dests) == sorted(mine), f"{lifted}: markers {dests}, moves {list(mine)}")
        for d in dests:
            m = mine.get(d["dest"])
            if not m:
                continue
            text = "\u00d7" if m["refused"] else "?" if m["value"] == "unknown" else \
                "=" if m["value"] == "draw" else m["value"][0].upper()
            cls = "v-refused" if m["refused"] else "v-" + m["value"]
            self.check(d["refused"] == m["refused"] and d["text"] == text and cls in d["cls"].split(),
                       f"{lifted}: marker {d}, server {m}")
        return mine

    def norepeat(self):
        rules, start = "no-repeat:12", "TT1G/GTGG/GG1G/GGGT g 0"
        self.where = f"4x4 under {rules}"
        self.goto_address(start, rules=rules, play="")
        s = self.idle(start)
        self.check(s["game"] == "baghchal/4x4/no-repeat:12", f"the menu shows {s['game']}")
        options = self.b.evaluate("[...document.getElementById('game').options].map((o) => o.value)")
        self.check("baghchal/4x4/no-repeat" in options and "baghchal/3x3/no-repeat:12" in options and
                   not any("sixteen/" in o and "no-repeat" in o for o in options), f"the menu: {options}")
        self.check(s["heads"] == ["Move", "Under no-repeat:12", "Standard", "DTM"], f"headers {s['heads']}")
        hidden = self.b.evaluate("[document.getElementById('clock').hidden, document.getElementById('pv-button').hidden]")
        self.check(hidden == [True, True], f"clock and principal variation hidden under the rule: {hidden}")
        moves, want = [], self.nr_compare(start, [], rules)
        for mv, how in (("c1-c2", "board"), ("b4-c4", "board"), ("c2-c1", "list")):
            if how == "board":
                a, b = mv.split("-")
                self.click_point(a)
                self.check(self.state()["lifted"] == a, f"{a} not lifted")
                self.nr_dests(want, a)
                self.click_point(b)
            else:
                self.click(f'#moves tr[data-move="{mv}"]')
            moves.append(mv)
            self.b.wait("guti.hist.length === %d" % (len(moves) + 1), 10, "the move " + mv)
            want = self.nr_compare(start, moves, rules)
        # the cycle: c4-b4 would bring back the first board
        back = next((m for m in want["moves"] if m["move"] == "c4-b4"), {})
        self.check(back.get("refused") is True and back.get("reason") == "recreates a board among the last 12 boards"
                   and want["moves"][-1] is back, f"c4-b4 after the cycle: {back}")
        self.click_point("c4")
        self.check(self.state()["lifted"] == "c4", "c4 not lifted")
        self.nr_dests(want, "c4")
        self.click_point("b4")
        s = self.idle()
        self.check(len(s["hist"]) == 4 and s["fen"] == want["fen"] and "refused" in s["status"] and
                   "recreates a board" in s["status"], f"a tap on the refused b4: {s['fen']}, status {s['status']!r}")
        self.click(f'#moves tr[data-move="c4-b4"]')
        s = self.idle()
        self.check(len(s["hist"]) == 4 and s["fen"] == want["fen"], f"the refused row was played: {s['hist']}")
        # every value the page shows is the server's; the server's against guti query --history
        compared = 0
        for m in want["moves"]:
            v = self.history_query(rules, start, moves + [m["move"]], 100000)
            if m["refused"]:
                self.check(v.startswith("error: ") and "recreates a board" in v, f"{m['move']}: refused, query {v}")
            elif m["value"] != "unknown" and v != "unknown":
                compared += 1
                flip = {"win": "loss", "loss": "win", "draw": "draw"}
                self.check(m["value"] == flip.get(v), f"{m['move']}: {m['value']}, query --history {v}")
        self.check(compared >= 2, f"only {compared} values compared with guti query --history")
        self.shot("explorer-norepeat.png")
        # the address holds the history: undo, then the position after the moves again
        self.check(s["hash"].endswith("&moves=c1-c2+b4-c4+c2-c1") and "fen=TT1G/GTGG/GG1G/GGGT+g+0" in s["hash"],
                   f"the address {s['hash']}")
        self.click("#undo")
        self.idle()
        self.nr_compare(start, moves[:2], rules)
        self.click("#redo")
        self.idle()
        self.nr_compare(start, moves, rules)
        # a budget of one node a move: undecided moves are unknown, their standard value beside
        self.goto_address(start, rules=rules, more="&moves=" + "+".join(moves) + "&budget=1")
        s = self.idle()
        want = self.nr_compare(start, moves, rules, budget=1)
        unknown = [m for m in want["moves"] if m["value"] == "unknown" and not m["refused"]]
        self.check(len(s["hist"]) == 4 and unknown, f"budget 1: history {len(s['hist'])}, unknown moves {unknown}")
        self.click_point(unknown[0]["move"].split("-")[0] if unknown else "c4")
        self.nr_dests(want, unknown[0]["move"].split("-")[0] if unknown else "c4")
        title = self.b.evaluate("[...document.querySelectorAll('#board [data-dest] title')].map((t) => t.textContent).join('|')")
        self.check(not unknown or f"unknown under {rules} (the standard rules: " in title, f"the unknown marker's tip: {title!r}")
        self.shot("explorer-norepeat-unknown.png")
        # against the machine: the goats play, the machine's move is the first of the list
        self.goto_address(start, rules=rules, play="goats", more="&moves=c1-c2")
        s = self.idle()
        status, want = self.api("/api/position", fen=start, rules=rules, moves="c1-c2")
        self.b.wait("guti.hist.length === 3 && document.body.dataset.busy === '0'", 20, "the machine's move")
        s = self.idle()
        self.check(s["hist"][-1]["move"] == want["moves"][0]["move"] and "The machine played" in s["status"],
                   f"the machine played {s['hist'][-1]}, the first move is {want['moves'][0]['move']}; {s['status']!r}")
        self.select("play", "")
        # every move refused (a 3x3 cycle, no tables needed): the game is over
        walk = "c3-b2+c2-c3+b2-c2+c3-b2+c2-c3"
        self.goto_address("TGT/G1G/TGT t 0", rules="no-repeat", play="", more="&moves=" + walk)
        s = self.idle()
        self.check(s["over"] and s["turn"].startswith("Game over: Tigers win (every move of the goats recreates")
                   and s["rows"] == [] and s["game"] == "baghchal/3x3/no-repeat",
                   f"every move refused: over {s['over']}, {s['turn']!r}, {len(s['rows'])} rows, {s['game']}")
        # a window only the address gives joins the menu
        self.goto_address(start, rules="no-repeat:7")
        s = self.idle(start)
        self.check(s["game"] == "baghchal/4x4/no-repeat:7", f"no-repeat:7 in the menu: {s['game']}")
        # a FEN typed in: a new history from it under the rule; one of a game without the
        # rule opens under that game's rules
        fen = "TG1T/GGGG/GGGG/TGGT g 0"
        self.b.evaluate("document.getElementById('fen').value = %s; 1" % json.dumps(fen))
        self.click("#fen-form button")
        s = self.idle(fen)
        self.check(len(s["hist"]) == 1 and s["hash"].startswith("#fen=TG1T/GGGG/GGGG/TGGT+g+0&rules=no-repeat:7")
                   and "moves=" not in s["hash"], f"a FEN typed in under no-repeat:7: {s['hash']}, {s['hist']}")
        fen = "3/3/2BBR/5/2B2/1R3/5/3/3 r"
        self.b.evaluate("document.getElementById('fen').value = %s; 1" % json.dumps(fen))
        self.click("#fen-form button")
        s = self.idle()
        self.check(s["game"].startswith("sixteen/") and s["message"] == "" and "no-repeat" not in s["hash"],
                   f"a Sixteen Soldiers FEN typed in under no-repeat:7: {s['game']}, {s['hash']}, {s['message']!r}")
        # the standard rules again: the tables' answer, the clock and the variation back
        loads = self.b.evaluate("guti.loads")
        self.select("game", "baghchal/4x4/standard")
        self.b.wait("guti.loads > %d" % loads, 10, "the new game")
        s = self.idle("T2T/4/4/T2T g 12")
        self.compare(s, "standard")
        hidden = self.b.evaluate("[document.getElementById('clock').hidden, document.getElementById('pv-button').hidden]")
        self.check(hidden == [False, False] and "moves=" not in s["hash"], f"standard again: hidden {hidden}, {s['hash']}")

    def run(self):
        self.played = set()
        self.forced_seen = 0
        os.makedirs(self.args.shots, exist_ok=True)
        self.b = Browser(width=self.args.width, height=self.args.height)
        try:
            parts = (self.baghchal, self.sixteen, self.adugo, self.missing, self.norepeat) + \
                ((self.first_screen,) if self.args.url2 else ())
            for part in parts:
                try:
                    part()
                except CDPError as e:
                    self.check(False, f"stopped: {e}")
            for e in self.b.errors:
                self.check(False, f"the page: {e}")
        finally:
            self.b.close()
        print(f"web: {self.passed} passed, {self.failed} failed", flush=True)
        return 1 if self.failed else 0


def screenshot(args):
    """One screenshot of a position: moves played from the list, a piece lifted or a
    chain begun."""
    b = Browser(width=args.width, height=args.height)
    t = Test(args)
    t.b = b
    try:
        url = args.url.rstrip("/") + "/#fen=" + urllib.parse.quote(args.fen, safe="/")
        if args.rules:
            url += "&rules=" + args.rules
        b.navigate(url)
        t.idle()
        for m in filter(None, (args.moves or "").split(",")):
            t.click(f'#moves tr[data-move="{m}"]')
            t.idle()
        if args.play:
            t.select("play", args.play)
            t.idle()
        if args.lift:
            t.click_point(args.lift)
        if args.chain:
            p = args.chain.replace("x", "-").split("-")
            for q in p:
                t.click_point(q)
                t.idle()
        if args.pv:
            t.click("#pv-button")
            b.wait("!document.getElementById('pv').hidden", 20, "the principal variation")
        b.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); 1")
        time.sleep(0.3)
        b.screenshot(args.shot)
        if b.errors:
            print("\n".join(b.errors), file=sys.stderr)
            return 1
    finally:
        b.close()
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", required=True)
    ap.add_argument("--guti")
    ap.add_argument("--dir")
    ap.add_argument("--shots")
    ap.add_argument("--url2", help="a server on --dir2, which holds only the 3x3 movement phase")
    ap.add_argument("--dir2")
    ap.add_argument("--shot")
    ap.add_argument("--fen")
    ap.add_argument("--rules")
    ap.add_argument("--moves")
    ap.add_argument("--lift")
    ap.add_argument("--chain")
    ap.add_argument("--play")
    ap.add_argument("--pv", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="print each game played")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=860)
    args = ap.parse_args()
    try:
        if args.shot:
            if not args.fen:
                ap.error("--shot needs --fen")
            return screenshot(args)
        if not (args.guti and args.dir and args.shots):
            ap.error("the test needs --guti, --dir and --shots")
        return Test(args).run()
    except (CDPError, OSError) as e:
        print(f"FAIL: web: {e}", flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
