/* The index, the retrograde engine and the drivers: index round trips; Bagh-Chal's movement
 * phase on the small boards against a plain brute-force fixpoint over every raw position;
 * the library's whole-game solve driver (bc_solve.h) and reach driver (bc_reach_drive.h),
 * their tables kept in memory through store.h's hooks, against brute forces over every
 * position, and resuming from tables lost or damaged. */
#include <stdlib.h>
#include <string.h>

#include "bc_layers.h"
#include "bc_reach.h"
#include "bc_reach_drive.h"
#include "bc_solve.h"
#include "helpers.h"
#include "index.h"
#include "selftest.h"
#include "share_sim.h"
#include "wdl.h"

/* For loops over many positions: ck_assert logs every check that passes (a write to Check's
 * message file each time), which costs more than the check. */
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                    \
    } while (0)

static struct symmap *symmap_for(const struct board *b)
{
    struct symmap *sm = malloc(sizeof *sm);
    ck_assert_ptr_nonnull(sm);
    symmap_init(sm, b);
    return sm;
}

/* Every class unranks to a position that ranks back to it; every symmetric image of a
 * position ranks to the same class. */
static void check_index(const struct board *b, int a, int nb, uint64_t step)
{
    struct symmap *sm = symmap_for(b);
    struct pair_index ix;
    ck_assert_int_eq(pair_index_init(&ix, b, sm, a, nb), 0);
    ck_assert_uint_eq(ix.raw, binomial(b->npoints, a) * binomial(b->npoints - a, nb));
    uint64_t orbit_total = 0;
    for (uint64_t i = 0; i < ix.size; i += step) {
        bits_t A, B;
        pair_index_unrank(&ix, i, &A, &B);
        ck_assert_int_eq(bits_count(A), a);
        ck_assert_int_eq(bits_count(B), nb);
        ck_assert_uint_eq(A & B, 0);
        ck_assert_uint_eq(pair_index_rank(&ix, A, B), i);
        for (int s = 0; s < sm->nsyms; s++)
            ck_assert_uint_eq(pair_index_rank(&ix, symmap_apply(sm, s, A), symmap_apply(sm, s, B)),
                              i);
        if (step == 1) orbit_total += (uint64_t)pair_index_orbit_size(&ix, i);
    }
    if (step == 1) ck_assert_uint_eq(orbit_total, ix.raw);
    pair_index_free(&ix);
    free(sm);
}

/* pair_index_rank_add_each against ranking each (A, B + p) afresh, for every class of
 * (a, nb) whose A has no symmetry, into the index of nb + 1 (B ranked by its points or by
 * its empty ones, both met as nb grows). */
static void check_add_each(const struct board *b, int a, int nb)
{
    struct symmap *sm = symmap_for(b);
    struct pair_index ix, nx;
    ck_assert_int_eq(pair_index_init(&ix, b, sm, a, nb), 0);
    ck_assert_int_eq(pair_index_init(&nx, b, sm, a, nb + 1), 0);
    uint64_t out[BOARD_MAX_POINTS];
    for (uint64_t i = 0; i < ix.size; i++) {
        bits_t A, B;
        if (pair_index_unrank(&ix, i, &A, &B)->nstab > 1) continue;
        struct pair_index_a pa = pair_index_lookup_a(&nx, A);
        ck_assert_int_eq(pa.sym, 0);
        int n = pair_index_rank_add_each(&nx, pa.o, B, out), k = 0;
        for (bits_t e = (BIT(b->npoints) - 1) & ~A & ~B; e; k++)
            ck_assert_uint_eq(out[k], pair_index_rank(&nx, A, B | BIT(bits_pop(&e))));
        ck_assert_int_eq(n, k);
    }
    pair_index_free(&ix);
    pair_index_free(&nx);
    free(sm);
}

START_TEST(index_add_each)
{
    for (int nb = 0; nb < 5; nb++) check_add_each(board_named("3x3"), 4, nb);
    for (int nb = 0; nb < 12; nb++) check_add_each(board_named("4x4"), 4, nb);
    check_add_each(board_named("5x5"), 4, 2);
    check_add_each(board_named("5x5"), 4, 18);
}
END_TEST

START_TEST(index_small_boards)
{
    for (int nb = 0; nb <= 4; nb++) check_index(board_named("3x3"), 4, nb, 1);
    for (int nb = 9; nb <= 12; nb++) check_index(board_named("4x4"), 4, nb, 1);
    check_index(board_named("sixteen"), 2, 2, 1);
    check_index(board_named("sixteen"), 3, 1, 1);
}
END_TEST

/* pair_class_count (Burnside) against the classes the index enumerates, on every board, and
 * on 3x3 against a count written plainly: every pair whose images under the symmetries
 * are none of them smaller. Sixteen Soldiers: every material up to 7 pieces, and of 8, 9 and
 * 10 some whose index builds in a second, since the plan (guti solve sixteen --plan)
 * sizes the larger ones by this count alone. */
START_TEST(index_burnside)
{
    const struct board *b3 = board_named("3x3");
    struct symmap *sm3 = symmap_for(b3);
    for (int a = 0; a <= 9; a++)
        for (int nb = 0; a + nb <= 9; nb++) {
            uint64_t plain = 0;
            for (bits_t A = 0; A < BIT(9); A++) {
                if (bits_count(A) != a) continue;
                for (bits_t B = 0; B < BIT(9); B++) {
                    if (bits_count(B) != nb || (A & B)) continue;
                    bool least = true;
                    for (int s = 1; s < sm3->nsyms; s++) {
                        bits_t sa = symmap_apply(sm3, s, A), sb = symmap_apply(sm3, s, B);
                        least &= sa > A || (sa == A && sb >= B);
                    }
                    plain += least;
                }
            }
            ck_assert_uint_eq(pair_class_count(b3, a, nb), plain);
        }
    free(sm3);
    ck_assert_uint_eq(pair_class_count(b3, 5, 5), 0);
    struct burnside_case {
        const char *board;
        int a, nb;
    } cases[64];
    int n = 0;
    for (int nb = 0; nb <= 12; nb++) cases[n++] = (struct burnside_case){"4x4", 4, nb};
    for (int nb = 0; nb <= 21; nb += 3) cases[n++] = (struct burnside_case){"5x5", 4, nb};
    for (int a = 1; a <= 6; a++)
        for (int nb = 1; a + nb <= 7; nb++) cases[n++] = (struct burnside_case){"sixteen", a, nb};
    cases[n++] = (struct burnside_case){"sixteen", 4, 4};
    cases[n++] = (struct burnside_case){"sixteen", 5, 4};
    cases[n++] = (struct burnside_case){"sixteen", 4, 5};
    cases[n++] = (struct burnside_case){"sixteen", 5, 5};
    for (int i = 0; i < n; i++) {
        const struct board *b = board_named(cases[i].board);
        struct symmap *sm = symmap_for(b);
        struct pair_index ix;
        ck_assert_int_eq(pair_index_init(&ix, b, sm, cases[i].a, cases[i].nb), 0);
        CHECK(pair_class_count(b, cases[i].a, cases[i].nb) == ix.size, "%s %d+%d: %llu, index %llu",
              cases[i].board, cases[i].a, cases[i].nb,
              (unsigned long long)pair_class_count(b, cases[i].a, cases[i].nb),
              (unsigned long long)ix.size);
        pair_index_free(&ix);
        free(sm);
    }
}
END_TEST

/* The published class counts of the movement phase (per side to move), and samples of
 * every layer. */
