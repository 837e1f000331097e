/* guti verify's checks (verify.h): a table file's soundness, and --full's re-derivations. */
#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "values.h"

/* ---- results and hooks ---- */

void verify_report_free(struct verify_report *rep)
{
    free(rep->layers);
    rep->layers = NULL;
    rep->nlayers = rep->cap = 0;
}

/* Records why a check stopped (the first reason), and counts it as one error. */
static int __attribute__((format(printf, 2, 3)))
stop(struct verify_report *rep, const char *fmt, ...)
{
    if (!*rep->error) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(rep->error, sizeof rep->error, fmt, ap);
        va_end(ap);
    }
    return 1;
}

static void __attribute__((format(printf, 2, 3)))
add_example(struct verify_layer *r, const char *fmt, ...)
{
    if (r->nexamples >= VERIFY_EXAMPLES) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->examples[r->nexamples++], VERIFY_EXAMPLE_LEN, fmt, ap);
    va_end(ap);
}

/* A layer is finished: kept in the report and shown to the hook. */
static void layer_done(struct verify_report *rep, const struct verify_hooks *h,
                       const struct verify_layer *r)
{
    if (rep->nlayers == rep->cap) {
        int cap = rep->cap ? 2 * rep->cap : 16;
        struct verify_layer *more = realloc(rep->layers, (size_t)cap * sizeof *more);
        if (more) rep->layers = more, rep->cap = cap;
    }
    if (rep->nlayers < rep->cap)
        rep->layers[rep->nlayers++] = *r;
    else
        stop(rep, "out of memory for the report");
    if (h && h->layer_done) h->layer_done(h->arg, r);
}

static void task_begin(const struct verify_hooks *h, const char *label)
{
    if (h && h->task_begin) h->task_begin(h->arg, label);
}

static void task_progress(const struct verify_hooks *h, const char *phase, uint64_t done,
                          uint64_t total)
{
    if (h && h->task_progress) h->task_progress(h->arg, phase, done, total);
}

static void task_end(const struct verify_hooks *h)
{
    if (h && h->task_end) h->task_end(h->arg);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

bool verify_table_file(const char *path, char *err, size_t errlen)
{
    struct tb *t = NULL;
    bool bad = tb_open(path, &t, err, errlen) || tb_verify(t, err, errlen);
    tb_close(t);
    return !bad;
}

/* ---- the counting rule's tables (DTC) ---- */

/* A DTC table's layer read: its entries as the engine's DTC codes into res (n of them),
 * each class checked against the DTM table's value; the count of disagreements, with the
 * first in example; -1 with example set when a table cannot be read. */
static int64_t read_dtc_layer(const char *dtc_path, const struct tb_meta *dtc_want,
                              const char *dtm_path, const struct tb_meta *dtm_want, uint64_t n,
                              uint16_t **cls, retro_code *res, char *example, size_t len)
{
    char err[600];
    retro_code *dtm = NULL;
    if (!(*cls = tables_read(dtc_path, dtc_want, err, sizeof err)) ||
        !(dtm = tables_read(dtm_path, dtm_want, err, sizeof err))) {
        snprintf(example, len, "%s", err);
        return -1;
    }
    int64_t wrong = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint16_t e = (*cls)[i];
        res[i] = dtc_of_class(e);
        int j = class_column(e); /* win, cursed win, draw, blessed loss, loss */
        bool agrees = j <= 1 ? code_win(dtm[i]) : j == 2 ? dtm[i] == RETRO_DRAW : code_loss(dtm[i]);
        if (!agrees && !wrong++)
            snprintf(example, len, "position %llu: class %u, but DTM code %u without the rule",
                     (unsigned long long)i, e, dtm[i]);
    }
    free(dtm);
    return wrong;
}

/* A DTC layer's result from what its check found: re-derived (done) or not, and why. */
static void dtc_result(struct verify_layer *r, bool done, uint64_t wrong, const char *example)
{
    if (done)
        r->positions = r->layer_positions;
    else
        r->not_checked = r->layer_positions;
    r->inconsistent = wrong;
    r->failed = !done && !strstr(example, "not checked");
    if (*example) add_example(r, "%s", example);
}

/* ---- the cyclic layers, every game's alike ---- */

/* The cyclic layers of the game's list that the set holds (a WDL table of each), in the
 * list's order: a layer's children come before it. The walk holds a checked layer's codes
 * (its DTM codes, or in the counting rule's pass its classes as codes) while a later layer
 * still reads them.
 *
 * The words of a finding follow the set's name of the layer: a material ("3+1") or a layer
 * ("h0-c2"), as the checks of each had them before they were one (the examples' form and
 * number, what a missing table is called, whether a damaged WDL block stops the layers
 * that read it), so that guti verify says what it said. */
struct cyclic_walk {
    const struct verify_request *q;
    const struct verify_hooks *h;
    const struct game_layers *gl;
    void *ix; /* the game's indexes (index_new) */
    int n;
    struct layer_key *k;
    const struct tables_want **wdl; /* each layer's WDL table in the set */
    uint64_t *size;
    int *depth;              /* 0 without children, else one more than its deepest child's */
    int *last;               /* the last layer that reads it, -1 when none does */
    struct held_layer *held; /* its codes, once checked, while a later layer reads them (in
                                part: solve_hold_codes) */
    int limit;               /* the counting rule's pass: its limit; 0 in the DTM pass */
    /* why the layers deeper than broken_depth are not checked (the DTM pass), or, in the
     * counting rule's pass, every layer after it */
    char broken[VERIFY_EXAMPLE_LEN];
    int broken_depth;
};

static bool is_material(const struct cyclic_walk *w, int i)
{
    (void)i;
    return !w->q->g->ops->has_hand; /* a game without a hand: its layers are materials */
}

