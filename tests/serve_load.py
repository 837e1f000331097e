"""guti serve under load, abuse and faults (issue 15, parts 5 and 6). Standard library only.

usage: python3 tests/serve_load.py MODE GUTI TABLES URL PID [options]

  load      N clients (--clients, default 50) for S seconds (--seconds, default 30) on
            keep-alive connections ask /api/position for a mix of 4x4 Bagh-Chal and Sixteen
            Soldiers positions, and every answer must be the expected one: byte for byte the
            answer checked, before the load, field by field against guti query --json (each
            move with the FEN it leads to). Meanwhile slow clients (--slow, default 10) send
            their headers or body a byte a second or never read their answers, and abusive
            requests (oversized URL, headers and body, malformed URLs, .. and encoded
            traversal, non-UTF-8 bytes, garbage, a foreign Host, a request cut short) are
            sent one after another: each must be answered with a clean status (a JSON error
            where guti answers) or the connection dropped, without harm to the others. The
            server's VmRSS (/proc/PID/status) is sampled: it must stay flat, its most in the
            last quarter of the run within 4 MiB (or 10%) of its most in the second (the first
            warms up), and no answer may take a second. Reports requests per second, the latency percentiles and the largest
            latency (--report FILE: as JSON).
  pressure  the server runs under a memory limit (ulimit -v): each of a few hundred requests
            must get its right answer, or 503 with a one-line JSON error saying out of
            memory, or be dropped; at least one must get the 503; the server must live on.
  vanish    a position is asked, then TABLES is removed: the same position must still get
            its answer (its tables are open), a position of a table never opened a clean 404
            naming the missing table, /api/info its answer; the server must live on.

Prints one line per failed check ("FAIL: ...") and at the end "checks N failed M" and,
for load, a line "load: ..." with the figures.
"""
import argparse
import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

ap = argparse.ArgumentParser()
ap.add_argument("mode", choices=("load", "pressure", "vanish"))
ap.add_argument("guti")
ap.add_argument("tables")
ap.add_argument("url")
ap.add_argument("pid", type=int)
ap.add_argument("--clients", type=int, default=50)
ap.add_argument("--seconds", type=float, default=30)
ap.add_argument("--slow", type=int, default=10)
ap.add_argument("--report")
ARGS = ap.parse_args()
HOST = urllib.parse.urlsplit(ARGS.url).hostname
PORT = urllib.parse.urlsplit(ARGS.url).port
checks = failures = 0


def check(ok, what):
    global checks, failures
    checks += 1
    if not ok:
        failures += 1
        print("FAIL:", what, flush=True)
    return ok


# --- positions and their expected answers ----------------------------------------------

SEEDS = [
    ("T2T/4/4/T2T g 12", None),          # the 4x4 start
    ("T2T/4/4/TG1T t 11", None),         # placement
    ("4/T1G1/G3/TT1T t 10", None),       # the tigers' longest placement win
    ("TGGT/GGGG/G1GG/TG1T g 0", None),   # movement
    ("TGGT/GGGG/G1GG/TG1T g 0 99", None),  # the clock near the limit
    ("TGGT/GGGG/GGGG/TGGT t 0", None),   # over
    ("3/3/5/2B2/5/2B2/2R2/3/3 r", "optional"),
    ("3/3/5/2B2/5/2B2/2R2/3/3 r", "forced"),
    ("3/3/5/5/2B2/1R3/2R2/3/3 b 5", None),
    ("3/3/5/1B3/5/3R1/5/3/R2 b", None),
]


def position_path(fen, rules):
    args = {"fen": fen}
    if rules:
        args["rules"] = rules
    return "/api/position?" + urllib.parse.urlencode(args, quote_via=urllib.parse.quote)


def query(fen, rules):
    r = subprocess.run([ARGS.guti, "query", "--dir", ARGS.tables, "--json",
                        *(["--rules", rules] if rules else []), fen],
                       capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else None


def request_bytes(path, extra=b""):
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode() + extra + b"\r\n")


