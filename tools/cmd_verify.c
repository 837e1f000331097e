/* guti verify: checks every table file of a directory; --full re-derives every value. */
#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"
#include "notation.h"
#include "progress.h"
#include "selftest.h"
#include "tables.h"
#include "verify.h"

static const char help[] =
    "usage: guti verify [--dir DIR] [--full [--sample N]] [--threads N] [--quiet|--verbose]\n"
    "                   [--json]\n"
    "       guti verify --moves [--game G [--rules R] [--captures K] [--board B]]\n"
    "                   [--pieces N] [--sample N] [--dir DIR] [--quiet] [--json]\n"
    "\n"
    "Checks every table (*.wdl, *.dtm, *.reach) in DIR: its header, the checksum of every\n"
    "block and of the whole file, and that every block decompresses to valid values.\n"
    "Then checks that the set of tables of each game there (rules, board) is complete for\n"
    "what it holds: every cyclic layer (a movement phase, endgames); every acyclic layer (a\n"
    "placement phase: {titles-acyclic}) if any of their tables is there; a DTM table beside\n"
    "each WDL table of a kind of layers that has any DTM table (of the acyclic layers, those\n"
    "whose DTM is not their successors'); a REACH table for every layer if any is there; for\n"
    "a game solved by --pieces N ({titles-pieces}), every material up to the most pieces\n"
    "there. A missing table is named, with the command that makes it, and is an error.\n"
    "With --full, also re-derives every position of every solved layer from its successors:\n"
    "its value and DTM must follow from theirs (a win has a move to a loss one half-move\n"
    "shorter and none faster, a loss has only moves to wins, the longest one half-move\n"
    "shorter, a finished game is lost in 0, a draw has no move to a loss and one to a draw),\n"
    "and the WDL table must agree with the DTM table. The first inconsistencies are shown.\n"
    "Acyclic layers are re-derived from their successors' tables with the rules' moves, for\n"
    "a sample of positions of each layer; with --sample, the layers of a game with cyclic\n"
    "layers only ({titles-cyclic-only}) too (re-deriving every position takes about as long\n"
    "as the solve: hours for the largest). Positions whose successors' table is missing or\n"
    "unreadable are not checked, said so and counted apart, never called inconsistent.\n"
    "A damaged table is named on a line of its own; the sound ones are summed up in one\n"
    "line (--verbose lists each, in natural order: h1, h2, ..., h10).\n"
    "The last line of the output sums it up: tables ok, damaged and missing; with --full,\n"
    "layers re-derived, positions inconsistent and not checked.\n"
    "Exit status 1 on any damaged or missing table or inconsistent position.\n"
    "\n"
    "With --moves, reads no table but tests the solvers' move graph (no tables needed): for\n"
    "a sample of the positions of every layer, the successors and predecessors the solvers\n"
    "walk must agree with each other (every successor's predecessors include the position,\n"
    "every predecessor's successors too) and with the rules' legal moves: the same\n"
    "successors within the layer, and each capture's successor read where the move leads,\n"
    "nothing else. Every layer of the game: the cyclic ones and the acyclic ones (which have\n"
    "no predecessors: each is solved from the layers its moves lead to, and the positions it\n"
    "reads there must be its moves' successors); of a game solved by --pieces N, every\n"
    "material of 2 to N pieces. The game is --game's (with --rules, --board); without\n"
    "--game, every game (rules, board) that has tables in DIR, one solved by --pieces N up to\n"
    "the most pieces there; with neither, a usage error. One line per layer and the first\n"
    "faulty positions.\n"
    "Exit status 1 with --moves when any position is faulty.\n"
    "\n"
    "  --dir DIR     the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --full        re-derive the values from the successors, as above\n"
    "  --sample N    with --full, re-derive N positions of each acyclic layer (default 1000)\n"
    "                and of each layer of a game with cyclic layers only (default: all),\n"
    "                spread evenly over its index, 0: all of them (a layer's WDL table is\n"
    "                still checked against its DTM table everywhere); with --moves, test\n"
    "                N positions of every layer (default 1000; 0: all of them)\n"
    "  --moves       test the move graph, as above, instead of the tables\n"
    "  --game G      {games} (with --moves)\n"
    "  --rules R     {table-rules}\n"
    "                (with --game)\n"
    "  --captures K  {capture-games}: the hunters win with K captures rather than the\n"
    "                board's own: the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --board B     {boards} (with --game)\n"
    "  --pieces N    with --moves, the layers of up to N men on the board (default:\n"
    "                every layer; of a game solved by --pieces N ({pieces}), the\n"
    "                most pieces of its tables in DIR, else 5)\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       print only what fails (and the last line); no progress on stderr\n"
    "  --verbose     list every sound table, one line each, rather than their count\n"
    "  --json        {\"files\": [{\"path\", \"ok\", \"error\"}], \"sets\": [{\"game\", "
    "\"rules\",\n"
    "                \"board\", \"tables\", \"present\", \"missing\": [names], \"make\"}],\n"
    "                \"layers\": [{\"game\", \"rules\", \"board\", \"inhand\", \"captured\",\n"
    "                (\"side\"), \"positions\" (re-derived), \"layer_positions\",\n"
    "                \"inconsistent\", \"not_checked\", \"examples\"}],\n"
    "                \"tables_ok\", \"tables_damaged\", \"tables_missing\",\n"
    "                \"layers_rederived\", \"inconsistent\", \"not_checked\", \"ok\"};\n"
    "                with --moves {\"layers\": [{\"game\", \"rules\", \"board\", \"layer\",\n"
    "                \"kind\", \"positions\", \"checked\", \"links\", \"faults\", "
    "\"examples\"}],\n"
    "                \"checked\", \"links\", \"faults\", \"ok\"}\n";

