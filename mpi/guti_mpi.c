/*
 * guti-mpi: the cyclic layers of guti solve GAME shared among the processes of an MPI job,
 * in the manner of GamesmanOne's tier manager, for any game whose layers say what solving
 * one needs (game.h's game_layers.need). Built only where Open MPI is installed (make
 * builds build/guti-mpi when mpicc is found), so that guti itself needs no MPI.
 *
 * Rank 0 is the manager: it holds the plan (solve.h's solve_plan: every cyclic layer in
 * solving order and the layers it reads), hands each layer whose reads are all done to an
 * idle rank, and hears back each one's figures. Every other rank is a worker: it solves
 * the layer it is given with the OpenMP engine (share_solve_alone: the layers it reads are
 * read back from their tables), writes its tables into the shared directory with the
 * store's atomic renames, and says it is done. Layers that do not read each other are
 * solved at once by as many ranks. A killed run resumes: a layer whose tables are stored
 * and sound is read back, not solved. With one rank the manager solves every layer
 * itself, in order. Nothing here names a game: layers are said by the game's title (in
 * messages), label (rows) and name (JSON), and travel between ranks as their layer_key.
 *
 * The unit of work is a layer, or a layer shared by several ranks: one whose solve does
 * not fit one rank's --memory is given to as few workers as hold it together, and with
 * --share-from N every layer of N positions or more is given to all of them. They solve it
 * with share_solve, each holding a slice of its codes and exchanging the predecessors
 * found in each other's slices at every level (retro.h, struct retro_share) over a
 * communicator of their own (MPI_Comm_create_group, so that the other ranks need not take
 * part); the first of them writes the tables.
 *
 * The ranks must share the directory (a cluster's shared file system) and be of one
 * architecture: the figures travel as the bytes of a C struct.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <fcntl.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli_game.h"
#include "progress.h"
#include "share.h"
#include "solve.h"

/* the command, as usage errors name it (with the help they point to) */
#define MPI_COMMAND "guti-mpi solve"

static const char help[] =
    "usage: mpirun -np P guti-mpi solve GAME [--pieces N] [--memory GB]\n"
    "                            [--share-from POSITIONS] [--checkpoint S] [--rules R]\n"
    "                            [--board B] [--dir DIR] [--threads N] [--quiet] [--json]\n"
    "\n"
    "The cyclic layers of guti solve GAME shared among the P processes (ranks) of an MPI\n"
    "job, for a game that can say what solving a layer needs (its guti solve GAME --plan):\n"
    "rank 0 hands each layer whose moves' layers are solved to an idle rank and collects\n"
    "its figures; each other rank solves the layers it is given with OpenMP threads,\n"
    "reading the layers their moves lead to back from DIR, and writes their tables into\n"
    "DIR, which every rank must see (a shared file system). The tables are those of guti\n"
    "solve, byte for byte; a run stopped midway resumes from the tables it finished. With\n"
    "-np 1 the one rank solves everything itself. A layer too large for one rank's\n"
    "--memory is shared by as few workers as hold it, each holding a slice of it; they\n"
    "exchange what they find for each other at every level. Prints a line per layer as it\n"
    "is done, as guti solve does, with the rank that did it (the first of those that\n"
    "shared it), then the totals and each rank's peak memory.\n"
    "\n"
    "  GAME          {games}: one whose layers say what solving one needs\n"
    "  --pieces N    the layers of at most N men on the board, as guti solve --pieces\n"
    "  --memory GB   each rank within GB (10^9 bytes), as guti solve --memory; a layer\n"
    "                that needs more is shared by several workers\n"
    "  --share-from POSITIONS  layers of at least this many positions are shared by\n"
    "                every worker (for a cluster's speed; default: only what --memory needs)\n"
    "  --checkpoint S  save a compact solve midway every S seconds, as guti solve (a\n"
    "                shared layer too: each rank its slice; default 1800)\n"
    "  --rules R     {table-rules}\n"
    "  --board B     {boards}\n"
    "  --dir DIR     the tables' directory (default $GUTI_TABLES, else ./tables)\n"
    "  --threads N   OpenMP threads per rank (default: one per core)\n"
    "  --quiet       no progress on the terminal\n"
    "  --json        one JSON object\n";

