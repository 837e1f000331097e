# The build's two sets of packages and what a plain make builds (issue 38, item 12): `make`
# builds everything a checkout's user runs, libguti.so included (the Python module and C
# programs load it), and scripts/deps.sh installs only the build's packages unless asked
# for the tests' with --test. Sourced by tests/cli.sh.
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

BR=$(cd "$(dirname "$0")/.." && pwd)

# make -n from an empty build folder lists every command a plain make runs.
CMD="(build) make -n programs"
if ! make -n -C "$BR" programs B="$T/build-dry" >"$T/out" 2>"$T/err"; then
    fail "make -n failed"
else
    for want in "$T/build-dry/guti " "$T/build-dry/libguti.so." "$T/build-dry/libguti.a" \
        "$T/build-dry/man" "$T/build-dry/guti.bash"; do
        if grep -qF -- "$want" "$T/out"; then
            passed=$((passed + 1))
        else
            fail "a plain make does not build $want"
        fi
    done
fi

# deps.sh, as a user who is not root on a machine that has none of the packages: it names
# what it would install, and the test-only packages only with --test.
mkdir -p "$T/fakebin"
printf '#!/bin/sh\necho 1000\n' >"$T/fakebin/id"
printf '#!/bin/sh\nexit 1\n' >"$T/fakebin/dpkg-query"
chmod +x "$T/fakebin/id" "$T/fakebin/dpkg-query"
# deps_names [ARG...]: the packages deps.sh says are missing, one per line, sorted
deps_names() {
    PATH="$T/fakebin:$PATH" sh "$BR/scripts/deps.sh" "$@" >"$T/out" 2>"$T/err"
    sed -n 's/^guti: missing packages: *\([^;]*\);.*/\1/p' "$T/err" | tr ' ' '\n' | sort
}
CMD="(build) scripts/deps.sh"
build_set=$(deps_names | tr '\n' ' ')
if [ "$build_set" != "libedit-dev libmicrohttpd-dev libzstd-dev pkg-config " ]; then
    fail "the build's packages are '$build_set'"
else
    passed=$((passed + 1))
fi
CMD="(build) scripts/deps.sh --test"
test_set=$(deps_names --test | tr '\n' ' ')
for want in libzstd-dev check chromium tmux gnuplot-nox openmpi-bin python3; do
    case " $test_set" in
    *" $want "*) passed=$((passed + 1)) ;;
    *) fail "--test does not install $want (it installs '$test_set')" ;;
    esac
done
CMD="(build) scripts/deps.sh clang"
case " $(deps_names clang | tr '\n' ' ')" in
*" clang "*" libzstd-dev "* | *" libzstd-dev "*" clang "*) passed=$((passed + 1)) ;;
*) fail "an operand is not installed with the build's packages" ;;
esac
