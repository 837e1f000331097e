/* Adugo's positions in table layers (game.h's struct game_layers): a layer per number of
 * dogs on the board, d, from the variant's N down to the last before the jaguar's goal,
 * both sides to move in one table: position i < C is class i of the pair index (A = the
 * jaguar, B = the dogs) with the dogs to move, position C + i the same class with the
 * jaguar to move, C the index's size. The dogs to move come first because a capture always
 * leaves them to move: the layers a capture leads to are read in their first half only.
 *
 * Every layer is cyclic (steps keep the dogs' number); the jaguar's chains leave it for a
 * layer of fewer dogs, or end the game at the goal. */
#include <stdio.h>
#include <stdlib.h>

#include "ad_reach.h"
#include "adugo.h"
#include "index.h"
#include "retro.h"
#include "symmap.h"

#define AD_MAX_DOGS 14

struct ad_indexes {
    const struct game *g;
    struct symmap sm;
    struct pair_index *ix[AD_MAX_DOGS + 1]; /* by dogs on the board */
    int threads;                            /* to build them with (pair_index_init) */
};

/* The fewest dogs a layer has: one more than the game ends with. */
static int fewest_dogs(const struct game *g)
{
    return g->side_men[AD_DOGS] - g->capture_goal + 1;
}

static void ad_layer_name(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "d%d", k->c[0]);
}

static void ad_title(const struct game *g, const struct layer_key *k, char *buf, size_t len)
{
    (void)g;
    snprintf(buf, len, "%d dogs", k->c[0]);
}

static struct layer_key ad_layer_of(const struct game *g, const struct position *pos)
{
    (void)g;
    return (struct layer_key){{bits_count(pos->men[AD_DOGS]), 0, 0, 0}};
}

static void *ad_index_new(const struct game *g, int threads)
{
    struct ad_indexes *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->g = g;
    x->threads = threads;
    symmap_init(&x->sm, g->board);
    return x;
}

static void ad_index_drop_dogs(struct ad_indexes *x, int dogs)
{
    if (!x->ix[dogs]) return;
    pair_index_free(x->ix[dogs]);
    free(x->ix[dogs]);
    x->ix[dogs] = NULL;
}

static void ad_index_free(void *ix)
{
    struct ad_indexes *x = ix;
    if (!x) return;
    for (int d = 0; d <= AD_MAX_DOGS; d++) ad_index_drop_dogs(x, d);
    free(x);
}

static int build_index(struct ad_indexes *x, int dogs, char *err, size_t errlen)
{
    if (dogs < 0 || dogs > AD_MAX_DOGS)
        return snprintf(err, errlen, "layer d%d: no such layer", dogs), -1;
    if (x->ix[dogs]) return 0;
    x->ix[dogs] = malloc(sizeof *x->ix[dogs]);
    if (!x->ix[dogs] || pair_index_init(x->ix[dogs], x->g->board, &x->sm, 1, dogs, x->threads)) {
        free(x->ix[dogs]);
        x->ix[dogs] = NULL;
        return snprintf(err, errlen, "out of memory for the index of %d dogs", dogs), -1;
    }
    return 0;
}

static int ad_rank(const struct game *g, void *ix, const struct layer_key *k,
                   const struct position *pos, bool may_build, uint64_t *i, uint64_t *size,
                   char *err, size_t errlen)
{
    (void)g;
    struct ad_indexes *x = ix;
    int dogs = k->c[0];
    if (dogs < 0 || dogs > AD_MAX_DOGS || !x->ix[dogs]) {
        if (!may_build) return 1;
        int rc = build_index(x, dogs, err, errlen);
        if (rc) return rc;
    }
    const struct pair_index *px = x->ix[dogs];
    uint64_t r = pair_index_rank(px, pos->men[AD_JAGUAR], pos->men[AD_DOGS]);
    *i = pos->side == AD_DOGS ? r : px->size + r;
    *size = 2 * px->size;
    return 0;
}

