/* Brute forces over Bagh-Chal's raw positions (tests/bc_brute.c), for the tests of the
 * layers, the reach and the drivers. */
#ifndef GUTI_TEST_BC_BRUTE_H
#define GUTI_TEST_BC_BRUTE_H

#include "helpers.h"

/* The brute force: every raw position of Bagh-Chal's movement phase (all goats placed, fewer
 * captures than win), both sides to move, valued by the rules engine's moves alone, DTM by
 * passes: a pass k decides the wins in k (a successor lost in k-1) and the losses in k (every
 * successor won, the longest in k-1). */
struct brute {
    int n;
    struct position *pos; /* sorted by key */
    int *code;            /* 0 undecided (draw at the end), else DTM + 1 */
};
/* The positions, with placement true the placement phase's too (every state with goats in
 * hand); their values; the index of a position (its clock aside), or -1. */
void brute_enumerate(struct brute *br, const struct game *g, bool placement);
void brute_solve(struct brute *br, const struct game *g);
int brute_find(const struct brute *br, const struct position *p);
/* The raw states some game from the start reaches (a breadth-first search with the rules
 * engine's moves): seen[i] for br->pos[i], allocated (free it). */
char *reached_raw(const struct game *g, const struct brute *br);

#endif
