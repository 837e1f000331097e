# One option parser: the same exit status and wording in every command, and an option a
# command cannot honour is an error (issue 10, items 10 and 12).

# --rules with no game's rules is a usage error (2) everywhere that takes --rules.
for cmd in show perft solve reach query stats convert; do
    case $cmd in
    show | convert) args="$START" ;;
    perft) args="baghchal 1" ;;
    solve | reach) args="baghchal --dir $T/none" ;;
    query) args="--dir $D $START" ;;
    stats) args="--dir $D" ;;
    esac
    # shellcheck disable=SC2086
    check 2 "unknown rules 'bogus'" $cmd $args --rules bogus
done
check 2 "unknown board '6x6'" stats --dir "$D" --board 6x6
# Options a command cannot honour.
check 2 '--rules goes with --moves' verify --dir "$D" --rules standard
check 2 '--board goes with --moves' verify --dir "$D" --board 4x4
check 2 "option '--rules' is unknown" serve --rules standard --dir "$D"
check 2 "option '--board' is unknown" game --board 4x4 "$R/bc_clock.txt"
check 2 "option '--board' is unknown" query --dir "$D" --board 4x4 "$P"
check 2 "--phase: sixteen's layers are all of one kind" solve sixteen --pieces 3 --phase movement --dir "$T/none"
check 2 'is for baghchal' solve sixteen --pieces 3 --board 4x4 --dir "$T/none"
[ -e "$T/none" ] && fail "a refused solve made its directory"
# A bad value is refused before any work: verify --sample before reading any table.
check 2 "--sample 'x'" verify --dir "$T/no-such-dir" --full --sample x
check 2 '--sample goes with --full' verify --dir "$D" --sample 5
check 2 "--pieces 'x'" solve sixteen --pieces x
# A flag given a value, in either spelling.
check 2 "option '--json' takes no value" show --json=1 "$START"
check 2 "option '--quiet' takes no value" verify --quiet=yes --dir "$D"
# --name=VALUE is the same as --name VALUE, before or after the operands.
check 0 '2 252' perft baghchal 2 --threads=1
check 0 '2 252' perft --threads=1 baghchal 2
check 0 'board 4x4' show 'T2T/4/4/T2T g 12' --board=4x4
check 2 "option '--board' needs a value" show "$START" --board
# -- ends the options.
check 1 "position:" show -- --json
# Every command has --help and --json.
for cmd in perft show game convert solve query verify stats reach; do
    check 0 "usage: guti $cmd" $cmd --help
    grep -q -e '--json' "$T/out" || fail "guti $cmd --help does not describe --json"
done
# The help texts describe each game's own options.
check 0 '--pieces N' solve --help
check 0 '--memory GB' solve --help
check 0 'optional' query --help
check 0 '--threads N' reach --help
# reach --json: the per-layer counts as JSON, equal to the text output.
check 0 '"layer": "h4-c0-g", "reached": 1, "classes": 23' reach baghchal --board 3x3 --dir "$T/reach3" --json --quiet
check 0 '"layers": [], "classes_walked": 0' reach baghchal --board 3x3 --dir "$T/reach3" --json
# perft --fen reads the board from the rows, as show does.
check 0 '2 96' perft baghchal 2 --fen 'T2T/4/4/T2T g 12'
check 0 '1 5' perft baghchal 1 --fen 'T1T/3/T1T g 4'
