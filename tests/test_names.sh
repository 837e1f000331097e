#!/bin/sh
# Tests mirror the source tree: tests/test_X.c tests the source file X.c (under solver/,
# tablebase/, tools/, mpi/ or python/), so that the test of a file is found from its name,
# and makes the Check suite named X (tests/check_main.c runs it; CK_RUN_SUITE=X alone).
# A test of something no one file holds is listed below with the reason; the check fails
# naming every test file that matches no source file and is not listed, every listed one
# that now matches or is gone (take it off the list), and every one whose suite is not
# named after it.
# usage: sh tests/test_names.sh   (from the checkout's top folder)
roots='solver tablebase tools mpi python'
unmatched='
tests/test_tablebase.c   the table files as a whole (tablebase/): written by tb_write.c, read back by tb_read.c and tb_cache.c, checksum.c and compress.c on the way
'
sources=$(find $roots -name '*.c' 2>/dev/null | sed 's|.*/||' | sort -u)
listed=$(printf '%s\n' "$unmatched" | awk 'NF { print $1 }' | sort)
status=0
count=0
for t in tests/test_*.c; do
    count=$((count + 1))
    x=${t#tests/test_}
    x=${x%.c}
    grep -q "suite_create(\"$x\")" "$t" ||
        { echo "test_names: $t makes no suite named $x (suite_create(\"$x\"))" >&2; status=1; }
    if printf '%s\n' "$sources" | grep -qx "$x.c"; then
        printf '%s\n' "$listed" | grep -qx "$t" &&
            { echo "test_names: $t now matches a source file $x.c: take it off the list in tests/test_names.sh" >&2; status=1; }
    elif ! printf '%s\n' "$listed" | grep -qx "$t"; then
        echo "test_names: $t: no source file $x.c under $roots; name the test after the file it tests, or list it in tests/test_names.sh with the reason" >&2
        status=1
    fi
done
for t in $listed; do
    [ -f "$t" ] || { echo "test_names: $t is listed but gone: take it off the list in tests/test_names.sh" >&2; status=1; }
done
[ $status -eq 0 ] && echo "test_names: $count test files, each named after its source file but the $(printf '%s\n' "$listed" | wc -l) listed"
exit $status
