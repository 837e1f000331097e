"""The README as a reader meets it (issue 38): its relative links, and those of docs/,
lead to files and headings that exist, and its five-minute tour runs as printed.

usage: python3 tests/readme_check.py links ROOT
       python3 tests/readme_check.py tour ROOT BUILD WORKDIR

Prints one line per check, "ok: ..." or "FAIL: ...", for tests/cli.d/readme.sh to count.

The tour: in the README's section "A five-minute tour", every ```console block is run
in order in WORKDIR (where build/ is BUILD and python/, examples/ and solver/ are the
checkout's): each line "$ COMMAND" is run by sh, and the lines after it, up to the next
command, are what it must print on stdout, where a line "..." stands for any number of
lines. The ```python block followed by a ```text block is the Python example: it is run
as tour.py, as the README says, and must print the text block exactly."""

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


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "links":
        links(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "tour":
        tour(*sys.argv[2:])
    else:
        sys.exit(__doc__)
