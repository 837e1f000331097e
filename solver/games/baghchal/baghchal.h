/* Bagh-Chal's module (docs/rules.md, "Bagh-Chal"): its game_ops, for the registry, and its
 * rule sets, for the code that still chooses by game (tests/game_names.sh lists it). */
#ifndef GUTI_BAGHCHAL_H
#define GUTI_BAGHCHAL_H

#include "game.h"

/* struct game's rules for Bagh-Chal */
enum bc_rules { BC_STANDARD, BC_GOAT_PASS, BC_NO_REPEAT };

extern const struct game_ops baghchal_ops;

#endif
