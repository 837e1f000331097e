/* The engine's counting-rule passes (retro.h, dtc_limit; bc_place.h) against a brute force
 * over (position, clock) states written plainly from the definitions of issue 12 and
 * docs/rules.md, "Counting rules": Bagh-Chal's movement phase and the last placements on the
 * 4x4 board, the whole 3x3 game, both rule sets, with limits small enough that every class
 * occurs; and, with a limit above every DTM, the classes are exactly the values without
 * the rule. */
#include <stdlib.h>

#include <string.h>

#include "bc_layers.h"
#include "bc_solve.h"
#include "helpers.h"

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                    \
    } while (0)

enum { LOSS = -1, DRAW = 0, WIN = 1 };

/* Every raw position with at most hmax goats in hand (0: the movement phase), and its
 * successors. */
struct states {
    int n;
    struct position *pos;
    int *first, *succ; /* successors of i: succ[first[i]..first[i+1]-1], -1 a finished game */
    bool *capture;     /* per successor: a zeroing move (a capture or a placement) */
};

static int cmp_pos(const void *x, const void *y)
{
    const struct position *a = x, *b = y;
    if (a->men[0] != b->men[0]) return a->men[0] < b->men[0] ? -1 : 1;
    if (a->men[1] != b->men[1]) return a->men[1] < b->men[1] ? -1 : 1;
    if (a->inhand != b->inhand) return a->inhand - b->inhand;
    return a->side - b->side;
}

static int find(const struct states *s, const struct position *p)
{
    struct position k = {.men = {p->men[0], p->men[1]}, .inhand = p->inhand, .side = p->side};
    struct position *f = bsearch(&k, s->pos, (size_t)s->n, sizeof k, cmp_pos);
    return f ? (int)(f - s->pos) : -1;
}

