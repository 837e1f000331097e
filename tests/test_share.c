/* A cyclic layer solved as the unit of work of a solve shared among processes (share.h).
 *
 * Sixteen Soldiers' materials by several processes together (share_solve), the processes
 * played by threads (share_sim.h): every material up to 5 pieces, shared by 1, 2, 3 or 4 of
 * them in turn and reading the smaller ones from its own directory, gives the tables
 * solve_game writes, byte for byte, and its figures; read back when stored; refused alike by
 * every part when it cannot be done; when one part fails alone, it says why, the others
 * that it failed, and nothing is left; stopped midway, taken up from every part's
 * checkpoint, or started afresh when one is damaged.
 *
 * And any game's: Bagh-Chal's movement layers on 4x4, solved alone (share_solve_alone) and
 * shared by 1, 2 or 3 processes, give the tables of the one driver (solve_layers), byte for
 * byte; a bound is refused, as Bagh-Chal's solve takes none. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "share.h"
#include "share_sim.h"
#include "ss_layers.h"
#include "solve.h"
#include "tables.h"

/* The path of material {m, n}'s table of that kind in dir. */
static void material_path(char *buf, size_t len, const char *dir, const struct game *g, int m,
                          int n, enum tb_kind kind)
{
    struct layer_key k = {{m, n, 0, 0}};
    tables_layer_path(buf, len, dir, g, &k, kind, 0);
}

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

/* One call of share_solve per part, and what each part got. */
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
    struct solve_share sh = {c->nparts, part, share_sim_exchange, share_sim_reduce, arg};
    struct solve_hooks h = c->h;
    h.layer = seen_layer;
    h.notice = seen_notice;
    c->ref[part] = (struct part_ref){c, part};
    h.arg = &c->ref[part];
    c->rc[part] = share_solve(c->g, &(struct layer_key){{c->m, c->n}}, c->memory, &sh, &h,
                              c->err[part], sizeof c->err[part]);
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

/* The figures solve_game reports, by material. */
static struct solve_layer plain[SHARED_PIECES + 1][SHARED_PIECES + 1];
static void plain_layer(void *arg, const struct solve_layer *r)
{
    (void)arg;
    plain[r->key.c[0]][r->key.c[1]] = *r;
}

