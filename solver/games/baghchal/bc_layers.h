/*
 * Bagh-Chal's movement phase as layers for the retrograde engine: layer c holds the
 * positions with all goats placed and c goats captured, both sides to move. Position
 * i of a layer is class i / 2 of the pair index (A = tigers, B = goats) with the goats to
 * move when i is even, the tigers when it is odd. A capture exits to layer c + 1, or ends
 * the game when it is the last one needed.
 */
#ifndef GUTI_BC_LAYERS_H
#define GUTI_BC_LAYERS_H

#include "game.h"
#include "index.h"
#include "retro.h"

struct bc_layer {
    const struct game *g;
    int captured;
    struct pair_index ix;
    const struct bc_layer *next; /* layer captured + 1, solved; NULL when it ends the game */
    retro_code *res;             /* this layer's codes, once solved */
};

/* Sets up layer c (its index); 0 or -1 when memory runs out. */
int bc_layer_init(struct bc_layer *l, const struct game *g, const struct symmap *sm, int captured);
void bc_layer_free(struct bc_layer *l);

/* The engine's view of the layer; next must be solved first. */
struct retro_layer bc_layer_retro(struct bc_layer *l);

/* The index of a position of the layer (goats on board, all placed). */
uint64_t bc_layer_position_index(const struct bc_layer *l, bits_t tigers, bits_t goats, int side);

#endif
