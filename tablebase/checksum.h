/*
 * CRC32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final XOR
 * 0xFFFFFFFF: the checksum of iSCSI, ext4 and SSE4.2), used for every checksum of a table.
 * crc32c("123456789") = 0xE3069283.
 *
 * With __SSE4_2__ defined (-msse4.2 or -march=native), crc32c() uses the processor's crc32
 * instruction; otherwise a table-driven version (slicing by 8). Both give the same values.
 */
#ifndef GUTI_CHECKSUM_H
#define GUTI_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/* The CRC of buf continued from crc, the CRC of what came before (0 for nothing): so
 * crc32c(crc32c(0, a, n), b, m) is the CRC of a followed by b. */
uint32_t crc32c(uint32_t crc, const void *buf, size_t len);

/* The same, always table-driven. */
uint32_t crc32c_portable(uint32_t crc, const void *buf, size_t len);

/* The CRC of A followed by B, from crc_a = CRC of A, crc_b = CRC of B and B's length. */
uint32_t crc32c_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);

#endif
