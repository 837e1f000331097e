/* The retrograde engines (retro.h; the plain one and the compact one): on random small
 * graphs, for DTM and for the counting rule, codes that re-derive from their successors,
 * both engines alike, stopped and taken up again; a layer shared among threads playing
 * processes; retro_verify's samples; a chain longer than the compact engine's levels. */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "retro.h"
#include "share_sim.h"

/* Random small graphs, given as lists: each engine, for DTM and for the counting rule, gives
 * codes that re-derive from their successors (retro_verify), and both engines give the
 * same. Exits of every kind and positions with no move at all are common here, so that the
 * orders in which a level's decisions meet (an exit win of a level and a loss of the same
 * level reaching it) are met, as in no real game this small. */
#define G_N 48
#define G_MOVES 4
struct graph {
    int nsucc[G_N], succ[G_N][G_MOVES];
    int npred[G_N], pred[G_N][G_N * G_MOVES];
    struct move_fold ex[G_N];
};

static int graph_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    const struct graph *g = ctx;
    for (int k = 0; k < g->nsucc[i]; k++) succ[k] = (uint64_t)g->succ[i][k];
    *ex = g->ex[i];
    return g->nsucc[i];
}

static int graph_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct graph *g = ctx;
    for (int k = 0; k < g->npred[i]; k++) pred[k] = (uint64_t)g->pred[i][k];
    return g->npred[i];
}

/* The layer of a random graph; max_moves 254 for the compact engine (8-bit counters). */
static struct retro_layer graph_layer(struct graph *g, int max_moves)
{
    return (struct retro_layer){.size = G_N,
                                .max_moves = max_moves,
                                .ctx = g,
                                .expand = graph_expand,
                                .predecessors = graph_predecessors};
}

static void random_graph(struct graph *g, uint64_t *seed)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < G_N; i++) {
        int want = (int)(splitmix(seed) % (G_MOVES + 1));
        for (int k = 0; k < want; k++) {
            int j = (int)(splitmix(seed) % G_N), dup = 0;
            for (int t = 0; t < g->nsucc[i]; t++) dup |= g->succ[i][t] == j;
            if (dup) continue;
            g->succ[i][g->nsucc[i]++] = j;
            g->pred[j][g->npred[j]++] = i;
        }
        /* exits to codes: a draw, or a decision within a few half-moves */
        for (int e = (int)(splitmix(seed) % 3); e > 0; e--) {
            uint64_t r = splitmix(seed) % 8;
            move_fold_add(&g->ex[i], r == 0 ? RETRO_DRAW : (retro_code)r);
        }
    }
}

/* A compact solve's saved state, kept in memory: save stops the solve at the stop-th
 * save; restore gives the state back. */
struct saved {
    retro_code res[G_N];
    int level, highest, saves, stop;
};

static int save_state(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct saved *s = arg;
    if (++s->saves < s->stop) return 0;
    memcpy(s->res, res, n * sizeof *res);
    s->level = level;
    s->highest = highest;
    return 1;
}

static int restore_state(void *arg, retro_code *res, uint64_t n, int *level, int *highest)
{
    const struct saved *s = arg;
    if (!s->saves) return -1; /* nothing saved */
    memcpy(res, s->res, n * sizeof *res);
    *level = s->level;
    *highest = s->highest;
    return 0;
}

/* A chain: position i's one move leads to i - 1, and position 0 has none (lost in 0), so
 * position i is decided in i half-moves, past the levels at which an exit win's code could
 * be mistaken for a value (the compact engine's PENDING_MAX, 15871). */
#define CHAIN 16300
static int chain_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    (void)ctx, (void)ex;
    if (i == 0) return 0;
    succ[0] = i - 1;
    return 1;
}

static int chain_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    (void)ctx;
    if (i + 1 >= CHAIN) return 0;
    pred[0] = i + 1;
    return 1;
}

