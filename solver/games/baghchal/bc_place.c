#include "bc_place.h"

#include "retro.h"

/* The positions of next that the goats' placements in (T, G) lead to, T the canonical
 * tigers of orbit k, in the order of the points; their number. A placement keeps the
 * tigers, hence their orbit (k) in the next index, and no symmetry to apply. */
static int placements(const struct pair_index *nx, int k, bits_t T, bits_t G, bits_t all,
                      uint64_t *r)
{
    const struct index_orbit *o = &nx->orbits[k];
    if (o->nstab == 1) return pair_index_rank_add_each(nx, o, G, r);
    int n = 0;
    for (bits_t e = all & ~T & ~G; e;)
        r[n++] = pair_index_rank_symmetric(nx, o, G | BIT(bits_pop(&e)));
    return n;
}

/* The goats to move place one: each empty point gives a tigers-to-move position. */
static int goats_value(const struct bc_place_layer *next, int k, bits_t T, bits_t G, bits_t all)
{
    uint64_t r[BOARD_MAX_POINTS];
    int n = placements(next->ix, k, T, G, all, r);
    struct wdl_fold f = {0};
    for (int j = 0; j < n; j++)
        if (wdl_fold_add(&f, wdl_get(&next->val, r[j]))) return WDL_WIN;
    return wdl_fold_value(&f);
}

/* The tigers to move: captures first (the last one needed wins at once), then steps.
 * (Ranking the steps first and asking memory for all their values at once was slower, as
 * was ranking every move of a position while folding the one before: most of the tigers'
 * positions win by an early move, and the search stops there.) */
static int tigers_value(const struct board *b, const struct bc_place_layer *next,
                        const struct bc_place_layer *capt, bits_t T, bits_t G, bits_t all)
{
    bits_t empty = all & ~T & ~G;
    struct wdl_fold f = {0};
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (int j = 0; j < b->njumps[p]; j++) {
            struct jump jp = b->jumps[p][j];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            if (!capt) return WDL_WIN;
            uint64_t r = pair_index_rank(capt->ix, T ^ BIT(p) ^ BIT(jp.to), G ^ BIT(jp.over));
            if (wdl_fold_add(&f, wdl_get(&capt->val, r))) return WDL_WIN;
        }
    }
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (bits_t t = b->adjmask[p] & empty; t;) {
            uint64_t r = pair_index_rank(next->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G);
            if (wdl_fold_add(&f, wdl_get(&next->val, r))) return WDL_WIN;
        }
    }
    return wdl_fold_value(&f); /* a loss when the tigers are shut in */
}

/* What a pass over a layer's positions needs, for pair_index_walk's chunks. */
struct pass {
    const struct board *b;
    bits_t all;
    struct bc_place_layer *L;
    const struct bc_place_layer *next, *capt;
};

static uint64_t solve_chunk(void *arg, struct pair_index_iter *it, uint64_t first, uint64_t last)
{
    const struct pass *c = arg;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        int v = c->L->side == 0 ? goats_value(c->next, it->k, T, G, c->all)
                                : tigers_value(c->b, c->next, c->capt, T, G, c->all);
        wdl_set(&c->L->val, i, v);
    }
    return 0;
}

void bc_place_solve(const struct game *g, struct bc_place_layer *L,
                    const struct bc_place_layer *next, const struct bc_place_layer *capt,
                    void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total),
                    void *progress_arg)
{
    struct pass c = {g->board, BIT(g->board->npoints) - 1, L, next, capt};
    pair_index_walk(L->ix, solve_chunk, &c, progress, progress_arg, "values");
}

int bc_place_value(const struct game *g, const struct bc_place_layer *L, uint64_t i,
                   const struct bc_place_layer *next, const struct bc_place_layer *capt)
{
    bits_t T, G, all = BIT(g->board->npoints) - 1;
    pair_index_unrank(L->ix, i, &T, &G);
    if (L->side == 1) return tigers_value(g->board, next, capt, T, G, all);
    struct pair_index_iter it;
    pair_index_iter_init(&it, L->ix, i);
    return goats_value(next, it.k, T, G, all);
}

static uint8_t goats_dtm(const struct bc_place_layer *next, int k, bits_t T, bits_t G, bits_t all)
{
    uint64_t r[BOARD_MAX_POINTS];
    int n = placements(next->ix, k, T, G, all, r);
    struct move_fold f = {0};
    for (int j = 0; j < n; j++) {
        move_fold_add(&f, next->dtm[r[j]]);
        if (f.win == 1) break; /* nothing is quicker */
    }
    return (uint8_t)move_fold_code(&f);
}

static uint8_t tigers_dtm(const struct board *bd, const struct bc_place_layer *next,
                          const struct bc_place_layer *capt, bits_t T, bits_t G, bits_t all)
{
    bits_t empty = all & ~T & ~G;
    struct move_fold f = {0};
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (int j = 0; j < bd->njumps[p]; j++) {
            struct jump jp = bd->jumps[p][j];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            if (!capt) return 2; /* the last capture needed: won in 1 */
            move_fold_add(
                &f,
                capt->dtm[pair_index_rank(capt->ix, T ^ BIT(p) ^ BIT(jp.to), G ^ BIT(jp.over))]);
        }
        for (bits_t t = bd->adjmask[p] & empty; t;)
            move_fold_add(&f,
                          next->dtm[pair_index_rank(next->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G)]);
    }
    return (uint8_t)move_fold_code(&f);
}

