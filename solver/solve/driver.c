#include "driver.h"

#include <dirent.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigmem.h"
#include "checkpoint.h"
#include "wdl.h"

int solve_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

void solve_notice(const struct solve_hooks *h, const char *fmt, ...)
{
    if (!h->notice) return;
    /* room for a checkpoint's path (4096 bytes) and the words around it */
    char msg[4600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    h->notice(h->arg, msg);
}

void solve_task_begin(const struct solve_hooks *h, const char *label)
{
    if (h->task_begin) h->task_begin(h->arg, label);
}

void solve_task_end(const struct solve_hooks *h)
{
    if (h->task_end) h->task_end(h->arg);
}

double solve_checkpoint_every(const struct solve_hooks *h)
{
    double every = h->checkpoint_seconds;
    return every > 0 ? every : every < 0 ? 0 : 1800;
}

int solve_check_limit(int limit, char *err, size_t errlen)
{
    if (limit >= 1 && limit <= RETRO_MAX_DTC) return 0;
    return solve_fail(err, errlen, "counting rule: limit %d, expected 1..%d", limit, RETRO_MAX_DTC);
}

int solve_verify_layer(const struct game *g, const struct solve_hooks *h,
                       const struct store_table *t, uint64_t *dtm_bytes, uint64_t *wdl_bytes)
{
    char err[400];
    struct store_table k = *t;
    for (int i = 0; i < 2; i++) {
        k.kind = i == 0 ? TB_DTM : TB_WDL;
        int rc = store_load(&h->store, g, &k, STORE_VERIFY, NULL, i == 0 ? dtm_bytes : wdl_bytes,
                            err, sizeof err);
        if (rc) {
            if (rc != STORE_ABSENT) solve_notice(h, "%s; solving it again", err);
            return -1;
        }
    }
    return 0;
}

int solve_save_layer(const struct game *g, const struct solve_hooks *h, const struct store_table *t,
                     const struct tb_source *src, uint64_t *wdl_bytes, uint64_t *dtm_bytes,
                     char *err, size_t errlen)
{
    struct store_table k = *t;
    k.kind = TB_WDL;
    if (store_save(&h->store, g, &k, src, wdl_bytes, err, errlen)) return -1;
    k.kind = TB_DTM;
    return store_save(&h->store, g, &k, src, dtm_bytes, err, errlen) ? -1 : 0;
}

void solve_report_classes(const struct class_tally *t, struct solve_layer *r)
{
    r->win = t->n[0];
    r->cursed_win = t->n[1];
    r->draw = t->n[2];
    r->blessed_loss = t->n[3];
    r->loss = t->n[4];
    r->max_dtc_win = t->max_win;
    r->max_dtc_loss = t->max_loss;
}

void solve_count_classes(const uint16_t *cls, uint64_t n, struct solve_layer *r)
{
    struct class_tally t = class_tally(cls, n);
    solve_report_classes(&t, r);
}

void solve_class_codes(const uint16_t *cls, uint64_t n, retro_code *codes)
{
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        retro_code d = dtc_of_class(cls[i]);
        codes[i] = !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1;
    }
}

/* codes[first + j] into byte j of the same array, j < count, HELD_BIG for a code that
 * does not fit below it. Byte j lies in code j / 2, at or before code first + j: read
 * already when j goes up. So the bytes go in waves, each twice the last, every byte of a
 * wave written below the codes the wave reads (at 2 * (first + lo) bytes and up): in
 * parallel within a wave, but for the first, which may overlap its own reads. */
static inline uint8_t narrow(retro_code c)
{
    return c < HELD_BIG ? (uint8_t)c : HELD_BIG;
}

static void narrow_in_place(retro_code *codes, uint64_t first, uint64_t count)
{
    uint8_t *bytes = (uint8_t *)codes;
    uint64_t hi = count < 65536 ? count : 65536;
    for (uint64_t j = 0; j < hi; j++) bytes[j] = narrow(codes[first + j]);
    for (uint64_t lo = hi; lo < count; lo = hi) {
        hi = 2 * lo < count ? 2 * lo : count;
#pragma omp parallel for schedule(static, 65536)
        for (uint64_t j = lo; j < hi; j++) bytes[j] = narrow(codes[first + j]);
    }
}

/* How many of codes[0 .. n - 1] are HELD_BIG or more (*at_or_past) and how many pass it:
 * one pass. */
static void count_big(const retro_code *codes, uint64_t n, uint64_t *at_or_past, uint64_t *past)
{
    uint64_t at = 0, above = 0;
#pragma omp parallel for reduction(+ : at, above) schedule(static, 65536)
    for (uint64_t j = 0; j < n; j++) {
        at += codes[j] >= HELD_BIG;
        above += codes[j] > HELD_BIG;
    }
    *at_or_past = at;
    *past = above;
}

/* The list of struct held_layer's big for codes[0 .. n - 1]: nbig entries (count_big), NULL
 * when memory runs out. One pass in order, a second or two for the largest layers. */
static uint64_t *list_big(const retro_code *codes, uint64_t n, uint64_t nbig)
{
    uint64_t *big = malloc((nbig ? nbig : 1) * sizeof *big), m = 0;
    if (!big) return NULL;
    for (uint64_t j = 0; j < n; j++)
        if (codes[j] >= HELD_BIG) big[m++] = j << 16 | codes[j];
    return big;
}

struct held_layer solve_hold_codes(const struct game *g, const struct layer_key *k, uint64_t n,
                                   retro_code *codes)
{
    struct held_layer h = {.k = *k, .codes = codes, .count = n};
    const struct game_layers *gl = g->ops->layers;
    if (!gl->entry_part) return h;
    uint64_t first = 0, count = n;
    gl->entry_part(g, k, n, &first, &count);
    if (first > n) first = n;
    if (count > n - first) count = n - first;
    h.first = first;
    h.count = count;
    void *part;
    uint64_t nbig, past;
    count_big(codes + first, count, &nbig, &past);
    if (!past) nbig = 0; /* HELD_BIG in bytes is then that code */
    /* a byte a position and 8 for each code past one, when that is less than 2 a position */
    uint64_t *big = nbig && nbig < count / 8 ? list_big(codes + first, count, nbig) : NULL;
    if (!nbig || big) {
        narrow_in_place(codes, first, count);
        part = realloc(codes, count ? count : 1);
        h.codes = NULL;
        h.bytes = part ? part : (void *)codes;
        h.big = big;
        h.nbig = big ? nbig : 0;
    } else {
        memmove(codes, codes + first, count * sizeof *codes);
        part = realloc(codes, (count ? count : 1) * sizeof *codes);
        h.codes = part ? part : codes;
    }
    return h;
}

