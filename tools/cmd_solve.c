/* guti solve: generates tablebases, layer by layer, resuming from finished layers. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "progress.h"
#include "notation.h"
#include "solve_place.h"
#include "solve_sixteen.h"
#include "tables.h"

static const char help[] =
    "usage: guti solve baghchal [--phase all|movement|placement] [--dtm] [--rules R]\n"
    "                  [--board B] [--dir DIR] [--threads N] [--quiet] [--json]\n"
    "       guti solve sixteen --pieces N [--rules R] [--dir DIR] [--threads N] [--quiet]\n"
    "                  [--json]\n"
    "\n"
    "Bagh-Chal: the movement phase (all goats placed) by retrograde analysis, one layer per\n"
    "number of goats captured, from the most captures down, with a WDL table and a DTM table\n"
    "per layer; then the placement phase, one pass per layer (goats in hand, captured, side\n"
    "to move) from the last placement back to the start, with a WDL table per layer\n"
    "(tablebase/FORMAT.md). Prints one line per layer: positions, wins/draws/losses for the\n"
    "side to move, (movement) the longest DTM, wall time, positions per second and the table\n"
    "sizes; then the peak memory; with --phase all, the value of the start position.\n"
    "\n"
    "  --phase P     all (default), movement, or placement (needs the movement tables)\n"
    "  --dtm         then a DTM table per placement layer too, from its WDL table and the\n"
    "                DTM of the layers it leads to (1 byte per position in memory for two\n"
    "                groups of layers: several GB on 5x5; the README has the figures)\n"
    "  --rules R     standard (default) or goat-pass (no-repeat depends on the history of\n"
    "                a game, not on its position, and has no tables)\n"
    "  --board B     5x5 (default), 4x4 or 3x3\n"
    "\n"
    "Sixteen Soldiers: every material m + n <= N (m, n >= 1 pieces for the side to move and\n"
    "the other), with a WDL and a DTM table per material {m, n} (both sides to move in one\n"
    "file), smallest material first.\n"
    "\n"
    "  --pieces N    the most pieces on the board, both sides together (2..12)\n"
    "  --rules R     optional (default: captures never compulsory) or forced\n"
    "\n"
    "Both games: each file is written under a temporary name and renamed when complete;\n"
    "tables already there and sound are read, not solved again, so an interrupted run\n"
    "resumes where it stopped.\n"
    "\n"
    "  --dir DIR     where the tables go (default $GUTI_TABLES, else ./tables); made if\n"
    "                missing\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       no progress on stderr\n"
    "  --json        the per-layer figures as one JSON object\n";

struct layer_report {
    int captured;
    uint64_t positions, win, draw, loss;
    int max_dtm;
    double seconds;
    uint64_t wdl_bytes, dtm_bytes;
    bool resumed;
};

static long peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

static void count(const retro_code *res, uint64_t n, struct layer_report *r)
{
    struct retro_tally t = retro_tally(res, n);
    r->win = t.win;
    r->draw = t.draw;
    r->loss = t.loss;
    r->max_dtm = t.max_dtm;
}

/* Loads a finished layer's codes from its DTM table, when both of its tables are sound. */
static int load_layer(const struct game *g, const char *dir, struct bc_layer *l, uint64_t n,
                      bool want_codes, struct layer_report *r)
{
    char path[1024], err[400];
    struct tb *t[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        enum tb_kind kind = k == 0 ? TB_DTM : TB_WDL;
        tables_name(path, sizeof path, dir, g, 0, l->captured, kind);
        struct tb_meta want = tables_meta(g, 0, l->captured, kind, n);
        if (access(path, F_OK) != 0 || tables_open(path, &want, &t[k], err, sizeof err) ||
            tb_verify(t[k], err, sizeof err)) {
            if (access(path, F_OK) == 0)
                fprintf(stderr, "guti: solve: %s; solving it again\n", err);
            tb_close(t[0]);
            tb_close(t[1]);
            return -1;
        }
    }
    struct tb_info info;
    tb_get_info(t[1], &info);
    r->wdl_bytes = info.bytes;
    tb_get_info(t[0], &info);
    r->dtm_bytes = info.bytes;
    int rc = 0;
    l->res = malloc(n * sizeof *l->res);
    if (!l->res || tb_read_all(t[0], l->res, err, sizeof err)) {
        fprintf(stderr, "guti: solve: %s\n", l->res ? err : "out of memory");
        free(l->res);
        l->res = NULL;
        rc = -1;
    } else {
        count(l->res, n, r);
        if (!want_codes) {
            free(l->res);
            l->res = NULL;
        }
    }
    tb_close(t[0]);
    tb_close(t[1]);
    return rc;
}

static int write_layer(const struct game *g, const char *dir, const struct bc_layer *l, uint64_t n,
                       struct layer_report *r)
{
    char path[1024], err[400];
    for (int k = 0; k < 2; k++) {
        enum tb_kind kind = k == 0 ? TB_WDL : TB_DTM;
        tables_name(path, sizeof path, dir, g, 0, l->captured, kind);
        struct tb_meta meta = tables_meta(g, 0, l->captured, kind, n);
        struct tb_write_stats st;
        if (tb_write(path, &meta, l->res, &st, err, sizeof err)) return cli_error("solve: %s", err);
        if (kind == TB_WDL)
            r->wdl_bytes = st.bytes;
        else
            r->dtm_bytes = st.bytes;
    }
    return 0;
}

