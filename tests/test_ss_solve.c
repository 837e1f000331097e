/* The library's Sixteen Soldiers driver (ss_solve.h).
 *
 * Its counting rule (ss_solve_dtc) against a brute force over (position, clock) states
 * written plainly from the definitions of issue 12 and docs/rules.md, "Counting rules":
 * every raw position with up to 4 pieces, both rule sets, with limits small enough that
 * cursed wins and blessed losses occur; and, with a limit above every DTM, the classes are
 * exactly the values without the rule. The brute force plays the game's own move generator
 * (sixteen.c), not the layers' (ss_layers.c) the driver runs on.
 *
 * One material solved by several processes together (ss_solve_shared), the processes played
 * by threads (share_sim.h): every material up to 5 pieces, shared by 1, 2, 3 or 4 of them in
 * turn and reading the smaller ones from its own directory, gives the tables ss_solve
 * writes, byte for byte, and its figures; read back when stored; refused alike by every part
 * when it cannot be done; when one part fails alone, it says why, the others that it failed,
 * and nothing is left; stopped midway, taken up from every part's checkpoint, or started
 * afresh when one is damaged. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "share_sim.h"
#include "ss_checkpoint.h"
#include "ss_layers.h"
#include "ss_solve.h"
#include "tables.h"

/* The path of material {m, n}'s table of that kind in dir. */
static void material_path(char *buf, size_t len, const char *dir, const struct game *g, int m,
                          int n, enum tb_kind kind)
{
    struct layer_key k = {{m, n, 0, 0}};
    tables_layer_path(buf, len, dir, g, &k, kind, 0);
}

enum { LOSS = -1, DRAW = 0, WIN = 1 };
#define DTC_PIECES 4

/* Every raw position (A to move, B the other side; colours do not matter) with both sides
 * on the board and at most DTC_PIECES pieces, sorted, and its successors. */
struct states {
    int n;
    bits_t (*pos)[2];
    int *first, *succ; /* successors of i: succ[first[i]..first[i+1]-1], -1 the game won */
    bool *capture;     /* per successor: a zeroing move (a capture) */
};

static int cmp_pos(const void *x, const void *y)
{
    const bits_t *a = x, *b = y;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : a[1] > b[1];
}

static int find(const struct states *s, bits_t A, bits_t B)
{
    bits_t k[2] = {A, B};
    bits_t(*f)[2] = bsearch(k, s->pos, (size_t)s->n, sizeof *s->pos, cmp_pos);
    return f ? (int)(f - s->pos) : -1;
}

/* Every set of at most k points below np, into out; their number. */
static int subsets(int np, int k, bits_t *out)
{
    int n = 0;
    out[n++] = 0;
    for (int i = 0; i < n; i++) /* breadth first: extend each set by a higher point */
        if (bits_count(out[i]) < k)
            for (int p = out[i] ? 64 - __builtin_clzll(out[i]) : 0; p < np; p++)
                out[n++] = out[i] | BIT(p);
    return n;
}

static void enumerate(struct states *s, const struct game *g)
{
    int np = g->board->npoints;
    bits_t *sets = malloc(200000 * sizeof *sets);
    int nsets = subsets(np, DTC_PIECES - 1, sets);
    CHECK(nsets < 200000, "too many sets");
    int cap = 4000000;
    s->pos = malloc((size_t)cap * sizeof *s->pos);
    s->n = 0;
    for (int i = 0; i < nsets; i++)
        for (int j = 0; j < nsets; j++) {
            bits_t A = sets[i], B = sets[j];
            if (!A || !B || (A & B) || bits_count(A) + bits_count(B) > DTC_PIECES) continue;
            CHECK(s->n < cap, "more than %d positions", cap);
            s->pos[s->n][0] = A;
            s->pos[s->n++][1] = B;
        }
    free(sets);
    qsort(s->pos, (size_t)s->n, sizeof *s->pos, cmp_pos);
    struct movelist l;
    movelist_init(&l);
    int nsucc = 0, scap = 1 << 20;
    s->first = malloc((size_t)(s->n + 1) * sizeof *s->first);
    s->succ = malloc((size_t)scap * sizeof *s->succ);
    s->capture = malloc((size_t)scap * sizeof *s->capture);
    for (int i = 0; i < s->n; i++) {
        s->first[i] = nsucc;
        struct position p = {.men = {s->pos[i][0], s->pos[i][1]}, .side = 0};
        int n = g->ops->moves(g, &p, &l);
        CHECK(n >= 0, "out of memory");
        for (int j = 0; j < n; j++) {
            if (nsucc == scap) {
                scap *= 2;
                s->succ = realloc(s->succ, (size_t)scap * sizeof *s->succ);
                s->capture = realloc(s->capture, (size_t)scap * sizeof *s->capture);
            }
            const struct position *q = &l.succ[j];
            CHECK(q->side == 1 && q->men[0], "a successor with blue not to move");
            s->capture[nsucc] = bits_count(q->men[1]) < bits_count(p.men[1]);
            /* taking the last piece ends the game, won by the capture's maker */
            s->succ[nsucc] = q->men[1] ? find(s, q->men[1], q->men[0]) : -1;
            CHECK(s->succ[nsucc] >= 0 || !q->men[1], "a successor not enumerated");
            nsucc++;
        }
    }
    s->first[s->n] = nsucc;
    movelist_free(&l);
}

