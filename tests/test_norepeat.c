/* The no-repeat search (norepeat.h) against brute forces on the 3x3 board: every
 * movement position with its own board behind it, the start, and positions with a
 * history, under the unlimited window (both methods: proof numbers and depth first) and
 * windows of 2, 4, 6 and 12 boards; and on the 4x4 board's layer with one empty point
 * (the capture goal lowered to 2, so that a capture ends the game), under every window,
 * where the search relies on no board recurring (norepeat.h's second proof). The brute
 * forces know nothing of layers, entry values or hashing: they play the rules' own
 * history code (history.h) on whole histories. */
#include <stdlib.h>

#include "helpers.h"
#include "history.h"
#include "norepeat.h"

/* ---- Unlimited window: negamax over the whole history, nothing remembered ------------ */

static int plain_value(const struct game *g, struct history *h)
{
    struct outcome o;
    ck_assert_int_ge(history_over(g, h, &o), 0);
    if (history_over(g, h, &o)) return o.winner == h->p[h->n - 1].side ? 1 : -1;
    struct movelist l;
    movelist_init(&l);
    ck_assert_int_ge(history_moves(g, h, &l), 0);
    int best = -1;
    for (int i = 0; i < l.n && best < 1; i++) {
        ck_assert_int_eq(history_push(h, &l.succ[i]), 0);
        int v = -plain_value(g, h);
        history_pop(h);
        if (v > best) best = v;
    }
    movelist_free(&l);
    return best;
}

/* ---- Window N: every state (the last N positions) listed, then swept to a fixpoint ---- */

#define WINDOW_MAX 12

struct window_state {
    struct position p[WINDOW_MAX + 1]; /* p[n-1] the current position; one more for a move */
    int n;
    int first_child, nchildren; /* into the children array */
    int value;                  /* 1 win, -1 loss, 0 not known (a draw at the end) */
};

struct window_graph {
    const struct game *g;
    struct window_state *s;
    int n, cap;
    int *slot; /* hash slots: state + 1 */
    int mask;
    int *child;
    int nchild, child_cap;
};

static unsigned state_hash(const struct window_state *st)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < st->n; i++) {
        uint64_t w[3] = {st->p[i].men[0], st->p[i].men[1],
                         (uint64_t)st->p[i].side | (uint64_t)st->p[i].inhand << 1};
        for (int k = 0; k < 3; k++) h = (h ^ (unsigned)(w[k] ^ w[k] >> 32)) * 16777619u;
    }
    return h;
}

static bool state_equal(const struct window_state *a, const struct window_state *b)
{
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (!position_same(&a->p[i], &b->p[i])) return false;
    return true;
}

static int graph_find(struct window_graph *wg, const struct window_state *st)
{
    unsigned i = state_hash(st) & (unsigned)wg->mask;
    for (; wg->slot[i]; i = (i + 1) & (unsigned)wg->mask)
        if (state_equal(&wg->s[wg->slot[i] - 1], st)) return wg->slot[i] - 1;
    if (wg->n == wg->cap) {
        wg->cap = wg->cap ? 2 * wg->cap : 1024;
        wg->s = realloc(wg->s, (size_t)wg->cap * sizeof *wg->s);
        ck_assert_ptr_nonnull(wg->s);
    }
    ck_assert_int_lt(2 * wg->n, wg->mask); /* the test sizes its table generously */
    wg->s[wg->n] = *st;
    wg->s[wg->n].nchildren = -1; /* not expanded */
    wg->slot[i] = ++wg->n;
    return wg->n - 1;
}

/* The state after a move: the window with succ, positions with goats in hand dropped (no
 * board can repeat them), the oldest falling out past N. */
static struct window_state state_after(const struct window_state *st, const struct position *succ,
                                       int width)
{
    struct window_state t = {.n = 0};
    for (int i = 0; i < st->n; i++)
        if (st->p[i].inhand == 0) t.p[t.n++] = st->p[i];
    t.p[t.n] = *succ;
    t.p[t.n].clock = 0;
    t.n++;
    if (succ->inhand > 0) {
        t.p[0] = t.p[t.n - 1];
        t.n = 1;
    }
    if (t.n > width) {
        memmove(t.p, t.p + (t.n - width), (size_t)width * sizeof t.p[0]);
        t.n = width;
    }
    return t;
}

