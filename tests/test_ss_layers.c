/* Sixteen Soldiers' endgame layers: the class counts, index round trips and symmetric
 * images, expand and predecessors against each other, and every material up to 4 pieces
 * under both rules against a plain brute-force fixpoint over raw positions. */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "ss_layers.h"
#include "sixteen.h"

#define BRUTE_PIECES 4

/* An assertion for hot loops: Check's assertions record every pass (a write to its
 * pipe), which is slow by the million. */
#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) ck_abort_msg("failed: %s", #cond);                                            \
    } while (0)
#define EXPECT_EQ(a, b) EXPECT((a) == (b))
#define EXPECT_LT(a, b) EXPECT((a) < (b))

/* Every material up to max_pieces solved into a db, smallest first, each by the engine over
 * its layer (ss_layer_retro) with the smaller materials in the db: the one driver's order
 * (driver.h), written plainly. */
static struct ss_db *solved_db(const struct game *g, int max_pieces)
{
    struct ss_db *db = malloc(sizeof *db);
    ck_assert_ptr_nonnull(db);
    ck_assert_int_eq(ss_db_init(db, g), 0);
    int order[64][2];
    int n = ss_material_order(max_pieces, order, 64);
    for (int k = 0; k < n; k++) {
        struct ss_layer *l = malloc(sizeof *l);
        ck_assert_ptr_nonnull(l);
        ck_assert_int_eq(ss_layer_init(l, db, order[k][0], order[k][1]), 0);
        ck_assert_ptr_nonnull(l->res = malloc(l->size * sizeof *l->res));
        struct retro_layer R = ss_layer_retro(l);
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, l->res, &st), 0);
        struct retro_tally t = retro_tally(l->res, l->size);
        ck_assert_uint_eq(t.win + t.draw + t.loss, l->size);
        ss_db_add(db, l);
    }
    return db;
}

/* k random points of the board outside taken. */
static bits_t random_set(uint64_t *seed, int npoints, int k, bits_t taken)
{
    bits_t s = 0;
    while (k > 0) {
        int p = (int)(splitmix(seed) % (uint64_t)npoints);
        if ((s | taken) & BIT(p)) continue;
        s |= BIT(p);
        k--;
    }
    return s;
}

/* Every material up to 6 pieces: the class counts of the issue (classes per total number
 * of pieces N, summed over the materials (m, n), m + n = N, m, n >= 1: each side to move
 * counted); position numbers that round trip (all of them up to 4 pieces, random ones
 * above); on random positions, symmetric images (the side to move kept) that share their
 * number. */
START_TEST(indexes)
{
    static const uint64_t want[] = {0, 0, 356, 11908, 232794, 3277214, 36067560};
    struct game g = setup("sixteen", "optional", NULL);
    struct ss_db db;
    ck_assert_int_eq(ss_db_init(&db, &g), 0);
    ck_assert_int_eq(db.sm->nsyms, 4);
    uint64_t seed = 12345;
    for (int total = 2; total <= 6; total++) {
        uint64_t classes = 0, raw = 0;
        for (int m = total - 1; 2 * m >= total; m--) {
            struct ss_layer l;
            ck_assert_int_eq(ss_layer_init(&l, &db, m, total - m), 0);
            ck_assert_int_eq(l.nparts, m == total - m ? 1 : 2);
            classes += l.size;
            for (int p = 0; p < l.nparts; p++) {
                const struct pair_index *ix = &l.part[p].ix;
                ck_assert_uint_eq(ix->raw, binomial(37, ix->a) * binomial(37 - ix->a, ix->b));
                raw += ix->raw;
            }
            for (uint64_t i = 0; total <= BRUTE_PIECES && i < l.size; i++) {
                bits_t A, B;
                ss_layer_position(&l, i, &A, &B);
                EXPECT_EQ(bits_count(A), i < l.part[0].ix.size ? m : total - m);
                EXPECT_EQ(ss_layer_position_index(&l, A, B), i);
            }
            for (int k = 0; k < 2000; k++) {
                int a = k % 2 ? total - m : m;
                bits_t A = random_set(&seed, 37, a, 0), B = random_set(&seed, 37, total - a, A);
                uint64_t i = ss_layer_position_index(&l, A, B);
                EXPECT_LT(i, l.size);
                EXPECT(i >= l.part[a == m ? 0 : 1].offset);
                bits_t A1, B1;
                ss_layer_position(&l, i, &A1, &B1);
                EXPECT_EQ(bits_count(A1), a);
                EXPECT_EQ(bits_count(B1), total - a);
                EXPECT_EQ(ss_layer_position_index(&l, A1, B1), i);
                for (int s = 0; s < db.sm->nsyms; s++)
                    EXPECT_EQ(ss_layer_position_index(&l, symmap_apply(db.sm, s, A),
                                                      symmap_apply(db.sm, s, B)),
                              i);
                /* and from a position number */
                uint64_t j = splitmix(&seed) % l.size;
                ss_layer_position(&l, j, &A1, &B1);
                EXPECT_EQ(A1 & B1, 0);
                EXPECT_EQ(ss_layer_position_index(&l, A1, B1), j);
            }
            ss_layer_free(&l);
        }
        ck_assert_uint_eq(classes, want[total]);
        ck_assert_uint_gt(4 * classes, raw); /* a class stands for at most 4 positions */
    }
    ss_db_free(&db);
}
END_TEST

