/* The explorer page's files (tools/web/), compiled into the binary by scripts/embed.sh
 * into build/gen/web_assets.c: no file is read at run time and no request leaves the
 * machine. */
#ifndef GUTI_WEB_ASSETS_H
#define GUTI_WEB_ASSETS_H

#include <stddef.h>

struct web_asset {
    const char *path; /* as requested: "/", "/app.js", "/style.css" */
    const char *content_type;
    const unsigned char *data;
    size_t size;
};

extern const struct web_asset web_assets[];
extern const int web_asset_count;

#endif
