#include "tables.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigmem.h"
#include "values.h"
#include "wdl.h"

/* A DTC table's entries are values.h's class codes. */
_Static_assert(TB_DTC_DRAW == CLASS_DRAW && TB_DTC_CURSED_WIN == CLASS_CURSED_WIN &&
                   TB_DTC_BLESSED_LOSS == CLASS_BLESSED_LOSS,
               "DTC table entries and class codes differ");

/* A WDL table's entries are values.h's WDL values: read as they are. */
_Static_assert(TB_ENTRY_DRAW == WDL_DRAW && TB_ENTRY_LOSS == WDL_LOSS && TB_ENTRY_WIN == WDL_WIN,
               "WDL table entries and WDL values differ");

const char *tables_dir(const char *opt)
{
    if (opt) return opt;
    const char *env = getenv("GUTI_TABLES");
    return env && *env ? env : TABLES_DEFAULT_DIR;
}

/* dir as the shell reads it back: as it is when it is made of safe characters only, else
 * in single quotes. */
static void shell_word(const char *s, char *buf, size_t len)
{
    bool plain = *s != 0;
    for (const char *p = s; *p && plain; p++)
        plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                strchr("_./-+,:=@%", *p);
    if (plain) {
        snprintf(buf, len, "%s", s);
        return;
    }
    size_t used = 0;
    if (len < 3) return (void)(len ? buf[0] = 0 : 0);
    buf[used++] = '\'';
    for (const char *p = s; *p && used + 5 < len; p++) {
        if (*p == '\'') {
            memcpy(buf + used, "'\\''", 4);
            used += 4;
        } else {
            buf[used++] = *p;
        }
    }
    buf[used++] = '\'';
    buf[used] = 0;
}

void tables_layer_path(char *buf, size_t len, const char *dir, const struct game *g,
                       const struct layer_key *k, enum tb_kind kind, int limit)
{
    char rules[32], layer[64], limit_part[24] = "";
    game_rules_name(g, rules, sizeof rules);
    g->ops->layers->name(g, k, layer, sizeof layer);
    if (kind == TB_DTC) snprintf(limit_part, sizeof limit_part, "-L%d", limit);
    snprintf(buf, len, "%s/%s%s%s-%s-%s%s.%s", dir, g->ops->name,
             g->ops->layers->board_in_names ? "-" : "",
             g->ops->layers->board_in_names ? g->board->name : "", rules, layer, limit_part,
             kind == TB_DTM     ? "dtm"
             : kind == TB_DTC   ? "dtc"
             : kind == TB_REACH ? "reach"
                                : "wdl");
}

struct tb_meta tables_layer_meta(const struct game *g, const struct layer_key *k, enum tb_kind kind,
                                 int limit, uint64_t npositions)
{
    struct tb_meta m;
    memset(&m, 0, sizeof m);
    snprintf(m.game, sizeof m.game, "%s", g->ops->name);
    game_rules_name(g, m.rules, sizeof m.rules);
    snprintf(m.board, sizeof m.board, "%s", g->board->name);
    m.kind = kind;
    memcpy(m.layer, k->c, sizeof m.layer);
    m.npositions = npositions;
    m.limit = kind == TB_DTC ? limit : 0;
    return m;
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

void tables_list_free(char **names, int n)
{
    for (int k = 0; k < n; k++) free(names[k]);
    free(names);
}

uint16_t *tables_read(const char *path, const struct tb_meta *want, char *err, size_t errlen)
{
    uint16_t *e = big_alloc(want->npositions * sizeof *e + 1);
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
    p->limit = game_clock_limit(g);
}

void prober_free(struct prober *p)
{
    for (int i = 0; i < p->cap; i++)
        if (p->layers[i].used) {
            tb_close(p->layers[i].t);
            tb_close(p->layers[i].dtc);
        }
    free(p->layers);
    if (p->ix) p->g->ops->layers->index_free(p->ix);
}

static bool may_open(const struct prober *p)
{
    return !p->may_open || *p->may_open;
}

/* One entry of an open table: through the shared block cache when there is one. */
static int probe_table(const struct prober *p, struct tb *t, uint64_t i, uint16_t *entry, char *err,
                       size_t errlen)
{
    return p->cache ? tb_probe_cached(p->cache, t, i, entry, err, errlen)
                    : tb_probe(t, i, entry, err, errlen);
}

static uint32_t key_hash(const struct layer_key *k)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < 4; i++) h = (h ^ (uint32_t)k->c[i]) * 16777619u;
    return h;
}

