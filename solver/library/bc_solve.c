#include "bc_solve.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bc_layers.h"
#include "bc_place.h"
#include "tables.h"

#define MAXC TABLES_MAX_LAYERS

static bool reported(const struct solve_hooks *h, int pass)
{
    return h->layer && (h->layer_passes & (unsigned)pass);
}

static void add_layer(struct solve_pass *p, const struct solve_layer *r)
{
    p->positions += r->positions;
    p->wdl_bytes += r->wdl_bytes;
    p->dtm_bytes += r->dtm_bytes;
    if (r->resumed) return;
    p->solved += r->positions;
    p->solved_seconds += r->seconds;
}

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

/* What a placement pass shares: the game, the hooks, the indexes, and where it fails. */
struct run {
    const struct game *g;
    const struct solve_hooks *h;
    struct index_cache x;
    struct solve_pass pass;
    int limit; /* the counting rule's pass: its limit; else 0 */
    char *err;
    size_t errlen;
};

static const struct pair_index *index_of(struct run *u, int goats)
{
    const struct pair_index *ix = index_cache_get(&u->x, goats);
    if (!ix) solve_fail(u->err, u->errlen, "out of memory for the index of %d goats", goats);
    return ix;
}

static int fill_codes(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct wdl *v = ctx;
    for (size_t j = 0; j < n; j++) {
        int x = wdl_get(v, first + j);
        out[j] = code_of_wdl(x);
    }
    return 0;
}

static int fill_dtm(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const uint8_t *d = ctx;
    for (size_t j = 0; j < n; j++) out[j] = d[first + j];
    return 0;
}

/* A stored table's entries, every stride-th from offset, into v as WDL values. */
static int read_wdl(struct run *u, const struct store_table *t, struct wdl *v, uint64_t stride,
                    uint64_t offset, uint64_t *bytes, char *err, size_t errlen)
{
    uint16_t *e = malloc(t->npositions * sizeof *e + 1);
    if (!e) return snprintf(err, errlen, "out of memory"), STORE_FAILED;
    int rc = store_load(&u->h->store, u->g, t, STORE_READ, e, bytes, err, errlen);
    if (!rc)
#pragma omp parallel for schedule(static, 65536)
        for (uint64_t i = 0; i < v->n; i++) wdl_set(v, i, e[i * stride + offset]);
    free(e);
    return rc;
}

/* The DTM codes of a table, one byte each, every stride-th from offset: the placement's
 * are at most the movement's longest plus two plies per goat in hand (checked when the
 * movement's are read: limit). */
static int read_dtm(struct run *u, const struct store_table *t, uint8_t *d, uint64_t stride,
                    uint64_t offset, int limit, uint64_t *bytes, char *err, size_t errlen)
{
    uint16_t *e = malloc(t->npositions * sizeof *e + 1);
    if (!e) return snprintf(err, errlen, "out of memory"), STORE_FAILED;
    int rc = store_load(&u->h->store, u->g, t, STORE_READ, e, bytes, err, errlen);
    for (uint64_t i = 0; !rc && i * stride + offset < t->npositions; i++) {
        uint16_t x = e[i * stride + offset];
        if (x > limit) {
            char name[1024];
            store_name(&u->h->store, u->g, t, name, sizeof name);
            snprintf(err, errlen,
                     "%.200s: DTM code %u: the placement phase's codes could pass one byte "
                     "(at most %d here)",
                     name, x, limit);
            rc = STORE_WRONG;
            break;
        }
        d[i] = (uint8_t)x;
    }
    free(e);
    return rc;
}

/* The movement phase's tigers-to-move classes at clock 0 of layer c under the counting
 * rule, as the values a placement reads (bc_place.h: who wins under the rule, V, is all
 * it needs). */
