/* guti game: replays a game record and adjudicates its end. */
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"
#include "notation.h"
#include "notations.h"
#include "record.h"

static const char help[] =
    "usage: guti game FILE|- [--notation N] [--json]\n"
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
    "Exit status: 0 when the record is sound, 1 otherwise.\n"
    "A record may also be in another program's notation (see guti convert --help): the\n"
    "baghchal package's PGN (1. G33 B1122 2. G44 ... # 0-1) or OBX's lines (one position per\n"
    "line, each after its move mC3, mA1B1, mA1C3(B2)); its notation is told from its moves\n"
    "(a record whose moves mix notations is refused). Such records are Bagh-Chal's on 5x5,\n"
    "under their Rules tag (baghchal) or else the standard rules, from their FEN tag or first\n"
    "line (else the start), with clock 0; what they say besides the moves (the baghchal\n"
    "package's side letters, OBX's position after each move) must agree with the moves.\n"
    "\n"
    "  --notation N  the record's notation, guti, baghchal or obx, rather than the one its\n"
    "                moves show; the start and final positions are then written in it too\n"
    "                (else in guti's)\n"
    "  --json        {\"game\", \"rules\", \"board\", \"notation\", \"start\", \"played\",\n"
    "                \"final\", \"result\", \"winner\", \"reason\", \"recorded\", \"error\"}\n";

static bool result_allowed(const struct game *g, const char *w)
{
    return !strcmp(w, g->ops->side_name[0]) || !strcmp(w, g->ops->side_name[1]) ||
           !strcmp(w, "draw") || !strcmp(w, "*");
}

int cmd_game(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *notation_opt = NULL;
    const struct cli_option opts[] = {CLI_OPTION("notation", CLI_NOTATION, &notation_opt),
                                      CLI_OPTION("json", CLI_FLAG, &o.json), CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("game", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("game", "expected one FILE or -, got %d operands", argc - first);
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
    }
    if (*error) cli_error("game: %s", error);
    replay_free(&rp);
    record_free(&r);
    return *error ? EXIT_BAD : 0;
}
