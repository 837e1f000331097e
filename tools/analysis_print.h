/* guti game --analyze: a game's analysis (guti_analyze_game) printed, as text or as JSON. */
#ifndef GUTI_ANALYSIS_PRINT_H
#define GUTI_ANALYSIS_PRINT_H

#include <stdio.h>

#include "guti.h"

/* What the printers need besides the analysis: the notation moves and positions are
 * written in, and the game's verdict by the rules (guti game's: the result word, the
 * winner's side name or NULL, the reason). */
struct analysis_view {
    const struct guti_analysis *a;
    const struct guti_move_analysis *moves;
    enum guti_notation notation;
    const char *result, *winner, *reason;
};

/* The analysis as text lines: the start's value, a line per move, the summary. */
void analysis_print_text(const struct analysis_view *v, FILE *out);

/* The analysis as JSON members to put into an object: `"moves": [...], "summary": {...}`
 * (no braces around them, no comma before them). */
void analysis_print_json(const struct analysis_view *v, FILE *out);

/* The same for a game under rules no-repeat (guti_norepeat_analyze_game's analysis). */
struct norepeat_view {
    const struct guti_norepeat_analysis *a;
    const struct guti_norepeat_move_analysis *moves;
    enum guti_notation notation;
    const char *result, *winner, *reason;
};

/* The analysis under rules no-repeat as text lines: a line per move, the summary. */
void norepeat_print_text(const struct norepeat_view *v, FILE *out);

/* The same as JSON members, `"moves": [...], "summary": {...}`, as analysis_print_json. */
void norepeat_print_json(const struct norepeat_view *v, FILE *out);

#endif
