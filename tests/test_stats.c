/* The statistics of solved tables (solver/solve/stats.h), against counts made plainly:
 * every position of every layer of 3x3 Bagh-Chal probed one by one and tallied. */
#include "helpers.h"
#include "solve.h"
#include "stats.h"
#include "tables.h"
#include "values.h"

/* Every position of a layer (inhand goats in hand, c captured, side to move), every
 * placement of the men a position of its own (no symmetry), probed and tallied by the
 * side to move's value: n[win, draw, loss], and the longest win and loss (DTM). */
struct plain_count {
    uint64_t n[3];
    int max_win, max_loss;
};

static void count_layer(const struct game *g, struct prober *p, int inhand, int c, int side,
                        struct plain_count *k)
{
    int npoints = g->board->npoints, ngoats = g->side_men[0] - inhand - c;
    for (bits_t T = 0; T < (bits_t)1 << npoints; T++) {
        if (bits_count(T) != g->side_men[1]) continue;
        for (bits_t G = 0; G < (bits_t)1 << npoints; G++) {
            if ((G & T) || bits_count(G) != ngoats) continue;
            struct position pos = {.men = {G, T}, .side = side, .inhand = inhand};
            retro_code code;
            bool dtm_known;
            char err[400];
            ck_assert_msg(prober_probe(p, &pos, &code, &dtm_known, err, sizeof err) == 0, "%s",
                          err);
            ck_assert(dtm_known);
            int v = wdl_of_code(code);
            int column = v == WDL_WIN ? 0 : v == WDL_DRAW ? 1 : 2;
            k->n[column]++;
            if (column == 0 && code_dtm(code) > k->max_win) k->max_win = code_dtm(code);
            if (column == 2 && code_dtm(code) > k->max_loss) k->max_loss = code_dtm(code);
        }
    }
}

/* The whole game's counts, or with movement_only the movement phase's (inhand 0). */
static struct plain_count count_game(const struct game *g, const char *dir, bool movement_only)
{
    struct prober p;
    prober_init(&p, g, dir);
    struct plain_count k = {.max_win = -1, .max_loss = -1};
    for (int inhand = movement_only ? 0 : g->side_men[0]; inhand >= 0; inhand--)
        for (int c = 0; c < g->capture_goal && c <= g->side_men[0] - inhand; c++)
            for (int side = 0; side < 2 - (inhand > 0 && inhand == g->side_men[0]); side++)
                count_layer(g, &p, inhand, c, side, &k);
    prober_free(&p);
    return k;
}

/* Counts the calls of the progress hooks. */
struct calls {
    int begin, progress, end;
};

static void on_begin(void *arg, const char *label)
{
    (void)label;
    ((struct calls *)arg)->begin++;
}

static void on_progress(void *arg, const char *phase, uint64_t done, uint64_t total)
{
    (void)phase;
    ck_assert_uint_le(done, total);
    ((struct calls *)arg)->progress++;
}

static void on_end(void *arg)
{
    ((struct calls *)arg)->end++;
}

/* The plain statistics' total row and the histogram of the movement phase match the
 * positions probed one by one; the rows add up to the total. */
