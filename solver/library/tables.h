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

#include "game.h"
#include "retro.h"
#include "tb.h"

#define TABLES_DEFAULT_DIR "tables"
#define TABLES_MAX_LAYERS 8
_Static_assert(TABLES_MAX_LAYERS >= GAME_MAX_CAPTURE_GOAL, "a layer per goats captured");

const char *tables_dir(const char *opt);
/* Every table's path: DIR/GAME[-BOARD]-RULES-LAYER[-L<limit>].EXT, LAYER the game's name of
 * the layer (game_layers.name), the board named for a game of several boards, the limit for
 * a DTC table (limit 0 otherwise), EXT wdl, dtm, dtc or reach. The functions below are its
 * names for Bagh-Chal's and Sixteen Soldiers' coordinates. */
void tables_layer_path(char *buf, size_t len, const char *dir, const struct game *g,
                       const struct layer_key *k, enum tb_kind kind, int limit);
/* The header of layer k's table of that kind, as a solve writes it (layer: k). */
struct tb_meta tables_layer_meta(const struct game *g, const struct layer_key *k, enum tb_kind kind,
                                 int limit, uint64_t npositions);

/* The layer of Bagh-Chal's coordinates (goats in hand, captured, side to move; side -1 or
 * inhand 0: both sides, a movement layer), or of a Sixteen Soldiers material (inhand m,
 * captured n, side -1): what the drivers' struct store_table says, as a layer. */
struct layer_key tables_key(int inhand, int captured, int side);

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

/* Counting-rule tables (kind DTC, tb.h), one per layer and limit L beside the others:
 * "...-h0-c4-L100.dtc" for a movement layer (both sides), "...-h12-c3-t-L100.dtc" for a
 * placement layer, "DIR/sixteen-forced-m4-n3-L80.dtc" for a material; the header's layer
 * is the one of the layer's DTM or WDL table, its limit L. side -1: a movement layer or a
 * Sixteen Soldiers material (inhand, captured are then m, n). */