START_TEST(shared_material_tables)
{
    struct game g = setup("sixteen", "optional", NULL);
    char A[64], B[64], err[600];
    test_dir_make(A, sizeof A, "share");
    test_dir_make(B, sizeof B, "share");
    struct solve_hooks ha = {
        .store = {.dir = A}, .layer = plain_layer, .layer_passes = SOLVE_CYCLIC};
    const struct solve_options all = {.pieces = SHARED_PIECES};
    ck_assert_msg(solve_game(&g, &all, &ha, err, sizeof err) == 0, "%s", err);
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
    struct layer_key k32 = {{3, 2}};
    ck_assert_uint_lt(share_need(&g, &k32, 4), share_need(&g, &k32, 2));
    c.memory = share_need(&g, &k32, 4);
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
    const struct solve_options all = {.pieces = SHARED_PIECES};
    ck_assert_msg(solve_game(&g, &all, &hp, err, sizeof err) == 0, "%s", err);
    struct solve_hooks hb = {.store = {.dir = B}};
    ck_assert_msg(solve_game(&g, &all, &hb, err, sizeof err) == 0, "%s", err);
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

/* The cyclic layers of g's list, into out (at most max): their number. */
static int cyclic_layers(const struct game *g, struct layer_key *out, int max)
{
    const struct game_layers *gl = g->ops->layers;
    struct layer_entry e[512];
    int n = gl->list(g, e, 512), k = 0;
    ck_assert_int_le(n, 512);
    for (int i = 0; i < n; i++)
        if (e[i].kind == LAYER_CYCLIC && k < max) out[k++] = e[i].k;
    return k;
}

/* Every file of directory a is in b, the same byte for byte, and no other. */
static void assert_same_dir(const char *a, const char *b)
{
    char names[4096];
    snprintf(names, sizeof names, "%s", listing(a));
    ck_assert_ptr_nonnull(strstr(names, ".dtm"));
    ck_assert_str_eq(listing(b), names);
    for (char *name = strtok(names, " "); name; name = strtok(NULL, " ")) {
        char x[512], y[512];
        snprintf(x, sizeof x, "%s/%s", a, name);
        snprintf(y, sizeof y, "%s/%s", b, name);
        assert_same_file(x, y);
    }
}

START_TEST(any_game_bagh_chal)
{
    struct game g = setup("baghchal", "standard", "4x4");
    struct layer_key k[64];
    int nk = cyclic_layers(&g, k, 64);
    ck_assert_int_ge(nk, 2);
    char A[64], B[64], C[64], err[600];
    test_dir_make(A, sizeof A, "share");
    test_dir_make(B, sizeof B, "share");
    test_dir_make(C, sizeof C, "share");
    struct solve_hooks ha = {.store = {.dir = A}};
    struct solve_request q = {.targets = k, .ntargets = nk};
    ck_assert_msg(solve_layers(&g, &q, &ha, err, sizeof err) == 0, "%s", err);
    /* alone, in the list's order: each reads what the ones before it stored */
    struct solve_hooks hc = {.store = {.dir = C}};
    for (int j = 0; j < nk; j++)
        ck_assert_msg(share_solve_alone(&g, &k[j], 0, &hc, err, sizeof err) == 0, "%s", err);
    assert_same_dir(A, C);
    /* shared by 1, 2 and 3 in turn */
    struct shared_call c = {.g = &g, .h = {.store = {.dir = B}}};
    for (int j = 0; j < nk; j++) {
        c.m = k[j].c[0], c.n = k[j].c[1], c.nparts = 1 + j % 3;
        ck_assert_int_eq(k[j].c[2], 0);
        ck_assert_msg(shared(&c) == 0, "layer %d: %s", j, c.err[0]);
        ck_assert(!c.seen[0].resumed && c.seen[0].compact);
    }
    assert_same_dir(A, B);
    /* a bound: Bagh-Chal's solve says nothing of what a layer takes */
    c.memory = 1000000000;
    ck_assert_int_eq(shared(&c), -1);
    ck_assert_msg(strstr(c.err[0], "takes no memory bound") != NULL, "%s", c.err[0]);
    test_dir_remove(A);
    test_dir_remove(B);
    test_dir_remove(C);
}
END_TEST

/* hold: a game whose children are held in part (the tests' part game: entry_part the middle
 * half) shares its materials up to 4 pieces by 1, 2 or 3 parts to the tables of a plain
 * solve, byte for byte, every part's engine given exactly the codes of the part, in bytes. */
START_TEST(shared_held_in_part)
{
    struct game g = setup("sixteen", "optional", NULL);
    char A[64], B[64], err[600];
    test_dir_make(A, sizeof A, "share");
    test_dir_make(B, sizeof B, "share");
    struct solve_hooks ha = {.store = {.dir = A}};
    const struct solve_options four = {.pieces = 4};
    ck_assert_msg(solve_game(&g, &four, &ha, err, sizeof err) == 0, "%s", err);
    struct part_game p;
    part_game_make(&p, "sixteen", "optional", &ha.store, PART_GAME_MIDDLE, false);
    int order[16][2];
    int count = ss_material_order(4, order, 16);
    struct shared_call c = {.g = &p.g, .h = {.store = {.dir = B}}};
    for (int k = 0; k < count; k++) {
        c.m = order[k][0], c.n = order[k][1], c.nparts = 1 + k % 3;
        ck_assert_msg(shared(&c) == 0, "material %d+%d: %s", c.m, c.n, c.err[0]);
    }
    ck_assert_str_eq(listing(B), listing(A));
    for (int k = 0; k < count; k++)
        for (int kind = TB_WDL; kind <= TB_DTM; kind++) {
            char a[256], b[256];
            material_path(a, sizeof a, A, &g, order[k][0], order[k][1], kind);
            material_path(b, sizeof b, B, &g, order[k][0], order[k][1], kind);
            assert_same_file(a, b);
        }
    ck_assert_uint_eq(p.wrong, 0);
    ck_assert_int_ge(p.kids, 3);
    ck_assert_int_eq(p.in_bytes, p.kids);
    ck_assert_int_eq(p.in_part, p.kids);
    part_game_free(&p);
    test_dir_remove(A);
    test_dir_remove(B);
}
END_TEST

Suite *share_suite(void)
{
    Suite *s = suite_create("share");
    TCase *shared = tcase_create("shared");
    tcase_set_timeout(shared, 600);
    tcase_add_test(shared, shared_material_tables);
    tcase_add_test(shared, shared_material_checkpoints);
    tcase_add_test(shared, any_game_bagh_chal);
    tcase_add_test(shared, shared_held_in_part);
    suite_add_tcase(s, shared);
    return s;
}
