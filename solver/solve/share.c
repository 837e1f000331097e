#include "share.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp.h>

#include "bigmem.h"
#include "retro.h"
#include "checkpoint.h"

/* The most children a layer has (as the driver's walk allows). */
#define SHARE_MAX_KIDS 64

int share_solve_alone(const struct game *g, const struct layer_key *k, uint64_t memory,
                      const struct solve_hooks *h, char *err, size_t errlen)
{
    struct solve_request q = {.targets = k, .ntargets = 1, .targets_only = true, .memory = memory};
    return solve_layers(g, &q, h, err, errlen);
}

uint64_t share_need(const struct game *g, const struct layer_key *k, int nparts)
{
    struct layer_need w;
    g->ops->layers->need(g, k, &w);
    uint64_t slice = (w.positions + (uint64_t)nparts - 1) / (uint64_t)nparts;
    return w.compact - w.positions * sizeof(retro_code) + slice * sizeof(retro_code) + w.exits;
}

/* One part's state in a shared solve of layer k. */
struct shared {
    const struct game *g;
    const struct game_layers *gl;
    struct layer_key k;
    const struct solve_share *sh;
    const struct solve_hooks *h;
    uint64_t memory; /* the bound, 0 for none */
    char *err;
    size_t errlen;
    char title[64];                        /* the layer's, for messages: "material 3+2" */
    void *ix;                              /* the game's index set */
    uint64_t size;                         /* the layer's positions */
    uint64_t *bounds;                      /* the slices': slice p is [bounds[p], bounds[p + 1]) */
    uint64_t lo, hi;                       /* this part's */
    retro_code *res;                       /* this part's slice of the codes */
    struct held_layer kid[SHARE_MAX_KIDS]; /* the children, their codes read back */
    int nkids;
    uint64_t bytes[2]; /* WDL, DTM: the tables' sizes */
    bool here;         /* this part failed, and err says why */
    bool resumed;      /* every part found the tables stored and sound */
};

/* The layer's table of kind `kind` (its size known). */
static struct store_table table_of(const struct shared *s, enum tb_kind kind)
{
    return solve_table(&s->k, kind, s->size, 0);
}

/* The layer's DTM table's path, the stem of the names of its checkpoints and slices (4096
 * bytes at most). */
static void dtm_path(const struct shared *s, char *buf, size_t len)
{
    struct store_table t = table_of(s, TB_DTM);
    store_name(&s->h->store, s->g, &t, buf, len);
}

/* Removes the files named as the layer's DTM table and then `tail`: ".ckpt" its
 * checkpoints, a shared solve's ones by part and those cut short with them; ".part-" the
 * slices of a shared solve, also those of a killed run, whose slices may have been more. */
static void remove_leftovers(const struct shared *s, const char *tail)
{
    struct store_table t = table_of(s, TB_DTM);
    solve_remove_leftovers(s->h, s->g, &t, tail);
}

/* What the table writer reads a shared layer's codes from: the first slice in memory, the
 * others from their files. */
struct slices {
    const uint64_t *bounds;
    int nparts;
    const retro_code *first; /* slice 0 */
    int *fd;                 /* [p]: slice p's file, p > 0 */
};

static int fill_from_slices(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct slices *s = ctx;
    while (n) {
        int p = 0;
        while (p + 1 < s->nparts && s->bounds[p + 1] <= first) p++;
        uint64_t end = s->bounds[p + 1], k = end - first < n ? end - first : n;
        if (p == 0)
            memcpy(out, s->first + first, k * sizeof *out);
        else if (checkpoint_read(s->fd[p], first - s->bounds[p], k, out))
            return -1; /* the table is not written (tb.h) */
        first += k, out += k, n -= k;
    }
    return 0;
}

/* Slice p's file: the DTM table's path and ".part-P". */
static void slice_path(const struct shared *s, int p, char *buf, size_t len)
{
    char name[4096];
    dtm_path(s, name, sizeof name);
    snprintf(buf, len, "%s.part-%d", name, p);
}

/* A part's checkpoints of a shared solve: its slice saved midway, in the DTM table's path
 * and ".ckpt.P-of-N" (the number of parts in the name: slices cut otherwise are others)
 * and ".a" or ".b". Two files, written in turn: a save overwrites the one not holding the
 * last level every part saved (the engine's saves are collective, the next begins once the
 * last is done everywhere), so that whenever the run is killed, even midway through a
 * save, every part still holds that level in one of them. */
