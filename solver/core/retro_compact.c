#include <stdlib.h>
#include <string.h>

#include "retro_common.h"

/* ---- The compact engine (L->compact) ----------------------------------------------------
 *
 * Two bytes a position and nothing else: no move counters, no level buckets. While the
 * layer is solved a code at or above COMPACT_BASE is not a value but the state of a
 * position not yet decided: COMPACT_BASE + c, c (1..255) its in-layer moves not yet known
 * to lose for the mover (the counter), with EXIT_LOSSES added when an exit loses slowly
 * enough to delay its loss; PENDING_BASE + w, a position that wins through an exit at
 * level w unless something faster comes first (and so is never lost, needing no counter).
 * Every position holds one of them or its final code after the initial pass; what still
 * holds one at the end is a draw. A level is found not in a bucket but by a scan of the
 * whole layer for the codes decided at it, so each level costs a pass over 2 bytes a
 * position: that is the price of a layer twice as large in the same memory. */
#define COMPACT_BASE 0xC000u
#define EXIT_LOSSES 256u
#define PENDING_BASE (COMPACT_BASE + 2 * EXIT_LOSSES)
#define PENDING_MAX (0xFFFFu - PENDING_BASE) /* the deepest level of an exit win */

static inline bool undecided(retro_code c)
{
    return c >= COMPACT_BASE;
}
static inline bool pending(retro_code c)
{
    return c >= PENDING_BASE;
}

/* The level of a final code: its DTM, or its DTC. */
static inline int level_of(const struct retro_layer *L, retro_code c)
{
    return L->dtc_limit ? dtc_of(c) : code_dtm(c);
}

/* The highest level anything was decided or is pending at, raised by any thread. */
static void raise_to(int *highest, int level)
{
    int h = __atomic_load_n(highest, __ATOMIC_RELAXED);
    while (level > h && !__atomic_compare_exchange_n(highest, &h, level, false, __ATOMIC_RELAXED,
                                                     __ATOMIC_RELAXED)) {}
}

/* One process's view of a level: its slice of the codes, positions lo..hi - 1 of the layer
 * (the whole layer when it solves alone), and where the predecessors it finds in other
 * slices go (retro_solve_shared). */
struct level {
    const struct retro_layer *L;
    const struct retro_share *S; /* NULL: alone */
    retro_code *res;             /* res[i - lo]: position i's code */
    uint64_t lo, hi;
    int d, nlevels; /* the level propagated from; levels 0..nlevels - 1 may be decided */
    int *highest;
    int *failed;
    struct outbox *box;  /* [thread * S->nparts + part]: indices for the other slices */
    struct marks *marks; /* the blocks each level's scan visits (below); NULL: all */
};

/* A level's scan visits only the blocks of MARK_BLOCK positions where something was decided
 * at that level or is pending at it: a bit a block for each level, set as a position gets
 * its level (the initial pass's losses and exit wins, found by one pass over the codes,
 * and every decision of compact_relax), the level's bits freed once it is scanned. A
 * block holds positions of a few dozen levels of the hundreds a large layer has (Adugo's
 * 10 dogs: 41 of 353 in a block of 4096), so most of a level's scan, which went over
 * every code, is skipped: 2 bytes a position read once a level was most of a late level's
 * time. A level whose bits could not be had (memory) is scanned whole. */
#define MARK_SHIFT 12
#define MARK_BLOCK ((uint64_t)1 << MARK_SHIFT)

struct marks {
    uint64_t nwords; /* words of a level's bits */
    uint64_t **bits; /* [level]: its blocks' bits, NULL when none is marked */
    uint8_t *whole;  /* [level]: scan every block: its bits could not be had */
};