static void states_free(struct states *s)
{
    free(s->pos);
    free(s->first);
    free(s->succ);
    free(s->capture);
}

/* The brute force's values (clock_values): a capture (a whole chain) leads to fewer
 * pieces, so those come first. */
static signed char *brute_values(const struct states *s, int L)
{
    int *rank = malloc((size_t)s->n * sizeof *rank);
    for (int i = 0; i < s->n; i++) rank[i] = bits_count(s->pos[i][0]) + bits_count(s->pos[i][1]);
    signed char *V = clock_values(s->n, s->first, s->succ, s->capture, rank, DTC_PIECES + 1, L);
    free(rank);
    return V;
}

/* The library's drivers through an in-memory store: ss_solve (the values without the
 * rule), then ss_solve_dtc; each material's DTM codes and DTC codes (values.h) by
 * material [m][n], with its layer (for the position numbers) in db. */
struct driven {
    struct ss_db db;
    struct ss_layer *layer[DTC_PIECES + 1][DTC_PIECES + 1];
    retro_code *dtm[DTC_PIECES + 1][DTC_PIECES + 1], *dtc[DTC_PIECES + 1][DTC_PIECES + 1];
    uint16_t *cls[DTC_PIECES + 1][DTC_PIECES + 1];
};

static void drive(const struct game *g, int L, struct driven *d)
{
    struct table_arrays *m = calloc(1, sizeof *m);
    struct solve_hooks h = {.store = arrays_hooks(m)};
    char err[400];
    ck_assert_msg(ss_solve(g, DTC_PIECES, &h, err, sizeof err) == 0, "%s", err);
    /* one material at a time (guti-mpi's unit of work), each reading the tables of those
     * before it: the same tables; a material whose reads are missing is an error */
    struct table_arrays *one = calloc(1, sizeof *one);
    struct solve_hooks h1 = {.store = arrays_hooks(one)};
    ck_assert_int_eq(ss_solve_material(g, 3, 2, 0, &h1, err, sizeof err), -1);
    int order[DTC_PIECES * DTC_PIECES][2];
    int count = ss_material_order(DTC_PIECES, order, DTC_PIECES * DTC_PIECES);
    for (int k = count - 1; k >= 0; k--) /* largest first: each is refused */
        if (order[k][1] > 1 || order[k][0] > 1)
            ck_assert_int_eq(
                ss_solve_material(g, order[k][0], order[k][1], 0, &h1, err, sizeof err), -1);
    for (int k = 0; k < count; k++)
        ck_assert_msg(ss_solve_material(g, order[k][1], order[k][0], 0, &h1, err, sizeof err) == 0,
                      "material %d+%d: %s", order[k][0], order[k][1], err);
    arrays_assert_same(m, one);
    arrays_free(one);
    free(one);
    ck_assert_msg(ss_solve_dtc(g, DTC_PIECES, L, &h, err, sizeof err) == 0, "%s", err);
    memset(d, 0, sizeof *d);
    ck_assert_int_eq(ss_db_init(&d->db, g), 0);
    for (int mm = 1; mm < DTC_PIECES; mm++)
        for (int n = 1; n <= mm && mm + n <= DTC_PIECES; n++) {
            struct ss_layer *l = malloc(sizeof *l);
            ck_assert_int_eq(ss_layer_init(l, &d->db, mm, n), 0);
            d->layer[mm][n] = d->layer[n][mm] = l;
            int kd = arrays_find(m, &(struct store_table){TB_DTM, mm, n, -1, l->size, 0});
            int kc = arrays_find(m, &(struct store_table){TB_DTC, mm, n, -1, l->size, L});
            ck_assert_int_ge(kd, 0);
            ck_assert_int_ge(kc, 0);
            retro_code *dm = malloc(l->size * sizeof *dm), *dc = malloc(l->size * sizeof *dc);
            uint16_t *cl = malloc(l->size * sizeof *cl);
            memcpy(dm, m->e[kd], l->size * sizeof *dm);
            memcpy(cl, m->e[kc], l->size * sizeof *cl);
            for (uint64_t i = 0; i < l->size; i++) dc[i] = dtc_of_class(cl[i]);
            d->dtm[mm][n] = d->dtm[n][mm] = dm;
            d->dtc[mm][n] = d->dtc[n][mm] = dc;
            d->cls[mm][n] = d->cls[n][mm] = cl;
        }
    /* made again, it reads every table back and changes none */
    struct table_arrays before;
    arrays_copy(&before, m);
    ck_assert_msg(ss_solve_dtc(g, DTC_PIECES, L, &h, err, sizeof err) == 0, "%s", err);
    arrays_assert_same(&before, m);
    arrays_free(&before);
    arrays_free(m);
    free(m);
}