static void graph_expand_all(struct window_graph *wg)
{
    int width = wg->g->repeat_window;
    for (int i = 0; i < wg->n; i++) {
        struct window_state st = wg->s[i];
        struct history h;
        ck_assert_int_eq(history_start(&h, &st.p[0]), 0);
        for (int k = 1; k < st.n; k++) ck_assert_int_eq(history_push(&h, &st.p[k]), 0);
        struct outcome o;
        int over = history_over(wg->g, &h, &o);
        ck_assert_int_ge(over, 0);
        struct movelist l;
        movelist_init(&l);
        if (over)
            wg->s[i].value = o.winner == st.p[st.n - 1].side ? 1 : -1;
        else
            ck_assert_int_ge(history_moves(wg->g, &h, &l), 0);
        int first = wg->nchild;
        for (int m = 0; !over && m < l.n; m++) {
            struct window_state t = state_after(&st, &l.succ[m], width);
            int j = graph_find(wg, &t);
            if (wg->nchild == wg->child_cap) {
                wg->child_cap = wg->child_cap ? 2 * wg->child_cap : 4096;
                wg->child = realloc(wg->child, (size_t)wg->child_cap * sizeof *wg->child);
                ck_assert_ptr_nonnull(wg->child);
            }
            wg->child[wg->nchild++] = j;
        }
        wg->s[i].first_child = first;
        wg->s[i].nchildren = wg->nchild - first;
        movelist_free(&l);
        history_free(&h);
    }
}

/* Sweeps until nothing changes: won when some move reaches a lost state, lost when every
 * move reaches a won one (or there is none); what is left is a draw. */
static void graph_sweep(struct window_graph *wg)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < wg->n; i++) {
            struct window_state *st = &wg->s[i];
            if (st->value) continue;
            bool win = false, all_won = true;
            for (int c = 0; c < st->nchildren; c++) {
                int v = wg->s[wg->child[st->first_child + c]].value;
                win |= v == -1;
                all_won &= v == 1;
            }
            if (win || all_won) {
                st->value = win ? 1 : -1;
                changed = true;
            }
        }
    }
}

/* ---- The movement positions with one hole --------------------------------------------- */

/* Every position with one empty point, the goats on all the others but the tigers', either
 * side to move: each stride-th of them (from offset) into out. */
static int movement_positions(const struct game *g, struct position *out, int max, int stride,
                              int offset)
{
    int n = 0, np = g->board->npoints, k = 0;
    for (int hole = 0; hole < np; hole++)
        for (bits_t t = 0; t < BIT(np); t++) {
            if (bits_count(t) != g->side_men[1] || (t & BIT(hole))) continue;
            bits_t goats = (BIT(np) - 1) & ~t & ~BIT(hole);
            for (int side = 0; side < 2; side++) {
                if (k++ % stride != offset) continue;
                ck_assert_int_lt(n, max);
                out[n++] = (struct position){{goats, t}, side, 0, 0};
            }
        }
    return n;
}

static int engine_value(struct nr_search *s, const struct history *h)
{
    struct nr_answer a;
    ck_assert_int_eq(nr_value(s, h, 100000000, &a), 0);
    ck_assert_int_ne(a.value, NR_UNKNOWN);
    return a.value;
}

/* Random play from p with the rules' refusals, n plies at most, into h. */
static void random_history(const struct game *g, const struct position *p, int plies,
                           unsigned *seed, struct history *h)
{
    ck_assert_int_eq(history_start(h, p), 0);
    struct movelist l;
    movelist_init(&l);
    for (int k = 0; k < plies; k++) {
        struct outcome o;
        if (history_over(g, h, &o)) break;
        ck_assert_int_gt(history_moves(g, h, &l), 0);
        *seed = *seed * 1103515245u + 12345u;
        ck_assert_int_eq(history_push(h, &l.succ[(*seed >> 16) % (unsigned)l.n]), 0);
    }
    movelist_free(&l);
}

