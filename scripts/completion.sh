#!/bin/sh
# Writes guti's bash completion on stdout, made from guti's own --help texts (read by
# scripts/help.awk, as the man pages are), so that a new command, option or value is
# completed without editing anything here:
#
#   commands   the list in 'guti --help'
#   options    the options each 'guti CMD --help' lists or its usage line names; one with
#              a value in its entry ("--rules R") takes one
#   values     an option's value: DIR a directory, FILE a file, and otherwise the words
#              its entry starts with, as the help texts list them: "all (default),
#              movement, or placement (...)", one such list per clause (';'), a list for
#              one game only after the game's name ("baghchal: 5x5, 4x4 or 3x3; ..."),
#              asides in parentheses left out, and "a|b|c" after the option in the usage
#              line; a value such as no-repeat:N is left to the user
#   operands   by position, from the usage line's forms: a word (baghchal), an operand
#              whose entry lists its values (GAME), FILE a file, '-' itself
#
# The values for one game are offered once the command line names that game (as an
# operand or the value of --game), and all of them before it does.
#
# usage: sh scripts/completion.sh GUTI >guti.bash
set -eu
if [ $# -ne 1 ]; then
    echo "usage: sh scripts/completion.sh GUTI >guti.bash" >&2
    exit 2
fi
G=$1
HERE=$(dirname "$0")
W=$(mktemp -d "${TMPDIR:-/tmp}/guti-completion.XXXXXX")
trap 'rm -rf "$W"' EXIT
trap 'exit 2' HUP INT TERM

# help ARGS...: guti ARGS's help text, as help.awk's records, appended to $W/all with the
# command's name ("" for guti's own) in front of each.
help() {
    "$G" "$@" >"$W/help.txt" || {
        echo "completion.sh: '$G $*' failed" >&2
        exit 1
    }
    awk -f "$HERE/help.awk" "$W/help.txt" >"$W/help.rec"
    awk -v c="${2:+$1}" '{ print c "\t" $0 }' "$W/help.rec" >>"$W/all"
}

: >"$W/all"
help --help
for c in $(awk -F '\t' '$1 == "" && $2 == "I" { print $3 }' "$W/all"); do
    help "$c" --help
done

awk -F '\t' '
function trim(s) {
    sub(/^ +/, "", s)
    sub(/ +$/, "", s)
    return s
}
# values(D): the values the text D of an entry lists, "v1 v2 game:v3 ...".
function values(d,   s, i, c, depth, n, cl, j, g, m, pc, k, v, ok, vals, out) {
    s = ""
    depth = 0
    for (i = 1; i <= length(d); i++) {
        c = substr(d, i, 1)
        if (c == "(") depth++
        else if (c == ")") { if (depth > 0) depth-- }
        else if (depth == 0) s = s c
    }
    gsub(/  +/, " ", s)
    out = ""
    n = split(s, cl, ";")
    for (j = 1; j <= n; j++) {
        c = trim(cl[j])
        g = ""
        if (match(c, /^[a-z][a-z0-9-]*: /)) {
            g = substr(c, 1, RLENGTH - 2)
            if (!(g in games)) continue
            c = substr(c, RLENGTH + 1)
        }
        gsub(/ ?, or /, "|", c)
        gsub(/ ?, /, "|", c)
        gsub(/ or /, "|", c)
        m = split(c, pc, "|")
        if (m < 2) continue
        ok = 1
        vals = ""
        for (k = 1; k <= m; k++) {
            v = trim(pc[k])
            if (v ~ /^[a-z0-9][a-z0-9-]*:[A-Z]+$/) continue # no-repeat:N
            if (v !~ /^[a-z0-9][a-z0-9.-]*$/) { ok = 0; break }
            vals = vals " " (g != "" ? g ":" : "") v
        }
        if (ok) out = out vals
    }
    return trim(out)
}
# add(LIST, WORDS): LIST with those of WORDS it lacks.
function add(list, words,   n, w, i) {
    n = split(words, w, " ")
    for (i = 1; i <= n; i++)
        if (index(" " list " ", " " w[i] " ") == 0) list = (list == "" ? "" : list " ") w[i]
    return list
}
# kind(META, VALUES): what a value or an operand named META can be.
function kind(meta, vals) {
    if (meta == "DIR") return "@dir"
    if (meta ~ /FILE/) return "@file"
    return vals
}
{
    n++
    cmd[n] = $1
    k[n] = $2
    a[n] = $3
    b[n] = $4
}
END {
    # Each entry with its whole text (the C lines after it).
    for (i = 1; i <= n; i++) {
        if (k[i] != "I") continue
        text[i] = b[i]
        for (j = i + 1; j <= n && k[j] == "C"; j++) text[i] = text[i] " " a[j]
    }
    # The games: what --game and GAME can be.
    for (i = 1; i <= n; i++)
        if (k[i] == "I" && (a[i] ~ /^--game / || a[i] == "GAME")) {
            m = split(values(text[i]), w, " ")
            for (j = 1; j <= m; j++) {
                games[w[j]] = 1
                glist = add(glist, w[j])
            }
        }
    for (i = 1; i <= n; i++) {
        c = cmd[i]
        if (c == "") {
            if (k[i] == "I") cmds = add(cmds, a[i])
            continue
        }
        if (k[i] == "I") {
            m = split(a[i], w, " ")
            if (w[1] ~ /^-/) {
                key = c " " w[1]
                opts[c] = add(opts[c], w[1] (m > 1 ? "=" : ""))
                if (m > 1) vals[key] = add(vals[key], kind(w[2], values(text[i])))
            } else
                operand[c " " w[1]] = kind(w[1], values(text[i]))
        }
    }
    for (i = 1; i <= n; i++) {
        c = cmd[i]
        if (c != "" && k[i] == "U") {
            # The options it names ("--phase a|b|c" with its values) that the entries do
            # not; a value belongs to an option in the same brackets only.
            form = a[i]
            gsub(/\[/, " ", form)
            gsub(/\]/, " ] ", form)
            m = split(form, w, " ")
            for (j = 3; j <= m; j++) {
                if (w[j] !~ /^--?[a-z]/) continue
                key = c " " w[j]
                known = index(" " opts[c] " ", " " w[j] " ") || index(" " opts[c] " ", " " w[j] "= ")
                if (w[j + 1] ~ /^[a-z0-9-]+(\|[a-z0-9-]+)+$/) {
                    if (!known) opts[c] = add(opts[c], w[j] "=")
                    v = w[j + 1]
                    gsub(/\|/, " ", v)
                    vals[key] = add(vals[key], v)
                } else if (!known)
                    opts[c] = add(opts[c], w[j] (w[j + 1] ~ /^[A-Z]/ ? "=" : ""))
            }
            # Its operands, by position.
            form = a[i]
            s = ""
            depth = 0
            for (j = 1; j <= length(form); j++) {
                ch = substr(form, j, 1)
                if (ch == "[") depth++
                else if (ch == "]") depth--
                else if (depth == 0) s = s ch
            }
            m = split(s, w, " ")
            p = 0
            for (j = 3; j <= m; j++) {
                if (w[j] ~ /^-./) { # an option outside brackets, and its value
                    if (w[j + 1] ~ /^[A-Z]/) j++
                    continue
                }
                key = c " " ++p
                pos[key] = (key in pos) ? pos[key] "|" w[j] : w[j]
                if (p > npos[c]) npos[c] = p
            }
        }
    }
    # Only now that every entry is read: what each operand can be.
    for (key in pos) {
        split(key, w, " ")
        c = w[1]
        m = split(pos[key], alt, "|")
        for (j = 1; j <= m; j++) {
            if (alt[j] ~ /^[A-Z]/) v = (c " " alt[j]) in operand ? operand[c " " alt[j]] : kind(alt[j], "")
            else v = alt[j]
            opnd[key] = add(opnd[key], v)
        }
    }

    print "# bash completion for guti: made by scripts/completion.sh from guti'\''s --help texts;"
    print "# do not edit. Installed as .../share/bash-completion/completions/guti, or: source it."
    print ""
    print "_guti_commands='\''" cmds "'\''"
    print "_guti_games='\''" glist "'\''"
    print ""
    print "# _guti_options CMD: REPLY, the options of CMD; one that takes a value ends in =."
    print "_guti_options() {"
    print "    case $1 in"
    m = split(cmds, w, " ")
    for (j = 1; j <= m; j++)
        printf "    %s) REPLY='\''%s'\'' ;;\n", w[j], add(opts[w[j]], "--help")
    print "    *) REPLY= ;;"
    print "    esac"
    print "}"
    print ""
    print "# _guti_values CMD OPTION: REPLY, what the value can be: words (GAME:WORD for that game"
    print "# only), @dir a directory, @file a file; nothing when the help lists nothing."
    print "_guti_values() {"
    print "    case \"$1 $2\" in"
    for (key in vals) if (vals[key] != "") line[++nl] = sprintf("    '\''%s'\'') REPLY='\''%s'\'' ;;", key, vals[key])
    for (key in opnd) if (opnd[key] != "") line[++nl] = sprintf("    '\''%s'\'') REPLY='\''%s'\'' ;;", key, opnd[key])
    # sorted, so that the file does not change with awk'\''s order of a loop over an array
    for (i = 2; i <= nl; i++)
        for (j = i; j > 1 && line[j - 1] > line[j]; j--) { t = line[j]; line[j] = line[j - 1]; line[j - 1] = t }
    for (i = 1; i <= nl; i++) print line[i]
    print "    *) REPLY= ;;"
    print "    esac"
    print "}"
}' "$W/all"

cat <<'EOF'

# _guti_words KIND CUR: COMPREPLY, the candidates of KIND (see _guti_values) that start with
# CUR, for the game $game if it is known.
_guti_words() {
    local w g
    local -a words=()
    for w in $1; do
        case $w in
        @dir)
            compopt -o filenames 2>/dev/null
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$2")
            ;;
        @file)
            compopt -o filenames 2>/dev/null
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$2")
            ;;
        *:*)
            g=${w%%:*}
            if [[ " $_guti_games " == *" $g "* ]]; then
                [[ -z $game || $game == "$g" ]] && words+=("${w#*:}")
            else
                words+=("$w")
            fi
            ;;
        *) words+=("$w") ;;
        esac
    done
    # once each, in the order of the help
    local -A seen=()
    for w in "${words[@]}"; do
        [[ -n ${seen[$w]} || $w != "$2"* ]] && continue
        seen[$w]=1
        COMPREPLY+=("$w")
    done
}

