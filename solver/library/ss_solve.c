#include "ss_solve.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp.h>

#include "bigmem.h"
#include "driver.h"
#include "index.h"
#include "retro.h"
#include "ss_checkpoint.h"
#include "ss_layers.h"

/* What a shared solve's db hooks share: ours, the current material's table sizes, and the
 * first store error (the db only hears that a hook failed). */
struct run {
    const struct game *g;
    const struct solve_hooks *h;
    uint64_t bytes[2]; /* WDL, DTM of the material being done */
    char *err;
    size_t errlen;
    bool failed;
    uint64_t memory; /* the bound, 0 for none */
};

/* And by the compact engine: its codes and index, and the codes its captures read. */
static uint64_t compact_need(const struct ss_plan_material *p)
{
    return p->compact_bytes + p->exit_bytes;
}

/* The material {m, n} of ss_plan's figures. */
static struct ss_plan_material plan_of(const struct game *g, int m, int n)
{
    struct ss_plan_material p[SS_MAX_PIECES * SS_MAX_PIECES];
    int count = ss_plan(g, m + n, p, SS_MAX_PIECES * SS_MAX_PIECES);
    for (int k = 0; k < count; k++)
        if ((p[k].m == m && p[k].n == n) || (p[k].m == n && p[k].n == m)) return p[k];
    return (struct ss_plan_material){.m = m, .n = n};
}

/* Material {m, n}'s DTM table's path, the stem of the names of its checkpoints and slices
 * (4096 bytes at most). */
static void dtm_path(const struct run *u, int m, int n, uint64_t size, char *buf, size_t len)
{
    struct store_table t = {TB_DTM, m, n, -1, size, 0};
    store_name(&u->h->store, u->g, &t, buf, len);
}

/* Removes the files of material {m, n} named as its DTM table and then `tail`: ".ckpt" its
 * checkpoints, a shared solve's ones by part and those cut short with them; ".part-" the
 * slices of a shared solve, also those of a killed run, whose slices may have been more. */
static void remove_leftovers(const struct run *u, int m, int n, uint64_t size, const char *tail)
{
    struct store_table t = {TB_DTM, m, n, -1, size, 0};
    solve_remove_leftovers(u->h, u->g, &t, tail);
}

/* A material's checkpoints, and those cut short, once its tables are saved. */
static void remove_checkpoint(const struct run *u, const struct ss_layer *l)
{
    remove_leftovers(u, l->m, l->n, l->size, ".ckpt");
}

/* The db of a shared solve: it holds what the material's captures read, read back from
 * their DTM tables. */
static void db_hooks(struct ss_db *db, struct run *u);

/* Reads a material its captures lead to back from its DTM table (exits_only). */
static int reload(void *arg, struct ss_layer *l)
{
    struct run *u = arg;
    struct store_table t = {TB_DTM, l->m, l->n, -1, l->size, 0};
    char why[400];
    if (!store_load(&u->h->store, u->g, &t, STORE_READ, l->res, NULL, why, sizeof why)) return 0;
    snprintf(u->err, u->errlen, "%s (read back for the captures of a larger material)", why);
    u->failed = true;
    return -1;
}

