/*
 * libguti from several threads on one handle (guti.h, "Threads"), as an outside program
 * built against the installed library: plays random games from a start position to
 * collect positions, answers each in one thread, then has 8 threads answer all of them
 * at once, again and again, through a block cache small enough to be evicting all the
 * time. Before any of that, the first probes of the process: 8 threads each open a
 * handle of their own at once and answer them all (what the library's lazily built
 * tables must survive). Every answer must be the single thread's. Prints the positions,
 * one FEN a line.
 *
 * usage: api_threads DIR START_FEN GAMES SEED
 */
#include <guti.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POSITIONS 4000
#define THREADS 8
#define ROUNDS 3

static guti_tables *tables;
static struct guti_position pos[MAX_POSITIONS];
static struct guti_result want[MAX_POSITIONS];
static int npos, mismatches, failures;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t start_together;
static const char *dir;
static struct guti_result got[THREADS][MAX_POSITIONS];
static int got_rc[THREADS][MAX_POSITIONS];

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    for (int round = 0; round < ROUNDS; round++)
        for (int k = 0; k < npos; k++) {
            int i = (k * 7 + id * 131 + round * 17) % npos; /* each thread its own order */
            struct guti_result r;
            struct guti_error e;
            int rc = guti_probe(tables, &pos[i], &r, &e);
            pthread_mutex_lock(&count_lock);
            if (rc)
                failures++;
            else if (r.value != want[i].value || r.dtm != want[i].dtm)
                mismatches++;
            pthread_mutex_unlock(&count_lock);
        }
    return NULL;
}

/* A handle of its own, opened and first used by all the threads at the same moment; the
 * answers are kept, to compare once one thread has answered. */
static void *own_handle(void *arg)
{
    int id = (int)(long)arg;
    guti_tables *mine;
    struct guti_error e;
    int rc = guti_open(dir, 1 << 20, &mine, &e);
    pthread_barrier_wait(&start_together);
    for (int k = 0; k < npos; k++) {
        int i = (k * 13 + id * 101) % npos;
        got_rc[id][i] = rc ? rc : guti_probe(mine, &pos[i], &got[id][i], &e);
    }
    if (!rc) guti_close(mine);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: api_threads DIR START_FEN GAMES SEED\n");
        return 2;
    }
    struct guti_error e;
    /* 64 KiB of cache: a few blocks, so that threads evict each other's blocks */
    if (guti_open(argv[1], 64 << 10, &tables, &e)) {
        fprintf(stderr, "api_threads: %s\n", e.message);
        return 1;
    }
    struct guti_position start;
    if (guti_parse_fen(argv[2], NULL, &start, &e)) {
        fprintf(stderr, "api_threads: %s\n", e.message);
        return 1;
    }
    start.variant.rules[0] = 0; /* the rules of the tables */
    srand((unsigned)atoi(argv[4]));
    static struct guti_move moves[4096];
    for (int game = 0; game < atoi(argv[3]) && npos < MAX_POSITIONS; game++) {
        struct guti_position cur = start;
        for (int ply = 0; ply < 200 && npos < MAX_POSITIONS; ply++) {
            pos[npos++] = cur;
            int n;
            if (guti_legal_moves(&cur, moves, 4096, &n, &e) || n == 0) break;
            cur = moves[rand() % n].after;
            cur.variant.rules[0] = 0;
        }
    }
    pthread_t th[THREADS];
    dir = argv[1];
    pthread_barrier_init(&start_together, NULL, THREADS);
    for (long k = 0; k < THREADS; k++) pthread_create(&th[k], NULL, own_handle, (void *)k);
    for (int k = 0; k < THREADS; k++) pthread_join(th[k], NULL);
    pthread_barrier_destroy(&start_together);
    for (int i = 0; i < npos; i++)
        if (guti_probe(tables, &pos[i], &want[i], &e)) {
            fprintf(stderr, "api_threads: %s\n", e.message);
            return 1;
        }
    for (int k = 0; k < THREADS; k++)
        for (int i = 0; i < npos; i++) {
            if (got_rc[k][i])
                failures++;
            else if (got[k][i].value != want[i].value || got[k][i].dtm != want[i].dtm)
                mismatches++;
        }
    for (long k = 0; k < THREADS; k++) pthread_create(&th[k], NULL, worker, (void *)k);
    for (int k = 0; k < THREADS; k++) pthread_join(th[k], NULL);
    guti_close(tables);
    for (int i = 0; i < npos; i++) {
        char fen[GUTI_FEN_MAX];
        guti_format_fen(&pos[i], fen, sizeof fen, NULL);
        printf("%s\n", fen);
    }
    fprintf(stderr,
            "api_threads: %d positions, %d threads x %d rounds: %d mismatches, %d failures\n", npos,
            THREADS, ROUNDS, mismatches, failures);
    return mismatches || failures ? 1 : 0;
}
