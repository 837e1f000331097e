#!/bin/sh
# Makes sure the Debian packages guti needs are installed: installs the missing ones with
# apt-get when running as root, and otherwise fails naming the command to run.
#
# usage: sh scripts/deps.sh [--test] [PACKAGE...]
#
# Without --test, the packages the build needs (make, plain `make`): zstd for the tables'
# compression, libmicrohttpd for `guti serve`, libedit for `guti play`'s line editing,
# pkg-config to find them. OpenMP is gcc's own libgomp, which comes with gcc. With --test,
# those and the packages only the tests need (make test, make check): Check for the unit
# tests, python3 for the Python module's tests and the scripts that read JSON, Chromium for
# the explorer's, tmux for play's on a terminal, strace, gnuplot and xmllint for the plots,
# man-db and groff for the man pages, Open MPI for guti-mpi. Packages named as operands are
# needed too (make tsan: clang libomp-dev; make fuzz: clang-14 libclang-rt-14-dev
# libomp-14-dev). docs/building.md says why each is there and under which license.
set -u
build="libzstd-dev pkg-config libmicrohttpd-dev libedit-dev"
test="check strace python3 gnuplot-nox libxml2-utils man-db groff-base chromium tmux libopenmpi-dev openmpi-bin"
need=$build
if [ "${1:-}" = --test ]; then
    need="$build $test"
    shift
fi
need="$need $*"
missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
cmd="apt-get install -y$missing"
if [ "$(id -u)" -ne 0 ]; then
    echo "guti: missing packages:$missing; run: sudo apt-get update && sudo $cmd" >&2
    exit 1
fi
echo "guti: installing$missing" >&2
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive $cmd -qq; } >&2; then
    echo "guti: could not install$missing; run: apt-get update && $cmd" >&2
    exit 1
fi
