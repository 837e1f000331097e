/* The statistics of solved tables (stats.h): wins, draws and losses per layer and side to
 * move, the counting rule's classes, the DTM histogram. One walk serves every game: the
 * game's layers (game_layers.list) in the order of the game (the complete set's,
 * tables_expected), each table named by tables_layer_path, its example positions by the
 * game's unrank and format. */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigmem.h"
#include "bitset.h"
#include "index.h"
#include "values.h"
#include "wdl.h"

static void hook_begin(const struct stats_hooks *h, const char *label)
{
    if (h && h->begin) h->begin(h->arg, label);
}

static void hook_progress(const struct stats_hooks *h, const char *phase, uint64_t done,
                          uint64_t total)
{
    if (h && h->progress) h->progress(h->arg, phase, done, total);
}

static void hook_end(const struct stats_hooks *h)
{
    if (h && h->end) h->end(h->arg);
}

static int out_of_memory(char *err, size_t errlen)
{
    snprintf(err, errlen, "out of memory");
    return -1;
}

bool stats_by_layer(const struct game *g)
{
    return g->ops->has_hand;
}

/* The tallies' columns, in the order the statistics print them: win, draw, loss. */
static int column_of(retro_code c)
{
    static const int column[3] = {[WDL_WIN] = 0, [WDL_DRAW] = 1, [WDL_LOSS] = 2};
    return column[wdl_of_code(c)];
}

/* Reads a table of n codes: every code of a DTM table, or from a WDL table its values
 * only (win 2, loss 1, draw 0, as codes of DTM 1 and 0). NULL with a reason on failure. */
static retro_code *read_codes(const char *path, const struct tb_meta *want, char *err,
                              size_t errlen)
{
    retro_code *res = tables_read(path, want, err, errlen);
    if (!res || want->kind == TB_DTM) return res;
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < want->npositions; i++) res[i] = code_of_wdl(res[i]);
    return res;
}

/* ---- A layer's rows ------------------------------------------------------------------ */

/* The most rows a layer's table holds (game_layers.rows): a row per side to move and
 * material. */
#define ROWS_MAX 4

/* Layer k's rows, as the game numbers its positions (game_layers.rows), and its table's
 * size. */
struct layer_rows {
    struct layer_key k;
    int nrows;
    struct layer_row row[ROWS_MAX];
    uint64_t size;
};

/* The rows of layer k through the game's hooks, its indexes built in gix (the same that
 * unrank the examples: built once). 0, or -1 with err. */
static int layer_rows_init(const struct game *g, void *gix, const struct layer_key *k,
                           struct layer_rows *lr, char *err, size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    memset(lr, 0, sizeof *lr);
    lr->k = *k;
    int n = gl->rows(g, gix, k, lr->row, ROWS_MAX, err, errlen);
    if (n < 0 || gl->size(g, gix, k, &lr->size, err, errlen)) return -1;
    if (n > ROWS_MAX) {
        char name[64];
        gl->name(g, k, name, sizeof name);
        snprintf(err, errlen, "layer %s: %d rows, more than the statistics hold (%d)", name, n,
                 ROWS_MAX);
        return -1;
    }
    lr->nrows = n;
    return 0;
}

/* Frees the game's indexes of the layer walked two layers before layer j of keys, when the
 * game can (game_layers.index_drop): the examples' unrank holds a layer's and the next's
 * (Bagh-Chal's two sides of a placement layer share one), not every layer's of the walk. */
static void drop_behind(const struct game *g, void *gix, const struct layer_key *keys, int j)
{
    const struct game_layers *gl = g->ops->layers;
    if (j >= 2 && gl->index_drop) gl->index_drop(g, gix, &keys[j - 2]);
}

/* Row r of layer lr's weights, the positions each of its positions stands for
 * (game_layers.weights), into *w: kept from the previous row when the game says they are
 * the same, else made anew (the previous freed). 0, or -1 with err (*w NULL). */
static int row_weights(const struct game *g, void *gix, const struct layer_rows *lr, int r,
                       uint8_t **w, char *err, size_t errlen)
{
    if (r > 0 && lr->row[r].as_previous && *w) return 0;
    free(*w);
    if (!(*w = big_alloc(lr->row[r].count + 1))) return out_of_memory(err, errlen);
    if (!g->ops->layers->weights(g, gix, &lr->k, r, *w, err, errlen)) return 0;
    free(*w);
    *w = NULL;
    return -1;
}

/* Writes position i of layer k in the game's notation, through the game's unrank. */
static int layer_example(const struct game *g, void *gix, const struct layer_key *k, uint64_t i,
                         char *fen, size_t len, char *err, size_t errlen)
{
    struct position pos;
    if (g->ops->layers->unrank(g, gix, k, i, &pos, err, errlen)) return -1;
    g->ops->format(g, &pos, fen, len);
    return 0;
}

/* The game's layers whose table of that kind (and limit) the set holds, in the set's order,
 * the order of the game: into *out (malloc'd), their number; -1 when memory runs out (*out
 * NULL). */
static int set_layers(const struct game *g, const char *dir, const struct tables_set *set,
                      enum tb_kind kind, int limit, struct layer_key **out)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->list(g, NULL, 0), nk = 0;
    struct layer_entry *e = malloc(((size_t)n + 1) * sizeof *e);
    char(*path)[1024] = malloc(((size_t)n + 1) * sizeof *path);
    *out = malloc(((size_t)set->n + 1) * sizeof **out);
    if (!e || !path || !*out) {
        free(e);
        free(path);
        free(*out);
        *out = NULL;
        return -1;
    }
    gl->list(g, e, n);
    for (int i = 0; i < n; i++)
        tables_layer_path(path[i], sizeof path[i], dir, g, &e[i].k, kind, limit);
    for (int t = 0; t < set->n; t++) {
        const struct tables_want *w = &set->t[t];
        if (w->kind != kind || w->limit != limit) continue;
        for (int i = 0; i < n; i++)
            if (!strcmp(path[i], w->path)) {
                (*out)[nk++] = e[i].k;
                break;
            }
    }
    free(e);
    free(path);
    return nk;
}