/* What verify found, for the last line and the JSON. */
struct counts {
    int tables_ok, tables_damaged, tables_missing, layers;
    uint64_t inconsistent, not_checked;
};

/* Where --full's layers are shown: the progress (first: the hooks' arg is also the
 * progress's) and how each layer is printed. */
struct printer {
    struct progress prog;
    bool json, quiet, first;
    struct counts *cnt;
};

/* One re-derived layer's JSON object. */
static void print_layer_json(const struct verify_layer *r, const char *rules, bool first)
{
    const struct game *g = r->game;
    printf("%s{\"game\": \"%s\", \"rules\": \"%s\", ", first ? "" : ", ", g->ops->name, rules);
    if (g->ops->layers->board_in_names) printf("\"board\": \"%s\", ", g->board->name);
    /* the layer by the game's own name ("d14", "3+1", "h0-c4"), then by the keys the
     * first two games' readers took */
    printf("\"layer\": ");
    json_str(stdout, r->name);
    printf(r->material ? ", \"m\": %d, \"n\": %d, " : ", \"inhand\": %d, \"captured\": %d, ",
           r->inhand, r->captured);
    if (r->side >= 0) printf("\"side\": \"%s\", ", g->ops->piece_name[r->side]);
    if (r->limit) printf("\"limit\": %d, ", r->limit);
    printf("\"positions\": %llu, \"layer_positions\": %llu, \"inconsistent\": %llu, "
           "\"not_checked\": %llu, \"examples\": [",
           (unsigned long long)r->positions, (unsigned long long)r->layer_positions,
           (unsigned long long)r->inconsistent, (unsigned long long)r->not_checked);
    for (int e = 0; e < r->nexamples; e++) {
        if (e) printf(", ");
        json_str(stdout, r->examples[e]);
    }
    printf("]}");
}

/* One re-derived layer's line, and its examples. */
static void print_layer_text(const struct verify_layer *r)
{
    const struct game *g = r->game;
    uint64_t done = r->positions, of = r->layer_positions;
    const char *tag = r->inconsistent || r->failed ? "FAIL" : r->not_checked ? "SKIP" : "ok  ";
    char game[100];
    tables_game_name(g, game, sizeof game);
    printf("%s %s %s: ", tag, game, r->name);
    if (!done && (r->not_checked || r->failed))
        printf("not re-derived");
    else if (r->side >= 0 || done < of) /* a sample of the layer */
        printf("%llu of %llu positions re-derived", (unsigned long long)done,
               (unsigned long long)of);
    else
        printf("%llu positions re-derived", (unsigned long long)done);
    if (done) printf(", %llu inconsistent", (unsigned long long)r->inconsistent);
    if (r->not_checked && done) printf(", %llu not checked", (unsigned long long)r->not_checked);
    printf("\n");
    for (int e = 0; e < r->nexamples; e++) printf("     %s\n", r->examples[e]);
}

