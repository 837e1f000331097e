#include "solve_place.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bc_place.h"
#include "cli.h"
#include "tables.h"

#define MAXC TABLES_MAX_LAYERS

/* The library's index cache reports running out of memory; this command stops on it. */
static const struct pair_index *cache_get(struct index_cache *x, int goats)
{
    const struct pair_index *ix = index_cache_get(x, goats);
    if (!ix) {
        cli_error("out of memory for the index of %d goats", goats);
        exit(EXIT_BAD);
    }
    return ix;
}

static void fill_codes(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct wdl *v = ctx;
    for (size_t j = 0; j < n; j++) {
        int x = wdl_get(v, first + j);
        out[j] = x == WDL_WIN ? 2 : x == WDL_LOSS ? 1 : 0; /* as codes: win in 1, loss in 0 */
    }
}

static void fill_dtm(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const uint8_t *d = ctx;
    for (size_t j = 0; j < n; j++) out[j] = d[first + j];
}

/* The DTM codes of a table, one byte each: the placement's are at most the movement's
 * longest plus two plies per goat in hand (checked when the movement's are read). */
static int read_dtm(const char *path, const struct tb_meta *want, uint8_t *d, uint64_t stride,
                    uint64_t offset, int limit, char *err, size_t errlen)
{
    uint16_t *e = tables_read(path, want, err, errlen);
    if (!e) return -1;
    int rc = 0;
    for (uint64_t i = 0; i * stride + offset < want->npositions; i++) {
        uint16_t x = e[i * stride + offset];
        if (x > limit) {
            snprintf(err, errlen,
                     "%.200s: DTM code %u: the placement phase's codes could pass one byte "
                     "(at most %d here)",
                     path, x, limit);
            rc = -1;
            break;
        }
        d[i] = (uint8_t)x;
    }
    free(e);
    return rc;
}

static int read_wdl(const char *path, const struct tb_meta *want, struct wdl *v, char *err,
                    size_t errlen)
{
    struct tb *t;
    if (tables_open(path, want, &t, err, errlen)) return -1;
    uint16_t *e = malloc(v->n * sizeof *e + 1);
    int rc = !e || tb_read_all(t, e, err, errlen);
    tb_close(t);
    if (!rc)
#pragma omp parallel for schedule(static, 65536)
        for (uint64_t i = 0; i < v->n; i++) wdl_set(v, i, e[i]);
    free(e);
    return rc ? -1 : 0;
}

/* The movement phase's tigers-to-move values (or DTM codes) of layer c, as a layer with
 * placed = ngoats. */
static int movement_tigers(const struct game *g, const char *dir, struct index_cache *x, int c,
                           struct bc_place_layer *L, bool dtm)
{
    L->placed = g->ngoats;
    L->captured = c;
    L->side = 1;
    L->ix = cache_get(x, g->ngoats - c);
    uint64_t n = 2 * L->ix->size;
    char path[1024], err[400];
    if (dtm) {
        tables_name(path, sizeof path, dir, g, 0, c, TB_DTM);
        struct tb_meta want = tables_meta(g, 0, c, TB_DTM, n);
        if (access(path, F_OK) != 0)
            return cli_error("solve: no table %s; solve the movement phase first", path);
        if (!(L->dtm = malloc(L->ix->size + 1))) return cli_error("solve: out of memory");
        if (read_dtm(path, &want, L->dtm, 2, 1, 255 - 2 * g->ngoats, err, sizeof err))
            return cli_error("solve: %s", err);
        return 0;
    }
    tables_name(path, sizeof path, dir, g, 0, c, TB_WDL);
    struct tb_meta want = tables_meta(g, 0, c, TB_WDL, n);
    struct tb *t;
    uint16_t *e = malloc(n * sizeof *e);
    if (!e || wdl_alloc(&L->val, L->ix->size)) {
        free(e);
        return cli_error("solve: out of memory");
    }
    if (tables_open(path, &want, &t, err, sizeof err)) {
        free(e);
        return cli_error("solve: %s; solve the movement phase first", err);
    }
    int bad = tb_read_all(t, e, err, sizeof err);
    tb_close(t);
    if (bad) {
        free(e);
        return cli_error("solve: %s", err);
    }
    for (uint64_t i = 0; i < L->ix->size; i++) wdl_set(&L->val, i, e[2 * i + 1]);
    free(e);
    return 0;
}

