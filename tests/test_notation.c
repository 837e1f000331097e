/* Notation: positions and moves round-trip, and bad input gets a precise one-line error. */
#include <stdlib.h>

#include "helpers.h"
#include "baghchal.h"

static void round_trip(const char *game, const char *board, const char *fen)
{
    struct game g = setup(game, NULL, board);
    struct position pos = parse(&g, fen);
    char out[256];
    g.ops->format(&g, &pos, out, sizeof out);
    ck_assert_str_eq(out, fen);
}

START_TEST(position_round_trips)
{
    round_trip("baghchal", NULL, "T3T/5/5/5/T3T g 20");
    round_trip("baghchal", NULL, "TGGGT/GGGGG/GGTGG/GGGGG/T4 g 0");
    round_trip("baghchal", NULL, "2G2/1T1T1/GGGGG/1T1T1/5 t 13");
    round_trip("baghchal", NULL, "GGGGG/GTGTG/GG1GG/GTGTG/GGGG1 g 0 37");
    round_trip("baghchal", "3x3", "T1T/3/T1T g 4");
    round_trip("baghchal", "4x4", "TGGT/G2G/GGGG/T1GT t 0 5");
    round_trip("sixteen", NULL, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r");
    round_trip("sixteen", NULL, "3/1B1/5/2R2/5/5/B4/3/R2 b 79");
}
END_TEST

/* Random positions of every shape survive format then parse. */
START_TEST(random_round_trips)
{
    const char *games[][2] = {{"baghchal", "5x5"}, {"baghchal", "3x3"}, {"sixteen", NULL}};
    srand(7);
    for (int k = 0; k < 3; k++) {
        struct game g = setup(games[k][0], NULL, games[k][1]);
        const struct board *b = g.board;
        for (int iter = 0; iter < 2000; iter++) {
            struct position pos = {0};
            bits_t free = BIT(b->npoints) - 1;
            int want[2];
            if (g.ops == &baghchal_ops) {
                pos.inhand = rand() % (g.side_men[0] + 1);
                int captured = rand() % (g.capture_goal + 1);
                want[1] = 4;
                want[0] = g.side_men[0] - pos.inhand - captured;
                if (want[0] < 0) want[0] = 0;
                pos.side = pos.inhand == g.side_men[0] ? 0 : rand() % 2;
            } else {
                want[0] = rand() % 17;
                want[1] = 1 + rand() % 16;
                pos.side = rand() % 2;
                pos.clock = rand() % 80;
            }
            for (int s = 0; s < 2; s++)
                while (bits_count(pos.men[s]) < want[s]) {
                    int p = rand() % b->npoints;
                    if (!(free & BIT(p))) continue;
                    free ^= BIT(p);
                    pos.men[s] |= BIT(p);
                }
            char fen[256], err[200];
            struct position back;
            g.ops->format(&g, &pos, fen, sizeof fen);
            ck_assert_msg(g.ops->parse(&g, fen, &back, err, sizeof err) == 0, "%s: %s", fen, err);
            ck_assert(position_same(&pos, &back));
            ck_assert_int_eq(pos.clock, back.clock);
        }
    }
}
END_TEST

START_TEST(baghchal_errors)
{
    struct game g = setup("baghchal", NULL, NULL);
    ck_assert_str_eq(
        parse_error(&g, "T3T/6/5/5/T3T g 20"),
        "position: row 4 has 6 points, expected 5 (the 5x5 board has 5 rows of 5 points)");
    ck_assert_str_eq(
        parse_error(&g, "T3T/4/5/5/T3T g 20"),
        "position: row 4 has 4 points, expected 5 (the 5x5 board has 5 rows of 5 points)");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/TT2T g 20"), "position: 5 tigers, expected 4");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/4T g 20"), "position: 3 tigers, expected 4");
    ck_assert_str_eq(parse_error(&g, "TGGGT/GGGGG/GGGGG/GGGGG/T3T g 5"),
                     "position: 23 goats on board and in hand, at most 20");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g 14"),
                     "position: 6 goats captured, at most 5");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T x 20"),
                     "position: side 'x', expected g or t (lower case)");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g 21"),
                     "position: goats in hand 21, expected 0..20");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g -1"),
                     "position: goats in hand '-1' is not a whole number");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g x"),
                     "position: goats in hand 'x' is not a whole number");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3X g 20"),
                     "position: row 1: unknown letter 'X', expected G, T (upper case) or a digit");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/T3T g 20"), "position: 4 rows, expected 5");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/5/T3T g 20"), "position: more than 5 rows");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g"),
                     "position: 2 fields, expected BOARD SIDE INHAND [CLOCK]");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g 20 0 0"),
                     "position: 5 fields, expected BOARD SIDE INHAND [CLOCK]");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T\tg 20"),
                     "position: a tab inside the position; fields are separated by spaces");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g\n20"),
                     "position: a line break inside the position; fields are separated by spaces");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T t 20"),
                     "position: tigers to move before any goat is placed");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g 20 x"),
                     "position: clock 'x' is not a whole number");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T12T g 20"),
                     "position: row 1: two digits in a row");
    ck_assert_str_eq(parse_error(&g, ""), "position: empty");
}
END_TEST

