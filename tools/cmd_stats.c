/* guti stats: wins, draws and losses per layer and side to move, from the tables. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bc_solve.h"
#include "bigmem.h"
#include "cli_game.h"
#include "progress.h"
#include "stats.h"
#include "tables.h"

static const char help[] =
    "usage: guti stats [--dir DIR] [--rules R] [--captures K] [--board B]\n"
    "                  [--reachable | --dtc [--limit L] | --histogram]\n"
    "                  [--format md|csv|json | --json | --out P] [--threads N] [--quiet]\n"
    "\n"
    "Counts, for each layer (goats in hand, goats captured) and side to move, the positions\n"
    "won, drawn and lost by the side to move: over symmetry classes (classes, win, draw,\n"
    "loss) and over raw positions, each class counting as many as its symmetric images\n"
    "(positions, win_raw, draw_raw, loss_raw); and the longest win and loss (DTM). For\n"
    "Sixteen Soldiers, one row per material and the who-wins matrix. The game, rules and\n"
    "board are read from the tables' headers; where the tables of both standard and\n"
    "goat-pass rules are there, it also counts the positions whose value differs between\n"
    "them, with an example per layer (Markdown and JSON).\n"
    "\n"
    "Missing tables. The statistics cover the whole set of tables in DIR (guti verify says\n"
    "what a complete set is): if a WDL table is missing (or, with --reachable, a REACH\n"
    "table), stats makes none, exits with status 1 and names the missing tables and the\n"
    "command that makes them. If only DTM tables are missing, it makes the statistics and\n"
    "warns on stderr: those layers' longest win and loss are left empty (CSV), '-'\n"
    "(Markdown, which also lists them) or null (JSON, listed in \"dtm_missing\"), and so\n"
    "are those of the total row.\n"
    "\n"
    "  --dir DIR      the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R      baghchal: standard or goat-pass; sixteen: optional or forced; which\n"
    "                 rule set's tables, when DIR holds several (default: standard, or\n"
    "                 optional; else the one there); naming one that is not there is an\n"
    "                 error that lists those there\n"
    "  --captures K   baghchal: the tigers win with K captures (1 to 8) rather than 5 (4x4:\n"
    "                 3, 3x3: 1): the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --board B      baghchal: 5x5, 4x4 or 3x3; which board's tables, when DIR holds\n"
    "                 several; likewise\n"
    "  --reachable    count only the positions a game from the start reaches (needs the\n"
    "                 REACH tables of guti reach; Bagh-Chal only)\n"
    "  --dtc          the counting rule's statistics instead, from the DTC tables of guti\n"
    "                 solve --dtc: per layer and side (or material) the five classes at\n"
    "                 clock 0 (win, cursed win, draw, blessed loss, loss) over classes and\n"
    "                 raw positions, and the longest DTC of a win and of a loss with an\n"
    "                 example. Bagh-Chal: the movement phase's layers; the whole game's when\n"
    "                 DIR also holds the placement phase's DTC tables of that limit (the\n"
    "                 placement layers from the start, then the movement's, as without\n"
    "                 --dtc), with the start's class (Markdown; JSON \"phase\": \"all\",\n"
    "                 \"start_class\", \"start_dtc\"; no \"phase\": the movement phase alone).\n"
    "                 A missing movement table, or some placement tables there but not all,\n"
    "                 is an error naming the first missing and the command that makes it\n"
    "  --limit L      with --dtc: the tables of that limit (default: the game's)\n"
    "  --histogram    Bagh-Chal: the movement phase's DTM histogram instead, from its DTM\n"
    "                 tables: per DTM, the classes (and raw positions) whose side to move\n"
    "                 wins (odd DTM) or loses (even DTM) in exactly that many half-moves,\n"
    "                 goats and tigers to move apart, then the draws. CSV columns: dtm,\n"
    "                 value, goats, tigers, goats_raw, tigers_raw (a last row \"draw\")\n"
    "  --format F     md (default), csv (the columns below, one row per layer and side, then\n"
    "                 a total row) or json (the rows, then \"total\")\n"
    "  --json         the same as --format json\n"
    "  --out P        write all three at once, to P.md, P.csv and P.json (one pass over\n"
    "                 the tables; P's directory is made if missing; each file is renamed\n"
    "                 into place when complete)\n"
    "  --threads N    threads to use (default: all cores)\n"
    "  --quiet        no progress on stderr (shown only on a terminal)\n"
    "CSV columns, in order: inhand, captured, side, classes, win, draw, loss, positions,\n"
    "win_raw, draw_raw, loss_raw, max_dtm_win, max_dtm_loss (DTM columns empty when\n"
    "unknown; -1 for none); Sixteen Soldiers: pieces_to_move, pieces_other, then the same\n"
    "from classes on. With --dtc: inhand, captured, side, limit, classes, win, cursed_win,\n"
    "draw, blessed_loss, loss, positions, win_raw, cursed_win_raw, draw_raw,\n"
    "blessed_loss_raw, loss_raw, max_dtc_win, max_dtc_loss (-1 for none); Sixteen\n"
    "Soldiers: pieces_to_move, pieces_other for the first three.\n";

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
        return snprintf(err, errlen, "out of memory"), -1;
    uint64_t nb = below_ix.size, n = inhand > 1 ? nb : 2 * nb;
    struct tb_meta want = inhand > 1 ? tables_place_meta(g, inhand - 1, c, 1, TB_DTM, n)
                                     : tables_meta(g, 0, c, TB_DTM, n);
    retro_code *res = read_codes(path, &want, err, errlen);
    uint8_t *below = res ? malloc(nb + 1) : NULL;
    int rc = -1;
    if (res && !below) {
        snprintf(err, errlen, "out of memory");
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
        /* the reason (a full disk, a file-size limit) from the flush that fails again */
        errno = 0;
        bool bad = fflush(o->f[k]) != 0;
        bad |= ferror(o->f[k]) != 0; /* both asked, whatever the first says */
        int why = errno;
        bad |= fclose(o->f[k]) != 0;
        if (!why) why = errno;
        if (!rc && bad)
            rc = cli_error("stats: cannot write %s: %s", o->tmp[k],
                           why ? strerror(why) : "write error");
    }
    for (int k = 0; k < o->n && !rc; k++)
        if (o->f[k] != stdout && rename(o->tmp[k], o->path[k]) != 0)
            rc = cli_error("stats: cannot rename %s to %s: %s", o->tmp[k], o->path[k],
                           strerror(errno));
    for (int k = 0; k < o->n && rc; k++)
        if (o->f[k] != stdout) unlink(o->tmp[k]);
    return rc;
}

