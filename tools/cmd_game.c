/* guti game: replays a game record and adjudicates its end. */
#include <stdlib.h>
#include <string.h>

#include "analysis_print.h"
#include "cli_game.h"
#include "notation.h"
#include "notations.h"
#include "record.h"

static const char help[] =
    "usage: guti game FILE|- [--notation N] [--json] [--analyze [--dir DIR]]\n"
    "\n"
    "Replays a game record (tags, then moves; see notation.md), reports the first illegal\n"
    "move with its number and the reason, and adjudicates the end under the record's rules:\n"
    "wins, and the draw rules of play, the third repetition of a position and the clock\n"
    "(100 half-moves with no capture and no placement in Bagh-Chal, 80 half-moves with no\n"
    "capture in Sixteen Soldiers, read as half-moves); a win on the deciding move comes\n"
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
    "slower, which is not an error. A move that makes a position's third occurrence is a draw\n"
    "by repetition, whatever the tables say. The summary gives each side's mistakes and the\n"
    "first of them, the slower moves, the value at the start and the verdict by the rules.\n"
    "A position whose table is missing is unknown, and each missing table is named once;\n"
    "when the tables answer none of the positions that need one (a finished game's last\n"
    "position needs none), the analysis is printed all the same and the exit status is 1.\n"
    "Rules no-repeat have no tables: no analysis.\n"
    "\n"
    "  --notation N  the record's notation, guti, baghchal or obx, rather than the one its\n"
    "                moves show; the start and final positions are then written in it too\n"
    "                (else in guti's)\n"
    "  --json        {\"game\", \"rules\", \"board\", \"notation\", \"start\", \"played\",\n"
    "                \"final\", \"result\", \"winner\", \"reason\", \"recorded\", \"error\"};\n"
    "                with --analyze also \"moves\": [{\"number\", \"move\", \"side\", \"fen\"\n"
    "                (the position before the move), \"before\", \"after\", \"judged\"\n"
    "                (value_now, value or null), \"mistake\", \"slower\", \"best\" (for a\n"
    "                mistake or a slower move, else null)}], each value {\"value\", \"dtm\",\n"
    "                \"value_now\", \"class\", \"dtc\", \"clock\", \"over\"} as guti query's\n"
    "                (value unknown and \"missing\", an index in the summary's missing, when\n"
    "                a table is missing), and \"summary\": {\"start\", \"mistakes\",\n"
    "                \"first_mistake\" (move numbers, or null), \"slower\", \"judged\",\n"
    "                \"moves\", \"unknown\", \"result\", \"winner\", \"reason\", \"missing\"\n"
    "                (the missing tables' messages), \"more_missing\"}\n"
    "  --analyze     judge every move from the tables (above)\n"
    "  --dir DIR     the tables for --analyze (default $GUTI_TABLES, else ./tables)\n";

/* An analysis and its moves (guti_analyze_game's), to free with analysis_free. */
struct analysis {
    struct guti_analysis *a;
    struct guti_move_analysis *moves;
};

static void analysis_free(struct analysis *an)
{
    free(an->a);
    free(an->moves);
}

/* Analyses the first n moves of record r of game g from start with the tables in dir.
 * 0, also when the tables answer no position (err then says so, and the analysis is
 * there, every value unknown); else an exit status with the reason in err. */
