/* A complete set of tables (tables.h's tables_expected) and the command that makes what it
 * misses, from the games' hooks alone: Bagh-Chal's two phases, Sixteen Soldiers' materials,
 * and a third game that gives none of the set's hooks (game_layers.set_list,
 * solve_options), so that its set is every layer of its list. */
#include <fcntl.h>

#include "helpers.h"
#include "tables.h"

/* An empty file named as layer k's table of that kind: the set looks for names only. */
static void touch(const char *dir, const struct game *g, struct layer_key k, enum tb_kind kind,
                  int limit)
{
    char path[1024];
    tables_layer_path(path, sizeof path, dir, g, &k, kind, limit);
    int fd = open(path, O_CREAT | O_WRONLY, 0644);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

/* The set's entries, "NAME KIND" each, joined by spaces, the file names without the
 * game's prefix (prefix_len characters). */
static void set_text(const struct tables_set *s, size_t prefix_len, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < s->n && used < len; k++) {
        used += (size_t)snprintf(buf + used, len - used, "%s%s%s", k ? " " : "",
                                 s->t[k].name + prefix_len, s->t[k].present ? "" : "?");
    }
}

/* A hunt game of a capture goal of 3 and no hand: a cyclic layer per men captured, and
 * none of the set's hooks. */
static void third_name(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "c%d", k->c[0]);
}

static int third_list(const struct game *g, struct layer_entry *out, int max)
{
    (void)g;
    for (int c = 2; c >= 0; c--)
        if (2 - c < max) out[2 - c] = (struct layer_entry){{{c, 0, 0, 0}}, LAYER_CYCLIC};
    return 3;
}

static void third_rules_name(const struct game *g, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "standard");
}

static const struct game_layers third_layers = {
    .board_in_names = false,
    .name = third_name,
    .list = third_list,
};

static const struct game_ops third_ops = {
    .name = "third",
    .rules_name = third_rules_name,
    .layers = &third_layers,
};

START_TEST(test_third_game)
{
    char dir[64], text[2048], make[2200];
    test_dir_make(dir, sizeof dir, "tables");
    struct game g = {.ops = &third_ops, .board = setup("baghchal", NULL, "3x3").board};
    struct tables_set s;
    /* nothing there: part 0, every layer here, is in every set */
    ck_assert_int_eq(tables_expected(dir, &g, TABLES_KIND(TB_REACH), &s), 0);
    set_text(&s, strlen("third-standard-"), text, sizeof text);
    ck_assert_str_eq(text, "c2.wdl? c1.wdl? c0.wdl?"); /* no reachability: no REACH */
    tables_make_command(&s, dir, TABLES_ALL_KINDS, make, sizeof make);
    char want[256];
    snprintf(want, sizeof want, "guti solve third --rules standard --dir %s", dir);
    ck_assert_str_eq(make, want);
    tables_set_free(&s);
    /* a DTM table there: a DTM table beside every WDL table */
    touch(dir, &g, (struct layer_key){{1, 0, 0, 0}}, TB_DTM, 0);
    touch(dir, &g, (struct layer_key){{2, 0, 0, 0}}, TB_WDL, 0);
    ck_assert_int_eq(tables_expected(dir, &g, 0, &s), 0);
    set_text(&s, strlen("third-standard-"), text, sizeof text);
    ck_assert_str_eq(text, "c2.wdl c2.dtm? c1.wdl? c1.dtm c0.wdl? c0.dtm?");
    ck_assert_int_eq(tables_missing(&s, TABLES_KIND(TB_DTM)), 2);
    const struct tables_want *w = tables_set_find(&s, TB_DTM, &(struct layer_key){{1, 0, 0, 0}});
    ck_assert(w && w->present);
    tables_set_free(&s);
    test_dir_remove(dir);
}
END_TEST

/* Bagh-Chal: the movement phase always, the placement phase when a table of it is there,
 * the tigers' DTM alone; the command names the phases missing. */
