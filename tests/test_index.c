/* The index (index.h): every class unranks to a position that ranks back to it, on the
 * small boards and Sixteen Soldiers; the ranks of the positions a move adds; the class
 * counts (Burnside) against the classes enumerated; the published counts of the movement
 * phase; the cursor against unranking. */
#include <stdlib.h>

#include "helpers.h"
#include "index.h"
#include "retro.h"

/* Every class unranks to a position that ranks back to it; every symmetric image of a
 * position ranks to the same class. */
static void check_index(const struct board *b, int a, int nb, uint64_t step)
{
    struct symmap *sm = symmap_for(b);
    struct pair_index ix;
    ck_assert_int_eq(pair_index_init(&ix, b, sm, a, nb, 0), 0);
    ck_assert_uint_eq(ix.raw, binomial(b->npoints, a) * binomial(b->npoints - a, nb));
    uint64_t orbit_total = 0;
    for (uint64_t i = 0; i < ix.size; i += step) {
        bits_t A, B;
        pair_index_unrank(&ix, i, &A, &B);
        ck_assert_int_eq(bits_count(A), a);
        ck_assert_int_eq(bits_count(B), nb);
        ck_assert_uint_eq(A & B, 0);
        ck_assert_uint_eq(pair_index_rank(&ix, A, B), i);
        for (int s = 0; s < sm->nsyms; s++)
            ck_assert_uint_eq(pair_index_rank(&ix, symmap_apply(sm, s, A), symmap_apply(sm, s, B)),
                              i);
        if (step == 1) orbit_total += (uint64_t)pair_index_orbit_size(&ix, i);
    }
    if (step == 1) ck_assert_uint_eq(orbit_total, ix.raw);
    pair_index_free(&ix);
    free(sm);
}

/* pair_index_rank_add_each against ranking each (A, B + p) afresh, for every class of
 * (a, nb) whose A has no symmetry, into the index of nb + 1 (B ranked by its points or by
 * its empty ones, both met as nb grows). */
static void check_add_each(const struct board *b, int a, int nb)
{
    struct symmap *sm = symmap_for(b);
    struct pair_index ix, nx;
    ck_assert_int_eq(pair_index_init(&ix, b, sm, a, nb, 0), 0);
    ck_assert_int_eq(pair_index_init(&nx, b, sm, a, nb + 1, 0), 0);
    uint64_t out[BOARD_MAX_POINTS];
    for (uint64_t i = 0; i < ix.size; i++) {
        bits_t A, B;
        if (pair_index_unrank(&ix, i, &A, &B)->nstab > 1) continue;
        struct pair_index_a pa = pair_index_lookup_a(&nx, A);
        ck_assert_int_eq(pa.sym, 0);
        int n = pair_index_rank_add_each(&nx, pa.o, B, out), k = 0;
        for (bits_t e = (BIT(b->npoints) - 1) & ~A & ~B; e; k++)
            ck_assert_uint_eq(out[k], pair_index_rank(&nx, A, B | BIT(bits_pop(&e))));
        ck_assert_int_eq(n, k);
    }
    pair_index_free(&ix);
    pair_index_free(&nx);
    free(sm);
}

START_TEST(index_add_each)
{
    for (int nb = 0; nb < 5; nb++) check_add_each(board_named("3x3"), 4, nb);
    for (int nb = 0; nb < 12; nb++) check_add_each(board_named("4x4"), 4, nb);
    check_add_each(board_named("5x5"), 4, 2);
    check_add_each(board_named("5x5"), 4, 18);
}
END_TEST

/* pair_index_rank_b_steps against ranking each (A, B - p + q) afresh, as a set: every
 * class of (a, nb), A with and without symmetries of its own, B ranked by its points or by
 * its empty ones. */
