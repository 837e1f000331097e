/* A game's passes (solver/solve/solve.c): which tables each set of options makes, for
 * every game of the registry on a small board or material; the options a game refuses; the
 * plan's figures against the layers' own sizes. The tables' values are the driver's, checked
 * in test_driver.c. */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "solve.h"

/* A small instance of each game: its board, and the men a solve of it goes up to. */
static const struct {
    const char *game, *board;
    int pieces;
} small[] = {{"baghchal", "3x3", 0}, {"sixteen", NULL, 4}};

static void setup_small(int i, struct game *g)
{
    char err[300];
    ck_assert_msg(game_setup(g, small[i].game, NULL, small[i].board, err, sizeof err) == 0, "%s",
                  err);
}

static struct layer_entry *list_of(const struct game *g, int *n)
{
    *n = g->ops->layers->list(g, NULL, 0);
    struct layer_entry *e = calloc((size_t)*n + 1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    g->ops->layers->list(g, e, *n);
    return e;
}

static bool stored(struct mem_store *m, const struct layer_key *k, enum tb_kind kind, int limit)
{
    struct store_table t = solve_table(k, kind, 0, limit);
    return mem_find(m, &t) != NULL;
}

static int solve_small(const struct game *g, const struct solve_options *o, struct mem_store *m,
                       char *err, size_t errlen)
{
    struct solve_hooks h = {.store = {.load = mem_load, .save = mem_save, .arg = m}};
    return solve_game(g, o, &h, err, errlen);
}

/* Every table the options ask for is stored, and no other: a WDL and a DTM table per cyclic
 * layer, a WDL table per acyclic one and its DTM table unless it is its successors' fold, a
 * DTC table per layer at the limit; the layers within the men asked for. */
static void expect_tables(const struct game *g, const struct solve_options *o, struct mem_store *m)
{
    int n, expected = 0;
    struct layer_entry *e = list_of(g, &n);
    const struct game_layers *gl = g->ops->layers;
    for (int i = 0; i < n; i++) {
        const struct layer_key *k = &e[i].k;
        bool cyclic = e[i].kind == LAYER_CYCLIC;
        bool wanted = (!o->pieces || gl->men(g, k) <= o->pieces) &&
                      !(cyclic ? o->acyclic_only : o->cyclic_only);
        bool dtm = cyclic || (o->acyclic_dtm && !(gl->dtm_by_fold && gl->dtm_by_fold(g, k)));
        ck_assert_int_eq(stored(m, k, TB_WDL, 0), wanted);
        ck_assert_int_eq(stored(m, k, TB_DTM, 0), wanted && dtm);
        ck_assert_int_eq(stored(m, k, TB_DTC, o->dtc_limit), wanted && o->dtc_limit);
        expected += wanted * (1 + dtm + !!o->dtc_limit);
    }
    ck_assert_int_eq(m->n, expected);
    free(e);
}

START_TEST(every_pass_makes_its_tables)
{
    struct game g;
    setup_small(_i, &g);
    char err[600];
    struct mem_store *m = calloc(1, sizeof *m);
    struct solve_options o = {.acyclic_dtm = solve_has_kind(&g, LAYER_ACYCLIC),
                              .dtc_limit = 20,
                              .pieces = small[_i].pieces};
    ck_assert_msg(solve_small(&g, &o, m, err, sizeof err) == 0, "%s", err);
    expect_tables(&g, &o, m);
    /* a second run reads them back and saves nothing */
    int saves = m->saves;
    ck_assert_msg(solve_small(&g, &o, m, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->saves, saves);
    mem_free(m);
}
END_TEST

/* One kind of layers at a time, as --phase asks: the acyclic layers need the cyclic ones'
 * tables, and the two runs make the same tables as one. */
START_TEST(phases_one_at_a_time)
{
    struct game g;
    setup_small(0, &g);
    ck_assert(solve_has_kind(&g, LAYER_CYCLIC) && solve_has_kind(&g, LAYER_ACYCLIC));
    char err[600];
    struct mem_store *whole = calloc(1, sizeof *whole), *m = calloc(1, sizeof *m);
    struct solve_options all = {0}, cyclic = {.cyclic_only = true},
                         acyclic = {.acyclic_only = true};
    ck_assert_msg(solve_small(&g, &all, whole, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(solve_small(&g, &acyclic, m, err, sizeof err), -1); /* nothing to read */
    ck_assert_msg(solve_small(&g, &cyclic, m, err, sizeof err) == 0, "%s", err);
    expect_tables(&g, &cyclic, m);
    ck_assert_msg(solve_small(&g, &acyclic, m, err, sizeof err) == 0, "%s", err);
    mem_same(whole, m);
    ck_assert(solve_covers_start(&g, &all));
    ck_assert(!solve_covers_start(&g, &cyclic));
    mem_free(whole);
    mem_free(m);
}
END_TEST

/* The men asked for pick the layers; fewer men, fewer tables. */
START_TEST(pieces_pick_the_layers)
{
    struct game g;
    setup_small(1, &g);
    char err[600];
    for (int pieces = 2; pieces <= 4; pieces++) {
        struct mem_store *m = calloc(1, sizeof *m);
        struct solve_options o = {.pieces = pieces};
        ck_assert_msg(solve_small(&g, &o, m, err, sizeof err) == 0, "%s", err);
        expect_tables(&g, &o, m);
        ck_assert(!solve_covers_start(&g, &o)); /* the start has every man on the board */
        mem_free(m);
    }
}
END_TEST

static void refused(const struct game *g, struct solve_options o, const char *what)
{
    char err[300] = "";
    ck_assert_int_eq(solve_check_options(g, &o, err, sizeof err), -1);
    ck_assert_msg(strstr(err, what), "'%s' lacks '%s'", err, what);
}

START_TEST(options_a_game_refuses)
{
    struct game bc, ss;
    setup_small(0, &bc);
    setup_small(1, &ss);
    refused(&ss, (struct solve_options){0}, "needs --pieces");
    refused(&ss, (struct solve_options){.pieces = 99}, "--pieces 99");
    refused(&ss, (struct solve_options){.pieces = 4, .acyclic_dtm = true}, "--dtm");
    refused(&ss, (struct solve_options){.pieces = 4, .cyclic_only = true}, "one kind");
    refused(&ss, (struct solve_options){.pieces = 4, .dtc_limit = 40000}, "40000");
    refused(&bc, (struct solve_options){.memory = 1000000}, "--memory");
    refused(&bc, (struct solve_options){.cyclic_only = true, .acyclic_dtm = true}, "--dtm");
    char err[300];
    struct solve_options fine = {.pieces = 4, .dtc_limit = 80, .memory = 1000000000};
    ck_assert_msg(solve_check_options(&ss, &fine, err, sizeof err) == 0, "%s", err);
}
END_TEST

/* The plan: the cyclic layers within the men, in the list's order, each with the positions
 * its table holds once solved, the layers it reads, and what the layers before it keep. */
START_TEST(plan_against_the_layers)
{
    struct game g;
    setup_small(1, &g);
    const struct game_layers *gl = g.ops->layers;
    char err[300];
    struct solve_plan_layer p[64];
    int count = solve_plan(&g, 5, p, 64, err, sizeof err);
    ck_assert_msg(count > 0, "%s", err);
    int n, within = 0;
    struct layer_entry *e = list_of(&g, &n);
    for (int i = 0; i < n; i++) within += e[i].kind == LAYER_CYCLIC && gl->men(&g, &e[i].k) <= 5;
    ck_assert_int_eq(count, within);
    void *ix = gl->index_new(&g, 0);
    uint64_t kept = 0;
    for (int i = 0; i < count; i++) {
        uint64_t size;
        ck_assert_int_eq(gl->size(&g, ix, &p[i].k, &size, err, sizeof err), 0);
        ck_assert_uint_eq(p[i].need.positions, size);
        ck_assert_uint_eq(p[i].kept_bytes, kept);
        if (gl->men(&g, &p[i].k) < 5) kept += size * sizeof(retro_code);
        struct layer_key kids[64];
        ck_assert_int_eq(p[i].nreads, gl->children(&g, &p[i].k, kids, 64));
    }
    gl->index_free(ix);
    free(e);
    struct game bc;
    setup_small(0, &bc);
    ck_assert_int_eq(solve_plan(&bc, 0, p, 64, err, sizeof err), -1); /* no need hook */
}
END_TEST

Suite *solve_suite(void)
{
    Suite *s = suite_create("solve");
    TCase *tc = tcase_create("solve");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, every_pass_makes_its_tables, 0, (int)(sizeof small / sizeof small[0]));
    tcase_add_test(tc, phases_one_at_a_time);
    tcase_add_test(tc, pieces_pick_the_layers);
    tcase_add_test(tc, options_a_game_refuses);
    tcase_add_test(tc, plan_against_the_layers);
    suite_add_tcase(s, tc);
    return s;
}
