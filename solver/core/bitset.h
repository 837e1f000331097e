/* A bit per position: the positions some game reaches (REACH tables), as the walk forwards
 * from the start (solver/solve/reach.h) and the games' steps of it mark them. */
#ifndef GUTI_BITSET_H
#define GUTI_BITSET_H

#include <stdint.h>

struct bitset {
    uint64_t n;
    uint64_t *w;
};

/* n bits, all clear: 0, or -1 when memory runs out. */
int bitset_alloc(struct bitset *b, uint64_t n);
void bitset_free(struct bitset *b);
static inline int bitset_get(const struct bitset *b, uint64_t i)
{
    return (int)(b->w[i >> 6] >> (i & 63)) & 1;
}
/* Atomic: any thread may set any bit. Returns whether the bit was clear. */
static inline int bitset_set(struct bitset *b, uint64_t i)
{
    uint64_t bit = (uint64_t)1 << (i & 63);
    return !(__atomic_fetch_or(&b->w[i >> 6], bit, __ATOMIC_RELAXED) & bit);
}
/* The bits set (OpenMP threads). */
uint64_t bitset_count(const struct bitset *b);

#endif