START_TEST(index_movement_counts)
{
    static const uint64_t want[] = {33481, 333175, 2105695, 9469965, 32188170};
    const struct board *b = board_named("5x5");
    struct symmap *sm = symmap_for(b);
    for (int c = 0; c <= 4; c++) {
        struct pair_index ix;
        ck_assert_int_eq(pair_index_init(&ix, b, sm, 4, 20 - c), 0);
        uint64_t size = ix.size;
        ck_assert_uint_eq(size, want[c]);
        pair_index_free(&ix);
        check_index(b, 4, 20 - c, size / 3000 + 1);
    }
    free(sm);
}
END_TEST

/* The brute force: every raw position of the movement phase (all goats placed, fewer
 * captures than win), both sides to move, valued by the rules engine's moves alone, DTM
 * by passes: a pass k decides the wins in k (a successor lost in k-1) and the losses in k
 * (every successor won, the longest in k-1). */
struct brute {
    int n;
    struct position *pos; /* sorted by key */
    int *code;            /* 0 undecided (draw at the end), else DTM + 1 */
};

static uint64_t key_hi(const struct position *p)
{
    return (p->men[1] << 1 | (uint64_t)p->side) << 6 | (uint64_t)p->inhand;
}

static int cmp_pos(const void *x, const void *y)
{
    const struct position *a = x, *b = y;
    if (a->men[0] != b->men[0]) return a->men[0] < b->men[0] ? -1 : 1;
    return key_hi(a) < key_hi(b) ? -1 : key_hi(a) > key_hi(b);
}

static int brute_find(const struct brute *br, const struct position *p)
{
    struct position k = *p;
    k.clock = 0;
    struct position *f = bsearch(&k, br->pos, (size_t)br->n, sizeof k, cmp_pos);
    return f ? (int)(f - br->pos) : -1;
}

/* With placement true, the placement phase too: every state with goats in hand. */
static void brute_enumerate(struct brute *br, const struct game *g, bool placement)
{
    int np = g->board->npoints, cap = 1 << 22;
    br->pos = malloc((size_t)cap * sizeof *br->pos);
    br->n = 0;
    for (bits_t T = 0; T < BIT(np); T++) {
        if (bits_count(T) != g->ntigers) continue;
        for (bits_t G = 0; G < BIT(np); G++) {
            int goats = bits_count(G);
            if (G & T) continue;
            for (int inhand = 0; inhand <= (placement ? g->ngoats : 0); inhand++) {
                int captured = g->ngoats - inhand - goats;
                if (captured < 0 || captured >= g->captures_to_win) continue;
                for (int side = 0; side < 2; side++) {
                    if (side == 1 && inhand == g->ngoats) continue;
                    CHECK(br->n < cap, "more than %d positions", cap);
                    br->pos[br->n++] =
                        (struct position){.men = {G, T}, .side = side, .inhand = inhand};
                }
            }
        }
    }
    qsort(br->pos, (size_t)br->n, sizeof *br->pos, cmp_pos);
    br->code = calloc((size_t)br->n, sizeof *br->code);
}

static void brute_solve(struct brute *br, const struct game *g)
{
    /* The successors of each position, once: an index, or -1 for a finished game. */
    struct movelist l;
    movelist_init(&l);
    int *first = malloc((size_t)(br->n + 1) * sizeof *first), nsucc = 0, cap = 1 << 20;
    int *succ = malloc((size_t)cap * sizeof *succ);
    for (int i = 0; i < br->n; i++) {
        first[i] = nsucc;
        int n = g->ops->moves(g, &br->pos[i], &l);
        for (int j = 0; j < n; j++) {
            struct outcome o;
            if (nsucc == cap) succ = realloc(succ, (size_t)(cap *= 2) * sizeof *succ);
            succ[nsucc] = g->ops->over(g, &l.succ[j], &o) ? -1 : brute_find(br, &l.succ[j]);
            CHECK(succ[nsucc] != -1 || o.reason != END_NONE, "a successor not enumerated");
            nsucc++;
        }
    }
    first[br->n] = nsucc;
    movelist_free(&l);
    for (int k = 0;; k++) {
        int decided = 0;
        int *next = malloc((size_t)br->n * sizeof *next);
        memcpy(next, br->code, (size_t)br->n * sizeof *next);
        for (int i = 0; i < br->n; i++) {
            if (br->code[i]) continue;
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
                next[i] = k + 1;
                decided++;
            }
        }
        free(br->code);
        br->code = next;
        if (!decided && k > 0) break;
    }
    free(first);
    free(succ);
}

/* Random small graphs, given as lists: each engine, for DTM and for the counting rule, gives
 * codes that re-derive from their successors (retro_verify), and both engines give the
 * same. Exits of every kind and positions with no move at all are common here, so that the
 * orders in which a level's decisions meet (an exit win of a level and a loss of the same
 * level reaching it) are met, as in no real game this small. */
#define G_N 48
#define G_MOVES 4
struct graph {
    int nsucc[G_N], succ[G_N][G_MOVES];
    int npred[G_N], pred[G_N][G_N * G_MOVES];
    struct move_fold ex[G_N];
};

static int graph_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    const struct graph *g = ctx;
    for (int k = 0; k < g->nsucc[i]; k++) succ[k] = (uint64_t)g->succ[i][k];
    *ex = g->ex[i];
    return g->nsucc[i];
}

static int graph_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct graph *g = ctx;
    for (int k = 0; k < g->npred[i]; k++) pred[k] = (uint64_t)g->pred[i][k];
    return g->npred[i];
}

/* The layer of a random graph; max_moves 254 for the compact engine (8-bit counters). */
static struct retro_layer graph_layer(struct graph *g, int max_moves)
{
    return (struct retro_layer){.size = G_N,
                                .max_moves = max_moves,
                                .ctx = g,
                                .expand = graph_expand,
                                .predecessors = graph_predecessors};
}

static void random_graph(struct graph *g, uint64_t *seed)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < G_N; i++) {
        int want = (int)(splitmix(seed) % (G_MOVES + 1));
        for (int k = 0; k < want; k++) {
            int j = (int)(splitmix(seed) % G_N), dup = 0;
            for (int t = 0; t < g->nsucc[i]; t++) dup |= g->succ[i][t] == j;
            if (dup) continue;
            g->succ[i][g->nsucc[i]++] = j;
            g->pred[j][g->npred[j]++] = i;
        }
        /* exits to codes: a draw, or a decision within a few half-moves */
        for (int e = (int)(splitmix(seed) % 3); e > 0; e--) {
            uint64_t r = splitmix(seed) % 8;
            move_fold_add(&g->ex[i], r == 0 ? RETRO_DRAW : (retro_code)r);
        }
    }
}

/* A compact solve's saved state, kept in memory: save stops the solve at the stop-th
 * save; restore gives the state back. */
struct saved {
    retro_code res[G_N];
    int level, highest, saves, stop;
};

static int save_state(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct saved *s = arg;
    if (++s->saves < s->stop) return 0;
    memcpy(s->res, res, n * sizeof *res);
    s->level = level;
    s->highest = highest;
    return 1;
}

static int restore_state(void *arg, retro_code *res, uint64_t n, int *level, int *highest)
{
    const struct saved *s = arg;
    if (!s->saves) return -1; /* nothing saved */
    memcpy(res, s->res, n * sizeof *res);
    *level = s->level;
    *highest = s->highest;
    return 0;
}

/* A chain: position i's one move leads to i - 1, and position 0 has none (lost in 0), so
 * position i is decided in i half-moves, past the levels at which an exit win's code could
 * be mistaken for a value (the compact engine's PENDING_MAX, 16127). */
#define CHAIN 16300
static int chain_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    (void)ctx, (void)ex;
    if (i == 0) return 0;
    succ[0] = i - 1;
    return 1;
}