/* Layer i's children as indexes of the walk into kids: their number, or -1 when one is not
 * in the walk (the set has no table of it). */
static int cyclic_kids(const struct cyclic_walk *w, int i, int *kids)
{
    struct layer_key out[2 * TABLES_MAX_LAYERS + 16];
    int max = (int)(sizeof out / sizeof *out);
    int nk = w->gl->children(w->q->g, &w->k[i], out, max);
    if (nk > max) return -1;
    for (int j = 0; j < nk; j++) {
        kids[j] = -1;
        for (int m = 0; m < i && kids[j] < 0; m++)
            if (!memcmp(&w->k[m], &out[j], sizeof out[j])) kids[j] = m;
        if (kids[j] < 0) return -1;
    }
    return nk;
}

static bool is_held(const struct cyclic_walk *w, int i)
{
    return w->held[i].codes || w->held[i].bytes;
}

static void cyclic_release(struct cyclic_walk *w, int i)
{
    solve_held_free(&w->held[i]);
    if (w->gl->index_drop) w->gl->index_drop(w->q->g, w->ix, &w->k[i]);
}

static void cyclic_walk_free(struct cyclic_walk *w)
{
    for (int i = 0; w->held && i < w->n; i++) solve_held_free(&w->held[i]);
    if (w->ix) w->gl->index_free(w->ix);
    free(w->k);
    free(w->wdl);
    free(w->size);
    free(w->depth);
    free(w->last);
    free(w->held);
}

/* The walk's layers, their sizes, depths and last readers: 0, or -1 with why in rep. */
static int cyclic_plan(struct cyclic_walk *w, struct verify_report *rep)
{
    const struct game *g = w->q->g;
    int total = w->gl->list(g, NULL, 0), kids[2 * TABLES_MAX_LAYERS + 16];
    struct layer_entry *e = calloc((size_t)(total ? total : 1), sizeof *e);
    size_t n = (size_t)(total ? total : 1);
    w->k = calloc(n, sizeof *w->k);
    w->wdl = calloc(n, sizeof *w->wdl);
    w->size = calloc(n, sizeof *w->size);
    w->depth = calloc(n, sizeof *w->depth);
    w->last = calloc(n, sizeof *w->last);
    w->held = calloc(n, sizeof *w->held);
    w->ix = w->gl->index_new(g, 0);
    if (!e || !w->k || !w->wdl || !w->size || !w->depth || !w->last || !w->held || !w->ix) {
        free(e);
        return stop(rep, "out of memory"), -1;
    }
    w->gl->list(g, e, total);
    for (int j = 0; j < total; j++) {
        const struct layer_key *k = &e[j].k;
        const struct tables_want *want = tables_set_find(w->q->set, TB_WDL, k);
        if (e[j].kind != LAYER_CYCLIC || !want) continue;
        w->k[w->n] = *k;
        w->wdl[w->n++] = want;
    }
    free(e);
    char why[300];
    for (int i = 0; i < w->n; i++) {
        w->last[i] = -1;
        if (w->gl->size(g, w->ix, &w->k[i], &w->size[i], why, sizeof why))
            return stop(rep, "%s", why), -1;
        int nk = cyclic_kids(w, i, kids);
        if (nk < 0) {
            w->gl->title(g, &w->k[i], why, sizeof why);
            return stop(rep, "%s reads a layer that has no table in the set", why), -1;
        }
        for (int j = 0; j < nk; j++) {
            if (w->depth[kids[j]] + 1 > w->depth[i]) w->depth[i] = w->depth[kids[j]] + 1;
            w->last[kids[j]] = i;
        }
    }
    return 0;
}

static int cyclic_walk_init(struct cyclic_walk *w, const struct verify_request *q,
                            const struct verify_hooks *h, struct verify_report *rep)
{
    memset(w, 0, sizeof *w);
    w->q = q;
    w->h = h;
    w->gl = q->g->ops->layers;
    if (!w->gl || !w->gl->engine_open) return 0; /* no cyclic layers to check */
    return cyclic_plan(w, rep);
}

/* Layer i's result begun: the set's name of it, its coordinates. */
static void cyclic_start(const struct cyclic_walk *w, int i, struct verify_layer *r)
{
    const struct layer_key *k = &w->k[i];
    memset(r, 0, sizeof *r);
    r->game = w->q->g;
    r->inhand = k->c[0];
    r->captured = k->c[1];
    r->side = k->c[2] ? k->c[2] - 1 : -1;
    r->limit = w->limit;
    r->layer_positions = w->size[i];
    r->material = is_material(w, i);
    const struct game_layers *gl = w->q->g->ops->layers;
    (gl->label ? gl->label : gl->name)(w->q->g, k, r->name, sizeof r->name);
    if (w->limit)
        snprintf(r->name + strlen(r->name), sizeof r->name - strlen(r->name), " L%d", w->limit);
}

/* The first reason a layer was not checked, for those after it that may read it. */
static void __attribute__((format(printf, 3, 4)))
cyclic_broken(struct cyclic_walk *w, int i, const char *fmt, ...)
{
    if (*w->broken) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->broken, sizeof w->broken, fmt, ap);
    va_end(ap);
    w->broken_depth = w->depth[i];
}

/* Layer i's engine, its children's held codes read by its exits: 0 with *R, or -1 with
 * why in err. */
