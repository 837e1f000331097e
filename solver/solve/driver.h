/*
 * The one driver, for every game: solve_layers walks a game's layers in the order the game
 * lists them (game.h's game_layers.list), solves each from the layers its moves lead to
 * (children), which it holds while a layer still to be solved reads them and no longer,
 * and saves and resumes its tables. A cyclic layer is solved by the retrograde engine
 * (retro.h) through the game's engine_open; an acyclic one by one pass over its positions,
 * the game's fold. The game says what its layers are; the driver knows no game.
 *
 * Also here: the hooks a caller gives it (where tables go, progress, notices, each layer's
 * and each pass's figures), the figures it reports, and the steps written once (a layer's
 * WDL and DTM tables verified, read or saved; the counting rule's classes of a layer made,
 * or read back from its DTC table). solve.h says the passes `guti solve GAME` asks of it,
 * share.h a layer solved alone or shared among processes.
 *
 * Errors: the functions that can fail return 0, or -1 with one line in err. Nothing is
 * printed and nothing exits.
 */
#ifndef GUTI_DRIVER_H
#define GUTI_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "retro.h"
#include "store.h"

/* A layer done, solved or read back: the figures guti solve prints. Counts are for the
 * side to move (both sides' positions of a layer that holds both). */
struct solve_layer {
    struct layer_key key; /* the layer (its name, title and label are the game's) */
    int pass;             /* the pass (solve.h's SOLVE_* bits); 0 for a request of one pass */
    uint64_t positions, win, draw, loss;
    int max_dtm;                   /* the longest DTM, 0 when none */
    int max_win, max_loss;         /* a DTM pass that counts wins and losses apart: the
                                      longest win and loss, -1 when none */
    double seconds;                /* set-up, solving or reading it back, saving its tables */
    uint64_t wdl_bytes, dtm_bytes; /* its stored tables' sizes (0: not in this pass, or the
                                      store does not say) */
    bool resumed;                  /* read back from the store, not solved */
    bool compact;                  /* solved by the engine's compact mode (a memory bound
                                      too small for the default) */
    /* The counting rule's pass: its limit (0 when the driver does not say it), win and loss
     * above under the rule; the cursed wins and blessed losses (values.h), the longest DTC
     * of a win and of a loss (-1 when none) and the DTC table's size. */
    int limit;
    uint64_t cursed_win, blessed_loss;
    int max_dtc_win, max_dtc_loss;
    uint64_t dtc_bytes;
};

/* A pass done, for drivers of several passes. */
struct solve_pass {
    int pass;
    bool skipped;                  /* every table of the pass was stored; nothing read */
    uint64_t positions;            /* of every layer of the pass */
    uint64_t solved;               /* of the layers solved now (not read back) */
    double seconds;                /* the whole pass */
    double solved_seconds;         /* the layers solved now */
    uint64_t wdl_bytes, dtm_bytes; /* the tables' sizes, summed */
};

/* The hooks, every game's driver's. Every one is optional (NULL or 0); arg is passed to
 * each but store's, which has its own. Pointers a hook receives (labels, messages,
 * reports) are valid during the call only. All are called from the thread that called the
 * driver (task_progress from inside OpenMP regions too, by their master thread), so none
 * needs to be thread-safe. */
struct solve_hooks {
    /* Where the tables are loaded from and saved to (store.h). Default: the files of
     * store.dir, which must exist. */
    struct store_hooks store;
    /* Progress of long work. task_begin: a layer's solve begins, with a label naming it
     * (solve_layers says its labels: "layer c3", "material 3+2", "dtc material 3+2", ...).
     * task_progress: it advances, the engine's phase ("init" or "propagate", retro.h, or
     * the driver's own), done of total positions. task_end: it is over (before the layer's
     * tables are saved). Whether they are called for a layer read back, each driver says.
     * Default: nothing. */
    void (*task_begin)(void *arg, const char *label);
    void (*task_progress)(void *arg, const char *phase, uint64_t done, uint64_t total);
    void (*task_end)(void *arg);
    /* A one-line message that stops nothing: a stored table that is damaged and whose layer
     * is solved again ("PATH: block 3: checksum mismatch; solving it again"), one that
     * could not be read back, a checkpoint that could not be written or used, a solve
     * taken up from a checkpoint. Default: nothing. */
    void (*notice)(void *arg, const char *msg);
    /* A pass starts, and is done with its totals (r->skipped: it did nothing; not called
     * when it fails), for a request of a pass (solve_request.pass). Default:
     * nothing. */
    void (*pass_begin)(void *arg, int pass);
    void (*pass_end)(void *arg, const struct solve_pass *r);
    /* A layer is done, solved or read back, in solving order, with its figures. A driver
     * of several passes calls it for the passes in layer_passes (its pass bits) only: some
     * passes' counts cost a pass over the values, so a caller that does not show them
     * leaves them out; a driver of one pass calls it for every layer. Default: nothing,
     * and no counting. */
    void (*layer)(void *arg, const struct solve_layer *r);
    unsigned layer_passes;
    void *arg;
    /* For a solve saved midway (under a memory bound, share.h): every this many seconds (0:
     * the default, 1800; negative: after every level of the engine). */
    double checkpoint_seconds;
};

