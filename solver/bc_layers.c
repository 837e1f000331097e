#include "bc_layers.h"

#include <stdlib.h>

#define MAX_MOVES 64

int bc_layer_init(struct bc_layer *l, const struct game *g, const struct symmap *sm, int captured)
{
    l->g = g;
    l->captured = captured;
    l->next = NULL;
    l->res = NULL;
    return pair_index_init(&l->ix, g->board, sm, g->ntigers, g->ngoats - captured);
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

/* Sorts a short list and drops repeats: moves to symmetric positions are one class. */
static int unique(uint64_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint64_t x = v[i];
        int j = i - 1;
        for (; j >= 0 && v[j] > x; j--) v[j + 1] = v[j];
        v[j + 1] = x;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k == 0 || v[k - 1] != v[i]) v[k++] = v[i];
    return k;
}

static bool goats_can_step(const struct board *b, bits_t goats, bits_t empty)
{
    for (bits_t x = goats; x;)
        if (b->adjmask[bits_pop(&x)] & empty) return true;
    return false;
}

static int expand(void *ctx, uint64_t i, uint64_t *succ, struct retro_exits *ex)
{
    const struct bc_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t T, G;
    pair_index_unrank(&l->ix, i / 2, &T, &G);
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    int k = 0;
    if (i % 2 == 0) {
        for (bits_t x = G; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                succ[k++] = 2 * pair_index_rank(&l->ix, T, G ^ BIT(p) ^ BIT(bits_pop(&t))) + 1;
        }
        if (k == 0 && l->g->rules == BC_GOAT_PASS) succ[k++] = i + 1;
        return unique(succ, k);
    }
    for (bits_t x = T; x;) {
        int p = bits_pop(&x);
        for (bits_t t = b->adjmask[p] & empty; t;)
            succ[k++] = 2 * pair_index_rank(&l->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G);
        for (int j = 0; j < b->njumps[p]; j++) {
            struct jump jp = b->jumps[p][j];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            if (!l->next) {
                retro_exit_add(ex, 1); /* the last capture: the goats have lost */
                continue;
            }
            uint64_t q = bc_layer_position_index(l->next, T ^ BIT(p) ^ BIT(jp.to), G ^ BIT(jp.over), 0);
            retro_exit_add(ex, l->next->res[q]);
        }
    }
    return unique(succ, k);
}

static int predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct bc_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t T, G;
    pair_index_unrank(&l->ix, i / 2, &T, &G);
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    int k = 0;
    if (i % 2 == 1) {
        /* the goats just moved: a goat came from an empty neighbour, or they passed */
        for (bits_t x = G; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                pred[k++] = 2 * pair_index_rank(&l->ix, T, G ^ BIT(p) ^ BIT(bits_pop(&t)));
        }
        if (l->g->rules == BC_GOAT_PASS && !goats_can_step(b, G, empty)) pred[k++] = i - 1;
    } else {
        /* the tigers just stepped */
        for (bits_t x = T; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                pred[k++] = 2 * pair_index_rank(&l->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G) + 1;
        }
    }
    return unique(pred, k);
}

struct retro_layer bc_layer_retro(struct bc_layer *l)
{
    return (struct retro_layer){.size = 2 * l->ix.size,
                                .max_moves = MAX_MOVES * 2,
                                .ctx = l,
                                .expand = expand,
                                .predecessors = predecessors};
}
