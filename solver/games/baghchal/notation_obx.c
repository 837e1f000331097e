/*
 * OBX, the Online Baghchal Exchange notation of baghchal.net. Its only published source is
 * its specification, github.com/bhu1st/obx, README.md, in three revisions that guti reads
 * alike:
 *   391135e467625a885551f3919930316d2a1b4e49 (v1.0, 23 Dec 2024): `BOARD TURN cY MOVE N`,
 *     N a number that "starts at 0 and increments with each turn", or '-';
 *   4bbecca84fe27bff2b8a8d8a35a48a9f8658e38b (v2.0, 24 Dec 2024): N is `#g1` (the goats'
 *     1st move), `#t3`, or a bare `#`; captures `mA1C1(B1)`;
 *   b59f2eb9aed9ce5c15ee5539da1c19ab3eb9188f (v2.0, 3 Jan 2025): the goats in hand,
 *     `@N`, after the turn: `TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #`.
 * The repository holds no code, so the orientation comes from the README's diagrams and
 * examples, which agree on it: the diagrams number the rows 1 to 5 from the top and the
 * columns A to E from the left, and "place a goat at B2" turns the start's board into
 * `TXXXT/XGXXX/...`, the goat in the second row written and its second point.
 *
 * Points: column letter A-E, row 1-5 counted from the top; OBX's C3 is guti's c3, A1 is
 * guti's a5, E5 is e1: guti's row is 6 minus OBX's. Letters are read in either case and
 * written upper case.
 *
 * Positions: BOARD SIDE [@N] cY [MOVE [NUMBER]]. BOARD is five rows from the top (as guti
 * writes them), five letters each: T a tiger, G a goat, X an empty point. SIDE g or t.
 * @N the goats in hand, cY the goats captured: with @N they must add up, with the goats
 * on the board, to 20; without it (the first two revisions) guti derives the goats in
 * hand as 20 - on the board - captured, which is exact. MOVE is the move that led here,
 * or '-': guti checks that its maker is the side not to move and that the board shows it
 * made (its piece on the point it went to, the points it left and jumped empty). NUMBER
 * is '-', '#', a whole number (v1), or `#g<n>`/`#t<n>` whose letter must name that same
 * maker; the count itself is not checked, since a position alone does not tell it. No
 * clock (guti assumes 0) and no rules (standard unless the caller says). Written: the
 * latest revision, `... g @20 c0 - #`, the move and number when known (in a record).
 *
 * Moves: `mC3` a placement, `mA1B1` a step, `mA1C3(B2)` a capture with the jumped point.
 * Read without the parenthesis too (a move between the two ends of a jump is a capture),
 * but a jumped point given must be the one between the ends: the README's example
 * `mA1C3(B1)` names B1, which is not on the line from A1 to C3 (B2 is), and guti refuses
 * it as the rules do. The README's other examples that break the rules are refused too:
 * the same example's board after the capture (19 in hand, 1 on the board and 1 captured
 * make 21 goats), "move a tiger from A1 to B2" (a board of six tigers), and v1's
 * `... g c2 mA3B3 12` (B3 is empty after the tiger went there). No pass.
 *
 * Records: OBX has none beyond positions, so an OBX record is what the README shows as an
 * "example sequence of moves": one position per line, the start first, each later line
 * the position after its MOVE, which guti plays and checks the line against. Lines of
 * bare moves (`mC3 mA1B1 ...`) are read too, from the start before them (the standard
 * start when none). No result, tags or rules: guti adjudicates the end by its rules
 * (standard), and refuses to write a record whose recorded result is not the one the
 * rules give (a resignation, say), under other rules, or from a start with a clock.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "notation_formats.h"

#define GOATS 0
#define TIGERS 1

static const char letters[2] = {'G', 'T'};

/* A point "C3" at s, either case, or -1. */
static int read_point(const struct board *b, const char *s)
{
    int c = toupper((unsigned char)s[0]);
    if (c < 'A' || c > 'I' || s[1] < '1' || s[1] > '9') return -1;
    return point_from_top(b, s[1] - '0', c - 'A' + 1);
}

