/*
 * guti.h: the public interface of libguti, the exact values of Bagh-Chal and Sixteen
 * Soldiers positions from guti's tables.
 *
 * One header, in the manner of Fathom's tbprobe.h: open a directory of tables, probe a
 * position (as a FEN or as point sets), list its moves with their values, and read,
 * write and play positions and moves without tables. Link with `pkg-config --cflags
 * --libs guti`.
 *
 *   guti_tables *t;
 *   struct guti_error e;
 *   if (guti_open("tables", 64 << 20, &t, &e)) { fprintf(stderr, "%s\n", e.message); ... }
 *   struct guti_result r;
 *   if (guti_probe_fen(t, "T3T/5/5/5/T3T g 20", NULL, NULL, &r, &e) == GUTI_OK)
 *       printf("%s\n", guti_value_name(r.value));   // "draw"
 *   guti_close(t);
 *
 * Values are for the side to move: GUTI_WIN, GUTI_DRAW or GUTI_LOSS under perfect play,
 * the game played without its counting rule (docs/rules.md, "Solving"). DTM counts half-moves
 * to the end of the game, the winner hurrying and the loser delaying.
 *
 * Errors. Every function that can fail returns GUTI_OK (0) or a negative enum
 * guti_status, and, when its err argument is not NULL, one line in err->message naming
 * what is wrong (a missing table comes with the command that makes it). The library never
 * exits, aborts or prints.
 *
 * Threads. A guti_tables handle may be used from any number of threads at once, and
 * they probe in parallel: tables and indexes are opened on first use under a lock that
 * the other threads wait for, and decompressed blocks are shared through a cache bounded
 * by the size given to guti_open (threads missing at once decompress at once).
 * Everything else here works on the caller's memory and is safe from any thread. An
 * index is built with OpenMP threads (omp_get_max_threads() of the calling thread), and
 * OpenMP's runtime ends the process when it cannot allocate or start one, even in
 * omp_set_num_threads called from a thread OpenMP did not start: a program that probes
 * from threads of its own where memory or threads may run short calls
 * guti_set_index_threads(t, 1) once: its indexes are then built with no OpenMP region at
 * all, and one that cannot be built is GUTI_ENOMEM (guti serve does so).
 */
#ifndef GUTI_H
#define GUTI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 0.7.0 added struct guti_position's limit, in what was padding at the struct's end: its
 * size and layout are unchanged, so the soname stays libguti.so.0, but a program built
 * against 0.6 must leave those bytes 0 (as a zero-initialized struct, or one filled by
 * guti_parse_fen or guti_start, does) or be rebuilt. */
#define GUTI_VERSION "0.8.0"

/* What a call returns. */
enum guti_status {
    GUTI_OK = 0,
    GUTI_EINPUT = -1,   /* a malformed or illegal position, move or name */
    GUTI_ENOTABLE = -2, /* the table this position needs is not in the directory */
    GUTI_EDAMAGED = -3, /* a table is damaged (checksum, truncation, wrong header) */
    GUTI_ENOMEM = -4,   /* out of memory */
    GUTI_EIO = -5,      /* the directory or a file could not be read */
    GUTI_ERANGE = -6,   /* an output array is too small */
};

struct guti_error {
    char message[512];
};

/* Values, for the side to move (or, in a move, for the player who makes it). */
enum guti_value { GUTI_LOSS = -1, GUTI_DRAW = 0, GUTI_WIN = 1, GUTI_UNKNOWN = 2 };

/* "loss", "draw", "win" or "unknown". */
const char *guti_value_name(int value);

/* ---- Games, positions and moves, without tables ------------------------------------ */

/* A game's number: its place in guti's list of games (solver/games/registry.c), from 1.
 * The first two have names here, for the programs written for them; a game added later
 * takes the next number and needs no name in this header: a program gets it by name,
 * guti_game_named("adugo"), and finds every game by trying numbers from 1 until
 * guti_game_name returns NULL. Numbers never change: a new game goes last. */
