/*
 * The retrograde engine: solves one layer of a game, given the layers its moves exit to.
 * It knows no game, only struct retro_layer below.
 *
 * Value codes, one retro_code per position (values.h): 0 a draw (and, while solving, not
 * yet known), otherwise DTM + 1. Exits are folded as values.h's struct move_fold.
 *
 * Algorithm: an initial pass expands every position: no moves at all is a loss in 0;
 * exits (moves leaving the layer) are folded into the best exit win, whether an exit
 * draws, and the longest exit loss; each position gets a count of its in-layer successors
 * (plus one that never goes away when an exit wins or draws, so that it is never lost).
 * Then level by level (d = 0, 1, ...): a position lost in d makes each of its in-layer
 * predecessors won in d + 1; a position won in d takes one from each predecessor's count,
 * and a count reaching zero makes that predecessor lost in max(d + 1, its longest exit
 * loss). Exit wins join at their own level unless something faster came first. What is
 * never decided is a draw. OpenMP threads share each level's work.
 *
 * The counting rule's pass (dtc_limit L > 0): the same retrograde, where the exits are the
 * zeroing moves (captures) and the caller gives the layers they lead to not their codes
 * but their classes at clock 0 (any loss code for a loss under the rule, any win code for
 * a win, 0 for a draw under the rule). An exit then counts one half-move whatever follows,
 * since the clock starts again after it; a position is decided at level d when its side
 * to move wins (or loses) under the rule with d half-moves left on the clock, and nothing
 * is decided past level L: what needs more is a draw under the rule. Levels are DTCs, and
 * the codes values.h's DTC codes, whose parity is not who wins, so each decision carries
 * whether it is a win.
 *
 * Memory: res, a move counter a position (1 byte) and the level buckets, or with
 * L->compact only res (the counters folded into codes no value uses, each level found by
 * a scan rather than kept in a bucket).
 */
#ifndef GUTI_RETRO_H
#define GUTI_RETRO_H

#include <stdbool.h>
#include <stdint.h>

#include "values.h"

/* Sorts a short list of positions and drops repeats, for expand and predecessors: two
 * moves to symmetric positions reach one class. Returns the new length. */
static inline int retro_unique(uint64_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint64_t x = v[i];
        int j = i - 1;
        for (; j >= 0 && v[j] > x; j--) v[j + 1] = v[j];
        v[j + 1] = x;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k == 0 || v[k - 1] != v[i]) v[k++] = v[i];
    return k;
}

struct retro_layer {
    uint64_t size;
    int max_moves; /* a bound on in-layer successors and predecessors of a position */
    void *ctx;
    /* The distinct in-layer successors of position i into succ, and their number; the
     * exits folded into *ex (zeroed by the caller). Called concurrently. */
    int (*expand)(void *ctx, uint64_t i, uint64_t *succ, struct move_fold *ex);
    /* The distinct in-layer predecessors of position i, and their number. */
    int (*predecessors)(void *ctx, uint64_t i, uint64_t *pred);
    /* Only the exits of position i, folded into *ex; NULL to use expand. A position lost
     * through its last in-layer move needs its exits again to delay the loss. */
    void (*exits)(void *ctx, uint64_t i, struct move_fold *ex);
    /* expand() without the list, for the initial pass: the number of distinct in-layer
     * successors, exits folded into *ex; NULL to use expand. */
    int (*count)(void *ctx, uint64_t i, struct move_fold *ex);
    /* Progress, or NULL: called from one thread with the phase, done and total. */
    void (*progress)(void *arg, const char *phase, uint64_t done, uint64_t total);
    void *progress_arg;
    /* 0: solve for DTM. L > 0: the counting rule's pass, with limit L (below). */
    int dtc_limit;
    /* 0: the engine's buckets take 4 bytes an entry when size allows, else 8; 8 forces 8
     * (for the tests, which have no layer large enough to need them). */
    int bucket_bytes;
    /* true: the compact engine, which needs nothing but res, 2 bytes a position, where the
     * default needs 3 and its level buckets (up to 4 or 8 bytes a position more) but
     * scans the whole layer once a level (retro.c says how). The same codes either way;
     * it fails (-1) when max_moves exceeds 254, or for a counting-rule limit past 24574. */
    bool compact;
    /* Optional, the compact mode only: saving a solve midway and taking it up again. After
     * a level, once save_seconds have passed since the start or the last save (0: after
     * every level), save gets the codes, the next level to propagate and the highest level
     * anything is pending at; it returns 0 to go on, else the solve stops (-1). At the
     * start, restore (when set) may fill res, *level and *highest as save was given them
     * and return 0: the solve goes on from there; else it starts afresh. */
    int (*save)(void *arg, const retro_code *res, uint64_t n, int level, int highest);
    int (*restore)(void *arg, retro_code *res, uint64_t n, int *level, int *highest);
    void *save_arg;
    double save_seconds;
};

struct retro_stats {
    int levels;   /* the largest DTM found, plus one */
    int taken_up; /* the level a saved state was taken up at (restore), or -1: from the start */
    double init_seconds, propagate_seconds;
};

