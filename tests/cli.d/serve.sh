# guti serve (issue 14): the HTTP interface, started here on a free loopback port with
# the 4x4 Bagh-Chal tables (DTM and the counting rule's) and Sixteen Soldiers up to 4
# pieces under both rules. tests/serve_api.py checks that its answers are guti query's and
# guti game --analyze's, and that bad requests get clean 4xx errors; then the server must
# stop cleanly on SIGTERM. And the command's own errors.

SV="$T/serve"
check 0 '' solve baghchal --board 4x4 --dtm --dtc --dir "$SV" --quiet
# the counting rule's tables of another limit, for limit=20 (issue 38): about 4 s
check 0 '' solve baghchal --board 4x4 --dtc --limit 20 --dir "$SV" --quiet
check 0 '' solve sixteen --pieces 4 --dir "$SV" --quiet
check 0 '' solve sixteen --pieces 4 --rules forced --dir "$SV" --quiet

check 0 'usage: guti serve' serve --help
check 2 'takes no operands' serve extra
check 2 'port' serve --port 70000
check 1 "'nowhere' is not an IPv4 or IPv6 address" serve --host nowhere --dir "$SV"

# serve_start NAME ARGS...: starts guti serve ARGS in the background, its output in
# $T/NAME.out; sets SERVE_PID and SERVE_URL (empty when it did not start in 10 s).
serve_start() {
    name=$1
    shift
    "$G" serve "$@" >"$T/$name.out" 2>"$T/$name.err" &
    SERVE_PID=$!
    SERVE_URL=
    for _ in $(seq 100); do
        SERVE_URL=$(sed -n "s/^guti serve: \\(http:.*\\)$/\\1/p" "$T/$name.out")
        [ -n "$SERVE_URL" ] && break
        kill -0 "$SERVE_PID" 2>/dev/null || break
        sleep 0.1
    done
}

serve_start sv --dir "$SV" --port 0 --quiet
CMD="serve --port 0"
if [ -z "$SERVE_URL" ]; then
    fail "did not print its address"
else
    passed=$((passed + 1))
    python3 "$(dirname "$0")/serve_api.py" "$G" "$SV" "$SERVE_URL" "$T" >"$T/api.out" 2>&1
    CMD="(serve API) $SERVE_URL"
    py_checks "$T/api.out"
    # a second server on the same port: a one-line error naming it
    port=${SERVE_URL##*:}
    port=${port%/}
    check 1 "cannot listen on 127.0.0.1 port $port" serve --dir "$SV" --port "$port"
    kill -TERM "$SERVE_PID"
    wait "$SERVE_PID"
    status=$?
    CMD="serve (SIGTERM)"
    if [ "$status" -ne 0 ]; then
        fail "exit status $status after SIGTERM"
    else
        passed=$((passed + 1))
    fi
fi
