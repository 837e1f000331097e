"""Labels every position of a game record with its exact value, one JSON line each, as a
training set would: python3 examples/label.py TABLES RECORD (docs/python.md shows this file)."""
import json, re, sys
import guti

STARTS = {"5x5": "T3T/5/5/5/T3T g 20", "4x4": "T2T/4/4/T2T g 12", "3x3": "T1T/3/T1T g 4"}
text = open(sys.argv[2], encoding="utf-8").read()
tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.M))
words = re.sub(r"\{[^}]*\}|^\[.*$", " ", text, flags=re.M).split()  # no tags, comments
moves = [w for w in (re.sub(r"^\d+\.+", "", w) for w in words)        # nor move numbers
         if w and w.lower() not in ("tigers", "goats", "red", "blue", "draw", "*")]
fen = tags.get("FEN") or (STARTS[tags.get("Board", "5x5")] if tags["Game"] == "baghchal"
                          else "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r")
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
