#include "bc_reach.h"

#include "baghchal.h"

/* What one step's walk over a layer needs, for pair_index_walk's chunks. */
struct walk {
    const struct board *b;
    bits_t all;
    const struct bc_reach_place *from;
    const struct pair_index *to_ix;
    struct bitset *to;
    int to_movement;
    const struct bc_reach_place *steps_from, *capt_from; /* pull_tigers' sources */
    struct bc_reach_place *steps, *capt;                 /* push_tigers' targets */
    struct bc_reach_place *to_place;                     /* pull_tigers' target */
};

static uint64_t push_goats_chunk(void *arg, struct pair_index_iter *it, uint64_t first,
                                 uint64_t last)
{
    const struct walk *w = arg;
    const struct bc_reach_place *from = w->from;
    const struct pair_index *to_ix = w->to_ix;
    struct bitset *to = w->to;
    int to_movement = w->to_movement;
    bits_t all = w->all;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        if (!bitset_get(&from->r, i)) continue;
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        const struct index_orbit *o = &to_ix->orbits[it->k];
        for (bits_t e = all & ~T & ~G; e;) {
            bits_t G2 = G | BIT(bits_pop(&e));
            uint64_t r = o->nstab == 1 ? o->offset + pair_index_rank_free(to_ix, o, G2)
                                       : pair_index_rank_symmetric(to_ix, o, G2);
            bitset_set(to, to_movement ? 2 * r + 1 : r);
        }
    }
    return 0;
}

static void push_goats(const struct game *g, const struct bc_reach_place *from,
                       const struct pair_index *to_ix, struct bitset *to, int to_movement)
{
    struct walk w = {.all = BIT(g->board->npoints) - 1,
                     .from = from,
                     .to_ix = to_ix,
                     .to = to,
                     .to_movement = to_movement};
    pair_index_walk(from->ix, push_goats_chunk, &w, NULL, NULL, NULL);
}

static uint64_t push_tigers_chunk(void *arg, struct pair_index_iter *it, uint64_t first,
                                  uint64_t last)
{
    const struct walk *w = arg;
    const struct board *b = w->b;
    const struct bc_reach_place *from = w->from;
    struct bc_reach_place *steps = w->steps, *capt = w->capt;
    bits_t all = w->all;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        if (!bitset_get(&from->r, i)) continue;
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        bits_t empty = all & ~T & ~G;
        for (bits_t x = T; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                bitset_set(&steps->r,
                           pair_index_rank(steps->ix, T ^ BIT(p) ^ BIT(bits_pop(&t)), G));
            for (int j = 0; j < b->njumps[p] && capt; j++) {
                struct jump jp = b->jumps[p][j];
                if ((G & BIT(jp.over)) && (empty & BIT(jp.to)))
                    bitset_set(&capt->r, pair_index_rank(capt->ix, T ^ BIT(p) ^ BIT(jp.to),
                                                         G ^ BIT(jp.over)));
            }
        }
    }
    return 0;
}

static void push_tigers(const struct game *g, const struct bc_reach_place *from,
                        struct bc_reach_place *steps, struct bc_reach_place *capt)
{
    struct walk w = {.b = g->board,
                     .all = BIT(g->board->npoints) - 1,
                     .from = from,
                     .steps = steps,
                     .capt = capt};
    pair_index_walk(from->ix, push_tigers_chunk, &w, NULL, NULL, NULL);
}

/* A placement step either pushes (marks every move of every reached position) or pulls (a
 * position is reached when one of its predecessors is). Pushing costs all the moves of the
 * reached positions; pulling costs a try per position of the next layer, and the first try
 * usually settles it when most positions are reached (85-98% in mid-game), but all of
 * them when none is. On 5x5 layers with random reached sets, one thread, pulling took
 * 6.6 s against 29.9 s pushing at 90% (goats placing, 86 M positions) and 10.9 s against
 * 72.1 s (tigers moving, 184 M); pushing won below about a third (2.7 s against 0.5 s at
 * 10%, 9.5 M). So pull from a third on. */
int bc_reach_way = BC_REACH_AUTO;

static bool pull_pays(const struct bc_reach_place *from, int n)
{
    if (bc_reach_way != BC_REACH_AUTO) return bc_reach_way == BC_REACH_PULL;
    uint64_t k = 0, size = 0;
    for (int j = 0; j < n; j++) {
        k += bitset_count(&from[j].r);
        size += from[j].ix->size;
    }
    return 3 * k > size;
}

