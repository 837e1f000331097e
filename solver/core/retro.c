#include "retro.h"
#include "retro_common.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* Level buckets: each thread appends to its own vector per level; a level is gathered
 * when its turn comes. An entry is a position's index, with FINAL set when its value is
 * already stored and only its predecessors remain to be visited, and WON when the side to
 * move wins there (a DTM's parity says it too; a DTC's does not). */
#define FINAL ((uint64_t)1 << 63)
#define WON ((uint64_t)1 << 62)
#define INDEX(e) ((e) & ~(FINAL | WON))

/* A bucket's entries are stored in 4 bytes rather than 8 when the layer has at most 2^30
 * positions (every Bagh-Chal layer, every Sixteen Soldiers material up to 8 pieces): the
 * index in the low 30 bits, FINAL and WON above it. The buckets are the largest memory of
 * a big solve after the codes (the initial pass pushes every win through an exit, about
 * half of a Sixteen Soldiers material), so this halves them. */
#define NARROW_MAX ((uint64_t)1 << 30)

struct vec {
    void *v; /* entries of the buckets' width */
    size_t n, cap;
};

struct buckets {
    int nthreads, nlevels;
    int highest; /* the highest level anything was pushed to */
    /* [thread * nlevels + level]: a thread's vectors side by side, so that two threads
     * pushing to one level write no common cache line (with [level][thread] the pushes of
     * the movement phase's propagation spent 8% of its time passing one line back and
     * forth) */
    struct vec *v;
    size_t width; /* bytes per entry: 4 or 8 */
    int failed;
};

static inline uint64_t entry_get(const struct buckets *b, const void *v, size_t k)
{
    if (b->width == 8) return ((const uint64_t *)v)[k];
    uint32_t e = ((const uint32_t *)v)[k];
    return (e & (uint32_t)(NARROW_MAX - 1)) | (uint64_t)(e >> 30) << 62;
}

static inline void entry_put(const struct buckets *b, void *v, size_t k, uint64_t e)
{
    if (b->width == 8)
        ((uint64_t *)v)[k] = e;
    else
        ((uint32_t *)v)[k] = (uint32_t)(INDEX(e) | (e >> 62) << 30);
}

static int vec_push(const struct buckets *b, struct vec *x, uint64_t e)
{
    if (x->n == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 1024;
        void *v = realloc(x->v, cap * b->width);
        if (!v) return -1;
        x->v = v;
        x->cap = cap;
    }
    entry_put(b, x->v, x->n++, e);
    return 0;
}

