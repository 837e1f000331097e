/*
 * Tablebase files: one solved layer of a game, its value for every position index, in a
 * compressed, checksummed file that answers one position by decompressing one block.
 * The byte layout is in tablebase/FORMAT.md.
 *
 * Values. tb_write takes one retro_code (solver/retro.h) per position: 0 a draw, otherwise
 * DTM + 1, where DTM counts half-moves to the end of the game with the winner hurrying and
 * the loser delaying; the side to move wins when DTM is odd and loses when it is even. A
 * table keeps either
 *   TB_DTM  every code exactly: what tb_probe and tb_read_all give back is what was
 *           written, bit for bit; or
 *   TB_WDL  only who wins: the entries read back are TB_ENTRY_DRAW, TB_ENTRY_LOSS or
 *           TB_ENTRY_WIN, for the side to move (roughly 1.6 bits a position before
 *           compression, against 8 or 16 for DTM).
 * A TB_DTC table is the counting rule's: tb_write takes, and tb_probe and tb_read_all give
 * back exactly, one TB_DTC_* entry per position (below), the position's class at clock 0
 * under the rule of limit meta->limit and, for a win or a loss under it, its DTC.
 *
 * Errors. Every function that can fail returns 0 on success and -1 on failure, with one
 * line in err (errlen bytes, always NUL-terminated when errlen > 0) naming the file and
 * what is wrong, for example
 *   tables/x.wdl: not a guti table (bad magic)
 *   tables/x.wdl: version 9, this guti reads version 1
 *   tables/x.wdl: truncated: 1234 bytes, header says 5678
 *   tables/x.wdl: header checksum mismatch
 *   tables/x.wdl: block 3: checksum mismatch
 * A damaged file never crashes the reader nor makes it read out of bounds, and no entry is
 * ever returned from a block whose checksum does not match. tb_open checks the header, the
 * block table and the file's size; tb_verify checks every byte.
 *
 * Threads. tb_write compresses with OpenMP threads. A struct tb is not thread-safe: one
 * handle per thread (tb_probe keeps the last block it decompressed in the handle). Any
 * number of handles may be open on one file.
 */
#ifndef GUTI_TB_H
#define GUTI_TB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a table keeps. */
enum tb_kind { TB_WDL = 1, TB_DTM = 2, TB_REACH = 3, TB_DTC = 4 };

/* A TB_REACH table says which positions some game from the start reaches: written from
 * codes 0 (not reached) and 1 (reached), read back as those entries; stored like WDL. */

/* The entries of a WDL table, for the side to move. */
#define TB_ENTRY_DRAW 0
#define TB_ENTRY_LOSS 1
#define TB_ENTRY_WIN 2

/* A TB_DTC table: the values under the counting rule with limit L (meta->limit: 100
 * half-moves in Bagh-Chal, 80 in Sixteen Soldiers, or another), for the side to move at
 * clock 0. A position is drawn, a win or loss the rule turns into a draw (cursed, blessed),
 * or a win or loss under the rule with its DTC d, 0 <= d <= L: the half-moves to the next
 * zeroing move or the end of the game, the winner hurrying and the loser delaying. The
 * entries, written and read back as they are:
 *   TB_DTC_DRAW          0  a draw without the rule too;
 *   TB_DTC_CURSED_WIN    1  a win without the rule, a draw under it;
 *   TB_DTC_BLESSED_LOSS  2  a loss without the rule, a draw under it;
 *   3 + 2d / 4 + 2d         a loss / a win under the rule, DTC d (tb_dtc_entry).
 * The largest is 4 + 2L; the reader refuses a block holding more. A DTC's parity does not
 * say who wins (a zeroing move counts one half-move whoever makes it), hence the low bit.
 * A win or loss entry is the engine's counting-rule code (solver/core/values.h) + 2. */
#define TB_DTC_DRAW 0
#define TB_DTC_CURSED_WIN 1
#define TB_DTC_BLESSED_LOSS 2
#define TB_DTC_MAX_LIMIT 30000 /* so that 4 + 2L fits a uint16 */

static inline uint16_t tb_dtc_entry(bool win, int dtc)
{
    return (uint16_t)(3 + 2 * dtc + win);
}
static inline bool tb_dtc_is_win(uint16_t e)
{
    return e >= 3 && e % 2 == 0;
}
static inline bool tb_dtc_is_loss(uint16_t e)
{
    return e >= 3 && e % 2 == 1;
}
/* The DTC of a win or loss under the rule; -1 for the other entries. */
static inline int tb_dtc_of(uint16_t e)
{
    return e >= 3 ? (e - 3) / 2 : -1;
}
/* The largest entry a table of limit L may hold. */
static inline uint32_t tb_dtc_max_entry(int32_t limit)
{
    return 4 + 2 * (uint32_t)limit;
}

/* What a table is of. The strings are NUL-terminated within their arrays. */
struct tb_meta {
    char game[16];  /* "baghchal", "sixteen" */
    char rules[24]; /* "standard", "goat-pass", "optional", ... */
    char board[16]; /* "5x5", ... */
    enum tb_kind kind;
    int32_t layer[4];    /* the game's coordinates of the layer, e.g. Bagh-Chal's
                            (goats in hand, goats captured, 0, 0); unused ones 0 */
    uint64_t npositions; /* positions 0..npositions-1, numbered by the game's index */
    int32_t limit;       /* a TB_DTC table's counting-rule limit L, 1..TB_DTC_MAX_LIMIT;
                            0 for every other kind */
};

