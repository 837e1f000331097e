/* Large arrays backed by 2 MB pages where the kernel can give them. */
#ifndef GUTI_BIGMEM_H
#define GUTI_BIGMEM_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

/* Asks the kernel to back the whole 2 MB pages of p[0..n) with huge pages (see big_alloc). */
static inline void *big_advise(void *p, size_t n)
{
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (p && n >= 2 * huge) {
        uintptr_t first = ((uintptr_t)p + huge - 1) & ~(huge - 1);
        uintptr_t end = ((uintptr_t)p + n) & ~(huge - 1);
#ifdef MADV_HUGEPAGE
        if (end > first) madvise((void *)first, end - first, MADV_HUGEPAGE);
#endif
    }
    return p;
}

/* malloc(n), with the kernel asked (madvise MADV_HUGEPAGE) to back the array's whole 2 MB
 * pages with huge pages: Linux's transparent huge pages, in their usual "madvise" mode,
 * give them only on request. The first touch of fresh memory then faults once per 2 MB
 * rather than once per 4 KB. guti stats over the whole 5x5 game, which reads each table
 * into a fresh array, spent 28% of its time in those faults on this project's machine (a
 * VM whose page faults are slow). The advice is only advice: without huge pages the
 * array is an ordinary one. Free it with free(). */
static inline void *big_alloc(size_t n)
{
    return big_advise(malloc(n), n);
}

/* calloc(k, size) as big_alloc advises: calloc leaves a large array's fresh pages
 * untouched (they read as zero), so the advice comes before their first touch. */
static inline void *big_calloc(size_t k, size_t size)
{
    return big_advise(calloc(k, size), k * size);
}

#endif
