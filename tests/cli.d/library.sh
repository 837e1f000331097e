# libguti as others use it (issue 11): `make install` into a temporary prefix installs the
# command, the static and shared library (with its soname), guti.h, guti.pc and the Python
# module; outside programs built with pkg-config against it probe the 4x4 whole game and
# Sixteen Soldiers and agree with `guti query --json`; several threads on one handle agree
# with one; the installed Python module finds the installed library by itself.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LP=$T/prefix
if make -s -C "$ROOT" install PREFIX="$LP" >"$T/install.log" 2>&1; then
    passed=$((passed + 1))
else
    CMD="make install PREFIX=$LP"
    cp "$T/install.log" "$T/err"
    fail "make install failed"
fi
for f in bin/guti include/guti.h lib/libguti.a lib/libguti.so.0 lib/libguti.so lib/pkgconfig/guti.pc \
    lib/python3/dist-packages/guti/__init__.py; do
    [ -e "$LP/$f" ] && passed=$((passed + 1)) || fail "make install did not install $f"
done
objdump -p "$LP/lib/libguti.so" 2>/dev/null | grep -q 'SONAME *libguti.so.0' || fail "libguti.so has no soname libguti.so.0"
# DESTDIR stages the same tree under another root.
make -s -C "$ROOT" install PREFIX=/usr/local DESTDIR="$T/stage" >/dev/null 2>&1 &&
    [ -e "$T/stage/usr/local/include/guti.h" ] && [ -e "$T/stage/usr/local/lib/python3/dist-packages/guti/__init__.py" ] &&
    grep -q '^prefix=/usr/local' "$T/stage/usr/local/lib/pkgconfig/guti.pc" ||
    fail "make install DESTDIR=... did not stage the files under DESTDIR"

# The Python module as installed (issue 13): with PYTHONPATH alone, no GUTI_LIBRARY, it
# loads the libguti.so.0 of its own prefix and probes the 4x4 whole game as query does.
# (GUTI_PYTHON: make test SANITIZE=1's python3, which can load a sanitized libguti.so.)
(cd "$T" && env -u GUTI_LIBRARY PYTHONPATH="$LP/lib/python3/dist-packages" "${GUTI_PYTHON:-python3}" -c '
import json, sys, guti
print(guti.__file__, guti.library_path())
with guti.open(sys.argv[1]) as tb:
    r = tb.probe(sys.argv[2])
print("\"value\": \"%s\", \"dtm\": %s" % (r["value"], json.dumps(r["dtm"])))' "$W" 'T2T/4/4/T2T g 12') >"$T/py.out" 2>&1
py_value=$(sed -n 2p "$T/py.out")
if [ "$(sed -n 1p "$T/py.out")" = "$LP/lib/python3/dist-packages/guti/__init__.py $LP/lib/libguti.so.0" ] &&
    [ -n "$py_value" ] && "$G" query --dir "$W" --json 'T2T/4/4/T2T g 12' | grep -F -q "$py_value"; then
    passed=$((passed + 1))
else
    CMD="(python3) import guti from $LP"
    cp "$T/py.out" "$T/out"
    : >"$T/err"
    fail "the installed Python module did not load $LP/lib/libguti.so.0 or disagrees with guti query"
fi

export PKG_CONFIG_PATH="$LP/lib/pkgconfig"
# shellcheck disable=SC2046
if cc -Wall -Wextra -Werror -o "$T/probe" "$ROOT/examples/probe.c" $(pkg-config --cflags --libs guti) &&
    cc -Wall -Wextra -Werror -o "$T/api_threads" "$ROOT/tests/outside/api_threads.c" $(pkg-config --cflags --libs guti) -lpthread; then
    passed=$((passed + 1))
else
    fail "an outside program does not build with pkg-config --cflags --libs guti"
fi
# examples/value.c (issue 38, item 10), docs/library.md's whole example: built as the
# docs say for a libguti outside the loader's path (pkg-config gives no run path), it
# runs with no LD_LIBRARY_PATH; a decided position prints its DTM, a draw none.
awk '/^```c$/ { on = 1; next } on && /^```$/ { exit } on' "$ROOT/docs/library.md" | cmp -s - "$ROOT/examples/value.c" ||
    fail "docs/library.md's C example is not examples/value.c"
grep -F -q 'cc value.c $(pkg-config --cflags --libs guti) -Wl,-rpath,$(pkg-config --variable=libdir guti) -o value' "$ROOT/docs/library.md" ||
    fail "docs/library.md does not say how to build with the library's run path"
# shellcheck disable=SC2046
if cc -Wall -Wextra -Werror "$ROOT/examples/value.c" $(pkg-config --cflags --libs guti) -Wl,-rpath,"$(pkg-config --variable=libdir guti)" -o "$T/value"; then
    for v in "T2T/4/4/T2T g 12|loss in 26" "T2T/4/4/TG1T t 11|win in 25" "T1GT/4/4/1T1T g 11|draw" \
        "T2T/4/4/T2T t 12|value: " "4/4/4/4 g 0|value: "; do
        CMD="(examples/value.c) $W '${v%%|*}'"
        env -u LD_LIBRARY_PATH "$T/value" "$W" "${v%%|*}" >"$T/out" 2>"$T/err"
        case ${v#*|} in
        value:\ ) [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q '^value: ' "$T/err" ;;
        *) [ "$(cat "$T/out")" = "${v#*|}" ] && [ ! -s "$T/err" ] ;;
        esac && passed=$((passed + 1)) || fail "expected '${v#*|}'"
    done
else
    fail "examples/value.c does not build with pkg-config and -Wl,-rpath"
fi
unset PKG_CONFIG_PATH
# The positions: random games from a start, collected (and checked from 8 threads) by
# api_threads; then probe's answers must be query's, field for field.
lib_compare() { # DIR START GAMES
    if LD_LIBRARY_PATH="$LP/lib" "$T/api_threads" "$1" "$2" "$3" 7 >"$T/positions" 2>"$T/threads.log"; then
        passed=$((passed + 1))
    else
        fail "threads on one handle disagree with one thread: $(cat "$T/threads.log")"
    fi
    LD_LIBRARY_PATH="$LP/lib" "$T/probe" "$1" <"$T/positions" >"$T/probe.out" 2>"$T/probe.err" || fail "probe failed: $(head -n 1 "$T/probe.err")"
    "$G" query --dir "$1" --json <"$T/positions" 2>/dev/null |
        sed -e 's/, "value_now": [^,}]*//g' -e 's/, "class": [^,}]*, "dtc": [^,}]*//g' -e 's/, "clock": [0-9]*, "limit": [0-9]*, "over": [a-z]*//' \
            -e 's/, "result": "[a-z]*", "reason": "[^"]*", "reachable": [a-z]*//' >"$T/query.out"
    if [ "$(wc -l <"$T/positions")" -ge 100 ] && cmp -s "$T/probe.out" "$T/query.out"; then
        passed=$((passed + 1))
    else
        fail "the outside program's answers differ from guti query --json ($(wc -l <"$T/positions") positions)"
    fi
}
lib_compare "$W" 'T2T/4/4/T2T g 12' 60
lib_compare "$S" '3/3/5/2B2/5/2BB1/2R2/3/3 r' 60
