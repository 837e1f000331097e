#include "driver.h"

#include <dirent.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigmem.h"
#include "ss_checkpoint.h"

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
    return (struct store_table){kind, k->c[0], k->c[1], k->c[2] ? k->c[2] - 1 : -1, n, limit};
}

/* A walk over the game's layers: the plan (which layers, who reads whom), the codes held,
 * and the pass's figures. Layers are numbered by their place in the game's list. */
struct walk {
    const struct game *g;
    const struct game_layers *gl;
    const struct solve_request *q;
    const struct solve_hooks *h;
    void *ix;              /* the game's index set */
    int n;                 /* layers in the game's list */
    struct layer_entry *e; /* the list */
    bool *wanted;          /* solved (or read back) by this walk */
    int *last;             /* the last wanted layer that reads it; -1 none */
    uint64_t *size;        /* positions, once known */
    retro_code **held;     /* codes held (DTM pass: retro codes; DTC: class codes as
                              solve_class_codes makes them) */
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

/* The children of layer i, as places in the list, into kids (2 * TABLES_MAX_KIDS at most);
 * their number, or -1 with err when one is not in the list. */
#define MAX_KIDS 64
static int walk_children(struct walk *w, int i, int *kids)
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

/* The plan: the targets and all they need, and who reads each last. */
static int walk_plan(struct walk *w)
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
    for (int i = w->n - 1; i >= 0; i--) {
        w->last[i] = -1;
        if (!w->wanted[i] || q->targets_only) continue;
        int nk = walk_children(w, i, kids);
        if (nk < 0) return -1;
        for (int j = 0; j < nk; j++) w->wanted[kids[j]] = true;
    }
    for (int i = 0; i < w->n; i++) {
        if (!w->wanted[i]) continue;
        char title[64];
        walk_title(w, i, title, sizeof title);
        if (w->e[i].kind != LAYER_CYCLIC || !w->gl->engine_open)
            return solve_fail(w->err, w->errlen,
                              "%s: not a cyclic layer, which solve_layers "
                              "solves",
                              title);
        int nk = walk_children(w, i, kids);
        if (nk < 0) return -1;
        for (int j = 0; j < nk; j++)
            if (w->last[kids[j]] < i) w->last[kids[j]] = i;
    }
    return 0;
}

/* The most solving layer i takes by the compact engine, and by the default. */
static void walk_need(const struct walk *w, int i, uint64_t *least, uint64_t *most)
{
    uint64_t solve, buckets, compact, exits;
    w->gl->need(w->g, &w->e[i].k, &solve, &buckets, &compact, &exits);
    *least = compact + exits;
    *most = solve + buckets + exits;
}

/* Under a memory bound: the game must say what a layer takes, and the least of every
 * layer fit the bound. */
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
        if (!w->wanted[i]) continue;
        walk_need(w, i, &least, &most);
        if (worst < 0 || least > worst_least) worst = i, worst_least = least;
    }
    if (worst < 0 || worst_least <= bound) return 0;
    uint64_t solve, buckets, compact, exits;
    w->gl->need(w->g, &w->e[worst].k, &solve, &buckets, &compact, &exits);
    char title[64];
    walk_title(w, worst, title, sizeof title);
    return solve_fail(w->err, w->errlen,
                      "a memory bound of %.2f GB is too little: %s needs %.2f GB at the least "
                      "(%.2f to solve it by the compact engine, %.2f for the layers its moves "
                      "lead to)",
                      bound / 1e9, title, worst_least / 1e9, compact / 1e9, exits / 1e9);
}

static int walk_size(struct walk *w, int i)
{
    if (w->size[i]) return 0;
    char why[300];
    if (w->gl->size(w->g, w->ix, &w->e[i].k, &w->size[i], why, sizeof why) == 0) return 0;
    return solve_fail(w->err, w->errlen, "%s", why);
}