START_TEST(engines_on_a_long_chain)
{
    struct retro_layer R = {
        .size = CHAIN, .max_moves = 1, .expand = chain_expand, .predecessors = chain_predecessors};
    retro_code *plain = malloc(CHAIN * sizeof *plain), *compact = malloc(CHAIN * sizeof *compact);
    struct retro_stats st;
    ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
    R.compact = true;
    ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
    for (int i = 0; i < CHAIN; i++) {
        CHECK(plain[i] == i + 1, "position %d: %d", i, plain[i]);
        CHECK(compact[i] == i + 1, "position %d: compact %d", i, compact[i]);
    }
    free(plain);
    free(compact);
}
END_TEST

/* A layer solved shared among threads playing processes (share_sim.h), into res; with
 * R.save or R.restore, each part's saves in saved[part]. */
struct shared_solve {
    struct retro_layer R;
    uint64_t bounds[SHARE_SIM_MAX + 1], round;
    int nparts;
    retro_code *res; /* the whole layer's codes: small, or a larger layer's */
    retro_code small[G_N];
    int rc[SHARE_SIM_MAX], levels[SHARE_SIM_MAX];
    struct saved saved[SHARE_SIM_MAX];
};

/* An empty shared solve of a random graph's size. */
static void shared_reset(struct shared_solve *s)
{
    memset(s, 0, sizeof *s);
    s->res = s->small;
}

/* 1 to SHARE_SIM_MAX slices of random lengths over n positions, some empty. */
static void random_slices(struct shared_solve *s, uint64_t n, uint64_t *seed)
{
    s->nparts = 1 + (int)(splitmix(seed) % SHARE_SIM_MAX);
    for (int p = 1; p < s->nparts; p++) s->bounds[p] = splitmix(seed) % (n + 1);
    s->bounds[s->nparts] = n;
    for (int p = 1; p < s->nparts; p++) /* sorted */
        for (int q = p; q > 1 && s->bounds[q - 1] > s->bounds[q]; q--) {
            uint64_t x = s->bounds[q];
            s->bounds[q] = s->bounds[q - 1];
            s->bounds[q - 1] = x;
        }
}

/* A slice's save: the state kept, as a file would be, and the stop-th save (from 1; 0:
 * none) failing after it, as a run killed just after it wrote its checkpoint. */
static int slice_save(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct saved *s = arg;
    memcpy(s->res, res, n * sizeof *res);
    s->level = level;
    s->highest = highest;
    return ++s->saves == s->stop;
}

/* The graph's moves, counting how often a position's moves are generated: the initial pass
 * does it for every position, a solve taken up midway for far fewer. */
struct counted {
    struct graph *g;
    long expands;
};
static int counted_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    struct counted *c = ctx;
    __atomic_add_fetch(&c->expands, 1, __ATOMIC_RELAXED);
    return graph_expand(c->g, i, succ, ex);
}
static int counted_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    return graph_predecessors(((struct counted *)ctx)->g, i, pred);
}

static void shared_part(void *ctx, int part, void *arg)
{
    struct shared_solve *s = ctx;
    struct retro_share S = {.nparts = s->nparts,
                            .part = part,
                            .bounds = s->bounds,
                            .exchange = share_sim_exchange,
                            .reduce = share_sim_reduce,
                            .arg = arg,
                            .round = s->round};
    struct retro_stats st;
    struct retro_layer R = s->R;
    R.save_arg = &s->saved[part];
    s->rc[part] = retro_solve_shared(&R, &S, s->res + s->bounds[part], &st);
    s->levels[part] = st.levels;
}

/* Every part's return and levels must agree; returns the first's. */
static int sim_solve(struct shared_solve *s)
{
    share_sim_run(s->nparts, s->bounds, shared_part, s);
    for (int p = 0; p < s->nparts; p++) {
        ck_assert_int_eq(s->rc[p], s->rc[0]);
        ck_assert_int_eq(s->levels[p], s->levels[0]);
    }
    return s->rc[0];
}

