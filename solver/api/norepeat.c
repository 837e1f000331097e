/* Bagh-Chal under the no-repeat rules, by search: the method is in norepeat.h. */
#include "norepeat.h"

#include <stdlib.h>
#include <string.h>

/* Internal results beside enum nr_value: the budget ran out, or memory did. */
#define NR_ABORT 3
#define NR_NOMEM 4

/* The deepest a depth-first search goes (plies inside one layer) before it gives up, so
 * that the C stack holds. */
#define NR_MAX_DEPTH 50000

/* A board as one word: goats in the low half, tigers in the high (Bagh-Chal boards have at
 * most 32 points). Never 0: there are always tigers. */
static inline uint64_t board_key(const struct position *p)
{
    return (uint64_t)p->men[0] | (uint64_t)p->men[1] << 32;
}

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* The two independent hashes of a board. */
static inline uint64_t hash_a(uint64_t key)
{
    return mix64(key ^ 0x243f6a8885a308d3ull);
}
static inline uint64_t hash_b(uint64_t key)
{
    return mix64(key * 0x13198a2e03707345ull + 0xa4093822299f31d0ull);
}

/* ---- A growable open-addressing map from two words to a value ------------------------ */

struct map_slot {
    uint64_t k1, k2; /* k1 == 0: empty */
    int64_t value;
};

struct map {
    struct map_slot *slot;
    size_t mask, used, cap_limit; /* cap_limit: most slots */
    /* Full at cap_limit, the map keeps the slots whose value keep says to (NULL: none) and
     * forgets the rest: a transposition table only saves work. */
    bool (*keep)(int64_t value);
};

static int map_init(struct map *m, size_t slots, size_t cap_limit, bool (*keep)(int64_t))
{
    m->slot = calloc(slots, sizeof *m->slot);
    m->mask = slots - 1;
    m->used = 0;
    m->cap_limit = cap_limit;
    m->keep = keep;
    return m->slot ? 0 : -1;
}

static void map_free(struct map *m)
{
    free(m->slot);
    m->slot = NULL;
}

static struct map_slot *map_find(const struct map *m, uint64_t k1, uint64_t k2)
{
    for (size_t i = mix64(k1 ^ k2) & m->mask;; i = (i + 1) & m->mask) {
        struct map_slot *s = &m->slot[i];
        if (!s->k1 || (s->k1 == k1 && s->k2 == k2)) return s;
    }
}

static int map_get(const struct map *m, uint64_t k1, uint64_t k2)
{
    const struct map_slot *s = map_find(m, k1, k2);
    return s->k1 ? (int)s->value : NR_UNKNOWN;
}

/* Stores a value; -1 when memory runs out. A map grows to twice its slots until
 * cap_limit; there it keeps what keep says (into the same slots, or twice as many when
 * that is over half of them) and forgets the rest. */
static int map_put(struct map *m, uint64_t k1, uint64_t k2, int64_t value)
{
    if (2 * (m->used + 1) > m->mask + 1) {
        size_t slots = 2 * (m->mask + 1);
        bool full = slots > m->cap_limit;
        if (full && !m->keep) { /* nothing kept: the same slots, emptied */
            memset(m->slot, 0, (m->mask + 1) * sizeof *m->slot);
            m->used = 0;
            slots = 0;
        }
        size_t kept = 0;
        for (size_t i = 0; full && m->keep && i <= m->mask; i++)
            kept += m->slot[i].k1 && m->keep(m->slot[i].value);
        if (full && m->keep && 2 * (kept + 1) <= m->mask + 1) slots = m->mask + 1;
        struct map bigger;
        if (slots && map_init(&bigger, slots, m->cap_limit, m->keep)) return -1;
        for (size_t i = 0; slots && i <= m->mask; i++)
            if (m->slot[i].k1 && (!full || m->keep(m->slot[i].value))) {
                *map_find(&bigger, m->slot[i].k1, m->slot[i].k2) = m->slot[i];
                bigger.used++;
            }
        if (slots) {
            free(m->slot);
            *m = bigger;
        }
    }
    struct map_slot *s = map_find(m, k1, k2);
    if (!s->k1) m->used++;
    *s = (struct map_slot){k1, k2, value};
    return 0;
}

/* ---- The boards on the path of a depth-first search (one layer) ---------------------- */

struct path_set {
    uint64_t *key; /* 0: empty */
    size_t mask, used;
    uint64_t ha, hb; /* the set's hashes: the XOR of its boards' */
};

static int path_init(struct path_set *p)
{
    memset(p, 0, sizeof *p);
    p->key = calloc(1024, sizeof *p->key);
    p->mask = 1023;
    return p->key ? 0 : -1;
}

static size_t path_slot(const struct path_set *p, uint64_t key)
{
    size_t i = mix64(key) & p->mask;
    while (p->key[i] && p->key[i] != key) i = (i + 1) & p->mask;
    return i;
}

static bool path_has(const struct path_set *p, uint64_t key)
{
    return p->key[path_slot(p, key)] != 0;
}

static int path_add(struct path_set *p, uint64_t key)
{
    if (2 * (p->used + 1) > p->mask + 1) {
        size_t n = 2 * (p->mask + 1);
        uint64_t *old = p->key, *k = calloc(n, sizeof *k);
        if (!k) return -1;
        size_t oldn = p->mask + 1;
        p->key = k;
        p->mask = n - 1;
        for (size_t i = 0; i < oldn; i++)
            if (old[i]) p->key[path_slot(p, old[i])] = old[i];
        free(old);
    }
    p->key[path_slot(p, key)] = key;
    p->used++;
    p->ha ^= hash_a(key);
    p->hb ^= hash_b(key);
    return 0;
}

