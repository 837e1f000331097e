/* Perft: the number of leaves of the game tree at each depth, where the moves of a node
 * are its distinct successor positions and a finished game has none. Draw rules are not
 * applied; the no-repeat rules are, along each path. */
#ifndef GUTI_PERFT_H
#define GUTI_PERFT_H

#include <stdint.h>

#include "game.h"

#define PERFT_MAX_DEPTH 64

/* counts[d-1] = leaves at depth d, for d = 1..depth; OpenMP-parallel over the first move.
 * 0, or -1 when memory runs out (the counts are then incomplete). */
int perft(const struct game *g, const struct position *start, int depth, uint64_t *counts);

#endif