static uint64_t dtm_chunk(void *arg, struct pair_index_iter *it, uint64_t first, uint64_t last)
{
    const struct pass *c = arg;
    uint64_t wrong = 0;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        int v = wdl_get(&c->L->val, i);
        if (v == WDL_DRAW) {
            c->L->dtm[i] = 0;
            continue;
        }
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        uint8_t code = c->L->side == 0 ? goats_dtm(c->next, it->k, T, G, c->all)
                                       : tigers_dtm(c->b, c->next, c->capt, T, G, c->all);
        c->L->dtm[i] = code;
        wrong += wdl_of_code(code) != v;
    }
    return wrong;
}

uint64_t bc_place_solve_dtm(const struct game *g, struct bc_place_layer *L,
                            const struct bc_place_layer *next, const struct bc_place_layer *capt,
                            void (*progress)(void *arg, const char *phase, uint64_t done,
                                             uint64_t total),
                            void *progress_arg)
{
    struct pass c = {g->board, BIT(g->board->npoints) - 1, L, next, capt};
    return pair_index_walk(L->ix, dtm_chunk, &c, progress, progress_arg, "dtm");
}

/* ---- The counting rule ------------------------------------------------------------- */

/* The layers a placement reads hold only who wins under the rule at clock 0 (val, V), two
 * bits a position as the values pass reads them: a placement or a capture is worth no more,
 * and a tiger's step leads to goats to move, whose decided positions all have DTC 1 (they
 * always have a placement, and every placement is an exit), so V says its DTC code too. */
static retro_code goats_code(int v)
{
    return v == WDL_DRAW ? RETRO_DRAW : dtc_code(1, v == WDL_WIN);
}

static retro_code goats_dtc(const struct bc_place_layer *next, int k, bits_t T, bits_t G,
                            bits_t all, int limit)
{
    uint64_t r[BOARD_MAX_POINTS];
    int n = placements(next->ix, k, T, G, all, r);
    struct move_fold ex = {0};
    for (int j = 0; j < n && !ex.win; j++)
        move_fold_add(&ex, code_of_wdl(wdl_get(&next->val, r[j])));
    return retro_derive_dtc(0, NULL, NULL, &ex, limit);
}

/* The tigers to move: captures first, then steps, as tigers_value. A capture into a
 * position lost for the goats wins at once (DTC 1, the least a move can take); failing
 * that, a step into one wins at once too: every goats' loss is DTC 1, so every winning
 * step is a win in 2 (when the limit allows 2). */
static retro_code tigers_dtc(const struct board *bd, const struct bc_place_layer *next,
                             const struct bc_place_layer *capt, bits_t T, bits_t G, bits_t all,
                             int limit)
{
    bits_t empty = all & ~T & ~G;
    struct move_fold ex = {0};
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (int j = 0; j < bd->njumps[p]; j++) {
            struct jump jp = bd->jumps[p][j];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            if (!capt) return dtc_code(1, true); /* the last capture needed ends the game */
            uint64_t r = pair_index_rank(capt->ix, T ^ BIT(p) ^ BIT(jp.to), G ^ BIT(jp.over));
            move_fold_add(&ex, code_of_wdl(wdl_get(&capt->val, r)));
            if (ex.win) return dtc_code(1, true);
        }
    }
    retro_code steps[4 * BOARD_MAX_DEGREE];
    uint64_t which[4 * BOARD_MAX_DEGREE];
    int ns = 0;
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (bits_t t = bd->adjmask[p] & empty; t && ns < 4 * BOARD_MAX_DEGREE; ns++) {
            uint64_t r = pair_index_rank(next->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G);
            retro_code c = goats_code(wdl_get(&next->val, r));
            if (c && !dtc_win(c) && limit >= 2) return dtc_code(2, true);
            steps[ns] = c;
            which[ns] = (uint64_t)ns;
        }
    }
    return retro_derive_dtc(ns, which, steps, &ex, limit);
}

struct dtc_pass {
    struct pass c;
    int limit;
};

static uint64_t dtc_chunk(void *arg, struct pair_index_iter *it, uint64_t first, uint64_t last)
{
    const struct dtc_pass *d = arg;
    const struct pass *c = &d->c;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        c->L->dtm[i] =
            (uint8_t)(c->L->side == 0 ? goats_dtc(c->next, it->k, T, G, c->all, d->limit)
                                      : tigers_dtc(c->b, c->next, c->capt, T, G, c->all, d->limit));
    }
    return 0;
}

void bc_place_solve_dtc(const struct game *g, struct bc_place_layer *L,
                        const struct bc_place_layer *next, const struct bc_place_layer *capt,
                        int limit,
                        void (*progress)(void *arg, const char *phase, uint64_t done,
                                         uint64_t total),
                        void *progress_arg)
{
    struct dtc_pass d = {{g->board, BIT(g->board->npoints) - 1, L, next, capt}, limit};
    pair_index_walk(L->ix, dtc_chunk, &d, progress, progress_arg, "dtc");
}

retro_code bc_place_dtc(const struct game *g, const struct bc_place_layer *L, uint64_t i,
                        const struct bc_place_layer *next, const struct bc_place_layer *capt,
                        int limit)
{
    bits_t T, G, all = BIT(g->board->npoints) - 1;
    pair_index_unrank(L->ix, i, &T, &G);
    if (L->side == 1) return tigers_dtc(g->board, next, capt, T, G, all, limit);
    struct pair_index_iter it;
    pair_index_iter_init(&it, L->ix, i);
    return goats_dtc(next, it.k, T, G, all, limit);
}
