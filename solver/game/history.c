#include "history.h"

#include <stdlib.h>

int history_start(struct history *h, const struct position *start)
{
    h->p = NULL;
    h->n = h->cap = 0;
    return history_push(h, start);
}

void history_free(struct history *h)
{
    free(h->p);
    h->p = NULL;
    h->n = h->cap = 0;
}

int history_push(struct history *h, const struct position *pos)
{
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        struct position *p = realloc(h->p, (size_t)cap * sizeof *p);
        if (!p) return -1;
        h->p = p;
        h->cap = cap;
    }
    h->p[h->n++] = *pos;
    return 0;
}

int history_layer_start(const struct history *h)
{
    const struct position *cur = &h->p[h->n - 1];
    int goats = bits_count(cur->men[0]), i = h->n - 1;
    if (cur->inhand > 0) return i;
    while (i > 0 && h->p[i - 1].inhand == 0 && bits_count(h->p[i - 1].men[0]) == goats) i--;
    return i;
}

bool history_refuses(const struct game *g, const struct history *h, const struct position *succ)
{
    if (!g->no_repeat || succ->inhand > 0) return false;
    /* The boards since the last placement: the current one back to the first with no
     * goats in hand, at most repeat_window of them. */
    int seen = 0;
    for (int i = h->n - 1; i >= 0 && h->p[i].inhand == 0; i--) {
        if (g->repeat_window && seen == g->repeat_window) break;
        seen++;
        if (h->p[i].men[0] == succ->men[0] && h->p[i].men[1] == succ->men[1]) return true;
    }
    return false;
}

int history_moves(const struct game *g, const struct history *h, struct movelist *l)
{
    int n = g->ops->moves(g, &h->p[h->n - 1], l), k = 0;
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        if (history_refuses(g, h, &l->succ[i])) continue;
        l->mv[k] = l->mv[i];
        l->succ[k] = l->succ[i];
        k++;
    }
    return l->n = k;
}

int history_over(const struct game *g, const struct history *h, struct outcome *out)
{
    const struct position *cur = &h->p[h->n - 1];
    if (g->ops->over(g, cur, out)) return 1;
    if (g->no_repeat) {
        struct movelist l;
        movelist_init(&l);
        int n = history_moves(g, h, &l);
        movelist_free(&l);
        if (n < 0) return -1;
        if (n == 0) {
            *out = (struct outcome){END_REFUSED, 1 - cur->side};
            return 1;
        }
        return 0;
    }
    int count = 0;
    for (int i = 0; i < h->n; i++) count += position_same(&h->p[i], cur);
    if (count >= 3) {
        *out = (struct outcome){END_REPETITION, -1};
        return 1;
    }
    if (game_has_clock(g) && cur->clock >= game_clock_limit(g)) {
        *out = (struct outcome){END_CLOCK, -1};
        return 1;
    }
    return 0;
}
