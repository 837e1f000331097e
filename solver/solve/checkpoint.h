/*
 * A cyclic layer's compact solve saved midway (retro.h's save and restore), so that a solve
 * of hours resumes within its layer rather than from its start: one file, by convention
 * the layer's DTM table's path with ".ckpt" after it (the driver's), or a slice of a layer
 * shared among processes (share.h: its checkpoints, and the slices its tables are written
 * from), for any game. The file: the magic "GUTICKP3" (the 3 its version: the compact
 * engine's codes of positions not yet decided changed meaning with it, so an older file is
 * refused and its layer solved from the start), the next level to propagate, the highest
 * level pending (each 4 bytes), the number of positions (8), the CRC-32C of those 24 bytes
 * and the codes (4), 4 bytes of zeros; then the codes, 2 bytes a position, little-endian as
 * on the machines guti runs on.
 *
 * Files appear whole or not at all: written under PATH.tmp, synced, renamed. A file that
 * is short, of another layer's size, or whose checksum fails is never read as codes.
 * Errors: -1 with one line in err. Nothing is printed. Any thread, one file at a time.
 */
#ifndef GUTI_CHECKPOINT_H
#define GUTI_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "values.h"

/* Saves codes res[0..n-1] with the engine's level and highest. 0 or -1. */
int checkpoint_save(const char *path, const retro_code *res, uint64_t n, int level, int highest,
                    char *err, size_t errlen);

/* Reads a saved state of n positions back into res: 0; 1 when there is no file; -1 when
 * it cannot be used (damaged, another size: err says why), res then holding nothing to
 * rely on. */
int checkpoint_load(const char *path, retro_code *res, uint64_t n, int *level, int *highest,
                    char *err, size_t errlen);

/* The levels a saved state of n positions was saved with, from its header alone (cheap,
 * and no proof that its codes are sound: load checks them): 0; 1 when there is no file;
 * -1 when its header is not one of n positions. */
int checkpoint_peek(const char *path, uint64_t n, int *level, int *highest);

/* A saved state read in place rather than whole: a shared solve's slices (share_solve),
 * which the process writing the tables reads by ranges. open checks the file as load does
 * (its checksum over every byte, read a piece at a time) and gives a descriptor, -1 with
 * err otherwise; read copies codes first .. first + count - 1 from it, from any thread at
 * once (0, or -1 when the file ends early or cannot be read). Close fd when done. */
int checkpoint_open(const char *path, uint64_t n, int *fd, char *err, size_t errlen);
int checkpoint_read(int fd, uint64_t first, uint64_t count, retro_code *out);

#endif