void solve_held_free(struct held_layer *h)
{
    free((void *)h->codes);
    free((void *)h->bytes);
    free((void *)h->big);
    h->codes = NULL;
    h->bytes = NULL;
    h->big = NULL;
    h->nbig = 0;
}

int solve_make_classes(const struct game *g, const struct solve_hooks *h,
                       const struct solve_classes_job *j, uint16_t *cls, char *err, size_t errlen)
{
    uint64_t n = j->dtm->npositions;
    retro_code *dtm = malloc((n ? n : 1) * sizeof *dtm), *dtc = malloc((n ? n : 1) * sizeof *dtc);
    char why[400];
    int rc = 0;
    if (!dtm || !dtc) {
        rc = solve_fail(err, errlen, "out of memory for %s", j->what);
    } else if (store_load(&h->store, g, j->dtm, STORE_READ, dtm, NULL, why, sizeof why)) {
        rc = solve_fail(err, errlen, "%s; %s", why, j->missing_hint);
    } else {
        struct retro_layer R = j->layer;
        R.dtc_limit = j->limit;
        R.progress = h->task_progress;
        R.progress_arg = h->arg;
        solve_task_begin(h, j->label);
        struct retro_stats st;
        if (retro_solve(&R, dtc, &st))
            rc = solve_fail(err, errlen, "out of memory solving %s", j->what);
        solve_task_end(h);
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < n; i++) cls[i] = class_code(dtm[i], dtc[i]);
    }
    free(dtm);
    free(dtc);
    return rc;
}

int solve_dtc_table(const struct game *g, const struct solve_hooks *h, const struct store_table *t,
                    uint16_t *cls, struct solve_layer *r,
                    int (*make)(void *arg, uint16_t *cls, char *err, size_t errlen), void *arg,
                    char *err, size_t errlen)
{
    char why[400];
    int got = store_load(&h->store, g, t, STORE_VERIFY, NULL, &r->dtc_bytes, why, sizeof why);
    if (got == STORE_OK) got = store_load(&h->store, g, t, STORE_READ, cls, NULL, why, sizeof why);
    if (got == STORE_OK) {
        r->resumed = true;
        return 0;
    }
    if (got != STORE_ABSENT) solve_notice(h, "%s; making it again", why);
    if (make(arg, cls, err, errlen)) return -1;
    struct tb_source src = {.codes = cls, .max_code = -1};
    return store_save(&h->store, g, t, &src, &r->dtc_bytes, err, errlen) ? -1 : 0;
}

/* ---- The one driver ------------------------------------------------------------------- */

struct store_table solve_table(const struct layer_key *k, enum tb_kind kind, uint64_t n, int limit)
{
    return (struct store_table){kind, *k, n, limit};
}

bool solve_store_path(const struct solve_hooks *h, const struct game *g,
                      const struct store_table *t, const char *tail, char *buf, size_t len)
{
    if (!h->store.dir || h->store.save) return false;
    char name[4096];
    store_name(&h->store, g, t, name, sizeof name);
    return snprintf(buf, len, "%s%s", name, tail) < (int)len;
}

void solve_remove_leftovers(const struct solve_hooks *h, const struct game *g,
                            const struct store_table *t, const char *tail)
{
    char path[4096], victim[4400];
    if (!solve_store_path(h, g, t, "", path, sizeof path)) return;
    char *slash = strrchr(path, '/');
    if (!slash) return;
    *slash = 0;
    char stem[4200];
    size_t len = (size_t)snprintf(stem, sizeof stem, "%s%s", slash + 1, tail);
    DIR *d = opendir(path);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strncmp(e->d_name, stem, len) == 0 &&
            snprintf(victim, sizeof victim, "%s/%s", path, e->d_name) < (int)sizeof victim)
            unlink(victim);
    closedir(d);
}

/* What the walk holds of a solved layer for the layers that read it: a cyclic layer's
 * codes (the DTM pass: retro codes; the counting rule's: class codes as solve_class_codes
 * makes them), whole or in part as solve_hold_codes leaves them; an acyclic layer's values
 * (val) in the values pass, its DTM codes (dtm) in the DTM pass, and who wins under the
 * counting rule (val) in the counting rule's. */
struct held {
    bool have;
    struct held_layer codes; /* a cyclic layer's: codes, or first, bytes and big */
    uint64_t held_bytes;     /* what those take; 0 for a layer not read again */
    struct wdl val;
    uint8_t *dtm;
};

/* The passes of a walk over acyclic layers (cyclic ones have two: DTM and the counting
 * rule's). */
static enum fold_pass fold_pass_of(const struct solve_request *q)
{
    return q->dtc_limit ? FOLD_DTC : q->acyclic_dtm ? FOLD_DTM : FOLD_VALUES;
}

/* A walk over the game's layers: the plan (which layers, who reads whom), what is held,
 * and the pass's figures. Layers are numbered by their place in the game's list. */
struct walk {
    const struct game *g;
    const struct game_layers *gl;
    const struct solve_request *q;
    const struct solve_hooks *h;
    enum fold_pass fold;   /* the pass, for acyclic layers */
    void *ix;              /* the game's index set */
    int n;                 /* layers in the game's list */
    struct layer_entry *e; /* the list */
    bool *wanted;          /* solved (or read back) by this walk */
    int *last;             /* the last wanted layer that reads it; -1 none */
    bool *eager;           /* FOLD_DTM, a layer whose DTM is not stored (dtm_by_fold): made
                              in its place, not only when a reader asks for it */
    uint64_t *size;        /* positions, once known */
    struct held *held;
    struct solve_pass pass;
    char *err;
    size_t errlen;
};

static int walk_find(const struct walk *w, const struct layer_key *k)
{
    for (int i = 0; i < w->n; i++)
        if (!memcmp(&w->e[i].k, k, sizeof *k)) return i;
    return -1;
}

