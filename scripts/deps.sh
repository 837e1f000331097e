#!/bin/sh
# Makes sure the Debian packages guti needs are installed: installs the missing ones with
# apt-get when running as root, and otherwise fails naming the command to run. Packages
# named as operands are needed too (make tsan: clang libomp-dev; make fuzz: clang-14
# libclang-rt-14-dev libomp-14-dev).
set -u
need="libzstd-dev check pkg-config strace python3 gnuplot-nox libxml2-utils man-db groff-base libmicrohttpd-dev libedit-dev chromium tmux libopenmpi-dev openmpi-bin $*"
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
