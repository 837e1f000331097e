/* Tablebase files: CRC32C, round trips of every encoding, and every kind of damage caught. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checksum.h"
#include "helpers.h"
#include "tb.h"
#include "tb_format.h"

static uint32_t rng(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

/* Codes in runs of about runlen, with a skewed spread like a solved layer's: mostly draws
 * and short DTMs, now and then up to maxcode (which appears at least once). */
static uint16_t *make_codes(uint64_t n, uint16_t maxcode, uint32_t runlen, uint64_t seed)
{
    uint16_t *c = malloc((n ? n : 1) * sizeof *c);
    ck_assert_ptr_nonnull(c);
    uint16_t v = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint32_t r = rng(&seed);
        if (r % runlen == 0) {
            uint32_t k = rng(&seed);
            uint32_t top = k % 5 && maxcode > 12 ? 12u : maxcode;
            v = k % 3 == 0 || !maxcode ? 0 : (uint16_t)(1 + (k >> 2) % top);
        }
        c[i] = v;
    }
    if (n) c[n / 2] = maxcode; /* the largest appears */
    return c;
}

/* Entries of a DTC table of limit L in runs of about runlen, every class, mostly short
 * DTCs and now and then up to the largest, top (<= 4 + 2L, which appears at least once). */
static uint16_t *make_dtc_entries(uint64_t n, int limit, uint16_t top, uint32_t runlen,
                                  uint64_t seed)
{
    uint16_t *c = malloc((n ? n : 1) * sizeof *c);
    ck_assert_ptr_nonnull(c);
    ck_assert_uint_le(top, tb_dtc_max_entry(limit));
    uint16_t v = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (rng(&seed) % runlen == 0) {
            uint32_t k = rng(&seed);
            if (top < 3 || k % 4 == 0)
                v = (uint16_t)(k / 4 % (top < 3 ? top + 1u : 3u));
            else {
                int dmax = tb_dtc_of(top), d = (int)(k >> 3) % (k % 5 && dmax > 12 ? 13 : dmax + 1);
                v = tb_dtc_entry(k & 4, d);
                if (v > top) v = tb_dtc_entry(false, d);
            }
        }
        c[i] = v;
    }
    if (n) c[n / 2] = top;
    return c;
}

static char dir[64];

static void dir_make(void)
{
    snprintf(dir, sizeof dir, "/tmp/guti-tb-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void dir_remove(void)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    char p[512];
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (unlink(p) != 0) rmdir(p);
    }
    closedir(d);
    ck_assert_int_eq(rmdir(dir), 0);
}

