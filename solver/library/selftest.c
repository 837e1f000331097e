/* The move graph's self-test (selftest.h says what it checks). */
#include "selftest.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bc_layers.h"
#include "bc_place.h"
#include "index.h"
#include "ss_layers.h"
#include "symmap.h"
#include "wdl.h"
#include "sixteen.h"

/* A successor of moves() that leaves the layer, where the solver finds its value: a slot
 * of a table it reads (the codes of a movement layer or material, or the WDL values of a
 * placement layer), and the position itself for the examples. */
struct target {
    retro_code *code;   /* the codes, or NULL */
    struct wdl *val;    /* or the values */
    uint64_t idx;       /* the slot */
    struct position at; /* the successor */
};

/* The lists one position's check needs, reused from one position to the next. */
struct scratch {
    int cap; /* entries of succ, pred and other */
    uint64_t *succ, *pred, *other;
    int tcap; /* entries of in and out */
    uint64_t *in;
    struct target *out;
    struct movelist ml;
};

static void scratch_free(struct scratch *s)
{
    free(s->succ);
    free(s->pred);
    free(s->other);
    free(s->in);
    free(s->out);
    movelist_free(&s->ml);
    memset(s, 0, sizeof *s);
}

/* Room for a layer's lists. A faulty expand() or predecessors() could give more than
 * max_moves: four times as much room lets the check report it rather than overrun. */
static int scratch_fit(struct scratch *s, int max_moves)
{
    int cap = 4 * max_moves + 64;
    if (cap <= s->cap) return 0;
    uint64_t *a = realloc(s->succ, (size_t)cap * sizeof *a);
    if (a) s->succ = a;
    uint64_t *b = realloc(s->pred, (size_t)cap * sizeof *b);
    if (b) s->pred = b;
    uint64_t *c = realloc(s->other, (size_t)cap * sizeof *c);
    if (c) s->other = c;
    if (!a || !b || !c) return -1;
    s->cap = cap;
    return 0;
}

/* Room for n of moves()' successors. */
static int scratch_fit_targets(struct scratch *s, int n)
{
    if (n <= s->tcap) return 0;
    int cap = 2 * n;
    uint64_t *a = realloc(s->in, (size_t)cap * sizeof *a);
    if (a) s->in = a;
    struct target *t = realloc(s->out, (size_t)cap * sizeof *t);
    if (t) s->out = t;
    if (!a || !t) return -1;
    s->tcap = cap;
    return 0;
}

/* One position being checked. */
struct check {
    const struct game *g;
    struct selftest_layer *L;
    uint64_t i; /* the position, in its layer */
    /* writes a position of the layer in notation */
    void (*describe)(void *arg, uint64_t i, char *buf, size_t len);
    void *arg;
    bool faulty;
};

/* Counts the position as faulty, once, and keeps its first fault as an example while
 * there is room. */
static void fault(struct check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fault(struct check *c, const char *fmt, ...)
{
    if (c->faulty) return;
    c->faulty = true;
    c->L->faults++;
    if (c->L->nexamples == SELFTEST_EXAMPLES) return;
    char fen[160], what[240];
    c->describe(c->arg, c->i, fen, sizeof fen);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->L->examples[c->L->nexamples++], sizeof c->L->examples[0], "%s: %s", fen, what);
}

/* A position of the layer in notation, for a message. */
static const char *fen_of(struct check *c, uint64_t i, char *buf, size_t len)
{
    c->describe(c->arg, i, buf, len);
    return buf;
}