enum guti_game { GUTI_BAGHCHAL = 1, GUTI_SIXTEEN = 2 };

/* A game with its rules and board, as `--rules` and `--board` name them (`guti perft --help`
 * lists every game's), for example rules "standard", "goat-pass", "no-repeat", "no-repeat:N"
 * (Bagh-Chal) or "optional", "forced" (Sixteen Soldiers); board "5x5", "4x4", "3x3" (Bagh-Chal) or
 * "sixteen". A Bagh-Chal rules name with "-kN" after it ("standard-k3") has the tigers win with N
 * captures rather than the board's own number (5 on 5x5): its tables are its own. */
struct guti_variant {
    enum guti_game game;
    char rules[24];
    char board[16];
};

/*
 * A position as point sets, for a program that keeps its own board. Points are numbered
 * row by row from the bottom row, left to right within a row, counting only the board's
 * points: on 5x5, a1 = 0, b1 = 1, ..., e5 = 24; on Sixteen Soldiers' 37 points, a1 = 0,
 * c1 = 1, e1 = 2, b2 = 3, c2 = 4, d2 = 5, a3 = 6, ..., e9 = 36. Bit p of pieces[s] is set
 * when side s has a piece on point p. Side 0 moves first: the goats (Bagh-Chal), Red
 * (Sixteen Soldiers); side 1 the tigers, Blue.
 */
struct guti_position {
    struct guti_variant variant;
    uint64_t pieces[2];
    int side;   /* 0 or 1: whose move it is */
    int inhand; /* Bagh-Chal: goats not yet placed; 0 otherwise */
    int clock;  /* half-moves since the last capture (or placement) */
    /* The counting rule's limit in half-moves: 0 for the game's own (100 Bagh-Chal, 80
     * Sixteen Soldiers; none for a game without a counting rule, whose clock then ends
     * nothing and may be any), or 1 to GUTI_LIMIT_MAX to read the counting-rule tables made
     * with `guti solve --dtc --limit L` (docs/rules.md, "Solving"); then value_now, the
     * class, DTC and the end of the game by the clock are at that limit, and the clock may
     * not pass it. The positions a function returns after a move keep it. (Since 0.7.0.) */
    int limit;
};

#define GUTI_LIMIT_MAX 30000 /* the largest limit guti solve --dtc makes tables for */

/* Reads a FEN (docs/notation.md). The game and board come from its rows (9: Sixteen Soldiers;
 * 3, 4 or 5: Bagh-Chal on that board) unless hint names them; hint's rules (or, with no
 * hint or empty rules, the game's default rules) become the position's. hint may be NULL;
 * its empty fields are not hints. */
int guti_parse_fen(const char *fen, const struct guti_variant *hint, struct guti_position *pos,
                   struct guti_error *err);

/* The start of a game: v names the game, and its rules and board (empty: the game's
 * default rules, and Bagh-Chal's 5x5 board). GUTI_EINPUT for a variant that is not one. */
int guti_start(const struct guti_variant *v, struct guti_position *pos, struct guti_error *err);

/* Writes a position as a FEN into buf (at most len bytes, NUL-terminated). */
int guti_format_fen(const struct guti_position *pos, char *buf, size_t len, struct guti_error *err);

/* A point's name ("c3") for point number p, into out (3 bytes at least). */
int guti_point_name(const struct guti_variant *v, int p, char out[3], struct guti_error *err);

/* A board's geometry, for drawing it: its points (column 0 = a, row 0 = the bottom row)
 * and, for each point, the points adjacent to it along a line. */
#define GUTI_MAX_POINTS 64
struct guti_board {
    char name[16];
    int npoints, ncols, nrows;
    int col[GUTI_MAX_POINTS], row[GUTI_MAX_POINTS];
    int degree[GUTI_MAX_POINTS];
    int adjacent[GUTI_MAX_POINTS][8];
};
int guti_board_info(const struct guti_variant *v, struct guti_board *out, struct guti_error *err);