struct part_checkpoint {
    const struct shared *s;
    int part, nparts;
    uint64_t positions; /* the slice's */
    int keep; /* the file, 0 (.a) or 1 (.b), of the last level saved everywhere; -1: none */
};

/* Part `part`'s file `slot` (part -1: a pattern for every part's, "*" for P and the slot). */
static void part_checkpoint_path(const struct part_checkpoint *c, int part, int slot, char *buf,
                                 size_t len)
{
    char name[4096];
    dtm_path(c->s, name, sizeof name);
    if (part < 0)
        snprintf(buf, len, "%s.ckpt.*-of-%d.*", name, c->nparts);
    else
        snprintf(buf, len, "%s.ckpt.%d-of-%d.%c", name, part, c->nparts, "ab"[slot]);
}

/* Collective, before the solve: the level every part holds a checkpoint of, the least of
 * the parts' latest (the files' headers only: the engine's restore reads the codes, and if
 * one part's prove damaged all start afresh), into c->keep; this part's other file goes, so
 * that every part holds that level alone. With no such level each part's files go. */
static void choose_checkpoint(struct part_checkpoint *c, const struct solve_share *sh)
{
    int level[2] = {-1, -1}, highest;
    char path[2][4200];
    for (int k = 0; k < 2; k++) {
        part_checkpoint_path(c, c->part, k, path[k], sizeof path[k]);
        if (checkpoint_peek(path[k], c->positions, &level[k], &highest)) level[k] = -1;
    }
    int latest = level[0] > level[1] ? 0 : 1;
    int64_t least[1] = {-(int64_t)level[latest]}; /* the least as a maximum */
    sh->reduce(sh->arg, least, 1, false);
    int common = (int)-least[0];
    int slot = common < 0 ? -1 : level[0] == common ? 0 : level[1] == common ? 1 : -1;
    int64_t missing[1] = {slot < 0};
    sh->reduce(sh->arg, missing, 1, false);
    c->keep = missing[0] ? -1 : slot;
    for (int k = 0; k < 2; k++)
        if (k != c->keep) unlink(path[k]);
}

/* The engine's save: as the driver's, a checkpoint that cannot be written stops nothing. */
static int save_part(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct part_checkpoint *c = arg;
    int slot = c->keep == 0 ? 1 : 0;
    char path[4200], why[4400];
    part_checkpoint_path(c, c->part, slot, path, sizeof path);
    if (checkpoint_save(path, res, n, level, highest, why, sizeof why) == 0)
        c->keep = slot;
    else
        solve_notice(c->s->h, "%s; the solve goes on without it", why);
    return 0;
}

/* The engine's restore: this part's slice at the level chosen, taken up if every part's
 * reads back sound (the engine agrees); a damaged one is said, and the layer solved from
 * its start. */
static int restore_part(void *arg, retro_code *res, uint64_t n, int *level, int *highest)
{
    const struct part_checkpoint *c = arg;
    if (c->keep < 0) return -1;
    char path[4200], why[4400];
    part_checkpoint_path(c, c->part, c->keep, path, sizeof path);
    int rc = checkpoint_load(path, res, n, level, highest, why, sizeof why);
    if (rc < 0) solve_notice(c->s->h, "%s; solving %s from its start", why, c->s->title);
    return rc == 0 ? 0 : -1;
}

/* The first part writes the tables from every slice, reading the others' from their
 * files, checked first. 0 or -1 with err. */
static int save_shared(struct shared *s, const struct retro_share *S, int max_code)
{
    int P = S->nparts, rc = 0;
    int *fd = calloc((size_t)P, sizeof *fd);
    if (!fd) return solve_fail(s->err, s->errlen, "out of memory");
    for (int p = 1; p < P; p++) fd[p] = -1;
    char path[4200];
    for (int p = 1; p < P && !rc; p++) {
        slice_path(s, p, path, sizeof path);
        rc = checkpoint_open(path, S->bounds[p + 1] - S->bounds[p], &fd[p], s->err, s->errlen);
    }
    struct slices sl = {S->bounds, P, s->res, fd};
    struct tb_source src = {.fill = fill_from_slices, .ctx = &sl, .max_code = max_code};
    struct store_table t = table_of(s, TB_WDL);
    if (!rc)
        rc = solve_save_layer(s->g, s->h, &t, &src, &s->bytes[0], &s->bytes[1], s->err, s->errlen);
    for (int p = 1; p < P; p++)
        if (fd[p] >= 0) close(fd[p]);
    free(fd);
    return rc;
}

