#include "tables.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *tables_dir(const char *opt)
{
    if (opt) return opt;
    const char *env = getenv("GUTI_TABLES");
    return env && *env ? env : TABLES_DEFAULT_DIR;
}

void tables_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                 int captured, enum tb_kind kind)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(buf, len, "%s/%s-%s-%s-h%d-c%d.%s", dir, g->ops->name, g->board->name, rules, inhand,
             captured, kind == TB_DTM ? "dtm" : "wdl");
}

struct tb_meta tables_meta(const struct game *g, int inhand, int captured, enum tb_kind kind,
                           uint64_t npositions)
{
    struct tb_meta m;
    memset(&m, 0, sizeof m);
    snprintf(m.game, sizeof m.game, "%s", g->ops->name);
    game_rules_name(g, m.rules, sizeof m.rules);
    snprintf(m.board, sizeof m.board, "%s", g->board->name);
    m.kind = kind;
    m.layer[0] = inhand;
    m.layer[1] = captured;
    m.npositions = npositions;
    return m;
}

void tables_place_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                       int captured, int side, enum tb_kind kind)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(buf, len, "%s/%s-%s-%s-h%d-c%d-%c.%s", dir, g->ops->name, g->board->name, rules,
             inhand, captured, side ? 't' : 'g', kind == TB_DTM ? "dtm" : "wdl");
}

struct tb_meta tables_place_meta(const struct game *g, int inhand, int captured, int side,
                                 enum tb_kind kind, uint64_t npositions)
{
    struct tb_meta m = tables_meta(g, inhand, captured, kind, npositions);
    m.layer[2] = 1 + side;
    return m;
}

void tables_ss_name(char *buf, size_t len, const char *dir, const struct game *g, int m, int n,
                    enum tb_kind kind)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(buf, len, "%s/%s-%s-m%d-n%d.%s", dir, g->ops->name, rules, m, n,
             kind == TB_DTM ? "dtm" : "wdl");
}

struct tb_meta tables_ss_meta(const struct game *g, int m, int n, enum tb_kind kind,
                              uint64_t npositions)
{
    return tables_meta(g, m, n, kind, npositions);
}

void tables_reach_name(char *buf, size_t len, const char *dir, const struct game *g, int inhand,
                       int captured, int side)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (inhand == 0)
        snprintf(buf, len, "%s/%s-%s-%s-h0-c%d.reach", dir, g->ops->name, g->board->name, rules,
                 captured);
    else
        snprintf(buf, len, "%s/%s-%s-%s-h%d-c%d-%c.reach", dir, g->ops->name, g->board->name, rules,
                 inhand, captured, side ? 't' : 'g');
}

struct tb_meta tables_reach_meta(const struct game *g, int inhand, int captured, int side,
                                 uint64_t npositions)
{
    struct tb_meta m = tables_meta(g, inhand, captured, TB_REACH, npositions);
    m.layer[2] = inhand ? 1 + side : 0;
    return m;
}

int index_cache_init(struct index_cache *x, const struct game *g)
{
    memset(x, 0, sizeof *x);
    x->g = g;
    x->sm = malloc(sizeof *x->sm);
    if (!x->sm) return -1;
    symmap_init(x->sm, g->board);
    return 0;
}

const struct pair_index *index_cache_get(struct index_cache *x, int goats)
{
    if (!x->ix[goats]) {
        x->ix[goats] = malloc(sizeof *x->ix[goats]);
        if (!x->ix[goats] ||
            pair_index_init(x->ix[goats], x->g->board, x->sm, x->g->ntigers, goats)) {
            fprintf(stderr, "guti: out of memory for the index of %d goats\n", goats);
            exit(1);
        }
    }
    return x->ix[goats];
}

void index_cache_drop(struct index_cache *x, int goats)
{
    if (goats < 0 || goats > BOARD_MAX_POINTS || !x->ix[goats]) return;
    pair_index_free(x->ix[goats]);
    free(x->ix[goats]);
    x->ix[goats] = NULL;
}

