/* Reading a table: tb_open checks the header, block table and size; blocks are checked
 * (CRC, exact decompressed size, valid values) every time they are decompressed. */
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

#define NO_BLOCK UINT64_MAX

struct block {
    uint64_t off;
    uint32_t csize, crc;
};

#define TB_PROBE_SLOTS 8

struct tb {
    char *path;
    int fd;
    struct tb_meta meta;
    struct tb_info info;
    uint16_t max_code;      /* the largest code or entry a block may hold: info.max_dtm + 1
                               (DTM), the largest entry of the header's DTC (DTC) */
    struct block *blocks;   /* info.nblocks */
    size_t max_raw, max_cz; /* the largest block, decompressed and compressed */
    /* tb_probe's blocks: a few, direct-mapped, since probes jump between neighbouring
     * blocks (a DTM block holds a fifth of a WDL block's positions) */
    uint64_t cached[TB_PROBE_SLOTS];
    unsigned char *raw[TB_PROBE_SLOTS], *cbuf;
    struct tbz_dctx *dctx;
    uint64_t serial; /* tells tables apart in a tb_cache, even at a reused address */
};

/* Reads n bytes at off; returns how many were read (less at the end of the file), or -1. */
static ssize_t read_at(int fd, void *buf, size_t n, uint64_t off)
{
    unsigned char *p = buf;
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, p + got, n - got, (off_t)(off + got));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) break;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

static int read_exact(const struct tb *t, void *buf, size_t n, uint64_t off, const char *what,
                      char *err, size_t errlen)
{
    ssize_t r = read_at(t->fd, buf, n, off);
    if (r < 0) return tb_fail(err, errlen, t->path, "%s: read: %s", what, strerror(errno));
    if ((size_t)r != n) return tb_fail(err, errlen, t->path, "%s: file ends early", what);
    return 0;
}

static unsigned long long ull(uint64_t v)
{
    return v;
}

/* Positions in block b. */
static uint64_t block_positions(const struct tb *t, uint64_t b)
{
    uint64_t first = b * t->info.positions_per_block;
    uint64_t left = t->meta.npositions - first;
    return left < t->info.positions_per_block ? left : t->info.positions_per_block;
}

/* A zero-padded, NUL-terminated string field. */
static bool good_string(const unsigned char *p, size_t n, char *out)
{
    const unsigned char *z = memchr(p, 0, n);
    if (!z) return false;
    for (const unsigned char *q = z; q < p + n; q++)
        if (*q) return false;
    memcpy(out, p, n);
    return true;
}

