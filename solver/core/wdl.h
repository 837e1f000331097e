/* Win/draw/loss values packed two bits a position, 32 to a word: WDL values (values.h). */
#ifndef GUTI_WDL_H
#define GUTI_WDL_H

#include <stdint.h>
#include <stdlib.h>

#include "values.h"

struct wdl {
    uint64_t n;
    uint64_t *w;
};

static inline int wdl_alloc(struct wdl *a, uint64_t n)
{
    a->n = n;
    a->w = calloc(n / 32 + 1, sizeof *a->w);
    return a->w ? 0 : -1;
}

static inline void wdl_free(struct wdl *a)
{
    free(a->w);
    a->w = NULL;
    a->n = 0;
}

static inline int wdl_get(const struct wdl *a, uint64_t i)
{
    return (int)(a->w[i >> 5] >> ((i & 31) * 2)) & 3;
}

/* Not atomic: threads must write whole words apart (ranges aligned to 32 positions). */
static inline void wdl_set(struct wdl *a, uint64_t i, int v)
{
    uint64_t *w = &a->w[i >> 5];
    int shift = (int)(i & 31) * 2;
    *w = (*w & ~((uint64_t)3 << shift)) | (uint64_t)v << shift;
}

#endif