/* Names for people: the game ("baghchal", "sixteen"), a side ("goats", "tigers", "red",
 * "blue"), a piece's letter in a FEN ('G', 'T', 'R', 'B'). NULL or 0 for a bad argument. */
const char *guti_game_name(enum guti_game game);
/* The game a name means ("baghchal", "bagh-chal", "sixteen", "sixteen-soldiers",
 * "sholo-guti", in any case), or 0. */
enum guti_game guti_game_named(const char *name);
const char *guti_side_name(enum guti_game game, int side);
char guti_piece_letter(enum guti_game game, int side);

/* The material in words ("goats in hand 20, on the board 0, captured 0 of 5"). */
int guti_material(const struct guti_position *pos, char *buf, size_t len, struct guti_error *err);

#define GUTI_MOVE_MAX 80 /* the longest move text, a Sixteen Soldiers chain, with its NUL */
#define GUTI_FEN_MAX 128

/* One legal move: its text in notation (a placement "c3", a step "a1-b2", a capture
 * "a1xc3" or a chain "c4xc6xe6", a "pass") and the position it leads to. */
struct guti_move {
    char text[GUTI_MOVE_MAX];
    struct guti_position after;
};

/* The legal moves of pos, one per distinct successor position, into moves[0..max-1];
 * *n is their number (0 when the game is over). GUTI_ERANGE when max is too small
 * (then *n says how many there are). */
int guti_legal_moves(const struct guti_position *pos, struct guti_move *moves, int max, int *n,
                     struct guti_error *err);

/* Plays a move given as text (any way of writing it: a chain by any of its paths). */
int guti_play(const struct guti_position *pos, const char *move, struct guti_position *after,
              struct guti_error *err);

/* Whether the game is over in this position by the rules or the clock (where it counts: the third
 * repetition needs a game's history): *winner is 0 or 1, or -1 for a draw; reason a phrase
 * ("5 goats captured"); *reachable false when the winner is to move (no game ends that
 * way). Returns 1 when over, 0 when not, or a negative status. */
int guti_over(const struct guti_position *pos, int *winner, char *reason, size_t len,
              bool *reachable, struct guti_error *err);

/* ---- Other notations ----------------------------------------------------------------- */

/* Bagh-Chal on 5x5 in the notations of other programs, besides guti's own (docs/notation.md):
 * the `baghchal` Python package's (FEN `B3B/5/5/5/B3B G 0`, moves `G33`, `B1122`,
 * `Bx1133`) and OBX, baghchal.net's (`TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #`, moves
 * `mC3`, `mA1B1`, `mA1C3(B2)`). docs/notation.md, "Other notations", says how each maps onto
 * guti's positions; neither has a clock (read as 0, not written) or rules. */
enum guti_notation { GUTI_NOTATION_GUTI = 1, GUTI_NOTATION_BAGHCHAL = 2, GUTI_NOTATION_OBX = 3 };

/* "guti", "baghchal", "obx"; and the notation a name means, or 0. */
const char *guti_notation_name(enum guti_notation notation);
enum guti_notation guti_notation_named(const char *name);

/* Reads a position in a notation, or with notation 0 in whichever its shape shows
 * (GUTI_EINPUT when it mixes notations or could be more than one); *found, when not NULL,
 * is the notation read. hint as guti_parse_fen's; a foreign notation is Bagh-Chal on 5x5. */
int guti_parse_position(const char *text, enum guti_notation notation,
                        const struct guti_variant *hint, struct guti_position *pos,
                        enum guti_notation *found, struct guti_error *err);

/* Writes a position in a notation (a foreign one: without the clock). */
int guti_format_position(const struct guti_position *pos, enum guti_notation notation, char *buf,
                         size_t len, struct guti_error *err);

/* Writes a move of pos, given in guti's notation (as guti_legal_moves has it), in a
 * notation; GUTI_EINPUT for a move the notation has no way to write (a pass). */
