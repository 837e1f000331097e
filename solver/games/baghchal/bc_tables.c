/* Bagh-Chal's positions in table layers (game.h's struct game_layers): a movement layer per
 * number of goats captured, both sides to move in one table (position 2 * class + side);
 * a placement layer per goats in hand, goats captured and side to move. A layer's
 * positions are numbered by the pair index of its tigers and goats, one index per number
 * of goats on the board, shared by the layers with that many. */
#include <stdio.h>
#include <stdlib.h>

#include "game.h"
#include "index.h"
#include "symmap.h"
#include "bc_tables.h"
#include "bc_layers.h"
#include "bc_place.h"
#include "bc_reach.h"
#include "wdl.h"
#include "retro.h"
#include "values.h"

struct bc_indexes {
    const struct game *g;
    struct symmap sm;
    struct pair_index *ix[BOARD_MAX_POINTS + 1]; /* by goats on the board */
    int threads;                                 /* to build them with (pair_index_init) */
};

static void bc_layer_name(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    if (k->c[2] == 0)
        snprintf(buf, len, "h%d-c%d", k->c[0], k->c[1]);
    else
        snprintf(buf, len, "h%d-c%d-%c", k->c[0], k->c[1], k->c[2] == 2 ? 't' : 'g');
}

static struct layer_key bc_layer_of(const struct game *g, const struct position *pos)
{
    int captured = g->side_men[0] - pos->inhand - bits_count(pos->men[0]);
    return (struct layer_key){{pos->inhand, captured, pos->inhand ? 1 + pos->side : 0, 0}};
}

static void *bc_index_new(const struct game *g, int threads)
{
    struct bc_indexes *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->g = g;
    x->threads = threads;
    symmap_init(&x->sm, g->board);
    return x;
}

static void bc_index_free(void *ix)
{
    struct bc_indexes *x = ix;
    if (!x) return;
    for (int k = 0; k <= BOARD_MAX_POINTS; k++)
        if (x->ix[k]) {
            pair_index_free(x->ix[k]);
            free(x->ix[k]);
        }
    free(x);
}

/* The index of the positions with that many goats on the board, built when not yet. */
static int build_index(const struct game *g, struct bc_indexes *x, int goats, char *err,
                       size_t errlen)
{
    if (x->ix[goats]) return 0;
    x->ix[goats] = malloc(sizeof *x->ix[goats]);
    if (!x->ix[goats] ||
        pair_index_init(x->ix[goats], g->board, &x->sm, g->side_men[1], goats, x->threads)) {
        free(x->ix[goats]);
        x->ix[goats] = NULL;
        snprintf(err, errlen, "out of memory for the index of %d goats", goats);
        return -1;
    }
    return 0;
}

/* A layer's table size over its index: a movement layer holds both sides to move. */
static uint64_t table_size(const struct pair_index *ix, const struct layer_key *k)
{
    return k->c[0] == 0 ? 2 * ix->size : ix->size;
}

static int bc_rank(const struct game *g, void *ix, const struct layer_key *k,
                   const struct position *pos, bool may_build, uint64_t *i, uint64_t *size,
                   char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[0] - k->c[1];
    if (!x->ix[goats]) {
        if (!may_build) return 1;
        int rc = build_index(g, x, goats, err, errlen);
        if (rc) return rc;
    }
    uint64_t r = pair_index_rank(x->ix[goats], pos->men[1], pos->men[0]);
    /* a movement layer holds both sides to move */
    *i = k->c[0] == 0 ? 2 * r + (uint64_t)pos->side : r;
    *size = table_size(x->ix[goats], k);
    return 0;
}

static int bc_unrank(const struct game *g, void *ix, const struct layer_key *k, uint64_t i,
                     struct position *pos, char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[0] - k->c[1];
    if (build_index(g, x, goats, err, errlen)) return -1;
    /* a movement layer holds both sides to move: position 2 * class + side */
    bool both = k->c[0] == 0;
    bits_t tigers, placed;
    pair_index_unrank(x->ix[goats], both ? i / 2 : i, &tigers, &placed);
    *pos = (struct position){
        .men = {placed, tigers}, .side = both ? (int)(i % 2) : k->c[2] - 1, .inhand = k->c[0]};
    return 0;
}

static int bc_size(const struct game *g, void *ix, const struct layer_key *k, uint64_t *size,
                   char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[0] - k->c[1];
    int rc = build_index(g, x, goats, err, errlen);
    if (rc) return rc;
    *size = table_size(x->ix[goats], k);
    return 0;
}

