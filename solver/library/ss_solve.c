#include "ss_solve.h"

#include <stdio.h>
#include <stdlib.h>

#include "ss_layers.h"

/* What ss_solve_all's hooks share: ours, the current material's table sizes, and the
 * first store error (ss_solve_all only hears that a hook failed). */
struct run {
    const struct game *g;
    const struct ss_solve_hooks *h;
    uint64_t bytes[2]; /* WDL, DTM of the material being done */
    char *err;
    size_t errlen;
    bool failed;
};

/* Reads a material back from its DTM table when both its tables are stored and sound. */
static int load(void *arg, struct ss_layer *l)
{
    struct run *u = arg;
    const struct ss_solve_hooks *h = u->h;
    char err[400], msg[450];
    struct store_table t = {TB_DTM, l->m, l->n, -1, l->size, 0};
    u->bytes[0] = u->bytes[1] = 0;
    for (int k = 0; k < 2; k++) {
        t.kind = k == 0 ? TB_DTM : TB_WDL;
        int rc = store_load(&h->store, u->g, &t, STORE_VERIFY, NULL, &u->bytes[t.kind == TB_DTM],
                            err, sizeof err);
        if (rc) {
            if (rc != STORE_ABSENT && h->notice) {
                snprintf(msg, sizeof msg, "%s; solving it again", err);
                h->notice(h->arg, msg);
            }
            if (h->task_begin) {
                char label[64];
                snprintf(label, sizeof label, "material %d+%d", l->m, l->n);
                h->task_begin(h->arg, label);
            }
            return -1;
        }
    }
    t.kind = TB_DTM;
    return store_load(&h->store, u->g, &t, STORE_READ, l->res, NULL, err, sizeof err) ? -1 : 0;
}

/* Saves a solved material's tables, and reports it. */
static int done(void *arg, const struct ss_layer *l, int loaded, double seconds)
{
    struct run *u = arg;
    const struct ss_solve_hooks *h = u->h;
    if (h->task_end) h->task_end(h->arg);
    struct tb_source src = {.codes = l->res, .max_code = -1};
    for (int k = 0; k < 2 && !loaded; k++) {
        struct store_table t = {k == 0 ? TB_WDL : TB_DTM, l->m, l->n, -1, l->size, 0};
        if (store_save(&h->store, u->g, &t, &src, &u->bytes[k], u->err, u->errlen)) {
            u->failed = true;
            return -1;
        }
    }
    if (!h->layer) return 0;
    struct retro_tally t = retro_tally(l->res, l->size);
    struct ss_solve_layer r = {.m = l->m,
                               .n = l->n,
                               .positions = l->size,
                               .win = t.win,
                               .draw = t.draw,
                               .loss = t.loss,
                               .max_dtm = t.max_dtm,
                               .seconds = seconds,
                               .wdl_bytes = u->bytes[0],
                               .dtm_bytes = u->bytes[1],
                               .resumed = loaded};
    h->layer(h->arg, &r);
    return 0;
}

int ss_solve(const struct game *g, int pieces, const struct ss_solve_hooks *h, char *err,
             size_t errlen)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return snprintf(err, errlen, "out of memory"), -1;
    struct run u = {.g = g, .h = h, .err = err, .errlen = errlen};
    db.progress = h->task_progress;
    db.progress_arg = h->arg;
    db.layer_load = load;
    db.layer_done = done;
    db.hook_arg = &u;
    int solved = ss_solve_all(&db, pieces, NULL, 0);
    ss_db_free(&db);
    if (solved >= 0) return 0;
    /* a hook that failed said why; otherwise a layer's memory ran out */
    if (!u.failed) snprintf(err, errlen, "out of memory");
    return -1;
}
