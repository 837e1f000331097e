/*
 * A game's history: the positions so far, for what depends on more than the position
 * itself. The draw rules of play (third repetition, the clock) and the no-repeat rules of
 * Bagh-Chal, which refuse a move that recreates a board seen since the last goat was
 * placed.
 */
#ifndef GUTI_HISTORY_H
#define GUTI_HISTORY_H

#include "game.h"

struct history {
    struct position *p; /* p[n-1] is the current position */
    int n, cap;
};

void history_init(struct history *h, const struct position *start);
void history_free(struct history *h);
void history_push(struct history *h, const struct position *pos);
static inline void history_pop(struct history *h)
{
    h->n--;
}

/* Whether the no-repeat rules refuse a move from the current position to succ. */
bool history_refuses(const struct game *g, const struct history *h, const struct position *succ);

/* The legal moves of the current position: the game's moves less those refused. */
int history_moves(const struct game *g, const struct history *h, struct movelist *l);

/* Whether the game is over at the current position, draws by rule included; draw rules
 * apply only where the rules have them (not under no-repeat). */
bool history_over(const struct game *g, const struct history *h, struct outcome *out);

#endif
