# The bash completion: scripts/completion.sh makes it here from $G's help texts, as make
# does from build/guti's; bash sources it and calls its function as bash would on a Tab,
# with COMP_WORDS and COMP_CWORD set, and COMPREPLY must hold what the help texts list.
# Sourced by tests/cli.sh.
# shellcheck disable=SC2034 # CMD is for cli.sh's fail

CS=$(dirname "$0")/../scripts

# comp WANT WORDS...: completing the last of WORDS (the command line up to the cursor)
# gives the words WANT, in that order.
comp() {
    want=$1
    shift
    CMD="(completion) $*"
    # shellcheck disable=SC2016 # for bash, not here
    bash -c '. "$1" && shift && COMP_WORDS=("$@") && COMP_CWORD=$(($# - 1)) && _guti &&
        printf "%s\n" "${COMPREPLY[@]}"' bash "$T/guti.bash" "$@" >"$T/out" 2>"$T/err"
    got=$(tr '\n' ' ' <"$T/out")
    got=${got% }
    if [ -s "$T/err" ]; then
        fail "stderr not empty"
    elif [ "$got" != "$want" ]; then
        fail "completes to '$got', expected '$want'"
    else
        passed=$((passed + 1))
    fi
}

if ! command -v bash >/dev/null 2>&1; then
    CMD="(completion)"
    fail "bash is not installed"
elif ! sh "$CS/completion.sh" "$G" >"$T/guti.bash" 2>"$T/err"; then
    CMD="scripts/completion.sh $G"
    : >"$T/out"
    fail "completion.sh failed"
else
    # Commands, options, operands.
    comp 'show solve stats serve' guti s
    comp 'query' guti q
    comp '--help --version' guti -
    comp '--phase --pieces --plan' guti solve --p
    comp '--rules --reachable' guti stats --r
    # every registered game, as guti --help lists them ("games: baghchal (Bagh-Chal), ...;")
    all_games=$("$G" --help | sed -n 's/^games: \([^;]*\);.*/\1/p' | sed 's/ ([^)]*)//g; s/,//g')
    case $all_games in
    "baghchal sixteen"*) ;;
    *)
        CMD="--help"
        fail "its games are '$all_games'"
        ;;
    esac
    comp "$all_games" guti solve ''
    comp "$all_games" guti perft ''
    comp "$all_games" guti reach ''
    comp '' guti nosuchcommand --
    # Values, for the game on the command line (an operand or --game's value), else all.
    comp 'standard goat-pass' guti solve baghchal --rules ''
    comp 'optional forced' guti solve sixteen --dir t --rules ''
    comp 'standard goat-pass optional forced' guti solve --rules ''
    comp 'standard goat-pass no-repeat' guti perft baghchal 3 --rules ''
    comp 'optional forced' guti show 'x y' --game sixteen --rules ''
    comp 'optional forced' guti show 'x y' --game = sixteen --rules ''
    comp 'optional' guti verify --moves --game=sixteen --rules o
    comp '5x5 4x4 3x3' guti solve baghchal --board ''
    comp '4x4' guti reach baghchal --board 4
    comp '' guti perft sixteen 1 --board ''
    comp 'all movement placement' guti solve baghchal --phase ''
    comp 'md csv json' guti stats --format ''
    comp 'md csv json' guti stats --format = ''
    comp '--format=json' guti stats --format=j
    comp '' guti solve --threads ''
    # Directories for --dir, files for FILE.
    mkdir "$T/comp-dir"
    : >"$T/comp-file"
    comp "$T/comp-dir" guti solve sixteen --dir "$T/comp-"
    comp "$T/comp-file" guti game "$T/comp-f"
    comp "$T/comp-dir" guti game --json -- "$T/comp-d"
    comp '' guti query --dir "$T" -- -
    # A new option, with its values, is completed as its help text describes it.
    F=$T/fake-guti
    cat >"$F" <<'EOF'
#!/bin/sh
case $1 in
--help) printf 'usage: guti COMMAND\n\nx\n\n  new      a new command\n' ;;
new) printf '%s\n' 'usage: guti new [--colour C] [--shape round|square]' '' 'x' '' \
    '  --colour C    red (default), green or blue (not yellow); with --shape, black' \
    '  --into DIR    where' ;;
esac
EOF
    chmod +x "$F"
    if sh "$CS/completion.sh" "$F" >"$T/guti.bash" 2>"$T/err"; then
        comp 'new' guti n
        comp '--colour --into --shape --help' guti new --
        comp 'red green blue' guti new --colour ''
        comp 'round square' guti new --shape ''
        comp "$T/comp-dir" guti new --into "$T/comp-"
    else
        CMD="scripts/completion.sh $F"
        : >"$T/out"
        fail "completion.sh failed"
    fi
fi