/* The text report's lines: the header, then one per layer as soon as it is done (flushed,
 * so that a killed run's output still holds every finished layer). */
static void print_header(void)
{
    printf("%-6s %12s %12s %12s %12s %7s %8s %10s %8s %8s\n", "layer", "positions", "win", "draw",
           "loss", "maxdtm", "seconds", "pos/s", "wdl b/p", "dtm b/p");
    fflush(stdout);
}

static void print_layer(const struct layer_report *x)
{
    printf("h0-c%-3d %12llu %12llu %12llu %12llu %7d %8.2f %10.0f %8.3f %8.3f%s\n", x->captured,
           (unsigned long long)x->positions, (unsigned long long)x->win,
           (unsigned long long)x->draw, (unsigned long long)x->loss, x->max_dtm, x->seconds,
           x->resumed || x->seconds <= 0 ? 0 : x->positions / x->seconds,
           8.0 * x->wdl_bytes / x->positions, 8.0 * x->dtm_bytes / x->positions,
           x->resumed ? "  (already solved)" : "");
    fflush(stdout);
}

static void print_report(const struct layer_report *r, int nr, bool json, double total,
                         const struct game *g, const char *dir)
{
    uint64_t positions = 0, wdl = 0, dtm = 0;
    for (int k = 0; k < nr; k++) {
        positions += r[k].positions;
        wdl += r[k].wdl_bytes;
        dtm += r[k].dtm_bytes;
    }
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (json) {
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"dir\": ", g->ops->name,
               rules, g->board->name);
        json_str(stdout, dir);
        printf(", \"layers\": [");
        for (int k = 0; k < nr; k++)
            printf("%s{\"inhand\": 0, \"captured\": %d, \"positions\": %llu, \"win\": %llu, "
                   "\"draw\": %llu, \"loss\": %llu, \"max_dtm\": %d, \"seconds\": %.3f, "
                   "\"resumed\": %s, \"wdl_bytes\": %llu, \"dtm_bytes\": %llu}",
                   k ? ", " : "", r[k].captured, (unsigned long long)r[k].positions,
                   (unsigned long long)r[k].win, (unsigned long long)r[k].draw,
                   (unsigned long long)r[k].loss, r[k].max_dtm, r[k].seconds,
                   r[k].resumed ? "true" : "false", (unsigned long long)r[k].wdl_bytes,
                   (unsigned long long)r[k].dtm_bytes);
        printf("], \"positions\": %llu, \"seconds\": %.3f, \"peak_rss_mb\": %ld, \"wdl_bytes\": "
               "%llu, \"dtm_bytes\": %llu}\n",
               (unsigned long long)positions, total, peak_rss_mb(), (unsigned long long)wdl,
               (unsigned long long)dtm);
        return;
    }
    printf("total: %llu positions in %.2f s (%.0f positions/s), peak memory %ld MB, "
           "WDL %.1f MB, DTM %.1f MB\n",
           (unsigned long long)positions, total, total > 0 ? positions / total : 0, peak_rss_mb(),
           wdl / 1e6, dtm / 1e6);
}