static int analysis_run(const struct game *g, const struct position *start, const struct record *r,
                        int n, const char *dir, struct analysis *an, char *err, size_t errlen)
{
    char fen[256];
    struct guti_variant hint = {0};
    struct guti_position pos;
    struct guti_error e;
    g->ops->format(g, start, fen, sizeof fen);
    hint.game = guti_game_named(g->ops->name);
    game_rules_name(g, hint.rules, sizeof hint.rules);
    snprintf(hint.board, sizeof hint.board, "%s", g->board->name);
    if (guti_parse_fen(fen, &hint, &pos, &e)) return snprintf(err, errlen, "%s", e.message), 1;
    an->a = calloc(1, sizeof *an->a);
    an->moves = calloc((size_t)(n ? n : 1), sizeof *an->moves);
    if (!an->a || !an->moves) return snprintf(err, errlen, "out of memory"), 1;
    guti_tables *t;
    if (guti_open(dir, 0, &t, &e)) return snprintf(err, errlen, "%s", e.message), 1;
    int rc = guti_analyze_game(t, &pos, (const char *const *)r->moves, n, an->moves, an->a, &e);
    guti_close(t);
    if (rc == GUTI_ENOTABLE) {
        snprintf(err, errlen, "the tables answer none of the game's positions: %s", e.message);
        return 0;
    }
    return rc ? snprintf(err, errlen, "%s", e.message), 1 : 0;
}

static bool result_allowed(const struct game *g, const char *w)
{
    return !strcmp(w, g->ops->side_name[0]) || !strcmp(w, g->ops->side_name[1]) ||
           !strcmp(w, "draw") || !strcmp(w, "*");
}

