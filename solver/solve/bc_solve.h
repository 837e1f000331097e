/*
 * Solving Bagh-Chal: its passes as the command line asks for them, each a request to the
 * one driver (driver.h's solve_layers), which solves every layer of the game in the order
 * the layers depend on each other, stores each one's tables, and resumes from those stored.
 * The caller chooses where tables go (store.h) and hears of progress and results through
 * hooks.
 *
 * Order. The movement phase first (bc_layers.h), one layer per number of goats captured,
 * from the most down to 0: layer c's captures exit to layer c + 1, and only that layer's
 * codes are held while c is solved. Then the placement phase (bc_place.h), from the last
 * placement back to the start: with p goats placed, the goats-to-move layers (p, c) read
 * the tigers-to-move layers (p + 1, c) (at p + 1 = every goat placed, the movement phase's
 * tigers to move, read back from its WDL tables), then the tigers-to-move layers (p, c)
 * read (p, c) and, by a capture, (p, c + 1). A WDL table is made for every placement
 * layer first; the DTM pass, when asked for, walks the same order again, reading each
 * layer's WDL table and the DTM tables of the layers it leads to.
 *
 * Tables (struct store_table): a movement layer c has a WDL and a DTM table
 *   {kind, inhand 0, captured c, side -1}, its 2 * classes positions numbered as
 *   bc_layers.h says; a placement layer a WDL table and, from the DTM pass, a DTM table
 *   {kind, inhand = goats - p, captured c, side}.
 *
 * Resuming. A movement layer whose DTM and WDL tables are both stored and sound (every
 * checksum: STORE_VERIFY) is read back from its DTM table, not solved; one stored but
 * damaged is solved again, and the notice hook says so. A placement layer whose table reads
 * back is not solved again. When every table of a placement pass is stored with a header
 * that describes it (STORE_HEADER), the pass reads nothing and does nothing (verify checks
 * the blocks): a finished 5x5 run need not read 33 billion values to find that out.
 *
 * Errors. Every driver returns 0, or -1 with one line in err: out of memory (naming the
 * index or layer), a table that could not be saved (the store's message), a table the
 * pass needs that is missing or unreadable (its message and what to solve first), or a
 * DTM pass whose moves disagree with the WDL tables. Nothing is printed and nothing exits.
 *
 * Threads. The work runs on OpenMP threads (omp_set_num_threads is the caller's). The
 * hooks are called from the calling thread, task_progress from one thread at a time;
 * none needs to be thread-safe.
 */
#ifndef GUTI_BC_SOLVE_H
#define GUTI_BC_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "driver.h"
#include "game.h"
#include "store.h"

/* The passes, as bits. */
enum {
    BC_SOLVE_MOVEMENT = 1,
    BC_SOLVE_PLACEMENT = 2,
    BC_SOLVE_PLACEMENT_DTM = 4,
    BC_SOLVE_MOVEMENT_DTC = 8,  /* bc_solve_movement_dtc */
    BC_SOLVE_PLACEMENT_DTC = 16 /* bc_solve_placement_dtc */
};

/* The hooks and the figures they report: driver.h's struct solve_hooks, struct solve_layer
 * (pass: a BC_SOLVE_* bit; inhand, captured and side, -1 for a movement layer, which holds
 * both sides; max_dtm for a movement layer, max_win and max_loss for a placement DTM layer;
 * limit 0) and struct solve_pass. Here task_begin's labels are "layer c3" (movement),
 * "layer h5-c1-g" (placement WDL) or "dtm layer h5-c1-g" (placement DTM); task_progress's phases
 * "init" or "propagate" (retro.h), "values" or "dtm" (bc_place.h); the task hooks are not
 * called for layers read back. pass_begin is not called for a placement pass skipped
 * because every table of it is stored; pass_end is, with r->skipped. The layer hook is
 * called for the passes in layer_passes only: a placement layer's counts cost a pass over
 * its values. checkpoint_seconds is not read. */

/* Runs the passes asked for (BC_SOLVE_* bits) in the order movement, placement, placement
 * DTM; the placement passes need the movement's tables stored, the DTM pass the
 * placement's WDL tables. 0, or -1 with err at the first pass that fails. */
int bc_solve(const struct game *g, unsigned passes, const struct solve_hooks *h, char *err,
             size_t errlen);

/* The movement phase alone: a WDL and a DTM table per layer. */
int bc_solve_movement(const struct game *g, const struct solve_hooks *h, char *err, size_t errlen);

/* The placement phase alone: a WDL table per layer, or with dtm a DTM table per layer. */
int bc_solve_placement(const struct game *g, bool dtm, const struct solve_hooks *h, char *err,
                       size_t errlen);

/* The counting rule (limit 1..RETRO_MAX_DTC half-moves without a capture) over the
 * movement phase: for each layer, from the most goats captured down, the class at clock 0
 * and the DTC of every position (values.h's class codes), from the layer's DTM table (the
 * values without the rule) and, through the captures, the classes of the layer above,
 * into a DTC table {TB_DTC, inhand 0, captured c, side -1, limit}. The movement phase's
 * DTM tables must be stored. A layer whose DTC table is stored and sound is read back,
 * not made again. Hooks as for bc_solve: task labels "dtc layer c3", the layer hook for
 * BC_SOLVE_MOVEMENT_DTC with the classes counted (win and loss: under the rule). */
int bc_solve_movement_dtc(const struct game *g, int limit, const struct solve_hooks *h, char *err,
                          size_t errlen);

/* The counting rule over the placement phase: every placement layer's class at clock 0
 * and DTC (values.h's class codes) in the placement's order, into a DTC table {TB_DTC,
 * inhand, captured, side, limit}, from the layer's WDL table (the values without the
 * rule) and the classes of the layers it leads to: the movement phase's, from its DTC
 * tables at the same limit (bc_solve_movement_dtc first), and the placement layers' made
 * before it. A placement resets the clock, so a placement position is met at clock 0 (or
 * 1, goats to move after a tiger's step, which changes nothing: the goats' every move is
 * a placement); its DTC is at most 2 (bc_place.h). Resuming, hooks and errors as for
 * bc_solve_placement: task labels "dtc layer h5-c1-g", the layer hook for BC_SOLVE_PLACEMENT_DTC
 * with the classes counted; a layer whose tables disagree (a win under the rule that is
 * not one without it) fails, naming it. */
int bc_solve_placement_dtc(const struct game *g, int limit, const struct solve_hooks *h, char *err,
                           size_t errlen);

struct pair_index;

/* The DTM codes of a goats-to-move placement layer (inhand >= 1 goats in hand, captured),
 * whose DTM the DTM pass does not store: each position's is the fold of its placements',
 * all in the tigers-to-move layer below (inhand - 1; the movement layer when inhand is 1).
 * ix: the layer's index; below_ix: the one with a goat more; below: that layer's tigers'
 * DTM codes by class (retro codes, at most 255). codes holds the layer's WDL values as
 * codes (code_of_wdl) on entry and its DTM codes on return. OpenMP threads share the
 * positions. 0, or -1 with err: out of memory, or moves that disagree with the WDL values
 * (a wrong table: guti verify says which). */
int bc_goats_dtm(const struct game *g, int inhand, int captured, const struct pair_index *ix,
                 const struct pair_index *below_ix, const uint8_t *below, uint16_t *codes,
                 char *err, size_t errlen);

#endif