void tables_dtc_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                     int captured, int side, int limit);
struct tb_meta tables_dtc_meta(const struct game *g, int inhand, int captured, int side, int limit,
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
/* The index for that many goats, built on first use; NULL when memory runs out (the
 * library never exits: the caller reports it). */
const struct pair_index *index_cache_get(struct index_cache *x, int goats);
void index_cache_drop(struct index_cache *x, int goats);
void index_cache_free(struct index_cache *x);

/* Reads every entry of a table that must be the one described (tables_open), into a new
 * array of want->npositions entries; NULL with a reason on any failure. */
uint16_t *tables_read(const char *path, const struct tb_meta *want, char *err, size_t errlen);

/* Opens a table and checks that it is the one asked for (game, rules, board, layer, size). */
int tables_open(const char *path, const struct tb_meta *want, struct tb **t, char *err,
                size_t errlen);

/* Frees what tables_list_all (below) gives. */
void tables_list_free(char **names, int n);

/* One layer's tables as the prober found them, opened on first use. */
struct prober_layer {
    struct layer_key k;
    bool used;
    struct tb *t; /* its DTM table, else its WDL table */
    bool dtm;
    /* A layer stored with a WDL table alone whose DTM is the fold of its successors'
     * (game_layers.dtm_by_fold): 0 not known yet, 1 it is, -1 it is not (the successors'
     * layers have no DTM either) */
    signed char derived;
    /* its counting-rule table at the prober's limit: -1 absent, 0 not looked for, 1 open */
    struct tb *dtc;
    signed char dtc_state;
};

/* Answers positions of one game from the tables of a directory, opening each table and
 * index on first use; the game's layers (game.h's struct game_layers) say which table and
 * entry answer a position. */
struct prober {
    const struct game *g;
    const char *dir;
    struct tb_cache *cache; /* when not NULL, blocks are read through it (tb.h) */
    void *ix;               /* the game's indexes (game_layers.index_new), made on first use */
    /* the layers met, in an open-addressing table of cap slots (a power of two) */
    struct prober_layer *layers;
    int nlayers, cap;
    /* The counting rule's tables at limit (prober_init: game_clock_limit, 100 or 80 unless
     * the game asks for another; a caller may change it before the first probe). */
    int limit;
    /* Whether a probe may open tables and build indexes (NULL: always). A caller that
     * probes from several threads points it at a flag it sets only while it holds its lock
     * for writing: a probe under the read lock that needs something opened then fails with
     * PROBER_CLOSED, changing nothing, and is run again under the write lock. */
    const bool *may_open;
};

void prober_init(struct prober *p, const struct game *g, const char *dir);
void prober_free(struct prober *p);

/* The value of a position: a retro_code. A goats-to-move placement position whose layer
 * has no DTM table (the solver stores the tigers' side of the placement phase alone) is
 * answered from its placements, each a tigers-to-move position of the layer below, when
 * those are known with DTM: up to 21 probes. When only a WDL table answers (a layer
 * without its DTM table), *dtm_known is false and the code
 * carries the value with DTM 1 (win) or 0 (loss). A finished game needs no table. Fails
 * with a message naming the missing table and the command that makes it. */
int prober_probe(struct prober *p, const struct position *pos, retro_code *code, bool *dtm_known,
                 char *err, size_t errlen);

/* The class at clock 0 of a position under the counting rule at p->limit (the game's
 * limit, 100 or 80 half-moves, unless the caller changed it), a values.h class code, from
 * its layer's DTC table: Bagh-Chal's movement and placement layers and Sixteen Soldiers'
 * materials. Call it after prober_probe has answered for the same position (it builds the
 * index this reads). 0 with *cls; PROBER_MISSING when the
 * layer has no DTC table (not an error: the rule's tables are optional); -1 with err for
 * a damaged one. */
int prober_probe_class(struct prober *p, const struct position *pos, uint16_t *cls, char *err,
                       size_t errlen);

/* prober_probe's failures: -1 for any but these. */
#define PROBER_MISSING                                                                             \
    (-2) /* the table is not in the directory (the message says how to make it) */
#define PROBER_NOMEM (-3)
#define PROBER_CLOSED (-4) /* it needs a table or index opened, and *may_open is false */

/* ---- Which games a directory holds, and what a complete set of tables is ----------- */

/* Every game (game, rules, board) with at least one table in dir (*.wdl, *.dtm or *.reach),
 * as the tables' headers say; a file whose header cannot be read is left out (guti verify
 * reports it). Fills out[0 .. min(count, max) - 1] in the order of the sorted file names:
 * baghchal before sixteen, then by board, then by rules name. Returns how many games there
 * are (possibly more than max), or -1 when dir cannot be read. */
int tables_games(const char *dir, struct game *out, int max);

/* Chooses the game whose tables a command reads, among those in dir (tables_games).
 * game ("baghchal" or "sixteen"), rules (as --rules takes them) and board (as --board)
 * each narrow the choice when not NULL; they matter only when dir holds several games,
 * and naming one that is not there is an error. When several games remain that differ
 * only in their rules, the game's default rules (standard, optional) are chosen if they
 * are there. Returns 0 with *g set up, or -1 with one line in err:
 *   cannot read directory DIR: REASON
 *   no tables in DIR
 *   no goat-pass tables in DIR; there are: baghchal 4x4 standard
 *   no 5x5 tables in DIR; there are: baghchal 4x4 standard, baghchal 4x4 goat-pass
 *   tables of several games in DIR: baghchal 4x4 standard, baghchal 5x5 standard;
 *     choose with --board
 * For a message, a game's name is "baghchal 4x4 standard" or "sixteen forced"
 * (tables_game_name). */
int tables_choose(const char *dir, const char *game, const char *rules, const char *board,
                  struct game *g, char *err, size_t errlen);
void tables_game_name(const struct game *g, char *buf, size_t len);

/* Bit masks of table kinds, for the functions below. */
#define TABLES_KIND(k) (1u << (k))
#define TABLES_ALL_KINDS                                                                           \
    (TABLES_KIND(TB_WDL) | TABLES_KIND(TB_DTM) | TABLES_KIND(TB_REACH) | TABLES_KIND(TB_DTC))
/* The most counting-rule limits a set describes. */
#define TABLES_MAX_LIMITS 16

/* One table of a complete set. */
struct tables_want {
    char path[1024];            /* DIR/name */
    const char *name;           /* the file name, within path */
    enum tb_kind kind;          /* TB_WDL, TB_DTM, TB_REACH or TB_DTC */
    int inhand, captured, side; /* Bagh-Chal's layer; side -1 for a movement layer */
    int m, n;                   /* Sixteen Soldiers' material, m >= n */
    int limit;                  /* TB_DTC: the counting rule's limit; else 0 */
    bool present;               /* the file is there (its contents are not checked) */
};

/* The tables a complete set of one game's tables in a directory holds, as far as the
 * tables there say what the set is meant to hold:
 *   Bagh-Chal: a WDL table for every layer of the movement phase (h0-c0 ..
 *     h0-c<captures to win - 1>); if any placement table is there, a WDL table for every
 *     placement layer too (h1 .. h<goats>, c0 up to captures to win - 1 and never more
 *     than the goats placed, both sides to move, tigers only once a goat is placed);
 *     a DTM table for every layer of a phase that has any DTM table, but for the
 *     goats-to-move placement layers, whose DTM comes from the layer below (prober_probe:
 *     a goats' table that is there is read all the same); and if any REACH
 *     table is there, a REACH table for every layer of both phases.
 *   Sixteen Soldiers: a WDL table for every material {m, n}, m >= n >= 1, up to the most
 *     pieces of a material there, and a DTM table for each when any DTM table is there.
 *   The counting rule's DTC tables, for each limit at which one is there: Bagh-Chal, every
 *     movement layer's, and every placement layer's if one is there at that limit;
 *     Sixteen Soldiers, every material's up to the most pieces of one there at that limit.
 * Entries come in the game's order (Bagh-Chal from the start: most goats in hand first,
 * then captured, then side, then the movement phase; Sixteen Soldiers by pieces), a
 * layer's WDL, DTM and REACH tables together. This is the one place that knows what a
 * complete set is: verify, stats and the commands' hints use it. */
struct tables_set {
    struct game g;
    bool placement; /* Bagh-Chal: the placement phase is part of the set */
    bool dtm[2];    /* DTM tables: [0] movement phase (Sixteen Soldiers: every
                       material), [1] placement phase */
    bool reach;     /* REACH tables */
    int pieces;     /* Sixteen Soldiers: the most pieces of a material in the set */
    /* The counting rule's tables, per limit with a DTC table there: Bagh-Chal's placement
     * phase is part of it when one of its DTC tables is there at that limit; Sixteen
     * Soldiers' materials go up to the most pieces of a DTC table there at that limit. */
    int ndtc, dtc_limit[TABLES_MAX_LIMITS];
    bool dtc_placement[TABLES_MAX_LIMITS];
    int dtc_pieces[TABLES_MAX_LIMITS];
    int n, nmissing; /* tables in the set, and how many of them are not there */
    struct tables_want *t;
};

/* Fills s (free with tables_set_free); 0, or -1 when memory runs out. require: kinds of
 * table (TABLES_KIND bits, below) the set must hold even when none of them is there, as
 * TABLES_KIND(TB_REACH) for statistics over the reachable positions; 0 for none. */
int tables_expected(const char *dir, const struct game *g, unsigned require, struct tables_set *s);
void tables_set_free(struct tables_set *s);

/* How many tables of those kinds are missing from the set. */
int tables_missing(const struct tables_set *s, unsigned kinds);
/* The names of the missing tables of those kinds, "a, b, c and 5 more" (at most max
 * names); "" when none is missing. */
void tables_missing_text(const struct tables_set *s, unsigned kinds, int max, char *buf,
                         size_t len);
/* A shell command that makes the missing tables of those kinds, as printed: a solve for
 * WDL and DTM tables (--phase movement, placement or both as needed, --dtm when the
 * placement phase has DTM tables; for Sixteen Soldiers --pieces), a guti reach for REACH
 * tables, joined by " && " when both are needed; always with --rules, --board (Bagh-Chal)
 * and --dir, quoted for the shell. "" when none is missing. */
void tables_make_command(const struct tables_set *s, const char *dir, unsigned kinds, char *buf,
                         size_t len);
/* The entry of a table of the set: Bagh-Chal's layer (inhand, captured, side; side is
 * ignored when inhand is 0), or for Sixteen Soldiers the material (inhand = m,
 * captured = n); NULL when a complete set has no such table. */
const struct tables_want *tables_set_find(const struct tables_set *s, enum tb_kind kind, int inhand,
                                          int captured, int side);
/* A layer's short name: "h5-c1-g", "h0-c2", or for Sixteen Soldiers "3+1". */
void tables_layer_label(const struct tables_want *w, char *buf, size_t len);
/* The counting-rule limits of g's DTC tables in dir (its game, rules and board, from each
 * header), each once, at most max of them, in the order found; their number. */
int tables_dtc_limits(const char *dir, const struct game *g, int *limits, int max);

/* Every table file (*.wdl, *.dtm, *.reach, *.dtc) of dir as "dir/name", sorted; the count, or -1
 * when dir cannot be read, errno saying why (ENOMEM when the list would not fit: never a list
 * cut short). Free with tables_list_free(). */
int tables_list_all(const char *dir, char ***names);

#endif