/* The slot of layer k: its own, or the empty one it would take (NULL when there are no
 * slots yet). */
static struct prober_layer *layer_slot(const struct prober *p, const struct layer_key *k)
{
    if (!p->cap) return NULL;
    for (uint32_t i = key_hash(k) & (uint32_t)(p->cap - 1);; i = (i + 1) & (uint32_t)(p->cap - 1))
        if (!p->layers[i].used || !memcmp(&p->layers[i].k, k, sizeof *k)) return &p->layers[i];
}

/* Layer k's entry, added when it is not there (only while may_open allows); NULL when
 * memory runs out. */
static struct prober_layer *layer_add(struct prober *p, const struct layer_key *k)
{
    struct prober_layer *l = layer_slot(p, k);
    if (l && l->used) return l;
    if (2 * (p->nlayers + 1) > p->cap) { /* at most half full */
        int cap = p->cap ? 2 * p->cap : 64;
        struct prober_layer *old = p->layers, *grown = calloc((size_t)cap, sizeof *grown);
        if (!grown) return NULL;
        int old_cap = p->cap;
        p->layers = grown;
        p->cap = cap;
        for (int i = 0; i < old_cap; i++)
            if (old[i].used) *layer_slot(p, &old[i].k) = old[i];
        free(old);
        l = layer_slot(p, k);
    }
    memset(l, 0, sizeof *l);
    l->k = *k;
    l->used = true;
    p->nlayers++;
    return l;
}

/* The layer's table: its DTM table, else its WDL table; the path of the one found, or of the
 * WDL table when neither is there (*kind). */
static bool find_layer(const struct prober *p, const struct layer_key *k, char *path, size_t len,
                       enum tb_kind *kind)
{
    for (int i = 0; i < 2; i++) {
        *kind = i == 0 ? TB_DTM : TB_WDL;
        tables_layer_path(path, len, p->dir, p->g, k, *kind, 0);
        if (access(path, F_OK) == 0) return true;
    }
    return false;
}

static int missing(const struct prober *p, const struct layer_key *k, const char *path, char *err,
                   size_t errlen)
{
    char dirw[1100];
    shell_word(p->dir, dirw, sizeof dirw);
    p->g->ops->layers->missing(p->g, k, path, dirw, err, errlen);
    return PROBER_MISSING;
}

/* The number of a position in its layer's table, building the game's indexes when allowed:
 * 0, PROBER_CLOSED, or PROBER_NOMEM with err. */
static int rank(struct prober *p, const struct layer_key *k, const struct position *pos,
                uint64_t *i, uint64_t *size, char *err, size_t errlen)
{
    const struct game_layers *gl = p->g->ops->layers;
    if (!p->ix) {
        if (!may_open(p)) return PROBER_CLOSED;
        if (!(p->ix = gl->index_new(p->g, p->index_threads)))
            return snprintf(err, errlen, "out of memory"), PROBER_NOMEM;
    }
    int rc = gl->rank(p->g, p->ix, k, pos, may_open(p), i, size, err, errlen);
    return rc == 1 ? PROBER_CLOSED : rc < 0 ? PROBER_NOMEM : 0;
}

/* Opens the layer's table found by find_layer, checking that it is the one asked for. */
static int open_layer(struct prober *p, const struct layer_key *k, uint64_t n, char *err,
                      size_t errlen)
{
    char path[1024];
    enum tb_kind kind;
    if (!find_layer(p, k, path, sizeof path, &kind)) return missing(p, k, path, err, errlen);
    if (!may_open(p)) return PROBER_CLOSED;
    struct prober_layer *l = layer_add(p, k);
    if (!l) return snprintf(err, errlen, "out of memory"), PROBER_NOMEM;
    /* A damaged table is an error, not a reason to fall back silently. */
    struct tb_meta want = tables_layer_meta(p->g, k, kind, 0, n);
    if (tables_open(path, &want, &l->t, err, errlen)) return -1;
    l->dtm = kind == TB_DTM;
    return 0;
}