static void enumerate(struct states *s, const struct game *g, int hmax)
{
    int np = g->board->npoints, cap = 1 << 22;
    s->pos = malloc((size_t)cap * sizeof *s->pos);
    s->n = 0;
    for (bits_t T = 0; T < BIT(np); T++) {
        if (bits_count(T) != g->ntigers) continue;
        for (bits_t G = 0; G < BIT(np); G++) {
            if (G & T) continue;
            for (int h = 0; h <= hmax; h++) {
                int captured = g->ngoats - h - bits_count(G);
                if (captured < 0 || captured >= g->captures_to_win) continue;
                /* before the first goat is placed, no tiger has moved */
                for (int side = 0; side < 2 - (h == g->ngoats); side++) {
                    CHECK(s->n < cap, "more than %d positions", cap);
                    s->pos[s->n++] = (struct position){.men = {G, T}, .inhand = h, .side = side};
                }
            }
        }
    }
    qsort(s->pos, (size_t)s->n, sizeof *s->pos, cmp_pos);
    struct movelist l;
    movelist_init(&l);
    int nsucc = 0, scap = 1 << 25;
    s->first = malloc((size_t)(s->n + 1) * sizeof *s->first);
    s->succ = malloc((size_t)scap * sizeof *s->succ);
    s->capture = malloc((size_t)scap * sizeof *s->capture);
    for (int i = 0; i < s->n; i++) {
        s->first[i] = nsucc;
        int n = g->ops->moves(g, &s->pos[i], &l);
        for (int j = 0; j < n; j++) {
            struct outcome o;
            CHECK(nsucc < scap, "more than %d moves", scap);
            s->capture[nsucc] = bits_count(l.succ[j].men[0]) < bits_count(s->pos[i].men[0]) ||
                                l.succ[j].inhand < s->pos[i].inhand;
            s->succ[nsucc] = g->ops->over(g, &l.succ[j], &o) ? -1 : find(s, &l.succ[j]);
            CHECK(s->succ[nsucc] >= 0 || o.reason != END_NONE, "a successor not enumerated");
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

/* The brute force's values (clock_values): a capture leads to a position with one more
 * goat captured and a placement to one with one fewer in hand, so those come first. */
static signed char *brute_values(const struct states *s, const struct game *g, int L, int hmax)
{
    int *rank = malloc((size_t)s->n * sizeof *rank), cw = g->captures_to_win;
    for (int i = 0; i < s->n; i++) {
        const struct position *p = &s->pos[i];
        rank[i] = p->inhand * cw + cw - 1 - (g->ngoats - p->inhand - bits_count(p->men[0]));
    }
    signed char *V = clock_values(s->n, s->first, s->succ, s->capture, rank, (hmax + 1) * cw, L);
    free(rank);
    return V;
}

/* The library's drivers: the movement phase's DTM (the values without the rule), then
 * its counting-rule pass, and with place the placement phase's values and counting-rule
 * pass; the movement tables' entries by goats captured, and every table in the store
 * returned (arrays_free it). */
static struct table_arrays *engine(const struct game *g, int L, bool place, struct symmap *sm,
                                   struct bc_layer *layers, retro_code **dtm, retro_code **dtc)
{
    struct table_arrays *m = calloc(1, sizeof *m);
    struct solve_hooks h = {.store = arrays_hooks(m)};
    char err[400];
    ck_assert_msg(bc_solve_movement(g, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(bc_solve_movement_dtc(g, L, &h, err, sizeof err) == 0, "%s", err);
    if (place) {
        ck_assert_msg(bc_solve_placement(g, false, &h, err, sizeof err) == 0, "%s", err);
        ck_assert_msg(bc_solve_placement_dtc(g, L, &h, err, sizeof err) == 0, "%s", err);
    }
    symmap_init(sm, g->board);
    for (int c = g->captures_to_win - 1; c >= 0; c--) {
        ck_assert_int_eq(bc_layer_init(&layers[c], g, sm, c), 0);
        uint64_t n = 2 * layers[c].ix.size;
        int kd = arrays_find(m, &(struct store_table){TB_DTM, 0, c, -1, n, 0});
        int kc = arrays_find(m, &(struct store_table){TB_DTC, 0, c, -1, n, L});
        ck_assert_int_ge(kd, 0);
        ck_assert_int_ge(kc, 0);
        dtm[c] = malloc(n * sizeof **dtm);
        dtc[c] = malloc(n * sizeof **dtc);
        memcpy(dtm[c], m->e[kd], n * sizeof **dtm);
        for (uint64_t i = 0; i < n; i++) dtc[c][i] = dtc_of_class(m->e[kc][i]);
    }
    /* made again, it reads every table back and changes none; nor when a placement
     * layer's DTC table is gone and made again from the tables around it */
    struct table_arrays before;
    arrays_copy(&before, m);
    ck_assert_msg(bc_solve_movement_dtc(g, L, &h, err, sizeof err) == 0, "%s", err);
    arrays_assert_same(&before, m);
    if (place) {
        int k = arrays_find(m, &(struct store_table){TB_DTC, 1, 0, 1, 0, L});
        ck_assert_int_ge(k, 0);
        free(m->e[k]);
        m->t[k] = m->t[m->n - 1];
        m->e[k] = m->e[--m->n];
        ck_assert_msg(bc_solve_placement_dtc(g, L, &h, err, sizeof err) == 0, "%s", err);
        ck_assert_int_eq(m->n, before.n);
        for (int j = 0; j < before.n; j++) {
            int i = arrays_find(m, &before.t[j]);
            ck_assert_int_ge(i, 0);
            ck_assert(!memcmp(m->e[i], before.e[j], before.t[j].npositions * sizeof *m->e[i]));
        }
    }
    arrays_free(&before);
    return m;
}

/* A placement position's entries from the store: its value without the rule as a code
 * (win in 1, loss in 0, draw) and its DTC code. */
static void placement_entries(const struct game *g, const struct table_arrays *m,
                              const struct symmap *sm, struct pair_index *ix, bool *ix_made,
                              const struct position *p, int L, retro_code *S, retro_code *e)
{
    int goats = bits_count(p->men[0]), c = g->ngoats - p->inhand - goats;
    if (!ix_made[goats]) {
        ck_assert_int_eq(pair_index_init(&ix[goats], g->board, sm, g->ntigers, goats), 0);
        ix_made[goats] = true;
    }
    uint64_t i = pair_index_rank(&ix[goats], p->men[1], p->men[0]);
    int kw = arrays_find(m, &(struct store_table){TB_WDL, p->inhand, c, p->side, 0, 0});
    int kc = arrays_find(m, &(struct store_table){TB_DTC, p->inhand, c, p->side, 0, L});
    CHECK(kw >= 0 && kc >= 0, "no table for h%d c%d side %d", p->inhand, c, p->side);
    *S = code_of_wdl(m->e[kw][i]);
    *e = dtc_of_class(m->e[kc][i]);
    /* the class stored is the one the two make */
    CHECK(m->e[kc][i] == class_code(*S, *e), "h%d c%d: class %d, from its parts %d", p->inhand, c,
          m->e[kc][i], class_code(*S, *e));
}

/* want_classes: bit k, class k must occur among the movement positions (win, cursed win,
 * draw, blessed loss, loss); want_place: the same among the placement positions, those
 * with at most hmax goats in hand (0: only the movement phase is checked). */
static void check_dtc(const char *board, const char *rules, int L, int hmax, unsigned want_classes,
                      unsigned want_place)
{
    struct game g = setup("baghchal", rules, board);
    struct states s;
    enumerate(&s, &g, hmax);
    signed char *V = brute_values(&s, &g, L, hmax);
    struct bc_layer layers[8];
    retro_code *dtm[8], *dtc[8];
    struct symmap *sm = malloc(sizeof *sm);
    struct table_arrays *m = engine(&g, L, hmax > 0, sm, layers, dtm, dtc);
    struct pair_index ix[BOARD_MAX_POINTS + 1];
    bool ix_made[BOARD_MAX_POINTS + 1] = {false};
    /* Each layer's DTC codes re-derive from their successors' (retro_verify's counting-rule
     * check, as guti verify --full runs it), and one changed entry does not. */
    for (int c = g.captures_to_win - 1; c >= 0; c--) {
        bool above = c + 1 < g.captures_to_win;
        layers[c].next = above ? &layers[c + 1] : NULL;
        if (above) {
            uint64_t n = 2 * layers[c + 1].ix.size;
            layers[c + 1].res = malloc(n * sizeof *layers[c + 1].res);
            for (uint64_t i = 0; i < n; i++)
                layers[c + 1].res[i] = !dtc[c + 1][i] ? 0 : dtc_win(dtc[c + 1][i]) ? 2 : 1;
        }
        struct retro_layer R = bc_layer_retro(&layers[c]);
        R.dtc_limit = L;
        uint64_t bad[2];
        int nbad;
        CHECK(retro_verify(&R, dtc[c], 0, bad, 2, &nbad) == 0, "%s %s L=%d c%d: verify", board,
              rules, L, c);
        /* the compact engine makes the same codes */
        retro_code *again = malloc(R.size * sizeof *again);
        struct retro_stats st;
        R.compact = true;
        CHECK(retro_solve(&R, again, &st) == 0 && !memcmp(again, dtc[c], R.size * sizeof *again),
              "%s %s L=%d c%d: the compact engine differs", board, rules, L, c);
        R.compact = false;
        free(again);
        uint64_t k = R.size / 2;
        retro_code keep = dtc[c][k];
        dtc[c][k] = keep ? (retro_code)(keep + 2) : dtc_code(1, true);
        CHECK(retro_verify(&R, dtc[c], 0, bad, 2, &nbad) > 0,
              "%s %s L=%d c%d: a changed entry passed", board, rules, L, c);
        dtc[c][k] = keep;
        if (above) {
            free(layers[c + 1].res);
            layers[c + 1].res = NULL;
        }
        layers[c].next = NULL;
    }
    uint64_t classes[2][5] = {{0}}; /* movement, placement: win, cursed win, draw, blessed, loss */
    for (int i = 0; i < s.n; i++) {
        const struct position *p = &s.pos[i];
        retro_code e, S;
        if (p->inhand) {
            placement_entries(&g, m, sm, ix, ix_made, p, L, &S, &e);
        } else {
            int c = g.ngoats - bits_count(p->men[0]);
            uint64_t q = bc_layer_position_index(&layers[c], p->men[1], p->men[0], p->side);
            e = dtc[c][q];
            S = dtm[c][q];
        }
        const signed char *v = &V[(size_t)i * (size_t)L];
        char fen[64];
        g.ops->format(&g, p, fen, sizeof fen);
        /* V is monotone in the clock: decisive up to some clock, then drawn */
        int last = -1;
        for (int k = 0; k < L; k++)
            if (v[k] != DRAW) {
                CHECK(k == last + 1 && v[k] == v[0], "%s %s L=%d %s: V not monotone at clock %d",
                      board, rules, L, fen, k);
                last = k;
            }
        if (v[0] == DRAW) {
            CHECK(e == 0, "%s %s L=%d %s: engine DTC code %d, brute force draw", board, rules, L,
                  fen, e);
        } else {
            CHECK(e && dtc_win(e) == (v[0] == WIN), "%s %s L=%d %s: engine %d, brute force %s",
                  board, rules, L, fen, e, v[0] == WIN ? "win" : "loss");
            /* decisive exactly when DTC + c <= L, c < L: at least L - last; and a position
             * with a move is at least one half-move from the end, one without is at it */
            int want = s.first[i] == s.first[i + 1] ? 0 : L - last;
            CHECK(dtc_of(e) == want, "%s %s L=%d %s: engine DTC %d, brute force %d", board, rules,
                  L, fen, dtc_of(e), want);
        }
        /* a win under the rule is a win without it, and so for losses */
        CHECK(!e || (dtc_win(e) ? code_win(S) : code_loss(S)), "%s %s L=%d %s: DTC %d, DTM code %d",
              board, rules, L, fen, e, S);
        int k = e ? (dtc_win(e) ? 0 : 4) : S == RETRO_DRAW ? 2 : code_win(S) ? 1 : 3;
        classes[p->inhand > 0][k]++;
    }
    /* the classes that must occur */
    for (int k = 0; k < 5; k++) {
        CHECK(!(want_classes >> k & 1) || classes[0][k] > 0,
              "%s %s L=%d: no movement position of class %d", board, rules, L, k);
        CHECK(!(want_place >> k & 1) || classes[1][k] > 0,
              "%s %s L=%d: no placement position of class %d", board, rules, L, k);
    }
    for (int c = 0; c < g.captures_to_win; c++) {
        free(dtm[c]);
        free(dtc[c]);
        bc_layer_free(&layers[c]);
    }
    for (int k = 0; k <= BOARD_MAX_POINTS; k++)
        if (ix_made[k]) pair_index_free(&ix[k]);
    arrays_free(m);
    free(m);
    free(V);
    free(sm);
    states_free(&s);
}

START_TEST(dtc_against_brute_force)
{
    /* 4x4: the movement phase and the last placement (one goat in hand); 3x3: the whole
     * game (its movement phase has no draw) */
    static const struct {
        const char *board, *rules;
        int limit, hmax;
        unsigned classes, place; /* bit k: class k must occur (win, cursed win, draw, blessed,
                                    loss) in the movement phase, in the placement */
    } cases[] = {
        {"4x4", "standard", 6, 1, 0x1f, 0x1f},  {"4x4", "standard", 10, 1, 0x1f, 0x1f},
        {"4x4", "goat-pass", 6, 1, 0x1f, 0x1f}, {"4x4", "goat-pass", 10, 1, 0x1f, 0x1f},
        {"3x3", "standard", 2, 4, 0x1b, 0x00},  {"3x3", "goat-pass", 2, 4, 0x1b, 0x00},
        {"3x3", "standard", 1, 4, 0x1b, 0x00},  {"4x4", "standard", 1, 1, 0x00, 0x00},
    };
    check_dtc(cases[_i].board, cases[_i].rules, cases[_i].limit, cases[_i].hmax, cases[_i].classes,
              cases[_i].place);
}
END_TEST

/* With a limit above every DTM, the rule changes nothing: every decided position is
 * decided under the rule, as the values without it say, and every draw stays one. */
START_TEST(dtc_large_limit_is_the_plain_value)
{
    const char *rules = _i ? "goat-pass" : "standard";
    struct game g = setup("baghchal", rules, "4x4");
    struct bc_layer layers[8];
    retro_code *dtm[8], *dtc[8];
    struct symmap *sm = malloc(sizeof *sm);
    struct table_arrays *m = engine(&g, 1000, false, sm, layers, dtm, dtc);
    arrays_free(m);
    free(m);
    uint64_t decided = 0;
    for (int c = 0; c < g.captures_to_win; c++) {
        for (uint64_t i = 0; i < 2 * layers[c].ix.size; i++) {
            retro_code S = dtm[c][i], e = dtc[c][i];
            CHECK((S == RETRO_DRAW) == (e == 0), "4x4 %s c%d position %llu: DTM code %d, DTC %d",
                  rules, c, (unsigned long long)i, S, e);
            CHECK(!e || dtc_win(e) == code_win(S), "4x4 %s: a win and a loss", rules);
            /* the next zeroing move or the end comes no later than the end */
            CHECK(!e || dtc_of(e) <= code_dtm(S), "4x4 %s: DTC %d beyond DTM %d", rules, dtc_of(e),
                  code_dtm(S));
            decided += e != 0;
        }
        free(dtm[c]);
        free(dtc[c]);
        bc_layer_free(&layers[c]);
    }
    free(sm);
    ck_assert_uint_gt(decided, 0);
}
END_TEST

Suite *dtc_suite(void)
{
    Suite *s = suite_create("dtc");
    TCase *tc = tcase_create("dtc");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, dtc_against_brute_force, 0, 8);
    tcase_add_loop_test(tc, dtc_large_limit_is_the_plain_value, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}
