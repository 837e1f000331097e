/* Adugo (the jaguar and the dogs), docs/rules.md: the jaguar steps or captures dogs by
 * jumping, in chains, under rules optional (every prefix of a chain is a move) or forced
 * (only maximal chains, and only captures when one exists); the dogs step. The jaguar wins
 * with its capture goal (5), the dogs when the jaguar to move has no move.
 *
 * Variants for tests and study ride on the rules' name: "-dN" plays with N dogs (the start
 * keeps the N start points nearest row 3) and "-kN" with a capture goal of N (default
 * min(5, N)): "forced-d4-k2". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adugo.h"
#include "notation.h"

#define AD_DOGS_MOST 14
#define AD_GOAL 5

/* The Bagh-Chal board with the triangle on top (docs/rules.md, "Adugo board"). */
static const char *const ad_lines[] = {
    "a1 b1 c1 d1 e1", "a2 b2 c2 d2 e2", "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4",
    "a5 b5 c5 d5 e5", "a1 a2 a3 a4 a5", "b1 b2 b3 b4 b5", "c1 c2 c3 c4 c5 c6 c7",
    "d1 d2 d3 d4 d5", "e1 e2 e3 e4 e5", "a1 b2 c3 d4 e5", "e1 d2 c3 b4 a5",
    "a3 b4 c5 d6 e7", "e3 d4 c5 b6 a7", "e3 d2 c1",       "c1 b2 a3",
    "b6 c6 d6",       "a7 c7 e7",
};

/* The start's dogs, those kept first when a variant has fewer. */
static const char *const ad_start_dogs[AD_DOGS_MOST] = {
    "a3", "b3", "d3", "e3", "a2", "b2", "c2", "d2", "e2", "a1", "b1", "c1", "d1", "e1",
};

/* Built on first use, once (as the core's built-in boards are): the lines are known good
 * (the unit tests check the board's figures), so a failure is a programming error that
 * setup reports. */
static const struct board *ad_board(void)
{
    static struct board built;
    static int state; /* 0 not built yet, 1 built, -1 failed */
#pragma omp critical(adugo_board)
    if (!state) {
        char err[200];
        state = board_build(&built, "adugo", ad_lines, (int)(sizeof ad_lines / sizeof *ad_lines),
                            err, sizeof err)
                    ? -1
                    : 1;
    }
    return state == 1 ? &built : NULL;
}

static int dogs_captured(const struct game *g, const struct position *pos)
{
    return g->side_men[AD_DOGS] - bits_count(pos->men[AD_DOGS]);
}

static int jaguar_point(const struct position *pos)
{
    return __builtin_ctzll(pos->men[AD_JAGUAR]);
}

void ad_seen_free(struct ad_seen *s)
{
    if (s->heap) free(s->t);
    s->t = NULL;
    s->heap = false;
}

static size_t seen_slot(uint64_t key, size_t cap)
{
    return (key * 0x9E3779B97F4A7C15ULL >> 20) & (cap - 1);
}

/* Inserts key: 1 when new, 0 when there already, -1 when memory runs out. */
static int seen_insert(struct ad_seen *s, uint64_t key)
{
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = 2 * s->cap;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t) return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->t[i]) continue;
            size_t h = seen_slot(s->t[i], cap);
            while (t[h]) h = (h + 1) & (cap - 1);
            t[h] = s->t[i];
        }
        if (s->heap) free(s->t);
        s->t = t;
        s->cap = cap;
        s->heap = true;
    }
    size_t h = seen_slot(key, s->cap);
    for (; s->t[h]; h = (h + 1) & (s->cap - 1))
        if (s->t[h] == key) return 0;
    s->t[h] = key;
    s->n++;
    return 1;
}

struct chain {
    const struct game *g;
    struct ad_seen *seen;
    struct move m;
    int (*found)(void *arg, const struct move *m, bits_t dogs);
    void *arg;
};