static const char *fen_pos(const struct check *c, const struct position *p, char *buf, size_t len)
{
    c->g->ops->format(c->g, p, buf, len);
    return buf;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static bool contains(const uint64_t *v, int n, uint64_t x)
{
    for (int k = 0; k < n; k++)
        if (v[k] == x) return true;
    return false;
}

static bool same_exits(const struct move_fold *x, const struct move_fold *y)
{
    return x->n == y->n && x->draw == y->draw && x->win == y->win && x->loss == y->loss;
}

/* Sorts a list of positions of the layer and checks it: within bounds, in the layer, no
 * repeats. what names the list. Returns its length, or -1 when it cannot be used. */
static int check_list(const struct retro_layer *R, struct check *c, uint64_t *v, int n, int cap,
                      const char *what)
{
    char b[160];
    if (n < 0 || n > R->max_moves) {
        fault(c, "%s gives %d positions; max_moves is %d", what, n, R->max_moves);
        if (n < 0 || n > cap) return -1;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_u64);
    if (n && v[n - 1] >= R->size) {
        fault(c, "%s gives position %llu, past the layer's %llu", what,
              (unsigned long long)v[n - 1], (unsigned long long)R->size);
        return -1;
    }
    for (int k = 1; k < n; k++)
        if (v[k] == v[k - 1]) fault(c, "%s gives %s twice", what, fen_of(c, v[k], b, sizeof b));
    return n;
}

/* The engine's view against itself at position c->i. Leaves expand's successors sorted
 * in s->succ and returns their number (-1 when they are unusable). */
static int check_graph(const struct retro_layer *R, struct scratch *s, struct check *c)
{
    char b[160];
    uint64_t i = c->i;
    struct move_fold ex = {0};
    int ns = check_list(R, c, s->succ, R->expand(R->ctx, i, s->succ, &ex), s->cap, "expand");
    if (R->count) {
        struct move_fold e = {0};
        int k = R->count(R->ctx, i, &e);
        if (k != ns && ns >= 0) fault(c, "count gives %d successors, expand %d", k, ns);
        if (!same_exits(&e, &ex)) fault(c, "count folds other exits than expand");
    }
    if (R->exits) {
        struct move_fold e = {0};
        R->exits(R->ctx, i, &e);
        if (!same_exits(&e, &ex)) fault(c, "exits folds other exits than expand");
    }
    for (int k = 0; k < ns; k++) {
        int np = R->predecessors(R->ctx, s->succ[k], s->pred);
        c->L->links++;
        if (np < 0 || np > s->cap || !contains(s->pred, np, i))
            fault(c, "its successor %s does not have it among its predecessors",
                  fen_of(c, s->succ[k], b, sizeof b));
    }
    int np = check_list(R, c, s->pred, R->predecessors(R->ctx, i, s->pred), s->cap, "predecessors");
    for (int k = 0; k < np; k++) {
        struct move_fold e = {0};
        int n2 = R->expand(R->ctx, s->pred[k], s->other, &e);
        c->L->links++;
        if (n2 < 0 || n2 > s->cap || !contains(s->other, n2, i))
            fault(c, "its predecessor %s has no move to it", fen_of(c, s->pred[k], b, sizeof b));
    }
    return ns;
}

static uint64_t sample_size(uint64_t sample, uint64_t n)
{
    return sample && sample < n ? sample : n;
}

int selftest_layer_graph(const struct retro_layer *R, uint64_t sample,
                         void (*describe)(void *arg, uint64_t i, char *buf, size_t len), void *arg,
                         struct selftest_layer *out)
{
    struct scratch s = {0};
    if (scratch_fit(&s, R->max_moves)) {
        scratch_free(&s);
        return -1;
    }
    out->positions = R->size;
    uint64_t m = sample_size(sample, R->size);
    for (uint64_t k = 0; k < m; k++) {
        struct check c = {
            .L = out, .i = retro_sample_index(k, R->size, m), .describe = describe, .arg = arg};
        check_graph(R, &s, &c);
        out->checked++;
    }
    scratch_free(&s);
    return 0;
}

/* expand's successors (sorted, ns of them) against moves()' successors that stay in the
 * layer (s->in[0..nin-1], sorted here). */
static void compare_in_layer(struct check *c, struct scratch *s, int ns, int nin)
{
    char b[160];
    if (nin > 1) qsort(s->in, (size_t)nin, sizeof *s->in, cmp_u64); /* s->in may be NULL */
    int k = 0, j = 0;
    while (k < ns || j < nin) {
        if (j < nin && j > 0 && s->in[j] == s->in[j - 1]) { /* two moves, one class */
            j++;
            continue;
        }
        if (k < ns && j < nin && s->succ[k] == s->in[j]) {
            k++;
            j++;
        } else if (j < nin && (k == ns || s->in[j] < s->succ[k])) {
            fault(c, "moves() reaches %s, expand does not", fen_of(c, s->in[j], b, sizeof b));
            j++;
        } else {
            fault(c, "expand reaches %s, which no move of moves() does",
                  fen_of(c, s->succ[k], b, sizeof b));
            k++;
        }
    }
}

static int cmp_target(const void *x, const void *y)
{
    const struct target *a = x, *b = y;
    const void *pa = a->code ? (const void *)a->code : (const void *)a->val,
               *pb = b->code ? (const void *)b->code : (const void *)b->val;
    if (pa != pb) return pa < pb ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Sorts the targets and drops repeats (two moves to one class); the new count. */
static int unique_targets(struct target *t, int n)
{
    if (n > 1) qsort(t, (size_t)n, sizeof *t, cmp_target); /* t may be NULL when n is 0 */
    int k = 0;
    for (int j = 0; j < n; j++)
        if (k == 0 || cmp_target(&t[k - 1], &t[j])) t[k++] = t[j];
    return k;
}

/* Position i's exits, as the engine folds them. */
static struct move_fold exits_of(const struct retro_layer *R, struct scratch *s, uint64_t i)
{
    struct move_fold e = {0};
    if (R->exits)
        R->exits(R->ctx, i, &e);
    else
        R->expand(R->ctx, i, s->other, &e);
    return e;
}

/* The exits of a movement layer or material, probed. The tables the exits read are all
 * draws (0) but where a probe sets a target, one of moves()' captures (t[0..nt-1],
 * distinct): all won for the opponent, the exits must read no draw; each in turn won more
 * slowly, the exits' longest loss must show it. ncapt: captures of moves() in all, ends:
 * one of them ends the game (lost in 0 for the opponent); exact: the exits count captures
 * one by one (Bagh-Chal), else chains found (at least one per capture). Leaves the tables
 * all draws again. */
static void probe_exits(const struct retro_layer *R, struct scratch *s, struct check *c,
                        struct target *t, int nt, int ncapt, bool ends, bool exact)
{
    char b[160];
    for (int k = 0; k < nt; k++) t[k].code[t[k].idx] = 2; /* won in 1 for the opponent */
    struct move_fold e = exits_of(R, s, c->i);
    if (e.draw)
        fault(c, "its exits read a position that no capture of moves() reaches");
    else if (exact ? e.n != ncapt : (e.n < ncapt || (e.n == 0) != (ncapt == 0)))
        fault(c, "%d exits folded for %d captures of moves()", e.n, ncapt);
    else if ((e.win == 1) != ends)
        fault(c, ends ? "a capture ends the game, the exits do not say so"
                      : "an exit ends the game, no capture of moves() does");
    else if (e.loss != (nt ? 2 : 0))
        fault(c, "its exits read values no capture of moves() leads to");
    for (int k = 0; k < nt && !c->faulty; k++) {
        t[k].code[t[k].idx] = 4; /* won in 3: the exit's longest loss shows it was read */
        if (exits_of(R, s, c->i).loss != 4)
            fault(c, "the capture to %s is not among its exits", fen_pos(c, &t[k].at, b, sizeof b));
        t[k].code[t[k].idx] = 2;
    }
    for (int k = 0; k < nt; k++) t[k].code[t[k].idx] = 0;
}

static int count_captured(const struct game *g, const struct position *p)
{
    return g->ngoats - p->inhand - bits_count(p->men[0]);
}

/* Bagh-Chal's movement phase. */

static void bc_describe(void *arg, uint64_t i, char *buf, size_t len)
{
    const struct bc_layer *l = arg;
    bits_t T, G;
    pair_index_unrank(&l->ix, i / 2, &T, &G);
    struct position p = {.men = {G, T}, .side = (int)(i % 2)};
    l->g->ops->format(l->g, &p, buf, len);
}

/* Position c->i of movement layer l against moves(); ns: expand's successors. */
static int bc_check_moves(const struct retro_layer *R, const struct bc_layer *l, struct scratch *s,
                          struct check *c, int ns)
{
    const struct game *g = l->g;
    char b[160];
    bits_t T, G;
    pair_index_unrank(&l->ix, c->i / 2, &T, &G);
    struct position pos = {.men = {G, T}, .side = (int)(c->i % 2)};
    int n = g->ops->moves(g, &pos, &s->ml);
    if (n < 0 || scratch_fit_targets(s, n)) return -1;
    int nin = 0, nt = 0, ncapt = 0;
    bool ends = false;
    for (int j = 0; j < n; j++) {
        const struct position *sp = &s->ml.succ[j];
        int cs = count_captured(g, sp);
        if (sp->inhand == 0 && cs == l->captured)
            s->in[nin++] = bc_layer_position_index(l, sp->men[1], sp->men[0], sp->side);
        else if (sp->inhand == 0 && cs == l->captured + 1 && sp->side == 0) {
            ncapt++;
            if (!l->next)
                ends = true;
            else
                s->out[nt++] = (struct target){
                    .code = l->next->res,
                    .idx = bc_layer_position_index(l->next, sp->men[1], sp->men[0], 0),
                    .at = *sp};
        } else
            fault(c, "moves() leads to %s, in no layer a move from here can reach",
                  fen_pos(c, sp, b, sizeof b));
    }
    if (ns >= 0) compare_in_layer(c, s, ns, nin);
    probe_exits(R, s, c, s->out, unique_targets(s->out, nt), ncapt, ends, true);
    c->L->links += (uint64_t)n;
    return 0;
}

static int bc_movement(const struct game *g, const struct symmap *sm, uint64_t sample,
                       struct scratch *s, selftest_report report, void *arg,
                       struct selftest_result *res)
{
    int cw = g->captures_to_win, rc = 0;
    struct bc_layer cur, next;
    if (bc_layer_init(&cur, g, sm, 0)) return -1;
    for (int c = 0; c < cw; c++) {
        bool has_next = c + 1 < cw;
        cur.next = NULL;
        if (has_next) {
            /* the next layer's codes: all draws but what a probe sets, and sets back */
            if (bc_layer_init(&next, g, sm, c + 1)) {
                bc_layer_free(&cur);
                return -1;
            }
            if (!(next.res = calloc(2 * next.ix.size + 1, sizeof *next.res))) {
                bc_layer_free(&next);
                bc_layer_free(&cur);
                return -1;
            }
            cur.next = &next;
        }
        struct retro_layer R = bc_layer_retro(&cur);
        struct selftest_layer L = {.kind = "movement", .positions = R.size};
        snprintf(L.name, sizeof L.name, "h0-c%d", c);
        uint64_t m = sample_size(sample, R.size);
        if (scratch_fit(s, R.max_moves)) rc = -1;
        for (uint64_t k = 0; k < m && !rc; k++) {
            struct check ck = {.g = g,
                               .L = &L,
                               .i = retro_sample_index(k, R.size, m),
                               .describe = bc_describe,
                               .arg = &cur};
            rc = bc_check_moves(&R, &cur, s, &ck, check_graph(&R, s, &ck));
            L.checked++;
        }
        bc_layer_free(&cur);
        if (has_next) cur = next; /* the next round's layer; its codes stay all draws */
        if (!rc) {
            res->layers++;
            res->positions += L.positions;
            res->checked += L.checked;
            res->links += L.links;
            res->faults += L.faults;
            if (report) rc = report(arg, g, &L);
        }
        if (rc) {
            if (has_next) bc_layer_free(&cur);
            return rc;
        }
    }
    return 0;
}

/* Bagh-Chal's placement phase. */

/* The pair indexes by goats on the board, each with a WDL table of draws for the probes. */
struct place_tables {
    const struct game *g;
    const struct symmap *sm;
    struct pair_index *ix[BOARD_MAX_POINTS + 2];
    struct wdl val[BOARD_MAX_POINTS + 2];
};

static int place_get(struct place_tables *pt, int k)
{
    if (pt->ix[k]) return 0;
    struct pair_index *ix = malloc(sizeof *ix);
    if (!ix) return -1;
    if (pair_index_init(ix, pt->g->board, pt->sm, pt->g->ntigers, k)) {
        free(ix);
        return -1;
    }
    if (wdl_alloc(&pt->val[k], ix->size)) {
        pair_index_free(ix);
        free(ix);
        return -1;
    }
    pt->ix[k] = ix;
    return 0;
}

static void place_drop(struct place_tables *pt, int k)
{
    if (!pt->ix[k]) return;
    pair_index_free(pt->ix[k]);
    free(pt->ix[k]);
    pt->ix[k] = NULL;
    wdl_free(&pt->val[k]);
}

struct place_describe {
    const struct game *g;
    const struct bc_place_layer *L;
};

static void place_describe(void *arg, uint64_t i, char *buf, size_t len)
{
    const struct place_describe *d = arg;
    bits_t T, G;
    pair_index_unrank(d->L->ix, i, &T, &G);
    struct position p = {.men = {G, T}, .side = d->L->side, .inhand = d->g->ngoats - d->L->placed};
    d->g->ops->format(d->g, &p, buf, len);
}

static int place_check(const struct game *g, const struct bc_place_layer *L,
                       const struct bc_place_layer *next, const struct bc_place_layer *capt,
                       struct scratch *s, struct check *c)
{
    char b[160];
    bits_t T, G;
    pair_index_unrank(L->ix, c->i, &T, &G);
    int h = g->ngoats - L->placed;
    struct position pos = {.men = {G, T}, .side = L->side, .inhand = h};
    int n = g->ops->moves(g, &pos, &s->ml);
    if (n < 0 || scratch_fit_targets(s, n)) return -1;
    int nt = 0;
    bool ends = false;
    for (int j = 0; j < n; j++) {
        const struct position *sp = &s->ml.succ[j];
        int cs = count_captured(g, sp);
        const struct bc_place_layer *to = NULL;
        if (L->side == 0 && sp->side == 1 && sp->inhand == h - 1 && cs == L->captured)
            to = next; /* a placement */
        else if (L->side == 1 && sp->side == 0 && sp->inhand == h && cs == L->captured)
            to = next; /* a step */
        else if (L->side == 1 && sp->side == 0 && sp->inhand == h && cs == L->captured + 1) {
            if (!capt) { /* the capture that wins */
                ends = true;
                continue;
            }
            to = capt;
        } else {
            fault(c, "moves() leads to %s, where bc_place_solve does not look from here",
                  fen_pos(c, sp, b, sizeof b));
            continue;
        }
        s->out[nt++] = (struct target){.val = (struct wdl *)&to->val,
                                       .idx = pair_index_rank(to->ix, sp->men[1], sp->men[0]),
                                       .at = *sp};
    }
    c->L->links += (uint64_t)n;
    if (ends) {
        /* the solver stops at the first capture then: nothing else to see */
        if (bc_place_value(g, L, c->i, next, capt) != WDL_WIN)
            fault(c, "a capture ends the game, yet bc_place_value gives no win");
        return 0;
    }
    struct target *t = s->out;
    nt = unique_targets(t, nt);
    for (int k = 0; k < nt; k++) wdl_set(t[k].val, t[k].idx, WDL_WIN);
    int v = bc_place_value(g, L, c->i, next, capt);
    if (v == WDL_DRAW)
        fault(c, "bc_place_value reads a position that no move of moves() reaches");
    else if (v != WDL_LOSS)
        fault(c, "bc_place_value gives a win when every move of moves() leads to a win");
    for (int k = 0; k < nt && !c->faulty; k++) {
        wdl_set(t[k].val, t[k].idx, WDL_LOSS);
        if (bc_place_value(g, L, c->i, next, capt) != WDL_WIN)
            fault(c, "bc_place_value does not read the successor %s",
                  fen_pos(c, &t[k].at, b, sizeof b));
        wdl_set(t[k].val, t[k].idx, WDL_WIN);
    }
    for (int k = 0; k < nt; k++) wdl_set(t[k].val, t[k].idx, WDL_DRAW);
    return 0;
}

static int bc_placement(const struct game *g, const struct symmap *sm, uint64_t sample,
                        struct scratch *s, selftest_report report, void *arg,
                        struct selftest_result *res)
{
    int N = g->ngoats, cw = g->captures_to_win, rc = 0;
    struct place_tables pt = {.g = g, .sm = sm};
    /* In game order, the start first: goats in hand h from all down to 1. A layer with k
     * goats on the board reads those with k + 1 (a placement), k (a step) and k - 1 (a
     * capture), so a few indexes at a time are enough. */
    for (int h = N; h >= 1 && !rc; h--) {
        for (int k = 0; k < N - h - cw; k++) place_drop(&pt, k);
        for (int c = 0; c < cw && c <= N - h && !rc; c++)
            for (int side = 0; side < 2 - (h == N) && !rc; side++) {
                int k = N - h - c;
                bool has_capt = side == 1 && c + 1 < cw && k >= 1;
                if (place_get(&pt, k) || (side == 0 && place_get(&pt, k + 1)) ||
                    (has_capt && place_get(&pt, k - 1))) {
                    rc = -1;
                    break;
                }
                struct bc_place_layer L = {
                    .placed = N - h, .captured = c, .side = side, .ix = pt.ix[k]};
                /* goats: the tigers to move with one goat more (the movement phase's
                 * after the last); tigers: the goats to move, and the next layer of
                 * captures, or none when the next capture wins (as solve_place.c) */
                int nk = side == 0 ? k + 1 : k;
                struct bc_place_layer next = {.placed = N - h + (side == 0),
                                              .captured = c,
                                              .side = 1 - side,
                                              .ix = pt.ix[nk],
                                              .val = pt.val[nk]};
                struct bc_place_layer capt = next;
                if (has_capt)
                    capt = (struct bc_place_layer){.placed = N - h,
                                                   .captured = c + 1,
                                                   .side = 0,
                                                   .ix = pt.ix[k - 1],
                                                   .val = pt.val[k - 1]};
                const struct bc_place_layer *cp = side == 1 && c + 1 < cw ? &capt : NULL;
                struct selftest_layer R = {.kind = "placement", .positions = L.ix->size};
                snprintf(R.name, sizeof R.name, "h%d-c%d-%c", h, c, side ? 't' : 'g');
                struct place_describe d = {g, &L};
                uint64_t m = sample_size(sample, L.ix->size);
                for (uint64_t j = 0; j < m && !rc; j++) {
                    struct check ck = {.g = g,
                                       .L = &R,
                                       .i = retro_sample_index(j, L.ix->size, m),
                                       .describe = place_describe,
                                       .arg = &d};
                    rc = place_check(g, &L, &next, cp, s, &ck);
                    R.checked++;
                }
                if (rc) break;
                res->layers++;
                res->positions += R.positions;
                res->checked += R.checked;
                res->links += R.links;
                res->faults += R.faults;
                if (report) rc = report(arg, g, &R);
            }
    }
    for (int k = 0; k <= N + 1; k++) place_drop(&pt, k);
    return rc;
}

/* Sixteen Soldiers' materials. */

/* A material's positions have no colour (ss_layers.h): they are written with Red to move. */
static void ss_describe(void *arg, uint64_t i, char *buf, size_t len)
{
    const struct ss_layer *l = arg;
    struct position p = {.side = 0};
    ss_layer_position(l, i, &p.men[0], &p.men[1]);
    l->g->ops->format(l->g, &p, buf, len);
}

static int ss_check_moves(const struct retro_layer *R, const struct ss_layer *l, struct scratch *s,
                          struct check *c, int ns)
{
    const struct game *g = l->g;
    char b[160];
    struct position pos = {.side = 0};
    ss_layer_position(l, c->i, &pos.men[0], &pos.men[1]);
    int na = bits_count(pos.men[0]), nb = bits_count(pos.men[1]);
    int n = g->ops->moves(g, &pos, &s->ml);
    if (n < 0 || scratch_fit_targets(s, n)) return -1;
    int nin = 0, nt = 0, ncapt = 0;
    bool ends = false;
    for (int j = 0; j < n; j++) {
        const struct position *sp = &s->ml.succ[j];
        bits_t mover = sp->men[sp->side], other = sp->men[1 - sp->side];
        int nm = bits_count(mover);
        const struct ss_layer *to;
        if (sp->side != 1 || bits_count(other) != na || nm > nb)
            fault(c, "moves() leads to %s, in no material a move from here can reach",
                  fen_pos(c, sp, b, sizeof b));
        else if (nm == nb) /* a step */
            s->in[nin++] = ss_layer_position_index(l, mover, other);
        else if (ncapt++, !mover) /* a chain that takes the last piece */
            ends = true;
        else if (!(to = ss_db_find(l->db, nm, na)))
            fault(c, "moves() leads to %s, a material not set up", fen_pos(c, sp, b, sizeof b));
        else /* a chain */
            s->out[nt++] = (struct target){
                .code = to->res, .idx = ss_layer_position_index(to, mover, other), .at = *sp};
    }
    if (ns >= 0) compare_in_layer(c, s, ns, nin);
    probe_exits(R, s, c, s->out, unique_targets(s->out, nt), ncapt, ends, false);
    c->L->links += (uint64_t)n;
    return 0;
}

static int ss_materials(const struct game *g, int max_pieces, uint64_t sample, struct scratch *s,
                        selftest_report report, void *arg, struct selftest_result *res)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return -1;
    int rc = 0;
    if (max_pieces > 2 * SS_MAX_PIECES) max_pieces = 2 * SS_MAX_PIECES;
    /* fewest pieces first: a material's captures read the smaller ones' codes */
    for (int total = 2; total <= max_pieces && !rc; total++)
        for (int m = total - 1; 2 * m >= total && !rc; m--) {
            int n = total - m;
            if (m > SS_MAX_PIECES) continue;
            struct ss_layer *l = malloc(sizeof *l);
            if (!l || ss_layer_init(l, &db, m, n)) {
                free(l);
                rc = -1;
                break;
            }
            struct retro_layer R = ss_layer_retro(l);
            struct selftest_layer L = {.kind = "material", .positions = R.size};
            snprintf(L.name, sizeof L.name, "%d+%d", m, n);
            uint64_t cnt = sample_size(sample, R.size);
            if (scratch_fit(s, R.max_moves)) rc = -1;
            for (uint64_t k = 0; k < cnt && !rc; k++) {
                struct check ck = {.g = g,
                                   .L = &L,
                                   .i = retro_sample_index(k, R.size, cnt),
                                   .describe = ss_describe,
                                   .arg = l};
                rc = ss_check_moves(&R, l, s, &ck, check_graph(&R, s, &ck));
                L.checked++;
            }
            /* the larger materials' captures read this one: all draws, as a probe wants */
            if (!rc && total < max_pieces && !(l->res = calloc(l->size + 1, sizeof *l->res)))
                rc = -1;
            if (rc) {
                ss_layer_free(l);
                free(l);
                break;
            }
            ss_db_add(&db, l);
            res->layers++;
            res->positions += L.positions;
            res->checked += L.checked;
            res->links += L.links;
            res->faults += L.faults;
            if (report) rc = report(arg, g, &L);
        }
    ss_db_free(&db);
    return rc;
}

int selftest_moves(const struct game *g, int max_pieces, uint64_t sample, selftest_report report,
                   void *arg, struct selftest_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (g->no_repeat)
        return snprintf(err, errlen,
                        "rules no-repeat depend on the history, not the position: they have no "
                        "layers to test"),
               -1;
    struct scratch s = {0};
    int rc;
    if (g->ops == &sixteen_ops) {
        rc = ss_materials(g, max_pieces, sample, &s, report, arg, res);
    } else {
        struct symmap *sm = malloc(sizeof *sm);
        if (sm) symmap_init(sm, g->board);
        rc = !sm ? -1 : bc_movement(g, sm, sample, &s, report, arg, res);
        if (!rc) rc = bc_placement(g, sm, sample, &s, report, arg, res);
        free(sm);
    }
    scratch_free(&s);
    if (rc == -1) snprintf(err, errlen, "out of memory");
    return rc;
}