START_TEST(totals_match_a_plain_count)
{
    struct game g = setup("baghchal", NULL, "3x3");
    char dir[64], err[4096];
    test_dir_make(dir, sizeof dir, "stats");
    struct solve_hooks sh = {.store = {.dir = dir}};
    const struct solve_options all = {.acyclic_dtm = true};
    ck_assert_msg(solve_game(&g, &all, &sh, err, sizeof err) == 0, "%s", err);
    struct tables_set set;
    ck_assert_int_eq(tables_expected(dir, &g, 0, &set), 0);
    ck_assert_int_eq(tables_missing(&set, ~0u), 0);

    struct calls calls = {0};
    struct stats_hooks h = {on_begin, on_progress, on_end, &calls};
    struct stats_wdl s;
    ck_assert_msg(stats_wdl(&g, dir, &set, false, &h, &s, err, sizeof err) == 0, "%s", err);
    ck_assert(!s.materials);
    ck_assert_int_eq(calls.begin, 1);
    ck_assert_int_eq(calls.end, 1);
    /* a progress call per layer: each WDL table of the set */
    int nwdl = 0;
    for (int k = 0; k < set.n; k++) nwdl += set.t[k].kind == TB_WDL;
    ck_assert_int_eq(calls.progress, nwdl);
    struct plain_count k = count_game(&g, dir, false);
    const struct bc_row *t = &s.bc.total;
    for (int v = 0; v < 3; v++) ck_assert_uint_eq(t->raw[v], k.n[v]);
    ck_assert(t->dtm);
    ck_assert_int_eq(t->max_win, k.max_win);
    ck_assert_int_eq(t->max_loss, k.max_loss);
    uint64_t rows[3] = {0};
    for (int r = 0; r < s.bc.nrows; r++)
        for (int v = 0; v < 3; v++) rows[v] += s.bc.rows[r].n[v];
    for (int v = 0; v < 3; v++) ck_assert_uint_eq(rows[v], t->n[v]);
    ck_assert_uint_gt(t->n[0] + t->n[1] + t->n[2], 0);
    stats_wdl_free(&s);
    tables_set_free(&set);

    /* the histogram: the movement phase's positions by DTM, the draws apart */
    struct dtm_histogram hist;
    ck_assert_msg(stats_histogram(&g, dir, NULL, &hist, err, sizeof err) == 0, "%s", err);
    struct plain_count m = count_game(&g, dir, true);
    uint64_t won = 0, lost = 0;
    for (int d = 0; d <= hist.max_dtm; d++)
        for (int side = 0; side < 2; side++) *(d % 2 ? &won : &lost) += hist.raw[d][side];
    ck_assert_uint_eq(won, m.n[0]);
    ck_assert_uint_eq(hist.draws_raw[0] + hist.draws_raw[1], m.n[1]);
    ck_assert_uint_eq(lost, m.n[2]);
    ck_assert_int_eq(hist.max_dtm, m.max_win > m.max_loss ? m.max_win : m.max_loss);
    stats_histogram_free(&hist);

    /* no DTC tables: the counting rule's statistics say which is missing, and how to make it */
    ck_assert_int_eq(stats_dtc(&g, dir, 100, NULL, &(struct dtc_stats){0}, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "make it with: guti solve baghchal --phase movement --dtc"));
    /* with them, the movement phase's five classes: a win is a win or a cursed win, a loss
     * a blessed loss or a loss */
    const struct solve_options movement_dtc = {.cyclic_only = true, .dtc_limit = 100};
    ck_assert_msg(solve_game(&g, &movement_dtc, &sh, err, sizeof err) == 0, "%s", err);
    struct dtc_stats d;
    ck_assert_msg(stats_dtc(&g, dir, 100, NULL, &d, err, sizeof err) == 0, "%s", err);
    ck_assert(!d.materials && !d.whole);
    ck_assert_uint_eq(d.total.raw[0] + d.total.raw[1], m.n[0]);
    ck_assert_uint_eq(d.total.raw[2], m.n[1]);
    ck_assert_uint_eq(d.total.raw[3] + d.total.raw[4], m.n[2]);
    stats_dtc_free(&d);
    test_dir_remove(dir);
}
END_TEST

/* The sixteen soldiers' every material {m, n} up to 4 pieces, through the same walk as
 * Bagh-Chal's layers: a row per side to move's material (m, n) in the order of the set,
 * summing to the total, each longest win an example of its own material; and the
 * counting rule's rows, their wins and losses the plain statistics'. */
START_TEST(materials_through_the_same_walk)
{
    struct game g = setup("sixteen", NULL, NULL);
    char dir[64], err[4096];
    test_dir_make(dir, sizeof dir, "stats-ss");
    struct solve_hooks sh = {.store = {.dir = dir}};
    const struct solve_options four = {.pieces = 4}, four_dtc = {.pieces = 4, .dtc_limit = 80};
    ck_assert_msg(solve_game(&g, &four, &sh, err, sizeof err) == 0, "%s", err);
    struct tables_set set;
    ck_assert_int_eq(tables_expected(dir, &g, 0, &set), 0);
    struct stats_wdl s;
    ck_assert_msg(stats_wdl(&g, dir, &set, false, NULL, &s, err, sizeof err) == 0, "%s", err);
    ck_assert(s.materials);
    static const int want[][2] = {{1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 3}, {2, 2}};
    ck_assert_int_eq(s.ss.nrows, 6);
    uint64_t raw[3] = {0};
    for (int r = 0; r < s.ss.nrows; r++) {
        const struct ss_row *row = &s.ss.rows[r];
        ck_assert_int_eq(row->m, want[r][0]);
        ck_assert_int_eq(row->n, want[r][1]);
        ck_assert(row->dtm);
        for (int v = 0; v < 3; v++) raw[v] += row->raw[v];
        if (row->max_win < 0) continue;
        struct position pos;
        ck_assert_msg(g.ops->parse(&g, row->longest_fen, &pos, err, sizeof err) == 0, "%s", err);
        ck_assert_int_eq(bits_count(pos.men[pos.side]), row->m);
        ck_assert_int_eq(bits_count(pos.men[1 - pos.side]), row->n);
    }
    for (int v = 0; v < 3; v++) ck_assert_uint_eq(raw[v], s.ss.total.raw[v]);
    ck_assert_uint_gt(s.ss.total.raw[0], 0);

    ck_assert_msg(solve_game(&g, &four_dtc, &sh, err, sizeof err) == 0, "%s", err);
    struct dtc_stats d;
    ck_assert_msg(stats_dtc(&g, dir, 80, NULL, &d, err, sizeof err) == 0, "%s", err);
    ck_assert(d.materials);
    ck_assert_int_eq(d.nrows, 6);
    ck_assert_uint_eq(d.total.raw[0] + d.total.raw[1], s.ss.total.raw[0]);
    ck_assert_uint_eq(d.total.raw[3] + d.total.raw[4], s.ss.total.raw[2]);
    stats_dtc_free(&d);
    stats_wdl_free(&s);
    tables_set_free(&set);
    test_dir_remove(dir);
}
END_TEST

Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *tc = tcase_create("stats");
    tcase_add_test(tc, totals_match_a_plain_count);
    tcase_add_test(tc, materials_through_the_same_walk);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
