/*
 * A game's tables as `guti solve GAME` makes them, for any game: its passes over the layers
 * the game lists (game.h's struct game_layers), each pass a request to the one driver
 * (driver.h's solve_layers). The game declares its layers and their kinds; nothing here
 * asks which game it is.
 *
 * The passes, in this order, each over the layers asked for (struct solve_options):
 *   SOLVE_CYCLIC        the cyclic layers (a movement phase, endgames): a WDL and a DTM
 *                       table each, by the retrograde engine, with every cyclic layer their
 *                       moves lead to;
 *   SOLVE_ACYCLIC       the acyclic layers (a placement phase): a WDL table each, folded from
 *                       the layers they lead to, whose tables must be stored (the cyclic
 *                       pass first); skipped, reading nothing, when every table is stored;
 *   SOLVE_ACYCLIC_DTM   with acyclic_dtm: the acyclic layers' DTM tables, from their WDL
 *                       tables (a layer whose DTM is its successors' fold is made on the way
 *                       and not stored);
 *   SOLVE_CYCLIC_DTC, SOLVE_ACYCLIC_DTC   with dtc_limit: the counting rule's DTC tables of
 *                       the same layers, from their DTM (cyclic) or WDL (acyclic) tables.
 * A game without acyclic layers has the cyclic passes only.
 *
 * Hooks, figures, resuming, threads: driver.h (struct solve_hooks; pass is the pass's
 * SOLVE_* bit, and the layer hook is called for the passes in layer_passes). Errors: 0, or
 * -1 with one line in err; nothing is printed and nothing exits.
 */
#ifndef GUTI_SOLVE_H
#define GUTI_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "driver.h"
#include "game.h"

/* The passes, as bits (solve_hooks.layer_passes, solve_layer.pass, solve_pass.pass). */
enum {
    SOLVE_CYCLIC = 1,
    SOLVE_ACYCLIC = 2,
    SOLVE_ACYCLIC_DTM = 4,
    SOLVE_CYCLIC_DTC = 8,
    SOLVE_ACYCLIC_DTC = 16
};

/* What to solve. */
struct solve_options {
    bool cyclic_only, acyclic_only; /* one kind of layers (--phase); both false: all */
    bool acyclic_dtm;               /* the acyclic layers' DTM tables too (--dtm) */
    int dtc_limit;                  /* then the counting rule's tables (1..RETRO_MAX_DTC), or 0 */
    int pieces;      /* the layers of at most this many men on the board (game_layers.men),
                        or 0 for the whole list; a game with pieces_most must say it */
    uint64_t memory; /* 0, or a bound in bytes (driver.h's solve_request.memory) */
};

/* Whether g has layers of kind `kind`: 1 or 0, or -1 when memory runs out for its list. */
int solve_has_kind(const struct game *g, enum layer_kind kind);

/* The name of g's layers of kind `kind`, as its players say it ("movement", "placement";
 * game_layers.kind_names), else "cyclic" or "acyclic". */
const char *solve_kind_name(const struct game *g, enum layer_kind kind);

/* Checks options against the game before anything is solved: a game without tables, one
 * kind asked of a game that has the other only, DTM tables for acyclic layers a game does
 * not have, a number of pieces the game does not take or out of its range, a memory bound
 * for a game that cannot say what a layer needs (whether the bound fits:
 * solve_check_memory). 0, or -1 with the reason in err, naming the
 * option as the command line spells it ("--pieces 13: ..."). */
int solve_check_options(const struct game *g, const struct solve_options *o, char *err,
                        size_t errlen);

/* Whether every cyclic layer asked for fits the options' memory bound (0 without one), by the
 * game's need: 0, or -1 with err naming the layer that needs the most and what it needs. */
int solve_check_memory(const struct game *g, const struct solve_options *o, char *err,
                       size_t errlen);

/* Runs the passes the options ask for (solve_check_options and solve_check_memory first). 0, or -1
 * with err at the first pass that fails. */
int solve_game(const struct game *g, const struct solve_options *o, const struct solve_hooks *h,
               char *err, size_t errlen);

/* Whether a solve with these options made the tables of the start's layer (the start's value
 * can then be read back). */
bool solve_covers_start(const struct game *g, const struct solve_options *o);

/* ---- The plan: what solving each cyclic layer takes, before any is solved ------------- */

#define SOLVE_PLAN_MAX_READS 64

/* A cyclic layer in the plan, in solving order. */
struct solve_plan_layer {
    struct layer_key k;
    struct layer_need need; /* game_layers.need */
    uint64_t kept_bytes;    /* the codes of the layers before it that a solve without a
                               memory bound keeps while solving it (those with fewer men than
                               the plan's pieces, which a larger layer may read) */
    int nreads;             /* the layers it reads (its children), at most
                               SOLVE_PLAN_MAX_READS written */
    struct layer_key reads[SOLVE_PLAN_MAX_READS];
};

/* The plan of the cyclic layers of at most `pieces` men (0: all), the first max into out:
 * their number, or -1 with err when the game cannot plan (no need or men hook) or pieces
 * is out of the list's range. */
int solve_plan(const struct game *g, int pieces, struct solve_plan_layer *out, int max, char *err,
               size_t errlen);

#endif
