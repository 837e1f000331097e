/* Brute forces over Bagh-Chal's raw positions, for the tests of the layers, the reach and
 * the drivers (bc_brute.h says what each gives). */
#include <stdlib.h>
#include <string.h>

#include "bc_brute.h"
#include "helpers.h"

static uint64_t key_hi(const struct position *p)
{
    return (p->men[1] << 1 | (uint64_t)p->side) << 6 | (uint64_t)p->inhand;
}

static int cmp_pos(const void *x, const void *y)
{
    const struct position *a = x, *b = y;
    if (a->men[0] != b->men[0]) return a->men[0] < b->men[0] ? -1 : 1;
    return key_hi(a) < key_hi(b) ? -1 : key_hi(a) > key_hi(b);
}

int brute_find(const struct brute *br, const struct position *p)
{
    struct position k = *p;
    k.clock = 0;
    struct position *f = bsearch(&k, br->pos, (size_t)br->n, sizeof k, cmp_pos);
    return f ? (int)(f - br->pos) : -1;
}

/* With placement true, the placement phase too: every state with goats in hand. */
void brute_enumerate(struct brute *br, const struct game *g, bool placement)
{
    int np = g->board->npoints, cap = 1 << 22;
    br->pos = malloc((size_t)cap * sizeof *br->pos);
    br->n = 0;
    for (bits_t T = 0; T < BIT(np); T++) {
        if (bits_count(T) != g->side_men[1]) continue;
        for (bits_t G = 0; G < BIT(np); G++) {
            int goats = bits_count(G);
            if (G & T) continue;
            for (int inhand = 0; inhand <= (placement ? g->side_men[0] : 0); inhand++) {
                int captured = g->side_men[0] - inhand - goats;
                if (captured < 0 || captured >= g->capture_goal) continue;
                for (int side = 0; side < 2; side++) {
                    if (side == 1 && inhand == g->side_men[0]) continue;
                    CHECK(br->n < cap, "more than %d positions", cap);
                    br->pos[br->n++] =
                        (struct position){.men = {G, T}, .side = side, .inhand = inhand};
                }
            }
        }
    }
    qsort(br->pos, (size_t)br->n, sizeof *br->pos, cmp_pos);
    br->code = calloc((size_t)br->n, sizeof *br->code);
}

void brute_solve(struct brute *br, const struct game *g)
{
    /* The successors of each position, once: an index, or -1 for a finished game. */
    struct movelist l;
    movelist_init(&l);
    int *first = malloc((size_t)(br->n + 1) * sizeof *first), nsucc = 0, cap = 1 << 20;
    int *succ = malloc((size_t)cap * sizeof *succ);
    for (int i = 0; i < br->n; i++) {
        first[i] = nsucc;
        int n = g->ops->moves(g, &br->pos[i], &l);
        for (int j = 0; j < n; j++) {
            struct outcome o;
            if (nsucc == cap) succ = realloc(succ, (size_t)(cap *= 2) * sizeof *succ);
            succ[nsucc] = g->ops->over(g, &l.succ[j], &o) ? -1 : brute_find(br, &l.succ[j]);
            CHECK(succ[nsucc] != -1 || o.reason != END_NONE, "a successor not enumerated");
            nsucc++;
        }
    }
    first[br->n] = nsucc;
    movelist_free(&l);
    for (int k = 0;; k++) {
        int decided = 0;
        int *next = malloc((size_t)br->n * sizeof *next);
        memcpy(next, br->code, (size_t)br->n * sizeof *next);
        for (int i = 0; i < br->n; i++) {
            if (br->code[i]) continue;
            bool win = false, all_won = true;
            int longest = -1;
            for (int j = first[i]; j < first[i + 1]; j++) {
                int c = succ[j] < 0 ? 1 : br->code[succ[j]]; /* a finished game: lost in 0 */
                if (c && (c - 1) % 2 == 0 && c - 1 == k - 1) win = true;
                if (!c || (c - 1) % 2 == 0)
                    all_won = false;
                else if (c - 1 > longest)
                    longest = c - 1;
            }
            if (win || (all_won && longest + 1 == k)) {
                next[i] = k + 1;
                decided++;
            }
        }
        free(br->code);
        br->code = next;
        if (!decided && k > 0) break;
    }
    free(first);
    free(succ);
}

/* The raw states some game from the start reaches (a breadth-first search with the rules
 * engine's moves): seen[i] for br->pos[i]. */
char *reached_raw(const struct game *g, const struct brute *br)
{
    char *seen = calloc((size_t)br->n, 1);
    int *queue = malloc((size_t)br->n * sizeof *queue), head = 0, tail = 0;
    ck_assert(seen && queue);
    struct position start = g->ops->start(g);
    queue[tail++] = brute_find(br, &start);
    seen[queue[0]] = 1;
    struct movelist l;
    movelist_init(&l);
    while (head < tail) {
        int n = g->ops->moves(g, &br->pos[queue[head++]], &l);
        for (int j = 0; j < n; j++) {
            int q = brute_find(br, &l.succ[j]);
            if (q >= 0 && !seen[q]) {
                seen[q] = 1;
                queue[tail++] = q;
            }
        }
    }
    movelist_free(&l);
    free(queue);
    return seen;
}