/* A stored layer's slice read back from its DTM table, block by block. 0 or -1. */
static int read_slice(struct shared *s)
{
    char name[4096];
    dtm_path(s, name, sizeof name);
    struct tb *tb;
    if (tb_open(name, &tb, s->err, s->errlen)) return -1;
    int rc = 0;
    for (uint64_t i = s->lo; i < s->hi && !rc; i++)
        rc = tb_probe(tb, i, &s->res[i - s->lo], s->err, s->errlen);
    tb_close(tb);
    return rc;
}

/* Collective: v[0], this part's failure, made whether any part failed, and v[1..n-1] the
 * maxima (sum: the sums) of the rest. */
static bool agree(const struct solve_share *sh, int64_t *v, int n, bool sum)
{
    if (sum) {
        int64_t f = v[0];
        sh->reduce(sh->arg, v, n, true);
        v[0] = f;
    }
    sh->reduce(sh->arg, v, sum ? 1 : n, false);
    return v[0] != 0;
}

/* The checks every part of a shared solve makes alike, so that all refuse before any
 * collective call: the parts, the store, a cyclic layer of the game's with an engine, and
 * a bound the game can reckon with. 0, or -1 with err. */
static int shared_check(const struct game *g, const struct layer_key *k, uint64_t memory,
                        const struct solve_share *sh, const struct solve_hooks *h, char *err,
                        size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    if (!gl) return solve_fail(err, errlen, "%s has no tables", g->ops->title);
    if (sh->nparts < 1 || sh->part < 0 || sh->part >= sh->nparts)
        return solve_fail(err, errlen, "part %d of %d: out of range", sh->part, sh->nparts);
    if (!h->store.dir || h->store.load || h->store.save)
        return solve_fail(err, errlen,
                          "a shared solve needs the tables' directory (no store hooks)");
    int n = gl->list(g, NULL, 0), found = -1;
    struct layer_entry *e = calloc((size_t)(n ? n : 1), sizeof *e);
    if (!e) return solve_fail(err, errlen, "out of memory");
    gl->list(g, e, n);
    for (int i = 0; i < n && found < 0; i++)
        if (!memcmp(&e[i].k, k, sizeof *k)) found = i;
    bool cyclic = found >= 0 && e[found].kind == LAYER_CYCLIC;
    free(e);
    char name[64];
    gl->name(g, k, name, sizeof name);
    if (!cyclic || !gl->engine_open)
        return solve_fail(err, errlen, "layer %s is not a cyclic layer of the game's", name);
    if (memory && !gl->need)
        return solve_fail(err, errlen, "%s: its solve takes no memory bound", g->ops->title);
    return 0;
}

/* This part's set-up: the index and the layer's size, the bound checked, the slices'
 * bounds and its slice's codes; a failure sets s->here. */
static void shared_setup(struct shared *s)
{
    const struct solve_share *sh = s->sh;
    char why[400];
    s->bounds = malloc(((size_t)sh->nparts + 1) * sizeof *s->bounds);
    if (!s->bounds || !(s->ix = s->gl->index_new(s->g, 0))) {
        s->here = true;
        solve_fail(s->err, s->errlen, "out of memory setting up %s", s->title);
        return;
    }
    if (s->gl->size(s->g, s->ix, &s->k, &s->size, why, sizeof why)) {
        s->here = true;
        solve_fail(s->err, s->errlen, "%s", why);
        return;
    }
    uint64_t need = s->memory ? share_need(s->g, &s->k, sh->nparts) : 0;
    if (need > s->memory) {
        s->here = true;
        solve_fail(s->err, s->errlen,
                   "a memory bound of %.2f GB is too little: %s shared by %d needs %.2f GB each",
                   s->memory / 1e9, s->title, sh->nparts, need / 1e9);
        return;
    }
    for (int p = 0; p <= sh->nparts; p++)
        s->bounds[p] = s->size * (uint64_t)p / (uint64_t)sh->nparts;
    s->lo = s->bounds[sh->part], s->hi = s->bounds[sh->part + 1];
    if (!(s->res = big_alloc((s->hi - s->lo ? s->hi - s->lo : 1) * sizeof *s->res)))
        s->here = true, solve_fail(s->err, s->errlen, "out of memory for %s", s->title);
}