enum { TAG_WORK = 1, TAG_DONE = 2, TAG_SLICE = 3 };

/* A unit of work as rank 0 sends it: layer k, the plan's layer number index (-1: stop),
 * shared by nparts ranks (1: not shared), of which this one is part, and those ranks, part
 * 0 first. */
struct unit {
    struct layer_key k;
    int index, nparts, part;
    int ranks[1024];
};

/* What a worker sends back for a layer, or for its part of one. */
struct report {
    struct layer_key k;
    int index, rank, rc, nparts, part;
    struct solve_layer figures;
    long peak_rss_mb;
    char err[1200];
};

/* A worker's hooks: its figures, and notices on stderr. */
struct worker {
    struct report *r;
    int rank;
};

static void worker_layer(void *arg, const struct solve_layer *l)
{
    struct worker *w = arg;
    w->r->figures = *l;
}

static void worker_notice(void *arg, const char *msg)
{
    struct worker *w = arg;
    fprintf(stderr, "guti: solve: rank %d: %s\n", w->rank, msg);
}

static long peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

/* What every rank was told on the command line. */
struct run {
    const struct game *g;
    const char *dir;
    uint64_t memory;
    int checkpoint;          /* --checkpoint SECONDS, -1 when not given */
    unsigned long long from; /* --share-from POSITIONS, 0 when not given */
    struct solve_plan_layer *plan; /* the cyclic layers asked for, in solving order */
    int count;
};

/* solve_share's exchange and reduce over the communicator of the ranks sharing a layer. */
struct comm_share {
    MPI_Comm comm;
    int nparts, part;
    uint64_t *in;
    MPI_Request *req;
};

/* A failure in the middle of a collective step: the other ranks would wait for this one
 * forever, so the job stops. */
static void stop_job(const char *why)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr, "guti: solve: rank %d: %s\n", rank, why);
    MPI_Abort(MPI_COMM_WORLD, EXIT_BAD);
}

static int comm_exchange(void *arg, uint64_t *const *out, const uint64_t *nout, const uint64_t **in,
                         uint64_t *nin)
{
    struct comm_share *c = arg;
    int P = c->nparts;
    uint64_t count[1024]; /* at most 1024 ranks */
    MPI_Alltoall(nout, 1, MPI_UINT64_T, count, 1, MPI_UINT64_T, c->comm);
    uint64_t total = 0;
    for (int p = 0; p < P; p++) {
        total += count[p];
        if (count[p] > INT_MAX || nout[p] > INT_MAX) /* a round's are far fewer */
            stop_job("a level's exchange of more than 2^31 positions with one rank");
    }
    free(c->in);
    if (!(c->in = malloc((total ? total : 1) * sizeof *c->in)))
        stop_job("out of memory exchanging a level's positions");
    int nreq = 0;
    uint64_t at = 0;
    for (int p = 0; p < P; p++) {
        if (p == c->part) continue;
        MPI_Irecv(c->in + at, (int)count[p], MPI_UINT64_T, p, TAG_SLICE, c->comm, &c->req[nreq++]);
        MPI_Isend(out[p], (int)nout[p], MPI_UINT64_T, p, TAG_SLICE, c->comm, &c->req[nreq++]);
        at += count[p];
    }
    MPI_Waitall(nreq, c->req, MPI_STATUSES_IGNORE);
    *in = c->in;
    *nin = total;
    return 0;
}

static void comm_reduce(void *arg, int64_t *v, int n, bool sum)
{
    struct comm_share *c = arg;
    MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_INT64_T, sum ? MPI_SUM : MPI_MAX, c->comm);
}

