/* Sixteen Soldiers' positions in table layers (game.h's struct game_layers): a layer per
 * material {m, n}, m >= n, holding both sides to move, (m, n) and (n, m), numbered as
 * ss_layers.h says. An index is built for a material only once its table is found, so
 * that a position far beyond the tables costs no memory. */
#include "ss_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ss_layers.h"

struct ss_indexes {
    struct ss_db *db; /* the symmetries, made on first use */
    struct ss_layer *l[SS_MAX_PIECES + 1][SS_MAX_PIECES + 1];
    int threads; /* to build the indexes with (pair_index_init) */
};

static void ss_layer_name(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "m%d-n%d", k->c[0], k->c[1]);
}

static struct layer_key ss_layer_of(const struct game *g, const struct position *pos)
{
    (void)g;
    int m = bits_count(pos->men[pos->side]), n = bits_count(pos->men[1 - pos->side]);
    return (struct layer_key){{m > n ? m : n, m > n ? n : m, 0, 0}};
}

static void *ss_index_new(const struct game *g, int threads)
{
    (void)g;
    struct ss_indexes *x = calloc(1, sizeof *x);
    if (x) x->threads = threads;
    return x;
}

static void ss_index_free(void *ix)
{
    struct ss_indexes *x = ix;
    if (!x) return;
    for (int m = 0; m <= SS_MAX_PIECES; m++)
        for (int n = 0; n <= SS_MAX_PIECES; n++)
            if (x->l[m][n]) {
                ss_layer_free(x->l[m][n]);
                free(x->l[m][n]);
            }
    if (x->db) {
        ss_db_free(x->db);
        free(x->db);
    }
    free(x);
}

/* A move captures none or a chain of the other side's pieces: the children of {m, n} are
 * the materials with one side's pieces as they were and the other's fewer, not none. */
static int ss_children(const struct game *g, const struct layer_key *k, struct layer_key *out,
                       int max)
{
    (void)g;
    struct layer_key all[2 * SS_MAX_PIECES];
    int n = 0, hi = k->c[0], lo = k->c[1];
    for (int side = 0; side < 2; side++) {
        int keep = side ? lo : hi, lose = side ? hi : lo;
        for (int left = lose - 1; left >= 1; left--) {
            struct layer_key child = {{keep > left ? keep : left, keep > left ? left : keep, 0, 0}};
            bool seen = false;
            for (int j = 0; j < n; j++) seen |= !memcmp(&all[j], &child, sizeof child);
            if (!seen) all[n++] = child;
        }
    }
    if (max > 0) memcpy(out, all, (size_t)(n < max ? n : max) * sizeof *out);
    return n;
}

