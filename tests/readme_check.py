"""The README as a reader meets it (issue 38): its relative links, and those of docs/,
lead to files and headings that exist, and its five-minute tour runs as printed.

usage: python3 tests/readme_check.py links ROOT
       python3 tests/readme_check.py tour ROOT BUILD WORKDIR
       python3 tests/readme_check.py adugo ROOT
       python3 tests/readme_check.py verification ROOT

Prints one line per check, "ok: ..." or "FAIL: ...", for tests/cli.d/readme.sh to count.

The tour: in the README's section "A five-minute tour", every ```console block is run
in order in WORKDIR (where build/ is BUILD and python/, examples/ and solver/ are the
checkout's): each line "$ COMMAND" is run by sh, and the lines after it, up to the next
command, are what it must print on stdout, where a line "..." stands for any number of
lines. The ```python block followed by a ```text block is the Python example: it is run
as tour.py, as the README says, and must print the text block exactly.

Adugo: the figures README.md and docs/ give of its published results, built here from
data/adugo-* (the whole game's, else the variant with the most dogs published, as
scripts/plots.sh draws, and then also the one rule set of the whole game published, if
one is), must be stated there word for word, wrapping aside.

Verification (issue 42; links runs it too, as tests/cli.d/readme.sh runs links): every
CSV file of data/ and of the folders in it must be named in data/verification.md, which
says how each published set was verified, and every file that names must be there. A
name is a word in backquotes starting with data/, its braces expanded as the shell does
(`data/sixteen-{optional,forced}-dtc{80,20}.*`); NAME.* names NAME with any extension."""

import csv
import glob
import os
import re
import subprocess
import sys


def say(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)


def slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as '-'."""
    s = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return s.replace(" ", "-")


def anchors(path):
    names, seen = set(), {}
    fenced = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            m = None if fenced else re.match(r"^#{1,6} +(.*?)\s*$", line)
            if m:
                s = slug(m.group(1))
                n = seen.get(s, 0)
                seen[s] = n + 1
                names.add(s if n == 0 else "%s-%d" % (s, n))
    return names


def links(root):
    files = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    count = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)  # no code blocks
        text = re.sub(r"`[^`]*`", "", text)  # nor inline code
        for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            where = "%s: (%s)" % (os.path.relpath(path, root), target)
            count += 1
            if not os.path.exists(dest):
                say(False, where + " leads to no file")
            elif anchor and (not dest.endswith(".md") or anchor not in anchors(dest)):
                say(False, where + " leads to no such heading")
    say(count >= 20, "%d relative links in README.md and docs/ checked (at least 20)" % count)
    verification(root)


def braces(word):
    """The words a shell's brace expansion makes of word: a{b,c}d is abd acd."""
    depth, start = 0, -1
    for i, c in enumerate(word):
        if c == "{":
            if depth == 0:
                start = i
            depth += 1
        elif c == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                inner, parts, level, last = word[start + 1:i], [], 0, 0
                for j, d in enumerate(inner):
                    level += (d == "{") - (d == "}")
                    if d == "," and level == 0:
                        parts.append(inner[last:j])
                        last = j + 1
                parts.append(inner[last:])
                if len(parts) < 2:  # "{x}" is no expansion
                    return [word[:i + 1] + w for w in braces(word[i + 1:])]
                return [w for p in parts for w in braces(word[:start] + p + word[i + 1:])]
    return [word]


def verification(root):
    data = os.path.join(root, "data")
    path = os.path.join(data, "verification.md")
    if not os.path.exists(path):
        say(False, "data/verification.md is missing: it says how each published set was verified")
        return
    with open(path, encoding="utf-8") as f:
        text = f.read()
    named = set()
    for word in re.findall(r"`(data/[^`\s]+)`", text):
        for name in braces(word):
            named.add(name[len("data/"):])
            if not glob.glob(os.path.join(root, name)):
                say(False, "data/verification.md names %s, which is not in data/" % name)
    published = sorted(os.path.relpath(p, data) for p in
                       glob.glob(os.path.join(data, "**", "*.csv"), recursive=True))
    missing = [p for p in published if p not in named and p[:-len(".csv")] + ".*" not in named]
    for p in missing:
        say(False, "data/%s is published but data/verification.md does not say how its set "
                   "was verified" % p)
    say(published and not missing, "data/verification.md names each of the %d CSV files of "
        "data/" % len(published))


def tour_section(root):
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## A five-minute tour\n(.*?)(?=^## )", text, re.M | re.S)
    return m.group(1) if m else ""


