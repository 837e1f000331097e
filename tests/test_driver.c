/* The one driver (solver/solve/driver.c): solve_layers on every game of the registry,
 * through its hooks alone, its tables checked position by position against the engine's
 * own re-derivation (retro_verify: each code from its successors' codes), and the same
 * tables whatever the memory bound, resumed or not. */
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "helpers.h"
#include "retro.h"
#include "wdl.h"

/* The first cyclic layers of a game's list (its smallest: the first solved), and every
 * layer they need: the targets of the tests below. At most max. */
static int first_cyclic(const struct game *g, struct layer_key *out, int max)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->list(g, NULL, 0), k = 0;
    struct layer_entry *e = malloc((size_t)n * sizeof *e);
    ck_assert_ptr_nonnull(e);
    gl->list(g, e, n);
    for (int i = 0; i < n && k < max; i++)
        if (e[i].kind == LAYER_CYCLIC) out[k++] = e[i].k;
    free(e);
    return k;
}

/* Layer k's stored table of that kind, or NULL. */
static struct mem_table *find(struct mem_store *m, const struct layer_key *k, enum tb_kind kind)
{
    struct store_table t = solve_table(k, kind, 0, 0);
    return mem_find(m, &t);
}

static void count_notice(void *arg, const char *msg)
{
    (void)msg;
    (*(int *)arg)++;
}

static void count_compact(void *arg, const struct solve_layer *r)
{
    *(int *)arg += r->compact;
}

static struct mem_store *solve_into(const struct game *g, const struct solve_request *q)
{
    struct mem_store *m = calloc(1, sizeof *m);
    ck_assert_ptr_nonnull(m);
    struct solve_hooks h = {.store = {.load = mem_load, .save = mem_save, .arg = m}};
    char err[600];
    ck_assert_msg(solve_layers(g, q, &h, err, sizeof err) == 0, "%s", err);
    return m;
}

/* Every position of cyclic layer k agrees with its successors (retro_verify), its children's
 * codes read from the store; its WDL table says who wins in its DTM table. */
static void check_layer(const struct game *g, void *ix, struct mem_store *m,
                        const struct layer_key *k)
{
    const struct game_layers *gl = g->ops->layers;
    char err[300], name[64];
    gl->name(g, k, name, sizeof name);
    uint64_t n;
    ck_assert_int_eq(gl->size(g, ix, k, &n, err, sizeof err), 0);
    struct mem_table *dtm = find(m, k, TB_DTM), *wdl = find(m, k, TB_WDL);
    ck_assert_msg(dtm, "%s: no DTM table", name);
    ck_assert_msg(wdl, "%s: no WDL table", name);
    for (uint64_t i = 0; i < n; i++)
        CHECK(wdl->e[i] == (uint16_t)wdl_of_code(dtm->e[i]), "%s: position %llu", name,
              (unsigned long long)i);
    struct layer_key kids[64];
    struct held_layer held[64];
    int nk = gl->children(g, k, kids, 64);
    for (int j = 0; j < nk; j++) {
        struct mem_table *kt = find(m, &kids[j], TB_DTM);
        ck_assert_msg(kt, "%s: a child's DTM table is not stored", name);
        held[j] = (struct held_layer){.k = kids[j], .codes = kt->e};
    }
    struct retro_layer L;
    ck_assert_int_eq(gl->engine_open(g, ix, k, held, nk, 0, &L, err, sizeof err), 0);
    uint64_t bad[4];
    int nbad;
    uint64_t wrong = retro_verify(&L, dtm->e, 0, bad, 4, &nbad);
    gl->engine_close(&L);
    ck_assert_msg(wrong == 0, "%s: %llu positions disagree with their successors", name,
                  (unsigned long long)wrong);
}

/* Each game of the registry, its first cyclic layers (on its smallest board when it has
 * several; its small variant, small_rules, when it names one), solved by the driver and
 * checked. */
START_TEST(solves_every_game)
{
    int games = 0;
    for (const struct game_ops *ops; (ops = game_registry(games)); games++) {
        if (!ops->layers) continue;
        struct game g;
        char err[300];
        const char *board = NULL;
        for (int rows = 1; ops->board_for_rows && rows <= 12 && !board; rows++)
            board = ops->board_for_rows(rows);
        ck_assert_int_eq(game_setup(&g, ops->name, ops->small_rules, board, err, sizeof err), 0);
        struct layer_key k[4];
        int nk = first_cyclic(&g, k, 4);
        ck_assert_int_ge(nk, 1);
        struct solve_request q = {.targets = k, .ntargets = nk};
        struct mem_store *m = solve_into(&g, &q);
        void *ix = ops->layers->index_new(&g, 0);
        for (int j = 0; j < nk; j++) check_layer(&g, ix, m, &k[j]);
        ops->layers->index_free(ix);
        mem_free(m);
    }
    ck_assert_int_ge(games, 2);
}
END_TEST

