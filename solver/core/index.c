#include "index.h"

#include <assert.h>
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"

static uint64_t binom[65][65];

/* Fills the table once, whichever thread comes first: the others wait for it (pthread_once),
 * since programs probe from several threads, each with its own handle (guti.h). */
static void fill_binomials(void)
{
    for (int n = 0; n <= 64; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
    }
}

static void init_binomials(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_binomials);
}

uint64_t binomial(int n, int k)
{
    init_binomials();
    return k < 0 || k > n ? 0 : binom[n][k];
}

uint64_t colex_rank(bits_t m)
{
    uint64_t r = 0;
    for (int j = 1; m; j++) r += binom[bits_pop(&m)][j];
    return r;
}

bits_t colex_unrank(uint64_t r, int k)
{
    return colex_unrank_below(r, k, 64);
}

bits_t colex_unrank_below(uint64_t r, int k, int n)
{
    bits_t m = 0;
    int p = n - 1;
    for (int j = k; j >= 1; j--) {
        while (binom[p][j] > r) p--;
        r -= binom[p][j];
        m |= BIT(p);
        p--;
    }
    return m;
}

/* Colex ranks by bytes: t[(c * (k + 1) + j) * 256 + v] is what byte v of chunk c adds to
 * the rank when j set bits lie below the chunk. A rank is then one lookup per byte. */
static uint64_t *colex_table(int nbits, int k, int *nchunks)
{
    *nchunks = (nbits + 7) / 8;
    uint64_t *t = malloc((size_t)*nchunks * (size_t)(k + 1) * 256 * sizeof *t);
    if (!t) return NULL;
    for (int c = 0; c < *nchunks; c++)
        for (int j = 0; j <= k; j++)
            for (int v = 0; v < 256; v++) {
                uint64_t r = 0;
                int below = j;
                for (int q = 0; q < 8; q++)
                    if (v & (1 << q)) r += binom[8 * c + q][++below];
                t[((size_t)c * (size_t)(k + 1) + (size_t)j) * 256 + (size_t)v] = r;
            }
    return t;
}

/* The colex order of the sets ranked among o's free points is the order of their masks as
 * integers (the highest point where two sets differ decides, and bits_extract keeps the
 * points' order), so images of B under A's stabiliser (which keeps A, hence o->free) are
 * compared without ranking them: by B itself, or by the free points it leaves empty when
 * the empties are ranked. */
static inline bits_t b_order_key(const struct pair_index *ix, const struct index_orbit *o, bits_t B)
{
    return ix->b_by_empties ? o->free & ~B : B;
}

/* The smallest rank of B's images under A's stabiliser, B already mapped so that A is
 * canonical: the image of the smallest key, ranked once. */
static uint64_t canonical_b_rank(const struct pair_index *ix, const struct index_orbit *o, bits_t B)
{
    bits_t best = B, best_key = b_order_key(ix, o, B);
    for (int t = 1; t < o->nstab; t++) {
        bits_t image = symmap_apply(ix->sm, o->stab[t], B), key = b_order_key(ix, o, image);
        if (key < best_key) best = image, best_key = key;
    }
    return pair_index_rank_free(ix, o, best);
}

/* Whether B is the smallest of its images under A's stabiliser: the first smaller image
 * says no. */
static bool b_is_canonical(const struct pair_index *ix, const struct index_orbit *o, bits_t B)
{
    bits_t key = b_order_key(ix, o, B);
    for (int t = 1; t < o->nstab; t++)
        if (b_order_key(ix, o, symmap_apply(ix->sm, o->stab[t], B)) < key) return false;
    return true;
}

/* The canonical B bitmap of a symmetric A: the B sets in rank order, each the next
 * combination of the last rather than unranked, those smallest under the stabiliser
 * marked. -1: no memory. */
