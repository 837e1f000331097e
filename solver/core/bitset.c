#include "bitset.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"

int bitset_alloc(struct bitset *b, uint64_t n)
{
    b->n = n;
    /* Huge pages: a walk sets bits all over an array of hundreds of megabytes (Adugo's
     * 14-dog layer: 560 MB), where 4 KB pages would miss the TLB at nearly every bit. */
    b->w = big_calloc(n / 64 + 1, sizeof *b->w);
    return b->w ? 0 : -1;
}

void bitset_free(struct bitset *b)
{
    free(b->w);
    b->w = NULL;
    b->n = 0;
}

uint64_t bitset_count(const struct bitset *b)
{
    uint64_t k = 0;
#pragma omp parallel for reduction(+ : k) schedule(static)
    for (uint64_t j = 0; j < b->n / 64 + 1; j++) k += (uint64_t)__builtin_popcountll(b->w[j]);
    return k;
}

/* Adds a thread's count of positions expanded to the total every this many, and reports. */
enum { REPORT_EVERY = 1 << 16 };

static void add_expanded(const struct bitset_progress *p, uint64_t *total, uint64_t *mine)
{
    uint64_t done = __atomic_add_fetch(total, *mine, __ATOMIC_RELAXED);
    *mine = 0;
    if (p && p->fn && omp_get_thread_num() == 0) p->fn(p->arg, done);
}

int bitset_close(struct bitset *r, bitset_expand expand, void *ctx,
                 const struct bitset_progress *progress)
{
    uint64_t words = r->n / 64 + 1, expanded = 0;
    struct bitset frontier, fresh;
    struct bitset_closure c = {.r = r, .fresh = &fresh};
    int threads = omp_get_max_threads();
    /* each thread's scratch, allocated (not declared) so that expand may keep any type in it */
    unsigned char *scratch = calloc((size_t)threads, BITSET_SCRATCH);
    if (!scratch) return -1;
    if (bitset_alloc(&frontier, r->n)) {
        free(scratch);
        return -1;
    }
    if (bitset_alloc(&fresh, r->n)) {
        bitset_free(&frontier);
        free(scratch);
        return -1;
    }
    memcpy(frontier.w, r->w, words * sizeof *r->w);
    for (;;) {
        int any = 0;
        memset(scratch, 0, (size_t)threads * BITSET_SCRATCH);
#pragma omp parallel num_threads(threads) reduction(| : any)
        {
            void *mine_scratch = scratch + (size_t)omp_get_thread_num() * BITSET_SCRATCH;
            uint64_t mine = 0;
#pragma omp for schedule(dynamic, 64)
            for (uint64_t wi = 0; wi < words; wi++) {
                for (uint64_t bits = frontier.w[wi]; bits; bits &= bits - 1)
                    any |= expand(ctx, mine_scratch, &c, wi * 64 + (uint64_t)__builtin_ctzll(bits));
                mine += (uint64_t)__builtin_popcountll(frontier.w[wi]);
                if (mine >= REPORT_EVERY) add_expanded(progress, &expanded, &mine);
            }
            __atomic_add_fetch(&expanded, mine, __ATOMIC_RELAXED);
        }
        if (!any) break;
        memcpy(frontier.w, fresh.w, words * sizeof *fresh.w);
        memset(fresh.w, 0, words * sizeof *fresh.w);
    }
    bitset_free(&frontier);
    bitset_free(&fresh);
    free(scratch);
    return 0;
}