static int movement_tigers_dtc(struct run *u, int c, struct bc_place_layer *L)
{
    const struct game *g = u->g;
    struct store_table t = {TB_DTC, 0, c, -1, 2 * L->ix->size, u->limit};
    char err[400], name[1024];
    if (!store_exists(&u->h->store, g, &t)) {
        store_name(&u->h->store, g, &t, name, sizeof name);
        return solve_fail(u->err, u->errlen,
                          "no table %s; make the movement phase's counting-rule tables first "
                          "(guti solve baghchal --phase movement --dtc --limit %d)",
                          name, u->limit);
    }
    uint16_t *e = malloc(t.npositions * sizeof *e + 1);
    if (!e || wdl_alloc(&L->val, L->ix->size)) {
        free(e);
        return solve_fail(u->err, u->errlen, "out of memory");
    }
    int rc = store_load(&u->h->store, g, &t, STORE_READ, e, NULL, err, sizeof err);
    if (!rc)
#pragma omp parallel for schedule(static, 65536)
        for (uint64_t i = 0; i < L->ix->size; i++) {
            retro_code d = dtc_of_class(e[2 * i + 1]);
            wdl_set(&L->val, i, !d ? WDL_DRAW : dtc_win(d) ? WDL_WIN : WDL_LOSS);
        }
    free(e);
    return rc ? solve_fail(u->err, u->errlen, "%s", err) : 0;
}

/* The movement phase's tigers-to-move values (or DTM codes, or classes under the counting
 * rule) of layer c, as a layer with placed = ngoats: what the last placement leads to. */
static int movement_tigers(struct run *u, int c, struct bc_place_layer *L, bool dtm)
{
    const struct game *g = u->g;
    char err[400], name[1024];
    L->placed = g->ngoats;
    L->captured = c;
    L->side = 1;
    if (!(L->ix = index_of(u, g->ngoats - c))) return -1;
    if (u->limit) return movement_tigers_dtc(u, c, L);
    struct store_table t = {dtm ? TB_DTM : TB_WDL, 0, c, -1, 2 * L->ix->size, 0};
    if (dtm) {
        if (!store_exists(&u->h->store, g, &t)) {
            store_name(&u->h->store, g, &t, name, sizeof name);
            return solve_fail(u->err, u->errlen, "no table %s; solve the movement phase first",
                              name);
        }
        if (!(L->dtm = malloc(L->ix->size + 1)))
            return solve_fail(u->err, u->errlen, "out of memory");
        if (read_dtm(u, &t, L->dtm, 2, 1, 255 - 2 * g->ngoats, NULL, err, sizeof err))
            return solve_fail(u->err, u->errlen, "%s", err);
        return 0;
    }
    if (wdl_alloc(&L->val, L->ix->size)) return solve_fail(u->err, u->errlen, "out of memory");
    int rc = read_wdl(u, &t, &L->val, 2, 1, NULL, err, sizeof err);
    if (rc == STORE_ABSENT || rc == STORE_WRONG)
        return solve_fail(u->err, u->errlen, "%s; solve the movement phase first", err);
    return rc ? solve_fail(u->err, u->errlen, "%s", err) : 0;
}

/* Solves or reads back one layer's values, and saves its WDL table. */
static int do_layer(struct run *u, struct bc_place_layer *L, const struct bc_place_layer *next,
                    const struct bc_place_layer *capt)
{
    const struct game *g = u->g;
    const struct solve_hooks *h = u->h;
    int inhand = g->ngoats - L->placed;
    uint64_t n = L->ix->size;
    char err[400], label[64];
    struct store_table t = {TB_WDL, inhand, L->captured, L->side, n, 0};
    struct solve_layer r = {.pass = BC_SOLVE_PLACEMENT,
                            .inhand = inhand,
                            .captured = L->captured,
                            .side = L->side,
                            .positions = n};
    if (wdl_alloc(&L->val, n)) return solve_fail(u->err, u->errlen, "out of memory");
    double t0 = omp_get_wtime();
    /* a table that does not read back is made again, without a word: it is replaced */
    r.resumed = store_exists(&h->store, g, &t) &&
                read_wdl(u, &t, &L->val, 1, 0, &r.wdl_bytes, err, sizeof err) == 0;
    if (!r.resumed) {
        snprintf(label, sizeof label, "layer h%d-c%d-%c", inhand, L->captured, L->side ? 't' : 'g');
        solve_task_begin(h, label);
        bc_place_solve(g, L, next, capt, h->task_progress, h->arg);
        solve_task_end(h);
        struct tb_source src = {.fill = fill_codes, .ctx = &L->val, .max_code = 2};
        if (store_save(&h->store, g, &t, &src, &r.wdl_bytes, u->err, u->errlen)) return -1;
    }
    r.seconds = omp_get_wtime() - t0;
    add_layer(&u->pass, &r);
    if (!reported(h, BC_SOLVE_PLACEMENT)) return 0;
    uint64_t d = 0, l = 0, w = 0;
#pragma omp parallel for reduction(+ : d, l, w) schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) {
        int x = wdl_get(&L->val, i);
        d += x == WDL_DRAW;
        l += x == WDL_LOSS;
        w += x == WDL_WIN;
    }
    r.win = w;
    r.draw = d;
    r.loss = l;
    h->layer(h->arg, &r);
    return 0;
}

