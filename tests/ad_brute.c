/* Adugo by a second hand, for its tests (test_adugo.c, test_ad_tables.c): the board written
 * out from docs/rules.md's lines as point names, a move generator written plainly from its
 * rules, and the values of every raw state by fixed-point iteration. It shares nothing with
 * the module but the point numbers, found by name on the library's board, so that its
 * positions are the library's (helpers.h says what each function gives). */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "values.h"

/* The points, rows from the bottom, left to right: docs/notation.md's names. */
static const char *const point_names[AD_POINTS] = {
    "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "a4",
    "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5", "b6", "c6", "d6", "a7", "c7", "e7"};

/* docs/rules.md, "Adugo board": the Bagh-Chal board's lines, column c over rows 1..7, the
 * diamond's upper sides extended through the triangle, its lower sides, the triangle's rows. */
static const char *const lines[] = {
    "a1 b1 c1 d1 e1", "a2 b2 c2 d2 e2", "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4",
    "a5 b5 c5 d5 e5", "a1 a2 a3 a4 a5", "b1 b2 b3 b4 b5", "c1 c2 c3 c4 c5 c6 c7",
    "d1 d2 d3 d4 d5", "e1 e2 e3 e4 e5", "a1 b2 c3 d4 e5", "e1 d2 c3 b4 a5",
    "a3 b4 c5 d6 e7", "e3 d4 c5 b6 a7", "e3 d2 c1",       "c1 b2 a3",
    "b6 c6 d6",       "a7 c7 e7"};

const char *ad_point_name(int i)
{
    return point_names[i];
}

/* The library's number of the point named name. */
static int lib_point(const struct ad_board *b, const char *name)
{
    int p = board_parse_point(b->lib, name, strlen(name));
    CHECK(p >= 0 && p < AD_POINTS, "the library's board has no point %s", name);
    return p;
}

static void add_jump(struct ad_board *b, int from, int over, int to)
{
    for (int k = 0; k < b->njumps[from]; k++)
        if (b->over[from][k] == over && b->to[from][k] == to) return; /* on two lines */
    CHECK(b->njumps[from] < 8, "more than 8 jumps from a point");
    b->over[from][b->njumps[from]] = (uint8_t)over;
    b->to[from][b->njumps[from]++] = (uint8_t)to;
}

void ad_board_init(struct ad_board *b, const struct board *lib)
{
    memset(b, 0, sizeof *b);
    b->lib = lib;
    CHECK(lib->npoints == AD_POINTS, "the library's board has %d points", lib->npoints);
    for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
        int pt[8], n = 0;
        char buf[64];
        snprintf(buf, sizeof buf, "%s", lines[l]);
        for (char *s = strtok(buf, " "); s; s = strtok(NULL, " ")) pt[n++] = lib_point(b, s);
        for (int i = 0; i + 1 < n; i++) {
            b->adj[pt[i]] |= BIT(pt[i + 1]);
            b->adj[pt[i + 1]] |= BIT(pt[i]);
        }
        for (int i = 0; i + 2 < n; i++) {
            add_jump(b, pt[i], pt[i + 1], pt[i + 2]);
            add_jump(b, pt[i + 2], pt[i + 1], pt[i]);
        }
    }
    /* the mirror: columns a and e, b and d exchanged */
    for (int i = 0; i < AD_POINTS; i++) {
        char m[3] = {(char)('a' + 'e' - point_names[i][0]), point_names[i][1], 0};
        b->mirror[lib_point(b, point_names[i])] = lib_point(b, m);
    }
}

bits_t ad_mirror(const struct ad_board *b, bits_t x)
{
    bits_t y = 0;
    while (x) y |= BIT(b->mirror[bits_pop(&x)]);
    return y;
}

/* Appends s unless the list has it. */
static void add_unique(struct position *out, int *n, int max, const struct position *s)
{
    for (int i = 0; i < *n; i++)
        if (position_same(&out[i], s)) return;
    CHECK(*n < max, "more than %d successors", max);
    out[(*n)++] = *s;
}

/* Every chain of jumps on from `at` over dogs, each path followed; a result is kept when it
 * took a dog and, under forced, when it cannot go on. */
