/* Board geometry: the check figures of docs/rules.md, and the symmetry groups. */
#include "board.h"
#include "helpers.h"

static int degree_of(const struct board *b, const char *point)
{
    int p = board_parse_point(b, point, strlen(point));
    ck_assert_int_ge(p, 0);
    return b->degree[p];
}

START_TEST(baghchal_figures)
{
    const struct board *b = board_named("5x5");
    ck_assert_int_eq(b->npoints, 25);
    ck_assert_int_eq(board_count_adjacent_pairs(b), 56);
    ck_assert_int_eq(board_count_jumps(b), 80);
    const char *eight[] = {"c3", "b2", "d2", "b4", "d4"};
    for (int i = 0; i < 5; i++) ck_assert_int_eq(degree_of(b, eight[i]), 8);
    ck_assert_int_eq(degree_of(b, "a1"), 3);
    ck_assert_int_eq(degree_of(b, "b5"), 3);
    ck_assert_int_eq(degree_of(b, "c1"), 5);
    ck_assert_int_eq(degree_of(b, "a3"), 5);
    /* (x,y) has diagonal lines exactly when x+y is even */
    for (int p = 0; p < b->npoints; p++) {
        bool diagonal = false;
        for (int k = 0; k < b->degree[p]; k++) {
            int q = b->adj[p][k];
            diagonal |= b->col[q] != b->col[p] && b->row[q] != b->row[p];
        }
        ck_assert_int_eq(diagonal, (b->col[p] + b->row[p]) % 2 == 0);
    }
    ck_assert_int_eq(b->nsyms, 8);
}
END_TEST

START_TEST(sixteen_figures)
{
    const struct board *b = board_named("sixteen");
    ck_assert_int_eq(b->npoints, 37);
    ck_assert_int_eq(board_count_adjacent_pairs(b), 76);
    ck_assert_int_eq(board_count_jumps(b), 112);
    const char *eight[] = {"c3", "c5", "c7", "b4", "d4", "b6", "d6"};
    for (int i = 0; i < 7; i++) ck_assert_int_eq(degree_of(b, eight[i]), 8);
    const char *two[] = {"a1", "e1", "a9", "e9"};
    for (int i = 0; i < 4; i++) ck_assert_int_eq(degree_of(b, two[i]), 2);
    ck_assert_int_eq(b->nsyms, 4);
}
END_TEST

START_TEST(small_boards)
{
    const struct board *b3 = board_named("3x3"), *b4 = board_named("4x4");
    ck_assert_int_eq(b3->npoints, 9);
    ck_assert_int_eq(board_count_adjacent_pairs(b3), 16);
    ck_assert_int_eq(b3->nsyms, 8);
    ck_assert_int_eq(b4->npoints, 16);
    ck_assert_int_eq(board_count_adjacent_pairs(b4), 24);
    ck_assert_int_eq(board_count_jumps(b4), 32);
    ck_assert_int_eq(b4->nsyms, 8);
    ck_assert_ptr_null(board_named("6x6"));
}
END_TEST

/* The built-in boards are built on first use and never fail then, for their lines are
 * known good: this is where that is known. board_named would return NULL (and every game
 * on that board fail to set up) rather than abort. */
START_TEST(builtin_boards_build)
{
    const char *names[] = {"5x5", "4x4", "3x3", "sixteen"};
    for (int i = 0; i < 4; i++) {
        const struct board *b = board_named(names[i]);
        ck_assert_msg(b != NULL, "board %s does not build", names[i]);
        ck_assert_str_eq(b->name, names[i]);
        ck_assert_ptr_eq(board_named(names[i]), b); /* built once */
        struct game g;
        char err[200];
        const char *game = i == 3 ? "sixteen" : "baghchal", *board = i == 3 ? NULL : names[i];
        ck_assert_msg(game_setup(&g, game, NULL, board, err, sizeof err) == 0, "%s", err);
        ck_assert_ptr_eq(g.board, b);
    }
}
END_TEST

/* Every symmetry maps adjacency and jumps onto themselves; the set is a group with the
 * identity first. */