/* In-layer moves, both ways. On every position: expand, count and exits agree, and the
 * successor and predecessor lists are distinct; the edges Q -> P found forward (P among
 * Q's successors) and backward (Q among P's predecessors) are one set (compared by their
 * number and two hash sums). On a sample, each edge is looked up the other way. */
static bool contains(const uint64_t *v, int n, uint64_t x)
{
    for (int k = 0; k < n; k++)
        if (v[k] == x) return true;
    return false;
}

static void check_distinct(const uint64_t *v, int n, uint64_t size)
{
    for (int k = 0; k < n; k++) {
        EXPECT_LT(v[k], size);
        EXPECT(!contains(v, k, v[k]));
    }
}

static uint64_t edge_hash(uint64_t q, uint64_t p)
{
    uint64_t s = q * 0x100000001B3ULL ^ p;
    return splitmix(&s);
}

static bool same_exits(const struct move_fold *x, const struct move_fold *y)
{
    return x->n == y->n && x->draw == y->draw && x->win == y->win && x->loss == y->loss;
}

/* The sampled part: every sample-th position, or sample positions at random when all is
 * false. */
static void check_moves(struct ss_layer *l, bool all, uint64_t sample, uint64_t *seed)
{
    struct retro_layer R = ss_layer_retro(l);
    uint64_t *a = malloc((size_t)R.max_moves * sizeof *a),
             *b = malloc((size_t)R.max_moves * sizeof *b);
    uint64_t n_forward = 0, n_back = 0, sum_forward = 0, sum_back = 0, x_forward = 0, x_back = 0;
    uint64_t total = all ? R.size : sample;
    for (uint64_t k = 0; k < total; k++) {
        uint64_t i = all ? k : splitmix(seed) % R.size;
        struct move_fold ex = {0}, ex2 = {0}, ex3 = {0};
        int ns = R.expand(R.ctx, i, a, &ex);
        check_distinct(a, ns, R.size);
        EXPECT_EQ(R.count(R.ctx, i, &ex2), ns);
        R.exits(R.ctx, i, &ex3);
        EXPECT(same_exits(&ex, &ex2) && same_exits(&ex, &ex3));
        for (int j = 0; j < ns; j++) {
            uint64_t h = edge_hash(i, a[j]);
            sum_forward += h;
            x_forward ^= h;
        }
        n_forward += (uint64_t)ns;
        bool looked = !all || k % sample == 0;
        for (int j = 0; j < ns && looked; j++) {
            int np = R.predecessors(R.ctx, a[j], b);
            if (!contains(b, np, i))
                ck_abort_msg("layer {%d,%d}: %llu -> %llu not found back", l->m, l->n,
                             (unsigned long long)i, (unsigned long long)a[j]);
        }
        int np = R.predecessors(R.ctx, i, a);
        check_distinct(a, np, R.size);
        for (int j = 0; j < np; j++) {
            uint64_t h = edge_hash(a[j], i);
            sum_back += h;
            x_back ^= h;
        }
        n_back += (uint64_t)np;
        for (int j = 0; j < np && looked; j++) {
            struct move_fold e = {0};
            int n2 = R.expand(R.ctx, a[j], b, &e);
            if (!contains(b, n2, i))
                ck_abort_msg("layer {%d,%d}: %llu <- %llu not a move", l->m, l->n,
                             (unsigned long long)i, (unsigned long long)a[j]);
        }
    }
    if (all) {
        ck_assert_uint_eq(n_forward, n_back);
        ck_assert_uint_eq(sum_forward, sum_back);
        ck_assert_uint_eq(x_forward, x_back);
    }
    ck_assert_uint_gt(n_forward, 0);
    free(a);
    free(b);
}

