/* Sixteen Soldiers' module (docs/rules.md, "Sixteen Soldiers"): its game_ops, for the
 * registry, and its rule sets, for the code that still chooses by game
 * (tests/game_names.sh lists it). */
#ifndef GUTI_SIXTEEN_H
#define GUTI_SIXTEEN_H

#include "game.h"

/* struct game's rules for Sixteen Soldiers */
enum ss_rules { SS_OPTIONAL, SS_FORCED };

extern const struct game_ops sixteen_ops;

#endif
