#include "driver.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int solve_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

void solve_notice(const struct solve_hooks *h, const char *fmt, ...)
{
    if (!h->notice) return;
    /* room for a checkpoint's path (4096 bytes) and the words around it */
    char msg[4600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    h->notice(h->arg, msg);
}

void solve_task_begin(const struct solve_hooks *h, const char *label)
{
    if (h->task_begin) h->task_begin(h->arg, label);
}

void solve_task_end(const struct solve_hooks *h)
{
    if (h->task_end) h->task_end(h->arg);
}

double solve_checkpoint_every(const struct solve_hooks *h)
{
    double every = h->checkpoint_seconds;
    return every > 0 ? every : every < 0 ? 0 : 1800;
}

int solve_check_limit(int limit, char *err, size_t errlen)
{
    if (limit >= 1 && limit <= RETRO_MAX_DTC) return 0;
    return solve_fail(err, errlen, "counting rule: limit %d, expected 1..%d", limit, RETRO_MAX_DTC);
}

int solve_verify_layer(const struct game *g, const struct solve_hooks *h,
                       const struct store_table *t, uint64_t *dtm_bytes, uint64_t *wdl_bytes)
{
    char err[400];
    struct store_table k = *t;
    for (int i = 0; i < 2; i++) {
        k.kind = i == 0 ? TB_DTM : TB_WDL;
        int rc = store_load(&h->store, g, &k, STORE_VERIFY, NULL, i == 0 ? dtm_bytes : wdl_bytes,
                            err, sizeof err);
        if (rc) {
            if (rc != STORE_ABSENT) solve_notice(h, "%s; solving it again", err);
            return -1;
        }
    }
    return 0;
}

int solve_save_layer(const struct game *g, const struct solve_hooks *h, const struct store_table *t,
                     const struct tb_source *src, uint64_t *wdl_bytes, uint64_t *dtm_bytes,
                     char *err, size_t errlen)
{
    struct store_table k = *t;
    k.kind = TB_WDL;
    if (store_save(&h->store, g, &k, src, wdl_bytes, err, errlen)) return -1;
    k.kind = TB_DTM;
    return store_save(&h->store, g, &k, src, dtm_bytes, err, errlen) ? -1 : 0;
}

void solve_report_classes(const struct class_tally *t, struct solve_layer *r)
{
    r->win = t->n[0];
    r->cursed_win = t->n[1];
    r->draw = t->n[2];
    r->blessed_loss = t->n[3];
    r->loss = t->n[4];
    r->max_dtc_win = t->max_win;
    r->max_dtc_loss = t->max_loss;
}

void solve_count_classes(const uint16_t *cls, uint64_t n, struct solve_layer *r)
{
    struct class_tally t = class_tally(cls, n);
    solve_report_classes(&t, r);
}

void solve_class_codes(const uint16_t *cls, uint64_t n, retro_code *codes)
{
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        retro_code d = dtc_of_class(cls[i]);
        codes[i] = !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1;
    }
}

int solve_make_classes(const struct game *g, const struct solve_hooks *h,
                       const struct solve_classes_job *j, uint16_t *cls, char *err, size_t errlen)
{
    uint64_t n = j->dtm->npositions;
    retro_code *dtm = malloc((n ? n : 1) * sizeof *dtm), *dtc = malloc((n ? n : 1) * sizeof *dtc);
    char why[400];
    int rc = 0;
    if (!dtm || !dtc) {
        rc = solve_fail(err, errlen, "out of memory for %s", j->what);
    } else if (store_load(&h->store, g, j->dtm, STORE_READ, dtm, NULL, why, sizeof why)) {
        rc = solve_fail(err, errlen, "%s; %s", why, j->missing_hint);
    } else {
        struct retro_layer R = j->layer;
        R.dtc_limit = j->limit;
        R.progress = h->task_progress;
        R.progress_arg = h->arg;
        solve_task_begin(h, j->label);
        struct retro_stats st;
        if (retro_solve(&R, dtc, &st))
            rc = solve_fail(err, errlen, "out of memory solving %s", j->what);
        solve_task_end(h);
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < n; i++) cls[i] = class_code(dtm[i], dtc[i]);
    }
    free(dtm);
    free(dtc);
    return rc;
}

int solve_dtc_table(const struct game *g, const struct solve_hooks *h, const struct store_table *t,
                    uint16_t *cls, struct solve_layer *r,
                    int (*make)(void *arg, uint16_t *cls, char *err, size_t errlen), void *arg,
                    char *err, size_t errlen)
{
    char why[400];
    int got = store_load(&h->store, g, t, STORE_VERIFY, NULL, &r->dtc_bytes, why, sizeof why);
    if (got == STORE_OK) got = store_load(&h->store, g, t, STORE_READ, cls, NULL, why, sizeof why);
    if (got == STORE_OK) {
        r->resumed = true;
        return 0;
    }
    if (got != STORE_ABSENT) solve_notice(h, "%s; making it again", why);
    if (make(arg, cls, err, errlen)) return -1;
    struct tb_source src = {.codes = cls, .max_code = -1};
    return store_save(&h->store, g, t, &src, &r->dtc_bytes, err, errlen) ? -1 : 0;
}
