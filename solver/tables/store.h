/*
 * Where the solve drivers keep their tables: hooks that load a finished table and store a
 * solved one, and their defaults, the table files of a directory named as tables.h names
 * them and written by tb_write_source (a file appears whole, under a temporary name renamed
 * when complete, or not at all).
 *
 * A driver never sees a path, only a struct store_table: which layer of which kind, and
 * how many positions. A caller that keeps tables elsewhere (in memory, as the unit tests
 * do) gives its own hooks and the drivers run unchanged, resuming included.
 *
 * Entries, both ways, are those of a table (tablebase/tb.h): a retro_code per position for
 * a DTM table, TB_ENTRY_DRAW, TB_ENTRY_LOSS or TB_ENTRY_WIN for a WDL table (a driver saves
 * codes and the table keeps only who wins), 0 or 1 for a REACH table.
 */
#ifndef GUTI_STORE_H
#define GUTI_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "tb.h"

/* One table. */
struct store_table {
    enum tb_kind kind;    /* TB_WDL, TB_DTM, TB_DTC or TB_REACH */
    struct layer_key key; /* the layer, in the game's coordinates (game.h) */
    uint64_t npositions;  /* positions as the layer's index numbers them */
    int limit;            /* TB_DTC: the counting rule's limit; 0 for the other kinds */
};

/* What a load reads. */
enum store_mode {
    STORE_READ,   /* every entry, into out[0 .. npositions - 1] */
    STORE_VERIFY, /* nothing; every checksum is checked (a finished layer is trusted) */
    STORE_HEADER  /* nothing; only that the table is there and its header describes it,
                     npositions 0 meaning any size (the blocks are not read) */
};

/* What a load returns. */
enum {
    STORE_OK = 0,
    STORE_ABSENT = 1, /* nothing is stored under that name */
    STORE_WRONG = 2,  /* something is, but not that table: its header describes another, it
                         is cut short, or (STORE_VERIFY) a checksum does not match */
    STORE_FAILED = -1 /* reading it failed: out of memory, a block that does not decompress */
};

/* The storage hooks every driver takes. All optional: load and save are given both or
 * neither; without them the tables are dir's files.
 *
 * load: loads table t as mode says (out: t->npositions entries for STORE_READ, else NULL),
 *   and its size in bytes into *bytes when bytes is not NULL (0 when the store has none).
 *   Returns STORE_OK or another of the results above, with one line in err for every
 *   result but STORE_OK (the drivers print it or act on it: a damaged table is solved
 *   again). Called from the driver's thread.
 * save: stores table t, its entries from src (tb.h: an array or a fill function that
 *   OpenMP threads call for disjoint ranges; its max_code may be -1 for an array); the
 *   size in bytes into *bytes (0 when the store has none). A table saved replaces
 *   whatever was stored under its name, and only once it is whole. 0, or -1 with one
 *   line in err.
 * exists: whether something is stored under t's name, read or not (a plan to resume
 *   from is made of these). Default: dir's file is there when load is the default, else
 *   load(STORE_HEADER) returns STORE_OK.
 * arg: passed to each. dir: where the defaults keep the tables; it must exist. */
struct store_hooks {
    const char *dir;
    int (*load)(void *arg, const struct store_table *t, enum store_mode mode, uint16_t *out,
                uint64_t *bytes, char *err, size_t errlen);
    int (*save)(void *arg, const struct store_table *t, const struct tb_source *src,
                uint64_t *bytes, char *err, size_t errlen);
    bool (*exists)(void *arg, const struct store_table *t);
    void *arg;
};

/* What the drivers call: h's hook, or the default on h->dir for game g. */
int store_load(const struct store_hooks *h, const struct game *g, const struct store_table *t,
               enum store_mode mode, uint16_t *out, uint64_t *bytes, char *err, size_t errlen);
int store_save(const struct store_hooks *h, const struct game *g, const struct store_table *t,
               const struct tb_source *src, uint64_t *bytes, char *err, size_t errlen);
bool store_exists(const struct store_hooks *h, const struct game *g, const struct store_table *t);

/* The table's name in messages: its path under h->dir, or without a dir a label such as
 * "h5-c1-g.wdl", "h0-c2.dtm" or "m3-n2.dtm". */
void store_name(const struct store_hooks *h, const struct game *g, const struct store_table *t,
                char *buf, size_t len);

#endif
