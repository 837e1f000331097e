/*
 * guti verify's checks of a directory of tables, as results rather than lines: a table
 * file's soundness (its header, checksums and values), and --full's re-derivation of every
 * layer's values from its successors': every game's cyclic layers (a movement phase, a
 * material) alike through the game's interface (game.h's struct game_layers), with their
 * DTC tables; Bagh-Chal's placement tables by their own check.
 *
 * Each re-derivation walks one game's layers in the order their values depend on each
 * other and gives, per layer, a struct verify_layer: how many positions were re-derived,
 * how many are inconsistent, how many could not be checked (a successor's table missing or
 * unreadable: never called inconsistent), and the first failing positions as text (a FEN
 * or an index, with what is stored and what the moves give). The results are appended to
 * a struct verify_report and handed to hooks.layer_done as each layer is finished, so that
 * a long check can be shown as it goes. Nothing is printed; a check that cannot go on (out
 * of memory) says why in report.error.
 */
#ifndef GUTI_VERIFY_H
#define GUTI_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "tables.h"

#define VERIFY_EXAMPLES 3
#define VERIFY_EXAMPLE_LEN 1100

/* One layer's (or material's) re-derivation. */
struct verify_layer {
    const struct game *game;  /* the request's game */
    char name[48];            /* "h0-c2", "h5-c1-g", "h0-c1 L100", "3+1", "4+1 L80" */
    int inhand, captured;     /* Bagh-Chal: goats in hand, captured; Sixteen Soldiers: m, n */
    int side;                 /* Bagh-Chal's placement: 0 goats to move, 1 tigers; -1 none */
    int limit;                /* a counting rule's tables: the limit; 0 otherwise */
    uint64_t positions;       /* re-derived */
    uint64_t layer_positions; /* in the layer */
    uint64_t inconsistent;
    uint64_t not_checked; /* positions that could not be re-derived */
    bool failed;          /* a table of the layer could not be read: an error */
    int nexamples;
    char examples[VERIFY_EXAMPLES][VERIFY_EXAMPLE_LEN];
};

/* What the checks found, layer by layer, in the order they were finished. */
struct verify_report {
    struct verify_layer *layers;
    int nlayers, cap;
    int errors;      /* layers failed or inconsistent, and checks stopped */
    char error[200]; /* why a check stopped ("out of memory"), "" when none did */
};

void verify_report_free(struct verify_report *rep);

/* Every hook is optional (NULL); each gets arg. task_begin, task_progress and task_end
 * follow a long layer's re-derivation (as solve_hooks do; task_progress matches struct
 * retro_layer's progress); layer_done gets each layer's result as soon as it is known (the
 * pointer is valid during the call only). All are called from the calling thread. */
struct verify_hooks {
    void (*task_begin)(void *arg, const char *label);
    void (*task_progress)(void *arg, const char *phase, uint64_t done, uint64_t total);
    void (*task_end)(void *arg);
    void (*layer_done)(void *arg, const struct verify_layer *layer);
    void *arg;
};

/* What to check: one game's tables in dir, the set of them tables_expected found there,
 * and sample, for the checks that take one: how many positions of each layer to re-derive,
 * spread evenly over its index (0: every one). */
struct verify_request {
    const struct game *g;
    const char *dir;
    const struct tables_set *set;
    uint64_t sample;
};

/* Whether a table file is sound: its header, the checksum of every block and of the whole
 * file, every block's values; if not, why in err. */
bool verify_table_file(const char *path, char *err, size_t errlen);

/* Each re-derivation below appends its layers to rep, adds its errors to rep->errors and
 * returns them (the number of layers failed or inconsistent, one more if it stopped). */

/* Every cyclic layer of the game's list (game_layers.list: Bagh-Chal's movement phase, every
 * Sixteen Soldiers material) that the set holds, in the list's order, through the game's
 * engine (game_layers.engine_open): a sample of each (0: all) re-derived from its
 * successors (retro_verify), its children's DTM codes read by its exits; the WDL table
 * against the DTM table everywhere. A layer whose tables are missing or unreadable is not
 * checked, nor the layers after it that may read it (deeper in the list's order). */
int verify_cyclic(const struct verify_request *q, const struct verify_hooks *h,
                  struct verify_report *rep);
/* The counting rule's DTC tables of the same layers, every limit there: each class against
 * the DTM table's value, each DTC from its successors' (retro_verify with the limit), the
 * children's classes read by the exits. A layer not checked leaves the later ones
 * unchecked. */
int verify_cyclic_dtc(const struct verify_request *q, const struct verify_hooks *h,
                      struct verify_report *rep);
/* Bagh-Chal's placement tables: a sample of each layer re-derived from the rules' moves and
 * its successors' tables (the DTM where they are known), the WDL table against the DTM
 * table. A position whose successors' table is missing is not checked. */
int verify_placement(const struct verify_request *q, const struct verify_hooks *h,
                     struct verify_report *rep);
/* Bagh-Chal's placement DTC tables, every limit there, a sample of each layer likewise. */
int verify_placement_dtc(const struct verify_request *q, const struct verify_hooks *h,
                         struct verify_report *rep);
#endif
