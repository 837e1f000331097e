/* guti show: a position as a diagram, with its material, result and legal moves. A client
 * of the library's public interface (guti.h) alone. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "guti.h"

static const char help[] =
    "usage: guti show FEN [--notation N] [--game G] [--rules R] [--board B] [--json]\n"
    "\n"
    "Draws the position with coordinates and the board's lines, says whose move it is and\n"
    "the material, the result if the game is over, and lists the legal moves.\n"
    "The game and board are read from the number of rows of FEN ({fen-rows}) unless\n"
    "--game or --board say otherwise.\n"
    "FEN may be in guti's notation or, for Bagh-Chal on 5x5, in the baghchal package's\n"
    "(B3B/5/5/5/B3B G 0) or OBX's (TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #): its notation is\n"
    "told from its shape, and one that fits several or mixes them is refused (see guti\n"
    "convert --help). The position and moves are written in guti's notation (the diagram\n"
    "always is), unless --notation names one.\n"
    "\n"
    "  --notation N  guti, baghchal or obx: FEN must be in it, and the position and moves\n"
    "              are written in it (a pass, which the others lack, as pass)\n"
    "  --game G    {games}\n"
    "  --board B   {boards}\n"
    "  --rules R   {rules}\n"
    "  --json      {\"fen\", \"game\", \"rules\", \"board\", \"side\", \"material\", \"over\",\n"
    "              \"result\", \"reason\", \"reachable\", \"moves\": [...]}; reachable is\n"
    "              false for a finished game that no game can end in (the winner to move)\n";

#define MAX_MOVES 4096

int cmd_show(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *notation_opt = NULL;
    const struct cli_option opts[] = {CLI_OPTION("notation", CLI_NOTATION, &notation_opt),
                                      CLI_OPTION("game", CLI_TEXT, &o.game),
                                      CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("show", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("show", "expected one FEN (quote it), got %d operands",
                               argc - first);
    struct guti_variant hint = {0};
    if (o.game && !(hint.game = guti_game_named(o.game))) {
        char shown[80];
        cli_quote(o.game, shown, sizeof shown);
        char games[200];
        cli_game_list(games, sizeof games);
        fprintf(stderr, "guti: unknown game '%s' (%s)\n", shown, games);
        return EXIT_USAGE;
    }
    snprintf(hint.rules, sizeof hint.rules, "%s", o.rules ? o.rules : "");
    snprintf(hint.board, sizeof hint.board, "%s", o.board ? o.board : "");
    struct guti_position pos;
    struct guti_error err;
    enum guti_notation notation = notation_opt ? guti_notation_named(notation_opt) : 0;
    enum guti_notation out = notation ? notation : GUTI_NOTATION_GUTI;
    if ((rc = guti_parse_position(argv[first], notation, &hint, &pos, NULL, &err))) {
        fprintf(stderr, "guti: %s\n", err.message);
        /* a game, rules or board that do not go together is a usage error */
        return strncmp(err.message, "position", 8) ? EXIT_USAGE : EXIT_BAD;
    }
    struct guti_result over = {.winner = -1, .reachable = true};
    over.over =
        guti_over(&pos, &over.winner, over.reason, sizeof over.reason, &over.reachable, &err) == 1;
    struct guti_move *moves = malloc(MAX_MOVES * sizeof *moves);
    int n = 0;
    if (!moves || (!over.over && guti_legal_moves(&pos, moves, MAX_MOVES, &n, &err))) {
        free(moves);
        return cli_error("show: %s", moves ? err.message : "out of memory");
    }
    char fen[GUTI_FEN_MAX], material[160];
    guti_format_position(&pos, out, fen, sizeof fen, NULL);
    /* The moves in the notation asked for; one it cannot write stays in guti's (a pass). */
    for (int i = 0; i < n; i++) {
        char text[GUTI_MOVE_MAX];
        if (guti_format_move(&pos, moves[i].text, out, text, sizeof text, NULL) == 0)
            memcpy(moves[i].text, text, sizeof text);
    }
    guti_material(&pos, material, sizeof material, NULL);
    enum guti_game game = pos.variant.game;
    const char *side = guti_side_name(game, pos.side);
    if (o.json) {
        printf("{\"fen\": ");
        json_str(stdout, fen);
        printf(", \"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"side\": \"%s\", "
               "\"material\": ",
               guti_game_name(game), pos.variant.rules, pos.variant.board, side);
        json_str(stdout, material);
        printf(", \"over\": %s, \"result\": \"%s\", \"reason\": ", over.over ? "true" : "false",
               !over.over        ? "*"
               : over.winner < 0 ? "draw"
                                 : guti_side_name(game, over.winner));
        if (over.over)
            json_str(stdout, over.reason);
        else
            printf("null");
        printf(", \"reachable\": %s, \"moves\": [", over.reachable ? "true" : "false");
        for (int i = 0; i < n; i++) printf("%s\"%s\"", i ? ", " : "", moves[i].text);
        printf("]}\n");
    } else {
        cli_draw(&pos, stdout);
        printf("\n%s\n%s (rules %s, board %s)\n", fen, guti_game_name(game), pos.variant.rules,
               pos.variant.board);
        printf("%s to move; %s\n", side, material);
        if (over.over) {
            char text[300];
            cli_outcome_text(&pos, &over, text, sizeof text);
            printf("%s\n", text);
        } else {
            printf("legal moves (%d):", n);
            for (int i = 0; i < n; i++) printf(" %s", moves[i].text);
            printf("\n");
        }
    }
    free(moves);
    return 0;
}
