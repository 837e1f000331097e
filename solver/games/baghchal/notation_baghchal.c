/*
 * The notation of the `baghchal` Python package (PyPI), read from its source, not only its
 * README: github.com/basnetsoyuj/baghchal, commit fb60a7a69b6698f07545150ee71a47837e920de8,
 * file baghchal/env.py.
 *
 * Points. The package's board is self[x, y] = board[x-1][y-1] (env.py lines 40-44), x the
 * row and y the column, both 1..5; show_board prints row 1 first, "11" at the top left
 * (lines 166-179), and render() draws row 1 at the top of the image (line 22). A point is
 * written as its row then its column, "xy". So row x counts from the top: "xy" is guti's
 * column a+y-1, row 6-x. "11" = a5, "15" = e5, "51" = a1, "33" = c3.
 *
 * Positions: `B3B/5/5/5/B3B G 0` (board_to_fen, lines 290-303): rows x = 1..5, so the top
 * row first, as guti writes them; 'B' (Bagh) a tiger, 'G' a goat, a digit a run of empty
 * points; then the side to move, 'G' or 'B'; then no_of_goat_moves, the goat moves made,
 * placements and steps alike (lines 246 and 263). The package is in its placement phase
 * while that count is below 20 (line 53), so guti reads it as goats in hand 20 - N when N
 * < 20 and 0 otherwise; the goats captured follow (N - goats on board while placing, 20 -
 * goats on board after). Writing, N is 20 - goats in hand while placing; afterwards it is
 * no part of guti's state: the goat moves made when known (in a record), else 20, the
 * fewest that reach the movement phase, which the package reads the same way. There are
 * exactly three fields; no clock (guti assumes 0). (The package's own reader,
 * fen_to_board at lines 105-118, makes a tiger of a 'G' too; it only ever reads its start
 * position. guti follows the writer.)
 *
 * Moves (validate and safe_move, lines 181-267): `G33` a placement, `G1122` a goat's step,
 * `B1122` a tiger's step, `Bx1133` a tiger's capture, the goat removed from the midpoint
 * (line 255). The letter names the side; guti checks it against the side to move. No
 * pass: the package has none (its trapped goats lose, line 330), so rules goat-pass
 * cannot be written.
 *
 * Records (PGN): the package writes `1. G33 B1122 2. G44 ...` (lines 270-274), numbering
 * each goat move with the goat moves made after it, and at the end of a game appends
 * `# 1-0` (goats win), `# 0-1` (tigers win) or `# 1/2-1/2` (a draw) to the last move
 * (lines 282-288); its reader (pgn_converter, lines 96-103) wants the numbers and ignores
 * the rest. guti reads the moves with or without numbers, the result after them (with or
 * without the '#'; `*` for unfinished), and PGN tag lines before them: FEN (a start in this
 * notation), Rules (standard when absent), Game and Board (if there, baghchal and 5x5) and
 * any other, kept. It writes tags only where they say something (FEN for another start,
 * Rules other than standard, the record's own other tags), then the moves as the package
 * numbers them, then the result: joined to the last move with '#' when the game is over
 * by the rules, as the package writes it, else after a space. The package's draw is a
 * board seen three times after the goats' 20th move (lines 279-280, 324-327) and it has
 * no 100 half-move rule: guti adjudicates a record by its own rules (docs/rules.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "notation_formats.h"

#define GOATS 0
#define TIGERS 1

static const char letters[2] = {'G', 'B'};

/* A point "xy" at s (two digits 1..5), or -1. */
static int read_point(const struct board *b, const char *s)
{
    if (s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9') return -1;
    return point_from_top(b, s[0] - '0', s[1] - '0');
}

static void write_point(const struct board *b, int p, char out[3])
{
    int row, col;
    point_to_top(b, p, &row, &col);
    out[0] = (char)('0' + row);
    out[1] = (char)('0' + col);
    out[2] = 0;
}

static int bc_read_position(const struct game *g, const char *text, struct position *pos,
                            struct notation_extra *x, char *err, size_t errlen)
{
    char buf[256], *f[NOTATION_MAX_FIELDS], why[160];
    memset(pos, 0, sizeof *pos);
    int nf = notation_fields(text, buf, sizeof buf, f, why, sizeof why), n = 0;
    if (nf < 0) return snprintf(err, errlen, "position (baghchal): %s", why), -1;
    if (nf != 3)
        return snprintf(err, errlen,
                        "position (baghchal): %d fields, expected BOARD SIDE GOATMOVES (as "
                        "in B3B/5/5/5/B3B G 0)",
                        nf),
               -1;
    if (read_rows(g->board, f[0], letters, 0, pos->men, why, sizeof why))
        return snprintf(err, errlen, "position (baghchal): %s", why), -1;
    if (!strcmp(f[1], "G"))
        pos->side = GOATS;
    else if (!strcmp(f[1], "B"))
        pos->side = TIGERS;
    else
        return snprintf(err, errlen, "position (baghchal): side '%s', expected G or B",
                        QUOTE(f[1])),
               -1;
    if (notation_parse_int(f[2], 0, 1000000, "goat moves made", &n, why, sizeof why))
        return snprintf(err, errlen, "position (baghchal): %s", why), -1;
    int on_board = bits_count(pos->men[GOATS]);
    if (n < g->side_men[0] && on_board > n)
        return snprintf(err, errlen,
                        "position (baghchal): %d goat%s on the board but %d goat move%s made, "
                        "each a placement while fewer than %d",
                        on_board, on_board == 1 ? "" : "s", n, n == 1 ? "" : "s", g->side_men[0]),
               -1;
    pos->inhand = n < g->side_men[0] ? g->side_men[0] - n : 0;
    if (check_position(g, pos, why, sizeof why))
        return snprintf(err, errlen, "position (baghchal): %s", why), -1;
    if (x) {
        *x = NOTATION_EXTRA_NONE;
        x->goat_moves = n;
    }
    return 0;
}

static void bc_write_position(const struct game *g, const struct position *pos,
                              const struct notation_extra *x, char *buf, size_t len)
{
    char board[128];
    notation_format_board(g->board, pos->men, letters, board, sizeof board);
    int n = g->side_men[0] - pos->inhand;
    if (pos->inhand == 0 && x && x->goat_moves > n) n = x->goat_moves;
    snprintf(buf, len, "%s %c %d", board, letters[pos->side], n);
}

static int bc_read_move(const struct game *g, const char *text, struct move *m, int *mover,
                        char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    *mover = -1;
    size_t n = strlen(text);
    if (n > 1 && text[n - 1] == '#') n--; /* the package marks the game's last move */
    if (n < 3) n = 1;                     /* no shape of a move: refused below */
    const char *s = text + 1;
    size_t digits = n - 1;
    bool capture = n > 1 && *s == 'x';
    if (capture) s++, digits--;
    bool shape = (text[0] == 'G' || text[0] == 'B') && (digits == 2 || digits == 4) &&
                 (!capture || digits == 4);
    for (size_t i = 0; shape && i < digits; i++) shape = s[i] >= '1' && s[i] <= '9';
    if (!shape)
        return snprintf(err, errlen,
                        "not a move of the baghchal notation (G33 a placement, G1122 or B1122 "
                        "a step, Bx1133 a capture)"),
               -1;
    int p = read_point(g->board, s), q = digits == 4 ? read_point(g->board, s + 2) : -1;
    if (p < 0 || (digits == 4 && q < 0))
        return snprintf(err, errlen, "'%.2s' is not a point of the board (rows and columns 1-5)",
                        p < 0 ? s : s + 2),
               -1;
    *mover = text[0] == 'G' ? GOATS : TIGERS;
    if (digits == 2) {
        if (*mover == TIGERS)
            return snprintf(err, errlen, "B with one point: tigers are never placed"), -1;
        m->kind = MOVE_PLACE;
        m->to[0] = (uint8_t)p;
    } else {
        if (capture && *mover == GOATS) return snprintf(err, errlen, "goats never capture"), -1;
        m->kind = capture ? MOVE_CAPTURE : MOVE_STEP;
        m->from = p;
        m->to[0] = (uint8_t)q;
    }
    m->njumps = 1;
    return 0;
}

static int bc_write_move(const struct game *g, const struct position *pos, const struct move *m,
                         char *buf, size_t len, char *err, size_t errlen)
{
    char a[3], b[3];
    if (m->kind == MOVE_PASS)
        return snprintf(err, errlen, "the baghchal notation has no pass (rules goat-pass)"), -1;
    if (m->njumps != 1)
        return snprintf(err, errlen, "the baghchal notation has no chains of captures"), -1;
    write_point(g->board, m->to[0], b);
    if (m->kind == MOVE_PLACE) {
        snprintf(buf, len, "G%s", b);
        return 0;
    }
    write_point(g->board, m->from, a);
    snprintf(buf, len, "%s%s%s%s",
             m->kind == MOVE_CAPTURE ? "B"
             : pos->side             ? "B"
                                     : "G",
             m->kind == MOVE_CAPTURE ? "x" : "", a, b);
    return 0;
}

/* The package's results and guti's words. */
static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*", NULL};

static const char *result_word(const char *w)
{
    if (!strcmp(w, "1-0")) return "goats";
    if (!strcmp(w, "0-1")) return "tigers";
    if (!strcmp(w, "1/2-1/2")) return "draw";
    return w;
}

static const char *result_token(const char *word)
{
    if (!strcmp(word, "goats")) return "1-0";
    if (!strcmp(word, "tigers")) return "0-1";
    if (!strcmp(word, "draw")) return "1/2-1/2";
    return NULL;
}

static int bc_read_record(const char *text, const char *rules, struct record *out, char *err,
                          size_t errlen)
{
    struct record src;
    char why[200];
    if (record_scan(text, results, &src, why, sizeof why))
        return snprintf(err, errlen, "%s", why), -1;
    if (record_empty(&src)) return record_free(&src), snprintf(err, errlen, "empty"), -1;
    struct game g;
    game_setup(&g, "baghchal", NULL, "5x5", why, sizeof why);
    struct expected *e = NULL;
    int cap = 0, rc = -1;
    for (int i = 0; i < src.ntags; i++) {
        const char *name = src.tag_name[i], *value = src.tag_value[i];
        char fen[128];
        if (!strcmp(name, "Game") && strcmp(value, "baghchal") && strcmp(value, "bagh-chal")) {
            snprintf(err, errlen, "tag Game \"%s\": the baghchal notation is Bagh-Chal's",
                     QUOTE(value));
            goto done;
        }
        if (!strcmp(name, "Board") && strcmp(value, "5x5")) {
            snprintf(err, errlen, "tag Board \"%s\": the baghchal notation has the 5x5 board only",
                     QUOTE(value));
            goto done;
        }
        if (!strcmp(name, "Game") || !strcmp(name, "Board")) continue;
        if (!strcmp(name, "FEN")) {
            struct position start;
            if (bc_read_position(&g, value, &start, NULL, why, sizeof why)) {
                snprintf(err, errlen, "FEN tag: %s", why);
                goto done;
            }
            g.ops->format(&g, &start, fen, sizeof fen);
            value = fen;
        } else if (!strcmp(name, "Result")) {
            value = result_word(value);
        }
        if (record_add_tag(out, name, value)) goto oom;
    }
    if (record_add_tag(out, "Game", "baghchal") ||
        (!record_tag(out, "Rules") && record_add_tag(out, "Rules", rules ? rules : "standard")))
        goto oom;
    for (int i = 0; i < src.nmoves; i++) {
        const char *w = src.moves[i];
        if (!strcmp(w, "#")) continue; /* "B1122 # 0-1" */
        struct move m;
        struct expected one = {.line = src.move_line[i]};
        char text_guti[80];
        if (bc_read_move(&g, w, &m, &one.mover, why, sizeof why)) {
            snprintf(err, errlen, "line %d: move %d (%s): %s", src.move_line[i], out->nmoves + 1,
                     QUOTE(w), why);
            goto done;
        }
        notation_format_move(g.board, &m, text_guti, sizeof text_guti);
        if (expected_add(&e, &cap, out->nmoves, &one) ||
            record_add_move(out, text_guti, src.move_line[i], w))
            goto oom;
    }
    if (src.result && !(out->result = strdup(result_word(src.result)))) goto oom;
    rc = check_expected(&notation_baghchal_format, out, e, err, errlen);
    goto done;
oom:
    snprintf(err, errlen, "out of memory");
done:
    free(e);
    record_free(&src);
    return rc;
}

static int bc_write_record(const struct game *g, const struct record *r, const struct replay *rp,
                           struct strbuf *out, char *err, size_t errlen)
{
    const struct position *start = &rp->h.p[0];
    struct position standard = g->ops->start(g);
    char text[160], rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (!position_same(start, &standard)) {
        struct notation_extra x;
        notation_extra_at(g, r, rp, 0, &x);
        bc_write_position(g, start, &x, text, sizeof text);
        sb_printf(out, "[FEN \"%s\"]\n", text);
    }
    if (strcmp(rules, "standard")) sb_printf(out, "[Rules \"%s\"]\n", rules);
    for (int i = 0; i < r->ntags; i++) {
        const char *name = r->tag_name[i];
        if (strcmp(name, "Game") && strcmp(name, "Rules") && strcmp(name, "Board") &&
            strcmp(name, "FEN") && strcmp(name, "Result"))
            sb_printf(out, "[%s \"%s\"]\n", name, r->tag_value[i]);
    }
    if (out->n) sb_printf(out, "\n");
    size_t line = out->n;
    for (int i = 0; i < rp->played; i++) {
        const struct position *pos = &rp->h.p[i];
        struct move m;
        char mv[80], num[40] = "";
        if (notation_parse_move(g->board, r->moves[i], &m, text, sizeof text) ||
            bc_write_move(g, pos, &m, mv, sizeof mv, text, sizeof text))
            return snprintf(err, errlen, "move %d (%s): %s", i + 1, QUOTE(r->moves[i]), text), -1;
        struct notation_extra x;
        notation_extra_at(g, r, rp, i + 1, &x);
        if (pos->side == GOATS)
            snprintf(num, sizeof num, "%d. ", x.goat_moves);
        else if (i == 0)
            snprintf(num, sizeof num, "%d... ", x.goat_moves);
        size_t w = strlen(num) + strlen(mv);
        if (out->n > line && out->n - line + 1 + w > 90) {
            sb_printf(out, "\n");
            line = out->n;
        } else if (out->n > line) {
            sb_printf(out, " ");
        }
        sb_printf(out, "%s%s", num, mv);
    }
    const char *recorded = recorded_result(r);
    const char *word = recorded ? recorded : outcome_word(g, &rp->outcome);
    const char *token = result_token(word);
    if (token) {
        bool over = rp->outcome.reason != END_NONE && rp->played > 0;
        sb_printf(out, "%s%s", over ? "# " : out->n > line ? " " : "", token);
    } else if (out->n == 0) {
        /* a game of no moves from the start: "*", since an empty text is no game */
        sb_printf(out, "*");
    }
    sb_printf(out, "\n");
    return 0;
}

const struct notation_format notation_baghchal_format = {
    .name = "baghchal",
    .title = "the baghchal package's notation",
    .game = "baghchal",
    .board = "5x5",
    .read_position = bc_read_position,
    .write_position = bc_write_position,
    .read_move = bc_read_move,
    .write_move = bc_write_move,
    .read_record = bc_read_record,
    .write_record = bc_write_record,
};
