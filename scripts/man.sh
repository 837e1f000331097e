#!/bin/sh
# Writes the man pages, guti(1) and guti-CMD(1) for every command, from guti's own --help
# texts, so that the pages say what the help says and are never edited by hand:
# 'guti --help' makes guti(1) and its list of commands is the list of pages; each
# 'guti CMD --help' makes guti-CMD(1). scripts/help.awk reads a help text into its parts
# and checks its layout; here they become roff:
#
#   NAME         guti-CMD and the command's line in 'guti --help'
#   SYNOPSIS     the usage line's forms
#   DESCRIPTION  the paragraphs before the first list
#   OPTIONS      the lists (COMMANDS in guti(1)) and the paragraphs among and after them
#   EXIT STATUS  the paragraphs starting "Exit status", when the help has one
#   SEE ALSO     the other pages
#
# Option names are bold and their values and operands italic; '\' and every '-' are
# escaped (a '\-' is what a reader can copy and type), and a word with one is never
# hyphenated; a line starting with '.' or ''' is protected. The date is that of
# $SOURCE_DATE_EPOCH, else of the last commit.
#
# usage: sh scripts/man.sh GUTI OUTDIR
set -eu
if [ $# -ne 2 ]; then
    echo "usage: sh scripts/man.sh GUTI OUTDIR" >&2
    exit 2
fi
G=$1
OUT=$2
HERE=$(dirname "$0")
W=$(mktemp -d "${TMPDIR:-/tmp}/guti-man.XXXXXX")
trap 'rm -rf "$W"' EXIT
trap 'exit 2' HUP INT TERM

# help NAME ARGS...: runs guti ARGS and reads its help text into $W/NAME.rec.
help() {
    name=$1
    shift
    "$G" "$@" >"$W/$name.txt" || {
        echo "man.sh: '$G $*' failed" >&2
        exit 1
    }
    awk -f "$HERE/help.awk" "$W/$name.txt" >"$W/$name.rec"
}

help guti --help
cmds=$(awk -F '\t' '$1 == "I" { print $2 }' "$W/guti.rec")
[ -n "$cmds" ] || {
    echo "man.sh: 'guti --help' lists no commands" >&2
    exit 1
}
version=$("$G" --version)
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$HERE" log -1 --format=%ct 2>/dev/null || true)}
[ -n "$epoch" ] || epoch=$(date +%s)
date=$(date -u -d "@$epoch" +%Y-%m-%d)

# The roff of one page from its records: PAGE is guti or guti-CMD, CMD the command ("" for
# guti(1)), SUMMARY its line in 'guti --help', PAGES every page's name, LIST the section
# that holds the lists.
# shellcheck disable=SC2016 # the $... are awk's
ROFF='
function raw(s,   out, i, c) { # escapes the backslashes and every hyphen
    out = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "\\") out = out "\\e"
        else if (c == "-") out = out "\\-"
        else out = out c
    }
    return out
}
function text(s,   out, pre, opt) { # running text: option names bold
    out = ""
    while (match(s, /--[a-z][a-z0-9-]*/)) {
        pre = substr(s, 1, RSTART - 1)
        opt = substr(s, RSTART, RLENGTH)
        s = substr(s, RSTART + RLENGTH)
        if (pre == "" || substr(pre, length(pre)) ~ /[^A-Za-z0-9-]/)
            out = out raw(pre) "\\fB" raw(opt) "\\fR"
        else
            out = out raw(pre) raw(opt)
    }
    return out raw(s)
}
function line(s,   n, w, i, out) { # an input line of text
    # Words with a hyphen (options, rules, file names, pages) are not hyphenated: \% first.
    n = split(s, w, " ")
    out = ""
    for (i = 1; i <= n; i++) # (not after a "\ ", which the word goes on from)
        out = out (i > 1 ? " " : "") (index(w[i], "\\-") && w[i - 1] !~ /\\$/ ? "\\%" : "") w[i]
    if (out ~ /^[.\047]/) out = "\\&" out # not to be read as a request
    print out
}
function word(w,   m) { # in a synopsis or tag: a metavariable italic, anything else bold
    if (w == "") return ""
    m = w
    if (sub(/\.\.\.$/, "", m)) return word(m) "..."
    if (m ~ /^[A-Z][A-Z0-9_]*$/) return "\\fI" raw(m) "\\fR"
    return "\\fB" raw(m) "\\fR"
}
function marks(s, sp,   out, i, c, w) { # words between [ ] | and spaces, spaces as sp
    out = ""
    w = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "[" || c == "]" || c == "|" || c == " ") {
            # a space beside a | may break: [--format F | --json | --out P]
            if (c == " " && substr(s, i - 1, 1) != "|" && substr(s, i + 1, 1) != "|") c = sp
            out = out word(w) c
            w = ""
        } else
            w = w c
    }
    return out word(w)
}
function synopsis(form,   head, rest, n, i, c, depth, unit, u) {
    head = CMD == "" ? "guti" : "guti " CMD
    if (form != head && index(form, head " ") != 1) {
        print "man.sh: the usage of " PAGE " does not start with \"" head "\": " form >"/dev/stderr"
        bad = 1
        exit 1
    }
    print ".SY \"" head "\""
    rest = substr(form, length(head) + 2)
    # One input line per word or [...] group, an option with its value: lines break there.
    n = 0
    unit = ""
    depth = 0
    for (i = 1; i <= length(rest) + 1; i++) {
        c = i <= length(rest) ? substr(rest, i, 1) : " "
        if (c == "[") depth++
        if (c == "]") depth--
        if (c != " " || depth > 0)
            unit = unit c
        else if (unit != "") {
            if (n > 0 && u[n] ~ /^--?[a-z]/ && unit ~ /^[A-Z]/) u[n] = u[n] " " unit
            else u[++n] = unit
            unit = ""
        }
    }
    for (i = 1; i <= n; i++) line(marks(u[i], "\\ "))
    print ".YS"
}
function tag(t,   n, w, i, out) {
    n = split(t, w, " ")
    out = (CMD == "" ? "\\fB" raw(w[1]) "\\fR" : word(w[1]))
    for (i = 2; i <= n; i++) out = out " " word(w[i])
    return out
}
function para() { # a paragraph break before the next text, not at the start of a section
    if (started) print ".PP"
    brk = 0
}
BEGIN { # from the environment, where awk reads no escapes in them
    PAGE = ENVIRON["PAGE"]
    CMD = ENVIRON["CMD"]
    SUMMARY = ENVIRON["SUMMARY"]
    LIST = ENVIRON["LIST"]
    PAGES = ENVIRON["PAGES"]
    DATE = ENVIRON["DATE"]
    VERSION = ENVIRON["VERSION"]
}
{
    k[++n] = $1
    a[n] = $2
    b[n] = $3
}
END {
    if (bad) exit 1
    # The lists start with the first entry, or with the paragraph that leads into it with
    # no blank line between; one that only names the section ("commands:") is left out.
    first = n + 1
    for (i = 1; i <= n; i++)
        if (k[i] == "I") { first = i; break }
    intro = first
    while (intro > 1 && k[intro - 1] == "P") intro--
    if (intro > 1 && k[intro - 1] == "U") intro = first
    skip = 0
    if (first - intro == 1 && tolower(a[intro]) == tolower(LIST) ":") skip = intro

    title = raw(toupper(PAGE))
    print ".\\\" Made by scripts/man.sh from \"" (CMD == "" ? "guti" : "guti " CMD) " --help\"; do not edit."
    print ".TH " title " 1 \"" DATE "\" \"" raw(VERSION) "\" \"User Commands\""
    print ".SH NAME"
    print raw(PAGE) " \\- " raw(SUMMARY)
    print ".SH SYNOPSIS"
    for (i = 1; i <= n; i++) if (k[i] == "U") synopsis(a[i])

    print ".SH DESCRIPTION"
    started = 0
    brk = 0
    for (i = 1; i < intro; i++) {
        if (k[i] == "B") brk = 1
        else if (k[i] == "P") {
            if (brk) para()
            line(text(a[i]))
            started = 1
        }
    }
    if (first <= n) {
        print ".SH " LIST
        started = 0
        brk = 0
        inlist = 0
        for (i = intro; i <= n; i++) {
            if (k[i] == "B") brk = 1
            else if (k[i] == "P" && i != skip) {
                if (brk || inlist) para()
                inlist = 0
                line(text(a[i]))
                started = 1
            } else if (k[i] == "I") {
                print ".TP"
                line(tag(a[i]))
                if (b[i] != "") line(text(b[i]))
                if (CMD == "") line("(\\fBguti\\-" raw(a[i]) "\\fR(1))")
                inlist = 1
                brk = 0
                started = 1
            } else if (k[i] == "C")
                line(text(a[i]))
        }
    }
    started = 0
    for (i = 1; i <= n; i++) {
        if (k[i] != "X") continue
        if (!started) print ".SH EXIT STATUS"
        else if (k[i - 1] != "X") print ".PP"
        line(text(a[i]))
        started = 1
    }
    print ".SH SEE ALSO"
    m = split(PAGES, p, " ")
    out = 0
    for (i = 1; i <= m; i++) {
        if (p[i] == PAGE) continue
        if (out) printf ",\n"
        printf ".BR \\%%%s (1)", raw(p[i])
        out = 1
    }
    printf "\n"
}'

