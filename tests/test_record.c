/* Game records: reading, replaying, and adjudicating the end by the draw rules. */
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "perft.h"
#include "record.h"

/* Replays a record's text; returns the replay, failing the test if it does not read. */
static struct game replay_text(const char *text, struct replay *rp)
{
    struct record r;
    struct game g;
    struct position start;
    char err[200];
    ck_assert_msg(record_parse(text, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(record_game(&r, &g, &start, err, sizeof err) == 0, "%s", err);
    record_replay(&g, &start, &r, rp);
    record_free(&r);
    return g;
}

/* The error of a record that does not read. A failed read keeps nothing: what it had read
 * (tags, moves, a result) is freed, for the caller has no record to free. */
static const char *record_error(const char *text)
{
    static char err[200];
    struct record r;
    ck_assert_int_ne(record_parse(text, &r, err, sizeof err), 0);
    ck_assert_msg(r.ntags == 0 && r.nmoves == 0 && !r.moves && !r.move_line && !r.result,
                  "a failed read of '%s' kept %d tags, %d moves", text, r.ntags, r.nmoves);
    return err;
}

START_TEST(reading)
{
    struct record r;
    char err[200];
    const char *text = "[Game \"baghchal\"]\n[Rules \"standard\"]\n[Result \"*\"]\n"
                       "1. c3 a1-a2 {a quiet start}\n2. b2 a2-a1 3.c4 *\n";
    ck_assert_int_eq(record_parse(text, &r, err, sizeof err), 0);
    ck_assert_int_eq(r.nmoves, 5);
    ck_assert_str_eq(r.moves[0], "c3");
    ck_assert_str_eq(r.moves[3], "a2-a1");
    ck_assert_str_eq(r.moves[4], "c4");
    ck_assert_int_eq(r.move_line[4], 5);
    ck_assert_str_eq(r.result, "*");
    ck_assert_str_eq(record_tag(&r, "Result"), "*");
    record_free(&r);
}
END_TEST

START_TEST(bad_records)
{
    /* nothing at all is "empty", not a record that lacks its tags */
    ck_assert_str_eq(record_error(""), "empty");
    ck_assert_str_eq(record_error(" \n\t\r\n"), "empty");
    ck_assert_str_eq(record_error("{only a comment}\n"), "empty");
    ck_assert_str_eq(record_error("c3"), "missing tag [Game \"...\"]");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\nc3"), "missing tag [Rules \"...\"]");
    ck_assert_str_eq(record_error("[Rules \"standard\"]\nc3"), "missing tag [Game \"...\"]");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 {unclosed\n"),
                     "line 3: comment '{' is never closed");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"stand"),
                     "line 2: tag value has no closing quote");
    ck_assert_str_eq(record_error("[Game \"baghchal\"\n"), "line 1: tag has no closing ']'");
    ck_assert_str_eq(record_error("[Game]\n"), "line 1: malformed tag, expected [Name \"value\"]");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\nc3\n[Rules \"standard\"]"),
                     "line 3: a tag after the moves");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 goats b2"),
                     "line 3: 'b2' after the result 'goats'");
    ck_assert_str_eq(record_error("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 a1-b1 draw\n"
                                  "[Result \"draw\"]"),
                     "line 4: a tag after the moves");
}
END_TEST

START_TEST(illegal_moves)
{
    struct replay rp;
    struct game g =
        replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n1. c3 a1-b2 2. d2 a1-b2", &rp);
    ck_assert_int_eq(rp.bad_move, 3);
    ck_assert_str_eq(rp.why, "no tiger on a1");
    ck_assert_int_eq(rp.played, 3);
    replay_free(&rp);
    (void)g;
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 a1-b2 q9", &rp);
    ck_assert_int_eq(rp.bad_move, 2);
    ck_assert_str_eq(rp.why, "'q9' is not a point of the board");
    replay_free(&rp);
}
END_TEST

