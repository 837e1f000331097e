/* guti show: a position as a diagram, with its material, result and legal moves. */
#include "cli.h"
#include "history.h"
#include "notation.h"
#include "record.h"

static const char help[] =
    "usage: guti show FEN [--game G] [--rules R] [--board B] [--json]\n"
    "\n"
    "Draws the position with coordinates and the board's lines, says whose move it is and\n"
    "the material, the result if the game is over, and lists the legal moves.\n"
    "The game and board are read from the number of rows of FEN (3, 4 or 5: Bagh-Chal on\n"
    "that board; 9: Sixteen Soldiers) unless --game or --board say otherwise.\n"
    "\n"
    "  --game G    baghchal or sixteen\n"
    "  --board B   baghchal: 5x5, 4x4 or 3x3\n"
    "  --rules R   baghchal: standard (default), goat-pass, no-repeat, no-repeat:N;\n"
    "              sixteen: optional (default), forced\n"
    "  --json      {\"fen\", \"game\", \"rules\", \"board\", \"side\", \"material\", \"over\",\n"
    "              \"result\", \"reason\", \"reachable\", \"moves\": [...]}; reachable is\n"
    "              false for a finished game that no game can end in (the winner to move)\n";

int cmd_show(int argc, char **argv)
{
    struct game_opts o = {0};
    const struct cli_option opts[] = {CLI_OPTION("game", CLI_TEXT, &o.game),
                                      CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION("json", CLI_FLAG, &o.json), CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("show", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("show", "expected one FEN (quote it), got %d operands",
                               argc - first);
    const char *text = argv[first];
    struct game g;
    struct position pos;
    char err[200];
    if ((rc = cli_game(&o, text, &g))) return rc;
    if (g.ops->parse(&g, text, &pos, err, sizeof err)) return cli_error("%s", err);

    struct history h;
    struct movelist l;
    struct outcome out;
    movelist_init(&l);
    int over = history_init(&h, &pos) ? -1 : history_over(&g, &h, &out);
    int n = over ? 0 : history_moves(&g, &h, &l);
    if (over < 0 || n < 0) {
        movelist_free(&l);
        history_free(&h);
        return cli_error("show: out of memory");
    }
    char fen[256], rules[32], material[160], mv[80];
    g.ops->format(&g, &pos, fen, sizeof fen);
    game_rules_name(&g, rules, sizeof rules);
    g.ops->material(&g, &pos, material, sizeof material);
    const char *reason =
        over ? end_reason_text(&g, &out, out.winner < 0 ? -1 : 1 - out.winner) : "";
    if (o.json) {
        printf("{\"fen\": ");
        json_str(stdout, fen);
        printf(", \"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"side\": \"%s\", "
               "\"material\": ",
               g.ops->name, rules, g.board->name, g.ops->side_name[pos.side]);
        json_str(stdout, material);
        printf(", \"over\": %s, \"result\": \"%s\", \"reason\": ", over ? "true" : "false",
               outcome_word(&g, &out));
        if (over)
            json_str(stdout, reason);
        else
            printf("null");
        printf(", \"reachable\": %s, \"moves\": [",
               !over || outcome_reachable(&pos, &out) ? "true" : "false");
        for (int i = 0; i < n; i++) {
            notation_format_move(g.board, &l.mv[i], mv, sizeof mv);
            printf("%s\"%s\"", i ? ", " : "", mv);
        }
        printf("]}\n");
    } else {
        cli_draw(&g, &pos, stdout);
        printf("\n%s\n%s (rules %s, board %s)\n", fen, g.ops->name, rules, g.board->name);
        printf("%s to move; %s\n", g.ops->side_name[pos.side], material);
        if (over) {
            char text[300];
            cli_outcome_text(&g, &pos, &out, text, sizeof text);
            printf("%s\n", text);
        } else {
            printf("legal moves (%d):", n);
            for (int i = 0; i < n; i++) {
                notation_format_move(g.board, &l.mv[i], mv, sizeof mv);
                printf(" %s", mv);
            }
            printf("\n");
        }
    }
    movelist_free(&l);
    history_free(&h);
    return 0;
}
