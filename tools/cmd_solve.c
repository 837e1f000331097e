/* guti solve: generates a game's tablebases, layer by layer, resuming from finished layers.
 * The passes are the library's (solve.h); this file parses the options and prints. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "notation.h"
#include "progress.h"
#include "solve.h"
#include "tables.h"

static const char help[] =
    "usage: guti solve GAME [--phase P] [--dtm] [--dtc [--limit L]] [--pieces N]\n"
    "                  [--memory GB [--checkpoint S]] [--rules R] [--captures K] [--board B]\n"
    "                  [--dir DIR] [--threads N] [--quiet] [--json]\n"
    "       guti solve GAME --pieces N --plan [--rules R] [--json]\n"
    "\n"
    "Solves a game's layers into tables (tablebase/FORMAT.md), in the order the game lists\n"
    "them. Its cyclic layers (a movement phase, endgames: a move may stay in the layer) get\n"
    "a WDL and a DTM table each, by retrograde analysis, from the layers their moves lead\n"
    "to; then its acyclic layers (a placement phase: every move leaves the layer) a WDL\n"
    "table each, from the last back to the first. Prints a line per layer (positions,\n"
    "wins/draws/losses for the side to move, the longest DTM, wall time, positions per\n"
    "second, the tables' bits per position), each pass's totals, the peak memory, and, when\n"
    "the start's layer was solved, the start's value. Each file is written under a\n"
    "temporary name and renamed when complete; tables already there and sound are read, not\n"
    "solved again, so an interrupted run resumes where it stopped.\n"
    "\n"
    "  GAME          {games}\n"
    "  --phase P     {phases}\n"
    "                (one kind of the game's layers by its name, or both: the acyclic\n"
    "                ones need the cyclic ones' tables)\n"
    "  --dtm         then a DTM table per acyclic layer too, from its WDL table and the DTM\n"
    "                of the layers it leads to (a byte per position in memory for two\n"
    "                groups of layers: several GB on Bagh-Chal's 5x5; docs/performance.md);\n"
    "                a layer whose DTM is its successors' is made on the way, not stored\n"
    "  --dtc         then the counting rule's tables: per layer, each position's class at\n"
    "                clock 0 (win, cursed win, draw, blessed loss, loss) and its DTC, from\n"
    "                its DTM table (cyclic) or its WDL table and the classes of the layers\n"
    "                it leads to (acyclic): DIR/...-L100.dtc\n"
    "  --limit L     the counting rule's limit in half-moves (1..30000; default: the game's,\n"
    "                {clocks})\n"
    "  --pieces N    the layers of at most N men on the board; a game solved as endgames\n"
    "                ({pieces}) needs it\n"
    "  --memory GB   hold only the layer being solved and those its moves lead to (read back\n"
    "                from DIR), within GB (10^9 bytes): a layer the engine may not solve\n"
    "                within GB, its level buckets at their fullest counted, is solved by its\n"
    "                compact mode (2 bytes a position, slower; the same tables); an error\n"
    "                before anything is solved when even that does not fit, saying how much\n"
    "                it needs (games that can say what a layer needs: {titles-need}), or\n"
    "                before a layer whose solved children, held, leave too little (codes\n"
    "                past a byte where the plan counted a byte)\n"
    "  --checkpoint S  with --memory: a layer solved by the compact mode is saved midway\n"
    "                every S seconds (default 1800; 0: after every level) into\n"
    "                DIR/NAME.dtm.ckpt, and a run stopped midway takes it up from there\n"
    "  --plan        solve nothing: each cyclic layer in solving order with its positions,\n"
    "                the memory the engine needs to solve it, the memory of the layers its\n"
    "                moves lead to and of all those the solve keeps meanwhile, and the layers\n"
    "                it reads; then the totals\n"
    "  --rules R     {table-rules}\n"
    "  --captures K  {capture-games}: the hunters win with K captures rather than the\n"
    "                board's own; the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --board B     {boards}\n"
    "  --dir DIR     where the tables go (default $GUTI_TABLES, else ./tables); made if\n"
    "                missing\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       no progress on stderr, and no line per acyclic layer\n"
    "  --json        one JSON object: each pass with its layers and totals, the start\n";

/* What the hooks print from. */
struct out {
    struct progress prog; /* first: the task hooks take the struct as its progress */
    const struct game *g;
    bool quiet, json;
    int limit;
    int npasses;      /* JSON: the passes begun */
    int nlayers;      /* JSON: the layers of the pass printed */
    double dtc_start; /* when the first counting rule's pass began, or 0 */
};

