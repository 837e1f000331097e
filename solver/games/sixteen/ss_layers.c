#include "ss_layers.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "sixteen.h"

/* A bound on in-layer successors and predecessors: every piece steps to at most 8 points. */
#define MAX_STEPS(pieces) (BOARD_MAX_DEGREE * (pieces))

int ss_db_init(struct ss_db *db, const struct game *g)
{
    memset(db, 0, sizeof *db);
    db->g = g;
    db->sm = malloc(sizeof *db->sm);
    if (!db->sm) return -1;
    symmap_init(db->sm, g->board);
    return 0;
}

/* Frees the layer of material {m, n}, when the db holds it, and forgets it. */
static void db_drop(struct ss_db *db, int m, int n)
{
    struct ss_layer *l = db->layer[m][n];
    if (!l) return;
    db->layer[m][n] = db->layer[n][m] = NULL;
    ss_layer_free(l);
    free(l);
}

void ss_db_free(struct ss_db *db)
{
    for (int m = 0; m <= SS_MAX_PIECES; m++)
        for (int n = 0; n <= m; n++) db_drop(db, m, n);
    free(db->sm);
    memset(db, 0, sizeof *db);
}

void ss_db_add(struct ss_db *db, struct ss_layer *l)
{
    db->layer[l->m][l->n] = db->layer[l->n][l->m] = l;
}

const struct ss_layer *ss_db_find(const struct ss_db *db, int m, int n)
{
    if (m < 0 || n < 0 || m > SS_MAX_PIECES || n > SS_MAX_PIECES) return NULL;
    return db->layer[m][n];
}

int ss_layer_init(struct ss_layer *l, const struct ss_db *db, int m, int n)
{
    memset(l, 0, sizeof *l);
    if (m < n) {
        int t = m;
        m = n;
        n = t;
    }
    l->g = db->g;
    l->db = db;
    l->m = m;
    l->n = n;
    l->nparts = m == n ? 1 : 2;
    for (int p = 0; p < l->nparts; p++) {
        struct ss_part *pt = &l->part[p];
        pt->m = p ? n : m;
        pt->n = p ? m : n;
        pt->offset = l->size;
        if (pair_index_init(&pt->ix, db->g->board, db->sm, pt->m, pt->n, db->index_threads)) {
            ss_layer_free(l);
            return -1;
        }
        l->size += pt->ix.size;
        const struct pair_index *ix = &pt->ix;
        while (pt->block_shift < 40 && (ix->size >> pt->block_shift) > (uint64_t)ix->norbits)
            pt->block_shift++;
        uint64_t nblocks = ((ix->size - 1) >> pt->block_shift) + 1;
        pt->block_orbit = malloc(nblocks * sizeof *pt->block_orbit);
        if (!pt->block_orbit) {
            ss_layer_free(l);
            return -1;
        }
        for (int k = ix->norbits - 1; k >= 0; k--) {
            const struct index_orbit *o = &ix->orbits[k];
            if (!o->count) continue;
            for (uint64_t c = o->offset >> pt->block_shift;
                 c <= (o->offset + o->count - 1) >> pt->block_shift; c++)
                pt->block_orbit[c] = (uint32_t)k;
        }
    }
    return 0;
}

/* The sets of class c of a part: the index's unrank, with the orbit found through the
 * blocks rather than by a binary search over all orbits. */
static void part_unrank(const struct ss_part *pt, uint64_t c, bits_t *A, bits_t *B)
{
    const struct pair_index *ix = &pt->ix;
    uint32_t k = pt->block_orbit[c >> pt->block_shift];
    while (k + 1 < (uint32_t)ix->norbits && ix->orbits[k + 1].offset <= c) k++;
    const struct index_orbit *o = &ix->orbits[k];
    uint64_t r = c - o->offset;
    if (o->nstab > 1) r = index_orbit_canonical_b(o, r);
    bits_t m = colex_unrank_below(r, ix->kb, ix->n - ix->a);
    if (ix->b_by_empties) m = ~m & (BIT(ix->n - ix->a) - 1);
    *A = o->a;
    *B = bits_deposit(m, o->free);
}