void index_cache_free(struct index_cache *x)
{
    for (int k = 0; k <= BOARD_MAX_POINTS; k++) index_cache_drop(x, k);
    free(x->sm);
    x->sm = NULL;
}

int tables_open(const char *path, const struct tb_meta *want, struct tb **t, char *err,
                size_t errlen)
{
    if (tb_open(path, t, err, errlen)) return -1;
    const struct tb_meta *m = tb_get_meta(*t);
    if (strcmp(m->game, want->game) || strcmp(m->rules, want->rules) ||
        strcmp(m->board, want->board) || m->kind != want->kind ||
        memcmp(m->layer, want->layer, sizeof m->layer) || m->npositions != want->npositions) {
        snprintf(err, errlen,
                 "%s: the header does not describe this table (%s %s %s, %llu positions)", path,
                 m->game, m->rules, m->board, (unsigned long long)m->npositions);
        tb_close(*t);
        *t = NULL;
        return -1;
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int tables_list(const char *dir, char ***out)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0, cap = 16;
    char **names = malloc((size_t)cap * sizeof *names);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || (strcmp(e->d_name + len - 4, ".wdl") && strcmp(e->d_name + len - 4, ".dtm")))
            continue;
        if (n == cap) names = realloc(names, (size_t)(cap *= 2) * sizeof *names);
        names[n] = malloc(strlen(dir) + len + 2);
        sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    *out = names;
    return n;
}

void tables_list_free(char **names, int n)
{
    for (int k = 0; k < n; k++) free(names[k]);
    free(names);
}

uint16_t *tables_read(const char *path, const struct tb_meta *want, char *err, size_t errlen)
{
    uint16_t *e = malloc(want->npositions * sizeof *e + 1);
    struct tb *t = NULL;
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (tables_open(path, want, &t, err, errlen) || tb_read_all(t, e, err, errlen)) {
        tb_close(t);
        free(e);
        return NULL;
    }
    tb_close(t);
    return e;
}

void prober_init(struct prober *p, const struct game *g, const char *dir)
{
    memset(p, 0, sizeof *p);
    p->g = g;
    p->dir = dir;
    symmap_init(&p->sm, g->board);
}

void prober_free(struct prober *p)
{
    for (int k = 0; k <= BOARD_MAX_POINTS; k++)
        if (p->ix[k]) {
            pair_index_free(p->ix[k]);
            free(p->ix[k]);
        }
    for (int c = 0; c < TABLES_MAX_LAYERS; c++) tb_close(p->move[c]);
    for (int h = 0; h < BOARD_MAX_POINTS; h++)
        for (int c = 0; c < TABLES_MAX_LAYERS; c++)
            for (int s = 0; s < 2; s++) tb_close(p->place[h][c][s]);
    for (int m = 0; m <= SS_MAX_PIECES; m++)
        for (int n = 0; n <= SS_MAX_PIECES; n++) {
            tb_close(p->sst[m][n]);
            if (p->ss[m][n]) {
                ss_layer_free(p->ss[m][n]);
                free(p->ss[m][n]);
            }
        }
    if (p->ssdb) {
        ss_db_free(p->ssdb);
        free(p->ssdb);
    }
}

/* Sixteen Soldiers: the memory a solve of every material up to n pieces needs, in bytes,
 * estimated from the number of classes (about C(37, m) C(37 - m, k) / 4 for each material
 * m + k <= n, both sides to move) at 3.2 bytes a class: the 8-piece solve, 2.8 billion
 * classes, peaked at 9.1 GB on this project's machine (README). */
static double sixteen_solve_bytes(int pieces)
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

