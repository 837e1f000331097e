/* guti solve sixteen: every material up to a number of pieces, as tables. */
#ifndef GUTI_SOLVE_SIXTEEN_H
#define GUTI_SOLVE_SIXTEEN_H

#include <stdbool.h>

#include "game.h"
#include "progress.h"

/* Solves (or reads, where sound tables are there) every material with at most `pieces`
 * pieces into dir. Returns 0 or an exit status. */
int solve_sixteen(const struct game *g, const char *dir, int pieces, struct progress *prog,
                  bool quiet, bool json);

#endif
