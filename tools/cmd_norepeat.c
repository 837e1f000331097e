/* guti norepeat: a movement layer under the no-repeat rules against the standard tables. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"
#include "norepeat.h"
#include "progress.h"
#include "tables.h"

static const char help[] =
    "usage: guti norepeat baghchal [--rules R] [--board B] [--captured C] [--all]\n"
    "                     [--budget N] [--no-bounds] [--depth-first] [--shard K/N]\n"
    "                     [--list FILE] [--dir DIR] [--quiet] [--json]\n"
    "\n"
    "Surveys one movement layer (every goat placed, C captured) under the no-repeat rules:\n"
    "each position up to symmetry, either side to move, with only its own board behind it\n"
    "(as right after the last placement or a capture), is searched under R and compared\n"
    "with its value in the standard tables of DIR (guti solve baghchal --board B makes\n"
    "them). Prints how many classes of each standard value are wins, draws, losses or\n"
    "unknown (the search ran out of its budget) under R. The method is in docs/results.md,\n"
    "\"The no-repeat rule\".\n"
    "\n"
    "  --rules R     no-repeat (default; the unlimited window) or no-repeat:N\n"
    "  --board B     5x5 (default), 4x4 or 3x3\n"
    "  --captured C  the layer: goats captured (default 0)\n"
    "  --all         every class, not only the standard draws\n"
    "  --budget N    search nodes per class at most (default 1000000)\n"
    "  --no-bounds   never let the standard tables bound the search (on 4x4 they do by\n"
    "                default, where it is proven): to check the proof by search\n"
    "  --depth-first under the unlimited window, search depth first rather than by proof\n"
    "                numbers (df-pn): the first method, for a second opinion\n"
    "  --shard K/N   only the classes numbered K mod N (0 <= K < N), for N processes to\n"
    "                share a layer: add their counts\n"
    "  --list FILE   each class surveyed, one line: FEN, standard value, value under R,\n"
    "                nodes (tab-separated)\n"
    "  --dir DIR     the standard tables (default $GUTI_TABLES, else ./tables)\n"
    "  --quiet       no progress on stderr\n"
    "  --json        {\"game\", \"rules\", \"board\", \"captured\", \"draws_only\", \"budget\",\n"
    "                \"bounds\", \"method\", \"shard\", \"classes\", \"counts\": {STANDARD: "
    "{\"loss\", "
    "\"draw\", "
    "\"win\",\n"
    "                \"unknown\"}}, \"nodes\", \"seconds\"}\n";

static const char *const value_words[4] = {"loss", "draw", "win", "unknown"};

struct survey_out {
    struct progress prog;
    const struct game *g;
    FILE *list;
};

static void each(void *arg, const struct position *p, int standard, const struct nr_answer *a)
{
    struct survey_out *o = arg;
    if (!o->list) return;
    char fen[256];
    o->g->ops->format(o->g, p, fen, sizeof fen);
    fprintf(o->list, "%s\t%s\t%s\t%llu\n", fen, value_words[standard + 1],
            a->value == NR_UNKNOWN ? "unknown" : value_words[a->value + 1],
            (unsigned long long)a->nodes);
}

static void progress(void *arg, const char *phase, uint64_t done, uint64_t total)
{
    progress_update(&((struct survey_out *)arg)->prog, phase, done, total);
}

/* What a survey found: its counts by standard value and value under the rules, as a table
 * or as JSON. */
