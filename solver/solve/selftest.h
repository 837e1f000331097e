/*
 * The move graph's self-test, as GamesmanOne has one: the solvers never call the rules
 * engine, they walk their own successor and predecessor functions over indexed
 * positions, so a fault there gives wrong tables that look fine. For a sample of the
 * positions of every layer, this checks those functions against each other and against
 * the rules engine's moves() (game.h). It needs no tables: where a solver reads the
 * values of the layers a move leaves for, it is given made-up values, and which values
 * change its answer tells which positions it read.
 *
 * Per layer kind, for each position p checked:
 *
 * Every cyclic layer of the game (game_layers.list), through the engine's view (retro.h)
 * that game_layers.engine_open gives, as the driver opens it, its children's codes made up
 * here; positions named by game_layers.unrank, successors numbered by game_layers.rank:
 *   - expand(p) lists distinct positions of the layer, at most max_moves of them; count(p)
 *     gives as many, and expand, count and exits fold the same exits;
 *   - every successor s of p has p among predecessors(s), and every predecessor q of p
 *     (distinct, in the layer, at most max_moves) has p among expand(q);
 *   - expand(p)'s successors are exactly the classes of moves()' successors that stay in
 *     the layer (steps, and the goats' pass under goat-pass);
 *   - every other successor of moves() lies in a child of the layer (game_layers.children)
 *     or ends the game (captures; in Sixteen Soldiers whole chains, under forced only
 *     maximal ones and then no step), and those are exactly the exits: each one's class
 *     in the child it leads to is read, nothing else is, a move that ends the game counts
 *     as lost in 0, and at least as many exits are folded as there are such moves (an
 *     engine may fold a move once per way it finds to make it: a chain's paths).
 * Every acyclic layer of the game (a placement phase) has no predecessors: it is solved in
 * one pass from its children (game_layers.fold). Its positions, named by unrank, go through
 * the game's game_layers.fold_successors, whose probes this test answers:
 *   - every successor of moves() lies in a child of the layer or ends the game;
 *   - fold_successors reads exactly the classes of those successors (each ranked in the
 *     layer layer_of gives it): it gives a loss when they are all won for the opponent and
 *     the rest of the children drawn, and a win when any one of them alone is lost; a move
 *     that ends the game makes it a win (and then, as a fold may read no further, nothing
 *     else is probed).
 * This checks the successors the game's fold_successors names, as positions: a layer's fold
 * pass that finds its successors by code of its own (Bagh-Chal's bc_place.c, ranking them
 * in its indexes) is checked only as far as it shares that code.
 * The acyclic layers are reported after the cyclic ones, the start of the game first: by
 * their first position's men in hand (most first), its men in all (most first), then its
 * side to move.
 */
#ifndef GUTI_SELFTEST_H
#define GUTI_SELFTEST_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "retro.h"

#define SELFTEST_EXAMPLES 3

/* One layer's result. */
struct selftest_layer {
    char name[32];      /* as its tables are named: "h0-c2", "h5-c1-g", "h5-c1-t", "3+1" */
    const char *kind;   /* "movement" (a cyclic layer of a game with acyclic ones), the
                           acyclic layers' kind name ("placement"), or the first word of a
                           cyclic layer's title ("material") */
    uint64_t positions; /* in the layer */
    uint64_t checked;   /* positions checked */
    uint64_t links;     /* successors and predecessors followed */
    uint64_t faults;    /* positions with something wrong */
    int nexamples;
    /* the first faulty positions, "FEN: what is wrong"; Sixteen Soldiers' are written
     * with the side to move as Red, for a material's positions have no colour */
    char examples[SELFTEST_EXAMPLES][420];
};

/* The sums over the layers. */
struct selftest_result {
    int layers;
    uint64_t positions, checked, links, faults;
};

/* Called after each layer; a positive return stops the test and is returned. */
typedef int (*selftest_report)(void *arg, const struct game *g, const struct selftest_layer *l);

/* Tests game g's move graph: its cyclic layers, then its acyclic ones; in a
 * game without acyclic layers, which lists its layers up to the most its tables can hold,
 * those up to the first of more than max_pieces pieces (Sixteen Soldiers' materials of 2
 * to max_pieces pieces; max_pieces is ignored for Bagh-Chal).
 * sample: positions checked per layer, spread evenly over it; 0 (or as many as the layer
 * has) checks them all. res is filled (faults are counted there, not errors). Returns 0,
 * the report's positive value, or -1 with a one-line reason in err: out of memory, or
 * rules with no layers (no-repeat), or a game without them. */
int selftest_moves(const struct game *g, int max_pieces, uint64_t sample, selftest_report report,
                   void *arg, struct selftest_result *res, char *err, size_t errlen);

/* The first half of the checks above on any layer: the engine's view against itself
 * (expand, count, exits, predecessors), for sample positions (0: all). describe writes
 * position i for the examples. Fills out's counts and examples (not its name or kind).
 * 0, or -1 when memory runs out. */
int selftest_layer_graph(const struct retro_layer *R, uint64_t sample,
                         void (*describe)(void *arg, uint64_t i, char *buf, size_t len), void *arg,
                         struct selftest_layer *out);

#endif
