/*
 * guti verify's checks of a directory of tables, as results rather than lines: a table
 * file's soundness (its header, checksums and values), and --full's re-derivation of every
 * layer's values from its successors': every game's cyclic layers (a movement phase, a
 * material) alike through the game's engine, every game's acyclic layers (a placement
 * phase) alike through its moves and the prober (game.h's struct game_layers), each with
 * its DTC tables.
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
    int inhand, captured;     /* the layer's key's first two coordinates (game.h's struct
                                 layer_key): men in hand and captured, or a material's m, n */
    int side;                 /* a layer of one side to move: that side; -1 for both */
    bool material;            /* the set names the layer by its material ("3+1": m, n) */
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
/* The acyclic layers' tables (game_layers.list's LAYER_ACYCLIC: a placement phase), in
 * their keys' order: a sample of each layer (0: all) re-derived from the rules' moves and
 * its successors' tables, read through the prober (their DTM where they are known), and the
 * WDL table against the DTM table. A position whose successors' table is missing is not
 * checked, nor, once a table cannot be read, the rest of its layer's sample. */
int verify_acyclic(const struct verify_request *q, const struct verify_hooks *h,
                   struct verify_report *rep);
/* The acyclic layers' DTC tables, every limit there, a sample of each layer likewise: a
 * move that ends the game counts its result, one that resets the clock the class at clock 0
 * of where it leads, one that keeps it running its successor's DTC. */
int verify_acyclic_dtc(const struct verify_request *q, const struct verify_hooks *h,
                       struct verify_report *rep);

/* A re-derivation above. */
typedef int (*verify_check)(const struct verify_request *q, const struct verify_hooks *h,
                            struct verify_report *rep);

/* The rounds of guti verify --full over a directory's games, each round over every game. */
#define VERIFY_ROUNDS 3

/* What game g re-derives in round `round` (0 .. VERIFY_ROUNDS - 1), as its layers' kinds
 * say: a game with acyclic layers re-derives its cyclic layers whole in round 0 and their
 * DTC tables in round 1 (the acyclic layers read them: their faults show first), and its
 * acyclic layers and their DTC tables in round 2, from a sample of each layer (sample, or
 * by default 1000 positions); a game with cyclic layers only, its layers and their DTC
 * tables in round 2, from a sample of each (sample, or by default every position). The
 * checks into checks (at most 2), in order, the sample they take into *round_sample; their
 * number, or -1 when out of memory. sample: --sample's, -1 when not given. */
int verify_round(const struct game *g, int round, int64_t sample, verify_check *checks,
                 uint64_t *round_sample);
#endif
