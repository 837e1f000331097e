/* guti reach: which positions some game from the start reaches, as REACH tables. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bc_reach.h"
#include "cli.h"
#include "progress.h"
#include "tables.h"

/* The library's index cache reports running out of memory; this command stops on it. */
static const struct pair_index *cache_get(struct index_cache *x, int goats)
{
    const struct pair_index *ix = index_cache_get(x, goats);
    if (!ix) {
        cli_error("out of memory for the index of %d goats", goats);
        exit(EXIT_BAD);
    }
    return ix;
}

static const char help[] =
    "usage: guti reach baghchal [--rules R] [--board B] [--dir DIR] [--threads N] [--quiet]\n"
    "                          [--json]\n"
    "\n"
    "Finds, in symmetry classes, every position that some legal game from the start reaches\n"
    "(draw rules aside), forward from the start: the placement layers in the order of play,\n"
    "then each movement layer by rounds of a breadth-first search. Writes one REACH table\n"
    "per layer beside the value tables (DIR/...-h12-c3-t.reach, DIR/...-h0-c4.reach) and\n"
    "prints how many positions of each layer are reached. guti stats --reachable uses them.\n"
    "The rules matter only in the movement phase (goat-pass: stuck goats pass).\n"
    "\n"
    "An interrupted run resumes from the last goats-to-move layers it wrote.\n"
    "\n"
    "  --rules R     standard (default) or goat-pass\n"
    "  --board B     5x5 (default), 4x4 or 3x3\n"
    "  --dir DIR     where the tables are (default $GUTI_TABLES, else ./tables)\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       no progress on stderr (the counts are still printed)\n"
    "  --json        {\"game\", \"rules\", \"board\", \"layers\": [{\"inhand\", \"captured\",\n"
    "                \"side\" (null for a movement layer: both sides), \"reached\", \"classes\",\n"
    "                \"resumed\"}], \"classes_walked\", \"seconds\"}\n";

static void fill_bits(void *ctx, uint64_t first, size_t n, uint16_t *out)
{
    const struct bitset *b = ctx;
    for (size_t j = 0; j < n; j++) out[j] = (uint16_t)bitset_get(b, first + j);
}

struct layer_count {
    int inhand, captured, side; /* side -1: a movement layer, both sides */
    uint64_t reached, classes;
    bool resumed;
};

struct run {
    const struct game *g;
    const char *dir;
    bool json;
    struct progress prog;
    uint64_t done, total; /* classes walked by this run, and to walk */
    struct layer_count layers[2 * TABLES_MAX_LAYERS * (BOARD_MAX_POINTS + 1)];
    int nlayers;
};

/* Prints a layer's count as it is found (text), or keeps it for the JSON at the end. */
static void report(struct run *u, int inhand, int c, int side, const struct bitset *b, bool resumed)
{
    uint64_t k = bitset_count(b);
    if (u->json) {
        if (u->nlayers < (int)(sizeof u->layers / sizeof u->layers[0]))
            u->layers[u->nlayers++] =
                (struct layer_count){inhand, c, inhand ? side : -1, k, b->n, resumed};
        return;
    }
    const char *note = resumed ? "  (already there)" : "";
    if (inhand)
        printf("h%-2d c%d %-6s %14llu of %14llu reached (%.2f%%)%s\n", inhand, c,
               side ? "tigers" : "goats", (unsigned long long)k, (unsigned long long)b->n,
               b->n ? 100.0 * k / b->n : 0, note);
    else
        printf("h0  c%d both   %14llu of %14llu reached (%.2f%%)%s\n", c, (unsigned long long)k,
               (unsigned long long)b->n, b->n ? 100.0 * k / b->n : 0, note);
    fflush(stdout);
}

static void print_json(const struct run *u, double secs)
{
    char rules[32];
    game_rules_name(u->g, rules, sizeof rules);
    printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"layers\": [",
           u->g->ops->name, rules, u->g->board->name);
    for (int k = 0; k < u->nlayers; k++) {
        const struct layer_count *l = &u->layers[k];
        printf("%s{\"inhand\": %d, \"captured\": %d, \"side\": %s, \"reached\": %llu, "
               "\"classes\": %llu, \"resumed\": %s}",
               k ? ", " : "", l->inhand, l->captured,
               l->side < 0    ? "null"
               : l->side == 0 ? "\"goats\""
                              : "\"tigers\"",
               (unsigned long long)l->reached, (unsigned long long)l->classes,
               l->resumed ? "true" : "false");
    }
    printf("], \"classes_walked\": %llu, \"seconds\": %.3f}\n", (unsigned long long)u->done, secs);
}