/* Removes a key that is there, shifting back the run after it (linear probing). */
static void path_remove(struct path_set *p, uint64_t key)
{
    size_t i = path_slot(p, key);
    for (size_t j = i;;) {
        p->key[i] = 0;
        for (;;) {
            j = (j + 1) & p->mask;
            if (!p->key[j]) goto done;
            size_t home = mix64(p->key[j]) & p->mask;
            /* move key j back to i unless its home lies cyclically in (i, j] */
            bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!stays) break;
        }
        p->key[i] = p->key[j];
        i = j;
    }
done:
    p->used--;
    p->ha ^= hash_a(key);
    p->hb ^= hash_b(key);
}

static void path_clear(struct path_set *p)
{
    memset(p->key, 0, (p->mask + 1) * sizeof *p->key);
    p->used = 0;
    p->ha = p->hb = 0;
}

/* Proof and disproof numbers: the least number of positions still to be proven for the
 * side to move to win (pn) or to lose (dn). PN_INF: never. */
#define PN_INF (UINT32_MAX / 4)
#define PN_MAX_MOVES 64

static inline uint32_t pn_add(uint32_t a, uint32_t b)
{
    return a + b >= PN_INF ? PN_INF : a + b;
}

/* A state's proof and disproof numbers as the map's value, and back. */
static inline int64_t pn_pack(uint32_t pn, uint32_t dn)
{
    return (int64_t)((uint64_t)pn << 32 | dn);
}

/* Full, the table keeps the proven states: the others are work that may be done again. */
static bool pn_proven(int64_t value)
{
    return !(value >> 32) || !(uint32_t)value;
}

/* What a frame of the proof-number search keeps of its moves. */
struct pn_frame {
    uint32_t pn[PN_MAX_MOVES], dn[PN_MAX_MOVES];
    bool inside[PN_MAX_MOVES]; /* a move within the layer, else a way out of it */
};

/* ---- The search ------------------------------------------------------------------------ */

struct nr_search {
    const struct game *g;
    nr_standard_fn standard;
    void *arg;
    bool bounds;    /* standard wins bound entry values (bipartite boards only) */
    bool bipartite; /* so no board recurs in a layer with one empty point (norepeat.h) */
    uint64_t nodes, budget;
    struct map entries; /* entry values, by position */
    struct map tt;      /* unlimited window: by position and the set of boards seen */
    /* unlimited window: the path's boards, one set per number of goats on the board (a
     * search of one layer runs inside another's only for a layer with fewer goats) */
    struct path_set path[BOARD_MAX_POINTS + 1];
    struct movelist **lists; /* one per depth */
    int nlists;
    /* unlimited window: proof-number search (the default), or depth-first */
    bool depth_first;
    struct map pn;            /* its proof and disproof numbers (pn_pack) */
    struct pn_frame **frames; /* one per depth */
    int nframes;
};

struct nr_search *nr_new(const struct game *g, nr_standard_fn standard, void *arg, bool bounds)
{
    struct nr_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->g = g;
    s->standard = standard;
    s->arg = arg;
    s->bipartite = nr_board_bipartite(g->board);
    s->bounds = bounds && standard && s->bipartite;
    bool ok = !map_init(&s->entries, 1 << 12, (size_t)1 << 26, NULL) &&
              !map_init(&s->tt, 1 << 16, (size_t)1 << 25, NULL) &&
              !map_init(&s->pn, 1 << 12, (size_t)1 << 25, pn_proven);
    for (int i = 0; ok && i <= BOARD_MAX_POINTS; i++) ok = !path_init(&s->path[i]);
    if (!ok) {
        nr_free(s);
        return NULL;
    }
    return s;
}

void nr_free(struct nr_search *s)
{
    if (!s) return;
    map_free(&s->entries);
    map_free(&s->tt);
    for (int i = 0; i <= BOARD_MAX_POINTS; i++) free(s->path[i].key);
    for (int i = 0; i < s->nlists; i++) {
        movelist_free(s->lists[i]);
        free(s->lists[i]);
    }
    free(s->lists);
    map_free(&s->pn);
    for (int i = 0; i < s->nframes; i++) free(s->frames[i]);
    free(s->frames);
    free(s);
}

void nr_depth_first(struct nr_search *s, bool on)
{
    s->depth_first = on;
}

bool nr_bounded(const struct nr_search *s)
{
    return s->bounds;
}

bool nr_board_bipartite(const struct board *b)
{
    int colour[BOARD_MAX_POINTS];
    for (int p = 0; p < b->npoints; p++) colour[p] = -1;
    for (int start = 0; start < b->npoints; start++) {
        if (colour[start] >= 0) continue;
        int stack[BOARD_MAX_POINTS], n = 0;
        colour[start] = 0;
        stack[n++] = start;
        while (n) {
            int p = stack[--n];
            for (int k = 0; k < b->degree[p]; k++) {
                int q = b->adj[p][k];
                if (colour[q] < 0) {
                    colour[q] = 1 - colour[p];
                    stack[n++] = q;
                } else if (colour[q] == colour[p])
                    return false;
            }
        }
    }
    return true;
}

/* The move list for depth d, made on first use. */
static struct movelist *list_at(struct nr_search *s, int d)
{
    while (s->nlists <= d) {
        struct movelist **grown = realloc(s->lists, (size_t)(s->nlists + 64) * sizeof *grown);
        if (!grown) return NULL;
        s->lists = grown;
        for (int i = 0; i < 64; i++) {
            struct movelist *l = malloc(sizeof *l);
            if (!l) return NULL;
            movelist_init(l);
            s->lists[s->nlists++] = l;
        }
    }
    return s->lists[d];
}

/* Whether a move from p to succ leaves p's layer: a capture, or a placement. */
static inline bool leaves_layer(const struct position *p, const struct position *succ)
{
    return p->inhand > 0 || succ->inhand > 0 || bits_count(succ->men[0]) != bits_count(p->men[0]);
}

/* Whether no move from pos on can be refused until the layer is left: after the
 * placements, on a bipartite board with one empty point (norepeat.h's second proof). Its
 * value is then its entry value, whatever its history. */
