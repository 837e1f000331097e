/*
 * A directory of tables: where they live, how they are named, and the positions they
 * answer. Bagh-Chal's movement phase is one layer per number of goats captured; each
 * layer has a WDL file and a DTM file:
 *
 *   DIR/baghchal-5x5-standard-h0-c4.wdl    goats in hand 0 (h), 4 captured (c)
 *   DIR/baghchal-5x5-standard-h0-c4.dtm
 *
 * The placement phase has one WDL table per layer and side to move:
 *
 *   DIR/baghchal-5x5-standard-h12-c3-t.wdl  12 goats in hand, 3 captured, tigers to move
 *
 * DIR is --dir, else $GUTI_TABLES, else ./tables.
 */
#ifndef GUTI_TABLES_H
#define GUTI_TABLES_H

#include <stdbool.h>

#include "bc_layers.h"
#include "game.h"
#include "retro.h"
#include "ss_layers.h"
#include "tb.h"

#define TABLES_DEFAULT_DIR "tables"
#define TABLES_MAX_LAYERS 8

const char *tables_dir(const char *opt);
void tables_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                 int captured, enum tb_kind kind);
/* The table's metadata as a solve writes it. */
struct tb_meta tables_meta(const struct game *g, int inhand, int captured, enum tb_kind kind,
                           uint64_t npositions);
/* The placement phase: one WDL table, and a DTM table when asked for, per (goats in hand,
 * captured, side to move), side 0 goats ("-g"), 1 tigers ("-t"); the header's layer is
 * (inhand, captured, 1 + side, 0). */
void tables_place_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                       int captured, int side, enum tb_kind kind);
struct tb_meta tables_place_meta(const struct game *g, int inhand, int captured, int side,
                                 enum tb_kind kind, uint64_t npositions);

/* Sixteen Soldiers: one WDL and one DTM table per material {m, n}, m >= n, holding both
 * (m, n) and (n, m) as ss_layers.h numbers them: "DIR/sixteen-forced-m4-n3.dtm"; the
 * header's layer is (m, n, 0, 0). */
void tables_ss_name(char *buf, size_t len, const char *dir, const struct game *g, int m, int n,
                    enum tb_kind kind);
struct tb_meta tables_ss_meta(const struct game *g, int m, int n, enum tb_kind kind,
                              uint64_t npositions);

/* Reachability tables (tablebase kind REACH): "...-h12-c3-t.reach" for a placement layer,
 * "...-h0-c4.reach" for a movement layer (both sides, 2 positions per class). */
void tables_reach_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                       int captured, int side);
struct tb_meta tables_reach_meta(const struct game *g, int inhand, int captured, int side,
                                 uint64_t npositions);

/* The pair indexes of a Bagh-Chal game by number of goats on the board (A = tigers),
 * built on first use. */
struct index_cache {
    const struct game *g;
    struct symmap *sm;
    struct pair_index *ix[BOARD_MAX_POINTS + 1];
};

int index_cache_init(struct index_cache *x, const struct game *g);
/* The index for that many goats; exits the program when memory runs out. */
const struct pair_index *index_cache_get(struct index_cache *x, int goats);
void index_cache_drop(struct index_cache *x, int goats);
void index_cache_free(struct index_cache *x);

/* Reads every entry of a table that must be the one described (tables_open), into a new
 * array of want->npositions entries; NULL with a reason on any failure. */
uint16_t *tables_read(const char *path, const struct tb_meta *want, char *err, size_t errlen);

/* Opens a table and checks that it is the one asked for (game, rules, board, layer, size). */
int tables_open(const char *path, const struct tb_meta *want, struct tb **t, char *err,
                size_t errlen);

/* The table files (*.wdl, *.dtm) of dir as "dir/name", sorted; the count, or -1 when dir
 * cannot be read. Free with tables_list_free(). */
int tables_list(const char *dir, char ***names);
void tables_list_free(char **names, int n);

/* Answers positions of one game from the tables of a directory, opening each table and
 * index on first use. */
struct prober {
    const struct game *g;
    const char *dir;
    struct symmap sm;
    struct pair_index *ix[BOARD_MAX_POINTS + 1]; /* by goats on the board */
    struct tb *move[TABLES_MAX_LAYERS];          /* movement, by goats captured */
    bool move_dtm[TABLES_MAX_LAYERS];
    struct tb *place[BOARD_MAX_POINTS][TABLES_MAX_LAYERS][2]; /* [in hand][captured][side] */
    bool place_dtm[BOARD_MAX_POINTS][TABLES_MAX_LAYERS][2];
    /* Sixteen Soldiers: the layers (their indexes) and tables by material {m, n}, m >= n */
    struct ss_db *ssdb;
    struct ss_layer *ss[SS_MAX_PIECES + 1][SS_MAX_PIECES + 1];
    struct tb *sst[SS_MAX_PIECES + 1][SS_MAX_PIECES + 1];
    bool ss_dtm[SS_MAX_PIECES + 1][SS_MAX_PIECES + 1];
};

void prober_init(struct prober *p, const struct game *g, const char *dir);
void prober_free(struct prober *p);

/* The value of a position: a retro_code. When only a WDL table answers (a layer without
 * its DTM table), *dtm_known is false and the code
 * carries the value with DTM 1 (win) or 0 (loss). A finished game needs no table. Fails
 * with a message naming the missing table and the command that makes it. */
int prober_probe(struct prober *p, const struct position *pos, retro_code *code, bool *dtm_known,
                 char *err, size_t errlen);

#endif
