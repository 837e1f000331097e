/* Sixteen Soldiers (Sholo Guti), docs/rules.md: steps and chains of captures, under rules
 * optional (every prefix of a chain is a move) or forced (only maximal chains, and only
 * captures when one exists). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "notation.h"
#include "ss_tables.h"
#include "sixteen.h"

enum { RED = 0, BLUE = 1 };

static bits_t all_points(const struct board *b)
{
    return BIT(b->npoints) - 1;
}

static struct position successor(const struct position *pos, bits_t own, bits_t enemy, int reset)
{
    struct position s = {.side = 1 - pos->side, .clock = reset ? 0 : pos->clock + 1};
    s.men[pos->side] = own;
    s.men[1 - pos->side] = enemy;
    return s;
}

/* Whether a piece on p can jump, with own and enemy as the pieces on the board. */
static bool can_jump(const struct board *b, int p, bits_t own, bits_t enemy)
{
    bits_t empty = all_points(b) & ~own & ~enemy;
    for (int j = 0; j < b->njumps[p]; j++)
        if ((enemy & BIT(b->jumps[p][j].over)) && (empty & BIT(b->jumps[p][j].to))) return true;
    return false;
}

static bool side_can_capture(const struct board *b, const struct position *pos)
{
    bits_t own = pos->men[pos->side], enemy = pos->men[1 - pos->side];
    for (bits_t x = own; x;)
        if (can_jump(b, bits_pop(&x), own, enemy)) return true;
    return false;
}

/* The chain search. A chain's state is the jumping piece's point and the enemy pieces
 * left; different jump orders reaching the same state are the same move, so each state is
 * expanded once (a hash set of states, in the move list's scratch space). */
struct chain {
    const struct game *g;
    const struct position *pos;
    struct movelist *l;
    bits_t own; /* own pieces, the jumping one excluded */
    int origin;
    size_t nseen;
    struct move m;
    bool failed; /* memory ran out: the search stops, and moves() returns -1 */
};

static bool seen_insert(struct chain *c, uint64_t key)
{
    struct movelist *l = c->l;
    if (2 * (c->nseen + 1) > l->seen_cap) {
        size_t cap = l->seen_cap ? 2 * l->seen_cap : 256;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t) {
            c->failed = true;
            return false;
        }
        for (size_t i = 0; i < l->seen_cap; i++) {
            if (!l->seen[i]) continue;
            size_t h = (l->seen[i] * 0x9E3779B97F4A7C15ULL >> 20) & (cap - 1);
            while (t[h]) h = (h + 1) & (cap - 1);
            t[h] = l->seen[i];
        }
        free(l->seen);
        l->seen = t;
        l->seen_cap = cap;
    }
    size_t h = (key * 0x9E3779B97F4A7C15ULL >> 20) & (l->seen_cap - 1);
    for (; l->seen[h]; h = (h + 1) & (l->seen_cap - 1))
        if (l->seen[h] == key) return false;
    l->seen[h] = key;
    c->nseen++;
    return true;
}

static void chain_add(struct chain *c, int cur, bits_t enemy)
{
    struct position s = successor(c->pos, c->own | BIT(cur), enemy, 1);
    /* Chains of two pieces can only meet in one position when both end where they
     * started, having taken the same pieces. */
    if (cur == c->origin)
        for (int i = 0; i < c->l->n; i++)
            if (position_same(&c->l->succ[i], &s)) return;
    if (movelist_push(c->l, &c->m, &s) < 0) c->failed = true;
}