static int missing_sixteen(const struct prober *p, const char *path, int pieces, char *err,
                           size_t errlen)
{
    char rules[32];
    game_rules_name(p->g, rules, sizeof rules);
    double need = sixteen_solve_bytes(pieces);
    double have = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    int fit = 2;
    while (fit < 12 && sixteen_solve_bytes(fit + 1) <= have) fit++;
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
                 path, pieces, rules, p->dir, need >= 1e9 ? " (several GB of memory)" : "");
    return -1;
}

/* Sixteen Soldiers: the table of the position's material. Nothing is built for a material
 * whose table is absent, so that a position far beyond the tables costs no memory. */
static int probe_sixteen(struct prober *p, const struct position *pos, retro_code *code,
                         bool *dtm_known, char *err, size_t errlen)
{
    bits_t mover = pos->men[pos->side], other = pos->men[1 - pos->side];
    int m = bits_count(mover), n = bits_count(other), hi = m > n ? m : n, lo = m + n - hi;
    if (!p->ss[hi][lo]) {
        char path[1024];
        enum tb_kind kind = TB_DTM;
        tables_ss_name(path, sizeof path, p->dir, p->g, hi, lo, kind);
        if (access(path, F_OK) != 0) {
            kind = TB_WDL;
            tables_ss_name(path, sizeof path, p->dir, p->g, hi, lo, kind);
            if (access(path, F_OK) != 0) return missing_sixteen(p, path, m + n, err, errlen);
        }
        if (!p->ssdb) {
            p->ssdb = malloc(sizeof *p->ssdb);
            if (!p->ssdb || ss_db_init(p->ssdb, p->g)) {
                free(p->ssdb);
                p->ssdb = NULL;
                return snprintf(err, errlen, "out of memory"), -1;
            }
        }
        struct ss_layer *l = malloc(sizeof *l);
        if (!l || ss_layer_init(l, p->ssdb, hi, lo)) {
            free(l);
            return snprintf(err, errlen, "out of memory for the index of %d+%d pieces", hi, lo), -1;
        }
        /* A damaged table is an error, not a reason to fall back silently. */
        struct tb_meta want = tables_ss_meta(p->g, hi, lo, kind, l->size);
        if (tables_open(path, &want, &p->sst[hi][lo], err, errlen)) {
            ss_layer_free(l);
            free(l);
            return -1;
        }
        p->ss_dtm[hi][lo] = kind == TB_DTM;
        p->ss[hi][lo] = l;
    }
    uint16_t entry;
    uint64_t i = ss_layer_position_index(p->ss[hi][lo], mover, other);
    if (tb_probe(p->sst[hi][lo], i, &entry, err, errlen)) return -1;
    *dtm_known = p->ss_dtm[hi][lo];
    *code = *dtm_known ? entry : entry == TB_ENTRY_DRAW ? 0 : entry == TB_ENTRY_WIN ? 2 : 1;
    return 0;
}

static const struct pair_index *prober_index(struct prober *p, int goats, char *err, size_t errlen)
{
    if (!p->ix[goats]) {
        p->ix[goats] = malloc(sizeof *p->ix[goats]);
        if (!p->ix[goats] ||
            pair_index_init(p->ix[goats], p->g->board, &p->sm, p->g->ntigers, goats)) {
            free(p->ix[goats]);
            p->ix[goats] = NULL;
            snprintf(err, errlen, "out of memory for the index of %d goats", goats);
            return NULL;
        }
    }
    return p->ix[goats];
}

/* The layer's table: its DTM table, else its WDL table (inhand 0: the movement phase);
 * the path of the one found, or of the WDL table when neither is there (*kind). */
static bool find_layer(const struct prober *p, int inhand, int c, int side, char *path, size_t len,
                       enum tb_kind *kind)
{
    for (int k = 0; k < 2; k++) {
        *kind = k == 0 ? TB_DTM : TB_WDL;
        if (inhand)
            tables_place_name(path, len, p->dir, p->g, inhand, c, side, *kind);
        else
            tables_name(path, len, p->dir, p->g, 0, c, *kind);
        if (access(path, F_OK) == 0) return true;
    }
    return false;
}

