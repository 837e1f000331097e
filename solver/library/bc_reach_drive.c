#include "bc_reach_drive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bc_reach.h"
#include "tables.h"

#define MAXC TABLES_MAX_LAYERS

struct run {
    const struct game *g;
    const struct bc_reach_hooks *h;
    struct index_cache x;
    uint64_t done, total; /* classes walked by this run, and to walk */
    char *err;
    size_t errlen;
    bool failed; /* err holds the first failure */
};

static int fail(struct run *u, const char *msg)
{
    if (!u->failed) snprintf(u->err, u->errlen, "%s", msg);
    u->failed = true;
    return -1;
}

static const struct pair_index *index_of(struct run *u, int goats)
{
    const struct pair_index *ix = index_cache_get(&u->x, goats);
    if (!ix) {
        char msg[80];
        snprintf(msg, sizeof msg, "out of memory for the index of %d goats", goats);
        fail(u, msg);
    }
    return ix;
}

static struct store_table table(int inhand, int c, int side, uint64_t n)
{
    return (struct store_table){TB_REACH, inhand, c, inhand ? side : -1, n, 0};
}

static int fill_bits(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct bitset *b = ctx;
    for (size_t j = 0; j < n; j++) out[j] = (uint16_t)bitset_get(b, first + j);
    return 0;
}

static void report(struct run *u, int inhand, int c, int side, const struct bitset *b, bool resumed)
{
    if (!u->h->layer) return;
    struct bc_reach_layer r = {inhand, c, inhand ? side : -1, bitset_count(b), b->n, resumed};
    u->h->layer(u->h->arg, &r);
}

static int write_reach(struct run *u, int inhand, int c, int side, const struct bitset *b)
{
    char err[1200];
    struct store_table t = table(inhand, c, side, b->n);
    struct tb_source src = {.fill = fill_bits, .ctx = (void *)b, .max_code = 1};
    if (store_save(&u->h->store, u->g, &t, &src, NULL, err, sizeof err)) return fail(u, err);
    report(u, inhand, c, side, b, false);
    u->done += b->n;
    if (u->h->task_progress) u->h->task_progress(u->h->arg, "layers", u->done, u->total);
    return 0;
}

/* Resuming: whether a layer's table is stored, and reading it back. */
static bool have_reach(const struct run *u, int inhand, int c, int side)
{
    struct store_table t = table(inhand, c, side, 0);
    return store_exists(&u->h->store, u->g, &t);
}

static int read_reach(struct run *u, int inhand, int c, int side, struct bitset *b)
{
    char err[400], name[1024], msg[1500];
    struct store_table t = table(inhand, c, side, b->n);
    uint16_t *v = malloc(b->n * sizeof *v + 1);
    if (!v)
        snprintf(err, sizeof err, "out of memory");
    else if (!store_load(&u->h->store, u->g, &t, STORE_READ, v, NULL, err, sizeof err)) {
        for (uint64_t i = 0; i < b->n; i++)
            if (v[i]) bitset_set(b, i);
        free(v);
        report(u, inhand, c, side, b, true);
        return 0;
    }
    free(v);
    store_name(&u->h->store, u->g, &t, name, sizeof name);
    snprintf(msg, sizeof msg, "cannot resume from %s: %s", name, err);
    return fail(u, msg);
}

/* Whether every layer's table is there: then there is nothing to do. */
static bool all_reach_there(const struct run *u)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats;
    for (int p = 0; p < N; p++)
        for (int c = 0; c <= (p + 1 < cw - 1 ? p + 1 : cw - 1); c++)
            if ((c <= p && !have_reach(u, N - p, c, 0)) ||
                (p + 1 < N && !have_reach(u, N - p - 1, c, 1)))
                return false;
    for (int c = 0; c < cw; c++)
        if (!have_reach(u, 0, c, 0)) return false;
    return true;
}

