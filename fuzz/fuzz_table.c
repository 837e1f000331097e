/* Fuzzes table files (tablebase/FORMAT.md): tb_open, tb_verify, tb_probe, tb_read_all and
 * the shared block cache on damaged files, and, through libguti, probes that read them.
 *
 * Input: one control byte, then the file (or, in build mode, what to build it from).
 *   control & 1     fix the checksums after the mutation (every block's CRC whose offset
 *                   and size are in the file, the header's, the file's), so that the
 *                   checks behind them are reached
 *   control & 2     fix the file-size field and the trailer's magic
 *   control & 4     named: the file is also put alone in a directory under names[control
 *                   >> 4] and probed through guti_open and guti_probe along a walk of the
 *                   game from a start, its moves chosen by the input's CRC
 *   control & 8     build mode: the rest is not a file but a header's numbers and the
 *                   blocks' decompressed bytes (build() below); the harness compresses
 *                   them and writes the file with every checksum right, and knows from
 *                   FORMAT.md alone whether the reader must accept it
 *
 * Checks, besides no crash, leak, hang or undefined behaviour: a table that opens and
 * verifies answers every probe, each entry within what its kind allows, the same through
 * the cache, and tb_read_all gives the same entries; in build mode, the file verifies
 * exactly when FORMAT.md says it is sound, and then reads back the bytes it was built
 * from; a library probe answers a value and DTM that are values. */
#include <omp.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checksum.h"
#include "compress.h"
#include "fuzz_util.h"
#include "guti.h"
#include "tb.h"
#include "tb_format.h"

static const struct {
    const char *name, *start;
} names[16] = {
    {"baghchal-3x3-standard-h0-c0.wdl", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h0-c0.dtm", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h0-c0-L100.dtc", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h3-c0-t.wdl", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h1-c0-g.wdl", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h1-c0-t.dtm", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h2-c0-g-L100.dtc", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h1-c0-t-L100.dtc", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h4-c0-g.wdl", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h4-c0-g.dtm", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h4-c0-g-L100.dtc", "T1T/3/T1T g 4"},
    {"baghchal-3x3-standard-h3-c0-g.wdl", "T1T/3/T1T g 4"},
    {"sixteen-optional-m1-n1.wdl", "3/3/5/5/2R2/5/1B1B1/3/3 r"},
    {"sixteen-optional-m2-n1.wdl", "3/3/5/5/2R2/5/1B1B1/3/3 r"},
    {"sixteen-optional-m2-n1.dtm", "3/3/5/5/2R2/5/1B1B1/3/3 r"},
    {"sixteen-optional-m2-n1-L80.dtc", "3/3/5/5/2R2/5/1B1B1/3/3 b"},
};

static struct tb_cache *cache;
static struct tbz_cctx *cctx;
static char path[4200], named_dir[4200];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[300];
    omp_set_num_threads(1); /* tb_verify's threads: one, as libFuzzer runs one input at a time */
    if (tb_cache_new(3 << 16, &cache, err, sizeof err) || !(cctx = tbz_cctx_new(1)))
        return fprintf(stderr, "fuzz: %s\n", err), exit(2), 0;
    snprintf(path, sizeof path, "%s/t.tb", fuzz_temp_dir());
    snprintf(named_dir, sizeof named_dir, "%s/named", fuzz_temp_dir());
    mkdir(named_dir, 0700);
    return 0;
}

static void write_file(const char *p, const uint8_t *data, size_t size)
{
    FILE *f = fopen(p, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
        perror(p);
        abort();
    }
}

/* Makes the checksums (and with sizes, the size field and trailer magic) right. */
static void fix_file(uint8_t *f, size_t n, bool crcs, bool sizes)
{
    if (n < TB_HEADER_SIZE + TB_TRAILER_SIZE) return;
    if (sizes) {
        tb_put64(f + TB_OFF_FILE_SIZE, n);
        memcpy(f + n - TB_TRAILER_SIZE, TB_TRAILER_MAGIC, TB_TRAILER_MAGIC_LEN);
    }
    if (!crcs) return;
    uint64_t nb = tb_get64(f + TB_OFF_NBLOCKS);
    if (nb <= (n - TB_HEADER_SIZE - TB_TRAILER_SIZE) / TB_TABLE_ENTRY) {
        for (uint64_t b = 0; b < nb; b++) {
            uint8_t *e = f + TB_HEADER_SIZE + b * TB_TABLE_ENTRY;
            uint64_t off = tb_get64(e);
            uint32_t cs = tb_get32(e + 8);
            if (off <= n && cs <= n - off) tb_put32(e + 12, crc32c(0, f + off, cs));
        }
        tb_put32(f + TB_OFF_HEADER_CRC, crc32c(crc32c(0, f, TB_OFF_HEADER_CRC), f + TB_HEADER_SIZE,
                                               (size_t)nb * TB_TABLE_ENTRY));
    }
    tb_put32(f + n - 4, crc32c(0, f, n - 4));
}

