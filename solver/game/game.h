/*
 * The rules interface: what every game module provides, and all the tools and solvers
 * know of a game.
 *
 * A position is two bitboards and a few counters. Side 0 moves first: goats in
 * Bagh-Chal, Red in Sixteen Soldiers. Positions are values: small, copied freely, equal
 * when their fields are equal (clock aside, see position_same()).
 */
#ifndef GUTI_GAME_H
#define GUTI_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "board.h"

struct position {
    bits_t men[2]; /* Bagh-Chal: [0] goats, [1] tigers; Sixteen Soldiers: [0] red, [1] blue */
    int side;      /* 0 or 1: the side to move */
    int inhand;    /* Bagh-Chal: goats not yet placed; 0 otherwise */
    int clock;     /* half-moves since the last capture (or placement, in Bagh-Chal) */
};

/* Same game state: pieces, side and goats in hand; the clock is a draw-rule counter,
 * not part of the state. */
static inline bool position_same(const struct position *a, const struct position *b)
{
    return a->men[0] == b->men[0] && a->men[1] == b->men[1] && a->side == b->side &&
           a->inhand == b->inhand;
}

enum move_kind { MOVE_PLACE, MOVE_STEP, MOVE_CAPTURE, MOVE_PASS };

#define MOVE_MAX_JUMPS 16

/* A move as written: a placement at to[0]; a step from -> to[0]; a capture from, landing
 * on to[0], ..., to[njumps-1]; a pass. */
struct move {
    enum move_kind kind;
    int from;
    int njumps;
    uint8_t to[MOVE_MAX_JUMPS];
};

/* Why a game is over. The side to move has always lost when the game ends by the rules;
 * the draws are adjudicated from a game's history (record.h). */
enum end_reason {
    END_NONE,
    END_CAPTURES,   /* Bagh-Chal: enough goats captured */
    END_NO_MOVES,   /* the side to move has no legal move */
    END_NO_PIECES,  /* Sixteen Soldiers: the side to move has no pieces */
    END_REPETITION, /* draw: third occurrence of a position */
    END_CLOCK,      /* draw: the half-move limit without capture (or placement) */
    END_REFUSED,    /* no-repeat: every move of the side to move recreates an earlier board */
};

struct outcome {
    enum end_reason reason;
    int winner; /* 0 or 1; -1 for a draw */
};

/* A growable list of moves and their successors. Chains of captures in Sixteen Soldiers
 * have no small bound on their number, so the list grows as needed; reuse one list for
 * many calls to avoid allocating.
 *
 * Running out of memory is the only way to fail here, and it is the caller's to report:
 * nothing in the library prints or exits. movelist_push, moves() and whatever calls them
 * (history.h, perft.h, record.h) return -1 then; the list, holding some of the moves or
 * none, can still be reused and freed. */
struct movelist {
    int n, cap;
    struct move *mv;
    struct position *succ;
    uint64_t *seen; /* scratch for the chain search */
    size_t seen_cap;
};

void movelist_init(struct movelist *l);
void movelist_free(struct movelist *l);
/* Appends a move and its successor; returns the new entry's index, or -1 when memory runs
 * out (the list is left as it was). */
int movelist_push(struct movelist *l, const struct move *m, const struct position *succ);
/* Makes room for n entries in all (keeping those there): 0, or -1 when memory runs out.
 * A generator with a bound on its moves may make room once and then write entry l->n of
 * mv and succ itself, with no test per move (Bagh-Chal's does, a hot path). */
int movelist_reserve(struct movelist *l, int n);

struct game;

/* A layer of a game's positions: the unit its tables are made, named and read by, in the
 * game's own coordinates, as a table's header stores them (tb_meta.layer, tablebase/tb.h):
 * Bagh-Chal (goats in hand, goats captured, 1 + the side to move or 0 for both, 0),
 * Sixteen Soldiers (m, n, 0, 0), the larger number of pieces first. */
struct layer_key {
    int32_t c[4];
};

