/* A game's analysis under rules no-repeat (guti_norepeat_analyze_game,
 * norepeat_analyze.c) on 3x3: games found with guti_norepeat_moves (random play from the
 * start) that hold a position with a winning and a losing move, played both ways. */
#include <stdio.h>
#include <string.h>

#include "guti.h"
#include "helpers.h"

/* The first moves of a game on 3x3 (both rules, no-repeat and no-repeat:8): after them
 * the tigers have c1-b1, a win under the rule, and b2-b1, a loss (and a loss by the
 * standard tables too). */
static const char *const tiger_choice[] = {"c2", "a3-b2", "a2", "b2-b3", "a3", "a1-b2", "a1"};
#define TIGER_CHOICE 7

/* Under no-repeat:8, after these the tigers' c1-b2 loses under the rule though the standard
 * tables call it a win (its window refuses what would win), and b1-b2 wins. */
static const char *const window_choice[] = {"b1",    "c3-b3", "a2",    "b3-c3", "b2",    "c3-c2",
                                            "c3",    "a3-b3", "a2-a3", "a1-a2", "b2-a1", "c1-b2",
                                            "b1-c1", "b2-b1", "c1-b2", "c2-c1", "b2-c2"};
#define WINDOW_CHOICE 17

static guti_tables *tables_3x3(char *dir, size_t len)
{
    return solved_tables(dir, len, "norepeat-analyze", "3x3");
}

static struct guti_position start_3x3(const char *rules)
{
    struct guti_variant v = {.game = GUTI_BAGHCHAL, .board = "3x3"};
    snprintf(v.rules, sizeof v.rules, "%s", rules);
    struct guti_position p;
    struct guti_error e;
    ck_assert_int_eq(guti_start(&v, &p, &e), GUTI_OK);
    return p;
}

/* Every move's analysis agrees with guti_norepeat_moves of its position: the position's
 * value, the played move's values (under the rule and standard), the best move the first. */
static void assert_agrees(guti_tables *t, const struct guti_position *start,
                          const char *const *moves, const struct guti_norepeat_move_analysis *out,
                          int n)
{
    for (int i = 0; i < n; i++) {
        struct guti_norepeat_result r;
        struct guti_norepeat_move list[64];
        int k;
        struct guti_error e;
        ck_assert_int_eq(guti_norepeat_moves(t, start, moves, i, 0, &r, list, 64, &k, &e), GUTI_OK);
        ck_assert_int_eq(out[i].value, r.value);
        ck_assert_int_eq(out[i].position.pieces[0], r.position.pieces[0]);
        ck_assert_int_eq(out[i].position.pieces[1], r.position.pieces[1]);
        ck_assert(out[i].has_best);
        ck_assert_str_eq(out[i].best.move.text, list[0].move.text);
        ck_assert_int_eq(out[i].best.value, list[0].value);
        int j = 0;
        while (j < k && strcmp(list[j].move.text, out[i].played.move.text)) j++;
        ck_assert_int_lt(j, k);
        ck_assert(!list[j].refused);
        ck_assert_int_eq(out[i].played.value, list[j].value);
        ck_assert_int_eq(out[i].played.standard.value, list[j].standard.value);
        ck_assert_int_eq(out[i].judged, r.value != GUTI_UNKNOWN && list[j].value != GUTI_UNKNOWN);
    }
}

/* The tigers' choice played both ways, under no-repeat and no-repeat:8: the losing move is
 * a mistake (a win thrown into a loss) with the winning one as the best move, the winning
 * move is not, and every other move is judged and sound (the game's moves are all decided
 * on 3x3 with the standard tables' help). */
