/* Bagh-Chal rules: perft, every end of the game, and each variant's difference. */
#include <stdlib.h>

#include "helpers.h"
#include "history.h"
#include "perft.h"

static void check_perft(const struct game *g, const char *fen, int depth, const uint64_t *want)
{
    struct position pos = fen ? parse(g, fen) : g->ops->start(g);
    uint64_t got[PERFT_MAX_DEPTH];
    perft(g, &pos, depth, got);
    for (int d = 0; d < depth; d++)
        ck_assert_msg(got[d] == want[d], "depth %d: %llu, expected %llu", d + 1,
                      (unsigned long long)got[d], (unsigned long long)want[d]);
}

START_TEST(perft_start)
{
    struct game g = setup("baghchal", "standard", NULL);
    check_perft(&g, NULL, 2, (uint64_t[]){21, 252});
    /* Deeper: from this engine, and the same from an independent implementation written
     * from docs/rules.md alone (docs/results.md, "Perft"). */
    check_perft(&g, NULL, 5, (uint64_t[]){21, 252, 5052, 68204, 1304788});
    struct game gp = setup("baghchal", "goat-pass", NULL);
    check_perft(&gp, NULL, 4, (uint64_t[]){21, 252, 5052, 68204});
}
END_TEST

START_TEST(tiger_moves)
{
    struct game g = setup("baghchal", NULL, NULL);
    /* A tiger on a1 with a goat on b2: the step to b2 is gone, the jump to c3 is there. */
    struct position pos = parse(&g, "T3T/5/5/1G3/T3T t 19");
    ck_assert(has_move_text(&g, &pos, "a1xc3"));
    ck_assert(!has_move_text(&g, &pos, "a1-b2"));
    ck_assert(has_move_text(&g, &pos, "a1-a2"));
    /* No jump along a line that is not there: b1 has no diagonal. */
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/2G2/TT2T t 19"), "position: 5 tigers, expected 4");
    pos = parse(&g, "T3T/5/5/2G2/1T2T t 19");
    ck_assert(!has_move_text(&g, &pos, "b1xd3"));
    ck_assert(has_move_text(&g, &pos, "b1-c2") == false);
    ck_assert(has_move_text(&g, &pos, "b1-b2"));
    /* Captures remove the goat and reset the clock. */
    pos = parse(&g, "T3T/5/5/1G3/T3T t 19");
    struct position succ;
    char why[200];
    ck_assert_int_eq(game_play_text(&g, &pos, "a1xc3", &succ, why, sizeof why), 0);
    char fen[128];
    g.ops->format(&g, &succ, fen, sizeof fen);
    ck_assert_str_eq(fen, "T3T/5/2T2/5/4T g 19");
}
END_TEST

