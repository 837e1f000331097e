/* A game record replayed, adjudicated and (optionally) analysed: what guti game reports,
 * made once for the commands that report it (guti game, guti serve's /api/analyze). */
#ifndef GUTI_GAME_REPORT_H
#define GUTI_GAME_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"
#include "guti.h"
#include "notation.h"
#include "notations.h"
#include "record.h"

struct game_report {
    struct record r;
    struct game g;
    struct position start;
    struct replay rp;
    enum notation notation, out_notation; /* the record's; the one positions are written in */
    char rules[32];
    char startfen[256], final[256];
    const char *word;     /* the result by the rules: a side's name, draw or "*" */
    const char *reason;   /* why, or "unfinished" */
    const char *recorded; /* the record's result (its moves' last word, else its tag) or NULL */
    char error[400];      /* the record's first fault (an illegal move, a result that
                             disagrees with the rules...), or empty */
    bool analyzed;
    struct guti_analysis *analysis; /* with analyzed: guti_analyze_game's */
    struct guti_move_analysis *moves;
    char analysis_error[600]; /* with analyzed: why the tables answered no position, or
                                 empty */
    /* with analyzed, under rules no-repeat: guti_norepeat_analyze_game's analysis, in place
     * of analysis and moves (NULL then) */
    struct guti_norepeat_analysis *norepeat;
    struct guti_norepeat_move_analysis *norepeat_moves;
};

/*
 * Reads a record (in notation_opt, or the one its moves show when NULL), replays and
 * adjudicates it; with tables not NULL also analyses its moves. 0 with *gr filled (free it
 * with game_report_free), also when the record has a fault (gr->error) or the tables
 * answer none of its positions (gr->analysis_error); -1 when the record cannot be read at
 * all or the analysis fails otherwise, with the reason in err (prefixed "record: " for a
 * record that cannot be read, "--analyze: " for the analysis) and nothing to free.
 */
int game_report_make(const char *text, const char *notation_opt, guti_tables *tables,
                     struct game_report *gr, char *err, size_t errlen);
/* The same, but a text in guti's notation with no tags at all is a bare list of moves of
 * game (not NULL) from its start, under rules (NULL for the game's default), as
 * notation_read_record reads it; budget is the search's under rules no-repeat, in nodes a
 * move (0: the library's default). */
int game_report_read(const char *text, const char *notation_opt, const char *game,
                     const char *rules, guti_tables *tables, uint64_t budget,
                     struct game_report *gr, char *err, size_t errlen);

/* The report as one JSON object (guti game --help lists its members), without a newline. */
void game_report_json(const struct game_report *gr, FILE *out);

void game_report_free(struct game_report *gr);

#endif
