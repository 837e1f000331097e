/* The statistics of solved tables (stats.h): wins, draws and losses per layer and side to
 * move, the counting rule's classes, the DTM histogram. */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bc_solve.h"
#include "bigmem.h"
#include "values.h"
#include "baghchal.h"
#include "ss_layers.h"

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
    return g->ops == &baghchal_ops;
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

/* Reads a Bagh-Chal layer's codes (inhand 0: the movement phase, both sides): from its DTM
 * table when it is there, else from its WDL table; NULL when neither is there (*absent)
 * or on an error. */
static retro_code *read_bc(const struct game *g, const char *dir, int inhand, int c, int side,
                           uint64_t n, bool *absent, bool *dtm, char *err, size_t errlen)
{
    char path[1024];
    *absent = false;
    for (int k = 0; k < 2; k++) {
        enum tb_kind kind = k == 0 ? TB_DTM : TB_WDL;
        if (inhand)
            tables_place_name(path, sizeof path, dir, g, inhand, c, side, kind);
        else
            tables_name(path, sizeof path, dir, g, 0, c, kind);
        if (access(path, F_OK) != 0) continue;
        struct tb_meta want =
            inhand ? tables_place_meta(g, inhand, c, side, kind, n) : tables_meta(g, 0, c, kind, n);
        *dtm = kind == TB_DTM;
        return read_codes(path, &want, err, errlen);
    }
    *absent = true;
    return NULL;
}

/* A goats-to-move placement layer read from its WDL table while the placement phase has
 * DTM: its DTM codes from the tigers' layer below (bc_goats_dtm), which the DTM pass
 * stores in its stead, into codes. 0; 1 when that layer's DTM table is not there (the
 * goats' layer then has no DTM either, codes unchanged); -1 with err. */
static int derive_goats(const struct game *g, const char *dir, const struct symmap *sm, int inhand,
                        int c, const struct pair_index *ix, retro_code *codes, char *err,
                        size_t errlen)
{
    char path[1024];
    if (inhand > 1)
        tables_place_name(path, sizeof path, dir, g, inhand - 1, c, 1, TB_DTM);
    else
        tables_name(path, sizeof path, dir, g, 0, c, TB_DTM);
    if (access(path, F_OK) != 0) return 1;
    struct pair_index below_ix;
    if (pair_index_init(&below_ix, g->board, sm, g->ntigers, g->ngoats - inhand - c + 1))
        return out_of_memory(err, errlen);
    uint64_t nb = below_ix.size, n = inhand > 1 ? nb : 2 * nb;
    struct tb_meta want = inhand > 1 ? tables_place_meta(g, inhand - 1, c, 1, TB_DTM, n)
                                     : tables_meta(g, 0, c, TB_DTM, n);
    retro_code *res = read_codes(path, &want, err, errlen);
    uint8_t *below = res ? malloc(nb + 1) : NULL;
    int rc = -1;
    if (res && !below) {
        out_of_memory(err, errlen);
    } else if (res) {
        /* the movement phase's table holds both sides: the tigers' entries are the odd ones */
        uint64_t stride = inhand > 1 ? 1 : 2, offset = inhand > 1 ? 0 : 1;
#pragma omp parallel for schedule(static, 65536)
        for (uint64_t i = 0; i < nb; i++) below[i] = (uint8_t)res[i * stride + offset];
        free(res);
        res = NULL;
        rc = bc_goats_dtm(g, inhand, c, ix, &below_ix, below, codes, err, errlen);
    }
    free(res);
    free(below);
    pair_index_free(&below_ix);
    return rc;
}

/* Reads a layer's REACH table (entries 1 for reached positions). */
static uint16_t *read_reach(const struct game *g, const char *dir, int inhand, int c, int side,
                            uint64_t n, char *err, size_t errlen)
{
    char path[1024];
    tables_reach_name(path, sizeof path, dir, g, inhand, c, side);
    struct tb_meta want = tables_reach_meta(g, inhand, c, side, n);
    return tables_read(path, &want, err, errlen);
}

