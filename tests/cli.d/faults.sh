# Resource faults (issue 15, part 5): a full disk, an unwritable directory, a directory
# that vanishes and a memory limit, during solve, reach, stats --out and serve. Each must
# give one line "guti: ..." naming what ran out and a non-zero exit status, and leave no
# partial file under a final name: no temporary file is left, and guti verify finds every
# table there whole (some may be missing). Run again without the fault, the command
# completes, resuming from the tables left. Then guti serve under load and abuse (part 6):
# tests/serve_load.py, 50 clients for 8 s here (scripts/serve-load.sh runs the full 30 s).
#
# The full disk is a small tmpfs mounted here when root and mount works, and in any case a
# file-size limit (ulimit -f, which guti meets as EFBIG); the unwritable directory a
# read-only bind mount (root and mount), and a directory without write permission (as
# nobody through setpriv when root). The memory limits are found by measurement: the least
# ulimit -v in which guti runs at all, then steps up from it until each command completes.
# One line "faults: ..." on stdout says which ran.

F=$T/faults
mkdir -p "$F"
F_MOUNTS=
F_SERVER=
F_RAN=
# On exit, as cli.sh's trap: a server started here stops, the mounts made here go, then $T.
f_cleanup() {
    [ -z "$F_SERVER" ] || kill "$F_SERVER" 2>/dev/null
    for m in $F_MOUNTS; do umount -l "$m" 2>/dev/null; done
    rm -rf "$T"
}
trap f_cleanup EXIT

# frun LIMITS ARGS...: runs guti ARGS ($F_AS before it when set) under the limits LIMITS,
# "v=KB" (ulimit -v) and "f=BLOCKS" (ulimit -f) separated by spaces, none when empty; its
# output into $T/out and $T/err, its exit status into $got.
frun() {
    lim=$1
    shift
    CMD="$*${lim:+ (ulimit $lim)}${F_AS:+ (as $F_AS)}"
    (
        for l in $lim; do ulimit -"${l%%=*}" "${l#*=}" || exit 125; done
        exec $F_AS "$G" "$@"
    ) </dev/null >"$T/out" 2>"$T/err"
    got=$?
}

# fjudge STATUS TEXT: judges the run frun made as check does (STATUS 0: stderr empty,
# stdout contains TEXT; else: the status, and stderr one line "guti: ..." containing TEXT)
# and counts it. Returns 1 when it failed.
fjudge() {
    if [ "$got" -ge 128 ]; then
        fail "crashed (exit status $got)"
        return 1
    fi
    if [ "$got" -ne "$1" ]; then
        fail "exit status $got, expected $1"
        return 1
    fi
    if [ "$1" -eq 0 ]; then
        if [ -s "$T/err" ] || { [ -n "$2" ] && ! grep -F -q -e "$2" "$T/out"; }; then
            fail "stderr not empty, or stdout lacks '$2'"
            return 1
        fi
    else
        n=$(wc -l <"$T/err")
        if [ "$n" -ne 1 ] || [ "$(tail -c 1 "$T/err" | od -An -c | tr -d ' ')" != '\n' ]; then
            fail "stderr is not exactly one line"
            return 1
        fi
        case $(cat "$T/err") in
        "guti: "*"$2"*) ;;
        *)
            fail "stderr is not one line 'guti: ...' containing '$2'"
            return 1
            ;;
        esac
    fi
    passed=$((passed + 1))
}

# whole DIR: what a fault left in DIR is whole: no temporary file, and every table there
# passes guti verify's checks (a missing table aside).
whole() {
    CMD="verify what the fault left in $1"
    if [ -n "$(find "$1" -name '*.tmp' 2>/dev/null)" ]; then
        fail "a temporary file is left: $(find "$1" -name '*.tmp' | head -n 1)"
        return
    fi
    if [ -n "$(find "$1" -name '*.wdl' -o -name '*.dtm' -o -name '*.reach' -o -name '*.dtc' \
        2>/dev/null)" ]; then
        "$G" verify --dir "$1" >"$T/out" 2>"$T/err"
        if ! grep -q ', 0 damaged, ' "$T/out"; then
            fail "guti verify finds a damaged table"
            return
        fi
    fi
    passed=$((passed + 1))
}

