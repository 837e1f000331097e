/* Adugo's rules (solver/games/adugo/adugo.c) through game_setup and the game's ops alone,
 * held to docs/rules.md and docs/notation.md by a second hand (tests/ad_brute.c): the board's
 * check figures and its lines, perft from the start to depth 6 under both rule sets against
 * the second move generator (position by position to depth 3), random positions' moves, the
 * ends of the game, positions, moves and records read and written, the small variants'
 * names. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "helpers.h"
#include "perft.h"
#include "record.h"

#define MOST_SUCCESSORS 4096

static const char *const rule_sets[2] = {"optional", "forced"};

/* The second generator's rules for a game set up by name: N dogs, K captures win. */
static struct ad_rules rules_of(const char *rules, int dogs, int goal)
{
    return (struct ad_rules){.forced = !strncmp(rules, "forced", 6), .dogs_won = dogs - goal};
}

/* A position as docs/notation.md writes it, by the second hand: rows 7 down to 1, each of
 * its own points left to right. */
static void write_fen(const struct position *p, char *buf, size_t len, const struct ad_board *b)
{
    size_t k = 0;
    for (int row = 7; row >= 1; row--) {
        int empty = 0;
        for (int i = 0; i < AD_POINTS; i++) {
            const char *name = ad_point_name(i);
            if (name[1] - '0' != row) continue;
            int lib = board_parse_point(b->lib, name, 2);
            char c = p->men[0] & BIT(lib) ? 'J' : p->men[1] & BIT(lib) ? 'D' : 0;
            if (!c) {
                empty++;
                continue;
            }
            if (empty) k += (size_t)snprintf(buf + k, len - k, "%d", empty);
            empty = 0;
            k += (size_t)snprintf(buf + k, len - k, "%c", c);
        }
        if (empty) k += (size_t)snprintf(buf + k, len - k, "%d", empty);
        if (row > 1) k += (size_t)snprintf(buf + k, len - k, "/");
    }
    k += (size_t)snprintf(buf + k, len - k, " %c", p->side ? 'd' : 'j');
    if (p->clock) snprintf(buf + k, len - k, " %d", p->clock);
}

/* The moves of a position as moves_text writes them, in alphabetical order. */
static const char *sorted_moves(const struct game *g, const struct position *pos)
{
    static char out[8192];
    char all[8192], *word[512];
    int n = 0;
    snprintf(all, sizeof all, "%s", moves_text(g, pos));
    for (char *s = strtok(all, " "); s && n < 512; s = strtok(NULL, " ")) word[n++] = s;
    for (int i = 1; i < n; i++) /* insertion sort: a few moves */
        for (int j = i; j > 0 && strcmp(word[j - 1], word[j]) > 0; j--) {
            char *t = word[j];
            word[j] = word[j - 1];
            word[j - 1] = t;
        }
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%s", i ? " " : "", word[i]);
    return out;
}

static const char *fen_of(const struct game *g, const struct position *p)
{
    static char buf[128];
    g->ops->format(g, p, buf, sizeof buf);
    return buf;
}

/* ---- The board --------------------------------------------------------------------- */

