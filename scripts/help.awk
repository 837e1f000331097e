# Reads one of guti's --help texts and writes it back as records, one a line, fields
# separated by tabs, for scripts/man.sh and scripts/completion.sh, so that the man pages and
# the shell completion read the help texts one way:
#
#   U FORM         a form of the usage, its continuation lines joined ("usage: " dropped)
#   P TEXT         a line of a paragraph (a line that starts in the first column)
#   X TEXT         a line of a paragraph about the exit status: one whose first line starts
#                  with "Exit status"; the lines after it up to a blank line or a list
#   I TAG TEXT     an entry of a list, "  TAG  TEXT": two spaces, the tag (an option and its
#                  value, an operand, a command), two spaces or more, the first line of text
#   C TEXT         a further line of the entry's text, indented by three spaces or more
#   B              a blank line: the end of a paragraph or a list
#
# The layout is checked: anything else (no usage line, a line indented by one space, an
# indented line that continues no entry, a tab) is an error, on stderr with the line's
# number, and the exit status is 1. Such a help text is to be fixed, not worked around.

function fail(why) {
    printf "help.awk: %s, line %d: %s: '%s'\n", FILENAME == "" ? "stdin" : FILENAME, NR, why, $0 >"/dev/stderr"
    bad = 1
    exit 1
}

function trim(s) {
    sub(/^ +/, "", s)
    sub(/ +$/, "", s)
    return s
}

BEGIN {
    state = "usage" # usage: the usage lines; body: after them
    last = ""       # the kind of the last record written: P, X, I, C or B
    form = ""
}

/\t/ { fail("a tab") }

state == "usage" && NR == 1 {
    if ($0 !~ /^usage: guti( |$)/) fail("the first line is not 'usage: guti ...'")
    form = trim(substr($0, 8))
    next
}

state == "usage" {
    if ($0 == "") {
        print "U\t" form
        state = "body"
        last = "B"
        next
    }
    if ($0 ~ /^ +guti( |$)/) { # another form
        print "U\t" form
        form = trim($0)
    } else if ($0 ~ /^ +[^ ]/) { # the form goes on
        form = form " " trim($0)
    } else
        fail("a usage line that is neither a form nor indented")
    next
}

$0 == "" {
    if (last != "B") print "B"
    last = "B"
    next
}

/^  [^ ]/ {
    rest = substr($0, 3)
    i = index(rest, "  ")
    if (i == 0) {
        tag = rest
        text = ""
    } else {
        tag = substr(rest, 1, i - 1)
        text = trim(substr(rest, i))
    }
    print "I\t" tag "\t" text
    last = "I"
    next
}

/^   +[^ ]/ {
    if (last != "I" && last != "C") fail("an indented line that continues no list entry")
    print "C\t" trim($0)
    last = "C"
    next
}

/^ / { fail("a line indented by one space") }

{
    sub(/ +$/, "")
    if ($0 ~ /^Exit status/ || last == "X")
        last = "X"
    else
        last = "P"
    print last "\t" $0
}

END {
    if (bad) exit 1
    if (NR == 0) {
        print "help.awk: the help text is empty" >"/dev/stderr"
        exit 1
    }
    if (state == "usage") { # a help text that is only a usage
        print "U\t" form
    }
}
