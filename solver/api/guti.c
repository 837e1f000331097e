/* libguti: the public interface (guti.h) over the games, the prober and the tables. */
#define _GNU_SOURCE /* pthread_rwlockattr_setkind_np: a lock that does not starve writers */
#include "guti.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game.h"
#include "guti_internal.h"
#include "history.h"
#include "norepeat.h"
#include "notation.h"
#include "notations.h"
#include "tables.h"

#define MAX_VARIANTS 32

/* One game's prober: the game lives here so that the prober may point to it. */
struct handle {
    struct game g;
    struct prober p;
};

struct guti_tables {
    char *dir;
    struct tb_cache *cache;
    /* Guards the probers, which open tables and build indexes on first use: probes run
     * under the read lock, with opening forbidden (prober.may_open points at opening, true
     * only while a thread holds the lock for writing); one that needs something opened
     * runs again under the write lock (locked(), below). */
    pthread_rwlock_t lock;
    bool opening;
    struct game variants[MAX_VARIANTS];
    int nvariants;
    struct handle *handles[MAX_VARIANTS];
    int nhandles;
    int index_threads; /* guti_set_index_threads */
};

static int fail(struct guti_error *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct guti_error *err, int status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

const char *guti_value_name(int value)
{
    switch (value) {
    case GUTI_WIN:
        return "win";
    case GUTI_DRAW:
        return "draw";
    case GUTI_LOSS:
        return "loss";
    default:
        return "unknown";
    }
}

const char *guti_class_name(int cls)
{
    static const char *const names[5] = {"loss", "blessed_loss", "draw", "cursed_win", "win"};
    return cls >= 0 && cls < 5 ? names[cls] : "unknown";
}

/* ---- Games and positions -------------------------------------------------------------- */

/* A game's number is its place in the registry plus one (solver/games/registry.c). */
static const struct game_ops *ops_of(enum guti_game game)
{
    return game_registry((int)game - 1);
}

static enum guti_game game_number(const struct game_ops *ops)
{
    int i = 0;
    while (game_registry(i) && game_registry(i) != ops) i++;
    return (enum guti_game)(i + 1);
}

const char *guti_game_name(enum guti_game game)
{
    const struct game_ops *o = ops_of(game);
    return o ? o->name : NULL;
}

enum guti_game guti_game_named(const char *name)
{
    struct game g;
    char why[200];
    if (!name || game_setup(&g, name, NULL, NULL, why, sizeof why)) return 0;
    return game_number(g.ops);
}

const char *guti_side_name(enum guti_game game, int side)
{
    const struct game_ops *o = ops_of(game);
    return o && (side == 0 || side == 1) ? o->side_name[side] : NULL;
}

char guti_piece_letter(enum guti_game game, int side)
{
    const struct game_ops *o = ops_of(game);
    return o && (side == 0 || side == 1) ? o->piece_letter[side] : 0;
}

static void to_variant(const struct game *g, struct guti_variant *v)
{
    memset(v, 0, sizeof *v);
    v->game = game_number(g->ops);
    game_rules_name(g, v->rules, sizeof v->rules);
    snprintf(v->board, sizeof v->board, "%s", g->board->name);
}

/* The internal game of a variant; empty rules or board are the game's defaults. */
static int setup_variant(const struct guti_variant *v, struct game *g, struct guti_error *err)
{
    const char *name = guti_game_name(v->game);
    char why[300];
    if (!name) {
        int n = 0;
        while (game_registry(n)) n++;
        return fail(err, GUTI_EINPUT, "game: expected a game's number, 1 to %d (guti_game_named)",
                    n);
    }
    if (memchr(v->rules, 0, sizeof v->rules) == NULL ||
        memchr(v->board, 0, sizeof v->board) == NULL)
        return fail(err, GUTI_EINPUT, "variant: rules or board not NUL-terminated");
    if (game_setup(g, name, v->rules[0] ? v->rules : NULL, v->board[0] ? v->board : NULL, why,
                   sizeof why))
        return fail(err, GUTI_EINPUT, "%s", why);
    return 0;
}

static void to_public(const struct game *g, const struct position *p, struct guti_position *out)
{
    memset(out, 0, sizeof *out);
    to_variant(g, &out->variant);
    out->pieces[0] = p->men[0];
    out->pieces[1] = p->men[1];
    out->side = p->side;
    out->inhand = p->inhand;
    out->clock = p->clock;
    out->limit = g->limit;
}

bool libguti_game_info(enum guti_game game, struct libguti_game_info *out)
{
    const struct game_ops *o = ops_of(game);
    if (!o) return false;
    *out = (struct libguti_game_info){
        .name = o->name,
        .title = o->title,
        .boards = o->boards,
        .rules = o->rules_list,
        .table_rules = o->table_rules ? o->table_rules : o->rules_list,
        .clock_reset = o->clock_reset ? o->clock_reset : "",
        .partial_tables = o->partial_tables ? o->partial_tables : "later positions",
        .piece_name = {o->piece_name[0], o->piece_name[1]},
        .piece_letter = {o->piece_letter[0], o->piece_letter[1]},
        .clock_limit = o->clock_limit,
        .has_hand = o->has_hand,
        .capture_goal = o->capture_goal,
        .side_plural = {o->side_plural[0], o->side_plural[1]},
        .side_article = {o->side_article[0], o->side_article[1]},
    };
    return true;
}

bool libguti_sample(const struct guti_variant *v, int i, struct guti_position *pos)
{
    struct game g;
    struct position p;
    if (setup_variant(v, &g, NULL) || !g.ops->sample || !g.ops->sample(&g, i, &p)) return false;
    to_public(&g, &p, pos);
    return true;
}

int guti_start(const struct guti_variant *v, struct guti_position *pos, struct guti_error *err)
{
    struct game g;
    if (!v || !pos) return fail(err, GUTI_EINPUT, "start: no variant given");
    int rc = setup_variant(v, &g, err);
    if (rc) return rc;
    struct position p = g.ops->start(&g);
    to_public(&g, &p, pos);
    return 0;
}

/* A caller's position as the game's: every check the FEN reader makes applies (it is
 * written as a FEN and read back), so that no position the rules do not allow reaches
 * the solvers' code. */
static int to_internal(const struct guti_position *pos, struct game *g, struct position *p,
                       struct guti_error *err)
{
    int rc = setup_variant(&pos->variant, g, err);
    if (rc) return rc;
    uint64_t board = g->board->npoints == 64 ? ~0ull : (1ull << g->board->npoints) - 1;
    if ((pos->pieces[0] | pos->pieces[1]) & ~board)
        return fail(err, GUTI_EINPUT, "position: a piece beyond the board's %d points",
                    g->board->npoints);
    if (pos->pieces[0] & pos->pieces[1])
        return fail(err, GUTI_EINPUT, "position: two pieces on one point");
    if ((pos->side != 0 && pos->side != 1) || pos->inhand < 0 || pos->inhand > 64 ||
        pos->clock < 0 || pos->clock > 1000000)
        return fail(err, GUTI_EINPUT, "position: side, men in hand or clock out of range");
    if (!g->ops->has_hand && pos->inhand) { /* "goats in hand are Bagh-Chal's" */
        char games[200] = "";
        for (int i = 0, used = 0; game_registry(i) && used < (int)sizeof games; i++)
            if (game_registry(i)->has_hand)
                used += snprintf(games + used, sizeof games - (size_t)used,
                                 "%s%ss in hand are %s's", used ? "; " : "",
                                 game_registry(i)->piece_name[0], game_registry(i)->title);
        return fail(err, GUTI_EINPUT, "position: %s", games);
    }
    if (pos->limit < 0 || pos->limit > GUTI_LIMIT_MAX)
        return fail(err, GUTI_EINPUT,
                    "position: limit %d: expected 0 (the game's own) or 1 to %d half-moves",
                    pos->limit, GUTI_LIMIT_MAX);
    /* before the FEN is read back: its clock is checked against this limit */
    g->limit = pos->limit;
    struct position q = {.men = {pos->pieces[0], pos->pieces[1]},
                         .side = pos->side,
                         .inhand = pos->inhand,
                         .clock = pos->clock};
    char fen[256], why[300];
    g->ops->format(g, &q, fen, sizeof fen);
    if (g->ops->parse(g, fen, p, why, sizeof why)) return fail(err, GUTI_EINPUT, "%s", why);
    return 0;
}

int guti_parse_fen(const char *fen, const struct guti_variant *hint, struct guti_position *pos,
                   struct guti_error *err)
{
    if (!fen || !pos) return fail(err, GUTI_EINPUT, "position: none given");
    if (hint && (!memchr(hint->rules, 0, sizeof hint->rules) ||
                 !memchr(hint->board, 0, sizeof hint->board)))
        return fail(err, GUTI_EINPUT, "variant: rules or board not NUL-terminated");
    const char *game = hint && hint->game ? guti_game_name(hint->game) : NULL;
    const char *rules = hint && hint->rules[0] ? hint->rules : NULL;
    const char *board = hint && hint->board[0] ? hint->board : NULL;
    if (hint && hint->game && !game) return fail(err, GUTI_EINPUT, "game: unknown");
    struct game g;
    struct position p;
    char why[300];
    if (game_setup_for_fen(&g, fen, game, rules, board, why, sizeof why))
        return fail(err, GUTI_EINPUT, "%s", why);
    if (g.ops->parse(&g, fen, &p, why, sizeof why)) return fail(err, GUTI_EINPUT, "%s", why);
    to_public(&g, &p, pos);
    return 0;
}

int guti_format_fen(const struct guti_position *pos, char *buf, size_t len, struct guti_error *err)
{
    struct game g;
    struct position p;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    char fen[256];
    g.ops->format(&g, &p, fen, sizeof fen);
    if (strlen(fen) >= len) return fail(err, GUTI_ERANGE, "format: the buffer is too small");
    memcpy(buf, fen, strlen(fen) + 1);
    return 0;
}

/* ---- Other notations -------------------------------------------------------------------- */

const char *guti_notation_name(enum guti_notation notation)
{
    return notation >= 1 && notation <= NOTATIONS ? notation_name((enum notation)(notation - 1))
                                                  : NULL;
}

enum guti_notation guti_notation_named(const char *name)
{
    int n = notation_named(name);
    return n < 0 ? 0 : (enum guti_notation)(n + 1);
}

int guti_parse_position(const char *text, enum guti_notation notation,
                        const struct guti_variant *hint, struct guti_position *pos,
                        enum guti_notation *found, struct guti_error *err)
{
    if (!text || !pos) return fail(err, GUTI_EINPUT, "position: none given");
    char why[300];
    enum notation n;
    if (notation == 0) {
        if (notation_detect_position(text, &n, why, sizeof why))
            return fail(err, GUTI_EINPUT, "%s", why);
    } else if (!guti_notation_name(notation)) {
        return fail(err, GUTI_EINPUT, "notation: expected GUTI_NOTATION_GUTI, _BAGHCHAL or _OBX");
    } else {
        n = (enum notation)(notation - 1);
    }
    if (found) *found = (enum guti_notation)(n + 1);
    if (n == NOTATION_GUTI) return guti_parse_fen(text, hint, pos, err);
    if (hint && (!memchr(hint->rules, 0, sizeof hint->rules) ||
                 !memchr(hint->board, 0, sizeof hint->board)))
        return fail(err, GUTI_EINPUT, "variant: rules or board not NUL-terminated");
    const char *game = hint && hint->game ? guti_game_name(hint->game) : NULL;
    if (hint && hint->game && !game) return fail(err, GUTI_EINPUT, "game: unknown");
    struct game g;
    struct position p;
    if (notation_game(n, text, game, hint && hint->rules[0] ? hint->rules : NULL,
                      hint && hint->board[0] ? hint->board : NULL, &g, why, sizeof why))
        return fail(err, GUTI_EINPUT, "%s", why);
    if (notation_read_position(n, &g, text, &p, NULL, why, sizeof why))
        return fail(err, GUTI_EINPUT, "%s", why);
    to_public(&g, &p, pos);
    return 0;
}

int guti_format_position(const struct guti_position *pos, enum guti_notation notation, char *buf,
                         size_t len, struct guti_error *err)
{
    if (!guti_notation_name(notation))
        return fail(err, GUTI_EINPUT, "notation: expected GUTI_NOTATION_GUTI, _BAGHCHAL or _OBX");
    struct game g;
    struct position p;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    char text[256], why[300];
    if (notation_write_position((enum notation)(notation - 1), &g, &p, NULL, text, sizeof text, why,
                                sizeof why))
        return fail(err, GUTI_EINPUT, "%s", why);
    if (strlen(text) >= len) return fail(err, GUTI_ERANGE, "format: the buffer is too small");
    memcpy(buf, text, strlen(text) + 1);
    return 0;
}

int guti_format_move(const struct guti_position *pos, const char *move, enum guti_notation notation,
                     char *buf, size_t len, struct guti_error *err)
{
    if (!guti_notation_name(notation))
        return fail(err, GUTI_EINPUT, "notation: expected GUTI_NOTATION_GUTI, _BAGHCHAL or _OBX");
    if (!move) return fail(err, GUTI_EINPUT, "move: none given");
    struct game g;
    struct position p;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    struct move m;
    char text[GUTI_MOVE_MAX], why[300];
    if (notation_parse_move(g.board, move, &m, why, sizeof why))
        return fail(err, GUTI_EINPUT, "move '%s': %s", QUOTE(move), why);
    if (notation_write_move((enum notation)(notation - 1), &g, &p, &m, text, sizeof text, why,
                            sizeof why))
        return fail(err, GUTI_EINPUT, "move '%s': %s", QUOTE(move), why);
    if (strlen(text) >= len) return fail(err, GUTI_ERANGE, "format: the buffer is too small");
    memcpy(buf, text, strlen(text) + 1);
    return 0;
}

int guti_point_name(const struct guti_variant *v, int p, char out[3], struct guti_error *err)
{
    struct game g;
    int rc = setup_variant(v, &g, err);
    if (rc) return rc;
    if (p < 0 || p >= g.board->npoints)
        return fail(err, GUTI_EINPUT, "point %d: the board has points 0..%d", p,
                    g.board->npoints - 1);
    board_point_name(g.board, p, out);
    return 0;
}

int guti_board_info(const struct guti_variant *v, struct guti_board *out, struct guti_error *err)
{
    struct game g;
    int rc = setup_variant(v, &g, err);
    if (rc) return rc;
    const struct board *b = g.board;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", b->name);
    out->npoints = b->npoints;
    out->ncols = b->ncols;
    out->nrows = b->nrows;
    for (int p = 0; p < b->npoints; p++) {
        out->col[p] = b->col[p];
        out->row[p] = b->row[p];
        out->degree[p] = b->degree[p];
        for (int k = 0; k < b->degree[p]; k++) out->adjacent[p][k] = b->adj[p][k];
    }
    return 0;
}

int guti_material(const struct guti_position *pos, char *buf, size_t len, struct guti_error *err)
{
    struct game g;
    struct position p;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    g.ops->material(&g, &p, buf, len);
    return 0;
}

static int generate(const struct game *g, const struct position *p, struct movelist *l,
                    struct guti_error *err)
{
    int n = g->ops->moves(g, p, l);
    return n < 0 ? fail(err, GUTI_ENOMEM, "out of memory for the moves") : n;
}

int guti_legal_moves(const struct guti_position *pos, struct guti_move *moves, int max, int *n,
                     struct guti_error *err)
{
    struct game g;
    struct position p;
    *n = 0;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    struct outcome o;
    if (game_over_at(&g, &p, &o)) return 0;
    struct movelist l;
    movelist_init(&l);
    int k = generate(&g, &p, &l, err);
    if (k < 0) {
        movelist_free(&l);
        return k;
    }
    *n = k;
    for (int i = 0; i < k && i < max; i++) {
        notation_format_move(g.board, &l.mv[i], moves[i].text, sizeof moves[i].text);
        to_public(&g, &l.succ[i], &moves[i].after);
    }
    movelist_free(&l);
    return k > max ? fail(err, GUTI_ERANGE, "moves: %d of them, room for %d", k, max) : 0;
}

int guti_play(const struct guti_position *pos, const char *move, struct guti_position *after,
              struct guti_error *err)
{
    struct game g;
    struct position p, q;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    struct outcome o;
    if (game_over_at(&g, &p, &o)) return fail(err, GUTI_EINPUT, "move: the game is over");
    char why[300];
    if (game_play_text(&g, &p, move ? move : "", &q, why, sizeof why))
        return fail(err, GUTI_EINPUT, "move '%s': %s", QUOTE(move ? move : ""), why);
    to_public(&g, &q, after);
    return 0;
}

int guti_over(const struct guti_position *pos, int *winner, char *reason, size_t len,
              bool *reachable, struct guti_error *err)
{
    struct game g;
    struct position p;
    int rc = to_internal(pos, &g, &p, err);
    if (rc) return rc;
    struct outcome o;
    if (!game_over_at(&g, &p, &o)) return 0;
    if (winner) *winner = o.winner;
    if (reason && len)
        snprintf(reason, len, "%s", end_reason_text(&g, &o, o.winner < 0 ? -1 : 1 - o.winner));
    if (reachable) *reachable = outcome_reachable(&p, &o);
    return 1;
}

/* ---- Tables ----------------------------------------------------------------------------- */

/* The handle's lock. glibc's read-write locks let readers in while a writer waits, so
 * under a steady stream of probes (guti serve under load) a thread that needs a table
 * opened could wait as long as the stream lasts; this kind makes new readers wait behind
 * a waiting writer. No thread takes the read lock twice, as this kind requires. */
static int init_lock(pthread_rwlock_t *lock)
{
    pthread_rwlockattr_t attr;
    if (pthread_rwlockattr_init(&attr)) return -1;
#ifdef PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
    int rc = pthread_rwlock_init(lock, &attr);
    pthread_rwlockattr_destroy(&attr);
    return rc;
}

/* guti_open, and with absent_ok libguti_open_absent (guti_internal.h): a directory that is
 * not there opens as an empty one. */
static int open_tables(const char *dir, size_t cache_bytes, bool absent_ok, guti_tables **out,
                       struct guti_error *err)
{
    *out = NULL;
    if (!dir) return fail(err, GUTI_EINPUT, "tables: no directory given");
    struct stat st;
    int found = stat(dir, &st);
    bool absent = found != 0 && (errno == ENOENT || errno == ENOTDIR);
    /* a mistyped directory is told as such, not as every table missing from it */
    if ((absent && !absent_ok) || (found == 0 && !S_ISDIR(st.st_mode)))
        return fail(err, GUTI_EIO, "%s: no such directory", QUOTE(dir));
    guti_tables *t = calloc(1, sizeof *t);
    char why[400];
    if (!t || !(t->dir = strdup(dir)) || init_lock(&t->lock)) {
        if (t) free(t->dir);
        free(t);
        return fail(err, GUTI_ENOMEM, "out of memory");
    }
    if (tb_cache_new(cache_bytes ? cache_bytes : (size_t)64 << 20, &t->cache, why, sizeof why)) {
        guti_close(t);
        return fail(err, GUTI_ENOMEM, "%s", why);
    }
    /* An absent directory (absent_ok) is an empty one: its probes name the tables to make
     * there. */
    int n = absent ? 0 : tables_games(dir, t->variants, MAX_VARIANTS);
    if (n < 0) {
        int why = errno;
        guti_close(t);
        return fail(err, why == ENOMEM ? GUTI_ENOMEM : GUTI_EIO, "cannot read directory %s: %s",
                    QUOTE(dir), strerror(why));
    }
    t->nvariants = n < MAX_VARIANTS ? n : MAX_VARIANTS;
    *out = t;
    return 0;
}

int guti_open(const char *dir, size_t cache_bytes, guti_tables **out, struct guti_error *err)
{
    return open_tables(dir, cache_bytes, false, out, err);
}

int libguti_open_absent(const char *dir, size_t cache_bytes, guti_tables **out,
                        struct guti_error *err)
{
    return open_tables(dir, cache_bytes, true, out, err);
}

void guti_set_index_threads(guti_tables *t, int threads)
{
    t->index_threads = threads > 0 ? threads : 0;
}

void guti_close(guti_tables *t)
{
    if (!t) return;
    for (int k = 0; k < t->nhandles; k++) {
        prober_free(&t->handles[k]->p);
        free(t->handles[k]);
    }
    tb_cache_free(t->cache);
    pthread_rwlock_destroy(&t->lock);
    free(t->dir);
    free(t);
}

void guti_cache_stats(guti_tables *t, struct guti_cache_stats *out)
{
    struct tb_cache_stats st;
    tb_cache_get_stats(t->cache, &st);
    *out = (struct guti_cache_stats){
        st.hits,  st.misses, st.evictions, st.bytes_read, st.bytes_decompressed,
        st.bytes, st.blocks};
}

int guti_variants(const guti_tables *t, struct guti_variant *out, int max)
{
    for (int k = 0; k < t->nvariants && k < max; k++) to_variant(&t->variants[k], &out[k]);
    return t->nvariants;
}

/* With no rules named, the rules of the tables there for that game and board: the game's
 * default rules when they are there, or none is; else the first rule set there. */
static void choose_rules(const guti_tables *t, struct game *g)
{
    struct game def;
    char why[200];
    if (game_setup(&def, g->ops->name, NULL, g->board->name, why, sizeof why)) return;
    const struct game *chosen = NULL;
    for (int k = 0; k < t->nvariants; k++) {
        const struct game *v = &t->variants[k];
        if (v->ops != g->ops || v->board != g->board) continue;
        if (!chosen || v->rules == def.rules) chosen = v;
        if (v->rules == def.rules) break;
    }
    /* the rules come from the tables there; the limit stays the position's */
    int limit = g->limit;
    *g = chosen ? *chosen : def;
    g->limit = limit;
}

/* What a probe under the read lock returns when it needs a table or index opened, or a
 * prober made: not a guti_status, never returned to a caller. */
#define NEEDS_OPENING 1

static void lock(guti_tables *t, bool write)
{
    if (write) {
        pthread_rwlock_wrlock(&t->lock);
        t->opening = true;
    } else
        pthread_rwlock_rdlock(&t->lock);
}

static void unlock(guti_tables *t, bool write)
{
    if (write) t->opening = false;
    pthread_rwlock_unlock(&t->lock);
}

/* From the read lock to the write lock and back, for one probe that opens something. The
 * lock is let go in between, which is safe because the probers only ever gain tables and
 * indexes while the handle is open: nothing a thread read before can go away. */
static void start_opening(guti_tables *t)
{
    unlock(t, false);
    lock(t, true);
}

static void stop_opening(guti_tables *t)
{
    unlock(t, true);
    lock(t, false);
}

/* The prober of a game (made on first use: NULL with *rc NEEDS_OPENING under the read
 * lock, GUTI_ENOMEM without memory). Called with the lock held. */
static struct prober *prober_of(guti_tables *t, const struct game *g, int *rc,
                                struct guti_error *err)
{
    for (int k = 0; k < t->nhandles; k++) {
        const struct game *h = &t->handles[k]->g;
        if (game_same(h, g)) return &t->handles[k]->p;
    }
    *rc = NEEDS_OPENING;
    if (!t->opening) return NULL;
    *rc = GUTI_ENOMEM;
    if (t->nhandles == MAX_VARIANTS) {
        fail(err, GUTI_ENOMEM, "tables: more than %d games probed on one handle", MAX_VARIANTS);
        return NULL;
    }
    struct handle *h = calloc(1, sizeof *h);
    if (!h) {
        fail(err, GUTI_ENOMEM, "out of memory");
        return NULL;
    }
    h->g = *g;
    prober_init(&h->p, &h->g, t->dir);
    h->p.cache = t->cache;
    h->p.may_open = &t->opening;
    h->p.index_threads = t->index_threads;
    t->handles[t->nhandles++] = h;
    return &h->p;
}

/* prober_of under the read lock: a prober not made yet is made under the write lock. The
 * prober stays where it is while the handle is open. */
static struct prober *prober_locked(guti_tables *t, const struct game *g, int *rc,
                                    struct guti_error *err)
{
    struct prober *pr = prober_of(t, g, rc, err);
    if (!pr && *rc == NEEDS_OPENING) {
        start_opening(t);
        pr = prober_of(t, g, rc, err);
        stop_opening(t);
    }
    return pr;
}

/* The status of a prober's failure and its message: a table the tablebase layer could not
 * open or read for want of memory says so at the end of the line ("PATH: out of memory",
 * tb.h), which is no damage. */
static int status_of(int prober_rc, const char *why)
{
    static const char nomem[] = "out of memory";
    size_t n = strlen(why), k = sizeof nomem - 1;
    if (prober_rc == -1 && n >= k && !strcmp(why + n - k, nomem)) return GUTI_ENOMEM;
    return prober_rc == PROBER_MISSING ? GUTI_ENOTABLE
           : prober_rc == PROBER_NOMEM ? GUTI_ENOMEM
                                       : GUTI_EDAMAGED;
}

/* guti.h's values from values.h's. */
static int value_of(retro_code c)
{
    static const int value[3] = {
        [WDL_WIN] = GUTI_WIN, [WDL_DRAW] = GUTI_DRAW, [WDL_LOSS] = GUTI_LOSS};
    return value[wdl_of_code(c)];
}

/* The value under the counting rule at the position's own clock, where the tables without
 * the rule can tell: a draw stays a draw, a finished game is what it is, and a win or loss
 * in d half-moves stands when the game ends before the clock runs out (clock + d <= limit:
 * a win on the limit's own half-move stands). A game without a counting rule has no clock
 * to run out: its value. c is the code for the side to move. */
static int value_now(const struct game *g, const struct position *pos, retro_code c, bool dtm_known)
{
    struct outcome o;
    if (!game_has_clock(g) || c == RETRO_DRAW || game_over_at(g, pos, &o)) return value_of(c);
    if (dtm_known && pos->clock + code_dtm(c) <= game_clock_limit(g)) return value_of(c);
    return GUTI_UNKNOWN;
}

/* The result of a position that is not over, from its code. */
static void fill_result(const struct game *g, const struct position *p, retro_code code, bool known,
                        struct guti_result *r)
{
    memset(r, 0, sizeof *r);
    r->dtc_class = GUTI_CLASS_UNKNOWN;
    r->dtc = -1;
    to_variant(g, &r->variant);
    r->value = value_of(code);
    r->dtm = code != RETRO_DRAW && known ? code_dtm(code) : -1;
    r->value_now = value_now(g, p, code, known);
    r->clock = p->clock;
    r->limit = game_clock_limit(g);
    r->winner = -1;
    r->reachable = true;
}

/* A finished game's result: no table needed. Returns whether it is over. */
static bool over_result(const struct game *g, const struct position *p, struct guti_result *r)
{
    struct outcome o;
    if (!game_over_at(g, p, &o)) return false;
    memset(r, 0, sizeof *r);
    to_variant(g, &r->variant);
    r->value = o.winner < 0 ? GUTI_DRAW : o.winner == p->side ? GUTI_WIN : GUTI_LOSS;
    r->dtm = o.winner < 0 ? -1 : 0;
    /* the counting rule changes nothing here: its class is the result, its DTC 0 (none for
     * a draw), as its DTM; a game without the rule has neither */
    r->dtc_class = !game_has_clock(g)      ? GUTI_CLASS_UNKNOWN
                   : r->value == GUTI_WIN  ? GUTI_CLASS_WIN
                   : r->value == GUTI_LOSS ? GUTI_CLASS_LOSS
                                           : GUTI_CLASS_DRAW;
    r->dtc = game_has_clock(g) ? r->dtm : -1;
    r->value_now = r->value;
    r->clock = p->clock;
    r->limit = game_clock_limit(g);
    r->over = true;
    r->winner = o.winner;
    r->reachable = outcome_reachable(p, &o);
    snprintf(r->reason, sizeof r->reason, "%s",
             end_reason_text(g, &o, o.winner < 0 ? -1 : 1 - o.winner));
    return true;
}

/* The game a probe reads: the position's, with its rules from the tables when it names
 * none; no-repeat has no tables. */
static int probe_game(const guti_tables *t, const struct guti_position *pos, struct game *g,
                      struct position *p, struct guti_error *err)
{
    int rc = to_internal(pos, g, p, err);
    if (rc) return rc;
    if (!pos->variant.rules[0]) choose_rules(t, g);
    if (g->no_repeat)
        return fail(err, GUTI_EINPUT,
                    "rules no-repeat have no tables: a position's value under them depends on "
                    "the game's history");
    return 0;
}

/* The counting rule's class of p, where its DTC table is there, into r: then value_now is
 * exact at p's clock (decided while DTC + clock <= limit). A game without a counting rule
 * has no class (unknown, DTC -1, as fill_result leaves them). With the lock held. */
static int rule_class(guti_tables *t, const struct game *g, const struct position *p,
                      struct guti_result *r, struct guti_error *err)
{
    if (!game_has_clock(g)) return 0;
    int rc;
    struct prober *pr = prober_locked(t, g, &rc, err);
    if (!pr) return rc;
    uint16_t cls;
    char why[600];
    rc = prober_probe_class(pr, p, &cls, why, sizeof why);
    if (rc == PROBER_CLOSED) {
        start_opening(t);
        rc = prober_probe_class(pr, p, &cls, why, sizeof why);
        stop_opening(t);
    }
    if (rc == PROBER_MISSING) return 0;
    if (rc) return fail(err, status_of(rc, why), "%s", why);
    retro_code d = dtc_of_class(cls);
    if (d) {
        r->dtc_class = dtc_win(d) ? GUTI_CLASS_WIN : GUTI_CLASS_LOSS;
        r->dtc = dtc_of(d);
        r->value_now = r->dtc + p->clock <= game_clock_limit(g)
                           ? (dtc_win(d) ? GUTI_WIN : GUTI_LOSS)
                           : GUTI_DRAW;
    } else {
        r->dtc_class = cls == CLASS_CURSED_WIN     ? GUTI_CLASS_CURSED_WIN
                       : cls == CLASS_BLESSED_LOSS ? GUTI_CLASS_BLESSED_LOSS
                                                   : GUTI_CLASS_DRAW;
        r->value_now = GUTI_DRAW;
    }
    return 0;
}

/* Probes with the lock held: the code of p for the side to move. */
static int probe_locked(guti_tables *t, const struct game *g, const struct position *p,
                        retro_code *code, bool *known, struct guti_error *err)
{
    int rc;
    struct prober *pr = prober_locked(t, g, &rc, err);
    if (!pr) return rc;
    char why[600];
    rc = prober_probe(pr, p, code, known, why, sizeof why);
    if (rc == PROBER_CLOSED) {
        start_opening(t);
        rc = prober_probe(pr, p, code, known, why, sizeof why);
        stop_opening(t);
    }
    return rc ? fail(err, status_of(rc, why), "%s", why) : 0;
}

int guti_probe(guti_tables *t, const struct guti_position *pos, struct guti_result *r,
               struct guti_error *err)
{
    struct game g;
    struct position p;
    int rc = probe_game(t, pos, &g, &p, err);
    if (rc) return rc;
    if (over_result(&g, &p, r)) return 0;
    retro_code code;
    bool known;
    lock(t, false);
    rc = probe_locked(t, &g, &p, &code, &known, err);
    if (!rc) {
        fill_result(&g, &p, code, known, r);
        rc = rule_class(t, &g, &p, r, err);
    }
    unlock(t, false);
    return rc;
}

int guti_probe_fen(guti_tables *t, const char *fen, const char *rules, struct guti_position *pos,
                   struct guti_result *r, struct guti_error *err)
{
    struct guti_variant hint = {0};
    if (rules && strlen(rules) >= sizeof hint.rules)
        return fail(err, GUTI_EINPUT, "rules '%s': no game's rules", QUOTE(rules));
    if (rules) snprintf(hint.rules, sizeof hint.rules, "%s", rules);
    struct guti_position p;
    int rc = guti_parse_fen(fen, &hint, &p, err);
    if (rc) return rc;
    if (!rules || !*rules) p.variant.rules[0] = 0; /* from the tables */
    if (pos) *pos = p;
    return guti_probe(t, &p, r, err);
}

/* Best first: wins fastest first, then draws, then losses slowest first; ties in the order
 * of the moves. */
static int move_order(retro_code mover, bool dtm_known)
{
    if (dtm_known || mover == RETRO_DRAW) return code_order(mover);
    return code_win(mover) ? 99999 : 100001; /* after the known wins, before the known losses */
}

/* A move's value for its maker, into m: the move mv of p that leads to succ. *order is its
 * rank among p's moves by the tables' values alone (move_order). With the lock held. */
static int score_move(guti_tables *t, const struct game *g, const struct move *mv,
                      const struct position *succ, struct guti_scored_move *m, int *order,
                      struct guti_error *err)
{
    memset(m, 0, sizeof *m);
    notation_format_move(g->board, mv, m->move.text, sizeof m->move.text);
    to_public(g, succ, &m->move.after);
    struct guti_result after;
    retro_code code = 1; /* a game the move ends: lost now by the side to move there */
    bool known = true;
    struct outcome o;
    bool over = game_over_at(g, succ, &o);
    int rc;
    if (over && o.reason != END_CLOCK) {
        /* a move that wins the game wins under any rule: in one half-move */
        over_result(g, succ, &after);
        if (after.winner < 0) code = RETRO_DRAW;
    } else {
        /* a move to the clock's limit: its value as the tables have it (they ignore the
         * clock, as every value here does), its class and DTC as at any clock (the class
         * is the clock-0 one), and a draw by the rule now */
        struct position q = *succ;
        if (over) q.clock = 0;
        if ((rc = probe_locked(t, g, &q, &code, &known, err))) return rc;
        fill_result(g, &q, code, known, &after);
        if ((rc = rule_class(t, g, &q, &after, err))) return rc;
        if (over) {
            struct guti_result drawn;
            over_result(g, succ, &drawn);
            after.value_now = GUTI_DRAW;
            after.over = true;
            after.winner = -1;
            after.clock = succ->clock;
            memcpy(after.reason, drawn.reason, sizeof after.reason);
        }
    }
    /* for the mover: values.h's move code; value_now the opposite of the successor's */
    retro_code mover = code_of_move(code);
    m->result = after;
    m->result.value = value_of(mover);
    m->result.dtm = known && mover != RETRO_DRAW ? code_dtm(mover) : -1;
    m->result.value_now = after.value_now == GUTI_UNKNOWN ? GUTI_UNKNOWN
                          : after.value_now == GUTI_DRAW  ? GUTI_DRAW
                                                          : -after.value_now;
    /* the mover's class is the opposite of the successor's; a capture is one half-move
     * to the next capture, any other move one more than the successor's DTC */
    if (after.dtc_class != GUTI_CLASS_UNKNOWN) {
        m->result.dtc_class = GUTI_CLASS_WIN - after.dtc_class;
        m->result.dtc = after.dtc < 0 ? -1 : succ->clock == 0 ? 1 : after.dtc + 1;
    }
    *order = move_order(mover, known);
    return 0;
}

int guti_probe_moves(guti_tables *t, const struct guti_position *pos,
                     struct guti_scored_move *moves, int max, int *n, struct guti_error *err)
{
    struct game g;
    struct position p;
    *n = 0;
    int rc = probe_game(t, pos, &g, &p, err);
    if (rc) return rc;
    struct outcome o;
    if (game_over_at(&g, &p, &o)) return 0;
    struct movelist l;
    movelist_init(&l);
    int k = generate(&g, &p, &l, err);
    if (k < 0) {
        movelist_free(&l);
        return k;
    }
    struct guti_scored_move *s = calloc((size_t)(k ? k : 1), sizeof *s);
    if (!s) {
        movelist_free(&l);
        return fail(err, GUTI_ENOMEM, "out of memory");
    }
    int *order = malloc((size_t)(k ? k : 1) * sizeof *order);
    if (!order) {
        free(s);
        movelist_free(&l);
        return fail(err, GUTI_ENOMEM, "out of memory");
    }
    lock(t, false);
    for (int i = 0; i < k && !rc; i++)
        rc = score_move(t, &g, &l.mv[i], &l.succ[i], &s[i], &order[i], err);
    unlock(t, false);
    movelist_free(&l);
    if (rc) {
        free(s);
        free(order);
        return rc;
    }
    /* With the counting rule's tables, the value at the position's clock ranks first: a
     * fast win that the clock makes a draw ranks as a draw. */
    bool rule = k > 0;
    for (int i = 0; i < k; i++)
        rule &=
            s[i].result.value_now != GUTI_UNKNOWN && s[i].result.dtc_class != GUTI_CLASS_UNKNOWN;
    for (int i = 0; i < k && rule; i++)
        order[i] += (s[i].result.value_now == GUTI_WIN    ? 0
                     : s[i].result.value_now == GUTI_DRAW ? 1
                                                          : 2) *
                    1000000;
    /* a stable sort: insertion, the lists are short */
    for (int i = 1; i < k; i++) {
        struct guti_scored_move x = s[i];
        int o = order[i], j = i;
        for (; j > 0 && order[j - 1] > o; j--) {
            s[j] = s[j - 1];
            order[j] = order[j - 1];
        }
        s[j] = x;
        order[j] = o;
    }
    free(order);
    *n = k;
    for (int i = 0; i < k && i < max; i++) moves[i] = s[i];
    free(s);
    return k > max ? fail(err, GUTI_ERANGE, "moves: %d of them, room for %d", k, max) : 0;
}

int guti_probe_move(guti_tables *t, const struct guti_position *pos, const char *move,
                    struct guti_scored_move *out, struct guti_error *err)
{
    struct game g;
    struct position p, succ;
    int rc = probe_game(t, pos, &g, &p, err);
    if (rc) return rc;
    struct outcome o;
    if (game_over_at(&g, &p, &o)) return fail(err, GUTI_EINPUT, "move: the game is over");
    char why[300];
    if (game_play_text(&g, &p, move ? move : "", &succ, why, sizeof why))
        return fail(err, GUTI_EINPUT, "move '%s': %s", QUOTE(move ? move : ""), why);
    /* the move as guti_legal_moves writes it: the one that leads to the same position */
    struct movelist l;
    movelist_init(&l);
    int k = generate(&g, &p, &l, err), i = 0;
    if (k < 0) {
        movelist_free(&l);
        return k;
    }
    while (i < k && !(position_same(&l.succ[i], &succ) && l.succ[i].clock == succ.clock)) i++;
    if (i == k) {
        movelist_free(&l);
        return fail(err, GUTI_EINPUT, "move '%s': not among the position's moves", QUOTE(move));
    }
    int order;
    lock(t, false);
    rc = score_move(t, &g, &l.mv[i], &l.succ[i], out, &order, err);
    unlock(t, false);
    movelist_free(&l);
    return rc;
}

int guti_best_move(guti_tables *t, const struct guti_position *pos, struct guti_scored_move *best,
                   struct guti_error *err)
{
    struct guti_scored_move *all = malloc(1024 * sizeof *all);
    int n = 0, rc;
    if (!all) return fail(err, GUTI_ENOMEM, "out of memory");
    rc = guti_probe_moves(t, pos, all, 1024, &n, err);
    if (rc == GUTI_ERANGE) { /* a rare position with more moves: room for all */
        struct guti_scored_move *more = realloc(all, (size_t)n * sizeof *all);
        if (!more) {
            free(all);
            return fail(err, GUTI_ENOMEM, "out of memory");
        }
        all = more;
        rc = guti_probe_moves(t, pos, all, n, &n, err);
    }
    if (!rc && n == 0) rc = fail(err, GUTI_EINPUT, "the game is over: no move");
    if (!rc) *best = all[0];
    free(all);
    return rc;
}

int guti_principal_variation(guti_tables *t, const struct guti_position *pos,
                             char (*moves)[GUTI_MOVE_MAX], int max, int *n, struct guti_error *err)
{
    struct guti_position cur = *pos;
    *n = 0;
    while (*n < max) {
        /* over under the rules the moves are probed with: the tables' when none are named */
        struct game g;
        struct position p;
        struct outcome o;
        int rc = probe_game(t, &cur, &g, &p, err);
        if (rc) return rc;
        if (game_over_at(&g, &p, &o)) break;
        struct guti_scored_move best;
        if ((rc = guti_best_move(t, &cur, &best, err))) return rc;
        snprintf(moves[(*n)++], GUTI_MOVE_MAX, "%s", best.move.text);
        cur = best.move.after;
        if (!pos->variant.rules[0]) cur.variant.rules[0] = 0;
    }
    return 0;
}

/* ---- Rules no-repeat: values by search ------------------------------------------------- */

/* The standard tables as the search's hints (norepeat.h), probed under the read lock. A
 * table that cannot be read turns the hints off: they only order moves and bound. */
struct norepeat_hint {
    guti_tables *t;
    struct game standard;
    bool off;
};

static int norepeat_standard(void *arg, const struct position *pos, retro_code *code)
{
    struct norepeat_hint *h = arg;
    if (h->off) return -1;
    struct position q = *pos;
    q.clock = 0;
    bool known;
    struct guti_error e;
    if (probe_locked(h->t, &h->standard, &q, code, &known, &e)) h->off = true;
    return h->off ? -1 : 0;
}

/* The move from the current position of h to succ, as text. */
static void move_to(const struct game *g, const struct position *from, const struct position *succ,
                    char *buf, size_t len)
{
    struct movelist l;
    movelist_init(&l);
    int n = g->ops->moves(g, from, &l);
    buf[0] = 0;
    for (int i = 0; i < n; i++)
        if (position_same(&l.succ[i], succ)) {
            notation_format_move(g->board, &l.mv[i], buf, len);
            break;
        }
    movelist_free(&l);
}

/* The history of the game after moves[0..n-1] from start under rules no-repeat, into g
 * and h (h freed on an error), its current position in r->position and r->budget set. */
static int norepeat_replay(const struct guti_position *start, const char *const *moves, int n,
                           uint64_t budget, struct game *g, struct history *h,
                           struct guti_norepeat_result *r, struct guti_error *err)
{
    if (!start || !r) return fail(err, GUTI_EINPUT, "no-repeat: no start or result given");
    memset(r, 0, sizeof *r);
    struct position p;
    int rc = to_internal(start, g, &p, err);
    if (rc) return rc;
    if (!g->no_repeat) {
        char name[32];
        game_rules_name(g, name, sizeof name);
        return fail(err, GUTI_EINPUT,
                    "rules '%s': a search for rules no-repeat only; the tables answer these", name);
    }
    if (n < 0 || (n > 0 && !moves)) return fail(err, GUTI_EINPUT, "no-repeat: no moves given");
    if (history_start(h, &p)) return fail(err, GUTI_ENOMEM, "out of memory");
    struct outcome o;
    for (int i = 0; i < n && !rc; i++) {
        const struct position *cur = &h->p[h->n - 1];
        struct position q;
        char why[300];
        int over = history_over(g, h, &o);
        if (over < 0)
            rc = fail(err, GUTI_ENOMEM, "out of memory");
        else if (over)
            rc = fail(err, GUTI_EINPUT, "move %d: the game is over", i + 1);
        else if (game_play_text(g, cur, moves[i] ? moves[i] : "", &q, why, sizeof why))
            rc = fail(err, GUTI_EINPUT, "move %d '%s': %s", i + 1, QUOTE(moves[i] ? moves[i] : ""),
                      why);
        else if (history_refuses(g, h, &q))
            rc = fail(err, GUTI_EINPUT,
                      "move %d '%s': recreates a board seen since the last placement or "
                      "capture (rules no-repeat)",
                      i + 1, QUOTE(moves[i]));
        else if (history_push(h, &q))
            rc = fail(err, GUTI_ENOMEM, "out of memory");
    }
    if (rc) {
        history_free(h);
        return rc;
    }
    to_public(g, &h->p[h->n - 1], &r->position);
    r->budget = budget;
    return 0;
}

/* Whether the game of h is over: 1 with r's over, winner, value and reason; 0 not; or an
 * error status (h freed). */
static int norepeat_over(const struct game *g, struct history *h, struct guti_norepeat_result *r,
                         struct guti_error *err)
{
    struct outcome o;
    int over = history_over(g, h, &o);
    if (over <= 0) {
        if (over < 0) history_free(h);
        return over < 0 ? fail(err, GUTI_ENOMEM, "out of memory") : 0;
    }
    r->over = true;
    r->winner = o.winner;
    r->value = o.winner == h->p[h->n - 1].side ? GUTI_WIN : GUTI_LOSS;
    snprintf(r->reason, sizeof r->reason, "%s", end_reason_text(g, &o, 1 - o.winner));
    return 1;
}

/* The standard rules of g (its board and capture goal) as hints from t; hint->off when
 * t is NULL or they cannot be set up. */
static void norepeat_hint_setup(guti_tables *t, const struct game *g, struct norepeat_hint *hint)
{
    char std_rules[40], why[300];
    *hint = (struct norepeat_hint){.t = t, .off = !t};
    if (t && (game_rules_with_goal("standard", g->capture_goal, std_rules, sizeof std_rules, why,
                                   sizeof why) ||
              game_setup(&hint->standard, "baghchal",
                         g->capture_goal == g->capture_goal_default ? "standard" : std_rules,
                         g->board->name, why, sizeof why)))
        hint->off = true;
}

int guti_norepeat_value(guti_tables *t, const struct guti_position *start, const char *const *moves,
                        int n, uint64_t budget, struct guti_norepeat_result *r,
                        struct guti_error *err)
{
    struct game g;
    struct history h;
    int rc = norepeat_replay(start, moves, n, budget ? budget : 10000000, &g, &h, r, err);
    if (rc) return rc;
    if ((rc = norepeat_over(&g, &h, r, err))) return rc < 0 ? rc : (history_free(&h), 0);
    const struct position *cur = &h.p[h.n - 1];
    struct norepeat_hint hint;
    norepeat_hint_setup(t, &g, &hint);
    struct nr_search *s = nr_new(&g, hint.off ? NULL : norepeat_standard, &hint, true);
    if (!s) {
        history_free(&h);
        return fail(err, GUTI_ENOMEM, "out of memory for the search");
    }
    if (t) lock(t, false);
    struct nr_answer a;
    rc = nr_value(s, &h, r->budget, &a);
    if (t) unlock(t, false);
    r->bounded = nr_bounded(s) && !hint.off;
    nr_free(s);
    if (rc) {
        history_free(&h);
        return fail(err, GUTI_ENOMEM, "out of memory for the search");
    }
    r->value = a.value; /* enum nr_value numbers its values as guti.h does */
    r->nodes = a.nodes;
    if (a.has_best) {
        move_to(&g, cur, &a.best, r->best, sizeof r->best);
        r->has_best = r->best[0] != 0;
    }
    history_free(&h);
    return 0;
}

/* A move's rank in guti_norepeat_moves: decided wins, then neither won nor lost, then
 * decided losses, then refused. */
static int norepeat_rank(const struct guti_norepeat_move *m)
{
    return m->refused ? 3 : m->value == GUTI_WIN ? 0 : m->value == GUTI_LOSS ? 2 : 1;
}

/* The moves of h's current position in the standard tables' order, with their standard
 * values, into out (k of them, k the legal moves' number): those tables' ranking, else
 * the order of the moves with the values unknown. */
static int norepeat_standard_moves(guti_tables *t, const struct game *g, const struct position *cur,
                                   const struct norepeat_hint *hint, struct guti_norepeat_move *out,
                                   int k, struct guti_error *err)
{
    struct guti_scored_move *sm = calloc((size_t)k, sizeof *sm);
    if (!sm) return fail(err, GUTI_ENOMEM, "out of memory");
    int got = 0;
    struct guti_error e;
    if (!hint->off) {
        struct guti_position q;
        to_public(&hint->standard, cur, &q);
        q.clock = 0;
        if (guti_probe_moves(t, &q, sm, k, &got, &e) || got != k) got = 0;
    }
    if (!got) {
        struct movelist l;
        movelist_init(&l);
        int m = generate(g, cur, &l, err);
        if (m != k) {
            movelist_free(&l);
            free(sm);
            return m < 0 ? m : fail(err, GUTI_EINPUT, "no-repeat: the moves changed");
        }
        for (int i = 0; i < k; i++) {
            notation_format_move(g->board, &l.mv[i], sm[i].move.text, sizeof sm[i].move.text);
            sm[i].result.value = sm[i].result.value_now = GUTI_UNKNOWN;
            sm[i].result.dtm = sm[i].result.dtc = -1;
            sm[i].result.dtc_class = GUTI_CLASS_UNKNOWN;
        }
        movelist_free(&l);
    }
    for (int i = 0; i < k; i++) {
        out[i] = (struct guti_norepeat_move){.standard = sm[i].result, .value = GUTI_UNKNOWN};
        snprintf(out[i].move.text, sizeof out[i].move.text, "%s", sm[i].move.text);
    }
    free(sm);
    return 0;
}

/* Each move of out[0..k-1] (texts as the game writes them) played from h's current
 * position: its position, whether refused, and its value under the rule by s. */
static int norepeat_search_moves(guti_tables *t, const struct game *g, struct history *h,
                                 struct nr_search *s, uint64_t budget,
                                 struct guti_norepeat_move *out, int k, struct guti_error *err)
{
    const struct position cur = h->p[h->n - 1];
    int rc = 0;
    if (t) lock(t, false);
    for (int i = 0; i < k && !rc; i++) {
        struct position q;
        char why[300];
        if (game_play_text(g, &cur, out[i].move.text, &q, why, sizeof why)) {
            rc = fail(err, GUTI_EINPUT, "no-repeat: move '%s': %s", out[i].move.text, why);
            break;
        }
        to_public(g, &q, &out[i].move.after);
        if ((out[i].refused = history_refuses(g, h, &q))) continue;
        if (history_push(h, &q)) {
            rc = fail(err, GUTI_ENOMEM, "out of memory");
            break;
        }
        struct nr_answer a;
        if (nr_value(s, h, budget, &a))
            rc = fail(err, GUTI_ENOMEM, "out of memory for the search");
        else {
            out[i].value = a.value == NR_UNKNOWN ? GUTI_UNKNOWN : -a.value;
            out[i].nodes = a.nodes;
        }
        history_pop(h);
    }
    if (t) unlock(t, false);
    return rc;
}

/* The position's value under the rule as its moves out[0..k-1] decide it, into r. */
static void norepeat_decide(const struct guti_norepeat_move *out, int k,
                            struct guti_norepeat_result *r)
{
    bool unknown = false, draw = false, win = false;
    for (int i = 0; i < k; i++) {
        if (out[i].refused) continue;
        r->nodes += out[i].nodes;
        win |= out[i].value == GUTI_WIN;
        draw |= out[i].value == GUTI_DRAW;
        unknown |= out[i].value == GUTI_UNKNOWN;
    }
    r->value = win ? GUTI_WIN : unknown ? GUTI_UNKNOWN : draw ? GUTI_DRAW : GUTI_LOSS;
    if (k && !out[0].refused && (out[0].value == GUTI_WIN || out[0].value == GUTI_DRAW)) {
        r->has_best = true;
        snprintf(r->best, sizeof r->best, "%s", out[0].move.text);
    }
}

int guti_norepeat_moves(guti_tables *t, const struct guti_position *start, const char *const *moves,
                        int n, uint64_t budget, struct guti_norepeat_result *r,
                        struct guti_norepeat_move *out, int max, int *nout, struct guti_error *err)
{
    struct game g;
    struct history h;
    if (nout) *nout = 0;
    if (!nout || (max > 0 && !out)) return fail(err, GUTI_EINPUT, "no-repeat: no moves array");
    int rc = norepeat_replay(start, moves, n, budget ? budget : 1000000, &g, &h, r, err);
    if (rc) return rc;
    if ((rc = norepeat_over(&g, &h, r, err))) return rc < 0 ? rc : (history_free(&h), 0);
    struct position cur = h.p[h.n - 1];
    struct movelist l;
    movelist_init(&l);
    int k = generate(&g, &cur, &l, err);
    movelist_free(&l);
    struct guti_norepeat_move *all = k > 0 ? calloc((size_t)k, sizeof *all) : NULL;
    struct norepeat_hint hint;
    norepeat_hint_setup(t, &g, &hint);
    struct nr_search *s =
        k > 0 ? nr_new(&g, hint.off ? NULL : norepeat_standard, &hint, true) : NULL;
    if (k < 0)
        rc = k;
    else if (k > 0 && (!all || !s))
        rc = fail(err, GUTI_ENOMEM, "out of memory for the search");
    else if (k > 0 && !(rc = norepeat_standard_moves(t, &g, &cur, &hint, all, k, err)))
        rc = norepeat_search_moves(t, &g, &h, s, r->budget, all, k, err);
    if (s) r->bounded = nr_bounded(s) && !hint.off;
    nr_free(s);
    history_free(&h);
    if (!rc) {
        /* a stable sort by rank: insertion, the lists are short */
        for (int i = 1; i < k; i++) {
            struct guti_norepeat_move x = all[i];
            int j = i;
            for (; j > 0 && norepeat_rank(&all[j - 1]) > norepeat_rank(&x); j--)
                all[j] = all[j - 1];
            all[j] = x;
        }
        norepeat_decide(all, k, r);
        *nout = k;
        for (int i = 0; i < k && i < max; i++) out[i] = all[i];
        if (k > max) rc = fail(err, GUTI_ERANGE, "moves: %d of them, room for %d", k, max);
    }
    free(all);
    return rc;
}