/* The hook: a re-derived layer's line (or JSON object), added to the counts. */
static void print_layer(void *arg, const struct verify_layer *r)
{
    struct printer *out = arg;
    char rules[32];
    game_rules_name(r->game, rules, sizeof rules);
    out->cnt->layers += r->positions > 0;
    out->cnt->inconsistent += r->inconsistent;
    out->cnt->not_checked += r->not_checked;
    if (out->json) {
        print_layer_json(r, rules, out->first);
        out->first = false;
    } else if (!out->quiet || r->inconsistent || r->failed || r->not_checked) {
        print_layer_text(r);
    }
}

/* One re-derivation of one game, its layers printed as they are done: its errors, with
 * why it stopped, if it did, on stderr. */
static int run_check(int (*check)(const struct verify_request *, const struct verify_hooks *,
                                  struct verify_report *),
                     const struct verify_request *q, struct printer *out)
{
    struct verify_hooks hooks = {progress_begin_hook, progress_update, progress_end_hook,
                                 print_layer, out};
    struct verify_report rep = {0};
    int errors = check(q, &hooks, &rep);
    if (*rep.error) cli_error("verify: %s", rep.error);
    verify_report_free(&rep);
    return errors;
}

/* --full: every game's layers re-derived, round by round as verify_round says (sample -1:
 * the default). */
static int verify_full(const struct game *games, const struct tables_set *sets, int ngames,
                       const char *dir, int sample, struct printer *out)
{
    int errors = 0;
    struct verify_request q = {.dir = dir};
    for (int round = 0; round < VERIFY_ROUNDS; round++)
        for (int k = 0; k < ngames; k++) {
            verify_check checks[2];
            int n = verify_round(&games[k], round, sample, checks, &q.sample);
            if (n < 0) return errors + cli_error("verify: out of memory");
            q.g = &games[k], q.set = &sets[k];
            for (int j = 0; j < n; j++) errors += run_check(checks[j], &q, out);
        }
    if (ngames == 0 && !out->json) printf("full: no tables to re-derive\n");
    return errors;
}

/* --moves: one layer's line or JSON object, as the self-test finishes it. */
struct moves_out {
    bool json, quiet, first;
};

static int moves_layer(void *arg, const struct game *g, const struct selftest_layer *l)
{
    struct moves_out *o = arg;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (o->json) {
        printf("%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"layer\": \"%s\", "
               "\"kind\": \"%s\", \"positions\": %llu, \"checked\": %llu, \"links\": %llu, "
               "\"faults\": %llu, \"examples\": [",
               o->first ? "" : ", ", g->ops->name, rules, g->board->name, l->name, l->kind,
               (unsigned long long)l->positions, (unsigned long long)l->checked,
               (unsigned long long)l->links, (unsigned long long)l->faults);
        for (int e = 0; e < l->nexamples; e++) {
            if (e) printf(", ");
            json_str(stdout, l->examples[e]);
        }
        printf("]}");
        o->first = false;
    } else if (l->faults || !o->quiet) {
        char game[100];
        tables_game_name(g, game, sizeof game);
        printf("%s %s %s (%s): %llu of %llu positions, %llu links followed, %llu faulty\n",
               l->faults ? "FAIL" : "ok  ", game, l->name, l->kind, (unsigned long long)l->checked,
               (unsigned long long)l->positions, (unsigned long long)l->links,
               (unsigned long long)l->faults);
        for (int e = 0; e < l->nexamples; e++) printf("     %s\n", l->examples[e]);
    }
    fflush(stdout);
    return 0;
}

/* The most pieces of the layers --moves tests in game g without --pieces: of a game solved
 * as endgames up to a number of pieces (game_layers.pieces_most), the most of its tables
 * there (set: at least 2), or without tables 5; of any other game, every layer. */
static int moves_default_pieces(const struct game *g, const struct tables_set *set)
{
    if (!g->ops->layers || !g->ops->layers->pieces_most) return INT_MAX;
    if (!set) return 5;
    return set->part < 2 ? 2 : set->part;
}

/* --pieces N against game g: a game solved as endgames up to a number of pieces takes no
 * more (its tables' limit); 0, or the exit status of the usage error. */
static int moves_check_pieces(const struct game *g, int pieces)
{
    int most = g->ops->layers ? g->ops->layers->pieces_most : 0;
    if (most && pieces > most)
        return cli_usage_error("verify", "--pieces %d, expected 2..%d", pieces, most);
    return 0;
}

