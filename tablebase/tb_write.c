/* Writing a table: encode and compress blocks in parallel, stream them out, then the
 * header, block table and trailer; all into path.tmp, renamed to path when synced. */
#include "tb.h"

#include <errno.h>
#include <fcntl.h>
#include <omp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checksum.h"
#include "compress.h"
#include "tb_format.h"

/* Blocks compressed per round for each thread: they are written in order between rounds. */
#define BLOCKS_PER_THREAD 16

static int write_all(int fd, const void *buf, size_t n, uint64_t off)
{
    const unsigned char *p = buf;
    while (n) {
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            if (w == 0) errno = EIO;
            return -1;
        }
        p += w, n -= (size_t)w, off += (uint64_t)w;
    }
    return 0;
}

/* Encodes positions codes[0..n-1] into raw; returns the byte count. */
static size_t encode_block(enum tb_encoding enc, const uint16_t *codes, size_t n,
                           unsigned char *raw)
{
    switch (enc) {
    case TB_ENC_WDL5: {
        size_t nb = (n + 4) / 5;
        for (size_t k = 0; k < nb; k++) {
            unsigned v = 0;
            size_t first = 5 * k, last = first + 5 < n ? first + 5 : n;
            for (size_t j = last; j-- > first;) v = 3 * v + tb_wdl_of_code(codes[j]);
            raw[k] = (unsigned char)v;
        }
        return nb;
    }
    case TB_ENC_DTM8:
        for (size_t k = 0; k < n; k++) raw[k] = (unsigned char)codes[k];
        return n;
    case TB_ENC_DTM16:
        for (size_t k = 0; k < n; k++) tb_put16(raw + 2 * k, codes[k]);
        return 2 * n;
    }
    return 0;
}

static bool terminated(const char *s, size_t n)
{
    return memchr(s, 0, n) != NULL;
}

/* Copies a NUL-terminated string into a zero-padded field. */
static void put_string(unsigned char *p, const char *s, size_t n)
{
    memset(p, 0, n);
    memcpy(p, s, strlen(s));
}