pages=guti
for c in $cmds; do
    pages="$pages guti-$c"
done

# page PAGE CMD SUMMARY LIST: renders $W/<help>.rec into $W/PAGE.1.
page() {
    PAGE=$1 CMD=$2 SUMMARY=$3 LIST=$4 PAGES=$pages DATE=$date VERSION=$version \
        awk -F '\t' "$ROFF" "$W/${2:-guti}.rec" >"$W/$1.1"
}

# guti(1): its name from the first paragraph ("guti solves ..."), its lists are COMMANDS.
summary=$(awk -F '\t' '$1 == "P" { sub(/^guti /, "", $2); sub(/\.$/, "", $2); print $2; exit }' \
    "$W/guti.rec")
page guti "" "$summary" COMMANDS
for c in $cmds; do
    help "$c" "$c" --help
    summary=$(awk -F '\t' -v c="$c" '$1 == "I" && $2 == c { print $3 }' "$W/guti.rec")
    page "guti-$c" "$c" "$summary" OPTIONS
done

# All made: into OUTDIR, without the pages of commands that are gone.
mkdir -p "$OUT"
for f in "$OUT"/guti.1 "$OUT"/guti-*.1; do
    [ -e "$f" ] && rm -f "$f"
done
for p in $pages; do
    mv "$W/$p.1" "$OUT/$p.1"
done
