/* guti explorer: draws a position of any game guti serve knows from its /api/position
 * answer (the board from its points and lines, the game's words from /api/info), labels every legal move with its value from the tables, and plays
 * moves by tapping or dragging, against perfect play if asked. No framework, nothing
 * fetched from anywhere but the server that served the page. */
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const UNIT = 100; /* board units between adjacent rows and columns */
const PAD = 84;
const $ = (id) => document.getElementById(id);

const state = {
    info: null,     /* /api/info */
    rules: "",      /* the rules asked for ("" : those of the tables) */
    limit: 0,       /* the counting rule's limit whose tables to read (0: the game's own) */
    budget: 0,      /* rules answered by search: the search's nodes a move (0: the server's) */
    play: "",       /* the side the person plays against the machine, "" for both */
    pos: null,      /* the current position's answer */
    missing: false, /* its table is missing */
    hist: [],       /* [{fen, move}]: the positions of the game, the move that led to each */
    hpos: -1,
    lifted: null,   /* the point of the lifted piece */
    chain: null,    /* a capture prefix being played ("c4xc6") */
    pv: null,
    seq: 0,         /* the latest request: older answers are dropped */
    timer: 0,       /* a pending machine or forced move */
    loads: 0,       /* positions opened (new histories), for the tests */
    note: "",
};

/* ---- helpers ------------------------------------------------------------------------- */

function el(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
}

function h(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const classWord = (c) => (c || "").replace("_", " ");

async function api(path, body) {
    const opts = body === undefined ? {} : {method: "POST", body};
    let r;
    try {
        r = await fetch(path, opts);
    } catch (e) {
        return {status: 0, body: {error: "the server does not answer (is guti serve running?)"}};
    }
    let j;
    try {
        j = await r.json();
    } catch (e) {
        j = {error: "the server's answer is not JSON"};
    }
    return {status: r.status, body: j};
}

/* The request for a position: under rules answered by search, fen is the history's first
 * position and moves the moves played from it. */
function positionURL(path, fen, moves) {
    let u = path + "?fen=" + encodeURIComponent(fen);
    if (state.rules) u += "&rules=" + encodeURIComponent(state.rules);
    if (state.limit) u += "&limit=" + state.limit;
    if (moves && moves.length) u += "&moves=" + moves.map(encodeURIComponent).join("+");
    if (state.budget && searched()) u += "&budget=" + encodeURIComponent(state.budget);
    return u;
}

/* Whether rules (those asked for by default) have no tables but are answered by a search
 * over the game's history: one of a game's /api/info "search_rules", where ":N" stands
 * for a number ("no-repeat:N": "no-repeat:12"). */
function searched(rules) {
    const r = rules === undefined ? state.rules : rules;
    return !!r && !!state.info && state.info.games.some((g) => searchedIn(g, r));
}

/* Whether /api/info's game g lists rules r among its search_rules. */
function searchedIn(g, r) {
    return (g.search_rules || []).some((x) =>
        x === r || (x.endsWith(":N") && r.startsWith(x.slice(0, -1)) && /^\d+$/.test(r.slice(x.length - 1))));
}

/* The moves of the history from its first position to entry k. */
const historyMoves = (k) => state.hist.slice(1, k + 1).map((e) => e.move);

function setBusy(b) {
    document.body.dataset.busy = b ? "1" : "0";
}

function message(text, kind) {
    const m = $("message");
    m.hidden = !text;
    m.textContent = text || "";
    m.className = kind || "";
}

/* A missing table: the message, with the command that makes the table set apart. */
function missingMessage(error) {
    const m = $("message");
    m.hidden = false;
    m.className = "missing";
    m.textContent = "";
    m.appendChild(h("strong", {}, "No table for this position: "));
    m.appendChild(document.createTextNode("the moves can be played, but not valued. "));
    const cmd = /[;,.]?\s*make (it|them) with:\s*(guti solve .*)$/.exec(error || "");
    const what = cmd ? error.slice(0, cmd.index) : error || "";
    m.appendChild(h("span", {class: "why"}, cap(what) + (cmd ? `. Make ${cmd[1]} with:` : "")));
    if (cmd) m.appendChild(h("code", {}, cmd[2]));
}

function status(text) {
    state.note = text || "";
    $("status").textContent = state.note;
}

/* ---- the address: #fen=...&rules=...&play=...&limit=... ------------------------------ */

function readAddress() {
    const out = {};
    for (const part of location.hash.replace(/^#/, "").split("&")) {
        const i = part.indexOf("=");
        if (i < 0) continue;
        try {
            out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1).replace(/\+/g, " "));
        } catch (e) {
            /* a malformed escape: ignored */
        }
    }
    return out;
}

function writeAddress() {
    if (!state.pos) return;
    const enc = (s) => encodeURIComponent(s).replace(/%2F/g, "/").replace(/%20/g, "+").replace(/%3A/g, ":");
    /* under rules answered by search, the history: its first position and the moves */
    const search = searched() && state.hist.length;
    let a = "#fen=" + enc(search ? state.hist[0].fen : state.pos.fen);
    if (state.rules) a += "&rules=" + enc(state.rules);
    if (state.play) a += "&play=" + enc(state.play);
    if (state.limit) a += "&limit=" + state.limit;
    if (search && state.hpos > 0) a += "&moves=" + historyMoves(state.hpos).map(enc).join("+");
    if (search && state.budget) a += "&budget=" + enc(String(state.budget));
    if (location.hash !== a) history.replaceState(null, "", a);
}

/* ---- the position ---------------------------------------------------------------------- */

/* What /api/info says of a game (any of its boards and rules): its pieces' letters and
 * names, whether each side is a group ("Tigers win", "Jaguar wins") and whether they have
 * men in hand, its clock (0: no counting rule); the page names no game. */
function gameInfo(game) {
    const g = state.info && state.info.games.find((x) => x.game === game);
    return g || {letters: "", pieces: ["", ""], plural: false, side_plural: [false, false],
                 hand: false, clock_limit: 0, clock_reset: "", partial: "later positions",
                 title: game};
}

const pointIndex = () => {
    const m = new Map();
    state.pos.geometry.points.forEach((p, i) => m.set(p.name, i));
    return m;
};

/* The side (0, 1) on each point, -1 empty, from the FEN's board: rows from the top, each
 * listing its own points left to right. */