static long peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

static void notice(void *arg, const char *msg)
{
    (void)arg;
    fprintf(stderr, "guti: solve: %s\n", msg);
}

static bool is_dtc(int pass)
{
    return pass == SOLVE_CYCLIC_DTC || pass == SOLVE_ACYCLIC_DTC;
}

static bool is_cyclic(int pass)
{
    return pass == SOLVE_CYCLIC || pass == SOLVE_CYCLIC_DTC;
}

/* The pass's name: its layers' kind as the game names it, and what it makes. */
static void pass_name(const struct out *o, int pass, char *buf, size_t len)
{
    const char *kind = solve_kind_name(o->g, is_cyclic(pass) ? LAYER_CYCLIC : LAYER_ACYCLIC);
    snprintf(buf, len, "%s%s", kind,
             pass == SOLVE_ACYCLIC_DTM ? " DTM"
             : is_dtc(pass)            ? " DTC"
                                       : "");
}

/* A layer's label in a row: the game's (game_layers.label), else its tables' name. */
static void layer_label(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    const struct game_layers *gl = g->ops->layers;
    (gl->label ? gl->label : gl->name)(g, k, buf, len);
}

static void pass_begin(void *arg, int pass)
{
    struct out *o = arg;
    if (is_dtc(pass) && !o->dtc_start) o->dtc_start = omp_get_wtime();
    char name[64];
    pass_name(o, pass, name, sizeof name);
    if (o->json) {
        printf("%s{\"pass\": \"%s\", ", o->npasses++ ? ", " : "", name);
        if (is_dtc(pass)) printf("\"limit\": %d, ", o->limit);
        printf("\"layers\": [");
        o->nlayers = 0;
    } else if (pass == SOLVE_CYCLIC) {
        printf("%-8s %12s %12s %12s %12s %7s %8s %10s %8s %8s\n", "layer", "positions", "win",
               "draw", "loss", "maxdtm", "seconds", "pos/s", "wdl b/p", "dtm b/p");
    } else if (is_dtc(pass)) {
        printf("%-8s %12s %12s %12s %12s %12s %12s %7s %7s %8s %8s\n", "dtc", "positions", "win",
               "cursed", "draw", "blessed", "loss", "maxwin", "maxloss", "seconds", "dtc b/p");
    } else if (!o->quiet && pass == SOLVE_ACYCLIC) {
        printf("%-8s %12s %12s %12s %12s %8s %10s %8s\n", "layer", "positions", "win", "draw",
               "loss", "seconds", "pos/s", "wdl b/p");
    } else if (!o->quiet) {
        printf("%-8s %12s %12s %12s %12s %7s %7s %8s %10s %8s\n", "layer", "positions", "win",
               "draw", "loss", "maxwin", "maxloss", "seconds", "pos/s", "dtm b/p");
    }
    fflush(stdout);
}