START_TEST(test_baghchal_phases)
{
    char dir[64], make[2200], want[512];
    test_dir_make(dir, sizeof dir, "tables");
    struct game g = setup("baghchal", NULL, "3x3");
    struct tables_set s;
    ck_assert_int_eq(tables_expected(dir, &g, 0, &s), 0);
    ck_assert_int_eq(s.n, 1); /* 3x3: one capture wins, one movement layer */
    ck_assert_str_eq(s.t[0].name, "baghchal-3x3-standard-h0-c0.wdl");
    tables_make_command(&s, dir, TABLES_ALL_KINDS, make, sizeof make);
    snprintf(want, sizeof want,
             "guti solve baghchal --phase movement --rules standard --board 3x3 --dir %s", dir);
    ck_assert_str_eq(make, want);
    tables_set_free(&s);
    /* the movement phase there, one placement DTM table: the placement phase with DTM */
    touch(dir, &g, (struct layer_key){{0, 0, 0, 0}}, TB_WDL, 0);
    touch(dir, &g, (struct layer_key){{0, 0, 0, 0}}, TB_DTM, 0);
    touch(dir, &g, (struct layer_key){{1, 0, 2, 0}}, TB_DTM, 0);
    ck_assert_int_eq(tables_expected(dir, &g, 0, &s), 0);
    ck_assert_int_eq(s.part, 1);
    ck_assert(s.dtm[LAYER_CYCLIC] && s.dtm[LAYER_ACYCLIC]);
    /* the first layer from the start: 4 goats in hand, none captured, the goats to move */
    ck_assert_str_eq(s.t[0].name, "baghchal-3x3-standard-h4-c0-g.wdl");
    ck_assert_str_eq(s.t[1].name, "baghchal-3x3-standard-h3-c0-g.wdl");
    ck_assert_str_eq(s.t[2].name, "baghchal-3x3-standard-h3-c0-t.wdl");
    ck_assert_str_eq(s.t[3].name, "baghchal-3x3-standard-h3-c0-t.dtm");
    ck_assert_str_eq(s.t[s.n - 1].name, "baghchal-3x3-standard-h0-c0.dtm");
    ck_assert_ptr_null(tables_set_find(&s, TB_DTM, &(struct layer_key){{4, 0, 1, 0}}));
    tables_make_command(&s, dir, TABLES_ALL_KINDS, make, sizeof make);
    snprintf(want, sizeof want,
             "guti solve baghchal --phase placement --dtm --rules standard --board 3x3 --dir %s",
             dir);
    ck_assert_str_eq(make, want);
    tables_set_free(&s);
    test_dir_remove(dir);
}
END_TEST

/* Sixteen Soldiers: every material up to the most pieces of a table there. */
START_TEST(test_sixteen_materials)
{
    char dir[64], text[2048], make[2200], want[512];
    test_dir_make(dir, sizeof dir, "tables");
    struct game g = setup("sixteen", NULL, NULL);
    struct tables_set s;
    ck_assert_int_eq(tables_expected(dir, &g, TABLES_KIND(TB_REACH), &s), 0);
    ck_assert_int_eq(s.n, 0); /* no material of part 0 */
    tables_set_free(&s);
    touch(dir, &g, (struct layer_key){{3, 1, 0, 0}}, TB_WDL, 0);
    ck_assert_int_eq(tables_expected(dir, &g, 0, &s), 0);
    set_text(&s, strlen("sixteen-optional-"), text, sizeof text);
    ck_assert_str_eq(text, "m1-n1.wdl? m2-n1.wdl? m3-n1.wdl m2-n2.wdl?");
    tables_make_command(&s, dir, TABLES_ALL_KINDS, make, sizeof make);
    snprintf(want, sizeof want, "guti solve sixteen --pieces 4 --rules optional --dir %s", dir);
    ck_assert_str_eq(make, want);
    tables_set_free(&s);
    test_dir_remove(dir);
}
END_TEST

Suite *tables_suite(void)
{
    Suite *s = suite_create("tables");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_third_game);
    tcase_add_test(tc, test_baghchal_phases);
    tcase_add_test(tc, test_sixteen_materials);
    suite_add_tcase(s, tc);
    return s;
}
