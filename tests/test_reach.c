/* The library's reach driver (reach.h) on Bagh-Chal, its tables kept in memory through store.h's
 * hooks (tests/mem_store.c): every class against a breadth-first search by classes, on 3x3
 * every raw state's bit against one over raw states; runs resumed after tables were lost, or
 * with nothing to do. */
#include <stdlib.h>
#include <string.h>

#include "bc_reach.h"
#include "reach.h"
#include "bc_brute.h"
#include "helpers.h"
#include "index.h"

/* The same by classes, for boards too big for raw states: a breadth-first search over
 * class representatives (reachability is the same for every member of a class), seen
 * [in hand][captured][side] by pair index rank, a movement layer's as [0][c][0], two bits a
 * class (2 * rank + side). */
struct class_reach {
    struct pair_index ix[BOARD_MAX_POINTS + 1];
    struct bitset seen[BOARD_MAX_POINTS + 1][8][2];
};

static void class_reach(const struct game *g, const struct symmap *sm, struct class_reach *cr)
{
    int N = g->side_men[0], cw = g->capture_goal;
    uint64_t total = 0;
    memset(cr, 0, sizeof *cr);
    for (int k = 0; k <= N; k++)
        ck_assert_int_eq(pair_index_init(&cr->ix[k], g->board, sm, g->side_men[1], k, 0), 0);
    for (int h = 0; h <= N; h++)
        for (int c = 0; c < cw && c <= N - h; c++)
            for (int side = 0; side < (h ? 2 : 1); side++) {
                uint64_t n = (h ? 1 : 2) * cr->ix[N - h - c].size;
                ck_assert_int_eq(bitset_alloc(&cr->seen[h][c][side], n), 0);
                total += n;
            }
    /* a key: rank << 12 | in hand << 4 | captured << 1 | side */
    uint64_t *queue = malloc(total * sizeof *queue + 8), head = 0, tail = 0;
    ck_assert_ptr_nonnull(queue);
    struct position start = g->ops->start(g);
    bitset_set(&cr->seen[N][0][0], pair_index_rank(&cr->ix[0], start.men[1], start.men[0]));
    queue[tail++] = pair_index_rank(&cr->ix[0], start.men[1], start.men[0]) << 12 | (uint64_t)N
                                                                                        << 4;
    struct movelist l;
    movelist_init(&l);
    while (head < tail) {
        uint64_t key = queue[head++];
        struct position p = {.side = key & 1, .inhand = (int)(key >> 4 & 255)};
        int c = (int)(key >> 1 & 7);
        pair_index_unrank(&cr->ix[N - p.inhand - c], key >> 12, &p.men[1], &p.men[0]);
        int n = g->ops->moves(g, &p, &l);
        for (int j = 0; j < n; j++) {
            const struct position *s = &l.succ[j];
            int goats = bits_count(s->men[0]), sc = N - s->inhand - goats;
            if (sc >= cw) continue; /* the tigers have won */
            uint64_t r = pair_index_rank(&cr->ix[goats], s->men[1], s->men[0]);
            struct bitset *b = &cr->seen[s->inhand][sc][s->inhand ? s->side : 0];
            if (!bitset_set(b, s->inhand ? r : 2 * r + (uint64_t)s->side)) continue;
            CHECK(tail < total, "queue overflow");
            queue[tail++] =
                r << 12 | (uint64_t)s->inhand << 4 | (uint64_t)sc << 1 | (uint64_t)s->side;
        }
    }
    movelist_free(&l);
    free(queue);
}

static void class_reach_free(const struct game *g, struct class_reach *cr)
{
    for (int h = 0; h <= BOARD_MAX_POINTS; h++)
        for (int c = 0; c < 8; c++)
            for (int side = 0; side < 2; side++) bitset_free(&cr->seen[h][c][side]);
    for (int k = 0; k <= g->side_men[0]; k++) pair_index_free(&cr->ix[k]);
}

/* The reach driver with its tables in memory: on 3x3 every raw state's bit against the
 * breadth-first search; on 3x3 and 4x4, runs resumed after tables were lost (a step in
 * the middle, the movement phase) or with nothing to do make the tables of a whole run. */
struct reach_seen {
    int layers, resumed;
};

static void reach_layer(void *arg, const struct reach_layer *r)
{
    struct reach_seen *s = arg;
    s->layers++;
    s->resumed += r->resumed;
}

static struct reach_hooks reach_hooks(struct mem_store *m, struct reach_seen *s)
{
    *s = (struct reach_seen){0};
    return (struct reach_hooks){
        .store = {.load = mem_load, .save = mem_save, .arg = m}, .layer = reach_layer, .arg = s};
}