/* A layer's figures as a member of its pass's JSON array. */
static void layer_json(struct out *o, const struct solve_layer *x)
{
    char name[64];
    o->g->ops->layers->name(o->g, &x->key, name, sizeof name);
    printf("%s{\"layer\": \"%s\", \"positions\": %llu, \"win\": %llu, ", o->nlayers++ ? ", " : "",
           name, (unsigned long long)x->positions, (unsigned long long)x->win);
    if (is_dtc(x->pass))
        printf("\"cursed_win\": %llu, \"draw\": %llu, \"blessed_loss\": %llu, \"loss\": %llu, "
               "\"max_dtc_win\": %d, \"max_dtc_loss\": %d, ",
               (unsigned long long)x->cursed_win, (unsigned long long)x->draw,
               (unsigned long long)x->blessed_loss, (unsigned long long)x->loss, x->max_dtc_win,
               x->max_dtc_loss);
    else
        printf("\"draw\": %llu, \"loss\": %llu, ", (unsigned long long)x->draw,
               (unsigned long long)x->loss);
    if (x->pass == SOLVE_CYCLIC) printf("\"max_dtm\": %d, ", x->max_dtm);
    if (x->pass == SOLVE_ACYCLIC_DTM)
        printf("\"max_win\": %d, \"max_loss\": %d, ", x->max_win, x->max_loss);
    printf("\"seconds\": %.3f, \"resumed\": %s, ", x->seconds, x->resumed ? "true" : "false");
    if (x->pass == SOLVE_CYCLIC)
        printf("\"engine\": \"%s\", \"wdl_bytes\": %llu, \"dtm_bytes\": %llu}",
               x->compact ? "compact" : "default", (unsigned long long)x->wdl_bytes,
               (unsigned long long)x->dtm_bytes);
    else if (x->pass == SOLVE_ACYCLIC)
        printf("\"wdl_bytes\": %llu}", (unsigned long long)x->wdl_bytes);
    else if (x->pass == SOLVE_ACYCLIC_DTM)
        printf("\"dtm_bytes\": %llu}", (unsigned long long)x->dtm_bytes);
    else
        printf("\"dtc_bytes\": %llu}", (unsigned long long)x->dtc_bytes);
}

/* A layer's row: positions, values, the longest DTM or DTC, time, speed, bits a position. */
static void layer_row(const struct out *o, const struct solve_layer *x)
{
    char label[64];
    layer_label(o->g, &x->key, label, sizeof label);
    unsigned long long n = x->positions;
    double secs = x->seconds, rate = x->resumed || secs <= 0 ? 0 : n / secs;
    printf("%-8s %12llu %12llu ", label, n, (unsigned long long)x->win);
    if (is_dtc(x->pass))
        printf("%12llu %12llu %12llu %12llu %7d %7d %8.2f %8.3f", (unsigned long long)x->cursed_win,
               (unsigned long long)x->draw, (unsigned long long)x->blessed_loss,
               (unsigned long long)x->loss, x->max_dtc_win, x->max_dtc_loss, secs,
               n ? 8.0 * x->dtc_bytes / n : 0);
    else if (x->pass == SOLVE_CYCLIC)
        printf("%12llu %12llu %7d %8.2f %10.0f %8.3f %8.3f", (unsigned long long)x->draw,
               (unsigned long long)x->loss, x->max_dtm, secs, rate, n ? 8.0 * x->wdl_bytes / n : 0,
               n ? 8.0 * x->dtm_bytes / n : 0);
    else if (x->pass == SOLVE_ACYCLIC)
        printf("%12llu %12llu %8.2f %10.0f %8.3f", (unsigned long long)x->draw,
               (unsigned long long)x->loss, secs, rate, n ? 8.0 * x->wdl_bytes / n : 0);
    else
        printf("%12llu %12llu %7d %7d %8.2f %10.0f %8.3f", (unsigned long long)x->draw,
               (unsigned long long)x->loss, x->max_win, x->max_loss, secs, rate,
               n ? 8.0 * x->dtm_bytes / n : 0);
    printf("%s\n", x->resumed
                       ? (is_dtc(x->pass) || x->pass == SOLVE_ACYCLIC_DTM ? "  (already made)"
                                                                          : "  (already solved)")
                   : x->compact ? "  (compact engine)"
                                : "");
}

/* The text rows as soon as a layer is done (flushed, so that a killed run's output still
 * holds every finished layer), or the JSON array's members. */
