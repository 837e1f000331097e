#include "perft.h"

#include <string.h>

#include "history.h"

static void perft_rec(const struct game *g, struct history *h, int depth, int ply, uint64_t *counts,
                      struct movelist *lists)
{
    struct movelist *l = &lists[ply];
    int n = history_moves(g, h, l);
    counts[ply] += (uint64_t)n;
    if (ply + 1 == depth) return;
    for (int i = 0; i < n; i++) {
        history_push(h, &l->succ[i]);
        perft_rec(g, h, depth, ply + 1, counts, lists);
        history_pop(h);
    }
}

void perft(const struct game *g, const struct position *start, int depth, uint64_t *counts)
{
    memset(counts, 0, (size_t)depth * sizeof *counts);
    if (depth <= 0) return;
    struct history root;
    struct movelist rootmoves;
    history_init(&root, start);
    movelist_init(&rootmoves);
    int n = history_moves(g, &root, &rootmoves);
    counts[0] = (uint64_t)n;
    if (depth > 1) {
#pragma omp parallel
        {
            uint64_t mine[PERFT_MAX_DEPTH] = {0};
            struct movelist lists[PERFT_MAX_DEPTH];
            for (int d = 0; d < depth; d++) movelist_init(&lists[d]);
            struct history h;
            history_init(&h, start);
#pragma omp for schedule(dynamic, 1)
            for (int i = 0; i < n; i++) {
                history_push(&h, &rootmoves.succ[i]);
                perft_rec(g, &h, depth, 1, mine, lists);
                history_pop(&h);
            }
#pragma omp critical(perft_sum)
            for (int d = 1; d < depth; d++) counts[d] += mine[d];
            for (int d = 0; d < depth; d++) movelist_free(&lists[d]);
            history_free(&h);
        }
    }
    movelist_free(&rootmoves);
    history_free(&root);
}