/* The index of material {hi, lo}, built when not yet (with the symmetries, on first use). */
static int build_layer(const struct game *g, struct ss_indexes *x, int hi, int lo, char *err,
                       size_t errlen)
{
    if (x->l[hi][lo]) return 0;
    if (!x->db) {
        x->db = malloc(sizeof *x->db);
        if (!x->db || ss_db_init(x->db, g)) {
            free(x->db);
            x->db = NULL;
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        x->db->index_threads = x->threads;
    }
    struct ss_layer *l = malloc(sizeof *l);
    if (!l || ss_layer_init(l, x->db, hi, lo)) {
        free(l);
        snprintf(err, errlen, "out of memory for the index of %d+%d pieces", hi, lo);
        return -1;
    }
    x->l[hi][lo] = l;
    return 0;
}

static int ss_rank(const struct game *g, void *ix, const struct layer_key *k,
                   const struct position *pos, bool may_build, uint64_t *i, uint64_t *size,
                   char *err, size_t errlen)
{
    struct ss_indexes *x = ix;
    int hi = k->c[0], lo = k->c[1];
    if (!x->l[hi][lo]) {
        if (!may_build) return 1;
        int rc = build_layer(g, x, hi, lo, err, errlen);
        if (rc) return rc;
    }
    *i = ss_layer_position_index(x->l[hi][lo], pos->men[pos->side], pos->men[1 - pos->side]);
    *size = x->l[hi][lo]->size;
    return 0;
}

static int ss_unrank(const struct game *g, void *ix, const struct layer_key *k, uint64_t i,
                     struct position *pos, char *err, size_t errlen)
{
    struct ss_indexes *x = ix;
    if (build_layer(g, x, k->c[0], k->c[1], err, errlen)) return -1;
    const struct ss_layer *l = x->l[k->c[0]][k->c[1]];
    bits_t mover, other;
    ss_layer_position(l, i, &mover, &other);
    /* the colour does not matter (ss_layers.h): red to move */
    *pos = (struct position){.men = {mover, other}, .side = 0};
    return 0;
}

static int ss_size(const struct game *g, void *ix, const struct layer_key *k, uint64_t *size,
                   char *err, size_t errlen)
{
    struct ss_indexes *x = ix;
    int rc = build_layer(g, x, k->c[0], k->c[1], err, errlen);
    if (rc) return rc;
    *size = x->l[k->c[0]][k->c[1]]->size;
    return 0;
}

/* The materials by the number of pieces, fewest first (a capture takes one off), and
 * within a number the larger side's most first; each layer holds both sides to move. */
static int ss_list(const struct game *g, struct layer_entry *out, int max)
{
    (void)g;
    int n = 0;
    for (int total = 2; total <= 2 * SS_MAX_PIECES; total++)
        for (int m = total - 1; 2 * m >= total; m--) {
            if (m > SS_MAX_PIECES) continue;
            if (n < max) out[n] = (struct layer_entry){{{m, total - m, 0, 0}}, LAYER_CYCLIC};
            n++;
        }
    return n;
}

/* The memory a solve of every material up to n pieces needs, in bytes, estimated from the
 * number of classes (about C(37, m) C(37 - m, k) / 4 for each material m + k <= n, both
 * sides to move) at 3.2 bytes a class: the 8-piece solve, 2.8 billion classes, peaked at
 * 9.1 GB on this project's machine (docs/sixteen.md). */
static double solve_bytes(int pieces)
{
    double classes = 0;
    for (int m = 1; m < pieces; m++)
        for (int k = 1; m + k <= pieces; k++) {
            double c = 1;
            for (int j = 0; j < m; j++) c = c * (37 - j) / (j + 1);
            for (int j = 0; j < k; j++) c = c * (37 - m - j) / (j + 1);
            classes += c / 4;
        }
    return 3.2 * classes;
}

/* The command that makes a missing table, or why this machine cannot. */
static void ss_missing(const struct game *g, const struct layer_key *k, const char *path,
                       const char *dir_word, char *err, size_t errlen)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    int pieces = k->c[0] + k->c[1];
    double need = solve_bytes(pieces);
    double have = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    int fit = 2;
    while (fit < 12 && solve_bytes(fit + 1) <= have) fit++;
    if (pieces > 12)
        snprintf(err, errlen,
                 "no table %s: %d pieces are beyond guti's endgame tables (guti solve sixteen "
                 "makes them up to 12 pieces; this machine's memory holds a solve of %d)",
                 path, pieces, fit);
    else if (need > have)
        snprintf(err, errlen,
                 "no table %s: %d pieces are beyond one machine (guti solve sixteen --pieces %d "
                 "would need about %.0f GB of memory, this one has %.0f GB and holds a solve of "
                 "%d pieces)",
                 path, pieces, pieces, need / 1e9, have / 1e9, fit);
    else
        snprintf(err, errlen,
                 "no table %s; make it with: guti solve sixteen --pieces %d --rules %s --dir %s%s",
                 path, pieces, rules, dir_word, need >= 1e9 ? " (several GB of memory)" : "");
}

static void ss_title(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "material %d+%d", k->c[0], k->c[1]);
}

/* A material's engine: the layer's index borrowed from the index set, and a db of the
 * children's indexes, also borrowed, with the codes the driver holds. */
struct ss_engine {
    struct ss_layer l; /* first: the engine's ctx */
    struct ss_db db;
    struct ss_layer kid[2 * SS_MAX_PIECES];
};

static int ss_engine_open(const struct game *g, void *ix, const struct layer_key *k,
                          const struct held_layer *kids, int nkids, int dtc_limit,
                          struct retro_layer *L, char *err, size_t errlen)
{
    struct ss_indexes *x = ix;
    if (nkids > 2 * SS_MAX_PIECES) return snprintf(err, errlen, "too many children"), -1;
    if (build_layer(g, x, k->c[0], k->c[1], err, errlen)) return -1;
    for (int j = 0; j < nkids; j++)
        if (build_layer(g, x, kids[j].k.c[0], kids[j].k.c[1], err, errlen)) return -1;
    struct ss_engine *e = calloc(1, sizeof *e);
    if (!e) return snprintf(err, errlen, "out of memory"), -1;
    e->db.g = g;
    e->db.sm = x->db->sm;
    for (int j = 0; j < nkids; j++) {
        int a = kids[j].k.c[0], b = kids[j].k.c[1];
        e->kid[j] = *x->l[a][b];
        e->kid[j].res = (retro_code *)kids[j].codes; /* read only: the exits read it */
        ss_db_add(&e->db, &e->kid[j]);
    }
    e->l = *x->l[k->c[0]][k->c[1]];
    e->l.db = &e->db;
    e->l.res = NULL;
    *L = ss_layer_retro(&e->l);
    L->dtc_limit = dtc_limit;
    return 0;
}