static void layer(void *arg, const struct solve_layer *x)
{
    struct out *o = arg;
    if (o->json)
        layer_json(o, x);
    else
        layer_row(o, x);
    fflush(stdout);
    if (x->pass == SOLVE_CYCLIC && !o->quiet && !o->json && isatty(STDERR_FILENO)) {
        char title[64]; /* progress: only for a person */
        o->g->ops->layers->title(o->g, &x->key, title, sizeof title);
        fprintf(stderr, "guti: solve: %s %s in %.2f s\n", title,
                x->resumed ? "already solved" : "solved", x->seconds);
    }
}

static void pass_end_json(const struct solve_pass *r)
{
    printf("], \"positions\": %llu, \"solved\": %llu, \"seconds\": %.3f, \"wdl_bytes\": %llu, "
           "\"dtm_bytes\": %llu}",
           (unsigned long long)r->positions, (unsigned long long)r->solved, r->seconds,
           (unsigned long long)r->wdl_bytes, (unsigned long long)r->dtm_bytes);
}

static void pass_end(void *arg, const struct solve_pass *r)
{
    struct out *o = arg;
    char name[64];
    pass_name(o, r->pass, name, sizeof name);
    if (o->json) {
        if (r->skipped) /* pass_begin was not called */
            printf("%s{\"pass\": \"%s\", \"skipped\": true}", o->npasses++ ? ", " : "", name);
        else
            pass_end_json(r);
    } else if (r->skipped) {
        printf("%s: every layer's %s table is already there (guti verify checks them)\n",
               solve_kind_name(o->g, is_cyclic(r->pass) ? LAYER_CYCLIC : LAYER_ACYCLIC),
               is_dtc(r->pass)                ? "DTC"
               : r->pass == SOLVE_ACYCLIC_DTM ? "DTM"
                                              : "WDL");
    } else if (r->pass == SOLVE_CYCLIC) {
        printf("total: %llu positions in %.2f s (%.0f positions/s), WDL %.1f MB, DTM %.1f MB\n",
               (unsigned long long)r->positions, r->seconds,
               r->seconds > 0 ? r->positions / r->seconds : 0, r->wdl_bytes / 1e6,
               r->dtm_bytes / 1e6);
    } else if (!is_dtc(r->pass)) {
        bool dtm = r->pass == SOLVE_ACYCLIC_DTM;
        uint64_t bytes = r->wdl_bytes + r->dtm_bytes;
        printf("%s: %llu positions (%llu solved now in %.1f s, %.0f positions/s), %s %.1f MB "
               "(%.3f bits/position)\n",
               solve_kind_name(o->g, LAYER_ACYCLIC), (unsigned long long)r->positions,
               (unsigned long long)r->solved, r->solved_seconds,
               r->solved_seconds > 0 ? r->solved / r->solved_seconds : 0, dtm ? "DTM" : "WDL",
               bytes / 1e6, r->positions ? 8.0 * bytes / r->positions : 0);
    }
    fflush(stdout);
}

/* What cmd_solve read from its command line. */
struct solve_opts {
    struct game_opts o;
    const char *phase_opt, *dir_opt, *memory_opt;
    int pieces, limit, checkpoint;
    bool dtm, dtc, plan;
};

/* The --plan's figures: a row or a JSON object per cyclic layer, then the totals. */
static void plan_row(const struct game *g, const struct solve_plan_layer *q, bool json, bool first)
{
    char label[64];
    (json ? g->ops->layers->name : layer_label)(g, &q->k, label, sizeof label);
    const struct layer_need *w = &q->need;
    if (json)
        printf("%s{\"layer\": \"%s\", \"positions\": %llu, \"solve_bytes\": %llu, "
               "\"bucket_bytes\": %llu, \"compact_bytes\": %llu, \"exit_bytes\": %llu, "
               "\"kept_bytes\": %llu, \"reads\": [",
               first ? "" : ", ", label, (unsigned long long)w->positions,
               (unsigned long long)w->solve, (unsigned long long)w->buckets,
               (unsigned long long)w->compact, (unsigned long long)w->exits,
               (unsigned long long)q->kept_bytes);
    else
        printf("%-8s %15llu %9.2f %9.2f %10.2f %9.2f %9.2f  ", label,
               (unsigned long long)w->positions, w->solve / 1e9, w->buckets / 1e9, w->compact / 1e9,
               w->exits / 1e9, q->kept_bytes / 1e9);
    for (int d = 0; d < q->nreads; d++) {
        (json ? g->ops->layers->name : layer_label)(g, &q->reads[d], label, sizeof label);
        printf(json ? "%s\"%s\"" : "%s%s", d ? (json ? ", " : " ") : "", label);
    }
    printf(json ? "]}" : q->nreads ? "\n" : "-\n");
}

