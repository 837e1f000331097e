"""guti serve's HTTP interface, checked against the command line: every answer of
/api/position, /api/pv and /api/analyze must be what guti query --json and guti game
--analyze --json say, and bad requests of every kind must get a clean 4xx JSON error while
the server goes on answering. Standard library only.

usage: python3 tests/serve_api.py GUTI TABLES URL WORKDIR
Prints one line per failed check ("FAIL: ...") and at the end "checks N failed M".
"""
import concurrent.futures
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

GUTI, TABLES, URL, WORK = sys.argv[1:5]
HOST, PORT = urllib.parse.urlsplit(URL).hostname, urllib.parse.urlsplit(URL).port
checks = failures = 0


def check(ok, what):
    global checks, failures
    checks += 1
    if not ok:
        failures += 1
        print("FAIL:", what)


def get(path, data=None, method=None, headers=None, base=None):
    """(status, parsed JSON or raw text, content type) of a request (to URL, or base)."""
    req = urllib.request.Request((base or URL).rstrip("/") + path, data=data, method=method,
                                 headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            status, body, ctype = r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        status, body, ctype = e.code, e.read(), e.headers.get("Content-Type", "")
    if ctype.startswith("application/json"):
        return status, json.loads(body), ctype
    return status, body.decode("utf-8", "replace"), ctype


def raw(request_bytes, timeout=10):
    """The status line of a request written to the socket as is."""
    with socket.create_connection((HOST, PORT), timeout=timeout) as s:
        s.sendall(request_bytes)
        data = b""
        try:
            while b"\r\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    return data.split(b"\r\n", 1)[0].decode("latin-1")


def guti(*args, stdin=None):
    r = subprocess.run([GUTI, *args], input=stdin, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def query(fen, *extra):
    rc, out, err = guti("query", "--dir", TABLES, "--json", *extra, fen)
    return json.loads(out)


def q(fen, rules=None):
    args = {"fen": fen}
    if rules:
        args["rules"] = rules
    return "/api/position?" + urllib.parse.urlencode(args, quote_via=urllib.parse.quote)


def is_error(body, status, want, what):
    check(status == want, f"{what}: status {status}, expected {want}")
    ok = isinstance(body, dict) and isinstance(body.get("error"), str) and \
        "\n" not in body["error"] and body["error"]
    check(ok, f"{what}: not a one-line JSON error: {str(body)[:200]}")


# --- /api/position is guti query --json, each move with the FEN it leads to -------------
POSITIONS = [
    ("T2T/4/4/T2T g 12", None),        # the 4x4 start
    ("T2T/4/4/TG1T t 11", None),       # a placement answered
    ("TGGT/GGGG/G1GG/TG1T g 0 99", None),  # the clock near the limit
    ("TGGT/GGGG/GGGG/TGGT t 0", None),     # no move: over
    ("3/3/5/2B2/5/2B2/2R2/3/3 r", "optional"),
    ("3/3/5/2B2/5/2B2/2R2/3/3 r", "forced"),
    ("3/3/5/5/2B2/1R3/2R2/3/3 b 5", None),
]
for fen, rules in POSITIONS:
    status, got, _ = get(q(fen, rules))
    want = query(fen, *(["--rules", rules] if rules else []))
    check(status == 200, f"{fen}: status {status}: {str(got)[:200]}")
    if status != 200:
        continue
    for key, value in want.items():
        if key == "moves":
            continue
        check(got.get(key) == value, f"{fen}: {key} {got.get(key)!r}, guti query {value!r}")
    check(len(got["moves"]) == len(want["moves"]), f"{fen}: {len(got['moves'])} moves")
    for m, w in zip(got["moves"], want["moves"]):
        after = m.pop("fen", None)
        check(m == w, f"{fen}: move {m} but guti query {w}")
        # the position it leads to: guti query of it, from the other side and one
        # half-move later, is the move's
        a = query(after, *(["--rules", rules] if rules else []))
        if a["over"] and a["result"] == "draw" and m["value"] != "draw":
            check(m["value_now"] == "draw", f"{fen}: {m['move']} reaches the clock's limit")
            continue  # a draw by the clock: the tables' value without the rule is the move's
        flip = {"win": "loss", "loss": "win", "draw": "draw"}
        dtm = None if a["dtm"] is None else a["dtm"] + 1
        check(a["value"] == flip[m["value"]] and dtm == m["dtm"],
              f"{fen}: {m['move']} leads to {after}: {a['value']} {a['dtm']}")
    check(got["game"] in ("baghchal", "sixteen") and len(got["sides"]) == 2,
          f"{fen}: game {got.get('game')} sides {got.get('sides')}")
    g = got["geometry"]
    check(len(g["points"]) == (16 if got["board"] == "4x4" else 37),
          f"{fen}: {len(g['points'])} points")
    check(all(0 <= p < q_ < len(g["points"]) for p, q_ in g["lines"]), f"{fen}: lines")

# --- limit=L reads the counting rule's tables of that limit, as guti query --limit L -------
# (issue 38): at clock 18, b1-b2 (DTC 5) wins under the 100 half-move rule, draws under 20
fen = "TGGT/GGGG/G1GG/TG1T g 0 18"
for limit in ("20", None):
    status, got, _ = get(q(fen) + (f"&limit={limit}" if limit else ""))
    want = query(fen, *(["--limit", limit] if limit else []))
    for m in got.get("moves", []):
        m.pop("fen", None)
    check(status == 200 and got["limit"] == int(limit or 100) and
          {k: v for k, v in got.items() if k in want} == want,
          f"{fen}, limit {limit}: {status} {str(got)[:300]} but guti query {str(want)[:300]}")
    b1b2 = next((m for m in got.get("moves", []) if m["move"] == "b1-b2"), {})
    check(b1b2.get("value_now") == ("draw" if limit else "win"), f"{fen}, limit {limit}: b1-b2 {b1b2}")
status, got, _ = get("/api/pv?" + urllib.parse.urlencode({"fen": fen, "limit": 20}))
want = query(fen, "--pv", "--limit", "20")
check(status == 200 and got["pv"] == want["pv"], f"pv of {fen}, limit 20: {got} vs {want.get('pv')}")
for bad in ("0", "abc", "30001", "20x", ""):
    status, got, _ = get(q(fen) + "&limit=" + bad)
    is_error(got, status, 400, f"limit={bad}")
    check("limit" in got.get("error", ""), f"limit={bad}: {got}")
status, got, _ = get(q("TGGT/GGGG/G1GG/TG1T g 0 25") + "&limit=20")
is_error(got, status, 400, "a clock above limit=20")

# a position in another notation is read too, and answered in guti's
status, got, _ = get(q("T2T/4/4/T2T g 12".replace(" g 12", " g 12 0")))
check(status == 200 and got["fen"] == "T2T/4/4/T2T g 12", f"clock 0 written: {got.get('fen')}")

# --- /api/pv is guti query --pv's variation, with the positions along it ----------------
for fen in ("T2T/4/4/T2T g 12", "3/3/5/2B2/5/2B2/2R2/3/3 r"):
    status, got, _ = get("/api/pv?" + urllib.parse.urlencode({"fen": fen}))
    want = query(fen, "--pv")
    check(status == 200 and got["pv"] == want["pv"], f"pv of {fen}: {got} vs {want.get('pv')}")
    check(len(got.get("fens", [])) == len(want["pv"]), f"pv of {fen}: fens")

# --- /api/analyze is guti game --analyze --json ------------------------------------------
record = '[Game "baghchal"]\n[Board "4x4"]\n[Rules "standard"]\nb1 a1xc1 a1 c1-b1 c1\n'
with open(WORK + "/record.txt", "w") as f:
    f.write(record)
rc, out, err = guti("game", "--analyze", "--json", "--dir", TABLES, WORK + "/record.txt")
status, got, _ = get("/api/analyze", data=record.encode())
check(status == 200 and got == json.loads(out), f"analyze: {status} {str(got)[:300]}")
# under rules no-repeat, searched (issue 41): the mistakes of both sides, a move refused
for name, board, body in (
        ("mistakes", "4x4", "b3 a4-b4 c1 a1-a2 c3 a2-a1 c4 d1-d2 d1 a1-b1 a2"),
        ("refused", "3x3",
         "b3 c3-c2 c3 a3-b2 a3 a1-b1 a2 b2-a1 c3-b2 c2-c3 b2-c2 c3-b2 c2-c3 b2-c2")):
    record = '[Game "baghchal"]\n[Board "%s"]\n[Rules "no-repeat"]\n\n%s\n' % (board, body)
    with open(WORK + "/record.txt", "w") as f:
        f.write(record)
    # the server's default budget is /api/position's, 10^4 nodes a move; ?budget= any other
    for budget, path in (("10000", "/api/analyze"), ("300", "/api/analyze?budget=300")):
        rc, out, err = guti("game", "--analyze", "--json", "--budget", budget, "--dir", TABLES,
                            WORK + "/record.txt")
        status, got, _ = get(path, data=record.encode())
        check(status == 200 and got == json.loads(out) and
              got.get("summary", {}).get("budget") == int(budget),
              f"analyze no-repeat ({name}, {path}): {status} {str(got)[:300]}")
check((got.get("error") or "").startswith("move 14 (b2-c2): "),
      f"no-repeat refused: {got.get('error')}")
check(len(got.get("moves", [])) == 13, f"no-repeat refused: {len(got.get('moves', []))} moves")
status, got, _ = get("/api/analyze?budget=0", data=record.encode())
is_error(got, status, 400, "analyze with a budget of 0")
status, got, _ = get("/api/analyze", data=b"[Game \"chess\"]\ne4\n")
is_error(got, status, 400, "analyze of a chess record")
status, got, _ = get("/api/analyze", data=b"[Game \"baghchal\"]\nb1\x00c1\n")
is_error(got, status, 400, "analyze with a NUL byte")

# --- /api/info and the page ----------------------------------------------------------------
status, got, _ = get("/api/info")
check(status == 200 and {"game": "baghchal", "board": "4x4", "rules": "standard"}
      in got["variants"], f"info: {got}")
check(any(g["board"] == "4x4" and g["start"] == "T2T/4/4/T2T g 12" for g in got["games"]),
      "info: the 4x4 start")
# each game's "first": a position the tables answer, the start when they do (issue 38)
firsts = {(g["board"], g["rules"]): g["first"] for g in got["games"]}
check(firsts.get(("4x4", "standard")) == "T2T/4/4/T2T g 12" and firsts.get(("5x5", "standard"), 0) is None,
      f"info: first positions {firsts}")
for rules in ("optional", "forced"):
    fen = firsts.get(("sixteen", rules))
    status, got, _ = get(q(fen, rules)) if fen else (0, None, "")
    check(status == 200 and not got["over"], f"info: Sixteen Soldiers, {rules}: first {fen}, status {status}")
for path, kind in (("/", "text/html"), ("/app.js", "text/javascript"),
                   ("/style.css", "text/css")):
    status, body, ctype = get(path)
    check(status == 200 and ctype.startswith(kind) and len(body) > 10,
          f"{path}: {status} {ctype}")

# --- bad requests: a clean JSON error, 4xx ---------------------------------------------
status, got, _ = get(q("T2T/4/4/T2X g 12"))
is_error(got, status, 400, "bad FEN")
status, got, _ = get("/api/position")
is_error(got, status, 400, "no fen")
status, got, _ = get(q("T2T/4/4/T2T g 12", "no-such-rules"))
is_error(got, status, 400, "unknown rules")
status, got, _ = get(q("T3T/5/5/5/T3T g 20"))
is_error(got, status, 404, "missing 5x5 table")
check("guti solve" in got.get("error", "") and got.get("missing_table") is True and
      len(got.get("moves", [])) == 21, f"missing table answer: {str(got)[:300]}")
status, got, _ = get("/api/nothing")
is_error(got, status, 404, "unknown path")
for path in ("/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/../../etc/passwd",
             "/..%2fapp.js", "/%c0%ae%c0%ae/etc/passwd"):
    line = raw(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    check(line.split(" ")[1:2] in (["404"], ["400"]), f"{path}: {line}")
status, got, _ = get("/api/info", method="DELETE")
is_error(got, status, 405, "DELETE")
status, got, _ = get("/api/position?fen=" + "a" * 2000)
is_error(got, status, 400, "a long FEN")
line = raw(b"GET /api/position?fen=" + b"a" * 100000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
check(line.split(" ")[1:2] == ["414"], f"oversized URL: {line}")
line = raw(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"b" * 100000 + b"\r\n\r\n")
check(line.split(" ")[1:2] == ["431"], f"oversized header: {line}")
line = raw(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2097152\r\n\r\n"
           + b"x" * 65536)
check(line.split(" ")[1:2] == ["413"], f"oversized body: {line}")
line = raw(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
           + b"".join(b"10000\r\n" + b"y" * 65536 + b"\r\n" for _ in range(20)) + b"0\r\n\r\n",
           timeout=30)
check(line.split(" ")[1:2] == ["413"], f"oversized chunked body: {line}")
line = raw(b"GET /api/position?fen=\xff\xfe\x80 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
check(line.split(" ")[1:2] == ["400"], f"non-UTF-8 bytes: {line}")
status, got, _ = get("/api/info", headers={"Host": "attacker.example"})
is_error(got, status, 403, "a foreign Host")
line = raw(b"NONSENSE\r\n\r\n")
check(line.split(" ")[1:2] in (["400"], ["505"]) or line == "", f"garbage: {line}")

# --- tables made while the server runs are seen (issue 38) ------------------------------
# A second server on a directory with only the 3x3 movement phase: its first position is
# one of the movement phase; the placement's tables made meanwhile answer the start.
grow = WORK + "/grow"
guti("solve", "baghchal", "--board", "3x3", "--phase", "movement", "--dir", grow, "--quiet")
srv = subprocess.Popen([GUTI, "serve", "--dir", grow, "--port", "0", "--quiet"],
                       stdout=subprocess.PIPE, text=True)
try:
    url2 = srv.stdout.readline().partition(": ")[2].strip()
    start3 = "T1T/3/T1T g 4"

    def first3():
        status, got, _ = get("/api/info", base=url2)
        return next((g["first"] for g in got["games"] if (g["board"], g["rules"]) == ("3x3", "standard")), 0)

    first = first3()
    status, got, _ = get(q(first or start3), base=url2)
    check(first not in (None, 0, start3) and status == 200 and " 0" in first,
          f"movement phase only: the 3x3 first position {first}, status {status}")
    status, got, _ = get(q(start3), base=url2)
    check(status == 404, f"movement phase only: the 3x3 start answered {status}")
    guti("solve", "baghchal", "--board", "3x3", "--dir", grow, "--quiet")
    status, got, _ = get(q(start3), base=url2)
    check(status == 200 and got.get("value") == query(start3, "--dir", grow)["value"],
          f"the 3x3 placement tables made while serving: the start answered {status} {str(got)[:200]}")
    check(first3() == start3, f"the 3x3 first position, with the start answered: {first3()}")
finally:
    srv.terminate()
    check(srv.wait(10) == 0, "the second server did not stop cleanly")

# --- 200 parallel requests from a bounded client, all answered, all right ---------------
fens = [f for f, r in POSITIONS if r is None]
wanted = {f: query(f) for f in fens}
def one(i):
    fen = fens[i % len(fens)]
    status, got, _ = get(q(fen))
    return status == 200 and got["value"] == wanted[fen]["value"] and \
        [m["move"] for m in got["moves"]] == [m["move"] for m in wanted[fen]["moves"]]
t0 = time.time()
with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
    results = list(pool.map(one, range(200)))
check(all(results), f"parallel: {results.count(False)} of 200 wrong")
status, got, _ = get("/api/info")
check(status == 200, "answering after the abuse")
print(f"checks {checks} failed {failures} (200 parallel requests in {time.time() - t0:.2f} s)")
sys.exit(1 if failures else 0)