static void check_b_steps(const struct board *b, int a, int nb)
{
    struct symmap *sm = symmap_for(b);
    struct pair_index ix;
    ck_assert_int_eq(pair_index_init(&ix, b, sm, a, nb, 0), 0);
    uint64_t out[BOARD_MAX_POINTS * BOARD_MAX_DEGREE], want[BOARD_MAX_POINTS * BOARD_MAX_DEGREE];
    for (uint64_t i = 0; i < ix.size; i++) {
        bits_t A, B;
        pair_index_unrank(&ix, i, &A, &B);
        /* a symmetric image, so that the symmetry of A's lookup is not the identity */
        int s = (int)(i % (uint64_t)b->nsyms);
        A = board_map_bits(b, s, A), B = board_map_bits(b, s, B);
        bits_t empty = (BIT(b->npoints) - 1) & ~A & ~B;
        int k = 0;
        for (bits_t x = B; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                want[k++] = pair_index_rank(&ix, A, B ^ BIT(p) ^ BIT(bits_pop(&t)));
        }
        struct pair_index_a pa = pair_index_lookup_a(&ix, A);
        int n = pair_index_rank_b_steps(&ix, &pa, B, empty, out);
        ck_assert_int_eq(n, k);
        ck_assert_int_eq(retro_unique(out, n), retro_unique(want, k));
        for (int j = 0; j < n && j < k; j++) ck_assert_uint_eq(out[j], want[j]);
    }
    pair_index_free(&ix);
    free(sm);
}

START_TEST(index_b_steps)
{
    for (int nb = 0; nb < 9; nb++) check_b_steps(board_named("3x3"), 1, nb);
    for (int nb = 0; nb < 13; nb++) check_b_steps(board_named("4x4"), 3, nb);
    check_b_steps(board_named("5x5"), 1, 4);
    check_b_steps(board_named("5x5"), 4, 19);
    check_b_steps(board_named("sixteen"), 2, 3);
}
END_TEST

/* The cursor (pair_index_cursor_seek and _jump) against pair_index_unrank: classes asked
 * in order with gaps of 1 to past CURSOR_STEPS, repeats and steps back, across orbits of
 * symmetric and asymmetric A, on 4x4 (a = 1: the jaguar's index in Adugo's shape) and on
 * 5x5 with 4 tigers. */
static void check_cursor(const struct board *b, int a, int nb, uint64_t *seed)
{
    struct symmap *sm = symmap_for(b);
    struct pair_index ix;
    ck_assert_int_eq(pair_index_init(&ix, b, sm, a, nb, 0), 0);
    struct pair_index_cursor c = {0};
    uint64_t i = 0, stepped = 0, jumped = 0;
    for (int n = 0; n < 20000 && ix.size; n++) {
        uint64_t r = splitmix(seed) % 16;
        uint64_t gap = r < 8    ? 1 + splitmix(seed) % CURSOR_STEPS
                       : r < 12 ? 1
                       : r < 14 ? CURSOR_STEPS + splitmix(seed) % 1000
                                : 0;
        i = r == 15 && i > 5 ? i - 5 : (i + gap) % ix.size; /* 15: a step back */
        bits_t A, B, wa, wb;
        pair_index_unrank(&ix, i, &wa, &wb);
        if (pair_index_cursor_seek(&c, &ix, i))
            stepped++;
        else
            pair_index_cursor_jump(&c, &ix, i), jumped++;
        pair_index_iter_get(&c.it, &A, &B);
        ck_assert_uint_eq(c.i, i);
        CHECK(A == wa && B == wb, "class %llu: the cursor's (%llx, %llx), unranked (%llx, %llx)",
              (unsigned long long)i, (unsigned long long)A, (unsigned long long)B,
              (unsigned long long)wa, (unsigned long long)wb);
    }
    ck_assert_uint_gt(stepped, 1000);
    ck_assert_uint_gt(jumped, 1000);
    pair_index_free(&ix);
    free(sm);
}

START_TEST(index_cursor)
{
    uint64_t seed = 3;
    check_cursor(board_named("4x4"), 1, 7, &seed);
    check_cursor(board_named("5x5"), 4, 12, &seed);
    check_cursor(board_named("3x3"), 1, 4, &seed);
}
END_TEST

START_TEST(index_small_boards)
{
    for (int nb = 0; nb <= 4; nb++) check_index(board_named("3x3"), 4, nb, 1);
    for (int nb = 9; nb <= 12; nb++) check_index(board_named("4x4"), 4, nb, 1);
    check_index(board_named("sixteen"), 2, 2, 1);
    check_index(board_named("sixteen"), 3, 1, 1);
}
END_TEST