static int ad_unrank(const struct game *g, void *ix, const struct layer_key *k, uint64_t i,
                     struct position *pos, char *err, size_t errlen)
{
    (void)g;
    struct ad_indexes *x = ix;
    if (build_index(x, k->c[0], err, errlen)) return -1;
    const struct pair_index *px = x->ix[k->c[0]];
    bool dogs_move = i < px->size;
    bits_t J, D;
    pair_index_unrank(px, dogs_move ? i : i - px->size, &J, &D);
    *pos = (struct position){.men = {J, D}, .side = dogs_move ? AD_DOGS : AD_JAGUAR};
    return 0;
}

static int ad_size(const struct game *g, void *ix, const struct layer_key *k, uint64_t *size,
                   char *err, size_t errlen)
{
    (void)g;
    struct ad_indexes *x = ix;
    if (build_index(x, k->c[0], err, errlen)) return -1;
    *size = 2 * x->ix[k->c[0]]->size;
    return 0;
}

/* The fewest dogs first: a capture leads down. */
static int ad_list(const struct game *g, struct layer_entry *out, int max)
{
    int n = 0;
    for (int d = fewest_dogs(g); d <= g->side_men[AD_DOGS]; d++, n++)
        if (n < max) out[n] = (struct layer_entry){{{d, 0, 0, 0}}, LAYER_CYCLIC};
    return n;
}

/* A chain takes one dog or more: every layer of fewer dogs still in the game. */
static int ad_children(const struct game *g, const struct layer_key *k, struct layer_key *out,
                       int max)
{
    int n = 0;
    for (int d = k->c[0] - 1; d >= fewest_dogs(g); d--, n++)
        if (n < max) out[n] = (struct layer_key){{d, 0, 0, 0}};
    return n;
}

static void ad_missing(const struct game *g, const struct layer_key *k, const char *path,
                       const char *dir_word, char *err, size_t errlen)
{
    (void)k;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    snprintf(err, errlen, "no table %s; make it with: guti solve adugo --rules %s --dir %s", path,
             rules, dir_word);
}

/* A layer's engine (retro.h's struct retro_layer's ctx): its index and its children's,
 * borrowed from the index set, and the children's codes, the driver's. */
struct ad_engine {
    const struct game *g;
    const struct board *b;
    const struct symmap *sm;
    const struct pair_index *ix;
    uint64_t classes; /* the index's size: the dogs to move come first */
    int dogs, stop;   /* this layer's dogs, and the dogs left when the game is over */
    struct {
        const struct pair_index *ix;
        struct held_layer held; /* its dogs-to-move half (held_code): entry_part */
    } kid[AD_MAX_DOGS + 1];     /* by dogs */
};

/* The position's jaguar and dogs (the class's canonical ones), and the jaguar's orbit. The
 * initial pass asks for positions in order, and a level's scan finds them in order, so each
 * thread keeps its place in the index (index.h's cursor) and unranks only what lies far
 * from the last. */
static _Thread_local struct {
    struct pair_index_cursor at;
    bits_t J, D;
    const struct index_orbit *o;
} cursor;

static const struct index_orbit *decode(const struct ad_engine *e, uint64_t i, bits_t *J, bits_t *D)
{
    uint64_t c = i < e->classes ? i : i - e->classes;
    if (cursor.at.serial == e->ix->serial && c == cursor.at.i) {
        /* the other side to move of the class decoded last, or the same position */
    } else {
        if (!pair_index_cursor_seek(&cursor.at, e->ix, c))
            pair_index_cursor_jump(&cursor.at, e->ix, c);
        pair_index_iter_get(&cursor.at.it, &cursor.J, &cursor.D);
        cursor.o = &e->ix->orbits[cursor.at.it.k];
    }
    *J = cursor.J;
    *D = cursor.D;
    return cursor.o;
}

/* Whether two boards one step away from (J, D) can be one class (then the list is
 * deduplicated): the mirror must keep what did not move. A dog's step: the jaguar is on the
 * mirror's axis (its orbit's stabiliser) and the dogs' mirror image differs from them in at
 * most the 4 points two steps change; the jaguar's: the dogs are their own image. */