/* ---- Build mode ------------------------------------------------------------------------ */

struct built {
    uint8_t *file;
    size_t size;
    bool sound;        /* FORMAT.md says a reader must accept it */
    uint16_t *entries; /* what it holds, when sound */
    uint64_t n;
};

static uint16_t get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

/*
 * The rest of the input: kind and encoding (byte 0: kind 1 + b % 4, encoding 1 + b / 4 %
 * 3), npositions (u16), positions per block (u16), largest DTM (int16), limit (int16),
 * then the decompressed bytes of the blocks one after another (zeros past the input's
 * end). Whether the table is sound follows FORMAT.md, independently of tb_read.c.
 */
static void build(const uint8_t *in, size_t size, struct built *out)
{
    uint8_t h[9] = {0};
    memcpy(h, in, size < 9 ? size : 9);
    const uint8_t *raw_in = in + (size < 9 ? size : 9);
    size_t raw_len = size < 9 ? 0 : size - 9;
    uint32_t kind = 1 + h[0] % 4, enc = 1 + h[0] / 4 % 3;
    uint64_t n = get16(h + 1);
    uint32_t ppb = get16(h + 3);
    int32_t maxd = (int16_t)get16(h + 5), limit = (int16_t)get16(h + 7);
    bool wdl = kind == TB_WDL || kind == TB_REACH, dtc = kind == TB_DTC;
    bool sound = (wdl ? enc == TB_ENC_WDL5 : enc != TB_ENC_WDL5) &&
                 (dtc ? limit >= 1 && limit <= TB_DTC_MAX_LIMIT : limit == 0) && ppb > 0 &&
                 tb_enc_bytes((enum tb_encoding)enc, ppb) <= TB_MAX_BLOCK_BYTES &&
                 (enc != TB_ENC_WDL5 || ppb % 5 == 0);
    if (dtc)
        sound = sound && maxd >= -1 && maxd <= limit && (enc != TB_ENC_DTM8 || maxd <= 126);
    else
        sound = sound && maxd >= -1 && maxd <= (enc == TB_ENC_DTM8 ? 254 : 65534);
    uint32_t bppb = ppb ? ppb : 1; /* for the layout of an unsound header */
    uint64_t nb = n / bppb + (n % bppb != 0);
    out->n = n;
    if (nb > 256) { /* a file larger than the point: not tried */
        out->file = NULL;
        return;
    }
    out->entries = calloc(n ? n : 1, sizeof *out->entries);
    size_t cap = TB_HEADER_SIZE + nb * TB_TABLE_ENTRY + TB_TRAILER_SIZE;
    uint8_t *f = calloc(cap, 1);
    if (!out->entries || !f) abort();
    size_t at = TB_HEADER_SIZE + nb * TB_TABLE_ENTRY, used = 0;
    unsigned maxcode = 0;
    static const unsigned pow3[6] = {1, 3, 9, 27, 81, 243};
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t first = b * bppb, m = n - first < bppb ? n - first : bppb;
        size_t rlen = (size_t)tb_enc_bytes((enum tb_encoding)enc, m);
        uint8_t *raw = calloc(rlen ? rlen : 1, 1);
        if (!raw) abort();
        for (size_t k = 0; k < rlen && used < raw_len; k++) raw[k] = raw_in[used++];
        for (uint64_t j = 0; j < m; j++) {
            unsigned e = enc == TB_ENC_WDL5   ? raw[j / 5] / pow3[j % 5] % 3
                         : enc == TB_ENC_DTM8 ? raw[j]
                                              : get16(raw + 2 * j);
            out->entries[first + j] = (uint16_t)e;
            if (e > maxcode) maxcode = e;
        }
        if (enc == TB_ENC_WDL5) {
            for (size_t k = 0; k < rlen; k++) sound = sound && raw[k] <= 242;
            if (m % 5) sound = sound && raw[rlen - 1] < pow3[m % 5];
        }
        size_t bound = tbz_bound(rlen);
        uint8_t *z = malloc(bound);
        char err[200];
        size_t cs = z ? tbz_compress(cctx, z, bound, raw, rlen, err, sizeof err) : 0;
        if (!cs) abort();
        cap += cs;
        if (!(f = realloc(f, cap))) abort();
        memcpy(f + at, z, cs);
        uint8_t *e = f + TB_HEADER_SIZE + b * TB_TABLE_ENTRY;
        tb_put64(e, at);
        tb_put32(e + 8, (uint32_t)cs);
        tb_put32(e + 12, crc32c(0, z, cs));
        at += cs;
        free(z);
        free(raw);
    }
    if (kind == TB_DTM)
        sound = sound && maxcode == (unsigned)(maxd + 1);
    else if (dtc)
        sound = sound && maxcode <= (maxd < 0 ? 2u : 4u + 2u * (unsigned)maxd) &&
                (maxcode >= 3 ? (int32_t)(maxcode - 3) / 2 : -1) == maxd;
    memcpy(f, TB_MAGIC, TB_MAGIC_LEN);
    tb_put32(f + TB_OFF_VERSION, TB_VERSION);
    tb_put32(f + TB_OFF_HEADER_SIZE, TB_HEADER_SIZE);
    memcpy(f + TB_OFF_GAME, "baghchal", 8);
    memcpy(f + TB_OFF_RULES, "standard", 8);
    memcpy(f + TB_OFF_BOARD, "3x3", 3);
    tb_put32(f + TB_OFF_KIND, kind);
    tb_put32(f + TB_OFF_ENCODING, enc);
    tb_put64(f + TB_OFF_NPOSITIONS, n);
    tb_put32(f + TB_OFF_BLOCK_POSITIONS, ppb);
    tb_put32(f + TB_OFF_MAX_DTM, (uint32_t)maxd);
    tb_put64(f + TB_OFF_NBLOCKS, nb);
    tb_put32(f + TB_OFF_LIMIT, (uint32_t)limit);
    memcpy(f + at, TB_TRAILER_MAGIC, TB_TRAILER_MAGIC_LEN);
    fix_file(f, cap, true, true);
    out->file = f;
    out->size = cap;
    out->sound = sound;
}

