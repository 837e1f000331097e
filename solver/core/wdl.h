/* Win/draw/loss values packed two bits a position, 32 to a word. The values are those of
 * a WDL table (tablebase/tb.h): 0 draw, 1 loss, 2 win, for the side to move. */
#ifndef GUTI_WDL_H
#define GUTI_WDL_H

#include <stdint.h>
#include <stdlib.h>

#include "retro.h"

enum { WDL_DRAW = 0, WDL_LOSS = 1, WDL_WIN = 2 };

/* The value of a retrograde code (retro.h: 0 draw, else distance + 1, odd distance a win). */
static inline int wdl_of_code(retro_code c)
{
    return c == RETRO_DRAW ? WDL_DRAW : code_win(c) ? WDL_WIN : WDL_LOSS;
}

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
