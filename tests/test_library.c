/* guti.h's functions that need no tables, on the inputs an outside program may give them:
 * what they must refuse, and what they must leave set when they do. */
#include <string.h>

#include "guti.h"
#include "helpers.h"

START_TEST(bad_inputs_are_refused)
{
    struct guti_error e;
    struct guti_position p;
    /* a hint whose strings are not NUL-terminated is refused, not read past */
    struct guti_variant h;
    memset(&h, 'x', sizeof h);
    h.game = GUTI_BAGHCHAL;
    ck_assert_int_eq(guti_parse_fen("T2T/4/4/T2T g 12", &h, &p, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "NUL-terminated"));
    /* a position's: pieces beyond the board, two on a point, goats in hand in Sixteen */
    ck_assert_int_eq(guti_parse_fen("T2T/4/4/T2T g 12", NULL, &p, &e), GUTI_OK);
    struct guti_position q = p;
    q.pieces[0] |= (uint64_t)1 << 40;
    struct guti_move mv[64];
    int n = 99;
    ck_assert_int_eq(guti_legal_moves(&q, mv, 64, &n, &e), GUTI_EINPUT);
    ck_assert_int_eq(n, 0); /* *n is set even when the position is refused */
    q = p;
    q.pieces[0] = q.pieces[1];
    ck_assert_int_eq(guti_legal_moves(&q, mv, 64, &n, &e), GUTI_EINPUT);
    ck_assert_int_eq(guti_parse_fen("3/3/5/2B2/5/2B2/2R2/3/3 r", NULL, &p, &e), GUTI_OK);
    p.inhand = 3;
    ck_assert_int_eq(guti_legal_moves(&p, mv, 64, &n, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "goats in hand"));
    /* too little room: ERANGE, with the count */
    ck_assert_int_eq(guti_parse_fen("T2T/4/4/T2T g 12", NULL, &p, &e), GUTI_OK);
    ck_assert_int_eq(guti_legal_moves(&p, mv, 3, &n, &e), GUTI_ERANGE);
    ck_assert_int_eq(n, 12);
    ck_assert_int_eq(guti_legal_moves(&p, mv, 64, &n, &e), GUTI_OK);
    ck_assert_int_eq(n, 12);
}
END_TEST

Suite *library_suite(void)
{
    Suite *s = suite_create("library");
    TCase *tc = tcase_create("library");
    tcase_add_test(tc, bad_inputs_are_refused);
    suite_add_tcase(s, tc);
    return s;
}
