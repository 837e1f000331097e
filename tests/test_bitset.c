/* bitset.h: the closure of a set under a move relation (bitset_close) on random graphs,
 * against a plain breadth-first search written here, on one thread and on two; its progress
 * reports; and bitset_set's answer (whether the bit was clear). */
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bitset.h"
#include "helpers.h"

/* A graph of n positions, each with deg moves to random ones (some into a second set,
 * "out", standing for another layer's positions). */
struct graph {
    uint64_t n;
    int deg;
    uint64_t *to; /* to[i * deg + k] */
    bool *leaves; /* to[i * deg + k] names a position of out, not of the layer */
    struct bitset *out;
    int calls; /* expansions, counted by one thread at a time (atomic) */
};

static int expand(void *ctx, void *scratch, const struct bitset_closure *c, uint64_t i)
{
    struct graph *gr = ctx;
    /* the scratch is the thread's own and kept: zeroed at first, it counts its calls */
    uint64_t *mine = scratch;
    (*mine)++;
    __atomic_add_fetch(&gr->calls, 1, __ATOMIC_RELAXED);
    int any = 0;
    for (int k = 0; k < gr->deg; k++) {
        uint64_t j = gr->to[i * (uint64_t)gr->deg + (uint64_t)k];
        if (gr->leaves[i * (uint64_t)gr->deg + (uint64_t)k])
            bitset_set(gr->out, j);
        else
            any |= bitset_closure_mark(c, j);
    }
    return any;
}

struct reports {
    uint64_t last, count;
    bool backwards, elsewhere;
    pthread_t caller; /* the thread that called bitset_close */
};

static void heard(void *arg, uint64_t done)
{
    struct reports *r = arg;
    if (done < r->last) r->backwards = true;
    if (!pthread_equal(pthread_self(), r->caller)) r->elsewhere = true;
    r->last = done;
    r->count++;
}

/* bitset_close of r under gr's moves on that many threads, its progress heard into rep. */
static void close_on_threads(struct bitset *r, struct graph *gr, int threads, struct reports *rep)
{
    struct bitset_progress progress = {.fn = heard, .arg = rep};
    int before = omp_get_max_threads();
    omp_set_num_threads(threads);
    ck_assert_int_eq(bitset_close(r, expand, gr, &progress), 0);
    omp_set_num_threads(before);
}

START_TEST(closure_is_breadth_first_search)
{
    uint64_t seed = 0x5eed + (uint64_t)_i;
    int threads = _i % 2 + 1;
    struct graph gr = {.n = 1000 + splitmix(&seed) % 300000, .deg = 1 + _i % 3};
    uint64_t m = gr.n * (uint64_t)gr.deg;
    gr.to = malloc(m * sizeof *gr.to);
    gr.leaves = malloc(m * sizeof *gr.leaves);
    ck_assert(gr.to && gr.leaves);
    for (uint64_t e = 0; e < m; e++) {
        gr.leaves[e] = splitmix(&seed) % 8 == 0;
        /* mostly near, so that the search takes many rounds */
        uint64_t i = e / (uint64_t)gr.deg, step = splitmix(&seed) % 64;
        gr.to[e] = splitmix(&seed) % 16 ? (i + step) % gr.n : splitmix(&seed) % gr.n;
    }
    struct bitset r, out;
    ck_assert_int_eq(bitset_alloc(&r, gr.n), 0);
    ck_assert_int_eq(bitset_alloc(&out, gr.n), 0);
    gr.out = &out;
    /* the plain search: a queue */
    uint64_t *queue = malloc(gr.n * sizeof *queue), head = 0, tail = 0;
    bool *seen = calloc(gr.n, 1), *seen_out = calloc(gr.n, 1);
    ck_assert(queue && seen && seen_out);
    for (int s = 0; s < 3; s++) {
        uint64_t i = splitmix(&seed) % gr.n;
        bitset_set(&r, i);
        if (!seen[i]) seen[i] = true, queue[tail++] = i;
    }
    while (head < tail) {
        uint64_t i = queue[head++];
        for (int k = 0; k < gr.deg; k++) {
            uint64_t e = i * (uint64_t)gr.deg + (uint64_t)k, j = gr.to[e];
            if (gr.leaves[e])
                seen_out[j] = true;
            else if (!seen[j])
                seen[j] = true, queue[tail++] = j;
        }
    }
    struct reports rep = {.caller = pthread_self()};
    close_on_threads(&r, &gr, threads, &rep);
    for (uint64_t i = 0; i < gr.n; i++) {
        ck_assert_int_eq(bitset_get(&r, i), seen[i]);
        ck_assert_int_eq(bitset_get(&out, i), seen_out[i]);
    }
    /* each position reached expanded once; progress never goes back nor past them */
    ck_assert_uint_eq((uint64_t)gr.calls, tail);
    ck_assert_uint_eq(bitset_count(&r), tail);
    ck_assert(!rep.backwards);
    ck_assert(!rep.elsewhere);
    ck_assert_uint_le(rep.last, tail);
    bitset_free(&r);
    bitset_free(&out);
    free(queue);
    free(seen);
    free(seen_out);
    free(gr.to);
    free(gr.leaves);
}
END_TEST

/* A round of 2^18 positions (every one set at the start, each leading to the next):
 * progress is heard, on the calling thread, never past the positions. */
START_TEST(closure_reports_progress)
{
    int threads = _i + 1;
    struct graph gr = {.n = 1 << 18, .deg = 1};
    gr.to = malloc(gr.n * sizeof *gr.to);
    gr.leaves = calloc(gr.n, sizeof *gr.leaves);
    ck_assert(gr.to && gr.leaves);
    for (uint64_t i = 0; i < gr.n; i++) gr.to[i] = (i + 1) % gr.n;
    struct bitset r, out;
    ck_assert_int_eq(bitset_alloc(&r, gr.n), 0);
    ck_assert_int_eq(bitset_alloc(&out, 1), 0);
    gr.out = &out;
    for (uint64_t i = 0; i < gr.n; i++) bitset_set(&r, i);
    struct reports rep = {.caller = pthread_self()};
    close_on_threads(&r, &gr, threads, &rep);
    ck_assert_uint_eq((uint64_t)gr.calls, gr.n);
    /* one thread alone reports at every 2^16 it expands; with two, thread 0 reports what
     * share it happened to take, possibly none */
    if (threads == 1) ck_assert_uint_eq(rep.count, gr.n >> 16);
    ck_assert(!rep.backwards && !rep.elsewhere);
    ck_assert_uint_le(rep.last, gr.n);
    bitset_free(&r);
    bitset_free(&out);
    free(gr.to);
    free(gr.leaves);
}
END_TEST

START_TEST(set_says_whether_clear)
{
    struct bitset b;
    ck_assert_int_eq(bitset_alloc(&b, 130), 0);
    ck_assert_int_eq(bitset_set(&b, 129), 1);
    ck_assert_int_eq(bitset_set(&b, 129), 0);
    ck_assert_int_eq(bitset_set(&b, 0), 1);
    ck_assert_int_eq(bitset_get(&b, 64), 0);
    ck_assert_int_eq(bitset_get(&b, 129), 1);
    ck_assert_uint_eq(bitset_count(&b), 2);
    bitset_free(&b);
}
END_TEST

Suite *bitset_suite(void)
{
    Suite *s = suite_create("bitset");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, closure_is_breadth_first_search, 0, 12);
    tcase_add_loop_test(tc, closure_reports_progress, 0, 2);
    tcase_add_test(tc, set_says_whether_clear);
    suite_add_tcase(s, tc);
    return s;
}