/* The set's entry of layer k's table of that kind, or NULL. */
static const struct tables_want *set_entry(const struct game *g, const char *dir,
                                           const struct tables_set *set, const struct layer_key *k,
                                           enum tb_kind kind)
{
    char path[1024];
    tables_layer_path(path, sizeof path, dir, g, k, kind, 0);
    for (int t = 0; t < set->n; t++)
        if (set->t[t].kind == kind && !strcmp(set->t[t].path, path)) return &set->t[t];
    return NULL;
}

/* ---- The plain statistics ------------------------------------------------------------ */

/* Reads layer k's codes (n of them): from its DTM table when it is there, else from its
 * WDL table (whose read says why it fails when it is gone too). */
static retro_code *read_layer(const struct game *g, const char *dir, const struct layer_key *k,
                              uint64_t n, bool *absent, bool *dtm, char *err, size_t errlen)
{
    char path[1024];
    tables_layer_path(path, sizeof path, dir, g, k, TB_DTM, 0);
    *dtm = access(path, F_OK) == 0;
    if (!*dtm) tables_layer_path(path, sizeof path, dir, g, k, TB_WDL, 0);
    *absent = !*dtm && access(path, F_OK) != 0;
    struct tb_meta want = tables_layer_meta(g, k, *dtm ? TB_DTM : TB_WDL, 0, n);
    return *absent ? NULL : read_codes(path, &want, err, errlen);
}

/* A pass of the plain statistics: the rows it makes, with their comparisons. */
struct wdl_pass {
    const struct game *g, *other; /* other: the other rule set, when compared */
    const char *dir;
    const struct tables_set *set;
    bool reachable;
    void *gix;                  /* the game's indexes: the rows', the folds', the examples' */
    struct layer_entry *layers; /* the game's (game_layers.list) */
    int nlayers;
    struct bc_row *rows;
    struct bc_change *ch;
    uint64_t *win_sum; /* the DTMs of each row's won classes, summed */
    int (*mat)[2];     /* a material row's men */
    int nrows;
    uint64_t done, total;
    const struct stats_hooks *h;
    char *err;
    size_t errlen;
};

/* A layer's tables as read: its codes, with their DTM or not, the other rule set's (NULL
 * when not there), its REACH entries. */
struct layer_codes {
    retro_code *res, *alt;
    struct bitset reach; /* a bit a position (w NULL: every position counts) */
    bool dtm, fold_unknown;
};

static void layer_codes_free(struct layer_codes *lc)
{
    free(lc->res);
    free(lc->alt);
    bitset_free(&lc->reach);
    *lc = (struct layer_codes){0};
}

/* Layer lr's REACH table as a bit a position: read (two bytes a position) and folded
 * before the layer's codes are, so that the two are never held together (Adugo's 14 dogs:
 * 9 GB each). 0, or -1 with err. */
static int read_reach(const struct wdl_pass *p, const struct layer_rows *lr, struct bitset *b)
{
    const struct game *g = p->g;
    char path[1024];
    tables_layer_path(path, sizeof path, p->dir, g, &lr->k, TB_REACH, 0);
    struct tb_meta want = tables_layer_meta(g, &lr->k, TB_REACH, 0, lr->size);
    uint16_t *v = tables_read(path, &want, p->err, p->errlen);
    if (!v) return -1;
    if (bitset_alloc(b, lr->size)) {
        free(v);
        return out_of_memory(p->err, p->errlen);
    }
    /* a word of 64 positions a thread at a time: no two threads share a word */
#pragma omp parallel for schedule(static)
    for (uint64_t w = 0; w < lr->size / 64 + 1; w++) {
        uint64_t bits = 0;
        for (uint64_t j = w * 64; j < lr->size && j < w * 64 + 64; j++)
            bits |= (uint64_t)(v[j] != 0) << (j % 64);
        b->w[w] = bits;
    }
    free(v);
    return 0;
}

/* The most children a layer folded for its DTM has (game_layers.children). */
#define KIDS_MAX 8

/* Child k's DTM table, held as the game's fold reads it (struct held_layer): a cyclic
 * layer's codes, an acyclic one's DTM codes a byte each, into *codes or *bytes (malloc'd).
 * 0; 1 when the table is not there; -1 with err. */
static int hold_child(const struct wdl_pass *p, const struct layer_key *k, struct held_layer *held,
                      retro_code **codes, uint8_t **bytes)
{
    const struct game *g = p->g;
    const struct game_layers *gl = g->ops->layers;
    char path[1024];
    uint64_t n;
    tables_layer_path(path, sizeof path, p->dir, g, k, TB_DTM, 0);
    if (access(path, F_OK) != 0) return 1;
    if (gl->size(g, p->gix, k, &n, p->err, p->errlen)) return -1;
    struct tb_meta want = tables_layer_meta(g, k, TB_DTM, 0, n);
    if (!(*codes = read_codes(path, &want, p->err, p->errlen))) return -1;
    *held = (struct held_layer){.k = *k, .codes = *codes};
    bool cyclic = false;
    for (int j = 0; j < p->nlayers; j++)
        if (!memcmp(&p->layers[j].k, k, sizeof *k)) cyclic = p->layers[j].kind == LAYER_CYCLIC;
    if (cyclic) return 0;
    if (!(*bytes = malloc(n + 1))) return out_of_memory(p->err, p->errlen);
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) (*bytes)[i] = (uint8_t)(*codes)[i];
    free(*codes);
    *codes = NULL;
    *held = (struct held_layer){.k = *k, .dtm = *bytes};
    return 0;
}

/* The game's fold of layer lr (game_layers.fold, FOLD_DTM) from its values in codes and
 * its children held, into codes. 0, or -1 with err. */