static inline bool never_refused(const struct nr_search *s, const struct position *pos)
{
    return s->bipartite && pos->inhand == 0 &&
           bits_count(pos->men[0] | pos->men[1]) == s->g->board->npoints - 1;
}

static inline int negate(int v)
{
    return v == NR_WIN ? NR_LOSS : v == NR_LOSS ? NR_WIN : v;
}

/* Sorts a list's moves (and their positions) by key[], smallest first; moves with equal
 * keys keep their order. An insertion sort: lists are short. */
static void sort_moves_by_key(struct movelist *l, int *key)
{
    for (int i = 1; i < l->n; i++) {
        struct move mv = l->mv[i];
        struct position succ = l->succ[i];
        int k = key[i], j = i;
        for (; j > 0 && key[j - 1] > k; j--) {
            l->mv[j] = l->mv[j - 1];
            l->succ[j] = l->succ[j - 1];
            key[j] = key[j - 1];
        }
        l->mv[j] = mv;
        l->succ[j] = succ;
        key[j] = k;
    }
}

/* Orders the moves of a list, best first for the mover by the standard tables: their
 * quickest wins, then draws, then their slowest losses; moves the tables cannot tell
 * between draws and losses. */
static void order_moves(struct nr_search *s, struct movelist *l)
{
    if (!s->standard || l->n > 64) return;
    int key[64];
    for (int i = 0; i < l->n; i++) {
        retro_code c;
        key[i] = s->standard(s->arg, &l->succ[i], &c) ? 1 : -code_order(code_of_move(c));
    }
    sort_moves_by_key(l, key);
}

static int entry(struct nr_search *s, const struct position *pos, struct position *best, int depth);

static inline uint64_t entry_key_b(const struct position *p)
{
    return (uint64_t)p->side | (uint64_t)p->inhand << 1 | (uint64_t)1 << 32;
}

/* The entry value of pos when it costs no search: cached, the game over, or bounded by
 * the standard tables (norepeat.h); else NR_UNKNOWN. */
static int known_entry(struct nr_search *s, const struct position *pos)
{
    int v = map_get(&s->entries, board_key(pos), entry_key_b(pos));
    if (v != NR_UNKNOWN) return v;
    struct outcome o;
    if (s->g->ops->over(s->g, pos, &o)) return o.winner == pos->side ? NR_WIN : NR_LOSS;
    retro_code c;
    if (s->bounds && !s->standard(s->arg, pos, &c) && c != RETRO_DRAW)
        return code_win(c) ? NR_WIN : NR_LOSS;
    return NR_UNKNOWN;
}

/* Orders the moves inside a layer: the fewest replies first (a refused reply does not
 * count), as Warnsdorff's rule does for a knight's tour, since the side that runs out of
 * boards loses; a move that leaves the opponent none wins at once, so it comes first. The
 * standard tables are not consulted: inside a draw they tell the moves apart little, and
 * probing them at every node costs more than the search. scratch is a list for the
 * replies. */
static int order_by_replies(struct nr_search *s, const struct position *pos, struct movelist *l,
                            struct path_set *path, struct movelist *scratch)
{
    if (l->n > 64) return 0;
    int replies[64];
    for (int i = 0; i < l->n; i++) {
        const struct position *succ = &l->succ[i];
        if (leaves_layer(pos, succ)) {
            /* a way out of the layer: its entry value may cost a whole search of the next
             * layer, so it comes first only when known to win, last when known to lose */
            int v = known_entry(s, succ);
            replies[i] = v == NR_LOSS ? -1 : v == NR_WIN ? 1001 : 1000;
            continue;
        }
        replies[i] = 0;
        if (s->g->ops->moves(s->g, succ, scratch) < 0) return -1;
        for (int k = 0; k < scratch->n; k++)
            replies[i] += leaves_layer(succ, &scratch->succ[k]) ||
                          !path_has(path, board_key(&scratch->succ[k]));
    }
    sort_moves_by_key(l, replies);
    return 0;
}

static inline uint64_t tt_key_a(const struct path_set *p, const struct position *pos)
{
    return (p->ha ^ mix64(board_key(pos) + 0x517cc1b727220a95ull * (uint64_t)(pos->side + 1))) |
           1; /* never 0, the empty slot */
}
static inline uint64_t tt_key_b(const struct path_set *p, const struct position *pos)
{
    return p->hb ^ hash_a(board_key(pos) ^ (uint64_t)pos->side << 63);
}

/* Unlimited window: the value of pos for its side to move, its layer's boards seen so far
 * in s->path[goats on the board] (pos's own included). best, when not NULL, gets a
 * winning move's position. */
static int dfs(struct nr_search *s, const struct position *pos, int depth, struct position *best)
{
    if (++s->nodes > s->budget || depth >= NR_MAX_DEPTH) return NR_ABORT;
    struct outcome o;
    if (s->g->ops->over(s->g, pos, &o)) return o.winner == pos->side ? NR_WIN : NR_LOSS;
    struct path_set *path = &s->path[bits_count(pos->men[0])];
    uint64_t ka = tt_key_a(path, pos), kb = tt_key_b(path, pos);
    if (!best) {
        int v = map_get(&s->tt, ka, kb);
        if (v != NR_UNKNOWN) return v;
    }
    struct movelist *l = list_at(s, depth);
    if (!l || s->g->ops->moves(s->g, pos, l) < 0) return NR_NOMEM;
    struct movelist *scratch = list_at(s, depth + 1);
    if (!scratch || order_by_replies(s, pos, l, path, scratch)) return NR_NOMEM;
    int result = NR_LOSS;
    for (int i = 0; i < l->n; i++) {
        const struct position *succ = &l->succ[i];
        int v;
        if (leaves_layer(pos, succ))
            v = entry(s, succ, NULL, depth + 1); /* its search above this frame's lists */
        else {
            uint64_t key = board_key(succ);
            if (path_has(path, key)) continue; /* refused: the board was seen */
            if (path_add(path, key)) return NR_NOMEM;
            v = dfs(s, succ, depth + 1, NULL);
            path_remove(path, key);
        }
        if (v == NR_ABORT || v == NR_NOMEM) return v;
        if (v == NR_LOSS) {
            result = NR_WIN;
            if (best) *best = *succ;
            break;
        }
    }
    if (map_put(&s->tt, ka, kb, result)) return NR_NOMEM;
    return result;
}

