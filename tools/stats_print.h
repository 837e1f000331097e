/* guti stats' output: the statistics the library makes (solver/solve/stats.h) written as
 * Markdown, CSV or JSON. One pass over the tables can give every format. */
#ifndef GUTI_STATS_PRINT_H
#define GUTI_STATS_PRINT_H

#include <stdio.h>

#include "stats.h"

/* format: "md", "csv" or "json". */
void stats_bc_print(FILE *f, const char *format, const struct bc_stats *s);
void stats_ss_print(FILE *f, const char *format, const struct ss_table_stats *s);
/* Bagh-Chal's rows (s->materials false). */
void stats_dtc_print(FILE *f, const char *format, const struct dtc_stats *s);
/* Sixteen Soldiers' rows (m, n) (s->materials true). */
void stats_ss_dtc_print(FILE *f, const char *format, const struct dtc_stats *s);
void stats_histogram_print(FILE *f, const char *format, const struct dtm_histogram *h);

#endif
