/*
 * The statistics of a set of solved tables (guti stats): per layer and side to move (or
 * per material), the positions won, drawn and lost by the side to move, over symmetry
 * classes and raw positions, with the longest wins; the counting rule's five classes; the
 * DTM histogram of Bagh-Chal's movement phase. The functions read the tables of a
 * directory and fill the structures below; they never print: tools/stats_print.c writes
 * them out as Markdown, CSV or JSON, so one pass over the tables gives every format.
 *
 * One walk serves every game: the game's layers (game_layers.list) in the order of the
 * game (the complete set's, tables_expected), each table named by tables_layer_path, each
 * example position made by the game's unrank and format. A layer's rows are its sides to
 * move (a game with men in hand: Bagh-Chal's bc_row) or its materials (m, n) (ss_row).
 *
 * Errors. Every function returns 0, or -1 with one line in err and nothing to free: out of
 * memory, a table that cannot be read (the tablebase's message), a missing table with the
 * command that makes it. Progress goes through the hooks, from the calling thread.
 */
#ifndef GUTI_STATS_H
#define GUTI_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "tables.h"

/* Bagh-Chal: one row per layer (goats in hand, captured) and side to move. */
struct bc_row {
    int inhand, captured, side; /* side -1: all */
    bool dtm;                   /* the DTM columns are known */
    bool dtm_missing;           /* the set has DTM tables, but not this layer's */
    uint64_t n[3], raw[3];      /* win, draw, loss */
    int max_win, max_loss;
    uint64_t longest; /* index of a longest win */
    char longest_fen[128];
    char layer[32]; /* the layer's name in its tables' (game_layers.name): "h12-c3-t" */
};

/* The same layer under the other rule set: how many classes change value, and one. */
struct bc_change {
    bool present;                /* the other rule set's table was there */
    uint64_t n[3][3], raw[3][3]; /* [value under these rules][under the other], w/d/l */
    uint64_t example;            /* the first changed class's index, or UINT64_MAX */
    char example_fen[128];
};

struct bc_stats {
    const struct game *g;
    char rules[32], other_rules[32];
    bool reachable, compare;
    int nrows, top; /* top: the most men captured in a layer (the rows' largest) */
    struct bc_row *rows, total;
    struct bc_change *ch; /* one per row */
    /* the sum of the rows' changes (present when any row was compared); its example is
     * none */
    struct bc_change change_total;
};

/* Sixteen Soldiers: one row per material, m pieces to move against n. */
struct ss_row {
    int m, n;
    uint64_t cl[3], raw[3]; /* win, draw, loss */
    bool dtm;               /* read from the DTM table: the DTM columns are known */
    bool dtm_missing;       /* the set has DTM tables, but not this material's */
    int max_win, max_loss;
    double win_dtm_sum; /* over won classes, for the mean */
    char longest_fen[128];
    /* adtools: the side to move of the row's positions (game_layers.rows): a game whose rows
     * have both (each side's men counted apart) is printed with it */
    int side;
};

struct ss_table_stats {
    const struct game *g;
    char rules[32];
    bool reachable; /* over the positions a game from the start reaches (REACH tables) */
    int nrows;
    struct ss_row *rows;
    /* the sum of the rows: its DTM known when every row's is, its longest win the first
     * row's of the longest */
    struct ss_row total;
};

/* The plain statistics of a game: Bagh-Chal's rows by layer, or Sixteen Soldiers' by
 * material. */
struct stats_wdl {
    bool materials; /* ss holds them, else bc */
    struct bc_stats bc;
    struct ss_table_stats ss;
};

/* The counting rule (guti stats --dtc): one row per layer and side to move (Bagh-Chal: the
 * movement phase's, or the whole game's when the placement phase's DTC tables are there),
 * the five classes at clock 0 over classes and raw positions (values.h: win, cursed win,
 * draw, blessed loss, loss), and the longest DTC of a win and of a loss (-1: none) with an
 * example of the first. */
struct dtc_row {
    int inhand, captured, side; /* Bagh-Chal */
    int m, other;               /* Sixteen Soldiers: pieces of the side to move, the other side's
                                   (side: the row's side to move, as game_layers.rows says) */
    uint64_t n[5], raw[5];
    int max_win, max_loss;
    char longest_fen[128];
};

struct dtc_stats {
    const struct game *g;
    char rules[32];
    int limit, nrows;
    struct dtc_row *rows, total;
    bool materials;       /* Sixteen Soldiers' rows (m, other), else Bagh-Chal's layers */
    bool whole;           /* Bagh-Chal: the rows cover the placement phase too */
    uint16_t start_class; /* with whole: the start position's class code (values.h) */
    char start_fen[128];
};

/* The DTM histogram of Bagh-Chal's movement phase (guti stats --histogram): per DTM d, the
 * classes (and raw positions) the side to move wins (d odd) or loses (d even) in exactly
 * d half-moves, goats and tigers to move apart. */
struct dtm_histogram {
    const struct game *g;
    char rules[32];
    int max_dtm; /* the largest DTM found; -1 when every position is a draw */
    uint64_t draws[2], draws_raw[2];
    uint64_t (*n)[2], (*raw)[2]; /* [d][side], d = 0..RETRO_MAX_DTM */
};

/* Progress of the pass over the tables. Every hook is optional (NULL). begin: the pass
 * starts, label "stats", "dtc" or "histogram"; progress: it advances, phase a layer or
 * material ("h5-c1-g", "material 3+1") or the unit counted ("layers", "materials"), done of
 * total; end: it is over (also after a failure). */
struct stats_hooks {
    void (*begin)(void *arg, const char *label);
    void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total);
    void (*end)(void *arg);
    void *arg;
};

/* Whether g's statistics go by layer and side to move, a game with men in hand (Bagh-Chal:
 * a placement phase), which alone have --histogram; else by material (Sixteen Soldiers,
 * Adugo). Either has --reachable when it has reachability (reach.h). */
bool stats_by_layer(const struct game *g);

/* The plain statistics of the tables of set (tables_expected over dir), every WDL table
 * there (and with reachable, every REACH table): missing DTM tables leave their rows'
 * longest wins unknown. Bagh-Chal also compares with the other rule set (standard,
 * goat-pass) when any of its tables is in dir. s->bc.g (Bagh-Chal) points to g. */
int stats_wdl(const struct game *g, const char *dir, const struct tables_set *set, bool reachable,
              const struct stats_hooks *h, struct stats_wdl *s, char *err, size_t errlen);
void stats_wdl_free(struct stats_wdl *s);

/* The counting rule's statistics from the DTC tables of that limit in dir; s->g points to
 * g. */
int stats_dtc(const struct game *g, const char *dir, int limit, const struct stats_hooks *h,
              struct dtc_stats *s, char *err, size_t errlen);
void stats_dtc_free(struct dtc_stats *s);

/* Bagh-Chal's movement phase's DTM histogram, from its DTM tables (every one must be
 * there); h->g points to g. */
int stats_histogram(const struct game *g, const char *dir, const struct stats_hooks *hooks,
                    struct dtm_histogram *h, char *err, size_t errlen);
void stats_histogram_free(struct dtm_histogram *h);

#endif