static int fold_dtm(const struct wdl_pass *p, const struct layer_rows *lr,
                    const struct held_layer *held, int nk, retro_code *codes)
{
    const struct game *g = p->g;
    uint64_t n = lr->size, wrong = 0;
    struct wdl val;
    uint8_t *dtm = malloc(n + 1);
    if (!dtm || wdl_alloc(&val, n)) {
        free(dtm);
        return out_of_memory(p->err, p->errlen);
    }
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) wdl_set(&val, i, wdl_of_code(codes[i]));
    int rc = g->ops->layers->fold(g, p->gix, &lr->k, FOLD_DTM, 0, held, nk, &val, dtm, &wrong, NULL,
                                  NULL, p->err, p->errlen);
    if (!rc && wrong) {
        char name[64];
        g->ops->layers->name(g, &lr->k, name, sizeof name);
        snprintf(p->err, p->errlen,
                 "layer %s: the moves of %llu positions disagree with its WDL table; run "
                 "guti verify",
                 name, (unsigned long long)wrong);
        rc = -1;
    }
    if (!rc)
        for (uint64_t i = 0; i < n; i++) codes[i] = dtm[i];
    wdl_free(&val);
    free(dtm);
    return rc;
}

/* A layer stored with a WDL table alone whose DTM is the fold of its successors'
 * (game_layers.dtm_by_fold): its DTM codes by the game's fold, as its solver makes them,
 * from its children's DTM tables, into codes (which hold its values). 0; 1 when a child's
 * table is not there (codes unchanged); -1 with err. */
static int derive_by_fold(const struct wdl_pass *p, const struct layer_rows *lr, retro_code *codes)
{
    const struct game *g = p->g;
    struct layer_key kids[KIDS_MAX];
    struct held_layer held[KIDS_MAX];
    retro_code *kid_codes[KIDS_MAX] = {0};
    uint8_t *kid_bytes[KIDS_MAX] = {0};
    int nk = g->ops->layers->children(g, &lr->k, kids, KIDS_MAX), rc = 0;
    if (nk < 1) return 1;
    if (nk > KIDS_MAX) return snprintf(p->err, p->errlen, "a layer of %d children", nk), -1;
    for (int j = 0; j < nk && !rc; j++)
        rc = hold_child(p, &kids[j], &held[j], &kid_codes[j], &kid_bytes[j]);
    if (!rc) rc = fold_dtm(p, lr, held, nk, codes);
    for (int j = 0; j < nk; j++) {
        free(kid_codes[j]);
        free(kid_bytes[j]);
    }
    return rc;
}

static int wdl_read(const struct wdl_pass *p, const struct layer_rows *lr, struct layer_codes *lc)
{
    const struct game *g = p->g;
    const struct game_layers *gl = g->ops->layers;
    bool absent = false;
    if (p->reachable && read_reach(p, lr, &lc->reach)) return -1;
    lc->res = read_layer(g, p->dir, &lr->k, lr->size, &absent, &lc->dtm, p->err, p->errlen);
    if (!lc->res) {
        if (absent) {
            char name[64];
            gl->name(g, &lr->k, name, sizeof name);
            snprintf(p->err, p->errlen, "the tables of layer %s are gone", name);
        }
        return -1;
    }
    if (gl->dtm_by_fold && gl->dtm_by_fold(g, &lr->k) && !lc->dtm && p->set->dtm[1]) {
        int derived = derive_by_fold(p, lr, lc->res);
        if (derived < 0) return -1;
        lc->dtm = derived == 0;
        /* the child's table is missing: the warning names it, and this layer's longest
         * are unknown too */
        lc->fold_unknown = derived == 1;
    }
    bool alt_absent = false, alt_dtm;
    if (p->other) {
        lc->alt = read_layer(p->other, p->dir, &lr->k, lr->size, &alt_absent, &alt_dtm, p->err,
                             p->errlen);
        if (!lc->alt && !alt_absent) return -1;
    }
    return 0;
}

/* Adds one row: the row's positions of res, k < its count (w: the layer's weights), into
 * r, x and *win_sum. Each thread tallies a contiguous range; ties for the longest win and
 * the changed example go to the lowest k, so the output does not depend on the threads. */
static void tabulate(const struct layer_row *row, const uint8_t *w, const struct layer_codes *lc,
                     struct bc_row *r, struct bc_change *x, uint64_t *win_sum)
{
    const retro_code *res = lc->res, *alt = lc->alt;
    const struct bitset *reach = lc->reach.w ? &lc->reach : NULL;
    bool dtm = lc->dtm;
    uint64_t stride = row->stride, offset = row->offset, sum = 0;
    r->max_win = r->max_loss = -1;
    r->dtm = dtm;
    r->longest = x->example = UINT64_MAX;
#pragma omp parallel reduction(+ : sum)
    {
        uint64_t n[3] = {0}, raw[3] = {0}, cn[3][3] = {{0}}, craw[3][3] = {{0}};
        uint64_t longest = UINT64_MAX, example = UINT64_MAX;
        int max_win = -1, max_loss = -1;
#pragma omp for schedule(static) nowait
        for (uint64_t k = 0; k < row->count; k++) {
            uint64_t i = stride * k + offset;
            if (reach && !bitset_get(reach, i)) continue;
            int v = column_of(res[i]);
            n[v]++;
            raw[v] += w[k];
            if (dtm && v == 0) sum += code_dtm(res[i]);
            if (dtm && v == 0 && code_dtm(res[i]) > max_win) {
                max_win = code_dtm(res[i]);
                longest = k;
            }
            if (dtm && v == 2 && code_dtm(res[i]) > max_loss) max_loss = code_dtm(res[i]);
            if (alt) {
                int u = column_of(alt[i]);
                cn[v][u]++;
                craw[v][u] += w[k];
                if (u != v && example == UINT64_MAX) example = k;
            }
        }
#pragma omp critical
        {
            for (int v = 0; v < 3; v++) {
                r->n[v] += n[v];
                r->raw[v] += raw[v];
                for (int u = 0; u < 3; u++) {
                    x->n[v][u] += cn[v][u];
                    x->raw[v][u] += craw[v][u];
                }
            }
            if (max_win > r->max_win ||
                (max_win >= 0 && max_win == r->max_win && longest < r->longest)) {
                r->max_win = max_win;
                r->longest = longest;
            }
            if (max_loss > r->max_loss) r->max_loss = max_loss;
            if (example < x->example) x->example = example;
        }
    }
    *win_sum = sum;
}