static void write_point(const struct board *b, int p, char out[3])
{
    int row, col;
    point_to_top(b, p, &row, &col);
    out[0] = (char)('A' + col - 1);
    out[1] = (char)('0' + row);
    out[2] = 0;
}

static int obx_read_move(const struct game *g, const char *text, struct move *m, int *mover,
                         char *err, size_t errlen)
{
    const struct board *b = g->board;
    memset(m, 0, sizeof *m);
    *mover = -1;
    size_t n = strlen(text);
    if (text[0] != 'm' || (n != 3 && n != 5 && n != 9) ||
        (n == 9 && (text[5] != '(' || text[8] != ')')))
        return snprintf(err, errlen,
                        "not a move of OBX (mC3 a placement, mA1B1 a step, mA1C3(B2) a "
                        "capture)"),
               -1;
    int p[3] = {-1, -1, -1};
    for (size_t k = 0; k < (n == 9 ? 3 : (n - 1) / 2); k++) {
        const char *s = text + 1 + 2 * k + (k == 2);
        if ((p[k] = read_point(b, s)) < 0)
            return snprintf(err, errlen, "'%.2s' is not a point of the board (A1-E5)", s), -1;
    }
    m->njumps = 1;
    if (n == 3) {
        m->kind = MOVE_PLACE;
        m->to[0] = (uint8_t)p[0];
        return 0;
    }
    m->from = p[0];
    m->to[0] = (uint8_t)p[1];
    int over = jump_over(b, p[0], p[1]);
    m->kind = over >= 0 ? MOVE_CAPTURE : MOVE_STEP;
    if (n == 9 && over < 0)
        return snprintf(err, errlen, "no line leads from %.2s over one point to %.2s", text + 1,
                        text + 3),
               -1;
    if (n == 9 && over != p[2]) {
        char right[3];
        write_point(b, over, right);
        return snprintf(err, errlen,
                        "%.2s is not the point between %.2s and %.2s, %s is: a capture jumps "
                        "the point between its ends",
                        text + 6, text + 1, text + 3, right),
               -1;
    }
    return 0;
}

static int obx_write_move(const struct game *g, const struct position *pos, const struct move *m,
                          char *buf, size_t len, char *err, size_t errlen)
{
    (void)pos;
    char a[3], b[3], c[3];
    if (m->kind == MOVE_PASS) return snprintf(err, errlen, "OBX has no pass (rules goat-pass)"), -1;
    if (m->njumps != 1) return snprintf(err, errlen, "OBX has no chains of captures"), -1;
    write_point(g->board, m->to[0], b);
    if (m->kind == MOVE_PLACE) {
        snprintf(buf, len, "m%s", b);
        return 0;
    }
    write_point(g->board, m->from, a);
    int over = jump_over(g->board, m->from, m->to[0]);
    if (m->kind == MOVE_CAPTURE && over >= 0) {
        write_point(g->board, over, c);
        snprintf(buf, len, "m%s%s(%s)", a, b, c);
    } else {
        snprintf(buf, len, "m%s%s", a, b);
    }
    return 0;
}

