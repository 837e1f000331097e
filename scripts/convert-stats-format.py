"""Brings a whole-game statistics file written by guti stats before issue 10 (Markdown or
JSON) to today's format, changing no figure: the Markdown's column headers that tell
classes from positions, '-' for none, the sentence that says so; the JSON's null for none,
the total as an object of its own, dtm_missing. Checked to turn the old binary's 4x4
outputs into exactly the new binary's."""
import json, re, sys

def md(text):
    text = text.replace(
        "| in hand | captured | to move | classes | win | draw | loss | positions | win | draw | loss |",
        "| in hand | captured | to move | classes | win (classes) | draw (classes) | loss (classes) | positions | win (positions) | draw (positions) | loss (positions) |")
    text = text.replace(
        "| in hand | classes | draw | win for the side to move | positions | draw | goats to move: win | tigers to move: win |",
        "| in hand | classes | draw (classes) | win for the side to move (classes) | positions | draw (positions) | goats to move: win (positions) | tigers to move: win (positions) |")
    while "| -1 |" in text:
        text = text.replace("| -1 |", "| - |")
    text = text.replace(
        "Percentages are of the row's total.\n",
        "Percentages are of the row's total. A longest win or loss of - is none, or not known without the layer's DTM table.\n")
    return text

def js(text):
    o = json.loads(text)
    none = lambda v: None if v == -1 else v
    rows = o["rows"]
    assert rows[-1]["inhand"] == "all"
    total = dict(rows.pop())
    for r in rows:
        r["max_dtm_win"] = none(r["max_dtm_win"])
        r["max_dtm_loss"] = none(r["max_dtm_loss"])
    for k in ("inhand", "captured", "side"):
        del total[k]
    total["max_dtm_win"] = none(total["max_dtm_win"])
    total["max_dtm_loss"] = none(total["max_dtm_loss"])
    best = [r for r in rows if total["max_dtm_win"] is not None and r["max_dtm_win"] == total["max_dtm_win"]]
    total["longest_win"] = best[0]["longest_win"] if best else None
    out = {}
    for k in o:
        out[k] = o[k]
        if k == "rows":
            out["total"] = total
            out["dtm_missing"] = []
    return json.dumps(out) + "\n"

for path in sys.argv[1:]:
    text = open(path).read()
    new = js(text) if path.endswith(".json") else md(text)
    open(path, "w").write(new)