START_TEST(mistake_flagged_good_move_not)
{
    char dir[64];
    guti_tables *t = tables_3x3(dir, sizeof dir);
    const char *rules[] = {"no-repeat", "no-repeat:8"};
    for (int ri = 0; ri < 2; ri++) {
        struct guti_position start = start_3x3(rules[ri]);
        const char *moves[TIGER_CHOICE + 1];
        memcpy(moves, tiger_choice, sizeof tiger_choice);
        struct guti_norepeat_move_analysis out[TIGER_CHOICE + 1];
        struct guti_norepeat_analysis a;
        struct guti_error e;

        moves[TIGER_CHOICE] = "b2-b1";
        ck_assert_msg(guti_norepeat_analyze_game(t, &start, moves, TIGER_CHOICE + 1, 0, out, &a,
                                                 &e) == GUTI_OK,
                      "%s", e.message);
        ck_assert_int_eq(a.nmoves, TIGER_CHOICE + 1);
        ck_assert_str_eq(a.start.variant.rules, rules[ri]);
        ck_assert_int_eq(a.budget, 1000000);
        const struct guti_norepeat_move_analysis *m = &out[TIGER_CHOICE];
        ck_assert_int_eq(m->position.side, 1);
        ck_assert_int_eq(m->value, GUTI_WIN);
        ck_assert_str_eq(m->played.move.text, "b2-b1");
        ck_assert_int_eq(m->played.value, GUTI_LOSS);
        ck_assert_int_eq(m->played.standard.value, GUTI_LOSS);
        ck_assert(m->judged && m->mistake);
        ck_assert_str_eq(m->best.move.text, "c1-b1");
        ck_assert_int_eq(m->best.value, GUTI_WIN);
        ck_assert_int_eq(a.mistakes[0], 0);
        ck_assert_int_eq(a.mistakes[1], 1);
        ck_assert_int_eq(a.first_mistake[0], -1);
        ck_assert_int_eq(a.first_mistake[1], TIGER_CHOICE);
        ck_assert_int_eq(a.judged, TIGER_CHOICE + 1);
        ck_assert_int_eq(a.unknown, 0);
        ck_assert(!a.over);
        ck_assert_int_eq(a.winner, -1);
        ck_assert_uint_gt(a.nodes, 0);
        for (int i = 0; i < TIGER_CHOICE; i++) ck_assert(out[i].judged && !out[i].mistake);
        assert_agrees(t, &start, moves, out, TIGER_CHOICE + 1);

        moves[TIGER_CHOICE] = "c1-b1";
        ck_assert_int_eq(
            guti_norepeat_analyze_game(t, &start, moves, TIGER_CHOICE + 1, 0, out, &a, &e),
            GUTI_OK);
        ck_assert_int_eq(m->played.value, GUTI_WIN);
        ck_assert(m->judged && !m->mistake);
        ck_assert_int_eq(a.mistakes[1], 0);
        ck_assert_int_eq(a.first_mistake[1], -1);
        assert_agrees(t, &start, moves, out, TIGER_CHOICE + 1);
    }
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

/* Under a window the rule's value is not the standard one: a move the standard tables call
 * a win loses under no-repeat:8, and is the mistake, the standard value beside it. */
START_TEST(window_mistake_the_tables_call_a_win)
{
    char dir[64];
    guti_tables *t = tables_3x3(dir, sizeof dir);
    struct guti_position start = start_3x3("no-repeat:8");
    const char *moves[WINDOW_CHOICE + 1];
    memcpy(moves, window_choice, sizeof window_choice);
    moves[WINDOW_CHOICE] = "c1-b2";
    struct guti_norepeat_move_analysis out[WINDOW_CHOICE + 1];
    struct guti_norepeat_analysis a;
    struct guti_error e;
    ck_assert_int_eq(
        guti_norepeat_analyze_game(t, &start, moves, WINDOW_CHOICE + 1, 0, out, &a, &e), GUTI_OK);
    const struct guti_norepeat_move_analysis *m = &out[WINDOW_CHOICE];
    ck_assert_int_eq(m->value, GUTI_WIN);
    ck_assert_int_eq(m->played.value, GUTI_LOSS);
    ck_assert_int_eq(m->played.standard.value, GUTI_WIN);
    ck_assert(m->mistake);
    ck_assert_int_eq(m->best.value, GUTI_WIN);
    ck_assert_int_eq(a.first_mistake[1], WINDOW_CHOICE);
    assert_agrees(t, &start, moves, out, WINDOW_CHOICE + 1);
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

/* A game played to its end: the end (the goats left without a move), and no analysis past
 * it; moves the rule refuses, illegal ones and other rules are errors naming the move. */
START_TEST(end_and_errors)
{
    static const char *const game[] = {"c2",    "a3-b2", "a2",    "b2-b3", "a3",    "a1-b2",
                                       "a1",    "c1-b1", "c2-c1", "b2-c2", "a1-b2", "b1-a1",
                                       "c1-b1", "c2-c1", "b2-c2", "c3-b2", "c2-c3", "b2-c2",
                                       "b1-b2", "a1-b1", "b2-a1", "c1-b2", "b1"};
    const int n = 22;
    struct guti_position start = start_3x3("no-repeat");
    struct guti_norepeat_move_analysis out[23];
    struct guti_norepeat_analysis a;
    struct guti_error e;
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &start, game, n, 0, out, &a, &e), GUTI_OK);
    ck_assert(a.over);
    ck_assert_int_eq(a.winner, 1);
    ck_assert_ptr_nonnull(strstr(a.reason, "no legal move"));
    ck_assert_int_eq(a.nmoves, n);
    ck_assert_int_eq(out[0].played.standard.value, GUTI_UNKNOWN); /* no tables */
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &start, game, n + 1, 0, out, &a, &e),
                     GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "move 23: the game is already over"));
    ck_assert_int_eq(a.nmoves, n);

    /* b2-c2 would bring back the board after move 11 (the last placement was move 7) */
    const char *refused[] = {"b3",    "c3-c2", "c3",    "a3-b2", "a3",    "a1-b1", "a2",
                             "b2-a1", "c3-b2", "c2-c3", "b2-c2", "c3-b2", "c2-c3", "b2-c2"};
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &start, refused, 14, 0, out, &a, &e),
                     GUTI_EINPUT);
    ck_assert_msg(strstr(e.message, "move 14 'b2-c2': recreates a board") != NULL, "%s", e.message);
    ck_assert_int_eq(a.nmoves, 13);
    const char *illegal[] = {"c2", "c2"};
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &start, illegal, 2, 0, out, &a, &e),
                     GUTI_EINPUT);
    ck_assert_msg(!strncmp(e.message, "move 2, ", 8), "%s", e.message);
    struct guti_position standard = start_3x3("standard");
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &standard, game, 1, 0, out, &a, &e),
                     GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "no-repeat only"));
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &start, NULL, 1, 0, out, &a, &e),
                     GUTI_EINPUT);
    /* no moves: the start alone */
    ck_assert_int_eq(guti_norepeat_analyze_game(NULL, &start, NULL, 0, 0, NULL, &a, &e), GUTI_OK);
    ck_assert_int_eq(a.nmoves, 0);
    ck_assert(!a.over);
    ck_assert_str_eq(a.start.variant.rules, "no-repeat");
}
END_TEST

