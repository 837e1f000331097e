/* guti solve's placement phase: the layers with goats in hand, from the movement phase's
 * tables back to the start. */
#ifndef GUTI_SOLVE_PLACE_H
#define GUTI_SOLVE_PLACE_H

#include <stdbool.h>

#include "game.h"
#include "progress.h"

/* Solves (or, where sound tables are there, reads) every placement layer into dir; the
 * movement tables must be there. Prints one line per layer unless quiet. Returns 0 or an
 * exit status. With dtm, makes the DTM tables instead, from the WDL tables of the same
 * layers and the movement phase's DTM tables. */
int solve_placement(const struct game *g, const char *dir, struct progress *prog, bool quiet,
                    bool dtm);

#endif
