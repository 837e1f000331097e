#!/usr/bin/env python3
"""Lists the C functions of more than 100 lines (the project's limit, docs/building.md).

usage: long-functions.py [--max N] [--all] [PATH...]

Reads the .c and .h files under each PATH (default: solver, tools, mpi, python; tests/ is
not read). A function's length runs from the first line of its definition to its closing
brace. One line per function over the limit: FILE:LINE NAME LENGTH. A function may be
longer when the comment right above its first line (the line just above it, or the
comment block that ends there) says why, after `long:`:

    /* Propagates a level ... long: the hot loop stays whole, for speed */

Such a function is not listed (with --all it is, with its reason). Exit status 1 when a
function is listed without a reason, else 0.
"""
import os
import re
import sys

ROOTS = ["solver", "tools", "mpi", "python"]
REASON = re.compile(r"long:\s*\S")


def blank_out(text):
    """The text with its comments, strings and character literals turned to spaces (line
    ends kept), so that braces and parentheses in them are not counted."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif c in "\"'":
            end = i + 1
            while end < n and text[end] != c and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            end = min(end + 1, n)
        else:
            i += 1
            continue
        for k in range(i, end):
            if out[k] != "\n":
                out[k] = " "
        i = end
    return "".join(out)


def blank_directives(text):
    """Preprocessor lines (with their continuations) turned to spaces: a macro's braces are
    not a function's."""
    lines = text.split("\n")
    inside = False
    for k, line in enumerate(lines):
        if inside or line.lstrip().startswith("#"):
            inside = line.endswith("\\")
            lines[k] = " " * len(line)
    return "\n".join(lines)


def reason_above(lines, first):
    """The `long:` reason in the comment that ends on the line above line index first, or
    None."""
    k = first - 1
    if k < 0 or not lines[k].strip():
        return None
    line = lines[k].strip()
    if line.startswith("//"):
        block = []
        while k >= 0 and lines[k].strip().startswith("//"):
            block.append(lines[k])
            k -= 1
    elif line.endswith("*/"):
        block = [lines[k]]
        while "/*" not in lines[k] and k > 0:
            k -= 1
            block.append(lines[k])
    else:
        return None
    # the comment's words alone, without its markers
    words = " ".join(re.sub(r"^\s*(/\*+|//+|\*+(?!/))|\*+/\s*$", "", b).strip()
                     for b in reversed(block))
    m = REASON.search(words)
    return words[m.start():].strip() if m else None


def functions(path):
    """(name, first line, length, reason) of each function defined in the file."""
    text = open(path, errors="replace").read()
    lines = text.split("\n")
    code = blank_directives(blank_out(text))
    line_of = [0] * (len(code) + 1)
    ln = 0
    for k, c in enumerate(code):
        line_of[k] = ln
        if c == "\n":
            ln += 1
    line_of[len(code)] = ln
    depth, boundary, open_at = 0, 0, None
    for k, c in enumerate(code):
        if c == "{":
            if depth == 0:
                open_at = k
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and open_at is not None:
                found = definition(code, boundary, open_at)
                if found:
                    name, start = found
                    first, last = line_of[start], line_of[k]
                    yield name, first + 1, last - first + 1, reason_above(lines, first)
                open_at = None
                boundary = k + 1
        elif c == ";" and depth == 0:
            boundary = k + 1


def definition(code, boundary, brace):
    """(name, offset of its first character) when the text from boundary to the brace at
    brace is a function's head, else None (a struct, an initializer...)."""
    head = code[boundary:brace]
    if not head.rstrip().endswith(")") or "=" in head:
        return None
    close = len(head.rstrip()) - 1
    depth = 0
    for k in range(close, -1, -1):
        if head[k] == ")":
            depth += 1
        elif head[k] == "(":
            depth -= 1
            if depth == 0:
                m = re.search(r"(\w+)\s*$", head[:k])
                if not m:
                    return None
                start = boundary + len(head) - len(head.lstrip())
                return m.group(1), start
    return None


def sources(roots):
    for root in roots:
        if os.path.isfile(root):
            yield root
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith((".c", ".h")):
                    yield os.path.join(dirpath, f)


def main(argv):
    limit, show_all, roots = 100, False, []
    args = iter(argv)
    for a in args:
        if a == "--max":
            limit = int(next(args))
        elif a == "--all":
            show_all = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        else:
            roots.append(a)
    bad = 0
    for path in sources(roots or ROOTS):
        for name, line, length, reason in functions(path):
            if length <= limit:
                continue
            if reason is None:
                bad += 1
                print(f"{path}:{line} {name} {length}")
            elif show_all:
                print(f"{path}:{line} {name} {length} ({reason})")
    if bad:
        print(f"long-functions: {bad} function(s) over {limit} lines; split them, or say why "
              f"above them after 'long:'", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