static void chains(const struct ad_board *b, bool forced, int at, bits_t dogs, int jumps,
                   struct position *out, int *n, int max)
{
    bool extended = false;
    for (int k = 0; k < b->njumps[at]; k++) {
        int over = b->over[at][k], to = b->to[at][k];
        if (!(dogs & BIT(over)) || (dogs & BIT(to))) continue; /* the jaguar left `to` */
        extended = true;
        chains(b, forced, to, dogs & ~BIT(over), jumps + 1, out, n, max);
    }
    if (jumps > 0 && (!forced || !extended))
        add_unique(out, n, max, &(struct position){.men = {BIT(at), dogs}, .side = 1});
}

int ad_moves(const struct ad_board *b, const struct ad_rules *r, const struct position *pos,
             struct position *out, int max)
{
    bits_t jaguar = pos->men[0], dogs = pos->men[1];
    int n = 0;
    if (bits_count(dogs) <= r->dogs_won) return 0; /* the jaguar has its captures */
    if (pos->side == 0) {
        int at = __builtin_ctzll(jaguar);
        chains(b, r->forced, at, dogs, 0, out, &n, max);
        if (r->forced && n) return n;
        for (bits_t to = b->adj[at] & ~dogs; to;) {
            CHECK(n < max, "more than %d successors", max);
            out[n++] = (struct position){.men = {BIT(bits_pop(&to)), dogs}, .side = 1};
        }
        return n;
    }
    for (bits_t from = dogs; from;) {
        int p = bits_pop(&from);
        for (bits_t to = b->adj[p] & ~dogs & ~jaguar; to;) {
            CHECK(n < max, "more than %d successors", max);
            out[n++] = (struct position){.men = {jaguar, (dogs & ~BIT(p)) | BIT(bits_pop(&to))}};
        }
    }
    return n;
}

/* ---- Every raw state, and its values ----------------------------------------------- */

/* A set of dogs' number among the sets of its size: its colex rank. */
static uint64_t set_rank(const struct ad_space *sp, bits_t s)
{
    uint64_t r = 0;
    for (int i = 1; s; i++) r += sp->choose[bits_pop(&s)][i];
    return r;
}

static bits_t set_unrank(const struct ad_space *sp, uint64_t r, int size)
{
    bits_t s = 0;
    for (int i = size; i >= 1; i--) {
        int p = i - 1;
        while (p + 1 <= AD_POINTS && sp->choose[p + 1][i] <= r) p++;
        r -= sp->choose[p][i];
        s |= BIT(p);
    }
    return s;
}

int ad_state(const struct ad_space *s, const struct position *pos)
{
    int d = bits_count(pos->men[1]);
    if (d < s->least || d > s->most || (pos->men[0] & pos->men[1])) return -1;
    uint64_t set = s->set_offset[d] + set_rank(s, pos->men[1]);
    uint64_t i =
        ((uint64_t)pos->side * AD_POINTS + (uint64_t)__builtin_ctzll(pos->men[0])) * s->nsets + set;
    return (int)i;
}

struct position ad_state_position(const struct ad_space *s, int i)
{
    uint64_t set = (uint64_t)i % s->nsets, rest = (uint64_t)i / s->nsets;
    int d = s->least;
    while (set >= s->set_offset[d + 1]) d++;
    return (struct position){
        .men = {BIT(rest % AD_POINTS), set_unrank(s, set - s->set_offset[d], d)},
        .side = (int)(rest / AD_POINTS)};
}

/* The successors of every state: a state's number, -1 for a move that reaches the jaguar's
 * goal. */