function boardOf(pos) {
    const g = pos.geometry;
    const letters = gameInfo(pos.game).letters;
    const rows = new Map();
    g.points.forEach((p, i) => {
        if (!rows.has(p.row)) rows.set(p.row, []);
        rows.get(p.row).push(i);
    });
    const order = [...rows.keys()].sort((a, b) => b - a);
    const side = new Array(g.points.length).fill(-1);
    pos.fen.split(" ")[0].split("/").forEach((text, r) => {
        const pts = (rows.get(order[r]) || []).sort((a, b) => g.points[a].col - g.points[b].col);
        let k = 0;
        for (const ch of text) {
            if (ch >= "1" && ch <= "9") k += +ch;
            else {
                if (k < pts.length) side[pts[k]] = letters.indexOf(ch);
                k++;
            }
        }
    });
    return side;
}

const tokens = (move) => move.split(/[-x]/);
const isCapture = (move) => move.includes("x");
const isPlacement = (move) => /^[a-e][1-9]$/.test(move);
const moveByText = (text) => (state.pos.moves || []).find((m) => m.move === text);

/* The point a jump from a to b passes over: the middle of the two. */
function jumped(a, b) {
    const g = state.pos.geometry, idx = pointIndex();
    const pa = g.points[idx.get(a)], pb = g.points[idx.get(b)];
    const c = (pa.col + pb.col) / 2, r = (pa.row + pb.row) / 2;
    const q = g.points.find((p) => p.col === c && p.row === r);
    return q ? q.name : null;
}

/* The points a capture's jumps pass over. */
function capturedBy(move) {
    if (!isCapture(move)) return [];
    const t = tokens(move), out = [];
    for (let i = 0; i + 1 < t.length; i++) {
        const j = jumped(t[i], t[i + 1]);
        if (j) out.push(j);
    }
    return out;
}

function movesFrom(point) {
    return (state.pos.moves || []).filter(
        (m) => m.move.startsWith(point + "-") || m.move.startsWith(point + "x"));
}

function chainLanding() {
    const t = tokens(state.chain);
    return t[t.length - 1];
}

/* Where the lifted piece (or the chain being played) may go next: a map from the point to
 * {text: the move or capture prefix landing there, exact: the listed move that stops there
 * or null, best: the best listed move through it (stopping there or going on), more:
 * whether a chain goes on from there}. The moves are listed best first, so the first one
 * through a point is the best over stopping there and every continuation. */
function destinations() {
    const out = new Map();
    if (!state.pos || !state.pos.moves) return out;
    const add = (q, text, m) => {
        let d = out.get(q);
        if (!d) out.set(q, (d = {point: q, text, exact: null, best: m, more: false}));
        if (m.move === text) d.exact = m;
        else d.more = true;
    };
    if (state.chain) {
        const pre = state.chain + "x";
        for (const m of state.pos.moves)
            if (m.move.startsWith(pre)) {
                const q = m.move.slice(pre.length).split("x")[0];
                add(q, pre + q, m);
            }
    } else if (state.lifted) {
        const p = state.lifted;
        for (const m of state.pos.moves) {
            if (m.move.startsWith(p + "-")) add(m.move.slice(p.length + 1), m.move, m);
            else if (m.move.startsWith(p + "x")) {
                const q = m.move.slice(p.length + 1).split("x")[0];
                add(q, p + "x" + q, m);
            }
        }
    }
    return out;
}

/* The person may move now: a position with moves, not the machine's turn, no move pending. */
function personToMove() {
    const p = state.pos;
    if (!p || p.over || !p.moves || !p.moves.length) return false;
    return !state.play || state.play === p.side;
}

/* ---- drawing --------------------------------------------------------------------------- */

function xy(p, g) {
    return [PAD + p.col * UNIT, PAD + (g.rows - 1 - p.row) * UNIT];
}

function valueClass(m) {
    if (m && m.refused) return "v-refused";
    if (!m || !m.value) return "v-none";
    if (m.class === "cursed_win") return "v-cursed";
    if (m.class === "blessed_loss") return "v-blessed";
    return "v-" + m.value;
}

function label(m) {
    if (m && m.refused) return "\u00d7";
    if (m && m.value === "unknown") return "?";
    if (!m || !m.value) return "";
    if (m.value === "draw") return "=";
    return m.dtm === null || m.dtm === undefined ? (m.value === "win" ? "W" : "L") : String(m.dtm);
}

/* A piece: the faces of the pieces the page has drawings for (a tiger, a goat), a soldier
 * named by its colour (red, blue) a disc of that colour, else a disc of its side's colour
 * (two distinct ones) with its letter, so that any game's two sides tell apart. */
function drawPiece(layer, side, game, x, y, name) {
    const g = el("g", {class: "piece side" + side, "data-piece": name,
                       transform: `translate(${x},${y})`}, layer);
    const piece = gameInfo(game).pieces[side];
    if (piece === "tiger") {
        /* a tiger's face: ears, striped forehead and cheeks, eyes, muzzle */
        for (const x of [-21, 21]) {
            el("circle", {cx: x, cy: -22, r: 10, class: "tiger"}, g);
            el("circle", {cx: x, cy: -22, r: 4.5, class: "tiger-ear"}, g);
        }
        el("circle", {r: 31, class: "tiger"}, g);
        for (const d of ["M-9,-29 q3,7 1,13", "M0,-31 q3,8 0,15", "M9,-29 q-3,7 -1,13",
                         "M-30,-4 l11,3", "M-29,7 l10,-1", "M30,-4 l-11,3", "M29,7 l-10,-1"])
            el("path", {d, class: "stripe"}, g);
        for (const x of [-11, 11]) el("circle", {cx: x, cy: -6, r: 3.6, class: "tiger-eye"}, g);
        el("ellipse", {cx: 0, cy: 12, rx: 13, ry: 9.5, class: "tiger-muzzle"}, g);
        el("path", {d: "M-4.5,7 h9 l-4.5,5 z", class: "tiger-eye"}, g);
    } else if (piece === "goat") {
        /* a goat's face: horns, ears, eyes, a muzzle */
        for (const sx of [-1, 1]) {
            el("path", {d: `M${sx * 7},-20 q${sx * 3},-13 ${sx * 15},-13`, class: "goat-horn"}, g);
            el("ellipse", {cx: sx * 26, cy: -6, rx: 9, ry: 5, transform: `rotate(${sx * 20} ${sx * 26} -6)`,
                           class: "goat-ear"}, g);
        }
        el("circle", {r: 26, class: "goat"}, g);
        for (const x of [-9, 9]) el("circle", {cx: x, cy: -5, r: 3.2, class: "goat-eye"}, g);
        el("ellipse", {cx: 0, cy: 11, rx: 9, ry: 7, class: "goat-muzzle"}, g);
    } else if (piece === "red" || piece === "blue") {
        el("circle", {r: 30, class: piece}, g);
        el("circle", {r: 19, class: "soldier-inner"}, g);
    } else {
        el("circle", {r: 30, class: "disc" + side}, g);
        const letter = el("text", {class: "piece-letter", y: 1}, g);
        letter.textContent = gameInfo(game).letters.charAt(side);
    }
    return g;
}