/* A successor probed for fold_successors, its failure's message in the caller's err. */
struct successor_probe {
    struct prober *p;
    char *err;
    size_t errlen;
};

static int probe_successor(void *arg, const struct position *succ, uint16_t *code)
{
    struct successor_probe *sp = arg;
    bool known;
    int rc = prober_probe(sp->p, succ, code, &known, sp->err, sp->errlen);
    return rc ? rc : known ? 0 : 1;
}

/* A position of a layer stored without DTM whose DTM is its successors' fold: 0 with *code,
 * 1 when its own table is to answer, else a failure. */
static int fold_successors(struct prober *p, struct prober_layer *l, const struct position *pos,
                           retro_code *code, char *err, size_t errlen)
{
    if (l->derived == 0 && !may_open(p)) return PROBER_CLOSED; /* it sets the flag */
    if (l->derived < 0) return 1;
    /* the flag is written only while it is 0, which may_open allowed: under the library's
     * write lock, as other threads read it */
    bool first = l->derived == 0;
    struct successor_probe sp = {p, err, errlen};
    struct layer_key k = l->k;
    int rc = p->g->ops->layers->fold_successors(p->g, pos, probe_successor, &sp, code);
    l = layer_slot(p, &k); /* the probes may have added layers, moving the slots */
    if (rc == 0) {
        if (first) l->derived = 1;
        return 0;
    }
    /* the layer below without DTM, or not there: the layer's own table answers */
    if (rc != 1 && rc != PROBER_MISSING) return rc;
    if (first) l->derived = -1;
    return 1;
}

int prober_probe(struct prober *p, const struct position *pos, retro_code *code, bool *dtm_known,
                 char *err, size_t errlen)
{
    const struct game *g = p->g;
    const struct game_layers *gl = g->ops->layers;
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
    struct layer_key k = gl->layer_of(g, pos);
    struct prober_layer *l = layer_slot(p, &k);
    /* A missing table is reported before its index is built. */
    char path[1024];
    enum tb_kind kind;
    bool opened = l && l->used && l->t;
    if (!opened && !find_layer(p, &k, path, sizeof path, &kind))
        return missing(p, &k, path, err, errlen);
    uint64_t i, size;
    int rc = rank(p, &k, pos, &i, &size, err, errlen);
    if (rc) return rc;
    if (!opened) {
        if ((rc = open_layer(p, &k, size, err, errlen))) return rc;
        l = layer_slot(p, &k);
    }
    if (!l->dtm && gl->dtm_by_fold && gl->dtm_by_fold(g, &k)) {
        rc = fold_successors(p, l, pos, code, err, errlen);
        if (rc != 1) return rc;
        l = layer_slot(p, &k);
    }
    uint16_t entry;
    if (probe_table(p, l->t, i, &entry, err, errlen)) return -1;
    if (l->dtm) {
        *code = entry;
        return 0;
    }
    *dtm_known = false;
    *code = code_of_wdl(entry);
    return 0;
}

/* ---- Which games a directory holds, and what a complete set of tables is ----------- */

static bool table_file(const char *name)
{
    size_t len = strlen(name);
    return (len > 4 && (!strcmp(name + len - 4, ".wdl") || !strcmp(name + len - 4, ".dtm") ||
                        !strcmp(name + len - 4, ".dtc"))) ||
           (len > 6 && !strcmp(name + len - 6, ".reach"));
}