# no_out PREFIX: stats --out left none of PREFIX.md, .csv, .json, nor their .tmp.
no_out() {
    CMD="stats --out $1 after the fault"
    for x in md csv json md.tmp csv.tmp json.tmp; do
        if [ -e "$1.$x" ]; then
            fail "$1.$x is there"
            return
        fi
    done
    passed=$((passed + 1))
}

# all_out PREFIX: stats --out wrote all three, and no .tmp.
all_out() {
    CMD="stats --out $1"
    for x in md csv json; do
        if [ ! -s "$1.$x" ] || [ -e "$1.$x.tmp" ]; then
            fail "$1.$x is missing, or its .tmp is left"
            return
        fi
    done
    passed=$((passed + 1))
}

# --- a full disk -------------------------------------------------------------------------
if [ "$(id -u)" = 0 ] && mkdir "$F/disk" && mount -t tmpfs -o size=16m guti-faults "$F/disk" \
    2>/dev/null; then
    F_MOUNTS="$F/disk"
    F_RAN="full disk: a 16 MiB tmpfs (filled to leave a little room) and ulimit -f"
    # fill_to KB: fills the tmpfs to leave about KB kilobytes free
    fill_to() {
        rm -f "$F/disk/fill"
        avail=$(df -k -P "$F/disk" | awk 'NR == 2 { print $4 }')
        [ "$avail" -le "$1" ] || head -c $(((avail - $1) * 1024)) /dev/zero >"$F/disk/fill"
    }
    # solve: the 4x4 whole game with the placement's DTM, 2.6 MB of tables, in 1 MiB
    fill_to 1024
    frun '' solve baghchal --board 4x4 --dtm --dir "$F/disk/t" --threads 1 --quiet
    fjudge 1 'No space left on device'
    whole "$F/disk/t"
    rm "$F/disk/fill"
    frun '' solve baghchal --board 4x4 --dtm --dir "$F/disk/t" --threads 1 --quiet
    fjudge 0 '(already solved)'
    frun '' verify --dir "$F/disk/t" --quiet
    fjudge 0 ', 0 damaged, 0 missing'
    # reach: 68 small tables (a 4 KiB page each), in 64 KiB
    fill_to 64
    frun '' reach baghchal --board 4x4 --dir "$F/disk/r" --threads 1 --quiet
    fjudge 1 'No space left on device'
    whole "$F/disk/r"
    rm "$F/disk/fill"
    frun '' reach baghchal --board 4x4 --dir "$F/disk/r" --threads 1 --quiet
    fjudge 0 '(already there)'
    # stats --out: 35 KB of statistics in 8 KiB
    fill_to 8
    frun '' stats --dir "$W" --out "$F/disk/st" --threads 1 --quiet
    fjudge 1 'No space left on device'
    no_out "$F/disk/st"
    rm "$F/disk/fill"
    frun '' stats --dir "$W" --out "$F/disk/st" --threads 1 --quiet
    fjudge 0 ''
    all_out "$F/disk/st"
    umount "$F/disk" && F_MOUNTS=
else
    F_RAN="full disk: ulimit -f only (no tmpfs: not root, or mount fails)"
fi
# a file-size limit, 128 blocks (64 KiB in dash, 128 KiB in bash): Sixteen Soldiers' 5-piece
# tables reach 280 KB, the statistics' Markdown 12 KB with 8 blocks
frun 'f=128' solve sixteen --pieces 5 --dir "$F/fsize" --threads 1 --quiet
fjudge 1 'File too large'
whole "$F/fsize"
frun '' solve sixteen --pieces 5 --dir "$F/fsize" --threads 1
fjudge 0 '(already solved)'
frun 'f=8' stats --dir "$W" --out "$F/fsize/st" --threads 1 --quiet
fjudge 1 'File too large'
no_out "$F/fsize/st"
frun '' stats --dir "$W" --out "$F/fsize/st" --threads 1 --quiet
fjudge 0 ''
all_out "$F/fsize/st"

