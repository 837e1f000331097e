/*
 * Boards as data.
 *
 * A board is its list of lines (docs/rules.md): everything else, the points, adjacency, jumps
 * and the symmetry group, is derived from that list by board_build(). Points are numbered
 * row by row from the bottom, left to right within a row, so bit p of a bitboard is point
 * p and the numbering is the reading order of the notation, reversed by rows.
 */
#ifndef GUTI_BOARD_H
#define GUTI_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"

#define BOARD_MAX_POINTS 64
#define BOARD_MAX_DEGREE 8
#define BOARD_MAX_LINES 32
#define BOARD_MAX_LINE_LEN 9
#define BOARD_MAX_SYMS 8
#define BOARD_MAX_COLS 9 /* columns a..i */
#define BOARD_MAX_ROWS 9 /* rows 1..9: point names are one letter and one digit */

struct jump {
    uint8_t over, to;
};

struct board {
    const char *name;
    int npoints, ncols, nrows;
    int8_t point_at[BOARD_MAX_ROWS][BOARD_MAX_COLS]; /* [row][col], -1 where no point */
    uint8_t col[BOARD_MAX_POINTS], row[BOARD_MAX_POINTS];

    int nlines;
    uint8_t line_len[BOARD_MAX_LINES];
    uint8_t line[BOARD_MAX_LINES][BOARD_MAX_LINE_LEN];

    int degree[BOARD_MAX_POINTS];
    uint8_t adj[BOARD_MAX_POINTS][BOARD_MAX_DEGREE];
    bits_t adjmask[BOARD_MAX_POINTS];
    int njumps[BOARD_MAX_POINTS];
    struct jump jumps[BOARD_MAX_POINTS][BOARD_MAX_DEGREE];

    /* The permutations of the points that map lines onto lines; sym[0] is the identity. */
    int nsyms;
    uint8_t sym[BOARD_MAX_SYMS][BOARD_MAX_POINTS];
};

/* Builds a board from its lines, each a string of point names in order along the line,
 * e.g. "a1 b2 c3". Returns 0, or -1 with a message in err. */
int board_build(struct board *b, const char *name, const char *const *lines, int nlines, char *err,
                size_t errlen);

/* The built-in boards: "5x5" (Bagh-Chal), "4x4", "3x3" (small Bagh-Chal boards for tests)
 * and "sixteen" (Sixteen Soldiers), built on first use. NULL for an unknown name, and for
 * a built-in board whose lines fail to build (a programming error that the unit tests
 * rule out: they build every one). */
const struct board *board_named(const char *name);

/* Parses a point name ("c3", case-insensitive) of exactly len characters; -1 if it is not
 * a point of the board. */
int board_parse_point(const struct board *b, const char *s, size_t len);

/* Writes the point's name, lower case, into out (at least 3 bytes). */
void board_point_name(const struct board *b, int p, char out[3]);

/* Number of adjacent (unordered) pairs and of directed jumps. */
int board_count_adjacent_pairs(const struct board *b);
int board_count_jumps(const struct board *b);

/* Applies symmetry s to every point of a bitboard. */
bits_t board_map_bits(const struct board *b, int s, bits_t x);

#endif
