#include "solve.h"

#include <stdio.h>
#include <stdlib.h>

/* The game's list, allocated (NULL when memory runs out), its length into *n. */
static struct layer_entry *list_of(const struct game *g, int *n)
{
    const struct game_layers *gl = g->ops->layers;
    *n = gl->list(g, NULL, 0);
    struct layer_entry *e = calloc((size_t)*n + 1, sizeof *e);
    if (e) gl->list(g, e, *n);
    return e;
}

/* Which kinds of layers g has, in one walk of its list: has[LAYER_CYCLIC], has[LAYER_ACYCLIC].
 * 0, or -1 when memory runs out for the list. */
static int layer_kinds(const struct game *g, bool has[2])
{
    has[LAYER_CYCLIC] = has[LAYER_ACYCLIC] = false;
    if (!g->ops->layers) return 0;
    int n;
    struct layer_entry *e = list_of(g, &n);
    if (!e) return -1;
    for (int i = 0; i < n; i++) has[e[i].kind] = true;
    free(e);
    return 0;
}

int solve_has_kind(const struct game *g, enum layer_kind kind)
{
    bool has[2];
    return layer_kinds(g, has) ? -1 : has[kind];
}

const char *solve_kind_name(const struct game *g, enum layer_kind kind)
{
    const struct game_layers *gl = g->ops->layers;
    if (gl && gl->kind_names[kind]) return gl->kind_names[kind];
    return kind == LAYER_CYCLIC ? "cyclic" : "acyclic";
}

/* Whether layer k is one the options ask for by its men on the board. */
static bool within_pieces(const struct game *g, const struct solve_options *o,
                          const struct layer_key *k)
{
    return !o->pieces || g->ops->layers->men(g, k) <= o->pieces;
}

int solve_check_memory(const struct game *g, const struct solve_options *o, char *err,
                       size_t errlen)
{
    if (!o->memory) return 0;
    if (!g->ops->layers || !g->ops->layers->need)
        return solve_fail(err, errlen, "--memory: %s's solve takes no memory bound", g->ops->name);
    int n, worst = -1;
    uint64_t most = 0;
    struct layer_entry *e = list_of(g, &n);
    if (!e) return solve_fail(err, errlen, "out of memory");
    for (int i = 0; i < n; i++) {
        if (e[i].kind != LAYER_CYCLIC || !within_pieces(g, o, &e[i].k)) continue;
        struct layer_need need;
        g->ops->layers->need(g, &e[i].k, &need);
        if (worst < 0 || need.compact + need.exits > most)
            worst = i, most = need.compact + need.exits;
    }
    int rc = worst < 0 ? 0 : solve_check_bound(g, &e[worst].k, o->memory, err, errlen);
    free(e);
    return rc;
}

int solve_check_options(const struct game *g, const struct solve_options *o, char *err,
                        size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl) return solve_fail(err, errlen, "%s has no tables", g->ops->name);
    bool has[2];
    if (layer_kinds(g, has)) return solve_fail(err, errlen, "out of memory");
    bool cyclic = has[LAYER_CYCLIC], acyclic = has[LAYER_ACYCLIC];
    if ((o->cyclic_only || o->acyclic_only) && !(cyclic && acyclic))
        return solve_fail(err, errlen, "--phase: %s's layers are all of one kind (%s)",
                          g->ops->name, solve_kind_name(g, cyclic ? LAYER_CYCLIC : LAYER_ACYCLIC));
    if (o->acyclic_dtm && !acyclic)
        return solve_fail(err, errlen, "--dtm: every layer of %s has a DTM table already",
                          g->ops->name);
    if (o->acyclic_dtm && o->cyclic_only)
        return solve_fail(err, errlen,
                          "--dtm is for the %s phase (the %s phase always has DTM tables)",
                          solve_kind_name(g, LAYER_ACYCLIC), solve_kind_name(g, LAYER_CYCLIC));
    if (o->pieces && !gl->men)
        return solve_fail(err, errlen, "--pieces: %s is solved whole", g->ops->name);
    if (gl->pieces_most && !o->pieces)
        return solve_fail(err, errlen, "%s needs --pieces N (2..%d)", g->ops->name,
                          gl->pieces_most);
    if (gl->pieces_most && o->pieces > gl->pieces_most)
        return solve_fail(err, errlen, "--pieces %d: at most %d are solved here", o->pieces,
                          gl->pieces_most);
    if (o->memory && !gl->need)
        return solve_fail(err, errlen, "--memory: %s's solve takes no memory bound", g->ops->name);
    if (o->dtc_limit && solve_check_limit(o->dtc_limit, err, errlen)) return -1;
    return 0;
}