static bool may_repeat(const struct ad_engine *e, const struct index_orbit *o, bool dogs_step,
                       bits_t D)
{
    if (dogs_step) {
        for (int t = 1; t < o->nstab; t++)
            if (bits_count(symmap_apply(e->sm, o->stab[t], D) ^ D) <= 4) return true;
        return false;
    }
    for (int s = 1; s < e->sm->nsyms; s++)
        if (symmap_apply(e->sm, s, D) == D) return true;
    return false;
}

/* The classes one dog's step away from (J, D), written as positions with offset added. Steps
 * are reversible: the dogs' moves of (J, D), and the predecessors of (J, D) with the jaguar
 * to move. */
static int dog_steps(const struct ad_engine *e, bits_t J, bits_t D, uint64_t offset, uint64_t *out)
{
    struct pair_index_a pa = pair_index_lookup_a(e->ix, J);
    int k = pair_index_rank_b_steps(e->ix, &pa, D, ad_all_points(e->b) & ~J & ~D, out);
    for (int j = 0; j < k; j++) out[j] += offset;
    return k;
}

/* The classes of the jaguar's steps from (J, D) (its moves, or with forced_only the points
 * it may have come from: a step from a point with a capture is no move under forced). */
static int jaguar_steps(const struct ad_engine *e, bits_t J, bits_t D, bool forced_only,
                        uint64_t offset, uint64_t *out)
{
    bits_t empty = ad_all_points(e->b) & ~J & ~D;
    int j = __builtin_ctzll(J), k = 0;
    for (bits_t t = e->b->adjmask[j] & empty; t;) {
        int q = bits_pop(&t);
        if (forced_only && ad_can_jump(e->b, q, D)) continue;
        out[k++] = offset + pair_index_rank(e->ix, BIT(q), D);
    }
    return k;
}

static int count_dog_steps(const struct board *b, bits_t J, bits_t D)
{
    bits_t empty = ad_all_points(b) & ~J & ~D;
    int k = 0;
    for (bits_t x = D; x;) k += bits_count(b->adjmask[bits_pop(&x)] & empty);
    return k;
}

struct exit_fold {
    const struct ad_engine *e;
    struct move_fold *ex;
};

static int fold_chain(void *arg, const struct move *m, bits_t dogs)
{
    struct exit_fold *f = arg;
    const struct ad_engine *e = f->e;
    int d = bits_count(dogs);
    if (d <= e->stop) {
        move_fold_add(f->ex, 1); /* the goal: the dogs have lost */
        return 0;
    }
    uint64_t r = pair_index_rank(e->kid[d].ix, BIT(m->to[m->njumps - 1]), dogs);
    move_fold_add(f->ex, held_code(&e->kid[d].held, r));
    return 0;
}

/* Folds the jaguar's chains, which leave the layer, into *ex; whether it has any (can
 * jump), which its steps' legality under forced turns on. */
static bool add_chains(const struct ad_engine *e, bits_t J, bits_t D, struct move_fold *ex)
{
    int j = __builtin_ctzll(J);
    if (!ad_can_jump(e->b, j, D)) return false;
    uint64_t buf[64];
    struct ad_seen s;
    ad_seen_init(&s, buf, 64);
    struct exit_fold f = {e, ex};
    /* A search of more than 32 states (the buffer's half) moves to the heap: only a calloc
     * of a few KB failing there would lose an exit, which the engine has no way to report
     * (the self-test, guti verify --moves, counts the exits against moves()). */
    ad_chains(e->g, j, D, &s, fold_chain, &f);
    ad_seen_free(&s);
    return true;
}

/* The jaguar's in-layer moves: none under forced when it can capture. */
static bool steps_allowed(const struct ad_engine *e, bool can_jump)
{
    return e->g->rules != AD_FORCED || !can_jump;
}

static int expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    const struct ad_engine *e = ctx;
    bits_t J, D;
    const struct index_orbit *o = decode(e, i, &J, &D);
    bool dogs_move = i < e->classes;
    int k;
    if (dogs_move) {
        k = dog_steps(e, J, D, e->classes, succ);
    } else {
        bool can_jump = add_chains(e, J, D, ex);
        k = steps_allowed(e, can_jump) ? jaguar_steps(e, J, D, false, 0, succ) : 0;
    }
    return may_repeat(e, o, dogs_move, D) ? retro_unique(succ, k) : k;
}

