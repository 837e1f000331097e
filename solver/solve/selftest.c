/* The move graph's self-test (selftest.h says what it checks). */
#include "selftest.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "values.h"
#include "wdl.h"

/* A successor of moves() that leaves the layer, where the solver finds its value: a slot
 * of a child's codes that a cyclic layer's engine reads, or for an acyclic layer the
 * child's position that its fold_successors probes, with the code the probe answers; and
 * the position itself for the examples. */
struct target {
    retro_code *code;   /* a cyclic layer's: its child's codes, or NULL */
    int kid;            /* an acyclic layer's: the child (children's order) */
    retro_code made;    /* and the code its probe gets */
    uint64_t idx;       /* the slot, or the position in the child */
    struct position at; /* the successor */
};

/* The lists one position's check needs, reused from one position to the next. */
struct scratch {
    int cap; /* entries of succ, pred and other */
    uint64_t *succ, *pred, *other;
    int tcap; /* entries of in and out */
    uint64_t *in;
    struct target *out;
    struct movelist ml;
};

static void scratch_free(struct scratch *s)
{
    free(s->succ);
    free(s->pred);
    free(s->other);
    free(s->in);
    free(s->out);
    movelist_free(&s->ml);
    memset(s, 0, sizeof *s);
}

/* Room for a layer's lists. A faulty expand() or predecessors() could give more than
 * max_moves: four times as much room lets the check report it rather than overrun. */
static int scratch_fit(struct scratch *s, int max_moves)
{
    int cap = 4 * max_moves + 64;
    if (cap <= s->cap) return 0;
    uint64_t *a = realloc(s->succ, (size_t)cap * sizeof *a);
    if (a) s->succ = a;
    uint64_t *b = realloc(s->pred, (size_t)cap * sizeof *b);
    if (b) s->pred = b;
    uint64_t *c = realloc(s->other, (size_t)cap * sizeof *c);
    if (c) s->other = c;
    if (!a || !b || !c) return -1;
    s->cap = cap;
    return 0;
}

/* Room for n of moves()' successors. */
static int scratch_fit_targets(struct scratch *s, int n)
{
    if (n <= s->tcap) return 0;
    int cap = 2 * n;
    uint64_t *a = realloc(s->in, (size_t)cap * sizeof *a);
    if (a) s->in = a;
    struct target *t = realloc(s->out, (size_t)cap * sizeof *t);
    if (t) s->out = t;
    if (!a || !t) return -1;
    s->tcap = cap;
    return 0;
}

/* One position being checked. */
struct check {
    const struct game *g;
    struct selftest_layer *L;
    uint64_t i; /* the position, in its layer */
    /* writes a position of the layer in notation */
    void (*describe)(void *arg, uint64_t i, char *buf, size_t len);
    void *arg;
    bool faulty;
};

/* Counts the position as faulty, once, and keeps its first fault as an example while
 * there is room. */
static void fault(struct check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fault(struct check *c, const char *fmt, ...)
{
    if (c->faulty) return;
    c->faulty = true;
    c->L->faults++;
    if (c->L->nexamples == SELFTEST_EXAMPLES) return;
    char fen[160], what[240];
    c->describe(c->arg, c->i, fen, sizeof fen);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->L->examples[c->L->nexamples++], sizeof c->L->examples[0], "%s: %s", fen, what);
}

/* A position of the layer in notation, for a message. */
static const char *fen_of(struct check *c, uint64_t i, char *buf, size_t len)
{
    c->describe(c->arg, i, buf, len);
    return buf;
}

