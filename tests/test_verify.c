/* guti verify's checks (verify.h) on real tables solved here: a sound set re-derives with
 * every position checked and none inconsistent; an entry rewritten with its checksums right
 * is found, with its position; a damaged file is not sound, and the layers below it are not
 * checked; a missing table leaves the layers that read it not checked, never inconsistent. */
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "helpers.h"
#include "solve.h"
#include "tables.h"
#include "verify.h"

/* Counts the layers the hook is shown. */
static void count_layer(void *arg, const struct verify_layer *l)
{
    (void)l;
    (*(int *)arg)++;
}

/* Runs one check over dir's tables of g (the set found there now). */
static int run(int (*check)(const struct verify_request *, const struct verify_hooks *,
                            struct verify_report *),
               const struct game *g, const char *dir, uint64_t sample, struct verify_report *rep)
{
    struct tables_set set;
    ck_assert_int_eq(tables_expected(dir, g, 0, &set), 0);
    struct verify_request q = {.g = g, .dir = dir, .set = &set, .sample = sample};
    int shown = 0;
    struct verify_hooks h = {.layer_done = count_layer, .arg = &shown};
    memset(rep, 0, sizeof *rep);
    int errors = check(&q, &h, rep);
    tables_set_free(&set);
    ck_assert_int_eq(shown, rep->nlayers);
    ck_assert_int_eq(errors, rep->errors);
    ck_assert_str_eq(rep->error, "");
    return errors;
}

/* Every layer of the report re-derived whole, none inconsistent. */
static void assert_sound(const struct verify_report *rep, int nlayers)
{
    ck_assert_int_eq(rep->nlayers, nlayers);
    for (int k = 0; k < rep->nlayers; k++) {
        const struct verify_layer *l = &rep->layers[k];
        ck_assert_msg(l->positions > 0 && l->positions == l->layer_positions, "%s: %llu of %llu",
                      l->name, (unsigned long long)l->positions,
                      (unsigned long long)l->layer_positions);
        ck_assert_msg(!l->inconsistent && !l->not_checked && !l->failed && !l->nexamples, "%s",
                      l->name);
    }
}

/* Entry i of a table rewritten as v, every checksum right (as tests/tools/tb_set.c does). */
static uint16_t table_set(const char *path, uint64_t i, uint16_t v)
{
    char err[600];
    struct tb *t;
    ck_assert_msg(tb_open(path, &t, err, sizeof err) == 0, "%s", err);
    struct tb_meta meta = *tb_get_meta(t);
    uint16_t *e = malloc(meta.npositions * sizeof *e);
    ck_assert_ptr_nonnull(e);
    ck_assert_msg(tb_read_all(t, e, err, sizeof err) == 0, "%s", err);
    tb_close(t);
    uint16_t old = e[i];
    e[i] = v;
    ck_assert_msg(tb_write(path, &meta, e, NULL, err, sizeof err) == 0, "%s", err);
    free(e);
    return old;
}