static void check_group(const struct board *b)
{
    for (int p = 0; p < b->npoints; p++) ck_assert_int_eq(b->sym[0][p], p);
    for (int s = 0; s < b->nsyms; s++) {
        for (int p = 0; p < b->npoints; p++) {
            int sp = b->sym[s][p];
            ck_assert_uint_eq(board_map_bits(b, s, b->adjmask[p]), b->adjmask[sp]);
            for (int j = 0; j < b->njumps[p]; j++) {
                int over = b->sym[s][b->jumps[p][j].over], to = b->sym[s][b->jumps[p][j].to];
                bool found = false;
                for (int k = 0; k < b->njumps[sp]; k++)
                    found |= b->jumps[sp][k].over == over && b->jumps[sp][k].to == to;
                ck_assert(found);
            }
        }
        for (int t = 0; t < b->nsyms; t++) {
            uint8_t comp[BOARD_MAX_POINTS];
            for (int p = 0; p < b->npoints; p++) comp[p] = b->sym[s][b->sym[t][p]];
            bool in_group = false;
            for (int u = 0; u < b->nsyms && !in_group; u++)
                in_group = memcmp(comp, b->sym[u], (size_t)b->npoints) == 0;
            ck_assert(in_group);
        }
    }
}

START_TEST(groups)
{
    check_group(board_named("5x5"));
    check_group(board_named("4x4"));
    check_group(board_named("3x3"));
    check_group(board_named("sixteen"));
    /* Sixteen Soldiers keeps left-right and top-bottom: a1 goes to e1, a9 and e9. */
    const struct board *b = board_named("sixteen");
    bits_t images = 0;
    for (int s = 0; s < b->nsyms; s++) images |= BIT(b->sym[s][board_parse_point(b, "a1", 2)]);
    bits_t want = BIT(board_parse_point(b, "a1", 2)) | BIT(board_parse_point(b, "e1", 2)) |
                  BIT(board_parse_point(b, "a9", 2)) | BIT(board_parse_point(b, "e9", 2));
    ck_assert_uint_eq(images, want);
}
END_TEST

START_TEST(bad_boards)
{
    struct board b;
    char err[200];
    const char *bad_name[] = {"a1 b2 z9"};
    ck_assert_int_ne(board_build(&b, "bad", bad_name, 1, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "bad point name"));
    const char *disconnected[] = {"a1 b1", "a3 b3"};
    ck_assert_int_ne(board_build(&b, "bad", disconnected, 2, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "do not connect"));
    const char *single[] = {"a1"};
    ck_assert_int_ne(board_build(&b, "bad", single, 1, err, sizeof err), 0);
    /* A line is enough: a path of 3 points has 2 symmetries. */
    const char *path[] = {"a1 b1 c1"};
    ck_assert_int_eq(board_build(&b, "path", path, 1, err, sizeof err), 0);
    ck_assert_int_eq(b.nsyms, 2);
    ck_assert_int_eq(board_count_jumps(&b), 2);
}
END_TEST

START_TEST(point_names)
{
    const struct board *b = board_named("sixteen");
    char name[3];
    for (int p = 0; p < b->npoints; p++) {
        board_point_name(b, p, name);
        ck_assert_int_eq(board_parse_point(b, name, 2), p);
    }
    ck_assert_int_eq(board_parse_point(b, "C3", 2), board_parse_point(b, "c3", 2));
    ck_assert_int_lt(board_parse_point(b, "a2", 2), 0); /* rows 1, 2, 8, 9 have 3 points */
    ck_assert_int_lt(board_parse_point(b, "f3", 2), 0);
    ck_assert_int_lt(board_parse_point(b, "c10", 3), 0);
}
END_TEST

Suite *board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("geometry");
    tcase_add_test(tc, builtin_boards_build);
    tcase_add_test(tc, baghchal_figures);
    tcase_add_test(tc, sixteen_figures);
    tcase_add_test(tc, small_boards);
    tcase_add_test(tc, groups);
    tcase_add_test(tc, bad_boards);
    tcase_add_test(tc, point_names);
    suite_add_tcase(s, tc);
    return s;
}
