#include "reach.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitset.h"
#include "driver.h"

#define MAX_KIDS 64

/* What the walk does with a layer: nothing (before the restart), read its table back, or
 * make and save it. */
enum mode { SKIP, READ, MAKE };

/* The walk: the list up to the start's layer (numbered by their place in it), its runs,
 * what is stored, and the bits held. Run r of the list holds entries lo[r] .. lo[r + 1] - 1;
 * the walk takes them backwards, walk run w being list run nruns - 1 - w. */
struct walk {
    const struct game *g;
    const struct game_layers *gl;
    const struct reach_hooks *h;
    void *ix;
    int n;
    struct layer_entry *e;
    int *nkids, *kids; /* layer i's children: kids[i * MAX_KIDS + j], j < nkids[i] */
    int nruns, *lo;
    int acyclic_runs; /* walk runs before the first holding a cyclic layer */
    bool *stored;
    enum mode *mode;
    uint64_t *size;
    struct bitset *bits;
    uint64_t done, total; /* positions walked by this run, and to walk */
    char *err;
    size_t errlen;
    bool failed; /* err holds the first failure */
};

static int fail(struct walk *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct walk *w, const char *fmt, ...)
{
    if (!w->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->err, w->errlen, fmt, ap);
        va_end(ap);
    }
    w->failed = true;
    return -1;
}

bool reach_supported(const struct game *g)
{
    return g->ops->layers && g->ops->layers->reach;
}

static int find(const struct walk *w, const struct layer_key *k)
{
    for (int i = 0; i < w->n; i++)
        if (!memcmp(&w->e[i].k, k, sizeof *k)) return i;
    return -1;
}

static struct store_table table(const struct walk *w, int i)
{
    return solve_table(&w->e[i].k, TB_REACH, w->size ? w->size[i] : 0, 0);
}

/* List run of walk run wr, and its entries lo .. hi. */
static void run_range(const struct walk *w, int wr, int *lo, int *hi)
{
    int r = w->nruns - 1 - wr;
    *lo = w->lo[r];
    *hi = (r + 1 < w->nruns ? w->lo[r + 1] : w->n) - 1;
}

/* The step of walk run wr: two runs a step before the first cyclic one, one after. */
static int step_of(const struct walk *w, int wr)
{
    int a = w->acyclic_runs;
    return wr < a ? wr / 2 : (a + 1) / 2 + (wr - a);
}

/* The list up to the start's layer, each layer's children, and the runs. */
static int plan_layers(struct walk *w)
{
    int m = w->gl->list(w->g, NULL, 0);
    if (!(w->e = malloc((size_t)(m + 1) * sizeof *w->e))) return fail(w, "out of memory");
    w->gl->list(w->g, w->e, m);
    w->n = m;
    struct position start = w->g->ops->start(w->g);
    struct layer_key sk = w->gl->layer_of(w->g, &start);
    int s = find(w, &sk);
    if (s < 0) return fail(w, "the start's layer is not in the game's list");
    w->n = s + 1;
    w->nkids = calloc((size_t)w->n, sizeof *w->nkids);
    w->kids = calloc((size_t)w->n * MAX_KIDS, sizeof *w->kids);
    w->lo = calloc((size_t)w->n, sizeof *w->lo);
    if (!w->nkids || !w->kids || !w->lo) return fail(w, "out of memory");
    struct layer_key k[MAX_KIDS];
    int run_start = 0;
    for (int i = 0; i < w->n; i++) {
        int nk = w->gl->children(w->g, &w->e[i].k, k, MAX_KIDS);
        if (nk > MAX_KIDS) return fail(w, "a layer with too many children");
        bool cut = i == 0;
        for (int j = 0; j < nk; j++) {
            int c = find(w, &k[j]);
            if (c < 0 || c >= i) {
                char name[64];
                w->gl->name(w->g, &k[j], name, sizeof name);
                return fail(w, "layer %s is not listed before the layers leading to it", name);
            }
            w->kids[i * MAX_KIDS + j] = c;
            cut |= c >= run_start; /* a run holds no layer leading to another of it */
        }
        w->nkids[i] = nk;
        if (cut) w->lo[w->nruns++] = run_start = i;
    }
    w->acyclic_runs = w->nruns;
    for (int wr = 0, lo, hi; wr < w->nruns && w->acyclic_runs == w->nruns; wr++) {
        run_range(w, wr, &lo, &hi);
        for (int i = lo; i <= hi; i++)
            if (w->e[i].kind == LAYER_CYCLIC) w->acyclic_runs = wr;
    }
    return 0;
}