struct tb_write_stats {
    uint64_t bytes;           /* size of the file */
    double bits_per_position; /* 8 * bytes / npositions; 0 for an empty table */
    int max_dtm;              /* the largest DTM among the codes, -1 when all are draws;
                                 for a DTC table the largest DTC, -1 when no entry is a win
                                 or loss under the rule */
};

/* Writes codes[0..meta->npositions-1] (a retro_code each, a TB_DTC_* entry each for a DTC
 * table; codes may be NULL when there are none) as a table of meta->kind to path. A DTC
 * table needs 1 <= meta->limit <= TB_DTC_MAX_LIMIT and no entry above
 * tb_dtc_max_entry(meta->limit); any other kind meta->limit 0. The file appears whole or not at
 * all: it is written to path.tmp, synced and renamed to path; on failure path.tmp is removed and
 * path left as it was. st may be NULL. */
int tb_write(const char *path, const struct tb_meta *meta, const uint16_t *codes,
             struct tb_write_stats *st, char *err, size_t errlen);

/* Where tb_write_source takes the codes from: an array, or a function that fills
 * out[0..n-1] with the codes of positions first..first+n-1 (called from several threads
 * at once, for disjoint ranges) and returns 0, or -1 when it could not: the write then
 * fails, and nothing is renamed into place. max_code is the largest code (the largest entry for a
 * DTC table), or -1 to have it computed (arrays only); a code above it fails the write. */
struct tb_source {
    const uint16_t *codes;
    int (*fill)(void *ctx, uint64_t first, size_t n, uint16_t *out);
    void *ctx;
    int max_code;
};

/* tb_write from a source: for tables whose values are not held as one code array. */
int tb_write_source(const char *path, const struct tb_meta *meta, const struct tb_source *src,
                    struct tb_write_stats *st, char *err, size_t errlen);

struct tb;

/* Opens a table, checking its header, block table and size (not its blocks: see
 * tb_verify). */
int tb_open(const char *path, struct tb **out, char *err, size_t errlen);

const struct tb_meta *tb_get_meta(const struct tb *t);

/* How the values are stored (FORMAT.md, "value encoding"). */
enum tb_encoding { TB_ENC_WDL5 = 1, TB_ENC_DTM8 = 2, TB_ENC_DTM16 = 3 };

struct tb_info {
    enum tb_encoding encoding;
    uint32_t positions_per_block;
    uint64_t nblocks;
    uint64_t bytes; /* size of the file */
    int max_dtm;    /* the largest DTM of the codes written, -1 when all were draws; for
                       a DTC table the largest DTC, -1 when no entry is a win or loss */
};

void tb_get_info(const struct tb *t, struct tb_info *info);

/* The entry of position i (< npositions): a retro_code for a DTM table, a TB_ENTRY_* for a
 * WDL table, a TB_DTC_* entry for a DTC table. Decompresses i's block unless it is the one the last
 * probe used. */
int tb_probe(struct tb *t, uint64_t i, uint16_t *entry, char *err, size_t errlen);

/* Every entry, into entries[0..npositions-1] (decompressed with OpenMP threads). On
 * failure entries holds nothing to rely on. */
int tb_read_all(struct tb *t, uint16_t *entries, char *err, size_t errlen);

/* Checks the whole file: the checksum of every block and of the whole file, that every
 * block decompresses to the size the header implies and holds valid values, and, for a
 * DTM (DTC) table, that the largest DTM (DTC) is the header's. */
int tb_verify(struct tb *t, char *err, size_t errlen);

/* Closes the handle; t may be NULL. */
void tb_close(struct tb *t);

/* A cache of decompressed blocks shared by any number of tables and threads, holding at
 * most about `bytes` of them (the least recently used go first; one block at the least).
 * tb_probe_cached answers as tb_probe does, through the cache: safe to call from several
 * threads at once, on the same tables or others (each call holds the cache's lock while it
 * reads and decompresses a missing block). A table's blocks stay in the cache after
 * tb_close until they are pushed out; they are never mistaken for another table's. */
struct tb_cache;

int tb_cache_new(size_t bytes, struct tb_cache **out, char *err, size_t errlen);
void tb_cache_free(struct tb_cache *c);
int tb_probe_cached(struct tb_cache *c, const struct tb *t, uint64_t i, uint16_t *entry, char *err,
                    size_t errlen);

/* What the cache holds and has done, for benchmarks and tests: probes answered from a block
 * in memory (hits) or by loading one (misses), the blocks pushed out, the bytes the misses
 * read from files and decompressed, and what it holds now. */
struct tb_cache_stats {
    uint64_t hits, misses, evictions;
    uint64_t bytes_read, bytes_decompressed;
    size_t bytes, blocks;
};
void tb_cache_get_stats(struct tb_cache *c, struct tb_cache_stats *st);

#endif