# --- an unwritable directory ----------------------------------------------------------------
# the movement phase's tables there, the placement's to make
mkdir "$F/ro" && cp "$D"/baghchal-4x4-standard-h0-* "$F/ro/"
if [ "$(id -u)" = 0 ] && mount --bind "$F/ro" "$F/ro" 2>/dev/null; then
    F_MOUNTS="$F/ro"
    if mount -o remount,bind,ro "$F/ro" 2>/dev/null; then
        F_RAN="$F_RAN; unwritable: a read-only bind mount"
        frun '' solve baghchal --board 4x4 --dir "$F/ro" --threads 1 --quiet
        fjudge 1 'Read-only file system'
        whole "$F/ro"
        frun '' reach baghchal --board 4x4 --dir "$F/ro" --threads 1 --quiet
        fjudge 1 'Read-only file system'
        frun '' stats --dir "$W" --out "$F/ro/st" --threads 1 --quiet
        fjudge 1 'Read-only file system'
        no_out "$F/ro/st"
        frun '' stats --dir "$W" --out "$F/ro/more/st" --threads 1 --quiet
        fjudge 1 "cannot make directory $F/ro/more: Read-only file system"
        frun '' solve sixteen --pieces 3 --dir "$F/ro/new" --threads 1 --quiet
        fjudge 1 "cannot make $F/ro/new: Read-only file system"
        whole "$F/ro"
    fi
    umount "$F/ro" && F_MOUNTS=
fi
# no write permission: root is let through, so as nobody, when setpriv can
F_AS=
if [ "$(id -u)" != 0 ]; then
    F_RAN="$F_RAN; a directory without write permission"
elif command -v setpriv >/dev/null && id nobody >/dev/null 2>&1 &&
    setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups true 2>/dev/null; then
    F_AS="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups"
    F_RAN="$F_RAN; a directory without write permission, as nobody"
fi
if [ "$(id -u)" != 0 ] || [ -n "$F_AS" ]; then
    chmod 555 "$F/ro"
    frun '' solve baghchal --board 4x4 --dir "$F/ro" --threads 1 --quiet
    fjudge 1 'Permission denied'
    frun '' reach baghchal --board 4x4 --dir "$F/ro" --threads 1 --quiet
    fjudge 1 'Permission denied'
    frun '' stats --dir "$W" --out "$F/ro/st" --threads 1 --quiet
    fjudge 1 'Permission denied'
    no_out "$F/ro/st"
    F_AS=
    chmod 755 "$F/ro"
fi
whole "$F/ro"
# writable again: the placement is made, the movement's tables read
frun '' solve baghchal --board 4x4 --dir "$F/ro" --threads 1 --quiet
fjudge 0 '(already solved)'
frun '' reach baghchal --board 4x4 --dir "$F/ro" --threads 1 --quiet
fjudge 0 'reached'
frun '' verify --dir "$F/ro" --quiet
fjudge 0 ', 0 damaged, 0 missing'

# --- a directory that vanishes ----------------------------------------------------------------
# vanish FILE DIR ARGS...: runs guti ARGS in the background until FILE appears, stops it,
# removes DIR, lets it go on and waits for it (its status in $got); fails when guti ended
# before it could be stopped.
vanish() {
    file=$1 dir=$2
    shift 2
    CMD="$* (its directory removed)"
    "$G" "$@" </dev/null >"$T/out" 2>"$T/err" &
    pid=$!
    # (builtins only, to stop it at once: kill -0 would not tell a zombie)
    while [ ! -e "$file" ]; do
        read -r st <"/proc/$pid/stat" || break
        case $st in *") Z "*) break ;; esac
    done
    kill -STOP "$pid"
    rm -rf "$dir"
    kill -CONT "$pid"
    wait "$pid"
    got=$?
    [ -e "$dir" ] || [ "$got" -ne 0 ] || fail "it ended before $file appeared"
}
vanish "$F/vs/sixteen-optional-m3-n1.dtm" "$F/vs" solve sixteen --pieces 5 --dir "$F/vs" --threads 1 --quiet
fjudge 1 'No such file or directory'
frun '' solve sixteen --pieces 5 --dir "$F/vs" --threads 1 --quiet
fjudge 0 ''
vanish "$F/vr/baghchal-4x4-standard-h11-c0-t.reach" "$F/vr" reach baghchal --board 4x4 --dir "$F/vr" --threads 1 --quiet
fjudge 1 'No such file or directory'
frun '' reach baghchal --board 4x4 --dir "$F/vr" --threads 1 --quiet
fjudge 0 'reached'
vanish "$F/vo/st.json.tmp" "$F/vo" stats --dir "$W" --out "$F/vo/st" --threads 1 --quiet
fjudge 1 'No such file or directory'
frun '' stats --dir "$W" --out "$F/vo/st" --threads 1 --quiet
fjudge 0 ''
all_out "$F/vo/st"