int guti_format_move(const struct guti_position *pos, const char *move, enum guti_notation notation,
                     char *buf, size_t len, struct guti_error *err);

/* ---- Tables ------------------------------------------------------------------------ */

typedef struct guti_tables guti_tables;

/* Opens a directory of tables: reads the headers of every table in it (not their
 * blocks). cache_bytes bounds the memory of decompressed blocks shared by all probes
 * (0: a default of 64 MiB). An empty directory opens; its probes fail with GUTI_ENOTABLE,
 * naming the table and the command that makes it. GUTI_EIO, "DIR: no such directory",
 * for a path that does not exist or is not a directory (since 0.7.0; before, an absent
 * directory opened as an empty one), and GUTI_EIO when the directory cannot be read. */
int guti_open(const char *dir, size_t cache_bytes, guti_tables **out, struct guti_error *err);

/* Closes the handle and frees everything; t may be NULL. No probe may be running. */
void guti_close(guti_tables *t);

/* The OpenMP threads the handle builds its indexes with (an index is built on a layer's
 * first probe): threads >= 1, or 0 for omp_get_max_threads() of the probing thread, the
 * default. 1 builds them with no OpenMP region, for programs that probe from threads of
 * their own (see Threads, above). Call it after guti_open, before the first probe, from
 * the one thread that holds the handle then. (Since 0.8.0.) */
void guti_set_index_threads(guti_tables *t, int threads);

/* What the handle's block cache has done since guti_open, for benchmarks and for choosing
 * cache_bytes: the probes answered from a decompressed block in memory (hits) or by
 * reading and decompressing one (misses), the bytes those reads took from the files and
 * gave decompressed, and the blocks and bytes held now. Safe from any thread. (Since
 * 0.5.0.) */
struct guti_cache_stats {
    uint64_t hits, misses, evictions;
    uint64_t bytes_read, bytes_decompressed;
    uint64_t bytes_held, blocks_held;
};
void guti_cache_stats(guti_tables *t, struct guti_cache_stats *out);

/* The variants whose tables are in the directory, from the headers: their number, and
 * the first max of them in out (sorted: game, board, rules). */
int guti_variants(const guti_tables *t, struct guti_variant *out, int max);

/* The counting rule's classes at clock 0 (docs/rules.md): a win or loss under the rule, a
 * cursed win (a win without the rule that the rule draws), a blessed loss, a draw. */
enum guti_class {
    GUTI_CLASS_UNKNOWN = -1,
    GUTI_CLASS_LOSS = 0,
    GUTI_CLASS_BLESSED_LOSS = 1,
    GUTI_CLASS_DRAW = 2,
    GUTI_CLASS_CURSED_WIN = 3,
    GUTI_CLASS_WIN = 4
};

/* "loss", "blessed_loss", "draw", "cursed_win", "win" or "unknown". */
const char *guti_class_name(int cls);

/* What the tables say of a position. */
struct guti_result {
    struct guti_variant variant; /* the game, and the rules whose tables answered */
    int value;                   /* GUTI_WIN, GUTI_DRAW, GUTI_LOSS for the side to move */
    int dtm;          /* half-moves to the end; -1 for a draw or where only WDL tables exist */
    int value_now;    /* under the counting rule at the position's clock, where the tables
                         without the rule can tell (a draw, or an end within the clock);
                         else GUTI_UNKNOWN. Without a counting rule (limit 0): value */
    int clock, limit; /* the position's clock, and the limit in force (the game's own when
                         the position's limit is 0): 0 when there is none, the game having
                         no counting rule and the position asking for none */
    bool over;        /* the game is over in this position (by the rules or the clock) */
    int winner;       /* when over: 0 or 1, -1 for a draw */
    bool reachable;   /* when over: false if the winner is to move */
    char reason[64];  /* when over: why */
    /* The counting rule at that limit, where its tables (guti solve --dtc) are there
     * (Bagh-Chal: both phases; Sixteen Soldiers: every material): the class at clock 0
     * and its DTC, the half-moves to the next zeroing move (a capture, or in Bagh-Chal a
     * placement) or the end (-1 when unknown or drawn); then value_now is exact at any
     * clock. Without a counting rule (limit 0) there is none: GUTI_CLASS_UNKNOWN and -1.
     * For a move: its maker's, from the position it leads to. */
    int dtc_class; /* enum guti_class */
    int dtc;
    int reserved[6]; /* room for further metrics */
};

