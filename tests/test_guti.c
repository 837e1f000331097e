/* guti.h's functions (guti.c) on the inputs an outside program may give them: what they must
 * refuse, and what they must leave set when they do; directories that are not there; the
 * starts; a limit's tables read; the moves under rules no-repeat against a brute force. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solve.h"
#include "guti.h"
#include "guti_internal.h"
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

/* A directory that does not exist, or is not a directory, is said to be so (issue 38), not
 * opened as an empty one whose every table is missing. */
START_TEST(open_no_such_directory)
{
    struct guti_error e;
    guti_tables *t = (guti_tables *)&e;
    ck_assert_int_eq(guti_open("/nonexistent/guti-tables", 0, &t, &e), GUTI_EIO);
    ck_assert_str_eq(e.message, "/nonexistent/guti-tables: no such directory");
    ck_assert_ptr_null(t);
    char dir[64], file[80];
    test_dir_make(dir, sizeof dir, "library");
    snprintf(file, sizeof file, "%s/a-file", dir);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    ck_assert_int_eq(guti_open(file, 0, &t, &e), GUTI_EIO);
    ck_assert_ptr_nonnull(strstr(e.message, "/a-file: no such directory"));
    strcat(file, "/below");
    ck_assert_int_eq(guti_open(file, 0, &t, &e), GUTI_EIO);
    ck_assert_ptr_nonnull(strstr(e.message, "no such directory"));
    /* guti's own commands may open an absent default directory as an empty one */
    ck_assert_int_eq(libguti_open_absent("/nonexistent/guti-tables", 0, &t, &e), GUTI_OK);
    struct guti_position p;
    struct guti_result r;
    ck_assert_int_eq(guti_parse_fen("T2T/4/4/T2T g 12", NULL, &p, &e), GUTI_OK);
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_ENOTABLE);
    /* a finished game needs no table, and has its class and DTC as its value and DTM
     * (issue 38): a loss in 0 */
    ck_assert_int_eq(guti_parse_fen("3/3/5/5/5/5/2R2/3/3 b", NULL, &p, &e), GUTI_OK);
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert(r.over);
    ck_assert_int_eq(r.value, GUTI_LOSS);
    ck_assert_int_eq(r.dtm, 0);
    ck_assert_int_eq(r.dtc_class, GUTI_CLASS_LOSS);
    ck_assert_int_eq(r.dtc, 0);
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

/* guti_position's limit reads the counting-rule tables of that limit (issue 38): the 4x4
 * movement phase solved with its tables at the game's limit, 100, and at 20. A tigers' win
 * in 23 (DTC 23) is a win under the 100 half-move rule and a cursed win, a draw at clock 0,
 * under the 20; the clock is checked against the position's limit, the game ends there,
 * and the positions after moves keep it. */