/* The layer's children read back from their DTM tables into s->kid, as the engine reads
 * them. 0, or -1 with err. */
static int hold_children(struct shared *s)
{
    struct layer_key k[SHARE_MAX_KIDS];
    int nk = s->gl->children(s->g, &s->k, k, SHARE_MAX_KIDS);
    if (nk > SHARE_MAX_KIDS) return solve_fail(s->err, s->errlen, "a layer with too many children");
    char why[1400];
    for (int j = 0; j < nk; j++) {
        uint64_t n;
        if (s->gl->size(s->g, s->ix, &k[j], &n, why, sizeof why))
            return solve_fail(s->err, s->errlen, "%s", why);
        retro_code *codes = big_alloc((n ? n : 1) * sizeof *codes);
        if (!codes) return solve_fail(s->err, s->errlen, "out of memory for %s", s->title);
        struct store_table t = solve_table(&k[j], TB_DTM, n, 0);
        if (store_load(&s->h->store, s->g, &t, STORE_READ, codes, NULL, why, sizeof why)) {
            free(codes);
            return solve_fail(s->err, s->errlen, "%s (read back for the moves of %s)", why,
                              s->title);
        }
        /* read whole, then only the part the engine reads kept (the game's entry_part) */
        s->kid[s->nkids++] = solve_hold_codes(s->g, &k[j], n, codes);
    }
    return 0;
}

static void release_children(struct shared *s)
{
    for (int j = 0; j < s->nkids; j++) solve_held_free(&s->kid[j]);
    s->nkids = 0;
}

/* Collective: whether every part finds both tables stored and sound (s->resumed); a
 * damaged one the first part's notice says. Returns whether any part failed. */
static bool shared_verify(struct shared *s)
{
    int64_t v[2] = {s->here, 0};
    for (int k = 0; k < 2 && !s->here; k++) {
        struct store_table t = table_of(s, k == 0 ? TB_WDL : TB_DTM);
        char why[400];
        int got =
            store_load(&s->h->store, s->g, &t, STORE_VERIFY, NULL, &s->bytes[k], why, sizeof why);
        if (got) v[1] = 1;
        if (got && got != STORE_ABSENT && s->sh->part == 0)
            solve_notice(s->h, "%s; solving it again", why);
    }
    bool any = agree(s->sh, v, 2, false);
    s->resumed = !any && !v[1];
    return any;
}

/* Collective: the engine's view of the layer, its children read back, opened by every
 * part (R->ctx NULL where it is not). Returns whether any part failed. */
static bool shared_open(struct shared *s, struct retro_layer *R)
{
    char why[400];
    *R = (struct retro_layer){0};
    if (hold_children(s)) {
        s->here = true;
    } else if (s->gl->engine_open(s->g, s->ix, &s->k, s->kid, s->nkids, 0, R, why, sizeof why)) {
        s->here = true;
        R->ctx = NULL;
        solve_fail(s->err, s->errlen, "%s", why);
    }
    int64_t v[1] = {s->here};
    return agree(s->sh, v, 1, false);
}

/* Collective: the layer solved by every part together, this one its slice, taking up the
 * checkpoints every part holds. */
static void shared_solve(struct shared *s, struct retro_layer *R, const struct retro_share *S)
{
    const struct solve_hooks *h = s->h;
    solve_task_begin(h, s->title);
    R->progress = h->task_progress;
    R->progress_arg = h->arg;
    R->compact = true;
    struct part_checkpoint ck = {s, s->sh->part, s->sh->nparts, s->hi - s->lo, -1};
    choose_checkpoint(&ck, s->sh);
    R->save = save_part;
    R->restore = restore_part;
    R->save_arg = &ck;
    R->save_seconds = solve_checkpoint_every(h);
    struct retro_stats rs;
    if (retro_solve_shared(R, S, s->res, &rs) == -1) /* -2: another part, said later */
        s->here = true, solve_fail(s->err, s->errlen, "out of memory solving %s", s->title);
    solve_task_end(h);
    if (rs.taken_up >= 0 && s->sh->part == 0) {
        char files[4200];
        part_checkpoint_path(&ck, -1, 0, files, sizeof files);
        solve_notice(h, "%s taken up at level %d from %s", s->title, rs.taken_up, files);
    }
}