/* The checks of the header's values, once its checksum is known to be good. */
static int check_header(struct tb *t, const unsigned char *h, char *err, size_t errlen)
{
    struct tb_meta *m = &t->meta;
    struct tb_info *in = &t->info;
    if (!good_string(h + TB_OFF_GAME, sizeof m->game, m->game) ||
        !good_string(h + TB_OFF_RULES, sizeof m->rules, m->rules) ||
        !good_string(h + TB_OFF_BOARD, sizeof m->board, m->board))
        return tb_fail(err, errlen, t->path, "bad game, rules or board name in the header");
    uint32_t kind = tb_get32(h + TB_OFF_KIND), enc = tb_get32(h + TB_OFF_ENCODING);
    if (kind != TB_WDL && kind != TB_DTM && kind != TB_REACH && kind != TB_DTC)
        return tb_fail(err, errlen, t->path, "unknown table kind %u", kind);
    m->kind = (enum tb_kind)kind;
    const char *kname = kind == TB_DTM   ? "DTM"
                        : kind == TB_WDL ? "WDL"
                        : kind == TB_DTC ? "DTC"
                                         : "REACH";
    for (int k = 0; k < 4; k++) m->layer[k] = (int32_t)tb_get32(h + TB_OFF_LAYER + 4 * k);
    int32_t limit = m->limit = (int32_t)tb_get32(h + TB_OFF_LIMIT);
    bool dtc = kind == TB_DTC;
    if (dtc && (limit < 1 || limit > TB_DTC_MAX_LIMIT))
        return tb_fail(err, errlen, t->path,
                       "counting-rule limit %d in a DTC table: it must be 1 to %d", (int)limit,
                       TB_DTC_MAX_LIMIT);
    if (!dtc && limit != 0)
        return tb_fail(err, errlen, t->path,
                       "counting-rule limit %d in a %s table: only a DTC table has one", (int)limit,
                       kname);
    bool coded = kind == TB_DTM || dtc; /* one or two bytes a position */
    if (!coded ? enc != TB_ENC_WDL5 : enc != TB_ENC_DTM8 && enc != TB_ENC_DTM16)
        return tb_fail(err, errlen, t->path, "value encoding %u does not fit a %s table", enc,
                       kname);
    in->encoding = (enum tb_encoding)enc;
    m->npositions = tb_get64(h + TB_OFF_NPOSITIONS);
    uint32_t ppb = in->positions_per_block = tb_get32(h + TB_OFF_BLOCK_POSITIONS);
    if (ppb == 0 || tb_enc_bytes(in->encoding, ppb) > TB_MAX_BLOCK_BYTES ||
        (enc == TB_ENC_WDL5 && ppb % 5))
        return tb_fail(err, errlen, t->path, "bad block size: %u positions", ppb);
    int32_t maxd = (int32_t)tb_get32(h + TB_OFF_MAX_DTM);
    if (dtc) {
        /* One byte holds the entries of DTC 126 but a win's (3 + 2 * 126 = 255). */
        if (maxd < -1 || maxd > limit || (enc == TB_ENC_DTM8 && maxd > 126))
            return tb_fail(err, errlen, t->path, "bad largest DTC %d for limit %d", (int)maxd,
                           (int)limit);
        /* At most the entries of the largest DTC, hence at most 4 + 2 * limit: a block
         * holding more is damaged, never data. */
        t->max_code = (uint16_t)(maxd < 0 ? TB_DTC_BLESSED_LOSS : tb_dtc_entry(true, maxd));
    } else {
        if (maxd < -1 || maxd > (enc == TB_ENC_DTM8 ? 254 : 65534))
            return tb_fail(err, errlen, t->path, "bad largest DTM %d", (int)maxd);
        t->max_code = (uint16_t)(maxd + 1);
    }
    in->max_dtm = maxd;
    uint64_t nb = m->npositions / ppb + (m->npositions % ppb != 0);
    if (in->nblocks != nb)
        return tb_fail(err, errlen, t->path, "%llu blocks, %llu positions need %llu",
                       ull(in->nblocks), ull(m->npositions), ull(nb));
    return 0;
}

/* The block table: blocks in order, back to back, from the end of the table to the
 * trailer, each no larger than zstd can make its decompressed size. */
static int check_blocks(struct tb *t, const unsigned char *tab, char *err, size_t errlen)
{
    uint64_t expect = TB_HEADER_SIZE + t->info.nblocks * TB_TABLE_ENTRY;
    t->max_raw = t->max_cz = 0;
    for (uint64_t b = 0; b < t->info.nblocks; b++) {
        const unsigned char *e = tab + b * TB_TABLE_ENTRY;
        struct block *bl = &t->blocks[b];
        bl->off = tb_get64(e);
        bl->csize = tb_get32(e + 8);
        bl->crc = tb_get32(e + 12);
        size_t raw = (size_t)tb_enc_bytes(t->info.encoding, block_positions(t, b));
        if (bl->off != expect)
            return tb_fail(err, errlen, t->path, "block %llu: offset %llu, expected %llu", ull(b),
                           ull(bl->off), ull(expect));
        if (bl->csize == 0 || bl->csize > tbz_bound(raw))
            return tb_fail(err, errlen, t->path, "block %llu: bad compressed size %u", ull(b),
                           bl->csize);
        expect += bl->csize;
        if (expect > t->info.bytes - TB_TRAILER_SIZE)
            return tb_fail(err, errlen, t->path, "block %llu: runs past the end of the data",
                           ull(b));
        if (raw > t->max_raw) t->max_raw = raw;
        if (bl->csize > t->max_cz) t->max_cz = bl->csize;
    }
    if (expect != t->info.bytes - TB_TRAILER_SIZE)
        return tb_fail(err, errlen, t->path, "blocks end at %llu, the trailer starts at %llu",
                       ull(expect), ull(t->info.bytes - TB_TRAILER_SIZE));
    return 0;
}