/* What a layer is to a solver: cyclic when a move may stay in it (a movement phase:
 * solved by retrograde analysis, retro.h), acyclic when every move leaves it (Bagh-Chal's
 * placement phase: a position's value is the fold of its successors'). */
enum layer_kind { LAYER_CYCLIC, LAYER_ACYCLIC };

struct layer_entry {
    struct layer_key k;
    enum layer_kind kind;
};

/* A solved layer as a solver holds it, for the engines of the layers whose moves lead to
 * it: its codes, one per position as rank numbers them: retro codes (retro.h) in the DTM
 * pass, and in the counting rule's pass a loss code (1), a win code (2) or RETRO_DRAW for
 * the class at clock 0 (driver.h's solve_class_codes). */
struct held_layer {
    struct layer_key k;
    const uint16_t *codes; /* a cyclic layer's, as above */
    const struct wdl *val; /* an acyclic layer's values (FOLD_VALUES), or who wins under the
                              counting rule at clock 0 (FOLD_DTC) */
    const uint8_t *dtm;    /* an acyclic layer's DTM codes, a byte each (FOLD_DTM) */
    /* hold: a cyclic layer held in part (game_layers.entry_part), read through held_code.
     * first: codes[j] (or bytes[j]) is position first + j's; 0 when held whole. bytes: the
     * codes a byte each, when every held one fits or few do not (big, below; codes is then
     * NULL); NULL otherwise.
     * Only a game that defines entry_part is given a part or bytes. */
    uint64_t first;
    const uint8_t *bytes;
    /* bytes also when few codes pass a byte (DTMs past 253 are rare in most layers: the
     * held part then takes a byte a position and 8 bytes for each such code, rather than
     * 2 bytes a position): each code from HELD_BIG up is HELD_BIG in bytes and listed in
     * big[0..nbig-1], ascending, as (j << 16) | code, j its place in bytes. nbig 0: none
     * is, and HELD_BIG in bytes is that code. */
    const uint64_t *big;
    uint64_t nbig;
    uint64_t count; /* the positions held, from first (solve_hold_codes) */
};

#define HELD_BIG 255u