static const char *file(const char *name)
{
    static char p[8][256];
    static int k;
    k = (k + 1) % 8;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static struct tb_meta meta_of(enum tb_kind kind, uint64_t n)
{
    /* (memset: the limit, and the padding, are 0 unless set) */
    struct tb_meta m;
    memset(&m, 0, sizeof m);
    snprintf(m.game, sizeof m.game, "baghchal");
    snprintf(m.rules, sizeof m.rules, "goat-pass");
    snprintf(m.board, sizeof m.board, "5x5");
    m.kind = kind;
    m.layer[0] = 0;
    m.layer[1] = 3;
    m.layer[2] = -7;
    m.layer[3] = 123456;
    m.npositions = n;
    return m;
}

static uint16_t expected(enum tb_kind kind, uint16_t c)
{
    if (kind == TB_DTM || kind == TB_DTC) return c;
    return c == 0 ? TB_ENTRY_DRAW : (c - 1) % 2 ? TB_ENTRY_WIN : TB_ENTRY_LOSS;
}

/* The largest DTM of the codes of a DTM table (DTC of the entries of a DTC table), -1 when
 * there is none. */
static int largest(enum tb_kind kind, const uint16_t *codes, uint64_t n)
{
    int m = -1;
    for (uint64_t i = 0; i < n; i++) {
        int d = kind == TB_DTC ? tb_dtc_of(codes[i]) : codes[i] - 1;
        m = d > m ? d : m;
    }
    return m;
}

static void write_table_limit(const char *path, enum tb_kind kind, int32_t limit,
                              const uint16_t *codes, uint64_t n)
{
    struct tb_meta m = meta_of(kind, n);
    m.limit = limit;
    struct tb_write_stats st;
    char err[300];
    ck_assert_msg(tb_write(path, &m, codes, &st, err, sizeof err) == 0, "%s", err);
    struct stat sb;
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_uint_eq(st.bytes, (uint64_t)sb.st_size);
    ck_assert_int_eq(st.max_dtm, largest(kind, codes, n));
}

static void write_table(const char *path, enum tb_kind kind, const uint16_t *codes, uint64_t n)
{
    write_table_limit(path, kind, 0, codes, n);
}

/* Writes codes, reopens, and checks the metadata, read_all, random probes (plain and
 * through a cache) and verify. */
static void round_trip_codes(enum tb_kind kind, int32_t limit, const uint16_t *codes, uint64_t n,
                             enum tb_encoding enc, uint64_t nblocks)
{
    const char *path = file("t.tb");
    write_table_limit(path, kind, limit, codes, n);
    ck_assert_int_ne(access(file("t.tb.tmp"), F_OK), 0);

    struct tb *t;
    char err[300];
    ck_assert_msg(tb_open(path, &t, err, sizeof err) == 0, "%s", err);
    const struct tb_meta *m = tb_get_meta(t);
    struct tb_meta want = meta_of(kind, n);
    ck_assert_str_eq(m->game, want.game);
    ck_assert_str_eq(m->rules, want.rules);
    ck_assert_str_eq(m->board, want.board);
    ck_assert_int_eq(m->kind, kind);
    for (int k = 0; k < 4; k++) ck_assert_int_eq(m->layer[k], want.layer[k]);
    ck_assert_uint_eq(m->npositions, n);
    ck_assert_int_eq(m->limit, limit);
    struct tb_info in;
    tb_get_info(t, &in);
    ck_assert_int_eq(in.encoding, enc);
    ck_assert_uint_eq(in.nblocks, nblocks);
    ck_assert_int_eq(in.max_dtm, largest(kind, codes, n));

    uint16_t *all = malloc((n ? n : 1) * sizeof *all);
    ck_assert_msg(tb_read_all(t, all, err, sizeof err) == 0, "%s", err);
    /* (ck_assert in a loop this long is slow: Check records every one) */
    for (uint64_t i = 0; i < n; i++)
        if (all[i] != expected(kind, codes[i]))
            ck_abort_msg("position %llu: %u, wrote %u", (unsigned long long)i, all[i], codes[i]);
    uint64_t s = n;
    struct tb_cache *cache;
    ck_assert_int_eq(tb_cache_new(1 << 20, &cache, err, sizeof err), 0);
    for (int k = 0; k < 300 && n; k++) {
        uint64_t i = k < 3 ? (k == 0 ? 0 : k == 1 ? n - 1 : n / 2) : rng(&s) % n;
        uint16_t e = 0xffff, ec = 0xffff;
        if (tb_probe(t, i, &e, err, sizeof err) != 0) ck_abort_msg("%s", err);
        if (tb_probe_cached(cache, t, i, &ec, err, sizeof err) != 0) ck_abort_msg("%s", err);
        if (e != all[i] || ec != all[i])
            ck_abort_msg("probe %llu: %u, cached %u, read_all %u", (unsigned long long)i, e, ec,
                         all[i]);
    }
    tb_cache_free(cache);
    uint16_t e;
    ck_assert_int_ne(tb_probe(t, n, &e, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "out of range"));
    ck_assert_msg(tb_verify(t, err, sizeof err) == 0, "%s", err);
    tb_close(t);
    free(all);
}

static void round_trip(enum tb_kind kind, uint64_t n, uint16_t maxcode, enum tb_encoding enc,
                       uint64_t nblocks)
{
    uint16_t *codes = make_codes(n, maxcode, 8, n * 31 + maxcode);
    round_trip_codes(kind, 0, codes, n, enc, nblocks);
    free(codes);
}

/* A DTC table of limit L whose largest entry is top. */
static void round_trip_dtc(uint64_t n, int32_t limit, uint16_t top, enum tb_encoding enc,
                           uint64_t nblocks)
{
    uint16_t *e = make_dtc_entries(n, limit, top, 8, n * 17 + top);
    round_trip_codes(TB_DTC, limit, e, n, enc, nblocks);
    free(e);
}

START_TEST(crc32c_values)
{
    ck_assert_uint_eq(crc32c(0, "123456789", 9), 0xE3069283u);
    ck_assert_uint_eq(crc32c_portable(0, "123456789", 9), 0xE3069283u);
    ck_assert_uint_eq(crc32c(0, "", 0), 0);
    unsigned char buf[5000];
    uint64_t s = 1;
    for (size_t k = 0; k < sizeof buf; k++) buf[k] = (unsigned char)rng(&s);
    /* hardware and table agree at every alignment and length; pieces chain */
    for (size_t off = 0; off < 9; off++)
        for (size_t len = 0; len < 300; len += 1 + len / 7) {
            uint32_t a = crc32c(0, buf + off, len);
            ck_assert_uint_eq(a, crc32c_portable(0, buf + off, len));
            for (size_t cut = 0; cut <= len; cut += 1 + len / 3) {
                uint32_t c1 = crc32c(0, buf + off, cut);
                ck_assert_uint_eq(crc32c(c1, buf + off + cut, len - cut), a);
                uint32_t c2 = crc32c_portable(0, buf + off + cut, len - cut);
                ck_assert_uint_eq(crc32c_combine(c1, c2, len - cut), a);
            }
        }
    ck_assert_uint_eq(crc32c(0, buf, sizeof buf), crc32c_portable(0, buf, sizeof buf));
    ck_assert_uint_eq(crc32c_combine(crc32c(0, buf, 1), crc32c(0, buf + 1, 4999), 4999),
                      crc32c(0, buf, sizeof buf));
}
END_TEST

START_TEST(round_trips)
{
    dir_make();
    /* DTM, one byte a position: three full blocks and a part */
    round_trip(TB_DTM, 3 * TB_BLOCK_BYTES + 777, 255, TB_ENC_DTM8, 4);
    round_trip(TB_DTM, TB_BLOCK_BYTES, 9, TB_ENC_DTM8, 1);
    /* DTM, two bytes: a code above 255 */
    round_trip(TB_DTM, 2 * (TB_BLOCK_BYTES / 2) + 5, 256, TB_ENC_DTM16, 3);
    round_trip(TB_DTM, 1000, 65001, TB_ENC_DTM16, 1);
    /* WDL, five positions a byte, with every padding of the last byte */
    round_trip(TB_WDL, 2 * (5 * TB_BLOCK_BYTES) + 3, 300, TB_ENC_WDL5, 3);
    for (uint64_t n = 2; n <= 11; n++) round_trip(TB_WDL, n, 7, TB_ENC_WDL5, 1);
    /* empty and single tables */
    round_trip(TB_DTM, 0, 0, TB_ENC_DTM8, 0);
    round_trip(TB_WDL, 0, 0, TB_ENC_WDL5, 0);
    round_trip(TB_DTM, 1, 1, TB_ENC_DTM8, 1);
    round_trip(TB_DTM, 1, 4000, TB_ENC_DTM16, 1);
    round_trip(TB_WDL, 1, 2, TB_ENC_WDL5, 1);
    dir_remove();
}
END_TEST

START_TEST(write_errors)
{
    dir_make();
    char err[300];
    uint16_t codes[3] = {1, 2, 0};
    struct tb_meta m = meta_of(TB_DTM, 3);
    /* a missing directory */
    ck_assert_int_ne(tb_write(file("no/such.tb"), &m, codes, NULL, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "no/such.tb.tmp: cannot create"));
    /* rename fails (the target is a directory): the temporary file is removed */
    ck_assert_int_eq(mkdir(file("d"), 0700), 0);
    ck_assert_int_ne(tb_write(file("d"), &m, codes, NULL, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "cannot rename"));
    ck_assert_int_ne(access(file("d.tmp"), F_OK), 0);
    /* bad metadata */
    m.kind = 5;
    ck_assert_int_ne(tb_write(file("x.tb"), &m, codes, NULL, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "unknown table kind 5"));
    m = meta_of(TB_WDL, 3);
    memset(m.rules, 'a', sizeof m.rules);
    ck_assert_int_ne(tb_write(file("x.tb"), &m, codes, NULL, err, sizeof err), 0);
    ck_assert_int_ne(access(file("x.tb"), F_OK), 0);
    /* an existing table is replaced whole */
    m = meta_of(TB_DTM, 3);
    ck_assert_int_eq(tb_write(file("x.tb"), &m, codes, NULL, err, sizeof err), 0);
    m.npositions = 2;
    codes[0] = 7;
    ck_assert_int_eq(tb_write(file("x.tb"), &m, codes, NULL, err, sizeof err), 0);
    struct tb *t;
    ck_assert_int_eq(tb_open(file("x.tb"), &t, err, sizeof err), 0);
    ck_assert_uint_eq(tb_get_meta(t)->npositions, 2);
    uint16_t e;
    ck_assert_int_eq(tb_probe(t, 0, &e, err, sizeof err), 0);
    ck_assert_uint_eq(e, 7);
    tb_close(t);
    dir_remove();
}
END_TEST

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    rewind(f);
    unsigned char *b = malloc(*n + 1);
    ck_assert_uint_eq(fread(b, 1, *n, f), *n);
    fclose(f);
    return b;
}

