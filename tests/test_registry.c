/* The games of the registry (solver/games/registry.c), each through its interface alone, as
 * a game added tomorrow would be tested: its layers are listed once each, in an order they
 * can be solved in, each move into its own layer or one of the children its layer names
 * (every move of random games checked, children against parents), and a
 * position's rank lies below its layer's size. */
#include "helpers.h"

enum { GAMES_PLAYED = 60, MOST_PLIES = 300, RANKED_LAYERS = 8 };

struct listed {
    struct layer_entry *e;
    int n;
};

static int listed_at(const struct listed *l, const struct layer_key *k)
{
    for (int i = 0; i < l->n; i++)
        if (!memcmp(&l->e[i].k, k, sizeof *k)) return i;
    return -1;
}

static void list_layers(const struct game *g, struct listed *l)
{
    const struct game_layers *gl = g->ops->layers;
    l->n = gl->list(g, NULL, 0);
    ck_assert_int_gt(l->n, 0);
    l->e = calloc((size_t)l->n, sizeof *l->e);
    ck_assert_ptr_nonnull(l->e);
    ck_assert_int_eq(gl->list(g, l->e, l->n), l->n);
    /* each once, under a name of its own */
    for (int i = 0; i < l->n; i++) {
        char a[64], b[64];
        gl->name(g, &l->e[i].k, a, sizeof a);
        for (int j = 0; j < i; j++) {
            gl->name(g, &l->e[j].k, b, sizeof b);
            ck_assert_msg(memcmp(&l->e[i].k, &l->e[j].k, sizeof l->e[i].k) && strcmp(a, b),
                          "%s: layer %s listed twice", g->ops->name, a);
        }
    }
}

/* Every layer's children are listed before it. */
static void check_children_first(const struct game *g, const struct listed *l)
{
    struct layer_key kids[64];
    for (int i = 0; i < l->n; i++) {
        int n = g->ops->layers->children(g, &l->e[i].k, kids, 64);
        ck_assert_int_le(n, 64);
        for (int j = 0; j < n; j++) {
            int at = listed_at(l, &kids[j]);
            ck_assert_msg(at >= 0 && at < i, "%s: layer %d's child %d is listed at %d",
                          g->ops->name, i, j, at);
        }
    }
}

/* A position of a layer among the first listed (the smallest: the first to be solved) ranks
 * below its layer's size, and the same whether the index was built by rank or by size; the
 * position unrank gives for its number is of the layer and ranks as that number. */
static void check_rank(const struct game *g, void *ix, const struct listed *l, int at,
                       const struct position *pos)
{
    const struct game_layers *gl = g->ops->layers;
    uint64_t i, size, size2;
    char err[200];
    ck_assert_int_eq(gl->rank(g, ix, &l->e[at].k, pos, true, &i, &size, err, sizeof err), 0);
    ck_assert_int_eq(gl->size(g, ix, &l->e[at].k, &size2, err, sizeof err), 0);
    ck_assert_uint_eq(size, size2);
    ck_assert_uint_lt(i, size);
    /* and back: the position numbered i is of the layer, and ranks as i */
    struct position back;
    uint64_t j, size3;
    ck_assert_int_eq(gl->unrank(g, ix, &l->e[at].k, i, &back, err, sizeof err), 0);
    struct layer_key k = gl->layer_of(g, &back);
    ck_assert(!memcmp(&k, &l->e[at].k, sizeof k));
    ck_assert_int_eq(gl->rank(g, ix, &k, &back, false, &j, &size3, err, sizeof err), 0);
    ck_assert_uint_eq(j, i);
}

/* Whether layer c is among layer k's children, which are listed before it (solved first). */
static bool is_child(const struct game *g, const struct layer_key *k, const struct layer_key *c)
{
    const struct game_layers *gl = g->ops->layers;
    struct layer_key kids[64];
    int n = gl->children(g, k, kids, 64);
    ck_assert_int_le(n, 64);
    ck_assert_int_eq(gl->children(g, k, NULL, 0), n);
    bool found = false;
    for (int i = 0; i < n; i++) found |= !memcmp(&kids[i], c, sizeof *c);
    return found;
}

/* One random game from the start: every move leads to a position the rules end, into its
 * own layer (a cyclic one) or into a layer listed before; the layers met are marked. */
