/* Bagh-Chal's positions in table layers, for its game_ops (bc_tables.c). */
#ifndef GUTI_BC_TABLES_H
#define GUTI_BC_TABLES_H

#include "game.h"

extern const struct game_layers bc_table_layers;

#endif