static void add_layer(struct layer_entry *out, int max, int *n, int inhand, int captured,
                      int side_code)
{
    if (*n < max)
        out[*n] = (struct layer_entry){{{inhand, captured, side_code, 0}},
                                       inhand ? LAYER_ACYCLIC : LAYER_CYCLIC};
    (*n)++;
}

/* The movement layers, the most goats captured first (a capture leads up); then the
 * placement layers by goats in hand, from 1 (a placement leads down), each number's
 * goats-to-move layers before its tigers-to-move ones (a goat's placement leads to the
 * tigers' layer with one goat fewer in hand, a tiger's move to the goats' layer with as
 * many, or with one more goat captured). */
static int bc_list(const struct game *g, struct layer_entry *out, int max)
{
    int n = 0, cw = g->capture_goal;
    for (int c = cw - 1; c >= 0; c--) add_layer(out, max, &n, 0, c, 0);
    for (int h = 1; h <= g->side_men[0]; h++) {
        for (int c = 0; c < cw && c <= g->side_men[0] - h; c++) add_layer(out, max, &n, h, c, 1);
        for (int c = 0; c < cw && c <= g->side_men[0] - h && h < g->side_men[0]; c++)
            add_layer(out, max, &n, h, c, 2);
    }
    return n;
}

static void add_key(struct layer_key *out, int max, int *n, int inhand, int captured, int side_code)
{
    if (*n < max) out[*n] = (struct layer_key){{inhand, captured, side_code, 0}};
    (*n)++;
}

/* A capture leads to one more goat captured, unless it wins; a goat's placement to the
 * tigers' layer with one goat fewer in hand (the movement phase after the last); a tiger's
 * move in the placement phase to the goats' layer, with as many or, when a goat is on the
 * board, one more captured. */
static int bc_children(const struct game *g, const struct layer_key *k, struct layer_key *out,
                       int max)
{
    int n = 0, h = k->c[0], c = k->c[1];
    bool capture_wins = c + 1 >= g->capture_goal;
    if (h == 0) {
        if (!capture_wins) add_key(out, max, &n, 0, c + 1, 0);
    } else if (k->c[2] == 1) {
        add_key(out, max, &n, h - 1, c, h - 1 ? 2 : 0);
    } else {
        add_key(out, max, &n, h, c, 1);
        /* a capture needs a goat on the board */
        if (!capture_wins && c < g->side_men[0] - h) add_key(out, max, &n, h, c + 1, 1);
    }
    return n;
}

/* The command that makes a missing table: the movement phase alone, or the whole game,
 * which reads the movement phase's tables when they are there and makes them when not
 * (the placement phase needs them). */
static void bc_missing(const struct game *g, const struct layer_key *k, const char *path,
                       const char *dir_word, char *err, size_t errlen)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(err, errlen,
             "no table %s; make it with: guti solve baghchal%s --rules %s --board %s --dir %s",
             path, k->c[0] ? "" : " --phase movement", rules, g->board->name, dir_word);
}

/* The solver stores the tigers' side of the placement phase alone with DTM (solver/solve/solve.h:
 * the goats' is folded). */
static bool bc_dtm_by_fold(const struct game *g, const struct layer_key *k)
{
    (void)g;
    return k->c[0] > 0 && k->c[2] == 1;
}

/* A placement position's successor, probed and folded into *f: 0, or probe's answer. */
static int fold_probe(int (*probe)(void *arg, const struct position *succ, uint16_t *code),
                      void *arg, const struct position *succ, struct move_fold *f)
{
    uint16_t c;
    int rc = probe(arg, succ, &c);
    if (rc == 0) move_fold_add(f, c);
    return rc;
}

/* The tigers' moves in the placement phase, captures first: a capture that reaches the
 * capture goal ends the game (the goats lost in 0); the others lead to the goats to move. */