static void bucket_push(struct buckets *b, int level, uint64_t e)
{
    if (level >= b->nlevels || vec_push(b, &b->v[omp_get_thread_num() * b->nlevels + level], e))
        b->failed = 1;
    int h = __atomic_load_n(&b->highest, __ATOMIC_RELAXED);
    while (level > h && !__atomic_compare_exchange_n(&b->highest, &h, level, false,
                                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
}

/* Gathers a level's entries into one array of the buckets' width (freed by the caller). */
static void *bucket_take(struct buckets *b, int level, size_t *n)
{
    size_t total = 0;
    for (int t = 0; t < b->nthreads; t++) total += b->v[t * b->nlevels + level].n;
    *n = total;
    if (total == 0) return NULL;
    unsigned char *all = malloc(total * b->width);
    if (!all) {
        b->failed = 1;
        return NULL;
    }
    size_t k = 0;
    for (int t = 0; t < b->nthreads; t++) {
        struct vec *x = &b->v[t * b->nlevels + level];
        if (x->n) memcpy(all + k * b->width, x->v, x->n * b->width); /* NULL when empty */
        k += x->n;
        free(x->v);
        memset(x, 0, sizeof *x);
    }
    return all;
}

static bool claim(retro_code *res, uint64_t i, retro_code code)
{
    retro_code zero = 0;
    return __atomic_compare_exchange_n(&res[i], &zero, code, false, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
}

/* Entries of a level taken by a thread at a time: the propagation's work per entry varies. */
#define RELAX_CHUNK 1024

/* What propagating from one level needs. */
struct relax {
    const struct retro_layer *L;
    retro_code *res;
    uint8_t *cnt;
    struct buckets *b;
    int d;             /* the level */
    uint64_t *scratch; /* max_moves entries, for expand */
};

/* Propagates a position decided at level r->d (won or lost) to its n predecessors: each
 * undecided one wins in d + 1 when the position is lost; when it is won, each loses one
 * move, and one left with none is lost, delayed through its exits. */
static void relax(const struct relax *r, const uint64_t *pred, int n, bool won)
{
    const struct retro_layer *L = r->L;
    int d = r->d, dtc = L->dtc_limit;
    for (int j = 0; j < n; j++) {
        uint64_t q = pred[j];
        if (__atomic_load_n(&r->res[q], __ATOMIC_RELAXED)) continue;
        if (!won) {
            /* the position is lost: q wins in d + 1 */
            if (claim(r->res, q, code_at(L, d + 1, true)))
                bucket_push(r->b, d + 1, q | FINAL | WON);
        } else if (__atomic_sub_fetch(&r->cnt[q], 1, __ATOMIC_RELAXED) == 0) {
            /* every move of q now loses: q is lost, delaying through its exits */
            struct move_fold ex = {0};
            if (L->exits)
                L->exits(L->ctx, q, &ex);
            else
                L->expand(L->ctx, q, r->scratch, &ex);
            int lvl = !dtc && ex.loss > d + 1 ? ex.loss : d + 1;
            if (claim(r->res, q, code_at(L, lvl, false))) bucket_push(r->b, lvl, q | FINAL);
        }
    }
}

/* The initial pass: each position's moves are counted into cnt (its exits that win or
 * draw count as one); a position with no move, or whose every exit loses, is lost and
 * final, and one that wins through an exit waits at that exit's level. */
static void initial_pass(const struct retro_layer *L, retro_code *res, uint8_t *cnt,
                         struct buckets *b)
{
    uint64_t n = L->size, done = 0;
#pragma omp parallel
    {
        uint64_t *succ = malloc((size_t)L->max_moves * sizeof *succ);
        if (!succ) b->failed = 1;
#pragma omp for schedule(dynamic, 4096)
        for (uint64_t i = 0; i < n; i++) {
            if (!succ) continue;
            struct move_fold ex;
            int k = first_look(L, i, succ, &ex);
            cnt[i] = (uint8_t)(k + (ex.win || ex.draw));
            if (k == 0 && !ex.win && !ex.draw) {
                /* no move at all, or every exit loses: lost, and final */
                res[i] = code_at(L, ex.loss, false);
                bucket_push(b, ex.loss, i | FINAL);
            } else if (ex.win) {
                bucket_push(b, ex.win, i | WON);
            }
            pass_progress(L, "init", i, &done, n);
        }
        free(succ);
    }
}

/* The wins through an exit decided at level d (its m entries) are claimed first, before
 * any thread propagates from it: under the counting rule a level holds losses too (a DTC's
 * parity says nothing), and a loss of this level must not claim one of them for a win one
 * half-move slower. (A DTM level is all wins or all losses.) An entry claimed here is
 * final; one whose position was decided before is left as it is, and skipped later. */
static void claim_exit_wins(const struct retro_layer *L, retro_code *res, const struct buckets *b,
                            void *level, size_t m, int d)
{
#pragma omp parallel for schedule(static)
    for (size_t k = 0; k < m; k++) {
        uint64_t e = entry_get(b, level, k);
        if (!(e & FINAL) && claim(res, INDEX(e), code_at(L, d, e & WON)))
            entry_put(b, level, k, e | FINAL);
    }
}

/* Propagates the entries c0 .. c1 of level r->d: each not decided before is decided
 * there, and, when next (level d + 1 is within reach), its predecessors relaxed. pred is
 * two lists of max_moves predecessors: those of the entry before, whose values and counts
 * are being fetched from memory, and those of this entry. Returns the entries decided. */
static uint64_t propagate_chunk(const struct relax *r, const void *level, size_t c0, size_t c1,
                                bool next, uint64_t *const pred[2])
{
    const struct retro_layer *L = r->L;
    const struct buckets *b = r->b;
    retro_code *res = r->res;
    const uint8_t *cnt = r->cnt;
    int d = r->d;
    uint64_t mine = 0;
    int cur = 0;      /* the list this entry's predecessors go to */
    int waiting = -1; /* the entry before's, in the other list: their number */
    bool waiting_won = false;
    for (size_t k = c0; k < c1; k++) {
        uint64_t e = entry_get(b, level, k), i = INDEX(e);
        bool won = e & WON;
        if (!(e & FINAL) && !claim(res, i, code_at(L, d, won))) continue;
        mine++;
        if (!next) continue;
        /* the predecessors lie all over the layer: their values and counts are asked for
         * now and used one entry later, so that the reads of memory overlap with finding
         * the next entry's predecessors rather than wait in turn (the movement phase's
         * propagation waits on them most) */
        int np = L->predecessors(L->ctx, i, pred[cur]);
        for (int j = 0; j < np; j++) {
            __builtin_prefetch(&res[pred[cur][j]]);
            __builtin_prefetch(&cnt[pred[cur][j]]);
        }
        if (waiting >= 0) relax(r, pred[cur ^ 1], waiting, waiting_won);
        waiting = np;
        waiting_won = won;
        cur ^= 1;
    }
    if (waiting >= 0) relax(r, pred[cur ^ 1], waiting, waiting_won);
    return mine;
}

/* Propagates from level d (its m entries), a chunk of them at a time by each thread.
 * Returns the entries decided there. */
static uint64_t propagate_level(const struct retro_layer *L, retro_code *res, uint8_t *cnt,
                                struct buckets *b, int d, const void *level, size_t m)
{
    bool next = d + 1 < b->nlevels; /* whether level d + 1 is still within reach */
    uint64_t decided = 0;
#pragma omp parallel
    {
        uint64_t *pred[2] = {malloc((size_t)L->max_moves * sizeof(uint64_t)),
                             malloc((size_t)L->max_moves * sizeof(uint64_t))};
        uint64_t *scratch = malloc((size_t)L->max_moves * sizeof *scratch);
        bool ok = pred[0] && pred[1] && scratch;
        if (!ok) b->failed = 1;
        uint64_t mine = 0;
        struct relax rx = {L, res, cnt, b, d, scratch};
#pragma omp for schedule(dynamic, 1)
        for (size_t c0 = 0; c0 < m; c0 += RELAX_CHUNK) {
            size_t c1 = c0 + RELAX_CHUNK < m ? c0 + RELAX_CHUNK : m;
            if (ok) mine += propagate_chunk(&rx, level, c0, c1, next, pred);
        }
        free(pred[0]);
        free(pred[1]);
        free(scratch);
#pragma omp atomic
        decided += mine;
    }
    return decided;
}

/* Level by level; for the counting rule, no further than its limit: what is decided only
 * later is a draw under the rule. */
static void propagate(const struct retro_layer *L, retro_code *res, uint8_t *cnt, struct buckets *b,
                      struct retro_stats *st)
{
    uint64_t decided = 0;
    for (int d = 0; d < b->nlevels && !b->failed; d++) {
        size_t m;
        void *level = bucket_take(b, d, &m);
        if (!level) {
            if (d >= b->highest) break;
            continue;
        }
        st->levels = d + 1;
        claim_exit_wins(L, res, b, level, m, d);
        decided += propagate_level(L, res, cnt, b, d, level, m);
        free(level);
        if (L->progress) L->progress(L->progress_arg, "propagate", decided, L->size);
    }
}

static void buckets_free(struct buckets *b)
{
    for (int e = 0; e <= b->highest && e < b->nlevels; e++)
        for (int t = 0; t < b->nthreads; t++) free(b->v[t * b->nlevels + e].v);
    free(b->v);
}

int retro_solve(const struct retro_layer *L, retro_code *res, struct retro_stats *st)
{
    if (L->compact) return retro_solve_compact(L, res, st);
    uint64_t n = L->size;
    int dtc = L->dtc_limit; /* 0: DTM; else the counting rule's limit */
    if (dtc < 0 || dtc > RETRO_MAX_DTC) return -1;
    struct buckets b = {.nthreads = omp_get_max_threads(),
                        .nlevels = dtc ? dtc + 1 : RETRO_MAX_DTM + 2,
                        .width = n <= NARROW_MAX && L->bucket_bytes != 8 ? 4 : 8};
    uint8_t *cnt = malloc(n ? n : 1);
    b.v = calloc((size_t)b.nlevels * (size_t)b.nthreads, sizeof *b.v);
    if (!cnt || !b.v) {
        free(cnt);
        free(b.v);
        return -1;
    }
    memset(res, 0, n * sizeof *res);
    memset(st, 0, sizeof *st);
    st->taken_up = -1;
    double t0 = omp_get_wtime();
    initial_pass(L, res, cnt, &b);
    st->init_seconds = omp_get_wtime() - t0;
    t0 = omp_get_wtime();
    propagate(L, res, cnt, &b, st);
    st->propagate_seconds = omp_get_wtime() - t0;
    int failed = b.failed;
    buckets_free(&b);
    free(cnt);
    return failed ? -1 : 0;
}

retro_code retro_derive(int nsucc, const uint64_t *succ, const retro_code *res,
                        const struct move_fold *ex)
{
    struct move_fold all = *ex;
    for (int k = 0; k < nsucc; k++) move_fold_add(&all, res[succ[k]]);
    return move_fold_code(&all);
}

retro_code retro_derive_dtc(int nsucc, const uint64_t *succ, const retro_code *res,
                            const struct move_fold *ex, int limit)
{
    /* an exit is one half-move whatever follows; an in-layer move to a position decided at
     * level d is decided at d + 1, a draw under the rule when that is past the limit */
    int win = ex->win ? 1 : -1, loss = ex->loss ? 1 : 0;
    bool draw = ex->draw;
    for (int k = 0; k < nsucc; k++) {
        retro_code c = res[succ[k]];
        int d = c ? dtc_of(c) + 1 : 0;
        if (!c || d > limit)
            draw = true;
        else if (!dtc_win(c)) {
            if (win < 0 || d < win) win = d;
        } else if (d > loss)
            loss = d;
    }
    if (win >= 0) return dtc_code(win, true);
    if (draw) return RETRO_DRAW;
    return dtc_code(loss, false); /* every move loses, or there is none: lost in 0 */
}

uint64_t retro_sample_index(uint64_t k, uint64_t n, uint64_t m)
{
    return m >= n ? k : (uint64_t)((unsigned __int128)k * n / m); /* k * n overflows 64 bits */
}

/* How many positions ahead verify expands: their successors' codes are asked of memory
 * then, and read when the position is derived, so that the reads overlap with expanding
 * the positions between rather than wait in turn (as the propagation's predecessors). */
#define VERIFY_AHEAD 4
#define VERIFY_CHUNK 4096

/* What verify keeps of a position between expanding it and deriving it. */
struct verify_slot {
    uint64_t i;
    int n;
    struct move_fold ex;
    uint64_t *succ;
};

uint64_t retro_verify(const struct retro_layer *L, const retro_code *res, uint64_t sample,
                      uint64_t *bad, int maxbad, int *nbad)
{
    uint64_t wrong = 0, done = 0, m = sample && sample < L->size ? sample : L->size;
    int failed = 0;
    *nbad = 0;
#pragma omp parallel
    {
        struct verify_slot ring[VERIFY_AHEAD + 1];
        uint64_t *succ = malloc((VERIFY_AHEAD + 1) * (size_t)L->max_moves * sizeof *succ);
        if (!succ) {
#pragma omp atomic write
            failed = 1;
        }
        for (int r = 0; r <= VERIFY_AHEAD; r++)
            ring[r].succ = succ ? succ + (size_t)r * L->max_moves : NULL;
#pragma omp for schedule(dynamic, 1) reduction(+ : wrong)
        for (uint64_t c0 = 0; c0 < m; c0 += VERIFY_CHUNK) {
            uint64_t c1 = c0 + VERIFY_CHUNK < m ? c0 + VERIFY_CHUNK : m;
            for (uint64_t k = c0; succ && k < c1 + VERIFY_AHEAD; k++) {
                if (k < c1) {
                    struct verify_slot *s = &ring[k % (VERIFY_AHEAD + 1)];
                    s->i = retro_sample_index(k, L->size, m);
                    s->ex = (struct move_fold){0};
                    s->n = L->expand(L->ctx, s->i, s->succ, &s->ex);
                    for (int j = 0; j < s->n; j++) __builtin_prefetch(&res[s->succ[j]]);
                }
                if (k < c0 + VERIFY_AHEAD) continue;
                uint64_t kk = k - VERIFY_AHEAD;
                const struct verify_slot *s = &ring[kk % (VERIFY_AHEAD + 1)];
                retro_code want = L->dtc_limit
                                      ? retro_derive_dtc(s->n, s->succ, res, &s->ex, L->dtc_limit)
                                      : retro_derive(s->n, s->succ, res, &s->ex);
                pass_progress(L, "verify", kk, &done, m);
                if (want == res[s->i]) continue;
                wrong++;
#pragma omp critical(retro_verify_bad)
                if (*nbad < maxbad) bad[(*nbad)++] = s->i;
            }
        }
        free(succ);
    }
    return failed ? RETRO_VERIFY_NOMEM : wrong;
}

struct retro_tally retro_tally(const retro_code *res, uint64_t n)
{
    uint64_t w = 0, d = 0, l = 0;
    int maxd = 0;
#pragma omp parallel for reduction(+ : w, d, l) reduction(max : maxd)
    for (uint64_t i = 0; i < n; i++) {
        retro_code c = res[i];
        if (!c)
            d++;
        else if (code_win(c))
            w++;
        else
            l++;
        if (c && code_dtm(c) > maxd) maxd = code_dtm(c);
    }
    return (struct retro_tally){w, d, l, maxd};
}

struct class_tally class_tally(const uint16_t *cls, uint64_t n)
{
    uint64_t k[5] = {0};
    int max_win = -1, max_loss = -1;
#pragma omp parallel for reduction(+ : k[:5]) reduction(max : max_win, max_loss)
    for (uint64_t i = 0; i < n; i++) {
        int j = class_column(cls[i]);
        k[j]++;
        int d = dtc_of(dtc_of_class(cls[i]));
        if (j == 0 && d > max_win) max_win = d;
        if (j == 4 && d > max_loss) max_loss = d;
    }
    struct class_tally t = {.max_win = max_win, .max_loss = max_loss};
    for (int j = 0; j < 5; j++) t.n[j] = k[j];
    return t;
}
