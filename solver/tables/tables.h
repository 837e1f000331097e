/*
 * A directory of tables: where they live, how they are named, and the positions they
 * answer. A game cuts its positions into layers (game.h's struct game_layers); each layer
 * has a WDL table, and may have a DTM table, a reachability table and counting-rule tables,
 * named by the game's name of the layer:
 *
 *   DIR/baghchal-5x5-standard-h0-c4.wdl      a game of several boards: the board named
 *   DIR/baghchal-5x5-standard-h12-c3-t.dtm
 *   DIR/sixteen-forced-m4-n3-L80.dtc          a game of one board; a DTC table's limit
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
/* The most layers a game keeps per men in hand and side to move: one per number of men
 * captured short of the capture goal. */
#define TABLES_MAX_LAYERS 8
_Static_assert(TABLES_MAX_LAYERS >= GAME_MAX_CAPTURE_GOAL, "a layer per men captured");

const char *tables_dir(const char *opt);
/* Every table's path: DIR/GAME[-BOARD]-RULES-LAYER[-L<limit>].EXT, LAYER the game's name of
 * the layer (game_layers.name), the board named for a game of several boards
 * (game_layers.board_in_names), the limit for a DTC table (limit 0 otherwise), EXT wdl,
 * dtm, dtc or reach. */
void tables_layer_path(char *buf, size_t len, const char *dir, const struct game *g,
                       const struct layer_key *k, enum tb_kind kind, int limit);
/* The header of layer k's table of that kind, as a solve writes it (layer: k; limit: a DTC
 * table's, else 0). */
struct tb_meta tables_layer_meta(const struct game *g, const struct layer_key *k, enum tb_kind kind,
                                 int limit, uint64_t npositions);

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
    int index_threads;      /* the OpenMP threads they are built with (0: as many as OpenMP's) */
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

/* The value of a position: a retro_code. A position of a layer stored without its DTM
 * table, whose DTM is the fold of its successors' (game_layers.dtm_by_fold), is answered
 * from its successors, each probed, when those are known with DTM. When only a WDL table
 * answers (a layer without its DTM table), *dtm_known is false and the code carries the
 * value with DTM 1 (win) or 0 (loss). A finished game needs no table. Fails with a
 * message naming the missing table and the command that makes it (game_layers.missing). */
int prober_probe(struct prober *p, const struct position *pos, retro_code *code, bool *dtm_known,
                 char *err, size_t errlen);

/* The class at clock 0 of a position under the counting rule at p->limit (the game's
 * limit unless the caller changed it), a values.h class code, from its layer's DTC table,
 * of any layer. Call it after prober_probe has answered for the same position (it builds
 * the index this reads). 0 with *cls; PROBER_MISSING when the
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
 * by game name, then by board, then by rules name. Returns how many games there
 * are (possibly more than max), or -1 when dir cannot be read. */
int tables_games(const char *dir, struct game *out, int max);

/* Chooses the game whose tables a command reads, among those in dir (tables_games).
 * game (its name, as --game takes it), rules (as --rules takes them) and board (as --board)
 * each narrow the choice when not NULL; they matter only when dir holds several games,
 * and naming one that is not there is an error. When several games remain that differ
 * only in their rules, the game's default rules (game_setup's) are chosen if they
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
    struct layer_key k;         /* its layer */
    enum layer_kind layer_kind; /* its layer's kind */
    int part;                   /* its layer's part (game_layers.set_list) */
    int limit;                  /* TB_DTC: the counting rule's limit; else 0 */
    bool present;               /* the file is there (its contents are not checked) */
};

/* The tables a complete set of one game's tables in a directory holds, as far as the
 * tables there say what the set is meant to hold. A solve makes a game's tables part after
 * part (game_layers.set_list: Bagh-Chal's movement phase, then its placement phase; Sixteen
 * Soldiers' materials by pieces), so that a set holds:
 *   a WDL table for every layer of every part up to the highest part of a WDL or DTM
 *     table there, part 0's always;
 *   a DTM table beside each, for the layers of a kind (cyclic, acyclic) that has any DTM
 *     table there, but for those whose DTM is the fold of their successors'
 *     (game_layers.dtm_by_fold: prober_probe reads such a table that is there all the
 *     same);
 *   for a game with reachability (game_layers.reach), a REACH table for every layer of
 *     the game when any REACH table is there;
 *   the counting rule's DTC tables, for each limit at which one is there: every layer's
 *     of every part up to the highest part of a DTC table there at that limit, part 0's
 *     always.
 * Entries come in the set's order of the layers (game_layers.set_list), a layer's WDL, DTM
 * and REACH tables together, then the DTC tables per limit. This is the one place that
 * knows what a complete set is: verify, stats and the commands' hints use it. */
struct tables_set {
    struct game g;
    int part;    /* the highest part of a WDL or DTM table there, 0 when none is */
    bool dtm[2]; /* DTM tables, by layer kind: [LAYER_CYCLIC], [LAYER_ACYCLIC] */
    bool reach;  /* REACH tables */
    /* The counting rule's tables, per limit with a DTC table there, and the highest part
     * of a DTC table there at that limit. */
    int ndtc, dtc_limit[TABLES_MAX_LIMITS];
    int dtc_part[TABLES_MAX_LIMITS];
    int n, nmissing; /* tables in the set, and how many of them are not there */
    struct tables_want *t;
};

/* Fills s (free with tables_set_free); 0, or -1 when memory runs out. require: kinds of
 * table (TABLES_KIND bits, below) the set must hold even when none of them is there, as
 * TABLES_KIND(TB_REACH) for statistics over the reachable positions (of a game with
 * reachability); 0 for none. */
int tables_expected(const char *dir, const struct game *g, unsigned require, struct tables_set *s);
void tables_set_free(struct tables_set *s);

/* How many tables of those kinds are missing from the set. */
int tables_missing(const struct tables_set *s, unsigned kinds);
/* The names of the missing tables of those kinds, "a, b, c and 5 more" (at most max
 * names); "" when none is missing. */
void tables_missing_text(const struct tables_set *s, unsigned kinds, int max, char *buf,
                         size_t len);
/* A shell command that makes the missing tables of those kinds, as printed: a guti solve
 * for WDL and DTM tables (the game's options for the parts missing,
 * game_layers.solve_options, and --dtm when the set has DTM tables of acyclic layers and
 * one of those layers misses a table), a guti reach for REACH tables, a guti solve --dtc
 * per limit for DTC tables, joined by " && "; always with --rules, --board (a game of
 * several boards) and --dir, quoted for the shell. "" when none is missing. */
void tables_make_command(const struct tables_set *s, const char *dir, unsigned kinds, char *buf,
                         size_t len);
/* The entry of layer k's table of that kind in the set (the first, for DTC tables); NULL
 * when a complete set has no such table. */
const struct tables_want *tables_set_find(const struct tables_set *s, enum tb_kind kind,
                                          const struct layer_key *k);
/* The counting-rule limits of g's DTC tables in dir (its game, rules and board, from each
 * header), each once, at most max of them, in the order found; their number. */
int tables_dtc_limits(const char *dir, const struct game *g, int *limits, int max);

/* Every table file (*.wdl, *.dtm, *.reach, *.dtc) of dir as "dir/name", sorted; the count, or -1
 * when dir cannot be read, errno saying why (ENOMEM when the list would not fit: never a list
 * cut short). Free with tables_list_free(). */
int tables_list_all(const char *dir, char ***names);

#endif