static int cyclic_open(struct cyclic_walk *w, int i, struct retro_layer *R, char *err,
                       size_t errlen)
{
    int kids[2 * TABLES_MAX_LAYERS + 16];
    struct held_layer held[2 * TABLES_MAX_LAYERS + 16];
    int nk = cyclic_kids(w, i, kids);
    for (int j = 0; j < nk; j++) {
        if (!is_held(w, kids[j])) return snprintf(err, errlen, "a layer it reads is not held"), -1;
        held[j] = w->held[kids[j]];
    }
    if (w->gl->engine_open(w->q->g, w->ix, &w->k[i], held, nk, w->limit, R, err, errlen)) return -1;
    if (w->h) R->progress = w->h->task_progress, R->progress_arg = w->h->arg;
    return 0;
}

/* Position i of layer k as the game writes it. */
static void cyclic_fen(const struct cyclic_walk *w, int layer, uint64_t i, char *fen, size_t len)
{
    struct position pos;
    char err[300];
    if (w->gl->unrank(w->q->g, w->ix, &w->k[layer], i, &pos, err, sizeof err))
        snprintf(fen, len, "position %llu (%.60s)", (unsigned long long)i, err);
    else
        w->q->g->ops->format(w->q->g, &pos, fen, len);
}

/* Whether layer i is not to be checked: a table of its own missing, or a layer it may read
 * not checked (r says which). */
static bool cyclic_missing(struct cyclic_walk *w, int i, struct verify_layer *r)
{
    const struct layer_key *k = &w->k[i];
    const struct tables_want *want[2] = {tables_set_find(w->q->set, TB_DTM, k), w->wdl[i]};
    const enum tb_kind kinds[2] = {TB_DTM, TB_WDL};
    for (int j = 0; j < 2; j++) {
        if (want[j] && want[j]->present) continue;
        char path[1024];
        tables_layer_path(path, sizeof path, w->q->dir, w->q->g, k, kinds[j], 0);
        add_example(r, "not checked: %s (%s)",
                    is_material(w, i) && !want[j] ? "no DTM table" : "table missing",
                    base_name(path));
        cyclic_broken(w, i, "not checked: successor table missing (%s)", base_name(path));
        r->not_checked = r->layer_positions;
        if (is_material(w, i)) break; /* a material names its first missing table only */
    }
    if (!r->not_checked && *w->broken && w->depth[i] > w->broken_depth) {
        add_example(r, "%s", w->broken);
        r->not_checked = r->layer_positions;
    }
    return r->not_checked != 0;
}

/* Layer i's DTM table read into codes, its WDL table opened: false (r failed, with why)
 * when one cannot be. */
static bool cyclic_read(struct cyclic_walk *w, int i, uint16_t *codes, struct tb **wt,
                        struct verify_layer *r)
{
    char err[400];
    struct tb *t = NULL;
    const struct layer_key *k = &w->k[i];
    const struct tables_want *d = tables_set_find(w->q->set, TB_DTM, k);
    struct tb_meta want = tables_layer_meta(w->q->g, k, TB_DTM, 0, w->size[i]);
    bool bad =
        tables_open(d->path, &want, &t, err, sizeof err) || tb_read_all(t, codes, err, sizeof err);
    tb_close(t);
    want = tables_layer_meta(w->q->g, k, TB_WDL, 0, w->size[i]);
    bad = bad || tables_open(w->wdl[i]->path, &want, wt, err, sizeof err);
    if (bad) {
        add_example(r, "%s", err);
        r->failed = true;
    }
    return !bad;
}

/* The WDL table against the DTM codes, a block at a time as it is compared, not whole: at 9
 * pieces 5+4's would be 15.7 GB more. The mismatches, the first's index; false with err
 * when a block cannot be read (those before it counted). */
static bool cyclic_wdl_pass(const struct cyclic_walk *w, struct tb *wt, const uint16_t *codes,
                            uint64_t n, uint64_t *wrong, uint64_t *first, char *err, size_t errlen)
{
    *wrong = *first = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint16_t e;
        if (!(i & 0xfffff)) task_progress(w->h, "WDL", i, n);
        if (tb_probe(wt, i, &e, err, errlen)) return false;
        if (e != wdl_of_code(codes[i]) && (*wrong)++ == 0) *first = i;
    }
    return true;
}

/* A read layer re-derived from its moves (a sample of it, q->sample) and its WDL table
 * compared with its DTM codes; false when the layers that read it are not to be checked
 * (its WDL table unreadable, for a layer: it was read whole before). */
static bool cyclic_check(struct cyclic_walk *w, int i, const uint16_t *codes, struct tb *wt,
                         struct verify_layer *r)
{
    uint64_t n = w->size[i], wrong, first;
    bool material = is_material(w, i);
    char err[VERIFY_EXAMPLE_LEN], fen[128];
    bool wdl_ok = cyclic_wdl_pass(w, wt, codes, n, &wrong, &first, err, sizeof err);
    if (!wdl_ok && !material) {
        add_example(r, "%s", err);
        r->failed = true;
        return false;
    }
    struct retro_layer R;
    if (cyclic_open(w, i, &R, err, sizeof err)) {
        add_example(r, "%s", err);
        r->failed = true;
        return false;
    }
    uint64_t badi[VERIFY_EXAMPLES];
    int nbad;
    r->inconsistent =
        retro_verify(&R, codes, w->q->sample, badi, material ? 1 : VERIFY_EXAMPLES, &nbad);
    w->gl->engine_close(&R);
    if (r->inconsistent == RETRO_VERIFY_NOMEM) {
        add_example(r, "out of memory for the moves of the positions re-derived");
        r->inconsistent = 0;
        r->failed = true;
        return false;
    }
    r->positions = w->q->sample && w->q->sample < n ? w->q->sample : n;
    char example[VERIFY_EXAMPLE_LEN] = "";
    for (int b = 0; b < nbad; b++) {
        retro_code x = codes[badi[b]];
        cyclic_fen(w, i, badi[b], fen, sizeof fen);
        if (material)
            snprintf(example, sizeof example, "%s: stored code %d", fen, x);
        else
            add_example(r, "%s: stored %s %d", fen, x ? (code_win(x) ? "win" : "loss") : "draw",
                        code_dtm(x));
    }
    if (wrong && !material)
        add_example(r,
                    "the WDL table disagrees with the DTM table at %llu positions, the first at "
                    "index %llu",
                    (unsigned long long)wrong, (unsigned long long)first);
    else if (wrong && !r->inconsistent)
        snprintf(example, sizeof example, "the WDL table disagrees with the DTM table");
    r->inconsistent += wrong;
    if (!wdl_ok) { /* a material's damaged WDL block: its DTM codes were read all the same */
        snprintf(example, sizeof example, "%s", err);
        r->failed = true;
    }
    if (*example) add_example(r, "%s", example);
    return true;
}

