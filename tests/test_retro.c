/* The index and the retrograde engine: index round trips, and Bagh-Chal's movement phase
 * on the small boards against a plain brute-force fixpoint over every raw position. */
#include <stdlib.h>

#include "bc_layers.h"
#include "bc_place.h"
#include "bc_reach.h"
#include "helpers.h"
#include "index.h"

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

START_TEST(index_small_boards)
{
    for (int nb = 0; nb <= 4; nb++) check_index(board_named("3x3"), 4, nb, 1);
    for (int nb = 9; nb <= 12; nb++) check_index(board_named("4x4"), 4, nb, 1);
    check_index(board_named("sixteen"), 2, 2, 1);
    check_index(board_named("sixteen"), 3, 1, 1);
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
                    ck_assert_int_lt(br->n, cap);
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
            ck_assert(succ[nsucc] != -1 || o.reason != END_NONE);
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
        ck_assert_uint_eq(retro_verify(&R, layers[c].res, bad, 4, &nbad), 0);
    }
    uint64_t decided = 0;
    for (int i = 0; i < br.n; i++) {
        const struct position *p = &br.pos[i];
        int c = g.ngoats - bits_count(p->men[0]);
        uint64_t q = bc_layer_position_index(&layers[c], p->men[1], p->men[0], p->side);
        char fen[64];
        g.ops->format(&g, p, fen, sizeof fen);
        ck_assert_msg(layers[c].res[q] == br.code[i], "%s %s %s: engine %d, brute force %d", board,
                      rules, fen, layers[c].res[q], br.code[i]);
        decided += br.code[i] != 0;
    }
    ck_assert_uint_gt(decided, 0);
    /* A damaged entry is caught by the verifier. */
    struct retro_layer R = bc_layer_retro(&layers[0]);
    layers[0].res[0] ^= 2;
    uint64_t bad[4];
    int nbad;
    ck_assert_uint_gt(retro_verify(&R, layers[0].res, bad, 4, &nbad), 0);
    for (int c = 0; c < g.captures_to_win; c++) bc_layer_free(&layers[c]);
    free(br.pos);
    free(br.code);
    free(sm);
}

/* The whole game on 3x3 (one capture wins, so one layer per phase and side): the
 * placement layers from bc_place against the brute force over every raw state. */
