/*
 * One cyclic layer of any game as the unit of work of a solve shared among processes
 * (guti-mpi, mpi/guti_mpi.c): solved by one process alone, within a memory bound, or by
 * several together, each holding a slice of its codes. Everything goes through the game's
 * hooks (game.h's struct game_layers: children, size, title, engine_open, need) and the
 * driver's store (driver.h, store.h); nothing here knows a game.
 *
 * The layers a layer's moves lead to (its children) must be stored already: each is read
 * back from its DTM table. A layer whose DTM and WDL tables are stored and sound is read
 * back, not solved; one stored but damaged is solved again, the notice hook saying so.
 * Two calls for different layers may run at once, in processes sharing the store, as each
 * writes only its own layer's tables.
 *
 * Errors: 0, or -1 with one line in err. Nothing is printed and nothing exits.
 */
#ifndef GUTI_SHARE_H
#define GUTI_SHARE_H

#include <stdbool.h>
#include <stdint.h>

#include "driver.h"
#include "game.h"
#include "store.h"

/* Cyclic layer k solved alone, as solve_layers solves it (driver.h, targets_only): its
 * children read back, the engine's default mode or, when the game's need says the default
 * may not fit memory (0: no bound), its compact mode, saved midway as h says. The layer
 * hook gets its figures. */
int share_solve_alone(const struct game *g, const struct layer_key *k, uint64_t memory,
                      const struct solve_hooks *h, char *err, size_t errlen);

/* The processes sharing one layer (share_solve): how many, which this one is, and the
 * collective exchange and reduce among them (retro.h's struct retro_share says what each
 * must do). */
struct solve_share {
    int nparts, part;
    int (*exchange)(void *arg, uint64_t *const *out, const uint64_t *nout, const uint64_t **in,
                    uint64_t *nin);
    void (*reduce)(void *arg, int64_t *v, int n, bool sum);
    void *arg;
};

/* What each of nparts processes sharing cyclic layer k needs
 * (share_solve), by the game's need hook (required): its slice of the codes (2 bytes a
 * position), the index and the codes of the layer's children. Not counted: the exchange's
 * buffers (retro.h's retro_solve_shared), which hold a round's predecessors in other
 * slices (Sixteen Soldiers' 4+3 shared by two: 246 MB counted, 271 MB at the peak a
 * rank). */
uint64_t share_need(const struct game *g, const struct layer_key *k, int nparts);

/* Cyclic layer k solved by share->nparts processes together, for a layer larger than one
 * process's memory or solved sooner by many: every process calls it with its part, and all
 * succeed or fail together: 0; -1 when this process failed (err says why); -2 when it did
 * not but another did (err says so). The layer is cut into nparts consecutive slices, part
 * p holding slice p of its codes (retro_solve_shared), its children's codes (read back
 * from their DTM tables) and the index. Then each part but the first saves its slice into
 * DIR/NAME.dtm.part-P (NAME.dtm the layer's DTM table; checksummed, written whole or not
 * at all, as a checkpoint is), and the first writes the layer's tables from its own slice
 * and those files, checked before they are read, and removes them (and those a killed run
 * left, and a checkpoint of the layer's). The tables are those of share_solve_alone, byte
 * for byte. A layer whose tables are stored and sound is read back, each part its slice;
 * one stored but damaged is solved again, the first part's notice hook saying so. The
 * store must be the directory's files (h->store.dir, no load or save hook): the slices
 * pass through them. memory: each process's bound (0: none), which share_need must fit.
 * Checkpoints as h says (checkpoint_seconds): after the same level every part saves its
 * slice, into DIR/NAME.dtm.ckpt.P-of-N.a and .b in turn, so that a run killed even midway
 * through a save holds the last level saved everywhere; a killed run is taken up from the
 * latest level every part holds, once each part's reads back sound (the first part's
 * notice: "material 5+4 taken up at level 40 from DIR/NAME.dtm.ckpt.*-of-2.*", the layer
 * named by the game's title, once it is solved), else started afresh (a damaged one said
 * in its part's notice); they go once the tables are saved. task_begin's label is the
 * layer's title. The layer hook gets the whole layer's figures, in every part (compact,
 * unless read back). */
int share_solve(const struct game *g, const struct layer_key *k, uint64_t memory,
                const struct solve_share *share, const struct solve_hooks *h, char *err,
                size_t errlen);

#endif
