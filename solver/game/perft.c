#include "perft.h"

#include <string.h>

#include "history.h"

/* Counts the leaves under the current position; -1 when memory runs out. */
static int perft_rec(const struct game *g, struct history *h, int depth, int ply, uint64_t *counts,
                     struct movelist *lists)
{
    struct movelist *l = &lists[ply];
    int n = history_moves(g, h, l);
    if (n < 0) return -1;
    counts[ply] += (uint64_t)n;
    if (ply + 1 == depth) return 0;
    for (int i = 0; i < n; i++) {
        if (history_push(h, &l->succ[i])) return -1;
        int rc = perft_rec(g, h, depth, ply + 1, counts, lists);
        history_pop(h);
        if (rc) return -1;
    }
    return 0;
}

int perft(const struct game *g, const struct position *start, int depth, uint64_t *counts)
{
    memset(counts, 0, (size_t)depth * sizeof *counts);
    if (depth <= 0) return 0;
    struct history root;
    struct movelist rootmoves;
    movelist_init(&rootmoves);
    int n = history_start(&root, start) ? -1 : history_moves(g, &root, &rootmoves), failed = n < 0;
    counts[0] = n < 0 ? 0 : (uint64_t)n;
    if (depth > 1 && !failed) {
#pragma omp parallel reduction(| : failed)
        {
            uint64_t mine[PERFT_MAX_DEPTH] = {0};
            struct movelist lists[PERFT_MAX_DEPTH];
            for (int d = 0; d < depth; d++) movelist_init(&lists[d]);
            struct history h;
            failed = history_start(&h, start) != 0;
            /* a thread that failed goes through the loop doing nothing: the loop's
             * iterations are shared, so every thread must reach it */
#pragma omp for schedule(dynamic, 1)
            for (int i = 0; i < n; i++) {
                if (failed || history_push(&h, &rootmoves.succ[i])) {
                    failed = 1;
                    continue;
                }
                failed = perft_rec(g, &h, depth, 1, mine, lists) != 0;
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
    return failed ? -1 : 0;
}
