/*
 * Inside notations.h: what each foreign format provides (notation_baghchal.c,
 * notation_obx.c), and the helpers they share (notations.c). Not for the layers above.
 */
#ifndef GUTI_NOTATION_FORMATS_H
#define GUTI_NOTATION_FORMATS_H

#include <stdarg.h>

#include "notations.h"

/* A growing string; a failed allocation sets failed and drops what follows. */
struct strbuf {
    char *s;
    size_t n, cap;
    bool failed;
};
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct notation_format {
    const char *name;  /* "baghchal" */
    const char *title; /* "the baghchal package's notation", for messages */
    const char *game;  /* the game and board it writes: "baghchal", "5x5" */
    const char *board;
    int (*read_position)(const struct game *g, const char *text, struct position *pos,
                         struct notation_extra *x, char *err, size_t errlen);
    void (*write_position)(const struct game *g, const struct position *pos,
                           const struct notation_extra *x, char *buf, size_t len);
    int (*read_move)(const struct game *g, const char *text, struct move *m, int *mover, char *err,
                     size_t errlen);
    int (*write_move)(const struct game *g, const struct position *pos, const struct move *m,
                      char *buf, size_t len, char *err, size_t errlen);
    /* Reads a record into out (zeroed), in guti's terms with its Game and Rules tags
     * (rules: those of a record that names none, NULL for standard), and checks it
     * (check_expected). */
    int (*read_record)(const char *text, const char *rules, struct record *out, char *err,
                       size_t errlen);
    int (*write_record)(const struct game *g, const struct record *r, const struct replay *rp,
                        struct strbuf *out, char *err, size_t errlen);
};

extern const struct notation_format notation_baghchal_format, notation_obx_format;

/* A point by its row counted from the top (1..nrows) and column (1..ncols), or -1; and a
 * point's row from the top and column, both from 1: the foreign formats count so. */
int point_from_top(const struct board *b, int row, int col);
void point_to_top(const struct board *b, int p, int *row, int *col);

/* The point a jump from `from` to `to` passes over, or -1 when no jump joins them. */
int jump_over(const struct board *b, int from, int to);

/* Reads a board field of five rows from the top, each row's points left to right: the
 * letters[0] goat, letters[1] tiger, empty points as a run's length in a digit (empty 0)
 * or one letter each (empty 'X'). Errors name the rows from the top ("row 1"). */
int read_rows(const struct board *b, const char *field, const char letters[2], char empty,
              bits_t men[2], char *err, size_t errlen);

/* Checks a position read from another notation as guti's reader checks its own (counts,
 * tigers, a start with the tigers to move): 0, or -1 with the reason, no prefix. */
int check_position(const struct game *g, const struct position *pos, char *err, size_t errlen);

/* What a foreign record says of its moves besides the moves: the side whose letter each
 * names (-1 none), and the position it gives after each (has_after), with its line. */
struct expected {
    int mover;
    bool has_after;
    struct position after;
    int line;
};
/* Appends one to a growing array (*e with *cap entries); 0, or -1 when memory runs out. */
int expected_add(struct expected **e, int *cap, int i, const struct expected *one);
/* Sets up r's game and replays its moves, checking each against e (f writes positions for
 * the messages): a letter that names the side not to move, a position that is not the one
 * the move leads to. Stops at an illegal move, which record_replay reports later. 0, or -1
 * with the reason. */
int check_expected(const struct notation_format *f, const struct record *r,
                   const struct expected *e, char *err, size_t errlen);

/* The recorded result of a record (the word after the moves, else the Result tag), or
 * NULL. */
const char *recorded_result(const struct record *r);

#endif
