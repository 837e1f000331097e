/* guti convert: positions and games from one notation into another (notations.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_game.h"
#include "notation.h"
#include "notation_formats.h"
#include "notations.h"
#include "record.h"

static const char help[] =
    "usage: guti convert [--from N] [--to N] [--game G] [--rules R] [--json] [FILE|-|TEXT]\n"
    "\n"
    "Converts positions and games between guti's notation (docs/notation.md) and those of\n"
    "other programs, for Bagh-Chal on the 5x5 board:\n"
    "  guti      T3T/5/5/5/T3T g 20; moves c3, a1-b2, a1xc3; records with Game and Rules tags\n"
    "  baghchal  the baghchal Python package: B3B/5/5/5/B3B G 0 (B tiger, G goat, the side G\n"
    "            or B, the goat moves made); moves G33, G1122, B1122, Bx1133 (row then\n"
    "            column, both from the top left); PGN records 1. G33 B1122 2. G44 ... # 0-1\n"
    "  obx       OBX (baghchal.net): TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - # (X empty;\n"
    "            the side; goats in hand; captured; the last move; its number); moves mC3,\n"
    "            mA1B1, mA1C3(B2) (rows from the top); a record is one position per line,\n"
    "            the start first, each later line the position after its move\n"
    "docs/notation.md, \"Other notations\", gives the sources and how each maps onto guti's.\n"
    "\n"
    "The input is the operand: a file when it names one (or looks like a file's name: no\n"
    "space, a '/' and a '.'), standard input for - or no operand, else the text itself.\n"
    "One line whose first field holds a '/' is a position; several are positions,\n"
    "converted line by line (OBX lines after the first that each give the move that led to\n"
    "them are a game instead). Anything else is a game: a record, or a bare list of moves\n"
    "from the start of --game under --rules. A game is replayed by its\n"
    "rules, so that each move can be written as the other notation needs (the baghchal\n"
    "package's moves name their side), and an illegal move is refused.\n"
    "\n"
    "What a notation cannot hold: neither foreign notation has a clock (read as 0, not\n"
    "written: converting a position or a game's start with a clock into one is refused),\n"
    "a pass (rules goat-pass), or a board other than 5x5. The baghchal package's count of\n"
    "goat moves is 20 - goats in hand while goats are placed, and afterwards the goat moves\n"
    "made when a game tells them, else 20. OBX's goats in hand (@N, missing from its first\n"
    "revisions) are derived from the goats captured; its record has no rules, tags or\n"
    "result: a game under other rules than standard, or whose recorded result is not what\n"
    "the rules give its moves, is refused. Inputs that fit several notations or mix them are\n"
    "refused: name the notation with --from.\n"
    "\n"
    "  --from N    the input's notation: guti, baghchal or obx (default: told from its shape)\n"
    "  --to N      the output's notation (default guti)\n"
    "  --game G    {games-default}: for a bare list of moves, and positions\n"
    "  --rules R   the rules of a game whose record names none (default the game's)\n"
    "  --json      per position {\"kind\": \"position\", \"from\", \"to\", \"input\", "
    "\"output\"};\n"
    "              for a game {\"kind\": \"game\", \"from\", \"to\", \"game\", \"rules\", "
    "\"moves\",\n"
    "              \"result\", \"output\"} (moves: how many; result by the rules, * unfinished)\n"
    "Exit status 1 on bad input (the first bad line is named), 2 on a usage error.\n";

struct convert {
    int from; /* enum notation, or -1 to tell from the input */
    enum notation to;
    const char *game, *rules;
    bool json, lines; /* lines: name the input's lines in messages */
};