/* Every layer up to 4 pieces in full, samples of the 5-piece layers (whose exits read the
 * 4-piece layers; they need not be solved). */
static void moves_both_ways(struct ss_db *db)
{
    uint64_t seed = 99;
    for (int total = 2; total <= BRUTE_PIECES + 1; total++)
        for (int m = total - 1; 2 * m >= total; m--) {
            struct ss_layer l;
            ck_assert_int_eq(ss_layer_init(&l, db, m, total - m), 0);
            if (total <= BRUTE_PIECES)
                check_moves(&l, true, 37, &seed);
            else
                check_moves(&l, false, 3000, &seed);
            ss_layer_free(&l);
        }
}

/* The brute force: every raw position with at most BRUTE_PIECES pieces, at least one a
 * side, the side to move's pieces A and the other's B (as Red to move with men {A, B}),
 * valued by the rules engine's moves alone; DTM by passes: pass k decides the wins in k
 * (a successor lost in k - 1) and the losses in k (every successor won, the longest in
 * k - 1). A move that ends the game reaches a position lost in 0. Positions live in
 * slots: material (a, b) at off[a][b], then colex rank of A times C(37, b) plus colex
 * rank of B, over all 37 points (slots with A and B overlapping are unused). */
struct brute {
    uint64_t bin[38][BRUTE_PIECES + 1];
    int off[BRUTE_PIECES + 1][BRUTE_PIECES + 1];
    int size;
    int16_t *code; /* -1 unused slot, 0 undecided (a draw at the end), else DTM + 1 */
};

static int brute_rank(const struct brute *br, bits_t m)
{
    uint64_t r = 0;
    for (int j = 1; m; j++) r += br->bin[bits_pop(&m)][j];
    return (int)r;
}

static int brute_slot(const struct brute *br, bits_t A, bits_t B)
{
    int a = bits_count(A), b = bits_count(B);
    return br->off[a][b] + brute_rank(br, A) * (int)br->bin[37][b] + brute_rank(br, B);
}

/* The next set with as many points, in colex (numeric) order. */
static bits_t next_set(bits_t m)
{
    bits_t low = m & -m, ripple = m + low;
    return ripple | (((m ^ ripple) >> 2) / low);
}

