/* guti verify's checks (verify.h): a table file's soundness, and --full's re-derivations. */
#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "symmap.h"
#include "bc_layers.h"
#include "ss_layers.h"

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

/* A layer's result begun: its coordinates and name, a material's ("3+1") when material. */
static void layer_start(struct verify_layer *r, const struct game *g, bool material, int inhand,
                        int captured, int side, int limit)
{
    memset(r, 0, sizeof *r);
    r->game = g;
    r->inhand = inhand;
    r->captured = captured;
    r->side = side;
    r->limit = limit;
    size_t len = sizeof r->name;
    if (material)
        snprintf(r->name, len, "%d+%d", inhand, captured);
    else if (side >= 0)
        snprintf(r->name, len, "h%d-c%d-%c", inhand, captured, side ? 't' : 'g');
    else
        snprintf(r->name, len, "h%d-c%d", inhand, captured);
    if (limit) snprintf(r->name + strlen(r->name), len - strlen(r->name), " L%d", limit);
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

/* ---- Bagh-Chal's movement phase ---- */

/* The layers from the top down; a layer's captures read the one above. */
struct movement_walk {
    const struct verify_request *q;
    struct symmap sm;
    struct bc_layer layers[TABLES_MAX_LAYERS];
    bool live[TABLES_MAX_LAYERS];
    int top;
    char broken[VERIFY_EXAMPLE_LEN]; /* why the layers from here down are not checked */
};

static void movement_drop(struct movement_walk *w, int c)
{
    bc_layer_free(&w->layers[c]);
    w->live[c] = false;
}

/* Whether layer c is not to be checked: a table of its own missing, or one of a layer
 * above (r says which). */
static bool movement_missing(struct movement_walk *w, int c, const struct tables_want *want[2],
                             struct verify_layer *r)
{
    for (int k = 0; k < 2; k++)
        if (!want[k] || !want[k]->present) {
            char name[1024];
            tables_name(name, sizeof name, w->q->dir, w->q->g, 0, c, k == 0 ? TB_DTM : TB_WDL);
            add_example(r, "not checked: table missing (%s)", base_name(name));
            if (!*w->broken)
                snprintf(w->broken, sizeof w->broken, "not checked: successor table missing (%s)",
                         base_name(name));
            r->not_checked = r->layer_positions;
        }
    if (*w->broken && !r->not_checked) {
        add_example(r, "%s", w->broken);
        r->not_checked = r->layer_positions;
    }
    return r->not_checked != 0;
}

/* Reads layer c's DTM table into its codes and its WDL table into wdl; false (r failed,
 * with why) when one cannot be read. */
static bool movement_read(struct movement_walk *w, int c, const struct tables_want *want[2],
                          uint16_t *wdl, struct verify_layer *r)
{
    char err[400];
    for (int k = 0; k < 2; k++) {
        struct tb *t = NULL;
        struct tb_meta m = tables_meta(w->q->g, 0, c, k == 0 ? TB_DTM : TB_WDL, r->layer_positions);
        bool bad = tables_open(want[k]->path, &m, &t, err, sizeof err) ||
                   tb_read_all(t, k == 0 ? w->layers[c].res : wdl, err, sizeof err);
        tb_close(t);
        if (bad) {
            add_example(r, "%s", err);
            r->failed = true;
            return false;
        }
    }
    return true;
}

/* Every position of a read layer re-derived, and its WDL table against its DTM table. */
static void movement_check(const struct game *g, struct bc_layer *L, const uint16_t *wdl,
                           struct verify_layer *r)
{
    uint64_t n = r->layer_positions;
    r->positions = n;
    struct retro_layer R = bc_layer_retro(L);
    uint64_t badi[VERIFY_EXAMPLES];
    int nbad;
    r->inconsistent = retro_verify(&R, L->res, 0, badi, VERIFY_EXAMPLES, &nbad);
    for (int k = 0; k < nbad; k++) {
        bits_t T, G;
        pair_index_unrank(&L->ix, badi[k] / 2, &T, &G);
        struct position pos = {.men = {G, T}, .side = (int)(badi[k] % 2)};
        char fen[128];
        g->ops->format(g, &pos, fen, sizeof fen);
        retro_code x = L->res[badi[k]];
        add_example(r, "%s: stored %s %d", fen, x ? (code_win(x) ? "win" : "loss") : "draw",
                    code_dtm(x));
    }
    uint64_t wdl_wrong = 0, first_wrong = 0;
    for (uint64_t i = 0; i < n; i++)
        if (wdl[i] != wdl_of_code(L->res[i]) && wdl_wrong++ == 0) first_wrong = i;
    if (wdl_wrong) {
        r->inconsistent += wdl_wrong;
        add_example(r,
                    "the WDL table disagrees with the DTM table at %llu positions, the first at "
                    "index %llu",
                    (unsigned long long)wdl_wrong, (unsigned long long)first_wrong);
    }
}

/* Layer c: its errors, negated when the walk must stop. */
static int movement_layer(struct movement_walk *w, int c, struct verify_layer *r,
                          struct verify_report *rep)
{
    const struct game *g = w->q->g;
    struct bc_layer *L = &w->layers[c];
    if (bc_layer_init(L, g, &w->sm, c))
        return -stop(rep, "out of memory for the index of layer c%d", c);
    w->live[c] = true;
    L->next = c < w->top ? &w->layers[c + 1] : NULL;
    uint64_t n = 2 * L->ix.size;
    r->layer_positions = n;
    const struct tables_want *want[2] = {tables_set_find(w->q->set, TB_DTM, 0, c, 0),
                                         tables_set_find(w->q->set, TB_WDL, 0, c, 0)};
    if (movement_missing(w, c, want, r)) {
        movement_drop(w, c);
        return 0;
    }
    L->res = malloc(n * sizeof *L->res);
    uint16_t *wdl = malloc(n * sizeof *wdl);
    if (!L->res || !wdl) {
        free(wdl);
        return -stop(rep, "out of memory for layer c%d", c);
    }
    int errors = 1;
    if (!movement_read(w, c, want, wdl, r)) {
        r->not_checked = n;
        snprintf(w->broken, sizeof w->broken, "not checked: layer c%d is unreadable", c);
        movement_drop(w, c);
    } else {
        movement_check(g, L, wdl, r);
        errors = r->inconsistent > 0;
        if (c < w->top && w->live[c + 1]) movement_drop(w, c + 1);
    }
    free(wdl);
    return errors;
}

int verify_movement(const struct verify_request *q, const struct verify_hooks *h,
                    struct verify_report *rep)
{
    struct movement_walk *w = calloc(1, sizeof *w);
    if (!w) return rep->errors += 1, stop(rep, "out of memory");
    w->q = q;
    w->top = q->g->captures_to_win - 1;
    symmap_init(&w->sm, q->g->board);
    int errors = 0;
    task_begin(h, "verify");
    for (int c = w->top; c >= 0; c--) {
        struct verify_layer r;
        layer_start(&r, q->g, false, 0, c, -1, 0);
        int e = movement_layer(w, c, &r, rep);
        errors += e < 0 ? -e : e;
        layer_done(rep, h, &r);
        if (e < 0) break;
    }
    task_end(h);
    for (int c = 0; c <= w->top; c++)
        if (w->live[c]) bc_layer_free(&w->layers[c]);
    free(w);
    rep->errors += errors;
    return errors;
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

/* The movement layers of one limit, from the top down. */
struct dtc_walk {
    const struct verify_request *q;
    struct symmap *sm;
    struct bc_layer layers[TABLES_MAX_LAYERS];
    uint16_t *cls[TABLES_MAX_LAYERS];
    int top, limit;
    bool broken;
};

/* Layer c's DTC table read and re-derived (the layer above's classes read by the
 * captures); false with example when a table cannot be read. */
static bool movement_dtc_check(struct dtc_walk *w, int c, const char *path, uint64_t n,
                               char *example, size_t len, uint64_t *wrong)
{
    const struct game *g = w->q->g;
    char dpath[1024];
    tables_name(dpath, sizeof dpath, w->q->dir, g, 0, c, TB_DTM);
    struct tb_meta want = tables_dtc_meta(g, 0, c, -1, w->limit, n),
                   dwant = tables_meta(g, 0, c, TB_DTM, n);
    retro_code *dtc = malloc(n * sizeof *dtc);
    int64_t v =
        dtc ? read_dtc_layer(path, &want, dpath, &dwant, n, &w->cls[c], dtc, example, len) : -1;
    if (v < 0) {
        if (!*example) snprintf(example, len, "out of memory");
        free(dtc);
        return false;
    }
    *wrong = (uint64_t)v;
    struct bc_layer *L = &w->layers[c];
    L->next = c < w->top ? &w->layers[c + 1] : NULL;
    if (c < w->top) { /* the layer above as classes, for the captures */
        uint64_t m = 2 * w->layers[c + 1].ix.size;
        retro_code *above = w->layers[c + 1].res = malloc(m * sizeof *above);
        for (uint64_t i = 0; above && i < m; i++) {
            retro_code d = dtc_of_class(w->cls[c + 1][i]);
            above[i] = !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1;
        }
    }
    struct retro_layer R = bc_layer_retro(L);
    R.dtc_limit = w->limit;
    uint64_t bad[1];
    int nbad;
    uint64_t inconsistent = retro_verify(&R, dtc, 0, bad, 1, &nbad);
    if (inconsistent && !*wrong)
        snprintf(example, len, "position %llu: stored DTC code %u, its moves give another",
                 (unsigned long long)bad[0], dtc[bad[0]]);
    *wrong += inconsistent;
    free(dtc);
    return true;
}

/* Layer c of one limit: its errors. */
static int movement_dtc_layer(struct dtc_walk *w, int c, struct verify_layer *r)
{
    const struct game *g = w->q->g;
    uint64_t n = 2 * w->layers[c].ix.size, wrong = 0;
    r->layer_positions = n;
    char path[1024], example[VERIFY_EXAMPLE_LEN] = "";
    tables_dtc_name(path, sizeof path, w->q->dir, g, 0, c, -1, w->limit);
    bool done = false;
    if (w->broken) {
        snprintf(example, sizeof example, "not checked: the layer above was not");
    } else if (access(path, F_OK) != 0) {
        snprintf(example, sizeof example, "not checked: DTC table missing (%s)", path);
        w->broken = true;
    } else {
        done = movement_dtc_check(w, c, path, n, example, sizeof example, &wrong);
        w->broken = !done;
    }
    dtc_result(r, done, wrong, example);
    return (wrong > 0) + r->failed;
}

static int movement_dtc_limit(const struct verify_request *q, struct symmap *sm, int limit,
                              const struct verify_hooks *h, struct verify_report *rep)
{
    struct dtc_walk w = {.q = q, .sm = sm, .top = q->g->captures_to_win - 1, .limit = limit};
    int errors = 0, low = w.top + 1; /* the lowest layer held */
    for (int c = w.top; c >= 0; c--) {
        if (bc_layer_init(&w.layers[c], q->g, sm, c)) {
            errors++;
            break;
        }
        low = c;
        struct verify_layer r;
        layer_start(&r, q->g, false, 0, c, -1, limit);
        errors += movement_dtc_layer(&w, c, &r);
        layer_done(rep, h, &r);
        if (c < w.top) {
            bc_layer_free(&w.layers[c + 1]);
            free(w.cls[c + 1]);
            w.cls[c + 1] = NULL;
        }
    }
    if (low <= w.top) {
        bc_layer_free(&w.layers[low]);
        free(w.cls[low]);
    }
    return errors;
}

int verify_movement_dtc(const struct verify_request *q, const struct verify_hooks *h,
                        struct verify_report *rep)
{
    int limits[16], nl = tables_dtc_limits(q->dir, q->g, limits, 16), errors = 0;
    struct symmap *sm = malloc(sizeof *sm);
    if (!sm) return rep->errors += 1, stop(rep, "out of memory");
    symmap_init(sm, q->g->board);
    for (int li = 0; li < nl; li++) errors += movement_dtc_limit(q, sm, limits[li], h, rep);
    free(sm);
    rep->errors += errors;
    return errors;
}

/* Sixteen Soldiers' material m+n of one limit: whether re-derived (then l->res holds its
 * classes as codes, for the larger materials' captures). */
static bool sixteen_dtc_material(const struct verify_request *q, int limit, struct ss_layer *l,
                                 bool *broken, struct verify_layer *r)
{
    const struct game *g = q->g;
    int m = r->inhand, n = r->captured;
    char path[1024], dpath[1024], example[VERIFY_EXAMPLE_LEN] = "";
    tables_dtc_name(path, sizeof path, q->dir, g, m, n, -1, limit);
    tables_ss_name(dpath, sizeof dpath, q->dir, g, m, n, TB_DTM);
    r->layer_positions = l->size;
    uint64_t wrong = 0;
    bool done = false, failed = false;
    uint16_t *cls = NULL;
    l->res = malloc(l->size * sizeof *l->res + 2);
    if (*broken) {
        snprintf(example, sizeof example, "not checked: a smaller material was not");
    } else if (access(path, F_OK) != 0) {
        snprintf(example, sizeof example, "not checked: DTC table missing (%s)", base_name(path));
        *broken = true;
    } else {
        struct tb_meta want = tables_dtc_meta(g, m, n, -1, limit, l->size),
                       dwant = tables_ss_meta(g, m, n, TB_DTM, l->size);
        int64_t w = l->res ? read_dtc_layer(path, &want, dpath, &dwant, l->size, &cls, l->res,
                                            example, sizeof example)
                           : -1;
        if (w < 0) {
            failed = *broken = true;
        } else {
            struct retro_layer R = ss_layer_retro(l);
            R.dtc_limit = limit;
            uint64_t bad[1];
            int nbad;
            uint64_t v = retro_verify(&R, l->res, 0, bad, 1, &nbad);
            if (v && !w)
                snprintf(example, sizeof example,
                         "position %llu: stored DTC code %u, its moves give another",
                         (unsigned long long)bad[0], l->res[bad[0]]);
            wrong = (uint64_t)w + v;
            done = true;
            for (uint64_t i = 0; i < l->size; i++)
                l->res[i] = !l->res[i] ? RETRO_DRAW : dtc_win(l->res[i]) ? 2 : 1;
        }
    }
    free(cls);
    dtc_result(r, done, wrong, example);
    r->failed = failed;
    return done;
}

/* Every material of one limit, smallest first; *stopped when out of memory. */
static int sixteen_dtc_limit(const struct verify_request *q, int limit,
                             const struct verify_hooks *h, struct verify_report *rep, bool *stopped)
{
    struct ss_db db;
    if (ss_db_init(&db, q->g)) return *stopped = true, stop(rep, "out of memory");
    bool broken = false;
    int errors = 0;
    for (int total = 2; total <= q->set->pieces; total++)
        for (int m = total - 1; 2 * m >= total; m--) {
            struct ss_layer *l = malloc(sizeof *l);
            if (!l || ss_layer_init(l, &db, m, total - m)) {
                free(l);
                ss_db_free(&db);
                return *stopped = true, errors + stop(rep, "out of memory");
            }
            struct verify_layer r;
            layer_start(&r, q->g, true, m, total - m, -1, limit);
            bool done = sixteen_dtc_material(q, limit, l, &broken, &r);
            errors += r.inconsistent > 0 || r.failed;
            layer_done(rep, h, &r);
            if (done) {
                ss_db_add(&db, l);
            } else {
                ss_layer_free(l);
                free(l);
            }
        }
    ss_db_free(&db);
    return errors;
}

int verify_sixteen_dtc(const struct verify_request *q, const struct verify_hooks *h,
                       struct verify_report *rep)
{
    int limits[16], nl = tables_dtc_limits(q->dir, q->g, limits, 16), errors = 0;
    bool stopped = false;
    for (int li = 0; li < nl && !stopped; li++)
        errors += sixteen_dtc_limit(q, limits[li], h, rep, &stopped);
    rep->errors += errors;
    return errors;
}

/* ---- Sixteen Soldiers ---- */

/* The materials, smallest first: the larger ones' captures read the smaller. */
struct sixteen_walk {
    const struct verify_request *q;
    const struct verify_hooks *h;
    struct ss_db db;
    char broken[VERIFY_EXAMPLE_LEN]; /* why the materials of this size on are not checked */
    char now[VERIFY_EXAMPLE_LEN];    /* why those of the next size on are not */
};

/* The WDL table against the DTM codes, a block at a time as it is compared, not whole: at
 * 9 pieces 5+4's would be 15.7 GB more. False with example when the table cannot be read. */
static bool sixteen_wdl_pass(struct sixteen_walk *w, const struct ss_layer *l, struct tb *wt,
                             uint64_t *wrong, char *example, size_t len)
{
    char err[400];
    for (uint64_t i = 0; i < l->size; i++) {
        uint16_t e;
        if (!(i & 0xfffff)) task_progress(w->h, "WDL", i, l->size);
        if (tb_probe(wt, i, &e, err, sizeof err)) {
            snprintf(example, len, "%s", err);
            return false;
        }
        if (e != wdl_of_code(l->res[i]) && !(*wrong)++)
            snprintf(example, len, "the WDL table disagrees with the DTM table");
    }
    return true;
}

/* A material whose tables are there re-derived: its DTM table read, a sample re-derived,
 * its WDL table compared. */
static void sixteen_rederive(struct sixteen_walk *w, struct ss_layer *l, const char *dtm_path,
                             const char *wdl_path, struct verify_layer *r, char *example,
                             size_t len)
{
    const struct game *g = w->q->g;
    int m = r->inhand, n = r->captured;
    char err[400];
    l->res = malloc(l->size * sizeof *l->res + 2);
    struct tb *t = NULL, *wt = NULL;
    struct tb_meta want = tables_ss_meta(g, m, n, TB_DTM, l->size);
    bool bad = !l->res;
    if (bad) snprintf(err, sizeof err, "out of memory");
    bad = bad || tables_open(dtm_path, &want, &t, err, sizeof err) ||
          tb_read_all(t, l->res, err, sizeof err);
    tb_close(t);
    want = tables_ss_meta(g, m, n, TB_WDL, l->size);
    bad = bad || tables_open(wdl_path, &want, &wt, err, sizeof err);
    if (bad) {
        snprintf(example, len, "%s", err);
        r->failed = true;
        r->not_checked = l->size;
        if (!*w->now)
            snprintf(w->now, sizeof w->now, "not checked: material %d+%d is unreadable", m, n);
        tb_close(wt);
        return;
    }
    struct retro_layer R = ss_layer_retro(l);
    if (w->h) R.progress = w->h->task_progress, R.progress_arg = w->h->arg;
    char label[64], rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(label, sizeof label, "sixteen %s %d+%d", rules, m, n);
    task_begin(w->h, label);
    uint64_t badi[1];
    int nbad;
    r->inconsistent = retro_verify(&R, l->res, w->q->sample, badi, 1, &nbad);
    if (nbad) {
        bits_t A, B;
        ss_layer_position(l, badi[0], &A, &B);
        struct position pos = {.men = {A, B}, .side = 0};
        char fen[128];
        g->ops->format(g, &pos, fen, sizeof fen);
        snprintf(example, len, "%s: stored code %d", fen, l->res[badi[0]]);
    }
    task_begin(w->h, label); /* the WDL pass's rate and ETA */
    r->failed = !sixteen_wdl_pass(w, l, wt, &r->inconsistent, example, len);
    task_end(w->h);
    tb_close(wt);
}

/* Material m+n (r's): its tables found, re-derived when they and the smaller materials'
 * are there. */
static void sixteen_material(struct sixteen_walk *w, struct ss_layer *l, struct verify_layer *r)
{
    const struct verify_request *q = w->q;
    int m = r->inhand, n = r->captured;
    uint64_t derived = q->sample && q->sample < l->size ? q->sample : l->size;
    char example[VERIFY_EXAMPLE_LEN] = "";
    const struct tables_want *d = tables_set_find(q->set, TB_DTM, m, n, 0),
                             *wt = tables_set_find(q->set, TB_WDL, m, n, 0);
    r->layer_positions = l->size;
    if (!d || !d->present || !wt || !wt->present) {
        char name[1024];
        tables_ss_name(name, sizeof name, q->dir, q->g, m, n, !d || !d->present ? TB_DTM : TB_WDL);
        snprintf(example, sizeof example, "not checked: %s (%s)",
                 !d ? "no DTM table" : "table missing", base_name(name));
        if (!*w->now)
            snprintf(w->now, sizeof w->now, "not checked: successor table missing (%s)",
                     base_name(name));
        r->not_checked = l->size;
    } else if (*w->broken) {
        snprintf(example, sizeof example, "%s", w->broken);
        r->not_checked = l->size;
    } else {
        sixteen_rederive(w, l, d->path, wt->path, r, example, sizeof example);
    }
    r->positions = r->not_checked ? 0 : derived;
    if (*example) add_example(r, "%s", example);
}

int verify_sixteen(const struct verify_request *q, const struct verify_hooks *h,
                   struct verify_report *rep)
{
    struct sixteen_walk *w = calloc(1, sizeof *w);
    if (!w || ss_db_init(&w->db, q->g)) {
        free(w);
        return rep->errors += 1, stop(rep, "out of memory");
    }
    w->q = q;
    w->h = h;
    int errors = 0;
    for (int total = 2; total <= q->set->pieces; total++) {
        for (int m = total - 1; 2 * m >= total; m--) {
            if (m > SS_MAX_PIECES) continue;
            struct ss_layer *l = malloc(sizeof *l);
            if (!l || ss_layer_init(l, &w->db, m, total - m)) {
                free(l);
                errors += stop(rep, "out of memory");
                goto done;
            }
            struct verify_layer r;
            layer_start(&r, q->g, true, m, total - m, -1, 0);
            sixteen_material(w, l, &r);
            errors += r.inconsistent > 0 || r.failed;
            layer_done(rep, h, &r);
            if (r.not_checked || total == q->set->pieces) { /* nothing larger reads it */
                ss_layer_free(l);
                free(l);
            } else {
                ss_db_add(&w->db, l);
            }
        }
        /* the materials of one size do not lead into each other: the next size is where a
         * missing one is missed */
        if (*w->now && !*w->broken) snprintf(w->broken, sizeof w->broken, "%s", w->now);
    }
done:
    ss_db_free(&w->db);
    free(w);
    rep->errors += errors;
    return errors;
}

/* ---- Bagh-Chal's placement phase ---- */

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

/* Which layers have a table the prober can answer from (DTM or WDL), and the name of the
 * one to make when not. */
struct presence {
    bool place[BOARD_MAX_POINTS + 1][TABLES_MAX_LAYERS][2], move[TABLES_MAX_LAYERS];
};

static void presence_init(struct presence *pr, const struct game *g, const char *dir)
{
    char w[1024], d[1024];
    memset(pr, 0, sizeof *pr);
    for (int c = 0; c < g->captures_to_win && c < TABLES_MAX_LAYERS; c++) {
        tables_name(w, sizeof w, dir, g, 0, c, TB_WDL);
        tables_name(d, sizeof d, dir, g, 0, c, TB_DTM);
        pr->move[c] = access(w, F_OK) == 0 || access(d, F_OK) == 0;
        for (int h = 1; h <= g->ngoats && h <= BOARD_MAX_POINTS; h++)
            for (int s = 0; s < 2; s++) {
                tables_place_name(w, sizeof w, dir, g, h, c, s, TB_WDL);
                tables_place_name(d, sizeof d, dir, g, h, c, s, TB_DTM);
                pr->place[h][c][s] = access(w, F_OK) == 0 || access(d, F_OK) == 0;
            }
    }
}

/* Whether every successor whose value needs a table has one; if not, the name of the
 * first missing one in name. */
static bool successors_there(const struct game *g, const struct presence *pr,
                             const struct movelist *l, int moves, const char *dir, char *name,
                             size_t len)
{
    for (int j = 0; j < moves; j++) {
        const struct position *s = &l->succ[j];
        struct outcome o;
        if (g->ops->over(g, s, &o)) continue; /* no table: the game is over */
        int c = g->ngoats - s->inhand - bits_count(s->men[0]);
        if (c < 0 || c >= TABLES_MAX_LAYERS) continue;
        bool there = s->inhand ? pr->place[s->inhand][c][s->side] : pr->move[c];
        if (there) continue;
        char path[1024];
        if (s->inhand)
            tables_place_name(path, sizeof path, dir, g, s->inhand, c, s->side, TB_WDL);
        else
            tables_name(path, sizeof path, dir, g, 0, c, TB_WDL);
        snprintf(name, len, "%s", base_name(path));
        return false;
    }
    return true;
}

/* The placement layers, one at a time, read through the prober. */
struct placement_walk {
    const struct verify_request *q;
    struct prober p;
    struct symmap sm; /* the placement layers' indexes are built here, one at a time */
    struct movelist l;
    struct presence pr;
};

/* Position i of layer (h, r's captured, side) re-derived: 0 when checked (or not, with
 * the missing successor's table in gone), 1 when a table cannot be read (why in example),
 * -1 when out of memory. */
static int placement_position(struct placement_walk *w, const struct pair_index *ix, struct tb *wdl,
                              uint64_t i, struct verify_layer *r, char *example, size_t len,
                              char *gone, size_t gonelen)
{
    const struct game *g = w->q->g;
    bits_t T, G;
    pair_index_unrank(ix, i, &T, &G);
    struct position pos = {.men = {G, T}, .side = r->side, .inhand = r->inhand};
    retro_code stored, want = 0;
    uint16_t entry = 0;
    bool known, exact = false;
    char err[400], name[1024];
    int moves = g->ops->moves(g, &pos, &w->l);
    if (moves < 0) return -1;
    if (!successors_there(g, &w->pr, &w->l, moves, w->q->dir, name, sizeof name)) {
        if (!r->not_checked++) snprintf(gone, gonelen, "%s", name);
        return 0;
    }
    if (prober_probe(&w->p, &pos, &stored, &known, err, sizeof err) ||
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
    g->ops->format(g, &pos, fen, sizeof fen);
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

/* One placement layer (r's) whose WDL table is at path: its errors, -1 when out of memory. */
static int placement_layer(struct placement_walk *w, const char *path, struct verify_layer *r)
{
    const struct game *g = w->q->g;
    int h = r->inhand, c = r->captured, side = r->side;
    struct pair_index ix;
    if (pair_index_init(&ix, g->board, &w->sm, g->ntigers, g->ngoats - h - c)) return -1;
    uint64_t n = ix.size, m = w->q->sample && w->q->sample < n ? w->q->sample : n;
    r->layer_positions = n;
    char example[VERIFY_EXAMPLE_LEN] = "", err[400], gone[1024] = "", dtm_path[1024];
    /* the WDL table itself, when the prober answers from the DTM table */
    struct tb *wdl = NULL;
    tables_place_name(dtm_path, sizeof dtm_path, w->q->dir, g, h, c, side, TB_DTM);
    struct tb_meta want_wdl = tables_place_meta(g, h, c, side, TB_WDL, n);
    bool wdl_bad =
        access(dtm_path, F_OK) == 0 && tables_open(path, &want_wdl, &wdl, err, sizeof err);
    if (wdl_bad) {
        snprintf(example, sizeof example, "%s", err);
        r->failed = true;
        r->not_checked = m;
    }
    int rc = 0;
    for (uint64_t k = 0; k < m && !wdl_bad; k++) {
        rc = placement_position(w, &ix, wdl, retro_sample_index(k, n, m), r, example,
                                sizeof example, gone, sizeof gone);
        if (rc < 0) break;
        if (rc) { /* a table could not be read: the rest is not checked */
            r->failed = true;
            r->not_checked += m - k;
            break;
        }
    }
    tb_close(wdl);
    pair_index_free(&ix);
    if (rc < 0) return -1;
    r->positions = m - r->not_checked;
    if (*example) add_example(r, "%s", example);
    if (*gone) add_example(r, "not checked: successor table missing (%s)", gone);
    return r->inconsistent > 0 || r->failed;
}

int verify_placement(const struct verify_request *q, const struct verify_hooks *h,
                     struct verify_report *rep)
{
    const struct game *g = q->g;
    struct placement_walk *w = malloc(sizeof *w);
    if (!w) return rep->errors += 1, stop(rep, "out of memory");
    w->q = q;
    prober_init(&w->p, g, q->dir);
    symmap_init(&w->sm, g->board);
    movelist_init(&w->l);
    presence_init(&w->pr, g, q->dir);
    int errors = 0;
    char path[1024];
    for (int hand = 1; hand <= g->ngoats; hand++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - hand; c++)
            for (int side = 0; side < 2; side++) {
                tables_place_name(path, sizeof path, q->dir, g, hand, c, side, TB_WDL);
                if (access(path, F_OK) != 0) continue;
                struct verify_layer r;
                layer_start(&r, g, false, hand, c, side, 0);
                int e = placement_layer(w, path, &r);
                if (e < 0) {
                    errors += stop(rep, "out of memory");
                    goto done;
                }
                errors += e;
                layer_done(rep, h, &r);
            }
done:
    movelist_free(&w->l);
    prober_free(&w->p);
    free(w);
    rep->errors += errors;
    return errors;
}

/* One placement position's DTC code re-derived from its moves with the rules engine and
 * the prober (at the prober's limit), as the definition reads: a move that ends the game is
 * worth its result; a placement or capture zeroes the clock, so it is worth only the class
 * at clock 0 of where it leads; a step keeps the clock running, so its successor's DTC
 * counts (retro_derive_dtc folds them). PROBER_MISSING when a successor's DTC table is
 * missing (its name in err); -1 with err when one cannot be read. */
static int derive_place_dtc(const struct game *g, struct prober *p, const struct position *pos,
                            const struct movelist *l, int moves, retro_code *want, char *err,
                            size_t errlen)
{
    struct move_fold ex = {0};
    retro_code steps[4 * BOARD_MAX_DEGREE]; /* a tiger's steps: four tigers, each neighbour */
    uint64_t which[4 * BOARD_MAX_DEGREE];
    int ns = 0;
    for (int j = 0; j < moves; j++) {
        const struct position *s = &l->succ[j];
        struct outcome o;
        if (g->ops->over(g, s, &o)) {
            move_fold_add(&ex, o.winner < 0 ? RETRO_DRAW : o.winner == pos->side ? 1 : 2);
            continue;
        }
        retro_code code;
        bool known;
        uint16_t cls;
        int rc = prober_probe(p, s, &code, &known, err, errlen);
        if (!rc) rc = prober_probe_class(p, s, &cls, err, errlen);
        if (rc == PROBER_MISSING) {
            char path[1024];
            int c = g->ngoats - s->inhand - bits_count(s->men[0]);
            tables_dtc_name(path, sizeof path, "", g, s->inhand, c, s->inhand ? s->side : -1,
                            p->limit);
            snprintf(err, errlen, "%s", path + 1);
        }
        if (rc) return rc;
        retro_code d = dtc_of_class(cls);
        bool zeroing = s->inhand < pos->inhand || bits_count(s->men[0]) < bits_count(pos->men[0]);
        if (zeroing) {
            move_fold_add(&ex, !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1);
        } else if (ns == 4 * BOARD_MAX_DEGREE) {
            return snprintf(err, errlen, "more steps than four tigers have"), -1;
        } else {
            steps[ns] = d;
            which[ns] = (uint64_t)ns;
            ns++;
        }
    }
    *want = retro_derive_dtc(ns, which, steps, &ex, p->limit);
    return 0;
}

/* Position i of a placement DTC layer (r's) re-derived: 0 when checked (or not, with the
 * missing successor's table in gone), 1 when a table cannot be read (why in example). */
static int placement_dtc_position(struct placement_walk *w, const struct pair_index *ix,
                                  struct tb *t, uint64_t i, struct verify_layer *r, char *example,
                                  size_t len, char *gone, size_t gonelen)
{
    const struct game *g = w->q->g;
    bits_t T, G;
    pair_index_unrank(ix, i, &T, &G);
    struct position pos = {.men = {G, T}, .side = r->side, .inhand = r->inhand};
    uint16_t entry;
    retro_code S, want;
    bool known;
    char err[VERIFY_EXAMPLE_LEN];
    int moves = g->ops->moves(g, &pos, &w->l), rc;
    if (moves < 0 || tb_probe(t, i, &entry, err, sizeof err) ||
        prober_probe(&w->p, &pos, &S, &known, err, sizeof err))
        rc = -1;
    else
        rc = derive_place_dtc(g, &w->p, &pos, &w->l, moves, &want, err, sizeof err);
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
    g->ops->format(g, &pos, fen, sizeof fen);
    snprintf(example, len, "%s: stored %s (class code %u), its moves give %s (class code %u)", fen,
             class_word(entry), entry, class_word(cls), cls);
    return 0;
}

/* One placement DTC layer (r's) whose table is at path: its errors, -1 when its index
 * cannot be built. */
static int placement_dtc_layer(struct placement_walk *w, const char *path, struct verify_layer *r)
{
    const struct game *g = w->q->g;
    struct pair_index ix;
    if (pair_index_init(&ix, g->board, &w->sm, g->ntigers, g->ngoats - r->inhand - r->captured))
        return -1;
    uint64_t n = ix.size, m = w->q->sample && w->q->sample < n ? w->q->sample : n;
    r->layer_positions = n;
    char err[VERIFY_EXAMPLE_LEN], example[VERIFY_EXAMPLE_LEN] = "", gone[VERIFY_EXAMPLE_LEN] = "";
    struct tb_meta want_meta = tables_dtc_meta(g, r->inhand, r->captured, r->side, w->p.limit, n);
    struct tb *t = NULL;
    if (tables_open(path, &want_meta, &t, err, sizeof err)) {
        snprintf(example, sizeof example, "%s", err);
        r->failed = true;
        r->not_checked = m;
    }
    for (uint64_t k = 0; k < m && !r->failed; k++)
        if (placement_dtc_position(w, &ix, t, retro_sample_index(k, n, m), r, example,
                                   sizeof example, gone, sizeof gone)) {
            r->failed = true;
            r->not_checked += m - k;
        }
    tb_close(t);
    pair_index_free(&ix);
    r->positions = m - r->not_checked;
    if (*example) add_example(r, "%s", example);
    if (*gone) add_example(r, "%s", gone);
    return r->inconsistent > 0 || r->failed;
}

/* Every placement DTC layer of one limit there. */
static int placement_dtc_limit(struct placement_walk *w, const struct verify_hooks *h,
                               struct verify_report *rep)
{
    const struct game *g = w->q->g;
    int errors = 0;
    char path[1024];
    for (int hand = 1; hand <= g->ngoats; hand++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - hand; c++)
            for (int side = 0; side < 2; side++) {
                tables_dtc_name(path, sizeof path, w->q->dir, g, hand, c, side, w->p.limit);
                if (access(path, F_OK) != 0) continue;
                struct verify_layer r;
                layer_start(&r, g, false, hand, c, side, w->p.limit);
                int e = placement_dtc_layer(w, path, &r);
                if (e < 0) {
                    errors += stop(rep, "out of memory");
                    continue;
                }
                errors += e;
                layer_done(rep, h, &r);
            }
    return errors;
}

int verify_placement_dtc(const struct verify_request *q, const struct verify_hooks *h,
                         struct verify_report *rep)
{
    int limits[16], nl = tables_dtc_limits(q->dir, q->g, limits, 16), errors = 0;
    struct placement_walk *w = malloc(sizeof *w);
    if (!w) return rep->errors += 1, stop(rep, "out of memory");
    w->q = q;
    symmap_init(&w->sm, q->g->board);
    movelist_init(&w->l);
    for (int li = 0; li < nl; li++) {
        prober_init(&w->p, q->g, q->dir);
        w->p.limit = limits[li];
        errors += placement_dtc_limit(w, h, rep);
        prober_free(&w->p);
    }
    movelist_free(&w->l);
    free(w);
    rep->errors += errors;
    return errors;
}
