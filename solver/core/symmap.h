/* Applying a board symmetry to a bitboard quickly: one table lookup per byte. */
#ifndef GUTI_SYMMAP_H
#define GUTI_SYMMAP_H

#include "board.h"

struct symmap {
    int nsyms, nchunks;
    bits_t t[BOARD_MAX_SYMS][8][256]; /* t[s][c][byte] = image of that byte of chunk c */
    int inverse[BOARD_MAX_SYMS];
    int compose[BOARD_MAX_SYMS][BOARD_MAX_SYMS]; /* compose[s][t] = s after t */
};

void symmap_init(struct symmap *m, const struct board *b);

static inline bits_t symmap_apply(const struct symmap *m, int s, bits_t x)
{
    bits_t y = 0;
    for (int c = 0; c < m->nchunks; c++) y |= m->t[s][c][(x >> (8 * c)) & 0xff];
    return y;
}

#endif
