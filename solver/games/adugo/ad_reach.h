/* Adugo's reachability: a layer's step of the walk forwards (game.h's game_layers.reach). */
#ifndef GUTI_AD_REACH_H
#define GUTI_AD_REACH_H

#include "bitset.h"
#include "game.h"
#include "index.h"

/* Closes the layer of ix's dogs (its table's positions, ad_tables.c: the dogs to move, then
 * the jaguar) under its steps, from the bits already set in r, and marks the ends of the
 * jaguar's chains from the positions reached in kid[d] (index kid_ix[d]), the layer of d dogs
 * (the dogs to move: its first half), for each d the game still plays. 0, or -1 when memory
 * for the search's two frontiers runs out (r and the kids then hold part of the closure).
 * progress (or NULL) hears of the positions expanded. OpenMP threads. */
int ad_reach_layer(const struct game *g, const struct pair_index *ix, struct bitset *r,
                   const struct pair_index *const *kid_ix, struct bitset *const *kid,
                   const struct bitset_progress *progress);

#endif