static void spill(const char *path, const unsigned char *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b, 1, n, f), n);
    fclose(f);
}

/* tb_open's error for these bytes, or "" when it opens. */
static const char *open_error(const char *path, const unsigned char *b, size_t n)
{
    static char err[300];
    spill(path, b, n);
    struct tb *t;
    if (tb_open(path, &t, err, sizeof err) != 0) {
        ck_assert_ptr_null(t);
        return err;
    }
    tb_close(t);
    return "";
}

static void expect_open_error(const unsigned char *b, size_t n, const char *want)
{
    const char *path = file("bad.tb");
    char full[400];
    snprintf(full, sizeof full, "%s: %s", path, want);
    ck_assert_str_eq(open_error(path, b, n), full);
}

/* Recomputes the header checksum of a whole file's bytes, as a writer of its header would. */
static void reseal_header(unsigned char *c)
{
    size_t tab = (size_t)tb_get64(c + TB_OFF_NBLOCKS) * TB_TABLE_ENTRY;
    tb_put32(c + TB_OFF_HEADER_CRC,
             crc32c(crc32c(0, c, TB_OFF_HEADER_CRC), c + TB_HEADER_SIZE, tab));
}

/* Recomputes the file checksum in the trailer, so that only what was crafted is wrong. */
static void reseal_file(unsigned char *c, size_t size)
{
    tb_put32(c + size - 4, crc32c(0, c, size - 4));
}

