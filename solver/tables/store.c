#include "store.h"

#include <stdio.h>
#include <unistd.h>

#include "tables.h"

static const char *kind_ext(enum tb_kind kind)
{
    return kind == TB_DTM ? "dtm" : kind == TB_REACH ? "reach" : kind == TB_DTC ? "dtc" : "wdl";
}

/* The default's file and the header it must have: tables.h's names, by layer and kind. */
static void file_of(const struct game *g, const char *dir, const struct store_table *t, char *path,
                    size_t len, struct tb_meta *meta)
{
    const struct layer_key *k = &t->key;
    int limit = t->kind == TB_DTC ? t->limit : 0;
    tables_layer_path(path, len, dir, g, k, t->kind, limit);
    *meta = tables_layer_meta(g, k, t->kind, limit, t->npositions);
}

static int file_load(const struct game *g, const char *dir, const struct store_table *t,
                     enum store_mode mode, uint16_t *out, uint64_t *bytes, char *err, size_t errlen)
{
    char path[1024];
    struct tb_meta want;
    struct tb *tb;
    file_of(g, dir, t, path, sizeof path, &want);
    /* Whether the file is there tells a table never made from a damaged one: the first is
     * made without a word, the second is worth a message. */
    if (mode == STORE_HEADER && t->npositions == 0) {
        /* the size is the index's, unknown here: taken from the header, the rest checked */
        if (tb_open(path, &tb, err, errlen))
            return access(path, F_OK) == 0 ? STORE_WRONG : STORE_ABSENT;
        want.npositions = tb_get_meta(tb)->npositions;
        tb_close(tb);
    }
    if (tables_open(path, &want, &tb, err, errlen))
        return access(path, F_OK) == 0 ? STORE_WRONG : STORE_ABSENT;
    if (bytes) {
        struct tb_info info;
        tb_get_info(tb, &info);
        *bytes = info.bytes;
    }
    int rc = STORE_OK;
    if (mode == STORE_VERIFY && tb_verify(tb, err, errlen))
        rc = STORE_WRONG;
    else if (mode == STORE_READ && tb_read_all(tb, out, err, errlen))
        rc = STORE_FAILED;
    tb_close(tb);
    return rc;
}

int store_load(const struct store_hooks *h, const struct game *g, const struct store_table *t,
               enum store_mode mode, uint16_t *out, uint64_t *bytes, char *err, size_t errlen)
{
    if (bytes) *bytes = 0;
    if (h->load) return h->load(h->arg, t, mode, out, bytes, err, errlen);
    return file_load(g, h->dir, t, mode, out, bytes, err, errlen);
}

int store_save(const struct store_hooks *h, const struct game *g, const struct store_table *t,
               const struct tb_source *src, uint64_t *bytes, char *err, size_t errlen)
{
    if (bytes) *bytes = 0;
    if (h->save) return h->save(h->arg, t, src, bytes, err, errlen);
    char path[1024];
    struct tb_meta meta;
    file_of(g, h->dir, t, path, sizeof path, &meta);
    struct tb_write_stats st = {0};
    if (tb_write_source(path, &meta, src, &st, err, errlen)) return -1;
    if (bytes) *bytes = st.bytes;
    return 0;
}

bool store_exists(const struct store_hooks *h, const struct game *g, const struct store_table *t)
{
    if (h->exists) return h->exists(h->arg, t);
    if (h->load) {
        char err[400];
        return h->load(h->arg, t, STORE_HEADER, NULL, NULL, err, sizeof err) == STORE_OK;
    }
    char path[1024];
    struct tb_meta meta;
    file_of(g, h->dir, t, path, sizeof path, &meta);
    return access(path, F_OK) == 0;
}

void store_name(const struct store_hooks *h, const struct game *g, const struct store_table *t,
                char *buf, size_t len)
{
    struct tb_meta meta;
    if (h->dir) {
        file_of(g, h->dir, t, buf, len, &meta);
        return;
    }
    char layer[64];
    g->ops->layers->name(g, &t->key, layer, sizeof layer);
    snprintf(buf, len, "%s.%s", layer, kind_ext(t->kind));
}