/* Whether the goats-to-move layers with p goats placed are all written, and whether the
 * whole step p is (those, then the tigers-to-move layers with p + 1 placed). */
static bool goats_written(const struct run *u, int p)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats, top = p < cw - 1 ? p : cw - 1;
    for (int c = 0; c <= top; c++)
        if (!have_reach(u, N - p, c, 0)) return false;
    return true;
}

static bool step_written(const struct run *u, int p)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats, ntop = p + 1 < cw - 1 ? p + 1 : cw - 1;
    if (!goats_written(u, p)) return false;
    for (int c = 0; c <= ntop && p + 1 < N; c++)
        if (!have_reach(u, N - p - 1, c, 1)) return false;
    return true;
}

/* Where the run restarts: every step before it is written whole, and its goats-to-move
 * layers are read back (0: from the start). Steps from there on are written again, so a
 * table missing anywhere, even between written ones, is made. */
static int resume_point(const struct run *u)
{
    int N = u->g->ngoats, q = 0;
    while (q < N && step_written(u, q)) q++;
    if (q == N) return N - 1;
    return q > 0 && goats_written(u, q) ? q : q > 0 ? q - 1 : 0;
}

/* The classes this run will walk from step p0 on, for the progress's ETA. */
static int plan(struct run *u, int p0)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats;
    const struct pair_index *ix;
    for (int p = p0; p < N; p++)
        for (int c = 0; c <= (p + 1 < cw - 1 ? p + 1 : cw - 1); c++) {
            if (c <= p && !(p == p0 && p0)) {
                if (!(ix = index_of(u, p - c))) return -1;
                u->total += ix->size;
            }
            if (p + 1 < N) {
                if (!(ix = index_of(u, p + 1 - c))) return -1;
                u->total += ix->size;
            }
        }
    for (int c = 0; c < cw; c++)
        if (!have_reach(u, 0, c, 0)) {
            if (!(ix = index_of(u, N - c))) return -1;
            u->total += 2 * ix->size;
        }
    return 0;
}

/* The placement phase from step p0, the goats-to-move layers gp of p0 set (the start, or
 * read back), into the movement layers' bits move. */
static int placement(struct run *u, int p0, struct bc_reach_place *gp, struct bc_reach_place *tp,
                     struct bitset *move)
{
    const struct game *g = u->g;
    int cw = g->captures_to_win, N = g->ngoats, rc = 0;
    const struct pair_index *ix;
    for (int p = p0; p < N && !rc; p++) {
        int top = p < cw - 1 ? p : cw - 1; /* captures possible with p placed */
        int ntop = p + 1 < cw - 1 ? p + 1 : cw - 1;
        memset(tp, 0, MAXC * sizeof *tp);
        /* the tigers-to-move layers (p + 1, c): c = p + 1 exists but no game reaches it */
        for (int c = 0; c <= ntop && p + 1 < N; c++) {
            if (!(tp[c].ix = index_of(u, p + 1 - c))) return -1;
            if (bitset_alloc(&tp[c].r, tp[c].ix->size)) return fail(u, "out of memory");
        }
        for (int c = 0; c <= top; c++) {
            if (p + 1 == N) {
                if (!(ix = index_of(u, N - c))) return -1;
                bc_reach_from_goats(g, &gp[c], ix, &move[c], 1);
            } else {
                bc_reach_from_goats(g, &gp[c], tp[c].ix, &tp[c].r, 0);
            }
            if (!(p == p0 && p0 && have_reach(u, N - p, c, 0)))
                rc |= write_reach(u, N - p, c, 0, &gp[c].r);
            bitset_free(&gp[c].r);
        }
        if (p + 1 == N) break;
        memset(gp, 0, MAXC * sizeof *gp);
        for (int c = 0; c <= ntop; c++) {
            if (!(gp[c].ix = index_of(u, p + 1 - c))) return -1;
            if (bitset_alloc(&gp[c].r, gp[c].ix->size)) return fail(u, "out of memory");
        }
        bc_reach_from_tigers(g, tp, gp, ntop + 1);
        for (int c = 0; c <= ntop; c++) {
            rc |= write_reach(u, N - p - 1, c, 1, &tp[c].r);
            bitset_free(&tp[c].r);
        }
        /* goats on the board from now on: at least p + 1 - (cw - 1); keep the movement's */
        if (p - cw + 1 >= 0 && p - cw + 1 < N - cw + 1) index_cache_drop(&u->x, p - cw + 1);
    }
    return rc;
}

