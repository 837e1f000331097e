/* guti game: replays a game record and adjudicates its end. */
#include <stdlib.h>
#include <string.h>

#include "analysis_print.h"
#include "cli.h"
#include "game_report.h"

static const char help[] =
    "usage: guti game FILE|- [--notation N] [--game G] [--rules R] [--json]\n"
    "                 [--analyze [--dir DIR] [--budget N]]\n"
    "\n"
    "Replays a game record (tags, then moves: docs/notation.md; a bare list of moves with no\n"
    "tags is a game of --game from its start under --rules), reports the first illegal\n"
    "move with its number and the reason, and adjudicates the end under the record's rules:\n"
    "wins, and the draw rules of play, the third repetition of a position and the clock\n"
    "(no capture, nor a placement where there are men in hand, for {clocks}, read as\n"
    "half-moves); a win on the deciding move comes\n"
    "first. Under rules no-repeat there are no draw rules and a move that recreates a board\n"
    "seen since the last placement is illegal.\n"
    "Moves are numbered from 1 in the order played (half-moves). The record's result, from\n"
    "its Result tag or a result word after the moves, must agree with the rules' verdict\n"
    "when the game is over by the rules; an unfinished game keeps the recorded result.\n"
    "Exit status: 0 when the record is sound (with --analyze, and the tables answer some\n"
    "position of the game), 1 otherwise.\n"
    "A record may also be in another program's notation (see guti convert --help): the\n"
    "baghchal package's PGN (1. G33 B1122 2. G44 ... # 0-1) or OBX's lines (one position per\n"
    "line, each after its move mC3, mA1B1, mA1C3(B2)); its notation is told from its moves\n"
    "(a record whose moves mix notations is refused). Such records are Bagh-Chal's on 5x5,\n"
    "under their Rules tag (baghchal) or else the standard rules, from their FEN tag or first\n"
    "line (else the start), with clock 0; what they say besides the moves (the baghchal\n"
    "package's side letters, OBX's position after each move) must agree with the moves.\n"
    "\n"
    "With --analyze, each move played is judged from the tables, under the record's rules and\n"
    "at each position's own clock: the value before it for the side to move, and after it for\n"
    "its maker (the value of the position it leads to, from the mover's side), as guti query\n"
    "gives them: the value without the counting rule and the DTM, and where the counting\n"
    "rule's tables are there (guti solve --dtc) the class, the DTC and value_now, the value\n"
    "under the rule at the clock (a win that the clock makes a draw is a draw). A move is a\n"
    "mistake when it makes the value worse for its maker (a win thrown into a draw or a\n"
    "loss, a draw into a loss), judged by value_now when it is known both before and after\n"
    "the move, else by the values without the rule; a mistake comes with the best move\n"
    "instead (the first of guti query's ranking) and its value. A move that keeps the win\n"
    "with a longer DTM than the best move's (a longer DTC where there is no DTM) is marked\n"
    "slower, which is not an error; so is a faster loss, a move that keeps the loss (as\n"
    "every move there does) with a shorter DTM than the best move's, which resists longest\n"
    "(a shorter DTC where there is no DTM). A move that makes a position's third occurrence\n"
    "is a draw by repetition, whatever the tables say. The summary gives each side's\n"
    "mistakes and the first of them, the slower moves, the faster losses, the value at the\n"
    "start and the verdict by the rules.\n"
    "A position whose table is missing is unknown, and each missing table is named once;\n"
    "when the tables answer none of the positions that need one (a finished game's last\n"
    "position needs none), the analysis is printed all the same and the exit status is 1.\n"
    "Rules no-repeat (no-repeat, no-repeat:N) have no tables: there, each position of the\n"
    "game is searched with the game's history before it (as guti query --rules no-repeat\n"
    "--history searches it), each of its moves within --budget nodes, and the line of a move\n"
    "gives the position's value under the rule for the side to move -> the move's for its\n"
    "maker, and beside it the move's value by the standard tables of the same board (\"std\",\n"
    "with its DTM; unknown where they are not in DIR). A value the search could not decide\n"
    "within the budget is \"unknown under the rule\", never a guess, and a move is judged only\n"
    "where both its values under the rule are decided: a mistake throws a win into a draw or\n"
    "a loss, a draw into a loss, and comes with the best move (the first of the position's\n"
    "moves ranked as a machine plays them: decided wins, then the moves not decided lost,\n"
    "then the losses). The standard tables only help there: DIR may hold none of them (it\n"
    "must exist). The summary gives each side's mistakes and the first of them, the moves\n"
    "judged and left unknown, the nodes searched.\n"
    "With --json, \"moves\": [{\"number\", \"move\", \"side\", \"fen\", \"before\": {\"value\",\n"
    "\"nodes\"}, \"after\": {\"value\", \"standard\", \"standard_dtm\"} (the move's values, as\n"
    "guti query --rules no-repeat --moves --json words them), \"judged\", \"mistake\",\n"
    "\"best\" ({\"move\" and after's members, for every move)}] and \"summary\": {\"rules\",\n"
    "\"budget\", \"nodes\", \"start\": {\"fen\", \"side\", \"value\"}, \"mistakes\",\n"
    "\"first_mistake\", \"judged\", \"moves\", \"unknown\", \"result\", \"winner\", \"reason\"}.\n"
    "\n"
    "  --notation N  the record's notation, guti, baghchal or obx, rather than the one its\n"
    "                moves show; the start and final positions are then written in it too\n"
    "                (else in guti's)\n"
    "  --game G      {games-default}: the game of a bare list of moves (a\n"
    "                record whose tags name another game is refused)\n"
    "  --rules R     the rules of a bare list of moves (default the game's standard ones;\n"
    "                a record whose tags name other rules is refused)\n"
    "  --json        {\"game\", \"rules\", \"board\", \"notation\", \"start\", \"played\",\n"
    "                \"final\", \"result\", \"winner\", \"reason\", \"recorded\", \"error\"};\n"
    "                with --analyze also \"moves\": [{\"number\", \"move\", \"side\", \"fen\"\n"
    "                (the position before the move), \"before\", \"after\", \"judged\"\n"
    "                (value_now, value or null), \"mistake\", \"slower\", \"faster_loss\",\n"
    "                \"best\" (for a flagged move, else null)}], each value {\"value\", \"dtm\",\n"
    "                \"value_now\", \"class\", \"dtc\", \"clock\", \"over\"} as guti query's\n"
    "                (value unknown and \"missing\", an index in the summary's missing, when\n"
    "                a table is missing), and \"summary\": {\"start\", \"mistakes\",\n"
    "                \"first_mistake\" (move numbers, or null), \"slower\", \"faster_loss\",\n"
    "                \"judged\", \"moves\", \"unknown\", \"result\", \"winner\", \"reason\",\n"
    "                \"missing\" (the missing tables' messages), \"more_missing\"}\n"
    "  --analyze     judge every move from the tables (above)\n"
    "  --dir DIR     the tables for --analyze (default $GUTI_TABLES, else ./tables)\n"
    "  --budget N    with --analyze under rules no-repeat: search nodes at most for each move\n"
    "                of each position (default 1000000); past them a value is unknown\n";