/* Marks the block of the slice's position at (from the slice's start) at level. */
static void mark(const struct level *s, uint64_t at, int level)
{
    struct marks *m = s->marks;
    if (!m) return;
    uint64_t *b = __atomic_load_n(&m->bits[level], __ATOMIC_ACQUIRE);
    if (!b) {
        if (__atomic_load_n(&m->whole[level], __ATOMIC_RELAXED)) return;
        uint64_t *fresh = calloc(m->nwords, sizeof *fresh), *none = NULL;
        if (!fresh) {
            __atomic_store_n(&m->whole[level], 1, __ATOMIC_RELAXED);
            return;
        }
        if (__atomic_compare_exchange_n(&m->bits[level], &none, fresh, false, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE))
            b = fresh;
        else
            free(fresh), b = none;
    }
    uint64_t blk = at >> MARK_SHIFT, bit = (uint64_t)1 << (blk & 63);
    if (!(__atomic_load_n(&b[blk >> 6], __ATOMIC_RELAXED) & bit))
        __atomic_fetch_or(&b[blk >> 6], bit, __ATOMIC_RELAXED);
}

/* The level a code not yet propagated stands for at or after level from, or -1: a final
 * code of a level from on, or an exit win pending at one. */
static inline int level_due(const struct retro_layer *L, retro_code c, int from)
{
    int level = pending(c)                        ? (int)(c - PENDING_BASE)
                : undecided(c) || c == RETRO_DRAW ? -1
                                                  : level_of(L, c);
    return level >= from ? level : -1;
}

/* A slice's marks, new: every position's level from level from on marked (one pass over
 * the codes). NULL when memory runs out: every level is then scanned whole. */
static struct marks *marks_new(const struct level *s, int from)
{
    struct marks *m = calloc(1, sizeof *m);
    uint64_t blocks = (s->hi - s->lo + MARK_BLOCK - 1) / MARK_BLOCK;
    if (m) {
        m->nwords = (blocks + 63) / 64;
        m->bits = calloc((size_t)s->nlevels, sizeof *m->bits);
        m->whole = calloc((size_t)s->nlevels, 1);
    }
    if (!m || !m->bits || !m->whole) {
        if (m) free(m->bits), free(m->whole);
        free(m);
        return NULL;
    }
    struct level t = *s;
    t.marks = m;
#pragma omp parallel for schedule(dynamic, 1)
    for (uint64_t blk = 0; blk < blocks; blk++) {
        uint64_t a = blk * MARK_BLOCK,
                 b = a + MARK_BLOCK < s->hi - s->lo ? a + MARK_BLOCK : s->hi - s->lo;
        int last = -1;
        for (uint64_t at = a; at < b; at++) {
            int level = level_due(s->L, s->res[at], from);
            if (level >= 0 && level != last) mark(&t, at, level), last = level;
        }
    }
    return m;
}

/* Level d's bits once it is scanned: they go. */
static void marks_done(struct marks *m, int d)
{
    if (!m) return;
    free(m->bits[d]);
    m->bits[d] = NULL;
}

static void marks_free(struct marks *m, int nlevels)
{
    if (!m) return;
    for (int d = 0; d < nlevels; d++) free(m->bits[d]);
    free(m->bits);
    free(m->whole);
    free(m);
}

/* Indices for one other slice, from one thread. */
struct outbox {
    uint64_t *v;
    uint64_t n, cap;
};

static bool outbox_push(struct outbox *o, uint64_t q)
{
    if (o->n == o->cap) {
        uint64_t cap = o->cap ? 2 * o->cap : 4096;
        uint64_t *v = realloc(o->v, cap * sizeof *v);
        if (!v) return false;
        o->v = v;
        o->cap = cap;
    }
    o->v[o->n++] = q;
    return true;
}

/* The slice holding position q (bounds are few: a search is cheap). */
static int owner(const struct retro_share *S, uint64_t q)
{
    int a = 0, b = S->nparts - 1;
    while (a < b) {
        int c = (a + b + 1) / 2;
        if (S->bounds[c] <= q)
            a = c;
        else
            b = c - 1;
    }
    return a;
}

/* Sets undecided q, holding c, to code, unless another thread changed it first: then c is
 * what it holds now. */
