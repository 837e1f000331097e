/* Which of Adugo's positions some game from the start reaches (game.h's game_layers.reach):
 * a layer of d dogs is closed under its steps by rounds of a breadth-first search, each
 * round expanding the positions the last one found, and the jaguar's chains from the
 * positions reached mark the layers of fewer dogs (the dogs to move, the first half of
 * their tables: ad_tables.c numbers them). */
#include <stdio.h>

#include "ad_reach.h"
#include "adugo.h"
#include "bitset.h"

struct reach_step {
    const struct game *g;
    const struct pair_index *ix;            /* this layer's */
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

_Static_assert(sizeof(struct pair_index_cursor) <= BITSET_SCRATCH, "a cursor in the scratch");

/* Position i's moves (bitset_expand): steps marked in the layer, chains in the layers of
 * fewer dogs. The scratch is the thread's place in the index (a pair_index_cursor): a
 * round's positions come in order, the dogs to move first, so that most are reached by its
 * iterator rather than unranked. */
static int expand(void *ctx, void *scratch, const struct bitset_closure *cl, uint64_t i)
{
    const struct reach_step *s = ctx;
    struct pair_index_cursor *at = scratch;
    const struct board *b = s->g->board;
    uint64_t classes = s->ix->size, c = i < classes ? i : i - classes;
    bits_t J, D;
    if (!pair_index_cursor_seek(at, s->ix, c)) pair_index_cursor_jump(at, s->ix, c);
    pair_index_iter_get(&at->it, &J, &D);
    bits_t empty = ad_all_points(b) & ~J & ~D;
    int j = __builtin_ctzll(J), any = 0;
    if (i < classes) { /* the dogs step: the jaguar's part of the rank is the same for all */
        struct pair_index_a pa = pair_index_lookup_a(s->ix, J);
        uint64_t steps[BOARD_MAX_POINTS * BOARD_MAX_DEGREE];
        int n = pair_index_rank_b_steps(s->ix, &pa, D, empty, steps);
        for (int k = 0; k < n; k++) any |= bitset_closure_mark(cl, classes + steps[k]);
        return any;
    }
    bool can_jump = ad_can_jump(b, j, D);
    if (!(s->g->rules == AD_FORCED && can_jump))
        for (bits_t t = b->adjmask[j] & empty; t;)
            any |= bitset_closure_mark(cl, pair_index_rank(s->ix, BIT(bits_pop(&t)), D));
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
                   const struct pair_index *const *kid_ix, struct bitset *const *kid,
                   const struct bitset_progress *progress)
{
    struct reach_step s = {.g = g,
                           .ix = ix,
                           .kid_ix = kid_ix,
                           .kid = kid,
                           .stop = g->side_men[AD_DOGS] - g->capture_goal};
    return bitset_close(r, expand, &s, progress);
}