/* pair_class_count (Burnside) against the classes the index enumerates, on every board, and
 * on 3x3 against a count written plainly: every pair whose images under the symmetries
 * are none of them smaller. Sixteen Soldiers: every material up to 7 pieces, and of 8, 9 and
 * 10 some whose index builds in a second, since the plan (guti solve sixteen --plan)
 * sizes the larger ones by this count alone. */
START_TEST(index_burnside)
{
    const struct board *b3 = board_named("3x3");
    struct symmap *sm3 = symmap_for(b3);
    for (int a = 0; a <= 9; a++)
        for (int nb = 0; a + nb <= 9; nb++) {
            uint64_t plain = 0;
            for (bits_t A = 0; A < BIT(9); A++) {
                if (bits_count(A) != a) continue;
                for (bits_t B = 0; B < BIT(9); B++) {
                    if (bits_count(B) != nb || (A & B)) continue;
                    bool least = true;
                    for (int s = 1; s < sm3->nsyms; s++) {
                        bits_t sa = symmap_apply(sm3, s, A), sb = symmap_apply(sm3, s, B);
                        least &= sa > A || (sa == A && sb >= B);
                    }
                    plain += least;
                }
            }
            ck_assert_uint_eq(pair_class_count(b3, a, nb), plain);
        }
    free(sm3);
    ck_assert_uint_eq(pair_class_count(b3, 5, 5), 0);
    struct burnside_case {
        const char *board;
        int a, nb;
    } cases[64];
    int n = 0;
    for (int nb = 0; nb <= 12; nb++) cases[n++] = (struct burnside_case){"4x4", 4, nb};
    for (int nb = 0; nb <= 21; nb += 3) cases[n++] = (struct burnside_case){"5x5", 4, nb};
    for (int a = 1; a <= 6; a++)
        for (int nb = 1; a + nb <= 7; nb++) cases[n++] = (struct burnside_case){"sixteen", a, nb};
    cases[n++] = (struct burnside_case){"sixteen", 4, 4};
    cases[n++] = (struct burnside_case){"sixteen", 5, 4};
    cases[n++] = (struct burnside_case){"sixteen", 4, 5};
    cases[n++] = (struct burnside_case){"sixteen", 5, 5};
    for (int i = 0; i < n; i++) {
        const struct board *b = board_named(cases[i].board);
        struct symmap *sm = symmap_for(b);
        struct pair_index ix;
        ck_assert_int_eq(pair_index_init(&ix, b, sm, cases[i].a, cases[i].nb, 0), 0);
        CHECK(pair_class_count(b, cases[i].a, cases[i].nb) == ix.size, "%s %d+%d: %llu, index %llu",
              cases[i].board, cases[i].a, cases[i].nb,
              (unsigned long long)pair_class_count(b, cases[i].a, cases[i].nb),
              (unsigned long long)ix.size);
        pair_index_free(&ix);
        free(sm);
    }
}
END_TEST

/* The published class counts of the movement phase (per side to move), and samples of
 * every layer. */
START_TEST(index_movement_counts)
{
    static const uint64_t want[] = {33481, 333175, 2105695, 9469965, 32188170};
    const struct board *b = board_named("5x5");
    struct symmap *sm = symmap_for(b);
    for (int c = 0; c <= 4; c++) {
        struct pair_index ix;
        ck_assert_int_eq(pair_index_init(&ix, b, sm, 4, 20 - c, 0), 0);
        uint64_t size = ix.size;
        ck_assert_uint_eq(size, want[c]);
        pair_index_free(&ix);
        check_index(b, 4, 20 - c, size / 3000 + 1);
    }
    free(sm);
}
END_TEST
Suite *index_suite(void)
{
    Suite *s = suite_create("index");
    TCase *tc = tcase_create("index");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, index_small_boards);
    tcase_add_test(tc, index_burnside);
    tcase_add_test(tc, index_add_each);
    tcase_add_test(tc, index_b_steps);
    tcase_add_test(tc, index_cursor);
    tcase_add_test(tc, index_movement_counts);
    suite_add_tcase(s, tc);
    return s;
}