/* Orders material {*m, *n} so that *m >= *n; -1 with err when it is out of range. */
static int material_in_range(int *m, int *n, char *err, size_t errlen)
{
    if (*m < *n) {
        int t = *m;
        *m = *n, *n = t;
    }
    if (*n < 1 || *m > SS_MAX_PIECES)
        return snprintf(err, errlen, "material %d+%d: out of range", *m, *n), -1;
    return 0;
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

static void db_hooks(struct ss_db *db, struct run *u)
{
    db->exits_only = true;
    db->layer_reload = reload;
    db->hook_arg = u;
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

int ss_solve_material(const struct game *g, int m, int n, uint64_t memory,
                      const struct solve_hooks *h, char *err, size_t errlen)
{
    if (material_in_range(&m, &n, err, errlen)) return -1;
    if (memory) {
        struct ss_plan_material p = plan_of(g, m, n);
        if (compact_need(&p) > memory) return too_little(&p, memory, err, errlen);
    }
    struct layer_key k = {{m, n, 0, 0}};
    struct solve_request q = {.targets = &k, .ntargets = 1, .targets_only = true, .memory = memory};
    return solve_layers(g, &q, h, err, errlen);
}

/* ---- One material shared among processes ---------------------------------------------- */

uint64_t ss_share_need(const struct ss_plan_material *p, int nparts)
{
    uint64_t slice = (p->positions + (uint64_t)nparts - 1) / (uint64_t)nparts;
    return p->compact_bytes - p->positions * sizeof(retro_code) + slice * sizeof(retro_code) +
           p->exit_bytes;
}

/* What the table writer reads a shared material's codes from: the first slice in memory,
 * the others from their files. */
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
        else if (ss_checkpoint_read(s->fd[p], first - s->bounds[p], k, out))
            return -1; /* the table is not written (tb.h) */
        first += k, out += k, n -= k;
    }
    return 0;
}

/* Slice p's file: the DTM table's path and ".part-P". */
static void slice_path(const struct run *u, int m, int n, uint64_t size, int p, char *buf,
                       size_t len)
{
    char name[4096];
    dtm_path(u, m, n, size, name, sizeof name);
    snprintf(buf, len, "%s.part-%d", name, p);
}

/* A part's checkpoints of a shared solve: its slice saved midway, in the DTM table's path
 * and ".ckpt.P-of-N" (the number of parts in the name: slices cut otherwise are others)
 * and ".a" or ".b". Two files, written in turn: a save overwrites the one not holding the
 * last level every part saved (the engine's saves are collective, the next begins once the
 * last is done everywhere), so that whenever the run is killed, even midway through a
 * save, every part still holds that level in one of them. */
struct part_checkpoint {
    struct run *u;
    const struct ss_layer *l;
    int part, nparts;
    uint64_t positions; /* the slice's */
    int keep; /* the file, 0 (.a) or 1 (.b), of the last level saved everywhere; -1: none */
};

/* Part `part`'s file `slot` (part -1: a pattern for every part's, "*" for P and the slot). */
static void part_checkpoint_path(const struct part_checkpoint *c, int part, int slot, char *buf,
                                 size_t len)
{
    char name[4096];
    dtm_path(c->u, c->l->m, c->l->n, c->l->size, name, sizeof name);
    if (part < 0)
        snprintf(buf, len, "%s.ckpt.*-of-%d.*", name, c->nparts);
    else
        snprintf(buf, len, "%s.ckpt.%d-of-%d.%c", name, part, c->nparts, "ab"[slot]);
}

/* Collective, before the solve: the level every part holds a checkpoint of, the least of
 * the parts' latest (the files' headers only: the engine's restore reads the codes, and if
 * one part's prove damaged all start afresh), into c->keep; this part's other file goes, so
 * that every part holds that level alone. With no such level each part's files go. */