START_TEST(shared_engine_on_random_graphs)
{
    uint64_t seed = 29;
    struct graph *g = malloc(sizeof *g);
    struct shared_solve *s = malloc(sizeof *s);
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(s);
    int sent = 0;
    for (int round = 0; round < 300; round++) {
        random_graph(g, &seed);
        struct retro_layer R = graph_layer(g, 254);
        retro_code plain[G_N];
        struct retro_stats st;
        R.compact = true; /* whose levels it counts alike */
        ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
        R.compact = false;
        /* 1 to SHARE_SIM_MAX slices of random lengths, some empty; rounds of a few positions or
         * of all of them */
        shared_reset(s);
        s->R = R;
        random_slices(s, G_N, &seed);
        s->round = round % 2 ? 1 + splitmix(&seed) % 9 : 0;
        memset(s->res, 0xee, sizeof s->small);
        ck_assert_int_eq(sim_solve(s), 0);
        ck_assert_int_eq(s->levels[0], st.levels);
        for (int i = 0; i < G_N; i++)
            CHECK(plain[i] == s->res[i], "round %d (%d slices) position %d: %d, shared %d", round,
                  s->nparts, i, plain[i], s->res[i]);
        sent += s->nparts > 1;
    }
    ck_assert_int_gt(sent, 200);
    /* saved after every level, one slice's save failing: all stop; taken up from the
     * saves, the same codes; taken up when one slice's save is of another level, or one
     * has none, all start afresh, and the same codes again */
    int resumed = 0;
    struct counted cg = {g, 0};
    for (int round = 0; round < 300; round++) {
        random_graph(g, &seed);
        struct retro_layer R = {.size = G_N,
                                .max_moves = 254,
                                .ctx = &cg,
                                .expand = counted_expand,
                                .predecessors = counted_predecessors,
                                .compact = true};
        retro_code plain[G_N];
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
        shared_reset(s);
        s->R = R;
        s->R.save = slice_save;
        s->nparts = 2 + round % (SHARE_SIM_MAX - 1);
        for (int p = 1; p <= s->nparts; p++) s->bounds[p] = (uint64_t)G_N * p / s->nparts;
        int stopper = (int)(splitmix(&seed) % (uint64_t)s->nparts);
        s->saved[stopper].stop = 1 + round % 3;
        share_sim_run(s->nparts, s->bounds, shared_part, s);
        if (s->rc[stopper] == 0) continue; /* too few levels to stop */
        for (int p = 0; p < s->nparts; p++) {
            ck_assert_int_eq(s->rc[p], p == stopper ? -1 : -2);
            ck_assert_int_eq(s->saved[p].level, s->saved[0].level);
        }
        s->R.save = NULL;
        s->R.restore = restore_state;
        int odd = round % 3 == 2 ? (int)(splitmix(&seed) % (uint64_t)s->nparts) : -1;
        if (odd >= 0 && round % 2)
            s->saved[odd].level += 1;
        else if (odd >= 0)
            s->saved[odd].saves = 0; /* restore_state: nothing saved */
        memset(s->res, 0xee, sizeof s->small);
        cg.expands = 0;
        ck_assert_int_eq(sim_solve(s), 0);
        for (int i = 0; i < G_N; i++)
            CHECK(plain[i] == s->res[i], "round %d (%d slices, odd %d) position %d: %d, resumed %d",
                  round, s->nparts, odd, i, plain[i], s->res[i]);
        if (odd >= 0) {
            ck_assert_int_ge(cg.expands, G_N); /* the initial pass again */
        } else {
            ck_assert_int_lt(cg.expands, G_N);
            resumed++;
        }
    }
    ck_assert_int_gt(resumed, 100);
    /* one slice's exchange fails, alone: that slice returns -1, the others -2, all ending */
    shared_reset(s);
    random_graph(g, &seed);
    s->R = graph_layer(g, 254);
    s->nparts = 3;
    s->bounds[1] = 16, s->bounds[2] = 32, s->bounds[3] = G_N;
    s->round = 4;
    share_sim_run_failing(3, s->bounds, shared_part, s, 1, 2);
    ck_assert_int_eq(s->rc[1], -1);
    ck_assert_int_eq(s->rc[0], -2);
    ck_assert_int_eq(s->rc[2], -2);
    /* what it refuses, every slice alike: the counting rule, bounds short of the layer or
     * out of order */
    shared_reset(s);
    s->R = graph_layer(g, 254);
    s->R.dtc_limit = 3;
    s->nparts = 2;
    s->bounds[1] = 10, s->bounds[2] = G_N;
    ck_assert_int_eq(sim_solve(s), -1);
    s->R.dtc_limit = 0;
    s->bounds[2] = G_N - 1;
    ck_assert_int_eq(sim_solve(s), -1);
    s->nparts = 3;
    s->bounds[1] = 30, s->bounds[2] = 10, s->bounds[3] = G_N;
    ck_assert_int_eq(sim_solve(s), -1);
    free(s);
    free(g);
}
END_TEST

