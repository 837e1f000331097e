# Kill and resume (issue 15, part 4): tests/resume.py sends SIGKILL to guti solve at random
# moments spread over an uninterrupted run's length, over the 4x4 whole game (WDL, DTM and
# DTC tables) and Sixteen Soldiers up to 5 pieces (with DTC), 20 kills each in chains of
# 10 runs, each chain finished by one more run. The tables must come out byte for byte
# those of the uninterrupted run and pass verify --full; garbage planted under temporary
# names (path.tmp) is written over or ignored, and no other .tmp is left. One pass here per
# chain and per game, each failure one fail. Some two minutes on 2 cores.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
python3 "$ROOT/tests/resume.py" "$G" "$T/resume" >"$T/resume.out" 2>&1
resume_rc=$?
CMD="(tests/resume.py)"
: >"$T/err"
n=0
while IFS= read -r line; do
    case $line in
    "resume: "*" kills survived of "*) ;;
    "resume: "*"FAILED") ;;
    "resume: "*", chain "*) n=$((n + 1)) passed=$((passed + 1)) ;;
    "resume: "*" survived") passed=$((passed + 1)) ;;
    "FAIL: "*)
        printf '%s\n' "$line" >"$T/out"
        fail "${line#FAIL: }"
        ;;
    esac
done <"$T/resume.out"
if [ "$resume_rc" -ne 0 ] && ! grep -q '^FAIL: ' "$T/resume.out"; then
    cp "$T/resume.out" "$T/out"
    fail "exit status $resume_rc"
elif [ "$n" -lt 4 ]; then
    cp "$T/resume.out" "$T/out"
    fail "reported $n chains, expected 4 or more"
fi
rm -rf "$T/resume"