static int open_checks(struct tb *t, char *err, size_t errlen)
{
    struct stat sb;
    if (fstat(t->fd, &sb) != 0) return tb_fail(err, errlen, t->path, "stat: %s", strerror(errno));
    if (!S_ISREG(sb.st_mode)) return tb_fail(err, errlen, t->path, "not a regular file");
    uint64_t size = (uint64_t)sb.st_size;
    unsigned char h[TB_HEADER_SIZE];
    ssize_t got = read_at(t->fd, h, sizeof h, 0);
    if (got < 0) return tb_fail(err, errlen, t->path, "read: %s", strerror(errno));
    if (got < TB_MAGIC_LEN || memcmp(h, TB_MAGIC, TB_MAGIC_LEN) != 0)
        return tb_fail(err, errlen, t->path, "not a guti table (bad magic)");
    /* Nothing past the magic is believed before the header checksum matches: a damaged
     * version or size field is damage, not a newer format or a truncation. The checksum
     * covers the block table too, so the block count must first fit the file. */
    if (got < TB_HEADER_SIZE)
        return tb_fail(err, errlen, t->path, "truncated: %llu bytes, within the %d-byte header",
                       ull(size), TB_HEADER_SIZE);
    uint64_t nblocks = tb_get64(h + TB_OFF_NBLOCKS), fsize = tb_get64(h + TB_OFF_FILE_SIZE);
    uint32_t version = tb_get32(h + TB_OFF_VERSION);
    t->info.nblocks = nblocks;
    t->info.bytes = size;
    bool fits = size >= TB_HEADER_SIZE + TB_TRAILER_SIZE &&
                nblocks <= (size - TB_HEADER_SIZE - TB_TRAILER_SIZE) / TB_TABLE_ENTRY;
    if (!fits) {
        /* A file cut short is the likelier story when the size field says so. */
        if (size < fsize)
            return tb_fail(err, errlen, t->path, "truncated: %llu bytes, header says %llu",
                           ull(size), ull(fsize));
        return tb_fail(err, errlen, t->path, "damaged header: %llu blocks cannot fit in %llu bytes",
                       ull(nblocks), ull(size));
    }
    size_t tabsize = (size_t)nblocks * TB_TABLE_ENTRY;
    unsigned char *tab = malloc(tabsize ? tabsize : 1);
    t->blocks = malloc(nblocks ? nblocks * sizeof *t->blocks : 1);
    if (!tab || !t->blocks) {
        free(tab);
        return tb_fail(err, errlen, t->path, "out of memory");
    }
    int rc = read_exact(t, tab, tabsize, TB_HEADER_SIZE, "block table", err, errlen);
    if (rc == 0) {
        uint32_t c = crc32c(crc32c(0, h, TB_OFF_HEADER_CRC), tab, tabsize);
        if (c != tb_get32(h + TB_OFF_HEADER_CRC))
            rc = tb_fail(err, errlen, t->path, "header checksum mismatch");
    }
    /* Every version keeps this checksum where version 1 has it (FORMAT.md,
     * "Compatibility"), so only a header that passes it can be from a newer guti. */
    if (rc == 0 && version != TB_VERSION)
        rc = tb_fail(err, errlen, t->path, "version %u, this guti reads version %d", version,
                     TB_VERSION);
    uint32_t hsize = tb_get32(h + TB_OFF_HEADER_SIZE);
    if (rc == 0 && hsize != TB_HEADER_SIZE)
        rc = tb_fail(err, errlen, t->path, "header size %u, version %d has %d", hsize, TB_VERSION,
                     TB_HEADER_SIZE);
    if (rc == 0 && size != fsize)
        rc = size < fsize ? tb_fail(err, errlen, t->path, "truncated: %llu bytes, header says %llu",
                                    ull(size), ull(fsize))
                          : tb_fail(err, errlen, t->path, "%llu bytes, header says %llu", ull(size),
                                    ull(fsize));
    if (rc == 0) rc = check_header(t, h, err, errlen);
    if (rc == 0) rc = check_blocks(t, tab, err, errlen);
    free(tab);
    if (rc != 0) return rc;
    unsigned char tr[TB_TRAILER_SIZE];
    if (read_exact(t, tr, sizeof tr, size - TB_TRAILER_SIZE, "trailer", err, errlen) != 0)
        return -1;
    if (memcmp(tr, TB_TRAILER_MAGIC, TB_TRAILER_MAGIC_LEN) != 0)
        return tb_fail(err, errlen, t->path, "bad trailer magic");
    return 0;
}

