/* A game that holds its children in part (helpers.h's struct part_game): a real game's
 * copy with an entry_part, its engine checking what it is given against the real tables. */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "helpers.h"
#include "retro.h"

#define PART_GAME_MAGIC 0x70617274u

static struct part_game *part_of(const struct game *g)
{
    struct part_game *p = (struct part_game *)((char *)g - offsetof(struct part_game, g));
    ck_assert_uint_eq(p->magic, PART_GAME_MAGIC); /* the game was not copied */
    return p;
}

static void part_entry(const struct game *g, const struct layer_key *k, uint64_t size,
                       uint64_t *first, uint64_t *count)
{
    const struct part_game *p = part_of(g);
    *first = 0, *count = size;
    if (p->part == PART_GAME_MIDDLE) *first = size / 4, *count = size / 2;
    if (p->part == PART_GAME_LOWER) *count = size / 2;
    if (p->part == PART_GAME_OWN && p->real->entry_part)
        p->real->entry_part(g, k, size, first, count);
}

/* Child kid's codes as the real game's tables give them (class codes in the counting
 * rule's pass), whole, into a new array; how many of the held part's differ counted. */
static uint16_t *child_codes(struct part_game *p, void *ix, const struct held_layer *kid, int limit,
                             char *err, size_t errlen)
{
    uint64_t n, first, count;
    if (p->real->size(&p->g, ix, &kid->k, &n, err, errlen)) return NULL;
    uint16_t *codes = malloc((n ? n : 1) * sizeof *codes);
    ck_assert_ptr_nonnull(codes);
    struct store_table t = solve_table(&kid->k, limit ? TB_DTC : TB_DTM, n, limit);
    if (store_load(&p->ref, &p->g, &t, STORE_READ, codes, NULL, err, errlen)) {
        free(codes);
        return NULL;
    }
    if (limit) solve_class_codes(codes, n, codes);
    part_entry(&p->g, &kid->k, n, &first, &count);
    uint64_t wrong = 0;
    for (uint64_t i = first; i < first + count; i++) wrong += held_code(kid, i) != codes[i];
    for (uint64_t i = 0; p->poison && i < n; i++)
        if (i < first || i >= first + count) codes[i] = 1;
    pthread_mutex_lock(p->lock);
    p->wrong += wrong;
    p->kids++;
    p->in_bytes += kid->bytes != NULL;
    p->in_part += kid->first == first && (count < n || first > 0);
    pthread_mutex_unlock(p->lock);
    return codes;
}

static int part_open(const struct game *g, void *ix, const struct layer_key *k,
                     const struct held_layer *kids, int nkids, int dtc_limit, struct retro_layer *L,
                     char *err, size_t errlen)
{
    struct part_game *p = part_of(g);
    ck_assert_int_le(nkids, PART_GAME_MAX_KIDS);
    struct held_layer whole[PART_GAME_MAX_KIDS];
    uint16_t **codes = calloc((size_t)nkids + 1, sizeof *codes);
    ck_assert_ptr_nonnull(codes);
    int rc = 0;
    for (int j = 0; j < nkids && !rc; j++) {
        codes[j] = child_codes(p, ix, &kids[j], dtc_limit, err, errlen);
        rc = codes[j] ? 0 : -1;
        whole[j] = (struct held_layer){.k = kids[j].k, .codes = codes[j]};
    }
    if (!rc) rc = p->real->engine_open(g, ix, k, whole, nkids, dtc_limit, L, err, errlen);
    pthread_mutex_lock(p->lock);
    int slot = -1;
    for (int s = 0; s < PART_GAME_MAX_OPEN && slot < 0 && !rc; s++)
        if (!p->open[s].codes) slot = s;
    if (slot >= 0) p->open[slot] = (struct part_open){L->ctx, codes, nkids};
    pthread_mutex_unlock(p->lock);
    ck_assert(rc || slot >= 0);
    if (rc) {
        for (int j = 0; j < nkids; j++) free(codes[j]);
        free(codes);
    }
    return rc;
}

/* engine_close takes no game: the one part game made last (a test makes one at a time) */
static struct part_game *the_part_game;

static void part_close(struct retro_layer *L)
{
    struct part_game *p = the_part_game;
    pthread_mutex_lock(p->lock);
    struct part_open o = {0};
    for (int s = 0; s < PART_GAME_MAX_OPEN; s++)
        if (p->open[s].codes && p->open[s].ctx == L->ctx) o = p->open[s], p->open[s].codes = NULL;
    pthread_mutex_unlock(p->lock);
    p->real->engine_close(L);
    for (int j = 0; j < o.nkids; j++) free(o.codes[j]);
    free(o.codes);
}

void part_game_make(struct part_game *p, const char *name, const char *rules,
                    const struct store_hooks *ref, enum part_game_part part, bool poison)
{
    memset(p, 0, sizeof *p);
    p->magic = PART_GAME_MAGIC;
    p->g = setup(name, rules, NULL);
    p->real = p->g.ops->layers;
    p->ops = *p->g.ops;
    p->layers = *p->real;
    p->layers.entry_part = part_entry;
    p->layers.engine_open = part_open;
    p->layers.engine_close = part_close;
    p->ops.layers = &p->layers;
    p->g.ops = &p->ops;
    p->ref = *ref;
    p->part = part;
    p->poison = poison;
    p->lock = malloc(sizeof(pthread_mutex_t));
    ck_assert_ptr_nonnull(p->lock);
    pthread_mutex_init(p->lock, NULL);
    the_part_game = p;
}

void part_game_free(struct part_game *p)
{
    pthread_mutex_destroy(p->lock);
    free(p->lock);
    the_part_game = NULL;
}