/* Layer i: checked when its tables and those it reads are there; its errors. */
static int cyclic_layer(struct cyclic_walk *w, int i, struct verify_layer *r,
                        struct verify_report *rep)
{
    if (cyclic_missing(w, i, r)) return 0;
    uint64_t n = w->size[i];
    uint16_t *codes = malloc((n ? n : 1) * sizeof *codes);
    if (!codes) return stop(rep, "out of memory for %s", r->name);
    struct tb *wt = NULL;
    char title[64], label[200], rules[32];
    w->gl->title(w->q->g, &w->k[i], title, sizeof title);
    game_rules_name(w->q->g, rules, sizeof rules);
    snprintf(label, sizeof label, "verify %s %s %s", w->q->g->ops->name, rules, title);
    task_begin(w->h, label);
    bool readable = cyclic_read(w, i, codes, &wt, r) && cyclic_check(w, i, codes, wt, r);
    task_end(w->h);
    tb_close(wt);
    if (!readable) {
        r->not_checked = n;
        r->positions = 0;
        cyclic_broken(w, i, "not checked: %s is unreadable", title);
        free(codes);
        return 1;
    }
    if (w->last[i] > i)
        w->held[i] = solve_hold_codes(w->q->g, &w->k[i], n, codes);
    else
        free(codes);
    return r->inconsistent > 0 || r->failed;
}

/* Frees what no layer after layer i reads. */
static void cyclic_done(struct cyclic_walk *w, int i)
{
    for (int j = 0; j <= i; j++)
        if (w->last[j] <= i && (is_held(w, j) || j == i)) cyclic_release(w, j);
}

int verify_cyclic(const struct verify_request *q, const struct verify_hooks *h,
                  struct verify_report *rep)
{
    struct cyclic_walk w;
    int errors = 0;
    if (cyclic_walk_init(&w, q, h, rep)) {
        errors = 1;
    } else {
        for (int i = 0; i < w.n; i++) {
            struct verify_layer r;
            cyclic_start(&w, i, &r);
            errors += cyclic_layer(&w, i, &r, rep);
            layer_done(rep, h, &r);
            if (*rep->error) break;
            cyclic_done(&w, i);
        }
    }
    cyclic_walk_free(&w);
    rep->errors += errors;
    return errors;
}

/* ---- the counting rule's tables (DTC) of the cyclic layers ---- */

/* Layer i's DTC table read and re-derived, its children's classes read by the exits; false
 * with example when a table cannot be read. Its classes held as codes for the layers that
 * read them. */
static bool cyclic_dtc_check(struct cyclic_walk *w, int i, const char *path, char *example,
                             size_t len, uint64_t *wrong)
{
    const struct game *g = w->q->g;
    const struct layer_key *k = &w->k[i];
    uint64_t n = w->size[i];
    char dpath[1024];
    tables_layer_path(dpath, sizeof dpath, w->q->dir, g, k, TB_DTM, 0);
    struct tb_meta want = tables_layer_meta(g, k, TB_DTC, w->limit, n),
                   dwant = tables_layer_meta(g, k, TB_DTM, 0, n);
    uint16_t *cls = NULL;
    retro_code *dtc = malloc((n ? n : 1) * sizeof *dtc);
    int64_t v = dtc ? read_dtc_layer(path, &want, dpath, &dwant, n, &cls, dtc, example, len) : -1;
    struct retro_layer R;
    if (v >= 0 && cyclic_open(w, i, &R, example, len)) v = -1;
    if (v < 0) {
        if (!*example) snprintf(example, len, "out of memory");
        free(dtc);
        free(cls);
        return false;
    }
    *wrong = (uint64_t)v;
    uint64_t bad[1];
    int nbad;
    uint64_t inconsistent = retro_verify(&R, dtc, 0, bad, 1, &nbad);
    w->gl->engine_close(&R);
    if (inconsistent == RETRO_VERIFY_NOMEM) {
        snprintf(example, len, "out of memory for the moves of the positions re-derived");
        free(dtc);
        free(cls);
        return false;
    }
    if (inconsistent && !*wrong)
        snprintf(example, len, "position %llu: stored DTC code %u, its moves give another",
                 (unsigned long long)bad[0], dtc[bad[0]]);
    *wrong += inconsistent;
    free(dtc);
    if (w->last[i] > i) {
        solve_class_codes(cls, n, cls);
        w->held[i] = solve_hold_codes(w->q->g, &w->k[i], n, cls);
    } else {
        free(cls);
    }
    return true;
}