START_TEST(engines_on_random_graphs)
{
    uint64_t seed = 11;
    struct graph *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    int limits[] = {0, 1, 2, 3, 7}, stopped = 0;
    for (int round = 0; round < 400; round++) {
        random_graph(g, &seed);
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            struct retro_layer R = graph_layer(g, G_N * G_MOVES);
            R.dtc_limit = limits[k];
            retro_code plain[G_N], compact[G_N];
            struct retro_stats st;
            uint64_t bad[2];
            int nbad;
            ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
            CHECK(retro_verify(&R, plain, 0, bad, 2, &nbad) == 0, "round %d limit %d: verify",
                  round, limits[k]);
            R.max_moves = 254; /* the compact engine's counters are of 8 bits */
            R.compact = true;
            ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
            for (int i = 0; i < G_N; i++)
                CHECK(plain[i] == compact[i], "round %d limit %d position %d: %d, compact %d",
                      round, limits[k], i, plain[i], compact[i]);
            /* stopped after a save, at some level, and taken up again: the same codes */
            struct saved sv = {.stop = 1 + round % 3};
            R.save = save_state;
            R.save_arg = &sv;
            if (retro_solve(&R, compact, &st) == 0) continue; /* too few levels to stop */
            stopped++;
            R.save = NULL;
            R.restore = restore_state;
            memset(compact, 0xff, sizeof compact);
            ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
            for (int i = 0; i < G_N; i++)
                CHECK(plain[i] == compact[i], "round %d limit %d position %d: %d, resumed %d",
                      round, limits[k], i, plain[i], compact[i]);
        }
    }
    ck_assert_int_gt(stopped, 400);
    free(g);
}
END_TEST

/* retro_verify with a sample checks exactly the sampled positions, as the whole check
 * would: on random graphs with some codes damaged, the positions flagged from a sample of m
 * are those of the whole check's that retro_sample_index picks. */
