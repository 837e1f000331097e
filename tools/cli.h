/* What the subcommands share: errors, option parsing, setting up a game, JSON strings. */
#ifndef GUTI_CLI_H
#define GUTI_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "guti.h"

/* Exit statuses: 0 success, 1 bad input or a failed check, 2 a usage error. */
enum { EXIT_BAD = 1, EXIT_USAGE = 2 };

/* Prints "guti: <message>" on stderr; returns EXIT_BAD. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "guti: <cmd>: <message>; see 'guti <cmd> --help'"; returns EXIT_USAGE. A cmd
 * of another program names it first ("guti-mpi solve"): its help is pointed to. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The options about which game to play, shared by the commands that take them. */
struct game_opts {
    const char *game, *rules, *board;
    bool json, quiet;
    int threads;
    int captures;        /* --captures K: the rules' capture goal, 0 for their own */
    char rules_goal[40]; /* the rules' name with it ("standard-k3"), which rules then points at */
};

/* Folds --captures K into the rules' name ("standard" becomes "standard-k3"), which is
 * how tables, records and the library name a capture goal; without --rules, the game's
 * default rules. 0, or EXIT_USAGE with the reason printed: --captures with a game whose
 * rules take no goal, or with rules that name a goal already. */
int cli_fold_captures(const char *cmd, struct game_opts *o);

/* What kind of value an option takes. */
enum cli_kind {
    CLI_FLAG,     /* no value: *(bool *)dest = true */
    CLI_TEXT,     /* *(const char **)dest = the value */
    CLI_INT,      /* *(int *)dest = the value, a whole number in min..max */
    CLI_COUNT,    /* *(uint64_t *)dest = the value, a whole number from 1 to 10^18 */
    CLI_RULES,    /* as CLI_TEXT, and it must name the rules of some game */
    CLI_BOARD,    /* as CLI_TEXT, and it must name a board */
    CLI_NOTATION, /* as CLI_TEXT, and it must name a notation: guti, baghchal or obx */
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

/* "game over: tigers win (5 goats captured)" for a finished position (r->over), and,
 * when no game can reach it, why. */
void cli_outcome_text(const struct guti_position *pos, const struct guti_result *r, char *buf,
                      size_t len);

/* The tables' directory: the --dir option, else $GUTI_TABLES, else ./tables. */
const char *cli_tables_dir(const char *opt);

/* 0 when dir is a directory (or one that cannot be looked at, for the reader to say why);
 * else one line "guti: CMD: DIR: no such directory" and EXIT_BAD. */
int cli_check_tables_dir(const char *cmd, const char *dir);

/* Opens the tables of cli_tables_dir(dir_opt) into *t: 0, or one line "guti: CMD: ..."
 * (a directory that does not exist or is not one: "DIR: no such directory") and EXIT_BAD.
 * absent_ok: the default directory (no --dir, no $GUTI_TABLES) may be absent, and opens
 * as an empty one, for the commands that work without tables (play, serve). */
int cli_open_tables(const char *cmd, const char *dir_opt, size_t cache_bytes, bool absent_ok,
                    guti_tables **t);

/* Whether stdout and stderr are one terminal: a person reading both, who should read an
 * error once. */
bool cli_same_terminal(void);

/* --checkpoint S as solve_hooks' checkpoint_seconds: S seconds, 0 (after every level)
 * as -1, and not given (-1) as 0, the library's default. */
double cli_checkpoint_seconds(int opt);

/* Sets the number of OpenMP threads (threads 0: the default, one per core) and starts
 * them. libgomp exits with a message of its own when it cannot start a thread (a memory
 * limit such as ulimit -v, or a limit on processes): this fails first, with one line
 * "guti: CMD: cannot start N threads ..." and EXIT_BAD, before any work is done. */
int cli_threads(const char *cmd, int threads);

/* User text made safe to show in a message: printable ASCII, other bytes as \\xNN, cut
 * short with "..." to fit len (notation_quote). */
void cli_quote(const char *s, char *buf, size_t len);

/* The whole of a file ("-": standard input) as a string to free; NULL with the reason
 * ("FILE: cannot open: ...") when it cannot be read, is a directory, holds a NUL byte or is
 * larger than 16 MiB. */
char *cli_read_file(const char *path, char *err, size_t errlen);

/* Writes s as a JSON string, quotes included. */
void json_str(FILE *f, const char *s);

/* The games as the registry lists them (solver/games/registry.c), for what the commands
 * say of them without naming one: their names for people ("baghchal or sixteen"), the
 * default game (the registry's first), whether a side of a game is named in the plural
 * ("tigers win", "the goats'", not "blue wins", "red's", "jaguar wins") and with "the"
 * ("the tigers", "the jaguar", not "blue"). */
void cli_game_list(char *buf, size_t len);
/* Appends a NULL-terminated list of words to buf (NUL-terminated) for people: "a, b or c". */
void cli_word_list(const char *const *words, char *buf, size_t len);
const char *cli_default_game(void);
bool cli_side_plural(enum guti_game game, int side);
bool cli_side_article(enum guti_game game, int side);
/* Writes a help text with its placeholders filled from the registered games, so that no
 * help text names a game: {games} "baghchal or sixteen", {games-default} the same with
 * the first marked "(default)", {titles} "Bagh-Chal and Sixteen Soldiers" ({titles-reach},
 * {titles-need}, {titles-pieces}, {titles-acyclic}, {titles-cyclic-only}: those of the games
 * whose layers have reachability, say what solving one needs, are solved by --pieces N, are
 * of both kinds, are all cyclic),
 * {pieces} "Sixteen Soldiers, 2..12" (--pieces N's games and range), {clocks} "100
 * half-moves in Bagh-Chal, 80 half-moves in Sixteen Soldiers" (a game without a counting
 * rule left out), {capture-games} the games whose
 * rules take a capture goal; and one line a game, each under the placeholder's column and ending in
 * ';' but the last: {rules} "baghchal: standard (default), goat-pass, ...", {table-rules}
 * the rules tables are made for, {boards} those of the games with several boards, {phases}
 * the kinds of layers of the games that name both (guti solve --phase),
 * {sides} "baghchal: goats or tigers"; inline again {fen-rows} "3, 4 or 5: Bagh-Chal; 9:
 * Sixteen Soldiers". */
void cli_help(const char *text, FILE *out);
/* The lines of a board drawn with its pieces, coordinates and lines, into out. */
void cli_draw(const struct guti_position *pos, FILE *out);

#endif