/* ---- Unlimited window: proof-number search ------------------------------------------- */

/* The keys of the state succ leads to: the path's set with succ's board added. */
static void child_keys(const struct path_set *p, const struct position *succ, uint64_t *ka,
                       uint64_t *kb)
{
    uint64_t key = board_key(succ);
    struct path_set with = {.ha = p->ha ^ hash_a(key), .hb = p->hb ^ hash_b(key)};
    *ka = tt_key_a(&with, succ);
    *kb = tt_key_b(&with, succ);
}

static struct pn_frame *frame_at(struct nr_search *s, int d)
{
    while (s->nframes <= d) {
        int n = s->nframes + 64;
        struct pn_frame **grown = realloc(s->frames, (size_t)n * sizeof *grown);
        if (!grown) return NULL;
        s->frames = grown;
        for (; s->nframes < n; s->nframes++)
            if (!(s->frames[s->nframes] = malloc(sizeof **s->frames))) return NULL;
    }
    return s->frames[d];
}

/*
 * Nagai's df-pn, in negamax form: a state is won for its mover when some move leads to a
 * state lost for the other side, so its pn is the least of its moves' dn and its dn the
 * sum of their pn. mid() searches the state pos (its board already in the path) until its
 * pn reaches thpn or its dn thdn, into *pn and *dn. The table's keys hold the set of boards
 * seen, so a state recurs in the search only as the same state, and the graph-history
 * interaction that troubles df-pn in games with repetition cannot arise. A move the rule
 * refuses is not a move; a way out of the layer is valued by a search of the next.
 */
static int mid(struct nr_search *s, const struct position *pos, int depth, uint32_t thpn,
               uint32_t thdn, uint32_t *pn, uint32_t *dn)
{
    if (++s->nodes > s->budget || depth >= NR_MAX_DEPTH) return NR_ABORT;
    struct outcome o;
    if (s->g->ops->over(s->g, pos, &o)) {
        bool won = o.winner == pos->side;
        *pn = won ? 0 : PN_INF;
        *dn = won ? PN_INF : 0;
        return 0;
    }
    struct path_set *path = &s->path[bits_count(pos->men[0])];
    struct movelist *l = list_at(s, depth);
    struct pn_frame *f = frame_at(s, depth);
    if (!l || !f || s->g->ops->moves(s->g, pos, l) < 0) return NR_NOMEM;
    if (l->n > PN_MAX_MOVES) return NR_ABORT;
    int n = 0; /* the moves kept, packed at the front of l */
    for (int i = 0; i < l->n; i++) {
        const struct position *succ = &l->succ[i];
        uint32_t cpn = 1, cdn = 1;
        bool inside = !leaves_layer(pos, succ);
        /* A way out of the layer (a capture) leads to an entry state: its board alone in its
         * layer's path. It is searched as part of this proof, as deep as it needs to be,
         * not settled first: a next layer's entry can take more than the whole budget. */
        int v = inside ? NR_UNKNOWN : known_entry(s, succ);
        if (v != NR_UNKNOWN) {
            cpn = v == NR_WIN ? 0 : PN_INF;
            cdn = v == NR_LOSS ? 0 : PN_INF;
        } else {
            if (inside && path_has(path, board_key(succ))) continue; /* refused */
            static const struct path_set empty;
            uint64_t ka, kb;
            child_keys(inside ? path : &empty, succ, &ka, &kb);
            const struct map_slot *t = map_find(&s->pn, ka, kb);
            if (t->k1) cpn = (uint32_t)((uint64_t)t->value >> 32), cdn = (uint32_t)t->value;
        }
        l->mv[n] = l->mv[i];
        l->succ[n] = *succ;
        f->pn[n] = cpn;
        f->dn[n] = cdn;
        f->inside[n] = inside;
        n++;
    }
    l->n = n;
    uint64_t ka = tt_key_a(path, pos), kb = tt_key_b(path, pos);
    for (;;) {
        uint32_t mpn = PN_INF, mdn = 0, second = PN_INF;
        int best = -1;
        for (int i = 0; i < n; i++) {
            mdn = pn_add(mdn, f->pn[i]);
            if (f->dn[i] < mpn) {
                second = mpn;
                mpn = f->dn[i];
                best = i;
            } else if (f->dn[i] < second)
                second = f->dn[i];
        }
        if (!mpn)
            mdn = PN_INF; /* won */
        else if (!mdn)
            mpn = PN_INF; /* lost: every move is lost, or there is none */
        *pn = mpn;
        *dn = mdn;
        if (mpn >= thpn || mdn >= thdn || best < 0) break;
        uint32_t cthpn = thdn - mdn + f->pn[best] > PN_INF ? PN_INF : thdn - mdn + f->pn[best];
        uint32_t cthdn = thpn < second + 1 ? thpn : second + 1;
        const struct position *succ = &l->succ[best];
        /* the layer's path, or the next layer's, empty until its entry board goes in */
        struct path_set *into = f->inside[best] ? path : &s->path[bits_count(succ->men[0])];
        if (path_add(into, board_key(succ))) return NR_NOMEM;
        int rc = mid(s, succ, depth + 1, cthpn, cthdn, &f->pn[best], &f->dn[best]);
        path_remove(into, board_key(succ));
        if (rc) return rc;
        if (!f->inside[best] && (!f->pn[best] || !f->dn[best]) &&
            map_put(&s->entries, board_key(succ), entry_key_b(succ),
                    f->pn[best] ? NR_LOSS : NR_WIN))
            return NR_NOMEM;
    }
    return map_put(&s->pn, ka, kb, pn_pack(*pn, *dn)) ? NR_NOMEM : 0;
}

