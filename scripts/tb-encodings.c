/* The encoding study of issue 16: what a table's values would take on disk under other
 * block sizes and other encodings, each block compressed as guti compresses them (zstd,
 * the level given, 16 bytes of block table a block), in bits per position.
 *
 *   WDL (and REACH) tables: guti's five positions a byte (base 3), and two bits a position;
 *   DTM tables: guti's one byte a position (the retro_code), and "half": the winner's or
 *   loser's move count (DTM + 1) / 2 alone, a draw repeating the entry before it. Half
 *   drops what the WDL table beside it already says (the parity of DTM, and the draws),
 *   so it would be probed together with that table.
 *
 * Built and run by scripts/bench-full.sh (row encodings):
 *   cc -O2 -Itablebase -o tb-encodings scripts/tb-encodings.c build/libguti.a -lzstd -fopenmp
 *   ./tb-encodings LEVEL TABLE...
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <zstd.h>

#include "tb.h"

/* Bytes of raw[0..n-1] compressed in blocks of block_bytes, with the block table. */
static size_t stored(const unsigned char *raw, size_t n, size_t block_bytes, int level,
                     ZSTD_CCtx *z, unsigned char *dst, size_t cap)
{
    size_t total = 0;
    for (size_t o = 0; o < n; o += block_bytes) {
        size_t m = n - o < block_bytes ? n - o : block_bytes;
        size_t r = ZSTD_compressCCtx(z, dst, cap, raw + o, m, level);
        if (ZSTD_isError(r)) {
            fprintf(stderr, "tb-encodings: zstd: %s\n", ZSTD_getErrorName(r));
            exit(1);
        }
        total += r + 16;
    }
    return total;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tb-encodings LEVEL TABLE...\n");
        return 2;
    }
    int level = atoi(argv[1]);
    static const size_t block_bytes[] = {4096, 16384, 65536, 262144};
    ZSTD_CCtx *z = ZSTD_createCCtx();
    size_t cap = ZSTD_compressBound(block_bytes[3]);
    unsigned char *dst = malloc(cap);
    if (!z || !dst) return fprintf(stderr, "tb-encodings: out of memory\n"), 1;
    printf("| table | positions | on disk | encoding | 4 KiB | 16 KiB | 64 KiB | 256 KiB |\n");
    printf("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n");
    for (int a = 2; a < argc; a++) {
        struct tb *t;
        char err[300];
        if (tb_open(argv[a], &t, err, sizeof err)) return fprintf(stderr, "%s\n", err), 1;
        const struct tb_meta *m = tb_get_meta(t);
        struct tb_info info;
        tb_get_info(t, &info);
        uint64_t n = m->npositions;
        uint16_t *e = malloc(n * sizeof *e + 1);
        unsigned char *x = calloc(n + 1, 1), *y = calloc(n + 1, 1);
        if (!e || !x || !y) return fprintf(stderr, "tb-encodings: out of memory\n"), 1;
        if (tb_read_all(t, e, err, sizeof err)) return fprintf(stderr, "%s\n", err), 1;
        bool wdl = m->kind == TB_WDL || m->kind == TB_REACH;
        if (!wdl && info.encoding != TB_ENC_DTM8) {
            fprintf(stderr, "tb-encodings: %s: only WDL, REACH and one-byte DTM tables\n", argv[a]);
            return 1;
        }
        size_t nx, ny;
        const char *names[2];
        if (wdl) {
            static const unsigned pow3[5] = {1, 3, 9, 27, 81};
            for (uint64_t i = 0; i < n; i++) { /* tb_read_all's digits: 0 draw, 1 loss, 2 win */
                x[i / 5] += (unsigned char)(e[i] * pow3[i % 5]);
                y[i / 4] |= (unsigned char)(e[i] << (2 * (i % 4)));
            }
            nx = (n + 4) / 5, ny = (n + 3) / 4;
            names[0] = "base 3 (guti's)", names[1] = "2 bits";
        } else {
            unsigned char last = 0;
            for (uint64_t i = 0; i < n; i++) {
                x[i] = (unsigned char)e[i];
                if (e[i]) last = (unsigned char)(e[i] / 2); /* (DTM + 1) / 2 */
                y[i] = last;
            }
            nx = ny = n;
            names[0] = "byte (guti's)", names[1] = "half, with the WDL table";
        }
        for (int k = 0; k < 2; k++) {
            printf("| %s | %llu | %.3f | %s |", argv[a], (unsigned long long)n,
                   8.0 * (double)info.bytes / (double)n, names[k]);
            for (int b = 0; b < 4; b++)
                printf(" %.3f |", 8.0 *
                                      (double)stored(k ? y : x, k ? ny : nx, block_bytes[b], level,
                                                     z, dst, cap) /
                                      (double)n);
            printf("\n");
        }
        free(e);
        free(x);
        free(y);
        tb_close(t);
    }
    ZSTD_freeCCtx(z);
    free(dst);
    return 0;
}