/* Adds a row of layer lr from its codes: tallies, then its examples through unrank. */
static int wdl_row(struct wdl_pass *p, const struct layer_rows *lr, const struct layer_row *row,
                   const uint8_t *w, const struct layer_codes *lc)
{
    const struct game *g = p->g;
    const struct tables_want *d = set_entry(g, p->dir, p->set, &lr->k, TB_DTM);
    int j = p->nrows++;
    struct bc_row *r = &p->rows[j];
    struct bc_change *x = &p->ch[j];
    r->inhand = lr->k.c[0];
    r->captured = lr->k.c[1];
    r->side = row->side;
    g->ops->layers->name(g, &lr->k, r->layer, sizeof r->layer);
    p->mat[j][0] = row->men[0];
    p->mat[j][1] = row->men[1];
    r->dtm_missing = (d && !d->present) || (row->side == 0 && lc->fold_unknown);
    x->present = lc->alt != NULL;
    tabulate(row, w, lc, r, x, &p->win_sum[j]);
    if (r->max_win >= 0 && layer_example(g, p->gix, &lr->k, row->offset + row->stride * r->longest,
                                         r->longest_fen, sizeof r->longest_fen, p->err, p->errlen))
        return -1;
    if (x->example != UINT64_MAX &&
        layer_example(g, p->gix, &lr->k, row->offset + row->stride * x->example, x->example_fen,
                      sizeof x->example_fen, p->err, p->errlen))
        return -1;
    return 0;
}

/* Adds the rows of layer k. */
static int wdl_layer(struct wdl_pass *p, const struct layer_key *k)
{
    const struct game *g = p->g;
    struct layer_rows lr;
    if (layer_rows_init(g, p->gix, k, &lr, p->err, p->errlen)) return -1;
    struct layer_codes lc = {0};
    int rc = wdl_read(p, &lr, &lc);
    uint8_t *w = NULL;
    for (int r = 0; r < lr.nrows && !rc; r++)
        if (!(rc = row_weights(g, p->gix, &lr, r, &w, p->err, p->errlen)))
            rc = wdl_row(p, &lr, &lr.row[r], w, &lc);
    free(w);
    layer_codes_free(&lc);
    p->done += lr.size;
    char title[64];
    g->ops->layers->title(g, k, title, sizeof title);
    if (!rc) hook_progress(p->h, title, p->done, p->total);
    return rc;
}

/* The positions of the set's WDL tables, from their headers: the work ahead, for the
 * progress hook. */
static uint64_t set_positions(const struct tables_set *set)
{
    uint64_t n = 0;
    for (int k = 0; k < set->n; k++) {
        struct tb *t;
        char err[400];
        if (set->t[k].kind != TB_WDL || tb_open(set->t[k].path, &t, err, sizeof err)) continue;
        n += tb_get_meta(t)->npositions;
        tb_close(t);
    }
    return n;
}

/* The total row of the statistics by layer. */
static void bc_total(struct bc_stats *st)
{
    struct bc_row *tot = &st->total;
    *tot = (struct bc_row){.side = -1, .max_win = -1, .max_loss = -1};
    bool dtm_missing = false;
    for (int k = 0; k < st->nrows; k++) {
        const struct bc_row *r = &st->rows[k];
        for (int v = 0; v < 3; v++) {
            tot->n[v] += r->n[v];
            tot->raw[v] += r->raw[v];
        }
        tot->dtm |= r->dtm;
        dtm_missing |= r->dtm_missing;
        if (r->max_win > tot->max_win) tot->max_win = r->max_win;
        if (r->max_loss > tot->max_loss) tot->max_loss = r->max_loss;
    }
    /* the longest of all is not known when a layer's DTM table is missing */
    if (dtm_missing) tot->dtm = false, tot->dtm_missing = true;
}

/* The sum of the changes of the rows compared with the other rule set. */
static void bc_change_total(struct bc_stats *st)
{
    struct bc_change *all = &st->change_total;
    *all = (struct bc_change){.example = UINT64_MAX};
    for (int k = 0; k < st->nrows; k++) {
        const struct bc_change *x = &st->ch[k];
        if (!x->present) continue;
        all->present = true;
        for (int v = 0; v < 3; v++)
            for (int u = 0; u < 3; u++) {
                all->n[v][u] += x->n[v][u];
                all->raw[v][u] += x->raw[v][u];
            }
    }
}

/* The other rule set with the same goal, into other: whether any of its tables is in dir,
 * for the comparison: the game's compare_rules for its default rules, the default for any
 * other. */
static bool other_rules(const struct game *g, const char *dir, struct game *other)
{
    struct game games[32], def;
    char err[400];
    if (!stats_by_layer(g) || !g->ops->compare_rules ||
        game_setup(&def, g->ops->name, NULL, g->board->name, err, sizeof err) != 0)
        return false;
    int ngames = tables_games(dir, games, 32);
    bool compare = false;
    if (game_setup(other, g->ops->name, g->rules == def.rules ? g->ops->compare_rules : NULL,
                   g->board->name, err, sizeof err) == 0) {
        other->capture_goal = g->capture_goal; /* the same goal, the other rules */
        for (int k = 0; k < ngames && k < 32; k++) compare |= game_same(&games[k], other);
    }
    return compare;
}

/* The sum of the material rows: its DTM known when every row's is, its longest win the
 * first row's of the longest. */
static void ss_total(struct ss_table_stats *st)
{
    struct ss_row *tot = &st->total;
    *tot = (struct ss_row){.dtm = st->nrows > 0, .max_win = -1, .max_loss = -1};
    int longest = -1;
    for (int k = 0; k < st->nrows; k++) {
        const struct ss_row *r = &st->rows[k];
        for (int v = 0; v < 3; v++) {
            tot->cl[v] += r->cl[v];
            tot->raw[v] += r->raw[v];
        }
        tot->dtm &= r->dtm;
        tot->win_dtm_sum += r->win_dtm_sum;
        if (r->max_win > tot->max_win) tot->max_win = r->max_win, longest = k;
        if (r->max_loss > tot->max_loss) tot->max_loss = r->max_loss;
    }
    if (longest >= 0)
        memcpy(tot->longest_fen, st->rows[longest].longest_fen, sizeof tot->longest_fen);
}