static int chain_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    (void)ctx;
    if (i + 1 >= CHAIN) return 0;
    pred[0] = i + 1;
    return 1;
}

START_TEST(engines_on_a_long_chain)
{
    struct retro_layer R = {
        .size = CHAIN, .max_moves = 1, .expand = chain_expand, .predecessors = chain_predecessors};
    retro_code *plain = malloc(CHAIN * sizeof *plain), *compact = malloc(CHAIN * sizeof *compact);
    struct retro_stats st;
    ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
    R.compact = true;
    ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
    for (int i = 0; i < CHAIN; i++) {
        CHECK(plain[i] == i + 1, "position %d: %d", i, plain[i]);
        CHECK(compact[i] == i + 1, "position %d: compact %d", i, compact[i]);
    }
    free(plain);
    free(compact);
}
END_TEST

/* A layer solved shared among threads playing processes (share_sim.h), into res; with
 * R.save or R.restore, each part's saves in saved[part]. */
struct shared_solve {
    struct retro_layer R;
    uint64_t bounds[SHARE_SIM_MAX + 1], round;
    int nparts;
    retro_code res[G_N];
    int rc[SHARE_SIM_MAX], levels[SHARE_SIM_MAX];
    struct saved saved[SHARE_SIM_MAX];
};

/* A slice's save: the state kept, as a file would be, and the stop-th save (from 1; 0:
 * none) failing after it, as a run killed just after it wrote its checkpoint. */
static int slice_save(void *arg, const retro_code *res, uint64_t n, int level, int highest)
{
    struct saved *s = arg;
    memcpy(s->res, res, n * sizeof *res);
    s->level = level;
    s->highest = highest;
    return ++s->saves == s->stop;
}

/* The graph's moves, counting how often a position's moves are generated: the initial pass
 * does it for every position, a solve taken up midway for far fewer. */
struct counted {
    struct graph *g;
    long expands;
};
static int counted_expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    struct counted *c = ctx;
    __atomic_add_fetch(&c->expands, 1, __ATOMIC_RELAXED);
    return graph_expand(c->g, i, succ, ex);
}
static int counted_predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    return graph_predecessors(((struct counted *)ctx)->g, i, pred);
}

static void shared_part(void *ctx, int part, void *arg)
{
    struct shared_solve *s = ctx;
    struct retro_share S = {.nparts = s->nparts,
                            .part = part,
                            .bounds = s->bounds,
                            .exchange = share_sim_exchange,
                            .reduce = share_sim_reduce,
                            .arg = arg,
                            .round = s->round};
    struct retro_stats st;
    struct retro_layer R = s->R;
    R.save_arg = &s->saved[part];
    s->rc[part] = retro_solve_shared(&R, &S, s->res + s->bounds[part], &st);
    s->levels[part] = st.levels;
}

/* Every part's return and levels must agree; returns the first's. */
static int sim_solve(struct shared_solve *s)
{
    share_sim_run(s->nparts, s->bounds, shared_part, s);
    for (int p = 0; p < s->nparts; p++) {
        ck_assert_int_eq(s->rc[p], s->rc[0]);
        ck_assert_int_eq(s->levels[p], s->levels[0]);
    }
    return s->rc[0];
}

START_TEST(shared_engine_on_random_graphs)
{
    uint64_t seed = 29;
    struct graph *g = malloc(sizeof *g);
    struct shared_solve *s = malloc(sizeof *s);
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(s);
    int sent = 0;
    for (int round = 0; round < 300; round++) {
        random_graph(g, &seed);
        struct retro_layer R = graph_layer(g, 254);
        retro_code plain[G_N];
        struct retro_stats st;
        R.compact = true; /* whose levels it counts alike */
        ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
        R.compact = false;
        /* 1 to SHARE_SIM_MAX slices of random lengths, some empty; rounds of a few positions or
         * of all of them */
        memset(s, 0, sizeof *s);
        s->R = R;
        s->nparts = 1 + (int)(splitmix(&seed) % SHARE_SIM_MAX);
        s->round = round % 2 ? 1 + splitmix(&seed) % 9 : 0;
        for (int p = 1; p < s->nparts; p++) s->bounds[p] = splitmix(&seed) % (G_N + 1);
        s->bounds[s->nparts] = G_N;
        for (int p = 1; p < s->nparts; p++) /* sorted */
            for (int q = p; q > 1 && s->bounds[q - 1] > s->bounds[q]; q--) {
                uint64_t x = s->bounds[q];
                s->bounds[q] = s->bounds[q - 1];
                s->bounds[q - 1] = x;
            }
        memset(s->res, 0xee, sizeof s->res);
        ck_assert_int_eq(sim_solve(s), 0);
        ck_assert_int_eq(s->levels[0], st.levels);
        for (int i = 0; i < G_N; i++)
            CHECK(plain[i] == s->res[i], "round %d (%d slices) position %d: %d, shared %d", round,
                  s->nparts, i, plain[i], s->res[i]);
        sent += s->nparts > 1;
    }
    ck_assert_int_gt(sent, 200);
    /* saved after every level, one slice's save failing: all stop; taken up from the
     * saves, the same codes; taken up when one slice's save is of another level, or one
     * has none, all start afresh, and the same codes again */
    int resumed = 0;
    struct counted cg = {g, 0};
    for (int round = 0; round < 300; round++) {
        random_graph(g, &seed);
        struct retro_layer R = {.size = G_N,
                                .max_moves = 254,
                                .ctx = &cg,
                                .expand = counted_expand,
                                .predecessors = counted_predecessors,
                                .compact = true};
        retro_code plain[G_N];
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
        memset(s, 0, sizeof *s);
        s->R = R;
        s->R.save = slice_save;
        s->nparts = 2 + round % (SHARE_SIM_MAX - 1);
        for (int p = 1; p <= s->nparts; p++) s->bounds[p] = (uint64_t)G_N * p / s->nparts;
        int stopper = (int)(splitmix(&seed) % (uint64_t)s->nparts);
        s->saved[stopper].stop = 1 + round % 3;
        share_sim_run(s->nparts, s->bounds, shared_part, s);
        if (s->rc[stopper] == 0) continue; /* too few levels to stop */
        for (int p = 0; p < s->nparts; p++) {
            ck_assert_int_eq(s->rc[p], p == stopper ? -1 : -2);
            ck_assert_int_eq(s->saved[p].level, s->saved[0].level);
        }
        s->R.save = NULL;
        s->R.restore = restore_state;
        int odd = round % 3 == 2 ? (int)(splitmix(&seed) % (uint64_t)s->nparts) : -1;
        if (odd >= 0 && round % 2)
            s->saved[odd].level += 1;
        else if (odd >= 0)
            s->saved[odd].saves = 0; /* restore_state: nothing saved */
        memset(s->res, 0xee, sizeof s->res);
        cg.expands = 0;
        ck_assert_int_eq(sim_solve(s), 0);
        for (int i = 0; i < G_N; i++)
            CHECK(plain[i] == s->res[i], "round %d (%d slices, odd %d) position %d: %d, resumed %d",
                  round, s->nparts, odd, i, plain[i], s->res[i]);
        if (odd >= 0) {
            ck_assert_int_ge(cg.expands, G_N); /* the initial pass again */
        } else {
            ck_assert_int_lt(cg.expands, G_N);
            resumed++;
        }
    }
    ck_assert_int_gt(resumed, 100);
    /* one slice's exchange fails, alone: that slice returns -1, the others -2, all ending */
    memset(s, 0, sizeof *s);
    random_graph(g, &seed);
    s->R = graph_layer(g, 254);
    s->nparts = 3;
    s->bounds[1] = 16, s->bounds[2] = 32, s->bounds[3] = G_N;
    s->round = 4;
    share_sim_run_failing(3, s->bounds, shared_part, s, 1, 2);
    ck_assert_int_eq(s->rc[1], -1);
    ck_assert_int_eq(s->rc[0], -2);
    ck_assert_int_eq(s->rc[2], -2);
    /* what it refuses, every slice alike: the counting rule, bounds short of the layer or
     * out of order */
    memset(s, 0, sizeof *s);
    s->R = graph_layer(g, 254);
    s->R.dtc_limit = 3;
    s->nparts = 2;
    s->bounds[1] = 10, s->bounds[2] = G_N;
    ck_assert_int_eq(sim_solve(s), -1);
    s->R.dtc_limit = 0;
    s->bounds[2] = G_N - 1;
    ck_assert_int_eq(sim_solve(s), -1);
    s->nparts = 3;
    s->bounds[1] = 30, s->bounds[2] = 10, s->bounds[3] = G_N;
    ck_assert_int_eq(sim_solve(s), -1);
    free(s);
    free(g);
}
END_TEST

