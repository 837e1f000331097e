/* guti query's answer for one position, as JSON members and a move as a text line, written
 * once for the commands that give it: guti query, guti serve's /api/position, guti play's
 * hint. */
#ifndef GUTI_QUERY_JSON_H
#define GUTI_QUERY_JSON_H

#include <stdbool.h>
#include <stdio.h>

#include "guti.h"

/* One position's answer: the position as written, what the tables say of it and of each
 * move, and a principal variation when asked for. */
struct query_answer {
    const char *fen; /* the position, in the notation the answer is in */
    const struct guti_position *pos;
    const struct guti_result *result;
    const struct guti_scored_move *moves; /* best first; texts in the answer's notation */
    int nmoves;
    bool want_pv;
    char (*pv)[GUTI_MOVE_MAX];
    int npv;
    const char *pv_error; /* empty when the variation is whole */
    bool move_fens;       /* each move also with "fen", the position it leads to in guti's
                             notation (guti serve's answers) */
};

/* Writes the answer's members, `"fen": ..., "value": ..., ..., "class": ..., "dtc": ...`,
 * without braces around them (guti query --help lists them). */
void query_json_members(const struct query_answer *a, FILE *out);

/* One move as a JSON object, {"move", "value", "dtm", "value_now"}, with "class" and "dtc"
 * when with_class, and "fen" (the position it leads to) when with_fen. */
void query_json_move(const struct guti_scored_move *m, bool with_class, bool with_fen, FILE *out);

/* One move as guti query's text line: its text, value and DTM, and what the clock does to
 * it. */
void query_text_move(const struct guti_scored_move *m, FILE *out);

/* The counting rule's line of a position's answer, as guti query and guti play's hint
 * write it (no newline): "under the 100 half-move rule: a win if the clock is at most 98,
 * else a draw (DTC 2); at clock 5: a win", "...: a draw at any clock, a cursed win (a win in
 * 120 without the rule)", "...: a loss, DTC 0 (the game is over)". false, with buf empty,
 * where the counting rule's tables gave no class. */
bool query_text_class(const struct guti_result *r, char *buf, size_t len);

/* guti query's second line of an unfinished position's answer, as guti play's hint writes
 * it too: query_text_class's line where there is a class, else what the clock may do to the
 * value (nothing, or a draw where no counting-rule table tells; `guti solve --dtc`, with
 * --limit L where r->limit is not the game's own, makes them). Nothing at clock 0 with the
 * value under the rule known, nor for a game without a counting rule (r->limit 0). */
void query_text_rule(const struct guti_position *pos, const struct guti_result *r, FILE *out);

#endif