static int make_rank_words(const struct pair_index *ix, struct index_orbit *o, uint64_t nbsets)
{
    uint64_t nwords = nbsets / 64 + 1;
    /* read at random by every rank and unrank of the orbit: 2 MB pages (bigmem.h) spare
     * the page walks of tens of MB in 4 KB pages (Adugo's jaguar on the axis: 21 MB) */
    struct index_rank_word *words = big_calloc(nwords, sizeof *words);
    if (!words) return -1;
    bits_t all = BIT(ix->n - ix->a) - 1, m = BIT(ix->kb) - 1;
    for (uint64_t r = 0; r < nbsets; r++) {
        bits_t B = bits_deposit(ix->b_by_empties ? ~m & all : m, o->free);
        if (b_is_canonical(ix, o, B)) words[r / 64].bits |= BIT(r % 64);
        if (m) m = bits_next_combination(m);
    }
    uint64_t below = 0;
    for (uint64_t w = 0; w < nwords; w++) {
        words[w].below = below;
        below += (uint64_t)bits_count(words[w].bits);
    }
    o->rank_words = words;
    o->nwords = nwords;
    o->count = below;
    return 0;
}

/* B on the free points of o from its rank. */
static bits_t unrank_free(const struct pair_index *ix, const struct index_orbit *o, uint64_t r)
{
    bits_t m = colex_unrank_below(r, ix->kb, ix->n - ix->a);
    if (ix->b_by_empties) m = ~m & (BIT(ix->n - ix->a) - 1);
    return bits_deposit(m, o->free);
}

uint64_t pair_class_count(const struct board *b, int a, int nb)
{
    if (a < 0 || nb < 0 || a + nb > b->npoints) return 0;
    /* fixed[i][j]: pairs fixed by the symmetry with |A| = i, |B| = j among the cycles seen,
     * each cycle wholly in A, wholly in B or wholly empty */
    static_assert(BOARD_MAX_POINTS <= 64, "pair_class_count's table");
    uint64_t sum = 0;
    for (int s = 0; s < b->nsyms; s++) {
        uint64_t fixed[BOARD_MAX_POINTS + 1][BOARD_MAX_POINTS + 1] = {{1}};
        bool seen[BOARD_MAX_POINTS] = {false};
        for (int p = 0; p < b->npoints; p++) {
            if (seen[p]) continue;
            int len = 0;
            for (int q = p; !seen[q]; q = b->sym[s][q]) seen[q] = true, len++;
            for (int i = a; i >= 0; i--)
                for (int j = nb; j >= 0; j--)
                    fixed[i][j] +=
                        (i >= len ? fixed[i - len][j] : 0) + (j >= len ? fixed[i][j - len] : 0);
        }
        sum += fixed[a][nb];
    }
    return sum / (uint64_t)b->nsyms;
}

/* Orbit k's count of B sets, and its rank words when its A set is symmetric: nonzero when
 * memory runs out. */
static int orbit_rank_words(struct pair_index *ix, int k, uint64_t nbsets)
{
    struct index_orbit *o = &ix->orbits[k];
    if (o->nstab > 1) return make_rank_words(ix, o, nbsets) != 0;
    o->count = nbsets;
    return 0;
}