START_TEST(damaged_header)
{
    dir_make();
    uint64_t n = 3 * TB_BLOCK_BYTES + 10;
    uint16_t *codes = make_codes(n, 200, 8, 5);
    write_table(file("t.tb"), TB_DTM, codes, n);
    size_t size;
    unsigned char *b = slurp(file("t.tb"), &size);
    unsigned char *c = malloc(size);
    char want[100];

    memcpy(c, b, size);
    c[TB_OFF_GAME + 2] ^= 0x20;
    expect_open_error(c, size, "header checksum mismatch");
    memcpy(c, b, size);
    c[TB_HEADER_SIZE + TB_TABLE_ENTRY + 9] ^= 1; /* block 1's compressed size */
    expect_open_error(c, size, "header checksum mismatch");
    memcpy(c, b, size);
    c[TB_OFF_HEADER_CRC] ^= 0x80;
    expect_open_error(c, size, "header checksum mismatch");
    memcpy(c, b, size);
    c[TB_OFF_FILE_SIZE] ^= 1;
    expect_open_error(c, size, "header checksum mismatch");

    /* A version field changed alone is damage; a newer file, whose header checksum is
     * good, is refused by its version. So is a good header of another size. */
    memcpy(c, b, size);
    tb_put32(c + TB_OFF_VERSION, 9);
    expect_open_error(c, size, "header checksum mismatch");
    reseal_header(c);
    expect_open_error(c, size, "version 9, this guti reads version 1");
    memcpy(c, b, size);
    tb_put32(c + TB_OFF_VERSION, 65537);
    reseal_header(c);
    expect_open_error(c, size, "version 65537, this guti reads version 1");
    memcpy(c, b, size);
    tb_put32(c + TB_OFF_HEADER_SIZE, 140);
    expect_open_error(c, size, "header checksum mismatch");
    reseal_header(c);
    expect_open_error(c, size, "header size 140, version 1 has 136");
    /* Every byte of the header flipped: only the magic's own bytes say anything but
     * damage (and none says a version). */
    for (int k = 0; k < TB_HEADER_SIZE; k++) {
        memcpy(c, b, size);
        c[k] ^= 0xff;
        const char *e = open_error(file("bad.tb"), c, size);
        ck_assert_msg(strstr(e, k < TB_MAGIC_LEN ? "bad magic" : "damaged header") ||
                          (k >= TB_MAGIC_LEN && strstr(e, "header checksum mismatch")),
                      "byte %d flipped: %s", k, e);
    }
    memcpy(c, b, size);
    c[3] = 'X';
    expect_open_error(c, size, "not a guti table (bad magic)");
    expect_open_error((const unsigned char *)"P5\n3 3\n255\n", 11, "not a guti table (bad magic)");
    expect_open_error(c, 0, "not a guti table (bad magic)");

    snprintf(want, sizeof want, "truncated: %zu bytes, header says %zu", size - 1, size);
    expect_open_error(b, size - 1, want);
    snprintf(want, sizeof want, "truncated: %zu bytes, header says %zu", size / 2, size);
    expect_open_error(b, size / 2, want);
    snprintf(want, sizeof want, "truncated: 140 bytes, header says %zu", size);
    expect_open_error(b, 140, want);
    expect_open_error(b, 100, "truncated: 100 bytes, within the 136-byte header");
    /* every shorter length fails; so does extra data */
    for (size_t k = 0; k < size; k += 1 + k / 16)
        ck_assert_str_ne(open_error(file("bad.tb"), b, k), "");
    spill(file("bad.tb"), b, size);
    FILE *f = fopen(file("bad.tb"), "ab");
    fputc(0, f);
    fclose(f);
    struct tb *t;
    char err[300];
    ck_assert_int_ne(tb_open(file("bad.tb"), &t, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "header says"));
    ck_assert_int_ne(tb_open(file("missing.tb"), &t, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "missing.tb: cannot open"));
    free(b);
    free(c);
    free(codes);
    dir_remove();
}
END_TEST