START_TEST(unlimited_window)
{
    struct game g = setup("baghchal", "no-repeat", "3x3");
    struct nr_search *s = nr_new(&g, NULL, NULL, false);
    ck_assert_ptr_nonnull(s);
    nr_depth_first(s, _i); /* proof numbers, then depth first */
    static struct position pos[4096];
    int n = movement_positions(&g, pos, 4096, 1, 0), changed_hands[3] = {0};
    ck_assert_int_eq(n, 9 * 70 * 2);
    for (int i = 0; i < n; i++) {
        struct history h;
        ck_assert_int_eq(history_start(&h, &pos[i]), 0);
        int want = plain_value(&g, &h), got = engine_value(s, &h);
        ck_assert_msg(got == want, "position %d: search %d, brute force %d", i, got, want);
        changed_hands[want + 1]++;
        history_free(&h);
    }
    /* no draws under the unlimited window, and both sides win somewhere */
    ck_assert_int_eq(changed_hands[1], 0);
    ck_assert_int_gt(changed_hands[0], 0);
    ck_assert_int_gt(changed_hands[2], 0);
    /* positions with a history behind them */
    unsigned seed = 17;
    for (int i = 0; i < n; i += 7) {
        struct history h;
        random_history(&g, &pos[i], 1 + i % 9, &seed, &h);
        int want = plain_value(&g, &h), got = engine_value(s, &h);
        ck_assert_msg(got == want, "position %d with %d plies: search %d, brute force %d", i,
                      h.n - 1, got, want);
        history_free(&h);
    }
    /* the start: the goats lose, as under the standard rules */
    struct position start = g.ops->start(&g);
    struct history h;
    ck_assert_int_eq(history_start(&h, &start), 0);
    ck_assert_int_eq(plain_value(&g, &h), -1);
    ck_assert_int_eq(engine_value(s, &h), NR_LOSS);
    history_free(&h);
    nr_free(s);
}
END_TEST

/* A capture goal of two on 3x3: a capture leads to a second movement layer, whose search
 * runs inside the first's, with its own history and move lists. Each first-layer value
 * must be the same whether the second layer's values were found inside it or beforehand,
 * each as a search of its own. (A brute force over whole histories takes minutes here.) */
START_TEST(two_layers)
{
    struct game g = setup("baghchal", "no-repeat-k2", "3x3");
    ck_assert_int_eq(g.capture_goal, 2);
    struct nr_search *inside = nr_new(&g, NULL, NULL, false),
                     *before = nr_new(&g, NULL, NULL, false);
    ck_assert(inside && before);
    int np = g.board->npoints, checked = 0;
    for (bits_t t = 0; t < BIT(np); t++)
        for (bits_t goats = 0; goats < BIT(np); goats++) {
            if (bits_count(t) != 4 || bits_count(goats) != 3 || (t & goats)) continue;
            for (int side = 0; side < 2; side++) {
                struct position p = {{goats, t}, side, 0, 0};
                struct history h;
                ck_assert_int_eq(history_start(&h, &p), 0);
                engine_value(before, &h);
                checked++;
                history_free(&h);
            }
        }
    static struct position pos[4096];
    int n = movement_positions(&g, pos, 4096, 1, 0), values[3] = {0};
    for (int i = 0; i < n; i++) {
        struct history h;
        ck_assert_int_eq(history_start(&h, &pos[i]), 0);
        int want = engine_value(before, &h), got = engine_value(inside, &h);
        ck_assert_msg(got == want,
                      "position %d: %d found with the next layer inside, %d with it "
                      "before",
                      i, got, want);
        values[want + 1]++;
        history_free(&h);
    }
    ck_assert_int_eq(checked, 2 * 126 * 10); /* 4 tigers of 9 points, 3 goats of the 5 left */
    ck_assert_int_gt(values[0], 0);
    ck_assert_int_gt(values[2], 0);
    nr_free(inside);
    nr_free(before);
}
END_TEST

/* The brute force's values of the roots' histories (no goats in hand in them) under g's
 * window, into want (1 win, 0 draw, -1 loss). */
