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
/* Atomic: any thread may set any bit. Returns whether the bit was clear. A bit already set
 * is seen by a plain read: most of a walk's marks find their bit set, and reads of missing
 * cache lines overlap where atomic writes wait for each other. */
static inline int bitset_set(struct bitset *b, uint64_t i)
{
    uint64_t bit = (uint64_t)1 << (i & 63);
    if (__atomic_load_n(&b->w[i >> 6], __ATOMIC_RELAXED) & bit) return 0;
    return !(__atomic_fetch_or(&b->w[i >> 6], bit, __ATOMIC_RELAXED) & bit);
}
/* The bits set (OpenMP threads). */
uint64_t bitset_count(const struct bitset *b);

/* Closing a set of positions under a game's moves within a layer (a walk's cyclic layer,
 * reach.h), by rounds of a breadth-first search: the first round expands every position of
 * r, each later one the positions the round before added to r, until a round adds none.
 * Each position is expanded once. */
struct bitset_closure {
    struct bitset *r;     /* the positions reached */
    struct bitset *fresh; /* those this round added, to be expanded in the next */
};

/* Marks position j reached, from an expansion on any thread; whether it is new. */
static inline int bitset_closure_mark(const struct bitset_closure *c, uint64_t j)
{
    if (!bitset_set(c->r, j)) return 0;
    bitset_set(c->fresh, j);
    return 1;
}

/* Position i's moves, each marked by bitset_closure_mark (positions of other layers too,
 * as the caller likes); whether any was new. scratch: BITSET_SCRATCH bytes of this
 * thread's, zeroed at the start of each round and kept from one call to the next within
 * it (a cursor in the index, say); allocated memory, so any type may live there. */
typedef int (*bitset_expand)(void *ctx, void *scratch, const struct bitset_closure *c, uint64_t i);

/* Progress: done positions expanded so far (of r->n at most: each position once), called
 * by the calling thread (thread 0 of the closure's parallel region) while the others go on
 * expanding. */
struct bitset_progress {
    void (*fn)(void *arg, uint64_t done);
    void *arg;
};

enum { BITSET_SCRATCH = 256 }; /* the bytes of scratch a thread has */

/* Closes r under expand (OpenMP threads; positions come in order within a thread's share).
 * progress may be NULL. 0, or -1 when memory runs out (r then holds what was reached). */
int bitset_close(struct bitset *r, bitset_expand expand, void *ctx,
                 const struct bitset_progress *progress);

#endif