/* A game whose solve takes a memory bound (its need hook): the bound that makes some layers
 * solved by the compact engine gives the same tables; one too small fails, naming a layer. */
START_TEST(memory_bound_same_tables)
{
    for (int i = 0; game_registry(i); i++) {
        const struct game_ops *ops = game_registry(i);
        if (!ops->layers || !ops->layers->need) continue;
        struct game g;
        char err[600];
        ck_assert_int_eq(game_setup(&g, ops->name, ops->small_rules, NULL, err, sizeof err), 0);
        struct layer_key k[5];
        int nk = first_cyclic(&g, k, 5);
        struct solve_request q = {.targets = k, .ntargets = nk};
        struct mem_store *free_run = solve_into(&g, &q);
        /* the most any layer needs by the compact engine: every layer fits it, and the
         * largest does not fit the default */
        uint64_t bound = 0;
        for (int j = 0; j < nk; j++) {
            struct layer_need need;
            ops->layers->need(&g, &k[j], &need);
            if (need.compact + need.exits > bound) bound = need.compact + need.exits;
        }
        q.memory = bound;
        struct mem_store *bounded = calloc(1, sizeof *bounded);
        int ncompact = 0;
        struct solve_hooks hb = {.store = {.load = mem_load, .save = mem_save, .arg = bounded},
                                 .layer = count_compact,
                                 .arg = &ncompact};
        ck_assert_msg(solve_layers(&g, &q, &hb, err, sizeof err) == 0, "%s", err);
        ck_assert_int_ge(ncompact, 1);
        mem_same(free_run, bounded);
        q.memory = bound - 1;
        struct mem_store m = {0};
        struct solve_hooks h = {.store = {.load = mem_load, .save = mem_save, .arg = &m}};
        ck_assert_int_eq(solve_layers(&g, &q, &h, err, sizeof err), -1);
        ck_assert_msg(strstr(err, "is too little"), "%s", err);
        ck_assert_int_eq(m.saves, 0);
        mem_free(free_run);
        mem_free(bounded);
    }
}
END_TEST

/* Only the targets: what they read must be stored; once it is, the same tables. A damaged
 * table is solved again, and said. */