START_TEST(engines_on_random_graphs)
{
    uint64_t seed = 11;
    struct graph *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    int limits[] = {0, 1, 2, 3, 7}, stopped = 0;
    for (int round = 0; round < 400; round++) {
        random_graph(g, &seed);
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            struct retro_layer R = graph_layer(g, G_N * G_MOVES);
            R.dtc_limit = limits[k];
            retro_code plain[G_N], compact[G_N];
            struct retro_stats st;
            uint64_t bad[2];
            int nbad;
            ck_assert_int_eq(retro_solve(&R, plain, &st), 0);
            CHECK(retro_verify(&R, plain, 0, bad, 2, &nbad) == 0, "round %d limit %d: verify",
                  round, limits[k]);
            R.max_moves = 254; /* the compact engine's counters are of 8 bits */
            R.compact = true;
            ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
            for (int i = 0; i < G_N; i++)
                CHECK(plain[i] == compact[i], "round %d limit %d position %d: %d, compact %d",
                      round, limits[k], i, plain[i], compact[i]);
            /* stopped after a save, at some level, and taken up again: the same codes */
            struct saved sv = {.stop = 1 + round % 3};
            R.save = save_state;
            R.save_arg = &sv;
            if (retro_solve(&R, compact, &st) == 0) continue; /* too few levels to stop */
            stopped++;
            R.save = NULL;
            R.restore = restore_state;
            memset(compact, 0xff, sizeof compact);
            ck_assert_int_eq(retro_solve(&R, compact, &st), 0);
            for (int i = 0; i < G_N; i++)
                CHECK(plain[i] == compact[i], "round %d limit %d position %d: %d, resumed %d",
                      round, limits[k], i, plain[i], compact[i]);
        }
    }
    ck_assert_int_gt(stopped, 400);
    free(g);
}
END_TEST

/* retro_verify with a sample checks exactly the sampled positions, as the whole check
 * would: on random graphs with some codes damaged, the positions flagged from a sample of m
 * are those of the whole check's that retro_sample_index picks. */
START_TEST(verify_samples)
{
    /* k * n / m, without the overflow a plain product would have at 10 pieces */
    const uint64_t sizes[] = {1, 7, 48, 1000, 36575727440ull, UINT64_MAX / 3};
    const uint64_t samples[] = {1, 3, 47, 999, 1000000000};
    for (size_t a = 0; a < sizeof sizes / sizeof *sizes; a++)
        for (size_t b = 0; b < sizeof samples / sizeof *samples; b++) {
            uint64_t n = sizes[a], m = samples[b], last = 0;
            for (uint64_t k = 0; k < m && k < 5000; k++) {
                uint64_t i = retro_sample_index(k, n, m);
                uint64_t want = m >= n ? k : (uint64_t)((unsigned __int128)k * n / m);
                CHECK(i == want, "n %llu m %llu k %llu: %llu, not %llu", (unsigned long long)n,
                      (unsigned long long)m, (unsigned long long)k, (unsigned long long)i,
                      (unsigned long long)want);
                CHECK(k == 0 || i > last, "n %llu m %llu k %llu: not increasing",
                      (unsigned long long)n, (unsigned long long)m, (unsigned long long)k);
                last = i;
            }
            if (m < n)
                CHECK(retro_sample_index(m - 1, n, m) < n, "n %llu m %llu: past the end",
                      (unsigned long long)n, (unsigned long long)m);
        }
    uint64_t seed = 5;
    struct graph *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    int flagged_in_samples = 0;
    for (int round = 0; round < 50; round++) {
        random_graph(g, &seed);
        struct retro_layer R = graph_layer(g, G_N * G_MOVES);
        retro_code res[G_N];
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, res, &st), 0);
        for (int d = 0; d < 4; d++) res[splitmix(&seed) % G_N] ^= 1 + (retro_code)d;
        uint64_t all[G_N], bad[G_N];
        int nall, nbad;
        uint64_t wrong = retro_verify(&R, res, 0, all, G_N, &nall);
        ck_assert_uint_eq(wrong, (uint64_t)nall);
        ck_assert_uint_eq(retro_verify(&R, res, G_N + 5, bad, G_N, &nbad), wrong);
        for (uint64_t m = 1; m <= G_N; m++) {
            bool sampled[G_N] = {false}, was_bad[G_N] = {false};
            for (uint64_t k = 0; k < m; k++) sampled[retro_sample_index(k, G_N, m)] = true;
            for (int j = 0; j < nall; j++) was_bad[all[j]] = sampled[all[j]];
            uint64_t want = 0;
            for (int i = 0; i < G_N; i++) want += was_bad[i];
            uint64_t got = retro_verify(&R, res, m, bad, G_N, &nbad);
            CHECK(got == want && (uint64_t)nbad == want,
                  "round %d sample %llu: %llu flagged, "
                  "want %llu",
                  round, (unsigned long long)m, (unsigned long long)got, (unsigned long long)want);
            for (int j = 0; j < nbad; j++)
                CHECK(was_bad[bad[j]], "round %d sample %llu: position %llu flagged", round,
                      (unsigned long long)m, (unsigned long long)bad[j]);
            flagged_in_samples += (int)got;
        }
    }
    ck_assert_int_gt(flagged_in_samples, 0);
    free(g);
}
END_TEST

