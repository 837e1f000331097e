/* Bagh-Chal's layers for tables (solver/games/baghchal/bc_tables.c) solved by the passes
 * every game's are (solve.h) and the one driver, its tables kept in memory through store.h's
 * hooks (tests/mem_store.c, tests/table_arrays.c). The whole game (movement, placement,
 * placement DTM) against brute forces over every position (tests/bc_brute.c and a second by
 * classes), on the small boards and other capture goals, and resuming from tables lost or
 * damaged. The counting-rule passes (retro.h, dtc_limit; bc_place.h) against a brute force
 * over (position, clock) states written plainly from the definitions of issue 12 and
 * docs/rules.md, "Counting rules": Bagh-Chal's movement phase and the last placements on the
 * 4x4 board, the whole 3x3 game, both rule sets, with limits small enough that every class
 * occurs; and, with a limit above every DTM, the classes are exactly the values without
 * the rule. */
#include <stdlib.h>
#include <string.h>

#include "bc_layers.h"
#include "bc_place.h"
#include "solve.h"
#include "bc_brute.h"
#include "helpers.h"
#include "wdl.h"

/* The whole game's driver's reports: every layer's figures against its stored table. */
struct solve_seen {
    struct mem_store *m;
    int layers[8], resumed, skipped;
};

static void seen_layer(void *arg, const struct solve_layer *r)
{
    struct solve_seen *s = arg;
    s->layers[r->pass]++;
    s->resumed += r->resumed;
    enum tb_kind kind = r->pass == SOLVE_ACYCLIC ? TB_WDL : TB_DTM;
    /* a goats' placement layer's DTM is not stored: its counts are its WDL table's */
    int side = r->key.c[2] - 1; /* -1: a movement layer, both sides */
    bool unstored = r->pass == SOLVE_ACYCLIC_DTM && side == 0;
    if (unstored) kind = TB_WDL;
    const uint16_t *e = mem_entries(s->m, kind, r->key.c[0], r->key.c[1], side, r->positions);
    uint64_t k[3] = {0, 0, 0};
    int longest[2] = {-1, -1};
    for (uint64_t i = 0; i < r->positions; i++) {
        int v = wdl_of_code(e[i]);
        k[v]++;
        if (kind == TB_DTM && v != WDL_DRAW && e[i] - 1 > longest[v == WDL_LOSS])
            longest[v == WDL_LOSS] = e[i] - 1;
    }
    ck_assert_uint_eq(r->win, k[WDL_WIN]);
    ck_assert_uint_eq(r->draw, k[WDL_DRAW]);
    ck_assert_uint_eq(r->loss, k[WDL_LOSS]);
    if (r->pass == SOLVE_CYCLIC) {
        int top = longest[0] > longest[1] ? longest[0] : longest[1];
        ck_assert_int_eq(r->max_dtm, top < 0 ? 0 : top);
    } else if (r->pass == SOLVE_ACYCLIC_DTM && !unstored) {
        ck_assert_int_eq(r->max_win, longest[0]);
        ck_assert_int_eq(r->max_loss, longest[1]);
    }
}

static void seen_pass(void *arg, const struct solve_pass *r)
{
    ((struct solve_seen *)arg)->skipped += r->skipped;
}

static void seen_notice(void *arg, const char *msg)
{
    (void)msg;
    ((struct solve_seen *)arg)->m->notices++;
}

static struct solve_hooks mem_hooks(struct mem_store *m, struct solve_seen *s)
{
    *s = (struct solve_seen){.m = m};
    return (struct solve_hooks){.store = {.load = mem_load, .save = mem_save, .arg = m},
                                .notice = seen_notice,
                                .pass_end = seen_pass,
                                .layer = seen_layer,
                                .layer_passes = SOLVE_CYCLIC | SOLVE_ACYCLIC | SOLVE_ACYCLIC_DTM,
                                .arg = s};
}

/* A second brute force for the whole game, by classes: the value and DTM of a placement
 * position from its moves by the rules engine, each successor's by the same recursion
 * (the placement phase is acyclic), the movement phase's from the fixpoint over its raw
 * positions (tests/bc_brute.c), a finished game lost in 0 for its side to move. It knows no
 * layer order; pair_index (tests/test_index.c) only numbers the memo. */
struct whole {
    const struct game *g;
    struct brute mv; /* the movement phase (the fixpoint) */
    struct pair_index ix[BOARD_MAX_POINTS + 1];
    uint8_t *memo[BOARD_MAX_POINTS + 1][8][2]; /* [in hand][captured][side]: code, or 255 */
    struct movelist ml[64];                    /* one per depth of the recursion */
};