static void window_values(const struct game *g, const struct history *hist, int nroots, int *want)
{
    ck_assert_int_le(g->repeat_window, WINDOW_MAX);
    struct window_graph wg = {.g = g, .mask = (1 << 22) - 1};
    wg.slot = calloc((size_t)wg.mask + 1, sizeof *wg.slot);
    int *root = malloc((size_t)nroots * sizeof *root);
    ck_assert(wg.slot && root);
    for (int r = 0; r < nroots; r++) {
        /* the last N positions */
        const struct history *h = &hist[r];
        struct window_state st = {.n = h->n < g->repeat_window ? h->n : g->repeat_window};
        for (int k = 0; k < st.n; k++) {
            st.p[k] = h->p[h->n - st.n + k];
            st.p[k].clock = 0;
        }
        root[r] = graph_find(&wg, &st);
    }
    graph_expand_all(&wg);
    graph_sweep(&wg);
    for (int r = 0; r < nroots; r++) want[r] = wg.s[root[r]].value;
    free(root);
    free(wg.s);
    free(wg.slot);
    free(wg.child);
}

/* The search's value of each root against the brute force's (want), counted by value. */
static void compare_roots(struct nr_search *s, const char *rules, const struct history *hist,
                          const int *want, int nroots, int *counts)
{
    for (int r = 0; r < nroots; r++) {
        int got = engine_value(s, &hist[r]);
        ck_assert_msg(got == want[r], "%s root %d (%d plies): search %d, brute force %d", rules, r,
                      hist[r].n - 1, got, want[r]);
        counts[want[r] + 1]++;
    }
}

static void window_case(const char *rules, int stride)
{
    struct game g = setup("baghchal", rules, "3x3");
    struct nr_search *s = nr_new(&g, NULL, NULL, false);
    ck_assert_ptr_nonnull(s);
    static struct position pos[4096];
    int n = movement_positions(&g, pos, 4096, stride, 0);
    /* roots: each movement position alone, some with a history, and the start */
    int *want = malloc((size_t)(2 * n + 1) * sizeof *want), nroots = 0;
    struct history *hist = malloc((size_t)(2 * n + 1) * sizeof *hist);
    ck_assert_ptr_nonnull(want);
    ck_assert_ptr_nonnull(hist);
    unsigned seed = 5;
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(history_start(&hist[nroots], &pos[i]), 0);
        nroots++;
        if (i % 5 == 0) random_history(&g, &pos[i], 1 + i % 11, &seed, &hist[nroots++]);
    }
    struct position start = g.ops->start(&g);
    ck_assert_int_eq(history_start(&hist[nroots++], &start), 0);
    window_values(&g, hist, nroots, want);
    int counts[3] = {0};
    compare_roots(s, rules, hist, want, nroots, counts);
    ck_assert_int_gt(counts[0] + counts[2], 0);
    /* Out of budget, a search still answers what its partial graph proves; those answers
     * are the brute force's, and a tight budget leaves some roots unknown. A search of its
     * own, so that nothing cached above helps it. */
    struct nr_search *tight = nr_new(&g, NULL, NULL, false);
    ck_assert_ptr_nonnull(tight);
    int answered = 0, unknown = 0, partial = 0;
    for (int r = 0; r < nroots; r++) {
        struct nr_answer a;
        ck_assert_int_eq(nr_value(tight, &hist[r], 40, &a), 0);
        partial += a.value != NR_UNKNOWN && a.nodes > 40; /* answered past its budget */
        if (a.value == NR_UNKNOWN) {
            unknown++;
            continue;
        }
        answered++;
        ck_assert_msg(a.value == want[r], "%s root %d out of budget: search %d, brute force %d",
                      rules, r, a.value, want[r]);
    }
    ck_assert_int_gt(answered, 0);
    /* (with 12 boards the roots sampled are all settled within 40 states) */
    if (g.repeat_window <= 6) {
        ck_assert_int_gt(partial, 0);
        ck_assert_int_gt(unknown, 0);
    }
    nr_free(tight);
    for (int r = 0; r < nroots; r++) history_free(&hist[r]);
    free(want);
    free(hist);
    nr_free(s);
}

