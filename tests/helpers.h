/* Shared by the unit tests: setting up games and positions, failing loudly. */
#ifndef GUTI_TEST_HELPERS_H
#define GUTI_TEST_HELPERS_H

#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "notation.h"
#include "store.h"
#include "symmap.h"

/* For loops over many positions: ck_assert logs every check that passes (a write to Check's
 * message file each time), which costs more than the check. */
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                    \
    } while (0)

/* A repeatable pseudo-random sequence (splitmix64), for tests that draw positions or graphs. */
static inline uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A directory of its own for one test's tables, /tmp/guti-TAG-XXXXXX, and its removal with
 * the files in it. */
static inline void test_dir_make(char *dir, size_t len, const char *tag)
{
    snprintf(dir, len, "/tmp/guti-%s-XXXXXX", tag);
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static inline void test_dir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    char p[512];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    closedir(d);
    ck_assert_int_eq(rmdir(dir), 0);
}

/* A board's symmetries, allocated (free it). */
static inline struct symmap *symmap_for(const struct board *b)
{
    struct symmap *sm = malloc(sizeof *sm);
    ck_assert_ptr_nonnull(sm);
    symmap_init(sm, b);
    return sm;
}

static inline struct game setup(const char *name, const char *rules, const char *board)
{
    struct game g;
    char err[200];
    ck_assert_msg(game_setup(&g, name, rules, board, err, sizeof err) == 0, "%s", err);
    return g;
}

static inline struct position parse(const struct game *g, const char *fen)
{
    struct position pos;
    char err[200];
    ck_assert_msg(g->ops->parse(g, fen, &pos, err, sizeof err) == 0, "%s: %s", fen, err);
    return pos;
}

/* The parse error of a bad position; fails the test if it parses. */
static inline const char *parse_error(const struct game *g, const char *fen)
{
    static char err[200];
    struct position pos;
    err[0] = 0;
    ck_assert_msg(g->ops->parse(g, fen, &pos, err, sizeof err) != 0, "accepted: %s", fen);
    return err;
}

/* The moves of a position, written out and joined by spaces. */
static inline const char *moves_text(const struct game *g, const struct position *pos)
{
    static char buf[8192];
    struct movelist l;
    movelist_init(&l);
    int n = g->ops->moves(g, pos, &l);
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < n && k < sizeof buf - 40; i++) {
        char mv[80];
        notation_format_move(g->board, &l.mv[i], mv, sizeof mv);
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? " " : "", mv);
    }
    movelist_free(&l);
    return buf;
}

/* Whether a move (by its text) is among the position's moves. */
static inline bool has_move_text(const struct game *g, const struct position *pos, const char *mv)
{
    const char *all = moves_text(g, pos);
    size_t n = strlen(mv);
    for (const char *s = all; (s = strstr(s, mv)); s += n)
        if ((s == all || s[-1] == ' ') && (s[n] == ' ' || s[n] == 0)) return true;
    return false;
}

/* The suites, one per test file: tests/test_X.c makes X_suite (tests/check_main.c runs them). */
Suite *board_suite(void);
Suite *notation_suite(void);
Suite *notations_suite(void);
Suite *baghchal_suite(void);
Suite *sixteen_suite(void);
Suite *record_suite(void);
Suite *tablebase_suite(void);
Suite *guti_suite(void);
Suite *analyze_suite(void);
Suite *norepeat_analyze_suite(void);
Suite *index_suite(void);
Suite *retro_suite(void);
Suite *bc_layers_suite(void);
Suite *bc_reach_suite(void);
Suite *reach_suite(void);
Suite *selftest_suite(void);
Suite *bc_tables_suite(void);
Suite *ss_layers_suite(void);
Suite *ss_tables_suite(void);
Suite *checkpoint_suite(void);
Suite *norepeat_suite(void);
Suite *registry_suite(void);
Suite *stats_suite(void);
Suite *verify_suite(void);
Suite *driver_suite(void);
Suite *solve_suite(void);
Suite *share_suite(void);
Suite *tables_suite(void);
Suite *game_suite(void);
Suite *adugo_suite(void);
Suite *ad_tables_suite(void);
Suite *ad_reach_suite(void);
Suite *bitset_suite(void);