START_TEST(board_figures)
{
    struct game g = setup("adugo", NULL, NULL);
    const struct board *lib = g.board;
    ck_assert_int_eq(lib->npoints, 31);
    ck_assert_int_eq(board_count_adjacent_pairs(lib), 66);
    ck_assert_int_eq(board_count_jumps(lib), 96);
    static const struct {
        const char *point;
        int degree;
    } degrees[] = {{"c5", 8}, {"a7", 2}, {"e7", 2}, {"b6", 3}, {"c7", 3}, {"c6", 4},
                   {"c3", 8}, {"a1", 3}, {"c1", 5}, {"d6", 3}, {"e5", 3}};
    for (size_t i = 0; i < sizeof degrees / sizeof degrees[0]; i++)
        ck_assert_msg(lib->degree[board_parse_point(lib, degrees[i].point, 2)] == degrees[i].degree,
                      "%s", degrees[i].point);
    /* the lines written out here give the library's adjacency and jumps, and the same
     * figures */
    struct ad_board b;
    ad_board_init(&b, lib);
    int pairs = 0, jumps = 0;
    for (int p = 0; p < AD_POINTS; p++) {
        ck_assert_msg(b.adj[p] == lib->adjmask[p], "%s: adjacent points differ", ad_point_name(p));
        ck_assert_int_eq(b.njumps[p], lib->njumps[p]);
        for (int k = 0; k < b.njumps[p]; k++) {
            bool found = false;
            for (int m = 0; m < lib->njumps[p]; m++)
                found |= lib->jumps[p][m].over == b.over[p][k] && lib->jumps[p][m].to == b.to[p][k];
            ck_assert_msg(found, "a jump from point %d missing", p);
        }
        pairs += bits_count(b.adj[p]);
        jumps += b.njumps[p];
    }
    ck_assert_int_eq(pairs, 2 * 66);
    ck_assert_int_eq(jumps, 96);
    /* two symmetries: the identity and the left-right mirror */
    ck_assert_int_eq(lib->nsyms, 2);
    for (int p = 0; p < AD_POINTS; p++) {
        ck_assert_int_eq(lib->sym[0][p], p);
        ck_assert_int_eq(lib->sym[1][p], b.mirror[p]);
    }
}
END_TEST

/* ---- Moves against the second generator -------------------------------------------- */

/* The library's successors of pos are the second generator's, each once; over() says the
 * game is over exactly when there are none, won by the other side. */
static void compare_moves(const struct game *g, const struct ad_board *b, const struct ad_rules *r,
                          const struct position *pos, struct movelist *l, struct position *want)
{
    int n = g->ops->moves(g, pos, l), nw = ad_moves(b, r, pos, want, MOST_SUCCESSORS);
    CHECK(n == nw, "%s: %d moves, the second generator %d", fen_of(g, pos), n, nw);
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int j = 0; j < nw && !found; j++) found = position_same(&l->succ[i], &want[j]);
        CHECK(found, "%s: move %d not the second generator's", fen_of(g, pos), i);
        for (int j = 0; j < i; j++)
            CHECK(!position_same(&l->succ[i], &l->succ[j]), "%s: moves %d and %d the same",
                  fen_of(g, pos), j, i);
    }
    struct outcome o;
    bool over = g->ops->over(g, pos, &o);
    CHECK(over == (n == 0), "%s: over %d with %d moves", fen_of(g, pos), over, n);
    bool captured = bits_count(pos->men[1]) <= r->dogs_won;
    CHECK(!over || o.winner == (captured ? 0 : 1 - pos->side), "%s: won by %d", fen_of(g, pos),
          o.winner);
    CHECK(!over || o.reason == (captured ? END_CAPTURES : END_NO_MOVES), "%s: reason %d",
          fen_of(g, pos), o.reason);
}

/* The second generator's perft, leaves at each depth from 1. */
static void brute_perft(const struct ad_board *b, const struct ad_rules *r,
                        const struct position *pos, int depth, int ply, uint64_t *counts,
                        struct position **lists)
{
    int n = ad_moves(b, r, pos, lists[ply], MOST_SUCCESSORS);
    counts[ply] += (uint64_t)n;
    if (ply + 1 < depth)
        for (int i = 0; i < n; i++)
            brute_perft(b, r, &lists[ply][i], depth, ply + 1, counts, lists);
}

/* Every node to depth `depth`: its moves, compared. */
static void compare_tree(const struct game *g, const struct ad_board *b, const struct ad_rules *r,
                         const struct position *pos, int depth, struct movelist *l,
                         struct position *want)
{
    compare_moves(g, b, r, pos, l, want);
    if (!depth) return;
    int n = l->n;
    struct position *succ = malloc((size_t)(n ? n : 1) * sizeof *succ);
    memcpy(succ, l->succ, (size_t)n * sizeof *succ);
    for (int i = 0; i < n; i++) compare_tree(g, b, r, &succ[i], depth - 1, l, want);
    free(succ);
}

/* The library's perft and the second generator's to depth 6 from the start, under both
 * rule sets; the moves of every node to depth 3 compared. */