START_TEST(sixteen_errors)
{
    struct game g = setup("sixteen", NULL, NULL);
    ck_assert_str_eq(parse_error(&g, "BBBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r"),
                     "position: row 9 has 4 points, expected 3");
    ck_assert_str_eq(parse_error(&g, "BBB/BBB/BBBBB/BBBBB/R4/RRRRR/RRRRR/RRR/RRR r"),
                     "position: 17 red pieces, at most 16");
    ck_assert_str_eq(parse_error(&g, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR g"),
                     "position: side 'g', expected r or b (lower case)");
    ck_assert_str_eq(parse_error(&g, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR r"),
                     "position: 8 rows, expected 9");
    ck_assert_str_eq(parse_error(&g, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRG r"),
                     "position: row 1: unknown letter 'G', expected R, B (upper case) or a digit");
}
END_TEST

START_TEST(moves)
{
    const struct board *b = board_named("sixteen");
    const char *good[] = {"c3", "a1-b2", "c4xc6xe6", "a3xa5xc5xc3xa5", "pass"};
    for (int i = 0; i < 5; i++) {
        struct move m;
        char err[200], out[80];
        ck_assert_msg(notation_parse_move(b, good[i], &m, err, sizeof err) == 0, "%s", err);
        notation_format_move(b, &m, out, sizeof out);
        ck_assert_str_eq(out, good[i]);
    }
    struct move m;
    char err[200], out[80];
    ck_assert_int_eq(notation_parse_move(b, "C4XC6", &m, err, sizeof err), 0);
    notation_format_move(b, &m, out, sizeof out);
    ck_assert_str_eq(out, "c4xc6");
    const char *bad[][2] = {
        {"z9", "'z9' is not a point of the board"},
        {"a2", "'a2' is not a point of the board"},
        {"a1-", "a point is missing"},
        {"a1-b2-c3", "a step has one '-' and two points"},
        {"a1xb2-c3", "expected 'x' before each landing point"},
        {"", "a point is missing"},
        {"passs", "'passs' is not a point of the board"},
        {"a1-b\xff", "'b\\xff' is not a point of the board"},
    };
    for (int i = 0; i < 8; i++) {
        ck_assert_int_ne(notation_parse_move(b, bad[i][0], &m, err, sizeof err), 0);
        ck_assert_str_eq(err, bad[i][1]);
    }
}
END_TEST

/* The letters of a position are case-sensitive: pieces upper case, the side lower case. */
START_TEST(letter_case)
{
    struct game bc = setup("baghchal", NULL, NULL), ss = setup("sixteen", NULL, NULL);
    ck_assert_str_eq(parse_error(&bc, "T3T/5/5/5/T3T G 20"),
                     "position: side 'G', expected g or t (lower case)");
    ck_assert_str_eq(parse_error(&bc, "T3T/5/5/5/T3T T 20"),
                     "position: side 'T', expected g or t (lower case)");
    ck_assert_str_eq(parse_error(&bc, "t3T/5/5/5/T3T g 20"),
                     "position: row 5: unknown letter 't', expected G, T (upper case) or a digit");
    ck_assert_str_eq(parse_error(&bc, "T3T/5/2g2/5/T3T t 19"),
                     "position: row 3: unknown letter 'g', expected G, T (upper case) or a digit");
    ck_assert_str_eq(parse_error(&ss, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR R"),
                     "position: side 'R', expected r or b (lower case)");
    ck_assert_str_eq(parse_error(&ss, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRr r"),
                     "position: row 1: unknown letter 'r', expected R, B (upper case) or a digit");
    /* point names in moves stay either case */
    struct move m;
    char err[200];
    ck_assert_int_eq(notation_parse_move(bc.board, "A1XC3", &m, err, sizeof err), 0);
}
END_TEST

/* A run of spaces between fields is one separator, as a reader of a pasted position
 * expects: the position reads as with single spaces, for every game. */
static void spaced(const char *game, const char *fen, const char *want)
{
    struct game g = setup(game, NULL, NULL);
    struct position pos = parse(&g, fen);
    char out[256];
    g.ops->format(&g, &pos, out, sizeof out);
    ck_assert_str_eq(out, want);
}

START_TEST(runs_of_spaces)
{
    spaced("baghchal", "T3T/5/5/5/T3T  g 20", "T3T/5/5/5/T3T g 20");
    spaced("baghchal", "  GGGGG/GTGTG/GG1GG/GTGTG/GGGG1   g    0  37 ",
           "GGGGG/GTGTG/GG1GG/GTGTG/GGGG1 g 0 37");
    spaced("sixteen", "3/1B1/5/2R2/5/5/B4/3/R2     b  79", "3/1B1/5/2R2/5/5/B4/3/R2 b 79");
    struct game g = setup("baghchal", NULL, NULL);
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T  \t g 20"),
                     "position: a tab inside the position; fields are separated by spaces");
}
END_TEST

/* A 5x5 position one row short is read as the 4x4 board's, whose shape the error gives. */
START_TEST(row_errors_name_the_board)
{
    struct game g4 = setup("baghchal", NULL, "4x4"), g3 = setup("baghchal", NULL, "3x3");
    ck_assert_str_eq(
        parse_error(&g4, "T3T/5/5/5 g 20"),
        "position: row 4 has 5 points, expected 4 (the 4x4 board has 4 rows of 4 points)");
    ck_assert_str_eq(
        parse_error(&g3, "T2T/4/T2T g 4"),
        "position: row 3 has 4 points, expected 3 (the 3x3 board has 3 rows of 3 points)");
    /* Sixteen Soldiers' rows differ in length and its 9 rows name no other board */
    struct game ss = setup("sixteen", NULL, NULL);
    ck_assert_str_eq(parse_error(&ss, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRRR r"),
                     "position: row 1 has 4 points, expected 3");
}
END_TEST

/* User text in messages is printable ASCII: other bytes escaped, long text cut. */
START_TEST(quoting)
{
    char buf[64];
    ck_assert_str_eq(notation_quote("c3", (size_t)-1, buf, sizeof buf), "c3");
    ck_assert_str_eq(notation_quote("\xff\x01"
                                    "a\\b\xc3\xa9",
                                    (size_t)-1, buf, sizeof buf),
                     "\\xff\\x01a\\\\b\\xc3\\xa9");
    ck_assert_str_eq(notation_quote("abcdef", 3, buf, sizeof buf), "abc");
    ck_assert_str_eq(notation_quote("abcdefgh", (size_t)-1, buf, 8), "abcd...");
    ck_assert_str_eq(notation_quote("abcdefg", (size_t)-1, buf, 8), "abcdefg");
    ck_assert_str_eq(notation_quote("ab\xff\xff"
                                    "cd",
                                    (size_t)-1, buf, 10),
                     "ab\\xff...");
    ck_assert_str_eq(notation_quote("abcdefgh", (size_t)-1, buf, 3), "");
    char big[300];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    ck_assert_uint_eq(strlen(QUOTE(big)), NOTATION_QUOTE_LEN - 1);

    struct game g = setup("baghchal", NULL, NULL);
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T \xff 20"),
                     "position: side '\\xff', expected g or t (lower case)");
    ck_assert_str_eq(
        parse_error(&g, "T3T/5/5/5/T3\xc3\xa9 g 20"),
        "position: row 1: unknown letter '\\xc3', expected G, T (upper case) or a digit");
    ck_assert_str_eq(parse_error(&g, "T3T/5/5/5/T3T g 2\x1b[0m"),
                     "position: goats in hand '2\\x1b[0m' is not a whole number");
    char err[200];
    ck_assert_int_ne(game_setup(&g,
                                "bagh\xff"
                                "chal",
                                NULL, NULL, err, sizeof err),
                     0);
    /* the games listed after the quoted name are the registry's, however many */
    const char *games = "unknown game 'bagh\\xffchal' (baghchal, sixteen";
    ck_assert_msg(!strncmp(err, games, strlen(games)) ||
                      !strcmp(err, "unknown game 'bagh\\xffchal' (baghchal or sixteen)"),
                  "%s", err);
    ck_assert_int_ne(game_setup(&g, "baghchal", "std\n", NULL, err, sizeof err), 0);
    ck_assert_str_eq(err, "unknown rules 'std\\x0a' for baghchal (standard, goat-pass, "
                          "no-repeat, no-repeat:N, each with -kN for N captures to win)");
    ck_assert_int_ne(game_setup(&g, "baghchal", NULL, "\t", err, sizeof err), 0);
    ck_assert_str_eq(err, "unknown board '\\x09' (5x5, 4x4 or 3x3)");
    ck_assert_int_ne(game_setup(&g, "sixteen", NULL, "5x5", err, sizeof err), 0);
    ck_assert_str_eq(err, "board '5x5' is for baghchal: Sixteen Soldiers has one board");
}
END_TEST

/* A capture goal rides on the rules' name: it reads back, the board's own goal is no goal
 * of its own, and a goal out of range or on the wrong game is refused with its reason. */
START_TEST(capture_goal_names)
{
    static const struct {
        const char *rules, *board;
        int goal;
        const char *name; /* as game_rules_name writes it back */
    } good[] = {
        {"standard-k3", "5x5", 3, "standard-k3"},
        {"goat-pass-k1", "5x5", 1, "goat-pass-k1"},
        {"standard-k5", "5x5", 5, "standard"},
        {"standard-k8", "5x5", 8, "standard-k8"},
        {"standard-k4", "3x3", 4, "standard-k4"},
        {"goat-pass-k3", "4x4", 3, "goat-pass"},
        {"no-repeat:12-k2", "5x5", 2, "no-repeat:12-k2"},
    };
    char err[200], name[40];
    struct game g, d;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_msg(game_setup(&g, "baghchal", good[i].rules, good[i].board, err, sizeof err) ==
                          0,
                      "%s: %s", good[i].rules, err);
        ck_assert_int_eq(g.capture_goal, good[i].goal);
        game_rules_name(&g, name, sizeof name);
        ck_assert_str_eq(name, good[i].name);
        ck_assert_int_eq(game_setup(&d, "baghchal", name, good[i].board, err, sizeof err), 0);
        ck_assert(game_same(&g, &d));
        ck_assert_int_eq(game_setup(&d, "baghchal", NULL, good[i].board, err, sizeof err), 0);
        ck_assert_int_eq(game_same(&g, &d), d.capture_goal == good[i].goal && !g.rules);
    }
    static const struct {
        const char *game, *rules, *board, *err;
    } bad[] = {
        {"baghchal", "standard-k0", "5x5",
         "rules 'standard-k0': capture goal 0, expected 1..8 on 5x5"},
        {"baghchal", "standard-k9", "5x5",
         "rules 'standard-k9': capture goal 9, expected 1..8 on 5x5"},
        {"baghchal", "goat-pass-k5", "3x3",
         "rules 'goat-pass-k5': capture goal 5, expected 1..4 on 3x3"},
        {"baghchal", "standard-k03", "5x5",
         "rules 'standard-k03': capture goal 03, expected 1..8 on 5x5"},
        {"baghchal", "standard-k", "5x5",
         "unknown rules 'standard-k' for baghchal (standard, goat-pass, no-repeat, "
         "no-repeat:N, each with -kN for N captures to win)"},
        {"sixteen", "optional-k3", NULL,
         "unknown rules 'optional-k3' for sixteen (optional, forced)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_ne(game_setup(&g, bad[i].game, bad[i].rules, bad[i].board, err, sizeof err),
                         0);
        ck_assert_str_eq(err, bad[i].err);
    }
    /* the name --captures builds reads back as its goal, and a name with a goal takes none */
    ck_assert_int_eq(game_rules_with_goal("no-repeat:12", 2, name, sizeof name, err, sizeof err),
                     0);
    ck_assert_str_eq(name, "no-repeat:12-k2");
    ck_assert_int_eq(game_rules_with_goal(NULL, 3, name, sizeof name, err, sizeof err), 0);
    ck_assert_int_eq(game_setup(&g, "baghchal", name, NULL, err, sizeof err), 0);
    ck_assert_int_eq(g.capture_goal, 3);
    ck_assert_int_ne(game_rules_with_goal("goat-pass-k2", 3, name, sizeof name, err, sizeof err),
                     0);
    ck_assert_str_eq(err, "rules 'goat-pass-k2' name a capture goal already");
    ck_assert_int_ne(game_rules_with_goal("standard", 3, name, 8, err, sizeof err), 0);
}
END_TEST

Suite *notation_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_add_test(tc, position_round_trips);
    tcase_add_test(tc, random_round_trips);
    tcase_add_test(tc, baghchal_errors);
    tcase_add_test(tc, sixteen_errors);
    tcase_add_test(tc, moves);
    tcase_add_test(tc, letter_case);
    tcase_add_test(tc, runs_of_spaces);
    tcase_add_test(tc, row_errors_name_the_board);
    tcase_add_test(tc, quoting);
    tcase_add_test(tc, capture_goal_names);
    suite_add_tcase(s, tc);
    return s;
}
