/* guti stats: wins, draws and losses per layer and side to move, from the tables. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tables.h"

static const char help[] =
    "usage: guti stats [--dir DIR] [--rules R] [--reachable] [--format md|csv|json]\n"
    "\n"
    "Counts, for each layer (goats in hand, goats captured) and side to move, the positions\n"
    "won, drawn and lost by the side to move: over symmetry classes (classes, win, draw,\n"
    "loss) and over raw positions, each class counting as many as its symmetric images\n"
    "(positions, win_raw, draw_raw, loss_raw); and the longest win and loss (DTM). The\n"
    "game, rules and board are read from the tables' headers; where the tables of both\n"
    "standard and goat-pass rules are there, it also counts the positions whose value\n"
    "differs between them (Markdown and JSON).\n"
    "\n"
    "  --dir DIR      the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --reachable    count only the positions a game from the start reaches (needs the\n"
    "                 REACH tables of guti reach)\n"
    "  --rules R      which rule set to tabulate when several are there (default: standard)\n"
    "  --format F     md (default), csv (the columns below, one row per layer and side, then\n"
    "                 a total row) or json\n"
    "CSV columns: inhand,captured,side,classes,win,draw,loss,positions,win_raw,draw_raw,\n"
    "loss_raw,max_dtm_win,max_dtm_loss\n";

struct row {
    int inhand, captured, side; /* side -1: all */
    bool dtm;                   /* the DTM columns are known */
    uint64_t n[3], raw[3];      /* win, draw, loss */
    int max_win, max_loss;
    uint64_t longest; /* index of a longest win */
    char longest_fen[128];
};

struct changes {
    int inhand, captured, side;
    bool present;                /* the other rule set's table was there */
    uint64_t n[3][3], raw[3][3]; /* [standard value][goat-pass value], win/draw/loss */
};

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