/* --moves' games: o's, or those with tables in dir (at most max), each with the most pieces
 * of the layers to test of a game that counts them (selftest_moves): pieces, else
 * moves_default_pieces. Their number, or minus the exit status. */
static int moves_games(const struct game_opts *o, const char *dir, int pieces, struct game *games,
                       int *pieces_of, int max)
{
    int rc, ngames;
    if (o->game) {
        if ((rc = cli_game(o, NULL, &games[0]))) return -rc;
        if (games[0].no_repeat)
            return -cli_usage_error("verify", "rules no-repeat depend on the history, not the "
                                              "position: they have no layers to test");
        if ((rc = moves_check_pieces(&games[0], pieces))) return -rc;
        pieces_of[0] = pieces ? pieces : moves_default_pieces(&games[0], NULL);
        return 1;
    }
    ngames = tables_games(dir, games, max);
    if (ngames <= 0)
        return -cli_usage_error("verify",
                                "--moves: %s has no tables to choose the games from; name one "
                                "with --game",
                                dir);
    if (ngames > max) ngames = max;
    for (int k = 0; k < ngames; k++) {
        struct tables_set set;
        if ((rc = moves_check_pieces(&games[k], pieces))) return -rc;
        pieces_of[k] = pieces;
        if (pieces) continue;
        if (tables_expected(dir, &games[k], 0, &set)) return -cli_error("verify: out of memory");
        pieces_of[k] = moves_default_pieces(&games[k], &set);
        tables_set_free(&set);
    }
    return ngames;
}

/* --moves' last line (or the JSON's last fields), and its exit status. */
static int moves_summary(const struct selftest_result *sum, bool json)
{
    if (json)
        printf("], \"checked\": %llu, \"links\": %llu, \"faults\": %llu, \"ok\": %s}\n",
               (unsigned long long)sum->checked, (unsigned long long)sum->links,
               (unsigned long long)sum->faults, sum->faults ? "false" : "true");
    else
        printf("verify --moves: %d layer%s, %llu of %llu positions checked, %llu links followed, "
               "%llu faulty\n",
               sum->layers, sum->layers == 1 ? "" : "s", (unsigned long long)sum->checked,
               (unsigned long long)sum->positions, (unsigned long long)sum->links,
               (unsigned long long)sum->faults);
    if (sum->faults)
        return cli_error("verify: the move graph has %llu faulty position%s",
                         (unsigned long long)sum->faults, sum->faults == 1 ? "" : "s");
    return 0;
}

/* guti verify --moves: the games to test are o's, or those with tables in dir. */
static int verify_moves(const struct game_opts *o, const char *dir, int pieces, int sample)
{
    struct game games[32];
    int pieces_of[32], ngames = moves_games(o, dir, pieces, games, pieces_of, 32);
    if (ngames < 0) return -ngames;
    struct moves_out out = {o->json, o->quiet, true};
    struct selftest_result sum = {0};
    if (o->json) printf("{\"layers\": [");
    for (int k = 0; k < ngames; k++) {
        struct selftest_result r;
        char err[200];
        if (selftest_moves(&games[k], pieces_of[k], (uint64_t)sample, moves_layer, &out, &r, err,
                           sizeof err)) {
            if (o->json) printf("]}\n");
            return cli_error("verify: %s", err);
        }
        sum.layers += r.layers;
        sum.positions += r.positions;
        sum.checked += r.checked;
        sum.links += r.links;
        sum.faults += r.faults;
    }
    return moves_summary(&sum, o->json);
}

/* Orders names as a reader counts: a run of digits by its number, so that layer h2 comes
 * before h10 and material 2+2 before 10+2. */
static int cmp_natural(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    while (*x && *y) {
        if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
            while (*x == '0') x++;
            while (*y == '0') y++;
            size_t nx = strspn(x, "0123456789"), ny = strspn(y, "0123456789");
            if (nx != ny) return nx < ny ? -1 : 1;
            int c = strncmp(x, y, nx);
            if (c) return c;
            x += nx;
            y += ny;
        } else if (*x != *y) {
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        } else {
            x++, y++;
        }
    }
    return (unsigned char)*x - (unsigned char)*y;
}

/* Every table file of dir checked, its line printed (FAIL, or ok with --verbose; JSON's
 * "files" entries): the number damaged, or minus the exit status when there is none to
 * check. */
