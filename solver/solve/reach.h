/*
 * Which positions of a game some game from the start reaches, as REACH tables: the one
 * walk forwards over any game's layers, by its game_layers.reach hook (game.h), which owns
 * their order and resuming from the tables already stored.
 *
 * Order. The game's list (game_layers.list) is in solving order, every move leading to a
 * layer listed before its own; forwards is the reverse, from the start's layer (layers
 * listed after it no game reaches). The list is cut into runs, layers listed together that
 * lead to none of one another (Bagh-Chal: the goats-to-move layers with p goats placed, one
 * for each number captured; the tigers-to-move ones with p + 1 placed; each movement
 * layer). The walk takes the runs backwards from the start's: each layer of a run, every
 * layer that leads to it walked already, is closed under its own moves when cyclic and marks
 * its children's positions (the hook); then the run's tables are saved, in the list's order
 * (Bagh-Chal: captures counting up), each {TB_REACH} table keyed as driver.h's solve_table
 * keys the layer's, its entries 0 or 1. A layer's bits are held from the first layer that
 * leads to it until its run is walked.
 *
 * Resuming (store_exists says what is stored, nothing else is read to decide). When every
 * layer's table is stored, nothing is done. Otherwise the runs before the first one holding
 * a cyclic layer go in steps of two (a move of each side: Bagh-Chal's goats placing, then
 * the tigers moving), from the start's, and the later runs in steps of one. The run
 * restarts at the first of those first steps that is not stored whole: its first run is
 * read back when it is stored whole (else the run restarts one step earlier, or at the
 * start), and every run from there on is made and saved again, so a table missing anywhere,
 * even between stored ones, is made; the later runs' stored tables are read back (trusted)
 * only when all those first steps were stored whole, and made again otherwise.
 *
 * Errors: 0, or -1 with one line in err: the game has no reachability, out of memory, a
 * table that could not be saved (the store's message; the run goes on to the end of that
 * step first), a stored table that cannot be read back ("cannot resume from NAME: why").
 * Nothing is printed and nothing exits.
 *
 * Threads: the game's steps run on OpenMP threads; the hooks are called from the calling
 * thread and need not be thread-safe.
 */
#ifndef GUTI_REACH_H
#define GUTI_REACH_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "store.h"

/* A layer done: found now or read back. */
struct reach_layer {
    struct layer_key key;      /* the layer (its name and label are the game's) */
    uint64_t reached, classes; /* positions reached, of all its table numbers */
    bool resumed;              /* read back from the store */
};

/* The hooks. Every one is optional (NULL); arg is passed to each but store's, which has its
 * own. Pointers a hook receives are valid during the call only. All are called from the
 * thread that called reach_all, so none needs to be thread-safe. */
struct reach_hooks {
    /* Where the REACH tables are saved and read back (store.h). Default: the files of
     * store.dir, which must exist. */
    struct store_hooks store;
    /* Progress: one task, "reach", begins; advances (phase "layers", positions walked by
     * this run of the total it will walk) after each table saved and, inside a cyclic
     * layer, as its closure expands positions (then from inside an OpenMP region, by its
     * thread 0, the calling thread, while the others go on); a cyclic layer read back and
     * walked again to mark its children reports as phase "a layer read back", positions
     * expanded of its own; ends. Default: nothing. */
    void (*task_begin)(void *arg, const char *label);
    void (*task_progress)(void *arg, const char *phase, uint64_t done, uint64_t total);
    void (*task_end)(void *arg);
    /* A layer is done, in the order above (read-back layers of a run first), with its
     * counts. Default: nothing. */
    void (*layer)(void *arg, const struct reach_layer *r);
    void *arg;
};

struct reach_result {
    bool all_stored;         /* every layer's table was stored already: nothing was done */
    uint64_t classes_walked; /* positions of the layers found and saved by this run */
};

/* Whether g has reachability (its game_layers.reach hook). */
bool reach_supported(const struct game *g);

/* Finds the positions of g some game from the start reaches and saves a REACH table per
 * layer. */
int reach_all(const struct game *g, const struct reach_hooks *h, struct reach_result *res,
              char *err, size_t errlen);

#endif