struct counts {
    uint64_t n[3];
};

static struct counts count_values(const struct wdl *v)
{
    struct counts k = {{0, 0, 0}};
    uint64_t d = 0, l = 0, w = 0;
#pragma omp parallel for reduction(+ : d, l, w) schedule(static, 65536)
    for (uint64_t i = 0; i < v->n; i++) {
        int x = wdl_get(v, i);
        d += x == WDL_DRAW;
        l += x == WDL_LOSS;
        w += x == WDL_WIN;
    }
    k.n[WDL_DRAW] = d;
    k.n[WDL_LOSS] = l;
    k.n[WDL_WIN] = w;
    return k;
}

static uint64_t table_bytes(const char *path)
{
    struct tb *t;
    struct tb_info info = {0};
    char err[400];
    if (tb_open(path, &t, err, sizeof err) == 0) {
        tb_get_info(t, &info);
        tb_close(t);
    }
    return info.bytes;
}

/* A run's totals: its tables' bytes, and the time and positions of the layers it solved
 * (not those read back), for the rate. */
struct totals {
    double seconds;
    uint64_t bytes, solved;
};

static void add_layer(struct totals *t, bool resumed, double secs, uint64_t n, uint64_t bytes)
{
    t->bytes += bytes;
    if (resumed) return;
    t->seconds += secs;
    t->solved += n;
}

/* Solves or reads one layer, and writes its table. */
static int do_layer(const struct game *g, const char *dir, struct bc_place_layer *L,
                    const struct bc_place_layer *next, const struct bc_place_layer *capt,
                    struct progress *prog, bool quiet, struct totals *total)
{
    int inhand = g->ngoats - L->placed;
    char path[1024], err[400], label[64];
    tables_place_name(path, sizeof path, dir, g, inhand, L->captured, L->side, TB_WDL);
    struct tb_meta meta = tables_place_meta(g, inhand, L->captured, L->side, TB_WDL, L->ix->size);
    if (wdl_alloc(&L->val, L->ix->size)) return cli_error("solve: out of memory");
    double t0 = omp_get_wtime();
    bool resumed = access(path, F_OK) == 0 && read_wdl(path, &meta, &L->val, err, sizeof err) == 0;
    struct tb_write_stats st = {0};
    if (!resumed) {
        snprintf(label, sizeof label, "layer h%d-c%d-%c", inhand, L->captured, L->side ? 't' : 'g');
        progress_begin(prog, label);
        bc_place_solve(g, L, next, capt, progress_update, prog);
        progress_end(prog);
        struct tb_source src = {.fill = fill_codes, .ctx = &L->val, .max_code = 2};
        if (tb_write_source(path, &meta, &src, &st, err, sizeof err))
            return cli_error("solve: %s", err);
    } else {
        st.bytes = table_bytes(path);
    }
    double secs = omp_get_wtime() - t0;
    add_layer(total, resumed, secs, L->ix->size, st.bytes);
    if (!quiet) {
        struct counts k = count_values(&L->val);
        uint64_t n = L->ix->size;
        printf("h%-2d c%d %-6s %12llu %12llu %12llu %12llu %8.2f %10.0f %8.3f%s\n", inhand,
               L->captured, L->side ? "tigers" : "goats", (unsigned long long)n,
               (unsigned long long)k.n[WDL_WIN], (unsigned long long)k.n[WDL_DRAW],
               (unsigned long long)k.n[WDL_LOSS], secs, resumed || secs <= 0 ? 0 : n / secs,
               n ? 8.0 * st.bytes / n : 0, resumed ? "  (already solved)" : "");
        fflush(stdout);
    }
    return 0;
}

