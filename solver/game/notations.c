/*
 * guti's notation and the others (notations.h): names, telling a text's notation from its
 * shape, the dispatch to each format (notation_baghchal.c, notation_obx.c), what they
 * share, and guti's record writer. The sources and mapping of each foreign format are at
 * the top of its file and in docs/notation.md, "Other notations".
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "notation_formats.h"

static const char *const names[NOTATIONS] = {"guti", "baghchal", "obx"};

const char *notation_name(enum notation n)
{
    return (unsigned)n < NOTATIONS ? names[n] : NULL;
}

int notation_named(const char *name)
{
    for (int i = 0; name && i < NOTATIONS; i++)
        if (!strcmp(name, names[i])) return i;
    return -1;
}

static const struct notation_format *format_of(enum notation n)
{
    return n == NOTATION_BAGHCHAL ? &notation_baghchal_format
           : n == NOTATION_OBX    ? &notation_obx_format
                                  : NULL;
}

/* ---- Shared by the formats -------------------------------------------------------------- */

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
    if (b->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->failed = true;
            return;
        }
        if (b->s && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap : 256;
        while (cap <= b->n + (size_t)k) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

int point_from_top(const struct board *b, int row, int col)
{
    if (row < 1 || row > b->nrows || col < 1 || col > b->ncols) return -1;
    return b->point_at[b->nrows - row][col - 1];
}

void point_to_top(const struct board *b, int p, int *row, int *col)
{
    *row = b->nrows - b->row[p];
    *col = b->col[p] + 1;
}

int jump_over(const struct board *b, int from, int to)
{
    for (int j = 0; j < b->njumps[from]; j++)
        if (b->jumps[from][j].to == to) return b->jumps[from][j].over;
    return -1;
}

int read_rows(const struct board *b, const char *field, const char letters[2], char empty,
              bits_t men[2], char *err, size_t errlen)
{
    men[0] = men[1] = 0;
    const char *s = field;
    for (int row = 1; row <= b->nrows; row++) {
        int col = 0;
        for (; *s && *s != '/'; s++) {
            if (!empty && *s >= '1' && *s <= '9') {
                if (s > field && s[-1] >= '0' && s[-1] <= '9')
                    return snprintf(err, errlen, "row %d (from the top): two digits in a row", row),
                           -1;
                col += *s - '0';
                continue;
            }
            int side = *s == letters[0] ? 0 : *s == letters[1] ? 1 : empty && *s == empty ? 2 : -1;
            if (side < 0) {
                char also[24];
                snprintf(also, sizeof also, empty ? "or %c" : "or a digit", empty);
                return snprintf(err, errlen,
                                "row %d (from the top): unknown letter '%s', expected %c, %c %s",
                                row, notation_quote(s, 1, (char[8]){0}, 8), letters[0], letters[1],
                                also),
                       -1;
            }
            col++;
            int p = side < 2 ? point_from_top(b, row, col) : -1;
            if (p >= 0) men[side] |= BIT(p);
        }
        if (col != b->ncols)
            return snprintf(err, errlen, "row %d (from the top) has %d points, expected %d", row,
                            col, b->ncols),
                   -1;
        if (row < b->nrows) {
            if (*s != '/') return snprintf(err, errlen, "%d rows, expected %d", row, b->nrows), -1;
            s++;
        } else if (*s) {
            return snprintf(err, errlen, "more than %d rows", b->nrows), -1;
        }
    }
    return 0;
}

int check_position(const struct game *g, const struct position *pos, char *err, size_t errlen)
{
    char fen[256], why[300];
    struct position back;
    g->ops->format(g, pos, fen, sizeof fen);
    if (g->ops->parse(g, fen, &back, why, sizeof why) == 0) return 0;
    snprintf(err, errlen, "%s", strncmp(why, "position: ", 10) ? why : why + 10);
    return -1;
}

const char *recorded_result(const struct record *r)
{
    return r->result ? r->result : record_tag(r, "Result");
}

int expected_add(struct expected **e, int *cap, int i, const struct expected *one)
{
    if (i >= *cap) {
        int n = *cap ? 2 * *cap : 64;
        struct expected *m = realloc(*e, (size_t)n * sizeof *m);
        if (!m) return -1;
        *e = m;
        *cap = n;
    }
    (*e)[i] = *one;
    return 0;
}

int check_expected(const struct notation_format *f, const struct record *r,
                   const struct expected *e, char *err, size_t errlen)
{
    struct game g;
    struct position start;
    char why[300];
    if (record_game(r, &g, &start, why, sizeof why)) return snprintf(err, errlen, "%s", why), -1;
    struct replay rp;
    if (record_replay(&g, &start, r, &rp)) {
        replay_free(&rp);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    int rc = 0;
    for (int i = 0; i < r->nmoves && i <= rp.played && !rc; i++) {
        const struct position *before = &rp.h.p[i];
        if (e[i].mover >= 0 && e[i].mover != before->side) {
            rc = -1;
            snprintf(err, errlen, "line %d: move %d (%s) is the %s', but the %s are to move",
                     e[i].line, i + 1, QUOTE(record_move_text(r, i)), g.ops->side_name[e[i].mover],
                     g.ops->side_name[before->side]);
        } else if (i < rp.played && e[i].has_after && !position_same(&rp.h.p[i + 1], &e[i].after)) {
            char text[160];
            struct notation_extra x;
            notation_extra_at(&g, r, &rp, i + 1, &x);
            f->write_position(&g, &rp.h.p[i + 1], &x, text, sizeof text);
            rc = -1;
            snprintf(err, errlen, "line %d: move %d (%s) leads to %s, not to this line's position",
                     e[i].line, i + 1, QUOTE(record_move_text(r, i)), text);
        }
    }
    replay_free(&rp);
    return rc;
}

void notation_extra_at(const struct game *g, const struct record *r, const struct replay *rp, int i,
                       struct notation_extra *x)
{
    *x = NOTATION_EXTRA_NONE;
    /* what the foreign notations write besides the state; their game's alone */
    if (strcmp(g->ops->name, notation_baghchal_format.game)) return;
    const struct position *p = rp->h.p;
    x->goat_moves = g->side_men[0] - p[0].inhand;
    for (int k = 0; k < i; k++) x->goat_moves += p[k].side == 0;
    if (i == 0) return;
    char why[160];
    if (notation_parse_move(g->board, r->moves[i - 1], &x->last, why, sizeof why) == 0)
        x->has_last = true;
    for (int k = 0; k < i; k++) x->number += p[k].side == p[i - 1].side;
}

/* ---- Games, positions and moves --------------------------------------------------------- */

/* Whether g is what a foreign notation can write: its game on its board. */
static int foreign_game(enum notation n, const struct game *g, char *err, size_t errlen)
{
    const struct notation_format *f = format_of(n);
    bool same_game = !strcmp(g->ops->name, f->game);
    if (same_game && !strcmp(g->board->name, f->board)) return 0;
    struct game its;
    char why[200];
    const char *title =
        game_setup(&its, f->game, NULL, f->board, why, sizeof why) == 0 ? its.ops->title : f->game;
    snprintf(err, errlen, "the %s notation is %s's on the %s board, not %s%s%s", names[n], title,
             f->board, same_game ? "the " : "", same_game ? g->board->name : g->ops->title,
             same_game ? " board" : "");
    return -1;
}

int notation_game(enum notation n, const char *fen, const char *game, const char *rules,
                  const char *board, struct game *g, char *err, size_t errlen)
{
    if (n == NOTATION_GUTI) return game_setup_for_fen(g, fen, game, rules, board, err, errlen);
    if (game_setup(g, game ? game : format_of(n)->game, rules, board, err, errlen)) return -1;
    return foreign_game(n, g, err, errlen);
}

/* One feature of a position's text, and the notations it fits (a set of 1 << n). */
struct feature {
    unsigned fits;
    char what[80];
    int weight; /* what the board is written with counts twice */
};

static const char *fits_names(unsigned fits)
{
    static const char *const words[8] = {
        "no notation's", "guti's",          "baghchal's",          "guti's or baghchal's",
        "obx's",         "guti's or obx's", "baghchal's or obx's", "guti's, baghchal's or obx's"};
    return words[fits & 7];
}

#define G (1u << NOTATION_GUTI)
#define B (1u << NOTATION_BAGHCHAL)
#define O (1u << NOTATION_OBX)

int notation_detect_position(const char *text, enum notation *n, char *err, size_t errlen)
{
    char buf[256], *f[NOTATION_MAX_FIELDS], why[160];
    int nf = notation_fields(text, buf, sizeof buf, f, why, sizeof why);
    /* No fields to tell by: guti's reader says what is wrong, as it always has. */
    if (nf < 0) return *n = NOTATION_GUTI, 0;
    int rows = 1;
    for (const char *c = f[0]; *c; c++) rows += *c == '/';
    /* The foreign notations have the 5x5 board only: other boards are guti's. */
    if (rows != 5) return *n = NOTATION_GUTI, 0;
    struct feature feat[8];
    int k = 0;
    const char *x = strchr(f[0], 'X'), *bb = strchr(f[0], 'B'), *t = strchr(f[0], 'T');
    const char *digit = strpbrk(f[0], "123456789");
    if (x) feat[k++] = (struct feature){O, "the board's letter X", 2};
    if (bb) feat[k++] = (struct feature){B, "the board's letter B", 2};
    if (t) feat[k++] = (struct feature){G | O, "the board's letter T", 2};
    if (digit) feat[k++] = (struct feature){G | B, "a digit on the board", 2};
    if (nf > 1) {
        unsigned fits = !strcmp(f[1], "g") || !strcmp(f[1], "t")   ? G | O
                        : !strcmp(f[1], "G") || !strcmp(f[1], "B") ? B
                                                                   : 0;
        if (fits) {
            feat[k] = (struct feature){fits, "", 1};
            snprintf(feat[k++].what, sizeof feat[0].what, "the side '%s'", f[1]);
        }
    }
    if (nf > 2 && (f[2][0] == '@' || f[2][0] == 'c')) {
        feat[k] = (struct feature){O, "", 1};
        snprintf(feat[k++].what, sizeof feat[0].what, "the field '%.20s'", QUOTE(f[2]));
    } else if (nf > 2 && f[2][0] >= '0' && f[2][0] <= '9') {
        feat[k] = (struct feature){G | B, "", 1};
        snprintf(feat[k++].what, sizeof feat[0].what, "the number '%.20s'", QUOTE(f[2]));
    }
    if (nf > 4) {
        feat[k] = (struct feature){O, "", 1};
        snprintf(feat[k++].what, sizeof feat[0].what, "its %d fields", nf);
    }
    /* The notations every feature fits: one is the answer, several are ambiguous. */
    unsigned fits = G | B | O;
    for (int i = 0; i < k; i++) fits &= feat[i].fits;
    if (fits == G || fits == B || fits == O) {
        *n = fits == G ? NOTATION_GUTI : fits == B ? NOTATION_BAGHCHAL : NOTATION_OBX;
        return 0;
    }
    if (fits)
        return snprintf(err, errlen, "position: ambiguous: it could be in %s notation; name it",
                        fits_names(fits)),
               -1;
    /* None fits them all: a fault in a text of one notation, whose reader names it, when
     * most of the features (the board's letters and digits counting twice) are that
     * notation's; else the text mixes notations. */
    int score[NOTATIONS] = {0}, best = 0, ties = 0;
    for (int i = 0; i < k; i++)
        for (int m = 0; m < NOTATIONS; m++) score[m] += (feat[i].fits >> m & 1) * feat[i].weight;
    for (int m = 1; m < NOTATIONS; m++)
        if (score[m] > score[best]) best = m;
    for (int m = 0; m < NOTATIONS; m++) ties += score[m] == score[best];
    if (ties == 1) {
        *n = (enum notation)best;
        return 0;
    }
    /* Name the first feature that contradicts the ones before, and one it contradicts by
     * itself (else the one before it). */
    unsigned so_far = G | B | O;
    int i = 0;
    while (i < k && (so_far & feat[i].fits)) so_far &= feat[i++].fits;
    int j = 0;
    while (j < i - 1 && (feat[j].fits & feat[i].fits)) j++;
    return snprintf(err, errlen, "position: mixes notations: %s is %s, %s %s", feat[j].what,
                    fits_names(feat[j].fits), feat[i].what, fits_names(feat[i].fits)),
           -1;
}

#undef G
#undef B
#undef O

int notation_read_position(enum notation n, const struct game *g, const char *text,
                           struct position *pos, struct notation_extra *x, char *err, size_t errlen)
{
    if (x) *x = NOTATION_EXTRA_NONE;
    if (n == NOTATION_GUTI) return g->ops->parse(g, text, pos, err, errlen);
    char why[200];
    if (foreign_game(n, g, why, sizeof why)) return snprintf(err, errlen, "position: %s", why), -1;
    return format_of(n)->read_position(g, text, pos, x, err, errlen);
}

int notation_write_position(enum notation n, const struct game *g, const struct position *pos,
                            const struct notation_extra *x, char *buf, size_t len, char *err,
                            size_t errlen)
{
    if (n == NOTATION_GUTI) {
        g->ops->format(g, pos, buf, len);
        return 0;
    }
    if (foreign_game(n, g, err, errlen)) return -1;
    format_of(n)->write_position(g, pos, x, buf, len);
    return 0;
}

/* Whether s[0..1] is a point's name in the shape c3 (either case; rows 1-9). */
static bool point_shape(const char *s)
{
    int c = tolower((unsigned char)s[0]);
    return c >= 'a' && c <= 'i' && s[1] >= '1' && s[1] <= '9';
}

int notation_detect_move(const char *text)
{
    size_t n = strlen(text);
    if (!strcmp(text, "pass")) return NOTATION_GUTI;
    if (n >= 2 && point_shape(text)) {
        size_t k = 2;
        while (k + 3 <= n && strchr("-xX", text[k]) && point_shape(text + k + 1)) k += 3;
        if (k == n) return NOTATION_GUTI;
    }
    if (n >= 3 && (text[0] == 'G' || text[0] == 'B')) {
        size_t k = 1, d = 0;
        if (text[k] == 'x') k++;
        while (k < n && text[k] >= '1' && text[k] <= '9') k++, d++;
        if (k < n && text[k] == '#') k++;
        if (k == n && (d == 2 || d == 4)) return NOTATION_BAGHCHAL;
    }
    if (n >= 3 && text[0] == 'm' && point_shape(text + 1) && isupper((unsigned char)text[1]))
        return NOTATION_OBX;
    return -1;
}

int notation_read_move(enum notation n, const struct game *g, const char *text, struct move *m,
                       int *mover, char *err, size_t errlen)
{
    *mover = -1;
    if (n == NOTATION_GUTI) return notation_parse_move(g->board, text, m, err, errlen);
    if (foreign_game(n, g, err, errlen)) return -1;
    return format_of(n)->read_move(g, text, m, mover, err, errlen);
}

int notation_write_move(enum notation n, const struct game *g, const struct position *pos,
                        const struct move *m, char *buf, size_t len, char *err, size_t errlen)
{
    if (n == NOTATION_GUTI) {
        notation_format_move(g->board, m, buf, len);
        return 0;
    }
    if (foreign_game(n, g, err, errlen)) return -1;
    return format_of(n)->write_move(g, pos, m, buf, len, err, errlen);
}

/* ---- Records ------------------------------------------------------------------------------ */

static bool result_token(const char *w)
{
    static const char *const words[] = {"1-0", "0-1", "1/2-1/2", "#"};
    if (record_result_word(w)) return true;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (!strcmp(w, words[i])) return true;
    return false;
}

int notation_detect_record(const char *text, enum notation *n, char *err, size_t errlen)
{
    /* A copy without its comments, read line by line. */
    char *copy = strdup(text), *fen = NULL;
    if (!copy) return snprintf(err, errlen, "out of memory"), -1;
    bool in_comment = false;
    for (char *s = copy; *s; s++) {
        if (!in_comment && *s == '[') {
            /* a tag's value, as record.c reads it (to a '"' or the line's end): a '{' in
             * it starts no comment */
            char *q = s + strcspn(s, "\"\n");
            if (*q == '"') q += 1 + strcspn(q + 1, "\"\n");
            if (!*q) break;
            s = q;
            continue;
        }
        if (*s == '{') in_comment = true;
        if (!in_comment) continue;
        if (*s == '}') in_comment = false;
        if (*s != '\n') *s = ' ';
    }
    int found = -1, first = 0, moves = 0, rc = 0;
    char first_text[40] = "", why[200];
    bool obx_lines = false;
    char *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line && !rc;
         line = strtok_r(NULL, "\n", &save)) {
        while (isspace((unsigned char)*line)) line++;
        if (!*line) continue;
        if (*line == '[') {
            char *v = strstr(line, "\"");
            if (!strncmp(line, "[FEN", 4) && v && !fen) {
                char *end = strchr(v + 1, '"');
                if (end) {
                    *end = 0;
                    fen = v + 1;
                }
            }
            continue;
        }
        /* Only OBX records list positions: a line that is one makes the record OBX's, and
         * a bad one is for OBX's reader to name. */
        size_t w0 = strcspn(line, " \t\r");
        if (memchr(line, '/', w0) && !(w0 == 7 && !strncmp(line, "1/2-1/2", 7))) {
            obx_lines = true;
            continue;
        }
        char *inner = NULL;
        for (char *w = strtok_r(line, " \t\r", &inner); w; w = strtok_r(NULL, " \t\r", &inner)) {
            size_t d = 0;
            while (isdigit((unsigned char)w[d])) d++;
            if (d > 0 && w[d] == '.') {
                while (w[d] == '.') d++;
                w += d;
            }
            if (!*w || result_token(w)) continue;
            int mn = notation_detect_move(w);
            if (mn < 0) continue;
            moves++;
            if (found < 0) {
                found = mn;
                first = moves;
                snprintf(first_text, sizeof first_text, "%s", QUOTE(w));
            } else if (mn != found) {
                rc = (snprintf(err, errlen,
                               "the moves mix notations: move %d (%s) is %s, move %d (%s) %s",
                               first, first_text, fits_names(1u << found), moves, QUOTE(w),
                               fits_names(1u << mn)),
                      -1);
                break;
            }
        }
    }
    if (!rc && obx_lines && found >= 0 && found != NOTATION_OBX)
        rc = (snprintf(err, errlen, "the moves mix notations: OBX position lines, and %s moves",
                       fits_names(1u << found)),
              -1);
    if (!rc) {
        enum notation pn = NOTATION_GUTI;
        if (found >= 0)
            *n = (enum notation)found;
        else if (obx_lines)
            *n = NOTATION_OBX;
        else if (fen && notation_detect_position(fen, &pn, why, sizeof why) == 0)
            *n = pn;
        else
            *n = NOTATION_GUTI;
    }
    free(copy);
    return rc;
}

int notation_read_record(enum notation n, const char *text, const char *game, const char *rules,
                         struct record *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (n != NOTATION_GUTI) {
        if (game) {
            struct game g;
            if (notation_game(n, NULL, game, rules, NULL, &g, err, errlen)) return -1;
        }
        if (format_of(n)->read_record(text, rules, r, err, errlen) == 0) return 0;
        record_free(r);
        return -1;
    }
    if (!game) return record_parse(text, r, err, errlen);
    /* A text with no tags is a bare list of moves of the game named, from its start. */
    if (record_scan(text, NULL, r, err, errlen)) return -1;
    if (record_empty(r)) {
        record_free(r);
        return snprintf(err, errlen, "empty"), -1;
    }
    if (r->ntags == 0) {
        struct game g;
        char name[32];
        if (game_setup(&g, game, rules, NULL, err, errlen)) {
            record_free(r);
            return -1;
        }
        game_rules_name(&g, name, sizeof name);
        if (record_add_tag(r, "Game", g.ops->name) || record_add_tag(r, "Rules", name)) {
            record_free(r);
            return snprintf(err, errlen, "out of memory"), -1;
        }
    }
    if (!record_tag(r, "Game"))
        snprintf(err, errlen, "missing tag [Game \"...\"]");
    else if (!record_tag(r, "Rules"))
        snprintf(err, errlen, "missing tag [Rules \"...\"]");
    else
        return 0;
    record_free(r);
    return -1;
}

static int guti_write_record(const struct game *g, const struct record *r, const struct replay *rp,
                             struct strbuf *out)
{
    const struct position *start = &rp->h.p[0];
    struct position standard = g->ops->start(g);
    char text[256];
    game_rules_name(g, text, sizeof text);
    sb_printf(out, "[Game \"%s\"]\n[Rules \"%s\"]\n", g->ops->name, text);
    /* a board other than the game's own is named */
    struct game own;
    char why[200];
    if (game_setup(&own, g->ops->name, NULL, NULL, why, sizeof why) == 0 && own.board != g->board)
        sb_printf(out, "[Board \"%s\"]\n", g->board->name);
    if (!position_same(start, &standard) || start->clock) {
        g->ops->format(g, start, text, sizeof text);
        sb_printf(out, "[FEN \"%s\"]\n", text);
    }
    for (int i = 0; i < r->ntags; i++) {
        const char *name = r->tag_name[i];
        if (strcmp(name, "Game") && strcmp(name, "Rules") && strcmp(name, "Board") &&
            strcmp(name, "FEN") && strcmp(name, "Result"))
            sb_printf(out, "[%s \"%s\"]\n", name, r->tag_value[i]);
    }
    const char *recorded = recorded_result(r);
    const char *word = recorded ? recorded : outcome_word(g, &rp->outcome);
    sb_printf(out, "[Result \"%s\"]\n\n", word);
    /* After the moves only a word a reader takes as a result (record.h's): a Result tag's
     * that is none would read back as a move. The tag alone keeps it. */
    const char *last = record_result_word(word) ? word : NULL;
    size_t line = out->n;
    int number = 0;
    for (int i = 0; i < rp->played + (last != NULL); i++) {
        char num[24] = "";
        const char *w = i < rp->played ? r->moves[i] : last;
        if (i < rp->played && rp->h.p[i].side == 0)
            snprintf(num, sizeof num, "%d. ", ++number);
        else if (i == 0 && rp->played > 0)
            snprintf(num, sizeof num, "%d... ", ++number);
        size_t len = strlen(num) + strlen(w);
        if (out->n > line && out->n - line + 1 + len > 90) {
            sb_printf(out, "\n");
            line = out->n;
        } else if (out->n > line) {
            sb_printf(out, " ");
        }
        sb_printf(out, "%s%s", num, w);
    }
    sb_printf(out, "\n");
    return 0;
}

int notation_write_record(enum notation n, const struct game *g, const struct record *r,
                          const struct replay *rp, char **out, char *err, size_t errlen)
{
    *out = NULL;
    if (rp->bad_move >= 0)
        return snprintf(err, errlen, "move %d (%s): %s", rp->bad_move + 1,
                        QUOTE(record_move_text(r, rp->bad_move)), rp->why),
               -1;
    if (n != NOTATION_GUTI) {
        if (foreign_game(n, g, err, errlen)) return -1;
        if (rp->h.p[0].clock)
            return snprintf(err, errlen,
                            "the %s notation has no clock: the start's, %d, would be lost (a "
                            "reader takes it as 0)",
                            names[n], rp->h.p[0].clock),
                   -1;
    }
    struct strbuf sb = {0};
    int rc = n == NOTATION_GUTI ? guti_write_record(g, r, rp, &sb)
                                : format_of(n)->write_record(g, r, rp, &sb, err, errlen);
    if (rc == 0 && !sb.s) sb_printf(&sb, "%s", "");
    if (rc == 0 && sb.failed) rc = (snprintf(err, errlen, "out of memory"), -1);
    if (rc) {
        free(sb.s);
        return -1;
    }
    *out = sb.s;
    return 0;
}