static int verify_files(const char *dir, bool json, bool quiet, bool verbose, struct counts *cnt)
{
    char **files;
    int nfiles = tables_list_all(dir, &files);
    if (nfiles < 0) return -cli_error("verify: cannot read directory %s: %s", dir, strerror(errno));
    if (nfiles == 0) {
        tables_list_free(files, nfiles);
        return -cli_error("verify: no tables in %s", dir);
    }
    qsort(files, (size_t)nfiles, sizeof *files, cmp_natural);
    char err[400];
    if (json) printf("{\"files\": [");
    for (int k = 0; k < nfiles; k++) {
        bool bad = !verify_table_file(files[k], err, sizeof err);
        cnt->tables_damaged += bad;
        cnt->tables_ok += !bad;
        if (json) {
            printf("%s{\"path\": ", k ? ", " : "");
            json_str(stdout, files[k]);
            printf(", \"ok\": %s, \"error\": ", bad ? "false" : "true");
            if (bad)
                json_str(stdout, err);
            else
                printf("null");
            printf("}");
        } else if (bad) {
            printf("FAIL %s\n", err);
        } else if (verbose) {
            printf("ok   %s\n", files[k]);
        }
    }
    tables_list_free(files, nfiles);
    /* One line for the sound tables: listing them all buries the few lines that matter. */
    if (!json && !quiet && !verbose && cnt->tables_ok)
        printf("ok   %d table%s in %s: headers, checksums and values sound (--verbose lists "
               "them)\n",
               cnt->tables_ok, cnt->tables_ok == 1 ? "" : "s", dir);
    return cnt->tables_damaged;
}

/* One game's set of tables: its line (FAIL with the missing ones and the command that
 * makes them, or ok) or JSON object. */
static void print_set(const struct game *g, const struct tables_set *set, const char *dir,
                      bool json, bool quiet, bool first)
{
    char name[80], rules[32], make[2600], list[600];
    tables_game_name(g, name, sizeof name);
    game_rules_name(g, rules, sizeof rules);
    tables_make_command(set, dir, TABLES_ALL_KINDS, make, sizeof make);
    if (json) {
        printf("%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"tables\": %d, "
               "\"present\": %d, \"missing\": [",
               first ? "" : ", ", g->ops->name, rules, g->board->name, set->n,
               set->n - set->nmissing);
        for (int j = 0, listed = 0; j < set->n; j++)
            if (!set->t[j].present) {
                printf("%s", listed++ ? ", " : "");
                json_str(stdout, set->t[j].name);
            }
        printf("], \"make\": ");
        if (*make)
            json_str(stdout, make);
        else
            printf("null");
        printf("}");
    } else if (set->nmissing) {
        tables_missing_text(set, TABLES_ALL_KINDS, 3, list, sizeof list);
        printf("FAIL %s: %d of %d tables; missing: %s; make %s with: %s\n", name,
               set->n - set->nmissing, set->n, list, set->nmissing == 1 ? "it" : "them", make);
    } else if (!quiet) {
        printf("ok   %s: %d of %d tables\n", name, set->n, set->n);
    }
}

/* Each game's set of tables found (into sets) and printed: the number of tables missing,
 * -1 when out of memory (sets then freed). */
static int verify_sets(const struct game *games, struct tables_set *sets, int ngames,
                       const char *dir, const struct game_opts *o, struct counts *cnt)
{
    int missing = 0;
    for (int k = 0; k < ngames; k++) {
        if (tables_expected(dir, &games[k], 0, &sets[k])) {
            for (int j = 0; j < k; j++) tables_set_free(&sets[j]);
            return -1;
        }
        missing += sets[k].nmissing;
        print_set(&games[k], &sets[k], dir, o->json, o->quiet, k == 0);
    }
    cnt->tables_missing += missing;
    return missing;
}

