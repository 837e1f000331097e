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

static void fill_codes(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct wdl *v = ctx;
    for (size_t j = 0; j < n; j++) {
        int x = wdl_get(v, first + j);
        out[j] = x == WDL_WIN ? 2 : x == WDL_LOSS ? 1 : 0; /* as codes: win in 1, loss in 0 */
    }
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

/* The movement phase's tigers-to-move values of layer c, as a layer with placed = ngoats. */
static int movement_tigers(const struct game *g, const char *dir, struct index_cache *x, int c,
                           struct bc_place_layer *L)
{
    L->placed = g->ngoats;
    L->captured = c;
    L->side = 1;
    L->ix = index_cache_get(x, g->ngoats - c);
    uint64_t n = 2 * L->ix->size;
    char path[1024], err[400];
    tables_name(path, sizeof path, dir, g, 0, c, TB_WDL);
    struct tb_meta want = tables_meta(g, 0, c, TB_WDL, n);
    struct tb *t;
    uint16_t *e = malloc(n * sizeof *e);
    if (!e || wdl_alloc(&L->val, L->ix->size)) return cli_error("solve: out of memory");
    if (tables_open(path, &want, &t, err, sizeof err) || tb_read_all(t, e, err, sizeof err)) {
        free(e);
        return cli_error("solve: %s; solve the movement phase first", err);
    }
    tb_close(t);
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

/* Solves or reads one layer, and writes its table. */
static int do_layer(const struct game *g, const char *dir, struct bc_place_layer *L,
                    const struct bc_place_layer *next, const struct bc_place_layer *capt,
                    struct progress *prog, bool quiet, double *total_seconds, uint64_t *total_bytes)
{
    int inhand = g->ngoats - L->placed;
    char path[1024], err[400], label[64];
    tables_place_name(path, sizeof path, dir, g, inhand, L->captured, L->side);
    struct tb_meta meta = tables_place_meta(g, inhand, L->captured, L->side, L->ix->size);
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
        struct tb *t;
        struct tb_info info;
        if (tb_open(path, &t, err, sizeof err) == 0) {
            tb_get_info(t, &info);
            st.bytes = info.bytes;
            tb_close(t);
        }
    }
    double secs = omp_get_wtime() - t0;
    *total_seconds += secs;
    *total_bytes += st.bytes;
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

int solve_placement(const struct game *g, const char *dir, struct progress *prog, bool quiet)
{
    struct index_cache x;
    if (index_cache_init(&x, g)) return cli_error("solve: out of memory");
    int cw = g->captures_to_win, rc = 0;
    struct bc_place_layer tn[MAXC], gp[MAXC], tp[MAXC];
    memset(tn, 0, sizeof tn);
    for (int c = 0; c < cw && !rc; c++) rc = movement_tigers(g, dir, &x, c, &tn[c]);
    if (!quiet)
        printf("%-4s %-2s %-6s %12s %12s %12s %12s %8s %10s %8s\n", "in", "c", "move", "positions",
               "win", "draw", "loss", "seconds", "pos/s", "wdl b/p");
    double secs = 0;
    uint64_t bytes = 0, positions = 0;
    for (int p = g->ngoats - 1; p >= 0 && !rc; p--) {
        int top = p < cw - 1 ? p : cw - 1;
        memset(gp, 0, sizeof gp);
        memset(tp, 0, sizeof tp);
        for (int c = 0; c <= top && !rc; c++) {
            gp[c] = (struct bc_place_layer){p, c, 0, index_cache_get(&x, p - c), {0, NULL}};
            rc = do_layer(g, dir, &gp[c], &tn[c], NULL, prog, quiet, &secs, &bytes);
            positions += gp[c].ix->size;
        }
        for (int c = 0; c < cw; c++) wdl_free(&tn[c].val);
        for (int c = 0; c <= top && !rc && p >= 1; c++) {
            tp[c] = (struct bc_place_layer){p, c, 1, index_cache_get(&x, p - c), {0, NULL}};
            /* with c == p no goat is on the board, so there is no capture to look up */
            const struct bc_place_layer *capt = c + 1 < cw && c + 1 <= top ? &gp[c + 1] : NULL;
            if (c + 1 < cw && c == p) capt = &gp[c];
            rc = do_layer(g, dir, &tp[c], &gp[c], capt, prog, quiet, &secs, &bytes);
            positions += tp[c].ix->size;
        }
        for (int c = 0; c <= top; c++) wdl_free(&gp[c].val);
        memcpy(tn, tp, sizeof tn);
        /* indexes no longer needed: more goats than p + 1 */
        for (int k = p + 1; k <= g->ngoats; k++)
            if (k > p) index_cache_drop(&x, k);
    }
    for (int c = 0; c < cw; c++) wdl_free(&tn[c].val);
    index_cache_free(&x);
    if (!rc && !quiet)
        printf("placement: %llu positions in %.1f s, WDL %.1f MB (%.3f bits/position)\n",
               (unsigned long long)positions, secs, bytes / 1e6,
               positions ? 8.0 * bytes / positions : 0);
    return rc;
}
