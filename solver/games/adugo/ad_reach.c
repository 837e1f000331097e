/* Which of Adugo's positions some game from the start reaches (game.h's game_layers.reach):
 * a layer of d dogs is closed under its steps by rounds of a breadth-first search, each
 * round expanding the positions the last one found, and the jaguar's chains from the
 * positions reached mark the layers of fewer dogs (the dogs to move, the first half of
 * their tables: ad_tables.c numbers them). */
#include <stdio.h>
#include <string.h>

#include "ad_reach.h"
#include "adugo.h"
#include "bitset.h"

struct reach_step {
    const struct game *g;
    const struct pair_index *ix; /* this layer's */
    struct bitset *r, *fresh;
    const struct pair_index *const *kid_ix; /* by dogs */
    struct bitset *const *kid;              /* by dogs, NULL for a layer not walked */
    int stop;                               /* dogs left when the game is over */
};

static int mark_chain(void *arg, const struct move *m, bits_t dogs)
{
    const struct reach_step *s = arg;
    int d = bits_count(dogs);
    if (d > s->stop && s->kid[d])
        bitset_set(s->kid[d], pair_index_rank(s->kid_ix[d], BIT(m->to[m->njumps - 1]), dogs));
    return 0;
}

/* Marks position j of the layer reached; whether it is new. */
static int reach(const struct reach_step *s, uint64_t j)
{
    if (!bitset_set(s->r, j)) return 0;
    bitset_set(s->fresh, j);
    return 1;
}

/* Position i's moves: steps marked in the layer, chains in the layers of fewer dogs. at
 * is the thread's place in the index: a round's positions come in order, the dogs to move
 * first, so that most are reached by its iterator rather than unranked. */
static int expand(const struct reach_step *s, struct pair_index_cursor *at, uint64_t i)
{
    const struct board *b = s->g->board;
    uint64_t classes = s->ix->size, c = i < classes ? i : i - classes;
    bits_t J, D;
    if (!pair_index_cursor_seek(at, s->ix, c)) pair_index_cursor_jump(at, s->ix, c);
    pair_index_iter_get(&at->it, &J, &D);
    bits_t empty = ad_all_points(b) & ~J & ~D;
    int j = __builtin_ctzll(J), any = 0;
    if (i < classes) { /* the dogs step: the jaguar's part of the rank is the same for all */
        struct pair_index_a pa = pair_index_lookup_a(s->ix, J);
        for (bits_t x = D; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                any |= reach(s, classes +
                                    pair_index_rank_b(s->ix, &pa, D ^ BIT(p) ^ BIT(bits_pop(&t))));
        }
        return any;
    }
    bool can_jump = ad_can_jump(b, j, D);
    if (!(s->g->rules == AD_FORCED && can_jump))
        for (bits_t t = b->adjmask[j] & empty; t;)
            any |= reach(s, pair_index_rank(s->ix, BIT(bits_pop(&t)), D));
    if (can_jump) {
        uint64_t buf[64];
        struct ad_seen seen;
        ad_seen_init(&seen, buf, 64);
        ad_chains(s->g, j, D, &seen, mark_chain, (void *)s);
        ad_seen_free(&seen);
    }
    return any;
}

int ad_reach_layer(const struct game *g, const struct pair_index *ix, struct bitset *r,
                   const struct pair_index *const *kid_ix, struct bitset *const *kid)
{
    uint64_t n = 2 * ix->size, words = n / 64 + 1;
    struct bitset frontier, fresh;
    if (bitset_alloc(&frontier, n)) return -1;
    if (bitset_alloc(&fresh, n)) {
        bitset_free(&frontier);
        return -1;
    }
    memcpy(frontier.w, r->w, words * sizeof *r->w);
    struct reach_step s = {.g = g,
                           .ix = ix,
                           .r = r,
                           .fresh = &fresh,
                           .kid_ix = kid_ix,
                           .kid = kid,
                           .stop = g->side_men[AD_DOGS] - g->capture_goal};
    for (;;) {
        int any = 0;
#pragma omp parallel reduction(| : any)
        {
            struct pair_index_cursor at = {0};
#pragma omp for schedule(dynamic, 64)
            for (uint64_t wi = 0; wi < words; wi++)
                for (uint64_t bits = frontier.w[wi]; bits; bits &= bits - 1)
                    any |= expand(&s, &at, wi * 64 + (uint64_t)__builtin_ctzll(bits));
        }
        if (!any) break;
        memcpy(frontier.w, fresh.w, words * sizeof *fresh.w);
        memset(fresh.w, 0, words * sizeof *fresh.w);
    }
    bitset_free(&frontier);
    bitset_free(&fresh);
    return 0;
}