/* The last line (or the JSON's last fields). */
static void print_summary(const struct counts *cnt, bool full, int errors, bool json)
{
    if (json) {
        printf("], \"tables_ok\": %d, \"tables_damaged\": %d, \"tables_missing\": %d",
               cnt->tables_ok, cnt->tables_damaged, cnt->tables_missing);
        if (full)
            printf(", \"layers_rederived\": %d, \"inconsistent\": %llu, \"not_checked\": %llu",
                   cnt->layers, (unsigned long long)cnt->inconsistent,
                   (unsigned long long)cnt->not_checked);
        printf(", \"ok\": %s}\n", errors ? "false" : "true");
    } else {
        printf("verify: %d table%s ok, %d damaged, %d missing", cnt->tables_ok,
               cnt->tables_ok == 1 ? "" : "s", cnt->tables_damaged, cnt->tables_missing);
        if (full)
            printf("; %d layer%s re-derived, %llu position%s inconsistent, %llu not checked",
                   cnt->layers, cnt->layers == 1 ? "" : "s", (unsigned long long)cnt->inconsistent,
                   cnt->inconsistent == 1 ? "" : "s", (unsigned long long)cnt->not_checked);
        printf("\n");
    }
}

int cmd_verify(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL;
    bool full = false, moves = false, verbose = false;
    int sample = -1, pieces = 0;
    const struct cli_option opts[] = {
        CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION("full", CLI_FLAG, &full),
        CLI_OPTION_INT("sample", &sample, 0, 1000000000),
        CLI_OPTION("moves", CLI_FLAG, &moves),
        CLI_OPTION("game", CLI_TEXT, &o.game),
        CLI_OPTION("rules", CLI_RULES, &o.rules),
        CLI_OPTION_INT("captures", &o.captures, 1, GAME_MAX_CAPTURE_GOAL),
        CLI_OPTION("board", CLI_BOARD, &o.board),
        CLI_OPTION_INT("pieces", &pieces, 2, 64),
        CLI_OPTION_INT("threads", &o.threads, 1, 1024),
        CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
        CLI_OPTION("verbose", CLI_FLAG, &verbose),
        CLI_OPTION("json", CLI_FLAG, &o.json),
        CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("verify", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if ((rc = cli_fold_captures("verify", &o))) return rc;
    if (sample >= 0 && !full && !moves)
        return cli_usage_error("verify", "--sample goes with --full or --moves");
    if (full && moves)
        return cli_usage_error("verify", "--full checks the tables, --moves the move graph: one "
                                         "at a time");
    const char *moves_only = o.game    ? "--game"
                             : o.rules ? "--rules"
                             : o.board ? "--board"
                             : pieces  ? "--pieces"
                                       : NULL;
    if (moves_only && !moves) return cli_usage_error("verify", "%s goes with --moves", moves_only);
    if ((o.rules || o.board) && !o.game)
        return cli_usage_error("verify", "%s goes with --game", o.rules ? "--rules" : "--board");
    if (verbose && o.quiet)
        return cli_usage_error("verify", "--quiet and --verbose: one or the other");
    if (verbose && moves)
        return cli_usage_error("verify", "--verbose is for the tables' check, not --moves");
    if (first < argc) return cli_usage_error("verify", "unexpected operand '%s'", argv[first]);
    if ((rc = cli_threads("verify", o.threads))) return rc;
    const char *dir = tables_dir(dir_opt);
    if (moves) return verify_moves(&o, dir, pieces, sample < 0 ? 1000 : sample);
    struct counts cnt = {0};
    int errors = verify_files(dir, o.json, o.quiet, verbose, &cnt);
    if (errors < 0) return -errors;
    /* Each game's set of tables must be complete. */
    struct game games[32];
    int ngames = tables_games(dir, games, 32);
    if (ngames > 32) ngames = 32;
    if (ngames < 0) ngames = 0;
    struct tables_set *sets = calloc((size_t)(ngames ? ngames : 1), sizeof *sets);
    if (!sets) return cli_error("verify: out of memory");
    if (o.json) printf("], \"sets\": [");
    int rc_sets = verify_sets(games, sets, ngames, dir, &o, &cnt);
    if (rc_sets < 0) {
        free(sets);
        return cli_error("verify: out of memory");
    }
    errors += rc_sets;
    if (o.json) printf("], \"layers\": [");
    if (full) {
        struct printer out = {.json = o.json, .quiet = o.quiet, .first = true, .cnt = &cnt};
        progress_init(&out.prog, o.quiet);
        errors += verify_full(games, sets, ngames, dir, sample, &out);
    }
    for (int k = 0; k < ngames; k++) tables_set_free(&sets[k]);
    free(sets);
    print_summary(&cnt, full, errors, o.json);
    if (errors) cli_error("verify: %d error%s", errors, errors == 1 ? "" : "s");
    return errors ? EXIT_BAD : 0;
}
