/*
 * Game records (docs/notation.md): tag lines, then moves. Reading a record is separate from
 * replaying it, so that tools can report each kind of fault in its own words.
 */
#ifndef GUTI_RECORD_H
#define GUTI_RECORD_H

#include <stddef.h>

#include "game.h"
#include "history.h"

#define RECORD_MAX_TAGS 32

struct record {
    int ntags;
    char *tag_name[RECORD_MAX_TAGS], *tag_value[RECORD_MAX_TAGS];
    int nmoves;
    char **moves;   /* the move texts, in order */
    int *move_line; /* the line of each move in the text */
    char *result;   /* a result token after the moves, or NULL */
    char **written; /* each move as another notation wrote it (notations.h), or NULL where
                       the record was in guti's; as many entries as moves */
};

/* Reads a record's text; 0, or -1 with a one-line reason ("line 3: ...", "empty" for a
 * text with no tag, move or result). Free a record read with record_free; a failed read
 * has already freed what it read. */
int record_parse(const char *text, struct record *r, char *err, size_t errlen);
/* Whether a record read holds nothing: no tag, no move, no result (white space and
 * comments only). */
bool record_empty(const struct record *r);
/* Reads the same way, tags, comments, move numbers and all, but requires no tag, and
 * takes the words in results (a NULL-terminated list; NULL for guti's: each game's sides,
 * draw, *) as the result after the moves: for records in other notations, whose
 * words are then the caller's to read. */
int record_scan(const char *text, const char *const *results, struct record *r, char *err,
                size_t errlen);
void record_free(struct record *r);
/* A tag's value, or NULL. */
const char *record_tag(const struct record *r, const char *name);
/* For building a record: appends a tag, or a move's text in guti's notation (written: how
 * another notation wrote it, or NULL); 0, or -1 when memory runs out or, for a tag, the
 * record has RECORD_MAX_TAGS already. Start from a zeroed record; free it with record_free. */
int record_add_tag(struct record *r, const char *name, const char *value);
int record_add_move(struct record *r, const char *text, int line, const char *written);
/* Move i as the record wrote it: in its own notation, for messages. */
const char *record_move_text(const struct record *r, int i);

/* Sets up the record's game from its tags (Game, Rules, Board) and its start (FEN). */
int record_game(const struct record *r, struct game *g, struct position *start, char *err,
                size_t errlen);

struct replay {
    struct history h;       /* every position of the game, the start first */
    int played;             /* moves played */
    int bad_move;           /* index of the first illegal move, or -1 */
    char why[200];          /* why it is illegal */
    struct outcome outcome; /* how the game ended; END_NONE if it did not */
};

/* Replays the moves: stops at the first illegal one (a move after the end of the game is
 * illegal), and adjudicates the end, draw rules included. 0, or -1 when memory runs out,
 * with "out of memory" in rp->why; free rp with replay_free either way. */
int record_replay(const struct game *g, const struct position *start, const struct record *r,
                  struct replay *rp);
void replay_free(struct replay *rp);

/* Whether w is a result word of guti's records: a side of a game of the registry (the
 * winner, outcome_word's), "draw", "*". */
bool record_result_word(const char *w);

/* The result word: "goats", "tigers", "red", "blue", "draw", or "*" while unfinished. */
const char *outcome_word(const struct game *g, const struct outcome *o);

#endif
