/*
 * Bagh-Chal under the no-repeat rules, by search (issue 17).
 *
 * Under rules no-repeat, once every goat is placed a move may not recreate a board seen
 * since then (window "unlimited") or among the last N boards (window N, the current one
 * included). A position's value depends on its history, so it is searched, not tabulated.
 *
 * Only the history inside one movement layer matters. A capture removes a goat and a
 * placement adds one, so no board from before either can come back. A position entering a
 * layer (right after the last placement, or right after a capture) has only its own board
 * in its history, and its value is a function of the position: its entry value, cached
 * here. Positions with goats in hand are never refused anything, so their values are
 * functions of the position too, and cached the same way.
 *
 * Unlimited window: inside a layer no board repeats, so the game is finite and every
 * position with its history is a win or a loss. Nagai's df-pn settles it: a depth-first
 * proof-number search, which goes where the fewest positions remain to prove a win or a
 * loss, so that a short proof is found among long lines of play; or, on request (the
 * first method, kept as a second opinion), a depth-first negamax stopping at the first
 * winning move. Their tables are keyed by the position and the set of boards seen in the
 * layer, as two independent 64-bit hashes (a set hashes as the XOR of its boards'
 * hashes): a state is its position and that set, whatever the order of play, so the
 * graph-history interaction that df-pn meets where values depend on the path cannot
 * arise. A wrong answer needs two states whose 128-bit keys collide:
 * about n^2 / 2^129 for n states stored, below 10^-20 for every search run here.
 *
 * Window N: the state is the position and the last N boards, a finite graph with cycles,
 * so draws (play that goes on forever) remain. The search lists the states reachable from
 * the root inside its layer, hash-keyed by their exact contents, and solves that graph by
 * retrograde analysis: a state is won when a move reaches a lost state or wins on leaving
 * the layer, lost when every move reaches a won state; the rest are draws.
 *
 * Standard tables, when given, order the moves with goats in hand and in the graphs (the
 * quickest standard win first; the depth-first search orders by replies instead). On a
 * board whose points can be coloured in two so that every step changes colour (4x4, rows
 * and columns only) they also bound entry values: a side that wins a layer's entry
 * position (or one with goats in hand) under the standard rules wins it under no-repeat,
 * any window. Proof: no placement is ever refused, and inside a
 * layer every move is a step, so the colour parity of the board flips each ply and a
 * board determines the side to move; a board the winner's move makes therefore repeats
 * only as the same position. Along the winner's standard DTM-optimal play DTM falls at
 * every ply, so no position repeats and no winning move is refused; the loser's refused
 * moves only take options away from the loser, and a side with every move refused loses,
 * as under the standard rules a side with no move does. A capture starts a new layer, where
 * the same holds. On 3x3 and 5x5 diagonal steps keep the colour, the proof fails, and the
 * tables only order moves.
 *
 * One empty point on a bipartite board (4x4 with one goat captured): no board recurs
 * inside the layer, so no move there is ever refused, under any window, and a position's
 * value is its entry value whatever its history; the layer is searched as goats in hand
 * are. Proof: every move inside the layer is a step into the empty point, so the empty
 * point walks along the lines, and a piece moves only when the empty point comes to it.
 * Let the walk h0, h1, ... first come back to a point at ply j: h_j = h_i, i < j, with
 * h_i .. h_(j-1) distinct. The piece on h_i then is the one that stepped there at ply i + 1
 * (from h_(i+1)), unmoved since, and it steps again at ply j. h_i .. h_j is a cycle of the
 * board or a step there and back, of even length on a bipartite board, so plies i + 1 and
 * j are an odd number apart, made by different sides: one piece cannot make both. So the
 * empty point never comes back to a point, and no board recurs; the layer is acyclic too,
 * at most npoints - 1 plies deep. On 5x5 three points can form a triangle of lines, and a
 * tiger and a goat going once round it recreate the board in 6 plies.
 *
 * The budget counts search nodes (depth-first calls, or graph states listed) per root;
 * past it the answer is NR_UNKNOWN unless what was searched already proves it. A graph
 * the budget stopped still proves some states: its unlisted states are open, so may be
 * won (a move to a lost state) but never lost, and a state from which no open state can
 * be reached is settled as in a finished graph; the root's value is given when it is
 * among those. Proven values stay cached for later roots, so what a budget decides can
 * depend on the order of the roots. Not thread-safe: one search per thread.
 */
