# The explorer page (issue 14, part 2), in a browser: guti serve started here on a free
# loopback port with the 4x4 Bagh-Chal tables (DTM and the counting rule's) and Sixteen
# Soldiers' up to 4 pieces under both capture rules (5 under the optional rule);
# tests/web/explorer.py drives Debian's headless Chromium over the DevTools protocol
# (Python's standard library only) and clicks through a game of each, comparing every
# label the page shows with guti query --json (see its docstring for what it plays). Each
# of its failed checks is a failure here; its passed checks are counted. Screenshots go
# to $GUTI_WEB_SHOTS when set (to look at them), else into $T.

WD="$T/web"
check 0 '' solve baghchal --board 4x4 --dtm --dtc --dir "$WD" --quiet
# 5 pieces under the optional rule for a chain's first landing point (issue 38): about
# 7 s of CPU; their counting rule's tables (another 10 s) are not needed
check 0 '' solve sixteen --pieces 5 --dir "$WD" --quiet
check 0 '' solve sixteen --pieces 4 --dtc --dir "$WD" --quiet
check 0 '' solve sixteen --pieces 4 --rules forced --dtc --dir "$WD" --quiet

CMD="(explorer page in chromium)"
: >"$T/out"
: >"$T/err"
if [ ! -x /usr/bin/chromium ]; then
    fail "/usr/bin/chromium is missing: the Debian package chromium (scripts/deps.sh installs it)"
else
    "$G" serve --dir "$WD" --port 0 --quiet >"$T/web-serve.out" 2>"$T/web-serve.err" &
    WEB_PID=$!
    trap 'kill "$WEB_PID" 2>/dev/null; rm -rf "$T"' EXIT
    WEB_URL=
    for _ in $(seq 100); do
        WEB_URL=$(sed -n 's/^guti serve: \(http:.*\)$/\1/p' "$T/web-serve.out")
        [ -n "$WEB_URL" ] && break
        kill -0 "$WEB_PID" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$WEB_URL" ]; then
        fail "guti serve did not print its address: $(head -n 2 "$T/web-serve.err" | tr '\n' ' ')"
    else
        shots=${GUTI_WEB_SHOTS:-$T/web-shots}
        python3 "$(dirname "$0")/web/explorer.py" --guti "$G" --dir "$WD" --url "$WEB_URL" \
            --shots "$shots" >"$T/web.out" 2>&1
        web_status=$?
        while IFS= read -r line; do
            case $line in
            "FAIL: web: "*) fail "${line#FAIL: web: }" ;;
            "web: "*" passed, "*" failed")
                set -- $line
                passed=$((passed + $2))
                ;;
            esac
        done <"$T/web.out"
        if ! grep -q '^FAIL: web: ' "$T/web.out" &&
            { [ "$web_status" -ne 0 ] || ! grep -q '^web: .* passed, .* failed$' "$T/web.out"; }; then
            fail "explorer.py ended with status $web_status: $(tail -n 3 "$T/web.out" | tr '\n' ' ')"
        fi
    fi
    kill "$WEB_PID" 2>/dev/null
    wait "$WEB_PID" 2>/dev/null
    trap 'rm -rf "$T"' EXIT
fi