static void choose_checkpoint(struct part_checkpoint *c, const struct ss_share *sh)
{
    int level[2] = {-1, -1}, highest;
    char path[2][4200];
    for (int k = 0; k < 2; k++) {
        part_checkpoint_path(c, c->part, k, path[k], sizeof path[k]);
        if (ss_checkpoint_peek(path[k], c->positions, &level[k], &highest)) level[k] = -1;
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

/* The engine's save: as save_midway, a checkpoint that cannot be written stops nothing. */
static int save_part(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct part_checkpoint *c = arg;
    int slot = c->keep == 0 ? 1 : 0;
    char path[4200], why[4400];
    part_checkpoint_path(c, c->part, slot, path, sizeof path);
    if (ss_checkpoint_save(path, res, n, level, highest, why, sizeof why) == 0)
        c->keep = slot;
    else
        solve_notice(c->u->h, "%s; the solve goes on without it", why);
    return 0;
}

/* The engine's restore: this part's slice at the level chosen, taken up if every part's
 * reads back sound (the engine agrees); a damaged one is said, and the material solved
 * from its start. */
static int restore_part(void *arg, retro_code *res, uint64_t n, int *level, int *highest)
{
    const struct part_checkpoint *c = arg;
    if (c->keep < 0) return -1;
    char path[4200], why[4400];
    part_checkpoint_path(c, c->part, c->keep, path, sizeof path);
    int rc = ss_checkpoint_load(path, res, n, level, highest, why, sizeof why);
    if (rc < 0)
        solve_notice(c->u->h, "%s; solving material %d+%d from its start", why, c->l->m, c->l->n);
    return rc == 0 ? 0 : -1;
}

/* The first part writes the tables from every slice, reading the others' from their
 * files, checked first. 0 or -1 with u->err. */
static int save_shared(struct run *u, const struct ss_layer *l, const struct retro_share *S,
                       const retro_code *res, int max_code)
{
    int P = S->nparts, rc = 0;
    int *fd = calloc((size_t)P, sizeof *fd);
    if (!fd) return snprintf(u->err, u->errlen, "out of memory"), -1;
    for (int p = 1; p < P; p++) fd[p] = -1;
    char path[4200];
    for (int p = 1; p < P && !rc; p++) {
        slice_path(u, l->m, l->n, l->size, p, path, sizeof path);
        rc = ss_checkpoint_open(path, S->bounds[p + 1] - S->bounds[p], &fd[p], u->err, u->errlen);
    }
    struct slices sl = {S->bounds, P, res, fd};
    struct tb_source src = {.fill = fill_from_slices, .ctx = &sl, .max_code = max_code};
    for (int k = 0; k < 2 && !rc; k++) {
        struct store_table t = {k == 0 ? TB_WDL : TB_DTM, l->m, l->n, -1, l->size, 0};
        rc = store_save(&u->h->store, u->g, &t, &src, &u->bytes[k], u->err, u->errlen);
    }
    for (int p = 1; p < P; p++)
        if (fd[p] >= 0) close(fd[p]);
    free(fd);
    return rc;
}

/* A stored material's slice read back from its DTM table, block by block. 0 or -1. */
static int read_slice(struct run *u, const struct ss_layer *l, uint64_t lo, uint64_t hi,
                      retro_code *res)
{
    char name[4096];
    dtm_path(u, l->m, l->n, l->size, name, sizeof name);
    struct tb *tb;
    if (tb_open(name, &tb, u->err, u->errlen)) return -1;
    int rc = 0;
    for (uint64_t i = lo; i < hi && !rc; i++) rc = tb_probe(tb, i, &res[i - lo], u->err, u->errlen);
    tb_close(tb);
    return rc;
}

/* Collective: v[0], this part's failure, made whether any part failed, and v[1..n-1] the
 * maxima (sum: the sums) of the rest. */
static bool agree(const struct ss_share *sh, int64_t *v, int n, bool sum)
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
 * collective call; orders {*m, *n}. 0, or -1 with err. */
static int shared_check(const struct game *g, int *m, int *n, uint64_t memory,
                        const struct ss_share *sh, const struct solve_hooks *h, char *err,
                        size_t errlen)
{
    if (material_in_range(m, n, err, errlen)) return -1;
    if (sh->nparts < 1 || sh->part < 0 || sh->part >= sh->nparts)
        return solve_fail(err, errlen, "part %d of %d: out of range", sh->part, sh->nparts);
    if (!h->store.dir || h->store.load || h->store.save)
        return solve_fail(err, errlen,
                          "a shared solve needs the tables' directory (no store hooks)");
    struct ss_plan_material plan = plan_of(g, *m, *n);
    if (memory && ss_share_need(&plan, sh->nparts) > memory)
        return solve_fail(err, errlen,
                          "a memory bound of %.2f GB is too little: material %d+%d shared by %d "
                          "needs %.2f GB each",
                          memory / 1e9, *m, *n, sh->nparts, ss_share_need(&plan, sh->nparts) / 1e9);
    return 0;
}

/* One part's state in a shared solve of material {m, n}. */
struct shared {
    struct run u;
    const struct ss_share *sh;
    int m, n;
    struct ss_db db;
    bool db_ok;
    struct ss_layer l;
    uint64_t *bounds; /* the slices': slice p is [bounds[p], bounds[p + 1]) */
    uint64_t lo, hi;  /* this part's */
    retro_code *res;  /* this part's slice of the codes */
    bool here;        /* this part failed, and u.err says why */
    bool resumed;     /* every part found the tables stored and sound */
};

/* This part's set-up: the db, the layer, the slices' bounds and its slice's codes; a
 * failure sets s->here. */
static void shared_setup(struct shared *s)
{
    const struct ss_share *sh = s->sh;
    s->bounds = malloc(((size_t)sh->nparts + 1) * sizeof *s->bounds);
    s->db_ok = ss_db_init(&s->db, s->u.g) == 0;
    if (s->db_ok) db_hooks(&s->db, &s->u);
    if (!s->db_ok || !s->bounds || ss_layer_for_share(&s->db, s->m, s->n, &s->l)) {
        s->here = true;
        if (!s->u.failed)
            snprintf(s->u.err, s->u.errlen, "out of memory setting up material %d+%d", s->m, s->n);
        return;
    }
    for (int p = 0; p <= sh->nparts; p++)
        s->bounds[p] = s->l.size * (uint64_t)p / (uint64_t)sh->nparts;
    s->lo = s->bounds[sh->part], s->hi = s->bounds[sh->part + 1];
    if (!(s->res = big_alloc((s->hi - s->lo ? s->hi - s->lo : 1) * sizeof *s->res)))
        s->here = true,
        snprintf(s->u.err, s->u.errlen, "out of memory for material %d+%d", s->m, s->n);
}

/* Collective: whether every part finds both tables stored and sound (s->resumed); a
 * damaged one the first part's notice says. Returns whether any part failed. */
static bool shared_verify(struct shared *s)
{
    const struct solve_hooks *h = s->u.h;
    int64_t v[2] = {s->here, 0};
    for (int k = 0; k < 2 && !s->here; k++) {
        struct store_table t = {k == 0 ? TB_WDL : TB_DTM, s->m, s->n, -1, s->l.size, 0};
        char why[400];
        int got =
            store_load(&h->store, s->u.g, &t, STORE_VERIFY, NULL, &s->u.bytes[k], why, sizeof why);
        if (got) v[1] = 1;
        if (got && got != STORE_ABSENT && s->sh->part == 0)
            solve_notice(h, "%s; solving it again", why);
    }
    bool any = agree(s->sh, v, 2, false);
    s->resumed = !any && !v[1];
    return any;
}

/* Collective: the material solved by every part together, this one its slice, taking up
 * the checkpoints every part holds. */
static void shared_solve(struct shared *s, const struct retro_share *S)
{
    const struct solve_hooks *h = s->u.h;
    char label[64];
    snprintf(label, sizeof label, "material %d+%d", s->m, s->n);
    solve_task_begin(h, label);
    struct retro_layer R = ss_layer_retro(&s->l);
    R.progress = h->task_progress;
    R.progress_arg = h->arg;
    R.compact = true;
    struct part_checkpoint ck = {&s->u, &s->l, s->sh->part, s->sh->nparts, s->hi - s->lo, -1};
    choose_checkpoint(&ck, s->sh);
    R.save = save_part;
    R.restore = restore_part;
    R.save_arg = &ck;
    R.save_seconds = solve_checkpoint_every(h);
    struct retro_stats rs;
    if (retro_solve_shared(&R, S, s->res, &rs) == -1) /* -2: another part, said later */
        s->here = true,
        snprintf(s->u.err, s->u.errlen, "out of memory solving material %d+%d", s->m, s->n);
    solve_task_end(h);
    if (rs.taken_up >= 0 && s->sh->part == 0) {
        char files[4200];
        part_checkpoint_path(&ck, -1, 0, files, sizeof files);
        solve_notice(h, "material %d+%d taken up at level %d from %s", s->m, s->n, rs.taken_up,
                     files);
    }
}

/* Collective, after the solve (any: some part failed before): the figures over every
 * slice; the slices but the first into their files, then the first writes the tables;
 * every part's figures into r (but seconds). Returns whether any part failed. */
static bool shared_save(struct shared *s, const struct retro_share *S, bool any,
                        struct solve_layer *r)
{
    const struct ss_share *sh = s->sh;
    struct run *u = &s->u;
    uint64_t slice = s->hi - s->lo;
    /* the figures over every slice, and the largest code */
    struct retro_tally t = s->here || any ? (struct retro_tally){0} : retro_tally(s->res, slice);
    int64_t f[4] = {s->here, (int64_t)t.win, (int64_t)t.draw, (int64_t)t.loss};
    int64_t x[2] = {s->here, t.win + t.loss ? t.max_dtm + 1 : 0};
    any = agree(sh, f, 4, true) || agree(sh, x, 2, false);
    if (!any && !s->resumed && sh->part > 0) {
        char path[4200];
        slice_path(u, s->m, s->n, s->l.size, sh->part, path, sizeof path);
        s->here = ss_checkpoint_save(path, s->res, slice, 0, 0, u->err, u->errlen) != 0;
    }
    int64_t w[1] = {s->here};
    any = agree(sh, w, 1, false);
    if (!any && !s->resumed && sh->part == 0)
        s->here = save_shared(u, &s->l, S, s->res, (int)x[1]) != 0;
    if (sh->part == 0) remove_leftovers(u, s->m, s->n, s->l.size, ".part-");
    if (!any && !s->here && !s->resumed && sh->part == 0) remove_checkpoint(u, &s->l);
    /* the first part's saving, and its sizes, are every part's */
    int64_t z[3] = {s->here, (int64_t)u->bytes[0], (int64_t)u->bytes[1]};
    any = agree(sh, z, 3, false);
    *r = (struct solve_layer){.m = s->m,
                              .n = s->n,
                              .positions = s->l.size,
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

int ss_solve_shared(const struct game *g, int m, int n, uint64_t memory, const struct ss_share *sh,
                    const struct solve_hooks *h, char *err, size_t errlen)
{
    if (shared_check(g, &m, &n, memory, sh, h, err, errlen)) return -1;
    double t0 = omp_get_wtime();
    struct shared s = {
        .u = {.g = g, .h = h, .err = err, .errlen = errlen, .memory = memory},
        .sh = sh,
        .m = m,
        .n = n,
    };
    shared_setup(&s);
    bool any = shared_verify(&s);
    struct retro_share S = {.nparts = sh->nparts,
                            .part = sh->part,
                            .bounds = s.bounds,
                            .exchange = sh->exchange,
                            .reduce = sh->reduce,
                            .arg = sh->arg};
    if (s.resumed)
        s.here = read_slice(&s.u, &s.l, s.lo, s.hi, s.res) != 0;
    else if (!any)
        shared_solve(&s, &S);
    struct solve_layer r;
    any = shared_save(&s, &S, any, &r);
    if (any && !s.here)
        snprintf(err, errlen, "another process sharing material %d+%d failed", m, n);
    if (!any && h->layer) {
        r.seconds = omp_get_wtime() - t0;
        h->layer(h->arg, &r);
    }
    free(s.res);
    free(s.bounds);
    ss_layer_free(&s.l);
    if (s.db_ok) ss_db_free(&s.db);
    return s.here ? -1 : any ? -2 : 0;
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