# serve_up NAME LIMITS ARGS...: starts guti serve ARGS under LIMITS (as frun) in the
# background, its output in $F/NAME.out and .err; sets F_SERVER and F_URL (empty when it did
# not start in 10 s, and F_SERVER then empty too once it has ended).
serve_up() {
    name=$1 lim=$2
    F_NAME=$name
    shift 2
    (
        for l in $lim; do ulimit -"${l%%=*}" "${l#*=}" || exit 125; done
        exec "$G" serve "$@"
    ) </dev/null >"$F/$name.out" 2>"$F/$name.err" &
    F_SERVER=$!
    F_URL=
    for _ in $(seq 100); do
        F_URL=$(sed -n 's/^guti serve: \(http:.*\)$/\1/p' "$F/$name.out")
        [ -n "$F_URL" ] && return
        kill -0 "$F_SERVER" 2>/dev/null || break
        sleep 0.1
    done
    wait "$F_SERVER" 2>/dev/null
    got=$?
    F_SERVER=
}

# serve_down: stops the server with SIGTERM; it must end with status 0.
serve_down() {
    kill -TERM "$F_SERVER"
    wait "$F_SERVER"
    status=$?
    F_SERVER=
    CMD="serve (SIGTERM)"
    # a server that died says how in its own stderr (the last failed start's is in $T/err)
    [ "$status" -eq 0 ] && passed=$((passed + 1)) ||
        fail "exit status $status after SIGTERM; its stderr: $(tr '\n' ' ' <"$F/$F_NAME.err" | cut -c 1-400)"
}

# serve_py MODE ARGS...: runs tests/serve_load.py MODE on the server and counts its checks.
serve_py() {
    mode=$1
    shift
    python3 "$(dirname "$0")/serve_load.py" "$mode" "$G" "$@" >"$F/$mode.py.out" 2>&1
    CMD="(serve_load.py $mode)"
    py_checks "$F/$mode.py.out"
}

