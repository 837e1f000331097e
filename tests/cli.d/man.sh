# The man pages: scripts/man.sh makes them here from $G's help texts, as make does from
# build/guti's, and man renders each one (man-db and groff, installed by scripts/deps.sh).
# A page fails on any warning of man or groff, on an empty section or a missing one, and
# on an option, operand or command its help text names that the page does not: a page
# cannot drift from the help. The checks are tried on broken pages too, which they must
# reject, and man.sh on a help text with the characters roff reads as its own.
# Sourced by tests/cli.sh.
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

MS=$(dirname "$0")/../scripts
M=$T/man

# man_ok WHAT: a check passed. man_nope WHAT WHY: it failed.
man_ok() {
    passed=$((passed + 1))
}
man_nope() {
    CMD="(man) $1"
    fail "$2"
}

# man_render PAGE: the page as man shows it on an 80-column terminal, unhyphenated so that
# every word is whole, into $T/out; man's and groff's warnings into $T/err: all of them
# (groff's "w"; its "all" leaves out an undefined macro).
man_render() {
    LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=w --nh --nj -l "$1" >"$T/out" 2>"$T/err"
}

# man_bad PAGE HELP: prints what is wrong with PAGE, made from the help text in the file
# HELP, or nothing: man fails or warns; a section is empty; NAME, SYNOPSIS, DESCRIPTION or
# SEE ALSO is missing, or OPTIONS (COMMANDS in guti(1)) when the help has a list, or EXIT
# STATUS when it says what the exit status is; an entry of the help's lists has none in
# the page; a word of the help is missing, or an option's hyphens are not escaped.
man_bad() {
    if ! man_render "$1"; then
        echo "man fails on it"
        return
    fi
    if [ -s "$T/err" ]; then
        echo "man or groff warns: $(head -n 1 "$T/err")"
        return
    fi
    list=OPTIONS
    case $1 in */guti.1) list=COMMANDS ;; esac
    need="NAME SYNOPSIS DESCRIPTION"
    grep -q '^  [^ ]' "$2" && need="$need $list"
    grep -q '^Exit status' "$2" && need="$need EXIT_STATUS"
    need="$need SEE_ALSO"
    # The sections, as man shows them: a heading in the first column, its text indented.
    awk -v need="$need" '
        /^[A-Z][A-Z ]*[A-Z]$/ {
            if (sec != "" && !body) print "section " sec " is empty"
            sec = $0
            gsub(/ /, "_", sec)
            seen[sec] = 1
            body = 0
            next
        }
        /^[ \t]+[^ \t]/ { body = 1 }
        END {
            if (sec != "" && !body) print "section " sec " is empty"
            n = split(need, w, " ")
            for (i = 1; i <= n; i++) if (!(w[i] in seen)) print "no section " w[i]
        }' "$T/out"
    # An entry for each of the help's list entries (an option, an operand, a command), at
    # the start of a line; and every option the help names anywhere, anywhere.
    sed -n 's/^  \([^ ][^ ]*\).*/\1/p' "$2" | while IFS= read -r w; do
        awk -v w="       $w" 'index($0, w " ") == 1 || $0 == w { f = 1 } END { exit !f }' \
            "$T/out" || echo "no entry for '$w'"
    done
    # Every word of the help, as often: the page may add words, not lose them (but the
    # usage's "usage:" and guti(1)'s "commands:", which it leaves out).
    tr -s ' \n' '\n\n' <"$2" | grep -v -x -e 'usage:' -e 'commands:' | sort | uniq -c >"$T/man-help"
    tr -s ' \n' '\n\n' <"$T/out" | sort | uniq -c >"$T/man-page"
    awk 'NR == FNR { n[$2] = $1; next }
        n[$2] < $1 { printf "it has '\''%s'\'' %d times, the help %d\n", $2, n[$2], $1 }' \
        "$T/man-page" "$T/man-help"
    # Option names as roff wants them, every hyphen escaped.
    grep -o -e '--[a-z][a-z0-9-]*' "$2" | sort -u | while IFS= read -r w; do
        grep -q -F -e "$(printf '%s\n' "$w" | sed 's/-/\\-/g')" "$1" || echo "'$w' is not escaped"
    done
}

# man_check PAGE HELP: PAGE must be sound.
man_check() {
    why=$(man_bad "$1" "$2")
    if [ -z "$why" ]; then
        man_ok
    else
        man_nope "$1" "$(echo "$why" | head -n 1)"
    fi
}

# man_reject PAGE HELP WHY: PAGE is broken, and man_bad must say WHY.
man_reject() {
    why=$(man_bad "$1" "$2")
    case $why in
    *"$3"*) man_ok ;;
    *) man_nope "$1 (broken)" "the checks do not see '$3'; they say '$why'" ;;
    esac
}

if ! command -v man >/dev/null 2>&1; then
    man_nope "man -l" "man is not installed (scripts/deps.sh installs man-db and groff-base)"
elif ! sh "$MS/man.sh" "$G" "$M" >"$T/out" 2>"$T/err"; then
    man_nope "scripts/man.sh $G $M" "man.sh failed"