/* An in-memory store for the library's drivers (tests/table_arrays.c): tables as arrays. */
#define ARRAYS_TABLES 256
struct table_arrays {
    int n;
    struct store_table t[ARRAYS_TABLES];
    uint16_t *e[ARRAYS_TABLES];
};
/* The store hooks that keep tables in m; the index of t in m, or -1; m's arrays freed. */
struct store_hooks arrays_hooks(struct table_arrays *m);
int arrays_find(const struct table_arrays *m, const struct store_table *t);
void arrays_free(struct table_arrays *m);
/* A copy of every table of from (free it with arrays_free); a and b hold the same entries. */
void arrays_copy(struct table_arrays *to, const struct table_arrays *from);
void arrays_assert_same(const struct table_arrays *a, const struct table_arrays *b);

/* The counting rule's values by brute force (tests/table_arrays.c), over n states whose
 * moves are succ[first[i] .. first[i + 1] - 1] (-1: a move that ends the game, won by its
 * maker) with capture[j] marking the zeroing moves: V[i * L + c] for clock c in 0..L-1,
 * -1 loss, 0 draw, 1 win, as the definition says. A capture leads to a state of a smaller
 * rank[] (rank 0..nranks-1), so the ranks are taken from the smallest. */
signed char *clock_values(int n, const int *first, const int *succ, const bool *capture,
                          const int *rank, int nranks, int L);

/* The layer key of (men in hand, captured, side to move: -1 for both), as Bagh-Chal's and
 * Sixteen Soldiers' (m, n, -1) layers name them: the tests' shorthand. */
#define TEST_KEY(inhand, captured, side)                                                           \
    ((struct layer_key){{(inhand), (captured), (inhand) > 0 && (side) >= 0 ? 1 + (side) : 0, 0}})

/* Bagh-Chal's standard tables on board, solved whole into a new test folder dir (tag
 * names it; test_dir_remove removes it) and opened (tests/solved_tables.c). */
typedef struct guti_tables guti_tables;
guti_tables *solved_tables(char *dir, size_t len, const char *tag, const char *board);

/* A store of tables in memory (tests/mem_store.c; store.h's hooks mem_load and mem_save, arg
 * the store): what the drivers save, they read back. */
struct mem_table {
    struct store_table t;
    uint16_t *e;  /* the entries, as a table gives them back */
    bool damaged; /* read back or verified, it fails as a damaged file would */
};

struct mem_store {
    struct mem_table t[512];
    int n, saves, notices;
};
int mem_load(void *arg, const struct store_table *t, enum store_mode mode, uint16_t *out,
             uint64_t *bytes, char *err, size_t errlen);
int mem_save(void *arg, const struct store_table *t, const struct tb_source *src, uint64_t *bytes,
             char *err, size_t errlen);
/* The stored table t names (kind, in hand, captured, side, limit), or NULL; its entries, or a
 * failed test; one table removed; the store freed. */
struct mem_table *mem_find(struct mem_store *m, const struct store_table *t);
const uint16_t *mem_entries(struct mem_store *m, enum tb_kind kind, int inhand, int c, int side,
                            uint64_t n);
void mem_remove(struct mem_store *m, struct mem_table *f);
void mem_free(struct mem_store *m);
/* A copy of every table, to compare a resumed run's with; a and b hold the same tables. */
struct mem_store *mem_copy(const struct mem_store *m);
void mem_same(struct mem_store *a, struct mem_store *b);

/* hold: a game that holds its cyclic layers' children in part (tests/part_game.c): a copy
 * of a real game (g, its ops and layers copied) whose entry_part names the part of every
 * layer below, and whose engine_open checks each child held, position by position over that
 * part, against the real game's tables in ref (held_code; class codes in the counting
 * rule's pass), then opens the real engine on those tables whole, or with poison, on them
 * with every code outside the part a loss in 0 (1): the same tables then show that the
 * real engine reads nothing outside. One at a time; never copy g (its hooks find the rest
 * from it). */