/* do_dtm_layer's return when a tigers' layer must be made and the goats' layers it reads
 * were not (solve_placement then makes them). */
#define NEED_GOATS 1

/* Makes or reads back one layer's DTM codes, and saves its DTM table (the tigers' side's
 * alone in the placement phase). */
static int do_dtm_layer(struct run *u, struct bc_place_layer *L, const struct bc_place_layer *next,
                        const struct bc_place_layer *capt)
{
    const struct game *g = u->g;
    const struct solve_hooks *h = u->h;
    int inhand = g->ngoats - L->placed, side = L->side;
    uint64_t n = L->ix->size;
    char err[400], label[64];
    struct store_table t = {TB_DTM, inhand, L->captured, side, n, 0};
    struct solve_layer r = {.pass = BC_SOLVE_PLACEMENT_DTM,
                            .inhand = inhand,
                            .captured = L->captured,
                            .side = side,
                            .positions = n};
    if (!(L->dtm = malloc(n + 1))) return solve_fail(u->err, u->errlen, "out of memory");
    double t0 = omp_get_wtime();
    r.resumed = store_exists(&h->store, g, &t) &&
                read_dtm(u, &t, L->dtm, 1, 0, 255, &r.dtm_bytes, err, sizeof err) == 0;
    if (!r.resumed && !next->dtm) { /* a damaged tigers' table, the goats' group not made */
        free(L->dtm);
        L->dtm = NULL;
        return NEED_GOATS;
    }
    if (!r.resumed) {
        struct store_table wt = {TB_WDL, inhand, L->captured, side, n, 0};
        if (wdl_alloc(&L->val, n)) return solve_fail(u->err, u->errlen, "out of memory");
        if (read_wdl(u, &wt, &L->val, 1, 0, NULL, err, sizeof err))
            return solve_fail(u->err, u->errlen, "%s; solve the placement phase's values first",
                              err);
        snprintf(label, sizeof label, "dtm h%d-c%d-%c", inhand, L->captured, side ? 't' : 'g');
        solve_task_begin(h, label);
        uint64_t wrong = bc_place_solve_dtm(g, L, next, capt, h->task_progress, h->arg);
        solve_task_end(h);
        wdl_free(&L->val);
        if (wrong)
            return solve_fail(u->err, u->errlen,
                              "layer h%d-c%d-%c: the moves of %llu positions disagree with the WDL "
                              "tables; run guti verify",
                              inhand, L->captured, side ? 't' : 'g', (unsigned long long)wrong);
        uint8_t top = 0;
#pragma omp parallel for reduction(max : top) schedule(static, 65536)
        for (uint64_t i = 0; i < n; i++) top = L->dtm[i] > top ? L->dtm[i] : top;
        /* The goats' side is not stored: a goats' position's DTM is the fold of its
         * placements', all in a tigers' layer that is (prober_probe), so the tables take
         * half the disk. */
        struct tb_source src = {.fill = fill_dtm, .ctx = L->dtm, .max_code = top};
        if (side == 1 && store_save(&h->store, g, &t, &src, &r.dtm_bytes, u->err, u->errlen))
            return -1;
    }
    r.seconds = omp_get_wtime() - t0;
    add_layer(&u->pass, &r);
    if (!reported(h, BC_SOLVE_PLACEMENT_DTM)) return 0;
    uint64_t k[3] = {0, 0, 0};
    int longest[2] = {-1, -1}; /* win, loss */
    for (uint64_t i = 0; i < n; i++) {
        uint8_t c = L->dtm[i];
        int v = wdl_of_code(c);
        k[v]++;
        if (v != WDL_DRAW && c - 1 > longest[v == WDL_LOSS]) longest[v == WDL_LOSS] = c - 1;
    }
    r.win = k[WDL_WIN];
    r.draw = k[WDL_DRAW];
    r.loss = k[WDL_LOSS];
    r.max_win = longest[0];
    r.max_loss = longest[1];
    h->layer(h->arg, &r);
    return 0;
}