static inline bool settle(retro_code *res, uint64_t q, retro_code *c, retro_code code)
{
    return __atomic_compare_exchange_n(&res[q], c, code, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* relax() for the compact engine: the same decisions, read from and written to the codes,
 * for predecessors pred[0..n-1] in the slice. scratch: max_moves entries, for expand. */
static void compact_relax(const struct level *r, const uint64_t *pred, int n, bool won,
                          uint64_t *scratch)
{
    const struct retro_layer *L = r->L;
    int d = r->d, dtc = L->dtc_limit;
    for (int j = 0; j < n; j++) {
        uint64_t q = pred[j], at = q - r->lo;
        retro_code c = __atomic_load_n(&r->res[at], __ATOMIC_RELAXED);
        while (undecided(c)) {
            if (!won) {
                /* the position is lost: q wins in d + 1, unless it wins through an exit
                 * as fast (the scan of that level decides it then: under the counting rule
                 * a level holds losses too, and one must not make a win of that level a
                 * half-move slower) */
                if (pending(c) && (int)(c - PENDING_BASE) <= d + 1) break;
                if (d + 1 >= r->nlevels) {
                    *r->failed = 1;
                    break;
                }
                if (settle(r->res, at, &c, code_at(L, d + 1, true))) {
                    raise_to(r->highest, d + 1);
                    mark(r, at, d + 1);
                    break;
                }
            } else {
                if (pending(c)) break; /* it wins through an exit: never lost */
                if ((c - COMPACT_BASE) % EXIT_LOSSES > 1) {
                    if (settle(r->res, at, &c, (retro_code)(c - 1))) break;
                    continue;
                }
                /* its last move now loses: q is lost, delaying through its exits, if it
                 * has any that may (most lost positions have none: their moves are not
                 * asked for again, which for a jaguar cornered in Adugo is a search of
                 * its captures and a read of the layers they lead to) */
                struct move_fold ex = {0};
                if (c - COMPACT_BASE >= EXIT_LOSSES) {
                    if (L->exits)
                        L->exits(L->ctx, q, &ex);
                    else
                        L->expand(L->ctx, q, scratch, &ex);
                }
                int lvl = !dtc && ex.loss > d + 1 ? ex.loss : d + 1;
                if (lvl >= r->nlevels) {
                    *r->failed = 1;
                    break;
                }
                if (settle(r->res, at, &c, code_at(L, lvl, false))) {
                    raise_to(r->highest, lvl);
                    mark(r, at, lvl);
                    break;
                }
            }
        }
    }
}

/* The initial pass over the slice: every position's first code. */
static void first_pass(const struct level *s)
{
    const struct retro_layer *L = s->L;
    uint64_t done = 0;
#pragma omp parallel
    {
        uint64_t *succ = malloc((size_t)L->max_moves * sizeof *succ);
        if (!succ) *s->failed = 1;
#pragma omp for schedule(dynamic, 4096)
        for (uint64_t i = s->lo; i < s->hi; i++) {
            if (!succ) continue;
            struct move_fold ex;
            int k = first_look(L, i, succ, &ex);
            int level = -1;
            retro_code *c = &s->res[i - s->lo];
            if (k == 0 && !ex.win && !ex.draw) {
                level = ex.loss;
                *c = code_at(L, level, false);
            } else if (ex.win) {
                level = ex.win;
                *c = (retro_code)(PENDING_BASE + (unsigned)ex.win);
            } else {
                /* a loss through the last move is at least of level 1: only an exit
                 * lost more slowly can delay it (never under the counting rule, where
                 * an exit counts one half-move whatever follows) */
                bool delays = !L->dtc_limit && ex.loss > 1;
                *c = (retro_code)(COMPACT_BASE + (delays ? EXIT_LOSSES : 0) +
                                  (unsigned)(k + ex.draw));
            }
            if (level >= s->nlevels || (ex.win && level > (int)PENDING_MAX)) *s->failed = 1;
            if (level > 0) raise_to(s->highest, level);
            pass_progress(L, "init", i - s->lo, &done, s->hi - s->lo);
        }
        free(succ);
    }
}

/* A level's scan skips codes sixteen at a time: 32 aligned bytes holding none of those
 * sought are passed over with a few vector compares (SSE2 on x86-64, whatever the target
 * has elsewhere: GCC's and clang's vector extensions), where one code at a time costs a
 * load, three compares and a branch each; most of a late level's layer is such blocks,
 * and the scan runs at the memory's speed (10.5 GB/s a thread here, against 3 GB/s for
 * the four-codes-a-word version before it). The codes are read by atomic 8-byte loads,
 * as the codes are read everywhere: what another thread writes meanwhile is never a code
 * of the level being scanned (compact_relax writes later levels), so a block read before
 * or after such a write holds the same of those sought. */
typedef uint64_t __attribute__((may_alias)) four_codes;
typedef uint16_t code_vector __attribute__((vector_size(16))); /* 8 codes */
typedef uint64_t word_vector __attribute__((vector_size(16)));
#define SKIP_CODES 16

static inline code_vector eight_codes(const retro_code *at)
{
    const four_codes *w = (const four_codes *)at;
    word_vector v = {__atomic_load_n(w, __ATOMIC_RELAXED),
                     __atomic_load_n(w + 1, __ATOMIC_RELAXED)};
    return (code_vector)v;
}

static inline code_vector every_lane(retro_code c)
{
    return (code_vector){c, c, c, c, c, c, c, c};
}

/* The first position from i, below end, that may hold one of sought[0..2] (each eight
 * copies of a code): whole aligned blocks of SKIP_CODES holding none of them are skipped. */
static inline uint64_t skip_blocks(const retro_code *res, uint64_t lo, uint64_t i, uint64_t end,
                                   const code_vector sought[3])
{
    const retro_code *at = res + (i - lo);
    while (end - i >= SKIP_CODES && ((uintptr_t)at & (SKIP_CODES * sizeof *at - 1)) == 0) {
        code_vector x = eight_codes(at), y = eight_codes(at + 8);
        word_vector hit = (word_vector)((x == sought[0]) | (x == sought[1]) | (x == sought[2]) |
                                        (y == sought[0]) | (y == sought[1]) | (y == sought[2]));
        if (hit[0] | hit[1]) break;
        i += SKIP_CODES;
        at += SKIP_CODES;
    }
    return i;
}

/* The first position from i, below end, in a block marked in bits (a level's: struct
 * marks); i itself when bits is NULL (every block is scanned). */
static inline uint64_t skip_unmarked(const struct level *s, const uint64_t *bits, uint64_t i,
                                     uint64_t end)
{
    if (!bits) return i;
    for (;;) {
        uint64_t blk = (i - s->lo) >> MARK_SHIFT;
        if (bits[blk >> 6] >> (blk & 63) & 1) return i;
        uint64_t next = s->lo + ((blk + 1) << MARK_SHIFT);
        if (next >= end) return end;
        i = next;
    }
}

/* Positions scanned by a thread at a time in a level's pass: alone, and in a shared
 * solve's round (2^20 positions: 256 chunks, enough for the threads of a large node). */
#define SCAN_CHUNK 65536
#define SHARE_CHUNK 4096

/* Scans positions a..b - 1 of the slice for those decided at level s->d, chunk positions
 * a thread at a time, and propagates from each: its predecessors in the slice are relaxed
 * here, the others posted to their slices' outboxes. Returns how many were found. */
static uint64_t scan_level(const struct level *s, uint64_t a, uint64_t b, uint64_t chunk)
{
    const struct retro_layer *L = s->L;
    int d = s->d, dtc = L->dtc_limit;
    retro_code won_here = code_at(L, d, true), lost_here = code_at(L, d, false);
    /* past PENDING_MAX nothing is pending, and the sum would wrap to a final code */
    bool exits_here = d <= (int)PENDING_MAX;
    retro_code exit_here = (retro_code)(PENDING_BASE + (unsigned)d);
    bool next = d + 1 < s->nlevels;
    retro_code third = exits_here ? exit_here : won_here;
    const code_vector sought[3] = {every_lane(won_here), every_lane(lost_here), every_lane(third)};
    uint64_t found = 0;
    const uint64_t *bits = NULL; /* the blocks to visit; NULL: all */
    if (s->marks && !s->marks->whole[d]) {
        bits = s->marks->bits[d];
        if (!bits) return 0; /* nothing was decided at this level, or is pending at it */
    }
#pragma omp parallel
    {
        uint64_t *pred[2] = {malloc((size_t)L->max_moves * sizeof(uint64_t)),
                             malloc((size_t)L->max_moves * sizeof(uint64_t))};
        uint64_t *scratch = malloc((size_t)L->max_moves * sizeof *scratch);
        bool ok = pred[0] && pred[1] && scratch;
        if (!ok) *s->failed = 1;
        uint64_t mine = 0;
        struct outbox *box = s->S ? &s->box[omp_get_thread_num() * s->S->nparts] : NULL;
#pragma omp for schedule(dynamic, 1)
        for (uint64_t c0 = a; c0 < b; c0 += chunk) {
            uint64_t c1 = b - c0 > chunk ? c0 + chunk : b;
            int cur = 0, waiting = -1;
            bool waiting_won = false;
            for (uint64_t i = c0; i < c1 && ok; i++) {
                if ((i = skip_unmarked(s, bits, i, c1)) == c1) break;
                if ((i = skip_blocks(s->res, s->lo, i, c1, sought)) == c1) break;
                retro_code *at = &s->res[i - s->lo];
                retro_code c = __atomic_load_n(at, __ATOMIC_RELAXED);
                bool won;
                if (exits_here && c == exit_here) {
                    /* nothing else writes a position pending at this level: a loss
                     * of this level leaves it be (compact_relax) */
                    __atomic_store_n(at, won_here, __ATOMIC_RELAXED);
                    won = true;
                } else if (c == won_here || c == lost_here) {
                    won = c == won_here && (dtc || code_win(c));
                } else {
                    continue;
                }
                mine++;
                if (!next) continue;
                int np = L->predecessors(L->ctx, i, pred[cur]), kept = 0;
                for (int j = 0; j < np; j++) {
                    uint64_t q = pred[cur][j];
                    if (q >= s->lo && q < s->hi) {
                        pred[cur][kept++] = q;
                        /* the predecessors lie all over the layer: their codes are asked
                         * for now and used one entry later, so that the reads of memory
                         * overlap with finding the next entry's predecessors */
                        __builtin_prefetch(&s->res[q - s->lo]);
                    } else if (!outbox_push(&box[owner(s->S, q)], q)) {
                        *s->failed = 1;
                    }
                }
                if (waiting >= 0) compact_relax(s, pred[cur ^ 1], waiting, waiting_won, scratch);
                waiting = kept;
                waiting_won = won;
                cur ^= 1;
            }
            if (waiting >= 0) compact_relax(s, pred[cur ^ 1], waiting, waiting_won, scratch);
        }
        free(pred[0]);
        free(pred[1]);
        free(scratch);
#pragma omp atomic
        found += mine;
    }
    return found;
}

/* The codes never decided are draws. */
static void draws(retro_code *res, uint64_t n)
{
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++)
        if (undecided(res[i])) res[i] = RETRO_DRAW;
}

/* Whether a saved state, to go on from level after decisions up to highest, fits a solve
 * of nlevels levels: a state saved by another solve, or damaged, is not taken. */
static bool state_fits(int level, int highest, int nlevels)
{
    return level >= 0 && level <= highest + 1 && highest < nlevels;
}

/* The levels the compact engine may decide: its final codes lie below COMPACT_BASE. */
static int compact_levels(const struct retro_layer *L)
{
    return L->dtc_limit ? L->dtc_limit + 1 : (int)(COMPACT_BASE - 1);
}

int retro_solve_compact(const struct retro_layer *L, retro_code *res, struct retro_stats *st)
{
    uint64_t n = L->size;
    int dtc = L->dtc_limit;
    int nlevels = compact_levels(L);
    if (dtc && code_at(L, dtc, true) >= COMPACT_BASE) return -1;
    if (L->max_moves + 1 > 255) return -1;
    memset(st, 0, sizeof *st);
    int highest = 0, failed = 0, first_level = 0;
    struct level s = {L, NULL, res, 0, n, 0, nlevels, &highest, &failed, NULL, NULL};
    double t0 = omp_get_wtime();
    /* a saved state is taken only with levels that fit this solve */
    int saved_level, saved_highest;
    bool restored = L->restore &&
                    L->restore(L->save_arg, res, n, &saved_level, &saved_highest) == 0 &&
                    state_fits(saved_level, saved_highest, nlevels);
    st->taken_up = restored ? saved_level : -1;
    if (restored)
        first_level = saved_level, highest = saved_highest;
    else
        first_pass(&s);
    s.marks = marks_new(&s, first_level);
    st->init_seconds = omp_get_wtime() - t0;
    t0 = omp_get_wtime();

    uint64_t decided = 0;
    double saved = omp_get_wtime();
    for (int d = first_level; d <= __atomic_load_n(&highest, __ATOMIC_RELAXED) && !failed; d++) {
        s.d = d;
        uint64_t found = scan_level(&s, 0, n, SCAN_CHUNK);
        marks_done(s.marks, d);
        decided += found;
        if (found) st->levels = d + 1;
        if (L->progress) L->progress(L->progress_arg, "propagate", decided, n);
        if (L->save && !failed && d < highest && omp_get_wtime() - saved >= L->save_seconds) {
            if (L->save(L->save_arg, res, n, d + 1, highest)) failed = 1;
            saved = omp_get_wtime();
        }
    }
    draws(res, n);
    marks_free(s.marks, nlevels);
    st->propagate_seconds = omp_get_wtime() - t0;
    return failed ? -1 : 0;
}

/* ---- A layer shared among processes -------------------------------------------------- */

/* Positions each slice scans between two exchanges by default: a round's outboxes hold
 * the predecessors in other slices of the positions it decided, 8 bytes each. */
#define SHARE_ROUND ((uint64_t)1 << 20)

/* One round's outboxes gathered by slice, exchanged, and what came in relaxed. */
static void exchange_round(const struct level *s, int nthreads, uint64_t **out, uint64_t *nout,
                           bool won)
{
    const struct retro_share *S = s->S;
    int P = S->nparts;
    for (int p = 0; p < P; p++) {
        nout[p] = 0;
        for (int t = 0; t < nthreads; t++) nout[p] += s->box[t * P + p].n;
        out[p] = malloc((nout[p] ? nout[p] : 1) * sizeof **out);
        if (!out[p]) *s->failed = 1, nout[p] = 0;
        uint64_t k = 0;
        for (int t = 0; t < nthreads; t++) {
            struct outbox *o = &s->box[t * P + p];
            if (out[p] && o->n) memcpy(out[p] + k, o->v, o->n * sizeof *o->v);
            k += o->n;
            o->n = 0;
        }
        if (!out[p]) nout[p] = 0;
    }
    const uint64_t *in = NULL;
    uint64_t nin = 0;
    if (S->exchange(S->arg, out, nout, &in, &nin)) *s->failed = 1, nin = 0;
    for (int p = 0; p < P; p++) free(out[p]);
#pragma omp parallel
    {
        uint64_t *scratch = malloc((size_t)s->L->max_moves * sizeof *scratch);
        if (!scratch) *s->failed = 1;
#pragma omp for schedule(dynamic, 1)
        for (uint64_t c0 = 0; c0 < nin; c0 += 4096) {
            int k = nin - c0 < 4096 ? (int)(nin - c0) : 4096;
            if (scratch) compact_relax(s, in + c0, k, won, scratch);
        }
        free(scratch);
    }
}

/* A shared solve's saved state taken up (L->restore, collective when set): the level to go
 * on from, when every slice restored its own, all saved after the same level with the same
 * highest; else -1, and the solve starts afresh. */
static int taken_up(const struct level *s)
{
    const struct retro_layer *L = s->L;
    if (!L->restore) return -1;
    int level = 0, highest = 0;
    bool ok = !*s->failed &&
              L->restore(L->save_arg, s->res, s->hi - s->lo, &level, &highest) == 0 &&
              state_fits(level, highest, s->nlevels);
    int64_t v[5] = {!ok, level, -level, highest, -highest}; /* the maxima of x and -x agree */
    s->S->reduce(s->S->arg, v, 5, false);
    if (v[0] || v[1] != -v[2] || v[3] != -v[4]) return -1;
    *s->highest = (int)v[3];
    return (int)v[1];
}

int retro_solve_shared(const struct retro_layer *L, const struct retro_share *S, retro_code *res,
                       struct retro_stats *st)
{
    memset(st, 0, sizeof *st);
    st->taken_up = -1;
    if (S->nparts < 1 || S->part < 0 || S->part >= S->nparts) return -1;
    /* every slice checks the same, so all refuse alike, before any collective call */
    bool sound = !L->dtc_limit && L->max_moves + 1 <= 255 && S->bounds[0] == 0 &&
                 S->bounds[S->nparts] == L->size;
    for (int p = 0; p < S->nparts; p++) sound &= S->bounds[p] <= S->bounds[p + 1];
    if (!sound) return -1;
    uint64_t lo = S->bounds[S->part], hi = S->bounds[S->part + 1];
    int P = S->nparts, nthreads = omp_get_max_threads();
    int highest = 0, failed = 0, here = 0; /* here: this slice failed */
    struct outbox *box = calloc((size_t)nthreads * (size_t)P, sizeof *box);
    uint64_t **out = calloc((size_t)P, sizeof *out), *nout = calloc((size_t)P, sizeof *nout);
    if (!box || !out || !nout) failed = 1;
    struct level s = {L, S, res, lo, hi, 0, compact_levels(L), &highest, &failed, box, NULL};
    double t0 = omp_get_wtime();
    int first_level = taken_up(&s);
    st->taken_up = first_level;
    if (!failed && first_level < 0) first_pass(&s);
    if (!failed) s.marks = marks_new(&s, first_level < 0 ? 0 : first_level);
    /* the slices agree on how far the levels go, and on whether one failed */
    here |= failed;
    int64_t agree[4] = {highest, failed, 0, 0};
    S->reduce(S->arg, agree, 3, false);
    highest = (int)agree[0], failed = (int)agree[1];
    st->init_seconds = omp_get_wtime() - t0;
    t0 = omp_get_wtime();

    /* every slice takes part in as many rounds as the longest needs (written so that no
     * sum wraps, whatever the round) */
    uint64_t longest = 0;
    for (int p = 0; p < P; p++)
        if (S->bounds[p + 1] - S->bounds[p] > longest) longest = S->bounds[p + 1] - S->bounds[p];
    uint64_t step = S->round ? S->round : SHARE_ROUND;
    uint64_t rounds = longest ? (longest - 1) / step + 1 : 0, decided = 0;
    double saved = omp_get_wtime();
    for (int d = first_level < 0 ? 0 : first_level; d <= highest && !failed; d++) {
        s.d = d;
        /* a DTM level's positions are all won or all lost: a won one's code is odd */
        bool won = code_win(code_at(L, d, true));
        uint64_t found = 0;
        for (uint64_t r = 0; r < rounds; r++) {
            uint64_t a = lo + r * step;
            if (r * step < hi - lo && !failed)
                found += scan_level(&s, a, hi - a > step ? a + step : hi, SHARE_CHUNK);
            exchange_round(&s, nthreads, out, nout, won);
        }
        marks_done(s.marks, d);
        decided += found;
        here |= failed;
        agree[0] = highest, agree[1] = failed, agree[2] = found ? d + 1 : 0;
        agree[3] = L->save && omp_get_wtime() - saved >= L->save_seconds; /* any slice's clock */
        S->reduce(S->arg, agree, 4, false);
        highest = (int)agree[0], failed = (int)agree[1];
        if (agree[3] && !failed && d < highest) {
            /* every slice saves after the same level, and all stop if one could not */
            int64_t stop[1] = {L->save && L->save(L->save_arg, res, hi - lo, d + 1, highest)};
            here |= (int)stop[0];
            S->reduce(S->arg, stop, 1, false);
            failed = (int)stop[0];
            saved = omp_get_wtime();
        }
        if (agree[2]) st->levels = (int)agree[2];
        if (L->progress) L->progress(L->progress_arg, "propagate", decided, hi - lo);
    }
    draws(res, hi - lo);
    marks_free(s.marks, s.nlevels);
    st->propagate_seconds = omp_get_wtime() - t0;
    for (int k = 0; box && k < nthreads * P; k++) free(box[k].v);
    free(box);
    free(out);
    free(nout);
    return here ? -1 : failed ? -2 : 0;
}
