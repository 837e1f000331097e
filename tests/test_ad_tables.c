/* Adugo's layers for tables (solver/games/adugo/ad_tables.c) through the game's hooks, and
 * its solve by the passes every game's are (solve.h), held to counts and values made plainly
 * here and in tests/ad_brute.c:
 *   - the classes of each layer and side by Burnside's lemma written from the board (the
 *     mirror fixes column c), against the layers' sizes, the library's pair_class_count,
 *     the game's need and its rows' weights;
 *   - ranks: a position and its mirror have one number, unrank gives back one of the two,
 *     and every number below the size is some position's;
 *   - the small variants (the jaguar against 1 to 4 dogs, every capture goal, both rule
 *     sets) solved with DTM into memory, every raw state's value and DTM against the
 *     fixed-point iteration over every raw state; the start's value;
 *   - the counting rule (--dtc --limit L) on small variants, against the brute force over
 *     (state, clock) the Sixteen Soldiers tests use (tests/table_arrays.c's clock_values). */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "index.h"
#include "solve.h"
#include "values.h"

enum { LOSS = -1, DRAW = 0, WIN = 1 };

static uint64_t choose(int n, int k)
{
    if (k < 0 || k > n) return 0;
    uint64_t c = 1;
    for (int i = 1; i <= k; i++) c = c * (uint64_t)(n - k + i) / (uint64_t)i;
    return c;
}

/* Positions (jaguar, d dogs) one side to move, without symmetry. */
static uint64_t raw_positions(int d)
{
    return 31 * choose(30, d);
}

/* Those the mirror fixes: the jaguar on column c (7 points), the dogs on the other 6 points
 * of column c and on whole pairs of the 24 points off it. */
static uint64_t mirror_fixed(int d)
{
    uint64_t f = 0;
    for (int pairs = 0; 2 * pairs <= d; pairs++) f += choose(12, pairs) * choose(6, d - 2 * pairs);
    return 7 * f;
}

/* Burnside's lemma: the classes are the mean of the positions each symmetry fixes. */
static uint64_t classes(int d)
{
    uint64_t sum = raw_positions(d) + mirror_fixed(d);
    ck_assert_uint_eq(sum % 2, 0);
    return sum / 2;
}

static const char *fen_of(const struct game *g, const struct position *p)
{
    static char buf[2][128];
    static int turn;
    turn = !turn;
    g->ops->format(g, p, buf[turn], sizeof buf[turn]);
    return buf[turn];
}

static struct game setup_variant(const char *rules, int dogs, int goal)
{
    char name[64];
    snprintf(name, sizeof name, "%s-d%d-k%d", rules, dogs, goal);
    return setup("adugo", name, NULL);
}

/* The layer of d dogs: the one layer_of gives a position with d dogs. */
static struct layer_key layer_with(const struct game *g, int d)
{
    struct position p = {.men = {BIT(AD_POINTS - 1), (BIT(d) - 1)}, .side = 0};
    return g->ops->layers->layer_of(g, &p);
}

static uint64_t layer_size(const struct game *g, void *ix, const struct layer_key *k)
{
    uint64_t n;
    char err[200];
    ck_assert_msg(g->ops->layers->size(g, ix, k, &n, err, sizeof err) == 0, "%s", err);
    return n;
}

/* ---- Sizes ------------------------------------------------------------------------- */

/* The figures of the lemma for each number of dogs, against the library's count, the
 * layers' sizes (both sides to move, one table) up to `indexed` dogs, and the game's need
 * for the whole game's five layers (their indexes are not built here). */
