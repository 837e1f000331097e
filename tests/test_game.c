/* What game.c does for any game through its ops: the counting rule's clock where the game has
 * one and only there (game_ops.clock_limit 0: none, unless g->limit asks for one), with
 * history.c's draws by rule, and each side named in its own number (game_ops.side_plural,
 * side_article). A game without a counting rule, or with a jaguar and dogs, is made here by
 * copying Sixteen Soldiers' ops and changing those fields alone. */
#include "helpers.h"

#include "history.h"

/* Sixteen Soldiers' game with a copy of its ops in *ops, clock_limit 0: a game without a
 * counting rule. */
static struct game no_clock_game(struct game_ops *ops)
{
    struct game g = setup("sixteen", NULL, NULL);
    *ops = *g.ops;
    ops->clock_limit = 0;
    g.ops = ops;
    return g;
}

/* The start, with its clock at clock. */
static struct position start_at(const struct game *g, int clock)
{
    struct position p = g->ops->start(g);
    p.clock = clock;
    return p;
}

START_TEST(test_own_clock)
{
    /* the two games' own limits end a game at the limit, and bound a clock */
    struct game g = setup("sixteen", NULL, NULL);
    ck_assert(game_has_clock(&g));
    ck_assert_int_eq(game_clock_limit(&g), 80);
    struct outcome o;
    struct position p = start_at(&g, 79);
    ck_assert(!game_over_at(&g, &p, &o));
    p.clock = 80;
    ck_assert(game_over_at(&g, &p, &o));
    ck_assert_int_eq(o.reason, END_CLOCK);
    ck_assert_int_eq(o.winner, -1);
    char err[200];
    ck_assert_int_eq(game_check_clock(&g, &p, err, sizeof err), 0);
    p.clock = 81;
    ck_assert_int_eq(game_check_clock(&g, &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "80 half-moves"), "%s", err);

    /* no-repeat has no draw rules: no clock */
    struct game nr = setup("baghchal", "no-repeat", NULL);
    ck_assert(!game_has_clock(&nr));
    ck_assert_int_eq(game_clock_limit(&nr), 100);
}
END_TEST

START_TEST(test_no_clock)
{
    struct game_ops ops;
    struct game g = no_clock_game(&ops);
    ck_assert(!game_has_clock(&g));
    ck_assert_int_eq(game_clock_limit(&g), 0);
    struct outcome o;
    char err[200];
    /* not over at any clock, and any clock is a state of the game */
    const int clocks[] = {0, 1, 79, 80, 81, 100, 1000, 1000000};
    for (size_t i = 0; i < sizeof clocks / sizeof *clocks; i++) {
        struct position p = start_at(&g, clocks[i]);
        ck_assert_msg(!game_over_at(&g, &p, &o), "over at clock %d", clocks[i]);
        ck_assert_int_eq(o.reason, END_NONE);
        ck_assert_msg(game_check_clock(&g, &p, err, sizeof err) == 0, "clock %d: %s", clocks[i],
                      err);
    }
    /* a position written with a clock past any limit reads back: the game's parse asks
     * game_check_clock */
    char fen[200];
    struct position far = start_at(&g, 5000);
    g.ops->format(&g, &far, fen, sizeof fen);
    struct position back = parse(&g, fen);
    ck_assert_int_eq(back.clock, 5000);
    struct game own = setup("sixteen", NULL, NULL);
    ck_assert_msg(strstr(parse_error(&own, fen), "past the counting rule's limit"), "%s", fen);
}
END_TEST

/* A history of n copies of p, the clock growing by one a half-move from clock. */
static void history_of(struct history *h, const struct position *p, int n, int clock)
{
    struct position q = *p;
    q.clock = clock;
    ck_assert_int_eq(history_start(h, &q), 0);
    for (int i = 1; i < n; i++) {
        q.clock = clock + i;
        ck_assert_int_eq(history_push(h, &q), 0);
    }
}