static int whole_code(struct whole *w, const struct position *pos, int depth)
{
    const struct game *g = w->g;
    int goats = bits_count(pos->men[0]), c = g->side_men[0] - pos->inhand - goats;
    uint8_t *m = &w->memo[pos->inhand][c][pos->side]
                         [pair_index_rank(&w->ix[goats], pos->men[1], pos->men[0])];
    if (*m != 255) return *m;
    CHECK(depth < 63, "recursion too deep");
    struct movelist *l = &w->ml[depth];
    int n = g->ops->moves(g, pos, l), win = 0, loss = 0;
    bool draw = false;
    for (int j = 0; j < n; j++) {
        const struct position *s = &l->succ[j];
        struct outcome o;
        int sc;
        if (g->ops->over(g, s, &o)) {
            sc = 1;
        } else if (s->inhand == 0) {
            int k = brute_find(&w->mv, s);
            CHECK(k >= 0, "a movement position not enumerated");
            sc = w->mv.code[k];
        } else {
            sc = whole_code(w, s, depth + 1);
        }
        if (sc == 0)
            draw = true;
        else if ((sc - 1) % 2 == 0) /* the successor is lost: a win, the quickest */
            win = !win || sc + 1 < win ? sc + 1 : win;
        else /* won: a loss unless something better, the slowest */
            loss = sc + 1 > loss ? sc + 1 : loss;
    }
    int code = win ? win : draw ? 0 : n ? loss : 1;
    CHECK(code < 255, "DTM code %d", code);
    return *m = (uint8_t)code;
}

static void whole_init(struct whole *w, const struct game *g, const struct symmap *sm,
                       bool placement_raw)
{
    memset(w, 0, sizeof *w);
    w->g = g;
    brute_enumerate(&w->mv, g, placement_raw);
    brute_solve(&w->mv, g);
    for (int k = 0; k <= g->side_men[0]; k++)
        ck_assert_int_eq(pair_index_init(&w->ix[k], g->board, sm, g->side_men[1], k, 0), 0);
    for (int h = 1; h <= g->side_men[0]; h++)
        for (int c = 0; c < g->capture_goal && c <= g->side_men[0] - h; c++)
            for (int side = 0; side < 2; side++) {
                uint64_t n = w->ix[g->side_men[0] - h - c].size;
                ck_assert_ptr_nonnull(w->memo[h][c][side] = malloc(n + 1));
                memset(w->memo[h][c][side], 255, n + 1);
            }
    for (int d = 0; d < 64; d++) movelist_init(&w->ml[d]);
}

static void whole_free(struct whole *w)
{
    for (int d = 0; d < 64; d++) movelist_free(&w->ml[d]);
    for (int h = 0; h <= BOARD_MAX_POINTS; h++)
        for (int c = 0; c < 8; c++)
            for (int side = 0; side < 2; side++) free(w->memo[h][c][side]);
    for (int k = 0; k <= w->g->side_men[0]; k++) pair_index_free(&w->ix[k]);
    free(w->mv.pos);
    free(w->mv.code);
}

/* The DTM codes of a goats-to-move placement layer (inhand goats in hand, captured), whose
 * DTM the solve does not store: each position's is the fold of its placements', all in the
 * tigers-to-move layer below (below_ix; below, its DTM codes, a byte each), by the
 * placement's own pass (bc_place.h). codes holds the layer's WDL values as codes on entry
 * and its DTM codes on return. 0, or -1 with err. */
static int goats_dtm(const struct game *g, int inhand, int captured, const struct pair_index *ix,
                     const struct pair_index *below_ix, const uint8_t *below, uint16_t *codes,
                     char *err, size_t errlen)
{
    uint64_t n = ix->size;
    struct bc_place_layer L = {.placed = g->side_men[0] - inhand, .captured = captured, .ix = ix};
    /* the layer below as the DTM pass holds it: the movement phase's tigers at placed 20 */
    struct bc_place_layer next = {
        .placed = g->side_men[0] - inhand + 1, .captured = captured, .side = 1, .ix = below_ix};
    next.dtm = (uint8_t *)below; /* only read */
    if (wdl_alloc(&L.val, n) || !(L.dtm = malloc(n + 1))) {
        wdl_free(&L.val);
        return snprintf(err, errlen, "out of memory"), -1;
    }
#pragma omp parallel for schedule(static, 65536)
    for (uint64_t i = 0; i < n; i++) wdl_set(&L.val, i, wdl_of_code(codes[i]));
    uint64_t wrong = bc_place_solve_dtm(g, &L, &next, NULL, NULL, NULL);
    if (!wrong)
        for (uint64_t i = 0; i < n; i++) codes[i] = L.dtm[i];
    wdl_free(&L.val);
    free(L.dtm);
    if (wrong)
        return snprintf(err, errlen, "layer h%d-c%d-g: %llu positions disagree", inhand, captured,
                        (unsigned long long)wrong),
               -1;
    return 0;
}