static int count(void *ctx, uint64_t i, struct move_fold *ex)
{
    const struct ad_engine *e = ctx;
    bits_t J, D;
    const struct index_orbit *o = decode(e, i, &J, &D);
    bool dogs_move = i < e->classes;
    if (may_repeat(e, o, dogs_move, D)) {
        uint64_t succ[8 * AD_MAX_DOGS + 8];
        return expand(ctx, i, succ, ex);
    }
    if (dogs_move) return count_dog_steps(e->b, J, D);
    if (!steps_allowed(e, add_chains(e, J, D, ex))) return 0;
    return bits_count(e->b->adjmask[__builtin_ctzll(J)] & ad_all_points(e->b) & ~D);
}

static int predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct ad_engine *e = ctx;
    bits_t J, D;
    const struct index_orbit *o = decode(e, i, &J, &D);
    /* the side not to move stepped last: the jaguar when the dogs are to move */
    bool jaguar_stepped = i < e->classes;
    int k = jaguar_stepped ? jaguar_steps(e, J, D, e->g->rules == AD_FORCED, e->classes, pred)
                           : dog_steps(e, J, D, 0, pred);
    return may_repeat(e, o, !jaguar_stepped, D) ? retro_unique(pred, k) : k;
}

static void exits(void *ctx, uint64_t i, struct move_fold *ex)
{
    const struct ad_engine *e = ctx;
    if (i < e->classes) return; /* the dogs never leave the layer */
    bits_t J, D;
    decode(e, i, &J, &D);
    add_chains(e, J, D, ex);
}

static int ad_engine_open(const struct game *g, void *ix, const struct layer_key *k,
                          const struct held_layer *kids, int nkids, int dtc_limit,
                          struct retro_layer *L, char *err, size_t errlen)
{
    struct ad_indexes *x = ix;
    int dogs = k->c[0];
    if (build_index(x, dogs, err, errlen)) return -1;
    for (int j = 0; j < nkids; j++)
        if (build_index(x, kids[j].k.c[0], err, errlen)) return -1;
    struct ad_engine *e = calloc(1, sizeof *e);
    if (!e) return snprintf(err, errlen, "out of memory"), -1;
    *e = (struct ad_engine){.g = g,
                            .b = g->board,
                            .sm = &x->sm,
                            .ix = x->ix[dogs],
                            .classes = x->ix[dogs]->size,
                            .dogs = dogs,
                            .stop = g->side_men[AD_DOGS] - g->capture_goal};
    for (int j = 0; j < nkids; j++) {
        int d = kids[j].k.c[0];
        e->kid[d].ix = x->ix[d];
        e->kid[d].held = kids[j];
    }
    *L = (struct retro_layer){.size = 2 * e->classes,
                              .max_moves = 8 * dogs + 8,
                              .ctx = e,
                              .expand = expand,
                              .predecessors = predecessors,
                              .exits = exits,
                              .count = count,
                              .dtc_limit = dtc_limit};
    return 0;
}

/* Everything the engine holds is borrowed: only the engine itself goes. */
static void ad_engine_close(struct retro_layer *L)
{
    free(L->ctx);
    L->ctx = NULL;
}

/* Counted by Burnside's lemma (pair_class_count): no index is built. The index holds, for
 * each of the 7 points of the mirror's axis, a bit per set of dogs and a count a word. */
static void ad_need(const struct game *g, const struct layer_key *k, struct layer_need *need)
{
    int dogs = k->c[0];
    uint64_t classes = pair_class_count(g->board, 1, dogs);
    uint64_t index = 7 * binomial(g->board->npoints - 1, dogs) / 4;
    need->positions = 2 * classes;
    need->solve = need->positions * (sizeof(retro_code) + 1) + index;
    need->buckets = need->positions * (need->positions > 1u << 30 ? 8 : 4);
    need->compact = need->positions * sizeof(retro_code) + index;
    need->exits = 0;
    /* the dogs-to-move half of each (entry_part), at the least a byte a position: the
     * driver holds the codes past a byte apart (8 bytes each), and counts them once they
     * are solved (few: 0.15% of the 12 dogs' half, 8% of the 10 dogs') */
    for (int d = dogs - 1; d >= fewest_dogs(g); d--)
        need->exits += pair_class_count(g->board, 1, d);
}