void ss_layer_free(struct ss_layer *l)
{
    for (int p = 0; p < l->nparts; p++) {
        pair_index_free(&l->part[p].ix);
        free(l->part[p].block_orbit);
        l->part[p].block_orbit = NULL;
    }
    free(l->res);
    l->res = NULL;
    l->nparts = 0;
}

static inline int part_of_mover(const struct ss_layer *l, int pieces)
{
    return pieces == l->part[0].m ? 0 : 1;
}

uint64_t ss_layer_position_index(const struct ss_layer *l, bits_t mover, bits_t other)
{
    const struct ss_part *pt = &l->part[part_of_mover(l, bits_count(mover))];
    return pt->offset + pair_index_rank(&pt->ix, mover, other);
}

void ss_layer_position(const struct ss_layer *l, uint64_t i, bits_t *mover, bits_t *other)
{
    int p = l->nparts == 2 && i >= l->part[1].offset;
    part_unrank(&l->part[p], i - l->part[p].offset, mover, other);
}

/* Where the db holds the code of (mover, other), mover to move; NULL when mover has no
 * pieces left, a loss in 0 (code 1). */
static const retro_code *db_code_at(const struct ss_db *db, bits_t mover, bits_t other)
{
    if (!mover) return NULL;
    const struct ss_layer *l = db->layer[bits_count(mover)][bits_count(other)];
    return &l->res[ss_layer_position_index(l, mover, other)];
}

retro_code ss_db_code(const struct ss_db *db, bits_t mover, bits_t other)
{
    const retro_code *at = db_code_at(db, mover, other);
    return at ? *at : 1;
}

retro_code ss_position_code(const struct ss_db *db, const struct position *pos)
{
    return ss_db_code(db, pos->men[pos->side], pos->men[1 - pos->side]);
}

/* The moves. */

static inline bits_t all_points(const struct board *b)
{
    return BIT(b->npoints) - 1;
}

/* Whether the piece on p can jump over one of enemy onto an empty point. */
static inline bool can_jump(const struct board *b, int p, bits_t enemy, bits_t empty)
{
    for (int j = 0; j < b->njumps[p]; j++)
        if ((enemy & BIT(b->jumps[p][j].over)) && (empty & BIT(b->jumps[p][j].to))) return true;
    return false;
}

/* Whether two sets one step of `moved` away, with `still` unchanged, can be one class: a
 * symmetry mapping one onto the other keeps `still` and moves at most 4 points of
 * `moved`. Most positions have no such symmetry, and need no deduplication. */
static bool may_repeat(const struct board *b, const struct symmap *sm, bits_t moved, bits_t still)
{
    int low = __builtin_ctzll(still);
    for (int s = 1; s < sm->nsyms; s++)
        if ((still & BIT(b->sym[s][low])) && symmap_apply(sm, s, still) == still &&
            bits_count(symmap_apply(sm, s, moved) ^ moved) <= 4)
            return true;
    return false;
}

/* The part a step leads to: the other side moves next. */
static inline const struct ss_part *other_part(const struct ss_layer *l, int p)
{
    return &l->part[l->nparts == 2 ? 1 - p : 0];
}

/* The classes one step of `moved` away from (moved, still), as positions of part `to`
 * with `still` to move: the steps of the mover of (moved, still). Deduplicated. */
static int steps_forward(const struct ss_layer *l, const struct ss_part *to, bits_t moved,
                         bits_t still, uint64_t *out)
{
    const struct board *b = l->g->board;
    bits_t empty = all_points(b) & ~moved & ~still;
    struct pair_index_a pa = pair_index_lookup_a(&to->ix, still);
    int k = pair_index_rank_b_steps(&to->ix, &pa, moved, empty, out);
    for (int j = 0; j < k; j++) out[j] += to->offset;
    return may_repeat(b, l->db->sm, moved, still) ? retro_unique(out, k) : k;
}

/* Where the codes that one position's captures read lie, found ahead of the position's
 * turn in the initial pass (count). A position with more captures than kept here is left
 * to count to look at itself. */