/* Whether the board shows the last move m made by side `mover`; if not, why. */
static bool shows_move(const struct game *g, const struct position *pos, const struct move *m,
                       const char *text, char *err, size_t errlen)
{
    const struct board *b = g->board;
    int mover = 1 - pos->side;
    const char *piece = g->ops->piece_name[mover];
    bits_t occupied = pos->men[0] | pos->men[1];
    char at[3], from[3];
    write_point(b, m->to[0], at);
    if (m->kind != MOVE_PLACE) write_point(b, m->from, from);
    if (m->kind == MOVE_PLACE && mover != GOATS)
        snprintf(err, errlen, "last move %s is a placement, but the goats are to move", text);
    else if (m->kind == MOVE_CAPTURE && mover != TIGERS)
        snprintf(err, errlen, "last move %s is a capture, but the tigers are to move", text);
    else if (!(pos->men[mover] & BIT(m->to[0])))
        snprintf(err, errlen,
                 "last move %s: no %s on %s after it (the %s made it: the %s are to "
                 "move)",
                 text, piece, at, g->ops->side_name[mover], g->ops->side_name[pos->side]);
    else if (m->kind != MOVE_PLACE && (occupied & BIT(m->from)))
        snprintf(err, errlen, "last move %s: %s is not empty after it", text, from);
    else if (m->kind == MOVE_CAPTURE && (occupied & BIT(jump_over(b, m->from, m->to[0]))))
        snprintf(err, errlen, "last move %s: the goat it jumped is still on the board", text);
    else
        return true;
    return false;
}

static int obx_read_position(const struct game *g, const char *text, struct position *pos,
                             struct notation_extra *x, char *err, size_t errlen)
{
    char buf[256], *f[NOTATION_MAX_FIELDS], why[200];
    memset(pos, 0, sizeof *pos);
    struct notation_extra ex = NOTATION_EXTRA_NONE;
    int nf = notation_fields(text, buf, sizeof buf, f, why, sizeof why), k = 2;
    int inhand = -1, captured = 0;
    if (nf < 0) return snprintf(err, errlen, "position (obx): %s", why), -1;
    if (nf < 3)
        return snprintf(err, errlen,
                        "position (obx): %d field%s, expected BOARD SIDE [@N] cY [MOVE [NUMBER]] "
                        "(as in TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #)",
                        nf, nf == 1 ? "" : "s"),
               -1;
    if (read_rows(g->board, f[0], letters, 'X', pos->men, why, sizeof why))
        return snprintf(err, errlen, "position (obx): %s", why), -1;
    if (!strcmp(f[1], "g"))
        pos->side = GOATS;
    else if (!strcmp(f[1], "t"))
        pos->side = TIGERS;
    else
        return snprintf(err, errlen, "position (obx): side '%s', expected g or t", QUOTE(f[1])), -1;
    if (f[k][0] == '@') {
        if (notation_parse_int(f[k] + 1, 0, g->side_men[0], "goats in hand (@N)", &inhand, why,
                               sizeof why))
            return snprintf(err, errlen, "position (obx): %s", why), -1;
        k++;
    }
    if (k == nf || f[k][0] != 'c')
        return snprintf(err, errlen,
                        "position (obx): field %d, '%s', is not the goats captured, "
                        "cY",
                        k + 1, k == nf ? "" : QUOTE(f[k])),
               -1;
    if (notation_parse_int(f[k] + 1, 0, g->side_men[0], "goats captured (cY)", &captured, why,
                           sizeof why))
        return snprintf(err, errlen, "position (obx): %s", why), -1;
    k++;
    const char *move = k < nf ? f[k++] : "-", *number = k < nf ? f[k++] : "-";
    if (k < nf)
        return snprintf(err, errlen,
                        "position (obx): %d fields, expected at most BOARD SIDE @N cY MOVE NUMBER",
                        nf),
               -1;
    int on_board = bits_count(pos->men[GOATS]);
    if (inhand >= 0 && inhand + on_board + captured != g->side_men[0])
        return snprintf(err, errlen,
                        "position (obx): %d in hand (@%d), %d on the board and %d captured (c%d) "
                        "make %d goats, not %d",
                        inhand, inhand, on_board, captured, captured, inhand + on_board + captured,
                        g->side_men[0]),
               -1;
    if (inhand < 0 && on_board + captured > g->side_men[0])
        return snprintf(err, errlen,
                        "position (obx): %d goats on the board and %d captured make more than %d",
                        on_board, captured, g->side_men[0]),
               -1;
    pos->inhand = inhand >= 0 ? inhand : g->side_men[0] - on_board - captured;
    if (check_position(g, pos, why, sizeof why))
        return snprintf(err, errlen, "position (obx): %s", why), -1;
    if (strcmp(move, "-")) {
        int mover;
        if (obx_read_move(g, move, &ex.last, &mover, why, sizeof why))
            return snprintf(err, errlen, "position (obx): last move '%s': %s", QUOTE(move), why),
                   -1;
        if (!shows_move(g, pos, &ex.last, move, why, sizeof why))
            return snprintf(err, errlen, "position (obx): %s", why), -1;
        ex.has_last = true;
    }
    if (strcmp(number, "-") && strcmp(number, "#")) {
        const char *digits = number;
        if (number[0] == '#') {
            int named = number[1] == 'g' ? GOATS : number[1] == 't' ? TIGERS : -1;
            if (named < 0)
                return snprintf(err, errlen,
                                "position (obx): move number '%s', expected #g<n>, #t<n>, # or -",
                                QUOTE(number)),
                       -1;
            if (named == pos->side)
                return snprintf(err, errlen,
                                "position (obx): move number %s names the %s, but they are to "
                                "move: the last move was the %s'",
                                QUOTE(number), g->ops->side_name[named],
                                g->ops->side_name[1 - named]),
                       -1;
            digits = number + 2;
        }
        if (notation_parse_int(digits, number[0] == '#' ? 1 : 0, 1000000, "move number", &ex.number,
                               why, sizeof why))
            return snprintf(err, errlen, "position (obx): %s", why), -1;
        if (number[0] != '#') ex.number = 0; /* v1: a count of turns, not of one side's moves */
    }
    if (x) *x = ex;
    return 0;
}