static void driven_free(struct driven *d)
{
    for (int mm = 1; mm < DTC_PIECES; mm++)
        for (int n = 1; n <= mm && mm + n <= DTC_PIECES; n++) {
            ss_layer_free(d->layer[mm][n]);
            free(d->layer[mm][n]);
            free(d->dtm[mm][n]);
            free(d->dtc[mm][n]);
            free(d->cls[mm][n]);
        }
    ss_db_free(&d->db);
}

static void check_dtc(const char *rules, int L, unsigned want_classes)
{
    struct game g = setup("sixteen", rules, NULL);
    struct states s;
    enumerate(&s, &g);
    signed char *V = brute_values(&s, L);
    struct driven *d = malloc(sizeof *d);
    drive(&g, L, d);
    uint64_t classes[5] = {0}; /* win, cursed win, draw, blessed loss, loss */
    for (int i = 0; i < s.n; i++) {
        bits_t A = s.pos[i][0], B = s.pos[i][1];
        int a = bits_count(A), b = bits_count(B);
        uint64_t q = ss_layer_position_index(d->layer[a][b], A, B);
        retro_code e = d->dtc[a][b][q], S = d->dtm[a][b][q];
        const signed char *v = &V[(size_t)i * (size_t)L];
        /* V is monotone in the clock: decisive up to some clock, then drawn */
        int last = -1;
        for (int k = 0; k < L; k++)
            if (v[k] != DRAW) {
                CHECK(k == last + 1 && v[k] == v[0],
                      "%s L=%d %llx/%llx: V not monotone at clock %d", rules, L,
                      (unsigned long long)A, (unsigned long long)B, k);
                last = k;
            }
        if (v[0] == DRAW) {
            CHECK(e == 0, "%s L=%d %llx/%llx: driver DTC code %d, brute force draw", rules, L,
                  (unsigned long long)A, (unsigned long long)B, e);
        } else {
            CHECK(e && dtc_win(e) == (v[0] == WIN), "%s L=%d %llx/%llx: driver %d, brute force %s",
                  rules, L, (unsigned long long)A, (unsigned long long)B, e,
                  v[0] == WIN ? "win" : "loss");
            /* decisive exactly when DTC + c <= L, c < L: at least L - last; and a position
             * with a move is at least one half-move from the end, one without is at it */
            int want = s.first[i] == s.first[i + 1] ? 0 : L - last;
            CHECK(dtc_of(e) == want, "%s L=%d %llx/%llx: driver DTC %d, brute force %d", rules, L,
                  (unsigned long long)A, (unsigned long long)B, dtc_of(e), want);
        }
        /* a win under the rule is a win without it, and so for losses */
        CHECK(!e || (dtc_win(e) ? code_win(S) : code_loss(S)), "%s L=%d: DTC %d, DTM code %d",
              rules, L, e, S);
        int k = e ? (dtc_win(e) ? 0 : 4) : S == RETRO_DRAW ? 2 : code_win(S) ? 1 : 3;
        /* and the stored class says the same */
        static const uint16_t drawn[5] = {0, CLASS_CURSED_WIN, CLASS_DRAW, CLASS_BLESSED_LOSS, 0};
        CHECK(e || d->cls[a][b][q] == drawn[k], "%s L=%d: class code %d, want %d", rules, L,
              d->cls[a][b][q], drawn[k]);
        classes[k]++;
    }
    for (int k = 0; k < 5; k++)
        CHECK(!(want_classes >> k & 1) || classes[k] > 0,
              "sixteen %s L=%d: no position of class %d", rules, L, k);
    driven_free(d);
    free(d);
    free(V);
    states_free(&s);
}