/* The lines of text (NUL-terminated in place), and whether each is blank. */
static int split_lines(char *text, char ***out)
{
    int n = 0, cap = 16;
    char **v = malloc((size_t)cap * sizeof *v);
    if (!v) return -1;
    for (char *s = text; s;) {
        if (n == cap) {
            char **w = realloc(v, (size_t)(cap *= 2) * sizeof *w);
            if (!w) return free(v), -1;
            v = w;
        }
        v[n++] = s;
        char *nl = strchr(s, '\n');
        if (nl) *nl = 0;
        s = nl ? nl + 1 : NULL;
        size_t len = strlen(v[n - 1]);
        if (len && v[n - 1][len - 1] == '\r') v[n - 1][len - 1] = 0;
    }
    *out = v;
    return n;
}

static bool blank(const char *s)
{
    return s[strspn(s, " \t\r")] == 0;
}

/* Whether a line is a position: its first field holds a '/' (a draw's 1/2-1/2 aside). */
static bool position_line(const char *s)
{
    s += strspn(s, " \t");
    size_t w = strcspn(s, " \t");
    return *s != '[' && memchr(s, '/', w) && !(w == 7 && !strncmp(s, "1/2-1/2", 7));
}

static int line_error(const struct convert *c, int line, const char *what)
{
    if (c->lines) return cli_error("convert: line %d: %s", line, what);
    return cli_error("convert: %s", what);
}

/* Converts the positions, one per line. */
static int convert_positions(const struct convert *c, char **line, int nlines)
{
    for (int k = 0; k < nlines; k++) {
        if (blank(line[k])) {
            if (!c->json && k + 1 < nlines) printf("\n");
            continue;
        }
        enum notation n;
        struct game g;
        struct position pos;
        struct notation_extra x;
        char err[300], out[256];
        if (c->from >= 0)
            n = (enum notation)c->from;
        else if (notation_detect_position(line[k], &n, err, sizeof err))
            return line_error(c, k + 1, err);
        if (notation_game(n, line[k], c->game, c->rules, NULL, &g, err, sizeof err)) {
            if (!strncmp(err, "position", 8)) return line_error(c, k + 1, err);
            return cli_usage_error("convert", "%s", err);
        }
        if (notation_read_position(n, &g, line[k], &pos, &x, err, sizeof err))
            return line_error(c, k + 1, err);
        if (c->to != NOTATION_GUTI && pos.clock) {
            snprintf(err, sizeof err,
                     "the %s notation has no clock: this position's, %d, would be lost (a reader "
                     "takes it as 0)",
                     notation_name(c->to), pos.clock);
            return line_error(c, k + 1, err);
        }
        if (notation_write_position(c->to, &g, &pos, &x, out, sizeof out, err, sizeof err))
            return line_error(c, k + 1, err);
        if (c->json) {
            printf("{\"kind\": \"position\", \"from\": \"%s\", \"to\": \"%s\", \"input\": ",
                   notation_name(n), notation_name(c->to));
            char *in = line[k] + strspn(line[k], " \t");
            size_t len = strlen(in);
            while (len && (in[len - 1] == ' ' || in[len - 1] == '\t')) in[--len] = 0;
            json_str(stdout, in);
            printf(", \"output\": ");
            json_str(stdout, out);
            printf("}\n");
        } else {
            printf("%s\n", out);
        }
    }
    return 0;
}

static int convert_game(const struct convert *c, const char *text)
{
    enum notation n;
    char err[400];
    struct record r;
    if (c->from >= 0)
        n = (enum notation)c->from;
    else if (notation_detect_record(text, &n, err, sizeof err))
        return cli_error("convert: record: %s", err);
    if (notation_read_record(n, text, c->game ? c->game : cli_default_game(), c->rules, &r, err,
                             sizeof err))
        return cli_error("convert: record: %s", err);
    struct game g;
    struct position start;
    if (record_game(&r, &g, &start, err, sizeof err)) {
        record_free(&r);
        return cli_error("convert: %s", err);
    }
    struct replay rp;
    int rc = record_replay(&g, &start, &r, &rp);
    char *out = NULL;
    if (rc)
        snprintf(err, sizeof err, "%s", rp.why);
    else
        rc = notation_write_record(c->to, &g, &r, &rp, &out, err, sizeof err);
    if (rc) {
        replay_free(&rp);
        record_free(&r);
        return cli_error("convert: %s", err);
    }
    if (c->json) {
        char rules[32];
        game_rules_name(&g, rules, sizeof rules);
        printf(
            "{\"kind\": \"game\", \"from\": \"%s\", \"to\": \"%s\", \"game\": \"%s\", \"rules\": "
            "\"%s\", \"moves\": %d, \"result\": \"%s\", \"output\": ",
            notation_name(n), notation_name(c->to), g.ops->name, rules, rp.played,
            outcome_word(&g, &rp.outcome));
        json_str(stdout, out);
        printf("}\n");
    } else {
        fputs(out, stdout);
    }
    free(out);
    replay_free(&rp);
    record_free(&r);
    return 0;
}

