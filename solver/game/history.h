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

/* history_start and history_push: 0, or -1 when memory runs out (the history is then as
 * it was; a failed init holds nothing, and freeing it is harmless). */
int history_start(struct history *h, const struct position *start);
void history_free(struct history *h);
int history_push(struct history *h, const struct position *pos);
static inline void history_pop(struct history *h)
{
    h->n--;
}

/* Where the current movement layer of h starts: the index of its first position such that
 * it and every later one have no goats in hand and as many goats on the board as the
 * current one (a placement or a capture starts a layer). No board from before it can come
 * back, so the no-repeat search looks no further. h->n - 1 when the current position has
 * goats in hand. */
int history_layer_start(const struct history *h);

/* Whether the no-repeat rules refuse a move from the current position to succ. */
bool history_refuses(const struct game *g, const struct history *h, const struct position *succ);

/* The legal moves of the current position: the game's moves less those refused; -1 when
 * memory runs out. */
int history_moves(const struct game *g, const struct history *h, struct movelist *l);

/* Whether the game is over at the current position, draws by rule included; draw rules
 * apply only where the rules have them (not under no-repeat), the clock only where the game
 * has a counting rule (game_has_clock): 1 over, 0 not, -1 when memory runs out (no-repeat
 * lists the moves to see whether any is left). */
int history_over(const struct game *g, const struct history *h, struct outcome *out);

#endif