int tb_open(const char *path, struct tb **out, char *err, size_t errlen)
{
    *out = NULL;
    struct tb *t = calloc(1, sizeof *t);
    if (!t || !(t->path = strdup(path))) {
        free(t);
        return tb_fail(err, errlen, path, "out of memory");
    }
    for (int s = 0; s < TB_PROBE_SLOTS; s++) t->cached[s] = NO_BLOCK;
    static uint64_t next_serial;
#pragma omp atomic capture
    t->serial = ++next_serial;
    t->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (t->fd < 0) {
        tb_fail(err, errlen, path, "cannot open: %s", strerror(errno));
        tb_close(t);
        return -1;
    }
    if (open_checks(t, err, errlen) != 0) {
        tb_close(t);
        return -1;
    }
    t->cbuf = malloc(t->max_cz ? t->max_cz : 1);
    t->dctx = tbz_dctx_new();
    if (!t->cbuf || !t->dctx) {
        tb_fail(err, errlen, path, "out of memory");
        tb_close(t);
        return -1;
    }
    *out = t;
    return 0;
}

void tb_close(struct tb *t)
{
    if (!t) return;
    if (t->fd >= 0) close(t->fd);
    free(t->path);
    free(t->blocks);
    for (int s = 0; s < TB_PROBE_SLOTS; s++) free(t->raw[s]);
    free(t->cbuf);
    tbz_dctx_free(t->dctx);
    free(t);
}

const struct tb_meta *tb_get_meta(const struct tb *t)
{
    return &t->meta;
}

void tb_get_info(const struct tb *t, struct tb_info *info)
{
    *info = t->info;
}

/* The largest byte, and the largest little-endian uint16, of a buffer. In chunks of a fixed
 * length, which gcc vectorises at -O2. */
#define CHUNK 64

static unsigned max_u8(const unsigned char *p, size_t n)
{
    unsigned char m = 0;
    size_t k = 0;
    for (; k + CHUNK <= n; k += CHUNK) {
        unsigned char c = 0;
        for (int j = 0; j < CHUNK; j++) c = p[k + j] > c ? p[k + j] : c;
        m = c > m ? c : m;
    }
    for (; k < n; k++) m = p[k] > m ? p[k] : m;
    return m;
}

static unsigned max_u16(const unsigned char *p, size_t n)
{
    uint16_t m = 0;
    size_t k = 0;
    for (; k + CHUNK <= n; k += CHUNK) {
        uint16_t c = 0;
        for (int j = 0; j < CHUNK; j++) {
            uint16_t v = tb_get16(p + 2 * (k + j));
            c = v > c ? v : c;
        }
        m = c > m ? c : m;
    }
    for (; k < n; k++) {
        uint16_t v = tb_get16(p + 2 * k);
        m = v > m ? v : m;
    }
    return m;
}

/* Reads block b, checks its CRC, decompresses it into raw and checks its values. Returns
 * the largest code in it (0 for WDL), or -1 with the reason in err. */