/* Unlimited window, by proof numbers: the value of pos, its board in the path; best,
 * when not NULL, gets a winning move's position. */
static int dfpn(struct nr_search *s, const struct position *pos, int depth, struct position *best)
{
    uint32_t pn, dn;
    int rc = mid(s, pos, depth, PN_INF, PN_INF, &pn, &dn);
    if (rc) return rc;
    if (pn && dn) return NR_ABORT; /* not reached: the thresholds are infinite */
    if (best && !pn) {
        struct movelist *l = list_at(s, depth);
        struct pn_frame *f = frame_at(s, depth);
        for (int i = 0; l && f && i < l->n; i++)
            if (!f->dn[i]) {
                *best = l->succ[i];
                break;
            }
    }
    return pn ? NR_LOSS : NR_WIN;
}

/* ---- Window N: the layer's state graph ------------------------------------------------ */

/* A state: the side to move and the window's boards, [0] the current one, 0 for a board
 * of another layer or none yet. */
struct graph {
    int width;      /* the window: boards per state */
    uint64_t *keys; /* width + 1 words per state: side, then the boards */
    size_t nstates, cap;
    uint32_t *slot; /* hash slots: state index + 1, 0 empty */
    size_t mask;
    /* edges, in the order listed: child states of each state */
    uint32_t *edge_to, *edge_from;
    size_t nedges, edge_cap;
    int8_t *leaf;  /* the best value the mover gets by leaving the layer, NR_UNKNOWN if none */
    int8_t *value; /* the state's value, NR_UNKNOWN until known */
};

static void graph_free(struct graph *gr)
{
    free(gr->keys);
    free(gr->slot);
    free(gr->edge_to);
    free(gr->edge_from);
    free(gr->leaf);
    free(gr->value);
}

static uint64_t state_hash(const uint64_t *k, int words)
{
    uint64_t h = 0;
    for (int i = 0; i < words; i++) h = mix64(h ^ k[i]);
    return h;
}

/* The two hashes of a state, as the solved states' map keys them (norepeat.h). */
static uint64_t solved_key_a(const uint64_t *k, int words)
{
    return state_hash(k, words) | 1;
}
static uint64_t solved_key_b(const uint64_t *k, int words)
{
    uint64_t h = 0x6a09e667f3bcc908ull;
    for (int i = 0; i < words; i++) h = hash_b(h + k[i]);
    return h;
}

/* The index of a state, added when new (*added set); -1 when memory runs out. */
static long graph_state(struct graph *gr, const uint64_t *k, bool *added)
{
    int words = gr->width + 1;
    *added = false;
    size_t i = state_hash(k, words) & gr->mask;
    for (; gr->slot[i]; i = (i + 1) & gr->mask)
        if (!memcmp(&gr->keys[(size_t)(gr->slot[i] - 1) * words], k, words * sizeof *k))
            return gr->slot[i] - 1;
    if (gr->nstates == gr->cap) {
        size_t cap = gr->cap ? 2 * gr->cap : 1024;
        uint64_t *keys = realloc(gr->keys, cap * words * sizeof *keys);
        if (!keys) return -1;
        gr->keys = keys;
        int8_t *leaf = realloc(gr->leaf, cap);
        if (!leaf) return -1;
        gr->leaf = leaf;
        gr->cap = cap;
    }
    if (2 * (gr->nstates + 1) > gr->mask + 1) {
        size_t n = 2 * (gr->mask + 1);
        uint32_t *slot = calloc(n, sizeof *slot);
        if (!slot) return -1;
        for (size_t j = 0; j <= gr->mask; j++) {
            if (!gr->slot[j]) continue;
            size_t h = state_hash(&gr->keys[(size_t)(gr->slot[j] - 1) * words], words) & (n - 1);
            while (slot[h]) h = (h + 1) & (n - 1);
            slot[h] = gr->slot[j];
        }
        free(gr->slot);
        gr->slot = slot;
        gr->mask = n - 1;
        i = state_hash(k, words) & gr->mask;
        while (gr->slot[i]) i = (i + 1) & gr->mask;
    }
    memcpy(&gr->keys[gr->nstates * words], k, words * sizeof *k);
    gr->leaf[gr->nstates] = NR_UNKNOWN;
    gr->slot[i] = (uint32_t)(++gr->nstates);
    *added = true;
    return (long)gr->nstates - 1;
}

static int graph_edge(struct graph *gr, size_t from, size_t to)
{
    if (gr->nedges == gr->edge_cap) {
        size_t cap = gr->edge_cap ? 2 * gr->edge_cap : 4096;
        uint32_t *t = realloc(gr->edge_to, cap * sizeof *t);
        if (!t) return -1;
        gr->edge_to = t;
        uint32_t *f = realloc(gr->edge_from, cap * sizeof *f);
        if (!f) return -1;
        gr->edge_from = f;
        gr->edge_cap = cap;
    }
    gr->edge_from[gr->nedges] = (uint32_t)from;
    gr->edge_to[gr->nedges++] = (uint32_t)to;
    return 0;
}

static struct position state_position(const struct graph *gr, size_t i, int inhand)
{
    const uint64_t *k = &gr->keys[i * (gr->width + 1)];
    struct position p = {{k[1] & 0xffffffffu, k[1] >> 32}, (int)k[0], inhand, 0};
    return p;
}

/* Better for the mover: win over draw over loss. */
static inline int better(int a, int b)
{
    if (a == NR_UNKNOWN) return b;
    if (b == NR_UNKNOWN) return a;
    return a > b ? a : b;
}