int cmd_game(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *notation_opt = NULL, *dir_opt = NULL;
    bool analyze = false;
    const struct cli_option opts[] = {CLI_OPTION("notation", CLI_NOTATION, &notation_opt),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTION("analyze", CLI_FLAG, &analyze),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt), CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("game", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("game", "expected one FILE or -, got %d operands", argc - first);
    if (dir_opt && !analyze) return cli_usage_error("game", "--dir is for --analyze");
    char err[240];
    char *text = cli_read_file(argv[first], err, sizeof err);
    if (!text) return cli_error("game: %s", err);
    struct record r;
    struct game g;
    struct position start;
    enum notation n = notation_opt ? (enum notation)notation_named(notation_opt) : NOTATION_GUTI;
    if ((!notation_opt && notation_detect_record(text, &n, err, sizeof err)) ||
        notation_read_record(n, text, NULL, NULL, &r, err, sizeof err)) {
        free(text);
        return cli_error("game: record: %s", err);
    }
    free(text);
    if (record_game(&r, &g, &start, err, sizeof err)) {
        record_free(&r);
        return cli_error("game: %s", err);
    }
    struct replay rp;
    if (record_replay(&g, &start, &r, &rp)) {
        rc = cli_error("game: %s", rp.why);
        replay_free(&rp);
        record_free(&r);
        return rc;
    }

    const struct outcome *out = &rp.outcome;
    const char *word = outcome_word(&g, out);
    const char *reason = out->reason == END_NONE
                             ? "unfinished"
                             : end_reason_text(&g, out, out->winner < 0 ? -1 : 1 - out->winner);
    const char *recorded = r.result ? r.result : record_tag(&r, "Result");
    char error[400] = "";
    const char *bad_word = NULL;
    if (r.result && !result_allowed(&g, r.result)) bad_word = r.result;
    if (record_tag(&r, "Result") && !result_allowed(&g, record_tag(&r, "Result")))
        bad_word = record_tag(&r, "Result");
    struct outcome start_over;
    bool start_unreachable =
        game_over_at(&g, &start, &start_over) && !outcome_reachable(&start, &start_over);
    if (start_unreachable)
        snprintf(error, sizeof error,
                 "the start position is a finished game with the winner to move: no game "
                 "reaches it");
    else if (bad_word)
        snprintf(error, sizeof error, "result '%s' is not a result of %s (%s, %s, draw or *)",
                 QUOTE(bad_word), g.ops->name, g.ops->side_name[0], g.ops->side_name[1]);
    else if (rp.bad_move >= 0)
        snprintf(error, sizeof error, "move %d (%s): %s", rp.bad_move + 1,
                 QUOTE(record_move_text(&r, rp.bad_move)), rp.why);
    else if (r.result && record_tag(&r, "Result") && strcmp(r.result, record_tag(&r, "Result")))
        snprintf(error, sizeof error, "the Result tag says %s but the moves end with %s",
                 QUOTE(record_tag(&r, "Result")), QUOTE(r.result));
    else if (recorded && out->reason != END_NONE && strcmp(recorded, word) != 0)
        snprintf(error, sizeof error, "the record says %s, but by the rules the result is %s (%s)",
                 QUOTE(recorded), word, reason);

    /* The positions in the notation named, else in guti's. */
    char startfen[256], final[256], rules[32], why[200];
    enum notation out_n = notation_opt ? n : NOTATION_GUTI;
    struct notation_extra x0, x1;
    notation_extra_at(&g, &r, &rp, 0, &x0);
    notation_extra_at(&g, &r, &rp, rp.h.n - 1, &x1);
    if (notation_write_position(out_n, &g, &start, &x0, startfen, sizeof startfen, why,
                                sizeof why) ||
        notation_write_position(out_n, &g, &rp.h.p[rp.h.n - 1], &x1, final, sizeof final, why,
                                sizeof why)) {
        g.ops->format(&g, &start, startfen, sizeof startfen);
        g.ops->format(&g, &rp.h.p[rp.h.n - 1], final, sizeof final);
    }
    game_rules_name(&g, rules, sizeof rules);

    /* The analysis, before anything is printed: a failure other than missing tables is
     * the command's. */
    struct analysis an = {0};
    char analysis_error[600] = "";
    if (analyze && (rc = analysis_run(&g, &start, &r, rp.played, cli_tables_dir(dir_opt), &an,
                                      analysis_error, sizeof analysis_error))) {
        replay_free(&rp);
        record_free(&r);
        analysis_free(&an);
        return cli_error("game: --analyze: %s", analysis_error);
    }
    struct analysis_view view = {an.a,
                                 an.moves,
                                 (enum guti_notation)(out_n + 1),
                                 word,
                                 out->winner >= 0 ? g.ops->side_name[out->winner] : NULL,
                                 reason};
    if (o.json) {
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"notation\": \"%s\", "
               "\"start\": ",
               g.ops->name, rules, g.board->name, notation_name(n));
        json_str(stdout, startfen);
        printf(", \"played\": %d, \"final\": ", rp.played);
        json_str(stdout, final);
        printf(", \"result\": \"%s\", \"winner\": ", word);
        if (out->winner >= 0)
            printf("\"%s\"", g.ops->side_name[out->winner]);
        else
            printf("null");
        printf(", \"reason\": ");
        json_str(stdout, reason);
        printf(", \"recorded\": ");
        if (recorded)
            json_str(stdout, recorded);
        else
            printf("null");
        printf(", \"error\": ");
        if (*error)
            json_str(stdout, error);
        else
            printf("null");
        if (analyze) {
            printf(", ");
            analysis_print_json(&view, stdout);
        }
        printf("}\n");
    } else {
        printf("game: %s (rules %s, board %s%s%s)\n", g.ops->name, rules, g.board->name,
               n == NOTATION_GUTI ? "" : ", notation ", n == NOTATION_GUTI ? "" : notation_name(n));
        printf("played: %d of %d moves\n", rp.played, r.nmoves);
        printf("final: %s\n", final);
        if (out->reason == END_NONE)
            printf("result: %s (unfinished by the rules)%s%s\n", recorded ? QUOTE(recorded) : "*",
                   recorded ? "; as recorded" : "", "");
        else
            printf("result: %s (%s)\n", word, reason);
        if (analyze) analysis_print_text(&view, stdout);
    }
    fflush(stdout);
    /* one line of error: the record's first, else the analysis' (no table answered) */
    if (*error)
        cli_error("game: %s", error);
    else if (*analysis_error)
        cli_error("game: --analyze: %s", analysis_error);
    replay_free(&rp);
    record_free(&r);
    analysis_free(&an);
    return *error || *analysis_error ? EXIT_BAD : 0;
}
