/* guti stats: wins, draws and losses per layer and side to move, from the tables. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "stats.h"
#include "tables.h"

static const char help[] =
    "usage: guti stats [--dir DIR] [--rules R] [--board B] [--reachable]\n"
    "                  [--format md|csv|json | --json | --out P] [--threads N] [--quiet]\n"
    "\n"
    "Counts, for each layer (goats in hand, goats captured) and side to move, the positions\n"
    "won, drawn and lost by the side to move: over symmetry classes (classes, win, draw,\n"
    "loss) and over raw positions, each class counting as many as its symmetric images\n"
    "(positions, win_raw, draw_raw, loss_raw); and the longest win and loss (DTM). The\n"
    "game, rules and board are read from the tables' headers; where the tables of both\n"
    "standard and goat-pass rules are there, it also counts the positions whose value\n"
    "differs between them, with an example per layer (Markdown and JSON).\n"
    "\n"
    "  --dir DIR      the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --reachable    count only the positions a game from the start reaches (needs the\n"
    "                 REACH tables of guti reach)\n"
    "  --rules R      which rule set to tabulate when several are there (default: standard)\n"
    "  --format F     md (default), csv (the columns below, one row per layer and side, then\n"
    "                 a total row) or json\n"
    "  --json         the same as --format json\n"
    "  --out P        write all three at once, to P.md, P.csv and P.json (one pass over\n"
    "                 the tables; each file is renamed into place when complete)\n"
    "CSV columns: inhand,captured,side,classes,win,draw,loss,positions,win_raw,draw_raw,\n"
    "loss_raw,max_dtm_win,max_dtm_loss\n";

static int wdl_of(retro_code c)
{
    return c == RETRO_DRAW ? 1 : code_win(c) ? 0 : 2;
}

/* Reads a layer's codes: from the DTM table, else values only from the WDL table. */
static retro_code *read_layer(const struct game *g, const char *dir, int c, uint64_t n, bool *dtm,
                              char *err, size_t errlen)
{
    retro_code *res = malloc(n * sizeof *res);
    char path[1024];
    for (int k = 0; k < 2 && res; k++) {
        enum tb_kind kind = k == 0 ? TB_DTM : TB_WDL;
        tables_name(path, sizeof path, dir, g, 0, c, kind);
        if (k == 0 && access(path, F_OK) != 0) continue;
        struct tb *t;
        struct tb_meta want = tables_meta(g, 0, c, kind, n);
        if (tables_open(path, &want, &t, err, errlen) || tb_read_all(t, res, err, errlen)) {
            if (k == 0) tb_close(NULL);
            free(res);
            return NULL;
        }
        tb_close(t);
        *dtm = kind == TB_DTM;
        if (kind == TB_WDL)
            for (uint64_t i = 0; i < n; i++)
                res[i] = res[i] == TB_ENTRY_DRAW ? 0 : res[i] == TB_ENTRY_WIN ? 2 : 1;
        return res;
    }
    free(res);
    return NULL;
}

/* Reads a placement layer's codes: from its DTM table, else values only from its WDL
 * table (win 2, loss 1, draw 0); NULL when neither is there (*absent) or on an error. */
static retro_code *read_place(const struct game *g, const char *dir, int inhand, int c, int side,
                              uint64_t n, bool *absent, bool *dtm, char *err, size_t errlen)
{
    char path[1024];
    tables_place_name(path, sizeof path, dir, g, inhand, c, side, TB_DTM);
    *dtm = access(path, F_OK) == 0;
    if (!*dtm) tables_place_name(path, sizeof path, dir, g, inhand, c, side, TB_WDL);
    *absent = access(path, F_OK) != 0;
    if (*absent) return NULL;
    struct tb_meta want = tables_place_meta(g, inhand, c, side, *dtm ? TB_DTM : TB_WDL, n);
    retro_code *res = tables_read(path, &want, err, errlen);
    if (!res || *dtm) return res;
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++)
        res[i] = res[i] == TB_ENTRY_DRAW ? 0 : res[i] == TB_ENTRY_WIN ? 2 : 1;
    return res;
}

