/*
 * Which positions of Bagh-Chal some game from the start reaches, in classes: forward
 * from the start, one bit per class. The placement layers are visited in the order of
 * play (goats to move with p placed, then tigers to move with p + 1); the movement phase,
 * where play can cycle, by rounds of a breadth-first search inside each layer, captures
 * seeding the next layer.
 */
#ifndef GUTI_BC_REACH_H
#define GUTI_BC_REACH_H

#include "game.h"
#include "index.h"

struct bitset {
    uint64_t n;
    uint64_t *w;
};

int bitset_alloc(struct bitset *b, uint64_t n);
void bitset_free(struct bitset *b);
static inline int bitset_get(const struct bitset *b, uint64_t i)
{
    return (int)(b->w[i >> 6] >> (i & 63)) & 1;
}
/* Atomic: any thread may set any bit. Returns whether the bit was clear. */
static inline int bitset_set(struct bitset *b, uint64_t i)
{
    uint64_t bit = (uint64_t)1 << (i & 63);
    return !(__atomic_fetch_or(&b->w[i >> 6], bit, __ATOMIC_RELAXED) & bit);
}
uint64_t bitset_count(const struct bitset *b);

/* A placement layer's reached classes (positions numbered by ix). */
struct bc_reach_place {
    const struct pair_index *ix;
    struct bitset r;
};

/* How the placement steps below find the next layer: pushing the moves of reached
 * positions or pulling from predecessors; AUTO picks by how many are reached. The others
 * are for tests and benchmarks, the results are the same. */
enum { BC_REACH_AUTO, BC_REACH_PUSH, BC_REACH_PULL };
extern int bc_reach_way;

/* Marks the tigers-to-move layer (p + 1, c) (index to_ix) reached from the reached
 * goats-to-move positions of (p, c), or, when that completes the placement, the movement
 * layer c (positions 2i + 1 of its index). */
void bc_reach_from_goats(const struct game *g, const struct bc_reach_place *from,
                         const struct pair_index *to_ix, struct bitset *to, int to_movement);

/* Marks the goats-to-move layers (p, c), c < n, reached from the reached tigers-to-move
 * positions of (p, c) by steps and of (p, c - 1) by captures (a capture from c = n - 1
 * ends the game). */
void bc_reach_from_tigers(const struct game *g, const struct bc_reach_place *from,
                          struct bc_reach_place *to, int n);

/* Closes the movement layer with `captured` goats captured (index ix, 2 positions per
 * class) under the moves inside it, from the bits already set in r; marks the captures'
 * targets in next (layer captured + 1, index next_ix), NULL when a capture ends the game.
 * Returns 0, or -1 when memory for the search's two frontiers runs out (r and next then
 * hold part of the closure). */
int bc_reach_movement(const struct game *g, const struct pair_index *ix, struct bitset *r,
                      const struct pair_index *next_ix, struct bitset *next);

#endif
