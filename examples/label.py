"""Labels every position of a game record with its exact value, one JSON line each, as a
training set would: python3 examples/label.py TABLES RECORD (docs/python.md shows this file)."""
import json, re, sys
import guti

text = open(sys.argv[2], encoding="utf-8").read()
tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.M))
words = re.sub(r"\{[^}]*\}|^\[.*$", " ", text, flags=re.M).split()  # no tags, comments
moves = [w for w in (re.sub(r"^\d+\.+", "", w) for w in words)        # nor move numbers
         if w == "pass" or any(c.isdigit() for c in w)]                 # nor the result
fen = tags.get("FEN") or guti.start(tags["Game"], tags.get("Rules"), tags.get("Board"))
with guti.open(sys.argv[1]) as tb:
    for i in range(len(moves) + 1):
        try:     # fen, value, dtm, value_now, clock, limit, over, class, dtc, ...
            label = tb.probe(fen, rules=tags["Rules"])
        except guti.Error as e:
            if e.status != guti.ENOTABLE:
                raise
            label = {"fen": fen, "error": str(e)}  # beyond the tables: no label
        print(json.dumps(label))
        if i < len(moves):
            fen = guti.play(fen, moves[i], rules=tags["Rules"])
