/* guti solve: generates tablebases, layer by layer, resuming from finished layers. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bc_solve.h"
#include "cli_game.h"
#include "progress.h"
#include "notation.h"
#include "ss_solve.h"
#include "tables.h"
#include "sixteen.h"

static const char help[] =
    "usage: guti solve baghchal [--phase all|movement|placement] [--dtm] [--dtc [--limit L]]\n"
    "                  [--rules R] [--captures K] [--board B] [--dir DIR] [--threads N]\n"
    "                  [--quiet] [--json]\n"
    "       guti solve sixteen --pieces N [--memory GB [--checkpoint S] | --dtc [--limit L]]\n"
    "                  [--rules R] [--dir DIR] [--threads N] [--quiet] [--json]\n"
    "       guti solve sixteen --pieces N --plan [--json]\n"
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
    "  --dtc         then the counting rule's tables: per layer, each position's class at\n"
    "                clock 0 (win, cursed win, draw, blessed loss, loss) and its DTC; the\n"
    "                movement phase's from its DTM tables (DIR/...-h0-c4-L100.dtc), then,\n"
    "                unless --phase movement, the placement's from its WDL tables and the\n"
    "                movement's classes (DIR/...-h5-c1-t-L100.dtc); with --json, a second\n"
    "                object\n"
    "  --limit L     the counting rule's limit in half-moves (default 100; 1..30000)\n"
    "  --dtm         then a DTM table per tigers-to-move placement layer too, from its WDL\n"
    "                table and the DTM of the layers it leads to (1 byte per position in\n"
    "                memory for two groups of layers: several GB on 5x5; docs/performance.md\n"
    "                has the figures); a goats-to-move position's DTM is its placements',\n"
    "                so the goats' layers are made on the way but not stored\n"
    "  --board B     5x5 (default), 4x4 or 3x3\n"
    "\n"
    "Sixteen Soldiers: every material m + n <= N (m, n >= 1 pieces for the side to move and\n"
    "the other), with a WDL and a DTM table per material {m, n} (both sides to move in one\n"
    "file), smallest material first.\n"
    "\n"
    "  --pieces N    the most pieces on the board, both sides together (2..12; --plan: 2..32)\n"
    "  --memory GB   hold only the material being solved and those its captures read\n"
    "                (read back from DIR), not every smaller material, within GB (10^9\n"
    "                bytes): a material the engine may not solve within GB, its level\n"
    "                buckets at their fullest counted, is solved by its compact mode (2\n"
    "                bytes a position, slower; the same tables); an error before anything\n"
    "                is solved when even that does not fit, saying how much it needs\n"
    "  --checkpoint S  with --memory: a material solved by the compact mode is saved\n"
    "                midway every S seconds (default 1800; 0: after every level) into\n"
    "                DIR/NAME.dtm.ckpt, and a run stopped midway takes it up from there\n"
    "  --plan        solve nothing: each material in solving order with its positions (by\n"
    "                Burnside's lemma), the memory the engine needs to solve it, the\n"
    "                memory of the materials its captures read and of all those the solve\n"
    "                keeps meanwhile, and the materials it reads; then the totals\n"
    "  --dtc         then the counting rule's tables: per material, each position's class\n"
    "                at clock 0 and its DTC, from the DTM tables (DIR/...-m3-n2-L80.dtc);\n"
    "                with --json, a second object\n"
    "  --limit L     the counting rule's limit in half-moves (default 80; 1..30000)\n"
    "\n"
    "Both games: each file is written under a temporary name and renamed when complete;\n"
    "tables already there and sound are read, not solved again, so an interrupted run\n"
    "resumes where it stopped.\n"
    "\n"
    "  --rules R     baghchal: standard (default) or goat-pass (no-repeat depends on the\n"
    "                history of a game, not on its position, and has no tables); sixteen:\n"
    "                optional (default: captures never compulsory) or forced\n"
    "  --captures K  baghchal: the tigers win with K captures (1 to 8) rather than 5 (4x4:\n"
    "                3, 3x3: 1): the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --dir DIR     where the tables go (default $GUTI_TABLES, else ./tables); made if\n"
    "                missing\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       no progress on stderr\n"
    "  --json        the per-layer figures as one JSON object\n";

/* What the hooks print from: the options, the movement layers kept for the JSON object and
 * the totals, and Sixteen Soldiers' running totals. */