/* Solves unit u, or this rank's part of it, into r. */
static void solve_unit(const struct run *run, int rank, const struct unit *u, struct report *r)
{
    memset(r, 0, sizeof *r);
    r->k = u->k, r->index = u->index, r->rank = rank, r->nparts = u->nparts, r->part = u->part;
    struct worker w = {r, rank};
    struct solve_hooks h = {.store = {.dir = run->dir},
                            .notice = worker_notice,
                            .layer = worker_layer,
                            .arg = &w,
                            .checkpoint_seconds = cli_checkpoint_seconds(run->checkpoint)};
    if (u->nparts == 1) {
        r->rc = share_solve_alone(run->g, &u->k, run->memory, &h, r->err, sizeof r->err);
    } else {
        /* a communicator of the sharing ranks alone: the others are busy elsewhere */
        MPI_Group world, group;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_incl(world, u->nparts, u->ranks, &group);
        struct comm_share c = {.nparts = u->nparts, .part = u->part};
        /* the tag tells apart the groups being made at once: one a layer */
        MPI_Comm_create_group(MPI_COMM_WORLD, group, u->index, &c.comm);
        if (!(c.req = malloc(2 * (size_t)u->nparts * sizeof *c.req)))
            stop_job("out of memory setting up a shared layer");
        struct solve_share sh = {u->nparts, u->part, comm_exchange, comm_reduce, &c};
        r->rc = share_solve(run->g, &u->k, run->memory, &sh, &h, r->err, sizeof r->err);
        free(c.in);
        free(c.req);
        MPI_Comm_free(&c.comm);
        MPI_Group_free(&group);
        MPI_Group_free(&world);
    }
    r->peak_rss_mb = peak_rss_mb();
}

/* Waits for a message of tag from any rank without spinning a core (Open MPI's blocking
 * receive polls, which would take a core from the workers on a small machine). */
static void receive(void *buf, int len, int tag, MPI_Status *st)
{
    MPI_Request req;
    MPI_Irecv(buf, len, MPI_BYTE, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &req);
    int flag = 0;
    while (MPI_Test(&req, &flag, st), !flag) nanosleep(&(struct timespec){0, 20000000}, NULL);
}