def fetch(path, timeout=30):
    """(status, body) of one request on a connection of its own; (None, why) if dropped."""
    try:
        with socket.create_connection((HOST, PORT), timeout=timeout) as s:
            s.sendall(request_bytes(path, b"Connection: close\r\n"))
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError as e:
        return None, f"dropped: {e}"
    head, _, body = data.partition(b"\r\n\r\n")
    try:
        return int(head.split(b" ")[1]), body
    except (IndexError, ValueError):
        return None, "dropped: no status line"


def same_as_query(got, want):
    """Why the API's answer is not guti query --json's (each move with its "fen"), or ""."""
    for key, value in want.items():
        if key != "moves" and got.get(key) != value:
            return f"{key} {got.get(key)!r}, guti query {value!r}"
    moves = [{k: v for k, v in m.items() if k != "fen"} for m in got.get("moves", [])]
    if moves != want.get("moves", []):
        return f"moves {moves} but guti query {want.get('moves')}"
    if not all(isinstance(m.get("fen"), str) for m in got.get("moves", [])):
        return "a move without the FEN it leads to"
    return ""


def expected(seeds, expand):
    """[(fen, rules, path, body)]: each position's answer, checked against guti query; the
    positions the seeds' moves lead to too when expand."""
    out, seen = [], set()
    todo = list(seeds)
    while todo:
        fen, rules = todo.pop(0)
        if (fen, rules) in seen:
            continue
        seen.add((fen, rules))
        path = position_path(fen, rules)
        status, body = fetch(path)
        want = query(fen, rules)
        if status != 200 or want is None:
            # only seeds must be there; a move may lead to a table not made here
            check((fen, rules) not in seeds, f"{fen}: status {status}, guti query {want}")
            continue
        got = json.loads(body)
        why = same_as_query(got, want)
        if not check(not why, f"{fen} ({rules}): {why}"):
            continue
        out.append((fen, rules, path, body))
        if expand and (fen, rules) in seeds:
            todo += [(m["fen"], rules) for m in got.get("moves", [])[:8]]
    return out


