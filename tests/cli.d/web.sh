# The explorer page (issue 14, part 2), in a browser: guti serve started here on a free
# loopback port with the 4x4 Bagh-Chal tables (DTM and the counting rule's) and Sixteen
# Soldiers' up to 4 pieces under both capture rules (5 under the optional rule), and
# Adugo's optional-d4-k2;
# tests/web/explorer.py drives Debian's headless Chromium over the DevTools protocol
# (Python's standard library only) and clicks through a game of each, comparing every
# label the page shows with guti query --json (see its docstring for what it plays). Each
# of its failed checks is a failure here; its passed checks are counted. Screenshots go
# to $GUTI_WEB_SHOTS when set (to look at them), else into $T.

WD="$T/web"
check 0 '' solve baghchal --board 4x4 --dtm --dtc --dir "$WD" --quiet
check 0 '' solve baghchal --board 4x4 --dtc --limit 20 --dir "$WD" --quiet
# 5 pieces under the optional rule for a chain's first landing point (issue 38): about
# 7 s of CPU; their counting rule's tables (another 10 s) are not needed
check 0 '' solve sixteen --pieces 5 --dir "$WD" --quiet
check 0 '' solve sixteen --pieces 4 --dtc --dir "$WD" --quiet
check 0 '' solve sixteen --pieces 4 --rules forced --dtc --dir "$WD" --quiet
# Adugo's small variant (issue 40): the jaguar against 4 dogs, 2 captures win
check 0 '' solve adugo --rules optional-d4-k2 --dir "$WD" --quiet
# a second server on the 3x3 movement phase alone: the page's first screen (issue 38)
WD2="$T/web-movement"
check 0 '' solve baghchal --board 3x3 --phase movement --dir "$WD2" --quiet

CMD="(explorer page in chromium)"
: >"$T/out"
: >"$T/err"
if [ ! -x /usr/bin/chromium ]; then
    fail "/usr/bin/chromium is missing: the Debian package chromium (scripts/deps.sh installs it)"
else
    # web_serve NAME DIR: guti serve on DIR in the background; sets WEB_PID and WEB_URL
    # (empty when it did not start in 10 s)
    web_serve() {
        "$G" serve --dir "$2" --port 0 --quiet >"$T/$1.out" 2>"$T/$1.err" &
        WEB_PID=$!
        WEB_URL=
        for _ in $(seq 100); do
            WEB_URL=$(sed -n 's/^guti serve: \(http:.*\)$/\1/p' "$T/$1.out")
            [ -n "$WEB_URL" ] && break
            kill -0 "$WEB_PID" 2>/dev/null || break
            sleep 0.1
        done
    }
    web_serve web-serve2 "$WD2"
    WEB_PID2=$WEB_PID WEB_URL2=$WEB_URL
    web_serve web-serve "$WD"
    trap 'kill "$WEB_PID" "$WEB_PID2" 2>/dev/null; rm -rf "$T"' EXIT
    if [ -z "$WEB_URL" ] || [ -z "$WEB_URL2" ]; then
        fail "guti serve did not print its address: $(cat "$T/web-serve.err" "$T/web-serve2.err" | head -n 2 | tr '\n' ' ')"
    else
        shots=${GUTI_WEB_SHOTS:-$T/web-shots}
        python3 "$(dirname "$0")/web/explorer.py" --guti "$G" --dir "$WD" --url "$WEB_URL" \
            --url2 "$WEB_URL2" --dir2 "$WD2" --shots "$shots" >"$T/web.out" 2>&1
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
    kill "$WEB_PID" "$WEB_PID2" 2>/dev/null
    wait "$WEB_PID" "$WEB_PID2" 2>/dev/null
    trap 'rm -rf "$T"' EXIT
fi