static void obx_write_position(const struct game *g, const struct position *pos,
                               const struct notation_extra *x, char *buf, size_t len)
{
    const struct board *b = g->board;
    char board[64], move[40] = "-", number[24] = "#";
    size_t k = 0;
    for (int row = 1; row <= b->nrows; row++) {
        for (int col = 1; col <= b->ncols; col++) {
            int p = point_from_top(b, row, col);
            board[k++] = p < 0                       ? '?'
                         : pos->men[GOATS] & BIT(p)  ? 'G'
                         : pos->men[TIGERS] & BIT(p) ? 'T'
                                                     : 'X';
        }
        if (row < b->nrows) board[k++] = '/';
    }
    board[k] = 0;
    char why[80];
    if (x && x->has_last) obx_write_move(g, pos, &x->last, move, sizeof move, why, sizeof why);
    if (x && x->number > 0)
        snprintf(number, sizeof number, "#%c%d", g->ops->side_letter[1 - pos->side], x->number);
    int captured = g->side_men[0] - pos->inhand - bits_count(pos->men[GOATS]);
    snprintf(buf, len, "%s %c @%d c%d %s %s", board, g->ops->side_letter[pos->side], pos->inhand,
             captured, move, number);
}

/* One line of text at *s, cut at its newline and stripped; advances *s. */
static char *next_line(char **s)
{
    char *line = *s, *nl = strchr(line, '\n');
    *s = nl ? nl + 1 : line + strlen(line);
    if (nl) *nl = 0;
    while (isspace((unsigned char)*line)) line++;
    size_t n = strlen(line);
    while (n > 0 && isspace((unsigned char)line[n - 1])) line[--n] = 0;
    return line;
}

