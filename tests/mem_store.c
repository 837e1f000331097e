/* A store of tables in memory for the library's drivers (helpers.h). */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "wdl.h"

struct mem_table *mem_find(struct mem_store *m, const struct store_table *t)
{
    for (int k = 0; k < m->n; k++) {
        const struct store_table *x = &m->t[k].t;
        if (x->kind == t->kind && !memcmp(&x->key, &t->key, sizeof t->key) && x->limit == t->limit)
            return &m->t[k];
    }
    return NULL;
}

/* The entries of a stored table, or a failed test. */
const uint16_t *mem_entries(struct mem_store *m, enum tb_kind kind, int inhand, int c, int side,
                            uint64_t n)
{
    struct mem_table *f = mem_find(m, &(struct store_table){kind, TEST_KEY(inhand, c, side), n, 0});
    ck_assert_msg(f, "no table kind %d h%d c%d side %d", kind, inhand, c, side);
    ck_assert_uint_eq(f->t.npositions, n);
    return f->e;
}

int mem_load(void *arg, const struct store_table *t, enum store_mode mode, uint16_t *out,
             uint64_t *bytes, char *err, size_t errlen)
{
    struct mem_table *f = mem_find(arg, t);
    if (!f) return snprintf(err, errlen, "not stored"), STORE_ABSENT;
    if ((t->npositions && t->npositions != f->t.npositions) || (f->damaged && mode != STORE_HEADER))
        return snprintf(err, errlen, "damaged"), STORE_WRONG;
    if (mode == STORE_READ) memcpy(out, f->e, f->t.npositions * sizeof *out);
    if (bytes) *bytes = 2 * f->t.npositions;
    return STORE_OK;
}

int mem_save(void *arg, const struct store_table *t, const struct tb_source *src, uint64_t *bytes,
             char *err, size_t errlen)
{
    (void)err, (void)errlen;
    struct mem_store *m = arg;
    uint16_t *e = malloc(t->npositions * sizeof *e + 1);
    ck_assert_ptr_nonnull(e);
    if (src->codes)
        memcpy(e, src->codes, t->npositions * sizeof *e);
    else
        src->fill(src->ctx, 0, t->npositions, e);
    if (t->kind == TB_WDL) /* the codes saved, who wins kept (tb.h) */
        for (uint64_t i = 0; i < t->npositions; i++) e[i] = (uint16_t)wdl_of_code(e[i]);
    struct mem_table *f = mem_find(m, t);
    if (!f) {
        ck_assert_int_lt(m->n, (int)(sizeof m->t / sizeof m->t[0]));
        f = &m->t[m->n++];
        f->e = NULL;
    }
    free(f->e);
    *f = (struct mem_table){*t, e, false};
    m->saves++;
    if (bytes) *bytes = 2 * t->npositions;
    return 0;
}

void mem_remove(struct mem_store *m, struct mem_table *f)
{
    ck_assert_ptr_nonnull(f);
    free(f->e);
    *f = m->t[--m->n];
    m->t[m->n].e = NULL;
}

void mem_free(struct mem_store *m)
{
    for (int k = 0; k < m->n; k++) free(m->t[k].e);
    free(m);
}

/* A copy of every table, to compare a resumed run's with. */
struct mem_store *mem_copy(const struct mem_store *m)
{
    struct mem_store *c = calloc(1, sizeof *c);
    ck_assert_ptr_nonnull(c);
    for (int k = 0; k < m->n; k++) {
        c->t[k] = m->t[k];
        size_t bytes = m->t[k].t.npositions * sizeof *c->t[k].e + 1;
        ck_assert_ptr_nonnull(c->t[k].e = malloc(bytes));
        memcpy(c->t[k].e, m->t[k].e, bytes);
    }
    c->n = m->n;
    return c;
}

void mem_same(struct mem_store *a, struct mem_store *b)
{
    ck_assert_int_eq(a->n, b->n);
    for (int k = 0; k < a->n; k++) {
        const struct mem_table *x = &a->t[k], *y = mem_find(b, &x->t);
        ck_assert_msg(y && y->t.npositions == x->t.npositions &&
                          !memcmp(x->e, y->e, x->t.npositions * sizeof *x->e),
                      "table kind %d (%d, %d, %d) differs", x->t.kind, x->t.key.c[0], x->t.key.c[1],
                      x->t.key.c[2]);
    }
}