/* The class codes of a placement layer under the counting rule (values.h), made on the
 * fly from its DTC codes (L->dtm) and its values without the rule (L->val), as a table
 * is written. */
static int fill_classes(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct bc_place_layer *L = ctx;
    for (size_t j = 0; j < n; j++)
        out[j] = class_code(code_of_wdl(wdl_get(&L->val, first + j)), L->dtm[first + j]);
    return 0;
}

/* A layer's classes counted into its report, and its largest class code (a table's header
 * says it); the positions whose value under the rule is not their value without it (a win
 * under the rule must be a win without), which only wrong tables make. */
static uint64_t count_place_classes(const struct bc_place_layer *L, struct solve_layer *r,
                                    int *max_code)
{
    uint64_t n = L->ix->size, k0 = 0, k1 = 0, k2 = 0, k3 = 0, k4 = 0, wrong = 0;
    int max_win = -1, max_loss = -1, top = 0;
#pragma omp parallel for reduction(+ : k0, k1, k2, k3, k4, wrong)                                 \
    reduction(max : max_win, max_loss, top) schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) {
        retro_code d = L->dtm[i];
        int s = wdl_get(&L->val, i);
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

/* Reads back a placement layer's DTC table: its classes (L->val: the values without the
 * rule; L->dtm: the DTC codes). Fails on a code no placement position can have. */
static int read_place_classes(struct run *u, const struct store_table *t, struct bc_place_layer *L,
                              uint64_t *bytes, char *err, size_t errlen)
{
    uint16_t *e = malloc(t->npositions * sizeof *e + 1);
    if (!e) return snprintf(err, errlen, "out of memory"), STORE_FAILED;
    int rc = store_load(&u->h->store, u->g, t, STORE_READ, e, bytes, err, errlen);
    uint64_t bad = 0;
    if (!rc)
#pragma omp parallel for reduction(+ : bad) schedule(static, 65536)
        for (uint64_t i = 0; i < t->npositions; i++) {
            retro_code d = dtc_of_class(e[i]);
            int c = class_column(e[i]);
            bad += d > dtc_code(2, true);
            L->dtm[i] = (uint8_t)d;
            wdl_set(&L->val, i, c < 2 ? WDL_WIN : c == 2 ? WDL_DRAW : WDL_LOSS);
        }
    free(e);
    if (!rc && bad) {
        char name[1024];
        store_name(&u->h->store, u->g, t, name, sizeof name);
        snprintf(err, errlen, "%.200s: %llu entries with a DTC no placement position has", name,
                 (unsigned long long)bad);
        rc = STORE_WRONG;
    }
    return rc;
}

/* Makes or reads back one layer's classes under the counting rule, and saves its DTC
 * table. */
static int do_dtc_layer(struct run *u, struct bc_place_layer *L, const struct bc_place_layer *next,
                        const struct bc_place_layer *capt)
{
    const struct game *g = u->g;
    const struct solve_hooks *h = u->h;
    int inhand = g->ngoats - L->placed, side = L->side;
    uint64_t n = L->ix->size;
    char err[400], label[64];
    struct store_table t = {TB_DTC, inhand, L->captured, side, n, u->limit};
    struct solve_layer r = {.pass = BC_SOLVE_PLACEMENT_DTC,
                            .inhand = inhand,
                            .captured = L->captured,
                            .side = side,
                            .positions = n};
    if (!(L->dtm = malloc(n + 1)) || wdl_alloc(&L->val, n))
        return solve_fail(u->err, u->errlen, "out of memory");
    double t0 = omp_get_wtime();
    int got = store_exists(&h->store, g, &t)
                  ? read_place_classes(u, &t, L, &r.dtc_bytes, err, sizeof err)
                  : STORE_ABSENT;
    if (got != STORE_OK && got != STORE_ABSENT) solve_notice(h, "%s; making it again", err);
    r.resumed = got == STORE_OK;
    if (!r.resumed) {
        struct store_table wt = {TB_WDL, inhand, L->captured, side, n, 0};
        if (read_wdl(u, &wt, &L->val, 1, 0, NULL, err, sizeof err))
            return solve_fail(u->err, u->errlen, "%s; solve the placement phase's values first",
                              err);
        snprintf(label, sizeof label, "dtc h%d-c%d-%c", inhand, L->captured, side ? 't' : 'g');
        solve_task_begin(h, label);
        bc_place_solve_dtc(g, L, next, capt, u->limit, h->task_progress, h->arg);
        solve_task_end(h);
    }
    int top;
    uint64_t wrong = count_place_classes(L, &r, &top);
    if (wrong)
        return solve_fail(
            u->err, u->errlen,
            "layer h%d-c%d-%c: %llu positions decided under the counting rule are not "
            "decided so without it; run guti verify",
            inhand, L->captured, side ? 't' : 'g', (unsigned long long)wrong);
    if (!r.resumed) {
        struct tb_source src = {.fill = fill_classes, .ctx = L, .max_code = top};
        if (store_save(&h->store, g, &t, &src, &r.dtc_bytes, u->err, u->errlen)) return -1;
    }
    /* the layers that read this one need only who wins under the rule (bc_place.h) */
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) {
        retro_code d = L->dtm[i];
        wdl_set(&L->val, i, !d ? WDL_DRAW : dtc_win(d) ? WDL_WIN : WDL_LOSS);
    }
    free(L->dtm);
    L->dtm = NULL;
    r.seconds = omp_get_wtime() - t0;
    add_layer(&u->pass, &r);
    if (reported(h, BC_SOLVE_PLACEMENT_DTC)) h->layer(h->arg, &r);
    return 0;
}

