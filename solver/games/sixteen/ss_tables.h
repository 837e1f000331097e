/* Sixteen Soldiers' positions in table layers, for its game_ops (ss_tables.c). */
#ifndef GUTI_SS_TABLES_H
#define GUTI_SS_TABLES_H

#include "game.h"

extern const struct game_layers ss_table_layers;

#endif