/* The pass's rows as material rows (m, n), with their total: 0, or -1 when memory runs
 * out. */
static int material_rows(const struct game *g, const struct wdl_pass *p, struct ss_table_stats *st)
{
    memset(st, 0, sizeof *st);
    if (!(st->rows = calloc((size_t)p->nrows + 1, sizeof *st->rows))) return -1;
    for (int k = 0; k < p->nrows; k++) {
        const struct bc_row *b = &p->rows[k];
        struct ss_row *r = &st->rows[st->nrows++];
        r->m = p->mat[k][0];
        r->n = p->mat[k][1];
        memcpy(r->cl, b->n, sizeof r->cl);
        memcpy(r->raw, b->raw, sizeof r->raw);
        r->dtm = b->dtm;
        r->dtm_missing = b->dtm_missing;
        r->max_win = b->max_win;
        r->max_loss = b->max_loss;
        r->win_dtm_sum = (double)p->win_sum[k];
        memcpy(r->longest_fen, b->longest_fen, sizeof r->longest_fen);
        r->side = b->side;
    }
    st->g = g;
    game_rules_name(g, st->rules, sizeof st->rules);
    ss_total(st);
    return 0;
}

static void wdl_pass_free(struct wdl_pass *p)
{
    free(p->rows);
    free(p->ch);
    free(p->win_sum);
    free(p->mat);
    free(p->layers);
    if (p->gix) p->g->ops->layers->index_free(p->gix);
}

/* The walk over the set's layers: the pass's rows, or -1 with p->err. */
static int wdl_walk(struct wdl_pass *p)
{
    const struct game *g = p->g;
    struct layer_key *keys = NULL;
    int nk = set_layers(g, p->dir, p->set, TB_WDL, 0, &keys);
    size_t most = ROWS_MAX * (size_t)(nk > 0 ? nk : 0) + 1;
    p->rows = calloc(most, sizeof *p->rows);
    p->ch = calloc(most, sizeof *p->ch);
    p->win_sum = calloc(most, sizeof *p->win_sum);
    p->mat = calloc(most, sizeof *p->mat);
    p->gix = g->ops->layers->index_new(g, 0);
    p->nlayers = g->ops->layers->list(g, NULL, 0);
    p->layers = malloc(((size_t)p->nlayers + 1) * sizeof *p->layers);
    if (p->layers) g->ops->layers->list(g, p->layers, p->nlayers);
    if (nk < 0 || !p->rows || !p->ch || !p->win_sum || !p->mat || !p->gix || !p->layers) {
        free(keys);
        return out_of_memory(p->err, p->errlen);
    }
    p->total = set_positions(p->set);
    int rc = 0;
    hook_begin(p->h, "stats");
    for (int k = 0; k < nk && !rc; k++) {
        drop_behind(g, p->gix, keys, k);
        rc = wdl_layer(p, &keys[k]);
    }
    hook_end(p->h);
    free(keys);
    return rc;
}

int stats_wdl(const struct game *g, const char *dir, const struct tables_set *set, bool reachable,
              const struct stats_hooks *h, struct stats_wdl *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->materials = !stats_by_layer(g);
    struct game other;
    bool compare = other_rules(g, dir, &other);
    struct wdl_pass p = {.g = g,
                         .other = compare ? &other : NULL,
                         .dir = dir,
                         .set = set,
                         .reachable = reachable,
                         .h = h,
                         .err = err,
                         .errlen = errlen};
    int rc = wdl_walk(&p);
    if (!rc && s->materials) {
        rc = material_rows(g, &p, &s->ss) ? out_of_memory(err, errlen) : 0;
        s->ss.reachable = reachable;
    } else if (!rc) {
        struct bc_stats *st = &s->bc;
        *st = (struct bc_stats){.g = g,
                                .reachable = reachable,
                                .compare = compare,
                                .nrows = p.nrows,
                                .rows = p.rows,
                                .ch = p.ch};
        p.rows = NULL;
        p.ch = NULL;
        for (int k = 0; k < st->nrows; k++)
            if (st->rows[k].captured > st->top) st->top = st->rows[k].captured;
        bc_total(st);
        bc_change_total(st);
        game_rules_name(g, st->rules, sizeof st->rules);
        if (compare) game_rules_name(&other, st->other_rules, sizeof st->other_rules);
    }
    wdl_pass_free(&p);
    if (rc) stats_wdl_free(s);
    return rc;
}

void stats_wdl_free(struct stats_wdl *s)
{
    free(s->bc.rows);
    free(s->bc.ch);
    free(s->ss.rows);
    memset(s, 0, sizeof *s);
}

/* ---- The counting rule --------------------------------------------------------------- */

/* Tallies a row of the counting rule's statistics from class codes cls[i], i = stride * k +
 * offset of row, k < its count, each class weighing w[k] raw positions; the k of its longest win,
 * or UINT64_MAX when it has none. Each thread tallies a contiguous range and ties for the longest
 * win go to the lowest k, so the row does not depend on the threads. */
static uint64_t dtc_tally_row(struct dtc_row *r, const uint16_t *cls, const struct layer_row *row,
                              const uint8_t *w)
{
    uint64_t stride = row->stride, offset = row->offset, size = row->count;
    uint64_t longest = UINT64_MAX;
    r->max_win = r->max_loss = -1;
#pragma omp parallel
    {
        uint64_t n[5] = {0}, raw[5] = {0}, at = UINT64_MAX;
        int max_win = -1, max_loss = -1;
#pragma omp for schedule(static) nowait
        for (uint64_t k = 0; k < size; k++) {
            uint64_t i = stride * k + offset;
            uint16_t e = cls[i];
            int j = class_column(e), d = dtc_of(dtc_of_class(e));
            n[j]++;
            raw[j] += w[k];
            if (j == 0 && d > max_win) {
                max_win = d;
                at = k;
            }
            if (j == 4 && d > max_loss) max_loss = d;
        }
#pragma omp critical
        {
            for (int j = 0; j < 5; j++) {
                r->n[j] += n[j];
                r->raw[j] += raw[j];
            }
            if (max_win > r->max_win || (max_win >= 0 && max_win == r->max_win && at < longest)) {
                r->max_win = max_win;
                longest = at;
            }
            if (max_loss > r->max_loss) r->max_loss = max_loss;
        }
    }
    return longest;
}