static int write_reach(struct run *u, int inhand, int c, int side, const struct bitset *b)
{
    char path[1024], err[400];
    tables_reach_name(path, sizeof path, u->dir, u->g, inhand, c, side);
    struct tb_meta meta = tables_reach_meta(u->g, inhand, c, side, b->n);
    struct tb_source src = {.fill = fill_bits, .ctx = (void *)b, .max_code = 1};
    if (tb_write_source(path, &meta, &src, NULL, err, sizeof err))
        return cli_error("reach: %s", err);
    report(u, inhand, c, side, b, false);
    u->done += b->n;
    progress_update(&u->prog, "layers", u->done, u->total);
    return 0;
}

/* Resuming: whether a layer's table is there, and reading it back (checksums checked). */
static bool have_reach(const struct run *u, int inhand, int c, int side)
{
    char path[1024];
    tables_reach_name(path, sizeof path, u->dir, u->g, inhand, c, side);
    return access(path, F_OK) == 0;
}

static int read_reach(struct run *u, int inhand, int c, int side, struct bitset *b)
{
    char path[1024], err[400];
    tables_reach_name(path, sizeof path, u->dir, u->g, inhand, c, side);
    struct tb_meta want = tables_reach_meta(u->g, inhand, c, side, b->n);
    uint16_t *v = tables_read(path, &want, err, sizeof err);
    if (!v) return cli_error("reach: cannot resume from %s: %s", path, err);
    for (uint64_t i = 0; i < b->n; i++)
        if (v[i]) bitset_set(b, i);
    free(v);
    report(u, inhand, c, side, b, true);
    return 0;
}

/* Whether every layer's table is there: then there is nothing to do. */
static bool all_reach_there(const struct run *u)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats;
    for (int p = 0; p < N; p++)
        for (int c = 0; c <= (p + 1 < cw - 1 ? p + 1 : cw - 1); c++)
            if ((c <= p && !have_reach(u, N - p, c, 0)) ||
                (p + 1 < N && !have_reach(u, N - p - 1, c, 1)))
                return false;
    for (int c = 0; c < cw; c++)
        if (!have_reach(u, 0, c, 0)) return false;
    return true;
}

/* Whether the goats-to-move layers with p goats placed are all written, and whether the
 * whole step p is (those, then the tigers-to-move layers with p + 1 placed). */
static bool goats_written(const struct run *u, int p)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats, top = p < cw - 1 ? p : cw - 1;
    for (int c = 0; c <= top; c++)
        if (!have_reach(u, N - p, c, 0)) return false;
    return true;
}

static bool step_written(const struct run *u, int p)
{
    int cw = u->g->captures_to_win, N = u->g->ngoats, ntop = p + 1 < cw - 1 ? p + 1 : cw - 1;
    if (!goats_written(u, p)) return false;
    for (int c = 0; c <= ntop && p + 1 < N; c++)
        if (!have_reach(u, N - p - 1, c, 1)) return false;
    return true;
}

/* Where the run restarts: every step before it is written whole, and its goats-to-move
 * layers are read back (0: from the start). Steps from there on are written again, so a
 * table missing anywhere, even between written ones, is made. */
static int resume_point(const struct run *u)
{
    int N = u->g->ngoats, q = 0;
    while (q < N && step_written(u, q)) q++;
    if (q == N) return N - 1;
    return q > 0 && goats_written(u, q) ? q : q > 0 ? q - 1 : 0;
}