/* The code of bytes[j] when it is HELD_BIG and big lists the codes past a byte: a search. */
static inline uint16_t held_big_code(const struct held_layer *h, uint64_t j)
{
    uint64_t lo = 0, hi = h->nbig, key = j << 16;
    while (lo < hi) { /* the first entry at or past key */
        uint64_t mid = lo + (hi - lo) / 2;
        if (h->big[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (uint16_t)h->big[lo];
}

/* hold: the code of position i (of its layer's numbering) of a held cyclic layer, whether
 * held whole, in part (i within it) or in bytes: how a game defining entry_part reads its
 * children. */
static inline uint16_t held_code(const struct held_layer *h, uint64_t i)
{
    if (!h->bytes) return h->codes[i - h->first];
    uint8_t b = h->bytes[i - h->first];
    return b == HELD_BIG && h->nbig ? held_big_code(h, i - h->first) : b;
}

/* stats: a row of the statistics within a layer's table (game_layers.rows): the positions
 * offset + stride * j, j < count, with the side to move and the men on the board of the
 * side to move and of the other. */
struct layer_row {
    uint64_t offset, stride, count;
    int side;         /* the side to move: 0 or 1 */
    int men[2];       /* men on the board: the side to move's, the other side's */
    bool as_previous; /* its position j stands for as many as the previous row's j (the
                         same classes, the other side to move): its weights are those */
};

struct retro_layer;
struct wdl;
struct bitset;
struct bitset_progress;

/* The passes over an acyclic layer (game_layers.fold). */
enum fold_pass { FOLD_VALUES, FOLD_DTM, FOLD_DTC };

/* What solving a cyclic layer takes, in bytes, as the game reckons it before its index is
 * built (game_layers.need): its positions; by the engine's default mode (its codes,
 * counters and index: solve; its level buckets at their fullest: buckets); by its compact
 * mode (codes and index: compact); and the codes of its children as held (exits): at the
 * least, when a game's children are held in bytes (entry_part), a byte a position (what
 * the codes past a byte add is known once they are solved, and the driver counts it
 * then). */
struct layer_need {
    uint64_t positions;
    uint64_t solve, buckets, compact, exits;
};

/* How a game's positions are cut into layers and numbered within them, for its tables: what
 * the table naming and the prober (solver/tables/tables.h) ask of a game. Every hook is
 * required unless it says optional. Hooks are called from any thread, but never two at once
 * on one index set (the prober's lock sees to it). */
struct game_layers {
    bool board_in_names; /* the table files name the board: the game has several */
    /* Writes layer k's part of its tables' file names: "h0-c4", "h12-c3-t", "m4-n3". */
    void (*name)(const struct game *g, const struct layer_key *k, char *buf, size_t len);
    /* The layer of a position the rules have not ended. */
    struct layer_key (*layer_of)(const struct game *g, const struct position *pos);
    /* A new, empty set of the indexes that number positions (NULL when memory runs out),
     * each built on first use by rank with that many OpenMP threads (pair_index_init: 0
     * for omp_get_max_threads()); index_free frees it and all it built. */
    void *(*index_new)(const struct game *g, int threads);
    void (*index_free)(void *ix);
    /* The number of position pos (of layer k) in the layer's table, and the table's size.
     * When the index it needs is not built, rank builds it when may_build, else returns 1
     * and changes nothing. 0; 1; or -1 when memory runs out, with a one-line err naming
     * the index ("out of memory for the index of 3 goats"). */
    int (*rank)(const struct game *g, void *ix, const struct layer_key *k,
                const struct position *pos, bool may_build, uint64_t *i, uint64_t *size, char *err,
                size_t errlen);
    /* The position numbered i (below the table's size) in layer k, its clock 0: the inverse
     * of rank, building the index it needs. 0, or -1 when memory runs out (err as for rank). */
    int (*unrank)(const struct game *g, void *ix, const struct layer_key *k, uint64_t i,
                  struct position *pos, char *err, size_t errlen);
    /* The table's size of layer k: the number its positions are ranked below; 0, or -1
     * when memory runs out (err as for rank). Builds the index it needs. */
    int (*size)(const struct game *g, void *ix, const struct layer_key *k, uint64_t *size,
                char *err, size_t errlen);
    /* The game's layers in an order they can be solved in: every move from a position of a
     * layer leads to a position the rules end, to the same layer (a cyclic one only) or to
     * a layer listed before it. Writes the first max of them to out and returns how many
     * there are, whatever max is (max 0 counts them). A game whose material has no bound
     * of its own lists its layers up to the most its tables can hold. */
    int (*list)(const struct game *g, struct layer_entry *out, int max);
    /* The layers a move from layer k may lead to, itself aside (its children): written to
     * out, at most max, their number returned whatever max is. What a solver must have
     * solved, and hold, to solve layer k. */
    int (*children)(const struct game *g, const struct layer_key *k, struct layer_key *out,
                    int max);
    /* Writes the message for layer k's missing table at path: what makes it ("no table
     * PATH; make it with: guti solve ..."), dir_word being the directory as a shell reads
     * it, or why no command can. */
    void (*missing)(const struct game *g, const struct layer_key *k, const char *path,
                    const char *dir_word, char *err, size_t errlen);
    /* Optional (NULL: no such layers): whether layer k is one its solver stores with a WDL
     * table alone, its DTM being the fold of its successors' (Bagh-Chal's goats-to-move
     * placement layers); and then a position's code (retro.h) from its successors', each
     * probed by probe(arg, ...) (0, 1 when the successor's DTM is not known, else a
     * failure): 0 with *code; 1 when a successor's DTM is not known; or probe's failure.
     * selftest: fold_successors takes a position of any acyclic layer, not only those of
     * dtm_by_fold, and is required for a game with acyclic layers: it probes the successors
     * in its children as the game's fold reads them (a move that ends the game folded, not
     * probed, as a loss in 0 for the opponent; the fold may stop at a win in 1), which the
     * self-test (selftest.h) checks against moves(). */
    bool (*dtm_by_fold)(const struct game *g, const struct layer_key *k);
    int (*fold_successors)(const struct game *g, const struct position *pos,
                           int (*probe)(void *arg, const struct position *succ, uint16_t *code),
                           void *arg, uint16_t *code);

    /* Solving (the one driver, solver/solve/driver.h). */
    /* Writes layer k for people, in messages and progress: "material 3+2", "layer c3". */
    void (*title)(const struct game *g, const struct layer_key *k, char *buf, size_t len);
    /* Required for a game with cyclic layers: the retrograde engine's view of cyclic layer
     * k (retro.h) into *L, its exits reading kids[0..nkids-1], one for every layer of
     * children(k), solved (in any order). dtc_limit 0: the DTM pass; L > 0 the counting
     * rule's (retro.h), kids then holding class codes. ix: an index set (index_new), whose
     * indexes it builds as rank does and keeps; L->ctx is the game's until engine_close(L),
     * and kids' codes must outlive it. 0, or -1 when memory runs out (err naming the
     * index). */
    int (*engine_open)(const struct game *g, void *ix, const struct layer_key *k,
                       const struct held_layer *kids, int nkids, int dtc_limit,
                       struct retro_layer *L, char *err, size_t errlen);
    void (*engine_close)(struct retro_layer *L);
    /* Required for a game with acyclic layers: acyclic layer k in one pass over its
     * positions, from its children kids[0..nkids-1] (one for every layer of children(k),
     * held as the pass says above). FOLD_VALUES fills val (allocated to the layer's size)
     * with each position's value (wdl.h); FOLD_DTM fills dtm (a byte a position) with its
     * DTM code (retro.h), given its values in val, and counts into *wrong the positions
     * whose moves disagree with them (0 unless a table is wrong); FOLD_DTC (limit) fills dtm
     * with its DTC code at clock 0 (values.h). Progress through progress(arg, ...) when not
     * NULL. 0, or -1 with err (memory, a child's code that does not fit a byte). */
    int (*fold)(const struct game *g, void *ix, const struct layer_key *k, enum fold_pass pass,
                int limit, const struct held_layer *kids, int nkids, struct wdl *val, uint8_t *dtm,
                uint64_t *wrong,
                void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total),
                void *arg, char *err, size_t errlen);
    /* Optional (NULL: such a game's solve takes no memory bound, and has no plan): what
     * solving cyclic layer k takes, into *need, before its index is built (struct
     * layer_need). */
    void (*need)(const struct game *g, const struct layer_key *k, struct layer_need *need);
    /* Optional (NULL: indexes stay until index_free): frees layer k's indexes in ix, as a
     * solver holding little memory drops a layer it no longer reads. */
    void (*index_drop)(const struct game *g, void *ix, const struct layer_key *k);

    /* How a solve is asked for and reported (solver/solve/solve.h, guti solve). */
    /* Optional: the kinds of layers as the game's players name them, cyclic first, for
     * `guti solve --phase` and the reports ({"movement", "placement"}); NULL: "cyclic" and
     * "acyclic". */
    const char *kind_names[2];
    /* Optional (NULL: its name): layer k in a report's row, short ("3+2"). */
    void (*label)(const struct game *g, const struct layer_key *k, char *buf, size_t len);
    /* Optional (NULL: a solve takes no --pieces): the men on the board in layer k's
     * positions. */
    int (*men)(const struct game *g, const struct layer_key *k);
    /* Optional (0: a solve makes the whole list): a game whose list goes on past what can
     * be solved (endgames up to every man on the board) is solved up to a number of men on
     * the board, which a solve must name (--pieces N, 2..pieces_most, the layers whose men
     * counts at most N); its plan (need) sizes any part of the list. Needs men. */
    int pieces_most;

    /* Reachability (the walk forwards from the start, solver/solve/reach.h). */
    /* Optional (NULL: the game has no reachability): layer k's step of the walk. r holds
     * the positions of k reached so far (a bit each, as rank numbers them); a cyclic layer's
     * are first closed under its own moves (their bits set in r); then the positions the
     * moves of r's lead to are marked in kids[j], the bits of the j-th layer of children(k)
     * (bits set stay set; a move the rules end the game with marks nothing). ix as for rank.
     * A cyclic layer's closure reports the positions it has expanded to progress (never
     * NULL; bitset.h's bitset_close does both). 0, or -1 when memory runs out (err naming
     * what). OpenMP threads. */
    int (*reach)(const struct game *g, void *ix, const struct layer_key *k, struct bitset *r,
                 struct bitset *kids, int nkids, const struct bitset_progress *progress, char *err,
                 size_t errlen);

    /* stats: the rows of the statistics (solver/solve/stats.h), by which a game tells
     * how a layer's numbered positions group and what each stands for. */
    /* Required: layer k's rows, one per side to move and material its table holds, into
     * out (at most max, in the order of the statistics), their number returned whatever
     * max is. A row's positions are numbered offset + stride * j, j < count; ix as for
     * rank (it builds the index it needs). The number, or -1 when memory runs out (err as
     * for rank). */
    int (*rows)(const struct game *g, void *ix, const struct layer_key *k, struct layer_row *out,
                int max, char *err, size_t errlen);
    /* Required: how many positions of the game each position j of row r of layer k (as
     * rows writes them) stands for, its images under the board's symmetries (the tables
     * hold one position a class), a byte each into w[0..count - 1]. ix as for rank. 0, or
     * -1 when memory runs out (err as for rank). */
    int (*weights)(const struct game *g, void *ix, const struct layer_key *k, int r, uint8_t *w,
                   char *err, size_t errlen);
    /* tables: what a complete set of the game's tables is (solver/tables/tables.h's
     * tables_expected), and the command that makes what it misses. */
    /* Optional (NULL: list's layers in list's order, every one of part 0). The layers of
     * list, in the order a set of tables shows them to people, each with its part in
     * part[] (as out, the first max; the number of layers returned whatever max is, or
     * -1 when memory runs out). A solve makes a game's tables part after part, from part
     * 0 up: a set holds the tables of every layer whose part is at most the highest part
     * of a table there, part 0's always. Bagh-Chal: the movement phase is part 0, the placement
     * phase part 1, the layers from the start; Sixteen Soldiers: a material is of the part of its
     * number of pieces (none of part 0), in list's order. */
    int (*set_list)(const struct game *g, struct layer_entry *out, int *part, int max);
    /* Optional (NULL: none): the options of `guti solve GAME` (each with a leading space)
     * that make the missing tables of the parts first to last of a set whose parts go up
     * to top: Bagh-Chal " --phase movement" (part 0 alone), "" (both), " --phase
     * placement" (part 1 alone); Sixteen Soldiers " --pieces TOP". The caller adds
     * " --dtm" when the set has DTM tables of acyclic layers (a solve makes a cyclic
     * layer's DTM always, an acyclic layer's when asked), then " --dtc --limit L", the
     * rules, the board when board_in_names and the directory. */
    void (*solve_options)(const struct game *g, int first, int last, int top, char *buf,
                          size_t len);

    /* hold: */
    /* Optional (NULL: all of it): the positions [*first, *first + *count) of cyclic layer k
     * (size positions) that the moves of the layers reading it (its parents: their
     * engine_open's exits and fold) lead to, as their children. A solver then holds only
     * those for them, a byte each when every code there fits one (struct held_layer's
     * first and bytes); a game defining it reads its held cyclic layers through held_code
     * alone, and takes one held whole as well (first 0: the self-test and stats hold all
     * of a layer). A game whose captures all lead to one side to move, its positions
     * numbered in a block, names that block: its children are held at half the size, or
     * a quarter in bytes. */
    void (*entry_part)(const struct game *g, const struct layer_key *k, uint64_t size,
                       uint64_t *first, uint64_t *count);
};

/* A game's module: its rules, its names and its variants. A game fills one, in its own
 * folder, and is listed in solver/games/registry.c; nothing else names it (docs/games.md,
 * "Adding a game"). Every field is required unless it says optional, and what an optional
 * one left empty means. */
struct game_ops {
    const char *name;          /* as --game takes it: "baghchal", "sixteen" */
    const char *side_name[2];  /* "goats", "tigers" / "red", "blue" */
    const char *piece_name[2]; /* "goat", "tiger" / "red", "blue" */
    char piece_letter[2];      /* 'G', 'T' / 'R', 'B' */
    char side_letter[2];       /* 'g', 't' / 'r', 'b' */
    /* The counting rule's limit in half-moves without a capture (docs/rules.md): 100 / 80.
     * 0: the game has none (its draws are by repetition alone): no clock ends it or bounds
     * its positions' clocks, and a query's value is the value without the rule; g->limit
     * (solve --dtc --limit L, tables of a given limit) still gives it one where asked. */
    int clock_limit;

    /* Reads a position (docs/notation.md); 0, or -1 with a one-line reason in err. */
    int (*parse)(const struct game *g, const char *text, struct position *pos, char *err,
                 size_t errlen);
    /* Writes a position in notation; the clock only when it is not 0. */
    void (*format)(const struct game *g, const struct position *pos, char *buf, size_t len);
    /* Fills l with the legal moves, one per distinct successor position, and those
     * successors; returns their number (0 when the game is over), or -1 when memory runs
     * out. */
    int (*moves)(const struct game *g, const struct position *pos, struct movelist *l);
    /* Plays one move as written; 0 with the successor, or -1 with the reason it is
     * illegal (or "out of memory": Bagh-Chal lists the moves to find it). Accepts every
     * way of writing a legal move (any chain path to its result). */
    int (*play)(const struct game *g, const struct position *pos, const struct move *m,
                struct position *succ, char *why, size_t whylen);
    /* Whether the game is over by the rules (not by the draw rules), and how. */
    bool (*over)(const struct game *g, const struct position *pos, struct outcome *out);
    /* The start position. */
    struct position (*start)(const struct game *g);
    /* Writes the material of a position in words ("goats in hand 20, captured 0"). */
    void (*material)(const struct game *g, const struct position *pos, char *buf, size_t len);

    /* Names and variants. */
    const char *title; /* for people: "Bagh-Chal", "Sixteen Soldiers" */
    /* Optional: other names game_setup takes (matched ignoring case), NULL-terminated;
     * none when NULL. */
    const char *const *aliases;
    /* Sets up the game's fields in g (ops and limit are set, the rest zeroed): its board
     * (board NULL: the game's default) and its rules by name (NULL: the default), their
     * parameters (a capture goal, a no-repeat window) and flags (g->no_repeat). 0, or -1
     * with a one-line reason naming the field and the names it takes. */
    int (*setup)(struct game *g, const char *rules, const char *board, char *err, size_t errlen);
    /* Writes the name of g's rules as setup reads them back ("goat-pass-k3", "forced"). */
    void (*rules_name)(const struct game *g, char *buf, size_t len);
    /* Optional: the board a position written in `rows` rows is on, for reading a FEN
     * whose game or board is not named, or NULL when no board of the game has that many;
     * with fen_rows, the counts for messages ("3, 4 or 5"). Default: positions never tell
     * this game. */
    const char *(*board_for_rows)(int rows);
    const char *fen_rows;
    bool has_hand;           /* positions have men in hand (a placement phase) */
    bool capture_goal;       /* its rules may name a capture goal ("standard-k3") */
    const char *clock_reset; /* optional: what else than a capture resets the clock, for
                                messages (" or placement"); none when NULL */

    /* Optional: its layers, for tables (NULL: a game without tables). */
    const struct game_layers *layers;

    /* tools: what the tools list a game's variants by (help texts, errors, the explorer's
     * list of games), so that they name no game. */
    /* Its boards as setup takes them, the default first, NULL-terminated: "5x5", "4x4",
     * "3x3" / "sixteen". Required. */
    const char *const *boards;
    /* Its rules as setup takes them, the default first, NULL-terminated, a family of names
     * written with its parameter ("no-repeat:N"). Required. */
    const char *const *rules_list;
    /* Optional: those of rules_list that tables are made for (play, query, the explorer),
     * NULL-terminated; NULL: all of them. */
    const char *const *table_rules;
    /* Optional: the i-th position (from 0) the explorer opens on, when the tables in its
     * folder do not answer the start (they hold only later layers): false past the last.
     * NULL: none but the start. */
    bool (*sample)(const struct game *g, int i, struct position *pos);
    /* Optional: what the explorer says tables hold that answer a sample but not the start,
     * "movement phase" / "endgames" (" (movement phase only)"); NULL: "later positions". */
    const char *partial_tables;

    /* selftest: what guti stats compares a set with. */
    /* Optional (NULL: none): the rule set whose statistics a set of the default rules is
     * compared with, side by side, when a folder holds tables of both (with the same
     * capture goal), and any other rule set's with the default's: "goat-pass". */
    const char *compare_rules;

    /* tests: what the tests that take every game of the registry play. */
    /* Optional (NULL: the default rules): the rules of a variant small enough to solve whole in
     * a moment (on the game's smallest board, by board_for_rows), for the tests and
     * demonstrations that take every game: Adugo's full game is 13.5 billion positions,
     * "optional-d3-k2" a quarter of a million. */
    const char *small_rules;

    /* noclock: how a sentence names each side (side 0 moves first), each in its own number. */
    /* side_plural[s]: side s is many men, its verbs and possessive plural: "the goats have no
     * legal move", "Tigers win", "the goats'"; false: "red has", "Jaguar wins", "red's".
     * Bagh-Chal {true, true}, Sixteen Soldiers {false, false}. */
    bool side_plural[2];
    /* side_article[s]: side s takes "the" in a sentence: "the goats", "the jaguar"; false:
     * its name stands bare, as a colour does ("red has no legal move"). Bagh-Chal {true,
     * true}, Sixteen Soldiers {false, false}. */
    bool side_article[2];
};

/* The games (solver/games/registry.c): the i-th, from 0, or NULL past the last. The number
 * of a game in guti.h's enum guti_game is its place here plus one. */
const struct game_ops *game_registry(int i);

/* The most captures a Bagh-Chal capture goal may ask for: the solvers and tables keep a
 * layer for each number of goats captured short of it. */
#define GAME_MAX_CAPTURE_GOAL 8

struct game {
    const struct game_ops *ops;
    const struct board *board;
    int rules; /* the game's own enum of rule sets (its folder's header) */

    /* The material, for games that take captures and may keep men in hand: each side's men
     * at the start (on the board or in hand: Bagh-Chal's 20 goats and 4 tigers), the men on
     * the board at the start, as points (those not there are in hand), and the captures
     * that win (a hunt game's goal: 0 for none; the board's own, capture_goal_default, or
     * one named in the rules, "standard-k3"). Set by the game's setup; the board is data,
     * so are these. */
    int side_men[2];
    bits_t start_on_board[2];
    int capture_goal;
    int capture_goal_default;
    bool no_repeat;    /* the no-repeat rule, and no draw rules (docs/rules.md) */
    int repeat_window; /* no-repeat: boards remembered, 0 for unlimited */
    /* The counting rule's limit in half-moves, when a caller asks for another than the
     * game's own (the tables of `solve --dtc --limit L`); 0, as game_setup leaves it, is
     * ops->clock_limit (for a game without a counting rule, none). Read it through
     * game_clock_limit, and whether there is one through game_has_clock. */
    int limit;
};

/* Sets up a game by name ("baghchal" or "sixteen"), rules name (NULL for the default) and,
 * for Bagh-Chal, board name (NULL for "5x5"). A Bagh-Chal rules name may end in "-kN":
 * the tigers then win with N captures (1 to the board's goats, at most
 * GAME_MAX_CAPTURE_GOAL), not the board's own
 * number (5 on 5x5, 3 on 4x4, 1 on 3x3). 0, or -1 with a one-line reason that names
 * the field ("unknown rules 'x' ...") but has no prefix: options and record tags both come
 * here, and their callers say which. */
int game_setup(struct game *g, const char *name, const char *rules, const char *board, char *err,
               size_t errlen);

/* The capture goal a rules name carries ("standard-k3": 3), or 0 when it carries none; -1
 * for a "-k" suffix that is no goal (k0, a leading zero, too long). *base_len gets the
 * name's length without the suffix. A game with a capture goal names its variants so. */
int game_capture_goal(const char *rules, size_t *base_len);

/* Writes to buf (len bytes) the name of rules `rules` (NULL: "standard") with capture
 * goal `goal`: "goat-pass" and 3 give "goat-pass-k3", the one spelling game_setup reads.
 * The goal's range is game_setup's to check, as it depends on the board. 0, or -1 with a
 * one-line reason when the rules name a goal already or the name does not fit. */
int game_rules_with_goal(const char *rules, int goal, char *buf, size_t len, char *err,
                         size_t errlen);

/* game_setup for a position: with fen not NULL, a game not named is read from its number
 * of rows (9: Sixteen Soldiers; 3, 4 or 5: Bagh-Chal), and so is a Bagh-Chal board not
 * named; what is named wins, and a FEN that disagrees then fails to parse. 0, or -1 with
 * a one-line reason ("position: ..." when the rows fit no board). */
int game_setup_for_fen(struct game *g, const char *fen, const char *name, const char *rules,
                       const char *board, char *err, size_t errlen);

/* Whether two set-up games are the same game: game, board, rules with their window and
 * capture goal, and the material (a variant of fewer men, Adugo's "-d4"). Tables of one are
 * never read for the other. */
bool game_same(const struct game *a, const struct game *b);
/* The counting rule's limit of g: g->limit, or the game's own (100, 80) when that is 0;
 * 0 when neither gives one (a game without a counting rule, asked for none). */
int game_clock_limit(const struct game *g);
/* Whether a clock ends g's games and bounds its positions' clocks: its rules have draw
 * rules (all but no-repeat) and it has a counting rule's limit (game_clock_limit not 0). */
bool game_has_clock(const struct game *g);

/* Writes the rules' name as --rules takes it ("standard", "no-repeat:12", "forced"; with a
 * Bagh-Chal capture goal other than the board's, "standard-k3"). */
void game_rules_name(const struct game *g, char *buf, size_t len);

/* Reads a move's text and plays it: 0 with the successor, or -1 with a reason. */
int game_play_text(const struct game *g, const struct position *pos, const char *text,
                   struct position *succ, char *why, size_t whylen);

/* A clock past the counting rule's limit is no state of a game (the game was drawn at
 * the limit): 0, or -1 with a one-line reason. Rules without draw rules, and a game without
 * a counting rule, take any clock (game_has_clock). */
int game_check_clock(const struct game *g, const struct position *pos, char *err, size_t errlen);

/* Whether the game is over in this position alone: by the rules (game_ops.over), else,
 * where a clock counts (game_has_clock), by the clock at its limit (END_CLOCK, a draw). The third
 * repetition needs the game's history (history_over in history.h). */
bool game_over_at(const struct game *g, const struct position *pos, struct outcome *out);

/* Whether a game can end in this finished position: not when the side to move is the
 * winner (say the tigers to move with five goats captured), since the winning move was
 * the last one. Such a position is legal to write down but no game reaches it. */
bool outcome_reachable(const struct position *pos, const struct outcome *o);

/* A phrase for the reason ("the tigers have no move"), for people. */
const char *end_reason_text(const struct game *g, const struct outcome *o, int loser);

#endif