#ifndef GUTI_NOREPEAT_H
#define GUTI_NOREPEAT_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "history.h"
#include "values.h"

/* Values for the side to move, numbered as guti.h's. */
enum nr_value { NR_LOSS = -1, NR_DRAW = 0, NR_WIN = 1, NR_UNKNOWN = 2 };

/* The standard value of a position, for ordering moves (and bounds, see above): 0 with
 * *code, or nonzero when the tables cannot tell (no hint, not an error). */
typedef int (*nr_standard_fn)(void *arg, const struct position *pos, retro_code *code);

struct nr_search;

/* A search of game g (rules no-repeat, any window; g must outlive it). standard may be
 * NULL; bounds says whether it may bound entry values where the proof above holds (false
 * to check the proof by search). NULL when memory runs out. */
struct nr_search *nr_new(const struct game *g, nr_standard_fn standard, void *arg, bool bounds);
void nr_free(struct nr_search *s);

struct nr_answer {
    int value;            /* enum nr_value */
    uint64_t nodes;       /* spent on this root */
    bool has_best;        /* a win or draw: a move that keeps it */
    struct position best; /* the position that move leads to */
};

/* The value of h's current position for its side to move under g's no-repeat rules,
 * given the history before it (boards outside the current layer are ignored, as the rules
 * ignore them), within budget nodes. 0 with *a, or -1 when memory runs out. */
int nr_value(struct nr_search *s, const struct history *h, uint64_t budget, struct nr_answer *a);

/* The entry value of a position (its history its own board alone), as nr_value. */
int nr_entry_value(struct nr_search *s, const struct position *pos, uint64_t budget,
                   struct nr_answer *a);

/* Under the unlimited window, searches depth first (the first method, kept as a second
 * opinion) rather than by proof numbers (the default). */
void nr_depth_first(struct nr_search *s, bool on);

/* Whether the standard tables bound entry values in this search (norepeat.h's proof). */
bool nr_bounded(const struct nr_search *s);

/* Whether the board's steps all change colour in some two-colouring (the bound's proof). */
bool nr_board_bipartite(const struct board *b);

/* ---- A survey of one movement layer (norepeat_survey.c) ------------------------------ */

struct prober;

/* What a survey found: classes (positions up to symmetry) by their standard value and
 * their no-repeat value, each with its own board alone behind it. */
struct nr_survey {
    uint64_t classes;
    uint64_t count[3][4]; /* [standard: loss, draw, win][no-repeat: loss, draw, win, unknown] */
    uint64_t nodes;
};

/* Called for each class surveyed: its canonical position, its standard value (enum
 * nr_value) and the search's answer. */
typedef void (*nr_each_fn)(void *arg, const struct position *pos, int standard,
                           const struct nr_answer *a);
typedef void (*nr_progress_fn)(void *arg, const char *phase, uint64_t done, uint64_t total);

/* What a survey searches, and how. */
struct nr_survey_options {
    int captured;     /* the layer: goats captured */
    bool draws_only;  /* only the classes that are standard draws, else every class */
    bool bounds;      /* the standard tables bound the search where norepeat.h's proof holds */
    bool depth_first; /* unlimited window: depth-first search (nr_depth_first) */
    uint64_t budget;  /* search nodes per class */
    /* With nshards > 1 only the classes numbered shard mod nshards in the survey's order
     * are searched (the others are not counted), so that processes can share a layer; the
     * caches then differ, and so can what a budget decides. */
    int shard, nshards;
};

/*
 * Surveys the movement layer of game g (rules no-repeat) that opt names: each class, a
 * position up to symmetry with either side to move. The standard values come from prober
 * std (the same board and capture goal, rules standard). each and progress may be NULL.
 * 0, or -1 with a one-line reason (a missing table, out of memory).
 */
int nr_survey(const struct game *g, struct prober *std, const struct nr_survey_options *opt,
              nr_each_fn each, nr_progress_fn progress, void *arg, struct nr_survey *out, char *err,
              size_t errlen);

#endif