int pair_index_init(struct pair_index *ix, const struct board *b, const struct symmap *sm, int a,
                    int nb, int threads)
{
    init_binomials();
    memset(ix, 0, sizeof *ix);
    ix->board = b;
    ix->sm = sm;
    ix->n = b->npoints;
    ix->a = a;
    ix->b = nb;
    static uint64_t serials; /* the one count of indexes built, shared by all threads */
    ix->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
    uint64_t na = binom[ix->n][a];
    /* read at random for every rank (2 MB pages: bigmem.h) */
    ix->a_orbit = big_alloc(na * sizeof *ix->a_orbit);
    ix->a_sym = big_alloc(na);
    ix->rank_a = colex_table(ix->n, a, &ix->chunks_a);
    ix->b_by_empties = nb > (ix->n - a) / 2;
    ix->kb = ix->b_by_empties ? ix->n - a - nb : nb;
    ix->rank_b = colex_table(ix->n - a, ix->kb, &ix->chunks_b);
    if (!ix->a_orbit || !ix->a_sym || !ix->rank_a || !ix->rank_b) return pair_index_free(ix), -1;
    memset(ix->a_orbit, 0xff, na * sizeof *ix->a_orbit);
    int cap = 0;
    /* The A sets in colex order: the first of an orbit met is its canonical member. */
    for (uint64_t r = 0; r < na; r++) {
        if (ix->a_orbit[r] != UINT32_MAX) continue;
        bits_t A = colex_unrank(r, a);
        if (ix->norbits == cap) {
            cap = cap ? 2 * cap : 256;
            struct index_orbit *o = realloc(ix->orbits, (size_t)cap * sizeof *o);
            if (!o) return pair_index_free(ix), -1;
            ix->orbits = o;
        }
        struct index_orbit *o = &ix->orbits[ix->norbits];
        memset(o, 0, sizeof *o);
        o->a = A;
        o->free = (BIT(ix->n) - 1) & ~A;
        for (int s = 0; s < sm->nsyms; s++) {
            bits_t image = symmap_apply(sm, s, A);
            uint64_t ri = colex_rank(image);
            if (image == A) o->stab[o->nstab++] = (uint8_t)s;
            if (ix->a_orbit[ri] == UINT32_MAX) {
                ix->a_orbit[ri] = (uint32_t)ix->norbits;
                ix->a_sym[ri] = (uint8_t)sm->inverse[s];
            }
        }
        ix->norbits++;
    }
    /* The canonical B bitmaps of symmetric A sets, which are most of the time spent here
     * (a query's first probe of a layer waits for it): one orbit per thread at a time. One
     * thread gets no OpenMP region at all: even a team of one is allocated, and libgomp
     * ends the process when that fails (guti.h, threads). */
    uint64_t nbsets = binom[ix->n - a][nb];
    int failed = 0;
    if (threads == 0) threads = omp_get_max_threads();
    if (threads == 1) {
        for (int k = 0; k < ix->norbits; k++) failed |= orbit_rank_words(ix, k, nbsets);
    } else {
#pragma omp parallel for schedule(dynamic, 1) reduction(| : failed) num_threads(threads)
        for (int k = 0; k < ix->norbits; k++) failed |= orbit_rank_words(ix, k, nbsets);
    }
    if (failed) return pair_index_free(ix), -1;
    for (int k = 0; k < ix->norbits; k++) {
        struct index_orbit *o = &ix->orbits[k];
        o->offset = ix->size;
        ix->raw += nbsets * (uint64_t)(sm->nsyms / o->nstab);
        ix->size += o->count;
    }
    return 0;
}

void pair_index_free(struct pair_index *ix)
{
    for (int k = 0; k < ix->norbits; k++) {
        free(ix->orbits[k].rank_words);
    }
    free(ix->orbits);
    free(ix->a_orbit);
    free(ix->a_sym);
    free(ix->rank_a);
    free(ix->rank_b);
    memset(ix, 0, sizeof *ix);
}

uint64_t pair_index_rank_symmetric(const struct pair_index *ix, const struct index_orbit *o,
                                   bits_t B)
{
    uint64_t r = canonical_b_rank(ix, o, B);
    const struct index_rank_word *w = &o->rank_words[r / 64];
    return o->offset + w->below + (uint64_t)bits_count(w->bits & (BIT(r % 64) - 1));
}

/* How colex rank changes when the ranked set m's point u moves to v (v not in m): m's
 * points x_0 < x_1 < ... rank sum C(x_t, t + 1); sums[j][t] is the sum of C(x_s, s + j)
 * over s < t (j = 0, 1, 2). The points between u and v change places by one: down when v
 * lies above u, up when below. Unsigned arithmetic wraps, the sum being a rank. */
static inline uint64_t colex_move(bits_t m, const uint64_t sums[3][BOARD_MAX_POINTS + 1], int u,
                                  int v)
{
    int i = bits_count(m & (BIT(u) - 1)), c = bits_count(m & (BIT(v) - 1));
    uint64_t r = sums[1][bits_count(m)] - binom[u][i + 1];
    if (v > u) /* v takes place c - 1; those of places i + 1 .. c - 1 move down */
        return r + binom[v][c] + (sums[0][c] - sums[0][i + 1]) - (sums[1][c] - sums[1][i + 1]);
    /* v takes place c; those of places c .. i - 1 move up */
    return r + binom[v][c + 1] + (sums[2][i] - sums[2][c]) - (sums[1][i] - sums[1][c]);
}

