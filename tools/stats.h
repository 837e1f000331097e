/* guti stats: the tallies it makes from the tables, and how it prints them (md, csv, json).
 * cmd_stats.c reads the tables and fills these; stats_print.c writes them out, so one
 * pass over the tables can give every format. */
#ifndef GUTI_STATS_H
#define GUTI_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

/* Bagh-Chal: one row per layer (goats in hand, captured) and side to move. */
struct bc_row {
    int inhand, captured, side; /* side -1: all */
    bool dtm;                   /* the DTM columns are known */
    bool dtm_missing;           /* the set has DTM tables, but not this layer's */
    uint64_t n[3], raw[3];      /* win, draw, loss */
    int max_win, max_loss;
    uint64_t longest; /* index of a longest win */
    char longest_fen[128];
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
    int nrows, top; /* top: the most goats captured in a layer */
    struct bc_row *rows, total;
    struct bc_change *ch; /* one per row */
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
};

struct ss_table_stats {
    char rules[32];
    int nrows;
    struct ss_row *rows;
};

/* The counting rule (guti stats --dtc): one row per layer and side to move (Bagh-Chal: the
 * movement phase's, or the whole game's when the placement phase's DTC tables are there),
 * the five classes at clock 0 over classes and raw positions (values.h: win, cursed win,
 * draw, blessed loss, loss), and the longest DTC of a win and of a loss (-1: none) with an
 * example of the first. */
struct dtc_row {
    int inhand, captured, side; /* Bagh-Chal */
    int m, other;               /* Sixteen Soldiers: pieces of the side to move, the other side's */
    uint64_t n[5], raw[5];
    int max_win, max_loss;
    char longest_fen[128];
};

struct dtc_stats {
    const struct game *g;
    char rules[32];
    int limit, nrows;
    struct dtc_row *rows, total;
    bool whole;           /* Bagh-Chal: the rows cover the placement phase too */
    uint16_t start_class; /* with whole: the start position's class code (values.h) */
    char start_fen[128];
};

/* format: "md", "csv" or "json". */
void stats_dtc_print(FILE *f, const char *format, const struct dtc_stats *s);

/* The DTM histogram of Bagh-Chal's movement phase (guti stats --histogram): per DTM d, the
 * classes (and raw positions) the side to move wins (d odd) or loses (d even) in exactly
 * d half-moves, goats and tigers to move apart. */
struct dtm_histogram {
    const struct game *g;
    char rules[32];
    int max_dtm; /* the largest DTM found; -1 when every position is a draw */
    uint64_t draws[2], draws_raw[2];
    uint64_t (*n)[2], (*raw)[2]; /* [d][side], d = 0..max_dtm */
};
void stats_histogram_print(FILE *f, const char *format, const struct dtm_histogram *h);
/* Sixteen Soldiers' rows (m, n). */
void stats_ss_dtc_print(FILE *f, const char *format, const struct dtc_stats *s);
void stats_bc_print(FILE *f, const char *format, const struct bc_stats *s);
void stats_ss_print(FILE *f, const char *format, const struct ss_table_stats *s);

#endif