static void check_against_brute(const char *board, const char *rules)
{
    struct game g = setup("baghchal", rules, board);
    struct symmap *sm = symmap_for(g.board);
    struct brute br;
    brute_enumerate(&br, &g, false);
    brute_solve(&br, &g);
    struct bc_layer layers[8];
    for (int c = g.captures_to_win - 1; c >= 0; c--) {
        ck_assert_int_eq(bc_layer_init(&layers[c], &g, sm, c), 0);
        layers[c].next = c + 1 < g.captures_to_win ? &layers[c + 1] : NULL;
        struct retro_layer R = bc_layer_retro(&layers[c]);
        layers[c].res = malloc(R.size * sizeof *layers[c].res);
        struct retro_stats st;
        ck_assert_int_eq(retro_solve(&R, layers[c].res, &st), 0);
        uint64_t bad[4];
        int nbad;
        ck_assert_uint_eq(retro_verify(&R, layers[c].res, 0, bad, 4, &nbad), 0);
        /* the 8-byte bucket entries of layers past 2^30 positions give the same codes */
        retro_code *wide = malloc(R.size * sizeof *wide);
        R.bucket_bytes = 8;
        ck_assert_int_eq(retro_solve(&R, wide, &st), 0);
        ck_assert_int_eq(memcmp(wide, layers[c].res, R.size * sizeof *wide), 0);
        /* and so does the compact engine, which keeps nothing but the codes */
        R.bucket_bytes = 0;
        R.compact = true;
        ck_assert_int_eq(retro_solve(&R, wide, &st), 0);
        ck_assert_int_eq(memcmp(wide, layers[c].res, R.size * sizeof *wide), 0);
        free(wide);
    }
    uint64_t decided = 0;
    for (int i = 0; i < br.n; i++) {
        const struct position *p = &br.pos[i];
        int c = g.ngoats - bits_count(p->men[0]);
        uint64_t q = bc_layer_position_index(&layers[c], p->men[1], p->men[0], p->side);
        char fen[64];
        g.ops->format(&g, p, fen, sizeof fen);
        CHECK(layers[c].res[q] == br.code[i], "%s %s %s: engine %d, brute force %d", board, rules,
              fen, layers[c].res[q], br.code[i]);
        decided += br.code[i] != 0;
    }
    ck_assert_uint_gt(decided, 0);
    /* A damaged entry is caught by the verifier. */
    struct retro_layer R = bc_layer_retro(&layers[0]);
    layers[0].res[0] ^= 2;
    uint64_t bad[4];
    int nbad;
    ck_assert_uint_gt(retro_verify(&R, layers[0].res, 0, bad, 4, &nbad), 0);
    for (int c = 0; c < g.captures_to_win; c++) bc_layer_free(&layers[c]);
    free(br.pos);
    free(br.code);
    free(sm);
}

/* ---- The drivers, with their tables in memory ---------------------------------------- */

/* A store of tables in memory (store.h's hooks): what the drivers save, they read back. */
struct mem_table {
    struct store_table t;
    uint16_t *e;  /* the entries, as a table gives them back */
    bool damaged; /* read back or verified, it fails as a damaged file would */
};

struct mem_store {
    struct mem_table t[512];
    int n, saves, notices;
};

static struct mem_table *mem_find(struct mem_store *m, const struct store_table *t)
{
    for (int k = 0; k < m->n; k++) {
        const struct store_table *x = &m->t[k].t;
        if (x->kind == t->kind && x->inhand == t->inhand && x->captured == t->captured &&
            x->side == t->side && x->limit == t->limit)
            return &m->t[k];
    }
    return NULL;
}

/* The entries of a stored table, or a failed test. */
static const uint16_t *mem_entries(struct mem_store *m, enum tb_kind kind, int inhand, int c,
                                   int side, uint64_t n)
{
    struct mem_table *f = mem_find(m, &(struct store_table){kind, inhand, c, side, n, 0});
    ck_assert_msg(f, "no table kind %d h%d c%d side %d", kind, inhand, c, side);
    ck_assert_uint_eq(f->t.npositions, n);
    return f->e;
}

static int mem_load(void *arg, const struct store_table *t, enum store_mode mode, uint16_t *out,
                    uint64_t *bytes, char *err, size_t errlen)
{
    struct mem_table *f = mem_find(arg, t);
    if (!f) return snprintf(err, errlen, "not stored"), STORE_ABSENT;
    if ((t->npositions && t->npositions != f->t.npositions) || (f->damaged && mode != STORE_HEADER))
        return snprintf(err, errlen, "damaged"), STORE_WRONG;
    if (mode == STORE_READ) memcpy(out, f->e, f->t.npositions * sizeof *out);
    if (bytes) *bytes = 2 * f->t.npositions;
    return STORE_OK;
}

static int mem_save(void *arg, const struct store_table *t, const struct tb_source *src,
                    uint64_t *bytes, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    struct mem_store *m = arg;
    uint16_t *e = malloc(t->npositions * sizeof *e + 1);
    ck_assert_ptr_nonnull(e);
    if (src->codes)
        memcpy(e, src->codes, t->npositions * sizeof *e);
    else
        src->fill(src->ctx, 0, t->npositions, e);
    if (t->kind == TB_WDL) /* the codes saved, who wins kept (tb.h) */
        for (uint64_t i = 0; i < t->npositions; i++) e[i] = (uint16_t)wdl_of_code(e[i]);
    struct mem_table *f = mem_find(m, t);
    if (!f) {
        ck_assert_int_lt(m->n, (int)(sizeof m->t / sizeof m->t[0]));
        f = &m->t[m->n++];
        f->e = NULL;
    }
    free(f->e);
    *f = (struct mem_table){*t, e, false};
    m->saves++;
    if (bytes) *bytes = 2 * t->npositions;
    return 0;
}

static void mem_remove(struct mem_store *m, struct mem_table *f)
{
    ck_assert_ptr_nonnull(f);
    free(f->e);
    *f = m->t[--m->n];
    m->t[m->n].e = NULL;
}

static void mem_free(struct mem_store *m)
{
    for (int k = 0; k < m->n; k++) free(m->t[k].e);
    free(m);
}

/* A copy of every table, to compare a resumed run's with. */
static struct mem_store *mem_copy(const struct mem_store *m)
{
    struct mem_store *c = calloc(1, sizeof *c);
    ck_assert_ptr_nonnull(c);
    for (int k = 0; k < m->n; k++) {
        c->t[k] = m->t[k];
        size_t bytes = m->t[k].t.npositions * sizeof *c->t[k].e + 1;
        ck_assert_ptr_nonnull(c->t[k].e = malloc(bytes));
        memcpy(c->t[k].e, m->t[k].e, bytes);
    }
    c->n = m->n;
    return c;
}

static void mem_same(struct mem_store *a, struct mem_store *b)
{
    ck_assert_int_eq(a->n, b->n);
    for (int k = 0; k < a->n; k++) {
        const struct mem_table *x = &a->t[k], *y = mem_find(b, &x->t);
        ck_assert_msg(y && y->t.npositions == x->t.npositions &&
                          !memcmp(x->e, y->e, x->t.npositions * sizeof *x->e),
                      "table kind %d h%d c%d side %d differs", x->t.kind, x->t.inhand,
                      x->t.captured, x->t.side);
    }
}

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
    enum tb_kind kind = r->pass == BC_SOLVE_PLACEMENT ? TB_WDL : TB_DTM;
    /* a goats' placement layer's DTM is not stored: its counts are its WDL table's */
    bool unstored = r->pass == BC_SOLVE_PLACEMENT_DTM && r->side == 0;
    if (unstored) kind = TB_WDL;
    const uint16_t *e = mem_entries(s->m, kind, r->inhand, r->captured, r->side, r->positions);
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
    if (r->pass == BC_SOLVE_MOVEMENT) {
        int top = longest[0] > longest[1] ? longest[0] : longest[1];
        ck_assert_int_eq(r->max_dtm, top < 0 ? 0 : top);
    } else if (r->pass == BC_SOLVE_PLACEMENT_DTM && !unstored) {
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
                                .layer_passes =
                                    BC_SOLVE_MOVEMENT | BC_SOLVE_PLACEMENT | BC_SOLVE_PLACEMENT_DTM,
                                .arg = s};
}