/* Adds a row to the total: its counts, and its longest win and loss when longer. */
static void dtc_add_total(struct dtc_row *total, const struct dtc_row *r)
{
    for (int j = 0; j < 5; j++) {
        total->n[j] += r->n[j];
        total->raw[j] += r->raw[j];
    }
    if (r->max_win > total->max_win) {
        total->max_win = r->max_win;
        memcpy(total->longest_fen, r->longest_fen, sizeof r->longest_fen);
    }
    if (r->max_loss > total->max_loss) total->max_loss = r->max_loss;
}

/* What a complete set of DTC tables is, and the command that makes a missing one, from the
 * game's list of layers: tables_expected's DTC entries do not say yet which is missing
 * first nor how to make it (when they do, these go). */

/* The solve that makes tables into buf, in the words of guti solve's options for any game:
 * up to pieces men (0: no --pieces; -1: "--pieces N", for the reader to choose), its cyclic
 * layers alone (--phase, by the game's kind name) when cyclic_only, the counting rule's of
 * that limit (0: no --dtc), the board when the game's tables name it. */
static void solve_command(const struct game *g, const char *dir, int pieces, bool cyclic_only,
                          int limit, const char *rules, char *buf, size_t len)
{
    const struct game_layers *gl = g->ops->layers;
    char opts[160] = "", *o = opts;
    const char *end = opts + sizeof opts;
    if (pieces > 0) o += snprintf(o, (size_t)(end - o), " --pieces %d", pieces);
    if (pieces < 0) o += snprintf(o, (size_t)(end - o), " --pieces N");
    if (cyclic_only)
        o += snprintf(o, (size_t)(end - o), " --phase %s",
                      gl->kind_names[0] ? gl->kind_names[0] : "cyclic");
    if (limit) o += snprintf(o, (size_t)(end - o), " --dtc --limit %d", limit);
    snprintf(o, (size_t)(end - o), " --rules %s", rules);
    snprintf(buf, len, "guti solve %s%s%s%s --dir %s", g->ops->name, opts,
             gl->board_in_names ? " --board " : "", gl->board_in_names ? g->board->name : "", dir);
}

/* Whether layer k's DTC table of that limit is in dir, its path into path. */
static bool dtc_there(const struct game *g, const char *dir, const struct layer_key *k, int limit,
                      char *path, size_t len)
{
    tables_layer_path(path, len, dir, g, k, TB_DTC, limit);
    return access(path, F_OK) == 0;
}

/* The game's layers, into *e: their number, or -1 when memory runs out. */
static int list_layers(const struct game *g, struct layer_entry **e)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->list(g, NULL, 0);
    if (!(*e = malloc((size_t)(n ? n : 1) * sizeof **e))) return -1;
    gl->list(g, *e, n);
    return n;
}

/* Of the acyclic layers flagged in miss[], the first in the order of the game, the start
 * first: by their first position's men in hand (most first), its men in all (most first),
 * its side to move; the list's order between equals. Its place in e, or -1 when memory
 * runs out (err says so). */
static int first_of_game(const struct game *g, const struct layer_entry *e, int n, const bool *miss,
                         char *err, size_t errlen)
{
    const struct game_layers *gl = g->ops->layers;
    void *ix = gl->index_new(g, 0);
    int best = -1, key[3] = {0}, rc = ix ? 0 : out_of_memory(err, errlen);
    for (int j = 0; j < n && !rc; j++) {
        if (!miss[j]) continue;
        uint64_t size;
        struct position p = {0};
        if ((rc = gl->size(g, ix, &e[j].k, &size, err, errlen)) ||
            (size && (rc = gl->unrank(g, ix, &e[j].k, 0, &p, err, errlen))))
            break;
        int men = bits_count(p.men[0]) + bits_count(p.men[1]) + p.inhand;
        int at[3] = {-p.inhand, -men, p.side}; /* the least first */
        int d = 0;
        for (int c = 0; c < 3 && !d; c++) d = (at[c] > key[c]) - (at[c] < key[c]);
        if (best < 0 || d < 0) {
            best = j;
            memcpy(key, at, sizeof key);
        }
    }
    if (ix) gl->index_free(ix);
    return rc ? -1 : best;
}

/* A game with acyclic layers (a placement phase): every cyclic layer's DTC table of that
 * limit, and the acyclic layers' all or none (a solve of the whole game makes them all).
 * 0 the cyclic layers' alone, 1 the whole game's; -1 with err naming the first missing
 * table in the order of the game (the start first) and the command that makes it. */
static int dtc_check_by_layer(const struct game *g, const char *dir, int limit, const char *rules,
                              char *err, size_t errlen)
{
    char path[1024], cmd[512];
    struct layer_entry *e;
    int n = list_layers(g, &e), there = 0, missing = 0;
    bool *miss = calloc((size_t)(n > 0 ? n : 1), sizeof *miss);
    if (n < 0 || !miss) return free(miss), free(n < 0 ? NULL : e), out_of_memory(err, errlen);
    /* every table is looked for before any is read: a missing one stops no long pass; the
     * cyclic layers nearest the start first (the list's last) */
    for (int j = n - 1; j >= 0; j--) {
        if (e[j].kind != LAYER_CYCLIC || dtc_there(g, dir, &e[j].k, limit, path, sizeof path))
            continue;
        solve_command(g, dir, 0, true, limit, rules, cmd, sizeof cmd);
        snprintf(err, errlen, "no table %s; make it with: %s", path, cmd);
        return free(e), free(miss), -1;
    }
    for (int j = 0; j < n; j++) {
        if (e[j].kind != LAYER_ACYCLIC) continue;
        bool is = dtc_there(g, dir, &e[j].k, limit, path, sizeof path);
        there += is;
        missing += miss[j] = !is;
    }
    int first = there && missing ? first_of_game(g, e, n, miss, err, errlen) : 0;
    if (there && missing && first >= 0) {
        const char *kind = g->ops->layers->kind_names[1];
        dtc_there(g, dir, &e[first].k, limit, path, sizeof path);
        solve_command(g, dir, 0, false, limit, rules, cmd, sizeof cmd);
        snprintf(err, errlen,
                 "no table %s, though %d other %s DTC table%s of limit %d %s there; make it "
                 "with: %s",
                 path, there, kind ? kind : "acyclic", there == 1 ? "" : "s", limit,
                 there == 1 ? "is" : "are", cmd);
    }
    free(e);
    free(miss);
    return there && missing ? -1 : there > 0;
}

