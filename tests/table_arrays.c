/* What the counting-rule tests share: an in-memory store for the library's drivers
 * (store.h), tables kept as arrays of entries, a WDL table keeping only who wins, as a file
 * would; and the brute force over (state, clock). */
#include <string.h>

#include "helpers.h"
#include "wdl.h"

/* For loops over many positions: ck_assert logs every check that passes. */
#define ARRAYS_CHECK(cond, ...)                                                                    \
    do {                                                                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                    \
    } while (0)

int arrays_find(const struct table_arrays *m, const struct store_table *t)
{
    for (int k = 0; k < m->n; k++)
        if (m->t[k].kind == t->kind && !memcmp(&m->t[k].key, &t->key, sizeof t->key) &&
            m->t[k].limit == t->limit)
            return k;
    return -1;
}

static int arrays_load(void *arg, const struct store_table *t, enum store_mode mode, uint16_t *out,
                       uint64_t *bytes, char *err, size_t errlen)
{
    const struct table_arrays *m = arg;
    int k = arrays_find(m, t);
    if (bytes) *bytes = 0;
    if (k < 0) return snprintf(err, errlen, "no such table"), STORE_ABSENT;
    /* a header asked for with no size: the size is the table's, as a file's header says */
    ARRAYS_CHECK(m->t[k].npositions == t->npositions || (mode == STORE_HEADER && !t->npositions),
                 "a table of another size");
    if (mode == STORE_READ) memcpy(out, m->e[k], t->npositions * sizeof *out);
    return STORE_OK;
}

static int arrays_save(void *arg, const struct store_table *t, const struct tb_source *src,
                       uint64_t *bytes, char *err, size_t errlen)
{
    struct table_arrays *m = arg;
    (void)err, (void)errlen;
    uint16_t *e = malloc((t->npositions ? t->npositions : 1) * sizeof *e);
    if (src->fill) /* in one piece: a file's blocks are the format's business */
        src->fill(src->ctx, 0, t->npositions, e);
    else
        memcpy(e, src->codes, t->npositions * sizeof *e);
    for (uint64_t i = 0; i < t->npositions && t->kind == TB_WDL; i++)
        e[i] = (uint16_t)wdl_of_code(e[i]);
    int k = arrays_find(m, t);
    if (k < 0) {
        ARRAYS_CHECK(m->n < ARRAYS_TABLES, "too many tables");
        k = m->n++;
    } else {
        free(m->e[k]);
    }
    m->t[k] = *t;
    m->e[k] = e;
    if (bytes) *bytes = 0;
    return 0;
}

void arrays_free(struct table_arrays *m)
{
    for (int k = 0; k < m->n; k++) free(m->e[k]);
}

struct store_hooks arrays_hooks(struct table_arrays *m)
{
    return (struct store_hooks){.load = arrays_load, .save = arrays_save, .arg = m};
}

void arrays_copy(struct table_arrays *to, const struct table_arrays *from)
{
    *to = *from;
    for (int k = 0; k < from->n; k++) {
        size_t bytes = (from->t[k].npositions ? from->t[k].npositions : 1) * sizeof *to->e[k];
        to->e[k] = malloc(bytes);
        memcpy(to->e[k], from->e[k], bytes);
    }
}

void arrays_assert_same(const struct table_arrays *a, const struct table_arrays *b)
{
    ck_assert_int_eq(a->n, b->n);
    for (int k = 0; k < a->n; k++)
        ck_assert(!memcmp(a->e[k], b->e[k], a->t[k].npositions * sizeof *a->e[k]));
}

/* V(p, c), as the definition says: no legal move loses; a move that ends the game wins for
 * its maker; a zeroing move is worth -V(p', 0); any other move draws when c + 1 = L, else
 * is worth -V(p', c + 1); V is the best. The values of p' at clock c + 1 are ready when
 * the clocks are taken from L - 1 down, and a capture's at clock 0 when the smaller ranks
 * come first. */
signed char *clock_values(int n, const int *first, const int *succ, const bool *capture,
                          const int *rank, int nranks, int L)
{
    signed char *V = calloc((size_t)n * (size_t)L, 1);
    for (int r = 0; r < nranks; r++)
        for (int c = L - 1; c >= 0; c--)
            for (int i = 0; i < n; i++) {
                if (rank[i] != r) continue;
                int best = -1;
                for (int j = first[i]; j < first[i + 1]; j++) {
                    int q = succ[j], v;
                    if (q < 0)
                        v = 1;
                    else if (capture[j])
                        v = -V[(size_t)q * (size_t)L];
                    else if (c + 1 == L)
                        v = 0;
                    else
                        v = -V[(size_t)q * (size_t)L + (size_t)(c + 1)];
                    if (v > best) best = v;
                }
                V[(size_t)i * (size_t)L + (size_t)c] = (signed char)best;
            }
    return V;
}
