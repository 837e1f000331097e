/* The game a command's options and position name (cli_game.h). */
#include "cli_game.h"

#include <stdio.h>
#include <string.h>

int cli_game_setup(const struct game_opts *o, const char *fen, struct game *g, char *err,
                   size_t errlen)
{
    return game_setup_for_fen(g, fen, o->game, o->rules, o->board, err, errlen);
}

int cli_game(const struct game_opts *o, const char *fen, struct game *g)
{
    char err[600]; /* messages that list every game's names */
    if (cli_game_setup(o, fen, g, err, sizeof err) == 0) return 0;
    fprintf(stderr, "guti: %s\n", err);
    /* a FEN that fits no board is bad input; a game or rules named wrongly, a usage error */
    return !o->game && fen && !strncmp(err, "position:", 9) ? EXIT_BAD : EXIT_USAGE;
}