static void play_randomly(const struct game *g, void *ix, const struct listed *l, uint64_t *seed,
                          bool *visited)
{
    const struct game_ops *ops = g->ops;
    struct movelist ml;
    movelist_init(&ml);
    struct position pos = ops->start(g);
    struct outcome out;
    for (int ply = 0; ply < MOST_PLIES && !ops->over(g, &pos, &out); ply++) {
        struct layer_key k = ops->layers->layer_of(g, &pos);
        int at = listed_at(l, &k);
        char fen[200];
        ops->format(g, &pos, fen, sizeof fen);
        ck_assert_msg(at >= 0, "%s: the layer of %s is not listed", ops->name, fen);
        visited[at] = true;
        if (at < RANKED_LAYERS) check_rank(g, ix, l, at, &pos);
        int n = ops->moves(g, &pos, &ml);
        ck_assert_int_gt(n, 0);
        for (int m = 0; m < n; m++) {
            if (ops->over(g, &ml.succ[m], &out)) continue;
            struct layer_key ks = ops->layers->layer_of(g, &ml.succ[m]);
            int to = listed_at(l, &ks);
            ck_assert_msg(to == at || is_child(g, &k, &ks),
                          "%s: a move from %s leads to a layer not among its children", ops->name,
                          fen);
            ck_assert_msg(to >= 0 && (to < at || (to == at && l->e[at].kind == LAYER_CYCLIC)),
                          "%s: a move from %s leads to layer %d of the list, from layer %d (%s)",
                          ops->name, fen, to, at,
                          l->e[at].kind == LAYER_CYCLIC ? "cyclic" : "acyclic");
        }
        pos = ml.succ[splitmix(seed) % (uint64_t)n];
    }
    movelist_free(&ml);
}

/* One game on one board (NULL: its own): its layers listed and played through. */
static void check_layers(const struct game_ops *ops, const char *board)
{
    struct game g;
    char err[200];
    ck_assert_int_eq(game_setup(&g, ops->name, NULL, board, err, sizeof err), 0);
    struct listed l;
    list_layers(&g, &l);
    check_children_first(&g, &l);
    void *ix = ops->layers->index_new(&g, 0);
    ck_assert_ptr_nonnull(ix);
    bool *visited = calloc((size_t)l.n, sizeof *visited);
    uint64_t seed = 39;
    for (int k = 0; k < GAMES_PLAYED; k++) play_randomly(&g, ix, &l, &seed, visited);
    int nvisited = 0;
    for (int i = 0; i < l.n; i++) nvisited += visited[i];
    /* the games went through several layers, not one */
    ck_assert_int_ge(nvisited, l.n < 10 ? l.n / 2 : 10);
    free(visited);
    ops->layers->index_free(ix);
    free(l.e);
}

START_TEST(layers_in_solving_order)
{
    int games = 0;
    for (const struct game_ops *ops; (ops = game_registry(games)); games++) {
        if (!ops->layers) continue;
        struct game g;
        char err[200];
        ck_assert_int_eq(game_setup(&g, ops->name, NULL, NULL, err, sizeof err), 0);
        check_layers(ops, NULL);
        /* and on each other board its positions name */
        for (int rows = 1; ops->board_for_rows && rows <= 12; rows++) {
            const char *board = ops->board_for_rows(rows);
            if (board && strcmp(board, g.board->name)) check_layers(ops, board);
        }
    }
    ck_assert_int_ge(games, 2);
}
END_TEST

/* Every game names its boards and rules, as the tools list them: each board and each rule
 * set (a family's name with its parameter, "no-repeat:N", with a value) sets up, and the
 * rules' name reads back as given; the first of each is the default. */
START_TEST(variants_set_up)
{
    for (int i = 0; game_registry(i); i++) {
        const struct game_ops *ops = game_registry(i);
        ck_assert_ptr_nonnull(ops->boards);
        ck_assert_ptr_nonnull(ops->rules_list);
        ck_assert_ptr_nonnull(ops->boards[0]);
        ck_assert_ptr_nonnull(ops->rules_list[0]);
        struct game g;
        char err[200], name[64];
        ck_assert_int_eq(game_setup(&g, ops->name, NULL, NULL, err, sizeof err), 0);
        ck_assert_str_eq(g.board->name, ops->boards[0]);
        ops->rules_name(&g, name, sizeof name);
        ck_assert_str_eq(name, ops->rules_list[0]);
        for (int b = 0; ops->boards[b]; b++)
            for (int r = 0; ops->rules_list[r]; r++) {
                char rules[64];
                snprintf(rules, sizeof rules, "%s", ops->rules_list[r]);
                char *colon = strchr(rules, ':');
                if (colon) strcpy(colon + 1, "3"); /* a family: one of its members */
                ck_assert_msg(game_setup(&g, ops->name, rules, ops->boards[b], err, sizeof err) ==
                                  0,
                              "%s %s %s: %s", ops->name, rules, ops->boards[b], err);
                ops->rules_name(&g, name, sizeof name);
                ck_assert_str_eq(name, rules);
            }
        for (int r = 0; ops->table_rules && ops->table_rules[r]; r++)
            ck_assert_int_eq(game_setup(&g, ops->name, ops->table_rules[r], NULL, err, sizeof err),
                             0);
    }
}
END_TEST

Suite *registry_suite(void)
{
    Suite *s = suite_create("registry");
    TCase *tc = tcase_create("layers");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, layers_in_solving_order);
    tcase_add_test(tc, variants_set_up);
    suite_add_tcase(s, tc);
    return s;
}