/* The movement layers, c = 0 up, from the bits the placement set (and the captures). */
static int movement(struct run *u, int p0, struct bitset *move)
{
    const struct game *g = u->g;
    int cw = g->captures_to_win, N = g->ngoats;
    for (int c = 0; c < cw; c++) {
        /* a movement table is trusted only when the placement it follows was */
        bool had = p0 == N - 1 && have_reach(u, 0, c, 0);
        if (had && read_reach(u, 0, c, 0, &move[c])) return -1;
        const struct pair_index *ix = index_of(u, N - c), *next = NULL;
        if (!ix || (c + 1 < cw && !(next = index_of(u, N - c - 1)))) return -1;
        if (bc_reach_movement(g, ix, &move[c], next, c + 1 < cw ? &move[c + 1] : NULL))
            return fail(u, "out of memory");
        if (!had && write_reach(u, 0, c, 0, &move[c])) return -1;
        bitset_free(&move[c]);
    }
    return 0;
}

int bc_reach_all(const struct game *g, const struct bc_reach_hooks *h, struct bc_reach_result *res,
                 char *err, size_t errlen)
{
    struct run u = {.g = g, .h = h, .err = err, .errlen = errlen};
    memset(res, 0, sizeof *res);
    if (all_reach_there(&u)) {
        res->all_stored = true;
        return 0;
    }
    if (index_cache_init(&u.x, g)) return snprintf(err, errlen, "out of memory"), -1;
    if (h->task_begin) h->task_begin(h->arg, "reach");
    int cw = g->captures_to_win, p0 = resume_point(&u), rc = plan(&u, p0);
    struct bc_reach_place gp[MAXC], tp[MAXC];
    struct bitset move[MAXC];
    memset(gp, 0, sizeof gp);
    memset(tp, 0, sizeof tp);
    memset(move, 0, sizeof move);
    const struct pair_index *ix;
    for (int c = 0; c < cw && !rc; c++) {
        if (!(ix = index_of(&u, g->ngoats - c)))
            rc = -1;
        else if (bitset_alloc(&move[c], 2 * ix->size))
            rc = fail(&u, "out of memory");
    }
    /* the start, or the goats-to-move layers written last */
    int top0 = p0 < cw - 1 ? p0 : cw - 1;
    for (int c = 0; c <= top0 && !rc; c++) {
        if (!(gp[c].ix = index_of(&u, p0 - c)))
            rc = -1;
        else if (bitset_alloc(&gp[c].r, gp[c].ix->size))
            rc = fail(&u, "out of memory");
        else if (p0)
            rc = read_reach(&u, g->ngoats - p0, c, 0, &gp[c].r);
    }
    if (!rc && !p0) {
        struct position start = g->ops->start(g);
        bitset_set(&gp[0].r, pair_index_rank(gp[0].ix, start.men[1], start.men[0]));
    }
    if (!rc) rc = placement(&u, p0, gp, tp, move);
    if (!rc) rc = movement(&u, p0, move);
    for (int c = 0; c < MAXC; c++) {
        bitset_free(&gp[c].r);
        bitset_free(&tp[c].r);
        bitset_free(&move[c]);
    }
    if (h->task_end) h->task_end(h->arg);
    index_cache_free(&u.x);
    res->classes_walked = u.done;
    return rc || u.failed ? -1 : 0;
}