START_TEST(perft_start)
{
    const char *rules = rule_sets[_i];
    struct game g = setup("adugo", rules, NULL);
    struct ad_board b;
    ad_board_init(&b, g.board);
    struct ad_rules r = rules_of(rules, 14, 5);
    struct position start = g.ops->start(&g);
    ck_assert_str_eq(fen_of(&g, &start), "3/3/5/5/DDJDD/DDDDD/DDDDD j");
    struct movelist l;
    movelist_init(&l);
    struct position *want = malloc(MOST_SUCCESSORS * sizeof *want);
    compare_tree(&g, &b, &r, &start, 2, &l, want);
    enum { DEPTH = 6 };
    uint64_t got[DEPTH], mine[DEPTH] = {0};
    struct position *lists[DEPTH];
    for (int d = 0; d < DEPTH; d++) lists[d] = malloc(MOST_SUCCESSORS * sizeof *lists[d]);
    clock_t t0 = clock();
    ck_assert_int_eq(perft(&g, &start, DEPTH, got), 0);
    clock_t t1 = clock();
    brute_perft(&b, &r, &start, DEPTH, 0, mine, lists);
    /* the counts both found the first time, kept (docs/results.md may quote them) */
    static const uint64_t counts[2][DEPTH] = {{3, 29, 148, 2005, 9170, 138481},
                                              {3, 29, 109, 1424, 4756, 67702}};
    for (int d = 0; d < DEPTH; d++) {
        ck_assert_msg(got[d] == mine[d], "%s depth %d: perft %llu, the second generator %llu",
                      rules, d + 1, (unsigned long long)got[d], (unsigned long long)mine[d]);
        ck_assert_uint_eq(got[d], counts[_i][d]);
    }
    if (getenv("AD_PERFT_PRINT"))
        fprintf(stderr, "adugo %s perft 1..6: %llu %llu %llu %llu %llu %llu (library %.2f s)\n",
                rules, (unsigned long long)got[0], (unsigned long long)got[1],
                (unsigned long long)got[2], (unsigned long long)got[3], (unsigned long long)got[4],
                (unsigned long long)got[5], (double)(t1 - t0) / CLOCKS_PER_SEC);
    for (int d = 0; d < DEPTH; d++) free(lists[d]);
    free(want);
    movelist_free(&l);
}
END_TEST

/* A random position: the jaguar anywhere, `dogs` dogs on other points, either side to
 * move. */
static struct position random_position(uint64_t *seed, int dogs)
{
    struct position p = {.side = (int)(splitmix(seed) % 2)};
    p.men[0] = BIT(splitmix(seed) % AD_POINTS);
    while (bits_count(p.men[1]) < dogs) {
        bits_t q = BIT(splitmix(seed) % AD_POINTS);
        if (!(q & p.men[0])) p.men[1] |= q;
    }
    return p;
}

/* Random positions of the whole game and of small variants, both rule sets: chains of
 * every length, blocked jaguars and dogs, finished games. Each move as written plays to its
 * successor. */
START_TEST(moves_against_second_generator)
{
    static const struct {
        int dogs, goal;
    } variants[] = {{14, 5}, {4, 2}, {6, 6}, {3, 1}};
    uint64_t seed = 40;
    struct movelist l;
    movelist_init(&l);
    struct position *want = malloc(MOST_SUCCESSORS * sizeof *want);
    for (int v = 0; v < 4; v++)
        for (int rs = 0; rs < 2; rs++) {
            char name[64];
            snprintf(name, sizeof name, "%s-d%d-k%d", rule_sets[rs], variants[v].dogs,
                     variants[v].goal);
            struct game g = setup("adugo", name, NULL);
            struct ad_board b;
            ad_board_init(&b, g.board);
            struct ad_rules r = rules_of(name, variants[v].dogs, variants[v].goal);
            for (int iter = 0; iter < 3000; iter++) {
                int least = variants[v].dogs - variants[v].goal + 1;
                int dogs =
                    least + (int)(splitmix(&seed) % (uint64_t)(variants[v].dogs - least + 1));
                struct position pos = random_position(&seed, dogs);
                compare_moves(&g, &b, &r, &pos, &l, want);
                for (int i = 0; i < l.n; i++) {
                    char text[80], why[200];
                    struct position succ;
                    notation_format_move(g.board, &l.mv[i], text, sizeof text);
                    CHECK(game_play_text(&g, &pos, text, &succ, why, sizeof why) == 0, "%s %s: %s",
                          fen_of(&g, &pos), text, why);
                    CHECK(position_same(&succ, &l.succ[i]), "%s %s: another successor",
                          fen_of(&g, &pos), text);
                }
            }
        }
    free(want);
    movelist_free(&l);
}
END_TEST