/* A move's standard value beside its value under rules answered by search: "win in 7". */
function standardText(m) {
    const s = m.standard || {};
    return s.value === "unknown" || !s.value ? "unknown" : s.value + (s.dtm !== null && s.dtm !== undefined ? " in " + s.dtm : "");
}

/* ": win in 27, cursed win under the counting rule", or "" without a value; under rules
 * answered by search, ": win under no-repeat:12", ": unknown under no-repeat:12 (the
 * standard rules: win in 7)" or ": refused (why)". */
function valueText(m) {
    if (m && m.refused) return `: refused (${m.reason})`;
    if (m && m.standard) {
        const rules = state.pos ? state.pos.rules : state.rules;
        return `: ${m.value} under ${rules}` + (m.value === "unknown" ? ` (the standard rules: ${standardText(m)})` : "");
    }
    if (!m || !m.value) return "";
    return ": " + m.value + (m.dtm !== null && m.dtm !== undefined ? " in " + m.dtm : "") +
        (m.class ? ", " + classWord(m.class) + " under the counting rule" : "");
}

/* The tooltip of a point where a chain may go on. */
function chainTip(exact, best) {
    const stop = exact ? `stopping here (${exact.move})${valueText(exact)}; ` : "the capture must go on; ";
    return stop + `the chain goes on; best ${best.move}${valueText(best)}`;
}

/* The last move's (or the chain's) origin and the points its jumps captured, drawn above
 * the move labels so that a placement labelled there does not hide them; around a label,
 * as a ring outside it and a cross beside it. */
function drawMoveMarks(svg, from, captured, labelled) {
    const g = state.pos.geometry, idx = pointIndex();
    const marks = el("g", {class: "move-marks"}, svg);
    if (from) {
        const [fx, fy] = xy(g.points[idx.get(from)], g);
        const on = labelled.has(from);
        el("circle", {cx: fx, cy: fy, r: on ? 30 : 17, class: "from-mark" + (on ? " around" : ""),
                      "data-from": from}, marks);
    }
    for (const c of captured) {
        const [x, y] = xy(g.points[idx.get(c)], g);
        const on = labelled.has(c);
        const m = el("g", {class: "captured" + (on ? " around" : ""), "data-captured": c,
                           transform: `translate(${x},${y})`}, marks);
        el("circle", {r: on ? 30 : 24}, m);
        el("path", {d: on ? "M18,-34 L34,-18 M34,-34 L18,-18" : "M-13,-13 L13,13 M13,-13 L-13,13"}, m);
    }
}

function render() {
    const pos = state.pos;
    const svg = $("board");
    svg.textContent = "";
    if (!pos || !pos.geometry) return;
    const g = pos.geometry, idx = pointIndex();
    const w = 2 * PAD + (g.cols - 1) * UNIT, hgt = 2 * PAD + (g.rows - 1) * UNIT;
    svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
    svg.dataset.game = pos.game;
    svg.dataset.fen = pos.fen;
    svg.dataset.lifted = state.lifted || "";
    svg.dataset.chain = state.chain || "";

    const defs = el("defs", {}, svg);
    for (const [id, c1, c2] of [["gr", "#f07d73", "#c0281c"], ["gb", "#79a8f2", "#1d55b8"],
                                ["gt", "#ffc15e", "#e07b0c"], ["gg", "#ffffff", "#dcd8cc"],
                                ["g0", "#f3cf7a", "#b7801c"], ["g1", "#a9b6c4", "#4c5b6b"]]) {
        const rg = el("radialGradient", {id, cx: "35%", cy: "30%", r: "75%"}, defs);
        el("stop", {offset: "0%", "stop-color": c1}, rg);
        el("stop", {offset: "100%", "stop-color": c2}, rg);
    }
    el("rect", {x: 8, y: 8, width: w - 16, height: hgt - 16, rx: 18, class: "board-bg"}, svg);

    /* lines and coordinates */
    const lines = el("g", {class: "lines"}, svg);
    for (const [i, j] of g.lines) {
        const [x1, y1] = xy(g.points[i], g), [x2, y2] = xy(g.points[j], g);
        el("line", {x1, y1, x2, y2}, lines);
    }
    const coords = el("g", {class: "coords"}, svg);
    const cols = new Set(), rows = new Set();
    g.points.forEach((p) => { cols.add(p.col); rows.add(p.row); });
    for (const c of cols) {
        const t = el("text", {x: PAD + c * UNIT, y: hgt - 26, "text-anchor": "middle"}, coords);
        t.textContent = String.fromCharCode(97 + c);
    }
    for (const r of rows) {
        const t = el("text", {x: 34, y: PAD + (g.rows - 1 - r) * UNIT + 7, "text-anchor": "middle"}, coords);
        t.textContent = String(r + 1);
    }

    /* the pieces, with a chain being played applied */
    const side = boardOf(pos);
    let gone = [];
    if (state.chain) {
        const t = tokens(state.chain);
        const s = side[idx.get(t[0])];
        side[idx.get(t[0])] = -1;
        gone = capturedBy(state.chain);
        for (const c of gone) side[idx.get(c)] = -1;
        side[idx.get(t[t.length - 1])] = s;
    }
    const marks = el("g", {class: "marks"}, svg);
    const last = state.hist[state.hpos] && state.hist[state.hpos].move;
    let lastPoint = null, captured = [], from = null;
    if (last && last !== "pass") {
        const t = tokens(last);
        lastPoint = t[t.length - 1];
        captured = capturedBy(last);
        if (t.length > 1) from = t[0];
    }
    /* the path of the last move, or of the chain being played */
    const path = state.chain || (last && last !== "pass" && !isPlacement(last) ? last : null);
    if (path) {
        const pts = tokens(path).map((n) => xy(g.points[idx.get(n)], g).join(",")).join(" ");
        el("polyline", {points: pts, class: "move-path"}, marks);
    }
    if (state.chain) from = tokens(state.chain)[0];

    const pieces = el("g", {class: "pieces"}, svg);
    const liftedPoint = state.chain ? chainLanding() : state.lifted;
    g.points.forEach((p, i) => {
        if (side[i] < 0) return;
        const [x, y] = xy(p, g);
        if (p.name === lastPoint && !state.chain)
            el("circle", {cx: x, cy: y, r: 41, class: "last-ring", "data-last": p.name}, pieces);
        const piece = drawPiece(pieces, side[i], pos.game, x, y, p.name);
        if (p.name === liftedPoint) {
            piece.classList.add("lifted");
            piece.before(el("circle", {cx: x, cy: y, r: 42, class: "lift-ring"}, pieces));
            piece.before(el("ellipse", {cx: x + 3, cy: y + 8, rx: 33, ry: 31, class: "lift-shadow"}, pieces));
        } else if (personToMove() && !state.chain && movesFrom(p.name).length)
            piece.classList.add("movable");
    });

    /* move labels: destinations of the lifted piece, or placements on empty points */
    const labels = el("g", {class: "labels"}, svg);
    const dest = destinations();
    /* a marker shows the best move through its point: where a chain may go on from there,
     * the best over stopping and every continuation, ringed dashed */
    const put = (q, m, exact, more, cls) => {
        const [x, y] = xy(g.points[idx.get(q)], g);
        const a = {class: "dest " + cls + " " + valueClass(m) + (more ? " more" : ""), "data-dest": q,
                   "data-value": m.value || "", "data-dtm": m.dtm === null || m.dtm === undefined ? "" : m.dtm,
                   "data-best": m.move, transform: `translate(${x},${y})`};
        if (exact) a["data-move"] = exact.move;
        if (more) a["data-more"] = "1";
        if (m.refused) a["data-refused"] = "1";
        if (m.class) a["data-class"] = m.class;
        const d = el("g", a, labels);
        const r = !m.value ? 11 : cls === "place" ? 20 : 23;
        if (more) el("circle", {r: r + 8, class: "more-ring"}, d);
        el("circle", {r}, d);
        const t = el("text", {y: 8, "text-anchor": "middle"}, d);
        t.textContent = label(m);
        el("title", {}, d).textContent = more ? chainTip(exact, m) : m.move + valueText(m);
    };
    if (dest.size) {
        for (const d of dest.values()) put(d.point, d.best, d.exact, d.more, "move");
    } else if (!state.lifted && !state.chain && personToMove()) {
        for (const m of pos.moves) if (isPlacement(m.move)) put(m.move, m, m, false, "place");
    }

    const labelled = new Set([...labels.querySelectorAll("[data-dest]")].map((e) => e.dataset.dest));
    drawMoveMarks(svg, from, state.chain ? gone : captured, labelled);

    /* hit areas, on top, one per point */
    const hits = el("g", {class: "hits"}, svg);
    g.points.forEach((p) => {
        const [x, y] = xy(p, g);
        el("circle", {cx: x, cy: y, r: UNIT * 0.46, "data-point": p.name}, hits);
    });
    renderChainBar(dest);
    dimRows();
}