/* A game whose list goes past what is solved (up to a number of men, game_layers.men): the
 * layers up to the most men for which the smallest-first solve made any (it makes the
 * list's layers in order, so the first listed of each number of men says whether that
 * number was reached), every one of them there. The most men, or -1 with err naming the
 * first missing table in the list's order and the command that makes it. A game without
 * men has every listed layer's table (0: no bound). */
static int dtc_check_by_material(const struct game *g, const char *dir, int limit,
                                 const char *rules, char *err, size_t errlen)
{
    char path[1024], cmd[512];
    const struct game_layers *gl = g->ops->layers;
    struct layer_entry *e;
    int n = list_layers(g, &e), pieces = gl->men ? 1 : 0, seen = 0;
    if (n < 0) return out_of_memory(err, errlen);
    for (int j = 0; j < n && gl->men; j++) {
        int men = gl->men(g, &e[j].k);
        if (men <= seen) continue; /* not the first of its number */
        seen = men;
        if (!dtc_there(g, dir, &e[j].k, limit, path, sizeof path)) break;
        pieces = men;
    }
    if (gl->men && pieces < 2) {
        dtc_there(g, dir, &e[0].k, limit, path, sizeof path);
        solve_command(g, dir, -1, false, limit, rules, cmd, sizeof cmd);
        snprintf(err, errlen, "no table %s; make them with: %s", path, cmd);
        return free(e), -1;
    }
    for (int j = 0; j < n; j++) {
        if ((pieces && gl->men(g, &e[j].k) > pieces) ||
            dtc_there(g, dir, &e[j].k, limit, path, sizeof path))
            continue;
        solve_command(g, dir, pieces, false, limit, rules, cmd, sizeof cmd);
        snprintf(err, errlen, "no table %s; make it with: %s", path, cmd);
        return free(e), -1;
    }
    free(e);
    return pieces;
}

/* A pass of the counting rule's statistics over the layers of a set. */
struct dtc_pass {
    const struct game *g;
    const char *dir;
    void *gix;              /* the game's indexes: the rows', the examples' */
    struct layer_key start; /* the start position's layer */
    struct dtc_stats *st;
    char *err;
    size_t errlen;
};

/* The start's class, when layer k holds it: its rank in the table. */
static int dtc_start(struct dtc_pass *p, const struct layer_key *k, const uint16_t *cls)
{
    const struct game *g = p->g;
    if (memcmp(k, &p->start, sizeof *k)) return 0;
    const struct position start = g->ops->start(g);
    uint64_t i, size;
    if (g->ops->layers->rank(g, p->gix, k, &start, true, &i, &size, p->err, p->errlen)) return -1;
    p->st->start_class = cls[i];
    g->ops->format(g, &start, p->st->start_fen, sizeof p->st->start_fen);
    return 0;
}

/* Adds the rows of layer k from its DTC table of st->limit. */
static int dtc_layer(struct dtc_pass *p, const struct layer_key *k)
{
    const struct game *g = p->g;
    struct dtc_stats *st = p->st;
    struct layer_rows lr;
    if (layer_rows_init(g, p->gix, k, &lr, p->err, p->errlen)) return -1;
    char path[1024];
    tables_layer_path(path, sizeof path, p->dir, g, k, TB_DTC, st->limit);
    struct tb_meta want = tables_layer_meta(g, k, TB_DTC, st->limit, lr.size);
    uint16_t *cls = tables_read(path, &want, p->err, p->errlen);
    uint8_t *w = NULL;
    int rc = cls ? 0 : -1;
    for (int j = 0; j < lr.nrows && !rc; j++) {
        const struct layer_row *row = &lr.row[j];
        if ((rc = row_weights(g, p->gix, &lr, j, &w, p->err, p->errlen))) break;
        struct dtc_row *r = &st->rows[st->nrows++];
        if (st->materials)
            *r = (struct dtc_row){.m = row->men[0], .other = row->men[1], .side = row->side};
        else
            *r = (struct dtc_row){.inhand = k->c[0], .captured = k->c[1], .side = row->side};
        uint64_t longest = dtc_tally_row(r, cls, row, w);
        if (longest != UINT64_MAX)
            rc = layer_example(g, p->gix, k, row->offset + row->stride * longest, r->longest_fen,
                               sizeof r->longest_fen, p->err, p->errlen);
        dtc_add_total(&st->total, r);
    }
    if (!rc) rc = dtc_start(p, k, cls);
    free(w);
    free(cls);
    return rc;
}

/* The layers of the counting rule's rows, in the order of the game (the complete set's):
 * the set's DTC tables of that limit, of materials up to pieces (0: no bound). */
static int dtc_layers(const struct game *g, const char *dir, int limit, int pieces,
                      struct layer_key **keys)
{
    struct tables_set set;
    if (tables_expected(dir, g, 0, &set)) return -1;
    int nk = set_layers(g, dir, &set, TB_DTC, limit, keys), n = 0;
    tables_set_free(&set);
    for (int j = 0; j < nk; j++)
        if (!pieces || g->ops->layers->men(g, &(*keys)[j]) <= pieces) (*keys)[n++] = (*keys)[j];
    return nk < 0 ? -1 : n;
}

static int dtc_walk(struct dtc_pass *p, const struct layer_key *keys, int nk,
                    const struct stats_hooks *h)
{
    int rc = 0;
    hook_begin(h, "dtc");
    for (int j = 0; j < nk && !rc; j++) {
        drop_behind(p->g, p->gix, keys, j);
        rc = dtc_layer(p, &keys[j]);
        if (!rc) hook_progress(h, "layers", (uint64_t)j + 1, (uint64_t)nk);
    }
    hook_end(h);
    return rc;
}

