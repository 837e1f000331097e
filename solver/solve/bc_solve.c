#include "bc_solve.h"

#include <stdlib.h>

#include "bc_place.h"

/* ---- The movement phase ------------------------------------------------------------ */

/* The movement phase: every layer the one without captures needs (solve_layers). */
static int solve_movement(const struct game *g, int pass, int limit, const struct solve_hooks *h,
                          char *err, size_t errlen)
{
    struct layer_key start = {{0, 0, 0, 0}};
    struct solve_request q = {.targets = &start, .ntargets = 1, .dtc_limit = limit, .pass = pass};
    return solve_layers(g, &q, h, err, errlen);
}

int bc_solve_movement(const struct game *g, const struct solve_hooks *h, char *err, size_t errlen)
{
    return solve_movement(g, BC_SOLVE_MOVEMENT, 0, h, err, errlen);
}

int bc_solve_movement_dtc(const struct game *g, int limit, const struct solve_hooks *h, char *err,
                          size_t errlen)
{
    if (solve_check_limit(limit, err, errlen)) return -1;
    return solve_movement(g, BC_SOLVE_MOVEMENT_DTC, limit, h, err, errlen);
}

/* ---- The placement phase ----------------------------------------------------------- */

/* The placement phase's passes: values (BC_SOLVE_PLACEMENT), DTM, or the counting rule's
 * classes with limit: every acyclic layer of the game's list, reading the movement phase's
 * tables, which must be stored. */
static int solve_placement(const struct game *g, int pass, int limit, const struct solve_hooks *h,
                           char *err, size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->list(g, NULL, 0), k = 0;
    struct layer_entry *e = calloc((size_t)n + 1, sizeof *e);
    struct layer_key *targets = calloc((size_t)n + 1, sizeof *targets);
    if (!e || !targets) {
        free(e);
        free(targets);
        return solve_fail(err, errlen, "out of memory");
    }
    gl->list(g, e, n);
    for (int i = 0; i < n; i++)
        if (e[i].kind == LAYER_ACYCLIC) targets[k++] = e[i].k;
    struct solve_request q = {.targets = targets,
                              .ntargets = k,
                              .targets_only = true,
                              .dtc_limit = limit,
                              .acyclic_dtm = pass == BC_SOLVE_PLACEMENT_DTM,
                              .trust_stored = true,
                              .pass = pass};
    int rc = solve_layers(g, &q, h, err, errlen);
    free(e);
    free(targets);
    return rc;
}

int bc_solve_placement(const struct game *g, bool dtm, const struct solve_hooks *h, char *err,
                       size_t errlen)
{
    return solve_placement(g, dtm ? BC_SOLVE_PLACEMENT_DTM : BC_SOLVE_PLACEMENT, 0, h, err, errlen);
}

int bc_solve_placement_dtc(const struct game *g, int limit, const struct solve_hooks *h, char *err,
                           size_t errlen)
{
    if (solve_check_limit(limit, err, errlen)) return -1;
    return solve_placement(g, BC_SOLVE_PLACEMENT_DTC, limit, h, err, errlen);
}

int bc_solve(const struct game *g, unsigned passes, const struct solve_hooks *h, char *err,
             size_t errlen)
{
    if ((passes & BC_SOLVE_MOVEMENT) && bc_solve_movement(g, h, err, errlen)) return -1;
    if ((passes & BC_SOLVE_PLACEMENT) && bc_solve_placement(g, false, h, err, errlen)) return -1;
    if ((passes & BC_SOLVE_PLACEMENT_DTM) && bc_solve_placement(g, true, h, err, errlen)) return -1;
    return 0;
}

int bc_goats_dtm(const struct game *g, int inhand, int captured, const struct pair_index *ix,
                 const struct pair_index *below_ix, const uint8_t *below, uint16_t *codes,
                 char *err, size_t errlen)
{
    uint64_t n = ix->size;
    struct bc_place_layer L = {.placed = g->side_men[0] - inhand, .captured = captured, .ix = ix};
    /* the layer below as the DTM pass holds it: the movement phase's tigers at placed 20 */
    struct bc_place_layer next = {
        .placed = g->side_men[0] - inhand + 1, .captured = captured, .side = 1, .ix = below_ix};
    next.dtm = (uint8_t *)below; /* only read */
    if (wdl_alloc(&L.val, n) || !(L.dtm = malloc(n + 1))) {
        wdl_free(&L.val);
        return solve_fail(err, errlen, "out of memory for layer h%d-c%d-g", inhand, captured);
    }
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) wdl_set(&L.val, i, wdl_of_code(codes[i]));
    uint64_t wrong = bc_place_solve_dtm(g, &L, &next, NULL, NULL, NULL);
    if (!wrong)
        for (uint64_t i = 0; i < n; i++) codes[i] = L.dtm[i];
    wdl_free(&L.val);
    free(L.dtm);
    if (wrong)
        return solve_fail(
            err, errlen,
            "layer h%d-c%d-g: the moves of %llu positions disagree with its WDL table; "
            "run guti verify",
            inhand, captured, (unsigned long long)wrong);
    return 0;
}
