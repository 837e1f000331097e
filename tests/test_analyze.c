/* A game's analysis (guti_analyze_game, analyze.c) where there are no tables. */
#include <string.h>

#include "guti.h"
#include "helpers.h"

/* Analysing a game with no tables at all: a move that ends the game needs none, nothing
 * else is answered (GUTI_ENOTABLE, the analysis filled all the same); illegal moves and
 * moves after the end are refused with their numbers. */
START_TEST(analysis_without_tables)
{
    struct guti_error e;
    guti_tables *t;
    char dir[64];
    test_dir_make(dir, sizeof dir, "library");
    ck_assert_int_eq(guti_open(dir, 0, &t, &e), GUTI_OK);
    struct guti_position p;
    ck_assert_int_eq(guti_parse_fen("3/3/5/2B2/5/2B2/2R2/3/3 r", NULL, &p, &e), GUTI_OK);
    struct guti_scored_move m;
    ck_assert_int_eq(guti_probe_move(t, &p, "C3xC5xC7", &m, &e), GUTI_OK);
    ck_assert_str_eq(m.move.text, "c3xc5xc7");
    ck_assert_int_eq(m.result.value, GUTI_WIN);
    ck_assert_int_eq(m.result.dtm, 1);
    ck_assert(m.result.over);
    ck_assert_int_eq(guti_probe_move(t, &p, "c3-b3", &m, &e), GUTI_ENOTABLE);
    ck_assert_int_eq(guti_probe_move(t, &p, "c3-c9", &m, &e), GUTI_EINPUT);

    static struct guti_analysis a;
    struct guti_move_analysis out[2];
    const char *win[] = {"c3xc5xc7", "c7-c6"};
    ck_assert_int_eq(guti_analyze_game(t, &p, win, 1, out, &a, &e), GUTI_ENOTABLE);
    ck_assert_ptr_nonnull(strstr(e.message, "no table"));
    ck_assert_int_eq(a.nmoves, 1);
    ck_assert_int_eq(a.start_result.value, GUTI_UNKNOWN);
    ck_assert_int_eq(a.start_missing, 0);
    ck_assert_int_eq(a.nmissing, 1);
    ck_assert_int_eq(a.unanswered, 1);
    ck_assert_int_eq(a.answered, 0);
    ck_assert(a.over);
    ck_assert_int_eq(a.winner, 0);
    ck_assert_str_eq(a.start.variant.rules, "optional"); /* the default, filled in */
    ck_assert_int_eq(out[0].played.result.value, GUTI_WIN);
    ck_assert_int_eq(out[0].judged, GUTI_JUDGED_NONE);
    ck_assert(!out[0].mistake && !out[0].has_best);
    ck_assert_int_eq(a.first_mistake[0], -1);

    ck_assert_int_eq(guti_analyze_game(t, &p, win, 2, out, &a, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "move 2: the game is already over"));
    const char *bad[] = {"c3-c9"};
    ck_assert_int_eq(guti_analyze_game(t, &p, bad, 1, out, &a, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "move 1, 'c3-c9'"));
    /* a finished start with no moves needs no table */
    ck_assert_int_eq(guti_parse_fen("3/3/5/5/5/5/2R2/3/3 b", NULL, &p, &e), GUTI_OK);
    ck_assert_int_eq(guti_analyze_game(t, &p, NULL, 0, NULL, &a, &e), GUTI_OK);
    ck_assert(a.start_result.over && a.over);
    ck_assert_int_eq(a.start_result.value, GUTI_LOSS);
    /* rules without tables */
    struct guti_variant h = {GUTI_BAGHCHAL, "no-repeat", "4x4"};
    ck_assert_int_eq(guti_parse_fen("T2T/4/4/T2T g 12", &h, &p, &e), GUTI_OK);
    ck_assert_int_eq(guti_analyze_game(t, &p, NULL, 0, NULL, &a, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "no-repeat"));
    ck_assert_str_eq(guti_judged_name(GUTI_JUDGED_VALUE_NOW), "value_now");
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

Suite *analyze_suite(void)
{
    Suite *s = suite_create("analyze");
    TCase *tc = tcase_create("analyze");
    tcase_add_test(tc, analysis_without_tables);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
