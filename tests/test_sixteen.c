/* Sixteen Soldiers rules: perft, chains under both capture rules, the ends of the game. */
#include <stdlib.h>

#include "helpers.h"
#include "perft.h"
#include "sixteen.h"

START_TEST(perft_start)
{
    uint64_t got[2];
    struct game opt = setup("sixteen", "optional", NULL), forced = setup("sixteen", "forced", NULL);
    struct position start = opt.ops->start(&opt);
    char fen[128];
    opt.ops->format(&opt, &start, fen, sizeof fen);
    ck_assert_str_eq(fen, "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r");
    perft(&opt, &start, 2, got);
    ck_assert_uint_eq(got[0], 9);
    ck_assert_uint_eq(got[1], 69);
    perft(&forced, &start, 2, got);
    ck_assert_uint_eq(got[0], 9);
    ck_assert_uint_eq(got[1], 21);
    /* Deeper, agreeing with an independent implementation (docs/results.md, "Perft"). */
    uint64_t deep[7];
    perft(&opt, &start, 5, deep);
    ck_assert_uint_eq(deep[2], 783);
    ck_assert_uint_eq(deep[3], 9023);
    ck_assert_uint_eq(deep[4], 111667);
    perft(&forced, &start, 7, deep);
    ck_assert_uint_eq(deep[4], 1798);
    ck_assert_uint_eq(deep[5], 9320);
    ck_assert_uint_eq(deep[6], 55774);
}
END_TEST

/* Red on c3 can take c4, then c6: optional has both chains and the steps, forced only the
 * maximal chain. */
static const char *const two_in_a_column = "3/3/5/2B2/5/2B2/2R2/3/3 r";

START_TEST(optional_prefixes)
{
    struct game g = setup("sixteen", "optional", NULL);
    struct position pos = parse(&g, two_in_a_column);
    ck_assert_str_eq(moves_text(&g, &pos),
                     "c3-b2 c3-c2 c3-d2 c3-b3 c3-d3 c3-b4 c3-d4 c3xc5 c3xc5xc7");
}
END_TEST

START_TEST(forced_maximal)
{
    struct game g = setup("sixteen", "forced", NULL);
    struct position pos = parse(&g, two_in_a_column), succ;
    char why[200];
    ck_assert_str_eq(moves_text(&g, &pos), "c3xc5xc7");
    ck_assert_int_ne(game_play_text(&g, &pos, "c3xc5", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "the chain must go on: the piece on c5 can still capture (rules forced)");
    ck_assert_int_ne(game_play_text(&g, &pos, "c3-b3", &succ, why, sizeof why), 0);
    ck_assert_str_eq(why, "a capture is available and rules forced make it compulsory");
    ck_assert_int_eq(game_play_text(&g, &pos, "c3xc5xc7", &succ, why, sizeof why), 0);
    char fen[128];
    g.ops->format(&g, &succ, fen, sizeof fen);
    ck_assert_str_eq(fen, "3/3/2R2/5/5/5/5/3/3 b");
    /* Maximal, not longest: a chain that stops where it cannot go on is legal even when
     * another is longer. Red d3 can take d4 and stop; red c3 can take two. */
    pos = parse(&g, "3/3/5/2B2/5/2BB1/2RR1/3/3 r");
    ck_assert(has_move_text(&g, &pos, "d3xd5"));
    ck_assert(has_move_text(&g, &pos, "c3xc5xc7"));
    ck_assert(!has_move_text(&g, &pos, "c3xc5"));
}
END_TEST

/* A chain may land on a point it passed: a3 takes a4, b5, c4 and b4, landing on a5 twice. */
static const char *const loop = "3/3/5/5/1B3/BBB2/R4/3/3 r";

START_TEST(chain_revisits)
{
    const char *rules[] = {"optional", "forced"};
    for (int r = 0; r < 2; r++) {
        struct game g = setup("sixteen", rules[r], NULL);
        struct position pos = parse(&g, loop), succ;
        char why[200], fen[128];
        ck_assert_msg(game_play_text(&g, &pos, "a3xa5xc5xc3xa5", &succ, why, sizeof why) == 0, "%s",
                      why);
        g.ops->format(&g, &succ, fen, sizeof fen);
        ck_assert_str_eq(fen, "3/3/5/5/R4/5/5/3/3 b");
        /* The same result is one move, whatever path the list names. */
        struct movelist l;
        movelist_init(&l);
        int n = g.ops->moves(&g, &pos, &l), found = 0;
        for (int i = 0; i < n; i++) found += position_same(&l.succ[i], &succ);
        ck_assert_int_eq(found, 1);
        movelist_free(&l);
    }
}
END_TEST

/* An independent enumeration of chains: every path, no memory of states, then the set of
 * distinct results; compared with the engine on hand-made and random positions. */
struct brute {
    const struct board *b;
    bool forced;
    struct position results[4096];
    int n;
};

static void brute_add(struct brute *br, const struct position *s)
{
    for (int i = 0; i < br->n; i++)
        if (position_same(&br->results[i], s)) return;
    ck_assert_int_lt(br->n, 4096);
    br->results[br->n++] = *s;
}

static void brute_chain(struct brute *br, const struct position *pos, bits_t own, bits_t enemy,
                        int at, int jumps)
{
    const struct board *b = br->b;
    bits_t occupied = own | enemy | BIT(at);
    bool extended = false;
    for (int j = 0; j < b->njumps[at]; j++) {
        int over = b->jumps[at][j].over, to = b->jumps[at][j].to;
        if (!(enemy & BIT(over)) || (occupied & BIT(to))) continue;
        extended = true;
        brute_chain(br, pos, own, enemy & ~BIT(over), to, jumps + 1);
    }
    if (jumps > 0 && (!br->forced || !extended)) {
        struct position s = {.side = 1 - pos->side};
        s.men[pos->side] = own | BIT(at);
        s.men[1 - pos->side] = enemy;
        brute_add(br, &s);
    }
}

static int brute_moves(struct brute *br, const struct position *pos)
{
    const struct board *b = br->b;
    bits_t own = pos->men[pos->side], enemy = pos->men[1 - pos->side];
    br->n = 0;
    if (!own || !enemy) return 0;
    for (int p = 0; p < b->npoints; p++)
        if (own & BIT(p)) brute_chain(br, pos, own & ~BIT(p), enemy, p, 0);
    if (br->forced && br->n > 0) return br->n;
    for (int p = 0; p < b->npoints; p++) {
        if (!(own & BIT(p))) continue;
        for (int k = 0; k < b->degree[p]; k++) {
            int q = b->adj[p][k];
            if ((own | enemy) & BIT(q)) continue;
            struct position s = {.side = 1 - pos->side};
            s.men[pos->side] = (own & ~BIT(p)) | BIT(q);
            s.men[1 - pos->side] = enemy;
            brute_add(br, &s);
        }
    }
    return br->n;
}

static void compare_with_brute(const struct game *g, const struct position *pos)
{
    static struct brute br;
    br.b = g->board;
    br.forced = g->rules == SS_FORCED;
    struct movelist l;
    movelist_init(&l);
    int n = g->ops->moves(g, pos, &l);
    char fen[128];
    g->ops->format(g, pos, fen, sizeof fen);
    ck_assert_msg(n == brute_moves(&br, pos), "%s: %d moves, brute force %d", fen, n, br.n);
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int j = 0; j < br.n && !found; j++) found = position_same(&l.succ[i], &br.results[j]);
        ck_assert_msg(found, "%s: move %d not found by brute force", fen, i);
        /* The move as written plays to its successor. */
        char text[80], why[200];
        struct position succ;
        notation_format_move(g->board, &l.mv[i], text, sizeof text);
        ck_assert_msg(game_play_text(g, pos, text, &succ, why, sizeof why) == 0, "%s %s: %s", fen,
                      text, why);
        ck_assert(position_same(&succ, &l.succ[i]));
    }
    movelist_free(&l);
}