int cmd_solve(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *phase_opt = NULL, *dir_opt = NULL;
    int pieces = 0;
    bool dtm = false;
    const struct cli_option opts[] = {
        CLI_OPTION("phase", CLI_TEXT, &phase_opt),      CLI_OPTION("dtm", CLI_FLAG, &dtm),
        CLI_OPTION_INT("pieces", &pieces, 2, 12),       CLI_OPTION("rules", CLI_RULES, &o.rules),
        CLI_OPTION("board", CLI_BOARD, &o.board),       CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION_INT("threads", &o.threads, 1, 1024), CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
        CLI_OPTION("json", CLI_FLAG, &o.json),          CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("solve", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("solve", "expected GAME, got %d operands", argc - first);
    o.game = argv[first];
    struct game g;
    if ((rc = cli_game(&o, NULL, &g))) return rc;
    if (g.ops == &sixteen_ops) {
        if (!pieces) return cli_usage_error("solve", "sixteen needs --pieces N (2..%d)", 12);
        if (dtm) return cli_usage_error("solve", "--dtm is for baghchal (sixteen always has DTM)");
        if (phase_opt) return cli_usage_error("solve", "--phase is for baghchal");
        if (o.board) return cli_usage_error("solve", "--board is for baghchal");
        const char *sdir = tables_dir(dir_opt);
        if (mkdir(sdir, 0777) && errno != EEXIST) return cli_error("solve: cannot make %s", sdir);
        if (o.threads) omp_set_num_threads(o.threads);
        struct progress sprog;
        progress_init(&sprog, o.quiet);
        rc = solve_sixteen(&g, sdir, pieces, &sprog, o.quiet, o.json);
        if (!rc && !o.json) printf("peak memory %ld MB\n", peak_rss_mb());
        return rc;
    }
    if (pieces) return cli_usage_error("solve", "--pieces is for sixteen");
    const char *phase = phase_opt ? phase_opt : "all";
    if (strcmp(phase, "all") && strcmp(phase, "movement") && strcmp(phase, "placement"))
        return cli_usage_error("solve", "--phase '%s', expected all, movement or placement", phase);
    if (dtm && !strcmp(phase, "movement"))
        return cli_usage_error("solve", "--dtm is for the placement phase (the movement phase "
                                        "always has DTM tables)");
    if (g.rules == BC_NO_REPEAT)
        return cli_usage_error("solve", "rules no-repeat depend on the history, not the position; "
                                        "solve standard or goat-pass");
    const char *dir = tables_dir(dir_opt);
    if (mkdir(dir, 0777) && errno != EEXIST) return cli_error("solve: cannot make %s", dir);
    if (o.threads) omp_set_num_threads(o.threads);

    struct progress prog;
    progress_init(&prog, o.quiet);
    struct symmap *sm = malloc(sizeof *sm);
    if (!sm) return cli_error("solve: out of memory");
    symmap_init(sm, g.board);
    struct bc_layer layers[TABLES_MAX_LAYERS];
    bool live[TABLES_MAX_LAYERS] = {false};
    struct layer_report rep[TABLES_MAX_LAYERS];
    memset(rep, 0, sizeof rep);
    int top = g.captures_to_win - 1, nr = 0;
    double t0 = omp_get_wtime();
    rc = 0;
    bool movement = strcmp(phase, "placement") != 0;
    if (movement && !o.json) print_header();
    for (int c = top; c >= 0 && !rc && movement; c--) {
        double tl = omp_get_wtime();
        struct layer_report *r = &rep[nr++];
        r->captured = c;
        if (bc_layer_init(&layers[c], &g, sm, c)) {
            rc = cli_error("solve: out of memory for the index of layer c%d", c);
            break;
        }
        live[c] = true;
        uint64_t n = 2 * layers[c].ix.size;
        r->positions = n;
        layers[c].next = c < top ? &layers[c + 1] : NULL;
        if (load_layer(&g, dir, &layers[c], n, c > 0, r) == 0) {
            r->resumed = true;
        } else {
            /* the layer above is needed: load it if it was resumed without its codes */
            if (c < top && !layers[c + 1].res &&
                load_layer(&g, dir, &layers[c + 1], 2 * layers[c + 1].ix.size, true,
                           &(struct layer_report){0})) {
                rc = cli_error("solve: cannot read layer c%d back", c + 1);
                break;
            }
            struct retro_layer R = bc_layer_retro(&layers[c]);
            char label[64];
            snprintf(label, sizeof label, "layer h0-c%d", c);
            progress_begin(&prog, label);
            R.progress = progress_update;
            R.progress_arg = &prog;
            layers[c].res = malloc(n * sizeof *layers[c].res);
            struct retro_stats st;
            if (!layers[c].res || retro_solve(&R, layers[c].res, &st)) {
                progress_end(&prog);
                rc = cli_error("solve: out of memory solving layer c%d", c);
                break;
            }
            progress_end(&prog);
            count(layers[c].res, n, r);
            if (write_layer(&g, dir, &layers[c], n, r)) {
                rc = EXIT_BAD;
                break;
            }
        }
        r->seconds = omp_get_wtime() - tl;
        if (!o.json) print_layer(r);
        if (c < top) {
            bc_layer_free(&layers[c + 1]);
            live[c + 1] = false;
        }
        if (!o.quiet && !o.json && isatty(STDERR_FILENO)) /* progress: only for a person */
            fprintf(stderr, "guti: solve: layer h0-c%d %s in %.2f s\n", c,
                    r->resumed ? "already solved" : "solved", r->seconds);
    }
    for (int c = 0; c <= top; c++)
        if (live[c]) bc_layer_free(&layers[c]);
    free(sm);
    if (rc) return rc;
    if (movement) print_report(rep, nr, o.json, omp_get_wtime() - t0, &g, dir);
    if (!strcmp(phase, "movement")) return 0;
    if ((rc = solve_placement(&g, dir, &prog, o.quiet || o.json, false))) return rc;
    if (dtm && (rc = solve_placement(&g, dir, &prog, o.quiet || o.json, true))) return rc;
    if (!o.json) printf("peak memory %ld MB, %.1f s in all\n", peak_rss_mb(), omp_get_wtime() - t0);
    if (!strcmp(phase, "all")) {
        struct prober p;
        prober_init(&p, &g, dir);
        struct position start = g.ops->start(&g);
        retro_code code;
        bool known;
        char fen[128], err[400];
        g.ops->format(&g, &start, fen, sizeof fen);
        rc = prober_probe(&p, &start, &code, &known, err, sizeof err);
        if (rc)
            rc = cli_error("solve: %s", err);
        else if (!o.json)
            printf("start %s: %s for the %s to move\n", fen,
                   code == RETRO_DRAW ? "draw"
                   : code_win(code)   ? "win"
                                      : "loss",
                   g.ops->side_name[0]);
        prober_free(&p);
    }
    return rc;
}