/* One pass over the layers of one kind the options ask for. */
static int solve_pass(const struct game *g, const struct solve_options *o, enum layer_kind kind,
                      int pass, const struct solve_hooks *h, char *err, size_t errlen)
{
    int n, k = 0;
    struct layer_entry *e = list_of(g, &n);
    struct layer_key *targets = calloc((size_t)n + 1, sizeof *targets);
    if (!e || !targets) {
        free(e);
        free(targets);
        return solve_fail(err, errlen, "out of memory");
    }
    for (int i = 0; i < n; i++)
        if (e[i].kind == kind && within_pieces(g, o, &e[i].k)) targets[k++] = e[i].k;
    bool cyclic = kind == LAYER_CYCLIC, dtc = pass == SOLVE_CYCLIC_DTC || pass == SOLVE_ACYCLIC_DTC;
    /* a cyclic pass solves what its layers lead to; an acyclic one reads what it leads to
     * back from the store (a placement needs the movement phase's tables) */
    struct solve_request q = {.targets = targets,
                              .ntargets = k,
                              .targets_only = !cyclic,
                              .dtc_limit = dtc ? o->dtc_limit : 0,
                              .acyclic_dtm = pass == SOLVE_ACYCLIC_DTM,
                              .trust_stored = !cyclic,
                              .memory = dtc ? 0 : o->memory,
                              .pass = pass};
    int rc = solve_layers(g, &q, h, err, errlen);
    free(e);
    free(targets);
    return rc;
}

int solve_game(const struct game *g, const struct solve_options *o, const struct solve_hooks *h,
               char *err, size_t errlen)
{
    if (solve_check_options(g, o, err, errlen) || solve_check_memory(g, o, err, errlen)) return -1;
    bool has[2];
    if (layer_kinds(g, has)) return solve_fail(err, errlen, "out of memory");
    bool cyclic = has[LAYER_CYCLIC] && !o->acyclic_only;
    bool acyclic = has[LAYER_ACYCLIC] && !o->cyclic_only;
    if (cyclic && solve_pass(g, o, LAYER_CYCLIC, SOLVE_CYCLIC, h, err, errlen)) return -1;
    if (acyclic && solve_pass(g, o, LAYER_ACYCLIC, SOLVE_ACYCLIC, h, err, errlen)) return -1;
    if (acyclic && o->acyclic_dtm &&
        solve_pass(g, o, LAYER_ACYCLIC, SOLVE_ACYCLIC_DTM, h, err, errlen))
        return -1;
    if (!o->dtc_limit) return 0;
    if (cyclic && solve_pass(g, o, LAYER_CYCLIC, SOLVE_CYCLIC_DTC, h, err, errlen)) return -1;
    if (acyclic && solve_pass(g, o, LAYER_ACYCLIC, SOLVE_ACYCLIC_DTC, h, err, errlen)) return -1;
    return 0;
}

bool solve_covers_start(const struct game *g, const struct solve_options *o)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl || o->cyclic_only || o->acyclic_only) return false;
    struct position start = g->ops->start(g);
    struct layer_key k = gl->layer_of(g, &start);
    return within_pieces(g, o, &k);
}

/* ---- The plan ------------------------------------------------------------------------- */

/* The codes of cyclic layer k that a solve keeps for the layers reading it: all of them, or
 * its entry part (game_layers.entry_part), at most: a byte each when they fit. */
static uint64_t kept_codes(const struct game *g, const struct layer_key *k,
                           const struct layer_need *need)
{
    uint64_t first = 0, count = need->positions;
    if (g->ops->layers->entry_part)
        g->ops->layers->entry_part(g, k, need->positions, &first, &count);
    return count * sizeof(retro_code);
}

int solve_plan(const struct game *g, int pieces, struct solve_plan_layer *out, int max, char *err,
               size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl || !gl->need || !gl->men)
        return solve_fail(err, errlen, "%s has no plan", g->ops->name);
    int n, count = 0, most = 0;
    struct layer_entry *e = list_of(g, &n);
    if (!e) return solve_fail(err, errlen, "out of memory");
    for (int i = 0; i < n; i++)
        if (gl->men(g, &e[i].k) > most) most = gl->men(g, &e[i].k);
    if (pieces < 0 || pieces > most) {
        free(e);
        return solve_fail(err, errlen, "--pieces %d out of range (up to %d)", pieces, most);
    }
    struct solve_options o = {.pieces = pieces};
    uint64_t kept = 0; /* the codes of the layers solved so far and kept */
    for (int i = 0; i < n; i++) {
        if (e[i].kind != LAYER_CYCLIC || !within_pieces(g, &o, &e[i].k)) continue;
        struct solve_plan_layer p = {.k = e[i].k, .kept_bytes = kept};
        gl->need(g, &e[i].k, &p.need);
        struct layer_key reads[SOLVE_PLAN_MAX_READS];
        p.nreads = gl->children(g, &e[i].k, reads, SOLVE_PLAN_MAX_READS);
        for (int j = 0; j < p.nreads && j < SOLVE_PLAN_MAX_READS; j++) p.reads[j] = reads[j];
        if (p.nreads > SOLVE_PLAN_MAX_READS) p.nreads = SOLVE_PLAN_MAX_READS;
        if (!pieces || gl->men(g, &e[i].k) < pieces) kept += kept_codes(g, &e[i].k, &p.need);
        if (count < max) out[count] = p;
        count++;
    }
    free(e);
    return count;
}