/* Every position's value and DTM in the driver's tables against the brute forces: the
 * movement phase's raw positions, every class of every placement layer. Returns how many
 * placement classes were checked. */
static uint64_t check_tables(struct whole *w, struct mem_store *m)
{
    const struct game *g = w->g;
    const uint16_t *mw[8], *md[8];
    for (int c = 0; c < g->capture_goal; c++) {
        uint64_t n = 2 * w->ix[g->side_men[0] - c].size;
        mw[c] = mem_entries(m, TB_WDL, 0, c, -1, n);
        md[c] = mem_entries(m, TB_DTM, 0, c, -1, n);
    }
    for (int i = 0; i < w->mv.n; i++) {
        const struct position *p = &w->mv.pos[i];
        if (p->inhand) continue;
        int goats = bits_count(p->men[0]), c = g->side_men[0] - goats;
        uint64_t q = 2 * pair_index_rank(&w->ix[goats], p->men[1], p->men[0]) + (uint64_t)p->side;
        if (md[c][q] != w->mv.code[i] || mw[c][q] != wdl_of_code(w->mv.code[i])) {
            char fen[64];
            g->ops->format(g, p, fen, sizeof fen);
            ck_abort_msg("%s: DTM table %d, WDL table %d, brute force %d", fen, md[c][q], mw[c][q],
                         w->mv.code[i]);
        }
    }
    uint64_t checked = 0;
    char err[400];
    for (int h = 1; h <= g->side_men[0]; h++)
        for (int c = 0; c < g->capture_goal && c <= g->side_men[0] - h; c++)
            for (int side = 0; side < 2 - (h == g->side_men[0]); side++) {
                const struct pair_index *ix = &w->ix[g->side_men[0] - h - c];
                const uint16_t *wdl = mem_entries(m, TB_WDL, h, c, side, ix->size), *dtm;
                uint16_t *derived = NULL;
                if (side == 1) {
                    dtm = mem_entries(m, TB_DTM, h, c, side, ix->size);
                } else {
                    /* no goats' DTM table: their DTM from the tigers' layer below, as
                     * probes and stats compute it */
                    CHECK(!mem_find(m, &(struct store_table){TB_DTM, TEST_KEY(h, c, 0), 0, 0}),
                          "a goats' placement DTM table was saved");
                    const struct pair_index *below = &w->ix[g->side_men[0] - h - c + 1];
                    uint8_t *b = malloc(below->size + 1);
                    derived = malloc((ix->size + 1) * sizeof *derived);
                    ck_assert_ptr_nonnull(b);
                    ck_assert_ptr_nonnull(derived);
                    /* the movement phase's table holds both sides, the tigers' entries odd */
                    const uint16_t *t =
                        h > 1 ? mem_entries(m, TB_DTM, h - 1, c, 1, below->size) : md[c] + 1;
                    for (uint64_t r = 0; r < below->size; r++) b[r] = (uint8_t)t[h > 1 ? r : 2 * r];
                    for (uint64_t r = 0; r < ix->size; r++) derived[r] = code_of_wdl(wdl[r]);
                    ck_assert_msg(goats_dtm(g, h, c, ix, below, b, derived, err, sizeof err) == 0,
                                  "%s", err);
                    free(b);
                    dtm = derived;
                }
                for (uint64_t r = 0; r < ix->size; r++) {
                    struct position p = {.side = side, .inhand = h};
                    pair_index_unrank(ix, r, &p.men[1], &p.men[0]);
                    int want = whole_code(w, &p, 0);
                    if (dtm[r] != want || wdl[r] != wdl_of_code(want)) {
                        char fen[64];
                        g->ops->format(g, &p, fen, sizeof fen);
                        ck_abort_msg("%s: DTM table %d, WDL table %d, brute force %d", fen, dtm[r],
                                     wdl[r], want);
                    }
                    checked++;
                }
                free(derived);
            }
    return checked;
}

/* The whole game's driver (movement, placement, placement DTM) with its tables in memory,
 * every position against the brute force; then resuming: a second run solves nothing, and
 * tables lost or damaged are made again as they were; a WDL table that lies is caught by
 * the DTM pass. */