/* Layer i of one limit: its errors. A layer not checked leaves every later one unchecked. */
static int cyclic_dtc_layer(struct cyclic_walk *w, int i, struct verify_layer *r)
{
    uint64_t wrong = 0;
    char path[1024], example[VERIFY_EXAMPLE_LEN] = "";
    tables_layer_path(path, sizeof path, w->q->dir, w->q->g, &w->k[i], TB_DTC, w->limit);
    bool done = false;
    if (*w->broken) {
        snprintf(example, sizeof example, "not checked: %s",
                 is_material(w, i) ? "a smaller material was not" : "the layer above was not");
    } else if (access(path, F_OK) != 0) {
        snprintf(example, sizeof example, "not checked: DTC table missing (%s)",
                 is_material(w, i) ? base_name(path) : path);
        snprintf(w->broken, sizeof w->broken, "%s", example);
    } else {
        done = cyclic_dtc_check(w, i, path, example, sizeof example, &wrong);
        if (!done) snprintf(w->broken, sizeof w->broken, "%s", example);
    }
    dtc_result(r, done, wrong, example);
    return (wrong > 0) + r->failed;
}

static int cyclic_dtc_limit(const struct verify_request *q, int limit, const struct verify_hooks *h,
                            struct verify_report *rep)
{
    struct cyclic_walk w;
    int errors = 0;
    if (cyclic_walk_init(&w, q, h, rep)) {
        errors = 1;
    } else {
        w.limit = limit;
        for (int i = 0; i < w.n; i++) {
            struct verify_layer r;
            cyclic_start(&w, i, &r);
            errors += cyclic_dtc_layer(&w, i, &r);
            layer_done(rep, h, &r);
            cyclic_done(&w, i);
        }
    }
    cyclic_walk_free(&w);
    return errors;
}

int verify_cyclic_dtc(const struct verify_request *q, const struct verify_hooks *h,
                      struct verify_report *rep)
{
    int limits[16], nl = tables_dtc_limits(q->dir, q->g, limits, 16), errors = 0;
    for (int li = 0; li < nl && !*rep->error; li++)
        errors += cyclic_dtc_limit(q, limits[li], h, rep);
    rep->errors += errors;
    return errors;
}

/* ---- the acyclic layers, every game's alike ---- */

/* What a position's moves give (values.h's fold): a DTM code when every successor's DTM
 * is known, else a value (win in 1, loss in 0, draw). */
static retro_code derive(struct prober *p, const struct movelist *l, int moves, bool *exact,
                         char *err, size_t errlen)
{
    struct move_fold f = {0};
    *exact = true;
    for (int j = 0; j < moves; j++) {
        retro_code sc;
        bool known;
        if (prober_probe(p, &l->succ[j], &sc, &known, err, errlen)) return (retro_code)-1;
        *exact &= known;
        move_fold_add(&f, sc);
    }
    return move_fold_code(&f);
}

/* The acyclic layers (game_layers.list's LAYER_ACYCLIC: a placement phase), one at a time,
 * each position of a sample re-derived from the rules' moves and its successors read
 * through the prober, one position at a time rather than a layer's fold (game_layers.fold)
 * of its children whole: a successor's table missing or damaged then leaves unchecked only
 * the positions that read it, and a sample costs its positions, not the layer's. */
struct acyclic_walk {
    const struct verify_request *q;
    const struct game_layers *gl;
    void *ix; /* the game's indexes (index_new), for unrank */
    struct prober p;
    struct movelist l;
    int n; /* the game's layers, in its list's order */
    struct layer_entry *e;
    bool *there; /* e[j] has a table the prober can answer from (WDL or DTM) */
    int hint[2]; /* the layers last found by a successor, looked at first */
    int nsteps;  /* room in steps and which, for a DTC re-derivation */
    retro_code *steps;
    uint64_t *which;
};

static void acyclic_walk_free(struct acyclic_walk *w)
{
    if (w->ix) w->gl->index_free(w->ix);
    movelist_free(&w->l);
    free(w->e);
    free(w->there);
    free(w->steps);
    free(w->which);
}

/* Orders the acyclic layers as their keys do (the tables' coordinates, the first one most
 * significant), the order the checks are shown in. */
static int key_order(const void *a, const void *b)
{
    const struct layer_entry *x = a, *y = b;
    for (int c = 0; c < 4; c++)
        if (x->k.c[c] != y->k.c[c]) return x->k.c[c] < y->k.c[c] ? -1 : 1;
    return 0;
}

/* The walk over q's game (none without acyclic layers): 0, or -1 when out of memory. The
 * acyclic layers first, in their keys' order (nacyclic of them), then the rest. */
static int acyclic_walk_init(struct acyclic_walk *w, const struct verify_request *q, int *nacyclic)
{
    memset(w, 0, sizeof *w);
    w->q = q;
    w->gl = q->g->ops->layers;
    w->hint[0] = w->hint[1] = -1;
    movelist_init(&w->l);
    *nacyclic = 0;
    if (!w->gl || !w->gl->fold) return 0; /* no acyclic layers to check */
    int n = w->gl->list(q->g, NULL, 0);
    w->e = calloc((size_t)(n ? n : 1), sizeof *w->e);
    w->there = calloc((size_t)(n ? n : 1), sizeof *w->there);
    w->ix = w->gl->index_new(q->g, 0);
    if (!w->e || !w->there || !w->ix) return -1;
    w->n = w->gl->list(q->g, w->e, n);
    for (int j = 0; j < w->n; j++)
        if (w->e[j].kind == LAYER_ACYCLIC) {
            struct layer_entry x = w->e[*nacyclic];
            w->e[(*nacyclic)++] = w->e[j];
            w->e[j] = x;
        }
    qsort(w->e, (size_t)*nacyclic, sizeof *w->e, key_order);
    return 0;
}

/* Which layers have a table the prober can answer from (DTM or WDL), for the name of the
 * one to make when not. */