START_TEST(baghchal_movement)
{
    char dir[64], path[1024], err[400];
    test_dir_make(dir, sizeof dir, "verify");
    struct game g = setup("baghchal", "standard", "4x4");
    struct solve_hooks h = {.store.dir = dir};
    const struct solve_options movement = {.cyclic_only = true, .dtc_limit = 20};
    ck_assert_msg(solve_game(&g, &movement, &h, err, sizeof err) == 0, "%s", err);
    struct verify_report rep;
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 0, &rep), 0);
    assert_sound(&rep, g.capture_goal);
    ck_assert_str_eq(rep.layers[0].name, "h0-c2"); /* from the top layer down */
    ck_assert_int_eq(rep.layers[0].captured, 2);
    ck_assert_int_eq(rep.layers[0].side, -1);
    verify_report_free(&rep);
    ck_assert_int_eq(run(verify_cyclic_dtc, &g, dir, 0, &rep), 0);
    assert_sound(&rep, g.capture_goal);
    ck_assert_str_eq(rep.layers[0].name, "h0-c2 L20");
    verify_report_free(&rep);

    /* a DTM entry changed, checksums right: only the re-derivation sees it */
    struct layer_key c1 = {{0, 1, 0, 0}};
    tables_layer_path(path, sizeof path, dir, &g, &c1, TB_DTM, 0);
    ck_assert(verify_table_file(path, err, sizeof err));
    uint16_t old = table_set(path, 5, 3);
    ck_assert(verify_table_file(path, err, sizeof err));
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 0, &rep), 1);
    ck_assert_int_eq(rep.nlayers, 3);
    const struct verify_layer *l = &rep.layers[1];
    ck_assert_str_eq(l->name, "h0-c1");
    ck_assert_uint_ge(l->inconsistent, 1);
    ck_assert_int_ge(l->nexamples, 1);
    ck_assert_ptr_nonnull(strstr(l->examples[0], ": stored "));
    ck_assert_uint_eq(rep.layers[0].inconsistent + rep.layers[2].inconsistent, 0);
    verify_report_free(&rep);
    table_set(path, 5, old);

    /* a damaged byte: the file is not sound, its layer unreadable, the one below not checked */
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, 200, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 200, SEEK_SET);
    fputc(c ^ 0x5a, f);
    fclose(f);
    ck_assert(!verify_table_file(path, err, sizeof err));
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 0, &rep), 1);
    ck_assert(rep.layers[1].failed);
    ck_assert_uint_eq(rep.layers[1].not_checked, rep.layers[1].layer_positions);
    ck_assert_uint_eq(rep.layers[2].positions, 0);
    ck_assert_str_eq(rep.layers[2].examples[0], "not checked: layer c1 is unreadable");
    verify_report_free(&rep);
    test_dir_remove(dir);
}
END_TEST

START_TEST(baghchal_placement)
{
    char dir[64], path[1024], err[400];
    test_dir_make(dir, sizeof dir, "verify");
    struct game g = setup("baghchal", "standard", "3x3");
    struct solve_hooks h = {.store.dir = dir};
    const struct solve_options all = {.acyclic_dtm = true};
    ck_assert_msg(solve_game(&g, &all, &h, err, sizeof err) == 0, "%s", err);
    int layers = -1; /* a WDL table per placement layer and side, but the tigers' at the start */
    for (int in = 1; in <= g.side_men[0]; in++)
        for (int c = 0; c < g.capture_goal && c <= g.side_men[0] - in; c++) layers += 2;
    struct verify_report rep;
    ck_assert_int_eq(run(verify_acyclic, &g, dir, 0, &rep), 0);
    assert_sound(&rep, layers);
    verify_report_free(&rep);

    /* the tigers' DTM table of the last placement, its first entry changed */
    struct layer_key last = {{1, 0, 2, 0}}; /* one goat in hand, none captured, tigers */
    tables_layer_path(path, sizeof path, dir, &g, &last, TB_DTM, 0);
    uint16_t old = table_set(path, 0, 0);
    table_set(path, 0, old == 3 ? 5 : 3);
    ck_assert_int_ge(run(verify_acyclic, &g, dir, 0, &rep), 1);
    bool found = false; /* (the goats' layer that reads it may be found wrong too) */
    for (int k = 0; k < rep.nlayers; k++)
        if (!strcmp(rep.layers[k].name, "h1-c0-t")) {
            found = true;
            ck_assert_uint_ge(rep.layers[k].inconsistent, 1);
            ck_assert_int_ge(rep.layers[k].nexamples, 1);
        }
    ck_assert(found);
    verify_report_free(&rep);
    test_dir_remove(dir);
}
END_TEST