int tables_list_all(const char *dir, char ***out)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0, cap = 16;
    char **names = malloc((size_t)cap * sizeof *names);
    bool short_of_memory = !names;
    struct dirent *e;
    while (!short_of_memory && (e = readdir(d))) {
        if (!table_file(e->d_name)) continue;
        if (n == cap) {
            char **more = realloc(names, (size_t)(cap *= 2) * sizeof *names);
            if ((short_of_memory = !more)) break;
            names = more;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if ((short_of_memory = !(names[n] = malloc(len)))) break;
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    /* a list cut short would be a directory missing tables */
    if (short_of_memory) {
        tables_list_free(names, n);
        errno = ENOMEM;
        return -1;
    }
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    *out = names;
    return n;
}

int tables_games(const char *dir, struct game *out, int max)
{
    char **files;
    int nfiles = tables_list_all(dir, &files), n = 0;
    if (nfiles < 0) return -1;
    /* The games found so far, beyond those out has room for too, to count them. */
    struct game seen[64];
    int nseen = 0;
    for (int k = 0; k < nfiles; k++) {
        struct tb *t;
        char err[400];
        if (tb_open(files[k], &t, err, sizeof err)) continue;
        const struct tb_meta *m = tb_get_meta(t);
        struct game g;
        bool ok = game_setup(&g, m->game, m->rules, m->board, err, sizeof err) == 0;
        tb_close(t);
        if (!ok) continue;
        bool dup = false;
        for (int j = 0; j < nseen && !dup; j++) dup = game_same(&seen[j], &g);
        if (dup) continue;
        if (nseen < (int)(sizeof seen / sizeof seen[0])) seen[nseen++] = g;
        if (n < max) out[n] = g;
        n++;
    }
    tables_list_free(files, nfiles);
    return n;
}

void tables_game_name(const struct game *g, char *buf, size_t len)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (!g->ops->layers->board_in_names) /* a game of one board */
        snprintf(buf, len, "%s %s", g->ops->name, rules);
    else
        snprintf(buf, len, "%s %s %s", g->ops->name, g->board->name, rules);
}

/* "a, b, c" of the games' names. */
static void game_names(const struct game *g, int n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < n && used < len; k++) {
        char name[80];
        tables_game_name(&g[k], name, sizeof name);
        int w = snprintf(buf + used, len - used, "%s%s", k ? ", " : "", name);
        if (w < 0) break;
        used += (size_t)w;
    }
}

int tables_choose(const char *dir, const char *game, const char *rules, const char *board,
                  struct game *g, char *err, size_t errlen)
{
    struct game all[32], fit[32];
    int n = tables_games(dir, all, 32), nfit = 0;
    if (n < 0)
        return snprintf(err, errlen, "cannot read directory %s: %s", dir, strerror(errno)), -1;
    if (n == 0) return snprintf(err, errlen, "no tables in %s", dir), -1;
    if (n > 32) n = 32;
    for (int k = 0; k < n; k++) {
        char r[32];
        game_rules_name(&all[k], r, sizeof r);
        if ((game && strcmp(game, all[k].ops->name)) || (rules && strcmp(rules, r)) ||
            (board && strcmp(board, all[k].board->name)))
            continue;
        fit[nfit++] = all[k];
    }
    char names[1024];
    if (nfit == 0) {
        game_names(all, n, names, sizeof names);
        snprintf(err, errlen, "no %s%s%s%s%s tables in %s; there are: %s", game ? game : "",
                 game && (board || rules) ? " " : "", board ? board : "", board && rules ? " " : "",
                 rules ? rules : "", dir, names);
        return -1;
    }
    bool games_differ = false, boards_differ = false;
    for (int k = 1; k < nfit; k++) {
        games_differ |= fit[k].ops != fit[0].ops;
        boards_differ |= fit[k].board != fit[0].board;
    }
    if (nfit > 1 && !games_differ && !boards_differ) {
        /* only the rules differ: the game's default rules, when they are there */
        struct game d;
        char why[200];
        if (game_setup(&d, fit[0].ops->name, NULL, fit[0].board->name, why, sizeof why) == 0)
            for (int k = 0; k < nfit; k++)
                if (game_same(&fit[k], &d)) {
                    fit[0] = fit[k];
                    nfit = 1;
                }
    }
    if (nfit > 1) {
        game_names(fit, nfit, names, sizeof names);
        snprintf(err, errlen, "tables of several games in %s: %s; choose with %s", dir, names,
                 boards_differ && games_differ ? "--rules or --board"
                 : boards_differ               ? "--board"
                                               : "--rules");
        return -1;
    }
    *g = fit[0];
    return 0;
}