START_TEST(verify_samples)
{
    /* k * n / m, without the overflow a plain product would have at 10 pieces */
    const uint64_t sizes[] = {1, 7, 48, 1000, 36575727440ull, UINT64_MAX / 3};
    const uint64_t samples[] = {1, 3, 47, 999, 1000000000};
    for (size_t a = 0; a < sizeof sizes / sizeof *sizes; a++)
        for (size_t b = 0; b < sizeof samples / sizeof *samples; b++) {
            uint64_t n = sizes[a], m = samples[b], last = 0;
            for (uint64_t k = 0; k < m && k < 5000; k++) {
                uint64_t i = retro_sample_index(k, n, m);
                uint64_t want = m >= n ? k : (uint64_t)((unsigned __int128)k * n / m);
                CHECK(i == want, "n %llu m %llu k %llu: %llu, not %llu", (unsigned long long)n,
                      (unsigned long long)m, (unsigned long long)k, (unsigned long long)i,
                      (unsigned long long)want);
                CHECK(k == 0 || i > last, "n %llu m %llu k %llu: not increasing",
                      (unsigned long long)n, (unsigned long long)m, (unsigned long long)k);
                last = i;
            }
            if (m < n)
                CHECK(retro_sample_index(m - 1, n, m) < n, "n %llu m %llu: past the end",
                      (unsigned long long)n, (unsigned long long)m);
        }
    uint64_t seed = 5;
    struct graph *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    int flagged_in_samples = 0;
    for (int round = 0; round < 50; round++) {
        random_graph(g, &seed);
        struct retro_layer R = graph_layer(g, G_N * G_MOVES);
        retro_code res[G_N];
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, res, &st), 0);
        for (int d = 0; d < 4; d++) res[splitmix(&seed) % G_N] ^= 1 + (retro_code)d;
        uint64_t all[G_N], bad[G_N];
        int nall, nbad;
        uint64_t wrong = retro_verify(&R, res, 0, all, G_N, &nall);
        ck_assert_uint_eq(wrong, (uint64_t)nall);
        ck_assert_uint_eq(retro_verify(&R, res, G_N + 5, bad, G_N, &nbad), wrong);
        for (uint64_t m = 1; m <= G_N; m++) {
            bool sampled[G_N] = {false}, was_bad[G_N] = {false};
            for (uint64_t k = 0; k < m; k++) sampled[retro_sample_index(k, G_N, m)] = true;
            for (int j = 0; j < nall; j++) was_bad[all[j]] = sampled[all[j]];
            uint64_t want = 0;
            for (int i = 0; i < G_N; i++) want += was_bad[i];
            uint64_t got = retro_verify(&R, res, m, bad, G_N, &nbad);
            CHECK(got == want && (uint64_t)nbad == want,
                  "round %d sample %llu: %llu flagged, "
                  "want %llu",
                  round, (unsigned long long)m, (unsigned long long)got, (unsigned long long)want);
            for (int j = 0; j < nbad; j++)
                CHECK(was_bad[bad[j]], "round %d sample %llu: position %llu flagged", round,
                      (unsigned long long)m, (unsigned long long)bad[j]);
            flagged_in_samples += (int)got;
        }
    }
    ck_assert_int_gt(flagged_in_samples, 0);
    free(g);
}
END_TEST
/* A layer of many blocks (the compact engine's scan visits only the blocks marked at a
 * level, 4096 positions each): a chain through positions scattered by a random
 * permutation, perm[k] decided in k half-moves, so each level's one chain position lies in
 * a block of its own; every other position has one exit (a draw, a win or a loss at a level
 * from 1 to past the chain's end: exit wins pending at levels all over the layer), and one
 * in 8 a move into the chain. Both engines, alone and shared among 1 to 6 slices of random
 * bounds and rounds, give the same codes; the chain's are k + 1; every code re-derives. */
#define SC_N (1u << 18)
#define SC_CHAIN 600
#define SC_NONE UINT32_MAX /* into: no move, only the exit */
struct scattered {
    uint32_t *perm, *place; /* place[perm[k]] = k; place past SC_CHAIN: not on the chain */
    uint32_t *into;         /* a position off the chain: the chain position it moves to */
    struct move_fold *ex;
    uint32_t *pred_at, *pred; /* CSR: the predecessors of i, pred[pred_at[i] .. pred_at[i + 1]) */
};

static int sc_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    const struct scattered *c = ctx;
    uint32_t k = c->place[i];
    if (k < SC_CHAIN) {
        if (k == 0) return 0;
        succ[0] = c->perm[k - 1];
        return 1;
    }
    *ex = c->ex[i];
    succ[0] = c->into[i];
    return c->into[i] != SC_NONE;
}

static int sc_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct scattered *c = ctx;
    int n = 0;
    for (uint32_t j = c->pred_at[i]; j < c->pred_at[i + 1]; j++) pred[n++] = c->pred[j];
    return n;
}

