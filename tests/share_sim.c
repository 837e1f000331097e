#include "share_sim.h"

#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct share_sim {
    int nparts;
    const uint64_t *bounds;
    pthread_barrier_t bar;
    uint64_t *const *out[SHARE_SIM_MAX];
    const uint64_t *nout[SHARE_SIM_MAX];
    uint64_t *in[SHARE_SIM_MAX];
    int64_t v[SHARE_SIM_MAX][8];
    void (*body)(void *ctx, int part, void *arg);
    void *ctx;
    /* each part's call now: 1 exchange, 2 reduce of n (+ 100 for a sum); all must match */
    int call[SHARE_SIM_MAX];
    long exchanges[SHARE_SIM_MAX]; /* a part's exchanges so far */
    int fail_part;                 /* this part's fail_at-th exchange fails (-1: none) */
    long fail_at;
};

/* Every part must be making the same call: a mismatch would hang or mislead under MPI. */
static void same_call(struct share_sim *s, int p, int call)
{
    s->call[p] = call;
    pthread_barrier_wait(&s->bar);
    for (int q = 0; q < s->nparts; q++)
        ck_assert_msg(s->call[q] == call, "part %d makes call %d while part %d makes %d", q,
                      s->call[q], p, call);
}

struct sim_part {
    struct share_sim *s;
    int part;
};

int share_sim_exchange(void *arg, uint64_t *const *out, const uint64_t *nout, const uint64_t **in,
                       uint64_t *nin)
{
    struct sim_part *me = arg;
    struct share_sim *s = me->s;
    int p = me->part;
    s->out[p] = out;
    s->nout[p] = nout;
    same_call(s, p, 1);
    uint64_t total = 0;
    for (int q = 0; q < s->nparts; q++) total += s->nout[q][p];
    free(s->in[p]);
    s->in[p] = malloc((total ? total : 1) * sizeof *s->in[p]);
    ck_assert_ptr_nonnull(s->in[p]);
    uint64_t k = 0;
    for (int q = 0; q < s->nparts; q++) {
        ck_assert(q != p || s->nout[q][p] == 0); /* nothing is sent to itself */
        for (uint64_t j = 0; j < s->nout[q][p]; j++) {
            uint64_t i = s->out[q][p][j];
            if (s->bounds) ck_assert(i >= s->bounds[p] && i < s->bounds[p + 1]);
            s->in[p][k++] = i;
        }
    }
    pthread_barrier_wait(&s->bar); /* the senders may free their arrays now */
    *in = s->in[p];
    *nin = total;
    return p == s->fail_part && ++s->exchanges[p] == s->fail_at ? -1 : 0;
}

void share_sim_reduce(void *arg, int64_t *v, int n, bool sum)
{
    struct sim_part *me = arg;
    struct share_sim *s = me->s;
    ck_assert(n >= 1 && n <= 8);
    memcpy(s->v[me->part], v, (size_t)n * sizeof *v);
    same_call(s, me->part, 2 + n + (sum ? 100 : 0));
    for (int j = 0; j < n; j++) {
        int64_t r = s->v[0][j];
        for (int q = 1; q < s->nparts; q++)
            r = sum ? r + s->v[q][j] : s->v[q][j] > r ? s->v[q][j] : r;
        v[j] = r;
    }
    pthread_barrier_wait(&s->bar); /* every part has read s->v before it is written again */
}

static void *run_part(void *arg)
{
    struct sim_part *me = arg;
    me->s->body(me->s->ctx, me->part, me);
    return NULL;
}

void share_sim_run(int nparts, const uint64_t *bounds, void (*body)(void *ctx, int part, void *arg),
                   void *ctx)
{
    share_sim_run_failing(nparts, bounds, body, ctx, -1, 0);
}

void share_sim_run_failing(int nparts, const uint64_t *bounds,
                           void (*body)(void *ctx, int part, void *arg), void *ctx, int fail_part,
                           long fail_at)
{
    ck_assert(nparts >= 1 && nparts <= SHARE_SIM_MAX);
    struct share_sim *s = calloc(1, sizeof *s);
    ck_assert_ptr_nonnull(s);
    s->nparts = nparts;
    s->bounds = bounds;
    s->body = body;
    s->ctx = ctx;
    s->fail_part = fail_part;
    s->fail_at = fail_at;
    pthread_barrier_init(&s->bar, NULL, (unsigned)nparts);
    pthread_t t[SHARE_SIM_MAX];
    struct sim_part parts[SHARE_SIM_MAX];
    for (int p = 0; p < nparts; p++) {
        parts[p] = (struct sim_part){s, p};
        ck_assert_int_eq(pthread_create(&t[p], NULL, run_part, &parts[p]), 0);
    }
    for (int p = 0; p < nparts; p++) pthread_join(t[p], NULL);
    for (int p = 0; p < nparts; p++) free(s->in[p]);
    pthread_barrier_destroy(&s->bar);
    free(s);
}