/* Probes a position. pos->variant.rules chooses the tables; with an empty rules string
 * the rules of the tables in the directory for that game and board are used (the game's
 * default when several are there, or none is). A finished game needs no table: over is
 * set, value is the result for the side to move and dtm 0 (or -1 for a draw). Errors:
 * GUTI_EINPUT for a position that is not one of the game's, GUTI_ENOTABLE (the message
 * names the table and the guti command that makes it, or says that no one machine can),
 * GUTI_EDAMAGED, GUTI_ENOMEM. Under rules no-repeat nothing is tabulated: GUTI_EINPUT.
 * pos->limit chooses the counting rule's tables (their limit); where none is there at that
 * limit, the class is unknown and value_now as the tables without the rule can tell. */
int guti_probe(guti_tables *t, const struct guti_position *pos, struct guti_result *r,
               struct guti_error *err);

/* The same from a FEN, read as guti_parse_fen reads it; rules NULL or "" for the rules of
 * the tables in the directory. The position read is in *pos when pos is not NULL (also
 * when the probe fails for want of a table). */
int guti_probe_fen(guti_tables *t, const char *fen, const char *rules, struct guti_position *pos,
                   struct guti_result *r, struct guti_error *err);

/* A move with its value for the player who makes it. */
struct guti_scored_move {
    struct guti_move move;
    struct guti_result result; /* value, dtm and value_now for the mover; clock, limit and
                                  over (the move ends the game) of the position after it */
};

/* Every legal move of pos with its value for the mover, best first: the fastest wins,
 * then the draws, then the slowest losses (ties in the order of guti_legal_moves). *n is
 * their number; GUTI_ERANGE when max is too small. */
int guti_probe_moves(guti_tables *t, const struct guti_position *pos,
                     struct guti_scored_move *moves, int max, int *n, struct guti_error *err);

/* One move's value for the player who makes it, as guti_probe_moves gives it (the same
 * fields, the same words), reading only the table of the position it leads to. move is any
 * way of writing it, as guti_play reads it; out->move.text is how guti_legal_moves writes
 * it. Errors: GUTI_EINPUT for an illegal move or a finished game, and guti_probe's. */
int guti_probe_move(guti_tables *t, const struct guti_position *pos, const char *move,
                    struct guti_scored_move *out, struct guti_error *err);

/* The best move (the first of guti_probe_moves); GUTI_EINPUT when the game is over. */
int guti_best_move(guti_tables *t, const struct guti_position *pos, struct guti_scored_move *best,
                   struct guti_error *err);

/* A principal variation: best moves from pos until the game ends, at most max (the
 * caller bounds draws, which never end). Texts into moves[0..*n-1]. */
int guti_principal_variation(guti_tables *t, const struct guti_position *pos,
                             char (*moves)[GUTI_MOVE_MAX], int max, int *n, struct guti_error *err);

/* ---- Game analysis ----------------------------------------------------------------- */

/* How a move is judged: by the values under the counting rule at the positions' clocks
 * (value_now) when they are known both before and after it, else by the values without
 * the rule; not at all when the tables cannot answer either. */
enum guti_judged { GUTI_JUDGED_NONE = 0, GUTI_JUDGED_VALUE_NOW = 1, GUTI_JUDGED_VALUE = 2 };

/* "value_now", "value" or "none". */
const char *guti_judged_name(int judged);

/* One move of a game, analysed. A result the tables could not give (a missing table) has
 * value, value_now GUTI_UNKNOWN, dtm, dtc -1 and class GUTI_CLASS_UNKNOWN, and its
 * *_missing is the index of that table's message in the analysis' missing[]. */