START_TEST(limit_reads_its_tables)
{
    char dir[64], err[300];
    test_dir_make(dir, sizeof dir, "library");
    struct game g = setup("baghchal", "standard", "4x4");
    struct solve_hooks h = {.store = {.dir = dir}};
    for (int limit = 100; limit >= 20; limit -= 80) {
        const struct solve_options movement = {.cyclic_only = true, .dtc_limit = limit};
        ck_assert_msg(solve_game(&g, &movement, &h, err, sizeof err) == 0, "%s", err);
    }
    guti_tables *t;
    struct guti_error e;
    ck_assert_int_eq(guti_open(dir, 0, &t, &e), GUTI_OK);
    struct guti_position p;
    struct guti_result r;
    ck_assert_int_eq(guti_parse_fen("GGG1/TGGG/GGG1/TGTT t 0", NULL, &p, &e), GUTI_OK);
    ck_assert_int_eq(p.limit, 0);
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.limit, 100);
    ck_assert_int_eq(r.dtc_class, GUTI_CLASS_WIN);
    ck_assert_int_eq(r.dtc, 23);
    ck_assert_int_eq(r.value_now, GUTI_WIN);
    p.limit = 20;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.limit, 20);
    ck_assert_int_eq(r.value, GUTI_WIN); /* without the rule, as before */
    ck_assert_int_eq(r.dtm, 23);
    ck_assert_int_eq(r.dtc_class, GUTI_CLASS_CURSED_WIN);
    ck_assert_int_eq(r.dtc, -1);
    ck_assert_int_eq(r.value_now, GUTI_DRAW);
    /* the rules chosen from the tables keep the limit */
    p.variant.rules[0] = 0;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.dtc_class, GUTI_CLASS_CURSED_WIN);
    ck_assert_str_eq(r.variant.rules, "standard");
    /* the moves: each its mover's class under the 20 half-move rule; the best move's
     * position after it keeps the limit */
    struct guti_scored_move m[64];
    int n;
    ck_assert_int_eq(guti_probe_moves(t, &p, m, 64, &n, &e), GUTI_OK);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(m[i].move.after.limit, 20);
        ck_assert_int_eq(m[i].result.limit, 20);
        ck_assert_int_ne(m[i].result.dtc_class, GUTI_CLASS_WIN);
    }
    struct guti_scored_move best;
    ck_assert_int_eq(guti_best_move(t, &p, &best, &e), GUTI_OK);
    ck_assert_int_eq(best.result.value_now, GUTI_DRAW);
    ck_assert_int_eq(guti_play(&p, best.move.text, &p, &e), GUTI_OK);
    ck_assert_int_eq(p.limit, 20);
    /* a win in DTC 13 under either rule: at clock 8 a win under the 100 half-move rule, a
     * draw under the 20 (13 + 8 > 20); at clock 7 a win under both */
    ck_assert_int_eq(guti_parse_fen("GGGG/G1GG/GTGG/TTT1 t 0 8", NULL, &p, &e), GUTI_OK);
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.dtc, 13);
    ck_assert_int_eq(r.value_now, GUTI_WIN);
    p.limit = 20;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.dtc_class, GUTI_CLASS_WIN);
    ck_assert_int_eq(r.dtc, 13);
    ck_assert_int_eq(r.value_now, GUTI_DRAW);
    p.clock = 7;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.value_now, GUTI_WIN);
    /* the clock: past the limit refused, at it a draw by the rule */
    ck_assert_int_eq(guti_parse_fen("GGG1/TGGG/GGG1/TGTT t 0 30", NULL, &p, &e), GUTI_OK);
    p.limit = 20;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "clock 30 is past the counting rule's limit, 20"));
    p.clock = 20;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert(r.over);
    ck_assert_int_eq(r.value, GUTI_DRAW);
    ck_assert_str_eq(r.reason, "20 half-moves without capture or placement");
    p.limit = -1;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.message, "limit -1"));
    /* a limit with no tables there: the class unknown, not an error */
    p.limit = 50;
    p.clock = 0;
    ck_assert_int_eq(guti_probe(t, &p, &r, &e), GUTI_OK);
    ck_assert_int_eq(r.dtc_class, GUTI_CLASS_UNKNOWN);
    ck_assert_int_eq(r.limit, 50);
    ck_assert_int_eq(r.value_now, GUTI_WIN); /* DTM 23 within 50 */
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

/* Every game's start, written as a FEN: the standard starts of docs/notation.md, and a variant
 * that is not one refused. */
