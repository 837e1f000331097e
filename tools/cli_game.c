/* The game a command's options and position name (cli_game.h). */
#include "cli_game.h"

#include <stdio.h>
#include <string.h>

int cli_game_setup(const struct game_opts *o, const char *fen, struct game *g, char *err,
                   size_t errlen)
{
    const char *game = o->game, *board = o->board;
    if (fen) {
        /* The number of rows tells the board: 9 is Sixteen Soldiers, 3 to 5 a Bagh-Chal
         * board. Options given explicitly win; a FEN that disagrees fails to parse. */
        while (*fen == ' ') fen++; /* as the parsers do */
        int rows = *fen ? 1 : 0;
        for (const char *s = fen; *s && *s != ' '; s++) rows += *s == '/';
        static const char *const boards[] = {"3x3", "4x4", "5x5"};
        bool bc_rows = rows >= 3 && rows <= 5;
        if (!game && rows == 9)
            game = "sixteen";
        else if (!game && bc_rows)
            game = "baghchal";
        if (!board && bc_rows && game_setup(g, game, NULL, NULL, err, errlen) == 0 &&
            g->ops == &baghchal_ops)
            board = boards[rows - 3];
        if (!game) {
            snprintf(err, errlen,
                     "position: %d row%s, which is no game's board (3, 4 or 5 rows for "
                     "Bagh-Chal, 9 for Sixteen Soldiers)",
                     rows, rows == 1 ? "" : "s");
            return -1;
        }
    }
    return game_setup(g, game, o->rules, board, err, errlen);
}

int cli_game(const struct game_opts *o, const char *fen, struct game *g)
{
    char err[200];
    if (cli_game_setup(o, fen, g, err, sizeof err) == 0) return 0;
    fprintf(stderr, "guti: %s\n", err);
    /* a FEN that fits no board is bad input; a game or rules named wrongly, a usage error */
    return !o->game && fen && !strncmp(err, "position:", 9) ? EXIT_BAD : EXIT_USAGE;
}
