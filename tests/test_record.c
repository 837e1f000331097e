/* Game records: reading, replaying, and adjudicating the end by the draw rules. */
#include "helpers.h"
#include "record.h"

/* Replays a record's text; returns the replay, failing the test if it does not read. */
static struct game replay_text(const char *text, struct replay *rp)
{
    struct record r;
    struct game g;
    struct position start;
    char err[200];
    ck_assert_msg(record_parse(text, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(record_game(&r, &g, &start, err, sizeof err) == 0, "%s", err);
    record_replay(&g, &start, &r, rp);
    record_free(&r);
    return g;
}

/* The error of a record that does not read. A failed read keeps nothing: what it had read
 * (tags, moves, a result) is freed, for the caller has no record to free. */
static const char *record_error(const char *text)
{
    static char err[200];
    struct record r;
    ck_assert_int_ne(record_parse(text, &r, err, sizeof err), 0);
    ck_assert_msg(r.ntags == 0 && r.nmoves == 0 && !r.moves && !r.move_line && !r.result,
                  "a failed read of '%s' kept %d tags, %d moves", text, r.ntags, r.nmoves);
    return err;
}

START_TEST(reading)
{
    struct record r;
    char err[200];
    const char *text = "[Game \"baghchal\"]\n[Rules \"standard\"]\n[Result \"*\"]\n"
                       "1. c3 a1-a2 {a quiet start}\n2. b2 a2-a1 3.c4 *\n";
    ck_assert_int_eq(record_parse(text, &r, err, sizeof err), 0);
    ck_assert_int_eq(r.nmoves, 5);
    ck_assert_str_eq(r.moves[0], "c3");
    ck_assert_str_eq(r.moves[3], "a2-a1");
    ck_assert_str_eq(r.moves[4], "c4");
    ck_assert_int_eq(r.move_line[4], 5);
    ck_assert_str_eq(r.result, "*");
    ck_assert_str_eq(record_tag(&r, "Result"), "*");
    record_free(&r);
}
END_TEST

START_TEST(bad_records)
{
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\nc3"), "missing tag [Rules \"...\"]");
    ck_assert_str_eq(record_error("[Rules \"standard\"]\nc3"), "missing tag [Game \"...\"]");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 {unclosed\n"),
                     "line 3: comment '{' is never closed");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"stand"),
                     "line 2: tag value has no closing quote");
    ck_assert_str_eq(record_error("[Game \"baghchal\"\n"), "line 1: tag has no closing ']'");
    ck_assert_str_eq(record_error("[Game]\n"), "line 1: malformed tag, expected [Name \"value\"]");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\nc3\n[Rules \"standard\"]"),
                     "line 3: a tag after the moves");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 goats b2"),
                     "line 3: 'b2' after the result 'goats'");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 a1-b1 draw\n"
                                  "[Result \"draw\"]"),
                     "line 4: a tag after the moves");
}
END_TEST

START_TEST(illegal_moves)
{
    struct replay rp;
    struct game g =
        replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n1. c3 a1-b2 2. d2 a1-b2", &rp);
    ck_assert_int_eq(rp.bad_move, 3);
    ck_assert_str_eq(rp.why, "no tiger on a1");
    ck_assert_int_eq(rp.played, 3);
    replay_free(&rp);
    (void)g;
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 a1-b2 q9", &rp);
    ck_assert_int_eq(rp.bad_move, 2);
    ck_assert_str_eq(rp.why, "'q9' is not a point of the board");
    replay_free(&rp);
}
END_TEST

/* Tigers shuttle and goats shuttle: the start of the cycle comes back a third time. */
START_TEST(repetition)
{
    struct replay rp;
    const char *text = "[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                       "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                       "c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4 d1-e1";
    struct game g = replay_text(text, &rp);
    ck_assert_int_eq(rp.bad_move, -1);
    ck_assert_int_eq(rp.played, 8);
    ck_assert_int_eq(rp.outcome.reason, END_REPETITION);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "draw");
    replay_free(&rp);
    /* One move short, no draw; one move more, the game is already over. */
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                    "c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_NONE);
    replay_free(&rp);
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                    "c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4 d1-e1 c4-c3",
                    &rp);
    ck_assert_int_eq(rp.bad_move, 8);
    ck_assert_str_eq(rp.why, "the game is already over");
    replay_free(&rp);
    /* Under no-repeat there is no repetition draw: the move that would recreate the board
     * is refused instead. */
    g = replay_text("[Game \"baghchal\"]\n[Rules \"no-repeat\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                    "c4-c3 e1-d1 c3-c4 d1-e1",
                    &rp);
    ck_assert_int_eq(rp.bad_move, 3);
    ck_assert_str_eq(rp.why, "recreates a board seen since the last placement (rules no-repeat)");
    replay_free(&rp);
}
END_TEST

START_TEST(clock)
{
    struct replay rp;
    /* Bagh-Chal: 100 half-moves with no capture and no placement. */
    struct game g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                                "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0 98\"]\nc4-c3 e1-d1",
                                &rp);
    ck_assert_int_eq(rp.outcome.reason, END_CLOCK);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "draw");
    replay_free(&rp);
    /* A win on the 100th half-move comes first: the goats shut the tigers in. */
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGGGT g 0 99\"]\nb3-c3",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_NO_MOVES);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "goats");
    replay_free(&rp);
    /* Sixteen Soldiers: 80 half-moves with no capture. */
    g = replay_text("[Game \"sixteen\"]\n[Rules \"optional\"]\n"
                    "[FEN \"3/3/5/5/R4/5/4B/3/3 r 78\"]\na5-a4 e3-e4",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_CLOCK);
    replay_free(&rp);
}
END_TEST

START_TEST(small_board_record)
{
    struct replay rp;
    struct game g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n[Board \"3x3\"]\n"
                                "b2 a1-b1 a2 b1-a1 c2 a3-b3 b1 c3xa1",
                                &rp);
    ck_assert_int_eq(rp.bad_move, 7);
    ck_assert_str_eq(rp.why, "a1 is occupied");
    ck_assert_int_eq(rp.h.p[rp.h.n - 1].inhand, 0);
    replay_free(&rp);
    (void)g;
}
END_TEST

Suite *record_suite(void)
{
    Suite *s = suite_create("record");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, reading);
    tcase_add_test(tc, bad_records);
    tcase_add_test(tc, illegal_moves);
    tcase_add_test(tc, repetition);
    tcase_add_test(tc, clock);
    tcase_add_test(tc, small_board_record);
    suite_add_tcase(s, tc);
    return s;
}
