/* Sixteen Soldiers' layers for tables (solver/games/sixteen/ss_tables.c) solved by the
 * passes every game's are (solve.h) and the one driver.
 *
 * The counting rule's tables against a brute force over (position, clock) states
 * written plainly from the definitions of issue 12 and docs/rules.md, "Counting rules":
 * every raw position with up to 4 pieces, both rule sets, with limits small enough that
 * cursed wins and blessed losses occur; and, with a limit above every DTM, the classes are
 * exactly the values without the rule. The brute force plays the game's own move generator
 * (sixteen.c), not the layers' (ss_layers.c) the driver runs on.
 *
 * One material at a time (share.h's share_solve_alone, guti-mpi's unit of work) gives the
 * tables the whole solve makes. The solve shared among processes is test_share.c's.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "share.h"
#include "ss_layers.h"
#include "solve.h"
#include "tables.h"

enum { LOSS = -1, DRAW = 0, WIN = 1 };
#define DTC_PIECES 4

/* Every raw position (A to move, B the other side; colours do not matter) with both sides
 * on the board and at most DTC_PIECES pieces, sorted, and its successors. */
struct states {
    int n;
    bits_t (*pos)[2];
    int *first, *succ; /* successors of i: succ[first[i]..first[i+1]-1], -1 the game won */
    bool *capture;     /* per successor: a zeroing move (a capture) */
};

static int cmp_pos(const void *x, const void *y)
{
    const bits_t *a = x, *b = y;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : a[1] > b[1];
}

static int find(const struct states *s, bits_t A, bits_t B)
{
    bits_t k[2] = {A, B};
    bits_t(*f)[2] = bsearch(k, s->pos, (size_t)s->n, sizeof *s->pos, cmp_pos);
    return f ? (int)(f - s->pos) : -1;
}

/* Every set of at most k points below np, into out; their number. */
static int subsets(int np, int k, bits_t *out)
{
    int n = 0;
    out[n++] = 0;
    for (int i = 0; i < n; i++) /* breadth first: extend each set by a higher point */
        if (bits_count(out[i]) < k)
            for (int p = out[i] ? 64 - __builtin_clzll(out[i]) : 0; p < np; p++)
                out[n++] = out[i] | BIT(p);
    return n;
}

