/*
 * zstd, one block at a time: each block of a table is one zstd frame, compressed and
 * decompressed on its own. Contexts are reused between blocks (one per thread).
 */
#ifndef GUTI_COMPRESS_H
#define GUTI_COMPRESS_H

#include <stddef.h>

/* The zstd levels tables are written with, measured as the best speed/size balance (see
 * FORMAT.md): TBZ_LEVEL for a byte a position or less (WDL, one-byte DTM: Bagh-Chal's and
 * Sixteen Soldiers' layers), TBZ_LEVEL_WIDE for two-byte DTM codes (Adugo's), where level 9
 * took 2.8 times as long as level 6 for 0.8% less and was a tenth of a whole solve. */
#define TBZ_LEVEL 9
#define TBZ_LEVEL_WIDE 6

struct tbz_cctx;
struct tbz_dctx;

/* NULL when memory runs out. */
struct tbz_cctx *tbz_cctx_new(int level);
void tbz_cctx_free(struct tbz_cctx *c);
struct tbz_dctx *tbz_dctx_new(void);
void tbz_dctx_free(struct tbz_dctx *d);

/* The most n bytes can take compressed. */
size_t tbz_bound(size_t n);

/* Compresses src[0..n-1] into dst (room for cap bytes). Returns the compressed size, or 0
 * with the reason in err. */
size_t tbz_compress(struct tbz_cctx *c, void *dst, size_t cap, const void *src, size_t n, char *err,
                    size_t errlen);

/* Decompresses the frame src[0..n-1], which must be exactly one zstd frame giving exactly
 * want bytes, into dst. Returns 0, or -1 with the reason in err. */
int tbz_decompress(struct tbz_dctx *d, void *dst, size_t want, const void *src, size_t n, char *err,
                   size_t errlen);

#endif