START_TEST(dtc_sixteen_against_brute_force)
{
    static const struct {
        const char *rules;
        int limit;
        unsigned classes; /* bit k: class k must occur (win, cursed win, draw, blessed, loss) */
    } cases[] = {
        {"optional", 6, 0x1f},
        {"optional", 10, 0x1f},
        {"forced", 6, 0x1f},
        {"forced", 10, 0x1f},
    };
    check_dtc(cases[_i].rules, cases[_i].limit, cases[_i].classes);
}
END_TEST

/* With a limit above every DTM, the rule changes nothing: every decided position is
 * decided under the rule, as the values without it say, and every draw stays one. */
START_TEST(dtc_sixteen_large_limit_is_the_plain_value)
{
    const char *rules = _i ? "forced" : "optional";
    struct game g = setup("sixteen", rules, NULL);
    struct driven *d = malloc(sizeof *d);
    drive(&g, 1000, d);
    uint64_t decided = 0;
    for (int mm = 1; mm < DTC_PIECES; mm++)
        for (int n = 1; n <= mm && mm + n <= DTC_PIECES; n++)
            for (uint64_t i = 0; i < d->layer[mm][n]->size; i++) {
                retro_code S = d->dtm[mm][n][i], e = d->dtc[mm][n][i];
                CHECK((S == RETRO_DRAW) == (e == 0), "%s %d+%d position %llu: DTM code %d, DTC %d",
                      rules, mm, n, (unsigned long long)i, S, e);
                CHECK(!e || dtc_win(e) == code_win(S), "%s: a win and a loss", rules);
                /* the next zeroing move or the end comes no later than the end */
                CHECK(!e || dtc_of(e) <= code_dtm(S), "%s: DTC %d beyond DTM %d", rules, dtc_of(e),
                      code_dtm(S));
                decided += e != 0;
            }
    driven_free(d);
    free(d);
    ck_assert_uint_gt(decided, 0);
}
END_TEST

/* ---- Shared among processes ------------------------------------------------------- */

#define SHARED_PIECES 5

/* The files of dir, sorted, joined by spaces. */
static char *listing(const char *dir)
{
    static char out[4096];
    char names[64][256];
    int n = 0;
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    while ((e = readdir(d)) && n < 64)
        if (e->d_name[0] != '.') snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int k = 0; k < n; k++) {
        strcat(out, k ? " " : "");
        strcat(out, names[k]);
    }
    return out;
}

static char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    char *b = malloc((size_t)*len + 1);
    ck_assert_int_eq(fread(b, 1, (size_t)*len, f), (size_t)*len);
    fclose(f);
    return b;
}

static void assert_same_file(const char *a, const char *b)
{
    long na, nb;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    ck_assert_msg(na == nb && memcmp(x, y, (size_t)na) == 0, "%s and %s differ", a, b);
    free(x);
    free(y);
}

