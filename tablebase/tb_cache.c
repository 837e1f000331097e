/* A bounded cache of decompressed blocks, shared by tables and threads (tb.h). A hash of
 * (table serial, block) to entries, and a list from the most to the least recently used,
 * under one lock. A miss reads and decompresses its block outside the lock, so that
 * threads missing at once load their blocks at once: it reserves the block's room first,
 * loads with buffers of its own (a loader, kept for the next miss), then inserts the block
 * unless another thread did meanwhile. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compress.h"
#include "tb.h"
#include "tb_format.h"

struct entry {
    uint64_t serial, block;
    unsigned char *raw;
    size_t size;
    struct entry *next_in_bucket, *newer, *older;
};

/* What one miss loads with: the compressed block's buffer and a zstd context. */
struct loader {
    unsigned char *cbuf;
    size_t cbuf_size;
    struct tbz_dctx *dctx;
    struct loader *next;
};

struct tb_cache {
    pthread_mutex_t lock;
    size_t bound, used; /* used counts the blocks being loaded too */
    struct entry **bucket;
    size_t nbuckets, nentries;
    struct entry *newest, *oldest;
    struct loader *idle; /* loaders no miss is using */
    struct tb_cache_stats st;
};

static size_t hash(uint64_t serial, uint64_t block, size_t n)
{
    uint64_t h = serial * 0x9e3779b97f4a7c15ull ^ block * 0xc2b2ae3d27d4eb4full;
    return (size_t)(h ^ h >> 29) & (n - 1);
}

int tb_cache_new(size_t bytes, struct tb_cache **out, char *err, size_t errlen)
{
    struct tb_cache *c = calloc(1, sizeof *c);
    *out = NULL;
    if (c) {
        c->bound = bytes;
        c->nbuckets = 1024;
        c->bucket = calloc(c->nbuckets, sizeof *c->bucket);
        /* one loader from the start: a cache that cannot decompress a block is no cache,
         * and is refused here rather than at its first miss */
        if ((c->idle = calloc(1, sizeof *c->idle))) c->idle->dctx = tbz_dctx_new();
    }
    if (!c || !c->bucket || !c->idle || !c->idle->dctx || pthread_mutex_init(&c->lock, NULL)) {
        if (c) {
            free(c->bucket);
            if (c->idle) tbz_dctx_free(c->idle->dctx);
            free(c->idle);
        }
        free(c);
        snprintf(err, errlen, "out of memory for a block cache");
        return -1;
    }
    *out = c;
    return 0;
}