START_TEST(chains_against_brute_force)
{
    const char *rules[] = {"optional", "forced"};
    srand(5);
    for (int r = 0; r < 2; r++) {
        struct game g = setup("sixteen", rules[r], NULL);
        compare_with_brute(&g, &(struct position){0});
        struct position pos = parse(&g, loop);
        compare_with_brute(&g, &pos);
        pos = parse(&g, two_in_a_column);
        compare_with_brute(&g, &pos);
        /* Random positions with many pieces: chains everywhere. */
        for (int iter = 0; iter < 3000; iter++) {
            pos = (struct position){.side = rand() % 2};
            int want[2] = {1 + rand() % 16, 1 + rand() % 16};
            for (int s = 0; s < 2; s++)
                while (bits_count(pos.men[s]) < want[s]) {
                    int p = rand() % g.board->npoints;
                    if (!((pos.men[0] | pos.men[1]) & BIT(p))) pos.men[s] |= BIT(p);
                }
            compare_with_brute(&g, &pos);
        }
    }
}
END_TEST

START_TEST(ends)
{
    struct game g = setup("sixteen", NULL, NULL);
    struct outcome o;
    struct position pos = parse(&g, "3/3/5/5/R4/5/5/3/3 b");
    ck_assert(g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(o.reason, END_NO_PIECES);
    ck_assert_int_eq(o.winner, 0);
    /* Blue on a9, hemmed in: c9 and b8 taken, e9 and c7 behind them too. */
    pos = parse(&g, "BRR/R2/2R2/5/5/5/5/3/3 b");
    ck_assert_str_eq(moves_text(&g, &pos), "");
    ck_assert(g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(o.reason, END_NO_MOVES);
    ck_assert_int_eq(o.winner, 0);
    pos = parse(&g, "BR1/R2/2R2/5/5/5/5/3/3 b");
    ck_assert(!g.ops->over(&g, &pos, &o));
    ck_assert_str_eq(moves_text(&g, &pos), "a9xe9");
}
END_TEST

START_TEST(bad_moves)
{
    struct game g = setup("sixteen", NULL, NULL);
    struct position pos = g.ops->start(&g), succ;
    char why[200];
    const char *cases[][2] = {
        {"c3", "a move is a step from-to or a capture fromxto"},
        {"pass", "there is no passing in Sixteen Soldiers"},
        {"c6-c5", "no red piece on c6"},
        {"c4-c6", "c6 is not adjacent to c4"},
        {"c3-c4", "c4 is occupied"},
        {"c4xc6", "jump 1: no blue piece on c5 to capture"},
        {"a1xa3", "jump 1: no line leads from a1 over one point to a3"},
    };
    for (int i = 0; i < 7; i++) {
        ck_assert_int_ne(game_play_text(&g, &pos, cases[i][0], &succ, why, sizeof why), 0);
        ck_assert_str_eq(why, cases[i][1]);
    }
}
END_TEST

Suite *sixteen_suite(void)
{
    Suite *s = suite_create("sixteen");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, perft_start);
    tcase_add_test(tc, optional_prefixes);
    tcase_add_test(tc, forced_maximal);
    tcase_add_test(tc, chain_revisits);
    tcase_add_test(tc, chains_against_brute_force);
    tcase_add_test(tc, ends);
    tcase_add_test(tc, bad_moves);
    suite_add_tcase(s, tc);
    return s;
}