static void space_moves(struct ad_space *s, const struct ad_board *b, const struct ad_rules *r)
{
    struct position *out = malloc(4096 * sizeof *out);
    size_t cap = 1 << 20, nsucc = 0;
    s->first = malloc(((size_t)s->n + 1) * sizeof *s->first);
    s->succ = malloc(cap * sizeof *s->succ);
    s->capture = malloc(cap * sizeof *s->capture);
    CHECK(out && s->first && s->succ && s->capture, "out of memory");
    for (int i = 0; i < s->n; i++) {
        s->first[i] = (int)nsucc;
        if (!s->valid[i]) continue;
        struct position p = ad_state_position(s, i);
        int n = ad_moves(b, r, &p, out, 4096);
        if (nsucc + (size_t)n > cap) {
            cap = 2 * cap + (size_t)n;
            s->succ = realloc(s->succ, cap * sizeof *s->succ);
            s->capture = realloc(s->capture, cap * sizeof *s->capture);
            CHECK(s->succ && s->capture, "out of memory");
        }
        for (int j = 0; j < n; j++, nsucc++) {
            int dogs = bits_count(out[j].men[1]);
            s->capture[nsucc] = dogs < bits_count(p.men[1]);
            s->succ[nsucc] = dogs <= r->dogs_won ? -1 : ad_state(s, &out[j]);
            CHECK(s->succ[nsucc] >= 0 || dogs <= r->dogs_won, "a successor outside the states");
        }
    }
    CHECK(nsucc < (size_t)1 << 31, "too many moves");
    s->first[s->n] = (int)nsucc;
    free(out);
}

void ad_space_init(struct ad_space *s, const struct ad_board *b, const struct ad_rules *r, int most)
{
    memset(s, 0, sizeof *s);
    for (int n = 0; n <= AD_POINTS; n++)
        for (int k = 0; k <= n; k++)
            s->choose[n][k] = k == 0 || k == n ? 1 : s->choose[n - 1][k - 1] + s->choose[n - 1][k];
    s->least = r->dogs_won + 1;
    s->most = most;
    for (int d = s->least; d <= most + 1; d++)
        s->set_offset[d + 1] = s->set_offset[d] + (d <= most ? s->choose[AD_POINTS][d] : 0);
    for (int d = 0; d < s->least; d++) s->set_offset[d] = 0;
    s->nsets = s->set_offset[most + 1];
    s->n = (int)(2 * AD_POINTS * s->nsets);
    s->valid = malloc((size_t)s->n);
    CHECK(s->valid, "out of memory");
    for (int i = 0; i < s->n; i++) {
        struct position p = ad_state_position(s, i);
        s->valid[i] = !(p.men[0] & p.men[1]);
        CHECK(!s->valid[i] || ad_state(s, &p) == i, "state %d does not number back", i);
    }
    space_moves(s, b, r);
    /* a move that leaves the other side no move wins the game too (docs/rules.md: "a move
     * that wins the game is a win" under the counting rule, on the L-th half-move as well) */
    for (int j = 0; j < s->first[s->n]; j++)
        if (s->succ[j] >= 0 && s->first[s->succ[j]] == s->first[s->succ[j] + 1]) s->succ[j] = -1;
}

/* Pass k decides the wins in k (a move to a state lost in k - 1; a move that wins the game
 * is one to a loss in 0) and the losses in k (every move to a state won, the longest in
 * k - 1); pass 0 the states with no move. Until a pass and the next decide nothing: the rest
 * are draws. */
void ad_space_solve(struct ad_space *s)
{
    s->code = calloc((size_t)s->n, sizeof *s->code);
    CHECK(s->code, "out of memory");
    for (int k = 0, quiet = 0; quiet < 2; k++) {
        int decided = 0;
        for (int i = 0; i < s->n; i++) {
            if (!s->valid[i] || s->code[i]) continue;
            bool win = false, all_won = true;
            int longest = -1;
            for (int j = s->first[i]; j < s->first[i + 1]; j++) {
                int c = s->succ[j] < 0 ? 1 : s->code[s->succ[j]];
                if (code_loss((retro_code)c) && code_dtm((retro_code)c) == k - 1) win = true;
                if (!code_win((retro_code)c))
                    all_won = false;
                else if (code_dtm((retro_code)c) > longest)
                    longest = code_dtm((retro_code)c);
            }
            /* a state decided in this pass is a win in k or a loss in k: neither changes what
             * another state finds here */
            if (win || (all_won && longest + 1 == k)) {
                s->code[i] = (uint16_t)(k + 1);
                decided++;
            }
            CHECK(win || !all_won || longest + 1 >= k, "a loss missed");
        }
        quiet = decided ? 0 : quiet + 1;
        s->passes = k + 1;
    }
}

void ad_space_free(struct ad_space *s)
{
    free(s->valid);
    free(s->first);
    free(s->succ);
    free(s->capture);
    free(s->code);
}