struct guti_move_analysis {
    struct guti_position position; /* the position before the move */
    struct guti_result before;     /* its value for the side to move (guti_probe) */
    /* the move as played (its text as guti_legal_moves writes it, the position it leads
     * to) and its value for its maker, the value of that position from the mover's side
     * (guti_probe_move); a move that makes a position's third occurrence ends the game in
     * a draw by repetition, which the tables cannot know: its result is then that draw
     * (over, value and value_now GUTI_DRAW, dtm -1, the reason) */
    struct guti_scored_move played;
    int judged;    /* enum guti_judged */
    bool mistake;  /* the judged value is worse for the mover after the move than before it:
                      a win thrown into a draw or a loss, a draw into a loss */
    bool slower;   /* not an error: the move keeps the (judged) win, but its DTM is longer
                      than the best move's (where DTMs are unknown, its DTC) */
    bool has_best; /* best is set: for every move whose position the tables answer, when
                      they can rank all its moves (guti_best_move) */
    /* not an error: the move keeps the (judged) loss, as every move there does, but its DTM
     * is shorter than the best move's (where DTMs are unknown, its DTC). In what was
     * padding: the members around it keep their offsets */
    bool faster_loss;
    struct guti_scored_move best; /* the best move there, ranked as guti_probe_moves ranks */
    /* -1, or the index in the analysis' missing[] of the table that could not be read (-1
     * too beyond that list) */
    int before_missing, played_missing, best_missing;
};

#define GUTI_ANALYSIS_MISSING 64 /* the most missing tables named */

/* A game's analysis as a whole (some 33 KB: better on the heap than on a small stack). */
struct guti_analysis {
    int nmoves;                      /* moves analysed */
    struct guti_position start;      /* the start, with its rules filled in */
    struct guti_result start_result; /* its value for the side to move */
    int start_missing;
    struct guti_position final; /* the position after the last move */
    bool over;                  /* the game is over there by the rules (third repetition and
                                   the clock included) */
    int winner;                 /* when over: 0 or 1, -1 for a draw */
    char reason[64];            /* when over: why */
    int mistakes[2];            /* per side (0 moves first): the moves flagged mistake */
    int first_mistake[2];       /* the index in moves of each side's first mistake, or -1 */
    int slower[2];              /* per side: the moves flagged slower */
    int judged;                 /* moves judged (judged != GUTI_JUDGED_NONE) */
    int answered, unanswered;   /* positions the tables answered and could not answer */
    int nmissing;               /* distinct missing tables: missing[0..nmissing-1], each the
                                   message that names the table and how to make it, once */
    char missing[GUTI_ANALYSIS_MISSING][512];
    bool more_missing; /* more tables were missing than missing[] holds (their positions'
                        *_missing are -1) */
};

/*
 * Analyses a game from start (its rules are the game's: empty rules mean the game's default
 * rules) through moves[0..n-1] (texts as guti_play reads them): each position's value for
 * the side to move, each move's value for its maker, whether it is a mistake, slower or a
 * faster loss and the best move there, into out[0..n-1]; the summary into *a (its counts
 * leave faster losses out: out[] has them). Values, DTM, the counting rule's class, DTC
 * and value_now are guti_probe's, at each position's own clock; a finished game's position
 * needs no table.
 *
 * A position whose table is missing is not an error: its result is unknown and the table
 * is named once in a->missing. Returns GUTI_OK, or: GUTI_EINPUT for a malformed start, a
 * move that is illegal or comes after the end of the game (the message gives its number,
 * from 1), rules no-repeat (no tables: guti_norepeat_analyze_game analyses such a game
 * by search); GUTI_ENOTABLE when the tables answer none of the
 * positions that need one (out and *a are filled all the same, every value unknown; err
 * names the first missing table); GUTI_EDAMAGED, GUTI_ENOMEM, as guti_probe. After another
 * error, out and *a hold the moves before the failing one (a->nmoves of them). Threads: as
 * guti_probe; out and a are the caller's.
 */