static int tigers_fold(const struct game *g, const struct position *pos,
                       int (*probe)(void *arg, const struct position *succ, uint16_t *code),
                       void *arg, struct move_fold *f)
{
    const struct board *b = g->board;
    bits_t T = pos->men[1], G = pos->men[0];
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    bool capture_wins = bc_layer_of(g, pos).c[1] + 1 >= g->capture_goal;
    struct position succ = {.side = 0, .inhand = pos->inhand};
    int rc = 0;
    for (bits_t x = T; x && !rc;) {
        int p = bits_pop(&x);
        for (int j = 0; j < b->njumps[p] && !rc; j++) {
            struct jump jp = b->jumps[p][j];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            if (capture_wins) {
                move_fold_add(f, 1);
                continue;
            }
            succ.men[0] = G ^ BIT(jp.over);
            succ.men[1] = T ^ BIT(p) ^ BIT(jp.to);
            rc = fold_probe(probe, arg, &succ, f);
        }
    }
    for (bits_t x = T; x && !rc;) {
        int p = bits_pop(&x);
        for (bits_t t = b->adjmask[p] & empty; t && !rc;) {
            succ.men[0] = G;
            succ.men[1] = T ^ BIT(p) ^ BIT(bits_pop(&t));
            rc = fold_probe(probe, arg, &succ, f);
        }
    }
    return rc;
}

/* A placement position's code as the fold of its successors': the goats' placements (as the
 * solver's fold (FOLD_DTM) folds them, the first win in 1 ending the fold), the tigers' captures
 * and steps. */
static int bc_fold_successors(const struct game *g, const struct position *pos,
                              int (*probe)(void *arg, const struct position *succ, uint16_t *code),
                              void *arg, uint16_t *code)
{
    struct move_fold f = {0};
    if (pos->side == 1) {
        int rc = tigers_fold(g, pos, probe, arg, &f);
        if (rc) return rc;
        *code = move_fold_code(&f);
        return 0;
    }
    bits_t empty = (BIT(g->board->npoints) - 1) & ~pos->men[0] & ~pos->men[1];
    for (bits_t e = empty; e;) {
        struct position placed = *pos;
        placed.men[0] |= BIT(bits_pop(&e));
        placed.inhand--;
        placed.side = 1;
        placed.clock = 0;
        int rc = fold_probe(probe, arg, &placed, &f);
        if (rc) return rc;
        if (f.win == 1) break; /* nothing is quicker */
    }
    *code = move_fold_code(&f);
    return 0;
}

static void bc_title(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    if (k->c[0] == 0)
        snprintf(buf, len, "layer c%d", k->c[1]);
    else
        snprintf(buf, len, "layer h%d-c%d-%c", k->c[0], k->c[1], k->c[2] == 2 ? 't' : 'g');
}

/* A movement layer's engine: its index and the next layer's borrowed from the index set,
 * the next layer's codes the driver's. */
struct bc_engine {
    struct bc_layer l; /* first: the engine's ctx */
    struct bc_layer next;
};

static int bc_engine_open(const struct game *g, void *ix, const struct layer_key *k,
                          const struct held_layer *kids, int nkids, int dtc_limit,
                          struct retro_layer *L, char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[1];
    if (k->c[0] != 0) return snprintf(err, errlen, "layer h%d: not a movement layer", k->c[0]), -1;
    if (build_index(g, x, goats, err, errlen)) return -1;
    if (nkids && build_index(g, x, goats - 1, err, errlen)) return -1;
    struct bc_engine *e = calloc(1, sizeof *e);
    if (!e) return snprintf(err, errlen, "out of memory"), -1;
    e->l = (struct bc_layer){.g = g, .captured = k->c[1], .ix = *x->ix[goats]};
    if (nkids) {
        e->next = (struct bc_layer){.g = g, .captured = k->c[1] + 1, .ix = *x->ix[goats - 1]};
        e->next.res = (retro_code *)kids[0].codes; /* read only: the captures read it */
        e->l.next = &e->next;
    }
    *L = bc_layer_retro(&e->l);
    L->dtc_limit = dtc_limit;
    return 0;
}

/* Everything the engine holds is borrowed: only the engine itself goes. */
static void bc_engine_close(struct retro_layer *L)
{
    free(L->ctx);
    L->ctx = NULL;
}

/* A child of a placement layer as bc_place.h reads it. A movement layer (what the last
 * placement leads to) is its tigers-to-move half, made into a layer with every goat placed:
 * its values (FOLD_VALUES), its DTM codes in a byte (FOLD_DTM: the placement phase's are at
 * most the movement's longest plus two plies per goat in hand, which must fit), or who wins
 * under the counting rule (FOLD_DTC, from its class codes); made is set for the caller to
 * free. */