/* ---- Chains and the ends of the game ----------------------------------------------- */

/* The jaguar on c3 takes c4 and lands on c5, then b5 and lands on a5. */
static const char *const two_dogs_in_line = "3/3/1D3/2D2/2J2/DDDDD/DDDDD j";

START_TEST(chains_under_both_rules)
{
    struct game opt = setup("adugo", "optional", NULL), forced = setup("adugo", "forced", NULL);
    struct position pos = parse(&opt, two_dogs_in_line), succ;
    ck_assert_str_eq(sorted_moves(&opt, &pos), "c3-b3 c3-b4 c3-d3 c3-d4 c3xc5 c3xc5xa5");
    ck_assert_str_eq(sorted_moves(&forced, &pos), "c3xc5xa5");
    char why[200];
    ck_assert_int_eq(game_play_text(&opt, &pos, "c3xc5xa5", &succ, why, sizeof why), 0);
    ck_assert_str_eq(fen_of(&opt, &succ), "3/3/J4/5/5/DDDDD/DDDDD d");
    ck_assert_int_eq(game_play_text(&opt, &pos, "c3xc5", &succ, why, sizeof why), 0);
    ck_assert_str_eq(fen_of(&opt, &succ), "3/3/1DJ2/5/5/DDDDD/DDDDD d");
    /* forced: the chain goes on, and a capture comes before a step */
    ck_assert_int_ne(game_play_text(&forced, &pos, "c3xc5", &succ, why, sizeof why), 0);
    ck_assert_msg(why[0] && !strchr(why, '\n'), "%s", why);
    ck_assert_int_ne(game_play_text(&forced, &pos, "c3-d3", &succ, why, sizeof why), 0);
    ck_assert_msg(why[0] && !strchr(why, '\n'), "%s", why);
    ck_assert_int_eq(game_play_text(&forced, &pos, "C3xC5xA5", &succ, why, sizeof why), 0);
    ck_assert_str_eq(fen_of(&forced, &succ), "3/3/J4/5/5/DDDDD/DDDDD d");
}
END_TEST

/* A chain round the triangle, landing where it started: a7 takes b6, d6 and c7 (or c7, d6
 * and b6): both paths play, and are one move. */
START_TEST(chain_paths)
{
    for (int rs = 0; rs < 2; rs++) {
        struct game g = setup("adugo", rule_sets[rs], NULL);
        /* jaguar a7; dogs b6, c6, d6 and c7 aside: a7xc5 over b6, c5xe7 over d6, e7xa7 over
         * c7 (c6 left) */
        struct position pos = parse(&g, "JD1/DDD/5/5/DDDDD/DDDDD/5 j"), succ, other;
        char why[200];
        ck_assert_msg(game_play_text(&g, &pos, "a7xc5xe7xa7", &succ, why, sizeof why) == 0, "%s",
                      why);
        ck_assert_str_eq(fen_of(&g, &succ), "J2/1D1/5/5/DDDDD/DDDDD/5 d");
        ck_assert_msg(game_play_text(&g, &pos, "a7xe7xc5xa7", &other, why, sizeof why) == 0, "%s",
                      why);
        ck_assert(position_same(&succ, &other));
        struct movelist l;
        movelist_init(&l);
        int n = g.ops->moves(&g, &pos, &l), found = 0;
        for (int i = 0; i < n; i++) found += position_same(&l.succ[i], &succ);
        ck_assert_int_eq(found, 1);
        movelist_free(&l);
    }
}
END_TEST