static int plan(const struct game *g, int pieces, bool json)
{
    char err[300];
    int count = solve_plan(g, pieces, NULL, 0, err, sizeof err);
    if (count < 0) return cli_error("solve: --plan: %s", err);
    struct solve_plan_layer *p = calloc((size_t)count + 1, sizeof *p);
    if (!p) return cli_error("solve: --plan: out of memory");
    solve_plan(g, pieces, p, count, err, sizeof err);
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    uint64_t total = 0, least = 0, peak = 0, peak_exits = 0, bound = 0;
    if (json)
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"pieces\": %d, \"layers\": [", g->ops->name,
               rules, pieces);
    else
        printf("%-8s %15s %9s %9s %10s %9s %9s  %s\n", "layer", "positions", "solve GB",
               "+ at most", "compact GB", "exits GB", "kept GB", "reads");
    for (int k = 0; k < count; k++) {
        const struct layer_need *w = &p[k].need;
        total += w->positions;
        uint64_t most = w->solve + w->buckets;
        if (w->solve + p[k].kept_bytes > least) least = w->solve + p[k].kept_bytes;
        if (most + p[k].kept_bytes > peak) peak = most + p[k].kept_bytes;
        if (most + w->exits > peak_exits) peak_exits = most + w->exits;
        if (w->compact + w->exits > bound) bound = w->compact + w->exits;
        plan_row(g, &p[k], json, k == 0);
    }
    free(p);
    if (json)
        printf("], \"positions\": %llu, \"peak_bytes_least\": %llu, \"peak_bytes\": %llu, "
               "\"peak_bytes_exits_only\": %llu, \"least_memory_bound\": %llu}\n",
               (unsigned long long)total, (unsigned long long)least, (unsigned long long)peak,
               (unsigned long long)peak_exits, (unsigned long long)bound);
    else
        printf("total: %d layers, %llu positions; peak memory %.2f to %.2f GB as solve keeps "
               "the smaller layers, at most %.2f GB keeping only each one's exits; the least "
               "--memory bound %.2f GB (the compact engine)\n",
               count, (unsigned long long)total, least / 1e9, peak / 1e9, peak_exits / 1e9,
               bound / 1e9);
    return 0;
}

/* The start's value from the tables just made, and under the counting rule's with --dtc. */
static int report_start(const struct game *g, const struct solve_opts *so, const char *dir)
{
    struct prober p;
    char err[1200];
    prober_init(&p, g, dir);
    struct position start = g->ops->start(g);
    retro_code code;
    bool known;
    char fen[128];
    g->ops->format(g, &start, fen, sizeof fen);
    int rc = prober_probe(&p, &start, &code, &known, err, sizeof err);
    const char *value = code == RETRO_DRAW ? "draw" : code_win(code) ? "win" : "loss";
    uint16_t cls = 0;
    p.limit = so->limit ? so->limit : g->ops->clock_limit;
    if (!rc && so->dtc) rc = prober_probe_class(&p, &start, &cls, err, sizeof err);
    prober_free(&p);
    if (rc) return cli_error("solve: %s", err);
    if (so->o.json) {
        printf(", \"start\": {\"position\": ");
        json_str(stdout, fen);
        printf(", \"value\": \"%s\", \"side\": \"%s\"", value, g->ops->side_name[start.side]);
        if (so->dtc) printf(", \"class\": \"%s\", \"limit\": %d", class_word(cls), p.limit);
        printf("}");
        return 0;
    }
    printf("start %s: %s for the %s to move\n", fen, value, g->ops->side_name[start.side]);
    if (so->dtc) printf("start under the %d half-move rule: %s\n", p.limit, class_word(cls));
    return 0;
}

