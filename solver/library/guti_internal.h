/* libguti for guti's own commands, beside guti.h: not exported from the shared library
 * (libguti.map exports guti_* alone), not part of the public interface. */
#ifndef GUTI_INTERNAL_H
#define GUTI_INTERNAL_H

#include "guti.h"

/* guti_open, but a directory that does not exist opens as an empty one (its probes fail
 * with GUTI_ENOTABLE) rather than failing "DIR: no such directory": guti play and guti
 * serve start without tables, unvalued, when the default directory is not there. A path
 * that is there but is not a directory still fails. */
int libguti_open_absent(const char *dir, size_t cache_bytes, guti_tables **out,
                        struct guti_error *err);

#endif