/* In the move list, the moves the lifted piece (or the chain) cannot make are dimmed. */
function dimRows() {
    const from = state.chain ? state.chain + "x" : state.lifted;
    for (const tr of document.querySelectorAll("#moves tbody tr")) {
        const m = tr.dataset.move;
        const mine = !from || (state.chain ? m === state.chain || m.startsWith(from)
                                            : m.startsWith(from + "-") || m.startsWith(from + "x"));
        tr.classList.toggle("dim", !mine);
    }
}

function renderChainBar(dest) {
    const bar = $("chain-bar");
    if (!state.chain) {
        bar.hidden = true;
        return;
    }
    bar.hidden = false;
    const stop = moveByText(state.chain);
    const button = $("stop-chain");
    button.hidden = !stop;
    /* the button says what stopping is worth (the markers show the best of going on) */
    button.textContent = "Stop here";
    if (stop && stop.value) {
        button.appendChild(document.createTextNode(": "));
        button.appendChild(h("span", {class: valueClass(stop)}, stopLabel(stop)));
    }
    button.dataset.value = stop ? stop.value || "" : "";
    button.dataset.dtm = stop && stop.dtm !== null && stop.dtm !== undefined ? stop.dtm : "";
    button.title = stop ? stop.move + valueText(stop) : "";
    $("chain-text").textContent = stop
        ? `${state.chain}: capture again, or`
        : `${state.chain}: the capture must go on`;
}

/* ---- the panel ------------------------------------------------------------------------- */

/* "win in 27", "draw": a move's value for a button. */
function stopLabel(m) {
    return m.value + (m.dtm !== null && m.dtm !== undefined ? " in " + m.dtm : "");
}

function valueSpan(v, text) {
    return h("span", {class: "v-" + (v || "none")}, text || v || "?");
}

