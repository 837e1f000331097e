/* The move graph's self-test (selftest.h): nothing wrong with the layers as they are, and
 * bugs planted through the game's hooks caught: an engine whose predecessors miss one now
 * and then, rules whose moves() forgets one. */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "selftest.h"

/* The move graph's self-test finds nothing wrong with the layers as they are, on every
 * rule set of the small boards and the small materials, and checks every position when
 * asked to. */
START_TEST(selftest_passes)
{
    const char *games[][3] = {{"baghchal", "standard", "3x3"},
                              {"baghchal", "goat-pass", "3x3"},
                              {"sixteen", "optional", NULL},
                              {"sixteen", "forced", NULL}};
    for (int k = 0; k < 4; k++) {
        struct game g = setup(games[k][0], games[k][1], games[k][2]);
        struct selftest_result r;
        char err[200];
        ck_assert_msg(selftest_moves(&g, 3, 0, NULL, NULL, &r, err, sizeof err) == 0, "%s", err);
        ck_assert_msg(r.faults == 0, "%s %s: %llu faulty positions", games[k][0], games[k][1],
                      (unsigned long long)r.faults);
        /* 3x3: c0 and 7 placement layers; materials 1+1 and 2+1 */
        ck_assert_int_eq(r.layers, (k < 2 ? 8 : 2));
        ck_assert_uint_eq(r.checked, r.positions);
        ck_assert_uint_gt(r.links, r.checked);
    }
    struct game nr = setup("baghchal", "no-repeat", "3x3");
    struct selftest_result r;
    char err[200];
    ck_assert_int_eq(selftest_moves(&nr, 0, 0, NULL, NULL, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "no layers") != NULL, "%s", err);
}
END_TEST

/* Bugs, planted through the game's hooks: an engine whose predecessors miss one now and
 * then, and rules whose moves() forgets one. The hooks they wrap are kept here, as a hook
 * has no argument of the test's. */
static int (*real_predecessors)(void *ctx, uint64_t i, uint64_t *pred);
static int (*real_engine_open)(const struct game *g, void *ix, const struct layer_key *k,
                               const struct held_layer *kids, int nkids, int dtc_limit,
                               struct retro_layer *L, char *err, size_t errlen);
static int (*real_moves)(const struct game *g, const struct position *pos, struct movelist *l);

static int drop_a_predecessor(void *ctx, uint64_t i, uint64_t *pred)
{
    int k = real_predecessors(ctx, i, pred);
    return k > 1 && i % 7 == 3 ? k - 1 : k;
}

static int open_dropping_predecessors(const struct game *g, void *ix, const struct layer_key *k,
                                      const struct held_layer *kids, int nkids, int dtc_limit,
                                      struct retro_layer *L, char *err, size_t errlen)
{
    int rc = real_engine_open(g, ix, k, kids, nkids, dtc_limit, L, err, errlen);
    if (rc == 0) {
        real_predecessors = L->predecessors;
        L->predecessors = drop_a_predecessor;
    }
    return rc;
}

/* Forgets the last move of every position with more than one. */
static int forget_a_move(const struct game *g, const struct position *pos, struct movelist *l)
{
    int n = real_moves(g, pos, l);
    if (n > 1) l->n = --n;
    return n;
}

/* A report that keeps the first faulty layer. */
static int keep_first_fault(void *arg, const struct game *g, const struct selftest_layer *l)
{
    (void)g;
    struct selftest_layer *first = arg;
    if (l->faults && !first->faults) *first = *l;
    return 0;
}

static void describe_index(void *arg, uint64_t i, char *buf, size_t len)
{
    (void)arg;
    snprintf(buf, len, "position %llu", (unsigned long long)i);
}

/* ... and the self-test catches it, naming a faulty position: one layer's engine, opened
 * through the game's interface, and the whole test of each game. */