else
    # One page per command 'guti --help' lists, and guti(1).
    "$G" --help >"$T/help-guti"
    cmds=$(sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' "$T/help-guti")
    want="guti.1"
    for c in $cmds; do
        want="$want guti-$c.1"
    done
    got=$(cd "$M" && echo *)
    if [ "$(echo "$want" | tr ' ' '\n' | sort)" = "$(echo "$got" | tr ' ' '\n' | sort)" ]; then
        man_ok
    else
        : >"$T/out"
        : >"$T/err"
        man_nope "scripts/man.sh" "pages '$got', expected '$want'"
    fi
    man_check "$M/guti.1" "$T/help-guti"
    for c in $cmds; do
        "$G" "$c" --help >"$T/help-$c"
        man_check "$M/guti-$c.1" "$T/help-$c"
        # SEE ALSO: guti(1) and every other command's page
        for o in guti $cmds; do
            p=guti-$o
            [ "$o" = guti ] && p=guti
            [ "$o" = "$c" ] && continue
            grep -q -F "$p(1)" "$T/out" || man_nope "$M/guti-$c.1" "SEE ALSO lacks $p(1)"
        done
    done

    # Broken pages, which the checks must reject.
    B=$T/man-broken
    mkdir -p "$B"
    sed 's/^\.SH DESCRIPTION$/.XX\n&/' "$M/guti-show.1" >"$B/guti-show.1"
    man_reject "$B/guti-show.1" "$T/help-show" "warns"
    sed 's/^\.SH SEE ALSO$/.SH BUGS\n&/' "$M/guti-show.1" >"$B/guti-show.1"
    man_reject "$B/guti-show.1" "$T/help-show" "section BUGS is empty"
    awk '/^\.SH EXIT STATUS/ { skip = 1; next } /^\.SH/ { skip = 0 } !skip' "$M/guti-game.1" \
        >"$B/guti-game.1"
    man_reject "$B/guti-game.1" "$T/help-game" "no section EXIT_STATUS"
    sed '/^\\%\\fB\\-\\-fen\\fR/,+1d' "$M/guti-perft.1" >"$B/guti-perft.1"
    man_reject "$B/guti-perft.1" "$T/help-perft" "no entry for '--fen'"
    sed 's/\\-\\-threads/\\-\\-thread/g' "$M/guti-perft.1" >"$B/guti-perft.1"
    man_reject "$B/guti-perft.1" "$T/help-perft" "it has '--threads' 0 times, the help 1"
    sed '/^\\%\\fB\\-\\-rules/,+2s/ \\%goat\\-pass,//' "$M/guti-perft.1" >"$B/guti-perft.1"
    man_reject "$B/guti-perft.1" "$T/help-perft" "it has 'goat-pass,' 0 times, the help 1"
    sed 's/\\fB\\-\\-json/\\fB--json/' "$M/guti-perft.1" >"$B/guti-perft.1"
    man_reject "$B/guti-perft.1" "$T/help-perft" "'--json' is not escaped"
    sed 's/GAME/PLAY/g' "$M/guti-perft.1" >"$B/guti-perft.1"
    man_reject "$B/guti-perft.1" "$T/help-perft" "no entry for 'GAME'"

    # A help text with what roff reads as its own (a line starting with a dot or a quote,
    # backslashes, hyphens), through a stand-in for guti: the page shows it as it is.
    F=$T/fake-guti
    cat >"$F" <<'EOF'
#!/bin/sh
case $1 in
--version) echo 'guti 0.0.0' ;;
--help) printf 'usage: guti COMMAND\n\nguti tests man.sh.\n\ncommands:\n  odd      an odd one\n' ;;
odd) printf '%s\n' 'usage: guti odd [--x-y V] FILE' '' '.TH dots and \\fB backslashes' \
    "'quoted -x- .SH" '' '  --x-y V  a value: \e, \- and \\' ;;
esac
EOF
    chmod +x "$F"
    if sh "$MS/man.sh" "$F" "$T/man-odd" >"$T/out" 2>"$T/err"; then
        "$F" odd --help >"$T/help-odd"
        man_check "$T/man-odd/guti-odd.1" "$T/help-odd"
        for s in '.TH dots and \\fB backslashes' "'quoted -x- .SH" 'a value: \e, \- and \\' \
            'guti odd [--x-y V] FILE'; do
            grep -q -F -e "$s" "$T/out" || man_nope "$T/man-odd/guti-odd.1" "lacks '$s'"
        done
    else
        man_nope "scripts/man.sh $F" "man.sh failed"
    fi
    # A help text whose layout help.awk does not know is an error, not a page.
    printf '%s\n' '#!/bin/sh' 'case $1 in --version) echo guti 0 ;;' \
        "--help) printf 'usage: guti C\n\nx\n\n  odd  one\n' ;;" \
        "odd) printf 'usage: guti odd\n\nx\n y\n' ;; esac" >"$F"
    if sh "$MS/man.sh" "$F" "$T/man-odd" >"$T/out" 2>"$T/err"; then
        man_nope "scripts/man.sh $F" "makes a page from a line indented by one space"
    elif grep -q 'line 4: a line indented by one space' "$T/err"; then
        man_ok
    else
        man_nope "scripts/man.sh $F" "fails, but does not say why"
    fi
fi
