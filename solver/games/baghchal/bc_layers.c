#include "bc_layers.h"

#include <stdlib.h>
#include "baghchal.h"

#define MAX_MOVES 64

int bc_layer_init(struct bc_layer *l, const struct game *g, const struct symmap *sm, int captured)
{
    l->g = g;
    l->captured = captured;
    l->next = NULL;
    l->res = NULL;
    return pair_index_init(&l->ix, g->board, sm, g->side_men[1], g->side_men[0] - captured, 0);
}

void bc_layer_free(struct bc_layer *l)
{
    pair_index_free(&l->ix);
    free(l->res);
    l->res = NULL;
}

uint64_t bc_layer_position_index(const struct bc_layer *l, bits_t tigers, bits_t goats, int side)
{
    return 2 * pair_index_rank(&l->ix, tigers, goats) + (uint64_t)side;
}

static bool goats_can_step(const struct board *b, bits_t goats, bits_t empty)
{
    for (bits_t x = goats; x;)
        if (b->adjmask[bits_pop(&x)] & empty) return true;
    return false;
}

/* Whether two boards one step of the mover (0 goats, 1 tigers) away from (T, G) can be one
 * class, T canonical with orbit o. If S1 and S2 are such boards and a symmetry s maps S1
 * onto S2, then s keeps the still pieces and moves at most 4 points of the mover's set.
 * Far from symmetric positions, the common case, need no deduplication at all. When the
 * goats move, the symmetries that keep the tigers are o's stabiliser, nearly always the
 * identity alone, so the test costs nothing (it was 8% of the movement phase's time). */
static bool may_repeat(const struct symmap *sm, const struct index_orbit *o, int mover, bits_t T,
                       bits_t G)
{
    if (mover == 0) {
        for (int t = 1; t < o->nstab; t++)
            if (bits_count(symmap_apply(sm, o->stab[t], G) ^ G) <= 4) return true;
        return false;
    }
    for (int s = 1; s < sm->nsyms; s++)
        if (symmap_apply(sm, s, G) == G && bits_count(symmap_apply(sm, s, T) ^ T) <= 4) return true;
    return false;
}

/* The classes one step of the mover (0 goats, 1 tigers) away from (T, G), as positions
 * with `side` to move. Steps are reversible, so these are the successors of (T, G) with
 * the mover to move and the predecessors of (T, G) with the other side to move. */
static int steps(const struct bc_layer *l, bits_t T, bits_t G, int mover, uint64_t side,
                 uint64_t *out)
{
    const struct board *b = l->g->board;
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    int k = 0;
    if (mover == 0) {
        struct pair_index_a pa = pair_index_lookup_a(&l->ix, T);
        k = pair_index_rank_b_steps(&l->ix, &pa, G, empty, out);
        for (int j = 0; j < k; j++) out[j] = 2 * out[j] + side;
    } else {
        for (bits_t x = T; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                out[k++] = 2 * pair_index_rank(&l->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G) + side;
        }
    }
    return k;
}

static int count_steps(const struct board *b, bits_t movers, bits_t empty)
{
    int k = 0;
    for (bits_t x = movers; x;) k += bits_count(b->adjmask[bits_pop(&x)] & empty);
    return k;
}

/* Folds the tigers' captures, which leave the layer, into *ex. */
static void add_captures(const struct bc_layer *l, bits_t T, bits_t G, bits_t empty,
                         struct move_fold *ex)
{
    const struct board *b = l->g->board;
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (int j = 0; j < b->njumps[p]; j++) {
            struct jump jp = b->jumps[p][j];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            if (!l->next) {
                move_fold_add(ex, 1); /* the last capture: the goats have lost */
                continue;
            }
            uint64_t q =
                bc_layer_position_index(l->next, T ^ BIT(p) ^ BIT(jp.to), G ^ BIT(jp.over), 0);
            move_fold_add(ex, l->next->res[q]);
        }
    }
}

/* Position i's tigers and goats (the class i / 2), and the tigers' orbit. The engine's
 * initial pass asks for positions in order, two a class, so each thread keeps the class it
 * decoded last and walks the index with a cursor (index.h); other classes are unranked
 * directly. Unranking was 14% of the movement phase's time, half of it in this pass. */
static _Thread_local struct {
    struct pair_index_cursor at;
    bits_t T, G;
    const struct index_orbit *o;
} cursor;

static const struct index_orbit *decode(const struct bc_layer *l, uint64_t i, bits_t *T, bits_t *G)
{
    uint64_t c = i / 2;
    if (cursor.at.serial == l->ix.serial && c == cursor.at.i) {
        /* the other side to move of the class decoded last */
    } else if (pair_index_cursor_seek(&cursor.at, &l->ix, c)) {
        pair_index_iter_get(&cursor.at.it, &cursor.T, &cursor.G);
        cursor.o = &l->ix.orbits[cursor.at.it.k];
    } else {
        cursor.o = pair_index_unrank(&l->ix, c, &cursor.T, &cursor.G);
    }
    *T = cursor.T;
    *G = cursor.G;
    return cursor.o;
}

static int expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    const struct bc_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t T, G;
    const struct index_orbit *o = decode(l, i, &T, &G);
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    int mover = (int)(i % 2);
    int k = steps(l, T, G, mover, 1 - i % 2, succ);
    if (mover == 0 && k == 0 && l->g->rules == BC_GOAT_PASS) succ[k++] = i + 1;
    if (mover == 1) add_captures(l, T, G, empty, ex);
    return may_repeat(l->ix.sm, o, mover, T, G) ? retro_unique(succ, k) : k;
}

/* expand() without the list: the count of distinct successors, by counting the moves
 * when no two of them can meet in one class. */
static int count(void *ctx, uint64_t i, struct move_fold *ex)
{
    const struct bc_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t T, G;
    const struct index_orbit *o = decode(l, i, &T, &G);
    int mover = (int)(i % 2);
    if (may_repeat(l->ix.sm, o, mover, T, G)) {
        uint64_t succ[2 * MAX_MOVES];
        return expand(ctx, i, succ, ex);
    }
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    int k = count_steps(b, mover ? T : G, empty);
    if (mover == 0 && k == 0 && l->g->rules == BC_GOAT_PASS) k = 1;
    if (mover == 1) add_captures(l, T, G, empty, ex);
    return k;
}

static int predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct bc_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t T, G;
    const struct index_orbit *o = decode(l, i, &T, &G);
    /* the side not to move just stepped, or the goats passed */
    int mover = (int)(1 - i % 2);
    int k = steps(l, T, G, mover, 1 - i % 2, pred);
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    if (mover == 0 && l->g->rules == BC_GOAT_PASS && !goats_can_step(b, G, empty))
        pred[k++] = i - 1;
    return may_repeat(l->ix.sm, o, mover, T, G) ? retro_unique(pred, k) : k;
}

static void exits(void *ctx, uint64_t i, struct move_fold *ex)
{
    const struct bc_layer *l = ctx;
    const struct board *b = l->g->board;
    if (i % 2 == 0) return; /* goats never leave the layer */
    bits_t T, G;
    decode(l, i, &T, &G);
    add_captures(l, T, G, (BIT(b->npoints) - 1) & ~T & ~G, ex);
}

struct retro_layer bc_layer_retro(struct bc_layer *l)
{
    return (struct retro_layer){.size = 2 * l->ix.size,
                                .max_moves = MAX_MOVES * 2,
                                .ctx = l,
                                .expand = expand,
                                .predecessors = predecessors,
                                .exits = exits,
                                .count = count};
}
