/* What the subcommands share: errors, option parsing, setting up a game, JSON strings. */
#ifndef GUTI_CLI_H
#define GUTI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"

/* Exit statuses: 0 success, 1 bad input or a failed check, 2 a usage error. */
enum { EXIT_BAD = 1, EXIT_USAGE = 2 };

/* Prints "guti: <message>" on stderr; returns EXIT_BAD. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "guti: <cmd>: <message>; see 'guti <cmd> --help'"; returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The options every game command takes. */
struct game_opts {
    const char *game, *rules, *board;
    bool json, help, quiet;
    int threads;
};

/* Parses argv with getopt_long: the game options above plus extra long options given as
 * "name" (a flag) or "name=" (takes a value); their values land in extra_val[i] (a flag
 * gets "1"). Leaves the operands in argv[*first..argc-1]. Returns 0 or an exit status. */
int cli_parse(const char *cmd, int argc, char **argv, struct game_opts *o, const char *const *extra,
              const char **extra_val, int *first);

/* Sets up the game from the options; the game may be guessed from a position (its number
 * of rows tells the board). Prints the error and returns EXIT_BAD on failure. */
int cli_game(const struct game_opts *o, const char *fen, struct game *g);

/* Writes s as a JSON string, quotes included. */
void json_str(FILE *f, const char *s);

/* The lines of a board drawn with its pieces, coordinates and lines, into out. */
void cli_draw(const struct game *g, const struct position *pos, FILE *out);

#endif
