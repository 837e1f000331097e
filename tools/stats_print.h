/* guti stats' output: the statistics the library makes (solver/solve/stats.h) written as
 * Markdown, CSV or JSON. One pass over the tables can give every format. */
#ifndef GUTI_STATS_PRINT_H
#define GUTI_STATS_PRINT_H

#include <stdio.h>

#include "stats.h"

/* format: "md", "csv" or "json". */
void stats_bc_print(FILE *f, const char *format, const struct bc_stats *s);
void stats_ss_print(FILE *f, const char *format, const struct ss_table_stats *s);
/* Rows by layer and side to move, of a game with a placement phase (s->materials false). */
void stats_dtc_print(FILE *f, const char *format, const struct dtc_stats *s);
/* Rows by material (m, n), of any other game (s->materials true), with their side to move
 * where they have both. */
void stats_ss_dtc_print(FILE *f, const char *format, const struct dtc_stats *s);
void stats_histogram_print(FILE *f, const char *format, const struct dtm_histogram *h);

#endif