static void whole_game_driver(const char *board, const char *rules)
{
    struct game g = setup("baghchal", rules, board);
    struct symmap *sm = symmap_for(g.board);
    struct mem_store *m = calloc(1, sizeof *m);
    ck_assert_ptr_nonnull(m);
    struct solve_seen seen;
    struct solve_hooks h = mem_hooks(m, &seen);
    const struct solve_options all = {.acyclic_dtm = true};
    char err[400];
    ck_assert_msg(solve_game(&g, &all, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(seen.layers[SOLVE_CYCLIC], g.capture_goal);
    ck_assert_int_eq(seen.layers[SOLVE_ACYCLIC], seen.layers[SOLVE_ACYCLIC_DTM]);
    ck_assert_int_eq(seen.resumed + seen.skipped + m->notices, 0);
    /* every table but the goats' placement DTM: one goats' layer a (in hand, captured) */
    int goats_layers = 0;
    for (int in = 1; in <= g.side_men[0]; in++)
        for (int c = 0; c < g.capture_goal && c <= g.side_men[0] - in; c++) goats_layers++;
    ck_assert_int_eq(m->saves, 2 * (g.capture_goal + seen.layers[SOLVE_ACYCLIC]) - goats_layers);

    struct whole *w = malloc(sizeof *w);
    ck_assert_ptr_nonnull(w);
    /* on 3x3 the fixpoint covers the placement too: the class recursion must agree */
    bool small = !strcmp(board, "3x3");
    whole_init(w, &g, sm, small);
    uint64_t checked = check_tables(w, m);
    /* a layer for each number captured short of the goal, each of about as many classes */
    ck_assert_uint_gt(checked, (small ? 120 : 1700000) * (uint64_t)g.capture_goal);
    for (int i = 0; small && i < w->mv.n; i++) {
        struct position p = w->mv.pos[i];
        if (p.inhand) CHECK(whole_code(w, &p, 0) == w->mv.code[i], "the brute forces disagree");
    }
    /* the start: the goats lose on the small boards (guti solve says so too) with the
     * boards' own goals */
    struct position start = g.ops->start(&g);
    if (g.capture_goal == g.capture_goal_default)
        ck_assert_int_eq((whole_code(w, &start, 0) - 1) % 2, 0);

    /* a run over finished tables reads them back and saves nothing */
    struct mem_store *before = mem_copy(m);
    m->saves = 0;
    h = mem_hooks(m, &seen);
    ck_assert_msg(solve_game(&g, &all, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->saves, 0);
    ck_assert_int_eq(seen.resumed, g.capture_goal);
    ck_assert_int_eq(seen.skipped, 2);

    /* tables lost or damaged are made again, exactly */
    int cw = g.capture_goal, hmid = g.side_men[0] / 2;
    if (cw > 1)
        mem_remove(m, mem_find(m, &(struct store_table){TB_DTM, TEST_KEY(0, cw - 1, -1), 0, 0}));
    mem_find(m, &(struct store_table){TB_WDL, TEST_KEY(0, 0, -1), 0, 0})->damaged = true;
    mem_remove(m, mem_find(m, &(struct store_table){TB_WDL, TEST_KEY(hmid, 0, 1), 0, 0}));
    mem_find(m, &(struct store_table){TB_WDL, TEST_KEY(hmid + 1, 0, 0), 0, 0})->damaged = true;
    mem_remove(m, mem_find(m, &(struct store_table){TB_DTM, TEST_KEY(1, 0, 1), 0, 0}));
    /* a tigers' DTM table that reads back damaged: its group's goats' layers, not stored,
     * are made then */
    mem_find(m, &(struct store_table){TB_DTM, TEST_KEY(hmid + 1, 0, 1), 0, 0})->damaged = true;
    h = mem_hooks(m, &seen);
    ck_assert_msg(solve_game(&g, &all, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->notices, 1); /* the damaged movement table, solved again */
    mem_same(before, m);
    ck_assert_uint_eq(check_tables(w, m), checked);
    /* a WDL table that says a won position is lost: the DTM pass stops */
    struct mem_table *wt = mem_find(m, &(struct store_table){TB_WDL, TEST_KEY(hmid, 0, 1), 0, 0});
    uint64_t i = 0;
    while (i < wt->t.npositions && wt->e[i] != WDL_WIN) i++;
    ck_assert_uint_lt(i, wt->t.npositions);
    wt->e[i] = WDL_LOSS;
    mem_remove(m, mem_find(m, &(struct store_table){TB_DTM, TEST_KEY(hmid, 0, 1), 0, 0}));
    const struct solve_options dtm = {.acyclic_only = true, .acyclic_dtm = true};
    ck_assert_int_eq(solve_game(&g, &dtm, &h, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "disagree with the WDL tables"), "%s", err);

    whole_free(w);
    free(w);
    mem_free(before);
    mem_free(m);
    free(sm);
}

START_TEST(whole_game_3x3)
{
    whole_game_driver("3x3", "standard");
    whole_game_driver("3x3", "goat-pass");
}
END_TEST

START_TEST(whole_game_4x4)
{
    whole_game_driver("4x4", "standard");
}
END_TEST

/* Other capture goals (rules "-kN", issue 17's question of how many goats the tigers can
 * force): the whole game against the brute force on 3x3 with 2 to 4 captures to win
 * (1 is the board's own), both rule sets, and on 4x4 with 1, 2 and 4 (3 is its own). */
static const struct {
    const char *board, *rules;
} goal_cases[] = {
    {"3x3", "standard-k2"},  {"3x3", "standard-k3"},  {"3x3", "standard-k4"},
    {"3x3", "goat-pass-k2"}, {"3x3", "goat-pass-k3"}, {"3x3", "goat-pass-k4"},
    {"4x4", "standard-k1"},  {"4x4", "standard-k2"},  {"4x4", "standard-k4"},
};

START_TEST(capture_goals)
{
    whole_game_driver(goal_cases[_i].board, goal_cases[_i].rules);
}
END_TEST

/* ---- The counting rule ------------------------------------------------------------- */

enum { LOSS = -1, DRAW = 0, WIN = 1 };

/* Every raw position with at most hmax goats in hand (0: the movement phase), and its
 * successors. */
struct states {
    int n;
    struct position *pos;
    int *first, *succ; /* successors of i: succ[first[i]..first[i+1]-1], -1 a finished game */
    bool *capture;     /* per successor: a zeroing move (a capture or a placement) */
};

static int cmp_pos(const void *x, const void *y)
{
    const struct position *a = x, *b = y;
    if (a->men[0] != b->men[0]) return a->men[0] < b->men[0] ? -1 : 1;
    if (a->men[1] != b->men[1]) return a->men[1] < b->men[1] ? -1 : 1;
    if (a->inhand != b->inhand) return a->inhand - b->inhand;
    return a->side - b->side;
}

static int find(const struct states *s, const struct position *p)
{
    struct position k = {.men = {p->men[0], p->men[1]}, .inhand = p->inhand, .side = p->side};
    struct position *f = bsearch(&k, s->pos, (size_t)s->n, sizeof k, cmp_pos);
    return f ? (int)(f - s->pos) : -1;
}

static void enumerate(struct states *s, const struct game *g, int hmax)
{
    int np = g->board->npoints, cap = 1 << 22;
    s->pos = malloc((size_t)cap * sizeof *s->pos);
    s->n = 0;
    for (bits_t T = 0; T < BIT(np); T++) {
        if (bits_count(T) != g->side_men[1]) continue;
        for (bits_t G = 0; G < BIT(np); G++) {
            if (G & T) continue;
            for (int h = 0; h <= hmax; h++) {
                int captured = g->side_men[0] - h - bits_count(G);
                if (captured < 0 || captured >= g->capture_goal) continue;
                /* before the first goat is placed, no tiger has moved */
                for (int side = 0; side < 2 - (h == g->side_men[0]); side++) {
                    CHECK(s->n < cap, "more than %d positions", cap);
                    s->pos[s->n++] = (struct position){.men = {G, T}, .inhand = h, .side = side};
                }
            }
        }
    }
    qsort(s->pos, (size_t)s->n, sizeof *s->pos, cmp_pos);
    struct movelist l;
    movelist_init(&l);
    int nsucc = 0, scap = 1 << 25;
    s->first = malloc((size_t)(s->n + 1) * sizeof *s->first);
    s->succ = malloc((size_t)scap * sizeof *s->succ);
    s->capture = malloc((size_t)scap * sizeof *s->capture);
    for (int i = 0; i < s->n; i++) {
        s->first[i] = nsucc;
        int n = g->ops->moves(g, &s->pos[i], &l);
        for (int j = 0; j < n; j++) {
            struct outcome o;
            CHECK(nsucc < scap, "more than %d moves", scap);
            s->capture[nsucc] = bits_count(l.succ[j].men[0]) < bits_count(s->pos[i].men[0]) ||
                                l.succ[j].inhand < s->pos[i].inhand;
            s->succ[nsucc] = g->ops->over(g, &l.succ[j], &o) ? -1 : find(s, &l.succ[j]);
            CHECK(s->succ[nsucc] >= 0 || o.reason != END_NONE, "a successor not enumerated");
            nsucc++;
        }
    }
    s->first[s->n] = nsucc;
    movelist_free(&l);
}

static void states_free(struct states *s)
{
    free(s->pos);
    free(s->first);
    free(s->succ);
    free(s->capture);
}

/* The brute force's values (clock_values): a capture leads to a position with one more
 * goat captured and a placement to one with one fewer in hand, so those come first. */
static signed char *brute_values(const struct states *s, const struct game *g, int L, int hmax)
{
    int *rank = malloc((size_t)s->n * sizeof *rank), cw = g->capture_goal;
    for (int i = 0; i < s->n; i++) {
        const struct position *p = &s->pos[i];
        rank[i] = p->inhand * cw + cw - 1 - (g->side_men[0] - p->inhand - bits_count(p->men[0]));
    }
    signed char *V = clock_values(s->n, s->first, s->succ, s->capture, rank, (hmax + 1) * cw, L);
    free(rank);
    return V;
}

/* The library's drivers: the movement phase's DTM (the values without the rule), then
 * its counting-rule pass, and with place the placement phase's values and counting-rule
 * pass; the movement tables' entries by goats captured, and every table in the store
 * returned (arrays_free it). */
static struct table_arrays *engine(const struct game *g, int L, bool place, struct symmap *sm,
                                   struct bc_layer *layers, retro_code **dtm, retro_code **dtc)
{
    struct table_arrays *m = calloc(1, sizeof *m);
    struct solve_hooks h = {.store = arrays_hooks(m)};
    char err[400];
    /* the movement phase and its counting rule, and with place the placement's */
    const struct solve_options whole = {.cyclic_only = !place, .dtc_limit = L},
                               movement = {.cyclic_only = true, .dtc_limit = L},
                               placement = {.acyclic_only = true, .dtc_limit = L};
    ck_assert_msg(solve_game(g, &whole, &h, err, sizeof err) == 0, "%s", err);
    symmap_init(sm, g->board);
    for (int c = g->capture_goal - 1; c >= 0; c--) {
        ck_assert_int_eq(bc_layer_init(&layers[c], g, sm, c), 0);
        uint64_t n = 2 * layers[c].ix.size;
        int kd = arrays_find(m, &(struct store_table){TB_DTM, TEST_KEY(0, c, -1), n, 0});
        int kc = arrays_find(m, &(struct store_table){TB_DTC, TEST_KEY(0, c, -1), n, L});
        ck_assert_int_ge(kd, 0);
        ck_assert_int_ge(kc, 0);
        dtm[c] = malloc(n * sizeof **dtm);
        dtc[c] = malloc(n * sizeof **dtc);
        memcpy(dtm[c], m->e[kd], n * sizeof **dtm);
        for (uint64_t i = 0; i < n; i++) dtc[c][i] = dtc_of_class(m->e[kc][i]);
    }
    /* made again, it reads every table back and changes none; nor when a placement
     * layer's DTC table is gone and made again from the tables around it */
    struct table_arrays before;
    arrays_copy(&before, m);
    ck_assert_msg(solve_game(g, &movement, &h, err, sizeof err) == 0, "%s", err);
    arrays_assert_same(&before, m);
    if (place) {
        int k = arrays_find(m, &(struct store_table){TB_DTC, TEST_KEY(1, 0, 1), 0, L});
        ck_assert_int_ge(k, 0);
        free(m->e[k]);
        m->t[k] = m->t[m->n - 1];
        m->e[k] = m->e[--m->n];
        ck_assert_msg(solve_game(g, &placement, &h, err, sizeof err) == 0, "%s", err);
        ck_assert_int_eq(m->n, before.n);
        for (int j = 0; j < before.n; j++) {
            int i = arrays_find(m, &before.t[j]);
            ck_assert_int_ge(i, 0);
            ck_assert(!memcmp(m->e[i], before.e[j], before.t[j].npositions * sizeof *m->e[i]));
        }
    }
    arrays_free(&before);
    return m;
}

/* A placement position's entries from the store: its value without the rule as a code
 * (win in 1, loss in 0, draw) and its DTC code. */
static void placement_entries(const struct game *g, const struct table_arrays *m,
                              const struct symmap *sm, struct pair_index *ix, bool *ix_made,
                              const struct position *p, int L, retro_code *S, retro_code *e)
{
    int goats = bits_count(p->men[0]), c = g->side_men[0] - p->inhand - goats;
    if (!ix_made[goats]) {
        ck_assert_int_eq(pair_index_init(&ix[goats], g->board, sm, g->side_men[1], goats, 0), 0);
        ix_made[goats] = true;
    }
    uint64_t i = pair_index_rank(&ix[goats], p->men[1], p->men[0]);
    int kw = arrays_find(m, &(struct store_table){TB_WDL, TEST_KEY(p->inhand, c, p->side), 0, 0});
    int kc = arrays_find(m, &(struct store_table){TB_DTC, TEST_KEY(p->inhand, c, p->side), 0, L});
    CHECK(kw >= 0 && kc >= 0, "no table for h%d c%d side %d", p->inhand, c, p->side);
    *S = code_of_wdl(m->e[kw][i]);
    *e = dtc_of_class(m->e[kc][i]);
    /* the class stored is the one the two make */
    CHECK(m->e[kc][i] == class_code(*S, *e), "h%d c%d: class %d, from its parts %d", p->inhand, c,
          m->e[kc][i], class_code(*S, *e));
}

/* want_classes: bit k, class k must occur among the movement positions (win, cursed win,
 * draw, blessed loss, loss); want_place: the same among the placement positions, those
 * with at most hmax goats in hand (0: only the movement phase is checked). */
static void check_dtc(const char *board, const char *rules, int L, int hmax, unsigned want_classes,
                      unsigned want_place)
{
    struct game g = setup("baghchal", rules, board);
    struct states s;
    enumerate(&s, &g, hmax);
    signed char *V = brute_values(&s, &g, L, hmax);
    struct bc_layer layers[8];
    retro_code *dtm[8], *dtc[8];
    struct symmap *sm = malloc(sizeof *sm);
    struct table_arrays *m = engine(&g, L, hmax > 0, sm, layers, dtm, dtc);
    struct pair_index ix[BOARD_MAX_POINTS + 1];
    bool ix_made[BOARD_MAX_POINTS + 1] = {false};
    /* Each layer's DTC codes re-derive from their successors' (retro_verify's counting-rule
     * check, as guti verify --full runs it), and one changed entry does not. */
    for (int c = g.capture_goal - 1; c >= 0; c--) {
        bool above = c + 1 < g.capture_goal;
        layers[c].next = above ? &layers[c + 1] : NULL;
        if (above) {
            uint64_t n = 2 * layers[c + 1].ix.size;
            layers[c + 1].res = malloc(n * sizeof *layers[c + 1].res);
            for (uint64_t i = 0; i < n; i++)
                layers[c + 1].res[i] = !dtc[c + 1][i] ? 0 : dtc_win(dtc[c + 1][i]) ? 2 : 1;
        }
        struct retro_layer R = bc_layer_retro(&layers[c]);
        R.dtc_limit = L;
        uint64_t bad[2];
        int nbad;
        CHECK(retro_verify(&R, dtc[c], 0, bad, 2, &nbad) == 0, "%s %s L=%d c%d: verify", board,
              rules, L, c);
        /* the compact engine makes the same codes */
        retro_code *again = malloc(R.size * sizeof *again);
        struct retro_stats st;
        R.compact = true;
        CHECK(retro_solve(&R, again, &st) == 0 && !memcmp(again, dtc[c], R.size * sizeof *again),
              "%s %s L=%d c%d: the compact engine differs", board, rules, L, c);
        R.compact = false;
        free(again);
        uint64_t k = R.size / 2;
        retro_code keep = dtc[c][k];
        dtc[c][k] = keep ? (retro_code)(keep + 2) : dtc_code(1, true);
        CHECK(retro_verify(&R, dtc[c], 0, bad, 2, &nbad) > 0,
              "%s %s L=%d c%d: a changed entry passed", board, rules, L, c);
        dtc[c][k] = keep;
        if (above) {
            free(layers[c + 1].res);
            layers[c + 1].res = NULL;
        }
        layers[c].next = NULL;
    }
    uint64_t classes[2][5] = {{0}}; /* movement, placement: win, cursed win, draw, blessed, loss */
    for (int i = 0; i < s.n; i++) {
        const struct position *p = &s.pos[i];
        retro_code e, S;
        if (p->inhand) {
            placement_entries(&g, m, sm, ix, ix_made, p, L, &S, &e);
        } else {
            int c = g.side_men[0] - bits_count(p->men[0]);
            uint64_t q = bc_layer_position_index(&layers[c], p->men[1], p->men[0], p->side);
            e = dtc[c][q];
            S = dtm[c][q];
        }
        const signed char *v = &V[(size_t)i * (size_t)L];
        char fen[64];
        g.ops->format(&g, p, fen, sizeof fen);
        /* V is monotone in the clock: decisive up to some clock, then drawn */
        int last = -1;
        for (int k = 0; k < L; k++)
            if (v[k] != DRAW) {
                CHECK(k == last + 1 && v[k] == v[0], "%s %s L=%d %s: V not monotone at clock %d",
                      board, rules, L, fen, k);
                last = k;
            }
        if (v[0] == DRAW) {
            CHECK(e == 0, "%s %s L=%d %s: engine DTC code %d, brute force draw", board, rules, L,
                  fen, e);
        } else {
            CHECK(e && dtc_win(e) == (v[0] == WIN), "%s %s L=%d %s: engine %d, brute force %s",
                  board, rules, L, fen, e, v[0] == WIN ? "win" : "loss");
            /* decisive exactly when DTC + c <= L, c < L: at least L - last; and a position
             * with a move is at least one half-move from the end, one without is at it */
            int want = s.first[i] == s.first[i + 1] ? 0 : L - last;
            CHECK(dtc_of(e) == want, "%s %s L=%d %s: engine DTC %d, brute force %d", board, rules,
                  L, fen, dtc_of(e), want);
        }
        /* a win under the rule is a win without it, and so for losses */
        CHECK(!e || (dtc_win(e) ? code_win(S) : code_loss(S)), "%s %s L=%d %s: DTC %d, DTM code %d",
              board, rules, L, fen, e, S);
        int k = e ? (dtc_win(e) ? 0 : 4) : S == RETRO_DRAW ? 2 : code_win(S) ? 1 : 3;
        classes[p->inhand > 0][k]++;
    }
    /* the classes that must occur */
    for (int k = 0; k < 5; k++) {
        CHECK(!(want_classes >> k & 1) || classes[0][k] > 0,
              "%s %s L=%d: no movement position of class %d", board, rules, L, k);
        CHECK(!(want_place >> k & 1) || classes[1][k] > 0,
              "%s %s L=%d: no placement position of class %d", board, rules, L, k);
    }
    for (int c = 0; c < g.capture_goal; c++) {
        free(dtm[c]);
        free(dtc[c]);
        bc_layer_free(&layers[c]);
    }
    for (int k = 0; k <= BOARD_MAX_POINTS; k++)
        if (ix_made[k]) pair_index_free(&ix[k]);
    arrays_free(m);
    free(m);
    free(V);
    free(sm);
    states_free(&s);
}

START_TEST(dtc_against_brute_force)
{
    /* 4x4: the movement phase and the last placement (one goat in hand); 3x3: the whole
     * game (its movement phase has no draw) */
    static const struct {
        const char *board, *rules;
        int limit, hmax;
        unsigned classes, place; /* bit k: class k must occur (win, cursed win, draw, blessed,
                                    loss) in the movement phase, in the placement */
    } cases[] = {
        {"4x4", "standard", 6, 1, 0x1f, 0x1f},  {"4x4", "standard", 10, 1, 0x1f, 0x1f},
        {"4x4", "goat-pass", 6, 1, 0x1f, 0x1f}, {"4x4", "goat-pass", 10, 1, 0x1f, 0x1f},
        {"3x3", "standard", 2, 4, 0x1b, 0x00},  {"3x3", "goat-pass", 2, 4, 0x1b, 0x00},
        {"3x3", "standard", 1, 4, 0x1b, 0x00},  {"4x4", "standard", 1, 1, 0x00, 0x00},
    };
    check_dtc(cases[_i].board, cases[_i].rules, cases[_i].limit, cases[_i].hmax, cases[_i].classes,
              cases[_i].place);
}
END_TEST

/* With a limit above every DTM, the rule changes nothing: every decided position is
 * decided under the rule, as the values without it say, and every draw stays one. */
START_TEST(dtc_large_limit_is_the_plain_value)
{
    const char *rules = _i ? "goat-pass" : "standard";
    struct game g = setup("baghchal", rules, "4x4");
    struct bc_layer layers[8];
    retro_code *dtm[8], *dtc[8];
    struct symmap *sm = malloc(sizeof *sm);
    struct table_arrays *m = engine(&g, 1000, false, sm, layers, dtm, dtc);
    arrays_free(m);
    free(m);
    uint64_t decided = 0;
    for (int c = 0; c < g.capture_goal; c++) {
        for (uint64_t i = 0; i < 2 * layers[c].ix.size; i++) {
            retro_code S = dtm[c][i], e = dtc[c][i];
            CHECK((S == RETRO_DRAW) == (e == 0), "4x4 %s c%d position %llu: DTM code %d, DTC %d",
                  rules, c, (unsigned long long)i, S, e);
            CHECK(!e || dtc_win(e) == code_win(S), "4x4 %s: a win and a loss", rules);
            /* the next zeroing move or the end comes no later than the end */
            CHECK(!e || dtc_of(e) <= code_dtm(S), "4x4 %s: DTC %d beyond DTM %d", rules, dtc_of(e),
                  code_dtm(S));
            decided += e != 0;
        }
        free(dtm[c]);
        free(dtc[c]);
        bc_layer_free(&layers[c]);
    }
    free(sm);
    ck_assert_uint_gt(decided, 0);
}
END_TEST

Suite *bc_tables_suite(void)
{
    Suite *s = suite_create("bc_tables");
    TCase *tc = tcase_create("whole game");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, whole_game_3x3);
    tcase_add_test(tc, whole_game_4x4);
    suite_add_tcase(s, tc);
    TCase *goals = tcase_create("capture goals");
    tcase_set_timeout(goals, 120);
    tcase_add_loop_test(goals, capture_goals, 0, (int)(sizeof goal_cases / sizeof goal_cases[0]));
    suite_add_tcase(s, goals);
    TCase *dtc = tcase_create("dtc");
    tcase_set_timeout(dtc, 120);
    tcase_add_loop_test(dtc, dtc_against_brute_force, 0, 8);
    tcase_add_loop_test(dtc, dtc_large_limit_is_the_plain_value, 0, 2);
    suite_add_tcase(s, dtc);
    return s;
}