static int obx_read_record(const char *text, const char *rules, struct record *out, char *err,
                           size_t errlen)
{
    struct game g;
    char why[300], guti[128];
    game_setup(&g, "baghchal", NULL, "5x5", why, sizeof why);
    char *copy = strdup(text), *s = copy;
    struct expected *e = NULL;
    int cap = 0, rc = -1, lineno = 0;
    bool started = false;
    if (!copy) return snprintf(err, errlen, "out of memory"), -1;
    if (record_add_tag(out, "Game", "baghchal") ||
        record_add_tag(out, "Rules", rules ? rules : "standard"))
        goto oom;
    while (*s) {
        char *line = next_line(&s);
        lineno++;
        if (!*line) continue;
        if (strchr(line, '/')) {
            struct position pos;
            struct notation_extra x;
            if (obx_read_position(&g, line, &pos, &x, why, sizeof why)) {
                snprintf(err, errlen, "line %d: %s", lineno, why);
                goto done;
            }
            if (!started) {
                struct position standard = g.ops->start(&g);
                started = true;
                if (position_same(&pos, &standard)) continue;
                g.ops->format(&g, &pos, guti, sizeof guti);
                if (record_add_tag(out, "FEN", guti)) goto oom;
                continue;
            }
            if (!x.has_last) {
                snprintf(err, errlen,
                         "line %d: a position after the first needs the move that led to it, "
                         "but its move field is '-'",
                         lineno);
                goto done;
            }
            char written[40];
            obx_write_move(&g, &pos, &x.last, written, sizeof written, why, sizeof why);
            notation_format_move(g.board, &x.last, guti, sizeof guti);
            struct expected one = {.mover = -1, .has_after = true, .after = pos, .line = lineno};
            if (expected_add(&e, &cap, out->nmoves, &one) ||
                record_add_move(out, guti, lineno, written))
                goto oom;
            continue;
        }
        started = true;
        char *save = NULL;
        for (char *w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
            struct move m;
            struct expected one = {.mover = -1, .line = lineno};
            if (obx_read_move(&g, w, &m, &one.mover, why, sizeof why)) {
                snprintf(err, errlen, "line %d: move %d (%s): %s", lineno, out->nmoves + 1,
                         QUOTE(w), why);
                goto done;
            }
            notation_format_move(g.board, &m, guti, sizeof guti);
            if (expected_add(&e, &cap, out->nmoves, &one) || record_add_move(out, guti, lineno, w))
                goto oom;
        }
    }
    if (!started) {
        snprintf(err, errlen, "no position and no move: an OBX record is one position per line");
        goto done;
    }
    rc = check_expected(&notation_obx_format, out, e, err, errlen);
    goto done;
oom:
    snprintf(err, errlen, "out of memory");
done:
    free(e);
    free(copy);
    return rc;
}

static int obx_write_record(const struct game *g, const struct record *r, const struct replay *rp,
                            struct strbuf *out, char *err, size_t errlen)
{
    char rules[32], text[160];
    game_rules_name(g, rules, sizeof rules);
    if (strcmp(rules, "standard"))
        return snprintf(err, errlen,
                        "OBX has no rules: a reader takes them as standard, and these are %s",
                        rules),
               -1;
    const char *recorded = recorded_result(r), *word = outcome_word(g, &rp->outcome);
    if (recorded && strcmp(recorded, word))
        return snprintf(err, errlen,
                        "OBX has no result: the record's, %s, is not what the rules give its moves "
                        "(%s)",
                        QUOTE(recorded), word),
               -1;
    for (int i = 0; i <= rp->played; i++) {
        struct notation_extra x;
        notation_extra_at(g, r, rp, i, &x);
        if (i > 0) {
            char why[160];
            if (notation_parse_move(g->board, r->moves[i - 1], &x.last, why, sizeof why) ||
                obx_write_move(g, &rp->h.p[i], &x.last, text, sizeof text, why, sizeof why))
                return snprintf(err, errlen, "move %d (%s): %s", i, QUOTE(r->moves[i - 1]), why),
                       -1;
        }
        obx_write_position(g, &rp->h.p[i], &x, text, sizeof text);
        sb_printf(out, "%s\n", text);
    }
    return 0;
}

const struct notation_format notation_obx_format = {
    .name = "obx",
    .title = "OBX",
    .game = "baghchal",
    .board = "5x5",
    .read_position = obx_read_position,
    .write_position = obx_write_position,
    .read_move = obx_read_move,
    .write_move = obx_write_move,
    .read_record = obx_read_record,
    .write_record = obx_write_record,
};
