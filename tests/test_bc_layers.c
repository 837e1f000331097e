/* Bagh-Chal's movement layers (bc_layers.h) solved by the engines, on the small boards and
 * both rule sets, against a plain brute-force fixpoint over every raw position
 * (tests/bc_brute.c); every engine alike; a damaged entry caught by the verifier. */
#include <stdlib.h>
#include <string.h>

#include "bc_layers.h"
#include "bc_brute.h"
#include "helpers.h"

static void check_against_brute(const char *board, const char *rules)
{
    struct game g = setup("baghchal", rules, board);
    struct symmap *sm = symmap_for(g.board);
    struct brute br;
    brute_enumerate(&br, &g, false);
    brute_solve(&br, &g);
    struct bc_layer layers[8];
    for (int c = g.capture_goal - 1; c >= 0; c--) {
        ck_assert_int_eq(bc_layer_init(&layers[c], &g, sm, c), 0);
        layers[c].next = c + 1 < g.capture_goal ? &layers[c + 1] : NULL;
        struct retro_layer R = bc_layer_retro(&layers[c]);
        layers[c].res = malloc(R.size * sizeof *layers[c].res);
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, layers[c].res, &st), 0);
        uint64_t bad[4];
        int nbad;
        ck_assert_uint_eq(retro_verify(&R, layers[c].res, 0, bad, 4, &nbad), 0);
        /* the 8-byte bucket entries of layers past 2^30 positions give the same codes */
        retro_code *wide = malloc(R.size * sizeof *wide);
        R.bucket_bytes = 8;
        ck_assert_int_eq(retro_solve(&R, wide, &st), 0);
        ck_assert_int_eq(memcmp(wide, layers[c].res, R.size * sizeof *wide), 0);
        /* and so does the compact engine, which keeps nothing but the codes */
        R.bucket_bytes = 0;
        R.compact = true;
        ck_assert_int_eq(retro_solve(&R, wide, &st), 0);
        ck_assert_int_eq(memcmp(wide, layers[c].res, R.size * sizeof *wide), 0);
        free(wide);
    }
    uint64_t decided = 0;
    for (int i = 0; i < br.n; i++) {
        const struct position *p = &br.pos[i];
        int c = g.side_men[0] - bits_count(p->men[0]);
        uint64_t q = bc_layer_position_index(&layers[c], p->men[1], p->men[0], p->side);
        char fen[64];
        g.ops->format(&g, p, fen, sizeof fen);
        CHECK(layers[c].res[q] == br.code[i], "%s %s %s: engine %d, brute force %d", board, rules,
              fen, layers[c].res[q], br.code[i]);
        decided += br.code[i] != 0;
    }
    ck_assert_uint_gt(decided, 0);
    /* A damaged entry is caught by the verifier. */
    struct retro_layer R = bc_layer_retro(&layers[0]);
    layers[0].res[0] ^= 2;
    uint64_t bad[4];
    int nbad;
    ck_assert_uint_gt(retro_verify(&R, layers[0].res, 0, bad, 4, &nbad), 0);
    for (int c = 0; c < g.capture_goal; c++) bc_layer_free(&layers[c]);
    free(br.pos);
    free(br.code);
    free(sm);
}

START_TEST(movement_3x3)
{
    check_against_brute("3x3", "standard");
    check_against_brute("3x3", "goat-pass");
}
END_TEST

START_TEST(movement_4x4)
{
    check_against_brute("4x4", "standard");
    check_against_brute("4x4", "goat-pass");
}
END_TEST

Suite *bc_layers_suite(void)
{
    Suite *s = suite_create("bc_layers");
    TCase *tc = tcase_create("bc_layers");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, movement_3x3);
    tcase_add_test(tc, movement_4x4);
    suite_add_tcase(s, tc);
    return s;
}