/* Syncs the directory holding path, so that the rename survives a crash. Best effort. */
static void sync_dir(const char *path)
{
    char *dir = strdup(path);
    if (!dir) return;
    char *slash = strrchr(dir, '/');
    const char *d = slash ? (slash == dir ? "/" : (*slash = 0, dir)) : ".";
    int fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

struct writer {
    int nthreads, batch;
    struct tbz_cctx **cctx;
    unsigned char **raw;  /* one per thread */
    unsigned char **cbuf; /* one per block of a round */
    size_t *csize;
    uint32_t *crc;
    size_t cap;
};

static void writer_free(struct writer *w)
{
    if (w->cctx)
        for (int k = 0; k < w->nthreads; k++) tbz_cctx_free(w->cctx[k]);
    if (w->raw)
        for (int k = 0; k < w->nthreads; k++) free(w->raw[k]);
    if (w->cbuf)
        for (int k = 0; k < w->batch; k++) free(w->cbuf[k]);
    free(w->cctx);
    free(w->raw);
    free(w->cbuf);
    free(w->csize);
    free(w->crc);
}

static int writer_init(struct writer *w, uint64_t nblocks, enum tb_encoding enc)
{
    int level = enc == TB_ENC_DTM16 ? TBZ_LEVEL_WIDE : TBZ_LEVEL;
    memset(w, 0, sizeof *w);
    w->nthreads = omp_get_max_threads();
    if (w->nthreads < 1) w->nthreads = 1;
    uint64_t batch = (uint64_t)w->nthreads * BLOCKS_PER_THREAD;
    w->batch = (int)(batch < nblocks ? batch : nblocks ? nblocks : 1);
    w->cap = tbz_bound(TB_BLOCK_BYTES);
    w->cctx = calloc((size_t)w->nthreads, sizeof *w->cctx);
    w->raw = calloc((size_t)w->nthreads, sizeof *w->raw);
    w->cbuf = calloc((size_t)w->batch, sizeof *w->cbuf);
    w->csize = calloc((size_t)w->batch, sizeof *w->csize);
    w->crc = calloc((size_t)w->batch, sizeof *w->crc);
    if (!w->cctx || !w->raw || !w->cbuf || !w->csize || !w->crc) return -1;
    for (int k = 0; k < w->nthreads; k++)
        if (!(w->cctx[k] = tbz_cctx_new(level)) || !(w->raw[k] = malloc(TB_BLOCK_BYTES))) return -1;
    for (int k = 0; k < w->batch; k++)
        if (!(w->cbuf[k] = malloc(w->cap))) return -1;
    return 0;
}

static int max_code(const uint16_t *codes, uint64_t n)
{
    int m = 0;
#pragma omp parallel for reduction(max : m) schedule(static)
    for (uint64_t i = 0; i < n; i++)
        if (codes[i] > m) m = codes[i];
    return m;
}

/* The header's largest-DTM field: the largest DTM for a DTM table, the largest DTC for a
 * DTC table (its largest entry's), -1 when there is none. */
static int header_max(enum tb_kind kind, int maxc)
{
    return kind == TB_DTC ? tb_dtc_of((uint16_t)maxc) : maxc - 1;
}

/* Writes the blocks, header, table and trailer into fd. */
static int write_file(int fd, const char *path, const struct tb_meta *meta,
                      const struct tb_source *src, enum tb_encoding enc, uint32_t ppb, int maxc,
                      uint64_t *bytes, char *err, size_t errlen)
{
    uint64_t n = meta->npositions;
    uint64_t nblocks = n / ppb + (n % ppb != 0);
    if (nblocks > (SIZE_MAX - TB_HEADER_SIZE) / TB_TABLE_ENTRY)
        return tb_fail(err, errlen, path, "too many positions (%llu)", (unsigned long long)n);
    size_t head = TB_HEADER_SIZE + (size_t)nblocks * TB_TABLE_ENTRY;
    unsigned char *hdr = calloc(1, head);
    struct writer w;
    int nt = omp_get_max_threads();
    uint16_t *fill = src->fill ? malloc((size_t)nt * ppb * sizeof *fill) : NULL;
    if (writer_init(&w, nblocks, enc) != 0 || !hdr || (src->fill && !fill)) {
        writer_free(&w);
        free(hdr);
        free(fill);
        return tb_fail(err, errlen, path, "out of memory");
    }
    int rc = 0;
    uint64_t off = head;   /* where the next block goes */
    uint32_t data_crc = 0; /* CRC32C of the blocks so far */
    char msg[256] = "";
    for (uint64_t b0 = 0; b0 < nblocks && rc == 0; b0 += (uint64_t)w.batch) {
        int nb = (int)(nblocks - b0 < (uint64_t)w.batch ? nblocks - b0 : (uint64_t)w.batch);
        int bad = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(w.nthreads) if (nb > 1)
        for (int j = 0; j < nb; j++) {
            int tid = omp_get_thread_num();
            uint64_t first = (b0 + (uint64_t)j) * ppb;
            size_t cnt = (size_t)(n - first < ppb ? n - first : ppb);
            const uint16_t *codes = src->codes + first;
            bool filled = true;
            if (src->fill) {
                codes = fill + (size_t)tid * ppb;
                filled = src->fill(src->ctx, first, cnt, fill + (size_t)tid * ppb) == 0;
            }
            /* A code above the one the header will say would be truncated by the one-byte
             * encoding, or refused by the reader: a fill that breaks its max_code fails. */
            uint16_t top = 0;
            if (enc != TB_ENC_WDL5)
                for (size_t k = 0; k < cnt; k++) top = codes[k] > top ? codes[k] : top;
            char e[200];
            if (!filled) {
                snprintf(e, sizeof e, "its codes could not be had from their source");
                w.csize[j] = 0;
            } else if (top > maxc) {
                snprintf(e, sizeof e, "code %u, above the largest given, %d", top, maxc);
                w.csize[j] = 0;
            } else {
                size_t rb = encode_block(enc, codes, cnt, w.raw[tid]);
                w.csize[j] =
                    tbz_compress(w.cctx[tid], w.cbuf[j], w.cap, w.raw[tid], rb, e, sizeof e);
            }
            if (w.csize[j] == 0) {
#pragma omp critical(tb_write_error)
                if (!bad) {
                    bad = 1;
                    snprintf(msg, sizeof msg, "block %llu: %s",
                             (unsigned long long)(b0 + (uint64_t)j), e);
                }
            } else
                w.crc[j] = crc32c(0, w.cbuf[j], w.csize[j]);
        }
        if (bad) {
            rc = tb_fail(err, errlen, path, "%s", msg);
            break;
        }
        for (int j = 0; j < nb; j++) {
            if (write_all(fd, w.cbuf[j], w.csize[j], off) != 0) {
                rc = tb_fail(err, errlen, path, "write: %s", strerror(errno));
                break;
            }
            unsigned char *e = hdr + TB_HEADER_SIZE + (b0 + (uint64_t)j) * TB_TABLE_ENTRY;
            tb_put64(e, off);
            tb_put32(e + 8, (uint32_t)w.csize[j]);
            tb_put32(e + 12, w.crc[j]);
            data_crc = crc32c_combine(data_crc, w.crc[j], w.csize[j]);
            off += w.csize[j];
        }
    }
    writer_free(&w);
    free(fill);
    if (rc == 0) {
        uint64_t total = off + TB_TRAILER_SIZE;
        memcpy(hdr + TB_OFF_MAGIC, TB_MAGIC, TB_MAGIC_LEN);
        tb_put32(hdr + TB_OFF_VERSION, TB_VERSION);
        tb_put32(hdr + TB_OFF_HEADER_SIZE, TB_HEADER_SIZE);
        put_string(hdr + TB_OFF_GAME, meta->game, sizeof meta->game);
        put_string(hdr + TB_OFF_RULES, meta->rules, sizeof meta->rules);
        put_string(hdr + TB_OFF_BOARD, meta->board, sizeof meta->board);
        tb_put32(hdr + TB_OFF_KIND, (uint32_t)meta->kind);
        for (int k = 0; k < 4; k++) tb_put32(hdr + TB_OFF_LAYER + 4 * k, (uint32_t)meta->layer[k]);
        tb_put32(hdr + TB_OFF_ENCODING, (uint32_t)enc);
        tb_put64(hdr + TB_OFF_NPOSITIONS, n);
        tb_put32(hdr + TB_OFF_BLOCK_POSITIONS, ppb);
        tb_put32(hdr + TB_OFF_MAX_DTM, (uint32_t)header_max(meta->kind, maxc));
        tb_put64(hdr + TB_OFF_NBLOCKS, nblocks);
        tb_put64(hdr + TB_OFF_FILE_SIZE, total);
        tb_put32(hdr + TB_OFF_LIMIT, (uint32_t)meta->limit);
        uint32_t hcrc = crc32c(0, hdr, TB_OFF_HEADER_CRC);
        hcrc = crc32c(hcrc, hdr + TB_HEADER_SIZE, head - TB_HEADER_SIZE);
        tb_put32(hdr + TB_OFF_HEADER_CRC, hcrc);
        unsigned char trailer[TB_TRAILER_SIZE];
        memcpy(trailer, TB_TRAILER_MAGIC, TB_TRAILER_MAGIC_LEN);
        uint32_t fcrc = crc32c_combine(crc32c(0, hdr, head), data_crc, off - head);
        tb_put32(trailer + 4, crc32c(fcrc, trailer, TB_TRAILER_MAGIC_LEN));
        if (write_all(fd, hdr, head, 0) != 0 || write_all(fd, trailer, sizeof trailer, off) != 0)
            rc = tb_fail(err, errlen, path, "write: %s", strerror(errno));
        *bytes = total;
    }
    free(hdr);
    return rc;
}

int tb_write(const char *path, const struct tb_meta *meta, const uint16_t *codes,
             struct tb_write_stats *st, char *err, size_t errlen)
{
    if (meta->npositions && !codes) return tb_fail(err, errlen, path, "no codes to write");
    struct tb_source src = {.codes = codes, .max_code = -1};
    return tb_write_source(path, meta, &src, st, err, errlen);
}

int tb_write_source(const char *path, const struct tb_meta *meta, const struct tb_source *src,
                    struct tb_write_stats *st, char *err, size_t errlen)
{
    if (!terminated(meta->game, sizeof meta->game) ||
        !terminated(meta->rules, sizeof meta->rules) ||
        !terminated(meta->board, sizeof meta->board))
        return tb_fail(err, errlen, path, "game, rules or board name too long");
    if (meta->kind != TB_WDL && meta->kind != TB_DTM && meta->kind != TB_REACH &&
        meta->kind != TB_DTC)
        return tb_fail(err, errlen, path, "unknown table kind %d", (int)meta->kind);
    bool dtc = meta->kind == TB_DTC;
    if (dtc && (meta->limit < 1 || meta->limit > TB_DTC_MAX_LIMIT))
        return tb_fail(err, errlen, path, "counting-rule limit %d: a DTC table needs 1 to %d",
                       (int)meta->limit, TB_DTC_MAX_LIMIT);
    if (!dtc && meta->limit != 0)
        return tb_fail(err, errlen, path, "counting-rule limit %d: only a DTC table has one",
                       (int)meta->limit);
    int maxc = src->max_code >= 0 ? src->max_code
               : src->codes       ? max_code(src->codes, meta->npositions)
                                  : 0;
    if (dtc && (uint32_t)maxc > tb_dtc_max_entry(meta->limit))
        return tb_fail(err, errlen, path, "DTC entry %d is above %u, the largest of limit %d", maxc,
                       tb_dtc_max_entry(meta->limit), (int)meta->limit);
    enum tb_encoding enc = meta->kind != TB_DTM && !dtc ? TB_ENC_WDL5
                           : maxc <= 255                ? TB_ENC_DTM8
                                                        : TB_ENC_DTM16;
    uint32_t ppb = enc == TB_ENC_WDL5   ? 5 * TB_BLOCK_BYTES
                   : enc == TB_ENC_DTM8 ? TB_BLOCK_BYTES
                                        : TB_BLOCK_BYTES / 2;

    size_t plen = strlen(path);
    char *tmp = malloc(plen + 5);
    if (!tmp) return tb_fail(err, errlen, path, "out of memory");
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp", 5);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        tb_fail(err, errlen, tmp, "cannot create: %s", strerror(errno));
        free(tmp);
        return -1;
    }
    uint64_t bytes = 0;
    int rc = write_file(fd, tmp, meta, src, enc, ppb, maxc, &bytes, err, errlen);
    if (rc == 0 && fsync(fd) != 0) rc = tb_fail(err, errlen, tmp, "fsync: %s", strerror(errno));
    if (close(fd) != 0 && rc == 0) rc = tb_fail(err, errlen, tmp, "close: %s", strerror(errno));
    if (rc == 0 && rename(tmp, path) != 0)
        rc = tb_fail(err, errlen, path, "cannot rename %s to it: %s", tmp, strerror(errno));
    if (rc != 0)
        unlink(tmp);
    else
        sync_dir(path);
    free(tmp);
    if (rc == 0 && st) {
        st->bytes = bytes;
        st->bits_per_position =
            meta->npositions ? 8.0 * (double)bytes / (double)meta->npositions : 0;
        st->max_dtm = header_max(meta->kind, maxc);
    }
    return rc;
}