START_TEST(ends)
{
    struct game g = setup("adugo", NULL, NULL);
    struct outcome o;
    /* the jaguar in the corner a7, b6 and c7 taken, c5 and e7 behind them too */
    struct position pos = parse(&g, "JDD/D2/2D2/5/DDDDD/DD3/5 j");
    ck_assert_str_eq(moves_text(&g, &pos), "");
    ck_assert(g.ops->over(&g, &pos, &o));
    ck_assert_int_eq(o.reason, END_NO_MOVES);
    ck_assert_int_eq(o.winner, 1);
    /* the fifth capture ends the game, won by the jaguar */
    pos = parse(&g, "3/3/1D3/2D2/2J2/DDDDD/DDD2 j");
    struct position succ;
    char why[200];
    ck_assert_msg(game_play_text(&g, &pos, "c3xc5", &succ, why, sizeof why) == 0, "%s", why);
    ck_assert(g.ops->over(&g, &succ, &o));
    ck_assert_int_eq(o.reason, END_CAPTURES);
    ck_assert_int_eq(o.winner, 0);
    ck_assert_str_eq(moves_text(&g, &succ), "");
    /* a finished game's position is written and read back (guti show, a record's end) */
    char fen[128];
    snprintf(fen, sizeof fen, "%s", fen_of(&g, &succ));
    ck_assert_str_eq(fen, "3/3/1DJ2/5/5/DDDDD/DDD2 d");
    struct position back = parse(&g, fen);
    ck_assert(position_same(&back, &succ));
    /* and a chain may take more than the fifth */
    ck_assert(has_move_text(&g, &pos, "c3xc5xa5"));
    /* dogs with no move lose: six dogs in the triangle, the jaguar on c5 */
    struct game six = setup("adugo", "optional-d6-k5", NULL);
    pos = parse(&six, "DDD/DDD/2J2/5/5/5/5 d");
    ck_assert_str_eq(moves_text(&six, &pos), "");
    ck_assert(six.ops->over(&six, &pos, &o));
    ck_assert_int_eq(o.reason, END_NO_MOVES);
    ck_assert_int_eq(o.winner, 0);
    pos.side = 0;
    ck_assert(!six.ops->over(&six, &pos, &o));
    ck_assert_str_eq(sorted_moves(&six, &pos), "c5-b4 c5-b5 c5-c4 c5-d4 c5-d5");
}
END_TEST

/* ---- Notation ---------------------------------------------------------------------- */

START_TEST(positions_written_and_read)
{
    struct game g = setup("adugo", NULL, NULL);
    struct ad_board b;
    ad_board_init(&b, g.board);
    struct position start = g.ops->start(&g), p;
    ck_assert_uint_eq(start.men[0], BIT(board_parse_point(g.board, "c3", 2)));
    ck_assert_int_eq(start.side, 0);
    p = parse(&g, "3/3/5/5/DDJDD/DDDDD/DDDDD j");
    ck_assert(position_same(&p, &start));
    /* random positions, 10 to 14 dogs, some with a clock: written as the second hand
     * writes them, and read back */
    uint64_t seed = 7;
    for (int i = 0; i < 2000; i++) {
        struct position q = random_position(&seed, 10 + (int)(splitmix(&seed) % 5));
        q.clock = i % 3 ? 0 : (int)(splitmix(&seed) % 50);
        char mine[128], back[128];
        write_fen(&q, mine, sizeof mine, &b);
        ck_assert_str_eq(fen_of(&g, &q), mine);
        p = parse(&g, mine);
        CHECK(position_same(&p, &q) && p.clock == q.clock, "%s read back otherwise", mine);
        g.ops->format(&g, &p, back, sizeof back);
        ck_assert_str_eq(back, mine);
    }
    /* a small variant reads its own numbers of dogs */
    struct game four = setup("adugo", "forced-d4-k2", NULL);
    p = parse(&four, "3/3/5/5/DDJDD/5/5 j");
    ck_assert_int_eq(bits_count(p.men[1]), 4);
    p = parse(&four, "3/3/5/5/DJ1DD/5/5 d");
    ck_assert_int_eq(bits_count(p.men[1]), 3);
}
END_TEST

/* Each bad position and move gets one line saying why. */
static void assert_one_line(const char *what, const char *why)
{
    ck_assert_msg(why[0] && !strchr(why, '\n'), "%s: '%s'", what, why);
}