START_TEST(sixteen_materials)
{
    char dir[64], path[1024], err[400];
    test_dir_make(dir, sizeof dir, "verify");
    struct game g = setup("sixteen", "optional", NULL);
    struct solve_hooks h = {.store.dir = dir};
    const struct solve_options four = {.pieces = 4};
    ck_assert_msg(solve_game(&g, &four, &h, err, sizeof err) == 0, "%s", err);
    struct verify_report rep;
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 0, &rep), 0);
    assert_sound(&rep, 4); /* 1+1, 2+1, 3+1, 2+2 */
    ck_assert_str_eq(rep.layers[0].name, "1+1");
    verify_report_free(&rep);
    /* a sample: that many positions of each material */
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 7, &rep), 0);
    for (int k = 0; k < rep.nlayers; k++)
        ck_assert_uint_eq(rep.layers[k].positions,
                          rep.layers[k].layer_positions < 7 ? rep.layers[k].layer_positions : 7);
    verify_report_free(&rep);

    /* a DTM entry of 3+1 made a longer win or loss (the WDL table still agrees), every
     * checksum right: only the re-derivation sees it, and names its position */
    struct layer_key m31 = {{3, 1, 0, 0}};
    tables_layer_path(path, sizeof path, dir, &g, &m31, TB_DTM, 0);
    uint64_t i = 0;
    uint16_t old;
    while ((old = table_set(path, i, 0)) == 0) i++;
    table_set(path, i, old + 2);
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 0, &rep), 1);
    ck_assert_str_eq(rep.layers[2].name, "3+1");
    ck_assert_uint_ge(rep.layers[2].inconsistent, 1);
    ck_assert_ptr_nonnull(strstr(rep.layers[2].examples[0], ": stored code "));
    for (int k = 0; k < 4; k++)
        if (k != 2) ck_assert_uint_eq(rep.layers[k].inconsistent, 0);
    verify_report_free(&rep);
    table_set(path, i, old);

    /* the counting rule's tables, through the one driver: sound, then an entry of 3+1's
     * changed to a draw where it is decided */
    struct layer_key targets[2] = {{{3, 1, 0, 0}}, {{2, 2, 0, 0}}};
    struct solve_request sq = {.targets = targets, .ntargets = 2, .dtc_limit = 20};
    ck_assert_msg(solve_layers(&g, &sq, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(run(verify_cyclic_dtc, &g, dir, 0, &rep), 0);
    assert_sound(&rep, 4);
    ck_assert_str_eq(rep.layers[2].name, "3+1 L20");
    verify_report_free(&rep);
    tables_layer_path(path, sizeof path, dir, &g, &m31, TB_DTC, 20);
    i = 0;
    while (table_set(path, i, 0) == 0) i++;
    ck_assert_int_eq(run(verify_cyclic_dtc, &g, dir, 0, &rep), 1);
    ck_assert_uint_ge(rep.layers[2].inconsistent, 1);
    ck_assert_uint_eq(rep.layers[3].inconsistent, 0);
    verify_report_free(&rep);

    /* 2+1's WDL table missing: it and the larger materials are not checked, not wrong */
    struct layer_key m21 = {{2, 1, 0, 0}};
    tables_layer_path(path, sizeof path, dir, &g, &m21, TB_WDL, 0);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(run(verify_cyclic, &g, dir, 0, &rep), 0);
    ck_assert_int_eq(rep.nlayers, 4);
    ck_assert_uint_eq(rep.layers[0].not_checked, 0);
    for (int k = 1; k < 4; k++) {
        ck_assert_uint_eq(rep.layers[k].positions, 0);
        ck_assert_uint_eq(rep.layers[k].not_checked, rep.layers[k].layer_positions);
        ck_assert_uint_eq(rep.layers[k].inconsistent, 0);
    }
    ck_assert_ptr_nonnull(strstr(rep.layers[1].examples[0], "table missing"));
    verify_report_free(&rep);
    test_dir_remove(dir);
}
END_TEST

/* hold: a game whose children are held in part (the tests' part game: entry_part the middle
 * half, or all) re-derives its layers sound in both passes, its engines given exactly the
 * codes of the part, in bytes; an entry changed is found as without the part. */
START_TEST(held_in_part)
{
    char dir[64], path[1024], err[400];
    test_dir_make(dir, sizeof dir, "verify");
    struct game g = setup("sixteen", "optional", NULL);
    struct solve_hooks h = {.store.dir = dir};
    const struct solve_options four = {.pieces = 4, .dtc_limit = 20};
    ck_assert_msg(solve_game(&g, &four, &h, err, sizeof err) == 0, "%s", err);
    struct verify_report rep;
    for (int whole = 0; whole < 2; whole++) {
        struct part_game p;
        part_game_make(&p, "sixteen", "optional", &h.store,
                       whole ? PART_GAME_WHOLE : PART_GAME_MIDDLE, false);
        ck_assert_int_eq(run(verify_cyclic, &p.g, dir, 0, &rep), 0);
        assert_sound(&rep, 4);
        verify_report_free(&rep);
        ck_assert_int_eq(run(verify_cyclic_dtc, &p.g, dir, 0, &rep), 0);
        assert_sound(&rep, 4);
        verify_report_free(&rep);
        ck_assert_uint_eq(p.wrong, 0);
        ck_assert_int_ge(p.kids, 6); /* 2+1 reads 1+1; 3+1 and 2+2 read 2+1; twice */
        ck_assert_int_eq(p.in_bytes, p.kids);
        ck_assert_int_eq(p.in_part, whole ? 0 : p.kids);
        part_game_free(&p);
    }
    struct layer_key m31 = {{3, 1, 0, 0}};
    tables_layer_path(path, sizeof path, dir, &g, &m31, TB_DTM, 0);
    uint64_t i = 0;
    uint16_t old;
    while ((old = table_set(path, i, 0)) == 0) i++;
    table_set(path, i, old + 2);
    struct part_game p;
    part_game_make(&p, "sixteen", "optional", &h.store, PART_GAME_MIDDLE, false);
    ck_assert_int_eq(run(verify_cyclic, &p.g, dir, 0, &rep), 1);
    ck_assert_uint_ge(rep.layers[2].inconsistent, 1);
    verify_report_free(&rep);
    part_game_free(&p);
    test_dir_remove(dir);
}
END_TEST

/* What --full re-derives follows from a game's layers' kinds: a game with acyclic layers
 * its cyclic layers whole first (rounds 0 and 1), then a sample of its acyclic layers; a
 * game of cyclic layers only, those layers last, every position by default. */
START_TEST(rounds_by_kind)
{
    struct game bc, ss;
    char err[200];
    ck_assert_int_eq(game_setup(&bc, "baghchal", NULL, "4x4", err, sizeof err), 0);
    ck_assert_int_eq(game_setup(&ss, "sixteen", NULL, NULL, err, sizeof err), 0);
    verify_check c[2];
    uint64_t sample = 7;
    ck_assert_int_eq(verify_round(&bc, 0, -1, c, &sample), 1);
    ck_assert(c[0] == verify_cyclic && sample == 0);
    ck_assert_int_eq(verify_round(&bc, 1, 5, c, &sample), 1);
    ck_assert(c[0] == verify_cyclic_dtc && sample == 0);
    ck_assert_int_eq(verify_round(&bc, 2, -1, c, &sample), 2);
    ck_assert(c[0] == verify_acyclic && c[1] == verify_acyclic_dtc && sample == 1000);
    ck_assert_int_eq(verify_round(&ss, 0, -1, c, &sample), 0);
    ck_assert_int_eq(verify_round(&ss, 1, -1, c, &sample), 0);
    ck_assert_int_eq(verify_round(&ss, 2, -1, c, &sample), 2);
    ck_assert(c[0] == verify_cyclic && c[1] == verify_cyclic_dtc && sample == 0);
    ck_assert_int_eq(verify_round(&ss, 2, 9, c, &sample), 2);
    ck_assert_uint_eq(sample, 9);
}
END_TEST

Suite *verify_suite(void)
{
    Suite *s = suite_create("verify");
    TCase *tc = tcase_create("tables");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, baghchal_movement);
    tcase_add_test(tc, baghchal_placement);
    tcase_add_test(tc, sixteen_materials);
    tcase_add_test(tc, held_in_part);
    tcase_add_test(tc, rounds_by_kind);
    suite_add_tcase(s, tc);
    return s;
}