static void acyclic_presence(struct acyclic_walk *w)
{
    char p[1024];
    for (int j = 0; j < w->n; j++) {
        tables_layer_path(p, sizeof p, w->q->dir, w->q->g, &w->e[j].k, TB_WDL, 0);
        w->there[j] = access(p, F_OK) == 0;
        tables_layer_path(p, sizeof p, w->q->dir, w->q->g, &w->e[j].k, TB_DTM, 0);
        w->there[j] |= access(p, F_OK) == 0;
    }
}

/* The walk's number of layer k, -1 when the game does not list it. */
static int find_layer(struct acyclic_walk *w, const struct layer_key *k)
{
    for (int h = 0; h < 2; h++)
        if (w->hint[h] >= 0 && !memcmp(&w->e[w->hint[h]].k, k, sizeof *k)) return w->hint[h];
    for (int j = 0; j < w->n; j++)
        if (!memcmp(&w->e[j].k, k, sizeof *k)) {
            w->hint[1] = w->hint[0];
            w->hint[0] = j;
            return j;
        }
    return -1;
}

/* Whether every successor whose value needs a table has one; if not, the name of the
 * first missing one in name. */
static bool successors_there(struct acyclic_walk *w, int moves, char *name, size_t len)
{
    const struct game *g = w->q->g;
    for (int j = 0; j < moves; j++) {
        const struct position *s = &w->l.succ[j];
        struct outcome o;
        if (g->ops->over(g, s, &o)) continue; /* no table: the game is over */
        struct layer_key k = w->gl->layer_of(g, s);
        int x = find_layer(w, &k);
        if (x < 0 || w->there[x]) continue;
        char path[1024];
        tables_layer_path(path, sizeof path, w->q->dir, g, &k, TB_WDL, 0);
        snprintf(name, len, "%s", base_name(path));
        return false;
    }
    return true;
}

/* Layer k's result begun: the game's name of it, its coordinates (limit: a counting rule's
 * tables). */
static void acyclic_start(const struct acyclic_walk *w, const struct layer_key *k, int limit,
                          struct verify_layer *r)
{
    memset(r, 0, sizeof *r);
    r->game = w->q->g;
    r->inhand = k->c[0];
    r->captured = k->c[1];
    r->side = k->c[2] ? k->c[2] - 1 : -1;
    r->limit = limit;
    w->gl->name(w->q->g, k, r->name, sizeof r->name);
    if (limit) snprintf(r->name + strlen(r->name), sizeof r->name - strlen(r->name), " L%d", limit);
}

/* Position pos (number i) of layer k re-derived, its WDL table wdl (NULL when the prober
 * reads it): 0 when checked (or not, with the missing successor's table in gone), 1 when a
 * table cannot be read (why in example), -1 when out of memory. */
static int acyclic_position(struct acyclic_walk *w, const struct position *pos, struct tb *wdl,
                            uint64_t i, struct verify_layer *r, char *example, size_t len,
                            char *gone, size_t gonelen)
{
    const struct game *g = w->q->g;
    retro_code stored, want = 0;
    uint16_t entry = 0;
    bool known, exact = false;
    char err[400], name[1024];
    int moves = g->ops->moves(g, pos, &w->l);
    if (moves < 0) return -1;
    if (!successors_there(w, moves, name, sizeof name)) {
        if (!r->not_checked++) snprintf(gone, gonelen, "%s", name);
        return 0;
    }
    if (prober_probe(&w->p, pos, &stored, &known, err, sizeof err) ||
        (wdl && tb_probe(wdl, i, &entry, err, sizeof err)) ||
        (want = derive(&w->p, &w->l, moves, &exact, err, sizeof err)) == (retro_code)-1) {
        snprintf(example, len, "%s", err);
        return 1;
    }
    exact &= known;
    bool same = exact ? want == stored : wdl_of_code(want) == wdl_of_code(stored);
    bool agree = !wdl || entry == wdl_of_code(stored);
    if ((same && agree) || r->inconsistent++) return 0;
    char fen[128];
    g->ops->format(g, pos, fen, sizeof fen);
    if (!agree)
        snprintf(example, len, "%s: DTM table %s, WDL table %s", fen, code_word(stored),
                 code_word(code_of_wdl(entry)));
    else if (exact)
        snprintf(example, len, "%s: stored %s in %d, its moves give %s in %d", fen,
                 code_word(stored), code_dtm(stored), code_word(want), code_dtm(want));
    else
        snprintf(example, len, "%s: stored %s, its moves give %s", fen, code_word(stored),
                 code_word(want));
    return 0;
}

/* Layer k's WDL table at path opened when the prober answers from its DTM table (NULL
 * into *wdl when not): false, with why in example, when it cannot be. */
static bool acyclic_open_wdl(struct acyclic_walk *w, const struct layer_key *k, const char *path,
                             uint64_t n, struct tb **wdl, char *example, size_t len)
{
    char dtm_path[1024], err[400];
    tables_layer_path(dtm_path, sizeof dtm_path, w->q->dir, w->q->g, k, TB_DTM, 0);
    struct tb_meta want = tables_layer_meta(w->q->g, k, TB_WDL, 0, n);
    *wdl = NULL;
    if (access(dtm_path, F_OK) != 0 || !tables_open(path, &want, wdl, err, sizeof err)) return true;
    snprintf(example, len, "%s", err);
    return false;
}