#define CODES_KEPT 24
struct exit_codes {
    uint64_t i;    /* the position */
    bool captures; /* whether it has one */
    bool whole;    /* all its captures' codes are below (false: more than CODES_KEPT) */
    int n;
    const retro_code *at[CODES_KEPT]; /* NULL: a capture of the last piece, code 1 */
};

/* The chains of captures. A chain's state is the jumping piece's point and the enemy
 * pieces left; each jump takes one, so a chain has at most |enemy| jumps. Orders of jumps
 * that meet in one state are explored (and reported) once each: exits need no
 * deduplication, so no set of states is kept. Each chain's end is folded into ex, or,
 * with found set, its code's place noted there and asked of memory. */
struct chains {
    const struct board *b;
    const struct ss_db *db;
    bits_t own; /* the mover's pieces, the jumping one excluded */
    bool forced;
    struct move_fold *ex;
    struct exit_codes *found;
};

static void chain_end(const struct chains *c, bits_t mover, bits_t other)
{
    const retro_code *at = db_code_at(c->db, mover, other);
    struct exit_codes *f = c->found;
    if (!f) {
        move_fold_add(c->ex, at ? *at : 1);
    } else if (f->n == CODES_KEPT) {
        f->whole = false;
    } else {
        if (at) __builtin_prefetch(at);
        f->at[f->n++] = at;
    }
}

static void chain_search(const struct chains *c, int cur, bits_t enemy, int depth)
{
    const struct board *b = c->b;
    bits_t empty = all_points(b) & ~c->own & ~enemy & ~BIT(cur);
    bool more = false;
    for (int j = 0; j < b->njumps[cur]; j++) {
        struct jump jp = b->jumps[cur][j];
        if (!(enemy & BIT(jp.over)) || !(empty & BIT(jp.to))) continue;
        more = true;
        chain_search(c, jp.to, enemy ^ BIT(jp.over), depth + 1);
    }
    if (depth > 0 && (!c->forced || !more)) chain_end(c, enemy, c->own | BIT(cur));
}

/* Every capture of the mover of (own, enemy), folded into *ex or, with found, noted
 * there; whether there was one. */
static bool search_captures(const struct ss_layer *l, bits_t own, bits_t enemy,
                            struct move_fold *ex, struct exit_codes *found)
{
    const struct board *b = l->g->board;
    bits_t empty = all_points(b) & ~own & ~enemy;
    struct chains c = {b, l->db, 0, l->g->rules == SS_FORCED, ex, found};
    bool any = false;
    for (bits_t x = own; x;) {
        int p = bits_pop(&x);
        if (!can_jump(b, p, enemy, empty)) continue;
        any = true;
        c.own = own ^ BIT(p);
        chain_search(&c, p, enemy, 0);
    }
    return any;
}

/* Folds every capture of the mover of (own, enemy) into *ex; whether there was one. */
static bool add_captures(const struct ss_layer *l, bits_t own, bits_t enemy, struct move_fold *ex)
{
    return search_captures(l, own, enemy, ex, NULL);
}

/* Position i's part and sets. The engine's initial pass asks for positions in order, so
 * each thread walks the index with a cursor (index.h); other positions are unranked
 * directly. */
static _Thread_local struct pair_index_cursor cursor;

static int decode_by(struct pair_index_cursor *cur, const struct ss_layer *l, uint64_t i, bits_t *A,
                     bits_t *B)
{
    int p = l->nparts == 2 && i >= l->part[1].offset;
    const struct ss_part *pt = &l->part[p];
    if (pair_index_cursor_seek(cur, &pt->ix, i - pt->offset))
        pair_index_iter_get(&cur->it, A, B);
    else
        part_unrank(pt, i - pt->offset, A, B);
    return p;
}

static int decode(const struct ss_layer *l, uint64_t i, bits_t *A, bits_t *B)
{
    return decode_by(&cursor, l, i, A, B);
}