static int place_child(const struct game *g, struct bc_indexes *x, const struct held_layer *kid,
                       enum fold_pass pass, struct bc_place_layer *out, bool *made, char *err,
                       size_t errlen)
{
    int h = kid->k.c[0], c = kid->k.c[1], goats = g->side_men[0] - h - c;
    if (build_index(g, x, goats, err, errlen)) return -1;
    *out = (struct bc_place_layer){.placed = g->side_men[0] - h, .captured = c, .ix = x->ix[goats]};
    *made = false;
    if (h > 0) {
        out->side = kid->k.c[2] - 1;
        if (kid->val) out->val = *kid->val;
        out->dtm = (uint8_t *)kid->dtm; /* only read */
        return 0;
    }
    uint64_t n = out->ix->size;
    out->side = 1;
    *made = true;
    if (pass == FOLD_DTM) {
        int limit = 255 - 2 * g->side_men[0];
        if (!(out->dtm = malloc(n + 1))) return snprintf(err, errlen, "out of memory"), -1;
        for (uint64_t i = 0; i < n; i++) {
            uint16_t code = kid->codes[2 * i + 1];
            if (code > limit)
                return snprintf(err, errlen,
                                "layer h0-c%d: DTM code %u: the placement phase's codes could "
                                "pass one byte (at most %d here)",
                                c, code, limit),
                       -1;
            out->dtm[i] = (uint8_t)code;
        }
        return 0;
    }
    if (wdl_alloc(&out->val, n)) return snprintf(err, errlen, "out of memory"), -1;
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) wdl_set(&out->val, i, wdl_of_code(kid->codes[2 * i + 1]));
    return 0;
}

/* A placement layer's pass (bc_place.h): the goats' layer reads the tigers' with one goat
 * fewer in hand (next); the tigers' reads the goats' with as many (next) and, by a capture,
 * with one more captured (capt: NULL when a capture wins; with no goat on the board there is
 * no capture, and capt is never read). */
static int bc_fold(const struct game *g, void *ix, const struct layer_key *k, enum fold_pass pass,
                   int limit, const struct held_layer *kids, int nkids, struct wdl *val,
                   uint8_t *dtm, uint64_t *wrong,
                   void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total),
                   void *arg, char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    int h = k->c[0], c = k->c[1], goats = g->side_men[0] - h - c;
    if (h == 0 || nkids < 1 || nkids > 2)
        return snprintf(err, errlen, "layer h%d-c%d: not a placement layer", h, c), -1;
    if (build_index(g, x, goats, err, errlen)) return -1;
    struct bc_place_layer L = {.placed = g->side_men[0] - h,
                               .captured = c,
                               .side = k->c[2] - 1,
                               .ix = x->ix[goats],
                               .val = *val,
                               .dtm = dtm};
    struct bc_place_layer child[2];
    bool made[2] = {false, false};
    int rc = 0;
    for (int j = 0; j < nkids && !rc; j++)
        rc = place_child(g, x, &kids[j], pass, &child[j], &made[j], err, errlen);
    if (!rc) {
        const struct bc_place_layer *next = &child[0], *capt = nkids > 1 ? &child[1] : NULL;
        if (nkids > 1 && child[0].captured != c) next = &child[1], capt = &child[0];
        if (L.side == 1 && !capt && c + 1 < g->capture_goal) capt = next;
        *wrong = 0;
        if (pass == FOLD_VALUES)
            bc_place_solve(g, &L, next, capt, progress, arg);
        else if (pass == FOLD_DTM)
            *wrong = bc_place_solve_dtm(g, &L, next, capt, progress, arg);
        else
            bc_place_solve_dtc(g, &L, next, capt, limit, progress, arg);
    }
    for (int j = 0; j < nkids; j++)
        if (made[j]) {
            wdl_free(&child[j].val);
            free(child[j].dtm);
        }
    return rc;
}

static void bc_index_drop(const struct game *g, void *ix, const struct layer_key *k)
{
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[0] - k->c[1];
    if (!x->ix[goats]) return;
    pair_index_free(x->ix[goats]);
    free(x->ix[goats]);
    x->ix[goats] = NULL;
}

/* stats: a movement layer holds both sides to move, interleaved (goats first), a row
 * each; a placement layer its side's alone. Either side's row numbers the same classes of
 * the tigers against the goats on the board. */
