/* guti perft: counts the leaves of the game tree, depth by depth. */
#include <omp.h>
#include <stdlib.h>

#include "cli_game.h"
#include "notation.h"
#include "perft.h"

static const char help[] =
    "usage: guti perft GAME DEPTH [--rules R] [--board B] [--fen FEN] [--threads N] [--json]\n"
    "\n"
    "Prints one line 'DEPTH COUNT' for each depth 1..DEPTH: the number of leaves of the game\n"
    "tree at that depth, where the moves of a node are its distinct successor positions and\n"
    "a finished game has none. Draw rules do not apply; the no-repeat rules do.\n"
    "\n"
    "  GAME          {games}\n"
    "  --rules R     {rules}\n"
    "  --board B     {boards}\n"
    "  --fen FEN     start from this position instead of the game's start\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --json        {\"game\", \"rules\", \"board\", \"fen\", \"perft\": [{\"depth\", "
    "\"count\"}], "
    "\"seconds\"}\n";

int cmd_perft(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *fen_opt = NULL;
    const struct cli_option opts[] = {
        CLI_OPTION("rules", CLI_RULES, &o.rules), CLI_OPTION("board", CLI_BOARD, &o.board),
        CLI_OPTION("fen", CLI_TEXT, &fen_opt),    CLI_OPTION_INT("threads", &o.threads, 1, 1024),
        CLI_OPTION("json", CLI_FLAG, &o.json),    CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("perft", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first != 2)
        return cli_usage_error("perft", "expected GAME DEPTH, got %d operands", argc - first);
    o.game = argv[first];
    struct game g;
    if ((rc = cli_game(&o, fen_opt, &g))) return rc;
    int depth;
    char err[200];
    if (notation_parse_int(argv[first + 1], 1, PERFT_MAX_DEPTH, "depth", &depth, err, sizeof err))
        return cli_usage_error("perft", "%s", err);
    struct position start = g.ops->start(&g);
    if (fen_opt && g.ops->parse(&g, fen_opt, &start, err, sizeof err)) return cli_error("%s", err);
    if ((rc = cli_threads("perft", o.threads))) return rc;

    uint64_t counts[PERFT_MAX_DEPTH];
    double t0 = omp_get_wtime();
    if (perft(&g, &start, depth, counts)) return cli_error("perft: out of memory");
    double secs = omp_get_wtime() - t0;

    char fen[256], rules[32];
    g.ops->format(&g, &start, fen, sizeof fen);
    game_rules_name(&g, rules, sizeof rules);
    if (!o.json) {
        for (int d = 0; d < depth; d++) printf("%d %llu\n", d + 1, (unsigned long long)counts[d]);
        return 0;
    }
    printf("{\"game\": \"%s\", \"rules\": ", g.ops->name);
    json_str(stdout, rules);
    printf(", \"board\": \"%s\", \"fen\": ", g.board->name);
    json_str(stdout, fen);
    printf(", \"perft\": [");
    for (int d = 0; d < depth; d++)
        printf("%s{\"depth\": %d, \"count\": %llu}", d ? ", " : "", d + 1,
               (unsigned long long)counts[d]);
    printf("], \"seconds\": %.3f}\n", secs);
    return 0;
}