/* Collective, after the solve (any: some part failed before): the figures over every
 * slice; the slices but the first into their files, then the first writes the tables;
 * every part's figures into r (but seconds). Returns whether any part failed. */
static bool shared_save(struct shared *s, const struct retro_share *S, bool any,
                        struct solve_layer *r)
{
    const struct solve_share *sh = s->sh;
    uint64_t slice = s->hi - s->lo;
    /* the figures over every slice, and the largest code */
    struct retro_tally t = s->here || any ? (struct retro_tally){0} : retro_tally(s->res, slice);
    int64_t f[4] = {s->here, (int64_t)t.win, (int64_t)t.draw, (int64_t)t.loss};
    int64_t x[2] = {s->here, t.win + t.loss ? t.max_dtm + 1 : 0};
    any = agree(sh, f, 4, true) || agree(sh, x, 2, false);
    if (!any && !s->resumed && sh->part > 0) {
        char path[4200];
        slice_path(s, sh->part, path, sizeof path);
        s->here = checkpoint_save(path, s->res, slice, 0, 0, s->err, s->errlen) != 0;
    }
    int64_t w[1] = {s->here};
    any = agree(sh, w, 1, false);
    if (!any && !s->resumed && sh->part == 0) s->here = save_shared(s, S, (int)x[1]) != 0;
    if (sh->part == 0) remove_leftovers(s, ".part-");
    if (!any && !s->here && !s->resumed && sh->part == 0) remove_leftovers(s, ".ckpt");
    /* the first part's saving, and its sizes, are every part's */
    int64_t z[3] = {s->here, (int64_t)s->bytes[0], (int64_t)s->bytes[1]};
    any = agree(sh, z, 3, false);
    *r = (struct solve_layer){.key = s->k,
                              .positions = s->size,
                              .win = (uint64_t)f[1],
                              .draw = (uint64_t)f[2],
                              .loss = (uint64_t)f[3],
                              .max_dtm = x[1] ? (int)x[1] - 1 : 0,
                              .wdl_bytes = (uint64_t)z[1],
                              .dtm_bytes = (uint64_t)z[2],
                              .resumed = s->resumed,
                              .compact = !s->resumed};
    return any;
}

/* The solve proper, once set up and verified: read back, or solved. Returns whether any
 * part failed. */
static bool shared_run(struct shared *s, const struct retro_share *S, bool any)
{
    if (s->resumed) {
        s->here = read_slice(s) != 0;
        return any;
    }
    if (any) return any;
    struct retro_layer R;
    any = shared_open(s, &R);
    if (!any) shared_solve(s, &R, S);
    if (R.ctx) s->gl->engine_close(&R);
    release_children(s);
    return any;
}

int share_solve(const struct game *g, const struct layer_key *k, uint64_t memory,
                const struct solve_share *sh, const struct solve_hooks *h, char *err, size_t errlen)
{
    err[0] = 0;
    if (shared_check(g, k, memory, sh, h, err, errlen)) return -1;
    double t0 = omp_get_wtime();
    struct shared s = {.g = g,
                       .gl = g->ops->layers,
                       .k = *k,
                       .sh = sh,
                       .h = h,
                       .memory = memory,
                       .err = err,
                       .errlen = errlen};
    s.gl->title(g, k, s.title, sizeof s.title);
    shared_setup(&s);
    bool any = shared_verify(&s);
    struct retro_share S = {.nparts = sh->nparts,
                            .part = sh->part,
                            .bounds = s.bounds,
                            .exchange = sh->exchange,
                            .reduce = sh->reduce,
                            .arg = sh->arg};
    any = shared_run(&s, &S, any);
    struct solve_layer r;
    any = shared_save(&s, &S, any, &r);
    if (any && !s.here) solve_fail(err, errlen, "another process sharing %s failed", s.title);
    if (!any && h->layer) {
        r.seconds = omp_get_wtime() - t0;
        h->layer(h->arg, &r);
    }
    free(s.res);
    free(s.bounds);
    release_children(&s);
    if (s.ix) s.gl->index_free(s.ix);
    return s.here ? -1 : any ? -2 : 0;
}