START_TEST(selftest_fails_on_a_broken_graph)
{
    struct game g = setup("baghchal", "standard", "4x4");
    const struct game_layers *gl = g.ops->layers;
    struct layer_key k = {{0, g.capture_goal - 1, 0, 0}}; /* no children */
    ck_assert_int_eq(gl->children(&g, &k, NULL, 0), 0);
    void *ix = gl->index_new(&g, 0);
    struct retro_layer R;
    char err[200];
    ck_assert_msg(gl->engine_open(&g, ix, &k, NULL, 0, 0, &R, err, sizeof err) == 0, "%s", err);
    struct selftest_layer out = {0};
    ck_assert_int_eq(selftest_layer_graph(&R, 0, describe_index, NULL, &out), 0);
    ck_assert_uint_eq(out.faults, 0);
    ck_assert_uint_eq(out.checked, R.size);
    real_predecessors = R.predecessors;
    R.predecessors = drop_a_predecessor;
    memset(&out, 0, sizeof out);
    ck_assert_int_eq(selftest_layer_graph(&R, 0, describe_index, NULL, &out), 0);
    ck_assert_uint_gt(out.faults, 0);
    ck_assert_int_eq(out.nexamples, SELFTEST_EXAMPLES);
    ck_assert_msg(strstr(out.examples[0], "predecessor") != NULL, "%s", out.examples[0]);
    gl->engine_close(&R);
    gl->index_free(ix);
}
END_TEST

/* One game's whole self-test with its engines' predecessors broken (moves false) or its
 * moves() (true): faults found, the first example's words. */
static void expect_faults(const char *name, const char *rules, const char *board, bool moves,
                          const char *words)
{
    struct game g = setup(name, rules, board);
    struct game_ops ops = *g.ops;
    struct game_layers gl = *ops.layers;
    real_engine_open = gl.engine_open;
    real_moves = ops.moves;
    if (moves)
        ops.moves = forget_a_move;
    else
        gl.engine_open = open_dropping_predecessors;
    ops.layers = &gl;
    g.ops = &ops;
    struct selftest_result r;
    char err[200];
    struct selftest_layer first = {0};
    ck_assert_msg(selftest_moves(&g, 3, 0, keep_first_fault, &first, &r, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(r.faults > 0, "%s %s: no fault found", name, rules);
    ck_assert_int_gt(first.nexamples, 0);
    ck_assert_msg(strstr(first.examples[0], words) != NULL, "%s %s: %s", name, rules,
                  first.examples[0]);
}

START_TEST(selftest_fails_through_the_hooks)
{
    expect_faults("baghchal", "standard", "3x3", false, "predecessor");
    expect_faults("sixteen", "optional", NULL, false, "predecessor");
    expect_faults("baghchal", "goat-pass", "3x3", true, "moves()");
    expect_faults("sixteen", "forced", NULL, true, "moves()");
}
END_TEST

/* A fold of an acyclic layer that never reads a successor with a man on the first point
 * (as if won for the opponent): the real fold_successors, its probe wrapped. */
static int (*real_fold_successors)(const struct game *g, const struct position *pos,
                                   int (*probe)(void *arg, const struct position *succ,
                                                uint16_t *code),
                                   void *arg, uint16_t *code);
static int (*real_probe)(void *arg, const struct position *succ, uint16_t *code);

static int probe_skipping_the_first_point(void *arg, const struct position *succ, uint16_t *code)
{
    if ((succ->men[0] | succ->men[1]) & 1) return *code = 2, 0;
    return real_probe(arg, succ, code);
}

static int fold_skipping_the_first_point(const struct game *g, const struct position *pos,
                                         int (*probe)(void *arg, const struct position *succ,
                                                      uint16_t *code),
                                         void *arg, uint16_t *code)
{
    real_probe = probe;
    return real_fold_successors(g, pos, probe_skipping_the_first_point, arg, code);
}

/* The acyclic layers' check catches a fold that misses a successor, naming it, through the
 * game's fold_successors alone. */
START_TEST(selftest_fails_on_a_broken_fold)
{
    struct game g = setup("baghchal", "standard", "3x3");
    struct game_ops ops = *g.ops;
    struct game_layers gl = *ops.layers;
    real_fold_successors = gl.fold_successors;
    gl.fold_successors = fold_skipping_the_first_point;
    ops.layers = &gl;
    g.ops = &ops;
    struct selftest_result r;
    char err[200];
    struct selftest_layer first = {0};
    ck_assert_msg(selftest_moves(&g, 3, 0, keep_first_fault, &first, &r, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(r.faults > 0, "no fault found");
    ck_assert_str_eq(first.kind, "placement");
    ck_assert_msg(strstr(first.examples[0], "does not read the successor") != NULL, "%s",
                  first.examples[0]);
}
END_TEST

Suite *selftest_suite(void)
{
    Suite *s = suite_create("selftest");
    TCase *tc = tcase_create("selftest");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, selftest_passes);
    tcase_add_test(tc, selftest_fails_on_a_broken_graph);
    tcase_add_test(tc, selftest_fails_through_the_hooks);
    tcase_add_test(tc, selftest_fails_on_a_broken_fold);
    suite_add_tcase(s, tc);
    return s;
}
