/*
 * Other notations of Bagh-Chal, read and written beside guti's own (docs/notation.md): the
 * `baghchal` Python package's FEN and PGN, and OBX, the Online Baghchal Exchange notation
 * of baghchal.net. Positions, moves and game records, in every direction; what each
 * format stores and how guti maps it is written at the top of notation_baghchal.c and
 * notation_obx.c, and in the README ("Other notations").
 *
 * Both foreign formats are Bagh-Chal's on the 5x5 board only; they carry no clock and no
 * rules. Reading, guti takes the clock as 0 and the rules from the caller (standard by
 * default); writing, a position is written without its clock, and the record writers
 * refuse what the format cannot carry and a reader could not derive (a start's clock, a
 * pass, OBX's rules and results), with a one-line reason. Errors are one line, like
 * notation.h's: "position (obx): row 2 has 4 points, expected 5".
 */
#ifndef GUTI_NOTATIONS_H
#define GUTI_NOTATIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "record.h"

enum notation { NOTATION_GUTI, NOTATION_BAGHCHAL, NOTATION_OBX };
#define NOTATIONS 3

/* "guti", "baghchal", "obx"; and back: the notation of a name, or -1. */
const char *notation_name(enum notation n);
int notation_named(const char *name);

/* What a position in a foreign notation says besides guti's state. */
struct notation_extra {
    int goat_moves;   /* baghchal: goat moves made (placements and steps), -1 if unknown */
    bool has_last;    /* obx: the move that led here is known */
    struct move last; /* obx: that move */
    int number;       /* obx: how many moves its maker has made with it (#g3), 0 if unknown */
};
#define NOTATION_EXTRA_NONE ((struct notation_extra){.goat_moves = -1})

/* Sets up the game a position in notation n is of: for guti's, as game_setup_for_fen does
 * (fen may be NULL); a foreign notation is Bagh-Chal's on 5x5, and a game or board named
 * otherwise is refused. 0, or -1 with a one-line reason. */
int notation_game(enum notation n, const char *fen, const char *game, const char *rules,
                  const char *board, struct game *g, char *err, size_t errlen);

/* The notation a position's text is in, from the shapes of its fields: its board's
 * letters (X: obx; B on five rows: baghchal; T: guti or obx), digits on it (guti or
 * baghchal), its side (G or B: baghchal), its third field (@N or cN: obx), more than four
 * fields (obx) and its number of rows (other than 5: guti). When no notation fits every
 * field, the one that fits most (the board's letters and digits counting twice) is
 * taken, so that its reader names the fault. 0, or -1 with the reason when several fit
 * ("ambiguous") or two tie ("mixes notations"). A text with no fields is guti's. */
int notation_detect_position(const char *text, enum notation *n, char *err, size_t errlen);

/* Reads a position in notation n of game g (from notation_game); x, when not NULL, gets
 * what the text says besides the state. 0, or -1 with a reason naming the field. */
int notation_read_position(enum notation n, const struct game *g, const char *text,
                           struct position *pos, struct notation_extra *x, char *err,
                           size_t errlen);
/* Writes a position in notation n; x (or NULL) supplies what the format has besides the
 * state. A foreign notation writes no clock. 0, or -1 when the game is not the notation's. */
int notation_write_position(enum notation n, const struct game *g, const struct position *pos,
                            const struct notation_extra *x, char *buf, size_t len, char *err,
                            size_t errlen);

/* The notation a move's text is in (the shapes are disjoint: c3, a1-b2, a1xc3, pass;
 * G33, G1122, B1122, Bx1133; mC3, mA1B1, mA1C3(B2)), or -1 when it is in none. */
int notation_detect_move(const char *text);
/* Reads a move's syntax in notation n; *mover is the side the text names (baghchal's G or
 * B), or -1 when it names none. 0, or -1 with a reason. */
int notation_read_move(enum notation n, const struct game *g, const char *text, struct move *m,
                       int *mover, char *err, size_t errlen);
/* Writes move m of position pos in notation n (the mover's letter comes from pos). 0, or -1
 * when the notation cannot write it (a pass) or the game is not the notation's. */
int notation_write_move(enum notation n, const struct game *g, const struct position *pos,
                        const struct move *m, char *buf, size_t len, char *err, size_t errlen);

/* The notation of a record's text: from its moves (every one must be of the same
 * notation), else the position lines of an OBX record, else its FEN tag, else guti's. 0,
 * or -1 with the reason (empty, or the moves mix notations). */
int notation_detect_record(const char *text, enum notation *n, char *err, size_t errlen);

/* Reads a game record in notation n into r, in guti's terms: tags Game, Rules (and FEN
 * for another start), the moves' texts in guti's notation with how the record wrote them
 * in r->written, the result word. A record in guti's notation must have its Game and Rules
 * tags, unless game is not NULL: then a text with no tags at all is a bare list of moves
 * of that game (under rules, NULL for the default). Foreign records are Bagh-Chal's;
 * their rules are their Rules tag (baghchal), else rules, else standard. The moves are
 * replayed to check what the record says besides them (baghchal's letters, OBX's positions
 * after each move): a disagreement is an error here; an illegal move is left to
 * record_replay. 0, or -1 with a one-line reason. */
int notation_read_record(enum notation n, const char *text, const char *game, const char *rules,
                         struct record *r, char *err, size_t errlen);

/* Writes a replayed record (rp from record_replay, with no illegal move) in notation n
 * into *out (malloc'd, to free). Refuses, with the reason, what the notation cannot hold
 * and a reader could not derive. 0 or -1. */
int notation_write_record(enum notation n, const struct game *g, const struct record *r,
                          const struct replay *rp, char **out, char *err, size_t errlen);

/* What a foreign notation says of position rp->h.p[i] of a replayed record besides the
 * state: the goat moves made (from the start's count) and the move that led there with its
 * maker's count of moves. */
void notation_extra_at(const struct game *g, const struct record *r, const struct replay *rp, int i,
                       struct notation_extra *x);

#endif