static void format_class(const struct game *g, const struct pair_index *ix, uint64_t k,
                         const struct bc_row *r, char *fen, size_t len)
{
    bits_t T, G;
    pair_index_unrank(ix, k, &T, &G);
    struct position pos = {.men = {G, T}, .side = r->side, .inhand = r->inhand};
    g->ops->format(g, &pos, fen, len);
}

/* Adds one row: the positions i = stride * k + offset of res, k < ix->size. Each thread
 * tallies a contiguous range; ties for the longest win and the changed example go to the
 * lowest k, so the output does not depend on the threads. */
static void tabulate(const struct game *g, const struct pair_index *ix, const uint8_t *w,
                     const retro_code *res, const retro_code *alt, const uint16_t *reach,
                     uint64_t stride, uint64_t offset, bool dtm, struct bc_row *r,
                     struct bc_change *x)
{
    r->max_win = r->max_loss = -1;
    r->dtm = dtm;
    r->longest = x->example = UINT64_MAX;
#pragma omp parallel
    {
        uint64_t n[3] = {0}, raw[3] = {0}, cn[3][3] = {{0}}, craw[3][3] = {{0}};
        uint64_t longest = UINT64_MAX, example = UINT64_MAX;
        int max_win = -1, max_loss = -1;
#pragma omp for schedule(static) nowait
        for (uint64_t k = 0; k < ix->size; k++) {
            uint64_t i = stride * k + offset;
            if (reach && !reach[i]) continue;
            int v = column_of(res[i]);
            n[v]++;
            raw[v] += w[k];
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
    if (r->max_win >= 0) format_class(g, ix, r->longest, r, r->longest_fen, sizeof r->longest_fen);
    if (x->example != UINT64_MAX)
        format_class(g, ix, x->example, r, x->example_fen, sizeof x->example_fen);
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

/* Tallies a Sixteen Soldiers row: the part's positions of res (w: their weights). */
static void ss_tally(const struct game *g, const struct ss_layer *l, const struct ss_part *part,
                     const retro_code *res, const uint8_t *w, struct ss_row *r)
{
    uint64_t longest = 0;
    for (uint64_t i = 0; i < part->ix.size; i++) {
        retro_code c = res[part->offset + i];
        int v = column_of(c);
        r->cl[v]++;
        r->raw[v] += w[i];
        if (!r->dtm) continue;
        if (v == 0) {
            r->win_dtm_sum += code_dtm(c);
            if (code_dtm(c) > r->max_win) {
                r->max_win = code_dtm(c);
                longest = part->offset + i;
            }
        }
        if (v == 2 && code_dtm(c) > r->max_loss) r->max_loss = code_dtm(c);
    }
    if (r->max_win >= 0) {
        bits_t A, B;
        ss_layer_position(l, longest, &A, &B);
        struct position pos = {.men = {A, B}, .side = 0};
        g->ops->format(g, &pos, r->longest_fen, sizeof r->longest_fen);
    }
}

/* The number of positions each class of ix stands for, a byte a class (malloc'd; NULL when
 * memory runs out). */
static uint8_t *orbit_weights(const struct pair_index *ix)
{
    uint8_t *w = malloc(ix->size + 1);
    if (w) pair_index_orbit_sizes(ix, w);
    return w;
}

/* Adds the rows of material {m, n} (wdl its WDL table) to st. */
static int ss_material(const struct game *g, const struct ss_db *db, const struct tables_set *set,
                       const struct tables_want *wdl, struct ss_table_stats *st, uint64_t *size,
                       char *err, size_t errlen)
{
    int m = wdl->m, n = wdl->n;
    const struct tables_want *d = tables_set_find(set, TB_DTM, m, n, 0);
    bool dtm = d && d->present;
    struct ss_layer l;
    if (ss_layer_init(&l, db, m, n)) return out_of_memory(err, errlen);
    struct tb_meta want = tables_ss_meta(g, m, n, dtm ? TB_DTM : TB_WDL, l.size);
    retro_code *res = read_codes(dtm ? d->path : wdl->path, &want, err, errlen);
    int rc = res ? 0 : -1;
    for (int p = 0; p < l.nparts && !rc; p++) {
        const struct ss_part *part = &l.part[p];
        struct ss_row *r = &st->rows[st->nrows++];
        r->m = part->m;
        r->n = part->n;
        r->dtm = dtm;
        r->dtm_missing = d && !dtm;
        r->max_win = r->max_loss = -1;
        uint8_t *w = orbit_weights(&part->ix);
        if (!w) {
            rc = out_of_memory(err, errlen);
            break;
        }
        ss_tally(g, &l, part, res, w, r);
        free(w);
    }
    *size = l.size;
    free(res);
    ss_layer_free(&l);
    return rc;
}

/* The sum of Sixteen Soldiers' rows: its DTM known when every row's is, its longest win
 * the first of the longest. */
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

/* Sixteen Soldiers: one row per material (m, n), from the tables of every material of the
 * set (all there: the caller checked). */
static int ss_wdl(const struct game *g, const struct tables_set *set, const struct stats_hooks *h,
                  struct ss_table_stats *st, char *err, size_t errlen)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return out_of_memory(err, errlen);
    memset(st, 0, sizeof *st);
    st->rows = calloc(SS_MAX_PIECES * SS_MAX_PIECES, sizeof *st->rows);
    int rc = st->rows ? 0 : out_of_memory(err, errlen);
    uint64_t total = set_positions(set), done = 0;
    hook_begin(h, "stats");
    for (int k = 0; k < set->n && !rc; k++) {
        const struct tables_want *wdl = &set->t[k];
        if (wdl->kind != TB_WDL) continue;
        uint64_t size = 0;
        rc = ss_material(g, &db, set, wdl, st, &size, err, errlen);
        if (rc) break;
        done += size;
        char label[32];
        snprintf(label, sizeof label, "material %d+%d", wdl->m, wdl->n);
        hook_progress(h, label, done, total);
    }
    hook_end(h);
    ss_db_free(&db);
    if (rc) {
        free(st->rows);
        st->rows = NULL;
        return -1;
    }
    game_rules_name(g, st->rules, sizeof st->rules);
    ss_total(st);
    return 0;
}

static void bc_rows_free(struct bc_stats *st)
{
    free(st->rows);
    free(st->ch);
    st->rows = NULL;
    st->ch = NULL;
}

/* A pass of the plain statistics over Bagh-Chal's layers. */
struct bc_pass {
    const struct game *g, *other; /* other: the other rule set, when compared */
    const char *dir;
    const struct tables_set *set;
    bool reachable;
    const struct symmap *sm;
    struct bc_stats *st;
    uint64_t done, total;
    const struct stats_hooks *h;
    char *err;
    size_t errlen;
};

/* A layer's tables as read for a side: its codes, with their DTM or not, the other rule
 * set's (NULL when not there), its REACH entries. */
struct bc_codes {
    retro_code *res, *alt;
    uint16_t *reach;
    bool dtm, goats_unknown;
};

static void bc_codes_free(struct bc_codes *lc)
{
    free(lc->res);
    free(lc->alt);
    free(lc->reach);
    *lc = (struct bc_codes){0};
}

static int bc_read(const struct bc_pass *p, int inhand, int c, int side,
                   const struct pair_index *ix, struct bc_codes *lc)
{
    uint64_t n = inhand ? ix->size : 2 * ix->size;
    bool absent = false;
    lc->res = read_bc(p->g, p->dir, inhand, c, side, n, &absent, &lc->dtm, p->err, p->errlen);
    if (!lc->res) {
        if (absent) snprintf(p->err, p->errlen, "the tables of layer h%d-c%d are gone", inhand, c);
        return -1;
    }
    if (inhand > 0 && side == 0 && !lc->dtm && p->set->dtm[1]) {
        int derived = derive_goats(p->g, p->dir, p->sm, inhand, c, ix, lc->res, p->err, p->errlen);
        if (derived < 0) return -1;
        lc->dtm = derived == 0;
        /* the tigers' table below is missing: the warning names it, and this layer's
         * longest are unknown too */
        lc->goats_unknown = derived == 1;
    }
    bool alt_absent = false, alt_dtm;
    if (p->other) {
        lc->alt =
            read_bc(p->other, p->dir, inhand, c, side, n, &alt_absent, &alt_dtm, p->err, p->errlen);
        if (!lc->alt && !alt_absent) return -1;
    }
    if (p->reachable &&
        !(lc->reach = read_reach(p->g, p->dir, inhand, c, side, n, p->err, p->errlen)))
        return -1;
    return 0;
}

/* Adds the rows of layer (inhand, c), a side each. */
static int bc_layer(struct bc_pass *p, int inhand, int c)
{
    const struct game *g = p->g;
    struct pair_index ix;
    if (pair_index_init(&ix, g->board, p->sm, g->ntigers, g->ngoats - inhand - c))
        return out_of_memory(p->err, p->errlen);
    int rc = 0;
    uint8_t *w = big_alloc(ix.size + 1);
    if (w)
        pair_index_orbit_sizes(&ix, w);
    else
        rc = out_of_memory(p->err, p->errlen);
    struct bc_codes lc = {0}; /* the movement's serve both sides */
    for (int side = 0; side < 2 && !rc; side++) {
        if (inhand > 0 && side == 1 && inhand == g->ngoats) break;
        const struct tables_want *d = tables_set_find(p->set, TB_DTM, inhand, c, side);
        if (!lc.res && (rc = bc_read(p, inhand, c, side, &ix, &lc))) break;
        struct bc_row *r = &p->st->rows[p->st->nrows];
        struct bc_change *x = &p->st->ch[p->st->nrows++];
        r->inhand = inhand;
        r->captured = c;
        r->side = side;
        r->dtm_missing = (d && !d->present) || (side == 0 && lc.goats_unknown);
        x->present = lc.alt != NULL;
        tabulate(g, &ix, w, lc.res, lc.alt, lc.reach, inhand ? 1 : 2, inhand ? 0 : (uint64_t)side,
                 lc.dtm, r, x);
        p->done += ix.size;
        char label[32];
        snprintf(label, sizeof label, "h%d-c%d-%c", inhand, c, side ? 't' : 'g');
        hook_progress(p->h, label, p->done, p->total);
        if (inhand) bc_codes_free(&lc);
    }
    bc_codes_free(&lc);
    free(w);
    pair_index_free(&ix);
    return rc;
}

/* The total row of Bagh-Chal's statistics. */
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

/* The other rule set of g's (standard, goat-pass) with the same goal, into other: whether
 * any of its tables is in dir, for the comparison. */
static bool bc_other_rules(const struct game *g, const char *dir, struct game *other)
{
    struct game games[32];
    char err[400];
    int ngames = tables_games(dir, games, 32);
    bool compare = false;
    if (game_setup(other, "baghchal", g->rules == BC_STANDARD ? "goat-pass" : "standard",
                   g->board->name, err, sizeof err) == 0) {
        other->captures_to_win = g->captures_to_win; /* the same goal, the other rules */
        for (int k = 0; k < ngames && k < 32; k++) compare |= game_same(&games[k], other);
    }
    return compare;
}

/* Bagh-Chal: one row per layer and side to move, in the order of the game, over the
 * layers of the set (all there but perhaps some DTM tables: the caller checked). */
static int bc_wdl(const struct game *g, const char *dir, const struct tables_set *set,
                  bool reachable, const struct stats_hooks *h, struct bc_stats *st, char *err,
                  size_t errlen)
{
    struct game other;
    bool compare = bc_other_rules(g, dir, &other);
    int top = g->captures_to_win - 1, maxrows = 2 * TABLES_MAX_LAYERS * (g->ngoats + 1), rc = 0;
    struct symmap *sm = malloc(sizeof *sm);
    *st = (struct bc_stats){.g = g, .reachable = reachable, .compare = compare, .top = top};
    st->rows = calloc((size_t)maxrows + 1, sizeof *st->rows);
    st->ch = calloc((size_t)maxrows, sizeof *st->ch);
    if (!sm || !st->rows || !st->ch) {
        free(sm);
        bc_rows_free(st);
        return out_of_memory(err, errlen);
    }
    symmap_init(sm, g->board);
    struct bc_pass p = {.g = g,
                        .other = compare ? &other : NULL,
                        .dir = dir,
                        .set = set,
                        .reachable = reachable,
                        .sm = sm,
                        .st = st,
                        .total = set_positions(set),
                        .h = h,
                        .err = err,
                        .errlen = errlen};
    hook_begin(h, "stats");
    /* In the order of the game: the placement layers from the start, then the movement. */
    for (int inhand = g->ngoats; inhand >= 0 && !rc; inhand--)
        for (int c = 0; c <= top && c <= g->ngoats - inhand && !rc; c++)
            /* A layer the set has no table of is skipped before its index is built: the
             * placement phase's indexes are most of the time of a pass over the whole game. */
            if (tables_set_find(set, TB_WDL, inhand, c, 0)) rc = bc_layer(&p, inhand, c);
    hook_end(h);
    free(sm);
    if (rc) {
        bc_rows_free(st);
        return -1;
    }
    bc_total(st);
    bc_change_total(st);
    game_rules_name(g, st->rules, sizeof st->rules);
    if (compare) game_rules_name(&other, st->other_rules, sizeof st->other_rules);
    return 0;
}

int stats_wdl(const struct game *g, const char *dir, const struct tables_set *set, bool reachable,
              const struct stats_hooks *h, struct stats_wdl *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->materials = !stats_by_layer(g);
    return s->materials ? ss_wdl(g, set, h, &s->ss, err, errlen)
                        : bc_wdl(g, dir, set, reachable, h, &s->bc, err, errlen);
}

void stats_wdl_free(struct stats_wdl *s)
{
    free(s->bc.rows);
    free(s->bc.ch);
    free(s->ss.rows);
    memset(s, 0, sizeof *s);
}

/* Tallies a row of the counting rule's statistics from class codes cls[stride * k + offset],
 * k < size, each class weighing w[k] raw positions; the k of its longest win, or
 * UINT64_MAX when it has none. Each thread tallies a contiguous range and ties for the
 * longest win go to the lowest k, so the row does not depend on the threads. */
static uint64_t dtc_tally_row(struct dtc_row *r, const uint16_t *cls, uint64_t stride,
                              uint64_t offset, uint64_t size, const uint8_t *w)
{
    uint64_t longest = UINT64_MAX;
    r->max_win = r->max_loss = -1;
#pragma omp parallel
    {
        uint64_t n[5] = {0}, raw[5] = {0}, at = UINT64_MAX;
        int max_win = -1, max_loss = -1;
#pragma omp for schedule(static) nowait
        for (uint64_t k = 0; k < size; k++) {
            uint16_t e = cls[stride * k + offset];
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

/* Whether dir holds the placement phase's DTC tables of limit (every layer all_stored in
 * solver/library/bc_solve.c makes: goats in hand h >= 1, captured c, both sides but at the
 * start): 0 none, 1 all. Some but not all is an error naming the first missing one in the
 * order of the game and the command that makes them: -1 with err. */
static int dtc_placement_there(const struct game *g, const char *dir, int limit, char *err,
                               size_t errlen)
{
    char path[1024], first[1024] = "";
    int there = 0;
    for (int h = g->ngoats; h >= 1; h--)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
            for (int side = 0; side < 2 - (h == g->ngoats); side++) {
                tables_dtc_name(path, sizeof path, dir, g, h, c, side, limit);
                if (access(path, F_OK) == 0)
                    there++;
                else if (!first[0])
                    memcpy(first, path, sizeof first);
            }
    if (!there || !first[0]) return there > 0;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(err, errlen,
             "no table %s, though %d other placement DTC table%s of limit %d %s "
             "there; make it with: guti solve baghchal --dtc --limit %d --rules %s "
             "--board %s --dir %s",
             first, there, there == 1 ? "" : "s", limit, there == 1 ? "is" : "are", limit, rules,
             g->board->name, dir);
    return -1;
}

/* Adds the rows of Bagh-Chal's layer (inhand, c) from its DTC tables of st->limit. */
static int bc_dtc_layer(const struct game *g, const char *dir, const struct symmap *sm, int inhand,
                        int c, struct dtc_stats *st, char *err, size_t errlen)
{
    struct pair_index ix;
    if (pair_index_init(&ix, g->board, sm, g->ntigers, g->ngoats - inhand - c))
        return out_of_memory(err, errlen);
    const struct position start = g->ops->start(g);
    uint8_t *w = big_alloc(ix.size + 1);
    int rc = w ? 0 : out_of_memory(err, errlen);
    if (w) pair_index_orbit_sizes(&ix, w);
    /* a placement layer has a table per side; the movement's, one for both */
    uint16_t *cls = NULL;
    for (int side = 0; side < 2 - (inhand == g->ngoats) && !rc; side++) {
        if (inhand || !cls) {
            char path[1024];
            uint64_t n = inhand ? ix.size : 2 * ix.size;
            int s = inhand ? side : -1;
            tables_dtc_name(path, sizeof path, dir, g, inhand, c, s, st->limit);
            struct tb_meta want = tables_dtc_meta(g, inhand, c, s, st->limit, n);
            free(cls);
            if (!(cls = tables_read(path, &want, err, errlen))) {
                rc = -1;
                break;
            }
        }
        struct dtc_row *r = &st->rows[st->nrows++];
        r->inhand = inhand;
        r->captured = c;
        r->side = side;
        uint64_t longest =
            dtc_tally_row(r, cls, inhand ? 1 : 2, inhand ? 0 : (uint64_t)side, ix.size, w);
        if (longest != UINT64_MAX) {
            bits_t T, G;
            pair_index_unrank(&ix, longest, &T, &G);
            struct position pos = {.men = {G, T}, .side = side, .inhand = inhand};
            g->ops->format(g, &pos, r->longest_fen, sizeof r->longest_fen);
        }
        if (inhand == start.inhand && c == 0 && side == start.side) {
            st->start_class = cls[pair_index_rank(&ix, start.men[1], start.men[0])];
            g->ops->format(g, &start, st->start_fen, sizeof st->start_fen);
        }
        dtc_add_total(&st->total, r);
    }
    free(cls);
    free(w);
    pair_index_free(&ix);
    return rc;
}

/* The counting rule over Bagh-Chal: a row per layer and side to move, from the layers' DTC
 * tables of that limit. The movement phase's always; the placement phase's too when its
 * tables are there, then the rows are in the order of the game as the plain statistics
 * give them (the placement layers from the start, then the movement's), and the start's
 * class is read from its layer. */
static int bc_dtc(const struct game *g, const char *dir, int limit, const struct stats_hooks *h,
                  struct dtc_stats *st, char *err, size_t errlen)
{
    int top = g->captures_to_win - 1, rc = 0;
    char path[1024], rules[32];
    game_rules_name(g, rules, sizeof rules);
    /* every table is looked for before any is read: a missing one stops no long pass */
    for (int c = 0; c <= top; c++) {
        tables_dtc_name(path, sizeof path, dir, g, 0, c, -1, limit);
        if (access(path, F_OK) != 0)
            return snprintf(err, errlen,
                            "no table %s; make it with: guti solve baghchal --phase "
                            "movement --dtc --limit %d --rules %s --board %s --dir %s",
                            path, limit, rules, g->board->name, dir),
                   -1;
    }
    int whole = dtc_placement_there(g, dir, limit, err, errlen);
    if (whole < 0) return -1;
    int first = whole ? g->ngoats : 0, nlayers = 0, done = 0;
    for (int inhand = first; inhand >= 0; inhand--)
        for (int c = 0; c <= top && c <= g->ngoats - inhand; c++) nlayers++;
    struct symmap *sm = malloc(sizeof *sm);
    *st = (struct dtc_stats){.g = g, .limit = limit, .whole = whole};
    st->rows = calloc(2 * (size_t)nlayers, sizeof *st->rows);
    if (!sm || !st->rows) {
        free(sm);
        stats_dtc_free(st);
        return out_of_memory(err, errlen);
    }
    symmap_init(sm, g->board);
    memcpy(st->rules, rules, sizeof st->rules);
    st->total.max_win = st->total.max_loss = -1;
    hook_begin(h, "dtc");
    for (int inhand = first; inhand >= 0 && !rc; inhand--)
        for (int c = 0; c <= top && c <= g->ngoats - inhand && !rc; c++) {
            rc = bc_dtc_layer(g, dir, sm, inhand, c, st, err, errlen);
            if (!rc) hook_progress(h, "layers", (uint64_t)++done, (uint64_t)nlayers);
        }
    hook_end(h);
    free(sm);
    if (rc) stats_dtc_free(st);
    return rc;
}

/* Adds the rows of Sixteen Soldiers' layer {m, n} (l) from its DTC table of st->limit,
 * pieces being the most of the set. */
static int ss_dtc_layer(const struct game *g, const char *dir, const struct ss_layer *l, int pieces,
                        struct dtc_stats *st, char *err, size_t errlen)
{
    char path[1024];
    tables_dtc_name(path, sizeof path, dir, g, l->m, l->n, -1, st->limit);
    if (access(path, F_OK) != 0)
        return snprintf(err, errlen,
                        "no table %s; make it with: guti solve sixteen --pieces "
                        "%d --dtc --limit %d --rules %s --dir %s",
                        path, pieces, st->limit, st->rules, dir),
               -1;
    struct tb_meta want = tables_dtc_meta(g, l->m, l->n, -1, st->limit, l->size);
    uint16_t *cls = tables_read(path, &want, err, errlen);
    int rc = cls ? 0 : -1;
    for (int p = 0; p < l->nparts && !rc; p++) {
        const struct ss_part *part = &l->part[p];
        struct dtc_row *r = &st->rows[st->nrows++];
        r->m = part->m;
        r->other = part->n;
        r->side = -1;
        r->max_win = r->max_loss = -1;
        uint8_t *w = orbit_weights(&part->ix);
        if (!w) {
            rc = out_of_memory(err, errlen);
            break;
        }
        uint64_t longest = dtc_tally_row(r, cls, 1, part->offset, part->ix.size, w);
        free(w);
        if (longest != UINT64_MAX) {
            bits_t A, B;
            ss_layer_position(l, longest + part->offset, &A, &B);
            struct position pos = {.men = {A, B}, .side = 0};
            g->ops->format(g, &pos, r->longest_fen, sizeof r->longest_fen);
        }
        dtc_add_total(&st->total, r);
    }
    free(cls);
    return rc;
}

/* Sixteen Soldiers' counting rule: a row per material (m, n) in solving order, each part of
 * a layer {m, n} as the plain statistics order them, from the DTC tables of that limit of
 * every material up to the most pieces for which the smallest-first run made any. */
static int ss_dtc(const struct game *g, const char *dir, int limit, const struct stats_hooks *h,
                  struct dtc_stats *st, char *err, size_t errlen)
{
    *st = (struct dtc_stats){.g = g, .limit = limit, .materials = true};
    char path[1024];
    game_rules_name(g, st->rules, sizeof st->rules);
    /* the most pieces: the run makes m+1 with 1 first of each total, so its table says
     * whether the total was reached */
    int pieces = 1;
    for (int t = 2; t <= 2 * SS_MAX_PIECES; t++) {
        tables_dtc_name(path, sizeof path, dir, g, t - 1, 1, -1, limit);
        if (access(path, F_OK) != 0) break;
        pieces = t;
    }
    if (pieces < 2) {
        tables_dtc_name(path, sizeof path, dir, g, 1, 1, -1, limit);
        return snprintf(err, errlen,
                        "no table %s; make them with: guti solve sixteen --pieces N --dtc "
                        "--limit %d --rules %s --dir %s",
                        path, limit, st->rules, dir),
               -1;
    }
    struct ss_db db;
    st->rows = calloc(SS_MAX_PIECES * SS_MAX_PIECES, sizeof *st->rows);
    if (!st->rows || ss_db_init(&db, g)) {
        stats_dtc_free(st);
        return out_of_memory(err, errlen);
    }
    st->total.max_win = st->total.max_loss = -1;
    int rc = 0, nmat = pieces * pieces / 4, done = 0; /* materials {m, n}, m >= n, m + n <= N */
    hook_begin(h, "dtc");
    for (int t = 2; t <= pieces && !rc; t++)
        for (int m = t - 1; 2 * m >= t && !rc; m--) {
            struct ss_layer l;
            if (ss_layer_init(&l, &db, m, t - m)) {
                rc = out_of_memory(err, errlen);
                break;
            }
            rc = ss_dtc_layer(g, dir, &l, pieces, st, err, errlen);
            ss_layer_free(&l);
            if (!rc) hook_progress(h, "materials", (uint64_t)++done, (uint64_t)nmat);
        }
    hook_end(h);
    ss_db_free(&db);
    if (rc) stats_dtc_free(st);
    return rc;
}

int stats_dtc(const struct game *g, const char *dir, int limit, const struct stats_hooks *h,
              struct dtc_stats *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    return stats_by_layer(g) ? bc_dtc(g, dir, limit, h, s, err, errlen)
                             : ss_dtc(g, dir, limit, h, s, err, errlen);
}

void stats_dtc_free(struct dtc_stats *s)
{
    free(s->rows);
    s->rows = NULL;
    s->nrows = 0;
}

/* Adds the movement layer c's DTM table to the histogram. */
static int histogram_layer(const struct game *g, const char *dir, const struct symmap *sm, int c,
                           struct dtm_histogram *h, char *err, size_t errlen)
{
    struct pair_index ix;
    if (pair_index_init(&ix, g->board, sm, g->ntigers, g->ngoats - c))
        return out_of_memory(err, errlen);
    char path[1024];
    tables_name(path, sizeof path, dir, g, 0, c, TB_DTM);
    uint64_t n = 2 * ix.size;
    struct tb_meta want = tables_meta(g, 0, c, TB_DTM, n);
    retro_code *codes = NULL;
    uint8_t *w = big_alloc(ix.size + 1);
    int rc = 0;
    if (access(path, F_OK) != 0) {
        snprintf(err, errlen,
                 "--histogram: no table %s; make it with: guti solve baghchal "
                 "--phase movement --rules %s --board %s --dir %s",
                 path, h->rules, g->board->name, dir);
        rc = -1;
    } else if (!w || !(codes = read_codes(path, &want, err, errlen))) {
        rc = w ? -1 : out_of_memory(err, errlen);
    } else {
        pair_index_orbit_sizes(&ix, w);
        for (uint64_t i = 0; i < n; i++) {
            int side = (int)(i & 1);
            retro_code code = codes[i];
            if (code == RETRO_DRAW) {
                h->draws[side]++;
                h->draws_raw[side] += w[i / 2];
                continue;
            }
            int d = code_dtm(code);
            h->n[d][side]++;
            h->raw[d][side] += w[i / 2];
            if (d > h->max_dtm) h->max_dtm = d;
        }
    }
    free(codes);
    free(w);
    pair_index_free(&ix);
    return rc;
}

int stats_histogram(const struct game *g, const char *dir, const struct stats_hooks *hooks,
                    struct dtm_histogram *h, char *err, size_t errlen)
{
    *h = (struct dtm_histogram){.g = g, .max_dtm = -1};
    struct symmap *sm = malloc(sizeof *sm);
    h->n = calloc(RETRO_MAX_DTM + 1, sizeof *h->n);
    h->raw = calloc(RETRO_MAX_DTM + 1, sizeof *h->raw);
    int rc = 0, top = g->captures_to_win - 1;
    if (!sm || !h->n || !h->raw) rc = out_of_memory(err, errlen);
    if (!rc) symmap_init(sm, g->board);
    game_rules_name(g, h->rules, sizeof h->rules);
    hook_begin(hooks, "histogram");
    for (int c = 0; c <= top && !rc; c++) {
        rc = histogram_layer(g, dir, sm, c, h, err, errlen);
        hook_progress(hooks, "layers", (uint64_t)c + 1, (uint64_t)top + 1);
    }
    hook_end(hooks);
    free(sm);
    if (rc) stats_histogram_free(h);
    return rc;
}

void stats_histogram_free(struct dtm_histogram *h)
{
    free(h->n);
    free(h->raw);
    h->n = h->raw = NULL;
}
