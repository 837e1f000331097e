/*
 * Bagh-Chal's placement phase: every position with goats in hand, in layers (goats
 * placed p, goats captured c, side to move), values only (win, draw, loss). The phase is
 * acyclic: a goat's move places a goat, a tiger's move keeps p and may capture, so
 *
 *   goats to move (p, c)   -> tigers to move (p + 1, c)       (the movement phase at 20)
 *   tigers to move (p, c)  -> goats to move (p, c), or (p, c + 1) by a capture
 *
 * and each layer is one pass over its positions reading the layers it leads to. Position
 * i of a layer is class i of the pair index with A = tigers, B = the p - c goats.
 */
#ifndef GUTI_BC_PLACE_H
#define GUTI_BC_PLACE_H

#include "game.h"
#include "index.h"
#include "values.h"
#include "wdl.h"

struct bc_place_layer {
    int placed, captured, side; /* side 0: goats to move, 1: tigers */
    const struct pair_index *ix;
    struct wdl val;
    uint8_t *dtm; /* NULL, or DTM codes as retro's (retro.h): 0 draw, else DTM + 1; in the
                     counting rule's pass, the layer's own DTC codes (values.h) while it is
                     made, and val then holds who wins under the rule at clock 0 */
};

/* Fills L->val (allocated by the caller) from the layers it leads to:
 * goats to move: next = the tigers-to-move layer (p + 1, c), or the movement phase's
 *   tigers-to-move values at p + 1 = side_men[0] (a layer with side 1 and placed = side_men[0]);
 * tigers to move: next = the goats-to-move layer (p, c), capt = (p, c + 1), NULL when
 *   one more capture wins. OpenMP threads share the positions. */
void bc_place_solve(const struct game *g, struct bc_place_layer *L,
                    const struct bc_place_layer *next, const struct bc_place_layer *capt,
                    void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total),
                    void *progress_arg);

/* The value of one position of L from the layers it leads to, as bc_place_solve finds it:
 * for verification. */
int bc_place_value(const struct game *g, const struct bc_place_layer *L, uint64_t i,
                   const struct bc_place_layer *next, const struct bc_place_layer *capt);

/* Fills L->dtm (allocated by the caller) from the DTM codes of the layers it leads to
 * (next, capt as above), given L->val: a draw stays a draw without looking at its moves,
 * a win is one more than its quickest move to a lost position, a loss one more than its
 * slowest move. One byte is enough: the longest is the movement phase's longest plus at
 * most two plies per goat in hand. Returns how many positions' moves disagree with L->val
 * (0 unless a table is wrong); those keep the value their moves give. */
uint64_t bc_place_solve_dtm(const struct game *g, struct bc_place_layer *L,
                            const struct bc_place_layer *next, const struct bc_place_layer *capt,
                            void (*progress)(void *arg, const char *phase, uint64_t done,
                                             uint64_t total),
                            void *progress_arg);

/* The counting rule's pass (limit 1..RETRO_MAX_DTC): fills L->dtm (allocated by the
 * caller) with each position's DTC code (values.h; 0 a draw under the rule at clock 0),
 * from who wins under the rule at clock 0 in the layers it leads to (next, capt as above;
 * their val, as WDL values: V(p, 0)). Every goat's move is a placement and every capture
 * zeroes the clock: those are exits, worth only V where they lead. A tiger's step keeps
 * the clock running into a goats-to-move position of the same layer, whose DTC counts:
 * but the goats always have a placement, so each of their decided positions has DTC 1,
 * and V says its DTC code. The fold is retro_derive_dtc's, the engine's own rule written
 * once: a goats' position decided under the rule has DTC 1, a tigers' 1 or 2 (0 when shut
 * in), so a byte holds every code. Reading two bits a position, as the values pass does,
 * keeps the random reads of the layers it leads to in a quarter of the memory. */
void bc_place_solve_dtc(const struct game *g, struct bc_place_layer *L,
                        const struct bc_place_layer *next, const struct bc_place_layer *capt,
                        int limit,
                        void (*progress)(void *arg, const char *phase, uint64_t done,
                                         uint64_t total),
                        void *progress_arg);

/* The DTC code of one position of L, as bc_place_solve_dtc finds it: for verification. */
retro_code bc_place_dtc(const struct game *g, const struct bc_place_layer *L, uint64_t i,
                        const struct bc_place_layer *next, const struct bc_place_layer *capt,
                        int limit);

#endif