START_TEST(windows)
{
    window_case("no-repeat:2", 1);
    window_case("no-repeat:4", 1);
    window_case("no-repeat:6", 1);
    /* (its state graphs run to millions: a root in 16) */
    window_case("no-repeat:12", 16);
}
END_TEST

/* 4x4's layer with one empty point, a capture winning (goal 2), under rules: each
 * stride-th position with its own board behind it, and some with a history, against the
 * brute force of the window (or of whole histories under the unlimited one). */
static void one_hole_case(const char *rules, int stride)
{
    struct game g = setup("baghchal", rules, "4x4");
    ck_assert_int_eq(g.capture_goal, 2);
    struct nr_search *s = nr_new(&g, NULL, NULL, false);
    ck_assert_ptr_nonnull(s);
    static struct position pos[50000];
    int n = movement_positions(&g, pos, 50000, stride, 0);
    /* 16 empty points, 4 tigers on 15, either side to move */
    ck_assert_int_eq(n, (16 * 1365 * 2 + stride - 1) / stride);
    int *want = malloc((size_t)(2 * n) * sizeof *want), nroots = 0;
    struct history *hist = malloc((size_t)(2 * n) * sizeof *hist);
    ck_assert(want && hist);
    unsigned seed = 11;
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(history_start(&hist[nroots++], &pos[i]), 0);
        if (i % 3 == 0) random_history(&g, &pos[i], 1 + i % 7, &seed, &hist[nroots++]);
    }
    if (g.repeat_window)
        window_values(&g, hist, nroots, want);
    else
        for (int r = 0; r < nroots; r++) want[r] = plain_value(&g, &hist[r]);
    int counts[3] = {0};
    compare_roots(s, rules, hist, want, nroots, counts);
    for (int r = 0; r < nroots; r++) history_free(&hist[r]);
    /* no draws: no board recurs in the layer, so play ends (norepeat.h's second proof) */
    ck_assert_int_eq(counts[1], 0);
    ck_assert_int_gt(counts[0], 0);
    ck_assert_int_gt(counts[2], 0);
    free(want);
    free(hist);
    nr_free(s);
}

START_TEST(one_hole)
{
    one_hole_case("no-repeat-k2", 1);
    one_hole_case("no-repeat:2-k2", 4);
    one_hole_case("no-repeat:4-k2", 4);
    one_hole_case("no-repeat:12-k2", 16);
}
END_TEST

/* A search out of budget says unknown, and one with room afterwards still gets it right. */
START_TEST(budget)
{
    struct game g = setup("baghchal", "no-repeat", "3x3");
    struct nr_search *s = nr_new(&g, NULL, NULL, false);
    struct position start = g.ops->start(&g);
    struct history h;
    ck_assert_int_eq(history_start(&h, &start), 0);
    struct nr_answer a;
    ck_assert_int_eq(nr_value(s, &h, 50, &a), 0);
    ck_assert_int_eq(a.value, NR_UNKNOWN);
    ck_assert_uint_eq(a.nodes, 51);
    ck_assert_int_eq(nr_value(s, &h, 10000000, &a), 0);
    ck_assert_int_eq(a.value, plain_value(&g, &h));
    history_free(&h);
    nr_free(s);
}
END_TEST

START_TEST(bipartite)
{
    ck_assert(nr_board_bipartite(board_named("4x4")));
    ck_assert(!nr_board_bipartite(board_named("3x3")));
    ck_assert(!nr_board_bipartite(board_named("5x5")));
}
END_TEST

Suite *norepeat_suite(void)
{
    Suite *s = suite_create("norepeat");
    TCase *tc = tcase_create("norepeat");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, unlimited_window, 0, 2);
    tcase_add_test(tc, two_layers);
    tcase_add_test(tc, budget);
    tcase_add_test(tc, bipartite);
    suite_add_tcase(s, tc);
    /* cases of their own, each to be run alone: CK_RUN_CASE=windows */
    tc = tcase_create("windows");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, windows);
    suite_add_tcase(s, tc);
    tc = tcase_create("one_hole");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, one_hole);
    suite_add_tcase(s, tc);
    return s;
}
