/* Adugo's module (docs/rules.md, "Adugo"): its game_ops, for the registry, and what its
 * folder's files share: the rule sets, the sides and the jaguar's moves. */
#ifndef GUTI_ADUGO_H
#define GUTI_ADUGO_H

#include "game.h"

/* struct game's rules for Adugo */
enum ad_rules { AD_OPTIONAL, AD_FORCED };

/* The sides: the jaguar moves first. */
enum { AD_JAGUAR = 0, AD_DOGS = 1 };

extern const struct game_ops adugo_ops;
extern const struct game_layers ad_table_layers;

/* The points of the board. */
static inline bits_t ad_all_points(const struct board *b)
{
    return BIT(b->npoints) - 1;
}

/* Whether the jaguar on j can jump a dog, with dogs D. */
static inline bool ad_can_jump(const struct board *b, int j, bits_t D)
{
    bits_t empty = ad_all_points(b) & ~D & ~BIT(j);
    for (int k = 0; k < b->njumps[j]; k++)
        if ((D & BIT(b->jumps[j][k].over)) && (empty & BIT(b->jumps[j][k].to))) return true;
    return false;
}

/* A table of the states of a chain search (the jaguar's point, the dogs left), each state
 * expanded once: different orders of jumps reaching one state are one move. It starts in
 * the caller's buffer (small, for the solver's hot path) and moves to the heap when it fills
 * half; ad_seen_free frees what it took. */
struct ad_seen {
    uint64_t *t;
    size_t cap, n;
    bool heap;
};

static inline void ad_seen_init(struct ad_seen *s, uint64_t *buf, size_t cap)
{
    *s = (struct ad_seen){.t = buf, .cap = cap};
}

void ad_seen_free(struct ad_seen *s);

/* The jaguar's chains of captures from j over dogs D, as the rules make them moves
 * (optional: every chain and every prefix of one; forced: the maximal ones), each end (a
 * point and the dogs left) once: found(arg, m, dogs) hears each, m the chain as written
 * (from j, m->to[0..m->njumps - 1]); it returns 0 to go on, else the search stops with its
 * answer. Chains go on past the capture goal as the rules let them (the game ends with the
 * move), so that a solver folds as many ends as moves() lists. 0, found's answer, or -1
 * when memory runs out. s is emptied first. */
int ad_chains(const struct game *g, int j, bits_t D, struct ad_seen *s,
              int (*found)(void *arg, const struct move *m, bits_t dogs), void *arg);

#endif
