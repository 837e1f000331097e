/* guti: the command. One file per subcommand; this one only dispatches. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cmd_perft(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_game(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_reach(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_serve(int argc, char **argv);

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
    {"verify", "check tables: checksums, and with --full every value", cmd_verify},
    {"reach", "which positions a game from the start reaches", cmd_reach},
    {"stats", "wins, draws and losses per layer, from the tables", cmd_stats},
    {"serve", "the tables over HTTP, with a page to explore and play them", cmd_serve},
};

#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static int usage(void)
{
    printf("usage: guti COMMAND [OPTIONS] [ARGS]\n\n"
           "guti solves Bagh-Chal and Sixteen Soldiers by retrograde analysis.\n\n"
           "commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        printf("  %-8s %s\n", commands[i].name, commands[i].summary);
    printf("\n'guti COMMAND --help' describes each command; 'guti --version' the version.\n"
           "Exit status: 0 success, 1 bad input or a failed check, 2 a usage error.\n");
    return 0;
}

int main(int argc, char **argv)
{
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
