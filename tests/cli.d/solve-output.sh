# solve prints each layer's line as soon as the layer is done, so that a run killed with
# its output in a file keeps every finished layer (issue 10, item 13). strace shows the
# order of the writes: a layer's line reaches stdout before the next layer's tables.
if command -v strace >/dev/null 2>&1; then
    for args in "baghchal --phase movement --board 4x4" "baghchal --board 4x4 --phase placement" "sixteen --pieces 3"; do
        rm -rf "$T/flush" && mkdir "$T/flush"
        [ "${args#*placement}" != "$args" ] && cp "$D"/baghchal-4x4-standard-h0-* "$T/flush"/
        # shellcheck disable=SC2086
        strace -f -e trace=write,rename -o "$T/strace" "$G" solve $args --dir "$T/flush" >"$T/out" 2>/dev/null
        # some line reaches stdout between the first table and the last
        first_rename=$(grep -n 'rename(' "$T/strace" | head -n 1 | cut -d: -f1)
        last_rename=$(grep -n 'rename(' "$T/strace" | tail -n 1 | cut -d: -f1)
        if [ -n "$first_rename" ] && sed -n "${first_rename},${last_rename}p" "$T/strace" | grep -q 'write(1, '; then
            passed=$((passed + 1))
        else
            fail "solve $args: no layer's line was written before the last table"
        fi
    done
else
    fail "strace is missing (scripts/deps.sh installs it)"
fi