/* One call of ss_solve_shared per part, and what each part got. */
struct shared_call {
    const struct game *g;
    int m, n, nparts;
    uint64_t memory;
    struct solve_hooks h;
    int rc[SHARE_SIM_MAX];
    char err[SHARE_SIM_MAX][600];
    struct solve_layer seen[SHARE_SIM_MAX];
    char notes[SHARE_SIM_MAX][2048]; /* each part's notices, a line each */
    struct part_ref {
        struct shared_call *c;
        int part;
    } ref[SHARE_SIM_MAX]; /* the hooks' arg */
};

static void seen_layer(void *arg, const struct solve_layer *r)
{
    const struct part_ref *f = arg;
    f->c->seen[f->part] = *r;
}

static void seen_notice(void *arg, const char *msg)
{
    const struct part_ref *f = arg;
    char *notes = f->c->notes[f->part];
    size_t len = strlen(notes);
    snprintf(notes + len, sizeof f->c->notes[0] - len, "%s\n", msg);
}

static void call_part(void *ctx, int part, void *arg)
{
    struct shared_call *c = ctx;
    struct ss_share sh = {c->nparts, part, share_sim_exchange, share_sim_reduce, arg};
    struct solve_hooks h = c->h;
    h.layer = seen_layer;
    h.notice = seen_notice;
    c->ref[part] = (struct part_ref){c, part};
    h.arg = &c->ref[part];
    c->rc[part] =
        ss_solve_shared(c->g, c->m, c->n, c->memory, &sh, &h, c->err[part], sizeof c->err[part]);
}

/* Runs the call in c->nparts threads; every part must return alike: that is returned. */
static int shared(struct shared_call *c)
{
    memset(c->seen, 0, sizeof c->seen);
    memset(c->notes, 0, sizeof c->notes);
    share_sim_run(c->nparts, NULL, call_part, c);
    for (int p = 1; p < c->nparts; p++) {
        ck_assert_int_eq(c->rc[p], c->rc[0]);
        ck_assert_int_eq(c->seen[p].positions, c->seen[0].positions);
        ck_assert_int_eq(c->seen[p].win, c->seen[0].win);
        ck_assert_int_eq(c->seen[p].resumed, c->seen[0].resumed);
    }
    return c->rc[0];
}

/* The figures ss_solve reports, by material. */
static struct solve_layer plain[SHARED_PIECES + 1][SHARED_PIECES + 1];
static void plain_layer(void *arg, const struct solve_layer *r)
{
    (void)arg;
    plain[r->m][r->n] = *r;
}