START_TEST(goat_moves)
{
    struct game g = setup("baghchal", NULL, NULL);
    struct position pos = parse(&g, "T3T/5/5/5/T3T g 20");
    ck_assert_str_eq(moves_text(&g, &pos),
                     "b1 c1 d1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 b5 c5 d5");
    char why[200];
    struct position succ;
    ck_assert_int_ne(game_play_text(&g, &pos, "a1", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "a1 is occupied");
    pos = parse(&g, "T3T/5/2G2/5/T3T g 19");
    ck_assert_int_ne(game_play_text(&g, &pos, "c3-c4", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "goats cannot move while goats are in hand; place one");
    ck_assert_int_ne(game_play_text(&g, &pos, "c3xc5", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "goats never capture");
    /* Movement phase: steps only, clock counts. */
    pos = parse(&g, "TGGGT/GGGGG/GG1GG/GGGGG/T1GGT g 0 7");
    ck_assert_str_eq(moves_text(&g, &pos),
                     "c1-b1 b2-b1 b2-c3 c2-c3 d2-c3 b3-c3 d3-c3 b4-c3 c4-c3 d4-c3");
    ck_assert_int_eq(game_play_text(&g, &pos, "c4-c3", &succ, why, sizeof why), 0);
    ck_assert_int_eq(succ.clock, 8);
    ck_assert_int_ne(game_play_text(&g, &pos, "a2-b1", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "b1 is not adjacent to a2");
    ck_assert_int_ne(game_play_text(&g, &pos, "a1-b1", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "no goat on a1");
}
END_TEST

START_TEST(ends)
{
    struct game g = setup("baghchal", NULL, NULL);
    struct outcome o;
    /* The 5th capture wins for the tigers. */
    struct position pos = parse(&g, "T3T/5/5/1G3/T3T t 15");
    struct position succ;
    char why[200];
    ck_assert(!g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(game_play_text(&g, &pos, "a1xc3", &succ, why, sizeof why), 0);
    ck_assert(g.ops->over(&g, &succ, &o));
    ck_assert_int_eq(o.reason, END_CAPTURES);
    ck_assert_int_eq(o.winner, 1);
    ck_assert_str_eq(moves_text(&g, &succ), "");
    ck_assert_int_ne(game_play_text(&g, &succ, "a2", &pos, why, sizeof why), 0);
    ck_assert_str_eq(why, "the game is over");
    /* Tigers to move with no step and no jump: goats win, in either phase. */
    pos = parse(&g, "TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0");
    ck_assert(g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(o.reason, END_NO_MOVES);
    ck_assert_int_eq(o.winner, 0);
    pos = parse(&g, "TGGGT/GGGGG/G1GGG/GG1GG/TGGGT t 1");
    ck_assert(g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(o.winner, 0);
    /* With c3 empty instead, the tigers jump to it. */
    pos = parse(&g, "TGGGT/GGGGG/GG1GG/GGGGG/TGGGT t 0");
    ck_assert(!g.ops->over(&g, &pos, &o));
    ck_assert_str_eq(moves_text(&g, &pos), "a1xc3 e1xc3 a5xc3 e5xc3");
}
END_TEST

/* Goats to move with no legal move: no goat touches a1, the only empty point. */
static const char *const goats_stuck = "GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0";

START_TEST(goats_stuck_standard)
{
    struct game g = setup("baghchal", "standard", NULL);
    struct position pos = parse(&g, goats_stuck);
    struct outcome o;
    ck_assert_str_eq(moves_text(&g, &pos), "");
    ck_assert(g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(o.reason, END_NO_MOVES);
    ck_assert_int_eq(o.winner, 1);
    struct position succ;
    char why[200];
    ck_assert_int_ne(game_play_text(&g, &pos, "pass", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "the game is over");
}
END_TEST

START_TEST(goats_stuck_pass)
{
    struct game g = setup("baghchal", "goat-pass", NULL);
    struct position pos = parse(&g, goats_stuck), succ;
    struct outcome o;
    char why[200], fen[128];
    ck_assert(!g.ops->over(&g, &pos, &o));
    ck_assert_str_eq(moves_text(&g, &pos), "pass");
    ck_assert_int_eq(game_play_text(&g, &pos, "pass", &succ, why, sizeof why), 0);
    g.ops->format(&g, &succ, fen, sizeof fen);
    ck_assert_str_eq(fen, "GGGGT/GGGGG/GGGGG/TTGGG/1TGGG t 0 1");
    /* Passing is only for goats without a move. */
    ck_assert_int_ne(game_play_text(&g, &succ, "pass", &pos, why, sizeof why), 0);
    ck_assert_str_eq(why, "tigers never pass");
    pos = parse(&g, "GGGGT/GGGGG/GGGG1/TTGGG/GTGGG g 0");
    ck_assert_int_ne(game_play_text(&g, &pos, "pass", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "goats may pass only when they have no other move");
    g = setup("baghchal", "standard", NULL);
    ck_assert_int_ne(game_play_text(&g, &pos, "pass", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "passing is allowed only under rules goat-pass");
}
END_TEST

/* no-repeat refuses a move that recreates a board seen since the last placement. */
START_TEST(no_repeat)
{
    struct game g = setup("baghchal", "no-repeat", NULL);
    struct position pos = parse(&g, "TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0");
    struct history h;
    struct movelist l;
    history_start(&h, &pos);
    movelist_init(&l);
    const char *line[] = {"c4-c3", "e1-d1", "c3-c4", "d1-e1"};
    for (int i = 0; i < 4; i++) {
        struct position succ;
        char why[200];
        ck_assert_int_eq(game_play_text(&g, &h.p[h.n - 1], line[i], &succ, why, sizeof why), 0);
        ck_assert(!history_refuses(&g, &h, &succ) || i == 3);
        if (i == 3) {
            ck_assert(history_refuses(&g, &h, &succ)); /* back to the first board */
            break;
        }
        history_push(&h, &succ);
    }
    /* The refused move is not among the legal moves; the others are. */
    int n = history_moves(&g, &h, &l);
    struct game plain = setup("baghchal", "standard", NULL);
    struct movelist all;
    movelist_init(&all);
    ck_assert_int_eq(plain.ops->moves(&plain, &h.p[h.n - 1], &all), n + 1);
    /* With a window of 2 boards the first board is forgotten. */
    struct game w2 = setup("baghchal", "no-repeat:2", NULL);
    ck_assert_int_eq(history_moves(&w2, &h, &l), n + 1);
    struct game w4 = setup("baghchal", "no-repeat:4", NULL);
    ck_assert_int_eq(history_moves(&w4, &h, &l), n);
    movelist_free(&all);
    movelist_free(&l);
    history_free(&h);
}
END_TEST

/* Every generated move, written out and played back, gives the same successor; along
 * random games of every board. */
START_TEST(moves_replay)
{
    const char *boards[] = {"5x5", "4x4", "3x3"};
    const char *rules[] = {"standard", "goat-pass"};
    srand(11);
    for (int b = 0; b < 3; b++)
        for (int r = 0; r < 2; r++) {
            struct game g = setup("baghchal", rules[r], boards[b]);
            struct movelist l;
            movelist_init(&l);
            for (int game = 0; game < 30; game++) {
                struct position pos = g.ops->start(&g);
                for (int ply = 0; ply < 200; ply++) {
                    int n = g.ops->moves(&g, &pos, &l);
                    struct outcome o;
                    ck_assert_int_eq(n == 0, g.ops->over(&g, &pos, &o));
                    if (n == 0) break;
                    for (int i = 0; i < n; i++) {
                        char text[80], why[200];
                        struct position succ;
                        notation_format_move(g.board, &l.mv[i], text, sizeof text);
                        ck_assert_msg(game_play_text(&g, &pos, text, &succ, why, sizeof why) == 0,
                                      "%s: %s", text, why);
                        ck_assert(position_same(&succ, &l.succ[i]));
                        for (int j = 0; j < i; j++)
                            ck_assert(!position_same(&l.succ[i], &l.succ[j]));
                    }
                    pos = l.succ[rand() % n];
                }
            }
            movelist_free(&l);
        }
}
END_TEST

START_TEST(small_boards)
{
    struct game g = setup("baghchal", NULL, "3x3");
    struct position pos = g.ops->start(&g);
    ck_assert_str_eq(moves_text(&g, &pos), "b1 a2 b2 c2 b3");
    /* Tigers on the corners cannot capture: every landing point is a corner. */
    pos = parse(&g, "T1T/1G1/T1T t 3");
    ck_assert_str_eq(moves_text(&g, &pos), "a1-b1 a1-a2 c1-b1 c1-c2 a3-a2 a3-b3 c3-c2 c3-b3");
    /* One capture wins on 3x3. */
    pos = parse(&g, "TT1/1G1/T1T t 3");
    ck_assert(has_move_text(&g, &pos, "a1xc3"));
    struct position succ;
    struct outcome o;
    char why[200];
    ck_assert_int_eq(game_play_text(&g, &pos, "a1xc3", &succ, why, sizeof why), 0);
    ck_assert(g.ops->over(&g, &succ, &o));
    ck_assert_int_eq(o.reason, END_CAPTURES);
    struct game g4 = setup("baghchal", NULL, "4x4");
    pos = g4.ops->start(&g4);
    ck_assert_int_eq(pos.inhand, 12);
    ck_assert_int_eq(g4.capture_goal, 3);
}
END_TEST

Suite *baghchal_suite(void)
{
    Suite *s = suite_create("baghchal");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, perft_start);
    tcase_add_test(tc, tiger_moves);
    tcase_add_test(tc, goat_moves);
    tcase_add_test(tc, ends);
    tcase_add_test(tc, goats_stuck_standard);
    tcase_add_test(tc, goats_stuck_pass);
    tcase_add_test(tc, no_repeat);
    tcase_add_test(tc, moves_replay);
    tcase_add_test(tc, small_boards);
    suite_add_tcase(s, tc);
    return s;
}