static void brute_solve(struct brute *br, const struct game *g)
{
    memset(br, 0, sizeof *br);
    for (int n = 0; n <= 37; n++)
        for (int k = 0; k <= BRUTE_PIECES; k++)
            br->bin[n][k] = k == 0 ? 1 : n == 0 ? 0 : br->bin[n - 1][k - 1] + br->bin[n - 1][k];
    for (int a = 1; a < BRUTE_PIECES; a++)
        for (int b = 1; a + b <= BRUTE_PIECES; b++) {
            br->off[a][b] = br->size;
            br->size += (int)(br->bin[37][a] * br->bin[37][b]);
        }
    br->code = malloc((size_t)br->size * sizeof *br->code);
    int *first = malloc((size_t)(br->size + 1) * sizeof *first);
    int nsucc = 0, cap = 1 << 22;
    int *succ = malloc((size_t)cap * sizeof *succ);
    struct movelist l, l2;
    movelist_init(&l);
    movelist_init(&l2);
    for (int a = 1; a < BRUTE_PIECES; a++)
        for (int b = 1; a + b <= BRUTE_PIECES; b++)
            for (bits_t A = BIT(a) - 1; A < BIT(37); A = next_set(A))
                for (bits_t B = BIT(b) - 1; B < BIT(37); B = next_set(B)) {
                    int slot = brute_slot(br, A, B);
                    first[slot] = nsucc;
                    br->code[slot] = A & B ? -1 : 0;
                    if (A & B) continue;
                    struct position pos = {.men = {A, B}, .side = 0};
                    int n = g->ops->moves(g, &pos, &l);
                    if (slot % 7 == 0) {
                        /* The colour does not matter: Blue to move with (A, B) has the
                         * same moves, colours swapped. */
                        struct position blue = {.men = {B, A}, .side = 1};
                        EXPECT_EQ(g->ops->moves(g, &blue, &l2), n);
                        for (int j = 0; j < n; j++)
                            EXPECT(l2.succ[j].men[0] == l.succ[j].men[1] &&
                                   l2.succ[j].men[1] == l.succ[j].men[0]);
                    }
                    for (int j = 0; j < n; j++) {
                        const struct position *s = &l.succ[j];
                        struct outcome o;
                        EXPECT_EQ(s->side, 1);
                        if (nsucc == cap) succ = realloc(succ, (size_t)(cap *= 2) * sizeof *succ);
                        succ[nsucc++] =
                            g->ops->over(g, s, &o) ? -1 : brute_slot(br, s->men[1], s->men[0]);
                    }
                }
    first[br->size] = nsucc;
    movelist_free(&l);
    movelist_free(&l2);
    /* The undecided positions, shrinking. Deciding in place within a pass is safe: a code
     * written in pass k (DTM k) meets none of pass k's tests (a win needs a successor lost
     * in k - 1, a loss a longest successor won in k - 1), so it only counts from pass
     * k + 1, as if every pass read the codes of the one before. */
    int *todo = malloc((size_t)br->size * sizeof *todo), ntodo = 0;
    for (int i = 0; i < br->size; i++)
        if (br->code[i] == 0) todo[ntodo++] = i;
    for (int k = 0;; k++) {
        int left = 0, decided = 0;
        for (int t = 0; t < ntodo; t++) {
            int i = todo[t];
            bool win = false, all_won = true;
            int longest = -1;
            for (int j = first[i]; j < first[i + 1]; j++) {
                int c = succ[j] < 0 ? 1 : br->code[succ[j]]; /* a finished game: lost in 0 */
                if (c && (c - 1) % 2 == 0 && c - 1 == k - 1) win = true;
                if (!c || (c - 1) % 2 == 0)
                    all_won = false;
                else if (c - 1 > longest)
                    longest = c - 1;
            }
            if (win || (all_won && longest + 1 == k)) {
                br->code[i] = (int16_t)(k + 1);
                decided++;
            } else {
                todo[left++] = i;
            }
        }
        ntodo = left;
        if (!decided && k > 0) break;
    }
    free(todo);
    free(first);
    free(succ);
}

static void against_brute(const struct game *gp, struct ss_db *db)
{
    struct game g = *gp;
    const char *rules = g.rules == SS_FORCED ? "forced" : "optional";
    struct brute *br = malloc(sizeof *br);
    brute_solve(br, &g);
    /* Every solved layer agrees with its own moves. */
    for (int m = 1; m < BRUTE_PIECES; m++)
        for (int n = 1; n <= m && m + n <= BRUTE_PIECES; n++) {
            struct ss_layer *l = db->layer[m][n];
            ck_assert_ptr_eq(l, ss_db_find(db, n, m));
            struct retro_layer R = ss_layer_retro(l);
            uint64_t bad[4];
            int nbad;
            EXPECT_EQ(retro_verify(&R, l->res, 0, bad, 4, &nbad), 0);
        }
    uint64_t checked = 0, raw = 0;
    int decided = 0, longest = 0;
    for (int a = 1; a < BRUTE_PIECES; a++)
        for (int b = 1; a + b <= BRUTE_PIECES; b++) raw += binomial(37, a) * binomial(37 - a, b);
    for (int a = 1; a < BRUTE_PIECES; a++)
        for (int b = 1; a + b <= BRUTE_PIECES; b++)
            for (bits_t A = BIT(a) - 1; A < BIT(37); A = next_set(A))
                for (bits_t B = BIT(b) - 1; B < BIT(37); B = next_set(B)) {
                    if (A & B) continue;
                    int want = br->code[brute_slot(br, A, B)];
                    struct position pos = {.men = {A, B}, .side = 0};
                    retro_code got = ss_position_code(db, &pos);
                    if (got != want) {
                        char fen[128];
                        g.ops->format(&g, &pos, fen, sizeof fen);
                        ck_abort_msg("%s %s: engine %d, brute force %d", rules, fen, got, want);
                    }
                    checked++;
                    decided += want != 0;
                    if (want - 1 > longest) longest = want - 1;
                }
    EXPECT_EQ(checked, raw);
    ck_assert_int_gt(decided, 1000);
    ck_assert_int_gt(longest, 20);
    free(br->code);
    free(br);
}