function renderPanel() {
    const p = state.pos;
    if (!p) return;
    const info = gameInfo(p.game);
    /* the help below the panel speaks of this game: of men in hand or of chains */
    document.body.dataset.hand = info.hand ? "yes" : "no";
    $("hand-piece").textContent = info.pieces[0];
    const turn = $("turn"), text = $("turn-text");
    text.textContent = "";
    turn.dataset.side = p.side;
    if (p.over) {
        turn.className = "bar over";
        /* the winner's own number; a server before side_plural says it for both */
        const winner = p.sides ? p.sides.indexOf(p.result) : -1;
        const plural = info.side_plural && winner >= 0 ? info.side_plural[winner] : info.plural;
        text.textContent = p.result === "draw"
            ? `Game over: a draw (${p.reason})`
            : `Game over: ${cap(p.result)} win${plural ? "" : "s"} (${p.reason})`;
    } else {
        turn.className = `bar side${p.sides.indexOf(p.side)} side-${p.side}`;
        text.appendChild(h("span", {class: "dot"}));
        let who = cap(p.side) + " to move";
        if (state.play) who += state.play === p.side ? " (you)" : " (the machine)";
        text.appendChild(document.createTextNode(who));
    }

    /* each side's pieces */
    const count = $("count");
    count.textContent = "";
    const chip = (side, text, attrs) => {
        const c = h("span", Object.assign({class: `chip side${p.sides.indexOf(side)} side-${side}`}, attrs));
        c.appendChild(h("span", {class: "dot"}));
        c.appendChild(document.createTextNode(text));
        count.appendChild(c);
    };
    if (info.hand) {
        const m = /captured (\d+) of (\d+)/.exec(p.material || "");
        const captured = m ? +m[1] : 0, need = m ? +m[2] : 0;
        chip(p.sides[0], `${cap(p.sides[0])}: ${p.pieces[0]} on the board, ${p.inhand} in hand, ` +
             (need ? `captured ${captured} of ${need}` : `${captured} captured`), {"data-count": p.sides[0], "data-inhand": p.inhand,
                                              "data-captured": captured, "data-onboard": p.pieces[0]});
        chip(p.sides[1], `${cap(p.sides[1])}: ${p.pieces[1]}`, {"data-count": p.sides[1], "data-onboard": p.pieces[1]});
    } else {
        for (const s of [0, 1])
            chip(p.sides[s], `${cap(p.sides[s])}: ${p.pieces[s]} piece${p.pieces[s] === 1 ? "" : "s"}`,
                 {"data-count": p.sides[s], "data-onboard": p.pieces[s]});
    }

    /* value and clock */
    const val = $("value");
    val.textContent = "";
    val.dataset.value = p.value || "";
    val.dataset.dtm = p.dtm === null || p.dtm === undefined ? "" : p.dtm;
    if (state.missing) {
        val.appendChild(h("span", {class: "v-none"}, "No value: the table for this position is missing."));
    } else if (p.over) {
        val.appendChild(document.createTextNode(`Game over. ${p.reachable === false ? "(No game reaches this position: the winner is to move.)" : ""}`));
    } else if (searched()) {
        searchedValue(p, val);
    } else {
        val.appendChild(document.createTextNode(cap(p.side) + " to move: "));
        val.appendChild(valueSpan(p.value, p.value + (p.dtm !== null && p.dtm !== undefined ? " in " + p.dtm : "")));
        if (p.dtm !== null && p.dtm !== undefined)
            val.appendChild(h("span", {class: "muted"}, ` half-move${p.dtm === 1 ? "" : "s"} (DTM)`));
    }
    const clk = $("clock");
    clk.textContent = "";
    const limit = p.limit || info.clock_limit;
    clk.dataset.clock = p.clock;
    /* the value at this clock, whether or not a rule's line shows it (a game without a
     * counting rule: its value), never the last position's */
    clk.dataset.valueNow = p.value_now || "";
    /* a game without a counting rule, asked for none, has no clock to show; rules answered
     * by search have no draw rules */
    clk.hidden = !limit || searched();
    if (limit)
        clk.appendChild(h("div", {}, `Clock: ${p.clock} of ${limit} half-moves without a capture` +
                          info.clock_reset));
    if (limit && !state.missing && !p.over && !searched()) {
        const d = h("div", {});
        d.appendChild(document.createTextNode(`Under the ${limit} half-move rule at this clock: `));
        d.appendChild(p.value_now ? valueSpan(p.value_now) : h("span", {class: "muted"}, "unknown (no counting-rule table)"));
        clk.dataset.valueNow = p.value_now || "";
        if (p.class) {
            d.appendChild(document.createTextNode("; from clock 0: "));
            d.appendChild(h("span", {class: valueClass(p)}, classWord(p.class)));
            if (p.dtc !== null && p.dtc !== undefined)
                d.appendChild(document.createTextNode(`, ${p.dtc} half-move${p.dtc === 1 ? "" : "s"} to the next capture${info.clock_reset} (DTC)`));
        }
        clk.appendChild(d);
    }

    /* buttons */
    const person = personToMove();
    $("undo").disabled = !(state.hpos > 0 || state.chain);
    $("redo").disabled = !(state.hpos < state.hist.length - 1);
    $("best").disabled = !person || state.missing;
    const pass = moveByText("pass");
    $("pass").hidden = !pass;
    $("pass").disabled = !person;
    $("pv-button").disabled = state.missing || p.over;
    /* the principal variation is the tables': none under rules answered by search */
    $("pv-button").hidden = searched();
    document.body.dataset.search = searched() ? "yes" : "no";
    $("search-rules").textContent = p.rules;

    renderMoves();
    renderPV();
    $("fen").value = p.fen;
    $("app").dataset.fen = p.fen;
}

/* The position's value under rules answered by search, into the value card: decided, or
 * unknown when the search ran out of its budget (never a guess). */
function searchedValue(p, val) {
    val.appendChild(document.createTextNode(cap(p.side) + " to move: "));
    val.appendChild(valueSpan(p.value, p.value === "unknown" ? `unknown under ${p.rules}` : `${p.value} under ${p.rules}`));
    val.appendChild(h("span", {class: "muted"}, p.value === "unknown"
        ? ` (the search ran out of its budget, ${p.budget} nodes a move)`
        : ` (searched: ${p.nodes} nodes${p.bounded ? ", the standard tables as bounds" : ""})`));
}

/* The move list under rules answered by search: each move's value under the rules, or
 * unknown with its standard value beside; a refused move with why, not playable. */
function renderSearchedMoves(p, head, body) {
    const hr = h("tr");
    for (const [c, tip] of [["Move", ""], [`Under ${p.rules}`, "the value under the rule, searched with the game's history; unknown where the search ran out of its budget"],
                            ["Standard", "the value under the standard rules, from the tables"],
                            ["DTM", "half-moves to the end under the standard rules"]])
        hr.appendChild(h("th", tip ? {title: tip} : {}, c));
    head.appendChild(hr);
    const person = personToMove();
    for (const m of p.moves) {
        const s = m.standard || {};
        const tr = h("tr", {"data-move": m.move, "data-value": m.value || "", "data-refused": m.refused ? "1" : "",
                            "data-standard": s.value || "", "data-standard-dtm": s.dtm === null || s.dtm === undefined ? "" : s.dtm,
                            class: (person && !m.refused ? "playable" : "") + (m.refused ? " refused" : "")});
        tr.appendChild(h("td", {class: "mv"}, m.move));
        const v = h("td");
        if (m.refused) v.appendChild(h("span", {class: "v-refused", title: m.reason}, "refused: " + m.reason));
        else v.appendChild(valueSpan(m.value, m.value === "unknown" ? "unknown under the rule" : m.value));
        tr.appendChild(v);
        const st = h("td");
        st.appendChild(valueSpan(s.value === "unknown" ? "none" : s.value, s.value || "?"));
        tr.appendChild(st);
        tr.appendChild(h("td", {class: "num"}, s.dtm === null || s.dtm === undefined ? "\u2013" : String(s.dtm)));
        tr.addEventListener("click", () => {
            if (personToMove()) playMove(m.move);
        });
        body.appendChild(tr);
    }
    dimRows();
}