/* Tigers shuttle and goats shuttle: the start of the cycle comes back a third time. */
START_TEST(repetition)
{
    struct replay rp;
    const char *text = "[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                       "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                       "c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4 d1-e1";
    struct game g = replay_text(text, &rp);
    ck_assert_int_eq(rp.bad_move, -1);
    ck_assert_int_eq(rp.played, 8);
    ck_assert_int_eq(rp.outcome.reason, END_REPETITION);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "draw");
    replay_free(&rp);
    /* One move short, no draw; one move more, the game is already over. */
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                    "c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_NONE);
    replay_free(&rp);
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                    "c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4 d1-e1 c4-c3",
                    &rp);
    ck_assert_int_eq(rp.bad_move, 8);
    ck_assert_str_eq(rp.why, "the game is already over");
    replay_free(&rp);
    /* Under no-repeat there is no repetition draw: the move that would recreate the board
     * is refused instead. */
    g = replay_text("[Game \"baghchal\"]\n[Rules \"no-repeat\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0\"]\n"
                    "c4-c3 e1-d1 c3-c4 d1-e1",
                    &rp);
    ck_assert_int_eq(rp.bad_move, 3);
    ck_assert_str_eq(rp.why, "recreates a board seen since the last placement (rules no-repeat)");
    replay_free(&rp);
}
END_TEST

START_TEST(clock)
{
    struct replay rp;
    /* Bagh-Chal: 100 half-moves with no capture and no placement. */
    struct game g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                                "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGG1T g 0 98\"]\nc4-c3 e1-d1",
                                &rp);
    ck_assert_int_eq(rp.outcome.reason, END_CLOCK);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "draw");
    replay_free(&rp);
    /* A win on the 100th half-move comes first: the goats shut the tigers in. */
    g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                    "[FEN \"TGGGT/GGGGG/GG1GG/GGGGG/TGGGT g 0 99\"]\nb3-c3",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_NO_MOVES);
    ck_assert_str_eq(outcome_word(&g, &rp.outcome), "goats");
    replay_free(&rp);
    /* Sixteen Soldiers: 80 half-moves with no capture. */
    g = replay_text("[Game \"sixteen\"]\n[Rules \"optional\"]\n"
                    "[FEN \"3/3/5/5/R4/5/4B/3/3 r 78\"]\na5-a4 e3-e4",
                    &rp);
    ck_assert_int_eq(rp.outcome.reason, END_CLOCK);
    replay_free(&rp);
}
END_TEST

START_TEST(small_board_record)
{
    struct replay rp;
    struct game g = replay_text("[Game \"baghchal\"]\n[Rules \"standard\"]\n[Board \"3x3\"]\n"
                                "b2 a1-b1 a2 b1-a1 c2 a3-b3 b1 c3xa1",
                                &rp);
    ck_assert_int_eq(rp.bad_move, 7);
    ck_assert_str_eq(rp.why, "a1 is occupied");
    ck_assert_int_eq(rp.h.p[rp.h.n - 1].inhand, 0);
    replay_free(&rp);
    (void)g;
}
END_TEST

/* A field of /proc/self/status in bytes (VmSize, the address space; VmData, its private
 * writable part), or 0 when unknown. */
static size_t vm_bytes(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256], format[32];
    size_t kb = 0;
    snprintf(format, sizeof format, "%s: %%zu kB", field);
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, format, &kb) == 1) break;
    if (f) fclose(f);
    return kb * 1024;
}

/* Under AddressSanitizer (make test SANITIZE=1) malloc is ASan's, and three things differ.
 * When it cannot allocate it reports and dies, unless allocator_may_return_null=1 makes it
 * return NULL as malloc does (set here, for check_guti: the library's own answer to a
 * NULL is what these tests check). Its small blocks come from address space it reserved at
 * start, which RLIMIT_AS does not see (mapping into a reservation does not grow it), while
 * RLIMIT_DATA does (the kernel counts the writable private mappings made in it). And its
 * free needs memory of its own (the quarantine's bookkeeping), so the limit on data is
 * lifted before the ballast is freed. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifdef UNDER_ASAN
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1";
}
#endif

/* Takes every byte malloc can give, down to its smallest blocks, as a list of blocks
 * each holding the address of the previous one; returns the last. The sizes fall by a
 * sixteenth at a time, so that an allocator that keeps blocks of each size class apart
 * (ASan's does) has every class emptied. */
