/* An in-memory store for the library's drivers (store.h), for the unit tests: tables
 * kept as arrays of entries, a WDL table keeping only who wins, as a file would. */
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
        if (m->t[k].kind == t->kind && m->t[k].captured == t->captured &&
            m->t[k].inhand == t->inhand && m->t[k].limit == t->limit)
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
    ARRAYS_CHECK(m->t[k].npositions == t->npositions, "a table of another size");
    if (mode == STORE_READ) memcpy(out, m->e[k], t->npositions * sizeof *out);
    return STORE_OK;
}

static int arrays_save(void *arg, const struct store_table *t, const struct tb_source *src,
                       uint64_t *bytes, char *err, size_t errlen)
{
    struct table_arrays *m = arg;
    (void)err, (void)errlen;
    ARRAYS_CHECK(src->codes, "the drivers save arrays");
    uint16_t *e = malloc((t->npositions ? t->npositions : 1) * sizeof *e);
    for (uint64_t i = 0; i < t->npositions; i++)
        e[i] = t->kind == TB_WDL ? (uint16_t)wdl_of_code(src->codes[i]) : src->codes[i];
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
