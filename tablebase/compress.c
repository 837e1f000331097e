#include "compress.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <zstd.h>
#include <zstd_errors.h>

struct tbz_cctx {
    ZSTD_CCtx *z;
    int level;
};

struct tbz_dctx {
    ZSTD_DCtx *z;
};

struct tbz_cctx *tbz_cctx_new(int level)
{
    struct tbz_cctx *c = malloc(sizeof *c);
    if (!c) return NULL;
    c->z = ZSTD_createCCtx();
    c->level = level;
    if (!c->z) {
        free(c);
        return NULL;
    }
    return c;
}

void tbz_cctx_free(struct tbz_cctx *c)
{
    if (!c) return;
    ZSTD_freeCCtx(c->z);
    free(c);
}

struct tbz_dctx *tbz_dctx_new(void)
{
    struct tbz_dctx *d = malloc(sizeof *d);
    if (!d) return NULL;
    d->z = ZSTD_createDCtx();
    if (!d->z) {
        free(d);
        return NULL;
    }
    return d;
}

void tbz_dctx_free(struct tbz_dctx *d)
{
    if (!d) return;
    ZSTD_freeDCtx(d->z);
    free(d);
}

/* zstd's error as a message: its own name, but "out of memory" as every other part of
 * guti says it (a memory limit, ulimit -v, trips zstd's workspace first). */
static void zstd_error(size_t r, char *err, size_t errlen)
{
    if (ZSTD_getErrorCode(r) == ZSTD_error_memory_allocation)
        snprintf(err, errlen, "out of memory");
    else
        snprintf(err, errlen, "zstd: %s", ZSTD_getErrorName(r));
}

size_t tbz_bound(size_t n)
{
    return ZSTD_compressBound(n);
}

size_t tbz_compress(struct tbz_cctx *c, void *dst, size_t cap, const void *src, size_t n, char *err,
                    size_t errlen)
{
    size_t r = ZSTD_compressCCtx(c->z, dst, cap, src, n, c->level);
    if (ZSTD_isError(r)) {
        zstd_error(r, err, errlen);
        return 0;
    }
    return r;
}

int tbz_decompress(struct tbz_dctx *d, void *dst, size_t want, const void *src, size_t n, char *err,
                   size_t errlen)
{
    unsigned long long content = ZSTD_getFrameContentSize(src, n);
    if (content == ZSTD_CONTENTSIZE_ERROR) return snprintf(err, errlen, "not a zstd frame"), -1;
    if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != want)
        return snprintf(err, errlen, "decompresses to %llu bytes, expected %zu", content, want), -1;
    size_t fsize = ZSTD_findFrameCompressedSize(src, n);
    if (ZSTD_isError(fsize)) return snprintf(err, errlen, "zstd: %s", ZSTD_getErrorName(fsize)), -1;
    if (fsize != n)
        return snprintf(err, errlen, "zstd frame is %zu bytes, block is %zu", fsize, n), -1;
    size_t r = ZSTD_decompressDCtx(d->z, dst, want, src, n);
    if (ZSTD_isError(r)) return zstd_error(r, err, errlen), -1;
    if (r != want)
        return snprintf(err, errlen, "decompresses to %zu bytes, expected %zu", r, want), -1;
    return 0;
}
