/* guti: the command. One file per subcommand; this one only dispatches. */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"
#include "guti_internal.h"

int cmd_perft(int argc, char **argv);
int cmd_norepeat(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_game(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_reach(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_play(int argc, char **argv);

static const struct {
    const char *name, *summary;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"perft", "count the leaves of the game tree, depth by depth", cmd_perft},
    {"show", "draw a position and list its legal moves", cmd_show},
    {"game", "replay a game record and adjudicate its end", cmd_game},
    {"convert", "positions and games between guti's and other programs' notations", cmd_convert},
    {"solve", "generate tablebases by retrograde analysis", cmd_solve},
    {"query", "the value and best moves of positions, from the tables", cmd_query},
    {"play", "a game against the tables in the terminal", cmd_play},
    {"verify", "check tables: checksums, and with --full every value", cmd_verify},
    {"reach", "which positions a game from the start reaches", cmd_reach},
    {"stats", "wins, draws and losses per layer, from the tables", cmd_stats},
    {"norepeat", "a movement layer under the no-repeat rules, by search", cmd_norepeat},
    {"serve", "the tables over HTTP, with a page to explore and play them", cmd_serve},
};

#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static int usage(void)
{
    cli_help("usage: guti COMMAND [OPTIONS] [ARGS]\n\n"
             "guti solves {titles} by retrograde analysis.\n\n"
             "commands:\n",
             stdout);
    for (int i = 0; i < NCOMMANDS; i++)
        printf("  %-9s %s\n", commands[i].name, commands[i].summary);
    printf("\ngames:");
    for (enum guti_game game = 1; guti_game_name(game); game++) {
        struct libguti_game_info info;
        libguti_game_info(game, &info);
        printf("%s %s (%s)", game > 1 ? "," : "", info.name, info.title);
    }
    printf("; 'guti perft --help' lists their rules and boards.\n");
    printf("\n'guti COMMAND --help' describes each command; 'guti --version' the version.\n"
           "Exit status: 0 success, 1 bad input or a failed check, 2 a usage error.\n");
    return 0;
}

/* The stack the handler below runs on when the main one cannot grow. */
static char spare_stack[1 << 16];

static void no_stack(int sig)
{
    (void)sig;
    static const char msg[] = "guti: out of memory: no room to grow the stack\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    _exit(EXIT_BAD);
}

/* Grows the main thread's stack now, by what guti's deepest calls need (cmd_verify's and
 * cmd_solve's frames take 200 KiB): under an address-space limit (ulimit -v) a stack that
 * cannot grow midway is a crash, where an allocation that fails is an error of one line. So
 * guti runs whole, or stops at once with "guti: out of memory: ...". Half the stack's limit
 * at most. */
static __attribute__((noinline)) void grow_stack(void)
{
    struct rlimit r;
    size_t n = (size_t)1 << 20;
    if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY && r.rlim_cur / 2 < n)
        n = r.rlim_cur / 2;
    stack_t spare = {.ss_sp = spare_stack, .ss_size = sizeof spare_stack};
    struct sigaction sa = {.sa_handler = no_stack, .sa_flags = SA_ONSTACK}, old;
    sigemptyset(&sa.sa_mask);
    bool caught = sigaltstack(&spare, NULL) == 0 && sigaction(SIGSEGV, &sa, &old) == 0;
    char pad[n];
    pad[0] = 0;
    __asm__ volatile("" : : "r"(pad) : "memory"); /* the frame is made, not optimised away */
    if (caught) {
        sigaction(SIGSEGV, &old, NULL);
        spare.ss_flags = SS_DISABLE;
        sigaltstack(&spare, NULL);
    }
}

int main(int argc, char **argv)
{
    grow_stack();
    if (argc < 2) {
        fprintf(stderr, "guti: missing command; see 'guti --help'\n");
        return EXIT_USAGE;
    }
    /* A file-size limit (ulimit -f) then fails the write with EFBIG, which the command
     * reports in one line and cleans up after, rather than killing guti mid-file. */
    signal(SIGXFSZ, SIG_IGN);
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
        return usage();
    if (strcmp(cmd, "--version") == 0) return printf("guti %s\n", GUTI_VERSION), 0;
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0) {
            int rc = commands[i].run(argc - 1, argv + 1);
            /* output that could not be written is a failure, not a success (a full disk) */
            if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
                fprintf(stderr, "guti: %s: cannot write the output\n", cmd);
                return EXIT_BAD;
            }
            return rc;
        }
    fprintf(stderr, "guti: unknown command '%s'; see 'guti --help'\n", cmd);
    return EXIT_USAGE;
}
