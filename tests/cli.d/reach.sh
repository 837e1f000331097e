# reach resumes from the last step written whole: a REACH table missing between written
# ones is made again, byte for byte as the first run made it (issue 10, item 9: the hint
# that stats gives for it must work).
rm -rf "$T/reach-gap" && cp -r "$W" "$T/reach-gap"
for f in baghchal-4x4-standard-h5-c1-g.reach baghchal-4x4-standard-h8-c2-t.reach; do
    rm "$T/reach-gap/$f"
    check 1 "make it with: guti reach baghchal --rules standard --board 4x4" stats --dir "$T/reach-gap" --reachable
    hint=$(sed -n 's/.*make it with: guti //p' "$T/err")
    # shellcheck disable=SC2086
    "$G" $hint --quiet >/dev/null 2>&1 || fail "the hint 'guti $hint' failed"
    cmp -s "$W/$f" "$T/reach-gap/$f" && passed=$((passed + 1)) || fail "reach did not make $f again as it was"
done
