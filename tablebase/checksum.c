#include "checksum.h"

#include <pthread.h>
#include <string.h>

#ifdef __SSE4_2__
#include <nmmintrin.h>
#endif

#define POLY 0x82F63B78u

static uint32_t table[8][256]; /* table[k][b]: b followed by k zero bytes */
static uint32_t x2n[67];       /* x^(2^n) mod the polynomial, for crc32c_combine */
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* a(x) * b(x) mod the polynomial, bit-reflected. */
static uint32_t multmodp(uint32_t a, uint32_t b)
{
    uint32_t m = 1u << 31, p = 0;
    for (;;) {
        if (a & m) {
            p ^= b;
            if ((a & (m - 1)) == 0) break;
        }
        m >>= 1;
        b = b & 1 ? (b >> 1) ^ POLY : b >> 1;
    }
    return p;
}

static void init_tables(void)
{
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t c = b;
        for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ POLY : c >> 1;
        table[0][b] = c;
    }
    for (int b = 0; b < 256; b++)
        for (int k = 1; k < 8; k++)
            table[k][b] = (table[k - 1][b] >> 8) ^ table[0][table[k - 1][b] & 0xff];
    uint32_t p = 1u << 30; /* x^1 */
    x2n[0] = p;
    for (int n = 1; n < 67; n++) x2n[n] = p = multmodp(p, p);
}

uint32_t crc32c_portable(uint32_t crc, const void *buf, size_t len)
{
    pthread_once(&once, init_tables);
    const unsigned char *s = buf;
    uint32_t c = ~crc;
    for (; len && ((uintptr_t)s & 7); len--) c = (c >> 8) ^ table[0][(c ^ *s++) & 0xff];
    for (; len >= 8; len -= 8, s += 8) {
        uint32_t lo = c ^ ((uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 |
                           (uint32_t)s[3] << 24);
        c = table[7][lo & 0xff] ^ table[6][(lo >> 8) & 0xff] ^ table[5][(lo >> 16) & 0xff] ^
            table[4][lo >> 24] ^ table[3][s[4]] ^ table[2][s[5]] ^ table[1][s[6]] ^ table[0][s[7]];
    }
    for (; len; len--) c = (c >> 8) ^ table[0][(c ^ *s++) & 0xff];
    return ~c;
}

#ifdef __SSE4_2__
uint32_t crc32c(uint32_t crc, const void *buf, size_t len)
{
    const unsigned char *s = buf;
    uint64_t c = ~crc;
    for (; len && ((uintptr_t)s & 7); len--) c = _mm_crc32_u8((uint32_t)c, *s++);
    for (; len >= 8; len -= 8, s += 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        c = _mm_crc32_u64(c, w);
    }
    for (; len; len--) c = _mm_crc32_u8((uint32_t)c, *s++);
    return ~(uint32_t)c;
}
#else
uint32_t crc32c(uint32_t crc, const void *buf, size_t len)
{
    return crc32c_portable(crc, buf, len);
}
#endif

uint32_t crc32c_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b)
{
    pthread_once(&once, init_tables);
    /* Appending len_b bytes multiplies A's CRC register by x^(8 len_b). */
    uint32_t p = 1u << 31; /* x^0 */
    for (int k = 3; len_b; len_b >>= 1, k++)
        if (len_b & 1) p = multmodp(x2n[k], p);
    return multmodp(p, crc_a) ^ crc_b;
}