function renderMoves() {
    const p = state.pos, table = $("moves");
    const head = table.tHead, body = table.tBodies[0];
    head.textContent = "";
    body.textContent = "";
    if (!p.moves || !p.moves.length) return;
    if (searched()) return renderSearchedMoves(p, head, body);
    const dtc = p.moves.some((m) => "class" in m);
    /* the value at this clock is known without the counting rule's tables where the
     * DTM tables tell (a draw, an end within the clock) */
    const info = gameInfo(p.game);
    const limit = p.limit || info.clock_limit;
    /* no counting rule (limit 0): the value at any clock is the value */
    const now = limit && (dtc || p.moves.some((m) => m.value_now));
    const hr = h("tr");
    const heads = [["Move", ""], ["Value", "under perfect play, the game without the counting rule"],
                   ["DTM", "half-moves to the end of the game"]];
    if (dtc)
        heads.push([`Under the ${limit} half-move rule`, "the class from clock 0 under the counting rule"],
                   ["DTC", "half-moves to the next capture" + info.clock_reset]);
    if (now) heads.push(["At this clock", `the value under the ${limit} half-move rule at clock ${p.clock}`]);
    for (const [c, tip] of heads) hr.appendChild(h("th", tip ? {title: tip} : {}, c));
    head.appendChild(hr);
    const person = personToMove();
    for (const m of p.moves) {
        const tr = h("tr", {"data-move": m.move, "data-value": m.value || "",
                            "data-dtm": m.dtm === null || m.dtm === undefined ? "" : m.dtm,
                            class: person ? "playable" : ""});
        if (dtc) {
            tr.dataset.class = m.class || "";
            tr.dataset.dtc = m.dtc === null || m.dtc === undefined ? "" : m.dtc;
        }
        tr.dataset.valueNow = m.value_now || "";
        tr.appendChild(h("td", {class: "mv"}, m.move));
        const v = h("td");
        v.appendChild(m.value ? valueSpan(m.value) : h("span", {class: "muted"}, "?"));
        tr.appendChild(v);
        tr.appendChild(h("td", {class: "num"}, m.dtm === null || m.dtm === undefined ? "\u2013" : String(m.dtm)));
        if (dtc) {
            const c = h("td");
            c.appendChild(h("span", {class: valueClass(m)}, classWord(m.class)));
            tr.appendChild(c);
            tr.appendChild(h("td", {class: "num"}, m.dtc === null || m.dtc === undefined ? "\u2013" : String(m.dtc)));
        }
        if (now) {
            const n = h("td");
            n.appendChild(m.value_now ? valueSpan(m.value_now) : h("span", {class: "muted"}, "?"));
            tr.appendChild(n);
        }
        tr.addEventListener("click", () => {
            if (personToMove()) playMove(m.move);
        });
        body.appendChild(tr);
    }
    dimRows();
}

function renderPV() {
    const box = $("pv");
    box.textContent = "";
    const pv = state.pv;
    if (!pv || pv.fen !== state.pos.fen) {
        box.hidden = true;
        return;
    }
    box.hidden = false;
    box.appendChild(h("span", {class: "pv-title"}, pv.pv.length ? "Best play: " : "No moves: the game is over."));
    pv.pv.forEach((mv, i) => {
        const b = h("button", {type: "button", class: "pv-move", "data-pv": i}, mv);
        b.title = "go to the position after " + mv;
        b.addEventListener("click", () => {
            cancelPending();
            const base = state.hist.slice(0, state.hpos + 1);
            for (let k = 0; k <= i; k++) base.push({fen: pv.fens[k], move: pv.pv[k]});
            state.hist = base;
            show(base.length - 1, false);
        });
        box.appendChild(b);
    });
    if (pv.pv_error) box.appendChild(h("div", {class: "muted"}, "(cut short: " + pv.pv_error + ")"));
}

/* ---- loading and playing --------------------------------------------------------------- */

/* Fetches a position (under rules answered by search, the one after moves from fen);
 * returns the answer (200, or 404 with the table missing) or shows the error and returns
 * null. */
async function fetchPosition(fen, moves) {
    const seq = ++state.seq;
    setBusy(true);
    const r = await api(positionURL("/api/position", fen, searched() ? moves : null));
    if (seq !== state.seq) return null;
    setBusy(false);
    if (r.status === 200) return {pos: r.body, missing: false};
    if (r.status === 404 && r.body.missing_table) return {pos: r.body, missing: true};
    message(r.body.error || "error " + r.status, "error");
    return null;
}

function cancelPending() {
    if (state.timer) clearTimeout(state.timer);
    state.timer = 0;
}

/* Shows history entry k; fresh when reached by a new move (then the machine may answer and a
 * forced move is played). */
async function show(k, fresh, got) {
    cancelPending();
    const entry = state.hist[k];
    /* under rules answered by search, the position is the history's: its first and the moves */
    if (!got) got = searched() ? await fetchPosition(state.hist[0].fen, historyMoves(k)) : await fetchPosition(entry.fen);
    if (!got) {
        if (state.pos) { render(); renderPanel(); }
        return;
    }
    state.hpos = k;
    entry.fen = got.pos.fen;
    state.pos = got.pos;
    state.missing = got.missing;
    if (got.pos.rules && !state.rules) state.rules = got.pos.rules;
    state.lifted = null;
    state.chain = null;
    if (got.missing) missingMessage(got.pos.error);
    else message("");
    syncChooser();
    if (!fresh) status("");
    render();
    renderPanel();
    writeAddress();
    if (fresh) afterArrival();
}

/* Starts a new history at a position (under rules answered by search, with the moves
 * played from it). */
async function open(fen, fresh, moves) {
    cancelPending();
    const got = await fetchPosition(fen, moves);
    if (!got) return false;
    state.hist = [{fen: got.pos.fen, move: null}];
    if (got.pos.played) {
        state.hist = [{fen: got.pos.start, move: null}];
        for (const e of got.pos.played) state.hist.push({fen: e.fen, move: e.move});
    }
    state.loads++;
    state.pos = null;
    state.pv = null;
    status("");
    await show(state.hist.length - 1, fresh, got);
    return true;
}