static void whole_game_3x3(const char *rules)
{
    struct game g = setup("baghchal", rules, "3x3");
    struct symmap *sm = symmap_for(g.board);
    struct brute br;
    brute_enumerate(&br, &g, true);
    brute_solve(&br, &g);
    struct bc_layer move;
    ck_assert_int_eq(bc_layer_init(&move, &g, sm, 0), 0);
    struct retro_layer R = bc_layer_retro(&move);
    move.res = malloc(R.size * sizeof *move.res);
    struct retro_stats st;
    ck_assert_int_eq(retro_solve(&R, move.res, &st), 0);
    struct pair_index ix[5];
    for (int k = 0; k <= 4; k++) ck_assert_int_eq(pair_index_init(&ix[k], g.board, sm, 4, k), 0);
    /* layers[p][side]: goats placed p, no capture (one capture ends the game) */
    struct bc_place_layer L[5][2], next = {.placed = 4, .side = 1, .ix = &ix[4]};
    ck_assert_int_eq(wdl_alloc(&next.val, ix[4].size), 0);
    next.dtm = malloc(ix[4].size);
    for (uint64_t i = 0; i < ix[4].size; i++) {
        retro_code c = move.res[2 * i + 1];
        wdl_set(&next.val, i, c == 0 ? WDL_DRAW : code_win(c) ? WDL_WIN : WDL_LOSS);
        next.dtm[i] = (uint8_t)c;
    }
    const struct bc_place_layer *after = &next;
    for (int p = 3; p >= 0; p--) {
        L[p][0] = (struct bc_place_layer){.placed = p, .ix = &ix[p], .dtm = malloc(ix[p].size)};
        ck_assert_int_eq(wdl_alloc(&L[p][0].val, ix[p].size), 0);
        bc_place_solve(&g, &L[p][0], after, NULL, NULL, NULL);
        ck_assert_uint_eq(bc_place_solve_dtm(&g, &L[p][0], after, NULL, NULL, NULL), 0);
        if (p == 0) break;
        L[p][1] = (struct bc_place_layer){
            .placed = p, .side = 1, .ix = &ix[p], .dtm = malloc(ix[p].size)};
        ck_assert_int_eq(wdl_alloc(&L[p][1].val, ix[p].size), 0);
        bc_place_solve(&g, &L[p][1], &L[p][0], NULL, NULL, NULL);
        ck_assert_uint_eq(bc_place_solve_dtm(&g, &L[p][1], &L[p][0], NULL, NULL, NULL), 0);
        after = &L[p][1];
    }
    int checked = 0, longest = 0;
    for (int i = 0; i < br.n; i++) {
        const struct position *q = &br.pos[i];
        if (q->inhand == 0) continue;
        int p = g.ngoats - q->inhand, want = br.code[i] == 0        ? WDL_DRAW
                                             : (br.code[i] - 1) % 2 ? WDL_WIN
                                                                    : WDL_LOSS;
        uint64_t r = pair_index_rank(&ix[p], q->men[1], q->men[0]);
        char fen[64];
        g.ops->format(&g, q, fen, sizeof fen);
        ck_assert_msg(wdl_get(&L[p][q->side].val, r) == want, "%s: %d, brute force %d", fen,
                      wdl_get(&L[p][q->side].val, r), want);
        ck_assert_msg(L[p][q->side].dtm[r] == br.code[i], "%s: DTM code %d, brute force %d", fen,
                      L[p][q->side].dtm[r], br.code[i]);
        longest = L[p][q->side].dtm[r] > longest ? L[p][q->side].dtm[r] : longest;
        checked++;
    }
    ck_assert_int_gt(checked, 1000);
    ck_assert_int_gt(longest, 5);
    /* A wrong value is seen by the DTM pass, which keeps what the moves say. */
    for (uint64_t i = 0; i < ix[3].size; i++)
        if (wdl_get(&L[3][1].val, i) == WDL_WIN) {
            wdl_set(&L[3][1].val, i, WDL_LOSS);
            ck_assert_uint_eq(bc_place_solve_dtm(&g, &L[3][1], &L[3][0], NULL, NULL, NULL), 1);
            ck_assert_int_eq(code_win(L[3][1].dtm[i]), 1);
            break;
        }
    /* The start: the goats lose on 3x3. */
    struct position start = g.ops->start(&g);
    int i = brute_find(&br, &start);
    ck_assert_int_eq((br.code[i] - 1) % 2, 0);
    for (int p = 0; p <= 3; p++)
        for (int side = 0; side < 2; side++)
            if (p > 0 || side == 0) {
                wdl_free(&L[p][side].val);
                free(L[p][side].dtm);
            }
    wdl_free(&next.val);
    free(next.dtm);
    for (int k = 0; k <= 4; k++) pair_index_free(&ix[k]);
    bc_layer_free(&move);
    free(br.pos);
    free(br.code);
    free(sm);
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
    char *seen = calloc((size_t)br.n, 1);
    int *queue = malloc((size_t)br.n * sizeof *queue), head = 0, tail = 0;
    struct position start = g.ops->start(&g);
    queue[tail++] = brute_find(&br, &start);
    seen[queue[0]] = 1;
    struct movelist l;
    movelist_init(&l);
    while (head < tail) {
        int n = g.ops->moves(&g, &br.pos[queue[head++]], &l);
        for (int j = 0; j < n; j++) {
            int q = brute_find(&br, &l.succ[j]);
            if (q >= 0 && !seen[q]) {
                seen[q] = 1;
                queue[tail++] = q;
            }
        }
    }
    movelist_free(&l);
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
        ck_assert_msg(got == seen[i], "%s: reach %d, breadth-first search %d", fen, got, seen[i]);
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
    free(queue);
    free(br.pos);
    free(br.code);
    free(sm);
    bc_reach_way = BC_REACH_AUTO;
}
END_TEST

START_TEST(whole_game)
{
    whole_game_3x3("standard");
    whole_game_3x3("goat-pass");
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

Suite *retro_suite(void)
{
    Suite *s = suite_create("retro");
    TCase *tc = tcase_create("retro");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, index_small_boards);
    tcase_add_test(tc, index_movement_counts);
    tcase_add_test(tc, movement_3x3);
    tcase_add_test(tc, movement_4x4);
    tcase_add_test(tc, whole_game);
    tcase_add_loop_test(tc, reach_3x3, 0, 2 * (BC_REACH_PULL + 1)); /* ways x rule sets */
    tcase_add_test(tc, reach_push_pull_4x4);
    suite_add_tcase(s, tc);
    return s;
}