static void reach_driver(const char *board, const char *rules)
{
    struct game g = setup("baghchal", rules, board);
    struct mem_store *m = calloc(1, sizeof *m);
    ck_assert_ptr_nonnull(m);
    struct reach_seen seen;
    struct reach_hooks h = reach_hooks(m, &seen);
    struct reach_result res;
    char err[400];
    ck_assert_msg(reach_all(&g, &h, &res, err, sizeof err) == 0, "%s", err);
    ck_assert(!res.all_stored);
    ck_assert_int_eq(seen.resumed, 0);
    ck_assert_int_eq(m->saves, seen.layers);
    uint64_t walked = 0;
    for (int k = 0; k < m->n; k++) walked += m->t[k].t.npositions;
    ck_assert_uint_eq(res.classes_walked, walked);

    /* every class against the search by classes */
    struct symmap *sm = symmap_for(g.board);
    struct class_reach *cr = malloc(sizeof *cr);
    ck_assert_ptr_nonnull(cr);
    class_reach(&g, sm, cr);
    uint64_t classes = 0;
    for (int h = 0; h <= g.side_men[0]; h++)
        for (int c = 0; c < g.capture_goal && c <= g.side_men[0] - h; c++)
            for (int side = 0; side < (h ? 2 - (h == g.side_men[0]) : 1); side++) {
                const struct bitset *b = &cr->seen[h][c][side];
                const uint16_t *e = mem_entries(m, TB_REACH, h, c, h ? side : -1, b->n);
                for (uint64_t i = 0; i < b->n; i++)
                    CHECK(e[i] == bitset_get(b, i),
                          "h%d c%d side %d class %llu: REACH %d, search %d", h, c, side,
                          (unsigned long long)i, e[i], bitset_get(b, i));
                classes += b->n;
            }
    ck_assert_uint_eq(classes, walked);
    class_reach_free(&g, cr);
    free(cr);
    if (!strcmp(board, "3x3")) {
        struct brute br;
        brute_enumerate(&br, &g, true);
        char *want = reached_raw(&g, &br);
        struct pair_index ix[5];
        for (int k = 0; k <= 4; k++)
            ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k, 0), 0);
        int reached = 0;
        for (int i = 0; i < br.n; i++) {
            const struct position *q = &br.pos[i];
            int goats = bits_count(q->men[0]), c = g.side_men[0] - q->inhand - goats;
            uint64_t r = pair_index_rank(&ix[goats], q->men[1], q->men[0]), n = ix[goats].size;
            int got = q->inhand ? mem_entries(m, TB_REACH, q->inhand, c, q->side, n)[r]
                                : mem_entries(m, TB_REACH, 0, c, -1, 2 * n)[2 * r + q->side];
            char fen[64];
            g.ops->format(&g, q, fen, sizeof fen);
            CHECK(got == want[i], "%s: REACH table %d, breadth-first search %d", fen, got, want[i]);
            reached += want[i];
        }
        ck_assert_int_gt(reached, 3000);
        for (int k = 0; k <= 4; k++) pair_index_free(&ix[k]);
        free(want);
        free(br.pos);
        free(br.code);
    }
    free(sm);

    /* nothing to do when every table is stored */
    struct mem_store *before = mem_copy(m);
    m->saves = 0;
    h = reach_hooks(m, &seen);
    ck_assert_int_eq(reach_all(&g, &h, &res, err, sizeof err), 0);
    ck_assert(res.all_stored);
    ck_assert_int_eq(m->saves + seen.layers, 0);

    /* a table lost in the middle: the run restarts at its step, reading back the goats to
     * move before it; one lost in the movement phase: the placement is trusted */
    int cw = g.capture_goal, mid = g.side_men[0] / 2;
    mem_remove(m, mem_find(m, &(struct store_table){TB_REACH, TEST_KEY(mid, 0, 1), 0, 0}));
    h = reach_hooks(m, &seen);
    ck_assert_msg(reach_all(&g, &h, &res, err, sizeof err) == 0, "%s", err);
    ck_assert_int_gt(seen.resumed, 0);
    ck_assert_int_lt(m->saves, seen.layers);
    mem_same(before, m);
    mem_remove(m, mem_find(m, &(struct store_table){TB_REACH, TEST_KEY(0, cw - 1, -1), 0, 0}));
    m->saves = 0;
    h = reach_hooks(m, &seen);
    ck_assert_msg(reach_all(&g, &h, &res, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->saves, 1); /* that table alone, from the layers read back */
    mem_same(before, m);

    /* a goats-to-move table to resume from that does not read back stops the run */
    mem_remove(m, mem_find(m, &(struct store_table){TB_REACH, TEST_KEY(mid, 0, 1), 0, 0}));
    mem_find(m, &(struct store_table){TB_REACH, TEST_KEY(mid + 1, 0, 0), 0, 0})->damaged = true;
    h = reach_hooks(m, &seen);
    ck_assert_int_eq(reach_all(&g, &h, &res, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "cannot resume from h"), "%s", err);
    mem_free(before);
    mem_free(m);
}

START_TEST(reach_driver_small)
{
    reach_driver("3x3", "standard");
    reach_driver("3x3", "goat-pass");
    reach_driver("4x4", "standard");
    /* other capture goals: the game ends at another layer */
    reach_driver("3x3", "standard-k3");
    reach_driver("4x4", "goat-pass-k1");
}
END_TEST

Suite *reach_suite(void)
{
    Suite *s = suite_create("reach");
    TCase *tc = tcase_create("reach");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, reach_driver_small);
    suite_add_tcase(s, tc);
    return s;
}