/* The number of points whose contents differ between two boards (board_key's words). */
static inline int board_distance(uint64_t a, uint64_t b)
{
    uint64_t d = a ^ b;
    return bits_count((bits_t)((d | d >> 32) & 0xffffffffu));
}

/* The state succ leads to from the state cur, into k (the window shifted by one board);
 * false when succ's board is in cur's window, a move the rule refuses.
 *
 * A board of the window that play cannot recreate while it is still there is forgotten
 * (0), so that states differing only in such boards are one. A step inside a layer changes
 * the contents of two points, so a board d points away from the current one is at least
 * d / 2 plies away; the board k[w] refuses the next width - w + 1 moves and no later one. */
static bool next_state(const struct graph *gr, const uint64_t *cur, const struct position *succ,
                       uint64_t *k)
{
    uint64_t key = board_key(succ);
    for (int w = 1; w <= gr->width; w++)
        if (cur[w] == key) return false;
    k[0] = (uint64_t)succ->side;
    k[1] = key;
    for (int w = 2; w <= gr->width; w++) {
        uint64_t b = cur[w - 1];
        k[w] = b && board_distance(b, key) <= 2 * (gr->width - w + 1) ? b : 0;
    }
    return true;
}

/* How listing a state's moves ended. */
enum { LISTED = 0, LIST_OPEN = 1, LIST_NOMEM = -1 };

/* One move of state i (at pos) in a pass of list_state: a way out of the layer gives the
 * state a leaf value, and a move within it an edge to its new state, or a leaf value when
 * that state was solved for an earlier root. k is scratch for a state's words. */
static int list_move(struct nr_search *s, struct graph *gr, size_t i, const struct position *pos,
                     const struct position *succ, int pass, uint64_t *k, int depth)
{
    if (leaves_layer(pos, succ)) {
        int v = known_entry(s, succ);
        if ((v == NR_UNKNOWN) != (pass == 1)) return LISTED;
        if (v == NR_UNKNOWN) v = entry(s, succ, NULL, depth);
        if (v == NR_NOMEM) return LIST_NOMEM;
        if (v == NR_ABORT) return LIST_OPEN;
        gr->leaf[i] = (int8_t)better(gr->leaf[i], negate(v));
        return LISTED;
    }
    if (pass == 1) return LISTED;
    int words = gr->width + 1;
    if (!next_state(gr, &gr->keys[i * words], succ, k)) return LISTED;
    /* a state solved for an earlier root is a leaf here */
    int known = map_get(&s->tt, solved_key_a(k, words), solved_key_b(k, words));
    if (known != NR_UNKNOWN) {
        gr->leaf[i] = (int8_t)better(gr->leaf[i], negate(known));
        return LISTED;
    }
    if (pass == 0) return LISTED;
    bool added;
    long j = graph_state(gr, k, &added);
    if (j < 0 || graph_edge(gr, i, (size_t)j)) return LIST_NOMEM;
    return LISTED;
}

/* Lists state i's moves: LISTED, LIST_OPEN when a search out of the layer ran out of
 * budget before all were listed, or LIST_NOMEM. */
static int list_state(struct nr_search *s, struct graph *gr, size_t i, uint64_t *k,
                      struct movelist *l, int depth)
{
    struct position pos = state_position(gr, i, 0);
    struct outcome o;
    if (s->g->ops->over(s->g, &pos, &o)) {
        gr->leaf[i] = o.winner == pos.side ? NR_WIN : NR_LOSS;
        return LISTED;
    }
    if (s->g->ops->moves(s->g, &pos, l) < 0) return LIST_NOMEM;
    /* The moves in three passes, cheapest first, so that a state found won early lists
     * no more: what is known already (states solved for an earlier root, cached entry
     * values), then the ways out of the layer that need a search, then the layer's new
     * states. The order of a graph's edges does not change its values. */
    for (int pass = 0; pass < 3 && gr->leaf[i] != NR_WIN; pass++)
        for (int m = 0; m < l->n && gr->leaf[i] != NR_WIN; m++) {
            int rc = list_move(s, gr, i, &pos, &l->succ[m], pass, k, depth);
            if (rc != LISTED) return rc;
        }
    return LISTED;
}

/* Lists the states reachable from the graph's first, in the order found, from state from
 * on, until the budget runs out: *open is then the first state whose moves were not all
 * listed (SIZE_MAX when every state's were). -1 when out of memory. */
static int graph_list(struct nr_search *s, struct graph *gr, uint64_t *k, struct movelist *l,
                      int depth, size_t from, size_t *open)
{
    *open = SIZE_MAX;
    for (size_t i = from; i < gr->nstates; i++) {
        int rc = ++s->nodes > s->budget ? LIST_OPEN : list_state(s, gr, i, k, l, depth);
        if (rc == LIST_NOMEM) return -1;
        if (rc == LIST_OPEN) {
            *open = i;
            return 0;
        }
    }
    return 0;
}

/* The graph's edges backwards: first[t] .. first[t + 1] index the predecessors of state t
 * in pred, and left[i] counts state i's moves. -1 when out of memory. */
static int graph_predecessors(const struct graph *gr, uint32_t *first, uint32_t *pred,
                              uint32_t *left)
{
    size_t n = gr->nstates;
    for (size_t e = 0; e < gr->nedges; e++) {
        first[gr->edge_to[e] + 1]++;
        left[gr->edge_from[e]]++;
    }
    for (size_t i = 0; i < n; i++) first[i + 1] += first[i];
    uint32_t *fill = calloc(n, sizeof *fill);
    if (!fill) return -1;
    for (size_t e = 0; e < gr->nedges; e++) {
        uint32_t t = gr->edge_to[e];
        pred[first[t] + fill[t]++] = gr->edge_from[e];
    }
    free(fill);
    return 0;
}

