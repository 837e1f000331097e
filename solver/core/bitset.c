#include "bitset.h"

#include <stdlib.h>

int bitset_alloc(struct bitset *b, uint64_t n)
{
    b->n = n;
    b->w = calloc(n / 64 + 1, sizeof *b->w);
    return b->w ? 0 : -1;
}

void bitset_free(struct bitset *b)
{
    free(b->w);
    b->w = NULL;
    b->n = 0;
}

uint64_t bitset_count(const struct bitset *b)
{
    uint64_t k = 0;
#pragma omp parallel for reduction(+ : k) schedule(static)
    for (uint64_t j = 0; j < b->n / 64 + 1; j++) k += (uint64_t)__builtin_popcountll(b->w[j]);
    return k;
}
