/* Adugo's reachability (solver/games/adugo/ad_reach.c) through the library's walk (reach.h),
 * its REACH tables kept in memory: on small variants under both rule sets, every class's bit
 * against a breadth-first search from the start over raw states with the second move
 * generator (tests/ad_brute.c). A class is reached when some position of it is. */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "reach.h"

/* The raw states some game from the start reaches: seen[i] for state i of s, a breadth-first
 * search by the second generator's moves. A position the game ends in is reached when it is
 * one of the layers' (a jaguar shut in), not when the jaguar's goal ends it (no layer's). */
static char *reached_states(const struct ad_space *s, const struct ad_board *b,
                            const struct ad_rules *r, const struct position *start)
{
    char *seen = calloc((size_t)s->n, 1);
    int *queue = malloc((size_t)s->n * sizeof *queue), head = 0, tail = 0;
    struct position *out = malloc(4096 * sizeof *out);
    ck_assert(seen && queue && out);
    queue[tail++] = ad_state(s, start);
    ck_assert_int_ge(queue[0], 0);
    seen[queue[0]] = 1;
    while (head < tail) {
        struct position p = ad_state_position(s, queue[head++]);
        int n = ad_moves(b, r, &p, out, 4096);
        for (int j = 0; j < n; j++) {
            int q = ad_state(s, &out[j]); /* -1: fewer dogs than the layers' */
            if (q >= 0 && !seen[q]) {
                seen[q] = 1;
                queue[tail++] = q;
            }
        }
    }
    free(out);
    free(queue);
    return seen;
}

static void check_reach(const char *rules, int dogs, int goal)
{
    char name[64], err[400];
    snprintf(name, sizeof name, "%s-d%d-k%d", rules, dogs, goal);
    struct game g = setup("adugo", name, NULL);
    const struct game_layers *gl = g.ops->layers;
    ck_assert(reach_supported(&g));
    struct table_arrays *m = calloc(1, sizeof *m);
    struct reach_hooks h = {.store = arrays_hooks(m)};
    struct reach_result res;
    ck_assert_msg(reach_all(&g, &h, &res, err, sizeof err) == 0, "%s: %s", name, err);

    struct ad_board b;
    ad_board_init(&b, g.board);
    struct ad_rules r = {.forced = !strcmp(rules, "forced"), .dogs_won = dogs - goal};
    struct ad_space s;
    ad_space_init(&s, &b, &r, dogs);
    struct position start = g.ops->start(&g);
    char *seen = reached_states(&s, &b, &r, &start);

    /* the classes of the reached states, by layer */
    void *ix = gl->index_new(&g, 0);
    uint8_t *want[AD_POINTS + 1] = {0};
    const uint16_t *got[AD_POINTS + 1] = {0};
    uint64_t size[AD_POINTS + 1] = {0}, reached = 0;
    for (int d = s.least; d <= dogs; d++) {
        struct position p = {.men = {BIT(AD_POINTS - 1), BIT(d) - 1}};
        struct layer_key k = gl->layer_of(&g, &p);
        ck_assert_int_eq(gl->size(&g, ix, &k, &size[d], err, sizeof err), 0);
        int t = arrays_find(m, &(struct store_table){TB_REACH, k, size[d], 0});
        ck_assert_msg(t >= 0, "%s: no REACH table of %d dogs", name, d);
        ck_assert_uint_eq(m->t[t].npositions, size[d]);
        got[d] = m->e[t];
        want[d] = calloc(size[d], 1);
    }
    for (int i = 0; i < s.n; i++) {
        if (!seen[i]) continue;
        struct position p = ad_state_position(&s, i);
        int d = bits_count(p.men[1]);
        uint64_t at, n;
        struct layer_key k = gl->layer_of(&g, &p);
        CHECK(gl->rank(&g, ix, &k, &p, true, &at, &n, err, sizeof err) == 0, "%s", err);
        want[d][at] = 1;
    }
    for (int d = s.least; d <= dogs; d++) {
        for (uint64_t i = 0; i < size[d]; i++) {
            CHECK(got[d][i] == want[d][i], "%s, %d dogs, class %llu: table %d, search %d", name, d,
                  (unsigned long long)i, got[d][i], want[d][i]);
            reached += want[d][i];
        }
        free(want[d]);
    }
    ck_assert_uint_gt(reached, 1);
    gl->index_free(ix);
    free(seen);
    ad_space_free(&s);
    arrays_free(m);
    free(m);
}

START_TEST(reach_against_search)
{
    static const struct {
        const char *rules;
        int dogs, goal;
    } cases[] = {{"optional", 3, 2}, {"forced", 3, 2}, {"optional", 4, 2}, {"forced", 4, 3}};
    check_reach(cases[_i].rules, cases[_i].dogs, cases[_i].goal);
}
END_TEST

Suite *ad_reach_suite(void)
{
    Suite *s = suite_create("ad_reach");
    TCase *tc = tcase_create("reach");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, reach_against_search, 0, 4);
    suite_add_tcase(s, tc);
    return s;
}