static void layer_free(struct bc_place_layer *L)
{
    wdl_free(&L->val);
    free(L->dtm);
    L->dtm = NULL;
}

/* Makes (or reads back) the goats' layers of the group with p goats placed, from the
 * tigers' layers tn they lead to. */
static int goats_group(struct run *u,
                       int (*layer)(struct run *, struct bc_place_layer *,
                                    const struct bc_place_layer *, const struct bc_place_layer *),
                       int p, int top, struct bc_place_layer *gp, struct bc_place_layer *tn)
{
    for (int c = 0; c <= top; c++) {
        gp[c] = (struct bc_place_layer){.placed = p, .captured = c, .side = 0};
        if (!(gp[c].ix = index_of(u, p - c))) return -1;
        if (layer(u, &gp[c], &tn[c], NULL)) return -1;
    }
    return 0;
}

/* Whether every placement layer's table of that kind is stored with a header that
 * describes it: then a run has nothing to do, and need not read the 33 billion values
 * back to find that out (guti verify checks their blocks). */
static bool all_stored(const struct game *g, const struct solve_hooks *h, enum tb_kind kind,
                       int limit)
{
    char err[400];
    for (int in = 1; in <= g->ngoats; in++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - in; c++)
            for (int side = kind == TB_DTM; side < 2 - (in == g->ngoats); side++) {
                struct store_table t = {kind, in, c, side, 0, limit};
                if (store_load(&h->store, g, &t, STORE_HEADER, NULL, NULL, err, sizeof err))
                    return false;
            }
    return true;
}

/* The placement phase's passes: values (pass BC_SOLVE_PLACEMENT), DTM, or the counting
 * rule's classes with limit. */