static int chain_search(struct chain *c, int cur, bits_t D, int depth)
{
    const struct board *b = c->g->board;
    int fresh = seen_insert(c->seen, D | (uint64_t)(cur + 1) << 57);
    if (fresh <= 0) return fresh;
    bool more = ad_can_jump(b, cur, D);
    if (depth > 0 && (c->g->rules == AD_OPTIONAL || !more)) {
        int rc = c->found(c->arg, &c->m, D);
        if (rc) return rc;
    }
    bits_t empty = ad_all_points(b) & ~D & ~BIT(cur);
    for (int k = 0; k < b->njumps[cur] && more; k++) {
        struct jump jp = b->jumps[cur][k];
        if (!(D & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
        c->m.to[depth] = jp.to;
        c->m.njumps = depth + 1;
        int rc = chain_search(c, jp.to, D ^ BIT(jp.over), depth + 1);
        if (rc) return rc;
    }
    return 0;
}

int ad_chains(const struct game *g, int j, bits_t D, struct ad_seen *s,
              int (*found)(void *arg, const struct move *m, bits_t dogs), void *arg)
{
    memset(s->t, 0, s->cap * sizeof *s->t);
    s->n = 0;
    struct chain c = {.g = g, .seen = s, .found = found, .arg = arg};
    c.m.kind = MOVE_CAPTURE;
    c.m.from = j;
    return chain_search(&c, j, D, 0);
}

static struct position successor(const struct position *pos, bits_t jaguar, bits_t dogs, int reset)
{
    return (struct position){
        .men = {jaguar, dogs}, .side = 1 - pos->side, .clock = reset ? 0 : pos->clock + 1};
}

struct move_sink {
    const struct position *pos;
    struct movelist *l;
};

static int push_chain(void *arg, const struct move *m, bits_t dogs)
{
    struct move_sink *k = arg;
    struct position s = successor(k->pos, BIT(m->to[m->njumps - 1]), dogs, 1);
    return movelist_push(k->l, m, &s) < 0 ? -1 : 0;
}

static int jaguar_moves(const struct game *g, const struct position *pos, struct movelist *l)
{
    const struct board *b = g->board;
    int j = jaguar_point(pos);
    bits_t D = pos->men[AD_DOGS];
    bool can_jump = ad_can_jump(b, j, D);
    if (!(g->rules == AD_FORCED && can_jump))
        for (bits_t t = b->adjmask[j] & ~D; t;) {
            int q = bits_pop(&t);
            struct move m = {.kind = MOVE_STEP, .from = j, .njumps = 1};
            m.to[0] = (uint8_t)q;
            struct position s = successor(pos, BIT(q), D, 0);
            if (movelist_push(l, &m, &s) < 0) return -1;
        }
    if (!can_jump) return l->n;
    /* the movelist's scratch, kept from call to call */
    if (!l->seen) {
        if (!(l->seen = calloc(256, sizeof *l->seen))) return -1;
        l->seen_cap = 256;
    }
    struct ad_seen s = {.t = l->seen, .cap = l->seen_cap};
    struct move_sink k = {pos, l};
    int rc = ad_chains(g, j, D, &s, push_chain, &k);
    if (s.heap) { /* it grew: the list keeps the larger table */
        free(l->seen);
        l->seen = s.t;
        l->seen_cap = s.cap;
    }
    return rc ? -1 : l->n;
}

static bool ad_over(const struct game *g, const struct position *pos, struct outcome *out)
{
    const struct board *b = g->board;
    bits_t J = pos->men[AD_JAGUAR], D = pos->men[AD_DOGS], empty = ad_all_points(b) & ~J & ~D;
    if (dogs_captured(g, pos) >= g->capture_goal) {
        *out = (struct outcome){END_CAPTURES, AD_JAGUAR};
        return true;
    }
    bool can_move = false;
    if (pos->side == AD_JAGUAR) {
        int j = jaguar_point(pos);
        can_move = (b->adjmask[j] & empty) || ad_can_jump(b, j, D);
    } else {
        for (bits_t x = D; x && !can_move;) can_move = b->adjmask[bits_pop(&x)] & empty;
    }
    if (can_move) {
        *out = (struct outcome){END_NONE, -1};
        return false;
    }
    *out = (struct outcome){END_NO_MOVES, 1 - pos->side};
    return true;
}

static int ad_moves(const struct game *g, const struct position *pos, struct movelist *l)
{
    const struct board *b = g->board;
    struct outcome o;
    l->n = 0;
    if (ad_over(g, pos, &o)) return 0;
    if (pos->side == AD_JAGUAR) return jaguar_moves(g, pos, l);
    bits_t J = pos->men[AD_JAGUAR], D = pos->men[AD_DOGS], empty = ad_all_points(b) & ~J & ~D;
    for (bits_t x = D; x;) {
        int p = bits_pop(&x);
        for (bits_t t = b->adjmask[p] & empty; t;) {
            int q = bits_pop(&t);
            struct move m = {.kind = MOVE_STEP, .from = p, .njumps = 1};
            m.to[0] = (uint8_t)q;
            struct position s = successor(pos, J, D ^ BIT(p) ^ BIT(q), 0);
            if (movelist_push(l, &m, &s) < 0) return -1;
        }
    }
    return l->n;
}

static int fail(char *why, size_t len, const char *fmt, const char *a, const char *b)
{
    snprintf(why, len, fmt, a, b);
    return -1;
}

/* A chain as written, jump by jump: the dogs it leaves, or -1 with why. */
static int play_chain(const struct game *g, const struct position *pos, const struct move *m,
                      bits_t *dogs, char *why, size_t len)
{
    const struct board *b = g->board;
    bits_t D = pos->men[AD_DOGS];
    int cur = m->from;
    for (int i = 0; i < m->njumps; i++) {
        int k, target = m->to[i];
        char from[3], to[3], over[3], at[40];
        board_point_name(b, cur, from);
        board_point_name(b, target, to);
        snprintf(at, sizeof at, "jump %d", i + 1);
        for (k = 0; k < b->njumps[cur] && b->jumps[cur][k].to != target; k++) {}
        if (k == b->njumps[cur])
            return snprintf(why, len, "%s: no line leads from %s over one point to %s", at, from,
                            to),
                   -1;
        int ov = b->jumps[cur][k].over;
        board_point_name(b, ov, over);
        if (!(D & BIT(ov))) return snprintf(why, len, "%s: no dog on %s to capture", at, over), -1;
        /* the jaguar's own point is empty once it has jumped */
        if (D & BIT(target)) return fail(why, len, "%s: %s is occupied", at, to);
        D ^= BIT(ov);
        cur = target;
    }
    if (g->rules == AD_FORCED && ad_can_jump(b, cur, D)) {
        char to[3];
        board_point_name(b, cur, to);
        return fail(why, len, "the chain must go on: the jaguar on %s can still capture (rules %s)",
                    to, "forced");
    }
    *dogs = D;
    return 0;
}

static int ad_play(const struct game *g, const struct position *pos, const struct move *m,
                   struct position *succ, char *why, size_t len)
{
    const struct board *b = g->board;
    bits_t J = pos->men[AD_JAGUAR], D = pos->men[AD_DOGS];
    char from[3], to[3];
    struct outcome o;
    if (ad_over(g, pos, &o)) return snprintf(why, len, "the game is over"), -1;
    if (m->kind == MOVE_PASS) return snprintf(why, len, "there is no passing in Adugo"), -1;
    if (m->kind == MOVE_PLACE)
        return snprintf(why, len, "a move is a step from-to or a capture fromxto"), -1;
    board_point_name(b, m->from, from);
    bits_t own = pos->men[pos->side];
    if (!(own & BIT(m->from)))
        return fail(why, len, "no %s on %s", pos->side == AD_JAGUAR ? "jaguar" : "dog", from);
    if (m->kind == MOVE_CAPTURE) {
        if (pos->side == AD_DOGS) return snprintf(why, len, "dogs never capture"), -1;
        bits_t dogs;
        if (play_chain(g, pos, m, &dogs, why, len)) return -1;
        *succ = successor(pos, BIT(m->to[m->njumps - 1]), dogs, 1);
        return 0;
    }
    board_point_name(b, m->to[0], to);
    if (!(b->adjmask[m->from] & BIT(m->to[0])))
        return fail(why, len, "%s is not adjacent to %s", to, from);
    if ((J | D) & BIT(m->to[0])) return fail(why, len, "%s is occupied", to, "");
    if (pos->side == AD_JAGUAR) {
        if (g->rules == AD_FORCED && ad_can_jump(b, m->from, D))
            return snprintf(why, len, "a capture is available and rules forced make it compulsory"),
                   -1;
        *succ = successor(pos, BIT(m->to[0]), D, 0);
    } else {
        *succ = successor(pos, J, D ^ BIT(m->from) ^ BIT(m->to[0]), 0);
    }
    return 0;
}

static int ad_parse(const struct game *g, const char *text, struct position *pos, char *err,
                    size_t errlen)
{
    char buf[256], *f[NOTATION_MAX_FIELDS], why[160];
    int nf = notation_fields(text, buf, sizeof buf, f, why, sizeof why);
    memset(pos, 0, sizeof *pos);
    if (nf < 0) return snprintf(err, errlen, "position: %s", why), -1;
    if (nf < 2 || nf > 3)
        return snprintf(err, errlen, "position: %d fields, expected BOARD SIDE [CLOCK]", nf), -1;
    if (notation_parse_board(g->board, f[0], "JD", pos->men, why, sizeof why) ||
        (nf == 3 && notation_parse_int(f[2], 0, 1000000, "clock", &pos->clock, why, sizeof why)))
        return snprintf(err, errlen, "position: %s", why), -1;
    /* The side is lower case, the pieces upper case (docs/notation.md). */
    if (strcmp(f[1], "j") == 0)
        pos->side = AD_JAGUAR;
    else if (strcmp(f[1], "d") == 0)
        pos->side = AD_DOGS;
    else
        return snprintf(err, errlen, "position: side '%s', expected j or d (lower case)",
                        QUOTE(f[1])),
               -1;
    int jaguars = bits_count(pos->men[AD_JAGUAR]), dogs = bits_count(pos->men[AD_DOGS]);
    if (jaguars != 1) return snprintf(err, errlen, "position: %d jaguars, expected 1", jaguars), -1;
    if (dogs > g->side_men[AD_DOGS])
        return snprintf(err, errlen, "position: %d dogs, at most %d", dogs, g->side_men[AD_DOGS]),
               -1;
    return game_check_clock(g, pos, err, errlen);
}

static void ad_format(const struct game *g, const struct position *pos, char *buf, size_t len)
{
    char board[128];
    notation_format_board(g->board, pos->men, "JD", board, sizeof board);
    int k = snprintf(buf, len, "%s %c", board, pos->side == AD_JAGUAR ? 'j' : 'd');
    if (pos->clock && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, " %d", pos->clock);
}

static struct position ad_start(const struct game *g)
{
    return (struct position){.men = {g->start_on_board[AD_JAGUAR], g->start_on_board[AD_DOGS]},
                             .side = AD_JAGUAR};
}

static void ad_material(const struct game *g, const struct position *pos, char *buf, size_t len)
{
    snprintf(buf, len, "dogs on the board %d, captured %d of %d", bits_count(pos->men[AD_DOGS]),
             dogs_captured(g, pos), g->capture_goal);
}

/* A "-dN" at the end of a rules name: N (1..14), 0 when there is none, -1 when it is no
 * number of dogs; *base_len the name's length without it. */
static int dogs_named(const char *rules, size_t len, size_t *base_len)
{
    *base_len = len;
    size_t i = len;
    while (i > 0 && rules[i - 1] >= '0' && rules[i - 1] <= '9') i--;
    if (i == len || i < 2 || rules[i - 1] != 'd' || rules[i - 2] != '-') return 0;
    *base_len = i - 2;
    if (rules[i] == '0' || len - i > 2) return -1;
    int n = atoi(rules + i);
    return n <= AD_DOGS_MOST ? n : -1;
}

static int setup_rules(struct game *g, const char *rules, char *err, size_t errlen)
{
    size_t base_len, dogs_len;
    int goal = game_capture_goal(rules, &base_len);
    int dogs = dogs_named(rules, base_len, &dogs_len);
    if (dogs < 0)
        return snprintf(err, errlen, "rules '%s': dogs, expected -d1 .. -d%d", QUOTE(rules),
                        AD_DOGS_MOST),
               -1;
    if (dogs) g->side_men[AD_DOGS] = dogs;
    g->capture_goal = g->capture_goal_default =
        g->side_men[AD_DOGS] < AD_GOAL ? g->side_men[AD_DOGS] : AD_GOAL;
    if (goal < 0 || goal > g->side_men[AD_DOGS])
        return snprintf(err, errlen, "rules '%s': capture goal %s, expected 1..%d with %d dogs",
                        QUOTE(rules), QUOTE(rules + base_len + 2), g->side_men[AD_DOGS],
                        g->side_men[AD_DOGS]),
               -1;
    if (goal) g->capture_goal = goal;
    if (dogs_len == 8 && strncmp(rules, "optional", 8) == 0)
        g->rules = AD_OPTIONAL;
    else if (dogs_len == 6 && strncmp(rules, "forced", 6) == 0)
        g->rules = AD_FORCED;
    else
        return snprintf(err, errlen,
                        "unknown rules '%s' for adugo (optional, forced, each with -dN for N "
                        "dogs and -kN for N captures to win)",
                        QUOTE(rules)),
               -1;
    return 0;
}

static int ad_setup(struct game *g, const char *rules, const char *board, char *err, size_t errlen)
{
    if (board && strcmp(board, "adugo") != 0)
        return snprintf(err, errlen, "unknown board '%s' for adugo (adugo)", QUOTE(board)), -1;
    if (!(g->board = ad_board()))
        return snprintf(err, errlen, "internal error: board 'adugo' does not build"), -1;
    g->side_men[AD_JAGUAR] = 1;
    g->side_men[AD_DOGS] = AD_DOGS_MOST;
    g->rules = AD_OPTIONAL;
    g->capture_goal = g->capture_goal_default = AD_GOAL;
    if (rules && setup_rules(g, rules, err, errlen)) return -1;
    g->start_on_board[AD_JAGUAR] = BIT(board_parse_point(g->board, "c3", 2));
    for (int i = 0; i < g->side_men[AD_DOGS]; i++)
        g->start_on_board[AD_DOGS] |= BIT(board_parse_point(g->board, ad_start_dogs[i], 2));
    return 0;
}

static void ad_rules_name(const struct game *g, char *buf, size_t len)
{
    int k = snprintf(buf, len, "%s", g->rules == AD_FORCED ? "forced" : "optional");
    if (g->side_men[AD_DOGS] != AD_DOGS_MOST && k > 0 && (size_t)k < len)
        k += snprintf(buf + k, len - (size_t)k, "-d%d", g->side_men[AD_DOGS]);
    /* a goal other than the variant's own is part of the name (game_capture_goal) */
    if (g->capture_goal != g->capture_goal_default && k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, "-k%d", g->capture_goal);
}

static const char *ad_board_for_rows(int rows)
{
    return rows == 7 ? "adugo" : NULL;
}

static const char *const ad_aliases[] = {"jogo-da-onca", NULL};
static const char *const ad_boards[] = {"adugo", NULL};
static const char *const ad_rules_list[] = {"optional", "forced", NULL};

const struct game_ops adugo_ops = {
    .name = "adugo",
    .side_name = {"jaguar", "dogs"},
    .piece_name = {"jaguar", "dog"},
    .piece_letter = {'J', 'D'},
    .side_letter = {'j', 'd'},
    .clock_limit = 0, /* no counting rule (docs/rules.md) */
    .parse = ad_parse,
    .format = ad_format,
    .moves = ad_moves,
    .play = ad_play,
    .over = ad_over,
    .start = ad_start,
    .material = ad_material,
    .title = "Adugo",
    .aliases = ad_aliases,
    .setup = ad_setup,
    .rules_name = ad_rules_name,
    .board_for_rows = ad_board_for_rows,
    .fen_rows = "7",
    .capture_goal = true,
    .layers = &ad_table_layers,
    .boards = ad_boards,
    .rules_list = ad_rules_list,
    .small_rules = "optional-d3-k2",
    .compare_rules = "forced", /* guti stats: what the house rule changes */
};