START_TEST(sizes_by_burnside)
{
    /* one of them by hand: 1 dog, 31 * 30 = 930 positions, 7 * 6 = 42 fixed, 486 classes */
    ck_assert_uint_eq(classes(1), 486);
    struct game g = setup("adugo", NULL, NULL);
    const struct game_layers *gl = g.ops->layers;
    for (int d = 1; d <= 14; d++)
        ck_assert_msg(pair_class_count(g.board, 1, d) == classes(d), "%d dogs: %llu, want %llu", d,
                      (unsigned long long)pair_class_count(g.board, 1, d),
                      (unsigned long long)classes(d));
    /* the whole game's layers: 14 dogs down to 10 */
    struct layer_entry e[16];
    int n = gl->list(&g, e, 16);
    ck_assert_int_eq(n, 5);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(e[i].kind, LAYER_CYCLIC);
        struct layer_key k = layer_with(&g, 10 + i);
        ck_assert_msg(!memcmp(&e[i].k, &k, sizeof k), "layer %d is not of %d dogs", i, 10 + i);
        char name[32];
        gl->name(&g, &k, name, sizeof name);
        char want[32];
        snprintf(want, sizeof want, "d%d", 10 + i);
        ck_assert_str_eq(name, want);
        if (gl->need) {
            struct layer_need need;
            gl->need(&g, &k, &need);
            ck_assert_uint_eq(need.positions, 2 * classes(10 + i));
        }
    }
    /* the small layers' sizes, their indexes built */
    void *ix = gl->index_new(&g, 0);
    ck_assert_ptr_nonnull(ix);
    enum { INDEXED = 8 };
    for (int d = 1; d <= INDEXED; d++) {
        struct game v = setup_variant("optional", d, 1);
        struct layer_key k = layer_with(&v, d);
        ck_assert_msg(layer_size(&v, ix, &k) == 2 * classes(d), "%d dogs: size %llu, want %llu", d,
                      (unsigned long long)layer_size(&v, ix, &k),
                      (unsigned long long)(2 * classes(d)));
    }
    gl->index_free(ix);
}
END_TEST

/* The statistics' rows of a small layer: one per side, as many positions as classes, whose
 * weights add up to the raw positions, those of weight 1 the mirror's fixed ones. */
START_TEST(rows_weigh_the_classes)
{
    for (int d = 1; d <= 5; d++) {
        struct game g = setup_variant("forced", d, d);
        const struct game_layers *gl = g.ops->layers;
        void *ix = gl->index_new(&g, 0);
        struct layer_key k = layer_with(&g, d);
        struct layer_row rows[4];
        char err[200];
        int n = gl->rows(&g, ix, &k, rows, 4, err, sizeof err);
        ck_assert_msg(n == 2, "%d dogs: %d rows (%s)", d, n, err);
        for (int r = 0; r < n; r++) {
            int side = rows[r].side; /* the jaguar's men first when it is to move */
            ck_assert_int_eq(rows[r].side, rows[1 - r].side ^ 1);
            ck_assert_int_eq(rows[r].men[0], side ? d : 1);
            ck_assert_int_eq(rows[r].men[1], side ? 1 : d);
            ck_assert_uint_eq(rows[r].count, classes(d));
            uint8_t *w = malloc(rows[r].count);
            ck_assert_int_eq(gl->weights(&g, ix, &k, r, w, err, sizeof err), 0);
            uint64_t sum = 0, ones = 0;
            for (uint64_t j = 0; j < rows[r].count; j++) {
                CHECK(w[j] == 1 || w[j] == 2, "weight %d", w[j]);
                sum += w[j];
                ones += w[j] == 1;
            }
            ck_assert_uint_eq(sum, raw_positions(d));
            ck_assert_uint_eq(ones, mirror_fixed(d));
            free(w);
        }
        gl->index_free(ix);
    }
}
END_TEST

/* ---- Ranks ------------------------------------------------------------------------- */

/* A position's number and its mirror's are one, below the size; the position numbered so is
 * one of the two, and ranks back to the number; hit marks it. */
static void check_rank(const struct game *g, void *ix, const struct layer_key *k, uint64_t size,
                       const struct ad_board *b, const struct position *p, uint8_t *hit)
{
    const struct game_layers *gl = g->ops->layers;
    struct position m = {.men = {ad_mirror(b, p->men[0]), ad_mirror(b, p->men[1])},
                         .side = p->side},
                    back;
    uint64_t i, im, ib, s;
    char err[200];
    CHECK(gl->rank(g, ix, k, p, true, &i, &s, err, sizeof err) == 0, "%s", err);
    CHECK(s == size && i < size, "rank %llu of %llu", (unsigned long long)i, (unsigned long long)s);
    CHECK(gl->rank(g, ix, k, &m, true, &im, &s, err, sizeof err) == 0, "%s", err);
    CHECK(im == i, "%s: numbered %llu, its mirror %llu", fen_of(g, p), (unsigned long long)i,
          (unsigned long long)im);
    CHECK(gl->unrank(g, ix, k, i, &back, err, sizeof err) == 0, "%s", err);
    CHECK(position_same(&back, p) || position_same(&back, &m), "%s: number %llu unranks to %s",
          fen_of(g, p), (unsigned long long)i, fen_of(g, &back));
    CHECK(gl->rank(g, ix, k, &back, false, &ib, &s, err, sizeof err) == 0 && ib == i,
          "unrank then rank");
    if (hit) hit[i] = 1;
}