static void walk_title(const struct walk *w, int i, char *buf, size_t len)
{
    w->gl->title(w->g, &w->e[i].k, buf, len);
}

static bool is_cyclic(const struct walk *w, int i)
{
    return w->e[i].kind == LAYER_CYCLIC;
}

/* Whether layer i's DTM is the fold of its children's, not stored (game.h). */
static bool dtm_by_fold(const struct walk *w, int i)
{
    return w->gl->dtm_by_fold && w->gl->dtm_by_fold(w->g, &w->e[i].k);
}

/* The children of layer i, as places in the list, into kids (MAX_KIDS at most); their
 * number, or -1 with err when one is not in the list. */
#define MAX_KIDS 64
static int walk_children(const struct walk *w, int i, int *kids)
{
    struct layer_key k[MAX_KIDS];
    int nk = w->gl->children(w->g, &w->e[i].k, k, MAX_KIDS);
    if (nk > MAX_KIDS) return solve_fail(w->err, w->errlen, "a layer with too many children");
    for (int j = 0; j < nk; j++) {
        if ((kids[j] = walk_find(w, &k[j])) >= 0) continue;
        char name[64];
        w->gl->name(w->g, &k[j], name, sizeof name);
        return solve_fail(w->err, w->errlen, "layer %s is not in the game's list", name);
    }
    return nk;
}

/* The wanted layers: the targets and, unless targets_only, all they need. */
static int walk_want(struct walk *w)
{
    const struct solve_request *q = w->q;
    for (int t = 0; t < q->ntargets; t++) {
        int i = walk_find(w, &q->targets[t]);
        if (i < 0) {
            char name[64];
            w->gl->name(w->g, &q->targets[t], name, sizeof name);
            return solve_fail(w->err, w->errlen, "layer %s is not one of the game's", name);
        }
        w->wanted[i] = true;
    }
    int kids[MAX_KIDS];
    for (int i = w->n - 1; i >= 0 && !q->targets_only; i--) {
        if (!w->wanted[i]) continue;
        int nk = walk_children(w, i, kids);
        if (nk < 0) return -1;
        for (int j = 0; j < nk; j++) w->wanted[kids[j]] = true;
    }
    return 0;
}

/* The plan: which layers, who reads each last, and in the DTM pass which layers whose DTM
 * is not stored are made in their place (those no layer reads, and those a layer to be
 * made reads). */
static int walk_plan(struct walk *w)
{
    if (walk_want(w)) return -1;
    int kids[MAX_KIDS];
    for (int i = 0; i < w->n; i++) w->last[i] = -1;
    for (int i = 0; i < w->n; i++) {
        if (!w->wanted[i]) continue;
        char title[64];
        walk_title(w, i, title, sizeof title);
        if (is_cyclic(w, i) ? !w->gl->engine_open : !w->gl->fold)
            return solve_fail(w->err, w->errlen, "%s: the game has no engine for it", title);
        int nk = walk_children(w, i, kids);
        if (nk < 0) return -1;
        for (int j = 0; j < nk; j++)
            if (w->last[kids[j]] < i) w->last[kids[j]] = i;
        if (w->fold != FOLD_DTM || dtm_by_fold(w, i) || is_cyclic(w, i)) continue;
        struct store_table t = solve_table(&w->e[i].k, TB_DTM, 0, 0);
        bool stored = store_exists(&w->h->store, w->g, &t);
        for (int j = 0; j < nk; j++) w->eager[kids[j]] |= !stored;
    }
    for (int i = 0; i < w->n; i++) w->eager[i] |= w->last[i] < 0;
    return 0;
}

/* Whether every wanted layer's table of the pass is stored with a header that describes
 * it (the DTM pass: those it stores): then a walk asked to trust them does nothing. */
static bool walk_all_stored(const struct walk *w)
{
    char err[400];
    enum tb_kind kind = w->q->dtc_limit ? TB_DTC : w->q->acyclic_dtm ? TB_DTM : TB_WDL;
    for (int i = 0; i < w->n; i++) {
        if (!w->wanted[i] || (kind == TB_DTM && dtm_by_fold(w, i))) continue;
        struct store_table t = solve_table(&w->e[i].k, kind, 0, w->q->dtc_limit);
        if (store_load(&w->h->store, w->g, &t, STORE_HEADER, NULL, NULL, err, sizeof err))
            return false;
    }
    return true;
}

/* What cyclic layer i's children take as held now, when they all are cyclic layers held
 * (their codes, bytes and big counted), else need_exits: the game's reckoning. */
static uint64_t held_exits(const struct walk *w, int i, uint64_t need_exits)
{
    int kids[MAX_KIDS];
    int nk = walk_children(w, i, kids); /* the plan has found them all */
    uint64_t sum = 0;
    for (int j = 0; j < nk; j++) {
        const struct held *d = &w->held[kids[j]];
        if (!d->have || !d->held_bytes) return need_exits;
        sum += d->held_bytes;
    }
    return nk < 0 ? need_exits : sum;
}

/* What solving cyclic layer i takes: by the compact engine (least) and the default (most),
 * its children as they are held when they are (held_exits). */
static void walk_need(const struct walk *w, int i, uint64_t *least, uint64_t *most)
{
    struct layer_need need;
    w->gl->need(w->g, &w->e[i].k, &need);
    uint64_t exits = held_exits(w, i, need.exits);
    *least = need.compact + exits;
    *most = need.solve + need.buckets + exits;
}

int solve_check_bound(const struct game *g, const struct layer_key *k, uint64_t bound, char *err,
                      size_t errlen)
{
    struct layer_need need;
    g->ops->layers->need(g, k, &need);
    if (need.compact + need.exits <= bound) return 0;
    char title[64];
    g->ops->layers->title(g, k, title, sizeof title);
    return solve_fail(err, errlen,
                      "a memory bound of %.2f GB is too little: %s needs %.2f GB at the least "
                      "(%.2f to solve it by the compact engine, %.2f for the layers its moves "
                      "lead to)",
                      bound / 1e9, title, (need.compact + need.exits) / 1e9, need.compact / 1e9,
                      need.exits / 1e9);
}

/* Under a memory bound: the game must say what a layer takes, and the least of every
 * layer fit the bound (the largest named). */