def rss_kb():
    try:
        with open(f"/proc/{ARGS.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def cpu_seconds():
    """The server's CPU time so far (user and system), from /proc/PID/stat."""
    try:
        with open(f"/proc/{ARGS.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def alive():
    try:
        with open(f"/proc/{ARGS.pid}/status") as f:
            return not any(line.startswith("State:") and "Z" in line.split()[1] for line in f)
    except OSError:
        return False


def percentile(xs, p):
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else 0.0


# --- load ---------------------------------------------------------------------------------

async def read_answer(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return status, await reader.readexactly(length)


class Load:
    def __init__(self, positions, deadline):
        self.positions = positions
        self.deadline = deadline
        self.latencies = []
        self.wrong = 0
        self.first_wrong = ""
        self.errors = 0
        self.first_error = ""

    async def client(self, i):
        k = i
        reader = writer = None
        while time.perf_counter() < self.deadline:
            fen, rules, path, want = self.positions[k % len(self.positions)]
            k += 7
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(HOST, PORT)
                t0 = time.perf_counter()
                writer.write(request_bytes(path))
                status, body = await asyncio.wait_for(read_answer(reader), 60)
                self.latencies.append(time.perf_counter() - t0)
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as e:
                self.errors += 1
                self.first_error = self.first_error or f"client {i}: {type(e).__name__} {e}"
                if writer:
                    writer.close()
                reader = writer = None
                await asyncio.sleep(0.1)
                continue
            if status != 200 or body != want:
                self.wrong += 1
                if not self.first_wrong:
                    why = f"status {status}"
                    if status == 200:
                        why = same_as_query(json.loads(body), query(fen, rules)) or \
                            "not the answer it gave before the load"
                    self.first_wrong = f"{fen} ({rules}): {why}: {body[:200]!r}"
        if writer:
            writer.close()


async def slow_headers(deadline, results):
    """Sends its request's headers a byte a second; the answer must come when they end."""
    try:
        reader, writer = await asyncio.open_connection(HOST, PORT)
        writer.write(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        await writer.drain()
        while time.perf_counter() < deadline - 1:
            writer.write(b"z")
            await writer.drain()
            await asyncio.sleep(1)
        writer.write(b"\r\n\r\n")
        status, _ = await asyncio.wait_for(read_answer(reader), 30)
        results.append(status)
        writer.close()
    except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError) as e:
        results.append(f"dropped ({type(e).__name__})")


async def slow_body(deadline, results):
    """POSTs a record a byte a second; the analysis must come when it ends."""
    record = b'[Game "baghchal"]\n[Board "4x4"]\n[Rules "standard"]\nb1 a1xc1\n'
    try:
        reader, writer = await asyncio.open_connection(HOST, PORT)
        writer.write(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\n\r\n"
                     % len(record))
        sent = 0
        while sent < len(record) - 1 and time.perf_counter() < deadline - 1:
            writer.write(record[sent:sent + 1])
            await writer.drain()
            sent += 1
            await asyncio.sleep(1)
        writer.write(record[sent:])
        status, _ = await asyncio.wait_for(read_answer(reader), 30)
        results.append(status)
        writer.close()
    except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError) as e:
        results.append(f"dropped ({type(e).__name__})")


async def never_reads(deadline, path, results):
    """Sends request after request and reads nothing until the end."""
    try:
        reader, writer = await asyncio.open_connection(HOST, PORT)
        sent = 0
        while time.perf_counter() < deadline - 1 and sent < 2000:
            writer.write(request_bytes(path))
            sent += 1
            await asyncio.sleep(0.01)
        writer.close()
        results.append("unread")
    except OSError as e:
        results.append(f"dropped ({type(e).__name__})")


def raw(data, timeout=15, close_early=False):
    """(status, headers, body) of bytes sent as they are; status None when dropped."""
    try:
        with socket.create_connection((HOST, PORT), timeout=timeout) as s:
            try:
                s.sendall(data)
            except OSError:
                pass  # answered and closed before the whole request was read
            if close_early:
                return None, b"", b""
            got = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    got += chunk
                    head, sep, body = got.partition(b"\r\n\r\n")
                    if sep:
                        n = [int(v) for k, _, v in (x.partition(b":") for x in head.split(b"\r\n"))
                             if k.strip().lower() == b"content-length"]
                        if n and len(body) >= n[0]:
                            break
            except OSError:
                pass
    except OSError:
        return None, b"", b""
    head, _, body = got.partition(b"\r\n\r\n")
    try:
        return int(head.split(b" ")[1]), head, body
    except (IndexError, ValueError):
        return None, b"", b""


H = b"Host: 127.0.0.1\r\nConnection: close\r\n"
# (what, request, the statuses that answer it cleanly; None: dropped is clean too)
ABUSES = [
    ("oversized URL", b"GET /api/position?fen=" + b"a" * 100000 + b" HTTP/1.1\r\n" + H + b"\r\n",
     {414}),
    ("oversized header", b"GET /api/info HTTP/1.1\r\n" + H + b"X-Big: " + b"b" * 100000 + b"\r\n\r\n",
     {431}),
    ("many headers", b"GET /api/info HTTP/1.1\r\n" + H +
     b"".join(b"X-H%d: v\r\n" % i for i in range(5000)) + b"\r\n", {431}),
    ("oversized body", b"POST /api/analyze HTTP/1.1\r\n" + H + b"Content-Length: 2097152\r\n\r\n"
     + b"x" * 65536, {413}),
    ("oversized chunked body", b"POST /api/analyze HTTP/1.1\r\n" + H +
     b"Transfer-Encoding: chunked\r\n\r\n" +
     b"".join(b"10000\r\n" + b"y" * 65536 + b"\r\n" for _ in range(20)) + b"0\r\n\r\n", {413}),
    ("malformed percent-encoding", b"GET /api/position?fen=%zz%4 HTTP/1.1\r\n" + H + b"\r\n",
     {400}),
    ("an encoded NUL", b"GET /api/position?fen=T2T/4/4/T2T%00g%2012 HTTP/1.1\r\n" + H + b"\r\n",
     {400}),
    ("a path without /", b"GET api/info HTTP/1.1\r\n" + H + b"\r\n", {400, 404}),
    ("a bad escape in the path", b"GET /api/%zzinfo HTTP/1.1\r\n" + H + b"\r\n", {400, 404}),
    ("traversal", b"GET /../../etc/passwd HTTP/1.1\r\n" + H + b"\r\n", {400, 404}),
    ("encoded traversal", b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n" + H + b"\r\n",
     {400, 404}),
    ("traversal after a page", b"GET /api/../../etc/passwd HTTP/1.1\r\n" + H + b"\r\n",
     {400, 404}),
    ("encoded slash traversal", b"GET /..%2f..%2fapp.js HTTP/1.1\r\n" + H + b"\r\n", {400, 404}),
    ("overlong UTF-8 traversal", b"GET /%c0%ae%c0%ae/etc/passwd HTTP/1.1\r\n" + H + b"\r\n",
     {400, 404}),
    ("backslash traversal", b"GET /..%5c..%5cetc%5cpasswd HTTP/1.1\r\n" + H + b"\r\n",
     {400, 404}),
    ("non-UTF-8 in the FEN", b"GET /api/position?fen=\xff\xfe\x80 HTTP/1.1\r\n" + H + b"\r\n",
     {400}),
    ("non-UTF-8 encoded in the FEN", b"GET /api/position?fen=%ff%fe%80 HTTP/1.1\r\n" + H + b"\r\n",
     {400}),
    ("non-UTF-8 in a header", b"GET /api/info HTTP/1.1\r\n" + H + b"X-Bad: \xff\xfe\r\n\r\n",
     {200, 400}),
    # answered as guti game --analyze --json answers it: the report, its error naming the move
    ("non-UTF-8 in a record", b"POST /api/analyze HTTP/1.1\r\n" + H + b"Content-Length: 40\r\n\r\n"
     + b'[Game "baghchal"]\n[Rules "standard"]\n\xff\xfe\n', {200, 400}),
    ("garbage", b"NONSENSE\r\n\r\n", {400, 505, None}),
    ("binary garbage", bytes(range(256)) * 4, {400, 505, None}),
    ("an unknown HTTP version", b"GET /api/info HTTP/9.9\r\n" + H + b"\r\n", {400, 505}),
    ("an unknown method", b"BREW /api/info HTTP/1.1\r\n" + H + b"\r\n", {405, 501}),
    ("a foreign Host", b"GET /api/info HTTP/1.1\r\nHost: attacker.example\r\nConnection: close"
     b"\r\n\r\n", {403}),
    ("a cut-short request", b"GET /api/position?fen=T2T/4/4/T2T", {None}),
    ("a cut-short body", b"POST /api/analyze HTTP/1.1\r\n" + H + b"Content-Length: 1000\r\n\r\n"
     + b"[Game", {None}),
]


def abuse(stop, outcomes):
    """Sends the abuses one after another, about 50 a second for each thread (each on a
    connection of its own: many more would use up the machine's ephemeral ports), until stop
    is set and each has been sent once: each outcome is judged. (The load's clients and the
    server share the machine's cores with these threads; on a slow build a pass may not end
    within the load's seconds, and an abuse never sent would be an abuse never judged.)"""
    k = 0
    while not stop.wait(0.02) or k < len(ABUSES):
        what, data, allowed = ABUSES[k % len(ABUSES)]
        k += 1
        cut = what.startswith("a cut-short")
        t0 = time.perf_counter()
        status, head, body = raw(data, close_early=cut)
        took = time.perf_counter() - t0
        ok = status in allowed or (cut and status is None)
        # a status that guti gives is a one-line JSON error; libmicrohttpd's own are HTML
        if ok and status is not None and status != 200 and b"application/json" in head:
            try:
                e = json.loads(body)["error"]
                ok = isinstance(e, str) and e and "\n" not in e
            except (ValueError, KeyError, TypeError):
                ok = False
        if ok and status == 200 and what == "non-UTF-8 in a record":
            try:
                ok = "is not a point of the board" in json.loads(body)["error"]
            except (ValueError, KeyError, TypeError):
                ok = False
        ok = ok and b"root:" not in body
        outcomes.append((what, status, ok, body[:120], took))


async def run_load(positions):
    seconds = ARGS.seconds
    start = time.perf_counter()
    deadline = start + seconds
    load = Load(positions, deadline)
    slow_results = []
    stop = threading.Event()
    outcomes = []
    abusers = [threading.Thread(target=abuse, args=(stop, outcomes)) for _ in range(2)]
    for t in abusers:
        t.start()
    samples = []

    async def sample():
        while time.perf_counter() < deadline:
            samples.append((time.perf_counter() - start, rss_kb()))
            await asyncio.sleep(0.25)

    slow = []
    for i in range(ARGS.slow):
        kind = i % 3
        if kind == 0:
            slow.append(slow_headers(deadline, slow_results))
        elif kind == 1:
            slow.append(slow_body(deadline, slow_results))
        else:
            slow.append(never_reads(deadline, positions[i % len(positions)][2], slow_results))
    await asyncio.gather(sample(), *slow, *(load.client(i) for i in range(ARGS.clients)))
    stop.set()
    for t in abusers:
        t.join()
    elapsed = time.perf_counter() - start
    return load, slow_results, outcomes, samples, elapsed


def load_mode():
    positions = expected(SEEDS, expand=True)
    check(len(positions) >= 20, f"only {len(positions)} positions to ask")
    cpu0, mine0 = cpu_seconds(), os.times()
    load, slow_results, outcomes, samples, elapsed = asyncio.run(run_load(positions))
    cpu, mine = cpu_seconds() - cpu0, os.times()
    mine = mine.user + mine.system - mine0.user - mine0.system
    n = len(load.latencies)
    lat = sorted(load.latencies)
    check(load.wrong == 0, f"{load.wrong} of {n} answers wrong; the first: {load.first_wrong}")
    check(load.errors == 0, f"{load.errors} requests failed; the first: {load.first_error}")
    check(n > 0, "no request answered")
    # a slow client that held a server thread would hold that thread's other clients for
    # seconds (a byte a second): the slowest answer must come well within one
    check(lat and lat[-1] < 1.0, f"the slowest answer took {lat[-1] if lat else 0:.3f} s")
    for r in slow_results:
        check(r in (200, "unread") or str(r).startswith("dropped"), f"a slow client got {r}")
    bad = [o for o in outcomes if not o[2]]
    check(not bad, f"{len(bad)} of {len(outcomes)} abusive requests answered wrongly, e.g. "
          f"{bad[0][0]}: {bad[0][1]} {bad[0][3]!r}" if bad else "")
    kinds = {o[0] for o in outcomes}
    check(len(kinds) == len(ABUSES), f"only {len(kinds)} of {len(ABUSES)} abuses were sent")
    rss = [(t, kb) for t, kb in samples if kb]
    # after a first quarter to warm up (the tables' blocks cached, the threads' heaps grown,
    # every connection open), the most in the second quarter of the run against the most in
    # the last, both under load
    early = max((kb for t, kb in rss if ARGS.seconds / 4 <= t <= ARGS.seconds / 2), default=0)
    final = max((kb for t, kb in rss if t >= ARGS.seconds * 3 / 4), default=0)
    peak = max((kb for _, kb in rss), default=0)
    after = rss_kb()
    margin = max(4096, early // 10)
    check(rss and final <= early + margin,
          f"memory not flat: VmRSS {early} kB in the second quarter, {final} kB in the last")
    check(alive(), "the server died")
    figures = {
        "clients": ARGS.clients, "seconds": round(elapsed, 2), "positions": len(positions),
        "requests": n, "requests_per_second": round(n / elapsed, 1),
        "latency_ms": {p: round(1000 * percentile(lat, q), 2)
                       for p, q in (("p50", 50), ("p90", 90), ("p99", 99), ("p99.9", 99.9))},
        "max_latency_ms": round(1000 * lat[-1], 2) if lat else None,
        "wrong": load.wrong, "failed": load.errors,
        "slow_clients": ARGS.slow, "slow_outcomes": sorted(map(str, slow_results)),
        "abusive_requests": len(outcomes),
        "abuse_statuses": sorted({f"{o[0]}: {o[1]}" for o in outcomes}),
        "abuse_slowest": sorted(((round(1000 * o[4], 2), o[0]) for o in outcomes),
                                reverse=True)[:5],
        "server_cpu_seconds": round(cpu, 2),
        "client_cpu_seconds": round(mine, 2),
        "rss_kb": {"early": early, "final": final, "peak": peak, "after": after,
                   "samples": [kb for _, kb in rss]},
    }
    if ARGS.report:
        with open(ARGS.report, "w") as f:
            json.dump(figures, f, indent=1)
    print(f"load: {ARGS.clients} clients, {elapsed:.1f} s, {n} requests, {n / elapsed:.0f}/s, "
          f"latency p50 {figures['latency_ms']['p50']} ms, p99 {figures['latency_ms']['p99']} "
          f"ms, max {figures['max_latency_ms']} ms; {len(outcomes)} abusive requests, "
          f"{ARGS.slow} slow clients; VmRSS at most {early} kB in the second quarter, {final} kB "
          f"in the last, {after} kB after")


# --- pressure: under ulimit -v ------------------------------------------------------------

def pressure_mode():
    wants = {}
    for fen, rules in SEEDS:
        w = query(fen, rules)
        check(w is not None, f"guti query {fen}")
        wants[(fen, rules)] = w
    tally = {}
    for i in range(300):
        fen, rules = SEEDS[i % len(SEEDS)]
        status, body = fetch(position_path(fen, rules), timeout=30)
        if status == 200:
            why = same_as_query(json.loads(body), wants[(fen, rules)])
            check(not why, f"{fen} under a memory limit: {why}")
            kind = "200"
        elif status == 503:
            try:
                e = json.loads(body)["error"]
            except (ValueError, KeyError, TypeError):
                e = None
            check(isinstance(e, str) and "out of memory" in e and "\n" not in e,
                  f"{fen}: 503 without a one-line 'out of memory' error: {body[:200]!r}")
            kind = "503"
        elif status is None:
            kind = "dropped"
        else:
            check(False, f"{fen} under a memory limit: status {status}: {body[:200]!r}")
            kind = str(status)
        tally[kind] = tally.get(kind, 0) + 1
    check(tally.get("503", 0) > 0, f"no request ran out of memory: {tally}")
    check(alive(), "the server died under a memory limit")
    print("pressure: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))


# --- vanish: the tables' directory removed under the server -------------------------------

def vanish_mode():
    fen = "TGGT/GGGG/G1GG/TG1T g 0"
    want = query(fen, None)
    status, before = fetch(position_path(fen, None))
    check(status == 200 and not same_as_query(json.loads(before), want),
          f"{fen}: status {status} before the directory is removed")
    shutil.rmtree(ARGS.tables)
    status, after = fetch(position_path(fen, None))
    check(status == 200 and after == before,
          f"{fen}: status {status} once the directory is gone: {after[:200]!r}")
    ss = "3/3/5/2B2/5/2B2/2R2/3/3 r"
    status, body = fetch(position_path(ss, None))
    try:
        e = json.loads(body)
    except ValueError:
        e = {}
    check(status == 404 and e.get("missing_table") is True and "no table" in e.get("error", "")
          and "\n" not in e.get("error", ""),
          f"{ss}: status {status} once the directory is gone: {body[:200]!r}")
    status, body = fetch("/api/info")
    check(status == 200, f"/api/info: status {status} once the directory is gone")
    check(alive(), "the server died when its directory went")


{"load": load_mode, "pressure": pressure_mode, "vanish": vanish_mode}[ARGS.mode]()
print(f"checks {checks} failed {failures}")
sys.exit(1 if failures else 0)