/* The layer of d dogs: every raw position when there are at most `most` (then every number
 * below the size is some position's), else `most` random ones. */
static void check_ranks(int d, uint64_t most, uint64_t *seed)
{
    struct game g = setup_variant("optional", d, 1);
    const struct game_layers *gl = g.ops->layers;
    struct ad_board b;
    ad_board_init(&b, g.board);
    void *ix = gl->index_new(&g, 0);
    ck_assert_ptr_nonnull(ix);
    struct layer_key k = layer_with(&g, d);
    uint64_t size = layer_size(&g, ix, &k);
    ck_assert_uint_eq(size, 2 * classes(d)); /* both sides to move, one table */
    if (2 * raw_positions(d) <= most) {
        uint8_t *hit = calloc(size, 1);
        for (bits_t dogs = BIT(d) - 1; dogs < BIT(AD_POINTS); dogs = bits_next_combination(dogs))
            for (int j = 0; j < AD_POINTS; j++)
                for (int side = 0; side < 2 && !(dogs & BIT(j)); side++)
                    check_rank(&g, ix, &k, size, &b,
                               &(struct position){.men = {BIT(j), dogs}, .side = side}, hit);
        for (uint64_t i = 0; i < size; i++)
            CHECK(hit[i], "%d dogs: number %llu is no position's", d, (unsigned long long)i);
        free(hit);
    } else {
        for (uint64_t t = 0; t < most; t++) {
            struct position p = {.side = (int)(splitmix(seed) % 2)};
            p.men[0] = BIT(splitmix(seed) % AD_POINTS);
            while (bits_count(p.men[1]) < d)
                p.men[1] |= BIT(splitmix(seed) % AD_POINTS) & ~p.men[0];
            check_rank(&g, ix, &k, size, &b, &p, NULL);
        }
    }
    gl->index_free(ix);
}

START_TEST(ranks_and_the_mirror)
{
    uint64_t seed = 11;
    for (int d = 1; d <= 14; d++) check_ranks(d, d <= 3 ? 1000000 : 20000, &seed);
}
END_TEST

/* ---- The solve against the brute force --------------------------------------------- */

/* The driver's DTM and WDL tables of a game, in memory: those of the layer of d dogs. */
struct solved {
    struct table_arrays m;
    const uint16_t *dtm[AD_POINTS], *wdl[AD_POINTS];
    uint64_t size[AD_POINTS];
    struct layer_key key[AD_POINTS];
};

static void solve_variant(const struct game *g, int limit, struct solved *s, int least, int most)
{
    memset(s, 0, sizeof *s);
    struct solve_hooks h = {.store = arrays_hooks(&s->m)};
    char err[400];
    ck_assert_msg(solve_game(g, &(struct solve_options){0}, &h, err, sizeof err) == 0, "%s", err);
    if (limit)
        ck_assert_msg(
            solve_game(g, &(struct solve_options){.dtc_limit = limit}, &h, err, sizeof err) == 0,
            "%s", err);
    void *ix = g->ops->layers->index_new(g, 0);
    /* the layers of least to most dogs, and no other */
    ck_assert_int_eq(g->ops->layers->list(g, NULL, 0), most - least + 1);
    for (int d = least; d <= most; d++) {
        s->key[d] = layer_with(g, d);
        s->size[d] = layer_size(g, ix, &s->key[d]);
        int kd = arrays_find(&s->m, &(struct store_table){TB_DTM, s->key[d], s->size[d], 0});
        int kw = arrays_find(&s->m, &(struct store_table){TB_WDL, s->key[d], s->size[d], 0});
        ck_assert_msg(kd >= 0 && kw >= 0, "no table of %d dogs", d);
        ck_assert_uint_eq(s->m.t[kd].npositions, s->size[d]);
        s->dtm[d] = s->m.e[kd];
        s->wdl[d] = s->m.e[kw];
    }
    g->ops->layers->index_free(ix);
}

