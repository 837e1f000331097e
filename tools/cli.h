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

/* The options about which game to play, shared by the commands that take them. */
struct game_opts {
    const char *game, *rules, *board;
    bool json, quiet;
    int threads;
};

/* What kind of value an option takes. */
enum cli_kind {
    CLI_FLAG,  /* no value: *(bool *)dest = true */
    CLI_TEXT,  /* *(const char **)dest = the value */
    CLI_INT,   /* *(int *)dest = the value, a whole number in min..max */
    CLI_RULES, /* as CLI_TEXT, and it must name the rules of some game */
    CLI_BOARD, /* as CLI_TEXT, and it must name a board */
};

/* One long option a command takes, "--name" or "--name=VALUE" / "--name VALUE". */
struct cli_option {
    const char *name;
    enum cli_kind kind;
    void *dest;
    int min, max; /* CLI_INT */
};

#define CLI_OPTION(name, kind, dest)                                                               \
    {                                                                                              \
        name, kind, dest, 0, 0                                                                     \
    }
#define CLI_OPTION_INT(name, dest, min, max)                                                       \
    {                                                                                              \
        name, CLI_INT, dest, min, max                                                              \
    }
#define CLI_OPTIONS_END                                                                            \
    {                                                                                              \
        NULL, CLI_FLAG, NULL, 0, 0                                                                 \
    }

/* Parses argv against the command's options (a list ending with {NULL}); --help and -h
 * are always accepted and set *help. Any other option, a flag given a value, a missing
 * or malformed value is a usage error (exit status 2), reported before any work is done,
 * with the same wording in every command. Leaves the operands in argv[*first..argc-1].
 * Returns 0 or an exit status. */
int cli_parse(const char *cmd, int argc, char **argv, const struct cli_option *opts, bool *help,
              int *first);

/* Sets up the game from the options; the game may be guessed from a position (its number
 * of rows tells the board). 0, or -1 with a one-line reason in err. */
int cli_game_setup(const struct game_opts *o, const char *fen, struct game *g, char *err,
                   size_t errlen);

/* The same, printing the reason; returns 0, EXIT_BAD for a position that fits no board, or
 * EXIT_USAGE for a game, rules or board named wrongly. */
int cli_game(const struct game_opts *o, const char *fen, struct game *g);

/* "game over: tigers win (5 goats captured)", and, when no game can reach the position,
 * why. */
void cli_outcome_text(const struct game *g, const struct position *pos, const struct outcome *o,
                      char *buf, size_t len);

/* Writes s as a JSON string, quotes included. */
void json_str(FILE *f, const char *s);

/* The lines of a board drawn with its pieces, coordinates and lines, into out. */
void cli_draw(const struct game *g, const struct position *pos, FILE *out);

#endif