static bool run_stored(const struct walk *w, int wr)
{
    int lo, hi;
    run_range(w, wr, &lo, &hi);
    for (int i = lo; i <= hi; i++)
        if (!w->stored[i]) return false;
    return true;
}

/* What the walk does with each layer (the resume rule, reach.h); the first walk run, or -1
 * when every table is stored. */
static int plan_modes(struct walk *w)
{
    bool all = true;
    for (int i = 0; i < w->n; i++) {
        struct store_table t = table(w, i);
        all &= w->stored[i] = store_exists(&w->h->store, w->g, &t);
    }
    if (all) return -1;
    int a = w->acyclic_runs, nfirst = (a + 1) / 2, q = 0;
    while (q < nfirst && run_stored(w, 2 * q) && (2 * q + 1 >= a || run_stored(w, 2 * q + 1))) q++;
    bool trusted = q == nfirst;
    int p0 = trusted ? nfirst - 1 : q > 0 && run_stored(w, 2 * q) ? q : q > 0 ? q - 1 : 0;
    int first = p0 > 0 ? 2 * p0 : 0;
    for (int wr = 0, lo, hi; wr < w->nruns; wr++) {
        run_range(w, wr, &lo, &hi);
        for (int i = lo; i <= hi; i++)
            w->mode[i] = wr < first                           ? SKIP
                         : wr == first && p0 > 0              ? READ
                         : wr >= a && trusted && w->stored[i] ? READ
                                                              : MAKE;
    }
    return first;
}

static void report(struct walk *w, int i, bool resumed)
{
    if (!w->h->layer) return;
    struct reach_layer r = {w->e[i].k, bitset_count(&w->bits[i]), w->bits[i].n, resumed};
    w->h->layer(w->h->arg, &r);
}

static int fill_bits(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct bitset *b = ctx;
    for (size_t j = 0; j < n; j++) out[j] = (uint16_t)bitset_get(b, first + j);
    return 0;
}

/* Saves layer i's table; a failure is kept and the walk goes on to the end of the step. */
static void save(struct walk *w, int i)
{
    char err[1200];
    struct store_table t = table(w, i);
    struct tb_source src = {.fill = fill_bits, .ctx = &w->bits[i], .max_code = 1};
    if (store_save(&w->h->store, w->g, &t, &src, NULL, err, sizeof err)) {
        fail(w, "%s", err);
        return;
    }
    report(w, i, false);
    w->done += w->bits[i].n;
    if (w->h->task_progress) w->h->task_progress(w->h->arg, "layers", w->done, w->total);
}

/* Reads layer i's table back into its bits (with those set already). */
static int read_back(struct walk *w, int i)
{
    char err[400], name[1024];
    struct store_table t = table(w, i);
    struct bitset *b = &w->bits[i];
    uint16_t *v = malloc(b->n * sizeof *v + 1);
    if (!v)
        snprintf(err, sizeof err, "out of memory");
    else if (!store_load(&w->h->store, w->g, &t, STORE_READ, v, NULL, err, sizeof err)) {
        for (uint64_t j = 0; j < b->n; j++)
            if (v[j]) bitset_set(b, j);
        free(v);
        report(w, i, true);
        return 0;
    }
    free(v);
    store_name(&w->h->store, w->g, &t, name, sizeof name);
    return fail(w, "cannot resume from %s: %s", name, err);
}

static int hold(struct walk *w, int i)
{
    if (!w->bits[i].w && bitset_alloc(&w->bits[i], w->size[i])) return fail(w, "out of memory");
    return 0;
}

/* A closure's progress: the positions expanded count towards its layer's table (at most
 * its positions), which save then counts whole. A run holds one cyclic layer at most (its
 * others are acyclic, walked in one pass), so done does not go back. */
static void closing(void *arg, uint64_t expanded)
{
    const struct walk *w = arg;
    if (w->h->task_progress) w->h->task_progress(w->h->arg, "layers", w->done + expanded, w->total);
}

/* A layer read back (not in the total) is walked again to mark its children: its own
 * progress, of its positions, so that a resumed walk is not silent for an hour. */
struct reread {
    const struct walk *w;
    uint64_t size;
};

static void closing_read_back(void *arg, uint64_t expanded)
{
    const struct reread *r = arg;
    if (r->w->h->task_progress)
        r->w->h->task_progress(r->w->h->arg, "a layer read back", expanded, r->size);
}