static int walk_check_memory(const struct walk *w)
{
    uint64_t bound = w->q->memory;
    if (!bound) return 0;
    if (!w->gl->need)
        return solve_fail(w->err, w->errlen, "%s: its solve takes no memory bound",
                          w->g->ops->title);
    int worst = -1;
    uint64_t worst_least = 0, least, most;
    for (int i = 0; i < w->n; i++) {
        if (!w->wanted[i] || !is_cyclic(w, i)) continue;
        walk_need(w, i, &least, &most);
        if (worst < 0 || least > worst_least) worst = i, worst_least = least;
    }
    if (worst < 0) return 0;
    return solve_check_bound(w->g, &w->e[worst].k, bound, w->err, w->errlen);
}

static int walk_size(struct walk *w, int i)
{
    if (w->size[i]) return 0;
    char why[300];
    if (w->gl->size(w->g, w->ix, &w->e[i].k, &w->size[i], why, sizeof why) == 0) return 0;
    return solve_fail(w->err, w->errlen, "%s", why);
}

/* Lets go of what is held of layer i, and under a memory bound of its indexes. */
static void walk_release(struct walk *w, int i)
{
    struct held *d = &w->held[i];
    solve_held_free(&d->codes);
    wdl_free(&d->val);
    free(d->dtm);
    *d = (struct held){0};
    if (w->q->memory && w->gl->index_drop) w->gl->index_drop(w->g, w->ix, &w->e[i].k);
}

/* A table's entries, read into a new array (n of them): NULL with the store's message. */
static uint16_t *read_entries(struct walk *w, const struct store_table *t, uint64_t *bytes,
                              char *why, size_t whylen, int *got)
{
    uint16_t *e = big_alloc((t->npositions ? t->npositions : 1) * sizeof *e);
    if (!e) {
        *got = STORE_FAILED;
        snprintf(why, whylen, "out of memory");
        return NULL;
    }
    *got = store_load(&w->h->store, w->g, t, STORE_READ, e, bytes, why, whylen);
    if (*got == STORE_OK) return e;
    free(e);
    return NULL;
}

/* Values (a WDL table's entries, or a counting rule's classes as who wins under the rule)
 * into v. */
static int entries_to_values(const uint16_t *e, struct wdl *v, bool classes)
{
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < v->n; i++) {
        retro_code d = classes ? dtc_of_class(e[i]) : 0;
        wdl_set(v, i, !classes ? e[i] : !d ? WDL_DRAW : dtc_win(d) ? WDL_WIN : WDL_LOSS);
    }
    return 0;
}

/* DTM codes into a byte each; STORE_WRONG (why says it) when one passes limit. */
static int entries_to_bytes(struct walk *w, const struct store_table *t, const uint16_t *e,
                            uint8_t *d, int limit, char *why, size_t whylen)
{
    for (uint64_t i = 0; i < t->npositions; i++) {
        if (e[i] > limit) {
            char name[1024];
            store_name(&w->h->store, w->g, t, name, sizeof name);
            snprintf(why, whylen,
                     "%.200s: DTM code %u: the placement phase's codes could pass one byte "
                     "(at most %d here)",
                     name, e[i], limit);
            return STORE_WRONG;
        }
        d[i] = (uint8_t)e[i];
    }
    return STORE_OK;
}

/* Acyclic layer i's table of the pass read back into what is held of it: its values, its
 * DTM codes, or (for the counting rule) its values under the rule, with dtc its DTC codes
 * too when not NULL. A STORE_* result, why saying what went wrong. */
static int read_acyclic(struct walk *w, int i, enum tb_kind kind, struct held *d, uint8_t *dtc,
                        uint64_t *bytes, char *why, size_t whylen)
{
    uint64_t n = w->size[i];
    struct store_table t = solve_table(&w->e[i].k, kind, n, kind == TB_DTC ? w->q->dtc_limit : 0);
    int got;
    uint16_t *e = read_entries(w, &t, bytes, why, whylen, &got);
    if (!e) return got;
    if (kind == TB_DTM) {
        got = (d->dtm = malloc(n + 1)) ? entries_to_bytes(w, &t, e, d->dtm, 255, why, whylen)
                                       : STORE_FAILED;
    } else if (wdl_alloc(&d->val, n)) {
        got = STORE_FAILED;
    } else {
        entries_to_values(e, &d->val, kind == TB_DTC);
        uint64_t bad = 0;
        /* a placement position's DTC under the rule is at most 2 (bc_place.h) */
        for (uint64_t j = 0; dtc && j < n; j++) {
            retro_code c = dtc_of_class(e[j]);
            bad += c > dtc_code(2, true);
            dtc[j] = (uint8_t)c;
        }
        if (bad) {
            char name[1024];
            store_name(&w->h->store, w->g, &t, name, sizeof name);
            snprintf(why, whylen, "%.200s: %llu entries with a DTC no placement position has", name,
                     (unsigned long long)bad);
            got = STORE_WRONG;
        }
    }
    if (got == STORE_FAILED && !why[0]) snprintf(why, whylen, "out of memory");
    free(e);
    return got;
}

static int walk_acyclic(struct walk *w, int i);

/* Cyclic layer i's codes (or class codes) held for the layers that read it: in part when
 * the game says so (solve_hold_codes), not when none is left to read them (they go). */
static void hold_codes(struct walk *w, int i, retro_code *codes)
{
    struct held *d = &w->held[i];
    struct held_layer *h = &d->codes;
    *d =
        (struct held){.have = true, .codes = {.k = w->e[i].k, .codes = codes, .count = w->size[i]}};
    if (w->last[i] <= i) return;
    *h = solve_hold_codes(w->g, &w->e[i].k, w->size[i], codes);
    d->held_bytes = h->codes ? h->count * sizeof *h->codes : h->count + h->nbig * sizeof *h->big;
}

/* What layer j is to the layers that read it, held, read back for the moves of layer i
 * when not: a cyclic layer's codes from its DTM table (or its classes, from its DTC
 * table); an acyclic one's table of the pass, or, when it is not stored (dtm_by_fold), the
 * layer made again. */