static int load_block(const struct tb *t, uint64_t b, unsigned char *cbuf, unsigned char *raw,
                      struct tbz_dctx *d, char *err, size_t errlen)
{
    const struct block *bl = &t->blocks[b];
    char what[48];
    snprintf(what, sizeof what, "block %llu", ull(b));
    if (read_exact(t, cbuf, bl->csize, bl->off, what, err, errlen) != 0) return -1;
    if (crc32c(0, cbuf, bl->csize) != bl->crc)
        return tb_fail(err, errlen, t->path, "block %llu: checksum mismatch", ull(b));
    uint64_t n = block_positions(t, b);
    size_t nraw = (size_t)tb_enc_bytes(t->info.encoding, n);
    char e[200];
    if (tbz_decompress(d, raw, nraw, cbuf, bl->csize, e, sizeof e) != 0)
        return tb_fail(err, errlen, t->path, "block %llu: %s", ull(b), e);
    unsigned m = 0;
    switch (t->info.encoding) {
    case TB_ENC_WDL5:
        m = max_u8(raw, nraw);
        if (m > 242) return tb_fail(err, errlen, t->path, "block %llu: bad WDL byte %u", ull(b), m);
        /* the unused digits of the last byte are draws (0) */
        if (n % 5) {
            unsigned pow = 1;
            for (uint64_t k = 0; k < n % 5; k++) pow *= 3;
            if (raw[nraw - 1] >= pow)
                return tb_fail(err, errlen, t->path, "block %llu: bad padding", ull(b));
        }
        return 0;
    case TB_ENC_DTM8:
        m = max_u8(raw, nraw);
        break;
    case TB_ENC_DTM16:
        m = max_u16(raw, nraw / 2);
        break;
    }
    if (m > t->max_code)
        return t->meta.kind == TB_DTC
                   ? tb_fail(err, errlen, t->path,
                             "block %llu: DTC entry %u is above %u, the largest the "
                             "header allows (largest DTC %d, limit %d)",
                             ull(b), m, t->max_code, t->info.max_dtm, (int)t->meta.limit)
                   : tb_fail(err, errlen, t->path,
                             "block %llu: DTM %u is above the header's largest, %d", ull(b), m - 1,
                             t->info.max_dtm);
    return (int)m;
}

static uint16_t entry_at(const struct tb *t, const unsigned char *raw, size_t j)
{
    static const unsigned char pow3[5] = {1, 3, 9, 27, 81};
    switch (t->info.encoding) {
    case TB_ENC_WDL5:
        return (uint16_t)(raw[j / 5] / pow3[j % 5] % 3);
    case TB_ENC_DTM8:
        return raw[j];
    case TB_ENC_DTM16:
        return tb_get16(raw + 2 * j);
    }
    return 0;
}

int tb_probe(struct tb *t, uint64_t i, uint16_t *entry, char *err, size_t errlen)
{
    if (i >= t->meta.npositions)
        return tb_fail(err, errlen, t->path, "position %llu out of range: the table has %llu",
                       ull(i), ull(t->meta.npositions));
    uint64_t b = i / t->info.positions_per_block;
    int s = (int)(b % TB_PROBE_SLOTS);
    if (t->cached[s] != b) {
        t->cached[s] = NO_BLOCK;
        if (!t->raw[s] && !(t->raw[s] = malloc(t->max_raw ? t->max_raw : 1)))
            return tb_fail(err, errlen, t->path, "out of memory");
        if (load_block(t, b, t->cbuf, t->raw[s], t->dctx, err, errlen) < 0) return -1;
        t->cached[s] = b;
    }
    *entry = entry_at(t, t->raw[s], (size_t)(i - b * t->info.positions_per_block));
    return 0;
}

/* Loads every block, with threads, decoding into entries when it is not NULL. The error is
 * the first block's that failed; *maxc the largest code. */
static int scan(struct tb *t, uint16_t *entries, int *maxc, char *err, size_t errlen)
{
    uint64_t first_bad = NO_BLOCK;
    char msg[512] = "";
    int m = 0;
    uint16_t wdl[243][5]; /* a WDL byte's five entries (load_block refuses bytes above 242) */
    for (unsigned v = 0; v < 243; v++)
        for (unsigned j = 0, x = v; j < 5; j++, x /= 3) wdl[v][j] = (uint16_t)(x % 3);
#pragma omp parallel reduction(max : m) if (t->info.nblocks >= 4)
    {
        unsigned char *cbuf = malloc(t->max_cz ? t->max_cz : 1);
        unsigned char *raw = malloc(t->max_raw ? t->max_raw : 1);
        struct tbz_dctx *d = tbz_dctx_new();
        char e[512];
        bool ok = cbuf && raw && d;
        if (!ok) tb_fail(e, sizeof e, t->path, "out of memory");
#pragma omp for schedule(dynamic, 1)
        for (uint64_t b = 0; b < t->info.nblocks; b++) {
            uint64_t bad;
#pragma omp atomic read
            bad = first_bad;
            if (b > bad) continue;
            int r = ok ? load_block(t, b, cbuf, raw, d, e, sizeof e) : -1;
            if (r < 0) {
#pragma omp critical(tb_scan)
                if (b < first_bad) {
                    snprintf(msg, sizeof msg, "%s", e);
#pragma omp atomic write
                    first_bad = b;
                }
                continue;
            }
            m = r > m ? r : m;
            if (!entries) continue;
            uint64_t n = block_positions(t, b);
            uint16_t *out = entries + b * t->info.positions_per_block;
            if (t->info.encoding == TB_ENC_WDL5) {
                uint64_t k = 0;
                for (; k + 5 <= n; k += 5) memcpy(out + k, wdl[raw[k / 5]], sizeof wdl[0]);
                if (k < n) memcpy(out + k, wdl[raw[k / 5]], (n - k) * sizeof *out);
            } else if (t->info.encoding == TB_ENC_DTM8) {
                for (uint64_t k = 0; k < n; k++) out[k] = raw[k];
            } else
                for (uint64_t k = 0; k < n; k++) out[k] = tb_get16(raw + 2 * k);
        }
        free(cbuf);
        free(raw);
        tbz_dctx_free(d);
    }
    *maxc = m;
    if (first_bad != NO_BLOCK) return snprintf(err, errlen, "%s", msg), -1;
    return 0;
}