static int solve_placement(const struct game *g, int pass, int limit, const struct solve_hooks *h,
                           char *err, size_t errlen)
{
    bool dtm = pass == BC_SOLVE_PLACEMENT_DTM;
    enum tb_kind kind = pass == BC_SOLVE_PLACEMENT ? TB_WDL : dtm ? TB_DTM : TB_DTC;
    double t0 = omp_get_wtime();
    if (all_stored(g, h, kind, limit)) {
        struct solve_pass r = {.pass = pass, .skipped = true};
        if (h->pass_end) h->pass_end(h->arg, &r);
        return 0;
    }
    int (*layer)(struct run *, struct bc_place_layer *, const struct bc_place_layer *,
                 const struct bc_place_layer *) = pass == BC_SOLVE_PLACEMENT ? do_layer
                                                  : dtm                      ? do_dtm_layer
                                                                             : do_dtc_layer;
    struct run u = {
        .g = g, .h = h, .pass = {.pass = pass}, .limit = limit, .err = err, .errlen = errlen};
    if (index_cache_init(&u.x, g)) return solve_fail(err, errlen, "out of memory");
    if (h->pass_begin) h->pass_begin(h->arg, pass);
    int cw = g->captures_to_win, rc = 0;
    struct bc_place_layer tn[MAXC], gp[MAXC], tp[MAXC];
    memset(tn, 0, sizeof tn);
    memset(gp, 0, sizeof gp);
    memset(tp, 0, sizeof tp);
    for (int c = 0; c < cw && !rc; c++) rc = movement_tigers(&u, c, &tn[c], dtm);
    for (int p = g->ngoats - 1; p >= 0 && !rc; p--) {
        int top = p < cw - 1 ? p : cw - 1;
        memset(gp, 0, sizeof gp);
        memset(tp, 0, sizeof tp);
        /* The DTM pass stores only the tigers' side, so the goats' group is made again
         * only when one of this group's tigers' layers is to be made (or for the report
         * of the last group, which has no tigers' side); a tigers' layer that turns out
         * to be damaged asks for it then (NEED_GOATS). */
        bool goats_needed = !dtm || p == 0;
        for (int c = 0; c <= top && !goats_needed; c++) {
            struct store_table t = {TB_DTM, g->ngoats - p, c, 1, 0, 0};
            goats_needed = !store_exists(&h->store, g, &t);
        }
        if (goats_needed) rc = goats_group(&u, layer, p, top, gp, tn);
        /* the tigers' layers below stay while the goats' group may still be asked for */
        for (int c = 0; c < cw && goats_needed; c++) layer_free(&tn[c]);
        for (int c = 0; c <= top && !rc && p >= 1; c++) {
            tp[c] = (struct bc_place_layer){.placed = p, .captured = c, .side = 1};
            if (!(tp[c].ix = index_of(&u, p - c))) rc = -1;
            /* with c == p no goat is on the board, so there is no capture to look up */
            const struct bc_place_layer *capt = c + 1 < cw && c + 1 <= top ? &gp[c + 1] : NULL;
            if (c + 1 < cw && c == p) capt = &gp[c];
            if (!rc) rc = layer(&u, &tp[c], &gp[c], capt);
            if (rc == NEED_GOATS && !goats_needed) {
                goats_needed = true;
                rc = goats_group(&u, layer, p, top, gp, tn);
                if (!rc) rc = layer(&u, &tp[c], &gp[c], capt);
            }
            if (rc == NEED_GOATS)
                rc = solve_fail(err, errlen, "internal error: goats' layers missing");
        }
        for (int c = 0; c < cw; c++) layer_free(&tn[c]);
        for (int c = 0; c <= top; c++) layer_free(&gp[c]);
        memcpy(tn, tp, sizeof tn);
        memset(tp, 0, sizeof tp);
        /* indexes no longer needed: more goats than p + 1 */
        for (int k = p + 1; k <= g->ngoats; k++)
            if (k > p) index_cache_drop(&u.x, k);
    }
    for (int c = 0; c < cw; c++) {
        layer_free(&tn[c]);
        layer_free(&tp[c]);
    }
    index_cache_free(&u.x);
    if (rc) return -1;
    u.pass.seconds = omp_get_wtime() - t0;
    if (h->pass_end) h->pass_end(h->arg, &u.pass);
    return 0;
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
    struct bc_place_layer L = {.placed = g->ngoats - inhand, .captured = captured, .ix = ix};
    /* the layer below as the DTM pass holds it: the movement phase's tigers at placed 20 */
    struct bc_place_layer next = {
        .placed = g->ngoats - inhand + 1, .captured = captured, .side = 1, .ix = below_ix};
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
