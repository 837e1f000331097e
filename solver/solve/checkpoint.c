#include "checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checksum.h"

#define MAGIC "GUTICKP3"
#define HEADER 32

static void put32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}

static uint32_t get32(const unsigned char *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The CRC of the header's first 24 bytes and the codes, a piece at a time (crc32c takes a
 * size_t). */
static uint32_t state_crc(const unsigned char *header, const retro_code *res, uint64_t n)
{
    uint32_t c = crc32c(0, header, 24);
    const unsigned char *p = (const unsigned char *)res;
    for (uint64_t left = n * sizeof *res; left;) {
        size_t k = left < (1u << 30) ? (size_t)left : (1u << 30);
        c = crc32c(c, p, k);
        p += k;
        left -= k;
    }
    return c;
}

/* All of buf to fd, or -1. */
static int write_all(int fd, const void *buf, uint64_t len)
{
    const unsigned char *p = buf;
    while (len) {
        ssize_t w = write(fd, p, len < (1u << 30) ? (size_t)len : (1u << 30));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        len -= (uint64_t)w;
    }
    return 0;
}

/* All of len bytes from fd, or -1 (errno 0 at the end of the file). */
static int read_all(int fd, void *buf, uint64_t len)
{
    unsigned char *p = buf;
    while (len) {
        ssize_t r = read(fd, p, len < (1u << 30) ? (size_t)len : (1u << 30));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            if (r == 0) errno = 0;
            return -1;
        }
        p += r;
        len -= (uint64_t)r;
    }
    return 0;
}

/* Reads the header of a file of n codes into h and checks it: NULL, or why the file is not
 * one (bad_magic: what to say when it is no file of this kind at all). */
static const char *read_header(int fd, uint64_t n, unsigned char *h, const char *bad_magic)
{
    if (read_all(fd, h, HEADER)) return "shorter than its header";
    if (!memcmp(h, MAGIC, 7) && h[7] >= '0' && h[7] <= '9' && h[7] != MAGIC[7])
        return "a checkpoint of another version of guti, whose codes this one does not read";
    if (memcmp(h, MAGIC, 8)) return bad_magic;
    if ((get32(h + 16) | (uint64_t)get32(h + 20) << 32) != n)
        return "of another number of positions";
    return NULL;
}

/* The header's levels, when they are in order (the next level at most one past the
 * highest pending). */
static bool header_levels(const unsigned char *h, int *level, int *highest)
{
    int lv = (int)get32(h + 8), hi = (int)get32(h + 12);
    if (lv < 0 || hi < 0 || lv > hi + 1) return false;
    *level = lv;
    *highest = hi;
    return true;
}

/* Once the codes are read: NULL when nothing follows them and crc, their checksum, is the
 * header's; else why not. */
static const char *check_end(int fd, const unsigned char *h, uint32_t crc)
{
    unsigned char more;
    ssize_t r = read(fd, &more, 1);
    if (r != 0) return r > 0 ? "longer than its codes" : "cannot be read to its end";
    return crc != get32(h + 24) ? "checksum mismatch" : NULL;
}

int checkpoint_save(const char *path, const retro_code *res, uint64_t n, int level, int highest,
                    char *err, size_t errlen)
{
    unsigned char h[HEADER] = {0};
    memcpy(h, MAGIC, 8);
    put32(h + 8, (uint32_t)level);
    put32(h + 12, (uint32_t)highest);
    put32(h + 16, (uint32_t)n);
    put32(h + 20, (uint32_t)(n >> 32));
    put32(h + 24, state_crc(h, res, n));
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return snprintf(err, errlen, "%s: path too long", path), -1;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return snprintf(err, errlen, "%s: cannot create: %s", tmp, strerror(errno)), -1;
    int rc = write_all(fd, h, HEADER) || write_all(fd, res, n * sizeof *res) || fsync(fd) ? -1 : 0;
    if (rc) snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
    if (close(fd) && !rc) rc = -1, snprintf(err, errlen, "%s: close: %s", tmp, strerror(errno));
    if (!rc && rename(tmp, path))
        rc = -1,
        snprintf(err, errlen, "%s: cannot rename %s to it: %s", path, tmp, strerror(errno));
    if (rc) unlink(tmp);
    return rc;
}

int checkpoint_load(const char *path, retro_code *res, uint64_t n, int *level, int *highest,
                    char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return 1;
        return snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno)), -1;
    }
    unsigned char h[HEADER];
    const char *why = read_header(fd, n, h, "not a checkpoint (bad magic)");
    if (!why && read_all(fd, res, n * sizeof *res)) why = "shorter than its codes";
    if (!why) why = check_end(fd, h, state_crc(h, res, n));
    close(fd);
    if (why) return snprintf(err, errlen, "%s: %s", path, why), -1;
    if (!header_levels(h, level, highest))
        return snprintf(err, errlen, "%s: levels %d and %d out of order", path, (int)get32(h + 8),
                        (int)get32(h + 12)),
               -1;
    return 0;
}

int checkpoint_peek(const char *path, uint64_t n, int *level, int *highest)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 1 : -1;
    unsigned char h[HEADER];
    bool ok = !read_header(fd, n, h, "") && header_levels(h, level, highest);
    close(fd);
    return ok ? 0 : -1;
}

int checkpoint_open(const char *path, uint64_t n, int *fd, char *err, size_t errlen)
{
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0) return snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno)), -1;
    unsigned char h[HEADER];
    const char *why = read_header(*fd, n, h, "not a saved slice (bad magic)");
    /* the checksum over the whole file, a piece at a time, nothing held */
    uint32_t c = why ? 0 : crc32c(0, h, 24);
    enum { PIECE = 1 << 22 };
    unsigned char *buf = why ? NULL : malloc(PIECE);
    if (!why && !buf) why = "out of memory reading it";
    for (uint64_t left = n * sizeof(retro_code); !why && left;) {
        size_t k = left < PIECE ? (size_t)left : PIECE;
        if (read_all(*fd, buf, k))
            why = errno ? "cannot be read to its end" : "shorter than its codes";
        else
            c = crc32c(c, buf, k), left -= k;
    }
    if (!why) why = check_end(*fd, h, c);
    free(buf);
    if (!why) return 0;
    close(*fd);
    *fd = -1;
    return snprintf(err, errlen, "%s: %s", path, why), -1;
}

int checkpoint_read(int fd, uint64_t first, uint64_t count, retro_code *out)
{
    unsigned char *p = (unsigned char *)out;
    off_t at = (off_t)(HEADER + first * sizeof *out);
    for (uint64_t len = count * sizeof *out; len;) {
        ssize_t r = pread(fd, p, len < (1u << 30) ? (size_t)len : (1u << 30), at);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        p += r, at += r, len -= (uint64_t)r;
    }
    return 0;
}
