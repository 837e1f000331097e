# Sourced by the benchmark scripts (bench.sh, bench-full.sh): the one way they time a
# command.
#
# timed FILE COMMAND...: runs COMMAND under /usr/bin/time (its output where the caller
# sends it), keeping time's figures in FILE, and sets wall (seconds), cpu (user + system
# seconds) and rss_mb (peak resident memory, MB). Returns the command's exit status.
timed() {
    timed_file=$1
    shift
    timed_status=0
    /usr/bin/time -f '%e %U %S %M' -o "$timed_file" "$@" || timed_status=$?
    read -r wall timed_user timed_sys timed_rss <"$timed_file"
    cpu=$(echo "$timed_user $timed_sys" | awk '{printf "%.1f", $1 + $2}')
    rss_mb=$((timed_rss / 1024))
    return $timed_status
}
