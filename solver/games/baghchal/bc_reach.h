/*
 * Which positions of Bagh-Chal some game from the start reaches, in classes: forward
 * from the start, one bit per class. The placement layers are visited in the order of
 * play (goats to move with p placed, then tigers to move with p + 1); the movement phase,
 * where play can cycle, by rounds of a breadth-first search inside each layer, captures
 * seeding the next layer.
 */
#ifndef GUTI_BC_REACH_H
#define GUTI_BC_REACH_H

#include "bitset.h"
#include "game.h"
#include "index.h"

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
 * progress (or NULL) hears of the positions expanded. Returns 0, or -1 when memory for the
 * search's two frontiers runs out (r and next then hold part of the closure). */
int bc_reach_movement(const struct game *g, const struct pair_index *ix, struct bitset *r,
                      const struct pair_index *next_ix, struct bitset *next,
                      const struct bitset_progress *progress);

/* Marks the goats-to-move layers reached from the reached tigers-to-move positions of (p, c)
 * alone: steps into (p, c), captures into (p, c + 1) (capt NULL when a capture ends the
 * game). Bits already set stay; a layer pulled skips them, so pulling (p, c + 1) after its
 * own steps were marked costs only the positions they left. */
void bc_reach_from_tiger_layer(const struct game *g, const struct bc_reach_place *from,
                               struct bc_reach_place *steps, struct bc_reach_place *capt);

/* Layer k's step of the walk forwards (game.h's game_layers.reach): k's positions r (index
 * ix), its children's kids[j] (index kid_ix[j]), in children(k)'s order; a movement layer's
 * closure reports to progress (or NULL). 0, or -1 when memory runs out. */
int bc_reach_layer(const struct game *g, const struct layer_key *k, const struct pair_index *ix,
                   struct bitset *r, const struct pair_index *const *kid_ix, struct bitset *kids,
                   int nkids, const struct bitset_progress *progress);

#endif