static int walk_hold(struct walk *w, int j, int i)
{
    struct held *d = &w->held[j];
    if (d->have) return 0;
    if (walk_size(w, j)) return -1;
    uint64_t n = w->size[j];
    int limit = w->q->dtc_limit, got;
    char why[1400] = "", title[64];
    walk_title(w, i, title, sizeof title);
    if (!is_cyclic(w, j) && w->fold == FOLD_DTM && dtm_by_fold(w, j)) return walk_acyclic(w, j);
    if (is_cyclic(w, j)) {
        struct store_table t = solve_table(&w->e[j].k, limit ? TB_DTC : TB_DTM, n, limit);
        retro_code *codes = read_entries(w, &t, NULL, why, sizeof why, &got);
        if (codes && limit) solve_class_codes(codes, n, codes);
        if (codes) hold_codes(w, j, codes);
    } else {
        enum tb_kind kind = limit ? TB_DTC : w->fold == FOLD_DTM ? TB_DTM : TB_WDL;
        got = read_acyclic(w, j, kind, d, NULL, NULL, why, sizeof why);
    }
    if (got != STORE_OK) {
        walk_release(w, j);
        return solve_fail(w->err, w->errlen, "%s (read back for the moves of %s)", why, title);
    }
    d->have = true;
    return 0;
}

/* Layer i's children held (read back when not), as the game's engines read them. */
static int walk_kids(struct walk *w, int i, struct held_layer *held)
{
    int kids[MAX_KIDS];
    int nk = walk_children(w, i, kids);
    for (int j = 0; j < nk; j++) {
        if (walk_hold(w, kids[j], i)) return -1;
        const struct held *d = &w->held[kids[j]];
        held[j] = d->codes;
        held[j].k = w->e[kids[j]].k;
        held[j].val = d->val.w ? &d->val : NULL;
        held[j].dtm = d->dtm;
    }
    return nk;
}

/* Cyclic layer i's engine, its children held: 0 with *R, or -1. */
static int walk_open(struct walk *w, int i, int limit, struct retro_layer *R)
{
    struct held_layer held[MAX_KIDS];
    int nk = walk_kids(w, i, held);
    if (nk < 0) return -1;
    char why[300];
    if (w->gl->engine_open(w->g, w->ix, &w->e[i].k, held, nk, limit, R, why, sizeof why))
        return solve_fail(w->err, w->errlen, "%s", why);
    R->progress = w->h->task_progress;
    R->progress_arg = w->h->arg;
    return 0;
}

/* Under a memory bound, before layer i: nothing held that it does not read. */
static int walk_hold_only_children(struct walk *w, int i)
{
    int kids[MAX_KIDS];
    int nk = walk_children(w, i, kids);
    if (nk < 0) return -1;
    for (int j = 0; j < w->n; j++) {
        bool read = false;
        for (int k = 0; k < nk; k++) read |= kids[k] == j;
        if (w->held[j].have && !read) walk_release(w, j);
    }
    return 0;
}

/* ---- Cyclic layers: the retrograde engine ---- */

/* A compact solve's checkpoints: the DTM table's path and ".ckpt" (the store's own files
 * only). */
struct midway {
    struct walk *w;
    int i;
    char path[4200];
};

static int save_midway(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct midway *m = arg;
    char why[4400];
    if (checkpoint_save(m->path, res, n, level, highest, why, sizeof why))
        solve_notice(m->w->h, "%s; the solve goes on without it", why);
    return 0;
}

static int restore_midway(void *arg, retro_code *res, uint64_t n, int *level, int *highest)
{
    struct midway *m = arg;
    char why[4400], title[64];
    walk_title(m->w, m->i, title, sizeof title);
    int rc = checkpoint_load(m->path, res, n, level, highest, why, sizeof why);
    if (rc == 0)
        solve_notice(m->w->h, "%s taken up at level %d from %s", title, *level, m->path);
    else if (rc < 0)
        solve_notice(m->w->h, "%s; solving %s from its start", why, title);
    return rc == 0 ? 0 : -1;
}

static void count_codes(const retro_code *res, uint64_t n, struct solve_layer *r)
{
    struct retro_tally t = retro_tally(res, n);
    r->win = t.win;
    r->draw = t.draw;
    r->loss = t.loss;
    r->max_dtm = t.max_dtm;
}

/* Layer i read back into codes, its tables found stored and sound: 0, else -1 (said). */
static int walk_resume(struct walk *w, int i, retro_code *codes)
{
    struct store_table t = solve_table(&w->e[i].k, TB_DTM, w->size[i], 0);
    char why[400];
    if (store_load(&w->h->store, w->g, &t, STORE_READ, codes, NULL, why, sizeof why) == 0) return 0;
    solve_notice(w->h, "%s", why);
    return -1;
}

/* Layer i solved by the engine into codes, and its tables saved. */
static int walk_solve(struct walk *w, int i, retro_code *codes, struct solve_layer *r)
{
    const struct solve_request *q = w->q;
    if (q->memory && walk_hold_only_children(w, i)) return -1;
    struct retro_layer R;
    if (walk_open(w, i, 0, &R)) return -1;
    struct midway m = {.w = w, .i = i};
    struct store_table t = solve_table(&w->e[i].k, TB_DTM, w->size[i], 0);
    if (q->memory) {
        uint64_t least, most;
        walk_need(w, i, &least, &most);
        R.compact = most > q->memory;
        if (least > q->memory) { /* the children, solved, took more than the plan's least */
            w->gl->engine_close(&R);
            char title[64];
            walk_title(w, i, title, sizeof title);
            return solve_fail(w->err, w->errlen,
                              "a memory bound of %.2f GB is too little: %s needs %.2f GB with "
                              "the layers its moves lead to as they are held (their codes "
                              "past a byte counted)",
                              q->memory / 1e9, title, least / 1e9);
        }
    }
    if (R.compact && solve_store_path(w->h, w->g, &t, ".ckpt", m.path, sizeof m.path)) {
        R.save = save_midway;
        R.restore = restore_midway;
        R.save_arg = &m;
        R.save_seconds = solve_checkpoint_every(w->h);
    }
    char title[64];
    walk_title(w, i, title, sizeof title);
    solve_task_begin(w->h, title);
    struct retro_stats st;
    int rc = retro_solve(&R, codes, &st);
    solve_task_end(w->h);
    w->gl->engine_close(&R);
    if (rc) return solve_fail(w->err, w->errlen, "out of memory solving %s", title);
    r->compact = R.compact;
    count_codes(codes, w->size[i], r);
    struct tb_source src = {.codes = codes, .max_code = -1};
    t.kind = TB_WDL;
    return solve_save_layer(w->g, w->h, &t, &src, &r->wdl_bytes, &r->dtm_bytes, w->err, w->errlen);
}