/* ---- The checks ------------------------------------------------------------------------ */

/* The largest entry a sound table of this header may hold. */
static unsigned max_entry(const struct tb_meta *m, const struct tb_info *in)
{
    if (m->kind == TB_WDL || m->kind == TB_REACH) return 2;
    if (m->kind == TB_DTM) return (unsigned)(in->max_dtm + 1);
    return in->max_dtm < 0 ? TB_DTC_BLESSED_LOSS : tb_dtc_entry(true, in->max_dtm);
}

/* Opens, verifies and probes the file at p; returns whether it verified. */
static bool check_table(const char *p, uint32_t seed, const struct built *built)
{
    struct tb *t;
    char err[600];
    if (tb_open(p, &t, err, sizeof err)) {
        FUZZ_CHECK(!built || !built->sound, "a sound table does not open: %s", err);
        return false;
    }
    const struct tb_meta *m = tb_get_meta(t);
    struct tb_info in;
    tb_get_info(t, &in);
    bool ok = tb_verify(t, err, sizeof err) == 0;
    if (built)
        FUZZ_CHECK(ok == built->sound, "a table FORMAT.md calls %s %s: %s",
                   built->sound ? "sound" : "damaged", ok ? "verifies" : "does not verify",
                   ok ? "" : err);
    uint64_t n = m->npositions;
    uint64_t idx[40];
    int k = 0;
    if (n) {
        idx[k++] = 0;
        idx[k++] = n - 1;
        idx[k++] = n / 2;
        if (in.positions_per_block < n) {
            idx[k++] = in.positions_per_block - 1;
            idx[k++] = in.positions_per_block;
        }
        uint64_t x = seed | (uint64_t)seed << 32 | 1;
        while (k < 24) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            idx[k++] = x % n;
        }
    }
    idx[k++] = n; /* out of range: an error, never a read */
    unsigned top = max_entry(m, &in);
    for (int j = 0; j < k; j++) {
        uint16_t e = 0, e2 = 0;
        int rc = tb_probe(t, idx[j], &e, err, sizeof err);
        int rc2 = tb_probe_cached(cache, t, idx[j], &e2, err, sizeof err);
        if (idx[j] >= n) {
            FUZZ_CHECK(rc && rc2, "position %llu of %llu probes", (unsigned long long)idx[j],
                       (unsigned long long)n);
            continue;
        }
        FUZZ_CHECK(rc == rc2 && (rc || e == e2), "tb_probe and the cache differ at %llu",
                   (unsigned long long)idx[j]);
        if (!ok) continue;
        FUZZ_CHECK(rc == 0, "a table that verifies fails a probe: %s", err);
        FUZZ_CHECK(e <= top, "entry %u above %u, the most a %d table may hold", e, top, m->kind);
        if (built)
            FUZZ_CHECK(e == built->entries[idx[j]], "entry %llu is %u, built as %u",
                       (unsigned long long)idx[j], e, built->entries[idx[j]]);
    }
    if (n <= (1u << 20)) {
        uint16_t *all = malloc((n ? n : 1) * sizeof *all);
        if (!all) abort();
        int rc = tb_read_all(t, all, err, sizeof err);
        if (ok) {
            FUZZ_CHECK(rc == 0, "a table that verifies does not read whole: %s", err);
            for (int j = 0; j < k; j++) {
                if (idx[j] >= n) continue;
                uint16_t e;
                tb_probe(t, idx[j], &e, err, sizeof err);
                FUZZ_CHECK(all[idx[j]] == e, "tb_read_all and tb_probe differ at %llu",
                           (unsigned long long)idx[j]);
            }
            if (built)
                FUZZ_CHECK(!memcmp(all, built->entries, n * sizeof *all),
                           "tb_read_all differs from what was built");
        }
        free(all);
    }
    tb_close(t);
    return ok;
}