/* A set being filled: its growing array of tables. */
struct set_fill {
    struct tables_set *s;
    int cap;
    const char *dir;
};

static int set_add(struct set_fill *f, enum tb_kind kind, const struct layer_entry *e, int part,
                   int limit)
{
    struct tables_set *s = f->s;
    if (s->n == f->cap) {
        int ncap = f->cap ? 2 * f->cap : 64;
        struct tables_want *t = realloc(s->t, (size_t)ncap * sizeof *t);
        if (!t) return -1;
        s->t = t;
        f->cap = ncap;
    }
    struct tables_want *w = &s->t[s->n++];
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->k = e->k;
    w->layer_kind = e->kind;
    w->part = part;
    w->limit = limit;
    tables_layer_path(w->path, sizeof w->path, f->dir, &s->g, &e->k, kind, limit);
    w->present = access(w->path, F_OK) == 0;
    s->nmissing += !w->present;
    return 0;
}

/* Points each entry's name into its path, once the array has stopped moving. */
static void set_names(struct tables_set *s)
{
    for (int k = 0; k < s->n; k++) {
        const char *slash = strrchr(s->t[k].path, '/');
        s->t[k].name = slash ? slash + 1 : s->t[k].path;
    }
}

static bool there(const char *dir, const struct game *g, const struct layer_key *k,
                  enum tb_kind kind, int limit)
{
    char path[1024];
    tables_layer_path(path, sizeof path, dir, g, k, kind, limit);
    return access(path, F_OK) == 0;
}

/* The game's layers in a set's order, with their parts (game_layers.set_list; without it,
 * list's layers, all of part 0), into *e and *part (malloc'd): their number, or -1 when
 * memory runs out. */
static int set_order(const struct game *g, struct layer_entry **e, int **part)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->set_list ? gl->set_list(g, NULL, NULL, 0) : gl->list(g, NULL, 0);
    *e = n < 0 ? NULL : malloc(((size_t)n + 1) * sizeof **e);
    *part = n < 0 ? NULL : calloc((size_t)n + 1, sizeof **part);
    if (!*e || !*part || (gl->set_list ? gl->set_list(g, *e, *part, n) : gl->list(g, *e, n)) < 0) {
        free(*e);
        free(*part);
        return -1;
    }
    return n;
}

/* Which kinds of table the set holds, from those there: its highest part, DTM by kind of
 * layer, REACH. */
static void set_scan(struct tables_set *s, const char *dir, unsigned require,
                     const struct layer_entry *e, const int *part, int n)
{
    const struct game *g = &s->g;
    bool reach = g->ops->layers->reach != NULL;
    for (int k = 0; k < n; k++) {
        bool w = there(dir, g, &e[k].k, TB_WDL, 0), d = there(dir, g, &e[k].k, TB_DTM, 0);
        if ((w || d) && part[k] > s->part) s->part = part[k];
        s->dtm[e[k].kind] |= d;
        s->reach |= reach && there(dir, g, &e[k].k, TB_REACH, 0);
    }
    s->reach |= reach && (require & TABLES_KIND(TB_REACH)) != 0;
}

/* The counting rule's tables, per limit: every layer's up to the highest part there at it. */
static int set_dtc(struct set_fill *f, const struct layer_entry *e, const int *part, int n)
{
    struct tables_set *s = f->s;
    for (int j = 0; j < s->ndtc; j++) {
        int top = 0, L = s->dtc_limit[j];
        for (int k = 0; k < n; k++)
            if (part[k] > top && there(f->dir, &s->g, &e[k].k, TB_DTC, L)) top = part[k];
        s->dtc_part[j] = top;
        for (int k = 0; k < n; k++)
            if (part[k] <= top && set_add(f, TB_DTC, &e[k], part[k], L)) return -1;
    }
    return 0;
}