_guti() {
    local cur=${COMP_WORDS[COMP_CWORD]} cmd opts game='' opt='' pre='' i w n=0 after=''
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        if [[ $cur == -* ]]; then
            _guti_words '--help --version' "$cur"
        else
            _guti_words "$_guti_commands" "$cur"
        fi
        return 0
    fi
    cmd=${COMP_WORDS[1]}
    _guti_options "$cmd"
    opts=$REPLY
    [[ -n $opts ]] || return 0
    # The words before: the game they name, the operands, whether cur is an option's value.
    for ((i = 2; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        [[ " $_guti_games " == *" $w "* || " $_guti_games " == *" ${w#--*=} "* ]] && game=${w#--*=}
        if [[ -n $after || $w != -* || $w == - ]]; then
            [[ $w == = ]] && continue
            ((n++))
        elif [[ $w == -- ]]; then
            after=1
        elif [[ " $opts " == *" $w= "* ]]; then
            # its value: the next word, or the one after a separate =
            ((i + 1 < COMP_CWORD)) || opt=$w
            [[ ${COMP_WORDS[i + 1]} == = ]] && { ((i + 2 < COMP_CWORD)) || opt=$w; ((i++)); }
            ((i++))
            w=${COMP_WORDS[i]}
            [[ " $_guti_games " == *" $w "* ]] && game=$w
        fi
    done
    if [[ -z $after && $cur == = && " $opts " == *" ${COMP_WORDS[COMP_CWORD - 1]}= "* ]]; then
        opt=${COMP_WORDS[COMP_CWORD - 1]} # --rules=, '=' a word of its own
        cur=
    elif [[ -z $after && -z $opt && $cur == --*=* ]]; then
        opt=${cur%%=*} # --rules=sta, '=' not a word break
        pre=$opt=
        cur=${cur#*=}
    fi
    if [[ -n $opt ]]; then
        _guti_values "$cmd" "$opt"
        _guti_words "$REPLY" "$cur"
        ((${#COMPREPLY[@]})) && [[ -n $pre ]] && COMPREPLY=("${COMPREPLY[@]/#/$pre}")
    elif [[ -z $after && $cur == -* ]]; then
        _guti_words "${opts//=/}" "$cur"
    else
        _guti_values "$cmd" $((n + 1))
        [[ -n $REPLY ]] || { [[ -n $after ]] || _guti_options "$cmd"; REPLY=${REPLY//=/}; }
        _guti_words "$REPLY" "$cur"
    fi
    return 0
}
complete -F _guti guti
EOF