int guti_analyze_game(guti_tables *t, const struct guti_position *start, const char *const *moves,
                      int n, struct guti_move_analysis *out, struct guti_analysis *a,
                      struct guti_error *err);

/* ---- Rules no-repeat: values by search --------------------------------------------- */

/* Under rules no-repeat a position's value depends on the game's history, so no table
 * holds it: it is searched (the method is in docs/results.md, "The no-repeat rule"). */
struct guti_norepeat_result {
    struct guti_position position; /* the position after the moves */
    int value;       /* for the side to move: GUTI_WIN or GUTI_LOSS; GUTI_DRAW only under
                        a window (no-repeat:N), where play can go on forever; GUTI_UNKNOWN
                        when the search ran out of its budget */
    uint64_t nodes;  /* search nodes spent */
    uint64_t budget; /* the budget it had */
    bool has_best;   /* a win or a draw: a move that keeps it, in best */
    char best[GUTI_MOVE_MAX];
    bool over;       /* the game is over there (every move refused included) */
    int winner;      /* when over: 0 or 1 */
    char reason[64]; /* when over: why */
    bool bounded;    /* standard tables bounded the search (boards where that is proven) */
};

/*
 * The value under rules no-repeat (start->variant.rules "no-repeat" or "no-repeat:N") of
 * the position after moves[0..n-1] played from start, with that history: only the boards
 * since the last placement or capture matter, as no other board can come back. budget
 * bounds the search's nodes (0: 10^7); past it the value is GUTI_UNKNOWN, not an error.
 * t may be NULL; when it holds the standard rules' tables of the same board, they order
 * the moves, and on a board where every step changes the colour of a two-colouring (4x4)
 * they also give exact values to positions entering a movement layer, which is proven
 * there (docs/results.md). Errors: GUTI_EINPUT for other rules, a malformed start, or a move that
 * is illegal or refused (the message gives its number, from 1); GUTI_ENOMEM. Threads: as
 * guti_probe; the search is the caller's thread's and can take long: seconds for 10^7.
 */
int guti_norepeat_value(guti_tables *t, const struct guti_position *start, const char *const *moves,
                        int n, uint64_t budget, struct guti_norepeat_result *r,
                        struct guti_error *err);

/* One move of a position under rules no-repeat (guti_norepeat_moves). */
struct guti_norepeat_move {
    struct guti_move move; /* its text, and the position it leads to (rules no-repeat) */
    bool refused;          /* the rule refuses it: it recreates a board of the window (it
                              cannot be played; value is then GUTI_UNKNOWN) */
    int value;             /* for its maker under the rule: GUTI_WIN, GUTI_LOSS, GUTI_DRAW
                              (a window only), or GUTI_UNKNOWN when the search ran out of its
                              budget: never a guess */
    uint64_t nodes;        /* search nodes spent on it */
    /* its value for its maker under the standard rules (the same board and capture goal),
     * as guti_probe_moves gives it: value GUTI_UNKNOWN when no such tables are open */
    struct guti_result standard;
};

/*
 * Every move of the position after moves[0..n-1] played from start under rules no-repeat
 * (as guti_norepeat_value), refused ones included, with each one's value under the rule
 * (searched within budget nodes a move; 0: 10^6) and under the standard rules (from t's
 * standard tables of the same board, when t holds them), into out[0..max-1]; *nout is
 * their number (0 when the game is over). They come best first, which is the move a
 * machine plays (the first): the decided wins, then the moves that are not decided losses
 * (draws and the undecided), then the decided losses, then the refused; within each, as
 * the standard tables rank them (guti_probe_moves), else in the order of guti_legal_moves.
 * *r is the position's value under the rule as its moves decide it (a win when one wins,
 * a loss when every move that is not refused loses, a draw when the rest draw, else
 * GUTI_UNKNOWN), over and reason when the game is over, best the first move when it keeps
 * a win or a draw, nodes the sum. Errors: those of guti_norepeat_value; GUTI_ERANGE when
 * max is too small (*nout says how many there are, *r is filled). Threads: as
 * guti_norepeat_value; the time is up to the budget for each move.
 */