START_TEST(engines_on_a_scattered_chain)
{
    uint64_t seed = 77;
    struct scattered c;
    c.perm = malloc(SC_N * sizeof *c.perm);
    c.place = malloc(SC_N * sizeof *c.place);
    c.into = calloc(SC_N, sizeof *c.into);
    c.ex = calloc(SC_N, sizeof *c.ex);
    c.pred_at = calloc(SC_N + 1, sizeof *c.pred_at);
    c.pred = malloc(SC_N * sizeof *c.pred);
    for (uint32_t i = 0; i < SC_N; i++) c.perm[i] = i;
    for (uint32_t i = SC_N - 1; i > 0; i--) { /* Fisher-Yates */
        uint32_t j = (uint32_t)(splitmix(&seed) % (i + 1)), t = c.perm[i];
        c.perm[i] = c.perm[j];
        c.perm[j] = t;
    }
    for (uint32_t k = 0; k < SC_N; k++) c.place[c.perm[k]] = k;
    for (uint32_t i = 0; i < SC_N; i++) {
        if (c.place[i] < SC_CHAIN) continue;
        /* one in 8 moves into the chain: some 55 predecessors a chain position, within
         * max_moves */
        c.into[i] = splitmix(&seed) % 8 ? SC_NONE : c.perm[splitmix(&seed) % SC_CHAIN];
        uint64_t r = splitmix(&seed) % (SC_CHAIN + 100);
        move_fold_add(&c.ex[i], splitmix(&seed) % 4 == 0 ? RETRO_DRAW : (retro_code)(r + 1));
    }
    /* predecessors: counted, then placed; i is one of the position its move leads to */
    for (uint32_t i = 0; i < SC_N; i++) {
        uint32_t k = c.place[i];
        uint32_t to = k >= SC_CHAIN ? c.into[i] : k > 0 ? c.perm[k - 1] : SC_NONE;
        if (to != SC_NONE) c.pred_at[to + 1]++;
    }
    for (uint32_t i = 0; i < SC_N; i++) {
        ck_assert_uint_le(c.pred_at[i + 1], 254);
        c.pred_at[i + 1] += c.pred_at[i];
    }
    uint32_t *fill = malloc(SC_N * sizeof *fill);
    memcpy(fill, c.pred_at, SC_N * sizeof *fill);
    for (uint32_t i = 0; i < SC_N; i++) {
        uint32_t k = c.place[i];
        uint32_t to = k >= SC_CHAIN ? c.into[i] : k > 0 ? c.perm[k - 1] : SC_NONE;
        if (to != SC_NONE) c.pred[fill[to]++] = i;
    }
    free(fill);

    struct retro_layer R = {.size = SC_N,
                            .max_moves = 254,
                            .ctx = &c,
                            .expand = sc_expand,
                            .predecessors = sc_predecessors};
    retro_code *plain = malloc(SC_N * sizeof *plain), *compact = malloc(SC_N * sizeof *compact);
    struct retro_stats st;
    ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
    R.compact = true;
    ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
    uint64_t bad[4];
    int nbad;
    ck_assert_uint_eq(retro_verify(&R, plain, 0, bad, 4, &nbad), 0);
    for (uint32_t k = 0; k < SC_CHAIN; k++)
        CHECK(plain[c.perm[k]] == k + 1, "chain %u: %d", k, plain[c.perm[k]]);
    for (uint32_t i = 0; i < SC_N; i++)
        CHECK(compact[i] == plain[i], "position %u: compact %d, plain %d", i, compact[i], plain[i]);
    struct shared_solve *sh = malloc(sizeof *sh);
    for (int round = 0; round < 4; round++) {
        shared_reset(sh);
        sh->R = R;
        sh->res = compact;
        random_slices(sh, SC_N, &seed);
        sh->round = round % 2 ? 30000 + splitmix(&seed) % 100000 : 0;
        memset(compact, 0xee, SC_N * sizeof *compact);
        ck_assert_int_eq(sim_solve(sh), 0);
        for (uint32_t i = 0; i < SC_N; i++)
            CHECK(compact[i] == plain[i], "round %d (%d slices) position %u: shared %d, plain %d",
                  round, sh->nparts, i, compact[i], plain[i]);
    }
    free(sh);
    free(plain);
    free(compact);
    free(c.perm), free(c.place), free(c.into), free(c.ex), free(c.pred_at), free(c.pred);
}
END_TEST

Suite *retro_suite(void)
{
    Suite *s = suite_create("retro");
    TCase *tc = tcase_create("retro");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, engines_on_random_graphs);
    tcase_add_test(tc, shared_engine_on_random_graphs);
    tcase_add_test(tc, verify_samples);
    tcase_add_test(tc, engines_on_a_long_chain);
    tcase_add_test(tc, engines_on_a_scattered_chain);
    suite_add_tcase(s, tc);
    return s;
}
