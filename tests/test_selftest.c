/* The move graph's self-test (selftest.h): nothing wrong with the layers as they are, and a
 * layer whose predecessors miss one now and then caught. */
#include <stdlib.h>
#include <string.h>

#include "bc_layers.h"
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

/* A layer whose predecessors miss one now and then, as a bug would. */
static int (*real_predecessors)(void *ctx, uint64_t i, uint64_t *pred);

static int drop_a_predecessor(void *ctx, uint64_t i, uint64_t *pred)
{
    int k = real_predecessors(ctx, i, pred);
    return k > 1 && i % 7 == 3 ? k - 1 : k;
}

static void describe_index(void *arg, uint64_t i, char *buf, size_t len)
{
    (void)arg;
    snprintf(buf, len, "position %llu", (unsigned long long)i);
}

/* ... and the self-test catches it, naming a faulty position. */
START_TEST(selftest_fails_on_a_broken_graph)
{
    struct game g = setup("baghchal", "standard", "4x4");
    struct symmap *sm = symmap_for(g.board);
    struct bc_layer l;
    ck_assert_int_eq(bc_layer_init(&l, &g, sm, g.captures_to_win - 1), 0); /* no next layer */
    struct retro_layer R = bc_layer_retro(&l);
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
    bc_layer_free(&l);
    free(sm);
}
END_TEST

Suite *selftest_suite(void)
{
    Suite *s = suite_create("selftest");
    TCase *tc = tcase_create("selftest");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, selftest_passes);
    tcase_add_test(tc, selftest_fails_on_a_broken_graph);
    suite_add_tcase(s, tc);
    return s;
}