def matches(want, got):
    """Whether the lines got are the lines want, each "..." in want any number of lines."""
    if not want:
        return not got
    if want[0] == "...":
        return any(matches(want[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == want[0] and matches(want[1:], got[1:])


def tour(root, build, work):
    os.makedirs(work, exist_ok=True)
    for name, dest in (("build", build), ("python", "python"), ("examples", "examples"),
                       ("solver", "solver")):
        link = os.path.join(work, name)
        if not os.path.lexists(link):
            os.symlink(os.path.join(root, dest), link)
    section = tour_section(root)
    blocks = re.findall(r"^```(\w+)\n(.*?)^```\n", section, re.M | re.S)
    consoles = [body for kind, body in blocks if kind == "console"]
    say(len(consoles) >= 3, "the tour has %d console blocks (at least 3)" % len(consoles))
    ran = 0
    for body in consoles:
        steps = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line.rstrip())
        for command, want in steps:
            p = subprocess.run(["sh", "-c", command], cwd=work, capture_output=True, text=True)
            got = [line.rstrip() for line in p.stdout.splitlines()]
            ran += 1
            ok = p.returncode == 0 and matches(want, got)
            say(ok, "the tour's $ %s" % command)
            if not ok:
                print("    exit status %d; stdout, first lines:" % p.returncode)
                for line in got[:8] + p.stderr.splitlines()[:3]:
                    print("    | " + line)
    say(ran >= 6, "the tour ran %d commands (at least 6)" % ran)
    # The Python example and what it prints.
    kinds = [kind for kind, _ in blocks]
    k = kinds.index("python") if "python" in kinds else -1
    if k < 0 or k + 1 >= len(blocks) or blocks[k + 1][0] != "text" or \
            "`PYTHONPATH=python python3 tour.py`" not in section:
        say(False, "the tour has no Python example (```python, then ```text, run as "
                   "`PYTHONPATH=python python3 tour.py`)")
        return
    with open(os.path.join(work, "tour.py"), "w", encoding="utf-8") as f:
        f.write(blocks[k][1])
    env = dict(os.environ, PYTHONPATH="python")
    env.pop("GUTI_LIBRARY", None)
    python = os.environ.get("GUTI_PYTHON", "python3")
    p = subprocess.run([python, "tour.py"], cwd=work, env=env, capture_output=True, text=True)
    ok = p.returncode == 0 and p.stdout == blocks[k + 1][1]
    say(ok, "the tour's Python example prints what the README shows")
    if not ok:
        for line in (p.stdout + p.stderr).splitlines()[:8]:
            print("    | " + line)


def commas(n):
    return "{:,}".format(n)


def share(a, b, decimals=2):
    return "%.*f%%" % (decimals, 100.0 * a / b)


def adugo_rows(path):
    """The rows of an Adugo stats CSV (by material: the jaguar to move is 1 piece against
    the dogs, the dogs to move the dogs against 1; with 1 dog the first of the two) as
    (dogs, side, row), side "jaguar" or "dogs", row the fields by the header's names."""
    rows, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["pieces_to_move"] == "all":
                continue
            m, n = int(r["pieces_to_move"]), int(r["pieces_other"])
            jaguar = m == 1 and (n, "jaguar") not in seen
            dogs = n if jaguar else m
            side = "jaguar" if jaguar else "dogs"
            seen.add((dogs, side))
            rows.append((dogs, side, {k: int(v) if v.lstrip("-").isdigit() else None
                                      for k, v in r.items()}))
    return rows


def adugo_variant(data):
    """The suffix of the Adugo data the docs cite: "" for the whole game, "-dN" for the
    variant with the most dogs published; None for none."""
    if all(os.path.exists(os.path.join(data, "adugo-%s.csv" % r)) for r in ("optional", "forced")):
        return ""
    best = None
    for path in glob.glob(os.path.join(data, "adugo-optional-d*.csv")):
        m = re.match(r"adugo-optional(-d(\d+))\.csv$", os.path.basename(path))
        if m and os.path.exists(os.path.join(data, "adugo-forced%s.csv" % m.group(1))) and \
                (best is None or int(m.group(2)) > int(best[2:])):
            best = m.group(1)
    return best


def adugo_start(path):
    """The start's FEN, its value line and its principal variation from a -start.txt."""
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    pv = [line[4:] for line in lines if line.startswith("pv:")]
    return lines[0], lines[1], (pv[0].strip() if pv else "")


def adugo_rule_sentences(data, v, r):
    """What the docs must say of rule set r's Adugo data of suffix v: its start, its draws
    and wins, its longest win."""
    says = []
    x = adugo_rows(os.path.join(data, "adugo-%s%s.csv" % (r, v)))
    fen, value, pv = adugo_start(os.path.join(data, "adugo-%s%s-start.txt" % (r, v)))
    value = value.split(": ", 1)[1]
    if value == "draw":  # a draw's principal variation is a cycle: not quoted
        says.append("under `%s%s` the start `%s` is a draw" % (r, v, fen))
    else:
        says.append("under `%s%s` the start `%s` is a %s for the jaguar, a principal "
                    "variation `%s`" % (r, v, fen, value, pv))
    n = sum(y["classes"] for _, _, y in x)
    draws = sum(y["draw"] for _, _, y in x)
    jag = [y for _, s, y in x if s == "jaguar"]
    dog = [y for _, s, y in x if s == "dogs"]
    jn = sum(y["classes"] for y in jag)
    dn = sum(y["classes"] for y in dog)
    says.append("`%s%s`: %s of the classes are draws; the jaguar to move wins %s, the dogs to "
                "move win %s" % (r, v, share(draws, n), share(sum(y["win"] for y in jag), jn),
                                 share(sum(y["win"] for y in dog), dn)))
    byd = {d: y for d, s, y in x if s == "jaguar"}
    says.append("The jaguar to move wins %s of the classes with %d dogs left and %s with all %d" %
                (share(byd[min(byd)]["win"], byd[min(byd)]["classes"], 1), min(byd),
                 share(byd[max(byd)]["win"], byd[max(byd)]["classes"], 1), max(byd)))
    longest = max((y["max_dtm_win"] or -1, d, s) for d, s, y in x)
    says.append("`%s%s`: the longest forced win is %d half-moves (%s to move, %d dogs on the board)" %
                (r, v, longest[0], "the jaguar" if longest[2] == "jaguar" else "the dogs", longest[1]))
    return says


def adugo_whole_partial(data):
    """The rule sets of the whole game published while the other is not (solved one at a
    time: each session fits one): what the docs must say of each alone."""
    have = [r for r in ("optional", "forced") if os.path.exists(os.path.join(data, "adugo-%s.csv" % r))]
    if len(have) != 1:
        return []
    says = []
    for r in have:
        x = adugo_rows(os.path.join(data, "adugo-%s.csv" % r))
        says.append("Adugo, the whole game: %s classes (%s positions) a rule set" %
                    (commas(sum(y["classes"] for _, _, y in x)), commas(sum(y["positions"] for _, _, y in x))))
        says += adugo_rule_sentences(data, "", r)
    return says


def adugo_sentences(data, v):
    """What the docs must say of the Adugo data of suffix v."""
    says = []
    name = "the whole game" if v == "" else "the %s-dog variant" % v[2:]
    rows = {r: adugo_rows(os.path.join(data, "adugo-%s%s.csv" % (r, v))) for r in ("optional", "forced")}
    classes = sum(x["classes"] for _, _, x in rows["optional"])
    positions = sum(x["positions"] for _, _, x in rows["optional"])
    say(classes == sum(x["classes"] for _, _, x in rows["forced"]),
        "adugo%s: both rule sets count the same classes" % v)
    says.append("Adugo, %s: %s classes (%s positions) a rule set" % (name, commas(classes), commas(positions)))
    for r in ("optional", "forced"):
        says += adugo_rule_sentences(data, v, r)
    # The reachable classes, from guti reach's lines in the logs, where it ran.
    for r in ("optional", "forced"):
        log = os.path.join(data, "adugo-solve-%s%s.txt" % (r, v))
        with open(log, encoding="utf-8") as f:
            logged = f.read()
        reached = re.findall(r"^d\d+ +(\d+) of +(\d+) reached", logged, re.M)
        if reached:
            got, of = sum(int(a) for a, _ in reached), sum(int(b) for _, b in reached)
            say(of == classes, "adugo%s: %s: guti reach walked every class" % (v, r))
            says.append("`%s%s`: %s of the %s classes can be reached from the start (%s)" %
                        (r, v, commas(got), commas(of), share(got, of)))
            # the statistics over the reached positions, where published: reach's classes,
            # layer by layer, and the drawn ones the docs quote
            over = os.path.join(data, "adugo-%s%s-reachable.csv" % (r, v))
            if os.path.exists(over):
                counted = {}
                for dogs, _, x in adugo_rows(over):
                    counted[dogs] = counted.get(dogs, 0) + x["classes"]
                layers = {int(d): int(a) for d, a in re.findall(
                    r"^d(\d+) +(\d+) of +\d+ reached", logged, re.M)}
                say(counted == layers, "adugo%s: %s: the statistics over reached positions count "
                    "reach's classes, layer by layer" % (v, r))
                says.append("%s of the %s drawn classes reached" % (
                    commas(sum(x["draw"] for _, _, x in adugo_rows(over))),
                    commas(sum(x["draw"] for _, _, x in rows[r]))))

    # What changes between the rule sets, net, layers added up.
    def total(r, side, field):
        return sum(y[field] for _, s, y in rows[r] if s == side)

    def net(side, field):
        return "{:+,}".format(total("forced", side, field) - total("optional", side, field))
    says.append("From `optional%s` to `forced%s`, net: the jaguar to move wins %s classes and loses "
                "%s, the dogs to move win %s and lose %s; draws %s" %
                (v, v, net("jaguar", "win"), net("jaguar", "loss"), net("dogs", "win"),
                 net("dogs", "loss"), "{:+,}".format(
                     sum(y["draw"] for _, _, y in rows["forced"]) -
                     sum(y["draw"] for _, _, y in rows["optional"]))))
    return says


def adugo(root):
    data = os.path.join(root, "data")
    v = adugo_variant(data)
    if v is None:
        say(True, "no Adugo data published: nothing to check")
        return
    text = ""
    for path in [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md"))):
        with open(path, encoding="utf-8") as f:
            text += " " + f.read()
    text = re.sub(r"\s+", " ", text)
    for sentence in adugo_sentences(data, v) + (adugo_whole_partial(data) if v else []):
        say(sentence in text, "README.md or docs/ says: " + sentence)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "links":
        links(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "adugo":
        adugo(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "verification":
        verification(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "tour":
        tour(*sys.argv[2:])
    else:
        sys.exit(__doc__)