/* The initial pass asks count() for positions in order, and a position's captures read the
 * codes of smaller materials, gigabytes of them at 9 pieces, at random: each read would
 * wait for memory. So count() (and expand(), which verify asks in order) looks up to
 * LOOK_AHEAD positions ahead, notes where that position's captures' codes lie and asks
 * memory for them, and folds them once the position's turn comes: the reads overlap with
 * the work on the positions between. A
 * thread's window of positions, told apart by layer as the cursor is (by the serial of its
 * first part's index); one per thread. */
#define LOOK_AHEAD 16
struct look_ahead {
    uint64_t serial;
    uint64_t first, next; /* looked at since the window (re)started: first..next - 1 */
    int reach;            /* how far ahead it looks now: it grows as positions come in order */
    struct pair_index_cursor cursor;
    struct exit_codes window[LOOK_AHEAD]; /* position i in window[i % LOOK_AHEAD] */
};
static _Thread_local struct look_ahead ahead;

/* The captures of position i folded into *ex (whether it has one), from what the window
 * noted of it, and the window moved on to i + LOOK_AHEAD - 1. A window starts again when
 * positions come out of order, looking only at i itself, and looks further ahead with
 * each position that follows in order: positions asked at random cost one search each, as
 * add_captures does, and a pass in order soon looks LOOK_AHEAD ahead. */
static bool captures_looked_ahead(const struct ss_layer *l, uint64_t i, bits_t A, bits_t B,
                                  struct move_fold *ex)
{
    struct look_ahead *la = &ahead;
    uint64_t serial = l->part[0].ix.serial;
    if (la->serial != serial || i < la->first || la->next < i || la->next > i + LOOK_AHEAD) {
        la->serial = serial;
        la->first = la->next = i;
        la->reach = 1;
    } else if (la->reach < LOOK_AHEAD) {
        la->reach += la->reach < LOOK_AHEAD - 1 ? 2 : 1;
    }
    for (; la->next < i + la->reach && la->next < l->size; la->next++) {
        struct exit_codes *e = &la->window[la->next % LOOK_AHEAD];
        bits_t a, b;
        decode_by(&la->cursor, l, la->next, &a, &b);
        e->i = la->next;
        e->n = 0;
        e->whole = true;
        e->captures = search_captures(l, a, b, NULL, e);
    }
    const struct exit_codes *e = &la->window[i % LOOK_AHEAD];
    if (e->i != i || !e->whole) return add_captures(l, A, B, ex);
    for (int k = 0; k < e->n; k++) move_fold_add(ex, e->at[k] ? *e->at[k] : 1);
    return e->captures;
}

static int expand(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex)
{
    const struct ss_layer *l = ctx;
    bits_t A, B;
    int p = decode(l, i, &A, &B);
    /* verify expands a layer in order: its captures' codes are asked for ahead too */
    if (captures_looked_ahead(l, i, A, B, ex) && l->g->rules == SS_FORCED) return 0;
    return steps_forward(l, other_part(l, p), A, B, succ);
}

static int count(void *ctx, uint64_t i, struct move_fold *ex)
{
    const struct ss_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t A, B;
    int p = decode(l, i, &A, &B);
    if (captures_looked_ahead(l, i, A, B, ex) && l->g->rules == SS_FORCED) return 0;
    if (may_repeat(b, l->db->sm, A, B)) {
        uint64_t succ[MAX_STEPS(SS_MAX_PIECES)];
        return steps_forward(l, other_part(l, p), A, B, succ);
    }
    bits_t empty = all_points(b) & ~A & ~B;
    int k = 0;
    for (bits_t x = A; x;) k += bits_count(b->adjmask[bits_pop(&x)] & empty);
    return k;
}

static void exits(void *ctx, uint64_t i, struct move_fold *ex)
{
    const struct ss_layer *l = ctx;
    bits_t A, B;
    decode(l, i, &A, &B);
    add_captures(l, A, B, ex);
}

/* The points a piece on p could land on by jumping one of enemy (whether empty or not). */
static inline bits_t jump_targets(const struct board *b, int p, bits_t enemy)
{
    bits_t t = 0;
    for (int j = 0; j < b->njumps[p]; j++)
        if (enemy & BIT(b->jumps[p][j].over)) t |= BIT(b->jumps[p][j].to);
    return t;
}