int guti_norepeat_moves(guti_tables *t, const struct guti_position *start, const char *const *moves,
                        int n, uint64_t budget, struct guti_norepeat_result *r,
                        struct guti_norepeat_move *out, int max, int *nout, struct guti_error *err);

/* One move of a game under rules no-repeat, analysed (guti_norepeat_analyze_game). */
struct guti_norepeat_move_analysis {
    struct guti_position position; /* the position before the move (rules no-repeat) */
    int value;                     /* its value under the rule for the side to move, as its
                                      moves decide it (guti_norepeat_moves' r->value):
                                      GUTI_UNKNOWN when a search ran out of its budget */
    uint64_t nodes;                /* search nodes spent on the position's moves */
    /* the move as played: its text as guti_legal_moves writes it, the position it leads
     * to, its value for its maker under the rule (or GUTI_UNKNOWN) and its standard value
     * beside (standard.value GUTI_UNKNOWN when those tables are not open) */
    struct guti_norepeat_move played;
    bool has_best;                  /* best is set (always, as a game that goes on has a move
                                       the rule does not refuse) */
    struct guti_norepeat_move best; /* the machine's move there: guti_norepeat_moves' first */
    bool judged;                    /* both the position's value and the move's are decided */
    bool mistake;                   /* judged, and the move's value is worse for its maker than the
                                       position's: a win thrown into a draw or a loss, a draw into a loss */
};

/* A game's analysis under rules no-repeat as a whole. */
struct guti_norepeat_analysis {
    int nmoves;                 /* moves analysed */
    struct guti_position start; /* the start, with its rules (no-repeat or no-repeat:N) */
    struct guti_position final; /* the position after the last move */
    uint64_t budget;            /* the search budget of each move (the default filled in) */
    uint64_t nodes;             /* search nodes spent in all */
    bool over;                  /* the game is over after the last move (every move refused
                                   included) */
    int winner;                 /* when over: 0 or 1 (no draw ends a game under the rule) */
    char reason[64];            /* when over: why */
    int mistakes[2];            /* per side (0 moves first): the moves flagged mistake */
    int first_mistake[2];       /* the index in moves of each side's first mistake, or -1 */
    int judged;                 /* moves judged */
    int unknown;                /* moves left unjudged: a value undecided within the budget */
};

/*
 * Analyses a game under rules no-repeat (start->variant.rules "no-repeat" or
 * "no-repeat:N") from start through moves[0..n-1] (texts as guti_play reads them): for each
 * move, the position before it and its value under the rule, the move played and the best
 * move there with their values under the rule and under the standard rules beside (each
 * position as guti_norepeat_moves lists it, with the game's history, budget nodes a move;
 * 0: 10^6), and whether the move is a mistake, into out[0..n-1]; the summary into *a.
 * Only decided values are judged: a move whose value or whose position's value the search
 * left unknown is not (neither a mistake nor a good move: a->unknown counts them). t may be
 * NULL (no standard values, the search unhelped), as guti_norepeat_moves.
 *
 * Returns GUTI_OK, or: GUTI_EINPUT for other rules, a malformed start, a move that is
 * illegal, refused by the rule, or after the end of the game (the message gives its number,
 * from 1); GUTI_ENOMEM. After an error, out and *a hold the moves before the failing one
 * (a->nmoves of them). Threads: as guti_norepeat_moves; the time is up to the budget for
 * each move of each position: seconds a position for 10^6 on 5x5.
 */
int guti_norepeat_analyze_game(guti_tables *t, const struct guti_position *start,
                               const char *const *moves, int n, uint64_t budget,
                               struct guti_norepeat_move_analysis *out,
                               struct guti_norepeat_analysis *a, struct guti_error *err);

#ifdef __cplusplus
}
#endif

#endif