/* One acyclic layer (k, r's) whose WDL table is at path: its errors, -1 when out of memory. */
static int acyclic_layer(struct acyclic_walk *w, const struct layer_key *k, const char *path,
                         struct verify_layer *r)
{
    const struct game *g = w->q->g;
    uint64_t n;
    char example[VERIFY_EXAMPLE_LEN] = "", err[400], gone[1024] = "";
    if (w->gl->size(g, w->ix, k, &n, err, sizeof err)) return -1;
    uint64_t m = w->q->sample && w->q->sample < n ? w->q->sample : n;
    r->layer_positions = n;
    struct tb *wdl = NULL;
    bool wdl_bad = !acyclic_open_wdl(w, k, path, n, &wdl, example, sizeof example);
    if (wdl_bad) {
        r->failed = true;
        r->not_checked = m;
    }
    int rc = 0;
    for (uint64_t s = 0; s < m && !wdl_bad; s++) {
        uint64_t i = retro_sample_index(s, n, m);
        struct position pos;
        rc = w->gl->unrank(g, w->ix, k, i, &pos, err, sizeof err)
                 ? -1
                 : acyclic_position(w, &pos, wdl, i, r, example, sizeof example, gone, sizeof gone);
        if (rc < 0) break;
        if (rc) { /* a table could not be read: the rest is not checked */
            r->failed = true;
            r->not_checked += m - s;
            break;
        }
    }
    tb_close(wdl);
    if (w->gl->index_drop) w->gl->index_drop(g, w->ix, k);
    if (rc < 0) return -1;
    r->positions = m - r->not_checked;
    if (*example) add_example(r, "%s", example);
    if (*gone) add_example(r, "not checked: successor table missing (%s)", gone);
    return r->inconsistent > 0 || r->failed;
}

int verify_acyclic(const struct verify_request *q, const struct verify_hooks *h,
                   struct verify_report *rep)
{
    const struct game *g = q->g;
    struct acyclic_walk *w = malloc(sizeof *w);
    int nacyclic, errors = 0;
    if (!w) return rep->errors += 1, stop(rep, "out of memory");
    if (acyclic_walk_init(w, q, &nacyclic)) {
        errors += stop(rep, "out of memory");
        nacyclic = 0;
    }
    prober_init(&w->p, g, q->dir);
    acyclic_presence(w);
    char path[1024];
    for (int j = 0; j < nacyclic; j++) {
        tables_layer_path(path, sizeof path, q->dir, g, &w->e[j].k, TB_WDL, 0);
        if (access(path, F_OK) != 0) continue;
        struct verify_layer r;
        acyclic_start(w, &w->e[j].k, 0, &r);
        int e = acyclic_layer(w, &w->e[j].k, path, &r);
        if (e < 0) {
            errors += stop(rep, "out of memory");
            break;
        }
        errors += e;
        layer_done(rep, h, &r);
    }
    prober_free(&w->p);
    acyclic_walk_free(w);
    free(w);
    rep->errors += errors;
    return errors;
}

/* Room for n steps in the walk's DTC scratch: false when out of memory. */
static bool room_for_steps(struct acyclic_walk *w, int n)
{
    if (n <= w->nsteps) return true;
    retro_code *steps = realloc(w->steps, (size_t)n * sizeof *steps);
    if (steps) w->steps = steps;
    uint64_t *which = steps ? realloc(w->which, (size_t)n * sizeof *which) : NULL;
    if (which) w->which = which, w->nsteps = n;
    return which != NULL;
}

/* One position's DTC code re-derived from its moves with the rules and the prober (at the
 * prober's limit), as the definition reads: a move that ends the game is worth its result;
 * a move that resets the clock (a placement, a capture) is worth only the class at clock 0
 * of where it leads; a move that keeps it running counts its successor's DTC
 * (retro_derive_dtc folds them). PROBER_MISSING when a successor's DTC table is missing
 * (its name in err); -1 with err when one cannot be read. */
static int derive_dtc(struct acyclic_walk *w, const struct position *pos, int moves,
                      retro_code *want, char *err, size_t errlen)
{
    const struct game *g = w->q->g;
    struct move_fold ex = {0};
    int ns = 0;
    if (!room_for_steps(w, moves)) return snprintf(err, errlen, "out of memory"), -1;
    for (int j = 0; j < moves; j++) {
        const struct position *s = &w->l.succ[j];
        struct outcome o;
        if (g->ops->over(g, s, &o)) {
            move_fold_add(&ex, o.winner < 0 ? RETRO_DRAW : o.winner == pos->side ? 1 : 2);
            continue;
        }
        retro_code code;
        bool known;
        uint16_t cls;
        int rc = prober_probe(&w->p, s, &code, &known, err, errlen);
        if (!rc) rc = prober_probe_class(&w->p, s, &cls, err, errlen);
        if (rc == PROBER_MISSING) {
            char path[1024];
            struct layer_key k = w->gl->layer_of(g, s);
            tables_layer_path(path, sizeof path, "", g, &k, TB_DTC, w->p.limit);
            snprintf(err, errlen, "%s", path + 1);
        }
        if (rc) return rc;
        retro_code d = dtc_of_class(cls);
        if (s->clock <= pos->clock) { /* the move reset the clock */
            move_fold_add(&ex, !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1);
        } else {
            w->steps[ns] = d;
            w->which[ns] = (uint64_t)ns;
            ns++;
        }
    }
    *want = retro_derive_dtc(ns, w->which, w->steps, &ex, w->p.limit);
    return 0;
}

/* Position pos (number i) of an acyclic layer's DTC table t (r's) re-derived: 0 when checked
 * (or not, with the missing successor's table in gone), 1 when a table cannot be read (why
 * in example). */