/* The DTM pass's cyclic layer i: read back when both its tables are stored and sound, else
 * solved; its codes held. A layer to solve has its children held first (read back when
 * not; under a memory bound, nothing else), before room is made for its codes: a child
 * read back is whole until it is narrowed to its part (solve_hold_codes). */
static int walk_dtm_layer(struct walk *w, int i, struct solve_layer *r)
{
    uint64_t n = w->size[i];
    char title[64];
    walk_title(w, i, title, sizeof title);
    struct store_table t = solve_table(&w->e[i].k, TB_DTM, n, 0);
    bool stored = solve_verify_layer(w->g, w->h, &t, &r->dtm_bytes, &r->wdl_bytes) == 0;
    struct held_layer held[MAX_KIDS];
    if (!stored && w->q->memory && walk_hold_only_children(w, i)) return -1;
    if (!stored && walk_kids(w, i, held) < 0) return -1;
    retro_code *codes = big_alloc((n ? n : 1) * sizeof *codes);
    if (!codes) return solve_fail(w->err, w->errlen, "out of memory for %s", title);
    if (stored && walk_resume(w, i, codes) == 0) {
        r->resumed = true;
        count_codes(codes, n, r);
    } else if (walk_solve(w, i, codes, r)) {
        free(codes);
        return -1;
    }
    solve_remove_leftovers(w->h, w->g, &t, ".ckpt");
    hold_codes(w, i, codes);
    return 0;
}

/* solve_dtc_table's make: cyclic layer i's classes, its children's held as codes. */
struct walk_classes {
    struct walk *w;
    int i;
};

static int make_classes(void *arg, uint16_t *cls, char *err, size_t errlen)
{
    struct walk_classes *c = arg;
    struct walk *w = c->w;
    int limit = w->q->dtc_limit;
    struct store_table dtm = solve_table(&w->e[c->i].k, TB_DTM, w->size[c->i], 0);
    struct solve_classes_job j = {
        .dtm = &dtm, .limit = limit, .missing_hint = "solve its DTM tables first"};
    char what[64], label[80];
    walk_title(w, c->i, what, sizeof what);
    snprintf(label, sizeof label, "dtc %s", what);
    j.what = what;
    j.label = label;
    if (walk_open(w, c->i, limit, &j.layer)) return snprintf(err, errlen, "%s", w->err), -1;
    int rc = solve_make_classes(w->g, w->h, &j, cls, err, errlen);
    w->gl->engine_close(&j.layer);
    return rc;
}

/* The counting rule's cyclic layer i: its DTC table read back or made, its classes held
 * as codes. */
static int walk_dtc_layer(struct walk *w, int i, struct solve_layer *r)
{
    uint64_t n = w->size[i];
    int limit = w->q->dtc_limit;
    char title[64];
    walk_title(w, i, title, sizeof title);
    r->limit = limit;
    struct store_table t = solve_table(&w->e[i].k, TB_DTC, n, limit);
    uint16_t *cls = big_alloc((n ? n : 1) * sizeof *cls);
    if (!cls) return solve_fail(w->err, w->errlen, "out of memory for %s", title);
    struct walk_classes c = {w, i};
    if (solve_dtc_table(w->g, w->h, &t, cls, r, make_classes, &c, w->err, w->errlen)) {
        free(cls);
        return -1;
    }
    solve_count_classes(cls, n, r);
    solve_class_codes(cls, n, cls);
    hold_codes(w, i, cls);
    return 0;
}

/* ---- Acyclic layers: the fold of each position's successors ---- */

static int fill_values(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct wdl *v = ctx;
    for (size_t j = 0; j < n; j++) out[j] = code_of_wdl(wdl_get(v, first + j));
    return 0;
}

static int fill_bytes(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const uint8_t *d = ctx;
    for (size_t j = 0; j < n; j++) out[j] = d[first + j];
    return 0;
}

/* The classes under the counting rule (values.h) from the values without it (val) and the
 * DTC codes (dtm), as a table is written. */
struct classes_of {
    const struct wdl *val;
    const uint8_t *dtc;
};

static int fill_classes(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct classes_of *c = ctx;
    for (size_t j = 0; j < n; j++)
        out[j] = class_code(code_of_wdl(wdl_get(c->val, first + j)), c->dtc[first + j]);
    return 0;
}

static void count_values(const struct wdl *v, struct solve_layer *r)
{
    uint64_t d = 0, l = 0, win = 0;
#pragma omp parallel for reduction(+ : d, l, win) schedule(static, 65536)
    for (uint64_t i = 0; i < v->n; i++) {
        int x = wdl_get(v, i);
        d += x == WDL_DRAW;
        l += x == WDL_LOSS;
        win += x == WDL_WIN;
    }
    r->win = win, r->draw = d, r->loss = l;
}

/* Wins, draws and losses of DTM codes in a byte, the longest win and loss; the largest. */
static uint8_t count_bytes(const uint8_t *dtm, uint64_t n, struct solve_layer *r)
{
    uint64_t k[3] = {0, 0, 0};
    int longest[2] = {-1, -1}; /* win, loss */
    uint8_t top = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t c = dtm[i];
        int v = wdl_of_code(c);
        k[v]++;
        if (c > top) top = c;
        if (v != WDL_DRAW && c - 1 > longest[v == WDL_LOSS]) longest[v == WDL_LOSS] = c - 1;
    }
    r->win = k[WDL_WIN], r->draw = k[WDL_DRAW], r->loss = k[WDL_LOSS];
    r->max_win = longest[0], r->max_loss = longest[1];
    return top;
}

/* A layer's classes counted into its report, and its largest class code; the positions
 * decided under the rule whose value without it is not the same, which only wrong tables
 * make. */