/* The side not to move, B, has just stepped: the predecessors are (B', A) with B' one
 * step of B back, B' to move; under forced only those where B' had no capture. */
static int predecessors(void *ctx, uint64_t i, uint64_t *pred)
{
    const struct ss_layer *l = ctx;
    const struct board *b = l->g->board;
    bits_t A, B;
    int p = decode(l, i, &A, &B);
    const struct ss_part *to = other_part(l, p);
    bits_t empty = all_points(b) & ~A & ~B;
    bool forced = l->g->rules == SS_FORCED;
    /* Under forced: the landing points of each piece of B over the pieces of A. A
     * predecessor B' = B - q + r had a capture when a piece of B' lands on a point empty
     * in it, (empty - r) + q. */
    bits_t targets[SS_MAX_PIECES];
    int npieces = 0;
    if (forced)
        for (bits_t x = B; x;) targets[npieces++] = jump_targets(b, bits_pop(&x), A);
    bits_t moved[MAX_STEPS(SS_MAX_PIECES)];
    int k = 0, nq = 0;
    for (bits_t x = B; x; nq++) {
        int q = bits_pop(&x);
        bits_t others = 0; /* the landing points of B's other pieces */
        if (forced)
            for (int o = 0; o < npieces; o++)
                if (o != nq) others |= targets[o];
        for (bits_t t = b->adjmask[q] & empty; t;) {
            int r = bits_pop(&t);
            if (forced) {
                bits_t empty1 = (empty & ~BIT(r)) | BIT(q);
                if ((others | jump_targets(b, r, A)) & empty1) continue;
            }
            moved[k++] = B ^ BIT(q) ^ BIT(r);
        }
    }
    /* The ranks, in stages over all predecessors so that the table lookups of one wait
     * for memory alongside the others': the colex rank of each mover's set, its orbit,
     * then the class. */
    const struct pair_index *ix = &to->ix;
    struct pair_index_a pa[MAX_STEPS(SS_MAX_PIECES)];
    for (int j = 0; j < k; j++) {
        uint64_t ra = index_table_rank(ix->rank_a, ix->chunks_a, ix->a, moved[j]);
        __builtin_prefetch(&ix->a_orbit[ra]);
        __builtin_prefetch(&ix->a_sym[ra]);
        pred[j] = ra;
    }
    for (int j = 0; j < k; j++) {
        pa[j] = (struct pair_index_a){&ix->orbits[ix->a_orbit[pred[j]]], ix->a_sym[pred[j]]};
        __builtin_prefetch(pa[j].o);
    }
    for (int j = 0; j < k; j++) pred[j] = to->offset + pair_index_rank_b(ix, &pa[j], A);
    return may_repeat(b, l->db->sm, B, A) ? retro_unique(pred, k) : k;
}

struct retro_layer ss_layer_retro(struct ss_layer *l)
{
    return (struct retro_layer){.size = l->size,
                                .max_moves = MAX_STEPS(l->m),
                                .ctx = l,
                                .expand = expand,
                                .predecessors = predecessors,
                                .exits = exits,
                                .count = count};
}

/* What a material reads, and holding it for a solve shared among processes. */

int ss_material_order(int max_pieces, int (*out)[2], int max)
{
    int k = 0;
    if (max_pieces > 2 * SS_MAX_PIECES) max_pieces = 2 * SS_MAX_PIECES;
    for (int total = 2; total <= max_pieces; total++)
        for (int m = total - 1; 2 * m >= total; m--) {
            if (m > SS_MAX_PIECES) continue;
            if (k < max) out[k][0] = m, out[k][1] = total - m;
            k++;
        }
    return k;
}

bool ss_material_reads(int m, int n, int a, int b)
{
    for (int side = 0; side < (m != n ? 2 : 1); side++) {
        int mover = side ? n : m, other = side ? m : n;
        for (int j = 1; j < other; j++)
            if ((mover == a && other - j == b) || (mover == b && other - j == a)) return true;
    }
    return false;
}