START_TEST(test_no_clock_history)
{
    struct game_ops ops;
    struct game g = no_clock_game(&ops);
    struct position p = g.ops->start(&g);
    struct history h;
    struct outcome o;
    /* far past any limit, twice: the game goes on */
    history_of(&h, &p, 2, 10000);
    ck_assert_int_eq(history_over(&g, &h, &o), 0);
    history_free(&h);
    /* the third time: a draw by repetition, its one draw by rule */
    history_of(&h, &p, 3, 10000);
    ck_assert_int_eq(history_over(&g, &h, &o), 1);
    ck_assert_int_eq(o.reason, END_REPETITION);
    ck_assert_int_eq(o.winner, -1);
    history_free(&h);
    /* the game's own clock ends Sixteen Soldiers at 80 */
    struct game own = setup("sixteen", NULL, NULL);
    history_of(&h, &p, 1, 80);
    ck_assert_int_eq(history_over(&own, &h, &o), 1);
    ck_assert_int_eq(o.reason, END_CLOCK);
    history_free(&h);
}
END_TEST

START_TEST(test_no_clock_asked_limit)
{
    /* g->limit (solve --dtc --limit L, a position's limit) gives the game a counting rule */
    struct game_ops ops;
    struct game g = no_clock_game(&ops);
    g.limit = 30;
    ck_assert(game_has_clock(&g));
    ck_assert_int_eq(game_clock_limit(&g), 30);
    struct outcome o;
    char err[200];
    struct position p = start_at(&g, 29);
    ck_assert(!game_over_at(&g, &p, &o));
    p.clock = 30;
    ck_assert(game_over_at(&g, &p, &o));
    ck_assert_int_eq(o.reason, END_CLOCK);
    ck_assert_str_eq(end_reason_text(&g, &o, -1), "30 half-moves without capture");
    ck_assert_int_eq(game_check_clock(&g, &p, err, sizeof err), 0);
    p.clock = 31;
    ck_assert_int_eq(game_check_clock(&g, &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "30 half-moves"), "%s", err);
    struct history h;
    history_of(&h, &p, 1, 30);
    ck_assert_int_eq(history_over(&g, &h, &o), 1);
    ck_assert_int_eq(o.reason, END_CLOCK);
    history_free(&h);
    /* two set-ups differ by the limit in force */
    struct game none = no_clock_game(&ops);
    ck_assert(!game_same(&g, &none));
}
END_TEST

START_TEST(test_side_number)
{
    struct outcome none = {END_NO_MOVES, -1}, empty = {END_NO_PIECES, -1};
    /* Bagh-Chal's sides are groups, Sixteen Soldiers' colours stand bare */
    struct game bc = setup("baghchal", NULL, NULL), ss = setup("sixteen", NULL, NULL);
    ck_assert_str_eq(end_reason_text(&bc, &none, 0), "the goats have no legal move");
    ck_assert_str_eq(end_reason_text(&bc, &none, 1), "the tigers have no legal move");
    ck_assert_str_eq(end_reason_text(&ss, &none, 0), "red has no legal move");
    ck_assert_str_eq(end_reason_text(&ss, &empty, 1), "blue has no pieces left");
    /* one side of one, with "the", the other of many: each in its own number */
    struct game_ops ops = *ss.ops;
    ops.side_name[0] = "jaguar";
    ops.side_name[1] = "dogs";
    ops.side_plural[0] = false;
    ops.side_plural[1] = true;
    ops.side_article[0] = ops.side_article[1] = true;
    struct game hunt = ss;
    hunt.ops = &ops;
    ck_assert_str_eq(end_reason_text(&hunt, &none, 0), "the jaguar has no legal move");
    ck_assert_str_eq(end_reason_text(&hunt, &none, 1), "the dogs have no legal move");
    ck_assert_str_eq(end_reason_text(&hunt, &empty, 0), "the jaguar has no pieces left");
    ck_assert_str_eq(end_reason_text(&hunt, &empty, 1), "the dogs have no pieces left");
}
END_TEST

Suite *game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_own_clock);
    tcase_add_test(tc, test_no_clock);
    tcase_add_test(tc, test_no_clock_history);
    tcase_add_test(tc, test_no_clock_asked_limit);
    tcase_add_test(tc, test_side_number);
    suite_add_tcase(s, tc);
    return s;
}