/* The won and lost states, backwards from the leaves: a state is won by a move to a lost
 * one, lost when every move it has leads to a won one. left is used up; queue is scratch
 * for a state each. */
static void propagate_won_lost(struct graph *gr, size_t open, const uint32_t *first,
                               const uint32_t *pred, uint32_t *left, uint32_t *queue)
{
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < gr->nstates; i++) {
        gr->value[i] = NR_UNKNOWN;
        /* an open state may have moves not listed: it can be won, never lost */
        if (i >= open) left[i] = UINT32_MAX;
        /* won by leaving the layer (or by the rules); lost with nothing else to do: every
         * way out loses, or there is none */
        if (gr->leaf[i] == NR_WIN || (!left[i] && gr->leaf[i] != NR_DRAW)) {
            gr->value[i] = gr->leaf[i] == NR_WIN ? NR_WIN : NR_LOSS;
            queue[tail++] = (uint32_t)i;
        }
    }
    while (head < tail) {
        uint32_t j = queue[head++];
        for (uint32_t e = first[j]; e < first[j + 1]; e++) {
            uint32_t i = pred[e];
            if (gr->value[i] != NR_UNKNOWN) continue;
            if (gr->value[j] == NR_LOSS) {
                gr->value[i] = NR_WIN;
                queue[tail++] = i;
            } else if (!--left[i] && gr->leaf[i] != NR_DRAW) {
                gr->value[i] = NR_LOSS;
                queue[tail++] = i;
            }
        }
    }
}

/* What is neither won nor lost is a draw, unless play can reach an open state: those
 * (found backwards from the open states) stay unknown, marked NR_ABORT. */
static void mark_open_reach(struct graph *gr, size_t open, const uint32_t *first,
                            const uint32_t *pred, uint32_t *queue)
{
    size_t head = 0, tail = 0;
    for (size_t i = open; i < gr->nstates; i++)
        if (gr->value[i] == NR_UNKNOWN) {
            gr->value[i] = NR_ABORT;
            queue[tail++] = (uint32_t)i;
        }
    while (head < tail) {
        uint32_t j = queue[head++];
        for (uint32_t e = first[j]; e < first[j + 1]; e++)
            if (gr->value[pred[e]] == NR_UNKNOWN) {
                gr->value[pred[e]] = NR_ABORT;
                queue[tail++] = pred[e];
            }
    }
}

/* Solves the listed graph backwards into gr->value (states from open on are open); -1
 * when out of memory. */
static int graph_values(struct graph *gr, size_t open)
{
    size_t n = gr->nstates;
    gr->value = malloc(n);
    uint32_t *first = calloc(n + 1, sizeof *first);
    uint32_t *pred = malloc((gr->nedges + 1) * sizeof *pred);
    uint32_t *left = calloc(n, sizeof *left);
    uint32_t *queue = malloc(n * sizeof *queue);
    int rc = -1;
    if (gr->value && first && pred && left && queue && !graph_predecessors(gr, first, pred, left)) {
        propagate_won_lost(gr, open, first, pred, left, queue);
        mark_open_reach(gr, open, first, pred, queue);
        rc = 0;
    }
    free(first);
    free(pred);
    free(left);
    free(queue);
    return rc;
}

/* The states still unknown are draws; every state's value but an open one's is kept in
 * s->tt, for the searches of later roots. -1 when out of memory. */
static int graph_keep(struct nr_search *s, struct graph *gr)
{
    int words = gr->width + 1;
    for (size_t i = 0; i < gr->nstates; i++) {
        if (gr->value[i] == NR_UNKNOWN) gr->value[i] = NR_DRAW;
        const uint64_t *key = &gr->keys[i * words];
        if (gr->value[i] != NR_ABORT &&
            map_put(&s->tt, solved_key_a(key, words), solved_key_b(key, words), gr->value[i]))
            return -1;
    }
    return 0;
}

/* A move of the solved graph's first state that keeps its value, into best (left as it is
 * when none is found): out of the layer, or to a state now solved. -1 when out of memory. */
static int graph_best_move(struct nr_search *s, const struct graph *gr, uint64_t *k,
                           struct movelist *l, int depth, struct position *best)
{
    int words = gr->width + 1, result = gr->value[0];
    struct position pos = state_position(gr, 0, 0);
    if (s->g->ops->moves(s->g, &pos, l) < 0) return -1;
    for (int m = 0; m < l->n; m++) {
        const struct position *succ = &l->succ[m];
        int v = NR_UNKNOWN;
        if (leaves_layer(&pos, succ))
            v = entry(s, succ, NULL, depth);
        else if (next_state(gr, &gr->keys[0], succ, k))
            v = map_get(&s->tt, solved_key_a(k, words), solved_key_b(k, words));
        else
            continue;
        if (v != NR_UNKNOWN && v != NR_ABORT && v != NR_NOMEM && negate(v) == result) {
            *best = *succ;
            break;
        }
    }
    return 0;
}

/* Lists the states reachable from root (the window's words after the side), then solves
 * them backwards. Returns the root's value; best gets a move that keeps a win or a draw. */
static int graph_solve(struct nr_search *s, const uint64_t *root, struct position *best, int depth)
{
    struct graph gr = {.width = s->g->repeat_window};
    int result = NR_NOMEM;
    gr.slot = calloc(1024, sizeof *gr.slot);
    gr.mask = 1023;
    uint64_t *k = malloc((gr.width + 1) * sizeof *k);
    struct movelist l;
    movelist_init(&l);
    bool added;
    size_t open = 0;
    /* Listed in rounds, each twice as long as the one before, the graph solved after
     * each: a root that a part of its graph proves is answered then, not after the whole
     * budget has listed states it does not need. The last round ends at the budget. */
    uint64_t budget = s->budget, round = 4096;
    bool ok = gr.slot && k && graph_state(&gr, root, &added) >= 0;
    while (ok) {
        s->budget = s->nodes + round < budget ? s->nodes + round : budget;
        ok = !graph_list(s, &gr, k, &l, depth, open, &open);
        s->budget = budget;
        ok = ok && !graph_values(&gr, open);
        if (!ok || open == SIZE_MAX || gr.value[0] != NR_ABORT || s->nodes >= budget) break;
        free(gr.value);
        gr.value = NULL;
        round *= 2;
    }
    if (ok && !graph_keep(s, &gr)) {
        result = gr.value[0];
        if (best && (result == NR_WIN || result == NR_DRAW) &&
            graph_best_move(s, &gr, k, &l, depth, best))
            result = NR_NOMEM;
    }
    movelist_free(&l);
    free(k);
    graph_free(&gr);
    return result;
}