struct out {
    struct progress prog; /* first: the task hooks take the struct as its progress */
    const struct game *g;
    const char *dir;
    bool quiet, json;
    struct solve_layer rep[TABLES_MAX_LAYERS];
    int nr;
    bool first;
    uint64_t positions, wdl_bytes, dtm_bytes;
    int checkpoint; /* --checkpoint SECONDS, -1 when not given */
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

/* The text report's lines: a header, then one per layer as soon as it is done (flushed,
 * so that a killed run's output still holds every finished layer). */
static void pass_begin(void *arg, int pass)
{
    struct out *o = arg;
    if (pass == BC_SOLVE_MOVEMENT && !o->json)
        printf("%-6s %12s %12s %12s %12s %7s %8s %10s %8s %8s\n", "layer", "positions", "win",
               "draw", "loss", "maxdtm", "seconds", "pos/s", "wdl b/p", "dtm b/p");
    else if (pass == BC_SOLVE_PLACEMENT_DTM && !o->quiet && !o->json)
        printf("%-4s %-2s %-6s %12s %12s %12s %12s %7s %7s %8s %10s %8s\n", "in", "c", "move",
               "positions", "win", "draw", "loss", "maxwin", "maxloss", "seconds", "pos/s",
               "dtm b/p");
    else if (pass == BC_SOLVE_MOVEMENT_DTC && !o->json)
        printf("%-10s %12s %12s %12s %12s %12s %12s %7s %7s %8s %8s\n", "dtc", "positions", "win",
               "cursed", "draw", "blessed", "loss", "maxwin", "maxloss", "seconds", "dtc b/p");
    else if (pass == BC_SOLVE_PLACEMENT_DTC && !o->quiet && !o->json)
        printf("%-10s %12s %12s %12s %12s %12s %12s %7s %7s %8s %8s\n", "dtc", "positions", "win",
               "cursed", "draw", "blessed", "loss", "maxwin", "maxloss", "seconds", "dtc b/p");
    else if (pass == BC_SOLVE_PLACEMENT && !o->quiet && !o->json)
        printf("%-4s %-2s %-6s %12s %12s %12s %12s %8s %10s %8s\n", "in", "c", "move", "positions",
               "win", "draw", "loss", "seconds", "pos/s", "wdl b/p");
    fflush(stdout);
}

static void movement_layer(struct out *o, const struct solve_layer *x)
{
    if (o->nr < TABLES_MAX_LAYERS) o->rep[o->nr++] = *x;
    if (!o->json) {
        printf("h0-c%-3d %12llu %12llu %12llu %12llu %7d %8.2f %10.0f %8.3f %8.3f%s\n", x->captured,
               (unsigned long long)x->positions, (unsigned long long)x->win,
               (unsigned long long)x->draw, (unsigned long long)x->loss, x->max_dtm, x->seconds,
               x->resumed || x->seconds <= 0 ? 0 : x->positions / x->seconds,
               8.0 * x->wdl_bytes / x->positions, 8.0 * x->dtm_bytes / x->positions,
               x->resumed ? "  (already solved)" : "");
        fflush(stdout);
    }
    if (!o->quiet && !o->json && isatty(STDERR_FILENO)) /* progress: only for a person */
        fprintf(stderr, "guti: solve: layer h0-c%d %s in %.2f s\n", x->captured,
                x->resumed ? "already solved" : "solved", x->seconds);
}

/* The counting rule's passes: a line per layer (classes at clock 0, the longest DTCs), or
 * a member of its JSON object's array. */
static void dtc_layer(struct out *o, const struct solve_layer *x)
{
    uint64_t n = x->positions;
    if (o->json) {
        char side[32] = "";
        if (x->inhand) snprintf(side, sizeof side, "\"side\": \"%s\", ", x->side ? "t" : "g");
        printf("%s{\"inhand\": %d, \"captured\": %d, %s\"positions\": %llu, \"win\": %llu, "
               "\"cursed_win\": %llu, \"draw\": %llu, \"blessed_loss\": %llu, \"loss\": %llu, "
               "\"max_dtc_win\": %d, \"max_dtc_loss\": %d, \"seconds\": %.3f, \"resumed\": %s, "
               "\"dtc_bytes\": %llu}",
               o->first ? "" : ", ", x->inhand, x->captured, side, (unsigned long long)n,
               (unsigned long long)x->win, (unsigned long long)x->cursed_win,
               (unsigned long long)x->draw, (unsigned long long)x->blessed_loss,
               (unsigned long long)x->loss, x->max_dtc_win, x->max_dtc_loss, x->seconds,
               x->resumed ? "true" : "false", (unsigned long long)x->dtc_bytes);
        o->first = false;
    } else if (!o->quiet || !x->inhand) {
        char name[32];
        if (x->inhand)
            snprintf(name, sizeof name, "h%d-c%d-%c", x->inhand, x->captured, x->side ? 't' : 'g');
        else
            snprintf(name, sizeof name, "h0-c%d", x->captured);
        printf("%-10s %12llu %12llu %12llu %12llu %12llu %12llu %7d %7d %8.2f %8.3f%s\n", name,
               (unsigned long long)n, (unsigned long long)x->win, (unsigned long long)x->cursed_win,
               (unsigned long long)x->draw, (unsigned long long)x->blessed_loss,
               (unsigned long long)x->loss, x->max_dtc_win, x->max_dtc_loss, x->seconds,
               n ? 8.0 * x->dtc_bytes / n : 0, x->resumed ? "  (already made)" : "");
    }
    fflush(stdout);
}

static void layer(void *arg, const struct solve_layer *x)
{
    struct out *o = arg;
    uint64_t n = x->positions;
    double secs = x->seconds;
    if (x->pass == BC_SOLVE_MOVEMENT) return movement_layer(o, x);
    if (x->pass == BC_SOLVE_MOVEMENT_DTC || x->pass == BC_SOLVE_PLACEMENT_DTC)
        return dtc_layer(o, x);
    if (x->pass == BC_SOLVE_PLACEMENT)
        printf("h%-2d c%d %-6s %12llu %12llu %12llu %12llu %8.2f %10.0f %8.3f%s\n", x->inhand,
               x->captured, x->side ? "tigers" : "goats", (unsigned long long)n,
               (unsigned long long)x->win, (unsigned long long)x->draw, (unsigned long long)x->loss,
               secs, x->resumed || secs <= 0 ? 0 : n / secs, n ? 8.0 * x->wdl_bytes / n : 0,
               x->resumed ? "  (already solved)" : "");
    else
        printf("h%-2d c%d %-6s %12llu %12llu %12llu %12llu %7d %7d %8.2f %10.0f %8.3f%s\n",
               x->inhand, x->captured, x->side ? "tigers" : "goats", (unsigned long long)n,
               (unsigned long long)x->win, (unsigned long long)x->draw, (unsigned long long)x->loss,
               x->max_win, x->max_loss, secs, x->resumed || secs <= 0 ? 0 : n / secs,
               n ? 8.0 * x->dtm_bytes / n : 0, x->resumed ? "  (already made)" : "");
    fflush(stdout);
}

/* The movement phase's totals (text), or every layer's figures (JSON). */
static void movement_report(const struct out *o, double total)
{
    const struct solve_layer *r = o->rep;
    uint64_t positions = 0, wdl = 0, dtm = 0;
    for (int k = 0; k < o->nr; k++) {
        positions += r[k].positions;
        wdl += r[k].wdl_bytes;
        dtm += r[k].dtm_bytes;
    }
    char rules[32];
    game_rules_name(o->g, rules, sizeof rules);
    if (o->json) {
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"dir\": ",
               o->g->ops->name, rules, o->g->board->name);
        json_str(stdout, o->dir);
        printf(", \"layers\": [");
        for (int k = 0; k < o->nr; k++)
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

static void pass_end(void *arg, const struct solve_pass *r)
{
    struct out *o = arg;
    if (r->pass == BC_SOLVE_MOVEMENT) return movement_report(o, r->seconds);
    if (r->pass == BC_SOLVE_PLACEMENT_DTC && r->skipped && !o->json)
        printf("placement: every layer's DTC table is already there (guti verify checks them)\n");
    if (o->quiet || o->json || r->pass == BC_SOLVE_MOVEMENT_DTC ||
        r->pass == BC_SOLVE_PLACEMENT_DTC)
        return; /* cmd_solve's own */
    bool dtm = r->pass == BC_SOLVE_PLACEMENT_DTM;
    if (r->skipped)
        printf("placement: every layer's %s table is already there (guti verify checks them)\n",
               dtm ? "DTM" : "WDL");
    else
        printf("placement: %llu positions (%llu solved now in %.1f s, %.0f positions/s), %s "
               "%.1f MB (%.3f bits/position)\n",
               (unsigned long long)r->positions, (unsigned long long)r->solved, r->solved_seconds,
               r->solved_seconds > 0 ? r->solved / r->solved_seconds : 0, dtm ? "DTM" : "WDL",
               (r->wdl_bytes + r->dtm_bytes) / 1e6,
               r->positions ? 8.0 * (r->wdl_bytes + r->dtm_bytes) / r->positions : 0);
}

/* Sixteen Soldiers: a line per material as it is done, or a member of the JSON array. */
static void ss_layer(void *arg, const struct solve_layer *l)
{
    struct out *o = arg;
    o->positions += l->positions;
    o->wdl_bytes += l->wdl_bytes;
    o->dtm_bytes += l->dtm_bytes;
    if (o->json) {
        printf("%s{\"m\": %d, \"n\": %d, \"positions\": %llu, \"win\": %llu, \"draw\": %llu, "
               "\"loss\": %llu, \"max_dtm\": %d, \"seconds\": %.3f, \"resumed\": %s, "
               "\"engine\": \"%s\", \"wdl_bytes\": %llu, \"dtm_bytes\": %llu}",
               o->first ? "" : ", ", l->m, l->n, (unsigned long long)l->positions,
               (unsigned long long)l->win, (unsigned long long)l->draw, (unsigned long long)l->loss,
               l->max_dtm, l->seconds, l->resumed ? "true" : "false",
               l->compact ? "compact" : "default", (unsigned long long)l->wdl_bytes,
               (unsigned long long)l->dtm_bytes);
        o->first = false;
    } else if (!o->quiet) {
        uint64_t n = l->positions;
        printf("%2d+%-2d %12llu %12llu %12llu %12llu %7d %8.2f %10.0f %8.3f %8.3f%s\n", l->m, l->n,
               (unsigned long long)n, (unsigned long long)l->win, (unsigned long long)l->draw,
               (unsigned long long)l->loss, l->max_dtm, l->seconds,
               l->resumed || l->seconds <= 0 ? 0 : n / l->seconds, n ? 8.0 * l->wdl_bytes / n : 0,
               n ? 8.0 * l->dtm_bytes / n : 0,
               l->resumed   ? "  (already solved)"
               : l->compact ? "  (compact engine)"
                            : "");
        fflush(stdout);
    }
}

/* Sixteen Soldiers' counting rule: a line per material as it is done (classes at clock 0,
 * the longest DTCs), or a member of its JSON object's array. */
static void ss_dtc_layer(void *arg, const struct solve_layer *l)
{
    struct out *o = arg;
    uint64_t n = l->positions;
    if (o->json) {
        printf("%s{\"m\": %d, \"n\": %d, \"positions\": %llu, \"win\": %llu, "
               "\"cursed_win\": %llu, \"draw\": %llu, \"blessed_loss\": %llu, \"loss\": %llu, "
               "\"max_dtc_win\": %d, \"max_dtc_loss\": %d, \"seconds\": %.3f, \"resumed\": %s, "
               "\"dtc_bytes\": %llu}",
               o->first ? "" : ", ", l->m, l->n, (unsigned long long)n, (unsigned long long)l->win,
               (unsigned long long)l->cursed_win, (unsigned long long)l->draw,
               (unsigned long long)l->blessed_loss, (unsigned long long)l->loss, l->max_dtc_win,
               l->max_dtc_loss, l->seconds, l->resumed ? "true" : "false",
               (unsigned long long)l->dtc_bytes);
        o->first = false;
    } else {
        printf("%2d+%-2d %12llu %12llu %12llu %12llu %12llu %12llu %7d %7d %8.2f %8.3f%s\n", l->m,
               l->n, (unsigned long long)n, (unsigned long long)l->win,
               (unsigned long long)l->cursed_win, (unsigned long long)l->draw,
               (unsigned long long)l->blessed_loss, (unsigned long long)l->loss, l->max_dtc_win,
               l->max_dtc_loss, l->seconds, n ? 8.0 * l->dtc_bytes / n : 0,
               l->resumed ? "  (already made)" : "");
    }
    fflush(stdout);
}

/* The counting rule's tables, after the DTM tables they are made from. */
static int solve_sixteen_dtc(const struct game *g, int pieces, int L, struct out *o)
{
    struct solve_hooks h = {.store = {.dir = o->dir},
                            .task_begin = progress_begin_hook,
                            .task_progress = progress_update,
                            .task_end = progress_end_hook,
                            .notice = notice,
                            .layer = ss_dtc_layer,
                            .arg = o};
    char rules[32], err[1200];
    game_rules_name(g, rules, sizeof rules);
    o->first = true;
    if (o->json)
        printf("{\"game\": \"sixteen\", \"rules\": \"%s\", \"pieces\": %d, \"limit\": %d, "
               "\"dtc_layers\": [",
               rules, pieces, L);
    else
        printf("%-5s %12s %12s %12s %12s %12s %12s %7s %7s %8s %8s\n", "dtc", "positions", "win",
               "cursed", "draw", "blessed", "loss", "maxwin", "maxloss", "seconds", "dtc b/p");
    double t0 = omp_get_wtime();
    int rc = ss_solve_dtc(g, pieces, L, &h, err, sizeof err);
    if (o->json) printf("], \"seconds\": %.3f}\n", omp_get_wtime() - t0);
    if (rc) return cli_error("solve: %s", err);
    if (!o->json) printf("counting rule, limit %d: %.2f s\n", L, omp_get_wtime() - t0);
    return 0;
}

/* guti solve sixteen --plan: ss_plan's figures, a line or a JSON object per material. */
static int plan_sixteen(const struct game *g, int pieces, bool json)
{
    struct ss_plan_material p[SS_MAX_PIECES * SS_MAX_PIECES];
    int count = ss_plan(g, pieces, p, SS_MAX_PIECES * SS_MAX_PIECES);
    if (count < 0) return cli_error("solve: --plan: --pieces %d out of range", pieces);
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    uint64_t total = 0, least = 0, peak = 0, peak_exits = 0, bound = 0;
    if (json)
        printf("{\"game\": \"sixteen\", \"rules\": \"%s\", \"pieces\": %d, \"materials\": [", rules,
               pieces);
    else
        printf("%-6s %15s %15s %15s %9s %9s %10s %9s %9s  %s\n", "m+n", "positions", "(m, n)",
               "(n, m)", "solve GB", "+ at most", "compact GB", "exits GB", "kept GB", "reads");
    for (int k = 0; k < count; k++) {
        const struct ss_plan_material *q = &p[k];
        total += q->positions;
        uint64_t most = q->solve_bytes + q->bucket_bytes;
        if (q->solve_bytes + q->kept_bytes > least) least = q->solve_bytes + q->kept_bytes;
        if (most + q->kept_bytes > peak) peak = most + q->kept_bytes;
        if (most + q->exit_bytes > peak_exits) peak_exits = most + q->exit_bytes;
        if (q->compact_bytes + q->exit_bytes > bound) bound = q->compact_bytes + q->exit_bytes;
        if (json) {
            printf("%s{\"m\": %d, \"n\": %d, \"classes\": [%llu, %llu], \"positions\": %llu, "
                   "\"solve_bytes\": %llu, \"bucket_bytes\": %llu, \"compact_bytes\": %llu, "
                   "\"exit_bytes\": %llu, \"kept_bytes\": %llu, "
                   "\"reads\": [",
                   k ? ", " : "", q->m, q->n, (unsigned long long)q->classes[0],
                   (unsigned long long)q->classes[1], (unsigned long long)q->positions,
                   (unsigned long long)q->solve_bytes, (unsigned long long)q->bucket_bytes,
                   (unsigned long long)q->compact_bytes, (unsigned long long)q->exit_bytes,
                   (unsigned long long)q->kept_bytes);
            for (int d = 0; d < q->ndeps; d++)
                printf("%s\"%d+%d\"", d ? ", " : "", q->deps[d][0], q->deps[d][1]);
            printf("]}");
            continue;
        }
        char name[16];
        snprintf(name, sizeof name, "%d+%d", q->m, q->n);
        printf("%-6s %15llu %15llu %15llu %9.2f %9.2f %10.2f %9.2f %9.2f  ", name,
               (unsigned long long)q->positions, (unsigned long long)q->classes[0],
               (unsigned long long)q->classes[1], q->solve_bytes / 1e9, q->bucket_bytes / 1e9,
               q->compact_bytes / 1e9, q->exit_bytes / 1e9, q->kept_bytes / 1e9);
        for (int d = 0; d < q->ndeps; d++)
            printf("%s%d+%d", d ? " " : "", q->deps[d][0], q->deps[d][1]);
        printf("%s\n", q->ndeps ? "" : "-");
    }
    if (json)
        printf("], \"positions\": %llu, \"peak_bytes_least\": %llu, \"peak_bytes\": %llu, "
               "\"peak_bytes_exits_only\": %llu, \"least_memory_bound\": %llu}\n",
               (unsigned long long)total, (unsigned long long)least, (unsigned long long)peak,
               (unsigned long long)peak_exits, (unsigned long long)bound);
    else
        printf("total: %d materials, %llu positions; peak memory %.2f to %.2f GB as solve keeps "
               "the smaller materials, at most %.2f GB keeping only each one's exits; the least "
               "--memory bound %.2f GB (the compact engine)\n",
               count, (unsigned long long)total, least / 1e9, peak / 1e9, peak_exits / 1e9,
               bound / 1e9);
    return 0;
}

static int solve_sixteen(const struct game *g, int pieces, uint64_t memory, struct out *o)
{
    struct solve_hooks h = {.store = {.dir = o->dir},
                            .task_begin = progress_begin_hook,
                            .task_progress = progress_update,
                            .task_end = progress_end_hook,
                            .notice = notice,
                            .layer = ss_layer,
                            .arg = o,
                            .checkpoint_seconds = cli_checkpoint_seconds(o->checkpoint)};
    char rules[32], err[1200];
    game_rules_name(g, rules, sizeof rules);
    o->first = true;
    if (o->json) {
        printf("{\"game\": \"sixteen\", \"rules\": \"%s\", \"pieces\": %d, \"dir\": ", rules,
               pieces);
        json_str(stdout, o->dir);
        printf(", \"layers\": [");
    } else if (!o->quiet) {
        printf("%-5s %12s %12s %12s %12s %7s %8s %10s %8s %8s\n", "m+n", "positions", "win", "draw",
               "loss", "maxdtm", "seconds", "pos/s", "wdl b/p", "dtm b/p");
    }
    double t0 = omp_get_wtime();
    if (ss_solve_within(g, pieces, memory, &h, err, sizeof err)) {
        if (o->json) printf("]}\n");
        return cli_error("solve: %s", err);
    }
    double secs = omp_get_wtime() - t0;
    if (o->json)
        printf("], \"positions\": %llu, \"seconds\": %.3f, \"wdl_bytes\": %llu, \"dtm_bytes\": "
               "%llu}\n",
               (unsigned long long)o->positions, secs, (unsigned long long)o->wdl_bytes,
               (unsigned long long)o->dtm_bytes);
    else
        printf("total: %llu positions in %.2f s (%.0f positions/s), WDL %.1f MB, DTM %.1f MB\n",
               (unsigned long long)o->positions, secs, secs > 0 ? o->positions / secs : 0,
               o->wdl_bytes / 1e6, o->dtm_bytes / 1e6);
    return 0;
}

/* What cmd_solve read from its command line. */
struct solve_opts {
    struct game_opts o;
    const char *phase_opt, *dir_opt, *memory_opt;
    int pieces, limit, checkpoint;
    bool dtm, dtc, plan;
};

/* The --memory bound in bytes (0 when not given), after the options that go with it. */
static int sixteen_memory(const struct solve_opts *so, uint64_t *memory)
{
    *memory = 0;
    if (so->memory_opt) {
        char *end;
        double gb = strtod(so->memory_opt, &end);
        if (end == so->memory_opt || *end || !(gb > 0) || gb > 1e6)
            return cli_usage_error("solve", "--memory: expected gigabytes above 0, got '%s'",
                                   so->memory_opt);
        if (so->dtc)
            return cli_usage_error("solve", "--memory bounds the solve; --dtc holds every "
                                            "material's classes: run it on its own");
        *memory = (uint64_t)(gb * 1e9);
    }
    if (so->checkpoint >= 0 && !so->memory_opt && !so->plan)
        return cli_usage_error("solve", "--checkpoint goes with --memory (only the compact "
                                        "engine saves its solve midway)");
    return 0;
}

static int cmd_solve_sixteen(const struct game *g, const struct solve_opts *so)
{
    const struct game_opts *o = &so->o;
    int pieces = so->pieces, rc;
    if (!pieces) return cli_usage_error("solve", "sixteen needs --pieces N (2..%d)", 12);
    if (so->dtm) return cli_usage_error("solve", "--dtm is for baghchal (sixteen always has DTM)");
    if (so->phase_opt) return cli_usage_error("solve", "--phase is for baghchal");
    if (o->board) return cli_usage_error("solve", "--board is for baghchal");
    uint64_t memory;
    if ((rc = sixteen_memory(so, &memory))) return rc;
    if (so->plan) {
        if (so->dtc || so->dir_opt || o->threads || o->quiet || so->memory_opt ||
            so->checkpoint >= 0)
            return cli_usage_error("solve", "--plan solves nothing: it takes --pieces, "
                                            "--rules and --json alone");
        return plan_sixteen(g, pieces, o->json);
    }
    if (pieces > 12)
        return cli_usage_error("solve",
                               "--pieces %d: at most 12 are solved here (--plan "
                               "sizes up to %d)",
                               pieces, 2 * SS_MAX_PIECES);
    char why[300];
    if (memory && ss_memory_check(g, pieces, memory, why, sizeof why))
        return cli_error("solve: --memory %s: %s", so->memory_opt, why);
    const char *sdir = tables_dir(so->dir_opt);
    if (mkdir(sdir, 0777) && errno != EEXIST)
        return cli_error("solve: cannot make %s: %s", sdir, strerror(errno));
    if ((rc = cli_threads("solve", o->threads))) return rc;
    struct out out = {
        .g = g, .dir = sdir, .quiet = o->quiet, .json = o->json, .checkpoint = so->checkpoint};
    progress_init(&out.prog, o->quiet);
    rc = solve_sixteen(g, pieces, memory, &out);
    if (!rc && so->dtc)
        rc = solve_sixteen_dtc(g, pieces, so->limit ? so->limit : g->ops->clock_limit, &out);
    if (!rc && !o->json) printf("peak memory %ld MB\n", peak_rss_mb());
    return rc;
}

/* The counting rule's passes after Bagh-Chal's solve: the movement phase's, then, unless
 * only the movement phase is asked for, the placement's, which need the movement's. */
static int solve_baghchal_dtc(const struct game *g, const struct solve_opts *so,
                              struct solve_hooks *h, const char *phase, struct out *out)
{
    char err[1200];
    h->layer_passes = BC_SOLVE_MOVEMENT_DTC;
    out->first = true;
    int L = so->limit ? so->limit : g->ops->clock_limit, rc;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (so->o.json)
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"limit\": %d, "
               "\"dtc_layers\": [",
               g->ops->name, rules, g->board->name, L);
    double td = omp_get_wtime();
    rc = bc_solve_movement_dtc(g, L, h, err, sizeof err);
    if (!rc && strcmp(phase, "movement")) {
        h->layer_passes |= BC_SOLVE_PLACEMENT_DTC;
        rc = bc_solve_placement_dtc(g, L, h, err, sizeof err);
    }
    if (so->o.json) printf("], \"seconds\": %.3f}\n", omp_get_wtime() - td);
    if (rc) return cli_error("solve: %s", err);
    if (!so->o.json)
        printf("counting rule, limit %d: %.2f s, peak memory %ld MB\n", L, omp_get_wtime() - td,
               peak_rss_mb());
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
    if (rc)
        rc = cli_error("solve: %s", err);
    else if (!so->o.json)
        printf("start %s: %s for the %s to move\n", fen,
               code == RETRO_DRAW ? "draw"
               : code_win(code)   ? "win"
                                  : "loss",
               g->ops->side_name[0]);
    uint16_t cls;
    p.limit = so->limit ? so->limit : g->ops->clock_limit;
    if (!rc && so->dtc && !so->o.json) {
        if (prober_probe_class(&p, &start, &cls, err, sizeof err))
            rc = cli_error("solve: %s", err);
        else
            printf("start under the %d half-move rule: %s\n", p.limit, class_word(cls));
    }
    prober_free(&p);
    return rc;
}

static int cmd_solve_baghchal(const struct game *g, const struct solve_opts *so)
{
    const struct game_opts *o = &so->o;
    int rc;
    if (so->pieces) return cli_usage_error("solve", "--pieces is for sixteen");
    if (so->plan) return cli_usage_error("solve", "--plan is for sixteen");
    if (so->memory_opt) return cli_usage_error("solve", "--memory is for sixteen");
    if (so->checkpoint >= 0) return cli_usage_error("solve", "--checkpoint is for sixteen");
    const char *phase = so->phase_opt ? so->phase_opt : "all";
    if (strcmp(phase, "all") && strcmp(phase, "movement") && strcmp(phase, "placement"))
        return cli_usage_error("solve", "--phase '%s', expected all, movement or placement", phase);
    if (so->dtm && !strcmp(phase, "movement"))
        return cli_usage_error("solve", "--dtm is for the placement phase (the movement phase "
                                        "always has DTM tables)");
    if (g->no_repeat)
        return cli_usage_error("solve", "rules no-repeat depend on the history, not the position; "
                                        "solve standard or goat-pass");
    const char *dir = tables_dir(so->dir_opt);
    if (mkdir(dir, 0777) && errno != EEXIST)
        return cli_error("solve: cannot make %s: %s", dir, strerror(errno));
    if ((rc = cli_threads("solve", o->threads))) return rc;

    struct out out = {.g = g, .dir = dir, .quiet = o->quiet, .json = o->json};
    progress_init(&out.prog, o->quiet);
    /* the placement's layers are counted only when they are printed */
    struct solve_hooks h = {.store = {.dir = dir},
                            .task_begin = progress_begin_hook,
                            .task_progress = progress_update,
                            .task_end = progress_end_hook,
                            .notice = notice,
                            .pass_begin = pass_begin,
                            .pass_end = pass_end,
                            .layer = layer,
                            .layer_passes = BC_SOLVE_MOVEMENT,
                            .arg = &out};
    if (!o->quiet && !o->json) h.layer_passes |= BC_SOLVE_PLACEMENT | BC_SOLVE_PLACEMENT_DTM;
    unsigned passes = (strcmp(phase, "placement") ? BC_SOLVE_MOVEMENT : 0) |
                      (strcmp(phase, "movement") ? BC_SOLVE_PLACEMENT : 0) |
                      (so->dtm ? BC_SOLVE_PLACEMENT_DTM : 0);
    double t0 = omp_get_wtime();
    char err[1200];
    if (bc_solve(g, passes, &h, err, sizeof err)) return cli_error("solve: %s", err);
    if (so->dtc && (rc = solve_baghchal_dtc(g, so, &h, phase, &out))) return rc;
    if (!strcmp(phase, "movement")) return 0;
    if (!o->json)
        printf("peak memory %ld MB, %.1f s in all\n", peak_rss_mb(), omp_get_wtime() - t0);
    return !strcmp(phase, "all") ? report_start(g, so, dir) : 0;
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
        CLI_OPTION_INT("pieces", &so.pieces, 2, 2 * SS_MAX_PIECES), /* 12 unless --plan */
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
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("solve", "expected GAME, got %d operands", argc - first);
    o->game = argv[first];
    struct game g;
    if ((rc = cli_fold_captures("solve", o)) || (rc = cli_game(o, NULL, &g))) return rc;
    if (so.limit && !so.dtc) return cli_usage_error("solve", "--limit goes with --dtc");
    return g.ops == &sixteen_ops ? cmd_solve_sixteen(&g, &so) : cmd_solve_baghchal(&g, &so);
}