/* Lets layer i's codes go, and its indexes. */
static void walk_release(struct walk *w, int i)
{
    free(w->held[i]);
    w->held[i] = NULL;
    if (w->gl->index_drop) w->gl->index_drop(w->g, w->ix, &w->e[i].k);
}

/* Layer j's codes, read back for the moves of layer i when not held: its DTM codes, or in
 * the counting rule's pass its classes as codes. */
static int walk_hold(struct walk *w, int j, int i)
{
    if (w->held[j]) return 0;
    if (walk_size(w, j)) return -1;
    uint64_t n = w->size[j];
    int limit = w->q->dtc_limit;
    struct store_table t = solve_table(&w->e[j].k, limit ? TB_DTC : TB_DTM, n, limit);
    char why[400], title[64];
    walk_title(w, i, title, sizeof title);
    if (!(w->held[j] = big_alloc((n ? n : 1) * sizeof **w->held)))
        return solve_fail(w->err, w->errlen, "out of memory for the layers %s reads", title);
    if (store_load(&w->h->store, w->g, &t, STORE_READ, w->held[j], NULL, why, sizeof why)) {
        walk_release(w, j);
        return solve_fail(w->err, w->errlen, "%s (read back for the moves of %s)", why, title);
    }
    if (limit) solve_class_codes(w->held[j], n, w->held[j]);
    return 0;
}

/* Layer i's engine, its children held (read back when not): 0 with *R, or -1. */
static int walk_open(struct walk *w, int i, int limit, struct retro_layer *R)
{
    int kids[MAX_KIDS];
    struct held_layer held[MAX_KIDS];
    int nk = walk_children(w, i, kids);
    if (nk < 0) return -1;
    for (int j = 0; j < nk; j++) {
        if (walk_hold(w, kids[j], i)) return -1;
        held[j] = (struct held_layer){w->e[kids[j]].k, w->held[kids[j]]};
    }
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
        if (w->held[j] && !read) walk_release(w, j);
    }
    return 0;
}

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
    if (ss_checkpoint_save(m->path, res, n, level, highest, why, sizeof why))
        solve_notice(m->w->h, "%s; the solve goes on without it", why);
    return 0;
}

