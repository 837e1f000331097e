#include "ss_solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "retro.h"
#include "ss_layers.h"

/* What solving plan material p takes at the least: by the compact engine, its codes and
 * index, and the codes its captures read. */
static uint64_t compact_need(const struct ss_plan_material *p)
{
    return p->compact_bytes + p->exit_bytes;
}

/* The error of a bound too small for plan material w even by the compact engine. */
static int too_little(const struct ss_plan_material *w, uint64_t bytes, char *err, size_t errlen)
{
    snprintf(err, errlen,
             "a memory bound of %.2f GB is too little: material %d+%d needs %.2f GB at the "
             "least (%.2f to solve it by the compact engine, %.2f for the materials its "
             "captures read)",
             bytes / 1e9, w->m, w->n, compact_need(w) / 1e9, w->compact_bytes / 1e9,
             w->exit_bytes / 1e9);
    return -1;
}

int ss_memory_check(const struct game *g, int pieces, uint64_t bytes, char *err, size_t errlen)
{
    struct ss_plan_material p[SS_MAX_PIECES * SS_MAX_PIECES];
    int count = ss_plan(g, pieces, p, SS_MAX_PIECES * SS_MAX_PIECES);
    if (count < 0) return snprintf(err, errlen, "%d pieces: out of range", pieces), -1;
    int worst = 0;
    for (int k = 1; k < count; k++)
        if (compact_need(&p[k]) > compact_need(&p[worst])) worst = k;
    if (!count || compact_need(&p[worst]) <= bytes) return 0;
    return too_little(&p[worst], bytes, err, errlen);
}

int ss_solve(const struct game *g, int pieces, const struct solve_hooks *h, char *err,
             size_t errlen)
{
    return ss_solve_within(g, pieces, 0, h, err, errlen);
}

/* The materials of up to `pieces` pieces, as layers (SS_MAX_PIECES * SS_MAX_PIECES at most):
 * their number. */
static int materials_up_to(int pieces, struct layer_key *out)
{
    int order[SS_MAX_PIECES * SS_MAX_PIECES][2];
    int count = ss_material_order(pieces, order, SS_MAX_PIECES * SS_MAX_PIECES);
    for (int k = 0; k < count; k++) out[k] = (struct layer_key){{order[k][0], order[k][1], 0, 0}};
    return count;
}

int ss_solve_within(const struct game *g, int pieces, uint64_t memory, const struct solve_hooks *h,
                    char *err, size_t errlen)
{
    if (memory && ss_memory_check(g, pieces, memory, err, errlen)) return -1;
    struct layer_key k[SS_MAX_PIECES * SS_MAX_PIECES];
    struct solve_request q = {
        .targets = k, .ntargets = materials_up_to(pieces, k), .memory = memory};
    return solve_layers(g, &q, h, err, errlen);
}

/* ---- The counting rule --------------------------------------------------------------- */

int ss_solve_dtc(const struct game *g, int pieces, int limit, const struct solve_hooks *h,
                 char *err, size_t errlen)
{
    if (solve_check_limit(limit, err, errlen)) return -1;
    struct layer_key k[SS_MAX_PIECES * SS_MAX_PIECES];
    struct solve_request q = {
        .targets = k, .ntargets = materials_up_to(pieces, k), .dtc_limit = limit};
    return solve_layers(g, &q, h, err, errlen);
}

/* ---- The plan ------------------------------------------------------------------------- */

int ss_plan(const struct game *g, int pieces, struct ss_plan_material *out, int max)
{
    if (pieces < 2 || pieces > 2 * SS_MAX_PIECES) return -1;
    int order[SS_MAX_PIECES * SS_MAX_PIECES][2];
    int count = ss_material_order(pieces, order, SS_MAX_PIECES * SS_MAX_PIECES);
    uint64_t before = 0; /* the codes of the materials solved so far and kept */
    for (int k = 0; k < count; k++) {
        int m = order[k][0], n = order[k][1];
        struct ss_plan_material p = {.m = m, .n = n};
        p.classes[0] = pair_class_count(g->board, m, n);
        p.classes[1] = m != n ? pair_class_count(g->board, n, m) : 0;
        p.positions = p.classes[0] + p.classes[1];
        /* the bytes as the driver reckons them under a memory bound (the game's need) */
        struct layer_key key = {{m, n, 0, 0}};
        struct layer_need need;
        g->ops->layers->need(g, &key, &need);
        p.solve_bytes = need.solve;
        p.bucket_bytes = need.buckets;
        p.compact_bytes = need.compact;
        p.exit_bytes = need.exits;
        for (int d = k - 1; d >= 0; d--) {
            int a = order[d][0], b = order[d][1];
            if (!ss_material_reads(m, n, a, b)) continue;
            p.deps[p.ndeps][0] = a;
            p.deps[p.ndeps++][1] = b;
        }
        p.kept_bytes = before;
        if (m + n < pieces) before += p.positions * sizeof(retro_code);
        if (k < max) out[k] = p;
    }
    return count;
}