static void chain_search(struct chain *c, int cur, bits_t enemy, int depth)
{
    const struct board *b = c->g->board;
    if (!seen_insert(c, enemy | (uint64_t)(cur + 1) << 57) || c->failed) return;
    bits_t empty = all_points(b) & ~c->own & ~enemy & ~BIT(cur);
    bool more = can_jump(b, cur, c->own | BIT(cur), enemy);
    if (depth > 0 && (c->g->rules == SS_OPTIONAL || !more)) chain_add(c, cur, enemy);
    for (int j = 0; j < b->njumps[cur] && more && !c->failed; j++) {
        struct jump jp = b->jumps[cur][j];
        if (!(enemy & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
        c->m.to[depth] = jp.to;
        c->m.njumps = depth + 1;
        chain_search(c, jp.to, enemy ^ BIT(jp.over), depth + 1);
    }
}

static int ss_moves(const struct game *g, const struct position *pos, struct movelist *l)
{
    const struct board *b = g->board;
    bits_t own = pos->men[pos->side], enemy = pos->men[1 - pos->side];
    bits_t empty = all_points(b) & ~own & ~enemy;
    bool captures_only = g->rules == SS_FORCED && side_can_capture(b, pos);
    l->n = 0;
    if (!enemy) return 0; /* the game ended with the last capture */
    for (bits_t x = own; x;) {
        int p = bits_pop(&x);
        if (!captures_only)
            for (bits_t t = b->adjmask[p] & empty; t;) {
                int q = bits_pop(&t);
                struct move m = {.kind = MOVE_STEP, .from = p, .njumps = 1};
                m.to[0] = (uint8_t)q;
                struct position s = successor(pos, own ^ BIT(p) ^ BIT(q), enemy, 0);
                if (movelist_push(l, &m, &s) < 0) return -1;
            }
        if (!can_jump(b, p, own, enemy)) continue;
        struct chain c = {.g = g, .pos = pos, .l = l, .own = own ^ BIT(p), .origin = p};
        c.m.kind = MOVE_CAPTURE;
        c.m.from = p;
        if (l->seen) memset(l->seen, 0, l->seen_cap * sizeof *l->seen);
        chain_search(&c, p, enemy, 0);
        if (c.failed) return -1;
    }
    return l->n;
}

static bool ss_over(const struct game *g, const struct position *pos, struct outcome *out)
{
    const struct board *b = g->board;
    bits_t own = pos->men[pos->side], enemy = pos->men[1 - pos->side];
    bits_t empty = all_points(b) & ~own & ~enemy;
    if (!own || !enemy) {
        *out = (struct outcome){END_NO_PIECES, own ? pos->side : 1 - pos->side};
        return true;
    }
    for (bits_t x = own; x;) {
        int p = bits_pop(&x);
        if ((b->adjmask[p] & empty) || can_jump(b, p, own, enemy)) {
            *out = (struct outcome){END_NONE, -1};
            return false;
        }
    }
    *out = (struct outcome){END_NO_MOVES, 1 - pos->side};
    return true;
}

static int ss_play(const struct game *g, const struct position *pos, const struct move *m,
                   struct position *succ, char *why, size_t len)
{
    const struct board *b = g->board;
    const char *colour = pos->side == RED ? "red" : "blue",
               *other = pos->side == RED ? "blue" : "red";
    bits_t own = pos->men[pos->side], enemy = pos->men[1 - pos->side];
    char from[3], to[3], over[3];
    struct outcome o;
    if (ss_over(g, pos, &o)) return snprintf(why, len, "the game is over"), -1;
    if (m->kind == MOVE_PASS)
        return snprintf(why, len, "there is no passing in Sixteen Soldiers"), -1;
    if (m->kind == MOVE_PLACE)
        return snprintf(why, len, "a move is a step from-to or a capture fromxto"), -1;
    board_point_name(b, m->from, from);
    if (!(own & BIT(m->from))) return snprintf(why, len, "no %s piece on %s", colour, from), -1;
    own ^= BIT(m->from);
    int cur = m->from;
    if (m->kind == MOVE_STEP) {
        board_point_name(b, m->to[0], to);
        if (!(b->adjmask[cur] & BIT(m->to[0])))
            return snprintf(why, len, "%s is not adjacent to %s", to, from), -1;
        if ((own | enemy) & BIT(m->to[0])) return snprintf(why, len, "%s is occupied", to), -1;
        if (g->rules == SS_FORCED && side_can_capture(b, pos))
            return snprintf(why, len, "a capture is available and rules forced make it compulsory"),
                   -1;
        *succ = successor(pos, own | BIT(m->to[0]), enemy, 0);
        return 0;
    }
    for (int i = 0; i < m->njumps; i++) {
        int j, target = m->to[i];
        board_point_name(b, cur, from);
        board_point_name(b, target, to);
        for (j = 0; j < b->njumps[cur] && b->jumps[cur][j].to != target; j++) {}
        if (j == b->njumps[cur])
            return snprintf(why, len, "jump %d: no line leads from %s over one point to %s", i + 1,
                            from, to),
                   -1;
        int ov = b->jumps[cur][j].over;
        board_point_name(b, ov, over);
        if (!(enemy & BIT(ov)))
            return snprintf(why, len, "jump %d: no %s piece on %s to capture", i + 1, other, over),
                   -1;
        if ((own | enemy) & BIT(target))
            return snprintf(why, len, "jump %d: %s is occupied", i + 1, to), -1;
        enemy ^= BIT(ov);
        cur = target;
    }
    if (g->rules == SS_FORCED && can_jump(b, cur, own | BIT(cur), enemy)) {
        board_point_name(b, cur, to);
        return snprintf(why, len,
                        "the chain must go on: the piece on %s can still capture (rules forced)",
                        to),
               -1;
    }
    *succ = successor(pos, own | BIT(cur), enemy, 1);
    return 0;
}

static int ss_parse(const struct game *g, const char *text, struct position *pos, char *err,
                    size_t errlen)
{
    char buf[256], *f[NOTATION_MAX_FIELDS], why[160];
    int nf = notation_fields(text, buf, sizeof buf, f, why, sizeof why);
    memset(pos, 0, sizeof *pos);
    if (nf < 0) return snprintf(err, errlen, "position: %s", why), -1;
    if (nf < 2 || nf > 3)
        return snprintf(err, errlen, "position: %d fields, expected BOARD SIDE [CLOCK]", nf), -1;
    if (notation_parse_board(g->board, f[0], "RB", pos->men, why, sizeof why) ||
        (nf == 3 && notation_parse_int(f[2], 0, 1000000, "clock", &pos->clock, why, sizeof why)))
        return snprintf(err, errlen, "position: %s", why), -1;
    /* The side is lower case, the pieces upper case (see bc_parse). */
    if (strcmp(f[1], "r") == 0)
        pos->side = RED;
    else if (strcmp(f[1], "b") == 0)
        pos->side = BLUE;
    else
        return snprintf(err, errlen, "position: side '%s', expected r or b (lower case)",
                        QUOTE(f[1])),
               -1;
    if (!pos->men[RED] && !pos->men[BLUE])
        return snprintf(err, errlen, "position: no pieces on the board"), -1;
    if (game_check_clock(g, pos, err, errlen)) return -1;
    for (int s = 0; s < 2; s++)
        if (bits_count(pos->men[s]) > 16)
            return snprintf(err, errlen, "position: %d %s pieces, at most 16",
                            bits_count(pos->men[s]), s == RED ? "red" : "blue"),
                   -1;
    return 0;
}

static void ss_format(const struct game *g, const struct position *pos, char *buf, size_t len)
{
    char board[128];
    notation_format_board(g->board, pos->men, "RB", board, sizeof board);
    int k = snprintf(buf, len, "%s %c", board, pos->side == RED ? 'r' : 'b');
    if (pos->clock && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, " %d", pos->clock);
}

static struct position ss_start(const struct game *g)
{
    const struct board *b = g->board;
    struct position pos = {.side = RED};
    for (int p = 0; p < b->npoints; p++) {
        if (b->row[p] <= 3) pos.men[RED] |= BIT(p);  /* rows 1..4 */
        if (b->row[p] >= 5) pos.men[BLUE] |= BIT(p); /* rows 6..9 */
    }
    return pos;
}

static void ss_material(const struct game *g, const struct position *pos, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "red %d, blue %d", bits_count(pos->men[RED]), bits_count(pos->men[BLUE]));
}

static int ss_setup(struct game *g, const char *rules, const char *board, char *err, size_t errlen)
{
    if (board && strcmp(board, "sixteen") != 0) {
        snprintf(err, errlen, "board '%s' is for baghchal: Sixteen Soldiers has one board",
                 QUOTE(board));
        return -1;
    }
    if (!(g->board = board_named("sixteen"))) {
        snprintf(err, errlen, "internal error: board 'sixteen' does not build");
        return -1;
    }
    if (!rules || strcmp(rules, "optional") == 0)
        g->rules = SS_OPTIONAL;
    else if (strcmp(rules, "forced") == 0)
        g->rules = SS_FORCED;
    else {
        snprintf(err, errlen, "unknown rules '%s' for sixteen (optional, forced)", QUOTE(rules));
        return -1;
    }
    return 0;
}

static void ss_rules_name(const struct game *g, char *buf, size_t len)
{
    snprintf(buf, len, "%s", g->rules == SS_FORCED ? "forced" : "optional");
}

static const char *ss_board_for_rows(int rows)
{
    return rows == 9 ? "sixteen" : NULL;
}

static const char *const ss_aliases[] = {"sixteen-soldiers", "sholo-guti", NULL};
static const char *const ss_boards[] = {"sixteen", NULL};
static const char *const ss_rules[] = {"optional", "forced", NULL};

/* The explorer's positions where only the endgames' tables are there. */
static bool ss_sample(const struct game *g, int i, struct position *pos)
{
    static const char *const endgames[] = {
        "B2/3/5/2B2/2B2/1R3/5/3/2R r", /* 5 pieces: b4xd6xb6 wins, b4xd6 draws */
        "3/3/5/2BB1/5/2R2/5/3/2R r",   /* 4 pieces */
        "3/3/5/3B1/2B2/2R2/5/3/3 r",   /* 3 pieces */
    };
    char err[120];
    return i >= 0 && i < (int)(sizeof endgames / sizeof *endgames) &&
           ss_parse(g, endgames[i], pos, err, sizeof err) == 0;
}

const struct game_ops sixteen_ops = {
    .name = "sixteen",
    .side_name = {"red", "blue"},
    .piece_name = {"red", "blue"},
    .piece_letter = {'R', 'B'},
    .side_letter = {'r', 'b'},
    .clock_limit = 80,
    .parse = ss_parse,
    .format = ss_format,
    .moves = ss_moves,
    .play = ss_play,
    .over = ss_over,
    .start = ss_start,
    .material = ss_material,
    .title = "Sixteen Soldiers",
    .aliases = ss_aliases,
    .setup = ss_setup,
    .rules_name = ss_rules_name,
    .board_for_rows = ss_board_for_rows,
    .fen_rows = "9",
    .layers = &ss_table_layers,
    .boards = ss_boards,
    .rules_list = ss_rules,
    .sample = ss_sample,
    .partial_tables = "endgames",
    .compare_rules = NULL,          /* its rule sets' tables are not compared */
    .side_plural = {false, false},  /* "red has no legal move", "Blue wins" */
    .side_article = {false, false}, /* colours stand bare: "red", not "the red" */
};