static int bc_rows(const struct game *g, void *ix, const struct layer_key *k, struct layer_row *out,
                   int max, char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[0] - k->c[1], tigers = g->side_men[1];
    if (build_index(g, x, goats, err, errlen)) return -1;
    bool both = k->c[2] == 0;
    int n = both ? 2 : 1;
    for (int r = 0; r < n && r < max; r++) {
        int side = both ? r : k->c[2] - 1;
        out[r] = (struct layer_row){.offset = (uint64_t)r,
                                    .stride = (uint64_t)n,
                                    .count = x->ix[goats]->size,
                                    .side = side,
                                    .men = {side ? tigers : goats, side ? goats : tigers},
                                    .as_previous = r > 0};
    }
    return n;
}

/* stats: a class's orbit under the board's symmetries, the same for either side to move. */
static int bc_weights(const struct game *g, void *ix, const struct layer_key *k, int r, uint8_t *w,
                      char *err, size_t errlen)
{
    (void)r;
    struct bc_indexes *x = ix;
    int goats = g->side_men[0] - k->c[0] - k->c[1];
    if (build_index(g, x, goats, err, errlen)) return -1;
    pair_index_orbit_sizes(x->ix[goats], w);
    return 0;
}

/* A layer's step of the walk forwards (bc_reach.h), with its index and its children's. */
static int bc_reach_hook(const struct game *g, void *ix, const struct layer_key *k,
                         struct bitset *r, struct bitset *kids, int nkids,
                         const struct bitset_progress *progress, char *err, size_t errlen)
{
    struct bc_indexes *x = ix;
    struct layer_key ck[2];
    const struct pair_index *kid_ix[2];
    int goats = g->side_men[0] - k->c[0] - k->c[1];
    if (bc_children(g, k, ck, 2) != nkids)
        return snprintf(err, errlen, "layer h%d-c%d: not its children", k->c[0], k->c[1]), -1;
    if (build_index(g, x, goats, err, errlen)) return -1;
    for (int j = 0; j < nkids; j++) {
        int kg = g->side_men[0] - ck[j].c[0] - ck[j].c[1];
        if (build_index(g, x, kg, err, errlen)) return -1;
        kid_ix[j] = x->ix[kg];
    }
    if (bc_reach_layer(g, k, x->ix[goats], r, kid_ix, kids, nkids, progress))
        return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

/* A set's order, from the start: the most goats in hand first, then the fewest captured,
 * then the goats to move before the tigers (the movement layers, none in hand, last). */
static int cmp_from_start(const void *x, const void *y)
{
    const struct layer_entry *a = x, *b = y;
    for (int i = 0; i < 3; i++)
        if (a->k.c[i] != b->k.c[i])
            return (i == 0 ? b->k.c[i] < a->k.c[i] : a->k.c[i] < b->k.c[i]) ? -1 : 1;
    return 0;
}

/* The movement phase is part 0, made first (guti solve --phase movement), the placement
 * phase part 1, made from it. */
static int bc_set_list(const struct game *g, struct layer_entry *out, int *part, int max)
{
    int n = bc_list(g, NULL, 0);
    if (max <= 0) return n;
    struct layer_entry *e = malloc((size_t)n * sizeof *e);
    if (!e) return -1;
    bc_list(g, e, n);
    qsort(e, (size_t)n, sizeof *e, cmp_from_start);
    for (int k = 0; k < n && k < max; k++) {
        out[k] = e[k];
        part[k] = e[k].kind == LAYER_ACYCLIC;
    }
    free(e);
    return n;
}

static void bc_solve_options(const struct game *g, int first, int last, int top, char *buf,
                             size_t len)
{
    (void)g;
    (void)top;
    snprintf(buf, len, "%s",
             last == 0    ? " --phase movement"
             : first == 0 ? ""
                          : " --phase placement");
}

const struct game_layers bc_table_layers = {
    .board_in_names = true,
    .name = bc_layer_name,
    .layer_of = bc_layer_of,
    .index_new = bc_index_new,
    .index_free = bc_index_free,
    .rank = bc_rank,
    .unrank = bc_unrank,
    .size = bc_size,
    .list = bc_list,
    .children = bc_children,
    .missing = bc_missing,
    .dtm_by_fold = bc_dtm_by_fold,
    .fold_successors = bc_fold_successors,
    .title = bc_title,
    .engine_open = bc_engine_open,
    .engine_close = bc_engine_close,
    .fold = bc_fold,
    .index_drop = bc_index_drop,
    .reach = bc_reach_hook,
    .kind_names = {"movement", "placement"},
    /* stats */
    .rows = bc_rows,
    .weights = bc_weights,
    .set_list = bc_set_list,
    .solve_options = bc_solve_options,
};