static int ad_men(const struct game *g, const struct layer_key *k)
{
    (void)g;
    return k->c[0] + 1;
}

static void ad_index_drop(const struct game *g, void *ix, const struct layer_key *k)
{
    (void)g;
    if (k->c[0] >= 0 && k->c[0] <= AD_MAX_DOGS) ad_index_drop_dogs(ix, k->c[0]);
}

/* stats: the jaguar to move, then the dogs: a row each over the same classes. */
static int ad_rows(const struct game *g, void *ix, const struct layer_key *k, struct layer_row *out,
                   int max, char *err, size_t errlen)
{
    (void)g;
    struct ad_indexes *x = ix;
    int dogs = k->c[0];
    if (build_index(x, dogs, err, errlen)) return -1;
    uint64_t c = x->ix[dogs]->size;
    if (max > 0)
        out[0] = (struct layer_row){
            .offset = c, .stride = 1, .count = c, .side = AD_JAGUAR, .men = {1, dogs}};
    if (max > 1)
        out[1] = (struct layer_row){.offset = 0,
                                    .stride = 1,
                                    .count = c,
                                    .side = AD_DOGS,
                                    .men = {dogs, 1},
                                    .as_previous = true};
    return 2;
}

static int ad_weights(const struct game *g, void *ix, const struct layer_key *k, int r, uint8_t *w,
                      char *err, size_t errlen)
{
    (void)g;
    (void)r;
    struct ad_indexes *x = ix;
    if (build_index(x, k->c[0], err, errlen)) return -1;
    pair_index_orbit_sizes(x->ix[k->c[0]], w);
    return 0;
}

/* A layer's step of the walk forwards (ad_reach.h), with its index and its children's. */
static int ad_reach(const struct game *g, void *ix, const struct layer_key *k, struct bitset *r,
                    struct bitset *kids, int nkids, const struct bitset_progress *progress,
                    char *err, size_t errlen)
{
    struct ad_indexes *x = ix;
    struct layer_key ck[AD_MAX_DOGS];
    const struct pair_index *kid_ix[AD_MAX_DOGS + 1] = {0};
    struct bitset *kid[AD_MAX_DOGS + 1] = {0};
    if (ad_children(g, k, ck, AD_MAX_DOGS) != nkids)
        return snprintf(err, errlen, "layer d%d: not its children", k->c[0]), -1;
    if (build_index(x, k->c[0], err, errlen)) return -1;
    for (int j = 0; j < nkids; j++) {
        int d = ck[j].c[0];
        if (build_index(x, d, err, errlen)) return -1;
        kid_ix[d] = x->ix[d];
        kid[d] = &kids[j];
    }
    if (ad_reach_layer(g, x->ix[k->c[0]], r, kid_ix, kid, progress))
        return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

/* A capture always leaves the dogs to move: the first half of a child is all its parents
 * read. */
static void ad_entry_part(const struct game *g, const struct layer_key *k, uint64_t size,
                          uint64_t *first, uint64_t *count)
{
    (void)g;
    (void)k;
    *first = 0;
    *count = size / 2;
}

const struct game_layers ad_table_layers = {
    .board_in_names = false,
    .name = ad_layer_name,
    .layer_of = ad_layer_of,
    .index_new = ad_index_new,
    .index_free = ad_index_free,
    .rank = ad_rank,
    .unrank = ad_unrank,
    .size = ad_size,
    .list = ad_list,
    .children = ad_children,
    .missing = ad_missing,
    .title = ad_title,
    .engine_open = ad_engine_open,
    .engine_close = ad_engine_close,
    .need = ad_need,
    .index_drop = ad_index_drop,
    .men = ad_men,
    .reach = ad_reach,
    .entry_part = ad_entry_part,
    .rows = ad_rows,
    .weights = ad_weights,
};