/* Everything the engine holds is borrowed: only the engine itself goes. */
static void ss_engine_close(struct retro_layer *L)
{
    free(L->ctx);
    L->ctx = NULL;
}

static uint64_t material_positions(const struct game *g, int m, int n)
{
    return pair_class_count(g->board, m, n) + (m != n ? pair_class_count(g->board, n, m) : 0);
}

/* Counted by Burnside's lemma (pair_class_count): no index is built. */
static void ss_need(const struct game *g, const struct layer_key *k, struct layer_need *need)
{
    int m = k->c[0], n = k->c[1];
    uint64_t positions = material_positions(g, m, n);
    need->positions = positions;
    need->solve = positions * (sizeof(retro_code) + 1);
    need->buckets = positions * (positions > 1u << 30 ? 8 : 4);
    need->compact = positions * sizeof(retro_code);
    /* and each part's index: an orbit number and a symmetry per set of the mover's */
    for (int side = 0; side < (m != n ? 2 : 1); side++) {
        uint64_t index = binomial(g->board->npoints, side ? n : m) * (sizeof(uint32_t) + 1);
        need->solve += index;
        need->compact += index;
    }
    struct layer_key kids[2 * SS_MAX_PIECES];
    int nkids = ss_children(g, k, kids, 2 * SS_MAX_PIECES);
    need->exits = 0;
    for (int j = 0; j < nkids; j++)
        need->exits += material_positions(g, kids[j].c[0], kids[j].c[1]) * sizeof(retro_code);
}

/* A material's row in a report: "3+2". */
static void ss_label(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "%d+%d", k->c[0], k->c[1]);
}

static int ss_men(const struct game *g, const struct layer_key *k)
{
    (void)g;
    return k->c[0] + k->c[1];
}

static void ss_index_drop(const struct game *g, void *ix, const struct layer_key *k)
{
    (void)g;
    struct ss_indexes *x = ix;
    struct ss_layer **l = &x->l[k->c[0]][k->c[1]];
    if (!*l) return;
    ss_layer_free(*l);
    free(*l);
    *l = NULL;
}

/* stats: a row per part of the material, (m, n) then (n, m), each numbering its classes. */
static int ss_rows(const struct game *g, void *ix, const struct layer_key *k, struct layer_row *out,
                   int max, char *err, size_t errlen)
{
    struct ss_indexes *x = ix;
    if (build_layer(g, x, k->c[0], k->c[1], err, errlen)) return -1;
    const struct ss_layer *l = x->l[k->c[0]][k->c[1]];
    for (int p = 0; p < l->nparts && p < max; p++)
        out[p] = (struct layer_row){.offset = l->part[p].offset,
                                    .stride = 1,
                                    .count = l->part[p].ix.size,
                                    .men = {l->part[p].m, l->part[p].n}};
    return l->nparts;
}

/* stats: the part's classes' orbits under the board's symmetries. */
static int ss_weights(const struct game *g, void *ix, const struct layer_key *k, int r, uint8_t *w,
                      char *err, size_t errlen)
{
    struct ss_indexes *x = ix;
    if (build_layer(g, x, k->c[0], k->c[1], err, errlen)) return -1;
    pair_index_orbit_sizes(&x->l[k->c[0]][k->c[1]]->part[r].ix, w);
    return 0;
}

/* A material is of the part of its pieces: guti solve sixteen --pieces N makes every
 * material up to N pieces. */
static int ss_set_list(const struct game *g, struct layer_entry *out, int *part, int max)
{
    int n = ss_list(g, out, max);
    for (int k = 0; k < n && k < max; k++) part[k] = out[k].k.c[0] + out[k].k.c[1];
    return n;
}

static void ss_solve_options(const struct game *g, int first, int last, int top, char *buf,
                             size_t len)
{
    (void)g;
    (void)first;
    (void)last;
    snprintf(buf, len, " --pieces %d", top);
}

const struct game_layers ss_table_layers = {
    .board_in_names = false,
    .name = ss_layer_name,
    .layer_of = ss_layer_of,
    .index_new = ss_index_new,
    .index_free = ss_index_free,
    .rank = ss_rank,
    .unrank = ss_unrank,
    .size = ss_size,
    .list = ss_list,
    .children = ss_children,
    .missing = ss_missing,
    .title = ss_title,
    .engine_open = ss_engine_open,
    .engine_close = ss_engine_close,
    .need = ss_need,
    .index_drop = ss_index_drop,
    .kind_names = {"materials", NULL},
    .label = ss_label,
    .men = ss_men,
    .pieces_most = 12,
    /* stats */
    .rows = ss_rows,
    .weights = ss_weights,
    .set_list = ss_set_list,
    .solve_options = ss_solve_options,
};
