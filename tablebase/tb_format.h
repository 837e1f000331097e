/*
 * The byte layout of a table file (version 1), shared by tb_write.c and tb_read.c. The
 * layout is documented in FORMAT.md; these are its numbers. All integers little-endian.
 */
#ifndef GUTI_TB_FORMAT_H
#define GUTI_TB_FORMAT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "tb.h"

#define TB_MAGIC "GUTITB\r\n" /* 8 bytes, no NUL */
#define TB_MAGIC_LEN 8
#define TB_TRAILER_MAGIC "GTBE" /* 4 bytes, no NUL */
#define TB_TRAILER_MAGIC_LEN 4
#define TB_VERSION 1

/* The header: field offsets. */
#define TB_OFF_MAGIC 0
#define TB_OFF_VERSION 8
#define TB_OFF_HEADER_SIZE 12
#define TB_OFF_GAME 16
#define TB_OFF_RULES 32
#define TB_OFF_BOARD 56
#define TB_OFF_KIND 72
#define TB_OFF_LAYER 76
#define TB_OFF_ENCODING 92
#define TB_OFF_NPOSITIONS 96
#define TB_OFF_BLOCK_POSITIONS 104
#define TB_OFF_MAX_DTM 108
#define TB_OFF_NBLOCKS 112
#define TB_OFF_FILE_SIZE 120
#define TB_OFF_LIMIT 128 /* a DTC table's counting-rule limit; 0 for the other kinds */
#define TB_OFF_HEADER_CRC 132
#define TB_HEADER_SIZE 136

#define TB_TABLE_ENTRY 16 /* per block: offset u64, compressed size u32, CRC32C u32 */
#define TB_TRAILER_SIZE 8 /* trailer magic, CRC32C of every byte before the CRC */

/* The decompressed size of the blocks guti writes, and the most a reader accepts. */
#define TB_BLOCK_BYTES 16384
#define TB_MAX_BLOCK_BYTES (1u << 20)

/* Bytes that n positions take decompressed. */
static inline uint64_t tb_enc_bytes(enum tb_encoding e, uint64_t n)
{
    return e == TB_ENC_WDL5 ? (n + 4) / 5 : e == TB_ENC_DTM8 ? n : 2 * n;
}

/* The WDL digit of a retro_code. */
static inline unsigned tb_wdl_of_code(uint16_t c)
{
    return c == 0 ? TB_ENTRY_DRAW : ((c - 1) & 1) ? TB_ENTRY_WIN : TB_ENTRY_LOSS;
}

static inline void tb_put16(unsigned char *p, uint16_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}
static inline void tb_put32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}
static inline void tb_put64(unsigned char *p, uint64_t v)
{
    for (int k = 0; k < 8; k++) p[k] = (unsigned char)(v >> (8 * k));
}
static inline uint16_t tb_get16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}
static inline uint32_t tb_get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int k = 3; k >= 0; k--) v = v << 8 | p[k];
    return v;
}
static inline uint64_t tb_get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = v << 8 | p[k];
    return v;
}

/* Writes "path: message" into err and returns -1: every error names its file. */
static inline int tb_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline int tb_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s: %s", path, msg);
    return -1;
}

/* Block access for tb_cache.c, in tb_read.c: which block holds position i, a number that
 * tells open tables apart, the buffer sizes a block needs, loading (checked as tb_probe
 * checks it) and reading an entry from a loaded block. Safe from several threads on one
 * table: they read through pread and the caller's buffers only. */
struct tbz_dctx;
uint64_t tb_block_of(const struct tb *t, uint64_t i);
uint64_t tb_serial(const struct tb *t);
size_t tb_block_buffer_sizes(const struct tb *t, size_t *compressed);
/* The bytes block b takes in the file, and decompressed. */
size_t tb_block_stored_size(const struct tb *t, uint64_t b, size_t *decompressed);
int tb_load_block(const struct tb *t, uint64_t b, unsigned char *cbuf, unsigned char *raw,
                  struct tbz_dctx *d, char *err, size_t errlen);
uint16_t tb_block_entry(const struct tb *t, const unsigned char *raw, uint64_t i);
const char *tb_path(const struct tb *t);

#endif