/* Random positions of every solved material: symmetric images have one value. */
static void symmetric_values(const struct ss_db *db)
{
    uint64_t seed = 7;
    for (int m = 1; m < BRUTE_PIECES; m++)
        for (int n = 1; m + n <= BRUTE_PIECES; n++)
            for (int k = 0; k < 1000; k++) {
                bits_t A = random_set(&seed, 37, m, 0), B = random_set(&seed, 37, n, A);
                retro_code c = ss_db_code(db, A, B);
                for (int s = 1; s < db->sm->nsyms; s++)
                    EXPECT_EQ(
                        ss_db_code(db, symmap_apply(db->sm, s, A), symmap_apply(db->sm, s, B)), c);
            }
    EXPECT_EQ(ss_db_code(db, 0, BIT(3)), 1); /* no piece left: lost */
}

/* Both rules: everything above on the layers up to 4 pieces, solved once. */
static void check_rules(const char *rules)
{
    struct game g = setup("sixteen", rules, NULL);
    struct ss_db *db = solved_db(&g, BRUTE_PIECES);
    /* Red on c3 takes c4 and c6 and wins at once, under either rule. */
    struct position pos = parse(&g, "3/3/5/2B2/5/2B2/2R2/3/3 r");
    ck_assert_int_eq(ss_position_code(db, &pos), 2);
    /* Blue to move there takes c3 (c4xc2) and wins as fast. */
    pos.side = 1;
    ck_assert_int_eq(ss_position_code(db, &pos), 2);
    symmetric_values(db);
    moves_both_ways(db);
    against_brute(&g, db);
    /* The compact engine gives every material the same codes. */
    for (int m = 1; m < BRUTE_PIECES; m++)
        for (int n = 1; n <= m && m + n <= BRUTE_PIECES; n++) {
            const struct ss_layer *l = db->layer[m][n];
            struct retro_layer R = ss_layer_retro(db->layer[m][n]);
            R.compact = true;
            retro_code *again = malloc(l->size * sizeof *again);
            struct retro_stats st;
            ck_assert_int_eq(retro_solve(&R, again, &st), 0);
            ck_assert_int_eq(memcmp(again, l->res, l->size * sizeof *again), 0);
            free(again);
        }
    /* A damaged entry is caught by the verifier. */
    struct ss_layer *l = db->layer[2][2];
    struct retro_layer R = ss_layer_retro(l);
    l->res[7] ^= 2;
    uint64_t bad[4];
    int nbad;
    ck_assert_uint_gt(retro_verify(&R, l->res, 0, bad, 4, &nbad), 0);
    ss_db_free(db);
    free(db);
}

START_TEST(optional)
{
    check_rules("optional");
}
END_TEST

START_TEST(forced)
{
    check_rules("forced");
}
END_TEST

Suite *ss_layers_suite(void)
{
    Suite *s = suite_create("ss_layers");
    TCase *tc = tcase_create("ss_layers");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, indexes);
    tcase_add_test(tc, optional);
    tcase_add_test(tc, forced);
    suite_add_tcase(s, tc);
    return s;
}