/* Writes the message into err and returns -1. */
int solve_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The notice hook, with the message formatted (at most 4,600 bytes); nothing without one. */
void solve_notice(const struct solve_hooks *h, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The task hooks, when given. */
void solve_task_begin(const struct solve_hooks *h, const char *label);
void solve_task_end(const struct solve_hooks *h);

/* The seconds a checkpoint is saved after, as h asks (0: after every level). */
double solve_checkpoint_every(const struct solve_hooks *h);

/* 0 when limit is a counting rule's (1..RETRO_MAX_DTC), else -1 with err. */
int solve_check_limit(int limit, char *err, size_t errlen);

/* Verifies a layer's DTM and WDL tables (t's key; its kind is not read), both stored and
 * every checksum sound (STORE_VERIFY), with their sizes into dtm_bytes and wdl_bytes (either
 * may be NULL). 0, or -1 when one is not: a damaged one the notice hook says ("...; solving
 * it again"), a missing one nothing. */
int solve_verify_layer(const struct game *g, const struct solve_hooks *h,
                       const struct store_table *t, uint64_t *dtm_bytes, uint64_t *wdl_bytes);

/* Saves a layer's WDL table, then its DTM table (t's key; its kind is not read), both from
 * src, with their sizes into wdl_bytes and dtm_bytes. 0, or -1 with the store's message. */
int solve_save_layer(const struct game *g, const struct solve_hooks *h, const struct store_table *t,
                     const struct tb_source *src, uint64_t *wdl_bytes, uint64_t *dtm_bytes,
                     char *err, size_t errlen);

/* The counting rule's classes of a layer tallied into its report. */
void solve_report_classes(const struct class_tally *t, struct solve_layer *r);

/* A layer's classes counted into its report. */
void solve_count_classes(const uint16_t *cls, uint64_t n, struct solve_layer *r);

/* The classes of a layer as the codes the captures of the layers that lead to it read: a
 * loss code (1) where the side to move loses under the rule, a win code (2) where it wins,
 * RETRO_DRAW where the rule draws (retro.h's counting-rule pass). OpenMP threads. */
void solve_class_codes(const uint16_t *cls, uint64_t n, retro_code *codes);

/* hold: cyclic layer k's codes (n of them, an array from malloc) as the layers that read
 * it hold them (game.h's struct held_layer): whole when the game defines no entry_part;
 * else its entry part alone, moved to the array's start and narrowed there to a byte each
 * when every code in it fits one, or when those that do not are fewer than one in 8 (listed
 * in big, 8 bytes each), the array shrunk to it (no more memory at any time than the
 * array's and big's). The result's codes or bytes is the array, for solve_held_free. OpenMP
 * threads. */
struct held_layer solve_hold_codes(const struct game *g, const struct layer_key *k, uint64_t n,
                                   retro_code *codes);
/* Frees a held layer's codes or bytes and big (those of solve_hold_codes) and clears them. */
void solve_held_free(struct held_layer *h);

/* One layer's classes under the counting rule, as a driver asks them of solve_classes. */
struct solve_classes_job {
    const struct store_table *dtm; /* the layer's DTM table, read back */
    struct retro_layer layer;      /* the engine's layer, its captures reading the classes
                                      of the layers they lead to */
    int limit;
    const char *what;         /* the layer in messages: "layer c3", "material 3+2" */
    const char *label;        /* task_begin's: "dtc layer c3" */
    const char *missing_hint; /* after the message of a DTM table not read back: "solve the
                                 movement phase first" */
};

/* Makes a layer's classes into cls (j->dtm->npositions of them): its DTM codes read back,
 * the engine's counting-rule pass, the two combined (values.h's class_code). */
int solve_make_classes(const struct game *g, const struct solve_hooks *h,
                       const struct solve_classes_job *j, uint16_t *cls, char *err, size_t errlen);

/* A layer's DTC table t read back into cls when it is stored and sound (r->resumed, its
 * size into r->dtc_bytes); else made (make(arg, cls, err, errlen), 0 or -1 with err; a
 * damaged table is said first, "...; making it again") and saved. 0, or -1 with err. */
int solve_dtc_table(const struct game *g, const struct solve_hooks *h, const struct store_table *t,
                    uint16_t *cls, struct solve_layer *r,
                    int (*make)(void *arg, uint16_t *cls, char *err, size_t errlen), void *arg,
                    char *err, size_t errlen);

/* ---- The one driver ------------------------------------------------------------------- */

/* What solve_layers solves: target layers of the game, and every layer they need. */
struct solve_request {
    const struct layer_key *targets; /* the layers wanted, with every layer their moves lead
                                        to (children), theirs, and so on */
    int ntargets;
    bool targets_only; /* only the targets: the layers they read must be stored already (a
                          unit of work of a solve shared among processes) */
    int dtc_limit;     /* 0: a WDL and a DTM table per layer; L (1..RETRO_MAX_DTC): the
                          counting rule's DTC table per layer, from its DTM table */
    bool acyclic_dtm;  /* acyclic layers: their DTM tables (from their WDL tables), not their
                          WDL tables; a layer whose DTM is the fold of its successors'
                          (game_layers.dtm_by_fold) is made where a layer to be made reads it
                          or where nothing does, and not stored */
    bool trust_stored; /* when every table the request makes is stored with a header that
                          describes it, read nothing and do nothing (pass_end says skipped): a
                          finished 5x5 placement need not read 33 billion values to find it */
    uint64_t memory;   /* 0, or a bound in bytes: the game's need hook says what a layer
                          takes, and the solve holds only the layer it solves and those it
                          reads, by the engine's compact mode where the default may not fit */
    int pass;          /* the layer hook's r->pass, and the pass hooks' (0: no pass hooks,
                          and the layer hook for every layer) */
};

/* Solves every layer the request names, in the order of the game's list, and saves its
 * tables (store_table: kind, inhand = key.c[0], captured = key.c[1], side = key.c[2] - 1 or
 * -1 when it is 0). A cyclic layer gets a WDL and a DTM table from the retrograde engine
 * (game_layers.engine_open), or its DTC table in the counting rule's pass; an acyclic layer
 * its WDL table (game_layers.fold), or with acyclic_dtm its DTM table, or its DTC table.
 * What a solved layer is to the layers that read it is held while a layer still to be
 * solved reads it, and no longer: a cyclic layer's codes, an acyclic layer's values in 2
 * bits a position or its DTM codes in a byte.
 *
 * Resuming: a cyclic layer whose DTM and WDL tables (or DTC table) are stored and sound is
 * read back, not solved; one stored but damaged is solved again, the notice hook saying so.
 * An acyclic layer whose table of the pass reads back is not made again (a damaged DTC
 * table is said). A layer solved by the compact engine (under the memory bound) is saved
 * midway every checkpoint_seconds into its DTM table's path with ".ckpt" (the store's own
 * files only) and taken up from there ("material 5+4 taken up at level 40 from PATH"); the
 * file goes once the layer's tables are saved.
 *
 * Hooks (struct solve_hooks): task_begin with the layer's title (game_layers.title:
 * "material 3+2", "layer c3"), after "dtm " or "dtc " in an acyclic DTM pass and a counting
 * rule's pass, for the layers made, not those read back; the layer hook for every layer
 * (r->key; resumed when read back; compact when the compact engine solved it; an acyclic
 * layer's counts only then, as they cost a pass over its values) when pass is 0, else only
 * when layer_passes has it; pass_begin and pass_end around the whole when pass is not 0.
 *
 * Errors: 0, or -1 with one line in err: a layer not the game's or without an engine, out
 * of memory (naming the layer), a bound too small for a layer, a table that could not be
 * saved or read back, moves that disagree with a layer's WDL table (a wrong table: guti
 * verify says which). Threads: the work runs on OpenMP threads (omp_set_num_threads is the
 * caller's); the hooks are called from the calling thread, task_progress from one thread at
 * a time, and need not be thread-safe. */
int solve_layers(const struct game *g, const struct solve_request *q, const struct solve_hooks *h,
                 char *err, size_t errlen);

/* 0 when cyclic layer k can be solved within `bound` bytes (game_layers.need: by the
 * compact engine, its children held), else -1 with err saying what it needs. */
int solve_check_bound(const struct game *g, const struct layer_key *k, uint64_t bound, char *err,
                      size_t errlen);

/* The path of the store's file of table t with tail after it (".ckpt"), into buf: false
 * when the store is not a directory's files (a save hook) or the path does not fit. */
bool solve_store_path(const struct solve_hooks *h, const struct game *g,
                      const struct store_table *t, const char *tail, char *buf, size_t len);

/* Removes the store's files named as table t's and then tail (".ckpt": its checkpoints,
 * ".part-": a shared solve's slices), those of a killed run too. */
void solve_remove_leftovers(const struct solve_hooks *h, const struct game *g,
                            const struct store_table *t, const char *tail);

/* A store_table of layer k: its coordinates as solve_layers names them. */
struct store_table solve_table(const struct layer_key *k, enum tb_kind kind, uint64_t n, int limit);

#endif
