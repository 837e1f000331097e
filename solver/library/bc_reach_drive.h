/*
 * Bagh-Chal's reachable positions, as REACH tables: the driver over bc_reach.h's steps,
 * which owns their order and resuming from the tables already stored.
 *
 * Order. Forward from the start, in the order of play: the goats-to-move layers with p
 * goats placed (c = 0 .. the captures possible), from which the tigers-to-move layers with
 * p + 1 placed, from which the goats-to-move layers with p + 1, and so on; the last
 * placement leads into the movement phase, whose layers are then closed one by one, c = 0
 * up, each seeding the next by its captures. Every layer's table is saved as soon as it is
 * found: {TB_REACH, inhand, captured, side} for a placement layer (one entry per class),
 * {TB_REACH, 0, captured, -1} for a movement layer (2 entries per class, as bc_layers.h
 * numbers them), entries 0 or 1.
 *
 * Resuming (store_exists says what is stored, nothing else is read to decide). When every
 * layer's table is stored, nothing is done. Otherwise the run restarts at the first step p
 * (the goats-to-move layers with p placed, then the tigers-to-move layers with p + 1) that
 * is not stored whole: the goats-to-move layers with p placed are read back when they are
 * all stored (else the run restarts one step earlier, or at the start), and every step from
 * there on is found and saved again, so a table missing anywhere, even between stored
 * ones, is made. A movement layer's stored table is trusted only when the whole placement
 * phase was.
 *
 * Errors: 0, or -1 with one line in err: out of memory, a table that could not be saved
 * (the store's message; the run goes on to the end of that step first), a stored table
 * that cannot be read back ("cannot resume from NAME: why"). Nothing is printed and
 * nothing exits.
 *
 * Threads: the steps run on OpenMP threads; the hooks are called from the calling thread
 * and need not be thread-safe.
 */
#ifndef GUTI_BC_REACH_DRIVE_H
#define GUTI_BC_REACH_DRIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "store.h"

/* A layer done: found now or read back. */
struct bc_reach_layer {
    int inhand, captured, side; /* side -1: a movement layer, both sides */
    uint64_t reached, classes;  /* positions reached, of all (2 per class when side -1) */
    bool resumed;               /* read back from the store */
};

/* The hooks. Every one is optional (NULL); arg is passed to each but store's, which has its
 * own. Pointers a hook receives are valid during the call only. All are called from the
 * thread that called bc_reach_all, so none needs to be thread-safe. */
struct bc_reach_hooks {
    /* Where the REACH tables are saved and read back (store.h). Default: the files of
     * store.dir, which must exist. */
    struct store_hooks store;
    /* Progress: one task, "reach", begins; advances after each table saved (phase
     * "layers", classes walked by this run of the total it will walk); ends. Default:
     * nothing. */
    void (*task_begin)(void *arg, const char *label);
    void (*task_progress)(void *arg, const char *phase, uint64_t done, uint64_t total);
    void (*task_end)(void *arg);
    /* A layer is done, in the order above (read-back layers first when resuming), with
     * its counts. Default: nothing. */
    void (*layer)(void *arg, const struct bc_reach_layer *r);
    void *arg;
};

struct bc_reach_result {
    bool all_stored;         /* every layer's table was stored already: nothing was done */
    uint64_t classes_walked; /* positions of the layers found and saved by this run */
};

/* Finds the reachable positions of g (Bagh-Chal, standard or goat-pass rules: the rules
 * matter only in the movement phase) and saves a REACH table per layer. */
int bc_reach_all(const struct game *g, const struct bc_reach_hooks *h, struct bc_reach_result *res,
                 char *err, size_t errlen);

#endif