static uint64_t count_classes_of(const struct wdl *val, const uint8_t *dtc, struct solve_layer *r,
                                 int *max_code)
{
    uint64_t n = val->n, k0 = 0, k1 = 0, k2 = 0, k3 = 0, k4 = 0, wrong = 0;
    int max_win = -1, max_loss = -1, top = 0;
#pragma omp parallel for reduction(+ : k0, k1, k2, k3, k4, wrong)                                 \
    reduction(max : max_win, max_loss, top) schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) {
        retro_code d = dtc[i];
        int s = wdl_get(val, i);
        uint16_t cls = class_code(code_of_wdl(s), d);
        int j = class_column(cls);
        if (cls > top) top = cls;
        k0 += j == 0, k1 += j == 1, k2 += j == 2, k3 += j == 3, k4 += j == 4;
        wrong += d && s != (dtc_win(d) ? WDL_WIN : WDL_LOSS);
        if (j == 0 && dtc_of(d) > max_win) max_win = dtc_of(d);
        if (j == 4 && dtc_of(d) > max_loss) max_loss = dtc_of(d);
    }
    struct class_tally t = {{k0, k1, k2, k3, k4}, max_win, max_loss};
    solve_report_classes(&t, r);
    *max_code = top;
    return wrong;
}

/* The game's fold of acyclic layer i in the walk's pass, its children held. */
static int walk_fold(struct walk *w, int i, struct held *d, uint64_t *wrong)
{
    struct held_layer held[MAX_KIDS];
    int nk = walk_kids(w, i, held);
    if (nk < 0) return -1;
    char title[64], label[80], why[400];
    walk_title(w, i, title, sizeof title);
    snprintf(label, sizeof label, "%s%s",
             w->fold == FOLD_DTM   ? "dtm "
             : w->fold == FOLD_DTC ? "dtc "
                                   : "",
             title);
    solve_task_begin(w->h, label);
    int rc = w->gl->fold(w->g, w->ix, &w->e[i].k, w->fold, w->q->dtc_limit, held, nk, &d->val,
                         d->dtm, wrong, w->h->task_progress, w->h->arg, why, sizeof why);
    solve_task_end(w->h);
    return rc ? solve_fail(w->err, w->errlen, "%s: %s", title, why) : 0;
}

/* The values pass: the layer's values read back from its WDL table, else folded and saved.
 * A table that does not read back is made again, without a word: it is replaced. */
static int acyclic_values(struct walk *w, int i, struct held *d, struct solve_layer *r)
{
    char why[1400] = "";
    struct store_table t = solve_table(&w->e[i].k, TB_WDL, w->size[i], 0);
    r->resumed = store_exists(&w->h->store, w->g, &t) &&
                 read_acyclic(w, i, TB_WDL, d, NULL, &r->wdl_bytes, why, sizeof why) == 0;
    if (r->resumed) return 0;
    wdl_free(&d->val);
    uint64_t wrong;
    if (wdl_alloc(&d->val, w->size[i]) || walk_fold(w, i, d, &wrong))
        return w->err[0] ? -1 : solve_fail(w->err, w->errlen, "out of memory");
    struct tb_source src = {.fill = fill_values, .ctx = &d->val, .max_code = 2};
    return store_save(&w->h->store, w->g, &t, &src, &r->wdl_bytes, w->err, w->errlen);
}

/* The layer's values without the rule, from its WDL table, which the DTM and the counting
 * rule's passes are made from. */
static int own_values(struct walk *w, int i, struct held *d)
{
    char why[1400] = "";
    if (read_acyclic(w, i, TB_WDL, d, NULL, NULL, why, sizeof why) == STORE_OK) return 0;
    return solve_fail(w->err, w->errlen, "%s; solve its values (WDL tables) first", why);
}

/* The DTM pass: the layer's DTM codes read back from its DTM table, else folded and saved
 * (but for a layer whose DTM is the fold of its successors', not stored). */
static int acyclic_dtm(struct walk *w, int i, struct held *d, struct solve_layer *r)
{
    char why[1400] = "", title[64];
    walk_title(w, i, title, sizeof title);
    struct store_table t = solve_table(&w->e[i].k, TB_DTM, w->size[i], 0);
    bool stored = !dtm_by_fold(w, i);
    r->resumed = stored && store_exists(&w->h->store, w->g, &t) &&
                 read_acyclic(w, i, TB_DTM, d, NULL, &r->dtm_bytes, why, sizeof why) == 0;
    if (r->resumed) return 0;
    free(d->dtm);
    uint64_t wrong;
    if (!(d->dtm = malloc(w->size[i] + 1))) return solve_fail(w->err, w->errlen, "out of memory");
    if (own_values(w, i, d) || walk_fold(w, i, d, &wrong)) return -1;
    wdl_free(&d->val);
    if (wrong)
        return solve_fail(w->err, w->errlen,
                          "%s: the moves of %llu positions disagree with the WDL tables; run "
                          "guti verify",
                          title, (unsigned long long)wrong);
    struct solve_layer counts;
    uint8_t top = count_bytes(d->dtm, w->size[i], &counts);
    struct tb_source src = {.fill = fill_bytes, .ctx = d->dtm, .max_code = top};
    return stored ? store_save(&w->h->store, w->g, &t, &src, &r->dtm_bytes, w->err, w->errlen) : 0;
}

/* The counting rule's pass: the layer's classes read back from its DTC table, else folded
 * and saved; what is held then is who wins under the rule. */
static int acyclic_dtc(struct walk *w, int i, struct held *d, struct solve_layer *r)
{
    uint64_t n = w->size[i];
    int limit = w->q->dtc_limit, top = 0;
    char why[1400] = "", title[64];
    walk_title(w, i, title, sizeof title);
    r->limit = limit;
    struct store_table t = solve_table(&w->e[i].k, TB_DTC, n, limit);
    uint8_t *dtc = malloc(n + 1);
    if (!dtc) return solve_fail(w->err, w->errlen, "out of memory");
    int got = store_exists(&w->h->store, w->g, &t)
                  ? read_acyclic(w, i, TB_DTC, d, dtc, &r->dtc_bytes, why, sizeof why)
                  : STORE_ABSENT;
    if (got != STORE_OK && got != STORE_ABSENT) solve_notice(w->h, "%s; making it again", why);
    r->resumed = got == STORE_OK;
    uint64_t wrong = 0;
    int rc = 0;
    if (!r->resumed) {
        wdl_free(&d->val);
        d->dtm = dtc;
        rc = own_values(w, i, d) || walk_fold(w, i, d, &wrong) ? -1 : 0;
        d->dtm = NULL;
    }
    if (!rc && (wrong = count_classes_of(&d->val, dtc, r, &top)))
        rc = solve_fail(w->err, w->errlen,
                        "%s: %llu positions decided under the counting rule are not decided so "
                        "without it; run guti verify",
                        title, (unsigned long long)wrong);
    struct classes_of c = {&d->val, dtc};
    struct tb_source src = {.fill = fill_classes, .ctx = &c, .max_code = top};
    if (!rc && !r->resumed)
        rc = store_save(&w->h->store, w->g, &t, &src, &r->dtc_bytes, w->err, w->errlen);
    /* the layers that read this one need only who wins under the rule (bc_place.h) */
    if (!rc)
#pragma omp parallel for schedule(static, 65536)
        for (uint64_t j = 0; j < n; j++)
            wdl_set(&d->val, j, !dtc[j] ? WDL_DRAW : dtc_win(dtc[j]) ? WDL_WIN : WDL_LOSS);
    free(dtc);
    return rc;
}