/* Every state of the brute force with at most `dogs` dogs against the tables of the game of
 * that many dogs: its value and DTM; every entry of every table met. */
static void check_variant(const char *rules, int dogs, int goal, const struct ad_space *sp)
{
    struct game g = setup_variant(rules, dogs, goal);
    const struct game_layers *gl = g.ops->layers;
    struct solved *s = malloc(sizeof *s);
    int least = dogs - goal + 1;
    solve_variant(&g, 0, s, least, dogs);
    void *ix = gl->index_new(&g, 0);
    uint8_t *met[AD_POINTS] = {0};
    for (int d = least; d <= dogs; d++) met[d] = calloc(s->size[d], 1);
    char err[200];
    for (int i = 0; i < sp->n; i++) {
        if (!sp->valid[i]) continue;
        struct position p = ad_state_position(sp, i);
        int d = bits_count(p.men[1]);
        if (d > dogs) continue;
        uint64_t r, size;
        CHECK(gl->rank(&g, ix, &s->key[d], &p, true, &r, &size, err, sizeof err) == 0, "%s", err);
        retro_code want = sp->code[i];
        CHECK(s->dtm[d][r] == want && s->wdl[d][r] == wdl_of_code(want),
              "%s-d%d-k%d %s: DTM table %d, WDL table %d, brute force %d", rules, dogs, goal,
              fen_of(&g, &p), s->dtm[d][r], s->wdl[d][r], want);
        met[d][r] = 1;
    }
    for (int d = least; d <= dogs; d++) {
        for (uint64_t r = 0; r < s->size[d]; r++)
            CHECK(met[d][r], "%s-d%d-k%d: entry %llu of %d dogs is no state's", rules, dogs, goal,
                  (unsigned long long)r, d);
        free(met[d]);
    }
    /* the start's value, as the brute force has it */
    struct position start = g.ops->start(&g);
    uint64_t r, size;
    ck_assert_int_eq(gl->rank(&g, ix, &s->key[dogs], &start, true, &r, &size, err, sizeof err), 0);
    ck_assert_int_eq(s->dtm[dogs][r], sp->code[ad_state(sp, &start)]);
    gl->index_free(ix);
    arrays_free(&s->m);
    free(s);
}

/* The jaguar against 1 to MOST_DOGS dogs, every capture goal: the positions of a game of N
 * dogs and goal K are those of the brute force whose jaguar has won at N - K dogs, so one
 * brute force serves every game of that difference. */
enum { MOST_DOGS = 4 };

START_TEST(solve_against_brute_force)
{
    const char *rules = _i ? "forced" : "optional";
    struct game g = setup("adugo", rules, NULL);
    struct ad_board b;
    ad_board_init(&b, g.board);
    for (int won = 0; won < MOST_DOGS; won++) {
        struct ad_rules r = {.forced = _i, .dogs_won = won};
        struct ad_space sp;
        ad_space_init(&sp, &b, &r, MOST_DOGS);
        ad_space_solve(&sp);
        for (int dogs = won + 1; dogs <= MOST_DOGS; dogs++)
            check_variant(rules, dogs, dogs - won, &sp);
        ad_space_free(&sp);
    }
}
END_TEST

/* ---- The counting rule ------------------------------------------------------------- */

/* The DTC tables of a small variant at limit L against clock_values over every state: the
 * class at clock 0 and the DTC (decisive exactly when DTC + c <= L). */
