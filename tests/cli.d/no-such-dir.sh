# A tables' directory that does not exist, or is not a directory, is "no such directory"
# (issue 38, item 5), in one line, not "no table ...; make it with ..." of every table;
# but guti play and guti serve with no --dir and no ./tables still start (unvalued).
# (guti show reads no tables: it has no --dir.)
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

ND="$T/no-such-dir"
check 1 "query: $ND: no such directory" query --dir "$ND" 'T2T/4/4/T2T g 12'
check 1 "stats: $ND: no such directory" stats --dir "$ND"
check 1 "play: $ND: no such directory" play --dir "$ND"
# (under a timeout: a serve that does not refuse it would run on)
CMD="serve --dir $ND --port 0"
timeout 20 "$G" serve --dir "$ND" --port 0 >/dev/null 2>"$T/err"
[ $? -eq 1 ] && [ "$(cat "$T/err")" = "guti: serve: $ND: no such directory" ] || fail "$(cat "$T/err")"
passed=$((passed + 1))
: >"$T/a-file"
check 1 "query: $T/a-file: no such directory" query --dir "$T/a-file" 'T2T/4/4/T2T g 12'
check 1 "stats: $T/a-file: no such directory" stats --dir "$T/a-file"
check 1 "no such directory" query --dir "$T/a-file/below" 'T2T/4/4/T2T g 12'
CMD="GUTI_TABLES=$ND query"
GUTI_TABLES=$ND "$G" query 'T2T/4/4/T2T g 12' >/dev/null 2>"$T/nd.err"
grep -q "^guti: query: $ND: no such directory$" "$T/nd.err" || fail "\$GUTI_TABLES absent: $(cat "$T/nd.err")"
passed=$((passed + 1))
# rules no-repeat search without tables; a directory named for them must be there
check 1 "query: $ND: no such directory" query --dir "$ND" --rules no-repeat 'T1T/3/T1T g 4'
# An empty directory is one: the tables missing from it are named.
mkdir -p "$T/empty-dir"
check 1 "no table $T/empty-dir/baghchal-4x4-standard-h12-c0-g.wdl" query --dir "$T/empty-dir" 'T2T/4/4/T2T g 12'

# The default directory absent: play and serve open it empty; query says so.
mkdir -p "$T/nowhere"
GA=$(cd "$(dirname "$G")" && pwd)/$(basename "$G") # guti from another directory
CMD="play and serve without ./tables"
(cd "$T/nowhere" && env -u GUTI_TABLES "$GA" play </dev/null >"$T/nd.out" 2>"$T/nd.err")
grep -q 'no such directory' "$T/nd.err" && fail "play without ./tables: $(cat "$T/nd.err")"
(cd "$T/nowhere" && exec env -u GUTI_TABLES "$GA" serve --port 0 --quiet >"$T/nd.out" 2>"$T/nd.err") &
nd_pid=$!
for _ in $(seq 100); do
    grep -q '^guti serve: http' "$T/nd.out" && break
    kill -0 "$nd_pid" 2>/dev/null || break
    sleep 0.1
done
if grep -q '^guti serve: http' "$T/nd.out"; then
    passed=$((passed + 2))
else
    fail "serve without ./tables did not start: $(cat "$T/nd.err")"
fi
kill "$nd_pid" 2>/dev/null
wait "$nd_pid" 2>/dev/null
(cd "$T/nowhere" && env -u GUTI_TABLES "$GA" query 'T2T/4/4/T2T g 12' >/dev/null 2>"$T/nd.err")
grep -q '^guti: query: tables: no such directory$' "$T/nd.err" || fail "query without ./tables: $(cat "$T/nd.err")"
passed=$((passed + 1))