START_TEST(shared_material_tables)
{
    struct game g = setup("sixteen", "optional", NULL);
    char A[64], B[64], err[600];
    test_dir_make(A, sizeof A, "share");
    test_dir_make(B, sizeof B, "share");
    struct solve_hooks ha = {.store = {.dir = A}, .layer = plain_layer};
    ck_assert_msg(ss_solve(&g, SHARED_PIECES, &ha, err, sizeof err) == 0, "%s", err);
    int order[SHARED_PIECES * SHARED_PIECES][2];
    int count = ss_material_order(SHARED_PIECES, order, SHARED_PIECES * SHARED_PIECES);
    struct shared_call c = {.g = &g, .h = {.store = {.dir = B}}};
    for (int k = 0; k < count; k++) {
        c.m = order[k][0], c.n = order[k][1], c.nparts = 1 + k % 4;
        ck_assert_msg(shared(&c) == 0, "material %d+%d: %s", c.m, c.n, c.err[0]);
        const struct solve_layer *want = &plain[c.m][c.n], *got = &c.seen[0];
        ck_assert(!got->resumed && got->compact);
        ck_assert_int_eq(got->positions, want->positions);
        ck_assert_int_eq(got->win, want->win);
        ck_assert_int_eq(got->draw, want->draw);
        ck_assert_int_eq(got->loss, want->loss);
        ck_assert_int_eq(got->max_dtm, want->max_dtm);
        ck_assert_int_eq(got->dtm_bytes, want->dtm_bytes);
        ck_assert_int_eq(got->wdl_bytes, want->wdl_bytes);
    }
    /* the same files, and nothing left beside them (no slice, no .tmp) */
    ck_assert_str_eq(listing(B), listing(A));
    for (int k = 0; k < count; k++)
        for (int kind = TB_WDL; kind <= TB_DTM; kind++) {
            char a[256], b[256];
            material_path(a, sizeof a, A, &g, order[k][0], order[k][1], kind);
            material_path(b, sizeof b, B, &g, order[k][0], order[k][1], kind);
            assert_same_file(a, b);
        }
    /* stored: read back, each part its slice, the same figures */
    c.m = 3, c.n = 2, c.nparts = 3;
    ck_assert_msg(shared(&c) == 0, "%s", c.err[0]);
    ck_assert(c.seen[0].resumed);
    ck_assert_int_eq(c.seen[0].win, plain[3][2].win);
    ck_assert_int_eq(c.seen[2].loss, plain[3][2].loss);
    /* a table its captures read is missing: every part fails, each naming it */
    char gone[256], keep[300];
    material_path(gone, sizeof gone, B, &g, 2, 2, TB_DTM);
    snprintf(keep, sizeof keep, "%s.keep", gone);
    ck_assert_int_eq(rename(gone, keep), 0);
    char w[256];
    material_path(w, sizeof w, B, &g, 3, 2, TB_WDL);
    ck_assert_int_eq(unlink(w), 0); /* so that 3+2 is solved, not read back */
    c.nparts = 2;
    ck_assert_int_eq(shared(&c), -1);
    for (int p = 0; p < 2; p++)
        ck_assert_msg(strstr(c.err[p], "m2-n2.dtm") != NULL, "part %d: %s", p, c.err[p]);
    ck_assert_int_eq(rename(keep, gone), 0);
    /* a bound too small for one part of two, but enough for one of four */
    struct ss_plan_material p[SHARED_PIECES * SHARED_PIECES];
    int np = ss_plan(&g, SHARED_PIECES, p, SHARED_PIECES * SHARED_PIECES);
    const struct ss_plan_material *p32 = NULL;
    for (int k = 0; k < np; k++)
        if (p[k].m == 3 && p[k].n == 2) p32 = &p[k];
    ck_assert_ptr_nonnull(p32);
    ck_assert_uint_lt(ss_share_need(p32, 4), ss_share_need(p32, 2));
    c.memory = ss_share_need(p32, 4);
    ck_assert_int_eq(shared(&c), -1);
    ck_assert_msg(strstr(c.err[1], "shared by 2") != NULL, "%s", c.err[1]);
    c.nparts = 4;
    ck_assert_msg(shared(&c) == 0, "%s", c.err[0]);
    ck_assert(!c.seen[0].resumed);
    char wa[256]; /* made again, the same */
    material_path(wa, sizeof wa, A, &g, 3, 2, TB_WDL);
    assert_same_file(wa, w);
    /* one part fails alone (its second exchange): it says why, the others that another
     * did; no table is made and no slice left */
    c.memory = 0;
    ck_assert_int_eq(unlink(w), 0);
    c.nparts = 3;
    memset(c.seen, 0, sizeof c.seen);
    memset(c.notes, 0, sizeof c.notes);
    share_sim_run_failing(3, NULL, call_part, &c, 2, 2);
    ck_assert_int_eq(c.rc[2], -1);
    ck_assert_msg(strstr(c.err[2], "solving material 3+2") != NULL, "%s", c.err[2]);
    for (int q = 0; q < 2; q++) {
        ck_assert_int_eq(c.rc[q], -2);
        ck_assert_msg(strstr(c.err[q], "another process sharing material 3+2 failed"), "%s",
                      c.err[q]);
    }
    ck_assert_int_eq(access(w, F_OK), -1);
    ck_assert_ptr_null(strstr(listing(B), "part"));
    /* only the directory's files carry the slices */
    c.h.store.dir = NULL;
    ck_assert_int_eq(shared(&c), -1);
    ck_assert_msg(strstr(c.err[2], "tables' directory") != NULL, "%s", c.err[2]);
    test_dir_remove(A);
    test_dir_remove(B);
}
END_TEST

/* A shared solve saved after every level and stopped midway (one part's exchange fails):
 * each part's checkpoints are there, and the next run takes the material up from them,
 * says so, makes the same tables and leaves no checkpoint; killed midway through a save
 * (one part's last missing), it is taken up from the level before; with one part's
 * checkpoint damaged, that part says so and all solve the material from its start. */