/* The file alone in a directory under a real table's name, probed through libguti along a
 * walk from the game's start (or a small Sixteen Soldiers position). */
static void check_named(const uint8_t *file, size_t size, int which, uint32_t seed)
{
    char p[4400];
    snprintf(p, sizeof p, "%s/%s", named_dir, names[which].name);
    write_file(p, file, size);
    guti_tables *gt;
    struct guti_error err;
    FUZZ_CHECK(!guti_open(named_dir, 1, &gt, &err), "guti_open: %s", err.message);
    struct guti_variant v[4];
    guti_variants(gt, v, 4);
    struct guti_position pos, next;
    FUZZ_CHECK(!guti_parse_fen(names[which].start, NULL, &pos, &err), "%s", err.message);
    struct guti_move *moves = malloc(256 * sizeof *moves);
    struct guti_scored_move *scored = malloc(256 * sizeof *scored);
    if (!moves || !scored) abort();
    uint64_t x = seed | 1;
    for (int ply = 0; ply < 16; ply++) {
        struct guti_result r;
        int rc = guti_probe(gt, &pos, &r, &err);
        FUZZ_CHECK(rc <= 0 && rc >= GUTI_ERANGE, "guti_probe: status %d", rc);
        if (rc == 0) {
            FUZZ_CHECK(r.value == GUTI_WIN || r.value == GUTI_DRAW || r.value == GUTI_LOSS,
                       "value %d", r.value);
            FUZZ_CHECK(r.dtm >= -1, "dtm %d", r.dtm);
            FUZZ_CHECK(r.dtc >= -1 && r.dtc_class >= GUTI_CLASS_UNKNOWN &&
                           r.dtc_class <= GUTI_CLASS_WIN,
                       "dtc %d class %d", r.dtc, r.dtc_class);
        }
        int n = 0;
        if (ply % 4 == 0) guti_probe_moves(gt, &pos, scored, 256, &n, NULL);
        if (guti_legal_moves(&pos, moves, 256, &n, NULL) || n == 0) break;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        FUZZ_CHECK(!guti_play(&pos, moves[x % (uint64_t)n].text, &next, &err), "%s", err.message);
        pos = next;
    }
    free(moves);
    free(scored);
    guti_close(gt);
    unlink(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536) return 0;
    uint8_t control = data[0];
    struct built b = {0};
    uint8_t *file;
    size_t n;
    if (control & 8) {
        build(data + 1, size - 1, &b);
        if (!b.file) return 0;
        file = b.file;
        n = b.size;
    } else {
        n = size - 1;
        file = malloc(n ? n : 1);
        if (!file) abort();
        memcpy(file, data + 1, n);
        fix_file(file, n, control & 1, control & 2);
    }
    write_file(path, file, n);
    uint32_t seed = crc32c(0, data, size);
    check_table(path, seed, control & 8 ? &b : NULL);
    if (control & 4) check_named(file, n, control >> 4, seed);
    free(file);
    free(b.entries);
    return 0;
}