START_TEST(targets_only_and_resume)
{
    struct game g;
    char err[600];
    ck_assert_int_eq(game_setup(&g, "sixteen", NULL, NULL, err, sizeof err), 0);
    struct layer_key k[4];
    int nk = first_cyclic(&g, k, 4);
    ck_assert_int_eq(nk, 4);
    struct solve_request q = {.targets = k, .ntargets = nk};
    struct mem_store *all = solve_into(&g, &q);
    /* the last alone, its children missing */
    struct mem_store *m = calloc(1, sizeof *m);
    int notices = 0;
    struct solve_hooks h = {.store = {.load = mem_load, .save = mem_save, .arg = m}};
    struct solve_request one = {.targets = &k[3], .ntargets = 1, .targets_only = true};
    ck_assert_int_eq(solve_layers(&g, &one, &h, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "read back for the moves of material"), "%s", err);
    mem_free(m);
    /* with every table but its own stored */
    m = mem_copy(all);
    for (int kind = TB_WDL; kind <= TB_DTM; kind++) mem_remove(m, find(m, &k[3], kind));
    h.store.arg = m;
    ck_assert_msg(solve_layers(&g, &one, &h, err, sizeof err) == 0, "%s", err);
    mem_same(all, m);
    /* a damaged DTM table: said, solved again, the same */
    find(m, &k[2], TB_DTM)->damaged = true;
    int saves = m->saves;
    h.notice = count_notice;
    h.arg = &notices;
    ck_assert_msg(solve_layers(&g, &q, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(notices, 1);
    ck_assert_int_eq(m->saves, saves + 2);
    mem_same(all, m);
    mem_free(m);
    mem_free(all);
}
END_TEST

/* hold: solve_hold_codes keeps the entry part alone, a byte each when every code there
 * fits (one past it does not matter) or when fewer than one in 8 do not (those listed in
 * big: 255 itself among them, the byte's escape), else as codes; the waves of the narrowing
 * in place (past 65536) give every code; a game without entry_part holds all, untouched. */
START_TEST(hold_codes_in_part)
{
    struct mem_store none = {0};
    struct store_hooks ref = {.load = mem_load, .save = mem_save, .arg = &none};
    struct part_game p;
    const uint64_t sizes[] = {1, 7, 1000, 300001};
    for (int whole = 0; whole < 2; whole++) {
        part_game_make(&p, "sixteen", NULL, &ref, whole ? PART_GAME_WHOLE : PART_GAME_MIDDLE,
                       false);
        struct layer_key k = {{3, 2, 0, 0}};
        for (int s = 0; s < 4; s++) {
            /* wide: 0 every code fits a byte; 1 three do not (few but in the smallest
             * parts); 2 one in 4 does not */
            for (int wide = 0; wide < 3; wide++) {
                uint64_t n = sizes[s], first = whole ? 0 : n / 4, count = whole ? n : n / 2;
                retro_code *codes = malloc(n * sizeof *codes), *want = malloc(n * sizeof *want);
                for (uint64_t i = 0; i < n; i++) want[i] = (retro_code)(i * 7919 % 251);
                if (!whole) want[n - 1] = 999; /* past the part: still bytes */
                uint64_t big = 0;
                if (wide == 1 && count) {
                    want[first + count / 2] = 300;
                    want[first] = 255;
                    want[first + count - 1] = 65000;
                    big = count < 3 ? count : 3;
                }
                for (uint64_t j = 0; wide == 2 && j < count; j += 4, big++)
                    want[first + j] = (retro_code)(256 + j % 4000);
                memcpy(codes, want, n * sizeof *codes);
                struct held_layer h = solve_hold_codes(&p.g, &k, n, codes);
                ck_assert_uint_eq(h.first, first);
                ck_assert_uint_eq(h.count, count);
                bool in_bytes = !big || big < count / 8;
                ck_assert(in_bytes ? h.bytes && !h.codes : h.codes && !h.bytes);
                ck_assert_uint_eq(h.nbig, in_bytes ? big : 0);
                for (uint64_t i = first; i < first + count; i++)
                    CHECK(held_code(&h, i) == want[i], "n %llu wide %d position %llu: %u, not %u",
                          (unsigned long long)n, wide, (unsigned long long)i, held_code(&h, i),
                          want[i]);
                solve_held_free(&h);
                free(want);
            }
        }
        part_game_free(&p);
    }
    struct game g = setup("sixteen", NULL, NULL);
    retro_code *codes = malloc(10 * sizeof *codes);
    for (int i = 0; i < 10; i++) codes[i] = (retro_code)(i + 1);
    struct held_layer h = solve_hold_codes(&g, &(struct layer_key){{2, 1, 0, 0}}, 10, codes);
    ck_assert(h.codes == codes && !h.bytes && h.first == 0 && held_code(&h, 9) == 10);
    solve_held_free(&h);
}
END_TEST

/* The DTM pass and the counting rule's (limit 10) of the first cyclic layers of g into a new
 * store, read back from it when not; the number of children engines were given. */
static struct mem_store *both_passes(const struct game *g, const struct layer_key *k, int nk,
                                     bool targets_only, struct mem_store *m)
{
    if (!m) m = calloc(1, sizeof *m);
    ck_assert_ptr_nonnull(m);
    struct solve_hooks h = {.store = {.load = mem_load, .save = mem_save, .arg = m}};
    char err[600];
    for (int limit = 0; limit <= 10; limit += 10) {
        struct solve_request q = {
            .targets = k, .ntargets = nk, .targets_only = targets_only, .dtc_limit = limit};
        ck_assert_msg(solve_layers(g, &q, &h, err, sizeof err) == 0, "%s", err);
    }
    return m;
}

/* hold: a game whose children are held in part (entry_part: the middle half, as the test's
 * part game names it; then all) makes the same tables in both passes, its engines given
 * exactly the codes of the part, in bytes; read back for a layer solved alone too. */
START_TEST(held_in_part_same_tables)
{
    struct game g = setup("sixteen", NULL, NULL);
    struct layer_key k[6];
    int nk = first_cyclic(&g, k, 6);
    struct mem_store *plain = both_passes(&g, k, nk, false, NULL);
    for (int whole = 0; whole < 2; whole++) {
        struct part_game p;
        struct store_hooks ref = {.load = mem_load, .save = mem_save, .arg = plain};
        part_game_make(&p, "sixteen", NULL, &ref, whole ? PART_GAME_WHOLE : PART_GAME_MIDDLE,
                       false);
        struct mem_store *held = both_passes(&p.g, k, nk, false, NULL);
        mem_same(plain, held);
        ck_assert_uint_eq(p.wrong, 0);
        ck_assert_int_ge(p.kids, nk);
        ck_assert_int_eq(p.in_bytes, p.kids);
        ck_assert_int_eq(p.in_part, whole ? 0 : p.kids);
        /* the last alone, its children read back from the store and held in part */
        const enum tb_kind kinds[3] = {TB_WDL, TB_DTM, TB_DTC};
        for (int j = 0; j < 3; j++) {
            struct store_table t = solve_table(&k[nk - 1], kinds[j], 0, j == 2 ? 10 : 0);
            mem_remove(held, mem_find(held, &t));
        }
        int kids = p.kids;
        both_passes(&p.g, &k[nk - 1], 1, true, held);
        ck_assert_int_gt(p.kids, kids);
        ck_assert_uint_eq(p.wrong, 0);
        mem_same(plain, held);
        mem_free(held);
        part_game_free(&p);
    }
    /* the poison has teeth: Sixteen Soldiers' engines read outside the middle half */
    struct part_game p;
    struct store_hooks ref = {.load = mem_load, .save = mem_save, .arg = plain};
    part_game_make(&p, "sixteen", NULL, &ref, PART_GAME_MIDDLE, true);
    struct mem_store *poisoned = both_passes(&p.g, k, nk, false, NULL);
    bool differ = false;
    for (int j = 0; j < nk; j++) {
        uint64_t n = find(plain, &k[j], TB_DTM)->t.npositions;
        const uint16_t *a = find(plain, &k[j], TB_DTM)->e, *b = find(poisoned, &k[j], TB_DTM)->e;
        differ |= memcmp(a, b, n * sizeof *a) != 0;
    }
    ck_assert(differ);
    mem_free(poisoned);
    part_game_free(&p);
    mem_free(plain);
}
END_TEST

/* A copy of g's ops and layers with no entry_part: its children held whole. */
struct whole_game {
    struct game g;
    struct game_ops ops;
    struct game_layers layers;
};

static void whole_game_make(struct whole_game *w, const struct game *g)
{
    w->g = *g;
    w->ops = *g->ops;
    w->layers = *g->ops->layers;
    w->layers.entry_part = NULL;
    w->ops.layers = &w->layers;
    w->g.ops = &w->ops;
}

/* hold: Adugo's captures read only the dogs-to-move half of its children, both rule sets:
 * the part game holding that half (the game's entry_part; the lower half when it names
 * none), every code outside it poisoned, makes the same tables in both passes; and Adugo
 * as registered, its children narrowed to its entry part, those of Adugo without one. */
START_TEST(adugo_held_in_part)
{
    const char *rules[] = {"optional-d4-k2", "forced-d4-k2", "optional-d5-k3"};
    for (int r = 0; r < 3; r++) {
        struct game g = setup("adugo", rules[r], NULL);
        struct layer_key k[16];
        int nk = first_cyclic(&g, k, 16);
        ck_assert_int_ge(nk, 2);
        struct mem_store *plain = both_passes(&g, k, nk, false, NULL);
        struct part_game p;
        struct store_hooks ref = {.load = mem_load, .save = mem_save, .arg = plain};
        bool own = g.ops->layers->entry_part != NULL;
        part_game_make(&p, "adugo", rules[r], &ref, own ? PART_GAME_OWN : PART_GAME_LOWER, true);
        struct mem_store *held = both_passes(&p.g, k, nk, false, NULL);
        mem_same(plain, held);
        ck_assert_uint_eq(p.wrong, 0);
        ck_assert_int_ge(p.kids, nk - 1);
        ck_assert_int_eq(p.in_part, p.kids);
        part_game_free(&p);
        mem_free(held);
        struct whole_game w;
        whole_game_make(&w, &g);
        struct mem_store *whole = both_passes(&w.g, k, nk, false, NULL);
        mem_same(plain, whole);
        mem_free(whole);
        mem_free(plain);
    }
}
END_TEST

Suite *driver_suite(void)
{
    Suite *s = suite_create("driver");
    TCase *tc = tcase_create("driver");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, solves_every_game);
    tcase_add_test(tc, memory_bound_same_tables);
    tcase_add_test(tc, targets_only_and_resume);
    tcase_add_test(tc, hold_codes_in_part);
    tcase_add_test(tc, held_in_part_same_tables);
    tcase_add_test(tc, adugo_held_in_part);
    suite_add_tcase(s, tc);
    return s;
}