int tables_expected(const char *dir, const struct game *g, unsigned require, struct tables_set *s)
{
    memset(s, 0, sizeof *s);
    s->g = *g;
    const struct game_layers *gl = g->ops->layers;
    struct layer_entry *e;
    int *part, n = set_order(g, &e, &part);
    if (n < 0) return -1;
    s->ndtc = tables_dtc_limits(dir, g, s->dtc_limit, TABLES_MAX_LIMITS);
    set_scan(s, dir, require, e, part, n);
    struct set_fill f = {s, 0, dir};
    int rc = 0;
    for (int k = 0; k < n && !rc; k++) {
        bool by_fold = gl->dtm_by_fold && gl->dtm_by_fold(g, &e[k].k);
        if ((part[k] <= s->part &&
             (set_add(&f, TB_WDL, &e[k], part[k], 0) ||
              (s->dtm[e[k].kind] && !by_fold && set_add(&f, TB_DTM, &e[k], part[k], 0)))) ||
            (s->reach && set_add(&f, TB_REACH, &e[k], part[k], 0)))
            rc = -1;
    }
    if (!rc) rc = set_dtc(&f, e, part, n);
    free(e);
    free(part);
    if (rc) return tables_set_free(s), -1;
    set_names(s);
    return 0;
}

void tables_set_free(struct tables_set *s)
{
    free(s->t);
    s->t = NULL;
    s->n = s->nmissing = 0;
}

int tables_missing(const struct tables_set *s, unsigned kinds)
{
    int n = 0;
    for (int k = 0; k < s->n; k++) n += !s->t[k].present && (kinds & TABLES_KIND(s->t[k].kind));
    return n;
}

void tables_missing_text(const struct tables_set *s, unsigned kinds, int max, char *buf, size_t len)
{
    size_t used = 0;
    int listed = 0, more = 0;
    buf[0] = 0;
    for (int k = 0; k < s->n; k++) {
        const struct tables_want *w = &s->t[k];
        if (w->present || !(kinds & TABLES_KIND(w->kind))) continue;
        if (listed == max) {
            more++;
            continue;
        }
        int n = snprintf(buf + used, len - used, "%s%s", listed ? ", " : "", w->name);
        if (n < 0 || (size_t)n >= len - used) break;
        used += (size_t)n;
        listed++;
    }
    if (more && used < len) snprintf(buf + used, len - used, " and %d more", more);
}

int tables_dtc_limits(const char *dir, const struct game *g, int *limits, int max)
{
    char **files, rules[32];
    int n = tables_list_all(dir, &files), k = 0;
    game_rules_name(g, rules, sizeof rules);
    for (int f = 0; f < n; f++) {
        struct tb *t;
        char err[400];
        size_t len = strlen(files[f]);
        if (len < 4 || strcmp(files[f] + len - 4, ".dtc") || tb_open(files[f], &t, err, sizeof err))
            continue;
        const struct tb_meta *m = tb_get_meta(t);
        bool mine = m->kind == TB_DTC && !strcmp(m->game, g->ops->name) &&
                    !strcmp(m->rules, rules) && !strcmp(m->board, g->board->name);
        bool seen = false;
        for (int j = 0; j < k; j++) seen |= limits[j] == m->limit;
        if (mine && !seen && k < max) limits[k++] = m->limit;
        tb_close(t);
    }
    if (n >= 0) tables_list_free(files, n);
    return k;
}

/* Whether a table of those kinds at that counting-rule limit is missing. */
static bool dtc_missing(const struct tables_set *s, unsigned kinds, int limit)
{
    for (int k = 0; k < s->n; k++)
        if (s->t[k].kind == TB_DTC && !s->t[k].present && s->t[k].limit == limit &&
            (kinds & TABLES_KIND(TB_DTC)))
            return true;
    return false;
}

/* The options of a solve that makes the parts first to last of a set going up to top. */
static void solve_options(const struct game *g, int first, int last, int top, char *buf, size_t len)
{
    buf[0] = 0;
    if (g->ops->layers->solve_options) g->ops->layers->solve_options(g, first, last, top, buf, len);
}