/* Adds one row: the positions i = stride * k + offset of res, k < ix->size. */
static void tabulate(const struct game *g, const struct pair_index *ix, const uint8_t *w,
                     const retro_code *res, const retro_code *alt, const uint16_t *reach,
                     uint64_t stride, uint64_t offset, bool dtm, struct row *r, struct changes *x)
{
    r->max_win = r->max_loss = -1;
    r->dtm = dtm;
    for (uint64_t k = 0; k < ix->size; k++) {
        uint64_t i = stride * k + offset;
        if (reach && !reach[i]) continue;
        int v = wdl_of(res[i]);
        r->n[v]++;
        r->raw[v] += w[k];
        if (dtm && v == 0 && code_dtm(res[i]) > r->max_win) {
            r->max_win = code_dtm(res[i]);
            r->longest = k;
        }
        if (dtm && v == 2 && code_dtm(res[i]) > r->max_loss) r->max_loss = code_dtm(res[i]);
        if (alt) {
            int u = wdl_of(alt[i]);
            x->n[v][u]++;
            x->raw[v][u] += w[k];
        }
    }
    if (r->max_win >= 0) {
        bits_t T, G;
        pair_index_unrank(ix, r->longest, &T, &G);
        struct position pos = {.men = {G, T}, .side = r->side, .inhand = r->inhand};
        g->ops->format(g, &pos, r->longest_fen, sizeof r->longest_fen);
    }
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

/* Sixteen Soldiers: one row per material (m, n), from the tables of every material there. */
struct ss_row {
    int m, n;
    uint64_t cl[3], raw[3]; /* win, draw, loss */
    int max_win, max_loss;
    double win_dtm_sum; /* over won classes, for the mean */
    char longest_fen[128];
};

static int stats_sixteen(const struct game *g, const char *dir, const char *format)
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
    if (!strcmp(format, "csv")) {
        printf("pieces_to_move,pieces_other,classes,win,draw,loss,positions,win_raw,draw_raw,"
               "loss_raw,max_dtm_win,max_dtm_loss\n");
        for (int k = 0; k < nrows; k++) {
            const struct ss_row *r = &rows[k];
            printf("%d,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,", r->m, r->n,
                   (unsigned long long)(r->cl[0] + r->cl[1] + r->cl[2]),
                   (unsigned long long)r->cl[0], (unsigned long long)r->cl[1],
                   (unsigned long long)r->cl[2],
                   (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                   (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                   (unsigned long long)r->raw[2]);
            if (r->max_win >= 0 || r->max_loss >= 0)
                printf("%d,%d\n", r->max_win, r->max_loss);
            else
                printf(",\n");
        }
    } else if (!strcmp(format, "json")) {
        printf("{\"game\": \"sixteen\", \"rules\": \"%s\", \"rows\": [", rules);
        for (int k = 0; k < nrows; k++) {
            const struct ss_row *r = &rows[k];
            printf("%s{\"pieces_to_move\": %d, \"pieces_other\": %d, \"classes\": %llu, \"win\": "
                   "%llu, \"draw\": %llu, \"loss\": %llu, \"positions\": %llu, \"win_raw\": %llu, "
                   "\"draw_raw\": %llu, \"loss_raw\": %llu, \"max_dtm_win\": %d, \"max_dtm_loss\": "
                   "%d, "
                   "\"mean_dtm_win\": %.2f, \"longest_win\": ",
                   k ? ", " : "", r->m, r->n, (unsigned long long)(r->cl[0] + r->cl[1] + r->cl[2]),
                   (unsigned long long)r->cl[0], (unsigned long long)r->cl[1],
                   (unsigned long long)r->cl[2],
                   (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                   (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                   (unsigned long long)r->raw[2], r->max_win, r->max_loss,
                   r->cl[0] ? r->win_dtm_sum / r->cl[0] : 0);
            if (r->max_win >= 0)
                json_str(stdout, r->longest_fen);
            else
                printf("null");
            printf("}");
        }
        printf("]}\n");
    } else {
        printf("# Sixteen Soldiers endgames, rules %s: values for the side to move\n\n", rules);
        printf("| to move | other | classes | win | draw | loss | positions | win | draw | loss | "
               "longest win | mean win | longest loss | longest win, example (Red to move) |\n");
        printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (int k = 0; k < nrows; k++) {
            const struct ss_row *r = &rows[k];
            uint64_t cl = r->cl[0] + r->cl[1] + r->cl[2], raw = r->raw[0] + r->raw[1] + r->raw[2];
            printf(
                "| %d | %d | %llu | %.2f%% | %.2f%% | %.2f%% | %llu | %.2f%% | %.2f%% | %.2f%% | ",
                r->m, r->n, (unsigned long long)cl, 100.0 * r->cl[0] / cl, 100.0 * r->cl[1] / cl,
                100.0 * r->cl[2] / cl, (unsigned long long)raw, 100.0 * r->raw[0] / raw,
                100.0 * r->raw[1] / raw, 100.0 * r->raw[2] / raw);
            if (r->max_win >= 0)
                printf("%d | %.1f | %d | `%s` |\n", r->max_win, r->win_dtm_sum / r->cl[0],
                       r->max_loss, r->longest_fen);
            else
                printf("- | - | %d | |\n", r->max_loss);
        }
        int top = 0;
        for (int k = 0; k < nrows; k++) top = rows[k].m > top ? rows[k].m : top;
        printf(
            "\n## Who wins: m pieces to move against n\n\nShare of positions (raw) won by the side "
            "to move; rows m, columns n.\n\n| m \\ n |");
        for (int n = 1; n <= top; n++) printf(" %d |", n);
        printf("\n|---:|");
        for (int n = 1; n <= top; n++) printf("---:|");
        printf("\n");
        for (int m = 1; m <= top; m++) {
            printf("| %d |", m);
            for (int n = 1; n <= top; n++) {
                const struct ss_row *r = NULL;
                for (int k = 0; k < nrows; k++)
                    if (rows[k].m == m && rows[k].n == n) r = &rows[k];
                uint64_t raw = r ? r->raw[0] + r->raw[1] + r->raw[2] : 0;
                if (r && raw)
                    printf(" %.1f%% |", 100.0 * r->raw[0] / raw);
                else
                    printf(" |");
            }
            printf("\n");
        }
    }
    free(rows);
    return 0;
}

int cmd_stats(int argc, char **argv)
{
    struct game_opts o;
    static const char *const extra[] = {"dir=", "format=", "reachable", NULL};
    const char *val[3];
    int first, rc = cli_parse("stats", argc, argv, &o, extra, val, &first);
    if (rc) return rc;
    if (o.help) return fputs(help, stdout), 0;
    if (first < argc) return cli_usage_error("stats", "unexpected operand '%s'", argv[first]);
    const char *format = val[1] ? val[1] : o.json ? "json" : "md";
    if (strcmp(format, "md") && strcmp(format, "csv") && strcmp(format, "json"))
        return cli_usage_error("stats", "--format '%s', expected md, csv or json", format);
    const char *dir = tables_dir(val[0]);
    bool reachable = val[2] != NULL;
    struct game g;
    char err[400];
    if (find_game(dir, o.rules, &g, err, sizeof err)) return cli_error("stats: %s", err);
    if (g.ops == &sixteen_ops) return stats_sixteen(&g, dir, format);
    struct game other;
    bool compare = g.ops == &baghchal_ops &&
                   game_setup(&other, "baghchal", g.rules == BC_STANDARD ? "goat-pass" : "standard",
                              g.board->name, err, sizeof err) == 0 &&
                   has_tables(&other, dir);

    struct symmap *sm = malloc(sizeof *sm);
    symmap_init(sm, g.board);
    int top = g.captures_to_win - 1, nrows = 0, maxrows = 2 * TABLES_MAX_LAYERS * (g.ngoats + 1);
    struct row *rows = calloc((size_t)maxrows + 1, sizeof *rows);
    struct changes *ch = calloc((size_t)maxrows, sizeof *ch);
    bool all_dtm = true;
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
                if (compare)
                    alt = inhand ? read_place(&other, dir, inhand, c, side, n, &alt_absent,
                                              &alt_dtm, err, sizeof err)
                                 : read_layer(&other, dir, c, n, &alt_dtm, err, sizeof err);
                if (compare && !alt && !alt_absent) return cli_error("stats: %s", err);
                struct row *r = &rows[nrows];
                struct changes *x = &ch[nrows++];
                r->inhand = inhand;
                r->captured = x->captured = c;
                r->side = x->side = side;
                x->inhand = inhand;
                x->present = alt != NULL;
                all_dtm &= dtm;
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
    struct row total = {.side = -1, .max_win = -1, .max_loss = -1};
    for (int k = 0; k < nrows; k++) {
        for (int v = 0; v < 3; v++) {
            total.n[v] += rows[k].n[v];
            total.raw[v] += rows[k].raw[v];
        }
        total.dtm |= rows[k].dtm;
        if (rows[k].max_win > total.max_win) total.max_win = rows[k].max_win;
        if (rows[k].max_loss > total.max_loss) total.max_loss = rows[k].max_loss;
    }
    char rules[32], other_rules[32];
    game_rules_name(&g, rules, sizeof rules);
    if (compare) game_rules_name(&other, other_rules, sizeof other_rules);
    static const char *side_word[] = {"goat", "tiger"};
    if (!strcmp(format, "csv")) {
        printf("inhand,captured,side,classes,win,draw,loss,positions,win_raw,draw_raw,loss_raw,"
               "max_dtm_win,max_dtm_loss\n");
        for (int k = 0; k <= nrows; k++) {
            const struct row *r = k < nrows ? &rows[k] : &total;
            if (k < nrows)
                printf("%d,%d,%s,", r->inhand, r->captured, side_word[r->side]);
            else
                printf("all,all,all,");
            printf("%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,",
                   (unsigned long long)(r->n[0] + r->n[1] + r->n[2]), (unsigned long long)r->n[0],
                   (unsigned long long)r->n[1], (unsigned long long)r->n[2],
                   (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                   (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                   (unsigned long long)r->raw[2]);
            if (r->dtm)
                printf("%d,%d\n", r->max_win, r->max_loss);
            else
                printf(",\n");
        }
    } else if (!strcmp(format, "json")) {
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"rows\": [", g.ops->name,
               rules, g.board->name);
        for (int k = 0; k <= nrows; k++) {
            const struct row *r = k < nrows ? &rows[k] : &total;
            if (k) printf(", ");
            if (k < nrows)
                printf("{\"inhand\": %d, \"captured\": %d, \"side\": \"%s\", ", r->inhand,
                       r->captured, side_word[r->side]);
            else
                printf("{\"inhand\": \"all\", \"captured\": \"all\", \"side\": \"all\", ");
            printf("\"classes\": %llu, \"win\": %llu, \"draw\": %llu, \"loss\": %llu, "
                   "\"positions\": %llu, "
                   "\"win_raw\": %llu, \"draw_raw\": %llu, \"loss_raw\": %llu, ",
                   (unsigned long long)(r->n[0] + r->n[1] + r->n[2]), (unsigned long long)r->n[0],
                   (unsigned long long)r->n[1], (unsigned long long)r->n[2],
                   (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                   (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                   (unsigned long long)r->raw[2]);
            if (r->dtm)
                printf("\"max_dtm_win\": %d, \"max_dtm_loss\": %d, \"longest_win\": ", r->max_win,
                       r->max_loss);
            else
                printf("\"max_dtm_win\": null, \"max_dtm_loss\": null, \"longest_win\": ");
            if (k < nrows && r->dtm && r->max_win >= 0)
                json_str(stdout, r->longest_fen);
            else
                printf("null");
            printf("}");
        }
        printf("]");
        if (compare) {
            printf(", \"compared_with\": \"%s\", \"changes\": [", other_rules);
            for (int k = 0; k < nrows; k++) {
                uint64_t changed = 0, changed_raw = 0;
                for (int v = 0; v < 3; v++)
                    for (int u = 0; u < 3; u++)
                        if (u != v) {
                            changed += ch[k].n[v][u];
                            changed_raw += ch[k].raw[v][u];
                        }
                printf("%s{\"inhand\": %d, \"captured\": %d, \"side\": \"%s\", \"changed\": %llu, "
                       "\"changed_raw\": %llu, \"matrix\": [",
                       k ? ", " : "", ch[k].inhand, ch[k].captured, side_word[ch[k].side],
                       (unsigned long long)changed, (unsigned long long)changed_raw);
                for (int v = 0; v < 3; v++)
                    printf("%s[%llu, %llu, %llu]", v ? ", " : "", (unsigned long long)ch[k].n[v][0],
                           (unsigned long long)ch[k].n[v][1], (unsigned long long)ch[k].n[v][2]);
                printf("]}");
            }
            printf("]");
        }
        printf("}\n");
    } else {
        printf("# %s %s, rules %s: values for the side to move%s\n\n", g.ops->name, g.board->name,
               rules, reachable ? ", positions reached from the start" : ", all legal positions");
        printf("| in hand | captured | to move | classes | win | draw | loss | positions | win | "
               "draw | "
               "loss | longest win | longest loss |\n");
        printf("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int k = 0; k <= nrows; k++) {
            const struct row *r = k < nrows ? &rows[k] : &total;
            uint64_t cl = r->n[0] + r->n[1] + r->n[2], raw = r->raw[0] + r->raw[1] + r->raw[2];
            if (k < nrows)
                printf("| %d | %d | %ss ", r->inhand, r->captured, side_word[r->side]);
            else
                printf("| **all** | | ");
            printf("| %llu | %.2f%% | %.2f%% | %.2f%% | %llu | %.2f%% | %.2f%% | %.2f%% | ",
                   (unsigned long long)cl, 100.0 * r->n[0] / cl, 100.0 * r->n[1] / cl,
                   100.0 * r->n[2] / cl, (unsigned long long)raw, 100.0 * r->raw[0] / raw,
                   100.0 * r->raw[1] / raw, 100.0 * r->raw[2] / raw);
            if (r->dtm)
                printf("%d | %d |\n", r->max_win, r->max_loss);
            else
                printf("- | - |\n");
        }
        printf("\nClasses are positions up to the board's symmetries; positions count every "
               "symmetric image. Percentages are of the row's total.\n");
        if (nrows > 2 * (top + 1)) {
            /* the placement phase, summed over captures and sides */
            printf("\n## Draws through the game, by goats in hand\n\n| in hand | classes | draw | "
                   "win for the side to move | positions | draw | goats to move: win | tigers to "
                   "move: win |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (int inhand = g.ngoats; inhand >= 0; inhand--) {
                uint64_t n[3] = {0, 0, 0}, raw[3] = {0, 0, 0}, side_n[2] = {0, 0},
                         side_w[2] = {0, 0};
                for (int k = 0; k < nrows; k++) {
                    if (rows[k].inhand != inhand) continue;
                    for (int v = 0; v < 3; v++) {
                        n[v] += rows[k].n[v];
                        raw[v] += rows[k].raw[v];
                        side_n[rows[k].side] += rows[k].raw[v];
                    }
                    side_w[rows[k].side] += rows[k].raw[0];
                }
                uint64_t cl = n[0] + n[1] + n[2], rw = raw[0] + raw[1] + raw[2];
                if (!cl) continue;
                printf("| %d | %llu | %.2f%% | %.2f%% | %llu | %.2f%% | ", inhand,
                       (unsigned long long)cl, 100.0 * n[1] / cl, 100.0 * n[0] / cl,
                       (unsigned long long)rw, 100.0 * raw[1] / rw);
                for (int sd = 0; sd < 2; sd++) {
                    if (side_n[sd])
                        printf("%.2f%% |", 100.0 * side_w[sd] / side_n[sd]);
                    else
                        printf("- |");
                    printf(sd ? "\n" : " ");
                }
            }
        }
        if (total.dtm) {
            printf("\n## Longest wins\n\n");
            for (int phase = 1; phase >= 0; phase--)
                for (int side = 0; side < 2; side++) {
                    int best = -1;
                    bool every = true; /* a longest win needs the DTM of every layer */
                    for (int k = 0; k < nrows; k++) {
                        if ((rows[k].inhand > 0) != phase || rows[k].side != side) continue;
                        every &= rows[k].dtm;
                        if (rows[k].max_win >= 0 &&
                            (best < 0 || rows[k].max_win > rows[best].max_win))
                            best = k;
                    }
                    if (best >= 0 && every)
                        printf("- %s phase: the %ss' longest forced win, %d plies: `%s`\n",
                               phase ? "Placement" : "Movement", side_word[side],
                               rows[best].max_win, rows[best].longest_fen);
                }
            printf("\n| in hand | captured | to move | DTM | example "
                   "|\n|---:|---:|---|---:|---|\n");
            for (int k = 0; k < nrows; k++)
                if (rows[k].max_win >= 0)
                    printf("| %d | %d | %ss | %d | `%s` |\n", rows[k].inhand, rows[k].captured,
                           side_word[rows[k].side], rows[k].max_win, rows[k].longest_fen);
        }
        if (compare) {
            printf("\n## %s against %s\n\n", rules, other_rules);
            printf("Classes whose value for the side to move differs (value under %s -> under "
                   "%s).\n\n",
                   rules, other_rules);
            printf("| in hand | captured | to move | changed | changed positions | win->draw | "
                   "win->loss | "
                   "draw->win | draw->loss | loss->win | loss->draw |\n");
            printf("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (int k = 0; k < nrows; k++) {
                const struct changes *x = &ch[k];
                if (!x->present) continue;
                uint64_t changed = 0, changed_raw = 0;
                for (int v = 0; v < 3; v++)
                    for (int u = 0; u < 3; u++)
                        if (u != v) {
                            changed += x->n[v][u];
                            changed_raw += x->raw[v][u];
                        }
                printf(
                    "| %d | %d | %ss | %llu | %llu | %llu | %llu | %llu | %llu | %llu | %llu |\n",
                    x->inhand, x->captured, side_word[x->side], (unsigned long long)changed,
                    (unsigned long long)changed_raw, (unsigned long long)x->n[0][1],
                    (unsigned long long)x->n[0][2], (unsigned long long)x->n[1][0],
                    (unsigned long long)x->n[1][2], (unsigned long long)x->n[2][0],
                    (unsigned long long)x->n[2][1]);
            }
        }
    }
    free(rows);
    free(ch);
    free(sm);
    return 0;
}