START_TEST(refusals)
{
    struct game g = setup("adugo", NULL, NULL);
    static const char *const bad_fens[] = {
        "3/3/5/5/DDJDJ/DDDDD/DDDDD j",   /* two jaguars */
        "3/3/5/5/DDDDD/DDDDD/DDDDD d",   /* none */
        "3/3/D4/5/DDJDD/DDDDD/DDDDD j",  /* 15 dogs */
        "D3/3/5/5/DDJDD/DDDDD/DDDD1 j",  /* a dog past row 7's three points */
        "3/3/5/5/DDJDD/DDDDD/DDDDD",     /* no side to move */
        "3/3/5/5/DDJDD/DDDDD/DDDDD t",   /* another game's side */
        "3/3/5/5/DDJDD/DDDDD/DDDDD/5 j", /* eight rows */
        "3/3/5/5/DDJDD/DDDDD/DDDDX j",   /* no such piece */
    };
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++)
        assert_one_line(bad_fens[i], parse_error(&g, bad_fens[i]));
    struct position start = g.ops->start(&g), succ;
    struct position dogs = parse(&g, "3/3/5/5/DDJDD/DDDDD/DDDDD d");
    const struct {
        const struct position *pos;
        const char *move;
    } bad_moves[] = {
        {&start, "c3-b3"}, /* a step to an occupied point */
        {&start, "c3-c5"}, /* not adjacent */
        {&start, "b3-b4"}, /* a dog moved on the jaguar's turn */
        {&start, "c3xc1"}, /* a jump to an occupied point */
        {&start, "pass"},  /* no passing */
        {&start, "c3"},    /* a placement */
        {&dogs, "c2xc4"},  /* a dog capturing */
        {&dogs, "c3-c4"},  /* the jaguar moved on the dogs' turn */
        {&dogs, "a3-a3"},  /* nowhere */
        {&dogs, "a3-f3"},  /* no such point */
    };
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
        char why[200] = "";
        ck_assert_msg(
            game_play_text(&g, bad_moves[i].pos, bad_moves[i].move, &succ, why, sizeof why) != 0,
            "accepted: %s", bad_moves[i].move);
        assert_one_line(bad_moves[i].move, why);
    }
    struct game forced = setup("adugo", "forced", NULL);
    struct position pos = parse(&forced, two_dogs_in_line);
    char why[200] = "";
    ck_assert_int_ne(game_play_text(&forced, &pos, "c3xc5", &succ, why, sizeof why), 0);
    assert_one_line("c3xc5 under forced", why);
}
END_TEST

/* ---- Variants ---------------------------------------------------------------------- */

/* "-dN" keeps the N start points nearest row 3, "-kK" the capture goal (default min(5, N));
 * names read back as given. */
START_TEST(variants)
{
    struct game g = setup("adugo", NULL, NULL);
    char name[64], err[200];
    g.ops->rules_name(&g, name, sizeof name);
    ck_assert_str_eq(name, "optional");
    ck_assert_int_eq(g.capture_goal, 5);
    bits_t full = g.ops->start(&g).men[1];
    ck_assert_int_eq(bits_count(full), 14);
    static const char *const names[] = {"forced-d4-k2", "optional-d1-k1", "optional-d14-k3",
                                        "forced-d9-k5", "optional-d3-k3", "forced-d7-k1"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        g = setup("adugo", names[i], NULL);
        /* the name written back sets up the same game, and is written back as it is */
        g.ops->rules_name(&g, name, sizeof name);
        struct game again = setup("adugo", name, NULL);
        ck_assert_msg(game_same(&g, &again), "%s: %s another game", names[i], name);
        char name2[64];
        again.ops->rules_name(&again, name2, sizeof name2);
        ck_assert_str_eq(name2, name);
        int n = atoi(strstr(names[i], "-d") + 2), k = atoi(strstr(names[i], "-k") + 2);
        ck_assert_int_eq(g.capture_goal, k);
        struct position s = g.ops->start(&g);
        ck_assert_uint_eq(s.men[0], BIT(board_parse_point(g.board, "c3", 2)));
        ck_assert_int_eq(bits_count(s.men[1]), n);
        ck_assert_uint_eq(s.men[1] & ~full, 0);
        /* no dog left out is nearer row 3 than one kept */
        int farthest_kept = 0, nearest_left = 9;
        for (int p = 0; p < AD_POINTS; p++) {
            int dist = 2 - g.board->row[p]; /* rows 1..3 hold the start (row[] from 0) */
            if (s.men[1] & BIT(p) && dist > farthest_kept) farthest_kept = dist;
            if (full & ~s.men[1] & BIT(p) && dist < nearest_left) nearest_left = dist;
        }
        ck_assert_int_le(farthest_kept, nearest_left);
    }
    /* games of other numbers of dogs are other games, their tables apart */
    struct game four = setup("adugo", "optional-d4-k2", NULL),
                five = setup("adugo", "optional-d5-k2", NULL);
    ck_assert(!game_same(&four, &five));
    /* the default goal is min(5, N) */
    g = setup("adugo", "forced-d3", NULL);
    ck_assert_int_eq(g.capture_goal, 3);
    g = setup("adugo", "optional-d8", NULL);
    ck_assert_int_eq(g.capture_goal, 5);
    /* no dogs or more than 14, a goal above the dogs or none, another game's rules, the
     * suffixes in another order */
    static const char *const refused[] = {"optional-d0",    "optional-d15",   "optional-k15",
                                          "optional-d4-k5", "forced-d2-k3",   "optional-k0",
                                          "standard",       "forced-d4-k2-x", "forced-k2-d4"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        err[0] = 0;
        ck_assert_msg(game_setup(&g, "adugo", refused[i], NULL, err, sizeof err) != 0,
                      "accepted: %s", refused[i]);
        assert_one_line(refused[i], err);
    }
}
END_TEST