/* ---- Entry values ------------------------------------------------------------------- */

/* The value of a position with its own board alone behind it (or goats in hand). depth is
 * the first of s->lists its search may use: the calling frames hold those below. */
static int entry(struct nr_search *s, const struct position *pos, struct position *best, int depth)
{
    uint64_t ka = board_key(pos), kb = entry_key_b(pos);
    if (!best) {
        int v = map_get(&s->entries, ka, kb);
        if (v != NR_UNKNOWN) return v;
    }
    struct outcome o;
    if (s->g->ops->over(s->g, pos, &o)) return o.winner == pos->side ? NR_WIN : NR_LOSS;
    if (s->bounds) { /* proven in norepeat.h; no move to show then */
        retro_code c;
        if (!s->standard(s->arg, pos, &c) && c != RETRO_DRAW) return code_win(c) ? NR_WIN : NR_LOSS;
    }
    int v;
    if (pos->inhand > 0 || never_refused(s, pos)) {
        /* never refused: the best over the moves' entry values (inside a layer of one empty
         * point too, whose moves lead to positions that are never refused either) */
        if (++s->nodes > s->budget) return NR_ABORT;
        struct movelist l;
        movelist_init(&l);
        if (s->g->ops->moves(s->g, pos, &l) < 0) {
            movelist_free(&l);
            return NR_NOMEM;
        }
        order_moves(s, &l);
        v = NR_LOSS;
        for (int i = 0; i < l.n; i++) {
            int w = entry(s, &l.succ[i], NULL, depth);
            if (w == NR_ABORT || w == NR_NOMEM) {
                v = w;
                break;
            }
            w = negate(w);
            if (w > v) {
                v = w;
                if (best) *best = l.succ[i];
            }
            if (v == NR_WIN) break;
        }
        movelist_free(&l);
    } else if (s->g->repeat_window == 0) {
        struct path_set *path = &s->path[bits_count(pos->men[0])];
        path_clear(path);
        if (path_add(path, board_key(pos))) return NR_NOMEM;
        v = s->depth_first ? dfs(s, pos, depth, best) : dfpn(s, pos, depth, best);
        path_clear(path);
    } else {
        uint64_t *root = calloc((size_t)s->g->repeat_window + 1, sizeof *root);
        if (!root) return NR_NOMEM;
        root[0] = (uint64_t)pos->side;
        root[1] = board_key(pos);
        v = graph_solve(s, root, best, depth);
        free(root);
    }
    if ((v == NR_WIN || v == NR_LOSS || v == NR_DRAW) && map_put(&s->entries, ka, kb, v))
        return NR_NOMEM;
    return v;
}

/* ---- Roots ---------------------------------------------------------------------------- */

static int answer(struct nr_search *s, int v, struct nr_answer *a, uint64_t before)
{
    a->nodes = s->nodes - before;
    if (v == NR_NOMEM) return -1;
    a->value = v == NR_ABORT ? NR_UNKNOWN : v;
    if (a->value == NR_UNKNOWN || a->value == NR_LOSS) a->has_best = false;
    return 0;
}

int nr_entry_value(struct nr_search *s, const struct position *pos, uint64_t budget,
                   struct nr_answer *a)
{
    memset(a, 0, sizeof *a);
    s->nodes = 0;
    s->budget = budget;
    a->best = *pos; /* still pos: no move found */
    int v = entry(s, pos, &a->best, 0);
    a->has_best = !position_same(&a->best, pos);
    return answer(s, v, a, 0);
}

int nr_value(struct nr_search *s, const struct history *h, uint64_t budget, struct nr_answer *a)
{
    const struct position *pos = &h->p[h->n - 1];
    /* The boards of the current layer behind the current one, newest first. */
    int goats = bits_count(pos->men[0]), back = h->n - 1 - history_layer_start(h);
    /* goats in hand (back is 0 then), or no board of the history can recur */
    if (back == 0 || never_refused(s, pos)) return nr_entry_value(s, pos, budget, a);
    memset(a, 0, sizeof *a);
    s->nodes = 0;
    s->budget = budget;
    struct outcome o;
    if (s->g->ops->over(s->g, pos, &o)) {
        a->value = o.winner == pos->side ? NR_WIN : NR_LOSS;
        return 0;
    }
    int v;
    a->has_best = true;
    if (s->g->repeat_window == 0) {
        struct path_set *path = &s->path[goats];
        path_clear(path);
        for (int i = 0; i <= back; i++) {
            uint64_t key = board_key(&h->p[h->n - 1 - i]);
            if (!path_has(path, key) && path_add(path, key)) return -1;
        }
        v = s->depth_first ? dfs(s, pos, 0, &a->best) : dfpn(s, pos, 0, &a->best);
        path_clear(path);
    } else {
        int width = s->g->repeat_window;
        uint64_t *root = calloc((size_t)width + 1, sizeof *root);
        if (!root) return -1;
        root[0] = (uint64_t)pos->side;
        for (int i = 0; i < width && i <= back; i++) root[1 + i] = board_key(&h->p[h->n - 1 - i]);
        v = graph_solve(s, root, &a->best, 0);
        free(root);
    }
    return answer(s, v, a, 0);
}
