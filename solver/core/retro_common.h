/*
 * What retro.c's two engines and retro_compact.c's share: internal to the engine, not part
 * of its interface (retro.h).
 */
#ifndef GUTI_RETRO_COMMON_H
#define GUTI_RETRO_COMMON_H

#include <omp.h>

#include "retro.h"

/* The code stored for a position decided at a level: DTM + 1, or, for the counting-rule
 * pass, values.h's DTC code. */
static inline retro_code code_at(const struct retro_layer *L, int level, bool won)
{
    return L->dtc_limit ? dtc_code(level, won) : (retro_code)(level + 1);
}

/* The initial pass's look at position i: its in-layer successors counted, its exits folded
 * into *ex; for the counting rule an exit is a zeroing move, one half-move whatever
 * follows, as the clock starts again after it. */
static inline int first_look(const struct retro_layer *L, uint64_t i, uint64_t *succ,
                             struct move_fold *ex)
{
    *ex = (struct move_fold){0};
    int k = L->count ? L->count(L->ctx, i, ex) : L->expand(L->ctx, i, succ, ex);
    if (L->dtc_limit) {
        ex->win = ex->win ? 1 : 0;
        ex->loss = ex->loss ? 1 : 0;
    }
    return k;
}

/* A pass's progress (the initial pass's, verify's), every 2^20 positions (i counting from
 * 0), from thread 0. */
static inline void pass_progress(const struct retro_layer *L, const char *phase, uint64_t i,
                                 uint64_t *done, uint64_t total)
{
    if (!L->progress || (i & 0xfffff)) return;
    uint64_t now;
#pragma omp atomic capture
    now = *done += 0x100000;
    if (omp_get_thread_num() == 0) L->progress(L->progress_arg, phase, now, total);
}

/* The compact engine (retro_compact.c): retro_solve with L->compact. */
int retro_solve_compact(const struct retro_layer *L, retro_code *res, struct retro_stats *st);

#endif