int cmd_convert(int argc, char **argv)
{
    const char *from = NULL, *to = NULL;
    struct convert c = {.from = -1, .to = NOTATION_GUTI};
    const struct cli_option opts[] = {
        CLI_OPTION("from", CLI_NOTATION, &from), CLI_OPTION("to", CLI_NOTATION, &to),
        CLI_OPTION("game", CLI_TEXT, &c.game),   CLI_OPTION("rules", CLI_RULES, &c.rules),
        CLI_OPTION("json", CLI_FLAG, &c.json),   CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("convert", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first > 1)
        return cli_usage_error("convert", "expected one FILE, - or TEXT, got %d operands",
                               argc - first);
    if (from) c.from = notation_named(from);
    if (to) c.to = (enum notation)notation_named(to);
    if (c.game) {
        struct game g;
        char err[200];
        if (game_setup(&g, c.game, NULL, NULL, err, sizeof err))
            return cli_usage_error("convert", "%s", err);
    }
    const char *operand = first < argc ? argv[first] : "-";
    struct stat sb;
    char err[300], *text;
    /* A file, or what looks like a file's name (no white space, a '/' and a '.': no
     * position or move has a '.', nor a list of moves a '/'). */
    bool file = !strcmp(operand, "-") || stat(operand, &sb) == 0 ||
                (!strpbrk(operand, " \t\n") && strchr(operand, '/') && strchr(operand, '.'));
    if (file) {
        if (!(text = cli_read_file(operand, err, sizeof err))) return cli_error("convert: %s", err);
    } else if (!(text = strdup(operand))) {
        return cli_error("convert: out of memory");
    }
    c.lines = file;
    /* What the input is: positions, one per line, or a game. */
    char *game_text = strdup(text), **line = NULL;
    int nlines = game_text ? split_lines(text, &line) : -1, k = 0;
    if (nlines < 0) {
        free(text);
        free(game_text);
        return cli_error("convert: out of memory");
    }
    while (k < nlines && blank(line[k])) k++;
    bool positions = k < nlines && position_line(line[k]);
    if (k == nlines) {
        rc = cli_error("convert: the input is empty");
    } else if (positions) {
        /* OBX lines after the first that each give their last move make a game. */
        int later = 0, with_move = 0;
        struct game g;
        game_setup(&g, notation_obx_format.game, NULL, notation_obx_format.board, err, sizeof err);
        for (int j = k + 1; j < nlines; j++) {
            struct position pos;
            struct notation_extra x;
            enum notation n;
            if (blank(line[j])) continue;
            later++;
            if (notation_detect_position(line[j], &n, err, sizeof err) == 0 && n == NOTATION_OBX &&
                (c.from < 0 || c.from == NOTATION_OBX) &&
                notation_read_position(n, &g, line[j], &pos, &x, err, sizeof err) == 0 &&
                x.has_last)
                with_move++;
        }
        if (later > 0 && with_move == later)
            rc = convert_game(&c, game_text);
        else
            rc = convert_positions(&c, line, nlines);
    } else {
        rc = convert_game(&c, game_text);
    }
    free(line);
    free(text);
    free(game_text);
    return rc;
}