void tb_cache_free(struct tb_cache *c)
{
    if (!c) return;
    for (struct entry *e = c->newest, *next; e; e = next) {
        next = e->older;
        free(e->raw);
        free(e);
    }
    for (struct loader *l = c->idle, *next; l; l = next) {
        next = l->next;
        free(l->cbuf);
        tbz_dctx_free(l->dctx);
        free(l);
    }
    free(c->bucket);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static void unlink_lru(struct tb_cache *c, struct entry *e)
{
    if (e->newer)
        e->newer->older = e->older;
    else
        c->newest = e->older;
    if (e->older)
        e->older->newer = e->newer;
    else
        c->oldest = e->newer;
    e->newer = e->older = NULL;
}

static void push_newest(struct tb_cache *c, struct entry *e)
{
    e->older = c->newest;
    e->newer = NULL;
    if (c->newest) c->newest->newer = e;
    c->newest = e;
    if (!c->oldest) c->oldest = e;
}

/* Pushes the least recently used entry out; its block's memory is handed back through
 * *keep when keep is not NULL and it is `size` bytes (a block of the same kind of table:
 * reusing it spares the allocator and the kernel a fresh buffer per miss), else freed. */
static void evict_oldest(struct tb_cache *c, unsigned char **keep, size_t size)
{
    struct entry *e = c->oldest;
    unlink_lru(c, e);
    struct entry **p = &c->bucket[hash(e->serial, e->block, c->nbuckets)];
    while (*p != e) p = &(*p)->next_in_bucket;
    *p = e->next_in_bucket;
    c->used -= e->size;
    c->nentries--;
    c->st.evictions++;
    if (keep && !*keep && e->size == size)
        *keep = e->raw;
    else
        free(e->raw);
    free(e);
}

/* Doubles the buckets when entries outnumber them, so that chains stay short. */
static void grow(struct tb_cache *c)
{
    size_t n = 2 * c->nbuckets;
    struct entry **b = calloc(n, sizeof *b);
    if (!b) return; /* longer chains, still correct */
    for (size_t k = 0; k < c->nbuckets; k++)
        for (struct entry *e = c->bucket[k], *next; e; e = next) {
            next = e->next_in_bucket;
            size_t h = hash(e->serial, e->block, n);
            e->next_in_bucket = b[h];
            b[h] = e;
        }
    free(c->bucket);
    c->bucket = b;
    c->nbuckets = n;
}

/* The entry of block b of table serial, moved to the front; NULL when it is not cached.
 * Called with the lock held. */
static struct entry *find(struct tb_cache *c, uint64_t serial, uint64_t b)
{
    for (struct entry *e = c->bucket[hash(serial, b, c->nbuckets)]; e; e = e->next_in_bucket)
        if (e->serial == serial && e->block == b) {
            unlink_lru(c, e);
            push_newest(c, e);
            return e;
        }
    return NULL;
}

/* Adds a loaded block, whose room is reserved already. Called with the lock held. */
static void insert(struct tb_cache *c, struct entry *e)
{
    if (c->nentries >= c->nbuckets) grow(c);
    size_t h = hash(e->serial, e->block, c->nbuckets);
    e->next_in_bucket = c->bucket[h];
    c->bucket[h] = e;
    push_newest(c, e);
    c->nentries++;
}

/* Loads block b of t into a new entry, the lock not held: the reserved buffer raw (NULL:
 * allocated here) of rsize bytes and the loader's buffers, grown to csize, the largest
 * compressed block (tb_block_buffer_sizes). NULL with err on failure, raw then freed. */
static struct entry *load(struct loader *ld, const struct tb *t, uint64_t b, unsigned char *raw,
                          size_t rsize, size_t csize, char *err, size_t errlen)
{
    struct entry *e = calloc(1, sizeof *e);
    if (!raw) raw = malloc(rsize);
    if (csize > ld->cbuf_size) {
        unsigned char *p = realloc(ld->cbuf, csize);
        if (p) ld->cbuf = p, ld->cbuf_size = csize;
    }
    if (!ld->dctx) ld->dctx = tbz_dctx_new();
    if (!e || !raw || csize > ld->cbuf_size || !ld->dctx) {
        snprintf(err, errlen, "%s: out of memory", tb_path(t));
    } else if (tb_load_block(t, b, ld->cbuf, raw, ld->dctx, err, errlen) == 0) {
        *e = (struct entry){.serial = tb_serial(t), .block = b, .raw = raw, .size = rsize};
        return e;
    }
    free(e);
    free(raw);
    return NULL; /* a damaged block is never cached */
}

int tb_probe_cached(struct tb_cache *c, const struct tb *t, uint64_t i, uint16_t *entry, char *err,
                    size_t errlen)
{
    if (i >= tb_get_meta(t)->npositions) {
        snprintf(err, errlen, "%s: position %llu out of range: the table has %llu", tb_path(t),
                 (unsigned long long)i, (unsigned long long)tb_get_meta(t)->npositions);
        return -1;
    }
    uint64_t serial = tb_serial(t), b = tb_block_of(t, i);
    pthread_mutex_lock(&c->lock);
    struct entry *e = find(c, serial, b);
    if (e) {
        c->st.hits++;
        *entry = tb_block_entry(t, e->raw, i);
        pthread_mutex_unlock(&c->lock);
        return 0;
    }
    c->st.misses++;
    /* room first, so that a block pushed out lends its buffer */
    size_t csize, rsize = tb_block_buffer_sizes(t, &csize);
    unsigned char *raw = NULL;
    while (c->oldest && c->used + rsize > c->bound) evict_oldest(c, &raw, rsize);
    c->used += rsize;
    struct loader *ld = c->idle;
    if (ld) c->idle = ld->next;
    pthread_mutex_unlock(&c->lock);

    if (!ld) ld = calloc(1, sizeof *ld);
    e = ld ? load(ld, t, b, raw, rsize, csize, err, errlen)
           : (free(raw), snprintf(err, errlen, "%s: out of memory", tb_path(t)), NULL);

    pthread_mutex_lock(&c->lock);
    if (ld) ld->next = c->idle, c->idle = ld;
    struct entry *there = e ? find(c, serial, b) : NULL; /* loaded by another thread meanwhile */
    if (!e || there) {
        c->used -= rsize;
    } else {
        size_t decompressed;
        c->st.bytes_read += tb_block_stored_size(t, b, &decompressed);
        c->st.bytes_decompressed += decompressed;
        insert(c, e);
    }
    if (e) *entry = tb_block_entry(t, (there ? there : e)->raw, i);
    pthread_mutex_unlock(&c->lock);
    if (there) {
        free(e->raw);
        free(e);
    }
    return e ? 0 : -1;
}

void tb_cache_get_stats(struct tb_cache *c, struct tb_cache_stats *st)
{
    pthread_mutex_lock(&c->lock);
    *st = c->st;
    st->bytes = c->used;
    st->blocks = c->nentries;
    pthread_mutex_unlock(&c->lock);
}