static int restore_midway(void *arg, retro_code *res, uint64_t n, int *level, int *highest)
{
    struct midway *m = arg;
    char why[4400], title[64];
    walk_title(m->w, m->i, title, sizeof title);
    int rc = ss_checkpoint_load(m->path, res, n, level, highest, why, sizeof why);
    if (rc == 0)
        solve_notice(m->w->h, "%s taken up at level %d from %s", title, *level, m->path);
    else if (rc < 0)
        solve_notice(m->w->h, "%s; solving %s from its start", why, title);
    return rc == 0 ? 0 : -1;
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

static void count_codes(const retro_code *res, uint64_t n, struct solve_layer *r)
{
    struct retro_tally t = retro_tally(res, n);
    r->win = t.win;
    r->draw = t.draw;
    r->loss = t.loss;
    r->max_dtm = t.max_dtm;
}

/* Layer i read back into codes when both its tables are stored and sound: 0, else -1 (a
 * damaged one said). */
static int walk_resume(struct walk *w, int i, retro_code *codes, struct solve_layer *r)
{
    struct store_table t = solve_table(&w->e[i].k, TB_DTM, w->size[i], 0);
    if (solve_verify_layer(w->g, w->h, &t, &r->dtm_bytes, &r->wdl_bytes)) return -1;
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

/* The DTM pass's layer i: read back or solved, its codes held while a later layer reads
 * them. */
static int walk_dtm_layer(struct walk *w, int i, struct solve_layer *r)
{
    uint64_t n = w->size[i];
    char title[64];
    walk_title(w, i, title, sizeof title);
    retro_code *codes = big_alloc((n ? n : 1) * sizeof *codes);
    if (!codes) return solve_fail(w->err, w->errlen, "out of memory for %s", title);
    if (walk_resume(w, i, codes, r) == 0) {
        r->resumed = true;
        count_codes(codes, n, r);
    } else if (walk_solve(w, i, codes, r)) {
        free(codes);
        return -1;
    }
    struct store_table t = solve_table(&w->e[i].k, TB_DTM, n, 0);
    solve_remove_leftovers(w->h, w->g, &t, ".ckpt");
    if (w->last[i] > i)
        w->held[i] = codes;
    else
        free(codes);
    return 0;
}

/* solve_dtc_table's make: layer i's classes, its children's held as codes. */
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

/* The counting rule's layer i: its DTC table read back or made, its classes held as codes
 * while a later layer reads them. */
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
    if (w->last[i] > i) {
        solve_class_codes(cls, n, cls);
        w->held[i] = cls;
    } else {
        free(cls);
    }
    return 0;
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

static int walk_layers(struct walk *w)
{
    const struct solve_hooks *h = w->h;
    const struct solve_request *q = w->q;
    for (int i = 0; i < w->n; i++) {
        if (!w->wanted[i]) continue;
        double t0 = omp_get_wtime();
        const struct layer_key *k = &w->e[i].k;
        struct solve_layer r = {.key = *k,
                                .pass = q->pass,
                                .inhand = k->c[0],
                                .captured = k->c[1],
                                .side = k->c[2] ? k->c[2] - 1 : -1,
                                .m = k->c[0],
                                .n = k->c[1]};
        if (walk_size(w, i)) return -1;
        r.positions = w->size[i];
        if (q->dtc_limit ? walk_dtc_layer(w, i, &r) : walk_dtm_layer(w, i, &r)) return -1;
        r.seconds = omp_get_wtime() - t0;
        pass_add(&w->pass, &r);
        if (h->layer && (!q->pass || (h->layer_passes & (unsigned)q->pass))) h->layer(h->arg, &r);
        for (int j = 0; j < w->n; j++)
            if (w->held[j] && w->last[j] <= i) walk_release(w, j);
    }
    return 0;
}

int solve_layers(const struct game *g, const struct solve_request *q, const struct solve_hooks *h,
                 char *err, size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl) return solve_fail(err, errlen, "%s has no tables", g->ops->title);
    if (q->dtc_limit && solve_check_limit(q->dtc_limit, err, errlen)) return -1;
    struct walk w = {
        .g = g, .gl = gl, .q = q, .h = h, .err = err, .errlen = errlen, .pass = {.pass = q->pass}};
    w.n = gl->list(g, NULL, 0);
    size_t n = (size_t)(w.n ? w.n : 1);
    w.e = calloc(n, sizeof *w.e);
    w.wanted = calloc(n, sizeof *w.wanted);
    w.last = calloc(n, sizeof *w.last);
    w.size = calloc(n, sizeof *w.size);
    w.held = calloc(n, sizeof *w.held);
    w.ix = gl->index_new(g);
    int rc = -1;
    if (!w.e || !w.wanted || !w.last || !w.size || !w.held || !w.ix) {
        solve_fail(err, errlen, "out of memory");
    } else {
        gl->list(g, w.e, w.n);
        double t0 = omp_get_wtime();
        if (walk_plan(&w) == 0 && walk_check_memory(&w) == 0) {
            if (q->pass && h->pass_begin) h->pass_begin(h->arg, q->pass);
            rc = walk_layers(&w);
            w.pass.seconds = omp_get_wtime() - t0;
            if (rc == 0 && q->pass && h->pass_end) h->pass_end(h->arg, &w.pass);
        }
    }
    for (int i = 0; w.held && i < w.n; i++) free(w.held[i]);
    if (w.ix) gl->index_free(w.ix);
    free(w.e);
    free(w.wanted);
    free(w.last);
    free(w.size);
    free(w.held);
    return rc;
}