static uint64_t pull_goats_chunk(void *arg, struct pair_index_iter *it, uint64_t first,
                                 uint64_t last)
{
    const struct walk *w = arg;
    const struct bc_reach_place *from = w->from;
    struct bitset *to = w->to;
    int to_movement = w->to_movement;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        /* the goat placed last, taken back: the tigers' orbit stays */
        const struct index_orbit *o = &from->ix->orbits[it->k];
        for (bits_t x = G; x;) {
            bits_t G0 = G ^ BIT(bits_pop(&x));
            uint64_t r = o->nstab == 1 ? o->offset + pair_index_rank_free(from->ix, o, G0)
                                       : pair_index_rank_symmetric(from->ix, o, G0);
            if (bitset_get(&from->r, r)) {
                bitset_set(to, to_movement ? 2 * i + 1 : i);
                break;
            }
        }
    }
    return 0;
}

static void pull_goats(const struct bc_reach_place *from, const struct pair_index *to_ix,
                       struct bitset *to, int to_movement)
{
    struct walk w = {.from = from, .to_ix = to_ix, .to = to, .to_movement = to_movement};
    pair_index_walk(to_ix, pull_goats_chunk, &w, NULL, NULL, NULL);
}

static uint64_t pull_tigers_chunk(void *arg, struct pair_index_iter *it, uint64_t first,
                                  uint64_t last)
{
    const struct walk *w = arg;
    const struct board *b = w->b;
    const struct bc_reach_place *steps = w->steps_from, *capt = w->capt_from;
    struct bc_reach_place *to = w->to_place;
    bits_t all = w->all;
    for (uint64_t i = first; i < last; i++, pair_index_iter_next(it)) {
        if (bitset_get(&to->r, i)) continue; /* reached already, from another layer */
        bits_t T, G;
        pair_index_iter_get(it, &T, &G);
        bits_t empty = all & ~T & ~G;
        int found = 0;
        /* a tiger's last move taken back: a step from an empty neighbour, or a jump
         * from an empty point over an empty one where the captured goat stood */
        for (bits_t x = T; x && !found;) {
            int p = bits_pop(&x);
            for (bits_t f = steps ? b->adjmask[p] & empty : 0; f && !found;)
                found = bitset_get(&steps->r,
                                   pair_index_rank(steps->ix, T ^ BIT(p) ^ BIT(bits_pop(&f)), G));
            for (int j = 0; capt && j < b->njumps[p] && !found; j++) {
                struct jump jp = b->jumps[p][j];
                if ((empty & BIT(jp.over)) && (empty & BIT(jp.to)))
                    found = bitset_get(&capt->r, pair_index_rank(capt->ix, T ^ BIT(p) ^ BIT(jp.to),
                                                                 G | BIT(jp.over)));
            }
        }
        if (found) bitset_set(&to->r, i);
    }
    return 0;
}

static void pull_tigers(const struct game *g, const struct bc_reach_place *steps,
                        const struct bc_reach_place *capt, struct bc_reach_place *to)
{
    struct walk w = {.b = g->board,
                     .all = BIT(g->board->npoints) - 1,
                     .steps_from = steps,
                     .capt_from = capt,
                     .to_place = to};
    pair_index_walk(to->ix, pull_tigers_chunk, &w, NULL, NULL, NULL);
}

void bc_reach_from_goats(const struct game *g, const struct bc_reach_place *from,
                         const struct pair_index *to_ix, struct bitset *to, int to_movement)
{
    if (pull_pays(from, 1))
        pull_goats(from, to_ix, to, to_movement);
    else
        push_goats(g, from, to_ix, to, to_movement);
}

void bc_reach_from_tigers(const struct game *g, const struct bc_reach_place *from,
                          struct bc_reach_place *to, int n)
{
    /* Layer c is pulled from its sources c and c - 1 when they are dense enough; a source
     * is pushed when one of the layers it feeds, c and c + 1, is not pulled (pushing into
     * a pulled layer again does no harm: bits are only set). */
    bool pulled[n];
    for (int c = 0; c < n; c++) {
        pulled[c] = pull_pays(from + (c ? c - 1 : 0), c ? 2 : 1);
        if (pulled[c]) pull_tigers(g, &from[c], c ? &from[c - 1] : NULL, &to[c]);
    }
    for (int c = 0; c < n; c++)
        if (!pulled[c] || (c + 1 < n && !pulled[c + 1]))
            push_tigers(g, &from[c], &to[c], c + 1 < n ? &to[c + 1] : NULL);
}