/* Makes or reads one layer's DTM codes, and writes its DTM table. */
static int do_dtm_layer(const struct game *g, const char *dir, struct bc_place_layer *L,
                        const struct bc_place_layer *next, const struct bc_place_layer *capt,
                        struct progress *prog, bool quiet, struct totals *total)
{
    int inhand = g->ngoats - L->placed, side = L->side;
    uint64_t n = L->ix->size;
    char path[1024], err[400], label[64];
    tables_place_name(path, sizeof path, dir, g, inhand, L->captured, side, TB_DTM);
    struct tb_meta meta = tables_place_meta(g, inhand, L->captured, side, TB_DTM, n);
    if (!(L->dtm = malloc(n + 1))) return cli_error("solve: out of memory");
    double t0 = omp_get_wtime();
    bool resumed =
        access(path, F_OK) == 0 && read_dtm(path, &meta, L->dtm, 1, 0, 255, err, sizeof err) == 0;
    uint64_t bytes = 0;
    if (!resumed) {
        char wpath[1024];
        tables_place_name(wpath, sizeof wpath, dir, g, inhand, L->captured, side, TB_WDL);
        struct tb_meta wmeta = tables_place_meta(g, inhand, L->captured, side, TB_WDL, n);
        if (wdl_alloc(&L->val, n)) return cli_error("solve: out of memory");
        if (read_wdl(wpath, &wmeta, &L->val, err, sizeof err))
            return cli_error("solve: %s; solve the placement phase's values first", err);
        snprintf(label, sizeof label, "dtm h%d-c%d-%c", inhand, L->captured, side ? 't' : 'g');
        progress_begin(prog, label);
        uint64_t wrong = bc_place_solve_dtm(g, L, next, capt, progress_update, prog);
        progress_end(prog);
        wdl_free(&L->val);
        if (wrong)
            return cli_error("solve: layer h%d-c%d-%c: the moves of %llu positions disagree with "
                             "the WDL tables; run guti verify",
                             inhand, L->captured, side ? 't' : 'g', (unsigned long long)wrong);
        uint8_t top = 0;
#pragma omp parallel for reduction(max : top) schedule(static, 65536)
        for (uint64_t i = 0; i < n; i++) top = L->dtm[i] > top ? L->dtm[i] : top;
        struct tb_source src = {.fill = fill_dtm, .ctx = L->dtm, .max_code = top};
        struct tb_write_stats st = {0};
        if (tb_write_source(path, &meta, &src, &st, err, sizeof err))
            return cli_error("solve: %s", err);
        bytes = st.bytes;
    } else {
        bytes = table_bytes(path);
    }
    double secs = omp_get_wtime() - t0;
    add_layer(total, resumed, secs, n, bytes);
    if (!quiet) {
        uint64_t k[3] = {0, 0, 0};
        int longest[2] = {-1, -1}; /* win, loss */
        for (uint64_t i = 0; i < n; i++) {
            uint8_t c = L->dtm[i];
            int v = wdl_of_code(c);
            k[v]++;
            if (v != WDL_DRAW && c - 1 > longest[v == WDL_LOSS]) longest[v == WDL_LOSS] = c - 1;
        }
        printf("h%-2d c%d %-6s %12llu %12llu %12llu %12llu %7d %7d %8.2f %10.0f %8.3f%s\n", inhand,
               L->captured, side ? "tigers" : "goats", (unsigned long long)n,
               (unsigned long long)k[WDL_WIN], (unsigned long long)k[WDL_DRAW],
               (unsigned long long)k[WDL_LOSS], longest[0], longest[1], secs,
               resumed || secs <= 0 ? 0 : n / secs, n ? 8.0 * bytes / n : 0,
               resumed ? "  (already made)" : "");
        fflush(stdout);
    }
    return 0;
}

static void layer_free(struct bc_place_layer *L)
{
    wdl_free(&L->val);
    free(L->dtm);
    L->dtm = NULL;
}

/* Whether every placement layer's table of that kind is there with a header that
 * describes it: then a run has nothing to do, and need not read the 33 billion values
 * back to find that out (guti verify checks their blocks). */