function playMove(text) {
    const m = moveByText(text);
    if (!m) {
        status(`${text} is not a legal move here.`);
        return;
    }
    if (m.refused) {
        status(`${text} is refused under ${state.pos.rules}: it ${m.reason}.`);
        return;
    }
    cancelPending();
    state.hist = state.hist.slice(0, state.hpos + 1);
    state.hist.push({fen: m.fen, move: m.move});
    state.lifted = null;
    state.chain = null;
    status("");
    show(state.hist.length - 1, true);
}

/* After a new move: the machine answers, or a forced move plays itself. */
function afterArrival() {
    const p = state.pos;
    if (!p || p.over || !p.moves || !p.moves.length) return;
    if (state.play && state.play !== p.side) {
        if (state.missing) {
            status("The machine cannot play here: the table is missing.");
            return;
        }
        status("The machine is thinking\u2026");
        setBusy(true);
        state.timer = setTimeout(() => {
            state.timer = 0;
            const best = state.pos.moves[0];
            playMove(best.move);
            status(`The machine played ${best.move} (` + (best.standard ? valueText(best).slice(2)
                : `${best.value}${best.dtm !== null && best.dtm !== undefined ? " in " + best.dtm : ""}`) + ").");
        }, 450);
        return;
    }
    if (rulesOf(p) === "forced" && p.moves.length === 1) {
        const only = p.moves[0].move;
        status(`Only one legal move (captures are compulsory): ${only}, played by itself.`);
        setBusy(true);
        state.timer = setTimeout(() => {
            state.timer = 0;
            playMove(only);
            status(`Forced: ${only} was the only legal move and was played by itself.`);
        }, 700);
    }
}

function rulesOf(p) {
    return state.rules || p.rules || "";
}

/* A tap on a point (or a drag's end on it). */
function tap(q) {
    if (!personToMove() || state.timer) return;
    const dest = destinations();
    if (state.chain) {
        if (dest.has(q)) return goTo(dest.get(q));
        if (q === chainLanding()) {
            if (moveByText(state.chain)) return playMove(state.chain);
            status("Captures are compulsory: the chain must go on.");
        }
        return;
    }
    if (state.lifted) {
        if (q === state.lifted) {
            state.lifted = null;
            return render();
        }
        if (dest.has(q)) return goTo(dest.get(q));
    }
    if (movesFrom(q).length) {
        state.lifted = q;
        status("");
        return render();
    }
    if (moveByText(q) && isPlacement(q)) return playMove(q);
    if (state.lifted) {
        state.lifted = null;
        render();
    }
}

/* Goes to a destination: plays the move, or lands and waits for the chain's next capture. */
function goTo(d) {
    const text = d.text;
    if (!isCapture(text)) return playMove(text);
    const more = state.pos.moves.some((m) => m.move.startsWith(text + "x"));
    if (!more) return playMove(text);
    state.chain = text;
    state.lifted = null;
    render();
    renderPanel();
    const next = destinations();
    if (!moveByText(text) && next.size === 1) {
        const only = [...next.values()][0];
        status(`The capture must go on: ${only.text}, taken by itself.`);
        setBusy(true);
        state.timer = setTimeout(() => {
            state.timer = 0;
            setBusy(false);
            goTo(only);
        }, 550);
    }
}

function undo() {
    if (state.chain) {
        cancelPending();
        state.chain = null;
        render();
        renderPanel();
        return;
    }
    if (state.hpos <= 0) return;
    let k = state.hpos - 1;
    /* against the machine, back to the person's own turn */
    if (state.play) {
        const sideAt = (e) => e.fen.split(" ")[1];
        const mine = state.play.charAt(0);
        while (k > 0 && sideAt(state.hist[k]) !== mine) k--;
    }
    show(k, false);
}

function redo() {
    if (state.hpos >= state.hist.length - 1) return;
    let k = state.hpos + 1;
    if (state.play) {
        const mine = state.play.charAt(0);
        while (k < state.hist.length - 1 && state.hist[k].fen.split(" ")[1] !== mine) k++;
    }
    show(k, false);
}

async function showPV() {
    const p = state.pos;
    setBusy(true);
    const r = await api(positionURL("/api/pv", p.fen));
    setBusy(false);
    if (r.status !== 200) {
        message(r.body.error || "error " + r.status, "error");
        return;
    }
    state.pv = r.body;
    renderPV();
}

/* ---- the game chooser ------------------------------------------------------------------ */

function gameKey(g) {
    return `${g.game}/${g.board}/${g.rules}`;
}

/* What the tables hold of a game, for its name in the menu. */
function coverage(g) {
    if (!g.first) return " (no tables)";
    if (g.first === g.start) return "";
    return ` (${g.partial} only)`;
}

/* The window the menu offers for rules "NAME:N" answered by search: that of the online
 * Bagh-Chal site the rule comes from (docs/rules.md); the address may ask for any other. */
const SEARCH_WINDOW = 12;

/* An option of the menu under rules answered by search, after the game's own. */
function searchOption(g, rules) {
    const o = h("option", {value: `${g.game}/${g.board}/${rules}`},
                `${g.title}, ${rules} (values by search${g.first ? "" : ", no standard tables"})`);
    o.dataset.start = g.start;
    return o;
}

function fillChooser() {
    const sel = $("game");
    sel.textContent = "";
    for (const g of state.info.games) {
        const name = g.title + ", " + g.rules + coverage(g);
        const o = h("option", {value: gameKey(g)}, name);
        o.dataset.start = g.start;
        sel.appendChild(o);
        for (const r of g.search_rules || [])
            sel.appendChild(searchOption(g, r.endsWith(":N") ? r.slice(0, -1) + SEARCH_WINDOW : r));
    }
}

/* The menu shows the game of the position shown, however it was loaded: its rules, else
 * (a position no table answers) the rules asked for, else the game's first rules. */
function syncChooser() {
    const p = state.pos;
    const sel = $("game");
    const keys = [...sel.options].map((o) => o.value);
    const key = `${p.game}/${p.board}/${rulesOf(p)}`;
    /* a window the menu does not offer (from the address): offered after the game's own */
    const own = state.info.games.find((g) => g.game === p.game && g.board === p.board && g.search_rules);
    if (!keys.includes(key) && own && searched(rulesOf(p))) {
        const o = searchOption(own, rulesOf(p));
        const after = [...sel.options].find((x) => x.value === gameKey(own));
        sel.insertBefore(o, after ? after.nextSibling : null);
        keys.push(key);
    }
    const same = keys.find((k) => k === key) || keys.find((k) => k.startsWith(`${p.game}/${p.board}/`));
    if (same) sel.value = same;
    const play = $("play");
    const want = state.play;
    play.textContent = "";
    play.appendChild(h("option", {value: ""}, "both sides (explore)"));
    for (const s of p.sides) play.appendChild(h("option", {value: s}, `${s} against the machine`));
    play.value = p.sides.includes(want) ? want : "";
    state.play = play.value;
}

