/*
 * The parts of the notation (docs/notation.md) that every game shares: the board field of a
 * position, moves, and numbers. Errors are one line, naming the field and the reason;
 * callers prefix them with what was being read ("position: ...").
 */
#ifndef GUTI_NOTATION_H
#define GUTI_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "game.h"

#define NOTATION_MAX_FIELDS 8

/* Splits text at spaces (a run of them is one separator) into at most NOTATION_MAX_FIELDS
 * fields (pointers into buf, a copy of text with leading and trailing white space removed).
 * Returns the number of fields, or -1 with a reason (empty text, a tab or a line break
 * between fields, too many). */
int notation_fields(const char *text, char *buf, size_t buflen, char *field[NOTATION_MAX_FIELDS],
                    char *err, size_t errlen);

/* Reads a board field: rows from the top down separated by '/', each row listing its own
 * points left to right, letters[i] for a piece of side i, a digit for empty points. */
int notation_parse_board(const struct board *b, const char *field, const char letters[2],
                         bits_t men[2], char *err, size_t errlen);
void notation_format_board(const struct board *b, const bits_t men[2], const char letters[2],
                           char *buf, size_t len);

/* Writes the first n bytes of s (fewer at a NUL) into buf as a message quotes them: printable
 * ASCII as it is, a backslash as \\ and any other byte as \xHH, so that whatever bytes a user
 * gave reach the terminal as plain ASCII, invalid UTF-8 and control characters included.
 * Text that would not fit in len bytes is cut and ends in "...". Returns buf. Every
 * message that quotes user input (notation, records, game setup) goes through it. */
const char *notation_quote(const char *s, size_t n, char *buf, size_t len);

#define NOTATION_QUOTE_LEN 64
/* notation_quote of a whole string, into a buffer that lives to the end of the enclosing
 * block: for quoting in one snprintf. */
#define QUOTE(s) notation_quote((s), (size_t)-1, (char[NOTATION_QUOTE_LEN]){0}, NOTATION_QUOTE_LEN)

/* Reads a whole decimal number in [lo, hi]; what names the field in the error. */
int notation_parse_int(const char *s, int lo, int hi, const char *what, int *out, char *err,
                       size_t errlen);

/* Reads a move's syntax (placement, step, capture chain or pass), not its legality. */
int notation_parse_move(const struct board *b, const char *text, struct move *m, char *err,
                        size_t errlen);
void notation_format_move(const struct board *b, const struct move *m, char *buf, size_t len);

/* True when two moves are written the same way. */
bool move_equal(const struct move *a, const struct move *b);

#endif