/* The options as the library takes them, checked against the game. */
static int read_options(const struct game *g, const struct solve_opts *so,
                        struct solve_options *opt)
{
    const char *phase = so->phase_opt ? so->phase_opt : "all";
    opt->cyclic_only = !strcmp(phase, solve_kind_name(g, LAYER_CYCLIC));
    opt->acyclic_only = !strcmp(phase, solve_kind_name(g, LAYER_ACYCLIC));
    int cyclic = solve_has_kind(g, LAYER_CYCLIC), acyclic = solve_has_kind(g, LAYER_ACYCLIC);
    if (cyclic < 0 || acyclic < 0) return cli_error("solve: out of memory");
    bool both = cyclic && acyclic;
    if (so->phase_opt && !both) /* solve_check_options says why */
        opt->cyclic_only = true;
    else if (strcmp(phase, "all") && !opt->cyclic_only && !opt->acyclic_only)
        return cli_usage_error("solve", "--phase '%s', expected all, %s or %s", phase,
                               solve_kind_name(g, LAYER_CYCLIC), solve_kind_name(g, LAYER_ACYCLIC));
    opt->acyclic_dtm = so->dtm;
    opt->pieces = so->pieces;
    if (so->dtc) opt->dtc_limit = so->limit ? so->limit : g->ops->clock_limit;
    if (so->memory_opt) {
        char *end;
        double gb = strtod(so->memory_opt, &end);
        if (end == so->memory_opt || *end || !(gb > 0) || gb > 1e6)
            return cli_usage_error("solve", "--memory: expected gigabytes above 0, got '%s'",
                                   so->memory_opt);
        if (so->dtc)
            return cli_usage_error("solve", "--memory bounds the solve; --dtc holds every "
                                            "layer's classes: run it on its own");
        opt->memory = (uint64_t)(gb * 1e9);
    }
    if (so->checkpoint >= 0 && !so->memory_opt)
        return cli_usage_error("solve", "--checkpoint goes with --memory (only the compact "
                                        "engine saves its solve midway)");
    if (g->no_repeat)
        return cli_usage_error("solve",
                               "rules %s depend on the history, not the position, and "
                               "have no tables",
                               "no-repeat");
    char err[300];
    if (solve_check_options(g, opt, err, sizeof err)) return cli_usage_error("solve", "%s", err);
    return 0;
}