int stats_dtc(const struct game *g, const char *dir, int limit, const struct stats_hooks *h,
              struct dtc_stats *s, char *err, size_t errlen)
{
    *s = (struct dtc_stats){.g = g, .limit = limit, .materials = !stats_by_layer(g)};
    game_rules_name(g, s->rules, sizeof s->rules);
    int checked = s->materials ? dtc_check_by_material(g, dir, limit, s->rules, err, errlen)
                               : dtc_check_by_layer(g, dir, limit, s->rules, err, errlen);
    if (checked < 0) return -1;
    s->whole = !s->materials && checked;
    struct layer_key *keys = NULL;
    int nk = dtc_layers(g, dir, limit, s->materials ? checked : 0, &keys);
    const struct position start = g->ops->start(g);
    struct dtc_pass p = {.g = g,
                         .dir = dir,
                         .gix = g->ops->layers->index_new(g, 0),
                         .start = g->ops->layers->layer_of(g, &start),
                         .st = s,
                         .err = err,
                         .errlen = errlen};
    s->rows = calloc(ROWS_MAX * (size_t)(nk > 0 ? nk : 0) + 1, sizeof *s->rows);
    int rc = nk < 0 || !p.gix || !s->rows ? out_of_memory(err, errlen) : 0;
    if (!rc) {
        s->total.max_win = s->total.max_loss = -1;
        rc = dtc_walk(&p, keys, nk, h);
    }
    if (p.gix) g->ops->layers->index_free(p.gix);
    free(keys);
    if (rc) stats_dtc_free(s);
    return rc;
}

void stats_dtc_free(struct dtc_stats *s)
{
    free(s->rows);
    s->rows = NULL;
    s->nrows = 0;
}

/* ---- The DTM histogram --------------------------------------------------------------- */

/* Adds cyclic layer k's DTM table to the histogram, a row per side to move. */
static int histogram_layer(const struct game *g, const char *dir, void *gix,
                           const struct layer_key *k, struct dtm_histogram *h, char *err,
                           size_t errlen)
{
    struct layer_rows lr;
    if (layer_rows_init(g, gix, k, &lr, err, errlen)) return -1;
    char path[1024];
    tables_layer_path(path, sizeof path, dir, g, k, TB_DTM, 0);
    struct tb_meta want = tables_layer_meta(g, k, TB_DTM, 0, lr.size);
    retro_code *codes = NULL;
    uint8_t *w = NULL;
    int rc = 0;
    if (access(path, F_OK) != 0) {
        char cmd[512];
        solve_command(g, dir, 0, true, 0, h->rules, cmd, sizeof cmd);
        snprintf(err, errlen, "--histogram: no table %s; make it with: %s", path, cmd);
        rc = -1;
    } else if (!(codes = read_codes(path, &want, err, errlen))) {
        rc = -1;
    }
    for (int j = 0; j < lr.nrows && !rc; j++) {
        const struct layer_row *row = &lr.row[j];
        int side = row->side;
        if ((rc = row_weights(g, gix, &lr, j, &w, err, errlen))) break;
        for (uint64_t c = 0; c < row->count; c++) {
            uint64_t i = row->offset + row->stride * c;
            retro_code code = codes[i];
            if (code == RETRO_DRAW) {
                h->draws[side]++;
                h->draws_raw[side] += w[c];
                continue;
            }
            int d = code_dtm(code);
            h->n[d][side]++;
            h->raw[d][side] += w[c];
            if (d > h->max_dtm) h->max_dtm = d;
        }
    }
    free(codes);
    free(w);
    return rc;
}

/* The game's cyclic layers, in the order of the game (the complete set's), into *keys. */
static int cyclic_layers(const struct game *g, const char *dir, struct layer_key **keys)
{
    struct tables_set set;
    if (tables_expected(dir, g, 0, &set)) return -1;
    int nk = set_layers(g, dir, &set, TB_WDL, 0, keys), n = 0;
    tables_set_free(&set);
    const struct game_layers *gl = g->ops->layers;
    int nl = gl->list(g, NULL, 0);
    struct layer_entry *e = malloc(((size_t)nl + 1) * sizeof *e);
    if (nk < 0 || !e) {
        free(e);
        return -1;
    }
    gl->list(g, e, nl);
    for (int j = 0; j < nk; j++)
        for (int i = 0; i < nl; i++)
            if (!memcmp(&e[i].k, &(*keys)[j], sizeof e[i].k) && e[i].kind == LAYER_CYCLIC)
                (*keys)[n++] = (*keys)[j];
    free(e);
    return n;
}

int stats_histogram(const struct game *g, const char *dir, const struct stats_hooks *hooks,
                    struct dtm_histogram *h, char *err, size_t errlen)
{
    *h = (struct dtm_histogram){.g = g, .max_dtm = -1};
    void *gix = g->ops->layers->index_new(g, 0);
    struct layer_key *keys = NULL;
    int nk = cyclic_layers(g, dir, &keys);
    h->n = calloc(RETRO_MAX_DTM + 1, sizeof *h->n);
    h->raw = calloc(RETRO_MAX_DTM + 1, sizeof *h->raw);
    int rc = 0;
    if (nk < 0 || !gix || !h->n || !h->raw) rc = out_of_memory(err, errlen);
    game_rules_name(g, h->rules, sizeof h->rules);
    hook_begin(hooks, "histogram");
    for (int j = 0; j < nk && !rc; j++) {
        drop_behind(g, gix, keys, j);
        rc = histogram_layer(g, dir, gix, &keys[j], h, err, errlen);
        hook_progress(hooks, "layers", (uint64_t)j + 1, (uint64_t)nk);
    }
    hook_end(hooks);
    free(keys);
    if (gix) g->ops->layers->index_free(gix);
    if (rc) stats_histogram_free(h);
    return rc;
}

void stats_histogram_free(struct dtm_histogram *h)
{
    free(h->n);
    free(h->raw);
    h->n = h->raw = NULL;
}