# The tables served: the 4x4 whole game and Sixteen Soldiers up to 4 pieces, both rules.
mkdir "$F/srv" && cp "$W"/* "$S"/* "$F/srv/"
# serve: its directory removed under it. The tables it has opened answer on, the others
# are missing (404), and it lives on.
cp -r "$F/srv" "$F/sv"
serve_up sv '' --dir "$F/sv" --port 0 --quiet
CMD="serve --dir $F/sv"
if [ -z "$F_URL" ]; then
    fail "did not start: $(cat "$F/sv.err")"
else
    serve_py vanish "$F/sv" "$F_URL" "$F_SERVER"
    serve_down
fi

# --- a memory limit ---------------------------------------------------------------------
# Not under AddressSanitizer (make test SANITIZE=1): its shadow memory reserves terabytes of
# address space, which no ulimit -v admits; the plain build runs this part.
if [ -n "${ASAN_OPTIONS:-}" ]; then
    echo "faults: memory limits not tried under AddressSanitizer"
else
# The least ulimit -v, in steps of 256 KiB, in which guti runs at all (its libraries
# loaded: guti --version); from there on, what runs short of memory is guti's to report.
base=
for kb in $(seq 4096 256 262144); do
    frun "v=$kb" --version
    [ "$got" -eq 0 ] && base=$kb && break
    # short of that, the dynamic loader or a library's constructor stops it (libgomp,
    # GnuTLS), or guti itself with "out of memory: no room to grow the stack": never a crash
    [ "$got" -lt 128 ] || fail "crashed (exit status $got) under ulimit -v $kb"
done
CMD="--version under ulimit -v"
if [ -z "$base" ]; then
    fail "does not run in 256 MiB"
else
    passed=$((passed + 1))
    # seven more threads of 8 MiB stacks do not fit in 4 MiB more
    frun "s=8192 v=$((base + 4096))" solve sixteen --pieces 3 --dir "$F/mt" --threads 8 --quiet
    fjudge 1 'cannot start 8 threads'
    whole "$F/mt"
    # sweep STEP AFTER ARGS...: runs guti ARGS under ulimit -v from $base up by STEP KiB
    # until it completes (50 steps at most): each run short of memory must fail cleanly,
    # saying so, and pass the check AFTER (whole DIR, no_out PREFIX); the next run resumes
    # from what it left.
    sweep() {
        step=$1 after=$2
        shift 2
        short=0
        kb=$base
        while [ "$kb" -lt $((base + 50 * step)) ]; do
            frun "v=$kb" "$@"
            [ "$got" -eq 0 ] && break
            # guti's words, or the system's (strerror(ENOMEM))
            oom='out of memory'
            grep -q 'Cannot allocate memory' "$T/err" && oom='Cannot allocate memory'
            fjudge 1 "$oom" || return
            $after
            short=$((short + 1))
            kb=$((kb + step))
        done
        fjudge 0 '' || return
        CMD="$* under ulimit -v from $base KiB"
        [ "$short" -gt 0 ] && passed=$((passed + 1)) || fail "it never ran out of memory"
    }
    sweep 4096 "whole $F/ms" solve sixteen --pieces 5 --dir "$F/ms" --threads 1 --quiet
    sweep 1024 "whole $F/mr" reach baghchal --board 4x4 --dir "$F/mr" --threads 1 --quiet
    sweep 1024 "no_out $F/mo/st" stats --dir "$W" --out "$F/mo/st" --threads 1 --quiet
    all_out "$F/mo/st"
    # a query's line longer than the memory there is: the lines before it answered, then
    # one line naming it, exit status 1 (the input cannot go on past a line never read)
    {
        echo 'T2T/4/4/T2T g 12'
        head -c 67108864 /dev/zero | tr '\0' x
        echo
        echo 'T2T/4/4/T2T g 12'
    } >"$F/long.txt"
    CMD="query, a 64 MiB line under ulimit -v $((base + 49152))"
    (ulimit -v $((base + 49152)) && exec "$G" query --dir "$W") <"$F/long.txt" >"$T/out" 2>"$T/err"
    got=$?
    if fjudge 1 'line 2: out of memory for a line this long'; then
        [ "$(grep -c '^T2T/4/4/T2T g 12' "$T/out")" -eq 1 ] || fail "line 1 not answered once"
    fi
    rm -f "$F/long.txt"
    # serve: below the least limit it starts in, a clean one-line error; at it, requests
    # get their answer, or 503 out of memory, or are dropped, and it lives on.
    kb=$base
    while [ "$kb" -lt $((base + 262144)) ]; do
        serve_up sm "v=$kb" --dir "$F/srv" --port 0 --quiet
        [ -n "$F_URL" ] && break
        cp "$F/sm.err" "$T/err"
        : >"$T/out"
        CMD="serve under ulimit -v $kb"
        # serve's own words, or main's when the stack cannot grow by the little more that
        # serve's arguments take than --version's did at this limit
        said='serve: '
        grep -q 'no room to grow the stack' "$T/err" && said='out of memory: no room to grow the stack'
        fjudge 1 "$said" || break
        kb=$((kb + 2048))
    done
    CMD="serve under ulimit -v"
    if [ -z "$F_URL" ]; then
        fail "did not start under ulimit -v $kb: $(cat "$F/sm.err")"
    else
        serve_py pressure "$F/srv" "$F_URL" "$F_SERVER"
        serve_down
    fi
fi
fi

# --- the server under load and abuse (part 6) ------------------------------------------
serve_up load '' --dir "$F/srv" --port 0 --quiet
CMD="serve --dir $F/srv"
if [ -z "$F_URL" ]; then
    fail "did not start: $(cat "$F/load.err")"
else
    serve_py load "$F/srv" "$F_URL" "$F_SERVER" --clients 50 --seconds 8 --slow 10
    serve_down
fi
F_MEM="memory: ulimit -v from $base KiB"
[ -n "$base" ] || F_MEM="memory: not tried"
echo "faults: $F_RAN; $F_MEM; $(grep -h '^pressure: ' "$F/pressure.py.out" 2>/dev/null)"
grep -h '^load: ' "$F/load.py.out" 2>/dev/null