static int run_solve(const struct game *g, const struct solve_opts *so,
                     const struct solve_options *opt)
{
    const struct game_opts *o = &so->o;
    const char *dir = tables_dir(so->dir_opt);
    char err[1200];
    int rc;
    if (solve_check_memory(g, opt, err, sizeof err)) /* before anything is made */
        return cli_error("solve: --memory %s: %s", so->memory_opt, err);
    if (mkdir(dir, 0777) && errno != EEXIST)
        return cli_error("solve: cannot make %s: %s", dir, strerror(errno));
    if ((rc = cli_threads("solve", o->threads))) return rc;
    struct out out = {.g = g, .quiet = o->quiet, .json = o->json, .limit = opt->dtc_limit};
    progress_init(&out.prog, o->quiet);
    struct solve_hooks h = {.store = {.dir = dir},
                            .task_begin = progress_begin_hook,
                            .task_progress = progress_update,
                            .task_end = progress_end_hook,
                            .notice = notice,
                            .pass_begin = pass_begin,
                            .pass_end = pass_end,
                            .layer = layer,
                            .layer_passes = SOLVE_CYCLIC | SOLVE_CYCLIC_DTC | SOLVE_ACYCLIC_DTC,
                            .arg = &out,
                            .checkpoint_seconds = cli_checkpoint_seconds(so->checkpoint)};
    /* the acyclic layers' counts cost a pass over their values: only when they are shown */
    if (!o->quiet) h.layer_passes |= SOLVE_ACYCLIC | SOLVE_ACYCLIC_DTM;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (o->json) {
        printf("{\"game\": \"%s\", \"rules\": \"%s\", ", g->ops->name, rules);
        if (g->ops->layers->board_in_names) printf("\"board\": \"%s\", ", g->board->name);
        if (opt->pieces) printf("\"pieces\": %d, ", opt->pieces);
        printf("\"dir\": ");
        json_str(stdout, dir);
        printf(", \"passes\": [");
    }
    double t0 = omp_get_wtime();
    rc = solve_game(g, opt, &h, err, sizeof err);
    if (o->json && rc) printf("]}\n");
    if (rc) return cli_error("solve: %s", err);
    double secs = omp_get_wtime() - t0;
    if (o->json)
        printf("], \"seconds\": %.3f, \"peak_rss_mb\": %ld", secs, peak_rss_mb());
    else if (opt->dtc_limit)
        printf("counting rule, limit %d: %.2f s\n", opt->dtc_limit,
               omp_get_wtime() - out.dtc_start);
    if (!o->json) printf("peak memory %ld MB, %.1f s in all\n", peak_rss_mb(), secs);
    if (solve_covers_start(g, opt)) rc = report_start(g, so, dir);
    if (o->json) printf("}\n");
    return rc;
}

int cmd_solve(int argc, char **argv)
{
    struct solve_opts so = {.checkpoint = -1};
    struct game_opts *o = &so.o;
    const struct cli_option opts[] = {
        CLI_OPTION("plan", CLI_FLAG, &so.plan),
        CLI_OPTION("memory", CLI_TEXT, &so.memory_opt),
        CLI_OPTION_INT("checkpoint", &so.checkpoint, 0, 1000000),
        CLI_OPTION("phase", CLI_TEXT, &so.phase_opt),
        CLI_OPTION("dtm", CLI_FLAG, &so.dtm),
        CLI_OPTION_INT("pieces", &so.pieces, 2, 1000),
        CLI_OPTION("rules", CLI_RULES, &o->rules),
        CLI_OPTION("board", CLI_BOARD, &o->board),
        CLI_OPTION("dir", CLI_TEXT, &so.dir_opt),
        CLI_OPTION_INT("threads", &o->threads, 1, 1024),
        CLI_OPTION("quiet", CLI_FLAG, &o->quiet),
        CLI_OPTION("json", CLI_FLAG, &o->json),
        CLI_OPTION("dtc", CLI_FLAG, &so.dtc),
        CLI_OPTION_INT("limit", &so.limit, 1, 30000),
        CLI_OPTION_INT("captures", &o->captures, 1, GAME_MAX_CAPTURE_GOAL),
        CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("solve", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("solve", "expected GAME, got %d operands", argc - first);
    o->game = argv[first];
    struct game g;
    if ((rc = cli_fold_captures("solve", o)) || (rc = cli_game(o, NULL, &g))) return rc;
    if (so.limit && !so.dtc) return cli_usage_error("solve", "--limit goes with --dtc");
    if (so.dtc && !so.limit && !g.ops->clock_limit)
        return cli_usage_error("solve", "--dtc: %s has no counting rule: name one, --limit L",
                               g.ops->name);
    if (!g.ops->layers) return cli_usage_error("solve", "%s has no tables", g.ops->name);
    if (so.plan) {
        if (so.dtc || so.dtm || so.phase_opt || so.dir_opt || o->threads || o->quiet ||
            so.memory_opt || so.checkpoint >= 0)
            return cli_usage_error("solve", "--plan solves nothing: it takes --pieces, "
                                            "--rules and --json alone");
        return plan(&g, so.pieces, o->json);
    }
    struct solve_options opt = {0};
    if ((rc = read_options(&g, &so, &opt))) return rc;
    return run_solve(&g, &so, &opt);
}