int pair_index_rank_b_steps(const struct pair_index *ix, const struct pair_index_a *pa, bits_t B,
                            bits_t empty, uint64_t *out)
{
    const struct board *b = ix->board;
    const struct index_orbit *o = pa->o;
    int n = 0;
    if (pa->sym) B = symmap_apply(ix->sm, pa->sym, B), empty = symmap_apply(ix->sm, pa->sym, empty);
    if (o->nstab > 1) { /* B is canonicalised under A's stabiliser step by step */
        struct pair_index_a canonical = {o, 0};
        for (bits_t x = B; x;) {
            int p = bits_pop(&x);
            for (bits_t t = b->adjmask[p] & empty; t;)
                out[n++] = pair_index_rank_b(ix, &canonical, B ^ BIT(p) ^ BIT(bits_pop(&t)));
        }
        return n;
    }
    int nf = ix->n - ix->a, k = 0;
    bits_t m = bits_extract(B, o->free);
    if (ix->b_by_empties) m = ~m & (BIT(nf) - 1);
    uint64_t sums[3][BOARD_MAX_POINTS + 1] = {{0}, {0}, {0}};
    for (bits_t y = m; y; k++) {
        int x = bits_pop(&y);
        for (int j = 0; j < 3; j++) sums[j][k + 1] = sums[j][k] + binom[x][k + j];
    }
    for (bits_t x = B; x;) {
        int p = bits_pop(&x), fp = bits_count(o->free & (BIT(p) - 1));
        for (bits_t t = b->adjmask[p] & empty; t;) {
            int fq = bits_count(o->free & (BIT(bits_pop(&t)) - 1));
            /* ranked by its empty points, B's step from p to q is an empty point's from q */
            out[n++] = o->offset + (ix->b_by_empties ? colex_move(m, sums, fq, fp)
                                                     : colex_move(m, sums, fp, fq));
        }
    }
    return n;
}

int pair_index_rank_add_each(const struct pair_index *ix, const struct index_orbit *o, bits_t B,
                             uint64_t *out)
{
    /* Colex ranks, 0-based: the set {x_0 < x_1 < ...} ranks sum C(x_t, t + 1). */
    int nf = ix->n - ix->a, k = 0, n = 0;
    bits_t m = bits_extract(B, o->free);
    uint64_t high[BOARD_MAX_POINTS + 2];
    int x[BOARD_MAX_POINTS + 1];
    if (!ix->b_by_empties) {
        /* p joins the ranked set with j points below it: the terms below stay, p adds
         * C(p, j + 1), and each point above moves up one place (high[j]) */
        for (bits_t y = m; y;) x[k++] = bits_pop(&y);
        high[k] = 0;
        for (int t = k - 1; t >= 0; t--) high[t] = high[t + 1] + binom[x[t]][t + 2];
        uint64_t low = 0;
        for (int p = 0, j = 0; p < nf; p++)
            if (m & BIT(p))
                low += binom[p][++j];
            else
                out[n++] = o->offset + low + binom[p][j + 1] + high[j];
        return n;
    }
    /* The ranked set is the empty points: p leaves it, the terms below stay and each point
     * above moves down one place (high[t + 1]) */
    for (bits_t y = ~m & (BIT(nf) - 1); y;) x[k++] = bits_pop(&y);
    high[k] = 0;
    for (int t = k - 1; t >= 0; t--) high[t] = high[t + 1] + binom[x[t]][t];
    uint64_t low = 0;
    for (int t = 0; t < k; t++) {
        out[n++] = o->offset + low + high[t + 1];
        low += binom[x[t]][t + 1];
    }
    return n;
}

