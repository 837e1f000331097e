/* For the commands that work on the game's internals (perft, solve, reach, stats, verify):
 * the game a command's options and position name. query and show use guti.h instead. */
#ifndef GUTI_CLI_GAME_H
#define GUTI_CLI_GAME_H

#include "cli.h"
#include "game.h"

/* Sets up the game from the options; the game may be guessed from a position (its number
 * of rows tells the board). 0, or -1 with a one-line reason in err. */
int cli_game_setup(const struct game_opts *o, const char *fen, struct game *g, char *err,
                   size_t errlen);

/* The same, printing the reason; returns 0, EXIT_BAD for a position that fits no board, or
 * EXIT_USAGE for a game, rules or board named wrongly. */
int cli_game(const struct game_opts *o, const char *fen, struct game *g);

#endif