int cmd_reach(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL;
    const struct cli_option opts[] = {CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION_INT("threads", &o.threads, 1, 1024),
                                      CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("reach", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("reach", "expected GAME, got %d operands", argc - first);
    o.game = argv[first];
    struct game g;
    if ((rc = cli_game(&o, NULL, &g))) return rc;
    if (g.ops != &baghchal_ops || g.rules == BC_NO_REPEAT)
        return cli_usage_error("reach", "only baghchal under standard or goat-pass");
    const char *dir = tables_dir(dir_opt);
    if (mkdir(dir, 0777) && errno != EEXIST) return cli_error("reach: cannot make %s", dir);
    if (o.threads) omp_set_num_threads(o.threads);
    double t0 = omp_get_wtime();
    struct run u = {.g = &g, .dir = dir, .json = o.json};
    if (all_reach_there(&u)) {
        if (o.json)
            print_json(&u, 0);
        else
            printf("reach: every layer's REACH table is already there\n");
        return 0;
    }
    struct index_cache x;
    if (index_cache_init(&x, &g)) return cli_error("reach: out of memory");
    progress_init(&u.prog, o.quiet);
    progress_begin(&u.prog, "reach");
    int cw = g.captures_to_win, N = g.ngoats, p0 = resume_point(&u);
    for (int p = p0; p < N; p++) /* what this run will write, for the ETA */
        for (int c = 0; c <= (p + 1 < cw - 1 ? p + 1 : cw - 1); c++) {
            if (c <= p && !(p == p0 && p0)) u.total += cache_get(&x, p - c)->size;
            if (p + 1 < N) u.total += cache_get(&x, p + 1 - c)->size;
        }
    for (int c = 0; c < cw; c++)
        if (!have_reach(&u, 0, c, 0)) u.total += 2 * cache_get(&x, N - c)->size;
    struct bc_reach_place gp[TABLES_MAX_LAYERS], tp[TABLES_MAX_LAYERS];
    struct bitset move[TABLES_MAX_LAYERS];
    memset(gp, 0, sizeof gp);
    memset(move, 0, sizeof move);
    for (int c = 0; c < cw; c++)
        if (bitset_alloc(&move[c], 2 * cache_get(&x, N - c)->size))
            return cli_error("reach: out of memory");
    /* the start, or the goats-to-move layers written last */
    int top0 = p0 < cw - 1 ? p0 : cw - 1;
    for (int c = 0; c <= top0; c++) {
        gp[c].ix = cache_get(&x, p0 - c);
        if (bitset_alloc(&gp[c].r, gp[c].ix->size)) return cli_error("reach: out of memory");
        if (p0 && (rc = read_reach(&u, N - p0, c, 0, &gp[c].r))) return rc;
    }
    struct position start = g.ops->start(&g);
    if (!p0) bitset_set(&gp[0].r, pair_index_rank(gp[0].ix, start.men[1], start.men[0]));
    for (int p = p0; p < N && !rc; p++) {
        int top = p < cw - 1 ? p : cw - 1; /* captures possible with p placed */
        int ntop = p + 1 < cw - 1 ? p + 1 : cw - 1;
        memset(tp, 0, sizeof tp);
        /* the tigers-to-move layers (p + 1, c): c = p + 1 exists but no game reaches it */
        for (int c = 0; c <= ntop && p + 1 < N; c++) {
            tp[c].ix = cache_get(&x, p + 1 - c);
            if (bitset_alloc(&tp[c].r, tp[c].ix->size)) return cli_error("reach: out of memory");
        }
        for (int c = 0; c <= top; c++) {
            if (p + 1 == N)
                bc_reach_from_goats(&g, &gp[c], cache_get(&x, N - c), &move[c], 1);
            else
                bc_reach_from_goats(&g, &gp[c], tp[c].ix, &tp[c].r, 0);
            if (!(p == p0 && p0 && have_reach(&u, N - p, c, 0)))
                rc |= write_reach(&u, N - p, c, 0, &gp[c].r);
            bitset_free(&gp[c].r);
        }
        if (p + 1 == N) break;
        memset(gp, 0, sizeof gp);
        for (int c = 0; c <= ntop; c++) {
            gp[c].ix = cache_get(&x, p + 1 - c);
            if (bitset_alloc(&gp[c].r, gp[c].ix->size)) return cli_error("reach: out of memory");
        }
        bc_reach_from_tigers(&g, tp, gp, ntop + 1);
        for (int c = 0; c <= ntop; c++) {
            rc |= write_reach(&u, N - p - 1, c, 1, &tp[c].r);
            bitset_free(&tp[c].r);
        }
        /* goats on the board from now on: at least p + 1 - (cw - 1); keep the movement's */
        if (p - cw + 1 >= 0 && p - cw + 1 < N - cw + 1) index_cache_drop(&x, p - cw + 1);
    }
    for (int c = 0; c < cw && !rc; c++) {
        /* a movement table is trusted only when the placement it follows was */
        bool had = p0 == N - 1 && have_reach(&u, 0, c, 0);
        if (had && (rc = read_reach(&u, 0, c, 0, &move[c]))) break;
        if (bc_reach_movement(&g, cache_get(&x, N - c), &move[c],
                              c + 1 < cw ? cache_get(&x, N - c - 1) : NULL,
                              c + 1 < cw ? &move[c + 1] : NULL))
            return cli_error("reach: out of memory");
        if (!had) rc |= write_reach(&u, 0, c, 0, &move[c]);
        bitset_free(&move[c]);
    }
    progress_end(&u.prog);
    index_cache_free(&x);
    double secs = omp_get_wtime() - t0;
    if (!rc && o.json)
        print_json(&u, secs);
    else if (!rc)
        printf("reach: %llu classes in %.1f s (%.0f classes/s)\n", (unsigned long long)u.done, secs,
               secs > 0 ? u.done / secs : 0);
    return rc ? EXIT_BAD : 0;
}