static bool goats_can_step(const struct board *b, bits_t goats, bits_t empty)
{
    for (bits_t x = goats; x;)
        if (b->adjmask[bits_pop(&x)] & empty) return true;
    return false;
}

/* A movement layer's closure (bitset_close's ctx). */
struct movement {
    const struct game *g;
    const struct pair_index *ix, *next_ix; /* the layer's; the next one's (captures) */
    struct bitset *next;                   /* NULL when a capture ends the game */
};

/* Position i's moves (bitset_expand): steps within the layer, captures into the next. */
static int expand_movement(void *ctx, void *scratch, const struct bitset_closure *c, uint64_t i)
{
    const struct movement *mv = ctx;
    const struct game *g = mv->g;
    const struct board *b = g->board;
    (void)scratch;
    bits_t T, G;
    pair_index_unrank(mv->ix, i / 2, &T, &G);
    bits_t empty = (BIT(b->npoints) - 1) & ~T & ~G;
    int side = (int)(i % 2), any = 0, moved = 0;
    for (bits_t x = side ? T : G; x;) {
        int p = bits_pop(&x);
        for (bits_t t = b->adjmask[p] & empty; t;) {
            int q = bits_pop(&t);
            moved = 1;
            any |= bitset_closure_mark(
                c, side ? 2 * pair_index_rank(mv->ix, T ^ BIT(p) ^ BIT(q), G)
                        : 2 * pair_index_rank(mv->ix, T, G ^ BIT(p) ^ BIT(q)) + 1);
        }
        for (int k = 0; side && mv->next && k < b->njumps[p]; k++) {
            struct jump jp = b->jumps[p][k];
            if (!(G & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
            bitset_set(mv->next,
                       2 * pair_index_rank(mv->next_ix, T ^ BIT(p) ^ BIT(jp.to), G ^ BIT(jp.over)));
        }
    }
    /* goat-pass: stuck goats pass, the tigers move on the same board */
    if (!side && !moved && g->rules == BC_GOAT_PASS && !goats_can_step(b, G, empty))
        any |= bitset_closure_mark(c, i + 1);
    return any;
}

int bc_reach_movement(const struct game *g, const struct pair_index *ix, struct bitset *r,
                      const struct pair_index *next_ix, struct bitset *next,
                      const struct bitset_progress *progress)
{
    struct movement mv = {.g = g, .ix = ix, .next_ix = next_ix, .next = next};
    return bitset_close(r, expand_movement, &mv, progress);
}

void bc_reach_from_tiger_layer(const struct game *g, const struct bc_reach_place *from,
                               struct bc_reach_place *steps, struct bc_reach_place *capt)
{
    if (!pull_pays(from, 1)) {
        push_tigers(g, from, steps, capt);
        return;
    }
    pull_tigers(g, from, NULL, steps);
    if (capt) pull_tigers(g, NULL, from, capt);
}

int bc_reach_layer(const struct game *g, const struct layer_key *k, const struct pair_index *ix,
                   struct bitset *r, const struct pair_index *const *kid_ix, struct bitset *kids,
                   int nkids, const struct bitset_progress *progress)
{
    int inhand = k->c[0];
    if (inhand == 0) /* a movement layer: closed, its captures into the next */
        return bc_reach_movement(g, ix, r, nkids ? kid_ix[0] : NULL, nkids ? &kids[0] : NULL,
                                 progress);
    struct bc_reach_place from = {ix, *r};
    if (k->c[2] == 1) { /* the goats place one: the last leads to the movement phase */
        bc_reach_from_goats(g, &from, kid_ix[0], &kids[0], inhand == 1);
        return 0;
    }
    struct bc_reach_place steps = {kid_ix[0], kids[0]}, capt = {NULL, {0, NULL}};
    if (nkids > 1) capt = (struct bc_reach_place){kid_ix[1], kids[1]};
    bc_reach_from_tiger_layer(g, &from, &steps, nkids > 1 ? &capt : NULL);
    return 0;
}
