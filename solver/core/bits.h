/* Bitboards: one bit per point of a board (at most 64 points). */
#ifndef GUTI_BITS_H
#define GUTI_BITS_H

#include <stdint.h>

typedef uint64_t bits_t;

#define BIT(p) ((bits_t)1 << (p))

static inline int bits_count(bits_t b)
{
    return __builtin_popcountll(b);
}

/* Removes the lowest set bit of *b and returns its index; *b must not be 0. */
static inline int bits_pop(bits_t *b)
{
    int i = __builtin_ctzll(*b);
    *b &= *b - 1;
    return i;
}

/* The next larger set with as many members (Gosper's hack): colex order is the numeric
 * order of the masks, so this walks k-subsets in rank order. b must not be 0. */
static inline bits_t bits_next_combination(bits_t b)
{
    bits_t low = b & -b, ripple = b + low;
    return ripple | (((b ^ ripple) >> 2) / low);
}

#endif