/* ---- Records ----------------------------------------------------------------------- */

static struct game replay_text(const char *text, struct replay *rp)
{
    struct record r;
    struct game g;
    struct position start;
    char err[200];
    ck_assert_msg(record_parse(text, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(record_game(&r, &g, &start, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(record_replay(&g, &start, &r, rp), 0);
    ck_assert_msg(rp->bad_move == -1, "move %d: %s", rp->bad_move, rp->why);
    /* the result the record states is the one replayed */
    if (r.result) ck_assert_str_eq(r.result, outcome_word(&g, &rp->outcome));
    record_free(&r);
    return g;
}

START_TEST(records)
{
    struct replay rp;
    /* the jaguar takes the dog that stepped next to it */
    struct game g = replay_text("[Game \"adugo\"]\n[Rules \"optional-d4-k1\"]\n"
                                "c3-c4 b3-c3 c4xc2 jaguar\n",
                                &rp);
    ck_assert_int_eq(rp.outcome.reason, END_CAPTURES);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "jaguar");
    replay_free(&rp);
    /* the dogs shut the jaguar in the corner */
    g = replay_text("[Game \"adugo\"]\n[Rules \"optional-d4-k1\"]\n"
                    "[FEN \"JDD/D2/3D1/5/5/5/5 d\"]\nd5-c5 dogs\n",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_NO_MOVES);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "dogs");
    replay_free(&rp);
    /* the start a third time */
    g = replay_text("[Game \"adugo\"]\n[Rules \"optional\"]\n"
                    "c3-c4 a3-a4 c4-c3 a4-a3 c3-c4 a3-a4 c4-c3 a4-a3 draw\n",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_REPETITION);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "draw");
    replay_free(&rp);
    /* a move after the end is refused */
    struct record r;
    struct position start;
    char err[200];
    ck_assert_int_eq(record_parse("[Game \"adugo\"]\n[Rules \"forced-d4-k1\"]\n"
                                  "c3-c4 b3-c3 c4xc2 d3-d4\n",
                                  &r, err, sizeof err),
                     0);
    ck_assert_int_eq(record_game(&r, &g, &start, err, sizeof err), 0);
    ck_assert_int_eq(record_replay(&g, &start, &r, &rp), 0);
    ck_assert_int_eq(rp.bad_move, 3);
    replay_free(&rp);
    record_free(&r);
}
END_TEST

Suite *adugo_suite(void)
{
    Suite *s = suite_create("adugo");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, board_figures);
    tcase_add_loop_test(tc, perft_start, 0, 2);
    tcase_add_test(tc, moves_against_second_generator);
    tcase_add_test(tc, chains_under_both_rules);
    tcase_add_test(tc, chain_paths);
    tcase_add_test(tc, ends);
    tcase_add_test(tc, positions_written_and_read);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, variants);
    tcase_add_test(tc, records);
    suite_add_tcase(s, tc);
    return s;
}
