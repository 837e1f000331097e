# guti serve's /api/position under rules no-repeat (issue 41): started here on a free
# loopback port with the 4x4 and 3x3 Bagh-Chal standard tables (the bounds and the
# standard values beside); tests/serve_norepeat.py checks every move's value under the
# rule against guti query --rules R --history FILE, the standard value beside against the
# tables, a refused move after a cycle (and its reason under each window), the end of the
# game, unknown values when the budget runs out, the 400s of bad histories, and that the
# other rules' answers do not change. Then the server must stop cleanly on SIGTERM.

NV="$T/serve-norepeat"
check 0 '' solve baghchal --board 4x4 --dir "$NV" --quiet
check 0 '' solve baghchal --board 3x3 --dir "$NV" --quiet

"$G" serve --dir "$NV" --port 0 --quiet >"$T/nv.out" 2>"$T/nv.err" &
NV_PID=$!
NV_URL=
for _ in $(seq 100); do
    NV_URL=$(sed -n 's/^guti serve: \(http:.*\)$/\1/p' "$T/nv.out")
    [ -n "$NV_URL" ] && break
    kill -0 "$NV_PID" 2>/dev/null || break
    sleep 0.1
done
CMD="serve --port 0 (no-repeat)"
if [ -z "$NV_URL" ]; then
    fail "did not print its address: $(head -n 2 "$T/nv.err" | tr '\n' ' ')"
    kill "$NV_PID" 2>/dev/null
else
    python3 "$(dirname "$0")/serve_norepeat.py" "$G" "$NV" "$NV_URL" "$T" >"$T/nv-api.out" 2>&1
    CMD="(serve API, no-repeat) $NV_URL"
    py_checks "$T/nv-api.out"
    kill -TERM "$NV_PID"
    wait "$NV_PID"
    status=$?
    CMD="serve (no-repeat, SIGTERM)"
    if [ "$status" -ne 0 ]; then
        fail "exit status $status after SIGTERM"
    else
        passed=$((passed + 1))
    fi
fi