/* Reads a layer's REACH table (entries 1 for reached positions). */
static uint16_t *read_reach(const struct game *g, const char *dir, int inhand, int c, int side,
                            uint64_t n, char *err, size_t errlen)
{
    char path[1024];
    tables_reach_name(path, sizeof path, dir, g, inhand, c, side);
    if (access(path, F_OK) != 0) {
        snprintf(err, errlen, "no table %.200s; make it with: guti reach %s --rules %s --board %s",
                 path, g->ops->name, g->rules == BC_GOAT_PASS ? "goat-pass" : "standard",
                 g->board->name);
        return NULL;
    }
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
            int v = wdl_of(res[i]);
            n[v]++;
            raw[v] += w[k];
            if (dtm && v == 0 && code_dtm(res[i]) > max_win) {
                max_win = code_dtm(res[i]);
                longest = k;
            }
            if (dtm && v == 2 && code_dtm(res[i]) > max_loss) max_loss = code_dtm(res[i]);
            if (alt) {
                int u = wdl_of(alt[i]);
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

/* Whether a movement layer's WDL table is there (a partial run of the other rule set
 * leaves some out: those layers are not compared). */
static bool movement_there(const struct game *g, const char *dir, int c)
{
    char path[1024];
    tables_name(path, sizeof path, dir, g, 0, c, TB_WDL);
    return access(path, F_OK) == 0;
}

static bool has_tables(const struct game *g, const char *dir)
{
    char path[1024];
    if (g->ops == &sixteen_ops)
        tables_ss_name(path, sizeof path, dir, g, 1, 1, TB_WDL);
    else
        tables_name(path, sizeof path, dir, g, 0, g->captures_to_win - 1, TB_WDL);
    return access(path, F_OK) == 0;
}

/* Which game and rules the directory holds: the first readable table's header says;
 * standard rather than goat-pass when both are there and no --rules says which. */
static int find_game(const char *dir, const char *rules, struct game *g, char *err, size_t errlen)
{
    char **files;
    int n = tables_list(dir, &files), rc = -1;
    if (n < 0) return snprintf(err, errlen, "cannot read directory %s", dir), -1;
    snprintf(err, errlen, "no tables in %s", dir);
    for (int k = 0; k < n && rc; k++) {
        struct tb *t;
        if (tb_open(files[k], &t, err, errlen)) continue;
        const struct tb_meta *m = tb_get_meta(t);
        rc = game_setup(g, m->game, rules ? rules : m->rules, m->board, err, errlen);
        if (!rc && !rules && !has_tables(g, dir)) rc = -1;
        struct game s; /* the game's default rules, when their tables are there too */
        if (!rc && !rules && game_setup(&s, m->game, NULL, m->board, err, errlen) == 0 &&
            has_tables(&s, dir))
            *g = s;
        tb_close(t);
    }
    tables_list_free(files, n);
    return rc;
}

/* Where the statistics go: stdout in one format, or P.md, P.csv and P.json, each written
 * under a temporary name and renamed when complete. */
struct outputs {
    int n;
    const char *format[3];
    FILE *f[3];
    char path[3][1024], tmp[3][1040];
};

static void outputs_print_bc(const struct outputs *o, const struct bc_stats *st)
{
    for (int k = 0; k < o->n; k++) stats_bc_print(o->f[k], o->format[k], st);
}

static void outputs_print_ss(const struct outputs *o, const struct ss_table_stats *st)
{
    for (int k = 0; k < o->n; k++) stats_ss_print(o->f[k], o->format[k], st);
}

/* Closes the files and, if ok (rc 0) and every one was written whole, renames them all
 * into place; else removes them all, so that no new file ends up beside old ones.
 * Returns rc, or 1 after a write error. */
static int outputs_close(struct outputs *o, int rc)
{
    for (int k = 0; k < o->n; k++) {
        if (o->f[k] == stdout) {
            if ((ferror(stdout) | fflush(stdout)) && !rc)
                rc = cli_error("stats: cannot write the output");
            continue;
        }
        bool bad = ferror(o->f[k]) != 0;
        bad |= fclose(o->f[k]) != 0;
        if (!rc && bad) rc = cli_error("stats: cannot write %s", o->tmp[k]);
    }
    for (int k = 0; k < o->n && !rc; k++)
        if (o->f[k] != stdout && rename(o->tmp[k], o->path[k]) != 0)
            rc = cli_error("stats: cannot rename %s to %s: %s", o->tmp[k], o->path[k],
                           strerror(errno));
    for (int k = 0; k < o->n && rc; k++)
        if (o->f[k] != stdout) unlink(o->tmp[k]);
    return rc;
}

static int outputs_open(struct outputs *o, const char *format, const char *prefix)
{
    memset(o, 0, sizeof *o);
    if (!prefix) {
        o->n = 1;
        o->format[0] = format;
        o->f[0] = stdout;
        return 0;
    }
    static const char *const all[] = {"md", "csv", "json"};
    for (int k = 0; k < 3; k++) {
        o->format[k] = all[k];
        int n = snprintf(o->path[k], sizeof o->path[k], "%s.%s", prefix, all[k]);
        int t = snprintf(o->tmp[k], sizeof o->tmp[k], "%s.%s.tmp", prefix, all[k]);
        if (n < 0 || t < 0 || (size_t)n >= sizeof o->path[k] || (size_t)t >= sizeof o->tmp[k])
            return outputs_close(o, cli_usage_error("stats", "--out: the name is too long"));
        if (!(o->f[k] = fopen(o->tmp[k], "w"))) {
            int rc = cli_error("stats: cannot write %s: %s", o->tmp[k], strerror(errno));
            return outputs_close(o, rc);
        }
        o->n = k + 1;
    }
    return 0;
}

/* Sixteen Soldiers: one row per material (m, n), from the tables of every material there. */
static int stats_sixteen(const struct game *g, const char *dir, const struct outputs *out)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return cli_error("stats: out of memory");
    struct ss_row *rows = calloc(SS_MAX_PIECES * SS_MAX_PIECES, sizeof *rows);
    int nrows = 0;
    char path[1024], err[400], rules[32];
    game_rules_name(g, rules, sizeof rules);
    for (int total = 2; total <= 2 * SS_MAX_PIECES; total++) {
        bool any = false;
        for (int m = total - 1; 2 * m >= total; m--) {
            int n = total - m;
            if (m > SS_MAX_PIECES) continue;
            bool dtm = true;
            tables_ss_name(path, sizeof path, dir, g, m, n, TB_DTM);
            if (access(path, F_OK) != 0) {
                dtm = false;
                tables_ss_name(path, sizeof path, dir, g, m, n, TB_WDL);
                if (access(path, F_OK) != 0) continue;
            }
            any = true;
            struct ss_layer l;
            if (ss_layer_init(&l, &db, m, n)) return cli_error("stats: out of memory");
            retro_code *res = malloc(l.size * sizeof *res + 2);
            struct tb *t;
            struct tb_meta want = tables_ss_meta(g, m, n, dtm ? TB_DTM : TB_WDL, l.size);
            if (!res || tables_open(path, &want, &t, err, sizeof err) ||
                tb_read_all(t, res, err, sizeof err))
                return cli_error("stats: %s", res ? err : "out of memory");
            tb_close(t);
            if (!dtm)
                for (uint64_t i = 0; i < l.size; i++)
                    res[i] = res[i] == TB_ENTRY_DRAW ? 0 : res[i] == TB_ENTRY_WIN ? 2 : 1;
            for (int p = 0; p < l.nparts; p++) {
                const struct ss_part *part = &l.part[p];
                struct ss_row *r = &rows[nrows++];
                r->m = part->m;
                r->n = part->n;
                r->max_win = r->max_loss = -1;
                uint8_t *w = malloc(part->ix.size + 1);
                pair_index_orbit_sizes(&part->ix, w);
                uint64_t longest = 0;
                for (uint64_t k = 0; k < part->ix.size; k++) {
                    retro_code c = res[part->offset + k];
                    int v = wdl_of(c);
                    r->cl[v]++;
                    r->raw[v] += w[k];
                    if (!dtm) continue;
                    if (v == 0) {
                        r->win_dtm_sum += code_dtm(c);
                        if (code_dtm(c) > r->max_win) {
                            r->max_win = code_dtm(c);
                            longest = part->offset + k;
                        }
                    }
                    if (v == 2 && code_dtm(c) > r->max_loss) r->max_loss = code_dtm(c);
                }
                free(w);
                if (r->max_win >= 0) {
                    bits_t A, B;
                    ss_layer_position(&l, longest, &A, &B);
                    struct position pos = {.men = {A, B}, .side = 0};
                    g->ops->format(g, &pos, r->longest_fen, sizeof r->longest_fen);
                }
            }
            free(res);
            ss_layer_free(&l);
        }
        if (!any) break;
    }
    ss_db_free(&db);
    if (!nrows) return cli_error("stats: no Sixteen Soldiers tables in %s", dir);
    struct ss_table_stats st = {.nrows = nrows, .rows = rows};
    memcpy(st.rules, rules, sizeof st.rules);
    outputs_print_ss(out, &st);
    free(rows);
    return 0;
}

/* Bagh-Chal: one row per layer and side to move, in the order of the game. */
static int stats_baghchal(const struct game *gp, const char *dir, bool reachable,
                          const struct outputs *out)
{
    struct game g = *gp;
    char err[400];
    struct game other;
    bool compare = g.ops == &baghchal_ops &&
                   game_setup(&other, "baghchal", g.rules == BC_STANDARD ? "goat-pass" : "standard",
                              g.board->name, err, sizeof err) == 0 &&
                   has_tables(&other, dir);

    struct symmap *sm = malloc(sizeof *sm);
    symmap_init(sm, g.board);
    int top = g.captures_to_win - 1, nrows = 0, maxrows = 2 * TABLES_MAX_LAYERS * (g.ngoats + 1);
    struct bc_row *rows = calloc((size_t)maxrows + 1, sizeof *rows);
    struct bc_change *ch = calloc((size_t)maxrows, sizeof *ch);
    if (!sm || !rows || !ch) return cli_error("stats: out of memory");
    /* In the order of the game: the placement layers from the start, then the movement. */
    for (int inhand = g.ngoats; inhand >= 0; inhand--)
        for (int c = 0; c <= top && c <= g.ngoats - inhand; c++) {
            struct pair_index ix;
            if (pair_index_init(&ix, g.board, sm, g.ntigers, g.ngoats - inhand - c))
                return cli_error("stats: out of memory");
            uint8_t *w = malloc(ix.size + 1);
            pair_index_orbit_sizes(&ix, w);
            for (int side = 0; side < 2; side++) {
                if (inhand > 0 && side == 1 && inhand == g.ngoats) break;
                bool dtm = false, absent = false;
                uint64_t n = inhand ? ix.size : 2 * ix.size;
                retro_code *res =
                    inhand ? read_place(&g, dir, inhand, c, side, n, &absent, &dtm, err, sizeof err)
                           : read_layer(&g, dir, c, n, &dtm, err, sizeof err);
                if (absent) continue;
                if (!res) return cli_error("stats: %s", err);
                retro_code *alt = NULL;
                bool alt_dtm, alt_absent = false;
                if (compare && inhand)
                    alt = read_place(&other, dir, inhand, c, side, n, &alt_absent, &alt_dtm, err,
                                     sizeof err);
                else if (compare && !(alt_absent = !movement_there(&other, dir, c)))
                    alt = read_layer(&other, dir, c, n, &alt_dtm, err, sizeof err);
                if (compare && !alt && !alt_absent) return cli_error("stats: %s", err);
                struct bc_row *r = &rows[nrows];
                struct bc_change *x = &ch[nrows++];
                r->inhand = inhand;
                r->captured = c;
                r->side = side;
                x->present = alt != NULL;
                uint16_t *reach = NULL;
                if (reachable &&
                    !(reach = read_reach(&g, dir, inhand, c, side, n, err, sizeof err)))
                    return cli_error("stats: %s", err);
                tabulate(&g, &ix, w, res, alt, reach, inhand ? 1 : 2, inhand ? 0 : (uint64_t)side,
                         dtm, r, x);
                free(res);
                free(alt);
                free(reach);
                if (inhand) continue;
            }
            free(w);
            pair_index_free(&ix);
        }
    struct bc_stats st = {.g = &g,
                          .reachable = reachable,
                          .compare = compare,
                          .nrows = nrows,
                          .top = top,
                          .rows = rows,
                          .ch = ch,
                          .total = {.side = -1, .max_win = -1, .max_loss = -1}};
    struct bc_row *total = &st.total;
    for (int k = 0; k < nrows; k++) {
        for (int v = 0; v < 3; v++) {
            total->n[v] += rows[k].n[v];
            total->raw[v] += rows[k].raw[v];
        }
        total->dtm |= rows[k].dtm;
        if (rows[k].max_win > total->max_win) total->max_win = rows[k].max_win;
        if (rows[k].max_loss > total->max_loss) total->max_loss = rows[k].max_loss;
    }
    game_rules_name(&g, st.rules, sizeof st.rules);
    if (compare) game_rules_name(&other, st.other_rules, sizeof st.other_rules);
    outputs_print_bc(out, &st);
    free(rows);
    free(ch);
    free(sm);
    return 0;
}

int cmd_stats(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *format_opt = NULL, *out_opt = NULL;
    bool reachable = false;
    const struct cli_option opts[] = {CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION("reachable", CLI_FLAG, &reachable),
                                      CLI_OPTION("format", CLI_TEXT, &format_opt),
                                      CLI_OPTION("out", CLI_TEXT, &out_opt),
                                      CLI_OPTION_INT("threads", &o.threads, 1, 1024),
                                      CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("stats", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (first < argc) return cli_usage_error("stats", "unexpected operand '%s'", argv[first]);
    const char *format = format_opt ? format_opt : o.json ? "json" : "md";
    if (strcmp(format, "md") && strcmp(format, "csv") && strcmp(format, "json"))
        return cli_usage_error("stats", "--format '%s', expected md, csv or json", format);
    if (out_opt && (format_opt || o.json))
        return cli_usage_error("stats", "--out writes every format; drop --format and --json");
    if (out_opt && !*out_opt) return cli_usage_error("stats", "--out needs a file name prefix");
    const char *dir = tables_dir(dir_opt);
    struct game g;
    char err[400];
    if (find_game(dir, o.rules, &g, err, sizeof err)) return cli_error("stats: %s", err);
    struct outputs out;
    if ((rc = outputs_open(&out, format, out_opt))) return rc;
    rc = g.ops == &sixteen_ops ? stats_sixteen(&g, dir, &out)
                               : stats_baghchal(&g, dir, reachable, &out);
    return outputs_close(&out, rc);
}