enum part_game_part {
    PART_GAME_MIDDLE, /* [size / 4, size / 4 + size / 2) */
    PART_GAME_WHOLE,  /* [0, size) */
    PART_GAME_LOWER,  /* [0, size / 2) */
    PART_GAME_OWN     /* the real game's entry_part (whole when it has none) */
};
#define PART_GAME_MAX_KIDS 64
#define PART_GAME_MAX_OPEN 16
struct part_open {
    void *ctx;        /* the open engine's context */
    uint16_t **codes; /* its children's whole codes */
    int nkids;
};
struct part_game {
    unsigned magic;
    struct game g;
    struct game_ops ops;
    struct game_layers layers;
    const struct game_layers *real;
    struct store_hooks ref; /* the real game's tables */
    enum part_game_part part;
    bool poison;
    void *lock; /* a pthread mutex: engines are opened in threads (share_sim) */
    struct part_open open[PART_GAME_MAX_OPEN];
    /* children given to engine_open: all, in bytes, in part; held codes unlike ref's */
    int kids, in_bytes, in_part;
    uint64_t wrong;
};
void part_game_make(struct part_game *p, const char *name, const char *rules,
                    const struct store_hooks *ref, enum part_game_part part, bool poison);
void part_game_free(struct part_game *p);
/* Adugo by a second hand (tests/ad_brute.c): the board from docs/rules.md's lines written
 * out as point names, its moves from the rules, every raw state valued by fixed-point
 * iteration. Positions are the library's (men[0] the jaguar, men[1] the dogs, side 0 the
 * jaguar to move) on the library's point numbers, found by name. */
#define AD_POINTS 31
struct ad_board {
    const struct board *lib; /* the library's board, whose names number the points */
    bits_t adj[AD_POINTS];   /* the points adjacent to each */
    int njumps[AD_POINTS];   /* the jumps from each: over[p][k] to to[p][k] */
    uint8_t over[AD_POINTS][8], to[AD_POINTS][8];
    int mirror[AD_POINTS]; /* the left-right mirror's image of each point */
};
struct ad_rules {
    bool forced;  /* rules forced: a capture when there is one, maximal chains */
    int dogs_won; /* the jaguar has won with this many dogs on the board or fewer: N - K */
};
/* The i-th point's name (0 <= i < AD_POINTS, rows from the bottom); the board on lib; the
 * mirror image of a set of points. */
const char *ad_point_name(int i);
void ad_board_init(struct ad_board *b, const struct board *lib);
bits_t ad_mirror(const struct ad_board *b, bits_t x);
/* The successors of pos, each once, at most max of them into out: their number, 0 when the
 * game is over (the jaguar has its captures, or the side to move has no move). */
int ad_moves(const struct ad_board *b, const struct ad_rules *r, const struct position *pos,
             struct position *out, int max);

/* Every raw state (jaguar, dogs, side) with dogs_won + 1 to most dogs, numbered; the
 * numbers whose jaguar is on a dog are no state (valid false). Successors of i are
 * succ[first[i] .. first[i + 1] - 1] (-1: a move that wins the game, by the jaguar's goal or
 * leaving the other side no move), capture[j] when the move took a dog; code[i] the DTM code
 * (values.h: 0 a draw, else DTM + 1) after solve. */
struct ad_space {
    int least, most, n, passes;
    uint64_t nsets, set_offset[AD_POINTS + 2];
    uint64_t choose[AD_POINTS + 1][AD_POINTS + 1]; /* binomial coefficients, for the numbers */
    bool *valid;
    int *first, *succ;
    bool *capture;
    uint16_t *code;
};
void ad_space_init(struct ad_space *s, const struct ad_board *b, const struct ad_rules *r,
                   int most);
void ad_space_solve(struct ad_space *s);
void ad_space_free(struct ad_space *s);
/* A state's number (-1: not a state of s), and the state numbered i. */
int ad_state(const struct ad_space *s, const struct position *pos);
struct position ad_state_position(const struct ad_space *s, int i);

#endif