static int acyclic_dtc_position(struct acyclic_walk *w, const struct position *pos, struct tb *t,
                                uint64_t i, struct verify_layer *r, char *example, size_t len,
                                char *gone, size_t gonelen)
{
    const struct game *g = w->q->g;
    uint16_t entry;
    retro_code S, want;
    bool known;
    char err[VERIFY_EXAMPLE_LEN];
    int moves = g->ops->moves(g, pos, &w->l), rc;
    if (moves < 0 || tb_probe(t, i, &entry, err, sizeof err) ||
        prober_probe(&w->p, pos, &S, &known, err, sizeof err))
        rc = -1;
    else
        rc = derive_dtc(w, pos, moves, &want, err, sizeof err);
    if (rc == PROBER_MISSING) {
        if (!r->not_checked++)
            snprintf(gone, gonelen, "not checked: successor table missing (%.900s)", err);
        return 0;
    }
    if (rc) {
        snprintf(example, len, "%s", moves < 0 ? "out of memory" : err);
        return 1;
    }
    uint16_t cls = class_code(S, want);
    if (cls == entry || r->inconsistent++) return 0;
    char fen[128];
    g->ops->format(g, pos, fen, sizeof fen);
    snprintf(example, len, "%s: stored %s (class code %u), its moves give %s (class code %u)", fen,
             class_word(entry), entry, class_word(cls), cls);
    return 0;
}

/* One acyclic layer's DTC table (k, r's) at path: its errors, -1 when its index cannot be
 * built. */
static int acyclic_dtc_layer(struct acyclic_walk *w, const struct layer_key *k, const char *path,
                             struct verify_layer *r)
{
    const struct game *g = w->q->g;
    uint64_t n;
    char err[VERIFY_EXAMPLE_LEN], example[VERIFY_EXAMPLE_LEN] = "", gone[VERIFY_EXAMPLE_LEN] = "";
    if (w->gl->size(g, w->ix, k, &n, err, sizeof err)) return -1;
    uint64_t m = w->q->sample && w->q->sample < n ? w->q->sample : n;
    r->layer_positions = n;
    struct tb_meta want_meta = tables_layer_meta(g, k, TB_DTC, w->p.limit, n);
    struct tb *t = NULL;
    if (tables_open(path, &want_meta, &t, err, sizeof err)) {
        snprintf(example, sizeof example, "%s", err);
        r->failed = true;
        r->not_checked = m;
    }
    for (uint64_t s = 0; s < m && !r->failed; s++) {
        uint64_t i = retro_sample_index(s, n, m);
        struct position pos;
        int rc = w->gl->unrank(g, w->ix, k, i, &pos, err, sizeof err);
        if (rc)
            snprintf(example, sizeof example, "%s", err);
        else
            rc = acyclic_dtc_position(w, &pos, t, i, r, example, sizeof example, gone, sizeof gone);
        if (rc) {
            r->failed = true;
            r->not_checked += m - s;
        }
    }
    tb_close(t);
    if (w->gl->index_drop) w->gl->index_drop(g, w->ix, k);
    r->positions = m - r->not_checked;
    if (*example) add_example(r, "%s", example);
    if (*gone) add_example(r, "%s", gone);
    return r->inconsistent > 0 || r->failed;
}

/* Every acyclic layer's DTC table of one limit there. */
static int acyclic_dtc_limit(struct acyclic_walk *w, int nacyclic, const struct verify_hooks *h,
                             struct verify_report *rep)
{
    const struct game *g = w->q->g;
    int errors = 0;
    char path[1024];
    for (int j = 0; j < nacyclic; j++) {
        tables_layer_path(path, sizeof path, w->q->dir, g, &w->e[j].k, TB_DTC, w->p.limit);
        if (access(path, F_OK) != 0) continue;
        struct verify_layer r;
        acyclic_start(w, &w->e[j].k, w->p.limit, &r);
        int e = acyclic_dtc_layer(w, &w->e[j].k, path, &r);
        if (e < 0) {
            errors += stop(rep, "out of memory");
            continue;
        }
        errors += e;
        layer_done(rep, h, &r);
    }
    return errors;
}

int verify_acyclic_dtc(const struct verify_request *q, const struct verify_hooks *h,
                       struct verify_report *rep)
{
    int limits[16], nl = tables_dtc_limits(q->dir, q->g, limits, 16), errors = 0, nacyclic;
    struct acyclic_walk *w = malloc(sizeof *w);
    if (!w) return rep->errors += 1, stop(rep, "out of memory");
    if (acyclic_walk_init(w, q, &nacyclic)) {
        errors += stop(rep, "out of memory");
        nl = 0;
    }
    for (int li = 0; li < nl; li++) {
        prober_init(&w->p, q->g, q->dir);
        w->p.limit = limits[li];
        errors += acyclic_dtc_limit(w, nacyclic, h, rep);
        prober_free(&w->p);
    }
    acyclic_walk_free(w);
    free(w);
    rep->errors += errors;
    return errors;
}

/* ---- what --full re-derives ---- */

/* Whether the game lists acyclic layers: -1 when out of memory. */
static int has_acyclic(const struct game *g)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl) return 0;
    int n = gl->list(g, NULL, 0), found = 0;
    struct layer_entry *e = calloc((size_t)(n ? n : 1), sizeof *e);
    if (!e) return -1;
    gl->list(g, e, n);
    for (int i = 0; i < n; i++) found |= e[i].kind == LAYER_ACYCLIC;
    free(e);
    return found;
}

int verify_round(const struct game *g, int round, int64_t sample, verify_check *checks,
                 uint64_t *round_sample)
{
    int acyclic = has_acyclic(g);
    if (acyclic < 0) return -1;
    if (acyclic && round < 2) {
        checks[0] = round == 0 ? verify_cyclic : verify_cyclic_dtc;
        *round_sample = 0;
        return 1;
    }
    if (round != 2) return 0;
    checks[0] = acyclic ? verify_acyclic : verify_cyclic;
    checks[1] = acyclic ? verify_acyclic_dtc : verify_cyclic_dtc;
    *round_sample = sample >= 0 ? (uint64_t)sample : acyclic ? 1000 : 0;
    return 2;
}