START_TEST(damaged_block)
{
    dir_make();
    uint64_t n = 3 * TB_BLOCK_BYTES + 10;
    uint16_t *codes = make_codes(n, 200, 8, 6);
    const char *path = file("t.tb");
    write_table(path, TB_DTM, codes, n);
    size_t size;
    unsigned char *b = slurp(path, &size);
    const unsigned char *e1 = b + TB_HEADER_SIZE + TB_TABLE_ENTRY;
    uint64_t off = tb_get64(e1);
    uint32_t csize = tb_get32(e1 + 8);
    b[off + csize / 2] ^= 0x10;
    spill(path, b, size);

    struct tb *t;
    char err[300], want[300];
    ck_assert_msg(tb_open(path, &t, err, sizeof err) == 0, "%s", err);
    snprintf(want, sizeof want, "%s: block 1: checksum mismatch", path);
    ck_assert_int_ne(tb_verify(t, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    uint16_t *all = malloc(n * sizeof *all);
    ck_assert_int_ne(tb_read_all(t, all, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    uint16_t v;
    ck_assert_int_ne(tb_probe(t, TB_BLOCK_BYTES + 5, &v, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    /* other blocks still answer, and block 1 fails again after them */
    ck_assert_int_eq(tb_probe(t, 5, &v, err, sizeof err), 0);
    ck_assert_uint_eq(v, codes[5]);
    ck_assert_int_eq(tb_probe(t, n - 1, &v, err, sizeof err), 0);
    ck_assert_uint_eq(v, codes[n - 1]);
    ck_assert_int_ne(tb_probe(t, 2 * TB_BLOCK_BYTES - 1, &v, err, sizeof err), 0);
    tb_close(t);

    /* the file checksum in the trailer */
    b[off + csize / 2] ^= 0x10;
    b[size - 1] ^= 4;
    spill(path, b, size);
    ck_assert_msg(tb_open(path, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_ne(tb_verify(t, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s: file checksum mismatch", path);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(tb_read_all(t, all, err, sizeof err), 0);
    tb_close(t);
    free(all);
    free(b);
    free(codes);
    dir_remove();
}
END_TEST

/* Each byte of a small file flipped in turn: tb_open or tb_verify fails, and nothing read
 * from the damaged file differs from what was written. maxcode is the largest entry of a
 * DTC table of limit L. */
static void flip_every_byte(enum tb_kind kind, int32_t limit, uint64_t n, uint16_t maxcode)
{
    dir_make();
    uint16_t *codes = kind == TB_DTC ? make_dtc_entries(n, limit, maxcode, 5000, 99)
                                     : make_codes(n, maxcode, 5000, 99);
    const char *path = file("t.tb");
    write_table_limit(path, kind, limit, codes, n);
    size_t size;
    unsigned char *b = slurp(path, &size);
    uint16_t *all = malloc(n * sizeof *all);
    for (size_t k = 0; k < size; k++) {
        unsigned char x = (unsigned char)(k % 7 == 0 ? 0xff : 1u << k % 8);
        b[k] ^= x;
        spill(path, b, size);
        b[k] ^= x;
        struct tb *t;
        char err[300];
        if (tb_open(path, &t, err, sizeof err) != 0) continue;
        if (tb_verify(t, err, sizeof err) == 0) ck_abort_msg("byte %zu flipped, not caught", k);
        if (tb_read_all(t, all, err, sizeof err) == 0)
            for (uint64_t i = 0; i < n; i++)
                if (all[i] != expected(kind, codes[i]))
                    ck_abort_msg("byte %zu flipped: position %llu read wrong", k,
                                 (unsigned long long)i);
        for (uint64_t i = 0; i < n; i += 4099) {
            uint16_t v;
            if (tb_probe(t, i, &v, err, sizeof err) == 0 && v != expected(kind, codes[i]))
                ck_abort_msg("byte %zu flipped: position %llu probed wrong", k,
                             (unsigned long long)i);
        }
        tb_close(t);
    }
    free(all);
    free(b);
    free(codes);
    dir_remove();
}

/* The shared block cache answers as tb_probe does, within its bound, never keeping a
 * damaged block, and tells two tables apart even when one is closed and another opened. */
START_TEST(block_cache)
{
    dir_make();
    uint64_t n = 5 * TB_BLOCK_BYTES + 17;
    uint16_t *codes = make_codes(n, 200, 8, 11), *codes2 = make_codes(n, 90, 8, 12);
    write_table(file("a.tb"), TB_DTM, codes, n);
    write_table(file("b.tb"), TB_WDL, codes2, n);
    struct tb *a, *b;
    struct tb_cache *c;
    char err[300];
    ck_assert_msg(tb_open(file("a.tb"), &a, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(tb_open(file("b.tb"), &b, err, sizeof err) == 0, "%s", err);
    /* room for two DTM blocks: probing all over evicts all the time */
    ck_assert_int_eq(tb_cache_new(2 * TB_BLOCK_BYTES * 2 + 100, &c, err, sizeof err), 0);
    uint64_t s = 99;
    for (int k = 0; k < 3000; k++) {
        uint64_t i = rng(&s) % n;
        uint16_t x, y;
        ck_assert_int_eq(tb_probe_cached(c, a, i, &x, err, sizeof err), 0);
        ck_assert_int_eq(tb_probe_cached(c, b, i, &y, err, sizeof err), 0);
        if (x != codes[i] || y != expected(TB_WDL, codes2[i]))
            ck_abort_msg("position %llu: cached %u %u, wrote %u %u", (unsigned long long)i, x, y,
                         codes[i], codes2[i]);
    }
    struct tb_cache_stats st;
    tb_cache_get_stats(c, &st);
    ck_assert_uint_gt(st.evictions, 0);
    ck_assert_uint_le(st.bytes, 2 * TB_BLOCK_BYTES * 2 + 100);
    ck_assert_uint_eq(st.hits + st.misses, 6000);
    uint16_t v;
    ck_assert_int_ne(tb_probe_cached(c, a, n, &v, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "out of range"));
    /* b closed, a new table opened (perhaps at b's address): none of b's blocks answer */
    tb_close(b);
    write_table(file("c.tb"), TB_DTM, codes2, n);
    ck_assert_msg(tb_open(file("c.tb"), &b, err, sizeof err) == 0, "%s", err);
    for (uint64_t i = 0; i < n; i += 4099) {
        ck_assert_int_eq(tb_probe_cached(c, b, i, &v, err, sizeof err), 0);
        ck_assert_uint_eq(v, codes2[i]);
    }
    tb_close(b);
    /* a damaged block fails every time, and the others still answer */
    size_t size;
    unsigned char *bytes = slurp(file("a.tb"), &size);
    const unsigned char *e1 = bytes + TB_HEADER_SIZE + TB_TABLE_ENTRY;
    bytes[tb_get64(e1) + tb_get32(e1 + 8) / 2] ^= 0x10;
    spill(file("d.tb"), bytes, size);
    ck_assert_msg(tb_open(file("d.tb"), &b, err, sizeof err) == 0, "%s", err);
    for (int k = 0; k < 2; k++) {
        ck_assert_int_ne(tb_probe_cached(c, b, TB_BLOCK_BYTES + 5, &v, err, sizeof err), 0);
        ck_assert_ptr_nonnull(strstr(err, "block 1: checksum mismatch"));
        ck_assert_int_eq(tb_probe_cached(c, b, 5, &v, err, sizeof err), 0);
        ck_assert_uint_eq(v, codes[5]);
    }
    tb_close(b);
    /* the counters of bytes: a fresh cache's one miss reads block 2 of a, as its block
     * table says, and decompresses it whole; a second probe of it is a hit */
    tb_cache_free(c);
    ck_assert_int_eq(tb_cache_new(1 << 20, &c, err, sizeof err), 0);
    for (int k = 0; k < 2; k++)
        ck_assert_int_eq(tb_probe_cached(c, a, 2 * TB_BLOCK_BYTES + 7, &v, err, sizeof err), 0);
    tb_cache_get_stats(c, &st);
    const unsigned char *e2 = bytes + TB_HEADER_SIZE + 2 * TB_TABLE_ENTRY;
    ck_assert_uint_eq(st.hits, 1);
    ck_assert_uint_eq(st.misses, 1);
    ck_assert_uint_eq(st.bytes_read, tb_get32(e2 + 8));
    ck_assert_uint_eq(st.bytes_decompressed, TB_BLOCK_BYTES);
    ck_assert_uint_eq(st.bytes, TB_BLOCK_BYTES);
    tb_close(a);
    tb_cache_free(c);
    free(bytes);
    free(codes);
    free(codes2);
    dir_remove();
}
END_TEST

START_TEST(flips_dtm)
{
    flip_every_byte(TB_DTM, 0, 2 * (TB_BLOCK_BYTES / 2) + 100, 400);
}
END_TEST

START_TEST(flips_wdl)
{
    flip_every_byte(TB_WDL, 0, (5 * TB_BLOCK_BYTES) + 999, 30);
}
END_TEST

START_TEST(flips_dtc)
{
    /* one byte a position (L = 100), then two (L = 1000, the largest entry a loss) */
    flip_every_byte(TB_DTC, 100, 2 * TB_BLOCK_BYTES + 100, 204);
    flip_every_byte(TB_DTC, 1000, 2 * (TB_BLOCK_BYTES / 2) + 100, 2003);
}
END_TEST

START_TEST(dtc_entries)
{
    ck_assert_uint_eq(TB_DTC_DRAW, 0);
    ck_assert_uint_eq(TB_DTC_CURSED_WIN, 1);
    ck_assert_uint_eq(TB_DTC_BLESSED_LOSS, 2);
    ck_assert_uint_eq(tb_dtc_entry(false, 0), 3);
    ck_assert_uint_eq(tb_dtc_entry(true, 0), 4);
    ck_assert_uint_eq(tb_dtc_entry(false, 100), 203);
    ck_assert_uint_eq(tb_dtc_entry(true, 100), 204);
    ck_assert_uint_eq(tb_dtc_max_entry(100), 204);
    ck_assert_uint_eq(tb_dtc_max_entry(TB_DTC_MAX_LIMIT), 60004);
    for (uint16_t e = 0; e < 3; e++) {
        ck_assert(!tb_dtc_is_win(e) && !tb_dtc_is_loss(e));
        ck_assert_int_eq(tb_dtc_of(e), -1);
    }
    for (int d = 0; d <= TB_DTC_MAX_LIMIT; d += 1 + d / 3)
        for (int w = 0; w < 2; w++) {
            uint16_t e = tb_dtc_entry(w, d);
            ck_assert(tb_dtc_is_win(e) == (w == 1) && tb_dtc_is_loss(e) == (w == 0));
            ck_assert_int_eq(tb_dtc_of(e), d);
        }
}
END_TEST

START_TEST(dtc_round_trips)
{
    dir_make();
    /* one byte a position: the largest entry up to 255, a loss at DTC 126 */
    round_trip_dtc(3 * TB_BLOCK_BYTES + 777, 6, 16, TB_ENC_DTM8, 4);
    round_trip_dtc(TB_BLOCK_BYTES, 6, 15, TB_ENC_DTM8, 1);
    round_trip_dtc(2 * TB_BLOCK_BYTES + 1, 100, 204, TB_ENC_DTM8, 3);
    round_trip_dtc(1000, 80, 164, TB_ENC_DTM8, 1);
    round_trip_dtc(5000, 126, 255, TB_ENC_DTM8, 1);
    /* two bytes: a win at DTC 126, and up to 4 + 2L for L = 1000 and the largest limit */
    round_trip_dtc(5000, 126, 256, TB_ENC_DTM16, 1);
    round_trip_dtc(2 * (TB_BLOCK_BYTES / 2) + 5, 1000, 2004, TB_ENC_DTM16, 3);
    round_trip_dtc(1000, 1000, 517, TB_ENC_DTM16, 1);
    round_trip_dtc(1000, TB_DTC_MAX_LIMIT, 60004, TB_ENC_DTM16, 1);
    /* the smallest limit; no win or loss under the rule; empty and single tables */
    round_trip_dtc(700, 1, 6, TB_ENC_DTM8, 1);
    round_trip_dtc(1000, 100, TB_DTC_BLESSED_LOSS, TB_ENC_DTM8, 1);
    round_trip_dtc(1000, 100, TB_DTC_DRAW, TB_ENC_DTM8, 1);
    round_trip_dtc(0, 80, 0, TB_ENC_DTM8, 0);
    round_trip_dtc(1, 80, 4, TB_ENC_DTM8, 1);
    round_trip_dtc(1, 80, 3, TB_ENC_DTM8, 1);
    dir_remove();
}
END_TEST

struct fill_ctx {
    const uint16_t *codes;
    uint64_t fail_at; /* a fill asked for this position fails; 0: none does */
};

static int fill_from(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct fill_ctx *c = ctx;
    if (c->fail_at && first <= c->fail_at && c->fail_at < first + n) return -1;
    memcpy(out, c->codes + first, n * sizeof *out);
    return 0;
}

/* The file's bytes, or NULL when there is none. */
static unsigned char *slurp_or_null(const char *path, size_t *n)
{
    if (access(path, F_OK) != 0) return NULL;
    return slurp(path, n);
}

START_TEST(dtc_write)
{
    dir_make();
    char err[300];
    uint64_t n = 3 * (TB_BLOCK_BYTES / 2) + 11;
    uint16_t *e = make_dtc_entries(n, 1000, 2004, 8, 3);
    struct tb_meta m = meta_of(TB_DTC, n);
    /* a limit is a DTC table's, 1 to TB_DTC_MAX_LIMIT */
    int32_t bad[] = {0, -1, TB_DTC_MAX_LIMIT + 1, INT32_MIN};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char want[100];
        m.limit = bad[k];
        snprintf(want, sizeof want, "counting-rule limit %d: a DTC table needs 1 to 30000",
                 (int)bad[k]);
        ck_assert_int_ne(tb_write(file("x.tb"), &m, e, NULL, err, sizeof err), 0);
        ck_assert_msg(strstr(err, want), "%s", err);
    }
    enum tb_kind other[] = {TB_WDL, TB_DTM, TB_REACH};
    for (size_t k = 0; k < 3; k++) {
        struct tb_meta o = meta_of(other[k], 3);
        uint16_t c[3] = {1, 0, 1};
        o.limit = 5;
        ck_assert_int_ne(tb_write(file("x.tb"), &o, c, NULL, err, sizeof err), 0);
        ck_assert_msg(strstr(err, "counting-rule limit 5: only a DTC table has one"), "%s", err);
    }
    /* an entry above 4 + 2L */
    m.limit = 1001;
    ck_assert_int_eq(tb_write(file("x.tb"), &m, e, NULL, err, sizeof err), 0);
    m.limit = 1000;
    ck_assert_int_eq(tb_write(file("x.tb"), &m, e, NULL, err, sizeof err), 0);
    m.limit = 999;
    ck_assert_int_ne(tb_write(file("y.tb"), &m, e, NULL, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "DTC entry 2004 is above 2002, the largest of limit 999"), "%s", err);
    /* from a fill, the same file as from the array; a fill above its max_code fails */
    m.limit = 1000;
    struct fill_ctx ctx = {e, 0};
    struct tb_source src = {.fill = fill_from, .ctx = &ctx, .max_code = 2004};
    ck_assert_msg(tb_write_source(file("z.tb"), &m, &src, NULL, err, sizeof err) == 0, "%s", err);
    size_t nx, nz;
    unsigned char *x = slurp_or_null(file("x.tb"), &nx), *z = slurp_or_null(file("z.tb"), &nz);
    ck_assert(nx == nz && memcmp(x, z, nx) == 0);
    free(x);
    free(z);
    src.max_code = 2003;
    ck_assert_int_ne(tb_write_source(file("w.tb"), &m, &src, NULL, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "block 1: code 2004, above the largest given, 2003"), "%s", err);
    ck_assert_ptr_null(slurp_or_null(file("w.tb"), &nz));
    ck_assert_ptr_null(slurp_or_null(file("w.tb.tmp"), &nz));
    /* so does a DTM table's, which one byte a position would have cut short */
    uint16_t c[3] = {1, 300, 2};
    struct tb_meta d = meta_of(TB_DTM, 3);
    struct fill_ctx dctx = {c, 0};
    struct tb_source dsrc = {.fill = fill_from, .ctx = &dctx, .max_code = 255};
    ck_assert_int_ne(tb_write_source(file("w.tb"), &d, &dsrc, NULL, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "block 0: code 300, above the largest given, 255"), "%s", err);
    /* a fill that cannot give its codes fails the write: nothing is renamed into place */
    src.max_code = 2004;
    ctx.fail_at = m.npositions - 1;
    ck_assert_int_ne(tb_write_source(file("w.tb"), &m, &src, NULL, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "its codes could not be had from their source"), "%s", err);
    ck_assert_ptr_null(slurp_or_null(file("w.tb"), &nz));
    ck_assert_ptr_null(slurp_or_null(file("w.tb.tmp"), &nz));
    free(e);
    dir_remove();
}
END_TEST

/* Sets a header field of a copy of b and reseals the header. */
static void set_field(unsigned char *c, const unsigned char *b, size_t size, int off, int32_t v)
{
    memcpy(c, b, size);
    tb_put32(c + off, (uint32_t)v);
    reseal_header(c);
}

START_TEST(dtc_damaged_header)
{
    dir_make();
    uint64_t n = 2 * TB_BLOCK_BYTES + 10;
    uint16_t *e = make_dtc_entries(n, 100, 204, 8, 7);
    write_table_limit(file("t.tb"), TB_DTC, 100, e, n);
    size_t size;
    unsigned char *b = slurp(file("t.tb"), &size);
    unsigned char *c = malloc(size);
    ck_assert_str_eq(open_error(file("bad.tb"), b, size), "");
    /* the limit, changed alone, is damage */
    memcpy(c, b, size);
    tb_put32(c + TB_OFF_LIMIT, 99);
    expect_open_error(c, size, "header checksum mismatch");
    /* a limit out of 1..30000, in a header otherwise good */
    set_field(c, b, size, TB_OFF_LIMIT, 0);
    expect_open_error(c, size, "counting-rule limit 0 in a DTC table: it must be 1 to 30000");
    set_field(c, b, size, TB_OFF_LIMIT, 30001);
    expect_open_error(c, size, "counting-rule limit 30001 in a DTC table: it must be 1 to 30000");
    set_field(c, b, size, TB_OFF_LIMIT, -100);
    expect_open_error(c, size, "counting-rule limit -100 in a DTC table: it must be 1 to 30000");
    /* a limit below the largest DTC */
    set_field(c, b, size, TB_OFF_LIMIT, 99);
    expect_open_error(c, size, "bad largest DTC 100 for limit 99");
    set_field(c, b, size, TB_OFF_LIMIT, 30000);
    ck_assert_str_eq(open_error(file("bad.tb"), c, size), "");
    /* a largest DTC one byte a position cannot hold, or below -1 */
    set_field(c, b, size, TB_OFF_LIMIT, 1000);
    tb_put32(c + TB_OFF_MAX_DTM, 127);
    reseal_header(c);
    expect_open_error(c, size, "bad largest DTC 127 for limit 1000");
    set_field(c, b, size, TB_OFF_MAX_DTM, -2);
    expect_open_error(c, size, "bad largest DTC -2 for limit 100");
    /* another kind, whose limit is then refused, and a kind this guti does not know */
    set_field(c, b, size, TB_OFF_KIND, TB_WDL);
    expect_open_error(c, size, "counting-rule limit 100 in a WDL table: only a DTC table has one");
    set_field(c, b, size, TB_OFF_KIND, 5);
    expect_open_error(c, size, "unknown table kind 5");
    /* the largest DTC above the limit */
    set_field(c, b, size, TB_OFF_MAX_DTM, 101);
    expect_open_error(c, size, "bad largest DTC 101 for limit 100");
    /* the other kinds: a limit other than 0 */
    char want[300];
    free(b);
    enum tb_kind other[] = {TB_WDL, TB_DTM, TB_REACH};
    const char *names[] = {"WDL", "DTM", "REACH"};
    for (int k = 0; k < 3; k++) {
        uint16_t *codes = make_codes(1000, other[k] == TB_REACH ? 1 : 40, 8, 3);
        write_table(file("o.tb"), other[k], codes, 1000);
        free(codes);
        b = slurp(file("o.tb"), &size);
        c = realloc(c, size);
        ck_assert_str_eq(open_error(file("bad.tb"), b, size), "");
        set_field(c, b, size, TB_OFF_LIMIT, 5);
        snprintf(want, sizeof want, "counting-rule limit 5 in a %s table: only a DTC table has one",
                 names[k]);
        expect_open_error(c, size, want);
        set_field(c, b, size, TB_OFF_LIMIT, -1);
        snprintf(want, sizeof want,
                 "counting-rule limit -1 in a %s table: only a DTC table has one", names[k]);
        expect_open_error(c, size, want);
        free(b);
    }
    free(c);
    free(e);
    dir_remove();
}
END_TEST

/* Blocks holding more than the header allows: entries above 4 + 2L never read as data. */
START_TEST(dtc_damaged_block)
{
    dir_make();
    uint64_t n = 2 * TB_BLOCK_BYTES + 10;
    uint16_t *e = make_dtc_entries(n, 100, 204, 8, 8);
    const char *path = file("t.tb");
    write_table_limit(path, TB_DTC, 100, e, n);
    size_t size;
    unsigned char *b = slurp(path, &size);
    /* a smaller limit, and the largest DTC within it, in a good header: the entries up to
     * 204 of the blocks are above 4 + 2 * 50 */
    tb_put32(b + TB_OFF_LIMIT, 50);
    tb_put32(b + TB_OFF_MAX_DTM, 50);
    reseal_header(b);
    reseal_file(b, size);
    spill(path, b, size);
    struct tb *t;
    struct tb_cache *cache;
    char err[300], want[300];
    ck_assert_msg(tb_open(path, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(tb_get_meta(t)->limit, 50);
    ck_assert_int_eq(tb_cache_new(1 << 20, &cache, err, sizeof err), 0);
    snprintf(want, sizeof want,
             "%s: block 1: DTC entry 204 is above 104, the largest the header allows (largest "
             "DTC 50, limit 50)",
             path);
    uint16_t v = 0xffff;
    ck_assert_int_ne(tb_probe(t, n / 2, &v, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    ck_assert_int_ne(tb_probe_cached(cache, t, n / 2, &v, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    uint16_t *all = malloc(n * sizeof *all);
    ck_assert_int_ne(tb_read_all(t, all, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "is above 104, the largest the header allows"), "%s", err);
    ck_assert_int_ne(tb_verify(t, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "is above 104, the largest the header allows"), "%s", err);
    tb_close(t);

    /* a header whose largest DTC is above the blocks' opens and reads, but does not verify */
    free(e);
    e = make_dtc_entries(n, 100, 180, 8, 9);
    write_table_limit(path, TB_DTC, 100, e, n);
    free(b);
    b = slurp(path, &size);
    tb_put32(b + TB_OFF_MAX_DTM, 95);
    reseal_header(b);
    reseal_file(b, size);
    spill(path, b, size);
    ck_assert_msg(tb_open(path, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(tb_read_all(t, all, err, sizeof err) == 0, "%s", err);
    ck_assert(memcmp(all, e, n * sizeof *e) == 0);
    ck_assert_int_ne(tb_verify(t, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s: largest DTC is 88, header says 95", path);
    ck_assert_str_eq(err, want);
    tb_close(t);
    tb_cache_free(cache);
    free(all);
    free(b);
    free(e);
    dir_remove();
}
END_TEST

Suite *tablebase_suite(void)
{
    Suite *s = suite_create("tablebase");
    TCase *tc = tcase_create("tablebase");
    tcase_add_test(tc, crc32c_values);
    tcase_add_test(tc, round_trips);
    tcase_add_test(tc, write_errors);
    tcase_add_test(tc, damaged_header);
    tcase_add_test(tc, damaged_block);
    tcase_add_test(tc, flips_dtm);
    tcase_add_test(tc, flips_wdl);
    tcase_add_test(tc, block_cache);
    tcase_add_test(tc, dtc_entries);
    tcase_add_test(tc, dtc_round_trips);
    tcase_add_test(tc, dtc_write);
    tcase_add_test(tc, dtc_damaged_header);
    tcase_add_test(tc, dtc_damaged_block);
    tcase_add_test(tc, flips_dtc);
    suite_add_tcase(s, tc);
    return s;
}