START_TEST(starts)
{
    struct guti_error e;
    struct guti_position p;
    char fen[GUTI_FEN_MAX];
    struct {
        enum guti_game game;
        const char *rules, *board, *fen;
    } cases[] = {
        {GUTI_BAGHCHAL, "", "", "T3T/5/5/5/T3T g 20"},
        {GUTI_BAGHCHAL, "goat-pass", "4x4", "T2T/4/4/T2T g 12"},
        {GUTI_BAGHCHAL, "standard", "3x3", "T1T/3/T1T g 4"},
        {GUTI_SIXTEEN, "forced", "", "BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct guti_variant v = {.game = cases[i].game};
        snprintf(v.rules, sizeof v.rules, "%s", cases[i].rules);
        snprintf(v.board, sizeof v.board, "%s", cases[i].board);
        ck_assert_int_eq(guti_start(&v, &p, &e), GUTI_OK);
        ck_assert_int_eq(guti_format_fen(&p, fen, sizeof fen, &e), GUTI_OK);
        ck_assert_str_eq(fen, cases[i].fen);
        ck_assert_str_eq(p.variant.rules, cases[i].rules[0]                ? cases[i].rules
                                          : cases[i].game == GUTI_BAGHCHAL ? "standard"
                                                                           : "optional");
    }
    struct guti_variant bad = {.game = GUTI_SIXTEEN, .board = "5x5"};
    ck_assert_int_eq(guti_start(&bad, &p, &e), GUTI_EINPUT);
    ck_assert_int_eq(guti_start(NULL, &p, &e), GUTI_EINPUT);
}
END_TEST

/* A principal variation read from tables of rules other than the game's default (a lower
 * capture goal) with none named ends where those rules end the game: the 4x4 board's goal
 * is 3 captures, its tables here are of 2, and the tigers' second capture ends the line. */
START_TEST(principal_variation_under_the_tables_rules)
{
    char dir[64], err[300];
    test_dir_make(dir, sizeof dir, "library-pv");
    struct game g = setup("baghchal", "standard-k2", "4x4");
    struct solve_hooks h = {.store = {.dir = dir}};
    const struct solve_options movement = {.cyclic_only = true};
    ck_assert_msg(solve_game(&g, &movement, &h, err, sizeof err) == 0, "%s", err);
    guti_tables *t;
    struct guti_error e;
    ck_assert_int_eq(guti_open(dir, 0, &t, &e), GUTI_OK);
    struct guti_position p;
    ck_assert_int_eq(guti_parse_fen("TGGT/GGGG/1GGG/TGGT t 0", NULL, &p, &e), GUTI_OK);
    p.variant.rules[0] = 0; /* the tables' rules */
    char pv[8][GUTI_MOVE_MAX];
    int n;
    ck_assert_msg(guti_principal_variation(t, &p, pv, 8, &n, &e) == GUTI_OK, "%s", e.message);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(pv[0], "a4xa2");
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

/* ---- Rules no-repeat: every move's value against a brute force ---------------------- */

/* The game so far, as a brute force keeps it: its positions, the current one last. */
#define PLAYED_MAX 4096 /* more than the 3x3 board's boards of one material */
struct played {
    struct guti_position p[PLAYED_MAX];
    int n;
};

/* Whether the rules refuse after from the current position of g under window (0:
 * unlimited): a board seen among the last window boards since the last placement (the
 * current one included). Placements are never refused. */
static bool refused_by_rule(const struct played *g, const struct guti_position *after, int window)
{
    if (after->inhand > 0) return false;
    int seen = 0;
    for (int i = g->n - 1; i >= 0 && g->p[i].inhand == 0 && (!window || seen < window); i--, seen++)
        if (g->p[i].pieces[0] == after->pieces[0] && g->p[i].pieces[1] == after->pieces[1])
            return true;
    return false;
}

/* The value for the side to move under the unlimited window: negamax over whole games,
 * nothing remembered (1 win, -1 loss: a side with every move refused loses). */
static int brute_unlimited(struct played *g)
{
    const struct guti_position *cur = &g->p[g->n - 1];
    struct guti_error e;
    int winner;
    char reason[64];
    bool reachable;
    int over = guti_over(cur, &winner, reason, sizeof reason, &reachable, &e);
    ck_assert_int_ge(over, 0);
    if (over) return winner == cur->side ? 1 : -1;
    struct guti_move m[64];
    int n;
    ck_assert_int_eq(guti_legal_moves(cur, m, 64, &n, &e), GUTI_OK);
    int best = -1;
    for (int i = 0; i < n && best < 1; i++) {
        if (refused_by_rule(g, &m[i].after, 0)) continue;
        ck_assert_int_lt(g->n, PLAYED_MAX);
        g->p[g->n++] = m[i].after;
        int v = -brute_unlimited(g);
        g->n--;
        if (v > best) best = v;
    }
    return best;
}

/* guti_norepeat_moves after each ply of games on 3x3 (random ones, and ones where the side
 * to move always makes the last move it may: longer, they meet refusals): every move
 * listed once, refused as the rule says (and then not playable), valued as the brute force
 * (the unlimited window's random games) or as a search of the position it leads to
 * (guti_norepeat_value), ranked decided wins first and refused last, the standard tables'
 * values beside, the position's value the best of its moves'. */
START_TEST(norepeat_moves_against_brute_force)
{
    char dir[64];
    guti_tables *t = solved_tables(dir, sizeof dir, "library-norepeat", "3x3");
    struct guti_error e;
    const char *rules[] = {"no-repeat", "no-repeat:8"};
    unsigned seed = 11;
    int checked = 0, refused[2] = {0}, values[3] = {0};
    for (int ri = 0; ri < 2; ri++)
        for (int game = 0; game < 8; game++) {
            struct guti_variant v = {.game = GUTI_BAGHCHAL, .board = "3x3"};
            snprintf(v.rules, sizeof v.rules, "%s", rules[ri]);
            static struct played g;
            g.n = 1;
            ck_assert_int_eq(guti_start(&v, &g.p[0], &e), GUTI_OK);
            char played[40][GUTI_MOVE_MAX];
            const char *texts[40];
            for (int ply = 0; ply < 40; ply++) {
                struct guti_norepeat_result r, direct;
                struct guti_norepeat_move out[64];
                int n;
                guti_tables *with = game % 2 ? NULL : t; /* the tables only order and inform */
                ck_assert_msg(guti_norepeat_moves(with, &g.p[0], texts, ply, 0, &r, out, 64, &n,
                                                  &e) == GUTI_OK,
                              "%s", e.message);
                ck_assert_int_eq(guti_norepeat_value(with, &g.p[0], texts, ply, 0, &direct, &e),
                                 GUTI_OK);
                ck_assert_int_eq(r.over, direct.over);
                ck_assert_int_eq(r.value, direct.value);
                if (r.over) {
                    ck_assert_int_eq(n, 0);
                    break;
                }
                struct guti_move legal[64];
                int nl;
                ck_assert_int_eq(guti_legal_moves(&g.p[g.n - 1], legal, 64, &nl, &e), GUTI_OK);
                ck_assert_int_eq(n, nl);
                int best = -2, last_rank = 0, allowed = 0;
                for (int i = 0; i < n; i++) {
                    int found = 0;
                    for (int j = 0; j < nl; j++)
                        found += !strcmp(legal[j].text, out[i].move.text) &&
                                 legal[j].after.pieces[0] == out[i].move.after.pieces[0] &&
                                 legal[j].after.pieces[1] == out[i].move.after.pieces[1];
                    ck_assert_msg(found == 1, "move %s", out[i].move.text);
                    ck_assert_int_eq(out[i].refused,
                                     refused_by_rule(&g, &out[i].move.after, ri ? 8 : 0));
                    int rank = out[i].refused              ? 3
                               : out[i].value == GUTI_WIN  ? 0
                               : out[i].value == GUTI_LOSS ? 2
                                                           : 1;
                    ck_assert_int_ge(rank, last_rank);
                    last_rank = rank;
                    /* the standard value beside: the standard tables' for the same move */
                    if (with) {
                        struct guti_position q = g.p[g.n - 1];
                        snprintf(q.variant.rules, sizeof q.variant.rules, "standard");
                        q.clock = 0;
                        struct guti_scored_move sm;
                        ck_assert_int_eq(guti_probe_move(t, &q, out[i].move.text, &sm, &e),
                                         GUTI_OK);
                        ck_assert_int_eq(out[i].standard.value, sm.result.value);
                        ck_assert_int_eq(out[i].standard.dtm, sm.result.dtm);
                    } else
                        ck_assert_int_eq(out[i].standard.value, GUTI_UNKNOWN);
                    if (out[i].refused) { /* and cannot be played */
                        struct guti_norepeat_result no;
                        texts[ply] = out[i].move.text;
                        ck_assert_int_eq(
                            guti_norepeat_value(NULL, &g.p[0], texts, ply + 1, 0, &no, &e),
                            GUTI_EINPUT);
                        ck_assert_ptr_nonnull(strstr(e.message, "recreates a board"));
                        refused[ri]++;
                        continue;
                    }
                    allowed++;
                    int want;
                    if (ri == 0 && game % 4 >= 2) { /* random games: short, brute-forced */
                        g.p[g.n++] = out[i].move.after;
                        want = -brute_unlimited(&g);
                        g.n--;
                    } else {
                        struct guti_norepeat_result child;
                        texts[ply] = out[i].move.text;
                        ck_assert_int_eq(
                            guti_norepeat_value(NULL, &g.p[0], texts, ply + 1, 0, &child, &e),
                            GUTI_OK);
                        want = child.value == GUTI_UNKNOWN ? GUTI_UNKNOWN : -child.value;
                    }
                    ck_assert_msg(out[i].value == want, "%s ply %d move %s: %d, want %d", rules[ri],
                                  ply, out[i].move.text, out[i].value, want);
                    ck_assert_int_ne(want, GUTI_UNKNOWN);
                    values[want + 1]++;
                    if (want > best) best = want;
                    checked++;
                }
                ck_assert_int_eq(r.value, allowed ? best : GUTI_LOSS);
                ck_assert_int_eq(r.has_best, r.value != GUTI_LOSS);
                if (r.has_best) ck_assert_str_eq(r.best, out[0].move.text);
                /* on: a random move the rule allows */
                if (!allowed) break;
                seed = seed * 1103515245u + 12345u;
                /* half the games in the losing side's longest resistance, as played: the
                 * last move it may make (they last longer, and meet refusals) */
                int k = game % 4 < 2 ? allowed - 1 : (int)((seed >> 16) % (unsigned)allowed);
                for (int i = 0; i < n; i++)
                    if (!out[i].refused && k-- == 0) {
                        snprintf(played[ply], GUTI_MOVE_MAX, "%s", out[i].move.text);
                        texts[ply] = played[ply];
                        g.p[g.n++] = out[i].move.after;
                        break;
                    }
            }
        }
    /* enough of each kind to mean something */
    ck_assert_int_gt(checked, 200);
    ck_assert_int_gt(refused[0], 0);
    ck_assert_int_gt(refused[1], 0);
    ck_assert_int_gt(values[0], 0);
    ck_assert_int_gt(values[2], 0);
    guti_close(t);
    test_dir_remove(dir);
}
END_TEST

Suite *guti_suite(void)
{
    Suite *s = suite_create("guti");
    TCase *tc = tcase_create("guti");
    tcase_add_test(tc, bad_inputs_are_refused);
    tcase_add_test(tc, open_no_such_directory);
    tcase_add_test(tc, starts);
    tcase_add_test(tc, limit_reads_its_tables);
    tcase_add_test(tc, principal_variation_under_the_tables_rules);
    tcase_add_test(tc, norepeat_moves_against_brute_force);
    tcase_set_timeout(tc, 60); /* it solves the 4x4 movement phase three times over */
    suite_add_tcase(s, tc);
    return s;
}