static void **exhaust(void)
{
    void **last = NULL;
    for (size_t size = (size_t)1 << 20; size >= sizeof(void *); size -= size / 16 + 1)
        for (void **b; (b = malloc(size));) {
            *b = last;
            last = b;
        }
    return last;
}

/* What the child below checks, one exit status per step from 10 on (0: all well). */
static int out_of_memory_steps(void)
{
    struct game bc = setup("baghchal", NULL, NULL), ss = setup("sixteen", NULL, NULL);
    struct position b0 = bc.ops->start(&bc), s0 = ss.ops->start(&ss), succ;
    const char *text = "[Game \"baghchal\"]\n[Rules \"standard\"]\nc3 a1-a2\n";
    struct record r;
    char err[200];
    if (record_parse(text, &r, err, sizeof err)) return 10;
    size_t vm = vm_bytes("VmSize");
    struct rlimit lim = {vm + ((size_t)64 << 20), vm + ((size_t)64 << 20)};
    if (!vm || setrlimit(RLIMIT_AS, &lim)) return 11;
#ifdef UNDER_ASAN
    size_t data = vm_bytes("VmData");
    struct rlimit dlim, data_before;
    if (!data || getrlimit(RLIMIT_DATA, &data_before)) return 11;
    dlim = (struct rlimit){data + ((size_t)64 << 20), data_before.rlim_max};
    if (setrlimit(RLIMIT_DATA, &dlim)) return 11;
#endif
    void **ballast = exhaust();
    struct movelist l;
    movelist_init(&l);
    struct move m = {.kind = MOVE_PASS};
    int bad = bc.ops->moves(&bc, &b0, &l) != -1              ? 12
              : ss.ops->moves(&ss, &s0, &l) != -1            ? 13
              : movelist_push(&l, &m, &b0) != -1 || l.n != 0 ? 14
              : game_play_text(&bc, &b0, "c3", &succ, err, sizeof err) != -1 ||
                      strcmp(err, "out of memory")
                  ? 15
                  : 0;
    struct history h;
    if (!bad && history_start(&h, &b0) != -1) bad = 16;
    uint64_t counts[2];
    if (!bad && perft(&bc, &b0, 2, counts) != -1) bad = 17;
    struct record r2;
    if (!bad && (record_parse(text, &r2, err, sizeof err) != -1 || !strstr(err, "out of memory")))
        bad = 18;
    struct replay rp;
    if (!bad && (record_replay(&bc, &b0, &r, &rp) != -1 || strcmp(rp.why, "out of memory")))
        bad = 19;
#ifdef UNDER_ASAN
    /* ASan's free needs memory of its own (see above) */
    if (setrlimit(RLIMIT_DATA, &data_before)) return 11;
#endif
    while (ballast) {
        void **prev = *ballast;
        free(ballast);
        ballast = prev;
    }
    /* with memory back, the same calls work: it was memory that failed them */
    if (!bad && bc.ops->moves(&bc, &b0, &l) != 21) bad = 20;
    movelist_free(&l);
    return bad;
}

/* The library never exits, aborts or prints when memory runs out: each failure is a
 * return code. Checked in a child of its own (whatever Check's fork mode), with its
 * address space capped and filled; its stderr must stay empty. */
START_TEST(out_of_memory)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        _exit(out_of_memory_steps());
    }
    close(fd[1]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    char said[200] = "";
    ssize_t n = read(fd[0], said, sizeof said - 1);
    close(fd[0]);
    ck_assert_msg(WIFEXITED(status), "the child died (signal %d)", WTERMSIG(status));
    ck_assert_msg(WEXITSTATUS(status) == 0, "exit status %d: %s", WEXITSTATUS(status),
                  WEXITSTATUS(status) >= 10 ? "that step failed" : "the library exited");
    ck_assert_msg(n <= 0, "the library printed: %s", said);
}
END_TEST

Suite *record_suite(void)
{
    Suite *s = suite_create("record");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, reading);
    tcase_add_test(tc, bad_records);
    tcase_add_test(tc, illegal_moves);
    tcase_add_test(tc, repetition);
    tcase_add_test(tc, clock);
    tcase_add_test(tc, small_board_record);
    tcase_add_test(tc, out_of_memory);
    suite_add_tcase(s, tc);
    return s;
}
