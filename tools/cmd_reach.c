/* guti reach: which positions some game from the start reaches, as REACH tables. */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "progress.h"
#include "reach.h"
#include "tables.h"

static const char help[] =
    "usage: guti reach GAME [--rules R] [--captures K] [--board B] [--dir DIR]\n"
    "                      [--threads N] [--quiet] [--json]\n"
    "\n"
    "Finds, in symmetry classes, every position that some legal game from the start reaches\n"
    "(draw rules aside), forward from the start, layer by layer in the order of play: an\n"
    "acyclic layer (a placement phase) in one pass, a cyclic one (a movement phase) by\n"
    "rounds of a breadth-first search. Writes one REACH table per layer beside the value\n"
    "tables (DIR/...-h12-c3-t.reach, DIR/...-h0-c4.reach) and prints how many positions of\n"
    "each layer are reached. guti stats --reachable uses them. For the games whose layers\n"
    "say how ({titles-reach}).\n"
    "\n"
    "An interrupted run resumes from the last layers it wrote.\n"
    "\n"
    "  GAME          {games}\n"
    "  --rules R     {table-rules}\n"
    "  --captures K  the hunter wins with K captures (1 to 8) rather than the board's own:\n"
    "                the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --board B     {boards}\n"
    "  --dir DIR     where the tables are (default $GUTI_TABLES, else ./tables)\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       no progress on stderr (the counts are still printed)\n"
    "  --json        {\"game\", \"rules\", \"board\", \"layers\": [{\"layer\" (its tables' name),\n"
    "                \"reached\", \"classes\", \"resumed\"}], \"classes_walked\", \"seconds\"}\n";

/* What the hooks print from: the options, and the layers kept for the JSON object. */
struct out {
    struct progress prog; /* first: the task hooks take the struct as its progress */
    const struct game *g;
    bool json;
    struct reach_layer layers[2 * TABLES_MAX_LAYERS * (BOARD_MAX_POINTS + 1)];
    int nlayers;
};

/* Prints a layer's count as it is found (text), or keeps it for the JSON at the end. */
static void layer(void *arg, const struct reach_layer *l)
{
    struct out *o = arg;
    if (o->json) {
        if (o->nlayers < (int)(sizeof o->layers / sizeof o->layers[0]))
            o->layers[o->nlayers++] = *l;
        return;
    }
    const char *note = l->resumed ? "  (already there)" : "";
    double share = l->classes ? 100.0 * l->reached / l->classes : 0;
    const struct game_layers *gl = o->g->ops->layers;
    char label[64];
    (gl->label ? gl->label : gl->name)(o->g, &l->key, label, sizeof label);
    progress_end(&o->prog); /* the line above the progress, which the next update redraws */
    printf("%-8s %14llu of %14llu reached (%.2f%%)%s\n", label, (unsigned long long)l->reached,
           (unsigned long long)l->classes, share, note);
    fflush(stdout);
}

static void print_json(const struct out *o, uint64_t walked, double secs)
{
    char rules[32];
    game_rules_name(o->g, rules, sizeof rules);
    printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"layers\": [",
           o->g->ops->name, rules, o->g->board->name);
    for (int k = 0; k < o->nlayers; k++) {
        const struct reach_layer *l = &o->layers[k];
        char name[64];
        o->g->ops->layers->name(o->g, &l->key, name, sizeof name);
        printf("%s{\"layer\": \"%s\", \"reached\": %llu, \"classes\": %llu, \"resumed\": %s}",
               k ? ", " : "", name, (unsigned long long)l->reached, (unsigned long long)l->classes,
               l->resumed ? "true" : "false");
    }
    printf("], \"classes_walked\": %llu, \"seconds\": %.3f}\n", (unsigned long long)walked, secs);
}

int cmd_reach(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL;
    const struct cli_option opts[] = {
        CLI_OPTION("rules", CLI_RULES, &o.rules),
        CLI_OPTION_INT("captures", &o.captures, 1, GAME_MAX_CAPTURE_GOAL),
        CLI_OPTION("board", CLI_BOARD, &o.board),
        CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION_INT("threads", &o.threads, 1, 1024),
        CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
        CLI_OPTION("json", CLI_FLAG, &o.json),
        CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("reach", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if ((rc = cli_fold_captures("reach", &o))) return rc;
    if (argc - first != 1)
        return cli_usage_error("reach", "expected GAME, got %d operands", argc - first);
    o.game = argv[first];
    struct game g;
    if ((rc = cli_game(&o, NULL, &g))) return rc;
    if (!reach_supported(&g))
        return cli_usage_error("reach", "%s has no reachability", g.ops->title);
    /* what a game reaches under the no-repeat rule depends on the boards before */
    if (g.no_repeat) {
        char games[200] = ""; /* "baghchal under standard or goat-pass" */
        for (int i = 0; game_registry(i); i++) {
            const struct game_ops *ops = game_registry(i);
            if (!ops->layers || !ops->layers->reach) continue;
            size_t used = strlen(games);
            snprintf(games + used, sizeof games - used, "%s%s under ", used ? "; " : "", ops->name);
            cli_word_list(ops->table_rules ? ops->table_rules : ops->rules_list, games,
                          sizeof games);
        }
        return cli_usage_error("reach", "only %s", games);
    }
    const char *dir = tables_dir(dir_opt);
    if (mkdir(dir, 0777) && errno != EEXIST)
        return cli_error("reach: cannot make %s: %s", dir, strerror(errno));
    if ((rc = cli_threads("reach", o.threads))) return rc;
    double t0 = omp_get_wtime();
    struct out *out = calloc(1, sizeof *out);
    if (!out) return cli_error("reach: out of memory");
    out->g = &g;
    out->json = o.json;
    progress_init(&out->prog, o.quiet);
    struct reach_hooks h = {.store = {.dir = dir},
                            .task_begin = progress_begin_hook,
                            .task_progress = progress_update,
                            .task_end = progress_end_hook,
                            .layer = layer,
                            .arg = out};
    struct reach_result res;
    char err[1600];
    rc = reach_all(&g, &h, &res, err, sizeof err);
    double secs = omp_get_wtime() - t0;
    if (rc)
        rc = cli_error("reach: %s", err);
    else if (res.all_stored && !o.json)
        printf("reach: every layer's REACH table is already there\n");
    else if (o.json)
        print_json(out, res.classes_walked, res.all_stored ? 0 : secs);
    else
        printf("reach: %llu classes in %.1f s (%.0f classes/s)\n",
               (unsigned long long)res.classes_walked, secs,
               secs > 0 ? res.classes_walked / secs : 0);
    free(out);
    return rc;
}