static void worker_loop(const struct run *run, int rank)
{
    for (;;) {
        struct unit u;
        MPI_Status st;
        receive(&u, sizeof u, TAG_WORK, &st);
        if (u.index < 0) return;
        struct report r;
        solve_unit(run, rank, &u, &r);
        MPI_Send(&r, sizeof r, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
    }
}

/* What each of nparts workers sharing the plan's layer p needs (share_need). */
static uint64_t need_of(const struct run *run, const struct solve_plan_layer *p, int nparts)
{
    return share_need(run->g, &p->k, nparts);
}

/* How many workers share the plan's layer p: 1, as few as its solve fits in --memory, or
 * all of them from --share-from on; 0 when even all of them cannot hold it. */
static int sharers(const struct run *run, const struct solve_plan_layer *p, int workers)
{
    if (workers <= 1) return run->memory && need_of(run, p, 1) > run->memory ? 0 : 1;
    if (run->from && p->need.positions >= run->from)
        return run->memory && need_of(run, p, workers) > run->memory ? 0 : workers;
    /* alone, when one of the engines fits (share_solve_alone chooses which) */
    if (!run->memory || need_of(run, p, 1) <= run->memory) return 1;
    for (int k = 2; k <= workers; k++)
        if (need_of(run, p, k) <= run->memory) return k;
    return 0;
}

/* The manager's output. */
struct manager {
    const struct game *g;
    bool json, quiet, first;
    struct progress prog;
    uint64_t positions, done_positions, total_positions, wdl_bytes, dtm_bytes;
    long peak_mb[1024];
    int nranks;
};

/* A layer's title, for messages ("material 4+2"). */
static const char *title_of(const struct game *g, const struct layer_key *k, char *buf,
                            size_t len)
{
    g->ops->layers->title(g, k, buf, len);
    return buf;
}

/* A layer done as a member of the JSON array: guti solve's cyclic layer (cmd_solve.c), then
 * the ranks. */
static void layer_json(struct manager *o, const struct report *r, const int *ranks)
{
    const struct solve_layer *l = &r->figures;
    char name[64];
    o->g->ops->layers->name(o->g, &r->k, name, sizeof name);
    printf("%s{\"layer\": \"%s\", \"positions\": %llu, \"win\": %llu, \"draw\": %llu, "
           "\"loss\": %llu, \"max_dtm\": %d, \"seconds\": %.3f, \"resumed\": %s, "
           "\"engine\": \"%s\", \"wdl_bytes\": %llu, \"dtm_bytes\": %llu, \"rank\": %d, "
           "\"ranks\": [",
           o->first ? "" : ", ", name, (unsigned long long)l->positions,
           (unsigned long long)l->win, (unsigned long long)l->draw, (unsigned long long)l->loss,
           l->max_dtm, l->seconds, l->resumed ? "true" : "false",
           l->compact ? "compact" : "default", (unsigned long long)l->wdl_bytes,
           (unsigned long long)l->dtm_bytes, ranks[0]);
    for (int k = 0; k < r->nparts; k++) printf("%s%d", k ? ", " : "", ranks[k]);
    printf("]}");
    o->first = false;
}

/* A layer done as a row: guti solve's cyclic row (cmd_solve.c), then the rank and a note. */
static void layer_row(const struct manager *o, const struct report *r, const int *ranks)
{
    const struct solve_layer *l = &r->figures;
    const struct game_layers *gl = o->g->ops->layers;
    char label[64], note[80] = "", by[40] = "";
    (gl->label ? gl->label : gl->name)(o->g, &r->k, label, sizeof label);
    if (r->nparts > 1) snprintf(by, sizeof by, "shared by %d ranks", r->nparts);
    const char *engine = l->resumed ? "already solved" : l->compact ? "compact engine" : "";
    if (*engine || *by)
        snprintf(note, sizeof note, "  (%s%s%s)", engine, *engine && *by ? ", " : "", by);
    unsigned long long n = l->positions;
    double secs = l->seconds, rate = l->resumed || secs <= 0 ? 0 : n / secs;
    printf("%-8s %12llu %12llu %12llu %12llu %7d %8.2f %10.0f %8.3f %8.3f %5d%s\n", label, n,
           (unsigned long long)l->win, (unsigned long long)l->draw, (unsigned long long)l->loss,
           l->max_dtm, secs, rate, n ? 8.0 * l->wdl_bytes / n : 0,
           n ? 8.0 * l->dtm_bytes / n : 0, ranks[0], note);
}

/* A layer done: its figures (its first part's), the ranks that did it. */
static void print_layer(struct manager *o, const struct report *r, const int *ranks)
{
    const struct solve_layer *l = &r->figures;
    o->positions += l->positions;
    o->wdl_bytes += l->wdl_bytes;
    o->dtm_bytes += l->dtm_bytes;
    if (o->json) {
        layer_json(o, r, ranks);
    } else if (!o->quiet) {
        progress_end(&o->prog);
        layer_row(o, r, ranks);
        fflush(stdout);
    }
}

/* The manager's plan, and where each of its layers stands. */
struct schedule {
    const struct solve_plan_layer *plan;
    int count;
    enum { WAITING, RUNNING, DONE } *state;
    /* a layer being solved: its ranks, the parts still out, its first part's report */
    int (*ranks)[1024];
    int *left, *parts;
    struct report *first;
    bool idle[1024]; /* the ranks with no work */
    int ndone, busy, failed, workers;
};

static bool same_layer(const struct layer_key *a, const struct layer_key *b)
{
    return memcmp(a->c, b->c, sizeof a->c) == 0;
}

/* Whether every layer of the plan that the plan's layer k reads is done (a layer it reads
 * that is not in the plan has its tables already, or the solve says it does not). */
static bool ready(const struct schedule *s, int k)
{
    const struct solve_plan_layer *p = &s->plan[k];
    for (int d = 0; d < p->nreads; d++)
        for (int j = 0; j < s->count; j++)
            if (j != k && same_layer(&s->plan[j].k, &p->reads[d]) && s->state[j] != DONE)
                return false;
    return true;
}

/* One rank: it solves the plan's layer k itself. */
static void solve_here(const struct run *run, struct manager *o, struct schedule *s, int k)
{
    struct unit u = {s->plan[k].k, k, 1, 0, {0}};
    struct report r;
    solve_unit(run, 0, &u, &r);
    if (r.peak_rss_mb > o->peak_mb[0]) o->peak_mb[0] = r.peak_rss_mb;
    if (r.rc) {
        char title[64];
        progress_end(&o->prog);
        cli_error("solve: %s: %s", title_of(run->g, &r.k, title, sizeof title), r.err);
        s->failed = 1;
        return;
    }
    s->state[k] = DONE;
    s->ndone++;
    o->done_positions += s->plan[k].need.positions;
    print_layer(o, &r, u.ranks);
    progress_update(&o->prog, "positions", o->done_positions, o->total_positions);
}

/* Sends the plan's layer k to as many idle workers as share it; false when fewer are idle. */
static bool send_layer(const struct run *run, const struct manager *o, struct schedule *s, int k)
{
    int want = sharers(run, &s->plan[k], s->workers), free_ranks = 0;
    for (int r = 1; r < o->nranks; r++) free_ranks += s->idle[r];
    if (free_ranks < want) return false;
    struct unit u = {s->plan[k].k, k, want, 0, {0}};
    for (int r = 1, j = 0; j < want; r++)
        if (s->idle[r]) u.ranks[j++] = r, s->idle[r] = false;
    for (int j = 0; j < want; j++) {
        u.part = j;
        MPI_Send(&u, (int)(offsetof(struct unit, ranks) + (size_t)want * sizeof(int)), MPI_BYTE,
                 u.ranks[j], TAG_WORK, MPI_COMM_WORLD);
    }
    memcpy(s->ranks[k], u.ranks, (size_t)want * sizeof(int));
    s->left[k] = s->parts[k] = want;
    s->state[k] = RUNNING;
    s->busy += want;
    return true;
}

/* Hands every ready layer to idle ranks, in the plan's order; one that needs more ranks
 * than are idle waits, and the layers after it with it. */
static void hand_out(const struct run *run, struct manager *o, struct schedule *s)
{
    for (int k = 0; k < s->count; k++) {
        if (s->state[k] != WAITING || !ready(s, k)) continue;
        if (s->workers == 0) {
            solve_here(run, o, s, k);
            if (s->failed) break;
        } else if (!send_layer(run, o, s, k))
            break;
    }
}

/* Hears back one part of a layer; a layer whose parts are all back is done: its figures
 * printed, or its failure said. */
static void collect(const struct run *run, struct manager *o, struct schedule *s)
{
    struct report r;
    MPI_Status st;
    receive(&r, sizeof r, TAG_DONE, &st);
    s->busy--;
    s->idle[st.MPI_SOURCE] = true;
    if (r.peak_rss_mb > o->peak_mb[st.MPI_SOURCE]) o->peak_mb[st.MPI_SOURCE] = r.peak_rss_mb;
    int k = r.index;
    if (k < 0 || k >= s->count) return;
    /* the figures of its first part; of a failure, the report of the part that failed
     * (-1), not of those that only heard of it (-2) */
    struct report *first = &s->first[k];
    if ((r.part == 0 && first->rc != -1) || r.rc == -1) *first = r;
    if (--s->left[k] > 0) return;
    s->state[k] = DONE;
    o->done_positions += s->plan[k].need.positions;
    if (first->rc) {
        char title[64];
        progress_end(&o->prog);
        cli_error("solve: %s (rank %d): %s", title_of(run->g, &r.k, title, sizeof title),
                  first->rank, first->err);
        s->failed = 1;
        return;
    }
    s->ndone++;
    first->nparts = s->parts[k];
    print_layer(o, first, s->ranks[k]);
    progress_update(&o->prog, "positions", o->done_positions, o->total_positions);
}

/* The layers still being solved when one failed are waited for, then every rank is told
 * to stop. */
static void stop_workers(const struct manager *o, struct schedule *s)
{
    while (s->busy > 0) {
        struct report r;
        MPI_Status st;
        receive(&r, sizeof r, TAG_DONE, &st);
        s->busy--;
    }
    for (int to = 1; to < o->nranks; to++)
        MPI_Send(&(struct unit){.index = -1}, (int)offsetof(struct unit, ranks), MPI_BYTE, to,
                 TAG_WORK, MPI_COMM_WORLD);
}

/* Rank 0: hands out the plan's layers as their reads are done. 0, or the exit status. */
static int manage(const struct run *run, struct manager *o)
{
    size_t n = (size_t)run->count + 1;
    struct schedule s = {.plan = run->plan, .count = run->count, .workers = o->nranks - 1};
    s.state = calloc(n, sizeof *s.state);
    s.ranks = calloc(n, sizeof *s.ranks);
    s.left = calloc(n, sizeof *s.left);
    s.parts = calloc(n, sizeof *s.parts);
    s.first = calloc(n, sizeof *s.first);
    if (!s.state || !s.ranks || !s.left || !s.parts || !s.first) {
        s.failed = cli_error("solve: out of memory");
        s.count = 0;
    }
    for (int k = 0; k < s.count; k++) o->total_positions += s.plan[k].need.positions;
    for (int r = 0; r < o->nranks && r < 1024; r++) s.idle[r] = r > 0;
    progress_begin(&o->prog, "layers");
    while (s.ndone < s.count && !s.failed) {
        hand_out(run, o, &s);
        if (s.busy > 0) collect(run, o, &s);
    }
    stop_workers(o, &s);
    progress_end(&o->prog);
    free(s.state);
    free(s.ranks);
    free(s.left);
    free(s.parts);
    free(s.first);
    return s.failed ? EXIT_BAD : 0;
}

/* Reads --memory and --share-from into run. 0, or the usage error's status. */
static int parse_bounds(const char *memory_opt, const char *from_opt, struct run *run)
{
    if (memory_opt) {
        char *end;
        double gb = strtod(memory_opt, &end);
        if (end == memory_opt || *end || !(gb > 0) || gb > 1e9)
            return cli_usage_error(MPI_COMMAND, "--memory: expected gigabytes above 0, got '%s'",
                                   memory_opt);
        run->memory = (uint64_t)(gb * 1e9);
    }
    if (from_opt) {
        char *end;
        errno = 0;
        run->from = strtoull(from_opt, &end, 10);
        if (end == from_opt || *end || errno || run->from == 0 || *from_opt == '-')
            return cli_usage_error(MPI_COMMAND,
                                   "--share-from: expected a number of positions above "
                                   "0, got '%s'",
                                   from_opt);
    }
    return 0;
}

/* The game's plan into run, once the game takes the options; then whether every layer
 * fits: alone, or shared by as many workers as there are. 0, or the exit status. */
static int plan_run(const struct game *g, int pieces, const char *memory_opt, int workers,
                    struct run *run)
{
    char err[300], title[64];
    if (!g->ops->layers || !g->ops->layers->need)
        return cli_usage_error(MPI_COMMAND,
                               "%s's layers do not say what solving one needs: guti solve %s "
                               "solves it in one process",
                               g->ops->name, g->ops->name);
    if (g->no_repeat)
        return cli_usage_error(MPI_COMMAND,
                               "rules %s depend on the history, not the position, and "
                               "have no tables",
                               "no-repeat");
    struct solve_options opt = {.pieces = pieces, .memory = run->memory};
    if (solve_check_options(g, &opt, err, sizeof err))
        return cli_usage_error(MPI_COMMAND, "%s", err);
    int count = solve_plan(g, pieces, NULL, 0, err, sizeof err);
    if (count < 0) return cli_usage_error(MPI_COMMAND, "%s", err);
    if (!(run->plan = calloc((size_t)count + 1, sizeof *run->plan)))
        return cli_error("solve: out of memory");
    run->count = solve_plan(g, pieces, run->plan, count, err, sizeof err);
    for (int k = 0; k < run->count && memory_opt; k++) {
        const struct solve_plan_layer *p = &run->plan[k];
        if (sharers(run, p, workers)) continue;
        title_of(g, &p->k, title, sizeof title);
        if (workers <= 1)
            return cli_error("solve: --memory %s is too little: %s needs %.2f GB on one rank "
                             "(run more ranks to share it)",
                             memory_opt, title, need_of(run, p, 1) / 1e9);
        return cli_error("solve: --memory %s is too little: %s needs %.2f GB on each of the %d "
                         "workers sharing it (%.2f GB alone)",
                         memory_opt, title, need_of(run, p, workers) / 1e9, workers,
                         need_of(run, p, 1) / 1e9);
    }
    return 0;
}

/* Parses the command line; every rank does, so that each knows the game, the plan and the
 * bound. */
static int parse(int argc, char **argv, int workers, struct game *g, int *pieces, struct run *run,
                 struct game_opts *o, bool *help_wanted)
{
    const char *dir_opt = NULL, *memory_opt = NULL, *from_opt = NULL;
    const struct cli_option opts[] = {CLI_OPTION_INT("pieces", pieces, 2, 1000),
                                      CLI_OPTION("memory", CLI_TEXT, &memory_opt),
                                      CLI_OPTION_INT("checkpoint", &run->checkpoint, 0, 1000000),
                                      CLI_OPTION("share-from", CLI_TEXT, &from_opt),
                                      CLI_OPTION("rules", CLI_RULES, &o->rules),
                                      CLI_OPTION("board", CLI_BOARD, &o->board),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION_INT("threads", &o->threads, 1, 1024),
                                      CLI_OPTION("quiet", CLI_FLAG, &o->quiet),
                                      CLI_OPTION("json", CLI_FLAG, &o->json),
                                      CLI_OPTIONS_END};
    if (argc < 2 || strcmp(argv[1], "solve") != 0) {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
            return *help_wanted = true, 0;
        return cli_usage_error(MPI_COMMAND, "guti-mpi runs one command: solve GAME");
    }
    int first, rc = cli_parse(MPI_COMMAND, argc - 1, argv + 1, opts, help_wanted, &first);
    if (rc || *help_wanted) return rc;
    if (argc - 1 - first != 1)
        return cli_usage_error(MPI_COMMAND, "expected GAME, got %d operands", argc - 1 - first);
    o->game = argv[1 + first];
    if ((rc = cli_game(o, NULL, g))) return rc;
    run->g = g;
    if ((rc = parse_bounds(memory_opt, from_opt, run))) return rc;
    if ((rc = plan_run(g, *pieces, memory_opt, workers, run))) return rc;
    if (run->checkpoint >= 0 && !memory_opt && !from_opt)
        return cli_usage_error(MPI_COMMAND, "--checkpoint goes with --memory or --share-from (only "
                                            "the compact engine saves its solve midway)");
    run->dir = cli_tables_dir(dir_opt);
    return 0;
}

int main(int argc, char **argv)
{
    /* OpenMP threads run beside MPI, which only the main thread calls */
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    /* the first rank of a shared layer holds every other's slice file open while it
     * writes the tables: up to 1023 of them beside Open MPI's own */
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    struct game g;
    struct game_opts o = {0};
    int pieces = 0;
    struct run run = {.checkpoint = -1};
    bool help_wanted = false;
    /* only rank 0 speaks of bad input, every rank stopping alike: the others' stderr goes
     * to /dev/null while they parse, and comes back for the notices of their solves */
    int err_fd = rank != 0 ? dup(STDERR_FILENO) : -1, null_fd = open("/dev/null", O_WRONLY);
    fflush(stderr);
    if (err_fd >= 0 && null_fd >= 0) dup2(null_fd, STDERR_FILENO);
    int rc = parse(argc, argv, nranks - 1, &g, &pieces, &run, &o, &help_wanted);
    const char *dir = run.dir;
    if (!rc && !help_wanted && nranks > 1024) rc = cli_error("solve: at most 1024 ranks");
    if (!rc && !help_wanted && rank == 0 && mkdir(dir, 0777) && errno != EEXIST)
        rc = cli_error("solve: cannot make %s: %s", dir, strerror(errno));
    if (!rc && !help_wanted) rc = cli_threads("solve", o.threads);
    /* every rank goes on only when every rank can */
    int worst = rc;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    fflush(stderr);
    if (err_fd >= 0) dup2(err_fd, STDERR_FILENO), close(err_fd);
    if (null_fd >= 0) close(null_fd);
    if (help_wanted || worst) {
        if (help_wanted && rank == 0) cli_help(help, stdout);
        free(run.plan);
        MPI_Finalize();
        return worst;
    }
    if (rank != 0) {
        worker_loop(&run, rank);
        free(run.plan);
        MPI_Finalize();
        return 0;
    }
    struct manager m = {
        .g = &g, .json = o.json, .quiet = o.quiet, .first = true, .nranks = nranks};
    progress_init(&m.prog, o.quiet || o.json);
    char rules[32];
    game_rules_name(&g, rules, sizeof rules);
    if (o.json) { /* guti solve's, then the ranks */
        printf("{\"game\": \"%s\", \"rules\": \"%s\", ", g.ops->name, rules);
        if (g.ops->layers->board_in_names) printf("\"board\": \"%s\", ", g.board->name);
        if (pieces) printf("\"pieces\": %d, ", pieces);
        printf("\"ranks\": %d, \"dir\": ", nranks);
        json_str(stdout, dir);
        printf(", \"layers\": [");
    } else if (!o.quiet) {
        printf("%-8s %12s %12s %12s %12s %7s %8s %10s %8s %8s %5s\n", "layer", "positions", "win",
               "draw", "loss", "maxdtm", "seconds", "pos/s", "wdl b/p", "dtm b/p", "rank");
    }
    double t0 = MPI_Wtime();
    rc = manage(&run, &m);
    double secs = MPI_Wtime() - t0;
    if (m.peak_mb[0] < peak_rss_mb()) m.peak_mb[0] = peak_rss_mb();
    if (o.json) {
        printf("], \"ok\": %s, \"positions\": %llu, \"seconds\": %.3f, \"wdl_bytes\": %llu, "
               "\"dtm_bytes\": %llu, \"peak_rss_mb\": [",
               rc ? "false" : "true", (unsigned long long)m.positions, secs,
               (unsigned long long)m.wdl_bytes, (unsigned long long)m.dtm_bytes);
        for (int r = 0; r < nranks && r < 1024; r++) printf("%s%ld", r ? ", " : "", m.peak_mb[r]);
        printf("]}\n");
    } else if (!rc) {
        printf("total: %llu positions in %.2f s on %d ranks, WDL %.1f MB, DTM %.1f MB\n",
               (unsigned long long)m.positions, secs, nranks, m.wdl_bytes / 1e6, m.dtm_bytes / 1e6);
        printf("peak memory per rank (MB):");
        for (int r = 0; r < nranks && r < 1024; r++) printf(" %ld", m.peak_mb[r]);
        printf("\n");
    }
    free(run.plan);
    MPI_Finalize();
    return rc;
}