int tb_read_all(struct tb *t, uint16_t *entries, char *err, size_t errlen)
{
    int m;
    return scan(t, entries, &m, err, errlen);
}

int tb_verify(struct tb *t, char *err, size_t errlen)
{
    int m;
    if (scan(t, NULL, &m, err, errlen) != 0) return -1;
    if (t->meta.kind == TB_DTM && m != t->max_code)
        return tb_fail(err, errlen, t->path, "largest DTM is %d, header says %d", m - 1,
                       t->info.max_dtm);
    if (t->meta.kind == TB_DTC && tb_dtc_of((uint16_t)m) != t->info.max_dtm)
        return tb_fail(err, errlen, t->path, "largest DTC is %d, header says %d",
                       tb_dtc_of((uint16_t)m), t->info.max_dtm);
    /* Every byte but the stored CRC, then that CRC. */
    uint64_t end = t->info.bytes - 4;
    size_t chunk = 1 << 22;
    unsigned char *buf = malloc(chunk);
    if (!buf) return tb_fail(err, errlen, t->path, "out of memory");
    uint32_t c = 0;
    for (uint64_t off = 0; off < end; off += chunk) {
        size_t n = end - off < chunk ? (size_t)(end - off) : chunk;
        if (read_exact(t, buf, n, off, "checksum", err, errlen) != 0) {
            free(buf);
            return -1;
        }
        c = crc32c(c, buf, n);
    }
    int rc = read_exact(t, buf, 4, end, "trailer", err, errlen);
    if (rc == 0 && tb_get32(buf) != c) rc = tb_fail(err, errlen, t->path, "file checksum mismatch");
    free(buf);
    return rc;
}

/* For tb_cache.c (tb_format.h): one block at a time, into the caller's buffers. */
uint64_t tb_block_of(const struct tb *t, uint64_t i)
{
    return i / t->info.positions_per_block;
}

uint64_t tb_serial(const struct tb *t)
{
    return t->serial;
}

size_t tb_block_buffer_sizes(const struct tb *t, size_t *compressed)
{
    *compressed = t->max_cz ? t->max_cz : 1;
    return t->max_raw ? t->max_raw : 1;
}

size_t tb_block_stored_size(const struct tb *t, uint64_t b, size_t *decompressed)
{
    *decompressed = (size_t)tb_enc_bytes(t->info.encoding, block_positions(t, b));
    return t->blocks[b].csize;
}

int tb_load_block(const struct tb *t, uint64_t b, unsigned char *cbuf, unsigned char *raw,
                  struct tbz_dctx *d, char *err, size_t errlen)
{
    return load_block(t, b, cbuf, raw, d, err, errlen) < 0 ? -1 : 0;
}

uint16_t tb_block_entry(const struct tb *t, const unsigned char *raw, uint64_t i)
{
    return entry_at(t, raw, (size_t)(i - tb_block_of(t, i) * t->info.positions_per_block));
}

const char *tb_path(const struct tb *t)
{
    return t->path;
}