/* ---- the pointer: taps and drags ------------------------------------------------------- */

let drag = null;

function svgPoint(e) {
    const svg = $("board");
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function pointAt(e) {
    if (!state.pos) return null;
    const g = state.pos.geometry, s = svgPoint(e);
    let best = null, bd = UNIT * 0.48;
    for (const p of g.points) {
        const [x, y] = xy(p, g);
        const d = Math.hypot(x - s.x, y - s.y);
        if (d < bd) { bd = d; best = p.name; }
    }
    return best;
}

function setupPointer() {
    const svg = $("board");
    svg.addEventListener("pointerdown", (e) => {
        if (e.button !== 0) return;
        const p = pointAt(e);
        if (!p) return;
        drag = {p, x: e.clientX, y: e.clientY, moved: false, piece: null};
        svg.setPointerCapture(e.pointerId);
        e.preventDefault();
    });
    svg.addEventListener("pointermove", (e) => {
        if (!drag) return;
        if (!drag.moved) {
            if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
            if (!personToMove() || state.timer) return (drag = null);
            const from = state.chain ? chainLanding() : drag.p;
            if (state.chain ? drag.p !== from : !movesFrom(from).length) return (drag = null);
            if (!state.chain && state.lifted !== from) {
                state.lifted = from;
                render();
            }
            drag.moved = true;
            drag.piece = svg.querySelector(`[data-piece="${from}"]`);
            if (drag.piece) drag.piece.parentNode.appendChild(drag.piece);
        }
        if (drag.piece) {
            const s = svgPoint(e);
            drag.piece.setAttribute("transform", `translate(${s.x},${s.y}) scale(1.12)`);
        }
    });
    const end = (e, cancelled) => {
        const d = drag;
        drag = null;
        if (!d) return;
        if (!d.moved) return cancelled ? undefined : tap(d.p);
        const q = cancelled ? null : pointAt(e);
        const dest = destinations();
        if (q && dest.has(q)) tap(q);
        else render();
    };
    svg.addEventListener("pointerup", (e) => end(e, false));
    svg.addEventListener("pointercancel", (e) => end(e, true));
}

/* ---- start ------------------------------------------------------------------------------- */

function fromAddress() {
    const a = readAddress();
    if (!a.fen) return false;
    state.rules = a.rules || "";
    state.play = a.play || "";
    /* a limit the server refuses is named by its error */
    state.limit = a.limit ? (/^\d+$/.test(a.limit) ? +a.limit : a.limit) : 0;
    /* rules answered by search: the moves played from fen, and the search's budget (one
     * the server refuses is named by its error) */
    state.budget = a.budget || 0;
    open(a.fen, true, a.moves ? a.moves.split(/[\s,]+/).filter((x) => x) : []);
    return true;
}

async function start() {
    setupPointer();
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("best").addEventListener("click", () => {
        if (personToMove() && !state.missing) playMove(state.pos.moves[0].move);
    });
    $("pass").addEventListener("click", () => {
        if (personToMove()) playMove("pass");
    });
    $("stop-chain").addEventListener("click", () => {
        if (state.chain && moveByText(state.chain)) playMove(state.chain);
    });
    $("pv-button").addEventListener("click", showPV);
    $("fen-form").addEventListener("submit", (e) => {
        e.preventDefault();
        const fen = $("fen").value.trim();
        if (!fen) {
            message("Type a position (FEN) to load" + (state.pos ? ", such as " + state.pos.fen : "") + ".", "error");
            $("fen").focus();
            return;
        }
        /* rules of another game would not do: the tables' rules then. The games a FEN may
         * be of are those with a start of as many rows. */
        const rows = (f) => f.split(" ")[0].split("/").length;
        const games = state.info.games.filter((g) => rows(g.start) === rows(fen)).map((g) => g.game);
        const ruled = state.info.games.filter((g) => g.rules === state.rules || searchedIn(g, state.rules))
            .map((g) => g.game);
        if (state.rules && ruled.length && !ruled.some((g) => games.includes(g))) state.rules = "";
        if (state.pos && !games.includes(state.pos.game)) state.limit = 0;
        open(fen, true);
    });
    $("new").addEventListener("click", () => {
        const o = $("game").selectedOptions[0];
        if (!o) return;
        state.rules = o.value.split("/")[2];
        /* the limit asked for is kept within its game */
        if (state.pos && state.pos.game !== o.value.split("/")[0]) state.limit = 0;
        open(o.dataset.start, true);
    });
    $("game").addEventListener("change", () => $("new").click());
    $("play").addEventListener("change", () => {
        state.play = $("play").value;
        writeAddress();
        render();
        renderPanel();
        if (state.play && state.pos && state.play !== state.pos.side) afterArrival();
        else {
            cancelPending();
            setBusy(false);
            status("");
        }
    });
    window.addEventListener("hashchange", fromAddress);
    document.addEventListener("keydown", (e) => {
        if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
        if (e.key === "ArrowLeft") undo();
        else if (e.key === "ArrowRight") redo();
        else if (e.key === "Escape") {
            if (state.chain) undo();
            else if (state.lifted) { state.lifted = null; render(); }
        }
    });

    const r = await api("/api/info");
    if (r.status !== 200) {
        message(r.body.error || "the server's /api/info failed", "error");
        setBusy(false);
        return;
    }
    state.info = r.body;
    $("footer").textContent = `guti ${r.body.version} \u00b7 tables in ${r.body.dir}`;
    fillChooser();
    if (fromAddress()) return;
    /* the first game the tables answer, at its start, else at a position they answer (only
     * the movement phase's tables, say) */
    const g = r.body.games.find((x) => x.first === x.start) || r.body.games.find((x) => x.first) ||
        r.body.games[0];
    state.rules = g.rules;
    if (await open(g.first || g.start, true) && g.first && g.first !== g.start)
        status(`The tables here do not answer this game's start, only its ` +
               g.partial +
               `: here is a position they answer. New game shows the start.`);
}

window.guti = state; /* for the tests and the curious */
start();
