/*
 * Solving Sixteen Soldiers' endgames into tables: every material up to a number of pieces,
 * in the order of the game's list (ss_tables.c), smallest material first, solved by the one
 * driver (driver.h's solve_layers), each material's
 * captures exiting to materials solved before. Each material {m, n}, m >= n, gets a WDL
 * and a DTM table (struct store_table {kind, m, n, side -1}, both sides to move in one
 * table, positions numbered as ss_layers.h says).
 *
 * Resuming. A material whose DTM and WDL tables are both stored and sound (every checksum:
 * STORE_VERIFY) is read back from its DTM table, not solved; one stored but damaged is
 * solved again, and the notice hook says so.
 *
 * Errors: 0, or -1 with one line in err (out of memory, or the store's message for a table
 * it could not save). Nothing is printed and nothing exits.
 *
 * Threads: the solve runs on OpenMP threads; the hooks are called from the calling thread
 * (task_progress from one thread at a time) and need not be thread-safe.
 */
#ifndef GUTI_SS_SOLVE_H
#define GUTI_SS_SOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "driver.h"
#include "game.h"
#include "ss_layers.h"
#include "store.h"

/* The hooks and the figures they report: driver.h's struct solve_hooks and struct
 * solve_layer (pass 0; m and n, counts over both parts of the layer, (m, n) and (n, m);
 * compact when solved by the engine's compact mode, under a memory bound too small for the
 * default; ss_solve_dtc's: limit and the classes, max_dtm, wdl_bytes and dtm_bytes 0). Here
 * task_begin's label is "material 3+2", task_progress's phase the engine's ("init" or
 * "propagate"); task_end after every material solved (not those read back). The layer
 * hook is called for every material (layer_passes is not read, nor are pass_begin and
 * pass_end). A material solved by the compact engine (under a memory bound) is saved
 * midway, after a level, every checkpoint_seconds (0: the default, 1800; negative: after
 * every level), into its DTM table's path with ".ckpt" (the store's own files only), and a
 * run that stopped takes it up from there (notice: "material 5+4 taken up at level 40 from
 * PATH"); the file goes once the material's tables are saved. */

/* Solves (or reads back) every material with m + n <= pieces (2..2 * SS_MAX_PIECES) for
 * game g (Sixteen Soldiers, its rules) and saves its tables. */
int ss_solve(const struct game *g, int pieces, const struct solve_hooks *h, char *err,
             size_t errlen);

/* ss_solve within a memory bound of `memory` bytes (0: none, ss_solve itself). With a
 * bound the solve holds only the material being solved and the materials its captures
 * read, read back from their DTM tables in the store before it, rather than every smaller
 * material; the tables it makes are the same. Before anything is solved it fails, with
 * ss_memory_check's message, when some material may need more than the bound. A material
 * is solved by the default engine when ss_plan's solve_bytes, bucket_bytes (the level
 * buckets at their fullest) and exit_bytes fit the bound, else by its compact mode when
 * compact_bytes and exit_bytes do (the same tables, made more slowly). */
int ss_solve_within(const struct game *g, int pieces, uint64_t memory, const struct solve_hooks *h,
                    char *err, size_t errlen);

/* 0 when every material up to `pieces` can be solved within `bytes` as ss_solve_within
 * does it; else -1 with one line in err naming the material that may need the most and
 * how much. Reads nothing. */
int ss_memory_check(const struct game *g, int pieces, uint64_t bytes, char *err, size_t errlen);

/* The counting rule (limit 1..RETRO_MAX_DTC half-moves without a capture, docs/rules.md):
 * every material with m + n <= pieces, smallest first as ss_solve, gets the five classes
 * and the DTC of every position (values.h's class codes) from its DTM table and the
 * smaller materials' classes, saved as a DTC table {TB_DTC, m, n, side -1, limit}. Every
 * material's DTM table must be stored (ss_solve first). A material whose DTC table is
 * stored and sound is read back, not made again. Hooks as for ss_solve: task labels
 * "dtc material 3+2", the layer hook with the classes counted (resumed when read back). */
int ss_solve_dtc(const struct game *g, int pieces, int limit, const struct solve_hooks *h,
                 char *err, size_t errlen);

/* What solving one material takes, before it is solved: ss_plan. Sizes are positions
 * (symmetry classes), counted by Burnside's lemma (pair_class_count), so a plan needs no
 * index and costs nothing for materials far past this machine. */
struct ss_plan_material {
    int m, n;               /* m >= n */
    uint64_t classes[2];    /* part (m, n) and part (n, m); [1] is 0 when m = n */
    uint64_t positions;     /* the layer: both parts */
    uint64_t solve_bytes;   /* the engine solving it, at least: per position a 2-byte code
                               and a 1-byte move counter, and the index's tables of the
                               mover's sets (5 bytes a set) */
    uint64_t bucket_bytes;  /* and at most this more: a level bucket's entry for every
                               position (4 bytes, 8 past 2^30 positions); the buckets hold
                               the positions decided and not yet propagated, fewer */
    uint64_t compact_bytes; /* the engine's compact mode solving it instead: 2 bytes a
                               position and the index, and nothing more */
    uint64_t exit_bytes;    /* the codes its captures read (2 bytes a position): the
                               materials in deps */
    uint64_t kept_bytes;    /* the codes ss_solve holds while solving it: every material
                               solved before it but those of the run's largest total,
                               dropped once saved */
    int ndeps;              /* the materials its captures lead to (a capture of k of the
                               other side's pieces), each solved before it */
    int deps[2 * SS_MAX_PIECES][2];
};

/* The plan of ss_solve(g, pieces): every material in solving order (ss_material_order)
 * with its figures, up to max of them into out. Returns how many materials there are, or
 * -1 when pieces is not in 2..2 * SS_MAX_PIECES. Reads nothing, allocates nothing; any
 * thread. */
int ss_plan(const struct game *g, int pieces, struct ss_plan_material *out, int max);

#endif
