#!/bin/sh
# guti serve under load and abuse (issue 15, part 6): CLIENTS clients (default 50) for
# SECONDS seconds (default 30) on loopback keep-alive connections, with 10 slow clients and
# abusive requests mixed in (tests/serve_load.py: every answer checked, the server's memory
# sampled), against the 4x4 Bagh-Chal tables (the whole game, placement DTM) and Sixteen
# Soldiers' up to 4 pieces under both rules, made here in a temporary directory. Writes the
# figures and the command to OUT (default data/serve-load.md); exits non-zero if a check
# failed. tests/cli.d/faults.sh runs a shorter load (50 clients for 8 s) in the tests.
#
# usage: sh scripts/serve-load.sh [GUTI [CLIENTS [SECONDS [OUT]]]]
set -eu
G=${1:-build/guti}
N=${2:-50}
S=${3:-30}
OUT=${4:-data/serve-load.md}
HERE=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$G" ] || { echo "usage: sh scripts/serve-load.sh [GUTI [CLIENTS [SECONDS [OUT]]]]" >&2; exit 2; }
W=$(mktemp -d "${TMPDIR:-/tmp}/guti-serve-load.XXXXXX")
PID=
trap '[ -z "$PID" ] || kill "$PID" 2>/dev/null; rm -rf "$W"' EXIT
trap 'exit 2' HUP INT TERM

"$G" solve baghchal --board 4x4 --dtm --dir "$W/tables" --quiet >/dev/null
"$G" solve sixteen --pieces 4 --dir "$W/tables" --quiet >/dev/null
"$G" solve sixteen --pieces 4 --rules forced --dir "$W/tables" --quiet >/dev/null
"$G" serve --dir "$W/tables" --port 0 --quiet >"$W/serve.out" 2>"$W/serve.err" &
PID=$!
URL=
for _ in $(seq 100); do
    URL=$(sed -n 's/^guti serve: \(http:.*\)$/\1/p' "$W/serve.out")
    [ -n "$URL" ] && break
    sleep 0.1
done
[ -n "$URL" ] || { echo "serve-load: guti serve did not start: $(cat "$W/serve.err")" >&2; exit 1; }
load=$(cut -d' ' -f1-3 /proc/loadavg)
status=0
python3 "$HERE/tests/serve_load.py" load "$G" "$W/tables" "$URL" "$PID" --clients "$N" \
    --seconds "$S" --slow 10 --report "$W/report.json" | tee "$W/load.out" || status=1
kill -TERM "$PID"
wait "$PID" || { echo "serve-load: guti serve's exit status $? after SIGTERM" >&2; status=1; }
PID=
[ -s "$W/report.json" ] || exit 1

python3 - "$W/report.json" "$OUT" "$G" "$N" "$S" "$load" "$status" <<'EOF'
import json, platform, subprocess, sys
report, out, guti, n, s, load, status = sys.argv[1:8]
r = json.load(open(report))
version = subprocess.run([guti, "--version"], capture_output=True, text=True).stdout.strip()
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
            if l.startswith("model name")), platform.machine())
ncpu = sum(1 for l in open("/proc/cpuinfo") if l.startswith("processor"))
lat = r["latency_ms"]
rss = r["rss_kb"]
lines = [
    "# guti serve under load and abuse",
    "",
    f"Made by `sh scripts/serve-load.sh {guti} {n} {s}` ({version}; {ncpu} cores, {cpu};",
    f"load average {load} at the start: the machine was shared). The server, `guti serve`",
    "with its default 4 threads, answers from the 4x4 Bagh-Chal tables (the whole game, with",
    "the placement DTM) and Sixteen Soldiers' up to 4 pieces under both rules. The client,",
    "`tests/serve_load.py` (Python's asyncio, one process), keeps "
    f"{r['clients']} connections busy",
    f"for {r['seconds']} s asking `/api/position` for {r['positions']} positions of both games "
    "in turn,",
    "and checks every answer byte for byte against the answer first checked field by field",
    "against `guti query --json`. The latencies are the client's, from writing a request to",
    "reading its answer's last byte, so they include the client's own waits on the shared",
    "cores. Meanwhile 10 slow clients send their headers or a record a byte a second, or send",
    "requests and never read the answers, and two threads send abusive requests one after",
    "another, about 50 a second each, each on a connection of its own (below). The server's",
    "memory is its VmRSS from `/proc/PID/status`, every 0.25 s.",
    "",
    "| figure | value |",
    "| --- | --- |",
    f"| requests answered | {r['requests']:,} in {r['seconds']} s |",
    f"| requests per second | {r['requests_per_second']:,.0f} |",
    f"| wrong answers, failed requests | {r['wrong']}, {r['failed']} |",
    f"| latency p50 / p90 / p99 / p99.9 | {lat['p50']} / {lat['p90']} / {lat['p99']} / "
    f"{lat['p99.9']} ms |",
    f"| largest latency | {r['max_latency_ms']} ms |",
    f"| abusive requests | {r['abusive_requests']:,}, every one answered cleanly or dropped; "
    f"the slowest in {r['abuse_slowest'][0][0]} ms ({r['abuse_slowest'][0][1]}) |",
    f"| CPU time in {r['seconds']} s | the server {r['server_cpu_seconds']} s, the client "
    f"{r['client_cpu_seconds']} s |",
    f"| slow clients | {r['slow_clients']}: {', '.join(sorted(set(r['slow_outcomes'])))} at "
    "the end |",
    f"| server memory (VmRSS) | at most {rss['early']:,} kB in the run's second quarter, "
    f"{rss['final']:,} kB in its last; {rss['after']:,} kB once the clients are gone |",
    f"| checks | {'all passed' if status == '0' else 'FAILED (see the run)'} |",
    "",
    "The abusive requests and what the server answered each (a status, or `None`: the",
    "connection closed without an answer, as for a request cut short):",
    "",
]
lines += [f"- {a}" for a in r["abuse_statuses"]]
lines += ["", "VmRSS samples (kB): " + ", ".join(str(k) for k in r["rss_kb"]["samples"]), ""]
open(out, "w").write("\n".join(lines))
EOF
echo "serve-load: wrote $OUT"
exit $status