/* Layer i's step: closed when cyclic, its children's positions marked (the game's hook). */
static int step(struct walk *w, int i)
{
    struct bitset kb[MAX_KIDS];
    for (int j = 0; j < w->nkids[i]; j++) {
        int c = w->kids[i * MAX_KIDS + j];
        if (hold(w, c)) return -1;
        kb[j] = w->bits[c]; /* the same words: the marks land in the held bits */
    }
    char err[400];
    struct reread reread = {w, w->bits[i].n};
    struct bitset_progress progress = {.fn = closing, .arg = w};
    if (w->mode[i] != MAKE) progress = (struct bitset_progress){closing_read_back, &reread};
    if (w->gl->reach(w->g, w->ix, &w->e[i].k, &w->bits[i], kb, w->nkids[i], &progress, err,
                     sizeof err))
        return fail(w, "%s", err);
    return 0;
}

/* A run: its tables read back, its layers' steps taken backwards as the walk goes, its
 * tables saved in the list's order, its bits let go. -1 on a failure that stops the walk
 * at once (a save's is kept for the end of the step). */
static int walk_run(struct walk *w, int wr)
{
    int lo, hi;
    run_range(w, wr, &lo, &hi);
    for (int i = lo; i <= hi; i++)
        if (hold(w, i) || (w->mode[i] == READ && read_back(w, i))) return -1;
    for (int i = hi; i >= lo; i--)
        if (step(w, i)) return -1;
    for (int i = lo; i <= hi; i++)
        if (w->mode[i] == MAKE) save(w, i);
    for (int i = lo; i <= hi; i++) bitset_free(&w->bits[i]);
    return 0;
}

/* The sizes of the layers walked, the positions to make, and the start's bit. */
static int prepare(struct walk *w, int first)
{
    char err[400];
    for (int i = 0; i < w->n; i++) {
        if (w->mode[i] == SKIP) continue;
        if (w->gl->size(w->g, w->ix, &w->e[i].k, &w->size[i], err, sizeof err))
            return fail(w, "%s", err);
        if (w->mode[i] == MAKE) w->total += w->size[i];
    }
    if (first > 0) return 0;
    int s = w->n - 1;
    struct position start = w->g->ops->start(w->g);
    uint64_t r, size;
    if (hold(w, s)) return -1;
    if (w->gl->rank(w->g, w->ix, &w->e[s].k, &start, true, &r, &size, err, sizeof err))
        return fail(w, "%s", err);
    bitset_set(&w->bits[s], r);
    return 0;
}

static void walk_free(struct walk *w)
{
    for (int i = 0; w->bits && i < w->n; i++) bitset_free(&w->bits[i]);
    if (w->ix) w->gl->index_free(w->ix);
    free(w->e);
    free(w->nkids);
    free(w->kids);
    free(w->lo);
    free(w->stored);
    free(w->mode);
    free(w->size);
    free(w->bits);
}

int reach_all(const struct game *g, const struct reach_hooks *h, struct reach_result *res,
              char *err, size_t errlen)
{
    struct walk w = {.g = g, .gl = g->ops->layers, .h = h, .err = err, .errlen = errlen};
    memset(res, 0, sizeof *res);
    if (!reach_supported(g)) return snprintf(err, errlen, "the game has no reachability"), -1;
    if (plan_layers(&w)) return walk_free(&w), -1;
    w.stored = calloc((size_t)w.n, sizeof *w.stored);
    w.mode = calloc((size_t)w.n, sizeof *w.mode);
    if (!w.stored || !w.mode) return fail(&w, "out of memory"), walk_free(&w), -1;
    int first = plan_modes(&w);
    if (first < 0) {
        res->all_stored = true;
        return walk_free(&w), 0;
    }
    w.size = calloc((size_t)w.n, sizeof *w.size);
    w.bits = calloc((size_t)w.n, sizeof *w.bits);
    if (!w.size || !w.bits || !(w.ix = w.gl->index_new(g, 0)))
        return fail(&w, "out of memory"), walk_free(&w), -1;
    if (h->task_begin) h->task_begin(h->arg, "reach");
    int rc = prepare(&w, first);
    for (int wr = first; wr < w.nruns && !rc; wr++) {
        rc = walk_run(&w, wr);
        /* a table not saved: the step is ended first */
        if (w.failed && (wr + 1 == w.nruns || step_of(&w, wr + 1) != step_of(&w, wr))) rc = -1;
    }
    if (h->task_end) h->task_end(h->arg);
    res->classes_walked = w.done;
    walk_free(&w);
    return rc || w.failed ? -1 : 0;
}