/* A record whose tags name another game or other rules than --game and --rules is refused:
 * the options are for a bare list of moves, and silently ignoring them would mislead. */
static int check_named(const struct game_report *gr, const char *game, const char *rules, char *err,
                       size_t errlen)
{
    if (!game && !rules) return 0;
    struct game g;
    char name[32];
    if (game_setup(&g, game ? game : gr->g.ops->name, rules ? rules : NULL, NULL, err, errlen))
        return -1;
    game_rules_name(&g, name, sizeof name);
    if (game && strcmp(g.ops->name, gr->g.ops->name))
        return snprintf(err, errlen, "--game %s, but the record is a game of %s", g.ops->name,
                        gr->g.ops->name),
               -1;
    if (rules && strcmp(name, gr->rules))
        return snprintf(err, errlen, "--rules %s, but the record's rules are %s", name, gr->rules),
               -1;
    return 0;
}

int cmd_game(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *notation_opt = NULL, *dir_opt = NULL, *game_opt = NULL, *rules_opt = NULL;
    bool analyze = false;
    uint64_t budget = 0; /* 0: not given */
    const struct cli_option opts[] = {CLI_OPTION("notation", CLI_NOTATION, &notation_opt),
                                      CLI_OPTION("game", CLI_TEXT, &game_opt),
                                      CLI_OPTION("rules", CLI_RULES, &rules_opt),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTION("analyze", CLI_FLAG, &analyze),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("budget", CLI_COUNT, &budget),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("game", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("game", "expected one FILE or -, got %d operands", argc - first);
    if (dir_opt && !analyze) return cli_usage_error("game", "--dir is for --analyze");
    if (budget && !analyze) return cli_usage_error("game", "--budget is for --analyze");
    char err[700];
    if (game_opt || rules_opt) {
        struct game g;
        if (game_setup(&g, game_opt ? game_opt : cli_default_game(), rules_opt, NULL, err,
                       sizeof err))
            return cli_usage_error("game", "%s", err);
    }
    char *text = cli_read_file(argv[first], err, sizeof err);
    if (!text) return cli_error("game: %s", err);
    guti_tables *t = NULL;
    struct guti_error e;
    struct game_report gr;
    if (analyze && guti_open(cli_tables_dir(dir_opt), 0, &t, &e))
        rc = snprintf(err, sizeof err, "--analyze: %s", e.message);
    else
        rc = game_report_read(text, notation_opt, game_opt ? game_opt : cli_default_game(),
                              rules_opt, t, budget, &gr, err, sizeof err);
    free(text);
    guti_close(t);
    if (rc) return cli_error("game: %s", err);
    if (check_named(&gr, game_opt, rules_opt, err, sizeof err) ||
        (budget && !gr.g.no_repeat &&
         snprintf(err, sizeof err, "--budget is for rules no-repeat, and the record's are %s",
                  gr.rules))) {
        game_report_free(&gr);
        return cli_error("game: %s", err);
    }

    if (o.json) {
        game_report_json(&gr, stdout);
        printf("\n");
    } else {
        const struct game *g = &gr.g;
        printf("game: %s (rules %s, board %s%s%s)\n", g->ops->name, gr.rules, g->board->name,
               gr.notation == NOTATION_GUTI ? "" : ", notation ",
               gr.notation == NOTATION_GUTI ? "" : notation_name(gr.notation));
        printf("played: %d of %d moves\n", gr.rp.played, gr.r.nmoves);
        printf("final: %s\n", gr.final);
        if (gr.rp.outcome.reason == END_NONE)
            printf("result: %s (unfinished by the rules)%s\n",
                   gr.recorded ? QUOTE(gr.recorded) : "*", gr.recorded ? "; as recorded" : "");
        else
            printf("result: %s (%s)\n", gr.word, gr.reason);
        const struct outcome *out = &gr.rp.outcome;
        if (analyze && gr.norepeat) {
            struct norepeat_view view = {gr.norepeat,
                                         gr.norepeat_moves,
                                         (enum guti_notation)(gr.out_notation + 1),
                                         gr.word,
                                         out->winner >= 0 ? g->ops->side_name[out->winner] : NULL,
                                         gr.reason};
            norepeat_print_text(&view, stdout);
        } else if (analyze) {
            struct analysis_view view = {gr.analysis,
                                         gr.moves,
                                         (enum guti_notation)(gr.out_notation + 1),
                                         gr.word,
                                         out->winner >= 0 ? g->ops->side_name[out->winner] : NULL,
                                         gr.reason};
            analysis_print_text(&view, stdout);
        }
    }
    fflush(stdout);
    /* one line of error: the record's first, else the analysis' (no table answered) */
    if (*gr.error)
        cli_error("game: %s", gr.error);
    else if (*gr.analysis_error)
        cli_error("game: --analyze: %s", gr.analysis_error);
    rc = *gr.error || *gr.analysis_error ? EXIT_BAD : 0;
    game_report_free(&gr);
    return rc;
}