void tables_make_command(const struct tables_set *s, const char *dir, unsigned kinds, char *buf,
                         size_t len)
{
    const struct game *g = &s->g;
    int first = -1, last = -1;
    bool acyclic = false, reach = false;
    for (int k = 0; k < s->n; k++) {
        const struct tables_want *w = &s->t[k];
        if (w->present || !(kinds & TABLES_KIND(w->kind)) || w->kind == TB_DTC) continue;
        if (w->kind == TB_REACH) {
            reach = true;
            continue;
        }
        if (first < 0 || w->part < first) first = w->part;
        if (w->part > last) last = w->part;
        acyclic |= w->layer_kind == LAYER_ACYCLIC;
    }
    char rules[32], d[2100], board[80] = "", opts[80];
    game_rules_name(g, rules, sizeof rules);
    shell_word(dir, d, sizeof d);
    if (g->ops->layers->board_in_names)
        snprintf(board, sizeof board, " --board %s", g->board->name);
    buf[0] = 0;
    if (first >= 0) {
        /* a solve makes an acyclic layer's DTM only when asked */
        solve_options(g, first, last, s->part, opts, sizeof opts);
        snprintf(buf, len, "guti solve %s%s%s --rules %s%s --dir %s", g->ops->name, opts,
                 acyclic && s->dtm[LAYER_ACYCLIC] ? " --dtm" : "", rules, board, d);
    }
    size_t used = strlen(buf);
    if (reach && used < len) {
        snprintf(buf + used, len - used, "%sguti reach %s --rules %s%s --dir %s",
                 used ? " && " : "", g->ops->name, rules, board, d);
        used = strlen(buf);
    }
    /* the counting rule's, per limit, after the tables they are made from */
    for (int j = 0; j < s->ndtc && used < len; j++) {
        if (!dtc_missing(s, kinds, s->dtc_limit[j])) continue;
        solve_options(g, 0, s->dtc_part[j], s->dtc_part[j], opts, sizeof opts);
        snprintf(buf + used, len - used, "%sguti solve %s%s --dtc --limit %d --rules %s%s --dir %s",
                 used ? " && " : "", g->ops->name, opts, s->dtc_limit[j], rules, board, d);
        used = strlen(buf);
    }
}

const struct tables_want *tables_set_find(const struct tables_set *s, enum tb_kind kind,
                                          const struct layer_key *k)
{
    for (int j = 0; j < s->n; j++)
        if (s->t[j].kind == kind && !memcmp(&s->t[j].k, k, sizeof *k)) return &s->t[j];
    return NULL;
}

/* A DTC table, opened on first use and remembered, absent included (a query asks for every
 * move's successor: one look in the directory per layer, not per position). */
static int open_dtc(struct prober *p, struct prober_layer *l, uint64_t n, char *err, size_t errlen)
{
    if (l->dtc_state < 0) return PROBER_MISSING;
    if (l->dtc_state > 0) return 0;
    if (!may_open(p)) return PROBER_CLOSED;
    char path[1024];
    tables_layer_path(path, sizeof path, p->dir, p->g, &l->k, TB_DTC, p->limit);
    if (access(path, F_OK) != 0) {
        l->dtc_state = -1;
        return PROBER_MISSING;
    }
    struct tb_meta want = tables_layer_meta(p->g, &l->k, TB_DTC, p->limit, n);
    if (tables_open(path, &want, &l->dtc, err, errlen)) return -1;
    l->dtc_state = 1;
    return 0;
}

int prober_probe_class(struct prober *p, const struct position *pos, uint16_t *cls, char *err,
                       size_t errlen)
{
    const struct game_layers *gl = p->g->ops->layers;
    struct layer_key k = gl->layer_of(p->g, pos);
    struct prober_layer *l = layer_slot(p, &k);
    uint64_t i, size;
    /* prober_probe did not answer for it */
    if (!l || !l->used || !p->ix ||
        gl->rank(p->g, p->ix, &k, pos, false, &i, &size, err, errlen) != 0)
        return PROBER_MISSING;
    int rc = open_dtc(p, l, size, err, errlen);
    if (rc) return rc;
    return probe_table(p, l->dtc, i, cls, err, errlen);
}