static void enumerate(struct states *s, const struct game *g)
{
    int np = g->board->npoints;
    bits_t *sets = malloc(200000 * sizeof *sets);
    int nsets = subsets(np, DTC_PIECES - 1, sets);
    CHECK(nsets < 200000, "too many sets");
    int cap = 4000000;
    s->pos = malloc((size_t)cap * sizeof *s->pos);
    s->n = 0;
    for (int i = 0; i < nsets; i++)
        for (int j = 0; j < nsets; j++) {
            bits_t A = sets[i], B = sets[j];
            if (!A || !B || (A & B) || bits_count(A) + bits_count(B) > DTC_PIECES) continue;
            CHECK(s->n < cap, "more than %d positions", cap);
            s->pos[s->n][0] = A;
            s->pos[s->n++][1] = B;
        }
    free(sets);
    qsort(s->pos, (size_t)s->n, sizeof *s->pos, cmp_pos);
    struct movelist l;
    movelist_init(&l);
    int nsucc = 0, scap = 1 << 20;
    s->first = malloc((size_t)(s->n + 1) * sizeof *s->first);
    s->succ = malloc((size_t)scap * sizeof *s->succ);
    s->capture = malloc((size_t)scap * sizeof *s->capture);
    for (int i = 0; i < s->n; i++) {
        s->first[i] = nsucc;
        struct position p = {.men = {s->pos[i][0], s->pos[i][1]}, .side = 0};
        int n = g->ops->moves(g, &p, &l);
        CHECK(n >= 0, "out of memory");
        for (int j = 0; j < n; j++) {
            if (nsucc == scap) {
                scap *= 2;
                s->succ = realloc(s->succ, (size_t)scap * sizeof *s->succ);
                s->capture = realloc(s->capture, (size_t)scap * sizeof *s->capture);
            }
            const struct position *q = &l.succ[j];
            CHECK(q->side == 1 && q->men[0], "a successor with blue not to move");
            s->capture[nsucc] = bits_count(q->men[1]) < bits_count(p.men[1]);
            /* taking the last piece ends the game, won by the capture's maker */
            s->succ[nsucc] = q->men[1] ? find(s, q->men[1], q->men[0]) : -1;
            CHECK(s->succ[nsucc] >= 0 || !q->men[1], "a successor not enumerated");
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

/* The brute force's values (clock_values): a capture (a whole chain) leads to fewer
 * pieces, so those come first. */
static signed char *brute_values(const struct states *s, int L)
{
    int *rank = malloc((size_t)s->n * sizeof *rank);
    for (int i = 0; i < s->n; i++) rank[i] = bits_count(s->pos[i][0]) + bits_count(s->pos[i][1]);
    signed char *V = clock_values(s->n, s->first, s->succ, s->capture, rank, DTC_PIECES + 1, L);
    free(rank);
    return V;
}

/* The library's drivers through an in-memory store: solve_game (the values without the
 * rule), then with the counting rule; each material's DTM codes and DTC codes (values.h) by
 * material [m][n], with its layer (for the position numbers) in db. */
struct driven {
    struct ss_db db;
    struct ss_layer *layer[DTC_PIECES + 1][DTC_PIECES + 1];
    retro_code *dtm[DTC_PIECES + 1][DTC_PIECES + 1], *dtc[DTC_PIECES + 1][DTC_PIECES + 1];
    uint16_t *cls[DTC_PIECES + 1][DTC_PIECES + 1];
};

static void drive(const struct game *g, int L, struct driven *d)
{
    struct table_arrays *m = calloc(1, sizeof *m);
    struct solve_hooks h = {.store = arrays_hooks(m)};
    char err[400];
    const struct solve_options plain = {.pieces = DTC_PIECES},
                               dtc = {.pieces = DTC_PIECES, .dtc_limit = L};
    ck_assert_msg(solve_game(g, &plain, &h, err, sizeof err) == 0, "%s", err);
    /* one material at a time (guti-mpi's unit of work), each reading the tables of those
     * before it: the same tables; a material whose reads are missing is an error */
    struct table_arrays *one = calloc(1, sizeof *one);
    struct solve_hooks h1 = {.store = arrays_hooks(one)};
    ck_assert_int_eq(
        share_solve_alone(g, &(struct layer_key){{3, 2, 0, 0}}, 0, &h1, err, sizeof err), -1);
    int order[DTC_PIECES * DTC_PIECES][2];
    int count = ss_material_order(DTC_PIECES, order, DTC_PIECES * DTC_PIECES);
    for (int k = count - 1; k >= 0; k--) /* largest first: each is refused */
        if (order[k][1] > 1 || order[k][0] > 1)
            ck_assert_int_eq(share_solve_alone(g, &(struct layer_key){{order[k][0], order[k][1]}},
                                               0, &h1, err, sizeof err),
                             -1);
    for (int k = 0; k < count; k++)
        ck_assert_msg(share_solve_alone(g, &(struct layer_key){{order[k][0], order[k][1]}}, 0, &h1,
                                        err, sizeof err) == 0,
                      "material %d+%d: %s", order[k][0], order[k][1], err);
    arrays_assert_same(m, one);
    arrays_free(one);
    free(one);
    ck_assert_msg(solve_game(g, &dtc, &h, err, sizeof err) == 0, "%s", err);
    memset(d, 0, sizeof *d);
    ck_assert_int_eq(ss_db_init(&d->db, g), 0);
    for (int mm = 1; mm < DTC_PIECES; mm++)
        for (int n = 1; n <= mm && mm + n <= DTC_PIECES; n++) {
            struct ss_layer *l = malloc(sizeof *l);
            ck_assert_int_eq(ss_layer_init(l, &d->db, mm, n), 0);
            d->layer[mm][n] = d->layer[n][mm] = l;
            int kd = arrays_find(m, &(struct store_table){TB_DTM, TEST_KEY(mm, n, -1), l->size, 0});
            int kc = arrays_find(m, &(struct store_table){TB_DTC, TEST_KEY(mm, n, -1), l->size, L});
            ck_assert_int_ge(kd, 0);
            ck_assert_int_ge(kc, 0);
            retro_code *dm = malloc(l->size * sizeof *dm), *dc = malloc(l->size * sizeof *dc);
            uint16_t *cl = malloc(l->size * sizeof *cl);
            memcpy(dm, m->e[kd], l->size * sizeof *dm);
            memcpy(cl, m->e[kc], l->size * sizeof *cl);
            for (uint64_t i = 0; i < l->size; i++) dc[i] = dtc_of_class(cl[i]);
            d->dtm[mm][n] = d->dtm[n][mm] = dm;
            d->dtc[mm][n] = d->dtc[n][mm] = dc;
            d->cls[mm][n] = d->cls[n][mm] = cl;
        }
    /* made again, it reads every table back and changes none */
    struct table_arrays before;
    arrays_copy(&before, m);
    ck_assert_msg(solve_game(g, &dtc, &h, err, sizeof err) == 0, "%s", err);
    arrays_assert_same(&before, m);
    arrays_free(&before);
    arrays_free(m);
    free(m);
}

static void driven_free(struct driven *d)
{
    for (int mm = 1; mm < DTC_PIECES; mm++)
        for (int n = 1; n <= mm && mm + n <= DTC_PIECES; n++) {
            ss_layer_free(d->layer[mm][n]);
            free(d->layer[mm][n]);
            free(d->dtm[mm][n]);
            free(d->dtc[mm][n]);
            free(d->cls[mm][n]);
        }
    ss_db_free(&d->db);
}

static void check_dtc(const char *rules, int L, unsigned want_classes)
{
    struct game g = setup("sixteen", rules, NULL);
    struct states s;
    enumerate(&s, &g);
    signed char *V = brute_values(&s, L);
    struct driven *d = malloc(sizeof *d);
    drive(&g, L, d);
    uint64_t classes[5] = {0}; /* win, cursed win, draw, blessed loss, loss */
    for (int i = 0; i < s.n; i++) {
        bits_t A = s.pos[i][0], B = s.pos[i][1];
        int a = bits_count(A), b = bits_count(B);
        uint64_t q = ss_layer_position_index(d->layer[a][b], A, B);
        retro_code e = d->dtc[a][b][q], S = d->dtm[a][b][q];
        const signed char *v = &V[(size_t)i * (size_t)L];
        /* V is monotone in the clock: decisive up to some clock, then drawn */
        int last = -1;
        for (int k = 0; k < L; k++)
            if (v[k] != DRAW) {
                CHECK(k == last + 1 && v[k] == v[0],
                      "%s L=%d %llx/%llx: V not monotone at clock %d", rules, L,
                      (unsigned long long)A, (unsigned long long)B, k);
                last = k;
            }
        if (v[0] == DRAW) {
            CHECK(e == 0, "%s L=%d %llx/%llx: driver DTC code %d, brute force draw", rules, L,
                  (unsigned long long)A, (unsigned long long)B, e);
        } else {
            CHECK(e && dtc_win(e) == (v[0] == WIN), "%s L=%d %llx/%llx: driver %d, brute force %s",
                  rules, L, (unsigned long long)A, (unsigned long long)B, e,
                  v[0] == WIN ? "win" : "loss");
            /* decisive exactly when DTC + c <= L, c < L: at least L - last; and a position
             * with a move is at least one half-move from the end, one without is at it */
            int want = s.first[i] == s.first[i + 1] ? 0 : L - last;
            CHECK(dtc_of(e) == want, "%s L=%d %llx/%llx: driver DTC %d, brute force %d", rules, L,
                  (unsigned long long)A, (unsigned long long)B, dtc_of(e), want);
        }
        /* a win under the rule is a win without it, and so for losses */
        CHECK(!e || (dtc_win(e) ? code_win(S) : code_loss(S)), "%s L=%d: DTC %d, DTM code %d",
              rules, L, e, S);
        int k = e ? (dtc_win(e) ? 0 : 4) : S == RETRO_DRAW ? 2 : code_win(S) ? 1 : 3;
        /* and the stored class says the same */
        static const uint16_t drawn[5] = {0, CLASS_CURSED_WIN, CLASS_DRAW, CLASS_BLESSED_LOSS, 0};
        CHECK(e || d->cls[a][b][q] == drawn[k], "%s L=%d: class code %d, want %d", rules, L,
              d->cls[a][b][q], drawn[k]);
        classes[k]++;
    }
    for (int k = 0; k < 5; k++)
        CHECK(!(want_classes >> k & 1) || classes[k] > 0,
              "sixteen %s L=%d: no position of class %d", rules, L, k);
    driven_free(d);
    free(d);
    free(V);
    states_free(&s);
}

START_TEST(dtc_sixteen_against_brute_force)
{
    static const struct {
        const char *rules;
        int limit;
        unsigned classes; /* bit k: class k must occur (win, cursed win, draw, blessed, loss) */
    } cases[] = {
        {"optional", 6, 0x1f},
        {"optional", 10, 0x1f},
        {"forced", 6, 0x1f},
        {"forced", 10, 0x1f},
    };
    check_dtc(cases[_i].rules, cases[_i].limit, cases[_i].classes);
}
END_TEST

/* With a limit above every DTM, the rule changes nothing: every decided position is
 * decided under the rule, as the values without it say, and every draw stays one. */
START_TEST(dtc_sixteen_large_limit_is_the_plain_value)
{
    const char *rules = _i ? "forced" : "optional";
    struct game g = setup("sixteen", rules, NULL);
    struct driven *d = malloc(sizeof *d);
    drive(&g, 1000, d);
    uint64_t decided = 0;
    for (int mm = 1; mm < DTC_PIECES; mm++)
        for (int n = 1; n <= mm && mm + n <= DTC_PIECES; n++)
            for (uint64_t i = 0; i < d->layer[mm][n]->size; i++) {
                retro_code S = d->dtm[mm][n][i], e = d->dtc[mm][n][i];
                CHECK((S == RETRO_DRAW) == (e == 0), "%s %d+%d position %llu: DTM code %d, DTC %d",
                      rules, mm, n, (unsigned long long)i, S, e);
                CHECK(!e || dtc_win(e) == code_win(S), "%s: a win and a loss", rules);
                /* the next zeroing move or the end comes no later than the end */
                CHECK(!e || dtc_of(e) <= code_dtm(S), "%s: DTC %d beyond DTM %d", rules, dtc_of(e),
                      code_dtm(S));
                decided += e != 0;
            }
    driven_free(d);
    free(d);
    ck_assert_uint_gt(decided, 0);
}
END_TEST

Suite *ss_tables_suite(void)
{
    Suite *s = suite_create("ss_tables");
    TCase *dtc = tcase_create("dtc");
    tcase_set_timeout(dtc, 300);
    tcase_add_loop_test(dtc, dtc_sixteen_against_brute_force, 0, 4);
    tcase_add_loop_test(dtc, dtc_sixteen_large_limit_is_the_plain_value, 0, 2);
    suite_add_tcase(s, dtc);
    return s;
}