/* A second brute force for the whole game, by classes: the value and DTM of a placement
 * position from its moves by the rules engine, each successor's by the same recursion
 * (the placement phase is acyclic), the movement phase's from the fixpoint over its raw
 * positions above, a finished game lost in 0 for its side to move. It knows no layer
 * order; pair_index (tested above) only numbers the memo. */
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
    int goats = bits_count(pos->men[0]), c = g->ngoats - pos->inhand - goats;
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
    for (int k = 0; k <= g->ngoats; k++)
        ck_assert_int_eq(pair_index_init(&w->ix[k], g->board, sm, g->ntigers, k), 0);
    for (int h = 1; h <= g->ngoats; h++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
            for (int side = 0; side < 2; side++) {
                uint64_t n = w->ix[g->ngoats - h - c].size;
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
    for (int k = 0; k <= w->g->ngoats; k++) pair_index_free(&w->ix[k]);
    free(w->mv.pos);
    free(w->mv.code);
}

/* Every position's value and DTM in the driver's tables against the brute forces: the
 * movement phase's raw positions, every class of every placement layer. Returns how many
 * placement classes were checked. */
static uint64_t check_tables(struct whole *w, struct mem_store *m)
{
    const struct game *g = w->g;
    const uint16_t *mw[8], *md[8];
    for (int c = 0; c < g->captures_to_win; c++) {
        uint64_t n = 2 * w->ix[g->ngoats - c].size;
        mw[c] = mem_entries(m, TB_WDL, 0, c, -1, n);
        md[c] = mem_entries(m, TB_DTM, 0, c, -1, n);
    }
    for (int i = 0; i < w->mv.n; i++) {
        const struct position *p = &w->mv.pos[i];
        if (p->inhand) continue;
        int goats = bits_count(p->men[0]), c = g->ngoats - goats;
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
    for (int h = 1; h <= g->ngoats; h++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
            for (int side = 0; side < 2 - (h == g->ngoats); side++) {
                const struct pair_index *ix = &w->ix[g->ngoats - h - c];
                const uint16_t *wdl = mem_entries(m, TB_WDL, h, c, side, ix->size), *dtm;
                uint16_t *derived = NULL;
                if (side == 1) {
                    dtm = mem_entries(m, TB_DTM, h, c, side, ix->size);
                } else {
                    /* no goats' DTM table: their DTM from the tigers' layer below, as
                     * probes and stats compute it */
                    CHECK(!mem_find(m, &(struct store_table){TB_DTM, h, c, 0, 0, 0}),
                          "a goats' placement DTM table was saved");
                    const struct pair_index *below = &w->ix[g->ngoats - h - c + 1];
                    uint8_t *b = malloc(below->size + 1);
                    derived = malloc((ix->size + 1) * sizeof *derived);
                    ck_assert_ptr_nonnull(b);
                    ck_assert_ptr_nonnull(derived);
                    /* the movement phase's table holds both sides, the tigers' entries odd */
                    const uint16_t *t =
                        h > 1 ? mem_entries(m, TB_DTM, h - 1, c, 1, below->size) : md[c] + 1;
                    for (uint64_t r = 0; r < below->size; r++) b[r] = (uint8_t)t[h > 1 ? r : 2 * r];
                    for (uint64_t r = 0; r < ix->size; r++) derived[r] = code_of_wdl(wdl[r]);
                    ck_assert_msg(bc_goats_dtm(g, h, c, ix, below, b, derived, err, sizeof err) ==
                                      0,
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
    const unsigned all = BC_SOLVE_MOVEMENT | BC_SOLVE_PLACEMENT | BC_SOLVE_PLACEMENT_DTM;
    char err[400];
    ck_assert_msg(bc_solve(&g, all, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(seen.layers[BC_SOLVE_MOVEMENT], g.captures_to_win);
    ck_assert_int_eq(seen.layers[BC_SOLVE_PLACEMENT], seen.layers[BC_SOLVE_PLACEMENT_DTM]);
    ck_assert_int_eq(seen.resumed + seen.skipped + m->notices, 0);
    /* every table but the goats' placement DTM: one goats' layer a (in hand, captured) */
    int goats_layers = 0;
    for (int in = 1; in <= g.ngoats; in++)
        for (int c = 0; c < g.captures_to_win && c <= g.ngoats - in; c++) goats_layers++;
    ck_assert_int_eq(m->saves,
                     2 * (g.captures_to_win + seen.layers[BC_SOLVE_PLACEMENT]) - goats_layers);

    struct whole *w = malloc(sizeof *w);
    ck_assert_ptr_nonnull(w);
    /* on 3x3 the fixpoint covers the placement too: the class recursion must agree */
    bool small = !strcmp(board, "3x3");
    whole_init(w, &g, sm, small);
    uint64_t checked = check_tables(w, m);
    /* a layer for each number captured short of the goal, each of about as many classes */
    ck_assert_uint_gt(checked, (small ? 120 : 1700000) * (uint64_t)g.captures_to_win);
    for (int i = 0; small && i < w->mv.n; i++) {
        struct position p = w->mv.pos[i];
        if (p.inhand) CHECK(whole_code(w, &p, 0) == w->mv.code[i], "the brute forces disagree");
    }
    /* the start: the goats lose on the small boards (guti solve says so too) with the
     * boards' own goals */
    struct position start = g.ops->start(&g);
    if (g.captures_to_win == g.captures_default)
        ck_assert_int_eq((whole_code(w, &start, 0) - 1) % 2, 0);

    /* a run over finished tables reads them back and saves nothing */
    struct mem_store *before = mem_copy(m);
    m->saves = 0;
    h = mem_hooks(m, &seen);
    ck_assert_msg(bc_solve(&g, all, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->saves, 0);
    ck_assert_int_eq(seen.resumed, g.captures_to_win);
    ck_assert_int_eq(seen.skipped, 2);

    /* tables lost or damaged are made again, exactly */
    int cw = g.captures_to_win, hmid = g.ngoats / 2;
    if (cw > 1) mem_remove(m, mem_find(m, &(struct store_table){TB_DTM, 0, cw - 1, -1, 0, 0}));
    mem_find(m, &(struct store_table){TB_WDL, 0, 0, -1, 0, 0})->damaged = true;
    mem_remove(m, mem_find(m, &(struct store_table){TB_WDL, hmid, 0, 1, 0, 0}));
    mem_find(m, &(struct store_table){TB_WDL, hmid + 1, 0, 0, 0, 0})->damaged = true;
    mem_remove(m, mem_find(m, &(struct store_table){TB_DTM, 1, 0, 1, 0, 0}));
    /* a tigers' DTM table that reads back damaged: its group's goats' layers, not stored,
     * are made then */
    mem_find(m, &(struct store_table){TB_DTM, hmid + 1, 0, 1, 0, 0})->damaged = true;
    h = mem_hooks(m, &seen);
    ck_assert_msg(bc_solve(&g, all, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->notices, 1); /* the damaged movement table, solved again */
    mem_same(before, m);
    ck_assert_uint_eq(check_tables(w, m), checked);
    /* a WDL table that says a won position is lost: the DTM pass stops */
    struct mem_table *wt = mem_find(m, &(struct store_table){TB_WDL, hmid, 0, 1, 0, 0});
    uint64_t i = 0;
    while (i < wt->t.npositions && wt->e[i] != WDL_WIN) i++;
    ck_assert_uint_lt(i, wt->t.npositions);
    wt->e[i] = WDL_LOSS;
    mem_remove(m, mem_find(m, &(struct store_table){TB_DTM, hmid, 0, 1, 0, 0}));
    ck_assert_int_eq(bc_solve(&g, BC_SOLVE_PLACEMENT_DTM, &h, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "disagree with the WDL tables"), "%s", err);

    whole_free(w);
    free(w);
    mem_free(before);
    mem_free(m);
    free(sm);
}

/* The raw states some game from the start reaches (a breadth-first search with the rules
 * engine's moves): seen[i] for br->pos[i]. */
static char *reached_raw(const struct game *g, const struct brute *br)
{
    char *seen = calloc((size_t)br->n, 1);
    int *queue = malloc((size_t)br->n * sizeof *queue), head = 0, tail = 0;
    ck_assert(seen && queue);
    struct position start = g->ops->start(g);
    queue[tail++] = brute_find(br, &start);
    seen[queue[0]] = 1;
    struct movelist l;
    movelist_init(&l);
    while (head < tail) {
        int n = g->ops->moves(g, &br->pos[queue[head++]], &l);
        for (int j = 0; j < n; j++) {
            int q = brute_find(br, &l.succ[j]);
            if (q >= 0 && !seen[q]) {
                seen[q] = 1;
                queue[tail++] = q;
            }
        }
    }
    movelist_free(&l);
    free(queue);
    return seen;
}

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
    int N = g->ngoats, cw = g->captures_to_win;
    uint64_t total = 0;
    memset(cr, 0, sizeof *cr);
    for (int k = 0; k <= N; k++)
        ck_assert_int_eq(pair_index_init(&cr->ix[k], g->board, sm, g->ntigers, k), 0);
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
    for (int k = 0; k <= g->ngoats; k++) pair_index_free(&cr->ix[k]);
}

/* Reachability on 3x3: classes found forward by bc_reach against a breadth-first search
 * over raw states with the rules engine's moves (passes included under goat-pass), each
 * way of stepping under each rule set. */
START_TEST(reach_3x3)
{
    const int ways = BC_REACH_PULL + 1;
    bc_reach_way = _i % ways;
    struct game g = setup("baghchal", _i / ways ? "goat-pass" : "standard", "3x3");
    struct symmap *sm = symmap_for(g.board);
    struct brute br;
    brute_enumerate(&br, &g, true);
    char *seen = reached_raw(&g, &br);
    struct position start = g.ops->start(&g);
    struct pair_index ix[5];
    for (int k = 0; k <= 4; k++) ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k), 0);
    struct bc_reach_place G[4], T[5];
    struct bitset move;
    ck_assert_int_eq(bitset_alloc(&move, 2 * ix[4].size), 0);
    for (int p = 0; p <= 3; p++) {
        G[p].ix = T[p + 1].ix = &ix[p];
        T[p + 1].ix = &ix[p + 1];
        ck_assert_int_eq(bitset_alloc(&G[p].r, ix[p].size), 0);
        ck_assert_int_eq(bitset_alloc(&T[p + 1].r, ix[p + 1].size), 0);
    }
    bitset_set(&G[0].r, pair_index_rank(&ix[0], start.men[1], start.men[0]));
    for (int p = 0; p <= 3; p++) {
        bc_reach_from_goats(&g, &G[p], p == 3 ? &ix[4] : &ix[p + 1], p == 3 ? &move : &T[p + 1].r,
                            p == 3);
        if (p < 3) bc_reach_from_tigers(&g, &T[p + 1], &G[p + 1], 1);
    }
    ck_assert_int_eq(bc_reach_movement(&g, &ix[4], &move, NULL, NULL), 0);
    int reached = 0;
    for (int i = 0; i < br.n; i++) {
        const struct position *q = &br.pos[i];
        int p = g.ngoats - q->inhand;
        uint64_t r = pair_index_rank(&ix[bits_count(q->men[0])], q->men[1], q->men[0]);
        int got = q->inhand == 0 ? bitset_get(&move, 2 * r + (uint64_t)q->side)
                  : q->side == 0 ? bitset_get(&G[p].r, r)
                                 : bitset_get(&T[p].r, r);
        char fen[64];
        g.ops->format(&g, q, fen, sizeof fen);
        CHECK(got == seen[i], "%s: reach %d, breadth-first search %d", fen, got, seen[i]);
        reached += seen[i];
    }
    ck_assert_int_gt(reached, 100);
    /* Passes reach 8 raw states that standard play does not (the search's count): so the
     * goat-pass case does exercise them. */
    ck_assert_int_eq(reached, _i / ways ? 3580 : 3572);
    for (int p = 0; p <= 3; p++) {
        bitset_free(&G[p].r);
        bitset_free(&T[p + 1].r);
    }
    bitset_free(&move);
    for (int k = 0; k <= 4; k++) pair_index_free(&ix[k]);
    free(seen);
    free(br.pos);
    free(br.code);
    free(sm);
    bc_reach_way = BC_REACH_AUTO;
}
END_TEST

/* The reach driver with its tables in memory: on 3x3 every raw state's bit against the
 * breadth-first search; on 3x3 and 4x4, runs resumed after tables were lost (a step in
 * the middle, the movement phase) or with nothing to do make the tables of a whole run. */
struct reach_seen {
    int layers, resumed;
};

static void reach_layer(void *arg, const struct bc_reach_layer *r)
{
    struct reach_seen *s = arg;
    s->layers++;
    s->resumed += r->resumed;
}

static struct bc_reach_hooks reach_hooks(struct mem_store *m, struct reach_seen *s)
{
    *s = (struct reach_seen){0};
    return (struct bc_reach_hooks){
        .store = {.load = mem_load, .save = mem_save, .arg = m}, .layer = reach_layer, .arg = s};
}

static void reach_driver(const char *board, const char *rules)
{
    struct game g = setup("baghchal", rules, board);
    struct mem_store *m = calloc(1, sizeof *m);
    ck_assert_ptr_nonnull(m);
    struct reach_seen seen;
    struct bc_reach_hooks h = reach_hooks(m, &seen);
    struct bc_reach_result res;
    char err[400];
    ck_assert_msg(bc_reach_all(&g, &h, &res, err, sizeof err) == 0, "%s", err);
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
    for (int h = 0; h <= g.ngoats; h++)
        for (int c = 0; c < g.captures_to_win && c <= g.ngoats - h; c++)
            for (int side = 0; side < (h ? 2 - (h == g.ngoats) : 1); side++) {
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
            ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k), 0);
        int reached = 0;
        for (int i = 0; i < br.n; i++) {
            const struct position *q = &br.pos[i];
            int goats = bits_count(q->men[0]), c = g.ngoats - q->inhand - goats;
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
    ck_assert_int_eq(bc_reach_all(&g, &h, &res, err, sizeof err), 0);
    ck_assert(res.all_stored);
    ck_assert_int_eq(m->saves + seen.layers, 0);

    /* a table lost in the middle: the run restarts at its step, reading back the goats to
     * move before it; one lost in the movement phase: the placement is trusted */
    int cw = g.captures_to_win, mid = g.ngoats / 2;
    mem_remove(m, mem_find(m, &(struct store_table){TB_REACH, mid, 0, 1, 0, 0}));
    h = reach_hooks(m, &seen);
    ck_assert_msg(bc_reach_all(&g, &h, &res, err, sizeof err) == 0, "%s", err);
    ck_assert_int_gt(seen.resumed, 0);
    ck_assert_int_lt(m->saves, seen.layers);
    mem_same(before, m);
    mem_remove(m, mem_find(m, &(struct store_table){TB_REACH, 0, cw - 1, -1, 0, 0}));
    m->saves = 0;
    h = reach_hooks(m, &seen);
    ck_assert_msg(bc_reach_all(&g, &h, &res, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(m->saves, 1); /* that table alone, from the layers read back */
    mem_same(before, m);

    /* a goats-to-move table to resume from that does not read back stops the run */
    mem_remove(m, mem_find(m, &(struct store_table){TB_REACH, mid, 0, 1, 0, 0}));
    mem_find(m, &(struct store_table){TB_REACH, mid + 1, 0, 0, 0, 0})->damaged = true;
    h = reach_hooks(m, &seen);
    ck_assert_int_eq(bc_reach_all(&g, &h, &res, err, sizeof err), -1);
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

START_TEST(movement_3x3)
{
    check_against_brute("3x3", "standard");
    check_against_brute("3x3", "goat-pass");
}
END_TEST

START_TEST(movement_4x4)
{
    check_against_brute("4x4", "standard");
    check_against_brute("4x4", "goat-pass");
}
END_TEST

/* Pushing and pulling a placement step give the same next layers, captures included: 4x4,
 * random reached sets of every density. */
static void random_bits(struct bitset *b, unsigned *seed, int percent)
{
    for (uint64_t i = 0; i < b->n; i++)
        if ((int)(rand_r(seed) % 100) < percent) bitset_set(b, i);
}

START_TEST(reach_push_pull_4x4)
{
    struct game g = setup("baghchal", "standard", "4x4");
    struct symmap *sm = symmap_for(g.board);
    enum { P = 5, NC = 4 }; /* 5 goats placed, 0..3 captured */
    struct pair_index ix[P + 2];
    for (int k = 0; k <= P + 1; k++)
        ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k), 0);
    unsigned seed = 7;
    for (int percent = 0; percent <= 100; percent += 25) {
        struct bc_reach_place gp[NC], tp[NC], out[2][NC];
        struct bitset move[2];
        for (int c = 0; c < NC; c++) {
            gp[c].ix = tp[c].ix = out[0][c].ix = out[1][c].ix = &ix[P - c];
            ck_assert_int_eq(bitset_alloc(&gp[c].r, ix[P - c].size), 0);
            ck_assert_int_eq(bitset_alloc(&tp[c].r, ix[P - c].size), 0);
            random_bits(&gp[c].r, &seed, percent);
            random_bits(&tp[c].r, &seed, percent);
        }
        for (int way = 0; way < 2; way++) {
            bc_reach_way = way ? BC_REACH_PULL : BC_REACH_PUSH;
            for (int c = 0; c < NC; c++)
                ck_assert_int_eq(bitset_alloc(&out[way][c].r, ix[P - c].size), 0);
            bc_reach_from_tigers(&g, tp, out[way], NC);
            ck_assert_int_eq(bitset_alloc(&move[way], 2 * ix[P + 1].size), 0);
            bc_reach_from_goats(&g, &gp[0], &ix[P + 1], &move[way], 1);
        }
        for (int c = 0; c < NC; c++) {
            ck_assert(memcmp(out[0][c].r.w, out[1][c].r.w, (out[0][c].r.n / 64 + 1) * 8) == 0);
            if (percent) ck_assert_uint_gt(bitset_count(&out[0][c].r), 0);
        }
        ck_assert(memcmp(move[0].w, move[1].w, (move[0].n / 64 + 1) * 8) == 0);
        ck_assert_uint_eq(bitset_count(&move[0]) > 0, percent > 0);
        for (int c = 0; c < NC; c++) {
            bitset_free(&gp[c].r);
            bitset_free(&tp[c].r);
            bitset_free(&out[0][c].r);
            bitset_free(&out[1][c].r);
        }
        bitset_free(&move[0]);
        bitset_free(&move[1]);
    }
    bc_reach_way = BC_REACH_AUTO;
    for (int k = 0; k <= P + 1; k++) pair_index_free(&ix[k]);
    free(sm);
}
END_TEST

/* The move graph's self-test finds nothing wrong with the layers as they are, on every
 * rule set of the small boards and the small materials, and checks every position when
 * asked to. */
START_TEST(selftest_passes)
{
    const char *games[][3] = {{"baghchal", "standard", "3x3"},
                              {"baghchal", "goat-pass", "3x3"},
                              {"sixteen", "optional", NULL},
                              {"sixteen", "forced", NULL}};
    for (int k = 0; k < 4; k++) {
        struct game g = setup(games[k][0], games[k][1], games[k][2]);
        struct selftest_result r;
        char err[200];
        ck_assert_msg(selftest_moves(&g, 3, 0, NULL, NULL, &r, err, sizeof err) == 0, "%s", err);
        ck_assert_msg(r.faults == 0, "%s %s: %llu faulty positions", games[k][0], games[k][1],
                      (unsigned long long)r.faults);
        /* 3x3: c0 and 7 placement layers; materials 1+1 and 2+1 */
        ck_assert_int_eq(r.layers, (k < 2 ? 8 : 2));
        ck_assert_uint_eq(r.checked, r.positions);
        ck_assert_uint_gt(r.links, r.checked);
    }
    struct game nr = setup("baghchal", "no-repeat", "3x3");
    struct selftest_result r;
    char err[200];
    ck_assert_int_eq(selftest_moves(&nr, 0, 0, NULL, NULL, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "no layers") != NULL, "%s", err);
}
END_TEST

/* A layer whose predecessors miss one now and then, as a bug would. */
static int (*real_predecessors)(void *ctx, uint64_t i, uint64_t *pred);

static int drop_a_predecessor(void *ctx, uint64_t i, uint64_t *pred)
{
    int k = real_predecessors(ctx, i, pred);
    return k > 1 && i % 7 == 3 ? k - 1 : k;
}

static void describe_index(void *arg, uint64_t i, char *buf, size_t len)
{
    (void)arg;
    snprintf(buf, len, "position %llu", (unsigned long long)i);
}

/* ... and the self-test catches it, naming a faulty position. */
START_TEST(selftest_fails_on_a_broken_graph)
{
    struct game g = setup("baghchal", "standard", "4x4");
    struct symmap *sm = symmap_for(g.board);
    struct bc_layer l;
    ck_assert_int_eq(bc_layer_init(&l, &g, sm, g.captures_to_win - 1), 0); /* no next layer */
    struct retro_layer R = bc_layer_retro(&l);
    struct selftest_layer out = {0};
    ck_assert_int_eq(selftest_layer_graph(&R, 0, describe_index, NULL, &out), 0);
    ck_assert_uint_eq(out.faults, 0);
    ck_assert_uint_eq(out.checked, R.size);
    real_predecessors = R.predecessors;
    R.predecessors = drop_a_predecessor;
    memset(&out, 0, sizeof out);
    ck_assert_int_eq(selftest_layer_graph(&R, 0, describe_index, NULL, &out), 0);
    ck_assert_uint_gt(out.faults, 0);
    ck_assert_int_eq(out.nexamples, SELFTEST_EXAMPLES);
    ck_assert_msg(strstr(out.examples[0], "predecessor") != NULL, "%s", out.examples[0]);
    bc_layer_free(&l);
    free(sm);
}
END_TEST

Suite *retro_suite(void)
{
    Suite *s = suite_create("retro");
    TCase *tc = tcase_create("retro");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, index_small_boards);
    tcase_add_test(tc, index_burnside);
    tcase_add_test(tc, index_add_each);
    tcase_add_test(tc, index_movement_counts);
    tcase_add_test(tc, engines_on_random_graphs);
    tcase_add_test(tc, shared_engine_on_random_graphs);
    tcase_add_test(tc, verify_samples);
    tcase_add_test(tc, engines_on_a_long_chain);
    tcase_add_test(tc, movement_3x3);
    tcase_add_test(tc, movement_4x4);
    tcase_add_test(tc, whole_game_3x3);
    tcase_add_test(tc, whole_game_4x4);
    tcase_add_loop_test(tc, reach_3x3, 0, 2 * (BC_REACH_PULL + 1)); /* ways x rule sets */
    tcase_add_test(tc, reach_push_pull_4x4);
    tcase_add_test(tc, selftest_passes);
    tcase_add_test(tc, selftest_fails_on_a_broken_graph);
    tcase_add_test(tc, reach_driver_small);
    suite_add_tcase(s, tc);
    TCase *goals = tcase_create("capture goals");
    tcase_set_timeout(goals, 120);
    tcase_add_loop_test(goals, capture_goals, 0, (int)(sizeof goal_cases / sizeof goal_cases[0]));
    suite_add_tcase(s, goals);
    return s;
}
