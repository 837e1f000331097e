#include "solve_sixteen.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_game.h"
#include "ss_layers.h"
#include "tables.h"

struct hooks {
    const struct game *g;
    const char *dir;
    struct progress *prog;
    bool quiet, json, first;
    uint64_t positions, wdl_bytes, dtm_bytes;
};

/* Reads a layer back from its DTM table when both its tables are there and sound. */
static int load(void *arg, struct ss_layer *l)
{
    struct hooks *h = arg;
    char path[1024], err[400], label[64];
    struct tb *t[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        enum tb_kind kind = k == 0 ? TB_DTM : TB_WDL;
        tables_ss_name(path, sizeof path, h->dir, h->g, l->m, l->n, kind);
        struct tb_meta want = tables_ss_meta(h->g, l->m, l->n, kind, l->size);
        if (access(path, F_OK) != 0 || tables_open(path, &want, &t[k], err, sizeof err) ||
            tb_verify(t[k], err, sizeof err)) {
            if (access(path, F_OK) == 0)
                fprintf(stderr, "guti: solve: %s; solving it again\n", err);
            tb_close(t[0]);
            tb_close(t[1]);
            snprintf(label, sizeof label, "material %d+%d", l->m, l->n);
            progress_begin(h->prog, label);
            return -1;
        }
    }
    int rc = tb_read_all(t[0], l->res, err, sizeof err) ? -1 : 0;
    tb_close(t[0]);
    tb_close(t[1]);
    return rc;
}

static int done(void *arg, const struct ss_layer *l, int loaded, double seconds)
{
    struct hooks *h = arg;
    char path[1024], err[400];
    uint64_t bytes[2] = {0, 0};
    progress_end(h->prog);
    for (int k = 0; k < 2; k++) {
        enum tb_kind kind = k == 0 ? TB_WDL : TB_DTM;
        tables_ss_name(path, sizeof path, h->dir, h->g, l->m, l->n, kind);
        struct tb_meta meta = tables_ss_meta(h->g, l->m, l->n, kind, l->size);
        struct tb_write_stats st = {0};
        if (!loaded && tb_write(path, &meta, l->res, &st, err, sizeof err)) {
            cli_error("solve: %s", err);
            return -1;
        }
        if (loaded) {
            struct tb *t;
            struct tb_info info;
            if (tb_open(path, &t, err, sizeof err) == 0) {
                tb_get_info(t, &info);
                st.bytes = info.bytes;
                tb_close(t);
            }
        }
        bytes[k] = st.bytes;
    }
    struct retro_tally t = retro_tally(l->res, l->size);
    uint64_t w = t.win, d = t.draw, lo = t.loss;
    int maxd = t.max_dtm;
    h->positions += l->size;
    h->wdl_bytes += bytes[0];
    h->dtm_bytes += bytes[1];
    if (h->json) {
        printf("%s{\"m\": %d, \"n\": %d, \"positions\": %llu, \"win\": %llu, \"draw\": %llu, "
               "\"loss\": %llu, \"max_dtm\": %d, \"seconds\": %.3f, \"resumed\": %s, "
               "\"wdl_bytes\": %llu, \"dtm_bytes\": %llu}",
               h->first ? "" : ", ", l->m, l->n, (unsigned long long)l->size, (unsigned long long)w,
               (unsigned long long)d, (unsigned long long)lo, maxd, seconds,
               loaded ? "true" : "false", (unsigned long long)bytes[0],
               (unsigned long long)bytes[1]);
        h->first = false;
    } else if (!h->quiet) {
        printf("%2d+%-2d %12llu %12llu %12llu %12llu %7d %8.2f %10.0f %8.3f %8.3f%s\n", l->m, l->n,
               (unsigned long long)l->size, (unsigned long long)w, (unsigned long long)d,
               (unsigned long long)lo, maxd, seconds,
               loaded || seconds <= 0 ? 0 : l->size / seconds,
               l->size ? 8.0 * bytes[0] / l->size : 0, l->size ? 8.0 * bytes[1] / l->size : 0,
               loaded ? "  (already solved)" : "");
        fflush(stdout);
    }
    return 0;
}

int solve_sixteen(const struct game *g, const char *dir, int pieces, struct progress *prog,
                  bool quiet, bool json)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return cli_error("solve: out of memory");
    struct hooks h = {g, dir, prog, quiet, json, true, 0, 0, 0};
    db.progress = progress_update;
    db.progress_arg = prog;
    db.layer_load = load;
    db.layer_done = done;
    db.hook_arg = &h;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (json) {
        printf("{\"game\": \"sixteen\", \"rules\": \"%s\", \"pieces\": %d, \"dir\": ", rules,
               pieces);
        json_str(stdout, dir);
        printf(", \"layers\": [");
    } else if (!quiet) {
        printf("%-5s %12s %12s %12s %12s %7s %8s %10s %8s %8s\n", "m+n", "positions", "win", "draw",
               "loss", "maxdtm", "seconds", "pos/s", "wdl b/p", "dtm b/p");
    }
    double t0 = omp_get_wtime();
    int solved = ss_solve_all(&db, pieces, NULL, 0);
    ss_db_free(&db);
    if (solved < 0)
        return json     ? printf("]}\n"),
               EXIT_BAD : cli_error("solve: out of memory or a table could not be written");
    double secs = omp_get_wtime() - t0;
    if (json)
        printf("], \"positions\": %llu, \"seconds\": %.3f, \"wdl_bytes\": %llu, \"dtm_bytes\": "
               "%llu}\n",
               (unsigned long long)h.positions, secs, (unsigned long long)h.wdl_bytes,
               (unsigned long long)h.dtm_bytes);
    else
        printf("total: %llu positions in %.2f s (%.0f positions/s), WDL %.1f MB, DTM %.1f MB\n",
               (unsigned long long)h.positions, secs, secs > 0 ? h.positions / secs : 0,
               h.wdl_bytes / 1e6, h.dtm_bytes / 1e6);
    return 0;
}