static const char *fen_pos(const struct check *c, const struct position *p, char *buf, size_t len)
{
    c->g->ops->format(c->g, p, buf, len);
    return buf;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static bool contains(const uint64_t *v, int n, uint64_t x)
{
    for (int k = 0; k < n; k++)
        if (v[k] == x) return true;
    return false;
}

static bool same_exits(const struct move_fold *x, const struct move_fold *y)
{
    return x->n == y->n && x->draw == y->draw && x->win == y->win && x->loss == y->loss;
}

/* Sorts a list of positions of the layer and checks it: within bounds, in the layer, no
 * repeats. what names the list. Returns its length, or -1 when it cannot be used. */
static int check_list(const struct retro_layer *R, struct check *c, uint64_t *v, int n, int cap,
                      const char *what)
{
    char b[160];
    if (n < 0 || n > R->max_moves) {
        fault(c, "%s gives %d positions; max_moves is %d", what, n, R->max_moves);
        if (n < 0 || n > cap) return -1;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_u64);
    if (n && v[n - 1] >= R->size) {
        fault(c, "%s gives position %llu, past the layer's %llu", what,
              (unsigned long long)v[n - 1], (unsigned long long)R->size);
        return -1;
    }
    for (int k = 1; k < n; k++)
        if (v[k] == v[k - 1]) fault(c, "%s gives %s twice", what, fen_of(c, v[k], b, sizeof b));
    return n;
}

/* The engine's view against itself at position c->i. Leaves expand's successors sorted
 * in s->succ and returns their number (-1 when they are unusable). */
static int check_graph(const struct retro_layer *R, struct scratch *s, struct check *c)
{
    char b[160];
    uint64_t i = c->i;
    struct move_fold ex = {0};
    int ns = check_list(R, c, s->succ, R->expand(R->ctx, i, s->succ, &ex), s->cap, "expand");
    if (R->count) {
        struct move_fold e = {0};
        int k = R->count(R->ctx, i, &e);
        if (k != ns && ns >= 0) fault(c, "count gives %d successors, expand %d", k, ns);
        if (!same_exits(&e, &ex)) fault(c, "count folds other exits than expand");
    }
    if (R->exits) {
        struct move_fold e = {0};
        R->exits(R->ctx, i, &e);
        if (!same_exits(&e, &ex)) fault(c, "exits folds other exits than expand");
    }
    for (int k = 0; k < ns; k++) {
        int np = R->predecessors(R->ctx, s->succ[k], s->pred);
        c->L->links++;
        if (np < 0 || np > s->cap || !contains(s->pred, np, i))
            fault(c, "its successor %s does not have it among its predecessors",
                  fen_of(c, s->succ[k], b, sizeof b));
    }
    int np = check_list(R, c, s->pred, R->predecessors(R->ctx, i, s->pred), s->cap, "predecessors");
    for (int k = 0; k < np; k++) {
        struct move_fold e = {0};
        int n2 = R->expand(R->ctx, s->pred[k], s->other, &e);
        c->L->links++;
        if (n2 < 0 || n2 > s->cap || !contains(s->other, n2, i))
            fault(c, "its predecessor %s has no move to it", fen_of(c, s->pred[k], b, sizeof b));
    }
    return ns;
}

static uint64_t sample_size(uint64_t sample, uint64_t n)
{
    return sample && sample < n ? sample : n;
}

int selftest_layer_graph(const struct retro_layer *R, uint64_t sample,
                         void (*describe)(void *arg, uint64_t i, char *buf, size_t len), void *arg,
                         struct selftest_layer *out)
{
    struct scratch s = {0};
    if (scratch_fit(&s, R->max_moves)) {
        scratch_free(&s);
        return -1;
    }
    out->positions = R->size;
    uint64_t m = sample_size(sample, R->size);
    for (uint64_t k = 0; k < m; k++) {
        struct check c = {
            .L = out, .i = retro_sample_index(k, R->size, m), .describe = describe, .arg = arg};
        check_graph(R, &s, &c);
        out->checked++;
    }
    scratch_free(&s);
    return 0;
}

/* expand's successors (sorted, ns of them) against moves()' successors that stay in the
 * layer (s->in[0..nin-1], sorted here). */
static void compare_in_layer(struct check *c, struct scratch *s, int ns, int nin)
{
    char b[160];
    if (nin > 1) qsort(s->in, (size_t)nin, sizeof *s->in, cmp_u64); /* s->in may be NULL */
    int k = 0, j = 0;
    while (k < ns || j < nin) {
        if (j < nin && j > 0 && s->in[j] == s->in[j - 1]) { /* two moves, one class */
            j++;
            continue;
        }
        if (k < ns && j < nin && s->succ[k] == s->in[j]) {
            k++;
            j++;
        } else if (j < nin && (k == ns || s->in[j] < s->succ[k])) {
            fault(c, "moves() reaches %s, expand does not", fen_of(c, s->in[j], b, sizeof b));
            j++;
        } else {
            fault(c, "expand reaches %s, which no move of moves() does",
                  fen_of(c, s->succ[k], b, sizeof b));
            k++;
        }
    }
}

static int cmp_target(const void *x, const void *y)
{
    const struct target *a = x, *b = y;
    if (a->code != b->code) return a->code < b->code ? -1 : 1;
    if (a->kid != b->kid) return a->kid < b->kid ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Sorts the targets and drops repeats (two moves to one class); the new count. */
static int unique_targets(struct target *t, int n)
{
    if (n > 1) qsort(t, (size_t)n, sizeof *t, cmp_target); /* t may be NULL when n is 0 */
    int k = 0;
    for (int j = 0; j < n; j++)
        if (k == 0 || cmp_target(&t[k - 1], &t[j])) t[k++] = t[j];
    return k;
}

/* Position i's exits, as the engine folds them. */
static struct move_fold exits_of(const struct retro_layer *R, struct scratch *s, uint64_t i)
{
    struct move_fold e = {0};
    if (R->exits)
        R->exits(R->ctx, i, &e);
    else
        R->expand(R->ctx, i, s->other, &e);
    return e;
}

/* The exits of a cyclic layer, probed. The tables the exits read are all draws (0) but
 * where a probe sets a target, one of moves()' captures (t[0..nt-1], distinct): all won
 * for the opponent, the exits must read no draw; each in turn won more slowly, the exits'
 * longest loss must show it. ncapt: moves of moves() out of the layer in all; the exits
 * count at least one for each, none when there is none (an engine may fold a move once for
 * each way it finds to make it: Sixteen Soldiers' chains of captures); ends: one of them
 * ends the game (lost in 0 for the opponent). Leaves the tables all draws again. */
static void probe_exits(const struct retro_layer *R, struct scratch *s, struct check *c,
                        struct target *t, int nt, int ncapt, bool ends)
{
    char b[160];
    for (int k = 0; k < nt; k++) t[k].code[t[k].idx] = 2; /* won in 1 for the opponent */
    struct move_fold e = exits_of(R, s, c->i);
    if (e.draw)
        fault(c, "its exits read a position that no capture of moves() reaches");
    else if (e.n < ncapt || (e.n == 0) != (ncapt == 0))
        fault(c, "%d exits folded for %d captures of moves()", e.n, ncapt);
    else if ((e.win == 1) != ends)
        fault(c, ends ? "a capture ends the game, the exits do not say so"
                      : "an exit ends the game, no capture of moves() does");
    else if (e.loss != (nt ? 2 : 0))
        fault(c, "its exits read values no capture of moves() leads to");
    for (int k = 0; k < nt && !c->faulty; k++) {
        t[k].code[t[k].idx] = 4; /* won in 3: the exit's longest loss shows it was read */
        if (exits_of(R, s, c->i).loss != 4)
            fault(c, "the capture to %s is not among its exits", fen_pos(c, &t[k].at, b, sizeof b));
        t[k].code[t[k].idx] = 2;
    }
    for (int k = 0; k < nt; k++) t[k].code[t[k].idx] = 0;
}

/* The cyclic layers, any game's, through its interface (game.h's struct game_layers): each
 * layer's engine opened as the driver opens it (driver.c's walk_open), its children held as
 * codes that the probes set. */

#define MAX_KIDS 64

/* The layer under test and the codes its engine's exits read. */
struct cyclic {
    const struct game *g;
    const struct game_layers *gl;
    void *ix;           /* the game's index set, kept over the walk */
    struct layer_key k; /* the layer */
    int nkids;
    struct layer_key kid[MAX_KIDS];
    /* the children's codes: all draws but what a probe sets, and sets back */
    retro_code *held[MAX_KIDS];
};

static void cyclic_describe(void *arg, uint64_t i, char *buf, size_t len)
{
    const struct cyclic *cy = arg;
    struct position p;
    char err[200];
    if (cy->gl->unrank(cy->g, cy->ix, &cy->k, i, &p, err, sizeof err))
        snprintf(buf, len, "position %llu (%s)", (unsigned long long)i, err);
    else
        cy->g->ops->format(cy->g, &p, buf, len);
}

/* Where a successor of moves() lies: -1 in the layer, j in its child j, -2 in neither (the
 * game ended, or a fault). */
static int cyclic_place(const struct cyclic *cy, const struct position *sp)
{
    struct layer_key to = cy->gl->layer_of(cy->g, sp);
    if (!memcmp(&to, &cy->k, sizeof to)) return -1;
    for (int j = 0; j < cy->nkids; j++)
        if (!memcmp(&to, &cy->kid[j], sizeof to)) return j;
    return -2;
}

static int cyclic_rank(const struct cyclic *cy, const struct layer_key *k, const struct position *p,
                       uint64_t *i)
{
    uint64_t size;
    char err[200];
    return cy->gl->rank(cy->g, cy->ix, k, p, true, i, &size, err, sizeof err) ? -1 : 0;
}

/* Position c->i of the layer against moves(); ns: expand's successors. Every move leads
 * into the layer (expand's successors), into a child (an exit, whose code the exits read)
 * or to the end of the game (an exit won at once). */
static int cyclic_check_moves(const struct retro_layer *R, const struct cyclic *cy,
                              struct scratch *s, struct check *c, int ns)
{
    const struct game *g = cy->g;
    char b[160], err[200];
    struct position pos;
    if (cy->gl->unrank(g, cy->ix, &cy->k, c->i, &pos, err, sizeof err)) return -1;
    int n = g->ops->moves(g, &pos, &s->ml);
    if (n < 0 || scratch_fit_targets(s, n)) return -1;
    int nin = 0, nt = 0, nexits = 0;
    bool ends = false;
    for (int j = 0; j < n; j++) {
        const struct position *sp = &s->ml.succ[j];
        int to = cyclic_place(cy, sp);
        uint64_t at;
        struct outcome o;
        if (to == -1) {
            if (cyclic_rank(cy, &cy->k, sp, &at)) return -1;
            s->in[nin++] = at;
        } else if (to >= 0) {
            if (cyclic_rank(cy, &cy->kid[to], sp, &at)) return -1;
            s->out[nt++] = (struct target){.code = cy->held[to], .idx = at, .at = *sp};
            nexits++;
        } else if (g->ops->over(g, sp, &o)) {
            ends = true;
            nexits++;
        } else {
            fault(c, "moves() leads to %s, in no layer a move from here can reach",
                  fen_pos(c, sp, b, sizeof b));
        }
    }
    if (ns >= 0) compare_in_layer(c, s, ns, nin);
    probe_exits(R, s, c, s->out, unique_targets(s->out, nt), nexits, ends);
    c->L->links += (uint64_t)n;
    return 0;
}

static void cyclic_release(struct cyclic *cy)
{
    for (int j = 0; j < cy->nkids; j++) free(cy->held[j]);
    cy->nkids = 0;
}

/* Layer k's children and their codes, all draws: 0, or -1 when memory runs out. */
static int cyclic_hold(struct cyclic *cy, const struct layer_key *k)
{
    cy->k = *k;
    int n = cy->gl->children(cy->g, k, cy->kid, MAX_KIDS);
    if (n > MAX_KIDS) return -1;
    char err[200];
    for (cy->nkids = 0; cy->nkids < n; cy->nkids++) {
        uint64_t size;
        int j = cy->nkids;
        if (cy->gl->size(cy->g, cy->ix, &cy->kid[j], &size, err, sizeof err) ||
            !(cy->held[j] = calloc(size + 1, sizeof *cy->held[j]))) {
            cyclic_release(cy);
            return -1;
        }
    }
    return 0;
}

/* Cyclic layer k tested into L (its name and kind set): 0, or -1 when memory runs out. */
static int cyclic_layer(struct cyclic *cy, const struct layer_key *k, uint64_t sample,
                        struct scratch *s, struct selftest_layer *L)
{
    if (cyclic_hold(cy, k)) return -1;
    struct held_layer held[MAX_KIDS];
    for (int j = 0; j < cy->nkids; j++)
        held[j] = (struct held_layer){.k = cy->kid[j], .codes = cy->held[j]};
    struct retro_layer R;
    char err[300];
    if (cy->gl->engine_open(cy->g, cy->ix, k, held, cy->nkids, 0, &R, err, sizeof err)) {
        cyclic_release(cy);
        return -1;
    }
    L->positions = R.size;
    uint64_t m = sample_size(sample, R.size);
    int rc = scratch_fit(s, R.max_moves);
    for (uint64_t j = 0; j < m && !rc; j++) {
        struct check ck = {.g = cy->g,
                           .L = L,
                           .i = retro_sample_index(j, R.size, m),
                           .describe = cyclic_describe,
                           .arg = cy};
        rc = cyclic_check_moves(&R, cy, s, &ck, check_graph(&R, s, &ck));
        L->checked++;
    }
    cy->gl->engine_close(&R);
    cyclic_release(cy);
    return rc;
}

/* A cyclic layer as the report shows it. */
struct shown {
    struct layer_key k;
    char name[32];
    char kind[16];
};

/* The pieces of layer k's positions (those on the board and in hand), from its first. */
static int layer_pieces(const struct cyclic *cy, const struct layer_key *k, int *pieces)
{
    uint64_t size;
    struct position p;
    char err[200];
    if (cy->gl->size(cy->g, cy->ix, k, &size, err, sizeof err)) return -1;
    if (!size) return *pieces = 0, 0;
    if (cy->gl->unrank(cy->g, cy->ix, k, 0, &p, err, sizeof err)) return -1;
    *pieces = bits_count(p.men[0]) + bits_count(p.men[1]) + p.inhand;
    return 0;
}

/* The cyclic layers the report shows, in its order, into out (room for the list's n):
 * their number, or -1 when memory runs out. Its lines are those the game's own checks
 * wrote before the game interface served them, so that they read as they did (the
 * interface has no label for reports yet):
 *   - a game with acyclic layers (a placement phase) has its cyclic layers in its
 *     movement phase: named as in its tables' files, of the kind the game names its
 *     cyclic layers ("movement"), the layer nearest the start of the game first (the
 *     list's last: a capture leads to one listed before);
 *   - else the layers in the list's order, named by their title ("material 3+1": kind
 *     "material", name "3+1"), up to the first whose positions hold more than max_pieces
 *     pieces (the game's list goes on to the most its tables can hold). */
static int shown_layers(const struct cyclic *cy, const struct layer_entry *e, int n, int max_pieces,
                        struct shown *out)
{
    bool movement = false;
    for (int i = 0; i < n; i++) movement |= e[i].kind == LAYER_ACYCLIC;
    int ns = 0;
    for (int j = 0; j < n; j++) {
        const struct layer_entry *x = &e[movement ? n - 1 - j : j];
        if (x->kind != LAYER_CYCLIC) continue;
        struct shown *o = &out[ns];
        o->k = x->k;
        if (movement) {
            cy->gl->name(cy->g, &x->k, o->name, sizeof o->name);
            const char *kind = cy->gl->kind_names[0];
            snprintf(o->kind, sizeof o->kind, "%s", kind ? kind : "cyclic");
        } else {
            int pieces;
            if (layer_pieces(cy, &x->k, &pieces)) return -1;
            if (pieces > max_pieces) {
                if (cy->gl->index_drop) cy->gl->index_drop(cy->g, cy->ix, &x->k);
                break;
            }
            char title[64];
            cy->gl->title(cy->g, &x->k, title, sizeof title);
            const char *space = strchr(title, ' ');
            int word = space ? (int)(space - title) : 0;
            snprintf(o->kind, sizeof o->kind, "%.*s", word, title);
            snprintf(o->name, sizeof o->name, "%.*s", (int)sizeof o->name - 1,
                     space ? space + 1 : title);
        }
        ns++;
    }
    return ns;
}

static void add_layer(struct selftest_result *res, const struct selftest_layer *L)
{
    res->layers++;
    res->positions += L->positions;
    res->checked += L->checked;
    res->links += L->links;
    res->faults += L->faults;
}

/* Every cyclic layer the report shows, tested and reported. */
static int cyclic_layers(const struct game *g, int max_pieces, uint64_t sample, struct scratch *s,
                         selftest_report report, void *arg, struct selftest_result *res)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->list(g, NULL, 0);
    struct layer_entry *e = calloc((size_t)(n ? n : 1), sizeof *e);
    struct shown *show = calloc((size_t)(n ? n : 1), sizeof *show);
    struct cyclic cy = {.g = g, .gl = gl, .ix = gl->index_new(g, 0)};
    int rc = -1;
    if (e && show && cy.ix) {
        gl->list(g, e, n);
        int ns = shown_layers(&cy, e, n, max_pieces, show);
        rc = ns < 0 ? -1 : 0;
        for (int j = 0; j < ns && !rc; j++) {
            struct selftest_layer L = {.kind = show[j].kind};
            snprintf(L.name, sizeof L.name, "%s", show[j].name);
            if ((rc = cyclic_layer(&cy, &show[j].k, sample, s, &L))) break;
            add_layer(res, &L);
            if (report) rc = report(arg, g, &L);
        }
    }
    if (cy.ix) gl->index_free(cy.ix);
    free(e);
    free(show);
    return rc;
}

/* The acyclic layers (a placement phase): no predecessors, each solved in one pass from the
 * layers its moves lead to. A position's successors as the game's fold_successors probes
 * them, against moves()'. */

/* The acyclic layer under test (cy: its children, no codes held: the probe answers) and the
 * check under way. */
struct acyclic {
    struct cyclic cy;
    struct check *c;
    const struct target *t; /* moves()' successors in the children, distinct */
    int nt;
};

/* fold_successors' probe: the made-up code of a target, a draw for any other position of a
 * child; a position in no child is a fault (and a draw). */
static int acyclic_probe(void *arg, const struct position *succ, uint16_t *code)
{
    struct acyclic *a = arg;
    char b[160];
    *code = RETRO_DRAW;
    int j = cyclic_place(&a->cy, succ);
    if (j < 0) {
        fault(a->c, "fold_successors reads %s, in no layer a move from here leads to",
              fen_pos(a->c, succ, b, sizeof b));
        return 0;
    }
    uint64_t i;
    if (cyclic_rank(&a->cy, &a->cy.kid[j], succ, &i)) return -1;
    for (int k = 0; k < a->nt; k++)
        if (a->t[k].kid == j && a->t[k].idx == i) *code = a->t[k].made;
    return 0;
}

/* The value (wdl.h) fold_successors gives position pos, the targets' codes as set: 0, or
 * -1 when memory runs out. */
static int acyclic_value(struct acyclic *a, const struct position *pos, int *v)
{
    uint16_t code;
    if (a->cy.gl->fold_successors(a->cy.g, pos, acyclic_probe, a, &code)) return -1;
    *v = wdl_of_code(code);
    return 0;
}

/* Position c->i of the acyclic layer: every move of moves() leads into a child or ends the
 * game, and fold_successors reads exactly those children's positions: a loss when they are
 * all won for the opponent, a win when any one alone is lost; a win when a move ends the
 * game. */
static int acyclic_check(struct acyclic *a, struct scratch *s, struct check *c)
{
    const struct game *g = a->cy.g;
    char b[160], err[200];
    struct position pos;
    if (a->cy.gl->unrank(g, a->cy.ix, &a->cy.k, c->i, &pos, err, sizeof err)) return -1;
    int n = g->ops->moves(g, &pos, &s->ml);
    if (n < 0 || scratch_fit_targets(s, n)) return -1;
    int nt = 0, v;
    bool ends = false;
    struct outcome o;
    for (int j = 0; j < n; j++) {
        const struct position *sp = &s->ml.succ[j];
        int to = cyclic_place(&a->cy, sp);
        uint64_t at;
        if (to >= 0) {
            if (cyclic_rank(&a->cy, &a->cy.kid[to], sp, &at)) return -1;
            s->out[nt++] = (struct target){.kid = to, .idx = at, .at = *sp};
        } else if (to == -2 && g->ops->over(g, sp, &o))
            ends = true;
        else
            fault(c, "moves() leads to %s, where the layer's fold does not look from here",
                  fen_pos(c, sp, b, sizeof b));
    }
    c->L->links += (uint64_t)n;
    struct target *t = s->out;
    a->c = c;
    a->t = t;
    a->nt = ends ? 0 : unique_targets(t, nt);
    if (ends) { /* the fold may stop there: nothing else to see */
        if (acyclic_value(a, &pos, &v)) return -1;
        if (v != WDL_WIN) fault(c, "a move ends the game, yet fold_successors gives no win");
        return 0;
    }
    for (int k = 0; k < a->nt; k++) t[k].made = 2; /* won in 1 for the opponent */
    if (acyclic_value(a, &pos, &v)) return -1;
    if (v == WDL_DRAW)
        fault(c, "fold_successors reads a position that no move of moves() reaches");
    else if (v != WDL_LOSS)
        fault(c, "fold_successors gives a win when every move of moves() leads to a win");
    for (int k = 0; k < a->nt && !c->faulty; k++) {
        t[k].made = 1; /* lost in 0 for the opponent */
        if (acyclic_value(a, &pos, &v)) return -1;
        if (v != WDL_WIN)
            fault(c, "fold_successors does not read the successor %s",
                  fen_pos(c, &t[k].at, b, sizeof b));
        t[k].made = 2;
    }
    return 0;
}

/* Acyclic layer k tested into L (its name and kind set): 0, the report's, or -1. */
static int acyclic_layer(struct acyclic *a, const struct layer_key *k, uint64_t sample,
                         struct scratch *s, struct selftest_layer *L)
{
    const struct cyclic *cy = &a->cy;
    char err[200];
    a->cy.k = *k;
    a->cy.nkids = cy->gl->children(cy->g, k, a->cy.kid, MAX_KIDS);
    if (cy->nkids > MAX_KIDS || cy->gl->size(cy->g, cy->ix, k, &L->positions, err, sizeof err))
        return -1;
    uint64_t m = sample_size(sample, L->positions);
    for (uint64_t j = 0; j < m; j++) {
        struct check ck = {.g = cy->g,
                           .L = L,
                           .i = retro_sample_index(j, L->positions, m),
                           .describe = cyclic_describe,
                           .arg = &a->cy};
        if (acyclic_check(a, s, &ck)) return -1;
        L->checked++;
    }
    return 0;
}

/* An acyclic layer in the report's order, the start of the game first: from its first
 * position, the men in hand (they only go down), the men in all (captures only take them),
 * the side to move (the first to move first). */
struct acyclic_order {
    struct layer_key k;
    int inhand, men, side, at;
};

static int cmp_order(const void *x, const void *y)
{
    const struct acyclic_order *a = x, *b = y;
    if (a->inhand != b->inhand) return a->inhand > b->inhand ? -1 : 1;
    if (a->men != b->men) return a->men > b->men ? -1 : 1;
    if (a->side != b->side) return a->side < b->side ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* The acyclic layers of e[0..n-1] in the report's order into out: their number, or -1 when
 * memory runs out. */
static int acyclic_order(const struct cyclic *cy, const struct layer_entry *e, int n,
                         struct acyclic_order *out)
{
    int na = 0;
    char err[200];
    for (int j = 0; j < n; j++) {
        if (e[j].kind != LAYER_ACYCLIC) continue;
        struct acyclic_order *o = &out[na++];
        uint64_t size;
        struct position p = {0};
        if (cy->gl->size(cy->g, cy->ix, &e[j].k, &size, err, sizeof err) ||
            (size && cy->gl->unrank(cy->g, cy->ix, &e[j].k, 0, &p, err, sizeof err)))
            return -1;
        *o = (struct acyclic_order){.k = e[j].k,
                                    .inhand = p.inhand,
                                    .men = bits_count(p.men[0]) + bits_count(p.men[1]) + p.inhand,
                                    .side = p.side,
                                    .at = j};
    }
    qsort(out, (size_t)na, sizeof *out, cmp_order);
    return na;
}

/* Every acyclic layer, tested and reported. */
static int acyclic_layers(const struct game *g, uint64_t sample, struct scratch *s,
                          selftest_report report, void *arg, struct selftest_result *res)
{
    const struct game_layers *gl = g->ops->layers;
    int n = gl->list(g, NULL, 0);
    struct layer_entry *e = calloc((size_t)(n ? n : 1), sizeof *e);
    struct acyclic_order *order = calloc((size_t)(n ? n : 1), sizeof *order);
    struct acyclic a = {.cy = {.g = g, .gl = gl, .ix = gl->index_new(g, 0)}};
    int rc = -1;
    if (e && order && a.cy.ix) {
        gl->list(g, e, n);
        int na = acyclic_order(&a.cy, e, n, order);
        rc = na < 0 || (na > 0 && !gl->fold_successors) ? -1 : 0;
        for (int j = 0; j < na && !rc; j++) {
            struct selftest_layer L = {.kind = gl->kind_names[1] ? gl->kind_names[1] : "acyclic"};
            gl->name(g, &order[j].k, L.name, sizeof L.name);
            if ((rc = acyclic_layer(&a, &order[j].k, sample, s, &L))) break;
            add_layer(res, &L);
            if (report) rc = report(arg, g, &L);
        }
    }
    if (a.cy.ix) gl->index_free(a.cy.ix);
    free(e);
    free(order);
    return rc;
}

int selftest_moves(const struct game *g, int max_pieces, uint64_t sample, selftest_report report,
                   void *arg, struct selftest_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (g->no_repeat)
        return snprintf(err, errlen,
                        "rules no-repeat depend on the history, not the position: they have no "
                        "layers to test"),
               -1;
    if (!g->ops->layers)
        return snprintf(err, errlen, "%s has no layers to test", g->ops->title), -1;
    struct scratch s = {0};
    int rc = cyclic_layers(g, max_pieces, sample, &s, report, arg, res);
    if (!rc) rc = acyclic_layers(g, sample, &s, report, arg, res);
    scratch_free(&s);
    if (rc == -1) snprintf(err, errlen, "out of memory");
    return rc;
}