/* Makes the directories of a path's prefix that are not there, as mkdir -p does: the
 * files of --out DIR/name go into DIR. */
static int make_dirs(const char *prefix)
{
    char path[1024];
    if (snprintf(path, sizeof path, "%s", prefix) >= (int)sizeof path) return 0;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(path, 0777) && errno != EEXIST)
            return cli_error("stats: cannot make directory %s: %s", path, strerror(errno));
        *p = '/';
    }
    return 0;
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
            return cli_usage_error("stats", "--out: the name is too long");
    }
    int rc = make_dirs(prefix);
    for (int k = 0; k < 3 && !rc; k++) {
        if (!(o->f[k] = fopen(o->tmp[k], "w")))
            rc = cli_error("stats: cannot write %s: %s", o->tmp[k], strerror(errno));
        else
            o->n = k + 1;
    }
    return rc ? outputs_close(o, rc) : 0;
}

/* The positions of the set's WDL tables, from their headers: the work ahead, for the
 * progress line. */
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

/* Sixteen Soldiers: one row per material (m, n), from the tables of every material of the
 * set (all there: cmd_stats checked). */
static int stats_sixteen(const struct game *g, const struct tables_set *set,
                         const struct outputs *out, struct progress *prog)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return cli_error("stats: out of memory");
    struct ss_row *rows = calloc(SS_MAX_PIECES * SS_MAX_PIECES, sizeof *rows);
    int nrows = 0, rc = 0;
    char err[400], rules[32];
    game_rules_name(g, rules, sizeof rules);
    uint64_t total = set_positions(set), done = 0;
    progress_begin(prog, "stats");
    for (int k = 0; k < set->n && rows && !rc; k++) {
        const struct tables_want *wdl = &set->t[k];
        if (wdl->kind != TB_WDL) continue;
        int m = wdl->m, n = wdl->n;
        const struct tables_want *d = tables_set_find(set, TB_DTM, m, n, 0);
        bool dtm = d && d->present;
        struct ss_layer l;
        if (ss_layer_init(&l, &db, m, n)) {
            rc = cli_error("stats: out of memory");
            break;
        }
        struct tb_meta want = tables_ss_meta(g, m, n, dtm ? TB_DTM : TB_WDL, l.size);
        retro_code *res = read_codes(dtm ? d->path : wdl->path, &want, err, sizeof err);
        if (!res) rc = cli_error("stats: %s", err);
        for (int p = 0; p < l.nparts && !rc; p++) {
            const struct ss_part *part = &l.part[p];
            struct ss_row *r = &rows[nrows++];
            r->m = part->m;
            r->n = part->n;
            r->dtm = dtm;
            r->dtm_missing = d && !dtm;
            r->max_win = r->max_loss = -1;
            uint8_t *w = malloc(part->ix.size + 1);
            if (!w) {
                rc = cli_error("stats: out of memory");
                break;
            }
            pair_index_orbit_sizes(&part->ix, w);
            uint64_t longest = 0;
            for (uint64_t i = 0; i < part->ix.size; i++) {
                retro_code c = res[part->offset + i];
                int v = column_of(c);
                r->cl[v]++;
                r->raw[v] += w[i];
                if (!dtm) continue;
                if (v == 0) {
                    r->win_dtm_sum += code_dtm(c);
                    if (code_dtm(c) > r->max_win) {
                        r->max_win = code_dtm(c);
                        longest = part->offset + i;
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
        done += l.size;
        free(res);
        ss_layer_free(&l);
        char label[32];
        snprintf(label, sizeof label, "material %d+%d", m, n);
        progress_update(prog, label, done, total);
    }
    progress_end(prog);
    ss_db_free(&db);
    if (!rows) rc = cli_error("stats: out of memory");
    if (!rc) {
        struct ss_table_stats st = {.nrows = nrows, .rows = rows};
        memcpy(st.rules, rules, sizeof st.rules);
        outputs_print_ss(out, &st);
    }
    free(rows);
    return rc;
}

/* Bagh-Chal: one row per layer and side to move, in the order of the game, over the
 * layers of the set (all there but perhaps some DTM tables: cmd_stats checked). */
static int stats_baghchal(const struct game *gp, const char *dir, const struct tables_set *set,
                          bool reachable, const struct outputs *out, struct progress *prog)
{
    struct game g = *gp;
    char err[400];
    /* the other rule set, for the comparison, when any of its tables is there */
    struct game other, games[32];
    int ngames = tables_games(dir, games, 32);
    bool compare = false;
    if (game_setup(&other, "baghchal", g.rules == BC_STANDARD ? "goat-pass" : "standard",
                   g.board->name, err, sizeof err) == 0) {
        other.captures_to_win = g.captures_to_win; /* the same goal, the other rules */
        for (int k = 0; k < ngames && k < 32; k++) compare |= game_same(&games[k], &other);
    }

    int top = g.captures_to_win - 1, nrows = 0, maxrows = 2 * TABLES_MAX_LAYERS * (g.ngoats + 1);
    int rc = 0;
    struct symmap *sm = malloc(sizeof *sm);
    struct bc_row *rows = calloc((size_t)maxrows + 1, sizeof *rows);
    struct bc_change *ch = calloc((size_t)maxrows, sizeof *ch);
    if (!sm || !rows || !ch) {
        free(sm);
        free(rows);
        free(ch);
        return cli_error("stats: out of memory");
    }
    symmap_init(sm, g.board);
    uint64_t total = set_positions(set), done = 0;
    progress_begin(prog, "stats");
    /* In the order of the game: the placement layers from the start, then the movement. */
    for (int inhand = g.ngoats; inhand >= 0 && !rc; inhand--)
        for (int c = 0; c <= top && c <= g.ngoats - inhand && !rc; c++) {
            /* A layer the set has no table of is skipped before its index is built: the
             * placement phase's indexes are most of the time of a pass over the whole game. */
            if (!tables_set_find(set, TB_WDL, inhand, c, 0)) continue;
            struct pair_index ix;
            if (pair_index_init(&ix, g.board, sm, g.ntigers, g.ngoats - inhand - c)) {
                rc = cli_error("stats: out of memory");
                break;
            }
            uint8_t *w = big_alloc(ix.size + 1);
            if (w)
                pair_index_orbit_sizes(&ix, w);
            else
                rc = cli_error("stats: out of memory");
            retro_code *res = NULL, *alt = NULL; /* the movement's serve both sides */
            uint16_t *reach = NULL;
            for (int side = 0; side < 2 && !rc; side++) {
                if (inhand > 0 && side == 1 && inhand == g.ngoats) break;
                const struct tables_want *d = tables_set_find(set, TB_DTM, inhand, c, side);
                bool dtm = false, absent = false, goats_unknown = false;
                uint64_t n = inhand ? ix.size : 2 * ix.size;
                if (!res) {
                    res = read_bc(&g, dir, inhand, c, side, n, &absent, &dtm, err, sizeof err);
                    if (!res) {
                        rc = absent ? cli_error("stats: the tables of layer h%d-c%d are gone",
                                                inhand, c)
                                    : cli_error("stats: %s", err);
                        break;
                    }
                    if (inhand > 0 && side == 0 && !dtm && set->dtm[1]) {
                        int derived =
                            derive_goats(&g, dir, sm, inhand, c, &ix, res, err, sizeof err);
                        if (derived < 0) {
                            rc = cli_error("stats: %s", err);
                            break;
                        }
                        dtm = derived == 0;
                        /* the tigers' table below is missing: the warning names it, and
                         * this layer's longest are unknown too */
                        goats_unknown = derived == 1;
                    }
                    bool alt_absent = false, alt_dtm;
                    if (compare)
                        alt = read_bc(&other, dir, inhand, c, side, n, &alt_absent, &alt_dtm, err,
                                      sizeof err);
                    if (compare && !alt && !alt_absent) {
                        rc = cli_error("stats: %s", err);
                        break;
                    }
                    if (reachable &&
                        !(reach = read_reach(&g, dir, inhand, c, side, n, err, sizeof err))) {
                        rc = cli_error("stats: %s", err);
                        break;
                    }
                } else {
                    dtm = rows[nrows - 1].dtm;
                }
                struct bc_row *r = &rows[nrows];
                struct bc_change *x = &ch[nrows++];
                r->inhand = inhand;
                r->captured = c;
                r->side = side;
                r->dtm_missing = (d && !d->present) || (side == 0 && goats_unknown);
                x->present = alt != NULL;
                tabulate(&g, &ix, w, res, alt, reach, inhand ? 1 : 2, inhand ? 0 : (uint64_t)side,
                         dtm, r, x);
                done += ix.size;
                char label[32];
                snprintf(label, sizeof label, "h%d-c%d-%c", inhand, c, side ? 't' : 'g');
                progress_update(prog, label, done, total);
                if (inhand) {
                    free(res);
                    free(alt);
                    free(reach);
                    res = alt = NULL;
                    reach = NULL;
                }
            }
            free(res);
            free(alt);
            free(reach);
            free(w);
            pair_index_free(&ix);
        }
    progress_end(prog);
    if (!rc) {
        struct bc_stats st = {.g = &g,
                              .reachable = reachable,
                              .compare = compare,
                              .nrows = nrows,
                              .top = top,
                              .rows = rows,
                              .ch = ch,
                              .total = {.side = -1, .max_win = -1, .max_loss = -1}};
        struct bc_row *tot = &st.total;
        bool dtm_missing = false;
        for (int k = 0; k < nrows; k++) {
            for (int v = 0; v < 3; v++) {
                tot->n[v] += rows[k].n[v];
                tot->raw[v] += rows[k].raw[v];
            }
            tot->dtm |= rows[k].dtm;
            dtm_missing |= rows[k].dtm_missing;
            if (rows[k].max_win > tot->max_win) tot->max_win = rows[k].max_win;
            if (rows[k].max_loss > tot->max_loss) tot->max_loss = rows[k].max_loss;
        }
        /* the longest of all is not known when a layer's DTM table is missing */
        if (dtm_missing) tot->dtm = false, tot->dtm_missing = true;
        game_rules_name(&g, st.rules, sizeof st.rules);
        if (compare) game_rules_name(&other, st.other_rules, sizeof st.other_rules);
        outputs_print_bc(out, &st);
    }
    free(rows);
    free(ch);
    free(sm);
    return rc;
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
 * order of the game and the command that makes them: *rc is set, and 0 returned. */
static int dtc_placement_there(const struct game *g, const char *dir, int limit, int *rc)
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
    *rc = cli_error("stats: no table %s, though %d other placement DTC table%s of limit %d %s "
                    "there; make it with: guti solve baghchal --dtc --limit %d --rules %s "
                    "--board %s --dir %s",
                    first, there, there == 1 ? "" : "s", limit, there == 1 ? "is" : "are", limit,
                    rules, g->board->name, dir);
    return 0;
}

/* The counting rule over Bagh-Chal: a row per layer and side to move, from the layers' DTC
 * tables of that limit. The movement phase's always; the placement phase's too when its
 * tables are there, then the rows are in the order of the game as the plain statistics
 * give them (the placement layers from the start, then the movement's), and the start's
 * class is read from its layer. */
static int stats_dtc(const struct game *g, const char *dir, int limit, const struct outputs *out,
                     struct progress *prog)
{
    int top = g->captures_to_win - 1, rc = 0;
    char path[1024], err[600], rules[32];
    game_rules_name(g, rules, sizeof rules);
    /* every table is looked for before any is read: a missing one stops no long pass */
    for (int c = 0; c <= top; c++) {
        tables_dtc_name(path, sizeof path, dir, g, 0, c, -1, limit);
        if (access(path, F_OK) != 0)
            return cli_error("stats: no table %s; make it with: guti solve baghchal --phase "
                             "movement --dtc --limit %d --rules %s --board %s --dir %s",
                             path, limit, rules, g->board->name, dir);
    }
    bool whole = dtc_placement_there(g, dir, limit, &rc);
    if (rc) return rc;
    int first = whole ? g->ngoats : 0, nlayers = 0, done = 0;
    for (int inhand = first; inhand >= 0; inhand--)
        for (int c = 0; c <= top && c <= g->ngoats - inhand; c++) nlayers++;
    struct symmap *sm = malloc(sizeof *sm);
    struct dtc_stats st = {.g = g, .limit = limit, .whole = whole};
    st.rows = calloc(2 * (size_t)nlayers, sizeof *st.rows);
    if (!sm || !st.rows) {
        free(sm);
        free(st.rows);
        return cli_error("stats: out of memory");
    }
    symmap_init(sm, g->board);
    memcpy(st.rules, rules, sizeof st.rules);
    st.total.max_win = st.total.max_loss = -1;
    const struct position start = g->ops->start(g);
    progress_begin(prog, "dtc");
    for (int inhand = first; inhand >= 0 && !rc; inhand--)
        for (int c = 0; c <= top && c <= g->ngoats - inhand && !rc; c++) {
            struct pair_index ix;
            if (pair_index_init(&ix, g->board, sm, g->ntigers, g->ngoats - inhand - c)) {
                rc = cli_error("stats: out of memory");
                break;
            }
            uint8_t *w = big_alloc(ix.size + 1);
            if (w)
                pair_index_orbit_sizes(&ix, w);
            else
                rc = cli_error("stats: out of memory");
            /* a placement layer has a table per side; the movement's, one for both */
            uint16_t *cls = NULL;
            for (int side = 0; side < 2 - (inhand == g->ngoats) && !rc; side++) {
                if (inhand || !cls) {
                    uint64_t n = inhand ? ix.size : 2 * ix.size;
                    int s = inhand ? side : -1;
                    tables_dtc_name(path, sizeof path, dir, g, inhand, c, s, limit);
                    struct tb_meta want = tables_dtc_meta(g, inhand, c, s, limit, n);
                    free(cls);
                    if (!(cls = tables_read(path, &want, err, sizeof err))) {
                        rc = cli_error("stats: %s", err);
                        break;
                    }
                }
                struct dtc_row *r = &st.rows[st.nrows++];
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
                    st.start_class = cls[pair_index_rank(&ix, start.men[1], start.men[0])];
                    g->ops->format(g, &start, st.start_fen, sizeof st.start_fen);
                }
                dtc_add_total(&st.total, r);
            }
            free(cls);
            free(w);
            pair_index_free(&ix);
            progress_update(prog, "layers", (uint64_t)++done, (uint64_t)nlayers);
        }
    progress_end(prog);
    if (!rc)
        for (int k = 0; k < out->n; k++) stats_dtc_print(out->f[k], out->format[k], &st);
    free(st.rows);
    free(sm);
    return rc;
}

/* Sixteen Soldiers' counting rule: a row per material (m, n) in solving order, each part of
 * a layer {m, n} as the plain statistics order them, from the DTC tables of that limit of
 * every material up to the most pieces for which the smallest-first run made any. */
static int stats_ss_dtc(const struct game *g, const char *dir, int limit, const struct outputs *out,
                        struct progress *prog)
{
    struct dtc_stats st = {.g = g, .limit = limit};
    struct ss_db db;
    char path[1024], err[600], rules[32];
    game_rules_name(g, rules, sizeof rules);
    memcpy(st.rules, rules, sizeof st.rules);
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
        return cli_error("stats: no table %s; make them with: guti solve sixteen --pieces N --dtc "
                         "--limit %d --rules %s --dir %s",
                         path, limit, rules, dir);
    }
    st.rows = calloc(SS_MAX_PIECES * SS_MAX_PIECES, sizeof *st.rows);
    if (!st.rows || ss_db_init(&db, g)) {
        free(st.rows);
        return cli_error("stats: out of memory");
    }
    st.total.max_win = st.total.max_loss = -1;
    int rc = 0, nmat = pieces * pieces / 4, done = 0; /* materials {m, n}, m >= n, m + n <= N */
    progress_begin(prog, "dtc");
    for (int t = 2; t <= pieces && !rc; t++)
        for (int m = t - 1; 2 * m >= t && !rc; m--) {
            int n = t - m;
            struct ss_layer l;
            if (ss_layer_init(&l, &db, m, n)) {
                rc = cli_error("stats: out of memory");
                break;
            }
            tables_dtc_name(path, sizeof path, dir, g, m, n, -1, limit);
            struct tb_meta want = tables_dtc_meta(g, m, n, -1, limit, l.size);
            uint16_t *cls =
                access(path, F_OK) == 0 ? tables_read(path, &want, err, sizeof err) : NULL;
            if (!cls) {
                if (access(path, F_OK) != 0)
                    rc = cli_error("stats: no table %s; make it with: guti solve sixteen --pieces "
                                   "%d --dtc --limit %d --rules %s --dir %s",
                                   path, pieces, limit, rules, dir);
                else
                    rc = cli_error("stats: %s", err);
                ss_layer_free(&l);
                break;
            }
            for (int p = 0; p < l.nparts && !rc; p++) {
                const struct ss_part *part = &l.part[p];
                struct dtc_row *r = &st.rows[st.nrows++];
                r->m = part->m;
                r->other = part->n;
                r->side = -1;
                r->max_win = r->max_loss = -1;
                uint8_t *w = malloc(part->ix.size + 1);
                if (!w) {
                    rc = cli_error("stats: out of memory");
                    break;
                }
                pair_index_orbit_sizes(&part->ix, w);
                uint64_t longest = dtc_tally_row(r, cls, 1, part->offset, part->ix.size, w);
                if (longest != UINT64_MAX) longest += part->offset;
                free(w);
                if (longest != UINT64_MAX) {
                    bits_t A, B;
                    ss_layer_position(&l, longest, &A, &B);
                    struct position pos = {.men = {A, B}, .side = 0};
                    g->ops->format(g, &pos, r->longest_fen, sizeof r->longest_fen);
                }
                dtc_add_total(&st.total, r);
            }
            free(cls);
            ss_layer_free(&l);
            progress_update(prog, "materials", (uint64_t)++done, (uint64_t)nmat);
        }
    progress_end(prog);
    ss_db_free(&db);
    if (!rc)
        for (int k = 0; k < out->n; k++) stats_ss_dtc_print(out->f[k], out->format[k], &st);
    free(st.rows);
    return rc;
}

/* The DTM histogram of the movement phase, from its DTM tables (every one must be there). */
static int stats_histogram(const struct game *g, const char *dir, const struct outputs *out,
                           struct progress *prog)
{
    struct symmap *sm = malloc(sizeof *sm);
    struct dtm_histogram h = {.g = g, .max_dtm = -1};
    h.n = calloc(RETRO_MAX_DTM + 1, sizeof *h.n);
    h.raw = calloc(RETRO_MAX_DTM + 1, sizeof *h.raw);
    int rc = 0, top = g->captures_to_win - 1;
    if (!sm || !h.n || !h.raw) rc = cli_error("stats: out of memory");
    if (!rc) symmap_init(sm, g->board);
    game_rules_name(g, h.rules, sizeof h.rules);
    progress_begin(prog, "histogram");
    for (int c = 0; c <= top && !rc; c++) {
        struct pair_index ix;
        if (pair_index_init(&ix, g->board, sm, g->ntigers, g->ngoats - c)) {
            rc = cli_error("stats: out of memory");
            break;
        }
        char path[1024], err[600], rules[32];
        tables_name(path, sizeof path, dir, g, 0, c, TB_DTM);
        uint64_t n = 2 * ix.size;
        struct tb_meta want = tables_meta(g, 0, c, TB_DTM, n);
        retro_code *codes = NULL;
        uint8_t *w = big_alloc(ix.size + 1);
        if (access(path, F_OK) != 0) {
            game_rules_name(g, rules, sizeof rules);
            rc = cli_error("stats: --histogram: no table %s; make it with: guti solve baghchal "
                           "--phase movement --rules %s --board %s --dir %s",
                           path, rules, g->board->name, dir);
        } else if (!w || !(codes = read_codes(path, &want, err, sizeof err))) {
            rc = cli_error("stats: %s", w ? err : "out of memory");
        } else {
            pair_index_orbit_sizes(&ix, w);
            for (uint64_t i = 0; i < n; i++) {
                int side = (int)(i & 1);
                retro_code code = codes[i];
                if (code == RETRO_DRAW) {
                    h.draws[side]++;
                    h.draws_raw[side] += w[i / 2];
                    continue;
                }
                int d = code_dtm(code);
                h.n[d][side]++;
                h.raw[d][side] += w[i / 2];
                if (d > h.max_dtm) h.max_dtm = d;
            }
        }
        free(codes);
        free(w);
        pair_index_free(&ix);
        progress_update(prog, "layers", (uint64_t)c + 1, (uint64_t)top + 1);
    }
    progress_end(prog);
    if (!rc)
        for (int k = 0; k < out->n; k++) stats_histogram_print(out->f[k], out->format[k], &h);
    free(h.n);
    free(h.raw);
    free(sm);
    return rc;
}

int cmd_stats(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *format_opt = NULL, *out_opt = NULL;
    bool reachable = false, dtc = false, histogram = false;
    int limit = 0;
    const struct cli_option opts[] = {
        CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION("dtc", CLI_FLAG, &dtc),
        CLI_OPTION("histogram", CLI_FLAG, &histogram),
        CLI_OPTION_INT("limit", &limit, 1, 30000),
        CLI_OPTION("rules", CLI_RULES, &o.rules),
        CLI_OPTION_INT("captures", &o.captures, 1, GAME_MAX_CAPTURE_GOAL),
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
    if ((rc = cli_fold_captures("stats", &o))) return rc;
    if (first < argc) return cli_usage_error("stats", "unexpected operand '%s'", argv[first]);
    const char *format = format_opt ? format_opt : o.json ? "json" : "md";
    if (strcmp(format, "md") && strcmp(format, "csv") && strcmp(format, "json"))
        return cli_usage_error("stats", "--format '%s', expected md, csv or json", format);
    if (out_opt && (format_opt || o.json))
        return cli_usage_error("stats", "--out writes every format; drop --format and --json");
    if ((rc = cli_threads("stats", o.threads))) return rc;
    const char *dir = tables_dir(dir_opt);
    if ((rc = cli_check_tables_dir("stats", dir))) return rc;
    struct game g;
    char err[400];
    if (tables_choose(dir, NULL, o.rules, o.board, &g, err, sizeof err))
        return cli_error("stats: %s", err);
    if (limit && !dtc) return cli_usage_error("stats", "--limit goes with --dtc");
    if (dtc && reachable)
        return cli_usage_error("stats", "--dtc: the counting rule's statistics are made over all "
                                        "positions only so far");
    if (histogram && (dtc || reachable))
        return cli_usage_error("stats", "--histogram goes with neither --dtc nor --reachable");
    if (histogram && g.ops != &baghchal_ops)
        return cli_usage_error("stats",
                               "--histogram is for baghchal's movement phase (%s holds "
                               "sixteen tables)",
                               dir);
    if (histogram) {
        struct outputs hout;
        if ((rc = outputs_open(&hout, format, out_opt))) return rc;
        struct progress hprog;
        progress_init(&hprog, o.quiet);
        return outputs_close(&hout, stats_histogram(&g, dir, &hout, &hprog));
    }
    if (dtc) {
        struct outputs dout;
        if ((rc = outputs_open(&dout, format, out_opt))) return rc;
        struct progress dprog;
        progress_init(&dprog, o.quiet);
        int L = limit ? limit : g.ops->clock_limit;
        rc = g.ops == &sixteen_ops ? stats_ss_dtc(&g, dir, L, &dout, &dprog)
                                   : stats_dtc(&g, dir, L, &dout, &dprog);
        return outputs_close(&dout, rc);
    }
    if (reachable && g.ops != &baghchal_ops)
        return cli_usage_error("stats", "--reachable is for baghchal (%s holds sixteen tables)",
                               dir);
    struct tables_set set;
    if (tables_expected(dir, &g, reachable ? TABLES_KIND(TB_REACH) : 0, &set))
        return cli_error("stats: out of memory");
    char name[80], list[600], make[2600];
    tables_game_name(&g, name, sizeof name);
    /* A missing WDL or REACH table leaves positions out: no statistics. A missing DTM table
     * only leaves its layer's longest wins out: statistics, said loudly. */
    unsigned kinds[3] = {TABLES_KIND(TB_WDL), TABLES_KIND(TB_REACH), TABLES_KIND(TB_DTM)};
    for (int k = 0; k < 3; k++) {
        int n = tables_missing(&set, kinds[k]);
        if (!n || (kinds[k] == TABLES_KIND(TB_REACH) && !reachable)) continue;
        /* with a WDL table, its DTM table if that is missing too: one command makes both */
        unsigned both = kinds[k] == TABLES_KIND(TB_WDL) ? kinds[k] | TABLES_KIND(TB_DTM) : kinds[k];
        n = tables_missing(&set, both);
        tables_missing_text(&set, both, 3, list, sizeof list);
        tables_make_command(&set, dir, both, make, sizeof make);
        bool one = n == 1;
        if (kinds[k] != TABLES_KIND(TB_DTM)) {
            rc = cli_error("stats: %s%d %stable%s of %s missing from %s: %s; make %s with: %s",
                           kinds[k] == TABLES_KIND(TB_REACH) ? "--reachable: " : "", n,
                           kinds[k] == TABLES_KIND(TB_REACH) ? "REACH " : "", one ? "" : "s", name,
                           dir, list, one ? "it" : "them", make);
            tables_set_free(&set);
            return rc;
        }
        fprintf(stderr,
                "guti: stats: warning: %d DTM table%s of %s missing from %s (%s): the statistics "
                "leave out the longest wins of %s%s; make %s with: %s\n",
                n, one ? "" : "s", name, dir, list, one ? "its layer" : "their layers",
                g.ops == &baghchal_ops
                    ? " (and of the goats' placement layers above, whose DTM comes from them)"
                    : "",
                one ? "it" : "them", make);
    }
    struct outputs out;
    if ((rc = outputs_open(&out, format, out_opt))) {
        tables_set_free(&set);
        return rc;
    }
    struct progress prog;
    progress_init(&prog, o.quiet);
    rc = g.ops == &sixteen_ops ? stats_sixteen(&g, &set, &out, &prog)
                               : stats_baghchal(&g, dir, &set, reachable, &out, &prog);
    tables_set_free(&set);
    return outputs_close(&out, rc);
}