static void print_survey(const struct game *g, const struct nr_survey_options *so,
                         const struct nr_survey *sv, double secs, bool json)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    bool bounds = so->bounds && nr_board_bipartite(g->board);
    /* how the search went: a window's state graph, or the unlimited window's two ways */
    const char *method = g->repeat_window ? "graph" : so->depth_first ? "depth-first" : "df-pn";
    if (json) {
        printf("{\"game\": \"baghchal\", \"rules\": \"%s\", \"board\": \"%s\", \"captured\": %d, "
               "\"draws_only\": %s, \"budget\": %llu, \"bounds\": %s, \"method\": \"%s\", "
               "\"shard\": \"%d/%d\", "
               "\"classes\": %llu, \"counts\": {",
               rules, g->board->name, so->captured, so->draws_only ? "true" : "false",
               (unsigned long long)so->budget, bounds ? "true" : "false", method, so->shard,
               so->nshards, (unsigned long long)sv->classes);
        for (int s = 0; s < 3; s++) {
            printf("%s\"%s\": {", s ? ", " : "", value_words[s]);
            for (int v = 0; v < 4; v++)
                printf("%s\"%s\": %llu", v ? ", " : "", value_words[v],
                       (unsigned long long)sv->count[s][v]);
            printf("}");
        }
        printf("}, \"nodes\": %llu, \"seconds\": %.3f}\n", (unsigned long long)sv->nodes, secs);
        return;
    }
    printf("baghchal %s, rules %s, %d captured: %llu classes (%s), at most %llu nodes each "
           "(%s)%s\n",
           g->board->name, rules, so->captured, (unsigned long long)sv->classes,
           so->draws_only ? "the standard draws" : "all of them", (unsigned long long)so->budget,
           method, bounds ? ", standard wins as bounds" : "");
    printf("%-10s %12s %12s %12s %12s\n", "standard", "loss", "draw", "win", "unknown");
    for (int s = 0; s < 3; s++) {
        uint64_t row = 0;
        for (int v = 0; v < 4; v++) row += sv->count[s][v];
        if (!row) continue;
        printf("%-10s", value_words[s]);
        for (int v = 0; v < 4; v++) printf(" %12llu", (unsigned long long)sv->count[s][v]);
        printf("\n");
    }
    printf("%llu nodes in %.1f s\n", (unsigned long long)sv->nodes, secs);
}

int cmd_norepeat(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *list_path = NULL, *shard_opt = NULL;
    int captured = 0;
    bool all = false, no_bounds = false, depth_first = false;
    uint64_t budget = 1000000;
    const struct cli_option opts[] = {CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION_INT("captured", &captured, 0, 64),
                                      CLI_OPTION("all", CLI_FLAG, &all),
                                      CLI_OPTION("budget", CLI_COUNT, &budget),
                                      CLI_OPTION("no-bounds", CLI_FLAG, &no_bounds),
                                      CLI_OPTION("list", CLI_TEXT, &list_path),
                                      CLI_OPTION("shard", CLI_TEXT, &shard_opt),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTION("depth-first", CLI_FLAG, &depth_first),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("norepeat", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("norepeat", "expected GAME, got %d operands", argc - first);
    o.game = argv[first];
    if (!o.rules) o.rules = "no-repeat";
    int shard = 0, nshards = 1;
    if (shard_opt) {
        char tail;
        if (sscanf(shard_opt, "%d/%d%c", &shard, &nshards, &tail) != 2 || nshards < 1 ||
            nshards > 1024 || shard < 0 || shard >= nshards)
            return cli_usage_error("norepeat", "--shard: '%s' is not K/N with 0 <= K < N <= 1024",
                                   shard_opt);
    }
    struct game g, std;
    if ((rc = cli_game(&o, NULL, &g))) return rc;
    if (!g.no_repeat)
        return cli_usage_error("norepeat", "only baghchal under no-repeat or no-repeat:N");
    char err[600];
    /* the search reads the tables of the game's default rules, which have no history */
    if (game_setup(&std, g.ops->name, NULL, g.board->name, err, sizeof err))
        return cli_error("norepeat: %s", err);
    struct survey_out out = {.g = &g};
    progress_init(&out.prog, o.quiet);
    if (list_path && !(out.list = fopen(list_path, "w")))
        return cli_error("norepeat: --list %s: cannot open", list_path);
    struct prober *pr = malloc(sizeof *pr);
    if (!pr) return cli_error("norepeat: out of memory");
    prober_init(pr, &std, tables_dir(dir_opt));
    progress_begin(&out.prog, "no-repeat");
    double t0 = omp_get_wtime();
    struct nr_survey sv;
    struct nr_survey_options so = {captured, !all, !no_bounds, depth_first, budget, shard, nshards};
    rc = nr_survey(&g, pr, &so, each, progress, &out, &sv, err, sizeof err);
    double secs = omp_get_wtime() - t0;
    progress_end(&out.prog);
    prober_free(pr);
    free(pr);
    if (out.list && fclose(out.list) && !rc)
        return cli_error("norepeat: --list %s: cannot write", list_path);
    if (rc) return cli_error("norepeat: %s", err);
    print_survey(&g, &so, &sv, secs, o.json);
    return 0;
}