static void check_dtc(const char *rules, int dogs, int goal, int L)
{
    struct game g = setup_variant(rules, dogs, goal);
    const struct game_layers *gl = g.ops->layers;
    struct ad_board b;
    ad_board_init(&b, g.board);
    struct ad_rules ar = {.forced = !strcmp(rules, "forced"), .dogs_won = dogs - goal};
    struct ad_space sp;
    ad_space_init(&sp, &b, &ar, dogs);
    ad_space_solve(&sp);
    int *rank = malloc((size_t)sp.n * sizeof *rank);
    for (int i = 0; i < sp.n; i++) rank[i] = bits_count(ad_state_position(&sp, i).men[1]);
    signed char *V = clock_values(sp.n, sp.first, sp.succ, sp.capture, rank, dogs + 1, L);
    struct solved *s = malloc(sizeof *s);
    int least = dogs - goal + 1;
    solve_variant(&g, L, s, least, dogs);
    const uint16_t *cls[AD_POINTS] = {0};
    for (int d = least; d <= dogs; d++) {
        int k = arrays_find(&s->m, &(struct store_table){TB_DTC, s->key[d], s->size[d], L});
        ck_assert_int_ge(k, 0);
        cls[d] = s->m.e[k];
    }
    void *ix = gl->index_new(&g, 0);
    uint64_t count[5] = {0}; /* win, cursed win, draw, blessed loss, loss */
    char err[200];
    for (int i = 0; i < sp.n; i++) {
        if (!sp.valid[i]) continue;
        struct position p = ad_state_position(&sp, i);
        int d = bits_count(p.men[1]);
        uint64_t r, size;
        CHECK(gl->rank(&g, ix, &s->key[d], &p, true, &r, &size, err, sizeof err) == 0, "%s", err);
        retro_code e = dtc_of_class(cls[d][r]), S = s->dtm[d][r];
        CHECK(S == sp.code[i], "DTM %d, brute force %d", S, sp.code[i]);
        const signed char *v = &V[(size_t)i * (size_t)L];
        int last = -1;
        for (int c = 0; c < L; c++)
            if (v[c] != DRAW) {
                CHECK(c == last + 1 && v[c] == v[0], "V not monotone at clock %d", c);
                last = c;
            }
        if (v[0] == DRAW) {
            CHECK(e == 0, "%s-d%d-k%d L=%d state %d: DTC code %d, brute force draw", rules, dogs,
                  goal, L, i, e);
        } else {
            CHECK(e && dtc_win(e) == (v[0] == WIN), "%s L=%d state %d: DTC code %d, brute force %s",
                  rules, L, i, e, v[0] == WIN ? "win" : "loss");
            int want = sp.first[i] == sp.first[i + 1] ? 0 : L - last;
            if (dtc_of(e) != want) {
                char vs[64];
                for (int c = 0; c < L; c++) vs[c] = (char)('1' + v[c]);
                vs[L] = 0;
                ck_abort_msg("%s L=%d %s: DTC %d, brute force %d (V %s, DTM code %d)", rules, L,
                             fen_of(&g, &p), dtc_of(e), want, vs, S);
            }
        }
        int k = e ? (dtc_win(e) ? 0 : 4) : S == RETRO_DRAW ? 2 : code_win(S) ? 1 : 3;
        static const uint16_t drawn[5] = {0, CLASS_CURSED_WIN, CLASS_DRAW, CLASS_BLESSED_LOSS, 0};
        CHECK(e || cls[d][r] == drawn[k], "class code %d, want %d", cls[d][r], drawn[k]);
        count[k]++;
    }
    /* the limit is short enough that the rule changes some values */
    ck_assert_uint_gt(count[1] + count[3], 0);
    gl->index_free(ix);
    arrays_free(&s->m);
    free(s);
    free(V);
    free(rank);
    ad_space_free(&sp);
}

START_TEST(counting_rule_against_brute_force)
{
    static const struct {
        const char *rules;
        int dogs, goal, limit;
    } cases[] = {
        {"optional", 3, 2, 6}, {"forced", 3, 2, 6}, {"forced", 3, 1, 4}, {"optional", 4, 1, 10}};
    check_dtc(cases[_i].rules, cases[_i].dogs, cases[_i].goal, cases[_i].limit);
}
END_TEST

Suite *ad_tables_suite(void)
{
    Suite *s = suite_create("ad_tables");
    TCase *tc = tcase_create("layers");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, sizes_by_burnside);
    tcase_add_test(tc, rows_weigh_the_classes);
    tcase_add_test(tc, ranks_and_the_mirror);
    tcase_add_loop_test(tc, solve_against_brute_force, 0, 2);
    tcase_add_loop_test(tc, counting_rule_against_brute_force, 0, 4);
    suite_add_tcase(s, tc);
    return s;
}