static bool all_there(const struct game *g, const char *dir, enum tb_kind kind)
{
    for (int h = 1; h <= g->ngoats; h++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
            for (int side = 0; side < 2 - (h == g->ngoats); side++) {
                char path[1024], err[400];
                struct tb *t;
                tables_place_name(path, sizeof path, dir, g, h, c, side, kind);
                if (access(path, F_OK) != 0 || tb_open(path, &t, err, sizeof err)) return false;
                /* the size is the index's: taken from the header, the rest checked */
                struct tb_meta want = tables_place_meta(g, h, c, side, kind, 0);
                want.npositions = tb_get_meta(t)->npositions;
                tb_close(t);
                if (tables_open(path, &want, &t, err, sizeof err)) return false;
                tb_close(t);
            }
    return true;
}

int solve_placement(const struct game *g, const char *dir, struct progress *prog, bool quiet,
                    bool dtm)
{
    if (all_there(g, dir, dtm ? TB_DTM : TB_WDL)) {
        if (!quiet)
            printf("placement: every layer's %s table is already there (guti verify checks "
                   "them)\n",
                   dtm ? "DTM" : "WDL");
        return 0;
    }
    int (*layer)(const struct game *, const char *, struct bc_place_layer *,
                 const struct bc_place_layer *, const struct bc_place_layer *, struct progress *,
                 bool, struct totals *) = dtm ? do_dtm_layer : do_layer;
    struct index_cache x;
    if (index_cache_init(&x, g)) return cli_error("solve: out of memory");
    int cw = g->captures_to_win, rc = 0;
    struct bc_place_layer tn[MAXC], gp[MAXC], tp[MAXC];
    memset(tn, 0, sizeof tn);
    for (int c = 0; c < cw && !rc; c++) rc = movement_tigers(g, dir, &x, c, &tn[c], dtm);
    if (!quiet && dtm)
        printf("%-4s %-2s %-6s %12s %12s %12s %12s %7s %7s %8s %10s %8s\n", "in", "c", "move",
               "positions", "win", "draw", "loss", "maxwin", "maxloss", "seconds", "pos/s",
               "dtm b/p");
    else if (!quiet)
        printf("%-4s %-2s %-6s %12s %12s %12s %12s %8s %10s %8s\n", "in", "c", "move", "positions",
               "win", "draw", "loss", "seconds", "pos/s", "wdl b/p");
    struct totals total = {0};
    uint64_t positions = 0;
    for (int p = g->ngoats - 1; p >= 0 && !rc; p--) {
        int top = p < cw - 1 ? p : cw - 1;
        memset(gp, 0, sizeof gp);
        memset(tp, 0, sizeof tp);
        for (int c = 0; c <= top && !rc; c++) {
            gp[c] = (struct bc_place_layer){
                .placed = p, .captured = c, .side = 0, .ix = cache_get(&x, p - c)};
            rc = layer(g, dir, &gp[c], &tn[c], NULL, prog, quiet, &total);
            positions += gp[c].ix->size;
        }
        for (int c = 0; c < cw; c++) layer_free(&tn[c]);
        for (int c = 0; c <= top && !rc && p >= 1; c++) {
            tp[c] = (struct bc_place_layer){
                .placed = p, .captured = c, .side = 1, .ix = cache_get(&x, p - c)};
            /* with c == p no goat is on the board, so there is no capture to look up */
            const struct bc_place_layer *capt = c + 1 < cw && c + 1 <= top ? &gp[c + 1] : NULL;
            if (c + 1 < cw && c == p) capt = &gp[c];
            rc = layer(g, dir, &tp[c], &gp[c], capt, prog, quiet, &total);
            positions += tp[c].ix->size;
        }
        for (int c = 0; c <= top; c++) layer_free(&gp[c]);
        memcpy(tn, tp, sizeof tn);
        /* indexes no longer needed: more goats than p + 1 */
        for (int k = p + 1; k <= g->ngoats; k++)
            if (k > p) index_cache_drop(&x, k);
    }
    for (int c = 0; c < cw; c++) layer_free(&tn[c]);
    index_cache_free(&x);
    if (!rc && !quiet)
        printf("placement: %llu positions (%llu solved now in %.1f s, %.0f positions/s), %s "
               "%.1f MB (%.3f bits/position)\n",
               (unsigned long long)positions, (unsigned long long)total.solved, total.seconds,
               total.seconds > 0 ? total.solved / total.seconds : 0, dtm ? "DTM" : "WDL",
               total.bytes / 1e6, positions ? 8.0 * total.bytes / positions : 0);
    return rc;
}
