/* Bagh-Chal's reachable positions (bc_reach.h): on 3x3 the classes found forward against a
 * breadth-first search over raw states (tests/bc_brute.c), each way of stepping under each
 * rule set; pushing and pulling a placement step alike on 4x4. */
#include <stdlib.h>
#include <string.h>

#include "bc_reach.h"
#include "bc_brute.h"
#include "helpers.h"

/* Reachability on 3x3: classes found forward by bc_reach against a breadth-first search
 * over raw states with the rules engine's moves (passes included under goat-pass), each
 * way of stepping under each rule set. */
START_TEST(reach_3x3)
{
    const int ways = BC_REACH_PULL + 1;
    bc_reach_way = _i % ways;
    struct game g = setup("baghchal", _i / ways ? "goat-pass" : "standard", "3x3");
    struct symmap *sm = symmap_for(g.board);
    struct brute br;
    brute_enumerate(&br, &g, true);
    char *seen = reached_raw(&g, &br);
    struct position start = g.ops->start(&g);
    struct pair_index ix[5];
    for (int k = 0; k <= 4; k++) ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k, 0), 0);
    struct bc_reach_place G[4], T[5];
    struct bitset move;
    ck_assert_int_eq(bitset_alloc(&move, 2 * ix[4].size), 0);
    for (int p = 0; p <= 3; p++) {
        G[p].ix = T[p + 1].ix = &ix[p];
        T[p + 1].ix = &ix[p + 1];
        ck_assert_int_eq(bitset_alloc(&G[p].r, ix[p].size), 0);
        ck_assert_int_eq(bitset_alloc(&T[p + 1].r, ix[p + 1].size), 0);
    }
    bitset_set(&G[0].r, pair_index_rank(&ix[0], start.men[1], start.men[0]));
    for (int p = 0; p <= 3; p++) {
        bc_reach_from_goats(&g, &G[p], p == 3 ? &ix[4] : &ix[p + 1], p == 3 ? &move : &T[p + 1].r,
                            p == 3);
        if (p < 3) bc_reach_from_tigers(&g, &T[p + 1], &G[p + 1], 1);
    }
    ck_assert_int_eq(bc_reach_movement(&g, &ix[4], &move, NULL, NULL, NULL), 0);
    int reached = 0;
    for (int i = 0; i < br.n; i++) {
        const struct position *q = &br.pos[i];
        int p = g.side_men[0] - q->inhand;
        uint64_t r = pair_index_rank(&ix[bits_count(q->men[0])], q->men[1], q->men[0]);
        int got = q->inhand == 0 ? bitset_get(&move, 2 * r + (uint64_t)q->side)
                  : q->side == 0 ? bitset_get(&G[p].r, r)
                                 : bitset_get(&T[p].r, r);
        char fen[64];
        g.ops->format(&g, q, fen, sizeof fen);
        CHECK(got == seen[i], "%s: reach %d, breadth-first search %d", fen, got, seen[i]);
        reached += seen[i];
    }
    ck_assert_int_gt(reached, 100);
    /* Passes reach 8 raw states that standard play does not (the search's count): so the
     * goat-pass case does exercise them. */
    ck_assert_int_eq(reached, _i / ways ? 3580 : 3572);
    for (int p = 0; p <= 3; p++) {
        bitset_free(&G[p].r);
        bitset_free(&T[p + 1].r);
    }
    bitset_free(&move);
    for (int k = 0; k <= 4; k++) pair_index_free(&ix[k]);
    free(seen);
    free(br.pos);
    free(br.code);
    free(sm);
    bc_reach_way = BC_REACH_AUTO;
}
END_TEST

/* Pushing and pulling a placement step give the same next layers, captures included: 4x4,
 * random reached sets of every density. */
static void random_bits(struct bitset *b, unsigned *seed, int percent)
{
    for (uint64_t i = 0; i < b->n; i++)
        if ((int)(rand_r(seed) % 100) < percent) bitset_set(b, i);
}

START_TEST(reach_push_pull_4x4)
{
    struct game g = setup("baghchal", "standard", "4x4");
    struct symmap *sm = symmap_for(g.board);
    enum { P = 5, NC = 4 }; /* 5 goats placed, 0..3 captured */
    struct pair_index ix[P + 2];
    for (int k = 0; k <= P + 1; k++)
        ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k, 0), 0);
    unsigned seed = 7;
    for (int percent = 0; percent <= 100; percent += 25) {
        struct bc_reach_place gp[NC], tp[NC], out[2][NC];
        struct bitset move[2];
        for (int c = 0; c < NC; c++) {
            gp[c].ix = tp[c].ix = out[0][c].ix = out[1][c].ix = &ix[P - c];
            ck_assert_int_eq(bitset_alloc(&gp[c].r, ix[P - c].size), 0);
            ck_assert_int_eq(bitset_alloc(&tp[c].r, ix[P - c].size), 0);
            random_bits(&gp[c].r, &seed, percent);
            random_bits(&tp[c].r, &seed, percent);
        }
        for (int way = 0; way < 2; way++) {
            bc_reach_way = way ? BC_REACH_PULL : BC_REACH_PUSH;
            for (int c = 0; c < NC; c++)
                ck_assert_int_eq(bitset_alloc(&out[way][c].r, ix[P - c].size), 0);
            bc_reach_from_tigers(&g, tp, out[way], NC);
            ck_assert_int_eq(bitset_alloc(&move[way], 2 * ix[P + 1].size), 0);
            bc_reach_from_goats(&g, &gp[0], &ix[P + 1], &move[way], 1);
        }
        for (int c = 0; c < NC; c++) {
            ck_assert(memcmp(out[0][c].r.w, out[1][c].r.w, (out[0][c].r.n / 64 + 1) * 8) == 0);
            if (percent) ck_assert_uint_gt(bitset_count(&out[0][c].r), 0);
        }
        ck_assert(memcmp(move[0].w, move[1].w, (move[0].n / 64 + 1) * 8) == 0);
        ck_assert_uint_eq(bitset_count(&move[0]) > 0, percent > 0);
        for (int c = 0; c < NC; c++) {
            bitset_free(&gp[c].r);
            bitset_free(&tp[c].r);
            bitset_free(&out[0][c].r);
            bitset_free(&out[1][c].r);
        }
        bitset_free(&move[0]);
        bitset_free(&move[1]);
    }
    bc_reach_way = BC_REACH_AUTO;
    for (int k = 0; k <= P + 1; k++) pair_index_free(&ix[k]);
    free(sm);
}
END_TEST

Suite *bc_reach_suite(void)
{
    Suite *s = suite_create("bc_reach");
    TCase *tc = tcase_create("bc_reach");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, reach_3x3, 0, 2 * (BC_REACH_PULL + 1)); /* ways x rule sets */
    tcase_add_test(tc, reach_push_pull_4x4);
    suite_add_tcase(s, tc);
    return s;
}