/* A budget too small to decide leaves values unknown, and unknown is never judged: the
 * tigers' losing move is no mistake then. */
START_TEST(undecided_never_judged)
{
    struct guti_position start = start_3x3("no-repeat");
    const char *moves[TIGER_CHOICE + 1];
    memcpy(moves, tiger_choice, sizeof tiger_choice);
    moves[TIGER_CHOICE] = "b2-b1";
    struct guti_norepeat_move_analysis out[TIGER_CHOICE + 1];
    struct guti_norepeat_analysis a;
    struct guti_error e;
    ck_assert_int_eq(
        guti_norepeat_analyze_game(NULL, &start, moves, TIGER_CHOICE + 1, 2, out, &a, &e), GUTI_OK);
    ck_assert_int_eq(a.budget, 2);
    ck_assert_int_gt(a.unknown, 0);
    ck_assert_int_eq(a.judged + a.unknown, TIGER_CHOICE + 1);
    for (int i = 0; i <= TIGER_CHOICE; i++)
        if (out[i].value == GUTI_UNKNOWN || out[i].played.value == GUTI_UNKNOWN)
            ck_assert(!out[i].judged && !out[i].mistake);
    ck_assert(!out[TIGER_CHOICE].mistake);
    ck_assert_int_eq(a.mistakes[0] + a.mistakes[1], 0);
}
END_TEST

Suite *norepeat_analyze_suite(void)
{
    Suite *s = suite_create("norepeat_analyze");
    TCase *tc = tcase_create("norepeat_analyze");
    tcase_add_test(tc, mistake_flagged_good_move_not);
    tcase_add_test(tc, window_mistake_the_tables_call_a_win);
    tcase_add_test(tc, end_and_errors);
    tcase_add_test(tc, undecided_never_judged);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
    return s;
}
