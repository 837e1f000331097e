/*
 * A perfect index of symmetry classes of positions made of two disjoint piece sets.
 *
 * A position here is a pair (A, B) of disjoint point sets of sizes a and b on a board; two
 * pairs are one class when a symmetry of the board maps one onto the other. The classes
 * are numbered densely 0..size-1, both ways, by combinatorial ranking (the scheme of
 * Gasser's and Malom's Nine Men's Morris solvers):
 *
 *   index = offset[orbit of A] + rank of B among the points A leaves free,
 *
 * where A is first moved to the canonical member of its orbit (the smallest colex rank).
 * When the canonical A has symmetries of its own (its stabiliser), B is canonicalised
 * under them too, and ranked by its place in a sorted list of the canonical B sets of that
 * A. The index knows no game: Bagh-Chal uses A = tigers, B = goats; Sixteen Soldiers
 * A = the pieces of the side to move, B = the others.
 */
#ifndef GUTI_INDEX_H
#define GUTI_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "symmap.h"

/* Scatter the low bits of x into the set bits of mask, and gather them back. */
static inline bits_t bits_deposit(bits_t x, bits_t mask)
{
#ifdef __BMI2__
    return __builtin_ia32_pdep_di(x, mask);
#else
    bits_t y = 0;
    for (bits_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (x & bit) y |= mask & -mask;
    return y;
#endif
}

static inline bits_t bits_extract(bits_t x, bits_t mask)
{
#ifdef __BMI2__
    return __builtin_ia32_pext_di(x, mask);
#else
    bits_t y = 0;
    for (bits_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (x & mask & -mask) y |= bit;
    return y;
#endif
}

/* A word of a canonical B list's bitmap: bit j set when colex rank 64 w + j is canonical,
 * with the number of canonical ranks below the word. */
struct index_rank_word {
    uint64_t bits;
    uint64_t below;
};

struct index_orbit {
    bits_t a;        /* canonical A */
    bits_t free;     /* the points A leaves free */
    uint64_t offset; /* first class of this A */
    uint64_t count;  /* classes with this A */
    int nstab;       /* symmetries that fix A, the identity first */
    uint8_t stab[BOARD_MAX_SYMS];
    /* nstab > 1: the canonical B sets (those smallest under the stabiliser) as a bitmap
     * over every colex rank of the free points, with the count below each word: ranking a
     * class is one read of memory and a popcount, and unranking a search of the counts */
    struct index_rank_word *rank_words;
    uint64_t nwords;
};

struct pair_index {
    const struct board *board;
    const struct symmap *sm;
    int n, a, b;
    /* B is ranked by the set itself, or by the free points it leaves empty when those are
     * fewer (kb of them): ranking costs one step per ranked point. */
    bool b_by_empties;
    int kb;
    uint64_t size; /* number of classes */
    uint64_t raw;  /* number of positions, without symmetry */
    int norbits;
    struct index_orbit *orbits;
    uint64_t *rank_a; /* byte tables for colex ranks of A sets, see colex_table() */
    uint64_t *rank_b; /* and of B sets among the free points */
    int chunks_a, chunks_b;
    uint32_t *a_orbit; /* colex rank of an A set -> its orbit */
    uint8_t *a_sym;    /* colex rank of an A set -> a symmetry mapping it to the canonical A */
    uint64_t serial;   /* this index among all built, from 1 (see pair_index_cursor) */
};

/* The number of classes of pairs (A, B), |A| = a, |B| = nb, on board b, by Burnside's
 * lemma rather than by enumeration: the mean over the board's symmetries of the pairs each
 * one fixes (A and B unions of its cycles). Costs nothing and builds no index, so it sizes
 * materials too large to index here (a plan), and checks pair_index_init's size. 0 when
 * a + nb exceeds the board's points. */
uint64_t pair_class_count(const struct board *b, int a, int nb);

/* Builds the index with that many OpenMP threads (0: omp_get_max_threads(); 1: no OpenMP
 * region at all, for a caller whose threads are not OpenMP's, where libgomp would end the
 * process when it cannot allocate a team); 0, or -1 when memory runs out. */
int pair_index_init(struct pair_index *ix, const struct board *b, const struct symmap *sm, int a,
                    int nb, int threads);
void pair_index_free(struct pair_index *ix);

/* What ranking needs of A: its orbit and a symmetry that makes it canonical. Many
 * positions share their A (all the goat moves of a position), so it is looked up once. */
struct pair_index_a {
    const struct index_orbit *o;
    int sym;
};

static inline uint64_t index_table_rank(const uint64_t *t, int nchunks, int k, bits_t m)
{
    uint64_t r = 0;
    int below = 0;
    for (int c = 0; c < nchunks; c++) {
        unsigned v = (unsigned)(m >> (8 * c)) & 0xff;
        r += t[((size_t)c * (size_t)(k + 1) + (size_t)below) * 256 + v];
        below += __builtin_popcount(v);
    }
    return r;
}

static inline struct pair_index_a pair_index_lookup_a(const struct pair_index *ix, bits_t A)
{
    uint64_t ra = index_table_rank(ix->rank_a, ix->chunks_a, ix->a, A);
    return (struct pair_index_a){&ix->orbits[ix->a_orbit[ra]], ix->a_sym[ra]};
}

/* The colex rank (among the free points of o) of the r-th canonical B of a symmetric orbit
 * o: the last word with at most r canonical sets below it, then the bit within it. */
static inline uint64_t index_orbit_canonical_b(const struct index_orbit *o, uint64_t r)
{
    uint64_t lo = 0, hi = o->nwords - 1;
    while (lo < hi) {
        uint64_t mid = (lo + hi + 1) / 2;
        if (o->rank_words[mid].below <= r)
            lo = mid;
        else
            hi = mid - 1;
    }
    bits_t bit = bits_deposit(BIT(r - o->rank_words[lo].below), o->rank_words[lo].bits);
    return lo * 64 + (uint64_t)__builtin_ctzll(bit);
}

/* The rank of B among the free points of a canonical A (B in the canonical frame). */
static inline uint64_t pair_index_rank_free(const struct pair_index *ix,
                                            const struct index_orbit *o, bits_t B)
{
    bits_t m = bits_extract(B, o->free);
    if (ix->b_by_empties) m = ~m & (BIT(ix->n - ix->a) - 1);
    return index_table_rank(ix->rank_b, ix->chunks_b, ix->kb, m);
}

uint64_t pair_index_rank_symmetric(const struct pair_index *ix, const struct index_orbit *o,
                                   bits_t B);

/* The classes of (A, B + p) for each free point p of the canonical A of orbit o that B
 * leaves empty, in the points' order, into out; their number. A has no symmetry of its own
 * (o->nstab == 1), and ix is the index with one more B than B has. One pass over the free
 * points ranks them all (a point added shifts the colex terms of the points above it),
 * where ranking each afresh costs a lookup per byte: Bagh-Chal's goat placements. */
int pair_index_rank_add_each(const struct pair_index *ix, const struct index_orbit *o, bits_t B,
                             uint64_t *out);

/* The classes of (A, B - p + q) for every point p of B and every point q of empty adjacent
 * to p on the board (its steps; empty holds no point of A or B), into out; their number.
 * A is looked up already (pa); the order is p's and q's in A's canonical frame. When A has
 * no symmetry of its own, a step moves one point of the ranked set and shifts the colex
 * terms of the points it passes, so one pass over B's points ranks them all from running
 * sums, where ranking each afresh costs a lookup per byte of B: Adugo's dogs' steps. */
int pair_index_rank_b_steps(const struct pair_index *ix, const struct pair_index_a *pa, bits_t B,
                            bits_t empty, uint64_t *out);

/* The class of (A, B), A looked up already. */
static inline uint64_t pair_index_rank_b(const struct pair_index *ix, const struct pair_index_a *pa,
                                         bits_t B)
{
    if (pa->sym) B = symmap_apply(ix->sm, pa->sym, B);
    if (pa->o->nstab == 1) return pa->o->offset + pair_index_rank_free(ix, pa->o, B);
    return pair_index_rank_symmetric(ix, pa->o, B);
}

/* The class of (A, B). */
static inline uint64_t pair_index_rank(const struct pair_index *ix, bits_t A, bits_t B)
{
    struct pair_index_a pa = pair_index_lookup_a(ix, A);
    return pair_index_rank_b(ix, &pa, B);
}
/* The canonical representative of class i; returns its A's orbit, whose stab lists the
 * symmetries that keep A. */
const struct index_orbit *pair_index_unrank(const struct pair_index *ix, uint64_t i, bits_t *A,
                                            bits_t *B);
/* How many positions class i stands for: the group order over the size of its stabiliser. */
int pair_index_orbit_size(const struct pair_index *ix, uint64_t i);

/* The orbit size of every class into sizes[0..size-1] (faster than one by one). */
void pair_index_orbit_sizes(const struct pair_index *ix, uint8_t *sizes);

/* Walks the classes i0, i0 + 1, ... in order, cheaply: within an A, the next B of a
 * plain orbit is the next combination (colex order is numeric order of the masks). */
struct pair_index_iter {
    const struct pair_index *ix;
    int k;       /* orbit */
    uint64_t r;  /* rank within the orbit */
    uint64_t cr; /* a symmetric orbit's: the colex rank of the current B */
    bits_t m;    /* the ranked mask (B or its empty points) in the compact free space */
};

void pair_index_iter_init(struct pair_index_iter *it, const struct pair_index *ix, uint64_t i);
/* The current class's A (canonical) and B, and its orbit. */
static inline void pair_index_iter_get(const struct pair_index_iter *it, bits_t *A, bits_t *B)
{
    const struct pair_index *ix = it->ix;
    const struct index_orbit *o = &ix->orbits[it->k];
    bits_t m = it->m;
    if (ix->b_by_empties) m = ~m & (BIT(ix->n - ix->a) - 1);
    *A = o->a;
    *B = bits_deposit(m, o->free);
}
void pair_index_iter_next(struct pair_index_iter *it);

/* A thread's place in an index, for decoding classes asked mostly in order (the engine's
 * initial pass, and a level's positions, found in order): a class that follows the one
 * decoded last, or lies a few classes on (CURSOR_STEPS), is reached by the iterator rather
 * than unranked. Indexes are told apart by their serial, since a freed index's address may
 * be reused. Zero-initialised; one per thread (_Thread_local). */
struct pair_index_cursor {
    uint64_t serial, i; /* the index (0: none yet) and the class decoded last */
    bool iterating;     /* it is on class i */
    struct pair_index_iter it;
};

/* Steps of the iterator cheaper than an unrank: a step is the next combination, a few
 * nanoseconds (but in an orbit of a symmetric A, where it unranks), an unrank some 40
 * lookups and branches. */
#define CURSOR_STEPS 32

/* Moves the cursor to class i of ix: true when it got there by the iterator, which
 * pair_index_iter_get(&c->it, ...) then reads (its orbit c->it.k); false when i is not
 * within CURSOR_STEPS after the class it was on, and the caller decodes i itself
 * (pair_index_unrank, or pair_index_cursor_jump to go on from there by the iterator). */
static inline bool pair_index_cursor_seek(struct pair_index_cursor *c, const struct pair_index *ix,
                                          uint64_t i)
{
    bool same = c->serial == ix->serial;
    if (same && c->iterating && i > c->i && i - c->i <= CURSOR_STEPS &&
        ix->orbits[c->it.k].nstab == 1) {
        while (c->i < i) pair_index_iter_next(&c->it), c->i++;
        return true;
    }
    bool follows = same && i == c->i + 1;
    if (follows && c->iterating)
        pair_index_iter_next(&c->it);
    else if (follows)
        pair_index_iter_init(&c->it, ix, i);
    c->serial = ix->serial;
    c->i = i;
    c->iterating = follows;
    return follows;
}

/* Puts the cursor on class i of ix by unranking it into the iterator (as costly as
 * pair_index_unrank), so that the classes a little after it follow by the iterator. */
static inline void pair_index_cursor_jump(struct pair_index_cursor *c, const struct pair_index *ix,
                                          uint64_t i)
{
    pair_index_iter_init(&c->it, ix, i);
    c->serial = ix->serial;
    c->i = i;
    c->iterating = true;
}

/* Colex rank of a k-subset of 0..63 given as a mask, and its inverse. */
uint64_t colex_rank(bits_t m);
bits_t colex_unrank(uint64_t r, int k);
/* The same when the subset lies in 0..n-1: faster for small n. */
bits_t colex_unrank_below(uint64_t r, int k, int n);
uint64_t binomial(int n, int k);

/* The chunked parallel walk over an index, written once: positions 0..ix->size-1 in
 * chunks of INDEX_WALK_CHUNK, each chunk taken by one OpenMP thread (dynamic schedule: the
 * work per position varies), its positions in index order through an iterator, so that
 * nothing is unranked. chunk(arg, it, first, last) does the work of positions first to
 * last - 1 with it at first (pair_index_iter_next moves it on) and returns a count; the walk
 * returns their sum. progress, when not NULL, hears (phase, positions done, total) from
 * thread 0 after each chunk it finishes. chunk is called from several threads at once, on
 * disjoint ranges. */
#define INDEX_WALK_CHUNK 65536 /* a multiple of 32: chunks write whole words of wdl.h's arrays */

uint64_t pair_index_walk(
    const struct pair_index *ix,
    uint64_t (*chunk)(void *arg, struct pair_index_iter *it, uint64_t first, uint64_t last),
    void *arg, void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total),
    void *progress_arg, const char *phase);

#endif