/* Solves the layer into res[0..size-1]. Returns 0, or -1 when memory runs out. */
int retro_solve(const struct retro_layer *L, retro_code *res, struct retro_stats *st);

/* A layer shared among processes, each holding one slice of its codes: for a layer larger
 * than one machine's memory, or solved sooner by many. The slices are consecutive ranges
 * of positions; every process calls retro_solve_shared with the same layer and its own
 * slice, and they go through the compact engine's levels together. Each scans its slice
 * for a level's positions; their predecessors in its slice it propagates to itself, the
 * others it sends to their slices, in rounds: every process scans 2^20 of its positions (or
 * round),
 * then all exchange what they found for one another and propagate what they were sent. A
 * DTM level is all wins or all losses, so a position's index is the whole message. After
 * each level the processes agree on the highest level pending and on whether one failed.
 * The codes are those of retro_solve, whatever the slices. */
struct retro_share {
    int nparts, part;       /* how many slices, and which this process holds (0-based) */
    const uint64_t *bounds; /* nparts + 1 entries, bounds[0] = 0, bounds[nparts] = size:
                               slice p holds positions bounds[p] .. bounds[p + 1] - 1 */
    /* Collective (every process calls it, as often, in the same order): sends
     * out[p][0..nout[p]-1] to slice p (nout[part] is 0) and points *in at the nin indices
     * all the others sent this one, valid until the next call. 0, or -1 when it failed: the
     * process then counts as failed, and the others hear it at the level's end. */
    int (*exchange)(void *arg, uint64_t *const *out, const uint64_t *nout, const uint64_t **in,
                    uint64_t *nin);
    /* Collective: v[0..n-1] made the maximum of every process's v, or with sum its sum
     * (the engine asks for maxima; its callers may ask for sums too). */
    void (*reduce)(void *arg, int64_t *v, int n, bool sum);
    void *arg;
    uint64_t round; /* positions a slice scans between two exchanges; 0: 2^20 */
};

/* Solves this process's slice of layer L into res[0 .. hi - lo - 1], hi and lo the slice's
 * bounds; the layer's callbacks take and give positions of the whole layer, and must work
 * for any position. DTM only (L->dtc_limit 0); the compact engine's codes and limits.
 * Save and restore, when set, are set in every process alike and see its slice (n = hi -
 * lo): after a level all save together, once any one's save_seconds have passed, and all
 * stop if one's save fails; at the start the solve is taken up only when every process's
 * restore returns 0 with the same level and highest, else all start afresh. st->levels is the whole
 * layer's. Returns 0; -1 when this process failed (memory, an exchange) or refuses the layer (a
 * counting-rule pass, more than 254 moves, bounds out of order or not covering it: every process
 * refuses alike, before any collective call); -2 when only another process failed. Besides res it
 * holds the exchange's buffers: 8 bytes for each predecessor in another slice of the positions
 * decided in a round, twice (as found, and gathered for the exchange), and what it is sent. */
int retro_solve_shared(const struct retro_layer *L, const struct retro_share *S, retro_code *res,
                       struct retro_stats *st);

/* Wins, draws and losses of a solved layer, and its longest DTM (0 when none). */
struct retro_tally {
    uint64_t win, draw, loss;
    int max_dtm;
};
struct retro_tally retro_tally(const retro_code *res, uint64_t n);

/* The classes of a counting-rule layer (values.h class codes), counted in class_column's
 * order, and the longest DTC of a win and of a loss (-1 when none). */
struct class_tally {
    uint64_t n[5];
    int max_win, max_loss;
};
struct class_tally class_tally(const uint16_t *cls, uint64_t n);

/* The code a position must have, given the codes of its in-layer successors (res) and
 * its exits: what retro_solve computes, re-derived from one position's moves alone. */
retro_code retro_derive(int nsucc, const uint64_t *succ, const retro_code *res,
                        const struct move_fold *ex);

/* The same for the counting rule's pass (dtc_limit = limit): the DTC code a position must
 * have given its in-layer successors' DTC codes and its exits (folded from the classes of
 * the layers they lead to, as retro_solve reads them). */
retro_code retro_derive_dtc(int nsucc, const uint64_t *succ, const retro_code *res,
                            const struct move_fold *ex, int limit);

/* Checks the positions of a solved layer against retro_derive() (retro_derive_dtc() for
 * the counting rule's pass, L->dtc_limit > 0): every one when sample is 0 or at least the
 * layer's size, else sample of them spread evenly over the index (retro_sample_index).
 * Returns the number of positions that disagree; the first few land in bad[0..nbad-1]
 * (nbad at most maxbad); RETRO_VERIFY_NOMEM when a thread's buffers did not fit (some
 * positions then went unchecked). Reports its progress (phase "verify") through
 * L->progress. */
#define RETRO_VERIFY_NOMEM UINT64_MAX
uint64_t retro_verify(const struct retro_layer *L, const retro_code *res, uint64_t sample,
                      uint64_t *bad, int maxbad, int *nbad);

/* The k-th of m positions spread evenly over n (k < m): k * n / m, or k when m >= n. */
uint64_t retro_sample_index(uint64_t k, uint64_t n, uint64_t m);

#endif