/* The command that makes a missing Bagh-Chal table: the movement phase alone, or the whole
 * game, which reads the movement phase's tables when they are there and makes them when
 * not (the placement phase needs them). */
static int missing(const struct prober *p, const char *path, int inhand, char *err, size_t errlen)
{
    char rules[32];
    game_rules_name(p->g, rules, sizeof rules);
    snprintf(err, errlen,
             "no table %s; make it with: guti solve baghchal%s --rules %s --board %s --dir %s",
             path, inhand ? "" : " --phase movement", rules, p->g->board->name, p->dir);
    return -1;
}

/* Opens the layer's table found by find_layer, checking that it is the one asked for. */
static int open_layer(struct prober *p, int inhand, int c, int side, uint64_t n, struct tb **t,
                      bool *dtm, char *err, size_t errlen)
{
    char path[1024];
    enum tb_kind kind;
    if (!find_layer(p, inhand, c, side, path, sizeof path, &kind))
        return missing(p, path, inhand, err, errlen);
    /* A damaged table is an error, not a reason to fall back silently. */
    struct tb_meta want = inhand ? tables_place_meta(p->g, inhand, c, side, kind, n)
                                 : tables_meta(p->g, 0, c, kind, n);
    if (tables_open(path, &want, t, err, errlen)) return -1;
    *dtm = kind == TB_DTM;
    return 0;
}

int prober_probe(struct prober *p, const struct position *pos, retro_code *code, bool *dtm_known,
                 char *err, size_t errlen)
{
    const struct game *g = p->g;
    struct outcome o;
    *dtm_known = true;
    if (game_over_at(g, pos, &o)) {
        if (!outcome_reachable(pos, &o))
            return snprintf(err, errlen,
                            "the game is over, won by the side to move (%s): no game reaches "
                            "this position",
                            g->ops->side_name[pos->side]),
                   -1;
        *code = o.winner < 0 ? RETRO_DRAW : 1; /* a draw by the clock, or lost now */
        return 0;
    }
    if (g->ops == &sixteen_ops) return probe_sixteen(p, pos, code, dtm_known, err, errlen);
    int goats = bits_count(pos->men[0]), c = g->ngoats - pos->inhand - goats;
    /* A missing table is reported before its index is built. */
    char path[1024];
    enum tb_kind kind;
    bool opened = pos->inhand ? p->place[pos->inhand][c][pos->side] != NULL : p->move[c] != NULL;
    if (!opened && !find_layer(p, pos->inhand, c, pos->side, path, sizeof path, &kind))
        return missing(p, path, pos->inhand, err, errlen);
    const struct pair_index *ix = prober_index(p, goats, err, errlen);
    if (!ix) return -1;
    uint64_t r = pair_index_rank(ix, pos->men[1], pos->men[0]);
    struct tb *t;
    bool dtm = false;
    uint64_t i = r;
    if (pos->inhand == 0) {
        if (!p->move[c] &&
            open_layer(p, 0, c, 0, 2 * ix->size, &p->move[c], &p->move_dtm[c], err, errlen))
            return -1;
        t = p->move[c];
        dtm = p->move_dtm[c];
        i = 2 * r + (uint64_t)pos->side;
    } else {
        int h = pos->inhand, s = pos->side;
        if (!p->place[h][c][s] && open_layer(p, h, c, s, ix->size, &p->place[h][c][s],
                                             &p->place_dtm[h][c][s], err, errlen))
            return -1;
        t = p->place[h][c][s];
        dtm = p->place_dtm[h][c][s];
    }
    uint16_t entry;
    if (tb_probe(t, i, &entry, err, errlen)) return -1;
    if (dtm) {
        *code = entry;
        return 0;
    }
    *dtm_known = false;
    *code = entry == TB_ENTRY_DRAW ? 0 : entry == TB_ENTRY_WIN ? 2 : 1;
    return 0;
}