static int find_orbit(const struct pair_index *ix, uint64_t i)
{
    int lo = 0, hi = ix->norbits - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (ix->orbits[mid].offset <= i)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

const struct index_orbit *pair_index_unrank(const struct pair_index *ix, uint64_t i, bits_t *A,
                                            bits_t *B)
{
    const struct index_orbit *o = &ix->orbits[find_orbit(ix, i)];
    uint64_t r = i - o->offset;
    if (o->nstab > 1) r = index_orbit_canonical_b(o, r);
    *A = o->a;
    *B = unrank_free(ix, o, r);
    return o;
}

int pair_index_orbit_size(const struct pair_index *ix, uint64_t i)
{
    const struct index_orbit *o = &ix->orbits[find_orbit(ix, i)];
    bits_t A, B;
    pair_index_unrank(ix, i, &A, &B);
    int fixed = 0;
    for (int t = 0; t < o->nstab; t++) fixed += symmap_apply(ix->sm, o->stab[t], B) == B;
    return ix->sm->nsyms / fixed;
}

void pair_index_orbit_sizes(const struct pair_index *ix, uint8_t *sizes)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int k = 0; k < ix->norbits; k++) {
        const struct index_orbit *o = &ix->orbits[k];
        uint8_t *out = sizes + o->offset;
        if (o->nstab == 1) {
            memset(out, ix->sm->nsyms, o->count);
            continue;
        }
        /* the canonical B sets in order: the set bits of the bitmap */
        for (uint64_t w = 0; w < o->nwords; w++)
            for (bits_t bits = o->rank_words[w].bits; bits;) {
                bits_t B = unrank_free(ix, o, 64 * w + (uint64_t)bits_pop(&bits));
                int fixed = 0;
                for (int t = 0; t < o->nstab; t++)
                    fixed += symmap_apply(ix->sm, o->stab[t], B) == B;
                *out++ = (uint8_t)(ix->sm->nsyms / fixed);
            }
    }
}

static int find_orbit(const struct pair_index *ix, uint64_t i);

static void iter_load(struct pair_index_iter *it)
{
    const struct pair_index *ix = it->ix;
    const struct index_orbit *o = &ix->orbits[it->k];
    uint64_t r = o->nstab > 1 ? (it->cr = index_orbit_canonical_b(o, it->r)) : it->r;
    it->m = colex_unrank_below(r, ix->kb, ix->n - ix->a);
}

void pair_index_iter_init(struct pair_index_iter *it, const struct pair_index *ix, uint64_t i)
{
    it->ix = ix;
    it->k = ix->size ? find_orbit(ix, i) : 0;
    it->r = i - (ix->size ? ix->orbits[it->k].offset : 0);
    if (i < ix->size) iter_load(it);
}

void pair_index_iter_next(struct pair_index_iter *it)
{
    const struct pair_index *ix = it->ix;
    const struct index_orbit *o = &ix->orbits[it->k];
    if (++it->r == o->count) {
        it->r = 0;
        do it->k++;
        while (it->k < ix->norbits && ix->orbits[it->k].count == 0);
        if (it->k < ix->norbits) iter_load(it);
        return;
    }
    if (o->nstab > 1) {
        /* the next set bit of the bitmap; there is one, as it->r < o->count */
        uint64_t next = it->cr + 1, w = next / 64;
        bits_t bits = o->rank_words[w].bits & ~(BIT(next % 64) - 1);
        while (!bits) bits = o->rank_words[++w].bits;
        it->cr = 64 * w + (uint64_t)__builtin_ctzll(bits);
        it->m = colex_unrank_below(it->cr, ix->kb, ix->n - ix->a);
    } else if (ix->kb == 0) {
        it->m = 0;
    } else {
        it->m = bits_next_combination(it->m);
    }
}

uint64_t pair_index_walk(
    const struct pair_index *ix,
    uint64_t (*chunk)(void *arg, struct pair_index_iter *it, uint64_t first, uint64_t last),
    void *arg, void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total),
    void *progress_arg, const char *phase)
{
    uint64_t n = ix->size, done = 0, sum = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : sum)
    for (uint64_t c0 = 0; c0 < n; c0 += INDEX_WALK_CHUNK) {
        uint64_t c1 = c0 + INDEX_WALK_CHUNK < n ? c0 + INDEX_WALK_CHUNK : n;
        struct pair_index_iter it;
        pair_index_iter_init(&it, ix, c0);
        sum += chunk(arg, &it, c0, c1);
        if (progress) {
            uint64_t d;
#pragma omp atomic capture
            d = done += c1 - c0;
            if (omp_get_thread_num() == 0) progress(progress_arg, phase, d, n);
        }
    }
    return sum;
}