static bool reported(const struct walk *w)
{
    const struct solve_hooks *h = w->h;
    return h->layer && (!w->q->pass || (h->layer_passes & (unsigned)w->q->pass));
}

static void pass_add(struct solve_pass *p, const struct solve_layer *r)
{
    p->positions += r->positions;
    p->wdl_bytes += r->wdl_bytes;
    p->dtm_bytes += r->dtm_bytes;
    if (r->resumed) return;
    p->solved += r->positions;
    p->solved_seconds += r->seconds;
}

/* The report of layer i. */
static struct solve_layer report_of(const struct walk *w, int i)
{
    const struct layer_key *k = &w->e[i].k;
    return (struct solve_layer){.key = *k, .pass = w->q->pass, .positions = w->size[i]};
}

/* Acyclic layer i in the walk's pass, held, and reported. */
static int walk_acyclic(struct walk *w, int i)
{
    double t0 = omp_get_wtime();
    if (walk_size(w, i)) return -1;
    struct solve_layer r = report_of(w, i);
    struct held *d = &w->held[i];
    int rc = w->fold == FOLD_VALUES ? acyclic_values(w, i, d, &r)
             : w->fold == FOLD_DTM  ? acyclic_dtm(w, i, d, &r)
                                    : acyclic_dtc(w, i, d, &r);
    if (rc) {
        walk_release(w, i);
        return -1;
    }
    d->have = true;
    r.seconds = omp_get_wtime() - t0;
    pass_add(&w->pass, &r);
    if (!reported(w)) return 0;
    if (w->fold == FOLD_VALUES) count_values(&d->val, &r);
    if (w->fold == FOLD_DTM) count_bytes(d->dtm, w->size[i], &r);
    w->h->layer(w->h->arg, &r);
    return 0;
}

/* Cyclic layer i, held, and reported. */
static int walk_cyclic(struct walk *w, int i)
{
    double t0 = omp_get_wtime();
    if (walk_size(w, i)) return -1;
    struct solve_layer r = report_of(w, i);
    if (w->q->dtc_limit ? walk_dtc_layer(w, i, &r) : walk_dtm_layer(w, i, &r)) return -1;
    r.seconds = omp_get_wtime() - t0;
    pass_add(&w->pass, &r);
    if (reported(w)) w->h->layer(w->h->arg, &r);
    return 0;
}

static int walk_layers(struct walk *w)
{
    for (int i = 0; i < w->n; i++) {
        if (!w->wanted[i] || w->held[i].have) continue;
        /* a layer whose DTM is not stored is made where something needs it */
        bool later = !is_cyclic(w, i) && w->fold == FOLD_DTM && dtm_by_fold(w, i) && !w->eager[i];
        if (!later && (is_cyclic(w, i) ? walk_cyclic(w, i) : walk_acyclic(w, i))) return -1;
        for (int j = 0; j < w->n; j++)
            if (w->held[j].have && w->last[j] <= i) walk_release(w, j);
    }
    return 0;
}

int solve_layers(const struct game *g, const struct solve_request *q, const struct solve_hooks *h,
                 char *err, size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl) return solve_fail(err, errlen, "%s has no tables", g->ops->title);
    if (q->dtc_limit && solve_check_limit(q->dtc_limit, err, errlen)) return -1;
    struct walk w = {.g = g,
                     .gl = gl,
                     .q = q,
                     .h = h,
                     .fold = fold_pass_of(q),
                     .err = err,
                     .errlen = errlen,
                     .pass = {.pass = q->pass}};
    err[0] = 0;
    w.n = gl->list(g, NULL, 0);
    size_t n = (size_t)(w.n ? w.n : 1);
    w.e = calloc(n, sizeof *w.e);
    w.wanted = calloc(n, sizeof *w.wanted);
    w.last = calloc(n, sizeof *w.last);
    w.eager = calloc(n, sizeof *w.eager);
    w.size = calloc(n, sizeof *w.size);
    w.held = calloc(n, sizeof *w.held);
    w.ix = gl->index_new(g, 0);
    int rc = -1;
    if (!w.e || !w.wanted || !w.last || !w.eager || !w.size || !w.held || !w.ix) {
        solve_fail(err, errlen, "out of memory");
    } else {
        gl->list(g, w.e, w.n);
        double t0 = omp_get_wtime();
        if (walk_plan(&w) == 0 && walk_check_memory(&w) == 0) {
            if (q->trust_stored && walk_all_stored(&w)) {
                struct solve_pass skipped = {.pass = q->pass, .skipped = true};
                if (h->pass_end) h->pass_end(h->arg, &skipped);
                rc = 0;
            } else {
                if (q->pass && h->pass_begin) h->pass_begin(h->arg, q->pass);
                rc = walk_layers(&w);
                w.pass.seconds = omp_get_wtime() - t0;
                if (rc == 0 && q->pass && h->pass_end) h->pass_end(h->arg, &w.pass);
            }
        }
    }
    for (int i = 0; w.held && i < w.n; i++) walk_release(&w, i);
    if (w.ix) gl->index_free(w.ix);
    free(w.e);
    free(w.wanted);
    free(w.last);
    free(w.eager);
    free(w.size);
    free(w.held);
    return rc;
}