START_TEST(shared_material_checkpoints)
{
    struct game g = setup("sixteen", "optional", NULL);
    char A[64], B[64], err[600];
    test_dir_make(A, sizeof A, "share");
    test_dir_make(B, sizeof B, "share");
    struct solve_hooks hp = {.store = {.dir = A}};
    ck_assert_msg(ss_solve(&g, SHARED_PIECES, &hp, err, sizeof err) == 0, "%s", err);
    struct solve_hooks hb = {.store = {.dir = B}};
    ck_assert_msg(ss_solve(&g, SHARED_PIECES, &hb, err, sizeof err) == 0, "%s", err);
    char a[256], b[256], wa[256], wb[256];
    material_path(a, sizeof a, A, &g, 3, 2, TB_DTM);
    material_path(b, sizeof b, B, &g, 3, 2, TB_DTM);
    material_path(wa, sizeof wa, A, &g, 3, 2, TB_WDL);
    material_path(wb, sizeof wb, B, &g, 3, 2, TB_WDL);
    struct shared_call c = {
        .g = &g, .m = 3, .n = 2, .nparts = 3, .h = {.store = {.dir = B}, .checkpoint_seconds = -1}};
    enum { SOUND, MIDWAY, DAMAGED };
    for (int kase = SOUND; kase <= DAMAGED; kase++) {
        ck_assert_int_eq(unlink(b), 0);
        ck_assert_int_eq(unlink(wb), 0);
        memset(c.notes, 0, sizeof c.notes);
        share_sim_run_failing(3, NULL, call_part, &c, 1, 6); /* in level 5: one round a level */
        ck_assert_int_eq(c.rc[1], -1);
        /* saved after levels 0 to 4, into .a, .b, .a, .b, .a: the next levels 4 and 5 */
        char ck[3][2][300];
        for (int p = 0; p < 3; p++)
            for (int k = 0; k < 2; k++) {
                snprintf(ck[p][k], sizeof ck[p][k], "%s.ckpt.%d-of-3.%c", b, p, "ab"[k]);
                ck_assert_msg(access(ck[p][k], F_OK) == 0, "%s: %s", ck[p][k], listing(B));
            }
        if (kase == MIDWAY) ck_assert_int_eq(unlink(ck[1][0]), 0);
        if (kase == DAMAGED) {
            FILE *f = fopen(ck[2][0], "r+b");
            fseek(f, 40, SEEK_SET);
            int x = fgetc(f);
            fseek(f, 40, SEEK_SET);
            fputc(0x5a ^ x, f);
            fclose(f);
        }
        ck_assert_msg(shared(&c) == 0, "%s", c.err[0]);
        if (kase == DAMAGED) {
            ck_assert_msg(
                strstr(c.notes[2], "checksum mismatch; solving material 3+2 from its start"), "%s",
                c.notes[2]);
            ck_assert_ptr_null(strstr(c.notes[0], "taken up"));
        } else {
            char want[64];
            snprintf(want, sizeof want, "material 3+2 taken up at level %d from ",
                     kase == SOUND ? 5 : 4);
            ck_assert_msg(strstr(c.notes[0], want) && strstr(c.notes[0], ".ckpt.*-of-3.*"), "%s",
                          c.notes[0]);
        }
        assert_same_file(a, b);
        assert_same_file(wa, wb);
        ck_assert_ptr_null(strstr(listing(B), "ckpt"));
    }
    test_dir_remove(A);
    test_dir_remove(B);
}
END_TEST

Suite *ss_solve_suite(void)
{
    Suite *s = suite_create("ss_solve");
    TCase *dtc = tcase_create("dtc");
    tcase_set_timeout(dtc, 300);
    tcase_add_loop_test(dtc, dtc_sixteen_against_brute_force, 0, 4);
    tcase_add_loop_test(dtc, dtc_sixteen_large_limit_is_the_plain_value, 0, 2);
    suite_add_tcase(s, dtc);
    TCase *shared = tcase_create("shared");
    tcase_set_timeout(shared, 600);
    tcase_add_test(shared, shared_material_tables);
    tcase_add_test(shared, shared_material_checkpoints);
    suite_add_tcase(s, shared);
    return s;
}
